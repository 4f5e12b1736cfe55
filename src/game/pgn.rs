//! A [`Game`] from and to PGN.

use super::{clock, is_derived_tag, DrawReason, Game, GameError, IllegalMove, NodeId, Outcome};
use crate::notation::pgn::{self, PgnGame, PgnMove};
use crate::notation::uci::UciMove;
use crate::rules::{Position, Side};

impl Game {
    /// The first game of a PGN text, with its whole tree (variations, comments, NAGs, clock and
    /// evaluation annotations, squares and arrows) and tags (without the placeholders of the
    /// Seven Tag Roster, such as `[Site "?"]`, which export writes for a tag the game lacks). The game is at the end of its main
    /// line. A decisive or drawn result that the final position does not explain by itself is
    /// kept as a resignation (`1-0`, `0-1`) or as a draw by claim (when one is possible) or
    /// agreement (`1/2-1/2`) at the end of the main line, so that the game shows as over; with
    /// `[Termination "time forfeit"]`, as a loss on time (or, for `1/2-1/2`, a draw by timeout
    /// against insufficient material).
    ///
    /// # Errors
    /// [`GameError::Pgn`] with line, column and token.
    pub fn from_pgn(text: &str) -> Result<Game, GameError> {
        Game::from_pgn_game(&pgn::parse_game(text)?)
    }

