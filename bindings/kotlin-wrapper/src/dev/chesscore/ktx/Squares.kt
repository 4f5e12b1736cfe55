/**
 * Board helpers over the core's [Square] (whose index, file, rank and label are its own): a board
 * view goes from a row and column to a square and from a square to its piece without a call into
 * the library.
 */
package dev.chesscore.ktx

import dev.chesscore.GameSnapshot
import dev.chesscore.Piece
import dev.chesscore.Square

/** The square on [file] (0 = a .. 7 = h) and [rank] (0 = first .. 7 = eighth). */
fun squareAt(file: Int, rank: Int): Square {
    require(file in 0..7 && rank in 0..7) { "no square at file $file, rank $rank" }
    return Square.entries[rank * 8 + file]
}

/** The piece on [square], or `null` when it is empty. */
fun GameSnapshot.pieceAt(square: Square): Piece? = squares[square.index]
