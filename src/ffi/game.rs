//! `ChessGame`: a game object the apps hold, safe to call from any thread.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::{Game, GameError, GameStatus as CoreStatus, NodeId};
use crate::notation::fen::{self, CastlingNotation};
use crate::notation::uci::UciMove;
use crate::rules::{self, chess960, Bitboard, CastlingMode};

use super::tree::{MarkColor, NewMovePlacement, NodeAnnotations, NodeInfo};
use super::types::{
    legal_move, DrawClaimMove, DrawReason, GameSnapshot, GameStatus, LegalMove, MoveRow, PieceKind,
    Pin, Side,
};
use super::{ChessError, LiveObject, Square};
use crate::notation::pgn;

/// A game of chess as a tree: a start position, the main line and variations with their
/// comments, NAGs and annotations, a current node, undo/redo, outcome, FEN, PGN and JSON.
///
/// Playing from a node that already has that move goes to it; a new move beside an existing
/// one becomes a variation (or, with `NewMovePlacement.MainLine`, the main line). `undo()` takes
/// back the last action (an ending at the current node first, else the move, by going back one
/// move); `redo()` goes forward along the current line (what undo took back). `goBack()`,
/// `goForward()`, `goToStart()`, `goToEnd()` move along the current line; `goTo(node)` goes to
/// any node. Node ids (`GameSnapshot.node`, `MoveListItem.Move.node`) stay valid until the
/// node is deleted; a game read from JSON or PGN numbers them afresh.
///
/// A timed game (`setTimeControl`, `withTimeControl`) is played with the timed calls, which say
/// what time it is: `playAt`, `playUciAt`, `playSanAt`, `claimDrawWithAt`, `resignAt`,
/// `agreeDrawAt`, `claimDrawAt`, `playEngineResultAt`. That time is the app's monotonic
/// milliseconds, a clock that never jumps and keeps counting while the device sleeps:
/// `SystemClock.elapsedRealtime()` on Android (not `uptimeMillis()`, which stops in deep sleep,
/// nor `currentTimeMillis()`, which the user can set), `ContinuousClock` on iOS (not
/// `SuspendingClock`). The engine's limits come from the clock with `searchLimitsAt`.
///
/// While its clock has not stopped for good
/// (not started, running or paused: no flag has fallen) and the game goes on, the untimed
/// `play`, `playUci`, `playSan`, `claimDrawWith`, `resign`, `agreeDraw`, `claimDraw` and
/// `playEngineResult` throw `InvalidRequest` naming the timed call to use, and change nothing;
/// `undo()` and `redo()` do nothing while the clock runs (pause it first). Once a flag has
/// fallen the clock has stopped for good, and the untimed calls analyse the game. A game that
/// ended otherwise (mate, resignation, agreement, a claim) keeps its clock paused, not stopped
/// for good (a resignation may be taken back and the game played on): stepped back from its
/// end, it still takes only the timed calls. To analyse a finished timed game, read it afresh
/// from its `pgn()` (a game read from PGN has no clock), as the apps' analysis board does. An
/// untimed game takes both forms alike.
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
    pub(crate) fn wrap(game: Game) -> Arc<ChessGame> {
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

pub(crate) fn status(game: &Game) -> GameStatus {
    match game.status() {
        CoreStatus::Ended(outcome) => GameStatus::Ended {
            outcome: outcome.into(),
        },
        CoreStatus::Ongoing => GameStatus::Ongoing {
            claimable_draw: game.claimable_draw().map(Into::into),
        },
    }
}

fn legal_moves(game: &Game, moves: &[rules::Move]) -> Vec<LegalMove> {
    moves
        .iter()
        .map(|&m| legal_move(game.position(), m))
        .collect()
}

pub(crate) fn snapshot(game: &Game) -> GameSnapshot {
    let pos = game.position();
    let us = pos.side_to_move();
    let current = game.current();
    GameSnapshot {
        fen: game.fen(),
        side_to_move: us.into(),
        squares: rules::Square::all()
            .map(|sq| pos.piece_at(sq).map(Into::into))
            .collect(),
        legal_moves: legal_moves(game, game.legal_moves().as_slice()),
        last_move: game
            .last_move()
            .zip(game.previous_position())
            .map(|(m, before)| legal_move(&before, m)),
        check_square: pos.is_check().then(|| pos.king_square(us)),
        material: pos.material_balance().into(),
        status: status(game),
        san_history: game.san_moves(),
        move_rows: game.main_line_rows().into_iter().map(Into::into).collect(),
        move_list: game.move_list().into_iter().map(Into::into).collect(),
        node: current.index(),
        annotations: game
            .annotations(current)
            .map(Into::into)
            .unwrap_or_default(),
        on_main_line: game.is_main_line(current),
        can_undo: game.can_undo(),
        can_redo: game.can_redo(),
        can_go_back: game.ply() > 0,
        can_go_forward: game.ply() + 1 < game.current_line().len(),
        ply: game.ply() as u32,
        fullmove_number: pos.fullmove_number(),
        halfmove_clock: pos.halfmove_clock(),
        repetition_count: game.repetition_count(),
        draw_claim_moves: game
            .draw_claim_moves()
            .into_iter()
            .map(|(m, reason)| DrawClaimMove {
                legal_move: legal_move(pos, m),
                reason: reason.into(),
            })
            .collect(),
        position_key: pos.key(),
        chess960: pos.is_chess960(),
        opening: game.opening().map(Into::into),
        clock: game
            .clock()
            .map(|c| super::clock::reading(c, c.last_event_ms())),
    }
}

/// The destination squares of `moves` (of one piece), in index order: castling as the king's
/// destination in standard chess, onto the rook in Chess960, as `LegalMove.to` gives them.
fn destinations(game: &Game, moves: &[rules::Move]) -> Vec<Square> {
    let mode = game.position().castling_mode();
    let targets = moves.iter().map(|&m| UciMove::from_move_in(m, mode).to);
    squares(targets.fold(Bitboard::EMPTY, Bitboard::with))
}

/// The squares of `set`, in index order.
fn squares(set: Bitboard) -> Vec<Square> {
    set.collect()
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

    /// A new Chess960 game from start position `startNumber` (0-959, Scharnagl's numbering; 518
    /// is the standard position), or from a random one when it is `null`/`nil`. Its PGN tag
    /// `Variant` is `Chess960`.
    ///
    /// # Errors
    /// `InvalidRequest` when `startNumber` is above 959.
    #[uniffi::constructor]
    pub fn new_chess960(start_number: Option<u32>) -> Result<Arc<ChessGame>, ChessError> {
        let number = start_number.unwrap_or_else(chess960::random_number);
        let pos = chess960::start_position(number)
            .map_err(|e| ChessError::InvalidRequest(e.to_string()))?;
        Ok(ChessGame::wrap(Game::from_position(pos)))
    }

    /// A new Chess960 game from a position in FEN (X-FEN or Shredder-FEN castling rights).
    /// `ChessGame.fromFen` also reads these, but takes a `KQkq` position with the king on
    /// e1/e8 and rooks in the corners as standard chess; this one never does.
    ///
    /// # Errors
    /// `InvalidFen`, naming the field and what is wrong.
    #[uniffi::constructor]
    pub fn from_chess960_fen(fen: String) -> Result<Arc<ChessGame>, ChessError> {
        let pos = fen::parse_with_mode(&fen, CastlingMode::Chess960)?;
        Ok(ChessGame::wrap(Game::from_position(pos)))
    }

    /// The first game of a PGN text, with its tags, variations, comments, NAGs and annotations,
    /// at the end of its main line. For a file of many games, use `readPgn` (every game) or
    /// `listPgnGames` (a list to choose one from, without keeping the games).
    ///
    /// # Errors
    /// `InvalidPgn` with the line, column and token (also for a move that is not legal there).
    #[uniffi::constructor]
    pub fn from_pgn(pgn: String) -> Result<Arc<ChessGame>, ChessError> {
        Ok(ChessGame::wrap(Game::from_pgn(&pgn)?))
    }

    /// A game saved with `ChessGame.toJson`, restored exactly (the tree, annotations, tags,
    /// endings, the current node and line, the clock); saves of earlier versions load too. A
    /// started clock comes back paused at the times it was saved with: call `resumeClock(nowMs)`
    /// when the player is back (timed moves on a paused clock leave it paused).
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
        legal_moves(&game, game.legal_moves().as_slice())
    }

    /// The legal moves of the piece on `square`: the squares to highlight when it is tapped. A
    /// promotion appears once per promotion piece. Empty for an empty square, a piece of the
    /// side not to move, or a finished game.
    pub fn legal_moves_from(&self, square: Square) -> Vec<LegalMove> {
        let game = self.lock();
        legal_moves(&game, game.legal_moves_from(square).as_slice())
    }

    /// The squares the piece on `square` may move to (the light-weight highlight), in index
    /// order. A promotion square appears once: whether a tap there needs the promotion picker,
    /// and its pieces, are in `legalMovesFrom(square)` (one move per promotion piece).
    pub fn destinations_from(&self, square: Square) -> Vec<Square> {
        let game = self.lock();
        destinations(&game, &game.legal_moves_from(square))
    }

    /// The squares the piece on `square`, of the side *not* to move, might move to on its next
    /// turn, whatever the side to move replies first: where a premove from `square` may go (a
    /// square outside them can never be legal then; one inside may be). In index order, as
    /// `ChessGame.destinationsFrom` gives them (castling as the king's destination, onto
    /// the rook in Chess960). Empty for an empty square, a piece of the side to move, or a
    /// finished game.
    pub fn premove_destinations(&self, square: Square) -> Vec<Square> {
        let game = self.lock();
        destinations(&game, &game.premove_moves(square))
    }

    /// Plays the move from `from` to `to`, with `promotion` when a pawn reaches the last rank.
    /// Returns the move played. Castling is the king's move: onto its destination (e1 to g1) or
    /// onto its own rook (e1 to h1); in Chess960 the king's destination is accepted only when it
    /// is at least two files away, since a king's ordinary move could reach a nearer one (see
    /// `LegalMove.to`).
    ///
    /// In a timed game use `ChessGame.playAt`, which presses the clock: this call, which
    /// does not know the time, is refused there (see [`ChessGame`]).
    ///
    /// # Errors
    /// `IllegalMove` when the move is not legal (also when a promotion piece is missing, not
    /// allowed, or given for a move that is no promotion); `GameOver` after the end;
    /// `InvalidRequest` when the move, or (with
    /// `NewMovePlacement.MainLine`) the line it displaces, would nest variations more than 63
    /// deep, and in a timed game ("use playAt ...").
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<LegalMove, ChessError> {
        let mv = UciMove {
            from,
            to,
            promotion: promotion.map(Into::into),
        };
        self.play_checked(|game| game.play_uci_move(mv))
    }

    /// `ChessGame.play` at `nowMs` (the app's monotonic milliseconds) with the game's clock:
    /// when the mover's flag fell by then, the game ends on time and the move is refused
    /// (`GameOver`); otherwise the move is played, the clock pressed, and the mover's time kept on
    /// the move's node (`[%clk]`). A clock not started starts with the first timed move (the
    /// mover not charged); a paused clock stays paused, the move charged what it used before the
    /// pause and given its bonus (`resumeClock` runs the clock again: after a restore from
    /// JSON, or a take-back). Without a clock
    /// it is `play`.
    ///
    /// # Errors
    /// As `play`; `GameOver` also on time; `InvalidRequest` when `nowMs` is before the clock's
    /// last event.
    pub fn play_at(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
        now_ms: u64,
    ) -> Result<LegalMove, ChessError> {
        let mv = UciMove {
            from,
            to,
            promotion: promotion.map(Into::into),
        };
        self.play_checked(|game| game.play_uci_move_at(mv, now_ms))
    }

    /// Plays a move written in UCI notation (`e2e4`, `e7e8q`; castling `e1g1` or `e1h1`, with the
    /// same rule as `ChessGame.play`). Returns the move played.
    ///
    /// # Errors
    /// `InvalidNotation` for malformed text, `IllegalMove`, `GameOver`; `InvalidRequest` when
    /// the move, or (with `NewMovePlacement.MainLine`) the line it displaces, would nest
    /// variations more than 63 deep, and in a timed game (use `playUciAt`).
    pub fn play_uci(&self, uci: String) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_uci(&uci))
    }

    /// `ChessGame.playUci` at `nowMs` with the game's clock (see `ChessGame.playAt`).
    ///
    /// # Errors
    /// As `playUci` and `playAt`.
    pub fn play_uci_at(&self, uci: String, now_ms: u64) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_uci_at(&uci, now_ms))
    }

    /// Plays a move written in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`; lenient about `+`, `#`, `x`,
    /// `0-0` and annotation marks, and taking a move in UCI's form, `g1f3`). Returns the move
    /// played.
    ///
    /// # Errors
    /// `InvalidNotation` for malformed or ambiguous text (naming the token), `IllegalMove`,
    /// `GameOver`; `InvalidRequest` as for `play`, and in a timed game (use `playSanAt`).
    pub fn play_san(&self, san: String) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_san(&san))
    }

    /// `ChessGame.playSan` at `nowMs` with the game's clock (see `ChessGame.playAt`).
    ///
    /// # Errors
    /// As `playSan` and `playAt`.
    pub fn play_san_at(&self, san: String, now_ms: u64) -> Result<LegalMove, ChessError> {
        self.play_checked(|game| game.play_san_at(&san, now_ms))
    }

    /// Takes back the last action: first a resignation, agreement or claim at the current
    /// node, otherwise the current node's move, by going one move back (the move stays in the
    /// tree for `redo()`). Returns `true` when something was taken back; `false` also while the
    /// game's clock runs (the time would run on for the side no longer to move: pause it first,
    /// and `resumeClock` runs the time of the side to move), while the board shows another
    /// position than the clock's (after `goBack`: go forward first) and after a loss on time. A move
    /// played with a timed call (`playAt`, ...) sets the clock back to where it stood before
    /// it, both times and the moves made, as lichess does (time added since with
    /// `addClockTime` is kept); `redo()` sets it to after.
    pub fn undo(&self) -> bool {
        let mut game = self.lock();
        let could = game.can_undo();
        game.undo();
        could
    }

    /// Replays the next move of the current line (the last one taken back). Returns `true` when
    /// a move was replayed; `false` at the end of the line or after a resignation, agreement or
    /// claim at the current node, and while the game's clock runs or stands at another position
    /// (as for `undo()`).
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
        self.lock().chess960_start_number()
    }

    /// The pieces of `side` that attack `square` in the current position: what could capture
    /// a piece of the other side there (pinned pieces included, no x-rays; a pawn attacks
    /// diagonally forward). In index order.
    pub fn attackers(&self, square: Square, side: Side) -> Vec<Square> {
        squares(self.lock().position().attackers(square, side.into()))
    }

    /// `true` when a piece of `side` attacks `square` in the current position.
    pub fn is_attacked(&self, square: Square, side: Side) -> bool {
        self.lock().position().is_attacked(square, side.into())
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

    /// The game in PGN export format: the Seven Tag Roster, the other tags, the whole tree
    /// with variations, comments, NAGs and annotations, and the main line's result.
    pub fn pgn(&self) -> String {
        self.lock().to_pgn()
    }

    /// The game in PGN export format with only what `options` keeps, e.g. to share the moves
    /// without the clock times and evaluations, or the main line without variations. The tags,
    /// the main line and the result are always written; the default options give `pgn()`.
    pub fn pgn_with(&self, options: PgnExportOptions) -> String {
        self.lock().to_pgn_with(&options.into())
    }

    /// The whole game as versioned JSON, to save when the app may be killed and restore with
    /// `ChessGame.fromJson`. A running clock is saved as of its last event (the last move,
    /// pause or resume): call `pauseClock(nowMs)` first (as when the app goes to the
    /// background) to keep the time of the move in progress.
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
    /// In a timed game use `claimDrawAt`, which stops the clock with the game: this call, which
    /// does not know the time, is refused there (see [`ChessGame`]).
    ///
    /// # Errors
    /// `InvalidRequest` when no draw can be claimed, and in a timed game; `GameOver` after the
    /// end.
    pub fn claim_draw(&self) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.claim_draw()?;
        Ok(status(&game))
    }

    /// The draw the side to move may claim by announcing the move `uci` (UCI notation, castling
    /// as in `ChessGame.playUci`) as its next move, as FIDE's Laws allow (9.2.1.1, 9.3.1):
    /// the position it makes would occur for the third time, or it completes fifty moves by
    /// each side without a capture or pawn move. `null`/`nil` when it allows none, when the
    /// game is over, or when the move ends the game by itself (mate, stalemate, fivefold...).
    /// Nothing is played.
    ///
    /// # Errors
    /// `InvalidNotation` for malformed text, `IllegalMove` when the move is not legal here.
    pub fn draw_claimable_with(&self, uci: String) -> Result<Option<DrawReason>, ChessError> {
        let game = self.lock();
        let m = game.uci_move(&uci)?;
        Ok(game.draw_claimable_with(m).map(Into::into))
    }

    /// Plays the move `uci` and claims the draw it allows (`ChessGame.drawClaimableWith`)
    /// in one step, as a player over the board announces the move and claims: the game ends
    /// drawn after the move. `undo()` takes the claim back first, then the move. When the move
    /// allows no claim it is not played and the game is unchanged (play it with `playUci` to
    /// have it stand, as FIDE 9.5.1 would).
    ///
    /// In a timed game use `ChessGame.claimDrawWithAt`: this call is refused there (see
    /// [`ChessGame`]).
    ///
    /// # Errors
    /// `InvalidNotation` for malformed text, `IllegalMove`, `GameOver`; `InvalidRequest` when
    /// the move allows no claim (saying why) or would nest variations too deep, and in a timed
    /// game.
    pub fn claim_draw_with(&self, uci: String) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        let mv: UciMove = uci.trim().parse().map_err(GameError::from)?;
        game.claim_draw_with_uci_move(mv)?;
        Ok(status(&game))
    }

    /// `ChessGame.claimDrawWith` at `nowMs` with the game's clock (see
    /// `ChessGame.playAt`): the move is timed like any other and the clock stops with the
    /// draw. Without a clock it is `claimDrawWith`.
    ///
    /// # Errors
    /// As `claimDrawWith` and `playAt`.
    pub fn claim_draw_with_at(&self, uci: String, now_ms: u64) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        let mv: UciMove = uci.trim().parse().map_err(GameError::from)?;
        game.claim_draw_with_uci_move_at(mv, now_ms)?;
        Ok(status(&game))
    }

    /// `side` resigns; the other side wins.
    ///
    /// In a timed game use `resignAt`, which stops the clock with the game: this call, which
    /// does not know the time, is refused there (see [`ChessGame`]).
    ///
    /// # Errors
    /// `GameOver` when the game has already ended; `InvalidRequest` in a timed game.
    pub fn resign(&self, side: Side) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.resign(side.into())?;
        Ok(status(&game))
    }

    /// Both players agree to a draw.
    ///
    /// In a timed game use `agreeDrawAt`, which stops the clock with the game: this call, which
    /// does not know the time, is refused there (see [`ChessGame`]).
    ///
    /// # Errors
    /// `GameOver` when the game has already ended; `InvalidRequest` in a timed game.
    pub fn agree_draw(&self) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.agree_draw()?;
        Ok(status(&game))
    }

    /// `ChessGame.resign` at `nowMs` (the app's monotonic milliseconds) with the game's
    /// clock: a running clock stops with the game, keeping the time of the move in progress;
    /// when a flag had fallen by then the game ends on time instead (`GameOver`). A clock not
    /// started or paused stays as it is. Without a clock it is `resign`. `undo()` takes the
    /// resignation back but leaves the clock paused: resume it with `resumeClock`.
    ///
    /// # Errors
    /// As `resign`; `GameOver` also on time, and at a node before a flag that fell (the clock
    /// has stopped for good); `InvalidRequest` when the clock runs and `nowMs` is before its
    /// last event (the game is then unchanged).
    pub fn resign_at(&self, side: Side, now_ms: u64) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.resign_at(side.into(), now_ms)?;
        Ok(status(&game))
    }

    /// `ChessGame.agreeDraw` at `nowMs` with the game's clock (see
    /// `ChessGame.resignAt`).
    ///
    /// # Errors
    /// As `agreeDraw` and `resignAt`.
    pub fn agree_draw_at(&self, now_ms: u64) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.agree_draw_at(now_ms)?;
        Ok(status(&game))
    }

    /// `ChessGame.claimDraw` at `nowMs` with the game's clock (see
    /// `ChessGame.resignAt`).
    ///
    /// # Errors
    /// As `claimDraw` and `resignAt`.
    pub fn claim_draw_at(&self, now_ms: u64) -> Result<GameStatus, ChessError> {
        let mut game = self.lock();
        game.claim_draw_at(now_ms)?;
        Ok(status(&game))
    }

    /// The value of PGN tag `name` (e.g. `"White"`), if set. `Result` is derived from the outcome.
    pub fn tag(&self, name: String) -> Option<String> {
        self.lock().tag(&name).map(str::to_string)
    }

    /// Sets PGN tag `name` (letters, digits and `_`, as PGN allows) to `value`; a line break, tab
    /// or other control character in `value` becomes a space, as a PGN keeps it.
    ///
    /// # Errors
    /// `InvalidRequest` for a name PGN cannot hold, for `Result`, `FEN`, `SetUp` and `Variant`,
    /// which the game derives from its outcome and start position, and for `TimeControl` on a
    /// timed game, whose tag is its clock's control (as `tag` and `tags` give it).
    pub fn set_tag(&self, name: String, value: String) -> Result<(), ChessError> {
        Ok(self.lock().set_tag(&name, &value)?)
    }

    /// Removes PGN tag `name` (setting it to `""` keeps it, empty); `true` when the game had it.
    /// A tag of the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`) is then
    /// exported with its placeholder (`?`, `????.??.??`), which PGN requires. A timed game keeps
    /// its clock's `TimeControl` (`false`), and its export writes `Termination` after a loss on
    /// time whatever its tags say.
    pub fn remove_tag(&self, name: String) -> bool {
        self.lock().remove_tag(&name)
    }

    /// Every PGN tag set on the game, as name-value pairs: the Seven Tag Roster first, in its
    /// order, then the others in ASCII order.
    pub fn tags(&self) -> Vec<Tag> {
        self.lock().tags().into_iter().map(Into::into).collect()
    }

    /// Sets (or with `null`/`nil` clears) the comment after the move of `node` (on the start
    /// position, node 0: the comment before the first move), e.g. an engine evaluation. It is
    /// exported in PGN and saved in JSON. Runs of whitespace become single spaces, a `}`
    /// becomes `)` (it would end a PGN comment), and a `[%name value]` in the text is read out
    /// of it into the node's annotations (`[%clk]` as the clock, `[%cal]` as arrows, others in
    /// `commands`), as reading the PGN would, so that what is set is what a PGN round trip
    /// gives back. A square or arrow drawn already is not drawn twice (it takes the colour
    /// given). Clearing the text later keeps what its commands set: `clearMarks` or
    /// `setAnnotations` remove that.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn set_comment(&self, node: u32, comment: Option<String>) -> Result<(), ChessError> {
        Ok(self.lock().set_comment(NodeId::from_index(node), comment)?)
    }

    /// The annotations of `node`: comments, NAGs, clock, evaluation, squares and arrows.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn annotations(&self, node: u32) -> Result<NodeAnnotations, ChessError> {
        let game = self.lock();
        let annotations = game.annotations(NodeId::from_index(node));
        Ok(annotations.ok_or(GameError::NoSuchNode(node))?.into())
    }

    /// Replaces the annotations of `node`. On the start position (node 0), which a PGN gives
    /// only a comment, a `commentBefore` is put before its `commentAfter`. A `[%name value]`
    /// in either comment's text is read out into the fields, as `setComment` does (one in
    /// `commentBefore` stays with this move, where PGN reading would give it to the move
    /// before).
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, a NAG is above 255 or on the start
    /// position, two NAGs are of one exclusive group (two move assessments such as 2 `?` and
    /// 4 `??`, or two position assessments 10-21), an arrow goes from a square to itself, a
    /// square is marked twice or an arrow drawn twice (PGN keeps one of each), or a command
    /// (`commands`) cannot be written in PGN as itself: a name with whitespace or `]`, a value
    /// with `]`, a value whose whitespace PGN reading would change (a line break, a run of
    /// spaces, a space at either end), a value without a name, or a command PGN reads back
    /// as a field (`cal` with arrows, `csl` with squares, `clk` with a clock while `clockMs` is
    /// null, `eval` with an evaluation while `eval` is null: give them in their fields). The
    /// game is then unchanged. (A `}` is accepted, since a
    /// `;` comment of a PGN may hold one; the PGN export writes it as `)`, as in any comment.)
    pub fn set_annotations(
        &self,
        node: u32,
        annotations: NodeAnnotations,
    ) -> Result<(), ChessError> {
        let annotations = annotations.try_into()?;
        Ok(self
            .lock()
            .set_annotations(NodeId::from_index(node), annotations)?)
    }

    /// Toggles the NAG `nag` (PGN standard: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, 14-19
    /// the advantage symbols, ...) on the move of `node`: removed when the move has it, added
    /// otherwise. A move keeps at most one move assessment (1-9) and one position assessment
    /// (10-21): adding one replaces the other of its group. `nagSymbol` gives the symbol to show.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, when `node` is the start position
    /// (0: no move to carry a NAG) or when `nag` is above 255.
    pub fn toggle_nag(&self, node: u32, nag: u32) -> Result<(), ChessError> {
        let nag = u8::try_from(nag).map_err(|_| {
            ChessError::InvalidRequest(format!(
                "invalid NAG {nag}: a NAG is a number from 0 to 255"
            ))
        })?;
        Ok(self.lock().toggle_nag(NodeId::from_index(node), nag)?)
    }

    /// Toggles a highlighted square (`[%csl]`) on `node`, as a board editor does: the same
    /// colour again removes it, another colour recolours it. Shown in
    /// `GameSnapshot.annotations.squares` while `node` is the current node.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn toggle_square_mark(
        &self,
        node: u32,
        square: Square,
        color: MarkColor,
    ) -> Result<(), ChessError> {
        let mark = pgn::SquareMark {
            color: color.into(),
            square,
        };
        Ok(self
            .lock()
            .toggle_square_mark(NodeId::from_index(node), mark)?)
    }

    /// Toggles an arrow (`[%cal]`) from `from` to `to` on `node`, as a board editor does: the
    /// same arrow in the same colour again removes it, in another colour recolours it.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, or when `from` is `to` (mark the
    /// square with `toggleSquareMark`).
    pub fn toggle_arrow(
        &self,
        node: u32,
        from: Square,
        to: Square,
        color: MarkColor,
    ) -> Result<(), ChessError> {
        let arrow = pgn::Arrow {
            color: color.into(),
            from,
            to,
        };
        Ok(self.lock().toggle_arrow(NodeId::from_index(node), arrow)?)
    }

    /// Removes the highlighted squares and arrows of `node`; its comments, NAGs, clock and
    /// evaluation stay.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn clear_marks(&self, node: u32) -> Result<(), ChessError> {
        Ok(self.lock().clear_marks(NodeId::from_index(node))?)
    }

    /// The node `node`: its move, place in the tree and annotations.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn node(&self, node: u32) -> Result<NodeInfo, ChessError> {
        let game = self.lock();
        let found = game.node(NodeId::from_index(node));
        Ok(NodeInfo::new(
            &game,
            found.ok_or(GameError::NoSuchNode(node))?,
        ))
    }

    /// Goes to node `node` (from `GameSnapshot.moveList`, `moveRows` or `node()`).
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn go_to(&self, node: u32) -> Result<(), ChessError> {
        Ok(self.lock().goto(NodeId::from_index(node))?)
    }

    /// Goes one move back along the current line (an ending at the current node stays, unlike
    /// `undo()`). Returns `false` at the start. In a timed game this only shows an earlier
    /// position: the clock stays where the game stands; the timed calls and `resumeClock` are
    /// refused (`InvalidRequest`, "the clock stands after ply N") and `undo`/`redo` return
    /// `false` until the board is back there (a flag that falls meanwhile ends the game there);
    /// take moves back on the clock with `undo`.
    pub fn go_back(&self) -> bool {
        self.lock().back()
    }

    /// Goes one move forward along the current line. Returns `false` at its end.
    pub fn go_forward(&self) -> bool {
        self.lock().forward()
    }

    /// Goes to the start position.
    pub fn go_to_start(&self) {
        self.lock().to_start();
    }

    /// Goes to the end of the current line.
    pub fn go_to_end(&self) {
        self.lock().to_end();
    }

    /// Goes to the position after `ply` moves of the main line (0: the start).
    ///
    /// # Errors
    /// `InvalidRequest` when the main line is shorter.
    pub fn go_to_main_line_ply(&self, ply: u32) -> Result<(), ChessError> {
        Ok(self.lock().goto_main_line_ply(ply)?)
    }

    /// Makes the variation that `node` is in the main continuation one level up (the nearest
    /// branch point). Returns `false` when `node` is already on the main line.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, or when the line it displaces would
    /// nest variations more than 63 deep (the game is then unchanged).
    pub fn promote_variation(&self, node: u32) -> Result<bool, ChessError> {
        Ok(self.lock().promote_variation(NodeId::from_index(node))?)
    }

    /// Makes the line through `node` the main line. Returns `false` when it already was.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, or when the lines it displaces would
    /// nest variations more than 63 deep (the game is then unchanged).
    pub fn make_main_line(&self, node: u32) -> Result<bool, ChessError> {
        Ok(self.lock().make_main_line(NodeId::from_index(node))?)
    }

    /// Deletes `node` and every move after it; when the current node was among them, the game
    /// goes to the node before `node`.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`, or for the start position (node 0);
    /// `GameOver` when the move where the game's flag fell is among them (the clock stopped for
    /// good, as `undo` keeps it: the game would go on with a fallen flag).
    pub fn delete_from(&self, node: u32) -> Result<(), ChessError> {
        Ok(self.lock().delete_from(NodeId::from_index(node))?)
    }

    /// A new game of the moves from the start to `node`, as its main line, at its end: the same
    /// start, tags (but `Termination`), comments and marks along the way, without the variations, the moves after
    /// `node`, the clock or a resignation or agreed draw recorded on the way. For "continue from
    /// here" (against the engine or a friend) from an analysis board or a review: unlike a game
    /// from the position's FEN, it knows the moves before, so repetitions count and its PGN has
    /// the whole game. This game is unchanged.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn line_to(&self, node: u32) -> Result<Arc<ChessGame>, ChessError> {
        let line = self.lock().line_to(NodeId::from_index(node))?;
        Ok(ChessGame::wrap(line))
    }

    /// Where a new move goes beside an existing one.
    pub fn new_move_placement(&self) -> NewMovePlacement {
        self.lock().new_move_placement().into()
    }

    /// Sets where a new move goes beside an existing one: `Variation` (the default, an
    /// analysis board) or `MainLine` (a game against the engine: a move played after an undo
    /// makes the game's main line, the moves taken back stay as a variation). Saved in JSON.
    pub fn set_new_move_placement(&self, placement: NewMovePlacement) {
        self.lock().set_new_move_placement(placement.into());
    }
}

