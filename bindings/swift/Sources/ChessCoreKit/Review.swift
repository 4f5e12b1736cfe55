import ChessCore

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
    /// (The Kotlin wrapper's `review(game, options)` is the same function.)
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
    /// one) on the engine's thread when nobody consumes the stream any more to receive it: the
    /// consuming task was cancelled or left its loop, which stopped the review. For keeping a
    /// review whose screen was left, so that a later `continuing` goes on with it.
    public func review(
        _ game: ChessGame,
        options: ReviewOptions = ReviewOptions(),
        continuing: GameReview? = nil,
        unreceived: (@Sendable (GameReview) -> Void)? = nil
    ) -> AsyncThrowingStream<ReviewEvent, Error> {
        engineJobStream { continuation in
            let listener = ReviewStreamListener(continuation, unreceived: unreceived)
            if let continuing {
                return try continueReview(
                    game: game, options: options, earlier: continuing, listener: listener)
            }
            return try review(game: game, options: options, listener: listener)
        }
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

/// Forwards a review's callbacks (on the engine's thread) into an `AsyncThrowingStream`.
private final class ReviewStreamListener: ReviewListener {
    private let continuation: AsyncThrowingStream<ReviewEvent, Error>.Continuation
    /// Gets the result the stream could not deliver (its consumer had gone).
    private let unreceived: (@Sendable (GameReview) -> Void)?

    init(
        _ continuation: AsyncThrowingStream<ReviewEvent, Error>.Continuation,
        unreceived: (@Sendable (GameReview) -> Void)?
    ) {
        self.continuation = continuation
        self.unreceived = unreceived
    }

    func onMoveReviewed(review: MoveReview, done: UInt32, total: UInt32) {
        continuation.yield(.move(review, done: Int(done), total: Int(total)))
    }

    func onFinished(review: GameReview) {
        if let error = review.error {
            continuation.finish(throwing: ChessError.Internal(message: error))
        } else {
            if case .terminated = continuation.yield(.finished(review)) {
                unreceived?(review)
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
