//! What a game score says about a move besides the move: comments, NAGs, and the commands
//! embedded in comments (`[%clk 0:03:00]`, `[%eval 0.25]`, `[%csl Gd4]`, `[%cal Gg1f3]`, and any
//! other `[%name value]`, kept as written).

use crate::rules::Square;
use std::fmt;
use std::time::Duration;

/// The annotations of one move (or of the start position): comments, NAGs, clock, evaluation,
/// highlighted squares and arrows, and any other comment commands.
///
/// Reading a comment takes its `[%...]` commands out of its text; writing puts them back, first
/// in the comment after the move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotations {
    /// A comment before the move, e.g. `{Or} 12. d4` at the start of a variation.
    pub comment_before: Option<String>,
    /// The comment after the move, without its commands. On the start position: the comment
    /// before the first move.
    pub comment_after: Option<String>,
    /// Numeric annotation glyphs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, 10 `=`,
    /// 14-19 the evaluation symbols, and so on (PGN standard, section 10).
    pub nags: Vec<u8>,
    /// The mover's clock after the move (`[%clk 1:02:03.5]`), to the millisecond.
    pub clock: Option<Duration>,
    /// An evaluation of the position after the move (`[%eval 0.25,18]`, `[%eval #-3]`).
    pub eval: Option<Evaluation>,
    /// Highlighted squares (`[%csl Gd4,Re5]`), in order.
    pub squares: Vec<SquareMark>,
    /// Arrows (`[%cal Gg1f3]`), in order.
    pub arrows: Vec<Arrow>,
    /// Any other commands (`[%emt 0:00:05]`, or a `%clk` given twice), in order, kept as
    /// written.
    pub commands: Vec<Command>,
}

impl Annotations {
    /// `true` when there is nothing: no comment, NAG or command.
    pub fn is_empty(&self) -> bool {
        *self == Annotations::default()
    }

    /// Adds what `other` says about the same move, losing nothing: its comments after this
    /// one's (a space apart, as two comments in a row are read), its NAGs, marks, arrows and
    /// commands this one lacks, its clock and evaluation where this one has none (a second
    /// different one is kept as a command, as a `%clk` given twice is). For a move that a PGN
    /// gives twice from one position: a variation that repeats the main line's move.
    pub fn merge(&mut self, other: &Annotations) {
        append_text(&mut self.comment_before, other.comment_before.clone());
        append_text(&mut self.comment_after, other.comment_after.clone());
        add_missing(&mut self.nags, &other.nags);
        match (self.clock, other.clock) {
            (None, clock) => self.clock = clock,
            (Some(mine), Some(theirs)) if mine != theirs => self.commands.push(Command {
                name: "clk".into(),
                value: format_clock(theirs),
            }),
            _ => {}
        }
        match (self.eval, other.eval) {
            (None, eval) => self.eval = eval,
            (Some(mine), Some(theirs)) if mine != theirs => self.commands.push(Command {
                name: "eval".into(),
                value: theirs.to_string(),
            }),
            _ => {}
        }
        add_missing(&mut self.squares, &other.squares);
        add_missing(&mut self.arrows, &other.arrows);
        add_missing(&mut self.commands, &other.commands);
    }

    /// Toggles the NAG `nag`: removes it when the move has it, adds it otherwise. A move
    /// carries at most one NAG of each of the PGN standard's exclusive groups (section 10):
    /// the move assessments 1-9 (`!`, `?`, `!!`, `??`, `!?`, `?!`, forced, singular, worst) and
    /// the position assessments 10-21 (`=`, unclear, the advantage symbols): adding one
    /// replaces another of its group, in its place. Other NAGs are independent of each other.
    pub fn toggle_nag(&mut self, nag: u8) {
        if let Some(at) = self.nags.iter().position(|&n| n == nag) {
            self.nags.remove(at);
            return;
        }
        let group = nag_group(nag);
        let same_group = |n: u8| group.is_some() && nag_group(n) == group;
        // A PGN may have given several of a group; the new NAG stands for all of them.
        let at = self.nags.iter().position(|&n| same_group(n));
        self.nags.retain(|&n| !same_group(n));
        self.nags.insert(at.unwrap_or(self.nags.len()), nag);
    }

