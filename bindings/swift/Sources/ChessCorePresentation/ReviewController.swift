import ChessCoreKit
import Foundation
import Observation

/// Where a review stands.
public enum ReviewPhase: Sendable, Equatable {
    /// Not started.
    case idle
    /// Moves are being reviewed; rows and graph grow as they arrive.
    case running
    /// Every move is reviewed.
    case done
    /// Stopped before the end; the rows reviewed so far are kept.
    case stopped
}

/// One row of the review's move list (the Kotlin `ReviewRow`).
public struct ReviewRow: Sendable, Equatable, Identifiable {
    /// Moves played before this one (0: the first move).
    public let ply: Int
    /// "12." for White's move 12, "12…" for Black's.
    public let numberText: String
    public let side: Side
    public let san: String
    public let moveClass: MoveClass
    /// "??", "?", "?!", "!" for an only move found, "" otherwise.
    public let symbol: String
    /// The class in words, e.g. "Blunder".
    public let classText: String
    /// The evaluation after the move, White's view: "+0.35", "-1.20", "M3", "-M2", "#".
    public let evalText: String
    /// For an inaccuracy or worse: the engine's better move in SAN.
    public let betterSan: String?
    /// For a mistake or blunder: the opponent's refutation line in SAN.
    public let refutationSan: [String]
    public let missedWin: Bool
    public let onlyMove: Bool

    public var id: Int { ply }
}

/// One point of the eval graph, ready to draw: both coordinates 0...1.
public struct GraphPoint: Sendable, Equatable {
    /// Moves played before the position.
    public let ply: Int
    /// The position's place along the game, 0 (start) to 1 (last position).
    public let x: Double
    /// White's win probability, 0 (Black wins) to 1 (White wins).
    public let y: Double
    /// The class of the move that led here when it was an inaccuracy or worse.
    public let marker: MoveClass?
}

/// One side's summary line.
public struct SideSummaryUi: Sendable, Equatable {
    /// "84.2", or "–" without moves.
    public let accuracyText: String
    /// Average centipawn loss, e.g. "35", or "–".
    public let averageLossText: String
    public let inaccuracies: Int
    public let mistakes: Int
    public let blunders: Int
    public let best: Int
    public let book: Int
}

/// Everything the review screen draws (the Kotlin `ReviewUiState`).
public struct ReviewUiState: Sendable, Equatable {
    public var phase: ReviewPhase = .idle
    public var done = 0
    public var total = 0
    public var rows: [ReviewRow] = []
    public var graph: [GraphPoint] = []
    public var selectedPly: Int?
    public var white: SideSummaryUi?
    public var black: SideSummaryUi?
    /// The game with the review as PGN (for sharing), once done or stopped.
    public var annotatedPgn: String?
    /// The last error to show.
    public var message: String?
    /// `true` when the review was kept from before (``ReviewController``'s cache) rather than
    /// searched now.
    public var kept = false

    public init() {}

    /// Progress 0...1 for a progress bar.
    public var progress: Double {
        total == 0 ? (phase == .done ? 1 : 0) : Double(done) / Double(total)
    }

    /// The selected row, if any.
    public var selectedRow: ReviewRow? {
        guard let ply = selectedPly else { return nil }
        return rows.first { $0.ply == ply }
    }
}

extension MoveClass {
    /// `true` for inaccuracy, mistake and blunder.
    public var isError: Bool { self == .inaccuracy || self == .mistake || self == .blunder }

    /// The annotation symbol ("!" for an only move found).
    public func symbol(onlyMove: Bool = false) -> String {
        switch self {
        case .blunder: return "??"
        case .mistake: return "?"
        case .inaccuracy: return "?!"
        default: return onlyMove ? "!" : ""
        }
    }

    /// The class in words.
    public var text: String {
        switch self {
        case .book: return "Book"
        case .best: return "Best"
        case .excellent: return "Excellent"
        case .good: return "Good"
        case .inaccuracy: return "Inaccuracy"
        case .mistake: return "Mistake"
        case .blunder: return "Blunder"
        }
    }
}

/// An evaluation already from White's view as text: "+0.35", "0.00", "M3", "-M2".
public func whiteScoreText(_ score: Score) -> String {
    switch score {
    case .centipawns(let value):
        return value == 0 ? "0.00" : String(format: "%+.2f", Double(value) / 100)
    case .mate(let moves):
        return moves >= 0 ? "M\(moves)" : "-M\(-moves)"
    }
}

