import ChessCoreKit
import ChessCoreTestSupport
import XCTest

// The Swift code of docs/app-guide.md: each block between GUIDE-EXAMPLE markers is the guide's
// Swift block of that name (scripts/check-readme-examples.py checks that they are the same);
// GuideExampleTests below runs it.

// GUIDE-EXAMPLE-BEGIN timed-game
/// A 3 + 2 game against the engine at level 4. `now`: the app's `ContinuousClock` milliseconds.
@MainActor
final class TimedGame {
    let game = try! ChessGame.withTimeControl(
        control: fischerTimeControl(baseMs: 180_000, incrementMs: 2_000))
    let engine = try! ChessEngine(config: EngineConfig(level: 4))
    let now: () -> UInt64

    init(now: @escaping () -> UInt64) { self.now = now }

    /// The squares to highlight when the player taps `from`.
    func targets(_ from: Square) -> [Square] { game.destinationsFrom(square: from) }

    /// The pieces a pawn going from `from` to `to` may become: show a picker unless empty.
    func promotions(_ from: Square, _ to: Square) -> [PieceKind] {
        game.legalMovesFrom(square: from).filter { $0.to == to }.compactMap(\.promotion)
    }

    /// The player's move, then the engine's reply, both on the clock.
    func userMoved(from: Square, to: Square, promotion: PieceKind? = nil) async throws {
        _ = try game.playAt(from: from, to: to, promotion: promotion, nowMs: now())
        guard case .ongoing = game.snapshot().status else { return }
        let limits = game.searchLimitsAt(nowMs: now(), level: nil)!  // clocks, bonuses, moves to go
        let result = try await engine.bestMove(game, limits: limits)
        // Its move, or the draw it claims; refused (InvalidRequest) if the game moved on.
        _ = try game.playEngineResultAt(result: result, drawOffered: false, nowMs: now())
    }

