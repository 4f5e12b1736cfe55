//! A game of chess as a tree: a start position, the main line and variations to any depth, each
//! move with its comments, NAGs, clock, evaluation, squares and arrows; navigation and editing;
//! undo/redo for a game against the engine; repetition and the outcome along the way to the
//! current move; PGN tags; PGN import/export and a JSON save format.
//!
//! # The tree, the current node and the current line
//! Every node but the root ([`NodeId::ROOT`], the start position) holds one move. A node's first
//! child continues its line; the others are variations. [`Game::position`] is the position at
//! the *current node*, and the game keeps a *current line*: the way from the root to the current
//! node and on, along the moves the player came back from (else along first children), to a
//! leaf. [`Game::back`], [`Game::forward`], [`Game::to_start`] and [`Game::to_end`] move along
//! the current line; [`Game::goto`] goes to any node.
//!
//! # Playing, undo and redo
//! [`Game::play`] plays from the current node: when the current node already has a child with
//! that move, the game goes to it; otherwise a new node is made. With the default
//! [`NewMovePlacement::Variation`] a new move beside an existing one becomes a variation (an
//! analysis board); with [`NewMovePlacement::MainLine`] the line played becomes the main line and
//! the moves it replaces a variation (a game against the engine, where take-backs are kept).
//!
//! [`Game::undo`] is a take-back: it first removes a resignation, agreed draw or claimed draw at
//! the current node, otherwise it goes one move back along the current line. [`Game::redo`]
//! goes one move forward along the current line (the moves undone, in order), unless the game
//! ended at the current node. A move played after an undo is a new line, so redo has nothing
//! more to replay; the moves taken back stay in the tree as a variation.
//!
//! # A timed game
//! A game may have a clock ([`Game::set_time_control`]). While it has one that has not stopped
//! for good (not started, running or paused), a turn or the game ends only through the timed
//! calls, which say what time it is: [`Game::play_at`] and its UCI and SAN forms,
//! [`Game::claim_draw_with_at`], [`Game::resign_at`], [`Game::agree_draw_at`],
//! [`Game::claim_draw_at`]. The untimed ones ([`Game::play`], [`Game::resign`], ...) are then
//! refused with [`GameError::TimedGame`] and change nothing ([`Game::needs_time`] is the rule),
//! and [`Game::undo`] and [`Game::redo`] wait while the clock runs. Once a flag has fallen the
//! clock has stopped for good and the untimed calls analyse the game. A game without a clock
//! takes both forms alike.
//!
//! # Outcome
//! [`Game::status`] is the status at the current node: an ending chosen there (resignation,
//! agreement, claim) or one by rule (checkmate, stalemate, insufficient material, fivefold
//! repetition, seventy-five moves), with repetitions counted along the way from the root.
//! [`Game::result`] is the main line's: the first ending on it, else the rule outcome at its end.
//!
//! # Examples
//! ```
//! use chesscore::game::{Game, GameStatus, NodeId, Outcome};
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
//! // Back two moves and try another idea: a variation.
//! game.back();
//! game.back();
//! game.play_san("d3").unwrap();
//! assert_eq!(game.san_moves(), ["f3", "e5", "d3"]);
//! assert_eq!(game.main_line().len(), 4);
//! assert!(game.to_pgn().contains("1. f3 e5 2. g4 (2. d3) 2... Qh4# 0-1"));
//!
//! // Saved and restored exactly.
//! let restored = Game::from_json(&game.to_json()).unwrap();
//! assert_eq!(restored, game);
//! assert_eq!(restored.node(NodeId::ROOT).unwrap().children().len(), 1);
//! ```

pub mod clock;
mod movelist;
mod outcome;
mod pgn;
mod puzzle;
mod save;
pub mod time_control;
mod timed;
mod tree;

pub use crate::notation::illegal::{IllegalMove, IllegalReason};
pub use movelist::{MoveCell, MoveListItem, MoveRow};
pub use outcome::{DrawReason, GameStatus, Outcome};
pub use pgn::PgnExport;
pub use puzzle::{Puzzle, PuzzleError, PuzzleStep};
pub use timed::UntimedCall;
pub use tree::{NodeId, NodeRef, MAX_VARIATION_DEPTH};

use crate::notation::fen::{self, FenError};
use crate::notation::pgn::{is_tag_name, tag_value_as_kept, PgnError};
use crate::notation::san::{self, SanError};
use crate::notation::uci::{UciError, UciMove};
use crate::rules::{Move, MoveList, Position, Side, Square};
use std::collections::BTreeMap;
use tree::Node;

