//! Game review and coach: the engine explains a game.
//!
//! [`review`] searches every position of a game's main line with a fixed node budget and says,
//! for each move, how good it was: the evaluation before and after it, the engine's best move
//! and line, the win probability, a [`MoveClass`] (book, best, excellent, good, inaccuracy,
//! mistake, blunder), whether it was the only good move, whether it let a win slip, and for a
//! mistake the opponent's refutation. For each side it sums this up as an accuracy (0-100) and
//! an average centipawn loss, and it returns the evaluation series for an eval graph. The
//! definitions (formulas, thresholds, sources) are in [`classify`]; how well the classes agree
//! with a much deeper analysis is measured in `docs/review.md`.
//!
//! A review is many searches in a row. It runs where searches run: on an [`Engine`] directly
//! (the CLI), or as a job on an [`EngineThread`](crate::engine::EngineThread) (the apps, through
//! [`EngineThread::start_job`](crate::engine::EngineThread::start_job)), reporting each move as
//! soon as it is reviewed, stoppable at any time with the moves reviewed so far kept. It is
//! deterministic: it starts from an empty table ([`Engine::new_game`]) and searches by nodes,
//! never by time, so the same game, settings and table size give the same review.
//!
//! [`coach`] looks at one position: the opponent's threat (a null-move search), the pieces
//! that hang, and the refutation of the last move when it was a mistake. [`annotate`] writes a
//! review as PGN with `[%eval]` comments and NAGs, as lichess does.
//!
//! # Examples
//! ```
//! use chesscore::engine::{Engine, EngineConfig};
//! use chesscore::review::{self, GameLine, MoveClass, NoBook, ReviewSettings};
//! use chesscore::game::Game;
//! use std::sync::atomic::AtomicBool;
//!
//! // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
//! let game = Game::from_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#").unwrap();
//! let line = GameLine::from_game(&game);
//! let mut engine = Engine::new(EngineConfig::default());
//! let settings = ReviewSettings::with_nodes(5_000);
//! let stop = AtomicBool::new(false);
//! let review = review::review(&mut engine, &line, &settings, &NoBook, &stop, &mut |_| {});
//! assert!(review.complete);
//! assert_eq!(review.moves[5].san, "Nf6");
//! assert_eq!(review.moves[5].class, MoveClass::Blunder);
//! assert_eq!(review.black.count(MoveClass::Blunder), 1);
//! ```

pub mod classify;
mod coach;
mod pgn;
mod run;

pub use classify::MoveClass;
pub use coach::{coach, hanging_pieces, Coaching, HangingPiece, Refutation, Threat};
pub use pgn::{annotate, format_eval, pgn_eval};
pub use run::{check_earlier, continue_review, review, ContinueError, SEGMENT_MOVES};

use crate::engine::{Engine, Score};
use crate::game::Game;
use crate::notation::pgn::PgnGame;
use crate::notation::{san, uci};
use crate::rules::{Move, Position, Side};
use std::fmt;
use std::str::FromStr;

/// How hard a review looks, as a named node budget per position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReviewPreset {
    /// A first look in a few seconds: finds hung pieces and short tactics.
    Quick,
    /// The default: the budget whose classes were measured against Stockfish (docs/review.md).
    Standard,
    /// A closer look, several times slower.
    Deep,
}

impl ReviewPreset {
    /// Every preset, quickest first.
    pub const ALL: [ReviewPreset; 3] = [
        ReviewPreset::Quick,
        ReviewPreset::Standard,
        ReviewPreset::Deep,
    ];

    /// The nodes searched per position (docs/review.md says how they were chosen).
    pub fn nodes(self) -> u64 {
        match self {
            ReviewPreset::Quick => 30_000,
            ReviewPreset::Standard => 150_000,
            ReviewPreset::Deep => 600_000,
        }
    }

    /// The nodes of a verification search: [`VERIFY_FACTOR`] times [`ReviewPreset::nodes`],
    /// but only four times for quick, which would otherwise spend most of its time verifying.
    pub fn verify_nodes(self) -> u64 {
        match self {
            ReviewPreset::Quick => 4 * self.nodes(),
            _ => VERIFY_FACTOR * self.nodes(),
        }
    }

    /// The preset's name: `quick`, `standard` or `deep`.
    pub fn name(self) -> &'static str {
        match self {
            ReviewPreset::Quick => "quick",
            ReviewPreset::Standard => "standard",
            ReviewPreset::Deep => "deep",
        }
    }
}

impl fmt::Display for ReviewPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A preset name that is not `quick`, `standard` or `deep`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown review preset '{0}': expected quick, standard or deep")]
pub struct UnknownPreset(pub String);

