//! The playing engine: search, evaluation, transposition table, time management and strength
//! levels, behind an [`Engine`] value that owns all its state (no statics), and an
//! [`EngineThread`] that runs it on a worker thread for front ends (UCI, FFI).
//!
//! # Examples
//! ```
//! use chesscore::engine::{Engine, EngineConfig, Score, SearchLimits};
//! use chesscore::notation::{fen, uci};
//! use std::sync::atomic::AtomicBool;
//!
//! let mut engine = Engine::new(EngineConfig::default());
//! // White mates in one with Ra8#.
//! let pos = fen::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&pos, &[], &SearchLimits::depth(4), &stop, &mut |_| {});
//! assert_eq!(uci::to_uci(result.best_move), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```

mod eval;
mod level;
mod limits;
mod ordering;
mod score;
mod search;
mod see;
mod thread;
mod tt;
mod turn;

pub use eval::evaluate;
/// The evaluation's tuning interface (`examples/tune.rs`), behind the `tuning` feature.
#[cfg(feature = "tuning")]
pub use eval::{hand_weights, trace, weights, EvalTrace, PARAM_COUNT, PARAM_LAYOUT};
pub use level::{Level, LevelError, LevelParams};
pub use limits::{SearchLimits, DEFAULT_DEPTH, DEFAULT_MOVE_OVERHEAD};
pub use score::{Score, MATE, MAX_PLY};
pub(crate) use see::see_ge;
pub use thread::{
    running_engine_threads, EngineThread, FinishedCallback, InfoCallback, InfoThrottle, SearchId,
    SearchPanic, SearchStopper,
};
use tt::TranspositionTable;
pub use turn::{
    accepts_draw_offer, claims_draw, engine_turn, EngineTurn, ACCEPT_DRAW_WHEN_LEVEL_CP,
    ACCEPT_DRAW_WHEN_WORSE_CP, ACCEPT_LEVEL_DRAW_FROM_MOVE,
};

use limits::TimeManager;
use ordering::Heuristics;
use score::{INFINITY, MATE_BOUND};
use search::Searcher;

use crate::rules::{mix64, Move, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The search's node count on `chesscore bench`'s positions at its default depth: a signature of
/// the search and the evaluation, which any change of either changes. CI checks it
/// (`scripts/test.sh` reads it from here), so a change that alters the search updates it on
/// purpose; a kept review's key ([`crate::ffi`]'s `reviewKey`) includes it, so reviews kept by an
/// earlier engine are not shown as this one's.
pub const BENCH_SIGNATURE: u64 = 523_603;

/// The largest transposition table an engine accepts, in MB (the UCI option's and the apps'
/// limit).
pub const MAX_HASH_MB: u32 = 1024;

/// The most search threads an engine uses ([`EngineConfig::threads`], the UCI option's limit).
pub const MAX_SEARCH_THREADS: u32 = 64;

/// The stack of a thread that searches (the engine's own thread, the review's helpers): the
/// search recurses up to [`MAX_PLY`] plies, with quiescence below, and a debug build's frames
/// are several times a release build's, so every searching thread gets this much rather than
/// the platform's or Rust's default (2 MiB for a spawned thread, 512 KiB for a secondary thread
/// on iOS). Only the pages used are committed.
pub(crate) const SEARCH_STACK_BYTES: usize = 16 << 20;

/// A table size outside 1 to [`MAX_HASH_MB`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid hash size {value} MB: expected 1 to {MAX_HASH_MB}")]
pub struct HashSizeError {
    /// The size as given.
    pub value: i64,
}

/// A thread count outside 1 to [`MAX_SEARCH_THREADS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid thread count {value}: expected 1 to {MAX_SEARCH_THREADS}")]
pub struct ThreadCountError {
    /// The count as given.
    pub value: i64,
}

/// How an engine plays: strength, memory, randomness, threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// The strength level ([`Level::MAX`] = full strength).
    pub level: Level,
    /// Transposition table size in megabytes, 1 to [`MAX_HASH_MB`] (see
    /// [`EngineConfig::checked_hash_mb`]).
    pub hash_mb: u32,
    /// Seed for the level's evaluation noise and its choice among near-equal moves. Same seed,
    /// same position, same limits (without the clock): same move.
    pub seed: u64,
    /// At weak levels, choose (seeded) among root moves nearly as good as the best. Off: always
    /// the best-scoring move.
    pub variety: bool,
    /// Time kept back from each move for communication and the host's overhead.
    pub move_overhead: Duration,
    /// Threads per search, 1 to [`MAX_SEARCH_THREADS`] (see [`EngineConfig::checked_threads`]):
    /// more than one searches with helper threads (Lazy SMP) sharing the transposition table,
    /// but only where that cannot change a deterministic result: see [`Engine::search`].
    pub threads: u32,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            level: Level::MAX,
            hash_mb: 16,
            seed: 0,
            variety: true,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            threads: 1,
        }
    }
}

