//! `chesscore review` driven through pipes: the annotated PGN on stdout, the summary on stderr
//! (without a progress bar, stderr not being a terminal), every game of the input, and clear
//! errors for bad arguments and input.

mod common;

use common::Run;

/// 3... Nf6?? allows 4. Qxf7#.
const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

fn review(args: &[&str], input: &str) -> Run {
    let args: Vec<&str> = ["review"].iter().chain(args).copied().collect();
    common::chesscore(&args, input)
}

#[test]
fn every_game_is_printed_annotated_with_a_summary_per_side_and_no_bar_off_a_terminal() {
    let two = format!("{SCHOLAR}\n\n1. d4 d5 2. c4 *\n");
    let run = review(&["--nodes", "20000", "-"], &two);
    assert_eq!(run.code, Some(0), "{}", run.err);
    // Both games, in order, annotated.
    assert_eq!(run.out.matches("[Result ").count(), 2, "{}", run.out);
    let first = &run.out[..run.out.find("1. d4").expect("the second game")];
    assert!(first.contains("Nf6 $4"), "the blunder's NAG: {first}");
    assert!(first.contains("{Accuracy: White"), "{first}");
    // One [%eval] per move, except the mating move (its result says it).
    assert_eq!(first.matches("[%eval ").count(), 6, "{first}");
    assert!(run
        .out
        .contains("[Annotator \"chesscore review, 20000 nodes per position\"]"));
    // The summaries on stderr: a line per side and per game; no progress bar drawn.
    assert_eq!(run.err.matches("  White ").count(), 2, "{}", run.err);
    assert_eq!(run.err.matches("  Black ").count(), 2, "{}", run.err);
    assert!(run.err.contains("blunder"), "{}", run.err);
    assert!(
        !run.err.contains('\r'),
        "no progress bar off a terminal: {:?}",
        run.err
    );
}

#[test]
fn a_file_in_windows_1252_is_read_as_such() {
    // "Réti" as older Windows tools write it: é is the byte 0xE9 (not UTF-8).
    let mut input = b"[White \"R\xe9ti\"]\n\n".to_vec();
    input.extend(SCHOLAR.as_bytes());
    let args = ["review", "--nodes", "20000", "-"];
    let run = common::chesscore_bytes(&args, &input);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.contains("[White \"Réti\"]"), "{}", run.out);
    assert!(run.out.contains("Nf6 $4"), "{}", run.out);
}

/// `chesscore review ARGS` on `input` fails with exit code 2, prints nothing on stdout and
/// says `message` on stderr.
fn assert_fails(args: &[&str], input: &str, message: &str) {
    let run = review(args, input);
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.err);
    assert!(run.err.contains(message), "{args:?}: {}", run.err);
    assert!(run.out.is_empty(), "{args:?}: {}", run.out);
}

