#!/usr/bin/env bash
# Tests ios/package-swift-release.sh as far as a machine without Xcode can: with a stand-in
# XCFramework (an Info.plist and a library file), it must write the zip with the XCFramework at
# its top, the SwiftPM checksum of that zip, and a release package whose manifest names the URL
# and checksum, keeps the three products, drops the tests, and loads in SwiftPM. The real
# XCFramework needs a Mac (ios/build-xcframework.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "swift release: FAIL: $*" >&2; exit 1; }

url=https://example.com/chesscore/9.9.9/ChessCoreFFI.xcframework.zip
stand_in=$work/in/ChessCoreFFI.xcframework
mkdir -p "$stand_in/ios-arm64"
echo '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>' >"$stand_in/Info.plist"
head -c 4096 /dev/urandom >"$stand_in/ios-arm64/libchesscore.a"

if ios/package-swift-release.sh --version 9.9.9 --xcframework "$stand_in" --out "$work/x" >/dev/null 2>&1; then
  fail "a release without --url was made"
fi
if ios/package-swift-release.sh --version 9.9.9 --url http://example.com/a.zip --xcframework "$stand_in" --out "$work/x" >/dev/null 2>&1; then
  fail "a plain-http URL was accepted (SwiftPM refuses it)"
fi

ios/package-swift-release.sh --version 9.9.9 --url "$url" --xcframework "$stand_in" --out "$work/out" >/dev/null
python3 - "$work/out" "$url" "$stand_in" <<'PY'
import hashlib, pathlib, sys, zipfile
out, url, stand_in = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
archive = out / "ChessCoreFFI.xcframework.zip"
checksum = (out / "ChessCoreFFI.checksum").read_text().strip()
# SwiftPM's checksum is the SHA-256 of the archive: computed here independently.
assert checksum == hashlib.sha256(archive.read_bytes()).hexdigest(), "checksum is not the zip's SHA-256"
z = zipfile.ZipFile(archive)
assert z.read("ChessCoreFFI.xcframework/ios-arm64/libchesscore.a") == \
    (stand_in / "ios-arm64/libchesscore.a").read_bytes(), "library not at the zip's top folder"
assert "ChessCoreFFI.xcframework/Info.plist" in z.namelist()
manifest = (out / "chesscore-swift/Package.swift").read_text()
assert f'url: "{url}"' in manifest and f'checksum: "{checksum}"' in manifest, "URL/checksum not in the manifest"
for gone in ["testTarget", "ChessCoreBench", "systemLibrary", "release:", "path: \"ChessCoreFFI.xcframework\""]:
    assert gone not in manifest, f"{gone} left in the release manifest"
for product in ["ChessCore", "ChessCoreKit", "ChessCorePresentation"]:
    assert f'.library(name: "{product}"' in manifest, f"product {product} missing"
sources = out / "chesscore-swift/Sources"
assert (sources / "ChessCore/ChessCore.swift").is_file() and (sources / "ChessCoreKit").is_dir()
assert not (sources / "ChessCoreFFI").exists(), "the C module must come from the XCFramework"
package = zipfile.ZipFile(out / "chesscore-swift-9.9.9.zip")
assert {"chesscore-swift/Package.swift", "chesscore-swift/LICENSE-MIT", "chesscore-swift/LICENSE-APACHE"} <= set(package.namelist())
print(f"swift release: zip, checksum {checksum[:12]}..., manifest and package zip ok")
PY
