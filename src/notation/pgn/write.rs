//! Writing PGN in the standard's export format (section 8).

use super::{is_tag_name, Annotations, PgnGame, PgnMove};
use crate::notation::fen;
use crate::notation::numbering::MoveNumber;
use crate::rules::Position;
use std::collections::BTreeMap;

/// The longest line [`write_game`] writes (the export format wants lines under 80 characters);
/// only a tag pair or a single word longer than that is longer.
pub const MAX_LINE_LENGTH: usize = 79;

/// The Seven Tag Roster with the values written when a game does not have them (`Result` comes
/// from the game's result): `?`, or `????.??.??` for the date.
pub const ROSTER_PLACEHOLDERS: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in super::tag_value_as_kept(value).chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
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
        let token = token.into();
        if self.open_pending == 0 {
            self.tokens.push(token);
        } else {
            let mut t = "(".repeat(self.open_pending);
            self.open_pending = 0;
            t.push_str(&token);
            self.tokens.push(t);
        }
    }

    fn close(&mut self) {
        match self.tokens.last_mut() {
            Some(last) if self.open_pending == 0 => last.push(')'),
            _ => self.push(")"),
        }
    }

    /// A brace comment, one token per word so that lines can wrap inside it; an embedded
    /// command such as `[%eval 0.17]` or `[%clk 0:03:00]` stays one token, so that a line never
    /// breaks inside it (tools such as lichess read commands with patterns that expect a single
    /// space inside).
    fn comment(&mut self, text: &str) {
        let clean = text.replace('}', ")");
        let split: Vec<&str> = clean.split_whitespace().collect();
        let mut words: Vec<String> = Vec::new();
        let mut in_command = false;
        for (i, w) in split.iter().enumerate() {
            match words.last_mut() {
                Some(last) if in_command => {
                    last.push(' ');
                    last.push_str(w);
                }
                _ => words.push(w.to_string()),
            }
            // A `[%` that no `]` closes is text, not a command: gluing the rest of the comment
            // to it would make a line as long as the comment.
            if w.starts_with("[%") && split[i..].iter().any(|w| w.contains(']')) {
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

fn has_text(comment: Option<&String>) -> Option<&str> {
    comment.map(String::as_str).filter(|c| !c.trim().is_empty())
}

/// Writes `moves`, a line whose first move has number `first`. `slot_open` tells whether a
/// comment written now would be read as the previous move's (or the start's) own comment: it
/// would right after a move or its comment, and at the start of the main line.
fn write_line(out: &mut Movetext, moves: &[PgnMove], first: MoveNumber, mut slot_open: bool) {
    let mut number = first;
    let mut need_number = true;
    for m in moves {
        let a: &Annotations = &m.annotations;
        if let Some(before) = has_text(a.comment_before.as_ref()) {
            if slot_open {
                // An empty comment ends the previous move's comments, so that this one is read
                // back as coming before this move.
                out.push("{}");
            }
            out.comment(before);
            need_number = true;
        }
        // A move number stays on the line of its move.
        match number.label(need_number) {
            Some(label) => out.push(format!("{label} {}", m.san)),
            None => out.push(m.san.clone()),
        }
        for nag in &a.nags {
            out.push(format!("${nag}"));
        }
        need_number = false;
        slot_open = true;
        if let Some(after) = a.comment_after_text().filter(|c| !c.trim().is_empty()) {
            out.comment(&after);
            need_number = true;
        }
        for variation in m.variations.iter().filter(|v| !v.is_empty()) {
            out.open_pending += 1;
            write_line(out, variation, number, false);
            out.close();
            need_number = true;
            slot_open = false;
        }
        number = number.next();
    }
}

/// Writes a game in PGN export format: the Seven Tag Roster in standard order (missing tags as
/// `?`, `????.??.??`; `Result` from `game.result`), then the other tags in ASCII order of their
/// names, with `SetUp` and `FEN` when the game does not start from the standard position, and
/// `Variant` `Chess960` for a Chess960 start, whose FEN is in X-FEN (the last value of a tag given
/// twice); a blank line; the movetext with move numbers, NAGs,
/// comments and variations, in lines of at most [`MAX_LINE_LENGTH`] characters, ending with the
/// result and a newline.
///
/// Tags whose name is not a tag name (see [`is_tag_name`]) are left out, a `}` inside a
/// comment is written as `)`, and the `comment_before` and NAGs of `game.root` are not written,
/// since PGN cannot express them.
pub fn write_game(game: &PgnGame) -> String {
    let result = match game.result.as_str() {
        r @ ("1-0" | "0-1" | "1/2-1/2") => r,
        _ => "*",
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag_value(value)));
    };
    for (name, default) in ROSTER_PLACEHOLDERS {
        tag(name, game.tag(name).unwrap_or(default));
    }
    tag("Result", result);
    let mut others: BTreeMap<&str, String> = game
        .tags
        .iter()
        .filter(|(name, _)| {
            is_tag_name(name)
                && !ROSTER_PLACEHOLDERS.iter().any(|(n, _)| n == name)
                && !matches!(name.as_str(), "Result" | "SetUp" | "FEN")
        })
        .map(|(name, value)| (name.as_str(), value.clone()))
        .collect();
    if game.start != Position::startpos() {
        others.insert("SetUp", "1".to_string());
        others.insert("FEN", fen::to_fen(&game.start));
    }
    if game.start.is_chess960() {
        others.insert("Variant", "Chess960".to_string());
    }
    for (name, value) in &others {
        tag(name, value);
    }
    out.push('\n');

    let mut text = Movetext::default();
    let root_comment = game
        .root
        .comment_after_text()
        .filter(|c| !c.trim().is_empty());
    if let Some(c) = &root_comment {
        text.comment(c);
    }
    write_line(&mut text, &game.moves, MoveNumber::of(&game.start), true);
    text.push(result);

    let mut line_len = 0;
    for token in text.tokens {
        let len = token.chars().count();
        if line_len > 0 && line_len + 1 + len > MAX_LINE_LENGTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += len;
        out.push_str(&token);
    }
    out.push('\n');
    out
}