    /// Toggles a highlighted square as a board editor does: a mark of the same colour on the
    /// square is removed, one of another colour takes `mark`'s colour, and a square without a
    /// mark gets `mark` (after the others). The square's first mark decides, and afterwards
    /// the square has at most one mark: annotations built by hand may mark it twice (reading a
    /// PGN and the FFI's `setAnnotations` do not), and one toggle must not leave a mark that the
    /// board still shows.
    pub fn toggle_square(&mut self, mark: SquareMark) {
        toggle_one(&mut self.squares, mark, |m| m.square == mark.square);
    }

    /// Toggles an arrow as a board editor does: an arrow of the same colour between the same
    /// squares (in the same direction) is removed, one of another colour takes `arrow`'s colour,
    /// and otherwise `arrow` is added (after the others).
    /// As for squares, the first such arrow decides and at most one is left.
    pub fn toggle_arrow(&mut self, arrow: Arrow) {
        toggle_one(&mut self.arrows, arrow, |a| {
            a.from == arrow.from && a.to == arrow.to
        });
    }

    /// Two of these NAGs that belong to one of the PGN standard's exclusive groups (the move
    /// assessments 1-9, the position assessments 10-21; see [`Annotations::toggle_nag`]), not
    /// both among `already`, or `None`. Reading a PGN keeps such pairs as the file gives them
    /// (pass them as `already` to accept them again); an editor should not make new ones.
    pub fn nags_of_one_group(&self, already: &[u8]) -> Option<(u8, u8)> {
        self.nags.iter().enumerate().find_map(|(i, &a)| {
            let group = nag_group(a)?;
            self.nags[i + 1..]
                .iter()
                .find(|&&b| {
                    nag_group(b) == Some(group) && !(already.contains(&a) && already.contains(&b))
                })
                .map(|&b| (a, b))
        })
    }

    /// Marks a square as a command read from a comment does: one mark a square, so a square
    /// marked already takes `mark`'s colour (the same text set twice, or a square given twice,
    /// does not mark it twice).
    fn put_square(&mut self, mark: SquareMark) {
        match self.squares.iter_mut().find(|m| m.square == mark.square) {
            Some(existing) => existing.color = mark.color,
            None => self.squares.push(mark),
        }
    }

    /// Draws an arrow as a command read from a comment does: one arrow between two squares in
    /// one direction, so an arrow drawn already takes `arrow`'s colour.
    fn put_arrow(&mut self, arrow: Arrow) {
        match self
            .arrows
            .iter_mut()
            .find(|a| a.from == arrow.from && a.to == arrow.to)
        {
            Some(existing) => existing.color = arrow.color,
            None => self.arrows.push(arrow),
        }
    }

    /// Removes every highlighted square and arrow (`[%csl]`, `[%cal]`); the rest stays.
    pub fn clear_marks(&mut self) {
        self.squares.clear();
        self.arrows.clear();
    }

    /// `true` when the comment after the move would be written: it has text or a command.
    pub fn has_comment_after(&self) -> bool {
        self.comment_after.is_some()
            || self.clock.is_some()
            || self.eval.is_some()
            || !self.squares.is_empty()
            || !self.arrows.is_empty()
            || !self.commands.is_empty()
    }

    /// The comment after the move as written in PGN, without braces: the commands first, then
    /// the text; `None` when there is nothing to write.
    pub fn comment_after_text(&self) -> Option<String> {
        if !self.has_comment_after() {
            return None;
        }
        let mut parts: Vec<String> = Vec::new();
        if let Some(clock) = self.clock {
            parts.push(format!("[%clk {}]", format_clock(clock)));
        }
        if let Some(eval) = self.eval {
            parts.push(format!("[%eval {eval}]"));
        }
        if !self.squares.is_empty() {
            let list: Vec<String> = self.squares.iter().map(ToString::to_string).collect();
            parts.push(format!("[%csl {}]", list.join(",")));
        }
        if !self.arrows.is_empty() {
            let list: Vec<String> = self.arrows.iter().map(ToString::to_string).collect();
            parts.push(format!("[%cal {}]", list.join(",")));
        }
        for c in &self.commands {
            parts.push(c.to_string());
        }
        if let Some(text) = &self.comment_after {
            parts.push(text.clone());
        }
        Some(parts.join(" "))
    }

