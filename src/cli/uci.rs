//! The UCI front end: reads commands from stdin, searches on the engine's worker thread, and
//! prints `info` and `bestmove` lines. Bad input is reported as `info string` and ignored; a
//! `position fen` whose castling rights or en passant square its position cannot have (as a
//! GUI's set-up board may send) is repaired as `fen::parse_repairing` does, each repair named.

use chesscore::engine::{
    EngineConfig, EngineThread, Level, SearchInfo, SearchLimits, SearchResult, MAX_HASH_MB,
    MAX_SEARCH_THREADS,
};
use chesscore::notation::{fen, uci};
use chesscore::rules::{CastlingMode, Position};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const ENGINE_NAME: &str = concat!("chesscore ", env!("CARGO_PKG_VERSION"));
const ENGINE_AUTHOR: &str = "the chesscore authors";
/// More lines than any position has legal moves (218).
const MAX_MULTI_PV: u32 = 256;

/// The `UCI_Elo` range is the levels' measured range.
fn min_elo() -> u32 {
    Level::MIN.elo()
}

fn max_elo() -> u32 {
    Level::MAX.elo()
}

/// What the output side needs to know about the running search.
#[derive(Default)]
struct Output {
    /// `go infinite` / `go ponder`: hold `bestmove` until `stop` or `ponderhit`.
    hold: bool,
    held: Option<String>,
    /// Numbers the searches: a search's `bestmove` is printed only while it is the current one
    /// (a ponder search replaced at `ponderhit` stays silent).
    current: u64,
}

/// A `go ponder` in progress: what to search for real at `ponderhit`.
struct Ponder {
    position: Position,
    history: Vec<u64>,
    limits: SearchLimits,
}

struct Session {
    engine: EngineThread,
    config: EngineConfig,
    skill: Level,
    limit_strength: bool,
    elo: u32,
    /// Lines reported per iteration (the MultiPV option).
    multi_pv: u32,
    base_seed: u64,
    games: u64,
    position: Position,
    /// Keys of the positions before `position`, oldest first.
    history: Vec<u64>,
    /// Set when the last `position` command was refused: `go` then answers `bestmove 0000`.
    no_position: bool,
    output: Arc<Mutex<Output>>,
    ponder: Option<Ponder>,
    /// The `UCI_Chess960` option: positions are Chess960 ones, castling is written `e1h1`.
    chess960: bool,
}

/// The number after `go`'s `name`: an integer, or a decimal read as its whole part (as
/// Stockfish reads `wtime 1000.5`); anything else is named in an `info string` and not read
/// (the search then runs as if the parameter had not been given).
fn go_number(name: &str, value: Option<&str>) -> Option<i64> {
    let Some(value) = value else {
        say(&format!("info string ignoring '{name}': no value"));
        return None;
    };
    if let Ok(v) = value.parse::<i64>() {
        return Some(v);
    }
    // Whole parts up to 2^53 are exact in an f64; larger ones are no clock or count a GUI means.
    match value.parse::<f64>() {
        Ok(v) if v.is_finite() && v.abs() < 9_007_199_254_740_992.0 => Some(v.trunc() as i64),
        _ => {
            say(&format!(
                "info string ignoring '{name} {value}': not a number chesscore can read"
            ));
            None
        }
    }
}

/// A count of `go` (`depth`, `nodes`, `movestogo`, `mate`) from [`go_number`]: one below 0, or
/// too large for its type, is named and not read.
fn go_count<T: TryFrom<i64>>(name: &str, v: i64) -> Option<T> {
    let count = T::try_from(v).ok();
    if count.is_none() {
        say(&format!("info string ignoring '{name} {v}': out of range"));
    }
    count
}

