//! What an app does beside playing: moves read without a game (`parseMoves`), a search limited
//! to some moves or to a mate (`SearchLimits.searchMoves`, `mate`), PGN exported with only some
//! of its parts (`pgnWith`), tags removed, a PGN file's list with every tag, and a line of a
//! game taken out as a new game (`lineTo`), puzzles solved move by move (`ChessPuzzle`), an
//! explorer of a player's games (`OpeningExplorer`), the parts of a SAN move for a screen
//! reader's wording (`sanParts`).

use chesscore::ffi::{
    list_pgn_games, parse_moves, ChessEngine, ChessError, ChessGame, ChessPuzzle, DrawReason,
    EngineConfig, OpeningExplorer, PgnExportOptions, PuzzleStep, Score, SearchInfo, SearchLimits,
    SearchListener, SearchResult, Side, Square,
};
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;
use std::time::Duration;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_line_in_uci_reads_as_san_and_back() {
    let line = parse_moves(
        START.into(),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
            .map(String::from)
            .to_vec(),
    )
    .unwrap();
    let san: Vec<&str> = line.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(san, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    assert!(line[6].is_castle);
    // And SAN (as people type it too) to UCI, for a UCI engine.
    let line = parse_moves(
        START.into(),
        ["e4", "d5", "exd5", "Qxd5", "nc3"]
            .map(String::from)
            .to_vec(),
    )
    .unwrap();
    let uci: Vec<&str> = line.iter().map(|m| m.uci.as_str()).collect();
    assert_eq!(uci, ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
    assert!(line[2].is_capture && line[3].is_capture);
    // Check and mate flags come from the position after each move.
    let mate = parse_moves(
        START.into(),
        ["f3", "e5", "g4", "Qh4"].map(String::from).to_vec(),
    )
    .unwrap();
    assert_eq!(mate[3].san, "Qh4#");
    assert!(mate[3].is_check && mate[3].is_checkmate);
    // An empty line is an empty line.
    assert!(parse_moves(START.into(), Vec::new()).unwrap().is_empty());
}

#[test]
fn a_chess960_line_castles_as_that_position_does() {
    // The king on g1 castles with the rook on h1 or the one on b1 (Shredder-FEN rights), as a
    // UCI engine writes it in Chess960: king takes rook.
    let fen = "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1";
    let short = parse_moves(fen.into(), vec!["g1h1".into()]).unwrap();
    assert_eq!((short[0].san.as_str(), short[0].is_castle), ("O-O", true));
    let long = parse_moves(fen.into(), vec!["O-O-O".into(), "e8f8".into()]).unwrap();
    assert_eq!(long[0].uci, "g1b1");
    assert_eq!(long[1].san, "Kf8");
}

#[test]
fn a_move_that_cannot_be_read_is_named_with_its_place() {
    let moves = ["e4", "e5", "Ke3"].map(String::from).to_vec();
    match parse_moves(START.into(), moves) {
        Err(ChessError::IllegalMove(message)) => {
            assert!(message.starts_with("move 3 of the line"), "{message}");
            assert!(message.contains("Ke3"), "{message}");
        }
        other => panic!("expected IllegalMove, got {other:?}"),
    }
    match parse_moves(START.into(), ["e4", "zz9"].map(String::from).to_vec()) {
        Err(ChessError::InvalidNotation(message)) => {
            assert!(message.starts_with("move 2 of the line"), "{message}");
        }
        other => panic!("expected InvalidNotation, got {other:?}"),
    }
    // Ambiguous SAN is not guessed: two knights can go to d2.
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    let ambiguous = parse_moves(fen.into(), vec!["Nd2".into()]);
    assert!(
        matches!(&ambiguous, Err(ChessError::InvalidNotation(m)) if m.contains("Nb1d2") && m.contains("Nf1d2")),
        "{ambiguous:?}"
    );
    assert!(matches!(
        parse_moves("not a fen".into(), vec!["e4".into()]),
        Err(ChessError::InvalidFen(_))
    ));
    // A pasted megabyte is not quoted whole.
    match parse_moves(START.into(), vec!["e4".into(), "x".repeat(1_000_000)]) {
        Err(ChessError::InvalidNotation(m)) => {
            assert!(m.len() < 300, "{} characters", m.len());
            assert!(m.contains("(1000000 characters)"), "{m}");
        }
        other => panic!("{other:?}"),
    }
}

/// Sends each search's result down a channel.
struct ToChannel(Mutex<Sender<SearchResult>>);

impl SearchListener for ToChannel {
    fn on_info(&self, _info: SearchInfo) {}
    fn on_finished(&self, result: SearchResult) {
        let _ = self.0.lock().unwrap().send(result);
    }
}

fn search(engine: &ChessEngine, fen: &str, limits: SearchLimits) -> SearchResult {
    let (tx, rx) = channel();
    engine
        .think_fen(
            fen.into(),
            limits,
            std::sync::Arc::new(ToChannel(Mutex::new(tx))),
        )
        .unwrap();
    rx.recv_timeout(Duration::from_secs(60)).unwrap()
}

fn engine() -> std::sync::Arc<ChessEngine> {
    ChessEngine::new(EngineConfig {
        level: 10,
        elo: None,
        hash_mb: 8,
        seed: 1,
        variety: false,
        threads: 1,
    })
    .unwrap()
}

#[test]
fn a_search_of_some_moves_judges_only_those() {
    let engine = engine();
    // White can take a free queen with the knight; asked about the king's walk only, the
    // engine answers for it, and its score says how much worse it is.
    let fen = "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1";
    let free = search(
        &engine,
        fen,
        SearchLimits {
            depth: Some(6),
            ..SearchLimits::default()
        },
    );
    assert_eq!(free.best_move.san, "Nxd5");
    let considered = search(
        &engine,
        fen,
        SearchLimits {
            depth: Some(6),
            search_moves: vec!["Kf2".into()],
            ..SearchLimits::default()
        },
    );
    assert_eq!(considered.best_move.san, "Kf2");
    assert_eq!(considered.pv_san.first().map(String::as_str), Some("Kf2"));
    let (Score::Centipawns { value: best }, Score::Centipawns { value: worse }) =
        (free.score, considered.score)
    else {
        panic!("{:?} {:?}", free.score, considered.score);
    };
    assert!(best > worse + 500, "Nxd5 {best}, Kf2 {worse}");
    // Two moves, one in UCI: the better of the two.
    let two = search(
        &engine,
        fen,
        SearchLimits {
            depth: Some(6),
            search_moves: vec!["Kf2".into(), "e3d5".into()],
            ..SearchLimits::default()
        },
    );
    assert_eq!(two.best_move.san, "Nxd5");
}

#[test]
fn a_search_move_that_is_not_legal_is_refused() {
    let engine = engine();
    let (tx, _rx) = channel();
    let listener = std::sync::Arc::new(ToChannel(Mutex::new(tx)));
    let limits = |moves: &[&str]| SearchLimits {
        depth: Some(2),
        search_moves: moves.iter().map(|m| m.to_string()).collect(),
        ..SearchLimits::default()
    };
    match engine.think_fen(START.into(), limits(&["e4", "e5"]), listener.clone()) {
        Err(ChessError::IllegalMove(message)) => {
            assert!(
                message.contains("search move") && message.contains("e5"),
                "{message}"
            )
        }
        other => panic!("expected IllegalMove, got {:?}", other.map(|_| ())),
    }
    assert!(matches!(
        engine.think_fen(START.into(), limits(&["xyz"]), listener.clone()),
        Err(ChessError::InvalidNotation(_))
    ));
    assert!(matches!(
        engine.think_fen(
            START.into(),
            SearchLimits {
                mate: Some(0),
                ..SearchLimits::default()
            },
            listener
        ),
        Err(ChessError::InvalidRequest(_))
    ));
    assert!(!engine.is_searching());
}

#[test]
fn a_mate_search_stops_at_the_mate() {
    let engine = engine();
    // A back-rank mate in one.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let result = search(
        &engine,
        fen,
        SearchLimits {
            mate: Some(1),
            depth: Some(30),
            ..SearchLimits::default()
        },
    );
    assert_eq!(result.best_move.san, "Ra8#");
    assert_eq!(result.score, Score::Mate { moves: 1 });
    // Without the mate limit a depth of 30 would take far longer than the one ply it needs.
    assert!(result.depth <= 2, "stopped at depth {}", result.depth);
}

fn annotated_game() -> std::sync::Arc<ChessGame> {
    ChessGame::from_pgn(
        "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Annotator \"Cy\"]\n\n\
         {Start} 1. e4 {[%clk 0:05:00] [%eval 0.3] [%cal Ge2e4] A fine move} e5 $1 \
         {[%csl Rd4] [%emt 0:00:02]} (1... c5 {Sicilian} 2. Nf3) 2. Nf3 $2 {[%clk 0:04:50]} *"
            .into(),
    )
    .unwrap()
}

#[test]
fn pgn_with_keeps_only_what_is_asked() {
    let game = annotated_game();
    // The defaults are everything: the text of pgn().
    assert_eq!(game.pgn_with(all()), game.pgn());
    let moves_only = game.pgn_with(PgnExportOptions {
        variations: false,
        comments: false,
        nags: false,
        clocks: false,
        evals: false,
        marks: false,
    });
    assert!(moves_only.contains("[Annotator \"Cy\"]"), "{moves_only}");
    assert!(
        moves_only.ends_with("\n1. e4 e5 2. Nf3 *\n"),
        "{moves_only}"
    );
    // One part at a time: that part goes, the others stay.
    let parts: [Part; 6] = [
        ("variations", |o| o.variations = false, &["(1... c5"]),
        (
            "comments",
            |o| o.comments = false,
            &["Start", "A fine move", "Sicilian", "%emt"],
        ),
        ("nags", |o| o.nags = false, &["$1", "$2"]),
        ("clocks", |o| o.clocks = false, &["%clk"]),
        ("evals", |o| o.evals = false, &["%eval"]),
        ("marks", |o| o.marks = false, &["%cal", "%csl"]),
    ];
    let full = game.pgn();
    for (name, off, gone) in parts {
        let mut options = all();
        off(&mut options);
        let text = game.pgn_with(options);
        for g in gone {
            assert!(full.contains(g), "{g} in the full text");
            assert!(!text.contains(g), "{name} off: {g} still in {text}");
        }
        for (other, _, kept) in parts {
            if other != name {
                for k in kept.iter().filter(|k| !gone.contains(k)) {
                    // A variation's own comment goes with the variation.
                    if name == "variations" && *k == "Sicilian" {
                        continue;
                    }
                    assert!(text.contains(k), "{name} off: {k} lost from {text}");
                }
            }
        }
        // What is written reads back.
        let back = ChessGame::from_pgn(text).unwrap();
        assert_eq!(back.snapshot().san_history, ["e4", "e5", "Nf3"]);
    }
    // The game itself is unchanged.
    assert_eq!(game.pgn(), full);
}

#[test]
fn pgn_with_drops_a_second_clock_or_evaluation_with_its_kind() {
    // A variation repeating the main line's move with other annotations: the move keeps the
    // second clock and evaluation as commands.
    let game = ChessGame::from_pgn(
        "1. e4 {[%clk 0:05:00] [%eval 0.3]} (1. e4 {[%clk 0:04:00] [%eval 0.5]} e6) e5 *".into(),
    )
    .unwrap();
    let full = game.pgn();
    assert!(full.contains("0:04:00") && full.contains("0.50"), "{full}");
    let neither = game.pgn_with(PgnExportOptions {
        clocks: false,
        evals: false,
        ..all()
    });
    assert!(
        !neither.contains("%clk") && !neither.contains("%eval"),
        "{neither}"
    );
    let no_comments = game.pgn_with(PgnExportOptions {
        comments: false,
        ..all()
    });
    for kept in ["0:05:00", "0:04:00", "0.30", "0.50"] {
        assert!(no_comments.contains(kept), "{kept} in {no_comments}");
    }
}

/// A part of a PGN: its option's name, how to switch it off, and text only that part writes.
type Part = (
    &'static str,
    fn(&mut PgnExportOptions),
    &'static [&'static str],
);

