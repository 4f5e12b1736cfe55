//! The generator of the built-in opening table (`src/opening/data.rs`) from the dataset's TSV
//! files (`data/openings/a.tsv` .. `e.tsv`: columns `eco`, `name`, `pgn`).
//!
//! Run by `scripts/gen-openings.sh` (through `examples/gen_openings.rs`); the test
//! `tests/openings.rs` regenerates the table and fails when the committed one differs. Apps never
//! call this module: the release library carries only the table it produces (link-time
//! optimisation drops this code from the shared library).
//!
//! # The table
//! - `NODES`: the move trie of every line, in preorder, one `u16` a move: bits 0-5 the from
//!   square, 6-11 the to square (UCI, so castling is the king's two-square move), bit 12 set when
//!   the position after the move is named, bit 13 when the node has children, bit 14 when it is
//!   its parent's last child. Children are in ascending order of their low 12 bits. Promotions
//!   are not representable (the dataset has none; the generator refuses them).
//! - `LINES`: one entry per named node, in preorder, 3 bytes little-endian:
//!   `eco << 12 | name`, where `eco` is the letter's index times 100 plus the number
//!   (`B90` = 190) and `name` indexes the name list.
//! - `NAMES`: each distinct name as the list of its components (`Family`, then the parts after
//!   `": "`, split at `", "`), as `u16` indexes into `COMPONENTS`; bit 15 marks a name's last.
//! - `COMPONENTS`: the distinct components, separated by `\0`; the 31 words that save the most
//!   bytes are replaced by the characters `\u{1}` .. `\u{1f}`, which stand for the words of
//!   `WORDS` (also separated by `\0`) in order.
//!
//! # Which name an equal position gets
//! When several lines end in the same position (same pieces, side to move, castling rights and
//! en passant square, i.e. the same EPD), the line with the fewest moves names it, and among
//! those the first in dataset order (`a.tsv` first, then by line). The other lines' names are
//! left out of the table; [`Table::collisions`] lists them.

use crate::notation::{fen, san, uci::UciMove};
use crate::rules::{Move, Position};
use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Write as _};

/// A problem in the dataset: which file, which line (from 1), and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct DatasetError {
    /// The file name as given to [`parse_tsv`].
    pub file: String,
    /// The line, from 1 (0 for problems of the dataset as a whole).
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

/// One line of the dataset, read and played through.
#[derive(Debug, Clone)]
pub struct DatasetLine {
    /// The file it comes from.
    pub file: String,
    /// Its line number in that file, from 1 (the header is line 1).
    pub line: u32,
    /// The ECO code, e.g. `B90`.
    pub eco: String,
    /// The name, e.g. `Sicilian Defense: Najdorf Variation`.
    pub name: String,
    /// The moves from the standard starting position.
    pub moves: Vec<Move>,
    /// The position after the moves.
    pub position: Position,
}

impl DatasetLine {
    /// The position as EPD: the FEN without its two move counters. Two lines reach the same
    /// position exactly when their EPDs are equal.
    pub fn epd(&self) -> String {
        epd(&self.position)
    }
}

/// A position's FEN without the halfmove clock and fullmove number.
pub fn epd(pos: &Position) -> String {
    let full = fen::to_fen(pos);
    let fields: Vec<&str> = full.split(' ').collect();
    fields[..fields.len().min(4)].join(" ")
}

