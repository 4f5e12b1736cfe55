//! Whether a side could ever deliver checkmate (FIDE Laws 6.9: a player whose flag falls still
//! draws when the opponent "cannot checkmate the player's king by any possible series of legal
//! moves").

use super::bitboard::Bitboard;
use super::position::Position;
use super::types::{PieceKind, Side};

impl Position {
    /// `false` when `side` can certainly never checkmate, whatever both sides play (helpmate
    /// included); `true` otherwise. Decided from the material alone; `false` is always right,
    /// `true` may be wrong for positions this does not recognise.
    ///
    /// `false` exactly when `side` has no pawn, rook or queen, and:
    /// 1. `side` has a bare king; or
    /// 2. `side` has king and one knight, and the opponent a bare king or king and one queen;
    /// 3. `side` has king and bishops all on squares of one colour, and the opponent nothing but
    ///    its king and bishops on that same colour; or
    /// 4. `side` has king and one bishop, and the opponent king and one rook, or king and one
    ///    queen.
    ///
    /// Without pawns no material can appear, so each case stays a case (or becomes a bare
    /// king) whatever is captured. Cases 1 and 3 follow from a proof: only bishops can give
    /// check, so the mated king stands on their colour, and its neighbours of the other colour
    /// (two or more orthogonal ones) can only be covered by the mating king, which cannot cover
    /// two squares on opposite sides of the mated king without standing next to it. Cases 2 and 4
    /// were checked by enumerating every placement of the four pieces with the mating side's
    /// piece giving check (`scripts/verify-dead-material.py`): none is mate.
    ///
    /// Not recognised (answered `true`): positions that are dead because pawns are blocked
    /// (fortresses), or because of where the pieces stand rather than what they are, and dead
    /// material combinations beyond the four above (e.g. a knight against two queens).
    ///
    /// # Examples
    /// ```
    /// use chesscore::notation::fen;
    /// use chesscore::rules::Side;
    /// // King and knight against king and pawn: the pawn can block its own king, so mate is
    /// // possible (e.g. Ka1, pa2; Kc1, Nc2#).
    /// let pos = fen::parse("8/8/8/4k3/4p3/8/3N4/4K3 w - - 0 1").unwrap();
    /// assert!(pos.can_ever_checkmate(Side::White));
    /// // King and knight against a bare king: never.
    /// let pos = fen::parse("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1").unwrap();
    /// assert!(!pos.can_ever_checkmate(Side::White));
    /// assert!(!pos.can_ever_checkmate(Side::Black));
    /// ```
    pub fn can_ever_checkmate(&self, side: Side) -> bool {
        let kind = |s: Side, k: PieceKind| self.pieces(s, k);
        let heavy = |s: Side| {
            kind(s, PieceKind::Pawn) | kind(s, PieceKind::Rook) | kind(s, PieceKind::Queen)
        };
        if heavy(side).any() {
            return true;
        }
        let (knights, bishops) = (kind(side, PieceKind::Knight), kind(side, PieceKind::Bishop));
        let opponent = !side;
        let others = self.side_pieces(opponent) & !kind(opponent, PieceKind::King);
        match (knights.count(), bishops.count()) {
            (0, 0) => false,
            (1, 0) => {
                !(others.is_empty()
                    || (others.count() == 1 && (others & kind(opponent, PieceKind::Queen)).any()))
            }
            (0, _) => {
                let one_colour = |set: Bitboard, colour: Bitboard| (set & !colour).is_empty();
                for colour in [Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES] {
                    let opp_bishops = kind(opponent, PieceKind::Bishop);
                    if one_colour(bishops, colour)
                        && others == opp_bishops
                        && one_colour(opp_bishops, colour)
                    {
                        return false;
                    }
                }
                let single_heavy = others.count() == 1
                    && (others
                        & (kind(opponent, PieceKind::Rook) | kind(opponent, PieceKind::Queen)))
                    .any();
                !(bishops.count() == 1 && single_heavy)
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::fen;
    use crate::rules::Side;

    fn can(fen_text: &str, side: Side) -> bool {
        fen::parse(fen_text).unwrap().can_ever_checkmate(side)
    }

    /// Positions where `side` can never mate. Each is one of the documented cases; python-chess
    /// (`Board.has_insufficient_material(color)`, an independent implementation) agrees on all.
    const DEAD: [(&str, Side); 14] = [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Side::White),
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Side::Black),
        ("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1", Side::White),
        ("8/8/8/4k3/8/8/3B4/4K3 w - - 0 1", Side::White),
        // The bare king of these positions.
        ("8/8/8/4k3/8/8/3B4/4K3 w - - 0 1", Side::Black),
        ("8/8/8/4k3/3q4/8/3N4/4K3 w - - 0 1", Side::White),
        // Bishops all on light squares, both sides (d1, f3 and e6, c8 are light).
        ("2b5/8/4b3/4k3/8/5B2/8/3BK3 w - - 0 1", Side::White),
        ("2b5/8/4b3/4k3/8/5B2/8/3BK3 b - - 0 1", Side::Black),
        // Bishops all on dark squares (c1, e3; d6).
        ("8/8/3b4/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::White),
        ("8/8/4r3/4k3/8/8/3B4/4K3 w - - 0 1", Side::White),
        ("8/8/4q3/4k3/8/8/3B4/4K3 w - - 0 1", Side::White),
        // The side with the rook can mate here; the bishop cannot.
        ("8/8/4r3/4k3/8/8/4B3/4K3 b - - 0 1", Side::White),
        ("4k3/8/8/8/8/8/8/4KN2 b - - 0 1", Side::White),
        ("4k3/8/8/8/8/8/8/4K1b1 w - - 0 1", Side::Black),
    ];

    /// Positions where `side` can mate, each with a checkmate of the same material that
    /// python-chess confirms (found by `scripts/verify-dead-material.py` or by hand).
    const ALIVE: [(&str, Side, &str); 9] = [
        // Knight against pawn: the pawn blocks.
        (
            "8/8/8/4k3/4p3/8/3N4/4K3 w - - 0 1",
            Side::White,
            "8/8/8/8/8/8/p1N5/k1K5 b - - 0 1",
        ),
        // Knight against rook.
        (
            "8/8/4r3/4k3/8/8/3N4/4K3 w - - 0 1",
            Side::White,
            "8/8/8/8/8/K7/2N5/kr6 b - - 0 1",
        ),
        // Knight against knight.
        (
            "8/8/4n3/4k3/8/8/3N4/4K3 w - - 0 1",
            Side::White,
            "kn6/2N5/1K6/8/8/8/8/8 b - - 0 1",
        ),
        // Light bishop against dark bishop: Ka8, Bb8; Kb6, Bd5 gives mate.
        (
            "8/8/8/3bk3/8/8/3B4/4K3 w - - 0 1",
            Side::White,
            "kb6/1B6/1K6/8/8/8/8/8 b - - 0 1",
        ),
        // Bishop against knight: the knight blocks.
        (
            "8/8/4n3/4k3/8/8/3B4/4K3 w - - 0 1",
            Side::White,
            "kn6/1B6/1K6/8/8/8/8/8 b - - 0 1",
        ),
        // Two knights, or bishop and knight, mate with help.
        (
            "8/8/8/4k3/8/8/3NN3/4K3 w - - 0 1",
            Side::White,
            "7k/5K2/5NN1/8/8/8/8/8 b - - 0 1",
        ),
        (
            "8/8/8/4k3/8/8/3NB3/4K3 w - - 0 1",
            Side::White,
            "7k/5K2/8/4B1N1/8/8/8/8 b - - 0 1",
        ),
        // A pawn promotes; a rook mates.
        (
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            Side::White,
            "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1",
        ),
        (
            "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
            Side::White,
            "R3k3/8/4K3/8/8/8/8/8 b - - 0 1",
        ),
    ];

    #[test]
    fn dead_material_is_recognised() {
        for (f, side) in DEAD {
            assert!(!can(f, side), "{f}: {side} cannot mate");
        }
    }

    #[test]
    fn material_that_can_mate_is_not_called_dead() {
        for (f, side, mate) in ALIVE {
            assert!(can(f, side), "{f}: {side} can mate, e.g. {mate}");
            let mated = fen::parse(mate).unwrap();
            assert!(mated.is_checkmate(), "{mate} is mate");
        }
    }
}
