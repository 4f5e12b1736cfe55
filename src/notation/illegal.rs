//! Why a move given by its squares is not legal, in words a player understands: one wording for
//! every way a move comes in by its squares (the game's moves, UCI text, SAN reading's UCI form
//! in PGN movetext).

use crate::notation::uci::UciMove;
use crate::rules::{Piece, PieceKind, Position, Side};
use std::fmt;

/// A move that is not legal in the position it was tried in, with the reason.
///
/// # Examples
/// ```
/// use chesscore::game::{Game, GameError};
/// let mut game = Game::new();
/// let Err(GameError::IllegalMove(illegal)) = game.play_uci("e2e5") else { panic!() };
/// assert_eq!(illegal.mv.to_string(), "e2e5");
/// assert_eq!(illegal.to_string(), "illegal move e2e5: the pawn on e2 cannot go to e5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as it was given (castling as the king's move, `e1g1`).
    pub mv: UciMove,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

/// Why an [`IllegalMove`] is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// There is no piece on the from-square.
    NoPiece,
    /// The piece on the from-square belongs to the side not to move.
    NotYourTurn {
        /// The piece.
        piece: Piece,
    },
    /// A pawn reaches the last rank and the move does not say what it becomes.
    PromotionMissing,
    /// The promotion piece is a pawn or a king.
    InvalidPromotion,
    /// A promotion piece is given for a move that does not promote.
    NotAPromotion,
    /// The piece cannot go there while its king is in check.
    KingInCheck {
        /// The piece.
        piece: Piece,
    },
    /// The piece cannot go there (not its way of moving, blocked, or it would leave its own
    /// king in check).
    CannotGoThere {
        /// The piece.
        piece: Piece,
    },
}

impl IllegalMove {
    /// Explains why `mv` is not legal in `pos` (it must not be).
    pub fn explain(pos: &Position, mv: UciMove) -> IllegalMove {
        IllegalMove {
            mv,
            reason: reason(pos, mv),
        }
    }
}

fn reason(pos: &Position, mv: UciMove) -> IllegalReason {
    if matches!(mv.promotion, Some(PieceKind::Pawn | PieceKind::King)) {
        return IllegalReason::InvalidPromotion;
    }
    let Some(piece) = pos.piece_at(mv.from) else {
        return IllegalReason::NoPiece;
    };
    if piece.side != pos.side_to_move() {
        return IllegalReason::NotYourTurn { piece };
    }
    let mut promotes = false;
    let mut reaches = false;
    for &m in pos.legal_moves_from(mv.from).iter() {
        let legal = UciMove::from_move(m);
        if legal.to == mv.to || (m.is_castle() && m.to() == mv.to) {
            reaches = true;
            promotes |= legal.promotion.is_some();
        }
    }
    match (reaches, promotes, mv.promotion.is_some()) {
        (true, true, false) => IllegalReason::PromotionMissing,
        (true, false, true) => IllegalReason::NotAPromotion,
        _ if pos.is_check() => IllegalReason::KingInCheck { piece },
        _ => IllegalReason::CannotGoThere { piece },
    }
}

impl std::error::Error for IllegalMove {}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl IllegalMove {
    /// The reason in words, without the move: "the pawn on e2 cannot go to e5". The error's
    /// text is "illegal move e2e5: " and this.
    pub fn reason_text(&self) -> String {
        Reason(self).to_string()
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, Reason(self))
    }
}

/// Writes an [`IllegalMove`]'s reason.
struct Reason<'a>(&'a IllegalMove);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UciMove { from, to, .. } = self.0.mv;
        match self.0.reason {
            IllegalReason::NoPiece => write!(f, "there is no piece on {from}"),
            IllegalReason::NotYourTurn { piece } => write!(
                f,
                "the {} on {from} is {}'s, and it is {} to move",
                piece.kind.name(),
                side_name(piece.side),
                side_name(!piece.side)
            ),
            IllegalReason::PromotionMissing => write!(
                f,
                "a pawn reaching the last rank must promote: name the piece, like {from}{to}q"
            ),
            IllegalReason::InvalidPromotion => {
                f.write_str("a pawn promotes to a queen, rook, bishop or knight")
            }
            IllegalReason::NotAPromotion => {
                write!(f, "the move from {from} to {to} is not a promotion")
            }
            IllegalReason::KingInCheck { piece } => write!(
                f,
                "the {} on {from} cannot go to {to} (the {} king is in check)",
                piece.kind.name(),
                side_name(piece.side)
            ),
            IllegalReason::CannotGoThere { piece } => {
                write!(f, "the {} on {from} cannot go to {to}", piece.kind.name())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    fn why(fen_text: &str, uci: &str) -> String {
        let pos = fen::parse(fen_text).unwrap();
        let mut mv: UciMove = uci[..4].parse().unwrap();
        mv.promotion = uci[4..].chars().next().and_then(PieceKind::from_char);
        IllegalMove::explain(&pos, mv).to_string()
    }

    #[test]
    fn reasons_in_words() {
        let start = fen::STARTING_FEN;
        assert_eq!(
            why(start, "e3e4"),
            "illegal move e3e4: there is no piece on e3"
        );
        assert_eq!(
            why(start, "g8f6"),
            "illegal move g8f6: the knight on g8 is Black's, and it is White to move"
        );
        assert_eq!(
            why(start, "b1d2"),
            "illegal move b1d2: the knight on b1 cannot go to d2"
        );
        let promo = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
        assert!(why(promo, "e7e8").contains("like e7e8q"));
        assert!(why(promo, "e7e8k").contains("promotes to a queen"));
        assert!(why(start, "e2e4q").contains("not a promotion"));
        let check = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
        assert_eq!(
            why(check, "a1a2"),
            "illegal move a1a2: the rook on a1 cannot go to a2 (the White king is in check)"
        );
    }
}
