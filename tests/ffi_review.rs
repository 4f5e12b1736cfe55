//! The review and the coach through the FFI objects, driven from Rust threads the way the apps
//! drive them: a recording listener, a stop through the handle, a listener that panics, bad
//! options, and the annotated PGN read back by the project's own parser.

use chesscore::ffi::{
    review_from_json, review_preset_nodes, review_to_json, ChessEngine, ChessError, ChessGame,
    CoachListener, Coaching, EngineConfig, GameReview, MoveClass, MoveReview, ReviewListener,
    ReviewOptions, ReviewPreset, Score, SearchInfo, SearchLimits, SearchListener, SearchResult,
    Side, Square,
};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
const NODES: u64 = 20_000;

fn engine() -> Arc<ChessEngine> {
    ChessEngine::new(EngineConfig {
        level: 3,
        elo: None,
        hash_mb: 4,
        seed: 1,
        variety: true,
        threads: 1,
    })
    .unwrap()
}

fn options(nodes: u64) -> ReviewOptions {
    ReviewOptions {
        nodes_per_position: Some(nodes),
        ..ReviewOptions::default()
    }
}

#[derive(Default)]
struct Recorder {
    moves: Mutex<Vec<(MoveReview, u32, u32, String)>>,
    finished: Mutex<Vec<GameReview>>,
    done: Condvar,
}

impl ReviewListener for Recorder {
    fn on_move_reviewed(&self, review: MoveReview, done: u32, total: u32) {
        let name = thread::current().name().unwrap_or("?").to_string();
        self.moves.lock().unwrap().push((review, done, total, name));
    }
    fn on_finished(&self, review: GameReview) {
        self.finished.lock().unwrap().push(review);
        self.done.notify_all();
    }
}

impl Recorder {
    fn wait(&self) -> GameReview {
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut finished = self.finished.lock().unwrap();
        while finished.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "the review did not finish");
            finished = self.done.wait_timeout(finished, left).unwrap().0;
        }
        finished[0].clone()
    }
}

#[test]
fn a_review_reports_each_move_on_the_engine_thread_then_the_whole_review_once() {
    let game = ChessGame::from_pgn(SCHOLAR.into()).unwrap();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let handle = engine
        .review(game.clone(), options(NODES), rec.clone())
        .unwrap();
    let review = rec.wait();
    thread::sleep(Duration::from_millis(50));
    assert_eq!(rec.finished.lock().unwrap().len(), 1);
    assert!(handle.is_finished());
    assert!(review.complete);

    let moves = rec.moves.lock().unwrap().clone();
    assert_eq!(moves.len(), 7);
    for (i, (m, done, total, thread_name)) in moves.iter().enumerate() {
        assert_eq!((*done, *total), (i as u32 + 1, 7));
        assert_eq!(m.ply, i as u32);
        assert_eq!(thread_name, "chesscore-engine");
        assert_eq!(m, &review.moves[i]);
    }
    let nf6 = &review.moves[5];
    assert_eq!(
        (
            nf6.san.as_str(),
            nf6.uci.as_str(),
            nf6.move_number,
            nf6.side
        ),
        ("Nf6", "g8f6", 3, Side::Black)
    );
    assert_eq!(nf6.classification, MoveClass::Blunder);
    assert!(nf6.verified, "a blunder is judged again by a deeper search");
    assert_eq!(nf6.after_white, Score::Mate { moves: 1 });
    assert_eq!(
        nf6.refutation_san.first().map(String::as_str),
        Some("Qxf7#")
    );
    assert_eq!(review.black.blunders, 1);
    assert_eq!(review.white.moves, 4);
    assert_eq!(review.evals.len(), 8);
    assert_eq!(review.evals[7].white_win, 100.0);
    assert_eq!(review.nodes_per_position, NODES);

    // The annotated PGN reads back as the same game, with the blunder's NAG.
    assert!(
        review.annotated_pgn.contains("Nf6 $4"),
        "{}",
        review.annotated_pgn
    );
    let back = ChessGame::from_pgn(review.annotated_pgn.clone()).unwrap();
    assert_eq!(back.snapshot().san_history, game.snapshot().san_history);
    // The game itself is untouched.
    assert_eq!(game.snapshot().san_history.len(), 7);
}

