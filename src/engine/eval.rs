//! Static evaluation: a tapered (middle game / endgame) sum of material, piece-square terms,
//! mobility, pawn structure, king safety and a few piece terms, scaled for drawish endings, from
//! the side to move's point of view.
//!
//! Every weight is a named constant or a table built from a short formula below; none is taken
//! from another engine.

use crate::rules::attacks;
use crate::rules::{Bitboard, PieceKind, Position, Side, Square};

/// A middle-game / endgame pair of weights.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct S(i32, i32);

impl std::ops::Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// Simple piece values for exchange arithmetic (SEE, delta pruning, move ordering).
pub const PIECE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Game phase weight of each piece kind; 24 = all pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// Mobility tables have one entry per count of safe attacked squares.
const MOBILITY_LEN: [usize; 6] = [0, 9, 14, 15, 28, 0];
/// King danger is indexed by attack units, capped at this.
const KING_DANGER_MAX_UNITS: usize = 24;

/// The layout of the tunable weight vector [`WEIGHTS`] (`eval_weights.rs`, written by
/// `examples/tune.rs`): each term's offset; the table terms take several slots.
mod w {
    use super::{KING_DANGER_MAX_UNITS, MOBILITY_LEN};
    /// Material by piece kind (6).
    pub const MATERIAL: usize = 0;
    /// Piece-square terms `[kind][square]` for White (Black mirrored) (6 × 64).
    pub const PST: usize = MATERIAL + 6;
    pub const MOB_KNIGHT: usize = PST + 6 * 64;
    pub const MOB_BISHOP: usize = MOB_KNIGHT + MOBILITY_LEN[1];
    pub const MOB_ROOK: usize = MOB_BISHOP + MOBILITY_LEN[2];
    pub const MOB_QUEEN: usize = MOB_ROOK + MOBILITY_LEN[3];
    /// Passed pawn by relative rank (8).
    pub const PASSED: usize = MOB_QUEEN + MOBILITY_LEN[4];
    /// Per square of distance from the enemy king to the passer's stop square, by rank (8).
    pub const PASSER_ENEMY_KING: usize = PASSED + 8;
    /// Per square of distance from our own king to the stop square, by rank (8).
    pub const PASSER_OWN_KING: usize = PASSER_ENEMY_KING + 8;
    pub const PASSER_BLOCKED: usize = PASSER_OWN_KING + 8;
    pub const DOUBLED: usize = PASSER_BLOCKED + 1;
    pub const ISOLATED: usize = DOUBLED + 1;
    pub const BACKWARD_OPEN: usize = ISOLATED + 1;
    pub const BISHOP_PAIR: usize = BACKWARD_OPEN + 1;
    pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
    pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
    pub const THREAT_BY_PAWN: usize = ROOK_SEMI_OPEN_FILE + 1;
    pub const THREAT_MINOR_ON_MAJOR: usize = THREAT_BY_PAWN + 1;
    pub const HANGING: usize = THREAT_MINOR_ON_MAJOR + 1;
    pub const SHIELD_NEAR: usize = HANGING + 1;
    pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
    pub const SHIELD_MISSING: usize = SHIELD_FAR + 1;
    pub const SHIELD_OPEN_FILE: usize = SHIELD_MISSING + 1;
    /// King danger by attack units (0..=16) when two or more pieces with a queen attack.
    pub const KING_DANGER: usize = SHIELD_OPEN_FILE + 1;
    /// Pawn defended by a pawn, by relative rank (8).
    pub const SUPPORTED: usize = KING_DANGER + KING_DANGER_MAX_UNITS + 1;
    /// Pawn with a pawn beside it on the same rank, by relative rank (8).
    pub const PHALANX: usize = SUPPORTED + 8;
    /// Passed pawn with nothing on the squares ahead of it, by relative rank (8).
    pub const PASSER_FREE: usize = PHALANX + 8;
    /// Knight / bishop on relative rank 4-6, defended by a pawn, out of enemy pawns' reach.
    pub const KNIGHT_OUTPOST: usize = PASSER_FREE + 8;
    pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
    /// A safe square from which a knight / bishop / rook / queen of ours can check (4).
    pub const SAFE_CHECK: usize = BISHOP_OUTPOST + 1;
    pub const COUNT: usize = SAFE_CHECK + 4;
}

/// Number of tunable weights.
pub const PARAM_COUNT: usize = w::COUNT;

#[cfg(feature = "tuning")]
/// Names, offsets and lengths of the weight vector's terms (for the tuner's output).
pub const PARAM_LAYOUT: &[(&str, usize, usize)] = &[
    ("material", w::MATERIAL, 6),
    ("pst pawn", w::PST, 64),
    ("pst knight", w::PST + 64, 64),
    ("pst bishop", w::PST + 128, 64),
    ("pst rook", w::PST + 192, 64),
    ("pst queen", w::PST + 256, 64),
    ("pst king", w::PST + 320, 64),
    ("mobility knight", w::MOB_KNIGHT, MOBILITY_LEN[1]),
    ("mobility bishop", w::MOB_BISHOP, MOBILITY_LEN[2]),
    ("mobility rook", w::MOB_ROOK, MOBILITY_LEN[3]),
    ("mobility queen", w::MOB_QUEEN, MOBILITY_LEN[4]),
    ("passed pawn by rank", w::PASSED, 8),
    (
        "passer: enemy king distance by rank",
        w::PASSER_ENEMY_KING,
        8,
    ),
    ("passer: own king distance by rank", w::PASSER_OWN_KING, 8),
    ("passer blocked", w::PASSER_BLOCKED, 1),
    ("doubled", w::DOUBLED, 1),
    ("isolated", w::ISOLATED, 1),
    ("backward on a half-open file", w::BACKWARD_OPEN, 1),
    ("bishop pair", w::BISHOP_PAIR, 1),
    ("rook on open file", w::ROOK_OPEN_FILE, 1),
    ("rook on semi-open file", w::ROOK_SEMI_OPEN_FILE, 1),
    ("threat by pawn", w::THREAT_BY_PAWN, 1),
    ("threat minor on major", w::THREAT_MINOR_ON_MAJOR, 1),
    ("hanging", w::HANGING, 1),
    ("shield pawn near", w::SHIELD_NEAR, 1),
    ("shield pawn far", w::SHIELD_FAR, 1),
    ("shield pawn missing", w::SHIELD_MISSING, 1),
    ("shield open file", w::SHIELD_OPEN_FILE, 1),
    (
        "king danger by attack units",
        w::KING_DANGER,
        KING_DANGER_MAX_UNITS + 1,
    ),
    ("supported pawn by rank", w::SUPPORTED, 8),
    ("phalanx pawn by rank", w::PHALANX, 8),
    ("passer with a free path by rank", w::PASSER_FREE, 8),
    ("knight outpost", w::KNIGHT_OUTPOST, 1),
    ("bishop outpost", w::BISHOP_OUTPOST, 1),
    (
        "safe check by knight, bishop, rook, queen",
        w::SAFE_CHECK,
        4,
    ),
];

