package dev.chesscore.app

import dev.chesscore.presentation.pieceKindName
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.selection.selectable
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Checkbox
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Slider
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableFloatStateOf
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.unit.sp
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.TimeBonus
import dev.chesscore.TimeControl
import dev.chesscore.TimePeriod
import dev.chesscore.engineLevels
import dev.chesscore.timeControlDescription
import dev.chesscore.presentation.GameMode
import dev.chesscore.presentation.StartPosition
import kotlin.math.roundToInt

/** The promotion picker: the choices the core offered, as pieces of the moving side. */
@Composable
fun PromotionDialog(choices: List<PieceKind>, side: Side, onChoose: (PieceKind) -> Unit, onCancel: () -> Unit) {
    AlertDialog(
        onDismissRequest = onCancel,
        title = { Text("Promote to") },
        text = {
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceEvenly) {
                for (kind in choices) {
                    TextButton(onClick = { onChoose(kind) }, modifier = Modifier.spoken(pieceKindName(kind))) {
                        Text(pieceGlyph(Piece(side, kind)), fontSize = 40.sp, color = BoardColors.piece)
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = onCancel) { Text("Cancel") } },
    )
}

private val modes = listOf(
    "Play White against the engine" to GameMode.HumanVsEngine(Side.WHITE),
    "Play Black against the engine" to GameMode.HumanVsEngine(Side.BLACK),
    "Two players on this device" to GameMode.HumanVsHuman,
    "Watch engine against engine" to GameMode.EngineVsEngine,
)

/**
 * The time controls offered (as on iOS): untimed, then minutes plus seconds added after each
 * move, each with the core's words for it ("3 min + 2 s").
 */
private val timeControls: List<Pair<String, TimeControl?>> by lazy {
    listOf("Untimed" to null) + listOf(1 to 0, 3 to 2, 5 to 0, 10 to 5, 15 to 10, 30 to 0).map { (minutes, seconds) ->
        val bonus = if (seconds > 0) TimeBonus.Increment(seconds.toULong() * 1_000uL) else TimeBonus.None
        val control = TimeControl.Periods(listOf(TimePeriod(moves = null, timeMs = minutes.toULong() * 60_000uL, bonus = bonus)))
        timeControlDescription(control) to control
    }
}

/**
 * New game: mode, level (names and Elo from the core's `engineLevels()`), time control and
 * Chess960 (a random start position from the core); each starts as the current game's, as on
 * iOS: the players and side as [currentMode], the time control as [currentTimeControl] (its
 * clock's description), Chess960 as [currentChess960].
 */
@Composable
fun NewGameDialog(
    currentMode: GameMode,
    currentLevel: Int,
    currentTimeControl: String?,
    currentChess960: Boolean,
    onStart: (GameMode, Int, TimeControl?, StartPosition) -> Unit,
    onDismiss: () -> Unit,
) {
    val levels = remember { engineLevels() }
    var mode by remember { mutableStateOf(modes.firstOrNull { it.second == currentMode }?.second ?: modes.first().second) }
    var level by remember { mutableFloatStateOf(currentLevel.toFloat()) }
    var time by remember { mutableStateOf(timeControls.firstOrNull { it.first == currentTimeControl } ?: timeControls.first()) }
    var chess960 by remember { mutableStateOf(currentChess960) }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text("New game") },
        text = {
            Column {
                for ((label, option) in modes) {
                    Row(
                        Modifier.fillMaxWidth().selectable(selected = mode == option, onClick = { mode = option }),
                        verticalAlignment = Alignment.CenterVertically,
                    ) {
                        RadioButton(selected = mode == option, onClick = { mode = option })
                        Text(label)
                    }
                }
                val chosen = levels.firstOrNull { it.level.toInt() == level.roundToInt() }
                Text(
                    "Level ${level.roundToInt()}" + (chosen?.let { " — ${it.name} (~${it.elo} Elo)" } ?: ""),
                    style = MaterialTheme.typography.bodyMedium,
                )
                Slider(
                    value = level,
                    onValueChange = { level = it },
                    modifier = Modifier.spoken("Engine level"),
                    valueRange = 1f..levels.size.coerceAtLeast(1).toFloat(),
                    steps = (levels.size - 2).coerceAtLeast(0),
                )
                TimeControlPicker(time.first) { time = it }
                Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
                    Checkbox(checked = chess960, onCheckedChange = { chess960 = it }, modifier = Modifier.spoken("Chess960"))
                    Text("Chess960 (random start position)")
                }
            }
        },
        confirmButton = {
            TextButton(onClick = {
                onStart(mode, level.roundToInt(), time.second, if (chess960) StartPosition.Chess960() else StartPosition.Standard)
            }) { Text("Start") }
        },
        dismissButton = { TextButton(onClick = onDismiss) { Text("Cancel") } },
    )
}

