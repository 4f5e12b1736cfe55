import ChessCoreKit
import Foundation
import Observation

/// Everything the position editor draws (the Kotlin `EditorUiState`). A value; a new one after
/// every change.
public struct EditorUiState: BoardDrawing, Equatable {
    /// The 64 squares, index 0 = a1 ... 63 = h8; `nil` when empty.
    public var squares: [Piece?]
    /// The side to move.
    public var sideToMove: Side
    /// The castling rights in force: those asked for that the board allows (tick the boxes with
    /// these).
    public var castling: CastlingRights
    /// The castling rights asked for, also those the board does not allow now (a king dragged
    /// away and back gets them again): build a changed request from these.
    public var castlingAsked: CastlingRights
    /// The castling rights the board allows (a king on e1/e8 with its rook in the corner): the
    /// others cannot be ticked.
    public var possibleCastling: CastlingRights
    /// What a tap puts down: a piece, or `nil` for the eraser.
    public var brush: Piece?
    /// The side shown at the bottom.
    public var orientation: Side = .white
    /// The position's FEN when the core accepts it, `nil` otherwise.
    public var fen: String?
    /// Why the core does not accept the position, every problem in words
    /// (``problemText(_:)``), `nil` when it does.
    public var problem: String?
    /// A message about the last intent (e.g. a FEN that could not be read).
    public var message: String?
    /// Why the core does not accept the position, as data (`setupProblems`); empty when it does.
    public var problems: [SetupProblem] = []

    /// The squares the ``problems`` concern (a second king, a pawn on the back rank, a check),
    /// in their order, each once.
    public var problemSquares: [Square] {
        var seen = Set<Square>()
        return problems.flatMap(\.squares).filter { seen.insert($0).inserted }
    }

    /// The ``problemSquares`` as red marks: the board draws them.
    public var squareMarks: [SquareMark] { problemSquares.map { SquareMark(color: .red, square: $0) } }

    /// `true` when the position can be used (``fen`` is set).
    public var isValid: Bool { fen != nil }

    /// No selection on the editor's board.
    public var selected: Square? { nil }
    /// No targets on the editor's board.
    public var targets: Set<Square> { [] }
    /// Nothing framed on the editor's board.
    public var framedMove: LegalMove? { nil }
    /// The editor always takes taps and drags.
    public var acceptsMoves: Bool { true }
    /// No last move in an edited position.
    public var lastMove: LegalMove? { nil }
    /// No check drawn while editing (the core names an impossible one in ``problem``).
    public var checkSquare: Square? { nil }

    /// The piece on `square`, if any.
    public func piece(at square: Square) -> Piece? { squares[square.index] }
}

