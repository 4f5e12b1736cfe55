//! `chesscore play`: a game against the engine in the terminal, or two engines playing each
//! other (`--watch`). Reads one line at a time from stdin, so it works from a pipe too, and
//! exits cleanly at the end of input.

use super::board::{self, BoardStyle};
use chesscore::engine::{
    engine_turn, EngineConfig, EngineThread, EngineTurn, Level, SearchInfo, SearchLimits,
    SearchResult,
};
use chesscore::game::{DrawReason, Game, GameError, GameStatus, NewMovePlacement, Outcome};
use chesscore::notation::fen;
use chesscore::notation::numbering::{numbered, MoveNumber};
use chesscore::notation::san::{self, SanError};
use chesscore::rules::{chess960, mix64, CastlingMode, Move, Position, Side};
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const OPTIONS_HELP: &str = "\
usage: chesscore play [options]

Play chess against the engine in the terminal. Type moves in SAN (e4, Nf3, O-O, exd5, e8=Q)
or UCI (e2e4, e7e8q); type `help` during the game for the list of commands.

options:
  --side white|black|random   the side you play (default: white; with --fen, the side to move)
  --level N                   engine strength, 1 (newcomer) to 10 (full strength); default 5
  --fen \"FEN\"                 start from this position instead of the initial one
  --chess960 [N]              play Chess960 from start position N (0-959, 518 is the standard
                              one), or from a random one without N; with --fen, read the FEN
                              as a Chess960 position (castle with O-O/O-O-O, or in UCI as the
                              king taking its rook, like e1h1)
  --movetime MS               the engine's thinking time per move in milliseconds (default 2000;
                              weaker levels often move sooner)
  --watch, --engine-vs-engine two engines play each other; the board is shown after every move;
                              it stops at the end of the game or when you type quit
  --levels A,B                with --watch: White's and Black's levels (default: --level for both)
  --seed N                    random seed for the engine's choices and a random side
  --no-color                  plain text board even on a terminal (NO_COLOR is honoured too)
  --color                     coloured board even when stdout is not a terminal
  --ascii                     letters (K Q R B N P, lower case for Black) instead of figurines
  -h, --help                  this text";