    /// Every game of a PGN text, in order: each a game or the error that stopped it (with its
    /// game number, line and column). One bad game does not stop the others.
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::Game;
    /// let text = "1. e4 e5 *\n\n[Event \"bad\"]\n\n1. e4 e4 *\n\n[Event \"good\"]\n\n1. d4 *\n";
    /// let games: Vec<_> = Game::read_pgn(text).collect();
    /// assert_eq!(games.len(), 3);
    /// assert!(games[0].is_ok() && games[1].is_err() && games[2].is_ok());
    /// ```
    pub fn read_pgn(text: &str) -> impl Iterator<Item = Result<Game, GameError>> + '_ {
        pgn::read_games(text).map(|parsed| Game::from_pgn_game(&parsed?))
    }

    /// Every game of a PGN text, in order, like [`Game::read_pgn`], each with its own text as
    /// written in `text` (a slice, see [`pgn::Games::next_with_text`]): [`Game::from_pgn`] on
    /// the slice gives the same game. For listing a big file: take what is needed from each game
    /// and drop it before the next, and the memory stays about the size of the text.
    ///
    /// # Examples
    /// ```
    /// use chesscore::game::Game;
    /// let text = "[White \"Ann\"]\n\n1. e4 e5 *\n\n1. e4 e4 *\n\n1. d4 {Solid} *\n";
    /// let read: Vec<_> = Game::read_pgn_with_text(text).collect();
    /// assert_eq!(read.len(), 3);
    /// let (game, slice) = read[0].as_ref().unwrap();
    /// assert_eq!(*slice, "[White \"Ann\"]\n\n1. e4 e5 *");
    /// assert_eq!(game.tag("White"), Some("Ann"));
    /// assert!(read[1].is_err());
    /// assert_eq!(read[2].as_ref().unwrap().1, "1. d4 {Solid} *");
    /// ```
    pub fn read_pgn_with_text(
        text: &str,
    ) -> impl Iterator<Item = Result<(Game, &str), GameError>> + '_ {
        let mut games = pgn::read_games(text);
        std::iter::from_fn(move || {
            let read = games.next_with_text()?;
            Some(
                read.map_err(GameError::from)
                    .and_then(|(parsed, slice)| Ok((Game::from_pgn_game(&parsed)?, slice))),
            )
        })
    }

    /// A game from a parsed PGN game (see [`Game::from_pgn`]).
    ///
    /// Real files sometimes play on after the game ended by rule (e.g. after insufficient
    /// material or fivefold repetition, which older games did not know): those moves are not
    /// played, and are kept as text in the comment of the last move played, with their NAGs,
    /// comments and variations (not their clocks and other commands).
    ///
    /// # Errors
    /// [`GameError::IllegalMove`] when a move is not legal (never when the [`PgnGame`] came from
    /// the parser); [`GameError::TooDeep`] for variations nested too deep.
    pub fn from_pgn_game(parsed: &PgnGame) -> Result<Game, GameError> {
        let mut game = Game::from_position(parsed.start.clone());
        game.n_mut(NodeId::ROOT).annotations = parsed.root.clone();
        for (name, value) in &parsed.tags {
            let placeholder = pgn::ROSTER_PLACEHOLDERS
                .iter()
                .any(|(n, v)| n == name && v == value);
            if !is_derived_tag(name) && pgn::is_tag_name(name) && !placeholder {
                // As `set_tag` keeps it, so that the game, its JSON and its PGN agree.
                let kept = pgn::tag_value_as_kept(value).into_owned();
                game.tags.insert(name.clone(), kept);
            }
        }
        let mut pos = parsed.start.clone();
        game.add_line(NodeId::ROOT, &parsed.moves, &mut pos)?;
        let end = game.main_line().last().copied().unwrap_or(NodeId::ROOT);
        game.goto(end)?;
        if game.outcome().is_none() {
            let on_time = parsed
                .tag("Termination")
                .is_some_and(|t| t.eq_ignore_ascii_case(clock::TERMINATION_TIME_FORFEIT));
            let ending = match (parsed.result.as_str(), on_time) {
                ("1-0", true) => Some(Outcome::TimeForfeit {
                    winner: Side::White,
                }),
                ("0-1", true) => Some(Outcome::TimeForfeit {
                    winner: Side::Black,
                }),
                ("1/2-1/2", true) => Some(Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial)),
                ("1-0", false) => Some(Outcome::Resignation {
                    winner: Side::White,
                }),
                ("0-1", false) => Some(Outcome::Resignation {
                    winner: Side::Black,
                }),
                ("1/2-1/2", false) => Some(Outcome::Draw(
                    game.claimable_draw().unwrap_or(DrawReason::Agreement),
                )),
                _ => None,
            };
            game.n_mut(end).ending = ending;
        }
        Ok(game)
    }

    /// Adds `moves`, a line from node `parent` whose position is `pos`, and their variations.
    /// `pos` is the same again afterwards (after an error the game is dropped, and `pos` with it).
    ///
    /// The whole line goes in before any of its variations: a variation that begins with the
    /// line's own move (`1. e4 e5 (1... e5 2. Nf3) 2. Nc3`) shares that node, and its
    /// continuation must come after the line's, which stays the main one there, as written.
    /// What the variation says about the shared move (comments, NAGs, marks) is added to the
    /// node's own ([`pgn::Annotations::merge`]), not dropped.
    fn add_line(
        &mut self,
        parent: NodeId,
        moves: &[PgnMove],
        pos: &mut Position,
    ) -> Result<(), GameError> {
        let mut made = Vec::with_capacity(moves.len());
        let mut at = parent;
        for (i, m) in moves.iter().enumerate() {
            if self.rule_outcome(at, pos).is_some() {
                let note = format!(
                    "moves after the end of the game, not played: {}",
                    unplayed_text(&moves[i..])
                );
                let comment = &mut self.n_mut(at).annotations.comment_after;
                *comment = Some(match comment.take() {
                    Some(c) => format!("{c} {note}"),
                    None => note,
                });
                break;
            }
            if !pos.is_legal(m.mv) {
                return Err(IllegalMove::explain(pos, UciMove::from_move(m.mv)).into());
            }
            let id = self.child(at, m.mv, Some(&m.san), pos)?;
            // A variation that repeats a move already in the tree (the main line's, from the
            // same position) is the same node: what it says about the move is added to it.
            let annotations = &mut self.n_mut(id).annotations;
            if annotations.is_empty() {
                *annotations = m.annotations.clone();
            } else {
                annotations.merge(&m.annotations);
            }
            made.push(id);
            at = id;
        }
        self.unmake_all(&made, pos);
        let mut at = parent;
        for (m, &id) in moves.iter().zip(&made) {
            for variation in &m.variations {
                self.add_line(at, variation, pos)?;
            }
            pos.make_move(m.mv);
            at = id;
        }
        self.unmake_all(&made, pos);
        Ok(())
    }

    /// Takes back the moves of the nodes `made` (a line, in order) from `pos`.
    fn unmake_all(&self, made: &[NodeId], pos: &mut Position) {
        for &id in made.iter().rev() {
            let node = self.n(id);
            if let Some(undo) = node.undo {
                pos.unmake_move(node.mv, &undo);
            }
        }
    }

    /// The game as a [`PgnGame`]: tags, start position, the whole tree with its annotations, and
    /// the result of the main line. A game with a clock has its control as the `TimeControl`
    /// tag among the others ([`Game::set_time_control`] keeps it so; `?`, unknown, when PGN
    /// cannot express the control, a Bronstein or simple delay), a game lost or drawn on time
    /// `[Termination "time forfeit"]` (unless it has a `Termination` tag).
    pub fn to_pgn_game(&self) -> PgnGame {
        let root = self.n(NodeId::ROOT);
        let mut tags: Vec<(String, String)> = self
            .tags()
            .into_iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let has = |tags: &[(String, String)], name: &str| tags.iter().any(|(n, _)| n == name);
        let on_time = self.main_line_outcome().is_some_and(Outcome::is_on_time);
        if on_time && !has(&tags, "Termination") {
            tags.push(("Termination".into(), clock::TERMINATION_TIME_FORFEIT.into()));
        }
        PgnGame {
            tags,
            start: self.start.clone(),
            root: root.annotations.clone(),
            moves: root
                .children
                .first()
                .map_or_else(Vec::new, |&first| self.pgn_line(first)),
            result: self.result().to_string(),
        }
    }

    /// The line from `first` along first children, each first child with its variations.
    fn pgn_line(&self, first: NodeId) -> Vec<PgnMove> {
        let mut moves = Vec::new();
        let mut id = first;
        loop {
            let node = self.n(id);
            let variations = match node.parent.map(|p| &self.n(p).children) {
                Some(siblings) if siblings.first() == Some(&id) => {
                    siblings[1..].iter().map(|&v| self.pgn_line(v)).collect()
                }
                _ => Vec::new(),
            };
            moves.push(PgnMove {
                mv: node.mv,
                san: node.san.clone(),
                annotations: node.annotations.clone(),
                variations,
            });
            match node.children.first() {
                Some(&next) => id = next,
                None => return moves,
            }
        }
    }

    /// The game in PGN export format (see [`pgn::write_game`]), with all its variations and
    /// annotations; the result is the main line's.
    pub fn to_pgn(&self) -> String {
        pgn::write_game(&self.to_pgn_game())
    }

    /// The game in PGN export format with only what `export` keeps (e.g. the moves alone, to
    /// share: [`PgnExport::MOVES_ONLY`]). The tags, the main line and the result are always
    /// written; `to_pgn_with(&PgnExport::ALL)` is [`Game::to_pgn`].
    pub fn to_pgn_with(&self, export: &PgnExport) -> String {
        let mut game = self.to_pgn_game();
        export.strip(&mut game.root);
        export.strip_line(&mut game.moves);
        pgn::write_game(&game)
    }
}