include!("eval_weights.rs");

#[cfg(any(test, feature = "tuning"))]
/// The tunable weights as (middle game, endgame) pairs, in [`PARAM_LAYOUT`] order.
pub fn weights() -> Vec<(i32, i32)> {
    WEIGHTS.iter().map(|s| (s.0, s.1)).collect()
}

const TEMPO: i32 = 12;
/// King-zone attack weights by attacker kind (knight, bishop, rook, queen).
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// King-danger units for a safe check by a knight, bishop, rook or queen.
const SAFE_CHECK_UNITS: [i32; 6] = [0, 3, 2, 4, 4, 0];

/// Pieces on the board below which a pawnless side cannot win (about a minor piece's margin).
const PAWNLESS_WIN_MARGIN: i32 = 400;
/// Endgame scaling is out of this.
const SCALE_NORMAL: i32 = 64;
const SCALE_OPPOSITE_BISHOPS: i32 = 32;
const SCALE_PAWNLESS_SMALL_EDGE: i32 = 3;
/// The endgame scale of the side ahead with no pawn; each of its pawns adds
/// [`SCALE_PER_PAWN`], up to [`SCALE_NORMAL`]: with fewer pawns there are fewer ways to win.
const SCALE_FEW_PAWNS: i32 = 40;
/// See [`SCALE_FEW_PAWNS`].
const SCALE_PER_PAWN: i32 = 6;
/// Bonus for driving a lone king to the edge (or to the right corner for KBN v K).
const MOP_UP_EDGE: i32 = 12;
const MOP_UP_KINGS_CLOSE: i32 = 6;
const MOP_UP_CORNER: i32 = 22;

struct Tables {
    /// Material + piece-square value for `[piece index][square]`, White's pieces from White's
    /// view and Black's mirrored, both as White-positive.
    psqt: [[S; 64]; 12],
    /// `[side][square]`: squares in front of a pawn on its file and the two neighbouring files.
    passed_mask: [[Bitboard; 64]; 2],
    /// `[side][square]`: squares strictly ahead on the same file.
    forward_file: [[Bitboard; 64]; 2],
    adjacent_files: [Bitboard; 8],
    /// The king's square, its neighbours, and the row further ahead of it.
    king_zone: [[Bitboard; 64]; 2],
    distance: [[i32; 64]; 64],
}

fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2
}

/// The evaluation's tables, computed at compile time: a lookup is a load from a fixed address.
static TABLES: Tables = {
    let zero = S(0, 0);
    let mut t = Tables {
        psqt: [[zero; 64]; 12],
        passed_mask: [[Bitboard::EMPTY; 64]; 2],
        forward_file: [[Bitboard::EMPTY; 64]; 2],
        adjacent_files: [Bitboard::EMPTY; 8],
        king_zone: [[Bitboard::EMPTY; 64]; 2],
        distance: [[0; 64]; 64],
    };
    let mut f = 0;
    while f < 8 {
        let mut adj = 0;
        if f > 0 {
            adj |= Bitboard::file(f - 1).0;
        }
        if f < 7 {
            adj |= Bitboard::file(f + 1).0;
        }
        t.adjacent_files[f as usize] = Bitboard(adj);
        f += 1;
    }
    let mut sq = 0usize;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut kind = 0;
        while kind < 6 {
            let m = WEIGHTS[w::MATERIAL + kind];
            let p = WEIGHTS[w::PST + kind * 64 + sq];
            let v = S(m.0 + p.0, m.1 + p.1);
            t.psqt[kind][sq] = v;
            // Black's piece on the mirrored square, as a White-positive value.
            t.psqt[6 + kind][sq ^ 56] = S(-v.0, -v.1);
            kind += 1;
        }
        let mut side = 0;
        while side < 2 {
            let sign = if side == 0 { 1 } else { -1 };
            let mut ahead = 0u64;
            let mut r = rank + sign;
            while r >= 0 && r < 8 {
                ahead |= Bitboard::rank(r as u32).0;
                r += sign;
            }
            let file_bb = Bitboard::file(file as u32).0;
            t.forward_file[side][sq] = Bitboard(ahead & file_bb);
            t.passed_mask[side][sq] =
                Bitboard(ahead & (file_bb | t.adjacent_files[file as usize].0));
            // The king's square, its neighbours, and the squares two ranks ahead of those
            // neighbours that are level with the king (the row in front of the shield).
            let mut zone = 0u64;
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 1 {
                    let (zf, zr) = (file + df, rank + dr);
                    if zf >= 0 && zf < 8 && zr >= 0 && zr < 8 {
                        zone |= 1 << (zr * 8 + zf);
                        let fr = zr + 2 * sign;
                        if fr >= 0 && fr < 8 && (fr - rank).abs() == 2 {
                            zone |= 1 << (fr * 8 + zf);
                        }
                    }
                    dr += 1;
                }
                df += 1;
            }
            t.king_zone[side][sq] = Bitboard(zone);
            side += 1;
        }
        let mut other = 0usize;
        while other < 64 {
            let df = (file - (other % 8) as i32).abs();
            let dr = (rank - (other / 8) as i32).abs();
            t.distance[sq][other] = if df > dr { df } else { dr };
            other += 1;
        }
        sq += 1;
    }
    t
};

/// Chebyshev (king-move) distance between two squares.
#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    TABLES.distance[a.index()][b.index()]
}

