//! Game review and coach: classes of known moves, determinism, stopping with partial results,
//! the engine-thread job, the opening-book seam, and the annotated PGN read back.

use chesscore::engine::{Engine, EngineConfig, EngineThread, Score};
use chesscore::game::Game;
use chesscore::notation::{fen, pgn, san};
use chesscore::review::{
    self, classify, GameLine, GameReview, MoveClass, NoBook, OpeningBook, ReviewSettings,
    RECHECK_FACTOR,
};
use chesscore::rules::{Move, Position, Side, Square};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// Nodes per position in these tests: enough for short tactics, quick in a test build.
const NODES: u64 = 20_000;

fn engine() -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    })
}

fn line_from_pgn(text: &str) -> (pgn::PgnGame, GameLine) {
    let game = pgn::parse_game(text).unwrap();
    let line = GameLine::from_pgn(&game);
    (game, line)
}

fn line_from_fen(f: &str, sans: &[&str]) -> GameLine {
    let start = fen::parse(f).unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for s in sans {
        let m = san::parse_san(&pos, s).unwrap();
        pos.make_move(m);
        moves.push(m);
    }
    GameLine::new(start, &moves).unwrap()
}

fn run(line: &GameLine, nodes: u64) -> GameReview {
    let stop = AtomicBool::new(false);
    review::review(
        &mut engine(),
        line,
        &ReviewSettings::with_nodes(nodes),
        &NoBook,
        &stop,
        &mut |_| {},
    )
}

/// A short game with a known blunder (3... Nf6?? allows 4. Qxf7#) and known best moves.
const SCHOLAR: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

#[test]
fn a_hung_mate_is_a_blunder_and_the_mate_is_best() {
    let (_, line) = line_from_pgn(SCHOLAR);
    let r = run(&line, NODES);
    assert!(r.complete);
    assert_eq!(r.moves.len(), 7);
    assert_eq!(r.evals.len(), 8);
    let nf6 = &r.moves[5];
    assert_eq!((nf6.san.as_str(), nf6.mover), ("Nf6", Side::Black));
    assert_eq!(nf6.class, MoveClass::Blunder);
    // After Nf6 White mates in one: from Black's view, mated in one.
    assert_eq!(nf6.after, Score::Mate(-1));
    assert_eq!(nf6.after_white(), Score::Mate(1));
    assert_eq!(nf6.win_after, 0.0);
    // The refutation is the mate, in SAN.
    assert_eq!(
        nf6.refutation_san.first().map(String::as_str),
        Some("Qxf7#")
    );
    // Black had better: the engine's line starts with a move that defends f7.
    assert_ne!(nf6.best_san, "Nf6");
    assert_eq!(nf6.best_line_san.first(), Some(&nf6.best_san));
    let mate = &r.moves[6];
    assert!(mate.checkmate);
    assert_eq!(mate.class, MoveClass::Best);
    assert_eq!(mate.win_after, 100.0);
    assert_eq!(mate.loss, 0.0);
    // The last point of the graph: Black is mated.
    assert_eq!(r.evals[7].white_win, 100.0);
    assert_eq!(r.black.count(MoveClass::Blunder), 1);
    assert_eq!(r.white.moves, 4);
    assert_eq!(r.black.moves, 3);
    // A side with a blunder is less accurate than one without.
    assert!(r.black.accuracy.unwrap() < r.white.accuracy.unwrap());
}

#[test]
fn the_only_saving_move_is_flagged_and_insufficient_material_is_a_draw() {
    // 1. Qxd8+ and Black must take back: every other move leaves White a queen up.
    let line = line_from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", &["Qxd8+", "Kxd8"]);
    let r = run(&line, NODES);
    let take_back = &r.moves[1];
    assert_eq!(take_back.class, MoveClass::Best);
    assert!(take_back.only_move, "{take_back:?}");
    // King against king: a draw by the rules, not searched.
    assert_eq!(r.evals[2].white, Score::Centipawns(0));
    assert_eq!(take_back.after, Score::Centipawns(0));
}

#[test]
fn throwing_away_a_won_position_is_a_missed_win() {
    // White wins the queen with exd5; Ra8+?? lets Black take the rook with the queen instead.
    let line = line_from_fen("4k3/8/8/3q4/4P3/8/8/R3K3 w - - 0 1", &["Ra8+"]);
    let r = run(&line, NODES);
    let m = &r.moves[0];
    assert_eq!(m.best_san, "exd5");
    assert_eq!(m.class, MoveClass::Blunder);
    assert!(m.missed_win, "{m:?}");
    assert!(m.win_before >= classify::WINNING && m.win_after < classify::WINNING);
    assert!(m.centipawn_loss > 500);
    assert_eq!(m.refutation_san.first().map(String::as_str), Some("Qxa8"));
}

