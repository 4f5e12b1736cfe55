#!/usr/bin/env bash
# Makes a Swift release of chesscore for apps that add it as a SwiftPM dependency without Rust:
# the XCFramework zipped, its SwiftPM checksum, and a copy of the Swift package whose manifest
# fetches that zip with `.binaryTarget(url:checksum:)`, also zipped.
#
#   ios/package-swift-release.sh --version 0.4.0 \
#       --url https://example.com/chesscore/0.4.0/ChessCoreFFI.xcframework.zip
#
# Options:
#   --version V         the release's version (names the output folder; required)
#   --url URL           where the XCFramework zip will be served from (required; the manifest
#                       names it, so upload the zip there unchanged)
#   --xcframework PATH  package this XCFramework instead of building one (default: build it
#                       with ios/build-xcframework.sh, which needs a Mac with Xcode and rustup)
#   --out DIR           output folder (default: build/swift-release/V)
#
# Output, in DIR:
#   ChessCoreFFI.xcframework.zip   upload to --url
#   ChessCoreFFI.checksum          `swift package compute-checksum` of that zip
#   chesscore-swift/               the package: Package.swift (binary target by URL), Sources
#                                  (generated bindings, wrapper, presentation), no tests; commit
#                                  it to the repository apps depend on and tag it V
#   chesscore-swift-V.zip          the same package folder, zipped
#
# Building the XCFramework needs a Mac. Everything after it (zip, checksum, manifest, package
# zip) runs anywhere with swift and python3 or zip; scripts/test-packaging.sh runs it on Linux
# with a stand-in XCFramework and builds nothing Apple.
set -euo pipefail

cd "$(dirname "$0")/.."

version=""
url=""
xcframework=""
out=""
usage() { sed -n '2,27p' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version=${2:?--version needs a value}; shift 2 ;;
    --url) url=${2:?--url needs a value}; shift 2 ;;
    --xcframework) xcframework=${2:?--xcframework needs a path}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
[ -n "$version" ] || die "--version is required (see --help)"
[ -n "$url" ] || die "--url is required: the manifest must name where the zip is served (see --help)"
case "$url" in
  https://*.zip) ;;
  *) die "--url must be an https URL of a .zip file (SwiftPM accepts nothing else): $url" ;;
esac
command -v swift >/dev/null 2>&1 || die "swift not found: it computes the checksum"
out=${out:-build/swift-release/$version}
package=bindings/swift

if [ -z "$xcframework" ]; then
  ios/build-xcframework.sh
  xcframework=$package/ChessCoreFFI.xcframework
fi
[ -d "$xcframework" ] || die "no XCFramework at $xcframework"
[ -f "$xcframework/Info.plist" ] || die "$xcframework has no Info.plist: not an XCFramework"
[ "$(basename "$xcframework")" = ChessCoreFFI.xcframework ] ||
  die "the XCFramework must be named ChessCoreFFI.xcframework (the binary target's name), not $(basename "$xcframework")"

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)

# zip FOLDER ZIP: the folder itself at the top of the archive (SwiftPM looks for
# ChessCoreFFI.xcframework there), symbolic links kept as links.
zip_folder() {
  local folder=$1 archive=$2 parent name
  parent=$(cd "$(dirname "$folder")" && pwd)
  name=$(basename "$folder")
  if command -v ditto >/dev/null 2>&1; then
    ditto -c -k --sequesterRsrc --keepParent "$parent/$name" "$archive"
  elif command -v zip >/dev/null 2>&1; then
    (cd "$parent" && zip -q -r -y -X "$archive" "$name")
  else
    (cd "$parent" && python3 -m zipfile -c "$archive" "$name")
  fi
}

zip_folder "$xcframework" "$out/ChessCoreFFI.xcframework.zip"
checksum=$(swift package compute-checksum "$out/ChessCoreFFI.xcframework.zip")
[[ "$checksum" =~ ^[0-9a-f]{64}$ ]] || die "swift package compute-checksum printed '$checksum'"
echo "$checksum" >"$out/ChessCoreFFI.checksum"

# The package: the sources as they are, the manifest with the marked blocks replaced.
dest=$out/chesscore-swift
mkdir -p "$dest"
cp -R "$package/Sources" "$dest/Sources"
rm -rf "$dest/Sources/ChessCoreFFI" # the C module comes from the XCFramework
cp LICENSE-MIT LICENSE-APACHE "$dest/"
python3 - "$package/Package.swift" "$dest/Package.swift" "$url" "$checksum" "$version" <<'PY'
import sys

source, dest, url, checksum, version = sys.argv[1:]
lines = open(source, encoding="utf-8").read().splitlines()
out, skipping, seen = [], None, set()
for line in lines:
    mark = line.strip()
    if mark in ("// release:ffi-begin", "// release:tests-begin"):
        if skipping:
            sys.exit(f"{source}: {mark} inside the {skipping} block")
        skipping = mark.split(":")[1][:-6]
        seen.add(skipping)
        if skipping == "ffi":
            out.append(f"// chesscore {version}: the Rust core as a prebuilt XCFramework (Apple platforms only).")
            out.append(
                f'let ffiTarget: Target = .binaryTarget(\n    name: "ChessCoreFFI",\n'
                f'    url: "{url}",\n    checksum: "{checksum}"\n)'
            )
        continue
    if mark in ("// release:ffi-end", "// release:tests-end"):
        if skipping != mark.split(":")[1][:-4]:
            sys.exit(f"{source}: {mark} without its begin marker")
        skipping = None
        continue
    if skipping is None:
        out.append(line)
if skipping or seen != {"ffi", "tests"}:
    sys.exit(f"{source}: the release markers are missing or unclosed (found {sorted(seen)})")
open(dest, "w", encoding="utf-8").write("\n".join(out) + "\n")
PY

# The manifest must still be a valid package: SwiftPM reads it without fetching anything.
(cd "$dest" && swift package dump-package >/dev/null) || die "the release manifest does not load: $dest/Package.swift"

zip_folder "$dest" "$out/chesscore-swift-$version.zip"

cat <<EOF
Done: $out
  ChessCoreFFI.xcframework.zip  upload to $url
  checksum                      $checksum
  chesscore-swift/              commit to the release repository and tag $version
  chesscore-swift-$version.zip  the same package, zipped
EOF
