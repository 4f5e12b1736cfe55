//! Exact live-object accounting (its own test binary: nothing else runs in this process).

use chesscore::ffi::{live_object_count, ChessEngine, ChessGame, EngineConfig, SearchLimits};

#[test]
fn every_object_is_freed_when_its_last_reference_goes() {
    assert_eq!(live_object_count(), 0);
    let game = ChessGame::new();
    let engine = ChessEngine::new(EngineConfig {
        level: 10,
        elo: None,
        hash_mb: 1,
        seed: 0,
        variety: false,
        threads: 1,
    })
    .unwrap();
    assert_eq!(live_object_count(), 2);
    struct Quiet;
    impl chesscore::ffi::SearchListener for Quiet {
        fn on_info(&self, _: chesscore::ffi::SearchInfo) {}
        fn on_finished(&self, _: chesscore::ffi::SearchResult) {}
    }
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let handle = engine
        .think(game.clone(), limits, std::sync::Arc::new(Quiet))
        .unwrap();
    assert_eq!(live_object_count(), 3);
    drop(handle);
    assert_eq!(live_object_count(), 2);
    let copy = ChessGame::from_json(game.to_json()).unwrap();
    assert_eq!(live_object_count(), 3);
    drop(copy);
    drop(game);
    drop(engine);
    assert_eq!(live_object_count(), 0);
}
