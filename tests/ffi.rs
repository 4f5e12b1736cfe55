//! The FFI objects driven from Rust threads, the way the apps drive them: a recording listener,
//! stop storms, dropped handles, concurrent snapshots and moves while a search runs, many
//! engines at once, and errors that leave objects unchanged.

use chesscore::ffi::{
    parse_square, square_name, ChessEngine, ChessError, ChessGame, EngineConfig, GameStatus,
    LegalMove, Outcome, PieceKind, SearchInfo, SearchLimits, SearchListener, SearchResult, Side,
    Square,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Records every call; lets a test wait for `on_finished`.
#[derive(Default)]
struct Recorder {
    infos: Mutex<Vec<SearchInfo>>,
    results: Mutex<Vec<SearchResult>>,
    done: Condvar,
    info_threads: Mutex<Vec<String>>,
}

impl SearchListener for Recorder {
    fn on_info(&self, info: SearchInfo) {
        self.info_threads
            .lock()
            .unwrap()
            .push(thread::current().name().unwrap_or("?").to_string());
        self.infos.lock().unwrap().push(info);
    }
    fn on_finished(&self, result: SearchResult) {
        self.results.lock().unwrap().push(result);
        self.done.notify_all();
    }
}

impl Recorder {
    fn wait_results(&self, n: usize, timeout: Duration) -> Vec<SearchResult> {
        let deadline = Instant::now() + timeout;
        let mut results = self.results.lock().unwrap();
        while results.len() < n {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "timed out waiting for {n} results, have {}",
                results.len()
            );
            results = self.done.wait_timeout(results, left).unwrap().0;
        }
        results.clone()
    }

    /// Waits for the search's result and checks that no second one follows.
    fn wait_only_result(&self) -> SearchResult {
        let result = self.wait_results(1, Duration::from_secs(30)).remove(0);
        thread::sleep(Duration::from_millis(50));
        assert_eq!(
            self.results.lock().unwrap().len(),
            1,
            "exactly one on_finished"
        );
        result
    }
}

fn engine() -> Arc<ChessEngine> {
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

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

fn infinite() -> SearchLimits {
    SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    }
}

fn is_legal_in(game: &ChessGame, mv: &LegalMove) -> bool {
    game.legal_moves().iter().any(|m| m.uci == mv.uci)
}

#[test]
fn listener_gets_infos_on_the_engine_thread_and_exactly_one_result() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let handle = engine.think(game.clone(), depth(6), rec.clone()).unwrap();
    let result = &rec.wait_only_result();
    assert!(!result.stopped);
    assert_eq!(result.depth, 6);
    assert!(is_legal_in(&game, &result.best_move));
    assert_eq!(result.position_key, game.snapshot().position_key);
    assert_eq!(result.pv_uci.first(), Some(&result.best_move.uci));
    let infos = rec.infos.lock().unwrap();
    assert!(!infos.is_empty());
    assert!(
        infos.windows(2).all(|w| w[0].depth < w[1].depth),
        "one info per depth, increasing"
    );
    assert!(infos
        .iter()
        .all(|i| i.pv_san.len() == i.pv_uci.len() && !i.pv_san.is_empty()));
    assert!(rec
        .info_threads
        .lock()
        .unwrap()
        .iter()
        .all(|n| n == "chesscore-engine"));
    assert!(handle.is_finished());
}

#[test]
fn progress_reaches_the_app_at_most_every_100_ms() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let arrivals = Arc::new(Mutex::new(Vec::new()));
    struct Timed(Arc<Recorder>, Arc<Mutex<Vec<Instant>>>);
    impl SearchListener for Timed {
        fn on_info(&self, info: SearchInfo) {
            self.1.lock().unwrap().push(Instant::now());
            self.0.on_info(info);
        }
        fn on_finished(&self, result: SearchResult) {
            self.0.on_finished(result);
        }
    }
    let limits = SearchLimits {
        move_time_ms: Some(700),
        ..SearchLimits::default()
    };
    let _h = engine
        .think(game, limits, Arc::new(Timed(rec.clone(), arrivals.clone())))
        .unwrap();
    rec.wait_results(1, Duration::from_secs(30));
    let times = arrivals.lock().unwrap().clone();
    assert!(times.len() >= 2, "several depths reported");
    // Every gap but the last (the held-back final depth) is at least the interval.
    for pair in times[..times.len() - 1].windows(2) {
        assert!(
            pair[1] - pair[0] >= Duration::from_millis(95),
            "{:?}",
            pair[1] - pair[0]
        );
    }
    assert!(times.len() <= 10, "{} reports in 0.7 s", times.len());
}

