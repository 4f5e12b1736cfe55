package dev.chesscore.app

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.layout.wrapContentHeight
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.CardDefaults
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.repeatOnLifecycle
import androidx.lifecycle.compose.LocalLifecycleOwner
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.Piece
import dev.chesscore.Side
import dev.chesscore.presentation.spokenEngineLine
import dev.chesscore.presentation.BoardUiState
import dev.chesscore.presentation.boardAnnouncement
import dev.chesscore.presentation.GameArchive
import dev.chesscore.presentation.GameController
import dev.chesscore.presentation.opponent
import dev.chesscore.presentation.GameMode
import dev.chesscore.presentation.extra
import dev.chesscore.presentation.materialDescription
import dev.chesscore.presentation.materialLeadText
import dev.chesscore.presentation.sideName
import dev.chesscore.presentation.spokenMove
import dev.chesscore.presentation.spokenTime
import dev.chesscore.presentation.viewedText
import kotlinx.coroutines.delay

/**
 * The board screen. Portrait: top bar, status line, board (between the two players' rows: each
 * side's extra pieces and, in a timed game, its clock), thinking line, move list, bottom action bar. Landscape: the board on the left,
 * everything else in a column on the right. Draws [GameController.state] and forwards every
 * action to the controller; while a clock runs it calls [GameController.tick] every 100 ms, its
 * only timer. [review] opens the
 * review of the game's PGN (with the person's side against the engine, for its practice); [analyse] the analysis board, with the game's PGN and the ply of
 * the position on the board ("Analyse game") or `null` ("Analysis board": as it was left).
 * "My games" ([archive]) shows while [gamesShown]; [openGames] and [closeGames] (resuming the game
 * or not) change it, held by the view model so that it survives rotation and the activity knows.
 */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun ChessScreen(
    controller: GameController,
    share: (subject: String, text: String) -> Unit,
    review: (pgn: String, side: Side?) -> Unit = { _, _ -> },
    analyse: (pgn: String?, ply: UInt?) -> Unit = { _, _ -> },
    archive: GameArchive? = null,
    gamesShown: Boolean = false,
    openGames: () -> Unit = {},
    closeGames: (resume: Boolean) -> Unit = {},
) {
    val state by controller.state.collectAsStateWithLifecycle()
    var showNewGame by rememberSaveable { mutableStateOf(false) }
    var showPasteFen by rememberSaveable { mutableStateOf(false) }
    var confirmResign by rememberSaveable { mutableStateOf<Side?>(null) }
    val snackbar = remember { SnackbarHostState() }

    // Errors outside the FEN dialog (which shows its own) appear as a snackbar.
    MessageSnackbar(snackbar, state.message, held = showPasteFen, dismiss = controller::dismissMessage)
    // What TalkBack says without a tap: the moves, the end, low time, a hint.
    Announcements(state, ::boardAnnouncement)

    // Restarted whenever the running side changes; ends when no clock runs. In the background
    // the state above is no longer collected (the activity's pause() of the clock comes after
    // that stops), so the ticks run only while the screen is started, and again on return.
    val running = state.clock?.running
    val lifecycleOwner = LocalLifecycleOwner.current
    LaunchedEffect(running, lifecycleOwner) {
        if (running == null) return@LaunchedEffect
        lifecycleOwner.repeatOnLifecycle(Lifecycle.State.STARTED) {
            while (true) {
                delay(100)
                controller.tick()
            }
        }
    }

    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text("chesscore") },
                actions = {
                    TextButton(onClick = { showNewGame = true }) { Text("New") }
                    OverflowMenu { close ->
                        DropdownMenuItem(text = { Text("Review game") }, onClick = {
                            close()
                            // Against the engine, "Practise" drills the person's own mistakes.
                            review(controller.pgn(), (state.mode as? GameMode.HumanVsEngine)?.humanSide)
                        })
                        // At the position on the board: a move looked back at, or the game's current one.
                        DropdownMenuItem(text = { Text("Analyse game") }, onClick = {
                            close()
                            analyse(controller.pgn(), state.viewed?.ply?.toUInt() ?: state.snapshot.ply)
                        })
                        DropdownMenuItem(text = { Text("Analysis board") }, onClick = { close(); analyse(null, null) })
                        // The game pauses under the list (a timed game's clock stops), as on iOS.
                        if (archive != null) {
                            DropdownMenuItem(text = { Text("My games") }, onClick = { close(); openGames() })
                        }
                        DropdownMenuItem(text = { Text("Share PGN") }, onClick = { close(); share("Game (PGN)", controller.pgn()) })
                        DropdownMenuItem(text = { Text("Share FEN") }, onClick = { close(); share("Position (FEN)", controller.fen()) })
                        DropdownMenuItem(text = { Text("Paste FEN…") }, onClick = { close(); showPasteFen = true })
                        DropdownMenuItem(
                            text = { Text(if (state.autoQueen) "✓ Always promote to a queen" else "Always promote to a queen") },
                            onClick = { close(); controller.setAutoQueen(!state.autoQueen) },
                        )
                        if (state.canAutoFlip) {
                            DropdownMenuItem(
                                text = { Text(if (state.autoFlip) "✓ Turn the board for each player" else "Turn the board for each player") },
                                onClick = { close(); controller.setAutoFlip(!state.autoFlip) },
                            )
                        }
                        // Against the engine the player resigns and offers draws (the engine answers);
                        // between two people each side may resign, and they may agree a draw.
                        // Resigning is confirmed first: a timed game cannot take it back.
                        val human = (state.mode as? GameMode.HumanVsEngine)?.humanSide
                        for (side in if (human != null) listOf(human) else listOf(Side.WHITE, Side.BLACK)) {
                            DropdownMenuItem(
                                text = { Text(if (human != null) "Resign" else "${sideName(side)} resigns") },
                                enabled = !state.isGameOver,
                                onClick = { close(); confirmResign = side },
                            )
                        }
                        if (human != null) {
                            DropdownMenuItem(
                                text = { Text(if (state.drawOffered) "Draw offered" else "Offer draw") },
                                enabled = state.canOfferDraw,
                                onClick = { close(); controller.offerDraw() },
                            )
                        } else {
                            DropdownMenuItem(
                                text = { Text("Agree draw") },
                                enabled = !state.isGameOver,
                                onClick = { close(); controller.agreeDraw() },
                            )
                        }
                    }
                },
            )
        },
        bottomBar = { ActionBar(state, controller) },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        BoardLayout(
            padding,
            board = { modifier -> Board(state, controller::tapSquare, controller::dragMove, modifier) },
            above = {
                StatusLine(state)
                PlayerRow(state.orientation.opponent(), state, caption = state.clock?.description)
            },
            below = {
                PlayerRow(state.orientation, state)
                ThinkingLineView(state)
                MoveList(state, controller::viewPly, Modifier.weight(1f))
            },
        )
    }

    confirmResign?.let { side ->
        AlertDialog(
            onDismissRequest = { confirmResign = null },
            confirmButton = { TextButton(onClick = { confirmResign = null; controller.resign(side) }) { Text("Resign") } },
            dismissButton = { TextButton(onClick = { confirmResign = null }) { Text("Cancel") } },
            title = { Text("Resign?") },
            text = { Text("${sideName(side)} resigns and ${sideName(side.opponent())} wins.") },
        )
    }
    state.pendingPromotion?.let { pending ->
        PromotionDialog(pending.choices, state.snapshot.sideToMove, controller::choosePromotion, controller::cancelPromotion)
    }
    if (showNewGame) {
        NewGameDialog(
            currentMode = state.mode,
            currentLevel = state.level,
            currentTimeControl = state.clock?.description,
            currentChess960 = state.snapshot.chess960,
            onStart = { mode, level, timeControl, start -> showNewGame = false; controller.newGame(mode, level, timeControl, start) },
            onDismiss = { showNewGame = false },
        )
    }
    if (gamesShown && archive != null) {
        GamesDialog(
            archive,
            // The review keeps the game paused, and resumes it when it closes (MainActivity).
            review = { game -> closeGames(false); review(game.pgn, game.yourSide) },
            share = share,
            onDismiss = { closeGames(true) },
        )
    }
    if (showPasteFen) {
        PasteFenDialog(
            error = state.message,
            onLoad = { text ->
                // loadFen says whether the board took the position; when not, the core's
                // rejection shows in the dialog (a repaired FEN's note in the snackbar).
                if (controller.loadFen(text)) showPasteFen = false
            },
            onDismiss = { controller.dismissMessage(); showPasteFen = false },
        )
    }
}

