//! Sides, piece kinds and pieces.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// One of the two players. Named `Side` rather than `Color` so that it does not clash with the
/// UI toolkits' colour types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The index of the side (White 0, Black 1), for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `+1` for White, `-1` for Black: the direction in which its pawns move, in ranks.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The FEN letter of the side to move: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The English name, `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}

/// A pair of values, one for each side, indexed by [`Side`] instead of magic numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySide<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> BySide<T> {
    /// A pair from White's and Black's values.
    pub const fn new(white: T, black: T) -> Self {
        BySide { white, black }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}

/// The kind of a piece, without its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl PieceKind {
    /// All kinds, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may promote to, strongest first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// The index of the kind (pawn 0 .. king 5), for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index, if it is below 6.
    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        match index {
            0 => Some(PieceKind::Pawn),
            1 => Some(PieceKind::Knight),
            2 => Some(PieceKind::Bishop),
            3 => Some(PieceKind::Rook),
            4 => Some(PieceKind::Queen),
            5 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The lower-case letter used in FEN and UCI (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// The upper-case letter used in SAN (`N B R Q K`; a pawn has none, here `P`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The kind for a letter in either case (`p n b r q k`).
    pub fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The value in points that players count material with: pawn 1, knight 3, bishop 3,
    /// rook 5, queen 9; a king 0 (it is never captured). See
    /// [`MaterialBalance`](super::MaterialBalance).
    pub const fn points(self) -> i32 {
        match self {
            PieceKind::Pawn => 1,
            PieceKind::Knight | PieceKind::Bishop => 3,
            PieceKind::Rook => 5,
            PieceKind::Queen => 9,
            PieceKind::King => 0,
        }
    }

    /// The English name, e.g. `"knight"`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
}

/// A piece: a kind and the side it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What kind of piece it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    #[inline]
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        match self.side {
            Side::White => self.kind.upper_char(),
            Side::Black => self.kind.char(),
        }
    }

    /// The piece for a FEN letter (`PNBRQK` White, `pnbrqk` Black).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_char(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece { side, kind })
    }

    /// The Unicode chess symbol, e.g. `♔` for the white king.
    pub const fn symbol(self) -> char {
        const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
        const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.side {
            Side::White => WHITE[self.kind as usize],
            Side::Black => BLACK[self.kind as usize],
        }
    }

    /// A dense index `0..12`: side * 6 + kind.
    #[inline]
    pub const fn index(self) -> usize {
        self.side as usize * 6 + self.kind as usize
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip() {
        for side in Side::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(side, kind);
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(Piece::from_fen_char('x'), None);
    }

    #[test]
    fn by_side_indexes() {
        let mut pair = BySide::new(1, 2);
        pair[Side::Black] += 5;
        assert_eq!((pair[Side::White], pair[Side::Black]), (1, 7));
        assert_eq!(!Side::White, Side::Black);
    }
}
