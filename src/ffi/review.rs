//! Game review and coach across the boundary: records for a reviewed move, a side's summary,
//! the eval graph and the coach's findings; `ChessEngine.review` and `ChessEngine.coach` run on
//! the engine's thread like a search (same handle, same stop).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::engine::EngineThread;
use crate::notation::{pgn, uci};
use crate::review::{self as core, GameLine, OpeningNames, ReviewSettings};
use crate::rules::{CastlingMode, Move};

use super::engine::{ChessEngine, Score, SearchHandle};
use super::game::ChessGame;
use super::review_cache::key_for;
use super::types::{Piece, Side};
use super::{ChessError, Square};

/// How hard a review looks: a node budget per position, quickest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ReviewPreset {
    /// A first look in a few seconds: finds hung pieces and short tactics.
    Quick,
    /// The default, whose classes were measured against a much deeper analysis.
    Standard,
    /// A closer look, several times slower.
    Deep,
}

impl From<ReviewPreset> for core::ReviewPreset {
    fn from(p: ReviewPreset) -> core::ReviewPreset {
        match p {
            ReviewPreset::Quick => core::ReviewPreset::Quick,
            ReviewPreset::Standard => core::ReviewPreset::Standard,
            ReviewPreset::Deep => core::ReviewPreset::Deep,
        }
    }
}

/// The nodes a preset searches per position (a quick review of a 40-move game searches 81
/// positions). Each move that seems to lose more than a good move may is then judged again by
/// one search of 16 times as many nodes (4 times for quick; `MoveReview.verified`), and a move
/// that search puts near the blunder line by one more of 4 times that.
#[uniffi::export]
pub fn review_preset_nodes(preset: ReviewPreset) -> u64 {
    core::ReviewPreset::from(preset).nodes()
}

/// How to review.
#[derive(Debug, Clone, Default, PartialEq, Eq, uniffi::Record)]
pub struct ReviewOptions {
    /// The preset; `null`/`nil` means standard.
    #[uniffi(default = None)]
    pub preset: Option<ReviewPreset>,
    /// Nodes per position instead of the preset's (at least 1; a budget too small to finish
    /// the first depth, a few hundred nodes, searches that depth whole); moves that seem to
    /// lose are verified with 16 times as many (and those then near the blunder line with 64
    /// times).
    #[uniffi(default = None)]
    pub nodes_per_position: Option<u64>,
    /// Threads to review on, 1 to 64; `null`/`nil` means the device's cores but one, from 1
    /// to 4. Each searches its own part of the game with its own table of the engine's hash
    /// size (a thread that cannot have one, memory being short, does no work), and the review
    /// is the same on any number of threads, only sooner.
    #[uniffi(default = None)]
    pub threads: Option<u32>,
}

impl ReviewOptions {
    pub(super) fn settings(&self) -> Result<ReviewSettings, ChessError> {
        let preset = self.preset.unwrap_or(ReviewPreset::Standard);
        let threads = self.threads.unwrap_or_else(core::default_threads);
        if !(1..=core::MAX_THREADS).contains(&threads) {
            return Err(ChessError::InvalidRequest(format!(
                "review threads must be 1 to {}, not {threads}",
                core::MAX_THREADS
            )));
        }
        let settings = match self.nodes_per_position {
            Some(0) => {
                return Err(ChessError::InvalidRequest(
                    "nodes per position must be at least 1".into(),
                ))
            }
            Some(n) => ReviewSettings::with_nodes(n),
            None => ReviewSettings::preset(preset.into()),
        };
        Ok(ReviewSettings {
            threads,
            ..settings
        })
    }
}

/// What a move was, from best to worst (book apart).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum, serde::Serialize, serde::Deserialize,
)]
pub enum MoveClass {
    /// A known opening move.
    Book,
    /// The engine's choice, or as good.
    Best,
    /// Loses at most 2 points of win probability.
    Excellent,
    /// Loses at most 5.
    Good,
    /// Loses at most 10 (`?!`).
    Inaccuracy,
    /// Loses at most 20 (`?`).
    Mistake,
    /// Loses more (`??`).
    Blunder,
}

