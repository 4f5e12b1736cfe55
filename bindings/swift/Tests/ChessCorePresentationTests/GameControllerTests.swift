import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

private let promotionFen = "8/P7/8/8/8/8/k6K/8 w - - 0 1"
private let stalemateFen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
private let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
private let infinite = SearchLimits(infinite: true)

/// A controller over a real (observed) engine with small limits. Searches with infinite limits
/// need level 10: weaker levels cap the depth even of an infinite search.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class Fixture {
    let store: any GameStore
    let engine: ObservedEngine
    private(set) var controller: GameController?

    init(
        store: any GameStore = InMemoryGameStore(),
        mode: GameMode = .humanVsHuman,
        limits: SearchLimits = SearchLimits(depth: 2),
        level: Int = 5,
        hintLimits: SearchLimits = SearchLimits(depth: 3)
    ) throws {
        var created: ObservedEngine?
        let controller = try GameController(
            store: store,
            engineFactory: { config in
                var small = config
                small.hashMb = 1
                let engine = try ObservedEngine(config: small)
                created = engine
                return engine
            },
            limitsForLevel: { _ in limits },
            hintLimits: hintLimits,
            defaultMode: mode,
            defaultLevel: level)
        self.store = store
        self.engine = created!
        self.controller = controller
    }

    /// The controller (until `kill()`).
    var c: GameController { controller! }
    var state: BoardUiState { c.state }

    /// The process dies: the controller is released; only the store survives.
    func kill() { controller = nil }
}

/// A store that also records whether each save happened on the main thread.
private final class RecordingStore: GameStore {
    private let inner = InMemoryGameStore()
    private(set) var saves: [String] = []
    private(set) var savesOffMain = 0

    func load() -> String? { inner.load() }
    func save(json: String) {
        if !Thread.isMainThread { savesOffMain += 1 }
        saves.append(json)
        inner.save(json: json)
    }
    func loadSettings() -> [String: String] { inner.loadSettings() }
    func saveSettings(_ settings: [String: String]) { inner.saveSettings(settings) }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension GameController {
    /// Taps `from` then `to`.
    fileprivate func move(_ from: String, _ to: String) {
        tapSquare(sq(from))
        tapSquare(sq(to))
    }

    /// Waits until the state satisfies `predicate` and returns it.
    fileprivate func awaitState(
        _ what: String, within seconds: Double = 15, _ predicate: (BoardUiState) -> Bool
    ) async throws -> BoardUiState {
        try await eventually(what, within: seconds) { predicate(state) }
        return state
    }
}

/// The presentation layer, mirrored from the Kotlin GameController tests
/// (android/presentation/src/test): the controller against the real core and engine (short
/// searches), with an in-memory store.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class GameControllerTests: XCTestCase {

    // MARK: Selection and moves

    func testSelectionAndTargetsAreTheCoresLegalMovesForEveryPiece() async throws {
        do {
            let f = try Fixture()
            for fen in [startingFen(), kiwipete] {
                f.c.loadFen(fen)
                let reference = try ChessGame.fromFen(fen: fen)
                let own = Square.allCases.filter { f.state.snapshot.pieceAt($0)?.side == .white }
                XCTAssertEqual(own.count, 16)
                for square in own {
                    f.c.tapSquare(square)
                    let expected = Set(reference.legalMovesFrom(square: square).map(\.to))
                    XCTAssertEqual(f.state.selected, square, "square \(square) selected")
                    XCTAssertEqual(f.state.targets, expected, "targets of square \(square) in \(fen)")
                }
            }
            f.c.loadFen(startingFen())
            f.c.tapSquare(sq("e2"))
            XCTAssertEqual(f.state.targets, [sq("e3"), sq("e4")])
            f.c.tapSquare(sq("g1"))  // another own piece: reselect
            XCTAssertEqual(f.state.selected, sq("g1"))
            XCTAssertEqual(f.state.targets, [sq("f3"), sq("h3")])
            f.c.tapSquare(sq("e5"))  // neither target nor own piece: clear
            XCTAssertNil(f.state.selected)
            XCTAssertEqual(f.state.targets, [])
            f.c.tapSquare(sq("e7"))  // the opponent's piece is not selectable
            XCTAssertNil(f.state.selected)
            f.c.tapSquare(sq("e2"))
            f.c.tapSquare(sq("e2"))  // tapping the selected piece again clears
            XCTAssertNil(f.state.selected)
        }
        try await noLiveObjects()
    }

    func testSquareDescriptionsSayWhatIsThereAndWhatTheSelectedPieceMayDo() async throws {
        do {
            let f = try Fixture()
            // Kiwipete: White's e5 knight may take on d7, f7 and g6, or go to empty squares.
            let serial = f.state.gameSerial
            f.c.loadFen(kiwipete)
            XCTAssertEqual(f.state.gameSerial, serial + 1, "a loaded game is a new game")
            f.c.tapSquare(sq("e5"))
            XCTAssertEqual(f.state.gameSerial, serial + 1)
            let s = f.state
            func described(_ name: String) -> String {
                let square = sq(name)
                return boardSquareDescription(
                    square, piece: s.piece(at: square), targets: s.targets, checkSquare: s.checkSquare,
                    lastMove: s.lastMove)
            }
            XCTAssertEqual(s.selected, sq("e5"))
            XCTAssertEqual(described("e5"), "e5, white knight")
            XCTAssertEqual(described("d7"), "d7, black pawn, capture")
            XCTAssertEqual(described("c4"), "c4, empty, legal move")
            XCTAssertEqual(described("e4"), "e4, white pawn")
            XCTAssertEqual(described("b3"), "b3, empty")
            // Every square: the name first, the piece the state holds, a target only where the
            // core lets the knight go.
            for square in Square.allCases {
                let words = described(square.label)
                XCTAssertTrue(words.hasPrefix(square.label + ", "), words)
                XCTAssertEqual(
                    words.contains("legal move") || words.contains("capture"),
                    s.targets.contains(square), words)
                XCTAssertEqual(words.contains("empty"), s.piece(at: square) == nil, words)
            }
            // After Fool's mate: the king in check and the last move's squares.
            f.c.loadFen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
            f.c.move("d8", "h4")
            let m = f.state
            func after(_ name: String) -> String {
                let square = sq(name)
                return boardSquareDescription(
                    square, piece: m.piece(at: square), targets: [], checkSquare: m.checkSquare,
                    lastMove: m.lastMove)
            }
            XCTAssertEqual(after("e1"), "e1, white king, in check")
            XCTAssertEqual(after("h4"), "h4, black queen, last move")
            XCTAssertEqual(after("d8"), "d8, empty, last move")
            XCTAssertEqual(after("e2"), "e2, white pawn")
        }
        try await noLiveObjects()
    }

    func testThePlayersRowsShowTheCoresMaterialAfterCapturesAPromotionAndASetUpPosition() async throws {
        struct Row: Equatable {
            var extra: [PieceKind]
            var lead: String
            var words: String?
        }
        let none = Row(extra: [], lead: "", words: nil)
        do {
            let f = try Fixture()
            func row(_ side: Side) -> Row {
                let material = f.state.material
                return Row(
                    extra: material.extra(of: side), lead: materialLeadText(material, side: side),
                    words: materialDescription(material, side: side))
            }
            XCTAssertEqual(row(.white), none, "the start position is even")
            XCTAssertEqual(row(.black), none)
            f.c.move("e2", "e4")
            f.c.move("d7", "d5")
            f.c.move("e4", "d5")
            XCTAssertEqual(f.state.lastMove?.captured, .pawn, "a capture says what it took")
            XCTAssertEqual(row(.white), Row(extra: [.pawn], lead: "+1", words: "White is up a pawn"))
            XCTAssertEqual(row(.black), none)
            f.c.move("d8", "d5")
            XCTAssertEqual(row(.white), none, "an even trade")
            f.c.move("b1", "c3")
            f.c.move("d5", "g2")
            XCTAssertEqual(row(.black), Row(extra: [.pawn], lead: "+1", words: "Black is up a pawn"))
            f.c.move("f1", "g2")
            XCTAssertEqual(f.state.lastMove?.captured, .queen)
            XCTAssertEqual(
                row(.white),
                Row(extra: [.queen], lead: "+8", words: "White has a queen for a pawn, 8 points up"))
            XCTAssertEqual(
                row(.black),
                Row(extra: [.pawn], lead: "", words: "Black has a pawn for a queen, 8 points down"))
            f.c.undo()
            XCTAssertEqual(f.state.material.balance, -1, "undo shows the position's material")

            // A promotion: the pawn White was up becomes a queen.
            f.c.loadFen(promotionFen)
            XCTAssertEqual(row(.white), Row(extra: [.pawn], lead: "+1", words: "White is up a pawn"))
            f.c.move("a7", "a8")
            f.c.choosePromotion(.queen)
            XCTAssertEqual(row(.white), Row(extra: [.queen], lead: "+9", words: "White is up a queen"))

            // A set-up position: the rook takes the queen, leaving it against a bishop and a
            // knight.
            f.c.loadFen("q3k3/8/3bn3/8/8/8/8/R3K3 w - - 0 1")
            XCTAssertEqual(
                row(.black),
                Row(extra: [.queen, .bishop, .knight], lead: "+10",
                    words: "Black has a queen, a bishop and a knight for a rook, 10 points up"))
            f.c.move("a1", "a8")
            XCTAssertEqual(f.state.lastMove?.captured, .queen)
            XCTAssertEqual(
                row(.white),
                Row(extra: [.rook], lead: "",
                    words: "White has a rook for a bishop and a knight, 1 point down"))
            XCTAssertEqual(
                row(.black),
                Row(extra: [.bishop, .knight], lead: "+1",
                    words: "Black has a bishop and a knight for a rook, 1 point up"))
        }
        try await noLiveObjects()
    }