#[test]
fn stop_and_dropping_the_handle_end_an_infinite_search_quickly() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let handle = engine.think(game.clone(), infinite(), rec.clone()).unwrap();
    thread::sleep(Duration::from_millis(200));
    assert!(!handle.is_finished());
    let t = Instant::now();
    handle.stop();
    let result = rec.wait_results(1, Duration::from_secs(5)).remove(0);
    let latency = t.elapsed();
    // A bound for a loaded machine (the stop itself takes a few milliseconds): an infinite
    // search that was not stopped would never end.
    assert!(
        latency < Duration::from_millis(500),
        "stop took {latency:?}"
    );
    assert!(result.stopped);
    assert!(is_legal_in(&game, &result.best_move));

    let rec2 = Arc::new(Recorder::default());
    let handle = engine
        .think(game.clone(), infinite(), rec2.clone())
        .unwrap();
    thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    drop(handle);
    let result = rec2.wait_results(1, Duration::from_secs(5)).remove(0);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "drop took {:?}",
        t.elapsed()
    );
    assert!(result.stopped);
}

#[test]
fn a_new_search_supersedes_the_running_one_which_still_finishes() {
    let game = ChessGame::new();
    let engine = engine();
    let first = Arc::new(Recorder::default());
    let second = Arc::new(Recorder::default());
    let _h1 = engine
        .think(game.clone(), infinite(), first.clone())
        .unwrap();
    thread::sleep(Duration::from_millis(50));
    let _h2 = engine
        .think(game.clone(), depth(4), second.clone())
        .unwrap();
    let r1 = first.wait_results(1, Duration::from_secs(5)).remove(0);
    assert!(r1.stopped, "the superseded search is reported as stopped");
    let r2 = second.wait_results(1, Duration::from_secs(30)).remove(0);
    assert!(!r2.stopped);
    assert!(is_legal_in(&game, &r2.best_move));
}

#[test]
fn stop_storm_from_many_threads() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let searches = 20;
    let starter = {
        let (engine, game, rec) = (engine.clone(), game.clone(), rec.clone());
        thread::spawn(move || {
            let mut handles = Vec::new();
            for _ in 0..searches {
                handles.push(engine.think(game.clone(), infinite(), rec.clone()).unwrap());
                thread::sleep(Duration::from_millis(2));
            }
            handles
        })
    };
    let stoppers: Vec<_> = (0..4)
        .map(|_| {
            let engine = engine.clone();
            thread::spawn(move || {
                for _ in 0..200 {
                    engine.stop();
                    thread::sleep(Duration::from_micros(300));
                }
            })
        })
        .collect();
    let handles = starter.join().unwrap();
    for s in stoppers {
        s.join().unwrap();
    }
    engine.stop();
    let results = rec.wait_results(searches, Duration::from_secs(20));
    thread::sleep(Duration::from_millis(100));
    assert_eq!(
        rec.results.lock().unwrap().len(),
        searches,
        "exactly one result per search"
    );
    assert!(results.iter().all(|r| is_legal_in(&game, &r.best_move)));
    assert!(handles.iter().all(|h| h.is_finished()));
    assert!(!engine.is_searching());
}

#[test]
fn the_game_may_change_while_the_engine_thinks() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let key_at_start = game.snapshot().position_key;
    let _h = engine.think(game.clone(), depth(7), rec.clone()).unwrap();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6"];
    let players: Vec<_> = (0..3)
        .map(|i| {
            let game = game.clone();
            thread::spawn(move || {
                for _ in 0..200 {
                    let s = game.snapshot();
                    assert_eq!(s.squares.len(), 64);
                    if i == 0 {
                        let _ = game.play_uci(moves[(s.ply as usize) % moves.len()].into());
                        if s.ply >= 3 {
                            game.undo();
                        }
                    }
                }
            })
        })
        .collect();
    for p in players {
        p.join().unwrap();
    }
    let result = rec.wait_results(1, Duration::from_secs(30)).remove(0);
    assert_eq!(
        result.position_key, key_at_start,
        "the result says which position it is for"
    );
    assert!(result
        .position_fen
        .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
}

