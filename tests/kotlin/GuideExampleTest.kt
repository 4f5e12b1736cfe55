package dev.chesscore.tests

import dev.chesscore.*
import kotlinx.coroutines.runBlocking
import kotlin.test.*
import org.junit.jupiter.api.Test

/** Runs the code of docs/app-guide.md (GuideExamples.kt) and checks what the guide says it does. */
class GuideExampleTest {
    private val scholar = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"

    @Test
    fun `the timed game times both sides' moves, reads the clock into the limits and ends on time`() {
        var now = 10_000uL
        TimedGame { now }.use { t ->
            assertEquals(listOf(Square.E3, Square.E4), t.targets(Square.E2))
            assertEquals(emptyList(), t.promotions(Square.E2, Square.E4))
            runBlocking { t.userMoved(Square.E2, Square.E4) }
            val s = t.game.snapshot()
            assertEquals(2, s.sanHistory.size, "the engine replied")
            val clock = t.game.clock(now)!!
            assertEquals(ClockState.RUNNING, clock.state)
            assertEquals(Side.WHITE, clock.runningSide)
            assertEquals(182_000uL, clock.whiteMs, "the first move not charged, its increment given")
            now += 200_000uL
            assertTrue(t.checkFlag() is GameStatus.Ended, "White's flag fell")
        }
    }

    @Test
    fun `the analysis board adds a commented variation`() {
        val pgn = addViennaVariation("1. e4 e5 2. Nf3 Nc6 *")
        assertTrue("2. Nf3 (2. Nc3 $1 {The Vienna}) 2... Nc6" in pgn, pgn)
        assertEquals(pgn, ChessGame.fromPgn(pgn).use { it.pgn() }, "it reads back the same")
    }

    @Test
    fun `the review reports progress, the accuracy and the blunder`() {
        ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
            val seen = mutableListOf<Int>()
            val (accuracy, blunders) = runBlocking { reviewBlunders(engine, scholar) { done, _ -> seen += done } }
            assertEquals((1..7).toList(), seen)
            assertNotNull(accuracy)
            assertEquals(1, blunders.size, "$blunders")
            assertTrue(blunders.single().startsWith("3. Nf6, best "), "$blunders")
        }
    }

    @Test
    fun `the coach names the refutation, the threat and the hanging piece`() {
        ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
            ChessGame.fromPgn("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 *").use { game ->
                val notes = runBlocking { coachNotes(engine, game) }
                assertTrue("Nf6 was a BLUNDER: after Qxf7#" in notes, "$notes")
                assertTrue(notes.any { it.startsWith("the PAWN on f7 hangs") }, "$notes")
            }
            // A stalemate that threw a win away: judged, with no reply to show.
            ChessGame.fromFen("7k/8/8/6K1/8/8/8/5Q2 w - - 0 1").use { game ->
                game.playSan("Qf7")
                assertEquals(listOf("Qf7 was a BLUNDER"), runBlocking { coachNotes(engine, game) })
            }
        }
    }

    @Test
    fun `the puzzle trainer solves a lichess puzzle with one wrong try`() {
        val before = liveObjectCount()
        // lichess's puzzle 00008 as its database line (CC0).
        PuzzleTrainer(
            "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24," +
                "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,75,93,553,crushing hangingPiece long,,",
        ).use { trainer ->
            assertEquals(listOf("Bxg3"), trainer.puzzle.snapshot().sanHistory, "the setup move is shown")
            assertEquals("not hxg3: try again", trainer.userMoved(Square.H2, Square.G3))
            assertEquals("right, then Qb1+", trainer.userMoved(Square.E6, Square.E7))
            assertEquals("right, then Qxc1+", trainer.userMoved(Square.B3, Square.C1))
            assertEquals("solved", trainer.userMoved(Square.H6, Square.C1))
            assertEquals(1u, trainer.puzzle.mistakes())
        }
        assertEquals(before, liveObjectCount(), "the trainer's puzzle is freed")
    }

    @Test
    fun `a timed game saved on pause comes back with its clock, running again`() {
        ChessGame.withTimeControl(fischerTimeControl(60_000uL, 0uL)).use { game ->
            game.playSanAt("e4", 1_000uL)
            game.playSanAt("e5", 5_000uL)                 // Black used 4 s
            val json = saveOnPause(game, 8_000uL)         // White used 3 s of its move
            restoreOnResume(json, 500uL).use { back ->    // a new process: a new time base
                val c = back.clock(500uL)!!
                assertEquals(ClockState.RUNNING, c.state)
                assertEquals(57_000uL, c.whiteMs, "the 3 s kept")
                assertEquals(56_000uL, c.blackMs)
                assertEquals(54_000uL, back.clock(3_500uL)!!.whiteMs, "White's time runs again")
            }
        }
    }
}