impl FromStr for ReviewPreset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<ReviewPreset, UnknownPreset> {
        ReviewPreset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

/// How a review searches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewSettings {
    /// Nodes searched per position (each position is searched once). A budget too small to
    /// finish the search's first depth (a few hundred nodes) searches that depth whole instead.
    pub nodes_per_position: u64,
    /// Lines searched per position (MultiPV): 2 lets the review see "only moves" (the second
    /// best line is much worse) and gives the verification its second candidate; 1 is a
    /// little more accurate for the same budget but never flags an only move.
    pub lines: u32,
    /// Nodes of the verification search (0: none). A move that seems to lose more than a good
    /// move may ([`classify::VERIFY_ABOVE`] Win% points) is judged again from one deeper
    /// search of the position it was played from, between the engine's two best moves and the
    /// played move only ([`MoveReview::verified`]). See [`ReviewPreset::verify_nodes`] and
    /// [`VERIFY_FACTOR`].
    pub verify_nodes: u64,
    /// Nodes of the second verification (0: none). A verified move whose loss falls near the
    /// blunder line ([`classify::RECHECK`]) is verified again, among the same moves, with this
    /// budget, and judged from that search ([`MoveReview::rechecked`]); the search starts
    /// from the table the first one filled. See [`RECHECK_FACTOR`].
    pub recheck_nodes: u64,
    /// Threads the review runs on (at least 1; at most one per [`SEGMENT_MOVES`] moves
    /// is used). Each searches its own part of the line with its own table of the engine's
    /// size (a thread that cannot have one, memory being short, does no work); the review is
    /// the same whatever their number, only sooner.
    pub threads: u32,
}

/// The most threads a review uses ([`ReviewSettings::threads`]; the FFI, `chesscore review
/// --threads` and `chesscore bench review --threads` refuse more): each thread has its own
/// table of the engine's size, so a number far past the cores only costs memory.
pub const MAX_THREADS: u32 = 64;

/// The revision of the review's own rules (classes, thresholds, verification, accuracy, the
/// annotated PGN's form): bump it with any change of them, so that reviews kept by an earlier
/// rule are not shown as this one's (the FFI's `reviewKey` includes it, beside the engine's
/// [`crate::engine::BENCH_SIGNATURE`], which covers the search and the evaluation). 2
/// (2026-11-27): a move played on past a claimable draw is judged against the draw, a verified
/// move's "only move" against the verification's own candidates, and the annotated PGN drops
/// error NAGs from moves that are not errors. 3 (2026-11-27): the engine's two-line searches no
/// longer stop once line 1's mate is proven (the second line, on which "only move" rests, gets
/// its budget), a change of the search that the single-line bench signature does not show.
pub const REVIEW_REVISION: u32 = 3;

/// The threads a review runs on when the caller does not say (the FFI's and `chesscore
/// review`'s default): the machine's cores but one, which is left to the user interface, from
/// 1 to 4 (each thread has its own table, so memory grows with them).
pub fn default_threads() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).clamp(1, 4) as u32
}

/// A verification searches this many times the nodes per position (the quick preset apart:
/// [`ReviewPreset::verify_nodes`]). docs/review.md compares 4 and 16 on the measured games.
pub const VERIFY_FACTOR: u64 = 16;

/// The second verification ([`ReviewSettings::recheck_nodes`]) searches this many times the
/// nodes of the first, in every preset. docs/review.md measures it.
pub const RECHECK_FACTOR: u64 = 4;

impl ReviewSettings {
    /// The settings of a preset (two lines, [`ReviewPreset::verify_nodes`], a second
    /// verification of [`RECHECK_FACTOR`] times that).
    pub fn preset(preset: ReviewPreset) -> ReviewSettings {
        ReviewSettings::with_nodes(preset.nodes()).with_verify_nodes(preset.verify_nodes())
    }

    /// `nodes` per position, two lines, verification with [`VERIFY_FACTOR`] times `nodes`
    /// and the second verification with [`RECHECK_FACTOR`] times that.
    pub fn with_nodes(nodes: u64) -> ReviewSettings {
        let nodes = nodes.max(1);
        ReviewSettings {
            nodes_per_position: nodes,
            lines: 2,
            verify_nodes: 0,
            recheck_nodes: 0,
            threads: 1,
        }
        .with_verify_nodes(nodes.saturating_mul(VERIFY_FACTOR))
    }

    /// These settings with `verify_nodes` for the verification (0: none) and
    /// [`RECHECK_FACTOR`] times that for the second one, so that the second look is never the
    /// shallower.
    pub fn with_verify_nodes(self, verify_nodes: u64) -> ReviewSettings {
        ReviewSettings {
            verify_nodes,
            recheck_nodes: verify_nodes.saturating_mul(RECHECK_FACTOR),
            ..self
        }
    }
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings::preset(ReviewPreset::Standard)
    }
}