    func testTapAndDragPlayMovesANonTargetDragDoesNothing() async throws {
        do {
            let f = try Fixture()
            f.c.move("e2", "e4")
            XCTAssertEqual(f.state.snapshot.sanHistory, ["e4"])
            XCTAssertEqual(f.state.snapshot.lastMove?.uci, "e2e4")
            XCTAssertEqual(f.state.snapshot.sideToMove, .black)
            XCTAssertNil(f.state.selected)
            XCTAssertEqual(f.state.statusText, "Black to move")
            f.c.dragMove(from: sq("e7"), to: sq("e4"))  // not a legal destination
            XCTAssertEqual(f.state.snapshot.sanHistory.count, 1)
            XCTAssertNil(f.state.selected)
            f.c.dragMove(from: sq("e7"), to: sq("e5"))
            XCTAssertEqual(f.state.snapshot.sanHistory, ["e4", "e5"])
            f.c.dragMove(from: sq("e5"), to: sq("e6"))  // the opponent's piece cannot be dragged
            XCTAssertEqual(f.state.snapshot.sanHistory.count, 2)
            XCTAssertEqual((f.store as? InMemoryGameStore)?.saveCount, 3, "saved at start and after each move")
        }
        try await noLiveObjects()
    }

    func testPromotionOffersTheFourPiecesCancelKeepsTheGameChoosingPlays() async throws {
        do {
            let f = try Fixture()
            f.c.loadFen(promotionFen)
            let before = f.state.snapshot
            f.c.move("a7", "a8")
            let pending = try XCTUnwrap(f.state.pendingPromotion)
            XCTAssertEqual(pending.from, sq("a7"))
            XCTAssertEqual(pending.to, sq("a8"))
            XCTAssertEqual(Set(pending.choices), [.queen, .rook, .bishop, .knight])
            XCTAssertEqual(pending.choices.count, 4)
            XCTAssertEqual(f.state.snapshot, before, "nothing played while the picker shows")
            XCTAssertFalse(f.state.isHumanTurn, "the picker has the player's attention")
            f.c.tapSquare(sq("h2"))  // taps are ignored while the picker shows
            XCTAssertNotNil(f.state.pendingPromotion)
            f.c.cancelPromotion()
            XCTAssertNil(f.state.pendingPromotion)
            XCTAssertEqual(f.state.selected, sq("a7"), "the pawn stays selected")
            XCTAssertEqual(f.state.snapshot, before)
            f.c.tapSquare(sq("a7"))  // deselect
            f.c.dragMove(from: sq("a7"), to: sq("a8"))
            XCTAssertNotNil(f.state.pendingPromotion)
            f.c.choosePromotion(.king)  // not a choice: ignored
            XCTAssertNotNil(f.state.pendingPromotion)
            f.c.choosePromotion(.knight)
            XCTAssertNil(f.state.pendingPromotion)
            XCTAssertEqual(f.state.snapshot.pieceAt(sq("a8")), Piece(side: .white, kind: .knight))
            XCTAssertEqual(f.state.snapshot.sanHistory, ["a8=N"])
        }
        try await noLiveObjects()
    }

    func testChess960CastlingIsTappingTheKingThenItsRook() async throws {
        do {
            let f = try Fixture()
            // Start position 96 after 1. Nfe3 Nfe6: the king on g1 may castle with the rook on h1.
            let fen = "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR w KQkq - 2 2"
            // Pasted on a standard board, KQkq with the king on g1 reads as stale rights (dropped,
            // and said); a Chess960 game of it is started as one.
            f.c.loadFen(fen)
            XCTAssertFalse(f.state.snapshot.chess960)
            XCTAssertTrue(f.state.message?.contains("dropped a castling right") ?? false)
            f.c.newGame(mode: .humanVsHuman, start: .position(fen: fen, chess960: true))
            XCTAssertNil(f.state.message)
            XCTAssertTrue(f.state.snapshot.chess960)
            f.c.tapSquare(.g1)
            XCTAssertTrue(f.state.targets.contains(.h1), "the rook's square is the castling target")
            f.c.tapSquare(.h1)  // an own piece, but a target: castles rather than reselects
            XCTAssertEqual(f.state.snapshot.sanHistory, ["O-O"])
            XCTAssertEqual(f.state.snapshot.pieceAt(.f1), Piece(side: .white, kind: .rook))
            XCTAssertEqual(f.state.snapshot.pieceAt(.g1), Piece(side: .white, kind: .king))
        }
        try await noLiveObjects()
    }