const COMMANDS_HELP: &str = "\
Moves: SAN like e4, Nf3, Bxe5, O-O, e8=Q, or UCI like e2e4, g1f3, e7e8q.
Commands:
  help            this list
  board           show the board again
  undo            take back your last move (and the engine's reply), or your resignation
  redo            replay what undo took back
  hint            ask the engine for a move suggestion, with its evaluation
  level [N]       show the levels, or set the engine's level to N (1-10)
  flip            turn the board around
  new [SIDE]      start a new game; SIDE is white, black or random (default: your current side)
  fen [FEN]       print the position as FEN, or load a position (you play the side to move)
  pgn             print the game as PGN
  pgn save FILE   save the game as PGN to FILE
  moves           the moves played so far
  legal           the legal moves in this position
  resign          resign the game
  offer           offer a draw (the engine answers on its turn: it takes it when it is
                  clearly worse, or the game level from move 30 on)
  draw            claim a draw (threefold repetition or the fifty-move rule)
  draw MOVE       play MOVE and claim the draw it makes (its position's third occurrence,
                  or the fiftieth move without a capture or pawn move)
  quit            leave (also: exit, or end of input)";

const DEFAULT_LEVEL: u8 = 5;
const DEFAULT_MOVE_TIME: Duration = Duration::from_millis(2000);
const DEFAULT_HINT_TIME: Duration = Duration::from_millis(1000);
const ENGINE_NAME: &str = "chesscore";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SideChoice {
    White,
    Black,
    Random,
}

impl SideChoice {
    fn parse(text: &str) -> Option<SideChoice> {
        match text.to_ascii_lowercase().as_str() {
            "white" | "w" => Some(SideChoice::White),
            "black" | "b" => Some(SideChoice::Black),
            "random" | "r" => Some(SideChoice::Random),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
struct Options {
    side: Option<SideChoice>,
    level: Level,
    fen: Option<String>,
    move_time: Option<Duration>,
    watch: bool,
    levels: Option<(Level, Level)>,
    seed: Option<u64>,
    color: Option<bool>,
    ascii: bool,
    chess960: Option<Chess960Start>,
}

/// What `--chess960` asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chess960Start {
    /// A random start position for every game.
    Random,
    /// This start position (0-959) for every game.
    Number(u32),
}

impl Chess960Start {
    /// The start position number of the next game; `seed` picks a random one.
    fn number(self, seed: u64) -> u32 {
        match self {
            Chess960Start::Number(n) => n,
            Chess960Start::Random => (mix64(seed) % u64::from(chess960::COUNT)) as u32,
        }
    }
}

fn parse_chess960_number(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n < chess960::COUNT => Ok(n),
        _ => Err(format!(
            "--chess960: expected a start position number from 0 to 959, not '{text}'"
        )),
    }
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

fn parse_options(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options {
        side: None,
        level: Level::new(DEFAULT_LEVEL),
        fen: None,
        move_time: None,
        watch: false,
        levels: None,
        seed: None,
        color: None,
        ascii: false,
        chess960: None,
    };
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs {what}"))
        };
        match name {
            "-h" | "--help" => return Ok(None),
            "--side" => {
                let v = value("a side: white, black or random")?;
                opts.side = Some(SideChoice::parse(&v).ok_or_else(|| {
                    format!("--side: expected white, black or random, not '{v}'")
                })?);
            }
            "--level" => opts.level = parse_level(&value("a level from 1 to 10")?)?,
            "--fen" => opts.fen = Some(value("a FEN in quotes")?),
            "--movetime" => {
                let v = value("milliseconds")?;
                let ms = v
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms > 0)
                    .ok_or_else(|| format!("--movetime: expected milliseconds, not '{v}'"))?;
                opts.move_time = Some(Duration::from_millis(ms));
            }
            "--watch" | "--engine-vs-engine" => opts.watch = true,
            "--levels" => {
                let v = value("two levels like 3,7")?;
                let (a, b) = v
                    .split_once(',')
                    .ok_or_else(|| format!("--levels: expected two levels like 3,7, not '{v}'"))?;
                opts.levels = Some((parse_level(a)?, parse_level(b)?));
            }
            "--seed" => {
                let v = value("a number")?;
                opts.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed: expected a number, not '{v}'"))?,
                );
            }
            "--no-color" | "--no-colour" => opts.color = Some(false),
            "--color" | "--colour" => opts.color = Some(true),
            "--ascii" => opts.ascii = true,
            "--chess960" => {
                // The number is optional: take the next argument only when it is one.
                let number = match inline {
                    Some(v) => Some(parse_chess960_number(&v)?),
                    None => match it.peek() {
                        Some(next) if next.chars().all(|c| c.is_ascii_digit()) => {
                            let n = parse_chess960_number(next)?;
                            it.next();
                            Some(n)
                        }
                        _ => None,
                    },
                };
                opts.chess960 = Some(number.map_or(Chess960Start::Random, Chess960Start::Number));
            }
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    if opts.levels.is_some() && !opts.watch {
        return Err(
            "--levels is for --watch (the engine against itself); against you, use --level"
                .to_string(),
        );
    }
    Ok(Some(opts))
}

/// Runs `chesscore play` with the arguments after `play`.
pub fn run(args: &[String]) -> ExitCode {
    let opts = match parse_options(args) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{OPTIONS_HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}\n\n{OPTIONS_HELP}");
            return ExitCode::from(2);
        }
    };
    let seed = opts.seed.unwrap_or_else(time_seed);
    let game = match (&opts.fen, opts.chess960) {
        (Some(_), Some(Chess960Start::Number(_))) => {
            eprintln!("play: give either --fen or a --chess960 start position number, not both");
            return ExitCode::from(2);
        }
        (Some(text), chess960) => match load_fen(text, chess960.is_some()) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("play: {e}");
                return ExitCode::from(2);
            }
        },
        (None, Some(start)) => chess960_game(start.number(seed)),
        (None, None) => Game::new(),
    };
    let color = opts.color.unwrap_or_else(|| {
        io::stdout().is_terminal() && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty())
    });
    let style = BoardStyle {
        color,
        ascii: opts.ascii,
    };
    if opts.watch {
        watch(game, &opts, style, seed)
    } else {
        match Session::new(game, &opts, style, seed) {
            Ok(session) => session.run(),
            Err(e) => {
                eprintln!("play: {e}");
                ExitCode::FAILURE
            }
        }
    }
}

/// A game from a FEN, in Chess960 mode when `chess960` (else in the variant its castling rights
/// need, see [`fen::parse`]).
fn load_fen(text: &str, chess960: bool) -> Result<Game, String> {
    if chess960 {
        fen::parse_with_mode(text, CastlingMode::Chess960)
            .map(Game::from_position)
            .map_err(|e| e.to_string())
    } else {
        Game::from_fen(text).map_err(|e| e.to_string())
    }
}

