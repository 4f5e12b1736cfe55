//! The tree of moves inside a [`Game`]: nodes, stable ids, navigation and editing.
//!
//! Every node but the root holds one move. A node's first child continues its line (on the main
//! line, the game's next move); the other children are variations: alternatives to the first
//! child. Nodes live in one vector and are named by their index, a [`NodeId`], which stays the
//! same for the node's life (ids of deleted nodes are not reused).

use super::clock::ClockMark;
use super::{Game, GameError, NewMovePlacement, Outcome};
use crate::notation::numbering::MoveNumber;
use crate::notation::pgn::{Annotations, Arrow, SquareMark};
use crate::rules::{Move, Position, Undo};

/// A stable name for a node of a [`Game`]'s tree: the start position ([`NodeId::ROOT`]) or a
/// move. It stays valid until the node is deleted, and is never reused in the same game; a
/// game restored from JSON or PGN numbers its nodes afresh.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The start position, before the first move.
    pub const ROOT: NodeId = NodeId(0);

    /// The id as a number (for the apps: a node's id across the FFI).
    pub const fn index(self) -> u32 {
        self.0
    }

    /// The id with number `index`; check it with [`Game::node`] before use.
    pub const fn from_index(index: u32) -> NodeId {
        NodeId(index)
    }
}

/// Nested variations a game may hold (the same limit as PGN reading), so that no text or tree
/// can exhaust the stack of the code that walks it.
pub const MAX_VARIATION_DEPTH: u32 = 63;

#[derive(Debug, Clone)]
pub(super) struct Node {
    pub(super) parent: Option<NodeId>,
    /// The first child continues the line; the others are variations of it.
    pub(super) children: Vec<NodeId>,
    /// The move that leads here ([`Move::NULL`] at the root).
    pub(super) mv: Move,
    /// Takes `mv` back (`None` at the root).
    pub(super) undo: Option<Undo>,
    /// The Zobrist key of the position after `mv`.
    pub(super) key: u64,
    /// Moves from the start to here.
    pub(super) ply: u32,
    pub(super) san: String,
    pub(super) annotations: Annotations,
    /// A resignation, agreed draw or claimed draw at this node.
    pub(super) ending: Option<Outcome>,
    /// The clock before and after the timed move that made this node (see
    /// [`super::clock::ClockMark`]); `None` for a move played without the clock.
    pub(super) clocks: Option<[ClockMark; 2]>,
    pub(super) alive: bool,
}

impl Node {
    pub(super) fn root(start: &Position) -> Node {
        Node {
            parent: None,
            children: Vec::new(),
            mv: Move::NULL,
            undo: None,
            key: start.key(),
            ply: 0,
            san: String::new(),
            annotations: Annotations::default(),
            ending: None,
            clocks: None,
            alive: true,
        }
    }
}

/// A read-only view of one node of a [`Game`]: see [`Game::node`].
#[derive(Clone, Copy)]
pub struct NodeRef<'a> {
    game: &'a Game,
    id: NodeId,
    node: &'a Node,
}

impl<'a> NodeRef<'a> {
    /// The node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The node before this one (`None` for the root).
    pub fn parent(&self) -> Option<NodeId> {
        self.node.parent
    }

    /// The moves after this one: the first continues the line, the others are variations.
    pub fn children(&self) -> &'a [NodeId] {
        &self.node.children
    }

    /// The move that leads to this node (`None` for the root).
    pub fn mv(&self) -> Option<Move> {
        (!self.node.mv.is_null()).then_some(self.node.mv)
    }

    /// The move in SAN (empty for the root).
    pub fn san(&self) -> &'a str {
        &self.node.san
    }

    /// The number of moves from the start to this node (0 for the root).
    pub fn ply(&self) -> u32 {
        self.node.ply
    }

    /// The number of this node's move, as a game score writes it (`None` for the root).
    pub fn move_number(&self) -> Option<MoveNumber> {
        let ply = self.node.ply.checked_sub(1)?;
        Some(MoveNumber::of(&self.game.start).after(ply))
    }

    /// Comments, NAGs, clock, evaluation, squares and arrows.
    pub fn annotations(&self) -> &'a Annotations {
        &self.node.annotations
    }

    /// The resignation, agreed draw or claimed draw that ended the game at this node, if any.
    pub fn ending(&self) -> Option<Outcome> {
        self.node.ending
    }

    /// `true` when the node is on the main line (the root is).
    pub fn is_main_line(&self) -> bool {
        self.game.is_main_line(self.id)
    }
}