    func testPlayFromHereTheNewGameHasTheMovesThatLedToThePositionSoARepetitionCounts() async throws {
        do {
            // Knights out and back: after 4. Ng1, 4... Ng8 brings the start position back a third
            // time.
            let pgn =
                "[White \"Ann\"]\n\n1. Nf3 {Quiet} Nf6 2. Ng1 (2. d4) Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1-0"
            let board = try AnalysisController(
                store: InMemoryGameStore(), pgn: pgn, ply: 7,
                engineFactory: { config in
                    var small = config
                    small.hashMb = 1
                    return try ChessEngine(config: small)
                },
                analysisLimits: SearchLimits(depth: 1))
            let start = board.playFromHereStart()
            let fenOnly = board.state.startPosition
            board.close()
            // After close the board can only give its position.
            XCTAssertEqual(board.playFromHereStart(), fenOnly)
            guard case .moves(let text) = start else { return XCTFail("\(start)") }
            let f = try Fixture(mode: .humanVsHuman)
            f.c.newGame(mode: .humanVsHuman, start: start)
            XCTAssertEqual(
                f.state.snapshot.sanHistory, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"])
            XCTAssertEqual(.position(fen: f.state.snapshot.fen, chess960: false), fenOnly)
            XCTAssertEqual(
                f.state.snapshot.status, .ongoing(claimableDraw: nil),
                "not over: the analysed game's 1-0 stays behind")
            f.c.move("f6", "g8")
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: .threefoldRepetition))
            // Without the moves (the FEN alone) the same move repeats nothing.
            f.c.newGame(mode: .humanVsHuman, start: fenOnly)
            f.c.move("f6", "g8")
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: nil))
            // The moves alone: not the analysed game's players, comments or variations.
            XCTAssertFalse(text.contains("Ann") || text.contains("Quiet") || text.contains("d4"), text)
        }
        try await noLiveObjects()
    }

    func testANewGameFromTheAnalysisBoardsPositionChess960TooABadFenChangesNothing() async throws {
        do {
            let f = try Fixture(mode: .humanVsHuman)
            // The analysis board's position after 1. e4: the person takes White, so the engine
            // (Black) moves.
            let board = try AnalysisController(
                store: InMemoryGameStore(), pgn: "1. e4 *",
                engineFactory: { config in
                    var small = config
                    small.hashMb = 1
                    return try ChessEngine(config: small)
                },
                analysisLimits: SearchLimits(depth: 1))
            let start = board.state.startPosition
            board.close()
            XCTAssertEqual(start, .position(fen: board.state.snapshot.fen, chess960: false))
            f.c.newGame(mode: .humanVsEngine(humanSide: .white), start: start)
            XCTAssertEqual(f.state.snapshot.fen, board.state.snapshot.fen)
            XCTAssertTrue(f.state.engineThinking, "Black to move: the engine's turn")
            try await eventually("the engine's reply") { f.state.snapshot.ply == 1 }
            // A Chess960 position keeps its castling rules, also where its FEN reads as standard
            // chess (518: the standard arrangement); without the flag it is standard.
            let fen960 = try chess960StartFen(number: 518)
            f.c.newGame(mode: .humanVsHuman, start: .position(fen: fen960, chess960: true))
            XCTAssertTrue(f.state.snapshot.chess960)
            XCTAssertEqual(f.state.snapshot.fen, fen960)
            f.c.newGame(mode: .humanVsHuman, start: .position(fen: fen960, chess960: false))
            XCTAssertFalse(f.state.snapshot.chess960)
            // A FEN the core refuses: its message, the game unchanged.
            let before = f.state.snapshot
            f.c.newGame(mode: .humanVsHuman, start: .position(fen: "8/8/8/8/8/8/8/8 w - - 0 1"))
            XCTAssertEqual(f.state.snapshot, before)
            XCTAssertNotNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testAChess960GameStartsByNumberCastlesOntoTheRookIsRestoredAndMayBeTimed() async throws {
        do {
            let store = InMemoryGameStore()
            let f = try Fixture(store: store)
            f.c.newGame(mode: .humanVsHuman, start: .chess960(number: 518))
            XCTAssertTrue(f.state.snapshot.chess960)
            XCTAssertEqual(f.state.chess960Number, 518)
            XCTAssertEqual(f.state.snapshot.fen, try chess960StartFen(number: 518))
            for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6"), ("f1", "c4"), ("f8", "c5")] {
                f.c.move(from, to)
            }
            f.c.tapSquare(.e1)
            XCTAssertTrue(f.state.targets.contains(.h1), "the king's castling target is its own rook")
            f.c.tapSquare(.h1)
            XCTAssertEqual(f.state.snapshot.sanHistory.last, "O-O")
            XCTAssertEqual(f.state.snapshot.pieceAt(.g1), Piece(side: .white, kind: .king))
            XCTAssertEqual(f.state.snapshot.pieceAt(.f1), Piece(side: .white, kind: .rook))
            f.kill()
            let g = try Fixture(store: store)
            let restored = g.state
            XCTAssertTrue(restored.snapshot.chess960)
            XCTAssertEqual(restored.chess960Number, 518)
            XCTAssertEqual(restored.snapshot.sanHistory.last, "O-O")
            // A number the core refuses: its message, nothing changes.
            g.c.newGame(mode: .humanVsHuman, start: .chess960(number: 960))
            XCTAssertEqual(g.state.snapshot, restored.snapshot)
            XCTAssertNotNil(g.state.message)
            // A random one with a clock.
            g.c.newGame(
                mode: .humanVsHuman, timeControl: try XCTUnwrap(timeControlFromPgn(text: "180+2")),
                start: .chess960())
            XCTAssertTrue(g.state.snapshot.chess960)
            XCTAssertNotNil(g.state.clock)
            let number = try XCTUnwrap(g.state.chess960Number)
            XCTAssertEqual(g.state.snapshot.fen, try chess960StartFen(number: number))
            // And standard chess again.
            g.c.newGame(mode: .humanVsHuman)
            XCTAssertFalse(g.state.snapshot.chess960)
            XCTAssertNil(g.state.chess960Number)
        }
        try await noLiveObjects()
    }

    // MARK: The engine's turn

    func testTheEngineRepliesOnTheMainActorAndThePlayerMayMoveAgain() async throws {
        do {
            let store = RecordingStore()
            let f = try Fixture(store: store, mode: .humanVsEngine(humanSide: .white))
            XCTAssertFalse(f.state.engineThinking, "White (the player) moves first")
            f.c.move("e2", "e4")
            XCTAssertTrue(f.state.engineThinking)
            f.c.tapSquare(sq("d2"))  // the player's taps are ignored while the engine thinks
            XCTAssertNil(f.state.selected)
            let s = try await f.c.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
            XCTAssertFalse(s.engineThinking)
            XCTAssertEqual(s.snapshot.sideToMove, .white)
            XCTAssertEqual(s.snapshot.sanHistory.count, 2)
            XCTAssertTrue(s.isHumanTurn)
            XCTAssertEqual(f.engine.started, 1)
            XCTAssertFalse(store.saves.isEmpty)
            XCTAssertEqual(store.savesOffMain, 0, "every save on the main thread")
            XCTAssertEqual(try ChessGame.fromJson(json: store.saves.last!).snapshot().ply, 2)
        }
        try await noLiveObjects()
    }

    func testTheEnginePlaysWhitesFirstMoveWhenThePlayerTakesBlackThinkingLineShows() async throws {
        do {
            let f = try Fixture(
                mode: .humanVsEngine(humanSide: .black), limits: SearchLimits(moveTimeMs: 300),
                level: 10)
            XCTAssertEqual(f.state.orientation, .black)
            XCTAssertTrue(f.state.engineThinking)
            let thinking = try await f.c.awaitState("a thinking line") { $0.thinking != nil }.thinking!
            XCTAssertGreaterThanOrEqual(thinking.depth, 1)
            XCTAssertFalse(thinking.pvSan.isEmpty)
            XCTAssertTrue((0...100).contains(thinking.whiteWin), "White's win chance: \(thinking)")
            XCTAssertNotNil(
                thinking.scoreText.range(
                    of: #"^(0\.00|[+-]\d+\.\d\d|-?M\d+)$"#, options: .regularExpression),
                thinking.scoreText)
            let s = try await f.c.awaitState("White's first move") { $0.snapshot.ply == 1 }
            XCTAssertEqual(s.snapshot.sideToMove, .black)
            XCTAssertNil(s.thinking)
        }
        try await noLiveObjects()
    }

    func testUndoWhileTheEngineThinksStopsItIgnoresItsResultAndPlaysNoMove() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), limits: infinite, level: 10)
            f.c.move("e2", "e4")
            XCTAssertTrue(f.state.engineThinking)
            try await eventually("the engine searching") { f.engine.isSearching() }
            f.c.undo()
            // The stopped search's result reached the listener, then the main actor.
            let result = try await f.engine.nextResult(count: 1)
            XCTAssertTrue(result.stopped, "the search was stopped: \(result)")
            await drainMainQueue()
            let s = f.state
            XCTAssertEqual(s.snapshot.ply, 0)
            XCTAssertEqual(s.snapshot.sideToMove, .white)
            XCTAssertFalse(s.engineThinking)
            XCTAssertTrue(s.snapshot.canRedo, "e4 can be replayed")
            XCTAssertNil(s.message, "the stale result was not even tried")
            try await eventually("the engine idle") { !f.engine.isSearching() }
            XCTAssertEqual(f.engine.started, 1, "no new search after undo to the player's turn")
            f.c.move("d2", "d4")  // the player can play on
            XCTAssertEqual(f.state.snapshot.sanHistory, ["d4"])
        }
        try await noLiveObjects()
    }

    func testTheBackgroundStopsTheEnginesSearchTheForegroundStartsItsTurnAgain() async throws {
        do {
            let store = InMemoryGameStore()
            let f = try Fixture(
                store: store, mode: .humanVsEngine(humanSide: .white), limits: infinite, level: 10)
            f.c.move("e2", "e4")
            try await eventually("the engine searching") { f.engine.isSearching() }
            let saves = store.saveCount
            f.c.pause()
            let stopped = try await f.engine.nextResult(count: 1)
            XCTAssertTrue(stopped.stopped, "the search was stopped")
            await drainMainQueue()
            XCTAssertFalse(f.state.engineThinking)
            XCTAssertEqual(f.state.snapshot.ply, 1, "no move was played by the stopped search")
            XCTAssertEqual(store.saveCount, saves + 1, "saved on the way to the background")
            XCTAssertEqual(f.engine.started, 1)
            f.c.requestHint()  // nothing starts in the background
            XCTAssertEqual(f.engine.started, 1)
            f.c.resume()
            XCTAssertEqual(f.engine.started, 2, "the engine's turn started over")
            XCTAssertTrue(f.state.engineThinking)
            try await eventually("the engine searching again") { f.engine.isSearching() }
            f.c.pause()
            f.c.resume()
            f.c.resume()  // a second resume does not start a second search
            XCTAssertEqual(f.engine.started, 3)
        }
        try await noLiveObjects()
    }

    func testAResultForAnotherPositionIsIgnored() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.engine.tamper { result in
                var other = result
                other.positionKey ^= 1
                return other
            }
            f.c.move("e2", "e4")
            _ = try await f.engine.nextResult(count: 1)
            await drainMainQueue()
            XCTAssertEqual(f.state.snapshot.ply, 1, "the stale result was not played")
            XCTAssertNil(f.state.message)
            XCTAssertFalse(f.state.engineThinking)
        }
        try await noLiveObjects()
    }

    func testAfterAFailedSearchDismissingItsMessageStartsTheEnginesTurnAgain() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.engine.tamper { result in
                var failed = result
                failed.error = "the search failed (a bug in chesscore): test"
                return failed
            }
            f.c.move("e2", "e4")
            _ = try await f.engine.nextResult(count: 1)
            await drainMainQueue()
            XCTAssertEqual(f.state.message, "The engine failed: the search failed (a bug in chesscore): test")
            XCTAssertFalse(f.state.engineThinking)
            XCTAssertEqual(f.state.snapshot.ply, 1, "the failed search's move was not played")
            XCTAssertEqual(f.engine.started, 1)
            f.engine.tamper { $0 }
            f.c.dismissMessage()
            XCTAssertEqual(f.engine.started, 2, "searched again")
            _ = try await f.c.awaitState("the reply") { $0.snapshot.ply == 2 }
            XCTAssertNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testUndoAgainstTheEngineGoesBackToThePlayersTurnRedoReplaysBothPlies() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.c.move("e2", "e4")
            let replied = try await f.c.awaitState("the reply") { $0.snapshot.ply == 2 }.snapshot
            f.c.undo()
            XCTAssertEqual(f.state.snapshot.ply, 0)
            XCTAssertFalse(f.state.engineThinking)
            f.c.redo()
            XCTAssertEqual(f.state.snapshot.sanHistory, replied.sanHistory)
            XCTAssertFalse(f.state.engineThinking, "the player's turn after redo")
            XCTAssertEqual(f.engine.started, 1)
        }
        try await noLiveObjects()
    }

    func testAMoveAfterUndoIsTheMainLineTheMovesTakenBackStayAsAVariation() async throws {
        do {
            let f = try Fixture()
            f.c.move("e2", "e4")
            f.c.move("e7", "e5")
            f.c.undo()
            f.c.move("c7", "c5")
            let s = f.state.snapshot
            XCTAssertEqual(s.sanHistory, ["e4", "c5"])
            XCTAssertFalse(s.canRedo, "a new move is a new line")
            XCTAssertTrue(s.onMainLine)
            XCTAssertEqual(s.moveRows.map(\.white), ["e4"])
            XCTAssertEqual(s.moveRows.map(\.black), ["c5"])
            XCTAssertEqual(s.moveRows[0].blackNode, s.node, "the current move is marked in the rows")
            XCTAssertTrue(f.c.pgn().contains("1. e4 c5 (1... e5) *"), f.c.pgn())
        }
        try await noLiveObjects()
    }

    // MARK: Restore after the app was killed

    func testANewControllerWithTheSameStoreResumesGameRedoStackAndSettings() async throws {
        do {
            let store = InMemoryGameStore()
            let first = try Fixture(store: store)
            first.c.move("e2", "e4")
            first.c.move("e7", "e5")
            first.c.move("g1", "f3")
            first.c.undo()
            first.c.flipBoard()
            let before = first.state
            first.kill()
            let second = try Fixture(store: store, mode: .humanVsEngine(humanSide: .white))
            let s = second.state
            XCTAssertEqual(s.snapshot, before.snapshot)
            XCTAssertTrue(s.snapshot.canRedo)
            XCTAssertEqual(s.mode, .humanVsHuman, "the saved mode wins over the default")
            XCTAssertEqual(s.orientation, .black)
            XCTAssertNil(s.message)
            second.c.redo()
            XCTAssertEqual(second.state.snapshot.sanHistory, ["e4", "e5", "Nf3"])
        }
        try await noLiveObjects()
    }

    func testKilledWhileTheEngineThinksTheRestoredControllerResumesItsTurn() async throws {
        do {
            let store = InMemoryGameStore()
            let first = try Fixture(
                store: store, mode: .humanVsEngine(humanSide: .white), limits: infinite, level: 10)
            first.c.setLevel(12)  // clamped to the strongest level
            XCTAssertEqual(first.state.level, 10)
            first.c.move("e2", "e4")
            XCTAssertTrue(first.state.engineThinking)
            first.kill()
            try await eventually("the killed controller's engine stopped") {
                !first.engine.isSearching()
            }
            let second = try Fixture(
                store: store, mode: .humanVsHuman, limits: SearchLimits(depth: 2), level: 3)
            XCTAssertEqual(second.state.level, 10, "the saved level wins over the default")
            XCTAssertEqual(second.state.mode, .humanVsEngine(humanSide: .white))
            XCTAssertTrue(second.state.engineThinking, "Black (the engine) is to move at start")
            _ = try await second.c.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
        }
        try await noLiveObjects()
    }

    func testADamagedSaveStartsANewGameAndSaysWhy() async throws {
        do {
            let store = InMemoryGameStore(json: "{\"not\": \"a game\"}")
            let f = try Fixture(store: store)
            XCTAssertEqual(f.state.snapshot.ply, 0)
            let message = try XCTUnwrap(f.state.message)
            XCTAssertTrue(message.hasPrefix("The saved game could not be restored: "), message)
            XCTAssertTrue(message.hasSuffix("It is kept aside."), message)
            XCTAssertEqual(try ChessGame.fromJson(json: store.load()!).snapshot().ply, 0)
            // The unreadable save is set aside before the new game is saved over it.
            XCTAssertEqual(store.setAsideJson, "{\"not\": \"a game\"}")
        }
        try await noLiveObjects()
    }

    func testAFileStoreKeepsTheGameAndSettingsAcrossControllers() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("chesscore-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let first = try Fixture(store: FileGameStore(directory: directory))
            first.c.move("d2", "d4")
            first.c.setLevel(7)
            first.kill()
            let second = try Fixture(store: FileGameStore(directory: directory))
            XCTAssertEqual(second.state.snapshot.sanHistory, ["d4"])
            XCTAssertEqual(second.state.level, 7)
            XCTAssertNil(second.state.message)
        }
        // A file damaged on disk: a new game, and the reason.
        try Data("{\"version\":".utf8).write(to: directory.appendingPathComponent("game.json"))
        do {
            let third = try Fixture(store: FileGameStore(directory: directory))
            XCTAssertEqual(third.state.snapshot.ply, 0)
            XCTAssertNotNil(third.state.message)
        }
        // It is kept beside the new game, which is saved over it.
        XCTAssertEqual(
            try String(
                contentsOf: directory.appendingPathComponent("game.unreadable.json"), encoding: .utf8),
            "{\"version\":")
        XCTAssertNoThrow(
            try ChessGame.fromJson(json: FileGameStore(directory: directory).load() ?? ""))
        // A directory that cannot be written: the failure is reported, nothing thrown.
        let errors = Guarded(0)
        let blocked = directory.appendingPathComponent("game.json")  // a file, not a directory
        let store = FileGameStore(directory: blocked, onError: { _ in errors.with { $0 += 1 } })
        store.save(json: "{}")
        XCTAssertEqual(errors.current, 1)
        XCTAssertNil(store.load())
        try await noLiveObjects()
    }

    // MARK: FEN, game over, draws

    func testAnInvalidFenShowsTheCoresMessageAndLeavesTheGameUnchanged() async throws {
        do {
            let f = try Fixture()
            f.c.move("e2", "e4")
            let before = f.state.snapshot
            let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
            let coreMessage = try chessError { try ChessGame.fromFen(fen: bad) }.message
            f.c.loadFen(bad)
            XCTAssertEqual(f.state.message, coreMessage)
            XCTAssertEqual(f.state.snapshot, before)
            f.c.dismissMessage()
            XCTAssertNil(f.state.message)
            f.c.loadFen(" \(promotionFen) \n")
            XCTAssertEqual(f.state.snapshot.fen, promotionFen)
            XCTAssertEqual(f.c.fen(), promotionFen)
        }
        try await noLiveObjects()
    }

    func testFoolsMateAndStalemateAreShownFurtherTapsIgnored() async throws {
        do {
            let f = try Fixture()
            f.c.move("f2", "f3")
            f.c.move("e7", "e5")
            f.c.move("g2", "g4")
            f.c.move("d8", "h4")
            let s = f.state
            XCTAssertEqual(s.snapshot.status, .ended(outcome: .checkmate(winner: .black)))
            XCTAssertEqual(s.statusText, "Checkmate — Black wins")
            XCTAssertTrue(s.isGameOver)
            XCTAssertEqual(s.snapshot.checkSquare, sq("e1"))
            f.c.tapSquare(sq("e1"))
            XCTAssertNil(f.state.selected)
            f.c.requestHint()
            XCTAssertFalse(f.state.engineThinking)
            XCTAssertTrue(f.c.pgn().contains("0-1"))
        }
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.c.loadFen(stalemateFen)  // Black (the engine) to move, but stalemated
            XCTAssertEqual(f.state.statusText, "Draw by stalemate")
            XCTAssertFalse(f.state.engineThinking)
            XCTAssertEqual(f.engine.started, 0)
        }
        try await noLiveObjects()
    }

    func testAClaimableDrawIsOfferedAndClaimed() async throws {
        do {
            let f = try Fixture()
            for _ in 0..<2 {
                XCTAssertNil(f.state.claimableDraw)
                f.c.move("g1", "f3")
                f.c.move("g8", "f6")
                f.c.move("f3", "g1")
                f.c.move("f6", "g8")
            }
            XCTAssertEqual(f.state.claimableDraw, .threefoldRepetition)
            XCTAssertEqual(f.state.statusText, "Draw may be claimed: threefold repetition")
            // Not while a move is looked back at, nor while the players pause the game.
            f.c.viewPly(3)
            XCTAssertNil(f.state.claimableDraw)
            f.c.claimDraw()
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: .threefoldRepetition))
            f.c.viewPly(nil)
            var paused = f.state
            paused.userPaused = true
            XCTAssertNil(paused.claimableDraw)
            XCTAssertEqual(f.state.claimableDraw, .threefoldRepetition)
            f.c.claimDraw()
            XCTAssertEqual(f.state.snapshot.status, .ended(outcome: .draw(reason: .threefoldRepetition)))
            XCTAssertEqual(f.state.statusText, "Draw by threefold repetition")
            XCTAssertNil(f.state.claimableDraw)
        }
        try await noLiveObjects()
    }

    func testADrawIsClaimedWithTheMoveThatMakesItAnnouncedFirst() async throws {
        do {
            let f = try Fixture()
            XCTAssertFalse(f.state.canClaimWithMove)
            f.c.claimDrawWithNextMove()  // nothing to claim with yet: ignored
            XCTAssertFalse(f.state.claimingWithNextMove)
            for (from, to) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8"), ("g1", "f3"), ("g8", "f6"), ("f3", "g1")] {
                f.c.move(from, to)
            }
            // Ng8 would make the third occurrence: the claim may be announced with it.
            XCTAssertNil(f.state.claimableDraw)
            XCTAssertTrue(f.state.canClaimWithMove)
            var paused = f.state
            paused.userPaused = true
            XCTAssertFalse(paused.canClaimWithMove)
            f.c.viewPly(2)
            XCTAssertFalse(f.state.canClaimWithMove, "not while looking back")
            f.c.viewPly(nil)
            f.c.claimDrawWithNextMove()
            XCTAssertTrue(f.state.claimingWithNextMove)
            f.c.claimDrawWithNextMove(false)
            XCTAssertFalse(f.state.claimingWithNextMove)
            f.c.claimDrawWithNextMove()
            f.c.move("f6", "g8")
            XCTAssertEqual(f.state.snapshot.status, .ended(outcome: .draw(reason: .threefoldRepetition)))
            XCTAssertEqual(f.state.snapshot.lastMove?.san, "Ng8")
            XCTAssertFalse(f.state.claimingWithNextMove)
            XCTAssertFalse(f.state.canClaimWithMove)
            XCTAssertNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testAnAnnouncedClaimWithAMoveThatAllowsNonePlaysTheMoveAndSaysSo() async throws {
        do {
            let f = try Fixture()
            for (from, to) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8"), ("g1", "f3"), ("g8", "f6"), ("f3", "g1")] {
                f.c.move(from, to)
            }
            f.c.claimDrawWithNextMove()
            f.c.move("e7", "e5")
            // FIDE 9.5.1: the announced move stands and the game goes on.
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: nil))
            XCTAssertEqual(f.state.snapshot.ply, 8)
            XCTAssertEqual(f.state.message, "No draw: e5 allows no claim. The move stands.")
            XCTAssertFalse(f.state.claimingWithNextMove)
            // A move that allows no claim and mates: the status says it, no message.
            f.c.loadFen("4r2k/6pp/8/8/8/8/8/K3R3 w - - 99 80")
            XCTAssertTrue(f.state.canClaimWithMove)
            f.c.claimDrawWithNextMove()
            f.c.move("e1", "e8")
            XCTAssertEqual(f.state.snapshot.status, .ended(outcome: .checkmate(winner: .white)))
            XCTAssertNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testResignAndAgreeDrawEndTheGameUndoTakesTheResignationBack() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.c.resign(.black)  // against the engine it is always the player's side
            XCTAssertEqual(f.state.statusText, "White resigned — Black wins")
            f.c.undo()
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: nil))
            XCTAssertEqual(f.state.snapshot.ply, 0)
        }
        do {
            let f = try Fixture()
            f.c.agreeDraw()
            XCTAssertEqual(f.state.statusText, "Draw by agreement")
            XCTAssertFalse(f.state.canOfferDraw, "between two people there is nobody to offer to")
            f.c.resign()  // the game is over: the core refuses, the controller says why
            XCTAssertEqual(f.state.statusText, "Draw by agreement")
            XCTAssertNotNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testBetweenTwoPeopleTheSideThatResignsIsTheOneNamed() async throws {
        do {
            let f = try Fixture()
            f.c.move("e2", "e4")
            f.c.move("e7", "e5")
            // White to move; Black resigns from the menu.
            f.c.resign(.black)
            XCTAssertEqual(f.state.statusText, "Black resigned — White wins")
        }
        try await noLiveObjects()
    }

    func testADrawOfferToTheEngineIsDeclinedEarlyInALevelGame() async throws {
        do {
            // Level 10: no evaluation blur, so the engine's score after 1. e4 is about level.
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), level: 10)
            XCTAssertTrue(f.state.canOfferDraw)
            f.c.agreeDraw()  // against the engine: an offer, not an agreement
            XCTAssertTrue(f.state.drawOffered)
            XCTAssertFalse(f.state.canOfferDraw)
            XCTAssertFalse(f.state.isGameOver)
            f.c.move("e2", "e4")
            let s = try await f.c.awaitState("the engine's reply") {
                $0.snapshot.ply == 2 && !$0.engineThinking
            }
            XCTAssertEqual(s.snapshot.status, .ongoing(claimableDraw: nil))
            XCTAssertEqual(s.message, drawDeclinedText())
            XCTAssertFalse(s.drawOffered)
            XCTAssertTrue(s.canOfferDraw)
            // An offer standing when the game ends goes with it.
            f.c.offerDraw()
            f.c.resign()
            XCTAssertTrue(f.state.isGameOver)
            XCTAssertFalse(f.state.drawOffered)
        }
        try await noLiveObjects()
    }

    func testADrawOfferIsAcceptedByALostEngineAndWithdrawnByATakeBack() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            // White has a rook more: the engine (Black) takes the draw.
            f.c.loadFen("7k/8/8/8/8/8/8/R6K w - - 0 40")
            f.c.offerDraw()
            f.c.move("h1", "g2")
            let s = try await f.c.awaitState("the engine's answer") { $0.isGameOver }
            XCTAssertEqual(s.snapshot.status, .ended(outcome: .draw(reason: .agreement)))
            XCTAssertEqual(s.snapshot.ply, 1, "the engine made no move")
            XCTAssertFalse(s.drawOffered)
            XCTAssertNil(s.message)

            // An offer withdrawn by a take-back is not answered.
            f.c.loadFen("7k/8/8/8/8/8/8/R6K w - - 0 40")
            f.c.move("h1", "g2")
            _ = try await f.c.awaitState("the engine's move") {
                $0.snapshot.ply == 2 && !$0.engineThinking
            }
            f.c.offerDraw()
            f.c.undo()
            XCTAssertFalse(f.state.drawOffered)
            f.c.move("h1", "h2")
            let after = try await f.c.awaitState("the engine's move") {
                $0.snapshot.ply == 2 && !$0.engineThinking
            }
            XCTAssertEqual(after.snapshot.status, .ongoing(claimableDraw: nil))
        }
        try await noLiveObjects()
    }

    func testALosingEngineClaimsTheDrawItsMoveCompletes() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            // Black (the engine) to move, a rook down, on the 100th ply without a capture or pawn move.
            f.c.loadFen("7k/8/8/8/8/8/8/R6K b - - 99 80")
            let s = try await f.c.awaitState("the engine's claim") { $0.isGameOver }
            XCTAssertEqual(s.snapshot.status, .ended(outcome: .draw(reason: .fiftyMoveRule)))
            XCTAssertEqual(s.snapshot.ply, 1, "claimed with its move")
        }
        try await noLiveObjects()
    }

    func testAPastedFenWithStaleCastlingRightsLoadsWithoutThemAndSaysSo() async throws {
        do {
            let f = try Fixture()
            // The rooks have left a1 and h8, the rights were copied all the same.
            XCTAssertTrue(f.c.loadFen("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 30"))
            XCTAssertEqual(f.state.snapshot.fen, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 30")
            let note = try XCTUnwrap(f.state.message)
            XCTAssertTrue(
                note.hasPrefix("The FEN was loaded with changes: dropped a castling right"), note)
            XCTAssertTrue(note.contains("rook on a1") && note.contains("rook on h8"), note)
            // KQkq copied after the king went to f1: stale on this standard board, not Chess960.
            XCTAssertTrue(f.c.loadFen("rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w KQkq - 1 2"))
            XCTAssertFalse(f.state.snapshot.chess960)
            XCTAssertEqual(
                f.state.snapshot.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w kq - 1 2")
            // A clean FEN says nothing; a position without a king is refused as before.
            XCTAssertTrue(f.c.loadFen(kiwipete))
            XCTAssertNil(f.state.message)
            XCTAssertFalse(f.c.loadFen("8/8/8/8/8/8/8/K7 w - - 0 1"))
            XCTAssertEqual(f.state.snapshot.fen, kiwipete)
            XCTAssertTrue(f.state.message?.contains("Black has no king") ?? false)
        }
        try await noLiveObjects()
    }

    func testAlwaysPromoteToAQueenSkipsThePickerAndIsKeptInTheSettings() async throws {
        let store = InMemoryGameStore()
        do {
            let f = try Fixture(store: store)
            XCTAssertFalse(f.state.autoQueen)
            f.c.setAutoQueen(true)
            f.c.loadFen(promotionFen)
            f.c.move("a7", "a8")
            XCTAssertNil(f.state.pendingPromotion)
            XCTAssertEqual(f.state.snapshot.lastMove?.promotion, .queen)
            XCTAssertEqual(f.state.snapshot.pieceAt(sq("a8")), Piece(side: .white, kind: .queen))
        }
        do {
            let f = try Fixture(store: store)
            XCTAssertTrue(f.state.autoQueen, "kept in the settings")
            f.c.setAutoQueen(false)
            f.c.loadFen(promotionFen)
            f.c.move("a7", "a8")
            XCTAssertEqual(
                Set(f.state.pendingPromotion?.choices ?? []), [.queen, .rook, .bishop, .knight])
        }
        try await noLiveObjects()
    }

    func testAPremoveIsPlayedAfterTheEnginesMoveWhenLegalDroppedWhenNot() async throws {
        do {
            // Level 10 at depth 2: the engine replies within moments.
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), level: 10)
            f.c.move("e2", "e4")
            XCTAssertTrue(f.state.canPremove)
            XCTAssertTrue(f.state.acceptsMoves)
            f.c.tapSquare(sq("g1"))
            // The knight's squares whatever Black replies, marked as targets.
            let knight: Set<Square> = [sq("e2"), sq("f3"), sq("h3")]
            XCTAssertEqual(f.state.premove, Premove(from: sq("g1"), to: nil, targets: knight))
            XCTAssertEqual(f.state.boardTargets, knight)
            // What VoiceOver hears on the board's squares (BoardView's labels).
            XCTAssertEqual(f.state.squareDescription(of: sq("g1")), "g1, white knight, premove start")
            XCTAssertEqual(f.state.squareDescription(of: sq("f3")), "f3, empty, legal move")
            f.c.tapSquare(sq("f3"))
            XCTAssertEqual(f.state.premove, Premove(from: sq("g1"), to: sq("f3")))
            XCTAssertEqual(f.state.squareMarks.map(\.square), [sq("g1"), sq("f3")])
            XCTAssertEqual(f.state.squareDescription(of: sq("g1")), "g1, white knight, premove to f3")
            XCTAssertEqual(f.state.squareDescription(of: sq("f3")), "f3, empty, premove from g1")
            XCTAssertEqual(f.state.boardTargets, [])
            // After the engine's reply, Nf3 is played at once, and the engine thinks again.
            let s = try await f.c.awaitState("the premove played") { $0.snapshot.ply >= 3 }
            XCTAssertEqual(s.snapshot.sanHistory[2], "Nf3")
            XCTAssertNil(s.premove)
            _ = try await f.c.awaitState("the engine's second reply") {
                $0.snapshot.ply == 4 && !$0.engineThinking
            }
            // A premove that can never be legal (the rook cannot pass its own pawn): refused at
            // once, dragged or tapped.
            f.c.move("d2", "d3")
            f.c.dragMove(from: sq("a1"), to: sq("a5"))
            XCTAssertNil(f.state.premove)
            f.c.tapSquare(sq("a1"))
            f.c.tapSquare(sq("a5"))
            XCTAssertNil(f.state.premove)
            _ = try await f.c.awaitState("the engine's reply") {
                $0.snapshot.ply == 6 && !$0.engineThinking
            }
            // Cancelled by the same piece again, or not started from an opponent's square.
            f.c.move("b1", "c3")
            f.c.tapSquare(sq("c1"))
            f.c.tapSquare(sq("c1"))
            XCTAssertNil(f.state.premove)
            f.c.tapSquare(sq("e5"))
            XCTAssertNil(f.state.premove, "not the player's piece")
            _ = try await f.c.awaitState("the engine's reply") {
                $0.snapshot.ply == 8 && !$0.engineThinking
            }
            XCTAssertFalse(f.state.canPremove)

            // A premove that could have been legal but is not after the engine's move (it takes
            // the queen): dropped, nothing played for the player.
            f.c.loadFen("3r3k/8/8/8/8/3Q4/P7/K7 b - - 0 1")
            f.c.dragMove(from: sq("d3"), to: sq("d5"))
            XCTAssertEqual(f.state.premove, Premove(from: sq("d3"), to: sq("d5")))
            let after = try await f.c.awaitState("the engine's reply") {
                $0.snapshot.ply == 1 && !$0.engineThinking
            }
            XCTAssertEqual(after.snapshot.pieceAt(sq("d3")), Piece(side: .black, kind: .rook))
            XCTAssertNil(after.premove)
            XCTAssertTrue(after.isHumanTurn, "nothing played for the player")
        }
        try await noLiveObjects()
    }

    func testBetweenTwoPeopleTheBoardMayTurnToTheSideToMoveASettingKept() async throws {
        do {
            let store = InMemoryGameStore()
            let f = try Fixture(store: store, mode: .humanVsHuman)
            XCTAssertTrue(f.state.canAutoFlip)
            f.c.move("e2", "e4")
            XCTAssertEqual(f.state.orientation, .white, "off by default")
            f.c.setAutoFlip(true)
            XCTAssertEqual(f.state.orientation, .black, "turned at once")
            f.c.move("e7", "e5")
            XCTAssertEqual(f.state.orientation, .white)
            f.c.undo()
            XCTAssertEqual(f.state.orientation, .black)
            // Against the engine the player's side stays at the bottom.
            f.c.newGame(mode: .humanVsEngine(humanSide: .white))
            XCTAssertFalse(f.state.canAutoFlip)
            f.c.move("e2", "e4")
            XCTAssertEqual(f.state.orientation, .white)
            _ = try await f.c.awaitState("the engine's reply") {
                $0.snapshot.ply == 2 && !$0.engineThinking
            }
            let again = try Fixture(store: store)
            XCTAssertTrue(again.state.autoFlip, "kept in the settings")
            again.c.newGame(mode: .humanVsHuman)
            again.c.move("e2", "e4")
            XCTAssertEqual(again.state.orientation, .black)
            let restarted = try Fixture(store: store)
            XCTAssertEqual(restarted.state.orientation, .black, "a restart shows the side to move")
        }
        try await noLiveObjects()
    }

    func testALevelSavedBeforeTheLevelsWereRenumberedKeepsItsStrength() async throws {
        do {
            func levelAfterRestart(_ saved: [String: String]) throws -> Int {
                try Fixture(store: InMemoryGameStore(settings: saved)).state.level
            }
            // Written before 2026-11-26: old 1-4 are 2-5, old 5 ("Improver") is gone.
            XCTAssertEqual(
                try [1, 2, 3, 4, 5, 6, 7, 10].map { try levelAfterRestart(["level": "\($0)"]) },
                [2, 3, 4, 5, 6, 6, 7, 10])
            // Written since: as saved.
            XCTAssertEqual(try levelAfterRestart(["level": "4", "levelScale": "2"]), 4)
            let store = InMemoryGameStore()
            try Fixture(store: store).c.setLevel(3)
            XCTAssertEqual(store.settings["levelScale"], "2")
            XCTAssertEqual(try levelAfterRestart(store.settings), 3)
        }
        try await noLiveObjects()
    }

    func testATappedPremoveMayEndOnThePlayersOwnPieceWhereItMayRecapture() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), level: 10)
            // Black (the engine) to move may take on d5; the c3 knight may take back there.
            f.c.loadFen("4k3/8/4p3/3P4/8/2N5/8/4K3 b - - 0 1")
            f.c.tapSquare(sq("c3"))
            XCTAssertTrue(f.state.boardTargets.contains(sq("d5")))
            f.c.tapSquare(sq("d5"))
            XCTAssertEqual(f.state.premove, Premove(from: sq("c3"), to: sq("d5")))
            // The king cannot reach d5: a tap there picks the d5 pawn instead.
            f.c.tapSquare(sq("e1"))
            f.c.tapSquare(sq("d5"))
            XCTAssertEqual(f.state.premove?.from, sq("d5"))
            XCTAssertNil(f.state.premove?.to)
            _ = try await f.c.awaitState("the engine's reply") { !$0.engineThinking && $0.isHumanTurn }
        }
        try await noLiveObjects()
    }

    func testAPremovedPromotionOpensThePickerOrIsAQueenWithAutoQueen() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), level: 10)
            // Black (the engine) to move: it thinks at once.
            f.c.loadFen("8/P7/8/8/8/8/k6K/8 b - - 0 1")
            XCTAssertTrue(f.state.canPremove)
            // A drag onto the player's own king's square, where the pawn can never go: none.
            f.c.dragMove(from: sq("a7"), to: sq("h2"))
            XCTAssertNil(f.state.premove)
            f.c.dragMove(from: sq("a7"), to: sq("a8"))
            XCTAssertEqual(f.state.premove, Premove(from: sq("a7"), to: sq("a8")))
            let s = try await f.c.awaitState("the picker") { $0.pendingPromotion != nil }
            XCTAssertEqual(s.snapshot.ply, 1, "only the engine's move: the player chooses the piece")
            XCTAssertNil(s.premove)

            f.c.setAutoQueen(true)
            f.c.loadFen("8/P7/8/8/8/8/k6K/8 b - - 0 1")
            f.c.dragMove(from: sq("a7"), to: sq("a8"))
            let q = try await f.c.awaitState("the queen") { $0.snapshot.ply >= 2 }
            XCTAssertEqual(q.snapshot.pieceAt(sq("a8")), Piece(side: .white, kind: .queen))
        }
        try await noLiveObjects()
    }

    // MARK: Looking back

    func testLookingBackShowsAnEarlierPositionWhileTheGameStays() async throws {
        do {
            let f = try Fixture()
            XCTAssertFalse(f.state.canViewBack)
            f.c.move("e2", "e4")
            f.c.move("e7", "e5")
            f.c.move("g1", "f3")
            f.c.tapSquare(sq("b8"))  // a selection, cleared by looking back
            XCTAssertEqual(f.state.moveRowPlies.map { [$0.white, $0.black] }, [[1, 2], [3, nil]])
            f.c.viewPly(1)
            var s = f.state
            XCTAssertEqual(s.viewed?.ply, 1)
            XCTAssertEqual(s.boardSnapshot.lastMove?.san, "e4")
            XCTAssertEqual(s.lastMove?.san, "e4", "the board draws the viewed position")
            XCTAssertEqual(viewedText(s.boardSnapshot), "After 1. e4")
            XCTAssertEqual(s.piece(at: sq("e4")), Piece(side: .white, kind: .pawn))
            XCTAssertNil(s.piece(at: sq("e5")))
            XCTAssertEqual(s.snapshot.ply, 3, "the game stays where it is")
            XCTAssertNil(s.selected)
            XCTAssertFalse(s.isHumanTurn)
            XCTAssertTrue(s.acceptsMoves, "a tap returns to the game")
            f.c.viewBack()
            XCTAssertEqual(f.state.viewed?.ply, 0)
            XCTAssertEqual(viewedText(f.state.boardSnapshot), "The start position")
            XCTAssertFalse(f.state.canViewBack)
            f.c.viewForward()
            f.c.viewForward()
            XCTAssertEqual(f.state.viewed?.ply, 2)
            XCTAssertEqual(viewedText(f.state.boardSnapshot), "After 1... e5")
            f.c.viewForward()  // past the last earlier position: the game's own
            XCTAssertNil(f.state.viewed)
            f.c.viewBack()
            XCTAssertEqual(f.state.viewed?.ply, 2)
            // A tap on the board goes back to the game and selects nothing.
            f.c.tapSquare(sq("b8"))
            s = f.state
            XCTAssertNil(s.viewed)
            XCTAssertNil(s.selected)
            XCTAssertEqual(s.boardSnapshot, s.snapshot)
            f.c.viewPly(7)  // beyond the game: the game's own
            XCTAssertNil(f.state.viewed)
        }
        try await noLiveObjects()
    }

    func testTheEnginesReplyBringsTheBoardBackToTheGame() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white))
            f.c.move("e2", "e4")
            XCTAssertTrue(f.state.engineThinking)
            f.c.viewPly(0)  // while the engine thinks on the game's own position
            XCTAssertEqual(f.state.viewed?.ply, 0)
            let s = try await f.c.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
            XCTAssertNil(s.viewed)
            XCTAssertEqual(s.boardSnapshot, s.snapshot)
        }
        try await noLiveObjects()
    }

    // MARK: Hint, flip, engine vs engine

    func testTheDefaultHintIsSearchedAtFullStrengthAlsoAtLevelOne() async throws {
        do {
            let f = try Fixture(level: 1, hintLimits: GameController.defaultHintLimits())
            // Mate in 3 for Black (...Bc5+): beyond level 1's one-ply horizon.
            f.c.loadFen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1")
            f.c.requestHint()
            let s = try await f.c.awaitState("a hint") { $0.hint != nil }
            XCTAssertEqual(s.hint?.san, "Bc5+")
            XCTAssertEqual(f.state.level, 1, "the engine's own level is unchanged")
        }
        try await noLiveObjects()
    }

    func testAHintThinksIgnoresTapsSuggestsALegalMoveClearedByTheNextMove() async throws {
        do {
            let f = try Fixture()
            f.c.requestHint()
            XCTAssertTrue(f.state.engineThinking)
            f.c.tapSquare(sq("e2"))
            XCTAssertNil(f.state.selected, "taps are ignored while the hint is computed")
            let s = try await f.c.awaitState("a hint") { $0.hint != nil }
            XCTAssertFalse(s.engineThinking)
            XCTAssertEqual(s.snapshot.ply, 0, "a hint is not played")
            let hint = try XCTUnwrap(s.hint)
            XCTAssertTrue(s.snapshot.legalMoves.contains(hint), "hint \(hint) is legal")
            f.c.tapSquare(hint.from)
            f.c.tapSquare(hint.to)
            XCTAssertEqual(f.state.snapshot.ply, 1)
            XCTAssertNil(f.state.hint)
        }
        try await noLiveObjects()
    }

    func testFlipTogglesTheOrientationANewGameShowsThePlayersSide() async throws {
        do {
            let f = try Fixture()
            XCTAssertEqual(f.state.orientation, .white)
            XCTAssertEqual(f.state.squareAtCell(column: 0, row: 0), .a8, "White at the bottom")
            XCTAssertEqual(f.state.squareAtCell(column: 7, row: 7), .h1)
            f.c.flipBoard()
            XCTAssertEqual(f.state.orientation, .black)
            XCTAssertEqual(f.state.squareAtCell(column: 0, row: 0), .h1, "Black at the bottom")
            XCTAssertEqual(f.state.squareAtCell(column: 7, row: 7), .a8)
            var white = f.state
            white.orientation = .white
            for state in [f.state, white] {
                var seen = Set<Square>()
                for row in 0..<8 {
                    for column in 0..<8 {
                        let square = state.squareAtCell(column: column, row: row)
                        seen.insert(square)
                        let cell = state.cellOf(square)
                        XCTAssertEqual([cell.column, cell.row], [column, row], "\(square)")
                    }
                }
                XCTAssertEqual(seen, Set(Square.allCases), "one square per cell")
            }
            XCTAssertEqual(f.state.snapshot.sideToMove, .white, "the game is untouched")
            f.c.flipBoard()
            XCTAssertEqual(f.state.orientation, .white)
            f.c.newGame(mode: .humanVsEngine(humanSide: .black), level: 3)
            XCTAssertEqual(f.state.orientation, .black)
            XCTAssertEqual(f.state.level, 3)
            XCTAssertEqual(f.engine.config().level, 3)
            _ = try await f.c.awaitState("the engine's first move") { $0.snapshot.ply == 1 }
        }
        try await noLiveObjects()
    }

    func testEngineVsEnginePlaysByItselfUntilANewGameStopsIt() async throws {
        do {
            let f = try Fixture(limits: SearchLimits(depth: 1))
            f.c.newGame(mode: .engineVsEngine)
            _ = try await f.c.awaitState("six plies") { $0.snapshot.ply >= 6 }
            f.c.newGame(mode: .humanVsHuman)
            XCTAssertEqual(f.state.snapshot.ply, 0)
            XCTAssertFalse(f.state.engineThinking)
            try await eventually("the engine idle") { !f.engine.isSearching() }
            await drainMainQueue()
            XCTAssertEqual(f.state.snapshot.ply, 0, "no late move from the stopped game")
            let started = f.engine.started
            f.c.move("e2", "e4")
            XCTAssertEqual(f.engine.started, started, "no search in a human game")
            XCTAssertEqual(f.state.snapshot.ply, 1)
        }
        try await noLiveObjects()
    }

    func testReleasingTheControllerMidSearchFreesEverything() async throws {
        do {
            let f = try Fixture(mode: .humanVsEngine(humanSide: .white), limits: infinite, level: 10)
            f.c.move("e2", "e4")
            try await eventually("the engine searching") { f.engine.isSearching() }
            XCTAssertEqual(liveObjectCount(), 3, "game, engine and search handle alive")
            f.kill()
            XCTAssertEqual(liveObjectCount(), 1, "the game and the handle go with the controller")
            try await eventually("the search stopped") { !f.engine.isSearching() }
            await drainMainQueue()  // the stopped search's result finds no controller
        }
        try await noLiveObjects("the engine freed too")
    }
}

