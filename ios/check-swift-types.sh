#!/usr/bin/env bash
# Type-checks the iOS app's sources (ios/ChessApp/Sources, SwiftUI) on a machine without
# Xcode: against the real ChessCorePresentation module (bindings/swift, built here by SwiftPM)
# and against stand-ins for SwiftUI, CoreTransferable and UniformTypeIdentifiers
# (ios/typecheck/*.swift: the part of those frameworks the app uses, declarations only, with the
# iOS 17 SDK's signatures and actor isolation). Swift 6 language mode, warnings as errors, as
# the Xcode project builds the app.
#
# It catches what the syntax check (ios/check-swift-syntax.sh) cannot: a presentation-layer
# property or method renamed or retyped under the screens, a wrong argument label or type, a
# value that is not Equatable/Hashable where SwiftUI needs it, a main-actor call from a
# nonisolated context, a deprecated API. It cannot catch what only the real frameworks know
# (layout, rendering, availability, the SDK's exact result types); a stand-in that is wrong
# about the SDK can hide an error or report a false one: ios/NOTES.md says how to tell.
#
# Exit status: 0 clean, 1 errors (the compiler's messages are printed), 3 when it cannot run
# here (no Swift 6 toolchain, or a Mac, where Xcode builds the real app instead).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname)" = Darwin ]; then
  echo "ios/check-swift-types.sh: on a Mac, build the app with Xcode instead (ios/README.md)" >&2
  exit 3
fi
swift_major=$( (swiftc --version 2>/dev/null || true) | sed -nE 's/.*Swift version ([0-9]+)\..*/\1/p' | head -1)
if [ -z "$swift_major" ] || [ "$swift_major" -lt 6 ]; then
  echo "ios/check-swift-types.sh: needs swiftc 6 or later on PATH" >&2
  exit 3
fi

out=build/ios-typecheck
mkdir -p "$out"
scratch=(--package-path bindings/swift --scratch-path build/swift)

# The presentation layer as the app imports it (a no-op when scripts/test-swift.sh built it).
if ! swift build "${scratch[@]}" --target ChessCorePresentation >"$out/package.log" 2>&1; then
  grep -v '^\[[0-9]*/[0-9]*\]' "$out/package.log" >&2 || true
  echo "ios/check-swift-types.sh: the ChessCorePresentation module did not build" >&2
  exit 1
fi
modules="$(swift build "${scratch[@]}" --show-bin-path)/Modules"

# The stand-ins, each a module of the framework's name, in dependency order.
for module in UniformTypeIdentifiers CoreTransferable SwiftUI; do
  swiftc -parse-as-library -swift-version 6 -warnings-as-errors -emit-module \
    -module-name "$module" -I "$out" "ios/typecheck/$module.swift" \
    -emit-module-path "$out/$module.swiftmodule"
done

mapfile -t files < <(find ios/ChessApp/Sources -name '*.swift' | sort)
status=0
swiftc -typecheck -continue-building-after-errors -parse-as-library -swift-version 6 \
  -warnings-as-errors -I "$out" -I "$modules" \
  -Xcc -fmodule-map-file=bindings/swift/Sources/ChessCoreFFI/module.modulemap \
  "${files[@]}" || status=$?
if [ $status != 0 ]; then
  echo "swift app types: ${#files[@]} files, errors above" >&2
  exit 1
fi
echo "swift app types: ${#files[@]} files type-check (Swift 6, warnings as errors, SwiftUI stand-in)"