#[test]
fn many_engines_at_once() {
    let game = ChessGame::from_fen(
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3".into(),
    )
    .unwrap();
    let results: Vec<SearchResult> = (0..4)
        .map(|_| {
            let game = game.clone();
            thread::spawn(move || {
                let engine = engine();
                let rec = Arc::new(Recorder::default());
                let _h = engine.think(game, depth(5), rec.clone()).unwrap();
                rec.wait_results(1, Duration::from_secs(60)).remove(0)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap())
        .collect();
    for r in &results {
        assert_eq!(r.best_move.uci, "f3f7", "Qxf7# is mate in one");
        assert!(r.best_move.is_checkmate);
    }
}

#[test]
fn a_panicking_listener_does_not_lose_the_result_or_the_engine() {
    struct Panicky(AtomicUsize, Mutex<Option<SearchResult>>);
    impl SearchListener for Panicky {
        fn on_info(&self, _: SearchInfo) {
            self.0.fetch_add(1, Ordering::SeqCst);
            panic!("listener bug");
        }
        fn on_finished(&self, result: SearchResult) {
            *self.1.lock().unwrap() = Some(result);
        }
    }
    let game = ChessGame::new();
    let engine = engine();
    let listener = Arc::new(Panicky(AtomicUsize::new(0), Mutex::new(None)));
    let _h = engine
        .think(game.clone(), depth(4), listener.clone())
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while listener.1.lock().unwrap().is_none() {
        assert!(Instant::now() < deadline);
        thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        listener.0.load(Ordering::SeqCst),
        1,
        "not called again after it panicked"
    );
    // The result was not affected...
    let result = listener.1.lock().unwrap().clone().unwrap();
    assert_eq!((result.depth, result.error), (4, None));
    // ...and the failure is reported, once, by the engine's next search call.
    let rec = Arc::new(Recorder::default());
    let err = engine
        .think(game.clone(), depth(3), rec.clone())
        .err()
        .unwrap();
    assert!(
        matches!(&err, ChessError::Internal(m) if m.contains("on_info failed: listener bug")),
        "{err:?}"
    );
    // The engine still works.
    let _h = engine.think(game, depth(3), rec.clone()).unwrap();
    assert!(!rec.wait_results(1, Duration::from_secs(30))[0].stopped);
}

#[test]
fn a_listener_that_fails_in_on_finished_is_reported_by_the_next_call_of_any_kind() {
    struct FailsAtTheEnd(Mutex<bool>, Condvar);
    impl SearchListener for FailsAtTheEnd {
        fn on_info(&self, _: SearchInfo) {}
        fn on_finished(&self, _: SearchResult) {
            *self.0.lock().unwrap() = true;
            self.1.notify_all();
            panic!("finish bug");
        }
    }
    let game = ChessGame::new();
    let engine = engine();
    let listener = Arc::new(FailsAtTheEnd(Mutex::new(false), Condvar::new()));
    let _h = engine
        .think(game.clone(), depth(2), listener.clone())
        .unwrap();
    let mut called = listener.0.lock().unwrap();
    while !*called {
        called = listener.1.wait(called).unwrap();
    }
    drop(called);
    // on_finished has been entered; its panic is recorded before the engine is idle.
    while engine.is_searching() {
        thread::sleep(Duration::from_millis(1));
    }
    let err = engine
        .think_fen(game.fen(), depth(2), Arc::new(Recorder::default()))
        .err()
        .unwrap();
    assert!(
        matches!(&err, ChessError::Internal(m) if m.contains("on_finished failed: finish bug")),
        "{err:?}"
    );
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game, depth(2), rec.clone()).unwrap();
    assert_eq!(rec.wait_only_result().error, None, "reported once");
}

#[test]
fn a_failed_search_ends_with_one_result_that_carries_the_error() {
    let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".into()).unwrap();
    let engine = engine();
    // The listener gets exactly one result, marked as failed, with a legal (unsearched) move.
    engine.fail_next_search();
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game.clone(), depth(4), rec.clone()).unwrap();
    let failed = &rec.wait_only_result();
    let message = failed.error.as_deref().unwrap();
    assert!(message.contains("a bug in chesscore"), "{message}");
    assert!(failed.stopped);
    assert!(is_legal_in(&game, &failed.best_move));
    assert!(rec.infos.lock().unwrap().is_empty());
    // The engine lives on and searches for real.
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game, depth(4), rec.clone()).unwrap();
    let result = rec.wait_only_result();
    assert_eq!(
        (result.best_move.uci.as_str(), result.error),
        ("d1d8", None)
    );
}

