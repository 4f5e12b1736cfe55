//! PGN reading time against input size: many tags, many comments, many games, many games
//! with a comment left open, one long game with variations. Each case runs at two sizes ten times apart; linear time shows as about the
//! same time per item at both sizes. Run with `cargo run --release --example pgn_scale`.

use chesscore::game::Game;
use std::time::Instant;

/// Runs `f` and prints its time per item.
fn measure(what: &str, items: usize, f: impl FnOnce() -> usize) {
    let t = Instant::now();
    let n = f();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{what:<44} {items:>8} items  {secs:>8.3} s  {:>7.0} ns/item  ({n})",
        secs * 1e9 / items as f64
    );
}

fn tags(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
    }
    text.push_str("\n1. e4 e5 *\n");
    text
}

fn comments_on_one_move(n: usize) -> String {
    let mut text = String::from("1. e4 ");
    for i in 0..n {
        text.push_str(&format!("{{comment {i} [%clk 0:01:{:02}]}} ", i % 60));
    }
    text.push_str("e5 *\n");
    text
}

fn games(n: usize) -> String {
    "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Morphy} 4. Ba4 Nf6 (4... d6) 5. O-O Be7 1-0\n\n"
        .repeat(n)
}

/// A game of up to `moves` moves (fewer when it ends by rule), picked by a fixed rule.
fn long_game(moves: usize) -> String {
    let mut game = Game::new();
    let mut text = String::new();
    for i in 0..moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal[(i * 7) % legal.len()]).unwrap();
    }
    text.push_str(&game.to_pgn());
    text
}

fn main() {
    for n in [10_000, 100_000] {
        let text = tags(n);
        measure("tags: Game::from_pgn", n, || {
            Game::from_pgn(&text).unwrap().tags().len()
        });
    }
    for n in [10_000, 100_000] {
        let text = comments_on_one_move(n);
        measure("comments with %clk on one move: Game::from_pgn", n, || {
            Game::from_pgn(&text).unwrap().ply()
        });
    }
    for n in [1_000, 10_000] {
        let text = games(n);
        measure("games: Game::read_pgn", n, || {
            Game::read_pgn(&text).filter(Result::is_ok).count()
        });
    }
    for n in [1_000, 10_000] {
        // All on one line, as some exports and pastes have them: each tag's value was looked
        // for to the end of the line, which took time quadratic in the file.
        let text = games(n).replace('\n', " ");
        measure("games on one line: Game::read_pgn", n, || {
            Game::read_pgn(&text).filter(Result::is_ok).count()
        });
    }
    for n in [1_000, 10_000] {
        let text = games(n);
        let all: Vec<Game> = Game::read_pgn(&text).map(Result::unwrap).collect();
        measure("games: Game::to_pgn", n, || {
            all.iter().map(|g| g.to_pgn().len()).sum()
        });
    }
    for n in [1_000, 10_000] {
        let text = "[Event \"x\"]\n\n1. e4 {\n".repeat(n);
        measure("games with a comment left open: Game::read_pgn", n, || {
            Game::read_pgn(&text).filter(Result::is_err).count()
        });
    }
    let text = long_game(300);
    measure("one game of up to 300 moves: Game::from_pgn", 300, || {
        Game::from_pgn(&text).unwrap().ply()
    });
}
