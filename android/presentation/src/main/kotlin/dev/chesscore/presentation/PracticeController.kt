package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.ChessException
import dev.chesscore.ChessGame
import dev.chesscore.CoachListener
import dev.chesscore.Coaching
import dev.chesscore.EngineConfig
import dev.chesscore.GameSnapshot
import dev.chesscore.MoveClass
import dev.chesscore.NewMovePlacement
import dev.chesscore.PieceKind
import dev.chesscore.Refutation
import dev.chesscore.SearchHandle
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.engineLevels
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch

/** One exercise of "practise your mistakes": a position of a reviewed game where a side erred. */
data class PracticeExercise(
    /** Moves played before the erring one: the exercise's position is the one after them. */
    val ply: Int,
    /** The side to find a better move for. */
    val side: Side,
    /** The move played in the game, in SAN. */
    val playedSan: String,
    /** Its class in the review: a mistake or a blunder. */
    val moveClass: MoveClass,
    /** The engine's better move, in SAN: the solution shown on request. */
    val betterSan: String,
    /** The opponent's refutation of the played move, in SAN (from the review). */
    val refutationSan: List<String>,
)

/**
 * The exercises of a review: its mistakes and blunders (of [side] only, when given: the person's
 * own in a game against the engine) that have a better move, in the order of the game.
 */
fun practiceExercises(rows: List<ReviewRow>, side: Side? = null): List<PracticeExercise> = rows
    .filter { it.moveClass == MoveClass.MISTAKE || it.moveClass == MoveClass.BLUNDER }
    .filter { side == null || it.side == side }
    .mapNotNull { row ->
        row.betterSan?.takeIf { it.isNotBlank() }?.let { PracticeExercise(row.ply, row.side, row.san, row.moveClass, it, row.refutationSan) }
    }

/** Where an exercise stands. */
enum class PracticePhase {
    /** The person is to find a move. */
    TO_MOVE,

    /** The coach judges the person's move. */
    CHECKING,

    /** The move is good enough: the engine's own, or one the coach finds no mistake. */
    SOLVED,

    /** The move was the game's, or a mistake or worse; try again or show the solution. */
    WRONG,

    /** The engine's better move is on the board. */
    SHOWN,

    /** No exercise left (or none at all). */
    DONE,
}

