//! Portable Game Notation (PGN): reading real-world files and writing standard exports.
//!
//! # Reading
//! [`parse_games`] reads every game of a file, [`parse_game`] the first. Accepted: tag pairs
//! with `\"` and `\\` escapes; comments in braces (over several lines; their whitespace is
//! collapsed to single spaces) and after `;` to the end of the line; lines starting with `%`;
//! move numbers (`1.`, `1...`, `12.Nf3`); NAGs (`$14`) and the suffixes `!`, `?`, `!!`, `??`,
//! `!?`, `?!` (kept as NAGs 1 to 6); recursive variations, kept on the move they replace; the
//! results `1-0`, `0-1`, `1/2-1/2`, `*` (a missing terminator ends the game at the next tag or
//! the end of the text); games starting from a `[FEN]` tag. Moves are SAN read leniently (see
//! [`crate::notation::san`]) and checked for legality; the first problem stops reading with a
//! [`PgnError`] giving line, column and token.
//!
//! # Writing
//! [`write_game`] writes the Seven Tag Roster first, movetext wrapped at 80 columns, and reads
//! back to the same game.
//!
//! # Examples
//! ```
//! use chesscore::notation::pgn;
//! let game = pgn::parse_game("[White \"Ann\"]\n\n1. e4 {best by test} e5 (1... c5 $1) 2. Nf3 *").unwrap();
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[0].comment.as_deref(), Some("best by test"));
//! assert_eq!(game.moves[1].variations[0][0].san, "c5");
//! let text = pgn::write_game(&game);
//! assert_eq!(pgn::parse_game(&text).unwrap().moves, game.moves);
//! ```

use crate::notation::fen::{self, FenError};
use crate::notation::san::{self, SanError};
use crate::rules::{Move, Position, Side};
use std::fmt;

/// What is wrong at the place a [`PgnError`] points to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text holds no game.
    NoGame,
    /// A move is not legal (or not SAN, or ambiguous) in the position where it stands.
    Move(SanError),
    /// The `[FEN]` tag does not hold a valid position.
    Fen(FenError),
    /// Any other malformed construct; the text says what was expected.
    Syntax(String),
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::NoGame => f.write_str("no game found"),
            PgnErrorKind::Move(e) => write!(f, "{e}"),
            PgnErrorKind::Fen(e) => write!(f, "{e}"),
            PgnErrorKind::Syntax(s) => f.write_str(s),
        }
    }
}

/// Why a PGN text could not be read: where (line and column, both counted from 1, the column in
/// characters), which token, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid PGN at line {line}, column {column} ('{token}'): {kind}")]
pub struct PgnError {
    /// The line of the offending token, from 1.
    pub line: u32,
    /// The column of the offending token's first character, from 1.
    pub column: u32,
    /// The offending token as it stands in the text (empty at the end of the text).
    pub token: String,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// A game read from or written to PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in file order (including `Result`, `FEN` and `SetUp` when the file has
    /// them; [`write_game`] writes those from `result` and `start`).
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the `FEN` tag, else the standard start).
    pub start: Position,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The game termination: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// A comment before the first move.
    pub comment_before_moves: Option<String>,
}

/// One move of a PGN game, with its annotations and the variations that replace it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// The move in SAN, as this library writes it (not necessarily as the file had it).
    pub san: String,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1).
    pub nags: Vec<u8>,
    /// A comment just before the move; only used for the first move of a variation.
    pub comment_before: Option<String>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Alternatives to this move, each a line starting from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Deepest nesting of variations read, so that hostile input cannot exhaust the stack.
const MAX_VARIATION_DEPTH: usize = 64;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u8),
    MoveNumber,
    /// Text that carries nothing, such as an en passant marker written apart (`exd6 e.p.`).
    Ignored,
    Result(String),
    San(String, Option<u8>),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    text: String,
    line: u32,
    column: u32,
}

impl Token {
    fn error(&self, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            column: self.column,
            token: self.text.clone(),
            kind,
        }
    }
}

