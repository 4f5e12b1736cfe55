//! Time controls ([`TimeControl`]: periods with Fischer increment, Bronstein delay or simple
//! delay, a sandclock, or no clock), their PGN `[TimeControl]` form, and a clock display format.
//!
//! # PGN `[TimeControl]` (PGN standard §9.6.1)
//! | PGN value        | meaning                                  | [`TimeControl`]                     |
//! |------------------|------------------------------------------|-------------------------------------|
//! | `?`              | unknown                                  | read as `None`, never written       |
//! | `-`              | no time control                          | [`TimeControl::Untimed`]            |
//! | `300`            | sudden death: 300 s for the game         | one [`Period`], `moves: None`       |
//! | `300+5`          | 300 s, 5 s increment per move (Fischer)  | one period, [`Bonus::Increment`]    |
//! | `40/9000`        | 40 moves in 9000 s, repeated             | one period, `moves: Some(40)`       |
//! | `40/9000:300`    | 40 moves in 9000 s, then 300 s for rest  | two periods                         |
//! | `*180`           | sandclock (hourglass), 180 s each        | [`TimeControl::Sandclock`]          |
//!
//! As the standard says, the last period repeats when it has a move count. Also read and
//! written, though the standard allows an increment only in a last period: an increment on any
//! period, as FIDE's classical control is written, `40/5400+30:1800+30`. Seconds may carry a
//! fraction down to milliseconds (`0.5+1`). Not expressible, so [`TimeControl::to_pgn`] returns
//! `None`: Bronstein and simple delay (the standard has no syntax for them).
//!
//! The sandclock: the standard describes an hourglass with an equal amount of sand in each
//! chamber, turned after each move; the value is read as the time in each chamber, i.e. each
//! player's time at the start (as other programs read `*300` as "5 minutes each").

use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// What a period gives back for each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Bonus {
    /// Nothing.
    #[default]
    None,
    /// Fischer increment: `ms` are added after each move.
    Increment {
        /// Milliseconds added per move.
        ms: u64,
    },
    /// Bronstein delay: after each move, the time used for it is given back, up to `ms`. The
    /// clock counts down from the start of the move.
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

/// One period of a time control: `time_ms` for `moves` moves (or for the rest of the game), with
/// a per-move [`Bonus`]. The next period's time is added to what is left when a player completes
/// the period's last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// How many moves the period lasts; `None` for the rest of the game (sudden death).
    pub moves: Option<u32>,
    /// The time the period gives, in milliseconds.
    pub time_ms: u64,
    /// What each move of the period gives back.
    pub bonus: Bonus,
}

impl Period {
    /// A period of `time_ms` for the rest of the game, without bonus.
    pub const fn sudden_death(time_ms: u64) -> Period {
        Period {
            moves: None,
            time_ms,
            bonus: Bonus::None,
        }
    }
}

/// A game's time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    Untimed,
    /// Periods played in order; the last repeats when it has a move count.
    Periods {
        /// The periods, at least one; only the last may be without a move count.
        periods: Vec<Period>,
    },
    /// A sandclock: each player starts with `ms`, and the time one player uses is added to
    /// the other's.
    Sandclock {
        /// Each player's time at the start, in milliseconds.
        ms: u64,
    },
}

/// Why a time control was refused: what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A `[TimeControl]` value could not be read; `message` says what is wrong in `text`.
    #[error("invalid TimeControl \"{text}\": {message}")]
    Syntax {
        /// The value as given.
        text: String,
        /// What is wrong.
        message: String,
    },
    /// The time control cannot run a clock, e.g. a period without a move count before the
    /// last, or no time at all.
    #[error("invalid time control: {0}")]
    Invalid(String),
}

impl TimeControl {
    /// `minutes` for the game plus `increment_seconds` per move (Fischer), e.g. `5 + 3`.
    pub fn fischer(minutes: u64, increment_seconds: u64) -> TimeControl {
        TimeControl::fischer_ms(
            minutes.saturating_mul(60_000),
            increment_seconds.saturating_mul(1000),
        )
    }

    /// `base_ms` for the game plus `increment_ms` per move (Fischer; 0: no increment).
    pub fn fischer_ms(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl::single(Period {
            moves: None,
            time_ms: base_ms,
            bonus: match increment_ms {
                0 => Bonus::None,
                ms => Bonus::Increment { ms },
            },
        })
    }

    /// One period for the whole game.
    pub fn single(period: Period) -> TimeControl {
        TimeControl::Periods {
            periods: vec![period],
        }
    }

