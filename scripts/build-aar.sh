#!/usr/bin/env bash
# Assembles chesscore.aar, an Android library an app adds with one line, from `cargo ndk` output:
#   classes.jar             the generated bindings (bindings/kotlin) and the coroutine wrapper
#                           (bindings/kotlin-wrapper), Java 17 bytecode, Kotlin API level 2.1
#   jni/<abi>/libchesscore.so   every ABI found under the cargo ndk output folder
#   proguard.txt            the consumer R8 rules (bindings/kotlin-wrapper/resources/...)
#   AndroidManifest.xml, R.txt
#
# Usage: scripts/build-aar.sh [--jni-libs DIR] [--out FILE] [--allow-4k-pages]
#   DIR   cargo ndk's output (-o), one folder per ABI (default: android/app/src/main/jniLibs,
#         which `cargo ndk -t arm64-v8a -t armeabi-v7a -t x86_64 -o android/app/src/main/jniLibs
#         build --release --lib` fills)
#   FILE  the AAR to write (default: build/aar/chesscore-<version>.aar)
# Every 64-bit library must be 16 KB page-aligned (scripts/check-elf-alignment.py) unless
# --allow-4k-pages is given (only for testing the packaging with a host-built library).
#
# Needs: kotlinc (scripts/install-test-deps.sh puts it in build/tools; or KOTLINC=/path), a JNA
# jar to compile against (JNA_JAR=/path/to/jna-5.17.0.jar, or Debian's /usr/share/java/jna.jar),
# the kotlinx-coroutines-core-jvm jar (bundled with kotlinc; or COROUTINES_JAR), python3.
# The app then adds the AAR and its two runtime dependencies, which the AAR does not bundle:
#   implementation(files("libs/chesscore-<version>.aar"))
#   implementation("net.java.dev.jna:jna:5.17.0@aar")
#   implementation("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.8.1")
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

jni="android/app/src/main/jniLibs"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
out="build/aar/chesscore-$version.aar"
allow4k=0
while [ $# -gt 0 ]; do
  case "$1" in
    --jni-libs) jni="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --allow-4k-pages) allow4k=1; shift ;;
    *) echo "build-aar: unknown argument $1" >&2; exit 2 ;;
  esac
done

kotlinc="${KOTLINC:-build/tools/node_modules/kotlin-compiler/bin/kotlinc}"
klib="$(dirname "$kotlinc")/../lib"
jna="${JNA_JAR:-/usr/share/java/jna.jar}"
coroutines="${COROUTINES_JAR:-$klib/kotlinx-coroutines-core-jvm.jar}"
for f in "$kotlinc" "$jna" "$coroutines"; do
  [ -e "$f" ] || { echo "build-aar: missing $f (see the usage at the top of this script)" >&2; exit 1; }
done

libs=()
for abi in arm64-v8a armeabi-v7a x86 x86_64; do
  [ -f "$jni/$abi/libchesscore.so" ] && libs+=("$jni/$abi/libchesscore.so")
done
if [ ${#libs[@]} = 0 ]; then
  echo "build-aar: no <abi>/libchesscore.so under $jni: run cargo ndk first (android/README.md)" >&2
  exit 1
fi
if ! python3 scripts/check-elf-alignment.py "${libs[@]}"; then
  if [ $allow4k = 1 ]; then
    echo "build-aar: packing anyway (--allow-4k-pages): this AAR must not ship" >&2
  else
    echo "build-aar: refusing to pack libraries that fail on 16 KB-page devices" >&2
    exit 1
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sources=(bindings/kotlin/dev/chesscore/*.kt)
while IFS= read -r f; do sources+=("$f"); done < <(find bindings/kotlin-wrapper/src -name '*.kt' | sort)
echo "build-aar: compiling ${#sources[@]} Kotlin files"
"$kotlinc" -jvm-target 17 -language-version 2.1 -api-version 2.1 -nowarn \
  -cp "$jna:$coroutines" "${sources[@]}" -d "$work/classes" 2>&1 | grep -v "^warning: language version 2.1 is deprecated" || true
[ -f "$work/classes/dev/chesscore/ChessGame.class" ] || { echo "build-aar: compilation failed" >&2; exit 1; }
# Kotlin's compiler writes a module file naming the module; keep it (reflection needs it), but
# the runtime comes from the app: no kotlin/ classes are packed.
rm -rf "$work/classes/kotlin"

python3 - "$work" "$out" "$version" "${libs[@]}" <<'PY'
import os, sys, zipfile
work, out, version, libs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
classes = os.path.join(work, "classes")
os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
jar = os.path.join(work, "classes.jar")
with zipfile.ZipFile(jar, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\nCreated-By: chesscore scripts/build-aar.sh\n")
    for root, _, files in sorted(os.walk(classes)):
        for name in sorted(files):
            path = os.path.join(root, name)
            z.write(path, os.path.relpath(path, classes))
manifest = f"""<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android"
    package="dev.chesscore"
    android:versionName="{version}">
    <uses-sdk android:minSdkVersion="21" />
</manifest>
"""
rules = open("bindings/kotlin-wrapper/resources/META-INF/proguard/chesscore.pro").read()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("AndroidManifest.xml", manifest)
    z.write(jar, "classes.jar")
    z.writestr("proguard.txt", rules)
    z.writestr("R.txt", "")
    for lib in libs:
        abi = os.path.basename(os.path.dirname(lib))
        z.write(lib, f"jni/{abi}/libchesscore.so")
print(f"build-aar: wrote {out} ({os.path.getsize(out)} bytes; ABIs: "
      + ", ".join(os.path.basename(os.path.dirname(l)) for l in libs) + ")")
PY