impl From<core::MoveClass> for MoveClass {
    fn from(c: core::MoveClass) -> MoveClass {
        match c {
            core::MoveClass::Book => MoveClass::Book,
            core::MoveClass::Best => MoveClass::Best,
            core::MoveClass::Excellent => MoveClass::Excellent,
            core::MoveClass::Good => MoveClass::Good,
            core::MoveClass::Inaccuracy => MoveClass::Inaccuracy,
            core::MoveClass::Mistake => MoveClass::Mistake,
            core::MoveClass::Blunder => MoveClass::Blunder,
        }
    }
}

impl From<MoveClass> for core::MoveClass {
    fn from(c: MoveClass) -> core::MoveClass {
        match c {
            MoveClass::Book => core::MoveClass::Book,
            MoveClass::Best => core::MoveClass::Best,
            MoveClass::Excellent => core::MoveClass::Excellent,
            MoveClass::Good => core::MoveClass::Good,
            MoveClass::Inaccuracy => core::MoveClass::Inaccuracy,
            MoveClass::Mistake => core::MoveClass::Mistake,
            MoveClass::Blunder => core::MoveClass::Blunder,
        }
    }
}

/// One reviewed move. Win probabilities are 0 to 100: `winPercent` of `before` and `after` (the
/// review's formula, docs/review.md), except a mating move's `winAfter`, which is 100.
#[derive(Debug, Clone, PartialEq, uniffi::Record, serde::Serialize, serde::Deserialize)]
pub struct MoveReview {
    /// Moves played before this one (0: the game's first move).
    pub ply: u32,
    /// The move number as written in PGN (`12` for `12. Nf3` and `12... Nc6`).
    pub move_number: u32,
    /// Who played it.
    pub side: Side,
    /// The move in SAN.
    pub san: String,
    /// The move in UCI notation (castling king-onto-rook in Chess960, as `LegalMove.uci`).
    pub uci: String,
    /// The evaluation before the move (the best line), from the mover's view.
    pub before: Score,
    /// The evaluation after the move, from the mover's view (`Mate(0)` after a mating move).
    pub after: Score,
    /// The evaluation before the move from White's view (for the eval bar).
    pub before_white: Score,
    /// The evaluation after the move from White's view.
    pub after_white: Score,
    /// `true` when the move checkmates.
    pub checkmate: bool,
    /// The mover's win probability before the move.
    #[serde(deserialize_with = "number_or_nan")]
    pub win_before: f64,
    /// The mover's win probability after the move.
    #[serde(deserialize_with = "number_or_nan")]
    pub win_after: f64,
    /// Win-probability points lost (0 for the engine's move).
    #[serde(deserialize_with = "number_or_nan")]
    pub loss: f64,
    /// Centipawns lost (evaluations clamped to ±10 pawns).
    pub centipawn_loss: u32,
    /// The move's accuracy, 0 to 100.
    #[serde(deserialize_with = "number_or_nan")]
    pub accuracy: f64,
    /// What the move was.
    pub classification: MoveClass,
    /// The mover found the only good move.
    pub only_move: bool,
    /// The mover was winning and, with a mistake or worse, no longer is.
    pub missed_win: bool,
    /// `true` when the move seemed to lose more than a good move may and was judged again by
    /// one deeper search of the position before it, between the engine's two best moves and
    /// the played move: its evaluations, class, best line and refutation come from that
    /// search (and may differ a little from the eval graph's points). When that search puts
    /// the move near the blunder line (a loss of 16 to 25 Win% points), it is searched once
    /// more with four times the nodes, and judged from that.
    pub verified: bool,
    /// The engine's best move in SAN (the played move when it was the best).
    pub best_san: String,
    /// The engine's best move in UCI notation (castling as in `uci`); `0000` when the position
    /// before was scored by the rules without a search (a draw could be claimed there).
    pub best_uci: String,
    /// The engine's best line in SAN, best move first.
    pub best_line_san: Vec<String>,
    /// For a mistake or blunder: the opponent's best line after the move, in SAN (its first
    /// move is the refutation). Empty otherwise.
    pub refutation_san: Vec<String>,
}

/// One point of the eval graph.
#[derive(Debug, Clone, PartialEq, uniffi::Record, serde::Serialize, serde::Deserialize)]
pub struct EvalPoint {
    /// Moves played before the position (0: the start).
    pub ply: u32,
    /// The evaluation from White's view (`Mate(0)`: checkmate on the board, see `whiteWin`).
    pub white: Score,
    /// White's win probability, 0 to 100: the value to draw.
    #[serde(deserialize_with = "number_or_nan")]
    pub white_win: f64,
}

