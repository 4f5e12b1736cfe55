//! The engine's turn across the boundary: `ChessGame.playEngineResult(At)` plays a search's
//! move, or claims or accepts a draw instead, by the core's one rule for every front end
//! ([`crate::engine::engine_turn`]).

use crate::engine::{self, EngineTurn};

use super::engine::SearchResult;
use super::types::{legal_move, DrawReason, LegalMove};
use super::{ChessError, ChessGame};

/// What the engine did on its turn (`ChessGame.playEngineResult`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineReply {
    /// The move it played, or `null`/`nil` when it ended the game without one (it accepted the
    /// draw offered, or claimed the draw the position allows).
    pub played: Option<LegalMove>,
    /// The draw it claimed (threefold repetition or fifty moves), with its move or without one.
    pub claimed_draw: Option<DrawReason>,
    /// Its answer to a draw offer: `true` accepted (the game is drawn by agreement), `false`
    /// declined (it played on); `null`/`nil` when no draw was offered, or when the engine
    /// ended the game with a claim instead (`claimedDraw`).
    pub draw_offer_accepted: Option<bool>,
}

#[uniffi::export]
impl ChessGame {
    /// The engine's turn with its search `result` (of this game's current position): plays its
    /// best move, or ends the game as the engine decides, by one rule on every platform:
    /// - with `drawOffered` (the player offered a draw), it accepts when it is clearly worse
    ///   (half a pawn or more, or being mated) at any time, or about level (at most a tenth of
    ///   a pawn better) from move 30 on; otherwise it declines and plays on;
    /// - it claims a draw by threefold repetition or the fifty-move rule that the position, or
    ///   its move, allows when it does not expect to win (its evaluation at most 0);
    /// - otherwise it plays the move.
    ///
    /// In a timed game use `playEngineResultAt`, which times the move: this call is refused
    /// there (see `ChessGame`).
    ///
    /// # Errors
    /// `InvalidRequest` when `result` is of another position (the game moved on while the
    /// engine thought: ignore the result) or is a failed search's (`result.error`: its move is
    /// only the first legal one, its score none), and in a timed game; `GameOver`,
    /// `IllegalMove`; the game is then unchanged.
    pub fn play_engine_result(
        &self,
        result: SearchResult,
        draw_offered: bool,
    ) -> Result<EngineReply, ChessError> {
        self.engine_reply(&result, draw_offered, None)
    }

    /// `playEngineResult` at `nowMs` with the game's clock: the move is timed like any other
    /// (see `playAt`), and a draw stops the clock with the game. Without a clock it is
    /// `playEngineResult`.
    ///
    /// # Errors
    /// As `playEngineResult` and `playAt`.
    pub fn play_engine_result_at(
        &self,
        result: SearchResult,
        draw_offered: bool,
        now_ms: u64,
    ) -> Result<EngineReply, ChessError> {
        self.engine_reply(&result, draw_offered, Some(now_ms))
    }
}

