//! `chesscore review [--preset quick|standard|deep] [--nodes N] [--lines 1|2] [--verify-nodes N]
//! [--recheck-nodes N] [--threads N] FILE.pgn`: reviews every game
//! of a PGN file. The annotated PGN goes to stdout (so that it can be saved or piped as it is);
//! a summary per game (accuracy, average centipawn loss and moves per class, for each side)
//! goes to stderr, with a progress bar there when stderr is a terminal. Each game's main line
//! is reviewed; its variations, comments and other annotations are kept in the output. A game
//! that cannot be read is reported and left out (exit status 1, as for a file without games); bad arguments or an unreadable
//! file give exit status 2. `--threads N` reviews on N threads (by default the machine's cores
//! but one, at most 4); the output is the same on any number.

use chesscore::engine::{Engine, EngineConfig};
use chesscore::notation::pgn;
use chesscore::review::{self, GameLine, GameReview, MoveClass, OpeningNames, ReviewPreset};
use chesscore::review::{ReviewSettings, SideSummary};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const USAGE: &str =
    "usage: chesscore review [--preset quick|standard|deep] [--nodes N] [--lines 1|2] [--verify-nodes N] [--recheck-nodes N] [--threads N] FILE.pgn|-";

/// Width of the progress bar, in cells.
const BAR_CELLS: usize = 30;

/// The review's budgets from the command line: `--nodes` replaces the preset's (verifications
/// included); `--verify-nodes` also sets the second verification
/// ([`ReviewSettings::with_verify_nodes`]) unless `--recheck-nodes` is given; `--lines` changes
/// only itself. Threads are set by the caller.
fn settings_from(
    preset: ReviewPreset,
    nodes: Option<u64>,
    lines: Option<u32>,
    verify_nodes: Option<u64>,
    recheck_nodes: Option<u64>,
) -> ReviewSettings {
    let mut settings = match nodes {
        Some(n) => ReviewSettings::with_nodes(n),
        None => ReviewSettings::preset(preset),
    };
    settings.lines = lines.unwrap_or(settings.lines);
    if let Some(v) = verify_nodes {
        settings = settings.with_verify_nodes(v);
    }
    settings.recheck_nodes = recheck_nodes.unwrap_or(settings.recheck_nodes);
    settings
}

