import XCTest
@testable import ChessCoreKit

/// The presentation tests, mirroring the Kotlin `GameController` tests: the controller against
/// the real core and engine (short searches), with an in-memory store.
final class GameControllerTests: XCTestCase {
    private let quick = SearchLimits(depth: 3)

    @MainActor
    private func makeController(
        _ mode: GameMode = .humanVsHuman,
        store: InMemoryGameStore = InMemoryGameStore(),
        limits: SearchLimits? = nil,
        level: Int = 1
    ) throws -> GameController {
        let controller = try GameController(store: store, limits: limits ?? quick)
        controller.newGame(mode: mode, level: level)
        return controller
    }

    // MARK: Selection and moves

    @MainActor
    func testTapSelectsShowsTargetsReselectsAndClears() throws {
        let c = try makeController()
        c.tapSquare(try sq("e2"))
        XCTAssertEqual(c.state.selected, try sq("e2"))
        XCTAssertEqual(c.state.targets, [try sq("e3"), try sq("e4")])

        c.tapSquare(try sq("g1"))  // another own piece: reselect
        XCTAssertEqual(c.state.selected, try sq("g1"))
        XCTAssertEqual(c.state.targets, [try sq("f3"), try sq("h3")])

        c.tapSquare(try sq("e5"))  // not a target: clear
        XCTAssertNil(c.state.selected)
        XCTAssertTrue(c.state.targets.isEmpty)

        c.tapSquare(try sq("e7"))  // not the side to move
        XCTAssertNil(c.state.selected)

        c.tapSquare(try sq("e2"))
        c.tapSquare(try sq("e4"))
        XCTAssertEqual(c.state.snapshot.sanHistory, ["e4"])
        XCTAssertEqual(c.state.snapshot.sideToMove, .black)
        XCTAssertNil(c.state.selected)
        XCTAssertEqual(c.state.snapshot.lastMove?.uci, "e2e4")
    }

    @MainActor
    func testDragMovesLikeSelectThenTap() throws {
        let c = try makeController()
        c.dragMove(from: try sq("g1"), to: try sq("f3"))
        XCTAssertEqual(c.state.snapshot.sanHistory, ["Nf3"])
        c.dragMove(from: try sq("e7"), to: try sq("e4"))  // not a legal destination
        XCTAssertEqual(c.state.snapshot.sanHistory, ["Nf3"])
        XCTAssertNil(c.state.selected)
    }

    @MainActor
    func testPromotionAsksForThePieceThenPlaysIt() throws {
        let c = try makeController()
        c.loadFen("8/P7/8/8/8/8/8/k6K w - - 0 1")
        c.tapSquare(try sq("a7"))
        XCTAssertTrue(c.state.targets.contains(try sq("a8")))
        c.tapSquare(try sq("a8"))
        let pending = try XCTUnwrap(c.state.pendingPromotion)
        XCTAssertEqual(pending.from, try sq("a7"))
        XCTAssertEqual(pending.to, try sq("a8"))
        XCTAssertEqual(Set(pending.choices), [.queen, .rook, .bishop, .knight])
        XCTAssertEqual(c.state.snapshot.ply, 0, "nothing is played before the choice")

        c.tapSquare(try sq("h1"))  // ignored while the picker shows
        XCTAssertNotNil(c.state.pendingPromotion)

        c.cancelPromotion()
        XCTAssertNil(c.state.pendingPromotion)
        XCTAssertEqual(c.state.selected, try sq("a7"), "the pawn stays selected")

        c.tapSquare(try sq("a8"))
        c.choosePromotion(.knight)
        XCTAssertNil(c.state.pendingPromotion)
        XCTAssertEqual(c.state.snapshot.squares[try sq("a8")], Piece(side: .white, kind: .knight))
        XCTAssertEqual(c.state.snapshot.sanHistory, ["a8=N"])
    }

    // MARK: Engine turn

