//! Plain values that cross the boundary: enums and records, converted from the core's types.

use crate::game::{self, GameError};
use crate::notation::san::{SanPlus, Suffix};
use crate::notation::{pgn::PgnError, uci};
use crate::rules::{self, Move, MoveKind, Position};

use super::tree::{MoveListItem, NodeAnnotations};
use super::{ChessError, ClockReading, Opening, Square};

/// One of the two players (not `Color`: Compose and SwiftUI own that name).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl From<rules::Side> for Side {
    fn from(s: rules::Side) -> Side {
        match s {
            rules::Side::White => Side::White,
            rules::Side::Black => Side::Black,
        }
    }
}

impl From<Side> for rules::Side {
    fn from(s: Side) -> rules::Side {
        match s {
            Side::White => rules::Side::White,
            Side::Black => rules::Side::Black,
        }
    }
}

/// The kind of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceKind {
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A king.
    King,
}

impl From<rules::PieceKind> for PieceKind {
    fn from(k: rules::PieceKind) -> PieceKind {
        match k {
            rules::PieceKind::Pawn => PieceKind::Pawn,
            rules::PieceKind::Knight => PieceKind::Knight,
            rules::PieceKind::Bishop => PieceKind::Bishop,
            rules::PieceKind::Rook => PieceKind::Rook,
            rules::PieceKind::Queen => PieceKind::Queen,
            rules::PieceKind::King => PieceKind::King,
        }
    }
}

impl From<PieceKind> for rules::PieceKind {
    fn from(k: PieceKind) -> rules::PieceKind {
        match k {
            PieceKind::Pawn => rules::PieceKind::Pawn,
            PieceKind::Knight => rules::PieceKind::Knight,
            PieceKind::Bishop => rules::PieceKind::Bishop,
            PieceKind::Rook => rules::PieceKind::Rook,
            PieceKind::Queen => rules::PieceKind::Queen,
            PieceKind::King => rules::PieceKind::King,
        }
    }
}

/// A piece: its side and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What kind of piece it is.
    pub kind: PieceKind,
}

impl From<rules::Piece> for Piece {
    fn from(p: rules::Piece) -> Piece {
        Piece {
            side: p.side.into(),
            kind: p.kind.into(),
        }
    }
}

/// The material difference of a position, from the pieces on the board alone (so it is right
/// for a set-up position, after a promotion, in Chess960), as chess apps show it beside each
/// player: the pieces each side has more of than the other, kind by kind, and the balance in
/// points (pawn 1, knight 3, bishop 3, rook 5, queen 9).
///
/// With a rook against a bishop and a knight: `whiteExtra` `[Rook]`, `blackExtra`
/// `[Bishop, Knight]`, `balance` -1. Both lists are empty and the balance 0 when the two sides
/// have the same pieces (the start position, after an even trade).
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct MaterialBalance {
    /// The pieces White has more of than Black, one entry per piece, queens first, then rooks,
    /// bishops, knights and pawns (two extra pawns: `[Pawn, Pawn]`).
    pub white_extra: Vec<PieceKind>,
    /// The pieces Black has more of than White, in the same order.
    pub black_extra: Vec<PieceKind>,
    /// White's points minus Black's: positive when White is ahead, negative when Black is, 0
    /// when even (also when the extra pieces of both sides are worth the same, e.g. a bishop
    /// for three pawns).
    pub balance: i32,
}

impl From<rules::MaterialBalance> for MaterialBalance {
    fn from(m: rules::MaterialBalance) -> MaterialBalance {
        let kinds = |list: Vec<rules::PieceKind>| list.into_iter().map(Into::into).collect();
        MaterialBalance {
            white_extra: kinds(m.extra.white),
            black_extra: kinds(m.extra.black),
            balance: m.balance,
        }
    }
}

/// Why a game was drawn (or why a draw may be claimed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (automatic).
    Stalemate,
    /// Neither side can ever checkmate (automatic).
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or pawn move (claimable).
    FiftyMoveRule,
    /// Seventy-five moves by each side without a capture or pawn move (automatic).
    SeventyFiveMoveRule,
    /// The same position for the third time (claimable).
    ThreefoldRepetition,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// Both players agreed.
    Agreement,
    /// A player's time ran out, but the opponent could never have checkmated (automatic).
    TimeoutVsInsufficientMaterial,
}

