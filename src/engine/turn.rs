//! The engine's turn in a game: what it does with a search result besides playing the move. It
//! claims a draw the rules allow when it does not expect to win, and answers a draw offer from
//! its evaluation. One rule for every front end: the terminal game, the FFI and through it the
//! apps.
//!
//! # Examples
//! ```
//! use chesscore::engine::{accepts_draw_offer, Score};
//!
//! // Worse by half a pawn or more: the engine takes the draw at any time.
//! assert!(accepts_draw_offer(Score::Centipawns(-80), 12));
//! // About level: only from move 30 on.
//! assert!(!accepts_draw_offer(Score::Centipawns(5), 12));
//! assert!(accepts_draw_offer(Score::Centipawns(5), 30));
//! // Better, or mating: never.
//! assert!(!accepts_draw_offer(Score::Centipawns(60), 80));
//! assert!(!accepts_draw_offer(Score::Mate(4), 80));
//! ```

use super::Score;
use crate::game::{DrawReason, Game, GameError, UntimedCall};
use crate::rules::Move;

/// An evaluation at or below this (in centipawns, the engine's own view) makes the engine accept
/// a draw offer at any point of the game: it is clearly worse.
pub const ACCEPT_DRAW_WHEN_WORSE_CP: i32 = -50;

/// From this move number on, the engine also accepts a draw offer in a level position
/// (its evaluation at most [`ACCEPT_DRAW_WHEN_LEVEL_CP`]): before, it plays on, as players who
/// agree no short draws do.
pub const ACCEPT_LEVEL_DRAW_FROM_MOVE: u32 = 30;

/// The largest evaluation (centipawns, the engine's own view) that counts as level for a draw
/// offer from move [`ACCEPT_LEVEL_DRAW_FROM_MOVE`] on.
pub const ACCEPT_DRAW_WHEN_LEVEL_CP: i32 = 10;

/// The evaluation as one number for the decisions here: a mate it delivers above any
/// centipawns, a mate it suffers below.
fn own_centipawns(own: Score) -> i32 {
    match own {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => i32::MAX,
        Score::Mate(_) => i32::MIN,
    }
}

/// Whether the engine claims a draw the rules allow (threefold repetition, fifty moves), given
/// its evaluation `own` from its own side: when it does not expect to win (at most 0).
pub fn claims_draw(own: Score) -> bool {
    own_centipawns(own) <= 0
}

/// Whether the engine accepts a draw offered to it at move `fullmove` (the position's move
/// number), given its evaluation `own` from its own side: when it is clearly worse (at most
/// [`ACCEPT_DRAW_WHEN_WORSE_CP`], or being mated) at any time, and when the position is about
/// level (at most [`ACCEPT_DRAW_WHEN_LEVEL_CP`]) from move [`ACCEPT_LEVEL_DRAW_FROM_MOVE`] on.
/// Never when it is better.
pub fn accepts_draw_offer(own: Score, fullmove: u32) -> bool {
    let cp = own_centipawns(own);
    cp <= ACCEPT_DRAW_WHEN_WORSE_CP
        || (fullmove >= ACCEPT_LEVEL_DRAW_FROM_MOVE && cp <= ACCEPT_DRAW_WHEN_LEVEL_CP)
}

/// What the engine did on its turn ([`engine_turn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineTurn {
    /// It played its move; a draw offer, if one was made, is declined.
    Played(Move),
    /// It accepted the draw offered: the game is drawn by agreement, no move played.
    AcceptedDraw,
    /// It claimed the draw the position allows (no move played).
    ClaimedDraw(DrawReason),
    /// It played its move and claimed the draw the move allows (FIDE Laws 9.2.1.1, 9.3.1).
    PlayedAndClaimedDraw(Move, DrawReason),
}

impl EngineTurn {
    /// The move played, if any.
    pub fn played(self) -> Option<Move> {
        match self {
            EngineTurn::Played(m) | EngineTurn::PlayedAndClaimedDraw(m, _) => Some(m),
            EngineTurn::AcceptedDraw | EngineTurn::ClaimedDraw(_) => None,
        }
    }
}

