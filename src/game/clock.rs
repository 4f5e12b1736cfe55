//! A chess clock for both players, driven by time-stamps the caller supplies.
//!
//! The core never reads the system clock: every call that depends on time takes `now`, a reading
//! of a monotonic millisecond counter (e.g. `SystemClock.elapsedRealtime()` on Android,
//! `ContinuousClock` on iOS, [`std::time::Instant`] in Rust). That keeps the clock deterministic,
//! testable, and free of threads: the UI redraws from [`Clock::remaining`] and schedules its flag
//! check for [`Clock::flag_time`].
//!
//! # Rules
//! - [`Clock::start`] starts the clock of the side to move; [`Clock::press`] ends that side's
//!   move and starts the other's. A press after the flag fell is refused
//!   ([`ClockError::Flagged`]); [`Clock::check_flag`] then stops the clock and records the flag.
//! - Fischer increment is added after each move, from move 1 (FIDE). Bronstein delay gives back
//!   the time used for the move, up to the delay. Simple delay holds the clock for the delay at
//!   the start of each move, so the flag falls `delay` later than it would without it.
//! - A period with a move count: when a player completes its last move, the next period's time
//!   is added to what the player has left; the last period repeats when it has a move count.
//!   The bonus of a move is that of the period the move was made in.
//! - Sandclock: the time the player to move uses is added to the other player's time at once.
//! - A flag falls when the running side's time reaches 0: at exactly [`Clock::flag_time`].
//!
//! # Saving
//! The clock serialises (serde) to what it shows: each side's time, the side to move, the moves
//! made, the time already used in the current move, and the flag; never a time-stamp, as a
//! monotonic reading means nothing in another process. A running clock is saved as of its last
//! event: call [`Clock::pause`] first to keep the time of the move in progress. A clock read back
//! that was running is paused; [`Clock::resume`] it.
//!
//! # Examples
//! ```
//! use chesscore::game::clock::Clock;
//! use chesscore::game::time_control::TimeControl;
//! use chesscore::rules::Side;
//!
//! let mut clock = Clock::new(TimeControl::fischer(3, 2), Side::White).unwrap();
//! clock.start(1_000).unwrap();
//! assert_eq!(clock.press(6_000).unwrap(), 177_000); // 5 s used, 2 s added
//! assert_eq!(clock.remaining(Side::Black, 10_000), 176_000); // Black has used 4 s
//! assert_eq!(clock.flag_time(), Some(6_000 + 180_000));
//! assert_eq!(clock.check_flag(190_000).unwrap().side, Side::Black);
//! ```

use super::time_control::{Bonus, Period, TimeControl, TimeControlError};
use crate::rules::{BySide, Position, Side};
use serde::{Deserialize, Serialize};

/// The value of the PGN `[Termination]` tag for a game lost (or drawn) on time.
pub const TERMINATION_TIME_FORFEIT: &str = "time forfeit";

/// Who wins when `flagged`'s flag falls in `pos`: the opponent, unless the opponent could never
/// checkmate by any series of legal moves (FIDE Laws 6.9), which makes it a draw (`None`). See
/// [`Position::can_ever_checkmate`] for the positions recognised as such.
///
/// # Examples
/// ```
/// use chesscore::game::clock::flag_fall_winner;
/// use chesscore::notation::fen;
/// use chesscore::rules::Side;
/// // White's flag falls; Black has a rook and wins.
/// let pos = fen::parse("4k3/8/4r3/8/8/8/3N4/4K3 w - - 0 1").unwrap();
/// assert_eq!(flag_fall_winner(&pos, Side::White), Some(Side::Black));
/// // Black's flag falls: White's lone knight can mate with the help of Black's rook (which
/// // can block its own king), so White wins.
/// assert_eq!(flag_fall_winner(&pos, Side::Black), Some(Side::White));
/// // Against a bare king, a lone knight never mates: a draw.
/// let pos = fen::parse("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
/// assert_eq!(flag_fall_winner(&pos, Side::Black), None);
/// ```
pub fn flag_fall_winner(pos: &Position, flagged: Side) -> Option<Side> {
    pos.can_ever_checkmate(!flagged).then_some(!flagged)
}

/// A flag fall: whose, and when (the caller's millisecond reading).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    /// The side whose time ran out.
    #[serde(with = "side_name")]
    pub side: Side,
    /// The instant it ran out, in the caller's milliseconds (meaningless after a save and load,
    /// where it is kept only as a record).
    pub at_ms: u64,
}

/// Where a clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockState {
    /// Created, not started: no time runs.
    NotStarted,
    /// The side to move's time runs.
    Running,
    /// Stopped by [`Clock::pause`] (or read back from a save); [`Clock::resume`] continues.
    Paused,
    /// A flag fell; the clock is stopped for good.
    Flagged(Flag),
}

/// Why a clock operation was refused. A refused operation changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The time control cannot run a clock (see [`TimeControl::validate`]).
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// The game is untimed: there is no clock to run.
    #[error("the game is untimed")]
    Untimed,
    /// `start` on a clock that was started already.
    #[error("the clock was started already")]
    AlreadyStarted,
    /// An operation that needs a started clock (press, pause, resume).
    #[error("the clock has not been started")]
    NotStarted,
    /// `pause` while the clock is not running.
    #[error("the clock is not running")]
    NotRunning,
    /// `resume` while the clock is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// A side's time cannot be set while it runs.
    #[error("{0}'s clock is running; pause it first")]
    SideRunning(Side),
    /// The flag fell before (or at) the time of the operation.
    #[error("{}'s flag fell at {} ms", .0.side, .0.at_ms)]
    Flagged(Flag),
    /// `now` is earlier than the clock's last event: time-stamps must not go backwards.
    #[error("time went backwards: {now_ms} ms is before the clock's last event at {last_ms} ms")]
    TimeWentBackwards {
        /// The time-stamp given.
        now_ms: u64,
        /// The clock's last event.
        last_ms: u64,
    },
}