impl From<game::DrawReason> for DrawReason {
    fn from(r: game::DrawReason) -> DrawReason {
        match r {
            game::DrawReason::Stalemate => DrawReason::Stalemate,
            game::DrawReason::InsufficientMaterial => DrawReason::InsufficientMaterial,
            game::DrawReason::FiftyMoveRule => DrawReason::FiftyMoveRule,
            game::DrawReason::SeventyFiveMoveRule => DrawReason::SeventyFiveMoveRule,
            game::DrawReason::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
            game::DrawReason::FivefoldRepetition => DrawReason::FivefoldRepetition,
            game::DrawReason::Agreement => DrawReason::Agreement,
            game::DrawReason::TimeoutVsInsufficientMaterial => {
                DrawReason::TimeoutVsInsufficientMaterial
            }
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Outcome {
    /// `winner` checkmated the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Side,
    },
    /// The other side resigned.
    Resignation {
        /// The side that did not resign.
        winner: Side,
    },
    /// The other side's time ran out (its flag fell) while `winner` could still checkmate.
    TimeForfeit {
        /// The side whose time did not run out.
        winner: Side,
    },
    /// A draw, for `reason`.
    Draw {
        /// Why the game is drawn.
        reason: DrawReason,
    },
}

impl From<game::Outcome> for Outcome {
    fn from(o: game::Outcome) -> Outcome {
        match o {
            game::Outcome::Checkmate { winner } => Outcome::Checkmate {
                winner: winner.into(),
            },
            game::Outcome::Resignation { winner } => Outcome::Resignation {
                winner: winner.into(),
            },
            game::Outcome::TimeForfeit { winner } => Outcome::TimeForfeit {
                winner: winner.into(),
            },
            game::Outcome::Draw(reason) => Outcome::Draw {
                reason: reason.into(),
            },
        }
    }
}

/// Where a game stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameStatus {
    /// The game goes on. `claimableDraw` is set when the side to move may claim a draw now
    /// (threefold repetition or the fifty-move rule): offer it; it is not automatic.
    Ongoing {
        /// The draw the side to move may claim with `ChessGame.claimDraw()`, if any.
        claimable_draw: Option<DrawReason>,
    },
    /// The game has ended.
    Ended {
        /// How it ended.
        outcome: Outcome,
    },
}

/// A legal move, described for display and for playing it back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct LegalMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it lands on. For castling: the king's destination in standard chess (e.g.
    /// g1), the castling rook's square in Chess960 (the king "takes" its rook, e.g. h1; the
    /// king's destination could be its own square or one an ordinary king move also reaches).
    /// Passing `from` and `to` back to `ChessGame.play` plays this move.
    pub to: Square,
    /// The piece a pawn promotes to, if this is a promotion.
    pub promotion: Option<PieceKind>,
    /// The moving piece.
    pub piece: PieceKind,
    /// UCI notation, e.g. `e2e4`, `e7e8q`; castling `e1g1` in standard chess, `e1h1` (king
    /// takes rook) in Chess960.
    pub uci: String,
    /// Standard algebraic notation, e.g. `Nf3`, `exd5`, `O-O`, `e8=Q+`.
    pub san: String,
    /// `true` when the move captures (including en passant).
    pub is_capture: bool,
    /// The kind of piece the move captures (a pawn for en passant), `null`/`nil` when it
    /// captures nothing (castling included), e.g. to choose a capture sound for the last move.
    pub captured: Option<PieceKind>,
    /// `true` when the move gives check (or mate).
    pub is_check: bool,
    /// `true` when the move gives checkmate.
    pub is_checkmate: bool,
    /// `true` for castling.
    pub is_castle: bool,
    /// `true` for an en passant capture.
    pub is_en_passant: bool,
}

/// Describes each move of `line`, played one after another from `pos` (each legal where it is
/// played).
pub(crate) fn legal_move_line(mut pos: Position, line: &[Move]) -> Vec<LegalMove> {
    line.iter()
        .map(|&m| {
            let described = legal_move(&pos, m);
            pos.make_move(m);
            described
        })
        .collect()
}

/// Describes `m`, legal in `pos`; the check and mate flags come from the position after it.
pub(crate) fn legal_move(pos: &Position, m: Move) -> LegalMove {
    let uci_move = uci::UciMove::from_move_in(m, pos.castling_mode());
    let piece = pos
        .piece_at(m.from())
        .map_or(PieceKind::Pawn, |p| p.kind.into());
    let (san, suffix) = match SanPlus::from_move(pos, m) {
        Some(s) => (s.to_string(), s.suffix),
        None => (uci_move.to_string(), None),
    };
    LegalMove {
        from: uci_move.from,
        to: uci_move.to,
        promotion: m.promotion_kind().map(Into::into),
        piece,
        uci: uci_move.to_string(),
        is_capture: pos.is_capture(m),
        captured: pos.captured_piece(m).map(|p| p.kind.into()),
        is_check: suffix.is_some(),
        is_checkmate: suffix == Some(Suffix::Checkmate),
        is_castle: m.kind() == MoveKind::Castle,
        is_en_passant: m.kind() == MoveKind::EnPassant,
        san,
    }
}

