//! The game tree through the FFI objects: the snapshot's move list and rows, navigation,
//! editing, annotations, reading a file of games, placement of new moves, saves old and new.

use chesscore::ffi::{
    list_pgn_games, nag_symbol, read_pgn, Arrow, ChessError, ChessGame, EvalScore, Evaluation,
    MarkColor, MoveListItem, NewMovePlacement, NodeAnnotations, PgnGameSummary, Side, Square,
    SquareMark,
};

fn game_with_a_variation() -> std::sync::Arc<ChessGame> {
    let game = ChessGame::new();
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san.into()).unwrap();
    }
    game.go_back();
    game.go_back();
    game.play_san("c5".into()).unwrap();
    game
}

#[test]
fn the_snapshot_draws_the_tree() {
    let game = game_with_a_variation();
    let s = game.snapshot();
    assert_eq!(s.san_history, ["e4", "c5"]);
    assert!(!s.on_main_line);
    assert!(s.can_go_back && !s.can_go_forward && !s.can_redo);
    // Rows: the main line, with the node of each move.
    assert_eq!(s.move_rows.len(), 2);
    assert_eq!(s.move_rows[0].white.as_deref(), Some("e4"));
    assert_eq!(s.move_rows[0].black.as_deref(), Some("e5"));
    assert_eq!(s.move_rows[1].white.as_deref(), Some("Nf3"));
    assert_eq!(s.move_rows[1].black, None);
    // The list: the whole tree in reading order, the current move among it.
    let described: Vec<String> = s
        .move_list
        .iter()
        .map(|item| match item {
            MoveListItem::Move {
                node,
                depth,
                number,
                side,
                show_number,
                san,
                ..
            } => format!(
                "{depth}:{}{san}{}",
                if *show_number {
                    format!(
                        "{number}{} ",
                        if *side == Side::White { "." } else { "..." }
                    )
                } else {
                    String::new()
                },
                if *node == s.node { "*" } else { "" }
            ),
            MoveListItem::Comment { text, .. } => format!("{{{text}}}"),
            MoveListItem::VariationStart { depth } => format!("({depth}"),
            MoveListItem::VariationEnd { depth } => format!("{depth})"),
        })
        .collect();
    assert_eq!(
        described,
        ["0:1. e4", "0:e5", "(1", "1:1... c5*", "1)", "0:2. Nf3"]
    );
}

#[test]
fn navigation_and_editing_by_node() {
    let game = game_with_a_variation();
    let c5 = game.snapshot().node;
    let rows = game.snapshot().move_rows;
    let nf3 = rows[1].white_node.unwrap();
    game.go_to(nf3).unwrap();
    assert_eq!(game.snapshot().san_history, ["e4", "e5", "Nf3"]);
    game.go_to_start();
    assert_eq!(game.snapshot().ply, 0);
    assert!(game.snapshot().can_go_forward);
    assert!(game.go_forward());
    game.go_to_end();
    assert_eq!(game.snapshot().node, nf3);
    game.go_to_main_line_ply(1).unwrap();
    assert_eq!(game.snapshot().san_history, ["e4"]);
    // Bad ids and plies are typed errors that change nothing.
    let before = game.snapshot();
    for e in [
        game.go_to(999).unwrap_err(),
        game.go_to_main_line_ply(9).unwrap_err(),
        game.delete_from(0).unwrap_err(),
        game.promote_variation(999).unwrap_err(),
        game.set_comment(999, Some("x".into())).unwrap_err(),
        game.node(999).unwrap_err(),
    ] {
        assert!(matches!(e, ChessError::InvalidRequest(_)), "{e:?}");
    }
    assert_eq!(game.snapshot(), before);
    // Node details.
    let info = game.node(c5).unwrap();
    assert_eq!(
        (info.san.as_str(), info.uci.as_str(), info.number, info.side),
        ("c5", "c7c5", 1, Side::Black)
    );
    assert!(!info.is_main_line);
    let e4 = game.node(info.parent.unwrap()).unwrap();
    assert_eq!(e4.children.len(), 2);
    // Promote the variation to the main line, then delete it.
    assert!(game.promote_variation(c5).unwrap());
    let rows = game.snapshot().move_rows;
    assert_eq!(rows[0].black.as_deref(), Some("c5"));
    assert_eq!(rows.len(), 1);
    game.make_main_line(nf3).unwrap();
    assert_eq!(game.snapshot().move_rows.len(), 2);
    game.go_to(c5).unwrap();
    game.delete_from(c5).unwrap();
    let s = game.snapshot();
    assert_eq!(s.san_history, ["e4"]);
    assert!(!s
        .move_list
        .iter()
        .any(|i| matches!(i, MoveListItem::VariationStart { .. })));
}