/// A number of a kept review (`reviewToJson`), or NaN for the `null` that JSON writes for a
/// number that is not finite (no review the engine makes has one; a record an app filled in
/// may): such a review comes back instead of being refused.
fn number_or_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(<Option<f64> as serde::Deserialize>::deserialize(d)?.unwrap_or(f64::NAN))
}

/// One side's summary.
#[derive(
    Debug, Clone, PartialEq, Default, uniffi::Record, serde::Serialize, serde::Deserialize,
)]
pub struct SideReview {
    /// The side's moves reviewed.
    pub moves: u32,
    /// Game accuracy 0 to 100; `null`/`nil` without moves.
    pub accuracy: Option<f64>,
    /// Average centipawn loss; `null`/`nil` without moves.
    pub average_centipawn_loss: Option<f64>,
    /// Book moves.
    pub book: u32,
    /// Best moves.
    pub best: u32,
    /// Excellent moves.
    pub excellent: u32,
    /// Good moves.
    pub good: u32,
    /// Inaccuracies.
    pub inaccuracies: u32,
    /// Mistakes.
    pub mistakes: u32,
    /// Blunders.
    pub blunders: u32,
    /// Only moves found.
    pub only_moves: u32,
    /// Wins missed.
    pub missed_wins: u32,
}

/// A game's review.
#[derive(Debug, Clone, PartialEq, uniffi::Record, serde::Serialize, serde::Deserialize)]
pub struct GameReview {
    /// The reviewed moves in order (all of them when `complete`).
    pub moves: Vec<MoveReview>,
    /// The eval graph: one point per position searched, the start first.
    pub evals: Vec<EvalPoint>,
    /// White's summary.
    pub white: SideReview,
    /// Black's summary.
    pub black: SideReview,
    /// `false` when the review was stopped (or superseded) before the last move.
    pub complete: bool,
    /// Nodes searched per position.
    pub nodes_per_position: u64,
    /// Nodes searched in all.
    pub nodes: u64,
    /// The game as PGN with the review in it (`[%eval]` comments, `$6`/`$2`/`$4` NAGs, the
    /// engine's lines as variations, the accuracies in the first comment), as lichess writes
    /// its analysis.
    pub annotated_pgn: String,
    /// `null`/`nil` normally. The message when the review failed (a bug in chesscore, caught:
    /// please report it); `complete` is then false and the moves reviewed before it are kept.
    /// The Kotlin and Swift wrappers' review streams throw the `Internal` error with it.
    #[uniffi(default = None)]
    pub error: Option<String>,
    /// The `reviewKey` of the game and options it was made with: `continueReview` goes on only
    /// with a review of the same key. Empty in a review kept before reviews had keys (it is
    /// shown as ever, and not continued).
    #[uniffi(default = "")]
    #[serde(default)]
    pub key: String,
}

/// Receives a review's progress. Implemented in Kotlin or Swift; both methods run on the
/// engine's thread, so hop to the main thread before touching UI state.
#[uniffi::export(foreign)]
pub trait ReviewListener: Send + Sync {
    /// After each move is reviewed, in order: the move, how many are done, how many in all.
    fn on_move_reviewed(&self, review: MoveReview, done: u32, total: u32);
    /// Exactly once, when the review ends for any reason (stopped: `complete` is `false` and
    /// the moves reviewed so far are kept).
    fn on_finished(&self, review: GameReview);
}

/// The opponent's threat: what they would play if it were their move again.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Threat {
    /// The threatening side's line in SAN, the threat first.
    pub line_san: Vec<String>,
    /// The line in UCI notation.
    pub line_uci: Vec<String>,
    /// The evaluation after the threat, from the threatening side's view.
    pub score: Score,
    /// Win-probability points the threat would gain if let through (10 and more: a real
    /// threat).
    pub gain: f64,
}

