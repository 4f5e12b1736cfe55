//! The JSON save format of a [`Game`], version 3 (versions 1 and 2 still load).
//!
//! ```json
//! {
//!   "version": 3,
//!   "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!   "tags": [["White", "Ann"], ["Black", "Bob"]],
//!   "new_moves": "variation",
//!   "nodes": [
//!     {"comment": "A quick game"},
//!     {"parent": 0, "uci": "e2e4", "clock_ms": 179000, "eval": "0.25,18"},
//!     {"parent": 1, "uci": "e7e5", "comment": "book", "nags": [1], "squares": ["Gd4"],
//!      "arrows": ["Gg1f3"], "commands": [["emt", "0:00:05"]]},
//!     {"parent": 0, "uci": "d2d4", "comment_before": "Or", "ending": {"type": "agreement"}}
//!   ],
//!   "current": 2,
//!   "line_end": 2,
//!   "clock": {
//!     "control": {"type": "periods", "periods": [{"moves": null, "time_ms": 180000,
//!                 "bonus": {"type": "increment", "ms": 2000}}]},
//!     "white_ms": 179000, "black_ms": 180000, "to_move": "black",
//!     "white_moves": 1, "black_moves": 0, "used_ms": 3000, "started": true
//!   }
//! }
//! ```
//!
//! `nodes[0]` is the start position; every other node names its `parent` (an earlier index) and
//! its move in UCI (Chess960 castling as the king taking its rook), and a parent's children are in the order of the list (the first continues
//! the line, the others are variations). Optional fields: `comment_before`, `comment` (after the
//! move; on the start position, before the first move), `nags`, `clock_ms`, `eval` (as in
//! `[%eval]`), `squares` and `arrows` (as in `[%csl]` and `[%cal]`), other `commands`, and
//! `clocks` (a move played on the clock: the clock before and after it, each
//! `{"white_ms", "black_ms", "white_moves", "black_moves"}`, which take-backs and redo set the
//! clock back to), `ending`: the ending a player chose at the node (`resignation` with `winner`, `agreement`, or
//! `claim` with `reason` `threefold_repetition` or `fifty_move_rule`; and the endings a flag fall
//! gave, kept as recorded: `time_forfeit` with `winner`, and `timeout_draw`). Endings by rule are
//! not stored, they follow from the moves. A game with a time control has a `clock` (what it
//! shows: both times, the side to move, the moves made, the time used in the current move, the
//! flag; never a time-stamp, see [`super::clock`]); a clock that was running loads paused.
//! `current` is the current node and `line_end` the end of the current line (what redo
//! replays). Loading checks everything again: the start position takes no `nags` (no move
//! carries them, and PGN could not write them), and a `comment_before` there is read as the
//! start's `comment`, as `Game::set_annotations` takes them.
//!
//! A Chess960 game has `"chess960": true` (left out otherwise), and its `start_fen` a
//! Shredder-FEN castling field (`HAha`). The flag is what says Chess960: a start position
//! without castling rights (`-`) reads as standard chess from its FEN alone. Saves written
//! before the flag (2026-11-27) read as their FEN says, as they always did.
//!
//! `chess960` and the nodes' `clocks` came on 2026-11-27 within version 3: this build reads every
//! earlier save, but a build from before refuses a save that has them (it refuses unknown
//! fields), as after an app is downgraded.
//!
//! Version 3 is version 2 with the clock: the optional `clock` field and the endings
//! `time_forfeit` and `timeout_draw`. A version-2 save (the game tree without a clock) loads as
//! it is; one with a `clock` is refused, as no build wrote that.
//!
//! Version 1 (a main line only) has `moves` played and `redo` moves, each `{"uci", "comment",
//! "nags"}`, `tags`, `comment_before_moves` and `outcome`; it loads as that main line with the
//! current node after `moves`.

use super::clock::{Clock, ClockMark};
use super::tree::Node;
use super::{is_derived_tag, DrawReason, Game, GameError, NewMovePlacement, NodeId, Outcome};
use crate::notation::pgn::{is_tag_name, Annotations, Command};
use crate::notation::{fen, uci};
use crate::rules::{CastlingMode, Side};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The version this build writes.
const VERSION: u64 = 3;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV2 {
    version: u64,
    start_fen: String,
    #[serde(default, skip_serializing_if = "is_false")]
    chess960: bool,
    tags: Vec<(String, String)>,
    new_moves: SavedPlacement,
    nodes: Vec<SavedNode>,
    current: u32,
    line_end: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<Clock>,
}

