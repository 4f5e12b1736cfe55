package dev.chesscore.tests

import dev.chesscore.*
import kotlin.test.*
import org.junit.jupiter.api.Test

/**
 * The game clock and opening names through the bindings. Times are worked out by hand from the
 * control (60+1: 60 s, 1 s added after each move); names are lines of the CC0 dataset
 * (the .tsv files in data/openings).
 */
private fun oneMinutePlusOne() = TimeControl.Periods(
    listOf(TimePeriod(moves = null, timeMs = 60_000uL, bonus = TimeBonus.Increment(1_000uL))),
)

class ClockTest {
    @Test
    fun `the engine's limits come from the clock as it reads, each side's bonus and the mover's moves to go`() {
        // 2 moves in 60 s, then 30 s more with 5 s a move.
        val control = timeControlFromPgn("2/60:30+5")!!
        ChessGame.withTimeControl(control).use { game ->
            assertEquals(
                SearchLimits(whiteTimeMs = 60_000uL, blackTimeMs = 60_000uL, movesToGo = 2u, level = 4u),
                game.searchLimitsAt(0uL, 4u),
            )
            game.playSanAt("e4", 0uL)
            game.playSanAt("e5", 1_000uL)
            game.playSanAt("Nf3", 3_000uL) // White's second move ends its first period: +30 s
            val l = game.searchLimitsAt(4_000uL, null)!!
            assertEquals(60_000uL - 2_000uL + 30_000uL, l.whiteTimeMs)
            assertEquals(60_000uL - 1_000uL - 1_000uL, l.blackTimeMs, "Black's time runs")
            assertEquals(5_000uL, l.whiteIncrementMs, "White's next move is in the second period")
            assertEquals(0uL, l.blackIncrementMs)
            assertEquals(1u, l.movesToGo, "Black's last move of its first period")
            assertNull(l.level)
        }
        assertNull(ChessGame().use { it.searchLimitsAt(0uL, 4u) }, "no clock")
        // 3 + 2, the usual way to write the commonest control.
        assertEquals(timeControlFromPgn("180+2"), fischerTimeControl(180_000uL, 2_000uL))
    }

    @Test
    fun `a game created with a clock times its moves and records %clk`() {
        ChessGame.withTimeControl(oneMinutePlusOne()).use { game ->
            assertEquals(oneMinutePlusOne(), game.timeControl())
            assertEquals(ClockState.NOT_STARTED, game.snapshot().clock!!.state)
            // The first timed move starts the clock without charging White.
            game.playUciAt("e2e4", 1_000uL)
            game.playSanAt("c5", 5_000uL)
            game.playAt(Square.G1, Square.F3, null, 15_000uL)
            val c = game.snapshot().clock!!
            assertEquals(15_000uL, c.atMs)
            assertEquals(60_000uL + 1_000uL - 10_000uL + 1_000uL, c.whiteMs)
            assertEquals(60_000uL - 4_000uL + 1_000uL, c.blackMs)
            assertEquals(Side.BLACK, c.runningSide)
            assertEquals(15_000uL + c.blackMs, c.flagTimeMs)
            assertEquals(2u, c.whiteMoves)
            // Black's time runs between snapshots: read it with clock(nowMs).
            assertEquals(c.blackMs - 5_000uL, game.clock(20_000uL)!!.blackMs)
            val pgn = game.pgn()
            assertTrue(pgn.contains("[TimeControl \"60+1\"]"), pgn)
            assertTrue(pgn.contains("1. e4 {[%clk 0:01:01]} 1... c5 {[%clk 0:00:57]} 2. Nf3 {[%clk 0:00:52]} *"), pgn)
            assertEquals("0:00:52", formatClockTime(c.whiteMs, false))
        }
        assertFailsWith<ChessException.InvalidRequest> { ChessGame.withTimeControl(TimeControl.Untimed) }
    }

    @Test
    fun `a timed game refuses the untimed calls, naming the timed one, and is unchanged`() {
        ChessGame.withTimeControl(oneMinutePlusOne()).use { game ->
            game.playSanAt("e4", 1_000uL)
            val before = listOf(game.pgn(), game.toJson(), game.clock(5_000uL))
            val refusals = listOf<Pair<String, () -> Unit>>(
                "playAt" to { game.play(Square.E7, Square.E5, null) },
                "playSanAt" to { game.playSan("e5") },
                "resignAt" to { game.resign(Side.BLACK) },
                "agreeDrawAt" to { game.agreeDraw() },
            )
            for ((timed, call) in refusals) {
                val e = assertFailsWith<ChessException.InvalidRequest> { call() }
                assertTrue(e.message!!.contains("use $timed"), e.message)
                assertEquals(before, listOf(game.pgn(), game.toJson(), game.clock(5_000uL)))
            }
            // No take-back while the clock runs.
            assertFalse(game.snapshot().canUndo)
            assertFalse(game.undo())
            // The timed call works; an untimed game takes the plain one.
            game.playSanAt("e5", 5_000uL)
            assertEquals(listOf("e4", "e5"), game.snapshot().sanHistory)
        }
        ChessGame().use { it.playSan("e4") }
    }

