package dev.chesscore.presentation

import dev.chesscore.EvalPoint
import dev.chesscore.GameReview
import dev.chesscore.MoveClass
import dev.chesscore.MoveReview
import dev.chesscore.Score
import dev.chesscore.Side
import dev.chesscore.SideReview
import java.math.BigDecimal
import java.math.RoundingMode
import java.util.Locale

/** Where a review stands. */
enum class ReviewPhase {
    /** Not started. */
    IDLE,

    /** Moves are being reviewed; rows and graph grow as they arrive. */
    RUNNING,

    /** Every move is reviewed. */
    DONE,

    /** Stopped before the end; the rows reviewed so far are kept. */
    STOPPED,
}

/** One row of the review's move list. */
data class ReviewRow(
    /** Moves played before this one (0: the first move). */
    val ply: Int,
    /** "12." for White's move 12, "12…" for Black's. */
    val numberText: String,
    /** Who played it. */
    val side: Side,
    /** The move in SAN. */
    val san: String,
    /** The core's class. */
    val moveClass: MoveClass,
    /** The annotation symbol: "??", "?", "?!", "!" for an only move found, "" otherwise. */
    val symbol: String,
    /** The class in words, e.g. "Blunder". */
    val classText: String,
    /** The evaluation after the move, White's view: "+0.35", "-1.20", "M3", "-M2", "#" (mate). */
    val evalText: String,
    /** For an inaccuracy or worse: the engine's better move in SAN. */
    val betterSan: String?,
    /** For a mistake or blunder: the opponent's refutation line in SAN (first move first). */
    val refutationSan: List<String>,
    /** The mover was winning and no longer is. */
    val missedWin: Boolean,
    /** The mover found the only good move. */
    val onlyMove: Boolean,
)

/** One point of the eval graph, ready to draw: both coordinates 0..1. */
data class GraphPoint(
    /** Moves played before the position. */
    val ply: Int,
    /** The position's place along the game, 0 (start) to 1 (last position). */
    val x: Float,
    /** White's win probability, 0 (Black wins) to 1 (White wins); 0.5 is equal. */
    val y: Float,
    /** The class of the move that led here when it was an inaccuracy or worse (a marker). */
    val marker: MoveClass?,
)

/** One side's summary line. */
data class SideSummaryUi(
    /** "84.2" or "–" without moves. */
    val accuracyText: String,
    /** Average centipawn loss, e.g. "35", or "–". */
    val averageLossText: String,
    /** Inaccuracies, mistakes and blunders. */
    val inaccuracies: Int,
    val mistakes: Int,
    val blunders: Int,
    /** Best moves (the engine's own choice) and book moves. */
    val best: Int,
    val book: Int,
)

/** Everything the review screen draws. Immutable; a new value after every change. */
data class ReviewUiState(
    val phase: ReviewPhase = ReviewPhase.IDLE,
    /** Moves reviewed so far and in all. */
    val done: Int = 0,
    val total: Int = 0,
    /** The move list, in order. */
    val rows: List<ReviewRow> = emptyList(),
    /** The eval graph (the start position first). */
    val graph: List<GraphPoint> = emptyList(),
    /** The selected move's ply, if any. */
    val selectedPly: Int? = null,
    /** Summaries, once the review is done or stopped. */
    val white: SideSummaryUi? = null,
    val black: SideSummaryUi? = null,
    /** The game with the review as PGN (for sharing), once done or stopped. */
    val annotatedPgn: String? = null,
    /** The last error to show. */
    val message: String? = null,
    /** `true` when the review was kept from before ([ReviewController]'s cache) rather than searched now. */
    val kept: Boolean = false,
) {
    /** Progress 0..1 for a progress bar. */
    val progress: Float get() = if (total == 0) (if (phase == ReviewPhase.DONE) 1f else 0f) else done.toFloat() / total

    /** The selected row, if any. */
    val selectedRow: ReviewRow? get() = selectedPly?.let { p -> rows.firstOrNull { it.ply == p } }
}

/** The annotation symbol of a class (and "!" for an only move found). */
fun classSymbol(moveClass: MoveClass, onlyMove: Boolean = false): String = when (moveClass) {
    MoveClass.BLUNDER -> "??"
    MoveClass.MISTAKE -> "?"
    MoveClass.INACCURACY -> "?!"
    else -> if (onlyMove) "!" else ""
}

