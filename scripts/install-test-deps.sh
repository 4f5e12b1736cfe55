#!/usr/bin/env bash
# Installs what the test command needs beyond Rust, idempotently:
#   - the Kotlin compiler (npm package `kotlin-compiler`, which bundles kotlin-stdlib,
#     kotlinx-coroutines-core-jvm and kotlin-test) into build/tools,
#   - JNA for the desktop JVM (Debian `libjna-java`, `libjna-jni`) and JUnit 5 with its console
#     launcher (Debian `junit5`),
#   - the Rust targets used to prove that device builds compile (Android arm64, iOS arm64),
#     where rustup's server is reachable (scripts/test.sh skips that step with a notice otherwise).
# Packages come from the registries when they answer, else from ../shared/offline
# (scripts/cargo-source.sh decides by probing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cargo-source.sh

KOTLIN_VERSION=2.4.20
tools=build/tools
if [ ! -x "$tools/node_modules/kotlin-compiler/bin/kotlinc" ]; then
  mkdir -p "$tools"
  if [ "$KOTLIN_COMPILER_SOURCE" = registry ]; then
    echo "install: kotlin-compiler $KOTLIN_VERSION (npm registry)"
    npm install --silent --no-audit --no-fund --prefix "$tools" "kotlin-compiler@$KOTLIN_VERSION" >/dev/null
  else
    echo "install: kotlin-compiler $KOTLIN_VERSION (offline tarball $KOTLIN_COMPILER_SOURCE)"
    npm install --offline --silent --no-audit --no-fund --prefix "$tools" "$KOTLIN_COMPILER_SOURCE" >/dev/null
  fi
fi

if [ ! -f /usr/share/java/jna.jar ] || [ ! -f /usr/share/java/junit-platform-console-standalone.jar ]; then
  echo "install: libjna-java, junit5 (apt)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
    libjna-java libjna-jni junit5 >/dev/null
fi

if command -v java >/dev/null 2>&1; then :; else
  echo "install: a Java runtime is required (openjdk-17-jre-headless)" >&2
  exit 1
fi

for target in aarch64-linux-android aarch64-apple-ios; do
  if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "install: rust target $target"
    if ! timeout 120 rustup target add "$target" >/dev/null 2>&1; then
      echo "install: rust target $target could not be installed (rustup's server unreachable?)"
    fi
  fi
done