impl EngineConfig {
    /// A table size of `mb` megabytes, checked: the one place where table sizes are checked.
    ///
    /// # Errors
    /// [`HashSizeError`] when `mb` is outside 1 to [`MAX_HASH_MB`].
    pub fn checked_hash_mb(mb: impl Into<i64>) -> Result<u32, HashSizeError> {
        let value = mb.into();
        match u32::try_from(value) {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
            _ => Err(HashSizeError { value }),
        }
    }

    /// A thread count of `n`, checked: the one place where thread counts are checked.
    ///
    /// # Errors
    /// [`ThreadCountError`] when `n` is outside 1 to [`MAX_SEARCH_THREADS`].
    pub fn checked_threads(n: impl Into<i64>) -> Result<u32, ThreadCountError> {
        let value = n.into();
        match u32::try_from(value) {
            Ok(n) if (1..=MAX_SEARCH_THREADS).contains(&n) => Ok(n),
            _ => Err(ThreadCountError { value }),
        }
    }

    /// The default configuration at the level that best matches `elo`.
    pub fn with_elo(elo: u32) -> EngineConfig {
        EngineConfig {
            level: Level::from_elo(elo),
            ..EngineConfig::default()
        }
    }
}

/// Progress after one completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score from the side to move's point of view.
    pub score: Score,
    /// Nodes searched so far, by all the search's threads (the helpers' counts lag by at most
    /// about a thousand nodes each).
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill, in permille.
    pub hash_full_permille: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Which line this is (1 = the best) when more than one is searched (MultiPV); lines of
    /// one depth are reported in order, 1 first. An iteration stopped after some of its lines
    /// reports the others from the last iteration that finished them all, with that
    /// iteration's depth and without the moves already reported.
    pub multipv: u32,
}

/// The outcome of one search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always legal when the position has a legal move; [`Move::NULL`] only
    /// when it has none (checkmate or stalemate). At a level that chooses among near-best moves
    /// ([`LevelParams::choice_margin`]) it may be another than the first of [`SearchResult::pv`].
    pub best_move: Move,
    /// The expected reply to `best_move`, if known.
    pub ponder: Option<Move>,
    /// The score of the best line, from the side to move's point of view: the engine's view of
    /// the position, also when its level plays a weaker move than the line's first.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, by all the search's threads.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// `true` when the search was stopped (flag, time or node limit) before its depth limit.
    pub stopped: bool,
    /// The principal variation of the last completed iteration: the best line found, whose
    /// score is [`SearchResult::score`].
    pub pv: Vec<Move>,
}

/// A chess engine: owns its transposition table, move-ordering heuristics and settings. Two
/// engines share nothing.
pub struct Engine {
    config: EngineConfig,
    tt: TranspositionTable,
    heur: Box<Heuristics>,
    /// The level whose searches filled the table (`None`: empty). A search at another level
    /// clears it first: weaker levels store noisy evaluations, and a full-strength search's deep
    /// entries would let a weak level see past its horizon.
    table_level: Option<Level>,
}

