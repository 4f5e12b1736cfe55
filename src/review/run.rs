//! The review loop: search each position once, then judge each move from the two positions
//! around it.

use super::classify::{self, MoveClass};
use super::{
    fresh, san_line, white_view, EvalPoint, GameLine, GameReview, MoveReview, OpeningBook,
    ReviewProgress, ReviewSettings, SideSummary, MAX_THREADS,
};
use crate::engine::{Engine, EngineConfig, Level, Score, SearchLimits};
use crate::game::{self, Outcome};
use crate::rules::{Move, Position, Side};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// How a position ended the search: searched, or over by the rules (not searched).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Terminal {
    /// The side to move is checkmated.
    Checkmate,
    /// Stalemate, insufficient material, threefold repetition or fifty moves: a draw (the last
    /// two are claims, but either player may make them, so the position is worth a draw).
    Draw,
}

/// The engine's verdict on one position, from the side to move's view.
#[derive(Debug, Clone)]
pub(super) struct PositionEval {
    pub(super) score: Score,
    /// The best line (empty for a terminal position).
    pub(super) line: Vec<Move>,
    /// The second-best line's score and first move, when two lines were searched and there
    /// are two moves ([`second_line`]).
    pub(super) second: Option<(Score, Move)>,
    pub(super) terminal: Option<Terminal>,
    pub(super) nodes: u64,
}

impl PositionEval {
    fn best(&self) -> Move {
        self.line.first().copied().unwrap_or(Move::NULL)
    }
}

/// Whether the game is over in `pos` by the rules (or a draw can be claimed there), given the
/// keys of the positions before it. The rules are the game's own ([`crate::game`]'s
/// `ending_by_rule` and `claim_by_rule`), asked with the number of times the position was seen.
fn terminal(pos: &Position, keys_before: &[u64]) -> Option<Terminal> {
    let key = pos.key();
    let seen = 1 + keys_before.iter().filter(|&&k| k == key).count() as u32;
    match game::ending_by_rule(pos, || seen) {
        Some(Outcome::Checkmate { .. }) => Some(Terminal::Checkmate),
        Some(_) => Some(Terminal::Draw),
        None => game::claim_by_rule(pos, seen).map(|_| Terminal::Draw),
    }
}

/// A thread for a worker of the review, which searches: the engine thread's stack.
fn searching_thread() -> thread::Builder {
    thread::Builder::new()
        .name("chesscore-review".into())
        .stack_size(crate::engine::SEARCH_STACK_BYTES)
}

/// One line a search reported: its iteration, its rank, its score and its first move.
#[derive(Debug, Clone, Copy)]
struct Line {
    depth: u32,
    multipv: u32,
    score: Score,
    mv: Move,
}

/// The second-best move and its score, from the lines a MultiPV search reported (in the order
/// reported) and the move it chose: the best-ranked line of the deepest iteration whose move is
/// another. A search stopped by its node budget during an iteration reports the ranks that
/// iteration did not finish again from the last iteration that finished them, with that
/// iteration's depth and without the moves already shown; so when the stopped iteration's
/// first line has a new best move, the second-best is the best-ranked other move of the
/// iteration before, with its score there.
fn second_line(lines: &[Line], best: Move) -> Option<(Score, Move)> {
    lines
        .iter()
        .filter(|l| l.mv != best)
        .min_by_key(|l| (std::cmp::Reverse(l.depth), l.multipv))
        .map(|l| (l.score, l.mv))
}

/// Searches one position (or scores it by the rules). `None` when stopped during the search.
pub(super) fn evaluate(
    engine: &mut Engine,
    pos: &Position,
    keys_before: &[u64],
    settings: &ReviewSettings,
    stop: &AtomicBool,
) -> Option<PositionEval> {
    if let Some(t) = terminal(pos, keys_before) {
        return Some(PositionEval {
            score: match t {
                Terminal::Checkmate => Score::Mate(0),
                Terminal::Draw => Score::Centipawns(0),
            },
            line: Vec::new(),
            second: None,
            terminal: Some(t),
            nodes: 0,
        });
    }
    let limits = SearchLimits {
        nodes: Some(settings.nodes_per_position),
        multi_pv: settings.lines.max(1),
        level: Some(Level::MAX),
        ..SearchLimits::default()
    };
    let mut lines: Vec<Line> = Vec::new();
    // The engine finishes its first depth whatever the budget: even a tiny one evaluates.
    let result = engine.search(pos, keys_before, &limits, stop, &mut |info| {
        if let Some(&mv) = info.pv.first() {
            lines.push(Line {
                depth: info.depth,
                multipv: info.multipv,
                score: info.score,
                mv,
            });
        }
    });
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    let mut line = result.pv.clone();
    if line.first() != Some(&result.best_move) {
        line = vec![result.best_move];
    }
    let second = (settings.lines > 1)
        .then(|| second_line(&lines, result.best_move))
        .flatten();
    Some(PositionEval {
        score: result.score,
        line,
        second,
        terminal: None,
        nodes: result.nodes,
    })
}

