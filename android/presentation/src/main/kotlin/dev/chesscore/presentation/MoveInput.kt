package dev.chesscore.presentation

import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.LegalMove
import dev.chesscore.PieceKind
import dev.chesscore.Square
import dev.chesscore.ktx.pieceAt

/**
 * The board-input rules shared by the board screen ([GameController]) and the analysis board
 * ([AnalysisController]): which piece is selected, where it may go (the core's `legalMovesFrom`),
 * the promotion picker, and when a tap or a drag is a move. One implementation, so the two
 * screens cannot drift apart; the controllers decide only whether input is accepted at all (e.g.
 * not while the engine is to move) and what playing a move means for them.
 *
 * It holds no chess rules: targets and promotion choices come from the core's legal moves.
 * Confined to the controller's (main) thread, like the controller.
 */
internal class MoveInput {
    /** What a tap or a drag amounts to. After anything but [Play], the controller shows [selected], [targets] and [pendingPromotion]. */
    sealed class Outcome {
        /** [square]'s piece is selected now; [targets] are its destinations. */
        data class Select(val square: Square, val targets: Set<Square>) : Outcome()

        /** Nothing is selected now. */
        data object Clear : Outcome()

        /** Play this move through the core (which may still refuse it, e.g. after the game ended). */
        data class Play(val from: Square, val to: Square, val promotion: PieceKind? = null) : Outcome()

        /** The move needs a promotion piece: the picker shows [pending] (the pawn stays selected). */
        data class AskPromotion(val pending: PendingPromotion) : Outcome()
    }

    /** The square whose piece is selected, if any. */
    var selected: Square? = null
        private set

    /** The selected piece's legal moves, as the core gave them. */
    private var moves: List<LegalMove> = emptyList()

    /** The destinations of the selected piece. */
    val targets: Set<Square> get() = moves.mapTo(mutableSetOf()) { it.to }

    /** The promotion waiting for a piece, while the picker shows. */
    var pendingPromotion: PendingPromotion? = null
        private set

    /**
     * The player tapped [square] in [snapshot]'s position: with a selection, a tap on one of its
     * targets is a move (or opens the picker), a tap on the selected piece or on an empty or
     * enemy square clears it; a tap on a piece of the side to move selects it. `null` (nothing
     * changes) while the picker shows.
     *
     * When the game is over at this position the core gives no legal moves, so nothing has a
     * target; a tap away from the selected piece is then handed to the core as a move, whose
     * refusal says why (the analysis board shows it; the board screen accepts no input then).
     */
    fun tap(square: Square, snapshot: GameSnapshot, legalMovesFrom: (Square) -> List<LegalMove>): Outcome? {
        if (pendingPromotion != null) return null
        val from = selected
        val ownPiece = snapshot.pieceAt(square)?.side == snapshot.sideToMove
        return when {
            from != null && square in targets -> moveTo(from, square)
            from == square -> clear()
            ownPiece -> select(square, legalMovesFrom)
            from != null && snapshot.status is GameStatus.Ended -> Outcome.Play(from, square)
            else -> clear()
        }
    }

    /**
     * The player dragged the piece on [from] to [to]: the same as tapping [from], then [to]. `null`
     * (nothing changes) when [from] holds no piece of the side to move, or while the picker shows.
     */
    fun drag(from: Square, to: Square, snapshot: GameSnapshot, legalMovesFrom: (Square) -> List<LegalMove>): Outcome? {
        if (pendingPromotion != null || snapshot.pieceAt(from)?.side != snapshot.sideToMove) return null
        select(from, legalMovesFrom)
        return tap(to, snapshot, legalMovesFrom)
    }

    /** The move of the pending promotion with [kind], or `null` when no picker shows or [kind] is not one of its choices. */
    fun choosePromotion(kind: PieceKind): Outcome.Play? {
        val pending = pendingPromotion ?: return null
        if (kind !in pending.choices) return null
        return Outcome.Play(pending.from, pending.to, kind)
    }

    /**
     * Hands [outcome] on: a move to [play], a new selection or picker to [show] (which draws
     * [selected], [targets] and [pendingPromotion]); nothing for `null` (ignored input).
     */
    inline fun dispatch(outcome: Outcome?, play: (Outcome.Play) -> Unit, show: () -> Unit) {
        when (outcome) {
            null -> Unit
            is Outcome.Play -> play(outcome)
            else -> show()
        }
    }

    /** Closes the picker; the pawn stays selected. */
    fun cancelPromotion() {
        pendingPromotion = null
    }

    /** Forgets the selection and the picker (after every change of the position). */
    fun clear(): Outcome.Clear {
        selected = null
        moves = emptyList()
        pendingPromotion = null
        return Outcome.Clear
    }

    private fun select(square: Square, legalMovesFrom: (Square) -> List<LegalMove>): Outcome.Select {
        selected = square
        moves = legalMovesFrom(square)
        pendingPromotion = null
        return Outcome.Select(square, targets)
    }

    private fun moveTo(from: Square, to: Square): Outcome {
        val choices = moves.filter { it.to == to }.mapNotNull { it.promotion }
        if (choices.isEmpty()) return Outcome.Play(from, to)
        return PendingPromotion(from, to, choices).let {
            pendingPromotion = it
            Outcome.AskPromotion(it)
        }
    }
}
