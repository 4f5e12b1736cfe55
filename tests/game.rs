//! The `Game` type: undo/redo, repetition, outcomes, claims, PGN and JSON save/restore.

use chesscore::game::{DrawReason, Game, GameError, GameStatus, IllegalReason, NodeId, Outcome};
use chesscore::notation::uci;
use chesscore::rules::{Move, Piece, PieceKind, Side, Square};

fn comment(game: &Game, node: NodeId) -> Option<&str> {
    game.annotations(node)?.comment_after.as_deref()
}

fn play_all(game: &mut Game, sans: &[&str]) {
    for s in sans {
        if let Err(e) = game.play_san(s) {
            panic!("{s}: {e}");
        }
    }
}

const KNIGHT_SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn undo_redo_and_redo_cleared_by_a_new_move() {
    let mut game = Game::new();
    assert!(!game.can_undo());
    assert_eq!(game.undo(), None);
    play_all(&mut game, &["e4", "e5", "Nf3"]);
    let after_nf3 = game.fen();
    assert_eq!(game.ply(), 3);
    assert_eq!(uci::to_uci(game.undo().unwrap()), "g1f3");
    assert_eq!(uci::to_uci(game.undo().unwrap()), "e7e5");
    assert_eq!(game.ply(), 1);
    assert!(game.can_redo());
    assert_eq!(
        game.redo_moves()
            .iter()
            .map(|&m| uci::to_uci(m))
            .collect::<Vec<_>>(),
        ["e7e5", "g1f3"]
    );
    assert_eq!(uci::to_uci(game.redo().unwrap()), "e7e5");
    assert_eq!(uci::to_uci(game.redo().unwrap()), "g1f3");
    assert_eq!(game.fen(), after_nf3);
    assert_eq!(game.redo(), None);
    game.undo();
    game.undo();
    game.play_san("c5").unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
    assert_eq!(game.san_moves(), ["e4", "c5"]);
    assert_eq!(uci::to_uci(game.last_move().unwrap()), "c7c5");
    // Undo all the way restores the start exactly.
    while game.undo().is_some() {}
    assert_eq!(game.position(), game.start_position());
    assert_eq!(game.history_keys(), Vec::<u64>::new());
}

#[test]
fn history_keys_are_the_positions_before_the_current_one() {
    let mut game = Game::new();
    let start_key = game.position().key();
    play_all(&mut game, &["d4", "d5"]);
    let keys = game.history_keys();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], start_key);
    assert_ne!(keys[1], game.position().key());
}

#[test]
fn repetition_after_a_fen_start_threefold_claimable_then_claimed() {
    let mut game = Game::from_fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 7 40").unwrap();
    assert_eq!(game.repetition_count(), 1);
    play_all(&mut game, &KNIGHT_SHUFFLE);
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), Err(GameError::NothingToClaim));
    play_all(&mut game, &KNIGHT_SHUFFLE);
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    // Claimable is not ended: play may go on.
    assert_eq!(game.status(), GameStatus::Ongoing);
    // One move later the position is new for Black but was seen before: count 3 for it too.
    game.play_san("Nf3").unwrap();
    assert_eq!(game.repetition_count(), 3);
    game.undo();
    let o = game.claim_draw().unwrap();
    assert_eq!(o, Outcome::Draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.status(), GameStatus::Ended(o));
    assert_eq!(game.result(), "1/2-1/2");
    let before = game.clone();
    assert_eq!(game.play_san("Nf3"), Err(GameError::GameOver(o)));
    assert_eq!(game, before);
    // Undo takes the claim back first, then moves.
    assert_eq!(game.undo(), None);
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(game.ply(), 8);
    assert!(game.undo().is_some());
    assert_eq!(game.ply(), 7);
}

#[test]
fn repetition_window_ends_at_a_capture_or_pawn_move() {
    let mut game = Game::new();
    play_all(&mut game, &KNIGHT_SHUFFLE);
    assert_eq!(game.repetition_count(), 2);
    play_all(&mut game, &["e4", "e5"]);
    play_all(&mut game, &KNIGHT_SHUFFLE);
    assert_eq!(game.repetition_count(), 2);
}

