//! Time and memory of listing the games of a big PGN file through the FFI, as an app does:
//! `cargo run --release --example pgn_list_cost -- FILE MODE`, under `/usr/bin/time -v` for the
//! peak resident memory. MODE is `list` (`listPgnGames`: one game alive at a time), `read`
//! (`readPgn`: every game's tree at once) or `read-list` (`readPgn`, then a snapshot and a PGN
//! export of every game while all are alive: what the apps' game list did before
//! `listPgnGames`).

use chesscore::ffi::{list_pgn_games, read_pgn};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, mode] = args.as_slice() else {
        eprintln!("usage: pgn_list_cost FILE list|read|read-list");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let bytes = text.len();
    let t = Instant::now();
    let (games, skipped, kept) = match mode.as_str() {
        "list" => {
            let listing = list_pgn_games(text);
            let kept: usize = listing.games.iter().map(|g| g.pgn.len()).sum();
            (listing.games.len(), listing.skipped.len(), kept)
        }
        "read" => {
            let import = read_pgn(text);
            (import.games.len(), import.skipped.len(), 0)
        }
        "read-list" => {
            let import = read_pgn(text);
            let listed: Vec<(usize, String)> = import
                .games
                .iter()
                .map(|game| (game.snapshot().san_history.len(), game.pgn()))
                .collect();
            let kept = listed.iter().map(|(_, pgn)| pgn.len()).sum();
            (import.games.len(), import.skipped.len(), kept)
        }
        _ => {
            eprintln!("unknown mode {mode}: list, read or read-list");
            return ExitCode::from(2);
        }
    };
    println!(
        "{mode}: {bytes} bytes, {games} games, {skipped} unreadable, {kept} bytes of PGN kept, {:.3} s",
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
