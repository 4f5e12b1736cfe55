package dev.chesscore.presentation

import dev.chesscore.listPgnGames
import dev.chesscore.pgnTextFromBytes

/**
 * One game of a PGN text with several, as a list to choose from shows it: the core's
 * `PgnGameSummary`, field for field, with the `Int`s the screens count in.
 */
data class PgnGameChoice(
    /** Its place among the games of the text that can be read, from 0. */
    val index: Int,
    /** The players, from the `White` and `Black` tags ("?" when missing). */
    val white: String,
    val black: String,
    /** The `Event` tag, or `null` when missing, "?" or blank. */
    val event: String?,
    /** The `Date` tag as written ("2026.11.26", "1972.??.??"), or `null` when missing, "????.??.??" or blank. */
    val date: String?,
    /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
    val result: String,
    /** Its main line's moves, in plies. */
    val plies: Int,
    /** The game's own text as written in the file (variations and comments kept), for [AnalysisController.loadPgn]. */
    val pgn: String,
)

/**
 * The games of a PGN text (a whole file), read by the core: those that can be read, in order,
 * for a screen to choose one from (then [AnalysisController.loadPgn] with its [PgnGameChoice.pgn],
 * so the text is not read again), how many could not be read, and the first unreadable game's
 * located error.
 */
data class PgnGameList(val games: List<PgnGameChoice>, val unreadable: Int, val firstError: String? = null) {
    /**
     * What to tell the person when no game can be read: the first bad game's located error, or
     * [NO_GAME_FOUND]; `null` when there is a game. Shown without reading the text again.
     */
    val problem: String? get() = if (games.isEmpty()) firstError ?: NO_GAME_FOUND else null
}

/**
 * Lists the games of [text] with the core's `listPgnGames` ([PgnGameList]): the core reads one
 * game at a time and keeps only its summary and its own text, so a file of thousands of games
 * does not hold thousands of trees. A whole file can take a while (each game is replayed): call
 * it off the main thread.
 */
fun pgnGameList(text: String): PgnGameList {
    val listing = listPgnGames(text)
    return PgnGameList(
        games = listing.games.map {
            PgnGameChoice(it.index.toInt(), it.white, it.black, it.event, it.date, it.result, it.plies.toInt(), it.pgn)
        },
        unreadable = listing.skipped.size,
        firstError = listing.skipped.firstOrNull()?.message,
    )
}

/**
 * The text of a PGN file's [bytes], as the core reads files (`pgnTextFromBytes`): UTF-8, with
 * each byte that is not part of valid UTF-8 read as Windows-1252 (Latin-1's superset; a
 * byte-order mark is left for the core, which skips it), as older ChessBase and Windows tools
 * write "Réti" or
 * "Nimzowitsch, A." (read as UTF-8 those names would come out with U+FFFD in them). The iOS app
 * and `chesscore pgn` read files the same way.
 */
fun pgnText(bytes: ByteArray): String = pgnTextFromBytes(bytes)
