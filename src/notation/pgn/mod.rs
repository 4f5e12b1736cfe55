//! Portable Game Notation (PGN): reading real-world files and writing the standard's export
//! format.
//!
//! # Reading
//! [`read_games`] reads every game of a file, one result per game: a bad game gives a
//! [`PgnError`] (game number, line, column, token, what is wrong) and reading goes on at the next
//! tag section, so one broken game never costs the others. [`parse_game`] reads the first game.
//!
//! Accepted: tag pairs with `\"` and `\\` escapes (names of ASCII letters, digits and `_`,
//! checked by [`is_tag_name`]), and with a quote left unescaped inside the value, as some tools
//! write them (`[Event "Rated "blitz" game"]`: the value ends at the quote a `]` follows);
//! comments in braces (over several lines; whitespace collapsed to single spaces) and after
//! `;` (such a line among the tags goes before the first move); lines starting with `%` (also
//! after a byte-order mark); move numbers (`1.`, `1...`, `12.Nf3`) and dots standing alone (`1. ... e5`); NAGs (`$14`) and the
//! suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (kept as NAGs 1 to 6, also before a check sign:
//! `Qxf7!#`); evaluation symbols written as text (`+=`, `+/-`, `-+`, `=`, `N`, ...: kept as
//! their NAGs); DOS's end-of-file mark (Ctrl-Z); recursive variations to any
//! depth up to 64; the results `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*` (a missing terminator ends
//! the game at the next tag or the end of the text); games starting from a `[FEN]` tag (castling
//! rights and an en passant square its position cannot have are dropped, as
//! [`crate::notation::fen::parse_repairing`] does; without a `Variant` tag `KQkq` is standard
//! chess), and
//! Chess960 games (`[Variant "Chess960"]`). A game of another variant (`Crazyhouse`,
//! `Antichess`, ...) is refused with an error that names it, at its `Variant` tag. Moves
//! are SAN read leniently (see [`crate::notation::san`]) and checked for legality.
//!
//! Comments and their commands become [`Annotations`]: the comments right after a move are that
//! move's comment, joined (lichess writes its judgement of a move and the move's `[%eval]` and
//! `[%clk]` as two comments in a row), as python-chess reads them; an empty comment `{}` ends
//! them, and comments after it, after a variation or at the start of one are the next move's
//! `comment_before`. The comments before the first move belong to the start position, in the
//! same way. Comments after the result belong to the game's last move, not to a new game.
//! Commands in comments (`[%clk]`, `[%eval]`, `[%csl]`, `[%cal]`, others) are read out of the
//! text into the annotations of the move just played, wherever its comments stand (before the
//! first move, the start's; at the start of a variation, its first move's, where the move's own
//! clock and evaluation come first and a different one is kept as a further command).
//!
//! # Writing
//! [`write_game`] writes export format (PGN standard, section 8): the Seven Tag Roster in its
//! order, then the other tags in ASCII order (with `FEN` and `SetUp` from the start position);
//! a blank line; movetext with a move number before every White move and before a Black move
//! that follows a comment or a variation or starts a line (`12... Nf6`); NAGs as `$n`; each
//! move's commands and comment in one brace comment; a comment before a move in its own brace
//! comment, after an empty `{}` where it would otherwise be read as the previous move's (or the
//! start's); lines of at most [`MAX_LINE_LENGTH`] characters. Reading the text back gives the
//! same game.
//!
//! # Examples
//! ```
//! use chesscore::notation::pgn;
//! let text = "[White \"Ann\"]\n\n1. e4 {best by test [%clk 0:03:00]} e5 (1... c5 $1) 2. Nf3 *";
//! let game = pgn::parse_game(text).unwrap();
//! assert_eq!(game.moves.len(), 3);
//! let e4 = &game.moves[0].annotations;
//! assert_eq!(e4.comment_after.as_deref(), Some("best by test"));
//! assert_eq!(e4.clock, Some(std::time::Duration::from_secs(180)));
//! assert_eq!(game.moves[1].variations[0][0].san, "c5");
//! let written = pgn::write_game(&game);
//! assert!(written.contains("1. e4 {[%clk 0:03:00] best by test} 1... e5 (1... c5 $1) 2. Nf3 *"));
//! assert_eq!(pgn::parse_game(&written).unwrap().moves, game.moves);
//! ```

