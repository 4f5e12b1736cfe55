package dev.chesscore.presentation

import dev.chesscore.Arrow
import dev.chesscore.DrawReason
import dev.chesscore.GameSnapshot
import dev.chesscore.GameStatus
import dev.chesscore.LegalMove
import dev.chesscore.MarkColor
import dev.chesscore.MaterialBalance
import dev.chesscore.MoveListItem
import dev.chesscore.Outcome
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Score
import dev.chesscore.SetupProblem
import dev.chesscore.SetupProblemKind
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.SquareMark
import dev.chesscore.clockDisplayText
import java.util.Locale
import kotlin.math.abs
import kotlin.math.roundToInt

/** "White" or "Black". */
fun sideName(side: Side): String = if (side == Side.WHITE) "White" else "Black"

/** The other side. */
fun Side.opponent(): Side = if (this == Side.WHITE) Side.BLACK else Side.WHITE

/** A draw reason as words, e.g. "threefold repetition". */
fun drawReasonText(reason: DrawReason): String = when (reason) {
    DrawReason.STALEMATE -> "stalemate"
    DrawReason.INSUFFICIENT_MATERIAL -> "insufficient material"
    DrawReason.FIFTY_MOVE_RULE -> "the fifty-move rule"
    DrawReason.SEVENTY_FIVE_MOVE_RULE -> "the seventy-five-move rule"
    DrawReason.THREEFOLD_REPETITION -> "threefold repetition"
    DrawReason.FIVEFOLD_REPETITION -> "fivefold repetition"
    DrawReason.AGREEMENT -> "agreement"
    DrawReason.TIMEOUT_VS_INSUFFICIENT_MATERIAL -> "timeout against insufficient material"
}

/**
 * What the player is told when a move announced as a draw claim allows none
 * ([GameController.claimDrawWithNextMove]): the move stands and the game goes on.
 */
fun noDrawClaimText(san: String): String = "No draw: $san allows no claim. The move stands."

/**
 * Which earlier position the board shows while the player looks back ([BoardUiState.viewed]):
 * "After 12. Nf3", "After 12... Nf6", "The start position".
 */
fun viewedText(viewed: GameSnapshot): String {
    val move = viewed.lastMove ?: return "The start position"
    return if (viewed.sideToMove == Side.BLACK) "After ${viewed.fullmoveNumber}. ${move.san}"
    else "After ${viewed.fullmoveNumber - 1u}... ${move.san}"
}

/**
 * What the board says after loading a pasted FEN the core had to repair (`repairFen`: stale
 * castling rights or en passant square dropped), each repair as the core words it.
 */
fun repairedFenText(repairs: List<String>): String = "The FEN was loaded with changes: " + repairs.joinToString("; ")

/**
 * A game from a pasted [fen], through the core's `repairFen`: castling rights or an en passant
 * square the position cannot have are dropped, with a [repairedFenText] to show (`null` when
 * nothing was). [chess960] says what the board it goes on plays, so that `KQkq` with a king off
 * the e-file is a stale right on a standard board and an X-FEN right on a Chess960 one. Throws
 * the core's `InvalidFen` (as `fromFen` words it) for anything else.
 */
internal fun gameOfPastedFen(fen: String, chess960: Boolean): Pair<dev.chesscore.ChessGame, String?> {
    val repaired = dev.chesscore.repairFen(fen.trim(), chess960)
    val game = if (repaired.chess960) {
        dev.chesscore.ChessGame.fromChess960Fen(repaired.fen)
    } else {
        dev.chesscore.ChessGame.fromFen(repaired.fen)
    }
    return game to repaired.repairs.takeIf { it.isNotEmpty() }?.let(::repairedFenText)
}

/** What the board says when the engine declined the player's draw offer ([GameController.offerDraw]). */
fun drawDeclinedText(): String = "The engine declines the draw and plays on."

/**
 * A clock's time as the board screen shows it: `3:00`, `12:05`, `1:30:00` from an hour, with
 * tenths under ten seconds (`0:09.7`), as the core's `clockDisplayText` writes it.
 */
fun clockText(ms: ULong): String = clockDisplayText(ms)

/**
 * One line about the game, from the core's status only, e.g. "White to move", "Black to move,
 * in check" (said, not only drawn on the king's square), "Checkmate — Black wins", "Draw by
 * stalemate", "Draw may be claimed: threefold repetition".
 */
