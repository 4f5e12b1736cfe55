import ChessCoreKit
import ChessCoreTestSupport
import XCTest

/// The game clock and opening names through the Swift bindings. Times are worked out by hand
/// from the control (60+1: 60 s, 1 s added after each move); names are lines of the CC0
/// dataset (the .tsv files in data/openings).
final class ClockTests: XCTestCase {
    private let oneMinutePlusOne = TimeControl.periods(periods: [
        TimePeriod(moves: nil, timeMs: 60_000, bonus: .increment(ms: 1_000))
    ])

    func testTheEnginesLimitsComeFromTheClockEachSidesBonusAndTheMoversMovesToGo() throws {
        // 2 moves in 60 s, then 30 s more with 5 s a move.
        let control = try XCTUnwrap(try timeControlFromPgn(text: "2/60:30+5"))
        let game = try ChessGame.withTimeControl(control: control)
        XCTAssertEqual(
            game.searchLimitsAt(nowMs: 0, level: 4),
            SearchLimits(whiteTimeMs: 60_000, blackTimeMs: 60_000, movesToGo: 2, level: 4))
        _ = try game.playSanAt(san: "e4", nowMs: 0)
        _ = try game.playSanAt(san: "e5", nowMs: 1_000)
        _ = try game.playSanAt(san: "Nf3", nowMs: 3_000)  // White's second move: +30 s
        let l = try XCTUnwrap(game.searchLimitsAt(nowMs: 4_000, level: nil))
        XCTAssertEqual(l.whiteTimeMs, 60_000 - 2_000 + 30_000)
        XCTAssertEqual(l.blackTimeMs, 60_000 - 1_000 - 1_000, "Black's time runs")
        XCTAssertEqual(l.whiteIncrementMs, 5_000, "White's next move is in the second period")
        XCTAssertEqual(l.blackIncrementMs, 0)
        XCTAssertEqual(l.movesToGo, 1, "Black's last move of its first period")
        XCTAssertNil(l.level)
        XCTAssertNil(ChessGame().searchLimitsAt(nowMs: 0, level: 4), "no clock")
        // 3 + 2, the usual way to write the commonest control.
        XCTAssertEqual(
            fischerTimeControl(baseMs: 180_000, incrementMs: 2_000), try timeControlFromPgn(text: "180+2"))
    }

    func testAGameCreatedWithAClockTimesItsMovesAndRecordsClk() throws {
        let game = try ChessGame.withTimeControl(control: oneMinutePlusOne)
        XCTAssertEqual(game.timeControl(), oneMinutePlusOne)
        XCTAssertEqual(game.snapshot().clock?.state, .notStarted)
        // The first timed move starts the clock without charging White.
        _ = try game.playUciAt(uci: "e2e4", nowMs: 1_000)
        _ = try game.playSanAt(san: "c5", nowMs: 5_000)
        _ = try game.playAt(from: .g1, to: .f3, promotion: nil, nowMs: 15_000)
        let c = try XCTUnwrap(game.snapshot().clock)
        XCTAssertEqual(c.atMs, 15_000)
        XCTAssertEqual(c.whiteMs, 60_000 + 1_000 - 10_000 + 1_000)
        XCTAssertEqual(c.blackMs, 60_000 - 4_000 + 1_000)
        XCTAssertEqual(c.runningSide, .black)
        XCTAssertEqual(c.flagTimeMs, 15_000 + c.blackMs)
        XCTAssertEqual(c.whiteMoves, 2)
        // Black's time runs between snapshots: read it with clock(nowMs:).
        XCTAssertEqual(game.clock(nowMs: 20_000)?.blackMs, c.blackMs - 5_000)
        let pgn = game.pgn()
        XCTAssertTrue(pgn.contains("[TimeControl \"60+1\"]"), pgn)
        XCTAssertTrue(
            pgn.contains(
                "1. e4 {[%clk 0:01:01]} 1... c5 {[%clk 0:00:57]} 2. Nf3 {[%clk 0:00:52]} *"),
            pgn)
        XCTAssertEqual(formatClockTime(ms: c.whiteMs, tenths: false), "0:00:52")
        XCTAssertEqual(
            try chessError { try ChessGame.withTimeControl(control: .untimed) }.name,
            "InvalidRequest")
    }

    func testATimedGameRefusesTheUntimedCallsNamingTheTimedOneAndIsUnchanged() throws {
        let game = try ChessGame.withTimeControl(control: oneMinutePlusOne)
        _ = try game.playSanAt(san: "e4", nowMs: 1_000)
        let before = (game.pgn(), game.toJson(), game.clock(nowMs: 5_000))
        let refusals: [(String, () throws -> Void)] = [
            ("playAt", { _ = try game.play(from: .e7, to: .e5, promotion: nil) }),
            ("playSanAt", { _ = try game.playSan(san: "e5") }),
            ("resignAt", { _ = try game.resign(side: .black) }),
            ("agreeDrawAt", { _ = try game.agreeDraw() }),
        ]
        for (timed, call) in refusals {
            let error = try chessError { try call() }
            XCTAssertEqual(error.name, "InvalidRequest", timed)
            XCTAssertTrue(error.message.contains("use \(timed)"), error.message)
            XCTAssertEqual(game.pgn(), before.0)
            XCTAssertEqual(game.toJson(), before.1)
            XCTAssertEqual(game.clock(nowMs: 5_000), before.2)
        }
        // No take-back while the clock runs.
        XCTAssertFalse(game.snapshot().canUndo)
        XCTAssertFalse(game.undo())
        // The timed call works; an untimed game takes the plain one.
        _ = try game.playSanAt(san: "e5", nowMs: 5_000)
        XCTAssertEqual(game.snapshot().sanHistory, ["e4", "e5"])
        _ = try ChessGame().playSan(san: "e4")
    }