fn all() -> PgnExportOptions {
    PgnExportOptions::default()
}

#[test]
fn a_removed_tag_is_gone_and_a_roster_tag_gets_its_placeholder() {
    let game = annotated_game();
    assert!(game.remove_tag("Annotator".into()));
    assert!(!game.remove_tag("Annotator".into()));
    assert_eq!(game.tag("Annotator".into()), None);
    assert!(!game.pgn().contains("Annotator"));
    assert!(game.remove_tag("White".into()));
    assert!(game.pgn().contains("[White \"?\"]"));
    // Set to empty, a tag stays, empty.
    game.set_tag("Site".into(), String::new()).unwrap();
    assert!(game.pgn().contains("[Site \"\"]"));
    // The derived ones are not tags the game keeps.
    assert!(!game.remove_tag("Result".into()));
    assert_eq!(game.tag("Result".into()).as_deref(), Some("*"));
}

#[test]
fn a_pgn_list_gives_every_tag() {
    let text = "[Event \"Rated blitz\"]\n[Site \"https://lichess.org/abcd1234\"]\n\
                [White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[WhiteElo \"1850\"]\n\
                [BlackElo \"1790\"]\n[ECO \"C20\"]\n[TimeControl \"180+2\"]\n\n1. e4 e5 1-0\n\n\
                [White \"Cy\"]\n[Black \"Di\"]\n\n1. d4 *\n";
    let listing = list_pgn_games(text.into());
    assert_eq!(listing.games.len(), 2);
    let tags: Vec<(&str, &str)> = listing.games[0]
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(
        tags,
        ChessGame::from_pgn(listing.games[0].pgn.clone())
            .unwrap()
            .tags()
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect::<Vec<_>>()
    );
    for wanted in [
        ("Site", "https://lichess.org/abcd1234"),
        ("WhiteElo", "1850"),
        ("BlackElo", "1790"),
        ("ECO", "C20"),
        ("TimeControl", "180+2"),
    ] {
        assert!(tags.contains(&wanted), "{wanted:?} in {tags:?}");
    }
    assert!(listing.games[1].tags.iter().all(|t| t.name != "WhiteElo"));
}

