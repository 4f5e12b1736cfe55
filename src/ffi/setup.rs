//! A position as a board editor builds it ("set up a position"): the pieces, the side to move,
//! castling rights and an en passant square, checked by the rules and written as FEN.

use crate::notation::fen;
use crate::rules::{self, Bitboard, CastlingMode, Position, Setup};

use super::types::{Piece, Side};
use super::{ChessError, Square};

/// Castling rights in standard chess: which side may castle to which wing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, uniffi::Record)]
pub struct CastlingRights {
    /// White may castle king side (king e1, rook h1).
    pub white_king_side: bool,
    /// White may castle queen side (king e1, rook a1).
    pub white_queen_side: bool,
    /// Black may castle king side (king e8, rook h8).
    pub black_king_side: bool,
    /// Black may castle queen side (king e8, rook a8).
    pub black_queen_side: bool,
}

/// A position as a board editor holds it, before the rules have looked at it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PositionSetup {
    /// The 64 squares, index 0 = a1, 1 = b1, ..., 63 = h8 (as `GameSnapshot.squares`);
    /// `null`/`nil` when empty.
    pub squares: Vec<Option<Piece>>,
    /// The side to move.
    pub side_to_move: Side,
    /// The castling rights (standard chess).
    pub castling: CastlingRights,
    /// The square a pawn skipped with a double step on the last move, if any.
    #[uniffi(default = None)]
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    #[uniffi(default = 0)]
    pub halfmove_clock: u32,
    /// The move number (1 at the start).
    #[uniffi(default = 1)]
    pub fullmove_number: u32,
}

/// The corner rooks of each castling right, in the order of [`CastlingRights`]'s fields.
const RIGHTS: [(Square, Square); 4] = [
    (Square::E1, Square::H1),
    (Square::E1, Square::A1),
    (Square::E8, Square::H8),
    (Square::E8, Square::A8),
];

fn rights_list(c: CastlingRights) -> [bool; 4] {
    [
        c.white_king_side,
        c.white_queen_side,
        c.black_king_side,
        c.black_queen_side,
    ]
}

fn rights_of(list: [bool; 4]) -> CastlingRights {
    CastlingRights {
        white_king_side: list[0],
        white_queen_side: list[1],
        black_king_side: list[2],
        black_queen_side: list[3],
    }
}

/// The board of `squares`, or `InvalidRequest` when there are not 64.
fn board(squares: &[Option<Piece>]) -> Result<[Option<rules::Piece>; 64], ChessError> {
    if squares.len() != 64 {
        return Err(ChessError::InvalidRequest(format!(
            "a position setup has 64 squares (a1, b1, ..., h8), not {}",
            squares.len()
        )));
    }
    let mut board = [None; 64];
    for (to, from) in board.iter_mut().zip(squares) {
        *to = from.map(|p| rules::Piece::new(p.side.into(), p.kind.into()));
    }
    Ok(board)
}

/// The castling rights that `squares` allow in standard chess: a king on e1/e8 with its rook
/// in the corner, the same colour's. A board editor offers only these.
///
/// # Errors
/// `InvalidRequest` when `squares` does not hold 64 squares.
#[uniffi::export]
pub fn possible_castling_rights(squares: Vec<Option<Piece>>) -> Result<CastlingRights, ChessError> {
    Ok(rights_of(possible(&board(&squares)?)))
}

/// The rights of [`RIGHTS`] that `board` allows: the king and its rook on their squares.
fn possible(board: &[Option<rules::Piece>; 64]) -> [bool; 4] {
    let mut list = [false; 4];
    for (i, (king, rook)) in RIGHTS.iter().enumerate() {
        let side = if i < 2 {
            rules::Side::White
        } else {
            rules::Side::Black
        };
        list[i] = board[king.index()] == Some(rules::Piece::new(side, rules::PieceKind::King))
            && board[rook.index()] == Some(rules::Piece::new(side, rules::PieceKind::Rook));
    }
    list
}