#[test]
fn a_review_on_several_threads_reports_in_order_on_the_engine_thread_and_is_the_same() {
    let game = ChessGame::from_pgn(
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O \
         9. h3 Nb8 10. d4 Nbd7 *"
            .into(),
    )
    .unwrap();
    let engine = engine();
    let mut reviews = Vec::new();
    for threads in [1, 3] {
        let rec = Arc::new(Recorder::default());
        let _handle = engine
            .review(
                game.clone(),
                ReviewOptions {
                    threads: Some(threads),
                    ..options(NODES)
                },
                rec.clone(),
            )
            .unwrap();
        let review = rec.wait();
        let moves = rec.moves.lock().unwrap().clone();
        assert_eq!(moves.len(), 20);
        for (i, (m, done, _, thread_name)) in moves.iter().enumerate() {
            assert_eq!((m.ply, *done), (i as u32, i as u32 + 1));
            assert_eq!(thread_name, "chesscore-engine");
        }
        reviews.push(review);
    }
    assert_eq!(reviews[0], reviews[1]);
}

#[test]
fn stopping_a_review_keeps_the_moves_reviewed_so_far() {
    // A longer game with a slow budget, stopped after the second move arrives.
    let game = ChessGame::from_pgn(
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 *"
            .into(),
    )
    .unwrap();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let handle = engine.review(game, options(200_000), rec.clone()).unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while rec.moves.lock().unwrap().len() < 2 {
        assert!(Instant::now() < deadline, "no progress");
        thread::sleep(Duration::from_millis(5));
    }
    handle.stop();
    let review = rec.wait();
    assert!(!review.complete);
    let reported = rec.moves.lock().unwrap().clone();
    assert!(review.moves.len() >= 2 && review.moves.len() < 16);
    assert_eq!(review.moves.len(), reported.len());
    for (m, r) in review.moves.iter().zip(&reported) {
        assert_eq!(m, &r.0);
    }
    assert_eq!(review.evals.len(), review.moves.len() + 1);
    // The engine is idle again soon after the final callback.
    let deadline = Instant::now() + Duration::from_secs(5);
    while engine.is_searching() {
        assert!(Instant::now() < deadline, "the engine stayed busy");
        thread::sleep(Duration::from_millis(5));
    }
}