/// Why a [`Game`] operation failed. A failed operation leaves the game unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The FEN is invalid.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The UCI move text is malformed.
    #[error(transparent)]
    Uci(#[from] UciError),
    /// The SAN text is malformed, illegal or ambiguous.
    #[error(transparent)]
    San(#[from] SanError),
    /// The PGN text could not be read.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// The move is not legal in the current position; says which move and why.
    #[error(transparent)]
    IllegalMove(IllegalMove),
    /// The game is over at the current node, so no move (or resignation, or claim) is possible.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// A draw was claimed but neither threefold repetition nor the fifty-move rule applies.
    #[error("no draw can be claimed: the position has not occurred three times and fewer than fifty moves were made without a capture or pawn move")]
    NothingToClaim,
    /// A draw was claimed with a move ([`Game::claim_draw_with`]) that allows none; says which
    /// move (in SAN) and why.
    #[error("no draw can be claimed with {san}: {why}")]
    NoDrawWith {
        /// The move, in SAN.
        san: String,
        /// Why it allows no claim.
        why: String,
    },
    /// The game has no node with this id (never had, or it was deleted).
    #[error("no node {0} in this game")]
    NoSuchNode(u32),
    /// The main line has fewer moves than asked for.
    #[error("the main line has no move {0}: it is shorter")]
    NoSuchMainLinePly(u32),
    /// The start position cannot be deleted.
    #[error("the start position cannot be deleted (delete its moves instead)")]
    CannotDeleteRoot,
    /// A NAG was given to the start position, which has no move to carry it (PGN writes NAGs
    /// after moves only).
    #[error("the start position has no move to annotate with a NAG (NAG {0})")]
    NagOnStart(u8),
    /// An arrow was asked from a square to itself; a single square is marked as a square.
    #[error("an arrow needs two different squares, not {0} to {0} (mark the square instead)")]
    ArrowToItself(crate::rules::Square),
    /// Annotations were set with two NAGs of one exclusive group (two move assessments such as
    /// `?` and `??`, or two position assessments), which a move cannot carry at once.
    #[error("NAGs {0} and {1} both assess the {kind}: a move carries one of them (replace, do not add)", kind = if *.0 <= 9 { "move" } else { "position" })]
    NagsOfOneGroup(u8, u8),
    /// A timed call, a take-back or a restart of the clock at a node other than the one the
    /// clock stands at (the board was taken back with [`Game::back`], not [`Game::undo`]).
    #[error("the clock stands after ply {clock_ply} and the board shows ply {current_ply}: go forward to the clock's position to play on, or take moves back with undo, which sets the clock back")]
    ClockElsewhere {
        /// The ply of the node the clock stands at.
        clock_ply: u32,
        /// The ply of the current node.
        current_ply: u32,
    },
    /// A new variation would be nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations cannot be nested more than {MAX_VARIATION_DEPTH} deep")]
    TooDeep,
    /// A tag cannot be set: its name is not a PGN tag name, or the game derives its value.
    #[error("{0}")]
    InvalidTag(String),
    /// A saved game (JSON) is malformed, of an unknown version, or inconsistent; the text says
    /// what and where.
    #[error("invalid saved game: {0}")]
    InvalidSave(String),
    /// A clock operation was refused: no clock, not started, not running, time going
    /// backwards, or an invalid time control.
    #[error(transparent)]
    Clock(#[from] clock::ClockError),
    /// An untimed call that ends a turn or the game, in a game whose clock is in use (see
    /// [`Game::needs_time`]): the timed call must be used, so that the clock follows the game.
    #[error(
        "the game is timed: use {} with the time instead of {}, which leaves the clock alone",
        .0.timed_name(),
        .0.name()
    )]
    TimedGame(UntimedCall),
}

impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> GameError {
        GameError::IllegalMove(e)
    }
}

/// Tag names whose value [`Game`] derives itself (from the outcome and the start position:
/// `Variant` is `Chess960` for a Chess960 game, absent otherwise).
const DERIVED_TAGS: [&str; 4] = ["Result", "FEN", "SetUp", "Variant"];

fn is_derived_tag(name: &str) -> bool {
    DERIVED_TAGS.contains(&name)
}

/// The tag a game with a clock derives from it ([`Game::set_time_control`]).
const TIME_CONTROL_TAG: &str = "TimeControl";

/// The Seven Tag Roster without `Result`: [`Game::tags`] lists these first, in this order.
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// Where [`Game::play`] puts a move that is new at the current node while the current node
/// already has a continuation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NewMovePlacement {
    /// The new move starts a variation; the main line stays (an analysis board).
    #[default]
    Variation,
    /// The line through the new move becomes the main line, and the moves it replaces a
    /// variation (a game: what was played is the game, take-backs are kept beside it).
    MainLine,
}