/// A FEN made legal by dropping what real-world FENs often get wrong (`repairFen`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RepairedFen {
    /// The FEN of the position, as the core writes it.
    pub fen: String,
    /// What was dropped, one sentence each ("dropped a castling right: castling right for the
    /// rook on h1 is impossible: ..."); empty when the FEN was legal as it was.
    pub repairs: Vec<String>,
    /// `true` when the FEN is a Chess960 position (its castling field written with file
    /// letters): load it with `ChessGame.fromChess960Fen`, else with `fromFen`.
    pub chess960: bool,
}

/// Reads `fen` leniently, for a "paste FEN" field: castling rights the position cannot have (a
/// FEN copied with `KQkq` after a king or rook has moved) and an en passant square no double
/// push can have made are dropped, and said so, instead of refusing the record.
///
/// `KQkq` letters name the outermost rooks in both variants (X-FEN), so `chess960` says what
/// the board it goes on plays: when `false`, a castling field of `KQkq` letters is read as
/// standard chess (`KQkq` with the king on f1 is a stale right, not a Chess960 game, which
/// `fromFen` would make of it); when `true`, as `fromFen` reads it (a Chess960 position's own
/// FEN comes back as it was). File letters (Shredder-FEN) are Chess960 either way. Load the
/// returned FEN with `ChessGame.fromChess960Fen` when its `chess960` is set, else `fromFen`.
///
/// # Errors
/// `InvalidFen`, as `ChessGame.fromFen`, for every other problem (a missing king, a pawn on the
/// back rank, a malformed field): those are not guessed away.
#[uniffi::export]
pub fn repair_fen(fen: String, chess960: bool) -> Result<RepairedFen, ChessError> {
    let board = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let (pos, repairs) = fen::parse_repairing(&fen, board)?;
    Ok(RepairedFen {
        fen: fen::to_fen(&pos),
        repairs: repairs.iter().map(ToString::to_string).collect(),
        chess960: pos.is_chess960(),
    })
}

/// The FEN of `setup` when the rules accept it as a position (standard chess).
///
/// # Errors
/// `InvalidFen` naming every problem the rules find ("illegal position: White has no king; pawn
/// on the back rank at e8", a castling right without its king and rook, an impossible en passant square, the side
/// not to move in check, ...; `setupProblems` gives them as data); `InvalidRequest` when
/// `squares` does not hold 64 squares or a counter is out of range.
#[uniffi::export]
pub fn setup_fen(setup: PositionSetup) -> Result<String, ChessError> {
    let position = Position::from_setup(&core_setup(&setup)?)
        .map_err(|e| ChessError::InvalidFen(format!("illegal position: {e}")))?;
    Ok(fen::to_fen(&position))
}

/// What makes a [`SetupProblem`] (an app words it from this, and highlights its squares).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum SetupProblemKind {
    /// `side` has no king (no squares).
    MissingKing,
    /// `side` has more than one king (`squares`: its kings).
    TooManyKings,
    /// A pawn stands on the first or eighth rank (`squares`: that pawn; one problem a pawn).
    PawnOnBackRank,
    /// `side` has more than 16 pieces or more than 8 pawns (`squares`: all of its pieces).
    TooManyPieces,
    /// A castling right whose king and rook are not on their squares (`squares`: the rook's
    /// corner).
    ImpossibleCastling,
    /// Two castling rights for rooks on the same side of their king (`squares`: both rooks).
    ConflictingCastling,
    /// An en passant square no double pawn push can have made (`squares`: that square).
    ImpossibleEnPassant,
    /// `side`, which is not to move, is in check (`squares`: its king, then the pieces giving
    /// the check).
    OpponentInCheck,
    /// An en passant square whose double pawn push was played while `side` (to move now) was
    /// already in check (`squares`: the en passant square).
    EnPassantAfterCheck,
    /// A check on `side` (to move) that no legal last move can have given: three checkers,
    /// two that are neither bishop, rook nor queen, or two along one line (`squares`: the
    /// checking pieces).
    ImpossibleCheck,
    /// A check on `side` (to move) that the double pawn push the en passant square implies
    /// cannot have given (`squares`: the en passant square, then the checking pieces).
    CheckAfterDoublePush,
}

