//! Command-line front ends over the library's public API.

use chesscore::notation::fen;
use chesscore::rules::Position;
use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

mod bench;
mod board;
mod opening;
mod pgn;
mod play;
mod review;
mod uci;

const USAGE: &str = "\
usage: chesscore [COMMAND [ARGS]]

The chesscore chess engine and rules core.

commands:
  uci                 speak UCI on stdin and stdout, for chess GUIs (the default)
  play [OPTIONS]      play against the engine in the terminal (see play --help)
  pgn [FILE]          read every game of a PGN file (stdin without FILE) and write each back
                      in export format; each bad game goes to stderr with its line and column
  review [--preset quick|standard|deep] FILE.pgn
                      review every game of FILE.pgn: annotated PGN and a summary per side
  perft DEPTH [FEN]   count the move tree's leaves to DEPTH, by first move (default: the
                      start; standard FENs and Chess960 ones in X-FEN or Shredder-FEN)
  bench [ARGS]        search signature and speed, move generation speed (see bench --help)
  opening [FILE]      ECO<TAB>name of each game's final position (stdin without FILE), or
  opening --fen FEN   of the position FEN; - when no position on the way is named
  help, -h, --help    this text";

/// The text of a PGN file, or of standard input for `None` or `-`, read as the apps read files
/// ([`chesscore::notation::pgn::text_from_bytes`]: UTF-8, other bytes as Windows-1252).
fn read_pgn_text(file: Option<&str>) -> std::io::Result<String> {
    let bytes = match file {
        None | Some("-") => {
            let mut bytes = Vec::new();
            std::io::stdin().lock().read_to_end(&mut bytes)?;
            bytes
        }
        Some(path) => std::fs::read(path)?,
    };
    Ok(chesscore::notation::pgn::text_from_bytes(&bytes).into_owned())
}

/// How messages name the PGN input: its path, or `<stdin>` for `None` or `-`, the same in
/// every command.
fn input_name(file: Option<&str>) -> &str {
    match file {
        None | Some("-") => "<stdin>",
        Some(path) => path,
    }
}

/// Dispatches the command line.
pub fn run(args: &[String]) -> ExitCode {
    let wants_help = |rest: &[String]| rest.iter().any(|a| a == "-h" || a == "--help");
    match args.first().map(String::as_str) {
        Some("help" | "-h" | "--help") => help(),
        Some("perft") if wants_help(&args[1..]) => help(),
        None | Some("uci") => uci::run(),
        Some("bench") => bench::run(&args[1..]),
        Some("play") => play::run(&args[1..]),
        Some("pgn") => pgn::run(&args[1..]),
        Some("review") => review::run(&args[1..]),
        Some("perft") => perft(&args[1..]),
        Some("opening") => opening::run(&args[1..]),
        Some(other) => {
            eprintln!("chesscore: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn help() -> ExitCode {
    println!("{USAGE}");
    ExitCode::SUCCESS
}

/// The deepest perft the commands run: the count recurses once per ply, and far below this
/// depth no count would finish anyway; far above it the stack would run out.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Why a perft depth was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PerftDepthError {
    /// No depth, or one that is not a number.
    NotADepth,
    /// A number above [`MAX_PERFT_DEPTH`], as it was written.
    TooDeep(String),
}

impl std::fmt::Display for PerftDepthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PerftDepthError::NotADepth => f.write_str("expected a depth"),
            PerftDepthError::TooDeep(text) => {
                write!(f, "depth {text} is too deep: at most {MAX_PERFT_DEPTH}")
            }
        }
    }
}

/// The depth of `chesscore perft` and UCI's `go perft`: digits, at most [`MAX_PERFT_DEPTH`].
/// Digits too many for a `u32` are still a depth, refused as too deep.
pub(crate) fn perft_depth(text: Option<&str>) -> Result<u32, PerftDepthError> {
    let text = text
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .ok_or(PerftDepthError::NotADepth)?;
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(depth),
        _ => Err(PerftDepthError::TooDeep(text.to_string())),
    }
}

fn perft(args: &[String]) -> ExitCode {
    let depth = match perft_depth(args.first().map(String::as_str)) {
        Ok(depth) => depth,
        Err(PerftDepthError::NotADepth) => {
            eprintln!("perft: expected a depth, e.g. `chesscore perft 5`\n{USAGE}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let fen_text = if args.len() > 1 {
        args[1..].join(" ")
    } else {
        fen::STARTING_FEN.to_string()
    };
    let pos: Position = match fen::parse(&fen_text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for (m, n) in pos.perft_divide(depth) {
            // Chess960 castling as king-takes-rook, as Chess960 perft tools print it.
            println!(
                "{}: {n}",
                chesscore::notation::uci::to_uci_in(m, pos.castling_mode())
            );
            total += n;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!();
    println!("Nodes searched: {total}");
    eprintln!(
        "time {:.3} s, {:.1} Mnps",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
