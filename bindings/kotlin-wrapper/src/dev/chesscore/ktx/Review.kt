/**
 * Coroutine-friendly game review and coach.
 *
 * The generated [ChessEngine.review] and [ChessEngine.coach] report through listeners on the
 * engine's own thread. [review] turns a review into a [Flow] and [coach] into a suspend call,
 * the same two the Swift package offers under the same names: values arrive on the collector's
 * (caller's) dispatcher, and cancellation stops the work and closes its [SearchHandle] at once.
 */
package dev.chesscore.ktx

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.CoachListener
import dev.chesscore.Coaching
import dev.chesscore.GameReview
import dev.chesscore.MoveReview
import dev.chesscore.ReviewListener
import dev.chesscore.ReviewOptions
import dev.chesscore.SearchHandle
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicReference
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.suspendCancellableCoroutine

/** One event of a game review: a move reviewed, or the whole review at the end. */
sealed class ReviewEvent {
    /** Move [review] is reviewed; [done] of [total] moves so far. */
    data class Move(val review: MoveReview, val done: Int, val total: Int) : ReviewEvent()

    /** The review; always the last event, also when it was stopped (`complete` is then false). */
    data class Finished(val review: GameReview) : ReviewEvent()
}

/**
 * Reviews [game]'s main line (wherever its current node is) and emits each move as it is reviewed, then the whole review, after
 * which the flow completes.
 *
 * The review starts when collection starts (the engine copies the game then). Cancelling the
 * collector stops the review and closes its handle. A new search or review on the same engine
 * supersedes this one: the flow then ends with a `Finished` event whose review is incomplete.
 *
 * With [continuing], a review of [game] with [options] that was stopped (the `Finished` event
 * of an earlier flow, or one kept with `reviewToJson`), the review goes on where it stopped
 * (`continueReview`): the flow emits only the moves it lacks, then the whole review, which is
 * the one an uninterrupted review gives. A complete [continuing] is emitted back at once.
 *
 * [unreceived], when given, gets the review's result (finished or stopped; not a failed one)
 * when the flow's collector did not receive it: the collector was cancelled, which stopped the
 * review, before the result came (then on the engine's thread) or after it came but before the
 * collector took it (then on the collector's thread, as it leaves). A result that an operator
 * between this flow and the collector already took into its own buffer (`flowOn`, `buffer`,
 * `conflate`) is that operator's and is not covered: collect this flow directly where the result
 * matters (the review runs on the engine's thread anyway). For keeping a review whose screen was left, so that a
 * later [continuing] goes on with it. (The Swift wrapper's `unreceived`.)
 *
 * @throws dev.chesscore.ChessException.InvalidRequest (from collection) for bad [options], or
 *   a [continuing] review of another game, other options or an engine of another table size.
 * @throws dev.chesscore.ChessException.Internal (from collection, after the moves reviewed
 *   before it) when the review failed inside chesscore ([GameReview.error]), or when a
 *   listener of an earlier search, review or coach on this engine threw.
 */
fun ChessEngine.review(
    game: ChessGame,
    options: ReviewOptions = ReviewOptions(),
    continuing: GameReview? = null,
    unreceived: ((GameReview) -> Unit)? = null,
): Flow<ReviewEvent> =
    flow {
        // Given to [unreceived] once at most: refused by a closed channel (the collector left
        // before the result came), or left in the channel's buffer when the collector left.
        val reported = AtomicBoolean(false)
        val report = { review: GameReview ->
            if (unreceived != null && reported.compareAndSet(false, true)) unreceived(review)
        }
        // Unlimited: the engine thread never blocks, and no event is dropped while collected.
        val events = Channel<ReviewEvent>(Channel.UNLIMITED) { left ->
            if (left is ReviewEvent.Finished) report(left.review)
        }
        val listener = object : ReviewListener {
            override fun onMoveReviewed(review: MoveReview, done: UInt, total: UInt) {
                events.trySend(ReviewEvent.Move(review, done.toInt(), total.toInt()))
            }

            override fun onFinished(review: GameReview) {
                val error = review.error
                if (error == null) {
                    if (events.trySend(ReviewEvent.Finished(review)).isFailure) report(review)
                    events.close()
                } else {
                    events.close(ChessException.Internal(error))
                }
            }
        }
        val handle = if (continuing == null) {
            review(game, options, listener)
        } else {
            continueReview(game, options, continuing, listener)
        }
        try {
            for (event in events) emit(event)
        } finally {
            handle.stop()
            handle.close()
            // What the collector did not take (the result, when it left just after the review
            // ended) goes to [unreceived].
            events.cancel()
        }
    }

/**
 * Asks the coach about [game]'s current position and returns its findings (`null` only when a
 * newer search or review on the same engine stopped it), resuming on the caller's dispatcher.
 * Cancelling the calling coroutine stops it and closes its handle.
 *
 * @param nodesPerSearch the budget of each of its (up to three) searches; `null`: the standard
 *   review preset's.
 * @throws dev.chesscore.ChessException.Internal when the coach failed inside chesscore (the
 *   listener's `error`).
 */
suspend fun ChessEngine.coach(game: ChessGame, nodesPerSearch: ULong? = null): Coaching? {
    val started = AtomicReference<SearchHandle?>(null)
    try {
        return suspendCancellableCoroutine { continuation ->
            val listener = object : CoachListener {
                override fun onCoaching(coaching: Coaching?, error: String?) {
                    if (!continuation.isActive) return
                    if (error == null) continuation.resume(coaching) else continuation.resumeWithException(ChessException.Internal(error))
                }
            }
            val handle = coach(game, nodesPerSearch, listener)
            started.set(handle)
            continuation.invokeOnCancellation { handle.stop() }
        }
    } finally {
        started.getAndSet(null)?.close()
    }
}