impl Engine {
    /// An engine with `config`; allocates its transposition table.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            tt: TranspositionTable::new(config.hash_mb),
            heur: Box::default(),
            config,
            table_level: None,
        }
    }

    /// The entries of the transposition table: those of the configured size, or fewer when
    /// memory was short. Two engines of the same configuration, with as many entries and
    /// cleared tables, give the same search for the same input.
    pub(crate) fn table_entries(&self) -> usize {
        self.tt.len()
    }

    /// The current configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the configuration, resizing the table when the hash size changed.
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.hash_mb != self.config.hash_mb {
            self.tt = TranspositionTable::new(config.hash_mb);
            self.table_level = None;
        }
        self.config = config;
    }

    /// Forgets everything learnt (table, history, killers): for a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heur.clear();
        self.table_level = None;
    }

    /// Searches `root` and returns the move to play.
    ///
    /// `history` holds the Zobrist keys of the game's positions before `root`, oldest first, so
    /// that repetitions count. `stop` is read every few hundred microseconds; when it is set the
    /// search returns the best move of the last completed iteration. `on_info` is called after
    /// every completed iteration.
    ///
    /// # Threads
    /// With [`EngineConfig::threads`] = 1 a search is deterministic: same engine state (a fresh
    /// or cleared engine), same input, same limits without the clock and the stop flag, same
    /// result, nodes included. With more threads, a full-strength search (no evaluation noise,
    /// no choice among near-equal moves) without a node limit (a depth limit, the clock, or
    /// `infinite`) runs `threads - 1` helper threads beside this one (Lazy SMP): each searches
    /// the same root on its own, deepening on its own, sharing the transposition table, until
    /// this thread's search ends. This thread alone reports and decides the result, from its
    /// own iterations (the helpers only fill the table), and still respects the depth limit; but
    /// which entries the helpers stored first varies from run to run, so the best move, score,
    /// principal variation and nodes can differ between two runs. Searches with a node limit,
    /// at levels below full strength, and so reviews, always run on one thread and stay
    /// deterministic. Helper threads that cannot be started are done without.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = limits.requested_at.unwrap_or_else(Instant::now);
        let level = limits.level.unwrap_or(self.config.level);
        let params = level.params();
        if self.table_level.is_some_and(|l| l != level) {
            self.tt.clear();
        }
        self.table_level = Some(level);
        let mut time = TimeManager::new(
            limits,
            root.side_to_move(),
            self.config.move_overhead,
            start,
        );
        let bounds = limits.bounds(&params, time.uses_clock());

        self.tt.new_search();
        self.heur.age();
        let seed = mix64(self.config.seed);
        let choice_margin = if !self.config.variety {
            0
        } else if blunders_here(&params, seed, root.key()) {
            params.blunder_margin
        } else {
            params.choice_margin
        };
        // Helpers only where they cannot make a deterministic search nondeterministic: at full
        // strength (every weaker level has a node cap anyway) without a node limit.
        let full_strength = level == Level::MAX && params.eval_noise == 0 && choice_margin == 0;
        let helpers = if full_strength && bounds.node_limit.is_none() {
            self.config.threads.clamp(1, MAX_SEARCH_THREADS) as usize - 1
        } else {
            0
        };
        // The helpers' own copies, from before the main thread's search changes its history.
        let helper_heuristics: Vec<Box<Heuristics>> =
            (0..helpers).map(|_| self.heur.clone()).collect();
        let mut s = Searcher::new(
            root.clone(),
            history,
            &self.tt,
            &mut self.heur,
            stop,
            bounds.node_limit,
            time.deadline(),
            params.eval_noise,
            seed,
        );
        s.choice_margin = choice_margin;
        s.init_root_moves();
        if s.root_moves
            .iter()
            .any(|r| limits.search_moves.contains(&r.mv))
        {
            s.root_moves.retain(|r| limits.search_moves.contains(&r.mv));
        }

        let mut result = SearchResult {
            best_move: s.root_moves.first().map_or(Move::NULL, |r| r.mv),
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            stopped: false,
            pv: Vec::new(),
        };
        if s.root_moves.is_empty() {
            result.score = if root.is_check() {
                Score::Mate(0)
            } else {
                Score::Centipawns(0)
            };
            return result;
        }

        let helper_nodes = AtomicU64::new(0);
        // With no helper (one thread, a node limit, a weaker level) the scope starts no thread
        // and this is the one-thread search.
        let helper_stop = AtomicBool::new(false);
        let tt = &self.tt;
        // The helpers' root moves (none to collect for none).
        let search_moves: Vec<Move> = match helpers {
            0 => Vec::new(),
            _ => s.root_moves.iter().map(|r| r.mv).collect(),
        };
        let deadline = time.deadline();
        let helper_total: u64 = std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers);
            for (id, heur) in (1..).zip(helper_heuristics) {
                let job = HelperJob {
                    id,
                    root: root.clone(),
                    history,
                    tt,
                    stop: &helper_stop,
                    nodes: &helper_nodes,
                    deadline,
                    max_depth: bounds.max_depth as i32,
                    search_moves: &search_moves,
                };
                // A helper that cannot be started (no memory, a thread limit) is done
                // without: the search is only slower.
                let spawned = std::thread::Builder::new()
                    .name(format!("chesscore-helper-{id}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || job.run(heur));
                handles.extend(spawned.ok());
            }
            {
                // The helpers stop within a thousand nodes once this thread's search ends
                // (also by a panic, say of `on_info`; the scope then joins them).
                let _stop_helpers = SetOnDrop(&helper_stop);
                let nodes = &helper_nodes;
                deepen(
                    &mut s,
                    limits,
                    &bounds,
                    &mut time,
                    start,
                    nodes,
                    &mut result,
                    on_info,
                );
            }
            // A helper's panic is the search's (a bug), as on the main thread.
            let joined = handles.into_iter().map(|h| h.join());
            joined
                .map(|r| r.unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .sum()
        });
        debug_assert_eq!(helper_total, helper_nodes.load(Ordering::Relaxed));
        helper_nodes.store(helper_total, Ordering::Relaxed);

        if choice_margin > 0 && !s.root_moves.is_empty() {
            if let Some(m) = pick_near_best(&s.root_moves, choice_margin, seed ^ root.key()) {
                // Only the move played changes: the score and line stay the best ones found,
                // the engine's view of the position, on which its draw decisions rest (a weak
                // level does not know its move is worse, so it does not take a draw for it).
                if m.mv != result.best_move {
                    result.best_move = m.mv;
                    result.ponder = m.pv.get(1).copied();
                }
            }
        }
        if result.best_move.is_null() || !root.is_legal(result.best_move) {
            result.best_move = root.legal_moves()[0];
            result.pv = vec![result.best_move];
            result.ponder = None;
        }
        result.nodes = s.nodes + helper_nodes.load(Ordering::Relaxed);
        result.time = start.elapsed();
        result
    }
}