mod annotations;
mod read;
pub(crate) use read::is_standard_variant;
mod write;

pub use annotations::{
    format_clock, nag_symbol, parse_clock, Annotations, Arrow, Command, EvalScore, Evaluation,
    MarkColor, SquareMark,
};
pub use write::{write_game, MAX_LINE_LENGTH, ROSTER_PLACEHOLDERS};

use crate::notation::fen::FenError;
use crate::notation::san::SanError;
use crate::rules::{Move, Position};
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

/// Why a game of a PGN text could not be read: which game, where (line and column, both
/// counted from 1, the column in characters), which token, and what is wrong.
///
/// Its text names the token in quotes when there is one: "invalid PGN at line 3, column 34
/// ('Nd4'): ambiguous move ...", and "invalid PGN at line 1, column 11: expected ...".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid PGN at line {line}, column {column}{}: {kind}",
    quoted_token(token)
)]
pub struct PgnError {
    /// The number of the game in the text, from 1.
    pub game: u32,
    /// The line of the offending token, from 1.
    pub line: u32,
    /// The column of the offending token's first character, from 1.
    pub column: u32,
    /// The offending token as it stands in the text (empty at the end of the text, or of a
    /// line that cuts a tag off).
    pub token: String,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// ` ('token')` for [`PgnError`]'s text, nothing for no token (the end of the text or of a line).
fn quoted_token(token: &str) -> String {
    if token.is_empty() {
        String::new()
    } else {
        format!(" ('{token}')")
    }
}

/// A game read from or written to PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in file order (including `Result`, `FEN` and `SetUp` when the file has
    /// them; [`write_game`] writes those from `result` and `start`).
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the `FEN` tag, else the standard start).
    pub start: Position,
    /// The annotations of the start position: the comment before the first move
    /// (`comment_after`) and the commands in it.
    pub root: Annotations,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The game termination: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// One move of a PGN game, with its annotations and the variations that replace it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// The move in SAN, as this library writes it (not necessarily as the file had it).
    pub san: String,
    /// Comments, NAGs and comment commands.
    pub annotations: Annotations,
    /// Alternatives to this move, each a line starting from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

impl PgnGame {
    /// The value of tag `name` (the last one when the file gives it twice).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `true` when `name` can be a PGN tag name: one or more ASCII letters, digits and `_`. The one
/// rule for reading, writing and setting tags.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A tag value as a PGN keeps it: a line break, tab or other control character (which a tag's
/// one line of printing characters cannot hold; a NUL would end the text in C tools) becomes a
/// space, everything else stays. The one rule for reading, writing and setting tags.
///
/// # Examples
/// ```
/// use chesscore::notation::pgn::tag_value_as_kept;
/// assert_eq!(tag_value_as_kept("Ann\nLee"), "Ann Lee");
/// assert_eq!(tag_value_as_kept("Club\0room\u{7f}2"), "Club room 2");
/// assert_eq!(tag_value_as_kept("Café \"Réti\""), "Café \"Réti\"");
/// ```
pub fn tag_value_as_kept(value: &str) -> std::borrow::Cow<'_, str> {
    if value.contains(char::is_control) {
        value.replace(char::is_control, " ").into()
    } else {
        value.into()
    }
}

/// The games of a PGN text, read one at a time: see [`read_games`].
pub struct Games<'a> {
    parser: read::Parser<'a>,
}

