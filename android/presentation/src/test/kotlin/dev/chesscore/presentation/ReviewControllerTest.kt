package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import java.io.File
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.GameReview
import dev.chesscore.MoveListItem
import dev.chesscore.MoveReview
import dev.chesscore.ReviewListener
import dev.chesscore.SearchHandle
import dev.chesscore.MoveClass
import dev.chesscore.ReviewOptions
import dev.chesscore.Score
import dev.chesscore.Side
import dev.chesscore.liveObjectCount
import dev.chesscore.reviewFromJson
import dev.chesscore.tests.SCHOLAR_PGN
import dev.chesscore.tests.TEST_REVIEW
import dev.chesscore.tests.onMain
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlin.test.fail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.withTimeoutOrNull
import org.junit.jupiter.api.Test

/** An engine whose reviews end as a review that failed inside chesscore would. */
private class FailingReviewEngine : ChessEngine(EngineConfig(hashMb = 1u)) {
    override fun review(game: ChessGame, options: ReviewOptions, listener: ReviewListener): SearchHandle =
        super.review(game, options, object : ReviewListener {
            override fun onMoveReviewed(review: MoveReview, done: UInt, total: UInt) = listener.onMoveReviewed(review, done, total)
            override fun onFinished(review: GameReview) = listener.onFinished(review.copy(complete = false, error = "injected"))
        })
}

/** An engine that records each review it is asked to continue (the moves it already has). */
private class ContinuingEngine : ChessEngine(EngineConfig(hashMb = 4u)) {
    val continued = mutableListOf<Int>()

    override fun continueReview(game: ChessGame, options: ReviewOptions, earlier: GameReview, listener: ReviewListener): SearchHandle {
        // Recorded once the core took it (it throws when it refuses).
        return super.continueReview(game, options, earlier, listener).also { continued += earlier.moves.size }
    }
}

/** Waits (at most 10 s) until [cache] has kept a review: a paused one's result has come in. */
private suspend fun awaitFirstSave(cache: InMemoryReviewCache) {
    withTimeoutOrNull(10_000) {
        while (cache.saveCount == 0) kotlinx.coroutines.delay(5)
    } ?: fail("the stopped review never came in")
}

/** Waits (at most 10 s) until [engine] has finished its current work. */
private suspend fun awaitIdle(engine: ChessEngine) {
    withTimeoutOrNull(10_000) {
        while (engine.isSearching()) kotlinx.coroutines.delay(5)
    } ?: fail("the engine stayed busy")
}

/** Twelve quiet moves of a Queen's Gambit: long enough to stop a review in the middle. */
private const val QUEENS_GAMBIT = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *"

/** A budget at which a review of [QUEENS_GAMBIT] is still running when a test stops it. */
private val STOPPABLE = ReviewOptions(nodesPerPosition = 50_000uL, threads = 1u)

/**
 * Runs [block] with [QUEENS_GAMBIT], a [ContinuingEngine] and the game's whole, uninterrupted
 * review at [STOPPABLE] (what a stopped and continued review must end as).
 */
private suspend fun CoroutineScope.withWholeReview(block: suspend (ChessGame, ContinuingEngine, ReviewUiState) -> Unit) {
    ChessGame.fromPgn(QUEENS_GAMBIT).use { game ->
        ContinuingEngine().use { engine ->
            val whole = ReviewController(this, engine, game).use { c ->
                c.start(STOPPABLE)
                c.awaitState("the whole review") { it.phase == ReviewPhase.DONE }
            }
            block(game, engine, whole)
        }
    }
}

private suspend fun ReviewController.awaitState(what: String, predicate: (ReviewUiState) -> Boolean): ReviewUiState =
    withTimeoutOrNull(60_000) { state.first(predicate) } ?: fail("timed out waiting for $what; state: ${state.value}")