fn syntax(msg: impl Into<String>) -> PgnErrorKind {
    PgnErrorKind::Syntax(msg.into())
}

fn glyph_nag(glyph: &str) -> Option<u8> {
    match glyph {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

fn collapse_whitespace(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: u32,
    column: u32,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer {
            chars: text.chars().collect(),
            i: 0,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error_here(&self, token: impl Into<String>, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            column: self.column,
            token: token.into(),
            kind,
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && self.column == 1 {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn next(&mut self) -> Result<Option<Token>, PgnError> {
        self.skip_blank();
        let (line, column, begin) = (self.line, self.column, self.i);
        let Some(c) = self.bump() else {
            return Ok(None);
        };
        let at = |tok: Tok, text: String| Token {
            tok,
            text,
            line,
            column,
        };
        let fail = |text: &str, kind: PgnErrorKind| PgnError {
            line,
            column,
            token: text.to_string(),
            kind,
        };
        let tok = match c {
            '[' => return self.tag(line, column).map(Some),
            '{' => {
                let mut body = String::new();
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(ch) => body.push(ch),
                        None => {
                            return Err(fail(
                                "{",
                                syntax(
                                    "comment not closed: '}' missing before the end of the text",
                                ),
                            ))
                        }
                    }
                }
                at(Tok::Comment(collapse_whitespace(&body)), "{".to_string())
            }
            ';' => {
                let mut body = String::new();
                while let Some(ch) = self.peek() {
                    if ch == '\n' {
                        break;
                    }
                    body.push(ch);
                    self.bump();
                }
                at(Tok::Comment(collapse_whitespace(&body)), ";".to_string())
            }
            '(' => at(Tok::Open, "(".to_string()),
            ')' => at(Tok::Close, ")".to_string()),
            '*' => at(Tok::Result("*".to_string()), "*".to_string()),
            '$' => {
                let mut digits = String::new();
                while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                    digits.push(d);
                    self.bump();
                }
                let text = format!("${digits}");
                match digits.parse::<u8>() {
                    Ok(n) => at(Tok::Nag(n), text),
                    Err(_) if digits.is_empty() => {
                        return Err(fail(&text, syntax("a NAG needs a number after '$'")))
                    }
                    Err(_) => return Err(fail(&text, syntax("a NAG must be between 0 and 255"))),
                }
            }
            _ if is_symbol_char(c) => {
                if c.is_ascii_digit() {
                    while self.peek().is_some_and(|d| d.is_ascii_digit()) {
                        self.bump();
                    }
                    if self.peek() == Some('.') {
                        while self.peek() == Some('.') {
                            self.bump();
                        }
                        let text: String = self.chars[begin..self.i].iter().collect();
                        return Ok(Some(at(Tok::MoveNumber, text)));
                    }
                }
                while self.peek().is_some_and(is_symbol_char) {
                    self.bump();
                }
                let text: String = self.chars[begin..self.i].iter().collect();
                at(
                    classify_symbol(&text).map_err(|kind| fail(&text, kind))?,
                    text,
                )
            }
            other => {
                let what = match other {
                    '}' => "'}' without a matching '{'".to_string(),
                    ']' => "']' outside a tag".to_string(),
                    _ => format!("unexpected character '{other}'"),
                };
                return Err(fail(&other.to_string(), syntax(what)));
            }
        };
        Ok(Some(tok))
    }

    fn tag(&mut self, line: u32, column: u32) -> Result<Token, PgnError> {
        let fail = |token: String, kind: PgnErrorKind| PgnError {
            line,
            column,
            token,
            kind,
        };
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(fail(
                "[".to_string(),
                syntax("a tag pair needs a name, like [Event \"...\"]"),
            ));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some('"') {
            return Err(fail(
                format!("[{name}"),
                syntax(format!("the tag {name} needs a value in double quotes")),
            ));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => break,
                },
                Some('\n') | None => {
                    return Err(fail(
                        format!("[{name}"),
                        syntax(format!(
                            "the value of tag {name} is not closed by '\"' on its line"
                        )),
                    ))
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            let found = self
                .peek()
                .map_or("end of text".to_string(), |c| format!("'{c}'"));
            return Err(self.error_here(
                self.peek().map_or(String::new(), |c| c.to_string()),
                syntax(format!("expected ']' to close tag {name}, found {found}")),
            ));
        }
        self.bump();
        let text = format!("[{name} \"{value}\"]");
        Ok(Token {
            tok: Tok::Tag(name, value),
            text,
            line,
            column,
        })
    }
}

fn is_symbol_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '[' | ']' | '{' | '}' | '(' | ')' | ';' | '$' | '"' | '*')
}

