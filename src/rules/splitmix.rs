//! SplitMix64 (Steele, Lea and Flood, 2014): the one small, well-mixed, deterministic generator
//! of the crate. The Zobrist keys are drawn from it at compile time, the engine's seeded choices
//! and evaluation noise hash with its output function [`mix64`], and tools draw random games
//! from it.

/// The state increment: 2^64 divided by the golden ratio, rounded to odd.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A SplitMix64 generator. The same seed gives the same numbers on every machine and run.
///
/// # Examples
/// ```
/// use chesscore::rules::{mix64, SplitMix64};
///
/// let mut rng = SplitMix64::new(7);
/// let first = rng.next_u64();
/// assert_eq!(first, mix64(7));
/// assert_ne!(rng.next_u64(), first);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number and the generator after it, for use in `const` contexts.
    pub const fn step(self) -> (SplitMix64, u64) {
        (
            SplitMix64 {
                state: self.state.wrapping_add(GOLDEN_GAMMA),
            },
            mix64(self.state),
        )
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let (next, value) = self.clone().step();
        *self = next;
        value
    }

    /// A number in `0..n` (`n` > 0), by the modulo of [`SplitMix64::next_u64`] (the bias is
    /// negligible for the small `n` of games and tools).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// SplitMix64's output function: a well-mixed 64-bit hash of `z`, equal to the first number
/// that `SplitMix64::new(z)` draws.
#[inline]
pub const fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_reference_sequence() {
        // The commonly cited first outputs of the reference C implementation
        // (https://prng.di.unimi.it/splitmix64.c) for seed 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        let expected = [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ];
        for e in expected {
            assert_eq!(rng.next_u64(), e);
        }
    }
}
