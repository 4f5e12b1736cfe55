package dev.chesscore.presentation

import java.io.File
import java.io.IOException
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.util.Properties

/**
 * Keeps the game (the core's JSON) and the presentation settings in files of [directory],
 * `<prefix>game.json` and `<prefix>settings.properties` (and a save that could not be restored
 * as `<prefix>game.unreadable.json`, see [setAside]): the board screen's without a prefix, the
 * analysis board's with `analysis-`, so that each screen has its own. Each write goes to a
 * temporary file first and is then renamed over the old one, so a kill in the middle of a save
 * leaves the previous save intact.
 *
 * Nothing it does throws: a failed write (disk full, the directory gone) is passed to [onError]
 * (by default printed to standard error, which Android sends to logcat) and the previous file
 * stays; a file that cannot be read reads as none saved. (The controllers save from the main
 * thread and from their constructors, where an exception would end the app at every launch.)
 * The same contract as the Swift package's `FileGameStore`.
 */
class FileGameStore(
    directory: File,
    prefix: String = "",
    private val onError: (Exception) -> Unit = ::printError,
) : GameStore {
    private val gameFile = File(directory, prefix + "game.json")
    private val settingsFile = File(directory, prefix + "settings.properties")
    private val unreadableFile = File(directory, prefix + "game.unreadable.json")

    override fun load(): String? = read(gameFile) { it.readText() }

    override fun save(json: String) {
        writeAtomically(gameFile, json)
    }

    /** Writes [json] to `<prefix>game.unreadable.json`, replacing an earlier one. */
    override fun setAside(json: String): Boolean = writeAtomically(unreadableFile, json)

    override fun loadSettings(): Map<String, String> = read(settingsFile) { file ->
        val properties = Properties()
        file.reader().use { properties.load(it) }
        properties.stringPropertyNames().associateWith { properties.getProperty(it) }
    } ?: emptyMap()

    override fun saveSettings(settings: Map<String, String>) {
        val properties = Properties()
        settings.forEach { (key, value) -> properties.setProperty(key, value) }
        val text = java.io.StringWriter().also { properties.store(it, null) }.toString()
        writeAtomically(settingsFile, text)
    }

    /** [file] read by [reading], or `null` when it is missing or cannot be read (malformed settings too). */
    private fun <T> read(file: File, reading: (File) -> T): T? {
        if (!file.isFile) return null
        return try {
            reading(file)
        } catch (e: IOException) {
            onError(e)
            null
        } catch (e: IllegalArgumentException) {
            onError(e)
            null
        }
    }

    /** Writes [text] to [target]; `false` (and [onError]) when it could not. */
    private fun writeAtomically(target: File, text: String): Boolean {
        try {
            writeFileAtomically(target, text)
            return true
        } catch (e: IOException) {
            onError(e)
        } catch (e: SecurityException) {
            onError(e)
        }
        return false
    }

    private companion object {
        /** Prints a failed read or write to standard error. */
        fun printError(error: Exception) = System.err.println("FileGameStore: $error")
    }
}

/** Held while a file is written: the temporary file's name is the target's. */
private val fileWrites = Any()

/**
 * Writes [text] to [target] through a temporary file beside it (`<name>.tmp`) and one atomic
 * move over the old file, creating the directory when needed: a kill or a failure midway leaves
 * the previous file as it was and no temporary file behind. The presentation layer's store,
 * archive and review cache all write this way; one write at a time in the process (small files),
 * since the review cache may write from the main and the engine's thread at once.
 *
 * @throws IOException when the file cannot be written.
 */
internal fun writeFileAtomically(target: File, text: String) {
    synchronized(fileWrites) {
        val temporary = File(target.absoluteFile.parentFile, target.name + ".tmp")
        temporary.parentFile.mkdirs()
        try {
            temporary.writeText(text)
            Files.move(temporary.toPath(), target.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } finally {
            temporary.delete()
        }
    }
}