/// Records which weights an evaluation used and how often (for the tuner). The evaluation
/// proper uses [`NoTrace`], whose calls compile to nothing.
trait Trace {
    const ON: bool;
    /// `n` uses of weight `idx` for side `us`.
    fn add(&mut self, us: Side, idx: usize, n: i32);
}

struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _: Side, _: usize, _: i32) {}
}

#[cfg(any(test, feature = "tuning"))]
/// The linear decomposition of one evaluation, for tuning the weights offline
/// (`examples/tune.rs`): White-minus-Black use counts of each weight, the phase and the endgame
/// scale. With the same weights, `phase`/`scale` and the counts reproduce the evaluation up to
/// rounding, except for the parts left out of the weight vector (tempo, mop-up).
#[derive(Debug, Clone, Default)]
pub struct EvalTrace {
    /// `(weight index, White's uses minus Black's)`, nonzero counts only.
    pub coefs: Vec<(u16, i16)>,
    /// Game phase, 0 (bare kings and pawns) to 24 (all pieces).
    pub phase: i32,
    /// Endgame scale out of 64 (0 = dead draw).
    pub scale: i32,
    /// Mop-up bonus (White-positive), added to the endgame score after scaling.
    pub mop_up: i32,
    /// The evaluation from White's point of view (tempo included).
    pub white_eval: i32,
}

#[cfg(any(test, feature = "tuning"))]
struct DenseTrace(Vec<i32>);

#[cfg(any(test, feature = "tuning"))]
impl Trace for DenseTrace {
    const ON: bool = true;
    fn add(&mut self, us: Side, idx: usize, n: i32) {
        self.0[idx] += n * us.sign();
    }
}

#[cfg(any(test, feature = "tuning"))]
/// The evaluation of `pos` broken down into weight uses (see [`EvalTrace`]).
pub fn trace(pos: &Position) -> EvalTrace {
    let mut tr = DenseTrace(vec![0; PARAM_COUNT]);
    let (v, phase, scale, mop_up) = evaluate_with(pos, &mut tr, None);
    let coefs =
        tr.0.iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c as i16))
            .collect();
    EvalTrace {
        coefs,
        phase,
        scale,
        mop_up,
        white_eval: if pos.side_to_move() == Side::White {
            v
        } else {
            -v
        },
    }
}

/// The side to move's evaluation of `pos` in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &mut NoTrace, None).0
}

/// [`evaluate`] with the pawn-structure terms looked up in (and saved to) `pawns`. The result is
/// the same.
pub fn evaluate_cached(pos: &Position, pawns: &mut PawnCache) -> i32 {
    evaluate_with(pos, &mut NoTrace, Some(pawns)).0
}

/// The pawn-only terms of one pawn placement: their sum (White minus Black) and each side's
/// passed pawns.
#[derive(Debug, Clone, Copy, Default)]
struct PawnEntry {
    /// White's and Black's pawns (the key, compared in full: no false hits).
    pawns: [Bitboard; 2],
    score: S,
    passed: [Bitboard; 2],
}

/// A cache of pawn-structure terms by pawn placement. Pawns move rarely in a search tree, so
/// almost every evaluation finds its pawns here; the terms that also depend on kings and other
/// pieces (passed pawns' king distances, blockades) are still computed every time.
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

/// Entries in a [`PawnCache`] (40 bytes each: 160 KB).
const PAWN_CACHE_ENTRIES: usize = 4096;

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache {
            entries: vec![PawnEntry::default(); PAWN_CACHE_ENTRIES],
        }
    }
}

impl PawnCache {
    #[inline]
    fn get(&mut self, pos: &Position, t: &Tables) -> (S, [Bitboard; 2]) {
        let pawns = [
            pos.pieces(Side::White, PieceKind::Pawn),
            pos.pieces(Side::Black, PieceKind::Pawn),
        ];
        let h = (pawns[0].0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ pawns[1]
                .0
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(29))
            >> 52;
        let e = &mut self.entries[h as usize % PAWN_CACHE_ENTRIES];
        // An empty entry stands for "no pawns at all", which is also what it holds.
        if e.pawns != pawns {
            let (score, passed) = pawn_terms(pos, t, &mut NoTrace);
            *e = PawnEntry {
                pawns,
                score,
                passed,
            };
        }
        (e.score, e.passed)
    }
}

