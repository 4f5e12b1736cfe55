package dev.chesscore.app

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.Side
import dev.chesscore.presentation.DirectoryReviewCache
import dev.chesscore.presentation.PracticeController
import dev.chesscore.presentation.ReviewCache
import dev.chesscore.presentation.ReviewController
import dev.chesscore.presentation.practiceExercises
import java.io.File
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/**
 * Owns the review screen while it is open; the activity shows the screen while [controller] is
 * set. One review at a time: its [ReviewController], a copy of the game (from its PGN, so that the
 * board screen's game may go on changing) and an engine of its own (with its table) exist only
 * between [open] and [close], so a review that was closed holds no engine. The PGN under review
 * is kept in [saved]: the screen survives rotation (the view model does) and a killed process
 * (the review starts again, or shows at once: finished reviews are kept in the app's `reviews`
 * folder, [cache], and a game reviewed before is not searched again). Its scope is
 * `viewModelScope` (the main thread).
 */
class ReviewViewModel(application: Application, private val saved: SavedStateHandle) : AndroidViewModel(application) {
    private var review: Review? = null

    /** Finished reviews, one JSON file each under the core's review key. */
    private val cache = DirectoryReviewCache(File(application.filesDir, "reviews"))
    private val _controller = MutableStateFlow<ReviewController?>(null)

    /** The open screen's controller, or `null` when no review is shown. */
    val controller: StateFlow<ReviewController?> = _controller.asStateFlow()

    private val _practice = MutableStateFlow<PracticeController?>(null)

    /**
     * "Practise your mistakes" over the review while it is open (its own game and engine), or
     * `null`. Not kept over a killed process: the review comes back, the practice does not.
     */
    val practice: StateFlow<PracticeController?> = _practice.asStateFlow()

    /** The side whose mistakes "Practise" drills (the person's, against the engine), or `null` for both. */
    private var practiceSide: Side? = null

    private val _practiceMessage = MutableStateFlow<String?>(null)

    /** Why "Practise" could not open (the core refused the game or the engine could not start), until dismissed. */
    val practiceMessage: StateFlow<String?> = _practiceMessage.asStateFlow()

    private val _openMessage = MutableStateFlow<String?>(null)

    /**
     * Why the last review could not open (the core refused the game, or the engine could not
     * start), until dismissed: shown over the board, as iOS shows "The review of this game
     * could not open.", instead of ending the app.
     */
    val openMessage: StateFlow<String?> = _openMessage.asStateFlow()

    /** Clears [openMessage]. */
    fun dismissOpenMessage() {
        _openMessage.value = null
    }

    init {
        val pgn = saved.get<String>(KEY_PGN)
        if (pgn != null) this.open(pgn, saved.get<String>(KEY_SIDE)?.let(Side::valueOf))
    }

    /**
     * Opens the review of [pgn]; it starts at once at the standard preset. A review already open
     * is freed first. [side]: the person's side in a game against the engine, whose mistakes
     * "Practise" drills (`null`: both sides').
     */
    fun open(pgn: String, side: Side? = null) {
        free()
        review = try {
            Review(pgn, viewModelScope, cache)
        } catch (e: ChessException) {
            // Also when restoring after a killed process: not kept, so the next launch is clean.
            _openMessage.value = "The review of this game could not open: ${e.message ?: e}"
            saved.remove<String>(KEY_PGN)
            saved.remove<String>(KEY_SIDE)
            return
        }.also { _controller.value = it.controller }
        practiceSide = side
        saved[KEY_PGN] = pgn
        saved[KEY_SIDE] = side?.name
    }

    /** Closes the review screen: the review stops and its game and engine are freed. */
    fun close() {
        free()
        saved.remove<String>(KEY_PGN)
        saved.remove<String>(KEY_SIDE)
    }

    /**
     * Opens practice on the review's mistakes and blunders (the person's side's, or both sides'
     * when none was given), from its game; nothing when no review is open. A practice already
     * open is freed first; when it cannot open, [practiceMessage] says why.
     */
    fun openPractice() {
        val reviewing = _controller.value ?: return
        closePractice()
        val exercises = practiceExercises(reviewing.state.value.rows, practiceSide)
        _practice.value = try {
            PracticeController(viewModelScope, reviewing.analysisRequest().pgn, exercises)
        } catch (e: ChessException) {
            _practiceMessage.value = e.message
            null
        }
    }

    /** Clears [practiceMessage]. */
    fun dismissPracticeMessage() {
        _practiceMessage.value = null
    }

    /** Closes the practice: its coach stops and its game and engine are freed; the review shows again. */
    fun closePractice() {
        _practice.value?.close()
        _practice.value = null
    }

    override fun onCleared() = free()

    private fun free() {
        closePractice()
        _controller.value = null
        review?.close()
        review = null
    }

    /** A review's controller and the Rust objects it uses, freed together. */
    private class Review(pgn: String, scope: CoroutineScope, cache: ReviewCache) : AutoCloseable {
        private val game = ChessGame.fromPgn(pgn)
        private val engine = try {
            ChessEngine(EngineConfig())
        } catch (e: ChessException) {
            game.close()
            throw e
        }
        val controller = ReviewController(scope, engine, game, cache).also { it.start() }

        override fun close() {
            controller.close()
            engine.close()
            game.close()
        }
    }

    private companion object {
        const val KEY_PGN = "reviewPgn"
        const val KEY_SIDE = "reviewPracticeSide"
    }
}
