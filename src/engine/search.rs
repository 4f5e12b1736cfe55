//! The search: iterative deepening over a principal-variation alpha-beta search with aspiration
//! windows, quiescence, null-move pruning, late move reductions, singular extensions and the
//! usual forward pruning, using the engine's transposition table and move-ordering heuristics.

use super::eval::{self, has_non_pawn_material, PIECE_VALUE};
use super::ordering::{
    is_bad_capture_score, is_refutation_score, ContKeys, Heuristics, PieceTo, ScoredMoves,
};
use super::score::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use super::see::{gives_direct_check, see_ge};
use super::tt::{Bound, TranspositionTable};
use crate::rules::{mix64, Bitboard, GenKind, Move, Position, Undo};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::Instant;

/// Nodes between two looks at the stop flag and the clock (about 0.5 ms at 2 Mnps).
const CHECK_INTERVAL: u64 = 1024;

/// The nodes the first iteration may take before the stop flag, the deadline and the node
/// limit apply to it too. Depth 1 takes a dozen (a bare ending) to about 1,500 nodes in
/// ordinary positions (one or two lines), and a search of them ends in well under a
/// millisecond; a position with a dozen
/// queens a side can take millions (seconds, on the engine's thread), which this bounds: such
/// a search, stopped here, reports depth 0 as before.
pub(crate) const FIRST_ITERATION_NODES: u64 = 20_000;
const RFP_DEPTH: i32 = 7;
const RFP_MARGIN: i32 = 75;
const NULL_MOVE_DEPTH: i32 = 3;
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_BASE: i32 = 90;
const FUTILITY_PER_DEPTH: i32 = 95;
const LMP_DEPTH: i32 = 7;
const SEE_QUIET_MARGIN: i32 = -60;
const SEE_CAPTURE_MARGIN: i32 = -100;
const LMR_MIN_DEPTH: i32 = 3;
const IIR_DEPTH: i32 = 4;
const DELTA_MARGIN: i32 = 200;
const RAZOR_MARGIN: i32 = 300;
/// Quiet moves remembered per node for history maluses (later ones go unpunished).
const MAX_QUIETS_TRIED: usize = 64;
/// Singular extensions from this depth on.
const SE_DEPTH: i32 = 8;
/// A singular move whose alternatives fail this far below is extended by two plies.
const DOUBLE_EXT_MARGIN: i32 = 20;
/// At most this many double extensions on one path (keeps the tree finite).
const MAX_DOUBLE_EXT: u8 = 4;
/// Quiet moves with a combined history below `-margin × depth` are pruned up to this depth.
const HISTORY_PRUNE_DEPTH: i32 = 3;
const HISTORY_PRUNE_MARGIN: i32 = 4_000;

/// Late-move reductions by `[depth][move number]`.
static LMR: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.8 + (d as f64).ln() * (m as f64).ln() / 2.3) as i32;
        }
    }
    t
});

/// A root move with its score from the last iteration it was searched in.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    /// `true` when `score` is exact (not just a bound) in the latest iteration.
    pub exact: bool,
    pub pv: Vec<Move>,
}

/// What the search keeps about one ply of the path it is on.
struct StackEntry {
    /// The move made from this ply (null: a null move), for counter moves and null-move
    /// detection at the next ply.
    current_move: Move,
    /// That move's piece and destination (continuation history, one and two plies on).
    piece_to: PieceTo,
    /// The move a singular-extension search at this ply leaves out (null: none).
    excluded: Move,
    /// The static evaluation at this ply (`-INFINITY` in check), to tell whether it improves
    /// on the one two plies before.
    static_eval: i32,
    /// Double extensions on the path to this ply.
    double_extensions: u8,
    /// Reused move lists: `[0]` for this ply's search and its quiescence when no
    /// singular-extension search runs here, `[1]` for a singular-extension search at this ply
    /// and for quiescence below it (see `search` and `quiescence`).
    moves: [ScoredMoves; 2],
    /// The principal variation from this ply: `pv[..pv_len]`.
    pv: [Move; MAX_PLY + 1],
    pv_len: usize,
}

