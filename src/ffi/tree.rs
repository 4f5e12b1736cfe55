//! The records of a game's tree across the FFI: move list items, node details, annotations,
//! and the result of reading a PGN file; converted from [`crate::game`] and
//! [`crate::notation::pgn`].

use std::sync::Arc;
use std::time::Duration;

use crate::game::{self, Game, NodeId};
use crate::notation::pgn;

use super::game::ChessGame;
use super::types::legal_move_line;
use super::{ChessError, LegalMove, Side, Square};

/// Where a new move goes when the current node already has a continuation: see
/// `ChessGame.setNewMovePlacement`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum NewMovePlacement {
    /// The new move starts a variation; the main line stays (an analysis board; the default).
    Variation,
    /// The line through the new move becomes the main line and the moves it replaces a
    /// variation (a game against the engine: what was played is the game, take-backs are kept).
    MainLine,
}

impl From<NewMovePlacement> for game::NewMovePlacement {
    fn from(p: NewMovePlacement) -> game::NewMovePlacement {
        match p {
            NewMovePlacement::Variation => game::NewMovePlacement::Variation,
            NewMovePlacement::MainLine => game::NewMovePlacement::MainLine,
        }
    }
}

impl From<game::NewMovePlacement> for NewMovePlacement {
    fn from(p: game::NewMovePlacement) -> NewMovePlacement {
        match p {
            game::NewMovePlacement::Variation => NewMovePlacement::Variation,
            game::NewMovePlacement::MainLine => NewMovePlacement::MainLine,
        }
    }
}

/// One item of the whole move tree as a flat list in reading order (the order PGN writes it),
/// e.g. `1. e4 {Best} e5 (1... c5 2. Nf3) 2. Nf3`: Move `1. e4`, Comment `Best`, Move `e5`,
/// VariationStart (depth 1), Move `1... c5`, Move `2. Nf3` (both depth 1), VariationEnd (depth
/// 1), Move `2. Nf3`. Render moves inline, indent or bracket by `depth`; tapping a move goes to
/// its `node`, and the move whose `node` is `GameSnapshot.node` is the current one.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum MoveListItem {
    /// A move.
    Move {
        /// Its node id.
        node: u32,
        /// How many variations deep it stands (0 on the main line).
        depth: u32,
        /// Its move number.
        number: u32,
        /// The side that makes it.
        side: Side,
        /// `true` when the number is shown before it: always for White, and for Black at the
        /// start of a line or after a comment or variation (`12... Nf6`).
        show_number: bool,
        /// The move in SAN.
        san: String,
        /// Its NAGs (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, ...), each 0 to 255.
        nags: Vec<u32>,
    },
    /// A comment, before the move of `node` when `before` is set, otherwise after it (on the
    /// start position, node 0: the comment before the first move).
    Comment {
        /// The node it belongs to.
        node: u32,
        /// How many variations deep it stands.
        depth: u32,
        /// `true` for a comment before the move.
        before: bool,
        /// The text.
        text: String,
    },
    /// A variation starts here: an alternative to the move before it.
    VariationStart {
        /// Its depth (1 for a variation of the main line).
        depth: u32,
    },
    /// The variation at `depth` ends here.
    VariationEnd {
        /// Its depth.
        depth: u32,
    },
}

impl From<game::MoveListItem<'_>> for MoveListItem {
    fn from(item: game::MoveListItem<'_>) -> MoveListItem {
        match item {
            game::MoveListItem::Move {
                node,
                depth,
                number,
                show_number,
                san,
                nags,
            } => MoveListItem::Move {
                node: node.index(),
                depth,
                number: number.number,
                side: number.side.into(),
                show_number,
                san: san.to_string(),
                nags: nags.iter().map(|&n| u32::from(n)).collect(),
            },
            game::MoveListItem::Comment {
                node,
                depth,
                before,
                text,
            } => MoveListItem::Comment {
                node: node.index(),
                depth,
                before,
                text: text.to_string(),
            },
            game::MoveListItem::VariationStart { depth } => MoveListItem::VariationStart { depth },
            game::MoveListItem::VariationEnd { depth } => MoveListItem::VariationEnd { depth },
        }
    }
}