/// Waits (at most 5 s) until the engine has finished its current work.
fn wait_idle(engine: &ChessEngine) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while engine.is_searching() {
        assert!(Instant::now() < deadline, "the engine stayed busy");
        thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_listener_that_panics_loses_nothing() {
    struct Panicky(Recorder);
    impl ReviewListener for Panicky {
        fn on_move_reviewed(&self, review: MoveReview, done: u32, total: u32) {
            self.0.on_move_reviewed(review, done, total);
            panic!("listener bug");
        }
        fn on_finished(&self, review: GameReview) {
            self.0.on_finished(review);
        }
    }
    let game = ChessGame::from_pgn(SCHOLAR.into()).unwrap();
    let engine = engine();
    let listener = Arc::new(Panicky(Recorder::default()));
    let _h = engine
        .review(game, options(NODES), listener.clone())
        .unwrap();
    let review = listener.0.wait();
    assert!(review.complete);
    assert_eq!(review.moves.len(), 7);
    assert_eq!(
        listener.0.moves.lock().unwrap().len(),
        1,
        "not called after it panicked"
    );
    assert_eq!(review.error, None);
    // Nor is the failure lost: the next call on the engine reports it, once.
    wait_idle(&engine);
    let next = Arc::new(Recorder::default());
    let failed = engine.review(ChessGame::new(), options(NODES), next.clone());
    match failed {
        Err(ChessError::Internal(message)) => {
            assert!(message.contains("on_move_reviewed"), "{message}");
            assert!(message.contains("listener bug"), "{message}");
        }
        other => panic!("expected Internal, got {:?}", other.map(|_| ())),
    }
    let _h = engine
        .review(ChessGame::new(), options(NODES), next.clone())
        .unwrap();
    assert!(next.wait().complete);
}

/// A review that fails inside chesscore (a bug, injected here) still ends with one result,
/// which says so: incomplete, with the message, never mistaken for a stopped review.
#[test]
fn a_review_that_fails_says_so_in_its_result() {
    let game = ChessGame::from_pgn(SCHOLAR.into()).unwrap();
    let engine = engine();
    engine.fail_next_search();
    let listener = Arc::new(Recorder::default());
    let _h = engine
        .review(game, options(NODES), listener.clone())
        .unwrap();
    let review = listener.wait();
    assert!(!review.complete);
    let error = review.error.expect("an error");
    assert!(
        error.contains("the review failed") && error.contains("injected"),
        "{error}"
    );
    // The engine goes on.
    let next = Arc::new(Recorder::default());
    let _h = engine
        .review(ChessGame::new(), options(NODES), next.clone())
        .unwrap();
    let review = next.wait();
    assert!(review.complete && review.error.is_none());
}

#[test]
fn bad_options_are_refused_and_presets_grow() {
    let game = ChessGame::new();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let err = engine.review(game.clone(), options(0), rec.clone()).err();
    assert!(
        matches!(err, Some(ChessError::InvalidRequest(_))),
        "{err:?}"
    );
    for threads in [0, 65] {
        let err = engine
            .review(
                game.clone(),
                ReviewOptions {
                    threads: Some(threads),
                    ..options(NODES)
                },
                rec.clone(),
            )
            .err();
        match err {
            Some(ChessError::InvalidRequest(message)) => {
                assert!(message.contains(&threads.to_string()), "{message}")
            }
            other => panic!("{threads} threads: {other:?}"),
        }
    }
    assert_eq!(ReviewOptions::default().threads, None);
    assert!(review_preset_nodes(ReviewPreset::Quick) < review_preset_nodes(ReviewPreset::Standard));
    assert!(review_preset_nodes(ReviewPreset::Standard) < review_preset_nodes(ReviewPreset::Deep));
    // A game without moves: an empty, complete review.
    let _h = engine
        .review(
            game,
            ReviewOptions {
                preset: Some(ReviewPreset::Quick),
                ..ReviewOptions::default()
            },
            rec.clone(),
        )
        .unwrap();
    let review = rec.wait();
    assert!(review.complete && review.moves.is_empty());
    assert_eq!(review.evals.len(), 1);
    assert_eq!(review.white.accuracy, None);
}

#[derive(Default)]
struct CoachRecorder(Mutex<Vec<(Option<Coaching>, Option<String>)>>, Condvar);

impl CoachListener for CoachRecorder {
    fn on_coaching(&self, coaching: Option<Coaching>, error: Option<String>) {
        self.0.lock().unwrap().push((coaching, error));
        self.1.notify_all();
    }
}

impl CoachRecorder {
    /// Every call so far, once there is one (at most 120 s).
    fn wait(&self) -> Vec<(Option<Coaching>, Option<String>)> {
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut got = self.0.lock().unwrap();
        while got.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "no coaching");
            got = self.1.wait_timeout(got, left).unwrap().0;
        }
        got.clone()
    }
}

