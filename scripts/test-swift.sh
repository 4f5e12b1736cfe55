#!/usr/bin/env bash
# Builds the Swift package (bindings/swift: the generated bindings, the wrapper and the
# presentation layer, in Swift 6 language mode) with warnings as errors and runs its tests on
# this machine against the release library target/release/libchesscore.so, or, with --bench,
# runs the per-call benchmark (a release build). Needs `swift` on PATH and
# `cargo build --release --lib` first. The last line of a test run is the count:
#   swift: N passed, N failed
#
#   scripts/test-swift.sh                 build and run every test
#   scripts/test-swift.sh --filter NAME   only the tests whose name matches NAME (swift test --filter)
#   scripts/test-swift.sh --bench         the per-call benchmark (beside scripts/test-kotlin.sh --bench)
set -euo pipefail
cd "$(dirname "$0")/.."

lib=$PWD/target/release
if [ ! -f "$lib/libchesscore.so" ] && [ ! -f "$lib/libchesscore.dylib" ]; then
  echo "swift: no release library in target/release: run cargo build --release --lib first" >&2
  exit 1
fi
# The package finds the library through the command line only, never through its manifest
# (unsafe flags would stop apps from depending on it): -L for the linker, LD_LIBRARY_PATH (or
# DYLD_LIBRARY_PATH on a Mac, where the package otherwise links the XCFramework) at run time.
export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
common=(--package-path bindings/swift --scratch-path build/swift)
flags=("${common[@]}" -Xswiftc -warnings-as-errors -Xlinker "-L$lib")
mkdir -p build/swift

# A build over changed generated files (the C header, module map or ChessCore.swift) starts from
# scratch: an incremental SwiftPM build over a regenerated header has linked a stale, crashing
# test binary here (Swift 6.3.1), so the generated files' checksum is kept beside the build.
stamp=build/swift/generated.sha256
generated=$(cat bindings/swift/Sources/ChessCoreFFI/* bindings/swift/Sources/ChessCore/*.swift | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$generated" ]; then
  find build/swift -mindepth 1 -maxdepth 1 ! -name '*.log' -exec rm -rf {} +
  echo "$generated" >"$stamp"
fi

# Runs a build command, showing its diagnostics without SwiftPM's progress lines.
quiet() {
  local status=0
  "$@" >build/swift/build.log 2>&1 || status=$?
  grep -v '^\[[0-9]*/[0-9]*\]' build/swift/build.log || true
  return $status
}

if [ "${1:-}" = "--bench" ]; then
  quiet swift build -c release "${flags[@]}" --product ChessCoreBench
  bin=$(swift build -c release "${common[@]}" --show-bin-path)
  "$bin/ChessCoreBench"
  exit 0
fi

filter=()
if [ "${1:-}" = "--filter" ] && [ -n "${2:-}" ]; then
  filter=(--filter "$2")
fi

echo "swift: building the package and its tests ($(swift --version 2>&1 | head -1))"
if ! quiet swift build --build-tests "${flags[@]}"; then
  echo "swift: build failed" >&2
  exit 1
fi

log=build/swift/test.log
set +e
swift test --skip-build "${common[@]}" "${filter[@]}" 2>&1 | tee "$log" | grep -E '^(Test Case .*(passed|failed)|.*: error: )'
status=${PIPESTATUS[0]}
set -e
# One "Test Case '...' passed/failed (t seconds)" line per test; "Executed N tests" closes the run.
if ! grep -qE '^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?' "$log"; then
  echo "swift: the test run printed no summary (exit status $status); see $log" >&2
  exit 1
fi
passed=$(grep -cE "^Test Case '.*' passed \(" "$log" || true)
failed=$(grep -cE "^Test Case '.*' failed \(" "$log" || true)
if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
  echo "swift: $passed passed, $failed failed, but the test process ended with status $status (a crash? see $log)"
  exit 1
fi
echo "swift: $passed passed, $failed failed"
[ "$status" = 0 ] && [ "$failed" = 0 ] && [ "$passed" -gt 0 ]
