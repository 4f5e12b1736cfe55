//! Attack information for user interfaces: who attacks a square, which squares a side attacks,
//! who gives check, and which pieces are pinned and by what.
//!
//! "Attacks" means what a piece could capture if an enemy piece stood on the square, with the
//! board as it is: a pinned piece still attacks, a king attacks the squares around it even when
//! they are defended, a pawn attacks diagonally forward (never straight ahead), and nothing
//! attacks through another piece (no x-rays). This is the usual meaning (python-chess's
//! `attackers`, shakmaty's `attacks_to`), and what "is this square safe" displays need.
//!
//! # Examples
//! ```
//! use chesscore::notation::fen;
//! use chesscore::rules::{Pin, Side, Square};
//! // The white knight on e4 is pinned to its king by the rook on e8.
//! let pos = fen::parse("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1").unwrap();
//! assert_eq!(pos.pins(Side::White), vec![Pin { pinned: Square::E4, pinner: Square::E8 }]);
//! assert!(pos.is_attacked(Square::E4, Side::Black));
//! assert_eq!(pos.attackers(Square::D1, Side::White).single(), Some(Square::E1));
//! ```

use super::attacks;
use super::bitboard::Bitboard;
use super::position::Position;
use super::square::Square;
use super::types::{PieceKind, Side};

/// A piece pinned to its own king: it may move only along the line between the king and the
/// pinning piece (or capture the pinner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pin {
    /// The pinned piece's square.
    pub pinned: Square,
    /// The square of the enemy bishop, rook or queen that pins it.
    pub pinner: Square,
}

impl Pin {
    /// The squares the pinned piece may still move to as far as the pin allows: the line from
    /// its king (exclusive) to the pinner (inclusive), without the pinned piece's own square.
    pub fn ray(&self, king: Square) -> Bitboard {
        (attacks::between(king, self.pinner).with(self.pinner)).without(self.pinned)
    }
}

impl Position {
    /// The pieces of `side` that attack `sq` (see the module docs for what attacking means).
    /// `sq` may be empty or hold a piece of either side.
    #[inline]
    pub fn attackers(&self, sq: Square, side: Side) -> Bitboard {
        self.attackers_to(sq, self.occupied()) & self.side_pieces(side)
    }

    /// `true` when a piece of `side` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, side: Side) -> bool {
        self.is_attacked_by(side, sq, self.occupied())
    }

    /// Every square a piece of `side` attacks (empty squares and squares of either side).
    pub fn attacked_squares(&self, side: Side) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = Bitboard::EMPTY;
        for sq in self.pieces(side, PieceKind::Pawn) {
            attacked |= attacks::pawn_attacks(side, sq);
        }
        for sq in self.pieces(side, PieceKind::Knight) {
            attacked |= attacks::knight_attacks(sq);
        }
        let queens = self.pieces(side, PieceKind::Queen);
        for sq in self.pieces(side, PieceKind::Bishop) | queens {
            attacked |= attacks::bishop_attacks(sq, occupied);
        }
        for sq in self.pieces(side, PieceKind::Rook) | queens {
            attacked |= attacks::rook_attacks(sq, occupied);
        }
        attacked | attacks::king_attacks(self.king_square(side))
    }

    /// The pieces of `side` pinned to their own king, each with its pinner, in board order
    /// (a1 first) of the pinned pieces. [`Position::pinned`] gives the same squares as a set.
    pub fn pins(&self, side: Side) -> Vec<Pin> {
        let king = self.king_square(side);
        let them = !side;
        let rooks = self.pieces(them, PieceKind::Rook) | self.pieces(them, PieceKind::Queen);
        let bishops = self.pieces(them, PieceKind::Bishop) | self.pieces(them, PieceKind::Queen);
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & rooks)
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & bishops);
        let occupied = self.occupied();
        let mut pins: Vec<Pin> = snipers
            .into_iter()
            .filter_map(|pinner| {
                let blockers = attacks::between(king, pinner) & occupied;
                let pinned = blockers.single()?;
                self.side_pieces(side)
                    .contains(pinned)
                    .then_some(Pin { pinned, pinner })
            })
            .collect();
        pins.sort_by_key(|p| p.pinned);
        pins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn hand_checked_position() {
        // White: Ke1, Qd1, Nc3, Pe4; Black: Ke8, Bb4 (pins Nc3), Qh2 (no check, no pin).
        let pos = fen::parse("4k3/8/8/8/1b2P3/2N5/7q/3QK3 w - - 0 1").unwrap();
        assert_eq!(
            pos.pins(Side::White),
            vec![Pin {
                pinned: Square::C3,
                pinner: Square::B4
            }]
        );
        assert_eq!(pos.pinned(Side::White), Bitboard::from_square(Square::C3));
        // d5 is attacked by the pawn e4, the (pinned) knight c3 and the queen up the open d-file.
        let d5 = pos.attackers(Square::D5, Side::White);
        assert_eq!(
            d5,
            Bitboard::from_square(Square::E4)
                | Bitboard::from_square(Square::C3)
                | Bitboard::from_square(Square::D1)
        );
        // f2 is attacked by the black queen and defended by the white king.
        assert!(pos.is_attacked(Square::F2, Side::Black));
        assert_eq!(
            pos.attackers(Square::F2, Side::White),
            Bitboard::from_square(Square::E1)
        );
        // The pawn does not attack the square in front of it.
        assert!(!pos.attackers(Square::E5, Side::White).contains(Square::E4));
        assert!(pos.checkers().is_empty());
        let pin = pos.pins(Side::White)[0];
        assert_eq!(
            pin.ray(pos.king_square(Side::White)),
            Bitboard::from_square(Square::D2) | Bitboard::from_square(Square::B4)
        );
        assert!(pos.attacked_squares(Side::Black).contains(Square::F2));
        assert!(pos.attacked_squares(Side::Black).contains(Square::E1) == pos.is_check());
    }
}