/// A new game from Chess960 start position `number` (below 960); its PGN says
/// `[Variant "Chess960"]`.
fn chess960_game(number: u32) -> Game {
    let pos = chess960::start_position(number).unwrap_or_else(|_| Position::startpos());
    Game::from_position(pos)
}

/// The line announcing a Chess960 start position.
fn chess960_line(game: &Game) -> Option<String> {
    let start = game.start_position();
    if !start.is_chess960() {
        return None;
    }
    Some(match chess960::start_number(start) {
        Some(n) => format!(
            "Chess960 start position {n}. Castle with O-O or O-O-O (in UCI: the king takes its rook)."
        ),
        None => "Chess960. Castle with O-O or O-O-O (in UCI: the king takes its rook).".to_string(),
    })
}

fn time_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Starts an engine thread at `level`, or says why the system refused the thread.
fn start_engine(level: Level, seed: u64) -> Result<EngineThread, String> {
    EngineThread::new(engine_config(level, seed))
        .map_err(|e| format!("cannot start the engine's thread: {e}"))
}

fn engine_config(level: Level, seed: u64) -> EngineConfig {
    EngineConfig {
        level,
        seed,
        ..EngineConfig::default()
    }
}

/// The principal variation in numbered SAN from `pos`.
fn pv_text(pos: &Position, result_pv: &[chesscore::rules::Move]) -> String {
    numbered(MoveNumber::of(pos), san::to_san_line(pos, result_pv))
}

/// Today's date as PGN wants it (`YYYY.MM.DD`), from the system clock in UTC.
fn pgn_date() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn engine_player_name(level: Level) -> String {
    format!("{ENGINE_NAME} level {} ({})", level.number(), level.name())
}

fn level_text(level: Level) -> String {
    format!(
        "level {} ({}, about {} Elo)",
        level.number(),
        level.name(),
        level.elo()
    )
}

fn outcome_text(outcome: Outcome) -> String {
    let mut text = outcome.to_string();
    if let Some(first) = text.get(0..1) {
        let upper = first.to_uppercase();
        text.replace_range(0..1, &upper);
    }
    format!("{text} ({})", outcome.result())
}

/// Writes the engine's progress to stderr: one line overwritten in place on a terminal, one
/// line per depth otherwise.
struct ThinkingDisplay {
    live: bool,
    shown: bool,
    width: usize,
}

impl ThinkingDisplay {
    fn new() -> ThinkingDisplay {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(80usize);
        ThinkingDisplay {
            live: io::stderr().is_terminal(),
            shown: false,
            width: width.max(20),
        }
    }

