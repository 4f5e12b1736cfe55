//! Drawing a position as text for `chesscore play`: Unicode pieces with rank and file
//! coordinates, the last move and a king in check marked either with ANSI background colours
//! (on a terminal) or with brackets (plain text, for pipes and `NO_COLOR`).

use chesscore::notation::uci::UciMove;
use chesscore::rules::{Move, Piece, Position, Side, Square};
use std::fmt::Write;

/// How the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardStyle {
    /// ANSI colours (square backgrounds, highlighted last move and check) instead of markers.
    pub color: bool,
    /// FEN letters (`K`, `q`) instead of Unicode figurines, for fonts without chess symbols.
    pub ascii: bool,
}

/// 256-colour palette indices: light and dark squares, the same for the last move's squares,
/// and the square of a king in check.
const LIGHT: u8 = 180;
const DARK: u8 = 137;
const LIGHT_LAST: u8 = 186;
const DARK_LAST: u8 = 143;
const CHECK: u8 = 167;
const WHITE_PIECE: u8 = 231;
const BLACK_PIECE: u8 = 16;

/// The squares a move highlights: from and to as a player sees them (castling as the king's
/// two-square move, not king-takes-rook).
pub fn move_squares(m: Move) -> (Square, Square) {
    let u = UciMove::from_move(m);
    (u.from, u.to)
}

/// The board as lines of text, White at the bottom when `orientation` is White.
pub fn render(pos: &Position, orientation: Side, last: Option<Move>, style: BoardStyle) -> String {
    let last = last.map(move_squares);
    let check = pos.is_check().then(|| pos.king_square(pos.side_to_move()));
    let files: Vec<u32> = match orientation {
        Side::White => (0..8).collect(),
        Side::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u32> = match orientation {
        Side::White => (0..8).rev().collect(),
        Side::Black => (0..8).collect(),
    };
    let mut letters = String::from("    ");
    for &f in &files {
        let _ = write!(letters, " {} ", (b'a' + f as u8) as char);
    }
    let letters = letters.trim_end();
    let mut out = String::new();
    out.push_str(letters);
    out.push('\n');
    for &r in &ranks {
        let _ = write!(out, " {}  ", r + 1);
        for &f in &files {
            let sq = Square::from_coords(f, r).expect("file and rank below 8");
            let is_last = last.is_some_and(|(from, to)| sq == from || sq == to);
            let is_check = check == Some(sq);
            out.push_str(&cell(pos.piece_at(sq), sq, is_last, is_check, style));
        }
        let _ = writeln!(out, "  {}", r + 1);
    }
    out.push_str(letters);
    out.push('\n');
    out
}

/// The material difference, as chess sites show it beside each player: the pieces each side
/// has more of than the other (figurines in the side's colour, the core's
/// [`MaterialBalance`](chesscore::rules::MaterialBalance)) and who is ahead by how many points,
/// e.g. `Material: White ♕♙♙, Black ♝♞ (White +5)`; `None` when both sides have the same pieces.
pub fn material_line(pos: &Position, style: BoardStyle) -> Option<String> {
    let material = pos.material_balance();
    if material.is_equal() {
        return None;
    }
    let sides: Vec<String> = Side::ALL
        .into_iter()
        .filter(|&side| !material.extra[side].is_empty())
        .map(|side| {
            let pieces: String = material.extra[side]
                .iter()
                .map(|&kind| {
                    glyph(
                        Some(Piece::new(side, kind)),
                        BoardStyle {
                            color: false,
                            ..style
                        },
                    )
                })
                .collect();
            format!("{side} {pieces}")
        })
        .collect();
    let balance = match material.balance {
        0 => "even".to_string(),
        b if b > 0 => format!("White +{b}"),
        b => format!("Black +{}", -b),
    };
    Some(format!("Material: {} ({balance})", sides.join(", ")))
}

fn glyph(piece: Option<Piece>, style: BoardStyle) -> char {
    match piece {
        None if style.color => ' ',
        None => '·',
        Some(p) if style.ascii => p.fen_char(),
        // On coloured squares the foreground colour tells the sides apart, and the filled
        // figurines read better than the outlined ones on any background.
        Some(p) if style.color => Piece::new(Side::Black, p.kind).symbol(),
        Some(p) => p.symbol(),
    }
}

fn cell(
    piece: Option<Piece>,
    sq: Square,
    is_last: bool,
    is_check: bool,
    style: BoardStyle,
) -> String {
    let g = glyph(piece, style);
    if style.color {
        let bg = match (is_check, is_last, sq.is_dark()) {
            (true, _, _) => CHECK,
            (false, true, true) => DARK_LAST,
            (false, true, false) => LIGHT_LAST,
            (false, false, true) => DARK,
            (false, false, false) => LIGHT,
        };
        let fg = match piece.map(|p| p.side) {
            Some(Side::White) => WHITE_PIECE,
            _ => BLACK_PIECE,
        };
        format!("\x1b[48;5;{bg}m\x1b[38;5;{fg}m\x1b[1m {g} \x1b[0m")
    } else if is_check {
        format!("({g})")
    } else if is_last {
        format!("[{g}]")
    } else {
        format!(" {g} ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesscore::notation::{fen, uci};

    const PLAIN: BoardStyle = BoardStyle {
        color: false,
        ascii: false,
    };

    #[test]
    fn start_position_from_both_sides() {
        let pos = Position::startpos();
        let white = render(&pos, Side::White, None, PLAIN);
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0].trim(), "a  b  c  d  e  f  g  h");
        assert!(lines[1].starts_with(" 8 ") && lines[1].contains('♜'));
        assert!(lines[8].starts_with(" 1 ") && lines[8].contains('♔'));
        let black = render(&pos, Side::Black, None, PLAIN);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0].trim(), "h  g  f  e  d  c  b  a");
        assert!(lines[1].starts_with(" 1 "));
    }

    #[test]
    fn last_move_and_check_are_marked() {
        let mut pos = fen::parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let m = uci::parse_move(&pos, "a1a8").unwrap();
        pos.make_move(m);
        let text = render(&pos, Side::White, Some(m), PLAIN);
        assert!(text.contains("[♖]"), "{text}");
        assert!(text.contains("[·]"), "{text}");
        assert!(text.contains("(♚)"), "{text}");
        let colored = render(
            &pos,
            Side::White,
            Some(m),
            BoardStyle {
                color: true,
                ascii: false,
            },
        );
        assert!(colored.contains(&format!("48;5;{CHECK}m")));
        let ascii = render(
            &pos,
            Side::White,
            Some(m),
            BoardStyle {
                color: false,
                ascii: true,
            },
        );
        assert!(ascii.contains("[R]") && ascii.contains("(k)"), "{ascii}");
    }

    #[test]
    fn material_difference_and_balance() {
        assert_eq!(material_line(&Position::startpos(), PLAIN), None);
        // White took the queen and a pawn, Black a pawn: White is a queen up.
        let pos = fen::parse("rnb1kbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").unwrap();
        assert_eq!(
            material_line(&pos, PLAIN).unwrap(),
            "Material: White ♕ (White +9)"
        );
        let pos = fen::parse("4k3/8/3bn3/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(
            material_line(&pos, PLAIN).unwrap(),
            "Material: White ♖, Black ♝♞ (Black +1)"
        );
        let ascii = BoardStyle {
            color: true,
            ascii: true,
        };
        assert_eq!(
            material_line(&pos, ascii).unwrap(),
            "Material: White R, Black bn (Black +1)"
        );
    }
}
