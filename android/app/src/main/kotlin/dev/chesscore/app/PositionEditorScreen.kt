package dev.chesscore.app

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Checkbox
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.CastlingRights
import dev.chesscore.MarkColor
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.SquareMark
import dev.chesscore.presentation.PositionEditor
import dev.chesscore.presentation.editorAnnouncement
import dev.chesscore.presentation.pieceName

/**
 * The position editor over the analysis board: the board (a tap puts down the chosen piece or
 * takes it off, a drag moves a piece), the palette (the twelve pieces and the eraser), the side
 * to move, the castling rights the board allows, and the core's verdict. "Done" hands the FEN
 * over (only when the core accepts the position). Draws [PositionEditor.state] and forwards every
 * action to the editor (tested in android/presentation).
 */
@Composable
fun PositionEditorScreen(editor: PositionEditor, done: (fen: String) -> Unit, cancel: () -> Unit) {
    val state by editor.state.collectAsStateWithLifecycle()
    // What TalkBack says without a swipe: the squares a tap or drag changed, a new verdict.
    Announcements(state, ::editorAnnouncement)
    // Back leaves the editor only (the analysis board stays).
    BackHandler(onBack = cancel)
    Scaffold(
        topBar = {
            BackTopBar("Set up a position", back = cancel) {
                TextButton(onClick = { state.fen?.let(done) }, enabled = state.isValid) { Text("Done") }
            }
        },
        bottomBar = {
            ButtonBar {
                TextButton(onClick = editor::clear) { Text("Clear") }
                TextButton(onClick = editor::startPosition) { Text("Start") }
                TextButton(onClick = editor::flip) { Text("Flip") }
            }
        },
    ) { padding ->
        BoardLayout(
            padding,
            board = { modifier ->
                Board(
                    state::pieceAt, null, null, state.orientation, null, emptySet(), null,
                    editor::tapSquare, editor::dragMove, modifier,
                    // The squares of what the core refuses (a second king, a checker), in red.
                    squareMarks = state.problemSquares.map { SquareMark(MarkColor.RED, it) },
                )
            },
            above = {
                Text(
                    state.problem ?: "The position is legal",
                    color = if (state.isValid) MaterialTheme.colorScheme.onSurface else MaterialTheme.colorScheme.error,
                    style = MaterialTheme.typography.bodyMedium,
                    modifier = Modifier.padding(vertical = 6.dp),
                )
            },
            below = {
                // Scrolls when the board leaves it too little room (small phones, landscape).
                Column(Modifier.weight(1f).verticalScroll(rememberScrollState())) {
                    for (side in listOf(Side.WHITE, Side.BLACK)) {
                        // Seven cells of 48 dp (336 dp) where the row has room; on a narrower screen
                        // (a 320 dp phone, a large display size) each takes an equal share instead
                        // of the last being squeezed.
                        Row {
                            val cell = Modifier.weight(1f, fill = false)
                            for (kind in PieceKind.entries) {
                                val piece = Piece(side, kind)
                                PaletteCell(pieceGlyph(piece), pieceName(piece), state.brush == piece, cell) { editor.setBrush(piece) }
                            }
                            if (side == Side.WHITE) PaletteCell("⌫", "eraser", state.brush == null, cell) { editor.setBrush(null) }
                        }
                    }
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        for (side in listOf(Side.WHITE, Side.BLACK)) {
                            RadioButton(
                                selected = state.sideToMove == side, onClick = { editor.setSideToMove(side) },
                                // TalkBack: the button's own name (the text beside it is another element).
                                modifier = Modifier.spoken(if (side == Side.WHITE) "White to move" else "Black to move"),
                            )
                            Text(if (side == Side.WHITE) "White to move" else "Black to move")
                        }
                    }
                    CastlingBoxes(state.castling, state.castlingAsked, state.possibleCastling, editor::setCastling)
                }
            },
        )
    }
}

/** One cell of the palette: a piece (or the eraser), framed when chosen; TalkBack reads its [name]. */
@Composable
private fun PaletteCell(glyph: String, name: String, chosen: Boolean, modifier: Modifier, choose: () -> Unit) {
    Box(
        modifier
            .size(48.dp) // Android's minimum touch target, where the row has room
            .background(if (chosen) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent, RoundedCornerShape(6.dp))
            .clickable(onClick = choose)
            .clearAndSetSemantics {
                contentDescription = name
                selected = chosen
            },
        contentAlignment = Alignment.Center,
    ) { Text(glyph, fontSize = 26.sp) }
}

/**
 * The four castling rights: ticked when in force, enabled when the board allows them; a change
 * is built from the rights [asked] for, so that one not allowed now stays asked for.
 */
@Composable
private fun CastlingBoxes(castling: CastlingRights, asked: CastlingRights, possible: CastlingRights, set: (CastlingRights) -> Unit) {
    Column(Modifier.fillMaxWidth()) {
        Row(verticalAlignment = Alignment.CenterVertically) {
            // TalkBack: each box's own name ("O-O" beside it is another element, read as letters).
            Checkbox(castling.whiteKingSide, { set(asked.copy(whiteKingSide = it)) }, Modifier.spoken("White castles kingside"), enabled = possible.whiteKingSide)
            Text("White O-O")
            Checkbox(castling.whiteQueenSide, { set(asked.copy(whiteQueenSide = it)) }, Modifier.spoken("White castles queenside"), enabled = possible.whiteQueenSide)
            Text("White O-O-O")
        }
        Row(verticalAlignment = Alignment.CenterVertically) {
            Checkbox(castling.blackKingSide, { set(asked.copy(blackKingSide = it)) }, Modifier.spoken("Black castles kingside"), enabled = possible.blackKingSide)
            Text("Black O-O")
            Checkbox(castling.blackQueenSide, { set(asked.copy(blackQueenSide = it)) }, Modifier.spoken("Black castles queenside"), enabled = possible.blackQueenSide)
            Text("Black O-O-O")
        }
    }
}
