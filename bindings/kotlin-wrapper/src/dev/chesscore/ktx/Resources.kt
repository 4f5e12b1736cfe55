/**
 * Deterministic release of chesscore objects.
 *
 * Every chesscore object ([dev.chesscore.ChessGame], [dev.chesscore.ChessEngine],
 * [dev.chesscore.SearchHandle]) owns Rust memory (an engine also owns a thread and its table).
 * The garbage collector frees them eventually; these helpers free them at a known point.
 */
package dev.chesscore.ktx

/**
 * Collects [AutoCloseable]s and closes them in reverse order of [bind], each exactly once, even
 * when one of the closes throws (the first failure is rethrown with the others suppressed).
 */
class Resources : AutoCloseable {
    private val owned = ArrayDeque<AutoCloseable>()
    private var closed = false

    /** Registers this object to be closed with the [Resources] and returns it. */
    fun <T : AutoCloseable> T.bind(): T {
        check(!closed) { "Resources already closed" }
        owned.addLast(this)
        return this
    }

    /** Closes every bound object, the last bound first. Calling it again does nothing. */
    override fun close() {
        if (closed) return
        closed = true
        var failure: Throwable? = null
        while (owned.isNotEmpty()) {
            try {
                owned.removeLast().close()
            } catch (t: Throwable) {
                if (failure == null) failure = t else failure.addSuppressed(t)
            }
        }
        failure?.let { throw it }
    }
}

/**
 * Runs [block] with a [Resources] scope and closes everything bound in it when the block ends,
 * normally or not:
 *
 * ```
 * val best = withResources {
 *     val game = ChessGame.fromFen(fen).bind()
 *     val engine = ChessEngine(EngineConfig(level = 5u)).bind()
 *     engine.bestMove(game, SearchLimits(depth = 6u))
 * }
 * ```
 */
inline fun <R> withResources(block: Resources.() -> R): R = Resources().use { it.block() }

/**
 * Replaces the object held in a variable: closes [old] (when it is not the same object) and
 * returns [new]. For fields that own a chesscore object, e.g. `game = replacing(game, next)`.
 */
fun <T : AutoCloseable> replacing(old: T?, new: T): T {
    if (old !== new) old?.close()
    return new
}