/// A two-player chess clock (see the module docs).
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time; for the side to move, as at the start of its move (or the last pause).
    base: BySide<u64>,
    to_move: Side,
    moves: BySide<u32>,
    /// Time used in the current move before the last resume (pauses split a move).
    used_before: u64,
    state: ClockState,
    /// The time-stamp the running period started at (valid while running).
    since: u64,
    /// The latest time-stamp given to a mutating call.
    last_event: u64,
}

impl PartialEq for Clock {
    /// Two clocks are equal when they show the same times, moves and state, and a running one
    /// runs from the same instant; the time-stamp of the last event, which a save does not keep,
    /// does not count.
    fn eq(&self, other: &Clock) -> bool {
        self.control == other.control
            && self.base == other.base
            && self.to_move == other.to_move
            && self.moves == other.moves
            && self.used_before == other.used_before
            && self.state == other.state
            && (self.state != ClockState::Running || self.since == other.since)
    }
}

impl Eq for Clock {}

impl Clock {
    /// A clock for `control`, not started, with `first` to move (White, or the side to move of a
    /// start position).
    ///
    /// # Errors
    /// [`ClockError::Untimed`] for [`TimeControl::Untimed`], [`ClockError::TimeControl`] when the
    /// control is invalid.
    pub fn new(control: TimeControl, first: Side) -> Result<Clock, ClockError> {
        control.validate()?;
        let start = match &control {
            TimeControl::Untimed => return Err(ClockError::Untimed),
            TimeControl::Sandclock { ms } => *ms,
            TimeControl::Periods { periods } => periods.first().map_or(0, |p| p.time_ms),
        };
        Ok(Clock {
            control,
            base: BySide::new(start, start),
            to_move: first,
            moves: BySide::default(),
            used_before: 0,
            state: ClockState::NotStarted,
            since: 0,
            last_event: 0,
        })
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Where the clock stands.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The side whose move it is (whose time runs while the clock runs).
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The side whose time is running, if any.
    pub fn running_side(&self) -> Option<Side> {
        matches!(self.state, ClockState::Running).then_some(self.to_move)
    }

    /// The flag that fell, once [`Clock::check_flag`] (or a refused press) recorded it.
    pub fn flag(&self) -> Option<Flag> {
        match self.state {
            ClockState::Flagged(f) => Some(f),
            _ => None,
        }
    }

    /// The instant (the caller's milliseconds) of the clock's last event: start, press, pause,
    /// resume, hand-over or recorded flag; 0 for a clock not started or read back from a save.
    /// Reading the clock at this instant gives what it showed then.
    pub fn last_event_ms(&self) -> u64 {
        self.last_event
    }

    /// The moves `side` has completed (presses).
    pub fn moves_made(&self, side: Side) -> u32 {
        self.moves[side]
    }

    /// The period `side` plays its next move in, counted from 0 (a repeated last period counts
    /// on: 40/9000 gives 0, 1, 2, ...).
    pub fn period_number(&self, side: Side) -> u32 {
        self.period_of_move(self.moves[side].saturating_add(1)).0
    }

    /// The time `side`'s next move gets back, in milliseconds, as a search budgets it: the
    /// increment of the period that move is in, or its Bronstein or simple delay (time the move
    /// gets back or is not charged, as an increment is); 0 without a bonus and for a sandclock.
    pub fn bonus_ms(&self, side: Side) -> u64 {
        match self
            .period_of_move(self.moves[side].saturating_add(1))
            .1
            .bonus
        {
            Bonus::None => 0,
            Bonus::Increment { ms } | Bonus::Bronstein { ms } | Bonus::SimpleDelay { ms } => ms,
        }
    }

    /// The moves left in the period the side to move plays its next move in, that move
    /// included (UCI's `movestogo`): `None` when that period lasts the rest of the game, and
    /// for a sandclock. A last period with a move count repeats (40/9000: after 79 moves, 1;
    /// after 80, 40).
    pub fn moves_to_go(&self) -> Option<u32> {
        let next = u64::from(self.moves[self.to_move]) + 1;
        let periods = self.periods();
        let mut end: u64 = 0;
        for (i, p) in periods.iter().enumerate() {
            let count = u64::from(p.moves?.max(1));
            end += count;
            if next <= end {
                return Some((end - next + 1) as u32);
            }
            if i + 1 == periods.len() {
                return Some((count - (next - end - 1) % count) as u32);
            }
        }
        None
    }

    /// Starts the side to move's time at `now`.
    ///
    /// # Errors
    /// [`ClockError::AlreadyStarted`] unless the clock is new.
    pub fn start(&mut self, now: u64) -> Result<(), ClockError> {
        if self.state != ClockState::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.state = ClockState::Running;
        self.since = now;
        self.last_event = now;
        Ok(())
    }

    /// The side to move completed a move at `now`: its time is charged, the bonus and any next
    /// period's time added, and the other side's time starts (or stays stopped when the clock is
    /// paused). Returns the mover's time after the move, as `[%clk]` records it.
    ///
    /// # Errors
    /// [`ClockError::Flagged`] when the mover's time ran out at or before `now` (the clock is
    /// unchanged; [`Clock::check_flag`] records the flag), [`ClockError::NotStarted`],
    /// [`ClockError::TimeWentBackwards`].
    pub fn press(&mut self, now: u64) -> Result<u64, ClockError> {
        match self.state {
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Flagged(f) => return Err(ClockError::Flagged(f)),
            ClockState::Running | ClockState::Paused => {}
        }
        self.check_time(now)?;
        if let Some(f) = self.fallen(now) {
            return Err(ClockError::Flagged(f));
        }
        let mover = self.to_move;
        let used = self.used(now);
        let move_number = self.moves[mover].saturating_add(1);
        let (period_number, period) = self.period_of_move(move_number);
        let base = self.base[mover];
        let mut left = match period.bonus {
            Bonus::None => base - used.min(base),
            Bonus::Increment { ms } => (base - used.min(base)).saturating_add(ms),
            Bonus::Bronstein { ms } => base - used.min(base) + used.min(ms),
            Bonus::SimpleDelay { ms } => base - used.saturating_sub(ms).min(base),
        };
        if let TimeControl::Sandclock { .. } = self.control {
            self.base[!mover] = self.base[!mover].saturating_add(used.min(base));
        }
        if self.period_of_move(move_number.saturating_add(1)).0 != period_number {
            left = left.saturating_add(self.period(period_number.saturating_add(1)).time_ms);
        }
        self.base[mover] = left;
        self.moves[mover] = move_number;
        self.to_move = !mover;
        self.used_before = 0;
        self.since = now;
        self.last_event = now;
        Ok(left)
    }

    /// Makes it `side`'s move at `now` without charging or crediting anyone for the move in
    /// progress (e.g. after a take-back, where the other side is to move again). Nothing changes
    /// when it is `side`'s move already.
    ///
    /// # Errors
    /// [`ClockError::Flagged`] when the flag fell at or before `now`,
    /// [`ClockError::TimeWentBackwards`].
    pub fn hand_over(&mut self, side: Side, now: u64) -> Result<(), ClockError> {
        if let ClockState::Flagged(f) = self.state {
            return Err(ClockError::Flagged(f));
        }
        self.check_time(now)?;
        if let Some(f) = self.fallen(now) {
            return Err(ClockError::Flagged(f));
        }
        if side != self.to_move {
            self.to_move = side;
            self.used_before = 0;
            self.since = now;
            self.last_event = now;
        }
        Ok(())
    }

    /// Stops the running time at `now`, keeping what the current move has used.
    ///
    /// # Errors
    /// [`ClockError::Flagged`] when the flag fell at or before `now` (use
    /// [`Clock::check_flag`]), [`ClockError::NotRunning`], [`ClockError::TimeWentBackwards`].
    pub fn pause(&mut self, now: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::Running => {}
            ClockState::Flagged(f) => return Err(ClockError::Flagged(f)),
            _ => return Err(ClockError::NotRunning),
        }
        self.check_time(now)?;
        if let Some(f) = self.fallen(now) {
            return Err(ClockError::Flagged(f));
        }
        self.used_before = self.used(now);
        self.state = ClockState::Paused;
        self.last_event = now;
        Ok(())
    }

