package dev.chesscore.presentation

import dev.chesscore.BookMove
import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.CoachListener
import dev.chesscore.Coaching
import dev.chesscore.ChessGame
import dev.chesscore.EngineConfig
import dev.chesscore.GameSnapshot
import dev.chesscore.LegalMove
import dev.chesscore.MarkColor
import dev.chesscore.NewMovePlacement
import dev.chesscore.OpeningExplorer
import dev.chesscore.ExplorerMove
import dev.chesscore.PgnExportOptions
import dev.chesscore.PieceKind
import dev.chesscore.SearchHandle
import dev.chesscore.SearchInfo
import dev.chesscore.SearchLimits
import dev.chesscore.SearchListener
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.engineLevels
import dev.chesscore.recommendedSearchThreads
import dev.chesscore.ktx.replacing
import dev.chesscore.ktx.searchListener
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch

/**
 * The default limits of the analysis: full strength (the strongest of [engineLevels]) for at most
 * 30 seconds, so that a phone does not search forever unseen; switching the analysis on again
 * starts a new search.
 */
fun defaultAnalysisLimits(): SearchLimits = SearchLimits(moveTimeMs = 30_000uL, level = engineLevels().last().level)

/**
 * The analysis board's presentation logic: a board on which the person moves both sides, whose
 * moves grow a tree (new moves off the main line are variations, moves that exist are gone to),
 * with navigation, the core's tree edits, comments, and the engine's best lines for the current
 * node. It holds no chess rules: legality, the tree, notation and the outcome come from the core;
 * the board input (selection, targets, promotion picker) is [MoveInput], shared with
 * [GameController].
 *
 * Threading: create it and call every intent on the main thread, which must be the dispatcher of
 * [scope] (Android: `viewModelScope`; tests: a single-threaded dispatcher). The engine reports on
 * its own thread; its reports are handed to [scope] before they touch the state, and reports of a
 * stopped or superseded search (token) or of another position (key) are dropped.
 *
 * Lifetime: owns a [ChessGame] (new moves placed as [NewMovePlacement.VARIATION]) and its own
 * full-strength [ChessEngine], separate from the game screen's; [close] stops the search and
 * frees them.
 *
 * @param scope the main-thread scope; the controller cancels only its own child of it.
 * @param store where the tree (after every change of the tree or the node) and the settings
 *   (analysis on or off, number of lines, orientation, coach on or off) are kept; another store
 *   than the game screen's.
 * @param pgn a game to open (e.g. the game screen's): its first game replaces what [store] held,
 *   at the end of its main line. `null`: the board as it was left ([store]'s), or a new board.
 * @param ply with [pgn], the main-line ply to open at instead of its end (e.g. the game
 *   screen's position after a take-back, whose moves are still the PGN's main line); a ply the
 *   main line does not reach leaves the board at its end.
 * @param engineFactory creates the analysis engine from a full-strength configuration.
 * @param analysisLimits the limits of each analysis search; its `multiPv` is replaced by
 *   [AnalysisUiState.multiPv] (default: [defaultAnalysisLimits]).
 * @param coachEngineFactory creates the coach's own engine (a small table; made when the coach
 *   is first switched on), so that the coach and the analysis search at the same time.
 * @param coachNodes the budget of each of the coach's searches (`null`: the standard review
 *   preset's, as `ChessEngine.coach` takes it).
 */