    /// FIDE's classical control: 90 minutes for 40 moves, then 30 minutes for the rest of the
    /// game, with 30 seconds added per move from move 1 (`40/5400+30:1800+30`).
    pub fn fide_classical() -> TimeControl {
        let bonus = Bonus::Increment { ms: 30_000 };
        TimeControl::Periods {
            periods: vec![
                Period {
                    moves: Some(40),
                    time_ms: 90 * 60_000,
                    bonus,
                },
                Period {
                    moves: None,
                    time_ms: 30 * 60_000,
                    bonus,
                },
            ],
        }
    }

    /// Checks that a clock can run on this control: at least one period, a move count (above 0)
    /// on every period but the last, and some time in the first period (or a simple delay).
    ///
    /// # Errors
    /// [`TimeControlError::Invalid`] saying what is wrong.
    pub fn validate(&self) -> Result<(), TimeControlError> {
        let invalid = |m: String| Err(TimeControlError::Invalid(m));
        match self {
            TimeControl::Untimed => Ok(()),
            TimeControl::Sandclock { ms } if *ms == 0 => invalid("a sandclock without time".into()),
            TimeControl::Sandclock { .. } => Ok(()),
            TimeControl::Periods { periods } => {
                let Some(first) = periods.first() else {
                    return invalid("no period".into());
                };
                for (i, p) in periods.iter().enumerate() {
                    match p.moves {
                        Some(0) => return invalid(format!("period {} has 0 moves", i + 1)),
                        None if i + 1 < periods.len() => {
                            return invalid(format!(
                                "period {} is for the rest of the game but more periods follow",
                                i + 1
                            ))
                        }
                        _ => {}
                    }
                }
                let delay = matches!(first.bonus, Bonus::SimpleDelay { ms } if ms > 0);
                if first.time_ms == 0 && !delay {
                    return invalid("the first period gives no time".into());
                }
                Ok(())
            }
        }
    }

    /// Reads a PGN `[TimeControl]` value (see the module docs); `?` (unknown) gives `None`.
    ///
    /// # Errors
    /// [`TimeControlError::Syntax`] saying which field is wrong.
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::time_control::{Bonus, TimeControl};
    /// let tc = TimeControl::from_pgn("40/5400+30:1800+30").unwrap().unwrap();
    /// assert_eq!(tc, TimeControl::fide_classical());
    /// assert_eq!(TimeControl::from_pgn("300+5").unwrap(), Some(TimeControl::fischer(5, 5)));
    /// assert_eq!(TimeControl::from_pgn("?").unwrap(), None);
    /// assert!(TimeControl::from_pgn("5 min").is_err());
    /// ```
    pub fn from_pgn(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
        let text = text.trim();
        let err = |message: String| TimeControlError::Syntax {
            text: text.to_string(),
            message,
        };
        match text {
            "?" => return Ok(None),
            "-" => return Ok(Some(TimeControl::Untimed)),
            "" => return Err(err("empty value".into())),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('*') {
            let ms = seconds_to_ms(rest)
                .ok_or_else(|| err(format!("\"{rest}\" is not a number of seconds")))?;
            return Ok(Some(TimeControl::Sandclock { ms }));
        }
        let mut periods = Vec::new();
        for (i, field) in text.split(':').enumerate() {
            let at = |m: String| err(format!("period {}: {m}", i + 1));
            let (moves, rest) = match field.split_once('/') {
                Some((m, rest)) => {
                    let moves = m
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0 && m.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(|| at(format!("\"{m}\" is not a move count")))?;
                    (Some(moves), rest)
                }
                None => (None, field),
            };
            let (time, increment) = match rest.split_once('+') {
                Some((t, inc)) => (t, Some(inc)),
                None => (rest, None),
            };
            let time_ms = seconds_to_ms(time)
                .ok_or_else(|| at(format!("\"{time}\" is not a number of seconds")))?;
            let bonus = match increment {
                None => Bonus::None,
                Some(inc) => match seconds_to_ms(inc) {
                    Some(0) => Bonus::None,
                    Some(ms) => Bonus::Increment { ms },
                    None => return Err(at(format!("\"{inc}\" is not a number of seconds"))),
                },
            };
            if moves.is_none() && i + 1 < text.split(':').count() {
                return Err(at(
                    "a period for the rest of the game must be the last".into()
                ));
            }
            periods.push(Period {
                moves,
                time_ms,
                bonus,
            });
        }
        Ok(Some(TimeControl::Periods { periods }))
    }

    /// The PGN `[TimeControl]` value, or `None` when PGN cannot express it (Bronstein or simple
    /// delay).
    pub fn to_pgn(&self) -> Option<String> {
        match self {
            TimeControl::Untimed => Some("-".into()),
            TimeControl::Sandclock { ms } => Some(format!("*{}", ms_to_seconds(*ms))),
            TimeControl::Periods { periods } => {
                let mut out = String::new();
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        out.push(':');
                    }
                    if let Some(m) = p.moves {
                        let _ = write!(out, "{m}/");
                    }
                    out.push_str(&ms_to_seconds(p.time_ms));
                    match p.bonus {
                        Bonus::None => {}
                        Bonus::Increment { ms } => {
                            let _ = write!(out, "+{}", ms_to_seconds(ms));
                        }
                        Bonus::Bronstein { .. } | Bonus::SimpleDelay { .. } => return None,
                    }
                }
                Some(out)
            }
        }
    }
}

