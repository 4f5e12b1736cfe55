//! `chesscore bench`: a fixed-depth search of a fixed set of positions. The total node count is
//! a signature of the search's behaviour; nodes per second measure its speed.

use chesscore::engine::{Engine, EngineConfig, SearchLimits};
use chesscore::notation::{fen, uci};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The default depth of `chesscore bench`.
pub const BENCH_DEPTH: u32 = 11;

/// Opening, middle-game and endgame positions (well-known test positions).
const BENCH_POSITIONS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "r2q1rk1/pp1nbppp/2p1pn2/3p1b2/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 3 10",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PNBPN2/PB1Q1PPP/2R2RK1 w - - 0 12",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "3r1rk1/p4ppp/1pn1p3/2q5/2P5/P3PN2/1Q3PPP/3R1RK1 b - - 2 20",
    "6k1/pp3ppp/4p3/2P5/1P2n3/P4N2/5PPP/6K1 w - - 0 30",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4kpp1/3p1b2/p6P/2B5/6P1/6K1 b - - 0 45",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
];

/// Runs the bench: `chesscore bench [DEPTH]`.
pub fn run(args: &[String]) -> ExitCode {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => BENCH_DEPTH,
        Some(Ok(d)) if d >= 1 => d,
        _ => {
            eprintln!("bench: expected a depth, e.g. `chesscore bench 11`");
            return ExitCode::from(2);
        }
    };
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut search_time = std::time::Duration::ZERO;
    for (i, text) in BENCH_POSITIONS.iter().enumerate() {
        let pos = match fen::parse(text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bench: bad position {i}: {e}");
                return ExitCode::FAILURE;
            }
        };
        // A fresh engine per position keeps the signature independent of the order.
        let mut engine = Engine::new(EngineConfig::default());
        let t = Instant::now();
        let r = engine.search(&pos, &[], &SearchLimits::depth(depth), &stop, &mut |_| {});
        let elapsed = t.elapsed();
        search_time += elapsed;
        let ms = elapsed.as_millis();
        println!(
            "position {:2}: bestmove {:6} score {:>8} nodes {:>10} time {:>6} ms",
            i + 1,
            uci::to_uci(r.best_move),
            r.score.to_uci(),
            r.nodes,
            ms
        );
        total_nodes += r.nodes;
    }
    let secs = search_time.as_secs_f64();
    println!();
    println!("Nodes searched  : {total_nodes}");
    println!("Time            : {:.0} ms", secs * 1000.0);
    println!(
        "Nodes/second    : {:.0}",
        total_nodes as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}