    @MainActor
    func testEngineRepliesToTheHumanMove() async throws {
        let c = try makeController(.humanVsEngine(humanSide: .white))
        c.tapSquare(try sq("e2"))
        c.tapSquare(try sq("e4"))
        XCTAssertTrue(c.state.engineThinking)
        XCTAssertFalse(c.state.isHumanTurn)
        c.tapSquare(try sq("d7"))  // the engine's pieces, on its turn: ignored
        XCTAssertNil(c.state.selected)

        try await waitUntil { !c.state.engineThinking }
        XCTAssertEqual(c.state.snapshot.ply, 2)
        XCTAssertEqual(c.state.snapshot.sideToMove, .white)
        XCTAssertTrue(c.state.isHumanTurn)
    }

    @MainActor
    func testEngineMovesFirstWhenThePersonPlaysBlack() async throws {
        let c = try makeController(.humanVsEngine(humanSide: .black))
        XCTAssertEqual(c.state.orientation, .black)
        XCTAssertTrue(c.state.engineThinking)
        try await waitUntil { !c.state.engineThinking }
        XCTAssertEqual(c.state.snapshot.ply, 1)
        XCTAssertEqual(c.state.snapshot.sideToMove, .black)
    }

    @MainActor
    func testUndoWhileThinkingStopsTheSearchAndIgnoresItsResult() async throws {
        let c = try makeController(
            .humanVsEngine(humanSide: .white), limits: SearchLimits(moveTimeMs: 3_000), level: 10)
        c.dragMove(from: try sq("e2"), to: try sq("e4"))
        XCTAssertTrue(c.state.engineThinking)

        c.undo()
        XCTAssertFalse(c.state.engineThinking)
        XCTAssertEqual(c.state.snapshot.ply, 0)
        XCTAssertEqual(c.state.snapshot.sideToMove, .white)

        try await Task.sleep(for: .milliseconds(500))
        XCTAssertEqual(c.state.snapshot.ply, 0, "the stopped search's move was not played")
        XCTAssertFalse(c.state.engineThinking)
    }

    @MainActor
    func testUndoAndRedoAgainstTheEngineMoveTwoPlies() async throws {
        let c = try makeController(.humanVsEngine(humanSide: .white))
        c.dragMove(from: try sq("d2"), to: try sq("d4"))
        try await waitUntil { !c.state.engineThinking }
        XCTAssertEqual(c.state.snapshot.ply, 2)

        c.undo()
        XCTAssertEqual(c.state.snapshot.ply, 0)
        XCTAssertTrue(c.state.snapshot.canRedo)
        XCTAssertFalse(c.state.engineThinking)

        c.redo()
        XCTAssertEqual(c.state.snapshot.ply, 2)
        XCTAssertEqual(c.state.snapshot.sideToMove, .white)
        XCTAssertFalse(c.state.engineThinking)
    }

    @MainActor
    func testStaleAndSupersededResultsAreIgnored() async throws {
        let c = try makeController(
            .humanVsEngine(humanSide: .white), limits: SearchLimits(moveTimeMs: 3_000), level: 10)
        c.dragMove(from: try sq("e2"), to: try sq("e4"))
        let id = try XCTUnwrap(c.currentSearchId)
        let snapshot = c.state.snapshot
        let reply = try XCTUnwrap(snapshot.legalMoves.first)

        // A result of an older search: ignored, the current search goes on.
        c.receive(.finished(fakeResult(reply, key: snapshot.positionKey)), searchId: id - 1)
        XCTAssertEqual(c.state.snapshot.ply, 1)
        XCTAssertTrue(c.state.engineThinking)

        // Progress about another position: not shown.
        c.receive(.info(fakeInfo(key: snapshot.positionKey &+ 1)), searchId: id)
        XCTAssertNil(c.state.thinking)
        // Progress about this position: shown, from White's point of view.
        c.receive(.info(fakeInfo(key: snapshot.positionKey)), searchId: id)
        XCTAssertEqual(c.state.thinking?.scoreText, "-0.35")

        // A result about another position: not played.
        c.receive(.finished(fakeResult(reply, key: snapshot.positionKey &+ 1)), searchId: id)
        XCTAssertEqual(c.state.snapshot.ply, 1)
        XCTAssertFalse(c.state.engineThinking)
    }