impl Game {
    pub(super) fn n(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub(super) fn n_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0 as usize]
    }

    /// The live node `id`, if there is one.
    fn live(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0 as usize).filter(|n| n.alive)
    }

    fn check(&self, id: NodeId) -> Result<&Node, GameError> {
        self.live(id).ok_or(GameError::NoSuchNode(id.0))
    }

    /// Node `id`, or `None` when the game has no such node (never had, or deleted).
    pub fn node(&self, id: NodeId) -> Option<NodeRef<'_>> {
        self.live(id).map(|node| NodeRef {
            game: self,
            id,
            node,
        })
    }

    /// The current node: the position [`Game::position`] shows.
    pub fn current(&self) -> NodeId {
        self.line[self.cursor]
    }

    /// The current line: the nodes from the start through the current node and on to the end
    /// of the line that [`Game::redo`] and [`Game::forward`] follow (the root first).
    pub fn current_line(&self) -> &[NodeId] {
        &self.line
    }

    /// The main line's moves, from the first (the root is not included).
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut node = self.n(NodeId::ROOT);
        while let Some(&next) = node.children.first() {
            line.push(next);
            node = self.n(next);
        }
        line
    }

    /// `true` when `id` is on the main line: it and each node before it are first children.
    pub fn is_main_line(&self, id: NodeId) -> bool {
        let mut id = id;
        while let Some(parent) = self.live(id).and_then(|n| n.parent) {
            if self.n(parent).children.first() != Some(&id) {
                return false;
            }
            id = parent;
        }
        self.live(id).is_some()
    }

    /// The nodes from the root to `id`, the root first.
    pub(super) fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::with_capacity(self.n(id).ply as usize + 1);
        let mut at = Some(id);
        while let Some(node) = at {
            path.push(node);
            at = self.n(node).parent;
        }
        path.reverse();
        path
    }

    /// Extends the current line from its last node along first children.
    fn extend_line(&mut self) {
        let mut last = self.line[self.line.len() - 1];
        while let Some(&next) = self.n(last).children.first() {
            self.line.push(next);
            last = next;
        }
    }

    /// Makes the move of the next node on the line.
    fn step_forward(&mut self) -> Move {
        let next = self.line[self.cursor + 1];
        let mv = self.n(next).mv;
        self.position.make_move(mv);
        self.cursor += 1;
        mv
    }

    /// Takes back the move of the current node (not the root).
    fn step_back(&mut self) -> Move {
        let node = self.n(self.line[self.cursor]);
        let mv = node.mv;
        if let Some(undo) = node.undo {
            self.position.unmake_move(mv, &undo);
        }
        self.cursor -= 1;
        mv
    }

    /// Goes to node `id`. When it is on the current line, the line stays (so that
    /// [`Game::forward`] retraces it); otherwise the line becomes the way to `id` and on along
    /// first children.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`] when the game has no node `id`; the game is then unchanged.
    pub fn goto(&mut self, id: NodeId) -> Result<(), GameError> {
        let ply = self.check(id)?.ply as usize;
        if self.line.get(ply) == Some(&id) {
            while self.cursor > ply {
                self.step_back();
            }
            while self.cursor < ply {
                self.step_forward();
            }
            return Ok(());
        }
        let path = self.path_to(id);
        let mut common = 0;
        while common + 1 < path.len()
            && common < self.cursor
            && path[common + 1] == self.line[common + 1]
        {
            common += 1;
        }
        while self.cursor > common {
            self.step_back();
        }
        self.line = path;
        while self.cursor < ply {
            self.step_forward();
        }
        self.extend_line();
        Ok(())
    }

    /// Goes one move back along the current line, keeping the line; `false` at the start. Unlike
    /// [`Game::undo`], an ending at the current node stays, and a clock stays where it stood:
    /// timed calls and take-backs are refused ([`GameError::ClockElsewhere`]) until the board
    /// is back at the clock's node.
    pub fn back(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.step_back();
        true
    }

    /// Goes one move forward along the current line; `false` at its end.
    pub fn forward(&mut self) -> bool {
        if self.cursor + 1 >= self.line.len() {
            return false;
        }
        self.step_forward();
        true
    }

    /// Goes to the start position, keeping the current line.
    pub fn to_start(&mut self) {
        while self.back() {}
    }

    /// Goes to the end of the current line.
    pub fn to_end(&mut self) {
        while self.forward() {}
    }

    /// Goes to the position after `ply` moves of the main line (0 is the start).
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`] when the main line is shorter; the game is then unchanged.
    pub fn goto_main_line_ply(&mut self, ply: u32) -> Result<(), GameError> {
        let mut id = NodeId::ROOT;
        for _ in 0..ply {
            id = *self
                .n(id)
                .children
                .first()
                .ok_or(GameError::NoSuchMainLinePly(ply))?;
        }
        self.goto(id)
    }

    /// How many variations branch off between the root and `id` (0 on the main line).
    fn variation_depth(&self, id: NodeId) -> u32 {
        let mut depth = 0;
        let mut id = id;
        while let Some(parent) = self.n(id).parent {
            if self.n(parent).children.first() != Some(&id) {
                depth += 1;
            }
            id = parent;
        }
        depth
    }

    /// The child of `parent` that plays `mv`, creating it (as the last child) when there is none,
    /// with `san` when given (else computed). `pos` is the position at `parent`; it is left
    /// after `mv`.
    pub(super) fn child(
        &mut self,
        parent: NodeId,
        mv: Move,
        san: Option<&str>,
        pos: &mut Position,
    ) -> Result<NodeId, GameError> {
        if let Some(&existing) = self
            .n(parent)
            .children
            .iter()
            .find(|&&c| self.n(c).mv == mv)
        {
            pos.make_move(mv);
            return Ok(existing);
        }
        let is_variation = !self.n(parent).children.is_empty();
        if is_variation && self.variation_depth(parent) >= MAX_VARIATION_DEPTH {
            return Err(GameError::TooDeep);
        }
        let san = match san {
            Some(san) => san.to_string(),
            None => crate::notation::san::to_san(pos, mv),
        };
        let undo = pos.make_move(mv);
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            parent: Some(parent),
            children: Vec::new(),
            mv,
            undo: Some(undo),
            key: pos.key(),
            ply: self.n(parent).ply + 1,
            san,
            annotations: Annotations::default(),
            ending: None,
            clocks: None,
            alive: true,
        });
        self.n_mut(parent).children.push(id);
        Ok(id)
    }

    /// Plays the legal move `mv` from the current node: moves to the child that plays it,
    /// creating it if needed, and places it as [`Game::new_move_placement`] says.
    pub(super) fn advance(&mut self, mv: Move) -> Result<NodeId, GameError> {
        let current = self.current();
        let mut pos = self.position.clone();
        let nodes_before = self.nodes.len();
        let id = self.child(current, mv, None, &mut pos)?;
        let fronts = match self.new_moves {
            NewMovePlacement::MainLine => self.main_line_fronts(id),
            NewMovePlacement::Variation => Vec::new(),
        };
        if let Err(e) = self.check_reorder(&fronts) {
            // Take the new node back: a refused move changes nothing.
            if self.nodes.len() > nodes_before {
                self.n_mut(current).children.pop();
                self.nodes.pop();
            }
            return Err(e);
        }
        self.position = pos;
        if self.line.get(self.cursor + 1) == Some(&id) {
            self.cursor += 1;
        } else {
            self.line.truncate(self.cursor + 1);
            self.line.push(id);
            self.cursor += 1;
            self.extend_line();
        }
        for (parent, child) in fronts {
            self.move_to_front(parent, child);
        }
        Ok(id)
    }

    /// Moves the node (or the nearest node before it) that is not the first of its siblings to
    /// the front: its line becomes the main continuation at that point (one level up). Returns
    /// `false` when `id` is already on the main line.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::TooDeep`] when the line it displaces would
    /// nest variations deeper than [`MAX_VARIATION_DEPTH`] (the game is then unchanged).
    pub fn promote_variation(&mut self, id: NodeId) -> Result<bool, GameError> {
        self.check(id)?;
        let mut id = id;
        while let Some(parent) = self.n(id).parent {
            if self.n(parent).children.first() != Some(&id) {
                return self.reorder(vec![(parent, id)]);
            }
            id = parent;
        }
        Ok(false)
    }

    /// Makes the line through `id` the main line: every node from the root to `id` becomes the
    /// first of its siblings. Returns `false` when it already was.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::TooDeep`] when the lines it displaces would
    /// nest variations deeper than [`MAX_VARIATION_DEPTH`] (the game is then unchanged).
    pub fn make_main_line(&mut self, id: NodeId) -> Result<bool, GameError> {
        self.check(id)?;
        let fronts = self.main_line_fronts(id);
        self.reorder(fronts)
    }

    /// The (parent, child) pairs that make the line through `id` the main line: each node on
    /// the way from the root that is not yet the first of its siblings, with its parent.
    fn main_line_fronts(&self, id: NodeId) -> Vec<(NodeId, NodeId)> {
        let mut fronts = Vec::new();
        let mut id = id;
        while let Some(parent) = self.n(id).parent {
            if self.n(parent).children.first() != Some(&id) {
                fronts.push((parent, id));
            }
            id = parent;
        }
        fronts
    }

    /// Moves each child of `fronts` to the front of its parent's children, unless that would
    /// nest some variation deeper than [`MAX_VARIATION_DEPTH`] (a displaced main line becomes a
    /// variation, and everything under it one level deeper): then [`GameError::TooDeep`] and
    /// nothing changes. Returns whether anything moved.
    fn reorder(&mut self, fronts: Vec<(NodeId, NodeId)>) -> Result<bool, GameError> {
        self.check_reorder(&fronts)?;
        let changed = !fronts.is_empty();
        for (parent, child) in fronts {
            self.move_to_front(parent, child);
        }
        Ok(changed)
    }

    /// [`GameError::TooDeep`] when moving the children of `fronts` to the front would nest a
    /// variation deeper than [`MAX_VARIATION_DEPTH`], which no save or PGN could then hold.
    fn check_reorder(&self, fronts: &[(NodeId, NodeId)]) -> Result<(), GameError> {
        if fronts.is_empty() {
            return Ok(());
        }
        let first: std::collections::HashMap<NodeId, NodeId> = fronts.iter().copied().collect();
        let mut stack = vec![(NodeId::ROOT, 0u32)];
        while let Some((parent, depth)) = stack.pop() {
            let children = &self.n(parent).children;
            let main = first.get(&parent).or(children.first());
            for child in children {
                let d = depth + u32::from(Some(child) != main);
                if d > MAX_VARIATION_DEPTH {
                    return Err(GameError::TooDeep);
                }
                stack.push((*child, d));
            }
        }
        Ok(())
    }

    fn move_to_front(&mut self, parent: NodeId, child: NodeId) {
        let children = &mut self.n_mut(parent).children;
        if let Some(i) = children.iter().position(|&c| c == child) {
            children.remove(i);
            children.insert(0, child);
        }
    }

    /// Deletes node `id` and everything after it. When the current node is among them, the game
    /// goes to the node before `id`.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::CannotDeleteRoot`] for the start position;
    /// [`ClockError::Flagged`](super::clock::ClockError::Flagged) when the move where the
    /// game's flag fell is among them (the clock has stopped for good, as for
    /// [`Game::undo`]: deleting the loss on time would leave a game going on with a fallen
    /// flag).
    pub fn delete_from(&mut self, id: NodeId) -> Result<(), GameError> {
        let node = self.check(id)?;
        let Some(parent) = node.parent else {
            return Err(GameError::CannotDeleteRoot);
        };
        if let Some(flag) = self.clock.as_ref().and_then(|c| c.flag()) {
            let mut below = vec![id];
            while let Some(d) = below.pop() {
                let n = self.n(d);
                if n.ending.is_some_and(Outcome::is_on_time) {
                    return Err(GameError::Clock(super::clock::ClockError::Flagged(flag)));
                }
                below.extend(n.children.iter().copied());
            }
        }
        let ply = node.ply as usize;
        if self.line.get(ply) == Some(&id) {
            while self.cursor >= ply {
                self.step_back();
            }
            self.line.truncate(ply);
        }
        self.n_mut(parent).children.retain(|&c| c != id);
        let mut doomed = vec![id];
        while let Some(d) = doomed.pop() {
            let node = self.n_mut(d);
            node.alive = false;
            node.san = String::new();
            node.annotations = Annotations::default();
            doomed.append(&mut node.children);
        }
        self.extend_line();
        Ok(())
    }

    /// A new game of the moves from the start to node `id`, as its main line, at its end: the
    /// same start, tags (but `Termination`) and annotations along the way, without the
    /// variations, the moves after `id`, the clock or an ending recorded on the way (a
    /// resignation, an agreed draw). For
    /// "continue from here": the new game knows the moves before it, so repetitions count and
    /// its PGN tells the whole story, which a game from the position's FEN would not.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`].
    pub fn line_to(&self, id: NodeId) -> Result<Game, GameError> {
        self.check(id)?;
        let mut game = Game::from_position(self.start.clone());
        game.tags = self.tags.clone();
        // How the old game ended is not the new one's, nor its clock (the new game has none).
        game.tags.remove("Termination");
        if self.clock.is_some() {
            game.tags.remove(super::TIME_CONTROL_TAG);
        }
        game.new_moves = self.new_moves;
        game.n_mut(NodeId::ROOT).annotations = self.n(NodeId::ROOT).annotations.clone();
        for &node in &self.path_to(id)[1..] {
            let played = game.advance(self.n(node).mv)?;
            game.n_mut(played).annotations = self.n(node).annotations.clone();
        }
        Ok(game)
    }

    /// The annotations of node `id` (comments, NAGs, clock, evaluation, squares, arrows).
    pub fn annotations(&self, id: NodeId) -> Option<&Annotations> {
        self.live(id).map(|n| &n.annotations)
    }

    /// The annotations of node `id`, to change them. Comments are exported as they are (see
    /// [`crate::notation::pgn::write_game`]); empty comments count as none.
    pub fn annotations_mut(&mut self, id: NodeId) -> Option<&mut Annotations> {
        self.nodes
            .get_mut(id.0 as usize)
            .filter(|n| n.alive)
            .map(|n| &mut n.annotations)
    }

    /// Sets (or with `None` clears) the comment after the move of node `id` (on the root: the
    /// comment before the first move). Whitespace is collapsed and a `}` becomes `)`, as PGN
    /// export writes it (a `}` would end the comment); an empty text clears it.
    /// Commands in the text (`[%clk 0:05:00]`, `[%cal Ge2e4]`) are read out of it into the
    /// node's annotations, as reading the PGN would read them (see
    /// [`Annotations::take_commands_from_comments`]).
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`].
    pub fn set_comment(&mut self, id: NodeId, comment: Option<String>) -> Result<(), GameError> {
        let annotations = self
            .annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?;
        annotations.comment_after = match comment {
            Some(text) => annotations.take_commands(&text),
            None => None,
        };
        Ok(())
    }

    /// Toggles the NAG `nag` on the move of node `id`, one per exclusive group (see
    /// [`Annotations::toggle_nag`]): the analysis board's "mark this move `!?`" and its undo.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::NagOnStart`] on the start position.
    pub fn toggle_nag(&mut self, id: NodeId, nag: u8) -> Result<(), GameError> {
        let annotations = self
            .annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?;
        if id == NodeId::ROOT {
            return Err(GameError::NagOnStart(nag));
        }
        annotations.toggle_nag(nag);
        Ok(())
    }

    /// Toggles a highlighted square on node `id` (see [`Annotations::toggle_square`]); on the
    /// start position it is written in the comment before the first move.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`].
    pub fn toggle_square_mark(&mut self, id: NodeId, mark: SquareMark) -> Result<(), GameError> {
        self.annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?
            .toggle_square(mark);
        Ok(())
    }

    /// Toggles an arrow on node `id` (see [`Annotations::toggle_arrow`]).
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::ArrowToItself`] when it starts where it ends.
    pub fn toggle_arrow(&mut self, id: NodeId, arrow: Arrow) -> Result<(), GameError> {
        let annotations = self
            .annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?;
        if arrow.from == arrow.to {
            return Err(GameError::ArrowToItself(arrow.from));
        }
        annotations.toggle_arrow(arrow);
        Ok(())
    }

    /// Removes the highlighted squares and arrows of node `id`; its comments, NAGs, clock and
    /// evaluation stay.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`].
    pub fn clear_marks(&mut self, id: NodeId) -> Result<(), GameError> {
        self.annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?
            .clear_marks();
        Ok(())
    }

    /// Replaces the annotations of node `id`. On the start position, which PGN can only give a
    /// comment (before the first move), a `comment_before` is put before its `comment_after`
    /// there, so that an export keeps it. Commands in the comments' text are read out into
    /// the annotations, as [`Game::set_comment`] does.
    ///
    /// # Errors
    /// [`GameError::NoSuchNode`]; [`GameError::NagOnStart`] for NAGs on the start position;
    /// [`GameError::NagsOfOneGroup`] for two NAGs of one exclusive group (`?` and `??`), and
    /// [`GameError::ArrowToItself`] for an arrow from a square to itself, which the toggles
    /// refuse too, unless the node has them already (a PGN may give them: annotations read,
    /// changed elsewhere and set back are accepted). The annotations are then left as they were.
    pub fn set_annotations(
        &mut self,
        id: NodeId,
        mut annotations: Annotations,
    ) -> Result<(), GameError> {
        let slot = self
            .annotations_mut(id)
            .ok_or(GameError::NoSuchNode(id.0))?;
        if id == NodeId::ROOT {
            annotations = for_the_start(annotations)?;
        }
        if let Some((a, b)) = annotations.nags_of_one_group(&slot.nags) {
            return Err(GameError::NagsOfOneGroup(a, b));
        }
        if let Some(arrow) = annotations
            .arrows
            .iter()
            .find(|a| a.from == a.to && !slot.arrows.contains(a))
        {
            return Err(GameError::ArrowToItself(arrow.from));
        }
        annotations.take_commands_from_comments();
        *slot = annotations;
        Ok(())
    }

    /// How many times the position at node `id` (whose key is `key` and half-move clock
    /// `halfmove`) has occurred on the way from the root, counting this time.
    pub(super) fn repetitions_at(&self, id: NodeId, key: u64, halfmove: u32) -> u32 {
        self.repetitions_back(self.n(id).parent, key, halfmove)
    }

    /// [`Game::repetitions_at`] for a position not (or not yet) in the tree, made by a move
    /// from node `parent`.
    pub(super) fn repetitions_after(&self, parent: NodeId, key: u64, halfmove: u32) -> u32 {
        self.repetitions_back(Some(parent), key, halfmove)
    }

    /// Counts `key` (with 1 for the position itself) among the nodes from `at` back, every
    /// second one (the same side to move), within `halfmove` plies.
    fn repetitions_back(&self, mut at: Option<NodeId>, key: u64, halfmove: u32) -> u32 {
        let mut count = 1;
        let mut back = 0;
        while let Some(node) = at {
            back += 1;
            if back > halfmove {
                break;
            }
            let n = self.n(node);
            if back % 2 == 0 && n.key == key {
                count += 1;
            }
            at = n.parent;
        }
        count
    }
}

/// `annotations` as the start position can hold them (PGN gives it only a comment, before the
/// first move): a `comment_before` put before its `comment_after`.
///
/// # Errors
/// [`GameError::NagOnStart`] for a NAG, which no move carries there.
pub(super) fn for_the_start(mut annotations: Annotations) -> Result<Annotations, GameError> {
    if let Some(&nag) = annotations.nags.first() {
        return Err(GameError::NagOnStart(nag));
    }
    if let Some(before) = annotations.comment_before.take() {
        annotations.comment_after = Some(match annotations.comment_after.take() {
            Some(after) => format!("{before} {after}"),
            None => before,
        });
    }
    Ok(annotations)
}