    /// Restarts a paused clock at `now`.
    ///
    /// # Errors
    /// [`ClockError::NotPaused`] unless paused; [`ClockError::TimeWentBackwards`].
    pub fn resume(&mut self, now: u64) -> Result<(), ClockError> {
        if self.state != ClockState::Paused {
            return Err(match self.state {
                ClockState::NotStarted => ClockError::NotStarted,
                ClockState::Flagged(f) => ClockError::Flagged(f),
                _ => ClockError::NotPaused,
            });
        }
        self.check_time(now)?;
        self.state = ClockState::Running;
        self.since = now;
        self.last_event = now;
        Ok(())
    }

    /// Adds `ms` to `side`'s time (e.g. the two minutes an arbiter gives for an opponent's
    /// illegal move). Works while the time runs.
    ///
    /// # Errors
    /// [`ClockError::Flagged`] once a flag has been recorded.
    pub fn add_time(&mut self, side: Side, ms: u64) -> Result<(), ClockError> {
        if let ClockState::Flagged(f) = self.state {
            return Err(ClockError::Flagged(f));
        }
        self.base[side] = self.base[side].saturating_add(ms);
        Ok(())
    }

    /// Sets `side`'s time to `ms` (e.g. to continue a game from its last `[%clk]` values). For
    /// the side to move, it is the time at the start of its move.
    ///
    /// # Errors
    /// [`ClockError::SideRunning`] while `side`'s time runs, [`ClockError::Flagged`] once a flag
    /// has been recorded.
    pub fn set_time(&mut self, side: Side, ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::Flagged(f) => return Err(ClockError::Flagged(f)),
            ClockState::Running if side == self.to_move => {
                return Err(ClockError::SideRunning(side))
            }
            _ => {}
        }
        self.base[side] = ms;
        if side == self.to_move {
            self.used_before = 0;
        }
        Ok(())
    }

    /// `side`'s time at `now`, as the clock shows it (never below 0). A `now` before the last
    /// event counts as the last event.
    pub fn remaining(&self, side: Side, now: u64) -> u64 {
        if let ClockState::Flagged(f) = self.state {
            return if side == f.side { 0 } else { self.base[side] };
        }
        let used = self.used(now);
        if side == self.to_move {
            let charged = match self.bonus_now() {
                Bonus::SimpleDelay { ms } => used.saturating_sub(ms),
                _ => used,
            };
            self.base[side].saturating_sub(charged)
        } else if matches!(self.control, TimeControl::Sandclock { .. }) {
            self.base[side].saturating_add(used.min(self.base[!side]))
        } else {
            self.base[side]
        }
    }

    /// What is left of the simple delay of the current move at `now` (0 for other bonuses), for
    /// a UI that shows the delay counting down.
    pub fn delay_remaining(&self, now: u64) -> u64 {
        match self.bonus_now() {
            Bonus::SimpleDelay { ms } if !matches!(self.state, ClockState::Flagged(_)) => {
                ms.saturating_sub(self.used(now))
            }
            _ => 0,
        }
    }

    /// The instant at which the running side's flag falls if it does not move first, or `None`
    /// while no time runs.
    pub fn flag_time(&self) -> Option<u64> {
        if self.state != ClockState::Running {
            return None;
        }
        Some(
            self.since
                .saturating_add(self.budget().saturating_sub(self.used_before)),
        )
    }

    /// The time the side to move may use on its move before its flag falls: its own, and a
    /// simple delay's. Saturating: a time of u64::MAX milliseconds is "never", not a flag that
    /// wraps.
    fn budget(&self) -> u64 {
        let delay = match self.bonus_now() {
            Bonus::SimpleDelay { ms } => ms,
            _ => 0,
        };
        self.base[self.to_move].saturating_add(delay)
    }

    /// The flag that has fallen by `now`, without recording it.
    pub fn fallen(&self, now: u64) -> Option<Flag> {
        if let ClockState::Flagged(f) = self.state {
            return Some(f);
        }
        let at = self.flag_time()?;
        (now >= at).then_some(Flag {
            side: self.to_move,
            at_ms: at,
        })
    }

    /// Records the flag if it has fallen by `now` and stops the clock for good; returns it.
    pub fn check_flag(&mut self, now: u64) -> Option<Flag> {
        let flag = self.fallen(now)?;
        if self.state != ClockState::Flagged(flag) {
            if matches!(self.control, TimeControl::Sandclock { .. }) {
                // The sand that ran out ran over to the other side.
                let other = !flag.side;
                self.base[other] = self.base[other].saturating_add(self.base[flag.side]);
            }
            self.base[flag.side] = 0;
            self.used_before = 0;
            self.state = ClockState::Flagged(flag);
            self.last_event = self.last_event.max(flag.at_ms);
        }
        Some(flag)
    }

    fn check_time(&self, now: u64) -> Result<(), ClockError> {
        if now < self.last_event {
            return Err(ClockError::TimeWentBackwards {
                now_ms: now,
                last_ms: self.last_event,
            });
        }
        Ok(())
    }

    /// The time the current move has used by `now`.
    fn used(&self, now: u64) -> u64 {
        match self.state {
            ClockState::Running => self
                .used_before
                .saturating_add(now.saturating_sub(self.since)),
            _ => self.used_before,
        }
    }

    /// The bonus of the side to move's current move.
    fn bonus_now(&self) -> Bonus {
        self.period_of_move(self.moves[self.to_move].saturating_add(1))
            .1
            .bonus
    }

    /// The periods (empty for a sandclock, whose single "period" is built on the fly).
    fn periods(&self) -> &[Period] {
        match &self.control {
            TimeControl::Periods { periods } => periods,
            _ => &[],
        }
    }

    /// Period number `n` (from 0; beyond the list, the last repeats).
    fn period(&self, n: u32) -> Period {
        let periods = self.periods();
        match periods.len() {
            0 => Period::sudden_death(0),
            len => periods[(n as usize).min(len - 1)],
        }
    }

    /// The period number and period that move `move_number` (from 1) is played in.
    fn period_of_move(&self, move_number: u32) -> (u32, Period) {
        let periods = self.periods();
        let mut end: u64 = 0;
        for (i, p) in periods.iter().enumerate() {
            let Some(m) = p.moves else {
                return (i as u32, *p);
            };
            end += u64::from(m);
            if u64::from(move_number) <= end {
                return (i as u32, *p);
            }
            if i + 1 == periods.len() {
                // The last period repeats every `m` moves.
                let beyond = u64::from(move_number) - end;
                let extra = beyond.div_ceil(u64::from(m));
                return ((i as u64 + extra).min(u64::from(u32::MAX)) as u32, *p);
            }
        }
        (0, Period::sudden_death(0))
    }
}

