//! `ChessPuzzle`: a puzzle trainer's position and solution, judged move by move in the core.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::{Puzzle, PuzzleError, PuzzleStep as CoreStep};
use crate::notation::fen;
use crate::notation::san::LineError;
use crate::notation::uci::UciMove;
use crate::rules::Position;

use super::game::snapshot;
use super::types::{legal_move, legal_move_line, GameSnapshot, LegalMove, PieceKind, Side};
use super::{ChessError, LiveObject, Square};

/// A puzzle being solved: a position, the line that solves it, and the moves found so far. The
/// solver plays the line's first move, the opponent the second (played by the puzzle as part of
/// the step the solver's right move makes), and so on; the line ends with a move of the
/// solver's. A move is right when it is the line's, or when it mates (any mate ends a puzzle, as
/// on lichess). A wrong move is not played: the puzzle stays where it was and counts it, and the
/// solver may try again. Draw the board from `snapshot()`, as a `ChessGame`'s. Safe to call
/// from any thread.
#[derive(uniffi::Object)]
pub struct ChessPuzzle {
    inner: Mutex<Puzzle>,
    _live: LiveObject,
}

/// What the solver's move did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleStep {
    /// Right: the move is played, and so is the opponent's `reply` when the line goes on.
    /// `solved` when the puzzle is over (the line's last move, or a mate).
    Correct {
        /// The solver's move.
        played: LegalMove,
        /// The opponent's answer, played after it; `null`/`nil` when the puzzle is solved.
        reply: Option<LegalMove>,
        /// `true` when the puzzle is over.
        solved: bool,
    },
    /// Legal but not the solution's move: nothing was played (show it and take it back).
    Wrong {
        /// The move tried.
        tried: LegalMove,
        /// The solution's move here (to show after a wrong try, or not).
        expected: LegalMove,
    },
}

impl From<PuzzleError> for ChessError {
    fn from(e: PuzzleError) -> ChessError {
        let text = e.to_string();
        match e {
            PuzzleError::Line(LineError { error, .. }) | PuzzleError::Setup(error) => {
                super::error::san_error(&error, text)
            }
            PuzzleError::Move(game) => game.into(),
            PuzzleError::Solved => ChessError::GameOver(text),
            PuzzleError::Empty
            | PuzzleError::EndsWithReply(_)
            | PuzzleError::Unplayable { .. }
            | PuzzleError::SetupUnplayable(_)
            | PuzzleError::LichessTooShort(_) => ChessError::InvalidRequest(text),
        }
    }
}

impl ChessPuzzle {
    fn wrap(puzzle: Puzzle) -> Arc<ChessPuzzle> {
        Arc::new(ChessPuzzle {
            inner: Mutex::new(puzzle),
            _live: LiveObject::new(),
        })
    }

    /// Locks the puzzle; a poisoned lock is still safe (a step changes nothing before it is
    /// judged, and the game refuses what it cannot play before changing).
    fn lock(&self) -> MutexGuard<'_, Puzzle> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `step` in the FFI's terms: its moves described in the positions they were played from.
    fn describe(before: &Position, step: CoreStep) -> PuzzleStep {
        match step {
            CoreStep::Correct {
                played,
                reply,
                solved,
            } => {
                let mut after = before.clone();
                after.make_move(played);
                PuzzleStep::Correct {
                    played: legal_move(before, played),
                    reply: reply.map(|r| legal_move(&after, r)),
                    solved,
                }
            }
            CoreStep::Wrong { tried, expected } => PuzzleStep::Wrong {
                tried: legal_move(before, tried),
                expected: legal_move(before, expected),
            },
        }
    }

    fn step(
        &self,
        attempt: impl FnOnce(&mut Puzzle) -> Result<CoreStep, PuzzleError>,
    ) -> Result<PuzzleStep, ChessError> {
        let mut puzzle = self.lock();
        let before = puzzle.game().position().clone();
        let step = attempt(&mut puzzle)?;
        Ok(Self::describe(&before, step))
    }
}