/// Moves per segment. A review splits the line into segments of this many moves and reviews
/// each from a cleared table ([`review_segment`]), so that segments can run on several threads
/// ([`ReviewSettings::threads`]) and the review is the same whatever their number.
pub const SEGMENT_MOVES: usize = 8;

/// What a segment reports, in the line's order: the start position's evaluation (first
/// segment only), then each move with the evaluation of the position it made.
enum Reviewed {
    Start(PositionEval),
    Move {
        review: Box<MoveReview>,
        after: PositionEval,
        /// Nodes searched for this move: the position after it, its verification, and for the
        /// first move of a later segment the position before it.
        nodes: u64,
    },
}

impl Reviewed {
    /// Its place in the line's order: 0 for the start, `i + 1` for move `i`.
    fn order(&self) -> usize {
        match self {
            Reviewed::Start(_) => 0,
            Reviewed::Move { review, .. } => review.index + 1,
        }
    }
}

/// Reviews every move of `line`: searches each position with `settings`'s node budget (at
/// full strength, whatever the engine's level), judges each move from the positions around it,
/// and calls `on_progress` after each move, in order. `book` decides the book moves (use
/// [`super::NoBook`] for none).
///
/// The line is reviewed in segments of [`SEGMENT_MOVES`] moves, each from a cleared table, so
/// the review is deterministic: the same line and settings give the same review, whatever
/// [`ReviewSettings::threads`] and the engine's history. With more than one thread the
/// segments are shared out among up to that many threads (at most [`MAX_THREADS`]), `engine`
/// and engines of its configuration (each with its own table of `engine`'s size; when memory
/// is too short for one, that thread does no work); the calling thread only reports.
///
/// When `stop` is set, the searches under way are abandoned and the review returns at once
/// with the moves reviewed so far without a gap ([`GameReview::complete`] `false`); those are
/// exactly what a full review gives for them.
///
/// A panic in `on_progress` or in a worker reaches the caller once the segments under way
/// are done (no thread starts another).
pub fn review(
    engine: &mut Engine,
    line: &GameLine,
    settings: &ReviewSettings,
    book: &dyn OpeningBook,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&ReviewProgress<'_>),
) -> GameReview {
    let next = AtomicUsize::new(0);
    review_counting(engine, line, settings, book, None, stop, on_progress, &next)
}

/// Why [`continue_review`] refused an earlier review: it is not a partial review of this line
/// with these settings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContinueError {
    /// Its settings search differently (the threads apart, which change no result).
    #[error("the earlier review searched with other settings ({earlier}), this one with {now}")]
    OtherSettings {
        /// The earlier review's budgets, described.
        earlier: String,
        /// These settings' budgets, described.
        now: String,
    },
    /// It is of another line: a move differs, or it has more moves than the line.
    #[error("the earlier review is of another game: {0}")]
    OtherGame(String),
    /// Its eval series does not go with its moves, or a move or point has numbers no review
    /// gives (the wrong mover, a score out of the engine's range, a Win% outside 0 to 100).
    #[error("the earlier review is damaged: {0}")]
    Damaged(String),
}

/// Goes on with `earlier`, a review of `line` with the same settings that was stopped
/// ([`GameReview::complete`] `false`, as [`review`] returns it after a stop), and returns the
/// whole review: `earlier`'s moves, then the rest, reviewed and reported through `on_progress`
/// as [`review`] does (only the moves `earlier` lacks are reported). A review is deterministic
/// and each of its segments starts from a cleared table, so the result is the review that
/// [`review`] would have made without the stop, provided `engine`'s table is the size it had
/// (the searches of the unfinished segment before `earlier`'s last move are made again, and not
/// counted in [`GameReview::nodes`]). A complete `earlier` is returned as it is, without a
/// search. `settings.threads` may differ from `earlier`'s.
///
/// # Errors
/// [`ContinueError`] when `earlier` searched with other budgets, is of another line, or is
/// damaged (an eval series that does not go with its moves, a move given to the wrong side, a
/// score the engine does not give, a Win%, loss or accuracy outside 0 to 100); nothing is
/// searched then.
pub fn continue_review(
    engine: &mut Engine,
    line: &GameLine,
    settings: &ReviewSettings,
    book: &dyn OpeningBook,
    earlier: &GameReview,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&ReviewProgress<'_>),
) -> Result<GameReview, ContinueError> {
    check_earlier(line, settings, earlier)?;
    let next = AtomicUsize::new(0);
    Ok(review_counting(
        engine,
        line,
        settings,
        book,
        Some(earlier),
        stop,
        on_progress,
        &next,
    ))
}