    fn show(&mut self, who: &str, pos: &Position, info: &SearchInfo) {
        let score = info.score.for_white(pos.side_to_move());
        let line = format!(
            "{who} thinking: depth {} eval {score} nodes {} pv {}",
            info.depth,
            info.nodes,
            pv_text(pos, &info.pv)
        );
        let mut err = io::stderr().lock();
        if self.live {
            let clipped: String = line.chars().take(self.width - 1).collect();
            let _ = write!(err, "\r\x1b[K{clipped}");
            self.shown = true;
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
    }

    fn clear(&mut self) {
        if self.live && self.shown {
            let _ = write!(io::stderr(), "\r\x1b[K");
            let _ = io::stderr().flush();
            self.shown = false;
        }
    }
}

enum SearchEvent {
    Info(SearchInfo),
    Finished(SearchResult),
}

/// Searches the game's current position on `engine`, showing progress, and waits for the result.
fn think(engine: &EngineThread, game: &Game, limits: SearchLimits, who: &str) -> SearchResult {
    let (tx, rx) = mpsc::channel();
    let info_tx = tx.clone();
    engine.start(
        game.position().clone(),
        game.history_keys(),
        limits,
        Box::new(move |info: &SearchInfo| {
            let _ = info_tx.send(SearchEvent::Info(info.clone()));
        }),
        Box::new(move |outcome| {
            let result = outcome.unwrap_or_else(|failure| {
                eprintln!("{failure}");
                failure.fallback
            });
            let _ = tx.send(SearchEvent::Finished(result));
        }),
    );
    let mut display = ThinkingDisplay::new();
    let pos = game.position();
    let result = loop {
        match rx.recv() {
            Ok(SearchEvent::Info(info)) => display.show(who, pos, &info),
            Ok(SearchEvent::Finished(result)) => break result,
            // The engine always calls on_finished; a closed channel means its thread died.
            Err(_) => break SearchResult::fallback(pos),
        }
    };
    display.clear();
    result
}

/// One engine move: searches, then plays the move or claims a draw the rules allow when it does
/// not expect to win (the core's rule, [`engine_turn`], as in the apps). Prints what happened.
/// With `draw_offered` it first answers the player's draw offer, by the same rule.
fn engine_turn_in(
    engine: &EngineThread,
    game: &mut Game,
    limits: SearchLimits,
    who: &str,
    draw_offered: bool,
) {
    let before = game.position().clone();
    let result = think(engine, game, limits, who);
    let mv = result.best_move;
    let moved = || numbered(MoveNumber::of(&before), [san::to_san(&before, mv)]);
    let turn = engine_turn(game, mv, result.score, draw_offered, None);
    if draw_offered && matches!(turn, Ok(EngineTurn::Played(_))) {
        println!("{who} declines the draw.");
    }
    match turn {
        Ok(EngineTurn::AcceptedDraw) => println!("{who} accepts the draw."),
        Ok(EngineTurn::ClaimedDraw(reason)) => println!("{who} claims a draw by {reason}."),
        Ok(EngineTurn::PlayedAndClaimedDraw(_, reason)) => {
            println!("{who} plays {} and claims a draw by {reason}.", moved())
        }
        Ok(EngineTurn::Played(_)) => {
            let eval = result.score.for_white(before.side_to_move());
            // A weak level may play another move than its best line's on purpose: the score is
            // that line's, so say whose it is rather than show it as the played move's.
            let whose = match result.pv.first() {
                Some(&best) if best != mv => {
                    format!("its best line {} eval {eval}", san::to_san(&before, best))
                }
                _ => format!("eval {eval}"),
            };
            println!(
                "{who} plays {}  (depth {}, {whose}, {:.2} s)",
                moved(),
                result.depth,
                result.time.as_secs_f64()
            );
        }
        Err(_) => println!("{who} found no move to play."),
    }
}

/// An ending `undo` took back alone, as "Took back ..." says it: the player's resignation or
/// draw claim (the engine's endings go with its move, and rule endings are never taken back).
fn ending_taken_back(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Resignation { .. } => "the resignation",
        Outcome::Draw(DrawReason::Agreement) => "the draw agreement",
        Outcome::Draw(_) => "the draw claim",
        _ => "the ending",
    }
}

fn set_player_tags(game: &mut Game, white: &str, black: &str) {
    let date = pgn_date();
    for (name, value) in [
        ("Event", "Casual game"),
        ("Site", "chesscore play"),
        ("Date", date.as_str()),
        ("White", white),
        ("Black", black),
    ] {
        if let Err(e) = game.set_tag(name, value) {
            eprintln!("play: {e}");
        }
    }
}

struct Session {
    game: Game,
    human: Side,
    orientation: Side,
    level: Level,
    seed: u64,
    move_time: Duration,
    hint_time: Duration,
    engine: EngineThread,
    hint_engine: Option<EngineThread>,
    style: BoardStyle,
    echo: bool,
    /// The game-over notice was printed for the current state.
    announced_end: bool,
    /// `--chess960`: every new game is a Chess960 game.
    chess960: Option<Chess960Start>,
    /// The player offered a draw, which the engine answers on its next turn.
    draw_offered: bool,
    /// The engine's last turn ended the game (a draw it claimed with its move or accepted):
    /// `undo` then takes back that turn too, not only its ending.
    ended_by_engine: bool,
}

impl Session {
    fn new(
        mut game: Game,
        opts: &Options,
        style: BoardStyle,
        seed: u64,
    ) -> Result<Session, String> {
        // A game as played: a move after a take-back makes the main line.
        game.set_new_move_placement(NewMovePlacement::MainLine);
        let human = match opts.side {
            Some(choice) => pick_side(choice, seed),
            None if opts.fen.is_some() => game.position().side_to_move(),
            None => Side::White,
        };
        let mut session = Session {
            game,
            human,
            orientation: human,
            level: opts.level,
            seed,
            move_time: opts.move_time.unwrap_or(DEFAULT_MOVE_TIME),
            hint_time: opts.move_time.unwrap_or(DEFAULT_HINT_TIME),
            engine: start_engine(opts.level, seed)?,
            hint_engine: None,
            style,
            echo: !io::stdin().is_terminal(),
            announced_end: false,
            chess960: opts.chess960,
            draw_offered: false,
            ended_by_engine: false,
        };
        session.update_tags();
        Ok(session)
    }

    fn update_tags(&mut self) {
        let engine = engine_player_name(self.level);
        let (white, black) = match self.human {
            Side::White => ("You".to_string(), engine),
            Side::Black => (engine, "You".to_string()),
        };
        set_player_tags(&mut self.game, &white, &black);
    }