#[test]
fn annotations_read_write_and_survive_pgn_and_json() {
    let game = game_with_a_variation();
    let c5 = game.snapshot().node;
    let annotations = NodeAnnotations {
        comment_before: Some("Or".into()),
        comment_after: Some("the Sicilian".into()),
        nags: vec![1, 146],
        clock_ms: Some(179_500),
        eval: Some(Evaluation {
            score: EvalScore::Centipawns { value: -31 },
            depth: Some(20),
        }),
        squares: vec![SquareMark {
            color: MarkColor::Green,
            square: Square::D4,
        }],
        arrows: vec![Arrow {
            color: MarkColor::Red,
            from: Square::G1,
            to: Square::F3,
        }],
        commands: vec![],
    };
    game.set_annotations(c5, annotations.clone()).unwrap();
    assert_eq!(game.annotations(c5).unwrap(), annotations);
    // The board draws the current node's squares and arrows.
    assert_eq!(game.snapshot().annotations, annotations);
    let bad = NodeAnnotations {
        nags: vec![256],
        ..NodeAnnotations::default()
    };
    assert!(matches!(
        game.set_annotations(c5, bad),
        Err(ChessError::InvalidRequest(_))
    ));
    let pgn = game.pgn();
    assert!(
        pgn.replace('\n', " ").contains("({Or} 1... c5 $1 $146 {[%clk 0:02:59.5] [%eval -0.31,20] [%csl Gd4] [%cal Rg1f3] the Sicilian})"),
        "{pgn}"
    );
    let back = ChessGame::from_pgn(pgn.clone()).unwrap();
    assert_eq!(back.pgn(), pgn);
    let saved = ChessGame::from_json(game.to_json()).unwrap();
    assert_eq!(saved.snapshot(), game.snapshot());
    assert_eq!(saved.annotations(c5).unwrap(), annotations);
}