/// A node of the move tree: the start position (node 0) or a move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct NodeInfo {
    /// Its id.
    pub node: u32,
    /// The node before it (`null`/`nil` for the start position).
    pub parent: Option<u32>,
    /// The moves after it: the first continues the line, the others are variations.
    pub children: Vec<u32>,
    /// Moves from the start to this node.
    pub ply: u32,
    /// The move in SAN (empty for the start position).
    pub san: String,
    /// The move in UCI (empty for the start position), written as `LegalMove.uci` is: castling
    /// king-onto-rook in Chess960 (`e1h1`), so that `playUci` takes it back.
    pub uci: String,
    /// The move number (0 for the start position).
    pub number: u32,
    /// The side that made the move (for the start position: the side to move there).
    pub side: Side,
    /// `true` on the main line.
    pub is_main_line: bool,
    /// Comments, NAGs, clock, evaluation, squares and arrows.
    pub annotations: NodeAnnotations,
}

impl NodeInfo {
    pub(crate) fn new(game: &Game, node: game::NodeRef<'_>) -> NodeInfo {
        let number = node.move_number();
        NodeInfo {
            node: node.id().index(),
            parent: node.parent().map(NodeId::index),
            children: node.children().iter().map(|c| c.index()).collect(),
            ply: node.ply(),
            san: node.san().to_string(),
            // As `LegalMove.uci`: castling king-onto-rook in Chess960.
            uci: node.mv().map_or_else(String::new, |m| {
                crate::notation::uci::to_uci_in(m, game.start_position().castling_mode())
            }),
            number: number.map_or(0, |n| n.number),
            side: number
                .map_or(game.start_position().side_to_move(), |n| n.side)
                .into(),
            is_main_line: node.is_main_line(),
            annotations: node.annotations().into(),
        }
    }
}

/// What a game score says about a move besides the move (PGN comments, NAGs and the commands
/// inside comments).
#[derive(Debug, Clone, Default, PartialEq, Eq, uniffi::Record)]
pub struct NodeAnnotations {
    /// A comment before the move (e.g. at the start of a variation).
    pub comment_before: Option<String>,
    /// The comment after the move (on the start position: the comment before the first move).
    pub comment_after: Option<String>,
    /// NAGs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, 10 `=`, 14-19 the evaluation symbols;
    /// each 0 to 255.
    pub nags: Vec<u32>,
    /// The mover's clock after the move, in milliseconds (`[%clk]`).
    pub clock_ms: Option<u64>,
    /// An evaluation of the position after the move (`[%eval]`).
    pub eval: Option<Evaluation>,
    /// Highlighted squares (`[%csl]`).
    pub squares: Vec<SquareMark>,
    /// Arrows (`[%cal]`).
    pub arrows: Vec<Arrow>,
    /// Other commands (`[%emt 0:00:05]`), kept as written.
    pub commands: Vec<AnnotationCommand>,
}

/// An evaluation from a `[%eval]` annotation, from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Evaluation {
    /// The score.
    pub score: EvalScore,
    /// The search depth, when given.
    pub depth: Option<u32>,
}

/// The score of an [`Evaluation`], from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum EvalScore {
    /// An advantage in hundredths of a pawn (positive: White is better).
    Centipawns {
        /// The value.
        value: i32,
    },
    /// Mate in `moves` moves (positive: White mates).
    Mate {
        /// Moves to mate.
        moves: i32,
    },
}

/// The colour of a highlighted square or arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
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

/// A highlighted square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SquareMark {
    /// Its colour.
    pub color: MarkColor,
    /// The square.
    pub square: Square,
}

/// An arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Arrow {
    /// Its colour.
    pub color: MarkColor,
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

/// A comment command other than the clock, evaluation, squares and arrows: `[%name value]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct AnnotationCommand {
    /// The name after `%`, e.g. `emt`.
    pub name: String,
    /// The rest, e.g. `0:00:05`.
    pub value: String,
}

impl From<pgn::MarkColor> for MarkColor {
    fn from(c: pgn::MarkColor) -> MarkColor {
        match c {
            pgn::MarkColor::Red => MarkColor::Red,
            pgn::MarkColor::Green => MarkColor::Green,
            pgn::MarkColor::Blue => MarkColor::Blue,
            pgn::MarkColor::Yellow => MarkColor::Yellow,
        }
    }
}

