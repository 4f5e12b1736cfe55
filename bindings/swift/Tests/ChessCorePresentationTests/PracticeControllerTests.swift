@testable import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

private let scholar = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
/// 3... Nf6?? of the scholar's mate, with Qe7 as the better move and Qxf7# as the refutation.
private let nf6 = PracticeExercise(
    ply: 5, side: .black, playedSan: "Nf6", moveClass: .blunder, betterSan: "Qe7",
    refutationSan: ["Qxf7#"])

private func row(
    _ ply: Int, _ side: Side, _ san: String, _ moveClass: MoveClass, _ better: String?
) -> ReviewRow {
    ReviewRow(
        ply: ply, numberText: "", side: side, san: san, moveClass: moveClass,
        symbol: moveClass.symbol(), classText: moveClass.text, evalText: "", betterSan: better,
        refutationSan: ["x"], missedWin: false, onlyMove: false)
}

/// "Practise your mistakes" over a real engine with a small table and budget. Mirrors
/// android/presentation/src/test/.../PracticeControllerTest.kt.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class PracticeControllerTests: XCTestCase {
    private func practice(
        _ exercises: [PracticeExercise] = [nf6], coachNodes: UInt64 = 20_000
    ) throws -> PracticeController {
        try PracticeController(
            pgn: scholar, exercises: exercises,
            engineFactory: { config in
                var small = config
                small.hashMb = 1
                return try ChessEngine(config: small)
            },
            coachNodes: coachNodes)
    }

    private func move(_ c: PracticeController, _ from: String, _ to: String) {
        c.tapSquare(sq(from))
        c.tapSquare(sq(to))
    }

    private func verdict(_ c: PracticeController, _ what: String) async throws -> PracticeUiState {
        try await eventually(what, within: 30) { c.state.phase != .checking }
        return c.state
    }

    func testTheExercisesAreTheMistakesAndBlundersWithABetterMoveOfOneSideWhenAsked() async {
        let rows = [
            row(0, .white, "e4", .book, nil),
            row(1, .black, "f6", .inaccuracy, "e5"),
            row(2, .white, "Qh5", .mistake, "d4"),
            row(3, .black, "g5", .blunder, "Kf7"),
            row(4, .white, "Qxg5", .blunder, nil),
        ]
        XCTAssertEqual(practiceExercises(rows).map(\.ply), [2, 3])
        XCTAssertEqual(
            practiceExercises(rows, side: .black),
            [PracticeExercise(
                ply: 3, side: .black, playedSan: "g5", moveClass: .blunder, betterSan: "Kf7",
                refutationSan: ["x"])])
    }

    func testTheGamesMoveIsWrongTheCoachJudgesOthersTheEnginesMoveIsRightThenDone() async throws {
        do {
            let c = try practice()
            XCTAssertEqual(c.state.phase, .toMove)
            XCTAssertEqual(c.state.snapshot.ply, 5)
            XCTAssertEqual(c.state.orientation, .black)
            XCTAssertEqual(c.state.promptText, "Black to play: find a better move than Nf6")
            XCTAssertEqual(c.state.progressText, "Exercise 1 of 1")
            XCTAssertTrue(
                c.state.acceptsMoves && c.state.canShowSolution && c.state.canGoNext
                    && !c.state.canRetry)
            let start = c.state
            XCTAssertEqual(start.spokenPrompt, "Black to play: find a better move than knight to f6")
            // What a screen reader hears: the piece selected, then the verdict in words.
            c.tapSquare(sq("g8"))
            XCTAssertEqual(practiceAnnouncement(before: start, after: c.state), "Black knight on g8 selected: e7, f6, h6")
            // The game's own move: wrong at once, with the review's refutation.
            c.tapSquare(sq("f6"))
            XCTAssertEqual(c.state.phase, .wrong)
            XCTAssertEqual(c.state.promptText, "Nf6 allows Qxf7#. Try again.")
            XCTAssertEqual(
                practiceAnnouncement(before: start, after: c.state),
                "knight to f6 allows queen takes f7, checkmate. Try again.")
            let afterWrong = c.state
            XCTAssertTrue(c.state.canRetry && !c.state.acceptsMoves)
            c.retry()
            XCTAssertEqual(c.state.snapshot.ply, 5)
            XCTAssertEqual(
                practiceAnnouncement(before: afterWrong, after: c.state),
                "Black to play: find a better move than knight to f6")
            // Another losing move: the coach says why.
            let retried = c.state
            move(c, "a7", "a6")
            XCTAssertEqual(c.state.phase, .checking)
            XCTAssertNil(practiceAnnouncement(before: retried, after: c.state), "checking: the verdict follows")
            XCTAssertTrue(c.state.promptText.hasPrefix("Checking a6"))
            c.tapSquare(sq("h5"))  // no input while the coach checks (White's queen, to move)
            XCTAssertNil(c.state.selected)
            let checking = c.state
            let wrong = try await verdict(c, "the coach's verdict on a6")
            XCTAssertEqual(
                practiceAnnouncement(before: checking, after: wrong),
                "a6 allows \(spokenLine(wrong.refutation?.lineSan ?? [])). Try again.")
            XCTAssertEqual(wrong.phase, .wrong)
            XCTAssertEqual(wrong.refutation?.lineSan.first, "Qxf7#")
            XCTAssertEqual(
                wrong.promptText,
                "a6 allows \(wrong.refutation?.lineSan.joined(separator: " ") ?? ""). Try again.")
            XCTAssertEqual(wrong.solved, 0)
            // A good move of its own: the coach finds it no mistake.
            c.retry()
            move(c, "g7", "g6")
            let checkingG6 = c.state
            let solved = try await verdict(c, "the coach's verdict on g6")
            XCTAssertEqual(
                practiceAnnouncement(before: checkingG6, after: solved), "g6 is good (the engine's move: queen to e7)")
            // A message (the coach failed, say) is left to the alert that shows it.
            var failed = solved
            failed.phase = .toMove
            failed.message = "The coach stopped"
            XCTAssertNil(practiceAnnouncement(before: checkingG6, after: failed))
            XCTAssertEqual(solved.phase, .solved, solved.promptText)
            XCTAssertEqual(solved.solved, 1)
            XCTAssertEqual(solved.promptText, "g6 is good (the engine's move: Qe7)")
            XCTAssertEqual(solved.spokenPrompt, "g6 is good (the engine's move: queen to e7)")
            // The engine's move: right at once; the exercise counts once.
            c.retry()
            let again = c.state
            move(c, "d8", "e7")
            XCTAssertEqual(c.state.phase, .solved)
            XCTAssertEqual(c.state.solved, 1)
            XCTAssertEqual(c.state.promptText, "Qe7: the engine's move too")
            XCTAssertEqual(practiceAnnouncement(before: again, after: c.state), "queen to e7: the engine's move too")
            c.next()
            let done = c.state
            XCTAssertEqual(done.phase, .done)
            XCTAssertNil(done.exercise)
            XCTAssertEqual(done.promptText, "Done: 1 of 1 solved")
            XCTAssertNil(done.progressText)
            XCTAssertFalse(done.canRetry || done.canShowSolution || done.canGoNext)
            c.tapSquare(sq("h5"))  // nothing to do now (White's queen, White to move)
            XCTAssertEqual(c.state, done)
            c.close()
        }
        try await noLiveObjects()
    }

    func testShowingTheSolutionPutsTheEnginesMoveOnTheBoardWithoutCounting() async throws {
        do {
            var white = nf6
            white.ply = 4
            white.side = .white
            white.playedSan = "Bc4"
            white.betterSan = "Nf3"
            let c = try practice([nf6, white])
            move(c, "a7", "a6")
            XCTAssertEqual(c.state.phase, .checking)
            let checking = c.state
            c.showSolution()
            XCTAssertEqual(practiceAnnouncement(before: checking, after: c.state), "The engine's move: queen to e7")
            XCTAssertEqual(c.state.phase, .shown)
            XCTAssertEqual(c.state.snapshot.sanHistory.last, "Qe7")
            XCTAssertEqual(c.state.promptText, "The engine's move: Qe7")
            XCTAssertEqual(c.state.spokenPrompt, "The engine's move: queen to e7")
            XCTAssertEqual(c.state.solved, 0)
            let shown = c.state
            try await Task.sleep(nanoseconds: 500_000_000)  // a stopped check's result is dropped
            XCTAssertEqual(c.state, shown)
            // Found after seeing it: not counted.
            c.retry()
            move(c, "d8", "e7")
            XCTAssertEqual(c.state.phase, .solved)
            XCTAssertEqual(c.state.solved, 0)
            let first = c.state
            c.next()
            XCTAssertEqual(c.state.orientation, .white)
            XCTAssertEqual(c.state.snapshot.ply, 4)
            XCTAssertEqual(c.state.promptText, "White to play: find a better move than Bc4")
            XCTAssertEqual(
                practiceAnnouncement(before: first, after: c.state),
                "Exercise 2 of 2. White to play: find a better move than bishop to c4")
            let second = c.state
            c.next()
            XCTAssertEqual(c.state.promptText, "Done: 0 of 2 solved")
            XCTAssertEqual(practiceAnnouncement(before: second, after: c.state), "Done: 0 of 2 solved")
            c.close()
        }
        try await noLiveObjects()
    }

    func testACoachThatCannotStartBringsThePositionBackClosingMidCheckFreesAll() async throws {
        do {
            let c = try practice(coachNodes: 0)
            move(c, "a7", "a6")
            try await eventually("the coach's failure") { c.state.phase != .checking }
            XCTAssertEqual(c.state.phase, .toMove)
            XCTAssertEqual(c.state.snapshot.ply, 5, "the exercise's position again")
            XCTAssertTrue(c.state.message?.hasPrefix("The engine failed: ") ?? false)
            c.close()
            let away = try practice()
            move(away, "a7", "a6")
            away.pause()  // the app leaves the foreground mid-check
            XCTAssertEqual(away.state.phase, .toMove)
            XCTAssertEqual(away.state.snapshot.ply, 5, "the exercise's position again")
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(away.state.phase, .toMove, "the stopped check's result is dropped")
            away.close()
            let d = try practice()
            move(d, "a7", "a6")
            XCTAssertEqual(d.state.phase, .checking)
            d.close()
            move(d, "a7", "a6")  // ignored after close
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(d.state.phase, .checking, "no verdict after close")
        }
        try await noLiveObjects()
    }

    func testFromARealReviewTheExercisesOfOneSideOnItsAnnotatedGame() async throws {
        do {
            let game = try ChessGame.fromPgn(pgn: scholar)
            let engine = try ChessEngine(config: EngineConfig(hashMb: 4))
            let review = ReviewController(engine: engine, game: game)
            review.start(options: ReviewOptions(nodesPerPosition: 20_000))
            try await eventually("the review", within: 60) { review.state.phase == .done }
            let exercises = practiceExercises(review.state.rows, side: .black)
            let nf6 = try XCTUnwrap(exercises.first { $0.playedSan == "Nf6" })
            XCTAssertEqual(nf6.ply, 5)
            XCTAssertTrue(exercises.allSatisfy { $0.side == .black })
            let c = try PracticeController(
                pgn: review.analysisRequest().pgn, exercises: exercises, coachNodes: 20_000)
            XCTAssertEqual(c.state.snapshot.sanHistory, ["e4", "e5", "Qh5", "Nc6", "Bc4"])
            move(c, "g8", "f6")
            XCTAssertEqual(c.state.phase, .wrong)
            c.showSolution()
            XCTAssertEqual(c.state.snapshot.sanHistory.last, nf6.betterSan)
            c.close()
            try await eventually("the engine idle") { !engine.isSearching() }
        }
        try await noLiveObjects()
    }

    func testNoExercisesIsDoneAtOnceABadPgnIsRefused() async throws {
        do {
            let c = try practice([])
            XCTAssertEqual(c.state.phase, .done)
            XCTAssertEqual(c.state.promptText, "No mistakes or blunders to practise")
            XCTAssertThrowsError(try PracticeController(pgn: "1. e5 *", exercises: [nf6])) {
                guard case ChessError.InvalidPgn = $0 else {
                    return XCTFail("expected InvalidPgn, got \($0)")
                }
            }
        }
        try await noLiveObjects()
    }
}
