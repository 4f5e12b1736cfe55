package dev.chesscore.presentation

import dev.chesscore.Arrow
import dev.chesscore.BookMove
import dev.chesscore.ExplorerMove
import dev.chesscore.Coaching
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.HangingPiece
import dev.chesscore.LegalMove
import dev.chesscore.MarkColor
import dev.chesscore.Refutation
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.SquareMark
import dev.chesscore.Threat

/** One of the engine's best lines for the analysis board's current position. */
data class AnalysisLine(
    /** Which line this is, 1 being the best. */
    val multipv: Int,
    /** The depth completed, in plies. */
    val depth: Int,
    /** The evaluation from White's point of view, as [ThinkingLine.scoreText]: "+0.35", "-1.20", "M3", "-M2". */
    val scoreText: String,
    /**
     * White's win chance in this line, 0 to 100 (the core's `SearchInfo.whiteWin`: the review's
     * formula, so it agrees with the review's eval graph; 100 when White mates, 0 when Black does).
     */
    val whiteWin: Double,
    /** The line in SAN, from the current position. */
    val pvSan: List<String>,
    /** The line's first move (for an arrow on the board), or `null` when the engine gave no move. */
    val move: LegalMove?,
)

/**
 * Everything the analysis board draws. Immutable; a new value after every change. All chess facts
 * come from [snapshot] (the core's: the move tree in [GameSnapshot.moveList], the current node in
 * [GameSnapshot.node], the opening, the current node's annotations); the rest is presentation
 * state.
 */
