//! UniFFI's bindings generator, built from the same pinned UniFFI version as the library.
//! Run through `scripts/gen-bindings.sh`.

fn main() {
    uniffi::uniffi_bindgen_main()
}