fun statusText(snapshot: GameSnapshot): String = when (val status = snapshot.status) {
    is GameStatus.Ongoing -> {
        val line = status.claimableDraw?.let { "Draw may be claimed: ${drawReasonText(it)}" }
            ?: "${sideName(snapshot.sideToMove)} to move"
        line + if (snapshot.checkSquare != null) ", in check" else ""
    }
    is GameStatus.Ended -> when (val outcome = status.outcome) {
        is Outcome.Checkmate -> "Checkmate — ${sideName(outcome.winner)} wins"
        is Outcome.Resignation ->
            "${sideName(outcome.winner.opponent())} resigned — ${sideName(outcome.winner)} wins"
        is Outcome.TimeForfeit ->
            "${sideName(outcome.winner.opponent())} ran out of time — ${sideName(outcome.winner)} wins"
        is Outcome.Draw -> "Draw by ${drawReasonText(outcome.reason)}"
    }
}

/**
 * A score from White's point of view (`SearchInfo.scoreWhite`) as the thinking line shows it:
 * "+0.35", "-1.20", "0.00", "M3" when White mates in 3, "-M2" when Black mates in 2.
 */
fun scoreText(scoreWhite: Score): String = when (scoreWhite) {
    is Score.Centipawns ->
        if (scoreWhite.value == 0) "0.00" else String.format(Locale.ROOT, "%+.2f", scoreWhite.value / 100.0)
    is Score.Mate -> if (scoreWhite.moves >= 0) "M${scoreWhite.moves}" else "-M${-scoreWhite.moves}"
}

/**
 * White's win chance (`SearchInfo.whiteWin`, [AnalysisUiState.whiteWin]) and Black's, in whole
 * percent, as an eval bar says it to TalkBack and VoiceOver: "White 62 % · Black 38 %".
 */
fun winChanceText(whiteWin: Double): String {
    val white = whiteWin.coerceIn(0.0, 100.0).roundToInt()
    return "White $white % · Black ${100 - white} %"
}

/** What the analysis board says when a PGN text holds no game, not even a bad one. */
const val NO_GAME_FOUND = "No game found"

/** What the analysis board says when it opened the first game of a PGN text and [left] more were left out. */
fun gamesLeftOutText(left: Int): String =
    if (left == 1) "Loaded the first game; 1 more game in the text was left out."
    else "Loaded the first game; $left more games in the text were left out."

/** What a screen says when a search failed inside chesscore ([dev.chesscore.SearchResult.error]). */
fun engineFailedText(error: String): String = "The engine failed: $error"

/**
 * A NAG as the move list shows it, from the core's `nagSymbol` (1 "!", 2 "?", 3 "!!", 4 "??", 5
 * "!?", 6 "?!", 14 "⩲", 18 "+−" and the other common ones); "" for the others, which a PGN
 * export keeps as `$n`. Not named `nagSymbol`, which is the core's (`String?`): the two would
 * clash under star imports.
 */
fun nagText(nag: UInt): String = dev.chesscore.nagSymbol(nag) ?: ""

/**
 * A move of the inline move list ([dev.chesscore.GameSnapshot.moveList]) as text: its number when
 * the core says to show it ("12." for White, "12…" for Black), the SAN and its NAG symbols, e.g.
 * "12… Nf6!?".
 */
fun moveText(move: MoveListItem.Move): String {
    val number = when {
        !move.showNumber -> ""
        move.side == Side.WHITE -> "${move.number}. "
        else -> "${move.number}… "
    }
    return number + move.san + move.nags.joinToString("") { nagText(it) }
}

/**
 * The coach's threat as the analysis board says it: "Threat: Qxf7#" or, with the line that
 * follows it, "Threat: Nxe5 (dxe5 Qxd8+)", from [dev.chesscore.Threat.lineSan].
 */
fun threatText(threat: dev.chesscore.Threat): String {
    val line = threat.lineSan
    val first = line.firstOrNull() ?: return "No threat"
    return if (line.size == 1) "Threat: $first" else "Threat: $first (${line.drop(1).joinToString(" ")})"
}

