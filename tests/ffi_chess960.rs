//! Chess960 and attack information through the FFI objects, as the apps use them.

use chesscore::ffi::{
    chess960_start_fen, ChessEngine, ChessError, ChessGame, EngineConfig, GameReview, MoveReview,
    Pin, ReviewListener, ReviewOptions, SearchInfo, SearchLimits, SearchListener, SearchResult,
    Side, Square,
};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Start position 96 (BBQNRNKR) after 1. Nfe3 Nfe6: both kings on g1/g8 may castle short, which
/// moves only their rooks (h1 to f1).
const CASTLE_READY: &str = "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR w KQkq - 2 2";

#[test]
fn new_chess960_games_by_number_or_at_random() {
    let game = ChessGame::new_chess960(Some(0)).unwrap();
    let snap = game.snapshot();
    assert!(snap.chess960 && game.is_chess960());
    assert_eq!(
        snap.fen,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(
        game.shredder_fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    assert_eq!(game.chess960_start_number(), Some(0));
    assert_eq!(game.tag("Variant".into()).as_deref(), Some("Chess960"));
    assert_eq!(chess960_start_fen(0).unwrap(), snap.fen);

    // 518 is the standard position, but the game is still Chess960.
    let game = ChessGame::new_chess960(Some(518)).unwrap();
    assert_eq!(game.fen(), chesscore::ffi::starting_fen());
    assert!(game.snapshot().chess960);
    assert!(!ChessGame::new().snapshot().chess960);
    assert_eq!(ChessGame::new().chess960_start_number(), None);

    let random = ChessGame::new_chess960(None).unwrap();
    assert!(random.chess960_start_number().is_some_and(|n| n < 960));

    for bad in [960, u32::MAX] {
        let err = ChessGame::new_chess960(Some(bad)).err().unwrap();
        assert!(
            matches!(&err, ChessError::InvalidRequest(m) if m.contains("0 to 959")),
            "{err:?}"
        );
        assert!(matches!(
            chess960_start_fen(bad),
            Err(ChessError::InvalidRequest(_))
        ));
    }
}

#[test]
fn castling_is_king_onto_rook_in_chess960() {
    let game = ChessGame::from_chess960_fen(CASTLE_READY.into()).unwrap();
    let castle = game
        .legal_moves()
        .into_iter()
        .find(|m| m.is_castle)
        .unwrap();
    // The king stays on g1: the move is written and played as the king taking its rook.
    assert_eq!(
        (
            castle.from,
            castle.to,
            castle.uci.as_str(),
            castle.san.as_str()
        ),
        (Square::G1, Square::H1, "g1h1", "O-O")
    );
    assert!(game.destinations_from(Square::G1).contains(&Square::H1));
    let played = game.play(Square::G1, Square::H1, None).unwrap();
    assert_eq!(played, castle);
    assert!(game.fen().contains("/BBQNRRK1 b kq - 3 2"));
    assert_eq!(game.snapshot().last_move.unwrap().uci, "g1h1");
    // Black castles by SAN, then the JSON round trip keeps the game (and its variant).
    game.play_san("O-O".into()).unwrap();
    let restored = ChessGame::from_json(game.to_json()).unwrap();
    assert_eq!(restored.snapshot(), game.snapshot());
    assert!(restored.snapshot().chess960);
    // A start without castling rights is Chess960 only by what the game was made as: its FEN
    // reads as standard chess, so the save says so itself.
    let no_rights = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w - - 0 1";
    let bare = ChessGame::from_chess960_fen(no_rights.into()).unwrap();
    bare.play_san("Nb3".into()).unwrap();
    let json = bare.to_json();
    assert!(json.contains("\"chess960\": true"), "{json}");
    let restored = ChessGame::from_json(json).unwrap();
    assert!(restored.snapshot().chess960);
    assert_eq!(restored.snapshot(), bare.snapshot());
    assert!(restored.pgn().contains("[Variant \"Chess960\"]"));
    // A standard game's save has no such field.
    assert!(!ChessGame::new().to_json().contains("chess960"));
    // A failed move leaves the game unchanged (the castling right is gone: g1 to f1 would be
    // onto its own rook now).
    let before = game.snapshot();
    assert!(matches!(
        game.play(Square::G1, Square::F1, None),
        Err(ChessError::IllegalMove(_))
    ));
    assert_eq!(game.snapshot(), before);
}

/// Position 518 is the standard set-up, but a Chess960 game: its castles are king-takes-rook
/// everywhere the game writes a move, the tree and the review as `LegalMove.uci`.
#[test]
fn the_tree_writes_chess960_castling_as_legal_moves_do() {
    let game = ChessGame::new_chess960(Some(518)).unwrap();
    for san in ["e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5"] {
        game.play_san(san.into()).unwrap();
    }
    let castle = game.play_san("O-O".into()).unwrap();
    assert_eq!(castle.uci, "e1h1");
    let node = game.node(game.snapshot().node).unwrap();
    assert_eq!(node.uci, "e1h1");
}

#[test]
fn a_standard_game_keeps_standard_castling() {
    let game = ChessGame::new();
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        game.play_san(san.into()).unwrap();
    }
    let castle = game
        .legal_moves()
        .into_iter()
        .find(|m| m.is_castle)
        .unwrap();
    assert_eq!((castle.to, castle.uci.as_str()), (Square::G1, "e1g1"));
    // Dropping the king on its rook castles too.
    let played = game.play(Square::E1, Square::H1, None).unwrap();
    assert_eq!(played.uci, "e1g1");

    // The same moves in a Chess960 game from start position 518 write castling e1h1.
    let game = ChessGame::new_chess960(Some(518)).unwrap();
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        game.play_san(san.into()).unwrap();
    }
    let played = game.play_uci("e1g1".into()).unwrap();
    assert_eq!((played.to, played.uci.as_str()), (Square::H1, "e1h1"));
}

