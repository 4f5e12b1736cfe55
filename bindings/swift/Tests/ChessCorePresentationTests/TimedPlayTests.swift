@testable import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

/// The app's monotonic milliseconds, moved by hand: a test decides how long every move took.
private final class FakeNow: Sendable {
    private let ms: Guarded<UInt64>

    init(_ start: UInt64 = 1_000) { ms = Guarded(start) }

    /// The time source the controller reads.
    var source: @Sendable () -> UInt64 { { [ms] in ms.current } }

    func advance(_ delta: UInt64) { ms.with { $0 += delta } }
}

/// A real engine that records the limits of every search it was asked for.
private final class LimitsRecordingEngine: ChessEngine, @unchecked Sendable {
    private let recorded = Guarded<[SearchLimits]>([])

    /// The limits of each search started so far, in order.
    var limits: [SearchLimits] { recorded.current }

    override func think(
        game: ChessGame, limits: SearchLimits, listener: SearchListener
    ) throws -> SearchHandle {
        let handle = try super.think(game: game, limits: limits, listener: listener)
        recorded.with { $0.append(limits) }
        return handle
    }
}

/// A controller on a fake clock, the real core and a real engine (a small table).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class TimedFixture {
    let store: InMemoryGameStore
    let now: FakeNow
    let engine: LimitsRecordingEngine
    private(set) var controller: GameController?

    init(
        store: InMemoryGameStore = InMemoryGameStore(), now: FakeNow = FakeNow(),
        mode: GameMode = .humanVsHuman, level: Int = 2
    ) throws {
        var engines: [LimitsRecordingEngine] = []
        let factory = { (config: EngineConfig) throws -> ChessEngine in
            var config = config
            config.hashMb = 1
            engines.append(try LimitsRecordingEngine(config: config))
            return engines[0]
        }
        let untimed = SearchLimits(depth: 1)
        controller = try GameController(
            store: store, engineFactory: factory, limitsForLevel: { _ in untimed },
            hintLimits: untimed, defaultMode: mode, defaultLevel: level, now: now.source)
        (self.store, self.now, self.engine) = (store, now, engines[0])
    }

    var c: GameController { controller! }
    var state: BoardUiState { c.state }
    var clock: ClockUiState? { c.state.clock }

    /// The person taps `from`, then `to`.
    func move(_ from: String, _ to: String) {
        c.tapSquare(sq(from))
        c.tapSquare(sq(to))
    }

    /// The app is killed: only the store survives.
    func kill() { controller = nil }

    /// Starts a human game with `pgn`'s time control (in `mode`) and plays 1. e4 at once, which
    /// starts the clock: Black's time runs.
    func startAfterE4(_ pgn: String, mode: GameMode = .humanVsHuman) throws {
        c.newGame(mode: mode, timeControl: try control(pgn))
        move("e2", "e4")
    }

    /// Waits (on the main actor, so that engine reports arrive) until the state satisfies
    /// `predicate`, and returns it.
    func awaitState(_ what: String, _ predicate: (BoardUiState) -> Bool) async throws
        -> BoardUiState
    {
        try await eventually(what) { predicate(c.state) }
        return c.state
    }
}

/// The time control written `pgn` in PGN (`180+2`: three minutes, two seconds a move).
private func control(_ pgn: String) throws -> TimeControl {
    try XCTUnwrap(timeControlFromPgn(text: pgn))
}

