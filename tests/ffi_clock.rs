//! The clock and the opening name of a game through the FFI objects: a game created with a time
//! control, timed moves pressing the clock and recording `[%clk]`, the snapshot's clock and
//! opening, flag falls (a loss, or a draw against a lone king), the save and the PGN.
//!
//! Expected times are worked out by hand from the time control (e.g. 60+1: 60 s, one second
//! added after each move); expected opening names are lines of the CC0 dataset
//! (`data/openings/*.tsv`).

use chesscore::ffi::{
    time_control_from_pgn, ChessError, ChessGame, ClockState, DrawReason, GameStatus, Outcome,
    Score, SearchLimits, SearchResult, Side, Square, TimeBonus, TimeControl, TimePeriod,
};
use std::sync::Arc;

fn one_minute_plus_one() -> TimeControl {
    TimeControl::Periods {
        periods: vec![TimePeriod {
            moves: None,
            time_ms: 60_000,
            bonus: TimeBonus::Increment { ms: 1_000 },
        }],
    }
}

#[test]
fn a_game_created_with_a_clock_times_its_moves() {
    let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
    assert_eq!(game.time_control(), one_minute_plus_one());
    let s = game.snapshot();
    let c = s.clock.unwrap();
    assert_eq!((c.white_ms, c.black_ms), (60_000, 60_000));
    assert_eq!(c.state, ClockState::NotStarted);

    // The first timed move starts the clock without charging White; then Black uses 4 s and
    // gets 1 s back, White 10 s.
    game.play_uci_at("e2e4".into(), 1_000).unwrap();
    game.play_san_at("c5".into(), 5_000).unwrap();
    game.play_san_at("Nf3".into(), 15_000).unwrap();
    let s = game.snapshot();
    let c = s.clock.unwrap();
    // As of the last press (15 s): White 60 + 1 - 10 + 1, Black 60 - 4 + 1.
    assert_eq!(c.at_ms, 15_000);
    assert_eq!((c.white_ms, c.black_ms), (52_000, 57_000));
    assert_eq!(c.running_side, Some(Side::Black));
    assert_eq!(c.flag_time_ms, Some(15_000 + 57_000));
    assert_eq!((c.white_moves, c.black_moves), (2, 1));
    // Read later, Black's time runs.
    assert_eq!(game.clock(20_000).unwrap().black_ms, 52_000);

    // Each move's node keeps the mover's time after it, and PGN writes it with the control.
    let pgn = game.pgn();
    assert!(pgn.contains("[TimeControl \"60+1\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:01:01]} 1... c5 {[%clk 0:00:57]} 2. Nf3 {[%clk 0:00:52]} *"),
        "{pgn}"
    );

    // The opening of the current position, and of an earlier node.
    let opening = s.opening.unwrap();
    assert_eq!(opening.eco, "B27");
    assert_eq!(opening.name, "Sicilian Defense");
    let first = s.move_rows[0].white_node.unwrap();
    assert_eq!(
        game.opening_at(first).unwrap().unwrap().name,
        "King's Pawn Game"
    );
    assert!(matches!(
        game.opening_at(9_999),
        Err(ChessError::InvalidRequest(_))
    ));
}