#[test]
fn fivefold_ends_the_game_automatically() {
    let mut game = Game::new();
    for _ in 0..3 {
        play_all(&mut game, &KNIGHT_SHUFFLE);
    }
    play_all(&mut game, &KNIGHT_SHUFFLE[..3]);
    assert_eq!(game.status(), GameStatus::Ongoing);
    game.play_san("Ng8").unwrap();
    assert_eq!(game.repetition_count(), 5);
    let o = Outcome::Draw(DrawReason::FivefoldRepetition);
    assert_eq!(game.status(), GameStatus::Ended(o));
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), Err(GameError::GameOver(o)));
    assert_eq!(game.play_san("Nf3"), Err(GameError::GameOver(o)));
    // Undo reopens the game.
    game.undo();
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn fifty_move_rule_claimable_and_seventy_five_automatic() {
    let mut game = Game::from_fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 99 80").unwrap();
    assert_eq!(game.claimable_draw(), None);
    game.play_san("Nf3").unwrap();
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(
        game.claim_draw(),
        Ok(Outcome::Draw(DrawReason::FiftyMoveRule))
    );

    let mut game = Game::from_fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 149 80").unwrap();
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    game.play_san("Nf3").unwrap();
    assert_eq!(
        game.status(),
        GameStatus::Ended(Outcome::Draw(DrawReason::SeventyFiveMoveRule))
    );
    // A mate on the 150th ply counts as mate.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100").unwrap();
    game.play_san("Ra8").unwrap();
    assert_eq!(
        game.status(),
        GameStatus::Ended(Outcome::Checkmate {
            winner: Side::White
        })
    );
}

#[test]
fn stalemate() {
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1").unwrap();
    game.play_san("Qf7").unwrap();
    assert_eq!(
        game.status(),
        GameStatus::Ended(Outcome::Draw(DrawReason::Stalemate))
    );
    assert_eq!(game.san_moves(), ["Qf7"]);
    let game = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn insufficient_material_variants() {
    let insufficient = Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",    // K v K
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",  // K+B v K
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",  // K+N v K
        "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", // bishops on one colour (c8 and d1 are light)
    ] {
        assert_eq!(
            Game::from_fen(fen).unwrap().outcome(),
            insufficient,
            "{fen}"
        );
    }
    for fen in [
        "3bk3/8/8/8/8/8/8/3BK3 w - - 0 1",  // bishops on both colours
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", // two knights (mate is possible)
        "4k3/8/8/8/8/8/8/3RK3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", // knight v knight
    ] {
        assert_eq!(Game::from_fen(fen).unwrap().outcome(), None, "{fen}");
    }
    // Reached by a capture.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
    game.play_san("Kxd2").unwrap();
    assert_eq!(game.outcome(), insufficient);
}

#[test]
fn checkmate_and_a_move_after_it_leaves_the_game_unchanged() {
    let mut game = Game::new();
    play_all(&mut game, &["f3", "e5", "g4", "Qh4#"]);
    let mate = Outcome::Checkmate {
        winner: Side::Black,
    };
    assert_eq!(game.status(), GameStatus::Ended(mate));
    assert_eq!(game.result(), "0-1");
    let before = game.clone();
    assert_eq!(game.play_uci("a2a3"), Err(GameError::GameOver(mate)));
    assert_eq!(game.play_san("a3"), Err(GameError::GameOver(mate)));
    assert_eq!(
        game.play(Move::normal(Square::A2, Square::A3)),
        Err(GameError::GameOver(mate))
    );
    assert_eq!(game.resign(Side::White), Err(GameError::GameOver(mate)));
    assert_eq!(game.agree_draw(), Err(GameError::GameOver(mate)));
    assert_eq!(game, before);
    assert_eq!(game.fen(), before.fen());
    let msg = GameError::GameOver(mate).to_string();
    assert!(msg.contains("Black wins by checkmate"), "{msg}");
}

