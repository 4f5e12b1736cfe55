//! Chess notations: FEN, UCI, SAN and PGN. Each turns text into typed values and back; syntax
//! errors and legality errors are different variants.

pub mod fen;
pub mod illegal;
pub mod numbering;
pub mod pgn;
pub mod san;
pub mod uci;
