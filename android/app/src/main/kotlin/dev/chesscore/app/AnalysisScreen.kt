package dev.chesscore.app

import androidx.compose.ui.semantics.selected
import dev.chesscore.presentation.spokenThreat
import dev.chesscore.presentation.spokenRefutation
import dev.chesscore.presentation.spokenEngineLine
import dev.chesscore.presentation.spokenBookMove
import dev.chesscore.presentation.spokenExplorerMove
import dev.chesscore.presentation.explorerMoveText
import dev.chesscore.presentation.spokenMoveText
import dev.chesscore.presentation.nagName
import androidx.compose.foundation.ExperimentalFoundationApi
import androidx.compose.foundation.background
import androidx.compose.foundation.combinedClickable
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.relocation.BringIntoViewRequester
import androidx.compose.foundation.relocation.bringIntoViewRequester
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AssistChip
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.rememberCoroutineScope
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.MarkColor
import dev.chesscore.MoveListItem
import dev.chesscore.Side
import dev.chesscore.presentation.analysisAnnouncement
import dev.chesscore.presentation.materialSummary
import dev.chesscore.presentation.AnalysisController
import dev.chesscore.presentation.AnalysisUiState
import dev.chesscore.presentation.PgnGameList
import dev.chesscore.presentation.PositionEditor
import dev.chesscore.presentation.StartPosition
import dev.chesscore.presentation.moveText
import dev.chesscore.presentation.nagText
import dev.chesscore.presentation.refutationText
import dev.chesscore.presentation.threatText
import dev.chesscore.presentation.winChanceText
import android.content.ActivityNotFoundException
import android.net.Uri
import androidx.activity.compose.rememberLauncherForActivityResult
import androidx.activity.result.contract.ActivityResultContracts
import kotlinx.coroutines.launch

/**
 * The analysis board. Portrait: top bar, status and opening, board (the engine's best move as an
 * arrow), engine lines with a switch and the number of lines, the move tree, and the navigation
 * bar. Landscape: the board on the left, the rest in a column on the right. Draws
 * [AnalysisController.state] and forwards every action to the controller (tested in
 * android/presentation); it decides nothing itself.
 *
 * Move list: the core's `moveList` inline, variations on lines of their own, indented by depth
 * and bracketed, the current move highlighted and scrolled into view. A tap goes to a move; a
 * long press offers promote, make main line and delete. Under the engine's lines: the coach's
 * switch (hanging pieces as red dots, the opponent's threat and what refuted the last move), the
 * current move's NAG menu and the draw menu (taps and drags draw the node's arrows and circles).
 * Under the opening's name, the opening book from the position (the moves into named openings,
 * main lines first; a tap plays one). The menu's "Play from here" starts a game against the
 * engine from the board's position, with the moves that led to it (the person taking the side to
 * move); "Set up a position…"
 * opens the position editor on it, whose "Done" loads the new position as a new tree.
 */
