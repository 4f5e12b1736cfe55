package dev.chesscore.presentation

import java.util.concurrent.atomic.AtomicBoolean
import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.GameReview
import dev.chesscore.MoveReview
import dev.chesscore.ReviewListener
import dev.chesscore.ReviewOptions
import dev.chesscore.SearchHandle
import dev.chesscore.reviewFromJson
import dev.chesscore.reviewToJson
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch

/**
 * The review screen's presentation logic: runs the core's review of a game on an engine and turns
 * its events into [ReviewUiState] (move list rows with classes, the eval graph, the summaries). It
 * holds no chess knowledge: classes, evaluations and lines all come from the core.
 *
 * Threading: create it and call every intent on the main thread, the dispatcher of [scope]; the
 * review's events are collected there.
 *
 * Lifetime: it uses [engine] and [game] but does not own them; [close] stops the review.
 *
 * With a [cache], a finished review is kept under the core's `reviewKey` and a game reviewed
 * before with the same options shows its review at once, without searching
 * ([ReviewUiState.kept]). A stopped review is kept too (stopped by the person, by [pause], by
 * [close] or by another [start] while it ran), and [start] goes on with it where it stopped,
 * also after the app was closed.
 */
class ReviewController(
    scope: CoroutineScope,
    private val engine: ChessEngine,
    private val game: ChessGame,
    private val cache: ReviewCache? = null,
) : AutoCloseable {
    private val scope = CoroutineScope(scope.coroutineContext + SupervisorJob(scope.coroutineContext[Job]))
    private val _state = MutableStateFlow(ReviewUiState())
    private val moves = mutableListOf<MoveReview>()

    /** The running review, if any. */
    private var handle: SearchHandle? = null

    /** The key the running review is kept under once finished (with a [cache]). */
    private var cacheKey: String? = null

    /** Incremented whenever a review is started or abandoned: events of older ones are ignored. */
    private var token = 0L
    private var closed = false

    /** Reviews started whose result has not come in yet (each ends with exactly one). */
    private var resultsDue = 0

    /** The options of the last review started: [resume] starts it again with them. */
    private var options = ReviewOptions()

    /** `true` after [pause] stopped a running review, until [resume] continues it. */
    private var interrupted = false

    /** The review [pause] stopped, once its result is in: [resume] continues it. */
    private var partial: GameReview? = null

    /** `true` when [resume] came before the stopped review's result: continue it on arrival. */
    private var resumeOnArrival = false

    /** `true` once the person stopped the running review ([stop]): [pause] leaves it stopped. */
    private var stopRequested = false

    /** The screen state; a new value after every change. */
    val state: StateFlow<ReviewUiState> = _state.asStateFlow()

    /**
     * Starts reviewing the game (its main line, wherever the current node is) with [options]; a review
     * already running is abandoned and the screen starts over. A bad [options] shows its message.
     */
    fun start(options: ReviewOptions = ReviewOptions()) = begin(options, useKept = true)

    /** [start], with or without what the cache keeps for the game. */
    private fun begin(options: ReviewOptions, useKept: Boolean) {
        if (closed) return
        abandon()
        this.options = options
        interrupted = false
        partial = null
        resumeOnArrival = false
        stopRequested = false
        moves.clear()
        cacheKey = cache?.let { reviewKeyOrNull(options) }
        val kept = if (useKept) keptReview() else null
        if (kept != null && kept.complete) {
            // Reviewed before with these options: the same review, shown without searching.
            _state.value = ReviewUiState(phase = ReviewPhase.RUNNING, total = kept.moves.size, kept = true)
            applyFinished(kept)
            return
        }
        if (kept != null) {
            // Stopped before, perhaps in an earlier run of the app: it goes on where it stopped.
            _state.value = ReviewUiState(phase = ReviewPhase.RUNNING, total = mainLinePlies(game))
            continueFrom(kept)
            return
        }
        try {
            handle = engine.review(game, options, listener())
            resultsDue++
            _state.value = ReviewUiState(phase = ReviewPhase.RUNNING, total = mainLinePlies(game))
        } catch (e: ChessException) {
            _state.value = ReviewUiState(message = e.message)
        }
    }

    /**
     * A listener for the review started now: events of an older one are ignored, except its
     * result, which is still kept (with a cache): a review abandoned or closed while running
     * goes on from there at the next [start].
     */
    private fun listener(): ReviewListener {
        val mine = token
        val key = cacheKey
        return object : ReviewListener {
            // Both run on the engine's thread: hand over to the main thread, in order. (The
            // controller's handlers have other names than the listener's: inside this object,
            // `onFinished(review)` would call the listener itself again.)
            override fun onMoveReviewed(review: MoveReview, done: UInt, total: UInt) {
                scope.launch { if (token == mine) applyMove(review, done.toInt(), total.toInt()) }
            }

            override fun onFinished(review: GameReview) {
                val taken = AtomicBoolean(false)
                scope.launch {
                    taken.set(true)
                    resultsDue--
                    if (token == mine) applyFinished(review) else keep(key, review)
                    if (closed && resultsDue == 0) scope.cancel()
                }.invokeOnCompletion {
                    // The scope ended before the main thread took the result (a view model
                    // cleared as the app closes cancels its scope, then closes the controller):
                    // it is kept all the same, on the thread that ended the scope, or here on
                    // the engine's thread when it had already ended.
                    if (!taken.get()) keep(key, review)
                }
            }
        }
    }

    /** Stops the review: the moves reviewed so far stay, and their summary follows. */
    fun stop() {
        if (closed) return
        if (interrupted) {
            // Paused: the person stops it for good. Its result shows as any stopped review's.
            interrupted = false
            resumeOnArrival = false
            stopRequested = true
            partial?.let { stopped ->
                partial = null
                applyFinished(stopped)
            }
            return
        }
        if (handle != null) stopRequested = true
        handle?.stop()
    }

    /**
     * The app went to the background (Android `onStop`): a running review stops, so that it does
     * not use the battery unseen (Android lets a background thread run on), and the screen keeps
     * the rows so far and still shows it running. [resume] continues it where it stopped (the
     * core's `continueReview`). Nothing when no review runs.
     */
    fun pause() {
        // Away again before the stopped review's result came: it is not to go on when it comes.
        if (interrupted) resumeOnArrival = false
        if (closed || interrupted || handle == null || stopRequested) return
        if (state.value.phase != ReviewPhase.RUNNING) return
        interrupted = true
        handle?.stop()
    }

    /**
     * Back in the foreground: a review [pause] stopped goes on from where it stopped, with the
     * same options (from the start of the 8-move part it was in). A review is deterministic for
     * its budget, so it ends as the interrupted one would have. Should the core refuse to
     * continue it (a kept review it cannot take back: damaged, or kept by another version), it
     * starts over.
     */
    fun resume() {
        if (closed || !interrupted) return
        val stopped = partial
        if (stopped == null) {
            // The stopped review's result is still on its way: continue it when it comes.
            resumeOnArrival = true
            return
        }
        continueFrom(stopped)
    }

    /** Goes on with [stopped], the review [pause] stopped. */
    private fun continueFrom(stopped: GameReview) {
        abandon()
        interrupted = false
        partial = null
        resumeOnArrival = false
        try {
            handle = engine.continueReview(game, options, stopped, listener())
            resultsDue++
        } catch (e: ChessException.InvalidRequest) {
            // A kept review the core cannot take back (damaged, or kept by another version).
            begin(options, useKept = false)
            return
        } catch (e: ChessException) {
            // The moves reviewed before stay on the screen with why it cannot go on, as the
            // Swift controller shows them.
            _state.update {
                it.copy(
                    phase = ReviewPhase.IDLE, message = e.message, done = stopped.moves.size,
                    rows = stopped.moves.map(::reviewRow), graph = graphFromMoves(stopped.moves, it.total),
                )
            }
            return
        }
        moves.clear()
        moves += stopped.moves
        _state.update {
            it.copy(
                phase = ReviewPhase.RUNNING,
                done = stopped.moves.size,
                rows = stopped.moves.map(::reviewRow),
                graph = graphFromMoves(moves, it.total),
            )
        }
    }

    /** Selects the move at [ply] (or none): the screen shows its details. */
    fun select(ply: Int?) {
        _state.update { s -> s.copy(selectedPly = ply?.takeIf { p -> s.rows.any { it.ply == p } }) }
    }

    /** Selects the next inaccuracy, mistake or blunder after the selected move (wrapping round). */
    fun selectNextError() {
        val s = _state.value
        val errors = s.rows.filter { it.moveClass.isError() }
        if (errors.isEmpty()) return
        val next = errors.firstOrNull { it.ply > (s.selectedPly ?: -1) } ?: errors.first()
        select(next.ply)
    }

    /**
     * What the analysis board opens with to look deeper at the review: once the review has
     * finished or stopped, its annotated PGN ([ReviewUiState.annotatedPgn]: the evaluations, a
     * NAG on each inaccuracy, mistake and blunder, the engine's better line as a variation of
     * each), the game's own PGN before; at the position after the selected move (the start
     * without a selection). For `AnalysisController(pgn = ..., ply = ...)`.
     */
    fun analysisRequest(): AnalysisRequest {
        val s = _state.value
        return AnalysisRequest(s.annotatedPgn ?: game.pgn(), s.selectedPly?.let { (it + 1).toUInt() } ?: 0u)
    }

    private fun applyMove(review: MoveReview, done: Int, total: Int) {
        moves += review
        _state.update {
            it.copy(done = done, total = total, rows = it.rows + reviewRow(review), graph = graphFromMoves(moves, total))
        }
    }

    private fun applyFinished(review: GameReview) {
        handle?.close()
        handle = null
        if (!state.value.kept) keep(cacheKey, review)
        if (interrupted && !review.complete && review.error == null) {
            // Stopped by [pause]: kept to continue; the screen shows it running still.
            partial = review
            if (resumeOnArrival) continueFrom(review)
            return
        }
        interrupted = false
        resumeOnArrival = false
        val error = review.error
        if (error != null) {
            // Failed inside chesscore (a bug, caught): the moves reviewed before it stay, and
            // the screen says why it ended, as the Swift controller does.
            _state.update { it.copy(phase = ReviewPhase.IDLE, message = error) }
            return
        }
        _state.update {
            it.copy(
                phase = if (review.complete) ReviewPhase.DONE else ReviewPhase.STOPPED,
                done = review.moves.size,
                rows = review.moves.map(::reviewRow),
                graph = graphFromReview(review, it.total),
                white = sideSummary(review.white),
                black = sideSummary(review.black),
                annotatedPgn = review.annotatedPgn,
            )
        }
    }

    /**
     * Keeps [review] under [key] in the cache: a finished one, and a stopped one with some moves
     * ([start] goes on with it, also after the app was closed); not a failed one.
     */
    private fun keep(key: String?, review: GameReview) {
        if (key == null || review.error != null || !(review.complete || review.moves.isNotEmpty())) return
        cache?.save(key, reviewToJson(review))
    }

    /** The core's key of the review of [game] with [options], or `null` (bad options: `start` says why). */
    private fun reviewKeyOrNull(options: ReviewOptions): String? = try {
        engine.reviewKey(game, options)
    } catch (e: ChessException) {
        null
    }

    /**
     * The review kept under [cacheKey], complete or stopped with some moves, or `null` (none, or
     * one the core cannot read).
     */
    private fun keptReview(): GameReview? {
        val json = cacheKey?.let { cache?.load(it) } ?: return null
        return try {
            reviewFromJson(json).takeIf { it.error == null && (it.complete || it.moves.isNotEmpty()) }
        } catch (e: ChessException) {
            null
        }
    }

    /** Stops the running review (if any) and forgets its events. */
    private fun abandon() {
        token++
        handle?.let {
            it.stop()
            it.close()
        }
        handle = null
    }

    /**
     * Stops the review and frees its handle. The engine and the game stay the caller's. With a
     * cache, the stopped review is kept when its result comes in (a few milliseconds later: on
     * the main thread while the scope given at creation lives, on the engine's thread once it
     * has ended, as a cleared view model's has), and reopening the review goes on with it.
     */
    override fun close() {
        if (closed) return
        closed = true
        abandon()
        // The scope ends once the last result is in (at once when none is due).
        if (resultsDue == 0) scope.cancel()
    }
}

/** A game for the analysis board and the main-line ply to open it at ([ReviewController.analysisRequest]). */
data class AnalysisRequest(
    /** The game in PGN. */
    val pgn: String,
    /** The main-line ply whose position the board shows (0: the start). */
    val ply: UInt,
)

/** The number of moves on [game]'s main line: what a review covers. */
internal fun mainLinePlies(game: ChessGame): Int =
    game.snapshot().moveRows.sumOf { (if (it.white != null) 1 else 0) + (if (it.black != null) 1 else 0) }