/// The texts the screen shows, from the core's values.
final class PresentationTextTests: XCTestCase {
    func testScoresAreShownFromWhitesSideAsTheCoreGivesThem() {
        XCTAssertEqual(scoreText(.centipawns(value: 35)), "+0.35")
        XCTAssertEqual(scoreText(.centipawns(value: -35)), "-0.35")
        XCTAssertEqual(scoreText(.centipawns(value: 0)), "0.00")
        XCTAssertEqual(scoreText(.centipawns(value: -120)), "-1.20")
        XCTAssertEqual(scoreText(.centipawns(value: 1005)), "+10.05")
        XCTAssertEqual(scoreText(.mate(moves: 3)), "M3")
        XCTAssertEqual(scoreText(.mate(moves: -2)), "-M2")
    }

    func testAnEvalBarSaysBothSidesWinChancesInWholePercent() {
        XCTAssertEqual(winChanceText(61.743), "White 62 % · Black 38 %")
        XCTAssertEqual(winChanceText(50), "White 50 % · Black 50 %")
        XCTAssertEqual(winChanceText(100), "White 100 % · Black 0 %")
        XCTAssertEqual(winChanceText(0), "White 0 % · Black 100 %")
        XCTAssertEqual(winChanceText(winPercent(score: .mate(moves: -1))), "White 0 % · Black 100 %")
    }