#[test]
fn scores_come_from_the_movers_and_from_whites_point_of_view() {
    use chesscore::ffi::Score;
    let engine = engine();
    // Black to move mates in one (...Rd1#): the mover's score is positive, White's negative.
    let game = ChessGame::from_fen("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1".into()).unwrap();
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game, depth(4), rec.clone()).unwrap();
    let result = rec.wait_results(1, Duration::from_secs(30)).remove(0);
    assert_eq!(result.score, Score::Mate { moves: 1 });
    assert_eq!(result.score_white, Score::Mate { moves: -1 });
    for info in rec.infos.lock().unwrap().iter() {
        match (info.score, info.score_white) {
            (Score::Centipawns { value: a }, Score::Centipawns { value: b }) => assert_eq!(a, -b),
            (Score::Mate { moves: a }, Score::Mate { moves: b }) => assert_eq!(a, -b),
            other => panic!("{other:?}"),
        }
    }
    // White to move: the same.
    let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".into()).unwrap();
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game, depth(4), rec.clone()).unwrap();
    let result = rec.wait_only_result();
    assert_eq!(result.score, result.score_white);
}

#[test]
fn bad_input_is_a_typed_error_and_changes_nothing() {
    let game = ChessGame::new();
    game.play_san("e4".into()).unwrap();
    let before = game.snapshot();
    let cases: Vec<(Result<LegalMove, ChessError>, &str)> = vec![
        (game.play_uci("e7e9".into()), "InvalidNotation"),
        (game.play_uci("e7e4".into()), "IllegalMove"),
        (game.play_san("Qh4#".into()), "IllegalMove"),
        (game.play_san("Zz9".into()), "InvalidNotation"),
        (game.play(Square::E2, Square::E5, None), "IllegalMove"),
        (
            game.play(Square::E7, Square::E5, Some(PieceKind::King)),
            "IllegalMove",
        ),
    ];
    for (result, kind) in cases {
        let err = result.unwrap_err();
        assert!(
            format!("{err:?}").starts_with(kind),
            "{err:?} should be {kind}"
        );
        assert!(!err.to_string().is_empty());
    }
    assert!(
        game.legal_moves_from(Square::E4).is_empty(),
        "not Black's piece"
    );
    assert!(matches!(
        game.claim_draw(),
        Err(ChessError::InvalidRequest(_))
    ));
    assert_eq!(game.snapshot(), before, "failed calls changed nothing");

    let e = ChessGame::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x".into());
    assert!(matches!(e, Err(ChessError::InvalidFen(m)) if m.contains("field 6")));
    let e = ChessGame::from_pgn("1. e4 e5 2. Nf6".into());
    assert!(
        matches!(e, Err(ChessError::InvalidPgn(m)) | Err(ChessError::IllegalMove(m)) if m.contains("Nf6"))
    );
    assert!(matches!(
        ChessGame::from_json("{\"version\": 99}".into()),
        Err(ChessError::InvalidSavedGame(_))
    ));
    assert!(matches!(
        parse_square("j1".into()),
        Err(ChessError::InvalidSquare(m)) if m.contains("j1")
    ));
    assert_eq!(parse_square(" e4 ".into()).unwrap(), Square::E4);
    assert_eq!(square_name(Square::E4), "e4");
    let bad = EngineConfig {
        level: 11,
        elo: None,
        hash_mb: 16,
        seed: 0,
        variety: true,
        threads: 1,
    };
    assert!(matches!(
        ChessEngine::new(bad.clone()),
        Err(ChessError::InvalidRequest(_))
    ));
    // An Elo overrides the level: the level is then not read, nor refused.
    let by_elo = ChessEngine::new(EngineConfig {
        elo: Some(1500),
        ..bad
    })
    .unwrap();
    assert_eq!(by_elo.config().elo, Some(1500));
    // config() says which level that Elo chose (it repeated the level given, 11 here).
    let chosen = chesscore::engine::Level::from_elo(1500).number() as u32;
    assert_eq!(by_elo.config().level, chosen);
    assert!(chosen < 10);
    let level = |elo| {
        by_elo
            .set_config(EngineConfig {
                elo: Some(elo),
                ..by_elo.config()
            })
            .unwrap();
        by_elo.config().level
    };
    assert_eq!(level(3000), 10);
    assert_eq!(level(1500), chosen);
}

