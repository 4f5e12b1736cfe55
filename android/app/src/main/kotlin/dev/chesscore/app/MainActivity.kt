package dev.chesscore.app

import android.content.Intent
import android.widget.Toast
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import dev.chesscore.preloadOpenings
import dev.chesscore.presentation.GameMode

/** The board with its controls, and over it when asked for the review of its game or the analysis board. */
class MainActivity : ComponentActivity() {
    private val viewModel: GameViewModel by viewModels()
    private val analysis: AnalysisViewModel by viewModels()
    private val review: ReviewViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        // The opening index, built off the main thread so that the first snapshot and opening
        // book do not build it on the UI thread (a few milliseconds; a second call returns at once).
        Thread { preloadOpenings() }.start()
        // Opened from another app with a PGN file ("Open with"); not again after a rotation.
        if (savedInstanceState == null) openDocument(intent)
        enableEdgeToEdge()
        setContent {
            ChessTheme {
                // The analysis board's and the review's controllers while their screens are open
                // (their view models keep them across rotation, and reopen them after a killed
                // process; closing a screen frees its engine).
                val analysisController by analysis.controller.collectAsStateWithLifecycle()
                val editing by analysis.editor.collectAsStateWithLifecycle()
                val openedGames by analysis.openedGames.collectAsStateWithLifecycle()
                val pgnMessage by analysis.pgnMessage.collectAsStateWithLifecycle()
                val reviewController by review.controller.collectAsStateWithLifecycle()
                val practiceController by review.practice.collectAsStateWithLifecycle()
                val practising = practiceController
                val analysing = analysisController
                val reviewing = reviewController
                val gamesShown by viewModel.gamesShown.collectAsStateWithLifecycle()
                // The game runs only while its board shows: another screen over it pauses it (a
                // timed game's clock stops, its engine stops thinking) and closing that screen
                // resumes it, so the player's time does not run while they consult a
                // full-strength engine, and two engines never search at once.
                val boardShown = analysing == null && reviewing == null && !gamesShown
                LaunchedEffect(boardShown) {
                    if (boardShown) viewModel.controller.resume() else viewModel.controller.pause()
                }
                if (analysing != null) {
                    BackHandler(onBack = analysis::close)
                    AnalysisScreen(
                        controller = analysing,
                        share = ::shareText,
                        // A new game from the board's position, the person taking the side to
                        // move; closing the analysis board resumes the game screen.
                        playFrom = { start, side ->
                            analysis.close()
                            viewModel.controller.newGame(GameMode.HumanVsEngine(side), start = start)
                        },
                        editor = editing,
                        openEditor = analysis::openEditor,
                        editorDone = analysis::editorDone,
                        closeEditor = analysis::closeEditor,
                        close = analysis::close,
                        openText = analysis::openText,
                        openUri = analysis::openUri,
                        pgnMessage = pgnMessage,
                        pgnMessageShown = analysis::pgnMessageShown,
                        opened = openedGames,
                        openedDone = analysis::openedGamesDone,
                    )
                } else if (practising != null) {
                    BackHandler(onBack = review::closePractice)
                    PracticeScreen(controller = practising, close = review::closePractice)
                } else if (reviewing != null) {
                    val practiceMessage by review.practiceMessage.collectAsStateWithLifecycle()
                    practiceMessage?.let { text -> MessageDialog("Practise", text, review::dismissPracticeMessage) }
                    BackHandler(onBack = review::close)
                    ReviewScreen(
                        controller = reviewing,
                        share = ::shareText,
                        // The request is taken before the review closes (and frees its game); the
                        // game stays paused, as the analysis board now covers it.
                        analyse = { request ->
                            review.close()
                            analysis.open(request.pgn, request.ply)
                        },
                        practise = review::openPractice,
                        close = review::close,
                    )
                } else {
                    val reviewMessage by review.openMessage.collectAsStateWithLifecycle()
                    reviewMessage?.let { text -> MessageDialog("Review", text, review::dismissOpenMessage) }
                    ChessScreen(
                        controller = viewModel.controller,
                        share = ::shareText,
                        // The game is paused before the other screen's engine starts (the
                        // effect above would do it only after the next composition).
                        review = { pgn, side ->
                            viewModel.controller.pause()
                            review.open(pgn, side)
                        },
                        analyse = { pgn, ply ->
                            viewModel.controller.pause()
                            analysis.open(pgn, ply)
                        },
                        archive = viewModel.archive,
                        gamesShown = gamesShown,
                        openGames = viewModel::openGames,
                        closeGames = viewModel::closeGames,
                    )
                }
            }
        }
    }

    /**
     * Back in the foreground: the analysis starts again, and so do a timed game's clock and the
     * engine's turn, if due, when the board is the screen shown (not under "My games", the
     * analysis board or a review).
     */
    override fun onStart() {
        super.onStart()
        analysis.foreground(true)
        if (analysis.controller.value == null && review.controller.value == null && !viewModel.gamesShown.value) {
            viewModel.controller.resume()
        }
        // Under the position editor the analysis stays paused until the editor closes.
        if (analysis.editor.value == null) analysis.controller.value?.resume()
        // A review stopped in the background goes on where it stopped.
        review.controller.value?.resume()
    }

    /**
     * In the background the engines stop thinking (battery; a running review goes on where it
     * stopped when the app is back), a timed game's clock stops and the games are saved. A rotation also stops the activity; the view models survive it, so the
     * searches and the clock are left running then.
     */
    override fun onStop() {
        if (!isChangingConfigurations) {
            analysis.foreground(false)
            viewModel.controller.pause()
            analysis.controller.value?.pause()
            review.practice.value?.pause()
            review.controller.value?.pause()
        }
        super.onStop()
    }

    /** A PGN file opened from another app while the app runs ("Open with"). */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        openDocument(intent)
    }

    /**
     * A PGN file opened from another app ([AnalysisViewModel.openFile]: read and listed off the
     * main thread, its game on the analysis board, or the list of its games to choose from),
     * over whatever screen was open: a
     * review or the games list closes and the game pauses under the board, as when the board is
     * opened from its menu. What the person should know comes as a toast. Not for a task
     * relaunched from Recents, whose permission to read the file has expired.
     */
    private fun openDocument(intent: Intent?) {
        val uri = intent?.takeIf {
            it.action == Intent.ACTION_VIEW && it.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY == 0
        }?.data ?: return
        // The view models and the application context only: the activity may be recreated first.
        val games = viewModel
        val reviews = review
        val app = applicationContext
        analysis.openFile(
            uri,
            before = {
                reviews.close()
                if (games.gamesShown.value) games.closeGames(resume = false)
                games.controller.pause()
            },
            tell = { text -> Toast.makeText(app, text, Toast.LENGTH_LONG).show() },
        )
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
