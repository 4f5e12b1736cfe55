package dev.chesscore.presentation

import dev.chesscore.ChessGame
import dev.chesscore.MoveListItem
import dev.chesscore.readPgn
import dev.chesscore.Score
import dev.chesscore.Side
import dev.chesscore.SideReview
import dev.chesscore.timeControlFromPgn
import dev.chesscore.winPercent
import kotlin.test.assertEquals
import org.junit.jupiter.api.Test

class PresentationTextTest {
    /** The summary rounds a tie to even, as Swift's and the core's annotated PGN do. */
    @Test
    fun `a side's summary rounds as the other platforms do`() {
        val side = { accuracy: Double, loss: Double ->
            sideSummary(SideReview(20u, accuracy, loss, 0u, 5u, 5u, 5u, 2u, 2u, 1u, 0u, 0u))
        }
        for ((accuracy, loss, shown) in listOf(
            Triple(84.25, 34.5, "84.2" to "34"),
            Triple(84.75, 35.5, "84.8" to "36"),
            Triple(99.96, 0.49, "100.0" to "0"),
        )) {
            val summary = side(accuracy, loss)
            assertEquals(shown, summary.accuracyText to summary.averageLossText, "$accuracy $loss")
        }
        assertEquals("–", sideSummary(SideReview(0u, null, null, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u)).accuracyText)
    }

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
    fun `an eval bar says both sides' win chances in whole percent`() {
        assertEquals("White 62 % · Black 38 %", winChanceText(61.743))
        assertEquals("White 50 % · Black 50 %", winChanceText(50.0))
        assertEquals("White 100 % · Black 0 %", winChanceText(100.0))
        assertEquals("White 0 % · Black 100 %", winChanceText(0.0))
        assertEquals("White 0 % · Black 100 %", winChanceText(winPercent(Score.Mate(-1))))
    }

    @Test
    fun `material is said kind by kind with counts, and the points when both sides have extra pieces`() {
        ChessGame.fromFen("4k3/pp6/8/8/8/8/PPPPP3/RN1QK3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("White is up a queen, a rook, a knight and three pawns", materialDescription(material, Side.WHITE))
            assertEquals("+20", materialLeadText(material, Side.WHITE))
            assertEquals(null, materialDescription(material, Side.BLACK))
            assertEquals("", materialLeadText(material, Side.BLACK))
            assertEquals("White is up a queen, a rook, a knight and three pawns", materialSummary(material))
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/PPP5/4KB2 b - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("White is up a bishop and three pawns", materialDescription(material, Side.WHITE))
        }
        ChessGame.fromFen("4k3/ppp5/8/8/8/8/8/2B1K3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals(0, material.balance)
            assertEquals("White has a bishop for three pawns, even", materialSummary(material))
            assertEquals("White has a bishop for three pawns, even", materialDescription(material, Side.WHITE))
            assertEquals("Black has three pawns for a bishop, even", materialDescription(material, Side.BLACK))
            assertEquals("", materialLeadText(material, Side.WHITE))
            assertEquals("", materialLeadText(material, Side.BLACK))
        }
        ChessGame().use { game -> assertEquals("Material is even", materialSummary(game.snapshot().material)) }
        ChessGame.fromFen("rr2k3/8/8/8/8/8/8/3QK3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("Black has two rooks for a queen, 1 point up", materialDescription(material, Side.BLACK))
            assertEquals("White has a queen for two rooks, 1 point down", materialDescription(material, Side.WHITE))
        }
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
        assertEquals("", nagText(200u))
    }
}
