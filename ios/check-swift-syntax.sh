#!/usr/bin/env bash
# Parses every Swift file under ios/ (the SwiftUI app, which needs a Mac to compile) with the
# tree-sitter Swift grammar and reports syntax errors: it checks syntax only, not types
# (scripts/check-syntax.sh; exit 3 when its parser cannot be installed). The Swift package in
# bindings/swift is compiled and tested on Linux by scripts/test-swift.sh instead.
set -euo pipefail
cd "$(dirname "$0")/.."
# ios/typecheck (the stand-ins of ios/check-swift-types.sh) is compiled by swiftc there, and
# uses constructs this grammar misreads (parameter packs, where clauses on initialisers).
mapfile -t files < <(find ios -name '*.swift' -not -path '*/.build/*' -not -path 'ios/typecheck/*' | sort)
exec scripts/check-syntax.sh swift "${files[@]}"