#[test]
fn illegal_moves_are_errors_and_change_nothing() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    let before = game.clone();
    match game.play(Move::normal(Square::E7, Square::E4)) {
        Err(GameError::IllegalMove(illegal)) => {
            assert_eq!(illegal.mv.to_string(), "e7e4");
            assert_eq!(
                illegal.reason,
                IllegalReason::CannotGoThere {
                    piece: Piece {
                        side: Side::Black,
                        kind: PieceKind::Pawn
                    }
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // The same move as text: the same explanation, naming the move.
    let err = game.play_uci("e7e4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move e7e4: the pawn on e7 cannot go to e4"
    );
    let err = game.play_uci("e2e3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move e2e3: there is no piece on e2"
    );
    let err = game.play_uci("g1f3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move g1f3: the knight on g1 is White's, and it is Black to move"
    );
    assert!(matches!(game.play_uci("zz"), Err(GameError::Uci(_))));
    assert!(matches!(game.play_san("Ke7e5"), Err(GameError::San(_))));
    let err = game.play_san("Nd5").unwrap_err();
    assert!(err.to_string().contains("Nd5"), "{err}");
    assert_eq!(game, before);
}

#[test]
fn resignation_and_agreement() {
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5"]);
    game.undo();
    assert!(game.can_redo());
    let o = game.resign(Side::White).unwrap();
    assert_eq!(
        o,
        Outcome::Resignation {
            winner: Side::Black
        }
    );
    assert_eq!(game.result(), "0-1");
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
    assert_eq!(game.resign(Side::Black), Err(GameError::GameOver(o)));
    assert_eq!(game.play_san("e5"), Err(GameError::GameOver(o)));
    assert!(game.can_undo());
    assert_eq!(game.undo(), None);
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert!(game.can_redo());
    let o = game.agree_draw().unwrap();
    assert_eq!(o, Outcome::Draw(DrawReason::Agreement));
    assert_eq!(game.tag("Result"), Some("1/2-1/2"));
    assert!(game.to_pgn().trim_end().ends_with("1/2-1/2"));
}

#[test]
fn tags_and_comments_in_pgn() {
    let mut game = Game::new();
    game.set_tag("White", "Ann \"The Rook\"").unwrap();
    game.set_tag("Black", "Bob").unwrap();
    game.set_tag("Annotator", "engine").unwrap();
    game.set_tag("White", "Ann").unwrap();
    // Derived tags and names PGN cannot hold are errors that change nothing.
    for (name, value) in [
        ("Result", "1-0"),
        ("FEN", "x"),
        ("SetUp", "1"),
        ("White Elo", "1"),
        ("", "x"),
        ("Ré", "x"),
    ] {
        assert!(
            matches!(game.set_tag(name, value), Err(GameError::InvalidTag(_))),
            "{name}"
        );
    }
    assert_eq!(game.tag("White"), Some("Ann"));
    assert_eq!(game.tags().len(), 3);
    // A line break, tab or other control character (a NUL, found by an audit, was written
    // into the PGN as it was) is kept as PGN keeps it, a space: PGN and JSON give back the same.
    game.set_tag("Site", "Club\nroom\t2").unwrap();
    assert_eq!(game.tag("Site"), Some("Club room 2"));
    game.set_tag("Site", "Club\0room\u{1b}2").unwrap();
    assert!(game.to_pgn().contains("[Site \"Club room 2\"]"));
    assert_eq!(game.tag("Site"), Some("Club room 2"));
    let via_pgn = Game::from_pgn(&game.to_pgn()).unwrap();
    let via_json = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(via_pgn.tag("Site"), Some("Club room 2"));
    assert_eq!(via_json.tag("Site"), Some("Club room 2"));
    // A file whose tag value holds a tab or a NUL is read as `set_tag` keeps it (it kept them,
    // while its PGN wrote spaces: the game and its export disagreed).
    let read = Game::from_pgn("[Site \"Club\troom\u{0}2\"]\n\n1. e4 *\n").unwrap();
    assert_eq!(read.tag("Site"), Some("Club room 2"));
    assert_eq!(
        Game::from_json(&read.to_json()).unwrap().tag("Site"),
        Some("Club room 2")
    );
    game.remove_tag("Site");
    game.remove_tag("Annotator");
    assert_eq!(game.tag("Annotator"), None);
    play_all(&mut game, &["e4", "e5"]);
    let e4 = game.main_line()[0];
    game.set_comment(e4, Some("+0.31".to_string())).unwrap();
    game.set_comment(NodeId::ROOT, Some(" A  quick\ngame ".to_string()))
        .unwrap();
    assert_eq!(
        game.set_comment(NodeId::from_index(99), Some("no such move".to_string())),
        Err(GameError::NoSuchNode(99))
    );
    assert_eq!(comment(&game, e4), Some("+0.31"));
    let pgn = game.to_pgn();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n"), "{pgn}");
    assert!(
        pgn.contains("{A quick game} 1. e4 {+0.31} 1... e5 *"),
        "{pgn}"
    );
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(comment(&back, back.main_line()[0]), Some("+0.31"));
    assert_eq!(comment(&back, NodeId::ROOT), Some("A quick game"));
    assert_eq!(back.tag("White"), Some("Ann"));
    // The roster's placeholders are not kept as tags.
    assert_eq!(back.tag("Event"), None);
    assert_eq!(back, game);
    // A `}` would end the PGN comment: it is set as export writes it, `)`, so that the game and
    // its PGN round trip agree (found by an audit: "a } b { c" came back "a ) b { c").
    let mut braces = game.clone();
    braces
        .set_comment(e4, Some("a } b { c".to_string()))
        .unwrap();
    assert_eq!(comment(&braces, e4), Some("a ) b { c"));
    let back = Game::from_pgn(&braces.to_pgn()).unwrap();
    assert_eq!(comment(&back, back.main_line()[0]), Some("a ) b { c"));
    assert_eq!(back, braces);
    // In a command's value too, which export writes the same way.
    braces
        .set_comment(e4, Some("see [%foo a}b] x } y".to_string()))
        .unwrap();
    let back = Game::from_pgn(&braces.to_pgn()).unwrap();
    assert_eq!(back, braces);
}

#[test]
fn from_pgn_keeps_the_result_and_fen_start() {
    let pgn = "[Event \"Club\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 30\"]\n[Result \"1-0\"]\n\n30. e4 Kd7 1-0\n";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.ply(), 2);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            winner: Side::White
        })
    );
    assert_eq!(game.tag("FEN"), None);
    let out = game.to_pgn();
    assert!(
        out.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 30\"]"),
        "{out}"
    );
    assert!(out.contains("30. e4 Kd7 1-0"), "{out}");
    assert!(matches!(
        Game::from_pgn("1. e4 e5 2. Ke3 *"),
        Err(GameError::Pgn(_))
    ));
    assert!(matches!(Game::from_pgn("  "), Err(GameError::Pgn(_))));
}

