import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

private let promotionFen = "8/P7/8/8/8/8/k6K/8 w - - 0 1"
/// White in check with two legal moves only (Ka2, Kb2).
private let twoMovesFen = "k7/8/8/8/8/8/8/K6r w - - 0 1"
/// A game with a comment, a variation and a result (White's win without a mate: a resignation).
private let annotatedPgn = """
    [Event "Analysis"]
    [White "A"]
    [Black "B"]
    [Result "1-0"]

    1. e4 {The king's pawn} e5 (1... c5 2. Nf3 {Sicilian}) 2. Nf3 Nc6 3. Bb5 1-0
    """
private let secondGame = """

    [Event "Second"]
    [Result "*"]

    1. d4 d5 *
    """
private let infinite = SearchLimits(infinite: true)

/// An analysis board over a real (observed) engine with a small table and small limits.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class Board {
    let store: InMemoryGameStore
    let engine: ObservedEngine
    private(set) var controller: AnalysisController?

    init(
        store: InMemoryGameStore = InMemoryGameStore(), pgn: String? = nil, ply: UInt32? = nil,
        limits: SearchLimits = SearchLimits(depth: 4)
    ) throws {
        var made: ObservedEngine?
        controller = try AnalysisController(
            store: store, pgn: pgn, ply: ply,
            engineFactory: { full in
                XCTAssertEqual(full.level, engineLevels().last?.level, "full strength")
                XCTAssertEqual(full.threads, recommendedSearchThreads(), "the spare cores")
                XCTAssertTrue((1...4).contains(full.threads))
                var config = full
                config.hashMb = 1
                // One thread: a search of several is not the same twice, and these tests compare.
                config.threads = 1
                made = try ObservedEngine(config: config)
                return made!
            },
            analysisLimits: limits,
            coachEngineFactory: { full in
                var config = full
                config.hashMb = 1
                return try ChessEngine(config: config)
            },
            coachNodes: 20_000)
        self.store = store
        engine = made!
    }

    /// The controller (until `release()`).
    var c: AnalysisController { controller! }
    var state: AnalysisUiState { c.state }

    /// The screen goes: the controller is released; only the store survives.
    func release() { controller = nil }

    /// The game the store holds now.
    func saved() throws -> GameSnapshot {
        try ChessGame.fromJson(json: XCTUnwrap(store.json)).snapshot()
    }

    /// Taps `from` then `to`.
    func move(_ from: String, _ to: String) {
        c.tapSquare(sq(from))
        c.tapSquare(sq(to))
    }

    /// Waits until the state satisfies `predicate` and returns it.
    func until(
        _ what: String, within seconds: Double = 20, _ predicate: (AnalysisUiState) -> Bool
    ) async throws -> AnalysisUiState {
        try await eventually(what, within: seconds) { predicate(c.state) }
        return c.state
    }

    /// Waits for the current search to end by its limits and returns the state.
    func analysed() async throws -> AnalysisUiState {
        try await until("the analysis at its limits") { !$0.engineRunning && !$0.lines.isEmpty }
    }
}

/// Runs `body` on a new board (see ``Board``), then checks that releasing it freed every
/// chesscore object (game, engine, search handle).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private func withBoard(
    store: InMemoryGameStore = InMemoryGameStore(), pgn: String? = nil,
    limits: SearchLimits = SearchLimits(depth: 4), _ body: (Board) async throws -> Void
) async throws {
    do {
        try await body(try Board(store: store, pgn: pgn, limits: limits))
    }
    try await noLiveObjects()
}

/// The moves of the tree as the move list gives them: (node, depth, SAN).
private func moves(_ snapshot: GameSnapshot) -> [(node: UInt32, depth: UInt32, san: String)] {
    snapshot.moveList.compactMap {
        if case .move(let node, let depth, _, _, _, let san, _) = $0 { return (node, depth, san) }
        return nil
    }
}

/// The node of the first move `san` in the tree.
private func node(_ san: String, in snapshot: GameSnapshot, depth: UInt32? = nil) -> UInt32? {
    moves(snapshot).first { $0.san == san && (depth == nil || $0.depth == depth) }?.node
}

/// The core's `winPercent` of the White-view score a line's text shows ("+0.35", "M3", "-M2"):
/// what the line's `whiteWin` must be.
private func whiteWin(shownAs text: String) -> Double? {
    if text.hasPrefix("M") { return 100 }
    if text.hasPrefix("-M") { return 0 }
    guard let pawns = Double(text) else { return nil }
    return winPercent(score: .centipawns(value: Int32((pawns * 100).rounded())))
}