#[test]
fn a_board_editor_toggles_nags_and_marks() {
    let game = game_with_a_variation();
    let c5 = game.snapshot().node;
    // One move assessment at a time: `!?` then `?` replaces it, `?` again removes it; a
    // position assessment and a NAG outside the groups stay beside it.
    game.toggle_nag(c5, 5).unwrap();
    game.toggle_nag(c5, 14).unwrap();
    game.toggle_nag(c5, 146).unwrap();
    assert_eq!(game.annotations(c5).unwrap().nags, [5, 14, 146]);
    game.toggle_nag(c5, 2).unwrap();
    game.toggle_nag(c5, 16).unwrap();
    assert_eq!(game.snapshot().annotations.nags, [2, 16, 146]);
    game.toggle_nag(c5, 2).unwrap();
    game.toggle_nag(c5, 146).unwrap();
    assert_eq!(game.annotations(c5).unwrap().nags, [16]);
    let rows = |g: &ChessGame| {
        g.snapshot()
            .move_list
            .iter()
            .filter_map(|i| match i {
                MoveListItem::Move { node, nags, .. } if *node == c5 => Some(nags.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&game), [vec![16]]);

    // Squares and arrows: the same colour again removes, another colour recolours.
    game.toggle_square_mark(c5, Square::D4, MarkColor::Green)
        .unwrap();
    game.toggle_square_mark(c5, Square::E5, MarkColor::Red)
        .unwrap();
    game.toggle_square_mark(c5, Square::D4, MarkColor::Yellow)
        .unwrap();
    game.toggle_square_mark(c5, Square::E5, MarkColor::Red)
        .unwrap();
    game.toggle_arrow(c5, Square::G1, Square::F3, MarkColor::Green)
        .unwrap();
    game.toggle_arrow(c5, Square::F3, Square::G1, MarkColor::Blue)
        .unwrap();
    game.toggle_arrow(c5, Square::G1, Square::F3, MarkColor::Red)
        .unwrap();
    game.toggle_arrow(c5, Square::F3, Square::G1, MarkColor::Blue)
        .unwrap();
    let a = game.snapshot().annotations;
    assert_eq!(
        a.squares,
        [SquareMark {
            color: MarkColor::Yellow,
            square: Square::D4
        }]
    );
    assert_eq!(
        a.arrows,
        [Arrow {
            color: MarkColor::Red,
            from: Square::G1,
            to: Square::F3
        }]
    );
    // They are PGN: another reader gets them back, NAGs included.
    let pgn = game.pgn();
    assert!(
        pgn.replace('\n', " ")
            .contains("1... c5 $16 {[%csl Yd4] [%cal Rg1f3]}"),
        "{pgn}"
    );
    let back = ChessGame::from_pgn(pgn).unwrap();
    assert_eq!(back.annotations(c5).unwrap(), game.annotations(c5).unwrap());

    // Marks on the start position go in the comment before the first move.
    game.toggle_square_mark(0, Square::E4, MarkColor::Blue)
        .unwrap();
    let pgn = game.pgn();
    assert!(pgn.contains("{[%csl Be4]} 1. e4"), "{pgn}");

    // Clearing takes the marks only.
    game.set_comment(c5, Some("the Sicilian".into())).unwrap();
    game.clear_marks(c5).unwrap();
    let a = game.annotations(c5).unwrap();
    assert!(a.squares.is_empty() && a.arrows.is_empty());
    assert_eq!(a.nags, [16]);
    assert_eq!(a.comment_after.as_deref(), Some("the Sicilian"));
}

#[test]
fn a_refused_nag_or_mark_says_why_and_changes_nothing() {
    let game = game_with_a_variation();
    let c5 = game.snapshot().node;
    let before = game.to_json();
    let refused = |r: Result<(), ChessError>, says: &str| match r {
        Err(ChessError::InvalidRequest(text)) => assert!(text.contains(says), "{text}"),
        other => panic!("expected InvalidRequest, got {other:?}"),
    };
    refused(game.toggle_nag(0, 1), "start position has no move");
    refused(game.toggle_nag(c5, 256), "invalid NAG 256");
    refused(game.toggle_nag(99, 1), "no node 99");
    refused(
        game.toggle_arrow(c5, Square::E4, Square::E4, MarkColor::Green),
        "two different squares, not e4 to e4",
    );
    refused(
        game.toggle_square_mark(99, Square::E4, MarkColor::Green),
        "no node 99",
    );
    refused(game.clear_marks(99), "no node 99");
    assert_eq!(game.to_json(), before);
    // A deleted node is no node.
    let nf3 = game
        .snapshot()
        .move_list
        .iter()
        .find_map(|i| match i {
            MoveListItem::Move { node, san, .. } if san == "Nf3" => Some(*node),
            _ => None,
        })
        .unwrap();
    game.delete_from(nf3).unwrap();
    let before = game.to_json();
    refused(game.toggle_nag(nf3, 1), &format!("no node {nf3}"));
    refused(
        game.toggle_arrow(nf3, Square::E2, Square::E4, MarkColor::Red),
        &format!("no node {nf3}"),
    );
    assert_eq!(game.to_json(), before);
}

#[test]
fn nag_symbols_are_the_books() {
    let shown: Vec<_> = [1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 146]
        .iter()
        .map(|&n| nag_symbol(n).unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "!", "?", "!!", "??", "!?", "?!", "□", "=", "∞", "⩲", "⩱", "±", "∓", "+−", "−+", "N"
        ]
    );
    assert_eq!(nag_symbol(0), None);
    assert_eq!(nag_symbol(11), None);
    assert_eq!(nag_symbol(255), None);
    assert_eq!(nag_symbol(256), None);
}

#[test]
fn a_file_of_games_gives_the_good_ones_and_a_place_for_each_bad_one() {
    let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 (1. c4) *\n";
    let import = read_pgn(text.into());
    assert_eq!(import.games.len(), 2);
    assert_eq!(import.games[1].tag("Event".into()).as_deref(), Some("c"));
    assert_eq!(import.skipped.len(), 1);
    let bad = &import.skipped[0];
    assert_eq!((bad.game, bad.line, bad.column), (2, 7, 13));
    assert!(bad.message.contains("Ke3"), "{}", bad.message);
    assert!(read_pgn(String::new()).games.is_empty());
}

#[test]
fn main_line_placement_for_a_game_against_the_engine() {
    let game = ChessGame::new();
    assert_eq!(game.new_move_placement(), NewMovePlacement::Variation);
    game.set_new_move_placement(NewMovePlacement::MainLine);
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san.into()).unwrap();
    }
    assert!(game.undo() && game.undo());
    game.play_san("c5".into()).unwrap();
    let s = game.snapshot();
    assert!(s.on_main_line);
    assert_eq!(s.move_rows[0].black.as_deref(), Some("c5"));
    assert!(
        game.pgn().contains("1. e4 c5 (1... e5 2. Nf3) *"),
        "{}",
        game.pgn()
    );
    let saved = ChessGame::from_json(game.to_json()).unwrap();
    assert_eq!(saved.new_move_placement(), NewMovePlacement::MainLine);
}

