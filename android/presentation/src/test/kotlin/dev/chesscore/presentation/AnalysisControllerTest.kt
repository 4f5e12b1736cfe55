package dev.chesscore.presentation

import dev.chesscore.Arrow
import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.EngineConfig
import dev.chesscore.engineLevels
import dev.chesscore.recommendedSearchThreads
import dev.chesscore.ChessGame
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.LegalMove
import dev.chesscore.MarkColor
import dev.chesscore.MoveClass
import dev.chesscore.MoveListItem
import dev.chesscore.Outcome
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Score
import dev.chesscore.SearchInfo
import dev.chesscore.SearchLimits
import dev.chesscore.Side
import dev.chesscore.SquareMark
import dev.chesscore.ktx.pieceAt
import dev.chesscore.liveObjectCount
import dev.chesscore.readPgn
import dev.chesscore.winPercent
import dev.chesscore.tests.eventually
import dev.chesscore.tests.onMain
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.yield
import org.junit.jupiter.api.Test

/**
 * An analysis controller over a real (full-strength) engine with small limits, and that engine.
 * [INFINITE] limits search until stopped (the analysis engine is at level 10, which does not cap
 * the depth).
 */
class AnalysisFixture(
    scope: CoroutineScope,
    val store: GameStore = InMemoryGameStore(),
    pgn: String? = null,
    limits: SearchLimits = SearchLimits(depth = 5u),
    ply: UInt? = null,
) {
    lateinit var engine: ObservedEngine

    /** The configuration the controller asked its engine for (the tests search on one thread). */
    lateinit var requested: EngineConfig

    /** The coach's engine, once the coach was switched on. */
    var coachEngine: ChessEngine? = null
    val controller = AnalysisController(
        scope,
        store,
        pgn,
        ply,
        engineFactory = { config ->
            requested = config
            // One thread: a search of several is not the same twice, and these tests compare.
            ObservedEngine(config.copy(hashMb = 1u, threads = 1u)).also { engine = it }
        },
        analysisLimits = limits,
        coachEngineFactory = { config -> ChessEngine(config.copy(hashMb = 1u)).also { coachEngine = it } },
        coachNodes = 20_000uL,
    )
    val state get() = controller.state.value
}

private val INFINITE = SearchLimits(infinite = true)
private const val PAWN_TO_PROMOTE_FEN = "8/P7/8/8/8/8/k6K/8 w - - 0 1"

/** White to move with three legal moves (Kg1, Kg2, Kh2): its pawn is blocked. */
private const val THREE_MOVES_FEN = "k7/8/8/8/8/p7/P7/7K w - - 0 1"
private const val TWO_GAMES_PGN =
    "[Event \"a\"]\n\n1. e4 {Best} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n"

/** Suspends until the state satisfies [predicate]; fails with the last state after [timeoutMs]. */
private suspend fun AnalysisController.awaitState(
    what: String,
    timeoutMs: Long = 15_000,
    predicate: (AnalysisUiState) -> Boolean,
): AnalysisUiState = state.await(what, timeoutMs, { it.copy(snapshot = it.snapshot.brief()) }, predicate)

/** Waits until the search of the current position has ended by its limits with some lines. */
private suspend fun AnalysisController.awaitLines(what: String): AnalysisUiState =
    awaitState(what) { !it.engineRunning && it.lines.isNotEmpty() }

/** Taps [from] then [to]. */
private fun AnalysisController.move(from: String, to: String) {
    tapSquare(sq(from))
    tapSquare(sq(to))
}

/**
 * Runs [intent], which must be refused: [AnalysisUiState.message] is then [expected] (the core's
 * text) and the snapshot (position, node and tree) is what it was. Clears the message.
 */
private fun AnalysisController.assertRefused(expected: String?, intent: AnalysisController.() -> Unit) {
    val before = state.value.snapshot
    intent()
    assertNotNull(expected)
    assertEquals(expected, state.value.message)
    assertEquals(before, state.value.snapshot, "unchanged after: $expected")
    dismissMessage()
}

/** The message of the error the core throws for [call]. */
private fun coreError(call: () -> Unit): String? = assertFailsWith<ChessException> { call() }.message

/** The node of the first move written [san] in the move list. */
private fun GameSnapshot.nodeOf(san: String): UInt =
    moveList.filterIsInstance<MoveListItem.Move>().first { it.san == san }.node

/** The PGN's movetext on one line (the tags and the line breaks dropped). */
private fun AnalysisController.movetext(): String =
    pgn().lines().filter { !it.startsWith("[") && it.isNotBlank() }.joinToString(" ")

/**
 * Every line is from [s]'s position: ordered by number, its first move one of the position's
 * legal moves (from [legal]), written first in its SAN.
 */
private fun assertLinesFromPosition(s: AnalysisUiState, legal: List<LegalMove> = s.snapshot.legalMoves) {
    assertEquals((1..s.lines.size).toList(), s.lines.map { it.multipv }, "ordered by multipv")
    for (line in s.lines) {
        val move = assertNotNull(line.move, "line $line has a first move")
        assertTrue(move in legal, "$move is legal in ${s.snapshot.fen}")
        assertEquals(move.san, line.pvSan.first())
        assertTrue(Regex("""(0\.00|[+-]\d+\.\d\d|-?M\d+)""").matches(line.scoreText), line.scoreText)
        assertWinAgreesWithScore(line)
    }
    assertEquals(s.lines.size, s.lines.map { it.move }.toSet().size, "each line starts with another move")
}

/**
 * The line's White win chance is the core's `winPercent` of the White-view score its text shows
 * (the review's scale): 100 and 0 for White's and Black's mates.
 */
private fun assertWinAgreesWithScore(line: AnalysisLine) {
    val text = line.scoreText
    val expected = when {
        text.startsWith("M") -> 100.0
        text.startsWith("-M") -> 0.0
        else -> winPercent(Score.Centipawns(Math.round(text.toDouble() * 100).toInt()))
    }
    assertEquals(expected, line.whiteWin, text)
}

/**
 * A progress report of line [multipv] at [depth] for the position [key], whose line is just
 * [move], with White's win chance [whiteWin] (its scores are 0: a stand-in's report).
 */
private fun report(key: ULong, move: LegalMove, depth: UInt, multipv: UInt, whiteWin: Double = 50.0): SearchInfo = SearchInfo(
    depth = depth, seldepth = depth, score = Score.Centipawns(0), scoreWhite = Score.Centipawns(0), whiteWin = whiteWin,
    nodes = 1uL, nps = 1uL, timeMs = 1uL, hashFullPermille = 0u, pvSan = listOf(move.san), pvUci = listOf(move.uci),
    positionKey = key, multipv = multipv,
)

