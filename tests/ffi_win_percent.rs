//! A score as a win chance across the FFI (`win_percent`, `SearchInfo.white_win`,
//! `SearchResult.white_win`): the very numbers of the review's eval graph for the same
//! positions, mates at 100 and 0, the same for either side's view, and rising with the score.

use chesscore::ffi::{
    win_percent, ChessEngine, ChessGame, EngineConfig, GameReview, MoveReview, ReviewListener,
    ReviewOptions, Score, SearchInfo, SearchLimits, SearchListener, SearchResult,
};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// White mates (Black is checkmated on the board at the end).
const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
/// Black mates (White is checkmated on the board at the end).
const FOOL: &str = "1. f3 e5 2. g4 Qh4# 0-1";
/// A quiet game with evaluations of both signs.
const QUIET: &str = "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O *";

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

/// Records a search or a review; lets a test wait for its end.
#[derive(Default)]
struct Recorder {
    infos: Mutex<Vec<SearchInfo>>,
    result: Mutex<Option<SearchResult>>,
    review: Mutex<Option<GameReview>>,
    done: Condvar,
}

impl SearchListener for Recorder {
    fn on_info(&self, info: SearchInfo) {
        self.infos.lock().unwrap().push(info);
    }
    fn on_finished(&self, result: SearchResult) {
        *self.result.lock().unwrap() = Some(result);
        self.done.notify_all();
    }
}

impl ReviewListener for Recorder {
    fn on_move_reviewed(&self, _review: MoveReview, _done: u32, _total: u32) {}
    fn on_finished(&self, review: GameReview) {
        *self.review.lock().unwrap() = Some(review);
        self.done.notify_all();
    }
}

impl Recorder {
    fn wait<T: Clone>(&self, slot: impl Fn(&Recorder) -> &Mutex<Option<T>>) -> T {
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut value = slot(self).lock().unwrap();
        loop {
            if let Some(v) = value.as_ref() {
                return v.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "timed out");
            value = self.done.wait_timeout(value, left).unwrap().0;
        }
    }
}

fn review(pgn: &str) -> GameReview {
    let game = ChessGame::from_pgn(pgn.into()).unwrap();
    let rec = Arc::new(Recorder::default());
    let options = ReviewOptions {
        nodes_per_position: Some(20_000),
        ..ReviewOptions::default()
    };
    let engine = engine(); // kept until the end: closing it would stop the review
    let _handle = engine.review(game, options, rec.clone()).unwrap();
    let review = rec.wait(|r| &r.review);
    assert!(review.complete, "{:?}", review.error);
    review
}

/// The search of `fen` to `depth`: its reports and its result.
fn search(fen: &str, depth: u32) -> (Vec<SearchInfo>, SearchResult) {
    let game = ChessGame::from_fen(fen.into()).unwrap();
    let rec = Arc::new(Recorder::default());
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let engine = engine();
    let _handle = engine.think(game, limits, rec.clone()).unwrap();
    let result = rec.wait(|r| &r.result);
    let infos = rec.infos.lock().unwrap().clone();
    (infos, result)
}

/// `score` from the other side's view.
fn other_view(score: Score) -> Score {
    match score {
        Score::Centipawns { value } => Score::Centipawns { value: -value },
        Score::Mate { moves } => Score::Mate { moves: -moves },
    }
}

#[test]
fn the_review_graph_is_win_percent_of_its_scores() {
    for (pgn, mated_white) in [(SCHOLAR, Some(false)), (FOOL, Some(true)), (QUIET, None)] {
        let review = review(pgn);
        let (last, points) = review.evals.split_last().unwrap();
        for p in points {
            assert_eq!(p.white_win, win_percent(p.white), "{pgn}, ply {}", p.ply);
        }
        match mated_white {
            // Checkmate on the board: `Mate(0)` from White's view does not say who is mated,
            // `white_win` does.
            Some(white) => {
                assert_eq!(last.white, Score::Mate { moves: 0 });
                assert_eq!(last.white_win, if white { 0.0 } else { 100.0 });
            }
            None => assert_eq!(last.white_win, win_percent(last.white)),
        }
        for m in &review.moves {
            assert_eq!(m.win_before, win_percent(m.before), "{pgn}: {}", m.san);
            if !m.checkmate {
                assert_eq!(m.win_after, win_percent(m.after), "{pgn}: {}", m.san);
            }
        }
    }
}

#[test]
fn a_search_reports_whites_win_chance_as_the_review_computes_it() {
    // After 1. e4 e5 2. Qh5 Nc6 3. Bc4, Black to move (Qxf7# is threatened).
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
    let (infos, result) = search(fen, 6);
    assert!(!infos.is_empty());
    for info in &infos {
        assert_eq!(info.white_win, win_percent(info.score_white), "{info:?}");
        // The mover (Black) and White share the 100 points.
        let mover = win_percent(info.score);
        assert!((info.white_win + mover - 100.0).abs() < 1e-9, "{info:?}");
    }
    assert_eq!(result.white_win, win_percent(result.score_white));
}

#[test]
fn mates_are_100_for_white_and_0_for_black_whoever_is_to_move() {
    // Black to move mates in one (...Rd1#).
    let (infos, result) = search("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 4);
    assert_eq!(result.score, Score::Mate { moves: 1 });
    assert_eq!(result.white_win, 0.0);
    assert_eq!(infos.last().unwrap().white_win, 0.0);
    // White to move mates in one (Rd8#).
    let (_, result) = search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4);
    assert_eq!(result.score_white, Score::Mate { moves: 1 });
    assert_eq!(result.white_win, 100.0);
    // The function alone: a mate for the side is 100, against it 0, being mated 0.
    assert_eq!(win_percent(Score::Mate { moves: 7 }), 100.0);
    assert_eq!(win_percent(Score::Mate { moves: -3 }), 0.0);
    assert_eq!(win_percent(Score::Mate { moves: 0 }), 0.0);
}

#[test]
fn either_sides_view_gives_chances_that_add_up_to_100() {
    for value in (-3000..=3000).step_by(7) {
        let s = Score::Centipawns { value };
        let sum = win_percent(s) + win_percent(other_view(s));
        assert!((sum - 100.0).abs() < 1e-9, "{value}: {sum}");
    }
    for moves in (-20..=20).filter(|&n| n != 0) {
        let s = Score::Mate { moves };
        assert_eq!(win_percent(s) + win_percent(other_view(s)), 100.0);
    }
    assert_eq!(win_percent(Score::Centipawns { value: 0 }), 50.0);
}

#[test]
fn the_chance_rises_with_the_score_and_mates_are_the_ends() {
    let mut last = win_percent(Score::Mate { moves: -1 });
    for value in -3000..=3000 {
        let w = win_percent(Score::Centipawns { value });
        assert!(w >= last, "{value}: {w} < {last}");
        // Strictly rising up to the clamp (±1000 on the logistic's scale: ±1712.5 of
        // chesscore's centipawns).
        if value.abs() <= 1712 {
            assert!(w > last, "{value}: {w} <= {last}");
        }
        assert!((0.0..=100.0).contains(&w));
        last = w;
    }
    assert!(last <= win_percent(Score::Mate { moves: 1 }));
    // A shorter or longer mate is the same certainty.
    assert_eq!(
        win_percent(Score::Mate { moves: 1 }),
        win_percent(Score::Mate { moves: 30 })
    );
}
