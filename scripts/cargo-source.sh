# Sourced by the test scripts (and by hand: `source scripts/cargo-source.sh`): decides, by
# probing, where cargo and npm get packages from for this shell only.
#
# - crates.io reachable: nothing changes; cargo builds as any Rust project does.
# - crates.io unreachable: the vendored crates of the offline folder (default `../shared/offline`
#   beside the checkout, or $CHESSCORE_OFFLINE) are unpacked into build/vendor (ignored by git),
#   and CARGO_HOME points at build/cargo-offline, whose config.toml replaces crates.io with that
#   folder. Nothing is written to the project's own `.cargo/` or to the user's CARGO_HOME.
# - npm: KOTLIN_COMPILER_SOURCE is `registry` or the path of the offline tarball.
#
# It exports CHESSCORE_PACKAGES=online|offline for the scripts' notices.

_cs_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_cs_offline="${CHESSCORE_OFFLINE:-$_cs_root/../shared/offline}"

_cs_reachable() { # url
  curl --silent --fail --max-time 8 --output /dev/null "$1" 2>/dev/null
}

if [ -n "${CHESSCORE_PACKAGES:-}" ]; then
  : # already decided in a parent script
elif _cs_reachable https://index.crates.io/config.json; then
  export CHESSCORE_PACKAGES=online
elif [ -f "$_cs_offline/crates-vendor.tar.gz" ]; then
  export CHESSCORE_PACKAGES=offline
  _cs_vendor="$_cs_root/build/vendor"
  _cs_stamp="$_cs_vendor/.unpacked-from"
  _cs_tar="$(cd "$_cs_offline" && pwd)/crates-vendor.tar.gz"
  if [ ! -f "$_cs_stamp" ] || [ "$(cat "$_cs_stamp")" != "$_cs_tar $(stat -c %Y "$_cs_tar")" ]; then
    echo "packages: crates.io unreachable; unpacking $_cs_tar into build/vendor" >&2
    rm -rf "$_cs_vendor"
    mkdir -p "$_cs_root/build"
    # The tarball holds one folder, vendor/.
    tar -xzf "$_cs_tar" -C "$_cs_root/build"
    echo "$_cs_tar $(stat -c %Y "$_cs_tar")" >"$_cs_stamp"
  fi
  mkdir -p "$_cs_root/build/cargo-offline"
  cat >"$_cs_root/build/cargo-offline/config.toml" <<EOF
# Written by scripts/cargo-source.sh for runs without crates.io; not the project's configuration.
[source.crates-io]
replace-with = "chesscore-offline"
[source.chesscore-offline]
directory = "$_cs_vendor"
[net]
offline = true
EOF
  export CARGO_HOME="$_cs_root/build/cargo-offline"
  echo "packages: crates.io unreachable; cargo uses the vendored crates of $_cs_offline" >&2
else
  export CHESSCORE_PACKAGES=online
  echo "packages: crates.io unreachable and no offline folder at $_cs_offline; trying cargo as is" >&2
fi

if [ -z "${KOTLIN_COMPILER_SOURCE:-}" ]; then
  if _cs_reachable https://registry.npmjs.org/kotlin-compiler/2.4.20; then
    export KOTLIN_COMPILER_SOURCE=registry
  elif [ -f "$_cs_offline/kotlin-compiler-2.4.20.tgz" ]; then
    KOTLIN_COMPILER_SOURCE="$(cd "$_cs_offline" && pwd)/kotlin-compiler-2.4.20.tgz"
    export KOTLIN_COMPILER_SOURCE
  else
    export KOTLIN_COMPILER_SOURCE=registry
  fi
fi
unset _cs_root _cs_offline _cs_vendor _cs_stamp _cs_tar
