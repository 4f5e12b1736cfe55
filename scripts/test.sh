#!/usr/bin/env bash
# The project's test command: installs what the tests need, then runs every check CI runs.
#   scripts/test.sh            everything
#   scripts/test.sh --quick    skip the cross-compilation checks
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && quick=1

# Each step's wall time, printed as it ends and again at the end, so that a slow machine shows
# where the 30-minute CI budget goes.
timings=()
step_name=""
step_start=$SECONDS
end_step() {
  if [ -n "$step_name" ]; then
    timings+=("$(printf '%5d s  %s' $((SECONDS - step_start)) "$step_name")")
    printf -- '-- %d s\n' $((SECONDS - step_start))
  fi
}
step() {
  end_step
  step_name="$*"
  step_start=$SECONDS
  printf '\n== %s\n' "$*"
}
print_timings() {
  printf '\nwall time per step (%d s in all):\n' "$SECONDS"
  printf '%s\n' "${timings[@]}"
}
# A background build's process group (see the release step), stopped with the run; and a run
# that fails still shows where its time went.
tools=""
on_exit() {
  local status=$?
  if [ -n "$tools" ]; then kill -- -"$tools" 2>/dev/null || true; fi
  if [ $status != 0 ] && [ -n "$step_name" ]; then
    end_step
    print_timings
  fi
}
trap on_exit EXIT
skip() { printf 'SKIPPED: %s\n' "$*"; skipped+=("$*"); }
skipped=()
counts=() # the test suites' closing counts, repeated at the end

# crates.io and npm when they answer, else ../shared/offline (decided by probing).
source scripts/cargo-source.sh

step "install test dependencies (Kotlin compiler, JNA, JUnit 5, Rust device targets)"
scripts/install-test-deps.sh

step "measurement scripts (Elo fit unit tests, stdlib only)"
python3 -m unittest discover -s scripts -p 'test_*.py'

step "format and lints"
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
# The tuning tools (examples/tune.rs, datagen.rs) and the evaluation's tuning interface.
cargo clippy --lib --examples --features tuning -- -D warnings

step "Rust tests (unit, integration, perft files, properties, FFI from threads)"
cargo test --all-targets --no-fail-fast

step "doctests (every public example, README's included)"
cargo test --doc

step "release library and command, bindings freshness, README quick starts = the tested code"
# UniFFI's generators build (in target/bindgen) beside the release library and the command:
# each of the three is mostly single-threaded work (one crate's front end, two fat-LTO links),
# so on two cores this takes less than one after the other (docs/measurements.md, "CI time").
# The background build runs in a process group of its own (set -m), which on_exit stops if the
# run ends first.
mkdir -p build
set -m
scripts/gen-bindings.sh --build-tools >build/bindgen-tools.log 2>&1 &
tools=$!
set +m
cargo build --release --lib --bin chesscore
if ! wait "$tools"; then
  tools=""
  cat build/bindgen-tools.log >&2
  echo "the bindings generators did not build (scripts/gen-bindings.sh --build-tools)" >&2
  exit 1
fi
tools=""
scripts/gen-bindings.sh --check
python3 scripts/check-readme-examples.py

step "Kotlin tests on the JVM (bindings, wrapper, presentation layer)"
mkdir -p build/kotlin
scripts/test-kotlin.sh | tee build/kotlin/test.log
counts+=("$(grep -E '^kotlin: [0-9]+ passed' build/kotlin/test.log | tail -1 || true)")

step "Swift package on this machine (bindings, wrapper, presentation layer; Swift 6, warnings as errors)"
swift_major=$( (swift --version 2>/dev/null || true) | sed -nE 's/.*Swift version ([0-9]+)\..*/\1/p' | head -1)
if [ -z "$swift_major" ]; then
  skip "Swift package (bindings/swift): swift is not on PATH, so it was neither built nor tested"
elif [ "$swift_major" -lt 6 ]; then
  skip "Swift package (bindings/swift): it needs Swift 6 or later and swift on PATH is $swift_major, so it was neither built nor tested"
