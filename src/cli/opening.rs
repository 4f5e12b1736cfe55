//! `chesscore opening [FILE]`: the opening of every game of a PGN file (stdin without FILE), one
//! line per game: `ECO<TAB>name` for the main line's final position, found by walking back to
//! the last named position, or `-` when none is named. `--fen FEN` names that one position.

use chesscore::notation::{fen, pgn};
use chesscore::opening::{self, Opening};
use std::io::Read;
use std::process::ExitCode;

const HELP: &str = "\
usage: chesscore opening [FILE]
       chesscore opening --fen FEN

Prints the opening of every game in a PGN file (standard input when there is no FILE), one line
per game: ECO<TAB>name of the main line's last named position (walking back from its end, so a
game that left the book keeps its name), or `-` when no position of the game is named.
With --fen, prints the name of exactly that position, or `-`.
Errors go to standard error; the exit status is then 1.";

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
            let mut text = String::new();
            let read = match file {
                None | Some("-") => std::io::stdin().read_to_string(&mut text).map(|_| ()),
                Some(path) => std::fs::read_to_string(path).map(|t| text = t),
            };
            if let Err(e) = read {
                eprintln!(
                    "opening: cannot read {}: {e}",
                    file.unwrap_or("standard input")
                );
                return ExitCode::FAILURE;
            }
            games(&text)
        }
    }
}

fn games(text: &str) -> ExitCode {
    let games = match pgn::parse_games(text) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("opening: {e}");
            return ExitCode::FAILURE;
        }
    };
    for game in games {
        let moves: Vec<_> = game.moves.iter().map(|m| m.mv).collect();
        match opening::of_line(&game.start, &moves) {
            Ok(found) => println!("{}", line(found)),
            Err(e) => {
                eprintln!("opening: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