/** "Time control: 3 min + 2 s": a button that opens the menu of [timeControls]. */
@Composable
private fun TimeControlPicker(chosen: String, choose: (Pair<String, TimeControl?>) -> Unit) {
    var shown by remember { mutableStateOf(false) }
    Box {
        TextButton(onClick = { shown = true }) { Text("Time control: $chosen") }
        DropdownMenu(expanded = shown, onDismissRequest = { shown = false }) {
            for (option in timeControls) {
                DropdownMenuItem(text = { Text(option.first) }, onClick = { shown = false; choose(option) })
            }
        }
    }
}

/** A message with an OK button; [dismiss] clears it. */
@Composable
fun MessageDialog(title: String, text: String, dismiss: () -> Unit) =
    AlertDialog(
        onDismissRequest = dismiss,
        confirmButton = { TextButton(onClick = dismiss) { Text("OK") } },
        title = { Text(title) },
        text = { Text(text) },
    )

/** Paste a FEN; [error] is the core's message when the last one was rejected. */
@Composable
fun PasteFenDialog(error: String?, onLoad: (String) -> Unit, onDismiss: () -> Unit) =
    TextInputDialog(title = "Start from a position", label = "FEN", confirm = "Load", error = error, onConfirm = onLoad, onDismiss = onDismiss)

/** Paste a game in PGN (its first game is opened; the controller reports what it left out or why it failed). */
@Composable
fun LoadPgnDialog(onLoad: (String) -> Unit, onDismiss: () -> Unit) =
    TextInputDialog(title = "Open a game", label = "PGN", confirm = "Load", minLines = 6, onConfirm = onLoad, onDismiss = onDismiss)

/** Edit the comment after the current move ([initial]: the comment it has); empty text removes it. */
@Composable
fun CommentDialog(initial: String, onSave: (String) -> Unit, onDismiss: () -> Unit) =
    TextInputDialog(
        title = "Comment", label = "After this move", confirm = "Save", initial = initial, minLines = 3, monospace = false,
        onConfirm = onSave, onDismiss = onDismiss,
    )

/**
 * A dialog with one text field: [title], the field's [label] and [initial] text, the [error] to
 * show under it (e.g. the core's message about the last text), and a [confirm] button that hands
 * the text to [onConfirm]. The field starts [minLines] high and grows with its text.
 */
@Composable
fun TextInputDialog(
    title: String,
    label: String,
    confirm: String,
    onConfirm: (String) -> Unit,
    onDismiss: () -> Unit,
    initial: String = "",
    error: String? = null,
    minLines: Int = 1,
    monospace: Boolean = true,
) {
    var text by remember { mutableStateOf(initial) }
    val style = MaterialTheme.typography.bodySmall
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(title) },
        text = {
            Column {
                OutlinedTextField(
                    value = text,
                    onValueChange = { text = it },
                    label = { Text(label) },
                    textStyle = if (monospace) style.copy(fontFamily = FontFamily.Monospace) else style,
                    isError = error != null,
                    minLines = minLines,
                    modifier = Modifier.fillMaxWidth(),
                )
                if (error != null) {
                    Text(error, color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodySmall)
                }
            }
        },
        confirmButton = { TextButton(onClick = { onConfirm(text) }) { Text(confirm) } },
        dismissButton = { TextButton(onClick = onDismiss) { Text("Cancel") } },
    )
}
