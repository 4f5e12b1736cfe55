package dev.chesscore.presentation

import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.ClockReading
import dev.chesscore.ClockState
import dev.chesscore.DrawReason
import dev.chesscore.GameStatus
import dev.chesscore.Outcome
import dev.chesscore.SearchLimits
import dev.chesscore.Side
import dev.chesscore.TimeBonus
import dev.chesscore.TimeControl
import dev.chesscore.TimePeriod
import dev.chesscore.liveObjectCount
import dev.chesscore.startingFen
import dev.chesscore.tests.onMain
import dev.chesscore.timeControlFromPgn
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.yield
import org.junit.jupiter.api.Test

/** The app's monotonic milliseconds, moved by hand: a test decides how long every move took. */
private class FakeNow(start: Long = 1_000) {
    /** The time the controller reads. Read and moved on the test's main thread only. */
    var ms: Long = start
        private set

    fun advance(delta: Long) {
        ms += delta
    }
}

/**
 * A controller on a fake clock, the real core and a real engine (a small table) that records the
 * limits of every search. Closing it is the app being killed: only the store survives.
 */
private class TimedFixture(
    scope: CoroutineScope,
    val store: InMemoryGameStore = InMemoryGameStore(),
    val now: FakeNow = FakeNow(),
    mode: GameMode = GameMode.HumanVsHuman,
    level: Int = 2,
) : AutoCloseable {
    private val fixture = Fixture(
        scope, store, mode, limits = SearchLimits(depth = 1u), level = level, hintLimits = SearchLimits(depth = 1u),
        now = { now.ms },
    )
    val c = fixture.controller
    val engine get() = fixture.engine
    val state get() = c.state.value
    val clock get() = c.state.value.clock

    /** The person taps [from], then [to]. */
    fun move(from: String, to: String) = c.move(from, to)

    /**
     * Starts a game with [pgn]'s time control (in [mode]) and plays 1. e4 at once, which starts
     * the clock: Black's time runs.
     */
    fun startAfterE4(pgn: String, mode: GameMode = GameMode.HumanVsHuman) {
        c.newGame(mode, timeControl = control(pgn))
        move("e2", "e4")
    }

    /** The saved game, read back as another process would. */
    fun <R> saved(read: (ChessGame) -> R): R = ChessGame.fromJson(assertNotNull(store.load())).use(read)

    override fun close() = c.close()
}

/** The time control written [pgn] in PGN (`180+2`: three minutes, two seconds a move). */
private fun control(pgn: String): TimeControl = assertNotNull(timeControlFromPgn(pgn))

/**
 * Runs [block] on the test's main thread; afterwards no chesscore object may be left alive (every
 * fixture is closed inside the block). At most the count before: objects of earlier tests that
 * the garbage collector frees meanwhile may lower it.
 */
private fun timed(block: suspend CoroutineScope.() -> Unit) {
    val baseline = liveObjectCount()
    onMain(block = block)
    val live = liveObjectCount()
    assertTrue(live <= baseline, "live Rust objects: $live, before: $baseline")
}

/**
 * Timed play on the board screen (docs/presentation-spec.md, "Timed play"): the controller against
 * the real core and engine, on a clock the test moves by hand. The same cases as the Swift
 * `TimedPlayTests`.
 */
class TimedPlayTest {

    // ---- The time source ------------------------------------------------------------------

    @Test
    fun `the default time source is monotonic milliseconds`() {
        val a = monotonicNow()
        Thread.sleep(20)
        val b = monotonicNow()
        assertTrue(a >= 0, "never negative: $a")
        assertTrue(b >= a + 20, "$a, then $b")
        assertTrue(b < a + 10_000, "milliseconds, not finer: $a, then $b")
    }

    // ---- The clocks on the screen ---------------------------------------------------------

