//! `chesscore bench`: fixed workloads whose counts are signatures and whose speeds are reported.

use chesscore::notation::fen;
use chesscore::rules::{Position, Square};
use std::hint::black_box;
use std::time::Instant;

/// Positions for the move generation benchmark: the start, "Kiwipete", and a quiet middlegame.
const PERFT_SUITE: &[(&str, u32, u64)] = &[
    (fen::STARTING_FEN, 6, 119_060_324),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

/// Runs the move generation benchmark: perft on fixed positions (bulk-counted leaves) and the
/// cost of legal moves for one square. Returns `false` when a node count is wrong.
pub fn movegen_bench() -> bool {
    let mut ok = true;
    println!("== move generation (perft, leaves counted without being made)");
    for &(text, depth, expected) in PERFT_SUITE {
        let pos = match fen::parse(text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bench: {e}");
                return false;
            }
        };
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        let status = if nodes == expected { "ok" } else { "WRONG" };
        ok &= nodes == expected;
        println!(
            "perft {depth} {:<60} {nodes:>11} nodes {secs:>7.3} s {:>7.1} Mnps {status}",
            text.split(' ').next().unwrap_or(text),
            nodes as f64 / secs / 1e6
        );
    }
    let pos = Position::startpos();
    let kiwipete = fen::parse(PERFT_SUITE[1].0).unwrap_or_else(|_| Position::startpos());
    let squares = [Square::G1, Square::B1, Square::E2, Square::D2];
    let kiwi_squares = [Square::E1, Square::F3, Square::E2, Square::D5];
    const ROUNDS: u32 = 500_000;
    let start = Instant::now();
    let mut count = 0usize;
    for i in 0..ROUNDS {
        let sq = squares[(i & 3) as usize];
        count += black_box(&pos).legal_moves_from(black_box(sq)).len();
        let sq = kiwi_squares[(i & 3) as usize];
        count += black_box(&kiwipete).legal_moves_from(black_box(sq)).len();
    }
    let ns = start.elapsed().as_nanos() as f64 / (2.0 * ROUNDS as f64);
    black_box(count);
    println!("legal_moves_from (one square): {ns:.0} ns per call");
    let start = Instant::now();
    for _ in 0..ROUNDS {
        count += black_box(&kiwipete).legal_moves().len();
    }
    let ns = start.elapsed().as_nanos() as f64 / ROUNDS as f64;
    black_box(count);
    println!("legal_moves (whole list, Kiwipete, 48 moves): {ns:.0} ns per call");
    ok
}
