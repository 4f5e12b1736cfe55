//! Static exchange evaluation: the material balance of the capture sequence on one square when
//! both sides always recapture with their least valuable attacker (and may stop at any time).

use super::eval::PIECE_VALUE;
use crate::rules::attacks;
use crate::rules::{Move, PieceKind, Position};

/// `true` when `m` wins at least `threshold` centipawns by exchange (it may be negative: "loses
/// no more than"). Works for quiet moves too (threshold ≤ 0 asks "is the square safe enough").
pub(crate) fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let from = m.from();
    let to = m.to();
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let mut gain = pos
        .captured_piece(m)
        .map_or(0, |p| PIECE_VALUE[p.kind.index()]);
    let mut next_victim = mover.kind;
    if let Some(k) = m.promotion_kind() {
        gain += PIECE_VALUE[k.index()] - PIECE_VALUE[PieceKind::Pawn.index()];
        next_victim = k;
    }
    // balance: what we have after the opponent takes back nothing more.
    let mut balance = gain - threshold;
    if balance < 0 {
        return false;
    }
    balance -= PIECE_VALUE[next_victim.index()];
    if balance >= 0 {
        return true;
    }
    let mut occupied = pos.occupied().without(from).with(to);
    if m.is_en_passant() {
        occupied = occupied.without(crate::rules::Square::new_unchecked(
            from.rank() * 8 + to.file(),
        ));
    }
    let diag = pos.pieces_of_kind(PieceKind::Bishop) | pos.pieces_of_kind(PieceKind::Queen);
    let orth = pos.pieces_of_kind(PieceKind::Rook) | pos.pieces_of_kind(PieceKind::Queen);
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    let mut side = !mover.side;
    loop {
        let ours = attackers & pos.side_pieces(side);
        if ours.is_empty() {
            break;
        }
        // The least valuable attacker.
        let mut chosen = None;
        for kind in PieceKind::ALL {
            let bb = ours & pos.pieces(side, kind);
            if let Some(sq) = bb.first() {
                chosen = Some((kind, sq));
                break;
            }
        }
        let Some((kind, sq)) = chosen else { break };
        side = !side;
        // Negamax: the side that just captured now stands to lose `kind`.
        balance = -balance - 1 - PIECE_VALUE[kind.index()];
        if balance >= 0 {
            // A king may capture only if the square is no longer defended.
            if kind == PieceKind::King && (attackers & pos.side_pieces(side)).any() {
                side = !side;
            }
            break;
        }
        occupied = occupied.without(sq);
        if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & diag;
        }
        if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & orth;
        }
        attackers &= occupied;
    }
    // The side to move at the end is the one that could not (profitably) continue: it lost.
    side != mover.side
}

/// `true` when `m` checks the enemy king directly (the moved or promoted piece attacks it);
/// discovered checks are not detected. Cheap enough to ask before making the move.
pub(crate) fn gives_direct_check(pos: &Position, m: Move) -> bool {
    if m.is_castle() {
        return false;
    }
    let Some(mover) = pos.piece_at(m.from()) else {
        return false;
    };
    let kind = m.promotion_kind().unwrap_or(mover.kind);
    let their_king = pos.king_square(!mover.side);
    let occupied = pos.occupied().without(m.from()).with(m.to());
    attacks::attacks(kind, mover.side, m.to(), occupied).contains(their_king)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, uci};

    fn see(f: &str, m: &str, threshold: i32) -> bool {
        let pos = fen::parse(f).unwrap();
        let m = uci::parse_move(&pos, m).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn undefended_and_defended_captures() {
        // Rook takes an undefended pawn: +100.
        let f = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(f, "e1e5", 100));
        assert!(!see(f, "e1e5", 101));
        // Knight takes a pawn defended by a pawn: 100 - 320.
        let f = "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1";
        assert!(see(f, "f3e5", -220));
        assert!(!see(f, "f3e5", -219));
        assert!(!see(f, "f3e5", 0));
    }

    #[test]
    fn x_rays_count() {
        // Rooks doubled: Rxd5 (pawn defended by a rook) is winning with the second rook behind.
        let f = "3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1";
        assert!(see(f, "d2d5", 100));
        // Single rook against the defended pawn loses the exchange.
        let f = "3r2k1/8/8/3p4/8/8/3R4/6K1 w - - 0 1";
        assert!(!see(f, "d2d5", 0));
    }

    #[test]
    fn quiet_move_to_attacked_square() {
        // Queen steps where a pawn takes it.
        let f = "4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1";
        assert!(!see(f, "d1d4", 0));
        assert!(see(f, "d1d3", 0));
    }
}
