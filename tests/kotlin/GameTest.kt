package dev.chesscore.tests

import dev.chesscore.*
import kotlin.test.*
import org.junit.jupiter.api.Test

class ChessGameTest {
    @Test
    fun `new game snapshot`() {
        ChessGame().use { game ->
            val s = game.snapshot()
            assertEquals(startingFen(), s.fen)
            assertEquals(Side.WHITE, s.sideToMove)
            assertEquals(64, s.squares.size)
            assertEquals(Piece(Side.WHITE, PieceKind.KING), s.squares[4])
            assertNull(s.squares[28])
            assertEquals(20, s.legalMoves.size)
            assertEquals(GameStatus.Ongoing(null), s.status)
            assertFalse(s.canUndo)
        }
    }
}
