//! Time controls and clock readings as the apps see them, and the PGN `[TimeControl]` helpers.

use std::sync::Arc;

use crate::game::clock::{self, Clock};
use crate::game::time_control::{self as core_tc, TimeControlError};
use crate::game::{Game, UntimedCall};

use super::game::status;
use super::{ChessError, ChessGame, GameStatus, SearchLimits, Side};

/// What a period gives back for each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum TimeBonus {
    /// Nothing.
    None,
    /// Fischer increment: `ms` added after each move, from move 1.
    Increment {
        /// Milliseconds added per move.
        ms: u64,
    },
    /// Bronstein delay: the time a move used is given back after it, up to `ms`.
    Bronstein {
        /// The most given back per move, in milliseconds.
        ms: u64,
    },
    /// Simple (US) delay: the clock waits `ms` at the start of each move before counting down.
    SimpleDelay {
        /// The delay per move, in milliseconds.
        ms: u64,
    },
}

/// One period of a time control: `timeMs` for `moves` moves (`null`/`nil`: the rest of the
/// game), with a bonus per move. When a player completes a period's last move, the next period's
/// time is added; the last period repeats when it has a move count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct TimePeriod {
    /// How many moves the period lasts; `null`/`nil` for the rest of the game.
    pub moves: Option<u32>,
    /// The time the period gives, in milliseconds.
    pub time_ms: u64,
    /// What each move of the period gives back.
    pub bonus: TimeBonus,
}

/// A game's time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum TimeControl {
    /// No clock.
    Untimed,
    /// Periods played in order, e.g. one period of 5 minutes with a 3-second increment, or FIDE's
    /// 90 minutes for 40 moves then 30 minutes, 30 seconds a move.
    Periods {
        /// At least one; only the last may be without a move count.
        periods: Vec<TimePeriod>,
    },
    /// A sandclock: each player starts with `ms`; the time one player uses goes to the other.
    Sandclock {
        /// Each player's time at the start, in milliseconds.
        ms: u64,
    },
}

impl From<core_tc::Bonus> for TimeBonus {
    fn from(b: core_tc::Bonus) -> TimeBonus {
        match b {
            core_tc::Bonus::None => TimeBonus::None,
            core_tc::Bonus::Increment { ms } => TimeBonus::Increment { ms },
            core_tc::Bonus::Bronstein { ms } => TimeBonus::Bronstein { ms },
            core_tc::Bonus::SimpleDelay { ms } => TimeBonus::SimpleDelay { ms },
        }
    }
}

impl From<TimeBonus> for core_tc::Bonus {
    fn from(b: TimeBonus) -> core_tc::Bonus {
        match b {
            TimeBonus::None => core_tc::Bonus::None,
            TimeBonus::Increment { ms } => core_tc::Bonus::Increment { ms },
            TimeBonus::Bronstein { ms } => core_tc::Bonus::Bronstein { ms },
            TimeBonus::SimpleDelay { ms } => core_tc::Bonus::SimpleDelay { ms },
        }
    }
}

impl From<core_tc::TimeControl> for TimeControl {
    fn from(tc: core_tc::TimeControl) -> TimeControl {
        match tc {
            core_tc::TimeControl::Untimed => TimeControl::Untimed,
            core_tc::TimeControl::Sandclock { ms } => TimeControl::Sandclock { ms },
            core_tc::TimeControl::Periods { periods } => TimeControl::Periods {
                periods: periods
                    .into_iter()
                    .map(|p| TimePeriod {
                        moves: p.moves,
                        time_ms: p.time_ms,
                        bonus: p.bonus.into(),
                    })
                    .collect(),
            },
        }
    }
}

impl From<TimeControl> for core_tc::TimeControl {
    fn from(tc: TimeControl) -> core_tc::TimeControl {
        match tc {
            TimeControl::Untimed => core_tc::TimeControl::Untimed,
            TimeControl::Sandclock { ms } => core_tc::TimeControl::Sandclock { ms },
            TimeControl::Periods { periods } => core_tc::TimeControl::Periods {
                periods: periods
                    .into_iter()
                    .map(|p| core_tc::Period {
                        moves: p.moves,
                        time_ms: p.time_ms,
                        bonus: p.bonus.into(),
                    })
                    .collect(),
            },
        }
    }
}