    @Test
    fun `the first move is not charged, later moves are charged with the increment`() = timed {
        TimedFixture(this).use { f ->
            f.c.newGame(GameMode.HumanVsHuman, timeControl = control("180+2"))
            var clock = assertNotNull(f.clock)
            assertEquals(listOf("3:00", "3:00"), listOf(clock.whiteText, clock.blackText))
            assertEquals(listOf(180_000uL, 180_000uL), listOf(clock.whiteMs, clock.blackMs))
            assertNull(clock.running, "no time runs before the first move")
            assertEquals("3 min + 2 s", clock.description)
            assertEquals(emptySet(), clock.lowTime)
            assertNull(clock.flagged)
            f.now.advance(5_000)
            f.c.tick()
            assertEquals(clock, f.clock, "White thinks over the first move for free")

            f.move("e2", "e4")
            clock = assertNotNull(f.clock)
            assertEquals(182_000uL, clock.whiteMs, "not charged, the increment added")
            assertEquals("3:02", clock.whiteText)
            assertEquals(180_000uL, clock.blackMs)
            assertEquals(Side.BLACK, clock.running)

            f.now.advance(4_000)
            assertEquals(180_000uL, f.clock?.blackMs, "the state is read on changes and ticks")
            f.c.tick()
            assertEquals(176_000uL, f.clock?.blackMs)
            assertEquals("2:56", f.clock?.blackText)
            assertEquals(182_000uL, f.clock?.whiteMs, "White's time stands")

            f.move("e7", "e5")
            clock = assertNotNull(f.clock)
            assertEquals(178_000uL, clock.blackMs, "4 s charged, 2 s added")
            assertEquals("2:58", clock.blackText)
            assertEquals(Side.WHITE, clock.running)

            f.now.advance(10_500)
            f.c.tick()
            assertEquals(171_500uL, f.clock?.whiteMs)
            assertEquals("2:51", f.clock?.whiteText, "rounded down, as clocks show time")
            f.move("g1", "f3")
            assertEquals(173_500uL, f.clock?.whiteMs)
            assertTrue(f.c.pgn().contains("2. Nf3 {[%clk 0:02:53.5]}"), f.c.pgn())
            assertNull(f.state.message)
        }
    }

    @Test
    fun `low time is under ten seconds, or under a tenth of the starting time`() = timed {
        TimedFixture(this).use { f ->
            f.startAfterE4("180")
            f.now.advance(170_000)
            f.c.tick()
            assertEquals(10_000uL, f.clock?.blackMs)
            assertEquals("0:10", f.clock?.blackText)
            assertEquals(emptySet(), f.clock?.lowTime)
            f.now.advance(1)
            f.c.tick()
            assertEquals("0:09.9", f.clock?.blackText, "tenths under ten seconds")
            assertEquals(setOf(Side.BLACK), f.clock?.lowTime)

            // One minute: a tenth of it (6 s) is less than ten seconds.
            f.startAfterE4("60")
            f.now.advance(50_001)
            f.c.tick()
            assertEquals("0:09.9", f.clock?.blackText)
            assertEquals(emptySet(), f.clock?.lowTime)
            f.now.advance(4_000)
            f.c.tick()
            assertEquals("0:05.9", f.clock?.blackText)
            assertEquals(setOf(Side.BLACK), f.clock?.lowTime)
        }
    }

    // ---- Flag falls -----------------------------------------------------------------------

