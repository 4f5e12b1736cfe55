import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

/// An engine that records each review the core took to continue (the moves it already had).
private final class ContinuingEngine: ChessEngine, @unchecked Sendable {
    private let lock = NSLock()
    private var taken: [Int] = []

    /// The moves of each earlier review continued so far.
    var continued: [Int] { lock.withLock { taken } }

    override func continueReview(
        game: ChessGame, options: ReviewOptions, earlier: GameReview, listener: ReviewListener
    ) throws -> SearchHandle {
        // Recorded once the core took it (it throws when it refuses).
        let handle = try super.continueReview(
            game: game, options: options, earlier: earlier, listener: listener)
        lock.withLock { taken.append(earlier.moves.count) }
        return handle
    }
}

/// The review screen's presentation layer over a real engine. Mirrors
/// android/presentation/src/test/.../ReviewControllerTest.kt.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class ReviewControllerTests: XCTestCase {
    private static let scholar = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
    private static let queensGambit = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *"

    /// A budget at which a review of `queensGambit` is still running when a test stops it.
    private static let stoppable = ReviewOptions(nodesPerPosition: 50_000, threads: 1)

    /// `queensGambit`, a `ContinuingEngine` and the game's whole, uninterrupted review at
    /// `stoppable` (what a stopped and continued review must end as); the engine idle again.
    private func wholeReview() async throws -> (ChessGame, ContinuingEngine, ReviewUiState) {
        let game = try ChessGame.fromPgn(pgn: Self.queensGambit)
        let engine = try ContinuingEngine(config: EngineConfig(hashMb: 4))
        let first = ReviewController(engine: engine, game: game)
        first.start(options: Self.stoppable)
        let whole = try await awaitState(first, "the whole review") { $0.phase == .done }
        try await eventually("the engine idle") { !engine.isSearching() }
        return (game, engine, whole)
    }

    /// Suspends until the controller's state satisfies `predicate`.
    private func awaitState(
        _ controller: ReviewController, _ what: String, _ predicate: (ReviewUiState) -> Bool
    ) async throws -> ReviewUiState {
        try await eventually("\(what); state: \(controller.state)", within: 60) {
            predicate(controller.state)
        }
        return controller.state
    }

    func testTheAnalysisBoardOpensOnTheReviewsAnnotatedGameAtTheSelectedMove() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: Self.scholar)
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let controller = ReviewController(engine: engine, game: game)
            // Before a review: the game itself, at the start.
            XCTAssertEqual(controller.analysisRequest(), AnalysisRequest(pgn: game.pgn(), ply: 0))
            controller.start(options: ReviewOptions(nodesPerPosition: 20_000))
            let s = try await awaitState(controller, "done") { $0.phase == .done }
            controller.select(5)  // 3... Nf6??
            let request = controller.analysisRequest()
            XCTAssertEqual(request, AnalysisRequest(pgn: try XCTUnwrap(s.annotatedPgn), ply: 6))
            var made: ChessEngine?
            let board = try AnalysisController(
                store: InMemoryGameStore(), pgn: request.pgn, ply: request.ply,
                engineFactory: { full in
                    var config = full
                    config.hashMb = 1
                    made = try ChessEngine(config: config)
                    return made!
                },
                analysisLimits: SearchLimits(depth: 4))
            let at = board.state.snapshot
            XCTAssertEqual(at.sanHistory, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"])
            XCTAssertEqual(at.annotations.nags, [4], "the blunder's ??")
            XCTAssertNotNil(at.annotations.eval, "its [%eval]")
            // The engine's better move stands beside Nf6 as a variation.
            let better = try XCTUnwrap(s.rows[5].betterSan)
            let variations = at.moveList.compactMap { item -> String? in
                guard case .move(_, let depth, _, _, _, let san, _) = item, depth == 1 else {
                    return nil
                }
                return san
            }
            XCTAssertTrue(variations.contains(better), "\(better) in \(variations)")
            board.close()
            try await eventually("the engines idle") {
                !engine.isSearching() && !(made?.isSearching() ?? false)
            }
        }
        try await noLiveObjects()
    }

    /// The summary rounds a tie to even, as Kotlin's and the core's annotated PGN do.
    func testASidesSummaryRoundsAsTheOtherPlatformsDo() {
        let cases: [(Double, Double, String, String)] = [
            (84.25, 34.5, "84.2", "34"), (84.75, 35.5, "84.8", "36"), (99.96, 0.49, "100.0", "0"),
        ]
        for (accuracy, loss, accuracyText, lossText) in cases {
            let summary = sideSummary(
                SideReview(
                    moves: 20, accuracy: accuracy, averageCentipawnLoss: loss, book: 0, best: 5,
                    excellent: 5, good: 5, inaccuracies: 2, mistakes: 2, blunders: 1,
                    onlyMoves: 0, missedWins: 0))
            XCTAssertEqual(summary.accuracyText, accuracyText, "\(accuracy)")
            XCTAssertEqual(summary.averageLossText, lossText, "\(loss)")
        }
    }

    func testAReviewFillsTheRowsTheGraphAndTheSummariesThenIsDone() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: Self.scholar)
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let controller = ReviewController(engine: engine, game: game)
            XCTAssertEqual(controller.state.phase, .idle)
            controller.start(options: ReviewOptions(nodesPerPosition: 20_000))
            XCTAssertEqual(controller.state.phase, .running)
            XCTAssertEqual(controller.state.total, 7)
            let s = try await awaitState(controller, "done") { $0.phase == .done }
            XCTAssertEqual(s.rows.count, 7)
            XCTAssertEqual(s.progress, 1)
            XCTAssertEqual(s.rows.map(\.numberText), ["1.", "1…", "2.", "2…", "3.", "3…", "4."])
            let nf6 = s.rows[5]
            XCTAssertEqual(nf6.san, "Nf6")
            XCTAssertEqual(nf6.moveClass, .blunder)
            XCTAssertEqual(nf6.symbol, "??")
            XCTAssertEqual(nf6.classText, "Blunder")
            XCTAssertEqual(nf6.evalText, "M1", "White mates in one after it")
            XCTAssertEqual(nf6.refutationSan.first, "Qxf7#")
            XCTAssertNotNil(nf6.betterSan)
            XCTAssertEqual(s.rows[6].evalText, "#")
            // The graph: 8 positions from x = 0 to 1, ending with White's win; a marker where
            // Black blundered.
            XCTAssertEqual(s.graph.count, 8)
            XCTAssertEqual(s.graph.first?.x, 0)
            XCTAssertEqual(s.graph.last?.x, 1)
            XCTAssertEqual(s.graph.last?.y, 1)
            XCTAssertEqual(s.graph[6].marker, .blunder)
            XCTAssertTrue(s.graph.allSatisfy { (0...1).contains($0.y) })
            XCTAssertEqual(s.black?.blunders, 1)
            XCTAssertEqual(s.white?.blunders, 0)
            XCTAssertTrue(s.annotatedPgn?.contains("[%eval") ?? false)
            // Next error walks the inaccuracies and worse in order (2. Qh5 may be one at this
            // budget; 3... Nf6 is one), then wraps round to the first.
            let errorPlies = s.rows.filter { $0.moveClass.isError }.map(\.ply)
            XCTAssertTrue(errorPlies.contains(5), "\(errorPlies)")
            for ply in errorPlies + [errorPlies[0]] {
                controller.selectNextError()
                XCTAssertEqual(controller.state.selectedPly, ply)
            }
            controller.select(99)
            XCTAssertNil(controller.state.selectedPly, "no such move")
            controller.select(2)
            XCTAssertEqual(controller.state.selectedRow?.san, "Qh5")
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects("game, engine and review handle freed")
    }

    func testAFinishedReviewIsKeptAndShownAgainAtOnceWithoutSearching() async throws {
        let cache = InMemoryReviewCache()
        do {
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let first: ReviewUiState
            do {
                let controller = ReviewController(
                    engine: engine, game: try ChessGame.fromPgn(pgn: Self.scholar), cache: cache)
                controller.start(options: ReviewOptions(nodesPerPosition: 20_000))
                first = try await awaitState(controller, "done") { $0.phase == .done }
                XCTAssertFalse(first.kept)
                try await eventually("the engine idle") { !engine.isSearching() }
            }
            XCTAssertEqual(cache.saveCount, 1)
            // The same game again: the kept review, at once (done as soon as started).
            let controller = ReviewController(
                engine: engine, game: try ChessGame.fromPgn(pgn: Self.scholar), cache: cache)
            controller.start(options: ReviewOptions(nodesPerPosition: 20_000))
            let s = controller.state
            XCTAssertEqual(s.phase, .done, "no search: done as soon as started")
            XCTAssertTrue(s.kept)
            XCTAssertEqual(s.rows, first.rows)
            XCTAssertEqual(s.graph, first.graph)
            XCTAssertEqual(s.white, first.white)
            XCTAssertEqual(s.annotatedPgn, first.annotatedPgn)
            XCTAssertEqual(cache.saveCount, 1, "a kept review is not saved again")
            // Another budget is another review: searched.
            controller.start(options: ReviewOptions(nodesPerPosition: 5_000))
            XCTAssertEqual(controller.state.phase, .running)
            _ = try await awaitState(controller, "done") { $0.phase == .done }
            XCTAssertEqual(cache.saveCount, 2)
            try await eventually("the engine idle") { !engine.isSearching() }
            // The game under other tags is another annotated PGN: searched too.
            let tagged = ReviewController(
                engine: engine,
                game: try ChessGame.fromPgn(pgn: "[Event \"Again\"]\n\n" + Self.scholar),
                cache: cache)
            tagged.start(options: ReviewOptions(nodesPerPosition: 20_000))
            XCTAssertEqual(tagged.state.phase, .running)
            _ = try await awaitState(tagged, "done") { $0.phase == .done }
            XCTAssertEqual(cache.saveCount, 3)
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testADirectoryReviewCacheKeepsReviewsUnderTheCoresKeysOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chesscore-reviews-\(UUID().uuidString)")
        let errors = ErrorLog()
        let cache = DirectoryReviewCache(directory: dir, onError: { errors.add($0) })
        XCTAssertNil(cache.load(key: "0123456789abcdef"))
        cache.save(key: "0123456789abcdef", json: "{}")
        XCTAssertEqual(DirectoryReviewCache(directory: dir).load(key: "0123456789abcdef"), "{}")
        cache.save(key: "../escape", json: "{}")
        XCTAssertEqual(errors.count, 1)
        XCTAssertNil(cache.load(key: "../escape"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir.path), ["0123456789abcdef.json"])
        // At most `limit` kept, the least recently written going first.
        let small = DirectoryReviewCache(directory: dir, limit: 2)
        func date(_ key: String, _ seconds: Double) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)],
                ofItemAtPath: dir.appendingPathComponent("\(key).json").path)
        }
        try date("0123456789abcdef", 1_000)
        small.save(key: "1111111111111111", json: "{1}")
        try date("1111111111111111", 2_000)
        small.save(key: "2222222222222222", json: "{2}")
        XCTAssertNil(small.load(key: "0123456789abcdef"), "the oldest went")
        XCTAssertEqual(small.load(key: "1111111111111111"), "{1}")
        XCTAssertEqual(small.load(key: "2222222222222222"), "{2}")
    }

    func testStoppingKeepsTheMovesReviewedSoFarWithTheirSummary() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: Self.queensGambit)
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let controller = ReviewController(engine: engine, game: game)
            controller.start(options: ReviewOptions(nodesPerPosition: 200_000))
            let running = try await awaitState(controller, "two moves") { $0.rows.count >= 2 }
            XCTAssertEqual(running.phase, .running)
            XCTAssertTrue(running.progress > 0 && running.progress < 1)
            XCTAssertEqual(running.graph.count, running.rows.count + 1)
            controller.stop()
            let s = try await awaitState(controller, "stopped") { $0.phase == .stopped }
            XCTAssertTrue((2..<12).contains(s.rows.count), "\(s.rows.count) rows")
            XCTAssertEqual(s.graph.count, s.rows.count + 1)
            // The curve keeps the whole game's scale (12 moves): it ends where the review
            // stopped, not at the right edge.
            XCTAssertEqual(s.total, 12)
            XCTAssertEqual(s.graph.last?.x ?? -1, Double(s.rows.count) / 12, accuracy: 1e-9)
            XCTAssertNotNil(s.white)
            XCTAssertEqual(s.rows.first?.san, "d4")
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testAStoppedReviewIsKeptAndALaterStartGoesOnWhereItStopped() async throws {
        let cache = InMemoryReviewCache()
        do {
            let (game, engine, whole) = try await wholeReview()
            let options = Self.stoppable

            // Stopped by the person: kept, as far as it went.
            let stopping = ReviewController(engine: engine, game: game, cache: cache)
            stopping.start(options: options)
            _ = try await awaitState(stopping, "a move") { !$0.rows.isEmpty }
            stopping.stop()
            let stopped = try await awaitState(stopping, "stopped") { $0.phase == .stopped }
            XCTAssertTrue(stopped.rows.count < 12, "\(stopped.rows.count) rows")
            XCTAssertEqual(cache.saveCount, 1)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Another controller (the app was closed meanwhile): it goes on from there.
            let later = ReviewController(engine: engine, game: game, cache: cache)
            later.start(options: options)
            XCTAssertEqual(engine.continued, [stopped.rows.count], "continued, not started over")
            XCTAssertEqual(later.state.rows, stopped.rows, "the kept rows at once")
            XCTAssertEqual(later.state.phase, .running)
            let s = try await awaitState(later, "done") { $0.phase == .done }
            XCTAssertFalse(s.kept, "searched now")
            XCTAssertEqual(s.rows, whole.rows)
            XCTAssertEqual(s.annotatedPgn, whole.annotatedPgn)
            XCTAssertEqual(cache.saveCount, 2)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Then it is the whole review that is kept.
            let again = ReviewController(engine: engine, game: game, cache: cache)
            again.start(options: options)
            XCTAssertTrue(again.state.kept)
            XCTAssertEqual(again.state.phase, .done)
            XCTAssertEqual(again.state.rows, whole.rows)
        }
        try await noLiveObjects()
    }

    func testAReviewLeftWhileRunningIsKeptAsFarAsItWentAndGoesOnWhenReopened() async throws {
        let cache = InMemoryReviewCache()
        do {
            let (game, engine, whole) = try await wholeReview()
            let options = Self.stoppable

            // The person leaves the review screen while it runs: the controller is released.
            var left: ReviewController? = ReviewController(engine: engine, game: game, cache: cache)
            left?.start(options: options)
            let shown = try await awaitState(left!, "a move") { !$0.rows.isEmpty }.rows.count
            left = nil
            // Its stream ends, which stops the review, and the result is still kept.
            try await eventually("the left review kept") { cache.saveCount == 1 }
            try await eventually("the engine idle") { !engine.isSearching() }

            let later = ReviewController(engine: engine, game: game, cache: cache)
            later.start(options: options)
            XCTAssertEqual(engine.continued.count, 1, "continued, not started over")
            let from = engine.continued.first ?? 0
            XCTAssertTrue(from >= shown && from < 12, "from \(from) moves, \(shown) shown")
            XCTAssertEqual(later.state.rows, Array(whole.rows.prefix(from)), "the kept rows at once")
            let s = try await awaitState(later, "done") { $0.phase == .done }
            XCTAssertEqual(s.rows, whole.rows)
            XCTAssertEqual(s.annotatedPgn, whole.annotatedPgn)
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testAReviewStoppedInTheBackgroundContinuesWhenTheAppIsBackAndEndsTheSame() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: Self.queensGambit)
            let engine = try ContinuingEngine(config: EngineConfig(hashMb: 4))
            let options = ReviewOptions(nodesPerPosition: 50_000, threads: 1)
            let first = ReviewController(engine: engine, game: game)
            first.resume()  // nothing was paused: nothing starts
            XCTAssertEqual(first.state.phase, .idle)
            first.start(options: options)
            let whole = try await awaitState(first, "the whole review") { $0.phase == .done }

            // A cache says when the stopped review's result has come in (it is kept).
            let cache = InMemoryReviewCache()
            let controller = ReviewController(engine: engine, game: game, cache: cache)
            controller.start(options: options)
            _ = try await awaitState(controller, "a move") { !$0.rows.isEmpty }
            controller.pause()
            // The review stops on the engine's thread; its last events still come in.
            try await eventually("the stopped review in") { cache.saveCount == 1 }
            let paused = controller.state
            XCTAssertEqual(paused.phase, .running)
            XCTAssertTrue(paused.rows.count < 12, "\(paused.rows.count) rows")
            XCTAssertEqual(paused.rows, Array(whole.rows.prefix(paused.rows.count)))
            controller.resume()
            XCTAssertEqual(engine.continued, [paused.rows.count], "continued, not started over")
            XCTAssertEqual(controller.state.rows, paused.rows, "the rows so far stay")
            let s = try await awaitState(controller, "done") { $0.phase == .done }
            XCTAssertEqual(s.rows, whole.rows)
            XCTAssertEqual(s.graph, whole.graph)
            XCTAssertEqual(s.white, whole.white)
            XCTAssertEqual(s.annotatedPgn, whole.annotatedPgn)
            controller.pause()  // over: nothing to stop or start again
            controller.resume()
            XCTAssertEqual(controller.state.phase, .done)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Back before the stopped review's result came in: continued when it does.
            let quick = ReviewController(engine: engine, game: game)
            quick.start(options: options)
            _ = try await awaitState(quick, "a move") { !$0.rows.isEmpty }
            quick.pause()
            quick.resume()
            let q = try await awaitState(quick, "done") { $0.phase == .done }
            XCTAssertEqual(engine.continued.count, 2, "continued once more")
            XCTAssertEqual(q.rows, whole.rows)
            XCTAssertEqual(q.annotatedPgn, whole.annotatedPgn)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Back and away again before the stopped review's result came in: it stays stopped
            // while the app is away, and goes on when it is back.
            let awayCache = InMemoryReviewCache()
            let away = ReviewController(engine: engine, game: game, cache: awayCache)
            away.start(options: options)
            _ = try await awaitState(away, "a move") { !$0.rows.isEmpty }
            away.pause()
            away.resume()
            away.pause()
            try await eventually("the stopped review in") { awayCache.saveCount == 1 }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(engine.continued.count, 2, "went on in the background")
            XCTAssertFalse(engine.isSearching())
            XCTAssertEqual(away.state.phase, .running)
            away.resume()
            let a = try await awaitState(away, "done") { $0.phase == .done }
            XCTAssertEqual(engine.continued.count, 3)
            XCTAssertEqual(a.rows, whole.rows)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Stopped by the person, then the app goes away before the stop arrives: it stays
            // stopped.
            let stopping = ReviewController(engine: engine, game: game)
            stopping.start(options: options)
            _ = try await awaitState(stopping, "a move") { !$0.rows.isEmpty }
            stopping.stop()
            stopping.pause()
            stopping.resume()
            let stopped = try await awaitState(stopping, "stopped") { $0.phase == .stopped }
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(stopping.state, stopped, "not started over")
            try await eventually("the engine idle") { !engine.isSearching() }

            // Paused, then stopped by the person: what was reviewed shows as stopped.
            let pausedCache = InMemoryReviewCache()
            let pausedThenStopped = ReviewController(engine: engine, game: game, cache: pausedCache)
            pausedThenStopped.start(options: options)
            _ = try await awaitState(pausedThenStopped, "a move") { !$0.rows.isEmpty }
            pausedThenStopped.pause()
            try await eventually("the stopped review in") { pausedCache.saveCount == 1 }
            let rows = pausedThenStopped.state.rows
            pausedThenStopped.stop()
            let shown = try await awaitState(pausedThenStopped, "stopped") { $0.phase == .stopped }
            XCTAssertEqual(shown.rows, rows)
            XCTAssertNotNil(shown.white)
            pausedThenStopped.resume()
            try await Task.sleep(nanoseconds: 200_000_000)
            XCTAssertEqual(pausedThenStopped.state, shown, "stays stopped")
            XCTAssertFalse(engine.isSearching())
            XCTAssertEqual(engine.continued.count, 3, "nothing continued after the first three")
        }
        try await noLiveObjects()
    }

    func testABadOptionShowsTheCoresMessageAndStartsNothing() async throws {
        let controller = ReviewController(
            engine: try ChessEngine(config: EngineConfig(hashMb: 1)),
            game: try ChessGame.fromPgn(pgn: "1. e4 e5 2. Nf3 Nc6 *"))
        controller.start(options: ReviewOptions(nodesPerPosition: 0))
        let s = try await awaitState(controller, "the message") { $0.message != nil }
        XCTAssertEqual(s.phase, .idle)
        XCTAssertTrue(s.message?.contains("at least 1") ?? false, "\(s.message ?? "")")
        // Nothing of the review that never started is left: no move count (Kotlin's state too).
        var refused = ReviewUiState()
        refused.message = s.message
        XCTAssertEqual(s, refused)
    }

    func testTextsSymbolsClassNamesAndWhiteViewScores() {
        XCTAssertEqual(MoveClass.blunder.symbol(), "??")
        XCTAssertEqual(MoveClass.mistake.symbol(), "?")
        XCTAssertEqual(MoveClass.inaccuracy.symbol(), "?!")
        XCTAssertEqual(MoveClass.best.symbol(onlyMove: true), "!")
        XCTAssertEqual(MoveClass.good.symbol(), "")
        XCTAssertEqual(MoveClass.excellent.text, "Excellent")
        XCTAssertEqual(whiteScoreText(.centipawns(value: 35)), "+0.35")
        XCTAssertEqual(whiteScoreText(.centipawns(value: -120)), "-1.20")
        XCTAssertEqual(whiteScoreText(.centipawns(value: 0)), "0.00")
        XCTAssertEqual(whiteScoreText(.mate(moves: 3)), "M3")
        XCTAssertEqual(whiteScoreText(.mate(moves: -2)), "-M2")
        XCTAssertTrue(MoveClass.inaccuracy.isError && !MoveClass.good.isError)
    }
}

/// Errors a cache reported, from any thread.
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func add(_ error: Error) { lock.withLock { errors.append(error) } }
    var count: Int { lock.withLock { errors.count } }
}