impl From<TimeControlError> for ChessError {
    fn from(e: TimeControlError) -> ChessError {
        match e {
            TimeControlError::Syntax { .. } => ChessError::InvalidNotation(e.to_string()),
            TimeControlError::Invalid(_) => ChessError::InvalidRequest(e.to_string()),
        }
    }
}

impl From<clock::ClockError> for ChessError {
    fn from(e: clock::ClockError) -> ChessError {
        match e {
            clock::ClockError::TimeControl(tc) => tc.into(),
            clock::ClockError::Flagged(_) => ChessError::GameOver(e.to_string()),
            _ => ChessError::InvalidRequest(e.to_string()),
        }
    }
}

/// The error of an untimed call refused in a timed game ([`crate::game::Game::needs_time`]),
/// naming the calls as the apps know them: the core's text names the Rust ones.
pub(crate) fn untimed_call_refused(call: UntimedCall) -> ChessError {
    let (untimed, timed) = match call {
        UntimedCall::Play | UntimedCall::PlayUciMove => ("play", "playAt"),
        UntimedCall::PlayUci => ("playUci", "playUciAt"),
        UntimedCall::PlaySan => ("playSan", "playSanAt"),
        UntimedCall::ClaimDrawWith | UntimedCall::ClaimDrawWithUciMove => {
            ("claimDrawWith", "claimDrawWithAt")
        }
        UntimedCall::Resign => ("resign", "resignAt"),
        UntimedCall::AgreeDraw => ("agreeDraw", "agreeDrawAt"),
        UntimedCall::ClaimDraw => ("claimDraw", "claimDrawAt"),
        UntimedCall::EngineTurn => ("playEngineResult", "playEngineResultAt"),
    };
    ChessError::InvalidRequest(format!(
        "the game is timed: use {timed} with the time (nowMs) instead of {untimed}, which \
         leaves the clock alone"
    ))
}

/// Where a clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ClockState {
    /// Not started: no time runs.
    NotStarted,
    /// The side to move's time runs.
    Running,
    /// Paused (also a clock just restored from a save).
    Paused,
    /// A flag fell; the clock is stopped for good.
    Flagged,
}

/// A clock as a UI shows it, read at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct ClockReading {
    /// The instant this reading is for (the app's milliseconds).
    pub at_ms: u64,
    /// White's time at that instant, in milliseconds (never below 0).
    pub white_ms: u64,
    /// Black's time at that instant, in milliseconds.
    pub black_ms: u64,
    /// Where the clock stands.
    pub state: ClockState,
    /// The side whose move it is.
    pub side_to_move: Side,
    /// The side whose time runs, if any.
    pub running_side: Option<Side>,
    /// The side whose flag fell, once recorded.
    pub flagged_side: Option<Side>,
    /// The instant (the app's milliseconds) at which the running side's flag will fall unless it
    /// moves first: schedule the next flag check for it. `null`/`nil` while no time runs.
    pub flag_time_ms: Option<u64>,
    /// What is left of the current move's simple delay (0 for other controls).
    pub delay_remaining_ms: u64,
    /// Moves White has completed on this clock.
    pub white_moves: u32,
    /// Moves Black has completed on this clock.
    pub black_moves: u32,
}

/// Reads `clock` at `nowMs`.
pub(crate) fn reading(clock: &Clock, now_ms: u64) -> ClockReading {
    use crate::rules::Side as S;
    ClockReading {
        at_ms: now_ms,
        white_ms: clock.remaining(S::White, now_ms),
        black_ms: clock.remaining(S::Black, now_ms),
        state: match clock.state() {
            clock::ClockState::NotStarted => ClockState::NotStarted,
            clock::ClockState::Running => ClockState::Running,
            clock::ClockState::Paused => ClockState::Paused,
            clock::ClockState::Flagged(_) => ClockState::Flagged,
        },
        side_to_move: clock.side_to_move().into(),
        running_side: clock.running_side().map(Into::into),
        flagged_side: clock.flag().map(|f| f.side.into()),
        flag_time_ms: clock.flag_time(),
        delay_remaining_ms: clock.delay_remaining(now_ms),
        white_moves: clock.moves_made(S::White),
        black_moves: clock.moves_made(S::Black),
    }
}