/// A draw claimed with the move that makes it (FIDE 9.2.1.1): asked about, refused with a typed
/// error that changes nothing, then claimed; undo takes the claim back first.
#[test]
fn a_draw_is_claimed_with_the_move_that_makes_it() {
    let game = ChessGame::new();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play_uci(uci.into()).unwrap();
    }
    assert_eq!(
        game.draw_claimable_with("f6g8".into()).unwrap(),
        Some(chesscore::ffi::DrawReason::ThreefoldRepetition)
    );
    assert_eq!(game.draw_claimable_with("e7e5".into()).unwrap(), None);
    let claims = game.snapshot().draw_claim_moves;
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].legal_move.uci, "f6g8");
    assert_eq!(claims[0].legal_move.san, "Ng8");
    assert_eq!(
        claims[0].reason,
        chesscore::ffi::DrawReason::ThreefoldRepetition
    );
    let before = (game.snapshot(), game.to_json());
    assert!(matches!(
        game.draw_claimable_with("e7e9".into()),
        Err(ChessError::InvalidNotation(_))
    ));
    assert!(matches!(
        game.draw_claimable_with("e7e4".into()),
        Err(ChessError::IllegalMove(_))
    ));
    assert!(matches!(
        game.claim_draw_with("e7e4".into()),
        Err(ChessError::IllegalMove(_))
    ));
    let no = game.claim_draw_with("e7e5".into()).unwrap_err();
    assert!(
        matches!(&no, ChessError::InvalidRequest(m) if m.contains("no draw can be claimed with e5")),
        "{no:?}"
    );
    assert_eq!((game.snapshot(), game.to_json()), before);
    let status = game.claim_draw_with("f6g8".into()).unwrap();
    assert_eq!(
        status,
        GameStatus::Ended {
            outcome: Outcome::Draw {
                reason: chesscore::ffi::DrawReason::ThreefoldRepetition
            }
        }
    );
    assert_eq!(game.snapshot().last_move.unwrap().san, "Ng8");
    assert!(game.snapshot().draw_claim_moves.is_empty());
    assert!(matches!(
        game.claim_draw_with("g1f3".into()),
        Err(ChessError::GameOver(_))
    ));
    assert!(game.undo());
    assert!(matches!(
        game.status(),
        GameStatus::Ongoing {
            claimable_draw: Some(_)
        }
    ));
    assert!(game.undo());
    assert_eq!(game.snapshot().fen, before.0.fen);
}

#[test]
fn a_game_to_checkmate_then_moves_are_refused() {
    let game = ChessGame::new();
    for san in ["f3", "e5", "g4"] {
        game.play_san(san.into()).unwrap();
    }
    let mate = game.play_san("Qh4".into()).unwrap();
    assert_eq!(mate.san, "Qh4#");
    assert!(mate.is_checkmate && mate.is_check);
    let s = game.snapshot();
    assert_eq!(
        s.status,
        GameStatus::Ended {
            outcome: Outcome::Checkmate {
                winner: Side::Black
            }
        }
    );
    assert!(s.legal_moves.is_empty());
    assert_eq!(s.check_square, Some(Square::E1));
    assert_eq!(s.last_move.unwrap().san, "Qh4#");
    assert!(matches!(
        game.play_san("a3".into()),
        Err(ChessError::GameOver(_))
    ));
    assert!(game.undo());
    assert!(game.snapshot().can_redo);
}

#[test]
fn snapshot_numbers_the_move_list() {
    let game = ChessGame::new();
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san.into()).unwrap();
    }
    let rows = game.snapshot().move_rows;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (
            rows[0].number,
            rows[0].white.as_deref(),
            rows[0].black.as_deref()
        ),
        (1, Some("e4"), Some("e5"))
    );
    assert_eq!(
        (
            rows[1].number,
            rows[1].white.as_deref(),
            rows[1].black.as_deref()
        ),
        (2, Some("Nf3"), None)
    );
    let from_black = ChessGame::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 17".into()).unwrap();
    from_black.play_san("Kd7".into()).unwrap();
    from_black.play_san("e4".into()).unwrap();
    let rows = from_black.snapshot().move_rows;
    assert_eq!(
        (
            rows[0].number,
            rows[0].white.as_deref(),
            rows[0].black.as_deref()
        ),
        (17, None, Some("Kd7"))
    );
    assert_eq!((rows[1].number, rows[1].white.as_deref()), (18, Some("e4")));
}

