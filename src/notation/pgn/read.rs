//! Reading PGN: a lexer over the text and a parser that builds [`PgnGame`]s, recovering from a
//! bad game at the start of the next tag section.

use super::annotations::{append_text, collapse_whitespace, Annotations};
use super::{is_tag_name, PgnError, PgnErrorKind, PgnGame, PgnMove};
use crate::notation::fen;
use crate::notation::san;
use crate::rules::{CastlingMode, Position};

/// Nesting of variations read: a variation may open at a depth below this (the main line is
/// depth 0), so at most 63 nest, as in a game's tree; hostile input cannot exhaust the stack.
const MAX_VARIATION_DEPTH: usize = 64;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u8),
    /// A move number (`12.`, `12...`) or dots standing alone (`...`).
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
    /// The byte offset of the token's first character.
    offset: usize,
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

struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    i: usize,
    line: u32,
    /// Column of the next character, in characters, from 1.
    column: u32,
    /// Nothing but a byte-order mark stands between the start of the line and the next character.
    at_line_start: bool,
    /// The number of the game being read, from 1.
    game: u32,
    /// The text could not be read as tokens (since the current game started).
    failed: bool,
    /// No `}` at or after this byte offset (found by a comment left open): a later `{` there
    /// fails at once instead of searching the rest of the text again, which made a file of
    /// many games with unclosed comments take time quadratic in its size.
    no_close_from: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            i: 0,
            line: 1,
            column: 1,
            at_line_start: true,
            game: 1,
            failed: false,
            no_close_from: usize::MAX,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.i..].chars().next()
    }

    /// Takes the next character. A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files,
    /// and text handed over as a string without the byte reader's conversion). A byte-order mark
    /// takes no column, as editors show it.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += c.len_utf8();
        if c == '\n' || (c == '\r' && !self.text[self.i..].starts_with('\n')) {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else if c != '\u{feff}' {
            self.column += 1;
            self.at_line_start = false;
        }
        Some(c)
    }

    /// The byte offset where the line holding byte `at` starts (after a `\n` or a lone `\r`).
    fn line_start(&self, at: usize) -> usize {
        let bytes = self.text.as_bytes();
        let mut end = at;
        loop {
            match self.text[..end].rfind(['\n', '\r']) {
                None => return 0,
                // The `\r` of a `\r\n` whose `\n` is at `at` (a later `\n` would have been
                // found first): the line holding `at` ends there, it starts before.
                Some(n) if bytes[n] == b'\r' && bytes.get(n + 1) == Some(&b'\n') => end = n,
                Some(n) => return n + 1,
            }
        }
    }

    fn error(
        &self,
        line: u32,
        column: u32,
        token: impl Into<String>,
        kind: PgnErrorKind,
    ) -> PgnError {
        PgnError {
            game: self.game,
            line,
            column,
            token: token.into(),
            kind,
        }
    }

    fn skip_line(&mut self) {
        let line = self.line;
        while self.line == line && self.bump().is_some() {}
    }

    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            // A byte-order mark, and DOS's end-of-file mark (Ctrl-Z) that old tools leave at
            // the end of a file, are read as spaces.
            if c.is_whitespace() || c == '\u{feff}' || c == '\u{1a}' {
                self.bump();
            } else if c == '%' && self.at_line_start {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    /// Moves to the start of the next tag section after line `line` (at or before the current
    /// one): the next line starting with `[` whose previous line does not, so that the rest of
    /// a bad game's tags is skipped too.
    fn recover_after(&mut self, line: u32) {
        // Back to the start of `line`, counting lines on the way.
        loop {
            let start = self.line_start(self.i);
            self.i = start;
            self.column = 1;
            self.at_line_start = true;
            if self.line <= line || start == 0 {
                break;
            }
            // Into the line before: just before its end (`\n`, `\r\n` or `\r`).
            self.i = start - 1;
            if self.text[..self.i].ends_with('\r') && self.text[self.i..].starts_with('\n') {
                self.i -= 1;
            }
            self.line -= 1;
        }
        let mut previous_is_tag = self.line_starts_with_tag();
        self.skip_line();
        while self.peek().is_some() {
            let is_tag = self.line_starts_with_tag();
            if is_tag && !previous_is_tag {
                return;
            }
            previous_is_tag = is_tag;
            self.skip_line();
        }
    }

    fn line_starts_with_tag(&self) -> bool {
        self.text[self.i..]
            .trim_start_matches(|c: char| {
                c == '\u{feff}' || (c.is_whitespace() && c != '\n' && c != '\r')
            })
            .starts_with('[')
    }

    /// The next token. A bad token that is still a token of its own (a stray `}` or `]`, a NAG
    /// out of range, a word that is no move) leaves the reader after it, so that the rest of the
    /// text is read as before; a tag or a comment that cannot be read sets `failed`.
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
            offset: begin,
        };
        let tok = match c {
            '[' => {
                // A tag that cannot be read leaves no way to tell where it ends.
                let tag = self.tag(line, column, begin);
                self.failed |= tag.is_err();
                return tag.map(Some);
            }
            '{' => {
                let close = if self.i < self.no_close_from {
                    self.text[self.i..].find('}')
                } else {
                    None
                };
                let Some(len) = close else {
                    self.no_close_from = self.no_close_from.min(self.i);
                    self.failed = true;
                    return Err(self.error(
                        line,
                        column,
                        "{",
                        syntax("comment not closed: '}' missing before the end of the text"),
                    ));
                };
                let body = &self.text[self.i..self.i + len];
                while self.i < begin + 1 + len + 1 {
                    self.bump();
                }
                at(Tok::Comment(body.to_string()), "{".to_string())
            }
            ';' => {
                let len = self.text[self.i..]
                    .find(['\n', '\r'])
                    .unwrap_or(self.text.len() - self.i);
                let body = &self.text[self.i..self.i + len];
                while self.i < begin + 1 + len {
                    self.bump();
                }
                at(Tok::Comment(body.to_string()), ";".to_string())
            }
            '(' => at(Tok::Open, "(".to_string()),
            ')' => at(Tok::Close, ")".to_string()),
            '*' => at(Tok::Result("*".to_string()), "*".to_string()),
            '$' => {
                while self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    self.bump();
                }
                let text = self.text[begin..self.i].to_string();
                match text[1..].parse::<u8>() {
                    Ok(n) => at(Tok::Nag(n), text),
                    Err(_) if text.len() == 1 => {
                        return Err(self.error(
                            line,
                            column,
                            text,
                            syntax("a NAG needs a number after '$'"),
                        ))
                    }
                    Err(_) => {
                        return Err(self.error(
                            line,
                            column,
                            text,
                            syntax("a NAG must be between 0 and 255"),
                        ))
                    }
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
                        return Ok(Some(at(
                            Tok::MoveNumber,
                            self.text[begin..self.i].to_string(),
                        )));
                    }
                }
                while self.peek().is_some_and(is_symbol_char) {
                    self.bump();
                }
                let text = self.text[begin..self.i].to_string();
                match classify_symbol(&text) {
                    Ok(tok) => at(tok, text),
                    Err(kind) => return Err(self.error(line, column, text, kind)),
                }
            }
            other => {
                let what = match other {
                    '}' => "'}' without a matching '{'".to_string(),
                    ']' => "']' outside a tag".to_string(),
                    _ => format!("unexpected character '{other}'"),
                };
                return Err(self.error(line, column, other.to_string(), syntax(what)));
            }
        };
        Ok(Some(tok))
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// The byte offset of the first unescaped `"` on the rest of the line that is followed by a
    /// `]` (spaces and tabs apart), if any: where a tag's value ends.
    ///
    /// It stops at the first such quote, so that a file whose games all stand on one line is
    /// read in linear time (it scanned to the end of the line for every tag).
    fn closing_quote(&self) -> Option<usize> {
        let rest = &self.text[self.i..];
        let closes = |k: usize| {
            rest[k + 1..]
                .trim_start_matches([' ', '\t'])
                .starts_with(']')
        };
        // A value ending in a backslash, as writers that do not escape write `C:\`: the quote
        // after it, which a `]` follows, ends the value when no unescaped one does.
        let mut after_backslash = None;
        let mut chars = rest.char_indices();
        while let Some((k, c)) = chars.next() {
            match c {
                '\n' | '\r' => break,
                '\\' => match chars.next() {
                    Some((q, '"')) => {
                        if after_backslash.is_none() && closes(q) {
                            after_backslash = Some(q);
                        }
                    }
                    // A backslash ending the line escapes nothing: the line ends.
                    Some((_, '\n' | '\r')) | None => break,
                    Some(_) => {}
                },
                '"' if closes(k) => return Some(self.i + k),
                _ => {}
            }
        }
        after_backslash.map(|k| self.i + k)
    }

    fn tag(&mut self, line: u32, column: u32, begin: usize) -> Result<Token, PgnError> {
        self.skip_spaces();
        let name_start = self.i;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !matches!(c, '"' | ']' | '['))
        {
            self.bump();
        }
        let name = self.text[name_start..self.i].to_string();
        if name.is_empty() {
            return Err(self.error(
                line,
                column,
                "[",
                syntax("a tag pair needs a name, like [Event \"...\"]"),
            ));
        }
        if !is_tag_name(&name) {
            return Err(self.error(
                line,
                column,
                format!("[{name}"),
                syntax(format!(
                    "invalid tag name '{name}': tag names are ASCII letters, digits and '_'"
                )),
            ));
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(self.error(
                line,
                column,
                format!("[{name}"),
                syntax(format!("the tag {name} needs a value in double quotes")),
            ));
        }
        self.bump();
        // Some writers (python-chess among them) do not escape a quote inside a value:
        // `[Event "Rated "blitz" game"]`. The value ends at the first unescaped quote that a
        // `]` follows (spaces apart); quotes before it are part of it. A well-formed tag is read
        // as before; without such a quote on the line, the first one ends the value.
        let closing = self.closing_quote();
        let mut value = String::new();
        loop {
            let at = self.i;
            match self.bump() {
                Some('"') if closing.is_some_and(|end| at < end) => value.push('"'),
                Some('"') => break,
                Some('\\') => match self.peek() {
                    // The backslash is the value's last character, not an escape.
                    Some('"') if closing == Some(self.i) => value.push('\\'),
                    Some(c @ ('"' | '\\')) => {
                        self.bump();
                        value.push(c);
                    }
                    _ => value.push('\\'),
                },
                Some('\n' | '\r') | None => {
                    return Err(self.error(
                        line,
                        column,
                        format!("[{name}"),
                        syntax(format!(
                            "the value of tag {name} is not closed by '\"' on its line"
                        )),
                    ))
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            // A line break is named, not quoted: the message stays on one line.
            let (found, token) = match self.peek() {
                None => ("end of text".to_string(), String::new()),
                Some('\n' | '\r') => ("the end of the line".to_string(), String::new()),
                Some(c) => (format!("'{c}'"), c.to_string()),
            };
            return Err(self.error(
                self.line,
                self.column,
                token,
                syntax(format!("expected ']' to close tag {name}, found {found}")),
            ));
        }
        self.bump();
        Ok(Token {
            text: self.text[begin..self.i].to_string(),
            tok: Tok::Tag(name, value),
            line,
            column,
            offset: begin,
        })
    }
}

