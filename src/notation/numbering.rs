//! Move numbers as game scores write them: `12.` before White's move, `12...` before Black's
//! when it does not follow White's move of the same number. PGN export, the move rows a UI shows
//! and the command line all number moves through [`MoveNumber`].
//!
//! # Examples
//! ```
//! use chesscore::notation::numbering::{numbered, MoveNumber};
//! use chesscore::rules::{Position, Side};
//!
//! let n = MoveNumber::of(&Position::startpos());
//! assert_eq!(n.to_string(), "1.");
//! assert_eq!(n.next().to_string(), "1...");
//! assert_eq!(numbered(MoveNumber::new(12, Side::Black), ["Nf6", "c4", "e5"]), "12...Nf6 13. c4 e5");
//! ```

use crate::rules::{Position, Side};
use std::fmt;

/// The number and side of one move (ply): White's 12th move is `12.`, Black's reply `12...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// The full-move number, from 1.
    pub number: u32,
    /// The side that makes the move.
    pub side: Side,
}

impl MoveNumber {
    /// Move `number` of `side`.
    pub const fn new(number: u32, side: Side) -> MoveNumber {
        MoveNumber { number, side }
    }

    /// The number of the move to be played in `pos`.
    pub fn of(pos: &Position) -> MoveNumber {
        MoveNumber::new(pos.fullmove_number(), pos.side_to_move())
    }

    /// The number of the move after this one.
    #[must_use]
    pub fn next(self) -> MoveNumber {
        match self.side {
            Side::White => MoveNumber::new(self.number, Side::Black),
            Side::Black => MoveNumber::new(self.number.saturating_add(1), Side::White),
        }
    }

    /// The number of the move `plies` half-moves after this one.
    #[must_use]
    pub fn after(self, plies: u32) -> MoveNumber {
        let from_white = plies + u32::from(self.side == Side::Black);
        let side = if from_white % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        MoveNumber::new(self.number.saturating_add(from_white / 2), side)
    }

    /// The label a game score writes before this move: always for White (`12.`); for Black
    /// (`12...`) only when `black_needs_number`, i.e. at the start of a line or after a comment
    /// or variation interrupted the score.
    pub fn label(self, black_needs_number: bool) -> Option<MoveNumber> {
        (self.side == Side::White || black_needs_number).then_some(self)
    }
}

impl fmt::Display for MoveNumber {
    /// `12.` for White, `12...` for Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Side::White => write!(f, "{}.", self.number),
            Side::Black => write!(f, "{}...", self.number),
        }
    }
}

/// Moves (SAN) with their numbers, starting with move `first`: `12...Nf6 13. c4 e5`. Black's
/// first move is numbered `12...` without a space, as engines print lines.
pub fn numbered<S: AsRef<str>>(first: MoveNumber, sans: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    let mut number = first;
    for (i, san) in sans.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if let Some(label) = number.label(i == 0) {
            out.push_str(&label.to_string());
            if label.side == Side::White {
                out.push(' ');
            }
        }
        out.push_str(san.as_ref());
        number = number.next();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_and_labels() {
        let w1 = MoveNumber::new(1, Side::White);
        assert_eq!(w1.next(), MoveNumber::new(1, Side::Black));
        assert_eq!(w1.next().next(), MoveNumber::new(2, Side::White));
        for plies in 0..7 {
            let mut stepped = w1;
            for _ in 0..plies {
                stepped = stepped.next();
            }
            assert_eq!(w1.after(plies), stepped, "{plies}");
            assert_eq!(
                w1.next().after(plies),
                stepped.next(),
                "from Black, {plies}"
            );
        }
        assert_eq!(MoveNumber::new(7, Side::Black).label(false), None);
        assert_eq!(MoveNumber::new(7, Side::Black).to_string(), "7...");
        assert_eq!(numbered(w1, ["e4", "e5", "Nf3"]), "1. e4 e5 2. Nf3");
        assert_eq!(numbered(w1, Vec::<String>::new()), "");
    }
}
