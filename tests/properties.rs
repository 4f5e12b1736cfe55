//! Properties checked with proptest over random games (a failing game is shrunk to a shortest
//! one): make/undo restores everything, the incremental key equals the recomputed one, FEN round
//! trips, single-square generation agrees with the full list, noisy and quiet generation
//! partition the moves, and `is_legal` agrees with generation.

use chesscore::notation::fen;
use chesscore::rules::{Bitboard, GenKind, Move, MoveList, Position, Square};
use proptest::prelude::*;

/// Random games per property.
const GAMES: u32 = 600;
const MAX_PLIES: usize = 200;

/// A random game as one choice per ply: whether to prefer a capture or promotion (now and then,
/// so that endgames, promotions and en passant are reached), and which move, modulo the number
/// of candidates. Shrinking shortens the game and lowers the choices.
fn games() -> impl Strategy<Value = Vec<(bool, u16)>> {
    prop::collection::vec((prop::bool::weighted(0.4), any::<u16>()), 0..=MAX_PLIES)
}

/// Plays `game` from the initial position, calling `visit` with each position reached (the
/// last included) and its legal moves.
fn play(game: &[(bool, u16)], mut visit: impl FnMut(&mut Position, &[Move])) {
    let mut pos = Position::startpos();
    for &(prefer_noisy, pick) in game {
        let moves = pos.legal_moves();
        visit(&mut pos, &moves);
        if moves.is_empty() {
            return;
        }
        let noisy: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m) || m.is_promotion())
            .collect();
        let candidates: &[Move] = if prefer_noisy && !noisy.is_empty() {
            &noisy
        } else {
            &moves
        };
        pos.make_move(candidates[pick as usize % candidates.len()]);
    }
    let moves = pos.legal_moves();
    visit(&mut pos, &moves);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(GAMES))]

    #[test]
    fn make_unmake_restores_position_and_key(game in games()) {
        play(&game, |pos, moves| {
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
    fn fen_round_trips(game in games()) {
        play(&game, |pos, _| {
            let text = fen::to_fen(pos);
            let back = fen::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(back == *pos, "{text} parsed back to {}", fen::to_fen(&back));
            assert_eq!(back.key(), pos.key());
        });
    }

    #[test]
    fn single_square_generation_agrees_with_full_list(game in games()) {
        play(&game, |pos, moves| {
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
    fn noisy_and_quiet_partition_all_moves(game in games()) {
        play(&game, |pos, moves| {
            let mut noisy = MoveList::new();
            let mut quiet = MoveList::new();
            pos.generate(GenKind::Noisy, Bitboard::FULL, &mut noisy);
            pos.generate(GenKind::Quiet, Bitboard::FULL, &mut quiet);
            assert_eq!(noisy.len() + quiet.len(), moves.len(), "{}", fen::to_fen(pos));
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
    fn is_legal_rejects_what_generation_does_not_produce(
        game in games(),
        pairs in prop::collection::vec((0u32..64, 0u32..64), 20),
    ) {
        play(&game, |pos, moves| {
            for &(from, to) in &pairs {
                let (from, to) = (Square::new(from).unwrap(), Square::new(to).unwrap());
                for m in [
                    Move::normal(from, to),
                    Move::en_passant(from, to),
                    Move::castle(from, to),
                ] {
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
}