/// Runs `chesscore review`.
pub fn run(args: &[String]) -> ExitCode {
    let mut preset = ReviewPreset::Standard;
    let mut nodes: Option<u64> = None;
    let mut lines: Option<u32> = None;
    let mut verify_nodes: Option<u64> = None;
    let mut recheck_nodes: Option<u64> = None;
    let mut threads = review::default_threads();
    let mut file: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "--preset" => match value.map(|v| v.parse::<ReviewPreset>()) {
                Some(Ok(p)) => {
                    preset = p;
                    i += 1;
                }
                Some(Err(e)) => return usage_error(&e.to_string()),
                None => return usage_error("--preset needs a value"),
            },
            "--nodes" => match value.and_then(|v| v.parse::<u64>().ok()) {
                Some(n) if n > 0 => {
                    nodes = Some(n);
                    i += 1;
                }
                _ => return usage_error("--nodes needs a positive number"),
            },
            "--lines" => match value.and_then(|v| v.parse::<u32>().ok()) {
                Some(n @ 1..=2) => {
                    lines = Some(n);
                    i += 1;
                }
                _ => return usage_error("--lines needs 1 or 2"),
            },
            "--verify-nodes" => match value.and_then(|v| v.parse::<u64>().ok()) {
                Some(n) => {
                    verify_nodes = Some(n);
                    i += 1;
                }
                _ => return usage_error("--verify-nodes needs a number (0: no verification)"),
            },
            "--recheck-nodes" => match value.and_then(|v| v.parse::<u64>().ok()) {
                Some(n) => {
                    recheck_nodes = Some(n);
                    i += 1;
                }
                _ => {
                    return usage_error(
                        "--recheck-nodes needs a number (0: no second verification)",
                    )
                }
            },
            "--threads" => match value.and_then(|v| v.parse::<u32>().ok()) {
                Some(n @ 1..=review::MAX_THREADS) => {
                    threads = n;
                    i += 1;
                }
                _ => {
                    return usage_error(&format!(
                        "--threads needs a number from 1 to {}",
                        review::MAX_THREADS
                    ))
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            name if file.is_none() && (name == "-" || !name.starts_with('-')) => file = Some(name),
            other => return usage_error(&format!("unexpected argument '{other}'")),
        }
        i += 1;
    }
    let Some(file) = file else {
        return usage_error("no PGN file given");
    };
    let mut settings = settings_from(preset, nodes, lines, verify_nodes, recheck_nodes);
    settings.threads = threads;
    let text = match super::read_pgn_text(Some(file)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("review: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    // What the summary names: `--nodes` wins over `--preset` in either order, as in the review.
    let preset_name = match nodes {
        Some(n) => format!("{n} nodes"),
        None => preset.name().to_string(),
    };
    // A game that cannot be read is reported with its number, line and column and left out;
    // the others are reviewed (as `chesscore pgn` does), each with its number in the file.
    let name = super::input_name(Some(file));
    let mut games = Vec::new();
    let mut bad = 0;
    let mut in_file = 0;
    for (k, result) in pgn::read_games(&text).enumerate() {
        in_file = k + 1;
        match result {
            Ok(game) => games.push((k + 1, game)),
            Err(e) => {
                bad += 1;
                eprintln!("review: {name}: game {}: {e}", e.game);
            }
        }
    }
    if games.is_empty() {
        if bad == 0 {
            eprintln!("review: {name}: no game found");
            return ExitCode::from(1);
        }
        // Games that could not be read: exit status 1, as for `pgn` and `opening`.
        return ExitCode::from(1);
    }

    let mut engine = Engine::new(EngineConfig::default());
    let stop = AtomicBool::new(false);
    let bar = std::io::stderr().is_terminal();
    let stdout = std::io::stdout();
    for (number, game) in &games {
        let line = GameLine::from_pgn(game);
        let start = Instant::now();
        let label = format!("game {number}/{in_file}");
        let result = review::review(
            &mut engine,
            &line,
            &settings,
            &OpeningNames,
            &stop,
            &mut |p| {
                if bar {
                    draw_bar(&label, p.done, p.total);
                }
            },
        );
        if bar {
            eprint!("\r{:width$}\r", "", width = BAR_CELLS + label.len() + 24);
        }
        let annotated = review::annotate(game, &result);
        let mut out = stdout.lock();
        if writeln!(out, "{}", pgn::write_game(&annotated)).is_err() {
            // stdout closed (e.g. piped into `head`): nothing more to do.
            return ExitCode::SUCCESS;
        }
        drop(out);
        print_summary(*number, game, &result, &preset_name, start.elapsed());
    }
    if bad > 0 {
        eprintln!(
            "review: {name}: {} games reviewed, {bad} could not be read",
            games.len()
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("review: {message}\n{USAGE}");
    ExitCode::from(2)
}

/// `game 1/3 [#########.........]  24/80 moves`, redrawn in place.
fn draw_bar(label: &str, done: usize, total: usize) {
    let filled = (done * BAR_CELLS).checked_div(total).unwrap_or(BAR_CELLS);
    eprint!(
        "\r{label} [{}{}] {done:>4}/{total} moves",
        "#".repeat(filled),
        ".".repeat(BAR_CELLS - filled)
    );
    let _ = std::io::stderr().flush();
}

fn print_summary(
    number: usize,
    game: &pgn::PgnGame,
    review: &GameReview,
    preset: &str,
    elapsed: std::time::Duration,
) {
    let name = |tag: &str| game.tag(tag).unwrap_or("?").to_string();
    eprintln!(
        "game {number}: {} - {} {} ({} plies, {preset}, {:.1} s{})",
        name("White"),
        name("Black"),
        game.result,
        review.moves.len(),
        elapsed.as_secs_f64(),
        if review.complete { "" } else { ", stopped" }
    );
    let mut header = format!("  {:<6} {:>8} {:>5}", "", "accuracy", "acpl");
    for class in MoveClass::ALL {
        header.push_str(&format!(" {:>10}", class.name()));
    }
    eprintln!("{header}");
    for (side, s) in [("White", &review.white), ("Black", &review.black)] {
        eprintln!("{}", summary_row(side, s));
    }
}

fn summary_row(side: &str, s: &SideSummary) -> String {
    let accuracy = s.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
    let acpl = s
        .average_centipawn_loss
        .map_or("-".to_string(), |a| format!("{a:.0}"));
    let mut row = format!("  {side:<6} {accuracy:>8} {acpl:>5}");
    for class in MoveClass::ALL {
        row.push_str(&format!(" {:>10}", s.count(class)));
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_nodes_also_sets_the_second_verification_unless_it_is_given() {
        let standard = ReviewSettings::preset(ReviewPreset::Standard);
        let s = settings_from(ReviewPreset::Standard, None, None, None, None);
        assert_eq!(
            (s.verify_nodes, s.recheck_nodes),
            (standard.verify_nodes, standard.recheck_nodes)
        );
        let s = settings_from(ReviewPreset::Standard, None, None, Some(20_000_000), None);
        assert_eq!((s.verify_nodes, s.recheck_nodes), (20_000_000, 80_000_000));
        let s = settings_from(
            ReviewPreset::Standard,
            None,
            None,
            Some(20_000_000),
            Some(0),
        );
        assert_eq!((s.verify_nodes, s.recheck_nodes), (20_000_000, 0));
        let s = settings_from(ReviewPreset::Quick, None, Some(1), None, Some(7));
        assert_eq!((s.lines, s.recheck_nodes), (1, 7));
        let s = settings_from(ReviewPreset::Deep, Some(1000), None, None, None);
        assert_eq!(s.nodes_per_position, 1000);
        assert_eq!(
            s.recheck_nodes,
            ReviewSettings::with_nodes(1000).recheck_nodes
        );
    }
}
