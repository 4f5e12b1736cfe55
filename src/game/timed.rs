//! A [`Game`] with a chess clock, and the opening of the current position.
//!
//! A game may hold a [`Clock`] ([`Game::set_time_control`]). The clock takes the caller's
//! monotonic milliseconds (`now_ms`) and never reads the system clock (see [`super::clock`]).
//!
//! # A timed game is played with the timed calls
//! While a game has a clock that has not stopped for good (not started, running or paused: no
//! flag has fallen), the calls that end a turn or the game must say what time it is, so that
//! the clock follows the game: [`Game::play_at`], [`Game::play_uci_move_at`],
//! [`Game::play_uci_at`], [`Game::play_san_at`], [`Game::claim_draw_with_at`],
//! [`Game::claim_draw_with_uci_move_at`], [`Game::resign_at`], [`Game::agree_draw_at`],
//! [`Game::claim_draw_at`], and [`crate::engine::engine_turn`] with `now_ms`. Their untimed
//! forms ([`Game::play`], [`Game::play_uci_move`], [`Game::play_uci`], [`Game::play_san`],
//! [`Game::claim_draw_with`], [`Game::claim_draw_with_uci_move`], [`Game::resign`],
//! [`Game::agree_draw`], [`Game::claim_draw`], `engine_turn` without a time) are refused with
//! [`GameError::TimedGame`], naming the timed call to use, and change nothing: played untimed,
//! a move would leave the clock running for the side that moved, the next timed move would
//! charge nobody, and the flag of the side not to move could fall. [`Game::needs_time`] is the
//! rule; [`UntimedCall`] names the calls. Where the game has ended at the current node the
//! untimed calls are refused as before ([`GameError::GameOver`]).
//!
//! - A clock **not started**: the timed calls work (the first timed move starts the clock
//!   without charging the mover; a timed ending leaves it not started), so the untimed ones are
//!   refused from the start. Moves meant to be played before the clock (a set opening) are
//!   played before [`Game::set_time_control`].
//! - A **paused** clock: the timed calls work (a timed move presses it and it stays stopped; a
//!   timed ending leaves it paused), so the untimed ones are refused.
//! - A **flag fell** (a loss or draw on time): the clock has stopped for good and the rule no
//!   longer applies. Where the flag fell every call is refused ([`GameError::GameOver`]); gone
//!   back from there, the timed calls are refused (the clock cannot run again) and the untimed
//!   ones analyse the game as in an untimed one.
//! - **Take-backs**: [`Game::undo`] and [`Game::redo`] do nothing while the clock runs
//!   ([`Game::can_undo`] and [`Game::can_redo`] say so): the time would run on for the side no
//!   longer to move. Pause the clock first; [`Game::resume_clock`] (and [`Game::start_clock`])
//!   then runs the time of the side to move at the current node. A move played with a timed
//!   call keeps the clock from before and after it on its node (and in the JSON save): undo
//!   sets the clock back to before the move (both times and the moves made: the time spent on
//!   it and its bonus are given back, as lichess does; time added since is kept), redo to
//!   after. A move without that record (played before the clock was set, read from PGN,
//!   played on a clock since replaced, or after a move played again after a take-back) leaves
//!   the clock as it is, and the next timed move hands it over, charging nobody for the move
//!   taken back.
//! - **Navigation** ([`Game::back`], [`Game::goto`], ...) and tree edits do not touch the clock
//!   and are not refused: they are how a game is read. To look back during a timed game without
//!   moving it, read a copy (the apps' `snapshotAtMainLinePly`). A timed move from a node whose
//!   side to move is not the clock's hands the clock over first (below).
//! - An untimed game (no clock) takes both forms alike: there the timed calls are the untimed
//!   ones.
//!
//! # The timed calls
//! - [`Game::play_at`] (and the UCI and SAN forms) first checks the flag: when the mover's time
//!   ran out by `now_ms`, the game ends on time at the current node and the move is refused.
//!   Otherwise the move is played, the clock pressed, and the mover's time after the move kept
//!   on its node as `[%clk]`. A move while the clock has not been started starts it, without
//!   charging the mover. A move by the side whose clock does not run (possible after a
//!   take-back or navigation with the clock stopped) first hands the clock over, charging
//!   nobody for the time since the last press.
//! - [`Game::resign_at`], [`Game::agree_draw_at`] and [`Game::claim_draw_at`] end the game with
//!   the clock: it stops at `now_ms`, or the game ends on time when a flag had fallen by then.
//! - [`Game::check_flag`] ends the game when a flag has fallen: a loss on time
//!   ([`Outcome::TimeForfeit`]), or a draw when the opponent could never checkmate
//!   ([`DrawReason::TimeoutVsInsufficientMaterial`], FIDE Laws 6.9). A loss on time cannot be
//!   taken back by [`Game::undo`]: the clock has stopped for good.
//! - The clock is part of the JSON save (see [`super::clock`] for what it keeps) and gives the
//!   PGN export its `[TimeControl]` tag; a game lost on time gets `[Termination "time forfeit"]`.