    /// Reads the commands out of a comment's text and keeps them; returns the rest of the text,
    /// whitespace collapsed (`None` when nothing is left). A `}` (which would end a PGN comment)
    /// is read as `)` throughout, commands included, as PGN export writes it, so that a comment
    /// set is the comment a PGN round trip gives back.
    pub fn take_commands(&mut self, comment: &str) -> Option<String> {
        // Commands included: export writes a `}` in a command's value as `)` too.
        let comment = comment.replace('}', ")");
        let mut text = String::new();
        let mut rest = comment.as_str();
        while let Some(open) = rest.find("[%") {
            let Some(len) = rest[open..].find(']') else {
                break;
            };
            text.push_str(&rest[..open]);
            text.push(' ');
            self.add_command(&rest[open + 2..open + len]);
            rest = &rest[open + len + 1..];
        }
        text.push_str(rest);
        let collapsed = collapse_whitespace(&text);
        (!collapsed.is_empty()).then_some(collapsed)
    }

    /// Reads the commands out of both comments' texts into these annotations, as reading PGN
    /// would read them from the written comments, so that what is set comes back from PGN as
    /// set: a `[%clk 0:05:00]` typed into a comment becomes the clock (or, with a clock
    /// already there, another command), and one in the comment before the move stays with
    /// this move (reading gives the commands before a move to the move played before it).
    pub fn take_commands_from_comments(&mut self) {
        if let Some(text) = self.comment_after.take() {
            self.comment_after = self.take_commands(&text);
        }
        if let Some(text) = self.comment_before.take() {
            self.comment_before = self.take_commands(&text);
        }
    }

    /// What keeps `command`, one of these annotations' commands, from coming back from PGN as
    /// itself, or `None`: [`Command::pgn_problem`], a value whose whitespace reading would
    /// change (runs of it, line breaks, or any at either end: read back collapsed), or a command
    /// that reading would take for one of the fields: `csl` or `cal` with squares or arrows as
    /// their value (read back as
    /// [`Annotations::squares`] or [`Annotations::arrows`]), `clk` or `eval` with a clock or an
    /// evaluation as their value while that field is empty (read back into it).
    pub fn command_problem(&self, command: &Command) -> Option<String> {
        if let Some(problem) = command.pgn_problem() {
            return Some(problem);
        }
        let value = &command.value;
        let read_back = collapse_whitespace(value);
        if read_back != *value {
            return Some(format!(
                "command {:?}: its value {value:?} would be read back as {read_back:?} (words \
                 one space apart, none at either end)",
                command.name
            ));
        }
        let field = match command.name.as_str() {
            "csl" if parse_list::<SquareMark>(value).is_some() => "squares",
            "cal" if parse_list::<Arrow>(value).is_some() => "arrows",
            "clk" if self.clock.is_none() && parse_clock(value).is_some() => "clock",
            "eval" if self.eval.is_none() && value.parse::<Evaluation>().is_ok() => "eval",
            _ => return None,
        };
        Some(format!(
            "command {:?} with the value {value:?}: PGN reads it back as the {field} field, \
             so give it there",
            command.name
        ))
    }

    /// Keeps one command, `name value` (the text between `[%` and `]`).
    fn add_command(&mut self, body: &str) {
        let body = body.trim();
        let (name, value) = match body.split_once(char::is_whitespace) {
            Some((n, v)) => (n, collapse_whitespace(v)),
            None => (body, String::new()),
        };
        let kept = match name {
            "clk" if self.clock.is_none() => parse_clock(&value).map(|c| self.clock = Some(c)),
            "eval" if self.eval.is_none() => value.parse().ok().map(|e| self.eval = Some(e)),
            "csl" => parse_list(&value).map(|l| l.into_iter().for_each(|m| self.put_square(m))),
            "cal" => parse_list(&value).map(|l| l.into_iter().for_each(|a| self.put_arrow(a))),
            _ => None,
        };
        if kept.is_none() {
            self.commands.push(Command {
                name: name.to_string(),
                value,
            });
        }
    }
}

