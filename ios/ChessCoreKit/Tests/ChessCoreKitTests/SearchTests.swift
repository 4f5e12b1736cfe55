import XCTest
@testable import ChessCoreKit

/// The Swift wrapper over the engine: the search stream and the cancellable `bestMove`.
final class SearchTests: XCTestCase {
    private static let foolsMate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"

    func testStreamDeliversInfosThenFinishes() async throws {
        let engine = try ChessEngine(config: EngineConfig())
        let game = ChessGame()
        var infos: [SearchInfo] = []
        var result: SearchResult?
        for try await event in engine.search(game, limits: SearchLimits(depth: 6)) {
            XCTAssertNil(result, "nothing follows the result")
            switch event {
            case .info(let info): infos.append(info)
            case .finished(let finished): result = finished
            }
        }
        let final = try XCTUnwrap(result)
        XCTAssertFalse(infos.isEmpty)
        XCTAssertEqual(infos.map(\.depth), infos.map(\.depth).sorted())
        XCTAssertTrue(game.legalMoves().contains(final.bestMove))
        XCTAssertEqual(final.positionKey, game.snapshot().positionKey)
        XCTAssertFalse(final.stopped)
    }

    func testCancellingTheConsumerStopsTheSearch() async throws {
        let engine = try ChessEngine(config: EngineConfig())
        let game = ChessGame()
        let consumer = Task {
            for try await event in engine.search(game, limits: SearchLimits(infinite: true)) {
                if case .finished = event { return }
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        XCTAssertTrue(engine.isSearching())
        consumer.cancel()
        try await consumer.value
        try await waitForEngine(engine, within: 1)
    }

    func testBestMoveReturnsALegalMove() async throws {
        let engine = try ChessEngine(config: EngineConfig())
        let game = ChessGame()
        let result = try await engine.bestMove(in: game, limits: SearchLimits(depth: 4))
        XCTAssertTrue(game.legalMoves().contains(result.bestMove))
        XCTAssertEqual(result.depth, 4)
    }

    func testCancellingBestMoveStopsTheSearch() async throws {
        let engine = try ChessEngine(config: EngineConfig())
        let game = ChessGame()
        let search = Task {
            try await engine.bestMove(in: game, limits: SearchLimits(infinite: true))
        }
        try await Task.sleep(for: .milliseconds(300))
        search.cancel()
        do {
            _ = try await search.value
            XCTFail("a cancelled bestMove throws")
        } catch is CancellationError {}
        try await waitForEngine(engine, within: 1)
    }

    func testAFinishedGameCannotBeSearched() async throws {
        let engine = try ChessEngine(config: EngineConfig())
        let game = try ChessGame.fromFen(fen: Self.foolsMate)
        do {
            for try await _ in engine.search(game) {}
            XCTFail("the stream throws")
        } catch ChessError.GameOver {}
        do {
            _ = try await engine.bestMove(in: game)
            XCTFail("bestMove throws")
        } catch ChessError.GameOver {}
    }

    private func waitForEngine(_ engine: ChessEngine, within seconds: TimeInterval) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while engine.isSearching() {
            if Date() > deadline {
                XCTFail("the search was not stopped within \(seconds) s")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