impl From<MarkColor> for pgn::MarkColor {
    fn from(c: MarkColor) -> pgn::MarkColor {
        match c {
            MarkColor::Red => pgn::MarkColor::Red,
            MarkColor::Green => pgn::MarkColor::Green,
            MarkColor::Blue => pgn::MarkColor::Blue,
            MarkColor::Yellow => pgn::MarkColor::Yellow,
        }
    }
}

impl From<pgn::Evaluation> for Evaluation {
    fn from(e: pgn::Evaluation) -> Evaluation {
        Evaluation {
            score: match e.score {
                pgn::EvalScore::Centipawns(value) => EvalScore::Centipawns { value },
                pgn::EvalScore::Mate(moves) => EvalScore::Mate { moves },
            },
            depth: e.depth,
        }
    }
}

impl From<Evaluation> for pgn::Evaluation {
    fn from(e: Evaluation) -> pgn::Evaluation {
        pgn::Evaluation {
            score: match e.score {
                EvalScore::Centipawns { value } => pgn::EvalScore::Centipawns(value),
                EvalScore::Mate { moves } => pgn::EvalScore::Mate(moves),
            },
            depth: e.depth,
        }
    }
}

impl From<&pgn::Annotations> for NodeAnnotations {
    fn from(a: &pgn::Annotations) -> NodeAnnotations {
        NodeAnnotations {
            comment_before: a.comment_before.clone(),
            comment_after: a.comment_after.clone(),
            nags: a.nags.iter().map(|&n| u32::from(n)).collect(),
            clock_ms: a.clock.map(|c| c.as_millis() as u64),
            eval: a.eval.map(Into::into),
            squares: a
                .squares
                .iter()
                .map(|m| SquareMark {
                    color: m.color.into(),
                    square: m.square,
                })
                .collect(),
            arrows: a
                .arrows
                .iter()
                .map(|m| Arrow {
                    color: m.color.into(),
                    from: m.from,
                    to: m.to,
                })
                .collect(),
            commands: a
                .commands
                .iter()
                .map(|c| AnnotationCommand {
                    name: c.name.clone(),
                    value: c.value.clone(),
                })
                .collect(),
        }
    }
}

impl TryFrom<NodeAnnotations> for pgn::Annotations {
    type Error = ChessError;

    fn try_from(a: NodeAnnotations) -> Result<pgn::Annotations, ChessError> {
        let nags = a
            .nags
            .iter()
            .map(|&n| u8::try_from(n))
            .collect::<Result<_, _>>()
            .map_err(|_| {
                ChessError::InvalidRequest(format!(
                    "invalid NAG in {:?}: a NAG is a number from 0 to 255",
                    a.nags
                ))
            })?;
        let annotations = pgn::Annotations {
            comment_before: a.comment_before,
            comment_after: a.comment_after,
            nags,
            clock: a.clock_ms.map(Duration::from_millis),
            eval: a.eval.map(Into::into),
            squares: a
                .squares
                .into_iter()
                .map(|m| pgn::SquareMark {
                    color: m.color.into(),
                    square: m.square,
                })
                .collect(),
            arrows: a
                .arrows
                .into_iter()
                .map(|m| pgn::Arrow {
                    color: m.color.into(),
                    from: m.from,
                    to: m.to,
                })
                .collect(),
            commands: a
                .commands
                .into_iter()
                .map(|c| pgn::Command {
                    name: c.name,
                    value: c.value,
                })
                .collect(),
        };
        // Refused here, not mangled by the next PGN export.
        for command in &annotations.commands {
            if let Some(problem) = annotations.command_problem(command) {
                return Err(ChessError::InvalidRequest(format!(
                    "invalid annotation {problem}: a PGN comment could not hold it"
                )));
            }
        }
        // One mark a square and one arrow a direction, as PGN's `[%csl]` and `[%cal]` read them
        // back (the last colour would win there).
        for (i, m) in annotations.squares.iter().enumerate() {
            if annotations.squares[..i]
                .iter()
                .any(|o| o.square == m.square)
            {
                return Err(ChessError::InvalidRequest(format!(
                    "invalid annotation: square {} is marked twice (a square has one mark)",
                    m.square
                )));
            }
        }
        for (i, a) in annotations.arrows.iter().enumerate() {
            if annotations.arrows[..i]
                .iter()
                .any(|o| o.from == a.from && o.to == a.to)
            {
                return Err(ChessError::InvalidRequest(format!(
                    "invalid annotation: the arrow {}{} is drawn twice (one arrow a direction)",
                    a.from, a.to
                )));
            }
        }
        Ok(annotations)
    }
}

