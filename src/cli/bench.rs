//! `chesscore bench`: fixed workloads. A fixed-depth search of fixed positions, whose total node
//! count is a signature of the search's behaviour and whose nodes per second measure its speed;
//! then move generation (perft with known node counts, and the cost of one square's moves).
//!
//! `--check NODES` makes it a test, as Stockfish's `signature.sh` does: the command fails when
//! the search's node count is not `NODES` (CI runs `chesscore bench search --check <signature>`
//! with the signature of the default depth; a change of search or evaluation that changes it on
//! purpose updates that number in `scripts/test.sh`).

use chesscore::engine::{Engine, EngineConfig, SearchLimits};
use chesscore::notation::{fen, pgn, uci};
use chesscore::review::{self, GameLine, MoveClass, NoBook, ReviewPreset, ReviewSettings};
use chesscore::rules::{Position, Square};
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
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

/// A 40-move game (80 plies) for the review benchmark: chesscore level 6 against level 4 from
/// the standard start (generated for this purpose, see docs/review.md), with inaccuracies,
/// mistakes and a won ending.
const REVIEW_GAME: &str = "[White \"chesscore level 6\"]\n[Black \"chesscore level 4\"]\n\n\
    1. Nc3 d5 2. d4 Bf5 3. h4 a6 4. e4 dxe4 5. g4 Bc8 6. Nxe4 Nf6 7. Nxf6+ exf6 8. c3 Bd6 \
    9. Qe2+ Qe7 10. g5 Qxe2+ 11. Nxe2 Nc6 12. gxf6 gxf6 13. Bg2 Bg4 14. Bd5 O-O-O 15. Bxf7 \
    Rhf8 16. Bc4 Rfe8 17. Bh6 Bh5 18. Kd2 Bf3 19. Rhe1 Bg4 20. b4 Bh5 21. Bg7 Ne5 22. dxe5 \
    Bf8+ 23. Nd4 Bxg7 24. e6 Bh6+ 25. Kc2 Bf4 26. Be2 Bg6+ 27. Bd3 Re7 28. Bxg6 hxg6 29. Kb3 \
    Be5 30. Rad1 Rd6 31. Rg1 Bxd4 32. Rxd4 Rexe6 33. Rxd6 Rxd6 34. Rxg6 Kd7 35. h5 Ke6 \
    36. Rg7 Rd2 37. Rxc7 b5 38. Ra7 Rd6 39. h6 Rd2 40. h7 Rd8 *";

/// `chesscore bench --help`.
pub const HELP: &str = "\
usage: chesscore bench [search [DEPTH] | movegen | review [PRESET] [--threads N] | DEPTH]
                      [--check NODES]

Fixed workloads: a search of 12 positions to DEPTH (default 11), one fresh engine each, whose
total node count is the search's signature, then move generation (perft with known counts).

  search [DEPTH]   only the search
  movegen          only move generation (fails on a wrong perft count)
  review [PRESET]  only the review of a 40-move game at PRESET (quick, standard (default),
                   deep), on one core (--threads N: on N): its time and node count
  DEPTH            both, the search to DEPTH
  --check NODES    fail unless the search's node count is NODES (the signature)
  -h, --help       this text";