/// The row of a reviewed move.
public func reviewRow(_ m: MoveReview) -> ReviewRow {
    ReviewRow(
        ply: Int(m.ply),
        numberText: m.side == .white ? "\(m.moveNumber)." : "\(m.moveNumber)…",
        side: m.side, san: m.san, moveClass: m.classification,
        symbol: m.classification.symbol(onlyMove: m.onlyMove), classText: m.classification.text,
        evalText: m.checkmate ? "#" : whiteScoreText(m.afterWhite),
        betterSan: m.classification.isError ? m.bestSan : nil,
        refutationSan: m.refutationSan, missedWin: m.missedWin, onlyMove: m.onlyMove)
}

/// The eval graph while a review runs: the start and a point after each reviewed move.
public func graphFromMoves(_ moves: [MoveReview], totalMoves: Int) -> [GraphPoint] {
    guard let first = moves.first else { return [] }
    let width = Double(max(totalMoves, 1))
    let startWhite = first.side == .white ? first.winBefore : 100 - first.winBefore
    var points = [GraphPoint(
        ply: Int(first.ply), x: Double(first.ply) / width, y: startWhite / 100, marker: nil)]
    for m in moves {
        let ply = Int(m.ply) + 1
        let white = m.side == .white ? m.winAfter : 100 - m.winAfter
        points.append(GraphPoint(
            ply: ply, x: Double(ply) / width, y: white / 100,
            marker: m.classification.isError ? m.classification : nil))
    }
    return points
}

/// The eval graph of a finished (or stopped) review, from the core's eval series.
public func graphFromReview(_ review: GameReview, totalMoves: Int) -> [GraphPoint] {
    let width = Double(max(totalMoves, review.evals.count - 1, 1))
    var classes: [Int: MoveClass] = [:]
    for m in review.moves { classes[Int(m.ply) + 1] = m.classification }
    return review.evals.map { p in
        let ply = Int(p.ply)
        let marker = classes[ply].flatMap { $0.isError ? $0 : nil }
        return GraphPoint(ply: ply, x: Double(ply) / width, y: p.whiteWin / 100, marker: marker)
    }
}

/// A side's summary line.
public func sideSummary(_ s: SideReview) -> SideSummaryUi {
    SideSummaryUi(
        accuracyText: s.accuracy.map { String(format: "%.1f", $0) } ?? "–",
        averageLossText: s.averageCentipawnLoss.map { String(format: "%.0f", $0) } ?? "–",
        inaccuracies: Int(s.inaccuracies), mistakes: Int(s.mistakes), blunders: Int(s.blunders),
        best: Int(s.best), book: Int(s.book))
}

/// A game for the analysis board and the main-line ply to open it at
/// (``ReviewController/analysisRequest()``).
public struct AnalysisRequest: Equatable, Sendable {
    /// The game in PGN.
    public var pgn: String
    /// The main-line ply whose position the board shows (0: the start).
    public var ply: UInt32

    /// A request for `pgn` at main-line `ply`.
    public init(pgn: String, ply: UInt32) {
        self.pgn = pgn
        self.ply = ply
    }
}

