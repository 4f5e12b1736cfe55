//! Opening names: the ECO code and name of a position, from the CC0 dataset of
//! lichess-org/chess-openings (`data/openings/`, about 3,800 named lines).
//!
//! A position is named the way lichess names it: [`of_position`] looks the position up exactly,
//! and [`of_line`] / [`of_positions`] walk back from the current position towards the start until
//! a named position is found, so that a game that left the book, or reached a book position by
//! another move order, still gets a name.
//!
//! The library carries the dataset as a compact move trie (see [`generate`] for the format, about
//! 70 kB). The position index (Zobrist key to name) is built from it on first use, so it always
//! agrees with the keys of this build; [`preload`] builds it ahead of time, e.g. on a background
//! thread at app start.
//!
//! Two lines of the dataset never name the same position: the dataset has no such pair today,
//! and the generator resolves any future one by keeping the line with the fewest moves, then the
//! first in dataset order ([`generate`]).
//!
//! # Examples
//! ```
//! use chesscore::notation::{fen, san};
//! use chesscore::opening;
//! use chesscore::rules::Position;
//!
//! let mut pos = Position::startpos();
//! let mut moves = Vec::new();
//! for text in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "h3", "h6"] {
//!     let m = san::parse_san(&pos, text).unwrap();
//!     pos.make_move(m);
//!     moves.push(m);
//! }
//! // 6... h6 is not a named line: walking back finds the one before it, 6. h3.
//! let found = opening::of_line(&Position::startpos(), &moves).unwrap().unwrap();
//! assert_eq!(found.eco, "B90");
//! assert_eq!(found.name, "Sicilian Defense: Najdorf Variation, Adams Attack");
//! assert_eq!(found.family(), "Sicilian Defense");
//!
//! // The exact lookup of a position.
//! let najdorf = fen::parse("rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6").unwrap();
//! assert_eq!(opening::of_position(&najdorf).unwrap().name, "Sicilian Defense: Najdorf Variation");
//! assert_eq!(opening::of_position(&Position::startpos()), None);
//! ```

#[rustfmt::skip]
mod data;
pub mod explorer;
pub mod generate;

use crate::notation::uci::{self, UciMove};
use crate::rules::{Move, Position, Square};
use generate::{HAS_CHILDREN, LAST_CHILD, LAST_COMPONENT, NAMED, WORD_CODES};
use std::fmt;
use std::sync::LazyLock;

/// A named opening: its ECO code and its name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code (Encyclopaedia of Chess Openings), `A00` to `E99`.
    pub eco: String,
    /// The name, as "Family: Variation, Subvariation", e.g.
    /// `Sicilian Defense: Najdorf Variation, English Attack`.
    pub name: String,
}

impl Opening {
    /// The family: the name up to the first `": "`, e.g. `Sicilian Defense`.
    pub fn family(&self) -> &str {
        self.name.split_once(": ").map_or(&self.name, |(f, _)| f)
    }

    /// The variation part after the family, e.g. `Najdorf Variation, English Attack`, if any.
    pub fn variation(&self) -> Option<&str> {
        self.name.split_once(": ").map(|(_, v)| v)
    }
}

impl fmt::Display for Opening {
    /// `B90 Sicilian Defense: Najdorf Variation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

/// Why [`of_line`] could not name a line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// Move `ply` (from 1) of the line is not legal in the position before it.
    #[error("move {ply} ({uci}) is not legal in the position before it")]
    IllegalMove {
        /// The number of the move in the line, from 1.
        ply: usize,
        /// The move in UCI notation.
        uci: String,
    },
}

/// The opening whose line ends in exactly this position (same pieces, side to move, castling
/// rights and en passant square; the move counters do not matter), or `None`.
pub fn of_position(pos: &Position) -> Option<Opening> {
    BUILTIN.get(pos.key())
}

/// The opening of the first named position among `newest_first`: the current position first,
/// then the one before it, and so on back to the start. This is how a game is named: a game
/// that has left the book keeps the name of its last book position.
pub fn of_positions<'p>(newest_first: impl IntoIterator<Item = &'p Position>) -> Option<Opening> {
    newest_first
        .into_iter()
        .find_map(|pos| BUILTIN.get(pos.key()))
}