/**
 * The coach's refutation of the last move as the analysis board says it, e.g. "Nf6?? allows
 * Qxf7#. Better: Qe7", from [dev.chesscore.Refutation] (the class's symbol, the opponent's line,
 * the better move).
 */
fun refutationText(refutation: dev.chesscore.Refutation): String {
    val line = refutation.lineSan.joinToString(" ").ifEmpty { "a better reply" }
    return "${refutation.san}${classSymbol(refutation.classification)} allows $line. Better: ${refutation.betterSan}"
}

/** A piece kind's name in words, e.g. "knight" (for labels and screen readers). */
fun pieceKindName(kind: PieceKind): String = when (kind) {
    PieceKind.KING -> "king"
    PieceKind.QUEEN -> "queen"
    PieceKind.ROOK -> "rook"
    PieceKind.BISHOP -> "bishop"
    PieceKind.KNIGHT -> "knight"
    PieceKind.PAWN -> "pawn"
}

/** A piece's name in words, e.g. "white knight" (for labels and screen readers). */
fun pieceName(piece: Piece): String = "${if (piece.side == Side.WHITE) "white" else "black"} ${pieceKindName(piece.kind)}"

/**
 * What a screen reader says for a square of the board (TalkBack, VoiceOver): its name, what
 * stands on it, "in check" for the king in check ([inCheck]: the snapshot's check square),
 * "last move" for the squares of the last move ([lastMove]), what else the board draws there
 * ([marks], from [squareMarkWords]), then whether the selected piece may go there ([target], from
 * the state's targets): "e2, white pawn", "e4, white pawn, last move", "e8, black king, in
 * check", "c4, empty, legal move", "d5, black pawn, capture", "f3, empty, green arrow from g1,
 * legal move". The same words on both platforms; the facts are the state's. Selection is not in
 * the words: the screens set the element's selected state, which the screen reader says itself.
 */
fun squareDescription(
    square: Square,
    piece: Piece?,
    target: Boolean = false,
    inCheck: Boolean = false,
    lastMove: Boolean = false,
    targetText: String? = null,
    marks: List<String> = emptyList(),
): String {
    val parts = mutableListOf(square.label, piece?.let(::pieceName) ?: "empty")
    if (inCheck) parts += "in check"
    if (lastMove) parts += "last move"
    parts += marks
    if (target) parts += targetText ?: if (piece == null) "legal move" else "capture"
    return parts.joinToString(", ")
}

/** A mark's colour in words: "red", "green", "blue", "yellow". */
fun markColorName(color: MarkColor): String = when (color) {
    MarkColor.RED -> "red"
    MarkColor.GREEN -> "green"
    MarkColor.BLUE -> "blue"
    MarkColor.YELLOW -> "yellow"
}

/**
 * What a board draws on [square] besides pieces, selection, check and the last move, in words,
 * for [squareDescription]'s marks: the premove's squares ("premove to e4" on its start, "premove
 * start" before its destination is chosen, "premove from e2" on its destination; [premoveSquares]
 * is the state's, start first), the framed move ("suggested move to f3" and "suggested move from
 * g1": the hint or the engine's best move), a piece in danger ("in danger": the coach's hanging
 * pieces, [warnings]), a node's highlighted squares ("marked red") and arrows ("green arrow to
 * e5" on its start, "green arrow from f3" on its end). A blue mark on a premove square is how the
 * game board draws the premove, said once as the premove.
 */
fun squareMarkWords(
    square: Square,
    squareMarks: List<SquareMark> = emptyList(),
    arrows: List<Arrow> = emptyList(),
    warnings: Collection<Square> = emptyList(),
    framedMove: LegalMove? = null,
    premoveSquares: List<Square> = emptyList(),
): List<String> {
    val words = mutableListOf<String>()
    val premoveFrom = premoveSquares.getOrNull(0)
    val premoveTo = premoveSquares.getOrNull(1)
    if (square == premoveFrom) words += premoveTo?.let { "premove to ${it.label}" } ?: "premove start"
    if (square == premoveTo && premoveFrom != null) words += "premove from ${premoveFrom.label}"
    if (framedMove != null) {
        if (framedMove.from == square) words += "suggested move to ${framedMove.to.label}"
        if (framedMove.to == square) words += "suggested move from ${framedMove.from.label}"
    }
    if (square in warnings) words += "in danger"
    for (mark in squareMarks) {
        if (mark.square != square || (mark.color == MarkColor.BLUE && square in premoveSquares)) continue
        words += "marked ${markColorName(mark.color)}"
    }
    for (arrow in arrows) {
        // An arrow from a square to itself (a PGN may give one) is said once.
        if (arrow.from == square) {
            words += "${markColorName(arrow.color)} arrow to ${arrow.to.label}"
        } else if (arrow.to == square) {
            words += "${markColorName(arrow.color)} arrow from ${arrow.from.label}"
        }
    }
    return words
}

