//! Precomputed attack tables: leapers by lookup, sliders by magic bitboards.
//!
//! Every table is computed by the compiler (`const fn`) from magic numbers fixed in the source
//! and lives in the binary's read-only data, so every run and every platform sees the same
//! tables and nothing is built at start-up. A lookup is one load from a fixed address: no
//! first-use check and no pointer to follow (built lazily at run time, the checks and the
//! indirection cost about 3 % of the search). A magic that collided would stop the build.

use super::bitboard::Bitboard;
use super::square::Square;
use super::types::{PieceKind, Side};

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

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Entries in the slider table: every rook and bishop occupancy of every square.
const SLIDER_ENTRIES: usize = 107_648;

/// The square `df` files and `dr` ranks from square index `sq`, if on the board.
const fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = step(sq, deltas[i].0, deltas[i].1) {
                t[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const KNIGHT: [u64; 64] = leaper_table(&KNIGHT_DELTAS);
const KING: [u64; 64] = leaper_table(&KING_DELTAS);
const PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The squares a slider on `sq` attacks along `dirs`, stopping at (and including) the first
/// occupied square of each ray.
const fn slide(sq: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = step(cur, dirs[d].0, dirs[d].1) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    attacks
}

/// The relevant occupancy mask: the slider's rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut cur = sq;
        while let Some(next) = step(cur, df, dr) {
            if step(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
        d += 1;
    }
    mask
}

/// The magic entry of a slider on `sq` moving along `dirs`, whose attack sets start at `offset`
/// in [`SLIDER`].
const fn magic_entry(sq: usize, dirs: &[(i32, i32); 4], magic: u64, offset: usize) -> Magic {
    let mask = relevant_mask(sq, dirs);
    Magic {
        mask,
        magic,
        shift: 64 - mask.count_ones(),
        offset,
    }
}

/// The rook and bishop magics by square, with their offsets into [`SLIDER`] (rook then bishop,
/// square by square).
const MAGICS: ([Magic; 64], [Magic; 64]) = {
    let empty = magic_entry(0, &ROOK_DIRS, 0, 0);
    let mut rook = [empty; 64];
    let mut bishop = [empty; 64];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        rook[sq] = magic_entry(sq, &ROOK_DIRS, ROOK_MAGICS[sq], offset);
        offset += 1 << (64 - rook[sq].shift);
        bishop[sq] = magic_entry(sq, &BISHOP_DIRS, BISHOP_MAGICS[sq], offset);
        offset += 1 << (64 - bishop[sq].shift);
        sq += 1;
    }
    assert!(offset == SLIDER_ENTRIES);
    (rook, bishop)
};
static ROOK_MAGIC: [Magic; 64] = MAGICS.0;
static BISHOP_MAGIC: [Magic; 64] = MAGICS.1;

/// Writes the attack sets of every occupancy of `m`'s mask at their magic index; panics (at
/// compile time) when two occupancies with different attack sets share an index.
const fn fill_magic(
    table: &mut [u64; SLIDER_ENTRIES],
    sq: usize,
    m: &Magic,
    dirs: &[(i32, i32); 4],
) {
    // Carry-rippler enumeration of every subset of the mask. An entry written twice must get
    // the same set; the all-zero set never occurs (a slider always attacks something), so a
    // zero entry is unwritten.
    let mut subset = 0u64;
    loop {
        let idx = m.offset + (subset.wrapping_mul(m.magic) >> m.shift) as usize;
        let attacks = slide(sq, subset, dirs);
        assert!(table[idx] == 0 || table[idx] == attacks, "magic collision");
        table[idx] = attacks;
        subset = subset.wrapping_sub(m.mask) & m.mask;
        if subset == 0 {
            break;
        }
    }
}

/// Every slider attack set, indexed through [`ROOK_MAGIC`] and [`BISHOP_MAGIC`] (841 KB).
#[allow(long_running_const_eval)]
static SLIDER: [u64; SLIDER_ENTRIES] = {
    let mut table = [0u64; SLIDER_ENTRIES];
    let mut sq = 0;
    while sq < 64 {
        fill_magic(&mut table, sq, &MAGICS.0[sq], &ROOK_DIRS);
        fill_magic(&mut table, sq, &MAGICS.1[sq], &BISHOP_DIRS);
        sq += 1;
    }
    table
};

/// `(between, line)`: the squares strictly between two aligned squares, and the whole line
/// (edge to edge) through them; both empty when the squares are not aligned.
const LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut axis = 0;
        while axis < 8 {
            let (df, dr) = if axis < 4 {
                ROOK_DIRS[axis]
            } else {
                BISHOP_DIRS[axis - 4]
            };
            // The full line through `a` along this direction and its opposite.
            let mut full = 1u64 << a;
            let mut cur = a;
            while let Some(next) = step(cur, df, dr) {
                full |= 1 << next;
                cur = next;
            }
            cur = a;
            while let Some(next) = step(cur, -df, -dr) {
                full |= 1 << next;
                cur = next;
            }
            let mut ray = 0u64;
            cur = a;
            while let Some(next) = step(cur, df, dr) {
                between[a][next] = ray;
                line[a][next] = full;
                ray |= 1 << next;
                cur = next;
            }
            axis += 1;
        }
        a += 1;
    }
    (between, line)
};
static BETWEEN: [[u64; 64]; 64] = LINES.0;
static LINE: [[u64; 64]; 64] = LINES.1;

