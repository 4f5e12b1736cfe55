//! Sets of squares as 64-bit words.

use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares, one bit per square (bit 0 = a1, bit 63 = h8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// The eighth rank.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);
    /// The dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The whole file `file` (0 = a .. 7 = h).
    #[inline]
    pub const fn file(file: u32) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file)
    }

    /// The whole rank `rank` (0 = 1st .. 7 = 8th).
    #[inline]
    pub const fn rank(rank: u32) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * rank))
    }

    /// `true` when no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` when at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// `true` when the set has two or more squares.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// `true` when `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The only square of a set that holds exactly one (debug-checked), else the lowest.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            Some(Square::new_unchecked(self.0.trailing_zeros()))
        } else {
            None
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The set shifted one rank towards the 8th rank (squares on the 8th fall off).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set shifted one rank towards the 1st rank.
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_unchecked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $op:tt, $atrait:ident $amethod:ident $aop:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $atrait for Bitboard {
            #[inline]
            fn $amethod(&mut self, rhs: Bitboard) { self.0 $aop rhs.0; }
        }
    )*};
}

bit_ops! {
    BitAnd bitand &, BitAndAssign bitand_assign &=;
    BitOr bitor |, BitOrAssign bitor_assign |=;
    BitXor bitxor ^, BitXorAssign bitxor_assign ^=;
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let on = self.0 >> (rank * 8 + file) & 1 == 1;
                f.write_str(if on { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_counts() {
        let bb = Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H8);
        assert_eq!(bb.count(), 2);
        assert!(bb.more_than_one());
        assert_eq!(bb.collect::<Vec<_>>(), vec![Square::A1, Square::H8]);
        assert_eq!(Bitboard::from_square(Square::E4).single(), Some(Square::E4));
        assert_eq!(bb.single(), None);
        assert_eq!(Bitboard::file(7), Bitboard::FILE_H);
        assert_eq!(Bitboard::rank(7), Bitboard::RANK_8);
        assert_eq!(
            (Bitboard::DARK_SQUARES | Bitboard::LIGHT_SQUARES),
            Bitboard::FULL
        );
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
    }
}
