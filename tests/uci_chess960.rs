//! `chesscore uci` with the `UCI_Chess960` option, driven through a pipe as a GUI would:
//! Shredder-FEN and X-FEN positions, castling moves as king-takes-rook in and out, and a search
//! whose best move is legal in the Chess960 position.

use chesscore::notation::{fen, uci};
use chesscore::rules::{chess960, CastlingMode};
mod common;

fn run_uci(input: &str) -> String {
    common::chesscore(&["uci"], input).out
}

/// The `go perft 1` lines (`move: 1`) of the output, sorted.
fn perft_moves(out: &str) -> Vec<String> {
    let mut moves: Vec<String> = out
        .lines()
        .filter_map(|l| l.strip_suffix(": 1"))
        .map(str::to_string)
        .collect();
    moves.sort();
    moves
}

/// After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 White may castle short.
const ITALIAN: &str = "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5";

#[test]
fn the_option_is_announced_and_switches_castling_notation() {
    let out = run_uci("uci\nquit\n");
    assert!(
        out.contains("option name UCI_Chess960 type check default false"),
        "{out}"
    );

    let out = run_uci(&format!("position {ITALIAN}\ngo perft 1\nquit\n"));
    let moves = perft_moves(&out);
    assert!(moves.contains(&"e1g1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1h1".to_string()));

    let out = run_uci(&format!(
        "setoption name UCI_Chess960 value true\nposition {ITALIAN}\ngo perft 1\nquit\n"
    ));
    let moves = perft_moves(&out);
    assert!(moves.contains(&"e1h1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1g1".to_string()));

    // Arena and others write the value with a capital letter.
    let out = run_uci(&format!(
        "setoption name UCI_Chess960 value True\nposition {ITALIAN}\ngo perft 1\nquit\n"
    ));
    assert!(perft_moves(&out).contains(&"e1h1".to_string()));
}

#[test]
fn chess960_positions_and_castling_moves_are_read() {
    // Start position 96 (BBQNRNKR) in Shredder-FEN, as python-chess sends it. The knights on f1
    // and f8 make way, then both sides castle short while their kings stay on g1/g8: only the
    // rooks move, h1 to f1 (g1h1) and h8 to f8 (g8h8). python-chess gives the final FEN.
    let start = fen::to_fen_with(
        &chess960::start_position(96).unwrap(),
        fen::CastlingNotation::Shredder,
    );
    assert_eq!(
        start,
        "bbqnrnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRNKR w HEhe - 0 1"
    );
    let out = run_uci(&format!(
        "setoption name UCI_Chess960 value true\n\
         position fen {start} moves f1e3 f8e6 g1h1 g8h8\nd\nquit\n"
    ));
    assert!(
        out.contains("info string fen bbqnrrk1/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNRRK1 w - - 4 3"),
        "{out}"
    );
}

#[test]
fn the_engine_searches_and_answers_in_chess960_notation() {
    // Start position 959 (RKRNNQBB): the search's best move must be legal there and written
    // in Chess960 UCI.
    let start = chess960::start_position(959).unwrap();
    let text = fen::to_fen(&start);
    let out = run_uci(&format!(
        "setoption name UCI_Chess960 value true\nucinewgame\nposition fen {text}\ngo depth 6\n\
         isready\nquit\n"
    ));
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {out}"));
    let best = best.split_whitespace().next().unwrap_or_default();
    let pos = fen::parse_with_mode(&text, CastlingMode::Chess960).unwrap();
    let m = uci::parse_move(&pos, best).unwrap_or_else(|e| panic!("{best}: {e}\n{out}"));
    assert_eq!(uci::to_uci_in(m, CastlingMode::Chess960), best);
}