/// The seed the magics were searched from (see `find_magic`, used by the tests only).
#[cfg(test)]
const MAGIC_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// The rook magic multipliers by square (a1 = 0), found by `find_magic` from the fixed seed
/// `MAGIC_SEED` (the unit tests re-derive them and check that none collides).
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480,
    0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
    0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
    0x000a001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
    0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
    0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104,
    0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
    0x0050500500080100, 0x0000020080040080, 0x0c10010400420810, 0x1040008200005104,
    0x01808240088004a0, 0x0882804004802000, 0x0880402001001100, 0x2000210409001000,
    0x2000480131001500, 0x0000800400800200, 0x000002380c001003, 0x4600084882000431,
    0x0080002000504000, 0x0300500020004002, 0x0040408200220011, 0x0010040008004040,
    0x0000080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
    0x0088403882010200, 0x0820400080210100, 0x0110910040a00300, 0x0801100280080480,
    0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
    0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
    0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
];

/// The bishop magic multipliers by square (a1 = 0), found by `find_magic` from the fixed seed
/// `MAGIC_SEED` (the unit tests re-derive them and check that none collides).
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x20c0090901061081, 0x0024040094030104, 0x8210810200290200, 0x0011040484620000,
    0x0081104002221000, 0x0009012011001350, 0x0081010802400380, 0x0000420210010408,
    0x0008105002280050, 0x0001028484040044, 0x2a00880810408804, 0x7020022282000100,
    0x0084040420100a50, 0x000401010840e000, 0x2020020210420888, 0x0008084202012010,
    0x2010400810018800, 0x0445122008020840, 0x0804100808002008, 0x0008002104110100,
    0x0061005820080800, 0x2001000200820100, 0x480c210084010800, 0x3004442500480420,
    0x1010102240048100, 0x00182009084220a3, 0x8803090a10004205, 0x0208080040202020,
    0x000c044084010040, 0x00a1010002004106, 0x6008210020640202, 0x1600902112860801,
    0x00042008c1220200, 0x010c042002440140, 0x5022080200040820, 0x0402004042940100,
    0x0860108400008020, 0x000c080022021000, 0x0264080652822100, 0x4005031221010401,
    0x0004502410008400, 0x000500b010a20400, 0x0415094050080800, 0x080000201800a104,
    0x4022a80304000110, 0x4012140802028020, 0x40200104010100a0, 0x12810806008b0c41,
    0x0020441008080000, 0x2002120084045420, 0x0704020062080002, 0x0000001084040001,
    0x0322200891240200, 0xf040200210024800, 0x0140824832008042, 0x000210020a004602,
    0x0083042805141020, 0x002c12009a011000, 0x0041a00044140400, 0x00004004020a0202,
    0x0000140010020210, 0x2864160811012200, 0x2060080841082a17, 0xa010041108003100,
];

/// A small deterministic generator (xorshift64*), so the magic search is reproducible.
#[cfg(test)]
struct Rng(u64);