fn classify_symbol(text: &str) -> Result<Tok, PgnErrorKind> {
    match text {
        "1-0" | "0-1" | "1/2-1/2" | "*" => return Ok(Tok::Result(text.to_string())),
        "½-½" => return Ok(Tok::Result("1/2-1/2".to_string())),
        "e.p." | "ep" => return Ok(Tok::Ignored),
        _ => {}
    }
    let glyph_start = text.trim_end_matches(['!', '?']).len();
    let (san_text, glyph) = text.split_at(glyph_start);
    let nag = if glyph.is_empty() {
        None
    } else {
        Some(glyph_nag(glyph).ok_or_else(|| {
            syntax(format!(
                "unknown annotation '{glyph}' (expected !, ?, !!, ??, !? or ?!)"
            ))
        })?)
    };
    if san_text.is_empty() {
        return Ok(Tok::Nag(nag.unwrap_or(0)));
    }
    if san_text.chars().all(|c| c.is_ascii_digit()) {
        return Ok(Tok::MoveNumber);
    }
    Ok(Tok::San(san_text.to_string(), nag))
}

struct Parser {
    lexer: Lexer,
    peeked: Option<Option<Token>>,
}

struct Line {
    moves: Vec<PgnMove>,
    leading_comment: Option<String>,
    result: Option<String>,
}

fn append_comment(slot: &mut Option<String>, text: String) {
    match slot {
        Some(existing) if !existing.is_empty() && !text.is_empty() => {
            existing.push(' ');
            existing.push_str(&text);
        }
        Some(existing) if existing.is_empty() => *existing = text,
        Some(_) => {}
        None => *slot = Some(text),
    }
}

