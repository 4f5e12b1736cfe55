//! UniFFI's Swift generator, which also writes the header and modulemap an XCFramework needs.
//! Run through `scripts/gen-bindings.sh`.

fn main() {
    uniffi::uniffi_bindgen_swift()
}
