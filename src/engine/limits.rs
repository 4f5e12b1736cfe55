//! What bounds a search (depth, nodes, time, clocks), and all of its time management: how the
//! clock becomes a time budget for one move ([`TimeBudget`]) and, during the search, when to
//! abort an iteration and whether to start another ([`TimeManager`]).

use super::level::{Level, LevelParams};
use super::score::MAX_PLY;
use crate::rules::{Move, Side};
use std::time::{Duration, Instant};

/// What bounds one search. With no field set (the default), the search stops at a depth that
/// depends on the strength level (full strength: [`DEFAULT_DEPTH`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop after completing this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after searching about this many nodes (never reads the clock: deterministic). The
    /// first iteration (depth 1) finishes however small the limit, so that the result has a
    /// searched move and score (a dozen to about 1,500 nodes in ordinary positions; a freak one, a
    /// dozen queens a side, stops after 20,000 at depth 0).
    pub nodes: Option<u64>,
    /// Think for this long (the search may finish earlier on a forced move or mate). The
    /// engine's move overhead comes off it, but at most a tenth of it: a GUI that asks for a
    /// second gets the move after about a second.
    pub move_time: Option<Duration>,
    /// White's remaining clock time.
    pub white_time: Option<Duration>,
    /// Black's remaining clock time.
    pub black_time: Option<Duration>,
    /// White's increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control (`None`, or 0 as UCI GUIs sometimes send it: sudden
    /// death).
    pub moves_to_go: Option<u32>,
    /// Search until stopped (other limits are ignored except that a mate stops nothing).
    pub infinite: bool,
    /// MultiPV: how many best lines to report per iteration (0 and 1 both mean one). Each line
    /// after the first is the best line among the root moves not already shown; searching
    /// more lines costs time (and at a level with a node budget, the lines share it). At full
    /// strength the move played is line 1's; weaker levels may pick a near-best line instead.
    pub multi_pv: u32,
    /// Searches at this strength level instead of the engine's configured one, for this search
    /// only (e.g. a hint at full strength from an engine that plays at level 3).
    pub level: Option<Level>,
    /// Searches only these root moves (UCI `go searchmoves`); empty: every legal move. Moves
    /// that are not legal in the position are ignored, and when none is legal every move is
    /// searched.
    pub search_moves: Vec<Move>,
    /// Stop once a mate in this many moves or fewer is found for the side to move (UCI `go mate
    /// N`); the other limits still apply (with none, the level's usual depth bounds the search).
    pub mate: Option<u32>,
    /// When the search was asked for: its time (a move time, a clock's budget) counts from
    /// here. `None`: from when it starts. [`crate::engine::EngineThread::start`] sets it when
    /// the search is queued, so that work queued before it (a new table size, a cleared
    /// table) is not thinking time the clock does not see.
    pub requested_at: Option<Instant>,
}

/// The depth a search with no limit at all stops at.
pub const DEFAULT_DEPTH: u32 = 20;

/// Time kept back from every move for the host's own overhead (communication, GUI, GC).
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// Moves assumed left in the game when the clock gives no moves-to-go.
const DEFAULT_MOVES_TO_GO: u32 = 32;
/// The most of the remaining time one move may take.
const MAX_TIME_FRACTION: f64 = 0.3;
/// The hard limit is this many times the optimal time (but see `MAX_TIME_FRACTION`).
const HARD_LIMIT_FACTOR: f64 = 4.0;
/// The share of the increment counted as time for this move.
const INCREMENT_SHARE: f64 = 0.8;
/// The shortest optimum and hard limit, in seconds.
const MIN_BUDGET_SECS: f64 = 0.001;
/// The deepest iteration any search starts (the search's stacks need a few plies beyond it).
const MAX_ITERATION_DEPTH: u32 = MAX_PLY as u32 - 8;
/// The optimum time is scaled by this when the best move has not changed in this search...
const STABLE_BEST_FACTOR: f64 = 0.8;
/// ...and by one plus this per recent change of the best move (counting at most
/// `MAX_COUNTED_CHANGES`), when it has.
const PER_CHANGE_FACTOR: f64 = 0.25;
const MAX_COUNTED_CHANGES: u32 = 3;
/// From this depth on, each completed iteration forgets one change of the best move.
const CHANGE_DECAY_DEPTH: u32 = 6;
/// With a single legal reply, a clock search stops after this depth (not with a fixed move
/// time, which is used in full).
const SINGLE_REPLY_DEPTH: u32 = 4;