fn say(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> ExitCode {
    let mut session = match Session::new() {
        Ok(session) => session,
        Err(e) => {
            eprintln!("uci: cannot start the engine's thread: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 (a stray byte from a GUI) is read
        // lossily and answered, not taken for the end of input.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        if !session.handle(line.trim()) {
            break;
        }
    }
    // `quit` or the end of input stops the search, whose bestmove is still printed before the
    // process ends (dropping the engine thread does not wait for it).
    session.release();
    session.engine.wait();
    ExitCode::SUCCESS
}

impl Session {
    fn new() -> std::io::Result<Session> {
        let config = EngineConfig::default();
        Ok(Session {
            engine: EngineThread::new(config.clone())?,
            skill: config.level,
            config,
            limit_strength: false,
            elo: max_elo(),
            multi_pv: 1,
            base_seed: 0,
            games: 0,
            position: Position::startpos(),
            history: Vec::new(),
            no_position: false,
            output: Arc::new(Mutex::new(Output::default())),
            ponder: None,
            chess960: false,
        })
    }

    /// Handles one line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => self.uci(),
            "isready" => {
                // Ready once a new table size or a cleared table is in place, so that the time
                // it takes (a second or more for a big Hash) is not charged to the next `go`'s
                // clock; during a search at once, as the protocol asks.
                if !self.engine.is_searching() {
                    self.engine.sync();
                }
                say("readyok");
            }
            "ucinewgame" => {
                // A search still running ends with its bestmove first.
                self.release();
                self.engine.wait();
                self.games += 1;
                self.apply_config();
                self.engine.new_game();
                self.position = self.start_position();
                self.history.clear();
                self.no_position = false;
            }
            "setoption" => self.set_option(&rest),
            "position" => self.set_position(&rest),
            "go" => self.go(&rest),
            "stop" => self.release(),
            "ponderhit" => self.ponder_hit(),
            "quit" => return false,
            // As `go` says it: after a refused `position` there is none (the one before is
            // not the GUI's, which would show or evaluate another position than it set up).
            "d" | "eval" if self.no_position => {
                say("info string no position: the last 'position' command was refused")
            }
            "d" => say(&format!("info string fen {}", fen::to_fen(&self.position))),
            "eval" => say(&format!(
                "info string static eval {} cp (side to move)",
                chesscore::engine::evaluate(&self.position)
            )),
            _ => say(&format!("info string unknown command '{command}'")),
        }
        true
    }

    fn uci(&self) {
        say(&format!("id name {ENGINE_NAME}"));
        say(&format!("id author {ENGINE_AUTHOR}"));
        say(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            EngineConfig::default().hash_mb
        ));
        say("option name Clear Hash type button");
        say(&format!(
            "option name Threads type spin default {} min 1 max {MAX_SEARCH_THREADS}",
            EngineConfig::default().threads
        ));
        say(&format!(
            "option name Skill Level type spin default {} min {} max {}",
            Level::MAX.number(),
            Level::MIN.number(),
            Level::MAX.number()
        ));
        say("option name UCI_LimitStrength type check default false");
        say(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            max_elo(),
            min_elo(),
            max_elo()
        ));
        say(&format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            chesscore::engine::DEFAULT_MOVE_OVERHEAD.as_millis()
        ));
        say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"
        ));
        say("option name Ponder type check default false");
        say("option name Seed type spin default 0 min 0 max 2147483647");
        say("option name UCI_Chess960 type check default false");
        say("uciok");
    }

    fn apply_config(&mut self) {
        self.config.level = if self.limit_strength {
            Level::from_elo(self.elo)
        } else {
            self.skill
        };
        self.config.seed = self.base_seed.wrapping_add(self.games);
        self.engine.set_config(self.config.clone());
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <id...> [value <x...>]
        let value_at = args.iter().position(|&w| w == "value");
        let start = usize::from(args.first() == Some(&"name"));
        let name_words = &args[start..value_at.unwrap_or(args.len()).max(start)];
        let name = name_words.join(" ").to_ascii_lowercase();
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        let number = value.trim().parse::<i64>();
        let bad = || {
            say(&format!(
                "info string invalid value '{value}' for option '{name}'"
            ))
        };
        match name.as_str() {
            "hash" => match number.map(EngineConfig::checked_hash_mb) {
                Ok(Ok(mb)) => self.config.hash_mb = mb,
                Ok(Err(e)) => return say(&format!("info string {e}")),
                Err(_) => return bad(),
            },
            "threads" => match number.map(EngineConfig::checked_threads) {
                Ok(Ok(n)) => self.config.threads = n,
                Ok(Err(e)) => return say(&format!("info string {e}")),
                Err(_) => return bad(),
            },
            "clear hash" => {
                self.engine.new_game();
                return;
            }
            "skill level" => match number.map(Level::from_number) {
                Ok(Ok(level)) => self.skill = level,
                Ok(Err(e)) => return say(&format!("info string {e}")),
                Err(_) => return bad(),
            },
            "uci_limitstrength" => match value.trim().to_ascii_lowercase().as_str() {
                "true" => self.limit_strength = true,
                "false" => self.limit_strength = false,
                _ => return bad(),
            },
            "uci_elo" => match number {
                Ok(n) => self.elo = n.clamp(i64::from(min_elo()), i64::from(max_elo())) as u32,
                Err(_) => return bad(),
            },
            "move overhead" => match number {
                Ok(n) => self.config.move_overhead = Duration::from_millis(n.clamp(0, 5000) as u64),
                Err(_) => return bad(),
            },
            "seed" => match number {
                Ok(n) => self.base_seed = n.max(0) as u64,
                Err(_) => return bad(),
            },
            "multipv" => match number {
                Ok(n) => {
                    self.multi_pv = n.clamp(1, i64::from(MAX_MULTI_PV)) as u32;
                    return;
                }
                Err(_) => return bad(),
            },
            "uci_chess960" => {
                match value.trim().to_ascii_lowercase().as_str() {
                    "true" => self.chess960 = true,
                    "false" => self.chess960 = false,
                    _ => return bad(),
                }
                // The current position changes variant with the option (a GUI sets it before
                // `position`, but `go` right after must not mix the two).
                self.position = self.in_variant(self.position.clone());
                return;
            }
            "ponder" | "uci_showwdl" => {}
            _ => return say(&format!("info string unknown option '{name}'")),
        }
        self.apply_config();
    }

    fn set_position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let setup = &args[..moves_at.unwrap_or(args.len())];
        // Until a `position` command is taken, `go` answers `bestmove 0000`: a refused command
        // must not leave the previous position to be searched for the GUI's new one.
        self.no_position = true;
        let mut pos = match setup.first() {
            Some(&"startpos") => self.start_position(),
            Some(&"fen") => {
                let text = setup[1..].join(" ");
                // A GUI's set-up board can send castling rights or an en passant square its
                // position cannot have: dropped and named, as `repairFen` does (nothing else is
                // guessed), rather than a position refused. With `UCI_Chess960` off, `KQkq`
                // rights are standard chess's: with the king off e1 they are stale, not a
                // Chess960 game whose castling (`f1h1`) a standard GUI would take for illegal.
                match fen::parse_repairing(&text, self.castling_mode()) {
                    Ok((p, repairs)) => {
                        for repair in &repairs {
                            say(&format!("info string FEN repaired: {repair}"));
                        }
                        self.in_variant(p)
                    }
                    Err(e) => return say(&format!("info string bad FEN, position refused: {e}")),
                }
            }
            _ => return say("info string expected 'position startpos|fen <FEN> [moves ...]'"),
        };
        let mut history = Vec::new();
        if let Some(i) = moves_at {
            for text in &args[i + 1..] {
                match uci::parse_move(&pos, text) {
                    Ok(m) => {
                        history.push(pos.key());
                        pos.make_move(m);
                    }
                    Err(e) => {
                        return say(&format!("info string {e}; position refused"));
                    }
                }
            }
        }
        self.position = pos;
        self.history = history;
        self.no_position = false;
    }

    /// The standard start position, in Chess960 mode when the option is on.
    fn start_position(&self) -> Position {
        self.in_variant(Position::startpos())
    }

    /// `pos` switched to Chess960 when the `UCI_Chess960` option is on. A FEN whose castling
    /// rights only Chess960 can have stays Chess960 with the option off (its castling moves can
    /// only be written king-takes-rook); a standard-compatible one becomes standard again.
    fn in_variant(&self, pos: Position) -> Position {
        pos.with_castling_mode(self.castling_mode()).unwrap_or(pos)
    }

    /// Chess960 when the `UCI_Chess960` option is on, else standard chess.
    fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    fn go(&mut self, args: &[&str]) {
        if self.no_position {
            let perft = args.first() == Some(&"perft");
            if !perft {
                // The last search's bestmove comes first, as for any `go` (also one held by an
                // infinite or ponder search that ended by itself).
                self.release();
                self.engine.wait();
            }
            say("info string no position: the last 'position' command was refused");
            if !perft {
                // An infinite or ponder search must not end before `stop`, even with nothing
                // to search: its `bestmove 0000` waits for `stop` (or the next `go`) too.
                if args.iter().any(|&w| w == "infinite" || w == "ponder") {
                    let mut out = self.output.lock().unwrap_or_else(|e| e.into_inner());
                    out.hold = true;
                    out.held = Some("bestmove 0000".into());
                } else {
                    say("bestmove 0000");
                }
            }
            return;
        }
        if args.first() == Some(&"perft") {
            return self.perft(args.get(1));
        }
        let mut limits = SearchLimits::default();
        let mut hold = false;
        let mut i = 0;
        while i < args.len() {
            let name = args[i];
            // Times in milliseconds, below 0 read as 0; counts below 0 are not read.
            let number = || go_number(name, args.get(i + 1).copied());
            let ms = || number().map(|v| Duration::from_millis(v.max(0).unsigned_abs()));
            match name {
                "wtime" => limits.white_time = ms(),
                "btime" => limits.black_time = ms(),
                "winc" => limits.white_increment = ms().unwrap_or_default(),
                "binc" => limits.black_increment = ms().unwrap_or_default(),
                "movetime" => limits.move_time = ms(),
                "movestogo" => limits.moves_to_go = number().and_then(|v| go_count(name, v)),
                "depth" => limits.depth = number().and_then(|v| go_count(name, v)),
                "nodes" => limits.nodes = number().and_then(|v| go_count(name, v)),
                "mate" => limits.mate = number().and_then(|v| go_count(name, v)),
                "infinite" => {
                    limits.infinite = true;
                    hold = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    hold = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    // Moves follow until the first word that is not a legal move here.
                    i += 1;
                    while let Some(m) = args
                        .get(i)
                        .and_then(|t| uci::parse_move(&self.position, t).ok())
                    {
                        limits.search_moves.push(m);
                        i += 1;
                    }
                    continue;
                }
                other => {
                    say(&format!(
                        "info string ignoring unknown go parameter '{other}'"
                    ));
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        limits.multi_pv = self.multi_pv;
        // A `go` before the last search ended (a GUI's quick `stop` + `go`, or no `stop` at
        // all): that search still owes its bestmove, printed before this one starts; also when
        // it was an infinite or ponder search that ended by itself and holds its bestmove
        // until `stop`.
        self.release();
        self.engine.wait();
        self.ponder = None;
        if hold && !limits.infinite {
            // `go ponder`: think on the opponent's time until `ponderhit` (then search this
            // position again with these clock limits, the table warm from pondering) or `stop`.
            self.ponder = Some(Ponder {
                position: self.position.clone(),
                history: self.history.clone(),
                limits: limits.clone(),
            });
            limits = SearchLimits {
                multi_pv: limits.multi_pv,
                search_moves: limits.search_moves.clone(),
                ..SearchLimits::infinite()
            };
        }
        self.start_search(self.position.clone(), self.history.clone(), limits, hold);
    }

    /// Starts a search whose `bestmove` is printed when it ends, or held until `stop` when
    /// `hold` (infinite and ponder searches).
    fn start_search(
        &mut self,
        position: Position,
        history: Vec<u64>,
        limits: SearchLimits,
        hold: bool,
    ) {
        let id = {
            let mut out = self.output.lock().unwrap_or_else(|e| e.into_inner());
            out.hold = hold;
            out.held = None;
            out.current += 1;
            out.current
        };
        let output = Arc::clone(&self.output);
        let info_output = Arc::clone(&self.output);
        let mode = position.castling_mode();
        self.engine.start(
            position,
            history,
            limits,
            Box::new(move |info: &SearchInfo| {
                // A ponder search replaced at `ponderhit` may still deliver a held line.
                let out = info_output.lock().unwrap_or_else(|e| e.into_inner());
                if out.current == id {
                    say(&info_line(info, mode));
                }
            }),
            Box::new(move |outcome| {
                // UCI wants a bestmove even from a failed search: a legal one, after saying why.
                let result = outcome.unwrap_or_else(|failure| {
                    say(&format!("info string {failure}"));
                    failure.fallback
                });
                let line = bestmove_line(&result, mode);
                let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
                if out.current != id {
                    return;
                }
                if result.best_move.is_null() {
                    // Mate or stalemate on the board: no iteration to report, but a GUI
                    // analysing the position still wants its score (`mate 0` or `cp 0`).
                    say(&format!("info depth 0 score {}", result.score.to_uci()));
                }
                if out.hold {
                    out.held = Some(line);
                } else {
                    say(&line);
                }
            }),
        );
    }

    /// `ponderhit`: the opponent played the expected move, so the ponder search's position is
    /// now ours to move in; search it with the clock from the `go ponder` command (our clock
    /// only starts now). Without a ponder search running, like `stop`.
    fn ponder_hit(&mut self) {
        let Some(ponder) = self.ponder.take() else {
            return self.release();
        };
        // The new search supersedes the ponder search, whose result is then not printed.
        self.start_search(ponder.position, ponder.history, ponder.limits, false);
    }

    /// `stop` or `ponderhit`: print a held `bestmove`, or stop the running search, which then
    /// prints its own.
    fn release(&mut self) {
        self.ponder = None;
        let mut out = self.output.lock().unwrap_or_else(|e| e.into_inner());
        out.hold = false;
        if let Some(line) = out.held.take() {
            say(&line);
        }
        drop(out);
        self.engine.stop();
    }

    fn perft(&self, depth: Option<&&str>) {
        let depth = match super::perft_depth(depth.copied()) {
            Ok(depth) => depth,
            Err(super::PerftDepthError::NotADepth) => {
                return say("info string expected 'go perft <depth>'")
            }
            Err(e) => return say(&format!("info string perft {e}")),
        };
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for (m, n) in self.position.perft_divide(depth) {
                say(&format!(
                    "{}: {n}",
                    uci::to_uci_in(m, self.position.castling_mode())
                ));
                total += n;
            }
        }
        say("");
        say(&format!("Nodes searched: {total}"));
    }
}

fn info_line(info: &SearchInfo, mode: CastlingMode) -> String {
    let pv: Vec<String> = info.pv.iter().map(|&m| uci::to_uci_in(m, mode)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        info.score.to_uci(),
        info.nodes,
        info.nps,
        info.hash_full_permille,
        info.time.as_millis(),
        pv.join(" ")
    )
}

fn bestmove_line(result: &SearchResult, mode: CastlingMode) -> String {
    let mut line = format!("bestmove {}", uci::to_uci_in(result.best_move, mode));
    if let Some(p) = result.ponder {
        line.push_str(&format!(" ponder {}", uci::to_uci_in(p, mode)));
    }
    line
}
