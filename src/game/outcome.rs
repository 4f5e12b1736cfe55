//! How a game ends: [`Outcome`], [`DrawReason`] and the [`GameStatus`] a UI shows.

use crate::rules::Side;
use std::fmt;

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (automatic).
    Stalemate,
    /// Neither side can checkmate by any series of legal moves (automatic).
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or pawn move, claimed by a player.
    FiftyMoveRule,
    /// Seventy-five moves by each side without a capture or pawn move (automatic).
    SeventyFiveMoveRule,
    /// The same position for the third time, claimed by a player.
    ThreefoldRepetition,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// Both players agreed to a draw.
    Agreement,
    /// A player's time ran out, but the opponent could not have checkmated by any series of
    /// legal moves (FIDE Laws 6.9; see [`Position::can_ever_checkmate`]).
    ///
    /// [`Position::can_ever_checkmate`]: crate::rules::Position::can_ever_checkmate
    TimeoutVsInsufficientMaterial,
}

impl DrawReason {
    /// `true` for the draws that end the game by themselves, without anyone claiming or agreeing.
    pub const fn is_automatic(self) -> bool {
        matches!(
            self,
            DrawReason::Stalemate
                | DrawReason::InsufficientMaterial
                | DrawReason::SeventyFiveMoveRule
                | DrawReason::FivefoldRepetition
                | DrawReason::TimeoutVsInsufficientMaterial
        )
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::FiftyMoveRule => "the fifty-move rule",
            DrawReason::SeventyFiveMoveRule => "the seventy-five-move rule",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::Agreement => "agreement",
            DrawReason::TimeoutVsInsufficientMaterial => "timeout against insufficient material",
        })
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` checkmated the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Side,
    },
    /// The other side resigned.
    Resignation {
        /// The side that did not resign.
        winner: Side,
    },
    /// The other side's time ran out (a flag fall) while `winner` could still checkmate.
    TimeForfeit {
        /// The side whose time did not run out.
        winner: Side,
    },
    /// A draw, for the given reason.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::Resignation { winner }
            | Outcome::TimeForfeit { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// `true` when a flag fell: a loss on time, or a draw because the other side could not
    /// have mated.
    pub const fn is_on_time(self) -> bool {
        matches!(
            self,
            Outcome::TimeForfeit { .. } | Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial)
        )
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self.winner() {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{winner} wins by checkmate"),
            Outcome::Resignation { winner } => {
                write!(f, "{winner} wins: {} resigned", winner.opponent())
            }
            Outcome::TimeForfeit { winner } => {
                write!(f, "{winner} wins on time")
            }
            Outcome::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move is to play (a draw may be claimable: see
    /// [`Game::claimable_draw`](super::Game::claimable_draw)).
    Ongoing,
    /// The game is over.
    Ended(Outcome),
}

impl GameStatus {
    /// `true` while the game goes on.
    pub const fn is_ongoing(self) -> bool {
        matches!(self, GameStatus::Ongoing)
    }

    /// The outcome, if the game is over.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Ended(o) => Some(o),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_messages() {
        let o = Outcome::Resignation {
            winner: Side::Black,
        };
        assert_eq!(o.result(), "0-1");
        assert_eq!(o.to_string(), "Black wins: White resigned");
        assert_eq!(
            Outcome::Draw(DrawReason::Stalemate).to_string(),
            "draw by stalemate"
        );
        let o = Outcome::TimeForfeit {
            winner: Side::White,
        };
        assert_eq!(
            (o.result(), o.to_string().as_str()),
            ("1-0", "White wins on time")
        );
        assert_eq!(
            Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial).to_string(),
            "draw by timeout against insufficient material"
        );
        assert!(DrawReason::FivefoldRepetition.is_automatic());
        assert!(!DrawReason::ThreefoldRepetition.is_automatic());
    }
}