class ReviewControllerTest {
    @Test
    fun `the analysis board opens on the review's annotated game at the selected move`() {
        onMain {
            ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                    ReviewController(this, engine, game).use { controller ->
                        // Before a review: the game itself, at the start.
                        assertEquals(AnalysisRequest(game.pgn(), 0u), controller.analysisRequest())
                        controller.start(TEST_REVIEW)
                        val s = controller.awaitState("done") { it.phase == ReviewPhase.DONE }
                        controller.select(5) // 3... Nf6??
                        val request = controller.analysisRequest()
                        assertEquals(AnalysisRequest(assertNotNull(s.annotatedPgn), 6u), request)
                        AnalysisFixture(this, pgn = request.pgn, ply = request.ply).controller.use { board ->
                            val at = board.state.value.snapshot
                            assertEquals(listOf("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"), at.sanHistory)
                            assertEquals(listOf(4u), at.annotations.nags, "the blunder's ??")
                            assertNotNull(at.annotations.eval, "its [%eval]")
                            // The engine's better move stands beside Nf6 as a variation.
                            val better = assertNotNull(s.rows[5].betterSan)
                            val moves = at.moveList.filterIsInstance<MoveListItem.Move>()
                            assertTrue(moves.any { it.depth == 1u && it.san == better }, "$better in ${moves.map { it.san to it.depth }}")
                        }
                    }
                }
            }
        }
    }

    @Test
    fun `a review fills the rows, the graph and the summaries, then is done`() {
        onMain {
            val baseline = liveObjectCount()
            ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                    ReviewController(this, engine, game).use { controller ->
                        assertEquals(ReviewPhase.IDLE, controller.state.value.phase)
                        controller.start(TEST_REVIEW)
                        assertEquals(ReviewPhase.RUNNING, controller.state.value.phase)
                        assertEquals(7, controller.state.value.total)
                        val s = controller.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(7, s.rows.size)
                        assertEquals(1f, s.progress)
                        assertEquals(listOf("1.", "1…", "2.", "2…", "3.", "3…", "4."), s.rows.map { it.numberText })
                        val nf6 = s.rows[5]
                        assertEquals("Nf6", nf6.san)
                        assertEquals(MoveClass.BLUNDER, nf6.moveClass)
                        assertEquals("??", nf6.symbol)
                        assertEquals("Blunder", nf6.classText)
                        assertEquals("M1", nf6.evalText)
                        assertEquals("Qxf7#", nf6.refutationSan.first())
                        assertNotNull(nf6.betterSan)
                        assertEquals("#", s.rows[6].evalText)
                        // The graph: 8 positions from x = 0 to 1, ending with White's win; a
                        // marker where Black blundered.
                        assertEquals(8, s.graph.size)
                        assertEquals(0f, s.graph.first().x)
                        assertEquals(1f, s.graph.last().x)
                        assertEquals(1f, s.graph.last().y)
                        assertEquals(MoveClass.BLUNDER, s.graph[6].marker)
                        assertTrue(s.graph.all { it.y in 0f..1f })
                        assertEquals(1, assertNotNull(s.black).blunders)
                        assertEquals(0, assertNotNull(s.white).blunders)
                        assertTrue(assertNotNull(s.annotatedPgn).contains("[%eval"))
                        // Next error walks the inaccuracies and worse in order (2. Qh5 may be one
                        // at this budget; 3... Nf6 is one), then wraps round to the first.
                        val errorPlies = s.rows.filter { it.moveClass.isError() }.map { it.ply }
                        assertTrue(5 in errorPlies, "$errorPlies")
                        for (ply in errorPlies + errorPlies.first()) {
                            controller.selectNextError()
                            assertEquals(ply, controller.state.value.selectedPly)
                        }
                        controller.select(99)
                        assertNull(controller.state.value.selectedPly, "no such move")
                        controller.select(2)
                        assertEquals("Qh5", controller.state.value.selectedRow?.san)
                    }
                }
            }
            assertEquals(baseline, liveObjectCount(), "game, engine and review handle freed")
        }
    }

    @Test
    fun `a finished review is kept and shown again at once, without searching`() {
        onMain {
            val cache = InMemoryReviewCache()
            ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                val first = ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                    ReviewController(this, engine, game, cache).use { controller ->
                        controller.start(TEST_REVIEW)
                        val s = controller.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(false, s.kept)
                        s
                    }
                }
                assertEquals(1, cache.saveCount)
                // The same game again: the kept review, at once (done as soon as started).
                ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                    ReviewController(this, engine, game, cache).use { controller ->
                        controller.start(TEST_REVIEW)
                        val s = controller.state.value
                        assertEquals(ReviewPhase.DONE, s.phase, "no search: done as soon as started")
                        assertTrue(s.kept)
                        assertEquals(first.rows, s.rows)
                        assertEquals(first.graph, s.graph)
                        assertEquals(first.white, s.white)
                        assertEquals(first.annotatedPgn, s.annotatedPgn)
                        assertEquals(1, cache.saveCount, "a kept review is not saved again")
                        // Another budget is another review: searched.
                        controller.start(ReviewOptions(nodesPerPosition = 5_000uL))
                        assertEquals(ReviewPhase.RUNNING, controller.state.value.phase)
                        controller.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(2, cache.saveCount)
                    }
                }
                // The game under other tags is another annotated PGN: searched too.
                ChessGame.fromPgn("[Event \"Again\"]\n\n$SCHOLAR_PGN").use { game ->
                    ReviewController(this, engine, game, cache).use { controller ->
                        controller.start(TEST_REVIEW)
                        assertEquals(ReviewPhase.RUNNING, controller.state.value.phase)
                        controller.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(3, cache.saveCount)
                    }
                }
            }
        }
    }

    @Test
    fun `a stopped review is kept and a later start goes on where it stopped`() {
        onMain {
            val cache = InMemoryReviewCache()
            withWholeReview { game, engine, whole ->
                // Stopped by the person: kept, as far as it went.
                val stopped = ReviewController(this, engine, game, cache).use { c ->
                    c.start(STOPPABLE)
                    c.awaitState("a move") { it.rows.isNotEmpty() }
                    c.stop()
                    c.awaitState("stopped") { it.phase == ReviewPhase.STOPPED }
                }
                assertTrue(stopped.rows.size < 12, "${stopped.rows.size} rows")
                assertEquals(1, cache.saveCount)
                awaitIdle(engine)
                // Another controller (the app was closed meanwhile): it goes on from there.
                ReviewController(this, engine, game, cache).use { c ->
                    c.start(STOPPABLE)
                    assertEquals(listOf(stopped.rows.size), engine.continued)
                    assertEquals(stopped.rows, c.state.value.rows, "the kept rows at once")
                    assertEquals(ReviewPhase.RUNNING, c.state.value.phase)
                    val s = c.awaitState("done") { it.phase == ReviewPhase.DONE }
                    assertEquals(false, s.kept, "searched now")
                    assertEquals(whole.rows, s.rows)
                    assertEquals(whole.annotatedPgn, s.annotatedPgn)
                }
                assertEquals(2, cache.saveCount)
                // Then it is the whole review that is kept.
                ReviewController(this, engine, game, cache).use { c ->
                    c.start(STOPPABLE)
                    assertTrue(c.state.value.kept)
                    assertEquals(ReviewPhase.DONE, c.state.value.phase)
                    assertEquals(whole.rows, c.state.value.rows)
                }
                assertEquals(1, engine.continued.size)
            }
        }
    }

    @Test
    fun `a review closed while running is kept as far as it went and goes on when reopened`() {
        onMain(timeoutMs = 120_000) {
            val cache = InMemoryReviewCache()
            withWholeReview { game, engine, whole ->
                // The person leaves the review screen while it runs: the controller closes.
                val left = ReviewController(this, engine, game, cache)
                left.start(STOPPABLE)
                val shown = left.awaitState("a move") { it.rows.isNotEmpty() }.rows.size
                left.close()
                // Its result still comes in (on the engine's thread, then the main one) and is kept.
                awaitFirstSave(cache)
                awaitIdle(engine)
                ReviewController(this, engine, game, cache).use { c ->
                    c.start(STOPPABLE)
                    assertEquals(1, engine.continued.size, "continued, not started over")
                    assertTrue(engine.continued[0] in shown until 12, "from ${engine.continued[0]} moves, $shown shown")
                    assertEquals(whole.rows.take(engine.continued[0]), c.state.value.rows, "the kept rows at once")
                    val s = c.awaitState("done") { it.phase == ReviewPhase.DONE }
                    assertEquals(whole.rows, s.rows)
                    assertEquals(whole.annotatedPgn, s.annotatedPgn)
                }
                awaitIdle(engine)

                // The app closes: its view model's scope is cancelled, then the controller is
                // closed. The stopped review is kept whether its result was already waiting for
                // the main thread (paused as the app went to the background) or came after.
                for (resultFirst in listOf(true, false)) {
                    val cleared = InMemoryReviewCache()
                    val viewModelScope = CoroutineScope(coroutineContext + SupervisorJob())
                    val closing = ReviewController(viewModelScope, engine, game, cleared)
                    closing.start(STOPPABLE)
                    closing.awaitState("a move") { it.rows.isNotEmpty() }
                    if (resultFirst) {
                        closing.pause()
                        // The main thread busy until the result is on its way to it.
                        while (engine.isSearching()) Thread.sleep(1)
                        Thread.sleep(50)
                    }
                    viewModelScope.cancel()
                    closing.close()
                    awaitFirstSave(cleared)
                    val kept = reviewFromJson(assertNotNull(cleared.load(engine.reviewKey(game, STOPPABLE))))
                    assertFalse(kept.complete)
                    assertEquals(whole.rows.take(kept.moves.size), kept.moves.map(::reviewRow))
                    awaitIdle(engine)
                }
            }
        }
    }

    @Test
    fun `a review cache of files keeps reviews under the core's keys only`() {
        val dir = java.nio.file.Files.createTempDirectory("chesscore-reviews").toFile()
        val errors = mutableListOf<Exception>()
        val cache = DirectoryReviewCache(dir, onError = { errors += it })
        assertNull(cache.load("0123456789abcdef"))
        cache.save("0123456789abcdef", "{}")
        assertEquals("{}", DirectoryReviewCache(dir).load("0123456789abcdef"))
        cache.save("../escape", "{}")
        assertEquals(1, errors.size)
        assertNull(cache.load("../escape"))
        assertTrue(dir.listFiles()!!.map { it.name } == listOf("0123456789abcdef.json"))
        // At most `limit` kept, the least recently written going first.
        val small = DirectoryReviewCache(dir, limit = 2)
        File(dir, "0123456789abcdef.json").setLastModified(1_000)
        small.save("1111111111111111", "{1}")
        File(dir, "1111111111111111.json").setLastModified(2_000)
        small.save("2222222222222222", "{2}")
        assertNull(small.load("0123456789abcdef"), "the oldest went")
        assertEquals("{1}", small.load("1111111111111111"))
        assertEquals("{2}", small.load("2222222222222222"))
        assertTrue(dir.listFiles()!!.none { it.name.endsWith(".tmp") })
    }

    @Test
    fun `stopping keeps the moves reviewed so far, with their summary`() {
        onMain {
            ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *").use { game ->
                ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                    ReviewController(this, engine, game).use { controller ->
                        controller.start(ReviewOptions(nodesPerPosition = 200_000uL))
                        val running = controller.awaitState("two moves") { it.rows.size >= 2 }
                        assertEquals(ReviewPhase.RUNNING, running.phase)
                        assertTrue(running.progress > 0f && running.progress < 1f)
                        assertEquals(running.rows.size + 1, running.graph.size)
                        controller.stop()
                        val s = controller.awaitState("stopped") { it.phase == ReviewPhase.STOPPED }
                        assertTrue(s.rows.size in 2 until 12, "${s.rows.size} rows")
                        assertEquals(s.rows.size + 1, s.graph.size)
                        // The curve keeps the whole game's scale (12 moves): it ends where the
                        // review stopped, not at the right edge.
                        assertEquals(12, s.total)
                        assertEquals(s.rows.size / 12f, s.graph.last().x, 1e-6f)
                        assertNotNull(s.white)
                    }
                }
            }
        }
    }

    @Test
    fun `a review stopped in the background continues where it stopped when the app is back and ends the same`() {
        onMain {
            ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *").use { game ->
                ContinuingEngine().use { engine ->
                    val options = ReviewOptions(nodesPerPosition = 50_000uL, threads = 1u)
                    val whole = ReviewController(this, engine, game).use { c ->
                        c.resume() // nothing was paused: nothing starts
                        assertEquals(ReviewPhase.IDLE, c.state.value.phase)
                        c.start(options)
                        c.awaitState("the whole review") { it.phase == ReviewPhase.DONE }
                    }
                    // A cache says when the stopped review's result has come in (it is kept).
                    val cache = InMemoryReviewCache()
                    ReviewController(this, engine, game, cache).use { c ->
                        c.start(options)
                        c.awaitState("a move") { it.rows.isNotEmpty() }
                        c.pause()
                        // The review stops on the engine's thread; its last events still come in.
                        awaitFirstSave(cache)
                        val paused = c.state.value
                        assertTrue(paused.phase == ReviewPhase.RUNNING && paused.rows.size < 12, "${paused.rows.size} rows")
                        assertEquals(whole.rows.take(paused.rows.size), paused.rows)
                        c.resume()
                        assertEquals(listOf(paused.rows.size), engine.continued, "continued, not started over")
                        assertEquals(paused.rows, c.state.value.rows, "the rows so far stay")
                        val s = c.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(whole.rows, s.rows)
                        assertEquals(whole.graph, s.graph)
                        assertEquals(whole.white, s.white)
                        assertEquals(whole.annotatedPgn, s.annotatedPgn)
                        c.pause() // over: nothing to stop or start again
                        c.resume()
                        assertEquals(ReviewPhase.DONE, c.state.value.phase)
                    }
                    // Back before the stopped review's result came in: continued when it does.
                    engine.continued.clear()
                    ReviewController(this, engine, game).use { c ->
                        c.start(options)
                        c.awaitState("a move") { it.rows.isNotEmpty() }
                        c.pause()
                        c.resume()
                        val s = c.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(1, engine.continued.size, "continued once")
                        assertEquals(whole.rows, s.rows)
                        assertEquals(whole.annotatedPgn, s.annotatedPgn)
                    }
                    // Back and away again before the stopped review's result came in: it stays
                    // stopped while the app is away, and goes on when it is back.
                    engine.continued.clear()
                    val awayCache = InMemoryReviewCache()
                    ReviewController(this, engine, game, awayCache).use { c ->
                        c.start(options)
                        c.awaitState("a move") { it.rows.isNotEmpty() }
                        c.pause()
                        c.resume()
                        c.pause()
                        awaitFirstSave(awayCache)
                        kotlinx.coroutines.delay(300)
                        assertEquals(emptyList(), engine.continued, "went on in the background")
                        assertFalse(engine.isSearching())
                        assertEquals(ReviewPhase.RUNNING, c.state.value.phase)
                        c.resume()
                        val s = c.awaitState("done") { it.phase == ReviewPhase.DONE }
                        assertEquals(1, engine.continued.size)
                        assertEquals(whole.rows, s.rows)
                    }
                    // Stopped by the person, then the app goes away before the stop arrives:
                    // it stays stopped.
                    engine.continued.clear()
                    ReviewController(this, engine, game).use { c ->
                        c.start(options)
                        c.awaitState("a move") { it.rows.isNotEmpty() }
                        c.stop()
                        c.pause()
                        c.resume()
                        val stopped = c.awaitState("stopped") { it.phase == ReviewPhase.STOPPED }
                        kotlinx.coroutines.delay(300)
                        assertEquals(stopped, c.state.value, "not started over")
                        assertEquals(emptyList(), engine.continued)
                    }
                    // Paused, then stopped by the person: what was reviewed shows as stopped.
                    val pausedCache = InMemoryReviewCache()
                    ReviewController(this, engine, game, pausedCache).use { c ->
                        c.start(options)
                        c.awaitState("a move") { it.rows.isNotEmpty() }
                        c.pause()
                        awaitFirstSave(pausedCache)
                        val rows = c.state.value.rows
                        c.stop()
                        val stopped = c.awaitState("stopped") { it.phase == ReviewPhase.STOPPED }
                        assertEquals(rows, stopped.rows)
                        assertNotNull(stopped.white)
                        c.resume()
                        kotlinx.coroutines.delay(200)
                        assertEquals(stopped, c.state.value, "stays stopped")
                        assertEquals(emptyList(), engine.continued)
                    }
                }
            }
        }
    }

    @Test
    fun `a review that failed inside chesscore keeps its moves and shows the message`() {
        onMain {
            ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
                FailingReviewEngine().use { engine ->
                    ReviewController(this, engine, game).use { controller ->
                        controller.start(TEST_REVIEW)
                        val s = controller.awaitState("the failure") { it.message != null }
                        assertEquals(ReviewPhase.IDLE, s.phase)
                        assertEquals("injected", s.message)
                        assertEquals(7, s.rows.size, "the moves reviewed before it stay")
                    }
                }
            }
        }
    }

    @Test
    fun `a bad option shows the core's message and starts nothing`() {
        onMain {
            ChessGame.fromPgn("1. e4 e5 2. Nf3 Nc6 *").use { game ->
                ChessEngine(EngineConfig(hashMb = 1u)).use { engine ->
                    ReviewController(this, engine, game).use { controller ->
                        controller.start(ReviewOptions(nodesPerPosition = 0uL))
                        assertEquals(ReviewPhase.IDLE, controller.state.value.phase)
                        val message = controller.state.value.message
                        assertTrue(message!!.contains("at least 1"))
                        // Nothing of the review that never started is left: no move count (Swift's state too).
                        assertEquals(ReviewUiState(message = message), controller.state.value)
                    }
                }
            }
        }
    }

    @Test
    fun `texts - symbols, class names and White-view scores`() {
        assertEquals("??", classSymbol(MoveClass.BLUNDER))
        assertEquals("?", classSymbol(MoveClass.MISTAKE))
        assertEquals("?!", classSymbol(MoveClass.INACCURACY))
        assertEquals("!", classSymbol(MoveClass.BEST, onlyMove = true))
        assertEquals("", classSymbol(MoveClass.GOOD))
        assertEquals("Excellent", classText(MoveClass.EXCELLENT))
        assertEquals("+0.35", whiteScoreText(Score.Centipawns(35)))
        assertEquals("-1.20", whiteScoreText(Score.Centipawns(-120)))
        assertEquals("0.00", whiteScoreText(Score.Centipawns(0)))
        assertEquals("M3", whiteScoreText(Score.Mate(3)))
        assertEquals("-M2", whiteScoreText(Score.Mate(-2)))
        assertTrue(MoveClass.INACCURACY.isError() && !MoveClass.GOOD.isError())
        assertEquals(Side.WHITE, Side.BLACK.opponent())
    }
}
