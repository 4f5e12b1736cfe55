//! UCI move strings: `e2e4`, `e7e8q`, castling as the king's two-square move (`e1g1`).

use crate::rules::{Move, MoveKind, PieceKind, Position, Square};
use std::fmt;
use std::str::FromStr;

/// A move as UCI writes it, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to (for castling, the king's destination).
    pub to: Square,
    /// The promotion piece, if any.
    pub promotion: Option<PieceKind>,
}

/// Why a UCI move could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// The text is not of the form `e2e4` or `e7e8q`.
    #[error("invalid UCI move '{0}': expected from-square, to-square and an optional promotion letter (n, b, r, q), like e2e4 or e7e8q")]
    Syntax(String),
    /// The move is well formed but not legal in the position.
    #[error("illegal move '{0}' in this position")]
    Illegal(String),
}

impl FromStr for UciMove {
    type Err = UciError;

    fn from_str(s: &str) -> Result<UciMove, UciError> {
        let bad = || UciError::Syntax(s.to_string());
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let from: Square = s[0..2].parse().map_err(|_| bad())?;
        let to: Square = s[2..4].parse().map_err(|_| bad())?;
        let promotion = match s[4..].chars().next() {
            None => None,
            Some(c) => match PieceKind::from_char(c) {
                Some(
                    k
                    @ (PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen),
                ) if c.is_ascii_lowercase() => Some(k),
                _ => return Err(bad()),
            },
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(k) = self.promotion {
            write!(f, "{}", k.char())?;
        }
        Ok(())
    }
}

impl UciMove {
    /// The UCI form of `m` (castling written as the king's two-square move).
    pub fn from_move(m: Move) -> UciMove {
        let (to, promotion) = match m.kind() {
            MoveKind::Castle => {
                let rank = m.from().rank();
                let file = if m.to().file() > m.from().file() {
                    6
                } else {
                    2
                };
                (Square::new_unchecked(rank * 8 + file), None)
            }
            MoveKind::Promotion(k) => (m.to(), Some(k)),
            _ => (m.to(), None),
        };
        UciMove {
            from: m.from(),
            to,
            promotion,
        }
    }

    /// The legal move in `pos` that this UCI move names. Castling is also accepted as the king
    /// moving onto its rook (`e1h1`), as some GUIs send it.
    ///
    /// # Errors
    /// [`UciError::Illegal`] when no legal move matches.
    pub fn to_move(&self, pos: &Position) -> Result<Move, UciError> {
        pos.legal_moves_from(self.from)
            .iter()
            .copied()
            .find(|&m| {
                let uci = UciMove::from_move(m);
                (uci == *self) || (m.is_castle() && m.to() == self.to && self.promotion.is_none())
            })
            .ok_or_else(|| UciError::Illegal(self.to_string()))
    }
}

/// Writes `m` in UCI notation, e.g. `e1g1` for White's short castling.
pub fn to_uci(m: Move) -> String {
    if m.is_null() {
        "0000".to_string()
    } else {
        UciMove::from_move(m).to_string()
    }
}

/// Reads a UCI move and finds the legal move it names in `pos`.
///
/// # Errors
/// [`UciError::Syntax`] for malformed text, [`UciError::Illegal`] when it is not legal here.
///
/// # Examples
/// ```
/// use chesscore::{notation::uci, rules::Position};
/// let pos = Position::startpos();
/// let m = uci::parse_move(&pos, "g1f3").unwrap();
/// assert_eq!(uci::to_uci(m), "g1f3");
/// assert!(uci::parse_move(&pos, "e2e5").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, UciError> {
    text.trim().parse::<UciMove>()?.to_move(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn syntax() {
        assert!("e2e4".parse::<UciMove>().is_ok());
        assert_eq!(
            "e7e8q".parse::<UciMove>().unwrap().promotion,
            Some(PieceKind::Queen)
        );
        for bad in ["e2e", "e2e4k", "e2e4Q", "i2e4", "e2e4qq", "e2-e4", "é2e4"] {
            assert!(
                matches!(bad.parse::<UciMove>(), Err(UciError::Syntax(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn castling_both_forms() {
        let pos = fen::parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = parse_move(&pos, "e1g1").unwrap();
        assert!(short.is_castle());
        assert_eq!(parse_move(&pos, "e1h1").unwrap(), short);
        assert_eq!(to_uci(parse_move(&pos, "e1c1").unwrap()), "e1c1");
    }

    #[test]
    fn promotion_needs_its_letter() {
        let pos = fen::parse("8/4P3/8/8/8/8/8/k6K w - - 0 1").unwrap();
        assert!(matches!(
            parse_move(&pos, "e7e8"),
            Err(UciError::Illegal(_))
        ));
        assert_eq!(to_uci(parse_move(&pos, "e7e8n").unwrap()), "e7e8n");
    }
}