@Composable
fun AnalysisScreen(
    controller: AnalysisController,
    share: (subject: String, text: String) -> Unit,
    playFrom: (start: StartPosition, side: Side) -> Unit,
    editor: PositionEditor?,
    openEditor: () -> Unit,
    editorDone: (fen: String) -> Unit,
    closeEditor: () -> Unit,
    close: () -> Unit,
    openText: (text: String) -> Unit,
    openUri: (uri: Uri) -> Unit,
    pgnMessage: String? = null,
    pgnMessageShown: () -> Unit = {},
    opened: PgnGameList? = null,
    openedDone: () -> Unit = {},
) {
    val snackbar = remember { SnackbarHostState() }
    var dialog by rememberSaveable { mutableStateOf<AnalysisDialog?>(null) }
    val scope = rememberCoroutineScope()
    val state by controller.state.collectAsStateWithLifecycle()
    // A PGN file chosen in the system's picker: read, listed and opened by the view model
    // ([openUri]), so that a rotation meanwhile loses nothing; why one did not open comes back
    // as [pgnMessage].
    val openFile = rememberLauncherForActivityResult(ActivityResultContracts.OpenDocument()) { uri ->
        if (uri != null) openUri(uri)
    }

    // The position editor over the board (held by the view model; the analysis pauses meanwhile).
    if (editor != null) {
        PositionEditorScreen(editor, done = editorDone, cancel = closeEditor)
        return
    }

    // Messages outside the FEN dialog (which shows the core's error itself) appear as a snackbar:
    // a refused move or tree edit, a bad PGN, the games a PGN text had besides the first.
    MessageSnackbar(snackbar, state.message, held = dialog == AnalysisDialog.LOAD_FEN, dismiss = controller::dismissMessage)
    MessageSnackbar(snackbar, pgnMessage, held = false, dismiss = pgnMessageShown)
    // What TalkBack says when the position changes: the move stepped to, its NAGs, the end.
    Announcements(state, ::analysisAnnouncement)

    Scaffold(
        topBar = {
            BackTopBar("Analysis", back = close) {
                TextButton(onClick = controller::flipBoard) { Text("Flip") }
                OverflowMenu { closeMenu ->
                    DropdownMenuItem(text = { Text("New board") }, onClick = { closeMenu(); controller.newBoard() })
                    DropdownMenuItem(text = { Text("Load PGN…") }, onClick = { closeMenu(); dialog = AnalysisDialog.LOAD_PGN })
                    // Any file: providers report .pgn files inconsistently (application/x-chess-pgn,
                    // text/plain, application/octet-stream); the core says what is wrong with one
                    // that is not PGN.
                    DropdownMenuItem(
                        text = { Text("Open PGN file…") },
                        onClick = {
                            closeMenu()
                            try {
                                openFile.launch(arrayOf("*/*"))
                            } catch (e: ActivityNotFoundException) {
                                scope.launch { snackbar.showSnackbar("No app on this device opens documents") }
                            }
                        },
                    )
                    DropdownMenuItem(text = { Text("Load FEN…") }, onClick = { closeMenu(); controller.dismissMessage(); dialog = AnalysisDialog.LOAD_FEN })
                    // The editor knows standard chess only: a Chess960 tree is not offered to it.
                    DropdownMenuItem(
                        text = { Text("Set up a position…") },
                        enabled = !state.snapshot.chess960,
                        onClick = { closeMenu(); openEditor() },
                    )
                    DropdownMenuItem(text = { Text("Share PGN") }, onClick = { closeMenu(); share("Analysis (PGN)", controller.pgn()) })
                    DropdownMenuItem(text = { Text("Share FEN") }, onClick = { closeMenu(); share("Position (FEN)", controller.fen()) })
                    DropdownMenuItem(
                        text = { Text("Play from here") },
                        enabled = !state.isGameOver,
                        onClick = { closeMenu(); playFrom(controller.playFromHereStart(), state.snapshot.sideToMove) },
                    )
                }
            }
        },
        bottomBar = { NavigationBar(state, controller, onComment = { dialog = AnalysisDialog.COMMENT }) },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        BoardLayout(
            padding,
            board = { modifier ->
                // The engine's best move is the blue arrow; the node's own marks are drawn under
                // it, and in draw mode the square a new arrow starts from shows as selected.
                Board(
                    state.snapshot, state.orientation, state.markFrom ?: state.selected, state.targets, state.bestMove,
                    controller::tapSquare, controller::dragMove, modifier,
                    squareMarks = state.squareMarks, arrows = state.arrows, warnings = state.hanging.map { it.square },
                )
            },
            above = {
                PositionLine(state)
                BookMoves(state, controller)
                MyGames(state, controller)
            },
            below = {
                EngineLines(state, controller)
                CoachLines(state, controller)
                MoveTree(state, controller, Modifier.weight(1f))
            },
        )
    }

    state.pendingPromotion?.let { pending ->
        PromotionDialog(pending.choices, state.snapshot.sideToMove, controller::choosePromotion, controller::cancelPromotion)
    }
    when (dialog) {
        // loadFen says whether the board took the position; when not, the core's rejection is
        // the message, shown in the dialog.
        AnalysisDialog.LOAD_FEN -> PasteFenDialog(
            error = state.message,
            onLoad = { text -> if (controller.loadFen(text)) dialog = null },
            onDismiss = { controller.dismissMessage(); dialog = null },
        )
        // The PGN dialog closes at once; the text is read off the main thread (a whole file can
        // take a while), a text of several games asks which, and what loadPgn has to say comes as
        // a snackbar.
        AnalysisDialog.LOAD_PGN -> LoadPgnDialog(
            onLoad = { text ->
                dialog = null
                openText(text)
            },
            onDismiss = { dialog = null },
        )
        AnalysisDialog.COMMENT -> CommentDialog(
            initial = state.snapshot.annotations.commentAfter ?: "",
            onSave = { text -> dialog = null; controller.setComment(text) },
            onDismiss = { dialog = null },
        )
        null -> Unit
    }
    // The games of a text of several (the view model's, so a rotation keeps them): from the
    // board's own menu, or of a file another app opened.
    opened?.let { list ->
        PgnGamePickerDialog(
            list,
            pick = { game -> openedDone(); controller.loadPgn(game.pgn) },
            onDismiss = openedDone,
        )
    }
}

