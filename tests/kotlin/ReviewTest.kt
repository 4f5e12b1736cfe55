package dev.chesscore.tests

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.CoachListener
import dev.chesscore.Coaching
import dev.chesscore.EngineConfig
import dev.chesscore.GameReview
import dev.chesscore.MoveReview
import dev.chesscore.ReviewListener
import dev.chesscore.MoveClass
import dev.chesscore.ReviewOptions
import dev.chesscore.ReviewPreset
import dev.chesscore.SearchHandle
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.ktx.ReviewEvent
import dev.chesscore.ktx.coach
import dev.chesscore.ktx.review
import dev.chesscore.ktx.withResources
import dev.chesscore.liveObjectCount
import dev.chesscore.reviewPresetNodes
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.filterIsInstance
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import org.junit.jupiter.api.Test

/** 3... Nf6?? allows 4. Qxf7#. */
const val SCHOLAR_PGN = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"

/** A small budget per position: the tests check the plumbing, the core tests the judgement. */
val TEST_REVIEW = ReviewOptions(nodesPerPosition = 20_000uL)

/** A review listener of the generated API that records its calls and their threads. */
private class RecordingReviewListener(val onMove: (RecordingReviewListener, Int) -> Unit = { _, _ -> }) : ReviewListener {
    val moves = CopyOnWriteArrayList<Triple<MoveReview, Int, Int>>()
    val finished = CopyOnWriteArrayList<GameReview>()
    val threads = CopyOnWriteArrayList<String>()
    private val done = CountDownLatch(1)

    override fun onMoveReviewed(review: MoveReview, done: UInt, total: UInt) {
        threads += Thread.currentThread().name
        moves += Triple(review, done.toInt(), total.toInt())
        onMove(this, done.toInt())
    }

    override fun onFinished(review: GameReview) {
        threads += Thread.currentThread().name
        finished += review
        done.countDown()
    }

    fun await(seconds: Long = 60): GameReview {
        assertTrue(done.await(seconds, TimeUnit.SECONDS), "no onFinished within $seconds s")
        return finished.single()
    }
}

/** An engine whose reviews end as a review that failed inside chesscore would. */
private class FailingReviewEngine : ChessEngine(EngineConfig(hashMb = 1u)) {
    override fun review(game: ChessGame, options: ReviewOptions, listener: ReviewListener): SearchHandle =
        super.review(game, options, object : ReviewListener {
            override fun onMoveReviewed(review: MoveReview, done: UInt, total: UInt) = listener.onMoveReviewed(review, done, total)
            override fun onFinished(review: GameReview) = listener.onFinished(review.copy(complete = false, error = "injected"))
        })
}

/** An engine whose coach ends as a coach that failed inside chesscore would. */
private class FailingCoachEngine : ChessEngine(EngineConfig(hashMb = 1u)) {
    override fun coach(game: ChessGame, nodesPerSearch: ULong?, listener: CoachListener): SearchHandle =
        super.coach(game, nodesPerSearch, object : CoachListener {
            override fun onCoaching(coaching: Coaching?, error: String?) = listener.onCoaching(null, "injected")
        })
}

class ReviewTest {

