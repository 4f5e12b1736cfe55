package dev.chesscore.tests

import dev.chesscore.*
import kotlin.test.*
import org.junit.jupiter.api.Test

private fun ChessGame.play(vararg sans: String) = sans.forEach { playSan(it) }

/** A game 1. e4 e5 2. Nf3 with the variation 1... c5, standing on c5. */
private fun withVariation(): ChessGame = ChessGame().apply {
    play("e4", "e5", "Nf3")
    goBack()
    goBack()
    play("c5")
}

/** The move list as text: `1. e4`, `(1`, `{comment}`, with `*` on the current move. */
private fun GameSnapshot.listText(): List<String> = moveList.map { item ->
    when (item) {
        is MoveListItem.Move -> {
            val number = if (item.showNumber) "${item.number}${if (item.side == Side.WHITE) "." else "..."} " else ""
            "${item.depth}:$number${item.san}${if (item.node == node) "*" else ""}"
        }
        is MoveListItem.Comment -> "{${item.text}}"
        is MoveListItem.VariationStart -> "(${item.depth}"
        is MoveListItem.VariationEnd -> "${item.depth})"
    }
}


/** A game score with a nested variation, comments, NAGs and every annotation command kind. */
private val ANNOTATED_PGN = """
[Event "Tree test"]
[Site "?"]
[Date "2026.11.23"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

{Opening} 1. e4 {[%clk 0:05:00]} 1... c5 $2 {[%clk 0:04:58] [%eval 0.35,20]} (1... e5 $1
{Classical} 2. Nf3 (2. Bc4 {[%cal Gf1c4]}) 2... Nc6) 2. Nf3 {[%csl Rd4] [%cal Gd2d4]} d6 $6 1-0
""".trimStart()

/** The node of the first move in the move list written [san]. */
private fun GameSnapshot.nodeOf(san: String): UInt =
    moveList.filterIsInstance<MoveListItem.Move>().first { it.san == san }.node

class TreeTest {
    @Test
    fun `a move off the main line makes a variation, drawn in the move list and rows`() {
        withVariation().use { game ->
            val s = game.snapshot()
            assertEquals(listOf("e4", "c5"), s.sanHistory)
            assertFalse(s.onMainLine)
            assertEquals(listOf("0:1. e4", "0:e5", "(1", "1:1... c5*", "1)", "0:2. Nf3"), s.listText())
            assertEquals(listOf("e4", "Nf3"), s.moveRows.map { it.white })
            assertEquals(listOf("e5", null), s.moveRows.map { it.black })
            // Playing a move that is already there goes to it.
            game.goBack()
            game.playSan("e5")
            assertEquals(s.moveRows[0].blackNode, game.snapshot().node)
            assertEquals(s.moveList.size, game.snapshot().moveList.size)
        }
    }

    @Test
    fun `navigation by node, along the current line and by main-line ply`() {
        withVariation().use { game ->
            val c5 = game.snapshot().node
            val nf3 = game.snapshot().moveRows[1].whiteNode!!
            game.goTo(nf3)
            assertEquals(listOf("e4", "e5", "Nf3"), game.snapshot().sanHistory)
            game.goToStart()
            assertEquals(0u, game.snapshot().ply)
            assertFalse(game.snapshot().canGoBack)
            assertTrue(game.goForward())
            game.goToEnd()
            assertEquals(nf3, game.snapshot().node)
            assertFalse(game.goForward())
            game.goToMainLinePly(1u)
            assertEquals(listOf("e4"), game.snapshot().sanHistory)
            val before = game.snapshot()
            assertFailsWith<ChessException.InvalidRequest> { game.goTo(999u) }
            assertFailsWith<ChessException.InvalidRequest> { game.goToMainLinePly(9u) }
            assertEquals(before, game.snapshot())
            val info = game.node(c5)
            assertEquals("c5", info.san)
            assertEquals("c7c5", info.uci)
            assertEquals(Side.BLACK, info.side)
            assertFalse(info.isMainLine)
            assertEquals(2, game.node(info.parent!!).children.size)
        }
    }

    @Test
    fun `promote, make main line and delete`() {
        withVariation().use { game ->
            val c5 = game.snapshot().node
            val nf3 = game.snapshot().moveRows[1].whiteNode!!
            assertTrue(game.promoteVariation(c5))
            assertEquals(listOf("c5"), game.snapshot().moveRows.map { it.black })
            assertFalse(game.promoteVariation(c5), "already on the main line")
            assertTrue(game.makeMainLine(nf3))
            assertEquals(listOf("e4", "Nf3"), game.snapshot().moveRows.map { it.white })
            game.deleteFrom(c5)
            val s = game.snapshot()
            assertEquals(listOf("e4"), s.sanHistory, "the current move was deleted: back to its parent")
            assertTrue(s.moveList.none { it is MoveListItem.VariationStart })
            assertFailsWith<ChessException.InvalidRequest> { game.deleteFrom(0u) }
            assertFailsWith<ChessException.InvalidRequest> { game.deleteFrom(c5) }
        }
    }

