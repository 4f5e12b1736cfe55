package dev.chesscore.tests

import dev.chesscore.*
import dev.chesscore.ktx.bestMove
import dev.chesscore.ktx.pieceAt
import java.util.concurrent.CountDownLatch
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.*
import kotlin.test.*
import org.junit.jupiter.api.Test

private fun sq(name: String): Square = parseSquare(name)

/** A listener that records calls and lets a test wait for the result. */
class RecordingListener : SearchListener {
    val infos = CopyOnWriteArrayList<SearchInfo>()
    val results = CopyOnWriteArrayList<SearchResult>()
    val threads = CopyOnWriteArrayList<String>()
    private val done = CountDownLatch(1)
    override fun onInfo(info: SearchInfo) {
        threads += Thread.currentThread().name
        infos += info
    }
    override fun onFinished(result: SearchResult) {
        results += result
        done.countDown()
    }
    fun await(seconds: Long = 30): SearchResult {
        assertTrue(done.await(seconds, TimeUnit.SECONDS), "no onFinished within $seconds s")
        return results.single()
    }
}

private fun engine(level: UInt = 10u) = ChessEngine(EngineConfig(level = level, hashMb = 4u, seed = 7uL, variety = false))

private fun ChessGame.playAll(vararg moves: String) = moves.forEach { playSan(it) }

class BindingsTest {
    @Test
    fun `free functions`() {
        assertEquals("e4", squareName(Square.E4))
        assertEquals(Square.E4, parseSquare("e4"))
        assertEquals(28, Square.E4.value.toInt())
        assertEquals((0..63).toList(), Square.entries.map { it.value.toInt() }, "values are the core's indices")
        assertEquals(Square.entries.map { it.name.lowercase() }, Square.entries.map { squareName(it) })
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", startingFen())
        assertTrue(chesscoreVersion().matches(Regex("\\d+\\.\\d+\\.\\d+.*")))
        val levels = engineLevels()
        assertEquals(10, levels.size)
        assertEquals((1u..10u).toList(), levels.map { it.level })
        assertTrue(levels.zipWithNext().all { (a, b) -> a.elo < b.elo }, "levels are monotone in Elo")
        assertTrue(levels.all { it.name.isNotBlank() })
        assertFailsWith<ChessException.InvalidSquare> { parseSquare("i9") }
        assertFailsWith<ChessException.InvalidSquare> { parseSquare("e44") }
        // A score as a win chance, on the review's scale (docs/review.md): chesscore's 100 cp are
        // 130 on the logistic's, 61.743 %.
        assertEquals(50.0, winPercent(Score.Centipawns(0)))
        assertEquals(61.743, winPercent(Score.Centipawns(100)), 0.001)
        assertEquals(100.0, winPercent(Score.Centipawns(100)) + winPercent(Score.Centipawns(-100)), 1e-9)
        assertEquals(100.0, winPercent(Score.Mate(3)))
        assertEquals(0.0, winPercent(Score.Mate(-3)))
    }

    @Test
    fun `snapshot describes the board for a UI`() {
        ChessGame().use { game ->
            val s0 = game.snapshot()
            assertEquals(Piece(Side.WHITE, PieceKind.KING), s0.pieceAt(sq("e1")))
            assertEquals(Piece(Side.BLACK, PieceKind.QUEEN), s0.pieceAt(sq("d8")))
            assertEquals(32, s0.squares.count { it != null })
            assertEquals(20, s0.legalMoves.size)
            assertNull(s0.lastMove)
            assertNull(s0.checkSquare)
            assertEquals(0u, s0.ply)
            assertEquals(1u, s0.fullmoveNumber)
            assertEquals(1u, s0.repetitionCount)
            val played = game.play(sq("e2"), sq("e4"), null)
            assertEquals("e4", played.san)
            assertEquals("e2e4", played.uci)
            assertEquals(PieceKind.PAWN, played.piece)
            val s1 = game.snapshot()
            assertEquals(Side.BLACK, s1.sideToMove)
            assertEquals(played, s1.lastMove)
            assertEquals(listOf("e4"), s1.sanHistory)
            assertTrue(s1.canUndo)
            assertFalse(s1.canRedo)
            assertNotEquals(s0.positionKey, s1.positionKey)
            assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", s1.fen)
        }
    }

