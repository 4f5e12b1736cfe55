//! Standard Algebraic Notation (SAN), as the PGN standard defines it: `Nf3`, `exd5`, `O-O`,
//! `e8=Q+`, `Raxd1#`.
//!
//! Reading works in two stages. [`San::from_str`](std::str::FromStr) (or [`SanPlus`]) turns text
//! into a typed value and reports syntax errors ([`SanSyntaxError`]); [`San::to_move`] then finds
//! the one legal move the value names in a position and reports legality errors
//! ([`SanError::Illegal`], [`SanError::Ambiguous`]). [`parse_san`] does both.
//!
//! # Leniency
//! Real PGN files are not always exact, so reading accepts:
//! - castling written with zeros (`0-0`, `0-0-0`) or lower-case letters (`o-o`);
//! - a missing or superfluous check or mate sign (`+`, `#`), and a missing or superfluous capture
//!   sign (`x`, also `:`);
//! - annotation suffixes (`!`, `?`, `!!`, `??`, `!?`, `?!`), ignored here (PGN import keeps them
//!   as NAGs);
//! - more disambiguation than needed (`Ngf3`, `Ng1f3`, long algebraic `e2e4` or `Ng1-f3`), and an
//!   explicit pawn letter (`Pe4`);
//! - promotion written `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q` or with a lower-case letter (`e8=q`)
//!   (`e8(Q)` as a single move's text only: in PGN movetext `(` opens a variation);
//! - an en passant suffix (`exd6 e.p.`, `exd6ep`);
//! - a move in UCI's form (`g1f3`, `e1g1` for castling, `e7e8q`, also `g1-f3` or `g1xf3`), which
//!   names one move: tried when the text is not SAN for a legal move;
//! - figurine notation (`♘f3`, `♞xe4`, either colour's figurines), a lower-case piece letter
//!   that cannot be a file (`nf3`, `qxd8`, `rd1`, `kf1`; a lower-case `b` stays the b-file), an
//!   upper-case capture sign (`NXf3`) and en dashes in castling (`O–O`), as people type and
//!   word processors turn them.
//!
//! It never guesses: when the text fits no legal move, or more than one, the result is an error
//! that names the text.

use crate::notation::uci::{self, UciError};
use crate::rules::{Move, PieceKind, Position, Square};
use std::fmt;
use std::str::FromStr;

/// Which way a side castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

/// A move in SAN, read from text but not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// Any move other than castling.
    Normal {
        /// The moving piece (a pawn when the text has no piece letter).
        piece: PieceKind,
        /// The file (0 = a) the piece comes from, when the text gives it.
        file: Option<u32>,
        /// The rank (0 = first) the piece comes from, when the text gives it.
        rank: Option<u32>,
        /// `true` when the text marks a capture (`x`). Not required to match: see the module docs.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece, if any.
        promotion: Option<PieceKind>,
    },
    /// Castling.
    Castle(CastlingSide),
}

/// A check or mate sign after a SAN move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

/// A SAN move together with its check or mate sign, as written in a game score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate sign, if the text had one.
    pub suffix: Option<Suffix>,
}

