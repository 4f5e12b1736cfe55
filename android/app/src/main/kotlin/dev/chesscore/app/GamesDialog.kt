package dev.chesscore.app

import androidx.activity.compose.rememberLauncherForActivityResult
import androidx.activity.result.contract.ActivityResultContracts
import android.content.ActivityNotFoundException
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.unit.dp
import dev.chesscore.presentation.ArchivedGame
import dev.chesscore.presentation.GameArchive
import dev.chesscore.presentation.PgnGameChoice
import dev.chesscore.presentation.PgnGameList
import dev.chesscore.presentation.archivedGames
import dev.chesscore.presentation.gamesPgn
import dev.chesscore.presentation.movesText
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * "My games": the games kept once they ended, newest first (players, result and how it ended,
 * when, how long); a tap opens the game's [review] (whose "Practise" drills the person's own
 * mistakes in a game against the engine), "Delete" forgets it, "Share all" shares every kept
 * game as one PGN text, "Save" writes it as a `.pgn` file where the person chooses (the system's
 * document picker; also offered when the text is too large for the share sheet). The list is
 * the presentation
 * layer's `archivedGames`, read off the main thread when the dialog opens and after a deletion.
 */
@Composable
fun GamesDialog(
    archive: GameArchive,
    review: (ArchivedGame) -> Unit,
    share: (subject: String, text: String) -> Unit,
    onDismiss: () -> Unit,
) {
    var games by remember { mutableStateOf<List<ArchivedGame>?>(null) }
    // What to tell the person in place of the list ("Saved", or why not), until they go back.
    var note by remember { mutableStateOf<String?>(null) }
    val scope = rememberCoroutineScope()
    val context = LocalContext.current
    // The text is made from the archive when the file is chosen, not kept meanwhile: the
    // activity may be recreated behind the picker (a rotation), and a large text must not go
    // into the saved state.
    val saveFile = rememberLauncherForActivityResult(ActivityResultContracts.CreateDocument("application/x-chess-pgn")) { uri ->
        if (uri != null) {
            scope.launch {
                val saved = withContext(Dispatchers.IO) { writePgnFile(context, uri, gamesPgn(archivedGames(archive))) }
                note = if (saved) "Saved." else "The file could not be written."
            }
        }
    }
    // Every kept game in one PGN file, named by the person in the system's picker.
    fun save() {
        try {
            saveFile.launch("chesscore-games.pgn")
        } catch (e: ActivityNotFoundException) {
            note = "No app on this device saves documents."
        }
    }
    LaunchedEffect(archive) { games = withContext(Dispatchers.IO) { archivedGames(archive) } }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text("My games") },
        text = {
            val list = games
            when {
                note != null -> Text(note ?: "")
                list == null -> Text("Reading…")
                list.isEmpty() -> Text("No games yet. Each game is kept here once it has ended.")
                else -> LazyColumn(Modifier.heightIn(max = 480.dp)) {
                    items(list, key = { it.id }) { game ->
                        GameRow(
                            game,
                            open = { review(game) },
                            delete = {
                                scope.launch {
                                    games = withContext(Dispatchers.IO) {
                                        archive.delete(game.id)
                                        archivedGames(archive)
                                    }
                                }
                            },
                        )
                        HorizontalDivider()
                    }
                }
            }
        },
        confirmButton = { TextButton(onClick = onDismiss) { Text("Close") } },
        dismissButton = {
            val list = games
            if (!list.isNullOrEmpty() && note == null) {
                Row {
                    TextButton(onClick = { save() }) { Text("Save") }
                    TextButton(onClick = {
                        val text = gamesPgn(list)
                        // An intent's text travels in one binder transaction (about 1 MB at
                        // most): past a safe size, save it as a file instead of crashing in the
                        // share sheet.
                        if (text.length <= MAX_SHARED_CHARS) {
                            share("My games (PGN)", text)
                        } else {
                            note = "Too many games to share as text: choose where to save them as a file."
                            save()
                        }
                    }) { Text("Share all") }
                }
            } else if (note != null) {
                TextButton(onClick = { note = null }) { Text("Back") }
            }
        },
    )
}

/**
 * The most characters "Share all" hands to the share sheet as text: the transaction (about
 * 1 MB) carries them twice, as the extra and as the `ClipData` `startActivity` makes of it, two
 * bytes each, with room left for the rest.
 */
private const val MAX_SHARED_CHARS = 100_000

/** One kept game: "You – chesscore Club player", "1-0 · Checkmate — White wins", "2026.11.26 14:05 · 17 moves". */
@Composable
private fun GameRow(game: ArchivedGame, open: () -> Unit, delete: () -> Unit) {
    Row(Modifier.fillMaxWidth().clickable(onClick = open).padding(vertical = 6.dp), verticalAlignment = Alignment.CenterVertically) {
        Column(Modifier.weight(1f)) {
            Text("${game.white} – ${game.black}", style = MaterialTheme.typography.titleSmall)
            Text("${game.result} · ${game.statusText}", style = MaterialTheme.typography.bodySmall)
            Text("${game.playedAt} · ${movesText(game.plies)}", style = MaterialTheme.typography.labelSmall)
        }
        TextButton(onClick = delete) { Text("Delete") }
    }
}

/**
 * Which game of a PGN text of several to open on the analysis board: one row per game that can
 * be read ("Ann – Bob", "Club · 2026.11.20 · 1-0 · 4 moves"), and how many could not be read.
 */
@Composable
fun PgnGamePickerDialog(list: PgnGameList, pick: (PgnGameChoice) -> Unit, onDismiss: () -> Unit) {
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text("${list.games.size} games") },
        text = {
            Column {
                if (list.unreadable > 0) {
                    Text("${list.unreadable} more could not be read.", style = MaterialTheme.typography.bodySmall)
                }
                LazyColumn(Modifier.heightIn(max = 480.dp)) {
                    items(list.games, key = { it.index }) { game ->
                        Column(Modifier.fillMaxWidth().clickable { pick(game) }.padding(vertical = 6.dp)) {
                            Text("${game.white} – ${game.black}", style = MaterialTheme.typography.titleSmall)
                            Text(
                                listOfNotNull(game.event, game.date, game.result, movesText(game.plies)).joinToString(" · "),
                                style = MaterialTheme.typography.bodySmall,
                            )
                        }
                        HorizontalDivider()
                    }
                }
            }
        },
        confirmButton = { TextButton(onClick = onDismiss) { Text("Cancel") } },
    )
}