/// Whether [`continue_review`] takes `earlier` as a review of `line` with `settings`: the
/// check it makes before searching, for a caller that must refuse at once.
///
/// # Errors
/// As [`continue_review`].
pub fn check_earlier(
    line: &GameLine,
    settings: &ReviewSettings,
    earlier: &GameReview,
) -> Result<(), ContinueError> {
    let budgets = |s: &ReviewSettings| {
        format!(
            "{} nodes a position, {} lines, {} and {} nodes to verify",
            s.nodes_per_position, s.lines, s.verify_nodes, s.recheck_nodes
        )
    };
    let without_threads = |s: &ReviewSettings| ReviewSettings {
        threads: 1,
        ..s.clone()
    };
    if without_threads(&earlier.settings) != without_threads(settings) {
        return Err(ContinueError::OtherSettings {
            earlier: budgets(&earlier.settings),
            now: budgets(settings),
        });
    }
    let total = line.moves().len();
    if earlier.moves.len() > total {
        return Err(ContinueError::OtherGame(format!(
            "it has {} moves, the game {total}",
            earlier.moves.len()
        )));
    }
    for (i, (m, &played)) in earlier.moves.iter().zip(line.moves()).enumerate() {
        if m.index == i && m.mv == played {
            check_numbers(m, line.position(i).side_to_move())?;
        } else {
            let san = |mv: Move| san_line(line.position(i), &[mv]).concat();
            let theirs = Some(san(m.mv)).filter(|s| !s.is_empty());
            return Err(ContinueError::OtherGame(format!(
                "its move {} is {}, the game's {}",
                i + 1,
                theirs.as_deref().unwrap_or(&m.san),
                san(played)
            )));
        }
    }
    let expected = if earlier.moves.is_empty() && earlier.evals.is_empty() {
        0
    } else {
        earlier.moves.len() + 1
    };
    if earlier.evals.len() != expected {
        return Err(ContinueError::Damaged(format!(
            "{} eval points for {} moves",
            earlier.evals.len(),
            earlier.moves.len()
        )));
    }
    if let Some(p) = earlier.evals.iter().enumerate().find(|(i, p)| p.ply != *i) {
        return Err(ContinueError::Damaged(format!(
            "eval point {} is of ply {}",
            p.0, p.1.ply
        )));
    }
    for p in &earlier.evals {
        if !score_in_range(p.white) || !percent(p.white_win) {
            return Err(ContinueError::Damaged(format!(
                "eval point {} is {:?} with a Win% of {}, out of range",
                p.ply, p.white, p.white_win
            )));
        }
    }
    Ok(())
}

/// Whether `score` is one the engine reports: centipawns short of a mate's, or a mate within
/// the search's depth (a tampered `i32::MIN` could not be turned to the other side's view).
fn score_in_range(score: Score) -> bool {
    match score {
        Score::Centipawns(cp) => cp.unsigned_abs() < crate::engine::MATE as u32,
        Score::Mate(n) => n.unsigned_abs() <= crate::engine::MAX_PLY as u32,
    }
}

/// Whether `x` is a percentage (0 to 100; not NaN).
fn percent(x: f64) -> bool {
    (0.0..=100.0).contains(&x)
}

/// That an earlier review's move `m`, of a position with `to_move` to move, has that mover and
/// numbers a review gives: scores the engine reports and Win% and accuracy within 0 to 100.
fn check_numbers(m: &MoveReview, to_move: Side) -> Result<(), ContinueError> {
    let which = m.index + 1;
    if m.mover != to_move {
        return Err(ContinueError::Damaged(format!(
            "move {which} ({}) is {to_move}'s, it says {}'s",
            m.san, m.mover
        )));
    }
    if !score_in_range(m.before) || !score_in_range(m.after) {
        return Err(ContinueError::Damaged(format!(
            "move {which} ({}) is scored {:?} before and {:?} after, out of range",
            m.san, m.before, m.after
        )));
    }
    let numbers = [m.win_before, m.win_after, m.loss, m.accuracy];
    if !numbers.iter().all(|&x| percent(x)) {
        return Err(ContinueError::Damaged(format!(
            "move {which} ({}) has a Win% of {} before and {} after, a loss of {} and an \
             accuracy of {}: each must be within 0 to 100",
            m.san, m.win_before, m.win_after, m.loss, m.accuracy
        )));
    }
    Ok(())
}