/// Why text is not SAN at all (before any position is looked at).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid SAN '{}': {reason}", super::shown(token))]
pub struct SanSyntaxError {
    /// The text that was read.
    pub token: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Why SAN text does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// The text is not SAN.
    #[error(transparent)]
    Syntax(#[from] SanSyntaxError),
    /// The text is well formed but no legal move fits it.
    #[error("illegal move '{}': {reason}", super::shown(token))]
    Illegal {
        /// The text that was read.
        token: String,
        /// Why no move fits, e.g. "no knight can move to f6".
        reason: String,
    },
    /// More than one legal move fits the text.
    #[error("ambiguous move '{}': it could be {}", super::shown(token), candidates.join(" or "))]
    Ambiguous {
        /// The text that was read.
        token: String,
        /// Every legal move that fits, in fully disambiguated SAN (e.g. `Nbd2`, `Nfd2`).
        candidates: Vec<String>,
    },
}

impl SanError {
    /// The text the error is about.
    pub fn token(&self) -> &str {
        match self {
            SanError::Syntax(e) => &e.token,
            SanError::Illegal { token, .. } | SanError::Ambiguous { token, .. } => token,
        }
    }
}

fn syntax(token: &str, reason: impl Into<String>) -> SanSyntaxError {
    SanSyntaxError {
        token: token.to_string(),
        reason: reason.into(),
    }
}

/// Removes trailing annotation glyphs, check/mate signs and an en passant marker, returning the
/// core text and the strongest check sign seen.
fn strip_suffixes(mut s: &str) -> (&str, Option<Suffix>) {
    let mut suffix = None;
    loop {
        let before = s.len();
        s = s.trim_end();
        if let Some(rest) = s.strip_suffix('#') {
            suffix = Some(Suffix::Checkmate);
            s = rest;
        } else if let Some(rest) = s.strip_suffix('+') {
            suffix.get_or_insert(Suffix::Check);
            s = rest;
        } else if let Some(rest) = s.strip_suffix(['!', '?']) {
            s = rest;
        } else if let Some(rest) = s.strip_suffix("e.p.").or_else(|| s.strip_suffix("ep")) {
            // "ep" alone could end a square like "e8"? No: a square ends in a digit, so a trailing
            // "ep" is never part of the move itself.
            s = rest;
        }
        if s.len() == before {
            return (s, suffix);
        }
    }
}

fn file_of(b: u8) -> Option<u32> {
    (b'a'..=b'h').contains(&b).then(|| u32::from(b - b'a'))
}

fn rank_of(b: u8) -> Option<u32> {
    (b'1'..=b'8').contains(&b).then(|| u32::from(b - b'1'))
}

fn promotion_of(b: u8) -> Option<PieceKind> {
    match b.to_ascii_uppercase() {
        b'N' => Some(PieceKind::Knight),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'Q' => Some(PieceKind::Queen),
        _ => None,
    }
}

fn parse_core(token: &str, core: &str) -> Result<San, SanSyntaxError> {
    if core.is_empty() {
        return Err(syntax(token, "empty move"));
    }
    if !core.is_ascii() {
        return Err(syntax(token, "contains a character that is not ASCII"));
    }
    match core {
        "O-O" | "0-0" | "o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
        "O-O-O" | "0-0-0" | "o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
        "--" | "Z0" | "0000" => return Err(syntax(token, "null moves are not supported")),
        _ => {}
    }
    let mut b = core.as_bytes();

    // Promotion at the end: "=Q", "(Q)", "/Q", or a bare letter after the destination rank.
    let mut promotion = None;
    if b.len() >= 4 && b[b.len() - 1] == b')' && b[b.len() - 3] == b'(' {
        promotion = Some(
            promotion_of(b[b.len() - 2])
                .ok_or_else(|| syntax(token, "promotion must be to N, B, R or Q"))?,
        );
        b = &b[..b.len() - 3];
    } else if b.len() >= 3 && matches!(b[b.len() - 2], b'=' | b'/') {
        promotion = Some(
            promotion_of(b[b.len() - 1])
                .ok_or_else(|| syntax(token, "promotion must be to N, B, R or Q"))?,
        );
        b = &b[..b.len() - 2];
    } else if b.len() >= 3
        && b[b.len() - 1].is_ascii_alphabetic()
        && rank_of(b[b.len() - 2]).is_some()
    {
        promotion = Some(promotion_of(b[b.len() - 1]).ok_or_else(|| {
            syntax(
                token,
                format!(
                    "unexpected '{}' after the destination square",
                    b[b.len() - 1] as char
                ),
            )
        })?);
        b = &b[..b.len() - 1];
    }

    // Piece letter at the start (upper case only: a lower-case 'b' is the b-file).
    let mut piece = PieceKind::Pawn;
    if let Some(&first) = b.first() {
        if first.is_ascii_uppercase() {
            piece = match first {
                b'P' => PieceKind::Pawn,
                b'N' => PieceKind::Knight,
                b'B' => PieceKind::Bishop,
                b'R' => PieceKind::Rook,
                b'Q' => PieceKind::Queen,
                b'K' => PieceKind::King,
                other => {
                    return Err(syntax(
                        token,
                        format!(
                            "'{}' is not a piece letter (K, Q, R, B, N or P)",
                            other as char
                        ),
                    ))
                }
            };
            b = &b[1..];
        }
    }

    // Destination square at the end.
    if b.len() < 2 {
        return Err(syntax(token, "no destination square"));
    }
    let (to_file, to_rank) = (b[b.len() - 2], b[b.len() - 1]);
    let (Some(tf), Some(tr)) = (file_of(to_file), rank_of(to_rank)) else {
        return Err(syntax(
            token,
            format!("'{}{}' is not a square", to_file as char, to_rank as char),
        ));
    };
    let to = Square::new_unchecked(tr * 8 + tf);
    b = &b[..b.len() - 2];

    // Capture or long-algebraic separator.
    let mut capture = false;
    if let Some((&last, rest)) = b.split_last() {
        match last {
            b'x' | b':' => {
                capture = true;
                b = rest;
            }
            b'-' => b = rest,
            _ => {}
        }
    }

    // Disambiguation: file, rank, or both.
    let (mut file, mut rank) = (None, None);
    match b {
        [] => {}
        [f] if file_of(*f).is_some() => file = file_of(*f),
        [r] if rank_of(*r).is_some() => rank = rank_of(*r),
        [f, r] if file_of(*f).is_some() && rank_of(*r).is_some() => {
            file = file_of(*f);
            rank = rank_of(*r);
        }
        _ => {
            return Err(syntax(
                token,
                format!(
                    "cannot read '{}' before the destination square",
                    String::from_utf8_lossy(b)
                ),
            ))
        }
    }

    if promotion.is_some() && piece != PieceKind::Pawn {
        return Err(syntax(token, "only a pawn can promote"));
    }
    if promotion.is_some() && tr != 0 && tr != 7 {
        return Err(syntax(
            token,
            "a pawn promotes only on the first or last rank",
        ));
    }
    Ok(San::Normal {
        piece,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

impl FromStr for SanPlus {
    type Err = SanSyntaxError;

    fn from_str(s: &str) -> Result<SanPlus, SanSyntaxError> {
        let typed = as_typed_letters(s.trim());
        let (core, suffix) = strip_suffixes(&typed);
        Ok(SanPlus {
            san: parse_core(s, core)?,
            suffix,
        })
    }
}

/// `text` with what people type or word processors make instead of SAN's letters put back:
/// figurines (either colour's) as piece letters (a pawn's as nothing), a lower-case piece letter
/// that is not a file (`n`, `r`, `q`, `k`) at the start as upper case, `X` after the start as
/// `x`, en and em dashes as `-`. Borrowed when there is nothing to change.
fn as_typed_letters(text: &str) -> std::borrow::Cow<'_, str> {
    let needs = text.starts_with(['n', 'r', 'q', 'k'])
        || text
            .chars()
            .any(|c| matches!(c, 'X' | '–' | '—') || ('♔'..='♟').contains(&c));
    if !needs {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        match c {
            '♔' | '♚' => out.push('K'),
            '♕' | '♛' => out.push('Q'),
            '♖' | '♜' => out.push('R'),
            '♗' | '♝' => out.push('B'),
            '♘' | '♞' => out.push('N'),
            '♙' | '♟' => {}
            'X' if i > 0 => out.push('x'),
            '–' | '—' => out.push('-'),
            'n' | 'r' | 'q' | 'k' if i == 0 => out.push(c.to_ascii_uppercase()),
            c => out.push(c),
        }
    }
    out.into()
}

impl FromStr for San {
    type Err = SanSyntaxError;

    /// Reads SAN, ignoring any check, mate or annotation suffix.
    fn from_str(s: &str) -> Result<San, SanSyntaxError> {
        Ok(s.parse::<SanPlus>()?.san)
    }
}

/// The start file and rank a move's text names, as SAN writes them (`b`, `1`, `h4`).
fn disambiguation(file: Option<u32>, rank: Option<u32>) -> String {
    let mut text = String::new();
    if let Some(file) = file {
        text.push(char::from(b'a' + file as u8));
    }
    if let Some(rank) = rank {
        text.push(char::from(b'1' + rank as u8));
    }
    text
}

impl San {
    /// The file, rank or square the text names the piece's start by (`b` in `Nbd7`, `1` in
    /// `R1e2`, `e` in `exd5`); empty when it names none, and for castling.
    pub fn disambiguation(&self) -> String {
        match *self {
            San::Normal { file, rank, .. } => disambiguation(file, rank),
            San::Castle(_) => String::new(),
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if piece != PieceKind::Pawn {
                    write!(f, "{}", piece.upper_char())?;
                }
                f.write_str(&disambiguation(file, rank))?;
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(k) = promotion {
                    write!(f, "={}", k.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+"),
            Some(Suffix::Checkmate) => f.write_str("#"),
            None => Ok(()),
        }
    }
}

impl San {
    /// The SAN of a legal move `m` in `pos`, without check sign, with minimal disambiguation.
    /// Returns `None` when `m` is not legal in `pos`.
    pub fn from_move(pos: &Position, m: Move) -> Option<San> {
        if !pos.is_legal(m) {
            return None;
        }
        if m.is_castle() {
            return Some(San::Castle(if m.to().file() > m.from().file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            }));
        }
        let piece = pos.piece_at(m.from())?.kind;
        let capture = pos.is_capture(m);
        let (mut file, mut rank) = (None, None);
        if piece == PieceKind::Pawn {
            if capture {
                file = Some(m.from().file());
            }
        } else if piece != PieceKind::King {
            let rivals: Vec<Square> = pos
                .legal_moves()
                .iter()
                .filter(|o| {
                    !o.is_castle()
                        && o.to() == m.to()
                        && o.from() != m.from()
                        && pos.piece_at(o.from()).map(|p| p.kind) == Some(piece)
                })
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|s| s.file() != m.from().file()) {
                    file = Some(m.from().file());
                } else if rivals.iter().all(|s| s.rank() != m.from().rank()) {
                    rank = Some(m.from().rank());
                } else {
                    file = Some(m.from().file());
                    rank = Some(m.from().rank());
                }
            }
        }
        Some(San::Normal {
            piece,
            file,
            rank,
            capture,
            to: m.to(),
            promotion: m.promotion_kind(),
        })
    }

    /// `true` when legal move `m` of `pos` fits this SAN (ignoring the capture sign).
    fn matches(&self, pos: &Position, m: Move) -> bool {
        match *self {
            San::Castle(side) => {
                m.is_castle()
                    && (m.to().file() > m.from().file()) == (side == CastlingSide::KingSide)
            }
            San::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                !m.is_castle()
                    && m.to() == to
                    && pos.piece_at(m.from()).map(|p| p.kind) == Some(piece)
                    && match file {
                        Some(f) => m.from().file() == f,
                        // A pawn that changes file captures, and SAN names its file (`exd5`):
                        // a bare `d5` is a push, never a guessed capture.
                        None => piece != PieceKind::Pawn || m.from().file() == to.file(),
                    }
                    && rank.map_or(true, |r| m.from().rank() == r)
                    && m.promotion_kind() == promotion
            }
        }
    }

    /// The one legal move in `pos` that this SAN names. `token` is the original text, used in
    /// error messages.
    ///
    /// # Errors
    /// [`SanError::Illegal`] when no legal move fits, [`SanError::Ambiguous`] (with every
    /// candidate) when more than one does.
    pub fn to_move_named(&self, pos: &Position, token: &str) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        let mut found = legal.iter().copied().filter(|&m| self.matches(pos, m));
        let Some(first) = found.next() else {
            return Err(SanError::Illegal {
                token: token.to_string(),
                reason: self.why_illegal(pos),
            });
        };
        let rest: Vec<Move> = found.collect();
        if rest.is_empty() {
            return Ok(first);
        }
        let candidates = std::iter::once(first)
            .chain(rest)
            .map(|m| full_san(pos, m))
            .collect();
        Err(SanError::Ambiguous {
            token: token.to_string(),
            candidates,
        })
    }

