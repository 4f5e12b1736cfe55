/// Board helpers over the core's `Square`: its raw value is the index of
/// `GameSnapshot.squares` (a1 = 0, b1 = 1, ..., h8 = 63), so a board view can go from a row and
/// column to a square and from a square to its piece without a call into the library. The
/// Kotlin wrapper has the same helpers (`dev.chesscore.ktx`, Squares.kt).
extension Square {
    /// Every square, a1 first and h8 last (the order of the core's indices).
    public static let all: [Square] = (0..<64).map { Square(rawValue: UInt8($0))! }

    /// The square's index, a1 = 0 .. h8 = 63.
    public var index: Int { Int(rawValue) }

    /// The square's file, 0 = a .. 7 = h.
    public var file: Int { index % 8 }

    /// The square's rank, 0 = the first .. 7 = the eighth.
    public var rank: Int { index / 8 }

    /// The square's name, e.g. "e4" (the core's `squareName`, without a call).
    public var label: String {
        let files = Array("abcdefgh")
        return "\(files[file])\(rank + 1)"
    }
}

/// The square on `file` (0 = a .. 7 = h) and `rank` (0 = first .. 7 = eighth).
///
/// - Precondition: both are in 0...7.
public func squareAt(file: Int, rank: Int) -> Square {
    precondition((0..<8).contains(file) && (0..<8).contains(rank), "no square at file \(file), rank \(rank)")
    return Square.all[rank * 8 + file]
}

extension GameSnapshot {
    /// The piece on `square`, or `nil` when it is empty.
    public func pieceAt(_ square: Square) -> Piece? { squares[square.index] }
}