/// `true` for the values of the `Variant` tag that name the standard rules (`Standard`,
/// `Chess`, `Normal`, lichess's `From Position` for a game from a set-up position, or nothing),
/// any case.
pub(crate) fn is_standard_variant(value: &str) -> bool {
    matches!(
        variant_key(value).as_str(),
        "" | "standard" | "chess" | "normal" | "fromposition" | "orthodox"
    )
}

/// A `Variant` tag's value in lower case without spaces and dashes.
fn variant_key(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// `true` for the values of the `Variant` tag that name Chess960 (`Chess960`, `chess 960`,
/// `Fischerandom`, `Fischer Random`, any case).
fn is_chess960_variant(value: &str) -> bool {
    matches!(
        variant_key(value).as_str(),
        "chess960" | "fischerandom" | "fischerrandom" | "960"
    )
}

fn is_symbol_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '[' | ']' | '{' | '}' | '(' | ')' | ';' | '$' | '"' | '*')
}

fn classify_symbol(text: &str) -> Result<Tok, PgnErrorKind> {
    match text {
        "1-0" | "0-1" | "1/2-1/2" | "*" => return Ok(Tok::Result(text.to_string())),
        "½-½" | "½–½" | "1/2–1/2" => return Ok(Tok::Result("1/2-1/2".to_string())),
        // En dashes, as a word processor turns the hyphen.
        "1–0" => return Ok(Tok::Result("1-0".to_string())),
        "0–1" => return Ok(Tok::Result("0-1".to_string())),
        "e.p." | "ep" => return Ok(Tok::Ignored),
        // Not a result, though it looks like half of one: say so rather than read it as SAN.
        "1/2" | "½" | "0.5-0.5" => {
            return Err(syntax(format!(
                "'{text}' is not a result: a drawn game ends with 1/2-1/2"
            )))
        }
        _ if text.bytes().all(|b| b == b'.') || text == "…" => return Ok(Tok::MoveNumber),
        _ => {}
    }
    if let Some(nag) = symbol_nag(text) {
        return Ok(Tok::Nag(nag));
    }
    // A glyph may stand before the check sign (`Qxf7!#`, `Bxd5!?+`) or after it (`Qxf7#!`, where
    // no check sign ends the text and `body` is all of it).
    let body = text.trim_end_matches(['+', '#']);
    let check = &text[body.len()..];
    let (san, glyph) = body.split_at(body.trim_end_matches(['!', '?']).len());
    let san_text = format!("{san}{check}");
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
    Ok(Tok::San(san_text, nag))
}

