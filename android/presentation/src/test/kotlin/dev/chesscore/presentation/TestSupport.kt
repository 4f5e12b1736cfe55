package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.GameSnapshot
import dev.chesscore.SearchHandle
import dev.chesscore.SearchInfo
import dev.chesscore.SearchLimits
import dev.chesscore.SearchListener
import dev.chesscore.SearchResult
import dev.chesscore.Square
import dev.chesscore.parseSquare
import dev.chesscore.tests.MAIN_THREAD
import kotlin.test.fail
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.withTimeoutOrNull

/** Suspends until the flow's value satisfies [predicate]; fails with [describe] of the last value after [timeoutMs]. */
suspend fun <S> StateFlow<S>.await(what: String, timeoutMs: Long, describe: (S) -> Any?, predicate: (S) -> Boolean): S =
    withTimeoutOrNull(timeoutMs) { first(predicate) } ?: fail("timed out waiting for $what; state: ${describe(value)}")

/** A snapshot without its longest lists, for a readable failure message. */
fun GameSnapshot.brief(): GameSnapshot = copy(legalMoves = emptyList(), squares = emptyList())

/** Suspends until the state satisfies [predicate]; fails with the last state after [timeoutMs]. */
suspend fun GameController.awaitState(
    what: String,
    timeoutMs: Long = 15_000,
    predicate: (BoardUiState) -> Boolean,
): BoardUiState = state.await(what, timeoutMs, { it.copy(snapshot = it.snapshot.brief()) }, predicate)

/**
 * A real engine that also reports, after the controller's listener was called, every result it
 * delivered, so a test can wait until a result (e.g. a stale one) has been handed to the main
 * thread. [tamper] may rewrite results and [tamperInfo] progress reports before the controller
 * sees them.
 */
class ObservedEngine(config: EngineConfig, var tamper: (SearchResult) -> SearchResult = { it }) : ChessEngine(config) {
    /** Rewrites each progress report before the controller's listener gets it. */
    @Volatile var tamperInfo: (SearchInfo) -> SearchInfo = { it }

    /** The results delivered to listeners, as delivered (after [tamper]). */
    val finished = Channel<SearchResult>(Channel.UNLIMITED)

    /** How many searches were started (by [think] or [thinkFen]). */
    @Volatile var started = 0
        private set

    /** How many of them were started by [thinkFen]. */
    @Volatile var fenStarted = 0
        private set

    /** The limits of the last search started. */
    @Volatile var lastLimits: SearchLimits? = null
        private set

    /** The limits of every search started, in order. */
    val limits = java.util.concurrent.CopyOnWriteArrayList<SearchLimits>()

    /** The controller's listener of every search started, in order (to replay a stale report). */
    val listeners = java.util.concurrent.CopyOnWriteArrayList<SearchListener>()

    override fun think(game: ChessGame, limits: SearchLimits, listener: SearchListener): SearchHandle =
        super.think(game, limits, observed(listener)).also { started(limits, listener) }

    override fun thinkFen(fen: String, limits: SearchLimits, listener: SearchListener): SearchHandle =
        super.thinkFen(fen, limits, observed(listener)).also {
            fenStarted++
            started(limits, listener)
        }

    private fun started(limits: SearchLimits, listener: SearchListener) {
        started++
        lastLimits = limits
        this.limits += limits
        listeners += listener
    }

    private fun observed(listener: SearchListener) = object : SearchListener {
        override fun onInfo(info: SearchInfo) = listener.onInfo(tamperInfo(info))
        override fun onFinished(result: SearchResult) {
            val delivered = tamper(result)
            listener.onFinished(delivered)
            finished.trySend(delivered)
        }
    }

    /** Waits for the next delivered result. */
    suspend fun nextResult(timeoutMs: Long = 15_000): SearchResult =
        withTimeoutOrNull(timeoutMs) { finished.receive() } ?: fail("no search result within $timeoutMs ms")
}

/** A store that also records on which thread each save happened. */
class RecordingStore : GameStore {
    private val inner = InMemoryGameStore()
    val saveThreads = mutableListOf<String>()
    var saves = mutableListOf<String>()
    override fun load(): String? = inner.load()
    override fun save(json: String) {
        synchronized(this) { saveThreads += Thread.currentThread().name; saves += json }
        inner.save(json)
    }
    override fun loadSettings() = inner.loadSettings()
    override fun saveSettings(settings: Map<String, String>) = inner.saveSettings(settings)
}

/** Square index from its name, e.g. `sq("e4") == 28`. */
fun sq(name: String): Square = parseSquare(name)

/** Taps [from] then [to]. */
fun GameController.move(from: String, to: String) {
    tapSquare(sq(from))
    tapSquare(sq(to))
}