/// The game's chess clock. Every time is the app's monotonic milliseconds (`nowMs`, e.g.
/// `SystemClock.elapsedRealtime()` on Android, `ContinuousClock.now` on iOS): the core never reads
/// a clock itself. Moves are timed with `playAt`, `playUciAt` or `playSanAt`; while the clock is
/// in use (not started, running or paused), the untimed calls that end a turn or the game are
/// refused (see `ChessGame`).
#[uniffi::export]
impl ChessGame {
    /// A new game from the standard starting position with a clock for `control`, not started
    /// (the first timed move or `startClock` starts it). Other start positions: create the game,
    /// then `setTimeControl`.
    ///
    /// # Errors
    /// `InvalidRequest` when the control cannot run a clock (e.g. `Untimed`, or no period).
    #[uniffi::constructor]
    pub fn with_time_control(control: TimeControl) -> Result<Arc<ChessGame>, ChessError> {
        let control: core_tc::TimeControl = control.into();
        if control == core_tc::TimeControl::Untimed {
            return Err(ChessError::InvalidRequest(
                "an untimed game has no clock: use the ChessGame() constructor".into(),
            ));
        }
        let mut game = Game::new();
        game.set_time_control(control)?;
        Ok(ChessGame::wrap(game))
    }

    /// Gives the game a clock for `control`, not started, with the side to move first
    /// (replacing any clock); `Untimed` removes the clock. The control is written as the PGN
    /// `[TimeControl]` tag when PGN can express it.
    ///
    /// # Errors
    /// `InvalidRequest` when the control cannot run a clock (e.g. no period).
    pub fn set_time_control(&self, control: TimeControl) -> Result<(), ChessError> {
        Ok(self.lock().set_time_control(control.into())?)
    }

    /// The time control (`Untimed` without a clock).
    pub fn time_control(&self) -> TimeControl {
        self.lock().time_control().into()
    }

    /// Starts the clock of the side to move at `nowMs` (otherwise the first timed move starts
    /// it, without charging the mover).
    ///
    /// # Errors
    /// `GameOver` when the game has ended at the current node; `InvalidRequest`: no clock, or
    /// started already.
    pub fn start_clock(&self, now_ms: u64) -> Result<(), ChessError> {
        Ok(self.lock().start_clock(now_ms)?)
    }

    /// Pauses the clock at `nowMs`, keeping the time of the move in progress (e.g. when the app
    /// goes to the background; save after pausing to keep that time).
    ///
    /// # Errors
    /// `GameOver` when a flag had fallen by `nowMs` (the game is then over on time);
    /// `InvalidRequest` when no clock runs or `nowMs` is before its last event.
    pub fn pause_clock(&self, now_ms: u64) -> Result<(), ChessError> {
        Ok(self.lock().pause_clock(now_ms)?)
    }

    /// Restarts a paused clock (also one restored from a save) at `nowMs`, for the side to move
    /// in the current position: after a take-back while it was paused, that side's time runs
    /// from where the clock stood before the move taken back (see `undo`).
    ///
    /// # Errors
    /// `GameOver` when the game has ended at the current node (undo a resignation first);
    /// `InvalidRequest` when the clock is not paused or `nowMs` is before its last event.
    pub fn resume_clock(&self, now_ms: u64) -> Result<(), ChessError> {
        Ok(self.lock().resume_clock(now_ms)?)
    }

    /// Adds `ms` to `side`'s time (e.g. the two minutes an arbiter gives).
    ///
    /// # Errors
    /// `InvalidRequest` when there is no clock; `GameOver` after a flag fell.
    pub fn add_clock_time(&self, side: Side, ms: u64) -> Result<(), ChessError> {
        Ok(self.lock().add_clock_time(side.into(), ms)?)
    }

    /// The clock as it reads at `nowMs`, or `null`/`nil` without a time control. Redraw from
    /// it, and call `checkFlag` at `flagTimeMs`.
    pub fn clock(&self, now_ms: u64) -> Option<ClockReading> {
        self.lock().clock().map(|c| reading(c, now_ms))
    }