class AnalysisController(
    scope: CoroutineScope,
    private val store: GameStore,
    pgn: String? = null,
    ply: UInt? = null,
    engineFactory: (EngineConfig) -> ChessEngine = { ChessEngine(it) },
    private val analysisLimits: SearchLimits = defaultAnalysisLimits(),
    private val coachEngineFactory: (EngineConfig) -> ChessEngine = { ChessEngine(it) },
    private val coachNodes: ULong? = null,
) : AutoCloseable {
    /** The screen state; a new value after every change. */
    val state: StateFlow<AnalysisUiState>
    private val _state: MutableStateFlow<AnalysisUiState>

    /** The tree being analysed (its current node is the board's position). */
    private var game: ChessGame

    /** The selection, its targets and the promotion picker (the rules shared with the board screen). */
    private val input = MoveInput()

    /** The analysis engine, its running search and the controller's lifetime (shared with the board screen). */
    private val session: EngineSession

    /** The explorer of the person's own games ([setExplorer]); not owned. */
    private var explorer: OpeningExplorer? = null

    /** The coach's engine, made when the coach is first switched on; closed with the controller. */
    private var coachEngine: ChessEngine? = null

    /** The coach's running search, if any. */
    private var coachHandle: SearchHandle? = null

    /** Incremented whenever the coach's search is stopped or superseded: older reports are ignored. */
    private var coachToken = 0L

    /**
     * The hashes of what this controller wrote to the store (see [saveIfStillOurs]): any of them,
     * since a write that failed (a full disk) leaves an earlier one there.
     */
    private val ownSaves = HashSet<Int>()

    init {
        var message: String? = null
        val settings = store.loadSettings()
        val opened = pgn?.let { text -> firstGame(text).also { message = it.second }.first }
        if (opened != null && ply != null) {
            try {
                opened.goToMainLinePly(ply)
            } catch (ignored: ChessException) {
                // Beyond the main line's end: the board stays there.
            }
        }
        game = asAnalysis(opened ?: restore(store) { message = message ?: it })
        session = EngineSession.open(scope, game, onStop = ::showStopped) {
            // Full strength on the device's spare cores: analysis has no node budget, so the
            // threads share the search (the game's engine and the review stay on one).
            engineFactory(EngineConfig(level = engineLevels().last().level, threads = recommendedSearchThreads()))
        }
        _state = MutableStateFlow(
            AnalysisUiState(
                snapshot = game.snapshot(),
                orientation = decodeSide(settings[KEY_ORIENTATION]) ?: Side.WHITE,
                analysing = settings[KEY_ANALYSING]?.toBooleanStrictOrNull() ?: true,
                multiPv = settings[KEY_MULTI_PV]?.toIntOrNull()?.let(::clampMultiPv) ?: AnalysisUiState.DEFAULT_MULTI_PV,
                coachOn = settings[KEY_COACH]?.toBooleanStrictOrNull() ?: false,
                bookMoves = game.bookMoves(),
                message = message,
            ),
        )
        state = _state.asStateFlow()
        save()
        startAnalysisIfDue()
        restartCoach()
    }

    // ---- Board input -----------------------------------------------------------------------

    /**
     * The person tapped [square]: selects a piece of the side to move (either side: the person
     * moves both), moves the selected piece to a target (opening the promotion picker when the
     * core offers promotion choices), reselects another piece of the side to move, or clears the
     * selection. The engine never blocks taps; they are ignored only while the picker shows.
     * A move goes into the tree as the core places it: a new move beside an existing one is a
     * variation, a move that exists is gone to. At a node where the game has ended the core
     * refuses moves and [AnalysisUiState.message] says why.
     */
    fun tapSquare(square: Square) {
        if (session.closed) return
        val color = state.value.drawColor
        if (color != null) return drawTap(square, color)
        handle(input.tap(square, state.value.snapshot, game::legalMovesFrom))
    }

    /**
     * The person dragged the piece on [from] to [to]: the same as tapping [from], then [to]. In
     * draw mode ([AnalysisUiState.drawColor]) a drag draws (or takes away) an arrow from [from] to
     * [to], or marks [from] when the drag ends where it began.
     */
    fun dragMove(from: Square, to: Square) {
        if (session.closed) return
        val color = state.value.drawColor
        if (color != null) return drawMark(from, to, color)
        handle(input.drag(from, to, state.value.snapshot, game::legalMovesFrom))
    }

    /** Plays the pending promotion with [kind] (one of its choices). */
    fun choosePromotion(kind: PieceKind) {
        if (session.closed) return
        handle(input.choosePromotion(kind))
    }

    /** Closes the promotion picker without moving; the tree is unchanged, the pawn stays selected. */
    fun cancelPromotion() {
        if (session.closed) return
        input.cancelPromotion()
        showInput()
    }

    /** Plays [move] of [AnalysisUiState.bookMoves] (into the tree, as a tap plays a move); ignored while the promotion picker shows. */
    fun playBookMove(move: BookMove) = playListed(move.legalMove)

    /**
     * Shows, for every position, the moves [explorer]'s games played there ("My games":
     * [AnalysisUiState.explorerMoves], built by [openingExplorerOf] off the main thread), or
     * none with `null`. The controller reads it and never closes it: its owner does, after
     * [close] or after replacing it.
     */
    fun setExplorer(explorer: OpeningExplorer?) {
        if (session.closed) return
        this.explorer = explorer
        _state.update { it.copy(explorerGames = explorer?.gameCount()?.toInt() ?: 0, explorerMoves = explorerMoves()) }
    }

    /** Plays [move] of [AnalysisUiState.explorerMoves] (into the tree, as a tap plays a move); ignored while the promotion picker shows. */
    fun playExplorerMove(move: ExplorerMove) = playListed(move.legalMove)

    /** Plays [move] from a list beside the board (the book, the explorer); ignored while the promotion picker shows. */
    private fun playListed(move: LegalMove) {
        if (state.value.pendingPromotion != null) return
        changeGame { game.play(move.from, move.to, move.promotion) }
    }

    // ---- Navigation and the tree ----------------------------------------------------------

    /**
     * Goes to [node] (from [GameSnapshot.moveList]). A node the game does not have shows the
     * core's error in [AnalysisUiState.message]; the position is unchanged.
     */
    fun goTo(node: UInt) = changeGame { game.goTo(node) }

    /** Goes one move back along the current line (nothing at the start). */
    fun back() = changeGame { game.goBack() }

    /** Goes one move forward along the current line (nothing at its end). */
    fun forward() = changeGame { game.goForward() }

    /** Goes to the start position. */
    fun toStart() = changeGame { game.goToStart() }

    /** Goes to the end of the current line. */
    fun toEnd() = changeGame { game.goToEnd() }

    /**
     * Makes the variation that [node] is in the main continuation one level up (the core's
     * `promoteVariation`; nothing when it is on the main line already). Errors go to
     * [AnalysisUiState.message], the tree unchanged.
     */
    fun promoteVariation(node: UInt) = changeGame { game.promoteVariation(node) }

    /** Makes the line through [node] the main line (the core's `makeMainLine`). Errors as [promoteVariation]. */
    fun makeMainLine(node: UInt) = changeGame { game.makeMainLine(node) }

    /**
     * Deletes [node] and every move after it (the core's `deleteFrom`). When the current node was
     * among them the board goes to [node]'s parent, as the core decides. Errors (no such node,
     * the start position) go to [AnalysisUiState.message], the tree unchanged.
     */
    fun deleteFrom(node: UInt) = changeGame { game.deleteFrom(node) }

    /** Sets the comment after the current move (on the start position: before the first move); empty or blank [text] removes it. */
    fun setComment(text: String) = changeGame { game.setComment(state.value.snapshot.node, text.takeIf { it.isNotBlank() }) }

    // ---- Annotations: NAGs and board marks -------------------------------------------------

    /**
     * Toggles the NAG [nag] on the current move (the core's `toggleNag`: one move assessment and
     * one position assessment at a time, so `?` replaces `!?`; the same NAG again removes it).
     * Shown in the move list ([moveText]) and exported in PGN. At the start position there is no
     * move to annotate: [AnalysisUiState.message] says so (see [AnalysisUiState.canAnnotateMove]).
     */
    fun toggleNag(nag: UInt) = changeGame { game.toggleNag(state.value.snapshot.node, nag) }

    /**
     * Switches draw mode on with [color] (taps and drags draw marks on the current node, see
     * [AnalysisUiState.drawColor]) or off with `null` (they move pieces again). Any selection or
     * half-drawn arrow is dropped. The marks are the node's `[%csl]` and `[%cal]`: saved with the
     * tree and exported in PGN.
     */
    fun setDrawColor(color: MarkColor?) {
        if (session.closed) return
        input.clear()
        _state.update { it.copy(drawColor = color, markFrom = null, selected = null, targets = emptySet(), pendingPromotion = null) }
    }

    /** Removes the current node's highlighted squares and arrows (its comment and NAGs stay). */
    fun clearMarks() = changeGame { game.clearMarks(state.value.snapshot.node) }

    // ---- Analysis and settings -------------------------------------------------------------

    /**
     * Switches the engine's analysis on or off (saved). Off stops the search and clears the lines;
     * on starts a search of the current position, also when analysis was on already but its last
     * search had ended by its limits.
     */
    fun setAnalysing(on: Boolean) {
        val s = state.value
        if (session.closed || (on == s.analysing && (!on || s.engineRunning))) return
        changeSettings { it.copy(analysing = on) }
        restartAnalysis()
    }

    /** Sets how many lines the engine shows, clamped to 1..5 (saved); a change restarts the analysis. */
    fun setMultiPv(n: Int) {
        val lines = clampMultiPv(n)
        if (session.closed || lines == state.value.multiPv) return
        changeSettings { it.copy(multiPv = lines) }
        restartAnalysis()
    }

    /**
     * Switches the coach on or off (saved). On: the pieces that hang show at once
     * ([AnalysisUiState.hanging]), and the coach's own engine looks for the opponent's threat and
     * what refutes the last move ([AnalysisUiState.coaching]), again after every change of the
     * position, beside the analysis. Off: it stops and its findings go.
     */
    fun setCoach(on: Boolean) {
        if (session.closed || on == state.value.coachOn) return
        changeSettings { it.copy(coachOn = on) }
        restartCoach()
    }

    /** Turns the board around (saved). The analysis goes on. */
    fun flipBoard() {
        if (!session.closed) changeSettings { it.copy(orientation = it.orientation.opponent()) }
    }

    // ---- Loading and sharing ---------------------------------------------------------------

    /**
     * Opens the first game of [text] with its variations and comments (the core's `listPgnGames`,
     * which reads a big file one game at a time, then that game alone), at the end of its main
     * line. With more games in the text, [AnalysisUiState.message] says how
     * many were left out. Without a game that can be read, the board is unchanged and the message
     * is the first bad game's located error, or "No game found".
     *
     * Returns `true` when the board took a game (a load dialog closes then, even when the tree
     * looks as before and the message tells what was left out), `false` when it is unchanged
     * (nothing readable, or the controller is closed).
     */
    fun loadPgn(text: String): Boolean {
        if (session.closed) return false
        val (loaded, note) = firstGame(text)
        if (loaded != null) replaceGame(loaded)
        note?.let { m -> _state.update { it.copy(message = m) } }
        return loaded != null
    }

    /**
     * [loadPgn] for a text already listed off the main thread ([pgnGameList]): the first game of
     * [list] from its own text, and the same message as [loadPgn] of the whole text would give
     * (how many games were left out; without a game, why), without reading that text again:
     * what a screen calls after listing a file of one readable game among bad ones, or when it
     * wants the first game of several.
     */
    fun loadListed(list: PgnGameList): Boolean {
        if (session.closed) return false
        val first = list.games.firstOrNull()
        val loaded = first?.let {
            try {
                ChessGame.fromPgn(it.pgn)
            } catch (e: ChessException) {
                null
            }
        }
        if (loaded == null) {
            _state.update { it.copy(message = list.problem ?: NO_GAME_FOUND) }
            return false
        }
        replaceGame(loaded)
        val left = list.games.size - 1 + list.unreadable
        if (left > 0) _state.update { it.copy(message = gamesLeftOutText(left)) }
        return true
    }

    /**
     * A new tree from the position in [fen]. Castling rights or an en passant square the position
     * cannot have (a FEN copied from elsewhere) are dropped by the core and
     * [AnalysisUiState.message] says so; for any other problem the message shows the core's error
     * and the board (and the analysis) is unchanged.
     *
     * Returns `true` when the board took the position, `false` when it is unchanged (the core
     * refused the FEN, or the controller is closed).
     */
    fun loadFen(fen: String): Boolean {
        if (session.closed) return false
        val (loaded, note) = try {
            gameOfPastedFen(fen, chess960 = state.value.snapshot.chess960)
        } catch (e: ChessException) {
            showMessage(e)
            return false
        }
        replaceGame(loaded)
        note?.let { m -> _state.update { it.copy(message = m) } }
        return true
    }

    /** A new tree from the standard start position. */
    fun newBoard() {
        if (session.closed) return
        replaceGame(ChessGame())
    }

    /**
     * A start for a new game from the board's position ("play from here":
     * `GameController.newGame(start = ...)`): the moves that led to it (the core's `lineTo`), so
     * that the new game counts repetitions and its record starts from the beginning, without the
     * analysed game's tags, variations, comments, marks and clock times. Chess960 when the tree is.
     * After [close], the position's FEN alone ([AnalysisUiState.startPosition]).
     */
    fun playFromHereStart(): StartPosition {
        if (session.closed) return state.value.startPosition
        return game.lineTo(state.value.snapshot.node).use { line ->
            line.tags().forEach { line.removeTag(it.name) }
            StartPosition.Moves(line.pgnWith(MOVES_ONLY))
        }
    }

    /** The whole tree in PGN (variations and comments), for sharing. */
    fun pgn(): String = closedText?.first ?: game.pgn()

    /** The current position in FEN, for sharing. */
    fun fen(): String = closedText?.second ?: game.fen()

    /** The PGN and FEN of the tree [close] freed: what [pgn] and [fen] answer after it. */
    private var closedText: Pair<String, String>? = null

    /** Clears [AnalysisUiState.message]. */
    fun dismissMessage() {
        if (!session.closed) _state.update { it.copy(message = null) }
    }

    // ---- Lifetime --------------------------------------------------------------------------

    /**
     * The app went to the background (Android `onStop`, iOS `scenePhase != .active`): stops the
     * search so the engine does not burn the battery unseen (the lines found so far stay), and
     * saves. No search starts until [resume].
     */
    fun pause() = session.pause {
        stopCoach()
        saveIfStillOurs()
    }

    /** The app is in the foreground again: the analysis (and the coach) of the current position start over. */
    fun resume() = session.resume {
        restartAnalysis()
        restartCoach()
    }

    /** Stops the searches and frees the game and the engines. The controller ignores intents afterwards. */
    override fun close() = session.close {
        closedText = game.pgn() to game.fen()
        stopCoach()
        // As the Swift controller does (every change is saved as it happens already).
        saveIfStillOurs()
        coachEngine?.close()
        coachEngine = null
        game.close()
    }

    // ---- Internals -------------------------------------------------------------------------

    private fun save() {
        val json = game.toJson()
        store.save(json)
        ownSaves += json.hashCode()
    }

    /**
     * Saves when the app goes away only while the store holds nothing or something this board
     * wrote: a board opened since over the same store (a file opened from another app) is not
     * overwritten by this one going away. (Every change is saved as it happens; this retries
     * one whose write failed.)
     */
    private fun saveIfStillOurs() {
        val held = store.load()
        if (held == null || held.hashCode() in ownSaves) save()
    }

    /** The explorer's moves from the current position (none without an explorer). */
    private fun explorerMoves(): List<ExplorerMove> = explorer?.movesAt(game) ?: emptyList()

    /** An analysis board's game: a new move beside an existing one becomes a variation. */
    private fun asAnalysis(game: ChessGame): ChessGame = game.also { it.setNewMovePlacement(NewMovePlacement.VARIATION) }

    /** Acts on what a tap, drag or promotion choice amounts to ([MoveInput]): a move, or a new selection to show. */
    private fun handle(outcome: MoveInput.Outcome?) =
        input.dispatch(outcome, { move -> changeGame { game.play(move.from, move.to, move.promotion) } }, ::showInput)

    /** A tap in draw mode: the first tap picks where the mark starts; the second draws it. */
    private fun drawTap(square: Square, color: MarkColor) {
        val from = state.value.markFrom
        if (from == null) {
            _state.update { it.copy(markFrom = square) }
        } else {
            drawMark(from, square, color)
        }
    }

    /** Toggles the mark from [from] to [to] on the current node: a square when they are one, else an arrow. */
    private fun drawMark(from: Square, to: Square, color: MarkColor) {
        val node = state.value.snapshot.node
        changeGame { if (from == to) game.toggleSquareMark(node, from, color) else game.toggleArrow(node, from, to, color) }
    }

    /** Shows [input]'s selection, targets and picker. */
    private fun showInput() {
        _state.update { it.copy(selected = input.selected, targets = input.targets, pendingPromotion = input.pendingPromotion) }
    }

    /**
     * Runs a core call that changes the tree or the node. On error the core's message is shown
     * and nothing else changes (the analysis of the current node goes on).
     */
    private fun changeGame(call: () -> Unit) {
        if (session.closed) return
        try {
            call()
        } catch (e: ChessException) {
            input.clear()
            showInput()
            _state.update { it.copy(markFrom = null) }
            showMessage(e)
            return
        }
        afterChange(replaced = false)
    }

    /** Replaces the whole tree (PGN, FEN, new board) and analyses its current position. */
    private fun replaceGame(next: ChessGame) {
        game = replacing(game, asAnalysis(next))
        // Another game: what the engine learned about the last one is no help (as on iOS).
        session.engine.newGame()
        afterChange(replaced = true)
    }

    /**
     * After every change: new snapshot, cleared selection and message, save; when the position
     * changed (another node, or a [replaced] tree), the analysis starts over.
     */
    private fun afterChange(replaced: Boolean) {
        input.clear()
        val before = state.value.snapshot
        val snapshot = game.snapshot()
        save()
        val moved = replaced || snapshot.node != before.node || snapshot.positionKey != before.positionKey
        _state.update {
            it.copy(
                snapshot = snapshot, selected = null, targets = emptySet(), pendingPromotion = null, message = null, markFrom = null,
                bookMoves = if (moved) game.bookMoves() else it.bookMoves,
                explorerMoves = if (moved) explorerMoves() else it.explorerMoves,
            )
        }
        if (moved) {
            restartAnalysis()
            restartCoach()
        }
    }

    /** Stops the coach's search, if any, and frees its handle; its report is stale from now on. */
    private fun stopCoach() {
        coachToken++
        coachHandle?.let {
            it.stop()
            it.close()
        }
        coachHandle = null
        if (state.value.coachRunning) _state.update { it.copy(coachRunning = false) }
    }

    /**
     * Stops the coach and forgets its findings; with the coach on, shows the current position's
     * hanging pieces at once and, unless paused, starts the coach's searches of it. A report is
     * shown only if it is the latest search's and of the position still shown.
     */
    private fun restartCoach() {
        stopCoach()
        val s = state.value
        if (session.closed || !s.coachOn) {
            if (s.coaching != null || s.hanging.isNotEmpty() || s.coachRunning) {
                _state.update { it.copy(coaching = null, hanging = emptyList(), coachRunning = false) }
            }
            return
        }
        _state.update { it.copy(coaching = null, hanging = game.hangingPieces(), coachRunning = false) }
        if (session.paused) return
        val engine = coachEngine ?: try {
            coachEngineFactory(EngineConfig(level = engineLevels().last().level, hashMb = COACH_HASH_MB))
        } catch (e: ChessException) {
            showMessage(e)
            return
        }
        coachEngine = engine
        val token = coachToken
        val key = s.snapshot.positionKey
        val listener = object : CoachListener {
            // On the engine's thread: handed to the main thread, where stale reports are dropped.
            override fun onCoaching(coaching: Coaching?, error: String?) {
                session.scope.launch { if (token == coachToken) showCoaching(coaching, error, key) }
            }
        }
        coachHandle = try {
            engine.coach(game, coachNodes, listener)
        } catch (e: ChessException) {
            // Worded as a failure the coach reports later is, and as the Swift controller words both.
            _state.update { it.copy(message = engineFailedText(e.message ?: e.toString())) }
            null
        }
        if (coachHandle != null) _state.update { it.copy(coachRunning = true) }
    }

    /** The coach's report for the position of [key]: shown while that position is. */
    private fun showCoaching(coaching: Coaching?, error: String?, key: ULong) {
        coachHandle?.close()
        coachHandle = null
        _state.update {
            it.copy(
                coachRunning = false,
                coaching = coaching?.takeIf { c -> c.positionKey == key && it.snapshot.positionKey == key },
                message = error?.let(::engineFailedText) ?: it.message,
            )
        }
    }

    /** Stops the running search, clears the lines and, when due, starts a search of the current position. */
    private fun restartAnalysis() {
        stopSearch()
        _state.update { it.copy(lines = emptyList()) }
        startAnalysisIfDue()
    }

    private fun startAnalysisIfDue() {
        if (session.closed || session.paused || session.searching || !state.value.analysing) return
        startSearch()
    }

    /**
     * Starts the analysis of the current position with [analysisLimits] and the state's number of
     * lines. When the core refuses the game as over (a resignation, an agreed or claimed draw, an
     * imported result), the position alone is searched from its FEN (without the history, so
     * repetitions are not seen); when that is refused too (checkmate, stalemate) there is nothing
     * to analyse: no lines, no message.
     */
    private fun startSearch() {
        val s = state.value
        val limits = analysisLimits.copy(multiPv = s.multiPv.toUInt())
        val started = session.start { token ->
            try {
                session.engine.think(game, limits, analysisListener(token, s.snapshot, s.snapshot.legalMoves))
            } catch (e: ChessException.GameOver) {
                thinkPosition(token, s.snapshot, limits)
            } catch (e: ChessException) {
                showMessage(e)
                null
            }
        }
        if (started) _state.update { it.copy(engineRunning = true) }
    }

    /** The search of [snapshot]'s position alone (from its FEN), or `null` when it has no move to search. */
    private fun thinkPosition(token: Long, snapshot: GameSnapshot, limits: SearchLimits): SearchHandle? = try {
        session.engine.thinkFen(snapshot.fen, limits, analysisListener(token, snapshot, legalMovesOf(snapshot)))
    } catch (e: ChessException.GameOver) {
        null
    } catch (e: ChessException) {
        showMessage(e)
        null
    }

    /**
     * The listener of search [token] of [snapshot]'s position, whose lines start with one of
     * [moves]. Its reports reach the main thread through [searchListener]; a report of a search
     * that was stopped or superseded meanwhile (token) or of another position (key) is dropped.
     */
    private fun analysisListener(token: Long, snapshot: GameSnapshot, moves: List<LegalMove>): SearchListener {
        val key = snapshot.positionKey
        return session.scope.searchListener(
            onInfo = { info ->
                if (session.isCurrent(token) && info.positionKey == key && state.value.snapshot.positionKey == key) {
                    showLine(info, moves)
                }
            },
            onFinished = { result ->
                if (session.isCurrent(token)) {
                    session.finished()
                    val error = result.error
                    _state.update { it.copy(engineRunning = false, message = error?.let(::engineFailedText) ?: it.message) }
                }
            },
        )
    }

    /** Puts [info]'s line in place of the line of its number, in order, at most [AnalysisUiState.multiPv] of them. */
    private fun showLine(info: SearchInfo, moves: List<LegalMove>) {
        val n = info.multipv.toInt()
        val first = info.pvUci.firstOrNull()
        val line = AnalysisLine(n, info.depth.toInt(), scoreText(info.scoreWhite), info.whiteWin, info.pvSan, moves.firstOrNull { it.uci == first })
        _state.update { s ->
            s.copy(lines = (s.lines.filter { it.multipv != n } + line).filter { it.multipv <= s.multiPv }.sortedBy { it.multipv })
        }
    }

    /** Stops the running search, if any; its reports will be ignored. The lines found so far stay. */
    private fun stopSearch() = session.stop()

    /** After a search was stopped: the spinner goes. */
    private fun showStopped() {
        if (state.value.engineRunning) _state.update { it.copy(engineRunning = false) }
    }

    private fun showMessage(e: ChessException) {
        _state.update { it.copy(message = e.message ?: e.toString()) }
    }

    /** Applies [change] to the state's settings (analysis on, number of lines, orientation, coach on) and saves them. */
    private fun changeSettings(change: (AnalysisUiState) -> AnalysisUiState) {
        _state.update(change)
        val s = state.value
        store.saveSettings(
            mapOf(
                KEY_ANALYSING to s.analysing.toString(),
                KEY_MULTI_PV to s.multiPv.toString(),
                KEY_ORIENTATION to encodeSide(s.orientation),
                KEY_COACH to s.coachOn.toString(),
            ),
        )
    }

    private companion object {
        const val KEY_ANALYSING = "analysing"
        const val KEY_MULTI_PV = "multiPv"
        const val KEY_ORIENTATION = "orientation"
        const val KEY_COACH = "coach"

        /** The coach engine's table: its searches are short. */
        const val COACH_HASH_MB = 16u

        fun clampMultiPv(n: Int): Int = n.coerceIn(AnalysisUiState.MIN_MULTI_PV, AnalysisUiState.MAX_MULTI_PV)

        /**
         * The tree saved in [store], or a new board when there is none or it cannot be restored,
         * in which case [onError] gets the message to show (and the save is set aside first,
         * since the new board is saved over it).
         */
        fun restore(store: GameStore, onError: (String) -> Unit): ChessGame = store.load()?.let {
            try {
                ChessGame.fromJson(it)
            } catch (e: ChessException) {
                onError("The saved analysis could not be restored: ${e.message}" + keptAside(store, it))
                null
            }
        } ?: ChessGame()

        /**
         * The first game of PGN [text] that can be read, with what to tell the person: how many
         * other games the text held; or no game and why (the first bad game's located error, or
         * "No game found").
         */
        fun firstGame(text: String): Pair<ChessGame?, String?> {
            // The core's list reads one game at a time and keeps only summaries: a big file
            // never becomes thousands of game trees at once; the first game is read again alone.
            val listing = dev.chesscore.listPgnGames(text)
            val first = listing.games.firstOrNull()?.let { summary ->
                try {
                    ChessGame.fromPgn(summary.pgn)
                } catch (e: ChessException) {
                    null
                }
            }
            if (first == null) return null to (listing.skipped.firstOrNull()?.message ?: NO_GAME_FOUND)
            val left = listing.games.size - 1 + listing.skipped.size
            return first to left.takeIf { it > 0 }?.let(::gamesLeftOutText)
        }

        /**
         * The legal moves of [snapshot]'s position on its own (its FEN), where the game has ended:
         * what a line of `thinkFen` may start with. Read with `fromFen`, which takes the castling
         * field as `thinkFen` does, so that a castling move's UCI is the engine's.
         */
        fun legalMovesOf(snapshot: GameSnapshot): List<LegalMove> = try {
            ChessGame.fromFen(snapshot.fen).use { it.legalMoves() }
        } catch (e: ChessException) {
            emptyList()
        }
    }
}

/** The moves alone: no variations, comments, NAGs, clock times, evaluations or marks. */
private val MOVES_ONLY = PgnExportOptions(
    variations = false, comments = false, nags = false, clocks = false, evals = false, marks = false,
)