impl Default for StackEntry {
    fn default() -> Self {
        StackEntry {
            current_move: Move::NULL,
            piece_to: PieceTo::NONE,
            excluded: Move::NULL,
            static_eval: 0,
            double_extensions: 0,
            moves: Default::default(),
            pv: [Move::NULL; MAX_PLY + 1],
            pv_len: 0,
        }
    }
}

/// Everything one search (one thread's, with threads) needs, borrowed from the engine for its
/// duration.
pub(crate) struct Searcher<'a> {
    pub pos: Position,
    /// Shared by all the threads of a search.
    pub tt: &'a TranspositionTable,
    pub heur: &'a mut Heuristics,
    /// Pawn-structure terms by pawn placement (this search's own).
    pawns: eval::PawnCache,
    /// Keys of the positions before the current one: the game's, then the search path's.
    keys: Vec<u64>,
    /// `keys.len()` at the root.
    root_len: usize,
    stop: &'a AtomicBool,
    pub nodes: u64,
    /// A helper thread's count of all helpers' nodes, which it adds its own to at every look
    /// at the stop flag (so that the main thread can report them) and at [`Self::publish_nodes`].
    node_sink: Option<&'a AtomicU64>,
    /// The nodes already added to `node_sink`.
    published: u64,
    pub seldepth: usize,
    node_limit: u64,
    deadline: Option<Instant>,
    /// While `false` (during the first iteration) nothing aborts the search before
    /// [`FIRST_ITERATION_NODES`]: not the stop flag, the deadline or the node limit. Without
    /// it a search stopped by a small node limit (the weakest levels' 400) reported the 0 it
    /// starts from as its score, and a move it had not looked at.
    pub abortable: bool,
    pub aborted: bool,
    eval_noise: i32,
    noise_seed: u64,
    /// The depth of the current iteration (bounds singular extensions).
    root_depth: i32,
    /// One entry per ply of the current path, the root's first.
    stack: Box<[StackEntry]>,
    pub root_moves: Vec<RootMove>,
    /// MultiPV: the root moves before this index are earlier lines of the current iteration
    /// and are not searched again by `search_root`.
    pub pv_start: usize,
    /// Root moves scoring within this of the best get exact scores (levels pick among them).
    pub choice_margin: i32,
}

