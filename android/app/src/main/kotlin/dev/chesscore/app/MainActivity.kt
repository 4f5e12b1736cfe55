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
import androidx.lifecycle.viewmodel.compose.viewModel

/** The board with its controls, and the review of its game over it when asked for. */
class MainActivity : ComponentActivity() {
    private val viewModel: GameViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        setContent {
            ChessTheme {
                // The PGN under review, if the review screen is open.
                var reviewing by rememberSaveable { mutableStateOf<String?>(null) }
                val pgn = reviewing
                if (pgn == null) {
                    ChessScreen(controller = viewModel.controller, share = ::shareText, review = { reviewing = it })
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

    /** Back in the foreground: the engine's turn, if due, starts again. */
    override fun onStart() {
        super.onStart()
        viewModel.controller.resume()
    }

    /**
     * In the background the engine stops thinking (battery) and the game is saved. A rotation
     * also stops the activity; the view model survives it, so the search is left running then.
     */
    override fun onStop() {
        if (!isChangingConfigurations) viewModel.controller.pause()
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
