//! Search scores: internal integers (centipawns, with mates near ±[`MATE`]) and the public
//! [`Score`] reported to front ends.

use crate::rules::Side;

/// The deepest ply the search reaches (also the size of its per-ply stacks).
pub const MAX_PLY: usize = 128;
/// The score of delivering mate at the root; mate at ply `p` scores `MATE - p`.
pub const MATE: i32 = 32_000;
/// Scores at least this large (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;
/// The score of a draw.
pub const DRAW: i32 = 0;

/// A score as the side to move sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (positive: the side to move is better).
    Centipawns(i32),
    /// A forced mate in this many moves: positive when the side to move mates, negative when it
    /// is mated (`Mate(-1)`... means mated after its next move; `Mate(0)` is never produced for
    /// a position with legal moves).
    Mate(i32),
}

impl Score {
    /// The public score for an internal search score.
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }

    /// The score in UCI form: `cp 34` or `mate -3`.
    pub fn to_uci(self) -> String {
        match self {
            Score::Centipawns(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }

    /// `true` for a mate score.
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }

    /// This score, which the engine gives from the point of view of `side_to_move`, from
    /// White's: positive when White is better or mates.
    ///
    /// # Examples
    /// ```
    /// use chesscore::engine::Score;
    /// use chesscore::rules::Side;
    ///
    /// assert_eq!(Score::Centipawns(35).for_white(Side::Black), Score::Centipawns(-35));
    /// assert_eq!(Score::Mate(-2).for_white(Side::Black), Score::Mate(2));
    /// assert_eq!(Score::Mate(3).for_white(Side::White), Score::Mate(3));
    /// ```
    pub fn for_white(self, side_to_move: Side) -> Score {
        match (side_to_move, self) {
            (Side::White, s) => s,
            (Side::Black, Score::Centipawns(cp)) => Score::Centipawns(-cp),
            (Side::Black, Score::Mate(n)) => Score::Mate(-n),
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Centipawns(cp) => write!(f, "{:+.2}", cp as f64 / 100.0),
            Score::Mate(n) if n >= 0 => write!(f, "#{n}"),
            Score::Mate(n) => write!(f, "#-{}", -n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(MATE - 5), Score::Mate(3));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
        assert_eq!(Score::from_internal(57), Score::Centipawns(57));
        assert_eq!(Score::Mate(-3).to_uci(), "mate -3");
        assert_eq!(Score::Centipawns(-12).to_string(), "-0.12");
    }
}