#[test]
fn json_round_trip_with_redo_comments_and_outcome() {
    let mut game = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20").unwrap();
    game.set_tag("White", "Ann").unwrap();
    play_all(&mut game, &["O-O", "O-O-O", "Ra7", "Rd7", "Rxd7"]);
    game.set_comment(game.main_line()[1], Some("long castle".to_string()))
        .unwrap();
    game.undo();
    game.undo();
    game.resign(Side::Black).unwrap();
    let json = game.to_json();
    assert!(json.contains("\"version\": 3"), "{json}");
    let back = Game::from_json(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.fen(), game.fen());
    assert_eq!(back.history_keys(), game.history_keys());
    assert_eq!(back.redo_moves(), game.redo_moves());
    assert_eq!(back.outcome(), game.outcome());
    // And the restored game behaves the same.
    let mut back = back;
    assert_eq!(back.undo(), None); // the resignation
    assert_eq!(uci::to_uci(back.redo().unwrap()), "d8d7");
    // Claimed draws survive too.
    let mut game = Game::new();
    for _ in 0..2 {
        play_all(&mut game, &KNIGHT_SHUFFLE);
    }
    game.claim_draw().unwrap();
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
}

/// A save written by version 1 of the format (before the tree), byte for byte as that build
/// wrote it: two moves played, one taken back (the redo stack), a comment, NAGs, tags and a
/// resignation.
const SAVE_V1: &str = r#"{
  "version": 1,
  "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "moves": [
    {
      "uci": "e2e4"
    },
    {
      "uci": "e7e5",
      "comment": "book",
      "nags": [
        1
      ]
    }
  ],
  "redo": [
    {
      "uci": "g1f3"
    }
  ],
  "tags": [
    [
      "White",
      "Ann"
    ],
    [
      "Black",
      "Bob"
    ]
  ],
  "comment_before_moves": "A quick game",
  "outcome": {
    "type": "resignation",
    "winner": "white"
  }
}"#;