    func testMaterialIsSaidKindByKindWithCountsAndThePointsWhenBothSidesHaveExtraPieces() throws {
        let many = try ChessGame.fromFen(fen: "4k3/pp6/8/8/8/8/PPPPP3/RN1QK3 w - - 0 1").snapshot().material
        XCTAssertEqual(
            materialDescription(many, side: .white),
            "White is up a queen, a rook, a knight and three pawns")
        XCTAssertEqual(materialLeadText(many, side: .white), "+20")
        XCTAssertNil(materialDescription(many, side: .black))
        XCTAssertEqual(materialLeadText(many, side: .black), "")
        let two = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/PPP5/4KB2 b - - 0 1").snapshot().material
        XCTAssertEqual(materialDescription(two, side: .white), "White is up a bishop and three pawns")
        let even = try ChessGame.fromFen(fen: "4k3/ppp5/8/8/8/8/8/2B1K3 w - - 0 1").snapshot().material
        XCTAssertEqual(even.balance, 0)
        XCTAssertEqual(materialDescription(even, side: .white), "White has a bishop for three pawns, even")
        XCTAssertEqual(materialDescription(even, side: .black), "Black has three pawns for a bishop, even")
        XCTAssertEqual(materialLeadText(even, side: .white), "")
        XCTAssertEqual(materialLeadText(even, side: .black), "")
        let rooks = try ChessGame.fromFen(fen: "rr2k3/8/8/8/8/8/8/3QK3 w - - 0 1").snapshot().material
        XCTAssertEqual(materialDescription(rooks, side: .black), "Black has two rooks for a queen, 1 point up")
        XCTAssertEqual(materialDescription(rooks, side: .white), "White has a queen for two rooks, 1 point down")
        // One line for the analysis board.
        XCTAssertEqual(materialSummary(many), "White is up a queen, a rook, a knight and three pawns")
        XCTAssertEqual(materialSummary(even), "White has a bishop for three pawns, even")
        XCTAssertEqual(materialSummary(rooks), "White has a queen for two rooks, 1 point down")
        XCTAssertEqual(materialSummary(ChessGame().snapshot().material), "Material is even")
    }

