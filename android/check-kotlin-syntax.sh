#!/usr/bin/env bash
# Parses every Kotlin file of the Android app (android/app: Compose code that needs the Android
# SDK to compile) and every Gradle script under android/ with the tree-sitter Kotlin
# grammar and reports syntax errors: it checks syntax only, not types. The presentation layer
# (android/presentation) is compiled and tested on the JVM by scripts/test-kotlin.sh instead.
# Installs tree-sitter and tree-sitter-kotlin from PyPI into build/tools/kotlin-syntax once; exits
# with 3 when PyPI cannot provide them (scripts/test.sh then reports the check as skipped).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=build/tools/kotlin-syntax
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import tree_sitter_kotlin' 2>/dev/null; then
  echo "install: tree-sitter + tree-sitter-kotlin (PyPI) into $venv"
  if ! python3 -m venv "$venv" || ! "$venv/bin/pip" install --quiet tree-sitter tree-sitter-kotlin; then
    echo "kotlin syntax: tree-sitter-kotlin could not be installed from PyPI" >&2
    exit 3
  fi
fi

mapfile -t files < <(find android -name '*.kts'; find android/app -name '*.kt')
"$venv/bin/python" scripts/parse-check.py kotlin "${files[@]}"
