#!/usr/bin/env bash
# Regenerates bindings/kotlin and the generated parts of the Swift package bindings/swift from the
# release cdylib, in library mode, with the crate's own pinned uniffi-bindgen. The Swift source
# goes straight into the package's ChessCore target and the C header and module map into its
# ChessCoreFFI target (SwiftPM cannot reach files outside the package, so these are the only
# copies). `--check` regenerates into a scratch folder and fails when the committed files differ
# from what the current code generates. `--build-tools` only builds the two generators (which
# scripts/test.sh starts beside the release build: see below).
set -euo pipefail
cd "$(dirname "$0")/.."

# The generators are built in a target folder of their own: their `bindgen` feature changes the
# library's features, so sharing target/ would rebuild the library's debug artifacts each time
# and hold cargo's lock on target/ for the 3-4 minutes UniFFI's generator crate takes to build
# (mostly one crate's single-threaded front end). Apart, that build runs beside the release
# build, whose fat-LTO links are single-threaded too.
bindgen() { # bin, args...
  local bin=$1
  shift
  cargo run --quiet --features bindgen --target-dir target/bindgen --bin "$bin" -- "$@"
}

check=0
case "${1:-}" in
  --check) check=1 ;;
  --build-tools)
    exec cargo build --quiet --features bindgen --target-dir target/bindgen \
      --bin uniffi-bindgen --bin uniffi-bindgen-swift
    ;;
esac

cargo build --release --lib --quiet
lib=target/release/libchesscore.so
[ "$(uname)" = "Darwin" ] && lib=target/release/libchesscore.dylib

# Generated and patched in a temporary folder first: a step that fails (a patch that no longer
# fits UniFFI's output) leaves the committed bindings as they were.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift_source=swift/Sources/ChessCore
swift_ffi=swift/Sources/ChessCoreFFI
mkdir -p "$out/kotlin" "$out/$swift_source" "$out/$swift_ffi"

bindgen uniffi-bindgen \
  generate "$lib" --language kotlin --no-format --out-dir "$out/kotlin"
# Two documented patches on the generated Kotlin (a reusable call status per thread; every
# throwable from a callback reported to Rust): see the script.
python3 scripts/patch-kotlin-bindings.py "$out/kotlin/dev/chesscore/chesscore.kt"
# The Square types the custom type of uniffi.toml maps to (a u32 index across the FFI).
python3 scripts/gen-square-types.py "$out/kotlin/dev/chesscore/Square.kt" "$out/$swift_source/Square.swift"
# Swift: the source, and the C header + module map (used as they are by the package on Linux
# and staged into the XCFramework by ios/build-xcframework.sh).
bindgen uniffi-bindgen-swift \
  "$lib" "$out/$swift_source" --swift-sources
# One documented patch on the generated Swift (its buffer reader): see the script.
python3 scripts/patch-swift-bindings.py "$out/$swift_source/ChessCore.swift"
# No exported name a binding must escape (`class`, `in`, `default`, ...): see the script.
python3 scripts/check-binding-names.py "$out/kotlin/dev/chesscore/chesscore.kt" "$out/$swift_source/ChessCore.swift"
bindgen uniffi-bindgen-swift \
  "$lib" "$out/$swift_ffi" --headers --modulemap --module-name ChessCoreFFI \
  --modulemap-filename module.modulemap

if [ $check = 1 ]; then
  if diff -r "$out/kotlin/dev" bindings/kotlin/dev >/dev/null && \
     diff -r "$out/$swift_source" "bindings/$swift_source" >/dev/null && \
     diff -r "$out/$swift_ffi" "bindings/$swift_ffi" >/dev/null; then
    echo "bindings: up to date"
  else
    echo "bindings: STALE: the committed bindings/ differ from what the code generates." >&2
    echo "Run scripts/gen-bindings.sh and commit the result." >&2
    diff -r "$out/kotlin/dev" bindings/kotlin/dev | head -20 >&2 || true
    diff -r "$out/$swift_source" "bindings/$swift_source" | head -20 >&2 || true
    diff -r "$out/$swift_ffi" "bindings/$swift_ffi" | head -20 >&2 || true
    exit 1
  fi
else
  for part in kotlin/dev "$swift_source" "$swift_ffi"; do
    rm -rf "bindings/$part"
    mkdir -p "$(dirname "bindings/$part")"
    cp -R "$out/$part" "bindings/$part"
  done
  echo "bindings: written to bindings/kotlin, bindings/$swift_source and bindings/$swift_ffi"
fi
