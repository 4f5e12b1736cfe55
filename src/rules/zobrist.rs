//! Zobrist hashing keys, generated from a fixed seed so that keys are the same on every run.

use super::square::Square;
use super::types::Piece;
use once_cell::sync::Lazy;

pub(crate) struct Keys {
    pub piece: [[u64; 64]; 12],
    pub castling: [u64; 64],
    pub en_passant_file: [u64; 8],
    pub black_to_move: u64,
}

pub(crate) static KEYS: Lazy<Keys> = Lazy::new(|| {
    // splitmix64: small, well mixed, deterministic.
    let mut state: u64 = 0x1234_5678_9abc_def0;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut piece = [[0; 64]; 12];
    for table in piece.iter_mut() {
        for key in table.iter_mut() {
            *key = next();
        }
    }
    let mut castling = [0; 64];
    for key in castling.iter_mut() {
        *key = next();
    }
    let mut en_passant_file = [0; 8];
    for key in en_passant_file.iter_mut() {
        *key = next();
    }
    Keys {
        piece,
        castling,
        en_passant_file,
        black_to_move: next(),
    }
});

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.piece[piece.index()][sq.index()]
}