/** The analysis screen's dialogs; one at a time. */
private enum class AnalysisDialog { LOAD_FEN, LOAD_PGN, COMMENT }

/** The status from the core ("White to move", "Checkmate — Black wins", "White resigned — …"), the opening's name and the material. */
@Composable
private fun PositionLine(state: AnalysisUiState) {
    Column(Modifier.fillMaxWidth().padding(vertical = 6.dp)) {
        Text(state.statusText, style = MaterialTheme.typography.titleMedium)
        state.snapshot.opening?.let { opening ->
            Text("${opening.eco} ${opening.name}", style = MaterialTheme.typography.bodySmall, maxLines = 1, overflow = TextOverflow.Ellipsis)
        }
        Text(materialSummary(state.snapshot.material), style = MaterialTheme.typography.bodySmall)
    }
}

/** A switch, its [title], and a spinner beside them while its search [running] (the engine's, the coach's). */
@Composable
private fun SwitchWithSpinner(title: String, on: Boolean, running: Boolean, set: (Boolean) -> Unit) {
    Switch(checked = on, onCheckedChange = set)
    Text(title, Modifier.padding(horizontal = 8.dp))
    if (running) CircularProgressIndicator(Modifier.size(16.dp), strokeWidth = 2.dp)
}

/**
 * The opening book from here: one chip per move into a named opening, named by its variation (or
 * its family at the first moves: "c5 Sicilian Defense", later "Nc3 Closed"), main lines first; a
 * tap plays it.
 */
@Composable
private fun BookMoves(state: AnalysisUiState, controller: AnalysisController) = MoveChips(
    title = null,
    moves = state.bookMoves,
    label = { "${it.legalMove.san} ${it.opening.variation ?: it.opening.family}" },
    spoken = ::spokenBookMove,
    play = controller::playBookMove,
)

/**
 * "My games", below the book and as compact: one chip per move the person's own kept games
 * played from here, the most played first, with how those games ended ("e4 · 12 games · 42 /
 * 25 / 33 %": White's wins, draws, Black's); a tap plays it. Nothing when no kept game reached
 * this position.
 */
@Composable
private fun MyGames(state: AnalysisUiState, controller: AnalysisController) = MoveChips(
    title = "My games",
    moves = state.explorerMoves,
    label = ::explorerMoveText,
    spoken = ::spokenExplorerMove,
    play = controller::playExplorerMove,
)

/**
 * A sideways row of chips, one per move of a list beside the board (the book, My games), after
 * an optional [title]; TalkBack says each move in [spoken] words; a tap plays it. Nothing when
 * the list is empty.
 */
