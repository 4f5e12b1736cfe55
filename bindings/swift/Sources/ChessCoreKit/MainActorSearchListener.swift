import Foundation

/// A `SearchListener` for main-actor code: it receives the engine's callbacks on the engine's
/// thread and hands each one, in order, to closures that run on the main actor.
///
/// A `@MainActor` view model cannot conform to `SearchListener` itself: the protocol is
/// `Sendable` and the core calls it on the engine's thread. Give the engine this adapter
/// instead:
///
/// ```swift
/// @MainActor final class AnalysisModel {
///     var line = ""
///     private var search: SearchHandle?
///
///     func analyse(_ game: ChessGame, with engine: ChessEngine) throws {
///         let listener = MainActorSearchListener(
///             onInfo: { [weak self] info in self?.line = info.pvSan.joined(separator: " ") },
///             onFinished: { [weak self] _ in self?.search = nil })
///         search = try engine.think(game: game, limits: SearchLimits(infinite: true),
///                                   listener: listener)
///     }
/// }
/// ```
///
/// Events arrive on the main actor in the order the engine sent them, `onFinished` last and
/// exactly once per search. They are queued on the main dispatch queue, so a result can arrive
/// after the code that started the search has moved on: compare `positionKey` with the current
/// position (or keep a search id) before using it. Async code can instead consume
/// ``ChessCore/ChessEngine/search(_:limits:)`` from a `@MainActor` task.
public final class MainActorSearchListener: SearchListener {
    private let infoHandler: @MainActor @Sendable (SearchInfo) -> Void
    private let finishedHandler: @MainActor @Sendable (SearchResult) -> Void

    /// A listener that calls `onInfo` for each progress report and `onFinished` for the result,
    /// both on the main actor.
    public init(
        onInfo: @escaping @MainActor @Sendable (SearchInfo) -> Void = { _ in },
        onFinished: @escaping @MainActor @Sendable (SearchResult) -> Void
    ) {
        infoHandler = onInfo
        finishedHandler = onFinished
    }

    /// Called by the core on the engine's thread; queues `onInfo` on the main actor.
    public func onInfo(info: SearchInfo) {
        let handler = infoHandler
        DispatchQueue.main.async {
            MainActor.assumeIsolated { handler(info) }
        }
    }

    /// Called by the core on the engine's thread; queues `onFinished` on the main actor.
    public func onFinished(result: SearchResult) {
        let handler = finishedHandler
        DispatchQueue.main.async {
            MainActor.assumeIsolated { handler(result) }
        }
    }
}
