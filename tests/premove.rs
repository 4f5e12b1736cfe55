//! Premove destinations: the moves a piece of the side not to move might make on its next turn
//! (`Position::premove_moves`, FFI `ChessGame.premoveDestinations`), in standard chess and
//! Chess960.

use chesscore::ffi::{ChessGame, Square};
use chesscore::notation::fen;
use chesscore::rules::{self, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Over many random games, the move each side really played was, one ply earlier (before the
/// opponent's reply), among that piece's premove moves: a premove that could have been legal is
/// never refused. And the premove moves are exactly the union over the replies of that piece's
/// moves, taken here from each reply's whole move list rather than one piece's.
#[test]
fn every_move_played_was_a_premove_move_one_ply_earlier_and_nothing_else_is() {
    let mut rng = SmallRng::seed_from_u64(20_261_126);
    let mut checked = 0;
    let mut castles = 0;
    for game in 0..160 {
        // Every other game from a random Chess960 start: castling onto the rook's square, from
        // any file, is where a premove's rules differ most.
        let start = if game % 2 == 0 {
            Position::startpos()
        } else {
            rules::chess960::start_position(rng.gen_range(0..960)).unwrap()
        };
        let mut line = vec![start];
        let mut played = Vec::new();
        for _ in 0..120 {
            let pos = line.last().unwrap();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            let mut next = pos.clone();
            next.make_move(m);
            played.push(m);
            line.push(next);
        }
        for k in 1..played.len() {
            let before = &line[k - 1];
            let m = played[k];
            let premoves = before.premove_moves(m.from());
            castles += usize::from(m.is_castle());
            assert!(
                premoves.contains(m),
                "{m:?} played in {} is missing from its premove moves in {}",
                fen::to_fen(&line[k]),
                fen::to_fen(before)
            );
            checked += 1;
        }
        // The whole union, for every piece of the side not to move, in a few positions a game.
        for before in line.iter().step_by(17) {
            let side = !before.side_to_move();
            for from in before.side_pieces(side) {
                let mut expected: Vec<rules::Move> = Vec::new();
                for reply in before.legal_moves().iter() {
                    let mut after = before.clone();
                    after.make_move(*reply);
                    for m in after.legal_moves().iter().filter(|m| m.from() == from) {
                        if !expected.contains(m) {
                            expected.push(*m);
                        }
                    }
                }
                let mut got = before.premove_moves(from).as_slice().to_vec();
                expected.sort_by_key(|m| m.to_bits());
                got.sort_by_key(|m| m.to_bits());
                assert_eq!(got, expected, "{from} in {}", fen::to_fen(before));
            }
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
    assert!(castles > 10, "only {castles} castlings checked");
}

fn destinations(fen: &str, from: Square) -> Vec<Square> {
    ChessGame::from_fen(fen.into())
        .unwrap()
        .premove_destinations(from)
}

#[test]
fn a_premove_may_go_onto_the_players_own_piece_that_the_opponent_may_take_there() {
    // Black to move may play exd5; White's knight may then take back on d5, where White's own
    // pawn stands now.
    let dests = destinations("4k3/8/4p3/3P4/8/2N5/8/4K3 b - - 0 1", Square::C3);
    assert!(dests.contains(&Square::D5), "{dests:?}");
    // Its other squares, none of them own pieces' that Black cannot take.
    for sq in [
        Square::A2,
        Square::A4,
        Square::B1,
        Square::B5,
        Square::D1,
        Square::E2,
        Square::E4,
    ] {
        assert!(dests.contains(&sq), "{sq:?} in {dests:?}");
    }
    assert_eq!(dests.len(), 8);
}

#[test]
fn a_slider_sees_past_an_opponents_piece_that_may_move_but_never_past_its_own() {
    // The a5 knight may leave the file: the rook may then reach a6, a7 and a8.
    let open = destinations("7k/8/8/n7/8/8/8/R3K3 b - - 0 1", Square::A1);
    for sq in [Square::A5, Square::A6, Square::A8, Square::B1, Square::D1] {
        assert!(open.contains(&sq), "{sq:?} in {open:?}");
    }
    // White's own a2 pawn cannot leave before White's turn: the rook goes along the rank only.
    let blocked = destinations("7k/8/8/n7/8/8/P7/R3K3 b - - 0 1", Square::A1);
    assert_eq!(blocked, vec![Square::B1, Square::C1, Square::D1]);
}

#[test]
fn castling_and_en_passant_are_premoves_in_their_own_forms() {
    // Standard chess: the king's castling destinations, unless Black's reply forbids them.
    let king = destinations("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", Square::E1);
    assert!(
        king.contains(&Square::G1) && king.contains(&Square::C1),
        "{king:?}"
    );
    // Chess960: onto the rook, as `LegalMove.to` and `play` have it.
    let game = ChessGame::from_chess960_fen(
        "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR b KQkq - 2 2".into(),
    )
    .unwrap();
    assert!(game.premove_destinations(Square::G1).contains(&Square::H1));
    // En passant after Black's double step d7-d5 (d6 is also reachable after d7-d6, so look at
    // the move itself).
    let pos = fen::parse("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").unwrap();
    let moves = pos.premove_moves(rules::Square::E5);
    assert!(
        moves.iter().any(|m| m.is_en_passant()),
        "{:?}",
        moves.as_slice()
    );
}

#[test]
fn no_premove_for_the_side_to_move_an_empty_square_or_a_finished_game() {
    let game = ChessGame::new();
    assert!(game.premove_destinations(Square::E2).is_empty());
    assert!(game.premove_destinations(Square::E4).is_empty());
    assert!(!game.premove_destinations(Square::E7).is_empty());
    // Fool's mate: White is mated, so Black has no next turn to premove for.
    let mated = ChessGame::new();
    for (from, to) in [
        (Square::F2, Square::F3),
        (Square::E7, Square::E5),
        (Square::G2, Square::G4),
        (Square::D8, Square::H4),
    ] {
        mated.play(from, to, None).unwrap();
    }
    assert!(mated.premove_destinations(Square::G8).is_empty());
    // A promotion appears once, as a square.
    let promote = destinations("7k/1P6/8/8/8/8/8/K7 b - - 0 1", Square::B7);
    assert_eq!(promote, vec![Square::B8]);
}