    @Test
    fun `a flag fallen at a tick loses on time, stops the engine and saves`() = timed {
        TimedFixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 10).use { f ->
            f.startAfterE4("60", mode = GameMode.HumanVsEngine(Side.WHITE))
            assertTrue(f.state.engineThinking)
            f.now.advance(59_999)
            f.c.tick()
            assertEquals(GameStatus.Ongoing(null), f.state.snapshot.status)
            assertEquals(1uL, f.clock?.blackMs)
            assertTrue(f.state.engineThinking)
            f.now.advance(1)
            f.c.tick()
            val lost = GameStatus.Ended(Outcome.TimeForfeit(Side.WHITE))
            assertEquals(lost, f.state.snapshot.status)
            assertEquals("Black ran out of time — White wins", f.state.statusText)
            assertFalse(f.state.engineThinking, "the engine stopped")
            val clock = assertNotNull(f.clock)
            assertEquals(Side.BLACK, clock.flagged)
            assertNull(clock.running)
            assertEquals("0:00.0", clock.blackText)
            assertNull(f.state.message)
            assertEquals(lost, f.saved { it.status() })
            f.engine.nextResult() // the stopped search's result reached the main thread...
            yield() // ...and was handled there before this line runs (same thread, FIFO)
            assertEquals(1u, f.state.snapshot.ply, "the stopped search played nothing")
            assertEquals(lost, f.state.snapshot.status)
            assertNull(f.state.message, "its result was not even tried")
        }
    }

    @Test
    fun `a flag that fell between ticks and is found by pause ends the game as a tick would`() = timed {
        TimedFixture(this).use { f ->
            f.c.newGame(
                GameMode.HumanVsHuman, timeControl = control("60"),
                start = StartPosition.Position("8/P6k/7p/8/8/8/7K/8 w - - 0 1"),
            )
            f.move("h2", "g2")
            f.move("h7", "g7")
            f.move("a7", "a8") // the promotion picker opens
            assertNotNull(f.state.pendingPromotion)
            f.now.advance(60_000) // White's flag falls before the next tick; the app goes away
            f.c.pause()
            assertEquals(GameStatus.Ended(Outcome.TimeForfeit(Side.BLACK)), f.state.snapshot.status)
            assertNull(f.state.pendingPromotion, "no picker over a finished game")
            assertNull(f.state.selected)
            assertEquals(GameStatus.Ended(Outcome.TimeForfeit(Side.BLACK)), f.saved { it.status() })
        }
    }

    @Test
    fun `a flag fall is a draw when the side with time left has a bare king`() = timed {
        // White has a bare king, Black a rook: Black's flag fall draws (FIDE 6.9), White's loses.
        val cases = listOf(
            Triple("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1", "e1" to "f1", "Draw by timeout against insufficient material"),
            Triple("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1", "d6" to "d5", "White ran out of time — Black wins"),
        )
        for ((fen, move, text) in cases) {
            // A saved game from the position, with a clock not started yet.
            val saved = ChessGame.fromFen(fen).use {
                it.setTimeControl(control("60"))
                it.toJson()
            }
            TimedFixture(this, InMemoryGameStore(saved)).use { f ->
                assertEquals(60_000uL, f.clock?.whiteMs)
                f.move(move.first, move.second)
                assertEquals(1u, f.state.snapshot.ply, fen)
                f.now.advance(60_000)
                f.c.tick()
                assertEquals(text, f.state.statusText, fen)
                assertTrue(f.state.isGameOver)
                assertNotNull(f.clock?.flagged)
            }
        }
    }

    @Test
    fun `a move after the flag fell is refused, the status shows the loss without a message`() = timed {
        TimedFixture(this).use { f ->
            f.startAfterE4("60")
            f.now.advance(60_500) // no tick in between
            f.move("e7", "e5")
            assertEquals(1u, f.state.snapshot.ply, "the move was refused")
            assertEquals(GameStatus.Ended(Outcome.TimeForfeit(Side.WHITE)), f.state.snapshot.status)
            assertNull(f.state.message)
            assertEquals(Side.BLACK, f.clock?.flagged)
            assertNull(f.clock?.running)
            assertNull(f.state.selected)
        }
        // The engine's move arrives after its flag fell.
        TimedFixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).use { f ->
            f.startAfterE4("60", mode = GameMode.HumanVsEngine(Side.WHITE))
            f.now.advance(60_000)
            val s = f.c.awaitState("the engine's late move") { it.isGameOver }
            assertEquals(1u, s.snapshot.ply)
            assertEquals("Black ran out of time — White wins", s.statusText)
            assertNull(s.message)
            assertFalse(s.engineThinking)
        }
    }

    // ---- The engine on the clock ----------------------------------------------------------

    @Test
    fun `the engine's move is timed and its limits come from the clock at its level`() = timed {
        TimedFixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 2).use { f ->
            f.startAfterE4("180+2", mode = GameMode.HumanVsEngine(Side.WHITE))
            f.now.advance(3_000) // the engine's reply arrives 3 s later
            var s = f.c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
            assertEquals(180_000uL - 3_000uL + 2_000uL, s.clock?.blackMs)
            assertEquals(Side.WHITE, s.clock?.running)
            assertEquals(
                SearchLimits(
                    whiteTimeMs = 182_000uL, blackTimeMs = 180_000uL, whiteIncrementMs = 2_000uL,
                    blackIncrementMs = 2_000uL, movesToGo = null, level = 2u,
                ),
                f.engine.limits.firstOrNull(),
            )

            f.now.advance(10_000)
            f.move("d2", "d4")
            f.now.advance(1_500)
            s = f.c.awaitState("the engine's second reply") { it.snapshot.ply == 4u }
            assertEquals(2, f.engine.limits.size)
            assertEquals(182_000uL - 10_000uL + 2_000uL, f.engine.limits.last().whiteTimeMs)
            assertEquals(179_000uL, f.engine.limits.last().blackTimeMs, "read as the search starts")
            assertEquals(179_000uL - 1_500uL + 2_000uL, s.clock?.blackMs)
            assertTrue(f.c.pgn().contains("[TimeControl \"180+2\"]"))
        }
    }

    // ---- No takebacks, ends, pause --------------------------------------------------------

    @Test
    fun `undo and redo do nothing in a timed game`() = timed {
        TimedFixture(this).use { f ->
            f.startAfterE4("300")
            f.move("e7", "e5")
            assertFalse(f.state.snapshot.canUndo, "the core takes nothing back while the clock runs")
            assertFalse(f.state.canUndo, "a timed game has no takebacks")
            assertFalse(f.state.canRedo)
            val before = f.state
            val saves = f.store.saveCount
            f.c.undo()
            assertEquals(before, f.state)
            f.c.redo()
            assertEquals(before, f.state)
            assertEquals(saves, f.store.saveCount, "nothing changed")
            f.c.resign()
            assertTrue(f.state.snapshot.canUndo, "the core could take the resignation back (its clock is stopped)")
            f.c.undo() // the resignation stands too: the controller takes nothing back with a clock
            assertEquals("White resigned — Black wins", f.state.statusText)
            assertFalse(f.state.canUndo)

            // Untimed, as before.
            f.c.newGame(GameMode.HumanVsHuman)
            f.move("e2", "e4")
            assertTrue(f.state.canUndo)
            f.c.undo()
            assertEquals(0u, f.state.snapshot.ply)
            assertTrue(f.state.canRedo)
        }
    }

    @Test
    fun `resigning, agreeing and claiming stop the clock`() = timed {
        TimedFixture(this).use { f ->
            f.startAfterE4("300")
            f.now.advance(2_000)
            f.c.resign()
            assertEquals("Black resigned — White wins", f.state.statusText)
            assertNull(f.clock?.running)
            f.now.advance(60_000)
            f.c.tick()
            assertEquals(298_000uL, f.clock?.blackMs, "no time runs after the game")
            assertEquals(298_000uL, f.saved { it.clock(0uL)?.blackMs })

            f.startAfterE4("300")
            f.now.advance(1_000)
            f.c.agreeDraw()
            f.now.advance(60_000)
            f.c.tick()
            assertEquals("Draw by agreement", f.state.statusText)
            assertEquals(299_000uL, f.clock?.blackMs)
            assertNull(f.clock?.running)

            // Knights out and back twice: the third occurrence is claimed, then with a move.
            val shuffle = listOf("g1" to "f3", "g8" to "f6", "f3" to "g1", "f6" to "g8")
            for (announce in listOf(false, true)) {
                f.c.newGame(GameMode.HumanVsHuman, timeControl = control("300"))
                for ((from, to) in shuffle + shuffle.dropLast(1)) f.move(from, to)
                f.now.advance(3_000)
                if (announce) {
                    f.c.claimDrawWithNextMove()
                    f.move("f6", "g8")
                } else {
                    f.move("f6", "g8")
                    f.now.advance(4_000)
                    assertEquals(DrawReason.THREEFOLD_REPETITION, f.state.claimableDraw)
                    f.c.claimDraw()
                }
                assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.THREEFOLD_REPETITION)), f.state.snapshot.status)
                assertNull(f.clock?.running, "claimed with a move: $announce")
                val times = f.clock?.let { listOf(it.whiteMs, it.blackMs) }
                f.now.advance(60_000)
                f.c.tick()
                assertEquals(times, f.clock?.let { listOf(it.whiteMs, it.blackMs) })
                assertEquals(if (announce) listOf(300_000uL, 297_000uL) else listOf(296_000uL, 297_000uL), times)
            }
        }
    }

    @Test
    fun `pause and resume do not charge the time away`() = timed {
        TimedFixture(this).use { f ->
            f.startAfterE4("300")
            f.now.advance(2_000)
            f.c.pause()
            assertNull(f.clock?.running)
            assertEquals(298_000uL, f.clock?.blackMs)
            assertEquals(298_000uL, f.saved { it.clock(0uL)?.blackMs }, "saved with the move's time")
            f.now.advance(100_000)
            f.c.tick()
            assertEquals(298_000uL, f.clock?.blackMs, "no time runs while the app is away")
            f.c.resume()
            assertEquals(Side.BLACK, f.clock?.running)
            f.now.advance(1_000)
            f.c.tick()
            assertEquals(297_000uL, f.clock?.blackMs)
            // A flag that fell before the pause ends the game on time.
            f.now.advance(297_000)
            f.c.pause()
            assertEquals("Black ran out of time — White wins", f.state.statusText)
            assertNull(f.state.message)
            f.c.resume()
            assertNull(f.clock?.running, "a game over stays stopped")
        }
    }

    @Test
    fun `the players' pause stops the clock and the board, survives the background and a restart`() = timed {
        val store = InMemoryGameStore()
        TimedFixture(this, store).use { f ->
            assertFalse(f.state.canPause, "no clock runs yet")
            f.startAfterE4("300")
            assertTrue(f.state.canPause)
            f.now.advance(2_000)
            f.c.tapSquare(sq("e7"))
            f.c.pauseGame()
            assertTrue(f.state.userPaused)
            assertFalse(f.state.canPause)
            assertNull(f.state.selected, "the selection goes")
            assertNull(f.clock?.running)
            assertEquals(298_000uL, f.clock?.blackMs)
            assertFalse(f.state.isHumanTurn)
            f.move("e7", "e5")
            assertEquals(1u, f.state.snapshot.ply, "no move while paused")
            // The app goes away and comes back: still paused, no time charged.
            f.c.pause()
            f.now.advance(60_000)
            f.c.resume()
            assertTrue(f.state.userPaused)
            assertNull(f.clock?.running)
            f.c.tick()
            assertEquals(298_000uL, f.clock?.blackMs)
        } // killed while paused

        TimedFixture(this, store, FakeNow(0)).use { second ->
            second.c.resume()
            assertTrue(second.state.userPaused, "a restart keeps the players' pause")
            assertNull(second.clock?.running)
            second.c.resumeGame()
            assertFalse(second.state.userPaused)
            assertEquals(Side.BLACK, second.clock?.running)
            second.now.advance(1_000)
            second.move("e7", "e5")
            assertEquals(2u, second.state.snapshot.ply)
            assertEquals(297_000uL, second.clock?.blackMs)
            // A new game ends the pause.
            second.c.pauseGame()
            second.c.newGame(GameMode.HumanVsHuman, timeControl = control("60"))
            assertFalse(second.state.userPaused)
            second.move("e2", "e4")
        } // killed while the new game's clock ran
        TimedFixture(this, store).use { third ->
            third.c.resume()
            assertFalse(third.state.userPaused, "the end of the pause was saved")
            assertEquals(Side.BLACK, third.clock?.running)
        }
    }

    @Test
    fun `pausing stops the engine's search, resuming starts its turn again`() = timed {
        TimedFixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).use { f ->
            f.c.newGame(GameMode.HumanVsEngine(Side.WHITE), timeControl = control("60"))
            f.move("e2", "e4")
            assertTrue(f.state.engineThinking)
            f.c.pauseGame()
            assertFalse(f.state.engineThinking)
            assertFalse(f.state.canPremove, "no premove while paused")
            yield()
            assertEquals(1u, f.state.snapshot.ply, "the stopped search plays no move")
            f.c.resumeGame()
            assertTrue(f.state.engineThinking)
            val s = f.c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
            assertEquals(Side.WHITE, s.clock?.running)
        }
    }

    // ---- Saves ----------------------------------------------------------------------------

    @Test
    fun `a saved game restores its clock paused until resume`() = timed {
        val store = InMemoryGameStore()
        TimedFixture(this, store).use { first ->
            first.startAfterE4("180+2")
            first.now.advance(4_000)
            first.move("e7", "e5")
            first.now.advance(7_000)
            first.c.pause()
        } // the app is killed: only the store survives

        // Another process: its clock counts from another instant.
        TimedFixture(this, store, FakeNow(50)).use { second ->
            var clock = assertNotNull(second.clock)
            assertEquals(listOf(182_000uL - 7_000uL, 178_000uL), listOf(clock.whiteMs, clock.blackMs))
            assertNull(clock.running)
            assertEquals("3 min + 2 s", clock.description)
            assertFalse(second.state.canUndo)
            second.now.advance(5_000)
            second.c.tick()
            assertEquals(clock, second.clock)
            second.c.resume()
            clock = assertNotNull(second.clock)
            assertEquals(Side.WHITE, clock.running)
            second.now.advance(1_000)
            second.c.tick()
            assertEquals(174_000uL, second.clock?.whiteMs)
            second.move("g1", "f3")
            assertEquals(176_000uL, second.clock?.whiteMs)
            assertEquals(Side.BLACK, second.clock?.running)
        }
    }

    @Test
    fun `killed while the clock ran, the restored clock is paused at its last event`() = timed {
        val store = InMemoryGameStore()
        TimedFixture(this, store, mode = GameMode.HumanVsEngine(Side.WHITE)).use { first ->
            first.c.newGame(GameMode.HumanVsEngine(Side.WHITE), timeControl = control("60"))
            first.now.advance(2_000)
            first.move("e2", "e4")
            assertTrue(first.state.engineThinking)
            first.now.advance(5_000) // the engine thinks; then the app is killed, unpaused
        } // close() stops the search at once

        TimedFixture(this, store, FakeNow(0)).use { second ->
            assertEquals(GameMode.HumanVsEngine(Side.WHITE), second.state.mode)
            val clock = assertNotNull(second.clock)
            assertEquals(60_000uL, clock.blackMs, "the unknown time away is not charged")
            assertNull(clock.running)
            assertFalse(second.state.engineThinking, "paused: no search until resume")
            assertEquals(emptyList(), second.engine.limits)
            second.c.resume()
            assertEquals(Side.BLACK, second.clock?.running)
            assertTrue(second.state.engineThinking)
            second.now.advance(2_000)
            val s = second.c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
            assertEquals(60_000uL, second.engine.limits.firstOrNull()?.blackTimeMs)
            assertEquals(58_000uL, s.clock?.blackMs)
            assertEquals(Side.WHITE, s.clock?.running)
        }
    }

    // ---- New games ------------------------------------------------------------------------

    @Test
    fun `an invalid time control is refused with the core's message, the game unchanged`() = timed {
        TimedFixture(this).use { f ->
            f.move("e2", "e4")
            val before = f.state
            val invalid = listOf(
                TimeControl.Periods(emptyList()),
                TimeControl.Periods(listOf(TimePeriod(moves = null, timeMs = 0uL, bonus = TimeBonus.None))),
                TimeControl.Periods(
                    listOf(
                        TimePeriod(moves = null, timeMs = 60_000uL, bonus = TimeBonus.None),
                        TimePeriod(moves = null, timeMs = 60_000uL, bonus = TimeBonus.None),
                    ),
                ),
            )
            for (control in invalid) {
                val core = assertFailsWith<ChessException> { ChessGame.withTimeControl(control).close() }
                f.c.newGame(GameMode.HumanVsEngine(Side.BLACK), timeControl = control)
                assertNotNull(f.state.message)
                assertEquals(core.message, f.state.message)
                assertEquals(before, f.state.copy(message = null), "nothing changes: $control")
                assertEquals(emptyList(), f.engine.limits, "no engine turn began")
                f.c.dismissMessage()
            }
        }
    }

    @Test
    fun `a new game without a time control has no clock`() = timed {
        TimedFixture(this).use { f ->
            assertNull(f.clock, "a first game is untimed")
            for (untimed in listOf(null, TimeControl.Untimed)) {
                f.c.newGame(GameMode.HumanVsHuman, timeControl = control("300"))
                assertNotNull(f.clock)
                f.c.newGame(GameMode.HumanVsHuman, timeControl = untimed)
                assertNull(f.clock)
                f.move("e2", "e4")
                f.now.advance(400_000)
                f.c.tick()
                assertNull(f.clock)
                assertEquals(GameStatus.Ongoing(null), f.state.snapshot.status)
                assertTrue(f.state.canUndo)
            }
            // A position from FEN is untimed too.
            f.c.newGame(GameMode.HumanVsHuman, timeControl = control("300"))
            f.c.loadFen(startingFen())
            assertNull(f.clock)
        }
    }
}
