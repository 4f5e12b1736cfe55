package dev.chesscore.presentation

import dev.chesscore.Arrow
import dev.chesscore.BookMove
import dev.chesscore.CastlingWing
import dev.chesscore.ChessException
import dev.chesscore.ExplorerMove
import dev.chesscore.GameSnapshot
import dev.chesscore.MoveListItem
import dev.chesscore.Piece
import dev.chesscore.PieceKind
import dev.chesscore.Refutation
import dev.chesscore.Side
import dev.chesscore.Square
import dev.chesscore.SquareMark
import dev.chesscore.Threat
import dev.chesscore.ktx.pieceAt
import dev.chesscore.sanParts

// What TalkBack and VoiceOver say: moves in words instead of SAN's letters and signs, and the
// announcements a board screen posts when something happens that the player did not tap (the
// engine's reply, the end of the game, low time, a hint). The same words on both platforms
// (Spoken.swift); the facts are the core's (`sanParts`, the snapshot, the clock).

/**
 * The words of each SAN said so far: a move list labels every move on every redraw, and a big
 * analysis tree has thousands, each a call into the core otherwise. Emptied when it grows past
 * [SPOKEN_CACHE_SIZE] (distinct SAN strings are few: a few thousand cover any game).
 */
private val spokenCache = java.util.concurrent.ConcurrentHashMap<String, String>()
private const val SPOKEN_CACHE_SIZE = 8192

/**
 * A move in SAN in words, as a screen reader should say it: "knight to f3", "knight from b to
 * d7", "e pawn takes d5", "e8, promotes to queen", "castles kingside", "rook takes e1,
 * checkmate" (from the core's `sanParts`). Text the core cannot read as SAN (a null move `--`)
 * comes back as it is.
 */
fun spokenSan(san: String): String {
    spokenCache[san]?.let { return it }
    if (spokenCache.size >= SPOKEN_CACHE_SIZE) spokenCache.clear()
    return wordsOf(san).also { spokenCache[san] = it }
}

/** [spokenSan] without the cache. */
private fun wordsOf(san: String): String {
    val parts = try {
        sanParts(san)
    } catch (e: ChessException) {
        return san
    }
    val move = when (parts.castling) {
        CastlingWing.KING_SIDE -> "castles kingside"
        CastlingWing.QUEEN_SIDE -> "castles queenside"
        null -> {
            val to = parts.to?.label.orEmpty()
            if (parts.piece == PieceKind.PAWN) {
                val pawn = if (parts.capture) "${parts.disambiguation} pawn takes $to".trimStart() else to
                pawn + (parts.promotion?.let { ", promotes to ${pieceKindName(it)}" } ?: "")
            } else {
                val from = when {
                    parts.disambiguation.isEmpty() -> ""
                    parts.disambiguation.all(Char::isDigit) -> " from rank ${parts.disambiguation}"
                    else -> " from ${parts.disambiguation}"
                }
                "${pieceKindName(parts.piece)}$from ${if (parts.capture) "takes" else "to"} $to"
            }
        }
    }
    return move + when {
        parts.checkmate -> ", checkmate"
        parts.check -> ", check"
        else -> ""
    }
}

/** A line of moves in SAN (an engine's, the coach's threat) in words, one move after another: "e4; e5; knight to f3". */
fun spokenLine(sans: List<String>): String = sans.joinToString("; ") { spokenSan(it) }

/**
 * An evaluation as the screens write it ("+0.35", "-1.20", "M3", "-M2"), for a screen reader: a
 * mate in words ("White mates in 3", "Black mates in 2"), pawns as written.
 */
fun spokenScore(scoreText: String): String = when {
    scoreText.startsWith("-M") -> "Black mates in ${scoreText.drop(2)}"
    scoreText.startsWith("M") -> "White mates in ${scoreText.drop(1)}"
    else -> scoreText
}

/**
 * An engine's line for a screen reader (the screens show its depth, score and moves): "depth
 * 20, +0.35: e4; e5; knight to f3" ([spokenScore], [spokenLine]).
 */
fun spokenEngineLine(depth: Int, scoreText: String, pvSan: List<String>): String =
    "depth $depth, ${spokenScore(scoreText)}" + if (pvSan.isEmpty()) "" else ": ${spokenLine(pvSan)}"