/// A game: a start position and a tree of moves with a current node. See the [module
/// documentation](self) for the tree, undo/redo and the outcome.
///
/// Moves are checked: [`Game::play`] refuses an illegal move or a move after the game ended.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    /// Every node ever made, by id; deleted ones stay as dead slots so ids are never reused.
    nodes: Vec<Node>,
    /// The current line, from the root to a leaf; `line[cursor]` is the current node.
    line: Vec<NodeId>,
    cursor: usize,
    /// The position at the current node.
    position: Position,
    tags: BTreeMap<String, String>,
    new_moves: NewMovePlacement,
    /// The chess clock, when the game has a time control.
    clock: Option<clock::Clock>,
    /// The node the clock stands at: where the last timed move, take-back or start left it.
    /// Timed calls and take-backs elsewhere (after going back with [`Game::back`]) are refused,
    /// as they would charge or credit the wrong moves. `None`: not known (a game just loaded,
    /// a new time control), any node.
    clock_node: Option<NodeId>,
}

impl PartialEq for Game {
    /// Two games are equal when they have the same start, tree (moves, order of variations,
    /// annotations, endings), tags, clock, current node and current line, and placement of new moves;
    /// node ids need not agree.
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.tags == other.tags
            && self.new_moves == other.new_moves
            && self.clock == other.clock
            && self.cursor == other.cursor
            && self.line.len() == other.line.len()
            && self.same_subtree(NodeId::ROOT, other, NodeId::ROOT)
            && self
                .line
                .iter()
                .zip(&other.line)
                .all(|(&a, &b)| self.n(a).ply == other.n(b).ply && self.n(a).mv == other.n(b).mv)
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
            nodes: vec![Node::root(&pos)],
            line: vec![NodeId::ROOT],
            cursor: 0,
            start: pos.clone(),
            position: pos,
            tags: BTreeMap::new(),
            new_moves: NewMovePlacement::default(),
            clock: None,
            clock_node: None,
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
    /// assert_eq!(game.legal_moves().len(), 6);
    /// assert!(Game::from_fen("4k3/8/8 w - - 0 1").is_err());
    /// ```
    pub fn from_fen(fen_text: &str) -> Result<Game, GameError> {
        Ok(Game::from_position(fen::parse(fen_text)?))
    }

    fn same_subtree(&self, a: NodeId, other: &Game, b: NodeId) -> bool {
        let mut stack = vec![(a, b)];
        while let Some((a, b)) = stack.pop() {
            let (x, y) = (self.n(a), other.n(b));
            if x.mv != y.mv
                || x.annotations != y.annotations
                || x.ending != y.ending
                || x.clocks != y.clocks
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }

    /// Where [`Game::play`] puts a new move beside an existing one.
    pub fn new_move_placement(&self) -> NewMovePlacement {
        self.new_moves
    }

    /// Sets where [`Game::play`] puts a new move beside an existing one (the tree as it is stays).
    pub fn set_new_move_placement(&mut self, placement: NewMovePlacement) {
        self.new_moves = placement;
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The Chess960 start-position number (0-959) the game started from: `None` when it is not
    /// a Chess960 game, or when it started from another position (a FEN in mid-game). A
    /// standard game is not a Chess960 game, though its pieces stand as in number 518.
    ///
    /// ```
    /// use chesscore::game::Game;
    /// use chesscore::rules::chess960;
    ///
    /// let game = Game::from_position(chess960::start_position(0).unwrap());
    /// assert_eq!(game.chess960_start_number(), Some(0));
    /// assert_eq!(Game::new().chess960_start_number(), None);
    /// ```
    pub fn chess960_start_number(&self) -> Option<u32> {
        if self.start.is_chess960() {
            crate::rules::chess960::start_number(&self.start)
        } else {
            None
        }
    }

    /// The position at the current node.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves from the start to the current position.
    pub fn moves(&self) -> Vec<Move> {
        self.line[1..=self.cursor]
            .iter()
            .map(|&id| self.n(id).mv)
            .collect()
    }

    /// The moves that [`Game::redo`] would replay, the next one first: the rest of the current
    /// line.
    pub fn redo_moves(&self) -> Vec<Move> {
        self.line[self.cursor + 1..]
            .iter()
            .map(|&id| self.n(id).mv)
            .collect()
    }

    /// The SAN of each move from the start to the current position (`Nf3`, `O-O`, `Qh4#`).
    pub fn san_moves(&self) -> Vec<String> {
        self.san_path().map(str::to_string).collect()
    }

    /// The SAN of each move from the start to the current position, borrowed.
    pub fn san_path(&self) -> impl Iterator<Item = &str> + '_ {
        self.line[1..=self.cursor]
            .iter()
            .map(|&id| self.n(id).san.as_str())
    }

    /// The position before the current node's move (`None` at the start), e.g. to describe that
    /// move; costs one position copy.
    pub fn previous_position(&self) -> Option<Position> {
        let node = self.n(self.current());
        let undo = node.undo?;
        let mut pos = self.position.clone();
        pos.unmake_move(node.mv, &undo);
        Some(pos)
    }

    /// The move that led to the current position.
    pub fn last_move(&self) -> Option<Move> {
        let mv = self.n(self.current()).mv;
        (!mv.is_null()).then_some(mv)
    }

    /// The SAN of the move that led to the current position.
    pub fn last_san(&self) -> Option<&str> {
        (self.cursor > 0).then(|| self.n(self.current()).san.as_str())
    }

    /// The number of moves (plies) from the start to the current position.
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The legal moves at the current node: none when the game is over there.
    pub fn legal_moves(&self) -> MoveList {
        self.moves_unless_over(Position::legal_moves)
    }

    /// The legal moves of the piece on `square` at the current node: none when the game is over
    /// there (or the square holds no piece of the side to move).
    pub fn legal_moves_from(&self, square: Square) -> MoveList {
        self.moves_unless_over(|pos| pos.legal_moves_from(square))
    }

    /// The moves the piece on `square`, of the side not to move, might make on its side's next
    /// turn, whatever the side to move replies ([`Position::premove_moves`]): a premove's
    /// possible moves. None when the game is over at the current node.
    pub fn premove_moves(&self, square: Square) -> MoveList {
        self.moves_unless_over(|pos| pos.premove_moves(square))
    }

    /// `moves` of the current position, or none when the game is over at the current node: the
    /// one place of the rule that a finished game has no legal moves (the FFI, the CLI and the
    /// snapshot all ask [`Game::legal_moves`] or [`Game::legal_moves_from`]).
    fn moves_unless_over(&self, moves: impl FnOnce(&Position) -> MoveList) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        moves(&self.position)
    }

