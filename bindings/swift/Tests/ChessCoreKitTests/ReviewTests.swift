import ChessCoreKit
import ChessCoreTestSupport
import Foundation
import XCTest

/// 3... Nf6?? allows 4. Qxf7#.
private let scholar = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
/// Twelve quiet moves of a Queen's Gambit: long enough to stop a review in the middle.
private let queensGambit = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *"
/// A small budget per position: these tests check the plumbing; the core's tests the judgement.
private let testReview = ReviewOptions(nodesPerPosition: 20_000)
/// A budget large enough that a review is still running when the test stops it.
private let slowReview = ReviewOptions(nodesPerPosition: 200_000)

/// An engine whose reviews end as a review that failed inside chesscore would.
private final class FailingReviewEngine: ChessEngine, @unchecked Sendable {
    override func review(game: ChessGame, options: ReviewOptions, listener: ReviewListener) throws
        -> SearchHandle
    {
        try super.review(game: game, options: options, listener: Failing(listener))
    }

    private final class Failing: ReviewListener {
        let inner: ReviewListener
        init(_ inner: ReviewListener) { self.inner = inner }
        func onMoveReviewed(review: MoveReview, done: UInt32, total: UInt32) {
            inner.onMoveReviewed(review: review, done: done, total: total)
        }
        func onFinished(review: GameReview) {
            var failed = review
            failed.complete = false
            failed.error = "injected"
            inner.onFinished(review: failed)
        }
    }
}

/// The wrapper's game review (`review(_:options:)` as an `AsyncThrowingStream`) and coach
/// (`coach(_:nodesPerSearch:)` as async). Mirrors tests/kotlin/ReviewTest.kt. Stopping is
/// asserted through the engine (`isSearching`, the incomplete review), never through time.
/// An engine whose coach ends as a coach that failed inside chesscore would.
private final class FailingCoachEngine: ChessEngine, @unchecked Sendable {
    override func coach(game: ChessGame, nodesPerSearch: UInt64?, listener: CoachListener) throws
        -> SearchHandle
    {
        try super.coach(game: game, nodesPerSearch: nodesPerSearch, listener: Failing(listener))
    }

    private final class Failing: CoachListener {
        let inner: CoachListener
        init(_ inner: CoachListener) { self.inner = inner }
        func onCoaching(coaching: Coaching?, error: String?) {
            inner.onCoaching(coaching: nil, error: "injected")
        }
    }
}

/// Stops its engine once `moves` moves are reviewed, and hands on the review.
private final class StopAfter: ReviewListener, @unchecked Sendable {
    let engine: ChessEngine
    let moves: UInt32
    let continuation: CheckedContinuation<GameReview, Error>
    init(_ engine: ChessEngine, moves: UInt32, _ continuation: CheckedContinuation<GameReview, Error>) {
        self.engine = engine
        self.moves = moves
        self.continuation = continuation
    }
    func onMoveReviewed(review: MoveReview, done: UInt32, total: UInt32) {
        if done == moves { engine.stop() }
    }
    func onFinished(review: GameReview) {
        continuation.resume(returning: review)
    }
}

final class ReviewTests: XCTestCase {
    private func engine() throws -> ChessEngine {
        try ChessEngine(config: EngineConfig(hashMb: 4))
    }