/// A piece the opponent wins material by capturing.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct HangingPiece {
    /// Where it stands.
    pub square: Square,
    /// The piece (its side is the side that would lose it).
    pub piece: Piece,
    /// Opposing pieces attacking it.
    pub attackers: u32,
    /// Own pieces defending it.
    pub defenders: u32,
    /// Material lost in the best exchange, in centipawns (pawn 100, knight 320, bishop 330,
    /// rook 500, queen 950).
    pub loss: i32,
}

/// What the last move allowed, when it was a mistake or a blunder.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Refutation {
    /// The move, in SAN.
    pub san: String,
    /// Mistake or blunder.
    pub classification: MoveClass,
    /// Win-probability points it lost.
    pub loss: f64,
    /// The opponent's best line after it, in SAN ("after Nxe5, dxe5 wins a piece": the line
    /// starts with "dxe5"); empty when the move ended the game (a stalemate that threw a win
    /// away has no reply).
    pub line_san: Vec<String>,
    /// The better move, in SAN.
    pub better_san: String,
}

/// The coach's view of the current position, as data for the app to put into words.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Coaching {
    /// The evaluation from the side to move's view.
    pub score: Score,
    /// The engine's best line for the side to move, in SAN.
    pub best_line_san: Vec<String>,
    /// The opponent's threat; `null`/`nil` in check or when the position is over by the rules
    /// (mate, stalemate, a draw by rule); after a resignation or an agreed draw it is still
    /// given.
    pub threat: Option<Threat>,
    /// Pieces of either side that hang, the biggest loss first.
    pub hanging: Vec<HangingPiece>,
    /// The refutation of the last move, when it was a mistake or worse.
    pub refutation: Option<Refutation>,
    /// The key of the position looked at (compare with `GameSnapshot.positionKey`).
    pub position_key: u64,
}

/// Receives the coach's findings, on the engine's thread.
#[uniffi::export(foreign)]
pub trait CoachListener: Send + Sync {
    /// Exactly once: the findings, or `null`/`nil` when stopped before they were complete or
    /// failed; `error` is `null`/`nil` normally, and the message when the coach failed inside
    /// chesscore (a bug, caught: please report it). The Kotlin and Swift wrappers' `coach`
    /// throws `ChessError.Internal` with it.
    fn on_coaching(&self, coaching: Option<Coaching>, error: Option<String>);
}

/// Moves in UCI as the game's other UCI strings are (`LegalMove.uci`): castling king-onto-rook
/// in Chess960, so that `playUci` takes them back.
fn uci_line(line: &[Move], mode: CastlingMode) -> Vec<String> {
    line.iter().map(|&m| uci::to_uci_in(m, mode)).collect()
}

fn convert_move(line: &GameLine, r: &core::MoveReview) -> MoveReview {
    let before_pos = line.position(r.index);
    let mode = before_pos.castling_mode();
    MoveReview {
        ply: r.index as u32,
        move_number: before_pos.fullmove_number(),
        side: r.mover.into(),
        san: r.san.clone(),
        uci: uci::to_uci_in(r.mv, mode),
        before: r.before.into(),
        after: r.after.into(),
        before_white: r.before_white().into(),
        after_white: r.after_white().into(),
        checkmate: r.checkmate,
        win_before: r.win_before,
        win_after: r.win_after,
        loss: r.loss,
        centipawn_loss: r.centipawn_loss,
        accuracy: r.accuracy,
        classification: r.class.into(),
        only_move: r.only_move,
        missed_win: r.missed_win,
        verified: r.verified,
        best_san: r.best_san.clone(),
        best_uci: uci::to_uci_in(r.best_move, mode),
        best_line_san: r.best_line_san.clone(),
        refutation_san: r.refutation_san.clone(),
    }
}

fn convert_side(s: &core::SideSummary) -> SideReview {
    use core::MoveClass as C;
    SideReview {
        moves: s.moves,
        accuracy: s.accuracy,
        average_centipawn_loss: s.average_centipawn_loss,
        book: s.count(C::Book),
        best: s.count(C::Best),
        excellent: s.count(C::Excellent),
        good: s.count(C::Good),
        inaccuracies: s.count(C::Inaccuracy),
        mistakes: s.count(C::Mistake),
        blunders: s.count(C::Blunder),
        only_moves: s.only_moves,
        missed_wins: s.missed_wins,
    }
}

