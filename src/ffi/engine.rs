//! `ChessEngine`, `SearchHandle` and the `SearchListener` the apps implement.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::{
    self, EngineThread, InfoThrottle, Level, SearchId, SearchPanic, SearchStopper,
};
use crate::notation::{fen, san, uci};
use crate::review::classify;
use crate::rules::{Move, Position};

use super::game::ChessGame;
use super::types::{legal_move, LegalMove};
use super::{ChessError, LiveObject};

/// How strong the engine plays and how much memory it uses.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineConfig {
    /// Strength level, 1 (beginner) to 10 (full strength); see `engineLevels()`.
    #[uniffi(default = 10)]
    pub level: u32,
    /// A target Elo instead of a level (the strongest level at or below it); overrides `level`,
    /// which is then not read (`config()` then reports the level chosen in `level`).
    #[uniffi(default = None)]
    pub elo: Option<u32>,
    /// Transposition table size in MB (1 to 1024, the core's `MAX_HASH_MB`); 16 suits a phone.
    /// The table is made on the engine's thread (the call returns at once), and the search
    /// queued after a new size waits for it, on the clock: about 2 ms a MB on a 2-core VM
    /// (1 GB: 2.3 s), so set a large size before the game, not on the clock.
    #[uniffi(default = 16)]
    pub hash_mb: u32,
    /// Seed for the weaker levels' choices: the same seed gives the same games (from a new
    /// engine or `newGame`, with node-limited searches).
    #[uniffi(default = 0)]
    pub seed: u64,
    /// When `true`, weaker levels vary their choice among near-equal moves (seeded).
    #[uniffi(default = true)]
    pub variety: bool,
    /// Threads per search, 1 to 64 (`maxSearchThreads()`). With more than one, a full-strength
    /// search without a node budget (analysis: `think` with a time, a depth or no limit; play at
    /// full strength on a clock) runs that many threads sharing the table (Lazy SMP): deeper in
    /// the same time on a phone's cores, but no longer the same result twice. Searches with a
    /// node budget, the weaker levels, reviews and the coach always use one thread and stay
    /// deterministic. `recommendedSearchThreads()` is the device's cores but one, at most 4.
    #[uniffi(default = 1)]
    pub threads: u32,
}

impl EngineConfig {
    /// This configuration as `config()` reports it: with an Elo, `level` is the level chosen.
    fn as_applied(&self, core: &engine::EngineConfig) -> EngineConfig {
        EngineConfig {
            level: core.level.number() as u32,
            ..self.clone()
        }
    }

    fn to_core(&self) -> Result<engine::EngineConfig, ChessError> {
        // An Elo overrides the level, which is then not read (nor refused).
        let level = match self.elo {
            Some(elo) => Level::from_elo(elo),
            None => Level::from_number(self.level)?,
        };
        Ok(engine::EngineConfig {
            level,
            hash_mb: engine::EngineConfig::checked_hash_mb(self.hash_mb)?,
            seed: self.seed,
            variety: self.variety,
            threads: engine::EngineConfig::checked_threads(self.threads)?,
            ..engine::EngineConfig::default()
        })
    }
}

/// The most threads a search takes (`EngineConfig.threads`).
#[uniffi::export]
pub fn max_search_threads() -> u32 {
    engine::MAX_SEARCH_THREADS
}

/// The threads an analysis board's engine should search with on this device: its cores but
/// one (left to the user interface), from 1 to 4 (more cost battery for little). For
/// `EngineConfig.threads`.
#[uniffi::export]
pub fn recommended_search_threads() -> u32 {
    crate::review::default_threads()
}

/// A strength level as the apps list it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineLevel {
    /// The level number for `EngineConfig.level`.
    pub level: u32,
    /// A name a player understands, e.g. "Club player".
    pub name: String,
    /// The approximate Elo of the level (measured against Stockfish's limited-strength levels).
    pub elo: u32,
}

/// Every strength level, weakest first.
#[uniffi::export]
pub fn engine_levels() -> Vec<EngineLevel> {
    Level::all()
        .map(|l| EngineLevel {
            level: l.number() as u32,
            name: l.name().to_string(),
            elo: l.elo(),
        })
        .collect()
}

