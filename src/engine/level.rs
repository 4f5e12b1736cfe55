//! Strength levels: a named scale from beginner to full strength, and a mapping from a target
//! Elo to a level.
//!
//! A weak level is weak the way a person is: it looks fewer moves ahead (a depth and node cap),
//! so it misses quiet defences and longer tactics; its judgement is slightly blurred (a small,
//! seeded evaluation noise that is the same every time the same position is seen); and it picks,
//! with a seeded random choice, among root moves that it finds nearly as good as the best, which
//! gives variety. From level 2 up it never chooses a move it sees as clearly worse, so it does
//! not throw pieces away. Level 1 is for people who have just learnt the moves: on some of its
//! moves (a seeded choice, the same for the same position) it also takes a move it sees as up
//! to a piece worse, as a beginner leaves a piece hanging or misses a capture.

/// A strength level from 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level number outside 1 to [`Level::MAX`], or not a number; the message quotes it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid level {value}: expected a number from 1 to {max}", max = Level::MAX.number())]
pub struct LevelError {
    /// The value as given.
    pub value: String,
}

/// How a level limits the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelParams {
    /// The deepest iteration searched.
    pub max_depth: u32,
    /// The most nodes searched per move (`None`: no cap).
    pub max_nodes: Option<u64>,
    /// The amplitude, in centipawns, of the per-position evaluation noise.
    pub eval_noise: i32,
    /// Root moves scoring within this many centipawns of the best may be chosen instead.
    pub choice_margin: i32,
    /// On this share of its moves, in percent (a seeded choice per position), the level
    /// chooses within [`LevelParams::blunder_margin`] instead of `choice_margin`: 0 from level
    /// 2 up.
    pub blunder_percent: u32,
    /// The margin, in centipawns, of those moves: a piece's worth lets it leave one hanging.
    pub blunder_margin: i32,
}

struct LevelRow {
    name: &'static str,
    /// Measured or estimated Elo on the Stockfish `UCI_Elo` scale (see docs/engine-notes.md).
    elo: u32,
    params: LevelParams,
}

const fn row(
    name: &'static str,
    elo: u32,
    max_depth: u32,
    max_nodes: u64,
    eval_noise: i32,
    choice_margin: i32,
) -> LevelRow {
    blundering_row(
        name,
        elo,
        max_depth,
        max_nodes,
        eval_noise,
        choice_margin,
        0,
        0,
    )
}

#[allow(clippy::too_many_arguments)]
const fn blundering_row(
    name: &'static str,
    elo: u32,
    max_depth: u32,
    max_nodes: u64,
    eval_noise: i32,
    choice_margin: i32,
    blunder_percent: u32,
    blunder_margin: i32,
) -> LevelRow {
    LevelRow {
        name,
        elo,
        params: LevelParams {
            max_depth,
            max_nodes: if max_nodes == 0 {
                None
            } else {
                Some(max_nodes)
            },
            eval_noise,
            choice_margin,
            blunder_percent,
            blunder_margin,
        },
    }
}