/// Reads one TSV file of the dataset (header `eco<TAB>name<TAB>pgn`) and plays every line.
///
/// # Errors
/// [`DatasetError`] for a wrong header, a line without three fields, a malformed ECO code, an
/// illegal or malformed move, or a promotion (which the table cannot store).
pub fn parse_tsv(file: &str, text: &str) -> Result<Vec<DatasetLine>, DatasetError> {
    let err = |line: usize, message: String| DatasetError {
        file: file.to_string(),
        line: line as u32,
        message,
    };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, "eco\tname\tpgn")) => {}
        other => {
            return Err(err(
                1,
                format!(
                    "expected the header \"eco<TAB>name<TAB>pgn\", found {:?}",
                    other.map(|(_, l)| l)
                ),
            ))
        }
    }
    let mut out = Vec::new();
    for (i, text_line) in lines {
        let number = i + 1;
        if text_line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = text_line.split('\t').collect();
        let [eco, name, pgn] = fields[..] else {
            return Err(err(
                number,
                format!("expected 3 tab-separated fields, found {}", fields.len()),
            ));
        };
        if eco_value(eco).is_none() {
            return Err(err(number, format!("bad ECO code \"{eco}\"")));
        }
        if name.is_empty() || name.contains('\0') || name.chars().any(|c| (c as u32) < 0x20) {
            return Err(err(number, format!("bad name {name:?}")));
        }
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for token in pgn.split_whitespace() {
            if token.ends_with('.')
                && token
                    .trim_end_matches('.')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
            {
                continue;
            }
            let m = san::parse_san(&pos, token)
                .map_err(|e| err(number, format!("move {}: {e}", moves.len() + 1)))?;
            if m.is_promotion() {
                return Err(err(
                    number,
                    format!("move {token}: promotions cannot be stored in the table"),
                ));
            }
            moves.push(m);
            pos.make_move(m);
        }
        if moves.is_empty() {
            return Err(err(number, "the line has no moves".to_string()));
        }
        out.push(DatasetLine {
            file: file.to_string(),
            line: number as u32,
            eco: eco.to_string(),
            name: name.to_string(),
            moves,
            position: pos,
        });
    }
    Ok(out)
}

/// The number an ECO code is stored as: `A00` = 0 .. `E99` = 499.
pub fn eco_value(eco: &str) -> Option<u32> {
    let b = eco.as_bytes();
    if b.len() != 3 || !(b'A'..=b'E').contains(&b[0]) {
        return None;
    }
    if !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
        return None;
    }
    Some(u32::from(b[0] - b'A') * 100 + u32::from(b[1] - b'0') * 10 + u32::from(b[2] - b'0'))
}

/// Two or more dataset lines that end in the same position: which one names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collision {
    /// The position, as EPD.
    pub epd: String,
    /// The line that names it, as `file:line ECO name`.
    pub winner: String,
    /// The lines whose names are left out, in the same form.
    pub losers: Vec<String>,
}

/// The opening table in the form `data.rs` holds it (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    /// The substituted words, in code order (`\u{1}` first).
    pub words: Vec<String>,
    /// The distinct name components, with the words substituted.
    pub components: Vec<String>,
    /// Each name as component indexes; bit 15 marks a name's last component.
    pub names: Vec<u16>,
    /// Per named node in preorder, 3 bytes: `eco << 12 | name`.
    pub lines: Vec<u8>,
    /// The move trie in preorder.
    pub nodes: Vec<u16>,
    /// Lines that reach the same position as another, and which name was kept.
    pub collisions: Vec<Collision>,
}

/// The bit of a node that says the position after its move is named.
pub(super) const NAMED: u16 = 1 << 12;
/// The bit of a node that says it has children.
pub(super) const HAS_CHILDREN: u16 = 1 << 13;
/// The bit of a node that says it is its parent's last child.
pub(super) const LAST_CHILD: u16 = 1 << 14;
/// The bit of a name reference that marks the last component of a name.
pub(super) const LAST_COMPONENT: u16 = 1 << 15;
/// How many words are substituted by single characters (`\u{1}` .. `\u{1f}`).
pub(super) const WORD_CODES: usize = 31;

#[derive(Default)]
struct TrieNode {
    /// The named line ending here, as an index into the kept lines.
    line: Option<usize>,
    children: BTreeMap<u16, TrieNode>,
}

fn move_code(m: Move) -> u16 {
    let uci = UciMove::from_move(m);
    uci.from.index() as u16 | (uci.to.index() as u16) << 6
}

fn describe(line: &DatasetLine) -> String {
    format!("{}:{} {} {}", line.file, line.line, line.eco, line.name)
}