/// What [`Game::to_pgn_with`] writes besides the tags, the main line and the result: each
/// field `true` keeps that part of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PgnExport {
    /// The variations (otherwise the main line alone).
    pub variations: bool,
    /// The comments' text and the comment commands not named below (`[%emt]`, ...).
    pub comments: bool,
    /// The NAGs (`$1`, `$4`, `$14`, ...).
    pub nags: bool,
    /// The clock times (`[%clk]`).
    pub clocks: bool,
    /// The evaluations (`[%eval]`).
    pub evals: bool,
    /// The highlighted squares and arrows (`[%csl]`, `[%cal]`).
    pub marks: bool,
}

impl PgnExport {
    /// Everything: the same text as [`Game::to_pgn`].
    pub const ALL: PgnExport = PgnExport {
        variations: true,
        comments: true,
        nags: true,
        clocks: true,
        evals: true,
        marks: true,
    };

    /// The tags and the main line's moves, nothing else.
    pub const MOVES_ONLY: PgnExport = PgnExport {
        variations: false,
        comments: false,
        nags: false,
        clocks: false,
        evals: false,
        marks: false,
    };

    fn strip_line(&self, moves: &mut [PgnMove]) {
        for m in moves {
            self.strip(&mut m.annotations);
            if self.variations {
                for variation in &mut m.variations {
                    self.strip_line(variation);
                }
            } else {
                m.variations.clear();
            }
        }
    }

    fn strip(&self, a: &mut pgn::Annotations) {
        if !self.comments {
            a.comment_before = None;
            a.comment_after = None;
        }
        // A second `%clk` or `%eval` of a move (a file that gives two) is kept as a command:
        // it goes with its kind, the other commands with the comments.
        a.commands.retain(|c| match c.name.as_str() {
            "clk" => self.clocks,
            "eval" => self.evals,
            "csl" | "cal" => self.marks,
            _ => self.comments,
        });
        if !self.nags {
            a.nags.clear();
        }
        if !self.clocks {
            a.clock = None;
        }
        if !self.evals {
            a.eval = None;
        }
        if !self.marks {
            a.squares.clear();
            a.arrows.clear();
        }
    }
}

impl Default for PgnExport {
    /// [`PgnExport::ALL`].
    fn default() -> Self {
        PgnExport::ALL
    }
}

/// Moves a file plays after the game ended by rule, as the text of a comment (no PGN braces,
/// which a comment cannot hold): each move's SAN with its NAGs (`$2`), its comments in quotes
/// and its variations in parentheses, so that nothing the file said about them is lost. Their
/// commands (`[%clk]`, `[%eval]`, marks) are left out: they describe moves that were not played.
fn unplayed_text(moves: &[PgnMove]) -> String {
    let mut words = Vec::new();
    for m in moves {
        let a = &m.annotations;
        if let Some(before) = a.comment_before.as_deref() {
            words.push(format!("\"{before}\""));
        }
        words.push(m.san.clone());
        words.extend(a.nags.iter().map(|n| format!("${n}")));
        if let Some(after) = a.comment_after.as_deref() {
            words.push(format!("\"{after}\""));
        }
        for variation in m.variations.iter().filter(|v| !v.is_empty()) {
            words.push(format!("({})", unplayed_text(variation)));
        }
    }
    words.join(" ")
}