/// The NAG of an evaluation symbol written as text, as Scid writes them when told to and people
/// annotate by hand: `=` (10), `∞` or `~` (13), `+=` `+/=` `⩲` (14), `=+` `=/+` `⩱` (15), `+/-`
/// `±` (16), `-/+` `∓` (17), `+-` (18), `-+` (19), `N` for a novelty (146) and `D` for a
/// diagram (220, ChessBase's). None of them is SAN.
fn symbol_nag(text: &str) -> Option<u8> {
    Some(match text {
        "=" => 10,
        "∞" | "~" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        "N" => 146,
        "D" => 220,
        _ => return None,
    })
}

/// A line of moves being read: the main line or a variation.
struct Line {
    moves: Vec<PgnMove>,
    /// Annotations before the first move: of the start position for the main line, of the
    /// first move for a variation (moved there when it is read).
    leading: Annotations,
    result: Option<String>,
}

pub(super) struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Option<Token>>,
    /// The byte offset of the first token taken for the game being read (`None` before it).
    game_start: Option<usize>,
    /// The byte offset just after the last token taken for the game being read.
    game_end: usize,
    /// An error met looking past a finished game's result (a broken tag that starts the next
    /// game): the next game's, reported when it is read, so that the finished game is kept.
    held_error: Option<PgnError>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        Parser {
            lexer: Lexer::new(text),
            peeked: None,
            game_start: None,
            game_end: 0,
            held_error: None,
        }
    }

    /// The text of the game read last, as written: from its first token (a tag, a comment or a
    /// move) to its last (its result, or a comment after the result that belongs to it), without
    /// the blank lines, `%` lines or byte-order mark around it. Empty before any game.
    pub(super) fn game_text(&self) -> &'a str {
        let text = self.lexer.text;
        self.game_start
            .and_then(|start| text.get(start..self.game_end.max(start)))
            .unwrap_or("")
    }

    fn peek(&mut self) -> Result<Option<&Token>, PgnError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next()?);
        }
        Ok(self.peeked.as_ref().and_then(Option::as_ref))
    }

    fn next(&mut self) -> Result<Option<Token>, PgnError> {
        let token = match self.peeked.take() {
            Some(t) => t,
            None => self.lexer.next()?,
        };
        if let Some(t) = &token {
            // Only one token is ever peeked: the lexer stands just after the token taken.
            self.game_start.get_or_insert(t.offset);
            self.game_end = self.lexer.i;
        }
        Ok(token)
    }

    fn error(&self, token: &Token, kind: PgnErrorKind) -> PgnError {
        self.lexer
            .error(token.line, token.column, token.text.clone(), kind)
    }

    /// The next game, `None` at the end of the text. After an error the reader is at the start
    /// of the next game, so reading may go on.
    pub(super) fn next_game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        self.game_start = None;
        if let Some(mut e) = self.held_error.take() {
            e.game = self.lexer.game;
            self.skip_rest_of_game(e.line);
            self.lexer.game += 1;
            return Some(Err(e));
        }
        self.lexer.failed = false;
        let result = self.game();
        if let Err(e) = &result {
            self.skip_rest_of_game(e.line);
        }
        self.lexer.game += 1;
        result.transpose()
    }

    /// After an error at line `line`: moves on to the next game. When the text could still be
    /// read as tokens, the bad game ends at its result (so that a game without tags after it is
    /// kept) or at the next tag pair; otherwise at the next tag section.
    fn skip_rest_of_game(&mut self, line: u32) {
        let mut from = line;
        if !self.lexer.failed {
            loop {
                match self
                    .peek()
                    .map(|t| t.map(|t| matches!(t.tok, Tok::Tag(..))))
                {
                    Ok(None | Some(true)) => return,
                    Ok(Some(false)) => {}
                    // A bad token of its own (a stray `}`): skipped, as the rest of the game.
                    Err(_) if !self.lexer.failed => continue,
                    Err(_) => break,
                }
                if let Ok(Some(Token {
                    tok: Tok::Result(_),
                    ..
                })) = self.next()
                {
                    let mut ignored = Line {
                        moves: Vec::new(),
                        leading: Annotations::default(),
                        result: None,
                    };
                    if self.trailing_comments(&mut ignored).is_ok() {
                        return;
                    }
                    break;
                }
            }
            from = self.lexer.line;
        }
        self.peeked = None;
        self.lexer.recover_after(from);
    }

    /// The line and column where the reader stands (for "no game found").
    pub(super) fn here(&self) -> (u32, u32) {
        (self.lexer.line, self.lexer.column)
    }

    /// The next game, without recovery after an error.
    pub(super) fn game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut tags = Vec::new();
        let mut fen_token = None;
        let mut variant_token = None;
        // `;` comment lines among the tags (before or between them, as some tools write) do
        // not end the tag section: they go before the first move, with the start's comment.
        let mut among_tags = Vec::new();
        // The line the last tag or `;` line of this section stood on.
        let mut last_line: Option<u32> = None;
        while let Some(peeked) = self.peek()? {
            let line_comment = matches!(peeked.tok, Tok::Comment(_)) && peeked.text == ";";
            if !line_comment && !matches!(peeked.tok, Tok::Tag(..)) {
                break;
            }
            // A game of tags only (no movetext, not even a result): a tag that repeats one of
            // this section's names after a line break in the section starts the next game,
            // instead of merging both games' tags (FEN included) into one.
            if let Tok::Tag(name, _) = &peeked.tok {
                let gap = last_line.is_some_and(|l| peeked.line > l + 1);
                if gap && tags.iter().any(|(n, _)| n == name) {
                    break;
                }
            }
            last_line = Some(peeked.line);
            let Some(t) = self.next()? else { break };
            if let Tok::Comment(body) = t.tok {
                among_tags.push(body);
                continue;
            }
            if let Tok::Tag(name, value) = &t.tok {
                if name == "FEN" {
                    fen_token = Some((t.clone(), value.clone()));
                }
                if name == "Variant" {
                    variant_token = Some((t.clone(), value.clone()));
                }
                tags.push((name.clone(), value.clone()));
            }
        }
        if tags.is_empty() && among_tags.is_empty() && self.peek()?.is_none() {
            return Ok(None);
        }
        if let Some((t, value)) = &variant_token {
            if !is_standard_variant(value) && !is_chess960_variant(value) {
                return Err(self.error(
                    t,
                    syntax(format!(
                        "the variant '{value}' is not supported: only standard chess and Chess960 are"
                    )),
                ));
            }
        }
        let chess960 = variant_token
            .as_ref()
            .is_some_and(|(_, v)| is_chess960_variant(v));
        // Castling rights and an en passant square the position cannot have are dropped, as
        // python-chess does (a FEN copied with `KQkq` after the king has moved is common), and
        // without the tag `KQkq` means standard chess (Shredder-FEN rights are Chess960's).
        let start = match &fen_token {
            Some((t, value)) => {
                let read = if chess960 {
                    fen::parse_with_mode(value, CastlingMode::Chess960).or_else(|e| {
                        fen::parse_repairing(value, CastlingMode::Chess960)
                            .ok()
                            .and_then(|(pos, _)| {
                                pos.with_castling_mode(CastlingMode::Chess960).ok()
                            })
                            .ok_or(e)
                    })
                } else {
                    fen::parse_repairing(value, CastlingMode::Standard).map(|(pos, _)| pos)
                };
                read.map_err(|e| self.error(t, PgnErrorKind::Fen(e)))?
            }
            None if chess960 => Position::startpos()
                .with_castling_mode(CastlingMode::Chess960)
                .unwrap_or_else(|_| Position::startpos()),
            None => Position::startpos(),
        };
        let mut line = self.line(&start, 0, None)?;
        if !among_tags.is_empty() {
            let mut leading = Annotations::default();
            for body in &among_tags {
                let text = leading.take_commands(body);
                append_text(&mut leading.comment_after, text);
            }
            absorb(&mut leading, std::mem::take(&mut line.leading));
            line.leading = leading;
        }
        if line.result.is_some() {
            self.trailing_comments(&mut line)?;
        }
        let result = line
            .result
            .or_else(|| {
                tags.iter()
                    .rev()
                    .find(|(n, _)| n == "Result")
                    .map(|(_, v)| v.clone())
                    .filter(|v| matches!(v.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*"))
            })
            .unwrap_or_else(|| "*".to_string());
        Ok(Some(PgnGame {
            tags,
            start,
            root: line.leading,
            moves: line.moves,
            result,
        }))
    }

    /// Comments after the result, up to the next tag pair or the end of the text, belong to the
    /// game that ended: they are added to the last move's comment (or the start's), instead of
    /// making an empty game of their own. Followed by moves, they start the next game.
    fn trailing_comments(&mut self, line: &mut Line) -> Result<(), PgnError> {
        let end_before = self.game_end;
        let mut comments = Vec::new();
        loop {
            match self.peek() {
                Ok(Some(Token {
                    tok: Tok::Comment(_),
                    ..
                })) => {}
                Ok(_) => break,
                // What follows the game cannot be read (a tag left open): the next game's error.
                Err(e) => {
                    self.held_error = Some(e);
                    break;
                }
            }
            if let Some(t) = self.next()? {
                comments.push(t);
            }
        }
        if comments.is_empty() || self.held_error.is_some() {
            self.attach_trailing(line, comments);
            return Ok(());
        }
        let ends = matches!(
            self.peek()?,
            None | Some(Token {
                tok: Tok::Tag(..),
                ..
            })
        );
        if !ends {
            // The comments open a game without tags: read them again as its start.
            self.lexer
                .rewind_tokens(comments[0].offset, comments[0].line, comments[0].column);
            self.peeked = None;
            self.game_end = end_before;
            return Ok(());
        }
        self.attach_trailing(line, comments);
        Ok(())
    }

    /// Gives comments read after a game's result to its last move (or its start).
    fn attach_trailing(&self, line: &mut Line, comments: Vec<Token>) {
        let target = match line.moves.last_mut() {
            Some(last) => &mut last.annotations,
            None => &mut line.leading,
        };
        for t in comments {
            if let Tok::Comment(body) = t.tok {
                let text = target.take_commands(&body);
                append_text(&mut target.comment_after, text);
            }
        }
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
            leading: Annotations::default(),
            result: None,
        };
        // The comments right after a move (or, in the main line, after the start) are that
        // move's; an empty comment `{}` ends them, and later ones, and those after a variation
        // or at the start of one, go before the next move.
        let mut after_move = depth == 0;
        let mut pending = Annotations::default();
        // A clock and evaluation read before a move (at the start of a variation): the move's
        // own, read after it, come first, and these join them once its comments are read.
        let mut carried = Annotations::default();
        // Where the move number just read starts (`3.`, `3...`), for the text of moves kept
        // unplayed.
        let mut number_at: Option<usize> = None;
        loop {
            let at_end = matches!(
                self.peek()?,
                None | Some(Token {
                    tok: Tok::Tag(..),
                    ..
                })
            );
            if at_end {
                if let Some(open) = open {
                    return Err(self.error(open, syntax("variation not closed: ')' missing")));
                }
                finish_line(&mut line, pending, carried);
                return Ok(line);
            }
            let Some(t) = self.next()? else {
                finish_line(&mut line, pending, carried);
                return Ok(line);
            };
            let numbered = number_at.take();
            if t.tok == Tok::MoveNumber {
                number_at = Some(numbered.unwrap_or(t.offset));
            }
            match &t.tok {
                Tok::Tag(..) | Tok::MoveNumber | Tok::Ignored => {}
                Tok::Result(r) => {
                    if open.is_some() {
                        return Err(self.error(
                            &t,
                            syntax("game result inside a variation: ')' missing before it"),
                        ));
                    }
                    line.result = Some(r.clone());
                    finish_line(&mut line, pending, carried);
                    return Ok(line);
                }
                Tok::Close => {
                    if open.is_none() {
                        return Err(self.error(&t, syntax("')' without a matching '('")));
                    }
                    finish_line(&mut line, pending, carried);
                    return Ok(line);
                }
                Tok::Comment(body) => {
                    if body.trim().is_empty() {
                        // `{}`: what follows is the next move's (the writer's place holder). An
                        // empty `;` line says nothing.
                        if t.text == "{" {
                            after_move = false;
                        }
                        continue;
                    }
                    // Commands (`[%clk]`, `[%eval]`, ...) are about the move just played,
                    // wherever its comments stand (before the first move, about the start); at
                    // the start of a variation, about the position before its first move,
                    // which takes them after its own.
                    let text = match line.moves.last_mut() {
                        Some(last) => last.annotations.take_commands(body),
                        None if after_move || depth == 0 => line.leading.take_commands(body),
                        None => pending.take_commands(body),
                    };
                    let slot = match line.moves.last_mut() {
                        Some(last) if after_move => &mut last.annotations.comment_after,
                        None if after_move => &mut line.leading.comment_after,
                        _ => &mut pending.comment_before,
                    };
                    append_text(slot, text);
                }
                Tok::Nag(n) => match line.moves.last_mut() {
                    Some(last) => last.annotations.nags.push(*n),
                    // Before a line's first move (ChessBase starts variations with `$142`,
                    // "better is", or `$140`, "with the idea"): the move's, as a comment there
                    // would be; the whole game was refused.
                    None => pending.nags.push(*n),
                },
                Tok::Open => {
                    settle(&mut line, &mut carried);
                    let Some(before) = before_last.as_ref() else {
                        return Err(self.error(
                            &t,
                            syntax(
                                "variation before any move: a variation follows the move it replaces",
                            ),
                        ));
                    };
                    if depth + 1 >= MAX_VARIATION_DEPTH {
                        return Err(self.error(
                            &t,
                            syntax(format!(
                                "variations nested more than {} deep",
                                MAX_VARIATION_DEPTH - 1
                            )),
                        ));
                    }
                    let before = before.clone();
                    let variation = self.line(&before, depth + 1, Some(&t))?;
                    if let Some(last) = line.moves.last_mut() {
                        if variation.moves.is_empty() {
                            // A variation of comments only: its words stay with the move.
                            absorb(&mut last.annotations, variation.leading);
                        } else {
                            last.variations.push(variation.moves);
                        }
                    }
                    after_move = false;
                }
                Tok::San(text, nag) => {
                    // A null move (ChessBase writes `--` in analysis: "if Black could pass"),
                    // and moves after a checkmate or stalemate, which no position can play: the
                    // rest of the line is kept as a comment, and the game is read.
                    // (Looked at only when the move cannot be read: a move that can is played.)
                    let read = if is_null_move(text) {
                        Err(None)
                    } else {
                        san::parse_san(&pos, text).map_err(Some)
                    };
                    let mv = match read {
                        Ok(mv) => mv,
                        Err(e) => {
                            let what = match e {
                                None => "a null move and what follows, not played",
                                Some(_) if !pos.has_legal_moves() => {
                                    "moves after the end of the game, not played"
                                }
                                Some(e) => return Err(self.error(&t, PgnErrorKind::Move(e))),
                            };
                            let rest = self.rest_of_line_text(numbered.unwrap_or(t.offset))?;
                            let note = format!("{what}: {rest}");
                            append_text(&mut pending.comment_before, Some(note));
                            continue;
                        }
                    };
                    settle(&mut line, &mut carried);
                    let mut annotations = std::mem::take(&mut pending);
                    annotations.nags.extend(nag.iter().copied());
                    carried.clock = annotations.clock.take();
                    carried.eval = annotations.eval.take();
                    line.moves.push(PgnMove {
                        mv,
                        san: san::to_san(&pos, mv),
                        annotations,
                        variations: Vec::new(),
                    });
                    before_last = Some(pos.clone());
                    pos.make_move(mv);
                    after_move = true;
                }
            }
        }
    }
}

