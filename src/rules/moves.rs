//! Moves and the fixed-capacity move list.

use super::square::Square;
use super::types::PieceKind;
use std::fmt;
use std::mem::MaybeUninit;

/// What a move does besides moving a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (also a pawn's single or double push).
    Normal,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant,
    /// Castling, encoded as the king moving onto its own rook: `to` is the rook's square. This is
    /// what Chess960 needs; [`crate::notation::uci`] writes standard castling as `e1g1`.
    Castle,
    /// A pawn reaching the last rank and becoming the given piece.
    Promotion(PieceKind),
}

/// A move: 16 bits holding the from-square, the to-square and the [`MoveKind`].
///
/// A `Move` only makes sense together with the position it was generated in.
/// [`Move::NULL`] (a1 to a1) is never a legal move and stands for "no move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PROMOTION: u16 = 4; // + 0..3 for knight, bishop, rook, queen

impl Move {
    /// "No move": never legal, used as an empty slot.
    pub const NULL: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from.to_u8() as u16 | (to.to_u8() as u16) << 6 | kind << 12)
    }

    /// An ordinary move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_NORMAL)
    }

    /// An en passant capture landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EN_PASSANT)
    }

    /// Castling: the king on `king` with the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE)
    }

    /// A promotion to `kind`.
    ///
    /// # Panics
    /// In debug builds, when `kind` is a pawn or a king.
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind) -> Move {
        debug_assert!(!matches!(kind, PieceKind::Pawn | PieceKind::King));
        Move::pack(from, to, KIND_PROMOTION + (kind as u16 - 1))
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new_unchecked((self.0 & 63) as u32)
    }

    /// The destination square (for castling, the rook's square).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new_unchecked((self.0 >> 6 & 63) as u32)
    }

    /// What kind of move it is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            k => MoveKind::Promotion(match k - KIND_PROMOTION {
                0 => PieceKind::Knight,
                1 => PieceKind::Bishop,
                2 => PieceKind::Rook,
                _ => PieceKind::Queen,
            }),
        }
    }

    /// The piece a promotion creates, if this is one.
    #[inline]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == KIND_EN_PASSANT
    }

    /// `true` for a promotion.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 12 >= KIND_PROMOTION
    }

    /// `true` for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits (for compact storage, e.g. in a transposition table).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// A move from raw bits made by [`Move::to_bits`]. It must still be checked against a
    /// position before it is played.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::EnPassant => f.write_str("(ep)"),
            MoveKind::Castle => f.write_str("(castle)"),
            MoveKind::Promotion(k) => write!(f, "{}", k.char()),
        }
    }
}

/// The most moves any legal chess position has is 218; 256 leaves room and keeps the size round.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: no heap allocation, capacity [`MAX_MOVES`].
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds [`MAX_MOVES`] moves, which no legal position reaches.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `MaybeUninit<Move>` has the
        // layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }

    /// The moves as a mutable slice (e.g. for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }

    /// Keeps only the moves for which `keep` returns `true`, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// `true` when the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_two_bytes_and_round_trips() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
        let m = Move::promotion(Square::E7, Square::D8, PieceKind::Knight);
        assert_eq!(m.from(), Square::E7);
        assert_eq!(m.to(), Square::D8);
        assert_eq!(m.kind(), MoveKind::Promotion(PieceKind::Knight));
        assert_eq!(Move::from_bits(m.to_bits()), m);
        for k in PieceKind::PROMOTIONS {
            assert_eq!(
                Move::promotion(Square::A7, Square::A8, k).promotion_kind(),
                Some(k)
            );
        }
        assert!(Move::castle(Square::E1, Square::H1).is_castle());
        assert!(Move::en_passant(Square::E5, Square::D6).is_en_passant());
        assert!(Move::NULL.is_null());
    }

    #[test]
    fn list_push_retain() {
        let mut list = MoveList::new();
        for to in 1..10 {
            list.push(Move::normal(Square::A1, Square::new_unchecked(to)));
        }
        list.retain(|m| m.to().index() % 2 == 0);
        assert_eq!(list.len(), 4);
        assert!(list.contains(Move::normal(Square::A1, Square::C1)));
    }
}
