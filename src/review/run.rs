//! The review loop: search each position once, then judge each move from the two positions
//! around it.

use super::classify::{self, MoveClass};
use super::{
    fresh, san_line, white_view, EvalPoint, GameLine, GameReview, MoveReview, OpeningBook,
    ReviewProgress, ReviewSettings, SideSummary,
};
use crate::engine::{Engine, Level, Score, SearchLimits};
use crate::rules::{Move, Position, Side};
use std::sync::atomic::{AtomicBool, Ordering};

/// How a position ended the search: searched, or over by the rules (not searched).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Terminal {
    /// The side to move is checkmated.
    Checkmate,
    /// Stalemate, insufficient material, threefold repetition or fifty moves: a draw (the last
    /// two are claims, but either player may make them, so the position is worth a draw).
    Draw,
}

/// The engine's verdict on one position, from the side to move's view.
#[derive(Debug, Clone)]
pub(super) struct PositionEval {
    pub(super) score: Score,
    /// The best line (empty for a terminal position).
    pub(super) line: Vec<Move>,
    /// The second-best line's score, when two lines were searched and there are two moves.
    pub(super) second: Option<Score>,
    /// The second-best line's first move, with [`PositionEval::second`].
    pub(super) second_move: Option<Move>,
    pub(super) terminal: Option<Terminal>,
    pub(super) nodes: u64,
}

impl PositionEval {
    fn best(&self) -> Move {
        self.line.first().copied().unwrap_or(Move::NULL)
    }
}

/// Whether the game is over in `pos` by the rules (or a draw can be claimed there), given the
/// keys of the positions before it.
fn terminal(pos: &Position, keys_before: &[u64]) -> Option<Terminal> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Terminal::Checkmate
        } else {
            Terminal::Draw
        });
    }
    let key = pos.key();
    let repeated = keys_before.iter().filter(|&&k| k == key).count() >= 2;
    if pos.is_insufficient_material() || repeated || pos.halfmove_clock() >= 100 {
        return Some(Terminal::Draw);
    }
    None
}

/// Searches one position (or scores it by the rules). `None` when stopped during the search.
pub(super) fn evaluate(
    engine: &mut Engine,
    pos: &Position,
    keys_before: &[u64],
    settings: &ReviewSettings,
    stop: &AtomicBool,
) -> Option<PositionEval> {
    if let Some(t) = terminal(pos, keys_before) {
        return Some(PositionEval {
            score: match t {
                Terminal::Checkmate => Score::Mate(0),
                Terminal::Draw => Score::Centipawns(0),
            },
            line: Vec::new(),
            second: None,
            second_move: None,
            terminal: Some(t),
            nodes: 0,
        });
    }
    let limits = SearchLimits {
        nodes: Some(settings.nodes_per_position),
        multi_pv: settings.lines.max(1),
        level: Some(Level::MAX),
        ..SearchLimits::default()
    };
    // The second line's score and move at the deepest depth it completed.
    let mut second: Option<(u32, Score, Option<Move>)> = None;
    let result = engine.search(pos, keys_before, &limits, stop, &mut |info| {
        if info.multipv == 2 && second.map_or(true, |(d, _, _)| info.depth >= d) {
            second = Some((info.depth, info.score, info.pv.first().copied()));
        }
    });
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    let mut line = result.pv.clone();
    if line.first() != Some(&result.best_move) {
        line = vec![result.best_move];
    }
    Some(PositionEval {
        score: result.score,
        line,
        second: second.map(|(_, s, _)| s),
        second_move: second.and_then(|(_, _, m)| m),
        terminal: None,
        nodes: result.nodes,
    })
}

/// Reviews every move of `line`: searches each position once with `settings`'s node budget on
/// `engine` (at full strength, whatever the engine's level, from a cleared table so that the
/// review is deterministic), and calls `on_progress` after each move. `book` decides the book
/// moves (use [`super::NoBook`] for none).
///
/// When `stop` is set, the search under way is abandoned and the review returns at once with
/// the moves reviewed so far ([`GameReview::complete`] `false`); those are exactly what a full
/// review gives for them.
pub fn review(
    engine: &mut Engine,
    line: &GameLine,
    settings: &ReviewSettings,
    book: &dyn OpeningBook,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&ReviewProgress<'_>),
) -> GameReview {
    fresh(engine);
    let total = line.moves().len();
    let mut evals: Vec<PositionEval> = Vec::with_capacity(total + 1);
    let mut moves: Vec<MoveReview> = Vec::with_capacity(total);
    let mut in_book = true;
    let mut verify_nodes = 0;
    for i in 0..=total {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(eval) = evaluate(
            engine,
            line.position(i),
            &line.keys_before(i),
            settings,
            stop,
        ) else {
            break;
        };
        evals.push(eval);
        if i == 0 {
            continue;
        }
        let book_move = in_book && book.contains(line.position(i));
        let judged = judge_verified(
            engine,
            line,
            i - 1,
            (&evals[i - 1], &evals[i]),
            book_move,
            settings,
            stop,
        );
        let Some((review, nodes)) = judged else {
            // Stopped: the move is not reviewed, so neither is the position after it.
            evals.pop();
            break;
        };
        verify_nodes += nodes;
        in_book = review.class == MoveClass::Book;
        moves.push(review);
        on_progress(&ReviewProgress {
            review: &moves[i - 1],
            done: i,
            total,
        });
    }
    summarise(line, evals, moves, settings, verify_nodes)
}

