//! Zobrist hashing keys, generated from a fixed seed so that keys are the same on every run.

use super::splitmix::SplitMix64;
use super::square::Square;
use super::types::Piece;

pub(crate) struct Keys {
    pub piece: [[u64; 64]; 12],
    pub castling: [u64; 64],
    pub en_passant_file: [u64; 8],
    pub black_to_move: u64,
}

/// `N` keys drawn in order from `rng`, and the generator after them.
const fn draw<const N: usize>(mut rng: SplitMix64) -> ([u64; N], SplitMix64) {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        let (next, k) = rng.step();
        rng = next;
        keys[i] = k;
        i += 1;
    }
    (keys, rng)
}

/// The keys, computed at compile time from a fixed seed in a fixed order (pieces, castling,
/// en passant files, side to move): a lookup is a load from a fixed address.
pub(crate) static KEYS: Keys = {
    let mut rng = SplitMix64::new(0x1234_5678_9abc_def0);
    let mut piece = [[0; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let (keys, next) = draw::<64>(rng);
        piece[p] = keys;
        rng = next;
        p += 1;
    }
    let (castling, rng) = draw::<64>(rng);
    let (en_passant_file, rng) = draw::<8>(rng);
    let ([black_to_move], _) = draw::<1>(rng);
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