/// Where a review asks whether a position is known opening theory. A move is classed
/// [`MoveClass::Book`] when the position it makes is in the book, every move before it was book
/// too, and it loses no more than a good move may: a named trap line (a book that names the
/// position after a losing move) still gets its inaccuracy, mistake or blunder, and ends the
/// book there.
pub trait OpeningBook: Send + Sync {
    /// `true` when `position` is a known opening position.
    fn contains(&self, position: &Position) -> bool;
}

/// No opening book: no move is classed book.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoBook;

impl OpeningBook for NoBook {
    fn contains(&self, _position: &Position) -> bool {
        false
    }
}

/// The opening names (`crate::opening`, the CC0 chess-openings dataset) as a review's book: a
/// position is book when the dataset names it exactly. What `chesscore review` and the FFI use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpeningNames;

impl OpeningBook for OpeningNames {
    fn contains(&self, position: &Position) -> bool {
        crate::opening::of_position(position).is_some()
    }
}

/// A move of a [`GameLine`] that is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ('{mv}') is not legal in the position before it")]
pub struct IllegalLineMove {
    /// The move's place in the line, from 1.
    pub number: usize,
    /// The move in UCI notation.
    pub mv: String,
}

/// A start position and the moves played from it, checked: what a review reviews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    /// `positions[i]` is the position before move `i`; one more position than moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl GameLine {
    /// The line `moves` from `start`.
    ///
    /// # Errors
    /// [`IllegalLineMove`] for the first move that is not legal where it stands.
    pub fn new(start: Position, moves: &[Move]) -> Result<GameLine, IllegalLineMove> {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(start);
        for (i, &m) in moves.iter().enumerate() {
            let mut next = positions[i].clone();
            if !next.is_legal(m) {
                return Err(IllegalLineMove {
                    number: i + 1,
                    mv: uci::to_uci(m),
                });
            }
            next.make_move(m);
            positions.push(next);
        }
        Ok(GameLine {
            positions,
            moves: moves.to_vec(),
        })
    }

    /// A game's main line, from its start to the main line's end, wherever its current node
    /// is (a game holds only legal moves). Variations are not reviewed: the main line is the
    /// game; [`annotate`] writes the review into the main line of the game's PGN and keeps the
    /// variations as they are.
    pub fn from_game(game: &Game) -> GameLine {
        let moves: Vec<Move> = game
            .main_line()
            .into_iter()
            .filter_map(|id| game.node(id).and_then(|n| n.mv()))
            .collect();
        GameLine::new(game.start_position().clone(), &moves).expect("a game's moves are legal")
    }

    /// A game's moves from its start to its current node (on the main line or in a
    /// variation): the line the coach looks at.
    pub fn to_current(game: &Game) -> GameLine {
        GameLine::new(game.start_position().clone(), &game.moves())
            .expect("a game's moves are legal")
    }

    /// The main line of a PGN game (the parser checked its moves).
    pub fn from_pgn(game: &PgnGame) -> GameLine {
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        GameLine::new(game.start.clone(), &moves).expect("a parsed PGN game's moves are legal")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before move `i` (`i == moves().len()`: after the last move).
    pub fn position(&self, i: usize) -> &Position {
        &self.positions[i]
    }

    /// The keys of the positions before position `i`, oldest first (for repetitions).
    fn keys_before(&self, i: usize) -> Vec<u64> {
        self.positions[..i].iter().map(Position::key).collect()
    }
}

