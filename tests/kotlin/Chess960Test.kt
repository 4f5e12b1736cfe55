package dev.chesscore.tests

import dev.chesscore.*
import kotlin.test.*
import org.junit.jupiter.api.Test

/** Start position 96 (BBQNRNKR) after 1. Nfe3 Nfe6: both kings may castle short from g1/g8. */
private const val CASTLE_READY = "bbqnr1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQNR1KR w KQkq - 2 2"

class Chess960Test {
    @Test
    fun `new Chess960 games by number or at random`() {
        ChessGame.newChess960(0u).use { game ->
            val s = game.snapshot()
            assertTrue(s.chess960)
            assertTrue(game.isChess960())
            assertEquals("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", s.fen)
            assertEquals("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", game.shredderFen())
            assertEquals(0u, game.chess960StartNumber())
            assertEquals("Chess960", game.tag("Variant"))
            assertEquals(s.fen, chess960StartFen(0u))
        }
        ChessGame.newChess960(518u).use { game ->
            assertEquals(startingFen(), game.fen())
            assertTrue(game.snapshot().chess960)
        }
        ChessGame().use { assertFalse(it.snapshot().chess960); assertNull(it.chess960StartNumber()) }
        ChessGame.newChess960(null).use { assertTrue(it.chess960StartNumber()!! < 960u) }
        val e = assertFailsWith<ChessException.InvalidRequest> { ChessGame.newChess960(960u) }
        assertTrue(e.message!!.contains("0 to 959"), e.message)
        assertFailsWith<ChessException.InvalidRequest> { chess960StartFen(1000u) }
    }

    @Test
    fun `castling is the king onto its rook, played from a tap or in UCI and SAN`() {
        ChessGame.fromChess960Fen(CASTLE_READY).use { game ->
            val castle = game.legalMoves().single { it.isCastle }
            assertEquals(Square.G1, castle.from)
            assertEquals(Square.H1, castle.to)
            assertEquals("g1h1", castle.uci)
            assertEquals("O-O", castle.san)
            assertTrue(Square.H1 in game.destinationsFrom(Square.G1))
            assertEquals(castle, game.play(Square.G1, Square.H1, null))
            assertTrue(game.fen().contains("/BBQNRRK1 b kq - 3 2"), game.fen())
            game.playSan("O-O")
            ChessGame.fromJson(game.toJson()).use { restored ->
                assertEquals(game.snapshot(), restored.snapshot())
                assertTrue(restored.snapshot().chess960)
            }
            val before = game.snapshot()
            assertFailsWith<ChessException.IllegalMove> { game.play(Square.G1, Square.F1, null) }
            assertEquals(before, game.snapshot())
        }
        // A standard game keeps e1g1, and accepts the king dropped on its rook.
        ChessGame().use { game ->
            listOf("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5").forEach { game.playSan(it) }
            assertEquals(Square.G1, game.legalMoves().single { it.isCastle }.to)
            assertEquals("e1g1", game.play(Square.E1, Square.H1, null).uci)
        }
    }

    @Test
    fun `attackers, attacked squares, checkers and pins`() {
        // The white knight on c3 is pinned by the bishop on b4; the black queen on h2 hits f2.
        ChessGame.fromFen("4k3/8/8/8/1b2P3/2N5/7q/3QK3 w - - 0 1").use { game ->
            assertEquals(listOf(Pin(pinned = Square.C3, pinner = Square.B4)), game.pins(Side.WHITE))
            assertTrue(game.pins(Side.BLACK).isEmpty())
            assertEquals(listOf(Square.D1, Square.C3, Square.E4), game.attackers(Square.D5, Side.WHITE))
            assertTrue(game.isAttacked(Square.F2, Side.BLACK))
            assertFalse(game.isAttacked(Square.E1, Side.BLACK))
            assertTrue(Square.F2 in game.attackedSquares(Side.BLACK))
            assertTrue(game.checkers().isEmpty())
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/1q6/K7 w - - 0 1").use { game ->
            assertEquals(listOf(Square.B2), game.checkers())
        }
    }

    @Test
    fun `the engine thinks about a Chess960 game and answers in its notation`() {
        ChessEngine(EngineConfig(level = 10u, hashMb = 4u, seed = 7uL, variety = false)).use { e ->
            // The king stays on g1 and the rook comes to f1: mate.
            ChessGame.fromFen("4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1").use { g ->
                assertTrue(g.snapshot().chess960)
                val l = RecordingListener()
                e.think(g, SearchLimits(depth = 4u), l).use { l.await() }
                val r = l.results.single()
                assertEquals("g1h1", r.bestMove.uci)
                assertEquals("O-O#", r.bestMove.san)
                assertEquals(Score.Mate(1), r.score)
            }
        }
    }
}
