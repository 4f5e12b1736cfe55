//! Hostile input through the FFI objects, the way an app could pass it: values at the edges of
//! their types and text a PGN cannot hold. Each either works and survives a PGN and a JSON round
//! trip, or fails with a typed error that names the problem and leaves the game unchanged.

use chesscore::ffi::{
    parse_square, time_control_from_pgn, AnnotationCommand, Arrow, ChessError, ChessGame,
    LegalMove, MarkColor, NodeAnnotations, Side, Square, SquareMark,
};
use chesscore::UniFfiTag;
use uniffi::{Lift, LiftArgsError, LowerReturn, RustCallError};

/// The annotations of the current node of a game read back from `game`'s PGN.
fn after_pgn_round_trip(game: &ChessGame) -> NodeAnnotations {
    let back = ChessGame::from_pgn(game.pgn()).unwrap();
    back.annotations(back.snapshot().node).unwrap()
}

#[test]
fn a_clock_of_any_size_survives_the_pgn_round_trip() {
    // An arbiter's bonus of u64::MAX ms saturates the clock; the move's [%clk] must read back
    // as the clock, not as an unknown command.
    let control = time_control_from_pgn("60+1".into()).unwrap().unwrap();
    let game = ChessGame::with_time_control(control).unwrap();
    game.add_clock_time(Side::White, u64::MAX).unwrap();
    game.play_san_at("e4".into(), 1_000).unwrap();
    let written = game.snapshot().annotations;
    assert_eq!(written.clock_ms, Some(u64::MAX));
    assert_eq!(after_pgn_round_trip(&game), written);

    // The same through set_annotations, for every size up to u64::MAX ms.
    let game = ChessGame::from_pgn("1. e4 *".into()).unwrap();
    let node = game.snapshot().node;
    for ms in [0, 999, 3_600_000_000_000_000, u64::MAX - 1, u64::MAX] {
        let annotations = NodeAnnotations {
            clock_ms: Some(ms),
            ..NodeAnnotations::default()
        };
        game.set_annotations(node, annotations.clone()).unwrap();
        assert_eq!(after_pgn_round_trip(&game), annotations, "{ms} ms");
    }

    // A [%clk] beyond u64::MAX ms cannot be a clock here: it stays a command, as written.
    let beyond = "5124095576030:25:51.616";
    let game = ChessGame::from_pgn(format!("1. e4 {{[%clk {beyond}]}} *")).unwrap();
    let read = game.annotations(game.snapshot().node).unwrap();
    assert_eq!(read.clock_ms, None);
    assert_eq!(
        read.commands,
        [AnnotationCommand {
            name: "clk".into(),
            value: beyond.into()
        }]
    );
}