/// [`review`] or [`continue_review`] (from `earlier`, already checked), with the counter that
/// hands out segments to the threads given by the caller (so that a test can see it stopped).
#[allow(clippy::too_many_arguments)]
fn review_counting(
    engine: &mut Engine,
    line: &GameLine,
    settings: &ReviewSettings,
    book: &dyn OpeningBook,
    earlier: Option<&GameReview>,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&ReviewProgress<'_>),
    next: &AtomicUsize,
) -> GameReview {
    let total = line.moves().len();
    let mut collected = Collected::new(line, book, total);
    if let Some(earlier) = earlier {
        collected.take_earlier(earlier);
    }
    // The segments from the one that holds the first report still missing: that one is
    // reviewed from its start, and its reports before it dropped. A line without moves is
    // one empty segment: its start position.
    let first = collected.next().saturating_sub(1) / SEGMENT_MOVES * SEGMENT_MOVES;
    let segments: Vec<Range<usize>> = if collected.next() > total {
        Vec::new()
    } else {
        (first..total.max(1))
            .step_by(SEGMENT_MOVES)
            .map(|a| a..(a + SEGMENT_MOVES).min(total))
            .collect()
    };
    let threads = (settings.threads.clamp(1, MAX_THREADS) as usize).min(segments.len());
    if threads <= 1 {
        for segment in segments {
            let finished = review_segment(engine, line, segment, settings, stop, &mut |r| {
                collected.accept(r, on_progress)
            });
            if !finished {
                break;
            }
        }
    } else {
        let work = |engine: &mut Engine, sender: mpsc::Sender<Reviewed>| loop {
            // A worker that panics hands out no more segments: the others finish the ones
            // they hold, and the scope then passes the panic on to the caller.
            let _guard = NoMoreSegmentsOnPanic(next);
            let k = next.fetch_add(1, Ordering::SeqCst);
            let Some(segment) = segments.get(k) else {
                return;
            };
            let finished =
                review_segment(engine, line, segment.clone(), settings, stop, &mut |r| {
                    // The receiver lives until every worker has finished, unless the
                    // listener panicked: the review is then over and the report not needed.
                    let _ = sender.send(r);
                });
            if !finished {
                return;
            }
        };
        let config = engine.config().clone();
        let entries = engine.table_entries();
        let (sender, receiver) = mpsc::channel();
        thread::scope(|scope| {
            // A panic on this thread (the listener's, or a thread that cannot be started)
            // ends the review as a panicking worker does: no segment is started after it,
            // the scope waits for those under way and then passes the panic on.
            let _guard = NoMoreSegmentsOnPanic(next);
            for _ in 1..threads {
                let sender = sender.clone();
                let config = config.clone();
                // Each helper makes its own engine (its table is zeroed on its own thread),
                // on a stack as large as the engine thread's. A helper that cannot be started
                // is done without: the others review its segments.
                let _ = searching_thread().spawn_scoped(scope, move || {
                    if let Some(mut helper) = helper_engine(config, entries) {
                        work(&mut helper, sender);
                    }
                });
            }
            let first = sender;
            searching_thread()
                .spawn_scoped(scope, || work(engine, first))
                .expect("the review's first worker thread could not be started");
            // Segments finish out of order: hold each report until those before it are in.
            let mut held: BTreeMap<usize, Reviewed> = BTreeMap::new();
            for r in receiver {
                if r.order() < collected.next() {
                    continue; // known from the earlier review
                }
                held.insert(r.order(), r);
                while let Some(r) = held.remove(&collected.next()) {
                    collected.accept(r, on_progress);
                }
            }
        });
    }
    collected.finish(line, settings)
}

/// An engine of `config` for a thread beside the caller's, if its table has exactly
/// `entries` entries, as many as the caller's engine: a table cut short by a lack of memory
/// would search differently and break the review's promise to be the same on any number of
/// threads. Without it the thread does no work and the others review its segments.
fn helper_engine(config: EngineConfig, entries: usize) -> Option<Engine> {
    let helper = Engine::new(config);
    (helper.table_entries() == entries).then_some(helper)
}

/// Set on each review worker's stack and on the reporting thread's: if one unwinds from a
/// panic, the segment counter is pushed past every segment, so that no worker starts another
/// and the review ends soon.
struct NoMoreSegmentsOnPanic<'a>(&'a AtomicUsize);

impl Drop for NoMoreSegmentsOnPanic<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.store(usize::MAX / 2, Ordering::SeqCst);
        }
    }
}