impl<'a> Games<'a> {
    /// The next game with its own text as it stands in the file (a slice of it, from its first
    /// tag, comment or move to its result or the comments after the result that belong to it;
    /// without the blank lines, `%` lines or byte-order mark around it), or the error that
    /// stopped it. Reading the slice alone ([`parse_game`]) gives the same game. `None` at the
    /// end of the text.
    ///
    /// # Examples
    /// ```
    /// use chesscore::notation::pgn;
    /// let text = "\u{feff}[Event \"a\"]\r\n\r\n1. e4 e5 * {after}\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n";
    /// let mut games = pgn::read_games(text);
    /// let (first, slice) = games.next_with_text().unwrap().unwrap();
    /// assert_eq!(slice, "[Event \"a\"]\r\n\r\n1. e4 e5 * {after}");
    /// assert_eq!(pgn::parse_game(slice).unwrap(), first);
    /// let (_, slice) = games.next_with_text().unwrap().unwrap();
    /// assert_eq!(slice, "[Event \"b\"]\r\n1. d4 *");
    /// assert!(games.next_with_text().is_none());
    /// ```
    pub fn next_with_text(&mut self) -> Option<Result<(PgnGame, &'a str), PgnError>> {
        let game = self.parser.next_game()?;
        Some(game.map(|game| (game, self.parser.game_text())))
    }
}

impl Iterator for Games<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_game()
    }
}

/// The text of a PGN file's bytes: UTF-8, with each byte that is not part of valid UTF-8 read
/// as Windows-1252, the Western code page that older ChessBase and Windows tools write names
/// such as "Réti" in (read as UTF-8 they would come out with U+FFFD in them, or be refused).
/// Deciding byte by byte keeps a file put together from several sources right throughout: its
/// UTF-8 games stay UTF-8 beside a game in Windows-1252. A byte-order mark is kept (the reader
/// skips it). The PGN standard (section 4.1) names ISO 8859-1, of which Windows-1252 is a
/// superset but for the bytes 0x80-0x9F (control characters there, curly quotes and dashes
/// here); its five unassigned bytes are read as ISO 8859-1's. A carriage return alone, as old
/// Mac files end their lines, is read as a line feed. A file that starts with UTF-16's
/// byte-order mark (what Windows Notepad saves as "Unicode") is read as UTF-16, little- or
/// big-endian as the mark says, the mark kept as one character; UTF-32's mark likewise. The
/// command line and the apps (through the FFI's `pgnTextFromBytes`) read files with it.
///
/// # Examples
/// ```
/// use chesscore::notation::pgn;
/// assert_eq!(pgn::text_from_bytes("[White \"Réti\"]".as_bytes()), "[White \"Réti\"]");
/// // UTF-16, little-endian, after its byte-order mark.
/// assert_eq!(pgn::text_from_bytes(b"\xff\xfe1\0.\0 \0e\x004\0"), "\u{feff}1. e4");
/// assert_eq!(pgn::text_from_bytes(b"[White \"R\xe9ti\"] {\x93good\x94}"), "[White \"Réti\"] {“good”}");
/// // UTF-8 and Windows-1252 in one file.
/// assert_eq!(pgn::text_from_bytes(b"M\xc3\xbcller R\xe9ti"), "Müller Réti");
/// ```
pub fn text_from_bytes(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let text = decode(bytes);
    // Old Mac files end their lines with a CR alone: read as line feeds (`;` comments, `%`
    // lines and tags end at the line's end).
    let lone_cr = |bytes: &[u8], i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    let has_lone_cr = (0..text.len()).any(|i| lone_cr(text.as_bytes(), i));
    if !has_lone_cr {
        return text;
    }
    let mut lines = text.into_owned().into_bytes();
    for i in 0..lines.len() {
        if lone_cr(&lines, i) {
            lines[i] = b'\n';
        }
    }
    // Only ASCII CRs became ASCII LFs: still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(lines).unwrap_or_default())
}

