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
    /// 2. `side` has king and one knight, and the opponent nothing but its king and queens (any
    ///    number, none included); or
    /// 3. `side` has king and bishops all on squares of one colour, and the opponent no pawn, no
    ///    knight and no bishop on the other colour (rooks, queens and bishops of that colour
    ///    may be there, any number).
    ///
    /// Without pawns no material can appear, so each case stays a case (or becomes a bare
    /// king) whatever is captured. Both follow from a proof; `scripts/verify-dead-material.py`
    /// also enumerates the small cases (no mate with K+N v K+Q, K+B v K+R, K+B v K+Q).
    ///
    /// Case 3: only bishops can give check, and two bishops of one colour never give double
    /// check (the bishop that moves away from one diagonal through the king moves along a
    /// diagonal parallel to the other). So the mated king stands on their colour, in check
    /// along one diagonal. Its orthogonal neighbours (two in a corner, three on an edge, four
    /// elsewhere) are of the other colour: no bishop covers them, the mating king covers at
    /// most one without standing next to the mated king, so the others must hold the mated
    /// side's own pieces, and on that colour those can only be rooks or queens. The square next
    /// to the king on the checking diagonal is orthogonally next to two of those neighbours,
    /// and at least one of them is held: that rook or queen steps onto the check line and
    /// blocks or captures. It cannot be pinned (only bishops pin, along diagonals, and it
    /// stands orthogonally next to its king), and its move opens no diagonal to its king.
    ///
    /// Case 2: a knight at (x+1, y+2) from the king at (x, y) (every check is this one up to
    /// symmetry) leaves three of the king's neighbours on the board that it does not attack:
    /// (x, y+1), (x+1, y+1) and (x+1, y). The mating king cannot cover all three without
    /// standing next to the mated king, and a queen on any of them takes the knight (from
    /// (x+1, y) through (x+1, y+1), which is then empty or holds a queen that takes it); a queen
    /// cannot be pinned by a king and a knight. So the king escapes, or a queen takes.
    ///
    /// Not recognised (answered `true`): positions that are dead because pawns are blocked
    /// (fortresses), or because of where the pieces stand rather than what they are, and dead
    /// material combinations beyond the three above.
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
            (1, 0) => (others & !kind(opponent, PieceKind::Queen)).any(),
            (0, _) => {
                let one_colour = |set: Bitboard, colour: Bitboard| (set & !colour).is_empty();
                let blockers = kind(opponent, PieceKind::Pawn) | kind(opponent, PieceKind::Knight);
                let opp_bishops = kind(opponent, PieceKind::Bishop);
                let dead = [Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES]
                    .into_iter()
                    .any(|colour| {
                        one_colour(bishops, colour)
                            && blockers.is_empty()
                            && one_colour(opp_bishops, colour)
                    });
                !dead
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
    const DEAD: [(&str, Side); 19] = [
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
        // Found by a differential audit against python-chess (2026-11-25): light bishops
        // against a rook; a light bishop against rook and light bishop, or rook and queen;
        // a knight against two queens.
        ("8/8/1R6/8/3kb3/8/8/3b3K w - - 0 146", Side::Black),
        ("3r4/1b4k1/8/8/8/6K1/2B5/8 b - - 0 106", Side::White),
        ("8/1r6/8/4k2q/8/6K1/1B6/8 b - - 0 1", Side::White),
        ("8/8/8/4k3/3qq3/8/3N4/4K3 w - - 0 1", Side::White),
        ("8/8/4q3/3qkq2/8/8/3N4/4K3 w - - 0 1", Side::White),
    ];

    /// Positions where `side` can mate, each with a checkmate of the same material that
    /// python-chess confirms (found by `scripts/verify-dead-material.py` or by hand).
    const ALIVE: [(&str, Side, &str); 10] = [
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
        // Bishop against rook and pawn: the pawn blocks (the rook cannot reach the check line).
        (
            "8/8/4r3/4k3/4p3/8/3B4/4K3 w - - 0 1",
            Side::White,
            "k7/p1K5/8/8/4B3/8/7r/8 b - - 0 1",
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
