#!/usr/bin/env bash
# Parses FILE... with the tree-sitter grammar of LANGUAGE (kotlin or swift) and reports every
# syntax error with its place (scripts/parse-check.py): syntax only, not types. Installs
# tree-sitter and tree-sitter-LANGUAGE from PyPI into build/tools/LANGUAGE-syntax once; exits
# with 3 when PyPI cannot provide them (scripts/test.sh then reports the check as skipped).
#   scripts/check-syntax.sh LANGUAGE FILE...
# The apps' checks call it: android/check-kotlin-syntax.sh, ios/check-swift-syntax.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
language=$1
shift

venv=build/tools/$language-syntax
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import tree_sitter_$language" 2>/dev/null; then
  echo "install: tree-sitter + tree-sitter-$language (PyPI) into $venv"
  if ! python3 -m venv "$venv" || ! "$venv/bin/pip" install --quiet tree-sitter "tree-sitter-$language"; then
    echo "$language syntax: tree-sitter-$language could not be installed from PyPI" >&2
    exit 3
  fi
fi
"$venv/bin/python" scripts/parse-check.py "$language" "$@"
