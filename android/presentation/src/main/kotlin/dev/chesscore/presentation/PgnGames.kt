package dev.chesscore.presentation

import dev.chesscore.readPgn

/** One game of a PGN text with several, as a list to choose from shows it. */
data class PgnGameChoice(
    /** Its place among the games of the text that can be read, from 0 (for `loadPgn(text, index)`). */
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
)

/**
 * The games of a PGN text (a whole file), read by the core: those that can be read, in order,
 * for a screen to choose one from ([AnalysisController.loadPgn] with the index), and how many
 * could not be read.
 */
data class PgnGameList(val games: List<PgnGameChoice>, val unreadable: Int)

/** Reads [text] with the core's `readPgn` and lists its games ([PgnGameList]). */
fun pgnGameList(text: String): PgnGameList {
    val import = readPgn(text)
    val games = import.games.mapIndexed { index, game ->
        game.use {
            PgnGameChoice(
                index = index,
                white = it.tag("White") ?: "?",
                black = it.tag("Black") ?: "?",
                event = it.tag("Event")?.takeUnless { e -> e == "?" || e.isBlank() },
                date = it.tag("Date")?.takeUnless { d -> d == "????.??.??" || d.isBlank() },
                result = it.tag("Result") ?: "*",
                plies = it.snapshot().sanHistory.size,
            )
        }
    }
    return PgnGameList(games, import.skipped.size)
}