/// Iterative deepening on the main thread (the only one when there are no helpers): reports
/// each iteration through `on_info` and keeps the result up to date in `result`.
#[allow(clippy::too_many_arguments)]
fn deepen(
    s: &mut Searcher<'_>,
    limits: &SearchLimits,
    bounds: &limits::SearchBounds,
    time: &mut TimeManager,
    start: Instant,
    helper_nodes: &AtomicU64,
    result: &mut SearchResult,
    on_info: &mut dyn FnMut(&SearchInfo),
) {
    let choice_margin = s.choice_margin;
    // MultiPV: line k (0-based) is the best of the root moves from index k on, searched
    // after lines 0..k of the same iteration; each keeps its own aspiration window.
    let lines = (limits.multi_pv.max(1) as usize).min(s.root_moves.len());
    let mut line_scores = vec![0i32; lines];
    // The lines of the last iteration that finished them all, with its depth: an
    // iteration stopped after some of its lines reports the others from there.
    let mut finished: (u32, Vec<(i32, Vec<Move>)>) = (0, Vec::new());
    for depth in 1..=bounds.max_depth as i32 {
        // The first iteration always completes, whatever the node limit, so there is a
        // searched move and score even when stopped at once.
        s.abortable = depth > 1;
        s.seldepth = 0;
        let mut done = 0;
        for (line, line_score) in line_scores.iter_mut().enumerate() {
            s.pv_start = line;
            let aspiration = depth >= ASPIRATION_DEPTH && choice_margin == 0;
            let value = aspiration_search(s, depth, *line_score, aspiration);
            if s.aborted {
                break;
            }
            *line_score = value;
            done = line + 1;
        }
        if done > 1 {
            // Later lines can come out better than earlier ones (their windows differ):
            // show them, and play the first, in score order.
            s.root_moves[..done].sort_by_key(|r| std::cmp::Reverse(r.score));
            for (score, rm) in line_scores.iter_mut().zip(&s.root_moves[..done]) {
                *score = rm.score;
            }
        }
        if done > 0 {
            let best = &s.root_moves[0];
            result.best_move = best.mv;
            result.pv = best.pv.clone();
            result.ponder = best.pv.get(1).copied();
            result.score = Score::from_internal(best.score);
            result.depth = depth as u32;
            let elapsed = start.elapsed();
            let nodes = s.nodes + helper_nodes.load(Ordering::Relaxed);
            // An unfinished iteration's last ranks: the finished iteration's lines of other
            // moves (its second line can be this iteration's new best move), so that the
            // latest line of each rank never names a move twice.
            let shown: Vec<Move> = s.root_moves[..done].iter().map(|r| r.mv).collect();
            let earlier = finished
                .1
                .iter()
                .filter(|(_, pv)| !shown.contains(&pv[0]))
                .take(lines - done)
                .map(|(score, pv)| (finished.0, *score, pv));
            let lines_now = s.root_moves[..done]
                .iter()
                .map(|r| (depth as u32, r.score, &r.pv));
            for (line, (line_depth, score, pv)) in lines_now.chain(earlier).enumerate() {
                on_info(&SearchInfo {
                    depth: line_depth,
                    seldepth: s.seldepth as u32,
                    score: Score::from_internal(score),
                    nodes,
                    nps: nps(nodes, elapsed),
                    time: elapsed,
                    hash_full_permille: s.tt.full_permille(),
                    pv: pv.clone(),
                    multipv: line as u32 + 1,
                });
            }
            if done == lines {
                let all = s.root_moves[..done].iter();
                finished = (depth as u32, all.map(|r| (r.score, r.pv.clone())).collect());
            }
        }
        s.pv_start = 0;
        if s.aborted {
            result.stopped = true;
            break;
        }
        let best = &s.root_moves[0];
        if limits.infinite {
            continue;
        }
        // A proven mate will not get shorter by searching deeper than twice its length. With
        // several lines (MultiPV) every line must be one: the others still need the depth.
        let proven =
            |score: i32| score.abs() >= MATE_BOUND && depth >= 2 * (MATE - score.abs()) + 2;
        if s.root_moves[..lines].iter().all(|r| proven(r.score)) {
            break;
        }
        // `go mate N`: a mate in N moves or fewer for the side to move ends the search.
        if let (Some(n), Score::Mate(m)) = (limits.mate, Score::from_internal(best.score)) {
            if m > 0 && m.unsigned_abs() <= n {
                break;
            }
        }
        if time.stop_after_iteration(depth as u32, best.mv, s.root_moves.len(), start.elapsed()) {
            break;
        }
    }
}

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A helper thread's share of a search with threads (Lazy SMP).
struct HelperJob<'a> {
    /// 1 for the first helper, and so on.
    id: usize,
    root: Position,
    history: &'a [u64],
    tt: &'a TranspositionTable,
    /// Set when the main thread's search has ended.
    stop: &'a AtomicBool,
    /// All helpers' nodes.
    nodes: &'a AtomicU64,
    deadline: Option<Instant>,
    max_depth: i32,
    /// The main thread's root moves: the helpers search the same ones.
    search_moves: &'a [Move],
}