/// One reviewed move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview {
    /// The move's place in the line, from 0.
    pub index: usize,
    /// Who played it.
    pub mover: Side,
    /// The move.
    pub mv: Move,
    /// The move in SAN.
    pub san: String,
    /// The evaluation before the move (the engine's best line), from the mover's view.
    pub before: Score,
    /// The evaluation after the move, from the mover's view. `Mate(0)` after a move that mates
    /// (see [`MoveReview::checkmate`]).
    pub after: Score,
    /// `true` when the move checkmates.
    pub checkmate: bool,
    /// The mover's win probability before the move, 0 to 100 ([`classify::win_percent`]).
    pub win_before: f64,
    /// The mover's win probability after the move.
    pub win_after: f64,
    /// Win% points lost by the move (0 for the engine's best move).
    pub loss: f64,
    /// Centipawns lost, clamped as [`classify`] describes (0 for the engine's best move).
    pub centipawn_loss: u32,
    /// The move's accuracy, 0 to 100 ([`classify::move_accuracy`]).
    pub accuracy: f64,
    /// What the move was.
    pub class: MoveClass,
    /// The mover found the only good move: it was the engine's best and the second-best move
    /// would have lost more than [`classify::ONLY_MOVE_GAP`] Win% points.
    pub only_move: bool,
    /// The mover was winning (Win% at least [`classify::WINNING`]) and, with a mistake or
    /// worse, no longer is.
    pub missed_win: bool,
    /// `true` when the move was judged from a second, deeper search of the position before it
    /// ([`ReviewSettings::verify_nodes`]), as every move that seemed to lose more than a good
    /// move may is: then its evaluations, class, best line and refutation come from that
    /// search, and its evaluations may differ a little from the eval graph's.
    pub verified: bool,
    /// `true` when the verification's loss fell near the blunder line ([`classify::RECHECK`])
    /// and the move was verified a second time ([`ReviewSettings::recheck_nodes`]): then its
    /// figures come from that second search.
    pub rechecked: bool,
    /// The engine's best move in the position before (the played move when it was the best).
    pub best_move: Move,
    /// The engine's best move in SAN.
    pub best_san: String,
    /// The engine's best line from the position before, in SAN, best move first.
    pub best_line_san: Vec<String>,
    /// The engine's best line, as moves.
    pub best_line: Vec<Move>,
    /// For a mistake or a blunder: the opponent's best line after the move, in SAN, which
    /// shows what the move allows ("after Nxe5, dxe5 wins a piece"). Empty otherwise.
    pub refutation_san: Vec<String>,
    /// The refutation as moves.
    pub refutation: Vec<Move>,
}

impl MoveReview {
    /// The evaluation before the move from White's view.
    pub fn before_white(&self) -> Score {
        white_view(self.before, self.mover)
    }

    /// The evaluation after the move from White's view (`Mate(0)` after a mating move).
    pub fn after_white(&self) -> Score {
        white_view(self.after, self.mover)
    }
}

/// `score`, given from `side`'s view, from White's view.
pub(crate) fn white_view(score: Score, side: Side) -> Score {
    match side {
        Side::White => score,
        Side::Black => classify::negate(score),
    }
}

/// One point of the eval graph: a position of the line and its evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalPoint {
    /// Moves played before the position (0: the start position).
    pub ply: usize,
    /// The evaluation from White's view; `Mate(0)` when the position is checkmate.
    pub white: Score,
    /// White's win probability, 0 to 100 (100 or 0 when the position is checkmate).
    pub white_win: f64,
}

/// One side's summary.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SideSummary {
    /// The side's moves reviewed.
    pub moves: u32,
    /// The game accuracy, 0 to 100 ([`classify::game_accuracy`]); `None` without moves.
    pub accuracy: Option<f64>,
    /// The average centipawn loss per move; `None` without moves.
    pub average_centipawn_loss: Option<f64>,
    /// Moves per class, in the order of [`MoveClass::ALL`].
    pub counts: [u32; 7],
    /// Moves flagged "only move".
    pub only_moves: u32,
    /// Moves flagged "missed win".
    pub missed_wins: u32,
}

impl SideSummary {
    /// How many of the side's moves are in `class`.
    pub fn count(&self, class: MoveClass) -> u32 {
        self.counts[class as usize]
    }
}

/// The review of a game: every move reviewed (or those reviewed before it was stopped), the
/// eval graph and each side's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReview {
    /// The reviewed moves, in order; all of them when [`GameReview::complete`].
    pub moves: Vec<MoveReview>,
    /// The evaluation of each position searched, the start first: one more than
    /// [`GameReview::moves`] (none when stopped before the start position was searched).
    pub evals: Vec<EvalPoint>,
    /// White's summary.
    pub white: SideSummary,
    /// Black's summary.
    pub black: SideSummary,
    /// `false` when the review was stopped before its last move.
    pub complete: bool,
    /// The settings it ran with.
    pub settings: ReviewSettings,
    /// Nodes searched in all (the verification searches included).
    pub nodes: u64,
}

impl GameReview {
    /// The summary of `side`.
    pub fn side(&self, side: Side) -> &SideSummary {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

/// Progress of a review: sent after each reviewed move.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewProgress<'a> {
    /// The move just reviewed.
    pub review: &'a MoveReview,
    /// Moves reviewed so far.
    pub done: usize,
    /// Moves in the line.
    pub total: usize,
}

/// SAN of `line` from `pos`, stopping at the first move that is not legal (a line from the
/// engine always is).
pub(crate) fn san_line(pos: &Position, line: &[Move]) -> Vec<String> {
    san::to_san_line(pos, line)
}

/// Clears the engine's table and heuristics: every review starts from the same state.
pub(crate) fn fresh(engine: &mut Engine) {
    engine.new_game();
}