    fn run(mut self) -> ExitCode {
        println!(
            "chesscore play: you have {} against {}.",
            self.human,
            level_text(self.level)
        );
        println!("Type a move like e4, Nf3 or e2e4; type help to list the commands.");
        if let Some(line) = chess960_line(&self.game) {
            println!("{line}");
        }
        self.show_board();
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            self.engine_moves_if_its_turn();
            self.announce();
            print!("{}", self.prompt());
            let _ = io::stdout().flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    println!();
                    println!("Goodbye.");
                    return ExitCode::SUCCESS;
                }
                Ok(_) => {}
            }
            let line = line.trim();
            if self.echo {
                println!("{line}");
            }
            if !self.handle(line) {
                println!("Goodbye.");
                return ExitCode::SUCCESS;
            }
        }
    }

    fn prompt(&self) -> String {
        if self.game.status().is_ongoing() {
            let pos = self.game.position();
            format!("{} your move> ", MoveNumber::of(pos))
        } else {
            "game over (new, undo, quit)> ".to_string()
        }
    }

    fn show_board(&self) {
        print!(
            "{}",
            board::render(
                self.game.position(),
                self.orientation,
                self.game.last_move(),
                self.style
            )
        );
        let pos = self.game.position();
        if let Some(line) = board::material_line(pos, self.style) {
            println!("{line}");
        }
        let mut status = String::new();
        if let Some(last) = last_move_text(&self.game) {
            status.push_str(&format!("Last move: {last}.  "));
        }
        match self.game.status() {
            GameStatus::Ongoing => {
                let who = if pos.side_to_move() == self.human {
                    "you"
                } else {
                    ENGINE_NAME
                };
                status.push_str(&format!("{} to move ({who})", pos.side_to_move()));
                if pos.is_check() {
                    status.push_str(", in check");
                }
                status.push('.');
            }
            GameStatus::Ended(o) => status.push_str(&format!("{}.", outcome_text(o))),
        }
        println!("{status}");
    }

    /// Lets the engine move while it is its turn and the game goes on.
    fn engine_moves_if_its_turn(&mut self) {
        if self.game.status().is_ongoing() && self.game.position().side_to_move() != self.human {
            engine_turn_in(
                &self.engine,
                &mut self.game,
                SearchLimits::move_time(self.move_time),
                ENGINE_NAME,
                std::mem::take(&mut self.draw_offered),
            );
            self.ended_by_engine = !self.game.status().is_ongoing();
            self.show_board();
        }
    }

    /// Announces the end of the game once, or a draw the player may claim.
    fn announce(&mut self) {
        match self.game.status() {
            GameStatus::Ended(outcome) => {
                if !self.announced_end {
                    let verdict = match outcome.winner() {
                        Some(w) if w == self.human => " You won, congratulations!",
                        Some(_) => " You lost this one.",
                        None => "",
                    };
                    println!("Game over: {}.{verdict}", outcome_text(outcome));
                    println!(
                        "Type new for another game, undo to take back, pgn to see the game, or quit."
                    );
                    self.announced_end = true;
                }
            }
            GameStatus::Ongoing => {
                self.announced_end = false;
                if let Some(reason) = self.game.claimable_draw() {
                    println!("You may claim a draw by {reason}: type draw.");
                } else if self.game.position().side_to_move() == self.human {
                    let claims = self.game.draw_claim_moves();
                    if let Some(&(m, reason)) = claims.first() {
                        let example = san::to_san(self.game.position(), m);
                        println!(
                            "You may claim a draw by {reason} with your move: type draw and \
                             the move (draw {example})."
                        );
                    }
                }
            }
        }
    }

    /// Handles one line of input; `false` to quit.
    fn handle(&mut self, line: &str) -> bool {
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        // Words in any case; the one-letter shortcuts only in lower case, since an upper-case
        // letter may be the start of a move (a stray "Q" or "B" is a move mistyped, not "quit"
        // or "board").
        let word = if command.len() > 1 {
            command.to_ascii_lowercase()
        } else {
            command.to_string()
        };
        match word.as_str() {
            "" => {}
            "quit" | "exit" | "q" => return false,
            "help" | "?" | "h" => println!("{COMMANDS_HELP}"),
            "board" | "b" => self.show_board(),
            "undo" | "takeback" => self.undo(),
            "redo" => self.redo(),
            "hint" => self.hint(),
            "level" => self.level(rest),
            "flip" => {
                self.orientation = self.orientation.opponent();
                self.show_board();
            }
            "new" => self.new_game(rest),
            "fen" => self.fen(rest),
            "pgn" => self.pgn(rest),
            "moves" => self.moves(),
            "legal" => self.legal(),
            "resign" => {
                if let Err(e) = self.game.resign(self.human) {
                    println!("{e}");
                }
            }
            "offer" => self.offer_draw(),
            "draw" if rest.is_empty() => self.draw(),
            "draw" => self.draw_with(rest),
            _ => self.play_move(line),
        }
        true
    }

    fn play_move(&mut self, text: &str) {
        if let Some(outcome) = self.game.outcome() {
            println!("{}", GameError::GameOver(outcome));
            println!("Type new for another game, undo to take back, or quit.");
            return;
        }
        let played = read_move(&self.game, text).and_then(|m| self.game.play(m));
        match played {
            Ok(_) => {
                if let Some(text) = last_move_text(&self.game) {
                    println!("You play {text}.");
                }
                if !self.game.status().is_ongoing() {
                    self.show_board();
                }
            }
            Err(e) => {
                println!("{e}");
                if !text.contains(char::is_whitespace)
                    && !matches!(e, GameError::San(SanError::Ambiguous { .. }))
                {
                    println!("Type legal for the legal moves, or help for the commands.");
                }
            }
        }
    }

    fn undo(&mut self) {
        self.draw_offered = false;
        let engine_ending = std::mem::take(&mut self.ended_by_engine);
        if !self.game.can_undo() {
            println!("Nothing to undo.");
            return;
        }
        let mut taken = Vec::new();
        let mut ending = None;
        loop {
            let before = self.game.status();
            match self.game.undo() {
                Some(m) => taken.push(m),
                // A resignation, agreement or claim at the current node, taken back first.
                None => {
                    if let GameStatus::Ended(o) = before {
                        ending.get_or_insert(o);
                    }
                }
            }
            let my_turn = self.game.position().side_to_move() == self.human;
            // A draw the engine claimed with its move: that move goes too, with the player's.
            let engine_turn_left = engine_ending && taken.is_empty();
            if (my_turn && self.game.status().is_ongoing() && !engine_turn_left)
                || !self.game.can_undo()
            {
                break;
            }
        }
        if self.game.position().side_to_move() != self.human {
            // Only the engine's first move was there to take back: it would play again at once.
            while self.game.can_redo() {
                self.game.redo();
            }
            println!("Nothing to undo: the engine's first move is all there is.");
            return;
        }
        match (taken.len(), ending) {
            (0, Some(o)) => println!("Took back {}.", ending_taken_back(o)),
            (n, _) => println!("Took back {n} move{}.", if n == 1 { "" } else { "s" }),
        }
        self.show_board();
    }

    fn redo(&mut self) {
        if !self.game.can_redo() {
            println!("Nothing to redo.");
            return;
        }
        let mut count = 0;
        while self.game.redo().is_some() {
            count += 1;
            if self.game.position().side_to_move() == self.human || !self.game.status().is_ongoing()
            {
                break;
            }
        }
        println!(
            "Replayed {count} move{}.",
            if count == 1 { "" } else { "s" }
        );
        self.show_board();
    }

    fn hint(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            println!("{}", GameError::GameOver(outcome));
            return;
        }
        if self.hint_engine.is_none() {
            match start_engine(Level::MAX, self.seed) {
                Ok(engine) => self.hint_engine = Some(engine),
                Err(e) => return println!("No hint: {e}"),
            }
        }
        let Some(engine) = self.hint_engine.as_ref() else {
            return;
        };
        let result = think(
            engine,
            &self.game,
            SearchLimits::move_time(self.hint_time),
            "hint",
        );
        let pos = self.game.position();
        if result.best_move.is_null() {
            println!("No move to suggest.");
            return;
        }
        let eval = result.score.for_white(pos.side_to_move());
        println!(
            "Hint: {} (eval {eval} for White, depth {}); line: {}",
            san::to_san(pos, result.best_move),
            result.depth,
            pv_text(pos, &result.pv)
        );
    }

    fn level(&mut self, rest: &str) {
        if rest.is_empty() {
            println!("Levels:");
            for level in Level::all() {
                let mark = if level == self.level {
                    "  <- current"
                } else {
                    ""
                };
                println!(
                    "  {:>2}  {:<14} about {} Elo{mark}",
                    level.number(),
                    level.name(),
                    level.elo()
                );
            }
            println!("Type level N to change it.");
            return;
        }
        match parse_level(rest) {
            Ok(level) => {
                self.level = level;
                self.engine.set_config(engine_config(level, self.seed));
                self.update_tags();
                println!("The engine now plays at {}.", level_text(level));
            }
            Err(e) => println!("{e}"),
        }
    }

    fn start(&mut self, mut game: Game, human: Side) {
        // An offer or an ending of the game before is not this game's.
        self.draw_offered = false;
        self.ended_by_engine = false;
        game.set_new_move_placement(NewMovePlacement::MainLine);
        self.game = game;
        self.human = human;
        self.orientation = human;
        self.announced_end = false;
        self.engine.new_game();
        self.update_tags();
    }

    fn new_game(&mut self, rest: &str) {
        let human = if rest.is_empty() {
            self.human
        } else {
            match SideChoice::parse(rest) {
                Some(choice) => {
                    self.seed = mix64(self.seed);
                    pick_side(choice, self.seed)
                }
                None => {
                    println!("new: expected white, black or random, not '{rest}'");
                    return;
                }
            }
        };
        let game = match self.chess960 {
            Some(start) => {
                self.seed = mix64(self.seed);
                chess960_game(start.number(self.seed))
            }
            None => Game::new(),
        };
        self.start(game, human);
        println!(
            "New game: you have {} against {}.",
            human,
            level_text(self.level)
        );
        if let Some(line) = chess960_line(&self.game) {
            println!("{line}");
        }
        self.show_board();
    }

    fn fen(&mut self, rest: &str) {
        if rest.is_empty() {
            println!("{}", self.game.fen());
            return;
        }
        match load_fen(rest, self.chess960.is_some()) {
            Ok(game) => {
                let human = game.position().side_to_move();
                self.start(game, human);
                println!("Position loaded; you play {human}.");
                self.show_board();
            }
            Err(e) => println!("{e} (the game is unchanged)"),
        }
    }

    fn pgn(&mut self, rest: &str) {
        let mut words = rest.split_whitespace();
        match words.next() {
            None => print!("{}", ensure_newline(self.game.to_pgn())),
            Some("save") => {
                let file = rest["save".len()..].trim();
                if file.is_empty() {
                    println!("pgn save: which file? e.g. pgn save game.pgn");
                    return;
                }
                match std::fs::write(file, ensure_newline(self.game.to_pgn())) {
                    Ok(()) => println!("Saved the game to {file}."),
                    Err(e) => println!("Could not save to {file}: {e}"),
                }
            }
            Some(other) => println!("pgn: expected nothing or save FILE, not '{other}'"),
        }
    }

    fn moves(&self) {
        if self.game.ply() == 0 {
            println!("No moves yet.");
        } else {
            let start = MoveNumber::of(self.game.start_position());
            println!("{}", numbered(start, self.game.san_path()));
        }
    }

    fn legal(&self) {
        let pos = self.game.position();
        // The game's moves are none exactly when it is over (a position without a legal move
        // ends it by mate or stalemate).
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            println!("None: the game is over.");
            return;
        }
        let mut sans: Vec<String> = moves
            .as_slice()
            .iter()
            .map(|&m| san::to_san(pos, m))
            .collect();
        sans.sort();
        println!("Legal moves ({}): {}", sans.len(), sans.join(" "));
    }

    /// `draw MOVE`: plays the move and claims the draw it makes, or says why it makes none
    /// (and then plays nothing).
    fn draw_with(&mut self, text: &str) {
        if let Some(outcome) = self.game.outcome() {
            println!("{}", GameError::GameOver(outcome));
            return;
        }
        match read_move(&self.game, text).and_then(|m| self.game.claim_draw_with(m)) {
            Ok(_) => {
                if let Some(text) = last_move_text(&self.game) {
                    println!("You play {text} and claim a draw.");
                }
                self.show_board();
            }
            Err(e) => println!("{e}."),
        }
    }

    /// `offer`: the engine answers on its turn, by the core's rule (it takes the draw when it
    /// is clearly worse, or level from move 30 on).
    fn offer_draw(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            println!("{}", GameError::GameOver(outcome));
            return;
        }
        self.draw_offered = true;
        if self.game.position().side_to_move() == self.human {
            println!("You offer a draw with your next move; {ENGINE_NAME} answers on its turn.");
        } else {
            println!("You offer a draw; {ENGINE_NAME} answers on its turn.");
        }
    }

    fn draw(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            println!("{}", GameError::GameOver(outcome));
            return;
        }
        match self.game.claim_draw() {
            Ok(_) => self.show_board(),
            Err(e) => {
                println!("{e}.");
                println!(
                    "(This position has occurred {} time{}; {} half-moves since the last capture or pawn move.)",
                    self.game.repetition_count(),
                    if self.game.repetition_count() == 1 { "" } else { "s" },
                    self.game.position().halfmove_clock()
                );
            }
        }
    }
}