/** The status from the core ("White to move", "Checkmate — Black wins"), as a banner when the game is over. */
@Composable
private fun StatusLine(state: BoardUiState) {
    if (state.isGameOver) {
        Card(
            Modifier.fillMaxWidth().padding(vertical = 6.dp),
            colors = CardDefaults.cardColors(containerColor = MaterialTheme.colorScheme.primaryContainer),
        ) {
            Column(Modifier.padding(12.dp)) {
                Text("Game over", style = MaterialTheme.typography.labelLarge)
                Text(state.statusText, style = MaterialTheme.typography.titleMedium)
            }
        }
    } else {
        Text(state.statusText, style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(vertical = 8.dp))
        if (state.drawOffered) Text("Draw offered: the engine answers on its turn", style = MaterialTheme.typography.bodySmall)
        if (state.userPaused) Text("Paused: the clock is stopped until you resume", style = MaterialTheme.typography.bodySmall)
    }
    // Also over a finished game: the board shows an earlier position then.
    state.viewed?.let {
        Text("${viewedText(it.snapshot)}: tap the board to return to the game", style = MaterialTheme.typography.bodySmall)
    }
    state.chess960Number?.let { Text("Chess960 #$it", style = MaterialTheme.typography.bodySmall) }
}

/**
 * One player's row beside the board: the side's name, the pieces it has more of than the other
 * side and "+2" when it is ahead (the core's material difference), and in a timed game its clock
 * (red when low, a flag once it fell, highlighted while it runs); [caption] (the top one's) says
 * the time control ("3 min + 2 s").
 */
