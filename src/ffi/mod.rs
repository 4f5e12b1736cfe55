//! The UniFFI layer: the only code that knows UniFFI. Every exported method converts its
//! arguments, delegates to [`crate::game`] or [`crate::engine`], and converts the result back.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod error;

pub use error::ChessError;

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