#[test]
fn the_same_review_twice_is_identical() {
    let (_, line) = line_from_pgn(
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 *",
    );
    let a = run(&line, NODES);
    let b = run(&line, NODES);
    assert_eq!(a, b);
    // Also on an engine that searched something else before (the review clears its table).
    let mut used = engine();
    let stop = AtomicBool::new(false);
    let other = line_from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &[]);
    let settings = ReviewSettings::with_nodes(NODES);
    review::review(&mut used, &other, &settings, &NoBook, &stop, &mut |_| {});
    let c = review::review(&mut used, &line, &settings, &NoBook, &stop, &mut |_| {});
    assert_eq!(a, c);
}

/// 27 moves: four segments of [`review::SEGMENT_MOVES`], the last one short.
const LONG: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
    8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 *";

fn review_on(line: &GameLine, threads: u32, on_progress: &mut dyn FnMut(usize)) -> GameReview {
    let stop = AtomicBool::new(false);
    let settings = ReviewSettings {
        threads,
        ..ReviewSettings::with_nodes(NODES)
    };
    review::review(&mut engine(), line, &settings, &NoBook, &stop, &mut |p| {
        on_progress(p.done)
    })
}

#[test]
fn a_review_on_several_threads_is_the_same_review_in_the_same_order() {
    let (_, line) = line_from_pgn(LONG);
    assert_eq!(line.moves().len(), 27);
    assert_eq!(review::SEGMENT_MOVES, 8);
    let one = review_on(&line, 1, &mut |_| {});
    assert!(one.complete);
    for threads in [2, 3, 8] {
        let mut seen = Vec::new();
        let many = review_on(&line, threads, &mut |done| seen.push(done));
        assert_eq!(seen, (1..=27).collect::<Vec<_>>(), "{threads} threads");
        assert_eq!(many.settings.threads, threads);
        assert_eq!(many.moves, one.moves, "{threads} threads");
        assert_eq!(many.evals, one.evals, "{threads} threads");
        assert_eq!((&many.white, &many.black), (&one.white, &one.black));
        assert_eq!(many.nodes, one.nodes);
        assert!(many.complete);
    }
    // Each segment starts from a cleared table: a segment's moves are reviewed the same
    // whatever came before them, so reviewing a longer game changes none of the segments
    // the shorter one had in full.
    let moves = line.moves();
    let shorter = GameLine::new(line.start().clone(), &moves[..16]).unwrap();
    let part = review_on(&shorter, 1, &mut |_| {});
    assert_eq!(part.moves[..], one.moves[..16]);
    assert_eq!(part.evals[..], one.evals[..17]);
}

#[test]
fn a_listener_that_panics_during_a_threaded_review_reaches_the_caller() {
    let (_, line) = line_from_pgn(LONG);
    let settings = ReviewSettings {
        threads: 2,
        ..ReviewSettings::with_nodes(NODES)
    };
    let mut engine = engine();
    let stop = AtomicBool::new(false);
    let mut reports = 0;
    let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        review::review(&mut engine, &line, &settings, &NoBook, &stop, &mut |_| {
            reports += 1;
            panic!("the listener fails");
        })
    }));
    // (That no thread starts another segment after it is checked in src/review/run.rs.)
    let message = unwound.expect_err("the panic is passed on");
    assert_eq!(message.downcast_ref::<&str>(), Some(&"the listener fails"));
    assert_eq!(reports, 1, "no report after the panic");
    // The engine is left usable: the same review as on a fresh one.
    let again = review::review(&mut engine, &line, &settings, &NoBook, &stop, &mut |_| {});
    assert_eq!(again, review_on(&line, 2, &mut |_| {}));
}

#[test]
fn a_review_stopped_on_several_threads_keeps_the_moves_before_the_first_gap() {
    let (_, line) = line_from_pgn(LONG);
    let full = review_on(&line, 1, &mut |_| {});
    for stop_after in [1, 9, 20] {
        let stop = AtomicBool::new(false);
        let settings = ReviewSettings {
            threads: 3,
            ..ReviewSettings::with_nodes(NODES)
        };
        let mut seen = Vec::new();
        let partial = review::review(&mut engine(), &line, &settings, &NoBook, &stop, &mut |p| {
            seen.push(p.done);
            if p.done == stop_after {
                stop.store(true, Ordering::SeqCst);
            }
        });
        // Moves of other segments finished before the stop are kept when no move before
        // them is missing.
        let n = partial.moves.len();
        assert!(n >= stop_after, "stopped after {stop_after}: {n} moves");
        assert_eq!(seen, (1..=n).collect::<Vec<_>>());
        assert_eq!(partial.complete, n == 27);
        assert_eq!(partial.moves[..], full.moves[..n]);
        assert_eq!(partial.evals[..], full.evals[..n + 1]);
    }
}

