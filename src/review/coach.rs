//! The coach: what to watch in one position. As data (squares, moves, lines, scores), so that
//! the apps do the wording.

use super::classify::{self, MoveClass};
use super::run::{evaluate, judge_verified};
use super::{fresh, san_line, GameLine, ReviewSettings};
use crate::engine::{see_ge, Engine, Score};
use crate::rules::attacks;
use crate::rules::{Move, Piece, PieceKind, Position, Side, Square};
use std::sync::atomic::AtomicBool;

/// What the opponent would do if it were their move again.
#[derive(Debug, Clone, PartialEq)]
pub struct Threat {
    /// The threatening side's best line after passing the move, in SAN, first its threat.
    pub line_san: Vec<String>,
    /// The line as moves (played from the position with the move passed).
    pub line: Vec<Move>,
    /// The evaluation after the threat, from the threatening side's view.
    pub score: Score,
    /// How many Win% points the threatening side would gain over the present evaluation if
    /// the threat were let through: small for an idle threat, 10 and more for a real one.
    pub gain: f64,
}

/// A piece that the opponent can win by capturing it: attacked and not defended, or defended
/// too little (the exchange on its square wins material for the attacker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HangingPiece {
    /// Where it stands.
    pub square: Square,
    /// The piece (its side is the side that would lose it).
    pub piece: Piece,
    /// The opponent's pieces attacking the square.
    pub attackers: u32,
    /// Its own side's pieces defending it.
    pub defenders: u32,
    /// The material the owner loses in the best exchange on the square, in centipawns (pawn
    /// 100, knight 320, bishop 330, rook 500, queen 950), by static exchange evaluation.
    pub loss: i32,
}

impl HangingPiece {
    /// `true` when nothing defends it.
    pub fn is_undefended(&self) -> bool {
        self.defenders == 0
    }
}

/// What the last move allowed, when it was a mistake or a blunder.
#[derive(Debug, Clone, PartialEq)]
pub struct Refutation {
    /// The move.
    pub mv: Move,
    /// The move in SAN.
    pub san: String,
    /// Mistake or blunder.
    pub class: MoveClass,
    /// Win% points it lost.
    pub loss: f64,
    /// The opponent's best line after it, in SAN ("after Nxe5, dxe5 wins a piece": `["dxe5",
    /// ...]`).
    pub line_san: Vec<String>,
    /// The line as moves.
    pub line: Vec<Move>,
    /// The engine's better move instead, in SAN.
    pub better_san: String,
}

/// The coach's view of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Coaching {
    /// The evaluation, from the side to move's view (`Mate(0)`: checkmated).
    pub score: Score,
    /// The engine's best line for the side to move, in SAN (empty when the game is over).
    pub best_line_san: Vec<String>,
    /// The opponent's threat; `None` when the side to move is in check (the threat is on the
    /// board) or the position is over by the rules (mate, stalemate, a draw by rule). A
    /// resignation or an agreed draw ends a game, not the position: the coach still looks.
    pub threat: Option<Threat>,
    /// Pieces of either side that the other side can win by capture, most valuable loss
    /// first.
    pub hanging: Vec<HangingPiece>,
    /// The refutation of the move that led here, when it was a mistake or worse.
    pub refutation: Option<Refutation>,
}

/// Looks at the last position of `line`: its evaluation and best line, the opponent's threat
/// (a search with the move passed to the opponent), the hanging pieces, and when the line's last
/// move was a mistake or a blunder, its refutation. Up to three searches of `nodes` nodes each,
/// and when the last move seems to lose more than a good move may, its verification as a review
/// does it ([`ReviewSettings::verify_nodes`], [`super::VERIFY_FACTOR`] times `nodes`; and when
/// the verified loss lands near the blunder line, the second verification,
/// [`super::RECHECK_FACTOR`] times that), so that the coach and the review judge a move alike;
/// at full strength, from a cleared table (deterministic). `None` when stopped.
pub fn coach(
    engine: &mut Engine,
    line: &GameLine,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<Coaching> {
    fresh(engine);
    let settings = ReviewSettings {
        lines: 1,
        ..ReviewSettings::with_nodes(nodes)
    };
    let n = line.moves().len();
    let pos = line.position(n);
    let here = evaluate(engine, pos, &line.keys_before(n), &settings, stop)?;

    let refutation = if n > 0 {
        let before = evaluate(
            engine,
            line.position(n - 1),
            &line.keys_before(n - 1),
            &settings,
            stop,
        )?;
        let (verdict, _) = judge_verified(engine, line, n - 1, (&before, &here), &settings, stop)?;
        (verdict.class >= MoveClass::Mistake).then_some(Refutation {
            mv: verdict.mv,
            san: verdict.san,
            class: verdict.class,
            loss: verdict.loss,
            line_san: verdict.refutation_san,
            line: verdict.refutation,
            better_san: verdict.best_san,
        })
    } else {
        None
    };

    let threat = if here.terminal.is_none() && !pos.is_check() {
        let mut passed = pos.clone();
        passed.make_null_move();
        let threat = evaluate(engine, &passed, &[], &settings, stop)?;
        let now = classify::win_percent(classify::negate(here.score));
        Some(Threat {
            line_san: san_line(&passed, &threat.line),
            line: threat.line,
            score: threat.score,
            gain: classify::win_percent(threat.score) - now,
        })
    } else {
        None
    };

    Some(Coaching {
        score: here.score,
        best_line_san: san_line(pos, &here.line),
        threat,
        hanging: hanging_pieces(pos),
        refutation,
    })
}

/// The pieces of either side (kings apart) that the other side wins material by capturing,
/// judged by static exchange evaluation with legal first captures (a pinned attacker may only
/// take along its pin; a side in check only with a capture that answers it), most valuable loss
/// first. Static: a piece that hangs but whose owner
/// is to move may still be saved.
pub fn hanging_pieces(pos: &Position) -> Vec<HangingPiece> {
    let mut out = Vec::new();
    let occupied = pos.occupied();
    for side in Side::ALL {
        let enemy = !side;
        let enemy_pinned = pos.pinned(enemy);
        let enemy_king = pos.king_square(enemy);
        for sq in pos.side_pieces(side) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            if piece.kind == PieceKind::King {
                continue;
            }
            let around = pos.attackers_to(sq, occupied);
            let attackers = around & pos.side_pieces(enemy);
            let defenders = around & pos.side_pieces(side);
            let mut best: Option<i32> = None;
            for from in attackers {
                if enemy_pinned.contains(from) && !attacks::line(enemy_king, from).contains(sq) {
                    continue;
                }
                let capture = capture_move(pos, from, sq);
                // For the side to move, legal means more than its pins: in check, only a
                // capture that answers the check.
                if enemy == pos.side_to_move() && !pos.is_legal(capture) {
                    continue;
                }
                let value = see_value(pos, capture);
                if value > 0 && best.map_or(true, |b| value > b) {
                    best = Some(value);
                }
            }
            if let Some(loss) = best {
                out.push(HangingPiece {
                    square: sq,
                    piece,
                    attackers: attackers.count(),
                    defenders: defenders.count(),
                    loss,
                });
            }
        }
    }
    out.sort_by_key(|h| (std::cmp::Reverse(h.loss), h.square.index()));
    out
}

