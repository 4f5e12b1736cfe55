package dev.chesscore.app

import android.app.Application
import android.net.Uri
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import dev.chesscore.ChessException
import dev.chesscore.OpeningExplorer
import dev.chesscore.presentation.AnalysisController
import dev.chesscore.presentation.DirectoryGameArchive
import dev.chesscore.presentation.FileGameStore
import dev.chesscore.presentation.openingExplorerOf
import dev.chesscore.presentation.PositionEditor
import dev.chesscore.presentation.PgnGameList
import dev.chesscore.presentation.pgnGameList
import java.io.File
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.NonCancellable
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/**
 * Owns the analysis board's [AnalysisController] while the screen is open; the activity shows
 * the screen while [controller] is set. The board is kept in files of its own,
 * `analysis-game.json` and `analysis-settings.properties`, beside the game screen's. The
 * controller, with its full-strength engine and table, exists only between [open] and [close],
 * so a screen that was left holds no engine. Whether the screen is open survives rotation (the
 * view model does) and the process being killed ([saved]; the board then comes back from its
 * files). Its scope is `viewModelScope` (the main thread).
 */
class AnalysisViewModel(application: Application, private val saved: SavedStateHandle) : AndroidViewModel(application) {
    private val store = FileGameStore(application.filesDir, prefix = "analysis-")

    /** "My games", as the game screen keeps them (`GameViewModel.archive`: the same directory). */
    private val archive = DirectoryGameArchive(File(application.filesDir, "games"))

    /** The explorer of [archive]'s games given to the open board, read when it opened; closed with it. */
    private var explorer: OpeningExplorer? = null
    private val _controller = MutableStateFlow<AnalysisController?>(null)

    /** The open screen's controller, or `null` when the analysis board is closed. */
    val controller: StateFlow<AnalysisController?> = _controller.asStateFlow()

    /**
     * Opens the analysis board: with [pgn] (the game screen's game, at main-line [ply]: the
     * position on its board) it replaces the stored board; without, the board is as it was left.
     * A controller already open is closed first.
     */
    fun open(pgn: String?, ply: UInt? = null) {
        // A PGN still being read or listed (the board's menu, "Open with") would replace this
        // one when done.
        opening?.cancel()
        replaceBoard(pgn, ply)
    }

    /** [open] without cancelling [opening]: what an opening job itself opens with. */
    private fun replaceBoard(pgn: String?, ply: UInt?) {
        // The position editor, and a list of games to choose from, belonged to the board being
        // replaced: a game chosen from an earlier file's list must not replace this one (as on
        // iOS, which clears the list before opening).
        _pgnMessage.value = null
        _editor.value = null
        _openedGames.value = null
        // Made before the board it replaces is closed: when the engine cannot start, that board
        // stays, with the reason, instead of the app ending.
        val next = try {
            AnalysisController(viewModelScope, store, pgn, ply)
        } catch (e: ChessException) {
            _pgnMessage.value = "The analysis board could not open: ${e.message ?: e}"
            return
        }
        _controller.value?.close()
        closeExplorer()
        _controller.value = next.also {
            // A file read while the app went to the background: the analysis starts when the
            // app is back ([foreground]), not unseen.
            if (!inForeground) it.pause()
        }
        saved[KEY_OPEN] = true
        // "My games": every kept game read off the main thread (the games finished since the
        // last board are in it), then given to this board if it is still the open one.
        // The read is not cancellable (it blocks), so its result is closed here whenever it
        // is not given to this board: another board opened, or the view model cleared.
        viewModelScope.launch {
            var read: OpeningExplorer? = null
            try {
                read = withContext(NonCancellable + Dispatchers.IO) { openingExplorerOf(archive) }
                if (isActive && _controller.value === next) {
                    explorer = read
                    next.setExplorer(read)
                    read = null
                }
            } finally {
                read?.close()
            }
        }
    }

    /** Frees the explorer of the board that was closed. */
    private fun closeExplorer() {
        explorer?.close()
        explorer = null
    }

    private var inForeground = true

    /**
     * The activity went to the background (`false`, in `onStop`, not for a rotation) or came
     * back (`true`, in `onStart`): a board opened meanwhile (a file from another app, read off
     * the main thread) starts paused, and `onStart` resumes it with the others.
     */
    fun foreground(shown: Boolean) {
        inForeground = shown
    }

    private val _openedGames = MutableStateFlow<PgnGameList?>(null)

    /**
     * The games of a PGN text that holds several, while the person chooses one over the
     * analysis board (kept across rotation); `null` otherwise. The text came from another app
     * ([openFile]) or from the board's own menu ([openText]).
     */
    val openedGames: StateFlow<PgnGameList?> = _openedGames.asStateFlow()

    /** The person chose one of [openedGames] (the board loads it) or dismissed the list. */
    fun openedGamesDone() {
        _openedGames.value = null
    }

