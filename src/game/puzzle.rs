//! A puzzle: a position and the line that solves it, played move by move against the solution,
//! as a puzzle trainer does (lichess's puzzles, a review's mistakes turned into exercises).
//!
//! The solver plays the first move of the solution, the opponent the second, and so on; the
//! line ends with a move of the solver's. A move is right when it is the solution's, or when it
//! mates (lichess accepts any mate: a mate ends the puzzle whichever mating move it is). A
//! wrong move is not played: the puzzle stays where it was, counts the mistake, and the solver
//! may try again. The opponent's answers are played as part of the step that a right move
//! makes.

use super::{Game, GameError};
use crate::notation::san::{self, LineError};
use crate::notation::uci::UciMove;
use crate::rules::{Move, Position, Side};

/// A puzzle being solved: the game of its moves so far (the lichess setup move first, when
/// there is one) and the solution's moves still to come.
#[derive(Debug, Clone)]
pub struct Puzzle {
    game: Game,
    solver: Side,
    setup: Option<Move>,
    solution: Vec<Move>,
    /// How many of the solution's moves (both sides') have been played.
    played: usize,
    /// Set when the solver mated with a move other than the solution's: solved early.
    mated: bool,
    mistakes: u32,
}

/// What one move of the solver did to a [`Puzzle`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleStep {
    /// The move was right and is played; so is the opponent's `reply`, if the solution goes
    /// on. `solved` when the puzzle is over (the line's last move, or a mate).
    Correct {
        /// The solver's move.
        played: Move,
        /// The opponent's answer, played after it (`None` when the puzzle is solved).
        reply: Option<Move>,
        /// `true` when the puzzle is over.
        solved: bool,
    },
    /// The move was legal but not the solution's: nothing was played.
    Wrong {
        /// The move tried.
        tried: Move,
        /// The solution's move here.
        expected: Move,
    },
}

/// Why a puzzle cannot be made or a move cannot be tried.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A move of the line is not legal or cannot be read (its place and why).
    #[error("the solution's {0}")]
    Line(LineError),
    /// A lichess puzzle's setup move (the opponent's, before the solution) is not legal or
    /// cannot be read.
    #[error("the setup move: {0}")]
    Setup(san::SanError),
    /// A lichess puzzle's setup move is legal but the game has ended before it by a rule that
    /// ends games by itself (the start position is already over).
    #[error("the setup move cannot be played: {0}")]
    SetupUnplayable(GameError),
    /// A move of the line comes after the game has ended: by a checkmate or stalemate earlier
    /// in the line, or by a rule that ends games by itself (the 75-move rule, a fivefold
    /// repetition, insufficient material): the puzzle could never be solved.
    #[error("the solution's move {} cannot be played: {reason}", .index + 1)]
    Unplayable {
        /// The move's place in the line, 0 for the first (in a lichess puzzle's moves, the setup
        /// move is the first).
        index: usize,
        /// Why the game refuses it.
        reason: GameError,
    },
    /// The line has no move for the solver.
    #[error("the solution has no move for the solver")]
    Empty,
    /// The line ends with an opponent's move: a puzzle ends with the solver's.
    #[error(
        "the solution has {0} moves: it must end with a move of the solver's (an odd number of moves)"
    )]
    EndsWithReply(usize),
    /// A lichess puzzle's moves have no solver's move after the setup move.
    #[error(
        "a lichess puzzle's moves are the opponent's setup move and then the solution: {0} given"
    )]
    LichessTooShort(usize),
    /// The puzzle is over: no more moves.
    #[error("the puzzle is solved: there is no move left to find")]
    Solved,
    /// The move itself (not legal here, or not readable).
    #[error(transparent)]
    Move(#[from] GameError),
}