/// Splits a name into its components: the family, then the parts after `": "` split at `", "`.
pub fn components(name: &str) -> Vec<&str> {
    match name.split_once(": ") {
        None => vec![name],
        Some((family, rest)) => std::iter::once(family).chain(rest.split(", ")).collect(),
    }
}

/// Joins components back into a name (the inverse of [`components`]).
pub fn join_components<S: AsRef<str>>(parts: &[S]) -> String {
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        out.push_str(match i {
            0 => "",
            1 => ": ",
            _ => ", ",
        });
        out.push_str(part.as_ref());
    }
    out
}

/// Builds the table from the dataset's lines (in dataset order).
///
/// # Errors
/// [`DatasetError`] (with line 0) when the table would overflow its fields: more than 4,096
/// distinct names or 32,768 components.
pub fn build(lines: &[DatasetLine]) -> Result<Table, DatasetError> {
    let overflow = |message: String| DatasetError {
        file: "dataset".to_string(),
        line: 0,
        message,
    };
    // Which line names each position.
    let mut by_epd: HashMap<String, Vec<usize>> = HashMap::new();
    let mut epd_order = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let key = line.epd();
        let entry = by_epd.entry(key.clone()).or_default();
        if entry.is_empty() {
            epd_order.push(key);
        }
        entry.push(i);
    }
    let mut kept = Vec::new();
    let mut collisions = Vec::new();
    for key in epd_order {
        let group = &by_epd[&key];
        let Some(&winner) = group.iter().min_by_key(|&&i| (lines[i].moves.len(), i)) else {
            continue;
        };
        kept.push(winner);
        if group.len() > 1 {
            collisions.push(Collision {
                epd: key.clone(),
                winner: describe(&lines[winner]),
                losers: group
                    .iter()
                    .filter(|&&i| i != winner)
                    .map(|&i| describe(&lines[i]))
                    .collect(),
            });
        }
    }
    kept.sort_unstable();

    let mut root = TrieNode::default();
    for &i in &kept {
        let mut node = &mut root;
        for &m in &lines[i].moves {
            node = node.children.entry(move_code(m)).or_default();
        }
        node.line = Some(i);
    }

    // Words worth a one-character code: the most bytes saved first, ties alphabetically.
    let mut distinct_names: Vec<&str> = kept.iter().map(|&i| lines[i].name.as_str()).collect();
    distinct_names.sort_unstable();
    distinct_names.dedup();
    let mut distinct_components: Vec<&str> = distinct_names
        .iter()
        .flat_map(|name| components(name))
        .collect();
    distinct_components.sort_unstable();
    distinct_components.dedup();
    let mut word_counts: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &distinct_components {
        for w in c.split(' ') {
            *word_counts.entry(w).or_default() += 1;
        }
    }
    let mut ranked: Vec<(&str, usize)> = word_counts
        .into_iter()
        .map(|(w, n)| (w, n * w.len().saturating_sub(1)))
        .filter(|&(_, saved)| saved > 0)
        .collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let words: Vec<String> = ranked
        .iter()
        .take(WORD_CODES)
        .map(|(w, _)| w.to_string())
        .collect();
    let encode = |component: &str| -> String {
        component
            .split(' ')
            .map(|w| match words.iter().position(|x| x == w) {
                Some(k) => char::from(k as u8 + 1).to_string(),
                None => w.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    if distinct_components.len() > usize::from(LAST_COMPONENT) {
        return Err(overflow(format!(
            "{} name components do not fit in 15 bits",
            distinct_components.len()
        )));
    }
    if distinct_names.len() > 1 << 12 {
        return Err(overflow(format!(
            "{} distinct names do not fit in 12 bits",
            distinct_names.len()
        )));
    }
    let component_index: HashMap<&str, u16> = distinct_components
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, i as u16))
        .collect();
    let mut names = Vec::new();
    for name in &distinct_names {
        let parts = components(name);
        let last = parts.len() - 1;
        for (k, part) in parts.iter().enumerate() {
            let flag = if k == last { LAST_COMPONENT } else { 0 };
            names.push(component_index[part] | flag);
        }
    }
    let name_index: HashMap<&str, u32> = distinct_names
        .iter()
        .enumerate()
        .map(|(i, n)| (*n, i as u32))
        .collect();

    let mut table = Table {
        words: words.clone(),
        components: distinct_components.iter().map(|c| encode(c)).collect(),
        names,
        lines: Vec::new(),
        nodes: Vec::new(),
        collisions,
    };
    // Preorder, children in ascending code order.
    fn emit(node: &TrieNode, lines: &[DatasetLine], names: &HashMap<&str, u32>, t: &mut Table) {
        let count = node.children.len();
        for (k, (&code, child)) in node.children.iter().enumerate() {
            let mut bits = code;
            if let Some(i) = child.line {
                bits |= NAMED;
                let eco = eco_value(&lines[i].eco).unwrap_or(0);
                let value = eco << 12 | names[lines[i].name.as_str()];
                t.lines.extend_from_slice(&value.to_le_bytes()[..3]);
            }
            if !child.children.is_empty() {
                bits |= HAS_CHILDREN;
            }
            if k + 1 == count {
                bits |= LAST_CHILD;
            }
            t.nodes.push(bits);
            emit(child, lines, names, t);
        }
    }
    emit(&root, lines, &name_index, &mut table);
    Ok(table)
}