#[test]
fn a_stopped_review_keeps_exactly_the_moves_reviewed_so_far() {
    let (_, line) = line_from_pgn(SCHOLAR);
    let full = run(&line, NODES);
    for stop_after in [0, 1, 3, 6] {
        let stop = AtomicBool::new(stop_after == 0);
        let mut seen = Vec::new();
        let partial = review::review(
            &mut engine(),
            &line,
            &ReviewSettings::with_nodes(NODES),
            &NoBook,
            &stop,
            &mut |p| {
                assert_eq!(p.total, 7);
                seen.push(p.done);
                if p.done == stop_after {
                    stop.store(true, Ordering::SeqCst);
                }
            },
        );
        assert!(!partial.complete);
        assert_eq!(partial.moves.len(), stop_after);
        assert_eq!(seen, (1..=stop_after).collect::<Vec<_>>());
        assert_eq!(partial.moves[..], full.moves[..stop_after]);
        if stop_after > 0 {
            assert_eq!(partial.evals[..], full.evals[..stop_after + 1]);
        }
    }
}

/// `line` reviewed with `threads` threads and stopped once `stop_after` moves are reported
/// (at once for 0): the partial review and the moves reported.
fn stopped_review(line: &GameLine, threads: u32, stop_after: usize) -> GameReview {
    let stop = AtomicBool::new(stop_after == 0);
    let settings = ReviewSettings {
        threads,
        ..ReviewSettings::with_nodes(NODES)
    };
    review::review(&mut engine(), line, &settings, &NoBook, &stop, &mut |p| {
        if p.done == stop_after {
            stop.store(true, Ordering::SeqCst);
        }
    })
}