impl ChessGame {
    /// Plays a move through `apply`, which leaves the game unchanged when it fails, and
    /// describes the move in the position it was played from.
    fn play_checked(
        &self,
        apply: impl FnOnce(&mut Game) -> Result<rules::Move, GameError>,
    ) -> Result<LegalMove, ChessError> {
        let mut game = self.lock();
        let before = game.position().clone();
        let m = apply(&mut game)?;
        Ok(legal_move(&before, m))
    }
}

/// What `ChessGame.pgnWith` writes besides the tags, the main line and the result: each field
/// `true` (the default) keeps that part of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PgnExportOptions {
    /// The variations (`false`: the main line alone).
    #[uniffi(default = true)]
    pub variations: bool,
    /// The comments' text, and the comment commands not named below (`[%emt]`, ...).
    #[uniffi(default = true)]
    pub comments: bool,
    /// The NAGs (`$1` `!`, `$4` `??`, `$14` `⩲`, ...).
    #[uniffi(default = true)]
    pub nags: bool,
    /// The clock times (`[%clk]`).
    #[uniffi(default = true)]
    pub clocks: bool,
    /// The evaluations (`[%eval]`).
    #[uniffi(default = true)]
    pub evals: bool,
    /// The highlighted squares and arrows (`[%csl]`, `[%cal]`).
    #[uniffi(default = true)]
    pub marks: bool,
}

