package dev.chesscore.app

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
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
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.PointerEventPass
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.unit.dp
import dev.chesscore.Arrow
import dev.chesscore.GameSnapshot
import dev.chesscore.LegalMove
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.MarkColor
import dev.chesscore.SquareMark
import dev.chesscore.ktx.pieceAt
import dev.chesscore.presentation.BoardUiState
import dev.chesscore.presentation.boardSquareDescription
import dev.chesscore.presentation.cellOf
import dev.chesscore.presentation.squareAtCell

/**
 * The board screen's board: [state]'s position (an earlier one while the player looks back),
 * selection and targets, the premove's squares marked, with the hint as the arrow.
 */
@Composable
fun Board(
    state: BoardUiState,
    onTap: (Square) -> Unit,
    onDrag: (from: Square, to: Square) -> Unit,
    modifier: Modifier = Modifier,
) = Board(
    state.boardSnapshot, state.orientation, state.selected, state.boardTargets, state.hint.takeIf { state.viewed == null }, onTap, onDrag, modifier,
    // The premove's squares, in blue, while the engine is to move.
    squareMarks = state.premoveSquares.map { SquareMark(MarkColor.BLUE, it) },
    premoveSquares = state.premoveSquares,
)

/**
 * The 8x8 board. It knows no chess: it draws [snapshot] (pieces, last move, check) from
 * [orientation]'s side, the [selected] square and [targets] the controller computed, an [arrow]
 * (a hint, the engine's best move), a node's [squareMarks] and [arrows] (`[%csl]`, `[%cal]`) and
 * [warnings] (squares of hanging pieces, a red dot), and reports taps and drags as squares; the
 * presentation layer maps screen cells to squares for the orientation. [premoveSquares] (drawn
 * as blue [squareMarks] by the caller) are said as the premove to a screen reader.
 */
@Composable
fun Board(
    snapshot: GameSnapshot,
    orientation: Side,
    selected: Square?,
    targets: Set<Square>,
    arrow: LegalMove?,
    onTap: (Square) -> Unit,
    onDrag: (from: Square, to: Square) -> Unit,
    modifier: Modifier = Modifier,
    squareMarks: List<SquareMark> = emptyList(),
    arrows: List<Arrow> = emptyList(),
    warnings: List<Square> = emptyList(),
    premoveSquares: List<Square> = emptyList(),
) = Board(
    { snapshot.pieceAt(it) }, snapshot.lastMove, snapshot.checkSquare, orientation, selected, targets, arrow, onTap, onDrag,
    modifier, squareMarks, arrows, warnings, premoveSquares,
)

/**
 * The 8x8 board of any arrangement of pieces ([pieceAt], e.g. the position editor's), with the
 * [lastMove] and the king in check on [checkSquare] highlighted; the rest as above.
 */