/// Reviews the moves `moves` of `line` on `engine` from a cleared table: searches the positions
/// before and after them, judges each move and verifies it when needed, and hands each result
/// to `report` in order. `false` when stopped.
fn review_segment(
    engine: &mut Engine,
    line: &GameLine,
    moves: Range<usize>,
    settings: &ReviewSettings,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Reviewed),
) -> bool {
    fresh(engine);
    let first = moves.start;
    if stop.load(Ordering::SeqCst) {
        return false;
    }
    let Some(mut before) = evaluate(
        engine,
        line.position(first),
        &line.keys_before(first),
        settings,
        stop,
    ) else {
        return false;
    };
    // The first segment's start is the eval graph's first point; a later segment's first
    // position belongs to the segment before it, which judged the move that made it.
    let mut extra_nodes = 0;
    if first == 0 {
        report(Reviewed::Start(before.clone()));
    } else {
        extra_nodes = before.nodes;
    }
    for i in moves {
        // A position over by the rules is scored without a search, so look before each.
        if stop.load(Ordering::SeqCst) {
            return false;
        }
        let Some(after) = evaluate(
            engine,
            line.position(i + 1),
            &line.keys_before(i + 1),
            settings,
            stop,
        ) else {
            return false;
        };
        let Some((review, verify_nodes)) =
            judge_verified(engine, line, i, (&before, &after), settings, stop)
        else {
            return false;
        };
        report(Reviewed::Move {
            review: Box::new(review),
            after: after.clone(),
            nodes: after.nodes + verify_nodes + std::mem::take(&mut extra_nodes),
        });
        before = after;
    }
    !stop.load(Ordering::SeqCst)
}

/// A review's results as they come in, in order: the book decided, progress reported.
struct Collected<'a> {
    line: &'a GameLine,
    book: &'a dyn OpeningBook,
    total: usize,
    /// Each position's score, from the side to move's view.
    evals: Vec<Score>,
    moves: Vec<MoveReview>,
    in_book: bool,
    nodes: u64,
}

impl<'a> Collected<'a> {
    fn new(line: &'a GameLine, book: &'a dyn OpeningBook, total: usize) -> Collected<'a> {
        Collected {
            line,
            book,
            total,
            evals: Vec::with_capacity(total + 1),
            moves: Vec::with_capacity(total),
            in_book: true,
            nodes: 0,
        }
    }

    /// The order ([`Reviewed::order`]) of the report that comes next.
    fn next(&self) -> usize {
        self.evals.len()
    }

    /// Starts from `earlier`'s moves and evaluations (a review of the same line, checked), as
    /// if they had been reported.
    fn take_earlier(&mut self, earlier: &GameReview) {
        self.evals = earlier
            .evals
            .iter()
            .map(|p| white_view(p.white, self.line.position(p.ply).side_to_move()))
            .collect();
        self.moves = earlier.moves.clone();
        self.in_book = self
            .moves
            .last()
            .map_or(true, |m| m.class == MoveClass::Book);
        self.nodes = earlier.nodes;
    }

    /// Takes the next report. A move is book when the position it makes is in the book, every
    /// move before it was book, and it loses no more than a good move may: a named trap line
    /// keeps its loss, and the book ends there.
    fn accept(&mut self, reviewed: Reviewed, on_progress: &mut dyn FnMut(&ReviewProgress<'_>)) {
        if reviewed.order() < self.next() {
            return; // known from the earlier review
        }
        match reviewed {
            Reviewed::Start(eval) => {
                self.nodes = self.nodes.saturating_add(eval.nodes);
                self.evals.push(eval.score);
            }
            Reviewed::Move {
                mut review,
                after,
                nodes,
            } => {
                let i = review.index;
                if self.in_book
                    && review.class <= MoveClass::Good
                    && self.book.contains(self.line.position(i + 1))
                {
                    review.class = MoveClass::Book;
                }
                self.in_book = review.class == MoveClass::Book;
                self.nodes = self.nodes.saturating_add(nodes);
                self.evals.push(after.score);
                self.moves.push(*review);
                on_progress(&ReviewProgress {
                    review: &self.moves[i],
                    done: i + 1,
                    total: self.total,
                });
            }
        }
    }

    fn finish(self, line: &GameLine, settings: &ReviewSettings) -> GameReview {
        summarise(line, self.evals, self.moves, settings, self.nodes)
    }
}

/// A move's verdict from a second, deeper search of the position it was played from (see
/// [`verify`]): the best of the candidates and the played move, each with an exact score
/// from the mover's view.
#[derive(Debug)]
struct Verdict {
    best: Score,
    best_line: Vec<Move>,
    /// The score of the best other candidate, for "only move" (`None` with one candidate).
    second: Option<Score>,
    played: Score,
    played_line: Vec<Move>,
    nodes: u64,
}