/// One reason the rules refuse a position, as data for a board editor: what is wrong, whose
/// pieces, and the squares to show (`setupProblems`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SetupProblem {
    /// What is wrong.
    pub kind: SetupProblemKind,
    /// The side it concerns, when it concerns one (the side without a king, in check, ...).
    pub side: Option<Side>,
    /// The squares to highlight, as each kind says; empty for `MissingKing`.
    pub squares: Vec<Square>,
    /// The same problem in English, as `setupFen`'s error names it ("White has no king").
    pub message: String,
}

/// Every reason the rules refuse `setup` (standard chess), as data, in the order
/// `setupFen`'s error names them; empty when the position is legal. A board editor highlights
/// the `squares` and words each `kind` in its own language.
///
/// The rules look at the pieces, the kings and the castling rights first and at checks and the
/// en passant square only once those are right, so a fix can bring a new problem to light (a
/// second king removed, the side not to move is found in check).
///
/// # Errors
/// `InvalidRequest` when `squares` does not hold 64 squares or a counter is out of range, as
/// `setupFen`.
#[uniffi::export]
pub fn setup_problems(setup: PositionSetup) -> Result<Vec<SetupProblem>, ChessError> {
    let core = core_setup(&setup)?;
    let Err(error) = Position::from_setup(&core) else {
        return Ok(Vec::new());
    };
    let pieces = |side: rules::Side, kind: Option<rules::PieceKind>| -> Vec<Square> {
        Square::all()
            .filter(|sq| {
                core.board[sq.index()]
                    .is_some_and(|p| p.side == side && kind.map_or(true, |k| p.kind == k))
            })
            .collect()
    };
    let list = |b: Bitboard| b.into_iter().collect::<Vec<Square>>();
    // A castling rook's side: White's on the first rank, Black's on the eighth.
    let back_rank_side = |rook: Square| {
        if rook.rank() == 0 {
            rules::Side::White
        } else {
            rules::Side::Black
        }
    };
    Ok(error
        .problems
        .iter()
        .map(|problem| {
            use rules::PositionProblem as P;
            let (kind, side, squares) = match problem {
                P::MissingKing(side) => (SetupProblemKind::MissingKing, Some(*side), Vec::new()),
                P::TooManyKings(side, _) => (
                    SetupProblemKind::TooManyKings,
                    Some(*side),
                    pieces(*side, Some(rules::PieceKind::King)),
                ),
                P::PawnOnBackRank(sq) => (
                    SetupProblemKind::PawnOnBackRank,
                    core.board[sq.index()].map(|p| p.side),
                    vec![*sq],
                ),
                P::TooManyPieces(side, _, _) => (
                    SetupProblemKind::TooManyPieces,
                    Some(*side),
                    pieces(*side, None),
                ),
                P::ImpossibleCastling(rook) => (
                    SetupProblemKind::ImpossibleCastling,
                    Some(back_rank_side(*rook)),
                    vec![*rook],
                ),
                P::ConflictingCastling(a, b) => (
                    SetupProblemKind::ConflictingCastling,
                    Some(back_rank_side(*a)),
                    vec![*a, *b],
                ),
                P::ImpossibleEnPassant(sq) => {
                    (SetupProblemKind::ImpossibleEnPassant, None, vec![*sq])
                }
                P::OpponentInCheck(side, giving) => {
                    let mut squares = pieces(*side, Some(rules::PieceKind::King));
                    squares.extend(list(*giving));
                    (SetupProblemKind::OpponentInCheck, Some(*side), squares)
                }
                P::EnPassantAfterCheck(sq, side) => (
                    SetupProblemKind::EnPassantAfterCheck,
                    Some(*side),
                    vec![*sq],
                ),
                P::ImpossibleCheck(_, checkers) => (
                    SetupProblemKind::ImpossibleCheck,
                    Some(core.side_to_move),
                    list(*checkers),
                ),
                P::CheckAfterDoublePush(ep, checkers) => {
                    let mut squares = vec![*ep];
                    squares.extend(list(*checkers));
                    (
                        SetupProblemKind::CheckAfterDoublePush,
                        Some(core.side_to_move),
                        squares,
                    )
                }
            };
            SetupProblem {
                kind,
                side: side.map(Into::into),
                squares,
                message: problem.to_string(),
            }
        })
        .collect())
}