/// A coach that fails inside chesscore gives no findings and says why, once; the engine goes on.
#[test]
fn a_coach_that_fails_says_so() {
    let game = ChessGame::from_pgn("1. e4 e5 2. Qh5 Nc6 *".into()).unwrap();
    let engine = engine();
    engine.fail_next_search();
    let rec = Arc::new(CoachRecorder::default());
    let _h = engine
        .coach(game.clone(), Some(NODES), rec.clone())
        .unwrap();
    let got = rec.wait();
    assert_eq!(got.len(), 1);
    assert!(got[0].0.is_none());
    let error = got[0].1.clone().expect("an error");
    assert!(
        error.contains("the coach failed") && error.contains("injected"),
        "{error}"
    );
    wait_idle(&engine);
    let next = Arc::new(CoachRecorder::default());
    let _h = engine.coach(game, Some(NODES), next.clone()).unwrap();
    let got = next.wait();
    assert!(got[0].0.is_some() && got[0].1.is_none());
}

#[test]
fn the_coach_reports_threat_refutation_and_hanging_pieces() {
    let game = ChessGame::from_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *".into()).unwrap();
    let engine = engine();
    let rec = Arc::new(CoachRecorder::default());
    let handle = engine
        .coach(game.clone(), Some(NODES), rec.clone())
        .unwrap();
    let c = rec.wait()[0].0.clone().unwrap();
    assert!(handle.is_finished());
    assert_eq!(c.position_key, game.snapshot().position_key);
    assert_eq!(c.best_line_san.first().map(String::as_str), Some("Qxf7#"));
    let r = c.refutation.unwrap();
    assert_eq!(
        (r.san.as_str(), r.classification),
        ("Nf6", MoveClass::Blunder)
    );
    assert_eq!(r.line_san.first().map(String::as_str), Some("Qxf7#"));
    assert!(c.hanging.iter().any(|h| h.square == Square::F7));
    // The same hanging pieces without the engine.
    assert_eq!(game.hanging_pieces(), c.hanging);
    // White to move: Black's threat (with White passing) exists and is a line in SAN and UCI.
    let t = c.threat.unwrap();
    assert_eq!(t.line_san.len(), t.line_uci.len());
    assert!(engine.coach(game, Some(0), rec.clone()).is_err());
}

/// A search listener that ignores everything.
struct Nothing;

impl SearchListener for Nothing {
    fn on_info(&self, _: SearchInfo) {}
    fn on_finished(&self, _: SearchResult) {}
}

/// A game over by the rules is coached, where `think` refuses it: the rules' score, no line, no
/// threat, and the move that ended it judged (here stalemating with a queen up, a blunder).
#[test]
fn the_coach_scores_a_finished_game_by_the_rules() {
    let engine = engine();
    let mated = ChessGame::from_pgn("1. f3 e5 2. g4 Qh4# 0-1".into()).unwrap();
    let rec = Arc::new(CoachRecorder::default());
    let _h = engine
        .coach(mated.clone(), Some(NODES), rec.clone())
        .unwrap();
    let c = rec.wait()[0].0.clone().unwrap();
    assert_eq!(c.score, Score::Mate { moves: 0 });
    assert!(c.best_line_san.is_empty() && c.threat.is_none());
    assert!(c.refutation.is_none(), "the mate was the best move");
    assert!(engine
        .think(mated, SearchLimits::default(), Arc::new(Nothing))
        .is_err());

    wait_idle(&engine);
    let stalemate = ChessGame::from_fen("7k/8/8/6K1/8/8/8/5Q2 w - - 0 1".into()).unwrap();
    stalemate.play_san("Qf7".into()).unwrap();
    let rec = Arc::new(CoachRecorder::default());
    let _h = engine.coach(stalemate, Some(NODES), rec.clone()).unwrap();
    let c = rec.wait()[0].0.clone().unwrap();
    assert_eq!(c.score, Score::Centipawns { value: 0 });
    assert!(c.best_line_san.is_empty() && c.threat.is_none());
    let r = c.refutation.expect("stalemating a won game is judged");
    assert_eq!(
        (r.san.as_str(), r.classification),
        ("Qf7", MoveClass::Blunder)
    );
}

