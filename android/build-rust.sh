#!/usr/bin/env bash
# Builds the chesscore library for the Android ABIs the app ships (arm64-v8a, armeabi-v7a,
# x86_64) into app/src/main/jniLibs/<abi>/libchesscore.so.
# Needs: the Android NDK (Android Studio > SDK Manager > SDK Tools > NDK; found through
# ANDROID_NDK_HOME, or ANDROID_HOME/ndk/<version>), `cargo install cargo-ndk`, and
#   rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"

if ! command -v cargo-ndk >/dev/null 2>&1; then
  echo "build-rust: cargo-ndk is missing: run 'cargo install cargo-ndk'" >&2
  exit 1
fi

if [ -z "${ANDROID_NDK_HOME:-}" ]; then
  sdk="${ANDROID_HOME:-${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}}"
  [ -d "$sdk" ] || sdk="$HOME/Library/Android/sdk"
  if [ -d "$sdk/ndk" ]; then
    newest="$(ls -1 "$sdk/ndk" | sort -V | tail -1)"
    [ -n "$newest" ] && export ANDROID_NDK_HOME="$sdk/ndk/$newest"
  fi
fi
if [ -z "${ANDROID_NDK_HOME:-}" ] || [ ! -d "$ANDROID_NDK_HOME" ]; then
  echo "build-rust: no Android NDK found: install it in Android Studio (SDK Manager > SDK Tools > NDK)" >&2
  echo "            or set ANDROID_NDK_HOME" >&2
  exit 1
fi

cd "$repo"
cargo ndk -t arm64-v8a -t armeabi-v7a -t x86_64 -o android/app/src/main/jniLibs build --release --lib
echo "build-rust: libchesscore.so written to android/app/src/main/jniLibs"