@Composable
private fun PlayerRow(side: Side, state: BoardUiState, caption: String? = null) {
    val clock = state.clock
    val time = clock?.let { if (side == Side.WHITE) it.whiteText else it.blackText }
    val colors = MaterialTheme.colorScheme
    val spoken = listOfNotNull(
        if (clock == null) sideName(side)
        else "${sideName(side)}'s clock, ${clock.description}: ${clock.spokenTime(side)}",
        materialDescription(state.material, side),
    ).joinToString(", ")
    Row(
        Modifier
            .fillMaxWidth()
            .padding(vertical = 2.dp)
            .background(if (clock?.running == side) colors.primaryContainer else colors.surfaceVariant, RoundedCornerShape(8.dp))
            .padding(horizontal = 12.dp, vertical = 4.dp)
            .clearAndSetSemantics { contentDescription = spoken },
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        Text(sideName(side), style = MaterialTheme.typography.titleSmall)
        if (clock?.flagged == side) Text("⚑", color = colors.error, style = MaterialTheme.typography.titleMedium)
        Text(
            state.material.extra(side).joinToString("") { pieceGlyph(Piece(side, it)) } + " " + materialLeadText(state.material, side),
            style = MaterialTheme.typography.bodyMedium,
            maxLines = 1,
        )
        caption?.let { Text(it, style = MaterialTheme.typography.bodySmall, color = colors.onSurfaceVariant) }
        Spacer(Modifier.weight(1f))
        time?.let {
            Text(
                it,
                style = MaterialTheme.typography.titleLarge,
                fontFamily = FontFamily.Monospace,
                color = if (clock?.lowTime?.contains(side) == true) colors.error else colors.onSurface,
            )
        }
    }
}

/** "Thinking… depth 12  +0.35  Nf3 Nc6 Bb5" while the engine searches. */
@Composable
private fun ThinkingLineView(state: BoardUiState) {
    if (!state.engineThinking) return
    Column(Modifier.fillMaxWidth().padding(vertical = 4.dp)) {
        LinearProgressIndicator(Modifier.fillMaxWidth())
        val line = state.thinking
        Text(
            if (line == null) "Thinking…" else "depth ${line.depth}  ${line.scoreText}  ${line.pvSan.joinToString(" ")}",
            modifier = if (line == null) Modifier else Modifier.spoken(spokenEngineLine(line.depth, line.scoreText, line.pvSan)),
            maxLines = 1,
            overflow = TextOverflow.Ellipsis,
            fontFamily = FontFamily.Monospace,
            style = MaterialTheme.typography.bodySmall,
        )
    }
}

