//! Forsyth-Edwards Notation: parsing with precise errors, and export. Chess960 positions use
//! X-FEN or Shredder-FEN castling fields.
//!
//! # Leniency
//! Accepted: surrounding white space and runs of spaces between fields; a FEN with only the
//! first four fields (halfmove clock 0 and move number 1 are assumed); a move number of 0
//! (read as 1); castling rights in any order. Rejected, each with its own error: fewer than four
//! or more than six fields, a bad piece letter, a rank with other than 8 squares, other than 8
//! ranks, a side other than `w`/`b`, castling letters other than those below or repeated ones,
//! castling rights the position cannot have, an en passant square that no double push can
//! have produced, non-numeric clocks, and every position error of [`Position::from_setup`]
//! (missing or extra kings, pawns on the back rank, the side not to move in check, too many
//! pieces).
//!
//! # Castling rights and Chess960
//! The castling field is read as X-FEN, which standard FEN and Shredder-FEN are both part of:
//! - `K`/`Q` (`k`/`q` for Black): the outermost rook of that side on the king's h-side
//!   (a-side). In standard chess that is the rook on h1/a1 (h8/a8);
//! - a file letter `A`-`H` (`a`-`h`): the rook on that file of the back rank (Shredder-FEN
//!   `HAha`, or X-FEN naming an inner rook).
//!
//! [`parse`] decides the variant from the field: a position is Chess960
//! ([`CastlingMode::Chess960`]) when the field uses file letters (Shredder-FEN or an X-FEN inner
//! rook: only Chess960 writes them, so `HAha` reads the standard position as a Chess960 game) or
//! when some right belongs to a rook outside the corners or to a king off the e-file; standard
//! otherwise. [`parse_with_mode`] sets the variant instead, e.g. for a Chess960 game whose
//! position has standard-looking rights written `KQkq`.
//!
//! Writing ([`to_fen`]) uses X-FEN: `KQkq` for every right of an outermost rook (so a standard
//! position's FEN is the standard FEN, byte for byte, whatever the variant), and the file letter
//! only for a rook with another rook of its side further out on the same side of the king.
//! [`to_fen_with`] writes Shredder-FEN file letters instead, which some Chess960 GUIs expect.
//! Rights are written White first, each side's h-side right before its a-side one.
//!
//! Export writes the en passant square only when an en passant capture is legal (as
//! python-chess and lichess do), so two positions with the same moves have the same FEN.

use crate::rules::{
    Bitboard, CastlingMode, Piece, PieceKind, Position, PositionError, PositionProblem, Setup,
    Side, Square,
};
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
    /// The third field: `KQkq` (or Shredder-FEN file letters) or `-`.
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

/// Reads a FEN into an unvalidated [`Setup`], checking only its syntax. The setup's
/// [`CastlingMode`] is Chess960 when its castling field is written with file letters or its
/// rights need it (see the module docs).
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

    parse_castling(fields[2], &mut setup)?;
    let file_letters = fields[2]
        .chars()
        .any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-'));
    setup.mode = if setup.has_standard_castling() && !file_letters {
        CastlingMode::Standard
    } else {
        CastlingMode::Chess960
    };

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

/// Reads the castling field into `setup.castling_rooks` (the placement is already read).
fn parse_castling(field: &str, setup: &mut Setup) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let mut seen = String::new();
    for c in field.chars() {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let home = back_rank(side);
        let rook = match c.to_ascii_lowercase() {
            'k' => outermost_rook(setup, side, true),
            'q' => outermost_rook(setup, side, false),
            f @ 'a'..='h' => Square::new_unchecked(home * 8 + (f as u32 - 'a' as u32)),
            _ => {
                return Err(FenError::syntax(
                    FenField::Castling,
                    format!(
                        "'{c}' is not one of K, Q, k, q, a file letter A-H or a-h \
                         (Shredder-FEN, X-FEN), or '-' for none"
                    ),
                ))
            }
        };
        if seen.contains(c) {
            return Err(FenError::syntax(
                FenField::Castling,
                format!("'{c}' appears twice"),
            ));
        }
        if setup.castling_rooks.contains(rook) {
            return Err(FenError::syntax(
                FenField::Castling,
                format!("'{c}' names the rook on {rook}, which an earlier letter already named"),
            ));
        }
        seen.push(c);
        setup.castling_rooks |= Bitboard::from_square(rook);
    }
    Ok(())
}