use super::clock::{self, Clock, ClockError};
use super::time_control::TimeControl;
use super::{DrawReason, Game, GameError, NodeId, Outcome, TIME_CONTROL_TAG};
use crate::notation::san;
use crate::notation::uci::UciMove;
use crate::opening::{self, Opening};
use crate::rules::{Move, Side};
use std::time::Duration;

/// An untimed call that ends a turn or the game, refused in a timed game (see the [module
/// documentation](self)): [`GameError::TimedGame`] carries it to name the timed call to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UntimedCall {
    /// [`Game::play`]; timed: [`Game::play_at`].
    Play,
    /// [`Game::play_uci_move`]; timed: [`Game::play_uci_move_at`].
    PlayUciMove,
    /// [`Game::play_uci`]; timed: [`Game::play_uci_at`].
    PlayUci,
    /// [`Game::play_san`]; timed: [`Game::play_san_at`].
    PlaySan,
    /// [`Game::claim_draw_with`]; timed: [`Game::claim_draw_with_at`].
    ClaimDrawWith,
    /// [`Game::claim_draw_with_uci_move`]; timed: [`Game::claim_draw_with_uci_move_at`].
    ClaimDrawWithUciMove,
    /// [`Game::resign`]; timed: [`Game::resign_at`].
    Resign,
    /// [`Game::agree_draw`]; timed: [`Game::agree_draw_at`].
    AgreeDraw,
    /// [`Game::claim_draw`]; timed: [`Game::claim_draw_at`].
    ClaimDraw,
    /// [`crate::engine::engine_turn`] without a time; timed: with `now_ms`.
    EngineTurn,
}

impl UntimedCall {
    /// The call's name in Rust, e.g. `play_san`.
    pub fn name(self) -> &'static str {
        match self {
            UntimedCall::Play => "play",
            UntimedCall::PlayUciMove => "play_uci_move",
            UntimedCall::PlayUci => "play_uci",
            UntimedCall::PlaySan => "play_san",
            UntimedCall::ClaimDrawWith => "claim_draw_with",
            UntimedCall::ClaimDrawWithUciMove => "claim_draw_with_uci_move",
            UntimedCall::Resign => "resign",
            UntimedCall::AgreeDraw => "agree_draw",
            UntimedCall::ClaimDraw => "claim_draw",
            UntimedCall::EngineTurn => "engine_turn without a time",
        }
    }

    /// The timed call to use instead, in Rust, e.g. `play_san_at`.
    pub fn timed_name(self) -> &'static str {
        match self {
            UntimedCall::Play => "play_at",
            UntimedCall::PlayUciMove => "play_uci_move_at",
            UntimedCall::PlayUci => "play_uci_at",
            UntimedCall::PlaySan => "play_san_at",
            UntimedCall::ClaimDrawWith => "claim_draw_with_at",
            UntimedCall::ClaimDrawWithUciMove => "claim_draw_with_uci_move_at",
            UntimedCall::Resign => "resign_at",
            UntimedCall::AgreeDraw => "agree_draw_at",
            UntimedCall::ClaimDraw => "claim_draw_at",
            UntimedCall::EngineTurn => "engine_turn with now_ms",
        }
    }
}

impl Game {
    /// The game's clock, if it has a time control.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The time control: [`TimeControl::Untimed`] when the game has no clock.
    pub fn time_control(&self) -> TimeControl {
        self.clock
            .as_ref()
            .map_or(TimeControl::Untimed, |c| c.control().clone())
    }