/**
 * [threatText] in words: "No threat", "Threat: queen takes f7, checkmate", "Threat: knight
 * takes e5, then d pawn takes e5; queen takes d8, check".
 */
fun spokenThreat(threat: Threat): String {
    val first = threat.lineSan.firstOrNull() ?: return "No threat"
    val rest = threat.lineSan.drop(1)
    return "Threat: ${spokenSan(first)}" + if (rest.isEmpty()) "" else ", then ${spokenLine(rest)}"
}

/**
 * [refutationText] in words: "knight to f6, blunder, allows queen takes f7, checkmate. Better:
 * queen to e7".
 */
fun spokenRefutation(refutation: Refutation): String {
    val line = if (refutation.lineSan.isEmpty()) "a better reply" else spokenLine(refutation.lineSan)
    return "${spokenSan(refutation.san)}, ${classText(refutation.classification).lowercase()}, allows $line. " +
        "Better: ${spokenSan(refutation.betterSan)}"
}

/** A book move as the analysis board's chip shows it ("e4 Sicilian Defence"), in words: "e4, Sicilian Defence". */
fun spokenBookMove(book: BookMove): String = "${spokenSan(book.legalMove.san)}, ${book.opening.variation ?: book.opening.family}"

/**
 * A move of the explorer of the person's own games ([explorerMoveText]) in words: "e4, 12 games:
 * White won 42 %, 25 % drawn, Black won 33 %".
 */
fun spokenExplorerMove(move: ExplorerMove): String {
    val (white, draws, black) = explorerShares(move)
    return "${spokenSan(move.legalMove.san)}, ${gamesText(move.games)}: White won $white %, $draws % drawn, Black won $black %"
}

/**
 * What a NAG says, in words, for a screen reader and a menu: "good move" (1, "!"), "mistake",
 * "brilliant move", "blunder", "interesting move", "dubious move", "forced move", and the
 * position's assessments ("White is slightly better", 14, "⩲"); "" for the others.
 */
fun nagName(nag: UInt): String = when (nag) {
    1u -> "good move"
    2u -> "mistake"
    3u -> "brilliant move"
    4u -> "blunder"
    5u -> "interesting move"
    6u -> "dubious move"
    7u -> "forced move"
    10u -> "equal position"
    13u -> "unclear position"
    14u -> "White is slightly better"
    15u -> "Black is slightly better"
    16u -> "White is better"
    17u -> "Black is better"
    18u -> "White is winning"
    19u -> "Black is winning"
    22u -> "White is in zugzwang"
    23u -> "Black is in zugzwang"
    32u -> "White has a development advantage"
    33u -> "Black has a development advantage"
    36u -> "White has the initiative"
    37u -> "Black has the initiative"
    40u -> "White has the attack"
    41u -> "Black has the attack"
    132u -> "White has counterplay"
    133u -> "Black has counterplay"
    138u -> "White is in time trouble"
    139u -> "Black is in time trouble"
    146u -> "novelty"
    else -> ""
}

/** A move with its number and side in words: "12 White: knight to f3". */
fun spokenMove(number: UInt, side: Side, san: String): String = "$number ${sideName(side)}: ${spokenSan(san)}"

/**
 * A move of the inline move list ([GameSnapshot.moveList]) in words, for its
 * `contentDescription` / `accessibilityLabel` instead of [moveText]'s "12… Nf6!?": "12 Black:
 * knight to f6, interesting move".
 */
fun spokenMoveText(move: MoveListItem.Move): String =
    (listOf(spokenMove(move.number, move.side, move.san)) + move.nags.map(::nagName).filter { it.isNotEmpty() })
        .joinToString(", ")

/**
 * The position a snapshot shows, in words: the move that led to it with its number ("12 White:
 * knight to f3") or "Start position", for the analysis board's announcement when the player steps
 * through the moves.
 */
fun spokenPosition(snapshot: GameSnapshot): String {
    val move = snapshot.lastMove ?: return "Start position"
    val mover = snapshot.sideToMove.opponent()
    val number = if (mover == Side.WHITE) snapshot.fullmoveNumber else snapshot.fullmoveNumber - 1u
    return spokenMove(number, mover, move.san)
}

