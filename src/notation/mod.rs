//! Chess notations: FEN, UCI, SAN and PGN. Each turns text into typed values and back; syntax
//! errors and legality errors are different variants.

pub mod fen;
pub mod illegal;
pub mod numbering;
pub mod pgn;
pub mod san;
pub mod uci;

/// `token` as an error message quotes it: whole when short, else its first 40 characters and
/// how long it was (a pasted megabyte must not come back as a megabyte-long message).
pub(crate) fn shown(token: &str) -> std::borrow::Cow<'_, str> {
    const SHOWN: usize = 40;
    match token.char_indices().nth(SHOWN) {
        None => token.into(),
        Some((end, _)) => format!(
            "{}... ({} characters)",
            &token[..end],
            token.chars().count()
        )
        .into(),
    }
}
