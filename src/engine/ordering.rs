//! Move ordering: the transposition-table move first, then winning captures by most valuable
//! victim / least valuable attacker, killer moves, quiet moves by history (butterfly plus
//! continuation history), and losing captures last. Also the history, killer, counter-move and
//! continuation tables the search learns as it goes.

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

/// A move as continuation history sees it: the moving piece and its destination, packed as
/// `piece * 64 + to` (`piece` 0-11: kind, plus 6 for Black). `NONE` for a null move or the
/// root's missing predecessors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// No move (before the root, or a null move).
    pub const NONE: PieceTo = PieceTo(u16::MAX);

    /// `m` played by the piece on its from-square in `pos` (before the move is made).
    #[inline]
    pub fn of(pos: &Position, m: Move) -> PieceTo {
        match pos.piece_at(m.from()) {
            Some(p) => {
                PieceTo(((p.kind.index() + 6 * p.side.index()) * 64 + m.to().index()) as u16)
            }
            None => PieceTo::NONE,
        }
    }

    #[inline]
    fn is_none(self) -> bool {
        self == PieceTo::NONE
    }
}

/// Entries of one continuation-history table: (previous piece-to) × (this piece-to).
const CONT_SIZE: usize = 12 * 64 * 12 * 64;

/// What the search learns about quiet moves: killers per ply, butterfly history, counter
/// moves, and continuation history (how good a quiet move was as the answer to the move one
/// ply before it, and as the follow-up to our own move two plies before).
#[derive(Clone)]
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    history: [[[i32; 64]; 64]; 2],
    /// `[side][previous move's to-square]`: the quiet move that refuted it last time.
    counter: [[Move; 64]; 2],
    /// `[k][prev * 768 + this]` for k = 0 (the move one ply back) and 1 (two plies back).
    /// On the heap: 2.4 MB.
    cont: [Vec<i16>; 2],
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[Move::NULL; 2]; MAX_PLY + 1],
            history: [[[0; 64]; 64]; 2],
            counter: [[Move::NULL; 64]; 2],
            cont: [vec![0; CONT_SIZE], vec![0; CONT_SIZE]],
        }
    }
}

