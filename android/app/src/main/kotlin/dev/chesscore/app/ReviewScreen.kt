package dev.chesscore.app

import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.clearAndSetSemantics
import dev.chesscore.Side
import dev.chesscore.presentation.sideName
import dev.chesscore.presentation.spokenReviewRow
import dev.chesscore.presentation.spokenSelectedMove
import dev.chesscore.presentation.spokenSideSummary
import dev.chesscore.presentation.spokenGraph
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.Button
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.MoveClass
import dev.chesscore.presentation.GraphPoint
import dev.chesscore.presentation.AnalysisRequest
import dev.chesscore.presentation.ReviewController
import dev.chesscore.presentation.ReviewPhase
import dev.chesscore.presentation.ReviewRow
import dev.chesscore.presentation.SideSummaryUi

/**
 * The review screen: progress, the eval graph with markers on the errors, the two sides'
 * summaries, the move list with each move's class, and the selected move's details; "Analyse"
 * opens the analysis board on the annotated game at the selected move, "Practise" its mistakes
 * and blunders as exercises. Draws
 * [ReviewController.state] and forwards every action to the controller (tested in
 * android/presentation); it holds no logic of its own.
 */
@Composable
fun ReviewScreen(
    controller: ReviewController,
    share: (subject: String, text: String) -> Unit,
    analyse: (AnalysisRequest) -> Unit,
    practise: () -> Unit,
    close: () -> Unit,
) {
    val state by controller.state.collectAsStateWithLifecycle()
    Scaffold(
        topBar = {
            BackTopBar("Game review", back = close) {
                when (state.phase) {
                    ReviewPhase.RUNNING -> TextButton(onClick = controller::stop) { Text("Stop") }
                    else -> TextButton(onClick = { controller.start() }) { Text("Review") }
                }
                state.annotatedPgn?.let { pgn -> TextButton(onClick = { share("Reviewed game (PGN)", pgn) }) { Text("Share") } }
            }
        },
    ) { padding ->
        Column(Modifier.padding(padding).fillMaxSize().padding(horizontal = 12.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            if (state.phase == ReviewPhase.RUNNING) {
                LinearProgressIndicator(progress = { state.progress }, modifier = Modifier.fillMaxWidth())
            }
            state.message?.let { Text(it, color = MaterialTheme.colorScheme.error) }
            EvalGraph(state.graph, state.selectedPly, spokenGraph(state) ?: "Eval graph", Modifier.fillMaxWidth().height(120.dp))
            Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
                state.white?.let { SideSummary(Side.WHITE, it) }
                state.black?.let { SideSummary(Side.BLACK, it) }
            }
            state.selectedRow?.let { SelectedMove(it) }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                if (state.rows.any { it.moveClass.isErrorClass() }) {
                    Button(onClick = controller::selectNextError) { Text("Next mistake") }
                }
                // The annotated game (once reviewed) on the analysis board, at the selected move.
                OutlinedButton(onClick = { analyse(controller.analysisRequest()) }) { Text("Analyse") }
                // Its mistakes and blunders as exercises, once reviewed.
                if (state.phase == ReviewPhase.DONE || state.phase == ReviewPhase.STOPPED) {
                    OutlinedButton(onClick = practise) { Text("Practise") }
                }
            }
            LazyColumn(Modifier.weight(1f)) {
                items(state.rows, key = { it.ply }) { row ->
                    ReviewRowView(row, row.ply == state.selectedPly) { controller.select(row.ply) }
                }
            }
        }
    }
}

private fun MoveClass.isErrorClass() = this == MoveClass.INACCURACY || this == MoveClass.MISTAKE || this == MoveClass.BLUNDER

private fun classColor(moveClass: MoveClass?): Color = when (moveClass) {
    MoveClass.BLUNDER -> Color(0xFFD32F2F)
    MoveClass.MISTAKE -> Color(0xFFF57C00)
    MoveClass.INACCURACY -> Color(0xFFFBC02D)
    MoveClass.BEST, MoveClass.EXCELLENT -> Color(0xFF388E3C)
    else -> Color.Unspecified
}

