//! The UniFFI layer: the only code that knows UniFFI. Every exported method converts its
//! arguments, delegates to [`crate::game`] or [`crate::engine`], and converts the result back.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine;
mod error;
mod game;
mod types;

pub use engine::{
    engine_levels, ChessEngine, EngineConfig, EngineLevel, Score, SearchHandle, SearchInfo,
    SearchLimits, SearchListener, SearchResult,
};
pub use error::ChessError;
pub use game::{ChessGame, Tag};
pub use types::{
    DrawReason, GameSnapshot, GameStatus, LegalMove, MoveRow, Outcome, Piece, PieceKind, Side,
};

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::Square;

/// The name of square `index` (0 = a1, 1 = b1, ..., 63 = h8), e.g. `"e4"` for 28.
///
/// # Errors
/// [`ChessError::InvalidSquare`] when `index` is 64 or more.
#[uniffi::export]
pub fn square_name(index: u32) -> Result<String, ChessError> {
    Ok(square_from_index(index)?.to_string())
}

/// The index (0 = a1 .. 63 = h8) of the square named `name`, e.g. 28 for `"e4"`.
///
/// # Errors
/// [`ChessError::InvalidSquare`] when `name` is not a file a-h followed by a rank 1-8.
#[uniffi::export]
pub fn square_index(name: String) -> Result<u32, ChessError> {
    Ok(name.trim().parse::<Square>()?.index() as u32)
}

/// The FEN of the standard starting position.
#[uniffi::export]
pub fn starting_fen() -> String {
    crate::notation::fen::STARTING_FEN.to_string()
}

/// The version of the chesscore library, e.g. `"0.1.0"`.
#[uniffi::export]
pub fn chesscore_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

pub(crate) fn square_from_index(index: u32) -> Result<Square, ChessError> {
    Square::new(index).ok_or_else(|| {
        ChessError::InvalidSquare(format!(
            "invalid square index {index}: expected 0 (a1) to 63 (h8)"
        ))
    })
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