#[test]
fn a_stopped_review_continued_is_the_review_made_without_the_stop() {
    let (_, line) = line_from_pgn(LONG);
    let full = review_on(&line, 1, &mut |_| {});
    assert!(full.complete);
    // Before the start is searched, at a segment's end, one move into a segment, mid-segment,
    // on one thread and on several (which keep later moves finished before the stop).
    for (threads, stop_after) in [(1, 0), (1, 1), (1, 8), (1, 9), (1, 13), (2, 3), (3, 17)] {
        let partial = stopped_review(&line, threads, stop_after);
        assert!(!partial.complete);
        let had = partial.moves.len();
        assert!(had >= stop_after);
        for continue_on in [1, 2] {
            let settings = ReviewSettings {
                threads: continue_on,
                ..ReviewSettings::with_nodes(NODES)
            };
            let mut seen = Vec::new();
            let stop = AtomicBool::new(false);
            let continued = review::continue_review(
                &mut engine(),
                &line,
                &settings,
                &NoBook,
                &partial,
                &stop,
                &mut |p| {
                    assert_eq!(p.total, 27);
                    assert_eq!(p.review.index + 1, p.done);
                    seen.push(p.done);
                },
            )
            .unwrap();
            let what = format!("stopped after {had} on {threads}, continued on {continue_on}");
            // Only the moves the earlier review lacked are reported, in order.
            assert_eq!(seen, (had + 1..=27).collect::<Vec<_>>(), "{what}");
            assert_eq!(continued.moves, full.moves, "{what}");
            assert_eq!(continued.evals, full.evals, "{what}");
            assert_eq!(
                (&continued.white, &continued.black),
                (&full.white, &full.black)
            );
            assert_eq!(continued.nodes, full.nodes, "{what}");
            assert!(continued.complete);
        }
    }
    // Stopped again while continuing, then continued once more: still the same review.
    let first = stopped_review(&line, 1, 5);
    let stop = AtomicBool::new(false);
    let settings = ReviewSettings::with_nodes(NODES);
    let second = review::continue_review(
        &mut engine(),
        &line,
        &settings,
        &NoBook,
        &first,
        &stop,
        &mut |p| {
            if p.done == 19 {
                stop.store(true, Ordering::SeqCst);
            }
        },
    )
    .unwrap();
    assert_eq!(second.moves.len(), 19);
    assert!(!second.complete);
    let stop = AtomicBool::new(false);
    let third = review::continue_review(
        &mut engine(),
        &line,
        &settings,
        &NoBook,
        &second,
        &stop,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(third, full);
    // A complete review is given back without a search or a report.
    let mut reports = 0;
    let again = review::continue_review(
        &mut engine(),
        &line,
        &settings,
        &NoBook,
        &full,
        &stop,
        &mut |_| reports += 1,
    )
    .unwrap();
    assert_eq!((again, reports), (full, 0));
}

#[test]
fn a_review_of_another_game_or_budget_is_not_continued() {
    let (_, line) = line_from_pgn(LONG);
    let partial = stopped_review(&line, 1, 10);
    let stop = AtomicBool::new(false);
    let try_continue = |line: &GameLine, settings: &ReviewSettings, earlier: &GameReview| {
        review::continue_review(
            &mut engine(),
            line,
            settings,
            &NoBook,
            earlier,
            &stop,
            &mut |_| panic!("nothing is reviewed"),
        )
        .unwrap_err()
    };
    let settings = ReviewSettings::with_nodes(NODES);
    let err = try_continue(&line, &ReviewSettings::with_nodes(NODES * 2), &partial);
    assert!(matches!(err, review::ContinueError::OtherSettings { .. }));
    assert!(err.to_string().contains("20000 nodes a position"), "{err}");
    assert!(err.to_string().contains("40000 nodes a position"), "{err}");
    let no_verify = ReviewSettings::with_nodes(NODES).with_verify_nodes(0);
    assert!(matches!(
        try_continue(&line, &no_verify, &partial),
        review::ContinueError::OtherSettings { .. }
    ));
    // Another opening: 1. d4 instead of 1. e4.
    let (_, other) = line_from_pgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 *");
    let err = try_continue(&other, &settings, &partial);
    assert_eq!(
        err,
        review::ContinueError::OtherGame("its move 1 is e4, the game's d4".into())
    );
    // A shorter game than the earlier review.
    let (_, short) = line_from_pgn("1. e4 e5 2. Nf3 Nc6 *");
    let err = try_continue(&short, &settings, &partial);
    assert_eq!(
        err.to_string(),
        "the earlier review is of another game: it has 10 moves, the game 4"
    );
    let mut damaged = partial.clone();
    damaged.evals.pop();
    assert_eq!(
        try_continue(&line, &settings, &damaged).to_string(),
        "the earlier review is damaged: 10 eval points for 10 moves"
    );
}

#[test]
fn book_moves_come_from_the_book_and_end_at_the_first_other_move() {
    struct FirstPositions(HashSet<u64>);
    impl OpeningBook for FirstPositions {
        fn contains(&self, position: &Position) -> bool {
            self.0.contains(&position.key())
        }
    }
    let (_, line) = line_from_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
    // The book knows the positions after 1. e4, 1... e5 and 3. Bb5, not after 2. Nf3: Bb5 is
    // out of book because the line already left it.
    let book = FirstPositions([1, 2, 5].iter().map(|&i| line.position(i).key()).collect());
    let stop = AtomicBool::new(false);
    let r = review::review(
        &mut engine(),
        &line,
        &ReviewSettings::with_nodes(5_000),
        &book,
        &stop,
        &mut |_| {},
    );
    let classes: Vec<MoveClass> = r.moves.iter().map(|m| m.class).collect();
    assert_eq!(&classes[..2], &[MoveClass::Book, MoveClass::Book]);
    assert!(
        classes[2..].iter().all(|&c| c != MoveClass::Book),
        "{classes:?}"
    );
    assert_eq!(
        r.white.count(MoveClass::Book) + r.black.count(MoveClass::Book),
        2
    );
    // Continued after a stop in the book (1. e4), at its end (1... e5) and after it (2. Nf3,
    // 2... Nc6, the move before Bb5, whose position the book knows): the book goes on and ends
    // where it did, and Bb5 stays out of it.
    for stop_after in [1, 2, 3, 4] {
        let stop = AtomicBool::new(false);
        let settings = ReviewSettings::with_nodes(5_000);
        let partial = review::review(&mut engine(), &line, &settings, &book, &stop, &mut |p| {
            if p.done == stop_after {
                stop.store(true, Ordering::SeqCst);
            }
        });
        assert_eq!(partial.moves.len(), stop_after);
        let stop = AtomicBool::new(false);
        let continued = review::continue_review(
            &mut engine(),
            &line,
            &settings,
            &book,
            &partial,
            &stop,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(continued, r, "stopped after {stop_after}");
    }
}

#[test]
fn an_illegal_line_is_refused_with_its_place() {
    let pos = Position::startpos();
    let e4 = san::parse_san(&pos, "e4").unwrap();
    let err = GameLine::new(pos, &[e4, e4]).unwrap_err();
    assert_eq!(err.number, 2);
    assert_eq!(err.mv, "e2e4");
    assert!(err.to_string().contains("move 2"));
}

#[test]
fn the_annotated_pgn_reads_back_with_evals_nags_and_accuracy() {
    let (game, line) = line_from_pgn(SCHOLAR);
    let r = run(&line, NODES);
    let text = pgn::write_game(&review::annotate(&game, &r));
    let back = pgn::parse_game(&text).unwrap();
    let moves: Vec<Move> = back.moves.iter().map(|m| m.mv).collect();
    assert_eq!(moves, line.moves());
    for (m, rv) in back.moves.iter().zip(&r.moves) {
        if rv.checkmate {
            assert_eq!(m.annotations.eval, None);
        } else {
            let expected = format!("[%eval {}]", review::format_eval(rv.after_white()));
            assert!(text.contains(&expected), "{text} lacks {expected}");
            assert_eq!(m.annotations.eval, Some(review::pgn_eval(rv.after_white())));
        }
        assert_eq!(
            m.annotations.nags,
            rv.class.nag().into_iter().collect::<Vec<_>>()
        );
        // Errors get the engine's line as a variation, starting with its best move.
        if rv.class.is_error() {
            assert_eq!(m.variations[0][0].mv, rv.best_move);
        }
    }
    assert_eq!(back.moves[5].annotations.nags, vec![4]);
    assert!(text.contains("[%eval #1]"), "{text}");
    let first = back.root.comment_after.clone().unwrap();
    assert!(first.starts_with("Accuracy: White "), "{first}");
    assert!(back.tags.iter().any(|(n, _)| n == "Annotator"));
    // No line breaks inside a command: tools read `[%eval 0.17]` with a single space.
    for line in text.lines() {
        let opened = line.matches("[%").count();
        let closed = line.matches(']').count() - line.matches("\"]").count();
        assert!(closed >= opened, "a command broken across lines: {line}");
    }
    // Reviewing the annotated game again replaces the old evals instead of adding to them.
    let again = pgn::write_game(&review::annotate(&back, &r));
    assert_eq!(again, text);
    // A stopped review says how far it got, in plies (half-moves), and a complete review of
    // that annotated game replaces the note too.
    for (kept, says) in [(1, "after 1 ply."), (3, "after 3 plies.")] {
        let mut partial = r.clone();
        partial.moves.truncate(kept);
        partial.evals.truncate(kept + 1);
        partial.complete = false;
        let stopped = review::annotate(&game, &partial);
        let first = stopped.root.comment_after.clone().unwrap();
        assert!(
            first.ends_with(&format!("Review stopped {says}")),
            "{first}"
        );
        assert_eq!(pgn::write_game(&review::annotate(&stopped, &r)), text);
    }
}

#[test]
fn a_game_with_variations_is_reviewed_along_its_main_line_and_keeps_them() {
    let text = "{Start} 1. e4 {Kings pawn [%clk 0:05:00]} e5 2. Qh5 (2. Nf3 Nc6 3. Bb5 {Spanish}) \
                2... Nc6 3. Bc4 Nf6?! (3... g6) 4. Qxf7# 1-0";
    let mut game = Game::from_pgn(text).unwrap();
    // Wherever the current node is (here inside the variation 2. Nf3), the main line is
    // reviewed.
    game.to_start();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.ply(), 4);
    let line = GameLine::from_game(&game);
    let (pgn_game, pgn_line) = line_from_pgn(text);
    assert_eq!(line.moves(), pgn_line.moves());
    assert_eq!(line.moves().len(), 7);
    let r = run(&line, NODES);
    let annotated = review::annotate(&game.to_pgn_game(), &r);
    assert_eq!(annotated, review::annotate(&pgn_game, &r));
    // The game's own annotations stay: comments, clock, variations; the class NAG replaces
    // the `?!` of 3... Nf6.
    let m = &annotated.moves;
    assert_eq!(
        m[0].annotations.comment_after.as_deref(),
        Some("Kings pawn")
    );
    assert_eq!(m[0].annotations.clock, Some(Duration::from_secs(300)));
    assert_eq!(m[2].variations[0][0].san, "Nf3");
    assert_eq!(
        m[2].variations[0][2].annotations.comment_after.as_deref(),
        Some("Spanish")
    );
    assert_eq!(m[5].annotations.nags, vec![4]);
    assert_eq!(
        m[5].variations[0][0].san, "g6",
        "the game's own variation first"
    );
    assert_eq!(m[5].variations.len(), 2, "then the engine's line");
    let root = annotated.root.comment_after.as_deref().unwrap();
    assert!(
        root.starts_with("Accuracy: White ") && root.ends_with(" Start"),
        "{root}"
    );
}

#[test]
fn a_review_runs_as_an_engine_thread_job_and_stops_with_its_partial_result() {
    // The same table size as `engine()`: a review is deterministic for a node budget and a
    // table size.
    let thread = EngineThread::new(EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    })
    .expect("an engine thread");
    let (_, line) = line_from_pgn(SCHOLAR);
    let expected = run(&line, NODES);

    // A whole review through the thread: progress for every move, then one result.
    let (tx, rx) = mpsc::channel();
    let progress = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&progress);
    let job_line = line.clone();
    thread.start_job(
        move |engine, stop| {
            review::review(
                engine,
                &job_line,
                &ReviewSettings::with_nodes(NODES),
                &NoBook,
                stop,
                &mut |p| seen.lock().unwrap().push(p.review.clone()),
            )
        },
        move |r| tx.send(r).unwrap(),
    );
    let got = rx.recv_timeout(Duration::from_secs(120)).unwrap().unwrap();
    assert!(rx.recv_timeout(Duration::from_millis(100)).is_err());
    thread.wait();
    assert_eq!(got.moves, expected.moves);
    assert_eq!(*progress.lock().unwrap(), expected.moves);

    // Stopped by id from the progress callback after two moves: a partial result, once.
    let (tx, rx) = mpsc::channel();
    let thread = Arc::new(thread);
    let stopper = Arc::clone(&thread);
    let id_slot = Arc::new(Mutex::new(None));
    let id_read = Arc::clone(&id_slot);
    let job_line = line.clone();
    let id = thread.start_job(
        move |engine, stop| {
            review::review(
                engine,
                &job_line,
                &ReviewSettings::with_nodes(NODES),
                &NoBook,
                stop,
                &mut |p| {
                    if p.done == 2 {
                        while id_read.lock().unwrap().is_none() {
                            std::thread::yield_now();
                        }
                        stopper.stop_search(id_read.lock().unwrap().unwrap());
                    }
                },
            )
        },
        move |r| tx.send(r).unwrap(),
    );
    *id_slot.lock().unwrap() = Some(id);
    let partial = rx.recv_timeout(Duration::from_secs(120)).unwrap().unwrap();
    assert!(!partial.complete);
    assert_eq!(partial.moves[..], expected.moves[..2]);
    thread.wait();
    assert!(!thread.is_searching());

    // A job that panics still finishes once (with the panic's message), and the thread goes
    // on; so does one failed by the test hook, which the next job does not see.
    let (tx, rx) = mpsc::channel();
    thread.start_job(
        |_, _| -> u32 { panic!("a job that fails") },
        move |r| tx.send(r).unwrap(),
    );
    assert_eq!(
        rx.recv_timeout(Duration::from_secs(10)).unwrap(),
        Err("a job that fails".to_string())
    );
    thread.fail_next_search();
    let (tx, rx) = mpsc::channel();
    thread.start_job(|_, _| 6u32, move |r| tx.send(r).unwrap());
    let failed = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(failed.unwrap_err().contains("injected"));
    let (tx, rx) = mpsc::channel();
    thread.start_job(|_, _| 7u32, move |r| tx.send(r).unwrap());
    assert_eq!(rx.recv_timeout(Duration::from_secs(10)).unwrap(), Ok(7));
}