impl Parser {
    fn peek(&mut self) -> Result<Option<&Token>, PgnError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next()?);
        }
        Ok(self.peeked.as_ref().and_then(Option::as_ref))
    }

    fn next(&mut self) -> Result<Option<Token>, PgnError> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.lexer.next(),
        }
    }

    fn game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut tags = Vec::new();
        let mut fen_token = None;
        while let Some(Token {
            tok: Tok::Tag(..), ..
        }) = self.peek()?
        {
            let Some(t) = self.next()? else { break };
            if let Tok::Tag(name, value) = &t.tok {
                if name == "FEN" {
                    fen_token = Some(t.clone());
                }
                tags.push((name.clone(), value.clone()));
            }
        }
        if tags.is_empty() && self.peek()?.is_none() {
            return Ok(None);
        }
        let start = match &fen_token {
            Some(t) => match &t.tok {
                Tok::Tag(_, value) => {
                    fen::parse(value).map_err(|e| t.error(PgnErrorKind::Fen(e)))?
                }
                _ => Position::startpos(),
            },
            None => Position::startpos(),
        };
        let line = self.line(&start, 0, None)?;
        let result = line
            .result
            .or_else(|| {
                tags.iter()
                    .find(|(n, _)| n == "Result")
                    .map(|(_, v)| v.clone())
                    .filter(|v| matches!(v.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*"))
            })
            .unwrap_or_else(|| "*".to_string());
        Ok(Some(PgnGame {
            tags,
            start,
            moves: line.moves,
            result,
            comment_before_moves: line.leading_comment,
        }))
    }

    fn line(
        &mut self,
        start: &Position,
        depth: usize,
        open: Option<&Token>,
    ) -> Result<Line, PgnError> {
        let mut pos = start.clone();
        let mut before_last: Option<Position> = None;
        let mut line = Line {
            moves: Vec::new(),
            leading_comment: None,
            result: None,
        };
        loop {
            let at_tag = matches!(
                self.peek()?,
                Some(Token {
                    tok: Tok::Tag(..),
                    ..
                })
            );
            if at_tag || self.peek()?.is_none() {
                if let Some(open) = open {
                    return Err(open.error(syntax("variation not closed: ')' missing")));
                }
                return Ok(line);
            }
            let Some(t) = self.next()? else {
                return Ok(line);
            };
            match &t.tok {
                Tok::Tag(..) | Tok::MoveNumber | Tok::Ignored => {}
                Tok::Result(r) => {
                    if open.is_some() {
                        return Err(t.error(syntax(
                            "game result inside a variation: ')' missing before it",
                        )));
                    }
                    line.result = Some(r.clone());
                    return Ok(line);
                }
                Tok::Close => {
                    if open.is_some() {
                        return Ok(line);
                    }
                    return Err(t.error(syntax("')' without a matching '('")));
                }
                Tok::Comment(text) => match line.moves.last_mut() {
                    Some(last) => append_comment(&mut last.comment, text.clone()),
                    None => append_comment(&mut line.leading_comment, text.clone()),
                },
                Tok::Nag(n) => match line.moves.last_mut() {
                    Some(last) => last.nags.push(*n),
                    None => return Err(t.error(syntax("annotation before any move"))),
                },
                Tok::Open => {
                    let Some(before) = before_last.as_ref() else {
                        return Err(t.error(syntax(
                            "variation before any move: a variation follows the move it replaces",
                        )));
                    };
                    if depth + 1 >= MAX_VARIATION_DEPTH {
                        return Err(t.error(syntax(format!(
                            "variations nested more than {MAX_VARIATION_DEPTH} deep"
                        ))));
                    }
                    let before = before.clone();
                    let mut variation = self.line(&before, depth + 1, Some(&t))?;
                    if let Some(first) = variation.moves.first_mut() {
                        first.comment_before = variation.leading_comment.take();
                        if let Some(last) = line.moves.last_mut() {
                            last.variations.push(variation.moves);
                        }
                    }
                }
                Tok::San(text, nag) => {
                    let mv =
                        san::parse_san(&pos, text).map_err(|e| t.error(PgnErrorKind::Move(e)))?;
                    line.moves.push(PgnMove {
                        mv,
                        san: san::to_san(&pos, mv),
                        nags: nag.iter().copied().collect(),
                        comment_before: None,
                        comment: None,
                        variations: Vec::new(),
                    });
                    before_last = Some(pos.clone());
                    pos.make_move(mv);
                }
            }
        }
    }
}

/// Reads every game of a PGN text (an empty text has none).
///
/// # Errors
/// The first problem found, as a [`PgnError`] with line, column and token.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut parser = Parser {
        lexer: Lexer::new(text),
        peeked: None,
    };
    let mut games = Vec::new();
    while let Some(game) = parser.game()? {
        games.push(game);
    }
    Ok(games)
}

/// Reads the first game of a PGN text; the rest of the text is not read.
///
/// # Errors
/// A [`PgnError`] for the first problem in that game, or [`PgnErrorKind::NoGame`] when the text
/// holds no game.
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    let mut parser = Parser {
        lexer: Lexer::new(text),
        peeked: None,
    };
    match parser.game()? {
        Some(game) => Ok(game),
        None => Err(PgnError {
            line: parser.lexer.line,
            column: parser.lexer.column,
            token: String::new(),
            kind: PgnErrorKind::NoGame,
        }),
    }
}

/// The line width [`write_game`] wraps movetext at.
pub const LINE_WIDTH: usize = 80;

const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Movetext tokens, with `(` glued to the token after it and `)` to the one before.
#[derive(Default)]
struct Movetext {
    tokens: Vec<String>,
    open_pending: usize,
}

impl Movetext {
    fn push(&mut self, token: impl Into<String>) {
        let mut t = "(".repeat(self.open_pending);
        self.open_pending = 0;
        t.push_str(&token.into());
        self.tokens.push(t);
    }