/// Everything a board UI draws, in one value: take one after every change.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSnapshot {
    /// The current position in FEN.
    pub fen: String,
    /// The side to move.
    pub side_to_move: Side,
    /// The 64 squares, index 0 = a1, 1 = b1, ..., 63 = h8; `null`/`nil` when empty.
    pub squares: Vec<Option<Piece>>,
    /// Every legal move in the position (empty when the game has ended).
    pub legal_moves: Vec<LegalMove>,
    /// The last move played, if any.
    pub last_move: Option<LegalMove>,
    /// The square of the king in check, if the side to move is in check.
    pub check_square: Option<Square>,
    /// The material difference on the board, to show beside each player: each side's extra
    /// pieces and the balance in points.
    pub material: MaterialBalance,
    /// Ongoing (with a claimable draw, if any) or ended (with the outcome).
    pub status: GameStatus,
    /// The moves from the start to the current position, in SAN.
    pub san_history: Vec<String>,
    /// The main line as numbered rows for a two-column move list ("12. Nf3 Nc6"), with the node
    /// of each move; a game that starts with Black to move has a first row without a White move.
    pub move_rows: Vec<MoveRow>,
    /// The whole tree (main line, variations, comments) as a flat list in reading order, for an
    /// inline move list: see `MoveListItem`. One item per move when there are no variations or
    /// comments.
    pub move_list: Vec<MoveListItem>,
    /// The current node: the move that led to this position (0: the start position).
    pub node: u32,
    /// The current node's annotations: its comments and NAGs, and the squares and arrows to
    /// draw on the board.
    pub annotations: NodeAnnotations,
    /// `true` when the current node is on the main line.
    pub on_main_line: bool,
    /// `true` when `undo()` would take something back.
    pub can_undo: bool,
    /// `true` when `redo()` would replay a move.
    pub can_redo: bool,
    /// `true` when `goBack()` would move (not at the start).
    pub can_go_back: bool,
    /// `true` when `goForward()` would move (the current line goes on).
    pub can_go_forward: bool,
    /// The number of moves (plies) from the start to the current position.
    pub ply: u32,
    /// The move number shown in notation (1 at the start).
    pub fullmove_number: u32,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// How many times the current position has occurred (1 the first time).
    pub repetition_count: u32,
    /// The Zobrist key of the position: engine results carry the key of the position they
    /// were computed for, so an app can ignore a result whose key differs.
    pub position_key: u64,
    /// `true` in a Chess960 game: castling moves go king-onto-rook (see `LegalMove.to`).
    pub chess960: bool,
    /// The opening of the current position: the last named position on the way from the start
    /// (so a game that left the book keeps its name; `null`/`nil` before the first named one).
    pub opening: Option<Opening>,
    /// The game's clock as of its last event (start, move, pause; see `ClockReading.atMs`), or
    /// `null`/`nil` without a time control. While it runs, draw the times from
    /// `ChessGame.clock(nowMs)`, which reads it at the current instant.
    pub clock: Option<ClockReading>,
    /// The legal moves with which the side to move may claim a draw, as FIDE's Laws allow a
    /// claim announced with the move (9.2.1.1, 9.3.1): each would make the position occur for
    /// the third time or complete fifty moves without a capture or pawn move (claim with
    /// `ChessGame.claimDrawWith`). Empty when the game is over, and in most positions.
    pub draw_claim_moves: Vec<DrawClaimMove>,
}

/// A move with which the side to move may claim a draw (`GameSnapshot.drawClaimMoves`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DrawClaimMove {
    /// The move.
    pub legal_move: LegalMove,
    /// The draw it allows: threefold repetition or the fifty-move rule.
    pub reason: DrawReason,
}

/// A piece pinned to its own king: it may move only along the line to the pinner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Pin {
    /// The pinned piece's square.
    pub pinned: Square,
    /// The square of the bishop, rook or queen that pins it.
    pub pinner: Square,
}

impl From<rules::Pin> for Pin {
    fn from(p: rules::Pin) -> Pin {
        Pin {
            pinned: p.pinned,
            pinner: p.pinner,
        }
    }
}

/// One numbered row of the main line: White's move and Black's reply.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct MoveRow {
    /// The move number.
    pub number: u32,
    /// White's move in SAN (`null`/`nil` when the game started with Black to move).
    pub white: Option<String>,
    /// Black's move in SAN (`null`/`nil` when Black has not replied yet).
    pub black: Option<String>,
    /// The node of White's move (for `goTo`, and to mark the current move).
    pub white_node: Option<u32>,
    /// The node of Black's move.
    pub black_node: Option<u32>,
}

/// Converts a game error into the error the apps see.
impl From<GameError> for ChessError {
    fn from(e: GameError) -> ChessError {
        let text = e.to_string();
        match e {
            GameError::Fen(_) => ChessError::InvalidFen(text),
            GameError::Uci(u) => u.into(),
            GameError::San(san) => super::error::san_error(&san, text),
            GameError::Pgn(PgnError { .. }) => ChessError::InvalidPgn(text),
            GameError::IllegalMove(_) => ChessError::IllegalMove(text),
            GameError::GameOver(_) => ChessError::GameOver(text),
            GameError::NothingToClaim
            | GameError::NoDrawWith { .. }
            | GameError::NoSuchNode(_)
            | GameError::NoSuchMainLinePly(_)
            | GameError::CannotDeleteRoot
            | GameError::NagOnStart(_)
            | GameError::ArrowToItself(_)
            | GameError::NagsOfOneGroup(..)
            | GameError::ClockElsewhere { .. }
            | GameError::TooDeep
            | GameError::InvalidTag(_) => ChessError::InvalidRequest(text),
            GameError::InvalidSave(_) => ChessError::InvalidSavedGame(text),
            GameError::Clock(clock) => clock.into(),
            GameError::TimedGame(call) => super::clock::untimed_call_refused(call),
        }
    }
}
