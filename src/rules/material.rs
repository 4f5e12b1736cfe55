//! The material difference between the two sides, as chess UIs show it beside each player: the
//! pieces one side has more of than the other, and the balance in points.

use super::{BySide, PieceKind, Position, Side};

/// The kinds a side can have more of, in the order they are shown: queen, rook, bishop, knight,
/// pawn (kings are never counted).
pub const MATERIAL_ORDER: [PieceKind; 5] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// The material difference of a position, from the pieces on the board alone (not from the
/// moves that led there), so it is right for any position: a set-up FEN, a promotion, Chess960.
///
/// For each side, the pieces it has more of than the other side, kind by kind: with two rooks and
/// three pawns against one rook and five pawns, White's extra pieces are one rook, Black's two
/// pawns. The balance counts pawn 1, knight 3, bishop 3, rook 5, queen 9 ([`PieceKind::points`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MaterialBalance {
    /// Each side's extra pieces, queens first, then rooks, bishops, knights and pawns
    /// ([`MATERIAL_ORDER`]), one entry per piece (two extra pawns: two entries).
    pub extra: BySide<Vec<PieceKind>>,
    /// White's points minus Black's: positive when White is ahead, negative when Black is.
    pub balance: i32,
}

impl MaterialBalance {
    /// The material difference in `pos`.
    pub fn of(pos: &Position) -> MaterialBalance {
        let mut extra = BySide::<Vec<PieceKind>>::default();
        let mut balance = 0;
        for kind in MATERIAL_ORDER {
            let white = pos.pieces(Side::White, kind).count() as i32;
            let black = pos.pieces(Side::Black, kind).count() as i32;
            balance += (white - black) * kind.points();
            let (ahead, more) = if white >= black {
                (Side::White, white - black)
            } else {
                (Side::Black, black - white)
            };
            let list = &mut extra[ahead];
            list.resize(list.len() + more as usize, kind);
        }
        MaterialBalance { extra, balance }
    }

    /// `true` when neither side has a piece more than the other (then the balance is 0).
    pub fn is_equal(&self) -> bool {
        self.extra.white.is_empty() && self.extra.black.is_empty()
    }

    /// How many points `side` is ahead: the balance from its point of view (negative when behind).
    pub fn lead(&self, side: Side) -> i32 {
        self.balance * side.sign()
    }
}

impl Position {
    /// The material difference in this position: see [`MaterialBalance`].
    pub fn material_balance(&self) -> MaterialBalance {
        MaterialBalance::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use PieceKind::*;

    fn balance(fen: &str) -> MaterialBalance {
        fen::parse(fen).unwrap().material_balance()
    }

    #[test]
    fn start_position_is_equal() {
        let m = Position::startpos().material_balance();
        assert_eq!(m, MaterialBalance::default());
        assert!(m.is_equal());
        assert_eq!(m.lead(Side::White), 0);
    }

    #[test]
    fn extra_pieces_are_listed_strongest_first() {
        // White: Q, 2R, B, N, 6P; Black: 2R, 2B, 2N, 4P.
        let m = balance("r1b1k2r/pp4pp/2n2n2/2b5/8/2N5/PPPPPP2/R1BQK2R w KQkq - 0 1");
        assert_eq!(m.extra.white, [Queen, Pawn, Pawn]);
        assert_eq!(m.extra.black, [Bishop, Knight]);
        assert_eq!(m.balance, 9 + 2 - 3 - 3);
        assert_eq!(m.lead(Side::Black), -5);
    }

    #[test]
    fn rook_against_bishop_and_knight() {
        let m = balance("4k3/8/3bn3/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(m.extra.white, [Rook]);
        assert_eq!(m.extra.black, [Bishop, Knight]);
        assert_eq!(m.balance, -1);
        assert_eq!(m.lead(Side::Black), 1);
        assert!(!m.is_equal());
    }

    #[test]
    fn promoted_pieces_count_as_what_they_are() {
        // Two white queens (one promoted) against one black queen and a pawn.
        let m = balance("3qk3/p7/8/8/8/8/8/Q2QK3 w - - 0 1");
        assert_eq!(m.extra.white, [Queen]);
        assert_eq!(m.extra.black, [Pawn]);
        assert_eq!(m.balance, 8);
    }

    #[test]
    fn kings_alone_are_equal() {
        assert!(balance("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_equal());
    }
}