/// When the search stops. Unset fields mean no such limit; with none set the engine uses its
/// level's own limits (full strength: a few seconds at most).
#[derive(Debug, Clone, Default, PartialEq, Eq, uniffi::Record)]
pub struct SearchLimits {
    /// Stop after this many plies.
    #[uniffi(default = None)]
    pub depth: Option<u32>,
    /// Think for this long, in milliseconds.
    #[uniffi(default = None)]
    pub move_time_ms: Option<u64>,
    /// Stop after this many nodes (with a fixed seed, deterministic from a new engine or after
    /// `newGame`: each search learns from those before it); the first depth finishes
    /// however small the limit (a few dozen to about 1,500 nodes in ordinary positions; at
    /// most 20,000).
    #[uniffi(default = None)]
    pub nodes: Option<u64>,
    /// White's remaining clock time, in milliseconds.
    #[uniffi(default = None)]
    pub white_time_ms: Option<u64>,
    /// Black's remaining clock time, in milliseconds.
    #[uniffi(default = None)]
    pub black_time_ms: Option<u64>,
    /// White's increment per move, in milliseconds.
    #[uniffi(default = 0)]
    pub white_increment_ms: u64,
    /// Black's increment per move, in milliseconds.
    #[uniffi(default = 0)]
    pub black_increment_ms: u64,
    /// Moves until the next time control, if the clock has one (`null`/`nil` or 0: sudden
    /// death).
    #[uniffi(default = None)]
    pub moves_to_go: Option<u32>,
    /// Search until `stop()` (an analysis mode), whatever the level.
    #[uniffi(default = false)]
    pub infinite: bool,
    /// How many best lines to report per depth (MultiPV, for analysis): `onInfo` then comes
    /// once per line, `multipv` 1 first. At full strength the best move is line 1's (weaker
    /// levels may choose a near-best line, and the lines share their node budget). 0 counts as
    /// 1; more lines than legal moves gives one line per legal move. A search stopped within a
    /// depth reports the lines that depth did not finish from the last depth that did (with
    /// that depth), so the latest line of each number never repeats another's move.
    #[uniffi(default = 1)]
    pub multi_pv: u32,
    /// Search at this level (1 to 10) instead of the engine's, for this search only: e.g. a
    /// hint at full strength from an engine that plays the user at level 3. `null`/`nil`: the
    /// engine's level.
    #[uniffi(default = None)]
    pub level: Option<u32>,
    /// Search only these moves (UCI `go searchmoves`), in SAN or UCI as `playSan` reads them:
    /// e.g. the move a player is considering, to see its evaluation and line. Empty (the
    /// default): every legal move.
    #[uniffi(default = [])]
    pub search_moves: Vec<String>,
    /// Stop as soon as a mate in this many moves or fewer is proven for the side to move (UCI
    /// `go mate N`), e.g. to check a mate-in-N exercise; the other limits still apply, and
    /// without them the level's usual depth bounds the search when there is no such mate. Not
    /// with `infinite`, which searches until `stop()` whatever it finds.
    /// `null`/`nil`: no such stop.
    #[uniffi(default = None)]
    pub mate: Option<u32>,
}