    @Test
    fun `a review that failed inside chesscore ends the flow with the core's Internal error after its moves`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn(SCHOLAR_PGN).bind()
                val engine = FailingReviewEngine().bind()
                val moves = mutableListOf<ReviewEvent>()
                val error = assertFailsWith<ChessException.Internal> {
                    engine.review(game, TEST_REVIEW).collect { moves += it }
                }
                assertEquals("injected", error.message)
                assertEquals(7, moves.size, "the moves reviewed before the failure still arrive")
                assertTrue(moves.all { it is ReviewEvent.Move })
                eventually("the engine idle", 2_000) { !engine.isSearching() }
            }
        }
    }

    @Test
    fun `a review listener that throws is reported by the engine's next call`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn(SCHOLAR_PGN).bind()
                val engine = ChessEngine(EngineConfig(hashMb = 1u)).bind()
                val listener = RecordingReviewListener { _, _ -> throw IllegalStateException("listener bug") }
                engine.review(game, TEST_REVIEW, listener).bind()
                assertTrue(listener.await().complete)
                val error = assertFailsWith<ChessException.Internal> { engine.review(game, TEST_REVIEW).toList() }
                assertTrue("on_move_reviewed" in error.message.orEmpty() && "listener bug" in error.message.orEmpty(), error.message)
                val again = engine.review(game, TEST_REVIEW).toList()
                assertTrue(assertIs<ReviewEvent.Finished>(again.last()).review.complete)
            }
        }
    }
    @Test
    fun `the generated review reports each move then one review on the engine's thread, the same twice`() {
        val baseline = liveObjectCount()
        val caller = Thread.currentThread().name
        ChessGame.fromPgn(SCHOLAR_PGN).use { game ->
            ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                val first = RecordingReviewListener()
                val review = engine.review(game, TEST_REVIEW, first).use { handle ->
                    first.await().also { assertTrue(handle.isFinished()) }
                }
                assertTrue(first.threads.none { it == caller }, "callbacks run off the caller's thread: ${first.threads}")
                assertEquals((1..7).toList(), first.moves.map { it.second })
                assertEquals(first.moves.map { it.first }, review.moves)
                assertTrue(review.complete)
                assertEquals(TEST_REVIEW.nodesPerPosition, review.nodesPerPosition)
                // Deterministic for a node budget and a table size.
                val second = RecordingReviewListener()
                engine.review(game, TEST_REVIEW, second).use { assertEquals(review, second.await()) }
                Thread.sleep(50)
                assertEquals(1, first.finished.size, "exactly one onFinished")
            }
        }
        assertEquals(baseline, liveObjectCount(), "game, engine and handles freed")
    }

    @Test
    fun `a review on three threads streams its moves in order and is the review of one`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn(
                    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *"
                ).bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val reviews = listOf(1u, 3u).map { threads ->
                    val events = engine.review(game, TEST_REVIEW.copy(threads = threads)).toList()
                    val moves = events.filterIsInstance<ReviewEvent.Move>()
                    assertEquals((1..16).toList(), moves.map { it.done })
                    assertIs<ReviewEvent.Finished>(events.last()).review
                }
                assertEquals(reviews[0], reviews[1])
            }
        }
    }

    @Test
    fun `stopping the generated review's handle keeps the moves reviewed so far`() {
        ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *").use { game ->
            ChessEngine(EngineConfig(hashMb = 4u)).use { engine ->
                val handleSlot = java.util.concurrent.atomic.AtomicReference<dev.chesscore.SearchHandle?>()
                val listener = RecordingReviewListener { _, done -> if (done == 2) handleSlot.get()?.stop() }
                engine.review(game, ReviewOptions(nodesPerPosition = 200_000uL), listener).use { handle ->
                    handleSlot.set(handle)
                    if (listener.moves.size >= 2) handle.stop() // reached 2 before the slot was set
                    val review = listener.await()
                    assertFalse(review.complete)
                    assertTrue(review.moves.size in 2 until 12, "${review.moves.size} moves")
                    assertEquals(listener.moves.map { it.first }, review.moves, "nothing lost")
                    assertEquals(review.moves.size + 1, review.evals.size)
                    assertTrue(review.annotatedPgn.contains("[%eval"), review.annotatedPgn)
                }
            }
        }
    }

    @Test
    fun `review streams each move on the collector's thread, then the whole review, then completes`() {
        onMain {
            val baseline = liveObjectCount()
            withResources {
                val game = ChessGame.fromPgn(SCHOLAR_PGN).bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val threads = mutableSetOf<String>()
                val events = engine.review(game, TEST_REVIEW).toList().also { threads += Thread.currentThread().name }
                assertEquals(setOf(MAIN_THREAD), threads)
                val moves = events.dropLast(1).map { assertIs<ReviewEvent.Move>(it) }
                assertEquals((1..7).toList(), moves.map { it.done })
                assertTrue(moves.all { it.total == 7 })
                val review = assertIs<ReviewEvent.Finished>(events.last()).review
                assertTrue(review.complete)
                assertEquals(moves.map { it.review }, review.moves)
                val nf6 = review.moves[5]
                assertEquals("Nf6", nf6.san)
                assertEquals(Side.BLACK, nf6.side)
                assertEquals(MoveClass.BLUNDER, nf6.classification)
                assertTrue(nf6.verified, "a blunder is judged again by a deeper search")
                assertEquals("Qxf7#", nf6.refutationSan.first())
                assertEquals(1u, review.black.blunders)
                assertEquals(8, review.evals.size)
                assertTrue("Nf6 \$4" in review.annotatedPgn, review.annotatedPgn)
                eventually("the engine idle", 500) { !engine.isSearching() }
            }
            assertEquals(baseline, liveObjectCount(), "game, engine and handle freed")
        }
    }

    @Test
    fun `a stopped review continues where it stopped and ends as the uninterrupted one`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *").bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val options = TEST_REVIEW.copy(threads = 1u)
                val whole = engine.review(game, options).toList().last()
                val full = assertIs<ReviewEvent.Finished>(whole).review
                assertTrue(full.complete)
                eventually("the engine idle", 500) { !engine.isSearching() }
                // Stopped after four moves through the generated API, as an app's pause does.
                val stopping = RecordingReviewListener { _, done -> if (done == 4) engine.stop() }
                engine.review(game, options, stopping).bind()
                val partial = stopping.await()
                assertFalse(partial.complete)
                assertEquals(4, partial.moves.size)
                assertEquals(full.key, partial.key)
                eventually("the engine idle", 500) { !engine.isSearching() }
                val events = engine.review(game, options, continuing = partial).toList()
                val moves = events.dropLast(1).map { assertIs<ReviewEvent.Move>(it) }
                assertEquals((5..12).toList(), moves.map { it.done }, "only the missing moves")
                assertEquals(full, assertIs<ReviewEvent.Finished>(events.last()).review)
                // Not a review of another game.
                val other = ChessGame.fromPgn("1. e4 e5 *").bind()
                val refused = assertFailsWith<ChessException.InvalidRequest> {
                    engine.review(other, options, continuing = partial).toList()
                }
                assertTrue("reviewKey" in refused.message!!, refused.message)
            }
        }
    }

    @Test
    fun `taking two moves of a review stops it and frees its handle`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *").bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val baseline = liveObjectCount()
                val two = engine.review(game, ReviewOptions(nodesPerPosition = 200_000uL))
                    .filterIsInstance<ReviewEvent.Move>().take(2).toList()
                assertEquals(listOf(1, 2), two.map { it.done })
                eventually("the review stopped", 1_000) { !engine.isSearching() }
                assertEquals(baseline, liveObjectCount(), "the handle is freed")
            }
        }
    }

    @Test
    fun `a review whose collector left gives its result to unreceived, a received one does not`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *").bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val left = java.util.concurrent.atomic.AtomicReference<GameReview?>(null)
                val two = engine.review(game, ReviewOptions(nodesPerPosition = 200_000uL, threads = 1u), unreceived = { left.set(it) })
                    .filterIsInstance<ReviewEvent.Move>().take(2).toList()
                eventually("the result unreceived", 5_000) { left.get() != null }
                val review = left.get()!!
                assertFalse(review.complete)
                assertTrue(review.moves.size in 2 until 10, "${review.moves.size} moves")
                assertEquals(two.map { it.review }, review.moves.take(2))
                eventually("the review stopped", 1_000) { !engine.isSearching() }

                var given = 0
                val events = engine.review(game, ReviewOptions(nodesPerPosition = 2_000uL, threads = 1u), unreceived = { given++ }).toList()
                assertEquals(1, events.count { it is ReviewEvent.Finished })
                assertEquals(0, given)

                // The result already waiting for the collector when it leaves (the main thread
                // was busy while the review ended): unreceived gets it, once.
                val waiting = CopyOnWriteArrayList<GameReview>()
                var received: GameReview? = null
                var moves = 0
                val job = launch {
                    engine.review(game, ReviewOptions(nodesPerPosition = 2_000uL, threads = 1u), unreceived = { waiting += it })
                        .collect { e ->
                            when (e) {
                                is ReviewEvent.Move -> moves++
                                is ReviewEvent.Finished -> received = e.review
                            }
                        }
                }
                while (moves == 0) delay(1)
                while (engine.isSearching()) Thread.sleep(1) // a long frame on the main thread
                Thread.sleep(50)
                job.cancel()
                job.join()
                assertEquals(null, received)
                eventually("the result unreceived", 5_000) { waiting.isNotEmpty() }
                assertEquals(1, waiting.size)
                assertTrue(waiting.single().complete)
            }
        }
    }

    @Test
    fun `a review covers the main line wherever the current node is`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. e4 e5 2. Qh5 (2. Nf3 Nc6) 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").bind()
                game.undo()
                game.undo()
                game.undo()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val events = engine.review(game, TEST_REVIEW).toList()
                val review = assertIs<ReviewEvent.Finished>(events.last()).review
                assertEquals(listOf("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"), review.moves.map { it.san })
                assertTrue(events.dropLast(1).all { (it as ReviewEvent.Move).total == 7 })
                assertTrue("(2. Nf3 Nc6)" in review.annotatedPgn, "the variation is kept: ${review.annotatedPgn}")
                assertEquals(4, game.snapshot().ply.toInt(), "the game is not moved")
            }
        }
    }

    @Test
    fun `bad options fail on collection with the core's InvalidRequest, and presets grow`() {
        onMain {
            withResources {
                val game = ChessGame().bind()
                val engine = ChessEngine(EngineConfig(hashMb = 1u)).bind()
                assertFailsWith<ChessException.InvalidRequest> {
                    engine.review(game, ReviewOptions(nodesPerPosition = 0uL)).toList()
                }
                val tooMany = assertFailsWith<ChessException.InvalidRequest> {
                    engine.review(game, ReviewOptions(nodesPerPosition = 20_000uL, threads = 0u)).toList()
                }
                assertTrue("not 0" in tooMany.message.orEmpty(), tooMany.message)
                assertTrue(reviewPresetNodes(ReviewPreset.QUICK) < reviewPresetNodes(ReviewPreset.STANDARD))
                assertTrue(reviewPresetNodes(ReviewPreset.STANDARD) < reviewPresetNodes(ReviewPreset.DEEP))
            }
        }
    }

    @Test
    fun `the coach finds the threat, the refutation and the hanging pieces`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *").bind()
                val engine = ChessEngine(EngineConfig(hashMb = 4u)).bind()
                val coaching = assertNotNull(engine.coach(game, 20_000uL))
                assertEquals("Qxf7#", coaching.bestLineSan.first())
                val refutation = assertNotNull(coaching.refutation)
                assertEquals("Nf6", refutation.san)
                assertEquals(MoveClass.BLUNDER, refutation.classification)
                assertTrue(coaching.hanging.any { it.square == Square.F7 })
                assertEquals(game.hangingPieces(), coaching.hanging)
            }
        }
    }

    @Test
    fun `a coach that failed inside chesscore throws the core's Internal error`() {
        onMain {
            withResources {
                val game = ChessGame.fromPgn("1. e4 e5 2. Qh5 Nc6 *").bind()
                val engine = FailingCoachEngine().bind()
                val error = assertFailsWith<ChessException.Internal> { engine.coach(game, 20_000uL) }
                assertEquals("injected", error.message)
                eventually("the engine idle", 2_000) { !engine.isSearching() }
            }
        }
    }
}
