package dev.chesscore.presentation

import dev.chesscore.ClockReading
import dev.chesscore.DrawReason
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.LegalMove
import dev.chesscore.MaterialBalance
import dev.chesscore.PieceKind
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.TimeControl
import dev.chesscore.TimePeriod
import dev.chesscore.ktx.squareAt
import dev.chesscore.timeControlDescription

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

/** The position a new game starts from ([GameController.newGame]). */
sealed class StartPosition {
    /** The standard start position. */
    data object Standard : StartPosition()

    /**
     * A Chess960 (Fischer random) start position: [number] 0-959 in the standard numbering (518
     * is the standard arrangement), or a random one when `null`. Castling is by the king onto
     * its rook (the board input does it with a tap or a drag on the rook).
     */
    data class Chess960(val number: UInt? = null) : StartPosition()

    /**
     * A position of the person's choosing, e.g. a set-up position or the analysis board's
     * ([AnalysisUiState.startPosition], the FEN alone; [Moves] keeps the moves before it):
     * [fen] as the core reads it (`fromFen`, or `fromChess960Fen` when [chess960]).
     */
    data class Position(val fen: String, val chess960: Boolean = false) : StartPosition()

    /**
     * The moves of a game up to a position, e.g. the analysis board's up to its current move
     * ([AnalysisController.playFromHereStart]): [pgn] as the core reads it (`fromPgn`, at the end
     * of its main line). Unlike [Position], the new game knows the moves before, so a repetition
     * counts and its record starts from the beginning.
     */
    data class Moves(val pgn: String) : StartPosition()
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

/** A move the player chose while the engine was to move ([BoardUiState.premove]). */
data class Premove(
    /** The square it starts from. */
    val from: Square,
    /** Its destination, `null` while only the start is chosen. */
    val to: Square?,
    /**
     * While only the start is chosen: where the piece may go on the player's next turn, whatever
     * the engine replies (the core's `premoveDestinations`), the squares a board marks as
     * targets ([BoardUiState.boardTargets]). Empty once the destination is chosen.
     */
    val targets: Set<Square> = emptySet(),
)

/** An earlier position of the game the player is looking at ([GameController.viewPly]). */
data class ViewedPosition(
    /** Its ply: the position after that many moves of the game's main line (0: the start). */
    val ply: Int,
    /** The core's snapshot of it (`ChessGame.snapshotAtMainLinePly`). */
    val snapshot: GameSnapshot,
)

/** The engine's current line while it thinks. */
data class ThinkingLine(
    /** The depth completed, in plies. */
    val depth: Int,
    /** The evaluation from White's point of view: "+0.35", "-1.20", "M3" (White mates), "-M2". */
    val scoreText: String,
    /** The principal variation in SAN, from the searched position. */
    val pvSan: List<String>,
    /** White's win chance, 0 to 100 (the core's `SearchInfo.whiteWin`, on the review's scale). */
    val whiteWin: Double,
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
    /**
     * `true` while the player's draw offer to the engine stands ([GameController.offerDraw]),
     * until the engine answers on its turn (or a take-back or new game withdraws it).
     */
    val drawOffered: Boolean = false,
    /**
     * The earlier position the player is looking at ([GameController.viewPly]), or `null` when the
     * board shows the game's own. The game itself stays where it is meanwhile.
     */
    val viewed: ViewedPosition? = null,
    /** "Always promote to a queen" ([GameController.setAutoQueen]): no picker, a queen. */
    val autoQueen: Boolean = false,
    /**
     * "Turn the board for each player" ([GameController.setAutoFlip], kept in the settings):
     * between two people, the side to move is shown at the bottom after every move.
     */
    val autoFlip: Boolean = false,
    /**
     * `true` while the players have paused a timed game ([GameController.pauseGame]): the clock
     * stopped, no move taken, the engine idle, until [GameController.resumeGame]; the app going
     * to the background and back, or a restart, keeps it paused.
     */
    val userPaused: Boolean = false,
    /**
     * The player's premove while the engine is to move ([canPremove]): played after the engine's
     * move if it is legal then, dropped if not.
     */
    val premove: Premove? = null,
    /**
     * The two clocks of a timed game, read from the core's clock after every change and on every
     * [GameController.tick]; `null` for an untimed game.
     */
    val clock: ClockUiState? = null,
    /**
     * The number of the game's Chess960 start position (0-959, for a title such as "Chess960
     * #518"), from the core's `chess960StartNumber`; `null` in standard chess and for a Chess960
     * game from another position.
     */
    val chess960Number: UInt? = null,
    /**
     * Which game of the controller this is: a new number whenever a new game replaces the one
     * shown ([GameController.newGame], [GameController.loadFen]), so that a screen tells a new
     * game from moves played or taken back ([boardAnnouncement]).
     */
    val gameSerial: Int = 0,
) {
    /** One line about the game, derived from the core's status only. */
    val statusText: String get() = statusText(snapshot)

    /**
     * The material difference on the board shown ([boardSnapshot]: an earlier position's while
     * the player looks back), from the core's snapshot: each side's extra pieces
     * ([MaterialBalance.extra]) and the points ahead, for the players' rows ([materialLeadText],
     * [materialDescription]).
     */
    val material: MaterialBalance get() = boardSnapshot.material

    /**
     * `true` when [GameController.undo] would take something back: the core can, and the game has
     * no clock (a timed game has no takebacks: its clock does not run backwards).
     */
    val canUndo: Boolean get() = snapshot.canUndo && clock == null

    /** `true` when [GameController.redo] would replay something (never with a clock). */
    val canRedo: Boolean get() = snapshot.canRedo && clock == null

    /** `true` when the game has ended. */
    val isGameOver: Boolean get() = snapshot.status is GameStatus.Ended

    /**
     * `true` when a person may move now: game on, not the engine's side, engine idle, no picker
     * open, the board showing the game's own position.
     */
    val isHumanTurn: Boolean
        get() = !isGameOver && !engineThinking && !mode.enginePlays(snapshot.sideToMove) && pendingPromotion == null &&
            viewed == null && !userPaused

    /**
     * `true` when a tap or drag builds a premove rather than a move: against the engine, the
     * game going on and not paused by the players, the engine to move, the board showing the
     * game's own position.
     */
    val canPremove: Boolean
        get() = !isGameOver && viewed == null && !userPaused && mode is GameMode.HumanVsEngine &&
            mode.enginePlays(snapshot.sideToMove)

    /** `true` when the players may pause the game ([GameController.pauseGame]): a timed game whose clock runs. */
    val canPause: Boolean get() = !isGameOver && !userPaused && clock?.running != null

    /** `true` when [autoFlip] applies: a game between two people. */
    val canAutoFlip: Boolean get() = mode == GameMode.HumanVsHuman

    /**
     * The squares a board marks for [premove] (its start, and its destination once chosen); none
     * while the player looks back or once the game is over.
     */
    val premoveSquares: List<Square>
        get() = if (viewed != null || isGameOver) emptyList() else listOfNotNull(premove?.from, premove?.to)

    /**
     * The squares a board marks as targets: the selected piece's [targets], or, while a
     * [premove]'s start is chosen, where it may go ([Premove.targets]); none while the player
     * looks back or once the game is over.
     */
    val boardTargets: Set<Square>
        get() = when {
            viewed != null || isGameOver -> emptySet()
            premove != null -> premove.targets
            else -> targets
        }

    /** What the board draws: the [viewed] position while the player looks back, else the game's [snapshot]. */
    val boardSnapshot: GameSnapshot get() = viewed?.snapshot ?: snapshot

    /** `true` when [GameController.viewBack] has an earlier position to show. */
    val canViewBack: Boolean get() = (viewed?.ply ?: snapshot.ply.toInt()) > 0

    /** `true` when [GameController.viewForward] has a later position to show (the last one is the game's own). */
    val canViewForward: Boolean get() = viewed != null

    /**
     * The ply of each move of [GameSnapshot.moveRows] (white's, black's; `null` where the row has
     * none): the position after it is [GameController.viewPly]'s. The moves after the game's own
     * position (taken back, to redo) are there too; viewing them shows the game's own.
     */
    val moveRowPlies: List<Pair<Int?, Int?>>
        get() {
            var ply = 0
            return snapshot.moveRows.map { row ->
                val white = row.white?.let { ++ply }
                val black = row.black?.let { ++ply }
                white to black
            }
        }

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
     * draw is claimable already, on a player's turn ([claimsOpen]). Offer "Claim draw with my
     * move" ([GameController.claimDrawWithNextMove]).
     */
    val canClaimWithMove: Boolean
        get() = !isGameOver && claimableDraw == null && snapshot.drawClaimMoves.isNotEmpty() && claimsOpen

    /**
     * `true` when the player may offer the engine a draw ([GameController.offerDraw]): a game
     * against the engine that goes on, with no offer standing. (Between two people the screen
     * offers [GameController.agreeDraw] instead.)
     */
    val canOfferDraw: Boolean
        get() = !isGameOver && mode is GameMode.HumanVsEngine && !drawOffered

    /** The draw the player may claim now (offer a button), or `null`. */
    val claimableDraw: DrawReason?
        get() = (snapshot.status as? GameStatus.Ongoing)?.claimableDraw?.takeIf { claimsOpen }

    /**
     * A player's turn for claiming a draw: not the engine's side to move, the board showing the
     * game's own position (not a move looked back at) and the players not pausing the game. A
     * hint being searched or the promotion picker does not close it.
     */
    private val claimsOpen: Boolean
        get() = !mode.enginePlays(snapshot.sideToMove) && viewed == null && !userPaused
}

/**
 * The clocks of a timed game as the board screen shows them, read from the core's clock
 * (`ChessGame.clock(nowMs)`) at one instant. All timing is the core's; this only words it.
 */
data class ClockUiState(
    /** White's time, `3:00` (`1:30:00` from an hour), with tenths under ten seconds (`0:09.7`): [clockText]. */
    val whiteText: String,
    /** Black's time, as [whiteText]. */
    val blackText: String,
    /** White's time in milliseconds. */
    val whiteMs: ULong,
    /** Black's time in milliseconds. */
    val blackMs: ULong,
    /**
     * The side whose time runs now; `null` before the first move, while paused and once the game
     * is over. The screen ticks ([GameController.tick]) only while it is set.
     */
    val running: Side?,
    /**
     * The sides with little time left: under ten seconds, or under a tenth of the starting time
     * when that is less (a one-minute game: six seconds). Shown in red.
     */
    val lowTime: Set<Side>,
    /** The side whose flag fell, once the core recorded it. */
    val flagged: Side?,
    /** The time control in words, e.g. "3 min + 2 s" (the core's `timeControlDescription`). */
    val description: String,
) {
    companion object {
        /** The clocks as [reading] shows them, for a game with [control]. */
        fun of(reading: ClockReading, control: TimeControl): ClockUiState {
            val low = minOf(10_000uL, control.startingMs / 10uL)
            return ClockUiState(
                whiteText = clockText(reading.whiteMs),
                blackText = clockText(reading.blackMs),
                whiteMs = reading.whiteMs,
                blackMs = reading.blackMs,
                running = reading.runningSide,
                lowTime = listOf(Side.WHITE, Side.BLACK).filterTo(mutableSetOf()) { reading.ms(it) < low },
                flagged = reading.flaggedSide,
                description = timeControlDescription(control),
            )
        }
    }
}

/** [side]'s time in milliseconds. */
internal fun ClockReading.ms(side: Side): ULong = if (side == Side.WHITE) whiteMs else blackMs

/** The time each player starts with: the first period's, or the sandclock's (0 untimed). */
internal val TimeControl.startingMs: ULong
    get() = when (this) {
        TimeControl.Untimed -> 0uL
        is TimeControl.Periods -> periods.firstOrNull()?.timeMs ?: 0uL
        is TimeControl.Sandclock -> ms
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