#[test]
fn a_line_becomes_a_game_that_remembers_its_moves() {
    // Knights out and back twice: the start position has been seen twice when 8... Ng8 is
    // about to come; then a variation at move 2 and a comment along the line.
    let game = ChessGame::from_pgn(
        "[White \"Ann\"]\n[Termination \"Normal\"]\n\n1. Nf3 {Quiet} Nf6 2. Ng1 (2. d4 d5) Ng8 \
         3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1-0"
            .into(),
    )
    .unwrap();
    let rows = game.snapshot().move_rows;
    // The node of 4. Ng1: 4... Ng8 would bring the start position back a third time.
    let ng1 = rows[3].white_node.unwrap();
    let line = game.line_to(ng1).unwrap();
    let s = line.snapshot();
    assert_eq!(
        s.san_history,
        ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
    );
    assert!(!s.can_go_forward, "at the end of its main line");
    assert_eq!(line.tag("White".into()).as_deref(), Some("Ann"));
    assert_eq!(line.tag("Result".into()).as_deref(), Some("*"));
    assert!(line.pgn().contains("{Quiet}"));
    assert_eq!(
        line.tag("Termination".into()),
        None,
        "how the old game ended"
    );
    assert!(!line.pgn().contains("d4"), "no variations: {}", line.pgn());
    // The history counts: Black may claim the draw with Ng8, the third occurrence; a game from
    // the FEN alone knows nothing of it.
    assert_eq!(
        line.draw_claimable_with("f6g8".into()).unwrap(),
        Some(DrawReason::ThreefoldRepetition)
    );
    let from_fen = ChessGame::from_fen(s.fen.clone()).unwrap();
    assert_eq!(from_fen.draw_claimable_with("f6g8".into()).unwrap(), None);
    // Moves played on the new game do not touch the old one.
    line.play_san("Nc6".into()).unwrap();
    // The original is unchanged, and a node it lacks is refused.
    assert_eq!(game.snapshot().san_history.len(), 9);
    assert!(matches!(
        game.line_to(999),
        Err(ChessError::InvalidRequest(_))
    ));
}

