//! The rules of chess: squares, bitboards, attack tables, positions, legal move generation,
//! make/undo and Zobrist keys. Knows nothing of text, threads or I/O.

pub mod attacks;
mod bitboard;
mod mating;
mod movegen;
mod moves;
mod position;
mod square;
mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use movegen::GenKind;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{Position, PositionError, PositionProblem, Setup, Undo};
pub use square::{ParseSquareError, Square};
pub use types::{BySide, Piece, PieceKind, Side};