impl HelperJob<'_> {
    /// Deepens on its own, one line, full strength, until stopped or at the depth limit; its
    /// only output is what it stores in the table, and its nodes. Odd helpers start one ply
    /// deeper than the others, so that the threads are less often at the same depth. Returns
    /// its nodes, all of them added to [`HelperJob::nodes`] by then.
    fn run(self, mut heur: Box<Heuristics>) -> u64 {
        let mut s = Searcher::new(
            self.root,
            self.history,
            self.tt,
            &mut heur,
            self.stop,
            None,
            self.deadline,
            0,
            0,
        );
        s.count_nodes_into(self.nodes);
        s.abortable = true;
        s.init_root_moves();
        s.root_moves.retain(|r| self.search_moves.contains(&r.mv));
        if s.root_moves.is_empty() {
            return 0;
        }
        let mut score = 0;
        for depth in (1 + (self.id % 2) as i32)..=self.max_depth {
            s.seldepth = 0;
            let value = aspiration_search(&mut s, depth, score, depth >= ASPIRATION_DEPTH);
            if s.aborted {
                break;
            }
            score = value;
        }
        s.publish_nodes();
        s.nodes
    }
}

const ASPIRATION_DEPTH: i32 = 5;
const ASPIRATION_WINDOW: i32 = 18;