/// The review screen's presentation layer (the Kotlin `ReviewController` has the same states and
/// intents): runs the core's review of a game and turns its events into ``ReviewUiState``. It
/// holds no chess knowledge: classes, evaluations and lines come from the core.
///
/// Threading: a `@MainActor` object; the review runs on the engine's thread and its events reach
/// the controller on the main actor, through ``ChessCoreKit/ChessEngine/review(_:options:)``.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class ReviewController {
    /// What the screen draws; replaced after every event and intent.
    public private(set) var state = ReviewUiState()

    private let engine: ChessEngine
    private let game: ChessGame
    private let cache: (any ReviewCache)?
    /// The key the running review is kept under once finished (with a cache).
    @ObservationIgnored private var cacheKey: String?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var moves: [MoveReview] = []
    @ObservationIgnored private var runs = 0
    /// The options of the last review started: ``resume()`` starts it again with them.
    @ObservationIgnored private var options = ReviewOptions()
    /// `true` after ``pause()`` stopped a running review, until ``resume()`` continues it.
    @ObservationIgnored private var interrupted = false
    /// The review ``pause()`` stopped, once its result is in: ``resume()`` continues it.
    @ObservationIgnored private var partial: GameReview?
    /// `true` when ``resume()`` came before the stopped review's result: continue it on
    /// arrival.
    @ObservationIgnored private var resumeOnArrival = false
    /// `true` once the person stopped the running review (``stop()``): ``pause()`` leaves it
    /// stopped.
    @ObservationIgnored private var stopRequested = false

    /// A controller that reviews `game` on `engine` (both stay the caller's). With a `cache`, a
    /// finished review is kept under the core's `reviewKey`, and a game reviewed before with the
    /// same options shows its review at once, without searching (``ReviewUiState/kept``). A
    /// stopped review is kept too (stopped by the person, by ``pause()``, by another start, or
    /// by releasing the controller while it ran, as a screen that is left does), and
    /// ``start(options:)`` goes on with it where it stopped, also after the app was closed. The
    /// cache may be written on the engine's thread.
    public init(engine: ChessEngine, game: ChessGame, cache: (any ReviewCache)? = nil) {
        self.engine = engine
        self.game = game
        self.cache = cache
    }

    /// Released (its screen went): the running review stops at once, and is kept as far as it
    /// went (with a cache).
    deinit {
        task?.cancel()
    }

    /// Starts reviewing the game (its main line, wherever the current node is); a review already
    /// running is abandoned and the screen starts over.
    public func start(options: ReviewOptions = ReviewOptions()) {
        begin(options: options, useKept: true)
    }

    /// ``start(options:)``, with or without what the cache keeps for the game.
    private func begin(options: ReviewOptions, useKept: Bool) {
        task?.cancel()
        runs += 1
        let run = runs
        self.options = options
        interrupted = false
        partial = nil
        resumeOnArrival = false
        stopRequested = false
        moves = []
        cacheKey = cache == nil ? nil : try? engine.reviewKey(game: game, options: options)
        let kept = useKept ? keptReview() : nil
        if let kept, kept.complete {
            // Reviewed before with these options: the same review, shown without searching.
            var shown = ReviewUiState()
            shown.phase = .running
            shown.total = kept.moves.count
            shown.kept = true
            state = shown
            apply(.finished(kept))
            return
        }
        var fresh = ReviewUiState()
        fresh.phase = .running
        // The moves on the main line: what a review covers.
        fresh.total = game.snapshot().moveRows.reduce(0) {
            $0 + ($1.white == nil ? 0 : 1) + ($1.black == nil ? 0 : 1)
        }
        state = fresh
        if let kept {
            // Stopped before, perhaps in an earlier run of the app: it goes on where it stopped.
            continueReview(kept)
            return
        }
        let keep = Self.keeper(cache: cache, key: cacheKey)
        consume(
            engine.review(game, options: options, unreceived: keep), run: run, continuing: false,
            keep: keep)
    }

    /// Applies the events of `stream`, the review of run `run`, as they come. A continued
    /// review the core refuses (a kept review it cannot take back: damaged, or kept by another
    /// version) starts over. When nobody shows the review any more (the controller was released
    /// with its screen, or another review started: either cancelled the task, which ends the
    /// stream and so stops the review), its result is still kept with `keep`: here when it was
    /// already in the stream's buffer (a cancelled stream still delivers what it holds), through
    /// the stream's `unreceived` when it came after the stream ended.
    private func consume(
        _ stream: AsyncThrowingStream<ReviewEvent, Error>, run: Int, continuing: Bool,
        keep: (@Sendable (GameReview) -> Void)?
    ) {
        task = Task { [weak self] in
            do {
                for try await event in stream {
                    guard let self, self.runs == run else {
                        if case .finished(let review) = event { keep?(review) }
                        continue
                    }
                    self.apply(event)
                }
            } catch {
                guard let self, self.runs == run else { return }
                if continuing, case ChessError.InvalidRequest = error {
                    self.begin(options: self.options, useKept: false)
                    return
                }
                let message = (error as? ChessError)?.message ?? "\(error)"
                if self.moves.isEmpty {
                    // Refused before any move was reviewed (e.g. options the core refuses): no
                    // review to show, as in Kotlin, where the refusal comes from the call itself.
                    var failed = ReviewUiState()
                    failed.message = message
                    self.state = failed
                } else {
                    self.state.phase = .idle
                    self.state.message = message
                }
            }
        }
    }

    /// Stops the review; the moves reviewed so far stay and their summary follows (the stream
    /// ends with the incomplete review). Not by cancelling the task, which would end the stream
    /// without that last event: the engine's `stop()` stops its current job, the review.
    public func stop() {
        guard state.phase == .running else { return }
        stopRequested = true
        if interrupted {
            // Paused: the person stops it for good. Its result shows as any stopped review's.
            interrupted = false
            resumeOnArrival = false
            if let stopped = partial {
                partial = nil
                apply(.finished(stopped))
            }
            return
        }
        engine.stop()
    }

    /// The app went to the background (`scenePhase` became `.background`): a running review
    /// stops, so that it does not use the battery unseen, and the screen keeps the rows so far
    /// and still shows it running. ``resume()`` continues it where it stopped (the core's
    /// `continueReview`). Nothing when no review runs. The Kotlin `pause()`.
    public func pause() {
        // Away again before the stopped review's result came: it is not to go on when it comes.
        if interrupted { resumeOnArrival = false }
        guard state.phase == .running, !stopRequested, !interrupted, task != nil else { return }
        interrupted = true
        // The engine's current job is this review: it stops and its stream ends with the
        // incomplete review, which ``resume()`` continues.
        engine.stop()
    }

    /// Back in the foreground: a review ``pause()`` stopped goes on from where it stopped, with
    /// the same options (from the start of the 8-move part it was in). A review is
    /// deterministic for its budget, so it ends as the interrupted one would have. Should the
    /// core refuse to continue it (a kept review it cannot take back: damaged, or kept by
    /// another version), it starts over.
    public func resume() {
        guard interrupted else { return }
        guard let stopped = partial else {
            // The stopped review's result is still on its way: continue it when it comes.
            resumeOnArrival = true
            return
        }
        continueReview(stopped)
    }

    /// Goes on with `stopped`, the review ``pause()`` stopped.
    private func continueReview(_ stopped: GameReview) {
        task?.cancel()
        runs += 1
        let run = runs
        interrupted = false
        partial = nil
        resumeOnArrival = false
        moves = stopped.moves
        state.phase = .running
        state.done = stopped.moves.count
        state.rows = stopped.moves.map(reviewRow)
        state.graph = graphFromMoves(moves, totalMoves: state.total)
        let keep = Self.keeper(cache: cache, key: cacheKey)
        consume(
            engine.review(game, options: options, continuing: stopped, unreceived: keep),
            run: run, continuing: true, keep: keep)
    }

    /// Selects the move at `ply` (or none).
    public func select(_ ply: Int?) {
        state.selectedPly = ply.flatMap { p in state.rows.contains { $0.ply == p } ? p : nil }
    }

    /// What the analysis board opens with to look deeper at the review: once the review has
    /// finished or stopped, its annotated PGN (``ReviewUiState/annotatedPgn``: the evaluations,
    /// a NAG on each inaccuracy, mistake and blunder, the engine's better line as a variation of
    /// each), the game's own PGN before; at the position after the selected move (the start
    /// without a selection). For `AnalysisController(store:pgn:ply:)`. The Kotlin
    /// `analysisRequest()`.
    public func analysisRequest() -> AnalysisRequest {
        AnalysisRequest(
            pgn: state.annotatedPgn ?? game.pgn(),
            ply: state.selectedPly.map { UInt32($0 + 1) } ?? 0)
    }

    /// Selects the next inaccuracy, mistake or blunder after the selected move (wrapping round).
    public func selectNextError() {
        let errors = state.rows.filter { $0.moveClass.isError }
        guard let first = errors.first else { return }
        let next = errors.first { $0.ply > (state.selectedPly ?? -1) } ?? first
        select(next.ply)
    }

    /// What keeps a review under `key` in `cache` (`nil` without either): a finished one, and a
    /// stopped one with some moves (``start(options:)`` goes on with it, also after the app was
    /// closed); not a failed one. Also called on the engine's thread.
    nonisolated private static func keeper(
        cache: (any ReviewCache)?, key: String?
    ) -> (@Sendable (GameReview) -> Void)? {
        guard let cache, let key else { return nil }
        return { review in
            guard review.error == nil, review.complete || !review.moves.isEmpty else { return }
            cache.save(key: key, json: reviewToJson(review: review))
        }
    }

    /// The review kept under the current key, complete or stopped with some moves, or `nil`
    /// (none, or one the core cannot read).
    private func keptReview() -> GameReview? {
        guard let cacheKey, let json = cache?.load(key: cacheKey),
            let review = try? reviewFromJson(json: json), review.error == nil,
            review.complete || !review.moves.isEmpty
        else { return nil }
        return review
    }

    private func apply(_ event: ReviewEvent) {
        switch event {
        case .move(let review, let done, let total):
            moves.append(review)
            state.done = done
            state.total = total
            state.rows.append(reviewRow(review))
            state.graph = graphFromMoves(moves, totalMoves: total)
        case .finished(let review):
            task = nil
            if !state.kept { Self.keeper(cache: cache, key: cacheKey)?(review) }
            if interrupted, !review.complete, review.error == nil {
                // Stopped by ``pause()``: kept to continue; the screen shows it running still.
                partial = review
                if resumeOnArrival { continueReview(review) }
                return
            }
            interrupted = false
            resumeOnArrival = false
            state.phase = review.complete ? .done : .stopped
            state.done = review.moves.count
            state.rows = review.moves.map(reviewRow)
            state.graph = graphFromReview(review, totalMoves: state.total)
            state.white = sideSummary(review.white)
            state.black = sideSummary(review.black)
            state.annotatedPgn = review.annotatedPgn
        }
    }
}
