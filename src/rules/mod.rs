//! The rules of chess: squares, bitboards, attack tables, positions, legal move generation,
//! make/undo and Zobrist keys. Knows nothing of text, threads or I/O.

pub mod attacks;
mod bitboard;
mod movegen;
mod moves;
mod position;
mod splitmix;
mod square;
mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use movegen::GenKind;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{Position, PositionError, PositionProblem, Setup, Undo};
pub use splitmix::{mix64, SplitMix64};
pub use square::{ParseSquareError, Square};
pub use types::{BySide, Piece, PieceKind, Side};