/// The rank (0 or 7) of `side`'s pieces at the start.
fn back_rank(side: Side) -> u32 {
    match side {
        Side::White => 0,
        Side::Black => 7,
    }
}

/// The square X-FEN's `K` (`h_side`) or `Q` means for `side`: the outermost rook of `side` on
/// that side of its king on the back rank; the corner when there is none (or no king there), so
/// that validation reports the right as impossible on the square a standard FEN means.
fn outermost_rook(setup: &Setup, side: Side, h_side: bool) -> Square {
    let home = back_rank(side);
    let on_rank = |kind: PieceKind| {
        (0..8)
            .filter(move |&f| setup.board[(home * 8 + f) as usize] == Some(Piece::new(side, kind)))
    };
    let corner = Square::new_unchecked(home * 8 + if h_side { 7 } else { 0 });
    let Some(king) = on_rank(PieceKind::King).next() else {
        return corner;
    };
    let rooks = on_rank(PieceKind::Rook);
    let file = if h_side {
        rooks.filter(|&f| f > king).max()
    } else {
        rooks.filter(|&f| f < king).min()
    };
    file.map_or(corner, |f| Square::new_unchecked(home * 8 + f))
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

/// What [`parse_repairing`] changed to make a FEN's position legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenRepair {
    /// A castling right the position cannot have was dropped (the problem says why).
    CastlingRight(PositionProblem),
    /// An en passant square the position cannot have was dropped (the problem says why).
    EnPassant(PositionProblem),
}

impl fmt::Display for FenRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenRepair::CastlingRight(why) => write!(f, "dropped a castling right: {why}"),
            FenRepair::EnPassant(why) => write!(f, "dropped the en passant square: {why}"),
        }
    }
}

/// Reads a FEN as a pasted one should be read, dropping what real-world FENs often get wrong
/// instead of refusing the whole record: castling rights the position cannot have (a FEN copied
/// with `KQkq` after the king or a rook has moved) and an en passant square no double push can
/// have made. Returns the position and what was dropped (empty when the FEN was right as it
/// is). Everything else is refused as [`parse`] refuses it: a missing king or a pawn on the
/// back rank is not guessed away.
///
/// `KQkq` letters mean the outermost rooks in both variants (X-FEN), so a FEN whose king
/// stands off the e-file with such a right is either a Chess960 position or a stale standard
/// one. `board` says which the board it goes on plays: with [`CastlingMode::Standard`] a field
/// written only with `KQkq` letters is read as standard chess (`KQkq` with the king on f1 is a
/// stale right there, not a Chess960 game, which [`parse`] would make of it); with
/// [`CastlingMode::Chess960`] it is read as [`parse`] reads it. A field with file letters
/// (Shredder-FEN, X-FEN inner rooks) is Chess960 either way.
///
/// # Errors
/// As [`parse`], for the problems left once the repairs are made (all of them named).
///
/// # Examples
/// ```
/// use chesscore::notation::fen;
/// use chesscore::rules::CastlingMode;
/// // White's rooks are gone: the FEN's KQ cannot be right.
/// let (pos, repairs) = fen::parse_repairing("r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 40", CastlingMode::Standard).unwrap();
/// assert_eq!(fen::to_fen(&pos), "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 40");
/// assert_eq!(repairs.len(), 2);
/// assert!(fen::parse_repairing("8/8/8/8/8/8/8/K7 w - - 0 1", CastlingMode::Standard).is_err()); // no black king
/// ```
pub fn parse_repairing(
    fen: &str,
    board: CastlingMode,
) -> Result<(Position, Vec<FenRepair>), FenError> {
    let mut setup = parse_setup(fen)?;
    let letters_only = fen
        .split_whitespace()
        .nth(2)
        .is_some_and(|field| field.chars().all(|c| "KQkq-".contains(c)));
    if letters_only && board == CastlingMode::Standard {
        setup.mode = CastlingMode::Standard;
    }
    let mut repairs = Vec::new();
    // Each round drops what the last refusal named; castling problems are found before the
    // check and en passant ones, so a few rounds reach every repairable problem.
    for _ in 0..4 {
        let error = match Position::from_setup(&setup) {
            Ok(pos) => return Ok((pos, repairs)),
            Err(e) => e,
        };
        let mut repaired = false;
        let mut other = false;
        for problem in &error.problems {
            match problem {
                PositionProblem::ImpossibleCastling(rook)
                | PositionProblem::ConflictingCastling(_, rook) => {
                    setup.castling_rooks = setup.castling_rooks.without(*rook);
                    repairs.push(FenRepair::CastlingRight(problem.clone()));
                    repaired = true;
                }
                PositionProblem::ImpossibleEnPassant(_)
                | PositionProblem::EnPassantAfterCheck(..)
                    if setup.en_passant.is_some() =>
                {
                    setup.en_passant = None;
                    repairs.push(FenRepair::EnPassant(problem.clone()));
                    repaired = true;
                }
                // A check only the en passant square makes impossible.
                PositionProblem::ImpossibleCheck(..)
                | PositionProblem::CheckAfterDoublePush(..)
                    if setup.en_passant.is_some() =>
                {
                    let mut without = setup.clone();
                    without.en_passant = None;
                    if Position::from_setup(&without).is_ok() {
                        setup = without;
                        repairs.push(FenRepair::EnPassant(problem.clone()));
                        repaired = true;
                    } else {
                        other = true;
                    }
                }
                _ => other = true,
            }
        }
        if other || !repaired {
            return Err(error.into());
        }
    }
    Ok((Position::from_setup(&setup)?, repairs))
}

