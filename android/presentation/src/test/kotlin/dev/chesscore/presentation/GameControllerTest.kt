package dev.chesscore.presentation

import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.chess960StartFen
import dev.chesscore.DrawReason
import dev.chesscore.GameStatus
import dev.chesscore.MarkColor
import dev.chesscore.Outcome
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.SearchLimits
import dev.chesscore.SearchResult
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.SquareMark
import dev.chesscore.ktx.pieceAt
import dev.chesscore.liveObjectCount
import dev.chesscore.timeControlFromPgn
import dev.chesscore.tests.MAIN_THREAD
import dev.chesscore.tests.eventually
import dev.chesscore.tests.onMain
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.yield
import org.junit.jupiter.api.Test

/**
 * A controller over a real engine with small limits, and that engine. Searches with [INFINITE]
 * limits need level 10: weaker levels cap the depth even of an infinite search.
 */
class Fixture(
    scope: CoroutineScope,
    val store: GameStore = InMemoryGameStore(),
    mode: GameMode = GameMode.HumanVsHuman,
    limits: SearchLimits = SearchLimits(depth = 2u),
    level: Int = 5,
    hintLimits: SearchLimits = SearchLimits(depth = 3u),
    now: () -> Long = ::monotonicNow,
) {
    lateinit var engine: ObservedEngine
    val controller = GameController(
        scope,
        store,
        engineFactory = { config -> ObservedEngine(config.copy(hashMb = 1u)).also { engine = it } },
        limitsForLevel = { limits },
        hintLimits = hintLimits,
        defaultMode = mode,
        defaultLevel = level,
        now = now,
    )
    val state get() = controller.state.value
}

private const val KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
private const val PROMOTION_FEN = "8/P7/8/8/8/8/k6K/8 w - - 0 1"
private const val STALEMATE_FEN = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
private val INFINITE = SearchLimits(infinite = true)

class GameControllerTest {
    @Test
    fun `square descriptions say what is there and what the selected piece may do`() {
        onMain {
            Fixture(this).controller.use { c ->
                // Kiwipete: White's e5 knight may take on d7, f7 and g6, or go to empty squares.
                val serial = c.state.value.gameSerial
                c.loadFen(KIWIPETE)
                assertEquals(serial + 1, c.state.value.gameSerial, "a loaded game is a new game")
                c.tapSquare(sq("e5"))
                assertEquals(serial + 1, c.state.value.gameSerial)
                val s = c.state.value
                fun described(square: Square) =
                    boardSquareDescription(square, s.snapshot.pieceAt(square), s.targets, s.snapshot.checkSquare, s.snapshot.lastMove)
                assertEquals(sq("e5"), s.selected)
                assertEquals("e5, white knight", described(sq("e5")))
                assertEquals("d7, black pawn, capture", described(sq("d7")))
                assertEquals("c4, empty, legal move", described(sq("c4")))
                assertEquals("e4, white pawn", described(sq("e4")))
                assertEquals("b3, empty", described(sq("b3")))
                // Every square: the name first, the piece the state holds, a target only where the core lets the knight go.
                for (square in Square.entries) {
                    val words = described(square)
                    assertTrue(words.startsWith(square.label + ", "), words)
                    assertEquals(square in s.targets, "legal move" in words || "capture" in words, words)
                    assertEquals(s.snapshot.pieceAt(square) == null, "empty" in words, words)
                }
                // After Fool's mate: the king in check and the last move's squares.
                c.loadFen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
                c.tapSquare(sq("d8"))
                c.tapSquare(sq("h4"))
                val m = c.state.value.snapshot
                fun after(square: Square) = boardSquareDescription(square, m.pieceAt(square), emptySet(), m.checkSquare, m.lastMove)
                assertEquals("e1, white king, in check", after(sq("e1")))
                assertEquals("h4, black queen, last move", after(sq("h4")))
                assertEquals("d8, empty, last move", after(sq("d8")))
                assertEquals("e2, white pawn", after(sq("e2")))
            }
        }
    }

    @Test
    fun `the players' rows show the core's material difference after captures, a promotion and a set-up position`() {
        onMain {
            Fixture(this).controller.use { c ->
                fun row(side: Side) = c.state.value.let {
                    Triple(it.material.extra(side), materialLeadText(it.material, side), materialDescription(it.material, side))
                }
                assertEquals(Triple(emptyList(), "", null), row(Side.WHITE), "the start position is even")
                assertEquals(Triple(emptyList(), "", null), row(Side.BLACK))
                c.move("e2", "e4")
                c.move("d7", "d5")
                c.move("e4", "d5")
                assertEquals(PieceKind.PAWN, c.state.value.snapshot.lastMove?.captured, "a capture says what it took")
                assertEquals(Triple(listOf(PieceKind.PAWN), "+1", "White is up a pawn"), row(Side.WHITE))
                assertEquals(Triple(emptyList(), "", null), row(Side.BLACK))
                c.move("d8", "d5")
                assertEquals(Triple(emptyList(), "", null), row(Side.WHITE), "an even trade")
                c.move("b1", "c3")
                c.move("d5", "g2")
                assertEquals(Triple(listOf(PieceKind.PAWN), "+1", "Black is up a pawn"), row(Side.BLACK))
                c.move("f1", "g2")
                assertEquals(PieceKind.QUEEN, c.state.value.snapshot.lastMove?.captured)
                assertEquals(Triple(listOf(PieceKind.QUEEN), "+8", "White has a queen for a pawn, 8 points up"), row(Side.WHITE))
                assertEquals(Triple(listOf(PieceKind.PAWN), "", "Black has a pawn for a queen, 8 points down"), row(Side.BLACK))
                c.undo()
                assertEquals(-1, c.state.value.material.balance, "undo shows the position's material")

                // A promotion: the pawn White was up becomes a queen.
                c.loadFen(PROMOTION_FEN)
                assertEquals(Triple(listOf(PieceKind.PAWN), "+1", "White is up a pawn"), row(Side.WHITE))
                c.move("a7", "a8")
                c.choosePromotion(PieceKind.QUEEN)
                assertEquals(Triple(listOf(PieceKind.QUEEN), "+9", "White is up a queen"), row(Side.WHITE))

                // A set-up position: the rook takes the queen, leaving it against a bishop and a knight.
                c.loadFen("q3k3/8/3bn3/8/8/8/8/R3K3 w - - 0 1")
                assertEquals(
                    Triple(listOf(PieceKind.QUEEN, PieceKind.BISHOP, PieceKind.KNIGHT), "+10", "Black has a queen, a bishop and a knight for a rook, 10 points up"),
                    row(Side.BLACK),
                )
                c.move("a1", "a8")
                assertEquals(PieceKind.QUEEN, c.state.value.snapshot.lastMove?.captured)
                assertEquals(Triple(listOf(PieceKind.ROOK), "", "White has a rook for a bishop and a knight, 1 point down"), row(Side.WHITE))
                assertEquals(
                    Triple(listOf(PieceKind.BISHOP, PieceKind.KNIGHT), "+1", "Black has a bishop and a knight for a rook, 1 point up"),
                    row(Side.BLACK),
                )
            }
        }
    }