/// Appends the items of `theirs` that `mine` lacks (each once), in their order. A set past a
/// few items, so that a crafted PGN whose variation repeats a move with thousands of NAGs, marks
/// or commands is not quadratic to read (64,000 commands took 25 s with a scan per item).
fn add_missing<T: Clone + Eq + std::hash::Hash>(mine: &mut Vec<T>, theirs: &[T]) {
    if theirs.len() <= 4 {
        for item in theirs {
            if !mine.contains(item) {
                mine.push(item.clone());
            }
        }
        return;
    }
    let mut seen: std::collections::HashSet<T> = mine.iter().cloned().collect();
    for item in theirs {
        if seen.insert(item.clone()) {
            mine.push(item.clone());
        }
    }
}

/// Collapses every run of whitespace to one space and trims the ends.
pub(crate) fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Adds `text` to the comment in `slot`, a space apart (or makes it the comment): two
/// comments read in a row, or a move's comments given twice, become one.
pub(super) fn append_text(slot: &mut Option<String>, text: Option<String>) {
    match (slot.as_mut(), text) {
        (_, None) => {}
        (Some(existing), Some(text)) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        (None, text) => *slot = text,
    }
}

/// A comment command other than the clock, evaluation, squares and arrows: `[%name value]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Command {
    /// The name after `%`, e.g. `emt`.
    pub name: String,
    /// The rest, whitespace collapsed, e.g. `0:00:05`.
    pub value: String,
}

impl Command {
    /// What keeps a PGN comment from holding this command, or `None` when `[%name value]`
    /// reads back as this command: a name with whitespace or `]`, a value with `]` (the command
    /// would end there), or a value without a name (its first word would become the name).
    /// Whitespace inside the value is written collapsed, as reading keeps it, and a `}` as `)`,
    /// as in any comment (see [`super::write_game`]); a `;` comment can hold a `}`.
    pub fn pgn_problem(&self) -> Option<String> {
        if self.name.contains(|c: char| c.is_whitespace() || c == ']') {
            return Some(format!(
                "command name {:?}: a name cannot hold whitespace or ']'",
                self.name
            ));
        }
        if self.name.is_empty() && !self.value.trim().is_empty() {
            return Some(format!(
                "command without a name: its value {:?} needs one",
                self.value
            ));
        }
        if self.value.contains(']') {
            return Some(format!(
                "command {:?}: its value {:?} cannot hold ']'",
                self.name, self.value
            ));
        }
        None
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_empty() {
            write!(f, "[%{}]", self.name)
        } else {
            write!(f, "[%{} {}]", self.name, self.value)
        }
    }
}

/// An evaluation in a `[%eval]` command, from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// The score.
    pub score: EvalScore,
    /// The search depth it came from, when given (`[%eval 0.25,18]`).
    pub depth: Option<u32>,
}