elif [ "$(uname)" = Darwin ] && [ ! -d bindings/swift/ChessCoreFFI.xcframework ]; then
  skip "Swift package (bindings/swift): on a Mac it links ChessCoreFFI.xcframework, which ios/build-xcframework.sh has not built, so it was neither built nor tested"
else
  mkdir -p build/swift
  swift_start=$SECONDS
  scripts/test-swift.sh | tee build/swift/summary.log
  counts+=("$(tail -1 build/swift/summary.log) ($((SECONDS - swift_start)) s with the build)")
fi

# Runs a check that exits 3 when this machine cannot run it: then it is skipped, with the
# reason `$2`; any other failure stops the run.
run_check() {
  local status=0
  "$1" || status=$?
  if [ $status = 3 ]; then
    skip "$1: $2"
  elif [ $status != 0 ]; then
    exit $status
  fi
}

step "the apps' UI sources parse (Compose and SwiftUI need the Android SDK and Xcode to compile)"
for check in android/check-kotlin-syntax.sh ios/check-swift-syntax.sh; do
  run_check "$check" "its parser (tree-sitter, from PyPI) could not be installed, so the app's sources were not parsed"
done

step "the iOS app's sources type-check (Swift 6, warnings as errors) against SwiftUI stand-ins"
run_check ios/check-swift-types.sh \
  "no Swift 6 toolchain here (or a Mac, where Xcode builds the app), so the app's sources were not type-checked"

step "the Android app's sources type-check (kotlinc) against Android/Compose stand-ins"
run_check android/check-kotlin-types.sh \
  "kotlinc or JNA is not installed, so the app's sources were not type-checked"

step "Android packaging (16 KB page-alignment check, AAR layout from a stand-in library)"
scripts/test-packaging.sh

step "Swift release packaging (XCFramework zip, checksum, release manifest; stand-in XCFramework)"
if [ -z "$swift_major" ]; then
  skip "Swift release packaging: swift is not on PATH (it computes the checksum and loads the manifest)"
else
  scripts/test-swift-release.sh
fi

if [ $quick = 0 ]; then
  step "device targets compile (static libraries; linking needs the NDK / Xcode)"
  for target in aarch64-linux-android aarch64-apple-ios; do
    if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
      skip "device build for $target: the Rust target is not installed (rustup target add failed: its server is unreachable from this machine)"
      continue
    fi
    cargo rustc --quiet --lib --target "$target" --crate-type staticlib
    ls -la "target/$target/debug/libchesscore.a" | awk -v t="$target" '{print "  " t ": " $5 " bytes"}'
  done
else
  skip "device builds: --quick"
fi

step "node counts: perft 5 from the start, and the search's bench signature"
# perft 5 of the initial position is 4,865,609 (the published count, also in
# tests/data/perft_standard.epd). The bench signature is the search's node count on the bench
# positions at the default depth: a change of search or evaluation that changes it on purpose
# updates it (engine::BENCH_SIGNATURE in src/engine/mod.rs, its one place: kept reviews are keyed
# by it too) and says so in its commit message.
BENCH_SIGNATURE=$(sed -n 's/^pub const BENCH_SIGNATURE: u64 = \([0-9_]*\);$/\1/p' src/engine/mod.rs | tr -d _)
if [ -z "$BENCH_SIGNATURE" ]; then
  echo "engine::BENCH_SIGNATURE not found in src/engine/mod.rs" >&2
  exit 1
fi
nodes=$(cargo run --quiet --release -- perft 5 | awk '/^Nodes searched/ {print $3}')
if [ "$nodes" != 4865609 ]; then
  echo "perft 5: $nodes nodes, expected 4865609" >&2
  exit 1
fi
echo "perft 5: $nodes nodes, as expected"
cargo run --quiet --release -- bench search --check "$BENCH_SIGNATURE" | tail -4

end_step
step_name=""
print_timings

printf '\n'
for line in "${counts[@]}"; do if [ -n "$line" ]; then printf '%s\n' "$line"; fi; done
if [ ${#skipped[@]} -gt 0 ]; then
  printf '\nall checks that could run passed; %d skipped:\n' "${#skipped[@]}"
  printf '  - %s\n' "${skipped[@]}"
else
  printf '\nall checks passed\n'
fi