    @Test
    fun `tapping a piece selects it with the core's destinations as targets`() {
        onMain {
            Fixture(this).controller.use { c ->
                ChessGame().use { reference ->
                    for (square in Square.entries.take(16)) {
                        c.tapSquare(square)
                        val expected = reference.legalMovesFrom(square).map { it.to }.toSet()
                        assertEquals(square, c.state.value.selected, "square $square selected")
                        assertEquals(expected, c.state.value.targets, "targets of square $square")
                    }
                }
                c.tapSquare(sq("e2"))
                assertEquals(setOf(sq("e3"), sq("e4")), c.state.value.targets)
                c.tapSquare(sq("g1")) // another own piece: reselect
                assertEquals(sq("g1"), c.state.value.selected)
                assertEquals(setOf(sq("f3"), sq("h3")), c.state.value.targets)
                c.tapSquare(sq("e5")) // neither target nor own piece: clear
                assertNull(c.state.value.selected)
                assertTrue(c.state.value.targets.isEmpty())
                c.tapSquare(sq("e7")) // the opponent's piece is not selectable
                assertNull(c.state.value.selected)
                c.tapSquare(sq("e2"))
                c.tapSquare(sq("e2")) // tapping the selected piece again clears
                assertNull(c.state.value.selected)
            }
        }
    }