/// Sides as `"white"` / `"black"` in saves.
mod side_name {
    use crate::rules::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(side.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(serde::de::Error::custom(format!(
                "unknown side \"{other}\", expected \"white\" or \"black\""
            ))),
        }
    }
}

/// What a clock showed between two moves of a game: both times and the moves each side has
/// made. A timed move keeps the clock's mark from before its press and from after it on its
/// node, so that a take-back sets the clock back to where it stood before the move (as lichess
/// does) and a redo to where it stood after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockMark {
    white_ms: u64,
    black_ms: u64,
    white_moves: u32,
    black_moves: u32,
}

impl Clock {
    /// Both times as at the start of the side to move's move, and the moves made.
    pub(crate) fn mark(&self) -> ClockMark {
        ClockMark {
            white_ms: self.base.white,
            black_ms: self.base.black,
            white_moves: self.moves.white,
            black_moves: self.moves.black,
        }
    }

    /// Sets a stopped clock (not started or paused; never a running one, never after a flag)
    /// to `mark` with `to_move` to move and nothing used of its move, keeping the time added
    /// ([`Clock::add_time`]) since the clock stood at `since` (what each side has more than
    /// then). Returns whether it did.
    pub(crate) fn restore(&mut self, mark: ClockMark, since: ClockMark, to_move: Side) -> bool {
        if !matches!(self.state, ClockState::NotStarted | ClockState::Paused) {
            return false;
        }
        let added = |now: u64, then: u64| now.saturating_sub(then);
        self.base = BySide::new(
            mark.white_ms
                .saturating_add(added(self.base.white, since.white_ms)),
            mark.black_ms
                .saturating_add(added(self.base.black, since.black_ms)),
        );
        self.moves = BySide::new(mark.white_moves, mark.black_moves);
        self.to_move = to_move;
        self.used_before = 0;
        true
    }
}

