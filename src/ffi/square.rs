//! `Square`: the 64 squares as a type of their own in Kotlin and Swift, instead of bare indices.
//!
//! The FFI's square is the core's own [`rules::Square`], passed as its index (a1 = 0, b1 = 1, ...,
//! h8 = 63, the index of `GameSnapshot.squares`): a UniFFI custom type over a plain integer, not
//! a UniFFI enum, whose arguments Kotlin's JNA serialises into a buffer allocated per call (about
//! three times the cost of the whole call). Kotlin and Swift see the `Square` enums
//! (`Square.E4.value`, `Square.e4.rawValue`) that scripts/gen-square-types.py writes and
//! uniffi.toml maps this type to. u32 rather than u8: UniFFI 0.32's Kotlin widens a u8 return to
//! Int but its custom-type converter expects Byte, which does not compile.

use crate::rules;
pub use crate::rules::Square;

use super::ChessError;

// An index off the board (which the apps' Square enums cannot make, but a hand-written caller
// can) fails the lift with a `ChessError`, which UniFFI throws as that typed error from every
// call that throws `ChessError`, instead of as an internal error.
uniffi::custom_type!(Square, u32, {
    lower: |square| square.index() as u32,
    try_lift: |index| rules::Square::new(index).ok_or_else(|| {
        uniffi::deps::anyhow::Error::new(ChessError::InvalidSquare(format!(
            "invalid square index {index}: a square is 0 (a1) to 63 (h8)"
        )))
    }),
});

/// The name of `square`, e.g. `"e4"`.
#[uniffi::export]
pub fn square_name(square: Square) -> String {
    square.to_string()
}

/// The square named `name` (a file `a`-`h` followed by a rank `1`-`8`, e.g. `"e4"`).
///
/// # Errors
/// `ChessError.InvalidSquare` when `name` is not a square's name.
#[uniffi::export]
pub fn parse_square(name: String) -> Result<Square, ChessError> {
    Ok(name.trim().parse::<Square>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniffi::{Lift, Lower};

    #[test]
    fn a_square_crosses_as_its_index_and_an_index_off_the_board_is_refused() {
        for square in rules::Square::all() {
            let raw = <Square as Lower<crate::UniFfiTag>>::lower(square);
            assert_eq!(raw as usize, square.index());
            assert_eq!(
                <Square as Lift<crate::UniFfiTag>>::try_lift(raw).ok(),
                Some(square)
            );
        }
        assert!(<Square as Lift<crate::UniFfiTag>>::try_lift(64).is_err());
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
