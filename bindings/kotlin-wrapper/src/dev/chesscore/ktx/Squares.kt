/**
 * Board helpers over the core's [Square]: its value is the index of [GameSnapshot.squares]
 * (a1 = 0, b1 = 1, ..., h8 = 63), so a board view can go from a row and column to a square and
 * from a square to its piece without a call into the library.
 */
package dev.chesscore.ktx

import dev.chesscore.GameSnapshot
import dev.chesscore.Piece
import dev.chesscore.Square

/** The square's index, a1 = 0 .. h8 = 63 (the order of [Square.entries]). */
val Square.index: Int get() = value.toInt()

/** The square's file, 0 = a .. 7 = h. */
val Square.file: Int get() = index % 8

/** The square's rank, 0 = the first .. 7 = the eighth. */
val Square.rank: Int get() = index / 8

/** The square's name, e.g. "e4". */
val Square.label: String get() = name.lowercase()

/** The square on [file] (0 = a .. 7 = h) and [rank] (0 = first .. 7 = eighth). */
fun squareAt(file: Int, rank: Int): Square {
    require(file in 0..7 && rank in 0..7) { "no square at file $file, rank $rank" }
    return Square.entries[rank * 8 + file]
}

/** The piece on [square], or `null` when it is empty. */
fun GameSnapshot.pieceAt(square: Square): Piece? = squares[square.index]
