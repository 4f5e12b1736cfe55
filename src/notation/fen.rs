//! Forsyth-Edwards Notation: parsing with precise errors, and export.
//!
//! # Leniency
//! Accepted: surrounding white space and runs of spaces between fields; a FEN with only the
//! first four fields (halfmove clock 0 and move number 1 are assumed); a move number of 0
//! (read as 1); castling rights in any order. Rejected, each with its own error: fewer than four
//! or more than six fields, a bad piece letter, a rank with other than 8 squares, other than 8
//! ranks, a side other than `w`/`b`, castling letters other than `KQkq`/`-` or repeated ones,
//! castling rights the position cannot have, an en passant square that no double push can
//! have produced, non-numeric clocks, and every position error of [`Position::from_setup`]
//! (missing or extra kings, pawns on the back rank, the side not to move in check, too many
//! pieces).
//!
//! Export writes the en passant square only when an en passant capture is legal (as
//! python-chess and lichess do), so two positions with the same moves have the same FEN.

use crate::rules::{Bitboard, Piece, Position, PositionError, Setup, Side, Square};
use std::fmt;

/// The standard starting position in FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A field of a FEN record, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    /// The first field: where the pieces stand.
    Placement,
    /// The second field: `w` or `b`.
    SideToMove,
    /// The third field: `KQkq` or `-`.
    Castling,
    /// The fourth field: the en passant square or `-`.
    EnPassant,
    /// The fifth field: half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// The sixth field: the move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement (field 1)",
            FenField::SideToMove => "side to move (field 2)",
            FenField::Castling => "castling rights (field 3)",
            FenField::EnPassant => "en passant square (field 4)",
            FenField::HalfmoveClock => "halfmove clock (field 5)",
            FenField::FullmoveNumber => "fullmove number (field 6)",
        })
    }
}

/// Why a FEN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The record does not have 4 to 6 space-separated fields.
    #[error("invalid FEN: expected 4 to 6 fields separated by spaces, found {0}")]
    FieldCount(usize),
    /// A field's text is malformed.
    #[error("invalid FEN: {field}: {reason}")]
    Syntax {
        /// The field at fault.
        field: FenField,
        /// What is wrong with it.
        reason: String,
    },
    /// The text is well formed but the position is not legal.
    #[error("invalid FEN: illegal position: {0}")]
    Position(#[from] PositionError),
}

impl FenError {
    fn syntax(field: FenField, reason: impl Into<String>) -> FenError {
        FenError::Syntax {
            field,
            reason: reason.into(),
        }
    }
}

/// The largest halfmove clock accepted (far beyond the 75-move rule's 150).
pub const MAX_HALFMOVE_CLOCK: u32 = 10_000;
/// The largest move number accepted (no real game comes near it; it keeps counters far from
/// overflow).
pub const MAX_FULLMOVE_NUMBER: u32 = 100_000;

/// A clock field: decimal digits only (no sign), at most `max`.
fn parse_counter(text: &str, field: FenField, max: u32) -> Result<u32, FenError> {
    let bad = || FenError::syntax(field, format!("'{text}' is not a number from 0 to {max}"));
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 9 {
        return Err(bad());
    }
    let n: u32 = text.parse().map_err(|_| bad())?;
    if n > max {
        return Err(bad());
    }
    Ok(n)
}

/// Reads a FEN into an unvalidated [`Setup`], checking only its syntax.
///
/// # Errors
/// [`FenError::FieldCount`] or [`FenError::Syntax`] naming the field and the problem.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();

    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::syntax(
            FenField::Placement,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || last_was_digit {
                    return Err(FenError::syntax(
                        FenField::Placement,
                        format!("rank {}: bad empty-square count in '{rank_text}'", rank + 1),
                    ));
                }
                file += d;
                last_was_digit = true;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if let Some(sq) = Square::from_coords(file, rank) {
                    setup.board[sq.index()] = Some(piece);
                }
                file += 1;
                last_was_digit = false;
            } else {
                return Err(FenError::syntax(
                    FenField::Placement,
                    format!(
                        "rank {}: '{c}' is not a piece letter (PNBRQK, pnbrqk) or a digit",
                        rank + 1
                    ),
                ));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::syntax(
                FenField::Placement,
                format!(
                    "rank {} ('{rank_text}') has {file} squares, expected 8",
                    rank + 1
                ),
            ));
        }
    }

    setup.side_to_move = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => {
            return Err(FenError::syntax(
                FenField::SideToMove,
                format!("'{other}' is neither 'w' nor 'b'"),
            ))
        }
    };

    if fields[2] != "-" {
        let mut seen = String::new();
        for c in fields[2].chars() {
            let rook = match c {
                'K' => Square::H1,
                'Q' => Square::A1,
                'k' => Square::H8,
                'q' => Square::A8,
                _ => {
                    return Err(FenError::syntax(
                        FenField::Castling,
                        format!("'{c}' is not one of K, Q, k, q (or '-' for none)"),
                    ))
                }
            };
            if seen.contains(c) {
                return Err(FenError::syntax(
                    FenField::Castling,
                    format!("'{c}' appears twice"),
                ));
            }
            seen.push(c);
            setup.castling_rooks |= Bitboard::from_square(rook);
        }
    }

    if fields[3] != "-" {
        let sq: Square = fields[3].parse().map_err(|_| {
            FenError::syntax(
                FenField::EnPassant,
                format!("'{}' is not a square or '-'", fields[3]),
            )
        })?;
        setup.en_passant = Some(sq);
    }

    if let Some(text) = fields.get(4) {
        setup.halfmove_clock = parse_counter(text, FenField::HalfmoveClock, MAX_HALFMOVE_CLOCK)?;
    }
    if let Some(text) = fields.get(5) {
        let n = parse_counter(text, FenField::FullmoveNumber, MAX_FULLMOVE_NUMBER)?;
        setup.fullmove_number = n.max(1);
    }
    Ok(setup)
}