    @Test
    fun `annotations are read and written, drawn on the board, and kept in PGN and JSON`() {
        withVariation().use { game ->
            val c5 = game.snapshot().node
            val notes = NodeAnnotations(
                commentBefore = "Or",
                commentAfter = "the Sicilian",
                nags = listOf(1u, 146u),
                clockMs = 179_500uL,
                eval = Evaluation(EvalScore.Mate(-3), 22u),
                squares = listOf(SquareMark(MarkColor.GREEN, Square.D4)),
                arrows = listOf(Arrow(MarkColor.RED, Square.G1, Square.F3)),
                commands = listOf(AnnotationCommand("emt", "0:00:05")),
            )
            game.setAnnotations(c5, notes)
            assertEquals(notes, game.annotations(c5))
            assertEquals(notes, game.snapshot().annotations, "the current node's squares and arrows")
            assertFailsWith<ChessException.InvalidRequest> { game.setAnnotations(c5, notes.copy(nags = listOf(256u))) }
            game.setComment(0u, "A short game")
            val pgn = game.pgn()
            val flat = pgn.replace('\n', ' ')
            assertTrue(flat.contains("{A short game} 1. e4 e5 ({Or} 1... c5 \$1 \$146 {[%clk 0:02:59.5] [%eval #-3,22] [%csl Gd4] [%cal Rg1f3] [%emt 0:00:05] the Sicilian})"), pgn)
            ChessGame.fromPgn(pgn).use { back ->
                assertEquals(pgn, back.pgn())
                val node = back.snapshot().moveList.filterIsInstance<MoveListItem.Move>().first { it.san == "c5" }.node
                assertEquals(notes, back.annotations(node))
            }
            ChessGame.fromJson(game.toJson()).use { saved ->
                assertEquals(game.snapshot(), saved.snapshot())
                assertEquals(notes, saved.annotations(c5))
            }
        }
    }

    @Test
    fun `undo and redo on an analysis board go back and forth along the current line`() {
        withVariation().use { game ->
            val rows = game.snapshot().moveRows
            assertTrue(game.undo())
            assertEquals(listOf("e4"), game.snapshot().sanHistory)
            assertTrue(game.snapshot().canRedo)
            assertTrue(game.redo(), "redo follows the line the player came back from")
            assertEquals(listOf("e4", "c5"), game.snapshot().sanHistory)
            assertFalse(game.redo())
            game.goTo(rows[1].whiteNode!!)
            assertTrue(game.undo())
            assertEquals(listOf("e4", "e5"), game.snapshot().sanHistory)
            assertTrue(game.redo())
            assertEquals(rows[1].whiteNode, game.snapshot().node)
            // A new move after undo makes another variation; the main line stays.
            game.goToMainLinePly(1u)
            game.playSan("d5")
            assertEquals(rows, game.snapshot().moveRows)
            assertEquals(3, game.node(rows[0].whiteNode!!).children.size)
            game.goToStart()
            assertFalse(game.undo(), "nothing before the start")
        }
    }

