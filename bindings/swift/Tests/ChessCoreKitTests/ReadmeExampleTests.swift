import ChessCoreKit
import ChessCoreTestSupport
import XCTest

// The README's Swift quick start, verbatim between the markers, so that it compiles and works.
// README-EXAMPLE-BEGIN
@MainActor
final class EngineTurn {
    let game = ChessGame()
    let engine = try! ChessEngine(config: EngineConfig(level: 5))
    private(set) var task: Task<Void, Never>?

    func userMoved(from: Square, to: Square, promotion: PieceKind? = nil) throws {
        _ = try game.play(from: from, to: to, promotion: promotion)  // throws ChessError.IllegalMove
        guard case .ongoing = game.snapshot().status else { return }  // the core decides
        task?.cancel()  // cancelling the task stops its search
        let key = game.snapshot().positionKey
        task = Task {
            let limits = SearchLimits(moveTimeMs: 1000)
            guard let result = try? await engine.bestMove(game, limits: limits),
                key == game.snapshot().positionKey  // the game may have moved on meanwhile
            else { return }
            // Its move, or the draw it claims: the engine's turn is one rule, in the core.
            _ = try? game.playEngineResult(result: result, drawOffered: false)
        }
    }
}
// README-EXAMPLE-END

final class ReadmeExampleTests: XCTestCase {
    @MainActor
    func testTheQuickStartPlaysTheEnginesReply() async throws {
        do {
            let turn = EngineTurn()
            try turn.userMoved(from: .e2, to: .e4)
            await turn.task?.value
            XCTAssertEqual(turn.game.snapshot().sanHistory.count, 2)
            XCTAssertEqual(turn.game.snapshot().sideToMove, .white)
            XCTAssertThrowsError(try turn.userMoved(from: .e1, to: .e3)) {
                XCTAssertEqual(caseAndMessage($0 as! ChessError).name, "IllegalMove")
            }
        }
        try await noLiveObjects()
    }
}