/**
 * A clock's time in words, rounded down as the clock shows it: "2 minutes 59 seconds", "1 hour
 * 30 minutes", "45 seconds", and with tenths under ten seconds, "9.7 seconds".
 */
fun clockSpokenText(ms: ULong): String {
    if (ms < 10_000uL) {
        val tenths = ms / 100uL
        return "${tenths / 10uL}.${tenths % 10uL} seconds"
    }
    val seconds = ms / 1000uL
    fun unit(n: ULong, name: String) = if (n == 1uL) "1 $name" else "$n ${name}s"
    return listOfNotNull(
        (seconds / 3600uL).takeIf { it > 0uL }?.let { unit(it, "hour") },
        (seconds % 3600uL / 60uL).takeIf { it > 0uL }?.let { unit(it, "minute") },
        (seconds % 60uL).takeIf { it > 0uL }?.let { unit(it, "second") },
    ).joinToString(" ")
}

/**
 * [side]'s time as a player's row says it to a screen reader: [clockSpokenText], then ", low
 * time" (what the red says) or ", flag fell": "9.7 seconds, low time".
 */
fun ClockUiState.spokenTime(side: Side): String =
    clockSpokenText(if (side == Side.WHITE) whiteMs else blackMs) + when {
        flagged == side -> ", flag fell"
        side in lowTime -> ", low time"
        else -> ""
    }

/** Squares in words, by name (a2 before b1): "f3, h3", or "no moves" for none. */
private fun spokenSquares(squares: Set<Square>): String =
    if (squares.isEmpty()) "no moves" else squares.map { it.label }.sorted().joinToString(", ")

/**
 * What a screen reader hears when the piece on [square] is selected, with where it may go
 * ([targets]): "White knight on g1 selected: f3, h3", "Black bishop on c8 selected: no moves".
 * Said once, so that a player need not visit every square to find the targets.
 */
fun spokenSelection(piece: Piece?, square: Square, targets: Set<Square>): String {
    val name = piece?.let { pieceName(it).replaceFirstChar(Char::uppercaseChar) } ?: "Nothing"
    return "$name on ${square.label} selected: ${spokenSquares(targets)}"
}

/**
 * What a board screen should announce (TalkBack `announceForAccessibility`, VoiceOver's
 * announcement) when its state goes from [before] to [after], or `null`: a piece selected
 * ([spokenSelection]) and a premove built, cancelled or dropped ("Premove from g1: e2, f3, h3",
 * "Premove: white knight g1 to f3", "Premove cancelled", and "Premove dropped" when the engine's
 * reply left it illegal); the new moves (the
 * player's own as a confirmation, the engine's reply, a premove played after it, however many
 * came between two states the screen saw: "Black: knight takes e5, check"); moves taken back;
 * the position looked back at ([BoardUiState.viewed]: "After 12 White: knight to f3", "Back to
 * the game"); the end of the game ([statusText]: a mate, a flag fall, a resignation, a draw); a
 * side whose clock runs low ("White is low on time: 9.7 seconds"); a hint ("Hint: knight to
 * f3"). A new or loaded game ([BoardUiState.gameSerial]) announces nothing: its screen changes
 * as a whole. The screens keep the state they announced last and pass it as [before].
 */