/// The saved form of a [`Clock`] (see the module docs).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedClock {
    control: TimeControl,
    white_ms: u64,
    black_ms: u64,
    #[serde(with = "side_name")]
    to_move: Side,
    white_moves: u32,
    black_moves: u32,
    /// Time used in the current move (as of the last event).
    used_ms: u64,
    started: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flag: Option<Flag>,
}

impl Serialize for Clock {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedClock {
            control: self.control.clone(),
            white_ms: self.base.white,
            black_ms: self.base.black,
            to_move: self.to_move,
            white_moves: self.moves.white,
            black_moves: self.moves.black,
            used_ms: self.used_before,
            started: self.state != ClockState::NotStarted,
            flag: self.flag(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Clock {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Clock, D::Error> {
        use serde::de::Error;
        let saved = SavedClock::deserialize(d)?;
        let mut clock = Clock::new(saved.control, saved.to_move).map_err(D::Error::custom)?;
        clock.base = BySide::new(saved.white_ms, saved.black_ms);
        clock.moves = BySide::new(saved.white_moves, saved.black_moves);
        clock.used_before = saved.used_ms;
        clock.state = match (saved.flag, saved.started) {
            (Some(f), _) => ClockState::Flagged(f),
            (None, true) => ClockState::Paused,
            (None, false) if saved.used_ms == 0 => ClockState::NotStarted,
            (None, false) => return Err(D::Error::custom("a clock not started has used no time")),
        };
        // A paused clock whose side to move has no time left and no flag: the next call would
        // report a flag the game never recorded, and moves would go on. Play never leaves one
        // (a pause at the flag's instant ends the game on time).
        let had = clock.budget();
        if clock.state == ClockState::Paused && clock.used_before >= had {
            return Err(D::Error::custom(format!(
                "used_ms: {} ms used of the {had} ms the side to move had, and no flag fell",
                clock.used_before
            )));
        }
        Ok(clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(pgn: &str) -> Clock {
        let control = TimeControl::from_pgn(pgn).unwrap().unwrap();
        Clock::new(control, Side::White).unwrap()
    }

    fn with_bonus(time_ms: u64, bonus: Bonus) -> Clock {
        let control = TimeControl::single(Period {
            moves: None,
            time_ms,
            bonus,
        });
        Clock::new(control, Side::White).unwrap()
    }

    #[test]
    fn sudden_death_charges_the_time_used() {
        let mut c = clock("60");
        assert_eq!(c.state(), ClockState::NotStarted);
        assert_eq!(
            c.remaining(Side::White, 5_000),
            60_000,
            "not started: no time runs"
        );
        assert_eq!(c.flag_time(), None);
        c.start(10_000).unwrap();
        assert_eq!(c.running_side(), Some(Side::White));
        assert_eq!(c.remaining(Side::White, 12_500), 57_500);
        assert_eq!(c.remaining(Side::Black, 12_500), 60_000);
        assert_eq!(c.press(13_000).unwrap(), 57_000);
        assert_eq!(c.running_side(), Some(Side::Black));
        assert_eq!(c.remaining(Side::Black, 23_000), 50_000);
        assert_eq!(c.press(23_000).unwrap(), 50_000);
        assert_eq!(
            (c.moves_made(Side::White), c.moves_made(Side::Black)),
            (1, 1)
        );
        assert_eq!(c.flag_time(), Some(23_000 + 57_000));
    }

    #[test]
    fn fischer_increment_is_added_after_every_move() {
        let mut c = clock("180+2");
        c.start(0).unwrap();
        assert_eq!(c.press(5_000).unwrap(), 177_000);
        assert_eq!(
            c.press(5_000).unwrap(),
            182_000,
            "an instant reply gains the increment"
        );
        // The increment does not save a move made after the flag.
        assert_eq!(c.flag_time(), Some(5_000 + 177_000));
        assert_eq!(
            c.press(182_000),
            Err(ClockError::Flagged(Flag {
                side: Side::White,
                at_ms: 182_000
            }))
        );
        assert_eq!(c.press(181_999).unwrap(), 2_001);
    }

    #[test]
    fn bronstein_gives_back_up_to_the_delay() {
        let mut c = with_bonus(60_000, Bonus::Bronstein { ms: 5_000 });
        c.start(0).unwrap();
        // 3 s used: all given back. The clock counted down meanwhile.
        assert_eq!(c.remaining(Side::White, 3_000), 57_000);
        assert_eq!(c.press(3_000).unwrap(), 60_000);
        // Black uses 8 s: 5 s given back.
        assert_eq!(c.press(11_000).unwrap(), 57_000);
        // The flag falls without the delay: it is only given back after the move.
        assert_eq!(c.flag_time(), Some(11_000 + 60_000));
    }

    #[test]
    fn simple_delay_holds_the_clock_first() {
        let mut c = with_bonus(60_000, Bonus::SimpleDelay { ms: 5_000 });
        c.start(0).unwrap();
        assert_eq!(c.remaining(Side::White, 4_000), 60_000);
        assert_eq!(c.delay_remaining(4_000), 1_000);
        assert_eq!(c.remaining(Side::White, 7_000), 58_000);
        assert_eq!(c.delay_remaining(7_000), 0);
        assert_eq!(c.press(3_000).unwrap(), 60_000);
        assert_eq!(c.press(11_000).unwrap(), 57_000);
        assert_eq!(c.flag_time(), Some(11_000 + 5_000 + 60_000));
        assert_eq!(c.fallen(75_999), None);
        assert_eq!(c.fallen(76_000).map(|f| f.side), Some(Side::White));
    }

    #[test]
    fn moves_per_period_add_the_next_period_and_repeat_the_last() {
        // 2 moves in 100 s, then 1 move in 10 s repeated.
        let mut c = clock("2/100:1/10");
        c.start(0).unwrap();
        let mut t = 0;
        let mut white = Vec::new();
        for _ in 0..4 {
            t += 1_000;
            white.push(c.press(t).unwrap()); // White: 1 s a move
            t += 1_000;
            c.press(t).unwrap(); // Black
        }
        // Move 1: 99 s; move 2 completes period 0: 98 + 10; move 3 completes a repeat: 107 + 10.
        assert_eq!(white, [99_000, 108_000, 117_000, 126_000]);
        // Periods: moves 1-2, move 3, move 4, ...: White's next move, the 5th, is in period 3.
        assert_eq!(c.period_number(Side::White), 3);
        // FIDE classical: 90 min for 40 moves plus 30 s a move from move 1, then 30 min.
        let mut c = Clock::new(TimeControl::fide_classical(), Side::White).unwrap();
        c.start(0).unwrap();
        let mut t = 0;
        let mut last = 0;
        for _ in 0..40 {
            t += 60_000;
            last = c.press(t).unwrap();
            c.press(t).unwrap();
        }
        // 40 moves of a minute each, 40 increments of 30 s, then 30 min more.
        assert_eq!(last, 90 * 60_000 - 40 * 60_000 + 40 * 30_000 + 30 * 60_000);
        assert_eq!(c.period_number(Side::White), 1);
    }

    #[test]
    fn sandclock_moves_time_to_the_other_side() {
        let mut c = clock("*60");
        c.start(0).unwrap();
        assert_eq!(
            c.remaining(Side::Black, 10_000),
            70_000,
            "the sand runs over at once"
        );
        assert_eq!(c.press(10_000).unwrap(), 50_000);
        assert_eq!(c.remaining(Side::Black, 10_000), 70_000);
        assert_eq!(c.press(15_000).unwrap(), 65_000);
        assert_eq!(c.remaining(Side::White, 15_000), 55_000);
        assert_eq!(
            c.remaining(Side::White, 15_000) + c.remaining(Side::Black, 15_000),
            120_000
        );
        // White's sand runs out at 70 s: Black has it all, before the flag is recorded and
        // after.
        assert_eq!(c.fallen(69_999), None);
        assert_eq!(c.remaining(Side::Black, 70_000), 120_000);
        assert_eq!(c.check_flag(80_000).map(|f| f.at_ms), Some(70_000));
        assert_eq!(c.remaining(Side::Black, 80_000), 120_000);
        assert_eq!(c.remaining(Side::White, 80_000), 0);
    }

    #[test]
    fn pause_keeps_the_move_in_progress() {
        let mut c = with_bonus(60_000, Bonus::SimpleDelay { ms: 5_000 });
        c.start(0).unwrap();
        c.pause(3_000).unwrap();
        assert_eq!(c.state(), ClockState::Paused);
        assert_eq!(c.flag_time(), None);
        assert_eq!(c.remaining(Side::White, 100_000), 60_000);
        assert_eq!(c.delay_remaining(100_000), 2_000);
        c.resume(100_000).unwrap();
        // 3 s before the pause and 4 s after: 7 s, of which 5 s delay.
        assert_eq!(c.remaining(Side::White, 104_000), 58_000);
        assert_eq!(c.flag_time(), Some(100_000 + 65_000 - 3_000));
        assert_eq!(c.press(104_000).unwrap(), 58_000);
    }

    #[test]
    fn a_move_made_while_paused_switches_the_clock_without_starting_it() {
        let mut c = clock("60");
        c.start(0).unwrap();
        c.pause(2_000).unwrap();
        assert_eq!(c.press(50_000).unwrap(), 58_000);
        assert_eq!(c.state(), ClockState::Paused);
        assert_eq!(c.side_to_move(), Side::Black);
        c.resume(60_000).unwrap();
        assert_eq!(c.remaining(Side::Black, 61_000), 59_000);
    }

    #[test]
    fn the_flag_is_recorded_once_and_stops_everything() {
        let mut c = clock("10");
        c.start(0).unwrap();
        assert_eq!(c.check_flag(9_999), None);
        let f = c.check_flag(12_000).unwrap();
        assert_eq!(
            f,
            Flag {
                side: Side::White,
                at_ms: 10_000
            }
        );
        assert_eq!(c.state(), ClockState::Flagged(f));
        assert_eq!(c.check_flag(20_000), Some(f));
        assert_eq!(c.remaining(Side::White, 20_000), 0);
        assert_eq!(c.remaining(Side::Black, 20_000), 10_000);
        assert_eq!(c.press(20_000), Err(ClockError::Flagged(f)));
        assert_eq!(c.pause(20_000), Err(ClockError::Flagged(f)));
        assert_eq!(c.add_time(Side::White, 1), Err(ClockError::Flagged(f)));
        assert_eq!(c.flag_time(), None);
    }

    #[test]
    fn refused_calls_change_nothing() {
        let mut c = clock("60");
        assert_eq!(c.press(0), Err(ClockError::NotStarted));
        assert_eq!(c.pause(0), Err(ClockError::NotRunning));
        assert_eq!(c.resume(0), Err(ClockError::NotStarted));
        c.start(1_000).unwrap();
        assert_eq!(c.start(1_000), Err(ClockError::AlreadyStarted));
        assert_eq!(c.resume(1_000), Err(ClockError::NotPaused));
        let before = c.clone();
        assert_eq!(
            c.press(500),
            Err(ClockError::TimeWentBackwards {
                now_ms: 500,
                last_ms: 1_000
            })
        );
        assert_eq!(
            c.set_time(Side::White, 5),
            Err(ClockError::SideRunning(Side::White))
        );
        assert_eq!(
            c.press(61_000)
                .map_err(|e| matches!(e, ClockError::Flagged(_))),
            Err(true)
        );
        assert_eq!(c, before);
        assert_eq!(
            Clock::new(TimeControl::Untimed, Side::White),
            Err(ClockError::Untimed)
        );
        assert!(matches!(
            Clock::new(TimeControl::Periods { periods: vec![] }, Side::White),
            Err(ClockError::TimeControl(_))
        ));
    }

    #[test]
    fn hand_over_charges_nobody() {
        let mut c = clock("60");
        c.start(0).unwrap();
        c.press(5_000).unwrap();
        // Black's clock runs; a take-back makes it White's move again at 8 s.
        c.hand_over(Side::White, 8_000).unwrap();
        assert_eq!(c.remaining(Side::Black, 8_000), 60_000);
        assert_eq!(c.remaining(Side::White, 9_000), 54_000);
        assert_eq!(c.press(9_000).unwrap(), 54_000);
        c.hand_over(Side::Black, 9_000).unwrap();
        assert_eq!(c.side_to_move(), Side::Black);
        assert!(matches!(
            c.hand_over(Side::White, 100_000),
            Err(ClockError::Flagged(_))
        ));
    }

    #[test]
    fn arbiter_adjustments() {
        let mut c = clock("60");
        c.start(0).unwrap();
        c.add_time(Side::White, 120_000).unwrap();
        assert_eq!(c.remaining(Side::White, 10_000), 170_000);
        c.set_time(Side::Black, 5_000).unwrap();
        c.press(10_000).unwrap();
        assert_eq!(c.flag_time(), Some(15_000));
    }

    #[test]
    fn saves_keep_what_the_clock_shows_and_load_paused() {
        let mut c = Clock::new(TimeControl::fide_classical(), Side::Black).unwrap();
        c.start(0).unwrap();
        c.press(7_000).unwrap();
        c.pause(9_000).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        let back: Clock = serde_json::from_str(&json).unwrap();
        assert_eq!(back.state(), ClockState::Paused);
        assert_eq!(back.side_to_move(), Side::White);
        for side in Side::ALL {
            assert_eq!(back.remaining(side, 0), c.remaining(side, 9_000));
            assert_eq!(back.moves_made(side), c.moves_made(side));
        }
        // A running clock is saved as of its last event and loads paused.
        let mut running = clock("60");
        running.start(0).unwrap();
        running.press(1_000).unwrap();
        let back: Clock = serde_json::from_str(&serde_json::to_string(&running).unwrap()).unwrap();
        assert_eq!(back.state(), ClockState::Paused);
        assert_eq!(back.remaining(Side::Black, 0), 60_000);
        // New and flagged clocks keep their state.
        let new = clock("60");
        let back: Clock = serde_json::from_str(&serde_json::to_string(&new).unwrap()).unwrap();
        assert_eq!(back, new);
        let mut flagged = clock("60");
        flagged.start(0).unwrap();
        flagged.check_flag(70_000).unwrap();
        let back: Clock = serde_json::from_str(&serde_json::to_string(&flagged).unwrap()).unwrap();
        assert_eq!(back.flag(), flagged.flag());
        assert!(json.contains("\"to_move\":\"white\""), "{json}");
    }

    #[test]
    fn bad_saves_are_refused() {
        let good = serde_json::to_value(clock("60")).unwrap();
        let mut bad = good.clone();
        bad["control"] = serde_json::json!({"type": "untimed"});
        assert!(serde_json::from_value::<Clock>(bad).is_err());
        let mut bad = good.clone();
        bad["to_move"] = serde_json::json!("red");
        let e = serde_json::from_value::<Clock>(bad).unwrap_err();
        assert!(e.to_string().contains("unknown side"), "{e}");
        let mut bad = good;
        bad["extra"] = serde_json::json!(1);
        assert!(serde_json::from_value::<Clock>(bad).is_err());
    }

    /// u64::MAX milliseconds is "never": nothing may wrap into an early flag (release builds)
    /// or overflow (debug builds), whichever call reaches the sum.
    #[test]
    fn the_largest_times_saturate_instead_of_wrapping() {
        let mut c = with_bonus(60_000, Bonus::None);
        c.start(1_000).unwrap();
        c.add_time(Side::White, u64::MAX).unwrap();
        assert_eq!(c.flag_time(), Some(u64::MAX));
        assert_eq!(c.check_flag(1_001), None);
        assert_eq!(c.remaining(Side::White, 2_000), u64::MAX - 1_000);

        let mut c = with_bonus(u64::MAX, Bonus::None);
        c.start(1_000).unwrap();
        assert_eq!(c.flag_time(), Some(u64::MAX));
        assert_eq!(c.press(1_500).unwrap(), u64::MAX - 500);
        assert_eq!(c.fallen(1_501), None);
        assert_eq!(c.flag_time(), Some(u64::MAX));

        let mut c = with_bonus(60_000, Bonus::Increment { ms: u64::MAX });
        c.start(0).unwrap();
        assert_eq!(c.press(1_000).unwrap(), u64::MAX);

        let mut c = with_bonus(60_000, Bonus::SimpleDelay { ms: u64::MAX });
        c.start(5).unwrap();
        assert_eq!(c.flag_time(), Some(u64::MAX));
        assert_eq!(c.remaining(Side::White, 1_000_000), 60_000);

        let mut c = Clock::new(TimeControl::Sandclock { ms: u64::MAX }, Side::White).unwrap();
        c.start(0).unwrap();
        assert_eq!(c.remaining(Side::Black, 10), u64::MAX);
        assert_eq!(c.press(10).unwrap(), u64::MAX - 10);
        assert_eq!(c.remaining(Side::Black, 10), u64::MAX);

        // A period after the first, added to the time left, saturates too.
        let control = TimeControl::Periods {
            periods: vec![
                Period {
                    moves: Some(1),
                    time_ms: u64::MAX,
                    bonus: Bonus::None,
                },
                Period::sudden_death(u64::MAX),
            ],
        };
        let mut c = Clock::new(control, Side::White).unwrap();
        c.start(0).unwrap();
        assert_eq!(c.press(1).unwrap(), u64::MAX);
    }

    /// A save may say anything about its counters; reading and using the clock must not panic.
    #[test]
    fn saved_move_counters_at_their_largest_do_not_overflow() {
        let mut saved = serde_json::to_value(clock("40/5400:1800")).unwrap();
        saved["white_moves"] = serde_json::json!(u32::MAX);
        saved["started"] = serde_json::json!(true);
        let mut c: Clock = serde_json::from_value(saved).unwrap();
        assert_eq!(c.moves_made(Side::White), u32::MAX);
        let period = c.period_number(Side::White);
        c.resume(0).unwrap();
        assert!(c.flag_time().is_some());
        c.press(1_000).unwrap();
        assert_eq!(c.moves_made(Side::White), u32::MAX);
        assert_eq!(c.period_number(Side::White), period);
    }

    #[test]
    fn a_search_reads_each_sides_bonus_and_the_movers_moves_to_go() {
        // 40 moves in 90 min, then 30 min with 30 s a move.
        let mut c = clock("40/5400:1800+30");
        assert_eq!((c.bonus_ms(Side::White), c.bonus_ms(Side::Black)), (0, 0));
        assert_eq!(c.moves_to_go(), Some(40));
        // White's 40th move is the last of the period; Black is in the next one.
        c.moves = BySide::new(39, 40);
        assert_eq!(c.moves_to_go(), Some(1));
        assert_eq!(
            (c.bonus_ms(Side::White), c.bonus_ms(Side::Black)),
            (0, 30_000)
        );
        c.moves = BySide::new(40, 40);
        assert_eq!(c.bonus_ms(Side::White), 30_000);
        assert_eq!(c.moves_to_go(), None, "the rest of the game");
        // A last period with a move count repeats.
        let mut c = clock("40/9000");
        for (made, to_go) in [(0, 40), (39, 1), (40, 40), (79, 1), (80, 40), (85, 35)] {
            c.moves = BySide::new(made, 0);
            assert_eq!(c.moves_to_go(), Some(to_go), "after {made} moves");
        }
        // The side to move's own count decides.
        c.moves = BySide::new(0, 39);
        c.to_move = Side::Black;
        assert_eq!(c.moves_to_go(), Some(1));
        // Delays count as increments; a sandclock has neither a bonus nor moves to go.
        for bonus in [
            Bonus::Bronstein { ms: 3_000 },
            Bonus::SimpleDelay { ms: 3_000 },
        ] {
            assert_eq!(with_bonus(300_000, bonus).bonus_ms(Side::Black), 3_000);
        }
        assert_eq!(clock("300+2").bonus_ms(Side::White), 2_000);
        assert_eq!(clock("300+2").moves_to_go(), None);
        let sand = Clock::new(TimeControl::Sandclock { ms: 60_000 }, Side::White).unwrap();
        assert_eq!((sand.bonus_ms(Side::White), sand.moves_to_go()), (0, None));
    }
}