#[test]
fn a_clock_for_the_side_not_to_move_does_not_make_an_endless_search() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let limits = SearchLimits {
        black_time_ms: Some(100),
        ..SearchLimits::default()
    };
    let _h = engine.think(game, limits, rec.clone()).unwrap();
    assert!(!rec.wait_results(1, Duration::from_secs(30))[0].stopped);
}

#[test]
fn closing_the_engine_stops_its_search_even_with_a_handle_held() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let handle = engine.think(game, infinite(), rec.clone()).unwrap();
    thread::sleep(Duration::from_millis(50));
    drop(engine);
    assert!(rec.wait_results(1, Duration::from_secs(5))[0].stopped);
    assert!(handle.is_finished());
}

#[test]
fn the_last_engine_reference_may_be_released_inside_on_finished() {
    struct DropsEngine(
        Mutex<Option<Arc<ChessEngine>>>,
        Mutex<Option<Arc<chesscore::ffi::SearchHandle>>>,
        Recorder,
    );
    impl SearchListener for DropsEngine {
        fn on_info(&self, _: SearchInfo) {}
        fn on_finished(&self, result: SearchResult) {
            // The app's common pattern: engine closed earlier, handle released now.
            self.1.lock().unwrap().take();
            self.0.lock().unwrap().take();
            self.2.on_finished(result);
        }
    }
    let listener = Arc::new(DropsEngine(
        Mutex::new(None),
        Mutex::new(None),
        Recorder::default(),
    ));
    let engine = engine();
    let handle = engine
        .think(ChessGame::new(), depth(3), listener.clone())
        .unwrap();
    *listener.1.lock().unwrap() = Some(handle);
    *listener.0.lock().unwrap() = Some(engine);
    // The result still arrives in full: the drop inside the callback did not panic.
    let result = listener
        .2
        .wait_results(1, Duration::from_secs(30))
        .remove(0);
    assert_eq!(result.depth, 3);
}

#[test]
fn tag_names_pgn_cannot_hold_are_refused() {
    let game = ChessGame::new();
    game.set_tag("WhiteElo".into(), "2100".into()).unwrap();
    for bad in ["White Elo", "", "Result", "FEN"] {
        assert!(
            matches!(
                game.set_tag(bad.into(), "x".into()),
                Err(ChessError::InvalidRequest(_))
            ),
            "{bad}"
        );
    }
    assert_eq!(game.tag("WhiteElo".into()).as_deref(), Some("2100"));
    assert!(game.pgn().contains("[WhiteElo \"2100\"]"));
}

#[test]
fn an_infinite_search_runs_until_stopped_at_any_level() {
    let engine = ChessEngine::new(EngineConfig {
        level: 2,
        elo: None,
        hash_mb: 1,
        seed: 0,
        variety: false,
        threads: 1,
    })
    .unwrap();
    let rec = Arc::new(Recorder::default());
    let handle = engine
        .think(ChessGame::new(), infinite(), rec.clone())
        .unwrap();
    thread::sleep(Duration::from_millis(300));
    assert!(
        !handle.is_finished(),
        "a weak level's depth cap must not end an infinite search"
    );
    handle.stop();
    assert!(rec.wait_results(1, Duration::from_secs(5))[0].stopped);
}