/** White's win probability along the game: light above the line, dark below; TalkBack says [description] (`spokenGraph`). */
@Composable
private fun EvalGraph(points: List<GraphPoint>, selectedPly: Int?, description: String, modifier: Modifier) {
    Canvas(modifier.background(Color(0xFF404040)), contentDescription = description) {
        if (points.isEmpty()) return@Canvas
        fun at(p: GraphPoint) = Offset(p.x * size.width, (1f - p.y) * size.height)
        val area = Path().apply {
            moveTo(0f, size.height)
            points.forEach { lineTo(at(it).x, at(it).y) }
            lineTo(at(points.last()).x, size.height)
            close()
        }
        drawPath(area, Color(0xFFEEEEEE))
        drawLine(Color.Gray, Offset(0f, size.height / 2), Offset(size.width, size.height / 2))
        points.forEach { p ->
            p.marker?.let { drawCircle(classColor(it), radius = 4.dp.toPx(), center = at(p)) }
            if (p.ply == selectedPly?.plus(1)) drawCircle(Color.Blue, radius = 3.dp.toPx(), center = at(p))
        }
    }
}

@Composable
private fun SideSummary(side: Side, s: SideSummaryUi) {
    // TalkBack: the counts in words, not "?! 2 · ? 1".
    Column(Modifier.clearAndSetSemantics { contentDescription = spokenSideSummary(side, s) }) {
        Text("${sideName(side)}  ${s.accuracyText} %", style = MaterialTheme.typography.titleSmall)
        Text("ACPL ${s.averageLossText} · ?! ${s.inaccuracies} · ? ${s.mistakes} · ?? ${s.blunders}", style = MaterialTheme.typography.bodySmall)
    }
}

@Composable
private fun SelectedMove(row: ReviewRow) {
    // One element for TalkBack, in words ("knight to f6, blunder, ..."), not SAN's letters.
    Column(Modifier.clearAndSetSemantics { contentDescription = spokenSelectedMove(row) }) {
        Text("${row.numberText} ${row.san}${row.symbol}  ${row.classText}  ${row.evalText}", style = MaterialTheme.typography.titleSmall)
        row.betterSan?.let { Text("Better: $it", style = MaterialTheme.typography.bodySmall) }
        if (row.refutationSan.isNotEmpty()) Text("Refutation: ${row.refutationSan.joinToString(" ")}", style = MaterialTheme.typography.bodySmall)
        if (row.missedWin) Text("Missed win", style = MaterialTheme.typography.bodySmall)
        if (row.onlyMove) Text("Only move", style = MaterialTheme.typography.bodySmall)
    }
}

@Composable
private fun ReviewRowView(row: ReviewRow, selected: Boolean, onClick: () -> Unit) {
    Row(
        Modifier.fillMaxWidth().clickable(onClick = onClick)
            // TalkBack: the move and its class in words (the symbol and colour are not said), the selected row selected.
            .clearAndSetSemantics {
                contentDescription = spokenReviewRow(row)
                this.selected = selected
                role = Role.Button
                this.onClick(label = null) { onClick(); true }
            }
            .background(if (selected) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent)
            // A touch target of at least 48 dp (Android's accessibility guideline).
            .heightIn(min = 48.dp)
            .padding(vertical = 4.dp),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        // Widths at least, not exactly: at a large font size a move must not be cut off.
        Text(row.numberText, Modifier.widthIn(min = 40.dp), fontFamily = FontFamily.Monospace)
        Text(row.san + row.symbol, Modifier.widthIn(min = 72.dp), color = classColor(row.moveClass).takeIf { it != Color.Unspecified } ?: MaterialTheme.colorScheme.onSurface)
        Text(row.classText, Modifier.weight(1f))
        Text(row.evalText, fontFamily = FontFamily.Monospace)
    }
}