/// `bytes` read as UTF-32 when they start with its byte-order mark (FF FE 00 00 little-endian,
/// whose first two bytes are UTF-16's mark too, 00 00 FE FF big-endian), the mark kept; a value
/// that is no character, or a last incomplete one, becomes U+FFFD. `None` without the mark.
fn utf32(bytes: &[u8]) -> Option<String> {
    let little = match bytes {
        [0xFF, 0xFE, 0, 0, ..] => true,
        [0, 0, 0xFE, 0xFF, ..] => false,
        _ => return None,
    };
    let char_of = |quad: &[u8]| match *quad {
        [a, b, c, d] if little => char::from_u32(u32::from_le_bytes([a, b, c, d])),
        [a, b, c, d] => char::from_u32(u32::from_be_bytes([a, b, c, d])),
        _ => None,
    };
    Some(
        bytes
            .chunks(4)
            .map(|quad| char_of(quad).unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    )
}

/// `bytes` read as UTF-16 when they start with its byte-order mark (FF FE little-endian, FE FF
/// big-endian; as Windows-1252 those would be "ÿþ", which no PGN starts with), the mark kept; a
/// lone surrogate or a last odd byte becomes U+FFFD. `None` without the mark.
fn utf16(bytes: &[u8]) -> Option<String> {
    let little = match bytes {
        [0xFF, 0xFE, ..] => true,
        [0xFE, 0xFF, ..] => false,
        _ => return None,
    };
    let units = bytes.chunks(2).map(|pair| match *pair {
        [a, b] if little => u16::from_le_bytes([a, b]),
        [a, b] => u16::from_be_bytes([a, b]),
        _ => 0xFFFD,
    });
    Some(
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    )
}

/// `bytes` as UTF-32 or UTF-16 after its byte-order mark, or as UTF-8 with each byte that is not
/// part of valid UTF-8 as Windows-1252.
fn decode(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if let Some(text) = utf32(bytes).or_else(|| utf16(bytes)) {
        return std::borrow::Cow::Owned(text);
    }
    let mut rest = match std::str::from_utf8(bytes) {
        Ok(text) => return std::borrow::Cow::Borrowed(text),
        Err(_) => bytes,
    };
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                out.push_str(text);
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                // `valid` is UTF-8 up to here, as the error says.
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                // One byte that starts no valid sequence: read alone.
                out.push(windows_1252(after[0]));
                rest = &after[1..];
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The character of byte `b` in Windows-1252 (0x81, 0x8D, 0x8F, 0x90 and 0x9D, unassigned
/// there, as in ISO 8859-1).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// Reads every game of a PGN text, in order (an empty text has none). Each item is a game or
/// the error that stopped it; after an error, reading goes on at the next tag section.
///
/// Time and memory are linear in the size of the text.
///
/// # Examples
/// ```
/// use chesscore::notation::pgn;
/// let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 *\n";
/// let results: Vec<_> = pgn::read_games(text).collect();
/// assert_eq!(results.len(), 3);
/// let error = results[1].as_ref().unwrap_err();
/// assert_eq!((error.game, error.line, error.column), (2, 7, 13));
/// assert_eq!(results[2].as_ref().unwrap().tag("Event"), Some("c"));
/// ```
pub fn read_games(text: &str) -> Games<'_> {
    Games {
        parser: read::Parser::new(text),
    }
}

/// Reads the first game of a PGN text; the rest of the text is not read.
///
/// # Errors
/// A [`PgnError`] for the first problem in that game, or [`PgnErrorKind::NoGame`] when the text
/// holds no game.
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    let mut parser = read::Parser::new(text);
    match parser.game().transpose() {
        Some(result) => result,
        None => {
            let (line, column) = parser.here();
            Err(PgnError {
                game: 1,
                line,
                column,
                token: String::new(),
                kind: PgnErrorKind::NoGame,
            })
        }
    }
}
