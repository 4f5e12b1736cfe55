//! SAN and PGN notation: tricky cases, lenient input, errors, round trips.

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

// ---------------------------------------------------------------------------------------------
// PGN

use chesscore::notation::pgn::{
    parse_game, parse_games, write_game, PgnError, PgnErrorKind, PgnGame,
};

const REAL_WORLD: &str = r#"% exported by some tool; this escape line is ignored
[Event "Casual \"blitz\" game"]
[Site "C:\\games"]
[Date "2024.01.02"]
[Round "-"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[ECO "C20"]

{Opening comment.} 1. e4 e5 2. Nf3 $1 {The knight
   comes out.} 2... Nc6 (2... d6 3. d4 (3. Bc4 Be7 {quiet}) 3... exd4 ; Philidor
 ) (2... Nf6!? {Petrov}) 3. Bb5 a6?! 4. Ba4!! Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 d6
8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4
15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6
21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1
Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5
33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2
Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1-0

[Event "Second"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]

40... Kd7 41. e4 Ke6 *

[Event "Third, no terminator"]

1. d4 d5
"#;

#[test]
fn pgn_real_world_file() {
    let games = parse_games(REAL_WORLD).unwrap();
    assert_eq!(games.len(), 3);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("Casual \"blitz\" game"));
    assert_eq!(g.tag("Site"), Some("C:\\games"));
    assert_eq!(g.tags.len(), 8);
    assert_eq!(g.tags[7], ("ECO".to_string(), "C20".to_string()));
    assert_eq!(g.result, "1-0");
    assert_eq!(g.comment_before_moves.as_deref(), Some("Opening comment."));
    assert_eq!(g.moves.len(), 85);
    assert_eq!(g.moves[2].san, "Nf3");
    assert_eq!(g.moves[2].nags, [1]);
    assert_eq!(g.moves[2].comment.as_deref(), Some("The knight comes out."));
    // Variations hang on the move they replace (2... Nc6) and start from the position before it.
    let nc6 = &g.moves[3];
    assert_eq!(nc6.san, "Nc6");
    assert_eq!(nc6.variations.len(), 2);
    let philidor = &nc6.variations[0];
    let sans: Vec<&str> = philidor.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["d6", "d4", "exd4"]);
    assert_eq!(philidor[2].comment.as_deref(), Some("Philidor"));
    // The nested variation replaces 3. d4.
    let nested = &philidor[1].variations[0];
    assert_eq!(nested[0].san, "Bc4");
    assert_eq!(nested[1].comment.as_deref(), Some("quiet"));
    assert_eq!(nc6.variations[1][0].san, "Nf6");
    assert_eq!(nc6.variations[1][0].nags, [5]);
    assert_eq!(nc6.variations[1][0].comment.as_deref(), Some("Petrov"));
    assert_eq!(g.moves[5].nags, [6]); // a6?!
    assert_eq!(g.moves[6].nags, [3]); // Ba4!!
    assert_eq!(g.moves[8].san, "O-O"); // written 0-0
    assert_eq!(g.moves[84].san, "Re6");

    let g = &games[1];
    assert_eq!(g.start.side_to_move(), chesscore::rules::Side::Black);
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.result, "*");

    let g = &games[2];
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.result, "*");

    assert_eq!(parse_game(REAL_WORLD).unwrap(), games[0]);
}

#[test]
fn pgn_round_trips_with_variations_comments_and_fen_starts() {
    for g in parse_games(REAL_WORLD).unwrap() {
        let text = write_game(&g);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        let back = parse_game(&text).unwrap();
        assert_eq!(back.moves, g.moves, "{text}");
        assert_eq!(back.start, g.start);
        assert_eq!(back.result, g.result);
        assert_eq!(back.comment_before_moves, g.comment_before_moves);
        // Writing again gives the same text.
        assert_eq!(write_game(&back), text);
    }
}

