//! What bounds a search (depth, nodes, time, clocks) and how the clock is turned into a time
//! budget for one move.

use super::level::Level;
use crate::rules::Side;
use std::time::Duration;

/// What bounds one search. With no field set (the default), the search stops at a depth that
/// depends on the strength level (full strength: [`DEFAULT_DEPTH`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop after completing this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after searching about this many nodes (never reads the clock: deterministic).
    pub nodes: Option<u64>,
    /// Think for exactly this long (the search may finish earlier on a forced move or mate).
    pub move_time: Option<Duration>,
    /// White's remaining clock time.
    pub white_time: Option<Duration>,
    /// Black's remaining clock time.
    pub black_time: Option<Duration>,
    /// White's increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control (`None`: sudden death).
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

/// The time budget of one search: an optimum (don't start a new iteration after about half of
/// it) and a hard limit (abort the iteration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// The time the search aims to use.
    pub optimum: Duration,
    /// The time after which the search stops at once.
    pub maximum: Duration,
}

impl TimeBudget {
    /// The budget for `side` to move under `limits`, keeping `overhead` back; `None` when the
    /// limits do not involve the clock.
    pub fn new(limits: &SearchLimits, side: Side, overhead: Duration) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        if let Some(t) = limits.move_time {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return Some(TimeBudget {
                optimum: t,
                maximum: t,
            });
        }
        let (time, inc) = match side {
            Side::White => (limits.white_time?, limits.white_increment),
            Side::Black => (limits.black_time?, limits.black_increment),
        };
        let left = time.saturating_sub(overhead).as_secs_f64();
        let mtg = limits
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, DEFAULT_MOVES_TO_GO) as f64;
        let inc = inc.as_secs_f64();
        let optimum = (left / mtg + inc * 0.8).min(left * MAX_TIME_FRACTION);
        let maximum = (optimum * HARD_LIMIT_FACTOR).min(left * MAX_TIME_FRACTION);
        let floor = 0.001;
        Some(TimeBudget {
            optimum: Duration::from_secs_f64(optimum.max(floor)),
            maximum: Duration::from_secs_f64(maximum.max(optimum).max(floor)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn move_time_is_exact_and_depth_uses_no_clock() {
        let limits = SearchLimits::move_time(Duration::from_millis(500));
        let t = TimeBudget::new(&limits, Side::Black, Duration::from_millis(20)).unwrap();
        assert_eq!(t.optimum, Duration::from_millis(480));
        assert!(TimeBudget::new(&SearchLimits::depth(5), Side::White, Duration::ZERO).is_none());
        assert!(SearchLimits::default().is_unlimited());
        assert!(!SearchLimits::nodes(5).uses_clock());
    }
}
