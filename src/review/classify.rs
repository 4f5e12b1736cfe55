//! From evaluations to what a player reads: win probability, move classes, move and game
//! accuracy, centipawn loss. Pure functions of scores, so that the quality script
//! (`scripts/review-quality.py`) can apply the very same definitions to a reference analysis.
//!
//! # Win probability
//! `Win% = 50 + 50 · (2 / (1 + exp(−0.00368208 · cp)) − 1)`, with `cp` the centipawns from the
//! side's own view on the logistic's scale ([`logistic_centipawns`]: chesscore's centipawns
//! × 1.3 up to ±350, then × 0.4 beyond) clamped to ±[`CP_CAP`]; a mate for the side is 100 %, a
//! mate against it 0 %.
//! The logistic and its constant are lichess's, published at <https://lichess.org/page/accuracy>
//! (fitted there on real games); the clamp keeps a +25 evaluation from looking different from a
//! +10 one. White's Win% of a score given from the side to move's view is
//! [`white_win_percent`], the one function behind the eval graph and the win chance a search
//! reports to the apps (an eval bar).
//!
//! # Classes
//! A move's *loss* is the mover's Win% before the move (the engine's best line) minus the
//! mover's Win% after it (the engine's evaluation of the position the move made), at least 0.
//! The thresholds are chess.com's published "expected points" scale (Win% is the expected
//! score here): best 0, excellent up to 2, good up to 5, inaccuracy up to 10, mistake up to 20,
//! blunder above 20 (chess.com help centre, "How are moves classified?"; the scale is in
//! expected points, 0 to 1, which we write in Win% points, 0 to 100). The engine's own best
//! move is always *best*, whatever the two evaluations say.
//!
//! # Accuracy
//! Per move: `103.1668 · exp(−0.04354 · loss) − 3.1669`, clamped to 0-100 (lichess, same page).
//! Per side: the mean of a volatility-weighted mean and the harmonic mean of its moves'
//! accuracies, as lichess describes its game accuracy (lichess-org/lila issue 15164): each move
//! is weighted by the standard deviation of White's Win% over a window of positions around it
//! (the window holds a tenth of the game's moves, at least 2 and at most 8), clamped to
//! 0.5-12, so that moves in sharp phases count more; the harmonic mean makes one blunder weigh
//! heavily. Moves count at least 1 % in the harmonic mean, so that one 0 % move does not make
//! the whole game 0.
//!
//! # Average centipawn loss
//! Centipawns from the mover's view, clamped to ±[`CP_CAP`] (mates count as ±[`CP_CAP`]),
//! best-line value minus played-move value, at least 0; so one move loses at most
//! 2 × [`CP_CAP`]. The engine's own best move loses 0.

use crate::engine::Score;
use crate::rules::Side;
use std::ops::RangeInclusive;

/// The logistic's slope per centipawn (lichess's published constant).
pub const WIN_SLOPE: f64 = 0.003_682_08;
/// chesscore's centipawns up to ±[`CP_KNEE`] times this are on the scale of the Win% logistic
/// (Stockfish 15.1's, which lichess fitted it on); see [`logistic_centipawns`].
pub const CP_SCALE: f64 = 1.3;
/// Beyond ±this many of chesscore's centipawns, each further centipawn counts
/// [`CP_SCALE_BEYOND`] on the logistic's scale.
pub const CP_KNEE: i32 = 350;
/// The logistic-scale centipawns per chesscore centipawn beyond [`CP_KNEE`]: chesscore's
/// evaluation grows faster than Stockfish's once one side is clearly winning.
pub const CP_SCALE_BEYOND: f64 = 0.4;
/// Centipawns (on the logistic's scale) are clamped to ±this before the logistic; chesscore's
/// own centipawns are clamped to ±this for centipawn loss.
pub const CP_CAP: i32 = 1000;
/// A loss (in Win% points) above this is at worst excellent.
pub const EXCELLENT_MAX: f64 = 2.0;
/// Above [`EXCELLENT_MAX`] and up to this: good.
pub const GOOD_MAX: f64 = 5.0;
/// Above [`GOOD_MAX`] and up to this: inaccuracy.
pub const INACCURACY_MAX: f64 = 10.0;
/// Above [`INACCURACY_MAX`] and up to this: mistake; above it: blunder.
pub const MISTAKE_MAX: f64 = 20.0;
/// A move that seems to lose more than this many Win% points (an inaccuracy or worse) is
/// verified by a deeper search when the review's settings ask for it.
pub const VERIFY_ABOVE: f64 = GOOD_MAX;
/// A verified move whose loss falls in this range (Win% points, around the blunder line
/// [`MISTAKE_MAX`]) is verified a second time when the review's settings ask for it
/// ([`super::ReviewSettings::recheck_nodes`]): there a few points of noise decide between a
/// mistake and a blunder. docs/review.md says how the range was chosen.
pub const RECHECK: RangeInclusive<f64> = 16.0..=25.0;
/// A side is winning at or above this Win% (about +3 pawns: 298 cp on the logistic's scale,
/// 229 of chesscore's).
pub const WINNING: f64 = 75.0;
/// "Only move": the second-best move loses more than this (a mistake or worse) against the
/// best, which was played.
pub const ONLY_MOVE_GAP: f64 = INACCURACY_MAX;

