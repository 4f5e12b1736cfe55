//! The position: where the pieces stand, whose move it is, and the rights that go with it.
//! Move generation lives in [`super::movegen`].

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::square::Square;
use super::types::{BySide, Piece, PieceKind, Side};
use super::zobrist::{piece_key, KEYS};
use std::fmt;

/// What a FEN (or any other source) says about a position, before it is checked.
///
/// Turn it into a [`Position`] with [`Position::from_setup`], which validates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub side_to_move: Side,
    /// The rooks that still have castling rights, by their squares.
    pub castling_rooks: Bitboard,
    /// The en passant target square (the square a pawn skipped), if any.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmove_number: u32,
    /// Whether the game is Chess960 (castling rights may then belong to any rook on the back
    /// rank, and UCI writes castling as the king taking its rook). See [`CastlingMode`].
    pub mode: CastlingMode,
}

impl Setup {
    /// An empty board, White to move, no rights, move 1, standard chess.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            side_to_move: Side::White,
            castling_rooks: Bitboard::EMPTY,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// `true` when standard chess can have these castling rights: every rook with a right stands
    /// in a corner and its king on e1 or e8. Otherwise only Chess960 can (or nothing: a right
    /// whose rook or king is missing is wrong in both).
    pub fn has_standard_castling(&self) -> bool {
        self.castling_rooks.into_iter().all(|rook| {
            let (side, home) = match rook.rank() {
                0 => (Side::White, 0),
                7 => (Side::Black, 7),
                _ => return true, // wrong in both variants; reported by validation
            };
            let king = Square::from_coords(4, home).map(|sq| self.board[sq.index()]);
            (rook.file() == 0 || rook.file() == 7)
                && king == Some(Some(Piece::new(side, PieceKind::King)))
        })
    }
}

/// Standard chess or Chess960 (Fischer random chess).
///
/// The two differ only in castling: in Chess960 the king and its rooks may start on any squares
/// of the back rank (king between the rooks), castling rights therefore belong to arbitrary rooks,
/// and the UCI protocol writes castling as the king moving onto its own rook (`e1h1`) rather
/// than by the king's destination (`e1g1`). After castling, king and rook stand where they would
/// in standard chess (g1/f1 or c1/d1). Every standard position is also a Chess960 position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: castling rights only with the king on e1/e8 and rooks in the corners.
    #[default]
    Standard,
    /// Chess960: castling rights with any rook on the king's back rank, one on each side of it.
    Chess960,
}

impl CastlingMode {
    /// `true` for [`CastlingMode::Chess960`].
    #[inline]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// One thing wrong with a [`Setup`], found by [`Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Side),
    /// A side has more than one king.
    #[error("{0} has {1} kings")]
    TooManyKings(Side, u32),
    /// A pawn stands on the first or eighth rank.
    #[error("pawn on the back rank at {0}")]
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces, or more than 8 pawns.
    #[error("{0} has too many pieces ({1} pieces, {2} pawns)")]
    TooManyPieces(Side, u32, u32),
    /// A castling right whose king or rook is not where it can castle from: the rook and the
    /// king must stand on their side's back rank (in standard chess the king on e1/e8 and the
    /// rook in a corner).
    #[error("castling right for the rook on {0} is impossible: the king and that rook must stand on their back rank (in standard chess: the king on e1/e8, the rook in a corner)")]
    ImpossibleCastling(Square),
    /// Castling rights for two rooks on the same side of their king: one rook per side may
    /// castle.
    #[error("castling rights for both rooks on {0} and {1}, which stand on the same side of their king: only one rook on each side can castle")]
    ConflictingCastling(Square, Square),
    /// An en passant square that no double pawn push can have produced.
    #[error("en passant square {0} is impossible: it needs an empty square behind a pawn that just moved two squares")]
    ImpossibleEnPassant(Square),
    /// The side that just moved has left its king in check (from the pieces on the squares
    /// given).
    #[error("the side not to move ({0}) is in check")]
    OpponentInCheck(Side, Bitboard),
    /// An en passant square whose double pawn push was played while the side to move now stood
    /// in check: the position before it was not legal (whether or not there is a check now).
    #[error("en passant square {0} is impossible: before the double pawn push it implies, {1} (to move now) was already in check")]
    EnPassantAfterCheck(Square, Side),
    /// A check that no legal last move can have given: more than two checkers, two checkers
    /// none of which is a slider, or two checkers on one line through the king. The squares
    /// are the checkers'.
    #[error("impossible check: {0}")]
    ImpossibleCheck(String, Bitboard),
    /// A check that the double pawn push implied by the en passant square (the first value)
    /// cannot have given, from the pieces on the squares given.
    #[error("impossible check: the en passant square {0} says the last move was a double pawn push, which cannot have given this check")]
    CheckAfterDoublePush(Square, Bitboard),
}

