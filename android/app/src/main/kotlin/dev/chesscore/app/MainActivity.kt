package dev.chesscore.app

import android.content.Intent
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel

/** The board with its controls, and over it when asked for the review of its game or the analysis board. */
class MainActivity : ComponentActivity() {
    private val viewModel: GameViewModel by viewModels()
    private val analysis: AnalysisViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        setContent {
            ChessTheme {
                // The PGN under review, if the review screen is open.
                var reviewing by rememberSaveable { mutableStateOf<String?>(null) }
                // The analysis board's controller while it is open (its view model keeps that
                // across rotation and a killed process).
                val analysisController by analysis.controller.collectAsStateWithLifecycle()
                val pgn = reviewing
                val analysing = analysisController
                if (analysing != null) {
                    BackHandler(onBack = analysis::close)
                    AnalysisScreen(controller = analysing, share = ::shareText, close = analysis::close)
                } else if (pgn == null) {
                    ChessScreen(
                        controller = viewModel.controller,
                        share = ::shareText,
                        review = { reviewing = it },
                        analyse = analysis::open,
                    )
                } else {
                    val review: ReviewViewModel = viewModel(key = "review:$pgn") { ReviewViewModel(pgn) }
                    val close = {
                        review.controller.stop()
                        reviewing = null
                    }
                    BackHandler(onBack = close)
                    ReviewScreen(controller = review.controller, share = ::shareText, close = close)
                }
            }
        }
    }

    /** Back in the foreground: a timed game's clock, the engine's turn, if due, and the analysis start again. */
    override fun onStart() {
        super.onStart()
        viewModel.controller.resume()
        analysis.controller.value?.resume()
    }

    /**
     * In the background the engines stop thinking (battery), a timed game's clock stops and the
     * games are saved. A rotation also stops the activity; the view models survive it, so the
     * searches and the clock are left running then.
     */
    override fun onStop() {
        if (!isChangingConfigurations) {
            viewModel.controller.pause()
            analysis.controller.value?.pause()
        }
        super.onStop()
    }

    /** Opens the Android share sheet with [text] (a PGN or a FEN). */
    private fun shareText(subject: String, text: String) {
        val send = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            putExtra(Intent.EXTRA_SUBJECT, subject)
            putExtra(Intent.EXTRA_TEXT, text)
        }
        startActivity(Intent.createChooser(send, subject))
    }
}