/// The opening of the first named position among `newest_first`, given by Zobrist keys
/// ([`Position::key`] of this build), the current position first: the same walk as
/// [`of_positions`] for callers that keep the keys of a line, as a move tree does.
pub fn of_keys(newest_first: impl IntoIterator<Item = u64>) -> Option<Opening> {
    newest_first.into_iter().find_map(|key| BUILTIN.get(key))
}

/// The opening of a game's line: the moves from `start` are played, then the positions are
/// searched from the last back to `start` (see [`of_positions`]).
///
/// # Errors
/// [`OpeningError::IllegalMove`] when a move is not legal where it stands.
pub fn of_line(start: &Position, moves: &[Move]) -> Result<Option<Opening>, OpeningError> {
    let mut pos = start.clone();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(pos.key());
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(OpeningError::IllegalMove {
                ply: i + 1,
                uci: uci::to_uci(m),
            });
        }
        pos.make_move(m);
        keys.push(pos.key());
    }
    Ok(of_keys(keys.into_iter().rev()))
}

/// Builds the position index now (it is otherwise built on the first lookup, which then takes a
/// few milliseconds; see `docs/clock-and-openings.md`). Returns the number of named positions.
pub fn preload() -> usize {
    BUILTIN.keys.len()
}

/// The table as stored: borrowed slices, so that tests can build small ones.
#[derive(Clone, Copy)]
struct TableRef<'a> {
    words: &'a str,
    components: &'a str,
    names: &'a [u16],
    lines: &'a [u8],
    nodes: &'a [u16],
}

const BUILTIN_TABLE: TableRef<'static> = TableRef {
    words: data::WORDS,
    components: data::COMPONENTS,
    names: &data::NAMES,
    lines: &data::LINES,
    nodes: &data::NODES,
};

static BUILTIN: LazyLock<Index<'static>> = LazyLock::new(|| match Index::build(BUILTIN_TABLE) {
    Ok(index) => index,
    Err(e) => {
        // The built-in table is checked by the tests; never panic in an app because of it.
        debug_assert!(false, "the built-in opening table is inconsistent: {e}");
        Index::default()
    }
});

/// The position index over a table: sorted keys rather than a hash map, to keep the heap small
/// (about 60 kB for the built-in table).
#[derive(Default)]
struct Index<'a> {
    words: Vec<&'a str>,
    components: &'a str,
    /// Where each component starts in `components`, and one past the end.
    component_starts: Vec<u32>,
    /// Where each name starts in the table's `names`.
    name_starts: Vec<u32>,
    names: &'a [u16],
    lines: &'a [u8],
    /// The Zobrist keys of the named positions, ascending.
    keys: Vec<u64>,
    /// The line (index into `lines`, in 3-byte steps) of each key.
    key_lines: Vec<u16>,
}