fun boardAnnouncement(before: BoardUiState?, after: BoardUiState): String? {
    if (before == null || before.gameSerial != after.gameSerial) return null
    val parts = mutableListOf<String>()
    val old = before.snapshot.sanHistory
    val new = after.snapshot.sanHistory
    if (new.size > old.size && new.subList(0, old.size) == old) {
        var side = before.snapshot.sideToMove
        for (san in new.drop(old.size)) {
            parts += "${sideName(side)}: ${spokenSan(san)}"
            side = side.opponent()
        }
    } else if (new.size < old.size && old.subList(0, new.size) == new) {
        val n = old.size - new.size
        parts += if (n == 1) "1 move taken back" else "$n moves taken back"
    } else if (new == old && before.viewed?.ply != after.viewed?.ply) {
        parts += after.viewed?.let { "After ${spokenPosition(it.snapshot)}" } ?: "Back to the game"
    }
    if (!before.isGameOver && after.isGameOver) parts += statusText(after.snapshot)
    val clock = after.clock
    if (clock != null && !after.isGameOver) {
        for (side in listOf(Side.WHITE, Side.BLACK)) {
            if (side in clock.lowTime && side !in before.clock?.lowTime.orEmpty()) {
                parts += "${sideName(side)} is low on time: ${clockSpokenText(if (side == Side.WHITE) clock.whiteMs else clock.blackMs)}"
            }
        }
    }
    if (before.hint == null) after.hint?.let { parts += "Hint: ${spokenSan(it.san)}" }
    // A premove the engine's reply made illegal: the player is to move and it was not played.
    val waiting = before.premove
    if (waiting?.to != null && after.premove == null && new.size > old.size && after.pendingPromotion == null &&
        before.snapshot.pieceAt(waiting.from)?.side == after.snapshot.sideToMove
    ) {
        parts += "Premove dropped"
    }
    if (new == old) {
        selectionChange(after.snapshot, before.selected, before.targets, after.selected, after.targets)?.let { parts += it }
        val premove = after.premove
        if (premove != null && premove != before.premove) {
            val to = premove.to
            parts += if (to == null) {
                "Premove from ${premove.from.label}: ${spokenSquares(premove.targets)}"
            } else {
                val piece = after.snapshot.pieceAt(premove.from)?.let { "${pieceName(it)} " } ?: ""
                "Premove: $piece${premove.from.label} to ${to.label}"
            }
        } else if (premove == null && before.premove != null) {
            parts += "Premove cancelled"
        }
    }
    return parts.takeIf { it.isNotEmpty() }?.joinToString(". ")
}

/**
 * What the analysis board should announce when its state goes from [before] to [after], or
 * `null`: when the position shown changes (a move played, a step back or forward, a jump in the
 * move list), the move that led to it ([spokenPosition]), its annotation's NAGs in words and,
 * at the end of a game, how it ended; in the same position, a piece selected
 * ([spokenSelection]), the square a mark starts from in draw mode ("Drawing from g1") and the
 * marks drawn or removed ([spokenMarkChanges]: "Green arrow from g1 to f3", "Red mark on e4
 * removed").
 */
fun analysisAnnouncement(before: AnalysisUiState?, after: AnalysisUiState): String? {
    if (before == null) return null
    val was = before.snapshot
    val now = after.snapshot
    if (was.node == now.node && was.fen == now.fen) {
        val parts = mutableListOf<String>()
        selectionChange(now, before.selected, before.targets, after.selected, after.targets)?.let { parts += it }
        val markFrom = after.markFrom
        if (markFrom != null && markFrom != before.markFrom) parts += "Drawing from ${markFrom.label}"
        parts += spokenMarkChanges(before.squareMarks, before.arrows, after.squareMarks, after.arrows)
        return parts.takeIf { it.isNotEmpty() }?.joinToString(". ")
    }
    val parts = mutableListOf(spokenPosition(now))
    parts += now.annotations.nags.map(::nagName).filter { it.isNotEmpty() }
    if (after.isGameOver) parts += after.statusText
    return parts.joinToString(", ")
}

/**
 * The marks of one node drawn or removed between two states, in words, as the analysis board
 * announces them: "Green arrow from g1 to f3", "Red mark on e4", "Red mark on e4 removed" (a
 * mark drawn again in another colour is said in its new colour only); "All marks removed" when
 * more than one went and none is left.
 */
fun spokenMarkChanges(
    beforeMarks: List<SquareMark>,
    beforeArrows: List<Arrow>,
    afterMarks: List<SquareMark>,
    afterArrows: List<Arrow>,
): List<String> {
    if (afterMarks.isEmpty() && afterArrows.isEmpty() && beforeMarks.size + beforeArrows.size > 1) {
        return listOf("All marks removed")
    }
    fun mark(m: SquareMark) = "${markColorName(m.color).replaceFirstChar(Char::uppercaseChar)} mark on ${m.square.label}"
    fun arrow(a: Arrow) =
        "${markColorName(a.color).replaceFirstChar(Char::uppercaseChar)} arrow from ${a.from.label} to ${a.to.label}"
    return beforeMarks.filter { m -> afterMarks.none { it.square == m.square } }.map { "${mark(it)} removed" } +
        beforeArrows.filter { a -> afterArrows.none { it.from == a.from && it.to == a.to } }.map { "${arrow(it)} removed" } +
        afterMarks.filter { it !in beforeMarks }.map(::mark) +
        afterArrows.filter { it !in beforeArrows }.map(::arrow)
}

