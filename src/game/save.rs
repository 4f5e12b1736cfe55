//! The JSON save format of a [`Game`], version 1.
//!
//! ```json
//! {
//!   "version": 1,
//!   "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!   "moves": [{"uci": "e2e4"}, {"uci": "e7e5", "comment": "book", "nags": [1]}],
//!   "redo": [{"uci": "g1f3"}],
//!   "tags": [["White", "Ann"], ["Black", "Bob"]],
//!   "comment_before_moves": null,
//!   "outcome": {"type": "resignation", "winner": "white"}
//! }
//! ```
//!
//! `start_fen` has a Shredder-FEN castling field (`HAha`) when the game is Chess960. `moves` are
//! the moves played, `redo` the moves [`Game::redo`] would replay (next first), and
//! `outcome` the ending a player chose (`resignation`, `agreement`, or `claim` with `reason`
//! `threefold_repetition` or `fifty_move_rule`), or `null`; endings by rule are not stored, they
//! follow from the moves. Loading checks everything again.

use super::{is_derived_tag, DrawReason, Game, GameError, Note, Outcome};
use crate::notation::{fen, uci};
use crate::rules::Side;
use serde::{Deserialize, Serialize};

/// The only version this build writes and reads.
const VERSION: u64 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV1 {
    version: u64,
    start_fen: String,
    moves: Vec<SavedMove>,
    redo: Vec<SavedMove>,
    tags: Vec<(String, String)>,
    #[serde(deserialize_with = "Option::deserialize")]
    comment_before_moves: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    outcome: Option<SavedOutcome>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMove {
    uci: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    nags: Vec<u8>,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum SavedSide {
    White,
    Black,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum SavedClaim {
    ThreefoldRepetition,
    FiftyMoveRule,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum SavedOutcome {
    Resignation { winner: SavedSide },
    Agreement,
    Claim { reason: SavedClaim },
}

fn saved_move(m: crate::rules::Move, note: &Note) -> SavedMove {
    SavedMove {
        uci: uci::to_uci(m),
        comment: note.comment.clone(),
        nags: note.nags.clone(),
    }
}

fn invalid(msg: impl Into<String>) -> GameError {
    GameError::InvalidSave(msg.into())
}

impl Game {
    /// The whole game as versioned JSON: start position, moves played, redo stack, tags,
    /// comments and a chosen ending (resignation, agreement, claim). [`Game::from_json`] restores
    /// exactly this game.
    pub fn to_json(&self) -> String {
        let played = self.moves.len();
        let save = SaveV1 {
            version: VERSION,
            // Shredder-FEN for a Chess960 game, so that it reads back as one even when its
            // rights look standard (see the fen module's docs).
            start_fen: if self.start.is_chess960() {
                fen::to_fen_with(&self.start, fen::CastlingNotation::Shredder)
            } else {
                fen::to_fen(&self.start)
            },
            moves: self
                .moves
                .iter()
                .zip(&self.notes)
                .map(|(&m, n)| saved_move(m, n))
                .collect(),
            redo: self
                .redo
                .iter()
                .rev()
                .zip(&self.notes[played..])
                .map(|(&m, n)| saved_move(m, n))
                .collect(),
            tags: self.tags.clone(),
            comment_before_moves: self.comment_before_moves.clone(),
            outcome: self.manual.and_then(|o| match o {
                Outcome::Resignation { winner } => Some(SavedOutcome::Resignation {
                    winner: match winner {
                        Side::White => SavedSide::White,
                        Side::Black => SavedSide::Black,
                    },
                }),
                Outcome::Draw(DrawReason::Agreement) => Some(SavedOutcome::Agreement),
                Outcome::Draw(DrawReason::ThreefoldRepetition) => Some(SavedOutcome::Claim {
                    reason: SavedClaim::ThreefoldRepetition,
                }),
                Outcome::Draw(DrawReason::FiftyMoveRule) => Some(SavedOutcome::Claim {
                    reason: SavedClaim::FiftyMoveRule,
                }),
                _ => None,
            }),
        };
        match serde_json::to_string_pretty(&save) {
            Ok(json) => json,
            Err(e) => unreachable!("a save of plain strings and numbers always serializes: {e}"),
        }
    }

    /// Restores a game saved with [`Game::to_json`], checking everything again: the version, the
    /// start FEN, every move (played and redo) in sequence, the tags and the ending.
    ///
    /// # Errors
    /// [`GameError::InvalidSave`] saying what is wrong and where (e.g. `moves[12] "e2e5": ...`)
    /// for text that is not JSON, another version, missing or unknown fields, an invalid FEN, an
    /// illegal move or an ending the position does not allow.
    pub fn from_json(json: &str) -> Result<Game, GameError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| invalid(format!("not JSON: {e}")))?;
        let Some(obj) = value.as_object() else {
            return Err(invalid("expected a JSON object"));
        };
        match obj.get("version") {
            None => return Err(invalid("missing field \"version\"")),
            Some(v) if v.as_u64() == Some(VERSION) => {}
            Some(v) => {
                return Err(invalid(format!(
                    "unsupported version {v} (this build reads version {VERSION})"
                )))
            }
        }
        let save: SaveV1 = serde_json::from_value(value).map_err(|e| invalid(e.to_string()))?;

        let start = fen::parse(&save.start_fen)
            .map_err(|e| invalid(format!("start_fen \"{}\": {e}", save.start_fen)))?;
        let mut game = Game::from_position(start);
        for (name, value) in &save.tags {
            if is_derived_tag(name) {
                return Err(invalid(format!(
                    "tags: \"{name}\" is not stored, it follows from the game"
                )));
            }
            if game.tags.iter().any(|(n, _)| n == name) {
                return Err(invalid(format!("tags: \"{name}\" appears twice")));
            }
            game.set_tag(name, value);
        }
        game.comment_before_moves = save.comment_before_moves;

        let play = |game: &mut Game, list: &str, i: usize, m: &SavedMove| {
            game.play_uci(&m.uci)
                .map_err(|e| invalid(format!("{list}[{i}] \"{}\": {e}", m.uci)))?;
            if let Some(note) = game.notes.last_mut() {
                note.comment = m.comment.clone();
                note.nags = m.nags.clone();
            }
            Ok::<(), GameError>(())
        };
        for (i, m) in save.moves.iter().enumerate() {
            play(&mut game, "moves", i, m)?;
        }
        if !save.redo.is_empty() {
            let mut ahead = game.clone();
            for (i, m) in save.redo.iter().enumerate() {
                play(&mut ahead, "redo", i, m)?;
            }
            for _ in 0..save.redo.len() {
                ahead.undo();
            }
            game = ahead;
        }

        if let Some(saved) = save.outcome {
            if let Some(o) = game.outcome() {
                return Err(invalid(format!(
                    "outcome: the game already ended by rule ({o}) after the saved moves"
                )));
            }
            let o = match saved {
                SavedOutcome::Resignation { winner } => Outcome::Resignation {
                    winner: match winner {
                        SavedSide::White => Side::White,
                        SavedSide::Black => Side::Black,
                    },
                },
                SavedOutcome::Agreement => Outcome::Draw(DrawReason::Agreement),
                SavedOutcome::Claim { reason } => {
                    let reason = match reason {
                        SavedClaim::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
                        SavedClaim::FiftyMoveRule => DrawReason::FiftyMoveRule,
                    };
                    let possible = match reason {
                        DrawReason::ThreefoldRepetition => game.repetition_count() >= 3,
                        _ => game.position.halfmove_clock() >= 100,
                    };
                    if !possible {
                        return Err(invalid(format!(
                            "outcome: a draw by {reason} cannot be claimed after the saved moves"
                        )));
                    }
                    Outcome::Draw(reason)
                }
            };
            game.manual = Some(o);
        }
        Ok(game)
    }
}
