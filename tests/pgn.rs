//! PGN: real files, lenient input, located errors and recovery, annotations, export format,
//! round trips (also over generated trees), and the linear-time guarantees.

use chesscore::game::Game;
use chesscore::notation::fen;
use chesscore::notation::pgn::{
    parse_game, read_games, write_game, Annotations, Arrow, EvalScore, Evaluation, MarkColor,
    PgnError, PgnErrorKind, PgnGame, PgnMove, SquareMark, MAX_LINE_LENGTH,
};
use chesscore::notation::san::to_san;
use chesscore::notation::uci;
use chesscore::rules::{Move, Position, Square};
use std::time::Duration;

fn mv(p: &Position, u: &str) -> Move {
    uci::parse_move(p, u).unwrap()
}

fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    read_games(text).collect()
}

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
    assert_eq!(g.root.comment_after.as_deref(), Some("Opening comment."));
    assert_eq!(g.moves.len(), 85);
    assert_eq!(g.moves[2].san, "Nf3");
    assert_eq!(g.moves[2].annotations.nags, [1]);
    assert_eq!(
        g.moves[2].annotations.comment_after.as_deref(),
        Some("The knight comes out.")
    );
    // Variations hang on the move they replace (2... Nc6) and start from the position before it.
    let nc6 = &g.moves[3];
    assert_eq!(nc6.san, "Nc6");
    assert_eq!(nc6.variations.len(), 2);
    let philidor = &nc6.variations[0];
    let sans: Vec<&str> = philidor.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["d6", "d4", "exd4"]);
    assert_eq!(
        philidor[2].annotations.comment_after.as_deref(),
        Some("Philidor")
    );
    // The nested variation replaces 3. d4.
    let nested = &philidor[1].variations[0];
    assert_eq!(nested[0].san, "Bc4");
    assert_eq!(
        nested[1].annotations.comment_after.as_deref(),
        Some("quiet")
    );
    assert_eq!(nc6.variations[1][0].san, "Nf6");
    assert_eq!(nc6.variations[1][0].annotations.nags, [5]);
    assert_eq!(
        nc6.variations[1][0].annotations.comment_after.as_deref(),
        Some("Petrov")
    );
    assert_eq!(g.moves[5].annotations.nags, [6]); // a6?!
    assert_eq!(g.moves[6].annotations.nags, [3]); // Ba4!!
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
            assert!(line.chars().count() < 80, "{line}");
        }
        let back = parse_game(&text).unwrap();
        assert_eq!(back.moves, g.moves, "{text}");
        assert_eq!(back.start, g.start);
        assert_eq!(back.result, g.result);
        assert_eq!(back.root, g.root);
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
        second.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[SetUp \"1\"]"),
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
        g.moves[0].variations[0][0]
            .annotations
            .comment_before
            .as_deref(),
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
        root: Annotations {
            comment_after: Some("a }tricky{ comment ".repeat(12)),
            ..Annotations::default()
        },
    };
    let mut pos = start;
    for u in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        let m = mv(&pos, u);
        game.moves.push(PgnMove {
            mv: m,
            san: to_san(&pos, m),
            annotations: Annotations {
                comment_after: Some("x".repeat(100)),
                ..Annotations::default()
            },
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
    assert_eq!(back.moves[3].annotations, game.moves[3].annotations);
    assert!(back
        .root
        .comment_after
        .unwrap()
        .contains("a )tricky{ comment"));
    for line in text.lines() {
        // Only the 102-character single-word comments may exceed the width.
        assert!(line.chars().count() < 80 || !line.contains(' '), "{line}");
    }
}

#[test]
fn a_command_left_open_in_a_comment_still_wraps() {
    // `[%` with no `]` after it is text: the words after it wrap like any other, while a
    // closed command stays on one line.
    let words = "bar baz qux quux corge grault garply waldo fred plugh xyzzy thud aaa bbb ccc";
    let text =
        format!("1. e4 {{a [%foo {words} {words}}} e5 {{[%clk 0:01:00] [%cal Gg1f3,Rb1c3]}} *\n");
    let game = parse_game(&text).unwrap();
    let out = write_game(&game);
    for line in out.lines() {
        assert!(line.chars().count() <= MAX_LINE_LENGTH, "{line}");
    }
    assert!(out.contains("[%clk 0:01:00]"), "{out}");
    assert!(out.contains("[%cal Gg1f3,Rb1c3]"), "{out}");
    assert_eq!(parse_game(&out).unwrap().moves, game.moves);
}

#[test]
fn dots_standing_alone_a_bom_before_an_escape_line_and_comments_after_the_result() {
    // chess.js writes a game where Black starts as `1. ... e5`; some files put a lone `.`.
    let g = parse_game(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1. ... e5 2 . Nf3 … Nc6 *",
    )
    .unwrap();
    let sans: Vec<&str> = g.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e5", "Nf3", "Nc6"]);
    // A byte-order mark, then a `%` escape line.
    let games = parse_games("\u{feff}% written by some tool\n[Event \"x\"]\n\n1. e4 *\n").unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Event"), Some("x"));
    // Comments after the result belong to that game: no empty game after it.
    let text = "[Event \"a\"]\n\n1. e4 e5 1-0 {White won on time}\n; and a note\n\n[Event \"b\"]\n\n1. d4 *\n{the end}\n";
    let games = parse_games(text).unwrap();
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(
        games[0].moves[1].annotations.comment_after.as_deref(),
        Some("White won on time and a note")
    );
    assert_eq!(games[0].result, "1-0");
    assert_eq!(
        games[1].moves[0].annotations.comment_after.as_deref(),
        Some("the end")
    );
    // Followed by moves, such comments open the next game (a game without tags).
    let games = parse_games("1. e4 * {second} 1. d4 *").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].root.comment_after.as_deref(), Some("second"));
    assert_eq!(games[1].moves[0].san, "d4");
}