/// The games of a PGN text: every game that could be read, and one entry for each that could
/// not.
#[derive(uniffi::Record)]
pub struct PgnImport {
    /// The games read, in file order.
    pub games: Vec<Arc<ChessGame>>,
    /// The games that could not be read, in file order.
    pub skipped: Vec<SkippedGame>,
}

/// A game of a PGN text that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SkippedGame {
    /// Its number in the text, from 1.
    pub game: u32,
    /// The line of the problem, from 1.
    pub line: u32,
    /// The column of the problem, from 1.
    pub column: u32,
    /// What is wrong, with the line, column and token.
    pub message: String,
}

impl From<crate::game::GameError> for SkippedGame {
    fn from(e: crate::game::GameError) -> SkippedGame {
        let (game, line, column) = match &e {
            crate::game::GameError::Pgn(p) => (p.game, p.line, p.column),
            _ => (0, 0, 0),
        };
        SkippedGame {
            game,
            line,
            column,
            message: e.to_string(),
        }
    }
}

/// `san` in figurine notation, as a move list may show it: `Nf3` is `♘f3`, `e8=Q+` is `e8=♕+`
/// (the white figurines for both sides, as figurine notation does; squares, captures, castling
/// and check signs unchanged). For display only: PGN and the `play` calls take the letters.
#[uniffi::export]
pub fn figurine_san(san: String) -> String {
    crate::notation::san::with_piece_symbols(&san, &crate::notation::san::FIGURINES)
}

/// `san` with its piece letters `K`, `Q`, `R`, `B`, `N` written as `symbols`, in that order: a
/// language's letters (German `["K", "D", "T", "L", "S"]`: `Nf3` is `Sf3`) or any symbols a move
/// list draws. For display only, like `figurineSan`.
///
/// # Errors
/// `InvalidRequest` when `symbols` is not five non-empty strings.
#[uniffi::export]
pub fn san_with_piece_symbols(san: String, symbols: Vec<String>) -> Result<String, ChessError> {
    let five: [&str; 5] = symbols
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .try_into()
        .ok()
        .filter(|s: &[&str; 5]| s.iter().all(|x| !x.is_empty()))
        .ok_or_else(|| {
            ChessError::InvalidRequest(format!(
                "expected 5 non-empty piece symbols (king, queen, rook, bishop, knight), got {symbols:?}"
            ))
        })?;
    Ok(crate::notation::san::with_piece_symbols(&san, &five))
}

/// Which way a move castles ([`SanParts::castling`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum CastlingWing {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

/// What a move in SAN says, read from its text alone: the parts a screen reader's wording needs
/// ("knight takes e5, check", "castles queenside"), for move lists and engine lines that hold
/// SAN only. The apps do the wording (in their language); `LegalMove` has the same facts for a
/// move of a position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SanParts {
    /// The moving piece: a pawn when the text has no piece letter, the king for castling.
    pub piece: super::PieceKind,
    /// The file, rank or square the text names the piece's start by (`b` in `Nbd7`, `1` in
    /// `R1e2`, `e` in `exd5`); empty when it names none.
    pub disambiguation: String,
    /// `true` when the text marks a capture.
    pub capture: bool,
    /// The destination; `null`/`nil` for castling.
    pub to: Option<Square>,
    /// The piece a pawn promotes to.
    pub promotion: Option<super::PieceKind>,
    /// The side castling goes to; `null`/`nil` for every other move.
    pub castling: Option<CastlingWing>,
    /// `true` when the text ends in a check sign (`+`); `false` for a mate sign.
    pub check: bool,
    /// `true` when the text ends in a mate sign (`#`).
    pub checkmate: bool,
}

