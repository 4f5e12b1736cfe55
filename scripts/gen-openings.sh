#!/usr/bin/env bash
# Regenerates src/opening/data.rs (the compact opening table built into the library) from the
# CC0 dataset in data/openings/*.tsv. tests/openings.rs fails when the committed table differs
# from what this produces. To update the dataset: copy a.tsv .. e.tsv from
# lichess-org/chess-openings into data/openings/, note the commit in data/openings/README.md,
# run this script and the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cargo-source.sh
cargo run --quiet --release --example gen_openings