/**
 * What the practice screen should announce when its state goes from [before] to [after], or
 * `null`: a new exercise with its task ("Exercise 2 of 5. White to play: find a better move than
 * knight to f6"), the task again after a retry, the verdict on the person's move, the solution
 * shown and the score at the end, all as [PracticeUiState.spokenPrompt] says them ("Checking"
 * says nothing: the verdict follows); in the same phase, a piece selected ([spokenSelection]).
 * Nothing when a new message shows: the screen's snackbar or alert says it.
 */
fun practiceAnnouncement(before: PracticeUiState?, after: PracticeUiState): String? {
    if (before == null) return null
    // A new message (the coach failed) is said by the snackbar or alert that shows it.
    if (after.message != null && after.message != before.message) return null
    if (before.index != after.index || before.exercise != after.exercise || before.phase != after.phase) {
        if (after.phase == PracticePhase.CHECKING) return null
        val progress = after.progressText?.takeIf { before.index != after.index || before.exercise != after.exercise }
        return listOfNotNull(progress, after.spokenPrompt).joinToString(". ")
    }
    return selectionChange(after.snapshot, before.selected, before.targets, after.selected, after.targets)
}

/**
 * [spokenSelection] for a piece selected in [now] when the selection or its targets changed
 * from the state before, or `null`: the one rule of the board, analysis and practice screens.
 */
private fun selectionChange(
    now: GameSnapshot,
    beforeSelected: Square?,
    beforeTargets: Set<Square>,
    selected: Square?,
    targets: Set<Square>,
): String? {
    if (selected == null || (selected == beforeSelected && targets == beforeTargets)) return null
    return spokenSelection(now.pieceAt(selected), selected, targets)
}

/**
 * What the position editor should announce when its state goes from [before] to [after], or
 * `null`: a tap or drag's squares ("White knight on f3", "e1 emptied. White king on f2", "Black
 * bishop on f3, replacing white knight") and the castling rights it took away or gave back
 * ("White can no longer castle king side"); when more than two squares changed at once (a
 * cleared board, the start position, a loaded FEN) only "Board cleared" or "32 pieces on the
 * board"; then, when the core's verdict changes, the new one ([EditorUiState.problem], or "The
 * position is legal").
 */
fun editorAnnouncement(before: EditorUiState?, after: EditorUiState): String? {
    if (before == null) return null
    val parts = mutableListOf<String>()
    val changed = before.squares.indices.filter { before.squares[it] != after.squares[it] }
    if (changed.size <= 2) {
        // A drag empties its start before it fills its end.
        for (i in changed.sortedBy { after.squares[it] != null }) {
            val label = Square.entries[i].label
            val now = after.squares[i]
            val was = before.squares[i]
            parts += when {
                now == null -> "$label emptied"
                was == null -> "${pieceName(now).replaceFirstChar(Char::uppercaseChar)} on $label"
                else -> "${pieceName(now).replaceFirstChar(Char::uppercaseChar)} on $label, replacing ${pieceName(was)}"
            }
        }
        // Only rights a piece took away or gave back: a tapped box says its own change.
        if (changed.isNotEmpty()) {
            parts += castlingChange(Side.WHITE, before.castling.whiteKingSide, before.castling.whiteQueenSide,
                after.castling.whiteKingSide, after.castling.whiteQueenSide)
            parts += castlingChange(Side.BLACK, before.castling.blackKingSide, before.castling.blackQueenSide,
                after.castling.blackKingSide, after.castling.blackQueenSide)
        }
    } else {
        val pieces = after.squares.count { it != null }
        parts += when (pieces) {
            0 -> "Board cleared"
            1 -> "1 piece on the board"
            else -> "$pieces pieces on the board"
        }
    }
    if (after.problem != before.problem) parts += after.problem ?: "The position is legal"
    return parts.takeIf { it.isNotEmpty() }?.joinToString(". ")
}

