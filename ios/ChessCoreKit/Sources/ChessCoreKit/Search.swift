@_exported import ChessCore
import os

/// One event of a running search: progress after a completed depth, then exactly one result.
public enum SearchEvent: Sendable, Equatable {
    /// Progress after a completed depth (throttled by the engine to a few per second).
    case info(SearchInfo)
    /// The final result; the last event of every search, also a stopped one.
    case finished(SearchResult)
}

extension ChessEngine {
    /// Searches `game`'s current position and streams its progress, ending with
    /// ``SearchEvent/finished(_:)``.
    ///
    /// The search runs on the engine's thread; the stream may be consumed from any actor.
    /// Cancelling the consuming task, or dropping the stream, stops the search within a few
    /// milliseconds. The engine runs one search at a time: starting another one supersedes
    /// this one, which then finishes early with `stopped == true`.
    ///
    /// The stream throws a `ChessError` (e.g. `.GameOver`) when the search cannot start, and
    /// `ChessError.Internal` after the infos when the search failed (`SearchResult.error`).
    public func search(
        _ game: ChessGame,
        limits: SearchLimits = SearchLimits()
    ) -> AsyncThrowingStream<SearchEvent, Error> {
        AsyncThrowingStream { continuation in
            let stopper = SearchStopper()
            // Set before starting, so that a consumer cancelled at once still stops the search.
            continuation.onTermination = { @Sendable _ in stopper.stop() }
            do {
                let handle = try think(
                    game: game, limits: limits, listener: StreamListener(continuation))
                stopper.attach(handle)
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// Searches `game`'s current position and returns the engine's result.
    ///
    /// Unlike the generated `bestMove(game:limits:)`, whose Swift side cannot cancel the Rust
    /// future, cancelling the calling task stops the search at once and throws
    /// `CancellationError`. A search superseded by another search on this engine returns its
    /// (early) result with `stopped == true`.
    ///
    /// - Throws: `ChessError` when the search cannot start (e.g. `.GameOver`) or failed
    ///   (`.Internal`, see `SearchResult.error`), `CancellationError` when the task was
    ///   cancelled.
    public func bestMove(
        in game: ChessGame,
        limits: SearchLimits = SearchLimits()
    ) async throws -> SearchResult {
        let stopper = SearchStopper()
        let result = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<SearchResult, Error>) in
                do {
                    let handle = try think(
                        game: game, limits: limits, listener: ResultListener(continuation))
                    stopper.attach(handle)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            stopper.stop()
        }
        try Task.checkCancellation()
        return result
    }
}

extension ChessError {
    /// The core's explanation of what went wrong and where (the FEN field, the token, the PGN
    /// line and column), without the variant name.
    public var message: String {
        switch self {
        case .InvalidFen(let message), .InvalidNotation(let message), .IllegalMove(let message),
            .GameOver(let message), .InvalidSquare(let message), .InvalidPgn(let message),
            .InvalidSavedGame(let message), .InvalidRequest(let message), .Internal(let message):
            return message
        }
    }
}

/// Keeps a search's handle alive while the search should run (dropping a `SearchHandle` stops
/// its search) and stops it on request, also when the request comes before the handle exists.
final class SearchStopper: Sendable {
    private struct State {
        var handle: SearchHandle?
        var stopped = false
    }

    private let state = OSAllocatedUnfairLock(uncheckedState: State())

    /// Keeps `handle`; stops it at once when ``stop()`` was already called.
    func attach(_ handle: SearchHandle) {
        let stopNow = state.withLockUnchecked { state -> Bool in
            state.handle = handle
            return state.stopped
        }
        if stopNow { handle.stop() }
    }

    /// Stops the search (now, or as soon as it is attached).
    func stop() {
        let handle = state.withLockUnchecked { state -> SearchHandle? in
            state.stopped = true
            return state.handle
        }
        handle?.stop()
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