#[cfg(test)]
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

/// Searches a magic multiplier for `sq` (random sparse candidates until one maps every
/// occupancy without a destructive collision): how `ROOK_MAGICS` and `BISHOP_MAGICS` were made.
#[cfg(test)]
fn find_magic(sq: Square, dirs: &[(i32, i32); 4], rng: &mut Rng) -> u64 {
    let sq = sq.index();
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let mut occupancies = Vec::new();
    let mut subset = 0u64;
    loop {
        occupancies.push((subset, slide(sq, subset, dirs)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let mut table = vec![0u64; 1 << bits];
    // epoch[i] == attempt: entry i was written by this attempt.
    let mut epoch = vec![0u32; 1 << bits];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = occupancies.iter().all(|&(occ, att)| {
            let idx = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[idx] < attempt {
                epoch[idx] = attempt;
                table[idx] = att;
                true
            } else {
                table[idx] == att
            }
        });
        if ok {
            return magic;
        }
    }
}

#[inline]
fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & magic.mask).wrapping_mul(magic.magic) >> magic.shift) as usize;
    // SAFETY: `idx < 1 << (64 - shift)` by construction, and the table holds that many entries
    // from `offset` on (see `find_magic`).
    Bitboard(unsafe { *SLIDER.get_unchecked(magic.offset + idx) })
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `side` on `sq` attacks (its diagonal captures).
#[inline]
pub fn pawn_attacks(side: Side, sq: Square) -> Bitboard {
    Bitboard(PAWN[side.index()][sq.index()])
}

/// The squares any of `pawns` (pawns of `side`) attacks: the whole set at once, by shifts.
#[inline]
pub fn pawn_attacks_set(side: Side, pawns: Bitboard) -> Bitboard {
    let (not_a, not_h) = ((pawns - Bitboard::FILE_A).0, (pawns - Bitboard::FILE_H).0);
    Bitboard(match side {
        Side::White => (not_a << 7) | (not_h << 9),
        Side::Black => (not_a >> 9) | (not_h >> 7),
    })
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC[sq.index()], occupied)
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC[sq.index()], occupied)
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
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_magics_are_the_seeded_search_and_never_collide() {
        let mut rng = Rng(MAGIC_SEED);
        for sq in Square::all() {
            let i = sq.index();
            // The same search order as the constants were made with: rook, then bishop.
            assert_eq!(
                find_magic(sq, &ROOK_DIRS, &mut rng),
                ROOK_MAGICS[i],
                "rook {i}"
            );
            assert_eq!(
                find_magic(sq, &BISHOP_DIRS, &mut rng),
                BISHOP_MAGICS[i],
                "bishop {i}"
            );
            // Every occupancy's magic index holds its attack set (collisions would not have
            // compiled; this checks the table the compiler built).
            for (m, dirs) in [
                (&ROOK_MAGIC[i], &ROOK_DIRS),
                (&BISHOP_MAGIC[i], &BISHOP_DIRS),
            ] {
                let mut subset = 0u64;
                loop {
                    assert_eq!(magic_lookup(m, Bitboard(subset)).0, slide(i, subset, dirs));
                    subset = subset.wrapping_sub(m.mask) & m.mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
        let last = &BISHOP_MAGIC[63];
        assert_eq!(last.offset + (1 << (64 - last.shift)), SLIDER_ENTRIES);
    }

    #[test]
    fn magic_lookups_match_slow_rays() {
        let mut rng = Rng(42);
        for sq in Square::all() {
            for _ in 0..200 {
                let occ = rng.sparse() | rng.sparse();
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    slide(sq.index(), occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(sq.index(), occ, &BISHOP_DIRS)
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

    #[test]
    fn pawn_attacks_of_a_set_are_the_union_of_single_pawns() {
        let mut rng = Rng(7);
        for _ in 0..500 {
            let pawns = Bitboard(rng.next() & 0x00FF_FFFF_FFFF_FF00);
            for side in Side::ALL {
                let one_by_one =
                    pawns.fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(side, sq));
                assert_eq!(pawn_attacks_set(side, pawns), one_by_one);
            }
        }
    }
}
