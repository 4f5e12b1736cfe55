//! Rust-side cost of the game-tree calls an app makes per move: playing a move, the snapshot a
//! board and a move list draw (after 60 plies, without and with variations and comments), and
//! navigation. Run with `cargo run --release --example tree_cost`.

use chesscore::ffi::ChessGame;
use chesscore::game::{Game, NodeId};
use std::hint::black_box;
use std::time::Instant;

/// Times `n` calls of `f`, each doing `per` operations, in microseconds per operation.
fn measure(what: &str, n: usize, per: usize, mut f: impl FnMut(usize) -> usize) {
    let mut sink = 0;
    let t = Instant::now();
    for i in 0..n {
        sink += f(i);
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / (n * per) as f64;
    println!("{what:<58} {us:>8.2} us   ({})", sink % 10);
}

/// 60 plies of a real opening line and middlegame.
const LINE: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 *";

fn main() {
    let game = Game::from_pgn(LINE).expect("valid PGN");
    let moves = game.moves();
    assert_eq!(moves.len(), 60);

    measure(
        "Game::play, 60 moves from the start (per move)",
        2_000,
        60,
        |_| {
            let mut g = Game::new();
            for &m in &moves {
                g.play(m).expect("legal");
            }
            g.ply()
        },
    );

    let plain = ChessGame::from_pgn(LINE.into()).expect("valid PGN");
    measure(
        "ChessGame::snapshot after 60 plies, one line",
        20_000,
        1,
        |_| black_box(&plain).snapshot().move_list.len(),
    );

    // The same game with a comment on every fifth move and a two-move variation on every
    // third.
    let mut annotated = game.clone();
    let main = annotated.main_line();
    for (i, &node) in main.iter().enumerate() {
        if i % 5 == 0 {
            annotated
                .set_comment(node, Some(format!("comment {i}")))
                .unwrap();
        }
        if i % 3 == 0 && i > 0 {
            annotated.goto(main[i - 1]).unwrap();
            let alternatives = annotated.legal_moves();
            let other = alternatives
                .iter()
                .copied()
                .find(|&m| m != annotated.node(node).unwrap().mv().unwrap())
                .unwrap();
            annotated.play(other).unwrap();
            let reply = annotated.legal_moves()[0];
            annotated.play(reply).unwrap();
        }
    }
    annotated.goto(*main.last().unwrap()).unwrap();
    let varied = ChessGame::from_json(annotated.to_json()).expect("valid save");
    let items = varied.snapshot().move_list.len();
    measure(
        &format!("ChessGame::snapshot after 60 plies, {items} list items"),
        20_000,
        1,
        |_| black_box(&varied).snapshot().move_list.len(),
    );

    let uci: Vec<String> = moves
        .iter()
        .map(|&m| chesscore::notation::uci::to_uci(m))
        .collect();
    measure(
        "ChessGame::play_uci + snapshot, 60 moves (per move)",
        200,
        60,
        |_| {
            let g = ChessGame::new();
            let mut n = 0;
            for u in &uci {
                g.play_uci(u.clone()).expect("legal");
                n += g.snapshot().ply as usize;
            }
            n / 60
        },
    );

    // A big analysis tree, as the Kotlin and Swift benchmarks build it: five six-move variations
    // at every ply (at most 1,860 nodes); opening its save is the costliest call an analysis
    // board makes.
    let mut big = game.clone();
    for (i, &node) in main.iter().enumerate() {
        let before = if i == 0 { NodeId::ROOT } else { main[i - 1] };
        big.goto(before).unwrap();
        let played = big.node(node).unwrap().mv().unwrap();
        let firsts: Vec<_> = big
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| m != played)
            .take(5)
            .collect();
        for first in firsts {
            big.goto(before).unwrap();
            big.play(first).unwrap();
            for _ in 0..5 {
                if let Some(&next) = big.legal_moves().first() {
                    big.play(next).unwrap();
                }
            }
        }
    }
    let big_json = big.to_json();
    let nodes = big_json.matches("\"uci\"").count() + 1;
    measure(
        &format!(
            "Game::from_json, a {}-node tree ({} KB), per node",
            nodes,
            big_json.len() / 1024
        ),
        50,
        nodes,
        |_| Game::from_json(&big_json).expect("valid save").ply(),
    );

    let mut nav = annotated.clone();
    let targets: Vec<_> = main.iter().step_by(7).copied().collect();
    measure(
        "Game::goto a main-line node, back and forward",
        200_000,
        1,
        |i| {
            nav.goto(targets[i % targets.len()]).unwrap();
            nav.back();
            nav.forward();
            nav.ply()
        },
    );
}