impl fmt::Display for TimeControl {
    /// A short human description, e.g. `40 moves in 90 min + 30 s, then 30 min + 30 s`,
    /// `5 min + 3 s`, `10 min, 5 s delay`, `sandclock 3 min`, `untimed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("untimed"),
            TimeControl::Sandclock { ms } => write!(f, "sandclock {}", human(*ms)),
            TimeControl::Periods { periods } => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", then ")?;
                    }
                    match p.moves {
                        Some(1) => f.write_str("1 move in ")?,
                        Some(m) => write!(f, "{m} moves in ")?,
                        None => {}
                    }
                    f.write_str(&human(p.time_ms))?;
                    match p.bonus {
                        Bonus::None => {}
                        Bonus::Increment { ms } => write!(f, " + {}", human(ms))?,
                        Bonus::Bronstein { ms } => write!(f, ", {} Bronstein delay", human(ms))?,
                        Bonus::SimpleDelay { ms } => write!(f, ", {} delay", human(ms))?,
                    }
                }
                Ok(())
            }
        }
    }
}

/// `90 min`, `30 s`, `1 h 30 min`, `2.5 s`.
fn human(ms: u64) -> String {
    let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let mut parts = Vec::new();
    if h > 0 && (m > 0 || s > 0 || frac > 0) && h < 2 {
        // 90 minutes read better than 1 h 30 min.
        return human_minutes(ms);
    }
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 || frac > 0 || parts.is_empty() {
        if frac > 0 {
            parts.push(format!("{} s", ms_to_seconds(s * 1000 + frac)));
        } else {
            parts.push(format!("{s} s"));
        }
    }
    parts.join(" ")
}

fn human_minutes(ms: u64) -> String {
    let rest = ms % 60_000;
    if rest == 0 {
        format!("{} min", ms / 60_000)
    } else {
        format!("{} min {}", ms / 60_000, human(rest))
    }
}

/// Seconds as written in PGN (`300`, `0.5`) to milliseconds; `None` for anything else (signs,
/// exponents, more than three decimals, overflow).
fn seconds_to_ms(text: &str) -> Option<u64> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let mut ms = whole.parse::<u64>().ok()?.checked_mul(1000)?;
    let mut scale = 100;
    for b in frac.bytes() {
        ms = ms.checked_add(u64::from(b - b'0') * scale)?;
        scale /= 10;
    }
    Some(ms)
}

/// Milliseconds as PGN seconds: `300`, `0.5`, `2.25`.
fn ms_to_seconds(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    if frac == 0 {
        s.to_string()
    } else {
        let digits = format!("{frac:03}");
        format!("{s}.{}", digits.trim_end_matches('0'))
    }
}