    @Test
    fun `PGN import keeps variations, comments, NAGs and commands, export and import again change nothing`() {
        val import = readPgn(ANNOTATED_PGN)
        assertTrue(import.skipped.isEmpty(), import.skipped.toString())
        import.games.single().use { game ->
            val s = game.snapshot()
            assertEquals(listOf("e4", "c5", "Nf3", "d6"), s.sanHistory, "an imported game stands at its end")
            assertEquals(listOf(6u), s.annotations.nags)
            assertEquals(GameStatus.Ended(Outcome.Resignation(Side.WHITE)), s.status, "1-0 before mate reads as a resignation")
            game.goToStart()
            assertEquals("Opening", game.snapshot().annotations.commentAfter)
            game.goToMainLinePly(1u)
            assertEquals(300_000uL, game.snapshot().annotations.clockMs)
            game.goForward()
            val c5 = game.snapshot().annotations
            assertEquals(listOf(2u), c5.nags)
            assertEquals(298_000uL, c5.clockMs)
            assertEquals(Evaluation(EvalScore.Centipawns(35), 20u), c5.eval)
            game.goForward()
            assertEquals(listOf(SquareMark(MarkColor.RED, Square.D4)), game.snapshot().annotations.squares)
            assertEquals(listOf(Arrow(MarkColor.GREEN, Square.D2, Square.D4)), game.snapshot().annotations.arrows)
            game.goTo(s.nodeOf("e5"))
            val e5 = game.snapshot()
            assertFalse(e5.onMainLine)
            assertEquals(listOf(1u), e5.annotations.nags)
            assertEquals("Classical", e5.annotations.commentAfter)
            game.goTo(s.nodeOf("Bc4"))
            assertEquals(listOf("e4", "e5", "Bc4"), game.snapshot().sanHistory)
            assertEquals(listOf(Arrow(MarkColor.GREEN, Square.F1, Square.C4)), game.snapshot().annotations.arrows)
            assertEquals(2u, game.snapshot().moveList.filterIsInstance<MoveListItem.Move>().first { it.san == "Bc4" }.depth)

            val pgn = game.pgn()
            assertTrue(pgn.lines().all { it.length < 80 }, pgn)
            assertTrue(
                pgn.replace('\n', ' ').contains(
                    "{Opening} 1. e4 {[%clk 0:05:00]} 1... c5 \$2 {[%clk 0:04:58] [%eval 0.35,20]} (1... e5 \$1 " +
                        "{Classical} 2. Nf3 (2. Bc4 {[%cal Gf1c4]}) 2... Nc6) 2. Nf3 {[%csl Rd4] [%cal Gd2d4]} 2... d6 \$6 1-0",
                ),
                pgn,
            )
            ChessGame.fromPgn(pgn).use { again ->
                assertEquals(pgn, again.pgn())
                assertEquals(s.moveList, again.snapshot().moveList)
                for (san in listOf("e4", "c5", "e5", "Bc4", "Nf3", "d6")) {
                    assertEquals(game.annotations(s.nodeOf(san)), again.annotations(again.snapshot().nodeOf(san)), san)
                }
            }
        }
    }

    @Test
    fun `a file of games - the good ones and a located error for each bad one`() {
        val text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 (1. c4) *\n"
        val import = readPgn(text)
        try {
            assertEquals(listOf("a", "c"), import.games.map { it.tag("Event") })
            val bad = import.skipped.single()
            assertEquals(Triple(2u, 7u, 13u), Triple(bad.game, bad.line, bad.column))
            assertTrue(bad.message.contains("Ke3"), bad.message)
        } finally {
            import.games.forEach { it.close() }
        }
    }

    @Test
    fun `main-line placement - a game against the engine keeps its take-backs as a variation`() {
        ChessGame().use { game ->
            assertEquals(NewMovePlacement.VARIATION, game.newMovePlacement())
            game.setNewMovePlacement(NewMovePlacement.MAIN_LINE)
            game.play("e4", "e5", "Nf3")
            assertTrue(game.undo())
            assertTrue(game.undo())
            assertTrue(game.snapshot().canRedo)
            game.play("c5")
            val s = game.snapshot()
            assertFalse(s.canRedo)
            assertTrue(s.onMainLine)
            assertTrue(game.pgn().contains("1. e4 c5 (1... e5 2. Nf3) *"), game.pgn())
            ChessGame.fromJson(game.toJson()).use { assertEquals(NewMovePlacement.MAIN_LINE, it.newMovePlacement()) }
        }
    }

    @Test
    fun `an illegal move names the move and says why`() {
        ChessGame().use { game ->
            val e = assertFailsWith<ChessException.IllegalMove> { game.play(Square.E2, Square.E5, null) }
            assertEquals("illegal move e2e5: the pawn on e2 cannot go to e5", e.message)
            val turn = assertFailsWith<ChessException.IllegalMove> { game.playUci("g8f6") }
            assertEquals("illegal move g8f6: the knight on g8 is Black's, and it is White to move", turn.message)
        }
    }

    @Test
    fun `a save of the old format (version 1) loads, with its redo line`() {
        val v1 = """{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[{"uci":"e2e4"},{"uci":"e7e5","comment":"book"}],"redo":[{"uci":"g1f3"}],"tags":[["White","Ann"]],"comment_before_moves":null,"outcome":null}"""
        ChessGame.fromJson(v1).use { game ->
            val s = game.snapshot()
            assertEquals(listOf("e4", "e5"), s.sanHistory)
            assertEquals("book", s.annotations.commentAfter)
            assertEquals("Ann", game.tag("White"))
            assertTrue(game.redo())
            assertEquals(listOf("e4", "e5", "Nf3"), game.snapshot().sanHistory)
            assertTrue(game.toJson().contains("\"version\": 3"))
        }
    }
}
