/**
 * Coroutine-friendly ways to run a [ChessEngine] search.
 *
 * The generated [ChessEngine.think] reports through a [SearchListener] on the engine's own
 * thread. The functions here turn that into a [Flow] ([search]) or a suspend call ([bestMove]),
 * the two the Swift package offers under the same names, whose values arrive on the
 * collector's (caller's) dispatcher, and whose cancellation stops the search and closes its
 * [SearchHandle] at once, so no Rust object outlives the coroutine that started it.
 *
 * Each follows its language's idiom, so two things differ from Swift: [search] is a cold flow
 * that starts its search when collected (each collection a new search), where Swift's stream
 * starts it when called; and a cancelled [bestMove] returns at once, the engine stopping within
 * milliseconds behind it, where Swift's waits for the stopped result before throwing.
 *
 * Calling [ChessEngine.think] directly, keep the returned [SearchHandle] referenced (and close it
 * when done): an unreferenced handle is closed by the JVM's cleaner whenever the garbage
 * collector runs, and closing a handle stops its search.
 */
package dev.chesscore.ktx

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.SearchHandle
import dev.chesscore.SearchInfo
import dev.chesscore.SearchLimits
import dev.chesscore.SearchListener
import dev.chesscore.SearchResult
import java.util.concurrent.atomic.AtomicReference
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.channels.awaitClose
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.buffer
import kotlinx.coroutines.flow.callbackFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.suspendCancellableCoroutine

/** One event of a search: progress after a completed depth, or the final result. */
sealed class SearchEvent {
    /** Progress after a completed depth (at most every ~100 ms once the first depths are done). */
    data class Info(val info: SearchInfo) : SearchEvent()

    /** The final result; always the last event of a search, also when it was stopped. */
    data class Finished(val result: SearchResult) : SearchEvent()
}

/**
 * Searches [game]'s current position and emits its progress and then its result, after which the
 * flow completes.
 *
 * The search starts when collection starts (each collection is a new search; the engine copies
 * the position then, so the game may change afterwards). Values are delivered in the collector's
 * context. Cancelling the collector (or stopping collection early, e.g. with `take`) stops the
 * search and closes its handle before the flow finishes.
 *
 * A new search on the same engine supersedes this one: the flow then ends with a `Finished` event
 * whose result is marked `stopped`.
 *
 * @throws ChessException.GameOver (from collection) when the game has ended.
 * @throws ChessException.Internal (from collection, after the infos) when the search failed
 *   ([SearchResult.error]), or as [ChessEngine.think] does.
 */
fun ChessEngine.search(game: ChessGame, limits: SearchLimits = SearchLimits()): Flow<SearchEvent> =
    callbackFlow {
        val listener = object : SearchListener {
            override fun onInfo(info: SearchInfo) {
                trySend(SearchEvent.Info(info))
            }

            override fun onFinished(result: SearchResult) {
                val error = result.error
                if (error == null) {
                    trySend(SearchEvent.Finished(result))
                    channel.close()
                } else {
                    channel.close(ChessException.Internal(error))
                }
            }
        }
        val handle = think(game, limits, listener)
        awaitClose {
            handle.stop()
            handle.close()
        }
    }.buffer(Channel.UNLIMITED) // never block the engine thread, never drop the result

/**
 * Searches [game]'s current position and returns the result, resuming on the caller's dispatcher.
 *
 * The search is started through [ChessEngine.think] with an explicit [SearchHandle]: cancelling
 * the calling coroutine calls [SearchHandle.stop] immediately (the engine stops within a few
 * milliseconds) and the handle is closed before this function returns or throws. (The Swift
 * package's `bestMove(_:limits:)` is the same function.)
 *
 * @throws ChessException.GameOver when the game has ended.
 * @throws ChessException.Internal when the search failed ([SearchResult.error]), or as
 *   [ChessEngine.think] does.
 */
suspend fun ChessEngine.bestMove(game: ChessGame, limits: SearchLimits = SearchLimits()): SearchResult {
    val started = AtomicReference<SearchHandle?>(null)
    try {
        return suspendCancellableCoroutine { continuation ->
            val listener = object : SearchListener {
                override fun onInfo(info: SearchInfo) {}

                override fun onFinished(result: SearchResult) {
                    if (!continuation.isActive) return
                    val error = result.error
                    if (error == null) {
                        continuation.resume(result)
                    } else {
                        continuation.resumeWithException(ChessException.Internal(error))
                    }
                }
            }
            val handle = think(game, limits, listener)
            started.set(handle)
            continuation.invokeOnCancellation { handle.stop() }
        }
    } finally {
        started.getAndSet(null)?.close()
    }
}

/**
 * A [SearchListener] that hands every call over to this scope (launched in its context, in
 * order on a single-threaded dispatcher such as Android's main thread). Calls arriving after the
 * scope is cancelled are dropped. This is the main-thread hand-off of the engine's callbacks.
 */
fun CoroutineScope.searchListener(
    onInfo: (SearchInfo) -> Unit = {},
    onFinished: (SearchResult) -> Unit,
): SearchListener {
    val scope = this
    return object : SearchListener {
        override fun onInfo(info: SearchInfo) {
            scope.launch { onInfo(info) }
        }

        override fun onFinished(result: SearchResult) {
            scope.launch { onFinished(result) }
        }
    }
}