#[test]
fn attack_information() {
    // The white knight on c3 is pinned by the bishop on b4; the black queen on h2 attacks f2.
    let game = ChessGame::from_fen("4k3/8/8/8/1b2P3/2N5/7q/3QK3 w - - 0 1".into()).unwrap();
    assert_eq!(
        game.pins(Side::White),
        vec![Pin {
            pinned: Square::C3,
            pinner: Square::B4
        }]
    );
    assert!(game.pins(Side::Black).is_empty());
    assert_eq!(
        game.attackers(Square::D5, Side::White),
        vec![Square::D1, Square::C3, Square::E4]
    );
    assert!(game.is_attacked(Square::F2, Side::Black));
    assert!(!game.is_attacked(Square::E1, Side::Black));
    assert!(game.checkers().is_empty());
    assert!(game.attacked_squares(Side::Black).contains(&Square::F2));
    // The queen on b2 checks the king on a1.
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/1q6/K7 w - - 0 1".into()).unwrap();
    assert_eq!(game.checkers(), vec![Square::B2]);
}

struct Channel(Mutex<mpsc::Sender<SearchResult>>);

impl SearchListener for Channel {
    fn on_info(&self, _: SearchInfo) {}
    fn on_finished(&self, result: SearchResult) {
        let _ = self.0.lock().unwrap().send(result);
    }
}

/// The strongest level, deterministic.
fn full_strength() -> Arc<ChessEngine> {
    ChessEngine::new(EngineConfig {
        level: 10,
        elo: None,
        hash_mb: 4,
        seed: 1,
        variety: false,
        threads: 1,
    })
    .unwrap()
}

#[test]
fn the_engine_thinks_about_a_chess960_game() {
    // The castle g1h1 (rook to f1) mates: the engine finds it and writes it king-takes-rook.
    let game = ChessGame::from_fen("4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1".into()).unwrap();
    assert!(game.snapshot().chess960);
    let engine = full_strength();
    let (tx, rx) = mpsc::channel();
    let listener = Arc::new(Channel(Mutex::new(tx)));
    let limits = SearchLimits {
        depth: Some(4),
        ..SearchLimits::default()
    };
    let _handle = engine
        .think(game.clone(), limits.clone(), listener)
        .unwrap();
    let result = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(result.best_move.is_castle);
    assert_eq!(result.best_move.uci, "g1h1");
    assert_eq!(result.pv_uci.first().map(String::as_str), Some("g1h1"));
    assert_eq!(result.best_move.san, "O-O#");

    // A fresh Chess960 start: the answer is one of the game's legal moves.
    let game = ChessGame::new_chess960(Some(959)).unwrap();
    let (tx, rx) = mpsc::channel();
    let _handle = engine
        .think(game.clone(), limits, Arc::new(Channel(Mutex::new(tx))))
        .unwrap();
    let result = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(game.legal_moves().contains(&result.best_move));
}

struct ReviewChannel(Mutex<mpsc::Sender<GameReview>>);

impl ReviewListener for ReviewChannel {
    fn on_move_reviewed(&self, _: MoveReview, _: u32, _: u32) {}
    fn on_finished(&self, review: GameReview) {
        let _ = self.0.lock().unwrap().send(review);
    }
}

#[test]
fn a_review_writes_chess960_castling_as_the_game_does() {
    // 1. O-O# (e1h1 in Chess960): the review's move and best move are written king-takes-rook,
    // as LegalMove.uci, and play back.
    let game = ChessGame::from_chess960_fen("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1".into()).unwrap();
    let start = game.fen();
    assert_eq!(game.play_uci("e1h1".into()).unwrap().san, "O-O#");
    let engine = full_strength();
    let (tx, rx) = mpsc::channel();
    let options = ReviewOptions {
        nodes_per_position: Some(5_000),
        ..ReviewOptions::default()
    };
    let _handle = engine
        .review(
            game.clone(),
            options,
            Arc::new(ReviewChannel(Mutex::new(tx))),
        )
        .unwrap();
    let review = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(review.complete, "{:?}", review.error);
    let castle = &review.moves[0];
    assert_eq!(
        (
            castle.san.as_str(),
            castle.uci.as_str(),
            castle.best_uci.as_str()
        ),
        ("O-O#", "e1h1", "e1h1")
    );
    let again = ChessGame::from_chess960_fen(start).unwrap();
    assert_eq!(again.play_uci(castle.uci.clone()).unwrap().san, "O-O#");
}
