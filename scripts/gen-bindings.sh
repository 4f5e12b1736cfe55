#!/usr/bin/env bash
# Regenerates bindings/kotlin and bindings/swift from the release cdylib, in library mode, with
# the crate's own pinned uniffi-bindgen. `--check` regenerates into a scratch folder and fails
# when the committed bindings differ from what the current code generates.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
[ "${1:-}" = "--check" ] && check=1

cargo build --release --lib --quiet
lib=target/release/libchesscore.so
[ "$(uname)" = "Darwin" ] && lib=target/release/libchesscore.dylib

out=bindings
if [ $check = 1 ]; then
  out=$(mktemp -d)
fi
rm -rf "$out/kotlin/dev" "$out/swift/Sources" "$out/swift/Headers"
mkdir -p "$out/kotlin" "$out/swift"

cargo run --quiet --features bindgen --bin uniffi-bindgen -- \
  generate "$lib" --language kotlin --no-format --out-dir "$out/kotlin"
# Two documented patches on the generated Kotlin (a reusable call status per thread; every
# throwable from a callback reported to Rust): see the script.
python3 scripts/patch-kotlin-bindings.py "$out/kotlin/dev/chesscore/chesscore.kt"
# Swift: the Swift source, and the C header + modulemap that the XCFramework carries.
cargo run --quiet --features bindgen --bin uniffi-bindgen-swift -- \
  "$lib" "$out/swift/Sources/ChessCore" --swift-sources
cargo run --quiet --features bindgen --bin uniffi-bindgen-swift -- \
  "$lib" "$out/swift/Headers" --headers --modulemap --module-name ChessCoreFFI \
  --modulemap-filename module.modulemap

if [ $check = 1 ]; then
  if diff -r "$out/kotlin/dev" bindings/kotlin/dev >/dev/null && \
     diff -r "$out/swift/Sources" bindings/swift/Sources >/dev/null && \
     diff -r "$out/swift/Headers" bindings/swift/Headers >/dev/null; then
    echo "bindings: up to date"
    rm -rf "$out"
  else
    echo "bindings: STALE: the committed bindings/ differ from what the code generates." >&2
    echo "Run scripts/gen-bindings.sh and commit the result." >&2
    diff -r "$out/kotlin/dev" bindings/kotlin/dev | head -20 >&2 || true
    diff -r "$out/swift/Sources" bindings/swift/Sources | head -20 >&2 || true
    rm -rf "$out"
    exit 1
  fi
else
  echo "bindings: written to bindings/kotlin and bindings/swift"
fi