#[uniffi::export]
impl ChessPuzzle {
    /// A puzzle from the position `fen`, solved by `solution`: the solver's move first and last,
    /// each in SAN or UCI (as `parseMoves` reads them). E.g. a review's mistake with the
    /// engine's line as the solution.
    ///
    /// # Errors
    /// `InvalidFen`; `IllegalMove` or `InvalidNotation` for a move of the line, whose message
    /// says which ("the solution's move 2 of the line: ..."); `InvalidRequest` for an empty
    /// line, one that ends with the opponent's move, or one the game would end before its last
    /// move (a mate or stalemate on the way, the 75-move rule, a fivefold repetition,
    /// insufficient material).
    #[uniffi::constructor]
    pub fn new(fen: String, solution: Vec<String>) -> Result<Arc<ChessPuzzle>, ChessError> {
        Ok(Self::wrap(Puzzle::new(fen::parse(&fen)?, &solution)?))
    }

    /// A puzzle as lichess's puzzle database (CSV, CC0) gives it: `fen` is the position before
    /// the opponent's move, and `moves` (the `Moves` column, UCI moves separated by spaces) that
    /// move, played at once (the board shows it as the last move), and then the solution.
    ///
    /// # Errors
    /// As `ChessPuzzle(fen, solution)`, a move's place counted in `moves` ("the setup move:
    /// ..." for the first); `InvalidRequest` for fewer than two moves.
    #[uniffi::constructor]
    pub fn from_lichess(fen: String, moves: String) -> Result<Arc<ChessPuzzle>, ChessError> {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        Ok(Self::wrap(Puzzle::from_lichess(fen::parse(&fen)?, &moves)?))
    }

    /// Everything a board draws, as `ChessGame.snapshot()`: the position after the moves so far
    /// (the last one highlighted: the setup move at first), the legal moves for the board's
    /// input, and the moves in `sanHistory`.
    pub fn snapshot(&self) -> GameSnapshot {
        snapshot(self.lock().game())
    }

    /// The side that solves the puzzle (the board's bottom).
    pub fn solver(&self) -> Side {
        self.lock().solver().into()
    }

    /// Tries the solver's move from the board: `from`, `to` and the promotion piece (as
    /// `ChessGame.play`).
    ///
    /// # Errors
    /// `IllegalMove` when the move is not legal (not counted as a mistake); `GameOver` once the
    /// puzzle is solved.
    pub fn play(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<PuzzleStep, ChessError> {
        let mv = UciMove {
            from,
            to,
            promotion: promotion.map(Into::into),
        };
        self.step(|p| p.try_uci(mv))
    }

    /// Tries the solver's move in SAN or UCI (as `ChessGame.playSan` reads it).
    ///
    /// # Errors
    /// As `play`; `InvalidNotation` for text that is not a move.
    pub fn play_san(&self, san: String) -> Result<PuzzleStep, ChessError> {
        self.step(|p| p.try_text(&san))
    }

    /// The solution's next move, a hint; `null`/`nil` once solved.
    pub fn hint(&self) -> Option<LegalMove> {
        let puzzle = self.lock();
        puzzle
            .hint()
            .map(|m| legal_move(puzzle.game().position(), m))
    }

    /// The whole solution, from the position the solver first moves in, the solver's move
    /// first: to show it after the puzzle, or when the solver gives up.
    pub fn solution(&self) -> Vec<LegalMove> {
        let puzzle = self.lock();
        let mut pos = puzzle.game().start_position().clone();
        if let Some(setup) = puzzle.setup_move() {
            pos.make_move(setup);
        }
        legal_move_line(pos, puzzle.solution())
    }

    /// The lichess setup move (the opponent's, played before the solver's first), if any.
    pub fn setup_move(&self) -> Option<LegalMove> {
        let puzzle = self.lock();
        puzzle
            .setup_move()
            .map(|m| legal_move(puzzle.game().start_position(), m))
    }

    /// `true` once the solver has played the line's last move, or mated.
    pub fn is_solved(&self) -> bool {
        self.lock().is_solved()
    }

    /// How many wrong moves the solver has tried.
    pub fn mistakes(&self) -> u32 {
        self.lock().mistakes()
    }
}