#[test]
fn bad_arguments_and_input_are_clear_errors() {
    assert_fails(
        &["--preset", "fast", "-"],
        SCHOLAR,
        "unknown review preset 'fast': expected quick, standard or deep",
    );
    assert_fails(&["/no/such/file.pgn"], "", "cannot read /no/such/file.pgn");
    assert_fails(
        &["--nodes", "0", "-"],
        SCHOLAR,
        "--nodes needs a positive number",
    );
    assert_fails(
        &["--verify-nodes", "many", "-"],
        SCHOLAR,
        "--verify-nodes needs a number (0: no verification)",
    );
    assert_fails(
        &["--recheck-nodes", "-1", "-"],
        SCHOLAR,
        "--recheck-nodes needs a number (0: no second verification)",
    );
    // The limit is the review's own, the same as the FFI's and the bench's.
    let limit = chesscore::review::MAX_THREADS;
    let message = format!("--threads needs a number from 1 to {limit}");
    assert_fails(&["--threads", "0", "-"], SCHOLAR, &message);
    let over = (limit + 1).to_string();
    assert_fails(&["--threads", &over, "-"], SCHOLAR, &message);
    let bench = common::chesscore(&["bench", "review", "--threads", &over], "");
    assert_eq!(bench.code, Some(2), "{}", bench.err);
    assert!(bench.err.contains(&message), "{}", bench.err);
    assert_fails(&[], "", "no PGN file given");
    // A file whose only game cannot be read: exit status 1 as for any game that cannot be read
    // (and as `pgn` and `opening` give), the illegal move named.
    let run = review(&["-"], "1. e4 e5 2. Ke3 *");
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("Ke3"), "{}", run.err);
    assert!(run.out.is_empty(), "{}", run.out);
    // A file without games (empty, or blank lines): the same status 1 from the three commands
    // that read PGN files, and the same words (`pgn` and `opening` said nothing and exited 0).
    for command in ["review", "pgn", "opening"] {
        for input in ["", "\n\n"] {
            let run = common::chesscore(&[command, "-"], input);
            assert_eq!(run.code, Some(1), "{command} {input:?}: {}", run.err);
            assert!(
                run.err
                    .contains(&format!("{command}: <stdin>: no game found")),
                "{command} {input:?}: {}",
                run.err
            );
            assert!(run.out.is_empty(), "{command} {input:?}: {}", run.out);
        }
    }
}

#[test]
fn summaries_name_each_game_by_its_number_in_the_file_and_the_budget_used() {
    let three = format!("{SCHOLAR}\n\n1. e4 e4 *\n\n1. d4 d5 2. c4 *\n");
    // --nodes wins over --preset, whichever comes first, in the summary as in the review.
    for args in [
        ["--nodes", "20000", "--preset", "deep", "-"],
        ["--preset", "deep", "--nodes", "20000", "-"],
    ] {
        let run = review(&args, &three);
        assert_eq!(run.code, Some(1), "{}", run.err);
        assert!(run.err.contains("game 2: invalid PGN"), "{}", run.err);
        assert!(
            run.err.contains("game 1: ? - ? 1-0 (7 plies, 20000 nodes"),
            "{}",
            run.err
        );
        assert!(
            run.err.contains("game 3: ? - ? * (3 plies, 20000 nodes"),
            "{}",
            run.err
        );
        assert!(!run.err.contains("deep"), "{}", run.err);
        assert_eq!(run.out.matches("[Result ").count(), 2, "{}", run.out);
    }
}

#[test]
fn the_review_is_the_same_on_any_number_of_threads() {
    let game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
    let one = review(&["--nodes", "20000", "--threads", "1", "-"], game);
    let three = review(&["--nodes", "20000", "--threads", "3", "-"], game);
    assert_eq!(one.code, Some(0), "{}", one.err);
    assert_eq!(three.code, Some(0), "{}", three.err);
    assert!(one.out.contains("[%eval"), "{}", one.out);
    assert_eq!(one.out, three.out);
}

#[test]
fn verification_can_be_turned_off_and_the_blunder_is_still_found() {
    let run = review(&["--nodes", "20000", "--verify-nodes", "0", "-"], SCHOLAR);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.contains("Nf6 $4"), "{}", run.out);
    let run = review(&["--nodes", "20000", "--recheck-nodes", "0", "-"], SCHOLAR);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.contains("Nf6 $4"), "{}", run.out);
}

#[test]
fn a_budget_too_small_for_one_depth_still_evaluates_every_position() {
    // 50 nodes do not finish a search's first depth: each position is searched to depth 1
    // instead (the review was all 0.00 and 100 % accurate, the hung queen unseen).
    let run = review(
        &["--nodes", "50", "--threads", "1", "-"],
        "1. e4 d5 2. Qg4 Bxg4 3. Nf3 Bxf3 *\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.contains("2. Qg4 $4"), "{}", run.out);
    assert_eq!(run.out.matches("[%eval ").count(), 6, "{}", run.out);
    assert!(!run.out.contains("[%eval 0.00]"), "{}", run.out);
    assert!(!run.out.contains("White 100.0"), "{}", run.out);
}
