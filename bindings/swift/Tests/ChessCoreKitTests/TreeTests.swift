import ChessCoreKit
import XCTest

/// The game tree through the Swift bindings: variations in the move list and rows, navigation,
/// editing, annotations, a file of games, main-line placement, old saves.
final class TreeTests: XCTestCase {
    /// 1. e4 e5 2. Nf3 with the variation 1... c5, standing on c5.
    private func withVariation() throws -> ChessGame {
        let game = ChessGame()
        for san in ["e4", "e5", "Nf3"] { _ = try game.playSan(san: san) }
        XCTAssertTrue(game.goBack())
        XCTAssertTrue(game.goBack())
        _ = try game.playSan(san: "c5")
        return game
    }

    /// The move list as text: `1. e4`, `(1`, `{comment}`, with `*` on the current move.
    private func listText(_ s: GameSnapshot) -> [String] {
        s.moveList.map { item in
            switch item {
            case let .move(node, depth, number, side, showNumber, san, _):
                let label = showNumber ? "\(number)\(side == .white ? "." : "...") " : ""
                return "\(depth):\(label)\(san)\(node == s.node ? "*" : "")"
            case let .comment(_, _, _, text):
                return "{\(text)}"
            case let .variationStart(depth):
                return "(\(depth)"
            case let .variationEnd(depth):
                return "\(depth))"
            }
        }
    }

    /// A game score with a nested variation, comments, NAGs and every annotation command kind.
    private static let annotatedPgn = """
        [Event "Tree test"]
        [Site "?"]
        [Date "2026.11.23"]
        [Round "1"]
        [White "A"]
        [Black "B"]
        [Result "1-0"]

        {Opening} 1. e4 {[%clk 0:05:00]} 1... c5 $2 {[%clk 0:04:58] [%eval 0.35,20]} (1... e5 $1
        {Classical} 2. Nf3 (2. Bc4 {[%cal Gf1c4]}) 2... Nc6) 2. Nf3 {[%csl Rd4] [%cal Gd2d4]} d6 $6 1-0

        """

    /// The node and depth of the first move in the move list written `san`.
    private func move(_ san: String, in s: GameSnapshot) throws -> (node: UInt32, depth: UInt32) {
        for item in s.moveList {
            if case let .move(node, depth, _, _, _, itemSan, _) = item, itemSan == san {
                return (node, depth)
            }
        }
        throw MissingMove(san: san)
    }

    /// A move the move list should hold but does not (fails the test that looked for it).
    private struct MissingMove: Error {
        let san: String
    }

    func testAVariationIsDrawnInTheMoveListAndTheRows() throws {
        let game = try withVariation()
        let s = game.snapshot()
        XCTAssertEqual(s.sanHistory, ["e4", "c5"])
        XCTAssertFalse(s.onMainLine)
        XCTAssertEqual(listText(s), ["0:1. e4", "0:e5", "(1", "1:1... c5*", "1)", "0:2. Nf3"])
        XCTAssertEqual(s.moveRows.map(\.white), ["e4", "Nf3"])
        XCTAssertEqual(s.moveRows.map(\.black), ["e5", nil])
    }

    func testNavigationAndEditingByNode() throws {
        let game = try withVariation()
        let c5 = game.snapshot().node
        let nf3 = try XCTUnwrap(game.snapshot().moveRows[1].whiteNode)
        try game.goTo(node: nf3)
        XCTAssertEqual(game.snapshot().sanHistory, ["e4", "e5", "Nf3"])
        game.goToStart()
        XCTAssertEqual(game.snapshot().ply, 0)
        game.goToEnd()
        XCTAssertEqual(game.snapshot().node, nf3)
        try game.goToMainLinePly(ply: 1)
        XCTAssertEqual(game.snapshot().sanHistory, ["e4"])
        XCTAssertThrowsError(try game.goTo(node: 999)) { error in
            guard case ChessError.InvalidRequest = error else { return XCTFail("\(error)") }
        }
        XCTAssertTrue(try game.promoteVariation(node: c5))
        XCTAssertEqual(game.snapshot().moveRows.map(\.black), ["c5"])
        XCTAssertTrue(try game.makeMainLine(node: nf3))
        try game.deleteFrom(node: c5)
        XCTAssertFalse(game.snapshot().moveList.contains { if case .variationStart = $0 { return true } else { return false } })
        XCTAssertThrowsError(try game.deleteFrom(node: 0))
    }

