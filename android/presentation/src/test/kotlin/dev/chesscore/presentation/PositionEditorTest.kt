package dev.chesscore.presentation

import dev.chesscore.CastlingRights
import dev.chesscore.ChessGame
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.SetupProblem
import dev.chesscore.SetupProblemKind
import dev.chesscore.Side
import dev.chesscore.startingFen
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.Test

private val ALL = CastlingRights(true, true, true, true)
private val NONE = CastlingRights(false, false, false, false)
private fun white(kind: PieceKind) = Piece(Side.WHITE, kind)
private fun black(kind: PieceKind) = Piece(Side.BLACK, kind)

class PositionEditorTest {
    @Test
    fun `starts from the start position, which the core accepts`() {
        val e = PositionEditor()
        val s = e.state.value
        assertEquals(startingFen(), s.fen)
        assertTrue(s.isValid)
        assertNull(s.problem)
        assertEquals(emptyList(), s.problems)
        assertEquals(emptySet(), s.problemSquares)
        assertEquals(ALL, s.castling)
        assertEquals(ALL, s.possibleCastling)
        assertEquals(white(PieceKind.KING), s.pieceAt(sq("e1")))
    }

    @Test
    fun `a board is built square by square, the core names what is wrong until it is a position`() {
        val e = PositionEditor()
        e.clear()
        val empty = e.state.value
        assertFalse(empty.isValid)
        assertEquals("White has no king. Black has no king.", empty.problem)
        assertEquals(listOf(SetupProblemKind.MISSING_KING, SetupProblemKind.MISSING_KING), empty.problems.map { it.kind })
        assertEquals(emptySet(), empty.problemSquares)
        assertEquals(NONE, empty.possibleCastling)
        e.setBrush(white(PieceKind.KING))
        e.tapSquare(sq("e1"))
        e.setBrush(black(PieceKind.KING))
        e.tapSquare(sq("e8"))
        e.setBrush(white(PieceKind.PAWN))
        e.tapSquare(sq("d8"))
        assertEquals("A pawn on d8, on the back rank.", e.state.value.problem)
        assertEquals(setOf(sq("d8")), e.state.value.problemSquares, "the board marks the pawn")
        // A second white king: both kings marked, and the pawn.
        e.setBrush(white(PieceKind.KING))
        e.tapSquare(sq("a3"))
        assertEquals("A pawn on d8, on the back rank. White has 2 kings (e1, a3).", e.state.value.problem)
        assertEquals(setOf(sq("d8"), sq("e1"), sq("a3")), e.state.value.problemSquares)
        e.tapSquare(sq("a3"))
        e.setBrush(white(PieceKind.PAWN))
        e.tapSquare(sq("d8")) // the same piece again takes it off
        assertNull(e.state.value.pieceAt(sq("d8")))
        assertEquals("4k3/8/8/8/8/8/8/4K3 w - - 0 1", e.state.value.fen)
        // A rook in the corner makes castling possible; asked for, it is in force.
        e.setBrush(white(PieceKind.ROOK))
        e.tapSquare(sq("h1"))
        assertTrue(e.state.value.possibleCastling.whiteKingSide)
        assertFalse(e.state.value.castling.whiteKingSide, "not asked for yet")
        e.setCastling(ALL)
        assertEquals(CastlingRights(true, false, false, false), e.state.value.castling, "only what the board allows")
        assertEquals("4k3/8/8/8/8/8/8/4K2R w K - 0 1", e.state.value.fen)
        // Dragging the king off e1 takes the right away, bringing it back restores it.
        e.dragMove(sq("e1"), sq("f2"))
        assertEquals(NONE, e.state.value.castling)
        e.dragMove(sq("f2"), sq("e1"))
        assertTrue(e.state.value.castling.whiteKingSide)
        // A box changed meanwhile is built from the rights asked for: the others stay asked for.
        e.dragMove(sq("e1"), sq("f2"))
        e.setCastling(e.state.value.castlingAsked.copy(blackKingSide = false))
        e.dragMove(sq("f2"), sq("e1"))
        assertTrue(e.state.value.castling.whiteKingSide, "still asked for, in force again")
        // The side to move; the side not to move may not stand in check.
        e.setBrush(black(PieceKind.ROOK))
        e.tapSquare(sq("e4"))
        e.setSideToMove(Side.BLACK)
        assertEquals("White is in check and it is Black's move.", e.state.value.problem)
        assertEquals(setOf(sq("e1"), sq("e4")), e.state.value.problemSquares, "the king and the checker")
        assertNull(e.state.value.fen)
        e.setSideToMove(Side.WHITE)
        val fen = assertNotNull(e.state.value.fen)
        ChessGame.fromFen(fen).use { assertEquals(fen, it.fen()) }
        // The eraser.
        e.setBrush(null)
        e.tapSquare(sq("e4"))
        assertNull(e.state.value.pieceAt(sq("e4")))
    }

