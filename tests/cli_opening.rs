//! `chesscore opening`: one line per game of a PGN file or stdin, `--fen`, and errors.

mod common;

use common::Run;

fn opening(args: &[&str], input: &str) -> Run {
    let args: Vec<&str> = ["opening"].iter().chain(args).copied().collect();
    common::chesscore(&args, input)
}

/// Four games: the Najdorf followed by moves out of the book, the Italian Game reached by
/// transposition (3. Bc4 before 2... Nc6 is not in the dataset; the position is), a game from a
/// position no line reaches, and a game without moves. Names checked by hand in the TSV files:
/// b.tsv "B90 Sicilian Defense: Najdorf Variation", c.tsv "C50 Italian Game".
const GAMES: &str = r#"[Event "one"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Kd2 Kd7 *

[Event "two"]

1. e4 e5 2. Bc4 Nc6 3. Nf3 {now the Italian Game} *

[Event "three"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e4 Kd7 1/2-1/2

[Event "four"]

*
"#;

const EXPECTED: &str = "B90\tSicilian Defense: Najdorf Variation\nC50\tItalian Game\n-\n-\n";

#[test]
fn one_line_per_game_from_stdin() {
    let run = opening(&[], GAMES);
    assert_eq!(run.out, EXPECTED, "stderr: {}", run.err);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.err, "");
}

#[test]
fn reads_a_file() {
    let path = std::env::temp_dir().join(format!("cli-opening-{}.pgn", std::process::id()));
    std::fs::write(&path, GAMES).unwrap();
    let run = opening(&[path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(run.out, EXPECTED, "stderr: {}", run.err);
    assert_eq!(run.code, Some(0));
}

#[test]
fn names_one_position_given_as_fen() {
    let najdorf = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6";
    let run = opening(&["--fen", najdorf], "");
    assert_eq!(run.out, "B90\tSicilian Defense: Najdorf Variation\n");
    // The FEN may come as separate words, as `perft` takes it.
    let words: Vec<&str> = najdorf.split(' ').collect();
    let run = opening(&[&["--fen"], &words[..]].concat(), "");
    assert_eq!(run.out, "B90\tSicilian Defense: Najdorf Variation\n");
    // The exact position only: after 6. Kd2 (no line of the dataset) nothing is named.
    let after = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPPK1PPP/R1BQ1B1R b kq - 1 6";
    let run = opening(&["--fen", after], "");
    assert_eq!((run.out.as_str(), run.code), ("-\n", Some(0)));
}

#[test]
fn a_bad_game_is_reported_and_the_others_named() {
    let text =
        format!("{GAMES}\n[Event \"five\"]\n\n1. e4 e5 2. Nf6 *\n\n[Event \"six\"]\n\n1. a3 *\n");
    let run = opening(&[], &text);
    assert_eq!(run.out, format!("{EXPECTED}A00\tAnderssen's Opening\n"));
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("game 5"), "{}", run.err);
    assert!(run.err.contains("Nf6"), "{}", run.err);
}

#[test]
fn errors_say_what_and_where() {
    let run = opening(&[], "1. e4 e5 2. Nf6 *\n");
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("line 1, column 13"), "{}", run.err);
    assert_eq!(run.out, "");
    let run = opening(&["--fen", "8/8/8 w - - 0 1"], "");
    assert_eq!(run.code, Some(1));
    assert!(run.err.starts_with("opening: "), "{}", run.err);
    let run = opening(&["--fen"], "");
    assert_eq!(run.code, Some(2));
    let run = opening(&["/nonexistent/games.pgn"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.err.contains("cannot read /nonexistent/games.pgn"),
        "{}",
        run.err
    );
    let run = opening(&["--bogus"], "");
    assert_eq!(run.code, Some(2));
}
