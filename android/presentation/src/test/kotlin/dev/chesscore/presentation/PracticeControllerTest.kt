package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.MoveClass
import dev.chesscore.Side
import dev.chesscore.liveObjectCount
import dev.chesscore.tests.SCHOLAR_PGN
import dev.chesscore.tests.TEST_REVIEW
import dev.chesscore.tests.onMain
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.delay
import org.junit.jupiter.api.Test

/** 3... Nf6?? of the scholar's mate, with Qe7 as the better move and Qxf7# as the refutation. */
private val NF6 = PracticeExercise(5, Side.BLACK, "Nf6", MoveClass.BLUNDER, "Qe7", listOf("Qxf7#"))

private fun practice(scope: CoroutineScope, exercises: List<PracticeExercise> = listOf(NF6), coachNodes: ULong = 20_000uL) =
    PracticeController(scope, SCHOLAR_PGN, exercises, engineFactory = { ChessEngine(it.copy(hashMb = 1u)) }, coachNodes = coachNodes)

private suspend fun PracticeController.awaitState(what: String, predicate: (PracticeUiState) -> Boolean): PracticeUiState =
    state.await(what, 30_000, { it.copy(snapshot = it.snapshot.brief()) }, predicate)

/** Taps [from] then [to]. */
private fun PracticeController.move(from: String, to: String) {
    tapSquare(sq(from))
    tapSquare(sq(to))
}

private fun row(ply: Int, side: Side, san: String, moveClass: MoveClass, better: String?) = ReviewRow(
    ply = ply, numberText = "", side = side, san = san, moveClass = moveClass, symbol = classSymbol(moveClass),
    classText = classText(moveClass), evalText = "", betterSan = better, refutationSan = listOf("x"), missedWin = false,
    onlyMove = false,
)

class PracticeControllerTest {
    @Test
    fun `the exercises are the mistakes and blunders with a better move, of one side when asked`() {
        val rows = listOf(
            row(0, Side.WHITE, "e4", MoveClass.BOOK, null),
            row(1, Side.BLACK, "f6", MoveClass.INACCURACY, "e5"),
            row(2, Side.WHITE, "Qh5", MoveClass.MISTAKE, "d4"),
            row(3, Side.BLACK, "g5", MoveClass.BLUNDER, "Kf7"),
            row(4, Side.WHITE, "Qxg5", MoveClass.BLUNDER, null),
        )
        assertEquals(listOf(2, 3), practiceExercises(rows).map { it.ply })
        assertEquals(
            listOf(PracticeExercise(3, Side.BLACK, "g5", MoveClass.BLUNDER, "Kf7", listOf("x"))),
            practiceExercises(rows, Side.BLACK),
        )
    }

