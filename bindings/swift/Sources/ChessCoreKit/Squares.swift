/// Board helpers over the core's `Square` (whose index, file, rank and label are its own): a board
/// view goes from a row and column to a square and from a square to its piece without a call into
/// the library. The Kotlin wrapper has the same helpers (`dev.chesscore.ktx`, Squares.kt).
/// The square on `file` (0 = a .. 7 = h) and `rank` (0 = first .. 7 = eighth).
///
/// - Precondition: both are in 0...7.
public func squareAt(file: Int, rank: Int) -> Square {
    precondition((0..<8).contains(file) && (0..<8).contains(rank), "no square at file \(file), rank \(rank)")
    return Square.allCases[rank * 8 + file]
}

extension GameSnapshot {
    /// The piece on `square`, or `nil` when it is empty.
    public func pieceAt(_ square: Square) -> Piece? { squares[square.index] }
}
