//! A game of chess: a start position plus the moves played, with undo/redo, repetition
//! detection, the outcome (automatic, claimed, agreed or by resignation), PGN tags and comments,
//! and a JSON save format.
//!
//! # Examples
//! ```
//! use chesscore::game::{Game, GameStatus, Outcome};
//! use chesscore::rules::Side;
//!
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4"] {
//!     game.play_san(san).unwrap();
//! }
//! assert_eq!(game.status(), GameStatus::Ended(Outcome::Checkmate { winner: Side::Black }));
//! assert_eq!(game.san_moves(), ["f3", "e5", "g4", "Qh4#"]);
//! assert!(game.play_san("a3").is_err());
//!
//! // Saved and restored exactly.
//! let restored = Game::from_json(&game.to_json()).unwrap();
//! assert_eq!(restored, game);
//! ```

pub mod clock;
mod outcome;
mod save;
pub mod time_control;

pub use outcome::{DrawReason, GameStatus, Outcome};

use crate::notation::fen::{self, FenError};
use crate::notation::pgn::{self, PgnError, PgnGame, PgnMove};
use crate::notation::san::{self, SanError};
use crate::notation::uci::{self, UciError};
use crate::rules::{Move, Position, Side, Undo};

/// Why a [`Game`] operation failed. A failed operation leaves the game unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The FEN is invalid.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The UCI move text is malformed or illegal.
    #[error(transparent)]
    Uci(#[from] UciError),
    /// The SAN text is malformed, illegal or ambiguous.
    #[error(transparent)]
    San(#[from] SanError),
    /// The PGN text could not be read.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// The move (written in UCI, e.g. `e2e5`) is not legal in the current position.
    #[error("illegal move {0} in the current position")]
    IllegalMove(String),
    /// The game is already over, so no move (or resignation, or claim) is possible.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// A draw was claimed but neither threefold repetition nor the fifty-move rule applies.
    #[error("no draw can be claimed: the position has not occurred three times and fewer than fifty moves were made without a capture or pawn move")]
    NothingToClaim,
    /// A saved game (JSON) is malformed, of an unknown version, or inconsistent; the text says
    /// what and where.
    #[error("invalid saved game: {0}")]
    InvalidSave(String),
}

/// Per-move annotations kept with the moves (played and redoable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Note {
    comment: Option<String>,
    nags: Vec<u8>,
}

/// Tag names whose value [`Game`] derives itself (from the outcome and the start position).
const DERIVED_TAGS: [&str; 3] = ["Result", "FEN", "SetUp"];

fn is_derived_tag(name: &str) -> bool {
    DERIVED_TAGS.contains(&name)
}

/// A game: a start position plus the moves played from it, with unlimited undo and redo.
///
/// Moves are checked: [`Game::play`] refuses an illegal move or a move after the game ended.
/// Automatic endings (checkmate, stalemate, insufficient material, fivefold repetition, the
/// seventy-five-move rule) end the game by themselves; threefold repetition and the fifty-move
/// rule are only reported by [`Game::claimable_draw`] until [`Game::claim_draw`].
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// `keys[i]` is the key of the position before `moves[i]`.
    keys: Vec<u64>,
    /// `sans[i]` is the SAN of `moves[i]`, computed once when it is played.
    sans: Vec<String>,
    /// Moves undone and not yet replayed; the last one is replayed first.
    redo: Vec<Move>,
    /// One per move of `moves` followed by `redo` in play order.
    notes: Vec<Note>,
    comment_before_moves: Option<String>,
    tags: Vec<(String, String)>,
    /// A resignation, agreed draw or claimed draw at the current ply.
    manual: Option<Outcome>,
}

impl PartialEq for Game {
    /// Two games are equal when they have the same start, moves, redo stack, annotations, tags
    /// and outcome.
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.moves == other.moves
            && self.redo == other.redo
            && self.notes == other.notes
            && self.comment_before_moves == other.comment_before_moves
            && self.tags == other.tags
            && self.manual == other.manual
    }
}