/// The capture from `from` to `to` (a pawn reaching the last rank promotes to a queen).
fn capture_move(pos: &Position, from: Square, to: Square) -> Move {
    let pawn = pos
        .piece_at(from)
        .is_some_and(|p| p.kind == PieceKind::Pawn);
    if pawn && (to.rank() == 0 || to.rank() == 7) {
        Move::promotion(from, to, PieceKind::Queen)
    } else {
        Move::normal(from, to)
    }
}

/// The exact static exchange value of `m`, found by bisection on [`see_ge`].
fn see_value(pos: &Position, m: Move) -> i32 {
    // Exchanges are worth between minus a queen and a queen plus a promotion.
    let (mut lo, mut hi) = (-2_000, 2_000);
    if !see_ge(pos, m, lo) {
        return lo;
    }
    // Invariant: see_ge(lo) holds, see_ge(hi + 1) does not (or hi is the top).
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if see_ge(pos, m, mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn an_undefended_attacked_piece_hangs() {
        // The black knight on e5 is attacked by the b2 bishop and defended by nothing.
        let pos = fen::parse("4k3/8/8/4n3/8/8/1B6/4K3 w - - 0 1").unwrap();
        let h = hanging_pieces(&pos);
        assert_eq!(h.len(), 1, "{h:?}");
        assert_eq!(h[0].square, Square::E5);
        assert_eq!(h[0].piece.side, Side::Black);
        assert_eq!(h[0].loss, 320);
        assert!(h[0].is_undefended());
        assert_eq!(h[0].attackers, 1);
    }

    #[test]
    fn a_defended_piece_hangs_only_to_a_cheaper_attacker() {
        // Knight e5 defended by the d6 pawn, attacked by the b2 bishop: bishop for knight, no
        // loss for Black.
        let pos = fen::parse("4k3/8/3p4/4n3/8/8/1B6/4K3 w - - 0 1").unwrap();
        assert!(hanging_pieces(&pos).is_empty());
        // Attacked by a pawn instead: loses knight for pawn (320 - 100).
        let pos = fen::parse("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1").unwrap();
        let h = hanging_pieces(&pos);
        assert_eq!(h.len(), 1, "{h:?}");
        assert_eq!(
            (h[0].square, h[0].loss, h[0].defenders),
            (Square::E5, 220, 1)
        );
    }

    #[test]
    fn a_pinned_attacker_does_not_count() {
        // The white knight on d2 is pinned by the b4 bishop against e1: it cannot take on c4,
        // so the black rook there does not hang (nothing else attacks it).
        let pos = fen::parse("4k3/8/8/8/1br5/8/3N4/4K3 w - - 0 1").unwrap();
        assert!(
            hanging_pieces(&pos).iter().all(|h| h.square != Square::C4),
            "{:?}",
            hanging_pieces(&pos)
        );
    }

    #[test]
    fn see_value_is_exact() {
        let pos = fen::parse("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1").unwrap();
        let m = capture_move(&pos, Square::D4, Square::E5);
        assert_eq!(see_value(&pos, m), 220);
        let m = capture_move(
            &fen::parse("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1").unwrap(),
            Square::F3,
            Square::E5,
        );
        assert_eq!(
            see_value(
                &fen::parse("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1").unwrap(),
                m
            ),
            0
        );
    }

    #[test]
    fn a_piece_is_not_hanging_to_a_capture_its_attacker_may_not_make_while_in_check() {
        // White is in check from h1: Bxe5 would leave the king in check, so the knight does
        // not hang; with the check gone it does.
        let pos = fen::parse("4k3/8/8/4n3/8/8/1B6/4K2r w - - 0 1").unwrap();
        assert!(
            hanging_pieces(&pos).is_empty(),
            "{:?}",
            hanging_pieces(&pos)
        );
        let pos = fen::parse("4k3/8/8/4n3/8/8/1B6/4K3 w - - 0 1").unwrap();
        let hanging = hanging_pieces(&pos);
        assert_eq!(hanging.len(), 1, "{hanging:?}");
        assert_eq!(hanging[0].square, Square::E5);
    }
}