#[test]
fn a_version_1_save_still_loads() {
    let game = Game::from_json(SAVE_V1).unwrap();
    assert_eq!(game.san_moves(), ["e4", "e5"]);
    assert_eq!(uci::to_uci(game.redo_moves()[0]), "g1f3");
    assert_eq!(game.main_line().len(), 3);
    let e5 = game.main_line()[1];
    assert_eq!(comment(&game, e5), Some("book"));
    assert_eq!(game.annotations(e5).unwrap().nags, [1]);
    assert_eq!(comment(&game, NodeId::ROOT), Some("A quick game"));
    assert_eq!(game.tags(), [("White", "Ann"), ("Black", "Bob")]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            winner: Side::White
        })
    );
    // The same game made by hand.
    let mut by_hand = Game::new();
    play_all(&mut by_hand, &["e4", "e5", "Nf3"]);
    by_hand.undo();
    by_hand.set_comment(e5, Some("book".into())).unwrap();
    by_hand.annotations_mut(e5).unwrap().nags.push(1);
    by_hand
        .set_comment(NodeId::ROOT, Some("A quick game".into()))
        .unwrap();
    by_hand.set_tag("White", "Ann").unwrap();
    by_hand.set_tag("Black", "Bob").unwrap();
    by_hand.resign(Side::Black).unwrap();
    assert_eq!(game, by_hand);
    // Saved again, it is version 3, and reads back the same.
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    // A damaged version 1 save is still refused with the place.
    let msg = tampered(&SAVE_V1.replace("e7e5", "e7e4"));
    assert!(msg.contains("moves[1] \"e7e4\""), "{msg}");
    let msg = tampered(&SAVE_V1.replace("\"white\"", "\"green\""));
    assert!(msg.contains("green"), "{msg}");
}

fn tampered(json: &str) -> String {
    match Game::from_json(json) {
        Err(GameError::InvalidSave(msg)) => msg,
        other => panic!("expected InvalidSave for {json}: {other:?}"),
    }
}