/// The score of an [`Evaluation`], from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// An advantage in hundredths of a pawn (written in pawns: `0.25`).
    Centipawns(i32),
    /// Mate in this many moves; negative when Black mates (`#3`, `#-2`).
    Mate(i32),
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            EvalScore::Mate(n) => write!(f, "#{n}")?,
            EvalScore::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)?;
            }
        }
        if let Some(depth) = self.depth {
            write!(f, ",{depth}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Evaluation {
    type Err = ();

    /// Reads `0.25`, `-1.5`, `+3`, `#4`, `#-2`, each optionally followed by `,depth`.
    fn from_str(s: &str) -> Result<Evaluation, ()> {
        let (score, depth) = match s.split_once(',') {
            Some((score, depth)) => (score.trim(), Some(depth.trim().parse().map_err(|_| ())?)),
            None => (s.trim(), None),
        };
        let score = match score.strip_prefix('#') {
            Some(mate) => EvalScore::Mate(mate.parse().map_err(|_| ())?),
            None => EvalScore::Centipawns(parse_pawns(score).ok_or(())?),
        };
        Ok(Evaluation { score, depth })
    }
}

/// Pawns written as a decimal (`-1.305`) in centipawns, rounded half away from zero.
fn parse_pawns(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if (whole.is_empty() && fraction.is_empty())
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let digit = |i: usize| i64::from(fraction.as_bytes().get(i).map_or(0, |b| b - b'0'));
    let mut centi = whole.checked_mul(100)? + digit(0) * 10 + digit(1);
    if digit(2) >= 5 {
        centi += 1;
    }
    let centi = if negative { -centi } else { centi };
    i32::try_from(centi).ok()
}

/// Reads a `[%clk]` time: `H:MM:SS`, `M:SS` or `SS`, each with an optional fraction of a second
/// (kept to the millisecond). Every time up to `u64::MAX` milliseconds reads, so that whatever
/// [`format_clock`] writes for a clock in milliseconds (the apps' and the saves' unit) reads
/// back; a longer one is `None`.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let (hms, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut seconds: u64 = 0;
    let parts: Vec<&str> = hms.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for (i, part) in parts.iter().enumerate() {
        // The first part (hours, or minutes or seconds when it is the only one) may be as long
        // as a u64 is; the checked arithmetic below refuses what does not fit.
        let max_len = if i == 0 { 20 } else { 9 };
        if part.is_empty() || part.len() > max_len || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let value: u64 = part.parse().ok()?;
        if i > 0 && value >= 60 {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(value)?;
    }
    let mut millis: u64 = 0;
    for i in 0..3 {
        millis = millis * 10
            + fraction
                .as_bytes()
                .get(i)
                .map_or(0, |b| u64::from(b - b'0'));
    }
    Some(Duration::from_millis(
        seconds.checked_mul(1000)?.checked_add(millis)?,
    ))
}

/// Writes a clock as `[%clk]` does: `H:MM:SS`, with `.f` to `.fff` when it has milliseconds.
pub fn format_clock(clock: Duration) -> String {
    let total = clock.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let mut text = format!("{h}:{m:02}:{s:02}");
    let millis = clock.subsec_millis();
    if millis > 0 {
        let fraction = format!("{millis:03}");
        text.push('.');
        text.push_str(fraction.trim_end_matches('0'));
    }
    text
}

/// The exclusive group of a NAG (PGN standard, section 10): 0 for the move assessments 1-9,
/// 1 for the position assessments 10-21, `None` for the others.
fn nag_group(nag: u8) -> Option<u8> {
    match nag {
        1..=9 => Some(0),
        10..=21 => Some(1),
        _ => None,
    }
}

/// The symbol a move list shows for the NAG `nag`, as chess books and lichess print it: the
/// move assessments (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, 7 `□` only move), the
/// position assessments (10 `=`, 13 `∞`, 14 `⩲`, 15 `⩱`, 16 `±`, 17 `∓`, 18 `+−`, 19 `−+`),
/// and 22/23 `⨀` zugzwang, 32/33 `⟳` development, 36/37 `↑` initiative, 40/41 `→` attack,
/// 132/133 `⇆` counterplay, 138/139 `⊕` time trouble, 140 `∆` with the idea, 146 `N` novelty.
/// `None` for the others, which PGN keeps as `$n`.
pub fn nag_symbol(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        7 => "□",
        10 => "=",
        13 => "∞",
        14 => "⩲",
        15 => "⩱",
        16 => "±",
        17 => "∓",
        18 => "+−",
        19 => "−+",
        22 | 23 => "⨀",
        32 | 33 => "⟳",
        36 | 37 => "↑",
        40 | 41 => "→",
        132 | 133 => "⇆",
        138 | 139 => "⊕",
        140 => "∆",
        146 => "N",
        _ => return None,
    })
}

/// The colour of a highlighted square or an arrow, as the `%csl` and `%cal` commands name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkColor {
    /// `R`.
    Red,
    /// `G`.
    Green,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

impl MarkColor {
    /// The letter of the colour: `R`, `G`, `B` or `Y`.
    pub const fn letter(self) -> char {
        match self {
            MarkColor::Red => 'R',
            MarkColor::Green => 'G',
            MarkColor::Blue => 'B',
            MarkColor::Yellow => 'Y',
        }
    }

    /// The colour named by `letter`.
    pub const fn from_letter(letter: char) -> Option<MarkColor> {
        match letter {
            'R' => Some(MarkColor::Red),
            'G' => Some(MarkColor::Green),
            'B' => Some(MarkColor::Blue),
            'Y' => Some(MarkColor::Yellow),
            _ => None,
        }
    }
}

/// A highlighted square (`Gd4` in `[%csl Gd4]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareMark {
    /// Its colour.
    pub color: MarkColor,
    /// The square.
    pub square: Square,
}

/// An arrow (`Gg1f3` in `[%cal Gg1f3]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Its colour.
    pub color: MarkColor,
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

impl fmt::Display for SquareMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.square)
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.color.letter(), self.from, self.to)
    }
}

