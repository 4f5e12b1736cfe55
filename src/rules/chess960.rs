//! Chess960 (Fischer random chess) start positions, numbered 0 to 959 as Reinhard Scharnagl
//! numbered them; number 518 is the standard start position.
//!
//! The number `n` places White's back rank (Black's mirrors it) in this order:
//! 1. `n % 4` puts the light-squared bishop on the b, d, f or h file; then `n / 4` goes on;
//! 2. `% 4` again puts the dark-squared bishop on the a, c, e or g file;
//! 3. `% 6` puts the queen on the first, second, ... of the six files still empty;
//! 4. the quotient, 0 to 9, picks the two knights' places among the five files left, in the
//!    order `NN---`, `N-N--`, `N--N-`, `N---N`, `-NN--`, `-N-N-`, `-N--N`, `--NN-`, `--N-N`,
//!    `---NN`;
//! 5. the three files left take rook, king, rook in that order.
//!
//! # Examples
//! ```
//! use chesscore::notation::fen;
//! use chesscore::rules::chess960;
//! let pos = chess960::start_position(518).unwrap();
//! assert_eq!(fen::to_fen(&pos), fen::STARTING_FEN);
//! assert!(pos.is_chess960());
//! assert_eq!(chess960::start_number(&pos), Some(518));
//! let pos = chess960::start_position(0).unwrap();
//! assert_eq!(fen::to_fen(&pos), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! ```

use super::bitboard::Bitboard;
use super::position::{CastlingMode, Position, Setup};
use super::square::Square;
use super::types::{Piece, PieceKind, Side};
use std::hash::{BuildHasher, Hasher};

/// How many Chess960 start positions there are.
pub const COUNT: u32 = 960;

/// The number of the standard start position.
pub const STANDARD_NUMBER: u32 = 518;

/// A start-position number outside 0-959.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Chess960 start position {0} does not exist: the numbers run from 0 to 959")]
pub struct StartNumberError(pub u32);

/// The knights' places among the five files left after the bishops and the queen, by index.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank, a-file first, of start position `number`.
///
/// # Errors
/// [`StartNumberError`] when `number` is not below 960.
pub fn back_rank(number: u32) -> Result<[PieceKind; 8], StartNumberError> {
    if number >= COUNT {
        return Err(StartNumberError(number));
    }
    let mut rank: [Option<PieceKind>; 8] = [None; 8];
    let mut n = number as usize;
    rank[2 * (n % 4) + 1] = Some(PieceKind::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(PieceKind::Bishop);
    n /= 4;
    // Puts `kind` on the `index`-th file still empty.
    let place = |rank: &mut [Option<PieceKind>; 8], index: usize, kind: PieceKind| {
        if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
            *slot = Some(kind);
        }
    };
    place(&mut rank, n % 6, PieceKind::Queen);
    n /= 6;
    let (first, second) = KNIGHTS[n];
    // The second knight's index counts the files left after the first knight took its own.
    place(&mut rank, first, PieceKind::Knight);
    place(&mut rank, second - 1, PieceKind::Knight);
    for kind in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
        place(&mut rank, 0, kind);
    }
    Ok(rank.map(|k| k.unwrap_or(PieceKind::Pawn)))
}

/// The start-position number of a back rank (a-file first), or `None` when it is not a Chess960
/// back rank (bishops on squares of one colour, the king not between the rooks, wrong pieces).
pub fn number_of_back_rank(rank: &[PieceKind; 8]) -> Option<u32> {
    let files = |kind: PieceKind| (0..8).filter(move |&f| rank[f] == kind);
    let count = |kind: PieceKind| files(kind).count();
    if count(PieceKind::Bishop) != 2
        || count(PieceKind::Knight) != 2
        || count(PieceKind::Rook) != 2
        || count(PieceKind::Queen) != 1
        || count(PieceKind::King) != 1
    {
        return None;
    }
    let light = files(PieceKind::Bishop).find(|f| f % 2 == 1)?;
    let dark = files(PieceKind::Bishop).find(|f| f % 2 == 0)?;
    // Index of `file` among the files not holding any of `taken`.
    let index_among =
        |file: usize, taken: &[PieceKind]| (0..file).filter(|&f| !taken.contains(&rank[f])).count();
    let queen = files(PieceKind::Queen).next()?;
    let q = index_among(queen, &[PieceKind::Bishop]);
    let mut knights = files(PieceKind::Knight);
    let (k1, k2) = (knights.next()?, knights.next()?);
    let taken = [PieceKind::Bishop, PieceKind::Queen];
    let pair = (index_among(k1, &taken), index_among(k2, &taken));
    let kn = KNIGHTS.iter().position(|&p| p == pair)?;
    let mut rooks = files(PieceKind::Rook);
    let (r1, r2) = (rooks.next()?, rooks.next()?);
    let king = files(PieceKind::King).next()?;
    if !(r1 < king && king < r2) {
        return None;
    }
    Some((((kn * 6 + q) * 4 + dark / 2) * 4 + light / 2) as u32)
}