/**
 * The moves in SAN, numbered, newest visible; a tap on a move shows the position after it
 * ([view]: the game stays where it is), the move shown highlighted.
 */
@Composable
private fun MoveList(state: BoardUiState, view: (Int) -> Unit, modifier: Modifier = Modifier) {
    val rows = state.snapshot.moveRows
    val plies = state.moveRowPlies
    val shown = state.viewed?.ply ?: state.snapshot.ply.toInt()
    val listState = rememberLazyListState()
    LaunchedEffect(rows.size) { if (rows.isNotEmpty()) listState.animateScrollToItem(rows.size - 1) }
    LazyColumn(modifier.fillMaxWidth(), state = listState, contentPadding = PaddingValues(vertical = 4.dp)) {
        items(rows.indices.toList()) { index ->
            val row = rows[index]
            val (whitePly, blackPly) = plies[index]
            // Widths at least, not exactly: at a large font size a move must not be cut off.
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text("${row.number}.", Modifier.widthIn(min = 40.dp), fontFamily = FontFamily.Monospace)
                MoveCell(row.white ?: "…", row.white?.let { spokenMove(row.number, Side.WHITE, it) }, whitePly, shown, view, Modifier.widthIn(min = 88.dp))
                MoveCell(row.black ?: "", row.black?.let { spokenMove(row.number, Side.BLACK, it) }, blackPly, shown, view)
            }
        }
    }
}

/**
 * One move of [MoveList]: tappable when there is a move, highlighted (and selected, for TalkBack)
 * when its position is [shown]; TalkBack says [spoken] ("12 White: knight to f3"), not the SAN.
 */
@Composable
private fun MoveCell(san: String, spoken: String?, ply: Int?, shown: Int, view: (Int) -> Unit, modifier: Modifier = Modifier) {
    val highlighted = ply != null && ply == shown
    Text(
        san,
        modifier
            .then(if (ply != null) Modifier.clickable(role = Role.Button) { view(ply) } else Modifier)
            .then(
                if (spoken != null) {
                    Modifier.semantics {
                        contentDescription = spoken
                        selected = highlighted
                    }
                } else {
                    Modifier
                },
            )
            .background(if (highlighted) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
            // A touch target of at least 48 dp (Android's accessibility guideline), the move centred in it.
            .heightIn(min = 48.dp)
            .wrapContentHeight(),
        fontFamily = FontFamily.Monospace,
    )
}

/**
 * Undo, redo (never in a timed game), flip, hint; claim draw only while the core offers one, and the claim announced with
 * the next move while some move would complete a draw.
 */
@Composable
private fun ActionBar(state: BoardUiState, controller: GameController) {
    ButtonBar {
        TextButton(onClick = controller::undo, enabled = state.canUndo) { Text("Undo") }
        TextButton(onClick = controller::redo, enabled = state.canRedo) { Text("Redo") }
        // Looking back through the game (the game itself stays where it is).
        TextButton(onClick = controller::viewBack, enabled = state.canViewBack, modifier = Modifier.spoken("Earlier position")) { Text("◀") }
        TextButton(onClick = controller::viewForward, enabled = state.canViewForward, modifier = Modifier.spoken("Later position")) { Text("▶") }
        TextButton(onClick = controller::flipBoard) { Text("Flip") }
        // The players' pause of a timed game; the app going to the background does not end it.
        if (state.canPause || state.userPaused) {
            TextButton(onClick = if (state.userPaused) controller::resumeGame else controller::pauseGame) {
                Text(if (state.userPaused) "Resume" else "Pause")
            }
        }
        TextButton(onClick = controller::requestHint, enabled = state.isHumanTurn) { Text("Hint") }
        state.claimableDraw?.let {
            Button(onClick = controller::claimDraw) { Text("Claim draw") }
        }
        // FIDE 9.2.1.1 / 9.3.1: announce the claim, then make the move that completes it.
        if (state.canClaimWithMove) {
            val on = state.claimingWithNextMove
            OutlinedButton(onClick = { controller.claimDrawWithNextMove(!on) }) {
                Text(if (on) "Cancel claim" else "Claim with my move")
            }
        }
    }
}