/// The evaluation, and the phase, endgame scale and mop-up it used.
#[inline(always)]
fn evaluate_with<T: Trace>(
    pos: &Position,
    tr: &mut T,
    pawns: Option<&mut PawnCache>,
) -> (i32, i32, i32, i32) {
    let t = &TABLES;
    let (mut score, passed) = match pawns {
        Some(cache) => cache.get(pos, t),
        None => pawn_terms(pos, t, tr),
    };
    let mut phase = 0;
    for side in Side::ALL {
        for kind in PieceKind::ALL {
            let bb = pos.pieces(side, kind);
            phase += PHASE_WEIGHT[kind.index()] * bb.count() as i32;
            let table = &t.psqt[side.index() * 6 + kind.index()];
            for sq in bb {
                score += table[sq.index()];
                if T::ON {
                    let rel = if side == Side::White {
                        sq
                    } else {
                        sq.flip_rank()
                    };
                    tr.add(side, w::MATERIAL + kind.index(), 1);
                    tr.add(side, w::PST + kind.index() * 64 + rel.index(), 1);
                }
            }
        }
    }
    let (white, white_attacks) = evaluate_side(pos, Side::White, passed[0], t, tr);
    let (black, black_attacks) = evaluate_side(pos, Side::Black, passed[1], t, tr);
    score += white;
    score -= black;
    score += threats(pos, Side::White, &white_attacks, &black_attacks, tr);
    score -= threats(pos, Side::Black, &black_attacks, &white_attacks, tr);

    let phase = phase.min(PHASE_TOTAL);
    let mut eg = score.1;
    let strong = if eg >= 0 { Side::White } else { Side::Black };
    let (scale, mop_up) = endgame_scale(pos, strong, t);
    eg = eg * scale / SCALE_NORMAL + mop_up * strong.sign();
    let mut v = (score.0 * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    if scale == 0 {
        v = 0;
    }
    let v = if pos.side_to_move() == Side::White {
        v
    } else {
        -v
    };
    let v = if scale == 0 { v } else { v + TEMPO };
    (v, phase, scale, mop_up * strong.sign())
}

/// The squares one side attacks: all of them, and those attacked by its pawns and minor pieces.
#[derive(Debug, Clone, Copy, Default)]
struct AttackMap {
    all: Bitboard,
    pawns: Bitboard,
    minors: Bitboard,
    /// By piece kind (knight, bishop, rook, queen at their indices).
    by_kind: [Bitboard; 6],
    /// King-danger units of the attack on the other king (zone attacks so far).
    attack_units: i32,
    /// Pieces attacking the other king's zone.
    attackers: i32,
}

/// `n` times weight `idx` for `us`, recorded in the trace.
#[inline(always)]
fn term<T: Trace>(tr: &mut T, us: Side, idx: usize, n: i32) -> S {
    tr.add(us, idx, n);
    WEIGHTS[idx] * n
}

/// Bonuses for `us` attacking the other side's pieces: with pawns, minors on majors, and
/// pieces attacked but not defended.
fn threats<T: Trace>(
    pos: &Position,
    us: Side,
    ours: &AttackMap,
    theirs: &AttackMap,
    tr: &mut T,
) -> S {
    let them = !us;
    let their_pieces = pos.side_pieces(them)
        - pos.pieces(them, PieceKind::Pawn)
        - pos.pieces(them, PieceKind::King);
    let majors = pos.pieces(them, PieceKind::Rook) | pos.pieces(them, PieceKind::Queen);
    let mut s = S(0, 0);
    s += term(
        tr,
        us,
        w::THREAT_BY_PAWN,
        (their_pieces & ours.pawns).count() as i32,
    );
    s += term(
        tr,
        us,
        w::THREAT_MINOR_ON_MAJOR,
        (majors & ours.minors).count() as i32,
    );
    let hanging =
        (pos.side_pieces(them) - pos.pieces(them, PieceKind::King)) & ours.all & !theirs.all;
    s += term(tr, us, w::HANGING, hanging.count() as i32);
    s += king_danger(pos, us, ours, theirs, tr);
    s
}

/// The attack on the other king: zone attacks and safe checks, as a tuned table of danger
/// units (only with two attackers and a queen), plus a term per kind of safe check.
fn king_danger<T: Trace>(
    pos: &Position,
    us: Side,
    ours: &AttackMap,
    theirs: &AttackMap,
    tr: &mut T,
) -> S {
    let them = !us;
    let king = pos.king_square(them);
    let occ = pos.occupied();
    // Squares we can move to that they do not defend.
    let safe = !pos.side_pieces(us) & !theirs.all;
    let diagonal = attacks::bishop_attacks(king, occ);
    let straight = attacks::rook_attacks(king, occ);
    let mut s = S(0, 0);
    let mut units = ours.attack_units;
    for (i, (kind, checks)) in [
        (PieceKind::Knight, attacks::knight_attacks(king)),
        (PieceKind::Bishop, diagonal),
        (PieceKind::Rook, straight),
        (PieceKind::Queen, diagonal | straight),
    ]
    .into_iter()
    .enumerate()
    {
        if (checks & ours.by_kind[kind.index()] & safe).any() {
            units += SAFE_CHECK_UNITS[kind.index()];
            s += term(tr, us, w::SAFE_CHECK + i, 1);
        }
    }
    if ours.attackers >= 2 && pos.pieces(us, PieceKind::Queen).any() {
        let units = (units as usize).min(KING_DANGER_MAX_UNITS);
        s += term(tr, us, w::KING_DANGER + units, 1);
    }
    s
}

/// Mobility, pawn structure, king safety and piece terms for one side (positive = good for it),
/// and the squares it attacks.
fn evaluate_side<T: Trace>(
    pos: &Position,
    us: Side,
    passed: Bitboard,
    t: &Tables,
    tr: &mut T,
) -> (S, AttackMap) {
    let them = !us;
    let occ = pos.occupied();
    let our_pawns = pos.pieces(us, PieceKind::Pawn);
    let their_pawns = pos.pieces(them, PieceKind::Pawn);
    let their_pawn_attacks = attacks::pawn_attacks_set(them, their_pawns);
    let mut map = AttackMap {
        pawns: attacks::pawn_attacks_set(us, our_pawns),
        ..AttackMap::default()
    };
    map.all = map.pawns | attacks::king_attacks(pos.king_square(us));
    let safe = !(pos.side_pieces(us) | their_pawn_attacks);
    let their_king = pos.king_square(them);
    let their_zone = t.king_zone[them.index()][their_king.index()];
    let mut s = S(0, 0);
    let mut attack_units = 0;
    let mut attackers = 0;

    let mut mobility = |kind: PieceKind, base: usize, attacked: Bitboard, tr: &mut T| {
        map.all |= attacked;
        map.by_kind[kind.index()] |= attacked;
        if matches!(kind, PieceKind::Knight | PieceKind::Bishop) {
            map.minors |= attacked;
        }
        let count = (attacked & safe).count() as usize;
        s += term(tr, us, base + count.min(MOBILITY_LEN[kind.index()] - 1), 1);
        let hits = attacked & their_zone;
        if hits.any() {
            attackers += 1;
            attack_units += KING_ATTACK_WEIGHT[kind.index()] * (1 + hits.count() as i32) / 2;
        }
    };
    for sq in pos.pieces(us, PieceKind::Knight) {
        mobility(
            PieceKind::Knight,
            w::MOB_KNIGHT,
            attacks::knight_attacks(sq),
            tr,
        );
    }
    let queens = pos.pieces(us, PieceKind::Queen);
    for sq in pos.pieces(us, PieceKind::Bishop) {
        // Bishops see through their own queen.
        mobility(
            PieceKind::Bishop,
            w::MOB_BISHOP,
            attacks::bishop_attacks(sq, occ - queens),
            tr,
        );
    }
    for sq in pos.pieces(us, PieceKind::Rook) {
        let rooks = pos.pieces(us, PieceKind::Rook);
        mobility(
            PieceKind::Rook,
            w::MOB_ROOK,
            attacks::rook_attacks(sq, occ - queens - rooks),
            tr,
        );
    }
    for sq in queens {
        mobility(
            PieceKind::Queen,
            w::MOB_QUEEN,
            attacks::queen_attacks(sq, occ),
            tr,
        );
    }
    map.attack_units = attack_units;
    map.attackers = attackers;

    for sq in pos.pieces(us, PieceKind::Rook) {
        let file = Bitboard::file(sq.file());
        if (file & our_pawns).is_empty() {
            s += if (file & their_pawns).is_empty() {
                term(tr, us, w::ROOK_OPEN_FILE, 1)
            } else {
                term(tr, us, w::ROOK_SEMI_OPEN_FILE, 1)
            };
        }
    }
    if pos.pieces(us, PieceKind::Bishop).more_than_one() {
        s += term(tr, us, w::BISHOP_PAIR, 1);
    }
    let outpost_ranks = if us == Side::White {
        Bitboard::rank(3) | Bitboard::rank(4) | Bitboard::rank(5)
    } else {
        Bitboard::rank(2) | Bitboard::rank(3) | Bitboard::rank(4)
    };
    let candidates = outpost_ranks & map.pawns;
    for (kind, idx) in [
        (PieceKind::Knight, w::KNIGHT_OUTPOST),
        (PieceKind::Bishop, w::BISHOP_OUTPOST),
    ] {
        for sq in pos.pieces(us, kind) & candidates {
            let reach =
                t.passed_mask[us.index()][sq.index()] & t.adjacent_files[sq.file() as usize];
            if (reach & their_pawns).is_empty() {
                s += term(tr, us, idx, 1);
            }
        }
    }

    s += passer_terms(pos, us, passed, t, tr);
    s += king_shield(pos, us, tr);
    (s, map)
}

/// The terms that depend on pawns alone, White minus Black, and each side's passed pawns.
fn pawn_terms<T: Trace>(pos: &Position, t: &Tables, tr: &mut T) -> (S, [Bitboard; 2]) {
    let (white, white_passed) = pawn_structure(pos, Side::White, t, tr);
    let (black, black_passed) = pawn_structure(pos, Side::Black, t, tr);
    let mut s = white;
    s -= black;
    (s, [white_passed, black_passed])
}

/// Doubled, supported, phalanx, isolated, backward and passed pawns of `us` (pawns only), and
/// its passed pawns.
fn pawn_structure<T: Trace>(pos: &Position, us: Side, t: &Tables, tr: &mut T) -> (S, Bitboard) {
    let them = !us;
    let our_pawns = pos.pieces(us, PieceKind::Pawn);
    let their_pawns = pos.pieces(them, PieceKind::Pawn);
    let mut s = S(0, 0);
    let mut passed = Bitboard::EMPTY;
    for sq in our_pawns {
        let f = sq.file() as usize;
        let forward = t.forward_file[us.index()][sq.index()];
        if (forward & our_pawns).any() {
            s += term(tr, us, w::DOUBLED, 1);
        }
        let adjacent = t.adjacent_files[f];
        let rel = if us == Side::White {
            sq.rank()
        } else {
            7 - sq.rank()
        } as usize;
        if (attacks::pawn_attacks(them, sq) & our_pawns).any() {
            s += term(tr, us, w::SUPPORTED + rel, 1);
        }
        if (adjacent & Bitboard::rank(sq.rank()) & our_pawns).any() {
            s += term(tr, us, w::PHALANX + rel, 1);
        }
        if (adjacent & our_pawns).is_empty() {
            s += term(tr, us, w::ISOLATED, 1);
        } else if (forward & their_pawns).is_empty()
            && (t.passed_mask[them.index()][sq.index()] & adjacent & our_pawns).is_empty()
            && (attacks::pawn_attacks(us, sq) & their_pawns).is_empty()
        {
            // No friendly pawn beside or behind it can ever defend it, on a half-open file.
            if let Some(stop) = sq.offset(0, us.sign()) {
                if (attacks::pawn_attacks(us, stop) & their_pawns).any() {
                    s += term(tr, us, w::BACKWARD_OPEN, 1);
                }
            }
        }
        if (t.passed_mask[us.index()][sq.index()] & their_pawns).is_empty() {
            s += term(tr, us, w::PASSED + rel, 1);
            passed |= Bitboard::from_square(sq);
        }
    }
    (s, passed)
}

/// The terms of `us`'s passed pawns that depend on more than pawns: the kings' distances to
/// the stop square, and whether the path is blocked or free.
fn passer_terms<T: Trace>(pos: &Position, us: Side, passed: Bitboard, t: &Tables, tr: &mut T) -> S {
    let our_king = pos.king_square(us);
    let their_king = pos.king_square(!us);
    let mut s = S(0, 0);
    for sq in passed {
        let rel_rank = if us == Side::White {
            sq.rank()
        } else {
            7 - sq.rank()
        } as usize;
        if let Some(stop) = sq.offset(0, us.sign()) {
            s += term(
                tr,
                us,
                w::PASSER_ENEMY_KING + rel_rank,
                distance(their_king, stop),
            );
            s += term(
                tr,
                us,
                w::PASSER_OWN_KING + rel_rank,
                distance(our_king, stop),
            );
            if pos.occupied().contains(stop) {
                s += term(tr, us, w::PASSER_BLOCKED, 1);
            } else if (t.forward_file[us.index()][sq.index()] & pos.occupied()).is_empty() {
                s += term(tr, us, w::PASSER_FREE + rel_rank, 1);
            }
        }
    }
    s
}

/// The pawn shield in front of a king still near its home rank.
fn king_shield<T: Trace>(pos: &Position, us: Side, tr: &mut T) -> S {
    let king = pos.king_square(us);
    let rel_rank = if us == Side::White {
        king.rank()
    } else {
        7 - king.rank()
    };
    if rel_rank > 1 {
        return S(0, 0);
    }
    let our_pawns = pos.pieces(us, PieceKind::Pawn);
    let their_pawns = pos.pieces(!us, PieceKind::Pawn);
    let kf = king.file() as i32;
    let mut v = S(0, 0);
    for f in (kf - 1).max(0)..=(kf + 1).min(7) {
        let file = Bitboard::file(f as u32);
        let near = king
            .offset(f - kf, us.sign())
            .is_some_and(|s| our_pawns.contains(s));
        let far = king
            .offset(f - kf, 2 * us.sign())
            .is_some_and(|s| our_pawns.contains(s));
        v += if near {
            term(tr, us, w::SHIELD_NEAR, 1)
        } else if far {
            term(tr, us, w::SHIELD_FAR, 1)
        } else {
            term(tr, us, w::SHIELD_MISSING, 1)
        };
        if (file & (our_pawns | their_pawns)).is_empty() {
            v += term(tr, us, w::SHIELD_OPEN_FILE, 1);
        }
    }
    v
}

#[cfg(feature = "tuning")]
/// The hand-set weights the tuner started from (bootstrap only).
pub fn hand_weights() -> Vec<(i32, i32)> {
    let mut v = vec![S(0, 0); PARAM_COUNT];
    let material = [
        S(82, 100),
        S(330, 300),
        S(345, 320),
        S(470, 520),
        S(1000, 960),
        S(0, 0),
    ];
    for k in PieceKind::ALL {
        v[w::MATERIAL + k.index()] = material[k.index()];
        for sq in Square::all() {
            v[w::PST + k.index() * 64 + sq.index()] = piece_square(k, sq);
        }
    }
    let mob = [
        (w::MOB_KNIGHT, S(4, 4), 4, 1),
        (w::MOB_BISHOP, S(5, 5), 6, 2),
        (w::MOB_ROOK, S(2, 4), 6, 3),
        (w::MOB_QUEEN, S(1, 2), 12, 4),
    ];
    for (off, wt, base, k) in mob {
        for c in 0..MOBILITY_LEN[k] {
            v[off + c] = wt * (c as i32 - base);
        }
    }
    let passed = [
        S(0, 0),
        S(2, 10),
        S(5, 14),
        S(10, 26),
        S(22, 48),
        S(40, 80),
        S(60, 125),
        S(0, 0),
    ];
    for r in 0..8 {
        v[w::PASSED + r] = passed[r];
        v[w::PASSER_ENEMY_KING + r] = S(0, 2 * r as i32);
        v[w::PASSER_OWN_KING + r] = S(0, -(r as i32));
    }
    v[w::PASSER_BLOCKED] = S(-6, -20);
    v[w::DOUBLED] = S(-10, -22);
    v[w::ISOLATED] = S(-10, -12);
    v[w::BACKWARD_OPEN] = S(-6, -6);
    v[w::BISHOP_PAIR] = S(30, 50);
    v[w::ROOK_OPEN_FILE] = S(22, 8);
    v[w::ROOK_SEMI_OPEN_FILE] = S(10, 6);
    v[w::THREAT_BY_PAWN] = S(45, 30);
    v[w::THREAT_MINOR_ON_MAJOR] = S(30, 20);
    v[w::HANGING] = S(18, 10);
    v[w::SHIELD_NEAR] = S(14, 0);
    v[w::SHIELD_FAR] = S(7, 0);
    v[w::SHIELD_MISSING] = S(-14, 0);
    v[w::SHIELD_OPEN_FILE] = S(-10, 0);
    for u in 0..=KING_DANGER_MAX_UNITS {
        let d = (2 * (u * u) as i32).min(500);
        v[w::KING_DANGER + u] = S(d, d / 4);
    }
    v.iter().map(|s| (s.0, s.1)).collect()
}

/// The piece-square term (without material) for a White piece on `sq`.
#[cfg(feature = "tuning")]
fn piece_square(kind: PieceKind, sq: Square) -> S {
    let f = sq.file() as usize;
    let r = sq.rank() as usize;
    let cd = centre_distance(sq);
    match kind {
        PieceKind::Pawn => {
            const FILE_WEIGHT: [i32; 8] = [0, 2, 4, 9, 9, 4, 2, 0];
            const EG_RANK: [i32; 8] = [0, 0, 2, 6, 14, 28, 48, 0];
            let advance = (r as i32 - 1).clamp(0, 3);
            let mut mg = FILE_WEIGHT[f] * advance;
            // Keep the pawns in front of a castled king at home.
            if r == 1 && (f <= 2 || f >= 5) {
                mg += 6;
            }
            S(mg, EG_RANK[r])
        }
        PieceKind::Knight => {
            const ADVANCE: [i32; 8] = [-12, 0, 6, 10, 14, 14, 4, -10];
            S(28 - 9 * cd + ADVANCE[r], 20 - 8 * cd)
        }
        PieceKind::Bishop => {
            let back = if r == 0 { -8 } else { 0 };
            let long_diagonal = if f == r || f + r == 7 { 6 } else { 0 };
            S(12 - 4 * cd + back + long_diagonal, 10 - 4 * cd)
        }
        PieceKind::Rook => {
            let seventh = if r == 6 { S(16, 10) } else { S(0, 0) };
            let centre_file = if (2..=5).contains(&f) { 4 } else { 0 };
            seventh + S(centre_file, 0)
        }
        PieceKind::Queen => {
            let early = if r >= 2 { -4 } else { 0 };
            S(6 - 2 * cd + early, 20 - 6 * cd)
        }
        PieceKind::King => {
            const HOME: [i32; 8] = [12, 24, 8, -12, -4, -12, 26, 16];
            let mg = match r {
                0 => HOME[f],
                1 => [-6, -6, -12, -22, -22, -12, -6, -6][f],
                _ => -30 - 12 * (r as i32 - 2),
            };
            S(mg, 28 - 10 * cd)
        }
    }
}

fn non_pawn_value(pos: &Position, side: Side) -> i32 {
    [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .iter()
    .map(|&k| PIECE_VALUE[k.index()] * pos.pieces(side, k).count() as i32)
    .sum()
}

/// `true` when `side` has a piece other than pawns and king (null-move zugzwang guard).
pub fn has_non_pawn_material(pos: &Position, side: Side) -> bool {
    (pos.side_pieces(side) - pos.pieces(side, PieceKind::Pawn) - pos.pieces(side, PieceKind::King))
        .any()
}

/// The endgame scale factor (out of [`SCALE_NORMAL`]; 0 = dead draw) for the side ahead, and a
/// mop-up bonus for it when the other side has a bare king.
fn endgame_scale(pos: &Position, strong: Side, t: &Tables) -> (i32, i32) {
    if pos.is_insufficient_material() {
        return (0, 0);
    }
    let weak = !strong;
    let strong_pawns = pos.pieces(strong, PieceKind::Pawn);
    let strong_pieces = non_pawn_value(pos, strong);
    let weak_pieces = non_pawn_value(pos, weak);
    let weak_all = pos.side_pieces(weak) - pos.pieces(weak, PieceKind::King);

    if strong_pawns.is_empty() {
        let knights = pos.pieces(strong, PieceKind::Knight);
        let only_knights =
            strong_pieces == PIECE_VALUE[PieceKind::Knight.index()] * 2 && knights.count() == 2;
        if only_knights && weak_all.is_empty() {
            return (0, 0);
        }
        if strong_pieces - weak_pieces < PAWNLESS_WIN_MARGIN {
            return (SCALE_PAWNLESS_SMALL_EDGE, 0);
        }
    }

    if wrong_bishop_rook_pawns(pos, strong, t) {
        return (0, 0);
    }

    if weak_all.is_empty() && strong_pieces >= PIECE_VALUE[PieceKind::Rook.index()] {
        return (SCALE_NORMAL, mop_up(pos, strong, t));
    }

    let bishops_w = pos.pieces(Side::White, PieceKind::Bishop);
    let bishops_b = pos.pieces(Side::Black, PieceKind::Bishop);
    let only_bishops = |side: Side| {
        non_pawn_value(pos, side) == PIECE_VALUE[PieceKind::Bishop.index()]
            && pos.pieces(side, PieceKind::Bishop).count() == 1
    };
    if only_bishops(Side::White) && only_bishops(Side::Black) {
        let w_dark = (bishops_w & Bitboard::DARK_SQUARES).any();
        let b_dark = (bishops_b & Bitboard::DARK_SQUARES).any();
        if w_dark != b_dark {
            return (SCALE_OPPOSITE_BISHOPS, 0);
        }
    }
    let pawns = strong_pawns.count() as i32;
    (
        SCALE_NORMAL.min(SCALE_FEW_PAWNS + SCALE_PER_PAWN * pawns),
        0,
    )
}

/// Rook pawns and the wrong bishop: `strong`'s pawns all stand on one rook file, its only
/// pieces (if any) are bishops that cannot reach the queening square, and the other king stands
/// on or next to that square, with nothing else. The king cannot be driven out of the corner:
/// a dead draw (king and rook pawn against king included).
fn wrong_bishop_rook_pawns(pos: &Position, strong: Side, t: &Tables) -> bool {
    let pawns = pos.pieces(strong, PieceKind::Pawn);
    let bishops = pos.pieces(strong, PieceKind::Bishop);
    let others = pos.pieces(strong, PieceKind::Knight)
        | pos.pieces(strong, PieceKind::Rook)
        | pos.pieces(strong, PieceKind::Queen);
    if pawns.is_empty() || others.any() {
        return false;
    }
    let file = if (pawns - Bitboard::file(0)).is_empty() {
        0
    } else if (pawns - Bitboard::file(7)).is_empty() {
        7
    } else {
        return false;
    };
    let queening = Square::new_unchecked(if strong == Side::White {
        56 + file
    } else {
        file
    });
    let queening_dark = Bitboard::DARK_SQUARES.contains(queening);
    let dark = (bishops & Bitboard::DARK_SQUARES).any();
    let light = (bishops - Bitboard::DARK_SQUARES).any();
    let covers = if queening_dark { dark } else { light };
    let weak = !strong;
    // A bare king only: a defender's pawn next to the rook file could be captured, taking the
    // pawn off the file (k7/1pK5/P7/... is won by axb7+), and its own passed pawns are
    // chances this rule would hide.
    let weak_rest = pos.side_pieces(weak) - pos.pieces(weak, PieceKind::King);
    !covers
        && weak_rest.is_empty()
        && t.distance[pos.king_square(weak).index()][queening.index()] <= 1
}

/// Drives the bare king to the edge (to a corner of the bishop's colour with bishop and knight)
/// and brings the attacking king close.
fn mop_up(pos: &Position, strong: Side, t: &Tables) -> i32 {
    let weak_king = pos.king_square(!strong);
    let strong_king = pos.king_square(strong);
    let kings_close = 14 - 2 * t.distance[weak_king.index()][strong_king.index()];
    let bishops = pos.pieces(strong, PieceKind::Bishop);
    let heavy = pos.pieces(strong, PieceKind::Rook) | pos.pieces(strong, PieceKind::Queen);
    let single_bishop_and_knights =
        heavy.is_empty() && bishops.count() == 1 && pos.pieces(strong, PieceKind::Knight).any();
    if single_bishop_and_knights {
        let dark = (bishops & Bitboard::DARK_SQUARES).any();
        let corners: [Square; 2] = if dark {
            [Square::new_unchecked(0), Square::new_unchecked(63)]
        } else {
            [Square::new_unchecked(7), Square::new_unchecked(56)]
        };
        let to_corner = corners
            .iter()
            .map(|&c| t.distance[weak_king.index()][c.index()])
            .min()
            .unwrap_or(7);
        return MOP_UP_CORNER * (7 - to_corner) + MOP_UP_KINGS_CLOSE * kings_close;
    }
    MOP_UP_EDGE * centre_distance(weak_king) + MOP_UP_KINGS_CLOSE * kings_close
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    fn eval(f: &str) -> i32 {
        evaluate(&fen::parse(f).unwrap())
    }

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let v = eval(fen::STARTING_FEN);
        assert_eq!(v, TEMPO);
        let black = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(black, TEMPO);
    }

    #[test]
    fn mirrored_positions_evaluate_the_same() {
        let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    #[test]
    fn extra_material_counts() {
        assert!(eval("4k3/8/8/8/8/8/4P3/4K2Q w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/4P3/4K2Q b - - 0 1") < -800);
    }

    fn uses(f: &str, idx: usize) -> i16 {
        trace(&fen::parse(f).unwrap())
            .coefs
            .iter()
            .find(|(i, _)| *i as usize == idx)
            .map_or(0, |&(_, c)| c)
    }

    #[test]
    fn safe_checks_count_only_when_undefended() {
        // White's queen can check on d8 (back rank) and nothing of Black's covers d8.
        let open = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";
        assert_eq!(uses(open, w::SAFE_CHECK + 3), 1);
        assert_eq!(uses(open, w::SAFE_CHECK + 2), 0);
        // A black rook on a8 covers d8, the other checking squares are covered by the king.
        let covered = "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";
        assert_eq!(uses(covered, w::SAFE_CHECK + 3), 0);
        // Black's knight can check on e2 (f3 is covered by the g2 pawn).
        let knight = "6k1/5ppp/8/8/3n4/8/5PPP/6K1 b - - 0 1";
        assert_eq!(uses(knight, w::SAFE_CHECK), -1);
        // More attack on the king means more danger.
        let attacked = eval("6k1/5ppp/8/6N1/8/8/5PPP/3Q2K1 w - - 0 1");
        let calm = eval("6k1/5ppp/8/8/8/8/N4PPP/3Q2K1 w - - 0 1");
        assert!(attacked > calm, "{attacked} vs {calm}");
    }

    #[test]
    fn known_draws_are_zero_or_scaled() {
        assert_eq!(eval("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), 0);
        assert_eq!(eval("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"), 0);
        // KR v KB: pawnless with a small edge, nearly a draw.
        assert!(eval("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1").abs() < 60);
        // The wrong bishop: a-pawn, dark-squared bishop (a8 is light), king in the corner.
        assert_eq!(eval("1k6/8/1K3B2/P7/8/8/8/8 w - - 0 1"), 0);
        assert_eq!(eval("8/8/8/8/p7/1k6/4b3/K7 b - - 0 1"), 0);
        assert_eq!(eval("1b6/8/8/8/7p/6k1/8/6K1 b - - 0 1"), 0);
        // King and rook pawn against the king in front of it.
        assert_eq!(eval("1k6/8/8/P7/8/1K6/8/8 w - - 0 1"), 0);
        // Not with a defender's pawn beside the rook file (axb7+ wins), nor with the right
        // bishop.
        for f in [
            "k7/1pK5/P7/8/8/8/8/8 w - - 0 1",
            "1k6/8/1K6/P7/4B3/8/8/8 w - - 0 1",
        ] {
            let pos = fen::parse(f).unwrap();
            assert!(!wrong_bishop_rook_pawns(&pos, Side::White, &TABLES), "{f}");
        }
        // The right bishop, or the king away from the corner: still winning.
        assert!(eval("1k6/8/1K6/P7/4B3/8/8/8 w - - 0 1") > 300);
        assert!(eval("8/8/1K3B2/P7/8/8/5k2/8 w - - 0 1") > 300);
        // Opposite-coloured bishops with a pawn more: scaled.
        let ocb = eval("4k3/8/8/3b4/8/2P5/1P6/2B1K3 w - - 0 1");
        let same = eval("4k3/8/8/2b5/8/2P5/1P6/2B1K3 w - - 0 1");
        assert!(ocb < same, "{ocb} vs {same}");
    }

    #[test]
    fn fewer_pawns_for_the_side_ahead_scale_the_endgame_down() {
        let scale = |f: &str| trace(&fen::parse(f).unwrap()).scale;
        // Rook, knight and a pawn against rook and two pawns (game 33 of the review games):
        // one pawn for the side ahead.
        assert_eq!(scale("8/5k2/6p1/7p/7P/5N2/r5K1/4R3 w - - 0 1"), 40 + 6);
        // Four pawns or more: the full endgame.
        assert_eq!(scale("8/5k2/6p1/7p/4PPPP/5N2/r5K1/4R3 w - - 0 1"), 64);
        // No pawn, a rook more (the bishops even): the scale with no pawn.
        assert_eq!(scale("8/5k2/8/3b4/8/8/6K1/3RB3 w - - 0 1"), 40);
    }

    #[test]
    fn kbn_prefers_the_bishops_corner() {
        // Light-squared bishop (f1): h1 and a8 are the mating corners.
        let right = eval("8/8/8/8/8/5N2/5K2/5B1k w - - 0 1");
        let wrong = eval("8/8/8/8/8/5N2/5K2/k4B2 w - - 0 1");
        assert!(right > wrong, "{right} vs {wrong}");
    }

    #[test]
    fn pawn_cache_gives_the_same_evaluation() {
        // Random games visit many pawn placements; a tiny step through the same positions
        // twice makes the second pass hit the cache. Both must equal the uncached evaluation.
        let mut cache = PawnCache::default();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut positions = Vec::new();
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                pos.make_move(m);
                positions.push(pos.clone());
            }
        }
        for _ in 0..2 {
            for pos in &positions {
                assert_eq!(evaluate_cached(pos, &mut cache), evaluate(pos));
            }
        }
    }

    #[test]
    fn trace_reproduces_the_evaluation() {
        let w = weights();
        for f in [
            fen::STARTING_FEN,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "4k3/8/8/3b4/8/2P5/1P6/2B1K3 w - - 0 1",
        ] {
            let pos = fen::parse(f).unwrap();
            let tr = trace(&pos);
            let (mut mg, mut eg) = (0, 0);
            for &(i, c) in &tr.coefs {
                mg += w[i as usize].0 * c as i32;
                eg += w[i as usize].1 * c as i32;
            }
            let eg = eg * tr.scale / SCALE_NORMAL + tr.mop_up;
            let v = (mg * tr.phase + eg * (PHASE_TOTAL - tr.phase)) / PHASE_TOTAL;
            let tempo = if pos.side_to_move() == Side::White {
                TEMPO
            } else {
                -TEMPO
            };
            assert_eq!(v + tempo, tr.white_eval, "{f}");
            let stm = if pos.side_to_move() == Side::White {
                1
            } else {
                -1
            };
            assert_eq!(tr.white_eval * stm, evaluate(&pos), "{f}");
        }
    }

    #[test]
    fn passed_pawns_and_structure() {
        let passed = eval("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = eval("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed > blocked + 50);
        let doubled = eval("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1");
        let healthy = eval("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert!(healthy > doubled);
    }
}
