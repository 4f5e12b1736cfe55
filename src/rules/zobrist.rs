//! Zobrist hashing keys, generated from a fixed seed so that keys are the same on every run.

use super::square::Square;
use super::types::Piece;

pub(crate) struct Keys {
    pub piece: [[u64; 64]; 12],
    pub castling: [u64; 64],
    pub en_passant_file: [u64; 8],
    pub black_to_move: u64,
}

/// splitmix64: small, well mixed, deterministic. Returns the new state and the output.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// The keys, computed at compile time from a fixed seed in a fixed order (pieces, castling,
/// en passant files, side to move): a lookup is a load from a fixed address.
pub(crate) static KEYS: Keys = {
    let mut state: u64 = 0x1234_5678_9abc_def0;
    let mut piece = [[0; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            piece[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let mut castling = [0; 64];
    let mut i = 0;
    while i < 64 {
        let (s, k) = splitmix(state);
        state = s;
        castling[i] = k;
        i += 1;
    }
    let mut en_passant_file = [0; 8];
    let mut i = 0;
    while i < 8 {
        let (s, k) = splitmix(state);
        state = s;
        en_passant_file[i] = k;
        i += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        piece,
        castling,
        en_passant_file,
        black_to_move,
    }
};

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.piece[piece.index()][sq.index()]
}