/// Start position `number`: White to move, all four castling rights, in
/// [`CastlingMode::Chess960`] (also number 518, the standard position).
///
/// # Errors
/// [`StartNumberError`] when `number` is not below 960.
pub fn start_position(number: u32) -> Result<Position, StartNumberError> {
    let rank = back_rank(number)?;
    let mut setup = Setup::empty();
    setup.mode = CastlingMode::Chess960;
    for (file, kind) in rank.into_iter().enumerate() {
        for (side, back, pawns) in [(Side::White, 0, 1), (Side::Black, 7, 6)] {
            setup.board[back * 8 + file] = Some(Piece::new(side, kind));
            setup.board[pawns * 8 + file] = Some(Piece::new(side, PieceKind::Pawn));
            if kind == PieceKind::Rook {
                setup.castling_rooks |=
                    Bitboard::from_square(Square::new_unchecked((back * 8 + file) as u32));
            }
        }
    }
    match Position::from_setup(&setup) {
        Ok(pos) => Ok(pos),
        Err(e) => unreachable!("Chess960 start position {number} is legal: {e}"),
    }
}

/// The start-position number of `pos` when it is a Chess960 start position: its pieces stand as
/// in one (pawns on their second ranks, Black's back rank mirroring White's), White is to move,
/// all four castling rights stand and there is no en passant square. The clocks are not looked
/// at (as python-chess's `chess960_pos`). A position in mid-game whose pieces happen to stand so,
/// with Black to move or a right lost, is not one.
pub fn start_number(pos: &Position) -> Option<u32> {
    let mut rank = [PieceKind::Pawn; 8];
    for (file, slot) in rank.iter_mut().enumerate() {
        *slot = pos.piece_at(Square::new_unchecked(file as u32))?.kind;
    }
    let number = number_of_back_rank(&rank)?;
    let start = start_position(number).ok()?;
    (pos.side_to_move() == start.side_to_move()
        && pos.castling_rooks() == start.castling_rooks()
        && pos.en_passant().is_none()
        && Square::all().all(|sq| start.piece_at(sq) == pos.piece_at(sq)))
    .then_some(number)
}

/// A start-position number drawn at random (from the operating system's hash seed, different in
/// every process and call), for "new Chess960 game" without a number.
pub fn random_number() -> u32 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x960);
    (hasher.finish() % u64::from(COUNT)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(n: u32) -> String {
        back_rank(n)
            .unwrap()
            .iter()
            .map(|k| k.upper_char())
            .collect()
    }

    #[test]
    fn known_numbers() {
        // Published in Scharnagl's table (and on Wikipedia's "Fischer random chess numbering
        // scheme" page): the first, the standard, and the last position, and a few between.
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(1), "BQNBNRKR");
        assert_eq!(letters(518), "RNBQKBNR");
        assert_eq!(letters(534), "RNBKQBNR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(back_rank(960), Err(StartNumberError(960)));
    }

    #[test]
    fn all_numbers_round_trip_and_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..COUNT {
            let rank = back_rank(n).unwrap();
            assert_eq!(number_of_back_rank(&rank), Some(n), "{}", letters(n));
            assert!(seen.insert(rank));
            let pos = start_position(n).unwrap();
            assert_eq!(start_number(&pos), Some(n));
            assert_eq!(pos.castling_rooks().count(), 4);
            assert!(pos.legal_moves().len() >= 18);
        }
    }

    #[test]
    fn rejects_other_back_ranks() {
        use PieceKind::*;
        // Bishops on squares of the same colour.
        assert_eq!(
            number_of_back_rank(&[Bishop, Rook, Bishop, Queen, King, Knight, Knight, Rook]),
            None
        );
        // King outside its rooks.
        assert_eq!(
            number_of_back_rank(&[King, Rook, Bishop, Queen, Rook, Bishop, Knight, Knight]),
            None
        );
        assert_eq!(start_number(&Position::startpos()), Some(518));
    }

    #[test]
    fn random_numbers_are_in_range() {
        for _ in 0..100 {
            assert!(random_number() < COUNT);
        }
    }
}
