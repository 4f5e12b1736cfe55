//! `chesscore opening [FILE]`: the opening of every game of a PGN file (stdin without FILE), one
//! line per game: `ECO<TAB>name` for the main line's final position, found by walking back to
//! the last named position, or `-` when none is named. `--fen FEN` names that one position.

use chesscore::notation::{fen, pgn};
use chesscore::opening::{self, Opening};
use std::io::{self, Write};
use std::process::ExitCode;

const HELP: &str = "\
usage: chesscore opening [FILE]
       chesscore opening --fen FEN

Prints the opening of every game in a PGN file (standard input when there is no FILE), one line
per game: ECO<TAB>name of the main line's last named position (walking back from its end, so a
game that left the book keeps its name), or `-` when no position of the game is named.
A game that cannot be read gets no line; it is reported on standard error with its number, line
and column, and reading goes on with the next game.
With --fen, prints the name of exactly that position, or `-`.

exit status: 0 when every game (or the FEN) was read, 1 when some game or the FEN could not be
read or the file holds no game, 2 when the file could not be read or the arguments are wrong.";

fn line(found: Option<Opening>) -> String {
    match found {
        Some(o) => format!("{}\t{}", o.eco, o.name),
        None => "-".to_string(),
    }
}

/// Runs `chesscore opening` with the arguments after `opening`.
pub fn run(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("-h" | "--help") => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Some("--fen") => {
            let text = args[1..].join(" ");
            if text.trim().is_empty() {
                eprintln!("opening: --fen needs a FEN\n{HELP}");
                return ExitCode::from(2);
            }
            match fen::parse(&text) {
                Ok(pos) => {
                    println!("{}", line(opening::of_position(&pos)));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("opening: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(flag) if flag.starts_with('-') && flag != "-" => {
            eprintln!("opening: unknown option {flag}\n{HELP}");
            ExitCode::from(2)
        }
        _ if args.len() > 1 => {
            eprintln!("opening: expected at most one FILE\n{HELP}");
            ExitCode::from(2)
        }
        file => {
            let name = super::input_name(file);
            match super::read_pgn_text(file) {
                Ok(text) => games(name, &text),
                Err(e) => {
                    eprintln!("opening: cannot read {name}: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn games(name: &str, text: &str) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut bad = 0;
    let mut read = 0;
    for result in pgn::read_games(text) {
        read += 1;
        let found = result.map(|game| {
            let moves: Vec<_> = game.moves.iter().map(|m| m.mv).collect();
            // The reader checked every move, so the line is legal.
            opening::of_line(&game.start, &moves).ok().flatten()
        });
        match found {
            Ok(found) => {
                if writeln!(out, "{}", line(found)).is_err() {
                    return ExitCode::from(2);
                }
            }
            Err(e) => {
                bad += 1;
                eprintln!("{name}: game {}: {e}", e.game);
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    if bad > 0 {
        ExitCode::FAILURE
    } else if read == 0 {
        // An empty file (or blank lines only): as `review` and `pgn` say it.
        eprintln!("opening: {name}: no game found");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