#[test]
fn a_review_of_a_game_object_covers_its_moves() {
    let mut game = Game::from_pgn(SCHOLAR).unwrap();
    let line = GameLine::from_game(&game);
    assert_eq!(line.moves(), game.moves());
    assert_eq!(line.start(), game.start_position());
    // Also after undoing moves: the main line is the game.
    game.undo();
    game.undo();
    assert_eq!(GameLine::from_game(&game).moves(), line.moves());
}

#[test]
fn the_coach_sees_the_threat_the_hanging_pieces_and_the_refutation() {
    // After 1. e4 e5 2. Qh5 Nc6 3. Bc4 (Black to move) White threatens Qxf7#.
    let line = line_from_fen(fen::STARTING_FEN, &["e4", "e5", "Qh5", "Nc6", "Bc4"]);
    let stop = AtomicBool::new(false);
    let c = review::coach(&mut engine(), &line, NODES, &stop).unwrap();
    let threat = c.threat.unwrap();
    assert_eq!(threat.line_san.first().map(String::as_str), Some("Qxf7#"));
    assert_eq!(threat.score, Score::Mate(1));
    assert!(threat.gain > 40.0, "{threat:?}");
    // Bc4 was not a mistake: no refutation.
    assert!(c.refutation.is_none());
    // The e5 pawn is attacked by the queen and defended by the knight: it does not hang.
    assert!(
        c.hanging.iter().all(|h| h.square != Square::E5),
        "{:?}",
        c.hanging
    );

    // After 3... Nf6?? the coach gives the refutation (White to move: no threat to show
    // beyond the position, but the last move's refutation is the mate).
    let line = line_from_fen(fen::STARTING_FEN, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]);
    let c = review::coach(&mut engine(), &line, NODES, &stop).unwrap();
    let refutation = c.refutation.unwrap();
    assert_eq!(refutation.san, "Nf6");
    assert_eq!(refutation.class, MoveClass::Blunder);
    assert_eq!(
        refutation.line_san.first().map(String::as_str),
        Some("Qxf7#")
    );
    assert_eq!(c.score, Score::Mate(1));
    assert_eq!(c.best_line_san.first().map(String::as_str), Some("Qxf7#"));
    // The f7 pawn hangs (queen and bishop attack it, only the king defends).
    assert!(
        c.hanging
            .iter()
            .any(|h| h.square == Square::F7 && h.piece.side == Side::Black),
        "{:?}",
        c.hanging
    );

    // In check there is no threat to compute: the check is the threat.
    let line = line_from_fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", &[]);
    let c = review::coach(&mut engine(), &line, NODES, &stop).unwrap();
    assert!(c.threat.is_none());
}