class AnalysisControllerTest {
    @Test
    fun `the analysis engine is asked for full strength on the device's spare cores`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use {
                assertEquals(engineLevels().last().level, f.requested.level)
                assertEquals(recommendedSearchThreads(), f.requested.threads)
                assertTrue(f.requested.threads in 1u..4u)
            }
        }
    }

    @Test
    fun `a move off the main line makes a variation, a move that exists is gone to`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                c.move("e2", "e4")
                c.move("e7", "e5")
                c.move("g1", "f3")
                c.back()
                c.back()
                c.dragMove(sq("c7"), sq("c5")) // Black moves too: the person moves both sides
                val s = c.state.value.snapshot
                assertEquals(listOf("e4", "c5"), s.sanHistory)
                assertFalse(s.onMainLine)
                assertTrue(s.moveList.any { it is MoveListItem.VariationStart }, "${s.moveList}")
                assertEquals("1. e4 e5 (1... c5) 2. Nf3 *", c.movetext(), "the main line is unchanged")
                c.back()
                c.move("e7", "e5") // exists already: gone to, no new node
                val again = c.state.value.snapshot
                assertEquals(s.nodeOf("e5"), again.node)
                assertEquals(s.moveList, again.moveList)
                assertTrue(again.onMainLine)
                assertTrue(again.canGoForward, "Nf3 follows")
            }
        }
    }

    @Test
    fun `navigation - back, forward, start, end, goTo, and a node that does not exist`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                assertFalse(c.state.value.canGoBack)
                c.move("e2", "e4")
                c.move("e7", "e5")
                c.move("g1", "f3")
                c.toStart()
                assertEquals(0u, c.state.value.snapshot.ply)
                assertFalse(c.state.value.canGoBack)
                assertTrue(c.state.value.canGoForward)
                c.forward()
                assertEquals(listOf("e4"), c.state.value.snapshot.sanHistory)
                c.toEnd()
                assertEquals(listOf("e4", "e5", "Nf3"), c.state.value.snapshot.sanHistory)
                assertFalse(c.state.value.canGoForward)
                c.back()
                assertEquals(2u, c.state.value.snapshot.ply)
                val e4 = c.state.value.snapshot.nodeOf("e4")
                c.goTo(e4)
                assertEquals(e4, c.state.value.snapshot.node)
                c.assertRefused(ChessGame().use { coreError { it.goTo(999u) } }) { goTo(999u) }
                assertNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `tree edits - promote a variation, make a main line, delete from a node and from an ancestor`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                c.move("e2", "e4"); c.move("e7", "e5"); c.move("g1", "f3")
                c.back(); c.back()
                c.move("c7", "c5"); c.move("b1", "c3")
                val nc3 = c.state.value.snapshot.node
                c.promoteVariation(c.state.value.snapshot.nodeOf("c5"))
                assertEquals("1. e4 c5 (1... e5 2. Nf3) 2. Nc3 *", c.movetext())
                assertEquals(nc3, c.state.value.snapshot.node, "the board stays where it was")
                assertTrue(c.state.value.snapshot.onMainLine)
                c.makeMainLine(c.state.value.snapshot.nodeOf("Nf3"))
                assertEquals("1. e4 e5 (1... c5 2. Nc3) 2. Nf3 *", c.movetext())

                // Deleting a line the board is not on leaves the board where it is.
                c.goTo(c.state.value.snapshot.nodeOf("Nf3"))
                val nf3 = c.state.value.snapshot
                c.deleteFrom(nc3)
                assertEquals("1. e4 e5 (1... c5) 2. Nf3 *", c.movetext())
                assertEquals(nf3.node, c.state.value.snapshot.node)
                // Deleting from an ancestor of the current node leaves the board on its parent.
                c.deleteFrom(nf3.nodeOf("e5"))
                assertEquals("1. e4 c5 *", c.movetext())
                assertEquals(listOf("e4"), c.state.value.snapshot.sanHistory)

                ChessGame().use { fresh ->
                    c.assertRefused(coreError { fresh.deleteFrom(0u) }) { deleteFrom(0u) }
                    c.assertRefused(coreError { fresh.promoteVariation(999u) }) { promoteVariation(999u) }
                    c.assertRefused(coreError { fresh.makeMainLine(999u) }) { makeMainLine(999u) }
                }
            }
        }
    }

    @Test
    fun `a comment after the current move is set, shown in the move list, saved, and removed by blank text`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.move("e2", "e4")
                c.setComment("The king's pawn")
                val s = c.state.value.snapshot
                assertEquals("The king's pawn", s.annotations.commentAfter)
                assertTrue(MoveListItem.Comment(s.node, 0u, false, "The king's pawn") in s.moveList, "${s.moveList}")
                assertTrue(c.movetext().contains("1. e4 {The king's pawn}"), c.pgn())
                ChessGame.fromJson(f.store.load()!!).use { assertEquals("The king's pawn", it.snapshot().annotations.commentAfter) }
                c.setComment("  ")
                assertNull(c.state.value.snapshot.annotations.commentAfter)
                assertTrue(c.state.value.snapshot.moveList.none { it is MoveListItem.Comment })
            }
        }
    }

    @Test
    fun `NAGs - toggled on the current move one per group, shown in the move list, saved, refused at the start`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                assertFalse(c.state.value.canAnnotateMove)
                c.assertRefused(coreError { ChessGame().use { it.toggleNag(0u, 5u) } }) { toggleNag(5u) }
                c.move("e2", "e4")
                assertTrue(c.state.value.canAnnotateMove)
                val searches = f.engine.started
                c.toggleNag(5u)
                c.toggleNag(16u)
                assertEquals(listOf(5u, 16u), c.state.value.nags)
                c.toggleNag(2u) // `?` replaces `!?`; `±` stays
                assertEquals(listOf(2u, 16u), c.state.value.nags)
                val e4 = c.state.value.snapshot.moveList.filterIsInstance<MoveListItem.Move>().single()
                assertEquals("1. e4?±", moveText(e4))
                assertTrue(c.movetext().contains("1. e4 \$2 \$16"), c.pgn())
                ChessGame.fromJson(f.store.load()!!).use { assertEquals(listOf(2u, 16u), it.snapshot().annotations.nags) }
                c.toggleNag(2u)
                assertEquals(listOf(16u), c.state.value.nags)
                assertEquals(searches, f.engine.started, "annotating starts no search")
                assertTrue(AnalysisUiState.MOVE_NAGS.all { nagText(it).isNotEmpty() })
                assertTrue(AnalysisUiState.POSITION_NAGS.all { nagText(it).isNotEmpty() })
            }
        }
    }

    @Test
    fun `draw mode - taps and drags mark squares and draw arrows on the current node, off moves pieces again`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.move("e2", "e4")
                val e4 = c.state.value.snapshot.node
                val searches = f.engine.started
                c.tapSquare(sq("g8")) // selects Black's knight: not in draw mode yet
                assertEquals(sq("g8"), c.state.value.selected)
                c.setDrawColor(MarkColor.GREEN)
                assertNull(c.state.value.selected, "draw mode drops the selection")
                // What a screen reader hears after each step (the screen announces each change).
                fun said(step: () -> Unit): String? {
                    val before = c.state.value
                    step()
                    return analysisAnnouncement(before, c.state.value)
                }
                // Two taps on two squares: an arrow; two taps on one square: a mark.
                assertEquals("Drawing from g8", said { c.tapSquare(sq("g8")) })
                assertEquals(sq("g8"), c.state.value.markFrom)
                assertEquals("Green arrow from g8 to f6", said { c.tapSquare(sq("f6")) })
                assertNull(c.state.value.markFrom)
                c.tapSquare(sq("d5"))
                assertEquals("Green mark on d5", said { c.tapSquare(sq("d5")) })
                c.dragMove(sq("b8"), sq("c6"))
                assertEquals(listOf(Arrow(MarkColor.GREEN, sq("g8"), sq("f6")), Arrow(MarkColor.GREEN, sq("b8"), sq("c6"))), c.state.value.arrows)
                assertEquals(listOf(SquareMark(MarkColor.GREEN, sq("d5"))), c.state.value.squareMarks)
                // The same again in another colour recolours; in the same colour it goes.
                c.setDrawColor(MarkColor.RED)
                assertEquals("Red arrow from g8 to f6", said { c.dragMove(sq("g8"), sq("f6")) })
                c.dragMove(sq("d5"), sq("d5"))
                c.setDrawColor(MarkColor.GREEN)
                assertEquals("Green arrow from b8 to c6 removed", said { c.dragMove(sq("b8"), sq("c6")) })
                assertEquals(listOf(Arrow(MarkColor.RED, sq("g8"), sq("f6"))), c.state.value.arrows)
                assertEquals(listOf(SquareMark(MarkColor.RED, sq("d5"))), c.state.value.squareMarks)
                assertTrue(c.movetext().contains("1. e4 {[%csl Rd5] [%cal Rg8f6]}"), c.pgn())
                assertEquals(1u, c.state.value.snapshot.ply, "drawing moved no piece")
                assertEquals(searches, f.engine.started, "drawing starts no search")
                // The marks belong to the node: gone from the board at another node, back with it.
                c.back()
                assertTrue(c.state.value.arrows.isEmpty() && c.state.value.squareMarks.isEmpty())
                c.tapSquare(sq("a1")) // a half-drawn arrow is dropped when the node changes
                c.forward()
                assertNull(c.state.value.markFrom)
                assertEquals(1, c.state.value.arrows.size)
                ChessGame.fromJson(f.store.load()!!).use { assertEquals(1, it.annotations(e4).arrows.size) }
                c.dragMove(sq("h7"), sq("h7"))
                assertEquals("All marks removed", said { c.clearMarks() })
                assertTrue(c.state.value.arrows.isEmpty() && c.state.value.squareMarks.isEmpty())
                // Off: taps move pieces again.
                c.setDrawColor(null)
                c.move("e7", "e5")
                assertEquals(2u, c.state.value.snapshot.ply)
            }
        }
    }

    @Test
    fun `the opening book - the current position's moves into named openings, played from the list, none out of the book`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                val start = c.state.value.bookMoves
                assertEquals(ChessGame().use { it.bookMoves() }, start, "the core's, as it gives them")
                assertEquals("e4", start.first().legalMove.san)
                c.playBookMove(start.first())
                val after = c.state.value
                assertEquals(listOf("e4"), after.snapshot.sanHistory)
                assertEquals("King's Pawn Game", after.snapshot.opening?.name)
                assertTrue(after.bookMoves.any { it.legalMove.san == "c5" && it.opening.family.startsWith("Sicilian") }, "${after.bookMoves}")
                c.setComment("annotated") // the position is the same: the book is not looked up again
                assertSame(after.bookMoves, c.state.value.bookMoves)
                c.back() // navigation: the start's book again
                assertEquals(start, c.state.value.bookMoves)
                c.forward()
                assertEquals(after.bookMoves, c.state.value.bookMoves)
                c.loadFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
                assertTrue(c.state.value.bookMoves.isEmpty())
            }
        }
    }

    @Test
    fun `my games - the explorer of the archive's games lists their moves from each position, with results, and plays them`() {
        onMain {
            val archive = InMemoryGameArchive()
            // Kept out of the ids' order (the archive lists them as kept): the explorer reads
            // them by id, so "a"'s e5 comes before "b"'s c5 below.
            archive.put("b", "[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n")
            archive.put("a", "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n")
            archive.put("c", "[Result \"0-1\"]\n\n1. d4 d5 0-1\n")
            archive.put("d", "not a game at all {")
            val f = AnalysisFixture(this)
            openingExplorerOf(archive).use { explorer ->
                f.controller.use { c ->
                    assertEquals(0, c.state.value.explorerGames, "no explorer: no section")
                    assertTrue(c.state.value.explorerMoves.isEmpty())
                    c.setExplorer(explorer)
                    assertEquals(3, c.state.value.explorerGames, "the unreadable file left out")
                    val start = c.state.value.explorerMoves
                    assertEquals(listOf("e4", "d4"), start.map { it.legalMove.san }, "the most played first")
                    assertEquals(listOf(2u, 1u, 0u, 1u), start[0].let { listOf(it.games, it.whiteWins, it.blackWins, it.draws) })
                    assertEquals("e4 · 2 games · 50 / 50 / 0 %", explorerMoveText(start[0]))
                    assertEquals("d4, 1 game: White won 0 %, 0 % drawn, Black won 100 %", spokenExplorerMove(start[1]))
                    c.playExplorerMove(start[0])
                    assertEquals(listOf("e4"), c.state.value.snapshot.sanHistory)
                    // One game each: in the order the explorer met them (by the games' ids).
                    assertEquals(listOf("e5", "c5"), c.state.value.explorerMoves.map { it.legalMove.san })
                    c.playExplorerMove(c.state.value.explorerMoves[0])
                    assertEquals(listOf("Nf3"), c.state.value.explorerMoves.map { it.legalMove.san })
                    c.move("b1", "c3") // out of the games' moves: none from here
                    assertTrue(c.state.value.explorerMoves.isEmpty())
                    c.toStart() // navigation looks them up again
                    assertEquals(start, c.state.value.explorerMoves)
                    c.setExplorer(null)
                    assertEquals(0, c.state.value.explorerGames)
                    assertTrue(c.state.value.explorerMoves.isEmpty())
                }
            }
        }
    }

    @Test
    fun `coach - hanging pieces at once, then the threat and the refutation, for each position, saved, off clears`() {
        onMain {
            val store = InMemoryGameStore()
            val f = AnalysisFixture(this, store, pgn = "1. e4 e5 2. Qh5 Nc6 3. Bc4 *")
            f.controller.use { c ->
                assertFalse(c.state.value.coachOn)
                assertNull(f.coachEngine, "no coach engine until the coach is on")
                c.setCoach(true)
                // Black to move: White threatens mate on f7.
                val threatened = c.awaitState("the coach's findings") { !it.coachRunning && it.coaching != null }
                assertEquals(threatened.snapshot.positionKey, assertNotNull(threatened.coaching).positionKey)
                val threat = assertNotNull(threatened.threat)
                assertEquals("Qxf7#", threat.lineSan.first())
                assertEquals("Threat: Qxf7# (${threat.lineSan.drop(1).joinToString(" ")})".removeSuffix(" ()"), threatText(threat))
                assertEquals(
                    "Threat: queen takes f7, checkmate" + threat.lineSan.drop(1).let { if (it.isEmpty()) "" else ", then ${spokenLine(it)}" },
                    spokenThreat(threat),
                )
                assertNull(threatened.refutation, "3. Bc4 was no mistake")
                ChessGame.fromPgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 *").use { assertEquals(it.hangingPieces(), threatened.hanging) }
                // A blunder: the coach says what refutes it, for the new position only.
                c.move("g8", "f6")
                assertNull(c.state.value.coaching, "the last position's findings go at once")
                val after = c.awaitState("the findings after Nf6") { !it.coachRunning && it.coaching != null }
                val refutation = assertNotNull(after.refutation)
                assertEquals("Nf6", refutation.san)
                assertEquals(MoveClass.BLUNDER, refutation.classification)
                assertEquals("Qxf7#", refutation.lineSan.first())
                assertTrue(refutationText(refutation).startsWith("Nf6?? allows Qxf7#. Better: "), refutationText(refutation))
                assertEquals(
                    "knight to f6, blunder, allows ${spokenLine(refutation.lineSan)}. Better: ${spokenSan(refutation.betterSan)}",
                    spokenRefutation(refutation),
                )
                assertTrue(spokenRefutation(refutation).startsWith("knight to f6, blunder, allows queen takes f7, checkmate"))
                // A hanging piece shows at once, before the coach's searches end.
                c.loadFen("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1")
                val hanging = c.state.value.hanging
                assertEquals(listOf(sq("d5")), hanging.map { it.square }, "the knight on d5 hangs")
                assertTrue(hanging.single().loss > 0)
                c.awaitState("the findings of the FEN") { !it.coachRunning }
                // The setting is saved; off clears everything.
                assertEquals("true", store.loadSettings()["coach"])
                c.setCoach(false)
                val off = c.state.value
                assertTrue(off.hanging.isEmpty() && off.coaching == null && !off.coachRunning)
                assertEquals("false", store.loadSettings()["coach"])
            }
        }
    }

    @Test
    fun `coach - paused while the app is away, a report of an abandoned search is never shown`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.setCoach(true)
                c.move("e2", "e4") // supersedes the first search at once
                c.pause()
                assertFalse(c.state.value.coachRunning)
                assertNull(c.state.value.coaching)
                yield()
                c.resume()
                val s = c.awaitState("the findings after resume") { !it.coachRunning && it.coaching != null }
                assertEquals(s.snapshot.positionKey, s.coaching?.positionKey)
            }
        }
    }

    @Test
    fun `analysis - up to multiPv lines, ordered, from the current position, restarted after each move`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                assertTrue(c.state.value.analysing, "analysis is on by default")
                assertEquals(3, c.state.value.multiPv)
                assertTrue(c.state.value.engineRunning)
                assertEquals(3u, f.engine.lastLimits?.multiPv)
                assertEquals(5u, f.engine.lastLimits?.depth)
                val start = c.awaitLines("the start position's lines")
                assertEquals(3, start.lines.size)
                assertTrue(start.lines.all { it.depth == 5 }, "the lines stay with their final depth: ${start.lines}")
                assertLinesFromPosition(start)
                assertEquals(start.lines.first().move, start.bestMove)
                // The eval bar: White's win chance in the best line, the core's.
                assertEquals(start.lines.first().whiteWin, start.whiteWin)
                // A report replaces the line of its number, and the lines stay in order. (The
                // engine's last report was line 3's; one more of line 1 stands in for a deeper depth.)
                val h3 = start.snapshot.legalMoves.first { it.san == "h3" }
                f.engine.listeners.single().onInfo(report(start.snapshot.positionKey, h3, depth = 6u, multipv = 1u, whiteWin = 41.5))
                yield()
                val replaced = c.state.value.lines
                assertEquals(listOf(1, 2, 3), replaced.map { it.multipv })
                assertEquals(listOf("h3"), replaced.first().pvSan)
                assertEquals(h3, c.state.value.bestMove)
                assertEquals(41.5, c.state.value.whiteWin, "the bar follows line 1, as the core reported it")
                assertEquals(start.lines.drop(1), replaced.drop(1))
                // Another line's report does not move the bar.
                f.engine.listeners.single().onInfo(report(start.snapshot.positionKey, h3, depth = 6u, multipv = 2u, whiteWin = 90.0))
                yield()
                assertEquals(41.5, c.state.value.whiteWin)

                c.move("e2", "e4")
                assertTrue(c.state.value.lines.isEmpty(), "the old position's lines are gone at once")
                assertNull(c.state.value.whiteWin, "and the bar's value with them")
                assertEquals(2, f.engine.started)
                val e4 = c.awaitLines("the lines after e4")
                assertEquals(Side.BLACK, e4.snapshot.sideToMove)
                assertEquals(3, e4.lines.size)
                assertLinesFromPosition(e4)

                c.back() // navigation restarts it too
                assertEquals(3, f.engine.started)
                assertLinesFromPosition(c.awaitLines("the start position's lines again"))
                c.flipBoard() // no new position, no new search
                c.setComment("start")
                assertEquals(3, f.engine.started)
            }
        }
    }

    @Test
    fun `reports about another position or of an abandoned search are never shown`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.awaitLines("the first search's lines")
                val stale = f.engine.listeners.single()
                c.move("e2", "e4")
                c.back() // the same position as the first search, analysed by a third search
                c.awaitLines("the third search's lines")
                val shown = c.state.value.lines
                // A late report of the first search, for the current position's key: its token is stale.
                val key = c.state.value.snapshot.positionKey
                val e4 = c.state.value.snapshot.legalMoves.first { it.san == "e4" }
                stale.onInfo(report(key, e4, depth = 99u, multipv = 1u))
                yield()
                yield()
                assertEquals(shown, c.state.value.lines, "the abandoned search's report is ignored")

                // Reports with another position's key (a search that would be about another node).
                f.engine.tamperInfo = { it.copy(positionKey = it.positionKey xor 1uL) }
                c.move("d2", "d4")
                val d4 = c.state.value.snapshot.positionKey
                while (f.engine.nextResult().positionKey != d4) Unit // d4's search, handed to the main thread...
                yield() // ...and handled there before this line runs
                assertFalse(c.state.value.engineRunning)
                assertTrue(c.state.value.lines.isEmpty(), "${c.state.value.lines}")
                assertNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `switching the analysis off stops the search and clears the lines, on starts it again`() {
        onMain {
            val f = AnalysisFixture(this, limits = INFINITE)
            f.controller.use { c ->
                c.awaitState("a line") { it.lines.isNotEmpty() }
                eventually("the engine searching") { f.engine.isSearching() }
                assertNotNull(c.state.value.whiteWin, "an eval bar while analysing")
                c.setAnalysing(false)
                val off = c.state.value
                assertFalse(off.analysing)
                assertFalse(off.engineRunning)
                assertTrue(off.lines.isEmpty())
                assertNull(off.whiteWin, "no eval bar while analysis is off")
                assertTrue(f.engine.nextResult().stopped, "the search was stopped")
                yield()
                assertTrue(c.state.value.lines.isEmpty(), "no report of the stopped search came through")
                c.move("e2", "e4") // no analysis while it is off
                assertEquals(1, f.engine.started)
                assertFalse(c.state.value.engineRunning)
                c.setAnalysing(true)
                assertTrue(c.state.value.engineRunning)
                assertEquals(2, f.engine.started)
                c.setAnalysing(true) // on already and running: nothing new
                assertEquals(2, f.engine.started)
                assertLinesFromPosition(c.awaitState("a line after e4") { it.lines.isNotEmpty() })
            }
        }
    }

    @Test
    fun `analysis switched on again after its search ended by its limits starts a new one`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.awaitLines("the lines")
                c.setAnalysing(true)
                assertEquals(2, f.engine.started)
                assertTrue(c.state.value.engineRunning)
                c.awaitLines("the lines again")
            }
        }
    }

    @Test
    fun `the number of lines is clamped to 1 to 5 and never more than the legal moves`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.setMultiPv(9)
                assertEquals(5, c.state.value.multiPv)
                assertEquals(5u, f.engine.lastLimits?.multiPv)
                assertEquals(5, c.awaitLines("five lines").lines.size)
                c.setMultiPv(0)
                assertEquals(1, c.state.value.multiPv)
                assertTrue(c.state.value.lines.isEmpty(), "restarted: the five lines are gone")
                assertEquals(1, c.awaitLines("one line").lines.size)
                val started = f.engine.started
                c.setMultiPv(-3) // still 1: no restart
                assertEquals(started, f.engine.started)
                c.setMultiPv(5)
                c.loadFen(THREE_MOVES_FEN)
                val s = c.awaitLines("the lines of a position with three moves")
                assertEquals(3, s.lines.size)
                assertLinesFromPosition(s)
            }
        }
    }

    @Test
    fun `a checkmate gives no lines and no message, and the core refuses a move there`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.move("f2", "f3"); c.move("e7", "e5"); c.move("g2", "g4")
                val started = f.engine.started
                c.move("d8", "h4")
                val s = c.state.value
                assertEquals(GameStatus.Ended(Outcome.Checkmate(Side.BLACK)), s.snapshot.status)
                assertEquals("Checkmate — Black wins", s.statusText)
                assertTrue(s.lines.isEmpty())
                assertFalse(s.engineRunning)
                assertNull(s.message)
                assertEquals(started, f.engine.started, "neither think nor thinkFen searched")
                c.setAnalysing(true)
                assertNull(c.state.value.message)
                // A move at the mate is the core's to refuse, with its message.
                c.tapSquare(sq("e1"))
                assertEquals(sq("e1"), c.state.value.selected)
                assertTrue(c.state.value.targets.isEmpty())
                val refusal = ChessGame.fromFen(s.snapshot.fen).use { mate -> coreError { mate.play(sq("e1"), sq("f2"), null) } }
                c.assertRefused(refusal) { tapSquare(sq("f2")) }
                assertNull(c.state.value.selected)
                c.back() // step back to play a variation
                c.move("d8", "g5")
                assertEquals(GameStatus.Ongoing(null), c.state.value.snapshot.status)
                assertTrue(c.state.value.snapshot.moveList.any { it is MoveListItem.VariationStart })
            }
        }
    }

    @Test
    fun `at an ended Chess960 node a castling line's first move is the engine's castling`() {
        // A Chess960 game whose castling field reads as standard chess (king e1, rook h1: "K"),
        // resigned by Black where both O-O and Rf1 mate: thinkFen reads the field as fromFen
        // does, so its castling is e1g1; a Chess960 reading would say e1h1.
        val resigned = ChessGame.fromChess960Fen("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1").use {
            it.resign(Side.BLACK)
            it.toJson()
        }
        onMain {
            val f = AnalysisFixture(this, InMemoryGameStore(resigned))
            f.controller.use { c ->
                val s = c.state.value.snapshot
                assertTrue(s.chess960)
                assertTrue(s.legalMoves.isEmpty(), "no legal moves where the game ended")
                val lines = c.awaitLines("the resigned position's lines")
                val castling = lines.lines.firstOrNull { it.pvSan.firstOrNull()?.startsWith("O-O") == true }
                assertNotNull(castling, "O-O mates: ${lines.lines.map { it.pvSan }}")
                assertEquals("M1", castling.scoreText)
                val move = castling.move
                assertNotNull(move, "the line's first move is found")
                assertTrue(move.isCastle)
                assertEquals("e1g1", move.uci, "the engine's castling, as thinkFen reads the FEN")
            }
        }
    }

    @Test
    fun `a node ended by resignation or a PGN result still gets lines, searched from its FEN`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.loadPgn("1. e4 e5 2. Nf3 1-0")
                val s = c.state.value.snapshot
                assertEquals(GameStatus.Ended(Outcome.Resignation(Side.WHITE)), s.status)
                assertTrue(s.legalMoves.isEmpty(), "the core gives no moves after the ending")
                assertTrue(c.state.value.engineRunning)
                assertEquals(1, f.engine.fenStarted, "think refused the game as over, thinkFen searched")
                val lines = c.awaitLines("the resigned position's lines")
                assertEquals(3, lines.lines.size)
                assertNull(lines.message)
                val legal = ChessGame.fromFen(s.fen).use { it.legalMoves() }
                assertLinesFromPosition(lines, legal)
                assertTrue(lines.lines.all { s.pieceAt(it.move!!.from)?.side == Side.BLACK }, "Black's moves: ${lines.lines}")

                // The core refuses a move at the ending, with its message; a step back allows a variation.
                c.dragMove(sq("b8"), sq("c6"))
                assertNotNull(c.state.value.message)
                assertEquals(s, c.state.value.snapshot)
                c.back()
                c.move("g1", "f3") // the game's Nf3 again: gone to, still ended
                assertEquals(s.node, c.state.value.snapshot.node)
                c.back()
                c.move("b1", "c3")
                assertEquals(GameStatus.Ongoing(null), c.state.value.snapshot.status)
            }
        }
    }

    @Test
    fun `loadPgn keeps variations and comments, goes to the main line's end, and says how many games were left out`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                c.move("e2", "e4")
                assertTrue(c.loadPgn(TWO_GAMES_PGN), "the board took the first game")
                val s = c.state.value
                assertEquals(listOf("e4", "e5", "Nf3", "Nc6"), s.snapshot.sanHistory)
                assertTrue(s.snapshot.onMainLine)
                assertFalse(s.canGoForward, "at the main line's end")
                assertTrue(s.snapshot.moveList.any { it is MoveListItem.VariationStart })
                assertTrue(s.snapshot.moveList.any { it is MoveListItem.Comment && it.text == "Best" })
                assertEquals("Loaded the first game; 1 more game in the text was left out.", s.message)
                assertEquals(gamesLeftOutText(1), s.message)
                assertEquals("1. e4 {Best} 1... e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *", c.movetext())
                ChessGame.fromJson(f.store.load()!!).use { assertEquals(s.snapshot.moveList, it.snapshot().moveList) }
                assertLinesFromPosition(c.awaitLines("the loaded position's lines"))
                // A move off its main line is a variation there too.
                c.back()
                c.move("f8", "c5")
                assertFalse(c.state.value.snapshot.onMainLine)
            }
        }
    }

    @Test
    fun `a PGN of several games lists them and opens the one chosen, bad games apart`() {
        onMain {
            val f = AnalysisFixture(this)
            f.controller.use { c ->
                val text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2026.11.20\"]\n[Result \"1-0\"]\n\n" +
                    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n" +
                    "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n\n" + // not a legal game
                    "[White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2\n"
                val live = liveObjectCount()
                val list = pgnGameList(text)
                assertEquals(live, liveObjectCount(), "every game read for the list is freed")
                assertEquals(1, list.unreadable)
                assertNull(list.problem, "games to choose from")
                assertTrue(list.firstError!!.contains("Ke3"), list.firstError)
                // A text with no readable game says why without being read again.
                assertEquals(NO_GAME_FOUND, pgnGameList("  \n").problem)
                assertTrue(pgnGameList("just some words").problem!!.contains("line 1, column 1"))
                val bad = pgnGameList("[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n")
                assertTrue(bad.games.isEmpty() && bad.problem == bad.firstError && "Ke3" in bad.problem!!, bad.problem)
                assertEquals(
                    listOf(
                        PgnGameChoice(0, "Ann", "Bob", "Club", "2026.11.20", "1-0", 7, list.games[0].pgn),
                        PgnGameChoice(1, "Cy", "Di", null, null, "1/2-1/2", 2, list.games[1].pgn),
                    ),
                    list.games,
                )
                // Each game's own text as the file has it (not written again), without the blank lines around.
                assertTrue(text.startsWith(list.games[0].pgn) && list.games[0].pgn.endsWith("4. Qxf7# 1-0"), list.games[0].pgn)
                assertEquals("[White \"Cy\"]\n[Black \"Di\"]\n[Event \"  \"]\n\n1. d4 {Solid} d5 (1... Nf6) 1/2-1/2", list.games[1].pgn)
                c.move("e2", "e4")
                assertTrue(c.loadPgn(list.games[1].pgn))
                assertEquals(listOf("d4", "d5"), c.state.value.snapshot.sanHistory)
                assertTrue(c.state.value.snapshot.moveList.any { it is MoveListItem.Comment && it.text == "Solid" }, "comments kept")
                assertTrue(c.state.value.snapshot.moveList.any { it is MoveListItem.VariationStart }, "variations kept")
                assertNull(c.state.value.message, "one game: nothing left out to report")
                ChessGame.fromJson(f.store.load()!!).use { assertEquals(listOf("d4", "d5"), it.snapshot().sanHistory) }
                assertTrue(c.loadPgn(list.games[0].pgn))
                assertEquals("Qxf7#", c.state.value.snapshot.sanHistory.last())
            }
        }
    }

    @Test
    fun `a PGN file is read as UTF-8, or as Windows-1252 when it is not UTF-8`() {
        val game = "[White \"Réti, Richard\"]\n[Black \"Nimzowitsch, Aron\"]\n\n1. Nf3 d5 *\n"
        assertEquals(game, pgnText(game.toByteArray(Charsets.UTF_8)))
        // The same text as an older Windows tool writes it: é is the single byte 0xE9.
        val latin1 = game.toByteArray(Charsets.ISO_8859_1)
        assertTrue(latin1.size == game.length, "one byte a character")
        assertEquals(game, pgnText(latin1))
        assertEquals("Réti, Richard", pgnGameList(pgnText(latin1)).games.single().white)
        // Windows-1252's curly quotes (0x93, 0x94), where Latin-1 has control characters.
        val quoted = "1. e4 {".toByteArray() + byteArrayOf(0x93.toByte()) + "best".toByteArray() +
            byteArrayOf(0x94.toByte()) + "} *".toByteArray()
        assertEquals("1. e4 {\u201Cbest\u201D} *", pgnText(quoted))
        // A byte-order mark is left to the core, which reads past it.
        val bom = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte()) + game.toByteArray(Charsets.UTF_8)
        assertEquals("\uFEFF" + game, pgnText(bom))
        assertEquals("Nimzowitsch, Aron", pgnGameList(pgnText(bom)).games.single().black)
        assertEquals("", pgnText(ByteArray(0)))
    }

    @Test
    fun `loadPgn without a readable game leaves the board and says why`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                c.move("e2", "e4")
                val bad = "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"
                val located = readPgn(bad).skipped.single().message
                assertTrue(located.contains("Ke3"), located)
                c.assertRefused(located) { assertFalse(loadPgn(bad)) }
                assertEquals("No game found", NO_GAME_FOUND)
                c.assertRefused(NO_GAME_FOUND) { assertFalse(loadPgn("   \n")) }
                // A bad game before a good one: the good one is opened and the bad one counted.
                c.loadPgn(bad + "\n[Event \"c\"]\n\n1. d4 *\n")
                assertEquals(listOf("d4"), c.state.value.snapshot.sanHistory)
                assertEquals(gamesLeftOutText(1), c.state.value.message)
            }
        }
    }

    @Test
    fun `loadListed opens what loadPgn of the whole text opens, with the same message`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                val bad = "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"
                val texts = listOf(
                    bad + "\n[Event \"c\"]\n\n1. d4 *\n", // one readable game among bad ones
                    TWO_GAMES_PGN + "\n" + bad, // several, and a bad one
                    "1. c4 e5 *", // one
                    bad, // none readable
                    "   \n", // none at all
                )
                for (text in texts) {
                    c.newBoard()
                    c.dismissMessage()
                    val took = c.loadPgn(text)
                    val expected = Triple(took, c.state.value.message, c.pgn())
                    c.newBoard()
                    c.dismissMessage()
                    val list = pgnGameList(text)
                    assertEquals(expected, Triple(c.loadListed(list), c.state.value.message, c.pgn()), text)
                }
                assertEquals(gamesLeftOutText(1), c.also { it.loadListed(pgnGameList(texts[0])) }.state.value.message)
                assertEquals(listOf("d4"), c.state.value.snapshot.sanHistory)
            }
        }
    }

    @Test
    fun `loadFen makes a new tree, a bad FEN shows the core's message and leaves the tree, newBoard starts over`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                c.loadPgn(TWO_GAMES_PGN)
                c.back()
                for (bad in listOf("8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "")) {
                    c.assertRefused(coreError { ChessGame.fromFen(bad) }) { assertFalse(loadFen(bad)) } // the tree and node stay
                }
                assertTrue(c.loadFen(" $THREE_MOVES_FEN "))
                assertEquals(THREE_MOVES_FEN, c.state.value.snapshot.fen)
                assertEquals(THREE_MOVES_FEN, c.fen())
                assertTrue(c.state.value.snapshot.moveList.isEmpty())
                assertNull(c.state.value.message)
                c.newBoard()
                assertEquals(ChessGame().use { it.fen() }, c.state.value.snapshot.fen)
                assertTrue(c.state.value.snapshot.moveList.isEmpty())
                // A pasted FEN with a stray en passant square: loaded without it, and said so.
                assertTrue(c.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"))
                assertEquals(ChessGame().use { it.fen() }, c.state.value.snapshot.fen)
                assertTrue(c.state.value.message!!.contains("dropped the en passant square"), c.state.value.message)
            }
        }
    }

    @Test
    fun `a second controller on the same store restores the node, the tree and the settings`() {
        onMain {
            val store = InMemoryGameStore()
            val first = AnalysisFixture(this, store).controller
            first.move("e2", "e4"); first.move("e7", "e5"); first.move("g1", "f3")
            first.back(); first.back()
            first.move("c7", "c5")
            first.setComment("Sicilian")
            first.setMultiPv(2)
            first.setAnalysing(false)
            first.flipBoard()
            val before = first.state.value
            first.close() // the process dies; only the store survives
            val f = AnalysisFixture(this, store)
            f.controller.use { second ->
                val s = second.state.value
                assertEquals(before.snapshot, s.snapshot)
                assertEquals(2, s.multiPv)
                assertFalse(s.analysing)
                assertEquals(Side.BLACK, s.orientation)
                assertNull(s.message)
                assertEquals(0, f.engine.started, "analysis is off")
                second.back()
                second.move("d7", "d5") // still an analysis board: a third reply to e4
                assertEquals(2, second.state.value.snapshot.moveList.count { it is MoveListItem.VariationStart })
            }
            // Opening with a PGN replaces what was stored; the settings stay.
            AnalysisFixture(this, store, pgn = "1. d4 d5 *").controller.use { third ->
                assertEquals(listOf("d4", "d5"), third.state.value.snapshot.sanHistory)
                assertEquals(2, third.state.value.multiPv)
                ChessGame.fromJson(store.load()!!).use { assertEquals(listOf("d4", "d5"), it.snapshot().sanHistory) }
            }
            // At a ply of its main line (the game screen's position after a take-back); a ply
            // beyond its end leaves the board at the end.
            AnalysisFixture(this, store, pgn = "1. e4 e5 2. Nf3 Nc6 *", ply = 2u).controller.use { at ->
                assertEquals(listOf("e4", "e5"), at.state.value.snapshot.sanHistory)
                assertTrue(at.state.value.canGoForward, "Nf3 Nc6 still ahead on the main line")
                ChessGame.fromJson(store.load()!!).use { assertEquals(2u, it.snapshot().ply) }
            }
            AnalysisFixture(this, store, pgn = "1. d4 d5 *", ply = 7u).controller.use { beyond ->
                assertEquals(listOf("d4", "d5"), beyond.state.value.snapshot.sanHistory)
                assertNull(beyond.state.value.message)
            }
            // A PGN without a game: the stored board, and the reason.
            AnalysisFixture(this, store, pgn = "1. e4 e5 2. Ke3 *").controller.use { fourth ->
                assertEquals(listOf("d4", "d5"), fourth.state.value.snapshot.sanHistory)
                assertTrue(fourth.state.value.message!!.contains("Ke3"), fourth.state.value.message)
            }
        }
    }

    @Test
    fun `a board going away does not save over a board opened since on the same store`() {
        onMain {
            val store = InMemoryGameStore()
            AnalysisFixture(this, store, limits = SearchLimits(depth = 1u)).controller.use { old ->
                old.move("e2", "e4")
                // A file opened from another app: its board is made before the old one goes.
                AnalysisFixture(this, store, pgn = "1. d4 d5 *", limits = SearchLimits(depth = 1u)).controller.use { opened ->
                    old.pause()
                    ChessGame.fromJson(store.load()!!).use { assertEquals(listOf("d4", "d5"), it.snapshot().sanHistory) }
                    // The board still in use saves as before.
                    opened.move("c2", "c4")
                    opened.pause()
                    ChessGame.fromJson(store.load()!!).use { assertEquals(listOf("d4", "d5", "c4"), it.snapshot().sanHistory) }
                }
            }
        }
    }

    @Test
    fun `a damaged save starts a new board and says so`() {
        onMain {
            val store = InMemoryGameStore("{\"not\": \"a game\"}")
            AnalysisFixture(this, store).controller.use { c ->
                assertEquals(0u, c.state.value.snapshot.ply)
                assertTrue(c.state.value.message!!.startsWith("The saved analysis could not be restored: "), c.state.value.message)
                assertTrue(c.state.value.message!!.endsWith("It is kept aside."), c.state.value.message)
                ChessGame.fromJson(store.load()!!).use { assertEquals(0u, it.snapshot().ply) }
                assertEquals("{\"not\": \"a game\"}", store.setAsideJson)
            }
        }
    }

    @Test
    fun `pause stops the analysis, no search starts while paused, resume starts it over`() {
        onMain {
            val f = AnalysisFixture(this, limits = INFINITE)
            f.controller.use { c ->
                eventually("the engine searching") { f.engine.isSearching() }
                c.pause()
                assertFalse(c.state.value.engineRunning)
                assertTrue(f.engine.nextResult().stopped, "the search was stopped")
                c.move("e2", "e4")
                c.setMultiPv(4)
                assertEquals(1, f.engine.started, "no search in the background")
                assertFalse(c.state.value.engineRunning)
                c.resume()
                assertEquals(2, f.engine.started)
                assertTrue(c.state.value.engineRunning)
                assertEquals(4u, f.engine.lastLimits?.multiPv)
                c.resume() // a second resume does not start a second search
                assertEquals(2, f.engine.started)
                assertLinesFromPosition(c.awaitState("a line after resume") { it.lines.isNotEmpty() })
            }
        }
    }

    @Test
    fun `the engine never blocks taps`() {
        onMain {
            val f = AnalysisFixture(this, limits = INFINITE)
            f.controller.use { c ->
                eventually("the engine searching") { f.engine.isSearching() }
                assertTrue(c.state.value.engineRunning)
                c.move("e2", "e4")
                c.dragMove(sq("e7"), sq("e5"))
                assertEquals(listOf("e4", "e5"), c.state.value.snapshot.sanHistory)
                assertTrue(c.state.value.engineRunning, "the analysis of the new position runs")
                assertEquals(3, f.engine.started)
            }
        }
    }

    @Test
    fun `a failed search shows its error, a stopped one does not`() {
        onMain {
            val store = InMemoryGameStore().apply { saveSettings(mapOf("analysing" to "false")) }
            val f = AnalysisFixture(this, store)
            f.controller.use { c ->
                assertEquals(0, f.engine.started)
                f.engine.tamper = { it.copy(error = "the search failed (a bug in chesscore): test") }
                c.setAnalysing(true)
                f.engine.nextResult()
                yield()
                assertEquals("The engine failed: the search failed (a bug in chesscore): test", c.state.value.message)
                assertFalse(c.state.value.engineRunning)
                c.dismissMessage()
                c.move("e2", "e4") // this search is stopped at once: its (failed) result is ignored
                c.setAnalysing(false)
                f.engine.nextResult()
                yield()
                assertNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `promotion - the picker through MoveInput, cancel keeps the pawn selected, two pieces make two lines`() {
        onMain {
            AnalysisFixture(this).controller.use { c ->
                c.loadFen(PAWN_TO_PROMOTE_FEN)
                val before = c.state.value.snapshot
                c.tapSquare(sq("a7"))
                assertEquals(setOf(sq("a8")), c.state.value.targets, "four promotions, one target")
                c.tapSquare(sq("a8"))
                val pending = assertNotNull(c.state.value.pendingPromotion)
                assertEquals(PendingPromotion(sq("a7"), sq("a8"), pending.choices), pending)
                assertEquals(setOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), pending.choices.toSet())
                assertEquals(before, c.state.value.snapshot, "nothing played while the picker shows")
                c.tapSquare(sq("h2")) // ignored while the picker shows
                assertNotNull(c.state.value.pendingPromotion)
                c.cancelPromotion()
                assertNull(c.state.value.pendingPromotion)
                assertEquals(sq("a7"), c.state.value.selected, "the pawn stays selected")
                c.tapSquare(sq("a8"))
                c.choosePromotion(PieceKind.KING) // not a choice: ignored
                assertNotNull(c.state.value.pendingPromotion)
                c.choosePromotion(PieceKind.KNIGHT)
                assertNull(c.state.value.pendingPromotion)
                assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), c.state.value.snapshot.pieceAt(sq("a8")))
                c.back()
                c.dragMove(sq("a7"), sq("a8"))
                c.choosePromotion(PieceKind.QUEEN)
                assertEquals(listOf("a8=Q+"), c.state.value.snapshot.sanHistory)
                assertEquals("1. a8=N (1. a8=Q+) 1/2-1/2", c.movetext(), "K+N v K: the main line ends drawn")
            }
        }
    }

    @Test
    fun `no leaked Rust objects after closing, even mid-search`() {
        onMain {
            val baseline = liveObjectCount()
            val f = AnalysisFixture(this, limits = INFINITE)
            eventually("the engine searching") { f.engine.isSearching() }
            assertTrue(liveObjectCount() >= baseline + 3u, "game, engine and search handle alive")
            f.controller.setCoach(true) // the coach's engine and search too
            assertTrue(f.controller.state.value.coachRunning)
            assertTrue(liveObjectCount() >= baseline + 5u, "and the coach's engine and handle")
            val (pgn, fen) = f.controller.pgn() to f.controller.fen()
            f.controller.close()
            assertEquals(baseline, liveObjectCount())
            // A share that comes after the close still gets the board's text, as on iOS.
            assertEquals(pgn to fen, f.controller.pgn() to f.controller.fen())
            val closed = f.controller.state.value
            assertFalse(closed.engineRunning || closed.coachRunning, "no spinner after close")
            f.controller.tapSquare(sq("e2")) // ignored after close, no crash
            assertFalse(f.controller.loadPgn("1. e4 *"), "a closed board takes no game")
            assertFalse(f.controller.loadFen(THREE_MOVES_FEN), "nor a position")
            f.controller.dismissMessage()
            f.controller.setMultiPv(1)
            f.controller.flipBoard()
            f.controller.setCoach(false)
            f.controller.toggleNag(1u)
            f.controller.setDrawColor(MarkColor.RED)
            f.controller.clearMarks()
            assertEquals(closed, f.controller.state.value, "every intent ignored after close")
        }
    }
}