impl SearchLimits {
    /// Limits for a fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Limits for a fixed node count.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }

    /// Limits for a fixed time per move.
    pub fn move_time(time: Duration) -> SearchLimits {
        SearchLimits {
            move_time: Some(time),
            ..SearchLimits::default()
        }
    }

    /// These limits, searched at `level` instead of the engine's own level.
    pub fn with_level(self, level: Level) -> SearchLimits {
        SearchLimits {
            level: Some(level),
            ..self
        }
    }

    /// Limits for searching until stopped.
    pub fn infinite() -> SearchLimits {
        SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        }
    }

    /// `true` when something other than depth/nodes bounds the search (so it reads the clock).
    pub fn uses_clock(&self) -> bool {
        self.move_time.is_some() || self.white_time.is_some() || self.black_time.is_some()
    }

    /// `true` when no field is set.
    pub fn is_unlimited(&self) -> bool {
        !self.infinite && self.depth.is_none() && self.nodes.is_none() && !self.uses_clock()
    }
}

/// What a search is bounded by once its level's caps are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SearchBounds {
    /// The deepest iteration to start.
    pub max_depth: u32,
    /// The node count at which the search stops (`None`: no limit).
    pub node_limit: Option<u64>,
}

impl SearchLimits {
    /// The depth and node bounds of a search under these limits at a level with `params`,
    /// `clock_bounded` when a time budget applies. Without a depth limit, a search bounded by
    /// the clock or nodes deepens as far as it may, and an unbounded one stops at
    /// [`DEFAULT_DEPTH`]; an infinite search (analysis) ignores the level's caps, any other is
    /// held to the level's depth and node budget.
    pub(crate) fn bounds(&self, params: &LevelParams, clock_bounded: bool) -> SearchBounds {
        if self.infinite {
            return SearchBounds {
                max_depth: MAX_ITERATION_DEPTH,
                node_limit: self.nodes,
            };
        }
        // A clock given only for the side not to move does not bound this search: then the
        // level's default depth applies, as with no limits at all.
        let unbounded = if clock_bounded || self.nodes.is_some() {
            MAX_ITERATION_DEPTH
        } else {
            DEFAULT_DEPTH
        };
        let max_depth = self
            .depth
            .unwrap_or(unbounded)
            .clamp(1, MAX_ITERATION_DEPTH)
            .min(params.max_depth);
        let node_limit = match (self.nodes, params.max_nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        SearchBounds {
            max_depth,
            node_limit,
        }
    }
}

/// The time budget of one search: an optimum (don't start a new iteration after it, scaled
/// by the best move's stability) and a hard limit (abort the iteration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TimeBudget {
    /// The time the search aims to use.
    pub optimum: Duration,
    /// The time after which the search stops at once.
    pub maximum: Duration,
}