    fn refuse_if_over(&self) -> Result<(), GameError> {
        match self.outcome() {
            Some(o) => Err(GameError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Plays `m` from the current node, checking that it is legal (see the [module
    /// documentation](self) for where the move goes in the tree).
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended here, [`GameError::IllegalMove`] when `m`
    /// is not legal here, [`GameError::TooDeep`] for a variation nested too deep (the new move's,
    /// or with [`NewMovePlacement::MainLine`] the displaced line's);
    /// [`GameError::TimedGame`] in a timed game (see [`Game::needs_time`]): use
    /// [`Game::play_at`]. The game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        self.refuse_untimed(UntimedCall::Play)?;
        self.make_move(m)
    }

    /// [`Game::play`] without the timed-game rule: the move itself, for the timed calls.
    pub(super) fn make_move(&mut self, m: Move) -> Result<(), GameError> {
        self.refuse_if_over()?;
        if !self.position.is_legal(m) {
            return Err(IllegalMove::explain(&self.position, UciMove::from_move(m)).into());
        }
        self.advance(m)?;
        Ok(())
    }

    /// Plays a move given by its squares and promotion piece (castling as the king's move,
    /// `e1g1`, or the king onto its rook).
    ///
    /// # Errors
    /// [`GameError::GameOver`]; [`GameError::IllegalMove`] saying why the move is not legal;
    /// [`GameError::TimedGame`] in a timed game (see [`Game::needs_time`]): use
    /// [`Game::play_uci_move_at`].
    pub fn play_uci_move(&mut self, mv: UciMove) -> Result<Move, GameError> {
        self.refuse_untimed(UntimedCall::PlayUciMove)?;
        self.make_uci_move(mv)
    }

    /// [`Game::play_uci_move`] without the timed-game rule, for the timed calls.
    pub(super) fn make_uci_move(&mut self, mv: UciMove) -> Result<Move, GameError> {
        self.refuse_if_over()?;
        let m = self.legal_uci(mv)?;
        self.advance(m)?;
        Ok(m)
    }

    /// The move that UCI text (`e2e4`, `e7e8q`, castling as in [`Game::play_uci_move`]) means
    /// in the current position, without playing it.
    ///
    /// # Errors
    /// [`GameError::Uci`] for malformed text, [`GameError::IllegalMove`] saying why the move is
    /// not legal here.
    pub fn uci_move(&self, text: &str) -> Result<Move, GameError> {
        self.legal_uci(text.trim().parse()?)
    }

    /// `mv` as a legal move of the current position, or why it is not one.
    fn legal_uci(&self, mv: UciMove) -> Result<Move, GameError> {
        mv.to_move(&self.position).map_err(|e| match e {
            UciError::Illegal(illegal) => GameError::IllegalMove(illegal),
            syntax => GameError::Uci(syntax),
        })
    }

    /// Plays a move given in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::Uci`] for malformed text,
    /// [`GameError::IllegalMove`] saying why the move is not legal; [`GameError::TimedGame`] in
    /// a timed game (see [`Game::needs_time`]): use [`Game::play_uci_at`].
    pub fn play_uci(&mut self, text: &str) -> Result<Move, GameError> {
        self.refuse_untimed(UntimedCall::PlayUci)?;
        self.make_uci(text)
    }

    /// [`Game::play_uci`] without the timed-game rule, for the timed calls.
    pub(super) fn make_uci(&mut self, text: &str) -> Result<Move, GameError> {
        self.refuse_if_over()?;
        self.make_uci_move(text.trim().parse()?)
    }

    /// Plays a move given in SAN (`Nf3`, `O-O`, `exd6`), read leniently (see
    /// [`crate::notation::san`]).
    ///
    /// # Errors
    /// [`GameError::GameOver`], or [`GameError::San`] for malformed, illegal or ambiguous text;
    /// [`GameError::TimedGame`] in a timed game (see [`Game::needs_time`]): use
    /// [`Game::play_san_at`].
    pub fn play_san(&mut self, text: &str) -> Result<Move, GameError> {
        self.refuse_untimed(UntimedCall::PlaySan)?;
        self.refuse_if_over()?;
        let m = san::parse_san(&self.position, text)?;
        self.advance(m)?;
        Ok(m)
    }

    /// Takes back the last action: a resignation, agreed draw or claimed draw at the current node
    /// first (returning `None`, as no move was taken back), otherwise the move of the current
    /// node, by going one move back along the current line; the move stays there for
    /// [`Game::redo`]. Returns `None` when there is nothing to undo.
    ///
    /// A loss (or draw) on time is not taken back: the clock has stopped for good. Nothing is
    /// taken back while the game's clock runs (the time would run on for the side no longer to
    /// move): pause it first ([`Game::pause_clock`]); [`Game::resume_clock`] then runs the time
    /// of the side to move. A move played on the clock (a timed call) sets the clock back to
    /// where it stood before the move, as lichess does: both times, the moves made (so a
    /// period's time comes at its move, and a bonus is not earned twice); [`Game::redo`] sets
    /// it to where it stood after.
    pub fn undo(&mut self) -> Option<Move> {
        let current = self.current();
        if !self.can_undo() {
            return None;
        }
        if self.n_mut(current).ending.take().is_some() {
            return None;
        }
        if !self.back() {
            return None;
        }
        // A move played on the clock sets it back to where it stood before the move (keeping
        // time added since), and the clock stands here now.
        let clocks = self.n(current).clocks;
        if let (Some([before, after]), Some(clock)) = (clocks, self.clock.as_mut()) {
            clock.restore(before, after, self.position.side_to_move());
        }
        self.clock_moved_here();
        Some(self.n(current).mv)
    }

    /// Replays the next move of the current line (the last one taken back with
    /// [`Game::undo`]) and returns it; `None` at the end of the line or when the game ended at
    /// the current node by resignation, agreement or claim, or while the game's clock runs (as
    /// for [`Game::undo`]).
    pub fn redo(&mut self) -> Option<Move> {
        if !self.can_redo() {
            return None;
        }
        self.forward();
        let (clocks, mv) = {
            let node = self.n(self.current());
            (node.clocks, node.mv)
        };
        if let (Some([before, after]), Some(clock)) = (clocks, self.clock.as_mut()) {
            clock.restore(after, before, self.position.side_to_move());
        }
        self.clock_moved_here();
        Some(mv)
    }

    /// `true` when [`Game::undo`] would change something.
    pub fn can_undo(&self) -> bool {
        !self.clock_runs()
            && self.clock_elsewhere().is_none()
            && !self.ended_on_time()
            && (self.cursor > 0 || self.n(self.current()).ending.is_some())
    }

    /// `true` when the game ended on time at the current node.
    fn ended_on_time(&self) -> bool {
        self.n(self.current())
            .ending
            .is_some_and(Outcome::is_on_time)
    }

    /// `true` when [`Game::redo`] would replay a move.
    pub fn can_redo(&self) -> bool {
        !self.clock_runs()
            && self.clock_elsewhere().is_none()
            && self.n(self.current()).ending.is_none()
            && self.cursor + 1 < self.line.len()
    }

    /// Whether the game goes on at the current node or how it ended there. Checkmate,
    /// stalemate, insufficient material, fivefold repetition and the seventy-five-move rule (150
    /// plies without capture or pawn move, unless the last move mated) end it by themselves; so
    /// do a resignation, an agreed draw and a claimed draw at this node.
    pub fn status(&self) -> GameStatus {
        let current = self.current();
        if let Some(o) = self.n(current).ending {
            return GameStatus::Ended(o);
        }
        match self.rule_outcome(current, &self.position) {
            Some(o) => GameStatus::Ended(o),
            None => GameStatus::Ongoing,
        }
    }

    /// The outcome that the rules give at node `id`, whose position is `pos`.
    fn rule_outcome(&self, id: NodeId, pos: &Position) -> Option<Outcome> {
        ending_by_rule(pos, || {
            self.repetitions_at(id, pos.key(), pos.halfmove_clock())
        })
    }

    /// How the game ended at the current node, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The outcome of the main line: the first resignation, agreed or claimed draw on it, else
    /// the rule outcome at its last move; `None` while it goes on.
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        let mut pos = self.start.clone();
        let mut id = NodeId::ROOT;
        loop {
            let node = self.n(id);
            if let Some(o) = node.ending {
                return Some(o);
            }
            match node.children.first() {
                Some(&next) => {
                    pos.make_move(self.n(next).mv);
                    id = next;
                }
                None => return self.rule_outcome(id, &pos),
            }
        }
    }

    /// The PGN result of the game, from its main line: `1-0`, `0-1`, `1/2-1/2`, or `*` while it
    /// goes on.
    pub fn result(&self) -> &'static str {
        self.main_line_outcome().map_or("*", Outcome::result)
    }

    /// The draw the side to move may claim at the current node, if any: threefold repetition of
    /// the position, or fifty moves by each side (100 plies) without a capture or pawn move.
    /// `None` when the game is over.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        claim_by_rule(&self.position, self.repetition_count())
    }

    /// Claims the draw that [`Game::claimable_draw`] reports, ending the game at the current
    /// node.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended, [`GameError::NothingToClaim`]
    /// when no draw can be claimed, [`GameError::TimedGame`] in a timed game (see
    /// [`Game::needs_time`]): use [`Game::claim_draw_at`].
    pub fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        self.refuse_untimed(UntimedCall::ClaimDraw)?;
        self.claim_now()
    }

