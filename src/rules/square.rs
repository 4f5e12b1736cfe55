//! Squares, files and ranks.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file).
///
/// The value is always below 64: [`Square::new`] checks it, [`Square::new_unchecked`] trusts it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        $(
            #[doc = concat!("The square ", stringify!($name), ".")]
            pub const $name: Square = Square($idx);
        )*
    };
}

impl Square {
    square_consts! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
        A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
        A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
        A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
        A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
        A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
        A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
        A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
    }

    /// The square with index `index` (0..64), or `None` when it is out of range.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `index`, trusting the caller that it is below 64.
    ///
    /// # Panics
    /// In debug builds, when `index >= 64`.
    #[inline]
    pub const fn new_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }

    /// The square on `file` (0 = a .. 7 = h) and `rank` (0 = 1st .. 7 = 8th), if both are below 8.
    #[inline]
    pub const fn from_coords(file: u32, rank: u32) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index 0..64 as a `u8`.
    #[inline]
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u32 {
        (self.0 & 7) as u32
    }

    /// The rank, 0 (1st) to 7 (8th).
    #[inline]
    pub const fn rank(self) -> u32 {
        (self.0 >> 3) as u32
    }

    /// The file letter, `'a'..='h'`.
    pub const fn file_char(self) -> char {
        (b'a' + (self.0 & 7)) as char
    }

    /// The rank digit, `'1'..='8'`.
    pub const fn rank_char(self) -> char {
        (b'1' + (self.0 >> 3)) as char
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// `true` for the dark squares (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

/// A square name that could not be read, e.g. `"i9"`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square '{0}': expected a file a-h followed by a rank 1-8, like e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(ParseSquareError(s.to_string()))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("e".parse::<Square>().is_err());
        assert_eq!(Square::new(64), None);
    }

    #[test]
    fn geometry() {
        assert_eq!(Square::E4.file(), 4);
        assert_eq!(Square::E4.rank(), 3);
        assert_eq!(Square::A1.flip_rank(), Square::A8);
        assert_eq!(Square::H8.offset(1, 0), None);
        assert_eq!(Square::B1.offset(1, 2), Some(Square::C3));
        assert!(Square::A1.is_dark());
        assert!(!Square::H1.is_dark());
    }
}