fn convert_review(
    line: &GameLine,
    game: &pgn::PgnGame,
    r: &core::GameReview,
    key: String,
) -> GameReview {
    GameReview {
        moves: r.moves.iter().map(|m| convert_move(line, m)).collect(),
        evals: r
            .evals
            .iter()
            .map(|p| EvalPoint {
                ply: p.ply as u32,
                white: p.white.into(),
                white_win: p.white_win,
            })
            .collect(),
        white: convert_side(&r.white),
        black: convert_side(&r.black),
        complete: r.complete,
        nodes_per_position: r.settings.nodes_per_position,
        nodes: r.nodes,
        annotated_pgn: pgn::write_game(&core::annotate(game, r)),
        error: None,
        key,
    }
}

/// `earlier`, a review of `line` made across the boundary with `settings`, as the core's, for
/// `core::continue_review`.
///
/// # Errors
/// `InvalidRequest` saying which move or line cannot be read in the game.
fn core_review(
    line: &GameLine,
    settings: &ReviewSettings,
    earlier: &GameReview,
) -> Result<core::GameReview, ChessError> {
    let bad = |ply: usize, what: &str| {
        ChessError::InvalidRequest(format!(
            "the earlier review's move at ply {ply} cannot be read in this game: {what}"
        ))
    };
    let read_san = |pos: &crate::rules::Position, sans: &[String], ply: usize| {
        let mut pos = pos.clone();
        let mut moves = Vec::with_capacity(sans.len());
        for s in sans {
            let m = crate::notation::san::parse_san(&pos, s)
                .map_err(|e| bad(ply, &format!("line move '{s}': {e}")))?;
            pos.make_move(m);
            moves.push(m);
        }
        Ok::<_, ChessError>(moves)
    };
    if earlier.moves.len() > line.moves().len() {
        return Err(ChessError::InvalidRequest(format!(
            "the earlier review has {} moves, the game {}",
            earlier.moves.len(),
            line.moves().len()
        )));
    }
    let mut moves = Vec::with_capacity(earlier.moves.len());
    for (i, m) in earlier.moves.iter().enumerate() {
        if m.ply as usize != i {
            return Err(bad(i, &format!("it says ply {}", m.ply)));
        }
        let pos = line.position(i);
        let mv = uci::parse_move(pos, &m.uci).map_err(|e| bad(i, &format!("'{}': {e}", m.uci)))?;
        // "0000" (the null move) when the position before was over by the rules or a draw
        // could be claimed there: scored without a search, so without a best move.
        let best_move = if m.best_uci == "0000" {
            Move::NULL
        } else {
            uci::parse_move(pos, &m.best_uci)
                .map_err(|e| bad(i, &format!("best move '{}': {e}", m.best_uci)))?
        };
        // The words and numbers a review shows must be those of its moves (another move is
        // another game, which `check_earlier` says).
        let san = crate::notation::san::to_san(pos, mv);
        let played = line.moves().get(i) == Some(&mv);
        if played && (m.san != san || m.move_number != pos.fullmove_number()) {
            return Err(bad(
                i,
                &format!(
                    "it says {}. {} for {}. {san} ({})",
                    m.move_number,
                    m.san,
                    pos.fullmove_number(),
                    m.uci
                ),
            ));
        }
        if best_move != Move::NULL && m.best_san != crate::notation::san::to_san(pos, best_move) {
            return Err(bad(
                i,
                &format!("its best move {} is not '{}'", m.best_uci, m.best_san),
            ));
        }
        moves.push(core::MoveReview {
            index: i,
            mover: m.side.into(),
            mv,
            san: m.san.clone(),
            before: m.before.into(),
            after: m.after.into(),
            checkmate: m.checkmate,
            win_before: m.win_before,
            win_after: m.win_after,
            loss: m.loss,
            centipawn_loss: m.centipawn_loss,
            accuracy: m.accuracy,
            class: m.classification.into(),
            only_move: m.only_move,
            missed_win: m.missed_win,
            verified: m.verified,
            // Not exported, and nothing after the review reads it.
            rechecked: false,
            best_move,
            best_san: m.best_san.clone(),
            best_line_san: m.best_line_san.clone(),
            best_line: read_san(pos, &m.best_line_san, i)?,
            refutation_san: m.refutation_san.clone(),
            refutation: read_san(line.position(i + 1), &m.refutation_san, i)?,
        });
    }
    Ok(core::GameReview {
        moves,
        evals: earlier
            .evals
            .iter()
            .map(|p| core::EvalPoint {
                ply: p.ply as usize,
                white: p.white.into(),
                white_win: p.white_win,
            })
            .collect(),
        // Summed up again at the end.
        white: core::SideSummary::default(),
        black: core::SideSummary::default(),
        complete: earlier.complete,
        settings: settings.clone(),
        nodes: earlier.nodes,
    })
}

