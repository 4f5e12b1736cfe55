//! `chesscore play --chess960 [N]` and `chesscore perft` on Chess960 positions, driven through
//! a pipe.

mod common;

use common::{chesscore, Run};

/// A fast, weak engine so that replies come at once; plain letters on the board.
const FAST: [&str; 6] = ["--level", "1", "--movetime", "50", "--ascii", "--no-color"];

fn play(extra: &[&str], input: &str) -> Run {
    let args: Vec<&str> = ["play"].iter().chain(&FAST).chain(extra).copied().collect();
    chesscore(&args, input)
}

#[track_caller]
fn assert_contains(haystack: &str, needle: &str) {
    assert!(
        haystack.contains(needle),
        "expected {needle:?} in output:\n{haystack}"
    );
}

#[test]
fn a_numbered_start_position() {
    // Start position 0 is BBQNNRKR (Scharnagl's numbering).
    let r = play(&["--chess960", "0"], "fen\npgn\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_contains(&r.out, "Chess960 start position 0.");
    assert_contains(
        &r.out,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    );
    assert_contains(&r.out, "[Variant \"Chess960\"]");
    assert_contains(
        &r.out,
        "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]",
    );
}

#[test]
fn a_random_start_position_is_reproducible_with_a_seed() {
    let a = play(&["--chess960", "--seed", "7"], "fen\n");
    let b = play(&["--seed", "7", "--chess960"], "fen\n");
    assert_eq!(a.code, Some(0), "{}", a.err);
    let line = |r: &Run| {
        r.out
            .lines()
            .find(|l| l.starts_with("Chess960 start position "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no start line in\n{}", r.out))
    };
    assert_eq!(line(&a), line(&b));
    // `new` starts another Chess960 game.
    let r = play(&["--chess960"], "new\n");
    assert_eq!(
        r.out.matches("Chess960 start position ").count(),
        2,
        "{}",
        r.out
    );
}

#[test]
fn castling_in_san_and_uci() {
    // Start position 96 (BBQNRNKR) after 1. Nfe3 Nfe6: the kings on g1/g8 castle short by
    // moving only their rooks (h1 to f1). O-O in SAN, and the king taking its rook in UCI.
    let fen = "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR w KQkq - 2 2";
    for input in ["O-O", "g1h1"] {
        let r = play(&["--chess960", "--fen", fen], &format!("{input}\nfen\n"));
        assert_eq!(r.code, Some(0), "{}", r.err);
        assert_contains(&r.out, "Chess960. Castle with O-O or O-O-O");
        assert_contains(&r.out, "You play 2. O-O.");
        // After the engine's reply, White's back rank is still the castled one (nothing of
        // Black's reaches it in one move).
        assert_contains(&r.out, "/BBQNRRK1 w ");
    }
}

#[test]
fn bad_chess960_options_are_refused() {
    let r = play(&["--chess960", "960"], "");
    assert_eq!(r.code, Some(2));
    assert_contains(
        &r.err,
        "expected a start position number from 0 to 959, not '960'",
    );
    let r = play(
        &["--chess960", "5", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"],
        "",
    );
    assert_eq!(r.code, Some(2));
    assert_contains(&r.err, "not both");
}

#[test]
fn perft_reads_chess960_fens() {
    // Position 1 of the chessprogramming wiki's Chess960 perft list (Shredder-FEN): depth 3
    // gives 12189 nodes there, as python-chess also counts.
    let r = chesscore(
        &[
            "perft",
            "3",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_contains(&r.out, "Nodes searched: 12189");
    // Castling is listed as the king taking its rook (here the king stays on g1).
    let r = chesscore(&["perft", "1", "6k1/8/8/8/8/8/8/6KR w K - 0 1"], "");
    assert_contains(&r.out, "g1h1: 1");
    assert_contains(&r.out, "Nodes searched: 12");
}
