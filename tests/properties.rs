//! Properties checked over many random games: make/undo restores everything, the incremental key
//! equals the recomputed one, FEN round trips, single-square generation agrees with the full list,
//! and `is_legal` agrees with generation.

use chesscore::notation::fen;
use chesscore::rules::{GenKind, Move, MoveList, Position, Square};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: usize = 300;
const MAX_PLIES: usize = 200;

fn random_games(seed: u64, mut visit: impl FnMut(&mut Position, &[Move])) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..GAMES {
        let mut pos = Position::startpos();
        for _ in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            visit(&mut pos, &moves);
            if moves.is_empty() {
                break;
            }
            // Prefer captures and promotions now and then so that endgames, promotions and
            // en passant are reached.
            let noisy: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m) || m.is_promotion())
                .collect();
            let m = if !noisy.is_empty() && rng.gen_bool(0.4) {
                noisy[rng.gen_range(0..noisy.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            pos.make_move(m);
        }
    }
}

#[test]
fn make_unmake_restores_position_and_key() {
    random_games(1, |pos, moves| {
        let before = pos.clone();
        for &m in moves {
            let undo = pos.make_move(m);
            assert_eq!(
                pos.key(),
                pos.compute_key(),
                "incremental key after {m:?} from {}",
                fen::to_fen(&before)
            );
            pos.unmake_move(m, &undo);
            assert!(*pos == before, "unmake {m:?} from {}", fen::to_fen(&before));
        }
    });
}

#[test]
fn fen_round_trips() {
    random_games(2, |pos, _| {
        let text = fen::to_fen(pos);
        let back = fen::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(back == *pos, "{text} parsed back to {}", fen::to_fen(&back));
        assert_eq!(back.key(), pos.key());
    });
}

#[test]
fn single_square_generation_agrees_with_full_list() {
    random_games(3, |pos, moves| {
        let mut from_squares: Vec<Move> = Vec::new();
        for sq in Square::all() {
            from_squares.extend(pos.legal_moves_from(sq).iter());
        }
        let mut all: Vec<Move> = moves.to_vec();
        all.sort_by_key(|m| m.to_bits());
        from_squares.sort_by_key(|m| m.to_bits());
        assert_eq!(all, from_squares, "{}", fen::to_fen(pos));
        for &m in moves {
            assert!(pos.is_legal(m), "{m:?} in {}", fen::to_fen(pos));
        }
    });
}

#[test]
fn noisy_and_quiet_partition_all_moves() {
    random_games(4, |pos, moves| {
        let mut noisy = MoveList::new();
        let mut quiet = MoveList::new();
        pos.generate(GenKind::Noisy, chesscore::rules::Bitboard::FULL, &mut noisy);
        pos.generate(GenKind::Quiet, chesscore::rules::Bitboard::FULL, &mut quiet);
        assert_eq!(
            noisy.len() + quiet.len(),
            moves.len(),
            "{}",
            fen::to_fen(pos)
        );
        for &m in noisy.iter() {
            assert!(pos.is_capture(m) || m.is_promotion());
            assert!(moves.contains(&m));
        }
        for &m in quiet.iter() {
            assert!(!pos.is_capture(m) && !m.is_promotion());
            assert!(moves.contains(&m));
        }
    });
}

#[test]
fn is_legal_rejects_what_generation_does_not_produce() {
    let mut rng = SmallRng::seed_from_u64(5);
    random_games(6, |pos, moves| {
        for _ in 0..20 {
            let from = Square::new(rng.gen_range(0..64)).unwrap_or(Square::A1);
            let to = Square::new(rng.gen_range(0..64)).unwrap_or(Square::A1);
            let candidates = [
                Move::normal(from, to),
                Move::en_passant(from, to),
                Move::castle(from, to),
            ];
            for m in candidates {
                assert_eq!(
                    pos.is_legal(m),
                    moves.contains(&m),
                    "{m:?} in {}",
                    fen::to_fen(pos)
                );
            }
        }
    });
}