#[test]
fn annotation_commands_a_pgn_cannot_hold_are_refused_and_change_nothing() {
    let game = ChessGame::from_pgn("1. e4 {[%emt 0:00:05] Fine} e5 *".into()).unwrap();
    let node = game.snapshot().node;
    let before = game.to_json();
    let command = |name: &str, value: &str| NodeAnnotations {
        commands: vec![AnnotationCommand {
            name: name.into(),
            value: value.into(),
        }],
        ..NodeAnnotations::default()
    };
    for (name, value) in [
        ("a b", "x"),
        ("a\nb", ""),
        ("x]", "1"),
        ("emt", "0:00]05"),
        ("", "value"),
        // Whitespace PGN reading would change.
        ("emt", "0:00:05\n x"),
        ("emt", " lead"),
        ("emt", "trail "),
        ("emt", "a  b"),
        // Read back as the arrows, squares, clock or evaluation, not as a command.
        ("cal", "Ge2e4"),
        ("csl", "Rd4,Gd5"),
        ("clk", "0:01:00"),
        ("eval", "0.25"),
    ] {
        match game.set_annotations(node, command(name, value)) {
            Err(ChessError::InvalidRequest(message)) => {
                // The message quotes the part that cannot be written.
                let quoted = |text: &str| message.contains(&format!("{text:?}"));
                assert!(
                    message.contains("command") && (quoted(name) || quoted(value)),
                    "{name:?} {value:?}: {message}"
                );
            }
            other => panic!("{name:?} {value:?}: {other:?}"),
        }
        assert_eq!(
            game.to_json(),
            before,
            "{name:?} {value:?} changed the game"
        );
    }

    // A square marked twice, an arrow drawn twice (PGN would keep the last colour only).
    let e4 = parse_square("e4".into()).unwrap();
    let e2 = parse_square("e2".into()).unwrap();
    let twice_marked = NodeAnnotations {
        squares: vec![
            SquareMark {
                color: MarkColor::Red,
                square: e4,
            },
            SquareMark {
                color: MarkColor::Green,
                square: e4,
            },
        ],
        ..NodeAnnotations::default()
    };
    let arrow = |color| Arrow {
        color,
        from: e2,
        to: e4,
    };
    let twice_drawn = NodeAnnotations {
        arrows: vec![arrow(MarkColor::Red), arrow(MarkColor::Blue)],
        ..NodeAnnotations::default()
    };
    for (annotations, expected) in [
        (twice_marked, "square e4 is marked twice"),
        (twice_drawn, "the arrow e2e4 is drawn twice"),
    ] {
        match game.set_annotations(node, annotations) {
            Err(ChessError::InvalidRequest(message)) => {
                assert!(message.contains(expected), "{message}")
            }
            other => panic!("{expected}: {other:?}"),
        }
        assert_eq!(game.to_json(), before);
    }
    // The other way round is another arrow, and kept.
    let both_ways = NodeAnnotations {
        arrows: vec![
            arrow(MarkColor::Red),
            Arrow {
                color: MarkColor::Red,
                from: e4,
                to: e2,
            },
        ],
        ..NodeAnnotations::default()
    };
    game.set_annotations(node, both_ways.clone()).unwrap();
    let back = ChessGame::from_pgn(game.pgn()).unwrap();
    assert_eq!(
        back.annotations(back.snapshot().node).unwrap().arrows,
        both_ways.arrows
    );

    // Every command a PGN gives can be set back as it was read.
    let read = ChessGame::from_pgn(
        "1. e4 {[%emt 0:00:05] [%clk x] [%eval ?] [%] [%a[%b c] [%csl Xz9] text} ; [%x} a}b]\n *"
            .into(),
    )
    .unwrap();
    let node = read.snapshot().node;
    let annotations = read.annotations(node).unwrap();
    assert_eq!(annotations.commands.len(), 7, "{annotations:?}");
    read.set_annotations(node, annotations.clone()).unwrap();
    assert_eq!(read.annotations(node).unwrap(), annotations);
    // A second clock or evaluation is a command beside the field, and comes back as one.
    let twice = ChessGame::from_pgn(
        "1. e4 {[%clk 0:01:00] [%clk 0:00:59] [%eval 0.2] [%eval 0.3]} *".into(),
    )
    .unwrap();
    let node = twice.snapshot().node;
    let annotations = twice.annotations(node).unwrap();
    assert_eq!(annotations.commands.len(), 2, "{annotations:?}");
    twice.set_annotations(node, annotations.clone()).unwrap();
    let back = ChessGame::from_pgn(twice.pgn()).unwrap();
    assert_eq!(back.annotations(back.snapshot().node).unwrap(), annotations);
}