    @Test
    fun `the game's move is wrong at once, the coach judges others, the engine's move is right, then done`() {
        onMain {
            val baseline = liveObjectCount()
            practice(this).use { c ->
                val start = c.state.value
                assertEquals(PracticePhase.TO_MOVE, start.phase)
                assertEquals(5u, start.snapshot.ply)
                assertEquals(Side.BLACK, start.orientation)
                assertEquals("Black to play: find a better move than Nf6", start.promptText)
                assertEquals("Exercise 1 of 1", start.progressText)
                assertTrue(start.acceptsMoves && start.canShowSolution && start.canGoNext && !start.canRetry)
                assertEquals("Black to play: find a better move than knight to f6", start.spokenPrompt)
                // What a screen reader hears: the piece selected, then the verdict in words.
                c.tapSquare(sq("g8"))
                assertEquals("Black knight on g8 selected: e7, f6, h6", practiceAnnouncement(start, c.state.value))
                // The game's own move: wrong at once, with the review's refutation.
                c.tapSquare(sq("f6"))
                assertEquals(PracticePhase.WRONG, c.state.value.phase)
                assertEquals("Nf6 allows Qxf7#. Try again.", c.state.value.promptText)
                assertEquals("knight to f6 allows queen takes f7, checkmate. Try again.", practiceAnnouncement(start, c.state.value))
                val afterWrong = c.state.value
                assertTrue(c.state.value.canRetry && !c.state.value.acceptsMoves)
                c.retry()
                assertEquals(5u, c.state.value.snapshot.ply)
                assertEquals("Black to play: find a better move than knight to f6", practiceAnnouncement(afterWrong, c.state.value))
                // Another losing move: the coach says why.
                val retried = c.state.value
                c.move("a7", "a6")
                assertEquals(PracticePhase.CHECKING, c.state.value.phase)
                assertNull(practiceAnnouncement(retried, c.state.value), "checking: the verdict follows")
                assertTrue(c.state.value.promptText.startsWith("Checking a6"))
                c.tapSquare(sq("h5")) // no input while the coach checks (White's queen, White to move)
                assertNull(c.state.value.selected)
                val checking = c.state.value
                val wrong = c.awaitState("the coach's verdict on a6") { it.phase != PracticePhase.CHECKING }
                assertEquals(
                    "a6 allows ${spokenLine(wrong.refutation?.lineSan.orEmpty())}. Try again.",
                    practiceAnnouncement(checking, wrong),
                )
                assertEquals(PracticePhase.WRONG, wrong.phase)
                assertEquals("Qxf7#", wrong.refutation?.lineSan?.first())
                assertEquals("a6 allows ${wrong.refutation?.lineSan?.joinToString(" ")}. Try again.", wrong.promptText)
                assertEquals(0, wrong.solved)
                // A good move of its own: the coach finds it no mistake.
                c.retry()
                c.move("g7", "g6")
                val checkingG6 = c.state.value
                val solved = c.awaitState("the coach's verdict on g6") { it.phase != PracticePhase.CHECKING }
                assertEquals("g6 is good (the engine's move: queen to e7)", practiceAnnouncement(checkingG6, solved))
                // A message (the coach failed, say) is left to the snackbar that shows it.
                assertNull(practiceAnnouncement(checkingG6, solved.copy(phase = PracticePhase.TO_MOVE, message = "The coach stopped")))
                assertEquals(PracticePhase.SOLVED, solved.phase, solved.promptText)
                assertEquals(1, solved.solved)
                assertEquals("g6 is good (the engine's move: Qe7)", solved.promptText)
                assertEquals("g6 is good (the engine's move: queen to e7)", solved.spokenPrompt)
                // The engine's move: right at once; the exercise counts once.
                c.retry()
                val again = c.state.value
                c.move("d8", "e7")
                assertEquals(PracticePhase.SOLVED, c.state.value.phase)
                assertEquals(1, c.state.value.solved)
                assertEquals("Qe7: the engine's move too", c.state.value.promptText)
                assertEquals("queen to e7: the engine's move too", practiceAnnouncement(again, c.state.value))
                c.next()
                val done = c.state.value
                assertEquals(PracticePhase.DONE, done.phase)
                assertNull(done.exercise)
                assertEquals("Done: 1 of 1 solved", done.promptText)
                assertEquals(null, done.progressText)
                assertTrue(!done.canRetry && !done.canShowSolution && !done.canGoNext)
                c.tapSquare(sq("h5")) // nothing to do now (White's queen, White to move)
                assertEquals(done, c.state.value)
            }
            assertEquals(baseline, liveObjectCount(), "the game, the engine and the coach's handles freed")
        }
    }

