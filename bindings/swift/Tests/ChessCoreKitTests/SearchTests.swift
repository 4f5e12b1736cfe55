import ChessCoreKit
import ChessCoreTestSupport
import Foundation
import XCTest

/// The wrapper over the engine: the search stream, the cancellable `bestMove(_:limits:)` and
/// the main-actor listener. Mirrors tests/kotlin/WrapperTest.kt. Cancellation is asserted through
/// the engine (`isSearching`, the finished result), never through elapsed time.
final class SearchTests: XCTestCase {
    private static let mateInOne = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
    private static let foolsMate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"

    private func smallEngine() throws -> ChessEngine {
        try ChessEngine(config: EngineConfig(hashMb: 1))
    }

    // MARK: The stream

    @MainActor
    func testTheStreamDeliversInfosByDepthThenTheResultThenEnds() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            var events: [SearchEvent] = []
            for try await event in engine.search(game, limits: SearchLimits(depth: 5)) {
                MainActor.assertIsolated("a @MainActor consumer gets its events on the main actor")
                events.append(event)
            }
            guard case .finished(let result)? = events.last else {
                return XCTFail("the last event is the result: \(events)")
            }
            let infos = events.dropLast().compactMap { event -> SearchInfo? in
                if case .info(let info) = event { return info }
                return nil
            }
            XCTAssertEqual(infos.count, events.count - 1, "one result, at the end")
            XCTAssertFalse(infos.isEmpty)
            XCTAssertEqual(infos.map(\.depth), infos.map(\.depth).sorted(), "depths increase")
            XCTAssertEqual(result.depth, 5)
            XCTAssertFalse(result.stopped)
            XCTAssertTrue(game.legalMoves().contains(result.bestMove))
            XCTAssertEqual(result.positionKey, game.snapshot().positionKey)
            try await eventually("the engine idle") { !engine.isSearching() }
            try await eventually("only the game and the engine alive") { liveObjectCount() == 2 }
        }
        try await noLiveObjects()
    }

    func testLeavingTheLoopEarlyStopsTheSearchAndFreesItsHandle() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            var infos = 0
            for try await event in engine.search(game, limits: SearchLimits(infinite: true)) {
                if case .info = event { infos += 1 }
                if infos == 2 { break }
            }
            XCTAssertEqual(infos, 2)
            try await eventually("the search stopped") { !engine.isSearching() }
            try await eventually("the handle freed") { liveObjectCount() == 2 }
        }
        try await noLiveObjects()
    }

    func testCancellingTheConsumingTaskStopsTheSearch() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let firstInfo = Guarded(false)
            let consumer = Task {
                for try await event in engine.search(game, limits: SearchLimits(infinite: true)) {
                    if case .info = event { firstInfo.with { $0 = true } }
                }
            }
            try await eventually("the first info") { firstInfo.current }
            XCTAssertTrue(engine.isSearching())
            consumer.cancel()
            try await eventually("the search stopped") { !engine.isSearching() }
            try await eventually("the handle freed") { liveObjectCount() == 2 }
        }
        try await noLiveObjects()
    }

    func testASupersededStreamEndsWithAStoppedResult() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let first = engine.search(game, limits: SearchLimits(infinite: true))
            var iterator = first.makeAsyncIterator()
            guard case .info? = try await iterator.next() else { return XCTFail("an info first") }
            let second = try await engine.bestMove(game, limits: SearchLimits(depth: 3))
            XCTAssertFalse(second.stopped)
            try await eventually("the superseded search over") { !engine.isSearching() }
            var last: SearchEvent?
            while let event = try await iterator.next() { last = event }
            guard case .finished(let result)? = last else { return XCTFail("ends with the result") }
            XCTAssertTrue(result.stopped, "superseded: finished early, marked stopped")
        }
        try await noLiveObjects()
    }

    func testASearchOfAFinishedGameFailsWithTheCoresGameOver() async throws {
        do {
            let game = try ChessGame.fromFen(fen: Self.foolsMate)
            let engine = try smallEngine()
            let streamed = try await chessError {
                for try await _ in engine.search(game) {}
            }
            XCTAssertEqual(streamed.name, "GameOver")
            let awaited = try await chessError { try await engine.bestMove(game) }
            XCTAssertEqual(awaited.name, "GameOver")
            XCTAssertFalse(engine.isSearching())
        }
        try await noLiveObjects()
    }

    // MARK: bestMove(_:limits:)

    func testBestMoveReturnsTheMateInAMateInOneAndFreesItsHandle() async throws {
        do {
            let game = try ChessGame.fromFen(fen: Self.mateInOne)
            let engine = try smallEngine()
            let result = try await engine.bestMove(game, limits: SearchLimits(depth: 4))
            XCTAssertTrue(game.legalMoves().contains(result.bestMove))
            XCTAssertEqual(result.bestMove.uci, "d1d8")
            XCTAssertTrue(result.bestMove.isCheckmate)
            XCTAssertEqual(liveObjectCount(), 2, "the handle is freed on return")
        }
        try await noLiveObjects()
    }

    func testTwoEnginesSearchAtOnce() async throws {
        do {
            let game = ChessGame()
            let first = try smallEngine()
            let second = try smallEngine()
            async let a = first.bestMove(game, limits: SearchLimits(depth: 4))
            async let b = second.bestMove(game, limits: SearchLimits(depth: 4))
            let both = try await [a, b]
            XCTAssertTrue(both.allSatisfy { game.legalMoves().contains($0.bestMove) && !$0.stopped })
        }
        try await noLiveObjects()
    }

    func testCancellingBestMoveStopsTheSearch() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let search = Task {
                try await engine.bestMove(game, limits: SearchLimits(infinite: true))
            }
            try await eventually("the search running") { engine.isSearching() }
            search.cancel()
            // An infinite search ends only when stopped, and bestMove returns only after the
            // engine has delivered its result: returning proves the search was stopped.
            switch try await outcome(of: search, "bestMove returned after the cancellation") {
            case .success(let result): XCTFail("a cancelled bestMove throws, got \(result)")
            case .failure(let error): XCTAssertTrue(error is CancellationError, "\(error)")
            }
            try await eventually("the engine idle") { !engine.isSearching() }
            XCTAssertEqual(liveObjectCount(), 2, "the handle is freed")
        }
        try await noLiveObjects()
    }

    func testBestMoveInACancelledTaskDoesNotSearchOn() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let search = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await engine.bestMove(game, limits: SearchLimits(infinite: true))
            }
            let ended = try await outcome(of: search, "bestMove in a cancelled task returned")
            XCTAssertThrowsError(try ended.get()) { XCTAssertTrue($0 is CancellationError) }
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testASupersededBestMoveReturnsItsStoppedResult() async throws {
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let first = Task {
                try await engine.bestMove(game, limits: SearchLimits(infinite: true))
            }
            try await eventually("the first search running") { engine.isSearching() }
            let second = try await engine.bestMove(game, limits: SearchLimits(depth: 3))
            let firstResult = try await outcome(of: first, "the superseded bestMove returned").get()
            XCTAssertTrue(firstResult.stopped)
            XCTAssertFalse(second.stopped)
            XCTAssertTrue(game.legalMoves().contains(firstResult.bestMove), "still a legal move")
        }
        try await noLiveObjects()
    }

    // MARK: The main-actor listener

    @MainActor
    func testTheMainActorListenerDeliversInOrderOnTheMainActor() async throws {
        /// A view model as an app writes it: main-actor state, fed by the adapter.
        @MainActor final class AnalysisModel {
            var depths: [UInt32] = []
            var result: SearchResult?
            var finishes = 0
            var offMain = 0
            var afterFinish = 0
            var handle: SearchHandle?

            func analyse(_ game: ChessGame, with engine: ChessEngine) throws {
                let listener = MainActorSearchListener(
                    onInfo: { [weak self] info in
                        guard let self else { return }
                        if !Thread.isMainThread { self.offMain += 1 }
                        if self.finishes > 0 { self.afterFinish += 1 }
                        self.depths.append(info.depth)
                    },
                    onFinished: { [weak self] result in
                        guard let self else { return }
                        if !Thread.isMainThread { self.offMain += 1 }
                        self.finishes += 1
                        self.result = result
                        self.handle = nil
                    })
                handle = try engine.think(game: game, limits: SearchLimits(depth: 6), listener: listener)
            }
        }
        do {
            let game = ChessGame()
            let engine = try smallEngine()
            let model = AnalysisModel()
            try model.analyse(game, with: engine)
            try await eventually("the result on the main actor") { model.result != nil }
            try await eventually("the engine idle") { !engine.isSearching() }
            await drainMainQueue()
            XCTAssertEqual(model.finishes, 1, "exactly one finish")
            XCTAssertEqual(model.afterFinish, 0, "nothing after the finish")
            XCTAssertEqual(model.offMain, 0, "every call on the main thread")
            XCTAssertFalse(model.depths.isEmpty)
            XCTAssertEqual(model.depths, model.depths.sorted(), "in the engine's order")
            XCTAssertEqual(model.result?.depth, 6)
            XCTAssertNil(model.handle)
        }
        try await noLiveObjects()
    }

    // MARK: Errors

    func testChessErrorMessageIsTheCoresTextForEveryCase() throws {
        let cases: [ChessError] = [
            .InvalidFen(message: "a"), .InvalidNotation(message: "b"), .IllegalMove(message: "c"),
            .GameOver(message: "d"), .InvalidSquare(message: "e"), .InvalidPgn(message: "f"),
            .InvalidSavedGame(message: "g"), .InvalidRequest(message: "h"), .Internal(message: "i"),
        ]
        XCTAssertEqual(cases.map(\.message), ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        XCTAssertEqual(cases.map { caseAndMessage($0).message }, cases.map(\.message))
        let real = try chessError { try ChessGame.fromFen(fen: "8/8 w") }
        do {
            _ = try ChessGame.fromFen(fen: "8/8 w")
        } catch let error as ChessError {
            XCTAssertEqual(error.message, real.message)
            XCTAssertFalse(error.message.contains("InvalidFen"), "the message alone, no case name")
        }
    }
}