    fn close(&mut self) {
        match self.tokens.last_mut() {
            Some(last) if self.open_pending == 0 => last.push(')'),
            _ => self.push(")"),
        }
    }

    fn comment(&mut self, text: &str) {
        let clean = text.replace('}', ")");
        // An embedded command such as `[%eval 0.17]` or `[%clk 0:03:00]` stays on one line:
        // tools read them with patterns that expect a single space inside.
        let mut words: Vec<String> = Vec::new();
        let mut in_command = false;
        for w in clean.split_whitespace() {
            match words.last_mut() {
                Some(last) if in_command => {
                    last.push(' ');
                    last.push_str(w);
                }
                _ => words.push(w.to_string()),
            }
            if w.starts_with("[%") {
                in_command = true;
            }
            if w.contains(']') {
                in_command = false;
            }
        }
        match words.as_slice() {
            [] => self.push("{}"),
            [only] => self.push(format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.push(format!("{{{first}"));
                for w in middle {
                    self.push(w.as_str());
                }
                self.push(format!("{last}}}"));
            }
        }
    }
}

fn write_line(out: &mut Movetext, moves: &[PgnMove], fullmove: u32, side: Side) {
    let (mut number, mut side) = (fullmove, side);
    let mut need_number = true;
    for m in moves {
        if let Some(c) = &m.comment_before {
            out.comment(c);
            need_number = true;
        }
        match side {
            Side::White => out.push(format!("{number}.")),
            Side::Black if need_number => out.push(format!("{number}...")),
            Side::Black => {}
        }
        out.push(m.san.clone());
        for nag in &m.nags {
            out.push(format!("${nag}"));
        }
        need_number = false;
        if let Some(c) = &m.comment {
            out.comment(c);
            need_number = true;
        }
        for variation in &m.variations {
            if variation.is_empty() {
                continue;
            }
            out.open_pending += 1;
            write_line(out, variation, number, side);
            out.close();
            need_number = true;
        }
        if side == Side::Black {
            number = number.saturating_add(1);
        }
        side = !side;
    }
}

/// Writes a game in PGN export format: the Seven Tag Roster in standard order (missing tags as
/// `?`, `????.??.??`; `Result` from `game.result`), then `SetUp` and `FEN` when the game does not
/// start from the standard position, then the other tags in order; a blank line; the movetext
/// with move numbers, comments, NAGs and variations, wrapped at [`LINE_WIDTH`] columns (a single
/// word longer than that stays whole), ending with the result.
///
/// Tags whose name is not a PGN symbol (letters, digits, `_`) are left out, and a `}` inside a
/// comment is written as `)`, since PGN cannot express either. Whitespace inside a comment is
/// collapsed to single spaces (as reading does), since wrapping may break the comment anywhere.
pub fn write_game(game: &PgnGame) -> String {
    let result = match game.result.as_str() {
        r @ ("1-0" | "0-1" | "1/2-1/2") => r,
        _ => "*",
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag_value(value)));
    };
    for (name, default) in ROSTER {
        tag(name, game.tag(name).unwrap_or(default));
    }
    tag("Result", result);
    if game.start != Position::startpos() {
        tag("SetUp", "1");
        tag("FEN", &fen::to_fen(&game.start));
    }
    for (name, value) in &game.tags {
        let known = ROSTER.iter().any(|(n, _)| n == name)
            || matches!(name.as_str(), "Result" | "SetUp" | "FEN");
        if !known && is_tag_name(name) {
            tag(name, value);
        }
    }
    out.push('\n');

    let mut text = Movetext::default();
    if let Some(c) = &game.comment_before_moves {
        text.comment(c);
    }
    write_line(
        &mut text,
        &game.moves,
        game.start.fullmove_number(),
        game.start.side_to_move(),
    );
    text.push(result);

    let mut line_len = 0;
    for token in text.tokens {
        if line_len > 0 && line_len + 1 + token.chars().count() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += token.chars().count();
        out.push_str(&token);
    }
    out.push('\n');
    out
}