    /// Gives the game a new clock for `control`, not started, with the side to move first
    /// (replacing any clock it had); [`TimeControl::Untimed`] removes the clock. With a clock the
    /// `TimeControl` tag is the clock's control (it replaces a tag read from a file); removing
    /// the clock removes the tag (the file's is not brought back). The marks the
    /// moves played on the old clock kept for take-backs are dropped with it (they are another
    /// clock's times): taking such a move back leaves the new clock as it is.
    ///
    /// # Errors
    /// [`GameError::Clock`] when `control` cannot run a clock (see [`TimeControl::validate`]).
    pub fn set_time_control(&mut self, control: TimeControl) -> Result<(), GameError> {
        let had_clock = self.clock.is_some();
        self.clock = match control {
            TimeControl::Untimed => None,
            control => Some(Clock::new(control, self.position.side_to_move())?),
        };
        self.clock_node = None;
        for node in &mut self.nodes {
            node.clocks = None;
        }
        if had_clock && self.clock.is_none() {
            // The tag was the old clock's, not the game's own.
            self.tags.remove(TIME_CONTROL_TAG);
        }
        self.sync_time_control_tag();
        Ok(())
    }

    /// With a clock, the `TimeControl` tag is the clock's control (`?` when PGN cannot say it:
    /// a Bronstein or simple delay), so that [`Game::tag`], [`Game::tags`] and the exported PGN
    /// agree; without one, the tags stay as they are.
    pub(crate) fn sync_time_control_tag(&mut self) {
        if let Some(clock) = &self.clock {
            let control = clock.control().to_pgn().unwrap_or_else(|| "?".into());
            self.tags.insert(TIME_CONTROL_TAG.to_string(), control);
        }
    }

    /// The clock stands at another node than the current one ([`Game::back`] went there): the
    /// error for a timed call, `None` when it stands here, is not known, or there is no clock.
    /// A clock stopped for good by a flag is not elsewhere: the flag's error says more.
    pub(crate) fn clock_elsewhere(&self) -> Option<GameError> {
        let at = self.clock_node?;
        if self.clock.as_ref()?.flag().is_some() {
            return None;
        }
        let current = self.current();
        let alive = self.node(at).is_some();
        (alive && at != current).then(|| GameError::ClockElsewhere {
            clock_ply: self.n(at).ply,
            current_ply: self.n(current).ply,
        })
    }

    /// The clock (if any) stands at the current node now: after a timed move, a take-back, a
    /// start or a restart there.
    pub(super) fn clock_moved_here(&mut self) {
        if self.clock.is_some() {
            self.clock_node = Some(self.current());
        }
    }

    /// Refuses to run the clock at the current node: the game ended there, or the clock
    /// stands at another node ([`Game::start_clock`], [`Game::resume_clock`]).
    fn refuse_clock_here(&self) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        match self.clock_elsewhere() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn clock_mut(&mut self) -> Result<&mut Clock, GameError> {
        self.clock
            .as_mut()
            .ok_or(GameError::Clock(ClockError::Untimed))
    }