    /// Call when the clock's `flagTimeMs` comes: ends the game on time if a flag fell.
    func checkFlag() -> GameStatus { game.checkFlag(nowMs: now()) }
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN analysis-board
/// After 1. e4 e5 2. Nf3, adds 2. Nc3 beside 2. Nf3 with a comment; returns the new PGN.
func addViennaVariation(_ pgn: String) throws -> String {
    let game = try ChessGame.fromPgn(pgn: pgn)
    game.goToStart()
    _ = game.goForward()  // 1. e4
    _ = game.goForward()  // 1... e5
    _ = try game.playSan(san: "Nc3")  // beside the main line's 2. Nf3
    try game.setComment(node: game.snapshot().node, comment: "The Vienna")
    try game.toggleNag(node: game.snapshot().node, nag: 1)  // $1, "!"
    return game.pgn()  // 2. Nf3 (2. Nc3 $1 {The Vienna}) ...
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN review
/// Reviews a game at the quick preset, reporting progress; returns White's accuracy and the blunders.
func reviewBlunders(
    engine: ChessEngine, pgn: String, progress: (_ done: Int, _ total: Int) -> Void
) async throws -> (Double?, [String]) {
    let game = try ChessGame.fromPgn(pgn: pgn)
    var review: GameReview?
    for try await event in engine.review(game, options: ReviewOptions(preset: .quick)) {
        switch event {
        case .move(_, let done, let total): progress(done, total)
        case .finished(let finished): review = finished  // the last event, also when stopped
        }
    }
    let blunders = review!.moves.filter { $0.classification == .blunder }
        .map { "\($0.moveNumber). \($0.san), best \($0.bestSan)" }
    return (review!.white.accuracy, blunders)  // review!.annotatedPgn: the whole review as PGN
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN coach
/// What the coach says about the current position, as data for the app to word.
func coachNotes(engine: ChessEngine, game: ChessGame) async throws -> [String] {
    guard let coaching = try await engine.coach(game) else { return [] }  // a newer search stopped it
    var notes: [String] = []
    if let r = coaching.refutation {  // its line is empty after a stalemate
        notes.append("\(r.san) was a \(r.classification)" + (r.lineSan.first.map { ": after \($0)" } ?? ""))
    }
    if let t = coaching.threat { notes.append("they threaten \(t.lineSan[0])") }
    for h in coaching.hanging { notes.append("the \(h.piece.kind) on \(squareName(square: h.square)) hangs") }
    return notes
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN puzzle
/// One puzzle of lichess's database (a CSV line: PuzzleId,FEN,Moves,Rating,...), solved with taps.
final class PuzzleTrainer {
    let puzzle: ChessPuzzle

    init(csvLine: String) throws {
        let fields = csvLine.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        puzzle = try ChessPuzzle.fromLichess(fen: fields[1], moves: fields[2])
    }

    /// A move from the board: right (the reply is played too), solved, or wrong (not played).
    func userMoved(from: Square, to: Square, promotion: PieceKind? = nil) throws -> String {
        switch try puzzle.play(from: from, to: to, promotion: promotion) {
        case .correct(_, let reply, let solved): return solved ? "solved" : "right, then \(reply?.san ?? "")"
        case .wrong(let tried, _): return "not \(tried.san): try again"  // the second: the answer
        }
    }
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN save-restore
/// Saves a timed game when the app goes to the background (`now` as for `TimedGame`).
func saveOnPause(_ game: ChessGame, now: UInt64) throws -> String {
    if game.clock(nowMs: now)?.state == .running { try game.pauseClock(nowMs: now) }  // keeps this move's time
    return game.toJson()  // write it to a file
}

/// Restores it when the app is back: the clock comes back paused, as it was saved.
func restoreOnResume(_ json: String, now: UInt64) throws -> ChessGame {
    let game = try ChessGame.fromJson(json: json)  // throws ChessError.InvalidSavedGame
    if game.clock(nowMs: now)?.state == .paused, case .ongoing = game.snapshot().status {
        try game.resumeClock(nowMs: now)  // or wait for the player's "resume"
    }
    return game
}
// GUIDE-EXAMPLE-END

/// Runs the code of docs/app-guide.md and checks what the guide says it does.
final class GuideExampleTests: XCTestCase {
    private let scholar = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"

    @MainActor
    func testTheTimedGameTimesBothSidesReadsTheClockIntoTheLimitsAndEndsOnTime() async throws {
        do {
            var clock: UInt64 = 10_000
            let t = TimedGame(now: { clock })
            XCTAssertEqual(t.targets(.e2), [.e3, .e4])
            XCTAssertEqual(t.promotions(.e2, .e4), [])
            try await t.userMoved(from: .e2, to: .e4)
            XCTAssertEqual(t.game.snapshot().sanHistory.count, 2, "the engine replied")
            let reading = try XCTUnwrap(t.game.clock(nowMs: clock))
            XCTAssertEqual(reading.state, .running)
            XCTAssertEqual(reading.runningSide, .white)
            XCTAssertEqual(reading.whiteMs, 182_000, "the first move not charged, its increment given")
            clock += 200_000
            guard case .ended = t.checkFlag() else { return XCTFail("White's flag fell") }
        }
        try await noLiveObjects()
    }

    func testTheAnalysisBoardAddsACommentedVariation() throws {
        let pgn = try addViennaVariation("1. e4 e5 2. Nf3 Nc6 *")
        XCTAssertTrue(pgn.contains("2. Nf3 (2. Nc3 $1 {The Vienna}) 2... Nc6"), pgn)
        XCTAssertEqual(try ChessGame.fromPgn(pgn: pgn).pgn(), pgn, "it reads back the same")
    }

    func testTheReviewReportsProgressTheAccuracyAndTheBlunder() async throws {
        do {
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            var seen: [Int] = []
            let (accuracy, blunders) = try await reviewBlunders(engine: engine, pgn: scholar) { done, _ in
                seen.append(done)
            }
            XCTAssertEqual(seen, Array(1...7))
            XCTAssertNotNil(accuracy)
            XCTAssertEqual(blunders.count, 1, "\(blunders)")
            XCTAssertTrue(blunders.first?.hasPrefix("3. Nf6, best ") ?? false, "\(blunders)")
        }
        try await noLiveObjects()
    }

    func testThePuzzleTrainerSolvesALichessPuzzleWithOneWrongTry() async throws {
        do {
            // lichess's puzzle 00008 as its database line (CC0).
            let trainer = try PuzzleTrainer(
                csvLine: "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,"
                    + "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,75,93,553,crushing hangingPiece long,,")
            XCTAssertEqual(trainer.puzzle.snapshot().sanHistory, ["Bxg3"], "the setup move is shown")
            XCTAssertEqual(try trainer.userMoved(from: .h2, to: .g3), "not hxg3: try again")
            XCTAssertEqual(try trainer.userMoved(from: .e6, to: .e7), "right, then Qb1+")
            XCTAssertEqual(try trainer.userMoved(from: .b3, to: .c1), "right, then Qxc1+")
            XCTAssertEqual(try trainer.userMoved(from: .h6, to: .c1), "solved")
            XCTAssertEqual(trainer.puzzle.mistakes(), 1)
        }
        try await noLiveObjects()
    }

    func testTheCoachNamesTheRefutationTheThreatAndTheHangingPiece() async throws {
        do {
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let game = try ChessGame.fromPgn(pgn: "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 *")
            let notes = try await coachNotes(engine: engine, game: game)
            XCTAssertTrue(notes.contains("Nf6 was a blunder: after Qxf7#"), "\(notes)")
            XCTAssertTrue(notes.contains { $0.hasPrefix("the pawn on f7 hangs") }, "\(notes)")
            // A stalemate that threw a win away: judged, with no reply to show.
            let stalemate = try ChessGame.fromFen(fen: "7k/8/8/6K1/8/8/8/5Q2 w - - 0 1")
            _ = try stalemate.playSan(san: "Qf7")
            let after = try await coachNotes(engine: engine, game: stalemate)
            XCTAssertEqual(after, ["Qf7 was a blunder"])
        }
        try await noLiveObjects()
    }

    func testATimedGameSavedOnPauseComesBackWithItsClockRunningAgain() throws {
        let game = try ChessGame.withTimeControl(
            control: fischerTimeControl(baseMs: 60_000, incrementMs: 0))
        _ = try game.playSanAt(san: "e4", nowMs: 1_000)
        _ = try game.playSanAt(san: "e5", nowMs: 5_000)  // Black used 4 s
        let json = try saveOnPause(game, now: 8_000)  // White used 3 s of its move
        let back = try restoreOnResume(json, now: 500)  // a new process: a new time base
        let c = try XCTUnwrap(back.clock(nowMs: 500))
        XCTAssertEqual(c.state, .running)
        XCTAssertEqual(c.whiteMs, 57_000, "the 3 s kept")
        XCTAssertEqual(c.blackMs, 56_000)
        XCTAssertEqual(back.clock(nowMs: 3_500)?.whiteMs, 54_000, "White's time runs again")
    }
}
