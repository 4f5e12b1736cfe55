package dev.chesscore.presentation

import dev.chesscore.ChessGame
import dev.chesscore.MoveListItem
import dev.chesscore.readPgn
import dev.chesscore.Score
import dev.chesscore.Side
import dev.chesscore.timeControlFromPgn
import kotlin.test.assertEquals
import org.junit.jupiter.api.Test

class PresentationTextTest {
    @Test
    fun `scores are shown from White's side as the core gives them`() {
        assertEquals("+0.35", scoreText(Score.Centipawns(35)))
        assertEquals("-0.35", scoreText(Score.Centipawns(-35)))
        assertEquals("0.00", scoreText(Score.Centipawns(0)))
        assertEquals("+12.00", scoreText(Score.Centipawns(1200)))
        assertEquals("M3", scoreText(Score.Mate(3)))
        assertEquals("-M2", scoreText(Score.Mate(-2)))
    }

    @Test
    fun `status texts for every ending come from the core's status`() {
        ChessGame.fromFen("8/8/8/8/8/5k2/8/4K3 w - - 0 1").use {
            assertEquals("Draw by insufficient material", statusText(it.snapshot()))
        }
        ChessGame().use { game ->
            assertEquals("White to move", statusText(game.snapshot()))
            game.resign(Side.BLACK)
            assertEquals("Black resigned — White wins", statusText(game.snapshot()))
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").use { game ->
            game.playSan("Rh8")
            assertEquals("Black to move", statusText(game.snapshot()))
            assertEquals(sq("e8"), game.snapshot().checkSquare, "check is shown on the board")
        }
        // Flag falls: a loss on time, or a draw when the other side has a bare king.
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            game.checkFlag(10_000uL)
            assertEquals("White ran out of time — Black wins", statusText(game.snapshot()))
        }
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            game.checkFlag(10_000uL)
            assertEquals("Draw by timeout against insufficient material", statusText(game.snapshot()))
        }
    }

    @Test
    fun `moves of the inline move list - numbers where the core shows them, SAN, NAG symbols`() {
        val import = readPgn("1. e4! e5 (1... c5 \$5 2. Nf3) 2. Nf3 \$6 \$14 Nc6 \$200 *")
        val moves = import.games.single().use { it.snapshot().moveList.filterIsInstance<MoveListItem.Move>() }
        assertEquals(listOf("1. e4!", "e5", "1… c5!?", "2. Nf3", "2. Nf3?!⩲", "Nc6"), moves.map(::moveText))
        assertEquals("", nagSymbol(200u))
    }
}