/// One root iteration around `guess` (the previous iteration's score for this line): a narrow
/// window widened on each fail until the score falls inside, or a full window when `aspiration`
/// is off or the guess is a mate score.
fn aspiration_search(s: &mut Searcher<'_>, depth: i32, guess: i32, aspiration: bool) -> i32 {
    if !aspiration || guess.abs() >= MATE_BOUND {
        return s.search_root(depth, -INFINITY, INFINITY);
    }
    let mut delta = ASPIRATION_WINDOW;
    let mut alpha = (guess - delta).max(-INFINITY);
    let mut beta = (guess + delta).min(INFINITY);
    loop {
        let value = s.search_root(depth, alpha, beta);
        if s.aborted {
            return value;
        }
        if value <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (value - delta).max(-INFINITY);
        } else if value >= beta {
            beta = (value + delta).min(INFINITY);
        } else {
            return value;
        }
        delta += delta / 2 + 10;
        if delta > 1_000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let us = elapsed.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / us
}

/// `true` when a level that sometimes blunders ([`LevelParams::blunder_percent`]) does so in the
/// position of `key`: a seeded choice, the same every time the same position is played with the
/// same seed.
fn blunders_here(params: &LevelParams, seed: u64, key: u64) -> bool {
    params.blunder_percent > 0
        && mix64(seed ^ key ^ 0x6b6c_756e_6465_7221) % 100 < u64::from(params.blunder_percent)
}