@Composable
private fun <T> MoveChips(title: String?, moves: List<T>, label: (T) -> String, spoken: (T) -> String, play: (T) -> Unit) {
    if (moves.isEmpty()) return
    Row(
        Modifier.fillMaxWidth().horizontalScroll(rememberScrollState()),
        horizontalArrangement = Arrangement.spacedBy(6.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        if (title != null) Text(title, style = MaterialTheme.typography.labelLarge)
        for (move in moves) {
            AssistChip(
                onClick = { play(move) },
                label = { Text(label(move), maxLines = 1) },
                modifier = Modifier.spoken(spoken(move)),
            )
        }
    }
}

/**
 * The engine: on/off, a spinner while it searches, the number of lines (1 to 5, the controller
 * clamps), "Analyse again" once a search has ended by its limits with lines, the eval bar, then
 * one row per line: "+0.35  d18  Nf3 Nc6 Bb5".
 */
@Composable
private fun EngineLines(state: AnalysisUiState, controller: AnalysisController) {
    Column(Modifier.fillMaxWidth()) {
        Row(verticalAlignment = Alignment.CenterVertically) {
            SwitchWithSpinner("Engine", state.analysing, state.engineRunning, controller::setAnalysing)
            if (!state.engineRunning && state.analysing && state.lines.isNotEmpty()) {
                TextButton(onClick = { controller.setAnalysing(true) }) { Text("Analyse again") }
            }
            Spacer(Modifier.weight(1f))
            TextButton(onClick = { controller.setMultiPv(state.multiPv - 1) }, enabled = state.multiPv > AnalysisUiState.MIN_MULTI_PV, modifier = Modifier.spoken("Fewer lines")) { Text("−") }
            Text("${state.multiPv} lines")
            TextButton(onClick = { controller.setMultiPv(state.multiPv + 1) }, enabled = state.multiPv < AnalysisUiState.MAX_MULTI_PV, modifier = Modifier.spoken("More lines")) { Text("+") }
        }
        state.whiteWin?.let { EvalBar(it) }
        for (line in state.lines) {
            Text(
                "${line.scoreText}  d${line.depth}  ${line.pvSan.joinToString(" ")}",
                modifier = Modifier.spoken(spokenEngineLine(line.depth, line.scoreText, line.pvSan)),
                maxLines = 1,
                overflow = TextOverflow.Ellipsis,
                fontFamily = FontFamily.Monospace,
                style = MaterialTheme.typography.bodySmall,
            )
        }
    }
}

/**
 * A thin bar of White's win chance in the best line ([AnalysisUiState.whiteWin], the review's
 * scale, so it agrees with the review's eval graph): White's share light from the left, Black's
 * dark; read out as [winChanceText].
 */
@Composable
private fun EvalBar(whiteWin: Double) {
    val description = winChanceText(whiteWin)
    Box(
        Modifier.fillMaxWidth().padding(vertical = 4.dp).height(6.dp).background(Color(0xFF404040))
            .semantics { contentDescription = description },
    ) {
        Box(Modifier.fillMaxWidth((whiteWin / 100).toFloat().coerceIn(0f, 1f)).fillMaxHeight().background(Color(0xFFEEEEEE)))
    }
}

/**
 * The coach and the annotation tools: the coach's switch and a spinner while it searches, the
 * current move's NAG menu ("!?", "±", ...; a tick on those set, the controller toggles) and the
 * draw menu (a colour to draw arrows and circles with, off, clear); then, with the coach on, the
 * opponent's threat and what refuted the last move in the presentation layer's words
 * ([threatText], [refutationText]); the hanging pieces are the red dots on the board.
 */
@Composable
private fun CoachLines(state: AnalysisUiState, controller: AnalysisController) {
    Column(Modifier.fillMaxWidth()) {
        Row(verticalAlignment = Alignment.CenterVertically) {
            SwitchWithSpinner("Coach", state.coachOn, state.coachRunning, controller::setCoach)
            Spacer(Modifier.weight(1f))
            NagMenu(state, controller)
            DrawMenu(state, controller)
        }
        if (state.coachOn) {
            state.refutation?.let {
                Text(refutationText(it), Modifier.spoken(spokenRefutation(it)), color = MaterialTheme.colorScheme.error, style = MaterialTheme.typography.bodySmall)
            }
            state.threat?.let {
                Text(threatText(it), Modifier.spoken(spokenThreat(it)), style = MaterialTheme.typography.bodySmall, maxLines = 1, overflow = TextOverflow.Ellipsis)
            }
        }
    }
}

/** The move tree inline, in the core's reading order; variations start a line, indented by depth, in brackets. */
@OptIn(ExperimentalLayoutApi::class)
@Composable
private fun MoveTree(state: AnalysisUiState, controller: AnalysisController, modifier: Modifier = Modifier) {
    val variationColor = MaterialTheme.colorScheme.onSurfaceVariant
    Column(modifier.fillMaxWidth().verticalScroll(rememberScrollState())) {
        FlowRow(Modifier.fillMaxWidth().padding(vertical = 4.dp), horizontalArrangement = Arrangement.spacedBy(2.dp)) {
            for (item in state.snapshot.moveList) {
                when (item) {
                    is MoveListItem.Move -> key(item.node) { MoveChip(item, item.node == state.snapshot.node, controller) }
                    is MoveListItem.Comment -> Text(item.text, fontStyle = FontStyle.Italic, color = MaterialTheme.colorScheme.tertiary)
                    is MoveListItem.VariationStart -> {
                        Spacer(Modifier.fillMaxWidth()) // a line of its own
                        Spacer(Modifier.width((item.depth.toInt() * 12).dp))
                        Text("(", color = variationColor)
                    }
                    is MoveListItem.VariationEnd -> {
                        Text(")", color = variationColor)
                        Spacer(Modifier.fillMaxWidth()) // the line it left goes on below
                    }
                }
            }
        }
    }
}

/**
 * One move of the tree: a tap goes there; a long press opens promote / make main line / delete.
 * The current move scrolls into view whenever it becomes current (navigation, a new move).
 */
@OptIn(ExperimentalFoundationApi::class)
@Composable
private fun MoveChip(move: MoveListItem.Move, current: Boolean, controller: AnalysisController) {
    var menuOpen by remember { mutableStateOf(false) }
    val mainLine = move.depth == 0u
    val inView = remember { BringIntoViewRequester() }
    if (current) LaunchedEffect(move.node) { inView.bringIntoView() }
    Box {
        Text(
            moveText(move),
            modifier = Modifier
                .bringIntoViewRequester(inView)
                .background(if (current) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent, RoundedCornerShape(4.dp))
                .combinedClickable(onClick = { controller.goTo(move.node) }, onLongClick = { menuOpen = true })
                // TalkBack: the move in words ("12 Black: knight to f6, interesting move"), the current one selected.
                .semantics {
                    contentDescription = spokenMoveText(move)
                    selected = current
                }
                .padding(horizontal = 3.dp, vertical = 2.dp),
            fontWeight = if (mainLine) FontWeight.SemiBold else FontWeight.Normal,
            color = if (mainLine) MaterialTheme.colorScheme.onSurface else MaterialTheme.colorScheme.onSurfaceVariant,
        )
        DropdownMenu(expanded = menuOpen, onDismissRequest = { menuOpen = false }) {
            DropdownMenuItem(
                text = { Text("Promote variation") },
                enabled = !mainLine,
                onClick = { menuOpen = false; controller.promoteVariation(move.node) },
            )
            DropdownMenuItem(
                text = { Text("Make main line") },
                enabled = !mainLine,
                onClick = { menuOpen = false; controller.makeMainLine(move.node) },
            )
            DropdownMenuItem(text = { Text("Delete from here") }, onClick = { menuOpen = false; controller.deleteFrom(move.node) })
        }
    }
}

/** Start, back, forward, end (enabled from the snapshot), and the comment of the current move. */
@Composable
private fun NavigationBar(state: AnalysisUiState, controller: AnalysisController, onComment: () -> Unit) {
    ButtonBar {
        TextButton(onClick = controller::toStart, enabled = state.canGoBack, modifier = Modifier.spoken("Start")) { Text("|<") }
        TextButton(onClick = controller::back, enabled = state.canGoBack, modifier = Modifier.spoken("Back")) { Text("<") }
        TextButton(onClick = controller::forward, enabled = state.canGoForward, modifier = Modifier.spoken("Forward")) { Text(">") }
        TextButton(onClick = controller::toEnd, enabled = state.canGoForward, modifier = Modifier.spoken("End")) { Text(">|") }
        TextButton(onClick = onComment) { Text("Comment") }
    }
}

/** The current move's NAGs: move assessments, then position assessments, those set ticked. */
@Composable
private fun NagMenu(state: AnalysisUiState, controller: AnalysisController) {
    var expanded by remember { mutableStateOf(false) }
    Box {
        TextButton(onClick = { expanded = true }, enabled = state.canAnnotateMove, modifier = Modifier.spoken("Annotate move")) { Text("!?") }
        DropdownMenu(expanded = expanded, onDismissRequest = { expanded = false }) {
            for (nag in AnalysisUiState.MOVE_NAGS + AnalysisUiState.POSITION_NAGS) {
                DropdownMenuItem(
                    text = { Text((if (nag in state.nags) "✓ " else "") + nagText(nag) + " " + nagName(nag)) },
                    onClick = { expanded = false; controller.toggleNag(nag) },
                )
            }
        }
    }
}

/** Draw mode: the colour taps and drags draw with (the button shows it), off, and clear the marks. */
@Composable
private fun DrawMenu(state: AnalysisUiState, controller: AnalysisController) {
    var expanded by remember { mutableStateOf(false) }
    Box {
        // The colour drawn with, said as well as shown.
        TextButton(onClick = { expanded = true }, modifier = Modifier.spoken(state.drawColor?.let { "Draw: ${it.name.lowercase()}" } ?: "Draw")) {
            Text("Draw", color = state.drawColor?.let(BoardColors::mark) ?: Color.Unspecified)
        }
        DropdownMenu(expanded = expanded, onDismissRequest = { expanded = false }) {
            for (color in MarkColor.entries) {
                DropdownMenuItem(
                    text = { Text((if (color == state.drawColor) "✓ " else "") + color.name.lowercase().replaceFirstChar { it.uppercase() }) },
                    onClick = { expanded = false; controller.setDrawColor(color) },
                )
            }
            DropdownMenuItem(text = { Text("Move pieces") }, enabled = state.drawColor != null, onClick = { expanded = false; controller.setDrawColor(null) })
            DropdownMenuItem(
                text = { Text("Clear arrows and circles") },
                enabled = state.arrows.isNotEmpty() || state.squareMarks.isNotEmpty(),
                onClick = { expanded = false; controller.clearMarks() },
            )
        }
    }
}