    /// The one legal move in `pos` that this SAN names.
    ///
    /// # Errors
    /// As [`San::to_move_named`].
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.to_move_named(pos, &self.to_string())
    }

    fn why_illegal(&self, pos: &Position) -> String {
        let side = pos.side_to_move();
        match *self {
            San::Castle(CastlingSide::KingSide) => format!("{side} cannot castle king-side now"),
            San::Castle(CastlingSide::QueenSide) => {
                format!("{side} cannot castle queen-side now")
            }
            San::Normal {
                piece,
                to,
                promotion,
                ..
            } => {
                let reaching: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        !m.is_castle()
                            && m.to() == to
                            && pos.piece_at(m.from()).map(|p| p.kind) == Some(piece)
                    })
                    .collect();
                if reaching.is_empty() {
                    let in_check = if pos.is_check() { " (in check)" } else { "" };
                    format!("no {side} {} can move to {to}{in_check}", piece.name())
                } else if promotion.is_none() && reaching.iter().any(|m| m.is_promotion()) {
                    "a promotion must name the piece, e.g. =Q".to_string()
                } else if promotion.is_some() && !reaching.iter().any(|m| m.is_promotion()) {
                    "this move is not a promotion".to_string()
                } else {
                    format!(
                        "no {side} {} on the given file or rank can move to {to}",
                        piece.name()
                    )
                }
            }
        }
    }
}