#[test]
fn multipv_lines_arrive_per_depth_in_san_best_first() {
    let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into()).unwrap();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let limits = SearchLimits {
        depth: Some(4),
        multi_pv: 3,
        ..SearchLimits::default()
    };
    let _h = engine.think(game, limits, rec.clone()).unwrap();
    let result = rec.wait_results(1, Duration::from_secs(30)).remove(0);
    assert_eq!(result.best_move.san, "Ra8#");
    let infos = rec.infos.lock().unwrap().clone();
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == result.depth).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(last[0].pv_san[0], "Ra8#");
    assert_eq!(last[0].score, chesscore::ffi::Score::Mate { moves: 1 });
    assert!(matches!(
        last[1].score,
        chesscore::ffi::Score::Centipawns { .. }
    ));
    assert_ne!(last[1].pv_uci[0], last[2].pv_uci[0]);
    // Without MultiPV, one line per depth, numbered 1.
    let rec = Arc::new(Recorder::default());
    let _h = engine
        .think(ChessGame::new(), depth(4), rec.clone())
        .unwrap();
    rec.wait_results(1, Duration::from_secs(30));
    assert!(rec.infos.lock().unwrap().iter().all(|i| i.multipv == 1));
}

#[test]
fn a_search_level_overrides_the_engine_level_once_and_is_validated() {
    let weak = ChessEngine::new(EngineConfig {
        level: 1,
        hash_mb: 1,
        elo: None,
        seed: 1,
        variety: false,
        threads: 1,
    })
    .unwrap();
    let game = ChessGame::from_fen(
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1".into(),
    )
    .unwrap();
    let rec = Arc::new(Recorder::default());
    let limits = SearchLimits {
        depth: Some(9),
        level: Some(10),
        ..SearchLimits::default()
    };
    let _h = weak.think(game.clone(), limits, rec.clone()).unwrap();
    let r = rec.wait_results(1, Duration::from_secs(30)).remove(0);
    assert_eq!(r.best_move.san, "Bc5+");
    assert_eq!(r.score, chesscore::ffi::Score::Mate { moves: 3 });
    let rec = Arc::new(Recorder::default());
    let _h = weak
        .think(game.clone(), SearchLimits::default(), rec.clone())
        .unwrap();
    assert_eq!(rec.wait_results(1, Duration::from_secs(30))[0].depth, 1);
    for bad in [0, 11] {
        let limits = SearchLimits {
            level: Some(bad),
            ..SearchLimits::default()
        };
        let err = weak
            .think(game.clone(), limits, Arc::new(Recorder::default()))
            .err()
            .unwrap();
        assert!(
            matches!(&err, ChessError::InvalidRequest(m) if m.contains(&format!("invalid level {bad}"))),
            "{err:?}"
        );
    }
}

#[test]
fn a_search_of_a_finished_game_is_a_game_over_error() {
    let engine = engine();
    let finished = ChessGame::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".into()).unwrap();
    let rec = Arc::new(Recorder::default());
    assert!(matches!(
        engine.think(finished, depth(3), rec.clone()),
        Err(ChessError::GameOver(_))
    ));
    assert!(rec.results.lock().unwrap().is_empty(), "no search started");
}