/// Timed play on the board screen (docs/presentation-spec.md, "Timed play"): the controller
/// against the real core and engine, on a clock the test moves by hand.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class TimedPlayTests: XCTestCase {

    // MARK: The time source

    func testTheDefaultTimeSourceIsMonotonicMilliseconds() async throws {
        let a = GameController.monotonicNow()
        try await Task.sleep(nanoseconds: 20_000_000)
        let b = GameController.monotonicNow()
        XCTAssertGreaterThanOrEqual(b, a + 20)
        XCTAssertEqual(GameController.milliseconds(.seconds(3) + .microseconds(250_900)), 3_250)
        XCTAssertEqual(GameController.milliseconds(.seconds(-1)), 0)
    }

    // MARK: The clocks on the screen

    func testTheFirstMoveIsNotChargedLaterMovesAreChargedWithTheIncrement() async throws {
        do {
            let f = try TimedFixture()
            f.c.newGame(mode: .humanVsHuman, timeControl: try control("180+2"))
            var clock = try XCTUnwrap(f.clock)
            XCTAssertEqual([clock.whiteText, clock.blackText], ["3:00", "3:00"])
            XCTAssertEqual([clock.whiteMs, clock.blackMs], [180_000, 180_000])
            XCTAssertNil(clock.running, "no time runs before the first move")
            XCTAssertEqual(clock.description, "3 min + 2 s")
            XCTAssertEqual(clock.lowTime, [])
            XCTAssertNil(clock.flagged)
            f.now.advance(5_000)
            f.c.tick()
            XCTAssertEqual(f.clock, clock, "White thinks over the first move for free")

            f.move("e2", "e4")
            clock = try XCTUnwrap(f.clock)
            XCTAssertEqual(clock.whiteMs, 182_000, "not charged, the increment added")
            XCTAssertEqual(clock.whiteText, "3:02")
            XCTAssertEqual(clock.blackMs, 180_000)
            XCTAssertEqual(clock.running, .black)

            f.now.advance(4_000)
            XCTAssertEqual(f.clock?.blackMs, 180_000, "the state is read on changes and ticks")
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 176_000)
            XCTAssertEqual(f.clock?.blackText, "2:56")
            XCTAssertEqual(f.clock?.whiteMs, 182_000, "White's time stands")

            f.move("e7", "e5")
            clock = try XCTUnwrap(f.clock)
            XCTAssertEqual(clock.blackMs, 178_000, "4 s charged, 2 s added")
            XCTAssertEqual(clock.blackText, "2:58")
            XCTAssertEqual(clock.running, .white)

            f.now.advance(10_500)
            f.c.tick()
            XCTAssertEqual(f.clock?.whiteMs, 171_500)
            XCTAssertEqual(f.clock?.whiteText, "2:51", "rounded down, as clocks show time")
            f.move("g1", "f3")
            XCTAssertEqual(f.clock?.whiteMs, 173_500)
            XCTAssertTrue(f.c.pgn().contains("2. Nf3 {[%clk 0:02:53.5]}"), f.c.pgn())
            XCTAssertNil(f.state.message)
        }
        try await noLiveObjects()
    }

    func testLowTimeIsUnderTenSecondsOrUnderATenthOfTheStartingTime() async throws {
        do {
            let f = try TimedFixture()
            try f.startAfterE4("180")
            f.now.advance(170_000)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 10_000)
            XCTAssertEqual(f.clock?.blackText, "0:10")
            XCTAssertEqual(f.clock?.lowTime, [])
            f.now.advance(1)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackText, "0:09.9", "tenths under ten seconds")
            XCTAssertEqual(f.clock?.lowTime, [.black])

            // One minute: a tenth of it (6 s) is less than ten seconds.
            try f.startAfterE4("60")
            f.now.advance(50_001)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackText, "0:09.9")
            XCTAssertEqual(f.clock?.lowTime, [])
            f.now.advance(4_000)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackText, "0:05.9")
            XCTAssertEqual(f.clock?.lowTime, [.black])
        }
        try await noLiveObjects()
    }

    // MARK: Flag falls

    func testAFlagFallenAtATickLosesOnTimeStopsTheEngineAndSaves() async throws {
        do {
            let f = try TimedFixture(mode: .humanVsEngine(humanSide: .white), level: 10)
            try f.startAfterE4("60", mode: .humanVsEngine(humanSide: .white))
            XCTAssertTrue(f.state.engineThinking)
            f.now.advance(59_999)
            f.c.tick()
            XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: nil))
            XCTAssertEqual(f.clock?.blackMs, 1)
            XCTAssertTrue(f.state.engineThinking)
            f.now.advance(1)
            f.c.tick()
            let lost = GameStatus.ended(outcome: .timeForfeit(winner: .white))
            XCTAssertEqual(f.state.snapshot.status, lost)
            XCTAssertEqual(f.state.statusText, "Black ran out of time — White wins")
            XCTAssertFalse(f.state.engineThinking, "the engine stopped")
            let clock = try XCTUnwrap(f.clock)
            XCTAssertEqual(clock.flagged, .black)
            XCTAssertNil(clock.running)
            XCTAssertEqual(clock.blackText, "0:00.0")
            XCTAssertNil(f.state.message)
            XCTAssertEqual(try ChessGame.fromJson(json: XCTUnwrap(f.store.json)).status(), lost)
            try await eventually("the engine idle") { !f.engine.isSearching() }
            await drainMainQueue()
            XCTAssertEqual(f.state.snapshot.ply, 1, "the stopped search played nothing")
            XCTAssertEqual(f.state.snapshot.status, lost)
            XCTAssertNil(f.state.message, "its result was not even tried")
        }
        try await noLiveObjects()
    }

    func testAFlagThatFellBetweenTicksAndIsFoundByPauseEndsTheGameAsATickWould() async throws {
        do {
            let f = try TimedFixture()
            f.c.newGame(
                mode: .humanVsHuman, timeControl: try control("60"),
                start: .position(fen: "8/P6k/7p/8/8/8/7K/8 w - - 0 1", chess960: false))
            f.move("h2", "g2")
            f.move("h7", "g7")
            f.move("a7", "a8")  // the promotion picker opens
            XCTAssertNotNil(f.state.pendingPromotion)
            f.now.advance(60_000)  // White's flag falls before the next tick; the app goes away
            f.c.pause()
            let lost = GameStatus.ended(outcome: .timeForfeit(winner: .black))
            XCTAssertEqual(f.state.snapshot.status, lost)
            XCTAssertNil(f.state.pendingPromotion, "no picker over a finished game")
            XCTAssertNil(f.state.selected)
            XCTAssertEqual(try ChessGame.fromJson(json: XCTUnwrap(f.store.json)).status(), lost)
        }
        try await noLiveObjects()
    }

    func testAFlagFallIsADrawWhenTheSideWithTimeLeftHasABareKing() async throws {
        // White has a bare king, Black a rook: Black's flag fall draws (FIDE 6.9), White's loses.
        let cases: [(fen: String, move: (String, String), text: String)] = [
            ("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1", ("e1", "f1"),
             "Draw by timeout against insufficient material"),
            ("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1", ("d6", "d5"),
             "White ran out of time — Black wins"),
        ]
        for (fen, move, text) in cases {
            // A saved game from the position, with a clock not started yet.
            let saved = try ChessGame.fromFen(fen: fen)
            try saved.setTimeControl(control: control("60"))
            let f = try TimedFixture(store: InMemoryGameStore(json: saved.toJson()))
            XCTAssertEqual(f.clock?.whiteMs, 60_000)
            f.move(move.0, move.1)
            XCTAssertEqual(f.state.snapshot.ply, 1, fen)
            f.now.advance(60_000)
            f.c.tick()
            XCTAssertEqual(f.state.statusText, text, fen)
            XCTAssertTrue(f.state.isGameOver)
            XCTAssertNotNil(f.clock?.flagged)
        }
        try await noLiveObjects()
    }

    func testAMoveAfterTheFlagFellIsRefusedTheStatusShowsTheLossWithoutAMessage() async throws {
        do {
            let f = try TimedFixture()
            try f.startAfterE4("60")
            f.now.advance(60_500)  // no tick in between
            f.move("e7", "e5")
            XCTAssertEqual(f.state.snapshot.ply, 1, "the move was refused")
            XCTAssertEqual(f.state.snapshot.status, .ended(outcome: .timeForfeit(winner: .white)))
            XCTAssertNil(f.state.message)
            XCTAssertEqual(f.clock?.flagged, .black)
            XCTAssertNil(f.clock?.running)
            XCTAssertNil(f.state.selected)
        }
        do {
            // The engine's move arrives after its flag fell.
            let f = try TimedFixture(mode: .humanVsEngine(humanSide: .white))
            try f.startAfterE4("60", mode: .humanVsEngine(humanSide: .white))
            f.now.advance(60_000)
            let s = try await f.awaitState("the engine's late move") { $0.isGameOver }
            XCTAssertEqual(s.snapshot.ply, 1)
            XCTAssertEqual(s.statusText, "Black ran out of time — White wins")
            XCTAssertNil(s.message)
            XCTAssertFalse(s.engineThinking)
        }
        try await noLiveObjects()
    }

    // MARK: The engine on the clock

    func testTheEnginesMoveIsTimedAndItsLimitsComeFromTheClockAtItsLevel() async throws {
        do {
            let f = try TimedFixture(mode: .humanVsEngine(humanSide: .white), level: 2)
            try f.startAfterE4("180+2", mode: .humanVsEngine(humanSide: .white))
            f.now.advance(3_000)  // the engine's reply arrives 3 s later
            var s = try await f.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
            XCTAssertEqual(s.clock?.blackMs, 180_000 - 3_000 + 2_000)
            XCTAssertEqual(s.clock?.running, .white)
            XCTAssertEqual(
                f.engine.limits.first,
                SearchLimits(
                    whiteTimeMs: 182_000, blackTimeMs: 180_000, whiteIncrementMs: 2_000,
                    blackIncrementMs: 2_000, movesToGo: nil, level: 2))

            f.now.advance(10_000)
            f.move("d2", "d4")
            f.now.advance(1_500)
            s = try await f.awaitState("the engine's second reply") { $0.snapshot.ply == 4 }
            XCTAssertEqual(f.engine.limits.count, 2)
            XCTAssertEqual(f.engine.limits.last?.whiteTimeMs, 182_000 - 10_000 + 2_000)
            XCTAssertEqual(f.engine.limits.last?.blackTimeMs, 179_000, "read as the search starts")
            XCTAssertEqual(s.clock?.blackMs, 179_000 - 1_500 + 2_000)
            XCTAssertTrue(f.c.pgn().contains("[TimeControl \"180+2\"]"))
        }
        try await noLiveObjects()
    }

    // MARK: No takebacks, ends, pause

    func testUndoAndRedoDoNothingInATimedGame() async throws {
        do {
            let f = try TimedFixture()
            try f.startAfterE4("300")
            f.move("e7", "e5")
            XCTAssertFalse(
                f.state.snapshot.canUndo, "the core takes nothing back while the clock runs")
            XCTAssertFalse(f.state.canUndo, "a timed game has no takebacks")
            XCTAssertFalse(f.state.canRedo)
            let before = f.state
            let saves = f.store.saveCount
            f.c.undo()
            XCTAssertEqual(f.state, before)
            f.c.redo()
            XCTAssertEqual(f.state, before)
            XCTAssertEqual(f.store.saveCount, saves, "nothing changed")
            f.c.resign()
            XCTAssertTrue(
                f.state.snapshot.canUndo,
                "the core could take the resignation back (its clock is stopped)")
            f.c.undo()  // the resignation stands too: the controller takes nothing back with a clock
            XCTAssertEqual(f.state.statusText, "White resigned — Black wins")
            XCTAssertFalse(f.state.canUndo)

            // Untimed, as before.
            f.c.newGame(mode: .humanVsHuman)
            f.move("e2", "e4")
            XCTAssertTrue(f.state.canUndo)
            f.c.undo()
            XCTAssertEqual(f.state.snapshot.ply, 0)
            XCTAssertTrue(f.state.canRedo)
        }
        try await noLiveObjects()
    }

    func testResigningAgreeingAndClaimingStopTheClock() async throws {
        do {
            let f = try TimedFixture()
            try f.startAfterE4("300")
            f.now.advance(2_000)
            f.c.resign()
            XCTAssertEqual(f.state.statusText, "Black resigned — White wins")
            XCTAssertNil(f.clock?.running)
            f.now.advance(60_000)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 298_000, "no time runs after the game")
            let saved = try ChessGame.fromJson(json: XCTUnwrap(f.store.json))
            XCTAssertEqual(saved.clock(nowMs: 0)?.blackMs, 298_000)

            try f.startAfterE4("300")
            f.now.advance(1_000)
            f.c.agreeDraw()
            f.now.advance(60_000)
            f.c.tick()
            XCTAssertEqual(f.state.statusText, "Draw by agreement")
            XCTAssertEqual(f.clock?.blackMs, 299_000)
            XCTAssertNil(f.clock?.running)

            // Knights out and back twice: the third occurrence is claimed, then with a move.
            let shuffle = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")]
            for announce in [false, true] {
                f.c.newGame(mode: .humanVsHuman, timeControl: try control("300"))
                for (from, to) in shuffle + shuffle.dropLast() { f.move(from, to) }
                f.now.advance(3_000)
                if announce {
                    f.c.claimDrawWithNextMove()
                    f.move("f6", "g8")
                } else {
                    f.move("f6", "g8")
                    f.now.advance(4_000)
                    XCTAssertEqual(f.state.claimableDraw, .threefoldRepetition)
                    f.c.claimDraw()
                }
                XCTAssertEqual(
                    f.state.snapshot.status, .ended(outcome: .draw(reason: .threefoldRepetition)))
                XCTAssertNil(f.clock?.running, "claimed with a move: \(announce)")
                let times = f.clock.map { [$0.whiteMs, $0.blackMs] }
                f.now.advance(60_000)
                f.c.tick()
                XCTAssertEqual(f.clock.map { [$0.whiteMs, $0.blackMs] }, times)
                XCTAssertEqual(times, announce ? [300_000, 297_000] : [296_000, 297_000])
            }
        }
        try await noLiveObjects()
    }

    func testPauseAndResumeDoNotChargeTheTimeAway() async throws {
        do {
            let f = try TimedFixture()
            try f.startAfterE4("300")
            f.now.advance(2_000)
            f.c.pause()
            XCTAssertNil(f.clock?.running)
            XCTAssertEqual(f.clock?.blackMs, 298_000)
            let saved = try ChessGame.fromJson(json: XCTUnwrap(f.store.json))
            XCTAssertEqual(saved.clock(nowMs: 0)?.blackMs, 298_000, "saved with the move's time")
            f.now.advance(100_000)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 298_000, "no time runs while the app is away")
            f.c.resume()
            XCTAssertEqual(f.clock?.running, .black)
            f.now.advance(1_000)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 297_000)
            // A flag that fell before the pause ends the game on time.
            f.now.advance(297_000)
            f.c.pause()
            XCTAssertEqual(f.state.statusText, "Black ran out of time — White wins")
            XCTAssertNil(f.state.message)
            f.c.resume()
            XCTAssertNil(f.clock?.running, "a game over stays stopped")
        }
        try await noLiveObjects()
    }

    func testThePlayersPauseStopsTheClockAndTheBoardSurvivesTheBackgroundAndARestart() async throws {
        do {
            let store = InMemoryGameStore()
            let f = try TimedFixture(store: store)
            XCTAssertFalse(f.state.canPause, "no clock runs yet")
            try f.startAfterE4("300")
            XCTAssertTrue(f.state.canPause)
            f.now.advance(2_000)
            f.c.tapSquare(sq("e7"))
            f.c.pauseGame()
            XCTAssertTrue(f.state.userPaused)
            XCTAssertFalse(f.state.canPause)
            XCTAssertNil(f.state.selected, "the selection goes")
            XCTAssertNil(f.clock?.running)
            XCTAssertEqual(f.clock?.blackMs, 298_000)
            XCTAssertFalse(f.state.isHumanTurn)
            f.move("e7", "e5")
            XCTAssertEqual(f.state.snapshot.ply, 1, "no move while paused")
            // The app goes away and comes back: still paused, no time charged.
            f.c.pause()
            f.now.advance(60_000)
            f.c.resume()
            XCTAssertTrue(f.state.userPaused)
            XCTAssertNil(f.clock?.running)
            f.c.tick()
            XCTAssertEqual(f.clock?.blackMs, 298_000)
            f.kill()  // killed while paused

            let second = try TimedFixture(store: store, now: FakeNow(0))
            second.c.resume()
            XCTAssertTrue(second.state.userPaused, "a restart keeps the players' pause")
            XCTAssertNil(second.clock?.running)
            second.c.resumeGame()
            XCTAssertFalse(second.state.userPaused)
            XCTAssertEqual(second.clock?.running, .black)
            second.now.advance(1_000)
            second.move("e7", "e5")
            XCTAssertEqual(second.state.snapshot.ply, 2)
            XCTAssertEqual(second.clock?.blackMs, 297_000)
            // A new game ends the pause.
            second.c.pauseGame()
            second.c.newGame(mode: .humanVsHuman, timeControl: try control("60"))
            XCTAssertFalse(second.state.userPaused)
            second.move("e2", "e4")
            second.kill()  // killed while the new game's clock ran

            let third = try TimedFixture(store: store)
            third.c.resume()
            XCTAssertFalse(third.state.userPaused, "the end of the pause was saved")
            XCTAssertEqual(third.clock?.running, .black)
        }
        try await noLiveObjects()
    }

    func testPausingStopsTheEnginesSearchResumingStartsItsTurnAgain() async throws {
        do {
            let f = try TimedFixture(mode: .humanVsEngine(humanSide: .white))
            f.c.newGame(mode: .humanVsEngine(humanSide: .white), timeControl: try control("60"))
            f.move("e2", "e4")
            XCTAssertTrue(f.state.engineThinking)
            f.c.pauseGame()
            XCTAssertFalse(f.state.engineThinking)
            XCTAssertFalse(f.state.canPremove, "no premove while paused")
            await drainMainQueue()
            XCTAssertEqual(f.state.snapshot.ply, 1, "the stopped search plays no move")
            f.c.resumeGame()
            XCTAssertTrue(f.state.engineThinking)
            let s = try await f.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
            XCTAssertEqual(s.clock?.running, .white)
        }
        try await noLiveObjects()
    }

    // MARK: Saves

    func testASavedGameRestoresItsClockPausedUntilResume() async throws {
        do {
            let store = InMemoryGameStore()
            let first = try TimedFixture(store: store)
            try first.startAfterE4("180+2")
            first.now.advance(4_000)
            first.move("e7", "e5")
            first.now.advance(7_000)
            first.c.pause()
            first.kill()

            // Another process: its clock counts from another instant.
            let second = try TimedFixture(store: store, now: FakeNow(50))
            var clock = try XCTUnwrap(second.clock)
            XCTAssertEqual([clock.whiteMs, clock.blackMs], [182_000 - 7_000, 178_000])
            XCTAssertNil(clock.running)
            XCTAssertEqual(clock.description, "3 min + 2 s")
            XCTAssertFalse(second.state.canUndo)
            second.now.advance(5_000)
            second.c.tick()
            XCTAssertEqual(second.clock, clock)
            second.c.resume()
            clock = try XCTUnwrap(second.clock)
            XCTAssertEqual(clock.running, .white)
            second.now.advance(1_000)
            second.c.tick()
            XCTAssertEqual(second.clock?.whiteMs, 174_000)
            second.move("g1", "f3")
            XCTAssertEqual(second.clock?.whiteMs, 176_000)
            XCTAssertEqual(second.clock?.running, .black)
        }
        try await noLiveObjects()
    }

    func testAGameKilledWithItsClockRunningComesBackStoppedWithNoSearchUntilResume() async throws {
        do {
            let store = InMemoryGameStore()
            let first = try TimedFixture(store: store, mode: .humanVsEngine(humanSide: .white))
            first.c.newGame(mode: .humanVsEngine(humanSide: .white), timeControl: try control("60"))
            first.now.advance(2_000)
            first.move("e2", "e4")
            XCTAssertTrue(first.state.engineThinking)
            first.now.advance(5_000)  // the engine thinks; then the app is killed, unpaused
            first.kill()
            try await eventually("the killed controller's engine stopped") {
                !first.engine.isSearching()
            }

            // The save holds the clock as of its last event (Black's 60 s after 1. e4); the core
            // restores it paused, and the controller waits for resume().
            let second = try TimedFixture(store: store, now: FakeNow(0))
            XCTAssertEqual(second.state.mode, .humanVsEngine(humanSide: .white))
            let clock = try XCTUnwrap(second.clock)
            XCTAssertEqual(clock.blackMs, 60_000, "the unknown time away is not charged")
            XCTAssertNil(clock.running)
            XCTAssertFalse(second.state.engineThinking, "paused: no search until resume")
            second.now.advance(3_000)
            second.c.tick()
            await drainMainQueue()
            XCTAssertEqual(second.clock, clock, "no time runs before resume()")
            XCTAssertFalse(second.state.engineThinking)
            XCTAssertEqual(second.engine.limits, [], "no search before resume()")
            XCTAssertFalse(second.engine.isSearching())
            second.c.resume()
            XCTAssertEqual(second.clock?.running, .black)
            XCTAssertTrue(second.state.engineThinking)
            second.now.advance(2_000)
            let s = try await second.awaitState("the engine's reply") { $0.snapshot.ply == 2 }
            XCTAssertEqual(second.engine.limits.first?.blackTimeMs, 60_000)
            XCTAssertEqual(s.clock?.blackMs, 58_000)
            XCTAssertEqual(s.clock?.running, .white)
        }
        try await noLiveObjects()
    }

    // MARK: New games

    func testAnInvalidTimeControlIsRefusedWithTheCoresMessageTheGameUnchanged() async throws {
        do {
            let f = try TimedFixture()
            f.move("e2", "e4")
            let before = f.state
            let invalid: [TimeControl] = [
                .periods(periods: []),
                .periods(periods: [TimePeriod(moves: nil, timeMs: 0, bonus: .none)]),
                .periods(periods: [
                    TimePeriod(moves: nil, timeMs: 60_000, bonus: .none),
                    TimePeriod(moves: nil, timeMs: 60_000, bonus: .none),
                ]),
            ]
            for control in invalid {
                let core = try chessError { try ChessGame.withTimeControl(control: control) }
                f.c.newGame(mode: .humanVsEngine(humanSide: .black), timeControl: control)
                XCTAssertEqual(f.state.message, core.message)
                var shown = f.state
                shown.message = nil
                XCTAssertEqual(shown, before, "nothing changes: \(control)")
                XCTAssertEqual(f.engine.limits, [], "no engine turn began")
                f.c.dismissMessage()
            }
        }
        try await noLiveObjects()
    }

    func testANewGameWithoutATimeControlHasNoClock() async throws {
        do {
            let f = try TimedFixture()
            XCTAssertNil(f.clock, "a first game is untimed")
            for untimed in [nil, TimeControl.untimed] {
                f.c.newGame(mode: .humanVsHuman, timeControl: try control("300"))
                XCTAssertNotNil(f.clock)
                f.c.newGame(mode: .humanVsHuman, timeControl: untimed)
                XCTAssertNil(f.clock)
                f.move("e2", "e4")
                f.now.advance(400_000)
                f.c.tick()
                XCTAssertNil(f.clock)
                XCTAssertEqual(f.state.snapshot.status, .ongoing(claimableDraw: nil))
                XCTAssertTrue(f.state.canUndo)
            }
            // A position from FEN is untimed too.
            f.c.newGame(mode: .humanVsHuman, timeControl: try control("300"))
            f.c.loadFen(startingFen())
            XCTAssertNil(f.clock)
        }
        try await noLiveObjects()
    }
}
