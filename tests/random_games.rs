//! Properties over many random games (fixed seed): SAN, PGN and JSON all round-trip.

use chesscore::game::Game;
use chesscore::notation::pgn::{self, Annotations, PgnGame, PgnMove};
use chesscore::notation::san::{parse_san, to_san};
use chesscore::rules::{Move, Position, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: usize = 200;
const MAX_PLIES: usize = 150;

fn random_move(rng: &mut SmallRng, pos: &Position) -> Option<Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())])
}

/// A random line of up to `len` moves from `pos`, as PGN moves (with random annotations).
fn random_line(rng: &mut SmallRng, pos: &Position, len: usize, depth: usize) -> Vec<PgnMove> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for _ in 0..len {
        let Some(m) = random_move(rng, &pos) else {
            break;
        };
        let mut variations = Vec::new();
        if depth < 2 && rng.gen_bool(0.1) {
            let len = rng.gen_range(1..6);
            let v = random_line(rng, &pos, len, depth + 1);
            if !v.is_empty() {
                variations.push(v);
            }
        }
        line.push(PgnMove {
            mv: m,
            san: to_san(&pos, m),
            annotations: Annotations {
                nags: if rng.gen_bool(0.1) {
                    vec![rng.gen()]
                } else {
                    vec![]
                },
                comment_after: rng.gen_bool(0.1).then(|| {
                    format!(
                        "eval {}{}",
                        rng.gen::<i16>(),
                        " word".repeat(rng.gen_range(0..20))
                    )
                }),
                ..Annotations::default()
            },
            variations,
        });
        pos.make_move(m);
    }
    line
}

#[test]
fn random_games_round_trip_through_san_pgn_and_json() {
    let mut rng = SmallRng::seed_from_u64(0x5eed_c4e5);
    let mut later_start: Option<String> = None;
    let (mut total_plies, mut with_redo, mut fen_starts, mut ended) = (0, 0, 0, 0);
    for game_no in 0..GAMES {
        // Some games start from a position reached in an earlier game.
        let mut game = match later_start.take() {
            Some(fen) if game_no % 3 == 0 => Game::from_fen(&fen).unwrap(),
            _ => Game::new(),
        };
        let plies = rng.gen_range(1..=MAX_PLIES);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            let Some(m) = random_move(&mut rng, &pos) else {
                break;
            };
            let san = to_san(&pos, m);
            assert_eq!(parse_san(&pos, &san), Ok(m), "{san} in {pos:?}");
            game.play(m).unwrap();
            if rng.gen_bool(0.05) {
                let c = Some(format!("{{c}} {}", rng.gen::<u32>()));
                game.set_comment(game.current(), c).unwrap();
            }
        }
        if game.ply() > 10 && later_start.is_none() {
            later_start = Some(game.fen());
        }
        total_plies += game.ply();
        fen_starts += usize::from(game.start_position() != &Position::startpos());
        // Build a redo stack, and sometimes end the game by hand.
        for _ in 0..rng.gen_range(0..4) {
            game.undo();
        }
        if game.outcome().is_none() && rng.gen_bool(0.2) {
            let side = if rng.gen_bool(0.5) {
                Side::White
            } else {
                Side::Black
            };
            game.resign(side).unwrap();
        }

        with_redo += usize::from(game.can_redo());
        ended += usize::from(game.outcome().is_some());

        // JSON: the same game, position, history and redo stack.
        let restored = Game::from_json(&game.to_json()).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored.fen(), game.fen());
        assert_eq!(restored.history_keys(), game.history_keys());
        assert_eq!(restored.redo_moves(), game.redo_moves());
        assert_eq!(restored.status(), game.status());

        // PGN from the game: the same main line, comments and result.
        let text = game.to_pgn();
        let back = Game::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let main = game.main_line();
        assert_eq!(back.main_line().len(), main.len(), "{text}");
        assert_eq!(back.start_position(), game.start_position());
        let ended_early = main[..main.len().saturating_sub(1)]
            .iter()
            .any(|&id| game.node(id).unwrap().ending().is_some());
        if !ended_early {
            // (PGN cannot say that a game ended before the last move of its main line.)
            assert_eq!(back.result(), game.result(), "{text}");
        }
        let comment = |g: &Game, id| g.annotations(id).unwrap().comment_after.clone();
        for (&a, &b) in main.iter().zip(&back.main_line()) {
            assert_eq!(
                comment(&back, b),
                comment(&game, a).map(|c| c.replace('}', ")"))
            );
        }
        for line in text.lines() {
            assert!(line.chars().count() < 80, "{line}");
        }

        // PGN with random variations, NAGs and comments: written and read back unchanged.
        let start = game.start_position().clone();
        let len = rng.gen_range(0..60);
        let with_variations = PgnGame {
            tags: vec![("Event".to_string(), format!("random {game_no}"))],
            moves: random_line(&mut rng, &start, len, 0),
            start,
            result: "*".to_string(),
            root: Annotations::default(),
        };
        let text = pgn::write_game(&with_variations);
        let back = pgn::parse_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves, with_variations.moves, "{text}");
    }
    // The games really exercised what they were meant to.
    assert!(total_plies > 8_000, "{total_plies}");
    assert!(
        with_redo > 50 && fen_starts > 20 && ended > 20,
        "{with_redo} {fen_starts} {ended}"
    );
}