    @Test
    fun `show the solution puts the engine's move on the board without counting, a check under way is dropped`() {
        onMain {
            practice(this, listOf(NF6, NF6.copy(ply = 4, side = Side.WHITE, playedSan = "Bc4", betterSan = "Nf3"))).use { c ->
                c.move("a7", "a6")
                assertEquals(PracticePhase.CHECKING, c.state.value.phase)
                val checking = c.state.value
                c.showSolution()
                val shown = c.state.value
                assertEquals("The engine's move: queen to e7", practiceAnnouncement(checking, shown))
                assertEquals(PracticePhase.SHOWN, shown.phase)
                assertEquals("Qe7", shown.snapshot.sanHistory.last())
                assertEquals("The engine's move: Qe7", shown.promptText)
                assertEquals("The engine's move: queen to e7", shown.spokenPrompt)
                assertEquals(0, shown.solved)
                delay(500) // the stopped check's report, if any, arrives and is dropped
                assertEquals(shown, c.state.value)
                // Found after seeing it: not counted.
                c.retry()
                c.move("d8", "e7")
                assertEquals(PracticePhase.SOLVED, c.state.value.phase)
                assertEquals(0, c.state.value.solved)
                val first = c.state.value
                c.next()
                assertEquals(Side.WHITE, c.state.value.orientation)
                assertEquals(4u, c.state.value.snapshot.ply)
                assertEquals("White to play: find a better move than Bc4", c.state.value.promptText)
                assertEquals(
                    "Exercise 2 of 2. White to play: find a better move than bishop to c4",
                    practiceAnnouncement(first, c.state.value),
                )
                val second = c.state.value
                c.next()
                assertEquals("Done: 0 of 2 solved", c.state.value.promptText)
                assertEquals("Done: 0 of 2 solved", practiceAnnouncement(second, c.state.value))
            }
        }
    }

    @Test
    fun `a coach that cannot start brings the position back with why, closing mid-check frees everything`() {
        onMain {
            val baseline = liveObjectCount()
            practice(this, coachNodes = 0uL).use { c ->
                c.move("a7", "a6")
                val s = c.state.value
                assertEquals(PracticePhase.TO_MOVE, s.phase)
                assertEquals(5u, s.snapshot.ply, "the exercise's position again")
                assertTrue(s.message!!.startsWith("The engine failed: "), s.message)
            }
            practice(this).use { away ->
                away.move("a7", "a6")
                away.pause() // the app goes to the background mid-check
                assertEquals(PracticePhase.TO_MOVE, away.state.value.phase)
                assertEquals(5u, away.state.value.snapshot.ply, "the exercise's position again")
                delay(300)
                assertEquals(PracticePhase.TO_MOVE, away.state.value.phase, "the stopped check's report is dropped")
                away.pause() // nothing to stop
                assertEquals(PracticePhase.TO_MOVE, away.state.value.phase)
            }
            val c = practice(this)
            c.move("a7", "a6")
            assertEquals(PracticePhase.CHECKING, c.state.value.phase)
            c.close()
            assertEquals(baseline, liveObjectCount())
            c.move("a7", "a6") // ignored after close
            delay(300)
            assertEquals(PracticePhase.CHECKING, c.state.value.phase, "no verdict after close")
        }
    }

    @Test
    fun `from a real review - the exercises of one side on its annotated game`() {
        onMain {
            ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                    ReviewController(this, engine, game).use { review ->
                        review.start(TEST_REVIEW)
                        val done = review.state.await("the review", 60_000, { it.phase }) { it.phase == ReviewPhase.DONE }
                        val exercises = practiceExercises(done.rows, Side.BLACK)
                        val nf6 = exercises.single { it.playedSan == "Nf6" }
                        assertEquals(5, nf6.ply)
                        assertTrue(exercises.all { it.side == Side.BLACK })
                        PracticeController(this, review.analysisRequest().pgn, exercises, coachNodes = 20_000uL).use { c ->
                            assertEquals(listOf("e4", "e5", "Qh5", "Nc6", "Bc4"), c.state.value.snapshot.sanHistory)
                            c.move("g8", "f6")
                            assertEquals(PracticePhase.WRONG, c.state.value.phase)
                            c.showSolution()
                            assertEquals(nf6.betterSan, c.state.value.snapshot.sanHistory.last())
                        }
                    }
                }
            }
        }
    }

    @Test
    fun `no exercises is done at once, a bad PGN is refused`() {
        onMain {
            practice(this, emptyList()).use { c ->
                assertEquals(PracticePhase.DONE, c.state.value.phase)
                assertEquals("No mistakes or blunders to practise", c.state.value.promptText)
            }
            val baseline = liveObjectCount()
            assertFailsWith<ChessException.InvalidPgn> { PracticeController(this, "1. e5 *", listOf(NF6)) }
            assertEquals(baseline, liveObjectCount())
        }
    }
}
