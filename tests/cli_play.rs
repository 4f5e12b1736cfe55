//! `chesscore play` driven through a pipe: moves in SAN and UCI, commands, errors, game over,
//! engine against engine, end of input.

mod common;

use common::Run;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6??: White mates with Qxf7#.
const SCHOLAR_FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

fn play(args: &[&str], input: &str) -> Run {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::chesscore(&all, input)
}

/// A fast, weak engine so that replies come at once.
const FAST: [&str; 4] = ["--level", "1", "--movetime", "50"];

fn fast<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    FAST.iter().chain(extra).copied().collect()
}

#[track_caller]
fn assert_contains(haystack: &str, needle: &str) {
    assert!(
        haystack.contains(needle),
        "expected {needle:?} in output:\n{haystack}"
    );
}

#[test]
fn moves_in_san_and_uci_against_the_engine() {
    // Whatever Black replies, Nf3 and Bc4 stay legal.
    let r = play(&fast(&[]), "e4\ng1f3\nBc4\nmoves\npgn\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_contains(&r.out, "you have White against level 1 (Newcomer");
    assert_contains(&r.out, "Type a move like e4, Nf3 or e2e4");
    assert_contains(
        &r.out,
        "     a  b  c  d  e  f  g  h\n 8   ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜   8",
    );
    assert_contains(&r.out, "You play 1. e4.");
    assert_contains(&r.out, "You play 2. Nf3.");
    assert_contains(&r.out, "You play 3. Bc4.");
    assert_eq!(r.out.matches("chesscore plays ").count(), 3, "{}", r.out);
    assert_contains(&r.out, "chesscore plays 1...");
    // The last move is marked on the board.
    assert!(
        r.out.lines().any(|l| l.starts_with(' ') && l.contains('[')),
        "{}",
        r.out
    );
    let moves_line = r
        .out
        .lines()
        .find(|l| l.starts_with("1. e4 "))
        .unwrap_or_else(|| panic!("no move list in\n{}", r.out));
    assert!(moves_line.contains(" 2. Nf3 ") && moves_line.contains(" 3. Bc4 "));
    assert_contains(&r.out, "[White \"You\"]");
    assert_contains(&r.out, "[Black \"chesscore level 1 (Newcomer)\"]");
    assert_contains(&r.out, "[Result \"*\"]");
    // The engine's thinking goes to stderr, one line per depth in a pipe.
    assert_contains(&r.err, "chesscore thinking: depth 1 eval ");
    assert_contains(&r.out, "Goodbye.");
}

#[test]
fn illegal_and_ambiguous_input_keeps_the_game_going() {
    let r = play(
        &fast(&[]),
        "fen 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\nNd2\ne2e5\nxyzzy\nNc3d\nQ\nB\nNbd2\nmoves\n",
    );
    assert_eq!(r.code, Some(0));
    // A stray capital is a mistyped move, not the "q" (quit) or "b" (board) shortcut.
    assert_contains(&r.out, "invalid SAN 'Q'");
    assert_contains(&r.out, "invalid SAN 'B'");
    assert_contains(&r.out, "ambiguous move 'Nd2': it could be Nb1d2 or Nf1d2");
    assert_contains(&r.out, "illegal move e2e5: there is no piece on e2");
    assert_contains(&r.out, "invalid SAN 'xyzzy'");
    assert_contains(&r.out, "invalid SAN 'Nc3d'");
    assert_contains(&r.out, "Type legal for the legal moves");
    assert_contains(&r.out, "You play 1. Nbd2.");
    assert_contains(&r.out, "chesscore plays 1...K");
    assert_contains(&r.out, "\n1. Nbd2 K");

    let r = play(
        &fast(&["--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]),
        "e7e8\ne8\ne1e3\na2a1\ne7e8n\n",
    );
    assert_contains(
        &r.out,
        "illegal move e7e8: a pawn reaching the last rank must promote: name the piece, like e7e8q",
    );
    assert_contains(&r.out, "illegal move 'e8': a promotion must name the piece");
    assert_contains(&r.out, "illegal move e1e3: the king on e1 cannot go to e3");
    assert_contains(&r.out, "the king on a2 is Black's, and it is White to move");
    assert_contains(&r.out, "You play 1. e8=N.");
}

#[test]
fn undo_redo_flip_fen_level_and_help() {
    let dir = std::env::temp_dir().join(format!("chesscore-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let input = format!(
        "help\ne4\nundo\nfen\nredo\nmoves\nflip\nlevel\nlevel 3\nlevel 42\nundo\nundo\npgn save {}\nlegal\n",
        file.display()
    );
    let r = play(&fast(&[]), &input);
    assert_eq!(r.code, Some(0));
    for command in [
        "undo",
        "redo",
        "hint",
        "level [N]",
        "flip",
        "new [SIDE]",
        "fen [FEN]",
        "pgn save FILE",
        "moves",
        "resign",
        "draw",
        "quit",
    ] {
        assert_contains(&r.out, command);
    }
    assert_contains(&r.out, "Took back 2 moves.");
    assert_contains(&r.out, &format!("{START_FEN}\n"));
    assert_contains(&r.out, "Replayed 2 moves.");
    assert_contains(&r.out, "\n1. e4 ");
    assert_contains(&r.out, "     h  g  f  e  d  c  b  a\n 1   ♖");
    // The Elo figures come from the engine's calibration table, not from this test.
    use chesscore::engine::Level;
    let (top, one, three) = (Level::new(10), Level::new(1), Level::new(3));
    assert_contains(
        &r.out,
        &format!("  10  {:<14} about {} Elo", top.name(), top.elo()),
    );
    assert_contains(
        &r.out,
        &format!(
            "   1  {:<14} about {} Elo  <- current",
            one.name(),
            one.elo()
        ),
    );
    assert_contains(
        &r.out,
        &format!(
            "The engine now plays at level 3 ({}, about {} Elo).",
            three.name(),
            three.elo()
        ),
    );
    assert_contains(&r.out, "invalid level 42: expected a number from 1 to 10");
    assert_contains(&r.out, "Nothing to undo.");
    assert_contains(&r.out, "Legal moves (20): ");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("[Black \"chesscore level 3 (Novice)\"]"),
        "{saved}"
    );
    // Moves taken back stay in the game for redo (and as a variation once another move
    // replaces them), so the saved game still has them.
    assert!(saved.contains("\n1. e4 "), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_fen_is_reported_and_changes_nothing() {
    let r = play(&fast(&[]), "fen 8/8 w\nfen\n");
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "invalid FEN");
    assert_contains(&r.out, "(the game is unchanged)");
    assert_contains(&r.out, &format!("{START_FEN}\n"));

    let r = play(&["--fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"], "");
    assert_eq!(r.code, Some(2));
    assert_contains(&r.err, "invalid FEN");
}

#[test]
fn scholars_mate_ends_the_game() {
    let r = play(
        &fast(&["--fen", SCHOLAR_FEN]),
        "Qxf7#\ne5\nlegal\npgn\nundo\nfen\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "You play 4. Qxf7#.");
    assert_contains(&r.out, "(♚)");
    assert_contains(
        &r.out,
        "Game over: White wins by checkmate (1-0). You won, congratulations!",
    );
    assert_contains(&r.out, "Type new for another game, undo to take back");
    assert_contains(&r.out, "the game is over (White wins by checkmate)");
    assert_contains(&r.out, "None: the game is over.");
    assert_contains(&r.out, "[FEN \"r1bqkb1r/");
    assert_contains(&r.out, "4. Qxf7# 1-0");
    assert_contains(&r.out, "Took back 1 move.");
    assert_contains(&r.out, &format!("{SCHOLAR_FEN}\n"));
    assert!(!r.out.contains("chesscore plays"), "{}", r.out);
}

#[test]
fn playing_black_and_resigning() {
    let r = play(&fast(&["--side", "black"]), "resign\nnew white\nquit\ne4\n");
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "you have Black against");
    assert_contains(&r.out, "chesscore plays 1. ");
    assert_contains(&r.out, "     h  g  f  e  d  c  b  a");
    assert_contains(
        &r.out,
        "Game over: White wins: Black resigned (1-0). You lost this one.",
    );
    assert_contains(&r.out, "New game: you have White");
    assert!(
        !r.out.contains("You play 1. e4"),
        "quit stops reading:\n{}",
        r.out
    );
}

#[test]
fn a_claimable_draw_is_announced_and_claimed() {
    let r = play(
        &fast(&["--fen", "7k/8/8/8/8/8/8/R6K w - - 100 80"]),
        "draw\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(
        &r.out,
        "You may claim a draw by the fifty-move rule: type draw.",
    );
    assert_contains(&r.out, "Game over: Draw by the fifty-move rule (1/2-1/2).");

    let r = play(&fast(&[]), "draw\n");
    assert_contains(&r.out, "no draw can be claimed");
    assert_contains(&r.out, "This position has occurred 1 time");
}

#[test]
fn engine_against_engine_plays_to_the_end() {
    let r = play(
        &[
            "--watch",
            "--levels",
            "10,10",
            "--movetime",
            "50",
            "--fen",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        ],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_contains(&r.out, "Engine against engine");
    assert_contains(&r.out, "White plays 1. Ra8#");
    assert_contains(&r.out, "Game over: White wins by checkmate (1-0).");
}

#[test]
fn end_of_input_exits_cleanly_and_help_lists_options() {
    let r = play(&[], "");
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "Goodbye.");

    let r = play(&["--help"], "");
    assert_eq!(r.code, Some(0));
    for option in [
        "--side",
        "--level",
        "--fen",
        "--movetime",
        "--watch",
        "--engine-vs-engine",
        "--levels",
        "--seed",
        "--no-color",
    ] {
        assert_contains(&r.out, option);
    }
    let r = play(&["--level", "0"], "");
    assert_eq!(r.code, Some(2));
    assert_contains(&r.err, "invalid level 0: expected a number from 1 to 10");
}

#[test]
fn colour_on_request_and_plain_otherwise() {
    let r = play(&["--color"], "");
    assert_contains(&r.out, "\x1b[48;5;");
    let r = play(&[], "");
    assert!(!r.out.contains('\x1b'), "a pipe gets plain text");
}

/// FIDE 9.3.1: the fifty-move rule claimed with the move that completes the fifty moves.
#[test]
fn a_draw_is_claimed_with_the_move_that_makes_it() {
    let fen = "7k/8/8/8/8/8/8/R6K w - - 99 80";
    let r = play(
        &fast(&["--side", "white", "--fen", fen]),
        "draw e4\ndraw Ra2\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(
        &r.out,
        "You may claim a draw by the fifty-move rule with your move: type draw and the move",
    );
    assert_contains(&r.out, "illegal move 'e4': no White pawn can move to e4");
    assert_contains(&r.out, "You play 80. Ra2 and claim a draw.");
    assert_contains(&r.out, "Game over: Draw by the fifty-move rule (1/2-1/2).");

    let r = play(&fast(&["--side", "white"]), "draw e4\n");
    assert_contains(
        &r.out,
        "no draw can be claimed with e4: the position it makes would stand for the first time",
    );
    assert!(!r.out.contains("You play"), "nothing is played:\n{}", r.out);
}

/// The engine, not expecting to win, claims the draw its move completes.
#[test]
fn a_losing_engine_claims_a_draw_with_its_move() {
    let r = play(
        &fast(&["--side", "white", "--fen", "7k/8/8/8/8/8/8/R6K b - - 99 80"]),
        "",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "and claims a draw by the fifty-move rule.");
    assert_contains(&r.out, "Game over: Draw by the fifty-move rule (1/2-1/2).");
}

#[test]
fn a_losing_engine_claims_a_claimable_draw() {
    let r = play(
        &fast(&[
            "--side",
            "white",
            "--fen",
            "7k/8/8/8/8/8/8/R6K b - - 100 80",
        ]),
        "",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "chesscore claims a draw by the fifty-move rule.");
    assert_contains(&r.out, "Game over: Draw by the fifty-move rule (1/2-1/2).");
}

#[test]
fn ascii_board_and_undo_of_the_engine_first_move() {
    let r = play(&fast(&["--side", "black", "--ascii"]), "undo\n");
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, " 8   r  n  b  k  q  b  n  r   8");
    assert_contains(
        &r.out,
        "Nothing to undo: the engine's first move is all there is.",
    );
}

#[test]
fn quit_stops_engines_playing_each_other() {
    // Full strength at 300 ms a move: no game can end before `quit` is read (two newcomers
    // sometimes finished one in 6 plies, faster than the reader thread).
    let r = play(
        &["--watch", "--levels", "10,10", "--movetime", "300"],
        "quit\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "Stopped; the game so far:");
    assert_contains(&r.out, "[White \"chesscore level 10 (Full strength)\"]");
    assert!(!r.out.contains("Game over"), "{}", r.out);
}

/// A draw offer is answered on the engine's turn by the core's rule: a rook down, it takes it;
/// at the start, it plays on.
#[test]
fn a_draw_offer_is_answered_by_the_engine_on_its_turn() {
    let r = play(
        &fast(&["--side", "white", "--fen", "7k/8/8/8/8/8/8/R6K w - - 0 40"]),
        "offer\nKg2\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "You offer a draw with your next move");
    assert_contains(&r.out, "chesscore accepts the draw.");
    assert_contains(&r.out, "Game over: Draw by agreement");

    let r = play(&fast(&["--side", "white"]), "offer\ne4\n");
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "chesscore declines the draw.");
    assert!(!r.out.contains("Game over"), "{}", r.out);

    // An offer made before a position is loaded is not the new game's: the engine, a rook down
    // there, would have taken it.
    let r = play(
        &fast(&["--side", "white"]),
        "offer\nfen 7k/8/8/8/8/8/8/R6K w - - 0 40\nKg2\n",
    );
    assert_eq!(r.code, Some(0));
    assert!(!r.out.contains("draw."), "{}", r.out);
    assert!(!r.out.contains("Game over"), "{}", r.out);
    assert_contains(&r.out, "chesscore plays 40...");
}

/// Undo after an ending: the player's resignation alone is taken back; a draw the engine
/// claimed with its move goes with that move and the player's before it.
#[test]
fn undo_after_a_resignation_or_the_engine_s_claim() {
    let r = play(
        &fast(&["--fen", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"]),
        "resign\nundo\nQg7#\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "Took back the resignation.");
    assert_contains(&r.out, "Game over: White wins by checkmate");

    // Level 3 stops at depth 2 (or 1,500 nodes) in a millisecond: the move time only has to be
    // long enough never to cut that short (50 ms did on a loaded machine: a depth-1 first reply,
    // another game).
    let r = play(
        &[
            "--movetime",
            "5000",
            "--seed",
            "3",
            "--level",
            "3",
            "--fen",
            "7k/8/5K2/8/8/8/8/1R6 w - - 0 1",
        ],
        "Rb2\nRb1\nRb2\nRb1\nRb2\nundo\nmoves\n",
    );
    assert_eq!(r.code, Some(0));
    assert_contains(&r.out, "claims a draw by threefold repetition");
    assert_contains(&r.out, "Took back 2 moves.");
    assert_contains(&r.out, "1. Rb2 Kg8 2. Rb1 Kh7 3. Rb2 Kg8 4. Rb1 Kh7\n");
}

#[test]
fn a_weak_level_playing_another_move_shows_whose_evaluation_it_prints() {
    // The newcomer level often plays another move than its best line's on purpose; the
    // evaluation it prints is that line's, so the line names the move it belongs to.
    let mut other = 0;
    for seed in 1..=6 {
        let seed = seed.to_string();
        let r = play(&fast(&["--side", "black", "--seed", &seed]), "quit\n");
        assert_eq!(r.code, Some(0), "{}", r.err);
        let line = r
            .out
            .lines()
            .find(|l| l.starts_with("chesscore plays 1. "))
            .unwrap_or_else(|| panic!("no engine move in\n{}", r.out));
        let played = line["chesscore plays 1. ".len()..]
            .split(' ')
            .next()
            .unwrap();
        match line.split_once("its best line ") {
            Some((_, rest)) => {
                let best = rest.split(' ').next().unwrap();
                assert_ne!(played, best, "{line}");
                assert!(rest[best.len()..].starts_with(" eval "), "{line}");
                other += 1;
            }
            None => assert_contains(line, "(depth 1, eval "),
        }
    }
    assert!(
        other > 0,
        "the newcomer played its best line's move with every seed"
    );
}
