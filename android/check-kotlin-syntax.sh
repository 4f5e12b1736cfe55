#!/usr/bin/env bash
# Parses every Kotlin file of the Android app (android/app: Compose code that needs the Android
# SDK to compile) and every Gradle script under android/ with the tree-sitter Kotlin grammar and
# reports syntax errors: it checks syntax only, not types (scripts/check-syntax.sh; exit 3 when
# its parser cannot be installed). The presentation layer (android/presentation) is compiled and
# tested on the JVM by scripts/test-kotlin.sh instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find android -name '*.kts'; find android/app -name '*.kt')
exec scripts/check-syntax.sh kotlin "${files[@]}"
