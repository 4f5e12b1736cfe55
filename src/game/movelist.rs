//! The move list a UI draws: the main line in numbered rows, and the whole tree as a flat list
//! of items in reading order (the order PGN writes it).

use super::{Game, NodeId};
use crate::notation::numbering::MoveNumber;
use crate::rules::Side;

/// One move of a move list: the node to go to when it is tapped, and its SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCell<'a> {
    /// The move's node.
    pub node: NodeId,
    /// The move in SAN.
    pub san: &'a str,
}

/// One numbered row of the main line: White's move and Black's reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRow<'a> {
    /// The move number.
    pub number: u32,
    /// White's move (`None` in the first row of a game that starts with Black to move).
    pub white: Option<MoveCell<'a>>,
    /// Black's move (`None` while Black has not replied).
    pub black: Option<MoveCell<'a>>,
}

/// One item of the whole tree written as a flat list in reading order, e.g. for
/// `1. e4 {Best} e5 (1... c5 2. Nf3) 2. Nf3`: the move `1. e4`, the comment `Best`, the move
/// `e5`, the start of a variation at depth 1, the moves `1... c5` and `2. Nf3` at depth 1, the
/// end of that variation, and the move `2. Nf3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveListItem<'a> {
    /// A move.
    Move {
        /// Its node.
        node: NodeId,
        /// How many variations deep it stands (0 on the main line).
        depth: u32,
        /// Its number and side.
        number: MoveNumber,
        /// `true` when the number is written before it: always for White, and for Black at
        /// the start of a line or after a comment or variation (`12... Nf6`).
        show_number: bool,
        /// The move in SAN.
        san: &'a str,
        /// Its NAGs (1 `!`, 2 `?`, ...).
        nags: &'a [u8],
    },
    /// A comment: before the move of `node` when `before` is set, otherwise after it (on the
    /// root: the comment before the first move).
    Comment {
        /// The node it belongs to.
        node: NodeId,
        /// How many variations deep it stands.
        depth: u32,
        /// `true` for a comment before the move.
        before: bool,
        /// The text (without `[%...]` commands).
        text: &'a str,
    },
    /// A variation starts: an alternative to the move before it.
    VariationStart {
        /// The depth of the variation (1 for a variation of the main line).
        depth: u32,
    },
    /// The variation at `depth` ends.
    VariationEnd {
        /// The depth of the variation that ends.
        depth: u32,
    },
}

impl Game {
    /// The number of the move of node `id` (not the root).
    pub(super) fn number_of(&self, id: NodeId) -> MoveNumber {
        MoveNumber::of(&self.start).after(self.n(id).ply.saturating_sub(1))
    }

    /// The main line as numbered rows (`12. Nf3 Nc6`), with the node of every move.
    pub fn main_line_rows(&self) -> Vec<MoveRow<'_>> {
        let mut rows: Vec<MoveRow<'_>> = Vec::new();
        let mut number = MoveNumber::of(&self.start);
        let mut id = NodeId::ROOT;
        while let Some(&next) = self.n(id).children.first() {
            let cell = Some(MoveCell {
                node: next,
                san: &self.n(next).san,
            });
            match number.side {
                Side::White => rows.push(MoveRow {
                    number: number.number,
                    white: cell,
                    black: None,
                }),
                Side::Black => match rows.last_mut() {
                    Some(row) if row.number == number.number && row.black.is_none() => {
                        row.black = cell;
                    }
                    _ => rows.push(MoveRow {
                        number: number.number,
                        white: None,
                        black: cell,
                    }),
                },
            }
            number = number.next();
            id = next;
        }
        rows
    }

    /// The whole tree as a flat list of items in reading order: moves with their numbers and
    /// NAGs, comments, and the starts and ends of variations. With no variations and no
    /// comments, one item per main-line move.
    pub fn move_list(&self) -> Vec<MoveListItem<'_>> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let root = self.n(NodeId::ROOT);
        if let Some(text) = &root.annotations.comment_after {
            out.push(MoveListItem::Comment {
                node: NodeId::ROOT,
                depth: 0,
                before: false,
                text,
            });
        }
        if let Some(&first) = root.children.first() {
            self.push_line(&mut out, first, 0);
        }
        out
    }

    /// Adds the line that starts at `first` (depth `depth`) and its variations.
    fn push_line<'a>(&'a self, out: &mut Vec<MoveListItem<'a>>, first: NodeId, depth: u32) {
        let mut id = first;
        let mut need_number = true;
        loop {
            let node = self.n(id);
            let comment = |text: &'a Option<String>, before| {
                text.as_deref().map(|text| MoveListItem::Comment {
                    node: id,
                    depth,
                    before,
                    text,
                })
            };
            if let Some(item) = comment(&node.annotations.comment_before, true) {
                out.push(item);
                need_number = true;
            }
            let number = self.number_of(id);
            out.push(MoveListItem::Move {
                node: id,
                depth,
                number,
                show_number: number.label(need_number).is_some(),
                san: &node.san,
                nags: &node.annotations.nags,
            });
            need_number = false;
            if let Some(item) = comment(&node.annotations.comment_after, false) {
                out.push(item);
                need_number = true;
            }
            if let Some(parent) = node.parent {
                let siblings = &self.n(parent).children;
                if siblings.first() == Some(&id) {
                    for &variation in &siblings[1..] {
                        out.push(MoveListItem::VariationStart { depth: depth + 1 });
                        self.push_line(out, variation, depth + 1);
                        out.push(MoveListItem::VariationEnd { depth: depth + 1 });
                        need_number = true;
                    }
                }
            }
            match node.children.first() {
                Some(&next) => id = next,
                None => break,
            }
        }
    }
}