/// A review that could not finish normally (a bug caught on the engine thread): the moves
/// reported so far, marked incomplete.
fn salvaged_review(
    moves: Vec<MoveReview>,
    nodes_per_position: u64,
    pgn_text: String,
    error: Option<String>,
    key: String,
) -> GameReview {
    let mut sides = [SideReview::default(), SideReview::default()];
    for m in &moves {
        let s = &mut sides[(m.side == Side::Black) as usize];
        s.moves += 1;
        match m.classification {
            MoveClass::Book => s.book += 1,
            MoveClass::Best => s.best += 1,
            MoveClass::Excellent => s.excellent += 1,
            MoveClass::Good => s.good += 1,
            MoveClass::Inaccuracy => s.inaccuracies += 1,
            MoveClass::Mistake => s.mistakes += 1,
            MoveClass::Blunder => s.blunders += 1,
        }
    }
    let [white, black] = sides;
    GameReview {
        moves,
        evals: Vec::new(),
        white,
        black,
        complete: false,
        nodes_per_position,
        nodes: 0,
        annotated_pgn: pgn_text,
        error,
        key,
    }
}

impl ChessEngine {
    /// `review`, or `continueReview` from `earlier`.
    fn start_review(
        &self,
        game: &Arc<ChessGame>,
        options: &ReviewOptions,
        earlier: Option<GameReview>,
        listener: Arc<dyn ReviewListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        let settings = options.settings()?;
        let (line, pgn_game) = {
            let game = game.lock();
            (GameLine::from_game(&game), game.to_pgn_game())
        };
        // Held until the job is queued: a `setConfig` from another thread comes before both the
        // key and the job, or after both, so the key names the table the review runs with.
        let config = self.lock_config();
        let key = key_for(&settings, &pgn::write_game(&pgn_game), config.hash_mb);
        // The core's review to continue, and its moves as already reported.
        let (core_earlier, reported_before) = match earlier {
            None => (None, Vec::new()),
            Some(e) => {
                if let Some(error) = &e.error {
                    return Err(ChessError::InvalidRequest(format!(
                        "the earlier review failed and cannot be continued: {error}"
                    )));
                }
                if e.key != key {
                    return Err(ChessError::InvalidRequest(
                        "the earlier review is not of this game with these options on an engine \
                         of this table size (its key is not this game's reviewKey): review the \
                         game again"
                            .into(),
                    ));
                }
                let core_earlier = core_review(&line, &settings, &e)?;
                core::check_earlier(&line, &settings, &core_earlier)
                    .map_err(|e| ChessError::InvalidRequest(e.to_string()))?;
                (Some(core_earlier), e.moves)
            }
        };
        self.earlier_failure()?;
        let finished = Arc::new(AtomicBool::new(false));
        let finished_flag = Arc::clone(&finished);
        let reported: Arc<Mutex<Vec<MoveReview>>> = Arc::new(Mutex::new(reported_before));
        let reported_in_job = Arc::clone(&reported);
        let progress_listener = Arc::clone(&listener);
        let job_line = line.clone();
        let nodes = settings.nodes_per_position;
        let failures = self.thread().callback_failures();
        let job_key = key.clone();
        let id = self.thread().start_job(
            move |engine, stop| {
                let mut listener_alive = true;
                let mut on_progress = |p: &core::ReviewProgress<'_>| {
                    let m = convert_move(&job_line, p.review);
                    reported_in_job
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(m.clone());
                    // A listener that panicked (threw) once is not called again; the review
                    // goes on and its result still arrives. The failure is kept: the next
                    // search, review or coach on this engine fails with it.
                    if listener_alive {
                        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| {
                            progress_listener.on_move_reviewed(m, p.done as u32, p.total as u32)
                        })) {
                            listener_alive = false;
                            failures.record("on_move_reviewed", payload.as_ref());
                        }
                    }
                };
                let r = match &core_earlier {
                    None => core::review(
                        engine,
                        &job_line,
                        &settings,
                        &OpeningNames,
                        stop,
                        &mut on_progress,
                    ),
                    Some(earlier) => {
                        match core::continue_review(
                            engine,
                            &job_line,
                            &settings,
                            &OpeningNames,
                            earlier,
                            stop,
                            &mut on_progress,
                        ) {
                            Ok(r) => r,
                            // Checked before the job started: cannot happen.
                            Err(e) => {
                                return salvaged_review(
                                    Vec::new(),
                                    settings.nodes_per_position,
                                    String::new(),
                                    Some(format!("the review could not continue: {e}")),
                                    job_key,
                                )
                            }
                        }
                    }
                };
                convert_review(&job_line, &pgn_game, &r, job_key)
            },
            move |result| {
                let review = result.unwrap_or_else(|message| {
                    let moves =
                        std::mem::take(&mut *reported.lock().unwrap_or_else(|e| e.into_inner()));
                    let error = format!("the review failed: {message}");
                    salvaged_review(moves, nodes, String::new(), Some(error), key)
                });
                finished_flag.store(true, Ordering::SeqCst);
                listener.on_finished(review);
            },
        );
        drop(config);
        Ok(handle(self.thread(), id, finished))
    }
}