/// Runs the whole bench: see [`HELP`].
pub fn run(args: &[String]) -> ExitCode {
    let mut words: Vec<&str> = args.iter().map(String::as_str).collect();
    if words.iter().any(|&w| w == "-h" || w == "--help") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let mut expected = None;
    if let Some(i) = words.iter().position(|&w| w == "--check") {
        match words.get(i + 1).map(|n| n.parse::<u64>()) {
            Some(Ok(n)) => expected = Some(n),
            _ => {
                return usage_error(&format!(
                    "--check needs the expected node count, e.g. --check {}",
                    chesscore::engine::BENCH_SIGNATURE
                ))
            }
        }
        words.drain(i..i + 2);
    }
    if words.first() == Some(&"review") {
        if expected.is_some() {
            return usage_error("--check needs the search bench");
        }
        let mut threads = 1;
        if let Some(i) = words.iter().position(|&w| w == "--threads") {
            match words.get(i + 1).map(|n| n.parse::<u32>()) {
                Some(Ok(n @ 1..=review::MAX_THREADS)) => threads = n,
                _ => {
                    return usage_error(&format!(
                        "--threads needs a number from 1 to {}",
                        review::MAX_THREADS
                    ))
                }
            }
            words.drain(i..i + 2);
        }
        return match words[1..] {
            [] => bench_exit(review_bench(ReviewPreset::Standard, threads)),
            [p] => match p.parse::<ReviewPreset>() {
                Ok(p) => bench_exit(review_bench(p, threads)),
                Err(e) => usage_error(&e.to_string()),
            },
            _ => usage_error("too many arguments"),
        };
    }
    let depth = |text: Option<&&str>| match text.map(|d| d.parse::<u32>()) {
        None => Ok(BENCH_DEPTH),
        Some(Ok(d)) if d >= 1 => Ok(d),
        _ => Err(()),
    };
    let (search_depth, movegen) = match words.as_slice() {
        [] => (Some(BENCH_DEPTH), true),
        ["movegen"] => (None, true),
        ["search", rest @ ..] if rest.len() <= 1 => match depth(rest.first()) {
            Ok(d) => (Some(d), false),
            Err(()) => return usage_error("expected a depth, e.g. `chesscore bench search 13`"),
        },
        [d] => match depth(Some(d)) {
            Ok(d) => (Some(d), true),
            Err(()) => return usage_error(&format!("unexpected '{d}'")),
        },
        _ => return usage_error("too many arguments"),
    };
    if expected.is_some() && search_depth.is_none() {
        return usage_error("--check needs the search bench");
    }
    let mut ok = true;
    if let Some(depth) = search_depth {
        let nodes = search_bench(depth);
        if let Some(expected) = expected {
            if nodes == expected {
                println!("Signature       : {nodes} nodes at depth {depth}, as expected");
            } else {
                println!(
                    "Signature       : WRONG: {nodes} nodes at depth {depth}, expected {expected}"
                );
                ok = false;
            }
        }
    }
    if movegen {
        ok &= movegen_bench();
    }
    bench_exit(ok)
}

fn bench_exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("bench: {message}\n\n{HELP}");
    ExitCode::from(2)
}

/// The search benchmark: a fixed-depth search of [`BENCH_POSITIONS`], one fresh engine each.
/// Prints and returns the total node count (the signature) and prints the nodes per second of
/// the searches.
pub fn search_bench(depth: u32) -> u64 {
    println!(
        "== search (depth {depth}, {} positions)",
        BENCH_POSITIONS.len()
    );
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut search_time = std::time::Duration::ZERO;
    for (i, text) in BENCH_POSITIONS.iter().enumerate() {
        let pos = match fen::parse(text) {
            Ok(p) => p,
            Err(e) => panic!("bench position {i} is not a FEN: {e}"),
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
    total_nodes
}

/// The review benchmark: [`REVIEW_GAME`] (40 moves) reviewed at `preset` by engines with the
/// default configuration, on `threads` threads (1: this thread, one core). Prints the time,
/// the nodes (a signature: the review is deterministic, the same on any number of threads) and
/// what the review found.
pub fn review_bench(preset: ReviewPreset, threads: u32) -> bool {
    let game = match pgn::parse_game(REVIEW_GAME) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("bench: the review game does not parse: {e}");
            return false;
        }
    };
    let line = GameLine::from_pgn(&game);
    let settings = ReviewSettings {
        threads,
        ..ReviewSettings::preset(preset)
    };
    println!(
        "== review ({} moves, preset {preset}: {} nodes per position, {} lines, {} per verification, {} per second verification, {} thread{})",
        line.moves().len().div_ceil(2),
        settings.nodes_per_position,
        settings.lines,
        settings.verify_nodes,
        settings.recheck_nodes,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    let mut engine = Engine::new(EngineConfig::default());
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let r = review::review(&mut engine, &line, &settings, &NoBook, &stop, &mut |_| {});
    let secs = start.elapsed().as_secs_f64();
    for (name, side) in [("White", &r.white), ("Black", &r.black)] {
        let counts: Vec<String> = MoveClass::ALL
            .iter()
            .filter(|&&c| c != MoveClass::Book)
            .map(|&c| format!("{} {}", c.name(), side.count(c)))
            .collect();
        println!(
            "{name}: accuracy {:.1}, acpl {:.0}; {}",
            side.accuracy.unwrap_or(0.0),
            side.average_centipawn_loss.unwrap_or(0.0),
            counts.join(", ")
        );
    }
    println!();
    println!("Review nodes    : {}", r.nodes);
    println!(
        "Verified moves  : {}",
        r.moves.iter().filter(|m| m.verified).count()
    );
    println!(
        "Rechecked moves : {}",
        r.moves.iter().filter(|m| m.rechecked).count()
    );
    println!("Time            : {:.0} ms", secs * 1000.0);
    println!(
        "Per move        : {:.0} ms",
        secs * 1000.0 / line.moves().len().max(1) as f64
    );
    println!("Nodes/second    : {:.0}", r.nodes as f64 / secs.max(1e-9));
    r.complete
}