/// lichess's puzzle 00008 (the database is CC0): Black's Bxg3 is the setup; White wins the
/// queen: 1. Rxe7 Qb1+ 2. Nc1 Qxc1+ 3. Qxc1.
const LICHESS_FEN: &str = "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24";
const LICHESS_MOVES: &str = "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1";

#[test]
fn a_lichess_puzzle_is_solved_move_by_move() {
    let puzzle = ChessPuzzle::from_lichess(LICHESS_FEN.into(), LICHESS_MOVES.into()).unwrap();
    assert_eq!(puzzle.solver(), Side::White);
    assert_eq!(puzzle.setup_move().unwrap().san, "Bxg3");
    let s = puzzle.snapshot();
    assert_eq!(s.san_history, ["Bxg3"], "the setup move is played");
    assert_eq!(s.side_to_move, Side::White);
    let solution: Vec<String> = puzzle.solution().into_iter().map(|m| m.san).collect();
    assert_eq!(solution, ["Rxe7", "Qb1+", "Nc1", "Qxc1+", "Qxc1"]);
    assert_eq!(puzzle.hint().unwrap().san, "Rxe7");

    // A wrong move: nothing played, counted; the expected move said.
    let before = puzzle.snapshot();
    match puzzle.play_san("hxg3".into()).unwrap() {
        PuzzleStep::Wrong { tried, expected } => {
            assert_eq!(
                (tried.san.as_str(), expected.san.as_str()),
                ("hxg3", "Rxe7")
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(puzzle.snapshot(), before);
    assert_eq!(puzzle.mistakes(), 1);
    // An illegal one is refused, not counted.
    assert!(matches!(
        puzzle.play(sq("e6"), sq("e8"), None),
        Err(ChessError::IllegalMove(_))
    ));
    assert_eq!(puzzle.mistakes(), 1);

    // Right: played with the opponent's reply; from the board's squares too.
    match puzzle.play(sq("e6"), sq("e7"), None).unwrap() {
        PuzzleStep::Correct {
            played,
            reply,
            solved,
        } => {
            assert_eq!(played.san, "Rxe7");
            assert_eq!(reply.unwrap().san, "Qb1+");
            assert!(!solved);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        puzzle.play_san("b3c1".into()).unwrap(),
        PuzzleStep::Correct { solved: false, .. }
    ));
    assert!(matches!(
        puzzle.play_san("Qxc1".into()).unwrap(),
        PuzzleStep::Correct {
            reply: None,
            solved: true,
            ..
        }
    ));
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.hint(), None);
    assert_eq!(
        puzzle.snapshot().san_history,
        ["Bxg3", "Rxe7", "Qb1+", "Nc1", "Qxc1+", "Qxc1"]
    );
    assert!(matches!(
        puzzle.play_san("Kg1".into()),
        Err(ChessError::GameOver(_))
    ));
}

#[test]
fn any_mate_solves_a_puzzle_and_nothing_else_but_the_line() {
    // Two rooks: Ra8# and Rb8# both mate; the line says Ra8#.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1";
    let puzzle = ChessPuzzle::new(fen.into(), vec!["Ra8#".into()]).unwrap();
    assert!(matches!(
        puzzle.play_san("Rb7".into()).unwrap(),
        PuzzleStep::Wrong { .. }
    ));
    match puzzle.play_san("Rb8".into()).unwrap() {
        PuzzleStep::Correct { played, solved, .. } => {
            assert_eq!(played.san, "Rb8#");
            assert!(solved);
        }
        other => panic!("{other:?}"),
    }
    assert!(puzzle.is_solved());
    assert_eq!(puzzle.mistakes(), 1);
}

#[test]
fn a_puzzle_that_cannot_be_is_refused_with_the_reason() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1";
    assert!(matches!(
        ChessPuzzle::new(fen.into(), Vec::new()),
        Err(ChessError::InvalidRequest(_))
    ));
    // Ending with the opponent's move.
    assert!(matches!(
        ChessPuzzle::new(fen.into(), vec!["Ra7".into(), "h6".into()]),
        Err(ChessError::InvalidRequest(m)) if m.contains("odd")
    ));
    match ChessPuzzle::new(fen.into(), vec!["Ra7".into(), "Kf9".into(), "Ra8".into()]) {
        Err(ChessError::InvalidNotation(m)) => assert!(m.contains("move 2"), "{m}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    // A lichess line: places counted in the whole list (the setup is move 1).
    match ChessPuzzle::from_lichess(LICHESS_FEN.into(), "f2g3 e6e7 b2b4".into()) {
        Err(ChessError::IllegalMove(m)) => assert!(m.contains("move 3"), "{m}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    assert!(matches!(
        ChessPuzzle::from_lichess(LICHESS_FEN.into(), "f2g3".into()),
        Err(ChessError::InvalidRequest(_))
    ));
    // A start position over already (the 75-move rule): the setup move cannot be played.
    match ChessPuzzle::from_lichess(
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 150 80".into(),
        "g8h8 a1a8".into(),
    ) {
        Err(ChessError::InvalidRequest(m)) => {
            assert!(m.starts_with("the setup move cannot be played"), "{m}")
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    // A bad setup move is the setup's, not the solution's.
    match ChessPuzzle::from_lichess(LICHESS_FEN.into(), "e2e4 e6e7".into()) {
        Err(ChessError::IllegalMove(m)) => assert!(m.starts_with("the setup move: "), "{m}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    // Lines of legal moves that the game would end before their last move, by the rules that
    // end a game by themselves: refused, since they could never be solved.
    for (fen, line, why) in [
        // Kxb2 leaves king and knight against king: a dead position.
        (
            "k7/8/8/8/8/8/1p6/KN6 w - - 0 1",
            &["Kxb2", "Ka7", "Nc3"][..],
            "insufficient",
        ),
        // Kf1 Kf8 complete 75 moves without a capture or a pawn move.
        (
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 148 80",
            &["Kf1", "Kf8", "Ra8#"][..],
            "seventy-five",
        ),
        // Over before the first move.
        (
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 150 80",
            &["Ra8#"][..],
            "seventy-five",
        ),
        // A line that goes on after its mate, or after a stalemate (found by an audit: it said
        // "no Black pawn can move to h6 (in check)").
        (
            "3r2k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1",
            &["Rxd8#", "h6", "h3"][..],
            "checkmate",
        ),
        (
            "k7/8/8/2Q5/8/8/8/K7 w - - 0 1",
            &["Qb6", "Ka7", "Qb7#"][..],
            "stalemate",
        ),
    ] {
        let line = line.iter().map(|m| m.to_string()).collect();
        match ChessPuzzle::new(fen.into(), line) {
            Err(ChessError::InvalidRequest(m)) => {
                assert!(m.contains("cannot be played") && m.contains(why), "{m}")
            }
            other => panic!("{fen}: {:?}", other.map(|_| ())),
        }
    }
    assert!(matches!(
        ChessPuzzle::new("nonsense".into(), vec!["e4".into()]),
        Err(ChessError::InvalidFen(_))
    ));
}

fn sq(name: &str) -> chesscore::ffi::Square {
    chesscore::ffi::parse_square(name.into()).unwrap()
}

#[test]
fn an_explorer_of_a_players_games_counts_moves_and_results() {
    let explorer = OpeningExplorer::new(40);
    let added = explorer.add_pgn(
        "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n\n\
         1. e4 e5 2. Qh5 *\n\n1. e4 e5 2. Bf8 *\n\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n"
            .into(),
    );
    assert_eq!(added, 4, "the game with an illegal move is left out");
    let game = ChessGame::from_pgn("1. Nf3 e5 2. e4 *".into()).unwrap();
    explorer.add_game(game.clone());
    assert_eq!(explorer.game_count(), 5);
    let start: Vec<(String, u32, u32, u32, u32)> = explorer
        .moves(START.into())
        .unwrap()
        .into_iter()
        .map(|m| {
            (
                m.legal_move.san,
                m.games,
                m.white_wins,
                m.draws,
                m.black_wins,
            )
        })
        .collect();
    assert_eq!(
        start,
        [
            ("e4".to_string(), 3, 1, 0, 1),
            ("d4".to_string(), 1, 0, 1, 0),
            ("Nf3".to_string(), 1, 0, 0, 0),
        ]
    );
    // After 1. e4 e5 2. Nf3 (or 1. Nf3 e5 2. e4, the same position): what Black played there.
    assert!(
        explorer.moves_at(game).is_empty(),
        "nobody played on from there"
    );
    let after_e5 = explorer
        .moves("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".into())
        .unwrap();
    let replies: Vec<&str> = after_e5.iter().map(|m| m.legal_move.san.as_str()).collect();
    assert_eq!(replies, ["Nf3", "Qh5"]);
    assert!(matches!(
        explorer.moves("8/8/8 w - - 0 1".into()),
        Err(ChessError::InvalidFen(_))
    ));
    // A game going round a repetition is one game for the moves it repeats.
    let repeated = OpeningExplorer::new(40);
    repeated.add_pgn("[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 1-0".into());
    let nf3 = &repeated.moves(START.into()).unwrap()[0];
    assert_eq!((nf3.games, nf3.white_wins), (1, 1));
}

/// `sanParts` reads a move's parts from its text alone, for wording a SAN-only move list.
#[test]
fn san_parts_reads_what_a_move_says() {
    use chesscore::ffi::{san_parts, CastlingWing, PieceKind, SanParts};
    let parts = |s: &str| san_parts(s.into()).unwrap();
    assert_eq!(
        parts("Nbd7"),
        SanParts {
            piece: PieceKind::Knight,
            disambiguation: "b".into(),
            capture: false,
            to: Some(Square::D7),
            promotion: None,
            castling: None,
            check: false,
            checkmate: false,
        }
    );
    let promotion = parts("exd8=Q+");
    assert_eq!(
        (
            promotion.piece,
            promotion.disambiguation.as_str(),
            promotion.capture,
            promotion.to,
            promotion.promotion,
            promotion.check,
            promotion.checkmate
        ),
        (
            PieceKind::Pawn,
            "e",
            true,
            Some(Square::D8),
            Some(PieceKind::Queen),
            true,
            false
        )
    );
    let castle = parts("O-O-O#");
    assert_eq!(
        (
            castle.piece,
            castle.castling,
            castle.to,
            castle.check,
            castle.checkmate
        ),
        (
            PieceKind::King,
            Some(CastlingWing::QueenSide),
            None,
            false,
            true
        )
    );
    assert_eq!(parts("0-0").castling, Some(CastlingWing::KingSide));
    assert_eq!(parts("R1e2").disambiguation, "1");
    assert_eq!(parts("Qh4xe1").disambiguation, "h4");
    assert_eq!(parts("♘f3").piece, PieceKind::Knight);
    // Annotation signs are a move list's NAGs, not the move's.
    assert_eq!(parts("Nf6?!"), parts("Nf6"));
    // UCI text does not say its piece: refused, not read as a pawn move from g1.
    for uci in ["g1f3", "e2e4"] {
        let err = san_parts(uci.into()).unwrap_err();
        assert!(
            matches!(&err, ChessError::InvalidNotation(m) if m.contains(uci)),
            "{err:?}"
        );
    }
    assert_eq!(parts("e4xd5").disambiguation, "e4");
    let err = san_parts("Zz9".into()).unwrap_err();
    assert!(
        matches!(&err, ChessError::InvalidNotation(m) if m.contains("Zz9")),
        "{err:?}"
    );
}