/// The continuation moves of a node: the moves one and two plies before it.
#[derive(Debug, Clone, Copy)]
pub struct ContKeys(pub [PieceTo; 2]);

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
        self.history = [[[0; 64]; 64]; 2];
        self.counter = [[Move::NULL; 64]; 2];
        for t in self.cont.iter_mut() {
            t.fill(0);
        }
    }

    /// The combined history of a quiet move `pt` (= `PieceTo::of(m)`): butterfly plus both
    /// continuation tables.
    #[inline]
    pub fn quiet_score(&self, side: Side, m: Move, pt: PieceTo, cont: ContKeys) -> i32 {
        let mut h = self.history(side, m);
        for (k, prev) in cont.0.iter().enumerate() {
            if !prev.is_none() && !pt.is_none() {
                h += self.cont[k][prev.0 as usize * 768 + pt.0 as usize] as i32;
            }
        }
        h
    }

    /// Between searches: keep history (butterfly history scaled down) but forget killers.
    pub fn age(&mut self) {
        for side in self.history.iter_mut() {
            for from in side.iter_mut() {
                for h in from.iter_mut() {
                    *h /= 2;
                }
            }
        }
        // Continuation history is kept as it is: halving 1.2 M entries would cost about a
        // millisecond per search, and its gravity formula already lets old values fade.
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

    fn adjust(&mut self, side: Side, m: Move, pt: PieceTo, cont: ContKeys, bonus: i32) {
        let h = &mut self.history[side.index()][m.from().index()][m.to().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        if pt.is_none() {
            return;
        }
        for (k, prev) in cont.0.iter().enumerate() {
            if !prev.is_none() {
                let c = &mut self.cont[k][prev.0 as usize * 768 + pt.0 as usize];
                let v = *c as i32;
                *c = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
            }
        }
    }

    /// A quiet move `best` caused a beta cutoff at `ply` after the quiet moves in `tried` failed
    /// (each with its `PieceTo`).
    #[allow(clippy::too_many_arguments)]
    pub fn on_quiet_cutoff(
        &mut self,
        side: Side,
        ply: usize,
        depth: i32,
        best: (Move, PieceTo),
        prev: Move,
        cont: ContKeys,
        tried: &[(Move, PieceTo)],
    ) {
        let (best, best_pt) = best;
        let k = &mut self.killers[ply];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
        if !prev.is_null() {
            self.counter[side.index()][prev.to().index()] = best;
        }
        let bonus = (depth * depth * 16).min(1_600);
        self.adjust(side, best, best_pt, cont, bonus);
        for &(m, pt) in tried {
            if m != best {
                self.adjust(side, m, pt, cont, -bonus);
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

/// How a [`ScoredMoves`] scores its moves.
#[derive(Clone, Copy)]
enum Scoring {
    /// Main search: captures by SEE and MVV-LVA, killers, counter move, history.
    Search {
        ply: usize,
        prev: Move,
        cont: ContKeys,
    },
    /// Quiescence: MVV-LVA, queen promotions first.
    Quiescence,
}

/// Where a [`ScoredMoves`] is in handing out its moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The table move comes first, before anything is scored.
    TableMove,
    /// The rest still have to be scored.
    Score,
    /// Selection sort: one best move per call.
    Pick,
    /// The rest were sorted once; handed out in order.
    Sorted,
}

/// After this many moves by selection sort, the rest are sorted once. A node that has not
/// failed high after its first few moves usually tries all of them (an all-node), and picking
/// each by a scan over the whole list would cost O(n²).
const PICKS_BEFORE_SORT: usize = 4;

/// Moves with their ordering scores, handed out best first.
///
/// Scoring is lazy: the table move is handed out before the other moves are scored (SEE of
/// every capture and the history lookups of every quiet move cost nothing at a node where the
/// table move fails high).
///
/// The search keeps one of these per ply and reuses it: the moves are generated straight into
/// [`ScoredMoves::list_mut`] and then [`ScoredMoves::start_search`] (or `start_quiescence`)
/// arms it. Nothing is copied or zeroed per node (a list built per node and returned by value
/// cost a 2 KB copy and a 0.5 KB fill each time, about 3 % of the search); the scores are
/// zeroed once, when the list is made.
pub struct ScoredMoves {
    list: MoveList,
    /// Zeroed once when the list is made (the search reuses its lists), written by scoring.
    scores: [i32; MAX_MOVES],
    next: usize,
    tt_move: Move,
    stage: Stage,
    scoring: Scoring,
}

impl Default for ScoredMoves {
    fn default() -> Self {
        ScoredMoves {
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            tt_move: Move::NULL,
            stage: Stage::Sorted,
            scoring: Scoring::Quiescence,
        }
    }
}

impl ScoredMoves {
    /// The moves of `list` for the main search at `ply`, whose previous move was `prev` and whose
    /// continuation moves are `cont`. `tt_move` comes first when it is in the list.
    pub fn for_search(
        list: &MoveList,
        tt_move: Move,
        ply: usize,
        prev: Move,
        cont: ContKeys,
    ) -> ScoredMoves {
        let mut s = ScoredMoves::with_list(list);
        s.start_search(tt_move, ply, prev, cont);
        s
    }

    /// The moves of `list` for quiescence, by MVV-LVA (queen promotions first), `tt_move` first.
    #[cfg(test)]
    pub fn for_quiescence(list: &MoveList, tt_move: Move) -> ScoredMoves {
        let mut s = ScoredMoves::with_list(list);
        s.start_quiescence(tt_move);
        s
    }

    fn with_list(list: &MoveList) -> ScoredMoves {
        let mut s = ScoredMoves::default();
        for &m in list.iter() {
            s.list.push(m);
        }
        s
    }

    /// The list to generate the node's moves into (cleared first).
    #[inline]
    pub fn list_mut(&mut self) -> &mut MoveList {
        self.list.clear();
        &mut self.list
    }

    /// The moves, in their current order.
    #[inline]
    pub fn list(&self) -> &MoveList {
        &self.list
    }

    /// Arms the list for the main search at `ply` (see [`ScoredMoves::for_search`]).
    #[inline]
    pub fn start_search(&mut self, tt_move: Move, ply: usize, prev: Move, cont: ContKeys) {
        self.start(tt_move, Scoring::Search { ply, prev, cont });
    }

    /// Arms the list for quiescence (see [`ScoredMoves::for_quiescence`]).
    #[inline]
    pub fn start_quiescence(&mut self, tt_move: Move) {
        self.start(tt_move, Scoring::Quiescence);
    }

    #[inline]
    fn start(&mut self, tt_move: Move, scoring: Scoring) {
        self.next = 0;
        self.tt_move = tt_move;
        self.scoring = scoring;
        self.stage = if tt_move.is_null() {
            Stage::Score
        } else {
            Stage::TableMove
        };
    }

    /// The moves and their scores (the scores are meaningful once scored).
    #[inline]
    fn parts(&mut self) -> (&mut [Move], &mut [i32]) {
        let len = self.list.len();
        (self.list.as_mut_slice(), &mut self.scores[..len])
    }

    /// The best remaining move and its ordering score, or `None` when all were handed out.
    /// `pos` and `heur` must be those of the node (scoring happens on the second call).
    #[inline]
    pub fn next_best(&mut self, pos: &Position, heur: &Heuristics) -> Option<(Move, i32)> {
        if self.stage == Stage::TableMove {
            self.stage = Stage::Score;
            let tt = self.tt_move;
            let (moves, _) = self.parts();
            if let Some(i) = moves.iter().position(|&m| m == tt) {
                moves.swap(0, i);
                self.next = 1;
                return Some((tt, TT_MOVE));
            }
        }
        if self.stage == Stage::Score {
            self.score_rest(pos, heur);
            self.stage = Stage::Pick;
        }
        let next = self.next;
        if next >= self.list.len() {
            return None;
        }
        let pick = self.stage == Stage::Pick;
        let sort = pick && next >= PICKS_BEFORE_SORT;
        if sort {
            self.stage = Stage::Sorted;
        }
        let (moves, scores) = self.parts();
        if pick {
            if sort {
                // Insertion sort of the rest, best first (stable: equal scores keep the
                // generation order).
                let (moves, scores) = (&mut moves[next..], &mut scores[next..]);
                for i in 1..moves.len() {
                    let (m, sc) = (moves[i], scores[i]);
                    let mut j = i;
                    while j > 0 && scores[j - 1] < sc {
                        moves[j] = moves[j - 1];
                        scores[j] = scores[j - 1];
                        j -= 1;
                    }
                    moves[j] = m;
                    scores[j] = sc;
                }
            } else {
                let mut best = next;
                for i in next + 1..moves.len() {
                    if scores[i] > scores[best] {
                        best = i;
                    }
                }
                moves.swap(next, best);
                scores.swap(next, best);
            }
        }
        let (m, sc) = (moves[next], scores[next]);
        self.next += 1;
        Some((m, sc))
    }

    fn score_rest(&mut self, pos: &Position, heur: &Heuristics) {
        let next = self.next;
        let (tt, scoring) = (self.tt_move, self.scoring);
        let (moves, scores) = self.parts();
        let entries = moves[next..].iter().zip(scores[next..].iter_mut());
        match scoring {
            Scoring::Search { ply, prev, cont } => {
                let side = pos.side_to_move();
                let killers = heur.killers(ply);
                let counter = heur.counter(side, prev);
                for (&m, score) in entries {
                    *score = if m == tt {
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
                        heur.quiet_score(side, m, PieceTo::of(pos, m), cont)
                    };
                }
            }
            Scoring::Quiescence => {
                for (&m, score) in entries {
                    *score = if m == tt {
                        TT_MOVE
                    } else if m.promotion_kind() == Some(PieceKind::Queen) {
                        GOOD_CAPTURE + mvv_lva(pos, m)
                    } else if m.is_promotion() {
                        UNDERPROMOTION
                    } else {
                        mvv_lva(pos, m)
                    };
                }
            }
        }
    }
}

/// `true` when an ordering score marks a killer or counter move.
#[inline]
pub fn is_refutation_score(score: i32) -> bool {
    (COUNTER_MOVE..=KILLER_1).contains(&score)
}

/// `true` when an ordering score marks a capture that loses material by SEE.
#[inline]
pub fn is_bad_capture_score(score: i32) -> bool {
    (BAD_CAPTURE - 100_000..BAD_CAPTURE + 100_000).contains(&score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, uci};

    #[test]
    fn moves_come_out_once_each_table_move_first_then_by_score() {
        let pos =
            fen::parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let list = pos.legal_moves();
        let tt = uci::parse_move(&pos, "a2a3").unwrap();
        let heur = Heuristics::default();
        let cont = ContKeys([PieceTo::NONE; 2]);
        let mut moves = ScoredMoves::for_search(&list, tt, 3, Move::NULL, cont);
        let mut out = Vec::new();
        while let Some(x) = moves.next_best(&pos, &heur) {
            out.push(x);
        }
        assert_eq!(out[0], (tt, TT_MOVE));
        assert_eq!(out.len(), list.len());
        let mut seen: Vec<Move> = out.iter().map(|x| x.0).collect();
        seen.sort_by_key(|m| uci::to_uci(*m));
        seen.dedup();
        assert_eq!(seen.len(), list.len());
        // Best first: winning captures (Bxa6, Nxf7...) before quiets, scores never increase.
        assert!(out[1..].windows(2).all(|w| w[0].1 >= w[1].1), "{out:?}");
        assert!(out[1].1 >= GOOD_CAPTURE);
        // A table move that is not in the list is ignored.
        let absent = uci::parse_move(&Position::startpos(), "e2e4").unwrap();
        assert!(!list.contains(absent));
        let mut moves = ScoredMoves::for_quiescence(&list, absent);
        assert_eq!(
            std::iter::from_fn(|| moves.next_best(&pos, &heur)).count(),
            list.len()
        );
    }

    #[test]
    fn continuation_history_learns_answers_to_a_move() {
        let pos =
            fen::parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let mut heur = Heuristics::default();
        let good = uci::parse_move(&pos, "f1b5").unwrap();
        let bad = uci::parse_move(&pos, "h2h3").unwrap();
        let (gpt, bpt) = (PieceTo::of(&pos, good), PieceTo::of(&pos, bad));
        // The move before: ...Nc6 (b8 to c6 by a black knight), two plies back: Nf3.
        let before =
            fen::parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
        let prev = uci::parse_move(&before, "b8c6").unwrap();
        let cont = ContKeys([PieceTo::of(&before, prev), PieceTo::NONE]);
        let other = ContKeys([PieceTo::NONE, PieceTo::NONE]);
        heur.on_quiet_cutoff(Side::White, 4, 6, (good, gpt), prev, cont, &[(bad, bpt)]);
        let after_nc6 = heur.quiet_score(Side::White, good, gpt, cont);
        let without = heur.quiet_score(Side::White, good, gpt, other);
        assert!(after_nc6 > without && without > 0, "{after_nc6} {without}");
        assert!(heur.quiet_score(Side::White, bad, bpt, cont) < 0);
        // Ageing between searches keeps what continuation history learnt.
        heur.age();
        assert!(heur.quiet_score(Side::White, good, gpt, cont) > heur.history(Side::White, good));
        heur.clear();
        assert_eq!(heur.quiet_score(Side::White, good, gpt, cont), 0);
    }
}
