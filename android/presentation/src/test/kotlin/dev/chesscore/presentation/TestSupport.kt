package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
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
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.withTimeoutOrNull

/** Suspends until the state satisfies [predicate]; fails with the last state after [timeoutMs]. */
suspend fun GameController.awaitState(
    what: String,
    timeoutMs: Long = 15_000,
    predicate: (BoardUiState) -> Boolean,
): BoardUiState = withTimeoutOrNull(timeoutMs) { state.first(predicate) }
    ?: fail("timed out waiting for $what; state: ${state.value.copy(snapshot = state.value.snapshot.copy(legalMoves = emptyList(), squares = emptyList()))}")

/**
 * A real engine that also reports, after the controller's listener was called, every result it
 * delivered, so a test can wait until a result (e.g. a stale one) has been handed to the main
 * thread. [tamper] may rewrite results before the controller sees them.
 */
class ObservedEngine(config: EngineConfig, var tamper: (SearchResult) -> SearchResult = { it }) : ChessEngine(config) {
    /** The results delivered to listeners, as delivered (after [tamper]). */
    val finished = Channel<SearchResult>(Channel.UNLIMITED)

    /** How many searches were started. */
    @Volatile var started = 0
        private set

    override fun think(game: ChessGame, limits: SearchLimits, listener: SearchListener): SearchHandle {
        val handle = super.think(game, limits, object : SearchListener {
            override fun onInfo(info: SearchInfo) = listener.onInfo(info)
            override fun onFinished(result: SearchResult) {
                val delivered = tamper(result)
                listener.onFinished(delivered)
                finished.trySend(delivered)
            }
        })
        started++
        return handle
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