/// A finished review kept as JSON comes back equal, and a second review of the same game with
/// the same options (the same key) is the same review, annotated PGN and all: what lets an app
/// show the kept one.
#[test]
fn a_kept_review_comes_back_equal_and_is_the_one_its_key_promises() {
    let engine = engine();
    let game = ChessGame::from_pgn(SCHOLAR.into()).unwrap();
    let key = engine
        .review_key(Arc::clone(&game), options(NODES))
        .unwrap();
    let first = Arc::new(Recorder::default());
    let _handle = engine
        .review(Arc::clone(&game), options(NODES), first.clone())
        .unwrap();
    let review = first.wait();
    assert!(review.complete);
    let json = review_to_json(review.clone());
    assert_eq!(review_from_json(json.clone()).unwrap(), review);

    wait_idle(&engine);
    let again = ChessGame::from_pgn(SCHOLAR.into()).unwrap();
    assert_eq!(
        engine
            .review_key(Arc::clone(&again), options(NODES))
            .unwrap(),
        key
    );
    let second = Arc::new(Recorder::default());
    let _handle = engine
        .review(again, options(NODES), second.clone())
        .unwrap();
    assert_eq!(
        second.wait(),
        review,
        "the whole review, annotated PGN included"
    );
    assert!(review_from_json(json.replace("\"version\":1", "\"version\":9")).is_err());
    // A number that is not finite (only a record an app filled in has one) is written as JSON's
    // null and comes back as NaN, the rest of the review with it.
    let mut odd = review.clone();
    odd.moves[0].accuracy = f64::NAN;
    odd.moves[1].loss = f64::INFINITY;
    odd.evals[2].white_win = f64::NAN;
    let back = review_from_json(review_to_json(odd)).unwrap();
    assert!(back.moves[0].accuracy.is_nan() && back.moves[1].loss.is_nan());
    assert!(back.evals[2].white_win.is_nan());
    let mut same = back;
    same.moves[0].accuracy = review.moves[0].accuracy;
    same.moves[1].loss = review.moves[1].loss;
    same.evals[2].white_win = review.evals[2].white_win;
    assert_eq!(same, review);
}

/// A listener that stops its engine's current job once `stop_after` moves are reported.
struct StopAfter {
    recorder: Recorder,
    engine: Arc<ChessEngine>,
    stop_after: u32,
}

impl ReviewListener for StopAfter {
    fn on_move_reviewed(&self, review: MoveReview, done: u32, total: u32) {
        if done == self.stop_after {
            self.engine.stop();
        }
        self.recorder.on_move_reviewed(review, done, total);
    }
    fn on_finished(&self, review: GameReview) {
        self.recorder.on_finished(review);
    }
}

/// `game` reviewed on one thread (several keep later moves finished before the stop) and
/// stopped on the engine's thread once `stop_after` moves are reported.
fn stopped_review(engine: &Arc<ChessEngine>, game: &Arc<ChessGame>, stop_after: u32) -> GameReview {
    let stopper = Arc::new(StopAfter {
        recorder: Recorder::default(),
        engine: Arc::clone(engine),
        stop_after,
    });
    let one = ReviewOptions {
        threads: Some(1),
        ..options(NODES)
    };
    let _handle = engine
        .review(Arc::clone(game), one, stopper.clone())
        .unwrap();
    stopper.recorder.wait()
}

const RUY_LOPEZ: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
    8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";