/** A class in words: "Book", "Best", "Excellent", "Good", "Inaccuracy", "Mistake", "Blunder". */
fun classText(moveClass: MoveClass): String = when (moveClass) {
    MoveClass.BOOK -> "Book"
    MoveClass.BEST -> "Best"
    MoveClass.EXCELLENT -> "Excellent"
    MoveClass.GOOD -> "Good"
    MoveClass.INACCURACY -> "Inaccuracy"
    MoveClass.MISTAKE -> "Mistake"
    MoveClass.BLUNDER -> "Blunder"
}

/** `true` for inaccuracy, mistake and blunder. */
fun MoveClass.isError(): Boolean = this == MoveClass.INACCURACY || this == MoveClass.MISTAKE || this == MoveClass.BLUNDER

/** An evaluation already from White's view as text: "+0.35", "0.00", "M3", "-M2". */
fun whiteScoreText(score: Score): String = when (score) {
    is Score.Centipawns ->
        if (score.value == 0) "0.00" else String.format(Locale.ROOT, "%+.2f", score.value / 100.0)
    is Score.Mate -> if (score.moves >= 0) "M${score.moves}" else "-M${-score.moves}"
}

/** The row of a reviewed move. */
fun reviewRow(m: MoveReview): ReviewRow = ReviewRow(
    ply = m.ply.toInt(),
    numberText = if (m.side == Side.WHITE) "${m.moveNumber}." else "${m.moveNumber}…",
    side = m.side,
    san = m.san,
    moveClass = m.classification,
    symbol = classSymbol(m.classification, m.onlyMove),
    classText = classText(m.classification),
    evalText = if (m.checkmate) "#" else whiteScoreText(m.afterWhite),
    betterSan = if (m.classification.isError()) m.bestSan else null,
    refutationSan = m.refutationSan,
    missedWin = m.missedWin,
    onlyMove = m.onlyMove,
)

/** White's win probability (0..100) after a reviewed move. */
fun whiteWinAfter(m: MoveReview): Double = if (m.side == Side.WHITE) m.winAfter else 100.0 - m.winAfter

/**
 * The eval graph while a review runs: the start (from the first move's "before") and a point
 * after each reviewed move. [totalMoves] spreads the points over the whole game's width.
 */
fun graphFromMoves(moves: List<MoveReview>, totalMoves: Int): List<GraphPoint> {
    if (moves.isEmpty()) return emptyList()
    val width = maxOf(totalMoves, 1).toFloat()
    val first = moves.first()
    val startWhite = if (first.side == Side.WHITE) first.winBefore else 100.0 - first.winBefore
    val points = mutableListOf(GraphPoint(first.ply.toInt(), first.ply.toInt() / width, (startWhite / 100).toFloat(), null))
    for (m in moves) {
        val ply = m.ply.toInt() + 1
        points += GraphPoint(ply, ply / width, (whiteWinAfter(m) / 100).toFloat(), m.classification.takeIf { it.isError() })
    }
    return points
}

/**
 * The eval graph of a finished (or stopped) review, from the core's eval series, spread over
 * [totalMoves] (the game's length) as while it ran: a stopped review's curve keeps its scale
 * and ends where the review stopped, not at the right edge.
 */
fun graphFromReview(review: GameReview, totalMoves: Int): List<GraphPoint> {
    val width = maxOf(totalMoves, review.evals.size - 1, 1).toFloat()
    val classes = review.moves.associate { it.ply.toInt() + 1 to it.classification }
    return review.evals.map { p: EvalPoint ->
        val ply = p.ply.toInt()
        GraphPoint(ply, ply / width, (p.whiteWin / 100).toFloat(), classes[ply]?.takeIf { it.isError() })
    }
}

/**
 * [value] with [decimals] decimals, a tie rounded to even as the core's PGN summary and Swift's
 * formatting round it (34.5 is "34", 84.25 is "84.2"; `String.format` rounds half up).
 */
internal fun roundedText(value: Double, decimals: Int): String =
    if (value.isFinite()) BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString() else "–"

/** A side's summary line. */
fun sideSummary(s: SideReview): SideSummaryUi = SideSummaryUi(
    accuracyText = s.accuracy?.let { roundedText(it, 1) } ?: "–",
    averageLossText = s.averageCentipawnLoss?.let { roundedText(it, 0) } ?: "–",
    inaccuracies = s.inaccuracies.toInt(),
    mistakes = s.mistakes.toInt(),
    blunders = s.blunders.toInt(),
    best = s.best.toInt(),
    book = s.book.toInt(),
)
