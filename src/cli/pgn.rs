//! `chesscore pgn [FILE]`: reads every game of a PGN file (stdin without FILE) and writes each
//! back in export format, variations, comments, NAGs and annotations included.

use chesscore::notation::pgn;
use std::io::{self, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: chesscore pgn [FILE]

Reads every game of a PGN file (standard input when there is no FILE) and writes each to
standard output in PGN export format, with its variations, comments, NAGs and annotations.
A game that cannot be read is left out and reported on standard error with its number, line
and column; reading goes on with the next game. A file that is not UTF-8 is read as
Windows-1252 (Latin-1), as older ChessBase and Windows tools write it.

exit status: 0 when every game was read, 1 when some game could not be read or the file holds
no game, 2 when the
file could not be read or the arguments are wrong.";

/// Runs `chesscore pgn` with the arguments after `pgn`.
pub fn run(args: &[String]) -> ExitCode {
    let file = match args {
        [] => None,
        [flag] if matches!(flag.as_str(), "-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag] if flag.starts_with('-') && flag != "-" => {
            eprintln!("pgn: unknown option {flag}\n{USAGE}");
            return ExitCode::from(2);
        }
        [file] => Some(file.as_str()),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let text = match super::read_pgn_text(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("pgn: cannot read {}: {e}", file.unwrap_or("standard input"));
            return ExitCode::from(2);
        }
    };
    let name = super::input_name(file);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut bad = 0;
    let mut written = 0;
    for result in pgn::read_games(&text) {
        match result {
            Ok(game) => {
                let separator = if written > 0 { "\n" } else { "" };
                if write!(out, "{separator}{}", pgn::write_game(&game)).is_err() {
                    return ExitCode::from(2);
                }
                written += 1;
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
        eprintln!("{name}: {written} games written, {bad} could not be read");
        ExitCode::from(1)
    } else if written == 0 {
        // An empty file (or blank lines only): as `review` and `opening` say it.
        eprintln!("pgn: {name}: no game found");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