impl Parser<'_> {
    /// The text of the rest of the line from byte `from` (the tokens up to the last one taken
    /// already), read up to the `)` that closes it or, in the main line, the result (both left
    /// to be read), as a comment can hold it: braces become quotes, whitespace single spaces, and
    /// commands (`[%clk]`, `[%cal]`) are left out, as they describe moves not played (read back,
    /// they would become the annotations of the move before). Variations after the null move go
    /// with it: there is no move for them to stand beside.
    fn rest_of_line_text(&mut self, from: usize) -> Result<String, PgnError> {
        let mut nested = 0usize;
        loop {
            let stop = match self.peek()? {
                None => true,
                Some(t) => match t.tok {
                    Tok::Tag(..) => true,
                    Tok::Result(_) | Tok::Close => nested == 0,
                    _ => false,
                },
            };
            if stop {
                break;
            }
            match self.next()?.map(|t| t.tok) {
                Some(Tok::Open) => nested += 1,
                Some(Tok::Close) => nested -= 1,
                _ => {}
            }
        }
        let raw = &self.lexer.text[from..self.game_end.max(from)];
        // Each comment in quotes, without its commands (and dropped when nothing else is left).
        let mut words = String::new();
        let mut rest = raw;
        while let Some(open) = rest.find('{') {
            words.push_str(&rest[..open]);
            let inside = &rest[open + 1..];
            let close = inside.find('}').unwrap_or(inside.len());
            if let Some(text) = Annotations::default().take_commands(&inside[..close]) {
                words.push_str(&format!(" \"{text}\" "));
            }
            rest = inside.get(close + 1..).unwrap_or("");
        }
        words.push_str(rest);
        Ok(collapse_whitespace(&words))
    }
}

