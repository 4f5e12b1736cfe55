//! Searches with helper threads (Lazy SMP, `EngineConfig::threads` > 1): legal moves, mates and
//! tactics found, depth limits, MultiPV, node counts; and one thread, node limits and weaker
//! levels exactly as before. (The stop latency with threads is in tests/engine.rs, beside the
//! one-thread one.)

use chesscore::engine::{
    Engine, EngineConfig, Level, Score, SearchInfo, SearchLimits, SearchResult,
};
use chesscore::notation::{fen, uci};
use chesscore::rules::Position;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn engine(threads: u32) -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 8,
        threads,
        ..EngineConfig::default()
    })
}

fn search(threads: u32, pos: &Position, limits: &SearchLimits) -> (SearchResult, Vec<SearchInfo>) {
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let r = engine(threads).search(pos, &[], limits, &stop, &mut |i| infos.push(i.clone()));
    (r, infos)
}

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8";

#[test]
fn threads_find_forced_mates_with_exact_scores() {
    let cases: [(&str, i32, &[&str]); 3] = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, &["a1a8"]),
        ("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, &[]),
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            3,
            &["f8c5"],
        ),
    ];
    for threads in [2, 4] {
        for (f, n, moves) in cases {
            let pos = fen::parse(f).unwrap();
            let (r, _) = search(threads, &pos, &SearchLimits::depth(2 * n as u32 + 3));
            assert_eq!(r.score, Score::Mate(n), "{threads} threads, {f}");
            if !moves.is_empty() {
                assert!(moves.contains(&uci::to_uci(r.best_move).as_str()), "{f}");
            }
            let mut p = pos.clone();
            for &m in &r.pv {
                assert!(p.is_legal(m), "{f}: pv {:?}", r.pv);
                p.make_move(m);
            }
            assert!(p.is_checkmate(), "{threads} threads, {f}: pv {:?}", r.pv);
        }
    }
}

#[test]
fn threads_find_the_tactic_one_thread_finds() {
    // Nc7+ forks the king and the a8 queen: from a queen against a knight down to a rook and
    // a knight up.
    let pos = fen::parse("q3k3/pp6/8/3N4/8/8/PP6/R3K3 w - - 0 1").unwrap();
    for threads in [1, 2, 3] {
        let (r, _) = search(threads, &pos, &SearchLimits::depth(8));
        assert_eq!(uci::to_uci(r.best_move), "d5c7", "{threads} threads");
        assert!(
            matches!(r.score, Score::Centipawns(cp) if cp > 500)
                || matches!(r.score, Score::Mate(n) if n > 0),
            "{threads} threads: {:?}",
            r.score
        );
    }
}

#[test]
fn threads_give_legal_moves_at_a_move_time_and_respect_a_depth_limit() {
    for f in [
        MIDDLEGAME,
        "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ] {
        let pos = fen::parse(f).unwrap();
        let (r, _) = search(
            3,
            &pos,
            &SearchLimits::move_time(Duration::from_millis(150)),
        );
        assert!(pos.is_legal(r.best_move), "{f}");
        let (r, infos) = search(4, &pos, &SearchLimits::depth(7));
        assert!(pos.is_legal(r.best_move), "{f}");
        assert_eq!(r.depth, 7, "{f}");
        assert!(!r.stopped);
        assert!(infos.iter().all(|i| i.depth <= 7));
        assert_eq!(infos.last().unwrap().pv, r.pv);
    }
}

#[test]
fn multipv_with_threads_reports_distinct_lines_best_first() {
    let pos = fen::parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let limits = SearchLimits {
        depth: Some(6),
        multi_pv: 3,
        ..SearchLimits::default()
    };
    let (r, infos) = search(3, &pos, &limits);
    assert_eq!(uci::to_uci(r.best_move), "a1a8");
    assert_eq!(r.score, Score::Mate(1));
    for depth in 1..=r.depth {
        let lines: Vec<_> = infos.iter().filter(|i| i.depth == depth).collect();
        let ranks: Vec<u32> = lines.iter().map(|i| i.multipv).collect();
        assert_eq!(ranks, vec![1, 2, 3], "depth {depth}");
        let firsts: std::collections::HashSet<_> = lines.iter().map(|i| i.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "depth {depth}: {lines:?}");
        assert!(lines.iter().all(|i| pos.is_legal(i.pv[0])));
    }
}

#[test]
fn node_counts_grow_and_the_result_counts_every_thread() {
    let pos = fen::parse(MIDDLEGAME).unwrap();
    let (r, infos) = search(3, &pos, &SearchLimits::depth(10));
    // The reports include the helpers' nodes as they go (each helper's lag is at most a
    // thousand nodes), the result all of them (the engine's unit tests check that a helper's
    // nodes all arrive).
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(r.nodes >= infos.last().unwrap().nodes);
    assert!(infos.iter().all(|i| i.nps > 0));
}

