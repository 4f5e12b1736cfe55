//! Move ordering: the transposition-table move first, then winning captures by most valuable
//! victim / least valuable attacker, killer moves, quiet moves by history, and losing captures
//! last. Also the history, killer and counter-move tables the search learns as it goes.

use super::eval::PIECE_VALUE;
use super::score::MAX_PLY;
use super::see::see_ge;
use crate::rules::{Move, MoveList, PieceKind, Position, Side, MAX_MOVES};

const TT_MOVE: i32 = 4_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_000;
const KILLER_2: i32 = 999_000;
const COUNTER_MOVE: i32 = 998_000;
const BAD_CAPTURE: i32 = -2_000_000;
const UNDERPROMOTION: i32 = -3_000_000;
/// History values stay within ±this (the "gravity" formula keeps them bounded).
pub const HISTORY_MAX: i32 = 16_384;

/// What the search learns about quiet moves: killers per ply, butterfly history, counter moves.
#[derive(Clone)]
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    history: [[[i32; 64]; 64]; 2],
    /// `[side][previous move's to-square]`: the quiet move that refuted it last time.
    counter: [[Move; 64]; 2],
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[Move::NULL; 2]; MAX_PLY + 1],
            history: [[[0; 64]; 64]; 2],
            counter: [[Move::NULL; 64]; 2],
        }
    }
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Between searches: keep history (scaled down) but forget killers.
    pub fn age(&mut self) {
        for side in self.history.iter_mut() {
            for from in side.iter_mut() {
                for h in from.iter_mut() {
                    *h /= 2;
                }
            }
        }
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
    }

    /// The history value of a quiet move.
    #[inline]
    pub fn history(&self, side: Side, m: Move) -> i32 {
        self.history[side.index()][m.from().index()][m.to().index()]
    }

    /// The killers at `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// The counter move to `prev` (null if none).
    #[inline]
    pub fn counter(&self, side: Side, prev: Move) -> Move {
        if prev.is_null() {
            Move::NULL
        } else {
            self.counter[side.index()][prev.to().index()]
        }
    }

    /// Clears the killers of `ply` (for the children of a new node).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        if ply <= MAX_PLY {
            self.killers[ply] = [Move::NULL; 2];
        }
    }

    fn adjust(&mut self, side: Side, m: Move, bonus: i32) {
        let h = &mut self.history[side.index()][m.from().index()][m.to().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// A quiet move `best` caused a beta cutoff at `ply` after the quiet moves in `tried` failed.
    pub fn on_quiet_cutoff(
        &mut self,
        side: Side,
        ply: usize,
        depth: i32,
        best: Move,
        prev: Move,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
        if !prev.is_null() {
            self.counter[side.index()][prev.to().index()] = best;
        }
        let bonus = (depth * depth * 16).min(1_600);
        self.adjust(side, best, bonus);
        for &m in tried {
            if m != best {
                self.adjust(side, m, -bonus);
            }
        }
    }
}

/// The most valuable victim / least valuable attacker key of a capture.
#[inline]
pub fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos
        .captured_piece(m)
        .map_or(0, |p| PIECE_VALUE[p.kind.index()]);
    let attacker = pos.piece_at(m.from()).map_or(0, |p| p.kind.index() as i32);
    victim * 8 - attacker
}

/// Moves with their ordering scores, handed out best first.
pub struct ScoredMoves {
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
    next: usize,
}

impl ScoredMoves {
    /// Scores `list` for the main search.
    pub fn for_search(
        pos: &Position,
        list: &MoveList,
        tt_move: Move,
        heur: &Heuristics,
        ply: usize,
        prev: Move,
    ) -> ScoredMoves {
        let side = pos.side_to_move();
        let killers = heur.killers(ply);
        let counter = heur.counter(side, prev);
        let mut s = ScoredMoves::empty();
        for &m in list.iter() {
            let score = if m == tt_move {
                TT_MOVE
            } else if let Some(k) = m.promotion_kind() {
                if k == PieceKind::Queen {
                    GOOD_CAPTURE + mvv_lva(pos, m) + PIECE_VALUE[PieceKind::Queen.index()]
                } else {
                    UNDERPROMOTION + k.index() as i32
                }
            } else if pos.is_capture(m) {
                if see_ge(pos, m, 0) {
                    GOOD_CAPTURE + mvv_lva(pos, m)
                } else {
                    BAD_CAPTURE + mvv_lva(pos, m)
                }
            } else if m == killers[0] {
                KILLER_1
            } else if m == killers[1] {
                KILLER_2
            } else if m == counter {
                COUNTER_MOVE
            } else {
                heur.history(side, m)
            };
            s.push(m, score);
        }
        s
    }

    /// Scores the noisy moves of `list` for quiescence by MVV-LVA (queen promotions first).
    pub fn for_quiescence(pos: &Position, list: &MoveList, tt_move: Move) -> ScoredMoves {
        let mut s = ScoredMoves::empty();
        for &m in list.iter() {
            let score = if m == tt_move {
                TT_MOVE
            } else if m.promotion_kind() == Some(PieceKind::Queen) {
                GOOD_CAPTURE + mvv_lva(pos, m)
            } else if m.is_promotion() {
                UNDERPROMOTION
            } else {
                mvv_lva(pos, m)
            };
            s.push(m, score);
        }
        s
    }

    fn empty() -> ScoredMoves {
        ScoredMoves {
            moves: [Move::NULL; MAX_MOVES],
            scores: [0; MAX_MOVES],
            len: 0,
            next: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move, score: i32) {
        self.moves[self.len] = m;
        self.scores[self.len] = score;
        self.len += 1;
    }

    /// The best remaining move and its ordering score (selection sort, one step).
    #[inline]
    pub fn next_best(&mut self) -> Option<(Move, i32)> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let r = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(r)
    }
}

/// `true` when an ordering score marks a capture that loses material by SEE.
#[inline]
pub fn is_bad_capture_score(score: i32) -> bool {
    (BAD_CAPTURE - 100_000..BAD_CAPTURE + 100_000).contains(&score)
}