#[test]
fn tampered_json_is_an_error_saying_what_and_where() {
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5", "Nf3"]);
    let good = game.to_json();
    assert_eq!(Game::from_json(&good).unwrap(), game);

    let msg = tampered(&good.replace("\"version\": 3", "\"version\": 4"));
    assert!(msg.contains("unsupported version 4"), "{msg}");
    // A version-2 save (the tree before clocks) still loads.
    let v2 = good.replace("\"version\": 3", "\"version\": 2");
    assert_ne!(v2, good);
    assert_eq!(Game::from_json(&v2).unwrap(), game);
    let msg = tampered(&good.replace("\"version\": 3,", ""));
    assert!(msg.contains("version"), "{msg}");
    let msg = tampered(&good.replace("e7e5", "e7e4"));
    assert!(msg.contains("nodes[2] \"e7e4\""), "{msg}");
    let msg = tampered(&good.replace("g1f3", "g1g3"));
    assert!(msg.contains("nodes[3]"), "{msg}");
    let msg = tampered(&good.replace("e2e4", "e2e4q"));
    assert!(msg.contains("nodes[1]"), "{msg}");
    let msg = tampered(&good.replace("KQkq", "KQkq-"));
    assert!(msg.contains("start_fen"), "{msg}");
    let msg = tampered(&good.replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppppp"));
    assert!(msg.contains("start_fen"), "{msg}");
    let msg = tampered(&good.replace("\"line_end\": 3", "\"line_end\": 3, \"cheat\": 1"));
    assert!(msg.contains("cheat"), "{msg}");
    let msg = tampered(&good.replace("\"parent\": 2", "\"parent\": 3"));
    assert!(msg.contains("nodes[3]: parent 3"), "{msg}");
    let msg = tampered(&good.replace("\"parent\": 1", "\"parent\": 0"));
    assert!(msg.contains("nodes[2] \"e7e5\""), "{msg}");
    let msg = tampered(&good.replace("\"line_end\": 3", "\"line_end\": 2"));
    assert!(msg.contains("line_end"), "{msg}");
    let msg = tampered(&good.replace("\"current\": 3", "\"current\": 9"));
    assert!(msg.contains("current: no node 9"), "{msg}");
    let msg = tampered(&good.replace(
        "\"nodes\": [\n    {}",
        "\"nodes\": [\n    {\"uci\": \"e2e4\"}",
    ));
    assert!(msg.contains("nodes[0]"), "{msg}");
    // A NAG on the start position, which no move carries and PGN cannot write.
    let msg = tampered(&good.replace("\"nodes\": [\n    {}", "\"nodes\": [\n    {\"nags\": [1]}"));
    assert!(
        msg.contains("nodes[0].nags: the start position has no move to annotate with a NAG"),
        "{msg}"
    );
    // A comment "before" the start position is its comment, as `set_annotations` takes it.
    let with_before = good.replace(
        "\"nodes\": [\n    {}",
        "\"nodes\": [\n    {\"comment_before\": \"Hello\"}",
    );
    assert_ne!(with_before, good);
    let loaded = Game::from_json(&with_before).unwrap();
    assert_eq!(
        loaded
            .annotations(NodeId::ROOT)
            .unwrap()
            .comment_after
            .as_deref(),
        Some("Hello")
    );
    assert_eq!(Game::from_json(&loaded.to_json()).unwrap(), loaded);
    // Text that looks like a command, left in a comment by the Rust API's `annotations_mut`
    // (the setters read commands out), comes back as saved, on the start as on a move.
    let mut raw = game.clone();
    for id in [NodeId::ROOT, NodeId::from_index(1)] {
        raw.annotations_mut(id).unwrap().comment_after = Some("x [%clk 0:01:00]".into());
    }
    assert_eq!(Game::from_json(&raw.to_json()).unwrap(), raw);
    let msg = tampered(&good.replace(
        "\"uci\": \"g1f3\"",
        "\"uci\": \"g1f3\", \"ending\": {\"type\": \"claim\", \"reason\": \"threefold_repetition\"}",
    ));
    assert!(
        msg.contains("nodes[3].ending: a draw by threefold repetition cannot be claimed"),
        "{msg}"
    );
    let msg = tampered(&good.replace(
        "\"uci\": \"g1f3\"",
        "\"uci\": \"g1f3\", \"ending\": {\"type\": \"resignation\", \"winner\": \"green\"}",
    ));
    assert!(msg.contains("green"), "{msg}");
    let msg = tampered(&good.replace("\"uci\": \"g1f3\"", "\"uci\": \"g1f3\", \"eval\": \"+-\""));
    assert!(msg.contains("nodes[3].eval"), "{msg}");
    let msg = tampered(&good.replace(
        "\"uci\": \"g1f3\"",
        "\"uci\": \"g1f3\", \"arrows\": [\"Gg1\"]",
    ));
    assert!(msg.contains("nodes[3].arrows"), "{msg}");
    let msg = tampered(&good.replace("\"tags\": []", "\"tags\": [[\"Result\", \"1-0\"]]"));
    assert!(msg.contains("Result"), "{msg}");
    let msg = tampered(&good.replace("\"tags\": []", "\"tags\": [[\"A\", \"1\"], [\"A\", \"2\"]]"));
    assert!(msg.contains("twice"), "{msg}");
    let msg = tampered(&good.replace("\"uci\": \"e2e4\"", "\"uci\": \"e2e4\", \"nags\": [300]"));
    assert!(msg.contains("300") || msg.contains("u8"), "{msg}");
    // The same move twice after one node.
    let msg = tampered(&good.replace(
        "    {\n      \"parent\": 2,",
        "    {\n      \"parent\": 1,\n      \"uci\": \"e7e5\"\n    },\n    {\n      \"parent\": 2,",
    ));
    assert!(msg.contains("the same move twice"), "{msg}");
    let msg = tampered("");
    assert!(msg.contains("not JSON"), "{msg}");
    let msg = tampered("[1, 2]");
    assert!(msg.contains("object"), "{msg}");
    tampered("{\"version\": \"1\"}");
    tampered("{\"version\": 1}");
    tampered("{\"version\": 2}");
    tampered("{\"version\": 3}");
    tampered("null");
    tampered("{\"version\": 1e400}");

    // A move after the game ended by rule, and an ending after one.
    let mut mated = Game::new();
    play_all(&mut mated, &["f3", "e5", "g4", "Qh4#"]);
    let json = mated.to_json();
    assert_eq!(Game::from_json(&json).unwrap(), mated);
    let msg = tampered(&json.replace(
        "\"uci\": \"d8h4\"",
        "\"uci\": \"d8h4\", \"ending\": {\"type\": \"agreement\"}",
    ));
    assert!(msg.contains("already ended"), "{msg}");

    // Every truncation of a good save is an error, never a panic.
    for cut in 0..good.len() {
        if good.is_char_boundary(cut) {
            assert!(Game::from_json(&good[..cut]).is_err());
        }
    }
}

#[test]
fn pgn_moves_after_an_automatic_ending_are_kept_as_a_comment() {
    let pgn =
        "[FEN \"4k3/8/8/8/8/8/8/4KN2 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 Kd8 2. Ke3 1/2-1/2\n";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.ply(), 0, "K+N v K is drawn at once: nothing is played");
    assert_eq!(
        game.outcome(),
        Some(chesscore::game::Outcome::Draw(
            chesscore::game::DrawReason::InsufficientMaterial
        ))
    );
    assert!(
        game.to_pgn().contains("not played: Kd2 Kd8 Ke3"),
        "{}",
        game.to_pgn()
    );
    // What the file says about those moves stays in the note: comments, NAGs, variations (their
    // clocks describe moves never played and go).
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/4KB2 w - - 0 1\"]\n\n\
               1. Bc4 $2 {note [%clk 0:01:00]} (1. Bd3 {alt} Kd7) Kd7 *\n";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.ply(), 0);
    let note = game
        .annotations(NodeId::ROOT)
        .unwrap()
        .comment_after
        .clone()
        .unwrap();
    assert_eq!(
        note,
        "moves after the end of the game, not played: Bc4 $2 \"note\" (Bd3 \"alt\" Kd7) Kd7"
    );
    // And it reads back as written.
    let back = Game::from_pgn(&game.to_pgn()).unwrap();
    assert_eq!(
        back.annotations(NodeId::ROOT)
            .unwrap()
            .comment_after
            .as_deref(),
        Some(note.as_str())
    );
}

