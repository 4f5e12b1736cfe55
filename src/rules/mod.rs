//! The rules of chess: squares, bitboards, attack tables, positions, legal move generation,
//! make/undo, Zobrist keys, Chess960 start positions, attack information and the material
//! difference for UIs. Knows nothing of text, threads or I/O.

mod attack_info;
pub mod attacks;
mod bitboard;
pub mod chess960;
mod material;
mod mating;
mod movegen;
mod moves;
mod position;
mod splitmix;
mod square;
mod types;
mod zobrist;

pub use attack_info::Pin;
pub use bitboard::Bitboard;
pub use material::{MaterialBalance, MATERIAL_ORDER};
pub use movegen::GenKind;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{CastlingMode, Position, PositionError, PositionProblem, Setup, Undo};
pub use splitmix::{mix64, SplitMix64};
pub use square::{ParseSquareError, Square};
pub use types::{BySide, Piece, PieceKind, Side};
