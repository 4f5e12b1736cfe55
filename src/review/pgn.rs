//! A review written as PGN, the way lichess exports its computer analysis: each move gets an
//! `[%eval ...]` comment (White's view, pawns with two decimals, or `#N` / `#-N` for mates),
//! each inaccuracy, mistake and blunder its NAG (`$6`, `$2`, `$4`) and the engine's better line
//! as a variation, and a comment before the moves gives each side's accuracy and average
//! centipawn loss.

use super::{GameReview, MoveReview};
use crate::engine::Score;
use crate::notation::pgn::{PgnGame, PgnMove};
use crate::notation::san;

/// The most plies of the engine's line written as a variation.
const VARIATION_PLIES: usize = 8;

/// An evaluation from White's view as PGN's `%eval` writes it: `0.17`, `-1.50`, `#3`, `#-2`.
pub fn format_eval(white: Score) -> String {
    match white {
        Score::Centipawns(cp) => format!("{:.2}", cp as f64 / 100.0),
        Score::Mate(n) if n >= 0 => format!("#{n}"),
        Score::Mate(n) => format!("#-{}", -n),
    }
}

/// `comment` without any `[%eval ...]` command (a game reviewed before), trimmed.
fn without_eval(comment: &str) -> String {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%eval") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn summary_comment(review: &GameReview) -> String {
    let pct = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{a:.1}"));
    let cpl = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{a:.0}"));
    let mut text = format!(
        "Accuracy: White {}, Black {}. Average centipawn loss: White {}, Black {}.",
        pct(review.white.accuracy),
        pct(review.black.accuracy),
        cpl(review.white.average_centipawn_loss),
        cpl(review.black.average_centipawn_loss)
    );
    if !review.complete {
        text.push_str(&format!(
            " Review stopped after {} moves.",
            review.moves.len()
        ));
    }
    text
}

fn better_line(review: &MoveReview, before: &crate::rules::Position) -> Vec<PgnMove> {
    let moves = &review.best_line[..review.best_line.len().min(VARIATION_PLIES)];
    let sans = san::to_san_line(before, moves);
    moves
        .iter()
        .zip(sans)
        .map(|(&mv, san)| PgnMove {
            mv,
            san,
            nags: Vec::new(),
            comment_before: None,
            comment: None,
            variations: Vec::new(),
        })
        .collect()
}

/// `game` with `review` written into it: an `[%eval]` comment on every reviewed move (kept in
/// front of the move's own comment, replacing an older `[%eval]`), the class NAG on each
/// inaccuracy, mistake and blunder (replacing the move's own `!`/`?` NAGs 1-6), the engine's
/// line as a variation after each of them, the accuracies in a comment before the moves, and an
/// `Annotator` tag. A move that checkmates gets no `[%eval]`: the game's end says it.
///
/// `review` must be a review of `game`'s main line (as [`super::GameLine::from_pgn`] gives).
pub fn annotate(game: &PgnGame, review: &GameReview) -> PgnGame {
    let mut out = game.clone();
    let mut pos = game.start.clone();
    for (pgn_move, r) in out.moves.iter_mut().zip(&review.moves) {
        debug_assert_eq!(pgn_move.mv, r.mv, "the review is of another game");
        let own = pgn_move
            .comment
            .as_deref()
            .map(without_eval)
            .unwrap_or_default();
        let mut comment = if r.checkmate {
            String::new()
        } else {
            format!("[%eval {}]", format_eval(r.after_white()))
        };
        if !own.is_empty() {
            if !comment.is_empty() {
                comment.push(' ');
            }
            comment.push_str(&own);
        }
        pgn_move.comment = (!comment.is_empty()).then_some(comment);
        if let Some(nag) = r.class.nag() {
            pgn_move.nags.retain(|&n| !(1..=6).contains(&n));
            pgn_move.nags.insert(0, nag);
            let line = better_line(r, &pos);
            if !line.is_empty() {
                pgn_move.variations.push(line);
            }
        }
        pos.make_move(r.mv);
    }
    let own_first = game
        .comment_before_moves
        .as_deref()
        .map(without_eval)
        .unwrap_or_default();
    let mut first = summary_comment(review);
    if !own_first.is_empty() {
        first.push(' ');
        first.push_str(&own_first);
    }
    out.comment_before_moves = Some(first);
    out.tags.retain(|(name, _)| name != "Annotator");
    out.tags.push((
        "Annotator".to_string(),
        format!(
            "chesscore review, {} nodes per position",
            review.settings.nodes_per_position
        ),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_are_written_as_lichess_does() {
        assert_eq!(format_eval(Score::Centipawns(17)), "0.17");
        assert_eq!(format_eval(Score::Centipawns(-150)), "-1.50");
        assert_eq!(format_eval(Score::Centipawns(-5)), "-0.05");
        assert_eq!(format_eval(Score::Mate(3)), "#3");
        assert_eq!(format_eval(Score::Mate(-2)), "#-2");
    }

    #[test]
    fn old_evals_are_replaced_and_other_commands_kept() {
        assert_eq!(
            without_eval("[%eval 0.31] [%clk 0:01:00] good"),
            "[%clk 0:01:00] good"
        );
        assert_eq!(without_eval("[%eval #-3]"), "");
        assert_eq!(without_eval("plain"), "plain");
    }
}