fn mv(game: &Game, text: &str) -> Move {
    chesscore::notation::san::parse_san(game.position(), text).unwrap()
}

/// FIDE 9.2.1.1: a player may claim threefold repetition by announcing the move that makes the
/// position occur for the third time; the move is played and the game ends drawn there.
#[test]
fn threefold_claimed_with_the_move_that_makes_it() {
    let mut game = Game::from_fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 7 40").unwrap();
    play_all(&mut game, &KNIGHT_SHUFFLE);
    play_all(&mut game, &KNIGHT_SHUFFLE[..3]);
    // Ng8 would make the start position's third occurrence; nothing is claimable yet.
    assert_eq!(game.claimable_draw(), None);
    let ng8 = mv(&game, "Ng8");
    assert_eq!(
        game.draw_claimable_with(ng8),
        Some(DrawReason::ThreefoldRepetition)
    );
    assert_eq!(
        game.draw_claim_moves(),
        [(ng8, DrawReason::ThreefoldRepetition)]
    );
    // Another knight move makes a new position: no claim, the game unchanged.
    let before = game.clone();
    let nh5 = mv(&game, "Nh5");
    assert_eq!(game.draw_claimable_with(nh5), None);
    let refused = game.claim_draw_with(nh5).unwrap_err();
    assert!(matches!(&refused, GameError::NoDrawWith { san, .. } if san == "Nh5"));
    assert!(refused.to_string().contains("first time"), "{refused}");
    assert_eq!(game, before);
    let kd8 = mv(&game, "Kd8");
    let refused = game.claim_draw_with(kd8).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("no draw can be claimed with Kd8"),
        "{refused}"
    );
    assert_eq!(game, before);
    // Illegal: refused as a move.
    let illegal = Move::normal(Square::E8, Square::E6);
    assert!(matches!(
        game.claim_draw_with(illegal),
        Err(GameError::IllegalMove(_))
    ));
    assert_eq!(game.draw_claimable_with(illegal), None);
    assert_eq!(game, before);

    let o = game.claim_draw_with(ng8).unwrap();
    assert_eq!(o, Outcome::Draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.ply(), 8);
    assert_eq!(game.last_san(), Some("Ng8"));
    assert_eq!(game.status(), GameStatus::Ended(o));
    assert_eq!(game.result(), "1/2-1/2");
    assert!(
        game.to_pgn().ends_with("43. Ng1 Ng8 1/2-1/2\n"),
        "{}",
        game.to_pgn()
    );
    assert_eq!(game.claim_draw_with(ng8), Err(GameError::GameOver(o)));
    // Saved and restored with the claim.
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    // Undo takes the claim back, then the move; the claimable move is claimable again.
    assert_eq!(game.undo(), None);
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    assert!(game.undo().is_some());
    assert_eq!(game.ply(), 7);
    assert_eq!(
        game.draw_claimable_with(ng8),
        Some(DrawReason::ThreefoldRepetition)
    );
}