    @Test
    fun `pause, resume and an arbiter's extra time`() {
        ChessGame().use { game ->
            assertNull(game.clock(0uL))
            assertNull(game.snapshot().clock)
            assertFailsWith<ChessException.InvalidRequest> { game.startClock(0uL) }
            game.setTimeControl(timeControlFromPgn("300")!!)
            game.startClock(0uL)
            game.pauseClock(30_000uL)
            // Paused: no time runs until resumed.
            assertEquals(270_000uL, game.clock(100_000uL)!!.whiteMs)
            assertEquals(ClockState.PAUSED, game.clock(100_000uL)!!.state)
            game.resumeClock(100_000uL)
            game.addClockTime(Side.BLACK, 120_000uL)
            assertEquals(420_000uL, game.clock(110_000uL)!!.blackMs)
            assertEquals(260_000uL, game.clock(110_000uL)!!.whiteMs)
            // Time stamps must not go backwards; the refused move changes nothing.
            assertFailsWith<ChessException.InvalidRequest> { game.playSanAt("e4", 50_000uL) }
            assertEquals(0u, game.snapshot().ply)
        }
    }

    @Test
    fun `a flag fall loses on time, and the save and the PGN keep it`() {
        ChessGame().use { game ->
            game.setTimeControl(timeControlFromPgn("60")!!)
            game.startClock(0uL)
            game.playSanAt("e4", 10_000uL)
            assertTrue(game.checkFlag(69_999uL) is GameStatus.Ongoing)
            // Black's minute ran out at 70 s: the move is refused and the game is over.
            assertFailsWith<ChessException.GameOver> { game.playSanAt("e5", 70_001uL) }
            val lost = GameStatus.Ended(Outcome.TimeForfeit(Side.WHITE))
            assertEquals(lost, game.status())
            assertEquals(Side.BLACK, game.snapshot().clock!!.flaggedSide)
            val pgn = game.pgn()
            assertTrue(pgn.contains("[Termination \"time forfeit\"]"), pgn)
            assertTrue(pgn.contains("[Result \"1-0\"]"), pgn)
            val json = game.toJson()
            assertTrue(json.contains("\"version\": 3"), json)
            ChessGame.fromJson(json).use { back ->
                assertEquals(lost, back.status())
                assertEquals(game.timeControl(), back.timeControl())
                assertEquals(ClockState.FLAGGED, back.snapshot().clock!!.state)
            }
            ChessGame.fromPgn(pgn).use { assertEquals(lost, it.status()) }
        }
    }

    @Test
    fun `a flag fall is a draw when the other side could never mate`() {
        // White has a bare king, Black a rook: Black's flag fall draws (FIDE 6.9), White's loses.
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            assertEquals(
                GameStatus.Ended(Outcome.Draw(DrawReason.TIMEOUT_VS_INSUFFICIENT_MATERIAL)),
                game.checkFlag(10_000uL),
            )
        }
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            assertEquals(GameStatus.Ended(Outcome.TimeForfeit(Side.BLACK)), game.checkFlag(10_000uL))
        }
    }

    @Test
    fun `the opening walks back to the last named position, also after a transposition`() {
        assertTrue(preloadOpenings() > 3_000u)
        ChessGame().use { game ->
            assertNull(game.snapshot().opening)
            listOf("e4", "e5", "Nf3", "Nc6", "Bb5", "a6").forEach { game.playSan(it) }
            val morphy = game.snapshot().opening!!
            assertEquals("C70", morphy.eco)
            assertEquals("Ruy Lopez: Morphy Defense", morphy.name)
            assertEquals("Ruy Lopez", morphy.family)
            assertEquals("Morphy Defense", morphy.variation)
            // Out of the book, the name stays; an earlier node has its own.
            game.playSan("h3")
            assertEquals(morphy, game.snapshot().opening)
            val bb5 = game.snapshot().moveRows[2].whiteNode!!
            assertEquals("Ruy Lopez", game.openingAt(bb5)!!.name)
            assertFailsWith<ChessException.InvalidRequest> { game.openingAt(999u) }
        }
        // 1. Nf3 d5 2. d4 reaches the position of the dataset's 1. d4 d5 2. Nf3.
        ChessGame().use { game ->
            listOf("Nf3", "d5").forEach { game.playSan(it) }
            assertEquals("Zukertort Opening", game.snapshot().opening!!.name)
            game.playSan("d4")
            assertEquals(Opening("D02", "Queen's Pawn Game: Zukertort Variation", "Queen's Pawn Game", "Zukertort Variation"), game.snapshot().opening)
            assertEquals(game.snapshot().opening, openingOfFen(game.fen()))
        }
    }
}