#[test]
fn a_flag_fall_ends_the_game_and_the_save_keeps_it() {
    let game = ChessGame::new();
    game.set_time_control(time_control_from_pgn("60".into()).unwrap().unwrap())
        .unwrap();
    game.start_clock(0).unwrap();
    game.play_san_at("e4".into(), 10_000).unwrap();
    // Black thinks too long: a move after its flag fell is refused and ends the game.
    let err = game.play_san_at("e5".into(), 70_001).unwrap_err();
    assert!(matches!(err, ChessError::GameOver(_)), "{err:?}");
    let lost = GameStatus::Ended {
        outcome: Outcome::TimeForfeit {
            winner: Side::White,
        },
    };
    assert_eq!(game.status(), lost);
    assert_eq!(game.snapshot().clock.unwrap().state, ClockState::Flagged);
    assert_eq!(
        game.snapshot().clock.unwrap().flagged_side,
        Some(Side::Black)
    );
    let pgn = game.pgn();
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    // Not undone by undo: the clock has stopped for good.
    assert!(!game.undo());
    assert_eq!(game.status(), lost);
    // Nor by deleting the move where the flag fell (the game would go on with a fallen flag).
    let before = game.to_json();
    let flag_node = game.snapshot().node;
    match game.delete_from(flag_node) {
        Err(ChessError::GameOver(message)) => assert!(message.contains("flag fell"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(game.to_json(), before);
    assert_eq!(game.status(), lost);
    let json = game.to_json();
    let back = ChessGame::from_json(json.clone()).unwrap();
    assert_eq!(back.to_json(), json);
    assert_eq!(back.status(), game.status());
    assert_eq!(back.time_control(), game.time_control());
    // Read from PGN, the Termination tag makes it a loss on time again.
    let read = ChessGame::from_pgn(pgn).unwrap();
    assert_eq!(read.status(), lost);
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw() {
    // White has a bare king, Black a rook. When Black's flag falls, White could never mate by
    // any series of legal moves: a draw (FIDE 6.9). When White's flag falls, Black wins.
    for (fen, expected) in [
        (
            "4k3/8/3r4/8/8/8/8/4K3 b - - 0 1",
            Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial,
            },
        ),
        (
            "4k3/8/3r4/8/8/8/8/4K3 w - - 0 1",
            Outcome::TimeForfeit {
                winner: Side::Black,
            },
        ),
    ] {
        let game = ChessGame::from_fen(fen.into()).unwrap();
        game.set_time_control(time_control_from_pgn("10".into()).unwrap().unwrap())
            .unwrap();
        game.start_clock(500).unwrap();
        // "10" is 10 s: nothing yet 9.999 s after the start, the flag falls at 10 s.
        assert!(matches!(
            game.check_flag(10_499),
            GameStatus::Ongoing { .. }
        ));
        assert_eq!(
            game.check_flag(10_500),
            GameStatus::Ended { outcome: expected },
            "{fen}"
        );
    }
}

#[test]
fn a_refused_timed_move_changes_nothing() {
    let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
    game.play_san_at("e4".into(), 1_000).unwrap();
    let before = (game.to_json(), game.clock(2_000));
    // Illegal move, time going backwards: errors, and the game and clock are as before.
    assert!(matches!(
        game.play_san_at("e4".into(), 2_000),
        Err(ChessError::IllegalMove(_))
    ));
    assert!(matches!(
        game.play_san_at("e5".into(), 500),
        Err(ChessError::InvalidRequest(_))
    ));
    assert_eq!((game.to_json(), game.clock(2_000)), before);
    assert!(matches!(
        ChessGame::with_time_control(TimeControl::Untimed),
        Err(ChessError::InvalidRequest(_))
    ));
}

/// `resignAt`, `agreeDrawAt` and `claimDrawAt` stop the clock with the game (the plain calls
/// are refused); a flag that fell first makes the game a loss on time; time going backwards
/// changes nothing.
#[test]
fn endings_at_a_time_stop_the_clock() {
    let started = || {
        let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
        game.play_san_at("e4".into(), 1_000).unwrap(); // Black's 60 s run from 1 s
        game
    };
    let game = started();
    let status = game.resign_at(Side::Black, 21_000).unwrap();
    assert_eq!(
        status,
        GameStatus::Ended {
            outcome: Outcome::Resignation {
                winner: Side::White
            }
        }
    );
    let c = game.clock(500_000).unwrap();
    assert_eq!(
        (c.state, c.running_side, c.black_ms),
        (ClockState::Paused, None, 40_000)
    );

    let game = started();
    game.agree_draw_at(2_000).unwrap();
    assert_eq!(game.clock(500_000).unwrap().state, ClockState::Paused);

    let game = started();
    assert!(matches!(
        game.claim_draw_at(2_000),
        Err(ChessError::InvalidRequest(_))
    ));
    assert_eq!(game.clock(2_000).unwrap().state, ClockState::Running);

    let game = started();
    let before = (game.to_json(), game.clock(2_000));
    assert!(matches!(
        game.resign_at(Side::Black, 500),
        Err(ChessError::InvalidRequest(_))
    ));
    assert_eq!((game.to_json(), game.clock(2_000)), before);
    assert!(matches!(
        game.agree_draw_at(61_001),
        Err(ChessError::GameOver(_))
    ));
    assert!(matches!(
        game.status(),
        GameStatus::Ended {
            outcome: Outcome::TimeForfeit {
                winner: Side::White
            }
        }
    ));

    let game = started();
    assert!(matches!(
        game.resign(Side::Black),
        Err(ChessError::InvalidRequest(m)) if m.contains("resignAt")
    ));
    assert_eq!(game.clock(2_000).unwrap().state, ClockState::Running);
    assert!(matches!(game.status(), GameStatus::Ongoing { .. }));
}

const SHUFFLE: [&str; 8] = [
    "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
];

/// A search result for `game`'s position with `uci` as the best move, level.
fn level_result(game: &ChessGame, uci: &str) -> SearchResult {
    let snapshot = game.snapshot();
    let best_move = snapshot
        .legal_moves
        .iter()
        .find(|m| m.uci == uci)
        .cloned()
        .unwrap();
    SearchResult {
        best_move,
        ponder_move: None,
        score: Score::Centipawns { value: 0 },
        score_white: Score::Centipawns { value: 0 },
        white_win: 50.0,
        depth: 1,
        nodes: 1,
        time_ms: 0,
        stopped: false,
        pv_san: Vec::new(),
        pv_uci: vec![uci.to_string()],
        position_key: snapshot.position_key,
        position_fen: snapshot.fen,
        error: None,
    }
}

type Call = fn(&ChessGame) -> Result<(), ChessError>;

/// Each untimed call that ends a turn or the game, as the apps make it, and the timed call its
/// refusal must name; in the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 every
/// one succeeds in an untimed game.
fn untimed_calls() -> Vec<(&'static str, Call)> {
    vec![
        ("playAt", |g| g.play(Square::G1, Square::F3, None).map(drop)),
        ("playUciAt", |g| g.play_uci("g1f3".into()).map(drop)),
        ("playSanAt", |g| g.play_san("Nf3".into()).map(drop)),
        ("claimDrawWithAt", |g| {
            g.claim_draw_with("g1f3".into()).map(drop)
        }),
        ("resignAt", |g| g.resign(Side::White).map(drop)),
        ("agreeDrawAt", |g| g.agree_draw().map(drop)),
        ("claimDrawAt", |g| g.claim_draw().map(drop)),
        ("playEngineResultAt", |g| {
            g.play_engine_result(level_result(g, "g1f3"), false)
                .map(drop)
        }),
    ]
}

/// Everything a refused call must leave as it was.
fn state(game: &ChessGame) -> impl PartialEq + std::fmt::Debug {
    (
        game.snapshot(),
        game.fen(),
        game.pgn(),
        game.to_json(),
        game.clock(20_000),
    )
}

/// The review's case through the FFI: with a clock not started, running or paused, `play`,
/// `playUci`, `playSan`, `claimDrawWith`, `resign`, `agreeDraw`, `claimDraw` and
/// `playEngineResult` throw `InvalidRequest` naming the timed call, and change nothing; in an
/// untimed game they work as before; `undo` and `redo` do nothing while the clock runs.
#[test]
fn untimed_calls_are_refused_in_a_timed_game() {
    let untimed = || {
        let game = ChessGame::new();
        for m in SHUFFLE {
            game.play_uci(m.into()).unwrap();
        }
        game
    };
    let not_started = untimed();
    not_started.set_time_control(one_minute_plus_one()).unwrap();
    let running = || {
        let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
        for (i, m) in SHUFFLE.iter().enumerate() {
            game.play_uci_at(m.to_string(), 1_000 * i as u64).unwrap();
        }
        game
    };
    let paused = running();
    paused.pause_clock(9_000).unwrap();
    let games: [(&str, Arc<ChessGame>); 3] = [
        ("not started", not_started),
        ("running", running()),
        ("paused", paused),
    ];
    for (name, game) in &games {
        for (timed, call) in untimed_calls() {
            let before = state(game);
            match call(game) {
                Err(ChessError::InvalidRequest(m)) => assert!(
                    m.contains(timed) && m.contains("the game is timed"),
                    "{name}: {m}"
                ),
                other => panic!("{name}: {timed}'s untimed call gave {other:?}"),
            }
            assert_eq!(
                state(game),
                before,
                "{name}: the call for {timed} changed it"
            );

            let plain = untimed();
            let before = plain.pgn();
            call(&plain).unwrap_or_else(|e| panic!("untimed, instead of {timed}: {e}"));
            assert_ne!(plain.pgn(), before);
        }
    }

    // No take-back while the clock runs; paused, one is made.
    let game = running();
    let before = state(&game);
    assert!(!game.snapshot().can_undo);
    assert!(!game.undo());
    assert_eq!(state(&game), before);
    game.pause_clock(8_000).unwrap();
    assert!(game.snapshot().can_undo);
    assert!(game.undo());
    assert!(game.redo());
    assert!(game.undo());
    // Resumed, the time of the side to move (Black, again) runs.
    game.resume_clock(9_000).unwrap();
    assert_eq!(game.clock(9_000).unwrap().running_side, Some(Side::Black));
    assert!(!game.redo());
}

/// `ULong.MAX_VALUE` / `UInt64.max` is a natural "unlimited" in Kotlin and Swift: the clock
/// must treat it as never running out, not wrap into a flag fall or overflow.
#[test]
fn the_largest_times_never_run_out() {
    let game = ChessGame::with_time_control(TimeControl::Periods {
        periods: vec![TimePeriod {
            moves: None,
            time_ms: u64::MAX,
            bonus: TimeBonus::Increment { ms: u64::MAX },
        }],
    })
    .unwrap();
    game.play_san_at("e4".into(), 1_000).unwrap();
    game.play_san_at("e5".into(), 1_500).unwrap();
    assert!(matches!(game.check_flag(2_000), GameStatus::Ongoing { .. }));
    let c = game.clock(2_000).unwrap();
    assert_eq!((c.white_ms, c.black_ms), (u64::MAX - 500, u64::MAX));
    assert!(game.snapshot().clock.is_some());

    let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
    game.play_san_at("e4".into(), 1_000).unwrap();
    game.add_clock_time(Side::Black, u64::MAX).unwrap();
    assert!(matches!(game.check_flag(1_001), GameStatus::Ongoing { .. }));
    assert_eq!(game.clock(1_001).unwrap().flag_time_ms, Some(u64::MAX));
    let saved = ChessGame::from_json(game.to_json()).unwrap();
    assert_eq!(saved.clock(5_000).unwrap().black_ms, u64::MAX);
}

#[test]
fn search_limits_come_from_the_clock_as_it_reads() {
    // 40 moves in 90 min, then 30 min with 30 s a move.
    let control = time_control_from_pgn("40/5400:1800+30".into())
        .unwrap()
        .unwrap();
    let game = ChessGame::with_time_control(control).unwrap();
    let limits = game.search_limits_at(0, Some(7)).unwrap();
    let expected = SearchLimits {
        white_time_ms: Some(5_400_000),
        black_time_ms: Some(5_400_000),
        moves_to_go: Some(40),
        level: Some(7),
        multi_pv: 1,
        ..SearchLimits::default()
    };
    assert_eq!(limits, expected, "not started: nothing charged");

    // White moves at 1 s (starting the clock), Black thinks 4 s and moves; read 2.5 s into
    // White's second move.
    game.play_san_at("e4".into(), 1_000).unwrap();
    game.play_san_at("e5".into(), 5_000).unwrap();
    let limits = game.search_limits_at(7_500, None).unwrap();
    assert_eq!(limits.white_time_ms, Some(5_400_000 - 2_500));
    assert_eq!(limits.black_time_ms, Some(5_400_000 - 4_000));
    assert_eq!(limits.moves_to_go, Some(39), "White's second move of 40");
    assert_eq!(limits.level, None, "the engine's own level");
    let clock = game.clock(7_500).unwrap();
    assert_eq!(
        (limits.white_time_ms, limits.black_time_ms),
        (Some(clock.white_ms), Some(clock.black_ms)),
        "the same times as the clock's reading"
    );

    // A Fischer control: the increment for both, no moves to go.
    let game = ChessGame::with_time_control(one_minute_plus_one()).unwrap();
    let limits = game.search_limits_at(0, None).unwrap();
    assert_eq!(
        (limits.white_increment_ms, limits.black_increment_ms),
        (1_000, 1_000)
    );
    assert_eq!(limits.moves_to_go, None);

    // No clock, no limits from it.
    assert_eq!(ChessGame::new().search_limits_at(0, Some(3)), None);
}

#[test]
fn a_save_whose_clock_used_more_than_it_had_without_a_flag_is_refused() {
    // A paused game, 40 moves in 60 minutes: White has used 500 ms of its move.
    let game =
        ChessGame::with_time_control(time_control_from_pgn("40/3600".into()).unwrap().unwrap())
            .unwrap();
    game.play_uci_at("e2e4".into(), 1000).unwrap();
    game.play_uci_at("e7e5".into(), 2000).unwrap();
    game.pause_clock(2500).unwrap();
    let json = game.to_json();
    assert!(json.contains("\"used_ms\": 500"), "{json}");
    // More than its hour, without the flag the game would have recorded: refused, as the game
    // would report a fallen flag and still take moves.
    match ChessGame::from_json(
        json.replace("\"used_ms\": 500", "\"used_ms\": 18446744073709551615"),
    ) {
        Err(ChessError::InvalidSavedGame(message)) => {
            assert!(
                message.contains("used_ms") && message.contains("no flag fell"),
                "{message}"
            )
        }
        other => panic!("loaded: {:?}", other.map(|g| g.status())),
    }
    // All of its hour too: play never pauses at the flag's instant (that ends the game on time).
    let all = json.replace("\"used_ms\": 500", "\"used_ms\": 3600000");
    assert!(matches!(
        ChessGame::from_json(all),
        Err(ChessError::InvalidSavedGame(_))
    ));
    // A millisecond short of it is still a game.
    let almost = json.replace("\"used_ms\": 500", "\"used_ms\": 3599999");
    let back = ChessGame::from_json(almost).unwrap();
    assert_eq!(back.clock(2500).unwrap().white_ms, 1);
    assert!(matches!(back.status(), GameStatus::Ongoing { .. }));
}