#[test]
fn one_thread_node_limits_and_weak_levels_search_exactly_as_before() {
    let pos = fen::parse(MIDDLEGAME).unwrap();
    let stop = AtomicBool::new(false);
    let run = |config: EngineConfig, limits: &SearchLimits| {
        Engine::new(config).search(&pos, &[], limits, &stop, &mut |_| {})
    };
    let base = EngineConfig {
        hash_mb: 8,
        ..EngineConfig::default()
    };
    let with = |threads: u32, level: u8| EngineConfig {
        threads,
        level: Level::new(level),
        seed: 3,
        ..base.clone()
    };
    // One thread: the default, as before.
    assert_eq!(EngineConfig::default().threads, 1);
    let depth = SearchLimits::depth(9);
    let a = run(base.clone(), &depth);
    let b = run(with(1, Level::MAX.number()), &depth);
    assert_eq!((a.best_move, a.nodes, &a.pv), (b.best_move, b.nodes, &b.pv));
    // Node limits and weaker levels ignore the thread count.
    let nodes = SearchLimits::nodes(60_000);
    for level in [3, Level::MAX.number()] {
        let one = run(with(1, level), &nodes);
        let four = run(with(4, level), &nodes);
        assert_eq!(
            (one.best_move, one.nodes, &one.pv, one.score),
            (four.best_move, four.nodes, &four.pv, four.score),
            "level {level}"
        );
    }
    let weak_one = run(with(1, 5), &SearchLimits::default());
    let weak_four = run(with(4, 5), &SearchLimits::default());
    assert_eq!(
        (weak_one.best_move, weak_one.nodes),
        (weak_four.best_move, weak_four.nodes)
    );
    // An engine that searched with threads, set back to one and cleared, is a fresh one.
    let mut e = Engine::new(with(4, Level::MAX.number()));
    e.search(&pos, &[], &depth, &stop, &mut |_| {});
    e.set_config(base.clone());
    e.new_game();
    let c = e.search(&pos, &[], &depth, &stop, &mut |_| {});
    assert_eq!((a.best_move, a.nodes, &a.pv), (c.best_move, c.nodes, &c.pv));
}

#[test]
fn a_panicking_info_callback_does_not_leave_helpers_searching() {
    // An infinite search whose callback panics at the first report: the helpers are stopped
    // and joined, and the panic comes out (instead of a search that never ends).
    let pos = Position::startpos();
    let stop = AtomicBool::new(false);
    let mut e = engine(3);
    let started = Instant::now();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        e.search(&pos, &[], &SearchLimits::infinite(), &stop, &mut |_| {
            panic!("listener")
        })
    }));
    assert!(outcome.is_err());
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn thread_counts_are_checked_against_one_limit() {
    use chesscore::engine::MAX_SEARCH_THREADS;
    assert_eq!(EngineConfig::checked_threads(1), Ok(1));
    assert_eq!(
        EngineConfig::checked_threads(MAX_SEARCH_THREADS),
        Ok(MAX_SEARCH_THREADS)
    );
    for bad in [0i64, -1, i64::from(MAX_SEARCH_THREADS) + 1, 1 << 40] {
        assert_eq!(
            EngineConfig::checked_threads(bad).unwrap_err().to_string(),
            format!("invalid thread count {bad}: expected 1 to {MAX_SEARCH_THREADS}")
        );
    }
}

#[test]
fn uci_has_a_threads_option_and_searches_with_it() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_chesscore"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "uci\nsetoption name Threads value 0\nsetoption name Threads value many\n\
         setoption name Threads value 3\nposition startpos moves e2e4\ngo depth 8\nisready"
    )
    .unwrap();
    // `isready` waits for nothing: the search's bestmove may come before or after readyok.
    let out = output_until_bestmove(child, stdin);
    let max = chesscore::engine::MAX_SEARCH_THREADS;
    assert!(out.contains(&format!(
        "option name Threads type spin default 1 min 1 max {max}\n"
    )));
    assert!(out.contains(&format!(
        "info string invalid thread count 0: expected 1 to {max}\n"
    )));
    assert!(out.contains("info string invalid value 'many' for option 'threads'\n"));
    assert!(out.contains("info depth 8 "), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

/// Reads the child's output until `bestmove`, then quits it.
fn output_until_bestmove(
    mut child: std::process::Child,
    mut stdin: std::process::ChildStdin,
) -> String {
    use std::io::{BufRead, Write};
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        out.push_str(&line);
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    out
}