/**
 * A side's castling rights that a tap or drag took away or gave back (a king or rook moved off or
 * back to its square): "White can no longer castle", "Black can castle queen side again".
 */
private fun castlingChange(side: Side, kingBefore: Boolean, queenBefore: Boolean, king: Boolean, queen: Boolean): List<String> {
    val name = sideName(side)
    val lost = listOfNotNull("king side".takeIf { kingBefore && !king }, "queen side".takeIf { queenBefore && !queen })
    val regained = listOfNotNull("king side".takeIf { !kingBefore && king }, "queen side".takeIf { !queenBefore && queen })
    return listOfNotNull(
        when (lost.size) {
            0 -> null
            1 -> "$name can no longer castle ${lost[0]}"
            else -> "$name can no longer castle"
        },
        when (regained.size) {
            0 -> null
            1 -> "$name can castle ${regained[0]} again"
            else -> "$name can castle again"
        },
    )
}

/** "no blunders", "1 blunder", "3 blunders" ("inaccuracies"). */
private fun counted(n: Int, one: String, many: String): String = when (n) {
    0 -> "no $many"
    1 -> "1 $one"
    else -> "$n $many"
}

/**
 * A row of the review's move list in words, for its `contentDescription` / `accessibilityLabel`
 * instead of the symbols and colour: "12 Black: knight to f6, blunder, evaluation +3.20, better:
 * bishop to e7" (with "only move" and "missed win" when they apply).
 */
fun spokenReviewRow(row: ReviewRow): String {
    val number = row.numberText.filter(Char::isDigit)
    val parts = mutableListOf("$number ${sideName(row.side)}: ${spokenSan(row.san)}", row.classText.lowercase())
    if (row.onlyMove) parts += "only move"
    if (row.missedWin) parts += "missed win"
    parts += "evaluation ${row.evalText}"
    row.betterSan?.let { parts += "better: ${spokenSan(it)}" }
    return parts.joinToString(", ")
}

/**
 * The review screen's selected move in words: [spokenReviewRow], then the refutation's line
 * ("..., better: bishop to e7, refuted by queen takes f7, checkmate").
 */
fun spokenSelectedMove(row: ReviewRow): String =
    spokenReviewRow(row) + if (row.refutationSan.isEmpty()) "" else ", refuted by ${spokenLine(row.refutationSan)}"

/**
 * A side's review summary in words, where the screen shows "ACPL 35 · ?! 2 · ? 1 · ?? 0":
 * "White: accuracy 84.2 %, average centipawn loss 35, 2 inaccuracies, 1 mistake, no blunders".
 */
fun spokenSideSummary(side: Side, summary: SideSummaryUi): String =
    "${sideName(side)}: accuracy ${summary.accuracyText} %, average centipawn loss ${summary.averageLossText}, " +
        "${counted(summary.inaccuracies, "inaccuracy", "inaccuracies")}, " +
        "${counted(summary.mistakes, "mistake", "mistakes")}, ${counted(summary.blunders, "blunder", "blunders")}"

/**
 * The eval graph in words, its text alternative: White's win chance at the start and at the end,
 * then each marked move (inaccuracy or worse) with its class: "White's win chance from 50 % to
 * 12 %. Blunder: 14 Black, knight to f6. Mistake: 20 White, rook takes e1". `null` before the
 * first point.
 */
fun spokenGraph(state: ReviewUiState): String? {
    val first = state.graph.firstOrNull() ?: return null
    val last = state.graph.last()
    val percent = { p: GraphPoint -> "${Math.round(p.y.coerceIn(0f, 1f) * 100)} %" }
    val parts = mutableListOf("White's win chance from ${percent(first)} to ${percent(last)}")
    for (point in state.graph) {
        val marker = point.marker ?: continue
        val row = state.rows.firstOrNull { it.ply == point.ply - 1 } ?: continue
        parts += "${classText(marker)}: ${row.numberText.filter(Char::isDigit)} ${sideName(row.side)}, ${spokenSan(row.san)}"
    }
    return parts.joinToString(". ")
}
