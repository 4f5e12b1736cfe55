//! The one error type the apps see.

use crate::engine::{HashSizeError, LevelError, ThreadCountError};
use crate::notation::fen::FenError;
use crate::notation::san::SanError;
use crate::notation::uci::UciError;
use crate::rules::ParseSquareError;

/// Everything that can go wrong in a call, one variant per thing a UI does differently.
///
/// Each variant carries a message that says what is wrong and where: the FEN field, the notation
/// token, the PGN line and column (Kotlin `ChessException.X.message`; in Swift, `ChessError.X(message:)`).
/// A failed call leaves the object unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum ChessError {
    /// A FEN that cannot be read or describes an illegal position; the message names the field.
    #[error("{0}")]
    InvalidFen(String),
    /// A move in SAN or UCI that cannot be read, or SAN that fits several legal moves; the
    /// message quotes the token. (A well-formed move that is not legal is `IllegalMove`.)
    #[error("{0}")]
    InvalidNotation(String),
    /// A well-formed move that is not legal in the current position.
    #[error("{0}")]
    IllegalMove(String),
    /// The game has ended; no more moves (or resignations, or claims) are accepted.
    #[error("{0}")]
    GameOver(String),
    /// A square index outside 0..=63 or a square name that is not a1..h8.
    #[error("{0}")]
    InvalidSquare(String),
    /// A PGN that cannot be read; the message gives the line, the column and the token.
    #[error("{0}")]
    InvalidPgn(String),
    /// A saved game (JSON) that is damaged, tampered with or from an unknown version.
    #[error("{0}")]
    InvalidSavedGame(String),
    /// A request that is not possible now, e.g. claiming a draw when none is claimable, or an
    /// out-of-range engine setting.
    #[error("{0}")]
    InvalidRequest(String),
    /// Something that should never happen and that no argument can fix: an exception thrown by
    /// a `SearchListener` or `ReviewListener` (reported by the engine's next `think`,
    /// `thinkFen`, `review` or `coach`), or the engine's thread refused by the system. A
    /// search, review or coach that fails with a bug in chesscore (a caught panic; please
    /// report it with the message) ends with `SearchResult.error`, `GameReview.error` or the
    /// coach listener's `error` set; the Kotlin and Swift wrappers throw this error with it.
    #[error("{0}")]
    Internal(String),
}

/// The error for SAN (or UCI) text that `e` says cannot be played, with `message`: `IllegalMove`
/// for a well-formed move that is not legal, `InvalidNotation` for text that is not a move or
/// SAN that fits several. The one place that kind is decided.
pub(super) fn san_error(e: &SanError, message: String) -> ChessError {
    match e {
        SanError::Illegal { .. } => ChessError::IllegalMove(message),
        SanError::Syntax(_) | SanError::Ambiguous { .. } => ChessError::InvalidNotation(message),
    }
}

impl From<FenError> for ChessError {
    fn from(e: FenError) -> Self {
        ChessError::InvalidFen(e.to_string())
    }
}

impl From<ParseSquareError> for ChessError {
    fn from(e: ParseSquareError) -> Self {
        ChessError::InvalidSquare(e.to_string())
    }
}

impl From<UciError> for ChessError {
    fn from(e: UciError) -> Self {
        match e {
            UciError::Syntax(_) => ChessError::InvalidNotation(e.to_string()),
            UciError::Illegal(_) => ChessError::IllegalMove(e.to_string()),
        }
    }
}

impl From<LevelError> for ChessError {
    fn from(e: LevelError) -> Self {
        ChessError::InvalidRequest(e.to_string())
    }
}

impl From<HashSizeError> for ChessError {
    fn from(e: HashSizeError) -> Self {
        ChessError::InvalidRequest(e.to_string())
    }
}

impl From<ThreadCountError> for ChessError {
    fn from(e: ThreadCountError) -> Self {
        ChessError::InvalidRequest(e.to_string())
    }
}