/// What a move was, from best to worst, [`MoveClass::Book`] apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// A known opening move (the position it reaches is in the opening book).
    Book,
    /// The engine's choice, or a move at least as good.
    Best,
    /// Loses at most [`EXCELLENT_MAX`] Win% points.
    Excellent,
    /// Loses at most [`GOOD_MAX`].
    Good,
    /// Loses at most [`INACCURACY_MAX`] (NAG `$6`, `?!`).
    Inaccuracy,
    /// Loses at most [`MISTAKE_MAX`] (NAG `$2`, `?`).
    Mistake,
    /// Loses more (NAG `$4`, `??`).
    Blunder,
}

impl MoveClass {
    /// Every class, book first, then best to worst.
    pub const ALL: [MoveClass; 7] = [
        MoveClass::Book,
        MoveClass::Best,
        MoveClass::Excellent,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move that loses `loss` Win% points (not a book move, not the engine's
    /// best move).
    pub fn from_loss(loss: f64) -> MoveClass {
        if loss > MISTAKE_MAX {
            MoveClass::Blunder
        } else if loss > INACCURACY_MAX {
            MoveClass::Mistake
        } else if loss > GOOD_MAX {
            MoveClass::Inaccuracy
        } else if loss > EXCELLENT_MAX {
            MoveClass::Good
        } else if loss > 0.0 {
            MoveClass::Excellent
        } else {
            MoveClass::Best
        }
    }

    /// The PGN numeric annotation glyph: `$6` inaccuracy, `$2` mistake, `$4` blunder.
    pub fn nag(self) -> Option<u8> {
        match self {
            MoveClass::Inaccuracy => Some(6),
            MoveClass::Mistake => Some(2),
            MoveClass::Blunder => Some(4),
            _ => None,
        }
    }

    /// `true` for inaccuracy, mistake and blunder.
    pub fn is_error(self) -> bool {
        self >= MoveClass::Inaccuracy
    }

    /// A lower-case English name, e.g. `"inaccuracy"` (for logs and the CLI summary).
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Book => "book",
            MoveClass::Best => "best",
            MoveClass::Excellent => "excellent",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

impl std::fmt::Display for MoveClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `score` from the other side's view.
pub fn negate(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(cp.saturating_neg()),
        Score::Mate(n) => Score::Mate(n.saturating_neg()),
    }
}

/// The Win% (0 to 100) of the side whose view `score` is in. `Mate(0)` (checkmated) is 0.
pub fn win_percent(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 100.0,
        Score::Mate(_) => 0.0,
        Score::Centipawns(cp) => {
            let cp = logistic_centipawns(cp).clamp(-CP_CAP as f64, CP_CAP as f64);
            50.0 + 50.0 * (2.0 / (1.0 + (-WIN_SLOPE * cp).exp()) - 1.0)
        }
    }
}

/// White's Win% (0 to 100) for `score`, which the engine gives from `side_to_move`'s view: the
/// one place where a score becomes White's win chance, for the review's eval graph
/// (`EvalPoint::white_win`) and for what a search reports to the apps (the FFI's
/// `SearchInfo::white_win`, `SearchResult::white_win`), so that an eval bar and the graph agree.
/// It is [`win_percent`] of the score from White's view (docs/review.md, "Formulas and their
/// sources"), with one difference: `Mate(0)` (the side to move is checkmated) is 0 when White
/// is to move and 100 when Black is, which White's view alone (`Mate(0)` either way) cannot
/// tell.
///
/// # Examples
/// ```
/// use chesscore::engine::Score;
/// use chesscore::review::classify::white_win_percent;
/// use chesscore::rules::Side;
///
/// // Black to move and a pawn up: White's chance is below even.
/// assert!(white_win_percent(Score::Centipawns(100), Side::Black) < 50.0);
/// assert_eq!(white_win_percent(Score::Mate(-2), Side::Black), 100.0);
/// assert_eq!(white_win_percent(Score::Mate(0), Side::White), 0.0);
/// assert_eq!(white_win_percent(Score::Mate(0), Side::Black), 100.0);
/// ```
pub fn white_win_percent(score: Score, side_to_move: Side) -> f64 {
    match (score, side_to_move) {
        (Score::Mate(0), Side::White) => 0.0,
        (Score::Mate(0), Side::Black) => 100.0,
        (score, side) => win_percent(score.for_white(side)),
    }
}

/// chesscore's centipawns on the scale of the Win% logistic: times [`CP_SCALE`] up to
/// ±[`CP_KNEE`], then [`CP_SCALE_BEYOND`] per centipawn beyond, so 100 → 130, 350 → 455,
/// 1000 → 715. The three constants are the least-squares fit of Win% on 541 positions of 16
/// games kept apart from the measured ones (docs/review.md, "Calibration"): chesscore's
/// centipawns are about 1.3 times too small in balanced positions and grow too fast in won
/// ones, which one factor (the fit gives 1.17) cannot follow.
pub fn logistic_centipawns(cp: i32) -> f64 {
    let magnitude = f64::from(cp).abs();
    let knee = f64::from(CP_KNEE);
    let scaled = if magnitude <= knee {
        magnitude * CP_SCALE
    } else {
        knee * CP_SCALE + (magnitude - knee) * CP_SCALE_BEYOND
    };
    scaled.copysign(f64::from(cp))
}

/// Centipawns for centipawn loss: clamped to ±[`CP_CAP`], mates at the cap.
pub fn capped_centipawns(score: Score) -> i32 {
    match score {
        Score::Mate(n) if n > 0 => CP_CAP,
        Score::Mate(_) => -CP_CAP,
        Score::Centipawns(cp) => cp.clamp(-CP_CAP, CP_CAP),
    }
}

/// The accuracy (0 to 100) of a move that loses `loss` Win% points.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One side's game accuracy (0 to 100) from its moves' accuracies and their volatility weights
/// (see [`volatility_weights`]); `None` without moves.
pub fn game_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight_sum: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weight_sum;
    let harmonic = moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

/// The weight of each move in a game whose positions (start first, after the last move last)
/// have these White Win% values: the standard deviation of the Win% over a window of positions
/// that ends with the one the move made (moved right near the start so that it always holds
/// a full window), clamped to 0.5-12. One weight per move (`white_win.len() - 1`).
pub fn volatility_weights(white_win: &[f64]) -> Vec<f64> {
    let moves = white_win.len().saturating_sub(1);
    let window = (moves / 10).clamp(2, 8).min(white_win.len());
    (0..moves)
        .map(|i| {
            let end = (i + 2).max(window).min(white_win.len());
            let slice = &white_win[end - window..end];
            let mean = slice.iter().sum::<f64>() / slice.len() as f64;
            let var = slice.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / slice.len() as f64;
            var.sqrt().clamp(0.5, 12.0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_percent_follows_the_published_curve() {
        assert!((win_percent(Score::Centipawns(0)) - 50.0).abs() < 1e-9);
        // chesscore's 100, 300, 500 and 1000 cp are 130, 390, 515 and 715 on the logistic's
        // scale. Values of the formula computed independently (Python): 130 -> 61.743,
        // 390 -> 80.784, 515 -> 86.947, 715 -> 93.294.
        assert!((logistic_centipawns(100) - 130.0).abs() < 1e-9);
        assert!((logistic_centipawns(-1000) + 715.0).abs() < 1e-9);
        assert!((win_percent(Score::Centipawns(100)) - 61.743).abs() < 0.001);
        assert!((win_percent(Score::Centipawns(300)) - 80.784).abs() < 0.001);
        assert!((win_percent(Score::Centipawns(-300)) - 19.216).abs() < 0.001);
        assert!((win_percent(Score::Centipawns(500)) - 86.947).abs() < 0.001);
        assert!((win_percent(Score::Centipawns(1000)) - 93.294).abs() < 0.001);
        // The knee: no jump at ±350, and the curve keeps rising beyond it.
        assert!((logistic_centipawns(351) - logistic_centipawns(350) - 0.4).abs() < 1e-9);
        assert!(win_percent(Score::Centipawns(2000)) > win_percent(Score::Centipawns(1000)));
        // Clamped at 1000 on the logistic's scale (chesscore's 1713); mates at the ends.
        assert_eq!(
            win_percent(Score::Centipawns(5000)),
            win_percent(Score::Centipawns(1713))
        );
        assert!(win_percent(Score::Centipawns(1700)) < win_percent(Score::Centipawns(1713)));
        assert_eq!(win_percent(Score::Mate(3)), 100.0);
        assert_eq!(win_percent(Score::Mate(-2)), 0.0);
        assert_eq!(win_percent(Score::Mate(0)), 0.0);
    }

    #[test]
    fn white_win_percent_is_win_percent_from_whites_view_and_knows_who_is_mated() {
        for cp in [-2000, -350, -1, 0, 1, 120, 700] {
            let s = Score::Centipawns(cp);
            assert_eq!(white_win_percent(s, Side::White), win_percent(s));
            assert_eq!(white_win_percent(s, Side::Black), win_percent(negate(s)));
        }
        assert_eq!(white_win_percent(Score::Mate(2), Side::White), 100.0);
        assert_eq!(white_win_percent(Score::Mate(2), Side::Black), 0.0);
        assert_eq!(white_win_percent(Score::Mate(-1), Side::Black), 100.0);
        // Checkmated: the side to move has lost, which White's view alone cannot tell.
        assert_eq!(white_win_percent(Score::Mate(0), Side::White), 0.0);
        assert_eq!(white_win_percent(Score::Mate(0), Side::Black), 100.0);
    }

    #[test]
    fn classes_follow_the_thresholds() {
        assert_eq!(MoveClass::from_loss(0.0), MoveClass::Best);
        assert_eq!(MoveClass::from_loss(1.9), MoveClass::Excellent);
        assert_eq!(MoveClass::from_loss(2.0), MoveClass::Excellent);
        assert_eq!(MoveClass::from_loss(4.0), MoveClass::Good);
        assert_eq!(MoveClass::from_loss(7.0), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::from_loss(15.0), MoveClass::Mistake);
        assert_eq!(MoveClass::from_loss(20.1), MoveClass::Blunder);
        assert_eq!(MoveClass::Blunder.nag(), Some(4));
        assert_eq!(MoveClass::Mistake.nag(), Some(2));
        assert_eq!(MoveClass::Inaccuracy.nag(), Some(6));
        assert_eq!(MoveClass::Good.nag(), None);
        assert!(MoveClass::Inaccuracy.is_error() && !MoveClass::Good.is_error());
    }

    #[test]
    fn move_accuracy_is_100_for_no_loss_and_falls_with_it() {
        // 103.1668 - 3.1669 = 99.9999 at no loss.
        assert!((move_accuracy(0.0) - 99.9999).abs() < 1e-6);
        // Computed independently (Python): 63.5826.
        assert!((move_accuracy(10.0) - 63.5826).abs() < 0.001);
        assert_eq!(move_accuracy(100.0), 0.0);
    }

    #[test]
    fn game_accuracy_mixes_weighted_and_harmonic_means() {
        assert_eq!(game_accuracy(&[]), None);
        // Equal weights: arithmetic mean 50, harmonic 2 / (1/90 + 1/10) = 18: result 34.
        let a = game_accuracy(&[(90.0, 1.0), (10.0, 1.0)]).unwrap();
        assert!((a - 34.0).abs() < 1e-9, "{a}");
        // A heavier weight on the good move moves the weighted mean only: (82 + 18) / 2.
        let a = game_accuracy(&[(90.0, 9.0), (10.0, 1.0)]).unwrap();
        assert!((a - 50.0).abs() < 1e-9, "{a}");
    }

    #[test]
    fn volatility_weights_are_clamped_standard_deviations() {
        // Flat game: every weight at the floor.
        assert_eq!(volatility_weights(&[50.0; 5]), vec![0.5; 4]);
        // Window of 2 (few moves): the deviation of two values a, b is |a - b| / 2.
        let w = volatility_weights(&[50.0, 54.0, 50.0, 90.0]);
        assert_eq!(w, vec![2.0, 2.0, 12.0]);
    }
}