/// The position editor ("set up a position", as lichess's board editor): pieces put down and
/// taken off square by square, moved by dragging, the side to move and the castling rights
/// chosen; the core checks the result after every change (`setupProblems`, every problem as
/// data) and says which castling rights the board allows (`possibleCastlingRights`), so the
/// editor holds no rule of its own. The Kotlin `PositionEditor`.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class PositionEditor {
    /// The screen state; replaced after every change.
    public private(set) var state: EditorUiState

    /// An editor on the position in `fen` (default: the standard start position); one the core
    /// cannot read starts from the standard position with ``EditorUiState/message`` saying why.
    public init(fen: String = startingFen()) {
        var message: String?
        let setup: PositionSetup
        do {
            setup = try setupOfFen(fen: fen)
        } catch {
            message = (error as? ChessError)?.message ?? "\(error)"
            // The start position always reads.
            setup = (try? setupOfFen(fen: startingFen()))
                ?? PositionSetup(
                    squares: Array(repeating: nil, count: 64), sideToMove: .white,
                    castling: CastlingRights(
                        whiteKingSide: false, whiteQueenSide: false, blackKingSide: false,
                        blackQueenSide: false))
        }
        state = Self.checked(
            setup.squares, setup.sideToMove, asked: setup.castling,
            brush: Piece(side: .white, kind: .queen), orientation: .white, message: message)
    }

    /// A tap on `square`: puts the brush's piece there, or takes it off when that very piece is
    /// there already (a second tap undoes the first); with the eraser, empties the square.
    public func tapSquare(_ square: Square) {
        var squares = state.squares
        let brush = state.brush
        squares[square.index] = brush == nil || squares[square.index] == brush ? nil : brush
        update(squares: squares)
    }

    /// A drag from `from` to `to`: moves the piece there (replacing what stood there); from an
    /// empty square, nothing.
    public func dragMove(from: Square, to: Square) {
        guard let piece = state.piece(at: from), from != to else { return }
        var squares = state.squares
        squares[from.index] = nil
        squares[to.index] = piece
        update(squares: squares)
    }

    /// What taps put down: `piece`, or the eraser when `nil`.
    public func setBrush(_ piece: Piece?) {
        state.brush = piece
    }

    /// Sets the side to move.
    public func setSideToMove(_ side: Side) {
        update(sideToMove: side)
    }

    /// Asks for `rights`; those the board does not allow are not in force.
    public func setCastling(_ rights: CastlingRights) {
        update(asked: rights)
    }

    /// An empty board (no position until both kings are back).
    public func clear() {
        update(
            squares: Array(repeating: nil, count: 64),
            asked: CastlingRights(
                whiteKingSide: false, whiteQueenSide: false, blackKingSide: false,
                blackQueenSide: false))
    }

    /// The standard start position, White to move, every castling right.
    public func startPosition() {
        _ = loadFen(startingFen())
    }

    /// The position in `fen` (e.g. pasted). Returns `false`, with ``EditorUiState/message``
    /// saying why, when the core cannot read it; the board is then unchanged. A well-formed FEN
    /// of an illegal position (two kings, a pawn on the back rank) is loaded as it stands, with
    /// its ``EditorUiState/problems`` marked, to be put right on the board.
    @discardableResult
    public func loadFen(_ fen: String) -> Bool {
        do {
            let setup = try setupOfFen(fen: fen)
            update(squares: setup.squares, sideToMove: setup.sideToMove, asked: setup.castling)
            return true
        } catch {
            state.message = (error as? ChessError)?.message ?? "\(error)"
            return false
        }
    }

    /// Turns the board around.
    public func flip() {
        state.orientation = state.orientation == .white ? .black : .white
    }

    /// Clears ``EditorUiState/message``.
    public func dismissMessage() {
        state.message = nil
    }

    private func update(
        squares: [Piece?]? = nil, sideToMove: Side? = nil, asked: CastlingRights? = nil
    ) {
        state = Self.checked(
            squares ?? state.squares, sideToMove ?? state.sideToMove,
            asked: asked ?? state.castlingAsked,
            brush: state.brush, orientation: state.orientation, message: nil)
    }

    /// The state of `squares` and `sideToMove` as the core judges it, with the rights `asked`
    /// for that it allows.
    private static func checked(
        _ squares: [Piece?], _ sideToMove: Side, asked: CastlingRights, brush: Piece?,
        orientation: Side, message: String?
    ) -> EditorUiState {
        let possible =
            (try? possibleCastlingRights(squares: squares))
            ?? CastlingRights(
                whiteKingSide: false, whiteQueenSide: false, blackKingSide: false,
                blackQueenSide: false)
        let castling = CastlingRights(
            whiteKingSide: asked.whiteKingSide && possible.whiteKingSide,
            whiteQueenSide: asked.whiteQueenSide && possible.whiteQueenSide,
            blackKingSide: asked.blackKingSide && possible.blackKingSide,
            blackQueenSide: asked.blackQueenSide && possible.blackQueenSide)
        let setup = PositionSetup(squares: squares, sideToMove: sideToMove, castling: castling)
        var fen: String?
        var problem: String?
        var problems: [SetupProblem] = []
        do {
            problems = try setupProblems(setup: setup)
            if problems.isEmpty {
                fen = try setupFen(setup: setup)
            } else {
                problem = problemText(problems)
            }
        } catch {
            problem = (error as? ChessError)?.message ?? "\(error)"
        }
        return EditorUiState(
            squares: squares, sideToMove: sideToMove, castling: castling, castlingAsked: asked,
            possibleCastling: possible, brush: brush, orientation: orientation, fen: fen,
            problem: problem, message: message, problems: problems)
    }
}
