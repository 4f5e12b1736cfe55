package dev.chesscore.app

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.presentation.PracticeController
import dev.chesscore.presentation.practiceAnnouncement
import dev.chesscore.presentation.PracticePhase

/**
 * "Practise your mistakes": the exercise's position with the side to find a move at the bottom,
 * the task or the verdict in words, and retry / solution / next. Draws
 * [PracticeController.state] and forwards every action to the controller (tested in
 * android/presentation); it decides nothing itself.
 */
@Composable
fun PracticeScreen(controller: PracticeController, close: () -> Unit) {
    val snackbar = remember { SnackbarHostState() }
    val state by controller.state.collectAsStateWithLifecycle()
    MessageSnackbar(snackbar, state.message, held = false, dismiss = controller::dismissMessage)
    // What TalkBack says without a tap: the next task, the verdict, the solution, the score.
    Announcements(state, ::practiceAnnouncement)
    Scaffold(
        topBar = { BackTopBar("Practise your mistakes", back = close) {} },
        bottomBar = {
            ButtonBar {
                TextButton(onClick = controller::retry, enabled = state.canRetry) { Text("Retry") }
                TextButton(onClick = controller::showSolution, enabled = state.canShowSolution) { Text("Solution") }
                TextButton(onClick = controller::next, enabled = state.canGoNext) { Text("Next") }
            }
        },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        BoardLayout(
            padding,
            board = { modifier ->
                Board(
                    state.snapshot, state.orientation, state.selected, state.targets, null,
                    controller::tapSquare, controller::dragMove, modifier,
                )
            },
            above = {
                Column(Modifier.fillMaxWidth().padding(vertical = 6.dp)) {
                    state.progressText?.let { Text(it, style = MaterialTheme.typography.labelMedium) }
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        // Read in words ("knight to f3"), not as SAN's letters.
                        Text(state.promptText, style = MaterialTheme.typography.titleMedium, modifier = Modifier.weight(1f).spoken(state.spokenPrompt))
                        if (state.phase == PracticePhase.CHECKING) CircularProgressIndicator(Modifier.size(16.dp), strokeWidth = 2.dp)
                    }
                }
            },
            below = {},
        )
    }
    state.pendingPromotion?.let { pending ->
        PromotionDialog(pending.choices, state.snapshot.sideToMove, controller::choosePromotion, controller::cancelPromotion)
    }
}