#[test]
fn a_stopped_review_continues_where_it_stopped_and_ends_as_an_uninterrupted_one() {
    let game = ChessGame::from_pgn(RUY_LOPEZ.into()).unwrap();
    let engine = engine();
    let rec = Arc::new(Recorder::default());
    let _handle = engine
        .review(Arc::clone(&game), options(NODES), rec.clone())
        .unwrap();
    let full = rec.wait();
    assert!(full.complete);
    assert_eq!(
        full.key,
        engine
            .review_key(Arc::clone(&game), options(NODES))
            .unwrap()
    );
    for stop_after in [5, 12] {
        wait_idle(&engine);
        let partial = stopped_review(&engine, &game, stop_after);
        assert!(!partial.complete);
        let had = partial.moves.len();
        assert_eq!(had, stop_after as usize);
        assert_eq!(partial.key, full.key);
        // Kept as JSON (the app went away), read back, continued on other threads.
        let kept = review_from_json(review_to_json(partial)).unwrap();
        wait_idle(&engine);
        let rest = Arc::new(Recorder::default());
        let _handle = engine
            .continue_review(
                Arc::clone(&game),
                ReviewOptions {
                    threads: Some(2),
                    ..options(NODES)
                },
                kept,
                rest.clone(),
            )
            .unwrap();
        let continued = rest.wait();
        let reported: Vec<(u32, u32)> = rest
            .moves
            .lock()
            .unwrap()
            .iter()
            .map(|(m, done, total, _)| {
                assert_eq!(*total, 20);
                (m.ply, *done)
            })
            .collect();
        let expected: Vec<(u32, u32)> = (had as u32..20).map(|p| (p, p + 1)).collect();
        assert_eq!(reported, expected, "only the missing moves are reported");
        assert_eq!(continued, full, "stopped after {stop_after}");
    }
    // A complete review comes back at once, unchanged, without a move reported.
    wait_idle(&engine);
    let again = Arc::new(Recorder::default());
    let _handle = engine
        .continue_review(
            Arc::clone(&game),
            options(NODES),
            full.clone(),
            again.clone(),
        )
        .unwrap();
    assert_eq!(again.wait(), full);
    assert!(again.moves.lock().unwrap().is_empty());
}

