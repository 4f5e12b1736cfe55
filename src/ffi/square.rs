//! `Square`: the 64 squares as a type of their own in Kotlin and Swift, instead of bare indices.

use crate::rules;

use super::ChessError;

macro_rules! squares {
    ($($name:ident = $idx:tt),* $(,)?) => {
        /// One of the 64 squares. Its value is the core's index, a1 = 0, b1 = 1, ..., h8 = 63
        /// (Kotlin `Square.E4.value`, Swift `Square.e4.rawValue`), the index of
        /// `GameSnapshot.squares`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)] // each variant is the square it names
        pub enum Square {
            $($name = $idx,)*
        }

        /// Every square, by index.
        const ALL: [Square; 64] = [$(Square::$name),*];
    };
}

squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

// A plain integer across the FFI, not a UniFFI enum: an enum argument is serialised into a
// buffer that Kotlin's JNA allocates per call (about three times the cost of the whole call).
// Kotlin and Swift see the Square types scripts/gen-square-types.py writes (uniffi.toml maps
// them). u32 rather than u8: UniFFI 0.32's Kotlin widens a u8 return to Int but its custom-type
// converter expects Byte, which does not compile.
uniffi::custom_type!(Square, u32, {
    lower: |square| square as u32,
    try_lift: |index| ALL
        .get(index as usize)
        .copied()
        .ok_or_else(|| uniffi::deps::anyhow::anyhow!("invalid square index {index}")),
});

impl From<rules::Square> for Square {
    fn from(sq: rules::Square) -> Square {
        ALL[sq.index()]
    }
}

impl From<Square> for rules::Square {
    fn from(sq: Square) -> rules::Square {
        rules::Square::new_unchecked(sq as u32)
    }
}

/// The name of `square`, e.g. `"e4"`.
#[uniffi::export]
pub fn square_name(square: Square) -> String {
    rules::Square::from(square).to_string()
}

/// The square named `name` (a file `a`-`h` followed by a rank `1`-`8`, e.g. `"e4"`).
///
/// # Errors
/// [`ChessError::InvalidSquare`] when `name` is not a square's name.
#[uniffi::export]
pub fn parse_square(name: String) -> Result<Square, ChessError> {
    Ok(name.trim().parse::<rules::Square>()?.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_maps_to_the_core_index_and_back() {
        for core in rules::Square::all() {
            let ffi = Square::from(core);
            assert_eq!(ffi as usize, core.index());
            assert_eq!(rules::Square::from(ffi), core);
            assert_eq!(format!("{ffi:?}").to_lowercase(), core.to_string());
        }
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!(parse_square("e4".into()), Ok(Square::E4));
        assert_eq!(square_name(Square::H8), "h8");
        assert!(matches!(
            parse_square("j1".into()),
            Err(ChessError::InvalidSquare(m)) if m.contains("j1")
        ));
    }
}
