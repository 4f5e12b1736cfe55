//! SAN notation: tricky cases, lenient input, errors, round trips (PGN: tests/pgn.rs).

use chesscore::notation::san::{parse_san, to_san, San, SanError};
use chesscore::notation::{fen, uci};
use chesscore::rules::{Move, Position};

fn pos(fen_text: &str) -> Position {
    fen::parse(fen_text).unwrap()
}

fn mv(p: &Position, u: &str) -> Move {
    uci::parse_move(p, u).unwrap()
}

fn san_of(fen_text: &str, u: &str) -> String {
    let p = pos(fen_text);
    to_san(&p, mv(&p, u))
}

fn parses_to(fen_text: &str, text: &str, u: &str) {
    let p = pos(fen_text);
    match parse_san(&p, text) {
        Ok(m) => assert_eq!(uci::to_uci(m), u, "{text}"),
        Err(e) => panic!("{text}: {e}"),
    }
}

#[test]
fn san_disambiguation_by_file_rank_and_both() {
    // Knights on b1 and f1 (both can reach d2): by file.
    let f = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san_of(f, "b1d2"), "Nbd2");
    assert_eq!(san_of(f, "f1d2"), "Nfd2");
    // Rooks on a1 and a5 on one file: by rank.
    let f = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(f, "a1a3"), "R1a3");
    assert_eq!(san_of(f, "a5a3"), "R5a3");
    // Three queens: a file and a rank are each shared with another, so both are needed.
    let f = "6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1";
    // Queens on a4, h4 and a1 all reach d4: a1 shares its file with a4 but not its rank, a4
    // shares both, h4 neither.
    assert_eq!(san_of(f, "a1d4"), "Q1d4");
    assert_eq!(san_of(f, "a4d4"), "Qa4d4");
    assert_eq!(san_of(f, "h4d4"), "Qhd4");
    // Captures keep the disambiguation before the x.
    let f = "4k3/8/8/3p4/8/8/8/R2RK3 w - - 0 1";
    assert_eq!(
        san_of("4k3/8/8/3p4/8/8/8/1N1K1N2 w - - 0 1", "b1d2"),
        "Nbd2"
    );
    assert_eq!(san_of(f, "d1d5"), "Rxd5");
}