#[test]
fn a_book_that_names_a_losing_move_still_gets_the_loss_and_the_book_ends_there() {
    struct Everything;
    impl OpeningBook for Everything {
        fn contains(&self, _position: &Position) -> bool {
            true
        }
    }
    let (_, line) = line_from_pgn(SCHOLAR);
    let stop = AtomicBool::new(false);
    let r = review::review(
        &mut engine(),
        &line,
        &ReviewSettings::with_nodes(NODES),
        &Everything,
        &stop,
        &mut |_| {},
    );
    let classes: Vec<MoveClass> = r.moves.iter().map(|m| m.class).collect();
    // 3... Nf6?? is in this book but hangs mate: a blunder, not book, and nothing after it is
    // book (4. Qxf7# is the best move).
    assert_eq!(classes[5], MoveClass::Blunder, "{classes:?}");
    assert_eq!(classes[6], MoveClass::Best, "{classes:?}");
    // Book runs from the first move until the first move judged worse than good.
    let first_out = classes.iter().position(|&c| c != MoveClass::Book).unwrap();
    assert!(
        classes[first_out..].iter().all(|&c| c != MoveClass::Book),
        "{classes:?}"
    );
    assert!(first_out >= 1, "1. e4 loses nothing: {classes:?}");
}

#[test]
fn the_opening_names_are_the_reviews_book() {
    use chesscore::review::OpeningNames;
    let (_, line) = line_from_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");
    for i in 1..=6 {
        // Every position of the Ruy Lopez, Morphy Defense line is named in the dataset.
        assert!(
            OpeningNames.contains(line.position(i)),
            "position after ply {i}"
        );
    }
    assert!(!OpeningNames.contains(&fen::parse("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap()));
    let stop = AtomicBool::new(false);
    let r = review::review(
        &mut engine(),
        &line,
        &ReviewSettings::with_nodes(5_000),
        &OpeningNames,
        &stop,
        &mut |_| {},
    );
    assert_eq!(r.moves[0].class, MoveClass::Book);
    assert_eq!(r.moves[1].class, MoveClass::Book);
}

#[test]
fn a_move_that_seems_to_lose_is_judged_again_by_one_deeper_search() {
    let (_, line) = line_from_pgn(SCHOLAR);
    let r = run(&line, NODES);
    let nf6 = &r.moves[5];
    assert!(nf6.verified, "{nf6:?}");
    // Its numbers come from that search and agree with one another.
    assert!((nf6.loss - (nf6.win_before - nf6.win_after)).abs() < 1e-9);
    assert_eq!(nf6.win_before, classify::win_percent(nf6.before));
    assert_eq!(nf6.after, Score::Mate(-1));
    assert_eq!(nf6.best_line.first(), Some(&nf6.best_move));
    assert_eq!(nf6.refutation_san[0], "Qxf7#");
    // Moves that lose little are judged from the first searches only; every error was
    // verified.
    for m in &r.moves {
        assert!(m.verified || m.loss <= classify::GOOD_MAX, "{m:?}");
        assert!(m.verified || m.class < MoveClass::Inaccuracy, "{m:?}");
    }
    // Without verification no move is verified, and the blunder is still one.
    let stop = AtomicBool::new(false);
    let settings = ReviewSettings {
        verify_nodes: 0,
        ..ReviewSettings::with_nodes(NODES)
    };
    let plain = review::review(&mut engine(), &line, &settings, &NoBook, &stop, &mut |_| {});
    assert!(plain.moves.iter().all(|m| !m.verified));
    assert_eq!(plain.moves[5].class, MoveClass::Blunder);
    // The verification judges moves, not positions: the graph is the same up to the position
    // after the first verified move (later searches start from a table it has filled).
    let first = r.moves.iter().position(|m| m.verified).unwrap();
    assert_eq!(plain.evals[..first + 2], r.evals[..first + 2]);
    assert_eq!(plain.evals.len(), r.evals.len());
}

#[test]
fn a_review_stopped_during_a_verification_leaves_that_move_out() {
    // Ra8+?? is the first move: the first two searches are quick, then its verification is
    // given far more nodes than it can search before the stop.
    let line = line_from_fen("4k3/8/8/3q4/4P3/8/8/R3K3 w - - 0 1", &["Ra8+"]);
    let settings = ReviewSettings {
        verify_nodes: u64::MAX / 4,
        ..ReviewSettings::with_nodes(NODES)
    };
    let stop = Arc::new(AtomicBool::new(false));
    let stopper = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(2));
            stop.store(true, Ordering::SeqCst);
        })
    };
    let mut reported = 0;
    let r = review::review(&mut engine(), &line, &settings, &NoBook, &stop, &mut |_| {
        reported += 1
    });
    stopper.join().unwrap();
    assert_eq!(reported, 0);
    assert!(!r.complete);
    assert!(r.moves.is_empty());
    // The start position was searched; the position after the unreviewed move is not kept.
    assert_eq!(r.evals.len(), 1);
}