    // MARK: Persistence

    @MainActor
    func testRestoresGameAndSettingsAfterASimulatedKill() throws {
        let store = InMemoryGameStore()
        do {
            let first = try makeController(.humanVsHuman, store: store)
            first.dragMove(from: try sq("e2"), to: try sq("e4"))
            first.dragMove(from: try sq("e7"), to: try sq("e5"))
            first.flipBoard()
            first.setLevel(7)
        }
        let restored = try GameController(store: store, limits: quick)
        XCTAssertEqual(restored.state.snapshot.sanHistory, ["e4", "e5"])
        XCTAssertEqual(restored.state.mode, .humanVsHuman)
        XCTAssertEqual(restored.state.orientation, .black)
        XCTAssertEqual(restored.state.level, 7)
        XCTAssertNil(restored.state.message)
    }

    @MainActor
    func testDamagedSaveStartsANewGameWithAMessage() throws {
        let c = try GameController(store: InMemoryGameStore(json: "{\"not\": \"a game\""), limits: quick)
        XCTAssertEqual(c.state.snapshot.ply, 0)
        XCTAssertNotNil(c.state.message)
    }

    // MARK: FEN, game over, draws, hint, flip

    @MainActor
    func testInvalidFenShowsTheCoreMessageAndKeepsTheGame() throws {
        let c = try makeController()
        c.dragMove(from: try sq("e2"), to: try sq("e4"))
        let before = c.state.snapshot
        c.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
        XCTAssertTrue(c.state.message?.contains("FEN") ?? false, "\(String(describing: c.state.message))")
        XCTAssertEqual(c.state.snapshot, before)

        c.loadFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        XCTAssertNil(c.state.message)
        XCTAssertEqual(c.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    }

    @MainActor
    func testCheckmateEndsTheGame() throws {
        let c = try makeController()
        for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
            c.dragMove(from: try sq(from), to: try sq(to))
        }
        XCTAssertTrue(c.state.isGameOver)
        XCTAssertEqual(c.state.statusText, "Checkmate — Black wins")
        XCTAssertEqual(c.state.snapshot.checkSquare, UInt32(try sq("e1")))
        c.tapSquare(try sq("e1"))
        XCTAssertNil(c.state.selected)
        c.requestHint()
        XCTAssertFalse(c.state.engineThinking)
    }

    @MainActor
    func testEngineDoesNotMoveInAFinishedGame() throws {
        let c = try makeController(.humanVsEngine(humanSide: .white))
        c.loadFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
        XCTAssertEqual(c.state.statusText, "Draw by stalemate")
        XCTAssertFalse(c.state.engineThinking)
    }

    @MainActor
    func testThreefoldRepetitionIsOfferedAndClaimed() throws {
        let c = try makeController()
        let dance = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")]
        for (from, to) in dance + dance {
            c.dragMove(from: try sq(from), to: try sq(to))
        }
        XCTAssertEqual(c.state.claimableDraw, .threefoldRepetition)
        XCTAssertEqual(c.state.statusText, "Draw may be claimed: threefold repetition")
        XCTAssertFalse(c.state.isGameOver)

        c.claimDraw()
        XCTAssertTrue(c.state.isGameOver)
        XCTAssertEqual(c.state.statusText, "Draw by threefold repetition")
    }

    @MainActor
    func testResignAndAgreeDraw() throws {
        let c = try makeController(.humanVsEngine(humanSide: .white))
        c.resign()
        XCTAssertEqual(c.state.statusText, "White resigned — Black wins")
        c.undo()
        XCTAssertFalse(c.state.isGameOver)
        c.agreeDraw()
        XCTAssertEqual(c.state.statusText, "Draw by agreement")
    }

