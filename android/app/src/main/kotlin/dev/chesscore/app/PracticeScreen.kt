package dev.chesscore.app

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.presentation.PracticeController
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
    Scaffold(
        topBar = { BackTopBar("Practise your mistakes", back = close) {} },
        bottomBar = {
            ButtonBar {
                val phase = state.phase
                TextButton(
                    onClick = controller::retry,
                    enabled = phase == PracticePhase.WRONG || phase == PracticePhase.SOLVED || phase == PracticePhase.SHOWN,
                ) { Text("Retry") }
                TextButton(
                    onClick = controller::showSolution,
                    enabled = state.exercise != null && phase != PracticePhase.SHOWN,
                ) { Text("Solution") }
                TextButton(onClick = controller::next, enabled = state.exercise != null) { Text("Next") }
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
                    if (state.total > 0 && state.exercise != null) {
                        Text("Exercise ${state.index + 1} of ${state.total}", style = MaterialTheme.typography.labelMedium)
                    }
                    Text(state.promptText, style = MaterialTheme.typography.titleMedium)
                }
            },
            below = {},
        )
    }
    state.pendingPromotion?.let { pending ->
        PromotionDialog(pending.choices, state.snapshot.sideToMove, controller::choosePromotion, controller::cancelPromotion)
    }
}