#[test]
fn an_illegal_move_names_the_move_and_says_why() {
    let game = ChessGame::new();
    for (e, text) in [
        (
            game.play(Square::E2, Square::E5, None).unwrap_err(),
            "illegal move e2e5: the pawn on e2 cannot go to e5",
        ),
        (
            game.play_uci("g8f6".into()).unwrap_err(),
            "illegal move g8f6: the knight on g8 is Black's, and it is White to move",
        ),
        (
            game.play(
                Square::E2,
                Square::E4,
                Some(chesscore::ffi::PieceKind::King),
            )
            .unwrap_err(),
            "illegal move e2e4k: a pawn promotes to a queen, rook, bishop or knight",
        ),
    ] {
        match e {
            ChessError::IllegalMove(message) => assert_eq!(message, text),
            other => panic!("{other:?}"),
        }
    }
}

/// A save of the version-1 format, as the apps wrote it before the tree.
const SAVE_V1: &str = r#"{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[{"uci":"e2e4"},{"uci":"e7e5"}],"redo":[{"uci":"g1f3"}],"tags":[],"comment_before_moves":null,"outcome":null}"#;

#[test]
fn an_app_save_of_version_1_loads() {
    let game = ChessGame::from_json(SAVE_V1.into()).unwrap();
    let s = game.snapshot();
    assert_eq!(s.san_history, ["e4", "e5"]);
    assert!(s.can_redo);
    assert!(game.redo());
    assert_eq!(game.snapshot().san_history, ["e4", "e5", "Nf3"]);
    assert!(game.to_json().contains("\"version\": 3"));
}

/// Lists `text` and checks the listing against `readPgn` on the same text: the same games in
/// the same order (each summary's PGN read alone gives the same game), the same skipped ones.
fn listed_like_read_pgn(text: &str) -> Vec<PgnGameSummary> {
    let listing = list_pgn_games(text.into());
    let import = read_pgn(text.into());
    assert_eq!(listing.games.len(), import.games.len());
    assert_eq!(listing.skipped, import.skipped);
    for (i, (summary, game)) in listing.games.iter().zip(&import.games).enumerate() {
        assert_eq!(summary.index as usize, i);
        let alone = ChessGame::from_pgn(summary.pgn.clone()).unwrap();
        assert_eq!(alone.pgn(), game.pgn(), "game {i} read from its own text");
        assert_eq!(alone.snapshot().move_list, game.snapshot().move_list);
        assert!(
            text.contains(&summary.pgn),
            "a slice of the text, not written again"
        );
        let tag = |name: &str| game.tag(name.into());
        assert_eq!(summary.white, tag("White").unwrap_or_else(|| "?".into()));
        assert_eq!(summary.black, tag("Black").unwrap_or_else(|| "?".into()));
        assert_eq!(Some(summary.result.clone()), tag("Result"));
        assert_eq!(summary.plies as usize, game.snapshot().san_history.len());
    }
    listing.games
}