impl Puzzle {
    /// A puzzle from `start`, solved by `solution` (each move in SAN or UCI, as
    /// [`san::parse_san`] reads them), whose first move is the solver's and last the solver's.
    ///
    /// # Errors
    /// [`PuzzleError::Line`] for a move that cannot be read or is not legal; [`Empty`] and
    /// [`EndsWithReply`] for a line that does not start and end with the solver;
    /// [`PuzzleError::Unplayable`] for a line the game would end before its last move (a mate
    /// or stalemate on the way, the 75-move rule, a fivefold repetition, insufficient
    /// material).
    ///
    /// [`Empty`]: PuzzleError::Empty
    /// [`EndsWithReply`]: PuzzleError::EndsWithReply
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::{Puzzle, PuzzleStep};
    /// use chesscore::notation::fen;
    /// // A back-rank mate in two: 1. Rd8+ Rxd8 2. Rxd8#.
    /// let start = fen::parse("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1").unwrap();
    /// let mut puzzle = Puzzle::new(start, &["Rd8+", "Rxd8", "Rxd8#"]).unwrap();
    /// assert!(matches!(puzzle.try_text("Rd7").unwrap(), PuzzleStep::Wrong { .. }));
    /// assert!(matches!(puzzle.try_text("d2d8").unwrap(), PuzzleStep::Correct { solved: false, .. }));
    /// assert!(matches!(puzzle.try_text("Rxd8").unwrap(), PuzzleStep::Correct { solved: true, .. }));
    /// assert_eq!(puzzle.mistakes(), 1);
    /// ```
    pub fn new<S: AsRef<str>>(start: Position, solution: &[S]) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_setup(start, None, solution)
    }

    /// A puzzle as lichess's puzzle database gives it: `start` is the position before the
    /// opponent's move, `moves` that move (the "setup", played at once, so that the solver sees
    /// the move just made) and then the solution (UCI in the database; SAN is read too).
    ///
    /// # Errors
    /// As [`Puzzle::new`] (the places of the solution's moves counted in `moves`, the setup
    /// move the first); [`PuzzleError::Setup`] for a setup move that is not legal,
    /// [`PuzzleError::SetupUnplayable`] for one the game refuses (a start already over);
    /// [`LichessTooShort`] for fewer than two moves.
    ///
    /// [`LichessTooShort`]: PuzzleError::LichessTooShort
    pub fn from_lichess<S: AsRef<str>>(
        start: Position,
        moves: &[S],
    ) -> Result<Puzzle, PuzzleError> {
        if moves.len() < 2 {
            return Err(PuzzleError::LichessTooShort(moves.len()));
        }
        let setup = san::parse_san(&start, moves[0].as_ref()).map_err(PuzzleError::Setup)?;
        Puzzle::with_setup(start, Some(setup), &moves[1..]).map_err(|e| match e {
            // Places in the whole list, as the database writes it.
            PuzzleError::Line(mut line) => {
                line.index += 1;
                PuzzleError::Line(line)
            }
            PuzzleError::Unplayable { index, reason } => PuzzleError::Unplayable {
                index: index + 1,
                reason,
            },
            other => other,
        })
    }

    fn with_setup<S: AsRef<str>>(
        start: Position,
        setup: Option<Move>,
        solution: &[S],
    ) -> Result<Puzzle, PuzzleError> {
        let mut game = Game::from_position(start);
        if let Some(m) = setup {
            game.play(m).map_err(PuzzleError::SetupUnplayable)?;
        }
        // Read and played move by move: the game must take every move of the line, and a move
        // after the game has ended (a line going on after its mate, or after a rule that ends
        // games by itself) is said so, not read as a move the mated side cannot make.
        let mut rehearsal = game.clone();
        let mut line = Vec::with_capacity(solution.len());
        for (index, text) in solution.iter().enumerate() {
            if let Some(outcome) = rehearsal.outcome() {
                let reason = GameError::GameOver(outcome);
                return Err(PuzzleError::Unplayable { index, reason });
            }
            let m = san::parse_san(rehearsal.position(), text.as_ref())
                .map_err(|error| PuzzleError::Line(LineError { index, error }))?;
            rehearsal
                .play(m)
                .map_err(|reason| PuzzleError::Unplayable { index, reason })?;
            line.push(m);
        }
        let solution = line;
        if solution.is_empty() {
            return Err(PuzzleError::Empty);
        }
        if solution.len() % 2 == 0 {
            return Err(PuzzleError::EndsWithReply(solution.len()));
        }
        Ok(Puzzle {
            solver: game.position().side_to_move(),
            game,
            setup,
            solution,
            played: 0,
            mated: false,
            mistakes: 0,
        })
    }

    /// The game of the puzzle's moves so far: the setup move (a lichess puzzle's), then the
    /// solution's moves played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The lichess setup move, played before the solver's first move.
    pub fn setup_move(&self) -> Option<Move> {
        self.setup
    }

    /// The side that solves the puzzle.
    pub fn solver(&self) -> Side {
        self.solver
    }

    /// The whole solution, from the position after the setup move, the solver's move first.
    pub fn solution(&self) -> &[Move] {
        &self.solution
    }

    /// The solution's next move (a hint); `None` when the puzzle is solved.
    pub fn hint(&self) -> Option<Move> {
        (!self.is_solved()).then(|| self.solution[self.played])
    }

    /// `true` once the solver has played the solution's last move, or mated.
    pub fn is_solved(&self) -> bool {
        self.mated || self.played == self.solution.len()
    }

    /// How many wrong moves were tried.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// How many of the solution's moves have been played, both sides' (a mate with another
    /// move ends the puzzle before the line's end).
    pub fn moves_played(&self) -> usize {
        self.played
    }

    /// Tries the solver's move `mv` (from the board: squares and promotion piece; castling as
    /// [`Game::play_uci_move`] reads it).
    ///
    /// # Errors
    /// [`PuzzleError::Solved`] once the puzzle is over; [`PuzzleError::Move`] when `mv` is not
    /// legal (not counted as a mistake: a move the board should not have offered).
    pub fn try_uci(&mut self, mv: UciMove) -> Result<PuzzleStep, PuzzleError> {
        if self.is_solved() {
            return Err(PuzzleError::Solved);
        }
        let m = self.game.legal_uci(mv)?;
        self.judge(m)
    }

    /// Judges `m`, legal in the current position, and plays it (and the reply) when right.
    fn judge(&mut self, m: Move) -> Result<PuzzleStep, PuzzleError> {
        let expected = self.solution[self.played];
        if m != expected {
            let mut after = self.game.position().clone();
            after.make_move(m);
            if !after.is_checkmate() {
                self.mistakes += 1;
                return Ok(PuzzleStep::Wrong { tried: m, expected });
            }
            // Another mate: as good as the solution's.
            self.game.play(m)?;
            self.mated = true;
            return Ok(PuzzleStep::Correct {
                played: m,
                reply: None,
                solved: true,
            });
        }
        // On a copy first, so that a move the game refuses changes nothing (the constructor
        // played the whole line, so none should be).
        let mut game = self.game.clone();
        game.play(m)?;
        let reply = self.solution.get(self.played + 1).copied();
        if let Some(r) = reply {
            game.play(r)?;
        }
        self.game = game;
        self.played += 1 + usize::from(reply.is_some());
        Ok(PuzzleStep::Correct {
            played: m,
            reply,
            solved: self.is_solved(),
        })
    }

    /// Tries the solver's move given in SAN or UCI (as [`san::parse_san`] reads it).
    ///
    /// # Errors
    /// As [`Puzzle::try_uci`]; [`PuzzleError::Move`] for text that is not a legal move here.
    pub fn try_text(&mut self, text: &str) -> Result<PuzzleStep, PuzzleError> {
        if self.is_solved() {
            return Err(PuzzleError::Solved);
        }
        let m = san::parse_san(self.game.position(), text).map_err(GameError::San)?;
        self.judge(m)
    }
}
