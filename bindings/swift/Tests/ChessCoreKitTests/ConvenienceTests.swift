import ChessCoreKit
import ChessCoreTestSupport
import Foundation
import XCTest

/// `parseMoves`, a search of some moves, `pgnWith`, `removeTag`, `lineTo` and a list's tags, from
/// Swift. Mirrors tests/kotlin/ConvenienceTest.kt.
final class ConvenienceTests: XCTestCase {
    /// The moves alone: no variations, comments, NAGs, clock times, evaluations or marks.
    private static let movesOnly = PgnExportOptions(
        variations: false, comments: false, nags: false, clocks: false, evals: false, marks: false)

    func testParseMovesReadsAUciLineAsSanAndNamesABadMovesPlace() throws {
        let line = try parseMoves(
            fen: startingFen(), moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"])
        XCTAssertEqual(line.map(\.san), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"])
        XCTAssertEqual(try parseMoves(fen: startingFen(), moves: ["e4", "d5"]).map(\.uci), ["e2e4", "d7d5"])
        XCTAssertThrowsError(try parseMoves(fen: startingFen(), moves: ["e4", "e4"])) { error in
            guard case ChessError.IllegalMove(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("move 2 of the line"), message)
        }
        XCTAssertThrowsError(try parseMoves(fen: "no fen", moves: ["e4"])) { error in
            guard case ChessError.InvalidFen = error else { return XCTFail("\(error)") }
        }
    }

    func testASearchOfTheMoveAPlayerConsidersAndAMateSearch() async throws {
        let engine = try ChessEngine(config: EngineConfig(hashMb: 4, seed: 7, variety: false))
        // A free queen for the knight; asked about the king's move only, the engine answers for it.
        let game = try ChessGame.fromFen(fen: "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1")
        let free = try await engine.bestMove(game, limits: SearchLimits(depth: 5))
        let considered = try await engine.bestMove(
            game, limits: SearchLimits(depth: 5, searchMoves: ["Kf2"]))
        XCTAssertEqual(free.bestMove.san, "Nxd5")
        XCTAssertEqual(considered.bestMove.san, "Kf2")
        guard case .centipawns(let best) = free.score, case .centipawns(let worse) = considered.score
        else { return XCTFail("\(free.score) \(considered.score)") }
        XCTAssertGreaterThan(best, worse + 500)
        do {
            _ = try await engine.bestMove(game, limits: SearchLimits(depth: 2, searchMoves: ["Ke3"]))
            XCTFail("Ke3 is not legal")
        } catch ChessError.IllegalMove {}
        let mateIn1 = try ChessGame.fromFen(fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        let mate = try await engine.bestMove(mateIn1, limits: SearchLimits(depth: 30, mate: 1))
        XCTAssertEqual(mate.bestMove.san, "Ra8#")
        XCTAssertLessThanOrEqual(mate.depth, 2)
    }

    func testPgnWithRemoveTagAListsTagsAndLineTo() throws {
        let pgn =
            "[White \"Ann\"]\n[WhiteElo \"1850\"]\n\n1. e4 {[%clk 0:05:00] Good} e5 $1 (1... c5) 2. Nf3 *"
        let game = try ChessGame.fromPgn(pgn: pgn)
        XCTAssertEqual(game.pgnWith(options: PgnExportOptions()), game.pgn(), "the defaults keep everything")
        let moves = game.pgnWith(options: Self.movesOnly)
        XCTAssertTrue(moves.hasSuffix("\n1. e4 e5 2. Nf3 *\n"), moves)
        let noClocks = game.pgnWith(options: PgnExportOptions(clocks: false))
        XCTAssertFalse(noClocks.contains("%clk"))
        XCTAssertTrue(noClocks.contains("Good"))
        XCTAssertTrue(game.removeTag(name: "WhiteElo"))
        XCTAssertFalse(game.removeTag(name: "WhiteElo"))
        XCTAssertNil(game.tag(name: "WhiteElo"))
        let e4 = try XCTUnwrap(game.snapshot().moveRows.first?.whiteNode)
        let line = try game.lineTo(node: e4)
        XCTAssertEqual(line.snapshot().sanHistory, ["e4"])
        XCTAssertEqual(line.tag(name: "White"), "Ann")
        XCTAssertThrowsError(try game.lineTo(node: 99)) { error in
            guard case ChessError.InvalidRequest = error else { return XCTFail("\(error)") }
        }
        let listed = try XCTUnwrap(listPgnGames(pgn: pgn).games.first)
        XCTAssertTrue(listed.tags.contains(Tag(name: "WhiteElo", value: "1850")), "\(listed.tags)")
    }

    func testALichessPuzzleSolvedMoveByMoveAWrongTryCountedAnyMateAccepted() throws {
        // lichess's puzzle 00008 (CC0): Black's Bxg3 is the setup, White wins the queen.
        let p = try ChessPuzzle.fromLichess(
            fen: "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24",
            moves: "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1")
        XCTAssertEqual(p.solver(), .white)
        XCTAssertEqual(p.snapshot().sanHistory, ["Bxg3"])
        guard case .wrong(_, let expected) = try p.playSan(san: "hxg3") else { return XCTFail("hxg3") }
        XCTAssertEqual(expected.san, "Rxe7")
        XCTAssertEqual(p.mistakes(), 1)
        guard case .correct(_, let reply, let solved) = try p.play(from: .e6, to: .e7, promotion: nil)
        else { return XCTFail("Rxe7") }
        XCTAssertEqual(reply?.san, "Qb1+")
        XCTAssertFalse(solved)
        guard case .correct(_, _, false) = try p.playSan(san: "Nc1") else { return XCTFail("Nc1") }
        guard case .correct(_, nil, true) = try p.playSan(san: "Qxc1") else { return XCTFail("Qxc1") }
        XCTAssertTrue(p.isSolved())
        XCTAssertThrowsError(try p.playSan(san: "Kg1")) { error in
            guard case ChessError.GameOver = error else { return XCTFail("\(error)") }
        }
        let twoMates = try ChessPuzzle(fen: "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1", solution: ["Ra8#"])
        guard case .correct(let played, _, true) = try twoMates.playSan(san: "Rb8") else {
            return XCTFail("Rb8#")
        }
        XCTAssertEqual(played.san, "Rb8#")
        XCTAssertThrowsError(try ChessPuzzle(fen: startingFen(), solution: ["e4", "e5"])) { error in
            guard case ChessError.InvalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testAnOpeningExplorerOverAPlayersGames() throws {
        let explorer = OpeningExplorer(maxPlies: 40)
        XCTAssertEqual(
            explorer.addPgn(pgn: "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n"), 2)
        explorer.addGame(game: try ChessGame.fromPgn(pgn: "1. d4 *"))
        XCTAssertEqual(explorer.gameCount(), 3)
        let start = try explorer.moves(fen: startingFen())
        XCTAssertEqual(start.map(\.legalMove.san), ["e4", "d4"])
        XCTAssertEqual(
            [start[0].games, start[0].whiteWins, start[0].draws, start[0].blackWins], [2, 1, 0, 1])
        XCTAssertEqual(
            explorer.movesAt(game: try ChessGame.fromPgn(pgn: "1. e4 *")).map(\.legalMove.san), ["e5", "c5"])
        XCTAssertThrowsError(try explorer.moves(fen: "not a fen")) { error in
            guard case ChessError.InvalidFen = error else { return XCTFail("\(error)") }
        }
    }
}