#[test]
fn presets_verify_with_more_nodes_than_they_search() {
    use chesscore::review::{ReviewPreset, VERIFY_FACTOR};
    for p in ReviewPreset::ALL {
        let s = ReviewSettings::preset(p);
        assert_eq!(s.nodes_per_position, p.nodes());
        assert_eq!(s.verify_nodes, p.verify_nodes());
        // Quick verifies with 4 times its budget, so as to stay quick; the others with more.
        let factor = if p == ReviewPreset::Quick {
            4
        } else {
            VERIFY_FACTOR
        };
        assert_eq!(s.verify_nodes, factor * p.nodes(), "{p}");
        assert_eq!(s.recheck_nodes, RECHECK_FACTOR * s.verify_nodes, "{p}");
    }
    assert_eq!(
        ReviewSettings::with_nodes(1_000).verify_nodes,
        VERIFY_FACTOR * 1_000
    );
    assert_eq!(
        ReviewSettings::default(),
        ReviewSettings::preset(ReviewPreset::Standard)
    );
}

#[test]
fn a_verified_loss_near_the_blunder_line_is_verified_again_deeper() {
    const GAME: usize = 1;
    // A careless game (hung pieces and moves losing 15-25 Win% points) with a move whose
    // first verification lands near the blunder line at this budget.
    let text = include_str!("../docs/review-data/careless.pgn");
    let game = pgn::read_games(text).nth(GAME).unwrap().unwrap();
    let line = GameLine::from_pgn(&game);
    let stop = AtomicBool::new(false);
    let with = ReviewSettings::with_nodes(NODES);
    assert_eq!(with.recheck_nodes, RECHECK_FACTOR * with.verify_nodes);
    let without = ReviewSettings {
        recheck_nodes: 0,
        ..with.clone()
    };
    let r = review::review(&mut engine(), &line, &with, &NoBook, &stop, &mut |_| {});
    let plain = review::review(&mut engine(), &line, &without, &NoBook, &stop, &mut |_| {});
    assert!(plain.moves.iter().all(|m| !m.rechecked));
    for m in r.moves.iter().filter(|m| m.rechecked) {
        assert!(m.verified, "{m:?}");
    }
    // Up to the first move rechecked, both reviews are the same; that move's first
    // verification put it near the blunder line, and the second search judged it.
    let k = r
        .moves
        .iter()
        .position(|m| m.rechecked)
        .expect("a move rechecked");
    assert_eq!(plain.moves[..k], r.moves[..k]);
    for m in &plain.moves[..k] {
        assert!(!m.verified || !classify::RECHECK.contains(&m.loss), "{m:?}");
    }
    assert!(plain.moves[k].verified);
    assert!(
        classify::RECHECK.contains(&plain.moves[k].loss),
        "{:?}",
        plain.moves[k]
    );
    assert!(r.nodes > plain.nodes + with.verify_nodes);
}