    /// Whether the calls that end a turn or the game must be the timed ones here: the game has
    /// a clock that has not stopped for good (not started, running or paused; no flag fell),
    /// and it goes on at the current node. Then the untimed calls ([`Game::play`],
    /// [`Game::play_uci_move`], [`Game::play_uci`], [`Game::play_san`],
    /// [`Game::claim_draw_with`], [`Game::claim_draw_with_uci_move`], [`Game::resign`],
    /// [`Game::agree_draw`], [`Game::claim_draw`], [`crate::engine::engine_turn`] without a
    /// time) are refused with [`GameError::TimedGame`], naming the timed call to use, and
    /// change nothing: an untimed move would leave the clock running for the side that moved.
    /// The one place of the rule; `false` for a game without a clock, which takes both forms
    /// alike.
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::time_control::TimeControl;
    /// use chesscore::game::{Game, GameError, UntimedCall};
    ///
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap(); // untimed: no clock yet
    /// game.set_time_control(TimeControl::fischer(3, 2)).unwrap();
    /// assert!(game.needs_time());
    /// let before = game.clone();
    /// assert_eq!(
    ///     game.play_san("e5"),
    ///     Err(GameError::TimedGame(UntimedCall::PlaySan))
    /// );
    /// assert_eq!(game, before);
    /// game.play_san_at("e5", 1_000).unwrap(); // starts the clock, charging nobody
    /// ```
    pub fn needs_time(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.flag().is_none()) && self.outcome().is_none()
    }

    /// Refuses the untimed `call` when [`Game::needs_time`]: every untimed call that ends a
    /// turn or the game starts with it.
    pub(crate) fn refuse_untimed(&self, call: UntimedCall) -> Result<(), GameError> {
        if self.needs_time() {
            return Err(GameError::TimedGame(call));
        }
        Ok(())
    }

    /// `true` while the clock runs: take-backs ([`Game::undo`], [`Game::redo`]) wait for it
    /// to be paused.
    pub(super) fn clock_runs(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| c.state() == clock::ClockState::Running)
    }

    /// Starts the clock at `now_ms`, for the side to move at the current node (the clock is
    /// handed to it when the game was taken back or moved meanwhile).
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended at the current node (a clock running
    /// there could never be stopped by a move); [`GameError::Clock`]: no clock, or it was
    /// started already.
    pub fn start_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        self.refuse_clock_here()?;
        let side = self.position.side_to_move();
        let clock = self.clock_mut()?;
        let mut started = clock.clone();
        started.start(now_ms)?;
        started.hand_over(side, now_ms)?;
        *clock = started;
        self.clock_moved_here();
        Ok(())
    }

    /// Pauses the clock at `now_ms` (keeping the time of the move in progress). When the flag
    /// had already fallen, the game ends on time instead and the error says so.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when a flag fell; [`GameError::Clock`] when there is no running
    /// clock or time went backwards.
    pub fn pause_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        if let Some(o) = self.check_flag(now_ms) {
            return Err(GameError::GameOver(o));
        }
        Ok(self.clock_mut()?.pause(now_ms)?)
    }

    /// Restarts a paused clock at `now_ms`, for the side to move at the current node: after a
    /// take-back while it was paused, the clock is handed to that side, charging nobody for the
    /// move taken back (the time of the move in progress is kept otherwise).
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended at the current node (a resignation is
    /// taken back with [`Game::undo`] first); [`GameError::Clock`] when there is no paused
    /// clock or time went backwards.
    pub fn resume_clock(&mut self, now_ms: u64) -> Result<(), GameError> {
        self.refuse_clock_here()?;
        let side = self.position.side_to_move();
        let clock = self.clock_mut()?;
        let mut resumed = clock.clone();
        resumed.resume(now_ms)?;
        resumed.hand_over(side, now_ms)?;
        *clock = resumed;
        self.clock_moved_here();
        Ok(())
    }

    /// Adds `ms` to `side`'s time.
    ///
    /// # Errors
    /// [`GameError::Clock`] when there is no clock or a flag has fallen.
    pub fn add_clock_time(&mut self, side: Side, ms: u64) -> Result<(), GameError> {
        Ok(self.clock_mut()?.add_time(side, ms)?)
    }

    /// Ends the game at the current node when a flag has fallen by `now_ms` and returns the
    /// outcome: a loss on time for the side whose flag fell, or a draw when its opponent could
    /// never checkmate (FIDE Laws 6.9). `None` while no flag has fallen (or the game has no
    /// clock, or it had ended already, or the flag fell before and was recorded at the node
    /// where it fell: going back from there and checking again ends nothing a second time).
    /// While the board shows an earlier position ([`Game::back`]), the game ends at the node
    /// the clock stands at, and the board stays where it is.
    pub fn check_flag(&mut self, now_ms: u64) -> Option<Outcome> {
        if self.clock_elsewhere().is_none() {
            return self.check_flag_here(now_ms);
        }
        let (line, cursor) = (self.line.clone(), self.cursor);
        let at = self.clock_node?;
        self.goto(at).ok()?;
        let outcome = self.check_flag_here(now_ms);
        // Back to the position shown, on the line shown (the clock's node is on it or not).
        let shown = line[cursor];
        if self.goto(shown).is_ok() {
            self.line = line;
        }
        outcome
    }

    fn check_flag_here(&mut self, now_ms: u64) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        let clock = self.clock.as_mut()?;
        if clock.flag().is_some() {
            return None;
        }
        let flag = clock.check_flag(now_ms)?;
        let outcome = match clock::flag_fall_winner(&self.position, flag.side) {
            Some(winner) => Outcome::TimeForfeit { winner },
            None => Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial),
        };
        let current = self.current();
        self.n_mut(current).ending = Some(outcome);
        Some(outcome)
    }

    /// Plays `m` at `now_ms` with the clock: see the [module documentation](self). Without a
    /// clock it is [`Game::play`].
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended, also on time by `now_ms`;
    /// [`GameError::IllegalMove`]; [`GameError::Clock`] when time went backwards. A refused
    /// move changes nothing, except that a fallen flag ends the game.
    pub fn play_at(&mut self, m: Move, now_ms: u64) -> Result<(), GameError> {
        self.timed(now_ms, |game| game.make_move(m).map(|()| m))
            .map(|_| ())
    }

    /// [`Game::play_uci_move`] at `now_ms` with the clock (see [`Game::play_at`]).
    ///
    /// # Errors
    /// As [`Game::play_at`] and [`Game::play_uci_move`].
    pub fn play_uci_move_at(&mut self, mv: UciMove, now_ms: u64) -> Result<Move, GameError> {
        self.timed(now_ms, |game| game.make_uci_move(mv))
    }

    /// [`Game::play_uci`] at `now_ms` with the clock (see [`Game::play_at`]).
    ///
    /// # Errors
    /// As [`Game::play_at`] and [`Game::play_uci`].
    pub fn play_uci_at(&mut self, text: &str, now_ms: u64) -> Result<Move, GameError> {
        self.timed(now_ms, |game| game.make_uci(text))
    }

    /// [`Game::play_san`] at `now_ms` with the clock (see [`Game::play_at`]).
    ///
    /// # Errors
    /// As [`Game::play_at`] and [`Game::play_san`].
    pub fn play_san_at(&mut self, text: &str, now_ms: u64) -> Result<Move, GameError> {
        self.timed(now_ms, |game| {
            let m = san::parse_san(&game.position, text)?;
            game.make_move(m).map(|()| m)
        })
    }

    /// [`Game::claim_draw_with_uci_move`] at `now_ms` with the clock (see [`Game::play_at`]):
    /// the move is timed like any other, then the clock stops with the claimed draw.
    ///
    /// # Errors
    /// As [`Game::play_at`] and [`Game::claim_draw_with`].
    pub fn claim_draw_with_uci_move_at(
        &mut self,
        mv: UciMove,
        now_ms: u64,
    ) -> Result<(Outcome, Move), GameError> {
        let m = self.timed(now_ms, |game| game.claim_with_uci_move(mv).map(|(_, m)| m))?;
        let outcome = self.outcome().ok_or(GameError::NothingToClaim)?;
        Ok((outcome, m))
    }

    /// [`Game::claim_draw_with`] at `now_ms` with the clock, for a move already read (see
    /// [`Game::claim_draw_with_uci_move_at`]).
    ///
    /// # Errors
    /// As [`Game::play_at`] and [`Game::claim_draw_with`].
    pub fn claim_draw_with_at(&mut self, m: Move, now_ms: u64) -> Result<Outcome, GameError> {
        self.timed(now_ms, |game| game.claim_with_move(m).map(|_| m))?;
        self.outcome().ok_or(GameError::NothingToClaim)
    }

    /// [`Game::resign`] at `now_ms` with the clock: a running clock stops with the game (see
    /// [`Game::pause_clock`]: the time of the move in progress is kept), or, when a flag had
    /// fallen by `now_ms`, the game ends on time instead. A clock not started or paused stays
    /// as it is. Without a clock it is `resign`. [`Game::undo`] takes the resignation back but
    /// leaves the clock paused: resume it with [`Game::resume_clock`].
    ///
    /// # Errors
    /// As [`Game::resign`]; [`GameError::GameOver`] also on time; [`GameError::Clock`] when time
    /// went backwards while the clock runs, or at a node before a flag that fell (the game is
    /// then unchanged).
    pub fn resign_at(&mut self, side: Side, now_ms: u64) -> Result<Outcome, GameError> {
        self.ended_at(now_ms, |game| {
            game.end_manually(Outcome::Resignation { winner: !side })
        })
    }

    /// [`Game::agree_draw`] at `now_ms` with the clock (see [`Game::resign_at`]).
    ///
    /// # Errors
    /// As [`Game::agree_draw`] and [`Game::resign_at`].
    pub fn agree_draw_at(&mut self, now_ms: u64) -> Result<Outcome, GameError> {
        self.ended_at(now_ms, |game| {
            game.end_manually(Outcome::Draw(DrawReason::Agreement))
        })
    }

    /// [`Game::claim_draw`] at `now_ms` with the clock (see [`Game::resign_at`]).
    ///
    /// # Errors
    /// As [`Game::claim_draw`] and [`Game::resign_at`].
    pub fn claim_draw_at(&mut self, now_ms: u64) -> Result<Outcome, GameError> {
        self.ended_at(now_ms, Game::claim_now)
    }

    /// A copy of the clock to try a timed call on, after the checks every timed call starts
    /// with: `None` without a clock; [`GameError::GameOver`] when the game is over, also when a
    /// flag has fallen by `now_ms` (which ends it on time: the only change a refused call makes).
    fn clock_at(&mut self, now_ms: u64) -> Result<Option<Clock>, GameError> {
        if self.clock.is_none() {
            return Ok(None);
        }
        if let Some(e) = self.clock_elsewhere() {
            return Err(e);
        }
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        if let Some(o) = self.check_flag(now_ms) {
            return Err(GameError::GameOver(o));
        }
        Ok(self.clock.clone())
    }

    /// Runs `end` (which ends the game at the current node) with the clock at `now_ms`: a
    /// fallen flag ends the game on time first; otherwise a running clock is paused at `now_ms`
    /// once `end` has succeeded (everything that can fail is tried before anything changes).
    fn ended_at(
        &mut self,
        now_ms: u64,
        end: impl FnOnce(&mut Game) -> Result<Outcome, GameError>,
    ) -> Result<Outcome, GameError> {
        let Some(mut clock) = self.clock_at(now_ms)? else {
            return end(self);
        };
        // A flag that fell earlier (recorded where it fell; this node is before it): the clock
        // has stopped for good, as for a timed move.
        if let Some(flag) = clock.flag() {
            return Err(GameError::Clock(ClockError::Flagged(flag)));
        }
        if clock.state() == clock::ClockState::Running {
            clock.pause(now_ms)?;
        }
        let outcome = end(self)?;
        self.clock = Some(clock);
        Ok(outcome)
    }

    /// Runs `play` (which makes one move from the current node) with the clock at `now_ms`.
    fn timed(
        &mut self,
        now_ms: u64,
        play: impl FnOnce(&mut Game) -> Result<Move, GameError>,
    ) -> Result<Move, GameError> {
        // Everything that can fail with the clock is tried on a copy first.
        let Some(mut clock) = self.clock_at(now_ms)? else {
            return play(self);
        };
        let mover = self.position.side_to_move();
        if clock.state() == clock::ClockState::NotStarted {
            clock.start(now_ms)?;
        }
        if clock.side_to_move() != mover {
            clock.hand_over(mover, now_ms)?;
        }
        let mut pressed = clock.clone();
        let left = pressed.press(now_ms)?;
        let m = play(self)?;
        if self.outcome().is_some() {
            // The move ended the game: the clock stops with it.
            let _ = pressed.pause(now_ms);
        }
        let marks = [clock.mark(), pressed.mark()];
        self.clock = Some(pressed);
        let current = self.current();
        self.clock_moved_here();
        let node = self.n_mut(current);
        node.annotations.clock = Some(Duration::from_millis(left));
        node.clocks = Some(marks);
        // A move played again after a take-back: the moves after it (kept for redo) were played
        // from another clock, so their marks would put that clock's times back.
        let mut below = self.n(current).children.clone();
        while let Some(id) = below.pop() {
            let node = self.n_mut(id);
            node.clocks = None;
            below.extend(node.children.iter().copied());
        }
        Ok(m)
    }

    /// The opening of the current position, found the way lichess does: the first named
    /// position walking back from the current node to the start (see [`crate::opening`]).
    pub fn opening(&self) -> Option<Opening> {
        opening::of_keys(
            self.line[..=self.cursor]
                .iter()
                .rev()
                .map(|&id| self.n(id).key),
        )
    }

    /// The opening at node `id`, walking back from it (see [`Game::opening`]); `None` also when
    /// there is no such node.
    pub fn opening_at(&self, id: NodeId) -> Option<Opening> {
        self.node(id)?;
        let mut keys = Vec::new();
        let mut at = Some(id);
        while let Some(node) = at {
            keys.push(self.n(node).key);
            at = self.n(node).parent;
        }
        opening::of_keys(keys)
    }
}