/// Five games; the second, fourth and fifth are broken in different ways.
const FILE_WITH_BAD_GAMES: &str = "[Event \"one\"]
[Result \"*\"]

1. e4 e5 2. Nf3 *

[Event \"two\"]
[White Elo \"2000\"]
[Black \"x\"]

1. d4 d5 *

[Event \"three\"]

1. c4 {English} e5 *

[Event \"four\"]

1. e4 e5 2. Ke3 Nc6 *

[Event \"five\"]

1. Nf3 {never closed
2. g3 *

[Event \"six\"]

1. b3 *
";

#[test]
fn a_bad_game_costs_only_itself_and_each_error_says_where() {
    let results: Vec<_> = read_games(FILE_WITH_BAD_GAMES).collect();
    assert_eq!(results.len(), 6, "{results:?}");
    let events: Vec<Option<&str>> = results
        .iter()
        .map(|r| r.as_ref().ok().and_then(|g| g.tag("Event")))
        .collect();
    assert_eq!(
        events,
        [Some("one"), None, Some("three"), None, None, Some("six")]
    );
    let errors: Vec<&PgnError> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    // Game 2: a tag name with a space in it (line 7, where the tag starts).
    assert_eq!(
        (errors[0].game, errors[0].line, errors[0].column),
        (2, 7, 1)
    );
    // Game 4: the king cannot reach e3 (line 18, column 13).
    assert_eq!(
        (
            errors[1].game,
            errors[1].line,
            errors[1].column,
            errors[1].token.as_str()
        ),
        (4, 18, 13, "Ke3")
    );
    assert!(matches!(errors[1].kind, PgnErrorKind::Move(_)));
    // Game 5: a comment that is never closed (line 22, column 8).
    assert_eq!(
        (errors[2].game, errors[2].line, errors[2].column),
        (5, 22, 8)
    );
    assert!(errors[2].to_string().contains("not closed"));
    // The good games are whole.
    let three = results[2].as_ref().unwrap();
    assert_eq!(three.moves.len(), 2);
    assert_eq!(
        three.moves[0].annotations.comment_after.as_deref(),
        Some("English")
    );
    // The same through Game.
    let games: Vec<_> = Game::read_pgn(FILE_WITH_BAD_GAMES).collect();
    assert_eq!(games.iter().filter(|g| g.is_ok()).count(), 3);
}

const ANNOTATED: &str = "[Event \"Annotated\"]
[Site \"lichess.org\"]

{[%evp 0,17] Start of the game.} 1. e4 {[%clk 0:03:00] [%eval 0.17]} 1... c5 $6
{[%clk 0:02:58.5] [%eval #-3,22]} ( {Or} 1... e5 {[%csl Gd4,Re5] [%cal Gg1f3]
classical} 2. Nf3 (2. f4 $5 {gambit} {the King's Gambit} 2... exf4) 2... Nc6 ) 2.
Nf3 {[%emt 0:00:05]} {} {before d6} 2... d6 $1 $14 *
";

#[test]
fn annotations_are_read_into_their_moves_and_written_back() {
    let g = parse_game(ANNOTATED).unwrap();
    assert_eq!(g.root.comment_after.as_deref(), Some("Start of the game."));
    assert_eq!(g.root.commands[0].to_string(), "[%evp 0,17]");
    let e4 = &g.moves[0].annotations;
    assert_eq!(e4.clock, Some(Duration::from_secs(180)));
    assert_eq!(
        e4.eval,
        Some(Evaluation {
            score: EvalScore::Centipawns(17),
            depth: None
        })
    );
    assert_eq!(e4.comment_after, None);
    let c5 = &g.moves[1];
    assert_eq!(c5.annotations.nags, [6]);
    assert_eq!(c5.annotations.clock, Some(Duration::from_millis(178_500)));
    assert_eq!(
        c5.annotations.eval.map(|e| (e.score, e.depth)),
        Some((EvalScore::Mate(-3), Some(22)))
    );
    let e5 = &c5.variations[0][0];
    assert_eq!(e5.san, "e5");
    assert_eq!(e5.annotations.comment_before.as_deref(), Some("Or"));
    assert_eq!(e5.annotations.comment_after.as_deref(), Some("classical"));
    assert_eq!(
        e5.annotations.squares,
        [
            SquareMark {
                color: MarkColor::Green,
                square: Square::D4
            },
            SquareMark {
                color: MarkColor::Red,
                square: Square::E5
            }
        ]
    );
    assert_eq!(
        e5.annotations.arrows,
        [Arrow {
            color: MarkColor::Green,
            from: Square::G1,
            to: Square::F3
        }]
    );
    // A nested variation; its two comments in a row are its move's, joined.
    let f4 = &c5.variations[0][1].variations[0][0];
    assert_eq!(f4.san, "f4");
    assert_eq!(f4.annotations.nags, [5]);
    assert_eq!(
        f4.annotations.comment_after.as_deref(),
        Some("gambit the King's Gambit")
    );
    let exf4 = &c5.variations[0][1].variations[0][1];
    assert_eq!(exf4.annotations.comment_before, None);
    // Main line: an unknown command is kept; after an empty comment, a comment belongs to the
    // next move.
    let nf3 = &g.moves[2].annotations;
    assert_eq!(nf3.commands[0].to_string(), "[%emt 0:00:05]");
    assert_eq!(nf3.comment_after, None);
    let d6 = &g.moves[3].annotations;
    assert_eq!(d6.comment_before.as_deref(), Some("before d6"));
    assert_eq!(d6.nags, [1, 14]);

    let written = write_game(&g);
    for line in written.lines() {
        assert!(line.chars().count() < 80, "{line}");
    }
    for part in [
        "{[%evp 0,17] Start of the game.} 1. e4 {[%clk 0:03:00] [%eval 0.17]} 1... c5 $6",
        "({Or} 1... e5 {[%csl Gd4,Re5] [%cal Gg1f3] classical} 2. Nf3",
        "(2. f4 $5 {gambit the King's Gambit} 2... exf4) 2... Nc6)",
        "2. Nf3 {[%emt 0:00:05]} {} {before d6} 2... d6 $1 $14 *",
    ] {
        let flat = written.replace('\n', " ");
        assert!(flat.contains(part), "{part}\n{written}");
    }
    let again = parse_game(&written).unwrap();
    assert_eq!((&again.root, &again.moves), (&g.root, &g.moves));
    assert_eq!(write_game(&again), written);
}

/// lichess's export with its computer analysis (the form of a real game, shortened): each
/// judged move has its judgement and then its `[%eval]` and `[%clk]` as a second comment, and
/// the opening's name follows a move's own comment.
const LICHESS_ANALYSED: &str = "[Event \"Rated Blitz game\"]
[Site \"https://lichess.org/abcdefgh\"]
[Annotator \"lichess.org\"]

1. e4 { [%eval 0.24] [%clk 0:05:00] } 1... c5 { [%eval 0.32] [%clk 0:05:00] } 2. Nf3
{ [%eval 0.0] [%clk 0:05:01] } 2... g6 { [%eval 0.13] [%clk 0:05:03] } { B27 Sicilian
Defense: Hyperaccelerated Fianchetto } 3. d4 { [%eval 0.25] [%clk 0:04:57] } 3... Bg7?!
{ (0.25 → 0.81) Inaccuracy. cxd4 was best. } { [%eval 0.81] [%clk 0:05:05] } (3... cxd4
4. Nxd4 Bg7) 4. dxc5 { [%eval 0.7] [%clk 0:04:55] } 4... Qa5+ { [%eval 0.75]
[%clk 0:05:01] } 5. Bd2?? { (0.75 → -2.10) Blunder. c3 was best. } { [%eval -2.1]
[%clk 0:04:40] } (5. c3 Qxc5) 5... Qxc5 { [%eval -2.0] [%clk 0:04:58] } *
";

#[test]
fn lichess_judgements_and_their_commands_stay_with_their_move() {
    let g = parse_game(LICHESS_ANALYSED).unwrap();
    let at = |ply: usize| &g.moves[ply].annotations;
    let clock = |ply: usize| at(ply).clock.map(|c| c.as_secs());
    let eval = |ply: usize| at(ply).eval.map(|e| e.score);
    // Every move has its own clock and evaluation, and no second one.
    let clocks: Vec<_> = (0..10).map(clock).collect();
    assert_eq!(
        clocks,
        [300, 300, 301, 303, 297, 305, 295, 301, 280, 298].map(Some)
    );
    assert_eq!(eval(5), Some(EvalScore::Centipawns(81)));
    assert_eq!(eval(6), Some(EvalScore::Centipawns(70)));
    assert_eq!(eval(8), Some(EvalScore::Centipawns(-210)));
    assert!(g.moves.iter().all(|m| m.annotations.commands.is_empty()));
    // The judgement and the opening's name are the comments of the move they follow.
    assert_eq!(
        at(3).comment_after.as_deref(),
        Some("B27 Sicilian Defense: Hyperaccelerated Fianchetto")
    );
    assert_eq!(
        at(5).comment_after.as_deref(),
        Some("(0.25 → 0.81) Inaccuracy. cxd4 was best.")
    );
    assert_eq!(at(5).nags, [6]);
    assert_eq!(
        at(8).comment_after.as_deref(),
        Some("(0.75 → -2.10) Blunder. c3 was best.")
    );
    assert!(g
        .moves
        .iter()
        .all(|m| m.annotations.comment_before.is_none()));
    // Written back as one comment per move, and read back the same.
    let written = write_game(&g);
    let flat = written.replace('\n', " ");
    assert!(
        flat.contains(
            "3... Bg7 $6 {[%clk 0:05:05] [%eval 0.81] (0.25 → 0.81) Inaccuracy. cxd4 was best.} (3... cxd4"
        ),
        "{written}"
    );
    let again = parse_game(&written).unwrap();
    assert_eq!((&again.root, &again.moves), (&g.root, &g.moves));
}

#[test]
fn a_game_of_tags_only_stays_a_game_of_its_own() {
    // No movetext, not even a result: the next game's tag section (after a blank line, with
    // a name already given) starts a game of its own instead of taking this one's tags, a FEN
    // among them, as python-chess and lichess read it.
    let text = "[Event \"Tags only\"]\n[Round \"7\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n\n\
                [Event \"Real game\"]\n\n1. e4 e5 *\n\n\
                [Event \"Also tags only\"]\n\n[Event \"Last\"]\n[Site \"x\"]\n\n1. d4 *\n";
    let games = parse_games(text).unwrap();
    let events: Vec<_> = games
        .iter()
        .map(|g| {
            g.tags
                .iter()
                .find(|(n, _)| n == "Event")
                .unwrap()
                .1
                .as_str()
        })
        .collect();
    assert_eq!(events, ["Tags only", "Real game", "Also tags only", "Last"]);
    assert!(games[0].moves.is_empty());
    assert_eq!(games[0].result, "*");
    assert_eq!(fen::to_fen(&games[0].start), "8/8/8/8/8/8/8/K6k w - - 0 1");
    let real = &games[1];
    assert_eq!(real.tags, [("Event".to_string(), "Real game".to_string())]);
    assert_eq!(real.start, Position::startpos());
    assert_eq!(real.moves.len(), 2);
    assert_eq!(games[3].tags.len(), 2);
    assert_eq!(games[3].moves[0].san, "d4");
    // A name given twice with no blank line between is still one game's.
    let twice = parse_games("[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n").unwrap();
    assert_eq!(twice.len(), 1);
}

#[test]
fn a_nag_before_a_lines_first_move_is_that_moves() {
    // ChessBase starts variations with `$142` ("better is") or `$140` ("with the idea"); a
    // file may also put one before the game's first move. The game was refused ("annotation
    // before any move"); the NAG is the move's now, as a comment there would be.
    let game = parse_game("1. e4 ( $142 1. d4 $1 d5 ) ( $140 ) e5 $2 *").unwrap();
    let e4 = &game.moves[0];
    assert_eq!(e4.variations.len(), 1);
    assert_eq!(e4.variations[0][0].san, "d4");
    assert_eq!(e4.variations[0][0].annotations.nags, [142, 1]);
    // A variation of a NAG alone gives it to the move it follows, as its comments would.
    assert_eq!(e4.annotations.nags, [140]);
    assert_eq!(game.moves[1].annotations.nags, [2]);
    let first = parse_game("$1 1. e4 e5 *").unwrap();
    assert_eq!(first.moves[0].annotations.nags, [1]);
    // Written back after the move, and read again the same.
    let text = write_game(&game);
    assert!(text.contains("(1. d4 $142 $1 d5)"), "{text}");
    assert_eq!(parse_game(&text).unwrap().moves, game.moves);
}

#[test]
fn a_game_of_another_variant_is_refused_by_its_name() {
    let text = "[Event \"a\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
                [Event \"b\"]\n[Variant \"From Position\"]\n\n1. d4 *\n\n\
                [Event \"c\"]\n[Variant \"Standard\"]\n\n1. c4 *\n";
    let games: Vec<_> = read_games(text).collect();
    assert_eq!(games.len(), 3);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!((e.game, e.line, e.column), (1, 2, 1));
    assert!(
        e.to_string()
            .contains("the variant 'Crazyhouse' is not supported"),
        "{e}"
    );
    assert_eq!(games[1].as_ref().unwrap().moves[0].san, "d4");
    assert_eq!(games[2].as_ref().unwrap().moves[0].san, "c4");
}

#[test]
fn a_utf16_file_is_read_by_its_byte_order_mark() {
    // Found by an audit: a file Windows Notepad saved as "Unicode" was refused at line 1,
    // column 1 ("invalid SAN 'ÿþ'"), its bytes read as Windows-1252.
    use chesscore::notation::pgn::text_from_bytes;
    let text = "[White \"Müller\"]\r\n\r\n1. e4 {Grünfeld ♘} e5 *\r\n";
    let units: Vec<u16> = std::iter::once(0xFEFF).chain(text.encode_utf16()).collect();
    let little: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    let big: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
    for bytes in [&little, &big] {
        let read = text_from_bytes(bytes);
        assert_eq!(read, format!("\u{FEFF}{text}"));
        let game = parse_game(&read).unwrap();
        assert_eq!(game.tag("White"), Some("Müller"));
        assert_eq!(
            game.moves[0].annotations.comment_after.as_deref(),
            Some("Grünfeld ♘")
        );
    }
    // UTF-32, whose little-endian mark starts as UTF-16's does.
    let wide: Vec<char> = std::iter::once('\u{FEFF}').chain(text.chars()).collect();
    let little: Vec<u8> = wide
        .iter()
        .flat_map(|&c| (c as u32).to_le_bytes())
        .collect();
    let big: Vec<u8> = wide
        .iter()
        .flat_map(|&c| (c as u32).to_be_bytes())
        .collect();
    for bytes in [&little, &big] {
        assert_eq!(text_from_bytes(bytes), format!("\u{FEFF}{text}"));
    }
    // A last odd byte, or half a surrogate pair, is one replacement character.
    assert_eq!(text_from_bytes(b"\xff\xfee\x004"), "\u{FEFF}e\u{FFFD}");
    assert_eq!(text_from_bytes(b"\xff\xfe\x3d\xd8e\0"), "\u{FEFF}\u{FFFD}e");
}

#[test]
fn a_file_that_is_not_utf8_is_read_as_windows_1252() {
    use chesscore::notation::pgn::text_from_bytes;
    let text = "[White \"Réti, Richard\"]\n\n1. Nf3 {“best”} d5 *\n";
    assert!(matches!(
        text_from_bytes(text.as_bytes()),
        std::borrow::Cow::Borrowed(t) if t == text
    ));
    let mut cp1252 = b"[White \"R\xe9ti, Richard\"]\n\n1. Nf3 {".to_vec();
    cp1252.extend(b"\x93best\x94} d5 *\n");
    assert_eq!(text_from_bytes(&cp1252), text);
    let game = parse_game(&text_from_bytes(&cp1252)).unwrap();
    assert_eq!(game.tag("White"), Some("Réti, Richard"));
    // A file put together from several sources: its UTF-8 games stay right beside one in
    // Windows-1252, a byte-order mark included.
    let mut mixed = "\u{FEFF}[White \"Müller\"]\n\n1. e4 {Grünfeld} *\n\n"
        .as_bytes()
        .to_vec();
    mixed.extend(b"[White \"R\xe9ti\"]\n\n1. Nf3 *\n");
    let text = text_from_bytes(&mixed);
    assert!(text.starts_with("\u{FEFF}[White \"Müller\"]"), "{text}");
    // A sequence cut short at the end is read byte by byte too.
    assert_eq!(text_from_bytes(b"e4 \xc3"), "e4 Ã");
    let games: Vec<_> = read_games(&text).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].moves[0].annotations.comment_after.as_deref(),
        Some("Grünfeld")
    );
    assert_eq!(games[1].tag("White"), Some("Réti"));
    // Old Mac line ends (a CR alone) end `;` comments and `%` lines; CR LF stays as it is.
    let mac = b"[Event \"a\"]\r\r1. e4 e5 ; main line\r2. Nf3 Nc6 1-0\r\r%escaped\r[Event \"b\"]\r\r1. d4 d5 0-1\r";
    let text = text_from_bytes(mac);
    let games: Vec<_> = read_games(&text).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.len(), 4);
    assert_eq!(
        games[0].moves[1].annotations.comment_after.as_deref(),
        Some("main line")
    );
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(text_from_bytes(b"1. e4 *\r\n"), "1. e4 *\r\n");
    // Every byte is a character: the 0x80-0x9F block as Windows-1252 has it, its five unassigned
    // bytes and the rest as Latin-1.
    let all: Vec<u8> = (0..=255).collect();
    let read: Vec<char> = text_from_bytes(&all).chars().collect();
    assert_eq!(read.len(), 256);
    assert_eq!(read[0x80], '€');
    assert_eq!(read[0x8D], '\u{8D}');
    assert_eq!(read[0x97], '—');
    assert_eq!(read[0x9F], 'Ÿ');
    assert!((0xA0..=0xFF).all(|b| read[b] as u32 == b as u32));
    // (The CR there, alone, is a line end.)
    assert!((0..0x80).all(|b| read[b] as u32 == if b == 13 { 10 } else { b as u32 }));
}

#[test]
fn glyphs_before_a_check_sign_and_evaluation_symbols_as_text_are_nags() {
    let g = parse_game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7!# 1-0").unwrap();
    assert_eq!(g.moves[5].annotations.nags, [4]);
    assert_eq!(
        (g.moves[6].san.as_str(), &g.moves[6].annotations.nags[..]),
        ("Qxf7#", &[1][..])
    );
    let g = parse_game("1. e4 d5 2. Bb5!?+ c6 3. Bxc6+?! *").unwrap();
    assert_eq!(g.moves[2].annotations.nags, [5]);
    assert_eq!(g.moves[4].annotations.nags, [6]);
    // Scid's symbolic annotations, and people's.
    let g =
        parse_game("1. e4 e5 2. Nf3 += Nc6 3. Bb5 N a6 D 4. Ba4 +/- Nf6 = 5. O-O -+ *").unwrap();
    let nags: Vec<_> = g.moves.iter().map(|m| m.annotations.nags.clone()).collect();
    assert_eq!(
        nags,
        [
            vec![],
            vec![],
            vec![14],
            vec![],
            vec![146],
            vec![220],
            vec![16],
            vec![10],
            vec![19]
        ]
    );
    assert!(write_game(&g)
        .contains("2. Nf3 $14 Nc6 3. Bb5 $146 a6 $220 4. Ba4 $16 Nf6 $10 5. O-O $19 *"));
    // DOS's end-of-file mark after the last game.
    let games: Vec<_> = read_games("1. e4 e5 *\n\u{1a}").collect();
    assert_eq!(games.len(), 1);
    assert!(games[0].is_ok());
}

#[test]
fn a_fen_tag_with_rights_its_position_cannot_have_is_read_without_them() {
    // As a FEN copied with KQkq after the kings have moved, and an en passant square no pawn
    // could have made: what cannot be is dropped, as python-chess does.
    let g = parse_game("[SetUp \"1\"]\n[FEN \"7k/5K2/4R3/8/8/8/8/8 w KQkq - 0 1\"]\n\n1. Rh6# 1-0")
        .unwrap();
    assert_eq!(fen::to_fen(&g.start), "7k/5K2/4R3/8/8/8/8/8 w - - 0 1");
    assert_eq!(g.moves[0].san, "Rh6#");
    assert!(write_game(&g).contains("[FEN \"7k/5K2/4R3/8/8/8/8/8 w - - 0 1\"]"));
    let g = parse_game("[FEN \"7k/5K2/4R3/8/8/8/8/8 b KQkq e6 0 1\"]\n\n1... Kh7 *");
    assert_eq!(
        fen::to_fen(&g.unwrap().start),
        "7k/5K2/4R3/8/8/8/8/8 b - - 0 1"
    );
    // What no repair can mend is still refused, at the tag.
    let e = parse_game("[FEN \"8/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb1 *").unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
}

#[test]
fn comment_lines_among_the_tags_do_not_split_the_game() {
    let text = "; exported by a tool\n[Event \"a\"]\n[White \"Ann\"]\n; imported 2024-01-01\n\
                [Black \"Bob\"]\n[Result \"1-0\"]\n\n{Start} 1. e4 e5 1-0\n\n\
                [Event \"b\"]\n\n1. d4 *\n";
    let games: Vec<_> = read_games(text).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(
        (g.tag("Event"), g.tag("White"), g.tag("Black")),
        (Some("a"), Some("Ann"), Some("Bob"))
    );
    assert_eq!(g.result, "1-0");
    assert_eq!(g.moves.len(), 2);
    // Nothing is lost: the comments go before the first move, in order.
    assert_eq!(
        g.root.comment_after.as_deref(),
        Some("exported by a tool imported 2024-01-01 Start")
    );
    assert_eq!(games[1].tag("Event"), Some("b"));
}

#[test]
fn a_tag_value_ending_in_a_backslash_is_read() {
    // python-chess writes tag values without escapes.
    let g = parse_game("[Source \"C:\\\"]\n[Event \"a \\\"b\\\" c\"]\n\n1. e4 *").unwrap();
    assert_eq!(g.tag("Source"), Some("C:\\"));
    assert_eq!(g.tag("Event"), Some("a \"b\" c"));
    let again = parse_game(&write_game(&g)).unwrap();
    assert_eq!(again.tag("Source"), Some("C:\\"));
    assert_eq!(again.tag("Event"), Some("a \"b\" c"));
}

#[test]
fn movetext_in_uci_form_is_read() {
    let g = parse_game("1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 *").unwrap();
    let sans: Vec<_> = g.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]);
    assert!(write_game(&g).contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *"));
}

#[test]
fn commands_after_a_variation_belong_to_the_move_before_it() {
    let g =
        parse_game("1. e4 {A} (1. d4 {V}) {B [%clk 0:01:00]} 1... e5 {[%clk 0:00:59]} *").unwrap();
    assert_eq!(g.moves[0].annotations.clock, Some(Duration::from_secs(60)));
    assert_eq!(g.moves[0].annotations.comment_after.as_deref(), Some("A"));
    assert_eq!(g.moves[1].annotations.clock, Some(Duration::from_secs(59)));
    assert_eq!(g.moves[1].annotations.comment_before.as_deref(), Some("B"));
    assert!(g.moves.iter().all(|m| m.annotations.commands.is_empty()));
    // Two comments before the first move are the start's; after `{}`, the first move's.
    let g = parse_game("{S} {T} 1. e4 *").unwrap();
    assert_eq!(g.root.comment_after.as_deref(), Some("S T"));
    let g = parse_game("{S} {} {T} 1. e4 *").unwrap();
    assert_eq!(g.root.comment_after.as_deref(), Some("S"));
    assert_eq!(g.moves[0].annotations.comment_before.as_deref(), Some("T"));
    assert_eq!(write_game(&g).lines().last(), Some("{S} {} {T} 1. e4 *"));
    // An empty `;` line is not a `{}`.
    let g = parse_game("1. e4 {A} ;\n{B} e5 *").unwrap();
    assert_eq!(g.moves[0].annotations.comment_after.as_deref(), Some("A B"));
    // A command before the first move is the start's, even after `{}`.
    let g = parse_game("{} {[%clk 0:03:00]} 1. e4 {[%clk 0:02:59]} *").unwrap();
    assert_eq!(g.root.clock, Some(Duration::from_secs(180)));
    assert_eq!(g.moves[0].annotations.clock, Some(Duration::from_secs(179)));
    // At the start of a variation, its first move takes them, after its own.
    let g = parse_game("1. e4 e5 ( {[%clk 0:05:00]} 1... c5 {[%clk 0:04:58]} 2. Nf3 ) *").unwrap();
    let c5 = &g.moves[1].variations[0][0].annotations;
    assert_eq!(c5.clock, Some(Duration::from_secs(298)));
    assert_eq!(c5.commands[0].to_string(), "[%clk 0:05:00]");
    let again = parse_game(&write_game(&g)).unwrap();
    assert_eq!(again.moves, g.moves);
    let g = parse_game("1. e4 e5 ( {[%clk 0:05:00]} 1... c5 ) *").unwrap();
    let c5 = &g.moves[1].variations[0][0].annotations;
    assert_eq!(
        (c5.clock, c5.commands.len()),
        (Some(Duration::from_secs(300)), 0)
    );
}

#[test]
fn a_comment_before_a_move_keeps_its_place_when_the_move_before_has_none() {
    let start = Position::startpos();
    let e4 = mv(&start, "e2e4");
    let mut after = start.clone();
    after.make_move(e4);
    let e5 = mv(&after, "e7e5");
    let game = PgnGame {
        tags: Vec::new(),
        start: start.clone(),
        root: Annotations::default(),
        moves: vec![
            PgnMove {
                mv: e4,
                san: "e4".into(),
                annotations: Annotations {
                    comment_before: Some("first".into()),
                    ..Annotations::default()
                },
                variations: vec![],
            },
            PgnMove {
                mv: e5,
                san: "e5".into(),
                annotations: Annotations {
                    comment_before: Some("second".into()),
                    ..Annotations::default()
                },
                variations: vec![],
            },
        ],
        result: "*".into(),
    };
    let text = write_game(&game);
    // An empty comment holds the place of the comment the start (or e4) does not have.
    assert!(
        text.contains("{} {first} 1. e4 {} {second} 1... e5 *"),
        "{text}"
    );
    let back = parse_game(&text).unwrap();
    assert_eq!((back.root, back.moves), (game.root, game.moves));
}

#[test]
fn export_orders_the_tags_and_numbers_moves_after_comments_and_variations() {
    let g = parse_game(
        "[ZTag \"z\"]\n[aLower \"a\"]\n[Black \"B\"]\n[ECO \"B20\"]\n[Annotator \"me\"]\n[Event \"E\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 {push} Kd7 (1... Ke7 2. Ke2) 2. Ke2 *",
    )
    .unwrap();
    let text = write_game(&g);
    let tags: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| &l[1..l.find(' ').unwrap()])
        .collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Annotator",
            "ECO",
            "FEN",
            "SetUp",
            "ZTag",
            "aLower"
        ]
    );
    assert!(
        text.contains("\n1. e4 {push} 1... Kd7 (1... Ke7 2. Ke2) 2. Ke2 *\n"),
        "{text}"
    );
}

#[test]
fn a_game_survives_pgn_export_and_import_whole() {
    let game = Game::from_pgn(ANNOTATED).unwrap();
    let text = game.to_pgn();
    let back = Game::from_pgn(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.to_pgn(), text);
    let real = Game::from_pgn(REAL_WORLD).unwrap();
    assert_eq!(Game::from_pgn(&real.to_pgn()).unwrap(), real);
}

#[test]
fn chess960_games_read_and_write_with_their_variant_tag() {
    let text = "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/1R3KR1 w KQ - 0 1\"]\n\n1. O-O Kd7 2. Rbd1+ *";
    let game = Game::from_pgn(text).unwrap();
    assert!(game.start_position().is_chess960());
    assert_eq!(game.tag("Variant"), Some("Chess960"));
    assert!(game.tags().iter().all(|(name, _)| *name != "Variant"));
    // Castling: the king from f1 to g1, the rook from g1 to f1 (in UCI: the king takes its rook).
    let castle = game.moves()[0];
    assert!(castle.is_castle());
    assert_eq!(
        uci::to_uci_in(castle, chesscore::rules::CastlingMode::Chess960),
        "f1g1"
    );
    let out = game.to_pgn();
    assert!(
        out.contains(
            "[FEN \"4k3/8/8/8/8/8/8/1R3KR1 w KQ - 0 1\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n"
        ),
        "{out}"
    );
    assert!(out.contains("\n1. O-O Kd7 2. Rbd1+ *\n"), "{out}");
    assert_eq!(Game::from_pgn(&out).unwrap(), game);
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    // The Variant tag is the game's to say.
    let mut game = game;
    assert!(game.set_tag("Variant", "Standard").is_err());

    // Start position 518 looks standard: the tag keeps it Chess960.
    let c518 = Game::from_position(chesscore::rules::chess960::start_position(518).unwrap());
    let out = c518.to_pgn();
    assert!(out.contains("[Variant \"Chess960\"]"), "{out}");
    let back = Game::from_pgn(&out).unwrap();
    assert!(back.start_position().is_chess960());
    assert_eq!(back, c518);
    // Without a FEN, `Chess960` means start position 518; other spellings are read too.
    for variant in ["Chess960", "chess 960", "Fischerandom"] {
        let g = Game::from_pgn(&format!("[Variant \"{variant}\"]\n\n1. e4 *")).unwrap();
        assert!(g.start_position().is_chess960(), "{variant}");
    }
    // A standard game's Variant tag is not kept (the game says it is standard chess).
    let g = Game::from_pgn("[Variant \"Standard\"]\n\n1. e4 *").unwrap();
    assert!(!g.start_position().is_chess960());
    assert_eq!(g.tag("Variant"), None);
}

/// A variation may begin with the very move it branches from (some tools write the move again
/// before their alternative continuation). It shares that move's node, and the line written
/// around it stays the main line there, its result with it.
#[test]
fn a_variation_repeating_its_move_keeps_the_main_line_as_written() {
    let game = Game::from_pgn("1. e4 e5 (1... e5 2. Nf3 Nc6) 2. Nc3 Nc6 1-0").unwrap();
    let main: Vec<String> = game
        .main_line()
        .iter()
        .map(|&id| game.node(id).unwrap().san().to_string())
        .collect();
    assert_eq!(main, ["e4", "e5", "Nc3", "Nc6"]);
    assert_eq!(
        game.to_pgn().lines().last().unwrap(),
        "1. e4 e5 2. Nc3 (2. Nf3 Nc6) 2... Nc6 1-0"
    );
    // The same at every move of a long game: one level of parentheses stays one level of
    // variation, so the game saves and loads, and its PGN reads back the same.
    let mut pos = Position::startpos();
    let mut text = String::new();
    for ply in 0..80 {
        let legal = pos.legal_moves();
        let main = legal[ply % legal.len()];
        let san = to_san(&pos, main);
        let mut after = pos.clone();
        after.make_move(main);
        let alternative = after
            .legal_moves()
            .iter()
            .map(|&m| to_san(&after, m))
            .next_back()
            .unwrap();
        let number = if ply % 2 == 0 {
            format!("{}. ", ply / 2 + 1)
        } else {
            format!("{}... ", ply / 2 + 1)
        };
        pos = after;
        if ply == 79 || pos.legal_moves().is_empty() {
            // After the last move such a variation would be the only way on, and so the main
            // line's continuation: that is what a tree that shares the node can say.
            text += &format!("{number}{san} ");
            break;
        }
        text += &format!("{number}{san} ({number}{san} {alternative}) ");
    }
    text += "*";
    let game = Game::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let main_sans: Vec<String> = game
        .main_line()
        .iter()
        .map(|&id| game.node(id).unwrap().san().to_string())
        .collect();
    let written: Vec<String> = parse_game(&text)
        .unwrap()
        .moves
        .iter()
        .map(|m| m.san.clone())
        .collect();
    assert_eq!(main_sans, written);
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    assert_eq!(
        Game::from_pgn(&game.to_pgn()).unwrap().to_pgn(),
        game.to_pgn()
    );
}

/// Every game `next_with_text` reads, with the slice it gives, checked: the slices stand in
/// file order without overlapping, and each read alone gives the same game.
fn games_with_text(text: &str) -> Vec<(PgnGame, &str)> {
    let mut games = read_games(text);
    let mut read = Vec::new();
    let mut after = 0;
    while let Some(result) = games.next_with_text() {
        let Ok((game, slice)) = result else { continue };
        let at = slice.as_ptr() as usize - text.as_ptr() as usize;
        assert!(at >= after, "slices in order, apart: {slice:?}");
        after = at + slice.len();
        assert_eq!(&text[at..after], slice);
        assert_eq!(parse_game(slice).as_ref(), Ok(&game), "{slice:?} alone");
        read.push((game, slice));
    }
    let plain: Vec<_> = read_games(text).filter_map(Result::ok).collect();
    assert_eq!(
        read.iter().map(|(g, _)| g).collect::<Vec<_>>(),
        plain.iter().collect::<Vec<_>>()
    );
    read
}

#[test]
fn each_game_comes_with_its_own_text_which_reads_alone_as_the_same_game() {
    let tricky = [
        REAL_WORLD,
        FILE_WITH_BAD_GAMES,
        ANNOTATED,
        "\u{feff}% written by some tool\n[Event \"x\"]\n\n1. e4 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0 {White won on time}\n; and a note\n\n[Event \"b\"]\n\n1. d4 *\n{the end}\n",
        "1. e4 * {second} 1. d4 *",
        "{intro} 1. e4 e5 (1... c5 ; Sicilian\n2. Nf3) 2. Nf3\n[Event \"next\"]\n1. d4",
        "junk before the first game\n\n[Event \"a\"]\n\n1. e4 *\n",
        "  [Event \"indented\"]\n  1. e4 *   \n\n\n",
        "[Event \"tags only\"]\n\n[Event \"moves\"]\n\n1. e4 *",
    ];
    for text in tricky {
        games_with_text(text);
        games_with_text(&text.replace('\n', "\r\n"));
    }
    let real = games_with_text(REAL_WORLD);
    assert_eq!(real.len(), 3);
    assert!(
        real[0].1.starts_with("[Event \"Casual"),
        "the % line is not the game's"
    );
    assert!(real[0].1.ends_with("43. Re6 1-0"));
    assert_eq!(real[2].1, "[Event \"Third, no terminator\"]\n\n1. d4 d5");
    let after = games_with_text(
        "[Event \"a\"]\n\n1. e4 e5 1-0 {won on time}\n; a note\n\n[Event \"b\"]\n\n1. d4 *\n",
    );
    assert_eq!(
        after[0].1, "[Event \"a\"]\n\n1. e4 e5 1-0 {won on time}\n; a note",
        "comments after the result are the game's"
    );
    let opened = games_with_text("1. e4 * {second} 1. d4 *");
    assert_eq!([opened[0].1, opened[1].1], ["1. e4 *", "{second} 1. d4 *"]);
    let crlf = games_with_text(
        "\u{feff}[Event \"a\"]\r\n\r\n1. e4 ; note\r\n*\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
    );
    assert_eq!(
        crlf[0].1, "[Event \"a\"]\r\n\r\n1. e4 ; note\r\n*",
        "as written, CRLF and all"
    );
    let junk = games_with_text("junk before the first game\n\n[Event \"a\"]\n\n1. e4 *\n");
    assert_eq!(junk.len(), 1);
    assert_eq!(junk[0].1, "[Event \"a\"]\n\n1. e4 *");
    // Every prefix of a real file gives slices that read alone, or errors, never a panic.
    for cut in (0..REAL_WORLD.len()).step_by(7) {
        if REAL_WORLD.is_char_boundary(cut) {
            games_with_text(&REAL_WORLD[..cut]);
        }
    }
}

#[test]
fn every_game_with_a_comment_left_open_is_reported_at_its_own_brace() {
    // After the first comment left open no '}' follows anywhere, so each later one fails at
    // once (examples/pgn_scale.rs: linear time); each still says where its own '{' is, and a
    // game after them without a comment is read.
    let mut text = String::new();
    for _ in 0..5 {
        text.push_str("[Event \"x\"]\n\n1. e4 {\n");
    }
    text.push_str("[Event \"good\"]\n\n1. d4 *\n");
    let games: Vec<_> = Game::read_pgn(&text).collect();
    assert_eq!(games.len(), 6, "{games:?}");
    for (i, game) in games[..5].iter().enumerate() {
        let message = game.as_ref().unwrap_err().to_string();
        let line = 3 + 3 * i;
        assert!(
            message.contains(&format!("line {line}, column 7"))
                && message.contains("comment not closed"),
            "game {}: {message}",
            i + 1
        );
    }
    assert_eq!(games[5].as_ref().unwrap().san_moves(), ["d4"]);
}

#[test]
fn a_quote_left_unescaped_inside_a_tag_value_is_part_of_it() {
    // python-chess writes `"` inside a value as it is; the value ends at the quote a `]`
    // follows. Well-formed tags on the same line, and escaped quotes, read as before.
    let text =
        "[Event \"Rated \"blitz\" game\"]\n[Site \"a \\\"b\\\"\"] [White \"Ann\" ]\n\n1. e4 *\n";
    let game = Game::from_pgn(text).unwrap();
    assert_eq!(game.tag("Event"), Some("Rated \"blitz\" game"));
    assert_eq!(game.tag("Site"), Some("a \"b\""));
    assert_eq!(game.tag("White"), Some("Ann"));
    // Written back escaped, as the standard asks.
    assert!(game
        .to_pgn()
        .contains("[Event \"Rated \\\"blitz\\\" game\"]"));
    // Without a quote that a `]` follows, the value still ends at the first quote.
    let err = Game::from_pgn("[Event \"a\"b c\n\n1. e4 *\n").unwrap_err();
    assert!(
        err.to_string().contains("expected ']' to close tag Event"),
        "{err}"
    );
    // A tag cut off by its line's end says so on one line, in LF and CRLF files alike.
    for text in [
        "[Event \"x\"\n\n1. e4 *\n",
        "[Event \"x\"\r\n\r\n1. e4 *\r\n",
    ] {
        let err = Game::from_pgn(text).unwrap_err().to_string();
        assert!(
            err.contains("expected ']' to close tag Event, found the end of the line"),
            "{err}"
        );
        assert!(!err.contains(['\n', '\r']), "{err:?}");
    }
}

#[test]
fn half_a_result_is_named_as_such() {
    for half in ["1/2", "½"] {
        let err = Game::from_pgn(&format!("1. e4 e5 {half}\n")).unwrap_err();
        assert!(
            err.to_string().contains(&format!(
                "'{half}' is not a result: a drawn game ends with 1/2-1/2"
            )),
            "{err}"
        );
    }
}

#[test]
fn a_variation_repeating_the_main_lines_move_adds_what_it_says_about_it() {
    // The variation's `1. e4` is the main line's node: its comment, NAG and arrow join the
    // node's own instead of being dropped.
    let game =
        Game::from_pgn("1. e4 {main} $1 (1. e4 {var [%cal Gd2d4]} $14 1... c5) 1... e5 *").unwrap();
    let pgn = game.to_pgn();
    assert!(pgn.contains("{[%cal Gd2d4] main var}"), "{pgn}");
    assert!(pgn.contains("1. e4 $1 $14"), "{pgn}");
    assert!(pgn.contains("(1... c5)"), "{pgn}");
    // Read back, it is the same game.
    assert_eq!(Game::from_pgn(&pgn).unwrap().to_pgn(), pgn);
}

#[test]
fn a_stray_token_costs_only_its_game_and_the_games_after_it_are_read() {
    // A `}` or `]` out of place, or a NAG out of range, is a token of its own: the bad game ends
    // at its result and the games after it are read, on later lines or on the same one. (The
    // reader skipped to the next line starting with `[`, losing games without tags, or on one
    // line, silently.)
    let cases = [
        ("1. e4 } e5 *\n\n1. d4 *\n\n1. c4 *\n", (1, 7, "}")),
        (
            "[Event \"a\"] 1. e4 ] e5 * [Event \"b\"] 1. d4 * [Event \"c\"] 1. c4 *",
            (1, 19, "]"),
        ),
        (
            "[Event \"a\"]\n\n1. e4 $999 e5 *\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n",
            (3, 7, "$999"),
        ),
    ];
    for (text, (line, column, token)) in cases {
        let results: Vec<_> = read_games(text).collect();
        assert_eq!(results.len(), 3, "{text:?}: {results:?}");
        let e = results[0].as_ref().unwrap_err();
        assert_eq!(
            (e.game, e.line, e.column, e.token.as_str()),
            (1, line, column, token)
        );
        let firsts: Vec<&str> = results[1..]
            .iter()
            .map(|r| r.as_ref().unwrap().moves[0].san.as_str())
            .collect();
        assert_eq!(firsts, ["d4", "c4"], "{text:?}");
    }
}

#[test]
fn a_lone_carriage_return_ends_a_line_in_text_handed_over_as_a_string() {
    // Old Mac files, or text from a platform API: `\r` alone ends lines, so a `;` comment ends
    // there, a `%` line is skipped and errors say the right line.
    let text = "% header\r[Event \"a\"]\r\r1. e4 e5 ; comment\r2. Nf3 Nc6 *\r\r[Event \"b\"]\r\r1. d4 Qd7 *\r";
    let results: Vec<_> = read_games(text).collect();
    assert_eq!(results.len(), 2, "{results:?}");
    let a = results[0].as_ref().unwrap();
    assert_eq!(a.moves.len(), 4);
    assert_eq!(
        a.moves[1].annotations.comment_after.as_deref(),
        Some("comment")
    );
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(
        (e.game, e.line, e.column, e.token.as_str()),
        (2, 9, 7, "Qd7")
    );
    // Recovery after a broken tag counts those lines too: game 2 is found on line 4.
    let results: Vec<_> = read_games("[Event \"a\r\r1. e4 *\r[Event \"b\"]\r\r1. d4 *\r").collect();
    let e = results[0].as_ref().unwrap_err();
    assert_eq!(e.line, 1);
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("b"));
    // CRLF reads as before.
    let crlf: Vec<_> = read_games("[Event \"a\"]\r\n\r\n1. e4 ; x\r\n1... e5 Kd1 *\r\n").collect();
    assert_eq!(crlf[0].as_ref().unwrap_err().line, 4);
}

#[test]
fn lines_are_counted_right_after_a_broken_tag_in_crlf_text() {
    // Review of the change: the reader stopped on the CR of a CRLF after a tag value left open,
    // and recovering from there skipped a line, so every later error was a line early.
    let text =
        "[Event \"a\r\n\r\n1. e4 e5 *\r\n\r\n\r\n[Event \"g3\"]\r\n\r\n1. e4 e5\r\n2. Ke3 *\r\n";
    let results: Vec<_> = read_games(text).collect();
    let e = results.last().unwrap().as_ref().unwrap_err();
    assert_eq!((e.line, e.token.as_str()), (9, "Ke3"), "{e}");
    let lf = text.replace("\r\n", "\n");
    let results: Vec<_> = read_games(&lf).collect();
    assert_eq!(results.last().unwrap().as_ref().unwrap_err().line, 9);
}

#[test]
fn a_backslash_ending_a_tag_line_does_not_carry_the_value_onto_the_next() {
    // Re-reading the change: the search for the tag's closing quote went on past a backslash
    // at the line's end, into the rest of the text (time, not the result: the value still
    // stopped at the line end). This pins the result.
    let results: Vec<_> =
        read_games("[Event \"C:\\\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n").collect();
    assert_eq!(results.len(), 2, "{results:?}");
    assert_eq!(results[0].as_ref().unwrap_err().line, 1);
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("b"));
}

#[test]
fn a_byte_order_mark_takes_no_column() {
    let e = parse_game("\u{feff}1. e4 e4 *").unwrap_err();
    assert_eq!((e.line, e.column), (1, 7), "as without it: {e}");
    assert_eq!(parse_game("1. e4 e4 *").unwrap_err().column, 7);
}

#[test]
fn a_null_move_and_moves_after_a_mate_are_kept_as_comments_and_the_game_is_read() {
    // ChessBase writes `--` in analysis; some files go on after a mate. The game was refused
    // ("null moves are not supported", "no White pawn can move to a3 (in check)").
    let g =
        Game::from_pgn("1. e4 e5 2. Nf3 (2. -- {threat} Nc6 (2... d5) 3. Nf3) 2... Nc6 *").unwrap();
    assert_eq!(g.san_moves(), ["e4", "e5", "Nf3", "Nc6"]);
    let nf3 = g.main_line()[2];
    assert_eq!(
        g.annotations(nf3).unwrap().comment_after.as_deref(),
        Some("a null move and what follows, not played: 2. -- \"threat\" Nc6 (2... d5) 3. Nf3")
    );
    let g = Game::from_pgn("1. f3 e5 2. g4 Qh4# 3. a3 0-1").unwrap();
    assert_eq!(g.san_moves().len(), 4);
    assert!(g.outcome().is_some());
    assert!(g
        .to_pgn()
        .contains("Qh4# {moves after the end of the game, not played: 3. a3} 0-1"));
    // Commands in the unplayed line are left out: read back, they would become the arrows and
    // evaluation of the move before.
    let g = Game::from_pgn("1. e4 e5 2. Nf3 -- {[%cal Ge2e4][%eval 3.5] idea} 3. Bc4 *").unwrap();
    let again = Game::from_pgn(&g.to_pgn()).unwrap();
    let a = again.annotations(again.current()).unwrap();
    assert!(a.arrows.is_empty() && a.eval.is_none(), "{a:?}");
    assert_eq!(
        a.comment_after.as_deref(),
        Some("a null move and what follows, not played: -- \"idea\" 3. Bc4")
    );
    for text in ["1. e4 -- 2. d4 *", "1. e4 Z0 *", "1. e4 --+ *"] {
        let g = Game::from_pgn(text).unwrap();
        assert_eq!(g.san_moves(), ["e4"], "{text}");
        let comment = g.annotations(g.current()).unwrap().comment_after.clone();
        assert!(comment.unwrap().starts_with("a null move"), "{text}");
    }
    // Read again, the comment stays a comment.
    let again = Game::from_pgn(&Game::from_pgn("1. e4 -- 2. d4 *").unwrap().to_pgn()).unwrap();
    assert_eq!(again.san_moves(), ["e4"]);
}

#[test]
fn a_broken_tag_after_a_game_is_the_next_games_error_not_the_finished_ones() {
    // Review of the change: a tag left open right after a finished game took that game with
    // it, reported as game 1's error.
    let text = "1. e4 e5 *\n[Event \"g3\n\n1. d4 *\n\n[Event \"x\"]\n\n1. c4 { after } *\n{ trailing }\n[Site \"s\n";
    let results: Vec<_> = read_games(text).collect();
    assert_eq!(results.len(), 4, "{results:?}");
    assert_eq!(results[0].as_ref().unwrap().moves.len(), 2);
    let e = results[1].as_ref().unwrap_err();
    assert_eq!((e.game, e.line), (2, 2), "{e}");
    let c4 = results[2].as_ref().unwrap();
    assert_eq!(c4.tag("Event"), Some("x"));
    assert_eq!(
        c4.moves[0].annotations.comment_after.as_deref(),
        Some("after trailing"),
        "the comment after the result stays with the game"
    );
    let e = results[3].as_ref().unwrap_err();
    assert_eq!((e.game, e.line), (4, 10), "{e}");
}