    func testPauseResumeAndExtraTime() throws {
        let game = ChessGame()
        XCTAssertNil(game.clock(nowMs: 0))
        XCTAssertNil(game.snapshot().clock)
        XCTAssertEqual(try chessError { try game.startClock(nowMs: 0) }.name, "InvalidRequest")
        try game.setTimeControl(control: XCTUnwrap(timeControlFromPgn(text: "300")))
        try game.startClock(nowMs: 0)
        try game.pauseClock(nowMs: 30_000)
        // Paused: no time runs until resumed.
        XCTAssertEqual(game.clock(nowMs: 100_000)?.whiteMs, 270_000)
        XCTAssertEqual(game.clock(nowMs: 100_000)?.state, .paused)
        try game.resumeClock(nowMs: 100_000)
        try game.addClockTime(side: .black, ms: 120_000)
        XCTAssertEqual(game.clock(nowMs: 110_000)?.blackMs, 420_000)
        XCTAssertEqual(game.clock(nowMs: 110_000)?.whiteMs, 260_000)
        // Time stamps must not go backwards; the refused move changes nothing.
        XCTAssertEqual(
            try chessError { try game.playSanAt(san: "e4", nowMs: 50_000) }.name, "InvalidRequest")
        XCTAssertEqual(game.snapshot().ply, 0)
    }

    func testAFlagFallLosesOnTimeAndTheSaveAndPgnKeepIt() throws {
        let game = ChessGame()
        try game.setTimeControl(control: XCTUnwrap(timeControlFromPgn(text: "60")))
        try game.startClock(nowMs: 0)
        _ = try game.playSanAt(san: "e4", nowMs: 10_000)
        guard case .ongoing = game.checkFlag(nowMs: 69_999) else {
            return XCTFail("Black's flag falls at 70 s, not before")
        }
        // Black's minute ran out at 70 s: the move is refused and the game is over.
        XCTAssertEqual(
            try chessError { try game.playSanAt(san: "e5", nowMs: 70_001) }.name, "GameOver")
        let lost = GameStatus.ended(outcome: .timeForfeit(winner: .white))
        XCTAssertEqual(game.status(), lost)
        XCTAssertEqual(game.snapshot().clock?.flaggedSide, .black)
        let pgn = game.pgn()
        XCTAssertTrue(pgn.contains("[Termination \"time forfeit\"]"), pgn)
        XCTAssertTrue(pgn.contains("[Result \"1-0\"]"), pgn)
        let json = game.toJson()
        XCTAssertTrue(json.contains("\"version\": 3"), json)
        let back = try ChessGame.fromJson(json: json)
        XCTAssertEqual(back.status(), lost)
        XCTAssertEqual(back.timeControl(), game.timeControl())
        XCTAssertEqual(back.snapshot().clock?.state, .flagged)
        XCTAssertEqual(try ChessGame.fromPgn(pgn: pgn).status(), lost)
    }

    func testAFlagFallIsADrawWhenTheOtherSideCouldNeverMate() throws {
        // White has a bare king, Black a rook: Black's flag fall draws (FIDE 6.9), White's loses.
        let expected: [(String, Outcome)] = [
            ("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1", .draw(reason: .timeoutVsInsufficientMaterial)),
            ("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1", .timeForfeit(winner: .black)),
        ]
        for (fen, outcome) in expected {
            let game = try ChessGame.fromFen(fen: fen)
            try game.setTimeControl(control: XCTUnwrap(timeControlFromPgn(text: "10")))
            try game.startClock(nowMs: 0)
            XCTAssertEqual(game.checkFlag(nowMs: 10_000), .ended(outcome: outcome), fen)
        }
    }

    func testTheOpeningWalksBackToTheLastNamedPositionAlsoAfterATransposition() throws {
        XCTAssertGreaterThan(preloadOpenings(), 3_000)
        let game = ChessGame()
        XCTAssertNil(game.snapshot().opening)
        for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] { _ = try game.playSan(san: san) }
        let morphy = try XCTUnwrap(game.snapshot().opening)
        XCTAssertEqual(morphy.eco, "C70")
        XCTAssertEqual(morphy.name, "Ruy Lopez: Morphy Defense")
        XCTAssertEqual(morphy.family, "Ruy Lopez")
        XCTAssertEqual(morphy.variation, "Morphy Defense")
        // Out of the book, the name stays; an earlier node has its own.
        _ = try game.playSan(san: "h3")
        XCTAssertEqual(game.snapshot().opening, morphy)
        let bb5 = try XCTUnwrap(game.snapshot().moveRows[2].whiteNode)
        XCTAssertEqual(try game.openingAt(node: bb5)?.name, "Ruy Lopez")
        XCTAssertEqual(try chessError { try game.openingAt(node: 999) }.name, "InvalidRequest")

        // 1. Nf3 d5 2. d4 reaches the position of the dataset's 1. d4 d5 2. Nf3.
        let transposed = ChessGame()
        for san in ["Nf3", "d5"] { _ = try transposed.playSan(san: san) }
        XCTAssertEqual(transposed.snapshot().opening?.name, "Zukertort Opening")
        _ = try transposed.playSan(san: "d4")
        XCTAssertEqual(
            transposed.snapshot().opening,
            Opening(
                eco: "D02", name: "Queen's Pawn Game: Zukertort Variation",
                family: "Queen's Pawn Game", variation: "Zukertort Variation"))
        XCTAssertEqual(try openingOfFen(fen: transposed.fen()), transposed.snapshot().opening)
    }
}