/// The parts of `san` (as the core writes it: `Nbd7`, `exd8=Q+`, `O-O-O#`; also figurines and
/// `0-0`), read without a position, so nothing says the move is legal anywhere. Annotation signs
/// (`!?`) are ignored: a move list keeps them as NAGs.
///
/// # Errors
/// `InvalidNotation` when `san` is not a move in SAN, naming the text and what is wrong; also
/// for a move in UCI or long algebraic form (`g1f3`, `e2e4`), whose piece the text does not say
/// (read such a line with `parseMoves`, which has the position).
#[uniffi::export]
pub fn san_parts(san: String) -> Result<SanParts, ChessError> {
    use crate::notation::san::{CastlingSide, San, SanPlus, Suffix};
    let read: SanPlus = san
        .parse()
        .map_err(|e: crate::notation::san::SanSyntaxError| {
            ChessError::InvalidNotation(e.to_string())
        })?;
    if let San::Normal {
        piece: crate::rules::PieceKind::Pawn,
        capture: false,
        file,
        rank,
        ..
    } = read.san
    {
        if file.is_some() || rank.is_some() {
            return Err(ChessError::InvalidNotation(format!(
                "'{}' is not SAN: a pawn move that captures nothing names no start square (a move in UCI? parseMoves reads it with its position)",
                crate::notation::shown(&san)
            )));
        }
    }
    let check = read.suffix == Some(Suffix::Check);
    let checkmate = read.suffix == Some(Suffix::Checkmate);
    Ok(match read.san {
        San::Castle(side) => SanParts {
            piece: super::PieceKind::King,
            disambiguation: String::new(),
            capture: false,
            to: None,
            promotion: None,
            castling: Some(match side {
                CastlingSide::KingSide => CastlingWing::KingSide,
                CastlingSide::QueenSide => CastlingWing::QueenSide,
            }),
            check,
            checkmate,
        },
        San::Normal {
            piece,
            capture,
            to,
            promotion,
            ..
        } => SanParts {
            piece: piece.into(),
            disambiguation: read.san.disambiguation(),
            capture,
            to: Some(to),
            promotion: promotion.map(Into::into),
            castling: None,
            check,
            checkmate,
        },
    })
}

/// Reads `moves`, played one after another from the position `fen`, without a game: each in
/// SAN or UCI, as `playSan` reads them (`Nf3`, `g1f3`, `O-O`, `e1g1`, `e7e8q`). Each comes back
/// as a `LegalMove` (its `san`, `uci`, squares and flags), so a line in UCI (an engine's
/// principal variation, a puzzle's solution, a lichess cloud evaluation) can be shown in SAN,
/// and a line in SAN sent to a UCI engine. A Chess960 FEN is read as `thinkFen` reads it.
///
/// # Errors
/// `InvalidFen`; for the first move that cannot be read, `IllegalMove` (well formed but not
/// legal there) or `InvalidNotation` (not a move, or ambiguous SAN), whose message says which
/// move of the line it is ("move 2 of the line: illegal move 'e4': ...").
#[uniffi::export]
pub fn parse_moves(fen: String, moves: Vec<String>) -> Result<Vec<LegalMove>, ChessError> {
    let pos = crate::notation::fen::parse(&fen)?;
    let line = crate::notation::san::parse_line(&pos, &moves)
        .map_err(|e| super::error::san_error(&e.error, e.to_string()))?;
    Ok(legal_move_line(pos, &line))
}

/// The symbol a move list shows for the NAG `nag`: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`,
/// 6 `?!`, 7 `□`, 10 `=`, 13 `∞`, 14 `⩲`, 15 `⩱`, 16 `±`, 17 `∓`, 18 `+−`, 19 `−+`, and the
/// common others (22/23 `⨀` zugzwang, 32/33 `⟳`, 36/37 `↑`, 40/41 `→`, 132/133 `⇆`, 138/139
/// `⊕`, 140 `∆`, 146 `N`); `null`/`nil` for the rest, which PGN keeps as `$n`.
#[uniffi::export]
pub fn nag_symbol(nag: u32) -> Option<String> {
    u8::try_from(nag)
        .ok()
        .and_then(pgn::nag_symbol)
        .map(str::to_owned)
}

/// Reads every game of a PGN text (a whole file): the games that can be read, with their
/// trees and annotations, and a located problem for each that cannot. One bad game never costs
/// the others. Every game's whole tree is kept: in memory about 17 times the text (450 bytes a
/// move, measured on games with a clock on every move: 970 MB for a 55 MB file). For a big file
/// list its games with `listPgnGames` (about twice the text) and open the one chosen with
/// `ChessGame.fromPgn`.
#[uniffi::export]
pub fn read_pgn(pgn: String) -> PgnImport {
    let (games, skipped): (Vec<_>, Vec<_>) = Game::read_pgn(&pgn).partition(Result::is_ok);
    PgnImport {
        games: games.into_iter().flatten().map(ChessGame::wrap).collect(),
        skipped: skipped
            .into_iter()
            .filter_map(Result::err)
            .map(Into::into)
            .collect(),
    }
}

