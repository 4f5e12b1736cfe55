#!/usr/bin/env bash
# Builds bindings/swift/ChessCoreFFI.xcframework (the C module under the Swift package's generated
# bindings) from the Rust crate. Run on a Mac with Xcode and rustup; safe to re-run.
#
#   ios/build-xcframework.sh              # everything: Rust libs, bindings, XCFramework
#   ios/build-xcframework.sh --no-bindgen # reuse the committed bindings (faster: no bindgen build)
#   ios/build-xcframework.sh --rust-only  # only compile the device static library (works on Linux too)
#
# Slices: iOS device (arm64), iOS simulator (arm64 + x86_64, lipo'd into one library) and macOS
# (arm64 + x86_64), the last so that `swift test` in bindings/swift runs the tests on the Mac.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)

bindgen=1
rust_only=0
for arg in "$@"; do
  case "$arg" in
    --no-bindgen) bindgen=0 ;;
    --rust-only) rust_only=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "error: unknown option $arg (see --help)" >&2; exit 2 ;;
  esac
done

package=bindings/swift
xcframework=$package/ChessCoreFFI.xcframework
ffi_sources=$package/Sources/ChessCoreFFI
stage=build/ios
lib=libchesscore.a

device_target=aarch64-apple-ios
simulator_targets=(aarch64-apple-ios-sim x86_64-apple-ios)
macos_targets=(aarch64-apple-darwin x86_64-apple-darwin)

# The package's minimum versions (those of its ChessCore product: iOS 13 / macOS 10.15, the
# floor of the generated async code), so that the linker does not warn about objects built for
# newer systems than an app that supports them.
export IPHONEOS_DEPLOYMENT_TARGET=13.0
export MACOSX_DEPLOYMENT_TARGET=10.15

step() { printf '\n==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found: $2"; }

need cargo "install Rust with rustup (https://rustup.rs)"
need rustup "install Rust with rustup (https://rustup.rs)"

# The crate's [lib] crate-type lists lib, cdylib and staticlib; `cargo rustc --crate-type
# staticlib` builds only the static library the XCFramework needs (no dylib to link).
build_staticlib() {
  local target=$1
  step "Rust: static library for $target"
  rustup target add "$target" >/dev/null
  cargo rustc --lib --release --target "$target" --crate-type staticlib
  [ -f "target/$target/release/$lib" ] || die "target/$target/release/$lib was not built"
}

if [ $rust_only = 1 ]; then
  build_staticlib "$device_target"
  echo "ok: target/$device_target/release/$lib"
  exit 0
fi

[ "$(uname)" = Darwin ] || die "building the XCFramework needs macOS with Xcode (use --rust-only elsewhere)"
need xcodebuild "install Xcode 15 or later and run: sudo xcode-select -s /Applications/Xcode.app"
need lipo "install the Xcode command line tools: xcode-select --install"

for target in "$device_target" "${simulator_targets[@]}" "${macos_targets[@]}"; do
  build_staticlib "$target"
done

step "lipo: one simulator library (arm64 + x86_64) and one macOS library (arm64 + x86_64)"
rm -rf "$stage"
mkdir -p "$stage/ios-simulator" "$stage/macos"
simulator_libs=()
for t in "${simulator_targets[@]}"; do simulator_libs+=("target/$t/release/$lib"); done
macos_libs=()
for t in "${macos_targets[@]}"; do macos_libs+=("target/$t/release/$lib"); done
lipo -create "${simulator_libs[@]}" -output "$stage/ios-simulator/$lib"
lipo -create "${macos_libs[@]}" -output "$stage/macos/$lib"

if [ $bindgen = 1 ]; then
  step "bindings: regenerating the package's generated files with the crate's own uniffi-bindgen"
  scripts/gen-bindings.sh
else
  step "bindings: using the committed generated files (--no-bindgen)"
fi
[ -f "$ffi_sources/ChessCoreFFI.h" ] || die "$ffi_sources/ChessCoreFFI.h is missing"
[ -f "$ffi_sources/module.modulemap" ] || die "$ffi_sources/module.modulemap is missing"

# The header and module map go in a ChessCoreFFI/ subfolder: Xcode copies every XCFramework's
# headers into one include folder, where two top-level module.modulemap files would collide.
step "headers: staging the C header and module map"
headers=$stage/headers
mkdir -p "$headers/ChessCoreFFI"
cp "$ffi_sources/ChessCoreFFI.h" "$ffi_sources/module.modulemap" "$headers/ChessCoreFFI/"

step "xcodebuild: $xcframework"
rm -rf "$xcframework"
xcodebuild -create-xcframework \
  -library "target/$device_target/release/$lib" -headers "$headers" \
  -library "$stage/ios-simulator/$lib" -headers "$headers" \
  -library "$stage/macos/$lib" -headers "$headers" \
  -output "$xcframework"

printf '\nDone: %s\n' "$root/$xcframework"
printf 'Next: (cd %s && swift test), or (cd ios/ChessApp && xcodegen generate && open ChessApp.xcodeproj)\n' "$package"
