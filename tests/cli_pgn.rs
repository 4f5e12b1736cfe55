//! `chesscore pgn [FILE]`: every game written back in export format, one error per bad game on
//! stderr with its line and column, and the exit status.

mod common;

use chesscore::notation::pgn;
use common::Run;

fn pgn_command(args: &[&str], input: &str) -> Run {
    let mut all = vec!["pgn"];
    all.extend_from_slice(args);
    common::chesscore(&all, input)
}

const GOOD: &str = "[Event \"one\"]\n[ECO \"C20\"]\n[Annotator \"me\"]\n\n{Start} 1. e4 {[%clk 0:03:00] best} e5 (1... c5 $1 {Sicilian} 2. Nf3) 2. Nf3 $14 *\n\n1. d4 d5 1/2-1/2\n";

#[test]
fn a_file_in_windows_1252_is_written_back_as_utf8() {
    let r = common::chesscore_bytes(
        &["pgn"],
        b"[White \"R\xe9ti\"]\n\n1. Nf3 {\x93best\x94} *\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("[White \"Réti\"]"), "{}", r.out);
    assert!(r.out.contains("1. Nf3 {“best”} *"), "{}", r.out);
}

#[test]
fn every_game_is_written_back_in_export_format() {
    let r = pgn_command(&[], GOOD);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_eq!(r.err, "");
    // Two games, each in export format, separated by a blank line, and readable again.
    let games: Vec<_> = pgn::read_games(&r.out).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    let expected_first = "[Event \"one\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"me\"]\n[ECO \"C20\"]\n\n{Start} 1. e4 {[%clk 0:03:00] best} 1... e5 (1... c5 $1 {Sicilian} 2. Nf3)\n2. Nf3 $14 *\n";
    assert!(r.out.starts_with(expected_first), "{}", r.out);
    assert!(
        r.out.ends_with("\n\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n"),
        "{}",
        r.out
    );
    // The output is a fixed point.
    let again = pgn_command(&[], &r.out);
    assert_eq!(again.out, r.out);
}

#[test]
fn bad_games_are_reported_with_line_and_column_and_the_others_written() {
    let input = format!(
        "{GOOD}\n[Event \"bad\"]\n\n1. e4 e5 2. Qxf7 *\n\n[Event \"also bad\"]\n\n1. e4 {{open\n\n[Event \"last\"]\n\n1. c4 *\n"
    );
    let dir = std::env::temp_dir().join(format!("chesscore-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    std::fs::write(&file, &input).unwrap();
    let r = pgn_command(&[file.to_str().unwrap()], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.code, Some(1));
    let errors: Vec<&str> = r.err.lines().collect();
    assert_eq!(errors.len(), 3, "{}", r.err);
    // Game 3 starts on line 9: its bad move is on line 11, column 13.
    assert!(
        errors[0].contains("game 3: invalid PGN at line 11, column 13 ('Qxf7')"),
        "{}",
        r.err
    );
    assert!(
        errors[1].contains("game 4: invalid PGN at line 15, column 7 ('{')"),
        "{}",
        r.err
    );
    assert!(errors[2].contains("3 games written, 2 could not be read"));
    let games: Vec<_> = pgn::read_games(&r.out).collect::<Result<_, _>>().unwrap();
    let events: Vec<Option<&str>> = games.iter().map(|g| g.tag("Event")).collect();
    assert_eq!(events, [Some("one"), Some("?"), Some("last")]);
}

#[test]
fn a_missing_file_and_bad_arguments_exit_with_2() {
    let r = pgn_command(&["/no/such/file.pgn"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("cannot read /no/such/file.pgn"), "{}", r.err);
    let r = pgn_command(&["a", "b"], "");
    assert_eq!(r.code, Some(2));
    // An option it does not know is named as one, not read as a file name.
    let r = pgn_command(&["--bogus"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("unknown option --bogus"), "{}", r.err);
    // Standard input is named as the other commands name it.
    for args in [&[][..], &["-"][..]] {
        let r = pgn_command(args, "1. e4 e5 2. Ke3 *");
        assert_eq!(r.code, Some(1));
        assert!(r.err.starts_with("<stdin>: game 1: "), "{}", r.err);
    }
    let r = pgn_command(&["--help"], "");
    assert_eq!(r.code, Some(0));
    assert!(r.out.contains("exit status"));
}
