#!/usr/bin/env bash
# Compiles the generated Kotlin bindings, the Kotlin wrapper, the app's presentation layer and
# their tests with kotlinc, and runs the tests on the desktop JVM against the release library
# through JNA. Needs scripts/install-test-deps.sh and a release build of the library.
set -euo pipefail
cd "$(dirname "$0")/.."

K=build/tools/node_modules/kotlin-compiler
KL=$K/lib
J=/usr/share/java
out=build/kotlin
mkdir -p "$out"

classpath="$J/jna.jar:$KL/kotlinx-coroutines-core-jvm.jar:$KL/kotlin-test.jar"
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

java -Djna.library.path=target/release \
  -cp "$out/tests.jar:$KL/kotlin-stdlib.jar:$classpath" dev.chesscore.tests.MainKt "$@"
