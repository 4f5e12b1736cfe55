import ChessCore
import Foundation

/// One event of a running game review: a move reviewed, then exactly one whole review.
public enum ReviewEvent: Sendable, Equatable {
    /// Move `review` is reviewed: `done` of `total` moves so far.
    case move(MoveReview, done: Int, total: Int)
    /// The review; the last event, also when it was stopped (`complete` is then false).
    case finished(GameReview)
}

extension ChessEngine {
    /// Reviews `game`'s main line (from its start to its end, wherever the current node is) and
    /// streams each move as it is reviewed, ending with ``ReviewEvent/finished(_:)``.
    ///
    /// The review runs on the engine's thread (the same one its searches use). Cancelling the
    /// consuming task, or dropping the stream, stops it within a few milliseconds. A new search
    /// or review on this engine supersedes it: the stream then ends with an incomplete review.
    /// (The Kotlin wrapper's `review(game, options)` is the same function, except that a Flow
    /// starts the review when it is collected, this stream when it is made.)
    ///
    /// With `continuing`, a review of `game` with `options` that was stopped (the
    /// ``ReviewEvent/finished(_:)`` of an earlier stream, or one kept with `reviewToJson`), the
    /// review goes on where it stopped (`continueReview`): the stream yields only the moves it
    /// lacks, then the whole review, which is the one an uninterrupted review gives. A complete
    /// `continuing` is yielded back at once.
    ///
    /// The stream throws `ChessError.InvalidRequest` for bad options or a `continuing` review
    /// of another game, other options or an engine of another table size, and
    /// `ChessError.Internal` (after the moves reviewed before it) when the review failed inside
    /// chesscore (`GameReview.error`) or a listener of an earlier search, review or coach on
    /// this engine threw.
    ///
    /// `unreceived`, when given, gets the review's result (finished or stopped; not a failed
    /// one) once when the consumer did not receive it: the consuming task was cancelled, or the
    /// stream was released (its loop left and the stream not kept), which stopped the review,
    /// before the result came (then on the engine's thread) or while it waited in the stream
    /// (then on the thread that let the stream go). For keeping a review whose screen was left,
    /// so that a later `continuing` goes on with it. (A loop left while the stream itself is
    /// still kept in a variable stops nothing until the stream is released.)
    public func review(
        _ game: ChessGame,
        options: ReviewOptions = ReviewOptions(),
        continuing: GameReview? = nil,
        unreceived: (@Sendable (GameReview) -> Void)? = nil
    ) -> AsyncThrowingStream<ReviewEvent, Error> {
        let delivery = ReviewDelivery(unreceived)
        let events: AsyncThrowingStream<ReviewEvent, Error> = engineJobStream { continuation in
            let listener = ReviewStreamListener(continuation, delivery: delivery)
            if let continuing {
                return try continueReview(
                    game: game, options: options, earlier: continuing, listener: listener)
            }
            return try review(game: game, options: options, listener: listener)
        }
        guard unreceived != nil else { return events }
        // Read through a reader that notes when the result is handed out: a result still in the
        // stream's buffer when the consumer lets go goes to `unreceived` (a stream's buffer is
        // dropped with it, unseen).
        let reader = ReviewReader(events.makeAsyncIterator(), delivery: delivery)
        return AsyncThrowingStream { try await reader.next() }
    }

    /// Asks the coach about `game`'s current position: the evaluation and best line, the
    /// opponent's threat, the hanging pieces, and the refutation of the last move when it was a
    /// mistake. `nil` when a newer search or review on this engine stopped it. Cancelling the
    /// calling task stops it and throws `CancellationError`; a coach that failed inside
    /// chesscore throws `ChessError.Internal`.
    ///
    /// - Parameter nodesPerSearch: the budget of each of its (up to three) searches; `nil`: the
    ///   standard review preset's.
    public func coach(_ game: ChessGame, nodesPerSearch: UInt64? = nil) async throws -> Coaching? {
        try await engineJobResult { continuation in
            try coach(
                game: game, nodesPerSearch: nodesPerSearch,
                listener: CoachResultListener(continuation))
        }
    }
}