    func testAnnotationsAreReadWrittenAndKept() throws {
        let game = try withVariation()
        let c5 = game.snapshot().node
        let notes = NodeAnnotations(
            commentBefore: "Or", commentAfter: "the Sicilian", nags: [1, 146], clockMs: 179_500,
            eval: Evaluation(score: .mate(moves: -3), depth: 22),
            squares: [SquareMark(color: .green, square: .d4)],
            arrows: [Arrow(color: .red, from: .g1, to: .f3)],
            commands: [AnnotationCommand(name: "emt", value: "0:00:05")])
        try game.setAnnotations(node: c5, annotations: notes)
        XCTAssertEqual(try game.annotations(node: c5), notes)
        XCTAssertEqual(game.snapshot().annotations, notes)
        var bad = notes
        bad.nags = [256]
        XCTAssertThrowsError(try game.setAnnotations(node: c5, annotations: bad))
        bad.nags = [2, 4]  // `?` and `??`: one move assessment at a time
        XCTAssertThrowsError(try game.setAnnotations(node: c5, annotations: bad)) { error in
            guard case ChessError.InvalidRequest(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("NAGs 2 and 4"), message)
        }
        XCTAssertEqual(try game.annotations(node: c5), notes)
        let pgn = game.pgn()
        XCTAssertTrue(pgn.replacingOccurrences(of: "\n", with: " ").contains(
            "({Or} 1... c5 $1 $146 {[%clk 0:02:59.5] [%eval #-3,22] [%csl Gd4] [%cal Rg1f3] [%emt 0:00:05] the Sicilian})"), pgn)
        let back = try ChessGame.fromPgn(pgn: pgn)
        XCTAssertEqual(back.pgn(), pgn)
        let saved = try ChessGame.fromJson(json: game.toJson())
        XCTAssertEqual(saved.snapshot(), game.snapshot())
    }

    func testPlayingAMoveThatIsThereGoesToItAndStepsFollowTheCurrentLine() throws {
        let game = try withVariation()
        let s = game.snapshot()
        let c5 = s.node
        XCTAssertTrue(game.goBack())
        _ = try game.playSan(san: "e5")
        XCTAssertEqual(game.snapshot().node, s.moveRows[0].blackNode, "the existing move, not a new node")
        XCTAssertEqual(game.snapshot().moveList.count, s.moveList.count)
        try game.goTo(node: c5)
        XCTAssertTrue(game.snapshot().canGoBack)
        XCTAssertFalse(game.snapshot().canGoForward)
        XCTAssertFalse(game.goForward(), "the variation ends at c5")
        game.goToStart()
        XCTAssertFalse(game.snapshot().canGoBack)
        XCTAssertFalse(game.goBack())
        XCTAssertTrue(game.goForward())
        XCTAssertTrue(game.goForward())
        XCTAssertEqual(game.snapshot().node, c5, "forward follows the line the player came back from")
        let info = try game.node(node: c5)
        XCTAssertEqual(info.san, "c5")
        XCTAssertEqual(info.uci, "c7c5")
        XCTAssertEqual(info.side, .black)
        XCTAssertEqual(info.ply, 2)
        XCTAssertFalse(info.isMainLine)
        let parent = try game.node(node: try XCTUnwrap(info.parent))
        XCTAssertEqual(parent.children.count, 2)
        XCTAssertEqual(parent.children.last, c5, "a variation comes after the main move")
    }

    func testUndoAndRedoOnAnAnalysisBoardFollowTheCurrentLine() throws {
        let game = try withVariation()
        let rows = game.snapshot().moveRows
        XCTAssertTrue(game.undo())
        XCTAssertEqual(game.snapshot().sanHistory, ["e4"])
        XCTAssertTrue(game.snapshot().canRedo)
        XCTAssertTrue(game.redo(), "redo follows the line the player came back from")
        XCTAssertEqual(game.snapshot().sanHistory, ["e4", "c5"])
        XCTAssertFalse(game.redo())
        let nf3 = try XCTUnwrap(rows[1].whiteNode)
        try game.goTo(node: nf3)
        XCTAssertTrue(game.undo())
        XCTAssertEqual(game.snapshot().sanHistory, ["e4", "e5"])
        XCTAssertTrue(game.redo())
        XCTAssertEqual(game.snapshot().node, nf3)
        // A new move after undo makes another variation; the main line stays.
        try game.goToMainLinePly(ply: 1)
        _ = try game.playSan(san: "d5")
        XCTAssertEqual(game.snapshot().moveRows, rows)
        XCTAssertEqual(try game.node(node: try XCTUnwrap(rows[0].whiteNode)).children.count, 3)
        game.goToStart()
        XCTAssertFalse(game.undo(), "nothing before the start")
    }

