//! `ChessGame`: a game object the apps hold, safe to call from any thread.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::{Game, GameStatus as CoreStatus};
use crate::notation::fen::{self, CastlingNotation};
use crate::notation::uci::UciMove;
use crate::rules::{self, chess960, Bitboard, CastlingMode};

use super::types::{
    legal_move, legal_move_with_san, move_rows, GameSnapshot, GameStatus, LegalMove, PieceKind,
    Pin, Side,
};
use super::{ChessError, LiveObject, Square};

/// A game of chess: a start position plus moves, with undo/redo, outcome, FEN, PGN and JSON.
///
/// Thread-safe: every method locks an internal mutex for a few microseconds, so it can be
/// called from the UI thread while an engine searches a copy of the game on its own thread.
/// Every failed call throws a `ChessError` and leaves the game unchanged.
#[derive(uniffi::Object)]
pub struct ChessGame {
    inner: Mutex<Game>,
    _live: LiveObject,
}

impl ChessGame {
    fn wrap(game: Game) -> Arc<ChessGame> {
        Arc::new(ChessGame {
            inner: Mutex::new(game),
            _live: LiveObject::new(),
        })
    }

    /// Locks the game. A panic while locked cannot leave a half-made move (every mutation is
    /// checked before it starts), so a poisoned lock is still safe to use.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Game> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn status(game: &Game) -> GameStatus {
    match game.status() {
        CoreStatus::Ended(outcome) => GameStatus::Ended {
            outcome: outcome.into(),
        },
        CoreStatus::Ongoing => GameStatus::Ongoing {
            claimable_draw: game.claimable_draw().map(Into::into),
        },
    }
}

pub(crate) fn snapshot(game: &Game) -> GameSnapshot {
    let pos = game.position();
    let ended = game.outcome().is_some();
    let legal_moves = if ended {
        Vec::new()
    } else {
        pos.legal_moves()
            .iter()
            .map(|&m| legal_move(pos, m))
            .collect()
    };
    let last_move = game.last_move().and_then(|m| {
        let before = game.previous_position()?;
        let san = game.san_history().last().cloned()?;
        Some(legal_move_with_san(&before, m, san))
    });
    let us = pos.side_to_move();
    GameSnapshot {
        fen: game.fen(),
        side_to_move: us.into(),
        squares: rules::Square::all()
            .map(|sq| pos.piece_at(sq).map(Into::into))
            .collect(),
        legal_moves,
        last_move,
        check_square: pos.is_check().then(|| pos.king_square(us).into()),
        status: status(game),
        san_history: game.san_history().to_vec(),
        move_rows: move_rows(
            game.start_position().fullmove_number(),
            game.start_position().side_to_move(),
            game.san_history(),
        ),
        can_undo: game.can_undo(),
        can_redo: game.can_redo(),
        ply: game.ply() as u32,
        fullmove_number: pos.fullmove_number(),
        halfmove_clock: pos.halfmove_clock(),
        repetition_count: game.repetition_count(),
        position_key: pos.key(),
        chess960: pos.is_chess960(),
    }
}

/// The squares of `set`, in index order.
fn squares(set: Bitboard) -> Vec<Square> {
    set.map(Into::into).collect()
}

#[uniffi::export]
impl ChessGame {
    /// A new game from the standard starting position.
    #[uniffi::constructor]
    pub fn new() -> Arc<ChessGame> {
        ChessGame::wrap(Game::new())
    }

    /// A new game from a position in FEN.
    ///
    /// # Errors
    /// `InvalidFen`, naming the field and what is wrong.
    #[uniffi::constructor]
    pub fn from_fen(fen: String) -> Result<Arc<ChessGame>, ChessError> {
        Ok(ChessGame::wrap(Game::from_fen(&fen)?))
    }

