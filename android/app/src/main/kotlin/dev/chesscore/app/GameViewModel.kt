package dev.chesscore.app

import android.app.Application
import android.os.SystemClock
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import dev.chesscore.presentation.GameController

/**
 * Owns the [GameController] for the activity's lifetime (it survives rotation). Its scope is
 * `viewModelScope`, whose dispatcher is the main thread; the controller is closed (search
 * stopped, Rust objects freed) when the view model is cleared. The clocks of a timed game run on
 * `SystemClock.elapsedRealtime()` (monotonic, and counting while the device sleeps).
 */
class GameViewModel(application: Application) : AndroidViewModel(application) {
    /** The screen's controller; the UI reads its state and calls its intents. */
    val controller = GameController(viewModelScope, FileGameStore(application.filesDir), now = SystemClock::elapsedRealtime)

    override fun onCleared() {
        controller.close()
    }
}
