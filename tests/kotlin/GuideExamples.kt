package dev.chesscore.tests

// The code of docs/app-guide.md, compiled and run by GuideExampleTest: each block between
// GUIDE-EXAMPLE markers is the guide's Kotlin block of that name (scripts/check-readme-examples.py
// checks that they are the same).

import dev.chesscore.*
import dev.chesscore.ktx.*

// GUIDE-EXAMPLE-BEGIN timed-game
/** A 3 + 2 game against the engine at level 4. [now]: SystemClock.elapsedRealtime() on Android. */
class TimedGame(private val now: () -> ULong) : AutoCloseable {
    val game = ChessGame.withTimeControl(fischerTimeControl(180_000uL, 2_000uL))
    private val engine = ChessEngine(EngineConfig(level = 4u))

    /** The squares to highlight when the player taps [from]. */
    fun targets(from: Square): List<Square> = game.destinationsFrom(from)

    /** The pieces a pawn going from [from] to [to] may become: show a picker unless empty. */
    fun promotions(from: Square, to: Square): List<PieceKind> =
        game.legalMovesFrom(from).filter { it.to == to }.mapNotNull { it.promotion }

    /** The player's move, then the engine's reply, both on the clock. Call from a coroutine. */
    suspend fun userMoved(from: Square, to: Square, promotion: PieceKind? = null) {
        game.playAt(from, to, promotion, now())           // throws ChessException.IllegalMove
        if (game.snapshot().status !is GameStatus.Ongoing) return
        val limits = game.searchLimitsAt(now(), null)!!   // both clocks, bonuses, moves to go
        val result = engine.bestMove(game, limits)
        // Its move, or the draw it claims; refused (InvalidRequest) if the game moved on.
        game.playEngineResultAt(result, drawOffered = false, nowMs = now())
    }

    /** Call when the clock's flagTimeMs comes: ends the game on time if a flag fell. */
    fun checkFlag(): GameStatus = game.checkFlag(now())

    override fun close() { engine.close(); game.close() }
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN analysis-board
/** After 1. e4 e5 2. Nf3, adds 2. Nc3 beside 2. Nf3 with a comment; returns the new PGN. */
fun addViennaVariation(pgn: String): String = ChessGame.fromPgn(pgn).use { game ->
    game.goToStart()
    game.goForward()                                  // 1. e4
    game.goForward()                                  // 1... e5
    game.playSan("Nc3")                               // beside the main line's 2. Nf3
    game.setComment(game.snapshot().node, "The Vienna")
    game.toggleNag(game.snapshot().node, 1u)          // $1, "!"
    game.pgn()                                        // 2. Nf3 (2. Nc3 $1 {The Vienna}) ...
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN review
/** Reviews a game at the quick preset, reporting progress; returns White's accuracy and the blunders. */
suspend fun reviewBlunders(
    engine: ChessEngine,
    pgn: String,
    progress: (done: Int, total: Int) -> Unit,
): Pair<Double?, List<String>> = ChessGame.fromPgn(pgn).use { game ->
    var review: GameReview? = null
    engine.review(game, ReviewOptions(preset = ReviewPreset.QUICK)).collect { event ->
        when (event) {
            is ReviewEvent.Move -> progress(event.done, event.total)
            is ReviewEvent.Finished -> review = event.review
        }
    }
    val done = review!!                               // the last event, also when stopped
    val blunders = done.moves.filter { it.classification == MoveClass.BLUNDER }
        .map { "${it.moveNumber}. ${it.san}, best ${it.bestSan}" }
    done.white.accuracy to blunders                   // done.annotatedPgn: the whole review as PGN
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN coach
/** What the coach says about the current position, as data for the app to word. */
suspend fun coachNotes(engine: ChessEngine, game: ChessGame): List<String> {
    val coaching = engine.coach(game) ?: return emptyList()   // null: a newer search stopped it
    val notes = mutableListOf<String>()
    coaching.refutation?.let { r ->                           // its line is empty after a stalemate
        notes += "${r.san} was a ${r.classification}" + (r.lineSan.firstOrNull()?.let { ": after $it" } ?: "")
    }
    coaching.threat?.let { notes += "they threaten ${it.lineSan.first()}" }
    coaching.hanging.forEach { notes += "the ${it.piece.kind} on ${squareName(it.square)} hangs" }
    return notes
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN puzzle
/** One puzzle of lichess's database (a CSV line: PuzzleId,FEN,Moves,Rating,...), solved with taps. */
class PuzzleTrainer(csvLine: String) : AutoCloseable {
    val puzzle: ChessPuzzle = csvLine.split(',').let { ChessPuzzle.fromLichess(it[1], it[2]) }

    /** A move from the board: right (the reply is played too), solved, or wrong (not played). */
    fun userMoved(from: Square, to: Square, promotion: PieceKind? = null): String =
        when (val step = puzzle.play(from, to, promotion)) {
            is PuzzleStep.Correct -> if (step.solved) "solved" else "right, then ${step.reply?.san}"
            is PuzzleStep.Wrong -> "not ${step.tried.san}: try again"   // step.expected: the answer
        }

    override fun close() = puzzle.close()
}
// GUIDE-EXAMPLE-END

// GUIDE-EXAMPLE-BEGIN save-restore
/** Saves a timed game when the app goes to the background ([now] as for TimedGame). */
fun saveOnPause(game: ChessGame, now: ULong): String {
    if (game.clock(now)?.state == ClockState.RUNNING) game.pauseClock(now)  // keeps this move's time
    return game.toJson()                              // write it to a file
}

/** Restores it when the app is back: the clock comes back paused, as it was saved. */
fun restoreOnResume(json: String, now: ULong): ChessGame {
    val game = ChessGame.fromJson(json)               // throws ChessException.InvalidSavedGame
    if (game.clock(now)?.state == ClockState.PAUSED && game.snapshot().status is GameStatus.Ongoing) {
        game.resumeClock(now)                         // or wait for the player's "resume"
    }
    return game
}
// GUIDE-EXAMPLE-END