    /// A new Chess960 game from start position `start_number` (0-959, Scharnagl's numbering; 518
    /// is the standard position), or from a random one when it is `null`/`nil`. The game has
    /// the PGN tag `Variant` set to `Chess960`.
    ///
    /// # Errors
    /// `InvalidRequest` when `start_number` is above 959.
    #[uniffi::constructor]
    pub fn new_chess960(start_number: Option<u32>) -> Result<Arc<ChessGame>, ChessError> {
        let number = start_number.unwrap_or_else(chess960::random_number);
        let pos = chess960::start_position(number)
            .map_err(|e| ChessError::InvalidRequest(e.to_string()))?;
        let mut game = Game::from_position(pos);
        game.set_tag("Variant", "Chess960");
        Ok(ChessGame::wrap(game))
    }

    /// A new Chess960 game from a position in FEN (X-FEN or Shredder-FEN castling rights).
    /// [`ChessGame::from_fen`] also reads these, but takes a `KQkq` position with the king on
    /// e1/e8 and rooks in the corners as standard chess; this one never does.
    ///
    /// # Errors
    /// `InvalidFen`, naming the field and what is wrong.
    #[uniffi::constructor]
    pub fn from_chess960_fen(fen: String) -> Result<Arc<ChessGame>, ChessError> {
        let pos = fen::parse_with_mode(&fen, CastlingMode::Chess960)?;
        let mut game = Game::from_position(pos);
        game.set_tag("Variant", "Chess960");
        Ok(ChessGame::wrap(game))
    }

    /// The first game of a PGN text, with its tags and main-line comments.
    ///
    /// # Errors
    /// `InvalidPgn` with the line, column and token (also for a move that is not legal there).
    #[uniffi::constructor]
    pub fn from_pgn(pgn: String) -> Result<Arc<ChessGame>, ChessError> {
        Ok(ChessGame::wrap(Game::from_pgn(&pgn)?))
    }

    /// A game saved with [`ChessGame::to_json`], restored exactly (moves, redo stack, tags,
    /// outcome).
    ///
    /// # Errors
    /// `InvalidSavedGame` saying what is wrong and where.
    #[uniffi::constructor]
    pub fn from_json(json: String) -> Result<Arc<ChessGame>, ChessError> {
        Ok(ChessGame::wrap(Game::from_json(&json)?))
    }

    /// Everything a board UI draws, in one call.
    pub fn snapshot(&self) -> GameSnapshot {
        snapshot(&self.lock())
    }

