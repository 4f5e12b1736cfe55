import ChessCoreKit
import ChessCoreTestSupport
import XCTest

/// Chess960 games and attack information through the Swift bindings.
final class Chess960Tests: XCTestCase {
    /// Start position 96 (BBQNRNKR) after 1. Nfe3 Nfe6: both kings may castle short from g1/g8,
    /// which moves only their rooks (h1 to f1).
    private static let castleReady = "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR w KQkq - 2 2"

    func testNewGamesByNumberOrAtRandom() throws {
        let game = try ChessGame.newChess960(startNumber: 0)
        let snapshot = game.snapshot()
        XCTAssertTrue(snapshot.chess960)
        XCTAssertTrue(game.isChess960())
        XCTAssertEqual(snapshot.fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
        XCTAssertEqual(game.shredderFen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
        XCTAssertEqual(game.chess960StartNumber(), 0)
        XCTAssertEqual(game.tag(name: "Variant"), "Chess960")
        XCTAssertEqual(try chess960StartFen(number: 0), snapshot.fen)

        let standardStart = try ChessGame.newChess960(startNumber: 518)
        XCTAssertEqual(standardStart.fen(), startingFen())
        XCTAssertTrue(standardStart.snapshot().chess960)
        XCTAssertFalse(ChessGame().snapshot().chess960)
        XCTAssertNil(ChessGame().chess960StartNumber())

        let random = try ChessGame.newChess960(startNumber: nil)
        XCTAssertLessThan(try XCTUnwrap(random.chess960StartNumber()), 960)

        XCTAssertThrowsError(try ChessGame.newChess960(startNumber: 960)) { error in
            guard case ChessError.InvalidRequest(let message) = error else {
                return XCTFail("expected InvalidRequest, got \(error)")
            }
            XCTAssertTrue(message.contains("0 to 959"), message)
        }
        XCTAssertThrowsError(try chess960StartFen(number: 1000))
    }

    func testCastlingIsTheKingOntoItsRook() throws {
        let game = try ChessGame.fromChess960Fen(fen: Self.castleReady)
        let castle = try XCTUnwrap(game.legalMoves().first { $0.isCastle })
        XCTAssertEqual(castle.from, .g1)
        XCTAssertEqual(castle.to, .h1)
        XCTAssertEqual(castle.uci, "g1h1")
        XCTAssertEqual(castle.san, "O-O")
        XCTAssertTrue(game.destinationsFrom(square: .g1).contains(.h1))
        XCTAssertEqual(try game.play(from: .g1, to: .h1, promotion: nil), castle)
        XCTAssertTrue(game.fen().contains("/BBQNRRK1 b kq - 3 2"), game.fen())
        _ = try game.playSan(san: "O-O")

        let restored = try ChessGame.fromJson(json: game.toJson())
        XCTAssertEqual(restored.snapshot(), game.snapshot())
        XCTAssertTrue(restored.snapshot().chess960)

        let before = game.snapshot()
        XCTAssertThrowsError(try game.play(from: .g1, to: .f1, promotion: nil)) { error in
            guard case ChessError.IllegalMove = error else {
                return XCTFail("expected IllegalMove, got \(error)")
            }
        }
        XCTAssertEqual(game.snapshot(), before)
    }

    func testStandardGamesKeepStandardCastling() throws {
        let game = ChessGame()
        for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
            _ = try game.playSan(san: san)
        }
        XCTAssertEqual(game.legalMoves().first { $0.isCastle }?.to, .g1)
        // The king dropped on its rook castles too.
        XCTAssertEqual(try game.play(from: .e1, to: .h1, promotion: nil).uci, "e1g1")
    }

    func testAttackInformation() throws {
        // The white knight on c3 is pinned by the bishop on b4; the black queen on h2 hits f2.
        let game = try ChessGame.fromFen(fen: "4k3/8/8/8/1b2P3/2N5/7q/3QK3 w - - 0 1")
        XCTAssertEqual(game.pins(side: .white), [Pin(pinned: .c3, pinner: .b4)])
        XCTAssertTrue(game.pins(side: .black).isEmpty)
        XCTAssertEqual(game.attackers(square: .d5, side: .white), [.d1, .c3, .e4])
        XCTAssertTrue(game.isAttacked(square: .f2, side: .black))
        XCTAssertFalse(game.isAttacked(square: .e1, side: .black))
        XCTAssertTrue(game.attackedSquares(side: .black).contains(.f2))
        XCTAssertTrue(game.checkers().isEmpty)
        let check = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/1q6/K7 w - - 0 1")
        XCTAssertEqual(check.checkers(), [.b2])
    }

    func testTheEngineMatesByCastling() async throws {
        // The king stays on g1 and the rook comes to f1: mate, written king-takes-rook.
        let engine = try ChessEngine(config: EngineConfig())
        let game = try ChessGame.fromFen(fen: "4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1")
        XCTAssertTrue(game.snapshot().chess960)
        let result = try await engine.bestMove(game, limits: SearchLimits(depth: 4))
        XCTAssertEqual(result.bestMove.uci, "g1h1")
        XCTAssertEqual(result.bestMove.san, "O-O#")
        XCTAssertEqual(result.score, .mate(moves: 1))
    }
}