    func testStatusTextsForEveryEndingComeFromTheCoresStatus() throws {
        XCTAssertEqual(
            statusText(try ChessGame.fromFen(fen: "8/8/8/8/8/5k2/8/4K3 w - - 0 1").snapshot()),
            "Draw by insufficient material")
        let game = ChessGame()
        XCTAssertEqual(statusText(game.snapshot()), "White to move")
        _ = try game.resign(side: .black)
        XCTAssertEqual(statusText(game.snapshot()), "Black resigned — White wins")
        let check = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        _ = try check.playSan(san: "Rh8")
        XCTAssertEqual(statusText(check.snapshot()), "Black to move, in check")
        XCTAssertEqual(check.snapshot().checkSquare, sq("e8"), "check is shown on the board")
        let fifty = try ChessGame.fromFen(fen: "8/8/8/3k4/8/8/3K4/7R w - - 99 80")
        _ = try fifty.playSan(san: "Rh2")
        XCTAssertEqual(statusText(fifty.snapshot()), "Draw may be claimed: the fifty-move rule")
        _ = try fifty.claimDraw()
        XCTAssertEqual(statusText(fifty.snapshot()), "Draw by the fifty-move rule")
        let seventyFive = try ChessGame.fromFen(fen: "8/8/8/3k4/8/8/3K4/7R w - - 149 80")
        _ = try seventyFive.playSan(san: "Rh2")
        XCTAssertEqual(statusText(seventyFive.snapshot()), "Draw by the seventy-five-move rule")
        // Flag falls: a loss on time, or a draw when the other side has a bare king.
        for (fen, text) in [
            ("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1", "White ran out of time — Black wins"),
            ("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1", "Draw by timeout against insufficient material"),
        ] {
            let timed = try ChessGame.fromFen(fen: fen)
            try timed.setTimeControl(control: XCTUnwrap(timeControlFromPgn(text: "10")))
            try timed.startClock(nowMs: 0)
            _ = timed.checkFlag(nowMs: 10_000)
            XCTAssertEqual(statusText(timed.snapshot()), text)
        }
        let reasons: [DrawReason] = [
            .stalemate, .insufficientMaterial, .fiftyMoveRule, .seventyFiveMoveRule,
            .threefoldRepetition, .fivefoldRepetition, .agreement, .timeoutVsInsufficientMaterial,
        ]
        XCTAssertEqual(Set(reasons.map(\.text)).count, reasons.count, "a text of its own each")
    }