/// Level 1 first. Elo on the Stockfish `UCI_Elo` scale. Levels 2-10 from one maximum-likelihood
/// fit (`scripts/fit-levels.py`) of the games of two measurements: build 78099ef on 2026-11-22
/// and build 09296af on 2026-11-26 (docs/engine-notes.md, "Levels and full strength
/// re-measured"), each a short ladder against rated engines at 3+0.03 for every level below
/// full strength, a 20-game match between each pair of neighbouring levels at 5+0.05, and full
/// strength's 160 games against Stockfish 2200 (1,262 games); those builds numbered these levels
/// 1-4 and 6-10 (their level 5, "Improver", 1780, was dropped on 2026-11-26 to make room for
/// level 1, being only 50 below its neighbour). Level 1 ("Newcomer", the only one that
/// blunders) from 400 games against level 2 at 2+0.02 (-344, ±60; docs/engine-notes.md, "A
/// level for newcomers"). The 95 % intervals are about ±60 for levels 4-9, ±90 for level 3,
/// ±40 for level 10, ±140 for level 2 and ±150 for level 1.
const LEVELS: [LevelRow; 10] = [
    blundering_row("Newcomer", 650, 1, 400, 60, 80, 30, 450),
    row("Beginner", 990, 1, 400, 40, 60),
    row("Novice", 1320, 2, 1_500, 32, 45),
    row("Casual", 1520, 3, 4_000, 26, 35),
    row("Club player", 1690, 4, 10_000, 20, 28),
    row("Intermediate", 1830, 6, 80_000, 10, 16),
    row("Advanced", 1910, 8, 250_000, 6, 10),
    row("Expert", 2150, 10, 800_000, 3, 5),
    row("Master", 2200, 12, 2_000_000, 0, 0),
    row("Full strength", 2320, 64, 0, 0, 0),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(LEVELS.len() as u8);

    /// The level numbered `n`: the one place where level numbers are checked.
    ///
    /// # Errors
    /// [`LevelError`] when `n` is outside `1..=`[`Level::MAX`].
    pub fn from_number(n: impl Into<i64>) -> Result<Level, LevelError> {
        let n = n.into();
        match u8::try_from(n) {
            Ok(k) if (1..=Level::MAX.0).contains(&k) => Ok(Level(k)),
            _ => Err(LevelError {
                value: n.to_string(),
            }),
        }
    }

    /// The level numbered `n`, clamped to `1..=`[`Level::MAX`] (for trusted numbers; see
    /// [`Level::from_number`] for checked ones).
    pub const fn new(n: u8) -> Level {
        if n < 1 {
            Level(1)
        } else if n > LEVELS.len() as u8 {
            Level(LEVELS.len() as u8)
        } else {
            Level(n)
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=LEVELS.len() as u8).map(Level)
    }

    /// The level number, 1 to [`Level::MAX`].
    pub const fn number(self) -> u8 {
        self.0
    }

    /// A name a player understands, e.g. `"Club player"`.
    pub fn name(self) -> &'static str {
        LEVELS[self.0 as usize - 1].name
    }

    /// The level's approximate Elo (Stockfish `UCI_Elo` scale).
    pub fn elo(self) -> u32 {
        LEVELS[self.0 as usize - 1].elo
    }

    /// The strongest level whose Elo does not exceed `elo` (the weakest level below its range).
    pub fn from_elo(elo: u32) -> Level {
        let mut best = Level::MIN;
        for level in Level::all() {
            if level.elo() <= elo {
                best = level;
            }
        }
        best
    }

    /// `true` at full strength.
    pub fn is_full_strength(self) -> bool {
        self == Level::MAX
    }

    /// How this level limits the search.
    pub fn params(self) -> LevelParams {
        LEVELS[self.0 as usize - 1].params
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

impl std::str::FromStr for Level {
    type Err = LevelError;

    /// Reads a level number such as `"3"` (surrounding spaces allowed).
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let text = text.trim();
        text.parse::<i64>()
            .map_err(|_| LevelError {
                value: format!("'{text}'"),
            })
            .and_then(Level::from_number)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_monotone() {
        let levels: Vec<Level> = Level::all().collect();
        assert_eq!(levels.len(), Level::MAX.number() as usize);
        for pair in levels.windows(2) {
            let (a, b) = (pair[0].params(), pair[1].params());
            assert!(pair[0].elo() < pair[1].elo());
            assert!(a.max_depth <= b.max_depth);
            assert!(a.eval_noise >= b.eval_noise);
            assert!(a.choice_margin >= b.choice_margin);
            assert!(a.blunder_percent >= b.blunder_percent);
            let cap = |p: LevelParams| p.max_nodes.unwrap_or(u64::MAX);
            assert!(cap(a) <= cap(b));
        }
        assert!(Level::MAX.is_full_strength());
        assert_eq!(Level::MAX.params().eval_noise, 0);
    }

    #[test]
    fn elo_maps_to_levels() {
        assert_eq!(Level::from_elo(0), Level::MIN);
        assert_eq!(Level::from_elo(5000), Level::MAX);
        let l = Level::from_elo(1450);
        assert!(l.elo() <= 1450 && Level::new(l.number() + 1).elo() > 1450);
        assert_eq!(Level::new(0), Level::MIN);
        assert_eq!(Level::new(99), Level::MAX);
    }

    #[test]
    fn level_numbers_are_checked_in_one_place() {
        assert_eq!(Level::from_number(1), Ok(Level::MIN));
        assert_eq!(Level::from_number(10u32), Ok(Level::MAX));
        assert_eq!(" 4 ".parse::<Level>(), Ok(Level::new(4)));
        for bad in [0i64, 11, -1, 256, 1 << 40] {
            let e = Level::from_number(bad).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("invalid level {bad}: expected a number from 1 to 10")
            );
        }
        assert_eq!(
            "three".parse::<Level>().unwrap_err().to_string(),
            "invalid level 'three': expected a number from 1 to 10"
        );
    }
}