/// Checks what every shown line must be: of the current position (its first move is one of the
/// position's legal moves, in the line's SAN), numbered 1, 2, ... in order, at most `multiPv`.
/// The position's moves are read from its FEN, so that a node where the game ended (a
/// resignation, a PGN's result: no legal moves in the snapshot) has them too.
private func assertLinesOfThePosition(
    _ s: AnalysisUiState, file: StaticString = #filePath, line: UInt = #line
) {
    let legalMoves = (try? ChessGame.fromFen(fen: s.snapshot.fen).legalMoves()) ?? []
    XCTAssertEqual(
        s.lines.map(\.multipv), (0..<s.lines.count).map { $0 + 1 }, "ordered by number",
        file: file, line: line)
    XCTAssertLessThanOrEqual(s.lines.count, s.multiPv, file: file, line: line)
    XCTAssertLessThanOrEqual(s.lines.count, legalMoves.count, file: file, line: line)
    for l in s.lines {
        let move = legalMoves.first { $0 == l.move }
        XCTAssertNotNil(move, "line \(l.multipv) \(l.pvSan) is of this position", file: file, line: line)
        XCTAssertEqual(l.pvSan.first, move?.san, file: file, line: line)
        XCTAssertNotNil(
            l.scoreText.range(of: #"^(0\.00|[+-]\d+\.\d\d|-?M\d+)$"#, options: .regularExpression),
            l.scoreText, file: file, line: line)
        XCTAssertEqual(l.whiteWin, whiteWin(shownAs: l.scoreText), l.scoreText, file: file, line: line)
    }
    XCTAssertEqual(s.whiteWin, s.analysing ? s.lines.first?.whiteWin : nil, "the eval bar: line 1's", file: file, line: line)
}

/// The analysis board (docs/presentation-spec.md, "Analysis board"): the controller against the
/// real core and engine (short searches: depth 4 or 5, or infinite searches that the test
/// stops), with an in-memory store.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class AnalysisControllerTests: XCTestCase {

    // MARK: Moves grow a tree

    func testAMoveOffTheMainLineMakesAVariationAnExistingMoveGoesToIt() async throws {
        try await withBoard { b in
            b.move("e2", "e4")
            b.move("e7", "e5")
            b.move("g1", "f3")
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4", "e5", "Nf3"])
            b.c.back()
            b.c.back()
            b.move("c7", "c5")  // not a take-back: a variation beside 1... e5
            let s = b.state.snapshot
            XCTAssertEqual(s.sanHistory, ["e4", "c5"])
            XCTAssertFalse(s.onMainLine)
            XCTAssertTrue(s.moveList.contains(.variationStart(depth: 1)), "\(s.moveList)")
            XCTAssertEqual(moves(s).map(\.san), ["e4", "e5", "c5", "Nf3"])
            XCTAssertEqual(moves(s).map(\.depth), [0, 0, 1, 0])
            XCTAssertTrue(b.c.pgn().contains("1. e4 e5 (1... c5) 2. Nf3 *"), b.c.pgn())
            XCTAssertEqual(try b.saved().node, s.node, "saved after the move")
            // The same move again goes to its node: no new node.
            b.c.back()
            b.dragMove("e7", "e5")
            XCTAssertEqual(b.state.snapshot.node, node("e5", in: s))
            XCTAssertEqual(moves(b.state.snapshot).count, 4)
            b.c.back()
            b.move("c7", "c5")
            XCTAssertEqual(b.state.snapshot.node, node("c5", in: s), "the variation's move, again")
            XCTAssertEqual(b.state.snapshot.moveList, s.moveList)
        }
    }

    func testSelectionIsTheBoardScreensAndBothSidesAreMovedWhileTheEngineRuns() async throws {
        try await withBoard(limits: infinite) { b in
            XCTAssertTrue(b.state.engineRunning, "analysis is on by default")
            b.c.tapSquare(sq("e2"))
            XCTAssertEqual(b.state.selected, sq("e2"), "the engine never blocks taps")
            XCTAssertEqual(b.state.targets, [sq("e3"), sq("e4")])
            b.c.tapSquare(sq("g1"))
            XCTAssertEqual(b.state.targets, [sq("f3"), sq("h3")], "reselect")
            b.c.tapSquare(sq("e7"))  // the side not to move
            XCTAssertNil(b.state.selected)
            b.c.tapSquare(sq("e2"))
            b.c.tapSquare(sq("e2"))
            XCTAssertNil(b.state.selected, "the selected square again clears")
            b.c.dragMove(from: sq("e2"), to: sq("e5"))  // not a target
            XCTAssertEqual(b.state.snapshot.ply, 0)
            b.c.dragMove(from: sq("e2"), to: sq("e4"))
            b.c.dragMove(from: sq("e7"), to: sq("e5"))  // Black is the person's too
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4", "e5"])
            XCTAssertNil(b.state.selected)
        }
    }

    func testThePromotionPickerOpensCancelsAndPlaysAsOnTheBoardScreen() async throws {
        try await withBoard { b in
            b.c.loadFen(promotionFen)
            let before = b.state.snapshot
            b.move("a7", "a8")
            let pending = try XCTUnwrap(b.state.pendingPromotion)
            XCTAssertEqual(pending.from, sq("a7"))
            XCTAssertEqual(pending.to, sq("a8"))
            XCTAssertEqual(Set(pending.choices), [.queen, .rook, .bishop, .knight])
            XCTAssertEqual(b.state.snapshot, before, "nothing played while the picker shows")
            b.c.tapSquare(sq("h2"))  // ignored while the picker shows
            XCTAssertNotNil(b.state.pendingPromotion)
            b.c.cancelPromotion()
            XCTAssertNil(b.state.pendingPromotion)
            XCTAssertEqual(b.state.selected, sq("a7"), "the pawn stays selected")
            b.c.tapSquare(sq("a8"))
            b.c.choosePromotion(.king)  // not a choice
            XCTAssertNotNil(b.state.pendingPromotion)
            b.c.choosePromotion(.bishop)
            XCTAssertEqual(b.state.snapshot.sanHistory, ["a8=B"])
            XCTAssertNil(b.state.selected)
            // Back, and another piece: a variation beside the first promotion.
            b.c.back()
            b.c.dragMove(from: sq("a7"), to: sq("a8"))
            b.c.choosePromotion(.knight)
            XCTAssertEqual(moves(b.state.snapshot).map(\.san), ["a8=B", "a8=N"])
            XCTAssertEqual(moves(b.state.snapshot).map(\.depth), [0, 1])
        }
    }

    // MARK: Navigation and tree edits

    func testBackForwardStartEndAndGoToMoveThroughTheTreeAMissingNodeSaysSo() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            let s = b.state.snapshot
            XCTAssertEqual(s.sanHistory, ["e4", "e5", "Nf3", "Nc6", "Bb5"])
            XCTAssertFalse(b.state.canGoForward)
            XCTAssertTrue(b.state.canGoBack)
            b.c.back()
            XCTAssertEqual(b.state.snapshot.sanHistory.last, "Nc6")
            XCTAssertTrue(b.state.canGoForward)
            b.c.toStart()
            XCTAssertEqual(b.state.snapshot.ply, 0)
            XCTAssertFalse(b.state.canGoBack)
            b.c.back()  // nothing before the start
            XCTAssertEqual(b.state.snapshot.ply, 0)
            XCTAssertNil(b.state.message)
            b.c.forward()
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4"])
            let c5 = try XCTUnwrap(node("c5", in: s))
            b.c.goTo(node: c5)
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4", "c5"])
            b.c.toEnd()  // the end of the current line: the variation's
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4", "c5", "Nf3"])
            XCTAssertEqual(try b.saved().node, b.state.snapshot.node, "the node is saved")
            let here = b.state.snapshot
            let coreMessage = try chessError { try ChessGame().goTo(node: 999) }.message
            b.c.goTo(node: 999)
            XCTAssertEqual(b.state.message, coreMessage)
            XCTAssertEqual(b.state.snapshot, here, "the position is unchanged")
            b.c.dismissMessage()
            XCTAssertNil(b.state.message)
        }
    }

    func testPromoteVariationMakeMainLineAndDeleteFromAreTheCoresEdits() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            let s = b.state.snapshot
            let c5 = try XCTUnwrap(node("c5", in: s))
            let nf3InVariation = try XCTUnwrap(node("Nf3", in: s, depth: 1))
            b.c.promoteVariation(node: nf3InVariation)
            var after = b.state.snapshot
            XCTAssertEqual(after.moveRows.map(\.black), ["c5", nil])
            XCTAssertEqual(after.node, s.node, "an edit keeps the current node")
            XCTAssertEqual(after.sanHistory, ["e4", "e5", "Nf3", "Nc6", "Bb5"], "now a variation")
            XCTAssertTrue(b.c.pgn().contains("c5 (1... e5 2. Nf3 Nc6 3. Bb5) 2. Nf3"), b.c.pgn())
            b.c.makeMainLine(node: s.node)  // Bb5's line back to the main line
            after = b.state.snapshot
            XCTAssertEqual(after.moveRows.map(\.white), ["e4", "Nf3", "Bb5"])
            XCTAssertTrue(after.onMainLine)
            b.c.promoteVariation(node: s.node)  // already the main line: nothing to do
            XCTAssertNil(b.state.message)
            XCTAssertEqual(b.state.snapshot.moveList, after.moveList)
            // Deleting a line elsewhere keeps the node; deleting from an ancestor goes before it.
            b.c.deleteFrom(node: c5)
            XCTAssertFalse(b.state.snapshot.moveList.contains(.variationStart(depth: 1)))
            XCTAssertEqual(b.state.snapshot.node, s.node)
            let started = b.engine.started
            let e5 = try XCTUnwrap(node("e5", in: s))
            b.c.deleteFrom(node: e5)
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4"], "on the deleted node's parent")
            XCTAssertEqual(moves(b.state.snapshot).map(\.san), ["e4"])
            XCTAssertEqual(b.engine.started, started + 1, "a new position: a new analysis")
            XCTAssertEqual(try b.saved().moveList, b.state.snapshot.moveList, "saved")
            // Errors: the core's message, the tree unchanged.
            let tree = b.state.snapshot
            let edits: [() -> Void] = [
                { b.c.deleteFrom(node: 0) }, { b.c.promoteVariation(node: 999) },
                { b.c.makeMainLine(node: 999) }, { b.c.deleteFrom(node: e5) },
            ]
            for edit in edits {
                b.c.dismissMessage()
                edit()
                XCTAssertNotNil(b.state.message)
                XCTAssertEqual(b.state.snapshot, tree)
            }
            let coreMessage = try chessError { try ChessGame().deleteFrom(node: 0) }.message
            b.c.deleteFrom(node: 0)
            XCTAssertEqual(b.state.message, coreMessage)
        }
    }

    func testACommentIsSetOnTheCurrentMoveBlankTextRemovesIt() async throws {
        try await withBoard { b in
            b.move("d2", "d4")
            let started = b.engine.started
            b.c.setComment("  Queen's pawn \n")
            let s = b.state.snapshot
            XCTAssertEqual(s.annotations.commentAfter, "Queen's pawn")
            XCTAssertTrue(
                s.moveList.contains(
                    .comment(node: s.node, depth: 0, before: false, text: "Queen's pawn")))
            XCTAssertTrue(b.c.pgn().contains("1. d4 {Queen's pawn}"), b.c.pgn())
            XCTAssertEqual(try b.saved().annotations.commentAfter, "Queen's pawn")
            XCTAssertEqual(b.engine.started, started, "the position is the same: the analysis goes on")
            b.c.setComment(" \n ")
            XCTAssertNil(b.state.snapshot.annotations.commentAfter)
            XCTAssertEqual(moves(b.state.snapshot).count, b.state.snapshot.moveList.count)
            b.c.toStart()
            b.c.setComment("Before the first move")
            XCTAssertTrue(b.c.pgn().contains("{Before the first move} 1. d4"), b.c.pgn())
        }
    }

    // MARK: NAGs and board marks

    func testNagsAreToggledOnTheCurrentMoveOnePerGroupSavedAndRefusedAtTheStart() async throws {
        try await withBoard { b in
            XCTAssertFalse(b.state.canAnnotateMove)
            let coreMessage = try chessError { try ChessGame().toggleNag(node: 0, nag: 5) }.message
            b.c.toggleNag(5)
            XCTAssertEqual(b.state.message, coreMessage)
            XCTAssertEqual(b.state.nags, [])
            b.move("e2", "e4")
            XCTAssertTrue(b.state.canAnnotateMove)
            let started = b.engine.started
            b.c.toggleNag(5)
            b.c.toggleNag(16)
            XCTAssertEqual(b.state.nags, [5, 16])
            b.c.toggleNag(2)  // `?` replaces `!?`; `±` stays
            XCTAssertEqual(b.state.nags, [2, 16])
            XCTAssertEqual(b.state.snapshot.moveList.compactMap(moveText), ["1. e4?±"])
            XCTAssertTrue(b.c.pgn().contains("1. e4 $2 $16"), b.c.pgn())
            XCTAssertEqual(try b.saved().annotations.nags, [2, 16])
            b.c.toggleNag(2)
            XCTAssertEqual(b.state.nags, [16])
            XCTAssertEqual(b.engine.started, started, "annotating starts no search")
            XCTAssertTrue(AnalysisUiState.moveNags.allSatisfy { !nagText($0).isEmpty })
            XCTAssertTrue(AnalysisUiState.positionNags.allSatisfy { !nagText($0).isEmpty })
        }
    }

    func testDrawModeMarksSquaresAndDrawsArrowsOnTheCurrentNodeOffMovesPiecesAgain() async throws
    {
        try await withBoard { b in
            b.move("e2", "e4")
            let e4 = b.state.snapshot.node
            let started = b.engine.started
            b.c.tapSquare(sq("g8"))  // selects Black's knight: not in draw mode yet
            XCTAssertEqual(b.state.selected, sq("g8"))
            XCTAssertFalse(b.state.drawsMarks)
            b.c.setDrawColor(.green)
            XCTAssertTrue(b.state.drawsMarks, "the board view moves no piece on a drag now")
            XCTAssertNil(b.state.selected, "draw mode drops the selection")
            // What a screen reader hears after each step (the screen announces each change).
            @MainActor func said(_ step: () -> Void) -> String? {
                let before = b.state
                step()
                return analysisAnnouncement(before: before, after: b.state)
            }
            // Two taps on two squares: an arrow; two taps on one square: a mark.
            XCTAssertEqual(said { b.c.tapSquare(sq("g8")) }, "Drawing from g8")
            XCTAssertEqual(b.state.markFrom, sq("g8"))
            XCTAssertEqual(said { b.c.tapSquare(sq("f6")) }, "Green arrow from g8 to f6")
            XCTAssertNil(b.state.markFrom)
            b.c.tapSquare(sq("d5"))
            XCTAssertEqual(said { b.c.tapSquare(sq("d5")) }, "Green mark on d5")
            b.dragMove("b8", "c6")
            XCTAssertEqual(
                b.state.arrows,
                [
                    Arrow(color: .green, from: sq("g8"), to: sq("f6")),
                    Arrow(color: .green, from: sq("b8"), to: sq("c6")),
                ])
            XCTAssertEqual(b.state.squareMarks, [SquareMark(color: .green, square: sq("d5"))])
            // The same again in another colour recolours; in the same colour it goes.
            b.c.setDrawColor(.red)
            XCTAssertEqual(said { b.dragMove("g8", "f6") }, "Red arrow from g8 to f6")
            b.dragMove("d5", "d5")
            b.c.setDrawColor(.green)
            XCTAssertEqual(said { b.dragMove("b8", "c6") }, "Green arrow from b8 to c6 removed")
            XCTAssertEqual(b.state.arrows, [Arrow(color: .red, from: sq("g8"), to: sq("f6"))])
            XCTAssertEqual(b.state.squareMarks, [SquareMark(color: .red, square: sq("d5"))])
            XCTAssertTrue(b.c.pgn().contains("1. e4 {[%csl Rd5] [%cal Rg8f6]}"), b.c.pgn())
            XCTAssertEqual(b.state.snapshot.ply, 1, "drawing moved no piece")
            XCTAssertEqual(b.engine.started, started, "drawing starts no search")
            // The marks belong to the node: gone from the board at another node, back with it.
            b.c.back()
            XCTAssertTrue(b.state.arrows.isEmpty && b.state.squareMarks.isEmpty)
            b.c.tapSquare(sq("a1"))  // a half-drawn arrow is dropped when the node changes
            b.c.forward()
            XCTAssertNil(b.state.markFrom)
            XCTAssertEqual(b.state.arrows.count, 1)
            let saved = try ChessGame.fromJson(json: XCTUnwrap(b.store.json))
            XCTAssertEqual(try saved.annotations(node: e4).arrows.count, 1)
            b.dragMove("h7", "h7")
            XCTAssertEqual(said { b.c.clearMarks() }, "All marks removed")
            XCTAssertTrue(b.state.arrows.isEmpty && b.state.squareMarks.isEmpty)
            // Off: taps move pieces again.
            b.c.setDrawColor(nil)
            XCTAssertFalse(b.state.drawsMarks)
            b.move("e7", "e5")
            XCTAssertEqual(b.state.snapshot.ply, 2)
        }
    }

    // MARK: The opening book

    func testTheOpeningBookIsTheCoresPlayedFromTheListNoneOutOfTheBook() async throws {
        try await withBoard { b in
            let start = b.state.bookMoves
            XCTAssertEqual(start, ChessGame().bookMoves(), "the core's, as it gives them")
            XCTAssertEqual(start.first?.legalMove.san, "e4")
            b.c.playBookMove(try XCTUnwrap(start.first))
            let after = b.state
            XCTAssertEqual(after.snapshot.sanHistory, ["e4"])
            XCTAssertEqual(after.snapshot.opening?.name, "King's Pawn Game")
            XCTAssertTrue(
                after.bookMoves.contains {
                    $0.legalMove.san == "c5" && $0.opening.family.hasPrefix("Sicilian")
                })
            b.c.back()  // navigation: the start's book again
            XCTAssertEqual(b.state.bookMoves, start)
            b.c.forward()
            XCTAssertEqual(b.state.bookMoves, after.bookMoves)
            XCTAssertTrue(b.c.loadFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))
            XCTAssertTrue(b.state.bookMoves.isEmpty)
        }
    }

    // MARK: My games

    func testMyGamesTheExplorerOfTheArchivesGamesListsTheirMovesWithResultsAndPlaysThem() async throws {
        let archive = InMemoryGameArchive()
        archive.put(id: "b", pgn: "[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n")
        archive.put(id: "a", pgn: "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n")
        archive.put(id: "c", pgn: "[Result \"0-1\"]\n\n1. d4 d5 0-1\n")
        archive.put(id: "d", pgn: "not a game at all {")
        try await withBoard { b in
            // Made here, so that it is freed with the board (withBoard checks that all are).
            let explorer = openingExplorer(of: archive)
            XCTAssertEqual(b.state.explorerGames, 0, "no explorer: no section")
            XCTAssertTrue(b.state.explorerMoves.isEmpty)
            b.c.setExplorer(explorer)
            XCTAssertEqual(b.state.explorerGames, 3, "the unreadable file left out")
            let start = b.state.explorerMoves
            XCTAssertEqual(start.map(\.legalMove.san), ["e4", "d4"], "the most played first")
            XCTAssertEqual(start[0].games, 2)
            XCTAssertEqual([start[0].whiteWins, start[0].draws, start[0].blackWins], [1, 1, 0])
            XCTAssertEqual(explorerMoveText(start[0]), "e4 · 2 games · 50 / 50 / 0 %")
            XCTAssertEqual(spokenExplorerMove(start[1]), "d4, 1 game: White won 0 %, 0 % drawn, Black won 100 %")
            b.c.playExplorerMove(start[0])
            XCTAssertEqual(b.state.snapshot.sanHistory, ["e4"])
            // One game each: in the order the explorer met them (by the games' ids).
            XCTAssertEqual(b.state.explorerMoves.map(\.legalMove.san), ["e5", "c5"])
            b.c.playExplorerMove(b.state.explorerMoves[0])
            XCTAssertEqual(b.state.explorerMoves.map(\.legalMove.san), ["Nf3"])
            b.move("b1", "c3")  // out of the games' moves: none from here
            XCTAssertTrue(b.state.explorerMoves.isEmpty)
            b.c.toStart()  // navigation looks them up again
            XCTAssertEqual(b.state.explorerMoves, start)
            b.c.setExplorer(nil)
            XCTAssertEqual(b.state.explorerGames, 0)
            XCTAssertTrue(b.state.explorerMoves.isEmpty)
        }
    }

    // MARK: The coach

    func testTheCoachShowsHangingPiecesAtOnceThenTheThreatAndTheRefutationOffClears() async throws
    {
        let store = InMemoryGameStore()
        try await withBoard(store: store, pgn: "1. e4 e5 2. Qh5 Nc6 3. Bc4 *") { b in
            XCTAssertFalse(b.state.coachOn)
            b.c.setCoach(true)
            // Black to move: White threatens mate on f7.
            let threatened = try await b.until("the coach's findings") {
                !$0.coachRunning && $0.coaching != nil
            }
            XCTAssertEqual(threatened.coaching?.positionKey, threatened.snapshot.positionKey)
            let threat = try XCTUnwrap(threatened.threat)
            XCTAssertEqual(threat.lineSan.first, "Qxf7#")
            let rest = threat.lineSan.dropFirst().joined(separator: " ")
            XCTAssertEqual(threatText(threat), rest.isEmpty ? "Threat: Qxf7#" : "Threat: Qxf7# (\(rest))")
            let spokenRest = Array(threat.lineSan.dropFirst())
            XCTAssertEqual(
                spokenThreat(threat),
                "Threat: queen takes f7, checkmate" + (spokenRest.isEmpty ? "" : ", then \(spokenLine(spokenRest))"))
            XCTAssertNil(threatened.refutation, "3. Bc4 was no mistake")
            let same = try ChessGame.fromPgn(pgn: "1. e4 e5 2. Qh5 Nc6 3. Bc4 *")
            XCTAssertEqual(threatened.hanging, same.hangingPieces())
            // A blunder: the coach says what refutes it, for the new position only.
            b.move("g8", "f6")
            XCTAssertNil(b.state.coaching, "the last position's findings go at once")
            let after = try await b.until("the findings after Nf6") {
                !$0.coachRunning && $0.coaching != nil
            }
            let refutation = try XCTUnwrap(after.refutation)
            XCTAssertEqual(refutation.san, "Nf6")
            XCTAssertEqual(refutation.classification, .blunder)
            XCTAssertEqual(refutation.lineSan.first, "Qxf7#")
            XCTAssertTrue(
                refutationText(refutation).hasPrefix("Nf6?? allows Qxf7#. Better: "),
                refutationText(refutation))
            XCTAssertEqual(
                spokenRefutation(refutation),
                "knight to f6, blunder, allows \(spokenLine(refutation.lineSan)). Better: \(spokenSan(refutation.betterSan))")
            XCTAssertTrue(spokenRefutation(refutation).hasPrefix("knight to f6, blunder, allows queen takes f7, checkmate"))
            // A hanging piece shows at once, before the coach's searches end.
            XCTAssertTrue(b.c.loadFen("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"))
            XCTAssertEqual(b.state.hanging.map(\.square), [sq("d5")], "the knight on d5 hangs")
            XCTAssertEqual(b.state.warnings, [sq("d5")], "flagged on the board")
            XCTAssertGreaterThan(b.state.hanging.first?.loss ?? 0, 0)
            _ = try await b.until("the findings of the FEN") { !$0.coachRunning }
            // The setting is saved; off clears everything.
            XCTAssertEqual(store.loadSettings()["coach"], "true")
            b.c.setCoach(false)
            XCTAssertTrue(b.state.hanging.isEmpty && b.state.coaching == nil && !b.state.coachRunning)
            XCTAssertEqual(store.loadSettings()["coach"], "false")
        }
    }

    func testTheCoachIsPausedWhileTheAppIsAwayAnAbandonedSearchIsNeverShown() async throws {
        try await withBoard { b in
            b.c.setCoach(true)
            b.move("e2", "e4")  // supersedes the first search at once
            b.c.pause()
            XCTAssertFalse(b.state.coachRunning)
            XCTAssertNil(b.state.coaching)
            await Task.yield()
            b.c.resume()
            let s = try await b.until("the findings after resume") {
                !$0.coachRunning && $0.coaching != nil
            }
            XCTAssertEqual(s.coaching?.positionKey, s.snapshot.positionKey)
            b.c.close()
        }
    }

    // MARK: The engine's lines

    func testTheLinesAreUpToMultiPvOrderedAndOfTheCurrentPosition() async throws {
        try await withBoard(limits: SearchLimits(depth: 5)) { b in
            XCTAssertEqual(b.state.multiPv, 3, "three lines by default")
            XCTAssertTrue(b.state.analysing)
            let s = try await b.analysed()
            XCTAssertEqual(s.lines.map(\.multipv), [1, 2, 3])
            XCTAssertEqual(s.lines.map(\.depth), [5, 5, 5], "the lines stay at their final depth")
            XCTAssertEqual(Set(s.lines.compactMap(\.move)).count, 3, "three different moves")
            assertLinesOfThePosition(s)
            XCTAssertEqual(s.framedMove, s.lines[0].move, "the best move is framed")
            XCTAssertEqual(s.whiteWin, s.lines[0].whiteWin, "the eval bar is the best line's")
            XCTAssertEqual(b.engine.started, 1)
            // Only two legal moves: two lines, whatever multiPv asks.
            b.c.setMultiPv(5)
            b.c.loadFen(twoMovesFen)
            let two = try await b.analysed()
            XCTAssertEqual(two.snapshot.legalMoves.count, 2)
            XCTAssertEqual(two.lines.count, 2)
            assertLinesOfThePosition(two)
        }
    }

    func testAfterNavigatingNoLineOfThePreviousPositionIsShown() async throws {
        try await withBoard(limits: infinite) { b in
            _ = try await b.until("lines of the start position") { $0.lines.count == 3 }
            let startKey = b.state.snapshot.positionKey
            // Every state change from now on is checked, as it reaches the screen.
            for (from, to) in [("e2", "e4"), ("c7", "c5"), ("g1", "f3")] {
                b.move(from, to)
                XCTAssertEqual(b.state.lines, [], "the lines go with the position")
                XCTAssertNil(b.state.whiteWin, "and the eval bar's value with them")
                XCTAssertTrue(b.state.engineRunning)
                try await eventually("lines after \(from)\(to)") {
                    assertLinesOfThePosition(b.state)
                    return !b.state.lines.isEmpty
                }
            }
            b.c.toStart()
            XCTAssertEqual(b.state.snapshot.positionKey, startKey)
            try await eventually("lines of the start again") {
                assertLinesOfThePosition(b.state)
                return !b.state.lines.isEmpty
            }
            XCTAssertEqual(b.engine.started, 5, "one search per position shown")
            for _ in 0..<20 {
                b.c.forward()
                await drainMainQueue()
                assertLinesOfThePosition(b.state)
                b.c.back()
                await drainMainQueue()
                assertLinesOfThePosition(b.state)
            }
        }
    }

    func testSwitchingAnalysisOffStopsAndClearsOnRestartsAndIsSaved() async throws {
        try await withBoard(limits: infinite) { b in
            _ = try await b.until("lines") { !$0.lines.isEmpty }
            XCTAssertNotNil(b.state.whiteWin, "an eval bar while analysing")
            b.c.setAnalysing(false)
            XCTAssertFalse(b.state.analysing)
            XCTAssertFalse(b.state.engineRunning)
            XCTAssertEqual(b.state.lines, [])
            XCTAssertNil(b.state.whiteWin, "no eval bar while analysis is off")
            let stopped = try await b.engine.nextResult(count: 1)
            XCTAssertTrue(stopped.stopped)
            await drainMainQueue()
            XCTAssertEqual(b.state.lines, [], "no late line of the stopped search")
            XCTAssertNil(b.state.message)
            b.move("e2", "e4")
            XCTAssertEqual(b.engine.started, 1, "no analysis while it is off")
            XCTAssertEqual(b.store.settings["analysing"], "false")
            b.c.setAnalysing(true)
            XCTAssertEqual(b.engine.started, 2)
            XCTAssertTrue(b.state.engineRunning)
            let s = try await b.until("lines again") { !$0.lines.isEmpty }
            assertLinesOfThePosition(s)
            b.c.setAnalysing(true)  // on already and its search runs: nothing new
            XCTAssertEqual(b.engine.started, 2)
            XCTAssertTrue(b.state.engineRunning)
            XCTAssertEqual(b.state.lines, s.lines, "the lines found so far stay")
            XCTAssertEqual(b.store.settings["analysing"], "true")
        }
    }

    func testAnalysisSwitchedOnAgainAfterItsSearchEndedByItsLimitsStartsANewOne() async throws {
        try await withBoard(limits: SearchLimits(depth: 4)) { b in
            let done = try await b.analysed()
            assertLinesOfThePosition(done)
            b.c.setAnalysing(true)  // "analyse again"
            XCTAssertEqual(b.engine.started, 2)
            XCTAssertTrue(b.state.engineRunning)
            assertLinesOfThePosition(try await b.analysed())
            XCTAssertEqual(b.engine.started, 2)
        }
    }

    func testTheNumberOfLinesIsClampedToOneToFiveAChangeRestarts() async throws {
        try await withBoard(limits: SearchLimits(depth: 4)) { b in
            _ = try await b.analysed()
            b.c.setMultiPv(9)
            XCTAssertEqual(b.state.multiPv, 5)
            XCTAssertEqual(b.engine.started, 2)
            XCTAssertEqual(b.state.lines, [], "a new search: the lines start over")
            let five = try await b.until("five lines") { $0.lines.count == 5 && !$0.engineRunning }
            assertLinesOfThePosition(five)
            b.c.setMultiPv(0)
            XCTAssertEqual(b.state.multiPv, 1)
            let one = try await b.analysed()
            XCTAssertEqual(one.lines.map(\.multipv), [1])
            XCTAssertEqual(b.engine.started, 3)
            b.c.setMultiPv(-3)  // still 1: no change, no new search
            XCTAssertEqual(b.engine.started, 3)
            XCTAssertEqual(b.store.settings["multiPv"], "1")
        }
    }

    func testACheckmateNodeHasNoLinesAndNoMessage() async throws {
        try await withBoard { b in
            for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
                b.move(from, to)
            }
            XCTAssertEqual(b.state.statusText, "Checkmate — Black wins")
            XCTAssertFalse(b.state.engineRunning)
            XCTAssertEqual(b.state.lines, [])
            XCTAssertNil(b.state.message)
            await drainMainQueue()
            XCTAssertEqual(b.state.lines, [], "no late line of the previous position")
            XCTAssertNil(b.state.message)
            b.c.setAnalysing(true)  // asked again: still nothing, still no message
            XCTAssertFalse(b.state.engineRunning)
            XCTAssertNil(b.state.message)
            // A move at the mate is the core's to refuse.
            b.move("e1", "f2")
            XCTAssertEqual(b.state.snapshot.ply, 4)
            XCTAssertNotNil(b.state.message)
            b.c.back()
            let s = try await b.analysed()
            assertLinesOfThePosition(s)
            XCTAssertEqual(s.lines.first?.scoreText, "-M1", "Qh4# is found")
            // Stalemate: the same, nothing to search and nothing to say.
            b.c.loadFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
            XCTAssertEqual(b.state.statusText, "Draw by stalemate")
            XCTAssertFalse(b.state.engineRunning)
            await drainMainQueue()
            XCTAssertEqual(b.state.lines, [])
            XCTAssertNil(b.state.message)
        }
    }

    func testAFailedSearchShowsItsErrorTheLinesSoFarStay() async throws {
        try await withBoard(limits: SearchLimits(depth: 5)) { b in
            b.engine.tamper { result in
                var failed = result
                failed.error = "out of memory"
                return failed
            }
            b.move("e2", "e4")
            _ = try await b.engine.nextResult(count: 2)
            await drainMainQueue()
            XCTAssertEqual(b.state.message, "The engine failed: out of memory")
            XCTAssertFalse(b.state.engineRunning)
            assertLinesOfThePosition(b.state)
            XCTAssertFalse(b.state.lines.isEmpty, "the lines reported before the failure stay")
        }
    }

    func testANodeEndedByAResultStillHasLinesMovesThereAreRefused() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            XCTAssertTrue(b.state.isGameOver, "the PGN's result ends the game at its last move")
            XCTAssertEqual(b.engine.started, 0, "think refused the finished game")
            let s = try await b.analysed()
            XCTAssertEqual(s.snapshot.sanHistory.last, "Bb5")
            assertLinesOfThePosition(s)
            XCTAssertEqual(s.lines.count, 3)
            XCTAssertNil(s.message)
            // The person tries a move there: the core refuses, and says why.
            b.move("a7", "a6")
            let refusal = try XCTUnwrap(b.state.message)
            XCTAssertTrue(refusal.contains("over"), refusal)
            XCTAssertEqual(b.state.snapshot, s.snapshot)
            XCTAssertNil(b.state.selected)
            // A resignation played on the board: the same.
            let resigned = ChessGame()
            _ = try resigned.playSan(san: "d4")
            _ = try resigned.resign(side: .black)
            b.c.loadPgn(resigned.pgn())
            XCTAssertEqual(b.state.statusText, "Black resigned — White wins")
            let r = try await b.analysed()
            assertLinesOfThePosition(r)
            XCTAssertEqual(r.snapshot.sideToMove, .black)
        }
    }

    func testAtAnEndedChess960NodeACastlingLinesFirstMoveIsTheEnginesCastling() async throws {
        // A Chess960 game whose castling field reads as standard chess (king e1, rook h1: "K"),
        // resigned by Black where both O-O and Rf1 mate: `thinkFen` reads the field as
        // `fromFen` does, so its castling is e1g1; a Chess960 reading would say e1h1.
        let resigned: String
        do {
            let game = try ChessGame.fromChess960Fen(fen: "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1")
            _ = try game.resign(side: .black)
            resigned = game.toJson()
        }
        let store = InMemoryGameStore(json: resigned, settings: ["multiPv": "3"])
        try await withBoard(store: store) { b in
            XCTAssertTrue(b.state.snapshot.chess960)
            XCTAssertTrue(b.state.isGameOver, "resigned")
            XCTAssertEqual(b.state.snapshot.legalMoves, [], "no legal moves where the game ended")
            let s = try await b.analysed()
            assertLinesOfThePosition(s)
            let castling = try XCTUnwrap(
                s.lines.first { $0.pvSan.first?.hasPrefix("O-O") == true },
                "O-O mates: \(s.lines.map(\.pvSan))")
            XCTAssertEqual(castling.scoreText, "M1")
            let move = try XCTUnwrap(castling.move, "the line's first move is found")
            XCTAssertTrue(move.isCastle)
            XCTAssertEqual(move.uci, "e1g1", "the engine's castling, as thinkFen reads the FEN")
        }
    }

    // MARK: Loading

    func testAPgnFileIsReadAsUtf8OrAsWindows1252WhenItIsNotUtf8() {
        let game = "[White \"Réti, Richard\"]\n[Black \"Nimzowitsch, Aron\"]\n\n1. Nf3 d5 *\n"
        XCTAssertEqual(pgnText(Data(game.utf8)), game)
        // The same text as an older Windows tool writes it: é is the single byte 0xE9.
        let latin1 = Data(game.unicodeScalars.map { UInt8($0.value) })
        XCTAssertEqual(latin1.count, game.unicodeScalars.count, "one byte a character")
        XCTAssertTrue(latin1.contains(0xE9))
        XCTAssertEqual(pgnText(latin1), game)
        XCTAssertEqual(pgnGameList(pgnText(latin1)).games.first?.white, "Réti, Richard")
        // Windows-1252's curly quotes (0x93, 0x94), where Latin-1 has control characters.
        let quoted = Data("1. e4 {".utf8) + Data([0x93, 0x62, 0x65, 0x73, 0x74, 0x94]) + Data("} *".utf8)
        XCTAssertEqual(pgnText(quoted), "1. e4 {\u{201C}best\u{201D}} *")
        // A byte-order mark is left to the core, which reads past it.
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(game.utf8)
        XCTAssertEqual(pgnText(bom), "\u{FEFF}" + game)
        XCTAssertEqual(pgnGameList(pgnText(bom)).games.first?.black, "Nimzowitsch, Aron")
        XCTAssertEqual(pgnText(Data()), "")
    }

    func testAPgnOfSeveralGamesListsThemAndOpensTheOneChosenBadGamesApart() async throws {
        try await withBoard { b in
            let text =
                "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2026.11.20\"]\n[Result \"1-0\"]\n\n"
                + "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                + "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n\n"  // not a legal game
                + "[White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2\n"
            let list = pgnGameList(text)
            XCTAssertEqual(list.unreadable, 1)
            XCTAssertNil(list.problem, "games to choose from")
            XCTAssertTrue(list.firstError?.contains("Ke3") ?? false, list.firstError ?? "")
            // A text with no readable game says why without being read again.
            XCTAssertEqual(pgnGameList("  \n").problem, "No game found")
            XCTAssertTrue(pgnGameList("just some words").problem?.contains("line 1, column 1") ?? false)
            let bad = pgnGameList("[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n")
            XCTAssertTrue(bad.games.isEmpty && bad.problem == bad.firstError, bad.problem ?? "")
            XCTAssertTrue(bad.problem?.contains("Ke3") ?? false, bad.problem ?? "")
            XCTAssertEqual(
                list.games,
                [
                    PgnGameChoice(
                        index: 0, white: "Ann", black: "Bob", event: "Club", date: "2026.11.20",
                        result: "1-0", plies: 7, pgn: list.games[0].pgn),
                    PgnGameChoice(
                        index: 1, white: "Cy", black: "Di", event: nil, date: nil, result: "1/2-1/2",
                        plies: 2, pgn: list.games[1].pgn),
                ])
            // Each game's own text as the file has it (not written again), without the blank
            // lines around.
            XCTAssertTrue(text.hasPrefix(list.games[0].pgn) && list.games[0].pgn.hasSuffix("4. Qxf7# 1-0"), list.games[0].pgn)
            XCTAssertEqual(
                list.games[1].pgn,
                "[White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2")
            b.move("e2", "e4")
            XCTAssertTrue(b.c.loadPgn(list.games[1].pgn))
            XCTAssertEqual(b.state.snapshot.sanHistory, ["d4", "d5"])
            XCTAssertTrue(b.state.snapshot.moveList.contains { if case .comment(_, _, _, "Solid") = $0 { return true } else { return false } }, "comments kept")
            XCTAssertTrue(b.state.snapshot.moveList.contains(.variationStart(depth: 1)), "variations kept")
            XCTAssertNil(b.state.message, "one game: nothing left out to report")
            XCTAssertEqual(try b.saved().sanHistory, ["d4", "d5"])
            XCTAssertTrue(b.c.loadPgn(list.games[0].pgn))
            XCTAssertEqual(b.state.snapshot.sanHistory.last, "Qxf7#")
        }
    }

    func testLoadPgnKeepsVariationsAndCommentsAndGoesToTheMainLinesEnd() async throws {
        try await withBoard { b in
            b.move("d2", "d4")
            b.c.loadPgn(annotatedPgn + secondGame + secondGame)
            let s = b.state.snapshot
            XCTAssertEqual(s.sanHistory, ["e4", "e5", "Nf3", "Nc6", "Bb5"], "the first game, at its end")
            XCTAssertTrue(s.onMainLine)
            XCTAssertTrue(s.moveList.contains(.variationStart(depth: 1)))
            let comments = s.moveList.compactMap {
                if case .comment(_, let depth, false, let text) = $0 { return "\(depth) \(text)" }
                return nil
            }
            XCTAssertEqual(comments, ["0 The king's pawn", "1 Sicilian"])
            XCTAssertEqual(b.state.message, "Loaded the first game; 2 more games in the text were left out.")
            XCTAssertEqual(try b.saved().moveList, s.moveList)
            b.c.loadPgn(annotatedPgn + secondGame)
            XCTAssertEqual(b.state.message, "Loaded the first game; 1 more game in the text was left out.")
            b.c.loadPgn(secondGame)
            XCTAssertNil(b.state.message)
            XCTAssertEqual(b.state.snapshot.sanHistory, ["d4", "d5"])
            // Nothing readable: the board stays.
            let before = b.state.snapshot
            let bad = "1. e4 e5 2. Qx9 *"
            let located = try XCTUnwrap(readPgn(pgn: bad).skipped.first).message
            b.c.loadPgn(bad)
            XCTAssertEqual(b.state.message, located)
            XCTAssertTrue(located.contains("line 1, column 13"), located)
            XCTAssertEqual(b.state.snapshot, before)
            b.c.loadPgn("  \n")
            XCTAssertEqual(b.state.message, "No game found")
            XCTAssertEqual(b.state.snapshot, before)
        }
    }

    func testLoadListedOpensWhatLoadPgnOfTheWholeTextOpensWithTheSameMessage() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            let bad = "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"
            let texts = [
                bad + "\n" + secondGame,  // one readable game among bad ones
                annotatedPgn + secondGame + bad,  // several, and a bad one
                "1. c4 e5 *",  // one
                bad,  // none readable
                "   \n",  // none at all
            ]
            for text in texts {
                b.c.newBoard()
                b.c.dismissMessage()
                let took = b.c.loadPgn(text)
                let expected = "\(took) \(b.state.message ?? "-") \(b.c.pgn())"
                b.c.newBoard()
                b.c.dismissMessage()
                let listed = b.c.loadListed(pgnGameList(text))
                XCTAssertEqual("\(listed) \(b.state.message ?? "-") \(b.c.pgn())", expected, text)
            }
            b.c.loadListed(pgnGameList(texts[0]))
            XCTAssertEqual(b.state.message, "Loaded the first game; 1 more game in the text was left out.")
        }
    }

    func testLoadFenStartsANewTreeABadFenChangesNothingNewBoardStartsOver() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            b.c.back()
            let tree = b.state.snapshot
            let started = b.engine.started
            for bad in ["8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", ""] {
                let coreMessage = try chessError { try ChessGame.fromFen(fen: bad) }.message
                b.c.loadFen(bad)
                XCTAssertEqual(b.state.message, coreMessage, "for \(bad)")
                XCTAssertEqual(b.state.snapshot, tree, "the tree and node unchanged")
            }
            XCTAssertEqual(b.engine.started, started, "the analysis goes on")
            b.c.loadFen(" \(promotionFen)\n")
            XCTAssertNil(b.state.message)
            XCTAssertEqual(b.state.snapshot.fen, promotionFen)
            XCTAssertEqual(b.state.snapshot.moveList, [])
            XCTAssertEqual(b.c.fen(), promotionFen)
            b.c.newBoard()
            XCTAssertEqual(b.state.snapshot.fen, startingFen())
            XCTAssertEqual(b.state.snapshot.moveList, [])
            // A pasted FEN with a stray en passant square: loaded without it, and said so.
            XCTAssertTrue(b.c.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"))
            XCTAssertEqual(b.state.snapshot.fen, startingFen())
            XCTAssertTrue(
                b.state.message?.contains("dropped the en passant square") ?? false,
                b.state.message ?? "no message")
        }
    }

    func testLoadSaysWhetherTheBoardTookTheTextAlsoWhenTheTreeLooksTheSame() async throws {
        try await withBoard(pgn: annotatedPgn) { b in
            let before = b.state.snapshot
            // The same first game again, with another game after it: taken (the sheet closes),
            // though the board looks as before and a note says what was left out.
            XCTAssertTrue(b.c.loadPgn(annotatedPgn + secondGame))
            XCTAssertEqual(b.state.snapshot, before)
            XCTAssertEqual(
                b.state.message, "Loaded the first game; 1 more game in the text was left out.")
            XCTAssertTrue(b.c.loadPgn(annotatedPgn))
            XCTAssertNil(b.state.message)
            XCTAssertFalse(b.c.loadPgn("1. e4 e5 2. Qx9 *"), "no readable game")
            XCTAssertNotNil(b.state.message)
            XCTAssertFalse(b.c.loadPgn("  \n"))
            XCTAssertEqual(b.state.message, "No game found")
            XCTAssertEqual(b.state.snapshot, before)
            XCTAssertFalse(b.c.loadFen("8/8/8/8/8/8/8/8 w - - 0 1"))
            XCTAssertNotNil(b.state.message)
            XCTAssertEqual(b.state.snapshot, before)
            XCTAssertTrue(b.c.loadFen(before.fen), "the same position again: a new tree all the same")
            XCTAssertNil(b.state.message)
            b.c.close()
            XCTAssertFalse(b.c.loadPgn(annotatedPgn), "ignored after close")
            XCTAssertFalse(b.c.loadFen(promotionFen), "ignored after close")
        }
    }

    // MARK: Persistence and lifecycle

    func testASecondControllerOnTheSameStoreRestoresTreeNodeAndSettings() async throws {
        do {
            let store = InMemoryGameStore()
            let first = try Board(store: store, pgn: annotatedPgn)
            let c5 = try XCTUnwrap(node("c5", in: first.state.snapshot))
            first.c.goTo(node: c5)
            first.c.setComment("Sharper")
            first.c.flipBoard()
            first.c.setMultiPv(2)
            first.c.setAnalysing(false)
            let before = first.state.snapshot
            first.release()
            let second = try Board(store: store)
            XCTAssertEqual(second.state.snapshot.moveList, before.moveList)
            XCTAssertEqual(second.state.snapshot.sanHistory, ["e4", "c5"])
            XCTAssertEqual(second.state.orientation, .black)
            XCTAssertEqual(second.state.multiPv, 2)
            XCTAssertFalse(second.state.analysing)
            XCTAssertFalse(second.state.engineRunning)
            XCTAssertNil(second.state.message)
            // Moves still make variations after the restore.
            second.c.toStart()
            second.move("d2", "d4")
            XCTAssertFalse(second.state.snapshot.onMainLine)
            second.release()
            // Opening with a PGN replaces what was stored.
            let third = try Board(store: store, pgn: secondGame)
            XCTAssertEqual(third.state.snapshot.sanHistory, ["d4", "d5"])
            XCTAssertEqual(try third.saved().moveList, third.state.snapshot.moveList)
            XCTAssertEqual(third.state.orientation, .black, "the settings stay")
            third.release()
            // At a ply of its main line (the game screen's position after a take-back); a ply
            // beyond its end leaves the board at the end.
            let atPly = try Board(store: store, pgn: "1. e4 e5 2. Nf3 Nc6 *", ply: 2)
            XCTAssertEqual(atPly.state.snapshot.sanHistory, ["e4", "e5"])
            XCTAssertTrue(atPly.state.snapshot.canGoForward, "Nf3 Nc6 still ahead on the main line")
            XCTAssertEqual(try atPly.saved().ply, 2)
            atPly.release()
            let beyond = try Board(store: store, pgn: secondGame, ply: 7)
            XCTAssertEqual(beyond.state.snapshot.sanHistory, ["d4", "d5"])
            XCTAssertNil(beyond.state.message)
            beyond.release()
            // A PGN that cannot be read: the stored board, and why.
            let fourth = try Board(store: store, pgn: "1. e4 e5 2. Qx9 *")
            XCTAssertEqual(fourth.state.snapshot.sanHistory, ["d4", "d5"])
            XCTAssertNotNil(fourth.state.message)
        }
        try await noLiveObjects()
    }

    func testABoardGoingAwayDoesNotSaveOverABoardOpenedSinceOnTheSameStore() async throws {
        let store = InMemoryGameStore()
        do {
            let old = try Board(store: store, pgn: nil, limits: SearchLimits(depth: 1))
            old.move("e2", "e4")
            // A file opened from another app: its board is made before the old view goes.
            let opened = try Board(store: store, pgn: "1. d4 d5 *", limits: SearchLimits(depth: 1))
            old.c.pause()
            old.c.close()
            XCTAssertEqual(try opened.saved().sanHistory, ["d4", "d5"])
            // The board still in use saves as before.
            opened.move("c2", "c4")
            opened.c.pause()
            XCTAssertEqual(try opened.saved().sanHistory, ["d4", "d5", "c4"])
            opened.c.close()
            old.release()
            opened.release()
        }
        try await noLiveObjects()
    }

    func testADamagedSaveOpensANewBoardAndSaysWhy() async throws {
        let store = InMemoryGameStore(json: "{\"not\": \"a game\"}")
        try await withBoard(store: store) { b in
            XCTAssertEqual(b.state.snapshot.fen, startingFen())
            let message = try XCTUnwrap(b.state.message)
            XCTAssertTrue(message.hasPrefix("The saved analysis could not be restored: "), message)
            XCTAssertTrue(message.hasSuffix("It is kept aside."), message)
            XCTAssertEqual(store.setAsideJson, "{\"not\": \"a game\"}")
            XCTAssertEqual(try b.saved().fen, startingFen())
        }
    }

    func testARestoredTreeIsSavedAtOnceAsInKotlin() async throws {
        let store = InMemoryGameStore()
        try await withBoard(store: store) { first in
            first.move("e2", "e4")
            first.c.close()
        }
        let before = store.saveCount
        try await withBoard(store: store) { second in
            XCTAssertEqual(second.state.snapshot.sanHistory, ["e4"])
            XCTAssertEqual(store.saveCount, before + 1, "saved at once, as this board's own")
            // Its own save: going away saves it again (a save not its own would be left alone).
            second.c.close()
            XCTAssertEqual(store.saveCount, before + 2)
        }
    }

    func testPauseStopsTheAnalysisResumeStartsItOver() async throws {
        try await withBoard(limits: infinite) { b in
            _ = try await b.until("lines") { !$0.lines.isEmpty }
            b.move("e2", "e4")
            try await eventually("the engine searching") { b.engine.isSearching() }
            let saves = b.store.saveCount
            b.c.pause()
            XCTAssertFalse(b.state.engineRunning)
            XCTAssertEqual(b.store.saveCount, saves + 1, "saved on the way to the background")
            try await eventually("the engine idle") { !b.engine.isSearching() }
            b.c.back()  // no search while paused
            b.c.setAnalysing(true)
            XCTAssertEqual(b.engine.started, 2)
            XCTAssertFalse(b.state.engineRunning)
            b.c.resume()
            XCTAssertEqual(b.engine.started, 3, "the analysis starts over")
            XCTAssertTrue(b.state.engineRunning)
            b.c.resume()  // a second resume starts no second search
            XCTAssertEqual(b.engine.started, 3)
            let s = try await b.until("lines") { !$0.lines.isEmpty }
            assertLinesOfThePosition(s)
        }
    }

    func testCloseStopsAndSavesThenEveryIntentIsIgnoredReleasingFreesEverything() async throws {
        do {
            let b = try Board(limits: infinite)
            try await eventually("the engine searching") { b.engine.isSearching() }
            XCTAssertEqual(liveObjectCount(), 3, "game, engine and search handle alive")
            b.c.setCoach(true)  // the coach's engine too
            XCTAssertTrue(b.state.coachRunning)
            b.move("e2", "e4")
            b.c.tapSquare(sq("e7"))
            b.c.close()
            XCTAssertFalse(b.state.engineRunning)
            XCTAssertFalse(b.state.coachRunning)
            XCTAssertEqual(try b.saved().sanHistory, ["e4"], "saved on close")
            try await eventually("the engine idle") { !b.engine.isSearching() }
            await drainMainQueue()
            let closed = b.state
            XCTAssertEqual(closed.selected, sq("e7"))
            let (saves, settings) = (b.store.saveCount, b.store.settings)
            let e4 = try XCTUnwrap(node("e4", in: closed.snapshot))
            // After close() every intent is ignored: no move, no tree edit, no load, no setting,
            // no save and no search.
            b.c.tapSquare(sq("e5"))
            b.c.dragMove(from: sq("d7"), to: sq("d5"))
            b.c.choosePromotion(.queen)
            b.c.cancelPromotion()
            b.c.back()
            b.c.toStart()
            b.c.goTo(node: e4)
            b.c.deleteFrom(node: e4)
            b.c.promoteVariation(node: e4)
            b.c.makeMainLine(node: e4)
            b.c.setComment("after close")
            b.c.loadPgn(annotatedPgn)
            b.c.loadFen(twoMovesFen)
            b.c.newBoard()
            b.c.flipBoard()
            b.c.setMultiPv(1)
            b.c.setAnalysing(false)
            b.c.setAnalysing(true)
            b.c.setCoach(false)
            b.c.toggleNag(1)
            b.c.setDrawColor(.red)
            b.c.clearMarks()
            b.c.pause()
            b.c.resume()
            b.c.close()
            XCTAssertEqual(b.state, closed)
            XCTAssertEqual(b.store.saveCount, saves, "nothing saved after close")
            XCTAssertEqual(b.store.settings, settings)
            XCTAssertEqual(try b.saved().sanHistory, ["e4"])
            XCTAssertEqual(b.engine.started, 2, "no search after close (the first two: the start, e4)")
            b.release()
            await drainMainQueue()
        }
        try await noLiveObjects("the game and the engine freed with the controller")
        do {
            let b = try Board(limits: infinite)
            try await eventually("the engine searching") { b.engine.isSearching() }
            b.c.setCoach(true)  // and the coach's search, which holds its engine and the game
            XCTAssertTrue(b.state.coachRunning)
            b.release()  // mid-search
            try await eventually("the search stopped") { !b.engine.isSearching() }
            await drainMainQueue()
        }
        try await noLiveObjects("released mid-search")
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Board {
    /// Drags `from` to `to`.
    fileprivate func dragMove(_ from: String, _ to: String) {
        c.dragMove(from: sq(from), to: sq(to))
    }
}