/// Unambiguous SAN with file and rank of origin, used to list the candidates of an ambiguous
/// move.
fn full_san(pos: &Position, m: Move) -> String {
    match San::from_move(pos, m) {
        Some(San::Normal {
            piece,
            capture,
            to,
            promotion,
            ..
        }) => San::Normal {
            piece,
            file: Some(m.from().file()),
            rank: (piece != PieceKind::Pawn).then(|| m.from().rank()),
            capture,
            to,
            promotion,
        }
        .to_string(),
        Some(san) => san.to_string(),
        None => uci::to_uci(m),
    }
}

impl SanPlus {
    /// The SAN of legal move `m` in `pos` with its check or mate sign. Returns `None` when `m`
    /// is not legal in `pos`.
    pub fn from_move(pos: &Position, m: Move) -> Option<SanPlus> {
        let san = San::from_move(pos, m)?;
        let mut after = pos.clone();
        after.make_move(m);
        let suffix = if after.is_checkmate() {
            Some(Suffix::Checkmate)
        } else if after.is_check() {
            Some(Suffix::Check)
        } else {
            None
        };
        Some(SanPlus { san, suffix })
    }
}

/// Writes legal move `m` of `pos` in SAN exactly as the PGN standard asks: piece letter,
/// the least disambiguation that makes it unique (file, else rank, else both), `x` for
/// captures, `=Q` for promotions, `O-O`/`O-O-O`, and `+` or `#`.
///
/// A move that is not legal in `pos` has no SAN; it is written in UCI notation instead (e.g.
/// `e2e5`) rather than panicking.
///
/// # Examples
/// ```
/// use chesscore::notation::{san, uci};
/// use chesscore::rules::Position;
/// let pos = Position::startpos();
/// let m = uci::parse_move(&pos, "g1f3").unwrap();
/// assert_eq!(san::to_san(&pos, m), "Nf3");
/// ```
pub fn to_san(pos: &Position, m: Move) -> String {
    match SanPlus::from_move(pos, m) {
        Some(s) => s.to_string(),
        None => uci::to_uci(m),
    }
}