    @MainActor
    func testHintIsALegalMoveShownUntilTheNextMove() async throws {
        let c = try makeController()
        c.requestHint()
        XCTAssertTrue(c.state.engineThinking)
        try await waitUntil { !c.state.engineThinking }
        let hint = try XCTUnwrap(c.state.hint)
        XCTAssertTrue(c.state.snapshot.legalMoves.contains(hint))
        XCTAssertEqual(c.state.snapshot.ply, 0, "a hint is not played")

        c.dragMove(from: Int(hint.from), to: Int(hint.to))
        XCTAssertNil(c.state.hint)
    }

    @MainActor
    func testDefaultHintIsSearchedAtFullStrength() async throws {
        // Level 1 plays the moves; the hint (default hint limits) is searched at level 10.
        let c = try GameController(store: InMemoryGameStore(), limits: quick)
        c.newGame(mode: .humanVsHuman, level: 1)
        // Mate in 3 for Black (...Bc5+): beyond level 1's one-ply horizon.
        c.loadFen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1")
        c.requestHint()
        try await waitUntil { !c.state.engineThinking }
        XCTAssertEqual(try XCTUnwrap(c.state.hint).san, "Bc5+")
        XCTAssertEqual(c.state.level, 1)
    }

    @MainActor
    func testFlipTogglesOrientationOnly() throws {
        let c = try makeController()
        XCTAssertEqual(c.state.orientation, .white)
        c.flipBoard()
        XCTAssertEqual(c.state.orientation, .black)
        XCTAssertEqual(c.state.snapshot.sideToMove, .white)
        c.flipBoard()
        XCTAssertEqual(c.state.orientation, .white)
    }

    // MARK: Leaks

    @MainActor
    func testNoChessCoreObjectsLeak() async throws {
        let baseline = liveObjectCount()
        do {
            let c = try makeController(.humanVsEngine(humanSide: .white))
            c.dragMove(from: try sq("e2"), to: try sq("e4"))
            try await waitUntil { !c.state.engineThinking }
            c.requestHint()
            try await waitUntil { !c.state.engineThinking }
            c.newGame(mode: .humanVsEngine(humanSide: .black), level: 2)
            c.undo()  // stops the engine's first search
            c.loadFen("8/P7/8/8/8/8/8/k6K w - - 0 1")
        }
        try await waitUntil { liveObjectCount() <= baseline }
        XCTAssertLessThanOrEqual(liveObjectCount(), baseline)
    }
}

// MARK: - Helpers

/// The index of the square named `name` ("e4" -> 28), from the core.
func sq(_ name: String) throws -> Int {
    Int(try squareIndex(name: name))
}

/// Polls `condition` on the main actor until it holds, failing after `timeout` seconds.
@MainActor
func waitUntil(
    timeout: TimeInterval = 15,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: () -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline {
            XCTFail("timed out after \(timeout) s", file: file, line: line)
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

private func fakeInfo(key: UInt64) -> SearchInfo {
    SearchInfo(
        depth: 5, seldepth: 9, score: .centipawns(value: 35), scoreWhite: .centipawns(value: -35),
        nodes: 1_000, nps: 100_000,
        timeMs: 10, hashFullPermille: 1, pvSan: ["e5"], pvUci: ["e7e5"], positionKey: key)
}

private func fakeResult(_ move: LegalMove, key: UInt64) -> SearchResult {
    SearchResult(
        bestMove: move, ponderMove: nil, score: .centipawns(value: 0),
        scoreWhite: .centipawns(value: 0), depth: 1, nodes: 1,
        timeMs: 1, stopped: false, pvSan: [move.san], pvUci: [move.uci], positionKey: key,
        positionFen: "")
}