/// Why a [`Setup`] is not a legal position: every problem found, in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The problems, at least one.
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// What [`Position::make_move`] needs to take a move back with [`Position::unmake_move`].
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    captured: Option<Piece>,
    castling: Bitboard,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    key: u64,
    checkers: Bitboard,
}

/// A legal chess position with bitboards, a mailbox, and an incrementally updated Zobrist key.
///
/// Make a move with [`Position::make_move`] and take it back with [`Position::unmake_move`]; the
/// position is never copied during search. The en passant square is kept only when a legal en
/// passant capture exists, so that two positions with the same possible moves have the same key
/// (the FIDE definition of a repeated position).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    by_kind: [Bitboard; 6],
    by_side: BySide<Bitboard>,
    board: [Option<Piece>; 64],
    side_to_move: Side,
    castling: Bitboard,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    key: u64,
    checkers: Bitboard,
    mode: CastlingMode,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        let mut setup = Setup::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (file, kind) in back.into_iter().enumerate() {
            let file = file as u32;
            setup.board[file as usize] = Some(Piece::new(Side::White, kind));
            setup.board[8 + file as usize] = Some(Piece::new(Side::White, PieceKind::Pawn));
            setup.board[48 + file as usize] = Some(Piece::new(Side::Black, PieceKind::Pawn));
            setup.board[56 + file as usize] = Some(Piece::new(Side::Black, kind));
        }
        setup.castling_rooks = Bitboard::from_square(Square::A1)
            | Bitboard::from_square(Square::H1)
            | Bitboard::from_square(Square::A8)
            | Bitboard::from_square(Square::H8);
        match Position::from_setup(&setup) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the starting position is legal: {e}"),
        }
    }

    /// Validates a [`Setup`] and builds the position.
    ///
    /// Accepted: any placement with one king each, no pawn on a back rank, at most 16 pieces
    /// and 8 pawns a side, castling rights only for a rook on its side's back rank with its king
    /// on that rank too, at most one such rook on each side of the king (standard chess: the
    /// king on e1/e8 and the rooks in the corners), an en passant square only behind a pawn that
    /// can have just made a double push, and the side not to move not in check. An en passant
    /// square that is possible but allows no legal capture is dropped.
    ///
    /// # Errors
    /// [`PositionError`] listing every problem found.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut pos = Position {
            by_kind: [Bitboard::EMPTY; 6],
            by_side: BySide::default(),
            board: [None; 64],
            side_to_move: setup.side_to_move,
            castling: Bitboard::EMPTY,
            en_passant: None,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
            key: 0,
            checkers: Bitboard::EMPTY,
            mode: setup.mode,
        };
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                if piece.kind == PieceKind::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                    problems.push(PositionProblem::PawnOnBackRank(sq));
                }
                pos.put(piece, sq);
            }
        }
        for side in Side::ALL {
            let kings = pos.pieces(side, PieceKind::King).count();
            if kings == 0 {
                problems.push(PositionProblem::MissingKing(side));
            } else if kings > 1 {
                problems.push(PositionProblem::TooManyKings(side, kings));
            }
            let total = pos.by_side[side].count();
            let pawns = pos.pieces(side, PieceKind::Pawn).count();
            if total > 16 || pawns > 8 {
                problems.push(PositionProblem::TooManyPieces(side, total, pawns));
            }
        }
        // The rook with a right on each side of each king: (a-side, h-side).
        let mut sides: BySide<(Option<Square>, Option<Square>)> = BySide::default();
        for rook in setup.castling_rooks {
            let side = if rook.rank() == 0 {
                Side::White
            } else {
                Side::Black
            };
            let home = if side == Side::White { 0 } else { 7 };
            let king = pos.pieces(side, PieceKind::King).single();
            let king_ok = match (king, setup.mode) {
                (Some(k), CastlingMode::Standard) => k.rank() == home && k.file() == 4,
                (Some(k), CastlingMode::Chess960) => k.rank() == home,
                (None, _) => false,
            };
            let rook_ok = rook.rank() == home
                && pos.piece_at(rook) == Some(Piece::new(side, PieceKind::Rook))
                && (setup.mode.is_chess960() || rook.file() == 0 || rook.file() == 7);
            match king {
                Some(king) if king_ok && rook_ok => {
                    let slot = if rook.file() < king.file() {
                        &mut sides[side].0
                    } else {
                        &mut sides[side].1
                    };
                    match slot {
                        Some(other) => {
                            problems.push(PositionProblem::ConflictingCastling(*other, rook))
                        }
                        None => {
                            *slot = Some(rook);
                            pos.castling = pos.castling.with(rook);
                        }
                    }
                }
                _ => problems.push(PositionProblem::ImpossibleCastling(rook)),
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let us = pos.side_to_move;
        let them = !us;
        let their_king = pos.king_square(them);
        let giving = pos.attackers_to(their_king, pos.occupied()) & pos.by_side[us];
        if giving != Bitboard::EMPTY {
            problems.push(PositionProblem::OpponentInCheck(them, giving));
        }
        pos.checkers = pos.attackers_to(pos.king_square(us), pos.occupied()) & pos.by_side[them];
        if let Some(reason) = pos.impossible_check_reason() {
            problems.push(PositionProblem::ImpossibleCheck(reason, pos.checkers));
        }
        if let Some(ep) = setup.en_passant {
            // The pawn that just moved stands in front of `ep` (from the mover's view) and the
            // square it came from and `ep` itself are empty.
            let (ep_rank, pushed) = match us {
                Side::White => (5, ep.offset(0, -1)),
                Side::Black => (2, ep.offset(0, 1)),
            };
            let origin = match us {
                Side::White => ep.offset(0, 1),
                Side::Black => ep.offset(0, -1),
            };
            let ok = ep.rank() == ep_rank
                && pushed
                    .is_some_and(|s| pos.piece_at(s) == Some(Piece::new(them, PieceKind::Pawn)))
                && origin.is_some_and(|s| pos.piece_at(s).is_none())
                && pos.piece_at(ep).is_none();
            let king = pos.king_square(us);
            let explains_check = |checker: Square| {
                // The check was given by the pushed pawn, or uncovered when it left its square.
                Some(checker) == pushed
                    || origin.is_some_and(|o| attacks::between(king, checker).contains(o))
            };
            if ok && !pos.checkers.into_iter().all(explains_check) {
                problems.push(PositionProblem::CheckAfterDoublePush(ep, pos.checkers));
            } else if ok && pos.in_check_before_push(pushed, origin) {
                problems.push(PositionProblem::EnPassantAfterCheck(ep, us));
            } else if ok {
                pos.en_passant = Some(ep);
            } else {
                problems.push(PositionProblem::ImpossibleEnPassant(ep));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        if pos.en_passant.is_some() && !pos.has_legal_en_passant() {
            pos.en_passant = None;
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// Whether the side to move stood in check before the double push that the en passant
    /// square implies: with the pawn back on `origin` (from `pushed`), the other side was to move
    /// then, so that position was not legal (FIDE 3.9: a move may not leave one's king in check).
    fn in_check_before_push(&self, pushed: Option<Square>, origin: Option<Square>) -> bool {
        let (Some(pushed), Some(origin)) = (pushed, origin) else {
            return false;
        };
        let us = self.side_to_move;
        let king = self.king_square(us);
        let occupied =
            (self.occupied() & !Bitboard::from_square(pushed)) | Bitboard::from_square(origin);
        let attackers =
            self.attackers_to(king, occupied) & self.by_side[!us] & !Bitboard::from_square(pushed);
        let pawn_on_origin = attacks::pawn_attacks(us, king).contains(origin);
        attackers.any() || pawn_on_origin
    }

    /// Why the checks on the side to move cannot come from any legal last move, if they cannot.
    fn impossible_check_reason(&self) -> Option<String> {
        let n = self.checkers.count();
        if n > 2 {
            return Some(format!("{n} pieces give check; at most two can"));
        }
        if n == 2 {
            let king = self.king_square(self.side_to_move);
            let sliders = self.by_kind[PieceKind::Bishop.index()]
                | self.by_kind[PieceKind::Rook.index()]
                | self.by_kind[PieceKind::Queen.index()];
            // A double check is one check by the piece that moved and one it uncovered, which
            // is a slider's, on another line through the king.
            if (self.checkers & sliders).is_empty() {
                return Some("two pieces give check and neither is a bishop, rook or queen".into());
            }
            let mut it = self.checkers;
            if let (Some(a), Some(b)) = (it.next(), it.next()) {
                // No single move gives one check and uncovers another along the same line
                // (even en passant vacates only two adjacent squares).
                if attacks::line(king, a).contains(b) {
                    return Some(format!("the checks from {a} and {b} come along one line"));
                }
            }
        }
        None
    }

    /// The position as an unvalidated [`Setup`] (e.g. to edit it and validate again).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            side_to_move: self.side_to_move,
            castling_rooks: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            mode: self.mode,
        }
    }

    /// Standard chess or Chess960: decides how castling is written in UCI and which castling
    /// rights are possible. Playing moves never changes it.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// `true` when the position belongs to a Chess960 game.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.mode.is_chess960()
    }

    /// The same position in another [`CastlingMode`].
    ///
    /// # Errors
    /// [`PositionProblem::ImpossibleCastling`] when switching to standard chess a position whose
    /// castling rights only Chess960 can have.
    pub fn with_castling_mode(&self, mode: CastlingMode) -> Result<Position, PositionError> {
        if mode == self.mode {
            return Ok(self.clone());
        }
        if mode.is_chess960() {
            let mut pos = self.clone();
            pos.mode = mode;
            return Ok(pos);
        }
        let mut setup = self.to_setup();
        setup.mode = mode;
        Position::from_setup(&setup)
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_kind[piece.kind.index()] |= bb;
        self.by_side[piece.side] |= bb;
        self.board[sq.index()] = Some(piece);
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_kind[piece.kind.index()] ^= bb;
        self.by_side[piece.side] ^= bb;
        self.board[sq.index()] = None;
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(piece) = self.board[sq.index()] {
                key ^= piece_key(piece, sq);
            }
        }
        for rook in self.castling {
            key ^= KEYS.castling[rook.index()];
        }
        if let Some(ep) = self.en_passant {
            key ^= KEYS.en_passant_file[ep.file() as usize];
        }
        if self.side_to_move == Side::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_side[side]
    }

    /// The squares of all pieces of `kind`, both sides.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of all of `side`'s pieces.
    #[inline]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.by_side[side]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_side.white | self.by_side.black
    }

    /// The square of `side`'s king.
    #[inline]
    pub fn king_square(&self, side: Side) -> Square {
        match self.pieces(side, PieceKind::King).first() {
            Some(sq) => sq,
            None => unreachable!("a validated position has both kings"),
        }
    }

    /// The rooks that still have castling rights, by their squares.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The en passant square, kept only when a legal en passant capture exists.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (1 at the start, incremented after each Black move).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist key of the position (pieces, side to move, castling rights, en passant).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key after `m`, computed without making it: exact unless `m` is a castle, an
    /// en passant capture, a double push that allows en passant or a move that changes the
    /// castling rights (then only close). For prefetching the child's table entry early.
    #[inline]
    pub(crate) fn key_after_hint(&self, m: Move) -> u64 {
        let (from, to) = (m.from(), m.to());
        let mut key = self.key ^ KEYS.black_to_move;
        if let Some(ep) = self.en_passant {
            key ^= KEYS.en_passant_file[ep.file() as usize];
        }
        let Some(moving) = self.board[from.index()] else {
            return key;
        };
        let placed = match m.kind() {
            MoveKind::Castle => return key,
            MoveKind::Promotion(k) => Piece::new(moving.side, k),
            _ => moving,
        };
        if let Some(captured) = self.board[to.index()] {
            key ^= piece_key(captured, to);
        }
        key ^ piece_key(moving, from) ^ piece_key(placed, to)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// `true` when the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// Every piece of either side that attacks `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diag = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let orth = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        (attacks::pawn_attacks(Side::White, sq) & self.pieces(Side::Black, PieceKind::Pawn))
            | (attacks::pawn_attacks(Side::Black, sq) & self.pieces(Side::White, PieceKind::Pawn))
            | (attacks::knight_attacks(sq) & self.by_kind[PieceKind::Knight.index()])
            | (attacks::king_attacks(sq) & self.by_kind[PieceKind::King.index()])
            | (attacks::bishop_attacks(sq, occupied) & diag)
            | (attacks::rook_attacks(sq, occupied) & orth)
    }

    /// `true` when a piece of `side` attacks `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked_by(&self, side: Side, sq: Square, occupied: Bitboard) -> bool {
        let them = self.by_side[side];
        let diag = (self.by_kind[PieceKind::Bishop.index()]
            | self.by_kind[PieceKind::Queen.index()])
            & them;
        let orth =
            (self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()]) & them;
        (attacks::pawn_attacks(!side, sq) & self.pieces(side, PieceKind::Pawn)).any()
            || (attacks::knight_attacks(sq) & self.pieces(side, PieceKind::Knight)).any()
            || (attacks::king_attacks(sq) & self.pieces(side, PieceKind::King)).any()
            || (diag.any() && (attacks::bishop_attacks(sq, occupied) & diag).any())
            || (orth.any() && (attacks::rook_attacks(sq, occupied) & orth).any())
    }

    /// The pieces of `side` pinned to their own king (they may move only along the pin line).
    pub fn pinned(&self, side: Side) -> Bitboard {
        let king = self.king_square(side);
        let them = self.by_side[!side];
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY)
            & (self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()]))
            | (attacks::bishop_attacks(king, Bitboard::EMPTY)
                & (self.by_kind[PieceKind::Bishop.index()]
                    | self.by_kind[PieceKind::Queen.index()])))
            & them;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.by_side[side];
            }
        }
        pinned
    }

    /// Where the king and the rook end up when castling with the rook on `rook`.
    #[inline]
    pub(crate) fn castle_targets(king: Square, rook: Square) -> (Square, Square) {
        let rank = king.rank();
        if rook.file() > king.file() {
            (
                Square::new_unchecked(rank * 8 + 6),
                Square::new_unchecked(rank * 8 + 5),
            )
        } else {
            (
                Square::new_unchecked(rank * 8 + 2),
                Square::new_unchecked(rank * 8 + 3),
            )
        }
    }

    /// `true` when the side to move has a legal en passant capture on the current square.
    fn has_legal_en_passant(&self) -> bool {
        let Some(ep) = self.en_passant else {
            return false;
        };
        let us = self.side_to_move;
        let capturers = attacks::pawn_attacks(!us, ep) & self.pieces(us, PieceKind::Pawn);
        {
            let mut it = capturers;
            Iterator::any(&mut it, |from| self.en_passant_is_legal(from, ep))
        }
    }

    /// `true` when the pawn on `from` may capture en passant onto `ep` without exposing its king.
    #[inline]
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.side_to_move;
        let them = !us;
        let captured =
            Square::new_unchecked(ep.rank().wrapping_add_signed(-us.sign()) * 8 + ep.file());
        let occupied =
            (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
        let king = self.king_square(us);
        let diag = (self.by_kind[PieceKind::Bishop.index()]
            | self.by_kind[PieceKind::Queen.index()])
            & self.by_side[them];
        let orth = (self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()])
            & self.by_side[them];
        let non_sliders_checking =
            self.checkers & !(diag | orth) & !Bitboard::from_square(captured);
        non_sliders_checking.is_empty()
            && (attacks::bishop_attacks(king, occupied) & diag).is_empty()
            && (attacks::rook_attacks(king, occupied) & orth).is_empty()
    }

    /// What taking back the next move needs, before that move changes anything.
    #[inline]
    fn undo_record(&self) -> Undo {
        Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            key: self.key,
            checkers: self.checkers,
        }
    }

    /// Plays `m`, which must be legal in this position (as produced by move generation or checked
    /// with [`Position::is_legal`]), and returns what [`Position::unmake_move`] needs.
    ///
    /// Playing an illegal move leaves the position inconsistent; [`crate::game::Game::play`] is
    /// the checked way to play a move.
    pub fn make_move(&mut self, m: Move) -> Undo {
        let undo = self.undo_record();
        let us = self.side_to_move;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let Some(moving) = self.board[from.index()] else {
            debug_assert!(false, "no piece on {from} for {m:?}");
            return undo;
        };
        let mut undo = undo;
        let mut key = self.key ^ KEYS.black_to_move;
        if let Some(ep) = self.en_passant.take() {
            key ^= KEYS.en_passant_file[ep.file() as usize];
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);

        match m.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, PieceKind::Rook);
                let (king_to, rook_to) = Position::castle_targets(from, to);
                self.remove(moving, from);
                self.remove(rook, to);
                self.put(moving, king_to);
                self.put(rook, rook_to);
                key ^= piece_key(moving, from)
                    ^ piece_key(moving, king_to)
                    ^ piece_key(rook, to)
                    ^ piece_key(rook, rook_to);
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::new_unchecked(from.rank() * 8 + to.file());
                let captured = Piece::new(them, PieceKind::Pawn);
                self.remove(captured, captured_sq);
                self.remove(moving, from);
                self.put(moving, to);
                key ^= piece_key(captured, captured_sq)
                    ^ piece_key(moving, from)
                    ^ piece_key(moving, to);
                undo.captured = Some(captured);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.board[to.index()] {
                    self.remove(captured, to);
                    key ^= piece_key(captured, to);
                    undo.captured = Some(captured);
                    self.halfmove_clock = 0;
                }
                self.remove(moving, from);
                let placed = match kind {
                    MoveKind::Promotion(k) => Piece::new(us, k),
                    _ => moving,
                };
                self.put(placed, to);
                key ^= piece_key(moving, from) ^ piece_key(placed, to);
                if moving.kind == PieceKind::Pawn {
                    self.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        let ep = Square::new_unchecked((from.index() + to.index()) as u32 / 2);
                        if (attacks::pawn_attacks(us, ep) & self.pieces(them, PieceKind::Pawn))
                            .any()
                        {
                            self.en_passant = Some(ep);
                        }
                    }
                }
            }
        }

        // Castling rights: a king move loses both, and any move from or to a rook's square loses
        // that rook's right (this also covers the rook being captured at home).
        if self.castling.any() {
            let mut lost =
                self.castling & (Bitboard::from_square(from) | Bitboard::from_square(to));
            if moving.kind == PieceKind::King {
                lost |= self.castling & Bitboard::rank(if us == Side::White { 0 } else { 7 });
            }
            for rook in lost {
                key ^= KEYS.castling[rook.index()];
            }
            self.castling = self.castling - lost;
        }

        if us == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side_to_move = them;
        let king = self.king_square(them);
        self.checkers = self.attackers_to(king, self.occupied()) & self.by_side[us];
        if self.en_passant.is_some() {
            if self.has_legal_en_passant() {
                if let Some(ep) = self.en_passant {
                    key ^= KEYS.en_passant_file[ep.file() as usize];
                }
            } else {
                self.en_passant = None;
            }
        }
        self.key = key;
        undo
    }

    /// Takes back `m`, the last move made with [`Position::make_move`], given its [`Undo`].
    pub fn unmake_move(&mut self, m: Move, undo: &Undo) {
        let them = self.side_to_move;
        let us = !them;
        let from = m.from();
        let to = m.to();
        match m.kind() {
            MoveKind::Castle => {
                let king = Piece::new(us, PieceKind::King);
                let rook = Piece::new(us, PieceKind::Rook);
                let (king_to, rook_to) = Position::castle_targets(from, to);
                self.remove(king, king_to);
                self.remove(rook, rook_to);
                self.put(king, from);
                self.put(rook, to);
            }
            MoveKind::EnPassant => {
                let pawn = Piece::new(us, PieceKind::Pawn);
                self.remove(pawn, to);
                self.put(pawn, from);
                let captured_sq = Square::new_unchecked(from.rank() * 8 + to.file());
                self.put(Piece::new(them, PieceKind::Pawn), captured_sq);
            }
            kind => {
                if let Some(placed) = self.board[to.index()] {
                    self.remove(placed, to);
                    let original = match kind {
                        MoveKind::Promotion(_) => Piece::new(us, PieceKind::Pawn),
                        _ => placed,
                    };
                    self.put(original, from);
                }
                if let Some(captured) = undo.captured {
                    self.put(captured, to);
                }
            }
        }
        if us == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_sub(1).max(1);
        }
        self.side_to_move = us;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
        self.checkers = undo.checkers;
    }

    /// Passes the move to the opponent without moving a piece (for null-move pruning). The side
    /// to move must not be in check. Take it back with [`Position::unmake_null_move`].
    pub fn make_null_move(&mut self) -> Undo {
        debug_assert!(!self.is_check());
        let undo = self.undo_record();
        let mut key = self.key ^ KEYS.black_to_move;
        if let Some(ep) = self.en_passant.take() {
            key ^= KEYS.en_passant_file[ep.file() as usize];
        }
        self.key = key;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.side_to_move = !self.side_to_move;
        self.checkers = Bitboard::EMPTY;
        undo
    }

    /// Takes back a null move made with [`Position::make_null_move`].
    pub fn unmake_null_move(&mut self, undo: &Undo) {
        self.side_to_move = !self.side_to_move;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
        self.checkers = undo.checkers;
    }

    /// The piece `m` captures, if any (the pawn for en passant; nothing for castling).
    #[inline]
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        match m.kind() {
            MoveKind::Castle => None,
            MoveKind::EnPassant => Some(Piece::new(!self.side_to_move, PieceKind::Pawn)),
            _ => self.board[m.to().index()],
        }
    }

    /// `true` when `m` captures something.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured_piece(m).is_some()
    }

    /// `true` when neither side has enough material left to checkmate by any series of legal
    /// moves: K v K, K+minor v K, and kings with bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_kind[PieceKind::Pawn.index()]
            | self.by_kind[PieceKind::Rook.index()]
            | self.by_kind[PieceKind::Queen.index()];
        if heavy.any() {
            return false;
        }
        let knights = self.by_kind[PieceKind::Knight.index()];
        let bishops = self.by_kind[PieceKind::Bishop.index()];
        if knights.any() {
            // A lone knight (and nothing else) cannot mate; two knights or knight + bishop can
            // (helpmate), as can a knight against any other piece.
            return knights.count() == 1 && bishops.is_empty();
        }
        // Only bishops: no mate is possible when they all stand on squares of one colour.
        (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::new_unchecked(rank * 8 + file);
                let c = self.board[sq.index()].map_or('.', |p| p.fen_char());
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "{} to move, castling {:?}, ep {:?}, key {:016x}",
            self.side_to_move,
            self.castling.collect::<Vec<_>>(),
            self.en_passant,
            self.key
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_after_hint_is_exact_unless_castling_or_en_passant_change() {
        // Pseudo-random games (a fixed LCG), every legal move of every position checked.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut exact, mut total) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter() {
                    let hint = pos.key_after_hint(m);
                    let mut after = pos.clone();
                    after.make_move(m);
                    total += 1;
                    exact += (hint == after.key()) as usize;
                    let simple = !matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant)
                        && after.castling == pos.castling
                        && after.en_passant.is_none();
                    if simple {
                        assert_eq!(hint, after.key(), "{m:?} in {:?}", pos.board);
                    }
                }
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = moves[(state >> 33) as usize % moves.len()];
                pos.make_move(m);
            }
        }
        assert!(exact * 100 >= total * 95, "exact {exact} of {total}");
    }

    fn chess960(fen: &str) -> Position {
        crate::notation::fen::parse_with_mode(fen, CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn castles(pos: &Position) -> Vec<(Square, Square)> {
        pos.legal_moves()
            .iter()
            .filter(|m| m.is_castle())
            .map(|m| (m.from(), m.to()))
            .collect()
    }

    /// Plays the castle with the rook on `rook` and returns where king and rook end up, checking
    /// that unmaking restores the position and that the key is the recomputed one.
    fn castle(pos: &Position, rook: Square) -> (Square, Square) {
        let king = pos.king_square(pos.side_to_move());
        let m = Move::castle(king, rook);
        assert!(pos.is_legal(m), "{m:?} in {pos:?}");
        let mut after = pos.clone();
        let undo = after.make_move(m);
        assert_eq!(after.key(), after.compute_key());
        let us = pos.side_to_move();
        let k = after.king_square(us);
        let r = (after.pieces(us, PieceKind::Rook) - pos.pieces(us, PieceKind::Rook))
            .first()
            .unwrap_or(rook);
        assert!(after.castling_rooks() & Bitboard::rank(king.rank()) == Bitboard::EMPTY);
        after.unmake_move(m, &undo);
        assert_eq!(&after, pos);
        (k, r)
    }

    #[test]
    fn chess960_castling_rules() {
        // King already on g1, rook h1: only the rook moves (to f1).
        let pos = chess960("6k1/8/8/8/8/8/8/6KR w K - 0 1");
        assert_eq!(castle(&pos, Square::H1), (Square::G1, Square::F1));
        // King on b1 with the rook on a1: king to c1, rook to d1.
        let pos = chess960("6k1/8/8/8/8/8/8/RK6 w Q - 0 1");
        assert_eq!(castle(&pos, Square::A1), (Square::C1, Square::D1));
        // Rook already on its destination f1, king on e1 passes it.
        let pos = chess960("6k1/8/8/8/8/8/8/4KR2 w K - 0 1");
        assert_eq!(castle(&pos, Square::F1), (Square::G1, Square::F1));
        // King b1 and rook c1 castle short: king to g1 over f1; rook to f1.
        let pos = chess960("k7/8/8/8/8/8/8/1KR5 w K - 0 1");
        assert_eq!(castle(&pos, Square::C1), (Square::G1, Square::F1));
        // King and rook swap squares: king f1, rook g1 castle short -> king g1, rook f1.
        let pos = chess960("k7/8/8/8/8/8/8/5KR1 w K - 0 1");
        assert_eq!(castle(&pos, Square::G1), (Square::G1, Square::F1));
        // Black, queen side: king d8, rook c8 -> king c8, rook d8.
        let pos = chess960("2rk4/8/8/8/8/8/8/K7 b q - 0 1");
        assert_eq!(castle(&pos, Square::C8), (Square::C8, Square::D8));
    }

    #[test]
    fn chess960_castling_is_refused_when_it_must_be() {
        // The castling rook shields c1 from the rook on a1: after castling the king stands in
        // check on c1 (king d1, castling rook b1).
        assert!(castles(&chess960("k7/8/8/8/8/8/8/rR1K4 w Q - 0 1")).is_empty());
        // Without the shield question (enemy rook on the a-file instead) it is legal.
        assert_eq!(
            castles(&chess960("k7/8/8/8/8/8/r7/1R1K4 w Q - 0 1")),
            vec![(Square::D1, Square::B1)]
        );
        // The rook's destination d1 is occupied by another piece.
        assert!(castles(&chess960("6k1/8/8/8/8/8/8/RK1N4 w Q - 0 1")).is_empty());
        // A square the king passes (f1) is attacked.
        assert!(castles(&chess960("5rk1/8/8/8/8/8/8/3K3R w K - 0 1")).is_empty());
        // The rook's path only (b1) is attacked: legal, only the king's path counts.
        assert_eq!(
            castles(&chess960("1r4k1/8/8/8/8/8/8/R3K3 w Q - 0 1")),
            vec![(Square::E1, Square::A1)]
        );
        // In check: no castling.
        assert!(castles(&chess960("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1")).is_empty());
        // King f1 and rook g1 would swap, but the rook on g8 attacks g1 through the castling rook.
        assert!(castles(&chess960("k5r1/8/8/8/8/8/8/5KR1 w K - 0 1")).is_empty());
    }

    #[test]
    fn castling_rights_validation() {
        let fen = |text: &str| crate::notation::fen::parse(text);
        // Two castling rooks on one side of the king.
        let err = crate::notation::fen::parse_with_mode(
            "4k3/8/8/8/8/8/8/4KRR1 w FG - 0 1",
            CastlingMode::Chess960,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("both rooks on f1 and g1"), "{err}");
        // A right in standard chess for a rook off the corner, or a king off e1, is impossible.
        assert!(crate::notation::fen::parse_with_mode(
            "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1",
            CastlingMode::Standard
        )
        .is_err());
        assert!(fen("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1")
            .unwrap()
            .is_chess960());
        // A king that left its back rank has no rights in either variant.
        assert!(fen("4k3/8/8/8/8/8/3K4/6R1 w G - 0 1").is_err());
        // Switching modes.
        let pos = fen("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1").unwrap();
        assert!(pos.with_castling_mode(CastlingMode::Standard).is_err());
        let std = Position::startpos();
        let c960 = std.with_castling_mode(CastlingMode::Chess960).unwrap();
        assert!(c960.is_chess960() && c960.key() == std.key());
        assert_eq!(
            c960.with_castling_mode(CastlingMode::Standard).unwrap(),
            std
        );
    }
}
