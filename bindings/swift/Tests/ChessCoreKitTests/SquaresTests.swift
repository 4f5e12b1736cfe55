import ChessCoreKit
import ChessCoreTestSupport
import XCTest

/// The board helpers over `Square`, checked against the core's own square functions.
final class SquaresTests: XCTestCase {
    func testEverySquaresIndexFileRankAndLabelAgreeWithTheCore() throws {
        XCTAssertEqual(Square.allCases.count, 64)
        XCTAssertEqual(Square.allCases.map(\.index), Array(0..<64))
        for square in Square.allCases {
            XCTAssertEqual(square.label, squareName(square: square))
            XCTAssertEqual(try parseSquare(name: square.label), square)
            XCTAssertEqual(squareAt(file: square.file, rank: square.rank), square)
        }
        XCTAssertEqual([Square.e4.file, Square.e4.rank], [4, 3])
        XCTAssertEqual(squareAt(file: 0, rank: 7), .a8)
    }

    func testPieceAtReadsTheSnapshotsSquares() throws {
        let snapshot = ChessGame().snapshot()
        XCTAssertEqual(snapshot.pieceAt(.e1), Piece(side: .white, kind: .king))
        XCTAssertEqual(snapshot.pieceAt(.d8), Piece(side: .black, kind: .queen))
        XCTAssertNil(snapshot.pieceAt(.e4))
        XCTAssertEqual(Square.allCases.compactMap { snapshot.pieceAt($0) }.count, 32)
    }
}
