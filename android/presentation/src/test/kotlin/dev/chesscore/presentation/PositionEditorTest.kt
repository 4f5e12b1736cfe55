package dev.chesscore.presentation

import dev.chesscore.CastlingRights
import dev.chesscore.ChessGame
import dev.chesscore.Piece
import dev.chesscore.PieceKind
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
        assertTrue(empty.problem!!.contains("White has no king") && empty.problem!!.contains("Black has no king"), empty.problem)
        assertEquals(NONE, empty.possibleCastling)
        e.setBrush(white(PieceKind.KING))
        e.tapSquare(sq("e1"))
        e.setBrush(black(PieceKind.KING))
        e.tapSquare(sq("e8"))
        e.setBrush(white(PieceKind.PAWN))
        e.tapSquare(sq("d8"))
        assertTrue(e.state.value.problem!!.contains("pawn on the back rank at d8"), e.state.value.problem)
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
        assertTrue(e.state.value.problem!!.contains("is in check"), e.state.value.problem)
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
    }
}