impl ChessGame {
    fn engine_reply(
        &self,
        result: &SearchResult,
        draw_offered: bool,
        now_ms: Option<u64>,
    ) -> Result<EngineReply, ChessError> {
        if let Some(error) = &result.error {
            return Err(ChessError::InvalidRequest(format!(
                "the search failed ({error}): its move is no engine's choice"
            )));
        }
        let mut game = self.lock();
        let key = game.position().key();
        if result.position_key != key {
            return Err(ChessError::InvalidRequest(format!(
                "the search result is of another position (key {:016x}, FEN {}) than the game's \
                 current one (key {key:016x}): the game moved on while the engine thought",
                result.position_key, result.position_fen
            )));
        }
        let best = game.uci_move(&result.best_move.uci)?;
        let before = game.position().clone();
        let turn = engine::engine_turn(&mut game, best, result.score.into(), draw_offered, now_ms)?;
        Ok(EngineReply {
            played: turn.played().map(|m| legal_move(&before, m)),
            claimed_draw: match turn {
                EngineTurn::ClaimedDraw(r) | EngineTurn::PlayedAndClaimedDraw(_, r) => {
                    Some(r.into())
                }
                EngineTurn::Played(_) | EngineTurn::AcceptedDraw => None,
            },
            draw_offer_accepted: match turn {
                _ if !draw_offered => None,
                EngineTurn::AcceptedDraw => Some(true),
                EngineTurn::Played(_) => Some(false),
                EngineTurn::ClaimedDraw(_) | EngineTurn::PlayedAndClaimedDraw(..) => None,
            },
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::ffi::{GameStatus, Outcome, Score};
    use std::sync::Arc;

    /// A search result as the engine would report it for `game`'s position, with `uci` as its
    /// best move and `score` as its evaluation.
    fn result_for(game: &ChessGame, uci: &str, score: Score) -> SearchResult {
        let snapshot = game.snapshot();
        let best_move = snapshot
            .legal_moves
            .iter()
            .find(|m| m.uci == uci)
            .cloned()
            .expect("a legal move");
        SearchResult {
            best_move,
            ponder_move: None,
            score,
            score_white: score,
            white_win: crate::ffi::win_percent(score),
            depth: 1,
            nodes: 1,
            time_ms: 0,
            stopped: false,
            pv_san: Vec::new(),
            pv_uci: vec![uci.to_string()],
            position_key: snapshot.position_key,
            position_fen: snapshot.fen,
            error: None,
        }
    }

    fn game_of(uci: &[&str]) -> Arc<ChessGame> {
        let game = ChessGame::new();
        for m in uci {
            game.play_uci(m.to_string()).unwrap();
        }
        game
    }

    #[test]
    fn the_engine_plays_declines_or_accepts_by_its_score() {
        let game = game_of(&["e2e4", "e7e5"]);
        let reply = game
            .play_engine_result(
                result_for(&game, "g1f3", Score::Centipawns { value: 20 }),
                true,
            )
            .unwrap();
        assert_eq!(reply.played.as_ref().map(|m| m.san.as_str()), Some("Nf3"));
        assert_eq!(reply.draw_offer_accepted, Some(false));
        assert_eq!(reply.claimed_draw, None);

        let worse = Score::Centipawns { value: -90 };
        let reply = game
            .play_engine_result(result_for(&game, "b8c6", worse), true)
            .unwrap();
        assert_eq!(reply.played, None);
        assert_eq!(reply.draw_offer_accepted, Some(true));
        assert_eq!(
            game.status(),
            GameStatus::Ended {
                outcome: Outcome::Draw {
                    reason: DrawReason::Agreement
                }
            }
        );
    }

    #[test]
    fn an_offer_answered_by_a_claim_is_neither_accepted_nor_declined() {
        // Knights out and back: Black's Ng8 makes the third occurrence; level at move 4, the
        // offer is not taken (before move 30) but the claim is made.
        let game = game_of(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
        let reply = game
            .play_engine_result(
                result_for(&game, "f6g8", Score::Centipawns { value: -10 }),
                true,
            )
            .unwrap();
        assert_eq!(reply.claimed_draw, Some(DrawReason::ThreefoldRepetition));
        assert_eq!(reply.draw_offer_accepted, None);
    }

    #[test]
    fn a_failed_searchs_result_is_refused() {
        let game = game_of(&["e2e4"]);
        let mut failed = result_for(&game, "e7e5", Score::Centipawns { value: 0 });
        failed.error = Some("a bug".into());
        let pgn = game.pgn();
        let err = game.play_engine_result(failed, false).unwrap_err();
        assert!(matches!(err, ChessError::InvalidRequest(ref m) if m.contains("search failed")));
        assert_eq!(game.pgn(), pgn);
    }

    #[test]
    fn a_stale_result_is_refused_and_changes_nothing() {
        let game = game_of(&["e2e4"]);
        let stale = result_for(&game, "e7e5", Score::Centipawns { value: 0 });
        game.play_uci("c7c5".into()).unwrap();
        let pgn = game.pgn();
        let err = game.play_engine_result(stale, false).unwrap_err();
        assert!(matches!(err, ChessError::InvalidRequest(ref m) if m.contains("another position")));
        assert_eq!(game.pgn(), pgn);
    }

    #[test]
    fn a_timed_reply_runs_the_clock_and_a_claim_stops_it() {
        let game = game_of(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
        let minute = crate::ffi::time_control_from_pgn("60".into())
            .unwrap()
            .unwrap();
        game.set_time_control(minute).unwrap();
        game.start_clock(1_000).unwrap();
        let reply = game
            .play_engine_result_at(
                result_for(&game, "f6g8", Score::Centipawns { value: 0 }),
                false,
                4_000,
            )
            .unwrap();
        assert_eq!(reply.played.as_ref().map(|m| m.san.as_str()), Some("Ng8"));
        assert_eq!(reply.claimed_draw, Some(DrawReason::ThreefoldRepetition));
        let clock = game.clock(10_000).unwrap();
        // Black's three seconds were taken, and the clock stopped with the draw.
        assert_eq!(clock.black_ms, 57_000);
        assert_eq!(clock.running_side, None);
    }
}
