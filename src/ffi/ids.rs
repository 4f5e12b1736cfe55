//! Stable ids the apps keep files under: FNV-1a 64 hashes, the same in every version and on
//! every platform (the standard library's hasher is neither).

/// The id a finished game is kept under in an app's archive: the 64-bit FNV-1a hash, in 16
/// lower-case hexadecimal digits, of its PGN without the tag lines other than `FEN` (lines cut
/// at `\n`, `\r\n` or `\r`, joined by `\n`, the whole trimmed). Tag lines are those starting
/// with `[` before the movetext's first line: a movetext line may start with `[` too (a long
/// comment wrapped before `[see note]` or a `[%clk]`), and is hashed. The same moves from the same
/// start give the same id whatever tags were added or changed, so keeping a game twice keeps it
/// once. The text is hashed as given: export the game the same way each time (`ChessGame.pgn`).
///
/// # Examples
/// ```
/// use chesscore::ffi::game_archive_id;
/// let id = game_archive_id("[Event \"Casual\"]\n\n1. e4 *\n".into());
/// assert_eq!(id, "5db47824c3288049");
/// assert_eq!(id, game_archive_id("1. e4 *".into()));
/// ```
#[uniffi::export]
pub fn game_archive_id(pgn: String) -> String {
    let mut in_tags = true;
    let kept: Vec<&str> = lines(&pgn)
        .filter(|line| {
            if !in_tags {
                true
            } else if line.starts_with('[') {
                line.starts_with("[FEN ")
            } else {
                in_tags = line.trim().is_empty();
                true
            }
        })
        .collect();
    format!("{:016x}", fnv1a(kept.join("\n").trim().as_bytes()))
}

/// The lines of `text`, cut at `\n`, `\r\n` or `\r` (an empty last line after a final break
/// included, which the trim removes again).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\n', '\r']) {
            None => {
                rest = None;
                Some(s)
            }
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
        }
    })
}

/// FNV-1a, 64 bits: a stable hash (the standard library's is not stable across versions).
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn lines_are_cut_at_every_kind_of_line_break() {
        let cut: Vec<&str> = lines("a\nb\r\nc\rd\r\n\ne").collect();
        assert_eq!(cut, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(lines("").collect::<Vec<_>>(), [""]);
        assert_eq!(lines("x\n").collect::<Vec<_>>(), ["x", ""]);
    }

    #[test]
    fn a_movetext_line_starting_with_a_bracket_is_part_of_the_id() {
        // The PGN writer wraps long comments between words, so a movetext line can start with
        // `[`; those lines (and the moves on them) count.
        let with_reply = |reply: &str| {
            format!("[Event \"x\"]\n\n1. e4 {{a long comment\n[see note]}} 1... {reply} *\n")
        };
        assert_ne!(
            game_archive_id(with_reply("e5")),
            game_archive_id(with_reply("c5"))
        );
        let clocks = |reply: &str| {
            format!("[Event \"x\"]\n\n1. e4 {{[%clk 0:00:54]\n[%eval 0.25,18]}} 1... {reply} *\n")
        };
        assert_ne!(game_archive_id(clocks("e5")), game_archive_id(clocks("c5")));
    }

    #[test]
    fn the_archive_id_ignores_tags_and_line_breaks_but_not_the_start_or_the_moves() {
        let moves = "\n1. e4 e5 2. Nf3 *\n";
        let id = game_archive_id(format!("[Event \"a\"]\n[Date \"2026.01.01\"]\n{moves}"));
        assert_eq!(id, game_archive_id(format!("[Event \"b\"]\n{moves}")));
        assert_ne!(
            id,
            game_archive_id("[Event \"a\"]\n\n1. e4 e5 2. Nc3 *\n".into())
        );
        let fen = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]";
        assert_ne!(id, game_archive_id(format!("{fen}\n{moves}")));
        // The apps' published vector (their archives' files are named by it).
        for text in [
            "1. e4 *",
            "[Event \"x\"]\r\n\r\n1. e4 *\r\n",
            "[Event \"x\"]\r\r1. e4 *\r",
        ] {
            assert_eq!(game_archive_id(text.into()), "5db47824c3288049", "{text:?}");
        }
        assert_eq!(id.len(), 16);
    }
}