/// Where a review's result went: handed to the consumer, or to `unreceived` (once) when the
/// consumer let go without it: gone before it came, or gone while it waited in the buffer.
private final class ReviewDelivery: @unchecked Sendable {
    private let unreceived: (@Sendable (GameReview) -> Void)?
    // Guarded by `lock`.
    private let lock = NSLock()
    private var pending: GameReview?
    private var consumerGone = false
    private var settled = false

    init(_ unreceived: (@Sendable (GameReview) -> Void)?) {
        self.unreceived = unreceived
    }

    /// The result came (on the engine's thread), before it is put in the stream.
    func arrived(_ review: GameReview) {
        let report: Bool = lock.withLock { () -> Bool in
            if consumerGone && !settled {
                settled = true
                return true
            }
            pending = review
            return false
        }
        if report { unreceived?(review) }
    }

    /// The consumer took the result.
    func handedOut() {
        lock.withLock {
            pending = nil
            settled = true
        }
    }

    /// The consumer let go (the stream refused the result, or the reader was released): a
    /// result not handed out goes to `unreceived`, and one that comes later goes there too.
    func consumerLeft() {
        let review: GameReview? = lock.withLock { () -> GameReview? in
            consumerGone = true
            guard let review = pending, !settled else { return nil }
            pending = nil
            settled = true
            return review
        }
        if let review { unreceived?(review) }
    }
}

/// Reads a review's stream for its one consumer, noting when the result is handed out; when the
/// consumer lets go (its loop left or its task cancelled, and the stream released), a result
/// still waiting goes to `unreceived`.
private final class ReviewReader: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<ReviewEvent, Error>.AsyncIterator
    private let delivery: ReviewDelivery

    init(_ iterator: AsyncThrowingStream<ReviewEvent, Error>.AsyncIterator, delivery: ReviewDelivery) {
        self.iterator = iterator
        self.delivery = delivery
    }

    func next() async throws -> ReviewEvent? {
        let event = try await iterator.next()
        if case .finished = event { delivery.handedOut() }
        return event
    }

    deinit {
        delivery.consumerLeft()
    }
}

/// Forwards a review's callbacks (on the engine's thread) into an `AsyncThrowingStream`.
private final class ReviewStreamListener: ReviewListener {
    private let continuation: AsyncThrowingStream<ReviewEvent, Error>.Continuation
    /// Gets the result the stream could not deliver (its consumer had gone).
    private let delivery: ReviewDelivery

    init(
        _ continuation: AsyncThrowingStream<ReviewEvent, Error>.Continuation,
        delivery: ReviewDelivery
    ) {
        self.continuation = continuation
        self.delivery = delivery
    }

    func onMoveReviewed(review: MoveReview, done: UInt32, total: UInt32) {
        continuation.yield(.move(review, done: Int(done), total: Int(total)))
    }

    func onFinished(review: GameReview) {
        if let error = review.error {
            continuation.finish(throwing: ChessError.Internal(message: error))
        } else {
            delivery.arrived(review)
            if case .terminated = continuation.yield(.finished(review)) {
                delivery.consumerLeft()
            }
            continuation.finish()
        }
    }
}

/// Resumes a continuation with the coach's findings; the core calls `onCoaching` exactly once.
private final class CoachResultListener: CoachListener {
    private let continuation: CheckedContinuation<Coaching?, Error>

    init(_ continuation: CheckedContinuation<Coaching?, Error>) {
        self.continuation = continuation
    }

    func onCoaching(coaching: Coaching?, error: String?) {
        if let error {
            continuation.resume(throwing: ChessError.Internal(message: error))
        } else {
            continuation.resume(returning: coaching)
        }
    }
}