impl SearchLimits {
    /// The core's limits for a search of `root`.
    ///
    /// # Errors
    /// `InvalidRequest` for a level out of range, a mate in 0 moves; `IllegalMove` or
    /// `InvalidNotation` for a search move that is not a legal move of `root` (the message
    /// names it).
    fn to_core(&self, root: &Position) -> Result<engine::SearchLimits, ChessError> {
        let level = self.level.map(Level::from_number).transpose()?;
        let search_moves = self
            .search_moves
            .iter()
            .map(|text| {
                san::parse_san(root, text)
                    .map_err(|e| super::error::san_error(&e, format!("search move: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if self.mate == Some(0) {
            return Err(ChessError::InvalidRequest(
                "mate must be at least 1 move (a position that is mate has no move to search)"
                    .into(),
            ));
        }
        Ok(engine::SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: self.move_time_ms.map(Duration::from_millis),
            white_time: self.white_time_ms.map(Duration::from_millis),
            black_time: self.black_time_ms.map(Duration::from_millis),
            white_increment: Duration::from_millis(self.white_increment_ms),
            black_increment: Duration::from_millis(self.black_increment_ms),
            moves_to_go: self.moves_to_go,
            infinite: self.infinite,
            multi_pv: self.multi_pv,
            level,
            search_moves,
            mate: self.mate,
            // Set when the engine thread queues the search.
            requested_at: None,
        })
    }
}

/// An evaluation from one side's point of view: the side to move's, unless a field says
/// White's (`scoreWhite`, the review's `EvalPoint.white`, `MoveReview.beforeWhite`).
/// chesscore's centipawns are its own, not on Stockfish's or lichess's scale: for a win chance
/// (an eval bar) use `winPercent` or a search's `whiteWin`, not a formula of the centipawns.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum, serde::Serialize, serde::Deserialize,
)]
pub enum Score {
    /// An advantage in hundredths of a pawn (positive: the side to move is better).
    Centipawns {
        /// The value; 100 is about a pawn.
        value: i32,
    },
    /// A forced mate in `moves` moves (positive: the side to move mates; negative: is mated).
    Mate {
        /// Moves (not plies) to mate.
        moves: i32,
    },
}

impl From<engine::Score> for Score {
    fn from(s: engine::Score) -> Score {
        match s {
            engine::Score::Centipawns(value) => Score::Centipawns { value },
            engine::Score::Mate(moves) => Score::Mate { moves },
        }
    }
}

impl From<Score> for engine::Score {
    fn from(s: Score) -> engine::Score {
        match s {
            Score::Centipawns { value } => engine::Score::Centipawns(value),
            Score::Mate { moves } => engine::Score::Mate(moves),
        }
    }
}

/// The win chance, 0 to 100, of the side whose point of view `score` is from: pass a White's
/// view score (`SearchInfo.scoreWhite`, `EvalPoint.white`) for White's chance, the side to
/// move's `score` for the mover's. 50 is even; a mate for that side is 100, against it 0
/// (`Mate(0)`, checkmated, is 0). A score and the same score from the other side's view (the
/// centipawns or the moves negated) give chances that add up to 100, `Mate(0)` apart.
///
/// It is the review's formula (`EvalPoint.whiteWin`, `MoveReview.winBefore`): lichess's
/// logistic `50 + 50 · (2 / (1 + exp(−0.00368208 · cp)) − 1)` of chesscore's centipawns first
/// mapped onto the logistic's (Stockfish's) scale — × 1.3 up to ±350, × 0.4 beyond, clamped to
/// ±1000 — as docs/review.md describes under "Formulas and their sources" and "Calibration".
/// Use it (or a search's `whiteWin`) rather than lichess's formula on the raw centipawns, which
/// would disagree with the review's graph.
///
/// A White's view `Mate(0)` (the review's `EvalPoint.white` where the position is checkmate)
/// does not say who is mated: read that point's `whiteWin`, which does.
#[uniffi::export]
pub fn win_percent(score: Score) -> f64 {
    classify::win_percent(score.into())
}

/// Progress of a search, after a completed depth.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SearchInfo {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The evaluation from the side to move's point of view.
    pub score: Score,
    /// The same evaluation from White's point of view (positive: White is better or mates), as
    /// a board UI shows it.
    pub score_white: Score,
    /// White's win chance, 0 to 100, for this line: the value of an eval bar. The review's
    /// formula (`winPercent` of `scoreWhite`, so it agrees with `EvalPoint.whiteWin`; see
    /// docs/review.md, "Formulas and their sources"): 50 is even, 100 when White mates, 0 when
    /// Black does.
    pub white_win: f64,
    /// Positions searched so far.
    pub nodes: u64,
    /// Positions per second.
    pub nps: u64,
    /// Time since the search started, in milliseconds.
    pub time_ms: u64,
    /// How full the transposition table is, in permille.
    pub hash_full_permille: u32,
    /// The principal variation in SAN, e.g. `["Nf3", "Nc6", "Bb5"]`.
    pub pv_san: Vec<String>,
    /// The principal variation in UCI notation.
    pub pv_uci: Vec<String>,
    /// The key of the searched position (compare with `GameSnapshot.positionKey`).
    pub position_key: u64,
    /// Which line this is, 1 being the best (more than one only with `SearchLimits.multiPv`).
    #[uniffi(default = 1)]
    pub multipv: u32,
}

