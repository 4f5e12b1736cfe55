package dev.chesscore.tests

import dev.chesscore.ChessException
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.liveObjectCount
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test

class ReadmeExampleTest {
    @Test
    fun `the quick start plays the engine's reply and rejects an illegal move`() {
        runBlocking {
            EngineTurn(this).use { turn ->
                turn.userMoved(Square.E2, Square.E4)
                turn.job!!.join()
                assertEquals(2, turn.game.snapshot().sanHistory.size)
                assertEquals(Side.WHITE, turn.game.snapshot().sideToMove)
                assertFailsWith<ChessException.IllegalMove> { turn.userMoved(Square.E1, Square.E3) }
            }
        }
        assertEquals(0uL, liveObjectCount())
    }
}
