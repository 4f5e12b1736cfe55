//! What the analysis board's "My games" costs to build: the core's `OpeningExplorer` indexing
//! kept games, as `openingExplorerOf(archive)` does each time the board opens (40 plies a game).
//! The 60 engine games of `docs/review-data/games.pgn` (about 75 plies each), each added 20
//! times. Run with `cargo run --release --example explorer_cost`.

use chesscore::ffi::OpeningExplorer;
use std::time::Instant;

fn main() {
    let text = std::fs::read_to_string("docs/review-data/games.pgn").expect("run from the crate");
    // One PGN text per game, as the archive keeps them (one file each).
    let games: Vec<String> = text
        .split("\n\n[Event ")
        .enumerate()
        .map(|(i, g)| {
            if i == 0 {
                g.to_string()
            } else {
                format!("[Event {g}")
            }
        })
        .collect();
    let explorer = OpeningExplorer::new(40);
    let start = Instant::now();
    let mut added = 0u32;
    for _ in 0..20 {
        for game in &games {
            added += explorer.add_pgn(game.clone());
        }
    }
    let elapsed = start.elapsed();
    assert_eq!(added as usize, 20 * games.len(), "every game read");
    println!(
        "{} games of {} added in {:.0} ms: {:.0} us a game",
        added,
        games.len(),
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e6 / f64::from(added)
    );
}