@Composable
fun Board(
    pieceAt: (Square) -> Piece?,
    lastMove: LegalMove?,
    checkSquare: Square?,
    orientation: Side,
    selected: Square?,
    targets: Set<Square>,
    arrow: LegalMove?,
    onTap: (Square) -> Unit,
    onDrag: (from: Square, to: Square) -> Unit,
    modifier: Modifier = Modifier,
    squareMarks: List<SquareMark> = emptyList(),
    arrows: List<Arrow> = emptyList(),
    warnings: List<Square> = emptyList(),
    premoveSquares: List<Square> = emptyList(),
) {
    var dragFrom by remember { mutableStateOf<Square?>(null) }
    val fingerDown = remember { FingerDown() }
    // The gesture handlers below live as long as their keys; they call the latest callbacks.
    val tap by rememberUpdatedState(onTap)
    val drag by rememberUpdatedState(onDrag)
    BoxWithConstraints(modifier.aspectRatio(1f)) {
        val boardPx = with(LocalDensity.current) { maxWidth.toPx() }
        val squarePx = boardPx / 8f
        val squareSp = with(LocalDensity.current) { (squarePx * 0.7f).toSp() }
        val coordinateSp = with(LocalDensity.current) { (squarePx * 0.18f).toSp() }
        Column(
            Modifier
                .fillMaxSize()
                .pointerInput(orientation, squarePx) {
                    detectTapGestures { offset -> tap(squareUnder(orientation, offset, squarePx)) }
                }
                // Where the finger went down, seen before the drag detector (the Initial pass):
                // detectDragGestures reports its start only once the finger has moved past the
                // touch slop, which near a square's edge is already the next square.
                .pointerInput(Unit) {
                    awaitEachGesture {
                        fingerDown.at = awaitFirstDown(requireUnconsumed = false, pass = PointerEventPass.Initial).position
                    }
                }
                .pointerInput(orientation, squarePx) {
                    var position = Offset.Zero
                    detectDragGestures(
                        onDragStart = { _ ->
                            position = fingerDown.at
                            dragFrom = squareUnder(orientation, fingerDown.at, squarePx)
                        },
                        onDrag = { change, _ ->
                            change.consume()
                            // The finger's own position: summing the amounts would miss the slop.
                            position = change.position
                        },
                        onDragEnd = {
                            dragFrom?.let { from -> drag(from, squareUnder(orientation, position, squarePx)) }
                            dragFrom = null
                        },
                        onDragCancel = { dragFrom = null },
                    )
                },
        ) {
            for (row in 0 until 8) {
                Row(Modifier.weight(1f)) {
                    for (column in 0 until 8) {
                        val square = squareAtCell(orientation, column, row)
                        val base = if ((square.file + square.rank) % 2 == 0) BoardColors.dark else BoardColors.light
                        val piece = pieceAt(square)
                        Box(
                            Modifier
                                .weight(1f)
                                .fillMaxSize()
                                .background(base)
                                // For TalkBack: one button per square, "e4, white pawn" (the
                                // presentation layer's words, as on iOS) and its selected state;
                                // double tap taps it.
                                .clearAndSetSemantics {
                                    contentDescription = boardSquareDescription(
                                        square, piece, targets, checkSquare, lastMove, selected, selected?.let(pieceAt),
                                        squareMarks, arrows, warnings, arrow, premoveSquares,
                                    )
                                    role = Role.Button
                                    this.selected = square == selected
                                    onClick { tap(square); true }
                                },
                            contentAlignment = Alignment.Center,
                        ) {
                            val overlay = when {
                                square == selected || square == dragFrom -> BoardColors.selected
                                checkSquare == square -> BoardColors.check
                                lastMove != null && (lastMove.from == square || lastMove.to == square) -> BoardColors.lastMove
                                else -> null
                            }
                            if (overlay != null) Box(Modifier.fillMaxSize().background(overlay))
                            if (piece != null) Text(pieceGlyph(piece), fontSize = squareSp, color = BoardColors.piece)
                            if (square in targets) {
                                Box(
                                    Modifier
                                        .size(with(LocalDensity.current) { (squarePx * 0.28f).toDp() })
                                        .background(BoardColors.target, CircleShape),
                                )
                            }
                            if (column == 0) {
                                Text(
                                    "${square.rank + 1}", fontSize = coordinateSp,
                                    modifier = Modifier.align(Alignment.TopStart).padding(start = 2.dp),
                                )
                            }
                            if (row == 7) {
                                Text(
                                    "${'a' + square.file}", fontSize = coordinateSp,
                                    modifier = Modifier.align(Alignment.BottomEnd).padding(end = 2.dp),
                                )
                            }
                        }
                    }
                }
            }
        }
        if (arrow != null || squareMarks.isNotEmpty() || arrows.isNotEmpty() || warnings.isNotEmpty()) {
            Canvas(Modifier.fillMaxSize()) {
                // A warning (a hanging piece): a red dot in the square's top right corner.
                for (square in warnings) {
                    val c = centerOf(orientation, square, squarePx)
                    drawCircle(BoardColors.warning, radius = squarePx * 0.12f, center = Offset(c.x + squarePx * 0.32f, c.y - squarePx * 0.32f))
                }
                for (mark in squareMarks) {
                    drawCircle(
                        BoardColors.mark(mark.color), radius = squarePx * 0.44f, center = centerOf(orientation, mark.square, squarePx),
                        style = Stroke(width = squarePx * 0.08f),
                    )
                }
                for (a in arrows) {
                    val start = centerOf(orientation, a.from, squarePx)
                    val end = centerOf(orientation, a.to, squarePx)
                    drawLine(BoardColors.mark(a.color), start, end, strokeWidth = squarePx * 0.15f, cap = StrokeCap.Round)
                    drawCircle(BoardColors.mark(a.color), radius = squarePx * 0.18f, center = end)
                }
                arrow?.let { move ->
                    val start = centerOf(orientation, move.from, squarePx)
                    val end = centerOf(orientation, move.to, squarePx)
                    drawLine(BoardColors.hint, start, end, strokeWidth = squarePx * 0.15f, cap = StrokeCap.Round)
                    drawCircle(BoardColors.hint, radius = squarePx * 0.18f, center = end)
                }
            }
        }
    }
}

/** The square under [offset] (pixels from the board's top left) with [orientation]'s side at the bottom. */
private fun squareUnder(orientation: Side, offset: Offset, squarePx: Float): Square =
    squareAtCell(orientation, (offset.x / squarePx).toInt().coerceIn(0, 7), (offset.y / squarePx).toInt().coerceIn(0, 7))

/** The centre of [square] on screen, in pixels, with [orientation]'s side at the bottom. */
private fun centerOf(orientation: Side, square: Square, squarePx: Float): Offset {
    val (column, row) = cellOf(orientation, square)
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

/** The position of the last finger down on the board (not state: nothing is drawn from it). */
private class FingerDown {
    var at: Offset = Offset.Zero
}