/// The core's [`Setup`] of `setup` in standard chess, or `InvalidRequest` when it has not 64
/// squares or a counter is out of range.
fn core_setup(setup: &PositionSetup) -> Result<Setup, ChessError> {
    let mut core = Setup::empty();
    core.board = board(&setup.squares)?;
    core.side_to_move = setup.side_to_move.into();
    core.mode = CastlingMode::Standard;
    let mut rooks = Bitboard::EMPTY;
    for (on, (_, rook)) in rights_list(setup.castling).iter().zip(RIGHTS) {
        if *on {
            rooks |= Bitboard::from_square(rook);
        }
    }
    core.castling_rooks = rooks;
    core.en_passant = setup.en_passant;
    if setup.halfmove_clock > fen::MAX_HALFMOVE_CLOCK {
        return Err(ChessError::InvalidRequest(format!(
            "halfmove clock {} is above {}",
            setup.halfmove_clock,
            fen::MAX_HALFMOVE_CLOCK
        )));
    }
    if !(1..=fen::MAX_FULLMOVE_NUMBER).contains(&setup.fullmove_number) {
        return Err(ChessError::InvalidRequest(format!(
            "move number {} is not from 1 to {}",
            setup.fullmove_number,
            fen::MAX_FULLMOVE_NUMBER
        )));
    }
    core.halfmove_clock = setup.halfmove_clock;
    core.fullmove_number = setup.fullmove_number;
    Ok(core)
}

/// The setup of the position in `fen`, to edit it: its pieces, side to move, castling rights,
/// en passant square and counters, in standard chess: a Chess960 position's castling rights are
/// kept only where standard chess has them (a king on e1/e8 with its rook in the corner), so
/// that `setupFen` accepts the setup as it comes.
///
/// A well-formed FEN of a position the rules refuse (two white kings, a pawn on the back rank,
/// the side not to move in check) is read as it stands, so that an editor can show it with
/// what is wrong (`setupProblems`) and the person can put it right; its castling rights are
/// kept where the board allows them, its en passant square as written.
///
/// # Errors
/// `InvalidFen` when `fen` is not well formed (the field and what is wrong named).
#[uniffi::export]
pub fn setup_of_fen(fen: String) -> Result<PositionSetup, ChessError> {
    let written = fen::parse_setup(fen.trim())?;
    // A legal position's setup as the rules keep it (an en passant square no capture can use
    // dropped); an illegal one's as written.
    let setup = Position::from_setup(&written).map_or(written, |p| p.to_setup());
    let allowed = possible(&setup.board);
    let mut list = [false; 4];
    for (i, (_, rook)) in RIGHTS.iter().enumerate() {
        list[i] = allowed[i] && setup.castling_rooks.contains(*rook);
    }
    Ok(PositionSetup {
        squares: setup.board.iter().map(|p| p.map(Piece::from)).collect(),
        side_to_move: setup.side_to_move.into(),
        castling: rights_of(list),
        en_passant: setup.en_passant,
        halfmove_clock: setup.halfmove_clock,
        fullmove_number: setup.fullmove_number,
    })
}
