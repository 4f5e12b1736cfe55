package dev.chesscore.presentation

import dev.chesscore.CastlingRights
import dev.chesscore.ChessException
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.PositionSetup
import dev.chesscore.SetupProblem
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.possibleCastlingRights
import dev.chesscore.setupFen
import dev.chesscore.setupOfFen
import dev.chesscore.setupProblems
import dev.chesscore.startingFen
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** Everything the position editor draws. Immutable; a new value after every change. */
data class EditorUiState(
    /** The 64 squares, index 0 = a1 ... 63 = h8; `null` when empty. */
    val squares: List<Piece?>,
    /** The side to move. */
    val sideToMove: Side,
    /** The castling rights in force: those asked for that the board allows (tick the boxes with these). */
    val castling: CastlingRights,
    /**
     * The castling rights asked for, also those the board does not allow now (a king dragged
     * away and back gets them again): build a changed request from these
     * ([PositionEditor.setCastling]`(castlingAsked.copy(...))`).
     */
    val castlingAsked: CastlingRights,
    /** The castling rights the board allows (a king on e1/e8 with its rook in the corner): the others cannot be ticked. */
    val possibleCastling: CastlingRights,
    /** What a tap puts down: a piece, or `null` for the eraser. */
    val brush: Piece?,
    /** The side shown at the bottom. */
    val orientation: Side = Side.WHITE,
    /** The position's FEN when the core accepts it, `null` otherwise. */
    val fen: String?,
    /** Why the core does not accept the position, every problem in words ([problemText]), `null` when it does. */
    val problem: String?,
    /** A message about the last intent (e.g. a FEN that could not be read). */
    val message: String? = null,
    /** Why the core does not accept the position, as data (`setupProblems`); empty when it does. */
    val problems: List<SetupProblem> = emptyList(),
) {
    /** The squares the [problems] concern (a second king, a pawn on the back rank, a check): the board marks them. */
    val problemSquares: Set<Square> get() = problems.flatMapTo(linkedSetOf()) { it.squares }

    /** `true` when the position can be used ([fen] is set). */
    val isValid: Boolean get() = fen != null

    /** The piece on [square], if any. */
    fun pieceAt(square: Square): Piece? = squares[square.index]

    /** The square drawn at screen [column] and [row] (0, 0 is the top left), with [orientation]'s side at the bottom. */
    fun squareAtCell(column: Int, row: Int): Square = squareAtCell(orientation, column, row)
}

/**
 * The position editor ("set up a position", as lichess's board editor): pieces put down and
 * taken off square by square, moved by dragging, the side to move and the castling rights
 * chosen; the core checks the result after every change (`setupProblems`, every problem as data)
 * and says which castling rights the board allows (`possibleCastlingRights`), so the editor holds
 * no rule of its own. Synchronous, no engine: confine it to the main thread.
 *
 * @param fen the position to start from (default: the standard start position); one the core
 *   cannot read starts from the standard position with [EditorUiState.message] saying why.
 */
class PositionEditor(fen: String = startingFen()) {
    private val _state: MutableStateFlow<EditorUiState>

    /** The screen state; a new value after every change. */
    val state: StateFlow<EditorUiState>

    init {
        var message: String? = null
        val setup = try {
            setupOfFen(fen)
        } catch (e: ChessException) {
            message = e.message
            setupOfFen(startingFen())
        }
        _state = MutableStateFlow(
            checked(setup.squares, setup.sideToMove, setup.castling, Piece(Side.WHITE, PieceKind.QUEEN), Side.WHITE, message),
        )
        state = _state.asStateFlow()
    }

    /**
     * A tap on [square]: puts the brush's piece there, or takes it off when that very piece is
     * there already (a second tap undoes the first); with the eraser, empties the square.
     */
    fun tapSquare(square: Square) {
        val s = state.value
        val brush = s.brush
        val squares = s.squares.toMutableList()
        squares[square.index] = if (brush == null || squares[square.index] == brush) null else brush
        update(squares = squares)
    }

    /** A drag from [from] to [to]: moves the piece there (replacing what stood there); from an empty square, nothing. */
    fun dragMove(from: Square, to: Square) {
        val s = state.value
        val piece = s.pieceAt(from) ?: return
        if (from == to) return
        val squares = s.squares.toMutableList()
        squares[from.index] = null
        squares[to.index] = piece
        update(squares = squares)
    }

    /** What taps put down: [piece], or the eraser when `null`. */
    fun setBrush(piece: Piece?) {
        _state.value = state.value.copy(brush = piece)
    }

    /** Sets the side to move. */
    fun setSideToMove(side: Side) = update(sideToMove = side)

    /** Asks for [rights]; those the board does not allow are not in force (their boxes disabled). */
    fun setCastling(rights: CastlingRights) = update(asked = rights)

    /** An empty board (no position until both kings are back). */
    fun clear() = update(squares = List(64) { null }, asked = CastlingRights(false, false, false, false))

    /** The standard start position, White to move, every castling right. */
    fun startPosition() {
        loadFen(startingFen())
    }

    /**
     * The position in [fen] (e.g. pasted). Returns `false`, with [EditorUiState.message] saying
     * why, when the core cannot read it; the board is then unchanged. A well-formed FEN of an
     * illegal position (two kings, a pawn on the back rank) is loaded as it stands, with its
     * [EditorUiState.problems] marked, to be put right on the board.
     */
    fun loadFen(fen: String): Boolean {
        val setup = try {
            setupOfFen(fen)
        } catch (e: ChessException) {
            _state.value = state.value.copy(message = e.message)
            return false
        }
        update(squares = setup.squares, sideToMove = setup.sideToMove, asked = setup.castling)
        return true
    }

    /** Turns the board around. */
    fun flip() {
        val s = state.value
        _state.value = s.copy(orientation = s.orientation.opponent())
    }

    /** Clears [EditorUiState.message]. */
    fun dismissMessage() {
        _state.value = state.value.copy(message = null)
    }

    private fun update(
        squares: List<Piece?> = state.value.squares,
        sideToMove: Side = state.value.sideToMove,
        asked: CastlingRights = state.value.castlingAsked,
    ) {
        val s = state.value
        _state.value = checked(squares, sideToMove, asked, s.brush, s.orientation, null)
    }

    /** The state of [squares] and [sideToMove] as the core judges it, with the rights [asked] for that it allows. */
    private fun checked(
        squares: List<Piece?>,
        sideToMove: Side,
        asked: CastlingRights,
        brush: Piece?,
        orientation: Side,
        message: String?,
    ): EditorUiState {
        val possible = possibleCastlingRights(squares)
        val castling = CastlingRights(
            whiteKingSide = asked.whiteKingSide && possible.whiteKingSide,
            whiteQueenSide = asked.whiteQueenSide && possible.whiteQueenSide,
            blackKingSide = asked.blackKingSide && possible.blackKingSide,
            blackQueenSide = asked.blackQueenSide && possible.blackQueenSide,
        )
        val setup = PositionSetup(squares, sideToMove, castling)
        var problems = emptyList<SetupProblem>()
        val (fen, problem) = try {
            problems = setupProblems(setup)
            if (problems.isEmpty()) setupFen(setup) to null else null to problemText(problems)
        } catch (e: ChessException) {
            null to (e.message ?: e.toString())
        }
        return EditorUiState(squares, sideToMove, castling, asked, possible, brush, orientation, fen, problem, message, problems)
    }
}