    @MainActor
    func testTheStreamDeliversEachMoveWithProgressThenTheWholeReview() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: scholar)
            let engine = try engine()
            var events: [ReviewEvent] = []
            for try await event in engine.review(game, options: testReview) {
                MainActor.assertIsolated("a @MainActor consumer gets its events on the main actor")
                events.append(event)
            }
            guard case .finished(let review)? = events.last else {
                return XCTFail("the last event is the review: \(events)")
            }
            var moves: [MoveReview] = []
            for (i, event) in events.dropLast().enumerated() {
                guard case .move(let m, let done, let total) = event else {
                    return XCTFail("one review, at the end: \(event)")
                }
                XCTAssertEqual(done, i + 1)
                XCTAssertEqual(total, 7)
                moves.append(m)
            }
            XCTAssertEqual(moves.count, 7)
            XCTAssertTrue(review.complete)
            XCTAssertEqual(review.moves, moves, "the review holds the moves as they were streamed")
            let nf6 = review.moves[5]
            XCTAssertEqual(nf6.san, "Nf6")
            XCTAssertEqual(nf6.side, .black)
            XCTAssertEqual(nf6.classification, .blunder)
            XCTAssertTrue(nf6.verified, "a blunder is judged again by a deeper search")
            XCTAssertEqual(nf6.refutationSan.first, "Qxf7#")
            XCTAssertEqual(review.black.blunders, 1)
            XCTAssertEqual(review.evals.count, 8, "the start and a point after each move")
            XCTAssertTrue(review.annotatedPgn.contains("Nf6 $4"), review.annotatedPgn)
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testStoppingTheEngineEndsTheStreamWithThePartialReview() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: queensGambit)
            let engine = try engine()
            var streamed: [MoveReview] = []
            var last: GameReview?
            for try await event in engine.review(game, options: slowReview) {
                switch event {
                case .move(let m, _, _):
                    streamed.append(m)
                    if streamed.count == 2 { engine.stop() }
                case .finished(let review):
                    last = review
                }
            }
            let review = try XCTUnwrap(last, "a stopped review still ends with the review")
            XCTAssertFalse(review.complete)
            XCTAssertTrue((2..<12).contains(review.moves.count), "\(review.moves.count) moves")
            XCTAssertEqual(review.moves, streamed, "the partial review keeps every move streamed")
            XCTAssertEqual(review.evals.count, review.moves.count + 1)
            XCTAssertNotNil(review.white.accuracy, "the summary covers the moves reviewed")
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testAReviewWhoseConsumerLeftGivesItsResultToUnreceived() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: queensGambit)
            let engine = try engine()
            let left = Guarded<GameReview?>(nil)
            var streamed: [MoveReview] = []
            for try await event in engine.review(
                game, options: slowReview, unreceived: { review in left.with { $0 = review } })
            {
                // The consumer leaves the loop after two moves: the stream ends, the review stops.
                if case .move(let m, _, _) = event { streamed.append(m) }
                if streamed.count == 2 { break }
            }
            try await eventually("the result unreceived") { left.current != nil }
            let review = try XCTUnwrap(left.current)
            XCTAssertFalse(review.complete)
            XCTAssertTrue((2..<12).contains(review.moves.count), "\(review.moves.count) moves")
            XCTAssertEqual(Array(review.moves.prefix(2)), streamed)
            try await eventually("the engine idle") { !engine.isSearching() }

            // Received by its consumer, a result is not given to `unreceived` as well.
            let given = Guarded(0)
            var finished = 0
            for try await event in engine.review(
                game, options: ReviewOptions(nodesPerPosition: 2_000, threads: 1),
                unreceived: { _ in given.with { $0 += 1 } })
            {
                if case .finished = event { finished += 1 }
            }
            XCTAssertEqual(finished, 1)
            XCTAssertEqual(given.current, 0)

            // The result already waiting in the stream when the consumer leaves (busy with a
            // move while the review ended): `unreceived` gets it, once.
            let quick = ReviewOptions(nodesPerPosition: 2_000, threads: 1)
            let waiting = Guarded<[GameReview]>([])
            var received = false
            for try await event in engine.review(
                game, options: quick, unreceived: { review in waiting.with { $0.append(review) } })
            {
                if case .finished = event { received = true }
                try await eventually("the review ended") { !engine.isSearching() }
                try await Task.sleep(nanoseconds: 100_000_000)
                break
            }
            XCTAssertFalse(received)
            try await eventually("the waiting result unreceived") { !waiting.current.isEmpty }
            XCTAssertEqual(waiting.current.count, 1)
            XCTAssertTrue(waiting.current[0].complete)

            // The same with the consuming task cancelled while it awaits.
            let cancelledWaiting = Guarded<[GameReview]>([])
            let moves = Guarded(0)
            let consumer = Task {
                for try await event in engine.review(
                    game, options: quick,
                    unreceived: { review in cancelledWaiting.with { $0.append(review) } })
                {
                    if case .move = event {
                        moves.with { $0 += 1 }
                        try await Task.sleep(nanoseconds: 30_000_000_000)
                    }
                }
            }
            try await eventually("a move") { moves.current > 0 }
            try await eventually("the review ended") { !engine.isSearching() }
            try await Task.sleep(nanoseconds: 100_000_000)
            consumer.cancel()
            _ = await consumer.result
            try await eventually("the waiting result unreceived") {
                !cancelledWaiting.current.isEmpty
            }
            XCTAssertEqual(cancelledWaiting.current.count, 1)
        }
        try await noLiveObjects()
    }

    @MainActor
    func testAStoppedReviewContinuesWhereItStoppedAndEndsAsTheUninterruptedOne() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: queensGambit)
            let engine = try engine()
            var options = testReview
            options.threads = 1
            var full: GameReview?
            for try await event in engine.review(game, options: options) {
                if case .finished(let review) = event { full = review }
            }
            let whole = try XCTUnwrap(full)
            XCTAssertTrue(whole.complete)
            try await eventually("the engine idle") { !engine.isSearching() }
            // Stopped on the engine's thread after three moves, as an app's pause does. (The
            // handle is kept: a handle let go stops its review.)
            var handle: SearchHandle?
            let partial: GameReview = try await withCheckedThrowingContinuation { continuation in
                do {
                    handle = try engine.review(
                        game: game, options: options,
                        listener: StopAfter(engine, moves: 3, continuation))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            XCTAssertNotNil(handle)
            handle = nil
            XCTAssertFalse(partial.complete)
            XCTAssertEqual(partial.moves.count, 3)
            XCTAssertEqual(partial.key, whole.key)
            try await eventually("the engine idle") { !engine.isSearching() }
            var done: [Int] = []
            var continued: GameReview?
            for try await event in engine.review(game, options: options, continuing: partial) {
                switch event {
                case .move(_, let d, _): done.append(d)
                case .finished(let review): continued = review
                }
            }
            XCTAssertEqual(done, Array(partial.moves.count + 1...12), "only the missing moves")
            XCTAssertEqual(continued, whole)
            // Not a review of another game.
            let other = try ChessGame.fromPgn(pgn: "1. e4 e5 *")
            do {
                for try await _ in engine.review(other, options: options, continuing: partial) {}
                XCTFail("continued a review of another game")
            } catch ChessError.InvalidRequest(let message) {
                XCTAssertTrue(message.contains("reviewKey"), message)
            }
        }
        try await noLiveObjects()
    }

    func testCancellingTheConsumerStopsTheReviewAndKeepsWhatArrived() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: queensGambit)
            let engine = try engine()
            let streamed = Guarded<[MoveReview]>([])
            let consumer = Task {
                for try await event in engine.review(game, options: slowReview) {
                    if case .move(let m, _, _) = event { streamed.with { $0.append(m) } }
                }
            }
            try await eventually("two moves reviewed") { streamed.current.count >= 2 }
            consumer.cancel()
            try await eventually("the review stopped") { !engine.isSearching() }
            try await eventually("the handle freed") { liveObjectCount() == 2 }
            let kept = streamed.current
            XCTAssertTrue((2..<12).contains(kept.count), "\(kept.count) moves")
            XCTAssertEqual(kept.map(\.ply), Array(0..<UInt32(kept.count)), "in order, none lost")
            XCTAssertEqual(kept.first?.san, "d4")
        }
        try await noLiveObjects()
    }

    func testAReviewCoversTheMainLineWhereverTheCurrentNodeIs() async throws {
        do {
            let game = try ChessGame.fromPgn(
                pgn: "1. e4 e5 2. Qh5 (2. Nf3 Nc6) 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
            _ = game.undo()
            _ = game.undo()
            _ = game.undo()
            let engine = try engine()
            var last: GameReview?
            var totals: Set<Int> = []
            for try await event in engine.review(game, options: testReview) {
                switch event {
                case .move(_, _, let total): totals.insert(total)
                case .finished(let review): last = review
                }
            }
            let review = try XCTUnwrap(last)
            XCTAssertEqual(
                review.moves.map(\.san), ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"])
            XCTAssertEqual(totals, [7])
            XCTAssertTrue(review.annotatedPgn.contains("(2. Nf3 Nc6)"), review.annotatedPgn)
            XCTAssertEqual(game.snapshot().ply, 4, "the game is not moved")
        }
        try await noLiveObjects()
    }

    func testAReviewOnThreeThreadsStreamsItsMovesInOrderAndIsTheReviewOfOne() async throws {
        do {
            let game = try ChessGame.fromPgn(
                pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *")
            let engine = try engine()
            var reviews: [GameReview] = []
            for threads: UInt32 in [1, 3] {
                var done: [Int] = []
                let options = ReviewOptions(nodesPerPosition: 20_000, threads: threads)
                for try await event in engine.review(game, options: options) {
                    switch event {
                    case .move(_, let d, _): done.append(d)
                    case .finished(let review): reviews.append(review)
                    }
                }
                XCTAssertEqual(done, Array(1...16), "\(threads) threads")
            }
            XCTAssertEqual(reviews.count, 2)
            XCTAssertEqual(reviews.first, reviews.last)
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    /// (A Swift listener cannot throw, so the report of a throwing one is tested from Kotlin
    /// and Rust.)
    func testAReviewThatFailedInsideChesscoreEndsTheStreamWithInternalAfterItsMoves() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: scholar)
            let engine = try FailingReviewEngine(config: EngineConfig(hashMb: 1))
            var moves = 0
            do {
                for try await event in engine.review(game, options: testReview) {
                    guard case .move = event else { return XCTFail("no review after a failure: \(event)") }
                    moves += 1
                }
                XCTFail("the stream throws")
            } catch ChessError.Internal(let message) {
                XCTAssertEqual(message, "injected")
            }
            XCTAssertEqual(moves, 7, "the moves reviewed before the failure still arrive")
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testACoachThatFailedInsideChesscoreThrowsInternal() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: "1. e4 e5 2. Qh5 Nc6 *")
            let engine = try FailingCoachEngine(config: EngineConfig(hashMb: 1))
            do {
                _ = try await engine.coach(game, nodesPerSearch: 20_000)
                XCTFail("the coach throws")
            } catch ChessError.Internal(let message) {
                XCTAssertEqual(message, "injected")
            }
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testBadOptionsThrowTheCoresInvalidRequestAndPresetsGrow() async throws {
        let game = ChessGame()
        let engine = try ChessEngine(config: EngineConfig(hashMb: 1))
        do {
            for try await _ in engine.review(game, options: ReviewOptions(nodesPerPosition: 0)) {}
            XCTFail("a budget of 0 nodes is refused")
        } catch ChessError.InvalidRequest(let message) {
            XCTAssertTrue(message.contains("at least 1"), message)
        }
        do {
            let options = ReviewOptions(nodesPerPosition: 20_000, threads: 0)
            for try await _ in engine.review(game, options: options) {}
            XCTFail("0 threads are refused")
        } catch ChessError.InvalidRequest(let message) {
            XCTAssertTrue(message.contains("not 0"), message)
        }
        XCTAssertFalse(engine.isSearching())
        XCTAssertLessThan(reviewPresetNodes(preset: .quick), reviewPresetNodes(preset: .standard))
        XCTAssertLessThan(reviewPresetNodes(preset: .standard), reviewPresetNodes(preset: .deep))
    }

    func testTheCoachFindsTheThreatTheRefutationAndTheHangingPieces() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *")
            let engine = try engine()
            let coaching = try await engine.coach(game, nodesPerSearch: 20_000)
            let c = try XCTUnwrap(coaching)
            XCTAssertEqual(c.bestLineSan.first, "Qxf7#")
            let refutation = try XCTUnwrap(c.refutation)
            XCTAssertEqual(refutation.san, "Nf6")
            XCTAssertEqual(refutation.classification, .blunder)
            XCTAssertTrue(c.hanging.contains { $0.square == sq("f7") }, "\(c.hanging)")
            XCTAssertEqual(c.hanging, game.hangingPieces())
            XCTAssertEqual(c.positionKey, game.snapshot().positionKey)
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }
}
