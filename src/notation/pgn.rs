//! Portable Game Notation (PGN): reading real-world files and writing standard exports.

use crate::notation::{fen::FenError, san::SanError};
use std::fmt;

/// What is wrong at the place a [`PgnError`] points to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text holds no game.
    NoGame,
    /// A move is not legal (or not SAN, or ambiguous) in the position where it stands.
    Move(SanError),
    /// The `[FEN]` tag does not hold a valid position.
    Fen(FenError),
    /// Any other malformed construct; the text says what was expected.
    Syntax(String),
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::NoGame => f.write_str("no game found"),
            PgnErrorKind::Move(e) => write!(f, "{e}"),
            PgnErrorKind::Fen(e) => write!(f, "{e}"),
            PgnErrorKind::Syntax(s) => f.write_str(s),
        }
    }
}

/// Why a PGN text could not be read: where (line and column, both counted from 1, the column in
/// characters), which token, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid PGN at line {line}, column {column} ('{token}'): {kind}")]
pub struct PgnError {
    /// The line of the offending token, from 1.
    pub line: u32,
    /// The column of the offending token's first character, from 1.
    pub column: u32,
    /// The offending token as it stands in the text (empty at the end of the text).
    pub token: String,
    /// What is wrong.
    pub kind: PgnErrorKind,
}