    func testMovesOfTheInlineMoveListNumbersWhereTheCoreShowsThemSanAndNagSymbols() throws {
        let imported = readPgn(pgn: "1. e4! e5 (1... c5 $5 2. Nf3) 2. Nf3 $6 $14 Nc6 $200 *")
        XCTAssertEqual(imported.games.count, 1)
        let items = try XCTUnwrap(imported.games.first).snapshot().moveList
        XCTAssertEqual(
            items.compactMap(moveText), ["1. e4!", "e5", "1… c5!?", "2. Nf3", "2. Nf3?!⩲", "Nc6"])
        XCTAssertEqual(items.filter { moveText($0) == nil }.count, 2, "the brackets: not moves")
        XCTAssertEqual(nagText(200), "")
        // The core's table (the same for Kotlin): the move marks, the position symbols and
        // the common others; the rest are not shown.
        let shown: [UInt32] = [
            1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 23, 32, 33, 36, 37, 40, 41,
            132, 133, 138, 139, 140, 146,
        ]
        XCTAssertEqual((0...256).filter { !nagText($0).isEmpty }, shown)
        XCTAssertEqual(
            [1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 146].map(nagText),
            ["!", "?", "!!", "??", "!?", "?!", "□", "=", "∞", "⩲", "⩱", "±", "∓", "+−", "−+", "N"])
    }

    func testGameModeSaysWhichSidesTheEnginePlays() {
        XCTAssertTrue(GameMode.humanVsEngine(humanSide: .white).enginePlays(.black))
        XCTAssertFalse(GameMode.humanVsEngine(humanSide: .white).enginePlays(.white))
        XCTAssertFalse(GameMode.humanVsHuman.enginePlays(.white))
        XCTAssertTrue(GameMode.engineVsEngine.enginePlays(.black))
        XCTAssertEqual(Side.white.opponent, .black)
        XCTAssertEqual(Side.black.name, "Black")
    }
}