/**
 * [squareDescription] of [square] on a board that draws [piece] there, the selected piece's
 * [targets], the king in check on [checkSquare] and the [lastMove]: what both apps' boards label
 * each square with. With the [selected] square and its [selectedPiece], a target says what the
 * move there is when "legal move" or "capture" would be wrong: "castles" on the king's own rook
 * (Chess960, where the king takes its rook), "capture en passant" on the empty square a pawn
 * takes diagonally. The board's other drawings ([squareMarks], [arrows], [warnings], the
 * [framedMove], the [premoveSquares]) are said as [squareMarkWords] says them.
 */
fun boardSquareDescription(
    square: Square,
    piece: Piece?,
    targets: Set<Square>,
    checkSquare: Square?,
    lastMove: LegalMove?,
    selected: Square? = null,
    selectedPiece: Piece? = null,
    squareMarks: List<SquareMark> = emptyList(),
    arrows: List<Arrow> = emptyList(),
    warnings: Collection<Square> = emptyList(),
    framedMove: LegalMove? = null,
    premoveSquares: List<Square> = emptyList(),
): String {
    val targetText = when {
        selected == null || selectedPiece == null -> null
        piece != null && piece.side == selectedPiece.side -> "castles"
        piece == null && selectedPiece.kind == PieceKind.PAWN && square.file != selected.file -> "capture en passant"
        else -> null
    }
    return squareDescription(
        square, piece, target = square in targets, inCheck = square == checkSquare,
        lastMove = lastMove != null && (lastMove.from == square || lastMove.to == square), targetText = targetText,
        marks = squareMarkWords(square, squareMarks, arrows, warnings, framedMove, premoveSquares),
    )
}

/** A game's length as a list shows it, in moves (a move is White's and Black's): "1 move", "17 moves", from its [plies]. */
fun movesText(plies: Int): String {
    val moves = (plies + 1) / 2
    return if (moves == 1) "1 move" else "$moves moves"
}

/**
 * One reason the rules refuse a set-up position, in words, from the core's data (the editor
 * words it here, so an app can translate it): "White has no king", "A pawn on d8, on the back
 * rank", "Black is in check and it is White's move", "No last move can give this check (a4, e4,
 * c7)".
 */
fun setupProblemText(problem: SetupProblem): String {
    val side = problem.side?.let(::sideName) ?: ""
    val other = problem.side?.opponent()?.let(::sideName) ?: ""
    val squares = problem.squares.joinToString(", ") { it.label }
    return when (problem.kind) {
        SetupProblemKind.MISSING_KING -> "$side has no king"
        SetupProblemKind.TOO_MANY_KINGS -> "$side has ${problem.squares.size} kings ($squares)"
        SetupProblemKind.PAWN_ON_BACK_RANK -> "A pawn on $squares, on the back rank"
        SetupProblemKind.TOO_MANY_PIECES -> "$side has too many pieces: at most 16, of them at most 8 pawns"
        SetupProblemKind.IMPOSSIBLE_CASTLING -> "$side cannot castle with the rook on $squares"
        SetupProblemKind.CONFLICTING_CASTLING -> "Only one rook on each side of the king can castle ($squares)"
        SetupProblemKind.IMPOSSIBLE_EN_PASSANT -> "No pawn can just have passed $squares"
        SetupProblemKind.OPPONENT_IN_CHECK -> "$side is in check and it is $other's move"
        SetupProblemKind.EN_PASSANT_AFTER_CHECK -> "$side was in check before the pawn passed $squares"
        SetupProblemKind.IMPOSSIBLE_CHECK -> "No last move can give this check ($squares)"
        SetupProblemKind.CHECK_AFTER_DOUBLE_PUSH ->
            "The en passant square ${problem.squares.firstOrNull()?.label ?: ""} cannot be: no double pawn push gives this check " +
                "(${problem.squares.drop(1).joinToString(", ") { it.label }})"
    }
}