/// Reads a FEN into a validated [`Position`].
///
/// # Errors
/// A [`FenError`] naming the field and what is wrong, or every problem with the position.
///
/// # Examples
/// ```
/// use chesscore::notation::fen;
/// let pos = fen::parse(fen::STARTING_FEN).unwrap();
/// assert_eq!(fen::to_fen(&pos), fen::STARTING_FEN);
/// let err = fen::parse("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert!(err.to_string().contains("rank 7"));
/// ```
pub fn parse(fen: &str) -> Result<Position, FenError> {
    let setup = parse_setup(fen)?;
    Ok(Position::from_setup(&setup)?)
}

/// Writes the placement field only (e.g. for repetition displays or opening books).
pub fn placement(pos: &Position) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match Square::from_coords(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes the position as a six-field FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut castling = String::new();
    for (sq, c) in [
        (Square::H1, 'K'),
        (Square::A1, 'Q'),
        (Square::H8, 'k'),
        (Square::A8, 'q'),
    ] {
        if pos.castling_rooks().contains(sq) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos
        .en_passant()
        .map_or_else(|| "-".to_string(), |sq| sq.to_string());
    format!(
        "{} {} {} {} {} {}",
        placement(pos),
        pos.side_to_move().fen_char(),
        castling,
        ep,
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PositionProblem;

    fn err(fen: &str) -> String {
        match parse(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn precise_errors() {
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq").contains("found 3"));
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1").contains("'X'"));
        assert!(err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").contains("rank 6"));
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1").contains("9 squares")
        );
        assert!(err("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").contains("8 ranks"));
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").contains("field 2")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1").contains("field 3")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1").contains("field 4")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1").contains("field 5")
        );
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y").contains("field 6")
        );
        assert!(
            err("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
                .contains("Black has no king")
        );
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1").contains("2 kings"));
        assert!(err("Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
            .contains("back rank at a8"));
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1").contains("rook on h1")
        );
        assert!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1").contains("e3"));
        // Black's king attacked by the white queen while White is to move.
        assert!(err("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1").contains("not to move (Black) is in check"));
        assert!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra")
                .contains("found 7")
        );
    }

    #[test]
    fn every_problem_is_listed() {
        let e = parse("4k2P/8/8/8/8/8/8/8 w K - 0 1").unwrap_err();
        let FenError::Position(pe) = e else {
            panic!("{e}")
        };
        assert!(pe
            .problems
            .contains(&PositionProblem::MissingKing(Side::White)));
        assert!(pe
            .problems
            .contains(&PositionProblem::PawnOnBackRank(Square::H8)));
        assert!(pe
            .problems
            .contains(&PositionProblem::ImpossibleCastling(Square::H1)));
    }

    #[test]
    fn lenient_forms() {
        let pos = parse("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ").unwrap();
        assert_eq!(to_fen(&pos), STARTING_FEN);
        let pos = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 0").unwrap();
        assert_eq!(to_fen(&pos), STARTING_FEN);
    }

    #[test]
    fn en_passant_kept_only_when_capturable() {
        // After 1. e4 no black pawn can capture: the square is dropped.
        let pos = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(pos.en_passant(), None);
        let pos = parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").unwrap();
        assert_eq!(pos.en_passant(), Some(Square::E3));
        assert!(to_fen(&pos).contains(" e3 "));
    }
}

#[cfg(test)]
mod impossible_checks {
    use super::*;

    #[test]
    fn checks_no_last_move_can_give_are_rejected() {
        for (fen, why) in [
            ("4R3/8/8/4k3/8/8/8/4R1K1 b - - 0 1", "one line"),
            ("4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1", "neither is a bishop"),
            ("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", "neither is a bishop"),
            ("4k3/8/8/3pP3/8/8/8/K6q w - d6 0 1", "double pawn push"),
        ] {
            let err = parse(fen).unwrap_err().to_string();
            assert!(
                err.contains("impossible check") && err.contains(why),
                "{fen}: {err}"
            );
        }
        // Possible ones stay accepted: a knight check with a discovered rook check, and a check
        // uncovered by the double push.
        assert!(parse("4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1").is_ok());
        // e2-e4 uncovered the bishop on f1 against the king on a6.
        assert!(parse("8/8/k7/8/3pP3/8/8/4KB2 b - e3 0 1").is_ok());
    }
}