/// The move the player typed, in SAN or UCI. Text in UCI form that is not legal gets the core's
/// verdict about its squares; anything else the SAN one, which names the ambiguity's candidates
/// or why no move fits.
fn read_move(game: &Game, text: &str) -> Result<Move, GameError> {
    san::parse_san(game.position(), text).or_else(|san_error| match game.uci_move(text) {
        Err(e @ GameError::IllegalMove(_)) => Err(e),
        Ok(m) => Ok(m),
        Err(_) => Err(san_error.into()),
    })
}

/// The current node's move with its number (`12...Nf6`), `None` at the start.
fn last_move_text(game: &Game) -> Option<String> {
    let node = game.node(game.current())?;
    Some(numbered(node.move_number()?, [node.san()]))
}

fn ensure_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

fn pick_side(choice: SideChoice, seed: u64) -> Side {
    match choice {
        SideChoice::White => Side::White,
        SideChoice::Black => Side::Black,
        SideChoice::Random if mix64(seed) & 1 == 0 => Side::White,
        SideChoice::Random => Side::Black,
    }
}

/// Lines typed while engines play each other; `quit` ends the game early, end of input does not.
fn spawn_line_reader() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn watch(mut game: Game, opts: &Options, style: BoardStyle, seed: u64) -> ExitCode {
    let (white_level, black_level) = opts.levels.unwrap_or((opts.level, opts.level));
    let engines = match (
        start_engine(white_level, seed),
        start_engine(black_level, mix64(seed)),
    ) {
        (Ok(white), Ok(black)) => [white, black],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("play: {e}");
            return ExitCode::FAILURE;
        }
    };
    set_player_tags(
        &mut game,
        &engine_player_name(white_level),
        &engine_player_name(black_level),
    );
    let limits = SearchLimits::move_time(opts.move_time.unwrap_or(DEFAULT_MOVE_TIME));
    println!(
        "Engine against engine: White {} vs Black {}. Type quit to stop.",
        level_text(white_level),
        level_text(black_level)
    );
    if let Some(line) = chess960_line(&game) {
        println!("{line}");
    }
    let lines = spawn_line_reader();
    let started = Instant::now();
    loop {
        print!(
            "{}",
            board::render(game.position(), Side::White, game.last_move(), style)
        );
        if let Some(outcome) = game.outcome() {
            println!("Game over: {}.", outcome_text(outcome));
            let start = MoveNumber::of(game.start_position());
            println!("{}", numbered(start, game.san_path()));
            println!(
                "{} plies in {:.1} s.",
                game.ply(),
                started.elapsed().as_secs_f64()
            );
            return ExitCode::SUCCESS;
        }
        loop {
            match lines.try_recv() {
                Ok(line) if matches!(line.trim(), "quit" | "exit" | "q") => {
                    println!("Stopped; the game so far:");
                    print!("{}", ensure_newline(game.to_pgn()));
                    return ExitCode::SUCCESS;
                }
                Ok(_) => continue,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        let side = game.position().side_to_move();
        let who = match side {
            Side::White => "White",
            Side::Black => "Black",
        };
        engine_turn_in(
            &engines[side.index()],
            &mut game,
            limits.clone(),
            who,
            false,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let args = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let o = parse_options(&args(&["--side", "black", "--level=7", "--movetime", "50"]))
            .unwrap()
            .unwrap();
        assert_eq!(o.side, Some(SideChoice::Black));
        assert_eq!(o.level.number(), 7);
        assert_eq!(o.move_time, Some(Duration::from_millis(50)));
        assert!(parse_options(&args(&["--level", "11"])).is_err());
        assert!(parse_options(&args(&["--bogus"])).is_err());
        assert!(parse_options(&args(&["--help"])).unwrap().is_none());
        let e = parse_options(&args(&["--levels", "2,9"])).unwrap_err();
        assert!(e.contains("--levels is for --watch"), "{e}");
        let w = parse_options(&args(&["--watch", "--levels", "2,9"]))
            .unwrap()
            .unwrap();
        assert!(w.watch);
        assert_eq!(
            w.levels.map(|(a, b)| (a.number(), b.number())),
            Some((2, 9))
        );
    }

    #[test]
    fn dates_look_like_pgn_dates() {
        let d = pgn_date();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}