fn random_text(rng: &mut SmallRng, alphabet: &[char], max_len: usize) -> String {
    (0..rng.gen_range(0..=max_len))
        .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
        .collect()
}

#[test]
fn random_text_never_panics_san_pgn_json() {
    let mut rng = SmallRng::seed_from_u64(7);
    let san_chars: Vec<char> = "NBRQKPabcdefgh123456789x=+#-O0o()!?:./ ep\u{e9}"
        .chars()
        .collect();
    let positions = [
        Position::startpos(),
        chesscore::notation::fen::parse("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1")
            .unwrap(),
    ];
    for _ in 0..20_000 {
        let text = random_text(&mut rng, &san_chars, 9);
        for pos in &positions {
            if let Ok(m) = parse_san(pos, &text) {
                // Whatever was accepted is a legal move whose own SAN reads back to it.
                assert!(pos.is_legal(m), "{text}");
                assert_eq!(parse_san(pos, &to_san(pos, m)), Ok(m));
            }
        }
    }
    let pgn_chars: Vec<char> = "[]{}();$%*\"\\ \n\t.-/!?NBRQKOabcdefgh12345678x=+#0 EventFN"
        .chars()
        .collect();
    for _ in 0..5_000 {
        let text = random_text(&mut rng, &pgn_chars, 60);
        let _ = pgn::read_games(&text).count();
    }
    // Random single-character corruptions of a real save.
    let mut game = Game::new();
    for s in ["e4", "c5", "Nf3", "d6", "d4", "cxd4"] {
        game.play_san(s).unwrap();
    }
    game.undo();
    let json = game.to_json();
    let chars: Vec<char> = json.chars().collect();
    for _ in 0..3_000 {
        let mut bad = chars.clone();
        let i = rng.gen_range(0..bad.len());
        bad[i] = pgn_chars[rng.gen_range(0..pgn_chars.len())];
        let bad: String = bad.into_iter().collect();
        if let Ok(restored) = Game::from_json(&bad) {
            // Accepted only when it is still a consistent game.
            assert_eq!(Game::from_json(&restored.to_json()).unwrap(), restored);
        }
    }
}

/// A draw claimed with a move (`Game::draw_claimable_with`, `draw_claim_moves`) is exactly the
/// draw the opponent could claim once the move is on the board, unless the move ends the game
/// by itself: checked for every legal move along random games that often step back and forth
/// (to repeat positions) from positions near the fifty-move limit.
#[test]
fn a_draw_claimable_with_a_move_is_the_one_claimable_after_it() {
    let mut rng = SmallRng::seed_from_u64(960);
    let starts = [
        "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1",
        "r3k3/8/8/8/8/8/8/4K2R w - - 80 60",
        "4k3/2n5/8/3p4/3P4/8/5B2/4K3 b - - 90 70",
        "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 30",
    ];
    let (mut claims_seen, mut threefold, mut fifty) = (0, 0, 0);
    for game_no in 0..24 {
        let mut game = Game::from_fen(starts[game_no % starts.len()]).unwrap();
        let mut last: Vec<Move> = Vec::new();
        for _ in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            let claims = game.draw_claim_moves();
            for &m in game.legal_moves().iter() {
                let mut after = game.clone();
                after.play(m).unwrap();
                let expected = match after.outcome() {
                    Some(_) => None,
                    None => after.claimable_draw(),
                };
                assert_eq!(
                    game.draw_claimable_with(m),
                    expected,
                    "{} {m:?}",
                    game.fen()
                );
                let listed = claims.iter().find(|&&(c, _)| c == m).map(|&(_, r)| r);
                assert_eq!(listed, expected, "{} {m:?}", game.fen());
            }
            claims_seen += claims.len();
            threefold += claims
                .iter()
                .filter(|c| c.1 == chesscore::game::DrawReason::ThreefoldRepetition)
                .count();
            fifty += claims
                .iter()
                .filter(|c| c.1 == chesscore::game::DrawReason::FiftyMoveRule)
                .count();
            // Half the time, step back: the move that undoes the same side's last move.
            let pos = game.position().clone();
            let back = last.len().checked_sub(2).map(|i| last[i]).and_then(|m| {
                pos.legal_moves()
                    .iter()
                    .copied()
                    .find(|r| r.from() == m.to() && r.to() == m.from())
            });
            let m = match back {
                Some(b) if rng.gen_bool(0.5) => b,
                _ => random_move(&mut rng, &pos).unwrap(),
            };
            game.play(m).unwrap();
            last.push(m);
        }
    }
    // The walk must reach both kinds of claim, or the test proves little.
    assert!(
        threefold > 20 && fifty > 20,
        "{claims_seen}: {threefold} threefold, {fifty} fifty"
    );
}
