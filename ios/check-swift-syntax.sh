#!/usr/bin/env bash
# Parses every Swift file under ios/ (the SwiftUI app, which needs a Mac to compile) with the
# tree-sitter Swift grammar and reports syntax errors: it checks syntax only, not types. The Swift
# package in bindings/swift is compiled and tested on Linux by scripts/test-swift.sh instead.
# Installs tree-sitter and tree-sitter-swift from PyPI into build/tools/swift-syntax once; exits
# with 3 when PyPI cannot provide them (scripts/test.sh then reports the check as skipped).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=build/tools/swift-syntax
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import tree_sitter_swift' 2>/dev/null; then
  echo "install: tree-sitter + tree-sitter-swift (PyPI) into $venv"
  if ! python3 -m venv "$venv" || ! "$venv/bin/pip" install --quiet tree-sitter tree-sitter-swift; then
    echo "swift syntax: tree-sitter-swift could not be installed from PyPI" >&2
    exit 3
  fi
fi

mapfile -t files < <(find ios -name '*.swift' -not -path '*/.build/*' | sort)
"$venv/bin/python" scripts/parse-check.py swift "${files[@]}"
