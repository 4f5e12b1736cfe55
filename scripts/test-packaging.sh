#!/usr/bin/env bash
# Tests the distribution scripts as far as this machine can run them:
#   - scripts/check-elf-alignment.py tells a 16 KB-aligned library from a 4 KB-aligned one;
#   - scripts/build-aar.sh refuses 4 KB-aligned libraries, and packs a stand-in (the host's
#     release library under an ABI folder) into an AAR whose layout an Android build accepts.
# The real Android libraries need the NDK (android/README.md); the XCFramework needs a Mac.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "packaging: FAIL: $*" >&2; exit 1; }

# The alignment check, against libraries linked both ways.
echo 'int chesscore_probe(void) { return 1; }' >"$work/probe.c"
cc -shared -fPIC -o "$work/page4k.so" "$work/probe.c"
cc -shared -fPIC -Wl,-z,max-page-size=16384 -o "$work/page16k.so" "$work/probe.c"
python3 scripts/check-elf-alignment.py "$work/page16k.so" >/dev/null || fail "a 16 KB-aligned library was rejected"
if python3 scripts/check-elf-alignment.py "$work/page4k.so" >/dev/null; then
  fail "a 4 KB-aligned library was accepted"
fi
echo "packaging: check-elf-alignment.py accepts 16 KB and rejects 4 KB LOAD alignment"

# The AAR, from a stand-in cargo ndk output.
mkdir -p "$work/jniLibs/x86_64"
cp target/release/libchesscore.so "$work/jniLibs/x86_64/"
if scripts/build-aar.sh --jni-libs "$work/jniLibs" --out "$work/refused.aar" >/dev/null 2>&1; then
  fail "build-aar.sh packed a 4 KB-aligned library without --allow-4k-pages"
fi
scripts/build-aar.sh --jni-libs "$work/jniLibs" --out "$work/chesscore.aar" --allow-4k-pages 2>/dev/null | tail -1
python3 - "$work/chesscore.aar" "$work/jniLibs/x86_64/libchesscore.so" <<'PY'
import io, sys, zipfile
aar, lib = sys.argv[1], sys.argv[2]
z = zipfile.ZipFile(aar)
names = set(z.namelist())
need = {"AndroidManifest.xml", "classes.jar", "proguard.txt", "R.txt", "jni/x86_64/libchesscore.so"}
assert need <= names, f"missing {need - names}"
assert z.read("jni/x86_64/libchesscore.so") == open(lib, "rb").read(), "library changed in packing"
rules = open("bindings/kotlin-wrapper/resources/META-INF/proguard/chesscore.pro").read()
assert z.read("proguard.txt").decode() == rules, "consumer rules differ"
assert "-keep class dev.chesscore.* { *; }" in rules and "dev.chesscore.**" not in rules, \
    "the rules must keep the bindings' package only, not its subpackages (the app's)"
assert 'package="dev.chesscore"' in z.read("AndroidManifest.xml").decode()
classes = set(zipfile.ZipFile(io.BytesIO(z.read("classes.jar"))).namelist())
for cls in ["dev/chesscore/ChessGame.class", "dev/chesscore/ChessEngine.class",
            "dev/chesscore/Square.class", "dev/chesscore/ktx/SearchKt.class"]:
    assert cls in classes, f"{cls} not in classes.jar"
assert not any(c.startswith("kotlin/") for c in classes), "the Kotlin runtime must come from the app"
print(f"packaging: AAR layout ok ({len(classes)} entries in classes.jar, consumer rules, jni/x86_64)")
PY
