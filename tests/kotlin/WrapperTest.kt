package dev.chesscore.tests

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.SearchHandle
import dev.chesscore.SearchInfo
import dev.chesscore.SearchLimits
import dev.chesscore.SearchListener
import dev.chesscore.SearchResult
import dev.chesscore.ktx.SearchEvent
import dev.chesscore.ktx.search
import dev.chesscore.ktx.bestMove
import dev.chesscore.ktx.replacing
import dev.chesscore.ktx.withResources
import dev.chesscore.liveObjectCount
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.flow.filterIsInstance
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import org.junit.jupiter.api.Test

private const val MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
private val INFINITE = SearchLimits(infinite = true)

/** How quickly a stopped search must be over (the core promises a few milliseconds). */
private const val STOP_WITHIN_MS = 500L

private fun smallEngine() = ChessEngine(EngineConfig(hashMb = 1u))

/** A real engine whose results arrive marked failed, as after a panic in the core's search. */
private class FailingEngine : ChessEngine(EngineConfig(hashMb = 1u)) {
    override fun think(game: ChessGame, limits: SearchLimits, listener: SearchListener): SearchHandle =
        super.think(game, limits, object : SearchListener {
            override fun onInfo(info: SearchInfo) = listener.onInfo(info)
            override fun onFinished(result: SearchResult) = listener.onFinished(result.copy(error = "injected"))
        })
}

class WrapperTest {
    @Test
    fun `search streams infos by depth on the collector's thread, then the result, then completes`() {
        onMain {
            val baseline = liveObjectCount()
            withResources {
                val game = ChessGame().bind()
                val engine = smallEngine().bind()
                val threads = mutableSetOf<String>()
                val events = mutableListOf<SearchEvent>()
                engine.search(game, SearchLimits(depth = 5u)).collect {
                    threads += Thread.currentThread().name
                    events += it
                }
                assertEquals(setOf(MAIN_THREAD), threads)
                val infos = events.dropLast(1).map { assertIs<SearchEvent.Info>(it).info }
                assertTrue(infos.isNotEmpty(), "at least one info")
                assertEquals(infos.map { it.depth }.sorted(), infos.map { it.depth }, "depths increase")
                val result = assertIs<SearchEvent.Finished>(events.last()).result
                assertEquals(5u, result.depth)
                assertFalse(result.stopped)
                assertTrue(result.bestMove in game.legalMoves())
                assertEquals(game.snapshot().positionKey, result.positionKey)
                eventually("the engine idle", STOP_WITHIN_MS) { !engine.isSearching() }
            }
            assertEquals(baseline, liveObjectCount(), "game, engine and handle freed")
        }
    }

    @Test
    fun `taking two infos from an infinite search stops it and frees its handle`() {
        onMain {
            val baseline = liveObjectCount()
            withResources {
                val game = ChessGame().bind()
                val engine = smallEngine().bind()
                val infos = engine.search(game, INFINITE).filterIsInstance<SearchEvent.Info>().take(2).toList()
                assertEquals(2, infos.size)
                eventually("the search stopped", STOP_WITHIN_MS) { !engine.isSearching() }
                assertEquals(baseline + 2u, liveObjectCount(), "only the game and the engine remain")
            }
            assertEquals(baseline, liveObjectCount())
        }
    }

    @Test
    fun `cancelling the collector stops the search quickly`() {
        onMain {
            withResources {
                val game = ChessGame().bind()
                val engine = smallEngine().bind()
                val firstInfo = CompletableDeferred<Unit>()
                val job = launch { engine.search(game, INFINITE).collect { firstInfo.complete(Unit) } }
                firstInfo.await()
                assertTrue(engine.isSearching())
                job.cancelAndJoin()
                eventually("the search stopped", STOP_WITHIN_MS) { !engine.isSearching() }
            }
        }
    }

    @Test
    fun `search of a finished game fails with the core's GameOver`() {
        onMain {
            withResources {
                val game = ChessGame().bind()
                listOf("f3", "e5", "g4", "Qh4").forEach { game.playSan(it) }
                val engine = smallEngine().bind()
                assertFailsWith<ChessException.GameOver> { engine.search(game).toList() }
                assertFailsWith<ChessException.GameOver> { engine.bestMove(game) }
            }
        }
    }

    @Test
    fun `bestMove returns a legal move (the mate in a mate-in-one)`() {
        onMain {
            val baseline = liveObjectCount()
            withResources {
                val game = ChessGame.fromFen(MATE_IN_ONE).bind()
                val engine = smallEngine().bind()
                val result = engine.bestMove(game, SearchLimits(depth = 4u))
                assertTrue(result.bestMove in game.legalMoves())
                assertEquals("d1d8", result.bestMove.uci)
                assertTrue(result.bestMove.isCheckmate)
                assertEquals(baseline + 2u, liveObjectCount(), "the handle is closed on return")
            }
        }
    }

    @Test
    fun `cancelling bestMove stops the search quickly and frees the handle`() {
        onMain {
            val baseline = liveObjectCount()
            withResources {
                val game = ChessGame().bind()
                val engine = smallEngine().bind()
                val job = launch { engine.bestMove(game, INFINITE) }
                eventually("the search running") { engine.isSearching() }
                job.cancelAndJoin()
                eventually("the search stopped", STOP_WITHIN_MS) { !engine.isSearching() }
                assertEquals(baseline + 2u, liveObjectCount())
            }
            assertEquals(baseline, liveObjectCount())
        }
    }

    @Test
    fun `a failed search throws the core's Internal error from search and from bestMove`() {
        onMain {
            withResources {
                val game = ChessGame().bind()
                val engine = FailingEngine().bind()
                val flowError = assertFailsWith<ChessException.Internal> { engine.search(game, SearchLimits(depth = 2u)).toList() }
                assertEquals("injected", flowError.message)
                val awaitError = assertFailsWith<ChessException.Internal> { engine.bestMove(game, SearchLimits(depth = 2u)) }
                assertEquals("injected", awaitError.message)
                eventually("the engine idle", STOP_WITHIN_MS) { !engine.isSearching() }
            }
        }
    }

    @Test
    fun `withResources closes in reverse order even when the block throws, replacing closes the old object`() {
        val baseline = liveObjectCount()
        val order = mutableListOf<String>()
        assertFailsWith<IllegalStateException> {
            withResources {
                AutoCloseable { order += "first" }.bind()
                ChessGame().bind()
                AutoCloseable { order += "second" }.bind()
                assertEquals(baseline + 1u, liveObjectCount())
                error("boom")
            }
        }
        assertEquals(listOf("second", "first"), order)
        assertEquals(baseline, liveObjectCount())
        var game = ChessGame()
        game = replacing(game, ChessGame())
        assertEquals(baseline + 1u, liveObjectCount())
        game.close()
        assertEquals(baseline, liveObjectCount())
    }
}