impl Eq for Game {}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game starting from `pos`.
    pub fn from_position(pos: Position) -> Game {
        Game {
            start: pos.clone(),
            position: pos,
            moves: Vec::new(),
            undos: Vec::new(),
            keys: Vec::new(),
            sans: Vec::new(),
            redo: Vec::new(),
            notes: Vec::new(),
            comment_before_moves: None,
            tags: Vec::new(),
            manual: None,
        }
    }

    /// A game starting from a FEN.
    ///
    /// # Errors
    /// [`GameError::Fen`] saying which field is wrong.
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::Game;
    /// let game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(game.position().legal_moves().len(), 6);
    /// assert!(Game::from_fen("4k3/8/8 w - - 0 1").is_err());
    /// ```
    pub fn from_fen(fen_text: &str) -> Result<Game, GameError> {
        Ok(Game::from_position(fen::parse(fen_text)?))
    }

    /// The first game of a PGN text: its start position, main line, tags, comments and NAGs
    /// (variations are not kept; read them with [`pgn::parse_game`]). The game is at its last
    /// move. A decisive or drawn result that the final position does not explain by itself is
    /// kept as a resignation (`1-0`, `0-1`) or as a draw by claim (when one is possible) or
    /// agreement (`1/2-1/2`), so that the game shows as over.
    ///
    /// # Errors
    /// [`GameError::Pgn`] with line, column and token, or [`GameError::GameOver`] when the file
    /// continues after the game ended by rule (e.g. fivefold repetition).
    pub fn from_pgn(text: &str) -> Result<Game, GameError> {
        Game::from_pgn_game(&pgn::parse_game(text)?)
    }

    /// A game from a parsed PGN game (see [`Game::from_pgn`]).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] when a move is not legal (it is when the [`PgnGame`] came from
    /// the parser).
    ///
    /// Real files sometimes play on after the game ended by rule (e.g. after insufficient
    /// material or fivefold repetition, which older games did not know): those moves are not
    /// played, and are kept as text in a comment on the last move instead of being lost.
    pub fn from_pgn_game(parsed: &PgnGame) -> Result<Game, GameError> {
        let mut game = Game::from_position(parsed.start.clone());
        game.comment_before_moves = parsed.comment_before_moves.clone();
        for (name, value) in &parsed.tags {
            game.set_tag(name, value);
        }
        for (i, m) in parsed.moves.iter().enumerate() {
            if game.outcome().is_some() {
                let rest: Vec<&str> = parsed.moves[i..].iter().map(|m| m.san.as_str()).collect();
                let note = format!(
                    "moves after the end of the game, not played: {}",
                    rest.join(" ")
                );
                let ply = game.ply();
                let comment = match game.comment(ply) {
                    Some(c) => format!("{c} {note}"),
                    None => note,
                };
                game.set_comment(ply, Some(comment));
                break;
            }
            game.play(m.mv)?;
            if let Some(note) = game.notes.last_mut() {
                note.comment = m.comment.clone();
                note.nags = m.nags.clone();
            }
        }
        if game.outcome().is_none() {
            game.manual = match parsed.result.as_str() {
                "1-0" => Some(Outcome::Resignation {
                    winner: Side::White,
                }),
                "0-1" => Some(Outcome::Resignation {
                    winner: Side::Black,
                }),
                "1/2-1/2" => Some(Outcome::Draw(
                    game.claimable_draw().unwrap_or(DrawReason::Agreement),
                )),
                _ => None,
            };
        }
        Ok(game)
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, from the start to the current position.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves that [`Game::redo`] would replay, the next one first.
    pub fn redo_moves(&self) -> Vec<Move> {
        self.redo.iter().rev().copied().collect()
    }

    /// The SAN of each move played (`Nf3`, `O-O`, `Qh4#`).
    pub fn san_moves(&self) -> Vec<String> {
        self.sans.clone()
    }

    /// The SAN of each move played, borrowed (no copy).
    pub fn san_history(&self) -> &[String] {
        &self.sans
    }

    /// The position before the last move played (`None` at the start), e.g. to describe that
    /// move; costs one position copy.
    pub fn previous_position(&self) -> Option<Position> {
        let (m, undo) = (self.moves.last()?, self.undos.last()?);
        let mut pos = self.position.clone();
        pos.unmake_move(*m, undo);
        Some(pos)
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The number of moves (plies) played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Plays `m`, checking that it is legal. Clears the redo stack.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended, [`GameError::IllegalMove`] when `m` is
    /// not legal here; the game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        if !self.position.is_legal(m) {
            return Err(GameError::IllegalMove(uci::to_uci(m)));
        }
        self.redo.clear();
        self.notes.truncate(self.moves.len());
        self.notes.push(Note::default());
        self.push_move(m);
        Ok(())
    }

    /// Plays a move given in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::Uci`] for malformed or illegal text.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let m = uci::parse_move(&self.position, text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move given in SAN (`Nf3`, `O-O`, `exd6`), read leniently (see
    /// [`crate::notation::san`]).
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::San`] for malformed, illegal or ambiguous text.
    pub fn play_san(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let m = san::parse_san(&self.position, text)?;
        self.play(m)?;
        Ok(m)
    }

    fn push_move(&mut self, m: Move) {
        // Everything that could fail is computed before anything changes, so the history
        // vectors always stay in step.
        let key = self.position.key();
        let san = san::to_san(&self.position, m);
        let undo = self.position.make_move(m);
        self.keys.push(key);
        self.sans.push(san);
        self.undos.push(undo);
        self.moves.push(m);
    }

    /// Takes back the last action. When the game was ended by a resignation, an agreed draw or a
    /// claimed draw, that ending is taken back first (and `None` is returned, as no move was
    /// taken back); otherwise the last move is taken back, kept for [`Game::redo`], and returned.
    /// Returns `None` when there is nothing to undo.
    pub fn undo(&mut self) -> Option<Move> {
        if self.manual.take().is_some() {
            return None;
        }
        let m = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.keys.pop();
        self.sans.pop();
        self.position.unmake_move(m, &undo);
        self.redo.push(m);
        Some(m)
    }

    /// Replays the last move taken back with [`Game::undo`] and returns it; `None` when there is
    /// none (or the game has ended by resignation or agreement at this point).
    pub fn redo(&mut self) -> Option<Move> {
        if !self.can_redo() {
            return None;
        }
        let m = self.redo.pop()?;
        self.push_move(m);
        Some(m)
    }

    /// `true` when [`Game::undo`] would change something.
    pub fn can_undo(&self) -> bool {
        self.manual.is_some() || !self.moves.is_empty()
    }

    /// `true` when [`Game::redo`] would replay a move.
    pub fn can_redo(&self) -> bool {
        self.manual.is_none() && !self.redo.is_empty()
    }

    /// Whether the game goes on or how it ended. Checkmate, stalemate, insufficient material,
    /// fivefold repetition and the seventy-five-move rule (150 plies without capture or pawn move,
    /// unless the last move mated) end it automatically; so do a resignation, an agreed draw and
    /// a claimed draw.
    pub fn status(&self) -> GameStatus {
        if let Some(o) = self.manual {
            return GameStatus::Ended(o);
        }
        let pos = &self.position;
        if !pos.has_legal_moves() {
            return GameStatus::Ended(if pos.is_check() {
                Outcome::Checkmate {
                    winner: !pos.side_to_move(),
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if pos.is_insufficient_material() {
            return GameStatus::Ended(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.repetition_count() >= 5 {
            return GameStatus::Ended(Outcome::Draw(DrawReason::FivefoldRepetition));
        }
        if pos.halfmove_clock() >= 150 {
            return GameStatus::Ended(Outcome::Draw(DrawReason::SeventyFiveMoveRule));
        }
        GameStatus::Ongoing
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The PGN result of the game so far: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
    pub fn result(&self) -> &'static str {
        self.outcome().map_or("*", Outcome::result)
    }

    /// The draw the side to move may claim now, if any: threefold repetition of the current
    /// position, or fifty moves by each side (100 plies) without a capture or pawn move. `None`
    /// when the game is over.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        if self.repetition_count() >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.position.halfmove_clock() >= 100 {
            Some(DrawReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Claims the draw that [`Game::claimable_draw`] reports, ending the game.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended, [`GameError::NothingToClaim`]
    /// when no draw can be claimed.
    pub fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let reason = self.claimable_draw().ok_or(GameError::NothingToClaim)?;
        let o = Outcome::Draw(reason);
        self.manual = Some(o);
        Ok(o)
    }

    /// `side` resigns: the other side wins.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.end_manually(Outcome::Resignation { winner: !side })
    }

    /// The players agree to a draw.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.end_manually(Outcome::Draw(DrawReason::Agreement))
    }

    fn end_manually(&mut self, o: Outcome) -> Result<Outcome, GameError> {
        if let Some(ended) = self.outcome() {
            return Err(GameError::GameOver(ended));
        }
        self.manual = Some(o);
        Ok(o)
    }

    /// How many times the current position has occurred in the game, counting this time (1 for a
    /// new position). Positions are compared by Zobrist key (pieces, side to move, castling
    /// rights, and an en passant square only when a legal en passant capture exists), over the
    /// part of the history since the last capture or pawn move.
    pub fn repetition_count(&self) -> u32 {
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len());
        let key = self.position.key();
        let earlier = self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count();
        1 + earlier as u32
    }

    /// The Zobrist keys of the positions before the current one, oldest first (the start position
    /// first). The engine uses them to see repetitions.
    pub fn history_keys(&self) -> Vec<u64> {
        self.keys.clone()
    }

    /// The current position in FEN.
    pub fn fen(&self) -> String {
        fen::to_fen(&self.position)
    }

    /// The PGN tags, in order (without `Result`, `FEN` and `SetUp`, which the game derives from
    /// its outcome and start position).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`. `Result` gives [`Game::result`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        if name == "Result" {
            return Some(self.result());
        }
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an existing value in place or adding it at the end.
    /// `Result`, `FEN` and `SetUp` are derived from the outcome and start position and are
    /// ignored here.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if is_derived_tag(name) {
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes tag `name`, if present.
    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(n, _)| n != name);
    }

    /// The comment after move `ply` (counted from 1), or before the first move for `ply` 0.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        if ply == 0 {
            self.comment_before_moves.as_deref()
        } else if ply <= self.moves.len() {
            self.notes[ply - 1].comment.as_deref()
        } else {
            None
        }
    }

    /// Sets or clears the comment after played move `ply` (counted from 1; 0 is the comment
    /// before the first move), e.g. an engine evaluation. It is exported in PGN and saved in JSON.
    /// Returns `false` (and changes nothing) when no move `ply` has been played.
    pub fn set_comment(&mut self, ply: usize, comment: Option<String>) -> bool {
        if ply == 0 {
            self.comment_before_moves = comment;
        } else if ply <= self.moves.len() {
            self.notes[ply - 1].comment = comment;
        } else {
            return false;
        }
        true
    }

    /// The NAGs (numeric annotation glyphs, e.g. 1 for `!`) of played move `ply` (from 1).
    pub fn nags(&self, ply: usize) -> &[u8] {
        match ply.checked_sub(1).and_then(|i| self.notes.get(i)) {
            Some(note) if ply <= self.moves.len() => &note.nags,
            _ => &[],
        }
    }

    /// The game as a [`PgnGame`]: tags, start position, the moves played with their comments
    /// and NAGs, and the result.
    pub fn to_pgn_game(&self) -> PgnGame {
        let mut pos = self.start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (&m, note) in self.moves.iter().zip(&self.notes) {
            moves.push(PgnMove {
                mv: m,
                san: san::to_san(&pos, m),
                nags: note.nags.clone(),
                comment_before: None,
                comment: note.comment.clone(),
                variations: Vec::new(),
            });
            pos.make_move(m);
        }
        PgnGame {
            tags: self.tags.clone(),
            start: self.start.clone(),
            moves,
            result: self.result().to_string(),
            comment_before_moves: self.comment_before_moves.clone(),
        }
    }

    /// The game in PGN (see [`pgn::write_game`]); the result comes from the outcome.
    pub fn to_pgn(&self) -> String {
        pgn::write_game(&self.to_pgn_game())
    }
}