/** Everything the practice screen draws. Immutable; a new value after every change. */
data class PracticeUiState(
    /** The core's snapshot: the exercise's position, or the one after the person's move. */
    val snapshot: GameSnapshot,
    /** The side shown at the bottom: the side to find a move for. */
    val orientation: Side,
    /** The square whose piece is selected, if any. */
    val selected: Square? = null,
    /** The destinations of the selected piece, from the core's `legalMovesFrom`. */
    val targets: Set<Square> = emptySet(),
    /** Set while the promotion picker shows. */
    val pendingPromotion: PendingPromotion? = null,
    /** The exercise shown (0-based) and how many there are. */
    val index: Int = 0,
    val total: Int = 0,
    /** The exercise shown; `null` when there is none left. */
    val exercise: PracticeExercise? = null,
    /** Where it stands. */
    val phase: PracticePhase = PracticePhase.TO_MOVE,
    /** The person's last move, in SAN. */
    val attemptSan: String? = null,
    /**
     * With [PracticePhase.WRONG] after the coach's look: what refutes the person's move. `null`
     * otherwise, also for the game's own move (its refutation is [PracticeExercise.refutationSan]).
     */
    val refutation: Refutation? = null,
    /** Exercises solved so far (a solution shown does not count). */
    val solved: Int = 0,
    /** The last error to show (e.g. the engine failed). */
    val message: String? = null,
) {
    /** One line for the screen, from the phase: the task, the verdict, or the score at the end. */
    val promptText: String get() = prompt({ it }, { it.joinToString(" ") })

    /**
     * [promptText] in words, for a screen reader: its moves as [spokenSan] says them ("White to
     * play: find a better move than knight to f6", "knight to f3 allows queen takes f3; e pawn
     * takes f3. Try again.").
     */
    val spokenPrompt: String get() = prompt(::spokenSan, ::spokenLine)

    /** The prompt, with each move written by [move] and a line of moves by [line]. */
    private fun prompt(move: (String) -> String, line: (List<String>) -> String): String {
        val ex = exercise ?: return if (total == 0) "No mistakes or blunders to practise" else "Done: $solved of $total solved"
        val attempt = attemptSan?.let(move) ?: ""
        return when (phase) {
            PracticePhase.TO_MOVE -> "${sideName(ex.side)} to play: find a better move than ${move(ex.playedSan)}"
            PracticePhase.CHECKING -> "Checking $attempt…"
            PracticePhase.SOLVED ->
                if (attemptSan == ex.betterSan) "$attempt: the engine's move too" else "$attempt is good (the engine's move: ${move(ex.betterSan)})"
            PracticePhase.WRONG -> {
                // The review's line refutes the game's move only; the coach's, the person's own.
                val refuting = refutation?.lineSan ?: ex.refutationSan
                (if (refuting.isNotEmpty()) "$attempt allows ${line(refuting)}." else "$attempt loses too much.") + " Try again."
            }
            PracticePhase.SHOWN -> "The engine's move: ${move(ex.betterSan)}"
            PracticePhase.DONE -> "Done: $solved of $total solved"
        }
    }

    /** `true` when the board takes the person's taps and drags. */
    val acceptsMoves: Boolean get() = exercise != null && phase == PracticePhase.TO_MOVE && pendingPromotion == null

    /** `true` when [PracticeController.retry] would show the position again (after a verdict or a solution). */
    val canRetry: Boolean get() = exercise != null && (phase == PracticePhase.WRONG || phase == PracticePhase.SOLVED || phase == PracticePhase.SHOWN)

    /** `true` when [PracticeController.showSolution] would put the engine's move on the board. */
    val canShowSolution: Boolean get() = exercise != null && phase != PracticePhase.SHOWN

    /** `true` when [PracticeController.next] would go on (an exercise is shown). */
    val canGoNext: Boolean get() = exercise != null

    /** "Exercise 2 of 5" while one is shown, `null` otherwise. */
    val progressText: String? get() = if (exercise != null) "Exercise ${index + 1} of $total" else null

    /** The square drawn at screen [column] and [row] (0, 0 is the top left), with [orientation]'s side at the bottom. */
    fun squareAtCell(column: Int, row: Int): Square = squareAtCell(orientation, column, row)
}

/**
 * "Practise your mistakes" after a review, as chess.com's retry and lichess's "learn from your
 * mistakes": for each [exercises] position (a mistake or a blunder of the game), the person looks
 * for a better move; the game's own move is wrong at once, the engine's better move right at
 * once, and any other move is judged by the core's coach (`ChessEngine.coach`) on an engine of
 * the controller's own: right when the coach finds it no mistake, wrong (with the refutation)
 * otherwise. The person may retry, show the solution, and go on. It holds no chess rules: the
 * moves are the core's, the verdict the coach's; the board input is [MoveInput].
 *
 * Threading: create it and call every intent on the main thread, the dispatcher of [scope]; the
 * coach reports on the engine's thread and is handed to the main thread; a report of a search
 * that was superseded is dropped.
 *
 * Lifetime: owns a [ChessGame] (read from [pgn]) and its engine; [close] stops the coach and
 * frees both.
 *
 * @param scope the main-thread scope; the controller cancels only its own child of it.
 * @param pgn the reviewed game (e.g. `ReviewController.analysisRequest().pgn`).
 * @param exercises what to practise, from [practiceExercises].
 * @param engineFactory creates the coach's engine from a full-strength configuration.
 * @param coachNodes the budget of each of the coach's searches (`null`: the standard review
 *   preset's, as `ChessEngine.coach` takes it).
 * @throws ChessException.InvalidPgn when [pgn] cannot be read (nothing is kept then).
 */