/// The engine's turn in `game`: its search found `best` with the evaluation `own` (its own
/// side's view). In this order: it accepts a draw when `draw_offered` and
/// [`accepts_draw_offer`] says so; claims the draw the position allows, or the one `best`
/// allows, when [`claims_draw`]; otherwise plays `best`. With `now_ms` every step goes through
/// the game's clock (the `..._at` calls: a move is timed, an ending stops the clock); without
/// it the game must have no clock in use ([`Game::needs_time`]).
///
/// # Errors
/// As [`Game::play`] (the game over, `best` illegal here) and the timed calls;
/// [`GameError::TimedGame`] without `now_ms` in a timed game. The game is then unchanged.
pub fn engine_turn(
    game: &mut Game,
    best: Move,
    own: Score,
    draw_offered: bool,
    now_ms: Option<u64>,
) -> Result<EngineTurn, GameError> {
    if now_ms.is_none() {
        game.refuse_untimed(UntimedCall::EngineTurn)?;
    }
    if game.outcome().is_some() {
        // Refused as the game's own calls refuse it (with the ending that stands).
        return match now_ms {
            Some(now) => game.play_at(best, now),
            None => game.play(best),
        }
        .map(|()| EngineTurn::Played(best));
    }
    if draw_offered && accepts_draw_offer(own, game.position().fullmove_number()) {
        match now_ms {
            Some(now) => game.agree_draw_at(now)?,
            None => game.agree_draw()?,
        };
        return Ok(EngineTurn::AcceptedDraw);
    }
    if claims_draw(own) {
        if let Some(reason) = game.claimable_draw() {
            match now_ms {
                Some(now) => game.claim_draw_at(now)?,
                None => game.claim_draw()?,
            };
            return Ok(EngineTurn::ClaimedDraw(reason));
        }
        if let Some(reason) = game.draw_claimable_with(best) {
            match now_ms {
                Some(now) => game.claim_draw_with_at(best, now)?,
                None => game.claim_draw_with(best)?,
            };
            return Ok(EngineTurn::PlayedAndClaimedDraw(best, reason));
        }
    }
    match now_ms {
        Some(now) => game.play_at(best, now)?,
        None => game.play(best)?,
    }
    Ok(EngineTurn::Played(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameStatus, Outcome};
    use crate::notation::san;

    fn game_of(sans: &[&str]) -> Game {
        let mut game = Game::new();
        for s in sans {
            game.play_san(s).unwrap();
        }
        game
    }

    fn mv(game: &Game, text: &str) -> Move {
        san::parse_san(game.position(), text).unwrap()
    }

    #[test]
    fn offers_are_taken_when_worse_or_level_late_never_when_better() {
        assert!(accepts_draw_offer(Score::Centipawns(-50), 1));
        assert!(!accepts_draw_offer(Score::Centipawns(-49), 29));
        assert!(accepts_draw_offer(Score::Centipawns(-49), 30));
        assert!(accepts_draw_offer(Score::Centipawns(10), 30));
        assert!(!accepts_draw_offer(Score::Centipawns(11), 100));
        assert!(accepts_draw_offer(Score::Mate(-3), 1));
        assert!(!accepts_draw_offer(Score::Mate(1), 100));
        assert!(claims_draw(Score::Centipawns(0)));
        assert!(!claims_draw(Score::Centipawns(1)));
        assert!(claims_draw(Score::Mate(-2)));
        assert!(!claims_draw(Score::Mate(2)));
    }

    #[test]
    fn an_accepted_offer_draws_without_a_move_and_a_declined_one_plays() {
        let mut game = game_of(&["e4", "e5"]);
        let best = mv(&game, "Nf3");
        // Level at move 2: declined, the move is played.
        let turn = engine_turn(&mut game, best, Score::Centipawns(0), true, None).unwrap();
        assert_eq!(turn, EngineTurn::Played(best));
        assert_eq!(game.san_moves().last().unwrap(), "Nf3");
        // Clearly worse: accepted, nothing played.
        let best = mv(&game, "Nc6");
        let turn = engine_turn(&mut game, best, Score::Centipawns(-120), true, None).unwrap();
        assert_eq!(turn, EngineTurn::AcceptedDraw);
        assert_eq!(game.san_moves().len(), 3);
        assert_eq!(
            game.status(),
            GameStatus::Ended(Outcome::Draw(DrawReason::Agreement))
        );
        // Without an offer the same evaluation just plays.
        let mut game = game_of(&["e4", "e5", "Nf3"]);
        let best = mv(&game, "Nc6");
        let turn = engine_turn(&mut game, best, Score::Centipawns(-120), false, None).unwrap();
        assert_eq!(turn, EngineTurn::Played(best));
    }

    #[test]
    fn a_repetition_is_claimed_unless_the_engine_expects_to_win() {
        // Knights out and back twice: the start position stands for the third time once Black
        // plays Ng8 again, a claim Black can make with that move.
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];
        let mut game = game_of(&shuffle);
        let best = mv(&game, "Ng8");
        let turn = engine_turn(&mut game, best, Score::Centipawns(0), false, None).unwrap();
        assert_eq!(
            turn,
            EngineTurn::PlayedAndClaimedDraw(best, DrawReason::ThreefoldRepetition)
        );
        assert_eq!(turn.played(), Some(best));
        assert!(matches!(game.status(), GameStatus::Ended(Outcome::Draw(_))));

        // Expecting to win, it plays on.
        let mut game = game_of(&shuffle);
        let turn = engine_turn(&mut game, best, Score::Centipawns(30), false, None).unwrap();
        assert_eq!(turn, EngineTurn::Played(best));
        assert!(matches!(game.status(), GameStatus::Ongoing));

        // Claimable already: claimed without a move.
        let mut game = game_of(&shuffle);
        game.play(best).unwrap();
        let best = mv(&game, "Nf3");
        let turn = engine_turn(&mut game, best, Score::Centipawns(-5), false, None).unwrap();
        assert_eq!(
            turn,
            EngineTurn::ClaimedDraw(DrawReason::ThreefoldRepetition)
        );
        assert_eq!(turn.played(), None);
        assert_eq!(game.san_moves().len(), shuffle.len() + 1);
    }

    #[test]
    fn a_failed_turn_leaves_the_game_unchanged() {
        let mut game = game_of(&["e4"]);
        let before = game.to_pgn();
        // White's first move, in a position where Black is to move.
        let illegal = mv(&Game::new(), "e4");
        assert!(engine_turn(&mut game, illegal, Score::Centipawns(0), true, None).is_err());
        assert_eq!(game.to_pgn(), before);
        game.resign(crate::rules::Side::White).unwrap();
        let best = mv(&game, "e5");
        assert!(matches!(
            engine_turn(&mut game, best, Score::Centipawns(-300), true, None),
            Err(GameError::GameOver(_))
        ));
    }
}
