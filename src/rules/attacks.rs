//! Precomputed attack tables: leapers by lookup, sliders by magic bitboards.
//!
//! The tables are built once, on first use, from a fixed seed, so every run and every platform
//! sees the same numbers. Building them takes a few milliseconds.

use super::bitboard::Bitboard;
use super::square::Square;
use super::types::{PieceKind, Side};
use once_cell::sync::Lazy;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slider: Vec<u64>,
    /// Squares strictly between two aligned squares (empty when not aligned).
    between: Vec<[u64; 64]>,
    /// The whole line through two aligned squares (empty when not aligned).
    line: Vec<[u64; 64]>,
}

static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

fn slide(sq: Square, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            attacks |= 1 << next.index();
            if occupied & (1 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

fn leaper(sq: Square, deltas: &[(i32, i32)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |acc, s| acc | 1 << s.index())
}

/// The relevant occupancy mask: the slider's rays without their last square.
fn relevant_mask(sq: Square, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask |= 1 << next.index();
            cur = next;
        }
    }
    mask
}

/// A small deterministic generator (xorshift64*), so the magics are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magic(sq: Square, dirs: &[(i32, i32); 4], rng: &mut Rng, table: &mut Vec<u64>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut occupancies = Vec::with_capacity(size);
    let mut attacks = Vec::with_capacity(size);
    // Carry-rippler enumeration of every subset of the mask.
    let mut subset = 0u64;
    loop {
        occupancies.push(subset);
        attacks.push(slide(sq, subset, dirs));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let offset = table.len();
    table.resize(offset + size, 0);
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let shift = 64 - bits;
        let mut ok = true;
        for (occ, att) in occupancies.iter().zip(&attacks) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch[idx] < attempt {
                epoch[idx] = attempt;
                table[offset + idx] = *att;
            } else if table[offset + idx] != *att {
                ok = false;
                break;
            }
        }
        if ok {
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

impl Tables {
    fn build() -> Tables {
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in Square::all() {
            knight[sq.index()] = leaper(sq, &KNIGHT_DELTAS);
            king[sq.index()] = leaper(sq, &KING_DELTAS);
            pawn[Side::White.index()][sq.index()] = leaper(sq, &[(-1, 1), (1, 1)]);
            pawn[Side::Black.index()][sq.index()] = leaper(sq, &[(-1, -1), (1, -1)]);
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut slider = Vec::with_capacity(107_648);
        let mut rook_magics = [Magic::default(); 64];
        let mut bishop_magics = [Magic::default(); 64];
        for sq in Square::all() {
            rook_magics[sq.index()] = find_magic(sq, &ROOK_DIRS, &mut rng, &mut slider);
            bishop_magics[sq.index()] = find_magic(sq, &BISHOP_DIRS, &mut rng, &mut slider);
        }
        let mut between = vec![[0u64; 64]; 64];
        let mut line = vec![[0u64; 64]; 64];
        for a in Square::all() {
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                for &(df, dr) in dirs.iter() {
                    let mut ray = 0u64;
                    let mut cur = a;
                    while let Some(next) = cur.offset(df, dr) {
                        between[a.index()][next.index()] = ray;
                        ray |= 1 << next.index();
                        cur = next;
                    }
                }
                // Lines: both directions of each axis through `a`.
                for &(df, dr) in dirs.iter() {
                    let full = {
                        let mut bb = 1u64 << a.index();
                        for sign in [1, -1] {
                            let mut cur = a;
                            while let Some(next) = cur.offset(df * sign, dr * sign) {
                                bb |= 1 << next.index();
                                cur = next;
                            }
                        }
                        bb
                    };
                    let mut cur = a;
                    while let Some(next) = cur.offset(df, dr) {
                        line[a.index()][next.index()] = full;
                        cur = next;
                    }
                }
            }
        }
        Tables {
            knight,
            king,
            pawn,
            rook_magics,
            bishop_magics,
            slider,
            between,
            line,
        }
    }
}

#[inline]
fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & magic.mask).wrapping_mul(magic.magic) >> magic.shift) as usize;
    // SAFETY: `idx < 1 << (64 - shift)` by construction, and the table holds that many entries
    // from `offset` on (see `find_magic`).
    Bitboard(unsafe { *TABLES.slider.get_unchecked(magic.offset + idx) })
}

/// Forces the tables to be built now rather than on first use (e.g. at app start).
pub fn init() {
    Lazy::force(&TABLES);
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.knight[sq.index()])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.king[sq.index()])
}

/// The squares a pawn of `side` on `sq` attacks (its diagonal captures).
#[inline]
pub fn pawn_attacks(side: Side, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn[side.index()][sq.index()])
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.rook_magics[sq.index()], occupied)
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.bishop_magics[sq.index()], occupied)
}

/// The squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares a piece of `kind` and `side` on `sq` attacks, given the occupied squares.
#[inline]
pub fn attacks(kind: PieceKind, side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(side, sq),
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::Queen => queen_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_slow_rays() {
        let mut rng = Rng(42);
        for sq in Square::all() {
            for _ in 0..200 {
                let occ = rng.sparse() | rng.sparse();
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    slide(sq, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(sq, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            pawn_attacks(Side::White, Square::A2),
            Bitboard::from_square(Square::B3)
        );
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2) | Bitboard::from_square(Square::C3)
        );
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert_eq!(line(Square::C3, Square::A1), line(Square::A1, Square::H8));
        assert!(line(Square::A1, Square::B3).is_empty());
    }
}
