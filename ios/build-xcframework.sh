#!/usr/bin/env bash
# Builds ios/ChessCoreKit/ChessCoreFFI.xcframework from the Rust crate and copies the generated
# Swift bindings into the Swift package. Run on a Mac with Xcode and rustup; safe to re-run.
#
#   ios/build-xcframework.sh              # everything: Rust libs, bindings, XCFramework, Swift copy
#   ios/build-xcframework.sh --no-bindgen # reuse the committed bindings/swift (faster: no bindgen build)
#   ios/build-xcframework.sh --rust-only  # only compile the device static library (works on Linux too)
#
# Slices: iOS device (arm64), iOS simulator (arm64 + x86_64, lipo'd into one library) and macOS
# (arm64 + x86_64), the last so that `swift test` in ios/ChessCoreKit runs the XCTests on the Mac.
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

package=ios/ChessCoreKit
xcframework=$package/ChessCoreFFI.xcframework
stage=build/ios
lib=libchesscore.a

device_target=aarch64-apple-ios
simulator_targets=(aarch64-apple-ios-sim x86_64-apple-ios)
macos_targets=(aarch64-apple-darwin x86_64-apple-darwin)

# The app's minimum versions (iOS 17 for @Observable), so the linker does not warn about objects
# built for older or newer systems than the app.
export IPHONEOS_DEPLOYMENT_TARGET=17.0
export MACOSX_DEPLOYMENT_TARGET=14.0

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
  step "bindings: regenerating bindings/swift with the crate's own uniffi-bindgen"
  scripts/gen-bindings.sh
else
  step "bindings: using the committed bindings/swift (--no-bindgen)"
fi
[ -f bindings/swift/Headers/ChessCoreFFI.h ] || die "bindings/swift/Headers/ChessCoreFFI.h is missing"
[ -f bindings/swift/Headers/module.modulemap ] || die "bindings/swift/Headers/module.modulemap is missing"

# The header and module map go in a ChessCoreFFI/ subfolder: Xcode copies every XCFramework's
# headers into one include folder, where two top-level module.modulemap files would collide.
step "headers: staging the C header and module map"
headers=$stage/headers
mkdir -p "$headers/ChessCoreFFI"
cp bindings/swift/Headers/ChessCoreFFI.h bindings/swift/Headers/module.modulemap "$headers/ChessCoreFFI/"

step "xcodebuild: $xcframework"
rm -rf "$xcframework"
xcodebuild -create-xcframework \
  -library "target/$device_target/release/$lib" -headers "$headers" \
  -library "$stage/ios-simulator/$lib" -headers "$headers" \
  -library "$stage/macos/$lib" -headers "$headers" \
  -output "$xcframework"

# SwiftPM cannot reference files outside the package folder, so the generated Swift is copied
# (not symlinked) into the ChessCore target; the copy is gitignored.
step "Swift: copying the generated bindings into $package/Sources/ChessCore"
mkdir -p "$package/Sources/ChessCore"
cp bindings/swift/Sources/ChessCore/ChessCore.swift "$package/Sources/ChessCore/ChessCore.swift"

printf '\nDone.\n  %s\n  %s\n' "$root/$xcframework" "$root/$package/Sources/ChessCore/ChessCore.swift"
printf 'Next: (cd %s && swift test), or (cd ios/ChessApp && xcodegen generate && open ChessApp.xcodeproj)\n' "$package"