/// Judges move `index` from the evaluations of the positions before and after it, and when it
/// seems to lose more than a good move may ([`classify::VERIFY_ABOVE`]) and verification is on,
/// again from its [`Verdict`]. Returns the review and the verification's nodes (0 without
/// one); `None` when stopped during the verification.
pub(super) fn judge_verified(
    engine: &mut Engine,
    line: &GameLine,
    index: usize,
    (before, after): (&PositionEval, &PositionEval),
    settings: &ReviewSettings,
    stop: &AtomicBool,
) -> Option<(MoveReview, u64)> {
    let first = judge(line, index, before, after, None);
    // A position where the mover could claim a draw has no best move to verify against: the
    // move is judged against the draw it gave up.
    if settings.verify_nodes == 0
        || first.checkmate
        || first.loss <= classify::VERIFY_ABOVE
        || before.terminal.is_some()
    {
        return Some((first, 0));
    }
    // `None` from a verification is a stop only when the stop flag says so; otherwise (no
    // iteration had a line for every candidate) the judgement made without it stands.
    let stopped = || stop.load(Ordering::SeqCst);
    let Some(verdict) = verify(engine, line, index, before, settings.verify_nodes, stop) else {
        return if stopped() { None } else { Some((first, 0)) };
    };
    let review = judge(line, index, before, after, Some(&verdict));
    if settings.recheck_nodes == 0 || !classify::RECHECK.contains(&review.loss) {
        return Some((review, verdict.nodes));
    }
    // Near the blunder line a few points of noise decide the class: search again, deeper,
    // from the table the first verification filled.
    let Some(second) = verify(engine, line, index, before, settings.recheck_nodes, stop) else {
        return if stopped() {
            None
        } else {
            Some((review, verdict.nodes))
        };
    };
    let review = MoveReview {
        rechecked: true,
        ..judge(line, index, before, after, Some(&second))
    };
    Some((review, verdict.nodes + second.nodes))
}

