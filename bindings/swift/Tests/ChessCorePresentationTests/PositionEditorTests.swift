import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

private let all = CastlingRights(
    whiteKingSide: true, whiteQueenSide: true, blackKingSide: true, blackQueenSide: true)
private let none = CastlingRights(
    whiteKingSide: false, whiteQueenSide: false, blackKingSide: false, blackQueenSide: false)
private func white(_ kind: PieceKind) -> Piece { Piece(side: .white, kind: kind) }
private func black(_ kind: PieceKind) -> Piece { Piece(side: .black, kind: kind) }

/// The position editor. Mirrors android/presentation/src/test/.../PositionEditorTest.kt.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class PositionEditorTests: XCTestCase {
    func testStartsFromTheStartPositionWhichTheCoreAccepts() async {
        let e = PositionEditor()
        XCTAssertEqual(e.state.fen, startingFen())
        XCTAssertTrue(e.state.isValid)
        XCTAssertNil(e.state.problem)
        XCTAssertEqual(e.state.problems, [])
        XCTAssertEqual(e.state.problemSquares, [])
        XCTAssertEqual(e.state.castling, all)
        XCTAssertEqual(e.state.possibleCastling, all)
        XCTAssertEqual(e.state.piece(at: sq("e1")), white(.king))
    }

    func testABoardIsBuiltSquareBySquareTheCoreNamesWhatIsWrongUntilItIsAPosition() async throws {
        let e = PositionEditor()
        e.clear()
        XCTAssertFalse(e.state.isValid)
        XCTAssertEqual(e.state.problem, "White has no king. Black has no king.")
        XCTAssertEqual(e.state.problems.map(\.kind), [.missingKing, .missingKing])
        XCTAssertEqual(e.state.problemSquares, [])
        XCTAssertEqual(e.state.possibleCastling, none)
        e.setBrush(white(.king))
        e.tapSquare(sq("e1"))
        e.setBrush(black(.king))
        e.tapSquare(sq("e8"))
        e.setBrush(white(.pawn))
        e.tapSquare(sq("d8"))
        XCTAssertEqual(e.state.problem, "A pawn on d8, on the back rank.")
        XCTAssertEqual(e.state.problemSquares, [sq("d8")], "the board marks the pawn")
        XCTAssertEqual(e.state.squareMarks, [SquareMark(color: .red, square: sq("d8"))])
        // A second white king: both kings marked, and the pawn.
        e.setBrush(white(.king))
        e.tapSquare(sq("a3"))
        XCTAssertEqual(e.state.problem, "A pawn on d8, on the back rank. White has 2 kings (e1, a3).")
        XCTAssertEqual(Set(e.state.problemSquares), [sq("d8"), sq("e1"), sq("a3")])
        e.tapSquare(sq("a3"))
        e.setBrush(white(.pawn))
        e.tapSquare(sq("d8"))  // the same piece again takes it off
        XCTAssertNil(e.state.piece(at: sq("d8")))
        XCTAssertEqual(e.state.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        // A rook in the corner makes castling possible; asked for, it is in force.
        e.setBrush(white(.rook))
        e.tapSquare(sq("h1"))
        XCTAssertTrue(e.state.possibleCastling.whiteKingSide)
        XCTAssertFalse(e.state.castling.whiteKingSide, "not asked for yet")
        e.setCastling(all)
        XCTAssertEqual(
            e.state.castling,
            CastlingRights(
                whiteKingSide: true, whiteQueenSide: false, blackKingSide: false,
                blackQueenSide: false), "only what the board allows")
        XCTAssertEqual(e.state.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        // Dragging the king off e1 takes the right away, bringing it back restores it.
        e.dragMove(from: sq("e1"), to: sq("f2"))
        XCTAssertEqual(e.state.castling, none)
        e.dragMove(from: sq("f2"), to: sq("e1"))
        XCTAssertTrue(e.state.castling.whiteKingSide)
        // A box changed meanwhile is built from the rights asked for: the others stay asked for.
        e.dragMove(from: sq("e1"), to: sq("f2"))
        var asked = e.state.castlingAsked
        asked.blackKingSide = false
        e.setCastling(asked)
        e.dragMove(from: sq("f2"), to: sq("e1"))
        XCTAssertTrue(e.state.castling.whiteKingSide, "still asked for, in force again")
        // The side to move; the side not to move may not stand in check.
        e.setBrush(black(.rook))
        e.tapSquare(sq("e4"))
        e.setSideToMove(.black)
        XCTAssertEqual(e.state.problem, "White is in check and it is Black's move.")
        XCTAssertEqual(Set(e.state.problemSquares), [sq("e1"), sq("e4")], "the king and the checker")
        XCTAssertNil(e.state.fen)
        e.setSideToMove(.white)
        let fen = try XCTUnwrap(e.state.fen)
        XCTAssertEqual(try ChessGame.fromFen(fen: fen).fen(), fen)
        // The eraser.
        e.setBrush(nil)
        e.tapSquare(sq("e4"))
        XCTAssertNil(e.state.piece(at: sq("e4")))
    }

    func testAFenLoadsForEditingABadOneSaysWhyAndChangesNothingStartPositionResets() async {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        let e = PositionEditor(fen: fen)
        XCTAssertEqual(e.state.sideToMove, .black)
        XCTAssertEqual(e.state.fen, fen)
        let before = e.state
        XCTAssertFalse(e.loadFen("not a fen"))
        XCTAssertNotNil(e.state.message)
        XCTAssertEqual(e.state.squares, before.squares)
        e.dismissMessage()
        e.startPosition()
        XCTAssertEqual(e.state.fen, startingFen())
        e.flip()
        XCTAssertEqual(e.state.orientation, .black)
        XCTAssertEqual(e.state.squareAtCell(column: 0, row: 0), sq("h1"))
        // A FEN the core cannot read at the start: the start position, and why.
        let bad = PositionEditor(fen: "8/8/8")
        XCTAssertEqual(bad.state.fen, startingFen())
        XCTAssertNotNil(bad.state.message)
        // A well-formed FEN of an illegal position loads as it stands, its problems marked.
        XCTAssertTrue(e.loadFen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1"))
        XCTAssertEqual(e.state.piece(at: sq("a1")), white(.king))
        XCTAssertNil(e.state.fen)
        XCTAssertEqual(e.state.problem, "White has 2 kings (a1, e1).")
        XCTAssertEqual(e.state.problemSquares, [sq("a1"), sq("e1")])
        XCTAssertNil(e.state.message)
    }

    func testEveryKindOfProblemIsWordedFromItsDataTheCoresOwnSentenceAside() async {
        func text(_ kind: SetupProblemKind, _ side: Side?, _ squares: String...) -> String {
            setupProblemText(SetupProblem(kind: kind, side: side, squares: squares.map(sq), message: "the core's words"))
        }
        XCTAssertEqual(text(.missingKing, .black), "Black has no king")
        XCTAssertEqual(text(.tooManyKings, .white, "e1", "a3"), "White has 2 kings (e1, a3)")
        XCTAssertEqual(text(.pawnOnBackRank, .black, "a1"), "A pawn on a1, on the back rank")
        XCTAssertEqual(text(.tooManyPieces, .black, "a7"), "Black has too many pieces: at most 16, of them at most 8 pawns")
        XCTAssertEqual(text(.impossibleCastling, .white, "h1"), "White cannot castle with the rook on h1")
        XCTAssertEqual(
            text(.conflictingCastling, .white, "a1", "b1"), "Only one rook on each side of the king can castle (a1, b1)")
        XCTAssertEqual(text(.impossibleEnPassant, nil, "e3"), "No pawn can just have passed e3")
        XCTAssertEqual(text(.opponentInCheck, .black, "e8", "e4"), "Black is in check and it is White's move")
        XCTAssertEqual(text(.enPassantAfterCheck, .black, "e3"), "Black was in check before the pawn passed e3")
        XCTAssertEqual(text(.impossibleCheck, .black, "a4", "e4", "c7"), "No last move can give this check (a4, e4, c7)")
        XCTAssertEqual(
            text(.checkAfterDoublePush, .white, "d6", "f3"),
            "The en passant square d6 cannot be: no double pawn push gives this check (f3)")
        // An editor opened on an impossible check (three checkers) words it and marks them.
        let e = PositionEditor(fen: "4k3/2N5/8/8/B3R3/8/8/4K3 b - - 0 1")
        XCTAssertNil(e.state.message)
        XCTAssertEqual(e.state.problem, "No last move can give this check (a4, e4, c7).")
        XCTAssertEqual(e.state.problemSquares, [sq("a4"), sq("e4"), sq("c7")])
    }

    func testTheEditorAnnouncesTheSquaresATapOrDragChangedAndANewVerdict() async {
        let e = PositionEditor(fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        var before = e.state
        func said() -> String? {
            defer { before = e.state }
            return editorAnnouncement(before: before, after: e.state)
        }
        XCTAssertNil(editorAnnouncement(before: nil, after: before))
        e.setBrush(white(.knight))
        e.tapSquare(sq("f3"))
        XCTAssertEqual(said(), "White knight on f3")
        e.setBrush(black(.bishop))
        e.tapSquare(sq("f3"))
        XCTAssertEqual(said(), "Black bishop on f3, replacing white knight")
        e.dragMove(from: sq("e1"), to: sq("f2"))
        XCTAssertEqual(said(), "e1 emptied. White king on f2")
        e.setBrush(white(.king))
        e.tapSquare(sq("a3"))
        XCTAssertEqual(said(), "White king on a3. White has 2 kings (f2, a3).")
        e.tapSquare(sq("a3"))
        XCTAssertEqual(said(), "a3 emptied. The position is legal")
        e.setBrush(black(.rook))
        e.setSideToMove(.black)
        XCTAssertNil(said(), "the radio button says the side itself; the verdict did not change")
        e.tapSquare(sq("a2"))
        XCTAssertEqual(said(), "Black rook on a2. White is in check and it is Black's move.")
        // A whole board at once: what is on it, then the verdict when it changed.
        e.clear()
        XCTAssertEqual(said(), "Board cleared. White has no king. Black has no king.")
        e.startPosition()
        XCTAssertEqual(said(), "32 pieces on the board. The position is legal")
        e.startPosition()
        XCTAssertNil(said(), "nothing changed")
        // Castling rights a drag takes away and gives back.
        e.dragMove(from: sq("h1"), to: sq("h3"))
        XCTAssertEqual(said(), "h1 emptied. White rook on h3. White can no longer castle king side")
        e.dragMove(from: sq("h3"), to: sq("h1"))
        XCTAssertEqual(said(), "h3 emptied. White rook on h1. White can castle king side again")
        e.dragMove(from: sq("e8"), to: sq("e6"))
        XCTAssertEqual(said(), "e8 emptied. Black king on e6. Black can no longer castle")
        e.dragMove(from: sq("e6"), to: sq("e8"))
        XCTAssertEqual(said(), "e6 emptied. Black king on e8. Black can castle again")
        var asked = e.state.castlingAsked
        asked.whiteQueenSide = false
        e.setCastling(asked)
        XCTAssertNil(said(), "the box says a right its own tap changed")
        XCTAssertTrue(e.loadFen("8/8/8/8/8/8/8/4K3 w - - 0 1"))
        XCTAssertEqual(said(), "1 piece on the board. Black has no king.")
    }
}