impl<'a> Searcher<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        pos: Position,
        history: &[u64],
        tt: &'a TranspositionTable,
        heur: &'a mut Heuristics,
        stop: &'a AtomicBool,
        node_limit: Option<u64>,
        deadline: Option<Instant>,
        eval_noise: i32,
        noise_seed: u64,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        let root_len = keys.len();
        Searcher {
            pos,
            tt,
            heur,
            pawns: eval::PawnCache::default(),
            keys,
            root_len,
            stop,
            nodes: 0,
            node_sink: None,
            published: 0,
            seldepth: 0,
            node_limit: node_limit.unwrap_or(u64::MAX),
            deadline,
            abortable: false,
            aborted: false,
            eval_noise,
            noise_seed,
            root_depth: 0,
            stack: (0..MAX_PLY + 2).map(|_| StackEntry::default()).collect(),
            root_moves: Vec::new(),
            pv_start: 0,
            choice_margin: 0,
        }
    }

    /// Makes this a helper thread's searcher, whose nodes are added to `sink` as it goes.
    pub fn count_nodes_into(&mut self, sink: &'a AtomicU64) {
        self.node_sink = Some(sink);
    }

    /// Adds the nodes searched since the last time to the node sink, if any.
    pub fn publish_nodes(&mut self) {
        if let Some(sink) = self.node_sink {
            sink.fetch_add(self.nodes - self.published, Ordering::Relaxed);
            self.published = self.nodes;
        }
    }

    /// Orders the root moves for the first iteration.
    pub fn init_root_moves(&mut self) {
        let list = self.pos.legal_moves();
        let tt_move = self
            .tt
            .probe(self.pos.key(), 0)
            .map_or(Move::NULL, |h| h.best_move);
        let mut scored =
            ScoredMoves::for_search(&list, tt_move, 0, Move::NULL, ContKeys([PieceTo::NONE; 2]));
        while let Some((m, _)) = scored.next_best(&self.pos, self.heur) {
            self.root_moves.push(RootMove {
                mv: m,
                score: -INFINITY,
                exact: false,
                pv: vec![m],
            });
        }
    }

    #[inline]
    fn evaluate(&mut self) -> i32 {
        let v = eval::evaluate_cached(&self.pos, &mut self.pawns);
        if self.eval_noise > 0 && v != 0 {
            let span = 2 * self.eval_noise as u64 + 1;
            v + (mix64(self.pos.key() ^ self.noise_seed) % span) as i32 - self.eval_noise
        } else {
            v
        }
    }

    /// Counts a node and decides whether the search must stop now: not during the first
    /// iteration ([`Searcher::abortable`]) before [`FIRST_ITERATION_NODES`], so that every
    /// search has a searched move and score.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.abortable && self.nodes < FIRST_ITERATION_NODES {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes % CHECK_INTERVAL == 0 {
            self.publish_nodes();
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// `true` when the current position (at `ply` > 0) is a draw by repetition or the
    /// fifty-move rule or by insufficient material. A repetition inside the search path counts
    /// at once; one of a position before the root needs to have occurred twice there.
    fn is_draw(&self, ply: usize) -> bool {
        let hm = self.pos.halfmove_clock() as usize;
        if hm >= 100 && (!self.pos.is_check() || self.pos.has_legal_moves()) {
            return true;
        }
        if self.pos.is_insufficient_material() {
            return true;
        }
        let n = self.keys.len();
        let key = self.pos.key();
        let limit = hm.min(n);
        let mut before_root = 0;
        let mut back = 4;
        while back <= limit {
            let idx = n - back;
            if self.keys[idx] == key {
                if idx >= self.root_len {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        let _ = ply;
        false
    }

    #[inline]
    fn make(&mut self, m: Move, ply: usize) -> Undo {
        let pt = PieceTo::of(&self.pos, m);
        self.make_pt(m, pt, ply)
    }

    /// [`Self::make`] when the caller already has the move's `PieceTo`.
    #[inline]
    fn make_pt(&mut self, m: Move, pt: PieceTo, ply: usize) -> Undo {
        // Start loading the child's table entry now, so that making the move hides some of
        // the memory latency (the probe right after the move was the hottest instruction).
        self.tt.prefetch(self.pos.key_after_hint(m));
        self.keys.push(self.pos.key());
        let entry = &mut self.stack[ply];
        entry.current_move = m;
        entry.piece_to = pt;
        self.pos.make_move(m)
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: &Undo) {
        self.pos.unmake_move(m, undo);
        self.keys.pop();
    }

    /// The continuation keys of a node at `ply`: the moves one and two plies before it.
    #[inline]
    fn cont_keys(&self, ply: usize) -> ContKeys {
        let back = |k: usize| {
            if ply >= k {
                self.stack[ply - k].piece_to
            } else {
                PieceTo::NONE
            }
        };
        ContKeys([back(1), back(2)])
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (parent, child) = self.stack[ply..].split_at_mut(1);
        let (parent, child) = (&mut parent[0], &child[0]);
        let child_len = if ply < MAX_PLY { child.pv_len } else { 0 };
        parent.pv[0] = m;
        parent.pv[1..=child_len].copy_from_slice(&child.pv[..child_len]);
        parent.pv_len = child_len + 1;
    }

    /// One iteration at the root with the window (alpha, beta) over the root moves from
    /// `pv_start` on. Updates `root_moves[pv_start..]` (sorted, best first) and returns the best
    /// score among them (a bound when outside the window).
    pub fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INFINITY;
        self.root_depth = depth;
        let first = self.pv_start;
        self.seldepth = self.seldepth.max(1);
        for rm in self.root_moves[first..].iter_mut() {
            rm.exact = false;
        }
        let in_check = self.pos.is_check();
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            // Moves after the first must beat `floor`: alpha normally; at weak levels anything
            // within the choice margin of the best so far, so that its score is exact.
            let floor = if self.choice_margin > 0 && i > first {
                best - self.choice_margin
            } else {
                alpha
            };
            self.nodes += 1;
            let quiet_move = self.pos.captured_piece(m).is_none() && !m.is_promotion();
            let undo = self.make(m, 0);
            let gives_check = self.pos.is_check();
            let new_depth = depth - 1;
            let score = if i == first || self.choice_margin > 0 {
                -self.search(new_depth, -beta, -floor, 1, true, false)
            } else {
                let quiet = !gives_check && !in_check && quiet_move;
                let mut r = 0;
                let n = i - first;
                if depth >= LMR_MIN_DEPTH && n >= 3 && quiet {
                    r = (LMR[depth.min(63) as usize][n.min(63)] - 1).max(0);
                }
                let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, 1, false, true);
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, 1, false, false);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, 1, true, false);
                }
                s
            };
            self.unmake(m, &undo);
            if self.aborted {
                return best;
            }
            if score > floor || i == first {
                self.update_pv(0, m);
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.exact = score > floor && score < beta;
                rm.pv = self.stack[0].pv[..self.stack[0].pv_len].to_vec();
            } else {
                self.root_moves[i].score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Stable: ties keep the previous order, so the earlier best stays first.
        self.root_moves[first..].sort_by_key(|r| std::cmp::Reverse(r.score));
        best
    }

    /// The main alpha-beta search of a non-root node.
    fn search(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        self.stack[ply].pv_len = 0;
        if self.is_draw(ply) {
            return DRAW;
        }
        let in_check = self.pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        self.seldepth = self.seldepth.max(ply + 1);

        // Mate-distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let excluded = self.stack[ply].excluded;
        let key = self.pos.key();
        let tt_hit = self.tt.probe(key, ply);
        let mut tt_move = Move::NULL;
        if let Some(hit) = tt_hit {
            tt_move = hit.best_move;
            if !pv_node && excluded.is_null() && hit.depth >= depth {
                let cutoff = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cutoff {
                    return hit.score;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else if let Some(hit) = tt_hit {
            hit.eval
        } else {
            self.evaluate()
        };
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].static_eval;
        self.heur.clear_killers(ply + 1);

        if !pv_node && !in_check && excluded.is_null() {
            // Reverse futility: far above beta at low depth.
            if depth <= RFP_DEPTH
                && static_eval - RFP_MARGIN * (depth - improving as i32) >= beta
                && static_eval < MATE_BOUND
            {
                return static_eval;
            }
            // Razoring: hopeless at depth 1-2 unless a capture saves it.
            if depth <= 2 && static_eval + RAZOR_MARGIN * depth < alpha {
                let q = self.quiescence(alpha - 1, alpha, ply);
                if q < alpha {
                    return q;
                }
            }
            // Null move, guarded against zugzwang by requiring pieces besides pawns.
            let us = self.pos.side_to_move();
            if depth >= NULL_MOVE_DEPTH
                && static_eval >= beta
                && !self.stack[ply.saturating_sub(1)].current_move.is_null()
                && has_non_pawn_material(&self.pos, us)
                && beta > -MATE_BOUND
            {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
                self.keys.push(key);
                self.stack[ply].current_move = Move::NULL;
                self.stack[ply].piece_to = PieceTo::NONE;
                let undo = self.pos.make_null_move();
                self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
                let score =
                    -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, !cut_node);
                self.pos.unmake_null_move(&undo);
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: without a table move this node is probably not worth a
        // full-depth search yet.
        if tt_move.is_null() && depth >= IIR_DEPTH && excluded.is_null() {
            depth -= 1;
        }

        // A singular-extension search runs at the same ply as its node: it has its own list.
        let slot = !excluded.is_null() as usize;
        self.pos.generate(
            GenKind::All,
            Bitboard::FULL,
            self.stack[ply].moves[slot].list_mut(),
        );
        if self.stack[ply].moves[slot].list().is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        let prev = if ply > 0 {
            self.stack[ply - 1].current_move
        } else {
            Move::NULL
        };
        let cont = self.cont_keys(ply);
        self.stack[ply].moves[slot].start_search(tt_move, ply, prev, cont);
        let us = self.pos.side_to_move();

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let mut quiets_tried = [(Move::NULL, PieceTo::NONE); MAX_QUIETS_TRIED];
        let mut n_quiets = 0usize;
        let mut searched = 0usize;
        let lmp_limit = (3 + depth * depth) / (2 - improving as i32);
        // A capture or promotion as the table move: the quiet moves are less likely to matter.
        let tt_noisy = !tt_move.is_null()
            && (self.pos.captured_piece(tt_move).is_some() || tt_move.is_promotion());

        while let Some((m, order)) = self.stack[ply].moves[slot].next_best(&self.pos, self.heur) {
            if m == excluded {
                continue;
            }
            let capture = self.pos.captured_piece(m);
            let quiet = capture.is_none() && !m.is_promotion();
            let pt = PieceTo::of(&self.pos, m);

            if !pv_node && !in_check && best_score > -MATE_BOUND && searched > 0 {
                if quiet && !gives_direct_check(&self.pos, m) {
                    if depth <= LMP_DEPTH && n_quiets as i32 >= lmp_limit {
                        continue;
                    }
                    if depth <= FUTILITY_DEPTH
                        && static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
                    {
                        continue;
                    }
                    if depth <= HISTORY_PRUNE_DEPTH
                        && !is_refutation_score(order)
                        && order < -HISTORY_PRUNE_MARGIN * depth
                    {
                        continue;
                    }
                    if depth <= 3 && !see_ge(&self.pos, m, SEE_QUIET_MARGIN * depth) {
                        continue;
                    }
                } else if depth <= 4
                    && is_bad_capture_score(order)
                    && !see_ge(&self.pos, m, SEE_CAPTURE_MARGIN * depth)
                {
                    continue;
                }
            }

            // Singular extension: when every other move is clearly worse than the table move
            // (by a reduced search without it), the table move is searched one ply deeper.
            // When even the others beat beta, this node fails high at once (multi-cut).
            let mut extension = 0;
            if m == tt_move
                && excluded.is_null()
                && depth >= SE_DEPTH
                && (ply as i32) < 2 * self.root_depth
            {
                if let Some(hit) = tt_hit {
                    if hit.depth >= depth - 3
                        && hit.bound != Bound::Upper
                        && hit.score.abs() < MATE_BOUND
                    {
                        let singular_beta = hit.score - 2 * depth;
                        self.stack[ply].excluded = m;
                        let v = self.search(
                            (depth - 1) / 2,
                            singular_beta - 1,
                            singular_beta,
                            ply,
                            false,
                            cut_node,
                        );
                        self.stack[ply].excluded = Move::NULL;
                        if self.aborted {
                            return 0;
                        }
                        if v < singular_beta {
                            // Far below: the others are clearly worse, extend twice (a
                            // bounded number of times on one path).
                            extension = if !pv_node
                                && v < singular_beta - DOUBLE_EXT_MARGIN
                                && self.stack[ply].double_extensions < MAX_DOUBLE_EXT
                            {
                                2
                            } else {
                                1
                            };
                        } else if singular_beta >= beta {
                            return singular_beta;
                        } else if hit.score >= beta {
                            // Not singular and the table says this node fails high anyway:
                            // the table move need not be searched as deep.
                            extension = -2 + pv_node as i32;
                        } else if cut_node {
                            extension = -1;
                        }
                    }
                }
            }

            let undo = self.make_pt(m, pt, ply);
            let gives_check = self.pos.is_check();
            searched += 1;
            let new_depth = depth - 1 + extension;
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + (extension >= 2) as u8;
            let score = if searched == 1 {
                -self.search(
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                    !pv_node && !cut_node,
                )
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && searched > 2 && quiet {
                    r = LMR[depth.min(63) as usize][searched.min(63)];
                    r -= pv_node as i32;
                    r += !improving as i32;
                    r -= gives_check as i32;
                    r += cut_node as i32;
                    r += tt_noisy as i32;
                    r -= is_refutation_score(order) as i32;
                    r -= self.heur.quiet_score(us, m, pt, cont) / 16_000;
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, ply + 1, false, true);
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, false, !cut_node);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(new_depth, -beta, -alpha, ply + 1, true, false);
                }
                s
            };
            self.unmake(m, &undo);
            if self.aborted {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.heur.on_quiet_cutoff(
                                us,
                                ply,
                                depth,
                                (m, pt),
                                prev,
                                cont,
                                &quiets_tried[..n_quiets],
                            );
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < MAX_QUIETS_TRIED {
                quiets_tried[n_quiets] = (m, pt);
                n_quiets += 1;
            }
        }

        if searched == 0 {
            // Only the excluded move: "the others" fail low, so that move is singular.
            // (Pruning cannot leave nothing: it needs a searched move first.)
            return if excluded.is_null() {
                static_eval.max(alpha)
            } else {
                alpha
            };
        }
        if !excluded.is_null() {
            // A search without the best move must not pose as this position's value.
            return best_score;
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { static_eval };
        self.tt
            .store(key, ply, best_move, best_score, stored_eval, depth, bound);
        best_score
    }

    /// Quiescence: captures and queen promotions until the position is quiet (all evasions
    /// when in check), with stand-pat, delta and SEE pruning.
    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.stack[ply].pv_len = 0;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        if self.pos.is_insufficient_material() {
            return DRAW;
        }
        let in_check = self.pos.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        let key = self.pos.key();
        let tt_hit = self.tt.probe(key, ply);
        let mut tt_move = Move::NULL;
        if let Some(hit) = tt_hit {
            tt_move = hit.best_move;
            let cutoff = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.score >= beta,
                Bound::Upper => hit.score <= alpha,
            };
            if cutoff {
                return hit.score;
            }
        }

        let original_alpha = alpha;
        let stand_pat;
        let mut best_score;
        if in_check {
            stand_pat = -INFINITY;
            best_score = -INFINITY;
        } else {
            stand_pat = match tt_hit {
                Some(hit) => hit.eval,
                None => self.evaluate(),
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }

        // Quiescence never runs while a search at the same ply is in its move loop, except
        // below a singular-extension search's node: the second list is free then.
        let moves = &mut self.stack[ply].moves[1];
        let kind = if in_check {
            GenKind::All
        } else {
            GenKind::Noisy
        };
        self.pos.generate(kind, Bitboard::FULL, moves.list_mut());
        if in_check && moves.list().is_empty() {
            return -MATE + ply as i32;
        }
        moves.start_quiescence(tt_move);
        let mut best_move = Move::NULL;
        while let Some((m, _)) = self.stack[ply].moves[1].next_best(&self.pos, self.heur) {
            if !in_check {
                if m.is_promotion() && m.promotion_kind() != Some(crate::rules::PieceKind::Queen) {
                    continue;
                }
                let gain = self
                    .pos
                    .captured_piece(m)
                    .map_or(0, |p| PIECE_VALUE[p.kind.index()]);
                if !m.is_promotion() && stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                if !see_ge(&self.pos, m, 0) {
                    continue;
                }
            }
            let undo = self.make(m, ply);
            let score = -self.quiescence(-beta, -alpha, ply + 1);
            self.unmake(m, &undo);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { stand_pat };
        self.tt
            .store(key, ply, best_move, best_score, stored_eval, 0, bound);
        best_score
    }
}