    /// Every legal move in the current position (empty when the game has ended).
    pub fn legal_moves(&self) -> Vec<LegalMove> {
        let game = self.lock();
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| legal_move(pos, m))
            .collect()
    }

    /// The legal moves of the piece on `square`: the squares to highlight when it is tapped. A
    /// promotion appears once per promotion piece. Empty for an empty square, a piece of the
    /// side not to move, or a finished game.
    pub fn legal_moves_from(&self, square: Square) -> Vec<LegalMove> {
        let game = self.lock();
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        pos.legal_moves_from(square.into())
            .iter()
            .map(|&m| legal_move(pos, m))
            .collect()
    }

    /// The squares the piece on `square` may move to (the light-weight highlight), in index
    /// order.
    pub fn destinations_from(&self, square: Square) -> Vec<Square> {
        let game = self.lock();
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        let mut set = Bitboard::EMPTY;
        for &m in pos.legal_moves_from(square.into()).iter() {
            set = set.with(UciMove::from_move_in(m, pos.castling_mode()).to);
        }
        squares(set)
    }

    /// Plays the move from `from` to `to`, with `promotion` when a pawn reaches the last rank.
    /// Returns the move played. Castling is the king's move: onto its destination (e1 to g1) or
    /// onto its own rook (e1 to h1); in Chess960 the king's destination is accepted only when it
    /// is at least two files away, since a king's ordinary move could reach a nearer one (see
    /// `LegalMove.to`).
    ///
    /// # Errors
    /// `IllegalMove` when the move is not legal (also when a promotion piece is missing or not
    /// allowed); `GameOver` after the end.
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<LegalMove, ChessError> {
        let from = from.into();
        let to = to.into();
        let text = UciMove {
            from,
            to,
            promotion: promotion.map(Into::into),
        }
        .to_string();
        if matches!(promotion, Some(PieceKind::Pawn | PieceKind::King)) {
            return Err(ChessError::IllegalMove(format!(
                "illegal move {text}: a pawn promotes to a queen, rook, bishop or knight"
            )));
        }
        self.play_checked(|game| game.play_uci(&text).map_err(Into::into))
    }

    /// Plays a move written in UCI notation (`e2e4`, `e7e8q`; castling `e1g1` or `e1h1`, with the
    /// same rule as [`ChessGame::play`]). Returns the move played.
    ///
    /// # Errors
    /// `InvalidNotation` for malformed text, `IllegalMove`, `GameOver`.
    pub fn play_uci(&self, uci: String) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_uci(&uci).map_err(Into::into))
    }

    /// Plays a move written in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`; lenient about `+`, `#`, `x`,
    /// `0-0` and annotation marks). Returns the move played.
    ///
    /// # Errors
    /// `InvalidNotation` for malformed or ambiguous text (naming the token), `IllegalMove`,
    /// `GameOver`.
    pub fn play_san(&self, san: String) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_san(&san).map_err(Into::into))
    }

    /// Takes back the last move (or first the resignation, agreement or claim that ended the
    /// game). Returns `true` when something was taken back.
    pub fn undo(&self) -> bool {
        let mut game = self.lock();
        let could = game.can_undo();
        game.undo();
        could
    }

    /// Replays the last move taken back. Returns `true` when a move was replayed.
    pub fn redo(&self) -> bool {
        self.lock().redo().is_some()
    }

    /// The current position in FEN (castling rights in X-FEN: `KQkq`, a file letter only for a
    /// Chess960 rook that is not the outermost one).
    pub fn fen(&self) -> String {
        self.lock().fen()
    }

    /// The current position in FEN with Shredder-FEN castling rights (`HAha`: the rooks' files),
    /// as Chess960 GUIs and engines expect them.
    pub fn shredder_fen(&self) -> String {
        fen::to_fen_with(self.lock().position(), CastlingNotation::Shredder)
    }

    /// `true` when this is a Chess960 game.
    pub fn is_chess960(&self) -> bool {
        self.lock().start_position().is_chess960()
    }

    /// The Chess960 start-position number (0-959) the game started from, or `null`/`nil` when it
    /// is not a Chess960 game or started from another position (a FEN).
    pub fn chess960_start_number(&self) -> Option<u32> {
        let game = self.lock();
        let start = game.start_position();
        if start.is_chess960() {
            chess960::start_number(start)
        } else {
            None
        }
    }

    /// The pieces of `side` that attack `square` in the current position: what could capture
    /// a piece of the other side there (pinned pieces included, no x-rays; a pawn attacks
    /// diagonally forward). In index order.
    pub fn attackers(&self, square: Square, side: Side) -> Vec<Square> {
        squares(self.lock().position().attackers(square.into(), side.into()))
    }

    /// `true` when a piece of `side` attacks `square` in the current position.
    pub fn is_attacked(&self, square: Square, side: Side) -> bool {
        self.lock()
            .position()
            .is_attacked(square.into(), side.into())
    }

    /// Every square a piece of `side` attacks in the current position, in index order.
    pub fn attacked_squares(&self, side: Side) -> Vec<Square> {
        squares(self.lock().position().attacked_squares(side.into()))
    }

    /// The pieces giving check to the side to move (none, one or two), in index order.
    pub fn checkers(&self) -> Vec<Square> {
        squares(self.lock().position().checkers())
    }

    /// The pieces of `side` pinned to their king, each with the piece that pins it, in index
    /// order of the pinned pieces.
    pub fn pins(&self, side: Side) -> Vec<Pin> {
        self.lock()
            .position()
            .pins(side.into())
            .into_iter()
            .map(Into::into)
            .collect()
    }

    /// The game in PGN (Seven Tag Roster, other tags, moves, comments, result).
    pub fn pgn(&self) -> String {
        self.lock().to_pgn()
    }

    /// The whole game as versioned JSON, to save when the app may be killed and restore with
    /// [`ChessGame::from_json`].
    pub fn to_json(&self) -> String {
        self.lock().to_json()
    }

    /// Where the game stands: ongoing (with a claimable draw) or ended (with the outcome).
    pub fn status(&self) -> GameStatus {
        status(&self.lock())
    }

    /// Claims the draw that the side to move may claim now (threefold repetition or the
    /// fifty-move rule) and ends the game.
    ///
    /// # Errors
    /// `InvalidRequest` when no draw can be claimed, `GameOver` after the end.
    pub fn claim_draw(&self) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.claim_draw()?;
        Ok(status(&game))
    }

    /// `side` resigns; the other side wins.
    ///
    /// # Errors
    /// `GameOver` when the game has already ended.
    pub fn resign(&self, side: Side) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.resign(side.into())?;
        Ok(status(&game))
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    /// `GameOver` when the game has already ended.
    pub fn agree_draw(&self) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.agree_draw()?;
        Ok(status(&game))
    }

    /// The value of PGN tag `name` (e.g. `"White"`), if set. `Result` is derived from the outcome.
    pub fn tag(&self, name: String) -> Option<String> {
        self.lock().tag(&name).map(str::to_string)
    }

    /// Sets PGN tag `name` (letters, digits and `_`, as PGN allows) to `value`.
    ///
    /// # Errors
    /// `InvalidRequest` for a name PGN cannot hold, or for `Result`, `FEN` and `SetUp`, which
    /// the game derives from its outcome and start position.
    pub fn set_tag(&self, name: String, value: String) -> Result<(), ChessError> {
        let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(ChessError::InvalidRequest(format!(
                "invalid tag name '{name}': PGN tag names are letters, digits and '_'"
            )));
        }
        if matches!(name.as_str(), "Result" | "FEN" | "SetUp") {
            return Err(ChessError::InvalidRequest(format!(
                "the {name} tag is derived from the game's outcome and start position"
            )));
        }
        self.lock().set_tag(&name, &value);
        Ok(())
    }

    /// Every PGN tag set on the game, in order, as name-value pairs.
    pub fn tags(&self) -> Vec<Tag> {
        self.lock()
            .tags()
            .iter()
            .map(|(name, value)| Tag {
                name: name.clone(),
                value: value.clone(),
            })
            .collect()
    }

    /// Sets (or with `null`/`nil` clears) the comment after move number `ply` (1 = the first
    /// move; 0 = before the first move), exported in PGN, e.g. an engine evaluation.
    ///
    /// # Errors
    /// `InvalidRequest` when `ply` is beyond the moves played.
    pub fn set_comment(&self, ply: u32, comment: Option<String>) -> Result<(), ChessError> {
        if self.lock().set_comment(ply as usize, comment) {
            Ok(())
        } else {
            Err(ChessError::InvalidRequest(format!(
                "no move at ply {ply}: the game has fewer moves"
            )))
        }
    }
}

impl ChessGame {
    /// Plays a move through `apply`, which leaves the game unchanged when it fails, and
    /// describes the move in the position it was played from.
    fn play_checked(
        &self,
        apply: impl FnOnce(&mut Game) -> Result<crate::rules::Move, ChessError>,
    ) -> Result<LegalMove, ChessError> {
        let mut game = self.lock();
        let before = game.position().clone();
        let m = apply(&mut game)?;
        let san = game.san_history().last().cloned().unwrap_or_default();
        Ok(legal_move_with_san(&before, m, san))
    }
}

/// A PGN tag.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Tag {
    /// The tag name, e.g. `Event`.
    pub name: String,
    /// Its value.
    pub value: String,
}