fn escape_rust_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn write_numbers<T: fmt::Display>(out: &mut String, values: &[T]) {
    let mut width = 0;
    for v in values {
        let text = format!("{v},");
        if width + text.len() + 1 > 99 {
            out.push('\n');
            width = 0;
        }
        out.push_str(if width == 0 { "    " } else { " " });
        width += if width == 0 { 4 } else { 1 };
        out.push_str(&text);
        width += text.len();
    }
    out.push('\n');
}

fn write_str_const(out: &mut String, name: &str, parts: &[String]) {
    let _ = writeln!(out, "pub(super) const {name}: &str = \"\\");
    let mut line = String::new();
    for (i, part) in parts.iter().enumerate() {
        let mut piece = escape_rust_str(part);
        if i + 1 < parts.len() {
            piece.push_str("\\0");
        }
        if !line.is_empty() && line.chars().count() + piece.chars().count() > 95 {
            let _ = writeln!(out, "    {line}\\");
            line.clear();
        }
        line.push_str(&piece);
    }
    let _ = writeln!(out, "    {line}\";");
}

impl Table {
    /// The bytes the table's data takes in the library (strings and arrays, without the
    /// separators' share counted separately).
    pub fn data_bytes(&self) -> usize {
        let text = |v: &[String]| {
            v.iter()
                .map(|s| s.len() + 1)
                .sum::<usize>()
                .saturating_sub(1)
        };
        text(&self.words)
            + text(&self.components)
            + 2 * self.names.len()
            + self.lines.len()
            + 2 * self.nodes.len()
    }

    /// The table as the Rust source of `src/opening/data.rs`.
    pub fn to_rust_source(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "//! The opening table, generated by `scripts/gen-openings.sh` from `data/openings/*.tsv`\n\
             //! (CC0, see `data/openings/README.md`); do not edit. Format: `src/opening/generate.rs`.\n\
             //! {} named positions, {} distinct names, {} components, {} trie nodes; {} bytes of data.\n",
            self.lines.len() / 3,
            self.names.iter().filter(|&&r| r & LAST_COMPONENT != 0).count(),
            self.components.len(),
            self.nodes.len(),
            self.data_bytes(),
        );
        let _ = writeln!(
            out,
            "/// The words that `\\u{{1}}` .. `\\u{{1f}}` stand for."
        );
        write_str_const(&mut out, "WORDS", &self.words);
        let _ = writeln!(out, "\n/// The name components, separated by `\\0`.");
        write_str_const(&mut out, "COMPONENTS", &self.components);
        let _ = writeln!(
            out,
            "\n/// Names as component indexes; bit 15 marks a name's last component.\n\
             pub(super) static NAMES: [u16; {}] = [",
            self.names.len()
        );
        write_numbers(&mut out, &self.names);
        let _ = writeln!(
            out,
            "];\n\n/// Per named trie node, in preorder, 3 bytes little-endian: `eco << 12 | name`.\n\
             pub(super) static LINES: [u8; {}] = [",
            self.lines.len()
        );
        write_numbers(&mut out, &self.lines);
        let _ = writeln!(
            out,
            "];\n\n/// The move trie in preorder (see `generate.rs` for the bits).\n\
             pub(super) static NODES: [u16; {}] = [",
            self.nodes.len()
        );
        write_numbers(&mut out, &self.nodes);
        out.push_str("];\n");
        out
    }
}