/// The snapshot's material difference comes from the board alone: even at the start and after
/// even trades, one side's extra pieces after a capture, a promoted queen counted as a queen, a
/// set-up position and a Chess960 game; each move says what it captures (for a capture sound).
#[test]
fn the_snapshot_has_the_material_difference_and_moves_say_what_they_capture() {
    use chesscore::ffi::MaterialBalance;
    let even = MaterialBalance {
        white_extra: vec![],
        black_extra: vec![],
        balance: 0,
    };
    let game = ChessGame::new();
    assert_eq!(game.snapshot().material, even);
    game.play_san("e4".into()).unwrap();
    game.play_san("d5".into()).unwrap();
    let capture = game.play_san("exd5".into()).unwrap();
    assert_eq!(capture.captured, Some(PieceKind::Pawn));
    let snapshot = game.snapshot();
    assert_eq!(snapshot.last_move.unwrap().captured, Some(PieceKind::Pawn));
    assert_eq!(
        snapshot.material,
        MaterialBalance {
            white_extra: vec![PieceKind::Pawn],
            black_extra: vec![],
            balance: 1
        }
    );
    let queen_takes = snapshot
        .legal_moves
        .iter()
        .find(|m| m.san == "Qxd5")
        .unwrap();
    assert_eq!(queen_takes.captured, Some(PieceKind::Pawn));
    game.play_san("Qxd5".into()).unwrap();
    assert_eq!(game.snapshot().material, even, "an even trade");
    game.play_san("Nc3".into()).unwrap();
    game.play_san("Qxg2".into()).unwrap();
    game.play_san("Bxg2".into()).unwrap();
    let snapshot = game.snapshot();
    assert_eq!(snapshot.last_move.unwrap().captured, Some(PieceKind::Queen));
    assert_eq!(
        snapshot.material,
        MaterialBalance {
            white_extra: vec![PieceKind::Queen],
            black_extra: vec![PieceKind::Pawn],
            balance: 8
        }
    );
    assert!(game.undo());
    assert_eq!(
        game.snapshot().material.balance,
        -1,
        "follows the current position"
    );

    // En passant captures a pawn; castling captures nothing, also king-takes-rook in Chess960.
    let game = ChessGame::from_fen("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 2".into()).unwrap();
    assert_eq!(
        game.play_san("exd6".into()).unwrap().captured,
        Some(PieceKind::Pawn)
    );
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()).unwrap();
    let castle = game.play_san("O-O".into()).unwrap();
    assert!(castle.is_castle && castle.captured.is_none() && !castle.is_capture);
    // Chess960: the king on b1 castles queen side by taking its own rook on a1 (UCI b1a1).
    let game = ChessGame::from_chess960_fen("1k6/8/8/8/8/8/8/RK6 w A - 0 1".into()).unwrap();
    let castle = game.play_uci("b1a1".into()).unwrap();
    assert!(castle.is_castle && castle.captured.is_none() && !castle.is_capture);

    // A promotion: the pawn becomes an extra queen beside the queen White already had.
    let game = ChessGame::from_fen("3qk3/P7/8/8/8/8/8/3QK3 w - - 0 1".into()).unwrap();
    assert_eq!(
        game.snapshot().material,
        MaterialBalance {
            white_extra: vec![PieceKind::Pawn],
            black_extra: vec![],
            balance: 1
        }
    );
    game.play_uci("a7a8q".into()).unwrap();
    assert_eq!(
        game.snapshot().material,
        MaterialBalance {
            white_extra: vec![PieceKind::Queen],
            black_extra: vec![],
            balance: 9
        }
    );

    // A set-up position where each side has extra pieces of other kinds: a rook and two pawns
    // against a bishop and a knight, White one point ahead.
    let game = ChessGame::from_fen("4k3/8/3bn3/8/8/8/PP6/R3K3 w - - 0 1".into()).unwrap();
    assert_eq!(
        game.snapshot().material,
        MaterialBalance {
            white_extra: vec![PieceKind::Rook, PieceKind::Pawn, PieceKind::Pawn],
            black_extra: vec![PieceKind::Bishop, PieceKind::Knight],
            balance: 1
        }
    );

    // A Chess960 start position is even, whatever the arrangement.
    let game = ChessGame::new_chess960(Some(0)).unwrap();
    assert_eq!(game.snapshot().material, even);
}

#[test]
fn an_engine_searches_on_several_threads_when_told_and_refuses_a_bad_count() {
    assert_eq!(chesscore::ffi::max_search_threads(), 64);
    assert!((1..=4).contains(&chesscore::ffi::recommended_search_threads()));
    let config = |threads| EngineConfig {
        level: 10,
        elo: None,
        hash_mb: 4,
        seed: 0,
        variety: true,
        threads,
    };
    for bad in [0, 65] {
        match ChessEngine::new(config(bad)) {
            Err(ChessError::InvalidRequest(m)) => {
                assert_eq!(m, format!("invalid thread count {bad}: expected 1 to 64"))
            }
            other => panic!("{bad} threads: {:?}", other.map(|_| ())),
        }
    }
    let engine = ChessEngine::new(config(1)).unwrap();
    assert!(matches!(
        engine.set_config(config(0)),
        Err(ChessError::InvalidRequest(_))
    ));
    assert_eq!(
        engine.config().threads,
        1,
        "a refused config changes nothing"
    );
    engine.set_config(config(3)).unwrap();
    assert_eq!(engine.config().threads, 3);
    // Three threads find the same mate (depth-limited, full strength: helpers run).
    let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into()).unwrap();
    let rec = Arc::new(Recorder::default());
    let _h = engine.think(game, depth(8), rec.clone()).unwrap();
    let result = rec.wait_results(1, Duration::from_secs(30)).remove(0);
    assert_eq!(result.best_move.san, "Ra8#");
    assert_eq!(result.score, chesscore::ffi::Score::Mate { moves: 1 });
    assert!((1..=8).contains(&result.depth), "the depth limit holds");
}
