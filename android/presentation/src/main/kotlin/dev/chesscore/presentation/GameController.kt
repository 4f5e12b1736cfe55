package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.ClockReading
import dev.chesscore.ClockState
import dev.chesscore.EngineConfig
import dev.chesscore.EngineReply
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.NewMovePlacement
import dev.chesscore.PieceKind
import dev.chesscore.SearchLimits
import dev.chesscore.SearchListener
import dev.chesscore.SearchResult
import dev.chesscore.TimeBonus
import dev.chesscore.TimeControl
import dev.chesscore.engineLevels
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.gameArchiveId
import dev.chesscore.ktx.pieceAt
import dev.chesscore.ktx.replacing
import dev.chesscore.ktx.searchListener
import kotlin.random.Random
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update

/** The default limits of a hint: one second at full strength (the strongest of [engineLevels]), whatever level the engine plays at. */
fun defaultHintLimits(): SearchLimits = SearchLimits(moveTimeMs = 1000uL, level = engineLevels().last().level)

/** The instant [monotonicNow] counts from: when this class was first used in the process. */
private val monotonicOrigin: Long = System.nanoTime()

/**
 * The default time source of [GameController]: the JVM's monotonic milliseconds
 * (`System.nanoTime() / 1_000_000`), counted from a fixed instant of this process so that they
 * are never negative (`nanoTime`'s own origin is arbitrary and may be). A save keeps no
 * time-stamp, so another process may count from another instant.
 */
fun monotonicNow(): Long = (System.nanoTime() - monotonicOrigin) / 1_000_000

/**
 * The board screen's presentation logic: turns the core's [dev.chesscore.GameSnapshot]s into
 * [BoardUiState] and the player's intents into core calls, and drives the engine's turn. It holds
 * no chess rules: legality, notation, check and the outcome all come from the core.
 *
 * Threading: create it and call every intent on the main thread, which must be the dispatcher of
 * [scope] (Android: `viewModelScope`; tests: a single-threaded dispatcher). The engine reports on
 * its own thread; its results are handed to [scope] before they touch the state.
 *
 * Lifetime: owns a [ChessGame] and a [ChessEngine]; [close] stops any search and frees them.
 *
 * Timed play: a game may have a time control ([newGame] with a [TimeControl]). All timing is the
 * core's; the controller only says what time it is, through [now], and the screen calls [tick]
 * while a clock runs. A timed game has no takebacks, and its clock stops while the app is in the
 * background ([pause]).
 *
 * @param scope the main-thread scope; the controller cancels only its own child of it.
 * @param store where the game is saved after every change and restored from at start.
 * @param engineFactory creates the engine (tests: a real engine; its config carries the level).
 * @param limitsForLevel the limits of the engine's own moves at a level (default: the level's own).
 * @param hintLimits the limits of a hint search (default: [defaultHintLimits], one second at
 *   full strength whatever level the engine plays at).
 * @param defaultMode the mode when the store holds no settings.
 * @param defaultLevel the level when the store holds no settings.
 * @param now the app's monotonic milliseconds, the time of every clock call (default:
 *   [monotonicNow]; the Android app passes `SystemClock::elapsedRealtime`; tests a clock they
 *   move by hand).
 * @param archive "My games": where each game is kept once it has ended (with the players, date
 *   and time as PGN tags), or `null` to keep none.
 */