    @Test
    fun `a FEN loads for editing, a bad one says why and changes nothing, start position resets`() {
        val e = PositionEditor("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        assertEquals(Side.BLACK, e.state.value.sideToMove)
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", e.state.value.fen)
        val before = e.state.value
        assertFalse(e.loadFen("not a fen"))
        assertNotNull(e.state.value.message)
        assertEquals(before.squares, e.state.value.squares)
        e.dismissMessage()
        e.startPosition()
        assertEquals(startingFen(), e.state.value.fen)
        e.flip()
        assertEquals(Side.BLACK, e.state.value.orientation)
        assertEquals(sq("h1"), e.state.value.squareAtCell(0, 0))
        // A FEN the core cannot read at the start: the start position, and why.
        val bad = PositionEditor("8/8/8")
        assertEquals(startingFen(), bad.state.value.fen)
        assertNotNull(bad.state.value.message)
        // A well-formed FEN of an illegal position loads as it stands, its problems marked.
        assertTrue(e.loadFen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1"))
        assertEquals(white(PieceKind.KING), e.state.value.pieceAt(sq("a1")))
        assertNull(e.state.value.fen)
        assertEquals("White has 2 kings (a1, e1).", e.state.value.problem)
        assertEquals(setOf(sq("a1"), sq("e1")), e.state.value.problemSquares)
        assertNull(e.state.value.message)
    }

    @Test
    fun `every kind of problem is worded from its data, the core's own sentence aside`() {
        fun text(kind: SetupProblemKind, side: Side?, vararg squares: String) =
            setupProblemText(SetupProblem(kind, side, squares.map(::sq), "the core's words"))
        assertEquals("Black has no king", text(SetupProblemKind.MISSING_KING, Side.BLACK))
        assertEquals("White has 2 kings (e1, a3)", text(SetupProblemKind.TOO_MANY_KINGS, Side.WHITE, "e1", "a3"))
        assertEquals("A pawn on a1, on the back rank", text(SetupProblemKind.PAWN_ON_BACK_RANK, Side.BLACK, "a1"))
        assertEquals(
            "Black has too many pieces: at most 16, of them at most 8 pawns",
            text(SetupProblemKind.TOO_MANY_PIECES, Side.BLACK, "a7"),
        )
        assertEquals("White cannot castle with the rook on h1", text(SetupProblemKind.IMPOSSIBLE_CASTLING, Side.WHITE, "h1"))
        assertEquals(
            "Only one rook on each side of the king can castle (a1, b1)",
            text(SetupProblemKind.CONFLICTING_CASTLING, Side.WHITE, "a1", "b1"),
        )
        assertEquals("No pawn can just have passed e3", text(SetupProblemKind.IMPOSSIBLE_EN_PASSANT, null, "e3"))
        assertEquals("Black is in check and it is White's move", text(SetupProblemKind.OPPONENT_IN_CHECK, Side.BLACK, "e8", "e4"))
        assertEquals("Black was in check before the pawn passed e3", text(SetupProblemKind.EN_PASSANT_AFTER_CHECK, Side.BLACK, "e3"))
        assertEquals("No last move can give this check (a4, e4, c7)", text(SetupProblemKind.IMPOSSIBLE_CHECK, Side.BLACK, "a4", "e4", "c7"))
        assertEquals(
            "The en passant square d6 cannot be: no double pawn push gives this check (f3)",
            text(SetupProblemKind.CHECK_AFTER_DOUBLE_PUSH, Side.WHITE, "d6", "f3"),
        )
        // An editor opened on an impossible check (three checkers) words it and marks them.
        val e = PositionEditor("4k3/2N5/8/8/B3R3/8/8/4K3 b - - 0 1")
        assertNull(e.state.value.message)
        assertEquals("No last move can give this check (a4, e4, c7).", e.state.value.problem)
        assertEquals(setOf(sq("a4"), sq("e4"), sq("c7")), e.state.value.problemSquares)
    }

    @Test
    fun `the editor announces the squares a tap or drag changed and a new verdict`() {
        val e = PositionEditor("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        var before = e.state.value
        fun said(): String? = editorAnnouncement(before, e.state.value).also { before = e.state.value }
        assertNull(editorAnnouncement(null, before))
        e.setBrush(white(PieceKind.KNIGHT))
        e.tapSquare(sq("f3"))
        assertEquals("White knight on f3", said())
        e.setBrush(black(PieceKind.BISHOP))
        e.tapSquare(sq("f3"))
        assertEquals("Black bishop on f3, replacing white knight", said())
        e.dragMove(sq("e1"), sq("f2"))
        assertEquals("e1 emptied. White king on f2", said())
        e.setBrush(white(PieceKind.KING))
        e.tapSquare(sq("a3"))
        assertEquals("White king on a3. White has 2 kings (f2, a3).", said())
        e.tapSquare(sq("a3"))
        assertEquals("a3 emptied. The position is legal", said())
        e.setBrush(black(PieceKind.ROOK))
        e.setSideToMove(Side.BLACK)
        assertNull(said(), "the radio button says the side itself; the verdict did not change")
        e.tapSquare(sq("a2"))
        assertEquals("Black rook on a2. White is in check and it is Black's move.", said())
        // A whole board at once: what is on it, then the verdict when it changed.
        e.clear()
        assertEquals("Board cleared. White has no king. Black has no king.", said())
        e.startPosition()
        assertEquals("32 pieces on the board. The position is legal", said())
        e.startPosition()
        assertNull(said(), "nothing changed")
        // Castling rights a drag takes away and gives back.
        e.dragMove(sq("h1"), sq("h3"))
        assertEquals("h1 emptied. White rook on h3. White can no longer castle king side", said())
        e.dragMove(sq("h3"), sq("h1"))
        assertEquals("h3 emptied. White rook on h1. White can castle king side again", said())
        e.dragMove(sq("e8"), sq("e6"))
        assertEquals("e8 emptied. Black king on e6. Black can no longer castle", said())
        e.dragMove(sq("e6"), sq("e8"))
        assertEquals("e6 emptied. Black king on e8. Black can castle again", said())
        e.setCastling(e.state.value.castlingAsked.copy(whiteQueenSide = false))
        assertNull(said(), "the box says a right its own tap changed")
        assertTrue(e.loadFen("8/8/8/8/8/8/8/4K3 w - - 0 1"))
        assertEquals("1 piece on the board. Black has no king.", said())
    }
}
