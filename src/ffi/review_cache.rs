//! Keeping a finished review to show it again without searching: the review as JSON, and the key
//! that says which review a game and its options get (the same key, the same review: a review is
//! deterministic for its budget).

use std::sync::Arc;

use crate::engine::BENCH_SIGNATURE;
use crate::notation::pgn;
use crate::review::{ReviewSettings, REVIEW_REVISION};

use super::engine::ChessEngine;
use super::game::ChessGame;
use super::ids::fnv1a;
use super::review::{GameReview, ReviewOptions};
use super::ChessError;

/// The name in a review's JSON that says what it is.
const FORMAT: &str = "chesscore-review";
/// The version of that JSON; a file of another version is refused (review the game again).
const VERSION: u32 = 1;

#[derive(serde::Serialize, serde::Deserialize)]
struct ReviewFile {
    format: String,
    version: u32,
    review: GameReview,
}

/// `review` as JSON (a small versioned document), to keep it beside the game and show it again
/// with `reviewFromJson` instead of reviewing the game again. A number that is not finite (no
/// review the engine makes has one) is written as JSON's `null` and read back as NaN.
#[uniffi::export]
pub fn review_to_json(review: GameReview) -> String {
    let file = ReviewFile {
        format: FORMAT.into(),
        version: VERSION,
        review,
    };
    // Plain records of numbers, strings and enums: serde_json cannot fail on them, but an
    // error would only be an empty document, which `reviewFromJson` refuses.
    serde_json::to_string(&file).unwrap_or_default()
}

/// A review kept with `reviewToJson`.
///
/// # Errors
/// `InvalidSavedGame` saying what is wrong and where (line and column), or that the document is
/// not a chesscore review of this version.
#[uniffi::export]
pub fn review_from_json(json: String) -> Result<GameReview, ChessError> {
    let file: ReviewFile = serde_json::from_str(&json)
        .map_err(|e| ChessError::InvalidSavedGame(format!("not a chesscore review: {e}")))?;
    if file.format != FORMAT {
        return Err(ChessError::InvalidSavedGame(format!(
            "not a chesscore review: its format is '{}'",
            file.format
        )));
    }
    if file.version != VERSION {
        return Err(ChessError::InvalidSavedGame(format!(
            "a chesscore review of version {}, this library reads version {VERSION}",
            file.version
        )));
    }
    Ok(file.review)
}

#[uniffi::export]
impl ChessEngine {
    /// What identifies the review this engine would make of `game` with `options`: the game as
    /// its PGN exports it (tags, variant, start position, moves, comments and variations: all
    /// that the review's annotated PGN copies), the budget, the engine's table size, the
    /// library version, the engine's bench signature (its search and evaluation) and the
    /// review rules' revision; not the threads, which change no result. A review kept under
    /// this key (`reviewToJson`) is the one `review` would make again, so an app may show it
    /// instead; a game edited since (a comment, a tag) gets another key. 16 hexadecimal digits.
    ///
    /// # Errors
    /// `InvalidRequest` for bad `options`, as `review`.
    pub fn review_key(
        &self,
        game: Arc<ChessGame>,
        options: ReviewOptions,
    ) -> Result<String, ChessError> {
        let settings = options.settings()?;
        let game_pgn = pgn::write_game(&game.lock().to_pgn_game());
        Ok(key_for(&settings, &game_pgn, self.config().hash_mb))
    }
}

/// `reviewKey` of the game whose PGN export is `game_pgn`, reviewed with `settings` on an engine
/// whose table has `hash_mb` MB.
pub(super) fn key_for(settings: &ReviewSettings, game_pgn: &str, hash_mb: u32) -> String {
    let text = format!(
        "{}|{BENCH_SIGNATURE}|{REVIEW_REVISION}|{}|{}|{}|{}|{}|{game_pgn}",
        env!("CARGO_PKG_VERSION"),
        settings.nodes_per_position,
        settings.lines,
        settings.verify_nodes,
        settings.recheck_nodes,
        hash_mb,
    );
    format!("{:016x}", fnv1a(text.as_bytes()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ffi::{EngineConfig, ReviewPreset};

    #[test]
    fn the_key_follows_the_game_and_the_budget_not_the_threads() {
        let engine = ChessEngine::new(EngineConfig {
            level: 10,
            elo: None,
            hash_mb: 1,
            seed: 0,
            variety: true,
            threads: 1,
        })
        .unwrap();
        let game = ChessGame::from_pgn("[White \"A\"]\n\n1. e4 e5 2. Nf3 *".into()).unwrap();
        let other_tags = ChessGame::from_pgn("[White \"B\"]\n\n1. e4 e5 2. Nf3 *".into()).unwrap();
        let shorter = ChessGame::from_pgn("1. e4 e5 *".into()).unwrap();
        let standard = ReviewOptions::default();
        let quick = ReviewOptions {
            preset: Some(ReviewPreset::Quick),
            ..ReviewOptions::default()
        };
        let threads = ReviewOptions {
            threads: Some(3),
            ..ReviewOptions::default()
        };
        let key = |g: &Arc<ChessGame>, o: &ReviewOptions| {
            engine.review_key(Arc::clone(g), o.clone()).unwrap()
        };
        let k = key(&game, &standard);
        assert_eq!(k.len(), 16);
        assert_eq!(k, key(&game, &threads));
        let same = ChessGame::from_pgn("[White \"A\"]\n\n1. e4 e5 2. Nf3 *".into()).unwrap();
        assert_eq!(k, key(&same, &standard));
        // Tags, comments and the variant are in the annotated PGN: another game for the key.
        assert_ne!(k, key(&other_tags, &standard));
        let commented =
            ChessGame::from_pgn("[White \"A\"]\n\n1. e4 {mine} e5 2. Nf3 *".into()).unwrap();
        assert_ne!(k, key(&commented, &standard));
        let standard_start = ChessGame::new();
        let chess960_518 = ChessGame::new_chess960(Some(518)).unwrap();
        assert_ne!(
            key(&standard_start, &standard),
            key(&chess960_518, &standard),
            "Chess960 518 has the standard FEN but not its castling"
        );
        assert_ne!(k, key(&shorter, &standard));
        assert_ne!(k, key(&game, &quick));
        let bad = ReviewOptions {
            nodes_per_position: Some(0),
            ..ReviewOptions::default()
        };
        assert!(engine.review_key(game, bad).is_err());
    }

    #[test]
    fn bad_review_json_is_refused_with_where_and_why() {
        for (json, says) in [
            ("", "not a chesscore review"),
            (
                "{\"format\":\"other\",\"version\":1,\"review\":null}",
                "not a chesscore review",
            ),
            ("[1, 2", "line 1"),
        ] {
            let err = review_from_json(json.into()).unwrap_err();
            assert!(
                matches!(&err, ChessError::InvalidSavedGame(m) if m.contains(says)),
                "{json}: {err:?}"
            );
        }
    }
}