    @Test
    fun `tapping a target plays the move, dragging does the same, a non-target drag does nothing`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("e2", "e4")
                val s = c.state.value
                assertEquals(listOf("e4"), s.snapshot.sanHistory)
                assertEquals("e2e4", s.snapshot.lastMove?.uci)
                assertEquals(Side.BLACK, s.snapshot.sideToMove)
                assertNull(s.selected)
                assertEquals("Black to move", s.statusText)
                c.dragMove(sq("e7"), sq("e4")) // not a legal destination
                assertEquals(1, c.state.value.snapshot.sanHistory.size)
                assertNull(c.state.value.selected)
                c.dragMove(sq("e7"), sq("e5"))
                assertEquals(listOf("e4", "e5"), c.state.value.snapshot.sanHistory)
                c.dragMove(sq("e5"), sq("e6")) // the opponent's piece cannot be dragged
                assertEquals(2, c.state.value.snapshot.sanHistory.size)
            }
        }
    }

    @Test
    fun `promotion - the picker offers the four pieces, cancel leaves the game, choosing plays`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.loadFen(PROMOTION_FEN)
                val before = c.state.value.snapshot
                c.move("a7", "a8")
                val pending = assertNotNull(c.state.value.pendingPromotion)
                assertEquals(sq("a7"), pending.from)
                assertEquals(sq("a8"), pending.to)
                assertEquals(setOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), pending.choices.toSet())
                assertEquals(4, pending.choices.size)
                assertEquals(before, c.state.value.snapshot, "nothing played while the picker shows")
                c.tapSquare(sq("h2")) // taps are ignored while the picker shows
                assertNotNull(c.state.value.pendingPromotion)
                c.cancelPromotion()
                assertNull(c.state.value.pendingPromotion)
                assertEquals(sq("a7"), c.state.value.selected, "the pawn stays selected")
                assertEquals(before, c.state.value.snapshot)
                c.tapSquare(sq("a7")) // deselect
                c.dragMove(sq("a7"), sq("a8"))
                assertNotNull(c.state.value.pendingPromotion)
                c.choosePromotion(PieceKind.KING) // not a choice: ignored
                assertNotNull(c.state.value.pendingPromotion)
                c.choosePromotion(PieceKind.KNIGHT)
                val after = c.state.value
                assertNull(after.pendingPromotion)
                assertEquals(Piece(Side.WHITE, PieceKind.KNIGHT), after.snapshot.pieceAt(sq("a8")))
                assertEquals(listOf("a8=N"), after.snapshot.sanHistory)
            }
        }
    }

    @Test
    fun `engine turn - the engine replies on the main thread and the player may move again`() {
        onMain {
            val store = RecordingStore()
            val f = Fixture(this, store, GameMode.HumanVsEngine(Side.WHITE))
            f.controller.use { c ->
                assertFalse(c.state.value.engineThinking, "White (the player) moves first")
                c.move("e2", "e4")
                assertTrue(c.state.value.engineThinking)
                c.tapSquare(sq("d2")) // the player's taps are ignored while the engine thinks
                assertNull(c.state.value.selected)
                val s = c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
                assertFalse(s.engineThinking)
                assertEquals(Side.WHITE, s.snapshot.sideToMove)
                assertEquals(2, s.snapshot.sanHistory.size)
                assertTrue(s.isHumanTurn)
                assertEquals(1, f.engine.started)
                assertTrue(store.saveThreads.isNotEmpty())
                assertTrue(store.saveThreads.all { it == MAIN_THREAD }, "saved on ${store.saveThreads}")
                ChessGame.fromJson(store.saves.last()).use { assertEquals(2u, it.snapshot().ply) }
            }
        }
    }

    @Test
    fun `the engine plays White's first move when the player takes Black, thinking line shows`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.BLACK), limits = SearchLimits(moveTimeMs = 300uL), level = 10)
            f.controller.use { c ->
                assertEquals(Side.BLACK, c.state.value.orientation)
                val thinking = c.awaitState("a thinking line") { it.thinking != null }.thinking!!
                assertTrue(thinking.depth >= 1)
                assertTrue(thinking.pvSan.isNotEmpty())
                assertTrue(Regex("""(0\.00|[+-]\d+\.\d\d|-?M\d+)""").matches(thinking.scoreText), thinking.scoreText)
                val s = c.awaitState("White's first move") { it.snapshot.ply == 1u }
                assertEquals(Side.BLACK, s.snapshot.sideToMove)
                assertNull(s.thinking)
            }
        }
    }

    @Test
    fun `undo while the engine thinks - search stopped, its result ignored, no move played`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), limits = INFINITE, level = 10)
            f.controller.use { c ->
                c.move("e2", "e4")
                assertTrue(c.state.value.engineThinking)
                eventually("the engine searching") { f.engine.isSearching() }
                c.undo()
                val result = f.engine.nextResult() // the stopped search's result reached the main thread...
                assertTrue(result.stopped, "the search was stopped: $result")
                yield() // ...and was handled there before this line runs (same thread, FIFO)
                val s = c.state.value
                assertEquals(0u, s.snapshot.ply)
                assertEquals(Side.WHITE, s.snapshot.sideToMove)
                assertFalse(s.engineThinking)
                assertTrue(s.snapshot.canRedo, "e4 can be replayed")
                assertNull(s.message, "the stale result was not even tried")
                eventually("the engine idle (it turns idle just after its last report)") { !f.engine.isSearching() }
                assertEquals(1, f.engine.started, "no new search after undo to the player's turn")
                c.move("d2", "d4") // the player can play on
                assertEquals(listOf("d4"), c.state.value.snapshot.sanHistory)
            }
        }
    }

    @Test
    fun `going to the background stops the engine's search, coming back starts its turn again`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), limits = INFINITE, level = 10)
            f.controller.use { c ->
                c.move("e2", "e4")
                eventually("the engine searching") { f.engine.isSearching() }
                c.pause()
                assertTrue(f.engine.nextResult().stopped, "the search was stopped")
                yield()
                assertFalse(c.state.value.engineThinking)
                assertEquals(1u, c.state.value.snapshot.ply, "no move was played by the stopped search")
                assertEquals(1, f.engine.started)
                c.requestHint() // nothing starts in the background
                c.resume()
                assertEquals(2, f.engine.started, "the engine's turn started over")
                assertTrue(c.state.value.engineThinking)
                eventually("the engine searching again") { f.engine.isSearching() }
                c.pause()
                c.resume()
                c.resume() // a second resume does not start a second search
                assertEquals(3, f.engine.started)
            }
        }
    }

    @Test
    fun `a result for another position is ignored`() {
        val s = stateAfterReplyTo("e2", "e4") { it.copy(positionKey = it.positionKey xor 1uL) }
        assertEquals(1u, s.snapshot.ply, "the stale result was not played")
        assertNull(s.message)
        assertFalse(s.engineThinking)
    }

    /**
     * Plays [from]-[to] against the engine, whose result [tamper] rewrites; the state once the
     * main thread has handled that result.
     */
    private fun stateAfterReplyTo(from: String, to: String, tamper: (SearchResult) -> SearchResult): BoardUiState =
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE))
            f.engine.tamper = tamper
            f.controller.use { c ->
                c.move(from, to)
                f.engine.nextResult()
                yield()
                c.state.value
            }
        }

    @Test
    fun `the thinking line shows the core's White-view score while Black thinks`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), limits = INFINITE, level = 10)
            f.controller.use { c ->
                // White without its queen, Black to move: the engine (Black) scores about +9,
                // which White's view shows as about -9.
                c.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1")
                val s = c.awaitState("a thinking line") { it.thinking != null }
                val shown = s.thinking!!.scoreText
                assertTrue(shown.startsWith("-") && shown.removePrefix("-").toDouble() > 5.0, shown)
                // White's win chance, on the review's scale: about 13 % at -5 pawns, less beyond.
                assertTrue(s.thinking!!.whiteWin < 15.0, "${s.thinking}")
                assertTrue(s.engineThinking)
            }
        }
    }

    @Test
    fun `a failed search shows the core's error and plays nothing`() {
        val s = stateAfterReplyTo("e2", "e4") { it.copy(error = "the search failed (a bug in chesscore): test") }
        assertEquals(1u, s.snapshot.ply, "the failed search's move was not played")
        assertEquals("The engine failed: the search failed (a bug in chesscore): test", s.message)
        assertFalse(s.engineThinking)
    }

    @Test
    fun `after a failed search, dismissing its message starts the engine's turn again`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE))
            f.engine.tamper = { it.copy(error = "the search failed (a bug in chesscore): test") }
            f.controller.use { c ->
                c.move("e2", "e4")
                f.engine.nextResult()
                yield()
                assertEquals("The engine failed: the search failed (a bug in chesscore): test", c.state.value.message)
                assertFalse(c.state.value.engineThinking)
                assertEquals(1, f.engine.started)
                f.engine.tamper = { it }
                c.dismissMessage()
                assertEquals(2, f.engine.started, "searched again")
                c.awaitState("the reply") { it.snapshot.ply == 2u }
                assertNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `undo against the engine takes back to the player's turn, redo replays both plies`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE))
            f.controller.use { c ->
                c.move("e2", "e4")
                val replied = c.awaitState("the reply") { it.snapshot.ply == 2u }.snapshot
                c.undo()
                assertEquals(0u, c.state.value.snapshot.ply)
                assertFalse(c.state.value.engineThinking)
                c.redo()
                assertEquals(replied.sanHistory, c.state.value.snapshot.sanHistory)
                assertFalse(c.state.value.engineThinking, "the player's turn after redo")
                assertEquals(1, f.engine.started)
            }
        }
    }

    @Test
    fun `a move after undo is the game's main line - the moves taken back stay as a variation`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("e2", "e4")
                c.move("e7", "e5")
                c.undo()
                c.move("c7", "c5")
                val s = c.state.value.snapshot
                assertEquals(listOf("e4", "c5"), s.sanHistory)
                assertFalse(s.canRedo, "a new move is a new line")
                assertEquals(listOf("e4" to "c5"), s.moveRows.map { it.white to it.black })
                assertTrue(c.pgn().contains("1. e4 c5 (1... e5) *"), c.pgn())
                assertEquals(s.node, s.moveRows[0].blackNode, "the current move is marked in the rows")
            }
        }
    }

    @Test
    fun `a Chess960 game - started by number, the king castles onto its rook, restored, timed, refused numbers change nothing`() {
        onMain {
            val store = InMemoryGameStore()
            Fixture(this, store).controller.use { c ->
                c.newGame(GameMode.HumanVsHuman, start = StartPosition.Chess960(518u))
                val start = c.state.value
                assertTrue(start.snapshot.chess960)
                assertEquals(518u, start.chess960Number)
                assertEquals(chess960StartFen(518u), start.snapshot.fen)
                for ((from, to) in listOf("e2" to "e4", "e7" to "e5", "g1" to "f3", "b8" to "c6", "f1" to "c4", "f8" to "c5")) {
                    c.move(from, to)
                }
                c.tapSquare(sq("e1"))
                assertTrue(sq("h1") in c.state.value.targets, "the king's castling target is its own rook")
                c.tapSquare(sq("h1"))
                val castled = c.state.value.snapshot
                assertEquals("O-O", castled.sanHistory.last())
                assertEquals(Piece(Side.WHITE, PieceKind.KING), castled.pieceAt(sq("g1")))
                assertEquals(Piece(Side.WHITE, PieceKind.ROOK), castled.pieceAt(sq("f1")))
            }
            Fixture(this, store).controller.use { c ->
                val restored = c.state.value
                assertTrue(restored.snapshot.chess960)
                assertEquals(518u, restored.chess960Number)
                assertEquals("O-O", restored.snapshot.sanHistory.last())
                // A number the core refuses: its message, nothing changes.
                c.newGame(GameMode.HumanVsHuman, start = StartPosition.Chess960(960u))
                assertEquals(restored.snapshot, c.state.value.snapshot)
                assertNotNull(c.state.value.message)
                // A random one with a clock.
                c.newGame(GameMode.HumanVsHuman, timeControl = assertNotNull(timeControlFromPgn("180+2")), start = StartPosition.Chess960())
                val timed = c.state.value
                assertTrue(timed.snapshot.chess960)
                assertNotNull(timed.clock)
                val number = assertNotNull(timed.chess960Number)
                assertEquals(chess960StartFen(number), timed.snapshot.fen)
                // And standard chess again.
                c.newGame(GameMode.HumanVsHuman)
                assertFalse(c.state.value.snapshot.chess960)
                assertNull(c.state.value.chess960Number)
            }
        }
    }

    @Test
    fun `a new game from the analysis board's position - its FEN, Chess960 too, the engine's turn when due, a bad FEN changes nothing`() {
        onMain {
            val f = Fixture(this, mode = GameMode.HumanVsHuman)
            f.controller.use { c ->
                // The analysis board's position after 1. e4: the person takes White, so the engine (Black) moves.
                val analysed = ChessGame.fromPgn("1. e4 *").use { AnalysisUiState(snapshot = it.snapshot()).startPosition }
                assertEquals(StartPosition.Position(analysed.fen, chess960 = false), analysed)
                c.newGame(GameMode.HumanVsEngine(Side.WHITE), start = analysed)
                assertEquals(analysed.fen, c.state.value.snapshot.fen)
                assertTrue(c.state.value.engineThinking, "Black to move: the engine's turn")
                c.awaitState("the engine's reply") { it.snapshot.ply == 1u }
                // A Chess960 position keeps its castling rules, also where its FEN reads as
                // standard chess (518: the standard arrangement); without the flag it is standard.
                val start960 = StartPosition.Position(chess960StartFen(518u), chess960 = true)
                c.newGame(GameMode.HumanVsHuman, start = start960)
                assertTrue(c.state.value.snapshot.chess960)
                assertEquals(start960.fen, c.state.value.snapshot.fen)
                c.newGame(GameMode.HumanVsHuman, start = start960.copy(chess960 = false))
                assertFalse(c.state.value.snapshot.chess960)
                // A FEN the core refuses: its message, the game unchanged.
                val before = c.state.value.snapshot
                c.newGame(GameMode.HumanVsHuman, start = StartPosition.Position("8/8/8/8/8/8/8/8 w - - 0 1"))
                assertEquals(before, c.state.value.snapshot)
                assertNotNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `play from here - the new game has the moves that led to the position, so a repetition counts`() {
        onMain {
            // Knights out and back: after 4. Ng1, 4... Ng8 brings the start position back a third time.
            val pgn = "[White \"Ann\"]\n\n1. Nf3 {Quiet} Nf6 2. Ng1 (2. d4) Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1-0"
            val board = AnalysisFixture(this, pgn = pgn, ply = 7u)
            val start = board.controller.playFromHereStart()
            val fenOnly = board.state.startPosition
            board.controller.close()
            // After close the board can only give its position.
            assertEquals(fenOnly, board.controller.playFromHereStart())
            assertTrue(start is StartPosition.Moves, "$start")
            val f = Fixture(this, mode = GameMode.HumanVsHuman)
            f.controller.use { c ->
                c.newGame(GameMode.HumanVsHuman, start = start)
                val s = c.state.value.snapshot
                assertEquals(listOf("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"), s.sanHistory)
                assertEquals(fenOnly.fen, s.fen)
                assertEquals(GameStatus.Ongoing(null), s.status, "not over: the analysed game's 1-0 stays behind")
                c.move("f6", "g8")
                assertEquals(GameStatus.Ongoing(DrawReason.THREEFOLD_REPETITION), c.state.value.snapshot.status)
                // Without the moves (the FEN alone) the same move repeats nothing.
                c.newGame(GameMode.HumanVsHuman, start = fenOnly)
                c.move("f6", "g8")
                assertEquals(GameStatus.Ongoing(null), c.state.value.snapshot.status)
            }
            // The moves alone: not the analysed game's players, comments or variations.
            val text = (start as StartPosition.Moves).pgn
            assertFalse("Ann" in text || "Quiet" in text || "d4" in text, text)
        }
    }

    @Test
    fun `restore after a kill - a new controller with the same store resumes the game, redo stack and settings`() {
        onMain {
            val store = InMemoryGameStore()
            val first = Fixture(this, store).controller
            first.move("e2", "e4")
            first.move("e7", "e5")
            first.move("g1", "f3")
            first.undo()
            first.flipBoard()
            val before = first.state.value
            first.close() // the process dies; only the store survives
            Fixture(this, store, mode = GameMode.HumanVsEngine(Side.WHITE)).controller.use { second ->
                val s = second.state.value
                assertEquals(before.snapshot, s.snapshot)
                assertTrue(s.snapshot.canRedo)
                assertEquals(GameMode.HumanVsHuman, s.mode, "the saved mode wins over the default")
                assertEquals(Side.BLACK, s.orientation)
                assertNull(s.message)
                second.redo()
                assertEquals(listOf("e4", "e5", "Nf3"), second.state.value.snapshot.sanHistory)
            }
        }
    }

    @Test
    fun `killed while the engine thinks - the restored controller resumes the engine's turn, level is kept`() {
        onMain {
            val store = InMemoryGameStore()
            val first = Fixture(this, store, mode = GameMode.HumanVsEngine(Side.WHITE), limits = INFINITE, level = 10)
            first.controller.setLevel(12) // clamped to the strongest level
            assertEquals(10, first.controller.state.value.level)
            first.controller.move("e2", "e4")
            assertTrue(first.controller.state.value.engineThinking)
            first.controller.close()
            val second = Fixture(this, store, mode = GameMode.HumanVsHuman, limits = SearchLimits(depth = 2u), level = 3)
            second.controller.use { c ->
                assertEquals(10, c.state.value.level, "the saved level wins over the default")
                assertEquals(GameMode.HumanVsEngine(Side.WHITE), c.state.value.mode)
                assertTrue(c.state.value.engineThinking, "Black (the engine) is to move at start")
                c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
            }
        }
    }

    @Test
    fun `restore of a damaged save starts a new game and says why`() {
        onMain {
            val store = InMemoryGameStore("{\"not\": \"a game\"}")
            Fixture(this, store).controller.use { c ->
                val s = c.state.value
                assertEquals(0u, s.snapshot.ply)
                assertNotNull(s.message)
                assertTrue(s.message!!.endsWith("It is kept aside."), s.message)
                ChessGame.fromJson(store.load()!!).use { assertEquals(0u, it.snapshot().ply) }
                // The unreadable save is set aside before the new game is saved over it.
                assertEquals("{\"not\": \"a game\"}", store.setAsideJson)
            }
        }
    }

    @Test
    fun `an invalid FEN shows the core's message and leaves the game unchanged`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("e2", "e4")
                val before = c.state.value.snapshot
                val bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
                val coreMessage = assertFailsWith<ChessException.InvalidFen> { ChessGame.fromFen(bad) }.message
                c.loadFen(bad)
                assertEquals(coreMessage, c.state.value.message)
                assertEquals(before, c.state.value.snapshot)
                c.dismissMessage()
                assertNull(c.state.value.message)
                c.loadFen(" $PROMOTION_FEN ")
                assertEquals(PROMOTION_FEN, c.state.value.snapshot.fen)
                assertEquals(PROMOTION_FEN, c.fen())
            }
        }
    }

    @Test
    fun `game over - fool's mate and stalemate are shown, further taps ignored`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("f2", "f3")
                c.move("e7", "e5")
                c.move("g2", "g4")
                c.move("d8", "h4")
                val s = c.state.value
                assertEquals(GameStatus.Ended(Outcome.Checkmate(Side.BLACK)), s.snapshot.status)
                assertEquals("Checkmate — Black wins", s.statusText)
                assertTrue(s.isGameOver)
                assertEquals(sq("e1"), s.snapshot.checkSquare)
                c.tapSquare(sq("e1"))
                assertNull(c.state.value.selected)
                assertTrue(c.pgn().contains("0-1"))
            }
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).let { f ->
                f.controller.use { c ->
                    c.loadFen(STALEMATE_FEN) // Black (the engine) to move, but stalemated
                    assertEquals("Draw by stalemate", c.state.value.statusText)
                    assertFalse(c.state.value.engineThinking)
                    assertEquals(0, f.engine.started)
                }
            }
        }
    }

    @Test
    fun `a claimable draw is offered and claimed`() {
        onMain {
            Fixture(this).controller.use { c ->
                repeat(2) {
                    assertNull(c.state.value.claimableDraw)
                    c.move("g1", "f3"); c.move("g8", "f6"); c.move("f3", "g1"); c.move("f6", "g8")
                }
                val s = c.state.value
                assertEquals(DrawReason.THREEFOLD_REPETITION, s.claimableDraw)
                assertEquals("Draw may be claimed: threefold repetition", s.statusText)
                // Not while a move is looked back at, nor while the players pause the game.
                c.viewPly(3)
                assertNull(c.state.value.claimableDraw)
                c.claimDraw()
                assertEquals(GameStatus.Ongoing(DrawReason.THREEFOLD_REPETITION), c.state.value.snapshot.status)
                c.viewPly(null)
                assertNull(s.copy(userPaused = true).claimableDraw)
                assertEquals(DrawReason.THREEFOLD_REPETITION, c.state.value.claimableDraw)
                c.claimDraw()
                assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.THREEFOLD_REPETITION)), c.state.value.snapshot.status)
                assertEquals("Draw by threefold repetition", c.state.value.statusText)
                assertNull(c.state.value.claimableDraw)
            }
        }
    }

    @Test
    fun `a draw is claimed with the move that makes it, announced first`() {
        onMain {
            Fixture(this).controller.use { c ->
                assertFalse(c.state.value.canClaimWithMove)
                c.claimDrawWithNextMove() // nothing to claim with yet: ignored
                assertFalse(c.state.value.claimingWithNextMove)
                c.move("g1", "f3"); c.move("g8", "f6"); c.move("f3", "g1"); c.move("f6", "g8")
                c.move("g1", "f3"); c.move("g8", "f6"); c.move("f3", "g1")
                // Ng8 would make the third occurrence: the claim may be announced with it.
                assertNull(c.state.value.claimableDraw)
                assertTrue(c.state.value.canClaimWithMove)
                assertFalse(c.state.value.copy(userPaused = true).canClaimWithMove)
                c.viewPly(2)
                assertFalse(c.state.value.canClaimWithMove, "not while looking back")
                c.viewPly(null)
                c.claimDrawWithNextMove()
                assertTrue(c.state.value.claimingWithNextMove)
                c.claimDrawWithNextMove(false)
                assertFalse(c.state.value.claimingWithNextMove)
                c.claimDrawWithNextMove()
                c.move("f6", "g8")
                val s = c.state.value
                assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.THREEFOLD_REPETITION)), s.snapshot.status)
                assertEquals("Ng8", s.snapshot.lastMove?.san)
                assertFalse(s.claimingWithNextMove)
                assertFalse(s.canClaimWithMove)
                assertNull(s.message)
            }
        }
    }

    @Test
    fun `an announced claim with a move that allows none plays the move and says so`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("g1", "f3"); c.move("g8", "f6"); c.move("f3", "g1"); c.move("f6", "g8")
                c.move("g1", "f3"); c.move("g8", "f6"); c.move("f3", "g1")
                c.claimDrawWithNextMove()
                c.move("e7", "e5")
                val s = c.state.value
                // FIDE 9.5.1: the announced move stands and the game goes on.
                assertEquals(GameStatus.Ongoing(null), s.snapshot.status)
                assertEquals(8u, s.snapshot.ply)
                assertEquals("No draw: e5 allows no claim. The move stands.", s.message)
                assertFalse(s.claimingWithNextMove)
                // A move that allows no claim and mates: the status says it, no message.
                c.loadFen("4r2k/6pp/8/8/8/8/8/K3R3 w - - 99 80")
                assertTrue(c.state.value.canClaimWithMove)
                c.claimDrawWithNextMove()
                c.move("e1", "e8")
                assertEquals(GameStatus.Ended(Outcome.Checkmate(Side.WHITE)), c.state.value.snapshot.status)
                assertNull(c.state.value.message)
            }
        }
    }

    @Test
    fun `resign and agree draw end the game, undo takes the resignation back`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).controller.use { c ->
                c.resign(Side.BLACK) // against the engine it is always the player's side
                assertEquals("White resigned — Black wins", c.state.value.statusText)
                c.undo()
                assertEquals(GameStatus.Ongoing(null), c.state.value.snapshot.status)
                assertEquals(0u, c.state.value.snapshot.ply)
            }
            Fixture(this).controller.use { c ->
                c.agreeDraw()
                assertEquals("Draw by agreement", c.state.value.statusText)
                assertFalse(c.state.value.canOfferDraw, "between two people there is nobody to offer to")
            }
        }
    }

    @Test
    fun `between two people the side that resigns is the one named, not the side to move`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.move("e2", "e4"); c.move("e7", "e5")
                // White to move; Black resigns from the menu.
                c.resign(Side.BLACK)
                assertEquals("Black resigned — White wins", c.state.value.statusText)
            }
        }
    }

    @Test
    fun `against the engine a draw offer is answered on its turn - declined early in a level game`() {
        onMain {
            // Level 10: no evaluation blur, so the engine's score after 1. e4 is about level.
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 10).controller.use { c ->
                assertTrue(c.state.value.canOfferDraw)
                c.agreeDraw() // against the engine: an offer, not an agreement
                assertTrue(c.state.value.drawOffered)
                assertFalse(c.state.value.canOfferDraw)
                assertFalse(c.state.value.isGameOver)
                c.move("e2", "e4")
                val s = c.awaitState("the engine's reply") { it.snapshot.ply == 2u && !it.engineThinking }
                assertEquals(GameStatus.Ongoing(null), s.snapshot.status)
                assertEquals(drawDeclinedText(), s.message)
                assertFalse(s.drawOffered)
                assertTrue(s.canOfferDraw)
                // An offer standing when the game ends goes with it.
                c.offerDraw()
                c.resign()
                assertTrue(c.state.value.isGameOver)
                assertFalse(c.state.value.drawOffered)
            }
        }
    }

    @Test
    fun `against the engine a draw offer is accepted when the engine is lost, and withdrawn by a take-back`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).controller.use { c ->
                // White has a rook more: the engine (Black) takes the draw.
                c.loadFen("7k/8/8/8/8/8/8/R6K w - - 0 40")
                c.offerDraw()
                c.move("h1", "g2")
                val s = c.awaitState("the engine's answer") { it.isGameOver }
                assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.AGREEMENT)), s.snapshot.status)
                assertEquals(1u, s.snapshot.ply, "the engine made no move")
                assertFalse(s.drawOffered)
                assertNull(s.message)

                // An offer withdrawn by a take-back is not answered.
                c.loadFen("7k/8/8/8/8/8/8/R6K w - - 0 40")
                c.move("h1", "g2")
                c.awaitState("the engine's move") { it.snapshot.ply == 2u && !it.engineThinking }
                c.offerDraw()
                c.undo()
                assertFalse(c.state.value.drawOffered)
                c.move("h1", "h2")
                val after = c.awaitState("the engine's move") { it.snapshot.ply == 2u && !it.engineThinking }
                assertEquals(GameStatus.Ongoing(null), after.snapshot.status)
            }
        }
    }

    @Test
    fun `a losing engine claims the draw its move completes`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).controller.use { c ->
                // Black (the engine) to move, a rook down, on the 100th ply without a capture or pawn move.
                c.loadFen("7k/8/8/8/8/8/8/R6K b - - 99 80")
                val s = c.awaitState("the engine's claim") { it.isGameOver }
                assertEquals(GameStatus.Ended(Outcome.Draw(DrawReason.FIFTY_MOVE_RULE)), s.snapshot.status)
                assertEquals(1u, s.snapshot.ply, "claimed with its move")
            }
        }
    }

    @Test
    fun `looking back shows an earlier position while the game stays, a tap returns to the game`() {
        onMain {
            Fixture(this).controller.use { c ->
                assertFalse(c.state.value.canViewBack)
                c.move("e2", "e4"); c.move("e7", "e5"); c.move("g1", "f3")
                c.tapSquare(sq("b8")) // a selection, cleared by looking back
                assertEquals(listOf(1 to 2, 3 to null), c.state.value.moveRowPlies)
                c.viewPly(1)
                var s = c.state.value
                assertEquals(1, s.viewed?.ply)
                assertEquals("e4", s.boardSnapshot.lastMove?.san)
                assertEquals("After 1. e4", viewedText(s.boardSnapshot))
                assertEquals(Piece(Side.WHITE, PieceKind.PAWN), s.boardSnapshot.pieceAt(sq("e4")))
                assertNull(s.boardSnapshot.pieceAt(sq("e5")))
                assertEquals(3u, s.snapshot.ply, "the game stays where it is")
                assertNull(s.selected)
                assertFalse(s.isHumanTurn)
                c.viewBack()
                assertEquals(0, c.state.value.viewed?.ply)
                assertFalse(c.state.value.canViewBack)
                assertEquals("The start position", viewedText(c.state.value.boardSnapshot))
                c.viewForward(); c.viewForward()
                assertEquals(2, c.state.value.viewed?.ply)
                assertEquals("After 1... e5", viewedText(c.state.value.boardSnapshot))
                c.viewForward() // past the last earlier position: the game's own
                assertNull(c.state.value.viewed)
                c.viewBack()
                assertEquals(2, c.state.value.viewed?.ply)
                // A tap on the board goes back to the game and selects nothing.
                c.tapSquare(sq("b8"))
                s = c.state.value
                assertNull(s.viewed)
                assertNull(s.selected)
                assertEquals(s.snapshot, s.boardSnapshot)
                c.viewPly(7) // beyond the game: the game's own
                assertNull(c.state.value.viewed)
            }
        }
    }

    @Test
    fun `the engine's reply brings the board back to the game`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE)).controller.use { c ->
                c.move("e2", "e4")
                assertTrue(c.state.value.engineThinking)
                c.viewPly(0) // while the engine thinks on the game's own position
                assertEquals(0, c.state.value.viewed?.ply)
                val s = c.awaitState("the engine's reply") { it.snapshot.ply == 2u }
                assertNull(s.viewed)
                assertEquals(s.snapshot, s.boardSnapshot)
            }
        }
    }

    @Test
    fun `a pasted FEN with stale castling rights loads without them and says so, a wrong one is refused`() {
        onMain {
            Fixture(this).controller.use { c ->
                // The rooks have left a1 and h8, the rights were copied all the same.
                assertTrue(c.loadFen("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 30"))
                val s = c.state.value
                assertEquals("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 30", s.snapshot.fen)
                val note = s.message!!
                assertTrue(note.startsWith("The FEN was loaded with changes: dropped a castling right"), note)
                assertTrue("rook on a1" in note && "rook on h8" in note, note)
                // KQkq copied after the king went to f1: stale on this standard board, not a Chess960 game.
                assertTrue(c.loadFen("rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w KQkq - 1 2"))
                assertFalse(c.state.value.snapshot.chess960)
                assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w kq - 1 2", c.state.value.snapshot.fen)
                // A clean FEN says nothing; a position without a king is refused as before.
                assertTrue(c.loadFen(KIWIPETE))
                assertNull(c.state.value.message)
                assertFalse(c.loadFen("8/8/8/8/8/8/8/K7 w - - 0 1"))
                assertEquals(KIWIPETE, c.state.value.snapshot.fen)
                assertTrue(c.state.value.message!!.contains("Black has no king"), c.state.value.message)
            }
        }
    }

    @Test
    fun `always promote to a queen skips the picker and is kept in the settings`() {
        onMain {
            val store = InMemoryGameStore()
            Fixture(this, store = store).controller.use { c ->
                assertFalse(c.state.value.autoQueen)
                c.setAutoQueen(true)
                c.loadFen(PROMOTION_FEN)
                c.move("a7", "a8")
                val s = c.state.value
                assertNull(s.pendingPromotion)
                assertEquals(PieceKind.QUEEN, s.snapshot.lastMove?.promotion)
                assertEquals(Piece(Side.WHITE, PieceKind.QUEEN), s.snapshot.pieceAt(sq("a8")))
            }
            Fixture(this, store = store).controller.use { c ->
                assertTrue(c.state.value.autoQueen, "kept in the settings")
                c.setAutoQueen(false)
                c.loadFen(PROMOTION_FEN)
                c.move("a7", "a8")
                assertEquals(PieceKind.entries.filter { it != PieceKind.KING && it != PieceKind.PAWN }.toSet(), c.state.value.pendingPromotion?.choices?.toSet())
            }
        }
    }

    @Test
    fun `a premove made while the engine thinks is played after its move when legal, dropped when not`() {
        onMain {
            // Level 10 at depth 2: the engine replies to 1. e4 and 2. Nf3 within moments.
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 10).controller.use { c ->
                c.move("e2", "e4")
                assertTrue(c.state.value.canPremove)
                c.tapSquare(sq("g1"))
                // The knight's squares whatever Black replies, marked as targets.
                val knight = setOf(sq("e2"), sq("f3"), sq("h3"))
                assertEquals(Premove(sq("g1"), null, knight), c.state.value.premove)
                assertEquals(knight, c.state.value.boardTargets)
                // What TalkBack hears on the board's squares: the Board composable's words, with the
                // premove drawn as blue rings as it draws it.
                val say = { state: BoardUiState, name: String ->
                    boardSquareDescription(
                        sq(name), state.snapshot.pieceAt(sq(name)), state.boardTargets, state.snapshot.checkSquare,
                        state.snapshot.lastMove, state.selected, state.selected?.let { state.snapshot.pieceAt(it) },
                        squareMarks = state.premoveSquares.map { SquareMark(MarkColor.BLUE, it) },
                        premoveSquares = state.premoveSquares,
                    )
                }
                assertEquals("g1, white knight, premove start", say(c.state.value, "g1"))
                assertEquals("f3, empty, legal move", say(c.state.value, "f3"))
                c.tapSquare(sq("f3"))
                assertEquals(Premove(sq("g1"), sq("f3")), c.state.value.premove)
                assertEquals(listOf(sq("g1"), sq("f3")), c.state.value.premoveSquares)
                assertEquals("g1, white knight, premove to f3", say(c.state.value, "g1"))
                assertEquals("f3, empty, premove from g1", say(c.state.value, "f3"))
                assertEquals(emptySet(), c.state.value.boardTargets)
                // After the engine's reply, Nf3 is played at once, and the engine thinks again.
                val s = c.awaitState("the premove played") { it.snapshot.ply >= 3u }
                assertEquals("Nf3", s.snapshot.sanHistory[2])
                assertNull(s.premove)
                c.awaitState("the engine's second reply") { it.snapshot.ply == 4u && !it.engineThinking }

                // A premove that can never be legal (the rook cannot pass its own pawn): refused at
                // once, dragged or tapped.
                c.move("d2", "d3")
                c.dragMove(sq("a1"), sq("a5"))
                assertNull(c.state.value.premove)
                c.tapSquare(sq("a1")); c.tapSquare(sq("a5"))
                assertNull(c.state.value.premove)
                c.awaitState("the engine's reply") { it.snapshot.ply == 6u && !it.engineThinking }

                // Cancelled by a tap on an empty square, or by the same piece again.
                c.move("b1", "c3")
                c.tapSquare(sq("c1")); c.tapSquare(sq("c1"))
                assertNull(c.state.value.premove)
                c.tapSquare(sq("e5"))
                assertNull(c.state.value.premove, "not the player's piece")
                c.awaitState("the engine's reply") { it.snapshot.ply == 8u && !it.engineThinking }
                assertFalse(c.state.value.canPremove)

                // A premove that could have been legal but is not after the engine's move (it
                // takes the queen): dropped, nothing played for the player.
                c.loadFen("3r3k/8/8/8/8/3Q4/P7/K7 b - - 0 1")
                c.dragMove(sq("d3"), sq("d5"))
                assertEquals(Premove(sq("d3"), sq("d5")), c.state.value.premove)
                val after = c.awaitState("the engine's reply") { it.snapshot.ply == 1u && !it.engineThinking }
                assertEquals(Piece(Side.BLACK, PieceKind.ROOK), after.snapshot.pieceAt(sq("d3")))
                assertNull(after.premove)
                assertTrue(after.isHumanTurn, "nothing played for the player")
            }
        }
    }

    @Test
    fun `between two people the board may turn to the side to move, a setting kept`() {
        onMain {
            val store = InMemoryGameStore()
            Fixture(this, store = store, mode = GameMode.HumanVsHuman).controller.use { c ->
                assertTrue(c.state.value.canAutoFlip)
                c.move("e2", "e4")
                assertEquals(Side.WHITE, c.state.value.orientation, "off by default")
                c.setAutoFlip(true)
                assertEquals(Side.BLACK, c.state.value.orientation, "turned at once")
                c.move("e7", "e5")
                assertEquals(Side.WHITE, c.state.value.orientation)
                c.undo()
                assertEquals(Side.BLACK, c.state.value.orientation)
                // Against the engine the player's side stays at the bottom.
                c.newGame(GameMode.HumanVsEngine(Side.WHITE))
                assertFalse(c.state.value.canAutoFlip)
                c.move("e2", "e4")
                assertEquals(Side.WHITE, c.state.value.orientation)
                c.awaitState("the engine's reply") { it.snapshot.ply == 2u && !it.engineThinking }
            }
            Fixture(this, store = store).controller.use { c ->
                assertTrue(c.state.value.autoFlip, "kept in the settings")
                c.newGame(GameMode.HumanVsHuman)
                c.move("e2", "e4")
                assertEquals(Side.BLACK, c.state.value.orientation)
            }
            Fixture(this, store = store).controller.use { c ->
                assertEquals(Side.BLACK, c.state.value.orientation, "a restart shows the side to move")
            }
        }
    }

    @Test
    fun `a level saved before the levels were renumbered keeps its strength`() {
        onMain {
            fun levelAfterRestart(saved: Map<String, String>): Int {
                val store = InMemoryGameStore().also { it.saveSettings(saved) }
                return Fixture(this, store = store).controller.use { c -> c.state.value.level }
            }
            // Written before 2026-11-26: old 1-4 are 2-5, old 5 ("Improver") is gone.
            assertEquals(listOf(2, 3, 4, 5, 6, 6, 7, 10), listOf(1, 2, 3, 4, 5, 6, 7, 10).map { levelAfterRestart(mapOf("level" to "$it")) })
            // Written since: as saved.
            assertEquals(4, levelAfterRestart(mapOf("level" to "4", "levelScale" to "2")))
            val store = InMemoryGameStore()
            Fixture(this, store = store).controller.use { c -> c.setLevel(3) }
            assertEquals("2", store.loadSettings()["levelScale"])
            assertEquals(3, levelAfterRestart(store.loadSettings()))
        }
    }

    @Test
    fun `a tapped premove may end on the player's own piece where it may recapture`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 10).controller.use { c ->
                // Black (the engine) to move may take on d5; the c3 knight may take back there.
                c.loadFen("4k3/8/4p3/3P4/8/2N5/8/4K3 b - - 0 1")
                c.tapSquare(sq("c3"))
                assertTrue(sq("d5") in c.state.value.boardTargets)
                c.tapSquare(sq("d5"))
                assertEquals(Premove(sq("c3"), sq("d5")), c.state.value.premove)
                // The king cannot reach d5: a tap there picks the d5 pawn instead.
                c.tapSquare(sq("e1"))
                c.tapSquare(sq("d5"))
                assertEquals(sq("d5"), c.state.value.premove?.from)
                assertNull(c.state.value.premove?.to)
                c.awaitState("the engine's reply") { !it.engineThinking && it.isHumanTurn }
            }
        }
    }

    @Test
    fun `a premoved promotion opens the picker, or is a queen with auto-queen`() {
        onMain {
            Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), level = 10).controller.use { c ->
                // Black (the engine) to move: it thinks at once.
                c.loadFen("8/P7/8/8/8/8/k6K/8 b - - 0 1")
                assertTrue(c.state.value.canPremove)
                // A drag onto the player's own king's square, where the pawn can never go: none.
                c.dragMove(sq("a7"), sq("h2"))
                assertNull(c.state.value.premove)
                c.dragMove(sq("a7"), sq("a8"))
                assertEquals(Premove(sq("a7"), sq("a8")), c.state.value.premove)
                val s = c.awaitState("the picker") { it.pendingPromotion != null }
                assertEquals(1u, s.snapshot.ply, "only the engine's move: the player chooses the piece")
                assertNull(s.premove)

                c.setAutoQueen(true)
                c.loadFen("8/P7/8/8/8/8/k6K/8 b - - 0 1")
                c.dragMove(sq("a7"), sq("a8"))
                val q = c.awaitState("the queen") { it.snapshot.ply >= 2u }
                assertEquals(Piece(Side.WHITE, PieceKind.QUEEN), q.snapshot.pieceAt(sq("a8")))
            }
        }
    }

    @Test
    fun `the default hint is searched at full strength, also when the engine plays at level 1`() {
        onMain {
            Fixture(this, level = 1, hintLimits = defaultHintLimits()).controller.use { c ->
                // Mate in 3 for Black (...Bc5+): beyond level 1's one-ply horizon.
                c.loadFen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1")
                c.requestHint()
                val s = c.awaitState("a hint") { it.hint != null }
                assertEquals("Bc5+", s.hint!!.san)
                assertEquals(1, c.state.value.level, "the engine's own level is unchanged")
            }
        }
    }

    @Test
    fun `hint - the engine thinks (taps ignored), suggests a legal move, cleared by the next move`() {
        onMain {
            Fixture(this).controller.use { c ->
                c.requestHint()
                assertTrue(c.state.value.engineThinking)
                c.tapSquare(sq("e2"))
                assertNull(c.state.value.selected, "taps are ignored while the hint is computed")
                val s = c.awaitState("a hint") { it.hint != null }
                assertFalse(s.engineThinking)
                assertEquals(0u, s.snapshot.ply, "a hint is not played")
                assertTrue(s.hint in s.snapshot.legalMoves, "hint ${s.hint} is legal")
                c.tapSquare(s.hint!!.from)
                c.tapSquare(s.hint!!.to)
                assertEquals(1u, c.state.value.snapshot.ply)
                assertNull(c.state.value.hint)
            }
        }
    }

    @Test
    fun `flip toggles the orientation, a new game shows the player's side at the bottom`() {
        onMain {
            Fixture(this).controller.use { c ->
                assertEquals(Side.WHITE, c.state.value.orientation)
                assertEquals(sq("a8"), c.state.value.squareAtCell(0, 0), "White at the bottom: a8 top left")
                assertEquals(sq("h1"), c.state.value.squareAtCell(7, 7))
                c.flipBoard()
                assertEquals(Side.BLACK, c.state.value.orientation)
                assertEquals(sq("h1"), c.state.value.squareAtCell(0, 0), "Black at the bottom: h1 top left")
                assertEquals(sq("a8"), c.state.value.squareAtCell(7, 7))
                for (st in listOf(c.state.value, c.state.value.copy(orientation = Side.WHITE))) {
                    val cells = (0..7).flatMap { row -> (0..7).map { column -> column to row } }
                    assertEquals(Square.entries.toSet(), cells.map { (x, y) -> st.squareAtCell(x, y) }.toSet(), "one square per cell")
                    cells.forEach { (x, y) -> assertEquals(x to y, st.cellOf(st.squareAtCell(x, y))) }
                }
                c.flipBoard()
                assertEquals(Side.WHITE, c.state.value.orientation)
                c.newGame(GameMode.HumanVsEngine(Side.BLACK), level = 3)
                assertEquals(Side.BLACK, c.state.value.orientation)
                assertEquals(3, c.state.value.level)
                c.awaitState("the engine's first move") { it.snapshot.ply == 1u }
            }
        }
    }

    @Test
    fun `engine vs engine plays by itself until a new game stops it`() {
        onMain {
            val f = Fixture(this, limits = SearchLimits(depth = 1u))
            f.controller.use { c ->
                c.newGame(GameMode.EngineVsEngine)
                c.awaitState("six plies") { it.snapshot.ply >= 6u }
                c.newGame(GameMode.HumanVsHuman)
                assertEquals(0u, c.state.value.snapshot.ply)
                assertFalse(c.state.value.engineThinking)
                eventually("the engine idle") { !f.engine.isSearching() }
                val started = f.engine.started
                c.move("e2", "e4")
                assertEquals(started, f.engine.started, "no search in a human game")
                assertEquals(1u, c.state.value.snapshot.ply)
            }
        }
    }

    @Test
    fun `no leaked Rust objects after closing, even mid-search`() {
        onMain {
            val baseline = liveObjectCount()
            val f = Fixture(this, mode = GameMode.HumanVsEngine(Side.WHITE), limits = INFINITE, level = 10)
            f.controller.move("e2", "e4")
            eventually("the engine searching") { f.engine.isSearching() }
            assertTrue(liveObjectCount() >= baseline + 3u, "game, engine and search handle alive")
            val (pgn, fen) = f.controller.pgn() to f.controller.fen()
            f.controller.close()
            assertEquals(baseline, liveObjectCount())
            f.controller.tapSquare(sq("d2")) // ignored after close, no crash
            // A share that comes after the close still gets the game's text.
            assertEquals(pgn to fen, f.controller.pgn() to f.controller.fen())
            assertTrue(fen.contains(" b "), fen)
        }
    }
}