#[test]
fn a_review_of_another_game_options_or_engine_is_not_continued() {
    let game = ChessGame::from_pgn(RUY_LOPEZ.into()).unwrap();
    let engine = engine();
    let partial = stopped_review(&engine, &game, 3);
    assert_eq!(partial.moves.len(), 3);
    wait_idle(&engine);
    let refused = |engine: &ChessEngine, game: &Arc<ChessGame>, o: ReviewOptions, r: GameReview| {
        let rec = Arc::new(Recorder::default());
        match engine.continue_review(Arc::clone(game), o, r, rec) {
            Err(ChessError::InvalidRequest(message)) => message,
            other => panic!("not refused: {:?}", other.map(|_| ())),
        }
    };
    let other_key = "its key is not this game's reviewKey";
    // Another game (a tag more), another budget, an engine with another table size.
    let tagged = ChessGame::from_pgn(format!("[Event \"Club\"]\n\n{RUY_LOPEZ}")).unwrap();
    assert!(refused(&engine, &tagged, options(NODES), partial.clone()).contains(other_key));
    assert!(refused(&engine, &game, options(NODES * 2), partial.clone()).contains(other_key));
    let bigger = ChessEngine::new(EngineConfig {
        level: 3,
        elo: None,
        hash_mb: 8,
        seed: 1,
        variety: true,
        threads: 1,
    })
    .unwrap();
    assert!(refused(&bigger, &game, options(NODES), partial.clone()).contains(other_key));
    // Kept by a version without keys.
    let keyless = GameReview {
        key: String::new(),
        ..partial.clone()
    };
    assert!(refused(&engine, &game, options(NODES), keyless).contains(other_key));
    // One that failed, and one whose moves were tampered with under the right key.
    let failed = GameReview {
        error: Some("the review failed: a bug".into()),
        ..partial.clone()
    };
    assert!(refused(&engine, &game, options(NODES), failed).contains("failed"));
    let mut tampered = partial.clone();
    tampered.moves[1].uci = "d7d5".into();
    assert_eq!(
        refused(&engine, &game, options(NODES), tampered),
        "the earlier review is of another game: its move 2 is d5, the game's e5"
    );
    let mut tampered = partial.clone();
    tampered.moves[2].best_line_san = vec!["Qxh7".into()];
    assert!(refused(&engine, &game, options(NODES), tampered)
        .starts_with("the earlier review's move at ply 2 cannot be read in this game"));
    let mut tampered = partial.clone();
    tampered.evals.pop();
    assert_eq!(
        refused(&engine, &game, options(NODES), tampered),
        "the earlier review is damaged: 3 eval points for 3 moves"
    );
    // Numbers and words no review gives, under the right key (they overflowed on the engine's
    // thread, or gave wrong counts and signs): refused at once, saying which.
    let mut tampered = partial.clone();
    tampered.moves[0].side = Side::Black;
    assert_eq!(
        refused(&engine, &game, options(NODES), tampered),
        "the earlier review is damaged: move 1 (e4) is White's, it says Black's"
    );
    let mut tampered = partial.clone();
    tampered.moves[1].before = Score::Mate { moves: i32::MIN };
    assert!(refused(&engine, &game, options(NODES), tampered)
        .starts_with("the earlier review is damaged: move 2 (e5) is scored"));
    let mut tampered = partial.clone();
    tampered.evals[1].white = Score::Centipawns { value: i32::MIN };
    assert!(refused(&engine, &game, options(NODES), tampered)
        .starts_with("the earlier review is damaged: eval point 1 is"));
    let mut tampered = partial.clone();
    tampered.moves[2].accuracy = f64::NAN;
    assert!(
        refused(&engine, &game, options(NODES), tampered).contains("each must be within 0 to 100")
    );
    let mut tampered = partial.clone();
    tampered.evals[0].white_win = 100.5;
    assert!(refused(&engine, &game, options(NODES), tampered).contains("out of range"));
    let mut tampered = partial.clone();
    tampered.moves[2].san = "Nc3".into();
    assert_eq!(
        refused(&engine, &game, options(NODES), tampered),
        "the earlier review's move at ply 2 cannot be read in this game: it says 2. Nc3 for 2. \
         Nf3 (g1f3)"
    );
    let mut tampered = partial.clone();
    tampered.moves[1].move_number = 7;
    assert!(refused(&engine, &game, options(NODES), tampered).contains("it says 7. e5 for 1. e5"));
    let mut tampered = partial.clone();
    tampered.moves[0].best_san = "Qh5".into();
    assert!(refused(&engine, &game, options(NODES), tampered).contains("is not 'Qh5'"));
    // A node count near the top no longer overflows: the sum stops at the largest.
    let mut many = partial;
    many.nodes = u64::MAX;
    let rec = Arc::new(Recorder::default());
    let _handle = engine
        .continue_review(Arc::clone(&game), options(NODES), many, rec.clone())
        .unwrap();
    let finished = rec.wait();
    assert_eq!(finished.error, None);
    assert!(finished.complete);
    assert_eq!(finished.nodes, u64::MAX);
    wait_idle(&engine);
    assert!(!engine.is_searching());
}

#[test]
fn a_review_through_a_claimable_draw_continues_too() {
    // After 4... Ng8 the start position stands for the third time: a draw could be claimed,
    // so the positions there are scored by the rules, without a search or a best move.
    let game = ChessGame::from_pgn(
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 6. Nf3 Nc6 *".into(),
    )
    .unwrap();
    let engine = engine();
    let one = ReviewOptions {
        threads: Some(1),
        ..options(NODES)
    };
    let rec = Arc::new(Recorder::default());
    let _handle = engine
        .review(Arc::clone(&game), one.clone(), rec.clone())
        .unwrap();
    let full = rec.wait();
    assert!(full.complete);
    assert!(
        full.moves.iter().any(|m| m.best_uci == "0000"),
        "a move played from a position scored by the rules"
    );
    wait_idle(&engine);
    let partial = stopped_review(&engine, &game, 10);
    assert_eq!(partial.moves.len(), 10);
    for earlier in [partial, full.clone()] {
        wait_idle(&engine);
        let rest = Arc::new(Recorder::default());
        let _handle = engine
            .continue_review(Arc::clone(&game), one.clone(), earlier, rest.clone())
            .unwrap();
        assert_eq!(rest.wait(), full);
    }
}