    @Test
    fun `legal moves from a square, destinations, castling and promotion choices`() {
        ChessGame.fromFen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").use { game ->
            val king = game.legalMovesFrom(sq("e1"))
            val castles = king.filter { it.isCastle }.map { it.san }.toSet()
            assertEquals(setOf("O-O", "O-O-O"), castles)
            assertTrue(king.any { it.isCastle && it.to == sq("g1") && it.uci == "e1g1" })
            val promos = game.legalMovesFrom(sq("b7"))
            assertEquals(8, promos.size, "4 pieces x (b8, capture on a8)")
            assertEquals(setOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), promos.mapNotNull { it.promotion }.toSet())
            assertEquals(listOf(sq("a8"), sq("b8")), game.destinationsFrom(sq("b7")))
            assertTrue(game.legalMovesFrom(sq("e8")).isEmpty(), "black piece, white to move")
            assertTrue(game.legalMovesFrom(sq("d4")).isEmpty(), "empty square")
                        assertFailsWith<ChessException.IllegalMove> { game.play(sq("b7"), sq("b8"), null) }
            val m = game.play(sq("b7"), sq("a8"), PieceKind.KNIGHT)
            assertEquals("bxa8=N", m.san)
            assertTrue(m.isCapture)
            game.undo()
            val castle = game.play(sq("e1"), sq("g1"), null)
            assertEquals("O-O", castle.san)
            assertTrue(castle.isCastle)
        }
    }

    @Test
    fun `en passant and check flags`() {
        ChessGame.fromFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").use { game ->
            val ep = game.playUci("e5d6")
            assertTrue(ep.isEnPassant && ep.isCapture)
            assertEquals("exd6", ep.san)
        }
        ChessGame().use { game ->
            game.playAll("e4", "f5")
            val check = game.playSan("Qh5+")
            assertTrue(check.isCheck)
            assertFalse(check.isCheckmate)
            assertEquals(sq("e8"), game.snapshot().checkSquare)
        }
    }

    @Test
    fun `errors are ChessException subclasses with messages and change nothing`() {
        ChessGame().use { game ->
            game.playSan("e4")
            val before = game.snapshot()
            val e1 = assertFailsWith<ChessException.InvalidNotation> { game.playSan("Zz9") }
            assertTrue(e1.message!!.contains("Zz9"), e1.message)
            val e2 = assertFailsWith<ChessException.IllegalMove> { game.playSan("Ke2") }
            assertTrue(e2.message!!.contains("Ke2"), e2.message)
            assertFailsWith<ChessException.InvalidNotation> { game.playUci("e7e9") }
            assertFailsWith<ChessException.IllegalMove> { game.playUci("e7e4") }
            assertFailsWith<ChessException.InvalidRequest> { game.claimDraw() }
            assertFailsWith<ChessException.InvalidRequest> { game.setComment(5u, "x") } // no node 5
            assertEquals(before, game.snapshot())
        }
        val fen = assertFailsWith<ChessException.InvalidFen> { ChessGame.fromFen("8/8/8/8/8/8/8/8 w - - 0 1") }
        assertTrue(fen.message!!.contains("no king"), fen.message)
        val rank = assertFailsWith<ChessException.InvalidFen> { ChessGame.fromFen("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") }
        assertTrue(rank.message!!.contains("rank 7"), rank.message)
        val pgn = assertFailsWith<ChessException> { ChessGame.fromPgn("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *") }
        assertTrue(pgn is ChessException.InvalidPgn || pgn is ChessException.IllegalMove)
        assertTrue(pgn.message!!.contains("line 3"), pgn.message)
        assertFailsWith<ChessException.InvalidSavedGame> { ChessGame.fromJson("{\"version\":1}") }
        assertFailsWith<ChessException.InvalidSavedGame> { ChessGame.fromJson("not json") }
        assertFailsWith<ChessException.InvalidRequest> { ChessEngine(EngineConfig(level = 0u)) }
        assertFailsWith<ChessException.InvalidRequest> { ChessEngine(EngineConfig(hashMb = 0u)) }
        val threads = assertFailsWith<ChessException.InvalidRequest> { ChessEngine(EngineConfig(threads = maxSearchThreads() + 1u)) }
        assertEquals("invalid thread count 65: expected 1 to 64", threads.message)
    }

    @Test
    fun `a full game to checkmate, then moves are refused`() {
        ChessGame().use { game ->
            game.playAll("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6")
            val mate = game.playSan("Qxf7")
            assertEquals("Qxf7#", mate.san)
            assertTrue(mate.isCheckmate)
            val s = game.snapshot()
            assertEquals(GameStatus.Ended(Outcome.Checkmate(Side.WHITE)), s.status)
            assertTrue(s.legalMoves.isEmpty())
            assertFailsWith<ChessException.GameOver> { game.playSan("a6") }
            assertFailsWith<ChessException.GameOver> { game.resign(Side.BLACK) }
            assertTrue(game.pgn().contains("4. Qxf7# 1-0"), game.pgn())
            assertEquals("1-0", game.tag("Result"))
        }
    }

    @Test
    fun `every kind of draw and resignation`() {
        // Stalemate (automatic).
        ChessGame.fromFen("k7/8/8/2Q5/8/8/8/7K w - - 0 1").use { g ->
            g.playSan("Qb6")
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.STALEMATE)), g.status())
        }
        // Insufficient material (automatic).
        ChessGame.fromFen("7k/8/8/8/3r4/3K4/8/8 w - - 0 1").use { g ->
            g.playSan("Kxd4")
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.INSUFFICIENT_MATERIAL)), g.status())
        }
        // Fifty-move rule (claimable), then claimed.
        ChessGame.fromFen("8/8/8/3k4/8/8/3K4/7R w - - 99 80").use { g ->
            g.playSan("Rh2")
            assertEquals(GameStatus.Ongoing(DrawReason.FIFTY_MOVE_RULE), g.status())
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.FIFTY_MOVE_RULE)), g.claimDraw())
        }
        // Seventy-five-move rule (automatic).
        ChessGame.fromFen("8/8/8/3k4/8/8/3K4/7R w - - 149 80").use { g ->
            g.playSan("Rh2")
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.SEVENTY_FIVE_MOVE_RULE)), g.status())
        }
        // Threefold (claimable) and fivefold (automatic) by knight shuffles.
        ChessGame().use { g ->
            val cycle = arrayOf("Nf3", "Nf6", "Ng1", "Ng8")
            g.playAll(*cycle)
            g.playAll(*cycle)
            assertEquals(3u, g.snapshot().repetitionCount)
            assertEquals(GameStatus.Ongoing(DrawReason.THREEFOLD_REPETITION), g.status())
            g.playAll(*cycle)
            g.playAll(*cycle)
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.FIVEFOLD_REPETITION)), g.status())
        }
        ChessGame().use { g ->
            g.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.THREEFOLD_REPETITION)), g.claimDraw())
        }
        // Claimed with the move that makes the third occurrence (FIDE 9.2.1.1); a move that
        // allows no claim is refused and not played.
        ChessGame().use { g ->
            g.playAll("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
            assertEquals(DrawReason.THREEFOLD_REPETITION, g.drawClaimableWith("f6g8"))
            assertNull(g.drawClaimableWith("e7e5"))
            assertFailsWith<ChessException.IllegalMove> { g.drawClaimableWith("e7e4") }
            val fen = g.fen()
            val refused = assertFailsWith<ChessException.InvalidRequest> { g.claimDrawWith("e7e5") }
            assertTrue(refused.message!!.contains("e5"), refused.message)
            assertEquals(fen, g.fen())
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.THREEFOLD_REPETITION)), g.claimDrawWith("f6g8"))
            assertEquals("Ng8", g.snapshot().lastMove?.san)
            assertTrue(g.undo())
            assertEquals(GameStatus.Ongoing(DrawReason.THREEFOLD_REPETITION), g.status())
        }
        // Agreement and resignation, and undoing a resignation.
        ChessGame().use { g ->
            g.playSan("e4")
            assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.AGREEMENT)), g.agreeDraw())
            assertTrue(g.undo())
            assertEquals(GameStatus.Ended(Outcome.Resignation(Side.WHITE)), g.resign(Side.BLACK))
            assertTrue(g.pgn().contains("1-0"))
        }
    }

    @Test
    fun `FEN, PGN and JSON round trips, tags and comments`() {
        ChessGame().use { g ->
            g.setTag("White", "Kasparov")
            assertFailsWith<ChessException.InvalidRequest> { g.setTag("White Elo", "1") }
            g.setTag("Black", "Deep Blue")
            g.playAll("e4", "c5", "Nf3", "d6", "d4")
            g.setComment(g.snapshot().node, "the open Sicilian")
            g.undo()
            val json = g.toJson()
            ChessGame.fromJson(json).use { r ->
                assertEquals(g.snapshot(), r.snapshot())
                assertTrue(r.redo(), "the redo stack survives a save")
                assertEquals("d4", r.snapshot().lastMove!!.san)
                assertEquals("Kasparov", r.tag("White"))
            }
            g.redo()
            val pgn = g.pgn()
            assertTrue(pgn.contains("[White \"Kasparov\"]"))
            assertTrue(pgn.contains("{the open Sicilian}"), pgn)
            ChessGame.fromPgn(pgn).use { p ->
                assertEquals(g.snapshot().sanHistory, p.snapshot().sanHistory)
                assertEquals(g.fen(), p.fen())
                assertEquals(pgn, p.pgn())
                assertEquals(listOf("Event", "Site", "Date", "Round", "White", "Black").filter { n -> p.tags().any { it.name == n } }.size, p.tags().count { it.name in setOf("Event", "Site", "Date", "Round", "White", "Black") })
            }
            ChessGame.fromFen(g.fen()).use { f -> assertEquals(g.fen(), f.fen()) }
        }
    }

    @Test
    fun `engine search streamed through a listener, on the engine thread`() {
        engine().use { e ->
            ChessGame().use { g ->
                val l = RecordingListener()
                e.think(g, SearchLimits(depth = 6u), l).use { h ->
                    val r = l.await()
                    assertTrue(h.isFinished())
                    assertFalse(r.stopped)
                    assertEquals(6u, r.depth)
                    assertTrue(g.legalMoves().any { it.uci == r.bestMove.uci })
                    assertEquals(g.snapshot().positionKey, r.positionKey)
                    assertTrue(l.infos.isNotEmpty())
                    assertTrue(l.infos.zipWithNext().all { (a, b) -> a.depth < b.depth })
                    assertTrue(l.infos.all { it.pvSan.isNotEmpty() && it.pvSan.size == it.pvUci.size })
                    val caller = Thread.currentThread().name
                    assertTrue(l.threads.none { it == caller }, "callbacks run off the caller's thread: ${l.threads}")
                }
            }
        }
    }

    @Test
    fun `mate found and scored through the bindings`() {
        engine().use { e ->
            ChessGame.fromFen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").use { g ->
                val l = RecordingListener()
                e.think(g, SearchLimits(depth = 5u), l).use { l.await() }
                val r = l.results.single()
                assertEquals("d1d8", r.bestMove.uci)
                assertEquals(Score.Mate(1), r.score)
                assertTrue(r.bestMove.isCheckmate)
            }
        }
    }

    @Test
    fun `stopped early, superseded, and stopped by closing the handle`() {
        engine().use { e ->
            ChessGame().use { g ->
                val first = RecordingListener()
                val h1 = e.think(g, SearchLimits(infinite = true), first)
                Thread.sleep(100)
                val second = RecordingListener()
                val h2 = e.think(g, SearchLimits(depth = 4u), second)
                assertTrue(first.await(5).stopped, "superseded search finishes, marked stopped")
                assertFalse(second.await().stopped)
                h1.close(); h2.close()

                val third = RecordingListener()
                val h3 = e.think(g, SearchLimits(infinite = true), third)
                Thread.sleep(100)
                val t = System.nanoTime()
                h3.stop()
                val r = third.await(5)
                val ms = (System.nanoTime() - t) / 1_000_000
                assertTrue(r.stopped)
                assertTrue(ms < 1000, "stop took $ms ms") // a few ms; the bound is for a loaded machine
                h3.close()

                val fourth = RecordingListener()
                e.think(g, SearchLimits(infinite = true), fourth).close()
                assertTrue(fourth.await(5).stopped, "closing the handle stops the search")
                val deadline = System.nanoTime() + 2_000_000_000L
                while (e.isSearching() && System.nanoTime() < deadline) Thread.sleep(1)
                assertFalse(e.isSearching())
            }
        }
    }

    @Test
    fun `suspend bestMove (the wrapper's), concurrent calls and cancellation`() {
        engine().use { e ->
            ChessGame().use { g ->
                val r = runBlocking { e.bestMove(g, SearchLimits(depth = 5u)) }
                assertTrue(g.legalMoves().any { it.uci == r.bestMove.uci })
                engine().use { e2 ->
                    val both = runBlocking {
                        listOf(async { e.bestMove(g, SearchLimits(depth = 4u)) }, async { e2.bestMove(g, SearchLimits(depth = 4u)) }).awaitAll()
                    }
                    assertEquals(2, both.size)
                }
                runBlocking {
                    // The searches before are over (one may still count as the engine's job while
                    // its result is delivered), so that isSearching() below is this search's.
                    withTimeout(2000) { while (e.isSearching()) delay(5) }
                    val job = launch(Dispatchers.Default) { e.bestMove(g, SearchLimits(infinite = true)) }
                    withTimeout(2000) { while (!e.isSearching()) delay(5) }
                    job.cancelAndJoin()
                    withTimeout(2000) { while (e.isSearching()) delay(5) }
                }
                assertFailsWith<ChessException.GameOver> {
                    ChessGame.fromFen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").use { over -> runBlocking { e.bestMove(over, SearchLimits(depth = 2u)) } }
                }
            }
        }
    }

    @Test
    fun `config, levels and new game`() {
        engine(3u).use { e ->
            assertEquals(3u, e.config().level)
            e.setConfig(EngineConfig(level = 1u, hashMb = 2u))
            assertEquals(1u, e.config().level)
            assertFailsWith<ChessException.InvalidRequest> { e.setConfig(EngineConfig(level = 42u)) }
            assertEquals(1u, e.config().level, "a rejected config changes nothing")
            e.newGame()
            ChessGame().use { g ->
                val r = runBlocking { e.bestMove(g, SearchLimits()) }
                assertTrue(g.legalMoves().any { it.uci == r.bestMove.uci })
            }
            val fenListener = RecordingListener()
            e.thinkFen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", SearchLimits(depth = 3u), fenListener).use { fenListener.await() }
            assertFailsWith<ChessException.InvalidFen> { e.thinkFen("x", SearchLimits(), RecordingListener()) }
        }
    }

    @Test
    fun `MultiPV - several best lines per depth, numbered, best first`() {
        engine().use { e ->
            ChessGame.fromFen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").use { g ->
                val l = RecordingListener()
                val r = e.think(g, SearchLimits(depth = 4u, multiPv = 3u), l).use { l.await() }
                assertEquals("Ra8#", r.bestMove.san)
                val last = l.infos.filter { it.depth == r.depth }
                assertEquals(listOf(1u, 2u, 3u), last.map { it.multipv })
                assertEquals(Score.Mate(1), last[0].score)
                assertEquals(3, last.map { it.pvUci.first() }.toSet().size)
            }
        }
    }

    // The bindings reuse one call status per thread (scripts/patch-kotlin-bindings.py): an error
    // must never leak into the next call, on any thread, nested or not.
    @Test
    fun `a failed call leaves no trace in the next one, on any thread, also from callbacks`() {
        val failures = CopyOnWriteArrayList<Throwable>()
        val threads = (0 until 4).map { t ->
            Thread {
                try {
                    ChessGame().use { g ->
                        repeat(500) { i ->
                            assertFailsWith<ChessException.InvalidSquare> { parseSquare("z$i") }
                            assertEquals(4, g.legalMovesFrom(sq("g1")).size + g.legalMovesFrom(sq("b1")).size)
                            // A string argument is lowered by a nested call; the call itself fails.
                            assertFailsWith<ChessException.IllegalMove> { g.playSan("Ke2") }
                            assertFailsWith<ChessException.InvalidFen> { ChessGame.fromFen("8/8 w $t$i") }
                            assertEquals(20, g.snapshot().legalMoves.size)
                            assertEquals("h8", squareName(Square.H8))
                        }
                    }
                } catch (e: Throwable) {
                    failures += e
                }
            }
        }
        threads.forEach { it.start() }
        threads.forEach { it.join() }
        assertEquals(emptyList(), failures.map { it.toString() })

        // Calls into Rust from inside a listener (Rust runs it on the engine thread).
        val inCallback = CopyOnWriteArrayList<String>()
        val listener = object : SearchListener {
            val done = CountDownLatch(1)
            override fun onInfo(info: SearchInfo) {
                inCallback += runCatching { parseSquare("a9") }.exceptionOrNull()?.javaClass?.simpleName ?: "no error"
                inCallback += squareName(Square.entries[(info.depth % 64u).toInt()]) + "=" + info.depth
            }
            override fun onFinished(result: SearchResult) {
                inCallback += runCatching { parseSquare("z0") }.exceptionOrNull()?.javaClass?.simpleName ?: "no error"
                inCallback += squareName(Square.A1)
                done.countDown()
            }
        }
        engine().use { e ->
            ChessGame().use { g -> e.think(g, SearchLimits(depth = 3u), listener).use { assertTrue(listener.done.await(30, TimeUnit.SECONDS)) } }
        }
        assertEquals(listOf("InvalidSquare", "a1"), inCallback.takeLast(2))
        val infoCalls = inCallback.dropLast(2).chunked(2)
        assertTrue(infoCalls.isNotEmpty())
        infoCalls.forEach { (err, nameAndDepth) ->
            assertEquals("InvalidSquare", err)
            val (name, depth) = nameAndDepth.split("=")
            assertEquals(squareName(Square.entries[depth.toInt() % 64]), name)
        }
    }

    @Test
    fun `scores from the mover's and from White's point of view`() {
        engine().use { e ->
            ChessGame.fromFen("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1").use { g ->
                val l = RecordingListener()
                val r = e.think(g, SearchLimits(depth = 4u), l).use { l.await() }
                assertEquals(Score.Mate(1), r.score, "Black, to move, mates")
                assertEquals(Score.Mate(-1), r.scoreWhite)
                assertEquals(0.0, r.whiteWin, "White's win chance: Black mates")
                for (info in l.infos) {
                    val flipped = when (val s = info.score) {
                        is Score.Centipawns -> Score.Centipawns(-s.value)
                        is Score.Mate -> Score.Mate(-s.moves)
                    }
                    assertEquals(flipped, info.scoreWhite)
                    assertEquals(winPercent(info.scoreWhite), info.whiteWin, "the review's formula on White's score")
                }
            }
        }
    }

    @Test
    fun `a listener that throws is reported by the engine's next search call, once`() {
        // From onInfo (an exception; the listener still gets its result), then from onFinished
        // (an AssertionError, which is not a kotlin.Exception: the patched bindings report it too).
        val throwers = listOf<Pair<String, (RecordingListener) -> SearchListener>>(
            "boom in onInfo" to { rec ->
                object : SearchListener {
                    override fun onInfo(info: SearchInfo) = throw IllegalStateException("boom in onInfo")
                    override fun onFinished(result: SearchResult) = rec.onFinished(result)
                }
            },
            "boom in onFinished" to { rec ->
                object : SearchListener {
                    override fun onInfo(info: SearchInfo) {}
                    override fun onFinished(result: SearchResult) {
                        rec.onFinished(result)
                        throw AssertionError("boom in onFinished")
                    }
                }
            },
        )
        for ((message, make) in throwers) {
            engine().use { e ->
                ChessGame().use { g ->
                    val rec = RecordingListener()
                    e.think(g, SearchLimits(depth = 3u), make(rec)).use { assertEquals(3u, rec.await().depth) }
                    val deadline = System.nanoTime() + 2_000_000_000L
                    while (e.isSearching() && System.nanoTime() < deadline) Thread.sleep(1)
                    val error = assertFailsWith<ChessException.Internal> { e.think(g, SearchLimits(depth = 2u), RecordingListener()) }
                    assertTrue(error.message!!.contains(message), error.message)
                    val next = RecordingListener()
                    e.think(g, SearchLimits(depth = 2u), next).use { assertEquals(2u, next.await().depth) }
                }
            }
        }
    }

    @Test
    fun `closing an engine does not wait for a listener that is still running`() {
        val entered = CountDownLatch(1)
        val release = CountDownLatch(1)
        val finished = CountDownLatch(1)
        val listener = object : SearchListener {
            override fun onInfo(info: SearchInfo) {}
            override fun onFinished(result: SearchResult) {
                entered.countDown()
                release.await(10, TimeUnit.SECONDS)
                finished.countDown()
            }
        }
        val e = engine()
        val g = ChessGame()
        val handle = e.think(g, SearchLimits(infinite = true), listener)
        Thread.sleep(50)
        handle.stop()
        assertTrue(entered.await(5, TimeUnit.SECONDS), "onFinished entered")
        // The engine thread is inside onFinished: close (like a UI thread would) must not wait.
        val closer = Thread { handle.close(); e.close(); g.close() }
        val start = System.nanoTime()
        closer.start()
        closer.join(5_000)
        val ms = (System.nanoTime() - start) / 1_000_000
        assertFalse(closer.isAlive, "close() waited for the engine thread")
        assertTrue(ms < 1000, "close took $ms ms")
        assertEquals(1L, finished.count, "the listener is still running")
        release.countDown()
        assertTrue(finished.await(5, TimeUnit.SECONDS), "the listener completed after close")
    }

    @Test
    fun `a closed object passed as an argument is refused, not read after it was freed`() {
        val baseline = liveObjectCount()
        val e = engine()
        val closed = ChessGame()
        closed.playSan("e4")
        closed.close()
        // Games made after the close may reuse its memory (the engine searched one of them, or
        // the process aborted): the call must be refused instead.
        val others = List(200) { ChessGame().also { g -> g.playSan("d4") } }
        val coachListener = object : CoachListener {
            override fun onCoaching(coaching: Coaching?, error: String?) {}
        }
        for (call in listOf<() -> Unit>(
            { e.think(closed, SearchLimits(depth = 1u), RecordingListener()).close() },
            { e.reviewKey(closed, ReviewOptions()) },
            { e.coach(closed, 1_000uL, coachListener).close() },
        )) {
            val error = assertFailsWith<IllegalStateException> { call() }
            assertTrue("destroyed" in error.message!!, error.message)
        }
        // A closed engine passed nowhere, a closed game refused: the engine is unharmed.
        val live = others.first()
        val l = RecordingListener()
        e.think(live, SearchLimits(depth = 2u), l).use {
            assertEquals(live.snapshot().fen, l.await().positionFen)
        }
        others.forEach { it.close() }
        e.close()
        // The refused calls kept nothing: the engine's handle cloned for each was freed.
        assertEquals(baseline, liveObjectCount())
    }

    @Test
    fun `SAN in figurines or another language's letters, for display`() {
        ChessGame().use { g ->
            val san = g.playUci("g1f3").san
            assertEquals("♘f3", figurineSan(san))
            assertEquals("Sf3", sanWithPieceSymbols(san, listOf("K", "D", "T", "L", "S")))
        }
        val e = assertFailsWith<ChessException.InvalidRequest> { sanWithPieceSymbols("Nf3", listOf("K", "D")) }
        assertTrue("expected 5 non-empty piece symbols" in e.message!!, e.message)
    }

    @Test
    fun `no leaked Rust objects`() {
        System.gc()
        val before = liveObjectCount()
        repeat(20) {
            ChessGame().use { g ->
                g.playSan("e4")
                engine().use { e ->
                    val l = RecordingListener()
                    e.think(g, SearchLimits(depth = 2u), l).use { l.await() }
                }
            }
        }
        assertEquals(before, liveObjectCount(), "every game, engine and handle was freed by close()")
    }
}
