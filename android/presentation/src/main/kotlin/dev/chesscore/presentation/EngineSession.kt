package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.SearchHandle
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel

/**
 * The engine side that the board controllers ([GameController], [AnalysisController]) share: the
 * controller's own child of the main-thread scope (where engine reports are handed over), the
 * engine, the running search's handle and token, and the paused/closed lifetime. One
 * implementation, so that a stopped, superseded or late search is handled the same way on both
 * screens. Confined to the main thread, like the controllers.
 *
 * @param onStop called after every [stop] (also from [pause] and [close]), for the controller to
 *   show that no search runs.
 */
internal class EngineSession(scope: CoroutineScope, val engine: ChessEngine, private val onStop: () -> Unit) {
    /** The controller's own child of the main-thread scope; [close] cancels it (reports arriving later are dropped). */
    val scope = CoroutineScope(scope.coroutineContext + SupervisorJob(scope.coroutineContext[Job]))

    /** The running search, if any. */
    private var handle: SearchHandle? = null

    /** Incremented whenever a search is started or abandoned: reports of older ones are stale. */
    private var token = 0L

    /** `true` after [close]: the controller ignores intents. */
    var closed = false
        private set

    /** `true` between [pause] and [resume]: the app is in the background and no search may start. */
    var paused = false
        private set

    /** `true` while a search started here has not finished or been stopped. */
    val searching: Boolean get() = handle != null

    /**
     * Starts a search with [start], which gets the new search's token (for its listener to check
     * with [isCurrent]) and returns its handle, or `null` when it could not start. Returns whether
     * it started.
     */
    fun start(start: (token: Long) -> SearchHandle?): Boolean {
        handle = start(++token)
        return handle != null
    }

    /** `true` when [token] is the running (or last finished) search's, i.e. its reports are not stale. */
    fun isCurrent(token: Long): Boolean = token == this.token

    /** The current search has delivered its result: frees its handle. */
    fun finished() {
        handle?.close()
        handle = null
    }

    /** Stops the running search, if any, and frees its handle; its reports are stale from now on. */
    fun stop() {
        token++
        handle?.let {
            it.stop()
            it.close()
        }
        handle = null
        onStop()
    }

    /** Enters the background: stops the search, then [save]s. Nothing when closed or paused already. */
    fun pause(save: () -> Unit) {
        if (closed || paused) return
        paused = true
        stop()
        save()
    }

    /** Back in the foreground: [start]s what is due. Nothing when closed or not paused. */
    fun resume(start: () -> Unit) {
        if (closed || !paused) return
        paused = false
        start()
    }

    /** Stops the search, cancels [scope], frees the engine, then [free]s the rest (the game). Nothing the second time. */
    fun close(free: () -> Unit) {
        if (closed) return
        closed = true
        stop()
        scope.cancel()
        engine.close()
        free()
    }

    companion object {
        /**
         * A session over the engine [create] makes, calling [onStop] after every stop; when
         * creating the engine fails, [owned] (the controller's game) is closed first.
         */
        fun open(scope: CoroutineScope, owned: AutoCloseable, onStop: () -> Unit, create: () -> ChessEngine): EngineSession {
            val engine = try {
                create()
            } catch (t: Throwable) {
                owned.close()
                throw t
            }
            return EngineSession(scope, engine, onStop)
        }
    }
}
