//! `OpeningExplorer`: the moves a collection of games played from a position, with their results.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::Game;
use crate::notation::fen;
use crate::opening::explorer::{Explorer, MoveStats};
use crate::rules::Position;

use super::game::ChessGame;
use super::types::{legal_move, LegalMove};
use super::{ChessError, LiveObject};

/// An opening explorer over games the app adds (a player's own, from "My games"), as lichess's
/// "Player" tab: for a position, the moves played from it, how often and how those games ended.
/// Positions are matched exactly (pieces, side to move, castling rights, en passant square), so
/// transpositions count. Safe to call from any thread. Indexing is cheap (0.12 µs a move:
/// 5,000 games of 40 plies in 25 ms on a 2-core AMD EPYC VM); reading the games' PGN costs far
/// more, so add a large archive from a background thread.
#[derive(uniffi::Object)]
pub struct OpeningExplorer {
    inner: Mutex<Explorer>,
    _live: LiveObject,
}

/// A move played from a position of the explorer's games.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct ExplorerMove {
    /// The move (play it with `play(from, to, promotion)`).
    pub legal_move: LegalMove,
    /// How many games played it from this position (a game that played it there twice, going
    /// round a repetition, once).
    pub games: u32,
    /// Of those, games White won.
    pub white_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games Black won (games without a result, `*`, count in `games` only).
    pub black_wins: u32,
}

fn described(pos: &Position, moves: Vec<MoveStats>) -> Vec<ExplorerMove> {
    moves
        .into_iter()
        .map(|s| ExplorerMove {
            legal_move: legal_move(pos, s.mv),
            games: s.games,
            white_wins: s.white_wins,
            draws: s.draws,
            black_wins: s.black_wins,
        })
        .collect()
}

impl OpeningExplorer {
    fn lock(&self) -> MutexGuard<'_, Explorer> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[uniffi::export]
impl OpeningExplorer {
    /// An empty explorer that indexes the first `maxPlies` moves of each game's main line (40:
    /// the opening and early middlegame; more costs memory for positions rarely met twice).
    #[uniffi::constructor]
    pub fn new(max_plies: u32) -> Arc<OpeningExplorer> {
        Arc::new(OpeningExplorer {
            inner: Mutex::new(Explorer::new(max_plies)),
            _live: LiveObject::new(),
        })
    }

    /// Adds `game`'s main line, from its start, with its result. A game added twice counts
    /// twice (`gameArchiveId` tells games apart).
    pub fn add_game(&self, game: Arc<ChessGame>) {
        // The game's lock first, then the explorer's: no call takes them the other way round.
        let game = game.lock();
        self.lock().add(&game);
    }

    /// Adds every game of a PGN text that can be read (as `readPgn` reads them); returns how
    /// many were added. The games that cannot be read are left out (`readPgn` says why).
    pub fn add_pgn(&self, pgn: String) -> u32 {
        // One game at a time: a file's games all read at once would take ten times the text in
        // memory; and the lock is taken per game, so that `moves` can answer meanwhile.
        let mut added = 0u32;
        for game in Game::read_pgn(&pgn).filter_map(Result::ok) {
            self.lock().add(&game);
            added = added.saturating_add(1);
        }
        added
    }

    /// How many games were added.
    pub fn game_count(&self) -> u32 {
        self.lock().game_count()
    }

    /// The moves played from the position `fen`, the most played first (then in the order
    /// first seen); empty when no game reached it.
    ///
    /// # Errors
    /// `InvalidFen`.
    pub fn moves(&self, fen: String) -> Result<Vec<ExplorerMove>, ChessError> {
        let pos = fen::parse(&fen)?;
        let moves = self.lock().moves(&pos);
        Ok(described(&pos, moves))
    }

    /// The moves played from `game`'s current position (as `moves(fen)`): the explorer beside
    /// an analysis board.
    pub fn moves_at(&self, game: Arc<ChessGame>) -> Vec<ExplorerMove> {
        let pos = game.lock().position().clone();
        let moves = self.lock().moves(&pos);
        described(&pos, moves)
    }
}