/// For `skip_serializing_if`: a flag left out when it is off.
fn is_false(flag: &bool) -> bool {
    !*flag
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum SavedPlacement {
    Variation,
    MainLine,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SavedNode {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    parent: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    uci: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment_before: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    nags: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    eval: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    squares: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    arrows: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    commands: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ending: Option<SavedOutcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clocks: Option<[ClockMark; 2]>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveV1 {
    version: u64,
    start_fen: String,
    moves: Vec<SavedMoveV1>,
    redo: Vec<SavedMoveV1>,
    tags: Vec<(String, String)>,
    #[serde(deserialize_with = "Option::deserialize")]
    comment_before_moves: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    outcome: Option<SavedOutcome>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMoveV1 {
    uci: String,
    #[serde(default)]
    comment: Option<String>,
    #[serde(default)]
    nags: Vec<u8>,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum SavedSide {
    White,
    Black,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum SavedClaim {
    ThreefoldRepetition,
    FiftyMoveRule,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum SavedOutcome {
    Resignation { winner: SavedSide },
    Agreement,
    Claim { reason: SavedClaim },
    TimeForfeit { winner: SavedSide },
    TimeoutDraw,
}

fn saved_outcome(o: Outcome) -> Option<SavedOutcome> {
    match o {
        Outcome::Resignation { winner } => Some(SavedOutcome::Resignation {
            winner: match winner {
                Side::White => SavedSide::White,
                Side::Black => SavedSide::Black,
            },
        }),
        Outcome::Draw(DrawReason::Agreement) => Some(SavedOutcome::Agreement),
        Outcome::Draw(DrawReason::ThreefoldRepetition) => Some(SavedOutcome::Claim {
            reason: SavedClaim::ThreefoldRepetition,
        }),
        Outcome::Draw(DrawReason::FiftyMoveRule) => Some(SavedOutcome::Claim {
            reason: SavedClaim::FiftyMoveRule,
        }),
        Outcome::TimeForfeit { winner } => Some(SavedOutcome::TimeForfeit {
            winner: match winner {
                Side::White => SavedSide::White,
                Side::Black => SavedSide::Black,
            },
        }),
        Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial) => Some(SavedOutcome::TimeoutDraw),
        _ => None,
    }
}

fn invalid(msg: impl Into<String>) -> GameError {
    GameError::InvalidSave(msg.into())
}

fn saved_node(node: &Node, parent: Option<u32>, mode: CastlingMode) -> SavedNode {
    let a = &node.annotations;
    SavedNode {
        parent,
        uci: parent.map(|_| uci::to_uci_in(node.mv, mode)),
        comment_before: a.comment_before.clone(),
        comment: a.comment_after.clone(),
        nags: a.nags.clone(),
        clock_ms: a.clock.map(|c| c.as_millis() as u64),
        eval: a.eval.map(|e| e.to_string()),
        squares: a.squares.iter().map(ToString::to_string).collect(),
        arrows: a.arrows.iter().map(ToString::to_string).collect(),
        commands: a
            .commands
            .iter()
            .map(|c| (c.name.clone(), c.value.clone()))
            .collect(),
        ending: node.ending.and_then(saved_outcome),
        clocks: node.clocks,
    }
}

/// The annotations of `saved` (at `nodes[i]`), checked. Otherwise kept exactly as saved, as
/// the Rust API's `annotations_mut` may have left them (a command PGN would read back as a field,
/// command text in a comment): a save loads as the game that was saved.
fn annotations(saved: &SavedNode, i: usize) -> Result<Annotations, GameError> {
    let field =
        |name: &str, text: &str| invalid(format!("nodes[{i}].{name}: cannot read \"{text}\""));
    Ok(Annotations {
        comment_before: saved.comment_before.clone(),
        comment_after: saved.comment.clone(),
        nags: saved.nags.clone(),
        clock: saved.clock_ms.map(Duration::from_millis),
        eval: match &saved.eval {
            Some(text) => Some(text.parse().map_err(|_| field("eval", text))?),
            None => None,
        },
        squares: saved
            .squares
            .iter()
            .map(|s| s.parse().map_err(|_| field("squares", s)))
            .collect::<Result<_, _>>()?,
        arrows: saved
            .arrows
            .iter()
            .map(|s| s.parse().map_err(|_| field("arrows", s)))
            .collect::<Result<_, _>>()?,
        commands: saved
            .commands
            .iter()
            .enumerate()
            .map(|(k, (name, value))| {
                let command = Command {
                    name: name.clone(),
                    value: value.clone(),
                };
                // As `set_annotations` in the FFI refuses them: the PGN export would write it
                // back as another command, or as a command and a comment.
                match command.pgn_problem() {
                    Some(problem) => Err(invalid(format!("nodes[{i}].commands[{k}]: {problem}"))),
                    None => Ok(command),
                }
            })
            .collect::<Result<_, _>>()?,
    })
}

impl Game {
    /// The whole game as versioned JSON: start position, tree with annotations and endings,
    /// tags, the placement of new moves, the current node and line. [`Game::from_json`] restores
    /// exactly this game (with its nodes numbered afresh).
    pub fn to_json(&self) -> String {
        let mut nodes = Vec::new();
        let mut index_of = vec![0u32; self.nodes.len()];
        // Depth first, children in order: a parent always comes before its children, and
        // siblings keep their order.
        let mut stack = vec![(NodeId::ROOT, None)];
        while let Some((id, parent)) = stack.pop() {
            index_of[id.index() as usize] = nodes.len() as u32;
            nodes.push(saved_node(self.n(id), parent, self.start.castling_mode()));
            let me = Some(index_of[id.index() as usize]);
            stack.extend(self.n(id).children.iter().rev().map(|&c| (c, me)));
        }
        let index = |id: NodeId| index_of[id.index() as usize];
        let save = SaveV2 {
            version: VERSION,
            // Shredder-FEN for a Chess960 game, so that it reads back as one even when its
            // rights look standard (see the fen module's docs).
            start_fen: if self.start.is_chess960() {
                fen::to_fen_with(&self.start, fen::CastlingNotation::Shredder)
            } else {
                fen::to_fen(&self.start)
            },
            chess960: self.start.is_chess960(),
            tags: self
                .tags()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            new_moves: match self.new_moves {
                NewMovePlacement::Variation => SavedPlacement::Variation,
                NewMovePlacement::MainLine => SavedPlacement::MainLine,
            },
            nodes,
            current: index(self.current()),
            line_end: index(self.line[self.line.len() - 1]),
            clock: self.clock.clone(),
        };
        match serde_json::to_string_pretty(&save) {
            Ok(json) => json,
            Err(e) => unreachable!("a save of plain strings and numbers always serializes: {e}"),
        }
    }

    /// Restores a game saved with [`Game::to_json`] (version 3, or versions 1 and 2 of earlier
    /// builds), checking everything again: the version, the start FEN, every move in its
    /// position, the annotations, the tags, the endings and the current node.
    ///
    /// # Errors
    /// [`GameError::InvalidSave`] saying what is wrong and where (e.g. `nodes[12] "e2e5": ...`)
    /// for text that is not JSON, another version, missing or unknown fields, an invalid FEN, an
    /// illegal move or an ending the position does not allow.
    pub fn from_json(json: &str) -> Result<Game, GameError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| invalid(format!("not JSON: {e}")))?;
        let Some(obj) = value.as_object() else {
            return Err(invalid("expected a JSON object"));
        };
        // The saves are read from the text, not from `value`: a key given twice (`"uci"` twice
        // in a node) is refused, where `value` kept the last one and loaded another game.
        #[derive(Deserialize)]
        struct VersionOnly {
            #[allow(dead_code)]
            version: Option<serde_json::Value>,
        }
        serde_json::from_str::<VersionOnly>(json).map_err(|e| invalid(e.to_string()))?;
        match obj.get("version").map(serde_json::Value::as_u64) {
            None => Err(invalid("missing field \"version\"")),
            Some(Some(1)) => {
                let save: SaveV1 =
                    serde_json::from_str(json).map_err(|e| invalid(e.to_string()))?;
                Game::from_v1(save)
            }
            Some(Some(v @ (2 | VERSION))) => {
                let save: SaveV2 =
                    serde_json::from_str(json).map_err(|e| invalid(e.to_string()))?;
                if v == 2 && save.clock.is_some() {
                    return Err(invalid(
                        "clock: a version-2 save has no clock (clocks came with version 3)",
                    ));
                }
                Game::from_v2(save)
            }
            Some(_) => Err(invalid(format!(
                "unsupported version {} (this build reads versions 1 to {VERSION})",
                obj["version"]
            ))),
        }
    }

    fn start_for_load(
        start_fen: &str,
        chess960: bool,
        tags: &[(String, String)],
    ) -> Result<Game, GameError> {
        let start = if chess960 {
            fen::parse_with_mode(start_fen, CastlingMode::Chess960)
        } else {
            fen::parse(start_fen)
        }
        .map_err(|e| invalid(format!("start_fen \"{start_fen}\": {e}")))?;
        let mut game = Game::from_position(start);
        for (name, value) in tags {
            if name == "Variant" && game.tag(name) == Some(value.as_str()) {
                // Saves of the version-1 format written by Chess960-aware builds have it.
                continue;
            }
            if name == "Variant" && !chess960 && crate::notation::pgn::is_standard_variant(value) {
                // Builds before the tag was derived saved a PGN's `[Variant "Standard"]` (as
                // lichess writes it) as an ordinary tag: dropped, as PGN reading drops it.
                continue;
            }
            // Builds before tag names were checked (version 1, 2026-11) kept any name the app
            // gave ("Opening Name"): kept with '_' for what PGN cannot hold, not refused.
            let name: String = if is_tag_name(name) {
                name.clone()
            } else {
                name.chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                    .collect()
            };
            if name.is_empty() {
                continue;
            }
            let name = name.as_str();
            if is_derived_tag(name) {
                return Err(invalid(format!(
                    "tags: \"{name}\" is not stored, it follows from the game"
                )));
            }
            if game.tags.contains_key(name) {
                return Err(invalid(format!("tags: \"{name}\" appears twice")));
            }
            game.set_tag(name, value)
                .map_err(|e| invalid(format!("tags: {e}")))?;
        }
        Ok(game)
    }

    /// Sets an ending chosen by a player at the current node, checking that it is possible there.
    fn load_ending(&mut self, saved: SavedOutcome, place: &str) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(invalid(format!(
                "{place}: the game already ended by rule ({o}) there"
            )));
        }
        let o = match saved {
            SavedOutcome::Resignation { winner } => Outcome::Resignation {
                winner: match winner {
                    SavedSide::White => Side::White,
                    SavedSide::Black => Side::Black,
                },
            },
            SavedOutcome::Agreement => Outcome::Draw(DrawReason::Agreement),
            // A record of what the clock said: kept as saved.
            SavedOutcome::TimeForfeit { winner } => Outcome::TimeForfeit {
                winner: match winner {
                    SavedSide::White => Side::White,
                    SavedSide::Black => Side::Black,
                },
            },
            SavedOutcome::TimeoutDraw => Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial),
            SavedOutcome::Claim { reason } => {
                let reason = match reason {
                    SavedClaim::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
                    SavedClaim::FiftyMoveRule => DrawReason::FiftyMoveRule,
                };
                if !super::claim_allowed(reason, &self.position, self.repetition_count()) {
                    return Err(invalid(format!(
                        "{place}: a draw by {reason} cannot be claimed there"
                    )));
                }
                Outcome::Draw(reason)
            }
        };
        let current = self.current();
        self.n_mut(current).ending = Some(o);
        Ok(())
    }

    fn from_v2(save: SaveV2) -> Result<Game, GameError> {
        let mut game = Game::start_for_load(&save.start_fen, save.chess960, &save.tags)?;
        let Some(root) = save.nodes.first() else {
            return Err(invalid("nodes: empty (nodes[0] is the start position)"));
        };
        if root.parent.is_some() || root.uci.is_some() || root.clocks.is_some() {
            return Err(invalid(
                "nodes[0] is the start position: it has no parent, no move and no clocks",
            ));
        }
        // As `set_annotations` takes them: no NAG on the start position (no move carries it, so
        // PGN could not write it), a comment before the first move is the start's comment. (The
        // comments' text is kept as saved, as on every node.)
        game.n_mut(NodeId::ROOT).annotations = super::tree::for_the_start(annotations(root, 0)?)
            .map_err(|e| invalid(format!("nodes[0].nags: {e}")))?;
        let mut ids = vec![NodeId::ROOT];
        for (i, saved) in save.nodes.iter().enumerate().skip(1) {
            let (Some(parent), Some(text)) = (saved.parent, &saved.uci) else {
                return Err(invalid(format!(
                    "nodes[{i}]: a move needs a \"parent\" and a \"uci\""
                )));
            };
            let Some(&parent) = ids.get(parent as usize) else {
                return Err(invalid(format!(
                    "nodes[{i}]: parent {parent} does not come before it"
                )));
            };
            game.goto(parent)?;
            let place = format!("nodes[{i}] \"{text}\"");
            if let Some(o) = game.rule_outcome(parent, &game.position) {
                return Err(invalid(format!("{place}: the game is over there ({o})")));
            }
            let mv = uci::parse_move(&game.position, text)
                .map_err(|e| invalid(format!("{place}: {e}")))?;
            if game.n(parent).children.iter().any(|&c| game.n(c).mv == mv) {
                return Err(invalid(format!(
                    "{place}: the same move twice after one node"
                )));
            }
            let id = game
                .advance(mv)
                .map_err(|e| invalid(format!("{place}: {e}")))?;
            game.n_mut(id).annotations = annotations(saved, i)?;
            game.n_mut(id).clocks = saved.clocks;
            ids.push(id);
        }
        for (i, saved) in save.nodes.iter().enumerate() {
            if let Some(ending) = saved.ending {
                game.goto(ids[i])?;
                game.load_ending(ending, &format!("nodes[{i}].ending"))?;
            }
        }
        let node = |index: u32, field: &str| {
            ids.get(index as usize)
                .copied()
                .ok_or_else(|| invalid(format!("{field}: no node {index}")))
        };
        let line_end = node(save.line_end, "line_end")?;
        let current = node(save.current, "current")?;
        if !game.n(line_end).children.is_empty() {
            return Err(invalid(
                "line_end: the current line must end at a last move",
            ));
        }
        game.goto(line_end)?;
        if game.line.get(game.n(current).ply as usize) != Some(&current) {
            return Err(invalid("current: not on the way to line_end"));
        }
        game.goto(current)?;
        game.clock = save.clock;
        game.sync_time_control_tag();
        // Not saved: the clock stands where the game was saved (apps save at the game's
        // position), so that going back after a reload does not let a timed move charge it.
        game.clock_node = game.clock.as_ref().map(|_| current);
        game.new_moves = match save.new_moves {
            SavedPlacement::Variation => NewMovePlacement::Variation,
            SavedPlacement::MainLine => NewMovePlacement::MainLine,
        };
        Ok(game)
    }

    fn from_v1(save: SaveV1) -> Result<Game, GameError> {
        let mut game = Game::start_for_load(&save.start_fen, false, &save.tags)?;
        game.n_mut(NodeId::ROOT).annotations.comment_after = save.comment_before_moves;
        let play = |game: &mut Game, list: &str, i: usize, m: &SavedMoveV1| {
            game.play_uci(&m.uci)
                .map_err(|e| invalid(format!("{list}[{i}] \"{}\": {e}", m.uci)))?;
            let current = game.current();
            let annotations = &mut game.n_mut(current).annotations;
            annotations.comment_after = m.comment.clone();
            annotations.nags = m.nags.clone();
            Ok::<(), GameError>(())
        };
        for (i, m) in save.moves.iter().enumerate() {
            play(&mut game, "moves", i, m)?;
        }
        let played = game.current();
        for (i, m) in save.redo.iter().enumerate() {
            play(&mut game, "redo", i, m)?;
        }
        game.goto(played)?;
        if let Some(saved) = save.outcome {
            game.load_ending(saved, "outcome")?;
        }
        Ok(game)
    }
}
