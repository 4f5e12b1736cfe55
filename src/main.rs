//! The `chesscore` command: `uci` (default), `play`, `pgn`, `perft`, `bench`, `opening`.

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cli::run(&args)
}