/// Writes a clock time for display: `h:mm:ss`, with tenths (`h:mm:ss.t`) when `tenths` is set;
/// rounded down, as a clock display is. (PGN's `[%clk]` keeps milliseconds: see
/// [`crate::notation::pgn::format_clock`].)
///
/// # Examples
/// ```
/// use chesscore::game::time_control::format_clk;
/// assert_eq!(format_clk(3_723_999, false), "1:02:03");
/// assert_eq!(format_clk(59_950, true), "0:00:59.9");
/// ```
pub fn format_clk(ms: u64, tenths: bool) -> String {
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    if tenths {
        format!("{h}:{m:02}:{s:02}.{}", ms / 100 % 10)
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}

/// A clock time as a playing screen shows it, rounded down as clocks show time: `m:ss`
/// (`3:00`, `12:05`), `h:mm:ss` from an hour (`1:30:00`), and with tenths under ten seconds
/// (`0:09.7`), when every tenth counts.
pub fn format_clock_display(ms: u64) -> String {
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < 10_000 {
        format!("{m}:{s:02}.{}", ms / 100 % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_display_drops_the_empty_hour_and_shows_tenths_only_at_the_end() {
        let shown: Vec<String> = [
            0, 99, 9_999, 10_000, 59_999, 180_000, 725_999, 3_599_999, 3_600_000, 5_430_500,
        ]
        .into_iter()
        .map(format_clock_display)
        .collect();
        assert_eq!(
            shown,
            [
                "0:00.0", "0:00.0", "0:09.9", "0:10", "0:59", "3:00", "12:05", "59:59", "1:00:00",
                "1:30:30"
            ]
        );
    }

    fn pgn(text: &str) -> TimeControl {
        TimeControl::from_pgn(text)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap()
    }

    #[test]
    fn the_standard_forms() {
        assert_eq!(pgn("-"), TimeControl::Untimed);
        assert_eq!(
            pgn("300"),
            TimeControl::single(Period::sudden_death(300_000))
        );
        assert_eq!(pgn("300+5"), TimeControl::fischer(5, 5));
        assert_eq!(
            pgn("40/9000"),
            TimeControl::single(Period {
                moves: Some(40),
                time_ms: 9_000_000,
                bonus: Bonus::None
            })
        );
        assert_eq!(
            pgn("40/9000:300"),
            TimeControl::Periods {
                periods: vec![
                    Period {
                        moves: Some(40),
                        time_ms: 9_000_000,
                        bonus: Bonus::None
                    },
                    Period::sudden_death(300_000)
                ]
            }
        );
        assert_eq!(pgn("*180"), TimeControl::Sandclock { ms: 180_000 });
        assert_eq!(TimeControl::from_pgn("?").unwrap(), None);
        assert_eq!(
            pgn(" 0.5+1 "),
            TimeControl::single(Period {
                moves: None,
                time_ms: 500,
                bonus: Bonus::Increment { ms: 1000 }
            })
        );
        assert_eq!(pgn("300+0"), TimeControl::fischer(5, 0));
    }

    #[test]
    fn written_back_as_read() {
        for text in [
            "-",
            "300",
            "300+5",
            "40/9000",
            "40/9000:300",
            "40/5400+30:1800+30",
            "*180",
            "0.5+1",
            "60+0.25",
            "40/7200:20/3600:900+30",
        ] {
            assert_eq!(pgn(text).to_pgn().as_deref(), Some(text), "{text}");
        }
        // Delays have no PGN form.
        let delay = TimeControl::single(Period {
            moves: None,
            time_ms: 600_000,
            bonus: Bonus::SimpleDelay { ms: 5000 },
        });
        assert_eq!(delay.to_pgn(), None);
    }

    #[test]
    fn errors_say_which_period() {
        for (text, needle) in [
            ("", "empty"),
            ("5 min", "period 1"),
            ("40/", "period 1"),
            ("0/300", "move count"),
            ("300:40/300", "must be the last"),
            ("40/300:x", "period 2"),
            ("300+-5", "\"-5\""),
            ("*", "not a number"),
            ("1.2345", "period 1"),
            ("1.", "period 1"),
            ("+5", "period 1"),
        ] {
            let e = TimeControl::from_pgn(text).unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn validation() {
        assert!(TimeControl::fide_classical().validate().is_ok());
        assert!(TimeControl::Untimed.validate().is_ok());
        assert!(TimeControl::Periods { periods: vec![] }.validate().is_err());
        assert!(TimeControl::Sandclock { ms: 0 }.validate().is_err());
        assert!(pgn("0+1").validate().is_err());
        let bad = TimeControl::Periods {
            periods: vec![Period::sudden_death(1000), Period::sudden_death(1000)],
        };
        assert!(bad.validate().unwrap_err().to_string().contains("period 1"));
        let delay_only = TimeControl::single(Period {
            moves: None,
            time_ms: 0,
            bonus: Bonus::SimpleDelay { ms: 5000 },
        });
        assert!(delay_only.validate().is_ok());
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            TimeControl::fide_classical().to_string(),
            "40 moves in 90 min + 30 s, then 30 min + 30 s"
        );
        assert_eq!(TimeControl::fischer(5, 3).to_string(), "5 min + 3 s");
        assert_eq!(pgn("7200").to_string(), "2 h");
        assert_eq!(pgn("*180").to_string(), "sandclock 3 min");
        assert_eq!(pgn("0.5+1").to_string(), "0.5 s + 1 s");
        assert_eq!(TimeControl::Untimed.to_string(), "untimed");
        assert_eq!(pgn("1/60").to_string(), "1 move in 1 min");
    }

    #[test]
    fn clock_display() {
        assert_eq!(format_clk(0, false), "0:00:00");
        assert_eq!(format_clk(5 * 60_000, false), "0:05:00");
        assert_eq!(format_clk(10 * 3_600_000 + 1, true), "10:00:00.0");
        assert_eq!(format_clk(1_999, true), "0:00:01.9");
        assert_eq!(format_clk(3_599_999, false), "0:59:59");
    }
}