/// The SAN of each move of a line played from `pos`. Stops at the first move that is not legal
/// (the result is then shorter than `moves`).
///
/// # Examples
/// ```
/// use chesscore::notation::{san, uci};
/// use chesscore::rules::Position;
/// let pos = Position::startpos();
/// let e4 = uci::parse_move(&pos, "e2e4").unwrap();
/// let mut after = pos.clone();
/// after.make_move(e4);
/// let e5 = uci::parse_move(&after, "e7e5").unwrap();
/// assert_eq!(san::to_san_line(&pos, &[e4, e5]), ["e4", "e5"]);
/// ```
pub fn to_san_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !pos.is_legal(m) {
            break;
        }
        out.push(to_san(&pos, m));
        pos.make_move(m);
    }
    out
}

/// Reads SAN and finds the one legal move it names in `pos` (see the module docs for what is
/// accepted).
///
/// # Errors
/// [`SanError::Syntax`] when the text is not SAN, [`SanError::Illegal`] when no legal move fits,
/// [`SanError::Ambiguous`] when several do; each names the text.
///
/// # Examples
/// ```
/// use chesscore::notation::san::{parse_san, SanError};
/// use chesscore::rules::Position;
/// let pos = Position::startpos();
/// assert_eq!(chesscore::notation::uci::to_uci(parse_san(&pos, "Nf3").unwrap()), "g1f3");
/// assert!(matches!(parse_san(&pos, "Nf4"), Err(SanError::Illegal { .. })));
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let read = text
        .parse::<San>()
        .map_err(SanError::from)
        .and_then(|san| san.to_move_named(pos, text.trim()));
    read.or_else(|e| match uci_form(pos, text) {
        Err(UciError::Syntax(_)) => Err(e),
        Err(UciError::Illegal(illegal)) => Err(SanError::Illegal {
            token: text.trim().to_string(),
            reason: illegal.reason_text(),
        }),
        Ok(m) => Ok(m),
    })
}

