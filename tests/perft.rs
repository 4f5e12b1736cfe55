//! Data-driven perft: every position in `tests/data/*.epd` must give the recorded node counts.
//!
//! Line format: `<FEN> ;D1 20 ;D2 400 ...`. Lines starting with `#` are comments. The counts come
//! from independent sources (the chessprogramming wiki's published figures and python-chess,
//! see `tests/data/gen_perft.py`).

use chesscore::notation::fen;

struct Case {
    file: &'static str,
    line: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn load(file: &'static str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|p| {
                let mut it = p.split_whitespace();
                let depth = it
                    .next()
                    .and_then(|d| d.strip_prefix('D'))
                    .and_then(|d| d.parse().ok());
                let nodes = it.next().and_then(|n| n.parse().ok());
                match (depth, nodes) {
                    (Some(d), Some(n)) => (d, n),
                    _ => panic!("{file}:{}: bad count field '{p}'", i + 1),
                }
            })
            .collect::<Vec<_>>();
        assert!(!counts.is_empty(), "{file}:{}: no counts", i + 1);
        cases.push(Case {
            file,
            line: i + 1,
            fen,
            counts,
        });
    }
    cases
}

fn check(cases: &[Case], max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in cases {
        let pos = fen::parse(&case.fen)
            .unwrap_or_else(|e| panic!("{}:{}: {e}: {}", case.file, case.line, case.fen));
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            let got = pos.perft(depth);
            assert_eq!(
                got, expected,
                "{}:{}: perft {depth} of {} gave {got}, expected {expected}",
                case.file, case.line, case.fen
            );
            checked += 1;
        }
    }
    checked
}

/// CI runs these at full depth in release-like test builds; `CHESSCORE_PERFT_MAX_NODES` lowers the
/// limit for quick local runs.
fn max_nodes() -> u64 {
    std::env::var("CHESSCORE_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(u64::MAX)
}

#[test]
fn standard_positions() {
    let cases = load(
        "perft_standard.epd",
        include_str!("data/perft_standard.epd"),
    );
    assert_eq!(
        cases.len(),
        6,
        "the six positions of the wiki's Perft Results page"
    );
    assert!(check(&cases, max_nodes()) >= 6);
}

#[test]
fn own_positions() {
    let cases = load(
        "perft_positions.epd",
        include_str!("data/perft_positions.epd"),
    );
    assert!(cases.len() >= 100, "only {} positions", cases.len());
    assert!(check(&cases, max_nodes()) >= cases.len());
}
