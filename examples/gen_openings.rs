//! Regenerates `src/opening/data.rs` from the opening dataset in `data/openings/` (run through
//! `scripts/gen-openings.sh`). Prints what it built: lines, named positions, collisions, bytes.

use chesscore::opening::generate;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut texts = Vec::new();
    for letter in ["a", "b", "c", "d", "e"] {
        let path = format!("{root}/data/openings/{letter}.tsv");
        match std::fs::read_to_string(&path) {
            Ok(text) => texts.push((format!("{letter}.tsv"), text)),
            Err(e) => {
                eprintln!("gen_openings: cannot read {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let (lines, table) = match generate::generate(&files) {
        Ok(built) => built,
        Err(e) => {
            eprintln!("gen_openings: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out = format!("{root}/src/opening/data.rs");
    if let Err(e) = std::fs::write(&out, table.to_rust_source()) {
        eprintln!("gen_openings: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{} lines, {} named positions, {} trie nodes, {} components, {} bytes of data",
        lines.len(),
        table.lines.len() / 3,
        table.nodes.len(),
        table.components.len(),
        table.data_bytes()
    );
    println!(
        "{} positions reached by more than one line",
        table.collisions.len()
    );
    for c in &table.collisions {
        println!(
            "  {}: {} wins over {}",
            c.epd,
            c.winner,
            c.losers.join("; ")
        );
    }
    ExitCode::SUCCESS
}