/// A move of a line that [`parse_line`] could not read: which one (0 for the first) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} of the line: {error}", .index + 1)]
pub struct LineError {
    /// The move's place in the line, 0 for the first.
    pub index: usize,
    /// Why it could not be read there.
    pub error: SanError,
}

/// Reads a line of moves played one after another from `pos`, each in SAN or UCI as
/// [`parse_san`] reads them (`Nf3`, `g1f3`, `O-O`, `e1g1`, `e7e8q`), without a game: e.g. an
/// engine's principal variation or a puzzle's solution in UCI, to show in SAN.
///
/// # Errors
/// The first move that cannot be read, with its place in the line ([`LineError`]).
///
/// # Examples
/// ```
/// use chesscore::notation::san;
/// use chesscore::rules::Position;
/// let pos = Position::startpos();
/// let line = san::parse_line(&pos, &["e2e4", "e5", "g1f3"]).unwrap();
/// assert_eq!(san::to_san_line(&pos, &line), ["e4", "e5", "Nf3"]);
/// let err = san::parse_line(&pos, &["e4", "e4"]).unwrap_err();
/// assert_eq!(err.index, 1);
/// ```
pub fn parse_line<S: AsRef<str>>(pos: &Position, moves: &[S]) -> Result<Vec<Move>, LineError> {
    let mut pos = pos.clone();
    let mut line = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let m = parse_san(&pos, text.as_ref()).map_err(|error| LineError { index, error })?;
        pos.make_move(m);
        line.push(m);
    }
    Ok(line)
}

/// The legal move `text` names in UCI's form (`g1f3`, `e1g1`, `e7e8q`, with a check sign or
/// suffix allowed), as some tools write movetext and python-chess reads it. A UCI move names
/// one move, so this guesses nothing; it is only tried when the text is not SAN for a legal
/// move. When the text is not in UCI's form either, the SAN error stands; when it is but
/// names no legal move, the error says why in terms of its squares ("the knight on g1 cannot
/// go to f4", not a pawn's wording).
fn uci_form(pos: &Position, text: &str) -> Result<Move, UciError> {
    let bare = text.trim().trim_end_matches(['+', '#', '!', '?']);
    // Also with a dash or a capture sign between the squares (`g1-f3`, `g1xf3`).
    let joined;
    let bare = match bare.as_bytes().get(2) {
        // An ASCII byte: the slices below fall on character boundaries.
        Some(b'-' | b'x' | b':') => {
            joined = format!("{}{}", &bare[..2], &bare[3..]);
            joined.as_str()
        }
        _ => bare,
    };
    uci::parse_move(pos, bare)
}

