//! Opening names as the apps see them.

use crate::game::{GameError, NodeId};
use crate::notation::fen;
use crate::opening;

use super::types::{legal_move, LegalMove};
use super::{ChessError, ChessGame};

/// A named opening (from the CC0 lichess chess-openings dataset).
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Opening {
    /// The ECO code, `A00` to `E99`.
    pub eco: String,
    /// The full name, "Family: Variation, Subvariation", e.g. `Sicilian Defense: Najdorf
    /// Variation, English Attack`.
    pub name: String,
    /// The family, e.g. `Sicilian Defense`.
    pub family: String,
    /// The part after the family, e.g. `Najdorf Variation, English Attack`, if any.
    pub variation: Option<String>,
}

impl From<opening::Opening> for Opening {
    fn from(o: opening::Opening) -> Opening {
        Opening {
            family: o.family().to_string(),
            variation: o.variation().map(str::to_string),
            eco: o.eco,
            name: o.name,
        }
    }
}

/// The opening named by exactly the position `fen` (the move counters do not matter), or
/// `null`/`nil`. A game's opening, which walks back to the last named position, is
/// `GameSnapshot.opening`.
///
/// # Errors
/// `InvalidFen`, naming the field.
#[uniffi::export]
pub fn opening_of_fen(fen: String) -> Result<Option<Opening>, ChessError> {
    Ok(opening::of_position(&fen::parse(&fen)?).map(Into::into))
}

/// A move from the current position into a named opening position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct BookMove {
    /// The move (play it with `play(from, to, promotion)`).
    pub legal_move: LegalMove,
    /// The opening the position after it is named (exact position: transpositions count).
    pub opening: Opening,
    /// How many replies to it lead into named positions again: how much book follows it (the
    /// dataset has no game counts; this is its measure of a main line).
    pub continuations: u32,
}

#[uniffi::export]
impl ChessGame {
    /// The moves from the current position whose position after is a named opening position
    /// (the CC0 dataset's; exact position, so transpositions count): an opening book for an
    /// analysis board ("e4: King's Pawn Game"). The main lines first: ordered by how much book
    /// follows each (`continuations`, most first), then ECO code, name and SAN. Empty out of the
    /// book and when the game is over at the current node. A Chess960 game is looked up by its
    /// position alone, as its opening name is: from the standard arrangement (518) it has the
    /// standard book (a castling move, were one in it, goes king onto rook as in its moves).
    pub fn book_moves(&self) -> Vec<BookMove> {
        let game = self.lock();
        if !matches!(game.status(), crate::game::GameStatus::Ongoing) {
            return Vec::new();
        }
        let mut pos = game.position().clone();
        let mut found: Vec<BookMove> = Vec::new();
        for &m in game.legal_moves().as_slice() {
            let undo = pos.make_move(m);
            let named = opening::of_position(&pos).map(|o| {
                let mut continuations = 0;
                for &reply in pos.legal_moves().as_slice() {
                    let back = pos.make_move(reply);
                    continuations += u32::from(opening::of_position(&pos).is_some());
                    pos.unmake_move(reply, &back);
                }
                (o, continuations)
            });
            pos.unmake_move(m, &undo);
            // Only a book move is written out (SAN needs the position before it).
            if let Some((o, continuations)) = named {
                found.push(BookMove {
                    legal_move: legal_move(&pos, m),
                    opening: o.into(),
                    continuations,
                });
            }
        }
        found.sort_by(|a, b| {
            (
                b.continuations,
                &a.opening.eco,
                &a.opening.name,
                &a.legal_move.san,
            )
                .cmp(&(
                    a.continuations,
                    &b.opening.eco,
                    &b.opening.name,
                    &b.legal_move.san,
                ))
        });
        found
    }

    /// The opening at node `node` (e.g. for a move-list tooltip): the last named position on
    /// the way from the start to that node, as `GameSnapshot.opening` is for the current node;
    /// `null`/`nil` before the first named position.
    ///
    /// # Errors
    /// `InvalidRequest` when the game has no node `node`.
    pub fn opening_at(&self, node: u32) -> Result<Option<Opening>, ChessError> {
        let game = self.lock();
        let id = NodeId::from_index(node);
        game.node(id).ok_or(GameError::NoSuchNode(node))?;
        Ok(game.opening_at(id).map(Into::into))
    }
}

/// Builds the opening index now (it is otherwise built on the first use, which takes a few
/// milliseconds): call it on a background thread at app start. Returns the number of named
/// positions.
#[uniffi::export]
pub fn preload_openings() -> u32 {
    opening::preload() as u32
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn named_and_unnamed_positions() {
        // c.tsv: C50 Italian Game, 1. e4 e5 2. Nf3 Nc6 3. Bc4.
        let italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
        let o = opening_of_fen(italian.into()).unwrap().unwrap();
        assert_eq!((o.eco.as_str(), o.name.as_str()), ("C50", "Italian Game"));
        assert_eq!((o.family.as_str(), o.variation), ("Italian Game", None));
        assert_eq!(opening_of_fen(fen::STARTING_FEN.into()), Ok(None));
        assert!(matches!(
            opening_of_fen("nonsense".into()),
            Err(ChessError::InvalidFen(_))
        ));
    }
}