data class AnalysisUiState(
    /** The core's snapshot, taken after every change. */
    val snapshot: GameSnapshot,
    /** The side shown at the bottom of the board. */
    val orientation: Side = Side.WHITE,
    /** The square whose piece is selected, if any. */
    val selected: Square? = null,
    /** The destinations of the selected piece, from the core's `legalMovesFrom`. */
    val targets: Set<Square> = emptySet(),
    /** Set while the promotion picker shows. */
    val pendingPromotion: PendingPromotion? = null,
    /** The last error to show, e.g. the core's message for an invalid FEN or a bad PGN. */
    val message: String? = null,
    /** `true` when the engine's analysis is switched on. */
    val analysing: Boolean = true,
    /** How many lines the engine shows, 1 to 5. */
    val multiPv: Int = DEFAULT_MULTI_PV,
    /**
     * The engine's lines for the current position, ordered by [AnalysisLine.multipv], at most
     * [multiPv] of them. Empty while analysis is off, before the first report and when the game
     * is over at this node with no move to analyse (checkmate, stalemate).
     */
    val lines: List<AnalysisLine> = emptyList(),
    /** `true` while a search of the current position runs (a spinner). When it ends by its limits the lines stay. */
    val engineRunning: Boolean = false,
    /**
     * The colour the person draws with, or `null` when taps and drags move pieces. While set, a
     * tap on a square then a tap on another draws an arrow between them, two taps on one square
     * mark it, a drag draws an arrow (see [AnalysisController.setDrawColor]).
     */
    val drawColor: MarkColor? = null,
    /** In draw mode, the square tapped first, where the next tap's arrow starts (highlight it). */
    val markFrom: Square? = null,
    /**
     * `true` when the coach is on (saved; [AnalysisController.setCoach]): the pieces that hang,
     * the opponent's threat and what refutes the last move, for every position shown.
     */
    val coachOn: Boolean = false,
    /**
     * With the coach on, the pieces of either side that the other side wins material by
     * capturing in the current position (the core's `hangingPieces`, at once): ring them.
     */
    val hanging: List<HangingPiece> = emptyList(),
    /**
     * With the coach on, the coach's findings for the current position once its searches have
     * ended (the core's `coach`: the threat, the hanging pieces, the refutation of the last move
     * when it was a mistake or worse); `null` before, while it searches, or with the coach off.
     */
    val coaching: Coaching? = null,
    /** `true` while the coach searches the current position. */
    val coachRunning: Boolean = false,
    /**
     * The opening book from the current position: the moves into named openings, main lines
     * first (the core's `bookMoves`); empty out of the book. Play one with
     * [AnalysisController.playBookMove].
     */
    val bookMoves: List<BookMove> = emptyList(),
    /**
     * How many games the explorer of the person's own games holds ([AnalysisController.setExplorer];
     * 0 without one, or with none kept): show the "My games" section when above 0.
     */
    val explorerGames: Int = 0,
    /**
     * The moves those games played from the current position, the most played first, with how
     * the games ended (the core's `OpeningExplorer.movesAt`); empty when none reached it. Play one
     * with [AnalysisController.playExplorerMove]; words for it: [explorerMoveText].
     */
    val explorerMoves: List<ExplorerMove> = emptyList(),
) {
    /** The opponent's threat in the current position (what they would play were it their move again), if the coach found one. */
    val threat: Threat? get() = coaching?.threat

    /** What refutes the move that led here, when the coach found it a mistake or a blunder. */
    val refutation: Refutation? get() = coaching?.refutation

    /** The current node's highlighted squares (its `[%csl]`), to draw on the board. */
    val squareMarks: List<SquareMark> get() = snapshot.annotations.squares

    /** The current node's arrows (its `[%cal]`), to draw on the board besides the engine's [bestMove]. */
    val arrows: List<Arrow> get() = snapshot.annotations.arrows

    /** The current move's NAGs, for a menu that shows which are set ([AnalysisController.toggleNag]). */
    val nags: List<UInt> get() = snapshot.annotations.nags

    /**
     * The position on the board as a start for a new game ("play from here":
     * `GameController.newGame(start = ...)`), Chess960 when the tree is.
     */
    val startPosition: StartPosition.Position get() = StartPosition.Position(snapshot.fen, snapshot.chess960)

    /** `true` when there is a move to annotate with a NAG (not at the start position). */
    val canAnnotateMove: Boolean get() = snapshot.node != 0u

    /** One line about the position, derived from the core's status only (as on the board screen). */
    val statusText: String get() = statusText(snapshot)

    /** `true` when the game has ended at the current node (by the rules or by a person's decision). */
    val isGameOver: Boolean get() = snapshot.status is GameStatus.Ended

    /** `true` when there is a move before the current node ([AnalysisController.back]). */
    val canGoBack: Boolean get() = snapshot.canGoBack

    /** `true` when the current line goes on ([AnalysisController.forward]). */
    val canGoForward: Boolean get() = snapshot.canGoForward

    /** The engine's best move, for an arrow on the board, or `null`. */
    val bestMove: LegalMove? get() = lines.firstOrNull()?.move

    /**
     * The eval bar's value: White's win chance, 0 to 100, in the engine's best line (line 1's
     * [AnalysisLine.whiteWin]); `null` while analysis is off and before the first report.
     */
    val whiteWin: Double? get() = if (analysing) lines.firstOrNull()?.whiteWin else null

    /** The square drawn at screen [column] and [row] (0, 0 is the top left), with [orientation]'s side at the bottom. */
    fun squareAtCell(column: Int, row: Int): Square = squareAtCell(orientation, column, row)

    /** The screen column and row where [square] is drawn (the inverse of [squareAtCell]). */
    fun cellOf(square: Square): Pair<Int, Int> = cellOf(orientation, square)

    companion object {
        /** The fewest lines the engine shows. */
        const val MIN_MULTI_PV = 1

        /** The most lines the engine shows. */
        const val MAX_MULTI_PV = 5

        /** The number of lines before the person chooses another. */
        const val DEFAULT_MULTI_PV = 3

        /** The move assessments a NAG menu offers, in this order: `!`, `?`, `!!`, `??`, `!?`, `?!`. */
        val MOVE_NAGS: List<UInt> = listOf(1u, 2u, 3u, 4u, 5u, 6u)

        /** The position assessments a NAG menu offers: `=`, `∞`, `⩲`, `⩱`, `±`, `∓`, `+−`, `−+`. */
        val POSITION_NAGS: List<UInt> = listOf(10u, 13u, 14u, 15u, 16u, 17u, 18u, 19u)
    }
}