/// A seeded choice among the root moves whose exact score is within `margin` of the best, with
/// better moves more likely.
fn pick_near_best(moves: &[search::RootMove], margin: i32, seed: u64) -> Option<&search::RootMove> {
    let best = moves.first()?;
    if best.score.abs() >= MATE_BOUND {
        return Some(best);
    }
    let candidates: Vec<(&search::RootMove, u64)> = moves
        .iter()
        .filter(|m| m.exact || std::ptr::eq(*m, best))
        .filter(|m| m.score >= best.score - margin)
        .map(|m| (m, (margin - (best.score - m.score) + 1).max(1) as u64))
        .collect();
    let total: u64 = candidates.iter().map(|c| c.1).sum();
    if total == 0 {
        return Some(best);
    }
    let mut r = mix64(seed) % total;
    for (m, w) in candidates {
        if r < w {
            return Some(m);
        }
        r -= w;
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, uci};

    #[test]
    fn a_search_at_another_level_starts_from_an_empty_table() {
        // Weaker levels store noisy evaluations, and a full-strength search's deep entries
        // would let a weak level see past its horizon: the table is cleared between them.
        let pos = fen::parse("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8")
            .unwrap();
        let stop = AtomicBool::new(false);
        let mut e = Engine::new(EngineConfig {
            level: Level::new(3),
            hash_mb: 1,
            ..EngineConfig::default()
        });
        let tiny = |level: Option<Level>| SearchLimits {
            nodes: Some(1),
            level,
            ..SearchLimits::default()
        };
        e.search(&pos, &[], &SearchLimits::default(), &stop, &mut |_| {});
        let filled = e.tt.used_entries();
        assert!(filled > 100, "{filled}");
        // Same level: the table is kept.
        e.search(&pos, &[], &tiny(None), &stop, &mut |_| {});
        assert!(e.tt.used_entries() >= filled);
        // Another level: cleared first.
        e.search(&pos, &[], &tiny(Some(Level::MAX)), &stop, &mut |_| {});
        assert!(e.tt.used_entries() < 10, "{}", e.tt.used_entries());
        // Back to the engine's own level: cleared again after the full-strength search.
        e.search(
            &pos,
            &[],
            &SearchLimits::depth(4).with_level(Level::MAX),
            &stop,
            &mut |_| {},
        );
        assert!(e.tt.used_entries() > 100);
        e.search(&pos, &[], &tiny(None), &stop, &mut |_| {});
        assert!(e.tt.used_entries() < 10, "{}", e.tt.used_entries());
    }

    #[test]
    fn only_the_newcomer_level_sometimes_leaves_a_piece_it_could_take() {
        // Black's d5 knight hangs to exd5 or Nxd5. Level 2 takes it whatever its seed; level 1,
        // on the share of positions where it blunders, may play on as if it had not seen it.
        let pos = fen::parse("r1bqkb1r/pppp1ppp/2n5/3np3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 5")
            .unwrap();
        let stop = AtomicBool::new(false);
        let missed = |level: u8| {
            (0..60u64)
                .filter(|&seed| {
                    let mut e = Engine::new(EngineConfig {
                        level: Level::new(level),
                        hash_mb: 1,
                        seed,
                        ..EngineConfig::default()
                    });
                    let r = e.search(&pos, &[], &SearchLimits::default(), &stop, &mut |_| {});
                    !matches!(uci::to_uci(r.best_move).as_str(), "e4d5" | "c3d5")
                })
                .count()
        };
        let newcomer = missed(1);
        assert!(
            (3..=30).contains(&newcomer),
            "level 1 missed it {newcomer} times in 60"
        );
        assert_eq!(missed(2), 0, "level 2 never misses a hanging piece");
        // The share of positions where level 1 blunders is its table's (30 %).
        let params = Level::MIN.params();
        let seed = mix64(0);
        let share = (0..10_000u64)
            .filter(|&k| blunders_here(&params, seed, mix64(k)))
            .count();
        assert!((2_700..=3_300).contains(&share), "{share}");
        assert!(!(0..1_000u64).any(|k| blunders_here(&Level::new(2).params(), seed, k)));
    }

    #[test]
    fn hash_sizes_are_checked_against_one_limit() {
        assert_eq!(EngineConfig::checked_hash_mb(1), Ok(1));
        assert_eq!(EngineConfig::checked_hash_mb(MAX_HASH_MB), Ok(1024));
        for bad in [0i64, -5, 1025, 1 << 40] {
            assert_eq!(
                EngineConfig::checked_hash_mb(bad).unwrap_err().to_string(),
                format!("invalid hash size {bad} MB: expected 1 to 1024")
            );
        }
    }

    #[test]
    fn a_helper_counts_all_its_nodes_into_the_shared_count() {
        let pos = fen::parse("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8")
            .unwrap();
        // Helper `id` to depth 7 with the stop flag as given: its own count and what reached
        // the shared one (which starts at `base`, as if other helpers had counted before).
        let run = |id: usize, stopped: bool, base: u64| {
            let tt = TranspositionTable::new(1);
            let (stop, nodes) = (AtomicBool::new(stopped), AtomicU64::new(base));
            let moves = pos.legal_moves().to_vec();
            let job = HelperJob {
                id,
                root: pos.clone(),
                history: &[],
                tt: &tt,
                stop: &stop,
                nodes: &nodes,
                deadline: None,
                max_depth: 7,
                search_moves: &moves,
            };
            let own = job.run(Box::default());
            (own, nodes.load(Ordering::Relaxed) - base)
        };
        for id in [1, 2] {
            let (own, counted) = run(id, false, 5);
            assert!(own > 1_000, "{own}");
            assert_eq!(own, counted, "helper {id}");
        }
        // A stopped helper still counts what it searched.
        let (own, counted) = run(1, true, 0);
        assert_eq!(own, counted);
    }

    #[test]
    fn finds_mate_in_one() {
        let mut e = Engine::new(EngineConfig::default());
        let pos = fen::parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let stop = AtomicBool::new(false);
        let r = e.search(&pos, &[], &SearchLimits::depth(5), &stop, &mut |_| {});
        assert_eq!(uci::to_uci(r.best_move), "a1a8");
        assert_eq!(r.score, Score::Mate(1));
    }
}
