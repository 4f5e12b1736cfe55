//! A review written as PGN, the way lichess exports its computer analysis: each move gets an
//! `[%eval ...]` comment (White's view, pawns with two decimals, or `#N` / `#-N` for mates),
//! each inaccuracy, mistake and blunder its NAG (`$6`, `$2`, `$4`) and the engine's better line
//! as a variation, and a comment before the moves gives each side's accuracy and average
//! centipawn loss.

use super::{GameReview, MoveReview};
use crate::engine::Score;
use crate::notation::pgn::{Annotations, EvalScore, Evaluation, PgnGame, PgnMove};
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

/// `comment` without the summary an earlier review put in front of it (see
/// [`summary_comment`]), so that reviewing an annotated game again replaces it.
fn without_summary(comment: &str) -> &str {
    if !comment.starts_with("Accuracy: White ") {
        return comment;
    }
    let Some(cpl) = comment.find("Average centipawn loss: ") else {
        return comment;
    };
    // The sentence ends at the first '.' followed by a space or the end ("Black 12.").
    let after = &comment[cpl..];
    let end = after
        .char_indices()
        .find(|&(i, c)| c == '.' && matches!(after[i + 1..].chars().next(), None | Some(' ')))
        .map_or(after.len(), |(i, _)| i + 1);
    let mut rest = after[end..].trim_start();
    if let Some(stopped) = rest.strip_prefix("Review stopped after ") {
        // "12 plies." right after it ("1 ply."; before 2026-11-27 "12 moves." for the same
        // count); the game's own words after it stay, whatever they say.
        let digits = stopped.bytes().take_while(u8::is_ascii_digit).count();
        let unit = [" plies.", " ply.", " moves."]
            .into_iter()
            .find(|w| digits > 0 && stopped[digits..].starts_with(w));
        if let Some(unit) = unit {
            rest = stopped[digits + unit.len()..].trim_start();
        }
    }
    rest
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
        // Half-moves reviewed: "moves" would read as full moves, twice as many.
        let n = review.moves.len();
        let unit = if n == 1 { "ply" } else { "plies" };
        text.push_str(&format!(" Review stopped after {n} {unit}."));
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
            annotations: Annotations::default(),
            variations: Vec::new(),
        })
        .collect()
}

/// An evaluation from White's view as the PGN model's `[%eval]` holds it.
pub fn pgn_eval(white: Score) -> Evaluation {
    Evaluation {
        score: match white {
            Score::Centipawns(cp) => EvalScore::Centipawns(cp),
            Score::Mate(n) => EvalScore::Mate(n),
        },
        depth: None,
    }
}

/// `game` with `review` written into its main line: an `[%eval]` on every reviewed move
/// (replacing an older one; the move's comment and other commands are kept), the class NAG on
/// each inaccuracy, mistake and blunder (replacing the move's own `!`/`?` NAGs 1-6; a move of
/// another class loses its own `?!`, `?` and `??`), the
/// engine's line as a further variation of each of them (the game's own variations are kept),
/// the accuracies in the comment before the moves (in front of the game's own), and an
/// `Annotator` tag. A move that checkmates gets no `[%eval]`: the game's end says it.
///
/// `review` must be a review of `game`'s main line (as [`super::GameLine::from_pgn`] gives).
pub fn annotate(game: &PgnGame, review: &GameReview) -> PgnGame {
    let mut out = game.clone();
    let mut pos = game.start.clone();
    for (pgn_move, r) in out.moves.iter_mut().zip(&review.moves) {
        debug_assert_eq!(pgn_move.mv, r.mv, "the review is of another game");
        let notes = &mut pgn_move.annotations;
        notes.eval = (!r.checkmate).then(|| pgn_eval(r.after_white()));
        // `?!`, `?` and `??` are the review's classes here (an earlier review's, or the game's
        // own, would read as this review's on a move it does not call an error).
        notes.nags.retain(|&n| !matches!(n, 2 | 4 | 6));
        if let Some(nag) = r.class.nag() {
            notes.nags.retain(|&n| !(1..=6).contains(&n));
            notes.nags.insert(0, nag);
            let line = better_line(r, &pos);
            // Not twice when an annotated game is reviewed again.
            if !line.is_empty() && !pgn_move.variations.contains(&line) {
                pgn_move.variations.push(line);
            }
        }
        pos.make_move(r.mv);
    }
    let mut first = summary_comment(review);
    if let Some(own) = game.root.comment_after.as_deref().map(without_summary) {
        if !own.is_empty() {
            first.push(' ');
            first.push_str(own);
        }
    }
    out.root.comment_after = Some(first);
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
    fn an_earlier_summary_is_recognised_and_the_rest_kept() {
        let summary =
            "Accuracy: White 88.5, Black 20.9. Average centipawn loss: White 16, Black 338.";
        assert_eq!(without_summary(summary), "");
        assert_eq!(
            without_summary(&format!("{summary} Own words.")),
            "Own words."
        );
        for stopped in ["12 plies", "1 ply", "12 moves"] {
            assert_eq!(
                without_summary(&format!("{summary} Review stopped after {stopped}. Own.")),
                "Own.",
                "{stopped}"
            );
        }
        // Only the note's own count goes, not the game's words that say plies too.
        assert_eq!(
            without_summary(&format!(
                "{summary} Review stopped after 1 ply. Prep: 2 plies. Own"
            )),
            "Prep: 2 plies. Own"
        );
        assert_eq!(
            without_summary(
                "Accuracy: White -, Black -. Average centipawn loss: White -, Black -."
            ),
            ""
        );
        assert_eq!(without_summary("A fine game."), "A fine game.");
    }

    #[test]
    fn pgn_evals_are_written_as_format_eval_writes_them() {
        for score in [
            Score::Centipawns(17),
            Score::Centipawns(-150),
            Score::Centipawns(-5),
            Score::Centipawns(0),
            Score::Mate(3),
            Score::Mate(-2),
        ] {
            assert_eq!(pgn_eval(score).to_string(), format_eval(score));
        }
    }
}
