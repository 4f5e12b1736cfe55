package dev.chesscore.presentation

import dev.chesscore.ChessGame
import dev.chesscore.ChessException
import dev.chesscore.OpeningExplorer
import dev.chesscore.Side
import dev.chesscore.gameArchiveId
import java.io.File

/**
 * "My games": where the board screen keeps each game once it has ended (its PGN, with the
 * players, date and time as tags), for the list that reopens them in the review. Each game is
 * kept under an id made from its moves (the core's [gameArchiveId]); a second game with the same
 * moves as one kept already (the same short game played twice) gets an id of its own, while the
 * same game kept again (the app restarted on a finished game) is recognised and not copied.
 */
interface GameArchive {
    /** Keeps [pgn] under [id], replacing a game kept under the same id; throws when it cannot. */
    fun put(id: String, pgn: String)

    /** Every game kept: id to PGN, in no particular order. */
    fun all(): Map<String, String>

    /** Forgets the game kept under [id] (nothing when there is none). */
    fun delete(id: String)

    /** `true` when a game is kept under [id]. By default from [all]; an archive may answer faster. */
    fun contains(id: String): Boolean = id in all()
}

/** A [GameArchive] in memory: for tests and previews. */
class InMemoryGameArchive : GameArchive {
    private val games = LinkedHashMap<String, String>()

    @Synchronized override fun put(id: String, pgn: String) {
        games[id] = pgn
    }

    @Synchronized override fun all(): Map<String, String> = games.toMap()

    @Synchronized override fun delete(id: String) {
        games.remove(id)
    }

    @Synchronized override fun contains(id: String): Boolean = id in games
}

/**
 * A [GameArchive] in [directory], one `<id>.pgn` file a game (the directory is created when
 * needed). Each write is atomic ([writeFileAtomically]), so a kill in the middle of a save leaves
 * no half-written game and a failed one the previous file.
 */
class DirectoryGameArchive(private val directory: File) : GameArchive {
    override fun put(id: String, pgn: String) {
        require(id.matches(ID_PATTERN)) { "not an archive id: $id" }
        writeFileAtomically(File(directory, "$id.pgn"), pgn)
    }

    /** Every readable game file; one that cannot be read is left out. */
    override fun all(): Map<String, String> =
        (directory.listFiles() ?: emptyArray())
            .filter { it.isFile && it.name.endsWith(".pgn") && it.name.removeSuffix(".pgn").matches(ID_PATTERN) }
            .mapNotNull { file ->
                try {
                    file.name.removeSuffix(".pgn") to file.readText()
                } catch (e: java.io.IOException) {
                    null
                }
            }
            .toMap()

    override fun delete(id: String) {
        if (id.matches(ID_PATTERN)) File(directory, "$id.pgn").delete()
    }

    override fun contains(id: String): Boolean = id.matches(ID_PATTERN) && File(directory, "$id.pgn").isFile

    private companion object {
        val ID_PATTERN = Regex("[0-9a-f]{16}")
    }
}

/** One game of "My games" as its list shows it, read back from the kept PGN by the core. */
data class ArchivedGame(
    /** The id it is kept under. */
    val id: String,
    /** The players, from the `White` and `Black` tags ("?" when missing). */
    val white: String,
    val black: String,
    /** `1-0`, `0-1`, `1/2-1/2` or `*`: the core's result of the game (its `Result` tag). */
    val result: String,
    /** When it ended, "2026.11.26 14:05" (the `Date` and `Time` tags; "?" parts when missing). */
    val playedAt: String,
    /** Its moves, in plies. */
    val plies: Int,
    /** How it ended, in the presenter's words ("Checkmate — White wins"). */
    val statusText: String,
    /** The ECO code and name of its last named position, or `null`. */
    val opening: String?,
    /** The kept PGN, for the review or the analysis board. */
    val pgn: String,
) {
    /**
     * The side the person played against the engine (the player the controller named "You"),
     * whose mistakes the review's "Practise" drills; `null` for other games.
     */
    val yourSide: Side?
        get() = when {
            white == YOU -> Side.WHITE
            black == YOU -> Side.BLACK
            else -> null
        }
}

/** The name the board screen gives the person in a game against the engine ([playerNames]). */
internal const val YOU = "You"

/**
 * The games of [archive], newest first (by the `Date` and `Time` tags; a game without them
 * last), each read back by the core; a kept file the core cannot read is left out, not fatal.
 */
fun archivedGames(archive: GameArchive): List<ArchivedGame> =
    archive.all().mapNotNull { (id, pgn) ->
        try {
            ChessGame.fromPgn(pgn).use { game ->
                // Sorted on the whole date and time, a missing part last.
                val key = "${game.tag("Date")?.takeUnless { '?' in it } ?: ""} ${game.tag("Time")?.takeUnless { '?' in it } ?: ""}"
                val snapshot = game.snapshot()
                key to ArchivedGame(
                    id = id,
                    white = game.tag("White") ?: "?",
                    black = game.tag("Black") ?: "?",
                    result = game.tag("Result") ?: "*",
                    playedAt = "${game.tag("Date") ?: "?"} ${game.tag("Time")?.take(5) ?: "?"}",
                    plies = snapshot.sanHistory.size,
                    statusText = statusText(snapshot),
                    opening = snapshot.opening?.let { "${it.eco} ${it.name}" },
                    pgn = pgn,
                )
            }
        } catch (e: ChessException) {
            null
        }
    }.sortedWith(compareByDescending<Pair<String, ArchivedGame>> { it.first }.thenBy { it.second.id }).map { it.second }

/**
 * [games] as one PGN text, in their order, one blank line apart: what "Share all" hands to
 * another app (lichess, ChessBase and the core's `readPgn` read it back as as many games).
 */
fun gamesPgn(games: List<ArchivedGame>): String =
    games.joinToString("\n") { it.pgn.trimEnd() + "\n" }

/**
 * An opening explorer of every game in [archive] (the core's [OpeningExplorer]: from a position,
 * the moves played in those games, how often, and how the games ended), for the analysis
 * board's "My games" ([AnalysisController.setExplorer]). Each game's first [maxPlies] plies are
 * indexed, in the order of their ids (so that moves played as often are listed in the same
 * order every time); a kept file the core cannot read is left out. It reads every file: call it
 * off the main thread. The caller owns the result (close it when the screen goes).
 */
fun openingExplorerOf(archive: GameArchive, maxPlies: UInt = 40u): OpeningExplorer =
    OpeningExplorer(maxPlies).also { explorer -> archive.all().toSortedMap().values.forEach { explorer.addPgn(it) } }