fn color_and_rest(text: &str) -> Option<(MarkColor, &str)> {
    let mut chars = text.chars();
    let color = MarkColor::from_letter(chars.next()?)?;
    Some((color, chars.as_str()))
}

impl std::str::FromStr for SquareMark {
    type Err = ();

    /// Reads `Gd4`.
    fn from_str(s: &str) -> Result<SquareMark, ()> {
        let (color, square) = color_and_rest(s).ok_or(())?;
        Ok(SquareMark {
            color,
            square: square.parse().map_err(|_| ())?,
        })
    }
}

impl std::str::FromStr for Arrow {
    type Err = ();

    /// Reads `Gg1f3`.
    fn from_str(s: &str) -> Result<Arrow, ()> {
        let (color, squares) = color_and_rest(s).ok_or(())?;
        if squares.len() != 4 || !squares.is_ascii() {
            return Err(());
        }
        Ok(Arrow {
            color,
            from: squares[..2].parse().map_err(|_| ())?,
            to: squares[2..].parse().map_err(|_| ())?,
        })
    }
}

/// Reads a comma-separated list (`Gd4,Re5`); `None` when any item is malformed (the command is
/// then kept as written).
fn parse_list<T: std::str::FromStr>(value: &str) -> Option<Vec<T>> {
    value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| item.parse().ok())
        .collect()
}

