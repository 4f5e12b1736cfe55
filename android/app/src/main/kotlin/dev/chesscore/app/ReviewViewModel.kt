package dev.chesscore.app

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import dev.chesscore.ChessEngine
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.presentation.ReviewController

/**
 * Owns the review screen's [ReviewController] and what it reviews: a copy of the game (from its
 * PGN, so that the board screen's game may go on changing) and an engine of its own. Cleared
 * with the screen: the review stops and the Rust objects are freed.
 */
class ReviewViewModel(pgn: String) : ViewModel() {
    private val game = ChessGame.fromPgn(pgn)
    private val engine = ChessEngine(EngineConfig())

    /** The screen's controller; the review starts at once at the standard preset. */
    val controller = ReviewController(viewModelScope, engine, game).also { it.start() }

    override fun onCleared() {
        controller.close()
        engine.close()
        game.close()
    }
}