/** Every reason in [problems] in words ([setupProblemText]), as sentences: "White has no king. Black has no king." */
fun problemText(problems: List<SetupProblem>): String = problems.joinToString(" ") { setupProblemText(it) + "." }

/** The pieces [side] has more of than the other side, queens first (the core's `whiteExtra` or `blackExtra`). */
fun MaterialBalance.extra(side: Side): List<PieceKind> = if (side == Side.WHITE) whiteExtra else blackExtra

/** How many points [side] is ahead by: the core's balance from its side (negative when behind). */
fun MaterialBalance.lead(side: Side): Int = if (side == Side.WHITE) balance else -balance

/**
 * What a player's row shows after its extra pieces: "+2" for the side ahead by two points, ""
 * for the other side and when the material is even.
 */
fun materialLeadText(material: MaterialBalance, side: Side): String =
    material.lead(side).let { if (it > 0) "+$it" else "" }

/**
 * What a screen reader says about [side]'s material in its player row, from the core's
 * [MaterialBalance]: "White is up a knight and a pawn" when only [side] has extra pieces; with
 * extra pieces on both sides, what it has for what and the points, "Black has a bishop and a
 * knight for a rook, 1 point up", "White has a bishop for three pawns, even"; `null` when [side]
 * has no extra piece (the other row says it, or the material is even).
 */
fun materialDescription(material: MaterialBalance, side: Side): String? {
    val mine = material.extra(side)
    if (mine.isEmpty()) return null
    val theirs = material.extra(side.opponent())
    if (theirs.isEmpty()) return "${sideName(side)} is up ${piecesText(mine)}"
    val lead = material.lead(side)
    val points = if (abs(lead) == 1) "1 point" else "${abs(lead)} points"
    val score = when {
        lead > 0 -> "$points up"
        lead < 0 -> "$points down"
        else -> "even"
    }
    return "${sideName(side)} has ${piecesText(mine)} for ${piecesText(theirs)}, $score"
}

/**
 * The material in one line, for a board without players' rows (the analysis board): "White is up
 * a knight", "Black has a bishop and a knight for a rook, 1 point up", "Material is even".
 */
fun materialSummary(material: MaterialBalance): String =
    materialDescription(material, Side.WHITE) ?: materialDescription(material, Side.BLACK) ?: "Material is even"

/** Pieces in words, counted kind by kind in the order given: "a queen", "a knight and two pawns", "a rook, a bishop and three pawns". */
private fun piecesText(kinds: List<PieceKind>): String {
    val counted = kinds.distinct().map { kind ->
        val count = kinds.count { it == kind }
        val name = pieceKindName(kind)
        if (count == 1) "a $name" else "${numberWord(count)} ${name}s"
    }
    return if (counted.size == 1) counted[0] else counted.dropLast(1).joinToString(", ") + " and " + counted.last()
}

/** A small count in words ("two" … "ten"), larger ones in digits. */
private fun numberWord(n: Int): String =
    listOf("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten").getOrNull(n) ?: "$n"

/**
 * Each result's share of [move]'s games in whole percent: White's wins, draws, Black's wins (a
 * game without a result counts in none, so the three may add up to less than 100).
 */
fun explorerShares(move: dev.chesscore.ExplorerMove): Triple<Int, Int, Int> {
    val games = move.games.toInt().coerceAtLeast(1)
    fun share(n: UInt) = Math.round(n.toDouble() * 100 / games).toInt()
    return Triple(share(move.whiteWins), share(move.draws), share(move.blackWins))
}

/**
 * A move of the explorer of the person's own games as the analysis board lists it: "e4 · 12
 * games · 42 / 25 / 33 %", the shares of White's wins, draws and Black's wins ("1 game" for
 * one; [spokenExplorerMove] says which is which).
 */
fun explorerMoveText(move: dev.chesscore.ExplorerMove): String {
    val (white, draws, black) = explorerShares(move)
    return "${move.legalMove.san} · ${gamesText(move.games)} · $white / $draws / $black %"
}

/** "1 game", "12 games". */
internal fun gamesText(n: UInt): String = if (n == 1u) "1 game" else "$n games"