    /// [`Game::claim_draw`] without the timed-game rule, for the timed calls.
    pub(super) fn claim_now(&mut self) -> Result<Outcome, GameError> {
        self.refuse_if_over()?;
        let reason = self.claimable_draw().ok_or(GameError::NothingToClaim)?;
        self.end_manually(Outcome::Draw(reason))
    }

    /// The draw the side to move may claim by announcing `m` as its next move (FIDE Laws of
    /// Chess 9.2.1.1 and 9.3.1): the position `m` makes would occur for the third time, or `m`
    /// would complete fifty moves by each side (100 plies) without a capture or pawn move.
    /// `None` when `m` is not legal here, when the game is over, or when `m` ends the game by
    /// itself (checkmate, stalemate, insufficient material, fivefold repetition, seventy-five
    /// moves): there is nothing to claim then, the move decides.
    ///
    /// A draw claimable now ([`Game::claimable_draw`]) is not claimable with a move unless the
    /// move keeps it: a capture or pawn move resets the fifty-move count.
    pub fn draw_claimable_with(&self, m: Move) -> Option<DrawReason> {
        if self.outcome().is_some() || !self.position.is_legal(m) {
            return None;
        }
        self.claim_with(m).ok()
    }

    /// The legal moves with which the side to move may claim a draw
    /// ([`Game::draw_claimable_with`]), each with the draw it allows, in the order of
    /// [`Game::legal_moves`]; empty when the game is over.
    pub fn draw_claim_moves(&self) -> Vec<(Move, DrawReason)> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.legal_moves()
            .iter()
            .filter_map(|&m| self.claim_with(m).ok().map(|r| (m, r)))
            .collect()
    }

    /// Plays `m` and claims the draw it allows ([`Game::draw_claimable_with`]) in one step, as a
    /// player over the board announces the move and claims (FIDE Laws 9.2.1.1, 9.3.1): the
    /// move's node is added (or gone to) as by [`Game::play`], and the game ends there drawn.
    /// [`Game::undo`] takes the claim back first, then the move.
    ///
    /// When `m` allows no claim the move is *not* played and the game is unchanged (FIDE 9.5.1
    /// would have the announced move played; an app that wants that plays it with
    /// [`Game::play`]).
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has ended, [`GameError::IllegalMove`] when `m` is
    /// not legal, [`GameError::NoDrawWith`] when `m` allows no claim (saying why),
    /// [`GameError::TooDeep`] as for [`Game::play`], [`GameError::TimedGame`] in a timed game
    /// (see [`Game::needs_time`]): use [`Game::claim_draw_with_at`]; the game is then unchanged.
    pub fn claim_draw_with(&mut self, m: Move) -> Result<Outcome, GameError> {
        self.refuse_untimed(UntimedCall::ClaimDrawWith)?;
        self.claim_with_move(m)
    }

    /// [`Game::claim_draw_with`] without the timed-game rule, for the timed calls.
    pub(super) fn claim_with_move(&mut self, m: Move) -> Result<Outcome, GameError> {
        self.refuse_if_over()?;
        if !self.position.is_legal(m) {
            return Err(IllegalMove::explain(&self.position, UciMove::from_move(m)).into());
        }
        let reason = self.claim_with(m).map_err(|why| GameError::NoDrawWith {
            san: san::to_san(&self.position, m),
            why,
        })?;
        self.advance(m)?;
        let outcome = Outcome::Draw(reason);
        let current = self.current();
        self.n_mut(current).ending = Some(outcome);
        Ok(outcome)
    }

    /// [`Game::claim_draw_with`] for a move given by its squares and promotion piece (see
    /// [`Game::play_uci_move`]); returns the outcome and the move.
    ///
    /// # Errors
    /// As [`Game::claim_draw_with`]; in a timed game use [`Game::claim_draw_with_uci_move_at`].
    pub fn claim_draw_with_uci_move(&mut self, mv: UciMove) -> Result<(Outcome, Move), GameError> {
        self.refuse_untimed(UntimedCall::ClaimDrawWithUciMove)?;
        self.claim_with_uci_move(mv)
    }

    /// [`Game::claim_draw_with_uci_move`] without the timed-game rule, for the timed calls.
    pub(super) fn claim_with_uci_move(
        &mut self,
        mv: UciMove,
    ) -> Result<(Outcome, Move), GameError> {
        self.refuse_if_over()?;
        let m = self.legal_uci(mv)?;
        self.claim_with_move(m).map(|o| (o, m))
    }

    /// The draw `m` (legal here, the game going on) allows, or why it allows none.
    fn claim_with(&self, m: Move) -> Result<DrawReason, String> {
        let mut after = self.position.clone();
        after.make_move(m);
        let seen = self.repetitions_after(self.current(), after.key(), after.halfmove_clock());
        let Some(reason) = claim_by_rule(&after, seen) else {
            return Err(format!(
                "the position it makes would stand for the {} time (a claim needs the third), \
                 and {} plies would have gone without a capture or pawn move (a claim needs 100)",
                if seen == 1 { "first" } else { "second" },
                after.halfmove_clock()
            ));
        };
        match ending_by_rule(&after, || seen) {
            Some(o) => Err(format!("the move ends the game by itself ({o})")),
            None => Ok(reason),
        }
    }

    /// `side` resigns at the current node: the other side wins.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended there; [`GameError::TimedGame`]
    /// in a timed game (see [`Game::needs_time`]): use [`Game::resign_at`].
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.refuse_untimed(UntimedCall::Resign)?;
        self.end_manually(Outcome::Resignation { winner: !side })
    }

    /// The players agree to a draw at the current node.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game has already ended there; [`GameError::TimedGame`]
    /// in a timed game (see [`Game::needs_time`]): use [`Game::agree_draw_at`].
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.refuse_untimed(UntimedCall::AgreeDraw)?;
        self.end_manually(Outcome::Draw(DrawReason::Agreement))
    }

    /// Ends the game at the current node with `o`, unless it has ended there already (the
    /// untimed and the timed endings).
    pub(super) fn end_manually(&mut self, o: Outcome) -> Result<Outcome, GameError> {
        self.refuse_if_over()?;
        let current = self.current();
        self.n_mut(current).ending = Some(o);
        Ok(o)
    }

    /// How many times the current position has occurred on the way from the start, counting
    /// this time (1 for a new position). Positions are compared by Zobrist key (pieces, side to
    /// move, castling rights, and an en passant square only when a legal en passant capture
    /// exists), over the moves since the last capture or pawn move.
    pub fn repetition_count(&self) -> u32 {
        self.repetitions_at(
            self.current(),
            self.position.key(),
            self.position.halfmove_clock(),
        )
    }

    /// The Zobrist keys of the positions before the current one on the way from the start,
    /// oldest first (the start position first). The engine uses them to see repetitions.
    pub fn history_keys(&self) -> Vec<u64> {
        self.line[..self.cursor]
            .iter()
            .map(|&id| self.n(id).key)
            .collect()
    }

    /// The current position in FEN.
    pub fn fen(&self) -> String {
        fen::to_fen(&self.position)
    }

    /// The PGN tags, without `Result`, `FEN`, `SetUp` and `Variant` (which the game derives
    /// from its outcome and start position): those of the Seven Tag Roster first, in its order,
    /// then the others in ASCII order, as PGN export writes them.
    pub fn tags(&self) -> Vec<(&str, &str)> {
        let roster = ROSTER
            .iter()
            .filter_map(|&name| self.tags.get_key_value(name));
        let others = self
            .tags
            .iter()
            .filter(|(name, _)| !ROSTER.contains(&name.as_str()));
        roster
            .chain(others)
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect()
    }

    /// The value of tag `name`. `Result` gives [`Game::result`], `Variant` is `Chess960` for a
    /// Chess960 game.
    pub fn tag(&self, name: &str) -> Option<&str> {
        match name {
            "Result" => Some(self.result()),
            "Variant" => self.start.is_chess960().then_some("Chess960"),
            _ => self.tags.get(name).map(String::as_str),
        }
    }

    /// Sets tag `name` to `value`, replacing an existing value; a line break, tab or other
    /// control character in `value` becomes a space, as a PGN keeps it
    /// ([`crate::notation::pgn::tag_value_as_kept`]), so that the game's PGN and JSON hold the
    /// same value.
    ///
    /// # Errors
    /// [`GameError::InvalidTag`] for a name PGN cannot hold (see
    /// [`crate::notation::pgn::is_tag_name`]), for `Result`, `FEN`, `SetUp` and `Variant`,
    /// which the game derives from its outcome and start position, and for `TimeControl` on a
    /// game with a clock, whose control it is.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        if !is_tag_name(name) {
            return Err(GameError::InvalidTag(format!(
                "invalid tag name '{name}': PGN tag names are ASCII letters, digits and '_'"
            )));
        }
        if is_derived_tag(name) {
            return Err(GameError::InvalidTag(format!(
                "the {name} tag cannot be set: it is derived from the game's outcome and start position"
            )));
        }
        if name == TIME_CONTROL_TAG && self.clock.is_some() {
            return Err(GameError::InvalidTag(format!(
                "the {name} tag cannot be set on a game with a clock: it is the clock's control \
                 (set_time_control changes it)"
            )));
        }
        self.tags
            .insert(name.to_string(), tag_value_as_kept(value).into_owned());
        Ok(())
    }

    /// Removes tag `name`; `true` when the game had it. A tag of the Seven Tag Roster is then
    /// exported with its placeholder (`?`, `????.??.??`), as PGN requires it. A game with a
    /// clock keeps its `TimeControl` (the clock's control): `false`.
    pub fn remove_tag(&mut self, name: &str) -> bool {
        if name == TIME_CONTROL_TAG && self.clock.is_some() {
            return false;
        }
        self.tags.remove(name).is_some()
    }
}

