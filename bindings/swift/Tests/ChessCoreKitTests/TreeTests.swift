import XCTest
@testable import ChessCoreKit

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
        let pgn = game.pgn()
        XCTAssertTrue(pgn.replacingOccurrences(of: "\n", with: " ").contains(
            "({Or} 1... c5 $1 $146 {[%clk 0:02:59.5] [%eval #-3,22] [%csl Gd4] [%cal Rg1f3] [%emt 0:00:05] the Sicilian})"), pgn)
        let back = try ChessGame.fromPgn(pgn: pgn)
        XCTAssertEqual(back.pgn(), pgn)
        let saved = try ChessGame.fromJson(json: game.toJson())
        XCTAssertEqual(saved.snapshot(), game.snapshot())
    }

    func testAFileOfGamesGivesTheGoodOnesAndWhereEachBadOneFailed() {
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 (1. c4) *\n"
        let result = readPgn(pgn: text)
        XCTAssertEqual(result.games.map { $0.tag(name: "Event") }, ["a", "c"])
        XCTAssertEqual(result.skipped.count, 1)
        XCTAssertEqual(result.skipped[0].game, 2)
        XCTAssertEqual(result.skipped[0].line, 7)
        XCTAssertEqual(result.skipped[0].column, 13)
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
