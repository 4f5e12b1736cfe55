//! UCI move strings: `e2e4`, `e7e8q`, and castling.
//!
//! # Castling
//! Writing depends on the [`CastlingMode`]:
//! - standard chess: the king's two-square move (`e1g1`, `e8c8`); a castling move standard chess
//!   cannot have (king off the e-file or rook off the corner, only in a position read from an
//!   X-FEN) is written as in Chess960, the only unambiguous way;
//! - Chess960 (the `UCI_Chess960` option): the king moving onto its own rook (`e1h1`, or `b1a1`
//!   for a king on b1 castling with the rook on a1), also from the standard start position.
//!
//! [`Position::castling_mode`] tells which one a position belongs to; [`to_uci_in`] takes it.
//!
//! Reading accepts both forms in both modes, as long as they are unambiguous: the king moving
//! onto its own castling rook always means castling, and the king's destination means castling
//! when it is at least two files away (a king's ordinary move goes one file, so the two never
//! meet). So `e1g1` and `e1h1` both castle short in standard chess and in a Chess960 game from
//! the standard position, as python-chess and most GUIs also read them.

use crate::notation::illegal::IllegalMove;
use crate::rules::{CastlingMode, Move, MoveKind, PieceKind, Position, Square};
use std::fmt;
use std::str::FromStr;

/// A move as UCI writes it, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to (for castling, the king's destination or its rook's square: see
    /// the module docs).
    pub to: Square,
    /// The promotion piece, if any.
    pub promotion: Option<PieceKind>,
}

/// Why a UCI move could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// The text is not of the form `e2e4` or `e7e8q`.
    #[error("invalid UCI move '{}': expected from-square, to-square and an optional promotion letter (n, b, r, q), like e2e4 or e7e8q", super::shown(.0))]
    Syntax(String),
    /// The move is well formed but not legal in the position; the [`IllegalMove`] says why
    /// ("illegal move e2e5: the pawn on e2 cannot go to e5").
    #[error(transparent)]
    Illegal(IllegalMove),
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
    /// The standard-chess UCI form of `m`: castling as the king's two-square move (see the module
    /// docs for castling that standard chess cannot have).
    pub fn from_move(m: Move) -> UciMove {
        UciMove::from_move_in(m, CastlingMode::Standard)
    }

    /// The UCI form of `m` in `mode` (see the module docs).
    pub fn from_move_in(m: Move, mode: CastlingMode) -> UciMove {
        let (from, to) = (m.from(), m.to());
        let (to, promotion) = match m.kind() {
            MoveKind::Castle => {
                let standard = from.file() == 4 && (to.file() == 0 || to.file() == 7);
                if standard && mode == CastlingMode::Standard {
                    (castle_king_destination(from, to), None)
                } else {
                    (to, None)
                }
            }
            MoveKind::Promotion(k) => (to, Some(k)),
            _ => (to, None),
        };
        UciMove {
            from,
            to,
            promotion,
        }
    }

    /// The legal move in `pos` that this UCI move names, castling in either form (see the module
    /// docs).
    ///
    /// # Errors
    /// [`UciError::Illegal`] when no legal move matches.
    pub fn to_move(&self, pos: &Position) -> Result<Move, UciError> {
        pos.legal_moves_from(self.from)
            .iter()
            .copied()
            .find(|&m| {
                if m.is_castle() {
                    let king_to = castle_king_destination(m.from(), m.to());
                    self.promotion.is_none()
                        && (self.to == m.to()
                            || (self.to == king_to
                                && king_to.file().abs_diff(m.from().file()) >= 2))
                } else {
                    UciMove::from_move(m) == *self
                }
            })
            .ok_or_else(|| UciError::Illegal(IllegalMove::explain(pos, *self)))
    }
}

/// Where the king of a castling move from `king` with the rook on `rook` ends: the g- or c-file.
fn castle_king_destination(king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() { 6 } else { 2 };
    Square::new_unchecked(king.rank() * 8 + file)
}

/// Writes `m` in standard-chess UCI notation, e.g. `e1g1` for White's short castling. In a
/// Chess960 game use [`to_uci_in`] with the position's [`CastlingMode`].
pub fn to_uci(m: Move) -> String {
    to_uci_in(m, CastlingMode::Standard)
}

/// Writes `m` in UCI notation for `mode`: castling as `e1h1` in Chess960, `e1g1` in standard
/// chess.
///
/// # Examples
/// ```
/// use chesscore::notation::{fen, uci};
/// use chesscore::rules::CastlingMode;
/// let pos = fen::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// let castle = uci::parse_move(&pos, "e1g1").unwrap();
/// assert_eq!(uci::to_uci_in(castle, CastlingMode::Standard), "e1g1");
/// assert_eq!(uci::to_uci_in(castle, CastlingMode::Chess960), "e1h1");
/// assert_eq!(uci::parse_move(&pos, "e1h1").unwrap(), castle);
/// ```
pub fn to_uci_in(m: Move, mode: CastlingMode) -> String {
    if m.is_null() {
        "0000".to_string()
    } else {
        UciMove::from_move_in(m, mode).to_string()
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
    fn chess960_castling() {
        use crate::rules::chess960;
        // King on f1, rook on h1: f1g1 is the king's ordinary move, f1h1 castles.
        let pos = fen::parse("k7/8/8/8/8/8/8/5K1R w K - 0 1").unwrap();
        assert!(pos.is_chess960());
        assert!(!parse_move(&pos, "f1g1").unwrap().is_castle());
        let castle = parse_move(&pos, "f1h1").unwrap();
        assert!(castle.is_castle());
        // A castle standard chess cannot have is written king-takes-rook in both modes.
        assert_eq!(to_uci(castle), "f1h1");
        assert_eq!(to_uci_in(castle, CastlingMode::Chess960), "f1h1");
        // King already on g1: only king-takes-rook names it.
        let pos = fen::parse("k7/8/8/8/8/8/8/6KR w K - 0 1").unwrap();
        let castle = parse_move(&pos, "g1h1").unwrap();
        assert!(castle.is_castle());
        assert!(parse_move(&pos, "g1g1").is_err());
        // King on b1 castling long with the rook on a1: b1a1; b1c1 is the king's step.
        let pos = fen::parse("7k/8/8/8/8/8/8/RK6 w Q - 0 1").unwrap();
        assert!(parse_move(&pos, "b1a1").unwrap().is_castle());
        assert!(!parse_move(&pos, "b1c1").unwrap().is_castle());
        // King on b1 castling short with the rook on h1: b1g1 (five files) also castles.
        let pos = fen::parse("k7/8/8/8/8/8/8/1K5R w K - 0 1").unwrap();
        assert_eq!(parse_move(&pos, "b1g1"), parse_move(&pos, "b1h1"));
        assert!(parse_move(&pos, "b1h1").unwrap().is_castle());
        // The standard position in a Chess960 game: e1h1 in Chess960 mode, both read.
        let pos = chess960::start_position(518).unwrap();
        let pos = ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"]
            .iter()
            .fold(pos, |mut p, t| {
                let m = parse_move(&p, t).unwrap();
                p.make_move(m);
                p
            });
        let castle = parse_move(&pos, "e1h1").unwrap();
        assert_eq!(parse_move(&pos, "e1g1").unwrap(), castle);
        assert_eq!(to_uci_in(castle, pos.castling_mode()), "e1h1");
        assert_eq!(to_uci(castle), "e1g1");
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