/// The chess figurines of the white pieces, in the order [`with_piece_symbols`] takes: king,
/// queen, rook, bishop, knight (`♔♕♖♗♘`). Move lists use these for both sides, as figurine
/// notation does.
pub const FIGURINES: [&str; 5] = ["♔", "♕", "♖", "♗", "♘"];

/// `san` (as [`to_san`] writes it) with its piece letters `K`, `Q`, `R`, `B`, `N` written as
/// `symbols` (in that order): figurines ([`FIGURINES`]: `Nf3` is `♘f3`, `e8=Q+` is `e8=♕+`) or
/// another language's letters (German `["K", "D", "T", "L", "S"]`: `Nf3` is `Sf3`). Nothing
/// else changes: squares, captures, castling (`O-O`), check and mate signs. For display only:
/// PGN and [`parse_san`] take the English letters.
///
/// # Examples
/// ```
/// use chesscore::notation::san::{with_piece_symbols, FIGURINES};
/// assert_eq!(with_piece_symbols("Nxe5+", &FIGURINES), "♘xe5+");
/// assert_eq!(with_piece_symbols("bxa8=Q#", &["K", "D", "T", "L", "S"]), "bxa8=D#");
/// assert_eq!(with_piece_symbols("O-O-O", &FIGURINES), "O-O-O");
/// ```
pub fn with_piece_symbols(san: &str, symbols: &[&str; 5]) -> String {
    let mut out = String::with_capacity(san.len() + 4);
    for c in san.chars() {
        match "KQRBN".find(c) {
            Some(i) => out.push_str(symbols[i]),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    #[test]
    fn syntax_round_trip() {
        for s in [
            "Nf3", "exd5", "O-O", "O-O-O", "e8=Q", "Raxd1", "R1d2", "Qh4xe1", "bxa1=N",
        ] {
            assert_eq!(s.parse::<San>().unwrap().to_string(), s);
        }
        assert_eq!("Qh7#".parse::<SanPlus>().unwrap().to_string(), "Qh7#");
        for bad in ["", "Xe4", "e9", "Nf", "K=Q", "e5=Q", "abcde4", "é4", "--"] {
            assert!(bad.parse::<San>().is_err(), "{bad}");
        }
    }

    #[test]
    fn illegal_explains() {
        let pos = fen::parse("8/4P3/8/8/8/8/8/k6K w - - 0 1").unwrap();
        let e = parse_san(&pos, "e8").unwrap_err();
        assert!(e.to_string().contains("must name the piece"), "{e}");
    }

    #[test]
    fn piece_symbols_replace_only_the_piece_letters() {
        // Every SAN of many positions: only K, Q, R, B, N change, one symbol each, and the
        // English letters come back from the symbols (none of which is another SAN character).
        let letters = ["K", "Q", "R", "B", "N"];
        let mut pos = Position::startpos();
        for uci_move in [
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c8d7", "g1f3", "d7b5",
        ] {
            for m in pos.legal_moves().iter() {
                let san = to_san(&pos, *m);
                let shown = with_piece_symbols(&san, &FIGURINES);
                assert_eq!(with_piece_symbols(&san, &letters), san);
                let back: String = shown
                    .chars()
                    .map(|c| match FIGURINES.iter().position(|f| f.starts_with(c)) {
                        Some(i) => letters[i].chars().next().unwrap(),
                        None => c,
                    })
                    .collect();
                assert_eq!(back, san, "{shown}");
                assert!(!shown.contains(['K', 'Q', 'R', 'B', 'N']), "{shown}");
            }
            let m = crate::notation::uci::parse_move(&pos, uci_move).unwrap();
            pos.make_move(m);
        }
        assert_eq!(with_piece_symbols("Qh4#", &FIGURINES), "♕h4#");
        assert_eq!(with_piece_symbols("exd6", &FIGURINES), "exd6");
    }
}
