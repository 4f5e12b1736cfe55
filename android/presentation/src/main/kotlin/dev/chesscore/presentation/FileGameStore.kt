package dev.chesscore.app

import dev.chesscore.presentation.GameStore
import java.io.File
import java.util.Properties

/**
 * Keeps the game (the core's JSON) and the presentation settings in the app's private files,
 * `<prefix>game.json` and `<prefix>settings.properties`: the board screen's without a prefix, the
 * analysis board's with `analysis-`, so that each screen has its own. Each write goes to a
 * temporary file first and is then renamed over the old one, so a kill in the middle of a save
 * leaves the previous save intact.
 */
class FileGameStore(directory: File, prefix: String = "") : GameStore {
    private val gameFile = File(directory, prefix + "game.json")
    private val settingsFile = File(directory, prefix + "settings.properties")

    override fun load(): String? = gameFile.takeIf { it.isFile }?.readText()

    override fun save(json: String) = writeAtomically(gameFile, json)

    override fun loadSettings(): Map<String, String> {
        if (!settingsFile.isFile) return emptyMap()
        val properties = Properties()
        settingsFile.reader().use { properties.load(it) }
        return properties.stringPropertyNames().associateWith { properties.getProperty(it) }
    }

    override fun saveSettings(settings: Map<String, String>) {
        val properties = Properties()
        settings.forEach { (key, value) -> properties.setProperty(key, value) }
        val text = java.io.StringWriter().also { properties.store(it, null) }.toString()
        writeAtomically(settingsFile, text)
    }

    private fun writeAtomically(target: File, text: String) {
        val temporary = File(target.parentFile, target.name + ".tmp")
        temporary.writeText(text)
        if (!temporary.renameTo(target)) {
            target.delete()
            temporary.renameTo(target)
        }
    }
}