/// The final result of a search. Exactly one per search, also when it was stopped or superseded.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SearchResult {
    /// The move to play: always legal in the searched position. Below full strength it may be
    /// another than the first of `pvSan` (the level's deliberate choice of a weaker move).
    pub best_move: LegalMove,
    /// The reply the engine expects to `bestMove`, if it has one.
    pub ponder_move: Option<String>,
    /// The evaluation from the side to move's point of view: the best line's, also when the
    /// level plays a weaker move (what `ChessGame.playEngineResult` decides draws on).
    pub score: Score,
    /// The same evaluation from White's point of view (positive: White is better or mates).
    pub score_white: Score,
    /// White's win chance, 0 to 100, as in `SearchInfo.whiteWin` (`winPercent` of
    /// `scoreWhite`: 100 when White mates, 0 when Black does).
    pub white_win: f64,
    /// The last completed depth.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub time_ms: u64,
    /// `true` when the search was stopped (by `stop()`, a dropped handle or a newer search)
    /// before reaching its limits.
    pub stopped: bool,
    /// The principal variation in SAN: the best line found, whose evaluation is `score`.
    pub pv_san: Vec<String>,
    /// The principal variation in UCI notation (the same best line as `pvSan`).
    pub pv_uci: Vec<String>,
    /// The key of the searched position: ignore the result when the game has moved on.
    pub position_key: u64,
    /// The FEN of the searched position.
    pub position_fen: String,
    /// `null`/`nil` normally. The message when the search failed (a bug in chesscore, caught:
    /// please report it): `bestMove` is then only the first legal move, not a searched one,
    /// and `stopped` is set. The search still ends with exactly this one result (the Kotlin
    /// and Swift wrappers' suspend/async searches throw the `Internal` error with it).
    #[uniffi(default = None)]
    pub error: Option<String>,
}

/// Receives a search's progress. Implemented in Kotlin or Swift; both methods run on the
/// engine's thread, so hop to the main thread before touching UI state.
///
/// Whatever a method throws (in Kotlin, any exception or error) is not lost: the listener gets
/// no more `onInfo` calls in that search but still its `onFinished`, and the engine's next
/// `think`, `thinkFen`, `review` or `coach` call fails with `ChessError.Internal` carrying what
/// was thrown (the same for a `ReviewListener`). (Swift's methods cannot throw.)
///
/// The engine holds the listener until the search's `onFinished` has returned. A listener that
/// holds its owner strongly (a Swift closure capturing `self`, a Kotlin inner class of a
/// screen's object) keeps that owner alive as long as the search runs, and an infinite search
/// runs until stopped: stop it (`SearchHandle.stop`, or close the handle) when the owner goes
/// away, or capture the owner weakly (`[weak self]`).
#[uniffi::export(foreign)]
pub trait SearchListener: Send + Sync {
    /// After a completed depth: the first at once, then at most every ~100 ms (the last one
    /// held back arrives before `onFinished`).
    fn on_info(&self, info: SearchInfo);
    /// Exactly once per search, when it ends for any reason.
    fn on_finished(&self, result: SearchResult);
}

/// A line of moves from `root` in SAN and in UCI notation (as far as its moves are legal).
fn line_strings(root: &Position, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let sans = san::to_san_line(root, line);
    let ucis = line[..sans.len()]
        .iter()
        .map(|&m| uci::to_uci_in(m, root.castling_mode()))
        .collect();
    (sans, ucis)
}

fn convert_info(root: &Position, info: &engine::SearchInfo) -> SearchInfo {
    let (pv_san, pv_uci) = line_strings(root, &info.pv);
    SearchInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.into(),
        score_white: info.score.for_white(root.side_to_move()).into(),
        white_win: classify::white_win_percent(info.score, root.side_to_move()),
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time.as_millis() as u64,
        hash_full_permille: info.hash_full_permille,
        pv_san,
        pv_uci,
        position_key: root.key(),
        multipv: info.multipv,
    }
}

fn convert_result(
    root: &Position,
    outcome: Result<engine::SearchResult, SearchPanic>,
) -> SearchResult {
    let (result, error) = match outcome {
        Ok(result) => (result, None),
        Err(failure) => {
            let message = failure.to_string();
            (failure.fallback, Some(message))
        }
    };
    let (pv_san, pv_uci) = line_strings(root, &result.pv);
    SearchResult {
        best_move: legal_move(root, result.best_move),
        ponder_move: result
            .ponder
            .map(|m| uci::to_uci_in(m, root.castling_mode())),
        score: result.score.into(),
        score_white: result.score.for_white(root.side_to_move()).into(),
        white_win: classify::white_win_percent(result.score, root.side_to_move()),
        depth: result.depth,
        nodes: result.nodes,
        time_ms: result.time.as_millis() as u64,
        stopped: result.stopped,
        pv_san,
        pv_uci,
        position_key: root.key(),
        position_fen: fen::to_fen(root),
        error,
    }
}