impl TimeBudget {
    /// The budget for `side` to move under `limits`, keeping `overhead` back; `None` when the
    /// limits do not involve the clock.
    pub(crate) fn new(limits: &SearchLimits, side: Side, overhead: Duration) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        if let Some(t) = limits.move_time {
            // A whole overhead off a short move time left nothing (movetime 50 searched 1.6 ms).
            let t = t
                .saturating_sub(overhead.min(t / 10))
                .max(Duration::from_millis(1));
            return Some(TimeBudget {
                optimum: t,
                maximum: t,
            });
        }
        let (time, inc) = match side {
            Side::White => (limits.white_time?, limits.white_increment),
            Side::Black => (limits.black_time?, limits.black_increment),
        };
        if time <= overhead {
            // Nothing left beyond the overhead: the first iteration only (it always finishes),
            // about 0.2 ms, where a 1 ms floor spent 1.1-1.6 ms a move and lost 1+0 games on
            // time in the long endings.
            return Some(TimeBudget {
                optimum: Duration::ZERO,
                maximum: Duration::ZERO,
            });
        }
        let left = time.saturating_sub(overhead).as_secs_f64();
        let mtg = limits
            .moves_to_go
            .filter(|&n| n > 0)
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, DEFAULT_MOVES_TO_GO) as f64;
        let inc = inc.as_secs_f64();
        let optimum = (left / mtg + inc * INCREMENT_SHARE).min(left * MAX_TIME_FRACTION);
        let maximum = (optimum * HARD_LIMIT_FACTOR).min(left * MAX_TIME_FRACTION);
        Some(TimeBudget {
            optimum: Duration::from_secs_f64(optimum.max(MIN_BUDGET_SECS)),
            maximum: Duration::from_secs_f64(maximum.max(optimum).max(MIN_BUDGET_SECS)),
        })
    }
}

/// The time management of one search: its budget, the hard deadline the search aborts at,
/// and after each completed iteration whether to start another.
#[derive(Debug, Clone)]
pub(crate) struct TimeManager {
    start: Instant,
    budget: Option<TimeBudget>,
    /// A fixed time per move is used in full: no early stop for a stable best move or a single
    /// reply.
    fixed_move_time: bool,
    /// Changes of the best move between iterations, decayed at depth (see
    /// `CHANGE_DECAY_DEPTH`).
    best_changes: u32,
    last_best: Move,
}

impl TimeManager {
    /// The time management of a search for `side` under `limits` that started at `start`,
    /// keeping `overhead` back from the clock.
    pub(crate) fn new(
        limits: &SearchLimits,
        side: Side,
        overhead: Duration,
        start: Instant,
    ) -> TimeManager {
        TimeManager {
            start,
            budget: TimeBudget::new(limits, side, overhead),
            fixed_move_time: limits.move_time.is_some(),
            best_changes: 0,
            last_best: Move::NULL,
        }
    }

    /// `true` when the clock bounds this search.
    pub(crate) fn uses_clock(&self) -> bool {
        self.budget.is_some()
    }

