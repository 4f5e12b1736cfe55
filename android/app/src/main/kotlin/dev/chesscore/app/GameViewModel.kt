package dev.chesscore.app

import android.app.Application
import android.os.SystemClock
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import dev.chesscore.presentation.DirectoryGameArchive
import dev.chesscore.presentation.FileGameStore
import dev.chesscore.presentation.GameController
import java.io.File
import kotlinx.coroutines.flow.StateFlow

/**
 * Owns the [GameController] for the activity's lifetime (it survives rotation). Its scope is
 * `viewModelScope`, whose dispatcher is the main thread; the controller is closed (search
 * stopped, Rust objects freed) when the view model is cleared. The clocks of a timed game run on
 * `SystemClock.elapsedRealtime()` (monotonic, and counting while the device sleeps). Each game
 * is kept in [archive] ("My games") once it has ended.
 */
class GameViewModel(application: Application, private val saved: SavedStateHandle) : AndroidViewModel(application) {
    /** "My games": one PGN file a finished game in the app's `games` folder. */
    val archive = DirectoryGameArchive(File(application.filesDir, "games"))

    /** The screen's controller; the UI reads its state and calls its intents. */
    val controller =
        GameController(viewModelScope, FileGameStore(application.filesDir), now = SystemClock::elapsedRealtime, archive = archive)

    /**
     * `true` while "My games" shows over the board. Held here, not in the screen, so that it
     * survives rotation and the activity knows it: coming back to the foreground then leaves the
     * game paused under the list. Kept in [saved] too: a process killed behind the list's
     * "Save" document picker comes back with the list, whose picker then takes the result
     * (without it the chosen file stayed empty).
     */
    val gamesShown: StateFlow<Boolean> = saved.getStateFlow(KEY_GAMES_SHOWN, false)

    /** Shows "My games"; the game pauses under it (a timed game's clock stops). */
    fun openGames() {
        controller.pause()
        saved[KEY_GAMES_SHOWN] = true
    }

    /**
     * Closes "My games": the game resumes when [resume] (Back), stays paused when another screen
     * takes its place (a review opened from the list).
     */
    fun closeGames(resume: Boolean) {
        saved[KEY_GAMES_SHOWN] = false
        if (resume) controller.resume()
    }

    // After the properties above (Kotlin initialises in the order written): back from a
    // killed process under the list, the game stays paused under it.
    init {
        if (gamesShown.value) controller.pause()
    }

    override fun onCleared() {
        controller.close()
    }

    private companion object {
        const val KEY_GAMES_SHOWN = "gamesShown"
    }
}