/// A chess engine with its own thread and transposition table. Searches never block the
/// caller: `think` returns at once and reports through a [`SearchListener`].
///
/// A new search while one runs supersedes it (the old one still gets its `onFinished`, marked
/// stopped). Engines are independent: several may search at once.
#[derive(uniffi::Object)]
pub struct ChessEngine {
    thread: Arc<EngineThread>,
    config: Mutex<EngineConfig>,
    _live: LiveObject,
}

/// A running (or finished) search, review or coach job. `stop()` ends it within a few
/// milliseconds; so does dropping (closing) the handle, so keep it while the work should go on.
#[derive(uniffi::Object)]
pub struct SearchHandle {
    /// Not the engine's thread itself: a handle kept after its engine was closed must not keep
    /// the worker and its table alive.
    stopper: SearchStopper,
    finished: Arc<AtomicBool>,
    _live: LiveObject,
}

#[uniffi::export]
impl SearchHandle {
    /// Stops this search or job (not a newer one); its result still arrives through its
    /// listener (a review keeps the moves reviewed so far).
    pub fn stop(&self) {
        self.stopper.stop();
    }

    /// `true` once the final callback (`onFinished`, `onCoaching`) has been called.
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::SeqCst)
    }
}

impl SearchHandle {
    /// The handle of search or job `id` on `thread`; `finished` is set by its final callback.
    pub(crate) fn new(
        thread: &EngineThread,
        id: SearchId,
        finished: Arc<AtomicBool>,
    ) -> SearchHandle {
        SearchHandle {
            stopper: thread.stopper(id),
            finished,
            _live: LiveObject::new(),
        }
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.stopper.stop();
    }
}

/// The root position and the keys before it, copied from a game so that the game may change
/// while the engine thinks.
fn search_root(game: &ChessGame) -> Result<(Position, Vec<u64>), ChessError> {
    let game = game.lock();
    if let Some(outcome) = game.outcome() {
        return Err(ChessError::GameOver(format!(
            "the game is over ({outcome}): there is nothing to search"
        )));
    }
    Ok((game.position().clone(), game.history_keys()))
}

/// The worker thread of an engine configured by `config`.
fn start_thread(config: engine::EngineConfig) -> Result<EngineThread, ChessError> {
    EngineThread::with_info_throttle(config, InfoThrottle::APP)
        .map_err(|e| ChessError::Internal(format!("cannot start the engine's thread: {e}")))
}

impl ChessEngine {
    /// The engine's worker thread, for jobs other than a search (a review).
    pub(crate) fn thread(&self) -> &Arc<EngineThread> {
        &self.thread
    }

    /// `Internal` with the failure of a listener of an earlier search or review on this engine,
    /// if one is still unreported; it is then reported.
    pub(crate) fn earlier_failure(&self) -> Result<(), ChessError> {
        match self.thread.take_callback_failure() {
            Some(failure) => Err(ChessError::Internal(format!(
                "a listener of an earlier search or review on this engine failed: {failure}"
            ))),
            None => Ok(()),
        }
    }

    /// Starts a search of `root`: the one way every search starts. Fails first with a
    /// listener failure of an earlier search or review (`ChessEngine.earlierFailure`).
    fn start(
        &self,
        root: Position,
        history: Vec<u64>,
        limits: &SearchLimits,
        on_info: Box<dyn Fn(SearchInfo) + Send + Sync>,
        on_finished: Box<dyn FnOnce(SearchResult) + Send>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        self.earlier_failure()?;
        if !root.has_legal_moves() {
            return Err(ChessError::GameOver(
                "the side to move has no legal move: there is nothing to search".into(),
            ));
        }
        let limits = limits.to_core(&root)?;
        let finished = Arc::new(AtomicBool::new(false));
        let finished_flag = Arc::clone(&finished);
        let info_root = root.clone();
        let result_root = root.clone();
        let id = self.thread.start(
            root,
            history,
            limits,
            Box::new(move |info| on_info(convert_info(&info_root, info))),
            Box::new(move |outcome| {
                let converted = convert_result(&result_root, outcome);
                // Marked finished before the callback, so a listener that checks the handle
                // from `on_finished` sees it finished.
                finished_flag.store(true, Ordering::SeqCst);
                on_finished(converted);
            }),
        );
        Ok(Arc::new(SearchHandle::new(&self.thread, id, finished)))
    }