/// Searches the position before move `index` again with `nodes` nodes
/// ([`ReviewSettings::verify_nodes`] or [`ReviewSettings::recheck_nodes`]), among the engine's two best moves there and the played move only, as that many lines so
/// that each gets an exact score, and returns the deepest iteration in which all of them were
/// searched. Comparing the played move with the best in one search removes most of the noise
/// of comparing two searches of different positions (docs/review.md measures it). `None` when
/// stopped.
fn verify(
    engine: &mut Engine,
    line: &GameLine,
    index: usize,
    before: &PositionEval,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<Verdict> {
    let played = line.moves()[index];
    let mut candidates = Vec::new();
    for mv in [
        Some(before.best()),
        before.second.map(|(_, m)| m),
        Some(played),
    ]
    .into_iter()
    .flatten()
    {
        if !mv.is_null() && !candidates.contains(&mv) {
            candidates.push(mv);
        }
    }
    let limits = SearchLimits {
        nodes: Some(nodes),
        multi_pv: candidates.len() as u32,
        level: Some(Level::MAX),
        search_moves: candidates.clone(),
        ..SearchLimits::default()
    };
    let mut lines: Vec<(u32, Score, Vec<Move>)> = Vec::new();
    let pos = line.position(index);
    let result = engine.search(pos, &line.keys_before(index), &limits, stop, &mut |info| {
        if !info.pv.is_empty() {
            lines.push((info.depth, info.score, info.pv.clone()));
        }
    });
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    // The deepest iteration with a line for every candidate: an interrupted iteration's
    // unfinished ranks come again from an earlier iteration, with that iteration's depth.
    let complete = |depth: u32| {
        candidates
            .iter()
            .all(|c| lines.iter().any(|(d, _, pv)| *d == depth && pv[0] == *c))
    };
    let depth = lines.iter().map(|l| l.0).filter(|&d| complete(d)).max()?;
    let at_depth: Vec<&(u32, Score, Vec<Move>)> =
        lines.iter().filter(|(d, _, _)| *d == depth).collect();
    // Lines come best first.
    let best = at_depth[0];
    let mine = at_depth.iter().find(|(_, _, pv)| pv[0] == played)?;
    let second = at_depth.iter().find(|(_, _, pv)| pv[0] != best.2[0]);
    Some(Verdict {
        best: best.1,
        best_line: best.2.clone(),
        second: second.map(|l| l.1),
        played: mine.1,
        played_line: mine.2.clone(),
        nodes: result.nodes,
    })
}

/// Judges move `index` from the evaluations of the positions before and after it, or from
/// its [`Verdict`] when it has one.
fn judge(
    line: &GameLine,
    index: usize,
    before: &PositionEval,
    after: &PositionEval,
    verdict: Option<&Verdict>,
) -> MoveReview {
    let pos = line.position(index);
    let mover = pos.side_to_move();
    let mv = line.moves()[index];
    let checkmate = after.terminal == Some(Terminal::Checkmate);
    let (before_score, best_line) = match verdict {
        Some(v) => (v.best, &v.best_line),
        None => (before.score, &before.line),
    };
    let after_score = if checkmate {
        Score::Mate(0)
    } else if let Some(v) = verdict {
        v.played
    } else {
        classify::negate(after.score)
    };
    let win_before = classify::win_percent(before_score);
    let win_after = if checkmate {
        100.0
    } else {
        classify::win_percent(after_score)
    };
    let cp_after = if checkmate {
        classify::CP_CAP
    } else {
        classify::capped_centipawns(after_score)
    };
    let best_move = best_line.first().copied().unwrap_or(Move::NULL);
    let is_best = mv == best_move;
    let (loss, centipawn_loss) = if is_best {
        (0.0, 0)
    } else {
        (
            (win_before - win_after).max(0.0),
            (classify::capped_centipawns(before_score) - cp_after).max(0) as u32,
        )
    };
    // Book moves are told apart afterwards, in order ([`Collected::accept`]).
    let class = if is_best {
        MoveClass::Best
    } else {
        MoveClass::from_loss(loss)
    };
    // The second-best move's score from the same search as the best one: a verification's
    // own when there was one (the first search's second line may be the played move itself).
    let second = match verdict {
        Some(v) => v.second,
        None => before.second.map(|(score, _)| score),
    };
    let only_move = is_best
        && second.is_some_and(|second| {
            win_before - classify::win_percent(second) > classify::ONLY_MOVE_GAP
        });
    let missed_win = win_before >= classify::WINNING
        && win_after < classify::WINNING
        && loss > classify::INACCURACY_MAX;
    let refutation = match verdict {
        _ if class < MoveClass::Mistake => Vec::new(),
        Some(v) => v.played_line[1..].to_vec(),
        None => after.line.clone(),
    };
    let best_line_san = san_line(pos, best_line);
    MoveReview {
        index,
        mover,
        mv,
        san: crate::notation::san::to_san(pos, mv),
        before: before_score,
        after: after_score,
        checkmate,
        win_before,
        win_after,
        loss,
        centipawn_loss,
        accuracy: classify::move_accuracy(loss),
        class,
        only_move,
        missed_win,
        verified: verdict.is_some(),
        rechecked: false,
        best_move,
        best_san: best_line_san.first().cloned().unwrap_or_default(),
        best_line_san,
        best_line: best_line.clone(),
        refutation_san: san_line(line.position(index + 1), &refutation),
        refutation,
    }
}

/// The eval graph and both sides' summaries.
fn summarise(
    line: &GameLine,
    evals: Vec<Score>,
    moves: Vec<MoveReview>,
    settings: &ReviewSettings,
    nodes: u64,
) -> GameReview {
    let points: Vec<EvalPoint> = evals
        .iter()
        .enumerate()
        .map(|(ply, &score)| {
            let side = line.position(ply).side_to_move();
            // A checkmate's score is `Mate(0)` for the side to move, which is mated.
            EvalPoint {
                ply,
                white: white_view(score, side),
                white_win: classify::white_win_percent(score, side),
            }
        })
        .collect();
    let wins: Vec<f64> = points.iter().map(|p| p.white_win).collect();
    let weights = classify::volatility_weights(&wins);
    let summary = |side: Side| {
        let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.mover == side).collect();
        let mut s = SideSummary {
            moves: mine.len() as u32,
            ..SideSummary::default()
        };
        if mine.is_empty() {
            return s;
        }
        let weighted: Vec<(f64, f64)> = mine
            .iter()
            .map(|m| (m.accuracy, weights.get(m.index).copied().unwrap_or(0.5)))
            .collect();
        s.accuracy = classify::game_accuracy(&weighted);
        s.average_centipawn_loss =
            Some(mine.iter().map(|m| m.centipawn_loss as f64).sum::<f64>() / mine.len() as f64);
        for m in &mine {
            s.counts[m.class as usize] += 1;
            s.only_moves += m.only_move as u32;
            s.missed_wins += m.missed_win as u32;
        }
        s
    };
    GameReview {
        white: summary(Side::White),
        black: summary(Side::Black),
        complete: evals.len() == line.moves().len() + 1,
        nodes,
        evals: points,
        moves,
        settings: settings.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uci;

    fn line(depth: u32, multipv: u32, cp: i32, mv: &str) -> Line {
        let pos = Position::startpos();
        Line {
            depth,
            multipv,
            score: Score::Centipawns(cp),
            mv: uci::parse_move(&pos, mv).unwrap(),
        }
    }

    #[test]
    fn the_second_line_is_another_move_than_the_best() {
        let pos = Position::startpos();
        let mv = |s| uci::parse_move(&pos, s).unwrap();
        let complete = [
            line(5, 1, 30, "e2e4"),
            line(5, 2, 20, "d2d4"),
            line(6, 1, 25, "d2d4"),
            line(6, 2, 22, "e2e4"),
        ];
        // A complete last iteration: its second line.
        assert_eq!(
            second_line(&complete, mv("d2d4")),
            Some((Score::Centipawns(22), mv("e2e4")))
        );
        // Stopped after the first line of iteration 7, which found a new best move: the move
        // it overtook, with iteration 6's score (not iteration 6's second line, the best itself).
        let mut stopped = complete.to_vec();
        stopped.push(line(7, 1, 40, "e2e4"));
        assert_eq!(
            second_line(&stopped, mv("e2e4")),
            Some((Score::Centipawns(25), mv("d2d4")))
        );
        // Stopped after a first line with the same best move: iteration 6's second line.
        let mut same = complete.to_vec();
        same.push(line(7, 1, 24, "d2d4"));
        assert_eq!(
            second_line(&same, mv("d2d4")),
            Some((Score::Centipawns(22), mv("e2e4")))
        );
        // One legal move: no second line.
        assert_eq!(second_line(&[line(3, 1, 0, "e2e4")], mv("e2e4")), None);
    }

    #[test]
    fn positions_over_by_the_rules_are_not_searched() {
        let fen = |f: &str| crate::notation::fen::parse(f).unwrap();
        let open = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(terminal(&open, &[]), None);
        // Checkmate and stalemate, whatever came before.
        let mated = fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(terminal(&mated, &[]), Some(Terminal::Checkmate));
        let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(terminal(&stalemate, &[]), Some(Terminal::Draw));
        // No mate possible: king and knight against king.
        let dead = fen("4k3/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(terminal(&dead, &[]), Some(Terminal::Draw));
        // The third occurrence (two before it) is a draw that can be claimed; the second is not.
        let key = open.key();
        assert_eq!(terminal(&open, &[key, 1, 2, 3]), None);
        assert_eq!(
            terminal(&open, &[key, 1, 2, 3, key, 4, 5, 6]),
            Some(Terminal::Draw)
        );
        // Fifty moves by each side: the 100th half-move without a capture or pawn move, not
        // the 99th; a mate on the 100th half-move stays a mate (FIDE 9.3).
        let quiet = |n| fen(&format!("4k3/8/8/8/8/8/4P3/4K3 w - - {n} 80"));
        assert_eq!(terminal(&quiet(99), &[]), None);
        assert_eq!(terminal(&quiet(100), &[]), Some(Terminal::Draw));
        let mated_late = fen("7k/6Q1/6K1/8/8/8/8/8 b - - 100 90");
        assert_eq!(terminal(&mated_late, &[]), Some(Terminal::Checkmate));
    }

    #[test]
    fn a_helper_engine_has_a_table_of_the_callers_size_or_is_not_made() {
        let config = EngineConfig {
            hash_mb: 2,
            ..EngineConfig::default()
        };
        let entries = Engine::new(config.clone()).table_entries();
        let helper = helper_engine(config.clone(), entries).expect("same size");
        assert_eq!(helper.table_entries(), entries);
        // A table of another size (as when memory runs short and it is halved), or a larger
        // one: no helper.
        for hash_mb in [1, 4] {
            let other = EngineConfig {
                hash_mb,
                ..config.clone()
            };
            assert!(helper_engine(other, entries).is_none(), "{hash_mb} MB");
        }
    }

    #[test]
    fn a_listener_that_panics_stops_the_hand_out_of_segments() {
        // A random game of 64 moves: 8 segments on 2 threads. The listener panics at the
        // first report (the start position, searched first in segment 0), when the other
        // thread holds at most segment 1.
        let mut rng = crate::rules::SplitMix64::new(7);
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        while moves.len() < 64 && pos.has_legal_moves() {
            let list = pos.legal_moves();
            let m = list.as_slice()[rng.below(list.len() as u64) as usize];
            pos.make_move(m);
            moves.push(m);
        }
        assert!(moves.len() > 5 * SEGMENT_MOVES, "{} moves", moves.len());
        let line = GameLine::new(Position::startpos(), &moves).unwrap();
        let settings = ReviewSettings {
            threads: 2,
            ..ReviewSettings::with_nodes(2_000)
        };
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new(EngineConfig::default());
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            review_counting(
                &mut engine,
                &line,
                &settings,
                &super::super::NoBook,
                None,
                &stop,
                &mut |_| panic!("the listener fails"),
                &next,
            )
        }));
        assert!(unwound.is_err());
        // Pushed past every segment by the reporting thread's guard (without it the counter
        // would end at 8 segments plus one look per thread).
        assert!(next.load(Ordering::SeqCst) >= usize::MAX / 2);
    }

    #[test]
    fn a_panicking_worker_hands_out_no_more_segments() {
        let next = AtomicUsize::new(3);
        // Dropped normally: the counter is left alone.
        drop(NoMoreSegmentsOnPanic(&next));
        assert_eq!(next.load(Ordering::SeqCst), 3);
        let unwound = thread::scope(|scope| {
            scope
                .spawn(|| {
                    let _guard = NoMoreSegmentsOnPanic(&next);
                    panic!("a worker fails");
                })
                .join()
        });
        assert!(unwound.is_err());
        // Far past any game's segments, and further fetch_adds cannot overflow it.
        assert!(next.load(Ordering::SeqCst) >= usize::MAX / 2);
    }
}