/// FIDE 9.3.1: the fifty-move rule may be claimed with the move that completes the fifty
/// moves; a capture or pawn move resets the count and claims nothing; a move that mates or
/// otherwise ends the game by itself is not a claim.
#[test]
fn fifty_moves_claimed_with_the_move_that_completes_them() {
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R2n4 w - - 99 80").unwrap();
    assert_eq!(game.claimable_draw(), None);
    let ra7 = mv(&game, "Ra7");
    assert_eq!(
        game.draw_claimable_with(ra7),
        Some(DrawReason::FiftyMoveRule)
    );
    let kf6 = mv(&game, "Kf6");
    assert_eq!(
        game.draw_claimable_with(kf6),
        Some(DrawReason::FiftyMoveRule)
    );
    let ra8 = mv(&game, "Ra8");
    let rxd1 = mv(&game, "Rxd1");
    // Every move claims but the capture and the mate.
    let claims = game.draw_claim_moves();
    assert_eq!(claims.len(), game.legal_moves().len() - 2);
    assert!(claims
        .iter()
        .all(|&(m, r)| r == DrawReason::FiftyMoveRule && m != ra8 && m != rxd1));
    // The capture resets the count.
    assert_eq!(game.draw_claimable_with(rxd1), None);
    let e = game.claim_draw_with(rxd1).unwrap_err();
    assert!(e.to_string().contains("0 plies"), "{e}");
    // Ra8 mates: the mate decides, nothing to claim.
    assert_eq!(game.draw_claimable_with(ra8), None);
    let e = game.claim_draw_with(ra8).unwrap_err();
    assert!(
        e.to_string()
            .contains("Ra8#: the move ends the game by itself (White wins by checkmate)"),
        "{e}"
    );
    let o = game.claim_draw_with(ra7).unwrap();
    assert_eq!(o, Outcome::Draw(DrawReason::FiftyMoveRule));
    assert_eq!(game.fen(), "7k/R7/6K1/8/8/8/8/3n4 b - - 100 80");
    assert_eq!(game.status(), GameStatus::Ended(o));
    assert!(game.draw_claim_moves().is_empty());
}

/// At the seventy-fifth move the game ends by itself: the move that gets there is no claim.
#[test]
fn the_move_to_seventy_five_moves_is_no_claim() {
    let game = Game::from_fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 149 80").unwrap();
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    let nf3 = mv(&game, "Nf3");
    assert_eq!(game.draw_claimable_with(nf3), None);
    let e = game.clone().claim_draw_with(nf3).unwrap_err();
    assert!(e.to_string().contains("seventy-five"), "{e}");
}

#[test]
fn a_key_given_twice_in_a_save_is_refused_not_read_as_its_last() {
    // JSON-save audit: the save was read through a JSON value, which keeps the last of two
    // equal keys: a node with "uci" twice loaded as the other move.
    let mut game = Game::new();
    play_all(&mut game, &["e4"]);
    let good = game.to_json();
    let msg = tampered(&good.replace("\"uci\": \"e2e4\"", "\"uci\": \"e2e4\", \"uci\": \"d2d4\""));
    assert!(msg.contains("duplicate field `uci`"), "{msg}");
    let msg = tampered(&good.replace("\"version\": 3", "\"version\": 1, \"version\": 3"));
    assert!(msg.contains("duplicate field `version`"), "{msg}");
}

#[test]
fn old_saves_with_a_standard_variant_tag_or_a_free_tag_name_still_load() {
    // Builds before the Variant tag was derived saved lichess's [Variant "Standard"] as a tag,
    // and version-1 builds took any tag name: such saves were refused whole.
    let old = SAVE_V1.replace(
        "[\n    [\n      \"White\",",
        "[\n    [\"Variant\", \"Standard\"], [\"Opening Name\", \"Italian\"],\n    [\n      \"White\",",
    );
    assert_ne!(old, SAVE_V1);
    let game = Game::from_json(&old).unwrap();
    assert_eq!(game.tag("Variant"), None);
    assert_eq!(game.tag("Opening_Name"), Some("Italian"));
    assert_eq!(game.san_moves(), ["e4", "e5"]);
    // A Variant the build cannot play is still refused.
    let msg = tampered(&SAVE_V1.replace(
        "[\n    [\n      \"White\",",
        "[\n    [\"Variant\", \"Atomic\"],\n    [\n      \"White\",",
    ));
    assert!(msg.contains("Variant"), "{msg}");
}