#[test]
fn a_file_of_games_lists_each_readable_one_with_its_tags_length_and_own_text() {
    let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2026.11.20\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                [Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n[Date \"????.??.??\"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2\n\n\
                [Date \"1972.??.??\"]\n[Event \"\"]\n\n1. f3 e5 2. g4 Qh4# *\n\n\
                1. e4 *";
    let listing = list_pgn_games(text.into());
    let summary = |index,
                   white: &str,
                   black: &str,
                   event: Option<&str>,
                   date: Option<&str>,
                   result: &str,
                   plies| {
        (
            index,
            white.to_string(),
            black.to_string(),
            event.map(str::to_string),
            date.map(str::to_string),
            result.to_string(),
            plies,
        )
    };
    let listed: Vec<_> = listing
        .games
        .iter()
        .map(|g| {
            (
                g.index,
                g.white.clone(),
                g.black.clone(),
                g.event.clone(),
                g.date.clone(),
                g.result.clone(),
                g.plies,
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            summary(0, "Ann", "Bob", Some("Club"), Some("2026.11.20"), "1-0", 7),
            // "?", blank and "????.??.??" are no event and no date.
            summary(1, "Cy", "Di", None, None, "1/2-1/2", 2),
            // A partial date stays; the mate on the board is the result, whatever the file says.
            summary(2, "?", "?", None, Some("1972.??.??"), "0-1", 4),
            // No tags at all.
            summary(3, "?", "?", None, None, "*", 1),
        ]
    );
    assert_eq!(listing.games[1].pgn, "[White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n[Date \"????.??.??\"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2");
    assert_eq!(listing.games[3].pgn, "1. e4 *");
    // The bad game is counted, with where and why, as readPgn says it.
    assert_eq!(listing.skipped.len(), 1);
    let bad = &listing.skipped[0];
    assert_eq!((bad.game, bad.line, bad.column), (2, 11, 13));
    assert!(bad.message.contains("Ke3"), "{}", bad.message);
    listed_like_read_pgn(text);
    // CRLF, a byte-order mark, a `%` line and junk before the first game.
    let crlf = format!(
        "\u{feff}% exported\r\njunk here\r\n\r\n{}",
        text.replace('\n', "\r\n")
    );
    let games = listed_like_read_pgn(&crlf);
    assert_eq!(games.len(), 4);
    assert_eq!(
        list_pgn_games(crlf.clone()).skipped.len(),
        2,
        "the junk is a game that cannot be read"
    );
    assert!(
        games[0].pgn.starts_with("[Event \"Club\"]\r\n") && games[0].pgn.ends_with("Qxf7# 1-0")
    );
    // Nothing to list.
    for empty in ["", "  \n\n", "\u{feff}"] {
        let listing = list_pgn_games(empty.into());
        assert!(
            listing.games.is_empty() && listing.skipped.is_empty(),
            "{empty:?}"
        );
    }
    let junk = list_pgn_games("[Event \"x\"\n{never closed".into());
    assert!(junk.games.is_empty());
    assert_eq!(junk.skipped.len(), 1);
}

#[test]
fn the_review_files_list_as_read_pgn_reads_them() {
    for name in ["calib", "careless", "games"] {
        let path = format!("{}/docs/review-data/{name}.pgn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let games = listed_like_read_pgn(&text);
        assert!(!games.is_empty(), "{path}");
    }
}