class GameController(
    scope: CoroutineScope,
    private val store: GameStore,
    engineFactory: (EngineConfig) -> ChessEngine = { ChessEngine(it) },
    private val limitsForLevel: (Int) -> SearchLimits = { SearchLimits() },
    private val hintLimits: SearchLimits = defaultHintLimits(),
    defaultMode: GameMode = GameMode.HumanVsEngine(Side.WHITE),
    defaultLevel: Int = 5,
    private val now: () -> Long = ::monotonicNow,
    private val archive: GameArchive? = null,
) : AutoCloseable {
    private var game: ChessGame
    private val _state: MutableStateFlow<BoardUiState>

    /** The engine, its running search (the engine's move or a hint) and the controller's lifetime (shared with the analysis board). */
    private val session: EngineSession
    private val engine: ChessEngine get() = session.engine
    private val closed: Boolean get() = session.closed

    /** The selection, its targets and the promotion picker (the rules shared with the analysis board). */
    private val input = MoveInput()

    /**
     * The id this game was kept under in [archive] when it ended (kept in the settings, so a
     * restart does not keep it again, and a game deleted from the archive stays deleted);
     * `null` until it ends and again once another game replaces it.
     */
    private var archivedId: String? = null

    /**
     * The core's [gameArchiveId] of the game as it was kept under [archivedId] (its moves): when
     * the game's is still this one, it is kept already. The two differ when another game with the
     * same moves was kept first and this one got an id of its own.
     */
    private var archivedMovesId: String? = null

    /** The screen state; a new value after every change. */
    val state: StateFlow<BoardUiState>

    init {
        val settings = store.loadSettings()
        val mode = decodeMode(settings[KEY_MODE]) ?: defaultMode
        val level = (settings[KEY_LEVEL]?.toIntOrNull()?.let { savedLevel(it, settings[KEY_LEVEL_SCALE]) } ?: defaultLevel)
            .coerceIn(MIN_LEVEL, MAX_LEVEL)
        val orientation = decodeSide(settings[KEY_ORIENTATION]) ?: defaultOrientation(mode)
        archivedId = settings[KEY_ARCHIVED]
        // Settings written before the moves' id was kept apart: the id was the moves' id.
        archivedMovesId = settings[KEY_ARCHIVED_MOVES] ?: archivedId
        val autoQueen = settings[KEY_AUTO_QUEEN] == "true"
        val autoFlip = settings[KEY_AUTO_FLIP] == "true"
        var message: String? = null
        val saved = store.load()
        game = asPlayed(
            saved?.let {
                try {
                    ChessGame.fromJson(it)
                } catch (e: ChessException) {
                    message = "The saved game could not be restored: ${e.message}" + keptAside(store, it)
                    null
                }
            } ?: ChessGame(),
        )
        session = EngineSession.open(scope, game, onStop = ::showStopped) { engineFactory(engineConfig(level)) }
        val pausedClock = pauseRestoredClock()
        _state = MutableStateFlow(
            BoardUiState(
                snapshot = game.snapshot(), mode = mode, level = level, message = message,
                clock = readClock(), chess960Number = game.chess960StartNumber(), autoQueen = autoQueen,
                autoFlip = autoFlip,
                orientation = flippedFor(game.snapshot(), mode, autoFlip) ?: orientation,
                // Paused by the players before the app ended: still paused (the restored clock is).
                userPaused = pausedClock && settings[KEY_USER_PAUSED] == "true",
            ),
        )
        state = _state.asStateFlow()
        if (pausedClock) session.pause {}
        // A finished game is saved again too: if it is kept in the archive now (a game ended
        // before the archive existed), the players and time it is tagged with stay in its save.
        if (saved == null || message != null || state.value.isGameOver) {
            save()?.let { problem -> _state.update { it.copy(message = problem) } }
        }
        startEngineTurnIfDue()
    }

    /**
     * A restored game whose clock was started stays paused until [resume], as after [pause]: a
     * save keeps no time-stamp, so the unknown time away is not charged. A clock saved running is
     * paused at its last event (`pauseClock(snapshot.clock.atMs)`); the core restores every
     * started clock paused already, so that call is only a safeguard. Returns `true` when the
     * controller is to start paused (a paused clock in a game not over).
     */
    private fun pauseRestoredClock(): Boolean {
        val saved = game.snapshot().clock ?: return false
        if (game.status() is GameStatus.Ended) return false
        if (saved.state == ClockState.RUNNING) {
            try {
                game.pauseClock(saved.atMs)
            } catch (ignored: ChessException) {
                // Nothing to pause after all: the clock reads as it was saved.
            }
        }
        return game.clock(saved.atMs)?.state == ClockState.PAUSED
    }

    // ---- Intents -------------------------------------------------------------------------

    /**
     * The player tapped [square]: selects a piece of the side to move,
     * moves the selected piece to a highlighted target (opening the promotion picker when the
     * core offers promotion choices), reselects another own piece, or clears the selection.
     * Ignored while the engine is to move, the picker is open or the game is over.
     */
    fun tapSquare(square: Square) {
        val s = state.value
        if (!closed && s.viewed != null) return viewPly(null)
        if (!closed && s.canPremove) return premoveTap(square)
        if (closed || !s.isHumanTurn) return
        handle(input.tap(square, s.snapshot, game::legalMovesFrom))
    }

    /** The player dragged the piece on [from] to [to]: the same as tapping [from], then [to]. */
    fun dragMove(from: Square, to: Square) {
        val s = state.value
        if (!closed && s.viewed != null) return viewPly(null)
        if (!closed && s.canPremove) {
            // A drag is a whole premove at once (onto a square of the player's too: a recapture
            // there, or a Chess960 castling onto the rook); one to a square the piece can never
            // reach on the next turn, or not from the player's piece, cancels it.
            val possible = to in game.premoveDestinations(from)
            _state.update { it.copy(premove = if (possible) Premove(from, to) else null) }
            return
        }
        if (closed || !s.isHumanTurn) return
        handle(input.drag(from, to, s.snapshot, game::legalMovesFrom))
    }

    /**
     * A tap while the engine is to move ([BoardUiState.canPremove]): builds the player's
     * premove. A piece of the player's picks the square it starts from, and the board marks
     * where it may go whatever the engine replies ([Premove.targets], the core's
     * `premoveDestinations`); a tap on one of those is its destination (onto a piece of the
     * player's too: a recapture there); a tap on another piece of the player's picks that one
     * instead. With a premove set, a tap on a piece of the player's starts a new one from it;
     * a tap anywhere else (or on the picked piece again) cancels it. Whether it is legal is
     * known only after the engine's move ([playPremove]).
     */
    private fun premoveTap(square: Square) {
        val s = state.value
        val human = (s.mode as? GameMode.HumanVsEngine)?.humanSide ?: return
        val current = s.premove
        fun pick(): Premove? = if (s.snapshot.pieceAt(square)?.side == human) {
            Premove(square, null, game.premoveDestinations(square).toSet())
        } else {
            null
        }
        val next = when {
            current == null || current.to != null -> pick()
            square == current.from -> null
            square in current.targets -> Premove(current.from, square)
            else -> pick()
        }
        _state.update { it.copy(premove = next) }
    }

    /**
     * After the engine's move: plays the player's premove when it is legal now, as a drag of it
     * would (a promotion opens the picker, or is a queen with [BoardUiState.autoQueen]), and
     * drops it otherwise, as chess sites do.
     */
    private fun playPremove() {
        val premove = state.value.premove ?: return
        _state.update { it.copy(premove = null) }
        val to = premove.to ?: return
        if (!state.value.isHumanTurn) return
        val outcome = input.drag(premove.from, to, state.value.snapshot, game::legalMovesFrom)
        if (outcome is MoveInput.Outcome.Play || outcome is MoveInput.Outcome.AskPromotion) handle(outcome) else clearSelection()
    }

    /**
     * Shows the position after [ply] moves of the game (0: the start) on the board
     * ([BoardUiState.viewed], from the core's `snapshotAtMainLinePly`) while the game stays where it
     * is: the engine goes on thinking and the clock on running for the game's own position. `null`,
     * or the game's own ply or later, shows the game again; so does a tap or drag on the board, and
     * any change of the game (the engine's reply brings the board back to the game).
     */
    fun viewPly(ply: Int?) {
        if (closed) return
        val current = state.value.snapshot.ply.toInt()
        if (ply == null || ply >= current || ply < 0) {
            if (state.value.viewed != null) _state.update { it.copy(viewed = null) }
            return
        }
        try {
            val seen = ViewedPosition(ply, game.snapshotAtMainLinePly(ply.toUInt()))
            input.clear()
            _state.update { it.copy(viewed = seen, selected = null, targets = emptySet(), pendingPromotion = null) }
        } catch (e: ChessException) {
            showMessage(e)
        }
    }

    /** Shows the position one move before the one shown ([viewPly]). */
    fun viewBack() {
        val s = state.value
        if (s.canViewBack) viewPly((s.viewed?.ply ?: s.snapshot.ply.toInt()) - 1)
    }

    /** Shows the position one move after the one shown, the game's own after the last ([viewPly]). */
    fun viewForward() {
        state.value.viewed?.let { viewPly(it.ply + 1) }
    }

    /** Plays the pending promotion with [kind] (one of its choices). */
    fun choosePromotion(kind: PieceKind) {
        if (closed) return
        handle(input.choosePromotion(kind))
    }

    /** Closes the promotion picker without moving; the game is unchanged, the pawn stays selected. */
    fun cancelPromotion() {
        if (closed) return
        input.cancelPromotion()
        showInput()
    }

    /**
     * Takes back a move. Stops a running search first (its result is ignored). Against the engine
     * it takes back to the player's turn: two plies when the engine has replied, one while it
     * thinks. (When the engine made the only move, its turn comes again.) Does nothing in a timed
     * game ([BoardUiState.canUndo]).
     */
    fun undo() {
        if (closed || hasClock) return
        stopSearch()
        dropPending()
        val mode = state.value.mode
        if (game.undo() && mode is GameMode.HumanVsEngine) {
            while (mode.enginePlays(game.snapshot().sideToMove)) {
                if (!game.undo()) break
            }
        }
        afterChange()
    }

    /** Replays what [undo] took back (against the engine: up to the player's turn again). Does nothing in a timed game. */
    fun redo() {
        if (closed || hasClock) return
        stopSearch()
        dropPending()
        val mode = state.value.mode
        if (game.redo() && mode is GameMode.HumanVsEngine) {
            while (mode.enginePlays(game.snapshot().sideToMove)) {
                if (!game.redo()) break
            }
        }
        afterChange()
    }

    /** Turns the board around. A running search goes on. */
    fun flipBoard() {
        if (closed) return
        _state.update { it.copy(orientation = it.orientation.opponent()) }
        saveSettings()
    }

    /**
     * "Always promote to a queen" on or off ([BoardUiState.autoQueen], kept in the settings): when
     * on, a pawn reaching the last rank becomes a queen without the picker (blitz players' usual
     * setting); the other pieces are then out of reach, as on chess sites with it on.
     */
    fun setAutoQueen(on: Boolean) {
        if (closed) return
        _state.update { it.copy(autoQueen = on) }
        saveSettings()
    }

    /**
     * "Turn the board for each player" ([BoardUiState.autoFlip], kept in the settings): between
     * two people ([BoardUiState.canAutoFlip]) the board turns to the side to move, now and after
     * every move; in the other modes the setting waits for a game between two people.
     */
    fun setAutoFlip(on: Boolean) {
        if (closed) return
        _state.update { it.copy(autoFlip = on, orientation = flippedFor(it.snapshot, it.mode, on) ?: it.orientation) }
        saveSettings()
    }

    /**
     * The players pause the game ([BoardUiState.canPause]: a timed game whose clock runs): the
     * clock stops, the engine stops thinking (its turn starts over at [resumeGame]), the
     * selection, picker, premove and hint go, and the board takes no move until [resumeGame].
     * The app going to the background and back ([pause], [resume]) keeps it paused, and so does
     * a restart (kept in the settings). A flag that fell first ends the game on time instead.
     */
    fun pauseGame() {
        if (closed || !state.value.canPause) return
        stopSearch()
        try {
            stopClock()
        } catch (ignored: ChessException) {
            // A flag had fallen: the core ended the game on time, which the snapshot shows.
        }
        input.clear()
        val snapshot = game.snapshot()
        _state.update {
            it.copy(
                userPaused = snapshot.status !is GameStatus.Ended, snapshot = snapshot, clock = readClock(),
                selected = null, targets = emptySet(), pendingPromotion = null, premove = null, hint = null,
            )
        }
        saveSettings()
        save()?.let { problem -> _state.update { it.copy(message = problem) } }
    }

    /**
     * Ends the players' pause ([pauseGame]): the clock runs again from where it stopped and the
     * engine's turn, if due, starts over. While the app is in the background the clock waits
     * for [resume].
     */
    fun resumeGame() {
        if (closed || !state.value.userPaused) return
        _state.update { it.copy(userPaused = false) }
        saveSettings()
        if (session.paused) return
        resumeClock()
        startEngineTurnIfDue()
    }

    /** Sets the engine level (1..10), used from the next search on. */
    fun setLevel(level: Int) {
        if (closed) return
        val n = level.coerceIn(MIN_LEVEL, MAX_LEVEL)
        try {
            engine.setConfig(engineConfig(n))
            _state.update { it.copy(level = n) }
            saveSettings()
        } catch (e: ChessException) {
            showMessage(e)
        }
    }

    /**
     * Starts a new game in [mode] at [level] (default: the current one), with a clock for
     * [timeControl] (`null` or [TimeControl.Untimed]: none), from [start] (the standard position,
     * a Chess960 one, the core's `newChess960`, a position's FEN, or the moves to a position, e.g.
     * the analysis board's [AnalysisController.playFromHereStart]).
     * The board shows the player's side at the bottom (White when nobody or both play). The clock
     * starts with the first move, which is not charged. When the core refuses the control, the
     * Chess960 number or the FEN, [BoardUiState.message] says why and nothing changes.
     */
    fun newGame(
        mode: GameMode,
        level: Int = state.value.level,
        timeControl: TimeControl? = null,
        start: StartPosition = StartPosition.Standard,
    ) {
        if (closed) return
        val timed = timeControl != null && timeControl != TimeControl.Untimed
        val fresh = try {
            val base = when (start) {
                StartPosition.Standard -> ChessGame()
                is StartPosition.Chess960 -> ChessGame.newChess960(start.number)
                is StartPosition.Position ->
                    if (start.chess960) ChessGame.fromChess960Fen(start.fen.trim()) else ChessGame.fromFen(start.fen.trim())
                is StartPosition.Moves -> ChessGame.fromPgn(start.pgn)
            }
            withClock(base, timeControl.takeIf { timed })
        } catch (e: ChessException) {
            showMessage(e)
            return
        }
        stopSearch()
        val notKept = archiveBeforeReplacing()
        game = replacing(game, asPlayed(fresh))
        replacedGame = true
        forgetArchivedId()
        engine.newGame()
        dropPending()
        _state.update { it.copy(mode = mode, orientation = defaultOrientation(mode)) }
        setLevel(level)
        afterChange()
        notKept?.let { m -> _state.update { it.copy(message = m) } }
    }

    /**
     * A finished game that is about to be replaced and is not in "My games" yet (its archive
     * write failed: disk full) is tried once more, since after the replacement no save would try
     * it again. Returns what to tell the person when it still could not be kept.
     */
    private fun archiveBeforeReplacing(): String? =
        archiveIfEnded()?.let { reason -> "The finished game was not kept in My games: $reason" }

    /** [game] with [control] set on it (none: as it is); closed again when the core refuses the control. */
    private fun withClock(game: ChessGame, control: TimeControl?): ChessGame {
        if (control == null) return game
        try {
            game.setTimeControl(control)
        } catch (e: ChessException) {
            game.close()
            throw e
        }
        return game
    }

    /**
     * Starts from the position in [fen], untimed. Castling rights or an en passant square the
     * position cannot have (a FEN copied from elsewhere) are dropped by the core and
     * [BoardUiState.message] says so; for any other problem the message shows the core's error
     * and the game (and a running search) is unchanged. Returns `true` when the board took the
     * position.
     */
    fun loadFen(fen: String): Boolean {
        if (closed) return false
        val (loaded, note) = try {
            gameOfPastedFen(fen, chess960 = state.value.snapshot.chess960)
        } catch (e: ChessException) {
            showMessage(e)
            return false
        }
        stopSearch()
        val notKept = archiveBeforeReplacing()
        game = replacing(game, asPlayed(loaded))
        replacedGame = true
        forgetArchivedId()
        engine.newGame()
        dropPending()
        afterChange()
        listOfNotNull(notKept, note).takeIf { it.isNotEmpty() }?.let { m ->
            _state.update { it.copy(message = m.joinToString("\n")) }
        }
        return true
    }

    /**
     * Asks the engine for a move for the player; [BoardUiState.hint] shows it until the next
     * change. Runs like the engine's turn ([BoardUiState.engineThinking], thinking line, taps
     * ignored until it ends). Ignored unless it is a person's turn.
     */
    fun requestHint() {
        if (closed || session.paused || !state.value.isHumanTurn) return
        startSearch(hint = true)
    }

    /** Claims the draw the core offers ([BoardUiState.claimableDraw]). */
    fun claimDraw() {
        if (closed || state.value.claimableDraw == null) return
        changeGame { game.claimDrawAt(nowMs()) }
    }

    /**
     * Announces (or with [on] `false` withdraws) a draw claim with the player's next move, as FIDE's
     * Laws allow (9.2.1.1, 9.3.1; offered while [BoardUiState.canClaimWithMove]). The next move the
     * player makes then ends the game drawn when it allows the claim; a move that allows none is
     * played all the same and the game goes on, as FIDE 9.5.1 has it, with [BoardUiState.message]
     * saying so.
     */
    fun claimDrawWithNextMove(on: Boolean = true) {
        if (closed || (on && !state.value.canClaimWithMove)) return
        _state.update { it.copy(claimingWithNextMove = on) }
    }

    /**
     * [side] resigns. Against the engine it is always the player's side (whatever [side] says);
     * between two people the screen asks who resigns ("White resigns", "Black resigns"): `null`
     * there means the side to move.
     */
    fun resign(side: Side? = null) {
        if (closed) return
        val s = state.value
        val resigning = (s.mode as? GameMode.HumanVsEngine)?.humanSide ?: side ?: s.snapshot.sideToMove
        changeGame { game.resignAt(resigning, nowMs()) }
    }

    /**
     * Between two people on one device: they agree to a draw, which ends the game. Against the
     * engine this is [offerDraw]: the engine answers, it is not agreed for it.
     */
    fun agreeDraw() {
        if (closed) return
        if (state.value.mode is GameMode.HumanVsEngine) return offerDraw()
        changeGame { game.agreeDrawAt(nowMs()) }
    }

    /**
     * Against the engine: the player offers a draw ([BoardUiState.drawOffered]), which the engine
     * answers on its turn, from that search's evaluation, by the core's rule (`playEngineResult`:
     * it accepts when clearly worse, or level from move 30 on): with its reply to the player's
     * next move, or at the end of the search it is running. A declined offer leaves a
     * [BoardUiState.message]; taking back or a new game withdraws the offer. Ignored unless
     * [BoardUiState.canOfferDraw].
     */
    fun offerDraw() {
        if (closed || !state.value.canOfferDraw) return
        _state.update { it.copy(drawOffered = true) }
    }

    /**
     * The screen's timer (every 100 ms is enough, while [BoardUiState.clock] has a running side):
     * reads the clock again and checks the flag, so that a fallen flag ends the game (a loss on
     * time, or a draw when the other side could never mate, FIDE 6.9: the core decides), stops the
     * engine and saves. Nothing for an untimed game.
     */
    fun tick() {
        if (closed || !hasClock) return
        val nowMs = nowMs()
        if (!state.value.isGameOver && game.checkFlag(nowMs) is GameStatus.Ended) {
            stopSearch()
            afterChange()
        } else {
            _state.update { it.copy(clock = readClock(nowMs)) }
        }
    }

    /**
     * Clears [BoardUiState.message]; after a failed search (its message dismissed) the engine's
     * turn, if due, starts again.
     */
    fun dismissMessage() {
        _state.update { it.copy(message = null) }
        // A failed search left the engine's turn undone: the person dismissing its message is
        // the moment to try again (nothing else would start it).
        startEngineTurnIfDue()
    }

    /** The game in PGN, for sharing. */
    fun pgn(): String = closedText?.first ?: game.pgn()

    /** The current position in FEN, for sharing. */
    fun fen(): String = closedText?.second ?: game.fen()

    /** The PGN and FEN of the game [close] freed: what [pgn] and [fen] answer after it. */
    private var closedText: Pair<String, String>? = null

    /** Set when a new game replaced the old one; the next [afterChange] numbers it ([BoardUiState.gameSerial]). */
    private var replacedGame = false

    /**
     * The app went to the background (Android `onStop`, iOS `scenePhase != .active`): stops any
     * search so the engine does not burn the battery unseen, pauses a running clock (time does
     * not run while the app is away; a flag that fell first ends the game on time instead) and
     * saves the game. The engine's turn starts again in [resume]; a hint in progress is dropped.
     */
    fun pause() = session.pause {
        val wasOver = state.value.isGameOver
        if (hasClock) {
            try {
                stopClock()
            } catch (ignored: ChessException) {
                // A flag had fallen: the core ended the game on time, which the snapshot shows.
            }
        }
        if (!wasOver && game.status() is GameStatus.Ended) {
            // Ended on time since the last tick: shown as tick() shows it (no picker, selection
            // or hint left over a finished game), and saved.
            afterChange()
        } else {
            if (hasClock) _state.update { it.copy(snapshot = game.snapshot(), clock = readClock()) }
            save()?.let { problem -> _state.update { it.copy(message = problem) } }
        }
    }

    /**
     * The app is in the foreground again: a clock paused by [pause] (or restored from a save) runs
     * again, and the engine's turn, if due, starts over; unless the players paused the game
     * ([pauseGame]), which stays paused until [resumeGame].
     */
    fun resume() = session.resume {
        if (state.value.userPaused) return@resume
        resumeClock()
        startEngineTurnIfDue()
    }

    /** Runs a paused clock again now (after [pause] or [pauseGame]); nothing for a game over or an untimed one. */
    private fun resumeClock() {
        val nowMs = nowMs()
        if (!state.value.isGameOver && game.clock(nowMs)?.state == ClockState.PAUSED) {
            try {
                game.resumeClock(nowMs)
            } catch (e: ChessException) {
                showMessage(e)
            }
            _state.update { it.copy(clock = readClock(nowMs)) }
        }
    }

    /** Stops any search and frees the game and the engine. The controller ignores intents afterwards. */
    override fun close() = session.close {
        closedText = game.pgn() to game.fen()
        game.close()
    }

    // ---- Internals -----------------------------------------------------------------------

    /**
     * A game as played: a move after an undo makes the main line (the game's PGN), and the moves
     * taken back stay in the game as a variation.
     */
    private fun asPlayed(game: ChessGame): ChessGame = game.also { it.setNewMovePlacement(NewMovePlacement.MAIN_LINE) }

    /** Acts on what a tap, drag or promotion choice amounts to ([MoveInput]): a move, or a new selection to show. */
    private fun handle(outcome: MoveInput.Outcome?) {
        // "Always promote to a queen": the picker's queen is chosen at once.
        val chosen = if (state.value.autoQueen && outcome is MoveInput.Outcome.AskPromotion &&
            PieceKind.QUEEN in outcome.pending.choices
        ) {
            input.choosePromotion(PieceKind.QUEEN)
        } else {
            outcome
        }
        input.dispatch(chosen, { play(it.from, it.to, it.promotion) }, ::showInput)
    }

    /** Shows [input]'s selection, targets and picker. */
    private fun showInput() {
        _state.update { it.copy(selected = input.selected, targets = input.targets, pendingPromotion = input.pendingPromotion) }
    }

    private fun clearSelection() {
        input.clear()
        showInput()
    }

    /**
     * Plays the person's move. Every move goes through the core's timed calls (`playAt`,
     * `claimDrawWithAt`, and `playEngineResultAt` for the engine's): with a clock they time the
     * move, and without one the core makes them its untimed `play`, `claimDrawWith` and
     * `playEngineResult`.
     */
    private fun play(from: Square, to: Square, promotion: PieceKind?) {
        val s = state.value
        val move = { game.playAt(from, to, promotion, nowMs()) }
        if (!s.claimingWithNextMove) {
            changeGame { move() }
            return
        }
        val claim = s.snapshot.drawClaimMoves.firstOrNull {
            it.legalMove.from == from && it.legalMove.to == to && it.legalMove.promotion == promotion
        }
        if (claim != null) {
            changeGame { game.claimDrawWithAt(claim.legalMove.uci, nowMs()) }
        } else if (changeGame { move() } && !state.value.isGameOver) {
            // "The move stands" and the game goes on; a move that ended the game (a mate) says
            // so in the status alone.
            val san = state.value.snapshot.lastMove?.san ?: return
            _state.update { it.copy(message = noDrawClaimText(san)) }
        }
    }

    /**
     * Runs a core call that changes the game; on error shows the core's message instead. A timed
     * call refused because a flag had fallen (`GameOver`) has ended the game on time: the status
     * says so, without a message. Returns `true` when the call succeeded.
     */
    private fun changeGame(call: () -> Unit): Boolean {
        stopSearch()
        try {
            call()
        } catch (e: ChessException) {
            if (!state.value.isGameOver && game.status() is GameStatus.Ended) {
                afterChange()
                return false
            }
            clearSelection()
            showMessage(e)
            startEngineTurnIfDue()
            return false
        }
        afterChange()
        return true
    }

    /**
     * Saves the game, after keeping it in the archive when it has ended ([archiveIfEnded]);
     * returns why the archive could not keep it, or `null`.
     */
    private fun save(): String? {
        val problem = archiveIfEnded()?.let { reason -> "The game could not be kept in My games: $reason" }
        store.save(game.toJson())
        return problem
    }

    /**
     * Keeps an ended game with moves in [archive] once: when its moves' id ([gameArchiveId]) is
     * not the one it was kept with ([archivedMovesId]). First it names the players, unless the
     * game has them ("You" and the engine's level against the engine; "Player 1" and "Player 2"
     * between two people), and the date and time it ended, as PGN tags that stay in the game
     * (and its save). It is kept under its moves' id, or, when another game with the same moves
     * is kept under that already, under an id of its own. A game taken back after its end and
     * ended differently replaces its first ending in the archive. Returns why the archive could
     * not keep it (the archive's error; it is tried again at the next save), or `null`.
     */
    private fun archiveIfEnded(): String? {
        val archive = archive ?: return null
        // The status alone on every save; the whole snapshot only once the game has ended.
        if (game.status() !is GameStatus.Ended || game.snapshot().sanHistory.isEmpty()) return null
        val movesId = gameArchiveId(game.pgn())
        if (movesId == archivedMovesId) return null
        if (game.tag("White") == null && game.tag("Black") == null) {
            val (white, black) = playerNames(state.value.mode, state.value.level)
            game.setTag("White", white)
            game.setTag("Black", black)
        }
        val ended = java.time.LocalDateTime.now()
        game.setTag("Date", ended.format(java.time.format.DateTimeFormatter.ofPattern("yyyy.MM.dd")))
        game.setTag("Time", ended.format(java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss")))
        return try {
            var id = movesId
            var copy = 1
            while (id != archivedId && archive.contains(id)) id = gameArchiveId("$movesId ${copy++}")
            archive.put(id, game.pgn())
            archivedId?.takeIf { it != id }?.let(archive::delete)
            archivedId = id
            archivedMovesId = movesId
            saveSettings()
            null
        } catch (e: Exception) {
            e.message ?: e.toString()
        }
    }

    /** Another game replaced this one: the next that ends is kept apart from it. */
    private fun forgetArchivedId() {
        archivedId = null
        archivedMovesId = null
        saveSettings()
    }

    /**
     * Drops what belongs to the position being left, before the game goes elsewhere (a move
     * taken back or replayed, a new game, a pasted position): the draw offer, the premove and
     * the players' pause. A move of the game itself keeps the offer and premove ([afterChange]).
     */
    private fun dropPending() {
        val wasPaused = state.value.userPaused
        _state.update { it.copy(drawOffered = false, premove = null, userPaused = false) }
        if (wasPaused) saveSettings()
    }

    /** After every change of the game: new snapshot, cleared transient state, save, engine turn. */
    private fun afterChange() {
        input.clear()
        val problem = save()
        val snapshot = game.snapshot()
        val serialStep = if (replacedGame) 1 else 0
        replacedGame = false
        _state.update {
            it.copy(
                gameSerial = it.gameSerial + serialStep, snapshot = snapshot, selected = null, targets = emptySet(), pendingPromotion = null,
                engineThinking = false, thinking = null, hint = null, message = problem,
                claimingWithNextMove = false, clock = readClock(), chess960Number = game.chess960StartNumber(),
                viewed = null, drawOffered = it.drawOffered && snapshot.status !is GameStatus.Ended,
                premove = it.premove.takeIf { snapshot.status !is GameStatus.Ended },
                userPaused = it.userPaused && snapshot.status !is GameStatus.Ended,
                orientation = flippedFor(snapshot, it.mode, it.autoFlip) ?: it.orientation,
            )
        }
        startEngineTurnIfDue()
    }

    /** The orientation [autoFlip] gives [snapshot] in [mode]: the side to move between two people, else `null` (unchanged). */
    private fun flippedFor(snapshot: GameSnapshot, mode: GameMode, autoFlip: Boolean): Side? =
        snapshot.sideToMove.takeIf { autoFlip && mode == GameMode.HumanVsHuman }

    private fun startEngineTurnIfDue() {
        val s = state.value
        if (closed || session.paused || session.searching || s.isGameOver || s.userPaused || !s.mode.enginePlays(s.snapshot.sideToMove)) return
        startSearch(hint = false)
    }

    /**
     * Starts a search of the current position: the engine's move, or a [hint] for the player.
     * Its reports reach the main thread through [searchListener]; any report of a search that
     * was stopped or superseded meanwhile (token) or of another position (key) is ignored.
     */
    private fun startSearch(hint: Boolean) {
        val s = state.value
        // In a timed game the core reads the clock into the limits (each side's time and
        // bonus, the moves to go in the mover's period), at the game's level.
        val limits = when {
            hint -> hintLimits
            else -> game.searchLimitsAt(nowMs(), s.level.toUInt()) ?: limitsForLevel(s.level)
        }
        val started = session.start { token ->
            try {
                engine.think(game, limits, moveListener(token, s.snapshot.positionKey, hint))
            } catch (e: ChessException) {
                showMessage(e)
                null
            }
        }
        if (started) _state.update { it.copy(engineThinking = true, thinking = null) }
    }

    /** The listener of search [token] of the position [key]: the engine's move, or a [hint]. */
    private fun moveListener(token: Long, key: ULong, hint: Boolean): SearchListener =
        session.scope.searchListener(
            onInfo = { info ->
                if (session.isCurrent(token) && info.positionKey == key) {
                    val line = ThinkingLine(info.depth.toInt(), scoreText(info.scoreWhite), info.pvSan, info.whiteWin)
                    _state.update { it.copy(thinking = line) }
                }
            },
            onFinished = { result ->
                if (session.isCurrent(token)) {
                    session.finished()
                    val current = result.positionKey == key && result.positionKey == state.value.snapshot.positionKey
                    val error = result.error
                    when {
                        error != null -> _state.update {
                            it.copy(engineThinking = false, thinking = null, message = engineFailedText(error), premove = null)
                        }
                        current && !hint -> playEngineResult(result)
                        current -> _state.update { it.copy(engineThinking = false, thinking = null, hint = result.bestMove) }
                        else -> _state.update { it.copy(engineThinking = false, thinking = null) }
                    }
                }
            },
        )

    /**
     * The engine's turn with its search [result]: the core plays the move, or claims or accepts a
     * draw instead (`playEngineResultAt`, one rule on every platform), and answers the player's
     * draw offer, if one stands; a declined offer is said in [BoardUiState.message].
     */
    private fun playEngineResult(result: SearchResult) {
        val offered = state.value.drawOffered
        var reply: EngineReply? = null
        _state.update { it.copy(drawOffered = false) }
        if (!changeGame { reply = game.playEngineResultAt(result, offered, nowMs()) }) return
        // The premove first: its move would clear a message set before it.
        playPremove()
        if (reply?.drawOfferAccepted == false) _state.update { it.copy(message = drawDeclinedText()) }
    }

    /** Stops the running search, if any; its result will be ignored. */
    private fun stopSearch() = session.stop()

    /** After a search was stopped: the screen shows that the engine no longer thinks. */
    private fun showStopped() {
        if (state.value.engineThinking) _state.update { it.copy(engineThinking = false, thinking = null) }
    }

    // ---- Clock -----------------------------------------------------------------------------

    /** `true` when the game has a time control. */
    private val hasClock: Boolean get() = game.timeControl() != TimeControl.Untimed

    /** [now] as the core takes it (a source that went below 0 reads as 0). */
    private fun nowMs(): ULong = now().coerceAtLeast(0L).toULong()

    /**
     * The clocks as they read at [nowMs] (default: now), or `null` for an untimed game. The core's
     * clock stops with the game (a move that ends it, a flag, a resignation, agreement or claim
     * made with the time), so no side runs once it is over.
     */
    private fun readClock(nowMs: ULong = nowMs()): ClockUiState? =
        game.clock(nowMs)?.let { ClockUiState.of(it, game.timeControl()) }

    /**
     * Pauses a running clock now, when the app goes to the background. Throws `GameOver` when a
     * flag fell first: the core has then ended the game on time.
     */
    private fun stopClock() {
        val nowMs = nowMs()
        if (game.clock(nowMs)?.state == ClockState.RUNNING) game.pauseClock(nowMs)
    }

    private fun showMessage(e: ChessException) {
        _state.update { it.copy(message = e.message ?: e.toString()) }
    }

    private fun saveSettings() {
        val s = state.value
        val settings = mapOf(
            KEY_MODE to encodeMode(s.mode), KEY_LEVEL to s.level.toString(), KEY_ORIENTATION to encodeSide(s.orientation),
            KEY_LEVEL_SCALE to LEVEL_SCALE, KEY_AUTO_QUEEN to s.autoQueen.toString(), KEY_AUTO_FLIP to s.autoFlip.toString(),
            KEY_USER_PAUSED to s.userPaused.toString(),
        )
        val archived = listOfNotNull(archivedId?.let { KEY_ARCHIVED to it }, archivedMovesId?.let { KEY_ARCHIVED_MOVES to it })
        store.saveSettings(settings + archived)
    }

    private companion object {
        const val MIN_LEVEL = 1
        const val MAX_LEVEL = 10
        const val KEY_MODE = "mode"
        const val KEY_LEVEL = "level"
        const val KEY_LEVEL_SCALE = "levelScale"

        /** The numbering of the core's levels that [KEY_LEVEL] is saved in ([savedLevel]). */
        const val LEVEL_SCALE = "2"

        /**
         * A level as saved in the settings, in today's numbering. Settings without a
         * [KEY_LEVEL_SCALE] were written before 2026-11-26, when the core put a new level 1
         * ("Newcomer") below the others and dropped its level 5 ("Improver", 1780): their levels
         * 1-4 are now 2-5, their 5 becomes 6 (1830, the nearer), and 6-10 are unchanged.
         */
        fun savedLevel(level: Int, scale: String?): Int = when {
            scale != null -> level
            level in 1..4 -> level + 1
            level == 5 -> 6
            else -> level
        }
        const val KEY_ORIENTATION = "orientation"
        const val KEY_ARCHIVED = "archived"
        const val KEY_ARCHIVED_MOVES = "archivedMoves"
        const val KEY_AUTO_FLIP = "autoFlip"
        const val KEY_USER_PAUSED = "userPaused"
        const val KEY_AUTO_QUEEN = "autoQueen"

        /** A fresh seed for each configuration, so the weaker levels do not replay the same game. */
        fun engineConfig(level: Int) = EngineConfig(level = level.toUInt(), seed = Random.nextLong().toULong())

        fun defaultOrientation(mode: GameMode): Side = (mode as? GameMode.HumanVsEngine)?.humanSide ?: Side.WHITE

        fun encodeMode(mode: GameMode): String = when (mode) {
            is GameMode.HumanVsEngine -> "human-vs-engine:" + encodeSide(mode.humanSide)
            GameMode.HumanVsHuman -> "human-vs-human"
            GameMode.EngineVsEngine -> "engine-vs-engine"
        }

        fun decodeMode(text: String?): GameMode? = when {
            text == null -> null
            text == "human-vs-human" -> GameMode.HumanVsHuman
            text == "engine-vs-engine" -> GameMode.EngineVsEngine
            text.startsWith("human-vs-engine:") -> decodeSide(text.substringAfter(':'))?.let { GameMode.HumanVsEngine(it) }
            else -> null
        }
    }
}

/**
 * The PGN names of a game's players: "You" and "chesscore <level name>" against the engine,
 * "Player 1" (White) and "Player 2" between two people, the engine's name twice when it plays
 * itself.
 */
internal fun playerNames(mode: GameMode, level: Int): Pair<String, String> {
    val engine = "chesscore " + (engineLevels().firstOrNull { it.level.toInt() == level }?.name ?: "level $level")
    return when (mode) {
        is GameMode.HumanVsEngine -> if (mode.humanSide == Side.WHITE) YOU to engine else engine to YOU
        GameMode.HumanVsHuman -> "Player 1" to "Player 2"
        GameMode.EngineVsEngine -> engine to engine
    }
}