    func testPgnImportKeepsVariationsCommentsNagsAndCommandsExportAndImportAgainChangeNothing() throws {
        let result = readPgn(pgn: Self.annotatedPgn)
        XCTAssertEqual(result.skipped, [])
        XCTAssertEqual(result.games.count, 1)
        let game = try XCTUnwrap(result.games.first)
        let s = game.snapshot()
        XCTAssertEqual(s.sanHistory, ["e4", "c5", "Nf3", "d6"], "an imported game stands at its end")
        XCTAssertEqual(s.annotations.nags, [6])
        XCTAssertEqual(s.status, .ended(outcome: .resignation(winner: .white)), "1-0 before mate reads as a resignation")
        game.goToStart()
        XCTAssertEqual(game.snapshot().annotations.commentAfter, "Opening")
        try game.goToMainLinePly(ply: 1)
        XCTAssertEqual(game.snapshot().annotations.clockMs, 300_000)
        XCTAssertTrue(game.goForward())
        let c5 = game.snapshot().annotations
        XCTAssertEqual(c5.nags, [2])
        XCTAssertEqual(c5.clockMs, 298_000)
        XCTAssertEqual(c5.eval, Evaluation(score: .centipawns(value: 35), depth: 20))
        XCTAssertTrue(game.goForward())
        XCTAssertEqual(game.snapshot().annotations.squares, [SquareMark(color: .red, square: .d4)])
        XCTAssertEqual(game.snapshot().annotations.arrows, [Arrow(color: .green, from: .d2, to: .d4)])
        try game.goTo(node: try move("e5", in: s).node)
        let e5 = game.snapshot()
        XCTAssertFalse(e5.onMainLine)
        XCTAssertEqual(e5.annotations.nags, [1])
        XCTAssertEqual(e5.annotations.commentAfter, "Classical")
        let bc4 = try move("Bc4", in: s)
        XCTAssertEqual(bc4.depth, 2)
        try game.goTo(node: bc4.node)
        XCTAssertEqual(game.snapshot().sanHistory, ["e4", "e5", "Bc4"])
        XCTAssertEqual(game.snapshot().annotations.arrows, [Arrow(color: .green, from: .f1, to: .c4)])

        let pgn = game.pgn()
        XCTAssertTrue(pgn.split(separator: "\n").allSatisfy { $0.count < 80 }, pgn)
        XCTAssertTrue(
            pgn.replacingOccurrences(of: "\n", with: " ").contains(
                "{Opening} 1. e4 {[%clk 0:05:00]} 1... c5 $2 {[%clk 0:04:58] [%eval 0.35,20]} (1... e5 $1 "
                    + "{Classical} 2. Nf3 (2. Bc4 {[%cal Gf1c4]}) 2... Nc6) 2. Nf3 {[%csl Rd4] [%cal Gd2d4]} 2... d6 $6 1-0"),
            pgn)
        let again = try ChessGame.fromPgn(pgn: pgn)
        XCTAssertEqual(again.pgn(), pgn)
        XCTAssertEqual(again.snapshot().moveList, s.moveList)
        for san in ["e4", "c5", "e5", "Bc4", "Nf3", "d6"] {
            XCTAssertEqual(
                try again.annotations(node: try move(san, in: again.snapshot()).node),
                try game.annotations(node: try move(san, in: s).node), san)
        }
    }

    func testAFileOfGamesGivesTheGoodOnesAndWhereEachBadOneFailed() {
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 (1. c4) *\n"
        let result = readPgn(pgn: text)
        XCTAssertEqual(result.games.map { $0.tag(name: "Event") }, ["a", "c"])
        XCTAssertEqual(result.skipped.count, 1)
        XCTAssertEqual(result.skipped[0].game, 2)
        XCTAssertEqual(result.skipped[0].line, 7)
        XCTAssertEqual(result.skipped[0].column, 13)
        XCTAssertTrue(result.skipped[0].message.contains("Ke3"), result.skipped[0].message)
    }

    func testMainLinePlacementKeepsTakeBacksAsAVariation() throws {
        let game = ChessGame()
        game.setNewMovePlacement(placement: .mainLine)
        for san in ["e4", "e5", "Nf3"] { _ = try game.playSan(san: san) }
        XCTAssertTrue(game.undo())
        XCTAssertTrue(game.undo())
        _ = try game.playSan(san: "c5")
        XCTAssertTrue(game.snapshot().onMainLine)
        XCTAssertTrue(game.pgn().contains("1. e4 c5 (1... e5 2. Nf3) *"), game.pgn())
        XCTAssertEqual(try ChessGame.fromJson(json: game.toJson()).newMovePlacement(), .mainLine)
    }

    func testAnIllegalMoveNamesTheMoveAndAnOldSaveLoads() throws {
        let game = ChessGame()
        XCTAssertThrowsError(try game.play(from: .e2, to: .e5, promotion: nil)) { error in
            guard case let ChessError.IllegalMove(message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "illegal move e2e5: the pawn on e2 cannot go to e5")
        }
        let v1 = #"{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[{"uci":"e2e4"},{"uci":"e7e5"}],"redo":[{"uci":"g1f3"}],"tags":[],"comment_before_moves":null,"outcome":null}"#
        let old = try ChessGame.fromJson(json: v1)
        XCTAssertEqual(old.snapshot().sanHistory, ["e4", "e5"])
        XCTAssertTrue(old.redo())
        XCTAssertEqual(old.snapshot().sanHistory, ["e4", "e5", "Nf3"])
    }
}