#[test]
fn a_move_played_on_past_a_claimable_draw_is_judged_and_the_review_goes_on() {
    // After 5... Nb8 the position has occurred three times: a draw could be claimed, so the
    // review scores it as a draw and it has no best move. White's 6. Ba6 loses a bishop: it
    // is judged against the draw, and the review reaches the end (it stopped there, as if
    // stopped by hand, when the verification searched a missing best move).
    let (_, line) = line_from_pgn(
        "1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8 4. Nf3 Nc6 5. Ng1 Nb8 6. Ba6 Nxa6 7. Nf3 Nc5 *",
    );
    for threads in [1, 2] {
        let stop = AtomicBool::new(false);
        let r = review::review(
            &mut engine(),
            &line,
            &ReviewSettings {
                threads,
                ..ReviewSettings::with_nodes(NODES)
            },
            &NoBook,
            &stop,
            &mut |_| {},
        );
        assert!(
            r.complete,
            "{threads} threads: {} of 14 moves",
            r.moves.len()
        );
        assert_eq!(r.moves.len(), 14);
        let ba6 = &r.moves[10];
        assert_eq!(ba6.san, "Ba6");
        assert!(ba6.class >= MoveClass::Mistake, "{:?}", ba6.class);
    }
}

#[test]
fn the_annotated_pgn_carries_error_nags_only_on_the_reviews_errors() {
    // A game annotated before (or by hand) with `??` on a move this review calls good: the
    // `??` would read as this review's blunder.
    let (game, line) = line_from_pgn("1. e4 $4 e5 $1 2. Nf3 $6 *");
    let r = run(&line, NODES);
    assert!(r.moves.iter().all(|m| !m.class.is_error()), "{:?}", r.moves);
    let text = pgn::write_game(&review::annotate(&game, &r));
    assert!(!text.contains("$4") && !text.contains("$6"), "{text}");
    assert!(text.contains("$1"), "a `!` is kept: {text}");
}