/// The toggle of [`Annotations::toggle_square`] and [`Annotations::toggle_arrow`]: `same`
/// finds the marks of `new`'s place; the first of them decides whether `new` removes them
/// (same colour) or replaces them (another colour, in the first one's place); without any,
/// `new` is added after the others.
fn toggle_one<T: Copy + PartialEq>(marks: &mut Vec<T>, new: T, same: impl Fn(&T) -> bool) {
    let Some(at) = marks.iter().position(&same) else {
        marks.push(new);
        return;
    };
    let remove = marks[at] == new;
    let mut index = 0;
    marks.retain(|m| {
        let i = index;
        index += 1;
        !same(m) || (i == at && !remove)
    });
    if !remove {
        marks[at] = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toggle_leaves_at_most_one_mark_where_there_were_several() {
        let mark = |color, square| SquareMark { color, square };
        let arrow = |color| Arrow {
            color,
            from: Square::G1,
            to: Square::F3,
        };
        let mut a = Annotations {
            squares: vec![
                mark(MarkColor::Green, Square::D4),
                mark(MarkColor::Red, Square::D4),
                mark(MarkColor::Green, Square::E5),
                mark(MarkColor::Green, Square::D4),
            ],
            arrows: vec![arrow(MarkColor::Green), arrow(MarkColor::Red)],
            ..Annotations::default()
        };
        // Another colour than the first mark's recolours it, in its place, and drops the rest.
        a.toggle_square(mark(MarkColor::Yellow, Square::D4));
        assert_eq!(
            a.squares,
            [
                mark(MarkColor::Yellow, Square::D4),
                mark(MarkColor::Green, Square::E5)
            ]
        );
        // The first one's colour removes them all.
        a.toggle_arrow(arrow(MarkColor::Green));
        assert!(a.arrows.is_empty());
        a.toggle_square(mark(MarkColor::Yellow, Square::D4));
        assert_eq!(a.squares, [mark(MarkColor::Green, Square::E5)]);
        // A single mark toggles as before: added after the others, then removed.
        a.toggle_square(mark(MarkColor::Red, Square::A1));
        assert_eq!(a.squares.last(), Some(&mark(MarkColor::Red, Square::A1)));
        a.toggle_square(mark(MarkColor::Red, Square::A1));
        assert_eq!(a.squares, [mark(MarkColor::Green, Square::E5)]);
    }

    #[test]
    fn merging_adds_what_is_missing_once_in_order() {
        // Few items (a scan) and many (a set) give the same: each missing item once, in order.
        for theirs in [vec![2u8, 3, 3], vec![2, 3, 3, 4, 5, 6, 1, 6]] {
            let mut mine = Annotations {
                nags: vec![1, 2],
                ..Annotations::default()
            };
            let other = Annotations {
                nags: theirs.clone(),
                ..Annotations::default()
            };
            mine.merge(&other);
            let mut expected = vec![1, 2];
            for n in theirs {
                if !expected.contains(&n) {
                    expected.push(n);
                }
            }
            assert_eq!(mine.nags, expected);
        }
        let command = |v: u32| Command {
            name: "x".into(),
            value: v.to_string(),
        };
        let mut mine = Annotations {
            commands: (0..3).map(command).collect(),
            ..Annotations::default()
        };
        let other = Annotations {
            commands: (1..8).chain(0..8).map(command).collect(),
            ..Annotations::default()
        };
        mine.merge(&other);
        assert_eq!(mine.commands, (0..8).map(command).collect::<Vec<_>>());
    }

    #[test]
    fn commands_are_read_out_of_a_comment_and_written_back() {
        let mut a = Annotations::default();
        let text = a.take_commands(
            "Good move [%clk 1:02:03.5] [%eval -0.305,18]\n[%csl Gd4, Re5][%cal Yg1f3] [%emt 0:00:05] [%csl Xa1] end",
        );
        assert_eq!(text.as_deref(), Some("Good move end"));
        assert_eq!(a.clock, Some(Duration::from_millis(3_723_500)));
        assert_eq!(
            a.eval,
            Some(Evaluation {
                score: EvalScore::Centipawns(-31),
                depth: Some(18)
            })
        );
        assert_eq!(a.squares.len(), 2);
        assert_eq!(a.squares[1].to_string(), "Re5");
        assert_eq!(a.arrows[0].to_string(), "Yg1f3");
        // An unknown command, and one this library cannot read, are kept as written.
        assert_eq!(a.commands.len(), 2);
        assert_eq!(a.commands[0].to_string(), "[%emt 0:00:05]");
        assert_eq!(a.commands[1].to_string(), "[%csl Xa1]");
        a.comment_after = text;
        let written = a.comment_after_text().unwrap();
        assert_eq!(
            written,
            "[%clk 1:02:03.5] [%eval -0.31,18] [%csl Gd4,Re5] [%cal Yg1f3] [%emt 0:00:05] [%csl Xa1] Good move end"
        );
        let mut again = Annotations::default();
        again.comment_after = again.take_commands(&written);
        assert_eq!(again, a);
    }

    #[test]
    fn clocks_and_evaluations() {
        assert_eq!(parse_clock("0:03:00"), Some(Duration::from_secs(180)));
        assert_eq!(parse_clock("3:07"), Some(Duration::from_secs(187)));
        assert_eq!(parse_clock("0:00:07.25"), Some(Duration::from_millis(7250)));
        for bad in ["", "1:60:00", "a:00", "1:2:3:4", "0:00:01.x", "-1:00"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert_eq!(format_clock(Duration::from_millis(7250)), "0:00:07.25");
        assert_eq!(format_clock(Duration::from_secs(36_000)), "10:00:00");
        // Every clock in milliseconds reads back; a longer one does not.
        let max = Duration::from_millis(u64::MAX);
        assert_eq!(parse_clock(&format_clock(max)), Some(max));
        assert_eq!(parse_clock("5124095576030:25:51.616"), None);
        assert_eq!(parse_clock("99999999999999999999999:00:00"), None);
        for (text, score) in [
            ("0.25", EvalScore::Centipawns(25)),
            ("+1", EvalScore::Centipawns(100)),
            ("-0.05", EvalScore::Centipawns(-5)),
            (".5", EvalScore::Centipawns(50)),
            ("#3", EvalScore::Mate(3)),
            ("#-2", EvalScore::Mate(-2)),
        ] {
            assert_eq!(
                text.parse::<Evaluation>().map(|e| e.score),
                Ok(score),
                "{text}"
            );
        }
        for bad in ["", "-", "1.2.3", "#", "#x", "1,x", "e4"] {
            assert!(bad.parse::<Evaluation>().is_err(), "{bad}");
        }
        let e = Evaluation {
            score: EvalScore::Centipawns(-5),
            depth: None,
        };
        assert_eq!(e.to_string(), "-0.05");
    }

    #[test]
    fn an_unclosed_command_stays_text() {
        let mut a = Annotations::default();
        assert_eq!(
            a.take_commands("see [%clk 0:01:00").as_deref(),
            Some("see [%clk 0:01:00")
        );
        assert!(a.is_empty());
        assert_eq!(a.take_commands("  [%clk 0:01:00]  "), None);
        assert!(a.has_comment_after());
    }
}