/// The outcome the rules give a position by themselves (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6): checkmate,
/// stalemate, a position no series of legal moves can mate in, the fifth occurrence of the
/// position (`seen()` counts them, this one included; asked only when needed), or 75 moves by
/// each side without a capture or pawn move. The one place these rules are written (the game,
/// a saved game and the review ask it).
pub(crate) fn ending_by_rule(pos: &Position, seen: impl FnOnce() -> u32) -> Option<Outcome> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Outcome::Checkmate {
                winner: !pos.side_to_move(),
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        });
    }
    if pos.is_insufficient_material() {
        return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    }
    if seen() >= 5 {
        return Some(Outcome::Draw(DrawReason::FivefoldRepetition));
    }
    if pos.halfmove_clock() >= 150 {
        return Some(Outcome::Draw(DrawReason::SeventyFiveMoveRule));
    }
    None
}

/// The draw the side to move may claim in `pos`, seen `seen` times (this one included), when
/// the game has not ended by rule there (FIDE 9.2, 9.3): threefold repetition, else fifty moves
/// by each side without a capture or pawn move. A claim now ([`Game::claimable_draw`]), a claim
/// with a move ([`Game::draw_claimable_with`]) and the review ask it.
pub(crate) fn claim_by_rule(pos: &Position, seen: u32) -> Option<DrawReason> {
    [DrawReason::ThreefoldRepetition, DrawReason::FiftyMoveRule]
        .into_iter()
        .find(|&reason| claim_allowed(reason, pos, seen))
}

/// Whether the side to move may claim a draw for `reason` in `pos`, seen `seen` times (this one
/// included): the one place the claim rules are written (FIDE 9.2.2: the position for the third
/// time; 9.3.2: the last 50 moves by each side without a capture or pawn move). A reason that is
/// no claim is never allowed.
pub(crate) fn claim_allowed(reason: DrawReason, pos: &Position, seen: u32) -> bool {
    match reason {
        DrawReason::ThreefoldRepetition => seen >= 3,
        DrawReason::FiftyMoveRule => pos.halfmove_clock() >= 100,
        _ => false,
    }
}