    /**
     * A PGN file opened from another app ("Open with"): read and listed off the main thread
     * ([readPgnFile], then the core's list of its games), so that a big file never blocks the
     * screen; then, after [before] (the activity closes what covers the board and pauses the
     * game), its game on the board ([open], from that game's own text), or, when it holds
     * several, the board as it was with the list of them to choose from ([openedGames], as the
     * board's own "Open PGN file…" does). [tell] gets what the person should know: why nothing
     * opened, or that some games could not be read. Runs in the view model's scope, so a
     * rotation meanwhile does not lose it; like [openText] it is the one [opening]: a later
     * file, text, [open] or [close] cancels it, so that the last one the person asked for wins
     * and nothing opens after the board was closed.
     */
    fun openFile(uri: Uri, before: () -> Unit, tell: (String) -> Unit) {
        opening?.cancel()
        opening = viewModelScope.launch {
            val text = when (val read = withContext(Dispatchers.IO) { readPgnFile(getApplication(), uri) }) {
                is PgnFile.Problem -> return@launch tell(read.message)
                is PgnFile.Text -> read.text
            }
            val list = withContext(Dispatchers.Default) { pgnGameList(text) }
            list.problem?.let { return@launch tell(it) }
            before()
            if (list.games.size > 1) {
                if (_controller.value == null) replaceBoard(null, null)
                _openedGames.value = list
                return@launch
            }
            replaceBoard(list.games.single().pgn, null)
            if (list.unreadable > 0) tell(oneOfUnreadable(list.unreadable))
        }
    }

    private val _pgnMessage = MutableStateFlow<String?>(null)

    /**
     * Why a PGN text or file from the board's own menu did not open ([openText], [openUri]),
     * until the screen has shown it ([pgnMessageShown]); kept across rotation.
     */
    val pgnMessage: StateFlow<String?> = _pgnMessage.asStateFlow()

    /** The screen has shown [pgnMessage]. */
    fun pgnMessageShown() {
        _pgnMessage.value = null
    }

    /** The running [openFile], [openText] or [openUri]: a new one, [open] and [close] cancel it. */
    private var opening: Job? = null

    /**
     * A PGN text from the board's own menu (pasted): listed off the main thread (a whole file
     * can take a while); several games ask which ([openedGames]), one is loaded from its own
     * text, none says why ([pgnMessage]), so that the main thread never reads the whole text
     * again (one game among bad ones too: `loadListed` says how many were left out). Runs in the view
     * model's scope: a rotation meanwhile loses neither the listing, nor the list, nor the
     * message.
     */
    fun openText(text: String) {
        opening?.cancel()
        opening = viewModelScope.launch { listAndLoad(text) }
    }

    /**
     * A PGN file chosen in the board's own document picker: read off the main thread
     * ([readPgnFile]), then as [openText]; a file that cannot be read says why ([pgnMessage]).
     */
    fun openUri(uri: Uri) {
        opening?.cancel()
        opening = viewModelScope.launch {
            when (val read = withContext(Dispatchers.IO) { readPgnFile(getApplication(), uri) }) {
                is PgnFile.Text -> listAndLoad(read.text)
                is PgnFile.Problem -> _pgnMessage.value = read.message
            }
        }
    }

    private suspend fun listAndLoad(text: String) {
        val list = withContext(Dispatchers.Default) { pgnGameList(text) }
        val board = _controller.value ?: return
        val problem = list.problem
        when {
            list.games.size > 1 -> _openedGames.value = list
            problem != null -> _pgnMessage.value = problem
            else -> board.loadListed(list)
        }
    }

    /** Closes the analysis board: the search stops and the Rust objects are freed (the board stays saved). */
    fun close() {
        opening?.cancel()
        _pgnMessage.value = null
        _openedGames.value = null
        _editor.value = null
        _controller.value?.close()
        _controller.value = null
        closeExplorer()
        saved[KEY_OPEN] = false
    }

    private val _editor = MutableStateFlow<PositionEditor?>(null)

    /**
     * The position editor over the analysis board while it is open (kept across rotation; not
     * over a killed process), or `null`.
     */
    val editor: StateFlow<PositionEditor?> = _editor.asStateFlow()

    /** Opens the position editor on the board's position; the analysis pauses meanwhile. */
    fun openEditor() {
        val board = _controller.value ?: return
        board.pause()
        _editor.value = PositionEditor(board.fen())
    }

    /** Loads the editor's [fen] as a new tree and closes the editor; the analysis goes on. */
    fun editorDone(fen: String) {
        val board = _controller.value ?: return
        if (board.loadFen(fen)) {
            _editor.value = null
            board.resume()
        }
    }

    /** Closes the editor without a change; the analysis goes on. */
    fun closeEditor() {
        _editor.value = null
        _controller.value?.resume()
    }

    // Last in the class: Kotlin runs property initializers and init blocks in the order they
    // are written, and open() uses the properties above (one declared after this block would
    // still be null here, and the board reopened after the process was killed would crash).
    init {
        if (saved.get<Boolean>(KEY_OPEN) == true) open(null)
    }

    override fun onCleared() {
        _controller.value?.close()
        closeExplorer()
    }

    private companion object {
        const val KEY_OPEN = "analysisOpen"

        fun oneOfUnreadable(unreadable: Int) =
            "Opened the one game that could be read; $unreadable more could not be"
    }
}