    /// The engine's limits for a move in this timed game, from the clock as it reads at
    /// `nowMs` (read it as the search starts): both sides' times, each side's bonus for its
    /// next move (the increment of the period that move is in; a Bronstein or simple delay
    /// counts as an increment), the side to move's moves left in its period (`movesToGo`,
    /// `null`/`nil` when the period lasts the rest of the game), at `level` (`null`/`nil`: the
    /// engine's own; the level's depth and node caps still apply, and the clock caps its time).
    /// `null`/`nil` without a time control: use the level's own limits (`SearchLimits()`).
    /// Pass the result to `ChessEngine.think`, then play its result with `playEngineResultAt`.
    pub fn search_limits_at(&self, now_ms: u64, level: Option<u32>) -> Option<SearchLimits> {
        let game = self.lock();
        let clock = game.clock()?;
        use crate::rules::Side as S;
        Some(SearchLimits {
            white_time_ms: Some(clock.remaining(S::White, now_ms)),
            black_time_ms: Some(clock.remaining(S::Black, now_ms)),
            white_increment_ms: clock.bonus_ms(S::White),
            black_increment_ms: clock.bonus_ms(S::Black),
            moves_to_go: clock.moves_to_go(),
            level,
            multi_pv: 1,
            ..SearchLimits::default()
        })
    }

    /// Ends the game when a flag has fallen by `nowMs`: a loss on time (`Outcome.TimeForfeit`),
    /// or a draw when the opponent could never checkmate (`DrawReason.TimeoutVsInsufficientMaterial`,
    /// FIDE Laws 6.9). Returns the status after the check. A loss on time cannot be undone.
    pub fn check_flag(&self, now_ms: u64) -> GameStatus {
        let mut game = self.lock();
        game.check_flag(now_ms);
        status(&game)
    }
}

/// Reads a PGN `[TimeControl]` value: `300+5`, `40/5400+30:1800+30`, `-` (untimed), `*180`
/// (sandclock), ...; `?` (unknown) gives `null`/`nil`.
///
/// # Errors
/// `InvalidNotation` saying which period is wrong.
#[uniffi::export]
pub fn time_control_from_pgn(text: String) -> Result<Option<TimeControl>, ChessError> {
    Ok(core_tc::TimeControl::from_pgn(&text)?.map(Into::into))
}

/// The most common control, `baseMs` for the game and `incrementMs` added after each move
/// (Fischer; 0: none), e.g. `fischerTimeControl(180_000, 2_000)` for 3 + 2: one period, as
/// `timeControlFromPgn("180+2")` gives. A base of 0 makes a control no clock can run
/// (`withTimeControl` refuses it).
#[uniffi::export]
pub fn fischer_time_control(base_ms: u64, increment_ms: u64) -> TimeControl {
    core_tc::TimeControl::fischer_ms(base_ms, increment_ms).into()
}

/// The PGN `[TimeControl]` value of `control`, or `null`/`nil` when PGN cannot express it
/// (Bronstein and simple delay).
#[uniffi::export]
pub fn time_control_to_pgn(control: TimeControl) -> Option<String> {
    core_tc::TimeControl::from(control).to_pgn()
}

/// A short English description, e.g. `5 min + 3 s` or `40 moves in 90 min + 30 s, then 30 min
/// + 30 s`.
#[uniffi::export]
pub fn time_control_description(control: TimeControl) -> String {
    core_tc::TimeControl::from(control).to_string()
}

/// Checks that a clock can run on `control` (at least one period, a move count on every period
/// but the last, some time to start with).
///
/// # Errors
/// `InvalidRequest` saying what is wrong.
#[uniffi::export]
pub fn validate_time_control(control: TimeControl) -> Result<(), ChessError> {
    Ok(core_tc::TimeControl::from(control).validate()?)
}

/// A clock time as a display (and PGN `[%clk]`) writes it: `h:mm:ss`, with tenths when `tenths`
/// is set (`0:00:09.7`); rounded down, as clocks show time.
#[uniffi::export]
pub fn format_clock_time(ms: u64, tenths: bool) -> String {
    core_tc::format_clk(ms, tenths)
}