impl<'a> Index<'a> {
    fn build(table: TableRef<'a>) -> Result<Index<'a>, String> {
        let words: Vec<&str> = table.words.split('\0').collect();
        if words.len() > WORD_CODES {
            return Err(format!("{} words, at most {WORD_CODES}", words.len()));
        }
        let mut component_starts = vec![0u32];
        for (i, b) in table.components.bytes().enumerate() {
            if b == 0 {
                component_starts.push(i as u32 + 1);
            }
        }
        component_starts.push(table.components.len() as u32 + 1);
        let component_count = component_starts.len() - 1;
        let mut name_starts = vec![0u32];
        for (i, &r) in table.names.iter().enumerate() {
            if usize::from(r & !LAST_COMPONENT) >= component_count {
                return Err(format!("name reference {i} out of range"));
            }
            if r & LAST_COMPONENT != 0 {
                name_starts.push(i as u32 + 1);
            }
        }
        name_starts.pop();
        if table.lines.len() % 3 != 0 {
            return Err("the line table is not in 3-byte entries".into());
        }
        let line_count = table.lines.len() / 3;
        for line in 0..line_count {
            let name = (line_value(table.lines, line) & 0xfff) as usize;
            if name >= name_starts.len() {
                return Err(format!("line {line} names name {name}, out of range"));
            }
        }

        let mut by_key: Vec<(u64, u16)> = Vec::with_capacity(line_count);
        // The parents of the next node: each with whether it was its own parent's last child.
        let mut stack: Vec<(Position, bool)> = vec![(Position::startpos(), true)];
        let mut line = 0usize;
        for (i, &bits) in table.nodes.iter().enumerate() {
            let Some((parent, _)) = stack.last() else {
                return Err(format!("node {i} after the end of the trie"));
            };
            let from = Square::new(u32::from(bits & 63));
            let to = Square::new(u32::from(bits >> 6 & 63));
            let (Some(from), Some(to)) = (from, to) else {
                return Err(format!("node {i}: bad squares"));
            };
            let m = UciMove {
                from,
                to,
                promotion: None,
            }
            .to_move(parent)
            .map_err(|e| format!("node {i}: {e}"))?;
            let mut child = parent.clone();
            child.make_move(m);
            if bits & NAMED != 0 {
                if line >= line_count || line > usize::from(u16::MAX) {
                    return Err(format!("node {i}: more named nodes than lines"));
                }
                by_key.push((child.key(), line as u16));
                line += 1;
            }
            let last = bits & LAST_CHILD != 0;
            if bits & HAS_CHILDREN != 0 {
                stack.push((child, last));
            } else if last {
                while let Some((_, parent_was_last)) = stack.pop() {
                    if !parent_was_last {
                        break;
                    }
                }
            }
        }
        if !stack.is_empty() || line != line_count {
            return Err(format!(
                "the trie ends early ({} open levels, {line} of {line_count} lines)",
                stack.len()
            ));
        }
        // Equal keys (the generator lets no two lines name one position, so only a Zobrist
        // collision could make them): the first line in table order wins.
        by_key.sort_unstable();
        by_key.dedup_by_key(|(key, _)| *key);
        Ok(Index {
            words,
            components: table.components,
            component_starts,
            name_starts,
            names: table.names,
            lines: table.lines,
            keys: by_key.iter().map(|&(k, _)| k).collect(),
            key_lines: by_key.iter().map(|&(_, l)| l).collect(),
        })
    }

    fn get(&self, key: u64) -> Option<Opening> {
        let at = self.keys.binary_search(&key).ok()?;
        let line = usize::from(self.key_lines[at]);
        let value = line_value(self.lines, line);
        let (eco, name) = (value >> 12, (value & 0xfff) as usize);
        let letter = char::from(b'A' + (eco / 100) as u8);
        let mut parts = Vec::new();
        for &r in &self.names[self.name_starts[name] as usize..] {
            let c = usize::from(r & !LAST_COMPONENT);
            let (start, end) = (self.component_starts[c], self.component_starts[c + 1] - 1);
            parts.push(self.expand(&self.components[start as usize..end as usize]));
            if r & LAST_COMPONENT != 0 {
                break;
            }
        }
        Some(Opening {
            eco: format!("{letter}{:02}", eco % 100),
            name: generate::join_components(&parts),
        })
    }

    /// A component with its word codes replaced by the words.
    fn expand(&self, component: &str) -> String {
        let mut out = String::with_capacity(component.len() + 16);
        for c in component.chars() {
            match (c as usize).checked_sub(1) {
                Some(k) if k < WORD_CODES => out.push_str(self.words.get(k).unwrap_or(&"")),
                _ => out.push(c),
            }
        }
        out
    }
}

fn line_value(lines: &[u8], line: usize) -> u32 {
    let b = &lines[line * 3..line * 3 + 3];
    u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::san;

    fn play(line: &str) -> (Position, Vec<Move>) {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in line.split_whitespace().filter(|t| !t.ends_with('.')) {
            let m = san::parse_san(&pos, t).unwrap();
            pos.make_move(m);
            moves.push(m);
        }
        (pos, moves)
    }

    fn table_of(owned: &generate::Table) -> (String, String) {
        (owned.words.join("\0"), owned.components.join("\0"))
    }

    #[test]
    fn a_small_table_round_trips_through_the_index() {
        let tsv = "eco\tname\tpgn\n\
                   C20\tKing's Pawn Game\t1. e4 e5\n\
                   C40\tKing's Knight Opening\t1. e4 e5 2. Nf3\n\
                   C44\tKing's Pawn Game: Tayler Opening\t1. e4 e5 2. Nf3 Nc6 3. Be2\n\
                   C50\tItalian Game\t1. e4 e5 2. Nf3 Nc6 3. Bc4\n\
                   A40\tQueen's Pawn Game: Variation A, Line B\t1. d4\n\
                   D00\tQueen's Pawn Game: Variation A, Line C\t1. d4 d5\n\
                   C00\tFrench Defense\t1. e4 e6\n";
        let lines = generate::parse_tsv("t.tsv", tsv).unwrap();
        let owned = generate::build(&lines).unwrap();
        let (words, components) = table_of(&owned);
        let index = Index::build(TableRef {
            words: &words,
            components: &components,
            names: &owned.names,
            lines: &owned.lines,
            nodes: &owned.nodes,
        })
        .unwrap();
        assert_eq!(index.keys.len(), lines.len());
        for line in &lines {
            let found = index.get(line.position.key()).unwrap();
            assert_eq!(
                (found.eco.as_str(), found.name.as_str()),
                (&*line.eco, &*line.name)
            );
        }
        assert_eq!(index.get(Position::startpos().key()), None);
    }

    #[test]
    fn a_broken_table_is_an_error_not_a_panic() {
        let lines = generate::parse_tsv("t.tsv", "eco\tname\tpgn\nC20\tX\t1. e4 e5\n").unwrap();
        let owned = generate::build(&lines).unwrap();
        let (words, components) = table_of(&owned);
        let good = TableRef {
            words: &words,
            components: &components,
            names: &owned.names,
            lines: &owned.lines,
            nodes: &owned.nodes,
        };
        assert!(Index::build(good).is_ok());
        // The trie cut short, an illegal move, a line too many.
        assert!(Index::build(TableRef {
            nodes: &owned.nodes[..1],
            ..good
        })
        .is_err());
        let illegal = [owned.nodes[0] & !0xfff | 12 | 36 << 6, owned.nodes[1]];
        assert!(Index::build(TableRef {
            nodes: &illegal,
            ..good
        })
        .is_err());
        let extra: Vec<u8> = owned.lines.iter().chain(&owned.lines).copied().collect();
        assert!(Index::build(TableRef {
            lines: &extra,
            ..good
        })
        .is_err());
    }

    #[test]
    fn walking_back_names_lines_that_left_the_book() {
        // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 is the Ruy Lopez, Morphy Defense (C70 in the dataset).
        let (_, moves) = play("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 h5 5. a4");
        let found = of_line(&Position::startpos(), &moves).unwrap().unwrap();
        assert_eq!(found.to_string(), "C70 Ruy Lopez: Morphy Defense");
        assert_eq!(found.family(), "Ruy Lopez");
        assert_eq!(found.variation(), Some("Morphy Defense"));
        assert_eq!(of_line(&Position::startpos(), &[]).unwrap(), None);
        // The same walk by keys, newest first.
        let mut pos = Position::startpos();
        let mut keys = vec![pos.key()];
        for &m in &moves {
            pos.make_move(m);
            keys.push(pos.key());
        }
        assert_eq!(of_keys(keys.iter().rev().copied()), Some(found));
    }

    #[test]
    fn transpositions_get_the_name_of_the_position() {
        // 1. Nf3 d5 2. d4 reaches the position of 1. d4 d5 2. Nf3 (D02 Queen's Pawn Game:
        // Zukertort Variation in the dataset).
        let (a, _) = play("1. d4 d5 2. Nf3");
        let (b, _) = play("1. Nf3 d5 2. d4");
        assert_eq!(a.key(), b.key());
        assert_eq!(of_position(&a), of_position(&b));
        assert_eq!(of_position(&b).unwrap().eco, "D02");
    }

    #[test]
    fn an_illegal_move_is_located() {
        let (_, moves) = play("1. e4 e5 2. Nf3");
        let bad = [moves[0], moves[0]];
        assert_eq!(
            of_line(&Position::startpos(), &bad),
            Err(OpeningError::IllegalMove {
                ply: 2,
                uci: "e2e4".into()
            })
        );
    }
}
