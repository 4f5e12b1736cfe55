package dev.chesscore.tests

import dev.chesscore.*
import dev.chesscore.ktx.bestMove
import kotlin.test.*
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test

/** The moves alone: no variations, comments, NAGs, clock times, evaluations or marks. */
private val MOVES_ONLY = PgnExportOptions(
    variations = false, comments = false, nags = false, clocks = false, evals = false, marks = false,
)

/** `parseMoves`, a search of some moves, `pgnWith`, `removeTag`, `lineTo` and a list's tags, from Kotlin. */
class ConvenienceTest {
    @Test
    fun `parseMoves reads a UCI line as SAN and names a bad move's place`() {
        val line = parseMoves(startingFen(), listOf("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"))
        assertEquals(listOf("e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"), line.map { it.san })
        assertEquals(listOf("e2e4", "d7d5"), parseMoves(startingFen(), listOf("e4", "d5")).map { it.uci })
        val e = assertFailsWith<ChessException.IllegalMove> { parseMoves(startingFen(), listOf("e4", "e4")) }
        assertTrue(e.message!!.startsWith("move 2 of the line"), e.message)
        assertFailsWith<ChessException.InvalidFen> { parseMoves("no fen", listOf("e4")) }
    }

    @Test
    fun `a search of the move a player considers, and a mate search`() {
        ChessEngine(EngineConfig(hashMb = 4u, seed = 7uL, variety = false)).use { engine ->
            // A free queen for the knight; asked about the king's move only, the engine answers for it.
            ChessGame.fromFen("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1").use { game ->
                val free = runBlocking { engine.bestMove(game, SearchLimits(depth = 5u)) }
                val considered = runBlocking { engine.bestMove(game, SearchLimits(depth = 5u, searchMoves = listOf("Kf2"))) }
                assertEquals("Nxd5", free.bestMove.san)
                assertEquals("Kf2", considered.bestMove.san)
                val best = (free.score as Score.Centipawns).value
                val worse = (considered.score as Score.Centipawns).value
                assertTrue(best > worse + 500, "Nxd5 $best, Kf2 $worse")
                assertFailsWith<ChessException.IllegalMove> {
                    runBlocking { engine.bestMove(game, SearchLimits(depth = 2u, searchMoves = listOf("Ke3"))) }
                }
            }
            ChessGame.fromFen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").use { game ->
                val mate = runBlocking { engine.bestMove(game, SearchLimits(depth = 30u, mate = 1u)) }
                assertEquals("Ra8#", mate.bestMove.san)
                assertTrue(mate.depth <= 2u, "stopped at depth ${mate.depth}")
            }
        }
    }

    @Test
    fun `pgnWith, removeTag, a list's tags and lineTo`() {
        val pgn = "[White \"Ann\"]\n[WhiteElo \"1850\"]\n\n1. e4 {[%clk 0:05:00] Good} e5 \$1 (1... c5) 2. Nf3 *"
        ChessGame.fromPgn(pgn).use { game ->
            assertEquals(game.pgn(), game.pgnWith(PgnExportOptions()), "the defaults keep everything")
            val moves = game.pgnWith(MOVES_ONLY)
            assertTrue(moves.endsWith("\n1. e4 e5 2. Nf3 *\n"), moves)
            assertTrue("%clk" !in game.pgnWith(PgnExportOptions(clocks = false)))
            assertTrue("Good" in game.pgnWith(PgnExportOptions(clocks = false)))
            assertTrue(game.removeTag("WhiteElo"))
            assertFalse(game.removeTag("WhiteElo"))
            assertNull(game.tag("WhiteElo"))
            val e4 = game.snapshot().moveRows[0].whiteNode!!
            game.lineTo(e4).use { line ->
                assertEquals(listOf("e4"), line.snapshot().sanHistory)
                assertEquals("Ann", line.tag("White"))
            }
            assertFailsWith<ChessException.InvalidRequest> { game.lineTo(99u) }
        }
        val listed = listPgnGames(pgn).games.single()
        assertTrue(listed.tags.any { it.name == "WhiteElo" && it.value == "1850" }, "${listed.tags}")
    }

    @Test
    fun `a lichess puzzle solved move by move, a wrong try counted, any mate accepted`() {
        // lichess's puzzle 00008 (CC0): Black's Bxg3 is the setup, White wins the queen.
        ChessPuzzle.fromLichess("r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24", "f2g3 e6e7 b2b1 b3c1 b1c1 h6c1").use { p ->
            assertEquals(Side.WHITE, p.solver())
            assertEquals(listOf("Bxg3"), p.snapshot().sanHistory)
            val wrong = p.playSan("hxg3") as PuzzleStep.Wrong
            assertEquals("Rxe7", wrong.expected.san)
            assertEquals(1u, p.mistakes())
            val right = p.play(parseSquare("e6"), parseSquare("e7"), null) as PuzzleStep.Correct
            assertEquals("Qb1+", right.reply?.san)
            assertFalse(right.solved)
            assertFalse((p.playSan("Nc1") as PuzzleStep.Correct).solved)
            assertTrue((p.playSan("Qxc1") as PuzzleStep.Correct).solved)
            assertTrue(p.isSolved())
            assertFailsWith<ChessException.GameOver> { p.playSan("Kg1") }
        }
        ChessPuzzle("6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1", listOf("Ra8#")).use { p ->
            val other = p.playSan("Rb8") as PuzzleStep.Correct
            assertEquals("Rb8#", other.played.san)
            assertTrue(other.solved)
        }
        assertFailsWith<ChessException.InvalidRequest> { ChessPuzzle(startingFen(), listOf("e4", "e5")) }
    }

    @Test
    fun `an opening explorer over a player's games`() {
        OpeningExplorer(40u).use { explorer ->
            assertEquals(2u, explorer.addPgn("[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n"))
            ChessGame.fromPgn("1. d4 *").use { explorer.addGame(it) }
            assertEquals(3u, explorer.gameCount())
            val start = explorer.moves(startingFen())
            assertEquals(listOf("e4", "d4"), start.map { it.legalMove.san })
            assertEquals(listOf(2u, 1u, 0u, 1u), start[0].let { listOf(it.games, it.whiteWins, it.draws, it.blackWins) })
            ChessGame.fromPgn("1. e4 *").use { game ->
                assertEquals(listOf("e5", "c5"), explorer.movesAt(game).map { it.legalMove.san })
            }
            assertFailsWith<ChessException.InvalidFen> { explorer.moves("not a fen") }
        }
    }
}