fn handle(
    thread: &Arc<EngineThread>,
    id: crate::engine::SearchId,
    finished: Arc<AtomicBool>,
) -> Arc<SearchHandle> {
    Arc::new(SearchHandle::new(thread, id, finished))
}

#[uniffi::export]
impl ChessEngine {
    /// Reviews the game's main line (from its start to the main line's end, wherever the current
    /// node is; variations are not reviewed) and returns at once:
    /// each move is searched at full strength with the options' node budget, on the engine's
    /// thread and, with `threads` above 1, on worker threads beside it (segments of the game,
    /// each from a cleared table), and reported through `listener` in the game's order as soon
    /// as it is reviewed; `onFinished` brings
    /// the whole review. The same game, options and table size give the same review.
    ///
    /// Stop it with the returned handle (or by closing it); the moves reviewed so far are kept.
    /// A review supersedes a running search and is superseded by a newer search or review, like
    /// a search. It clears the engine's table first.
    ///
    /// # Errors
    /// `InvalidRequest` for `nodesPerPosition` 0; `Internal` when a listener of an earlier
    /// search or review on this engine threw (reported once).
    pub fn review(
        &self,
        game: Arc<ChessGame>,
        options: ReviewOptions,
        listener: Arc<dyn ReviewListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        self.start_review(&game, &options, None, listener)
    }

    /// Goes on with `earlier`, a review of `game` with `options` that was stopped (its
    /// `onFinished` brought it with `complete` false, or it was kept with `reviewToJson`), and
    /// returns at once, as `review` does: `listener` gets only the moves `earlier` lacks, then
    /// the whole review. The review goes on from the start of the part of the game (8 moves)
    /// where it was stopped, so the result is the one an uninterrupted `review` gives; an app
    /// sent to the background can stop a review and continue it on return without losing
    /// what was done. A complete `earlier` comes back unchanged, without a search (still as a
    /// job on the engine's thread, which supersedes a running search like any review).
    ///
    /// # Errors
    /// `InvalidRequest` when `earlier` is not a review of this game (its moves, tags and
    /// comments) with these options on an engine of this table size (its `key` is not this
    /// game's `reviewKey`), when it ended with an `error`, when it is damaged (a move's side,
    /// number or SAN not the game's, a score the engine does not give, a Win% or accuracy
    /// outside 0 to 100, an eval series that does not go with its moves), or for bad options;
    /// `Internal` when a listener of an earlier search or review on this engine threw
    /// (reported once).
    pub fn continue_review(
        &self,
        game: Arc<ChessGame>,
        options: ReviewOptions,
        earlier: GameReview,
        listener: Arc<dyn ReviewListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        self.start_review(&game, &options, Some(earlier), listener)
    }