    /// The instant at which the search aborts the iteration it is in.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.budget.map(|b| self.start + b.maximum)
    }

    /// After iteration `depth` completed with `best` first among `root_moves` moves, `elapsed`
    /// after the start: `true` when no further iteration should start. Thinks less when the
    /// best move has been stable, more when it keeps changing.
    pub(crate) fn stop_after_iteration(
        &mut self,
        depth: u32,
        best: Move,
        root_moves: usize,
        elapsed: Duration,
    ) -> bool {
        if best != self.last_best {
            if !self.last_best.is_null() {
                self.best_changes += 1;
            }
            self.last_best = best;
        }
        let Some(budget) = self.budget else {
            return false;
        };
        if self.fixed_move_time {
            // Used in full, but no new iteration once it is over (the deadline is looked at
            // only every thousand nodes: small iterations ran on past it).
            return elapsed >= budget.maximum;
        }
        if root_moves == 1 && depth >= SINGLE_REPLY_DEPTH {
            return true;
        }
        let stability = if self.best_changes == 0 {
            STABLE_BEST_FACTOR
        } else {
            1.0 + PER_CHANGE_FACTOR * self.best_changes.min(MAX_COUNTED_CHANGES) as f64
        };
        if elapsed.as_secs_f64() >= budget.optimum.as_secs_f64() * stability {
            return true;
        }
        if self.best_changes > 0 && depth >= CHANGE_DECAY_DEPTH {
            self.best_changes -= 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn clock(white_ms: u64) -> SearchLimits {
        SearchLimits {
            white_time: Some(Duration::from_millis(white_ms)),
            ..SearchLimits::default()
        }
    }

    fn moves() -> [Move; 2] {
        [
            Move::normal(Square::E2, Square::E4),
            Move::normal(Square::D2, Square::D4),
        ]
    }

    #[test]
    fn a_stable_best_move_stops_at_four_fifths_of_the_optimum() {
        let limits = clock(32_000); // optimum: 32 s / 32 moves = 1 s
        let mut tm = TimeManager::new(&limits, Side::White, Duration::ZERO, Instant::now());
        let [a, _] = moves();
        assert!(!tm.stop_after_iteration(1, a, 20, Duration::from_millis(790)));
        assert!(tm.stop_after_iteration(2, a, 20, Duration::from_millis(800)));
    }

    #[test]
    fn a_changing_best_move_gets_more_time_and_the_changes_decay_with_depth() {
        let limits = clock(32_000);
        let mut tm = TimeManager::new(&limits, Side::White, Duration::ZERO, Instant::now());
        let [a, b] = moves();
        let ms = Duration::from_millis;
        assert!(!tm.stop_after_iteration(5, a, 20, ms(100)));
        // One change: 1.25 x the optimum.
        assert!(!tm.stop_after_iteration(6, b, 20, ms(1_240)));
        // Decayed at depth 6: stable again, so 0.8 x.
        assert!(tm.stop_after_iteration(7, b, 20, ms(800)));
        // Three changes or more count as three: 1.75 x.
        let mut tm = TimeManager::new(&limits, Side::White, Duration::ZERO, Instant::now());
        for (depth, m) in [(1, a), (2, b), (3, a), (4, b)] {
            assert!(!tm.stop_after_iteration(depth, m, 20, ms(10)));
        }
        assert!(!tm.stop_after_iteration(5, a, 20, ms(1_740)));
        assert!(tm.stop_after_iteration(5, a, 20, ms(1_750)));
    }

    #[test]
    fn a_single_reply_stops_a_clock_search_at_depth_four_but_not_a_fixed_move_time() {
        let [a, _] = moves();
        let mut tm = TimeManager::new(&clock(60_000), Side::White, Duration::ZERO, Instant::now());
        assert!(!tm.stop_after_iteration(3, a, 1, Duration::ZERO));
        assert!(tm.stop_after_iteration(4, a, 1, Duration::ZERO));
        let fixed = SearchLimits::move_time(Duration::from_millis(100));
        let mut tm = TimeManager::new(&fixed, Side::White, Duration::ZERO, Instant::now());
        assert!(tm.uses_clock());
        assert!(!tm.stop_after_iteration(9, a, 1, Duration::from_millis(99)));
        // Its time over, no new iteration starts (it ran on until the next look at the clock).
        assert!(tm.stop_after_iteration(10, a, 1, Duration::from_millis(100)));
    }

    #[test]
    fn without_a_clock_for_the_side_to_move_nothing_is_timed() {
        let [a, _] = moves();
        let mut tm = TimeManager::new(&clock(1_000), Side::Black, Duration::ZERO, Instant::now());
        assert!(!tm.uses_clock());
        assert_eq!(tm.deadline(), None);
        assert!(!tm.stop_after_iteration(30, a, 1, Duration::from_secs(3600)));
    }

    #[test]
    fn the_deadline_is_the_hard_limit_after_the_start() {
        let start = Instant::now();
        let tm = TimeManager::new(&clock(32_000), Side::White, Duration::ZERO, start);
        // 4 x the 1 s optimum, under 30 % of the 32 s left.
        assert_eq!(tm.deadline(), Some(start + Duration::from_secs(4)));
    }

    #[test]
    fn bounds_apply_the_level_caps_except_to_an_infinite_search() {
        let weak = Level::new(3).params();
        let full = Level::MAX.params();
        let none = SearchLimits::default();
        assert_eq!(none.bounds(&full, false).max_depth, DEFAULT_DEPTH);
        // Full strength caps the depth too, far beyond any clock search.
        assert_eq!(none.bounds(&full, true).max_depth, full.max_depth);
        assert_eq!(none.bounds(&full, false).node_limit, None);
        assert_eq!(none.bounds(&weak, false).max_depth, weak.max_depth);
        assert_eq!(none.bounds(&weak, false).node_limit, weak.max_nodes);
        let nodes = SearchLimits::nodes(50);
        assert_eq!(nodes.bounds(&weak, false).node_limit, Some(50));
        assert_eq!(nodes.bounds(&full, false).max_depth, full.max_depth);
        let deep = SearchLimits::depth(500);
        assert_eq!(deep.bounds(&full, false).max_depth, full.max_depth);
        assert_eq!(SearchLimits::depth(0).bounds(&full, false).max_depth, 1);
        let infinite = SearchLimits::infinite();
        assert_eq!(
            infinite.bounds(&weak, false),
            SearchBounds {
                max_depth: MAX_ITERATION_DEPTH,
                node_limit: None
            }
        );
    }

    #[test]
    fn clock_budget_is_a_fraction_of_the_remaining_time() {
        let limits = SearchLimits {
            white_time: Some(Duration::from_secs(60)),
            black_time: Some(Duration::from_secs(1)),
            white_increment: Duration::from_secs(1),
            ..SearchLimits::default()
        };
        let w = TimeBudget::new(&limits, Side::White, Duration::ZERO).unwrap();
        assert!(w.optimum > Duration::from_secs(2) && w.optimum < Duration::from_secs(5));
        assert!(w.maximum >= w.optimum && w.maximum <= Duration::from_secs(24));
        let b = TimeBudget::new(&limits, Side::Black, Duration::from_millis(100)).unwrap();
        assert!(b.maximum <= Duration::from_millis(300));
        // No time beyond the overhead: the first iteration only, no 1 ms floor.
        for overhead in [1_000, 5_000] {
            let b = TimeBudget::new(&limits, Side::Black, Duration::from_millis(overhead)).unwrap();
            assert_eq!((b.optimum, b.maximum), (Duration::ZERO, Duration::ZERO));
        }
        // `movestogo 0`, as some GUIs send it, is sudden death, not "the last move before the
        // control" (which would spend the most the clock allows on this one).
        let sudden = TimeBudget::new(&limits, Side::White, Duration::ZERO).unwrap();
        let zero = SearchLimits {
            moves_to_go: Some(0),
            ..limits.clone()
        };
        assert_eq!(
            TimeBudget::new(&zero, Side::White, Duration::ZERO),
            Some(sudden)
        );
        let one = SearchLimits {
            moves_to_go: Some(1),
            ..limits
        };
        assert!(
            TimeBudget::new(&one, Side::White, Duration::ZERO)
                .unwrap()
                .optimum
                > sudden.optimum
        );
    }

    #[test]
    fn move_time_is_exact_and_depth_uses_no_clock() {
        let limits = SearchLimits::move_time(Duration::from_millis(500));
        let t = TimeBudget::new(&limits, Side::Black, Duration::from_millis(20)).unwrap();
        assert_eq!(t.optimum, Duration::from_millis(480));
        // The overhead takes at most a tenth: movetime 50 with the default 50 ms overhead
        // searched 1.6 ms.
        let short = SearchLimits::move_time(Duration::from_millis(50));
        let t = TimeBudget::new(&short, Side::White, DEFAULT_MOVE_OVERHEAD).unwrap();
        assert_eq!(
            (t.optimum, t.maximum),
            (Duration::from_millis(45), Duration::from_millis(45))
        );
        assert!(TimeBudget::new(&SearchLimits::depth(5), Side::White, Duration::ZERO).is_none());
        assert!(SearchLimits::default().is_unlimited());
        assert!(!SearchLimits::nodes(5).uses_clock());
    }
}