    fn start_with_listener(
        &self,
        root: Position,
        history: Vec<u64>,
        limits: &SearchLimits,
        listener: Arc<dyn SearchListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        let info_listener = Arc::clone(&listener);
        self.start(
            root,
            history,
            limits,
            Box::new(move |info| info_listener.on_info(info)),
            Box::new(move |result| listener.on_finished(result)),
        )
    }

    /// Test hook: the next search, review or coach this engine starts panics inside the core,
    /// as a bug would.
    #[doc(hidden)]
    pub fn fail_next_search(&self) {
        self.thread.fail_next_search();
    }
}

#[uniffi::export]
impl ChessEngine {
    /// An engine configured by `config`, with its own thread and table.
    ///
    /// # Errors
    /// `InvalidRequest` for a level outside 1..=10, a hash size outside 1..=1024 MB or a thread
    /// count outside 1..=64 (`maxSearchThreads`); `Internal` when the system refuses the
    /// engine's thread.
    #[uniffi::constructor]
    pub fn new(config: EngineConfig) -> Result<Arc<ChessEngine>, ChessError> {
        let core = config.to_core()?;
        Ok(Arc::new(ChessEngine {
            config: Mutex::new(config.as_applied(&core)),
            thread: Arc::new(start_thread(core)?),
            _live: LiveObject::new(),
        }))
    }

    /// Starts searching the game's current position (with its history, so repetitions count)
    /// and returns at once. The game may change meanwhile: the engine searches a copy.
    ///
    /// # Errors
    /// `GameOver` when the game has ended; `Internal` when a listener of an earlier search or
    /// review threw (see [`SearchListener`]).
    pub fn think(
        &self,
        game: Arc<ChessGame>,
        limits: SearchLimits,
        listener: Arc<dyn SearchListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        let (root, history) = search_root(&game)?;
        self.start_with_listener(root, history, &limits, listener)
    }

    /// Starts searching a position given in FEN and returns at once.
    ///
    /// # Errors
    /// `InvalidFen`; `GameOver` when the side to move has no legal move; `Internal` as for
    /// `think`.
    pub fn think_fen(
        &self,
        fen: String,
        limits: SearchLimits,
        listener: Arc<dyn SearchListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        let root = fen::parse(&fen)?;
        self.start_with_listener(root, Vec::new(), &limits, listener)
    }

    /// Stops the current search, if any; its result arrives through its listener.
    pub fn stop(&self) {
        self.thread.stop();
    }

    /// `true` while a search is running. It turns `false` just after the last `onFinished`
    /// has returned, so a listener that asks from inside `onFinished` still sees `true`.
    pub fn is_searching(&self) -> bool {
        self.thread.is_searching()
    }

    /// Changes strength, table size or seed; applied from the next search on.
    ///
    /// # Errors
    /// `InvalidRequest` for out-of-range values (the configuration is then unchanged).
    pub fn set_config(&self, config: EngineConfig) -> Result<(), ChessError> {
        let core = config.to_core()?;
        // Queued and kept under one lock, so that two calls racing each other leave `config()`
        // saying what the engine thread applied last (and a review's key its table size).
        let mut kept = self.lock_config();
        *kept = config.as_applied(&core);
        self.thread.set_config(core);
        Ok(())
    }

    /// The current configuration, as set; with an `elo`, `level` is the level that Elo chose
    /// (what a settings screen shows).
    pub fn config(&self) -> EngineConfig {
        self.lock_config().clone()
    }

    /// Forgets everything learned (transposition table, history) before a new game.
    pub fn new_game(&self) {
        self.thread.new_game();
    }
}

impl ChessEngine {
    /// The configuration, locked: held while a change or a job that depends on it is queued,
    /// so that the queue's order and the kept configuration agree.
    pub(super) fn lock_config(&self) -> std::sync::MutexGuard<'_, EngineConfig> {
        self.config.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for ChessEngine {
    /// Closing the engine stops its search, even while a `SearchHandle` is still held (the
    /// handle keeps neither the engine's thread nor its table: the thread ends once the search
    /// has finished, whatever handles are kept). It never waits for
    /// the engine's thread: that finishes the search (its `onFinished` still comes) and ends
    /// on its own.
    fn drop(&mut self) {
        self.thread.stop();
    }
}
