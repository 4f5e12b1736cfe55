//! The UniFFI layer: the only code that knows UniFFI. Every exported method converts its
//! arguments, delegates to [`crate::game`] or [`crate::engine`], and converts the result back.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod clock;
mod engine;
mod error;
mod explorer;
mod game;
mod ids;
mod opening;
mod puzzle;
mod review;
mod review_cache;
mod setup;
mod square;
mod tree;
mod turn;
mod types;
mod view;

pub use clock::{
    clock_display_text, fischer_time_control, format_clock_time, time_control_description,
    time_control_from_pgn, time_control_to_pgn, validate_time_control, ClockReading, ClockState,
    TimeBonus, TimeControl, TimePeriod,
};
pub use engine::{
    engine_levels, max_search_threads, recommended_search_threads, win_percent, ChessEngine,
    EngineConfig, EngineLevel, Score, SearchHandle, SearchInfo, SearchLimits, SearchListener,
    SearchResult,
};
pub use error::ChessError;
pub use explorer::{ExplorerMove, OpeningExplorer};
pub use game::{ChessGame, PgnExportOptions, Tag};
pub use ids::game_archive_id;
pub use opening::{opening_of_fen, preload_openings, BookMove, Opening};
pub use puzzle::{ChessPuzzle, PuzzleStep};
pub use review::{
    review_preset_nodes, CoachListener, Coaching, EvalPoint, GameReview, HangingPiece, MoveClass,
    MoveReview, Refutation, ReviewListener, ReviewOptions, ReviewPreset, SideReview, Threat,
};
pub use review_cache::{review_from_json, review_to_json};
pub use setup::{
    possible_castling_rights, repair_fen, setup_fen, setup_of_fen, setup_problems, CastlingRights,
    PositionSetup, RepairedFen, SetupProblem, SetupProblemKind,
};
pub use square::{parse_square, square_name, Square};
pub use tree::{
    figurine_san, list_pgn_games, nag_symbol, parse_moves, pgn_text_from_bytes, read_pgn,
    san_parts, san_with_piece_symbols, AnnotationCommand, Arrow, CastlingWing, EvalScore,
    Evaluation, MarkColor, MoveListItem, NewMovePlacement, NodeAnnotations, NodeInfo,
    PgnGameListing, PgnGameSummary, PgnImport, SanParts, SkippedGame, SquareMark,
};
pub use turn::EngineReply;
pub use types::{
    DrawClaimMove, DrawReason, GameSnapshot, GameStatus, LegalMove, MaterialBalance, MoveRow,
    Outcome, Piece, PieceKind, Pin, Side,
};

use std::sync::atomic::{AtomicU64, Ordering};

/// The FEN of the standard starting position.
#[uniffi::export]
pub fn starting_fen() -> String {
    crate::notation::fen::STARTING_FEN.to_string()
}

/// The FEN of Chess960 start position `number` (0-959, Scharnagl's numbering; 518 is the
/// standard position), castling rights in X-FEN (`KQkq`), e.g. to preview it.
///
/// # Errors
/// `InvalidRequest` when `number` is above 959.
#[uniffi::export]
pub fn chess960_start_fen(number: u32) -> Result<String, ChessError> {
    let pos = crate::rules::chess960::start_position(number)
        .map_err(|e| ChessError::InvalidRequest(e.to_string()))?;
    Ok(crate::notation::fen::to_fen(&pos))
}

/// The version of the chesscore library, e.g. `"0.1.0"`.
#[uniffi::export]
pub fn chesscore_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// How many chesscore objects (games, engines, search handles) are alive: a debug counter that
/// lets tests in Kotlin and Swift prove objects are freed (`close()`/`use {}`/deinit).
static LIVE_OBJECTS: AtomicU64 = AtomicU64::new(0);

/// The number of chesscore objects currently alive in this process (for leak tests).
#[uniffi::export]
pub fn live_object_count() -> u64 {
    LIVE_OBJECTS.load(Ordering::SeqCst)
}

/// A member of every exported object: counts it alive from creation to drop.
pub(crate) struct LiveObject;

impl LiveObject {
    pub(crate) fn new() -> LiveObject {
        LIVE_OBJECTS.fetch_add(1, Ordering::SeqCst);
        LiveObject
    }
}

impl Drop for LiveObject {
    fn drop(&mut self) {
        LIVE_OBJECTS.fetch_sub(1, Ordering::SeqCst);
    }
}
