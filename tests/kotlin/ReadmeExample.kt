package dev.chesscore.tests

// The README's Kotlin quick start, verbatim between the markers (scripts/check-readme-examples.py
// compares them), so that it compiles; ReadmeExampleTest runs it.
// README-EXAMPLE-BEGIN
import dev.chesscore.*
import dev.chesscore.ktx.bestMove
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch

/** The engine's reply to each of the user's moves, in a screen's [scope] (Dispatchers.Main). */
class EngineTurn(private val scope: CoroutineScope) : AutoCloseable {
    val game = ChessGame()
    private val engine = ChessEngine(EngineConfig(level = 5u))
    var job: Job? = null
        private set

    fun userMoved(from: Square, to: Square, promotion: PieceKind? = null) {
        game.play(from, to, promotion)                      // throws ChessException.IllegalMove
        if (game.snapshot().status !is GameStatus.Ongoing) return  // the core decides
        job?.cancel()                                       // cancelling stops its search
        val key = game.snapshot().positionKey
        job = scope.launch {
            val result = engine.bestMove(game, SearchLimits(moveTimeMs = 1000uL))
            // Its move, or the draw it claims: the engine's turn is one rule, in the core.
            if (key == game.snapshot().positionKey) game.playEngineResult(result, drawOffered = false)
        }
    }

    override fun close() { job?.cancel(); engine.close(); game.close() }
}
// README-EXAMPLE-END
