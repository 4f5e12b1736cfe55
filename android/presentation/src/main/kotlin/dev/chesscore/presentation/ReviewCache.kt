package dev.chesscore.presentation

import java.io.File
import java.io.IOException

/**
 * Where finished reviews are kept, so that opening a game reviewed before shows its review at
 * once instead of searching again ([ReviewController]'s `cache`). Keys are the core's
 * `ChessEngine.reviewKey` (the same key, the same review); values the core's `reviewToJson`.
 * [ReviewController] loads and saves on the main thread, except the result of a review whose
 * scope has ended, which it saves on the engine's thread: a save may come beside a load or
 * another save.
 */
interface ReviewCache {
    /** The review kept under [key], or `null`. */
    fun load(key: String): String?

    /** Keeps [json] under [key]. A failure is the cache's to report; it never throws. */
    fun save(key: String, json: String)
}

/** A [ReviewCache] in memory: for tests and previews. */
class InMemoryReviewCache : ReviewCache {
    private val reviews = HashMap<String, String>()

    /** How many reviews were saved. */
    @Volatile var saveCount: Int = 0
        private set

    @Synchronized override fun load(key: String): String? = reviews[key]

    @Synchronized override fun save(key: String, json: String) {
        reviews[key] = json
        saveCount++
    }
}

/**
 * A [ReviewCache] of files in [directory], `<key>.json` (a review of a 40-move game is some tens
 * of kilobytes), each written atomically ([writeFileAtomically]); at most
 * [limit] are kept, the least recently written going first. A failed read or write goes to
 * [onError] (standard error by default) and reads as nothing kept. Small files, read and written
 * on the caller's thread.
 */
class DirectoryReviewCache(
    private val directory: File,
    private val limit: Int = DEFAULT_LIMIT,
    private val onError: (Exception) -> Unit = { System.err.println("DirectoryReviewCache: $it") },
) : ReviewCache {
    override fun load(key: String): String? {
        if (!key.matches(KEY_PATTERN)) return null
        val file = File(directory, "$key.json")
        if (!file.isFile) return null
        return try {
            file.readText()
        } catch (e: IOException) {
            onError(e)
            null
        }
    }

    override fun save(key: String, json: String) {
        if (!key.matches(KEY_PATTERN)) return onError(IllegalArgumentException("not a review key: $key"))
        try {
            writeFileAtomically(File(directory, "$key.json"), json)
            trim()
        } catch (e: IOException) {
            onError(e)
        }
    }

    /**
     * Deletes the least recently written reviews beyond [limit]. Two saves may trim at once (the
     * main thread's and the engine thread's): each file's time is read once, before sorting, and
     * a file the other one deleted first is no error.
     */
    private fun trim() {
        val kept = directory.listFiles { f -> f.name.endsWith(".json") } ?: return
        if (kept.size <= limit) return
        kept.map { it to it.lastModified() }.sortedBy { it.second }.take(kept.size - limit).forEach { it.first.delete() }
    }

    private companion object {
        /** Reviews kept by default: a few megabytes. */
        const val DEFAULT_LIMIT = 200

        /** The core's keys: 16 hexadecimal digits (nothing that could name another file). */
        val KEY_PATTERN = Regex("[0-9a-f]{16}")
    }
}