class PracticeController(
    scope: CoroutineScope,
    pgn: String,
    private val exercises: List<PracticeExercise>,
    engineFactory: (EngineConfig) -> ChessEngine = { ChessEngine(it) },
    private val coachNodes: ULong? = null,
) : AutoCloseable {
    private val game: ChessGame = ChessGame.fromPgn(pgn).also { it.setNewMovePlacement(NewMovePlacement.VARIATION) }
    private val engine: ChessEngine = try {
        engineFactory(EngineConfig(level = engineLevels().last().level, hashMb = 16u))
    } catch (t: Throwable) {
        game.close()
        throw t
    }
    private val scope = CoroutineScope(scope.coroutineContext + SupervisorJob(scope.coroutineContext[Job]))
    private val input = MoveInput()
    private var coachHandle: SearchHandle? = null
    private var token = 0L
    private var closed = false

    /** The exercises solved at least once (by their index): a second solution counts once. */
    private val solvedOnes = mutableSetOf<Int>()

    /** The exercises whose solution was shown: solving them afterwards does not count. */
    private val shownOnes = mutableSetOf<Int>()

    private val _state = MutableStateFlow(PracticeUiState(snapshot = game.snapshot(), orientation = Side.WHITE, total = exercises.size))

    /** The screen state; a new value after every change. */
    val state: StateFlow<PracticeUiState> = _state.asStateFlow()

    init {
        show(0)
    }

    /** A tap on [square]: the board input of the game screen, for the side to move only. */
    fun tapSquare(square: Square) {
        if (closed || !state.value.acceptsMoves) return
        handle(input.tap(square, state.value.snapshot, game::legalMovesFrom))
    }

    /** A drag from [from] to [to]: the same as tapping [from], then [to]. */
    fun dragMove(from: Square, to: Square) {
        if (closed || !state.value.acceptsMoves) return
        handle(input.drag(from, to, state.value.snapshot, game::legalMovesFrom))
    }

    /** Plays the pending promotion with [kind]. */
    fun choosePromotion(kind: PieceKind) {
        if (closed) return
        handle(input.choosePromotion(kind))
    }

    /** Closes the promotion picker; the pawn stays selected. */
    fun cancelPromotion() {
        if (closed) return
        input.cancelPromotion()
        showInput()
    }

    /** After a verdict or a solution shown ([PracticeUiState.canRetry]): the exercise's position again. */
    fun retry() {
        if (closed || !state.value.canRetry) return
        show(state.value.index)
    }

    /** Puts the engine's better move on the board (stopping a check under way); it does not count as solved. */
    fun showSolution() {
        val s = state.value
        val ex = s.exercise ?: return
        if (closed || !s.canShowSolution) return
        stopCoach()
        shownOnes += s.index
        try {
            game.goToMainLinePly(ex.ply.toUInt())
            game.playSan(ex.betterSan)
        } catch (e: ChessException) {
            show(s.index)
            _state.update { it.copy(message = e.message) }
            return
        }
        input.clear()
        _state.update { it.copy(snapshot = game.snapshot(), phase = PracticePhase.SHOWN, refutation = null, attemptSan = null, selected = null, targets = emptySet(), pendingPromotion = null) }
    }

    /** The next exercise, or [PracticePhase.DONE] after the last. */
    fun next() {
        if (closed || !state.value.canGoNext) return
        show(state.value.index + 1)
    }

    /**
     * The app went to the background: a check under way stops (the engine does not search
     * unseen) and the exercise's position comes back, to try again on return. Nothing otherwise.
     */
    fun pause() {
        if (closed || state.value.phase != PracticePhase.CHECKING) return
        show(state.value.index)
    }

    /** Clears [PracticeUiState.message]. */
    fun dismissMessage() {
        if (!closed) _state.update { it.copy(message = null) }
    }

    /** Stops the coach and frees the game and the engine. The controller ignores intents afterwards. */
    override fun close() {
        if (closed) return
        closed = true
        stopCoach()
        scope.cancel()
        engine.close()
        game.close()
    }

    /**
     * Shows exercise [index] (or the end), at its position, to move. An exercise whose position
     * the game does not have (its ply beyond the main line) ends the practice with the message.
     */
    private fun show(index: Int) {
        stopCoach()
        input.clear()
        var ex = exercises.getOrNull(index)
        var problem: String? = null
        if (ex != null) {
            try {
                game.goToMainLinePly(ex.ply.toUInt())
            } catch (e: ChessException) {
                problem = e.message
                ex = null
            }
        }
        _state.update {
            it.copy(
                snapshot = game.snapshot(), orientation = ex?.side ?: it.orientation, index = index, exercise = ex,
                phase = if (ex == null) PracticePhase.DONE else PracticePhase.TO_MOVE, attemptSan = null, refutation = null,
                selected = null, targets = emptySet(), pendingPromotion = null, message = problem ?: it.message,
            )
        }
    }

    private fun handle(outcome: MoveInput.Outcome?) = input.dispatch(outcome, ::attempt, ::showInput)

    private fun showInput() {
        _state.update { it.copy(selected = input.selected, targets = input.targets, pendingPromotion = input.pendingPromotion) }
    }

    /** The person's move: the game's own is wrong, the engine's right; the coach judges any other. */
    private fun attempt(move: MoveInput.Outcome.Play) {
        val ex = state.value.exercise ?: return
        try {
            game.play(move.from, move.to, move.promotion)
        } catch (e: ChessException) {
            input.clear()
            _state.update { it.copy(message = e.message, selected = null, targets = emptySet(), pendingPromotion = null) }
            return
        }
        input.clear()
        val snapshot = game.snapshot()
        val san = snapshot.sanHistory.last()
        val phase = when (san) {
            ex.playedSan -> PracticePhase.WRONG
            ex.betterSan -> PracticePhase.SOLVED
            else -> PracticePhase.CHECKING
        }
        if (phase == PracticePhase.SOLVED) countSolved(state.value.index)
        _state.update {
            it.copy(
                snapshot = snapshot, attemptSan = san, phase = phase, refutation = null, selected = null, targets = emptySet(),
                pendingPromotion = null, solved = solvedOnes.size,
            )
        }
        if (phase == PracticePhase.CHECKING) startCoach(snapshot.positionKey)
    }

    /** Asks the coach about the person's move; its verdict is shown if it is still the one awaited. */
    private fun startCoach(key: ULong) {
        stopCoach()
        val mine = token
        val listener = object : CoachListener {
            override fun onCoaching(coaching: Coaching?, error: String?) {
                scope.launch { if (mine == token) judged(coaching, error, key) }
            }
        }
        coachHandle = try {
            engine.coach(game, coachNodes, listener)
        } catch (e: ChessException) {
            // No verdict: the exercise's position again, and why.
            show(state.value.index)
            _state.update { it.copy(message = engineFailedText(e.message ?: e.toString())) }
            null
        }
    }

    /** Counts exercise [index] as solved, unless its solution was shown first. */
    private fun countSolved(index: Int) {
        if (index !in shownOnes) solvedOnes += index
    }

    private fun judged(coaching: Coaching?, error: String?, key: ULong) {
        coachHandle?.close()
        coachHandle = null
        val s = state.value
        if (s.phase != PracticePhase.CHECKING || s.snapshot.positionKey != key) return
        if (error != null || coaching == null || coaching.positionKey != key) {
            // No verdict (the coach failed): the exercise's position again, and why.
            show(s.index)
            _state.update { it.copy(message = error?.let(::engineFailedText) ?: it.message) }
            return
        }
        val refutation = coaching.refutation
        if (refutation == null) countSolved(s.index)
        _state.update {
            if (refutation == null) {
                it.copy(phase = PracticePhase.SOLVED, solved = solvedOnes.size)
            } else {
                it.copy(phase = PracticePhase.WRONG, refutation = refutation)
            }
        }
    }

    private fun stopCoach() {
        token++
        coachHandle?.let {
            it.stop()
            it.close()
        }
        coachHandle = null
    }
}