/// One game of a PGN text as a list to choose from shows it: who played, where, when, how it
/// ended, how long it is, and its own text to open it with.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PgnGameSummary {
    /// Its place among the games of the text that can be read, from 0.
    pub index: u32,
    /// The `White` tag, `"?"` when missing.
    pub white: String,
    /// The `Black` tag, `"?"` when missing.
    pub black: String,
    /// The `Event` tag, `null`/`nil` when missing, `"?"` or blank.
    pub event: Option<String>,
    /// The `Date` tag as written (`"2026.11.26"`, `"1972.??.??"`), `null`/`nil` when missing,
    /// `"????.??.??"` or blank.
    pub date: Option<String>,
    /// The game's result as the core reads it (`ChessGame.tag("Result")`): `1-0`, `0-1`,
    /// `1/2-1/2` or `*`; a mate or stalemate on the board counts even when the file says `*`.
    pub result: String,
    /// The moves of its main line, in plies.
    pub plies: u32,
    /// Every tag the game has, as `ChessGame.tags()` lists them once opened (the Seven Tag
    /// Roster first, then the others in ASCII order): `WhiteElo`, `BlackElo`, `ECO`, `Opening`,
    /// `TimeControl`, `Site` (a game's link on lichess and chess.com), `Termination`, ...
    pub tags: Vec<super::Tag>,
    /// The game's own text as written in the file (tags, moves, variations, comments), not
    /// written again: `ChessGame.fromPgn` or `readPgn` on it gives the same game.
    pub pgn: String,
}

/// The games of a PGN text listed without keeping them: a `PgnGameSummary` for each that can
/// be read, and a located problem for each that cannot.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PgnGameListing {
    /// The games that can be read, in file order.
    pub games: Vec<PgnGameSummary>,
    /// The games that could not be read, in file order (as `PgnImport.skipped`); how many
    /// could not be read is its length.
    pub skipped: Vec<SkippedGame>,
}

/// The text of a PGN file's `bytes`, to pass to `readPgn`, `listPgnGames` or
/// `ChessGame.fromPgn`: UTF-8, with each byte that is not part of valid UTF-8 read as
/// Windows-1252 (a superset of the ISO 8859-1 the PGN standard names), as older ChessBase and
/// Windows tools write "Réti"; a file mixing both stays right throughout. A file that starts
/// with UTF-16's byte-order mark (Windows Notepad's "Unicode") is read as UTF-16, one with
/// UTF-32's as UTF-32. A carriage return alone (old Mac line ends) is read as a line feed.
/// Never fails: every byte is some character.
#[uniffi::export]
pub fn pgn_text_from_bytes(bytes: Vec<u8>) -> String {
    crate::notation::pgn::text_from_bytes(&bytes).into_owned()
}

/// Lists the games of a PGN text (a whole file, e.g. a lichess export of thousands of games) for
/// a screen to choose one from: each game is read, summed up and dropped before the next, so
/// the memory is about the size of the text (`readPgn` keeps every game's tree). A whole file
/// still takes a while (each game is replayed): call it off the main thread.
#[uniffi::export]
pub fn list_pgn_games(pgn: String) -> PgnGameListing {
    fn known(value: Option<&str>, unknown: &str) -> Option<String> {
        value
            .filter(|v| *v != unknown && !v.trim().is_empty())
            .map(str::to_owned)
    }
    let mut games = Vec::new();
    let mut skipped = Vec::new();
    for read in Game::read_pgn_with_text(&pgn) {
        match read {
            Ok((game, text)) => games.push(PgnGameSummary {
                index: u32::try_from(games.len()).unwrap_or(u32::MAX),
                white: game.tag("White").unwrap_or("?").to_owned(),
                black: game.tag("Black").unwrap_or("?").to_owned(),
                event: known(game.tag("Event"), "?"),
                date: known(game.tag("Date"), "????.??.??"),
                result: game.result().to_owned(),
                // A game read from PGN stands at the end of its main line.
                plies: u32::try_from(game.ply()).unwrap_or(u32::MAX),
                tags: game.tags().into_iter().map(Into::into).collect(),
                pgn: text.to_owned(),
            }),
            Err(e) => skipped.push(e.into()),
        }
    }
    PgnGameListing { games, skipped }
}
