//! Looking at another position of a game without going there: a player browsing the moves of a
//! game under way while the engine thinks and the clock runs on the game's own position.

use crate::game::NodeId;

use super::game::snapshot;
use super::types::GameSnapshot;
use super::{ChessError, ChessGame};

#[uniffi::export]
impl ChessGame {
    /// The snapshot the game would give at node `node` (from `GameSnapshot.moveList`,
    /// `moveRows` or `node()`), without going there: the game's current node, a search of it
    /// and its clock are not touched. For showing an earlier position of a game being played.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn snapshot_at(&self, node: u32) -> Result<GameSnapshot, ChessError> {
        let mut copy = self.lock().clone();
        copy.goto(NodeId::from_index(node))?;
        Ok(snapshot(&copy))
    }

    /// The snapshot the game would give after `ply` moves of its main line (0: the start),
    /// without going there (see `snapshotAt`).
    ///
    /// # Errors
    /// `InvalidRequest` when the main line is shorter.
    pub fn snapshot_at_main_line_ply(&self, ply: u32) -> Result<GameSnapshot, ChessError> {
        let mut copy = self.lock().clone();
        copy.goto_main_line_ply(ply)?;
        Ok(snapshot(&copy))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn another_position_is_seen_and_the_game_stays_where_it_is() {
        let game = ChessGame::new();
        for m in ["e2e4", "e7e5", "g1f3"] {
            game.play_uci(m.to_string()).unwrap();
        }
        let now = game.snapshot();
        let after_e4 = game.snapshot_at_main_line_ply(1).unwrap();
        assert_eq!(after_e4.ply, 1);
        assert_eq!(after_e4.last_move.as_ref().unwrap().san, "e4");
        assert_eq!(
            after_e4.fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let by_node = game
            .snapshot_at(now.move_rows[0].white_node.unwrap())
            .unwrap();
        assert_eq!(by_node, after_e4);
        assert_eq!(game.snapshot_at_main_line_ply(0).unwrap().ply, 0);
        // The game has not moved.
        assert_eq!(game.snapshot(), now);
        assert!(matches!(
            game.snapshot_at_main_line_ply(4),
            Err(ChessError::InvalidRequest(_))
        ));
        assert!(matches!(
            game.snapshot_at(999),
            Err(ChessError::InvalidRequest(_))
        ));
        assert_eq!(game.snapshot(), now);
    }
}