impl Default for PgnExportOptions {
    /// Everything, as the record's defaults in Kotlin and Swift: `pgnWith` then gives `pgn()`.
    fn default() -> Self {
        let all = crate::game::PgnExport::ALL;
        PgnExportOptions {
            variations: all.variations,
            comments: all.comments,
            nags: all.nags,
            clocks: all.clocks,
            evals: all.evals,
            marks: all.marks,
        }
    }
}

impl From<PgnExportOptions> for crate::game::PgnExport {
    fn from(o: PgnExportOptions) -> Self {
        crate::game::PgnExport {
            variations: o.variations,
            comments: o.comments,
            nags: o.nags,
            clocks: o.clocks,
            evals: o.evals,
            marks: o.marks,
        }
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

impl From<(&str, &str)> for Tag {
    fn from((name, value): (&str, &str)) -> Tag {
        Tag {
            name: name.to_string(),
            value: value.to_string(),
        }
    }
}

impl From<crate::game::MoveRow<'_>> for MoveRow {
    fn from(row: crate::game::MoveRow<'_>) -> MoveRow {
        MoveRow {
            number: row.number,
            white: row.white.map(|c| c.san.to_string()),
            black: row.black.map(|c| c.san.to_string()),
            white_node: row.white.map(|c| c.node.index()),
            black_node: row.black.map(|c| c.node.index()),
        }
    }
}