#[test]
fn too_deep_variations_in_a_pgn_name_the_limit_a_game_has() {
    let nested = |depth: usize| {
        let mut text = "1. e4 ".to_string();
        for i in 0..depth {
            text.push_str(if i % 2 == 0 { "(1. d4 " } else { "(1. c4 " });
        }
        text + &")".repeat(depth)
    };
    // 63 deep is what a game holds (and writes); one more is refused, saying so.
    let deepest = ChessGame::from_pgn(nested(63)).unwrap();
    assert_eq!(
        ChessGame::from_pgn(deepest.pgn()).unwrap().pgn(),
        deepest.pgn()
    );
    match ChessGame::from_pgn(nested(64)).map(|game| game.pgn()) {
        Err(ChessError::InvalidPgn(message)) => {
            assert!(message.contains("more than 63 deep"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// The apps' Square enums cannot name an index off the board, but a hand-written caller can
/// pass one: UniFFI lifts it before the call, and a call that throws `ChessError` must throw
/// `InvalidSquare` for it (as `ChessError` documents), not an internal error.
#[test]
fn a_square_index_off_the_board_is_an_invalid_square_error() {
    for index in [64, 255, u32::MAX] {
        let error = <Square as Lift<UniFfiTag>>::try_lift(index).unwrap_err();
        match error.downcast_ref::<ChessError>() {
            Some(ChessError::InvalidSquare(message)) => {
                assert!(message.contains(&index.to_string()), "{message}")
            }
            other => panic!("{index}: {other:?} ({error})"),
        }
        // What the scaffolding of `play(from, to, promotion)` does with a failed lift.
        let failed = <Result<LegalMove, ChessError> as LowerReturn<UniFfiTag>>::handle_failed_lift(
            LiftArgsError {
                arg_name: "from",
                error,
            },
        );
        assert!(
            matches!(failed, Err(RustCallError::Error(_))),
            "{index}: not thrown as a ChessError"
        );
    }
}

#[test]
fn piece_symbols_must_be_five_and_not_empty() {
    use chesscore::ffi::{figurine_san, san_with_piece_symbols};
    let german = ["K", "D", "T", "L", "S"].map(String::from).to_vec();
    assert_eq!(
        san_with_piece_symbols("Nxe5+".into(), german.clone()).unwrap(),
        "Sxe5+"
    );
    assert_eq!(figurine_san("exd8=N#".into()), "exd8=♘#");
    for bad in [
        german[..4].to_vec(),
        [german.clone(), vec!["X".into()]].concat(),
        {
            let mut empty = german.clone();
            empty[2] = String::new();
            empty
        },
    ] {
        match san_with_piece_symbols("Nf3".into(), bad.clone()) {
            Err(ChessError::InvalidRequest(m)) => {
                assert!(m.contains("expected 5 non-empty piece symbols"), "{m}")
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

#[test]
fn the_start_positions_annotations_are_what_a_pgn_can_hold() {
    // PGN gives the start position a comment only: NAGs there are refused (as toggleNag
    // refuses them) and change nothing; a comment before it joins its comment, so that an
    // export keeps it.
    let game = ChessGame::from_pgn("{Start} 1. e4 *".into()).unwrap();
    let before = game.to_json();
    let refused = game.set_annotations(
        0,
        NodeAnnotations {
            nags: vec![1],
            ..NodeAnnotations::default()
        },
    );
    assert!(
        matches!(&refused, Err(ChessError::InvalidRequest(m)) if m.contains("start position") && m.contains("NAG 1")),
        "{refused:?}"
    );
    assert_eq!(game.to_json(), before);
    game.set_annotations(
        0,
        NodeAnnotations {
            comment_before: Some("Before".into()),
            comment_after: Some("after".into()),
            ..NodeAnnotations::default()
        },
    )
    .unwrap();
    let set = game.annotations(0).unwrap();
    assert_eq!(
        (set.comment_before, set.comment_after.as_deref()),
        (None, Some("Before after"))
    );
    let back = ChessGame::from_pgn(game.pgn()).unwrap();
    assert_eq!(
        back.annotations(0).unwrap().comment_after.as_deref(),
        Some("Before after")
    );
}

#[test]
fn a_saved_game_whose_command_a_pgn_cannot_hold_is_refused_with_where() {
    // A tampered save: what set_annotations refuses, loading refuses too.
    let game = ChessGame::from_pgn("1. e4 {[%emt 0:00:05]} *".into()).unwrap();
    let json = game.to_json();
    assert!(json.contains("\"emt\""), "{json}");
    let tampered = json.replacen("\"emt\"", "\"a b\"", 1);
    match ChessGame::from_json(tampered) {
        Err(ChessError::InvalidSavedGame(m)) => {
            assert!(m.contains("commands[0]") && m.contains("\"a b\""), "{m}")
        }
        Err(other) => panic!("{other:?}"),
        Ok(_) => panic!("the tampered save was loaded"),
    }
    assert!(ChessGame::from_json(json).is_ok());
}