#[test]
fn pgn_export_format() {
    let games = parse_games(REAL_WORLD).unwrap();
    let text = write_game(&games[0]);
    let head: Vec<&str> = text.lines().take(10).collect();
    assert_eq!(
        head,
        [
            "[Event \"Casual \\\"blitz\\\" game\"]",
            "[Site \"C:\\\\games\"]",
            "[Date \"2024.01.02\"]",
            "[Round \"-\"]",
            "[White \"Ann\"]",
            "[Black \"Bob\"]",
            "[Result \"1-0\"]",
            "[ECO \"C20\"]",
            "",
            "{Opening comment.} 1. e4 e5 2. Nf3 $1 {The knight comes out.} 2... Nc6 (2... d6",
        ]
    );
    assert!(text.contains("(3. Bc4 Be7 {quiet})"), "{text}");
    assert!(
        text.contains("3... exd4 {Philidor}) (2... Nf6 $5 {Petrov}) 3. Bb5"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("43. Re6 1-0"), "{text}");
    let second = write_game(&games[1]);
    assert!(
        second.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"),
        "{second}"
    );
    assert!(second.contains("\n40... Kd7 41. e4 Ke6 *"), "{second}");
    // Defaults for the Seven Tag Roster.
    let third = write_game(&games[2]);
    assert!(third.starts_with("[Event \"Third, no terminator\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 d5 *"), "{third}");
}

fn pgn_err(text: &str) -> PgnError {
    match parse_games(text) {
        Err(e) => e,
        Ok(g) => panic!("expected an error for {text:?}, got {g:?}"),
    }
}

#[test]
fn pgn_errors_carry_line_column_and_token() {
    let mut text = String::from("[Event \"x\"]\n\n");
    for n in 1..=9 {
        text.push_str(&format!("{n}. Nf3 Nf6 {}. Ng1 Ng8\n", n));
    }
    // Line 12: the knight on f6 cannot go to f6 again.
    text.push_str("10. Nf3 Nf6 11. Ng1 Nf6\n");
    let e = pgn_err(&text);
    assert_eq!((e.line, e.column, e.token.as_str()), (12, 21, "Nf6"));
    assert!(matches!(e.kind, PgnErrorKind::Move(_)));
    let msg = e.to_string();
    assert!(
        msg.contains("line 12, column 21") && msg.contains("Nf6"),
        "{msg}"
    );

    let e = pgn_err("1. e4 e5\n2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kxe8 *");
    assert_eq!((e.line, e.column, e.token.as_str()), (2, 38, "Kxe8"));

    let e = pgn_err("1. e4 {unterminated\n comment");
    assert_eq!((e.line, e.column, e.token.as_str()), (1, 7, "{"));
    assert!(e.to_string().contains("not closed"), "{e}");

    let e = pgn_err("1. e4 (1. d4 d5 2. c4 *");
    assert_eq!((e.line, e.column), (1, 23));
    let e = pgn_err("1. e4 (1. d4 d5 2. c4\n");
    assert_eq!((e.line, e.column, e.token.as_str()), (1, 7, "("));
    let e = pgn_err("1. e4 e5 ) *");
    assert_eq!((e.line, e.column, e.token.as_str()), (1, 10, ")"));
    let e = pgn_err("( 1. e4 ) *");
    assert_eq!((e.line, e.column), (1, 1));
    let e = pgn_err("[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *");
    assert!(matches!(e.kind, PgnErrorKind::Fen(_)));
    assert_eq!((e.line, e.column), (1, 1));
    let e = pgn_err("[Event \"open\n1. e4 *");
    assert_eq!((e.line, e.column), (1, 1));
    let e = pgn_err("[Event \"x\" junk]\n1. e4 *");
    assert_eq!(e.line, 1);
    let e = pgn_err("1. e4 $300 *");
    assert_eq!((e.column, e.token.as_str()), (7, "$300"));
    let e = pgn_err("1. e4 e5 2. Nf3 Nc3 *");
    assert_eq!(e.token, "Nc3");
    let e = pgn_err("1. e4 e5 2. e4!!! *");
    assert_eq!(e.token, "e4!!!");
    let e = pgn_err("1. e4 } e5");
    assert_eq!((e.column, e.token.as_str()), (7, "}"));

    match parse_game("  \n% only an escape line\n") {
        Err(PgnError {
            kind: PgnErrorKind::NoGame,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    assert!(parse_games("").unwrap().is_empty());
}

#[test]
fn pgn_lenient_bits() {
    // Glued move numbers, 1... for Black, CRLF line ends, a BOM, and an unnumbered move list.
    let g = parse_game("\u{feff}[Event \"e\"]\r\n\r\n1.e4 1...e5 2.Nf3 Nc6 3 Bb5 ½-½\r\n").unwrap();
    assert_eq!(g.moves.len(), 5);
    assert_eq!(g.result, "1/2-1/2");
    let g = parse_game("1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 4. d4 0-1").unwrap();
    assert_eq!(g.moves[4].san, "exd6");
    assert!(g.moves[4].mv.is_en_passant());
    assert_eq!(g.moves.len(), 7);
    let g = parse_game("e4 e5 Nf3").unwrap();
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.result, "*");
    // A comment before the first move of a variation.
    let g = parse_game("1. e4 ({Or} 1. d4 {solid}) 1... e5 *").unwrap();
    assert_eq!(
        g.moves[0].variations[0][0].comment_before.as_deref(),
        Some("Or")
    );
    let text = write_game(&g);
    assert!(
        text.contains("1. e4 ({Or} 1. d4 {solid}) 1... e5 *"),
        "{text}"
    );
    assert_eq!(parse_game(&text).unwrap().moves, g.moves);
}

#[test]
fn pgn_never_panics_on_junk() {
    let samples = [
        "[",
        "[]",
        "[A",
        "[A \"",
        "[A \"\\",
        "{",
        ";",
        "(",
        ")",
        "$",
        "$9999999999999",
        "1.",
        "1...",
        "((((((",
        "*)",
        "1-0 1-0",
        "[A \"b\"] [C \"d\"]",
        "e4 ( e5",
        "e4 (e5) )",
        "%",
        "\"",
        "!!",
        "e4 !!",
        "e4 ?!?",
        "O-O",
        "e8=Q",
        "\u{0}",
        "Nf3 (Nf3 (Nf3))",
    ];
    for s in samples {
        let _ = parse_games(s);
        let _ = parse_game(s);
    }
    let deep = "1. e4 ".to_string() + &"(1. d4 ".repeat(100_000);
    assert!(parse_games(&deep).is_err());
    // Every prefix of a real file either reads or fails cleanly.
    for cut in (0..REAL_WORLD.len()).step_by(7) {
        if REAL_WORLD.is_char_boundary(cut) {
            let _ = parse_games(&REAL_WORLD[..cut]);
        }
    }
}

#[test]
fn pgn_writes_from_scratch_and_wraps() {
    let start = Position::startpos();
    let mut game = PgnGame {
        tags: vec![("Annotator".to_string(), "a \"quoted\" \\ name".to_string())],
        start: start.clone(),
        moves: Vec::new(),
        result: "garbage".to_string(),
        comment_before_moves: Some("a }tricky{ comment ".repeat(12)),
    };
    let mut pos = start;
    for u in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        let m = mv(&pos, u);
        game.moves.push(chesscore::notation::pgn::PgnMove {
            mv: m,
            san: to_san(&pos, m),
            nags: vec![],
            comment_before: None,
            comment: Some("x".repeat(100)),
            variations: vec![],
        });
        pos.make_move(m);
    }
    let text = write_game(&game);
    assert!(
        text.contains("[Annotator \"a \\\"quoted\\\" \\\\ name\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"*\"]"));
    let back = parse_game(&text).unwrap();
    assert_eq!(back.tag("Annotator"), Some("a \"quoted\" \\ name"));
    assert_eq!(back.moves.len(), 4);
    assert_eq!(back.moves[3].comment, game.moves[3].comment);
    assert!(back
        .comment_before_moves
        .unwrap()
        .contains("a )tricky{ comment"));
    for line in text.lines() {
        // Only the 102-character single-word comments may exceed the width.
        assert!(line.chars().count() <= 80 || !line.contains(' '), "{line}");
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