/// `true` for a null move as PGN writers give it (`--` ChessBase and lichess, `Z0` some others;
/// UCI's `0000` reads as a move number, all digits).
fn is_null_move(text: &str) -> bool {
    matches!(text.trim_end_matches(['+', '#']), "--" | "Z0")
}

impl Lexer<'_> {
    /// Goes back to a token already read (on the same or an earlier line).
    fn rewind_tokens(&mut self, offset: usize, line: u32, column: u32) {
        self.i = offset;
        self.line = line;
        self.column = column;
        self.at_line_start = column == 1;
    }
}

/// Adds annotations collected before a move that never came: their commands join `target`'s,
/// their text its comment after.
fn absorb(target: &mut Annotations, mut extra: Annotations) {
    let text = extra.comment_before.take();
    append_text(&mut target.comment_after, extra.comment_after);
    append_text(&mut target.comment_after, text);
    target.nags.extend(extra.nags);
    target.clock = target.clock.or(extra.clock);
    target.eval = target.eval.or(extra.eval);
    target.squares.extend(extra.squares);
    target.arrows.extend(extra.arrows);
    target.commands.extend(extra.commands);
}

/// The clock and evaluation `carried` from before the last move join its own, which come first
/// ([`Annotations::merge`]: a second, different one is kept as a command).
fn settle(line: &mut Line, carried: &mut Annotations) {
    if let Some(last) = line.moves.last_mut() {
        last.annotations.merge(&std::mem::take(carried));
    }
}

/// Comments left at the end of a line (no move followed them) join the last move's comment; in
/// a line without moves, the start's (main line) or the caller's (variation).
fn finish_line(line: &mut Line, pending: Annotations, mut carried: Annotations) {
    settle(line, &mut carried);
    if pending.is_empty() {
        return;
    }
    match line.moves.last_mut() {
        Some(last) => absorb(&mut last.annotations, pending),
        None => absorb(&mut line.leading, pending),
    }
}
