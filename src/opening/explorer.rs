//! An opening explorer over a collection of games, as lichess's "Player" tab gives it for a
//! player's own games: for a position, the moves played from it, how often, and with what
//! results. Positions are found by their Zobrist key (the placement, the side to move, castling
//! rights and the en passant square), so transpositions count.

use std::collections::{HashMap, HashSet};

use crate::game::Game;
use crate::rules::{Move, Position};

/// A move played from a position of the explorer's games, and how those games ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveStats {
    /// The move.
    pub mv: Move,
    /// Games in which it was played from this position (a game that plays it there twice,
    /// going round a repetition, counts once).
    pub games: u32,
    /// Of those, games White won.
    pub white_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Black won. (Games without a result, `*`, are in `games` only.)
    pub black_wins: u32,
}

/// The moves of a collection of games, by position.
#[derive(Debug, Clone, Default)]
pub struct Explorer {
    max_plies: u32,
    games: u32,
    positions: HashMap<u64, Vec<MoveStats>>,
}

impl Explorer {
    /// An empty explorer that indexes each game's first `max_plies` moves (both sides';
    /// an explorer rarely needs more than the opening: lichess's own stops at move 25 or so).
    pub fn new(max_plies: u32) -> Explorer {
        Explorer {
            max_plies,
            ..Explorer::default()
        }
    }

    /// How many games were added.
    pub fn game_count(&self) -> u32 {
        self.games
    }

    /// How many plies of each game are indexed.
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// Adds `game`'s main line (its first [`Explorer::max_plies`] moves) with its result. A game
    /// added twice counts twice; a move it plays twice from one position (a repetition) once.
    pub fn add(&mut self, game: &Game) {
        let result = game.result();
        let mut pos = game.start_position().clone();
        let mut counted: HashSet<(u64, Move)> = HashSet::new();
        for id in game.main_line().into_iter().take(self.max_plies as usize) {
            let Some(mv) = game.node(id).and_then(|n| n.mv()) else {
                break;
            };
            if !counted.insert((pos.key(), mv)) {
                pos.make_move(mv);
                continue;
            }
            let moves = self.positions.entry(pos.key()).or_default();
            let at = match moves.iter().position(|s| s.mv == mv) {
                Some(at) => at,
                None => {
                    moves.push(MoveStats {
                        mv,
                        games: 0,
                        white_wins: 0,
                        draws: 0,
                        black_wins: 0,
                    });
                    moves.len() - 1
                }
            };
            let stats = &mut moves[at];
            stats.games += 1;
            match result {
                "1-0" => stats.white_wins += 1,
                "0-1" => stats.black_wins += 1,
                "1/2-1/2" => stats.draws += 1,
                _ => {}
            }
            pos.make_move(mv);
        }
        self.games += 1;
    }

    /// The moves played from `pos`, the most played first (then in the order first seen).
    pub fn moves(&self, pos: &Position) -> Vec<MoveStats> {
        let mut moves: Vec<MoveStats> = self
            .positions
            .get(&pos.key())
            .map(|m| {
                m.iter()
                    // A key shared by another position (never seen, but keys are hashes): only
                    // the moves legal here.
                    .filter(|s| pos.is_legal(s.mv))
                    .copied()
                    .collect()
            })
            .unwrap_or_default();
        moves.sort_by_key(|s| std::cmp::Reverse(s.games));
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(pgn: &str) -> Game {
        Game::from_pgn(pgn).unwrap()
    }

    #[test]
    fn moves_are_counted_with_their_results_and_transpositions_meet() {
        let mut e = Explorer::new(40);
        e.add(&game("1. e4 e5 2. Nf3 1-0"));
        e.add(&game("1. e4 c5 0-1"));
        e.add(&game("1. Nf3 e5 1/2-1/2"));
        e.add(&game("1. e4 e5 *"));
        assert_eq!(e.game_count(), 4);
        let start = Position::startpos();
        let at_start = e.moves(&start);
        assert_eq!(at_start.len(), 2);
        assert_eq!(crate::notation::uci::to_uci(at_start[0].mv), "e2e4");
        assert_eq!(
            (
                at_start[0].games,
                at_start[0].white_wins,
                at_start[0].draws,
                at_start[0].black_wins
            ),
            (3, 1, 0, 1)
        );
        assert_eq!((at_start[1].games, at_start[1].draws), (1, 1), "Nf3, drawn");
        // 1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4 reach one position: its moves are both games'.
        let mut e2 = Explorer::new(40);
        e2.add(&game("1. e4 e5 2. Nf3 Nc6 1-0"));
        e2.add(&game("1. Nf3 e5 2. e4 Nf6 0-1"));
        let pos = Game::from_pgn("1. e4 e5 2. Nf3 *")
            .unwrap()
            .position()
            .clone();
        let replies = e2.moves(&pos);
        assert_eq!(replies.len(), 2);
        assert!(replies.iter().all(|s| s.games == 1));
    }

    #[test]
    fn a_game_that_repeats_a_move_counts_once() {
        let mut e = Explorer::new(40);
        e.add(&game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 1-0"));
        let at_start = e.moves(&Position::startpos());
        assert_eq!(at_start.len(), 1);
        assert_eq!((at_start[0].games, at_start[0].white_wins), (1, 1));
    }

    #[test]
    fn only_the_first_plies_are_indexed() {
        let mut e = Explorer::new(2);
        e.add(&game("1. e4 e5 2. Nf3 Nc6 *"));
        let after_two = Game::from_pgn("1. e4 e5 *").unwrap().position().clone();
        assert!(e.moves(&after_two).is_empty());
        let after_one = Game::from_pgn("1. e4 *").unwrap().position().clone();
        assert_eq!(e.moves(&after_one).len(), 1);
    }
}
