//! The opening table against the dataset it was made from (`data/openings/*.tsv`): the committed
//! table is what the generator makes of the dataset, and every line's final position gets its own
//! name, or, when several lines end in the same position, the name the generator documents (the
//! line with the fewest moves, then the first in dataset order).

use chesscore::opening::{self, generate};
use chesscore::rules::Position;
use std::collections::HashMap;

fn dataset() -> Vec<(String, String)> {
    ["a", "b", "c", "d", "e"]
        .iter()
        .map(|l| {
            let path = format!("{}/data/openings/{l}.tsv", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (format!("{l}.tsv"), text)
        })
        .collect()
}

fn generated() -> (Vec<generate::DatasetLine>, generate::Table) {
    let texts = dataset();
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    generate::generate(&files).unwrap_or_else(|e| panic!("dataset: {e}"))
}

#[test]
fn the_committed_table_is_what_the_dataset_generates() {
    let (_, table) = generated();
    let path = format!("{}/src/opening/data.rs", env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(
        committed == table.to_rust_source(),
        "src/opening/data.rs is stale: run scripts/gen-openings.sh"
    );
}

#[test]
fn every_line_names_its_final_position() {
    let (lines, table) = generated();
    assert!(lines.len() > 3_000, "only {} lines read", lines.len());

    // The expected name of each position, decided here independently of the generator: group
    // the lines by EPD, then the fewest moves win, then dataset order.
    let mut expected: HashMap<String, &generate::DatasetLine> = HashMap::new();
    let mut groups: HashMap<String, usize> = HashMap::new();
    for line in &lines {
        let epd = line.epd();
        *groups.entry(epd.clone()).or_default() += 1;
        let best = expected.entry(epd).or_insert(line);
        if line.moves.len() < best.moves.len() {
            *best = line;
        }
    }
    let collisions = groups.values().filter(|&&n| n > 1).count();
    println!(
        "{} lines, {} positions, {collisions} reached by more than one line",
        lines.len(),
        groups.len()
    );
    assert_eq!(collisions, table.collisions.len());
    assert_eq!(opening::preload(), groups.len());

    let mut own = 0;
    for line in &lines {
        let want = expected[&line.epd()];
        let found = opening::of_position(&line.position)
            .unwrap_or_else(|| panic!("{}:{} {} is not found", line.file, line.line, line.name));
        assert_eq!(
            (found.eco.as_str(), found.name.as_str()),
            (want.eco.as_str(), want.name.as_str()),
            "{}:{}",
            line.file,
            line.line
        );
        own += usize::from(std::ptr::eq(want, line));
        // Walking back from the final position stops at once.
        let walked = opening::of_line(&Position::startpos(), &line.moves).unwrap();
        assert_eq!(walked.as_ref(), Some(&found));
    }
    println!("{own} lines get their own name");
}

#[test]
fn the_dataset_has_no_position_named_twice_today() {
    // Measured with the generator and, independently, with python-chess EPDs (3,807 lines,
    // 3,807 distinct positions) on the dataset at lichess-org/chess-openings 51b8862. A new
    // dataset with such pairs is handled (see the test above); this pins today's figure.
    let (lines, table) = generated();
    assert_eq!(lines.len(), 3807);
    assert_eq!(table.collisions, []);
}

#[test]
fn names_are_found_by_walking_back_and_through_transpositions() {
    use chesscore::notation::san;
    let line = |text: &str| {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in text.split_whitespace().filter(|t| !t.ends_with('.')) {
            let m = san::parse_san(&pos, t).unwrap();
            pos.make_move(m);
            moves.push(m);
        }
        moves
    };
    let name = |text: &str| {
        opening::of_line(&Position::startpos(), &line(text))
            .unwrap()
            .map(|o| o.to_string())
    };
    // Rows checked by hand in the TSV files: d.tsv "D02 Queen's Pawn Game: Zukertort Variation
    // 1. d4 d5 2. Nf3"; b.tsv "B90 Sicilian Defense: Najdorf Variation ... 5. Nc3 a6".
    assert_eq!(
        name("1. Nf3 d5 2. d4").as_deref(),
        Some("D02 Queen's Pawn Game: Zukertort Variation")
    );
    assert_eq!(
        name("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Kd2 Kd7").as_deref(),
        Some("B90 Sicilian Defense: Najdorf Variation")
    );
    // Nothing before the first named position: the start has no name.
    assert_eq!(name(""), None);
}

#[test]
fn book_moves_lead_into_named_positions_main_lines_first() {
    use chesscore::ffi::ChessGame;
    let game = ChessGame::new();
    let book = game.book_moves();
    // Every first move is named in the dataset; those with the most book after them come first.
    assert_eq!(book.len(), 20);
    let first: Vec<&str> = book
        .iter()
        .take(4)
        .map(|b| b.legal_move.san.as_str())
        .collect();
    assert_eq!(first, ["e4", "Nf3", "d4", "c4"]);
    assert_eq!(book[0].opening.name, "King's Pawn Game");
    assert!(book
        .windows(2)
        .all(|w| w[0].continuations >= w[1].continuations));
    assert!(book[0].continuations >= 10, "1. e4 has many named replies");
    // Each one is what the position after it is named, and is a legal move of the position.
    for b in &book {
        let after = ChessGame::new();
        after.play_san(b.legal_move.san.clone()).unwrap();
        assert_eq!(after.snapshot().opening.as_ref(), Some(&b.opening));
        assert!(game.legal_moves().contains(&b.legal_move));
    }
    // After 1. e4 c5: the Sicilian's moves; 2. Nf3 among them.
    game.play_san("e4".into()).unwrap();
    game.play_san("c5".into()).unwrap();
    let sicilian = game.book_moves();
    let nf3 = sicilian.iter().find(|b| b.legal_move.san == "Nf3").unwrap();
    assert!(
        nf3.opening.family.starts_with("Sicilian Defense"),
        "{:?}",
        nf3.opening
    );
    // Out of the book, nothing; at the end of a game, nothing.
    let odd = ChessGame::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()).unwrap();
    assert!(odd.book_moves().is_empty());
    let mated = ChessGame::from_pgn("1. f3 e5 2. g4 Qh4# 0-1".into()).unwrap();
    assert!(mated.book_moves().is_empty());
    // A game ended by its result at a book position: no book there, the book one move back.
    let resigned = ChessGame::from_pgn("1. e4 e5 1-0".into()).unwrap();
    assert!(matches!(
        resigned.snapshot().status,
        chesscore::ffi::GameStatus::Ended { .. }
    ));
    assert!(resigned.book_moves().is_empty(), "over at this node");
    resigned.go_back();
    assert!(!resigned.book_moves().is_empty());
    // A Chess960 game from the standard arrangement (518) has the standard book; its castling
    // moves, were any in the book, would go king onto rook.
    let c960 = ChessGame::new_chess960(Some(518)).unwrap();
    assert_eq!(
        c960.book_moves()
            .iter()
            .map(|b| b.legal_move.san.clone())
            .collect::<Vec<_>>(),
        ChessGame::new()
            .book_moves()
            .iter()
            .map(|b| b.legal_move.san.clone())
            .collect::<Vec<_>>()
    );
}
