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

/// `N` keys drawn in order from `state`, and the state after them.
const fn draw<const N: usize>(mut state: u64) -> ([u64; N], u64) {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    (keys, state)
}

/// The keys, computed at compile time from a fixed seed in a fixed order (pieces, castling,
/// en passant files, side to move): a lookup is a load from a fixed address.
pub(crate) static KEYS: Keys = {
    let mut state: u64 = 0x1234_5678_9abc_def0;
    let mut piece = [[0; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let (keys, s) = draw::<64>(state);
        piece[p] = keys;
        state = s;
        p += 1;
    }
    let (castling, state) = draw::<64>(state);
    let (en_passant_file, state) = draw::<8>(state);
    let ([black_to_move], _) = draw::<1>(state);
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
