@_exported import ChessCore
import Foundation

/// One event of a running search: progress after a completed depth, then exactly one result.
public enum SearchEvent: Sendable, Equatable {
    /// Progress after a completed depth (throttled by the engine to a few per second).
    case info(SearchInfo)
    /// The final result; the last event of every search, also of a stopped one.
    case finished(SearchResult)
}

extension ChessEngine {
    /// Searches `game`'s current position and streams its progress, ending with
    /// ``SearchEvent/finished(_:)`` (the Kotlin wrapper's `search(game, limits)` flow).
    ///
    /// The search starts at once (the engine copies the position, so the game may change
    /// afterwards) and runs on the engine's thread; the stream may be consumed from any actor,
    /// e.g. a `@MainActor` task, and delivers the events in order. Cancelling the consuming task,
    /// or dropping the stream, stops the search within a few milliseconds and frees its
    /// `SearchHandle`. The engine runs one search at a time: starting another one supersedes
    /// this one, whose stream then ends with a result marked `stopped`.
    ///
    /// The stream throws a `ChessError` (e.g. `.GameOver`) when the search cannot start, and
    /// `ChessError.Internal` after the infos when the search failed (`SearchResult.error`).
    public func search(
        _ game: ChessGame,
        limits: SearchLimits = SearchLimits()
    ) -> AsyncThrowingStream<SearchEvent, Error> {
        engineJobStream { continuation in
            try think(game: game, limits: limits, listener: StreamListener(continuation))
        }
    }

    /// Searches `game`'s current position and returns the engine's result (the Kotlin
    /// wrapper's `suspend fun bestMove(game, limits)`).
    ///
    /// The search runs on the engine's thread through `think`, with a handle that this function
    /// keeps: cancelling the calling task stops the search within a few milliseconds, and the
    /// call then throws `CancellationError` once the engine has delivered its (stopped) result,
    /// so the engine is idle again a moment later. A search superseded by another search on
    /// this engine returns its early result, marked `stopped`. (The core exports no async
    /// `bestMove` of its own: UniFFI's generated Swift async calls cannot be cancelled.)
    ///
    /// - Throws: `ChessError` when the search cannot start (e.g. `.GameOver`) or failed
    ///   (`.Internal`, see `SearchResult.error`), `CancellationError` when the task was
    ///   cancelled.
    public func bestMove(
        _ game: ChessGame,
        limits: SearchLimits = SearchLimits()
    ) async throws -> SearchResult {
        try await engineJobResult { continuation in
            try think(game: game, limits: limits, listener: ResultListener(continuation))
        }
    }
}

extension ChessError {
    /// The core's explanation of what went wrong and where (the FEN field, the token, the PGN
    /// line and column): the same text as `localizedDescription`, without a cast to `Error`.
    public var message: String {
        switch self {
        case .InvalidFen(let message), .InvalidNotation(let message), .IllegalMove(let message),
            .GameOver(let message), .InvalidSquare(let message), .InvalidPgn(let message),
            .InvalidSavedGame(let message), .InvalidRequest(let message), .Internal(let message):
            return message
        }
    }
}

/// A stream fed by a job that `start` begins on the engine's thread (a search or a review, whose
/// listener yields into the continuation), returning the job's handle. Ending the stream (the
/// consuming task cancelled, or the stream dropped) stops the job within a few milliseconds; a
/// job that cannot start ends the stream with its error.
func engineJobStream<Event: Sendable>(
    _ start: (AsyncThrowingStream<Event, Error>.Continuation) throws -> SearchHandle
) -> AsyncThrowingStream<Event, Error> {
    AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
        let stopper = SearchStopper()
        // Set before starting, so that a consumer cancelled at once still stops the job.
        continuation.onTermination = { @Sendable _ in stopper.stop() }
        do {
            stopper.attach(try start(continuation))
        } catch {
            continuation.finish(throwing: error)
        }
    }
}

/// The one result of a job that `start` begins on the engine's thread (its listener resumes the
/// continuation once), returning the job's handle. Cancelling the calling task stops the job; the
/// call then throws `CancellationError` once the job has reported, so the engine is idle again a
/// moment later.
func engineJobResult<Value: Sendable>(
    _ start: (CheckedContinuation<Value, Error>) throws -> SearchHandle
) async throws -> Value {
    let stopper = SearchStopper()
    let value = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Error>) in
            do {
                stopper.attach(try start(continuation))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    } onCancel: {
        stopper.stop()
    }
    stopper.release()
    try Task.checkCancellation()
    return value
}

/// Keeps a search's handle alive while the search should run (dropping a `SearchHandle` stops
/// its search) and stops it on request, also when the request comes before the handle exists.
final class SearchStopper: @unchecked Sendable {
    // Guarded by `lock`.
    private var handle: SearchHandle?
    private var stopped = false
    private let lock = NSLock()

    /// Keeps `handle`; stops it at once when ``stop()`` was already called.
    func attach(_ handle: SearchHandle) {
        lock.lock()
        self.handle = handle
        let stopNow = stopped
        lock.unlock()
        if stopNow { handle.stop() }
    }

    /// Stops the search (now, or as soon as it is attached).
    func stop() {
        lock.lock()
        stopped = true
        let handle = self.handle
        lock.unlock()
        handle?.stop()
    }

    /// Frees the handle of a search that has finished.
    func release() {
        lock.lock()
        handle = nil
        lock.unlock()
    }
}

/// Forwards a search's callbacks (on the engine's thread) into an `AsyncThrowingStream`.
private final class StreamListener: SearchListener {
    private let continuation: AsyncThrowingStream<SearchEvent, Error>.Continuation

    init(_ continuation: AsyncThrowingStream<SearchEvent, Error>.Continuation) {
        self.continuation = continuation
    }

    func onInfo(info: SearchInfo) {
        continuation.yield(.info(info))
    }

    func onFinished(result: SearchResult) {
        if let error = result.error {
            continuation.finish(throwing: ChessError.Internal(message: error))
        } else {
            continuation.yield(.finished(result))
            continuation.finish()
        }
    }
}

/// Resumes a continuation with a search's result; the core calls `onFinished` exactly once.
private final class ResultListener: SearchListener {
    private let continuation: CheckedContinuation<SearchResult, Error>

    init(_ continuation: CheckedContinuation<SearchResult, Error>) {
        self.continuation = continuation
    }

    func onInfo(info: SearchInfo) {}

    func onFinished(result: SearchResult) {
        if let error = result.error {
            continuation.resume(throwing: ChessError.Internal(message: error))
        } else {
            continuation.resume(returning: result)
        }
    }
}