/// A clock time as a playing screen shows it: `3:00`, `12:05`, `1:30:00` from an hour, and
/// tenths under ten seconds (`0:09.7`); rounded down, as clocks show time. (`formatClockTime` is
/// the `[%clk]` form, `0:03:00`.)
#[uniffi::export]
pub fn clock_display_text(ms: u64) -> String {
    core_tc::format_clock_display(ms)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_trip() {
        for text in ["300+5", "40/5400+30:1800+30", "-", "*180", "40/9000"] {
            let tc = time_control_from_pgn(text.into()).unwrap().unwrap();
            assert_eq!(time_control_to_pgn(tc.clone()).as_deref(), Some(text));
            let core: core_tc::TimeControl = tc.clone().into();
            assert_eq!(TimeControl::from(core), tc);
        }
        let delay = TimeControl::Periods {
            periods: vec![TimePeriod {
                moves: None,
                time_ms: 600_000,
                bonus: TimeBonus::SimpleDelay { ms: 5_000 },
            }],
        };
        assert_eq!(time_control_to_pgn(delay.clone()), None);
        assert_eq!(time_control_description(delay), "10 min, 5 s delay");
        assert_eq!(time_control_from_pgn("?".into()), Ok(None));
        for (base, inc, pgn) in [(180_000, 2_000, "180+2"), (600_000, 0, "600")] {
            let tc = fischer_time_control(base, inc);
            assert_eq!(time_control_from_pgn(pgn.into()), Ok(Some(tc.clone())));
            assert_eq!(validate_time_control(tc), Ok(()));
        }
        assert!(validate_time_control(fischer_time_control(0, 1_000)).is_err());
        assert!(matches!(
            time_control_from_pgn("5 min".into()),
            Err(ChessError::InvalidNotation(m)) if m.contains("period 1")
        ));
        assert!(matches!(
            validate_time_control(TimeControl::Periods { periods: vec![] }),
            Err(ChessError::InvalidRequest(_))
        ));
        assert_eq!(format_clock_time(9_750, true), "0:00:09.7");
    }

    #[test]
    fn a_timed_game_through_the_object() {
        let game = ChessGame::new();
        assert_eq!(game.time_control(), TimeControl::Untimed);
        assert_eq!(game.clock(0), None);
        let control = time_control_from_pgn("60+1".into()).unwrap().unwrap();
        game.set_time_control(control.clone()).unwrap();
        assert_eq!(game.time_control(), control);
        game.start_clock(1_000).unwrap();
        game.play_san_at("e4".into(), 3_000).unwrap();
        let r = game.clock(4_000).unwrap();
        assert_eq!((r.white_ms, r.black_ms), (59_000, 59_000));
        assert_eq!(r.running_side, Some(Side::Black));
        assert!(game.pgn().contains("[%clk 0:00:59]"));
        assert_eq!(
            game.check_flag(63_000),
            GameStatus::Ended {
                outcome: super::super::Outcome::TimeForfeit {
                    winner: Side::White
                }
            }
        );
        assert!(matches!(
            game.play_san_at("e5".into(), 64_000),
            Err(ChessError::GameOver(_))
        ));
        assert!(matches!(game.resume_clock(0), Err(ChessError::GameOver(_))));
        assert!(matches!(
            ChessGame::new().start_clock(0),
            Err(ChessError::InvalidRequest(_))
        ));
    }

    #[test]
    fn readings() {
        let mut c = Clock::new(
            core_tc::TimeControl::fischer(1, 0),
            crate::rules::Side::White,
        )
        .unwrap();
        let r = reading(&c, 0);
        assert_eq!(
            (r.state, r.white_ms, r.flag_time_ms),
            (ClockState::NotStarted, 60_000, None)
        );
        c.start(1_000).unwrap();
        let r = reading(&c, 3_000);
        assert_eq!(r.white_ms, 58_000);
        assert_eq!(r.running_side, Some(Side::White));
        assert_eq!(r.flag_time_ms, Some(61_000));
        c.check_flag(70_000);
        let r = reading(&c, 70_000);
        assert_eq!(
            (r.state, r.flagged_side, r.white_ms),
            (ClockState::Flagged, Some(Side::White), 0)
        );
    }
}