#[test]
fn san_pinned_piece_does_not_count_for_ambiguity() {
    // Knight on e2 is pinned by the rook on e8 against the king on e1: only Nc3 from b1... both
    // knights b1 and e2 could reach c3, but e2 is pinned, so Nc3 needs no disambiguation.
    let f = "4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1";
    assert_eq!(san_of(f, "b1c3"), "Nc3");
    parses_to(f, "Nc3", "b1c3");
    // Unpinned, the same move needs the file.
    let f = "6k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1";
    assert_eq!(san_of(f, "b1c3"), "Nbc3");
    let p = pos(f);
    match parse_san(&p, "Nc3") {
        Err(SanError::Ambiguous { token, candidates }) => {
            assert_eq!(token, "Nc3");
            assert_eq!(candidates, ["Nb1c3", "Ne2c3"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn san_castling_promotion_en_passant_and_mate() {
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(f, "e1g1"), "O-O");
    assert_eq!(san_of(f, "e1c1"), "O-O-O");
    parses_to(f, "O-O", "e1g1");
    parses_to(f, "0-0-0", "e1c1");
    parses_to(f, "o-o", "e1g1");
    // Black castling gives check along the f-file? No: just the plain form.
    let f = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(san_of(f, "e8c8"), "O-O-O");
    // Promotions with and without capture, with check.
    let f = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(f, "a7a8q"), "a8=Q");
    assert_eq!(san_of(f, "a7b8q"), "axb8=Q+");
    assert_eq!(san_of(f, "a7b8n"), "axb8=N");
    parses_to(f, "axb8=Q+", "a7b8q");
    parses_to(f, "a8Q", "a7a8q");
    parses_to(f, "a8=q", "a7a8q");
    parses_to(f, "a8(Q)", "a7a8q");
    parses_to(f, "axb8N", "a7b8n");
    // Promotion with mate.
    let f = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1";
    assert_eq!(san_of(f, "c7c8q"), "c8=Q#");
    assert_eq!(san_of(f, "c7c8r"), "c8=R#");
    assert_eq!(san_of(f, "c7c8n"), "c8=N");
    // En passant.
    let f = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(san_of(f, "e5d6"), "exd6");
    parses_to(f, "exd6", "e5d6");
    parses_to(f, "exd6e.p.", "e5d6");
    parses_to(f, "exd6 e.p.", "e5d6");
    parses_to(f, "ed6", "e5d6");
    // Checkmate: back-rank mate.
    let f = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    assert_eq!(san_of(f, "a1a8"), "Ra8#");
    // Pawn capture and pawn push.
    let s = Position::startpos();
    assert_eq!(to_san(&s, mv(&s, "e2e4")), "e4");
}

#[test]
fn san_lenient_inputs() {
    let s = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in [
        "Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", "Ngf3", "N1f3",
        "Ng1f3", "Ng1-f3", "Nxf3", " Nf3 ",
    ] {
        parses_to(s, text, "g1f3");
    }
    for text in ["e4", "Pe4", "e2e4", "e2-e4", "e4+!?"] {
        parses_to(s, text, "e2e4");
    }
    // A capture written without x, and with x where it is not a capture.
    let f = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    parses_to(f, "exd5", "e4d5");
    parses_to(f, "ed5", "e4d5");
    parses_to(f, "e:d5", "e4d5");
    parses_to(f, "Kxe2", "e1e2");
    // A move in UCI's form, as some tools write movetext: a piece's move, castling, a
    // promotion. When it names no legal move, the error speaks of its squares.
    parses_to(s, "g1f3", "g1f3");
    parses_to(s, "b1c3+", "b1c3");
    parses_to(s, "g1-f3", "g1f3");
    parses_to(s, "b1xc3", "b1c3");
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    parses_to(f, "e1g1", "e1g1");
    parses_to(f, "e1c1", "e1c1");
    parses_to("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b7b8n");
    let promoting = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    for (fen, text, reason) in [
        (s, "g1g3", "the knight on g1 cannot go to g3"),
        (s, "g1-f4", "the knight on g1 cannot go to f4"),
        (s, "e3e4", "there is no piece on e3"),
        (
            s,
            "e7e5",
            "the pawn on e7 is Black's, and it is White to move",
        ),
        (s, "e2e4q", "the move from e2 to e4 is not a promotion"),
        (
            promoting,
            "b7b8",
            "a pawn reaching the last rank must promote",
        ),
        (
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "e1d1",
            "the king on e1 cannot go to d1 (the White king is in check)",
        ),
    ] {
        match parse_san(&pos(fen), text) {
            Err(SanError::Illegal { token, reason: got }) => {
                assert_eq!(token, text);
                assert!(got.starts_with(reason), "{text}: {got}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Text in neither form keeps SAN's error.
    let err = parse_san(&pos(s), "Ng1f4").unwrap_err();
    assert!(err.to_string().contains("knight"), "{err}");
}

#[test]
fn san_errors_name_the_token() {
    let s = Position::startpos();
    match parse_san(&s, "Nf6") {
        Err(SanError::Illegal { token, reason }) => {
            assert_eq!(token, "Nf6");
            assert!(reason.contains("knight"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    for (text, needle) in [
        ("Xe4", "not a piece letter"),
        ("e9", "not a square"),
        ("", "empty"),
        ("Nf3x", "after the destination square"),
        ("Ke8=Q", "only a pawn"),
    ] {
        let err = parse_san(&s, text).unwrap_err();
        assert!(matches!(err, SanError::Syntax(_)), "{text}: {err:?}");
        assert!(err.to_string().contains(needle), "{text}: {err}");
        assert_eq!(err.token(), text);
    }
    // Castling when not allowed.
    let err = parse_san(&s, "O-O").unwrap_err();
    assert!(err.to_string().contains("castle"), "{err}");
    // A promotion without the piece is not guessed.
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(parse_san(&p, "a8"), Err(SanError::Illegal { .. })));
    // Never a panic on junk.
    for junk in [
        "x", "=", "()", "(Q)", "e8()", "N-", "Qxx", "1-0", "\u{0}", "e8=", "a8=K",
    ] {
        let _ = parse_san(&p, junk);
        let _ = junk.parse::<San>();
    }
}

#[test]
fn a_bare_destination_never_guesses_a_pawn_capture() {
    use chesscore::notation::{fen, san};
    for (position, text) in [
        ("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "d5"),
        ("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "d8=Q"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d6"),
    ] {
        let pos = fen::parse(position).unwrap();
        let err = san::parse_san(&pos, text).unwrap_err();
        assert!(
            matches!(err, san::SanError::Illegal { .. }),
            "{text} in {position}: {err}"
        );
    }
    let pos = fen::parse("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        san::to_san(&pos, san::parse_san(&pos, "ed5").unwrap()),
        "exd5"
    );
}

#[test]
fn pgn_comment_commands_are_never_broken_across_lines() {
    // Every move carries an eval command; wrapping at 80 columns must keep each one whole.
    let mut text = String::new();
    for (i, m) in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ]
    .iter()
    .enumerate()
    {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&format!("{m} {{[%eval -0.{i}7] [%clk 0:0{i}:00] a note}} "));
    }
    text.push('*');
    let game = chesscore::notation::pgn::parse_game(&text).unwrap();
    let written = chesscore::notation::pgn::write_game(&game);
    for line in written.lines().filter(|l| !l.starts_with("[")) {
        assert!(line.chars().count() <= 80, "{line}");
        assert_eq!(
            line.matches("[%").count(),
            line.matches(']').count(),
            "{line}"
        );
    }
    assert_eq!(written.matches("[%eval -0.").count(), 10);
    assert_eq!(
        chesscore::notation::pgn::parse_game(&written)
            .unwrap()
            .moves,
        game.moves
    );
}

#[test]
fn san_as_people_type_it_figurines_lower_case_pieces_and_dashes() {
    // Notation audit: `nf3`, `♘f3`, `NXf3` and `O–O` (a word processor's en dash) were refused.
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    parses_to(START, "nf3", "g1f3");
    parses_to(START, "♘f3", "g1f3");
    parses_to(START, "♞c3", "b1c3");
    parses_to(START, "♙e4", "e2e4");
    const OPEN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    parses_to(OPEN, "O–O", "e1g1");
    parses_to(OPEN, "NXe5", "f3e5");
    parses_to(OPEN, "♘xe5", "f3e5");
    parses_to(OPEN, "qe2", "d1e2");
    parses_to(OPEN, "kf1", "e1f1");
    parses_to(OPEN, "rf1", "h1f1");
    // A lower-case b is still the b-file: `bxc3`-style pawn captures are not bishops.
    let p = pos("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
    assert_eq!(uci::to_uci(parse_san(&p, "bxc3").unwrap()), "b2c3");
    assert_eq!(uci::to_uci(parse_san(&p, "Bxc3").unwrap()), "d2c3");
    // The error still quotes what was typed.
    let e = parse_san(&pos(START), "♘f4").unwrap_err();
    assert_eq!(e.token(), "♘f4");
    // Through PGN, a figurine game reads as its letters.
    let g = chesscore::game::Game::from_pgn("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 1–0").unwrap();
    assert_eq!(g.san_moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(g.result(), "1-0", "an en dash in the result too");
}
