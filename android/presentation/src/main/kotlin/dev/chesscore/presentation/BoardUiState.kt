package dev.chesscore.presentation

import dev.chesscore.DrawReason
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.LegalMove
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.ktx.squareAt

/** Who plays which side. */
sealed class GameMode {
    /** A person plays [humanSide]; the engine plays the other side. */
    data class HumanVsEngine(val humanSide: Side) : GameMode()

    /** Two people take turns on one device. */
    data object HumanVsHuman : GameMode()

    /** The engine plays both sides; the person watches. */
    data object EngineVsEngine : GameMode()

    /** `true` when the engine plays [side] in this mode. */
    fun enginePlays(side: Side): Boolean = when (this) {
        is HumanVsEngine -> side != humanSide
        HumanVsHuman -> false
        EngineVsEngine -> true
    }
}

/** A promotion waiting for the player's choice of piece (the picker is shown). */
data class PendingPromotion(
    /** The square the pawn leaves. */
    val from: Square,
    /** The square it promotes on. */
    val to: Square,
    /** The pieces the core allows, in the core's order (queen, rook, bishop, knight). */
    val choices: List<PieceKind>,
)

/** The engine's current line while it thinks. */
data class ThinkingLine(
    /** The depth completed, in plies. */
    val depth: Int,
    /** The evaluation from White's point of view: "+0.35", "-1.20", "M3" (White mates), "-M2". */
    val scoreText: String,
    /** The principal variation in SAN, from the searched position. */
    val pvSan: List<String>,
)

/**
 * Everything the board screen draws. Immutable; a new value after every change. All chess facts
 * come from [snapshot] (the core's); the rest is presentation state.
 */
data class BoardUiState(
    /** The core's snapshot, taken after every change. */
    val snapshot: GameSnapshot,
    /** The side shown at the bottom of the board. */
    val orientation: Side,
    /** The square whose piece is selected, if any. */
    val selected: Square? = null,
    /** The destinations of the selected piece, from the core's `legalMovesFrom`. */
    val targets: Set<Square> = emptySet(),
    /** Set while the promotion picker shows. */
    val pendingPromotion: PendingPromotion? = null,
    /** Who plays which side. */
    val mode: GameMode,
    /** The engine level, 1 (weakest) to 10. */
    val level: Int,
    /** `true` while the engine searches (for its move or for a hint). */
    val engineThinking: Boolean = false,
    /** The engine's line while it thinks. */
    val thinking: ThinkingLine? = null,
    /** The engine's suggestion for the player, shown until the next change. */
    val hint: LegalMove? = null,
    /** The last error to show, e.g. the core's message for an invalid FEN. */
    val message: String? = null,
    /**
     * `true` once the player has announced a draw claim with their next move
     * ([GameController.claimDrawWithNextMove]), until that move or a change of mind.
     */
    val claimingWithNextMove: Boolean = false,
) {
    /** One line about the game, derived from the core's status only. */
    val statusText: String get() = statusText(snapshot)

    /** `true` when the game has ended. */
    val isGameOver: Boolean get() = snapshot.status is GameStatus.Ended

    /** `true` when a person may move now: game on, not the engine's side, engine idle, no picker open. */
    val isHumanTurn: Boolean
        get() = !isGameOver && !engineThinking && !mode.enginePlays(snapshot.sideToMove) && pendingPromotion == null

    /**
     * The square drawn at screen [column] and [row] (0, 0 is the top left), with [orientation]'s
     * side at the bottom: the board view's only geometry.
     */
    fun squareAtCell(column: Int, row: Int): Square = squareAtCell(orientation, column, row)

    /** The screen column and row where [square] is drawn (the inverse of [squareAtCell]). */
    fun cellOf(square: Square): Pair<Int, Int> = cellOf(orientation, square)

    /**
     * `true` when the player may claim a draw with the move they are about to make, as FIDE's Laws
     * allow (9.2.1.1, 9.3.1): some legal move would make the position occur for the third time or
     * complete fifty moves without a capture or pawn move (the core's `drawClaimMoves`), and no
     * draw is claimable already. Offer "Claim draw with my move"
     * ([GameController.claimDrawWithNextMove]).
     */
    val canClaimWithMove: Boolean
        get() = !isGameOver && claimableDraw == null && snapshot.drawClaimMoves.isNotEmpty() &&
            !mode.enginePlays(snapshot.sideToMove)

    /** The draw the player may claim now (offer a button), or `null`. */
    val claimableDraw: DrawReason?
        get() = (snapshot.status as? GameStatus.Ongoing)?.claimableDraw
            ?.takeIf { !mode.enginePlays(snapshot.sideToMove) }
}

/**
 * The square drawn at screen [column] and [row] (0, 0 is the top left) of a board with
 * [orientation]'s side at the bottom: the board views' only geometry (both screens' states
 * offer it as `squareAtCell`).
 */
fun squareAtCell(orientation: Side, column: Int, row: Int): Square =
    if (orientation == Side.WHITE) squareAt(column, 7 - row) else squareAt(7 - column, row)

/** The screen column and row where [square] is drawn with [orientation]'s side at the bottom (the inverse of [squareAtCell]). */
fun cellOf(orientation: Side, square: Square): Pair<Int, Int> =
    if (orientation == Side.WHITE) square.file to 7 - square.rank else 7 - square.file to square.rank