/// A move's verdict from a second, deeper search of the position it was played from (see
/// [`verify`]): the best of the candidates and the played move, each with an exact score
/// from the mover's view.
#[derive(Debug)]
struct Verdict {
    best: Score,
    best_line: Vec<Move>,
    played: Score,
    played_line: Vec<Move>,
    nodes: u64,
}

/// Judges move `index` from the evaluations of the positions before and after it, and when it
/// seems to lose more than a good move may ([`classify::VERIFY_ABOVE`]) and verification is on,
/// again from its [`Verdict`]. Returns the review and the verification's nodes (0 without
/// one); `None` when stopped during the verification.
pub(super) fn judge_verified(
    engine: &mut Engine,
    line: &GameLine,
    index: usize,
    (before, after): (&PositionEval, &PositionEval),
    book_move: bool,
    settings: &ReviewSettings,
    stop: &AtomicBool,
) -> Option<(MoveReview, u64)> {
    let first = judge(line, index, before, after, book_move, None);
    if settings.verify_nodes == 0 || first.checkmate || first.loss <= classify::VERIFY_ABOVE {
        return Some((first, 0));
    }
    let verdict = verify(engine, line, index, before, settings, stop)?;
    let review = judge(line, index, before, after, book_move, Some(&verdict));
    Some((review, verdict.nodes))
}

/// Searches the position before move `index` again with [`ReviewSettings::verify_nodes`],
/// among the engine's two best moves there and the played move only, as that many lines so
/// that each gets an exact score, and returns the deepest iteration in which all of them were
/// searched. Comparing the played move with the best in one search removes most of the noise
/// of comparing two searches of different positions (docs/review.md measures it). `None` when
/// stopped.
fn verify(
    engine: &mut Engine,
    line: &GameLine,
    index: usize,
    before: &PositionEval,
    settings: &ReviewSettings,
    stop: &AtomicBool,
) -> Option<Verdict> {
    let played = line.moves()[index];
    let mut candidates = vec![before.best()];
    for mv in [before.second_move, Some(played)].into_iter().flatten() {
        if !candidates.contains(&mv) {
            candidates.push(mv);
        }
    }
    let limits = SearchLimits {
        nodes: Some(settings.verify_nodes),
        multi_pv: candidates.len() as u32,
        level: Some(Level::MAX),
        search_moves: candidates.clone(),
        ..SearchLimits::default()
    };
    let mut lines: Vec<(u32, Score, Vec<Move>)> = Vec::new();
    let pos = line.position(index);
    let result = engine.search(pos, &line.keys_before(index), &limits, stop, &mut |info| {
        if !info.pv.is_empty() {
            lines.push((info.depth, info.score, info.pv.clone()));
        }
    });
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    // An interrupted last iteration reports only the lines it finished.
    let complete = |depth: u32| {
        candidates
            .iter()
            .all(|c| lines.iter().any(|(d, _, pv)| *d == depth && pv[0] == *c))
    };
    let depth = lines.iter().map(|l| l.0).filter(|&d| complete(d)).max()?;
    let at_depth: Vec<&(u32, Score, Vec<Move>)> =
        lines.iter().filter(|(d, _, _)| *d == depth).collect();
    // Lines come best first.
    let best = at_depth[0];
    let mine = at_depth.iter().find(|(_, _, pv)| pv[0] == played)?;
    Some(Verdict {
        best: best.1,
        best_line: best.2.clone(),
        played: mine.1,
        played_line: mine.2.clone(),
        nodes: result.nodes,
    })
}

