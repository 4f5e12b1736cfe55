#!/usr/bin/env bash
# Type-checks the Android app's Kotlin sources (android/app/src/main/kotlin) with kotlinc, against
# the generated bindings (bindings/kotlin), the wrapper (bindings/kotlin-wrapper), the presentation
# layer (android/presentation/src/main/kotlin) and hand-written stand-ins for the Android, AndroidX
# and Jetpack Compose declarations the app uses (android/typecheck/stubs; what they can and cannot
# catch: android/typecheck/stubs/README.md). The libraries are compiled first and the app against
# them, into a temporary directory that is deleted afterwards; nothing is kept or run.
#   android/check-kotlin-types.sh
# Exit 0 with "kotlin app types: N files, 0 errors"; 1 with kotlinc's messages when anything does
# not compile; 3 when the Kotlin compiler is not installed (scripts/install-test-deps.sh installs
# it into build/tools), as scripts/check-syntax.sh does for its parser.
set -euo pipefail
cd "$(dirname "$0")/.."

K=build/tools/node_modules/kotlin-compiler
if [ ! -x "$K/bin/kotlinc" ]; then
  echo "kotlin app types: kotlinc not found in $K (scripts/install-test-deps.sh installs it)" >&2
  exit 3
fi
classpath=/usr/share/java/jna.jar:$K/lib/kotlinx-coroutines-core-jvm.jar
if [ ! -f /usr/share/java/jna.jar ]; then
  echo "kotlin app types: /usr/share/java/jna.jar not found (scripts/install-test-deps.sh installs libjna-java)" >&2
  exit 3
fi

app=()
while IFS= read -r f; do app+=("$f"); done < <(find android/app/src/main/kotlin -name '*.kt' | sort)
libs=(bindings/kotlin/dev/chesscore/*.kt)
for dir in bindings/kotlin-wrapper/src android/presentation/src/main/kotlin; do
  while IFS= read -r f; do libs+=("$f"); done < <(find "$dir" -name '*.kt' | sort)
done
sources=()
while IFS= read -r f; do sources+=("$f"); done < <(find android/typecheck/stubs -name '*.kt' -o -name '*.java' | sort)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Warnings in the app's files and in the stand-ins count as errors: the app compiles without any
# against them, so a new one (a deprecated call, an unchecked cast, a redundant `!!`, ...) fails
# the check. kotlinc's -Werror is not used because it would also fail on warnings in the
# presentation layer and the generated bindings, which scripts/test-kotlin.sh compiles (with
# -nowarn) and which are not this check's business. The Kotlin language and API version are the
# app's (Kotlin 2.1.0, libs.versions.toml), so a newer language feature or standard-library call
# fails here as it would in Gradle.
#
# The Compose compiler plugin (in the compiler's distribution) runs too, for its front-end
# checks: a @Composable called from a non-composable lambda (an onClick), and the plugin's other
# call-site rules. Its code generation then stops, as it must without the real Compose runtime,
# with one known exception after the front end has passed; that exception, and only it, counts
# as success.
#
# The bindings, the wrapper and the presentation layer are compiled first, as a module of their
# own, and the app against their classes: as in the Gradle build, where they are other modules,
# their `internal` declarations are then invisible to the app (one kotlinc run would let the
# app use them and pass).
if ! JAVA_OPTS="-Xss4m" "$K/bin/kotlinc" -jvm-target 17 -nowarn -module-name chesscore-libraries \
  -cp "$classpath" "${libs[@]}" -d "$out/libs" >"$out/libs.log" 2>&1; then
  cat "$out/libs.log" >&2
  echo "kotlin app types: the bindings, wrapper or presentation layer do not compile" >&2
  exit 1
fi
plugin=()
[ -f "$K/lib/compose-compiler-plugin.jar" ] && plugin=(-Xplugin="$K/lib/compose-compiler-plugin.jar")
status=0
JAVA_OPTS="-Xss4m" "$K/bin/kotlinc" -jvm-target 17 -language-version 2.1 -api-version 2.1 -Xsuppress-version-warnings \
  -module-name app "${plugin[@]}" -cp "$classpath:$out/libs" "${sources[@]}" "${app[@]}" -d "$out/app" >"$out/kotlinc.log" 2>&1 || status=$?
errors=$(grep -c ': error: ' "$out/kotlinc.log" || true)
if [ ${#plugin[@]} -gt 0 ] && [ "$status" -ne 0 ] && [ "$errors" -eq 0 ] &&
  grep -q 'The Compose Compiler requires the Compose Runtime to be on the class path' "$out/kotlinc.log"; then
  status=0 # the front end (types and the Compose checks) passed; code generation is not wanted
  sed -i '/^exception: /,$d' "$out/kotlinc.log"
fi
own_warnings=$(grep -cE '^android/(app|typecheck)/[^:]+:[0-9]+:[0-9]+: warning: ' "$out/kotlinc.log" || true)
if [ "$status" -ne 0 ] || [ "$errors" -ne 0 ] || [ "$own_warnings" -ne 0 ]; then
  cat "$out/kotlinc.log" >&2
  echo "kotlin app types: ${#app[@]} files, $errors errors, $own_warnings warnings in the app or its stubs" >&2
  exit 1
fi
checks=""
[ ${#plugin[@]} -gt 0 ] && checks=" (and the Compose compiler plugin's checks)"
echo "kotlin app types: ${#app[@]} files, 0 errors$checks"
