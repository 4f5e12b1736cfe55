#!/usr/bin/env bash
# Compiles the generated Kotlin bindings, the Kotlin wrapper, the app's presentation layer and
# their JUnit 5 tests with kotlinc, and runs the tests on the desktop JVM against the release
# library through JNA, with JUnit's console launcher (Debian `junit5`). Needs
# scripts/install-test-deps.sh and a release build of the library.
#   scripts/test-kotlin.sh                      every test class
#   scripts/test-kotlin.sh --select-method ...  launcher options instead of the whole scan
#   scripts/test-kotlin.sh --bench              the per-call benchmark (tests/kotlin/Bench.kt)
set -euo pipefail
cd "$(dirname "$0")/.."

K=build/tools/node_modules/kotlin-compiler
KL=$K/lib
J=/usr/share/java
out=build/kotlin
mkdir -p "$out"

classpath="$J/jna.jar:$KL/kotlinx-coroutines-core-jvm.jar:$KL/kotlin-test.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar"
sources=(bindings/kotlin/dev/chesscore/*.kt)
for dir in bindings/kotlin-wrapper/src android/presentation/src/main/kotlin tests/kotlin \
           android/presentation/src/test/kotlin; do
  [ -d "$dir" ] && while IFS= read -r f; do sources+=("$f"); done < <(find "$dir" -name '*.kt' | sort)
done

echo "kotlin: compiling ${#sources[@]} files"
rm -f "$out/tests.jar"
if ! JAVA_OPTS="-Xss4m" "$K/bin/kotlinc" -jvm-target 17 -nowarn -cp "$classpath" "${sources[@]}" \
  -d "$out/tests.jar"; then
  echo "kotlin: compilation failed" >&2
  exit 1
fi

runtime="$out/tests.jar:$KL/kotlin-stdlib.jar:$classpath"
if [ "${1:-}" = "--bench" ]; then
  exec java -Djna.library.path=target/release -cp "$runtime" dev.chesscore.tests.MainKt --bench
fi

selection=(--scan-classpath "$out/tests.jar")
[ $# -gt 0 ] && selection=("$@")
# The launcher prints each test, the failures with their stack traces, and a summary
# (tests found, successful, failed); it exits non-zero when a test failed or none was found.
# The summary's counts are repeated as one line, "kotlin: N passed, M failed", which
# scripts/test.sh shows among its closing lines.
report="$out/junit-summary.txt"
status=0
java -Djna.library.path=target/release -jar "$J/junit-platform-console-standalone.jar" \
  --disable-banner --disable-ansi-colors --fail-if-no-tests --details=tree \
  --include-engine=junit-jupiter --class-path "$runtime" "${selection[@]}" | tee "$report" ||
  status=$?
passed=$(sed -nE 's/^\[ *([0-9]+) tests successful *\]$/\1/p' "$report")
failed=$(sed -nE 's/^\[ *([0-9]+) tests failed *\]$/\1/p' "$report")
echo "kotlin: ${passed:-?} passed, ${failed:-?} failed"
exit $status