/// Judges move `index` from the evaluations of the positions before and after it, or from
/// its [`Verdict`] when it has one.
fn judge(
    line: &GameLine,
    index: usize,
    before: &PositionEval,
    after: &PositionEval,
    book_move: bool,
    verdict: Option<&Verdict>,
) -> MoveReview {
    let pos = line.position(index);
    let mover = pos.side_to_move();
    let mv = line.moves()[index];
    let checkmate = after.terminal == Some(Terminal::Checkmate);
    let (before_score, best_line) = match verdict {
        Some(v) => (v.best, &v.best_line),
        None => (before.score, &before.line),
    };
    let after_score = if checkmate {
        Score::Mate(0)
    } else if let Some(v) = verdict {
        v.played
    } else {
        classify::negate(after.score)
    };
    let win_before = classify::win_percent(before_score);
    let win_after = if checkmate {
        100.0
    } else {
        classify::win_percent(after_score)
    };
    let cp_after = if checkmate {
        classify::CP_CAP
    } else {
        classify::capped_centipawns(after_score)
    };
    let best_move = best_line.first().copied().unwrap_or(Move::NULL);
    let is_best = mv == best_move;
    let (loss, centipawn_loss) = if is_best {
        (0.0, 0)
    } else {
        (
            (win_before - win_after).max(0.0),
            (classify::capped_centipawns(before_score) - cp_after).max(0) as u32,
        )
    };
    let judged = if is_best {
        MoveClass::Best
    } else {
        MoveClass::from_loss(loss)
    };
    // A book move that loses more than a good move does is judged as it is (a named trap).
    let class = if book_move && judged <= MoveClass::Good {
        MoveClass::Book
    } else {
        judged
    };
    let only_move = is_best
        && before.second.is_some_and(|second| {
            win_before - classify::win_percent(second) > classify::ONLY_MOVE_GAP
        });
    let missed_win = class != MoveClass::Book
        && win_before >= classify::WINNING
        && win_after < classify::WINNING
        && loss > classify::INACCURACY_MAX;
    let refutation = match verdict {
        _ if class < MoveClass::Mistake => Vec::new(),
        Some(v) => v.played_line[1..].to_vec(),
        None => after.line.clone(),
    };
    let best_line_san = san_line(pos, best_line);
    MoveReview {
        index,
        mover,
        mv,
        san: crate::notation::san::to_san(pos, mv),
        before: before_score,
        after: after_score,
        checkmate,
        win_before,
        win_after,
        loss,
        centipawn_loss,
        accuracy: classify::move_accuracy(loss),
        class,
        only_move,
        missed_win,
        verified: verdict.is_some(),
        best_move,
        best_san: best_line_san.first().cloned().unwrap_or_default(),
        best_line_san,
        best_line: best_line.clone(),
        refutation_san: san_line(line.position(index + 1), &refutation),
        refutation,
    }
}

/// The eval graph and both sides' summaries.
fn summarise(
    line: &GameLine,
    evals: Vec<PositionEval>,
    moves: Vec<MoveReview>,
    settings: &ReviewSettings,
    verify_nodes: u64,
) -> GameReview {
    let points: Vec<EvalPoint> = evals
        .iter()
        .enumerate()
        .map(|(ply, e)| {
            let side = line.position(ply).side_to_move();
            let white_win = if e.terminal == Some(Terminal::Checkmate) {
                // The side to move is mated.
                if side == Side::White {
                    0.0
                } else {
                    100.0
                }
            } else {
                classify::win_percent(white_view(e.score, side))
            };
            EvalPoint {
                ply,
                white: white_view(e.score, side),
                white_win,
            }
        })
        .collect();
    let wins: Vec<f64> = points.iter().map(|p| p.white_win).collect();
    let weights = classify::volatility_weights(&wins);
    let summary = |side: Side| {
        let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.mover == side).collect();
        let mut s = SideSummary {
            moves: mine.len() as u32,
            ..SideSummary::default()
        };
        if mine.is_empty() {
            return s;
        }
        let weighted: Vec<(f64, f64)> = mine
            .iter()
            .map(|m| (m.accuracy, weights.get(m.index).copied().unwrap_or(0.5)))
            .collect();
        s.accuracy = classify::game_accuracy(&weighted);
        s.average_centipawn_loss =
            Some(mine.iter().map(|m| m.centipawn_loss as f64).sum::<f64>() / mine.len() as f64);
        for m in &mine {
            s.counts[m.class as usize] += 1;
            s.only_moves += m.only_move as u32;
            s.missed_wins += m.missed_win as u32;
        }
        s
    };
    GameReview {
        white: summary(Side::White),
        black: summary(Side::Black),
        complete: evals.len() == line.moves().len() + 1,
        nodes: evals.iter().map(|e| e.nodes).sum::<u64>() + verify_nodes,
        evals: points,
        moves,
        settings: settings.clone(),
    }
}
