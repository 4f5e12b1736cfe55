package dev.chesscore.app

import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.MoreVert
import androidx.compose.material3.BottomAppBar
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalView
import androidx.compose.ui.unit.dp

// The skeleton the board screen and the analysis board share: how a message is shown, the
// overflow menu, and where the board goes in portrait and landscape.

/**
 * Shows [message] as a snackbar in [host], then [dismiss]es it; not while [held] (a dialog shows
 * the message itself, e.g. the core's error about a pasted FEN).
 */
@Composable
fun MessageSnackbar(host: SnackbarHostState, message: String?, held: Boolean, dismiss: () -> Unit) {
    LaunchedEffect(message, held) {
        if (message != null && !held) {
            host.showSnackbar(message)
            dismiss()
        }
    }
}

/**
 * Posts to TalkBack what changed between the state announced last and [state], as [describe]
 * words it (the presentation layer's `boardAnnouncement`, `analysisAnnouncement`,
 * `practiceAnnouncement`, `editorAnnouncement`): the engine's reply, the end of the game, low
 * time, a step through the moves, a piece put down in the editor. Nothing when TalkBack is off.
 */
@Composable
fun <S : Any> Announcements(state: S, describe: (before: S?, after: S) -> String?) {
    val view = LocalView.current
    val announced = remember { LastAnnounced<S>() }
    LaunchedEffect(state) {
        val text = describe(announced.state, state)
        announced.state = state
        if (text != null && view.isAttachedToWindow) view.announceForAccessibility(text)
    }
}

/** The state [Announcements] compared the last one with (not a Compose state: reading it redraws nothing). */
class LastAnnounced<S : Any> {
    /** The state announced last; `null` before the first. */
    var state: S? = null
}

/** What TalkBack says for an element whose text is a symbol ("◀", "|<", "+"): [description] instead. */
fun Modifier.spoken(description: String): Modifier = semantics { contentDescription = description }

/** The top bar of a screen opened over the board screen: [title], a Back button that calls [back], and [actions]. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun BackTopBar(title: String, back: () -> Unit, actions: @Composable RowScope.() -> Unit) {
    TopAppBar(title = { Text(title) }, navigationIcon = { TextButton(onClick = back) { Text("Back") } }, actions = actions)
}

/** A screen's bottom bar: [buttons] spread evenly across the width. */
@Composable
fun ButtonBar(buttons: @Composable RowScope.() -> Unit) {
    BottomAppBar {
        Row(
            Modifier.fillMaxWidth(),
            horizontalArrangement = Arrangement.SpaceEvenly,
            verticalAlignment = Alignment.CenterVertically,
            content = buttons,
        )
    }
}

/** The top bar's "More" button and its menu; [items] get the function that closes the menu. */
@Composable
fun OverflowMenu(items: @Composable ColumnScope.(close: () -> Unit) -> Unit) {
    var shown by remember { mutableStateOf(false) }
    Box {
        IconButton(onClick = { shown = true }) { Icon(Icons.Filled.MoreVert, contentDescription = "More") }
        DropdownMenu(expanded = shown, onDismissRequest = { shown = false }) { items { shown = false } }
    }
}

/**
 * A board screen's body inside the scaffold's [padding]. Portrait: [above] the board, the
 * [board] across the width, then [below] (give the part that scrolls a weight). Landscape: the
 * board fills the height on the left; [above] and [below] are in a column on the right.
 */
@Composable
fun BoardLayout(
    padding: PaddingValues,
    board: @Composable (Modifier) -> Unit,
    above: @Composable ColumnScope.() -> Unit,
    below: @Composable ColumnScope.() -> Unit,
) {
    BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
        if (maxWidth > maxHeight) {
            Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                board(Modifier.fillMaxHeight())
                Column(Modifier.fillMaxHeight().weight(1f)) {
                    above()
                    below()
                }
            }
        } else {
            Column(Modifier.fillMaxSize().padding(horizontal = 8.dp)) {
                above()
                board(Modifier.fillMaxWidth())
                below()
            }
        }
    }
}
