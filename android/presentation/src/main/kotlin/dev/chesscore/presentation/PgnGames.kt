package dev.chesscore.presentation

import dev.chesscore.readPgn

/** One game of a PGN text with several, as a list to choose from shows it. */
data class PgnGameChoice(
    /** Its place among the games of the text that can be read, from 0. */
    val index: Int,
    /** The players, from the `White` and `Black` tags ("?" when missing). */
    val white: String,
    val black: String,
    /** The `Event` tag, or `null` when missing or "?". */
    val event: String?,
    /** The `Date` tag as written ("2026.11.26", "1972.??.??"), or `null` when missing or "????.??.??". */
    val date: String?,
    /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
    val result: String,
    /** Its main line's moves, in plies. */
    val plies: Int,
    /** The game alone in PGN (variations and comments kept), for [AnalysisController.loadPgn]. */
    val pgn: String,
)

/**
 * The games of a PGN text (a whole file), read by the core: those that can be read, in order,
 * for a screen to choose one from (then [AnalysisController.loadPgn] with its [PgnGameChoice.pgn],
 * so the text is not read again), and how many could not be read.
 */
data class PgnGameList(val games: List<PgnGameChoice>, val unreadable: Int)

/**
 * Reads [text] with the core's `readPgn` and lists its games ([PgnGameList]). A whole file can
 * take a while (each game is replayed): call it off the main thread.
 */
fun pgnGameList(text: String): PgnGameList {
    val import = readPgn(text)
    try {
        val games = import.games.mapIndexed { index, game ->
            PgnGameChoice(
                index = index,
                white = game.tag("White") ?: "?",
                black = game.tag("Black") ?: "?",
                event = game.tag("Event")?.takeUnless { it == "?" || it.isBlank() },
                date = game.tag("Date")?.takeUnless { it == "????.??.??" || it.isBlank() },
                result = game.tag("Result") ?: "*",
                plies = game.snapshot().sanHistory.size,
                pgn = game.pgn(),
            )
        }
        return PgnGameList(games, import.skipped.size)
    } finally {
        import.games.forEach { it.close() }
    }
}