/// Reads the dataset's files (name and text, in dataset order) and builds the table.
///
/// # Errors
/// The first [`DatasetError`] found.
pub fn generate(files: &[(&str, &str)]) -> Result<(Vec<DatasetLine>, Table), DatasetError> {
    let mut lines = Vec::new();
    for (name, text) in files {
        lines.extend(parse_tsv(name, text)?);
    }
    let table = build(&lines)?;
    Ok((lines, table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eco_codes() {
        assert_eq!(eco_value("A00"), Some(0));
        assert_eq!(eco_value("B90"), Some(190));
        assert_eq!(eco_value("E99"), Some(499));
        for bad in ["F00", "a00", "A0", "A000", "AB0", ""] {
            assert_eq!(eco_value(bad), None, "{bad}");
        }
    }

    #[test]
    fn components_round_trip() {
        for name in [
            "Sicilian Defense",
            "Sicilian Defense: Najdorf Variation",
            "Sicilian Defense: Najdorf Variation, English Attack, Anti-English",
        ] {
            assert_eq!(join_components(&components(name)), name);
        }
        assert_eq!(
            components("A: B, C"),
            ["A", "B", "C"],
            "family, then the parts after the colon"
        );
    }

    #[test]
    fn tsv_errors_say_where() {
        let e = parse_tsv("x.tsv", "eco\tname\tpgn\nA00\tOops\t1. e4 e4\n").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("x.tsv", 2));
        assert!(e.message.starts_with("move 2:"), "{e}");
        let e = parse_tsv("x.tsv", "eco\tname\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_tsv("x.tsv", "eco\tname\tpgn\nZ00\tX\t1. e4\n").unwrap_err();
        assert!(e.message.contains("ECO"), "{e}");
        let e = parse_tsv("x.tsv", "eco\tname\tpgn\nA00\tX\n").unwrap_err();
        assert!(e.message.contains("3 tab-separated"), "{e}");
    }

    #[test]
    fn equal_positions_keep_the_shortest_then_the_first_line() {
        // Lines 2 and 3 transpose into each other; line 4 reaches the position of line 2 by a
        // longer route (the knights go out and back). Line 2 wins both: shortest, then first.
        let tsv = "eco\tname\tpgn\n\
                   D00\tFirst: Order\t1. d4 Nf6 2. c4 e6\n\
                   A10\tSecond: Order\t1. c4 e6 2. d4 Nf6\n\
                   A00\tDetour\t1. Nf3 Nf6 2. Ng1 e6 3. d4 Nc6 4. c4 Nb8\n\
                   B00\tOther\t1. e4\n";
        let lines = parse_tsv("t.tsv", tsv).unwrap();
        let table = build(&lines).unwrap();
        assert_eq!(table.collisions.len(), 1);
        let c = &table.collisions[0];
        assert_eq!(c.winner, "t.tsv:2 D00 First: Order");
        assert_eq!(
            c.losers,
            ["t.tsv:3 A10 Second: Order", "t.tsv:4 A00 Detour"]
        );
        // Two named positions: the winner and "Other".
        assert_eq!(table.lines.len(), 2 * 3);
        assert_eq!(table.nodes.iter().filter(|&&n| n & NAMED != 0).count(), 2);
    }
}