    /// Looks at the game's current position and returns at once; `listener` gets the findings
    /// on the engine's thread: the evaluation and best line, the opponent's threat (a search
    /// with the move passed to them), the hanging pieces, and the refutation of the last move
    /// when it was a mistake or worse. Up to three searches of `nodesPerSearch` nodes (default:
    /// the standard review preset's), from a cleared table, and, when the last move seems to
    /// lose, its verification as a review does it (16 times that budget, and 64 times for a
    /// second look when the loss lands near the blunder line). Stop it with the handle. A
    /// position over by the rules (mate, stalemate, insufficient material, a threefold
    /// repetition or fifty moves, which the review scores as draws) is coached too, unlike `think`, which refuses a game that is over: its score is the rules' (`Mate(0)`
    /// for the side mated, 0 for a draw) without a best line or a threat, and the move that
    /// ended the game is still judged (`refutation`).
    ///
    /// # Errors
    /// `InvalidRequest` for `nodesPerSearch` 0; `Internal` when a listener of an earlier
    /// search or review on this engine threw (reported once).
    pub fn coach(
        &self,
        game: Arc<ChessGame>,
        nodes_per_search: Option<u64>,
        listener: Arc<dyn CoachListener>,
    ) -> Result<Arc<SearchHandle>, ChessError> {
        let nodes = match nodes_per_search {
            Some(0) => {
                return Err(ChessError::InvalidRequest(
                    "nodes per search must be at least 1".into(),
                ))
            }
            Some(n) => n,
            None => review_preset_nodes(ReviewPreset::Standard),
        };
        self.earlier_failure()?;
        let line = GameLine::to_current(&game.lock());
        let last = line.position(line.moves().len());
        let (key, mode) = (last.key(), last.castling_mode());
        let finished = Arc::new(AtomicBool::new(false));
        let finished_flag = Arc::clone(&finished);
        let id = self.thread().start_job(
            move |engine, stop| {
                core::coach(engine, &line, nodes, stop).map(|c| convert_coaching(c, key, mode))
            },
            move |result| {
                finished_flag.store(true, Ordering::SeqCst);
                match result {
                    Ok(coaching) => listener.on_coaching(coaching, None),
                    Err(message) => {
                        listener.on_coaching(None, Some(format!("the coach failed: {message}")))
                    }
                }
            },
        );
        Ok(handle(self.thread(), id, finished))
    }
}

fn convert_hanging(h: &core::HangingPiece) -> HangingPiece {
    HangingPiece {
        square: h.square,
        piece: h.piece.into(),
        attackers: h.attackers,
        defenders: h.defenders,
        loss: h.loss,
    }
}

fn convert_coaching(c: core::Coaching, key: u64, mode: CastlingMode) -> Coaching {
    Coaching {
        score: c.score.into(),
        best_line_san: c.best_line_san,
        threat: c.threat.map(|t| Threat {
            line_uci: uci_line(&t.line, mode),
            line_san: t.line_san,
            score: t.score.into(),
            gain: t.gain,
        }),
        hanging: c.hanging.iter().map(convert_hanging).collect(),
        refutation: c.refutation.map(|r| Refutation {
            san: r.san,
            classification: r.class.into(),
            loss: r.loss,
            line_san: r.line_san,
            better_san: r.better_san,
        }),
        position_key: key,
    }
}

#[uniffi::export]
impl ChessGame {
    /// The pieces of either side that the other side wins material by capturing (static
    /// exchange evaluation, no search), the biggest loss first: for a "hanging pieces" overlay.
    pub fn hanging_pieces(&self) -> Vec<HangingPiece> {
        core::hanging_pieces(self.lock().position())
            .iter()
            .map(convert_hanging)
            .collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn review_threads_are_taken_up_to_the_reviews_limit() {
        let with = |threads| {
            ReviewOptions {
                threads: Some(threads),
                ..ReviewOptions::default()
            }
            .settings()
        };
        assert_eq!(with(1).unwrap().threads, 1);
        assert_eq!(with(core::MAX_THREADS).unwrap().threads, core::MAX_THREADS);
        for refused in [0, core::MAX_THREADS + 1] {
            match with(refused) {
                Err(ChessError::InvalidRequest(message)) => {
                    assert!(message.contains("must be 1 to 64"), "{message}")
                }
                other => panic!("{refused}: {other:?}"),
            }
        }
    }
}