/// Reads a FEN into a validated [`Position`] of the given variant, rather than deciding it from
/// the castling rights as [`parse`] does.
///
/// # Errors
/// As [`parse`]; in [`CastlingMode::Standard`], also a castling right only Chess960 can have.
///
/// # Examples
/// ```
/// use chesscore::notation::fen;
/// use chesscore::rules::CastlingMode;
/// let pos = fen::parse_with_mode(fen::STARTING_FEN, CastlingMode::Chess960).unwrap();
/// assert!(pos.is_chess960());
/// let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// assert!(fen::parse(chess960).unwrap().is_chess960());
/// assert!(fen::parse_with_mode(chess960, CastlingMode::Standard).is_err());
/// ```
pub fn parse_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
    let mut setup = parse_setup(fen)?;
    setup.mode = mode;
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

/// How the castling field of a FEN is written (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingNotation {
    /// X-FEN: `KQkq` for outermost rooks, a file letter for an inner one. A standard position's
    /// field is the standard one.
    #[default]
    XFen,
    /// Shredder-FEN: always the rook's file letter, `HAha` for the standard position.
    Shredder,
}

/// The castling field of `pos` in `notation`.
pub fn castling_field(pos: &Position, notation: CastlingNotation) -> String {
    let mut field = String::new();
    for side in Side::ALL {
        let home = back_rank(side);
        let rank = Bitboard::rank(home);
        let king = pos.king_square(side);
        let rooks = pos.pieces(side, PieceKind::Rook) & rank;
        let mut rights: Vec<Square> = (pos.castling_rooks() & rank).collect();
        rights.sort_by_key(|sq| std::cmp::Reverse(sq.file()));
        for rook in rights {
            let h_side = rook.file() > king.file();
            let further_out = if h_side {
                rooks.filter(|other| other.file() > rook.file()).count()
            } else {
                rooks.filter(|other| other.file() < rook.file()).count()
            };
            let outermost = further_out == 0;
            let c = match (notation, outermost, h_side) {
                (CastlingNotation::XFen, true, true) => 'k',
                (CastlingNotation::XFen, true, false) => 'q',
                _ => char::from(b'a' + rook.file() as u8),
            };
            field.push(match side {
                Side::White => c.to_ascii_uppercase(),
                Side::Black => c,
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// Writes the position as a six-field FEN, castling rights in X-FEN (the standard FEN for a
/// standard position).
pub fn to_fen(pos: &Position) -> String {
    to_fen_with(pos, CastlingNotation::XFen)
}

/// Writes the position as a six-field FEN with the castling field in `notation`.
///
/// # Examples
/// ```
/// use chesscore::notation::fen::{self, CastlingNotation};
/// let pos = fen::parse(fen::STARTING_FEN).unwrap();
/// assert_eq!(
///     fen::to_fen_with(&pos, CastlingNotation::Shredder),
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
/// );
/// ```
pub fn to_fen_with(pos: &Position, notation: CastlingNotation) -> String {
    let ep = pos
        .en_passant()
        .map_or_else(|| "-".to_string(), |sq| sq.to_string());
    format!(
        "{} {} {} {} {} {}",
        placement(pos),
        pos.side_to_move().fen_char(),
        castling_field(pos, notation),
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
    fn chess960_castling_fields() {
        // Shredder-FEN of the standard position is Chess960 start 518, written back in X-FEN.
        let pos = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert!(pos.is_chess960());
        assert_eq!(to_fen(&pos), STARTING_FEN);
        assert_eq!(pos, crate::rules::chess960::start_position(518).unwrap());
        assert!(!parse(STARTING_FEN).unwrap().is_chess960());
        // A Chess960 start (number 0): X-FEN KQkq means the outermost rooks, f1 and h1.
        let text = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
        let pos = parse(text).unwrap();
        assert!(pos.is_chess960());
        assert_eq!(
            pos.castling_rooks(),
            Bitboard::from_square(Square::F1)
                | Bitboard::from_square(Square::H1)
                | Bitboard::from_square(Square::F8)
                | Bitboard::from_square(Square::H8)
        );
        assert_eq!(to_fen(&pos), text);
        assert_eq!(
            to_fen_with(&pos, CastlingNotation::Shredder),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
        assert_eq!(
            parse(&to_fen_with(&pos, CastlingNotation::Shredder)).unwrap(),
            pos
        );
        // An inner rook (b1, with another rook on a1) needs its file letter in X-FEN.
        let pos = parse("4k3/8/8/8/8/8/8/RR2K2R w BK - 0 1").unwrap();
        assert_eq!(castling_field(&pos, CastlingNotation::XFen), "KB");
        assert_eq!(castling_field(&pos, CastlingNotation::Shredder), "HB");
        assert!(pos.is_chess960());
        // Q means the outermost rook on the a-side, a1.
        let pos = parse("4k3/8/8/8/8/8/8/RR2K2R w Q - 0 1").unwrap();
        assert!(!pos.is_chess960());
        assert_eq!(pos.castling_rooks(), Bitboard::from_square(Square::A1));
    }

    #[test]
    fn chess960_castling_errors() {
        let base = "4k3/8/8/8/8/8/8/RR2K2R w";
        assert!(err(&format!("{base} KQK - 0 1")).contains("'K' appears twice"));
        assert!(err(&format!("{base} KH - 0 1"))
            .contains("'H' names the rook on h1, which an earlier letter already named"));
        assert!(err(&format!("{base} Kx - 0 1")).contains("castling rights (field 3): 'x'"));
        assert!(err(&format!("{base} K1 - 0 1")).contains("'1' is not one of"));
        // A file letter for a square without a rook.
        assert!(err(&format!("{base} C - 0 1")).contains("rook on c1 is impossible"));
        // Two rooks on one side of the king.
        assert!(err(&format!("{base} AB - 0 1")).contains("both rooks on a1 and b1"));
        // K with no rook on the king's h-side: reported at h1, as for a standard FEN.
        assert!(err("4k3/8/8/8/8/8/8/RR2K3 w K - 0 1").contains("rook on h1 is impossible"));
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
    use crate::rules::PositionProblem;

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
        // An en passant square whose double push was played by a side that left the other in
        // check. Before e2-e4 (White to move) the bishop on h7 already checked the king on c2
        // through e4; before d7-d5 the bishop on f7 checked a2 through d5 (found by a
        // differential audit against python-chess, 2026-11-25); before d7-d5 the pawn itself, on
        // d7, checked the king on e6. None of these kings is in check now: the error says what
        // is wrong, not "impossible check".
        for (fen, ep, side) in [
            ("8/7B/8/8/4P3/8/2k4R/K7 b - e3 0 1", Square::E3, Side::Black),
            ("4k3/5b2/8/3p4/8/8/K7/8 w - d6 0 1", Square::D6, Side::White),
            ("4k3/8/4K3/3p4/8/8/8/8 w - d6 0 1", Square::D6, Side::White),
        ] {
            let err = parse(fen).unwrap_err();
            let FenError::Position(e) = &err else {
                panic!("{fen}: {err}");
            };
            assert_eq!(
                e.problems,
                vec![PositionProblem::EnPassantAfterCheck(ep, side)],
                "{fen}"
            );
            let text = err.to_string();
            assert!(
                text.contains(&format!("en passant square {ep} is impossible"))
                    && text.contains("already in check")
                    && !text.contains("impossible check"),
                "{fen}: {text}"
            );
        }
        // Possible ones stay accepted: a knight check with a discovered rook check, and a check
        // uncovered by the double push.
        assert!(parse("4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1").is_ok());
        // e2-e4 uncovered the bishop on f1 against the king on a6.
        assert!(parse("8/8/k7/8/3pP3/8/8/4KB2 b - e3 0 1").is_ok());
    }

    #[test]
    fn repairing_drops_impossible_rights_and_en_passant_and_nothing_else() {
        // A clean FEN: nothing to repair, the same position as parse.
        let (pos, repairs) = parse_repairing(STARTING_FEN, CastlingMode::Standard).unwrap();
        assert!(repairs.is_empty());
        assert_eq!(pos, parse(STARTING_FEN).unwrap());

        // Rooks gone from h1 and a8, rights left in: Qk kept, K and q dropped.
        let (pos, repairs) = parse_repairing(
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        assert_eq!(castling_field(&pos, CastlingNotation::XFen), "Qk");
        assert_eq!(repairs.len(), 2);
        assert!(repairs
            .iter()
            .all(|r| matches!(r, FenRepair::CastlingRight(_))));
        assert!(repairs[0]
            .to_string()
            .contains("castling right for the rook on"));

        // An en passant square with no pawn that could have just moved two squares.
        let (pos, repairs) = parse_repairing(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            CastlingMode::Standard,
        )
        .unwrap();
        assert_eq!(to_fen(&pos), STARTING_FEN);
        assert!(matches!(repairs.as_slice(), [FenRepair::EnPassant(_)]));

        // KQkq copied after the king went to f1: stale rights in standard chess, not a Chess960
        // game (which parse makes of it); Shredder letters still say Chess960.
        let moved = "rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w KQkq - 1 2";
        assert!(parse(moved).unwrap().is_chess960());
        let (pos, repairs) = parse_repairing(moved, CastlingMode::Standard).unwrap();
        assert!(!pos.is_chess960());
        assert_eq!(
            to_fen(&pos),
            "rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w kq - 1 2"
        );
        assert_eq!(repairs.len(), 2);
        let (pos, repairs) = parse_repairing(moved, CastlingMode::Chess960).unwrap();
        assert!(
            pos.is_chess960() && repairs.is_empty(),
            "on a Chess960 board: X-FEN rights"
        );
        let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let (pos, repairs) = parse_repairing(shredder, CastlingMode::Standard).unwrap();
        assert!(pos.is_chess960() && repairs.is_empty());

        // What is not a stale right or square is refused as parse refuses it.
        let no_king = "8/8/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            parse_repairing(no_king, CastlingMode::Standard).unwrap_err(),
            parse(no_king).unwrap_err()
        );
        let both = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let err = parse_repairing(both, CastlingMode::Standard)
            .unwrap_err()
            .to_string();
        assert!(err.contains("Black has no king"), "{err}");
        // Syntax errors too.
        assert!(matches!(
            parse_repairing(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                CastlingMode::Standard
            ),
            Err(FenError::Syntax { .. })
        ));
    }
}
