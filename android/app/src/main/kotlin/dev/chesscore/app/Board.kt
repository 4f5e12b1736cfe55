package dev.chesscore.app

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.gestures.detectDragGestures
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.unit.dp
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.presentation.BoardUiState

/**
 * The 8x8 board. It knows no chess: it draws [state] (pieces from the core's snapshot, the
 * selection and targets the controller computed, last move, check, hint) and reports taps and
 * drags as square indices (0 = a1 .. 63 = h8).
 */
@Composable
fun Board(
    state: BoardUiState,
    onTap: (Int) -> Unit,
    onDrag: (from: Int, to: Int) -> Unit,
    modifier: Modifier = Modifier,
) {
    val orientation = state.orientation
    var dragFrom by remember { mutableStateOf<Int?>(null) }
    BoxWithConstraints(modifier.aspectRatio(1f)) {
        val boardPx = with(LocalDensity.current) { maxWidth.toPx() }
        val squarePx = boardPx / 8f
        val squareSp = with(LocalDensity.current) { (squarePx * 0.7f).toSp() }
        val coordinateSp = with(LocalDensity.current) { (squarePx * 0.18f).toSp() }
        val lastMove = state.snapshot.lastMove
        Column(
            Modifier
                .fillMaxSize()
                .pointerInput(orientation, squarePx) {
                    detectTapGestures { offset -> onTap(squareAt(offset, squarePx, orientation)) }
                }
                .pointerInput(orientation, squarePx) {
                    var position = Offset.Zero
                    detectDragGestures(
                        onDragStart = { start ->
                            position = start
                            dragFrom = squareAt(start, squarePx, orientation)
                        },
                        onDrag = { change, amount ->
                            change.consume()
                            position += amount
                        },
                        onDragEnd = {
                            dragFrom?.let { from -> onDrag(from, squareAt(position, squarePx, orientation)) }
                            dragFrom = null
                        },
                        onDragCancel = { dragFrom = null },
                    )
                },
        ) {
            for (row in 0 until 8) {
                Row(Modifier.weight(1f)) {
                    for (column in 0 until 8) {
                        val square = squareOf(column, row, orientation)
                        val file = square % 8
                        val rank = square / 8
                        val base = if ((file + rank) % 2 == 0) BoardColors.dark else BoardColors.light
                        Box(
                            Modifier
                                .weight(1f)
                                .fillMaxSize()
                                .background(base),
                            contentAlignment = Alignment.Center,
                        ) {
                            val overlay = when {
                                square == state.selected || square == dragFrom -> BoardColors.selected
                                state.snapshot.checkSquare?.toInt() == square -> BoardColors.check
                                lastMove != null && (lastMove.from.toInt() == square || lastMove.to.toInt() == square) -> BoardColors.lastMove
                                else -> null
                            }
                            if (overlay != null) Box(Modifier.fillMaxSize().background(overlay))
                            state.snapshot.squares[square]?.let { piece ->
                                Text(pieceGlyph(piece), fontSize = squareSp, color = BoardColors.piece)
                            }
                            if (square in state.targets) {
                                Box(
                                    Modifier
                                        .size(with(LocalDensity.current) { (squarePx * 0.28f).toDp() })
                                        .background(BoardColors.target, CircleShape),
                                )
                            }
                            if (column == 0) {
                                Text(
                                    "${rank + 1}", fontSize = coordinateSp,
                                    modifier = Modifier.align(Alignment.TopStart).padding(start = 2.dp),
                                )
                            }
                            if (row == 7) {
                                Text(
                                    "${'a' + file}", fontSize = coordinateSp,
                                    modifier = Modifier.align(Alignment.BottomEnd).padding(end = 2.dp),
                                )
                            }
                        }
                    }
                }
            }
        }
        state.hint?.let { hint ->
            Canvas(Modifier.fillMaxSize()) {
                val start = centerOf(hint.from.toInt(), squarePx, orientation)
                val end = centerOf(hint.to.toInt(), squarePx, orientation)
                drawLine(BoardColors.hint, start, end, strokeWidth = squarePx * 0.15f, cap = StrokeCap.Round)
                drawCircle(BoardColors.hint, radius = squarePx * 0.18f, center = end)
            }
        }
    }
}

/** The square under [offset], with [orientation] at the bottom. */
private fun squareAt(offset: Offset, squarePx: Float, orientation: Side): Int {
    val column = (offset.x / squarePx).toInt().coerceIn(0, 7)
    val row = (offset.y / squarePx).toInt().coerceIn(0, 7)
    return squareOf(column, row, orientation)
}

/** The square drawn at screen [column] and [row] (row 0 at the top). */
private fun squareOf(column: Int, row: Int, orientation: Side): Int =
    if (orientation == Side.WHITE) (7 - row) * 8 + column else row * 8 + (7 - column)

/** The centre of [square] on screen, in pixels. */
private fun centerOf(square: Int, squarePx: Float, orientation: Side): Offset {
    val file = square % 8
    val rank = square / 8
    val column = if (orientation == Side.WHITE) file else 7 - file
    val row = if (orientation == Side.WHITE) 7 - rank else rank
    return Offset((column + 0.5f) * squarePx, (row + 0.5f) * squarePx)
}

/** A Unicode chess glyph (with the text-style selector, so no emoji pawn). */
fun pieceGlyph(piece: Piece): String {
    val white = piece.side == Side.WHITE
    val glyph = when (piece.kind) {
        PieceKind.KING -> if (white) "\u2654" else "\u265A"
        PieceKind.QUEEN -> if (white) "\u2655" else "\u265B"
        PieceKind.ROOK -> if (white) "\u2656" else "\u265C"
        PieceKind.BISHOP -> if (white) "\u2657" else "\u265D"
        PieceKind.KNIGHT -> if (white) "\u2658" else "\u265E"
        PieceKind.PAWN -> if (white) "\u2659" else "\u265F"
    }
    return glyph + "\uFE0E"
}
