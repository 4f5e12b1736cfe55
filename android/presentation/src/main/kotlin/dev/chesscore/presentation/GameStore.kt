package dev.chesscore.presentation

import dev.chesscore.Side

/**
 * Where the controller keeps the game so that it survives the app being killed. The app
 * implements it with a file or preferences; tests with memory. Calls come from the main thread;
 * each is small (a few KB), so writing synchronously is fine.
 */
interface GameStore {
    /** The game saved last (the core's JSON), or `null` when none was saved. */
    fun load(): String?

    /** Saves the game (the core's JSON from `ChessGame.toJson()`), replacing the previous one. */
    fun save(json: String)

    /**
     * Keeps a save that could not be restored (written by a newer build, or damaged) apart from
     * the game, before the controller saves a new game over it, so that a later build or a
     * person can still read it. Returns `true` when it was kept; the default keeps nothing.
     */
    fun setAside(json: String): Boolean = false

    /** The presentation settings saved last (mode, level, orientation), or an empty map. */
    fun loadSettings(): Map<String, String> = emptyMap()

    /** Saves the presentation settings, replacing the previous ones. */
    fun saveSettings(settings: Map<String, String>) {}
}

/** A [GameStore] in memory: for tests and previews. Survives a controller, not the process. */
class InMemoryGameStore(initialJson: String? = null) : GameStore {
    @Volatile private var json: String? = initialJson
    @Volatile private var settings: Map<String, String> = emptyMap()

    /** How many times [save] was called. */
    @Volatile var saveCount: Int = 0
        private set

    /** The save last [setAside], or `null`. */
    @Volatile var setAsideJson: String? = null
        private set

    override fun load(): String? = json
    override fun setAside(json: String): Boolean {
        setAsideJson = json
        return true
    }
    override fun save(json: String) {
        this.json = json
        saveCount++
    }
    override fun loadSettings(): Map<String, String> = settings
    override fun saveSettings(settings: Map<String, String>) {
        this.settings = settings
    }
}

/**
 * Sets [json], a save that could not be restored, aside in [store] and says so for the message
 * that follows the reason: " It is kept aside." when the store kept it, "" when it could not.
 */
internal fun keptAside(store: GameStore, json: String): String =
    if (store.setAside(json)) " It is kept aside." else ""

/** A side as the controllers store it in their settings: "white" or "black". */
internal fun encodeSide(side: Side): String = if (side == Side.WHITE) "white" else "black"

/** The side stored as [text] by [encodeSide], or `null` for anything else (a missing or damaged setting). */
internal fun decodeSide(text: String?): Side? = when (text) {
    "white" -> Side.WHITE
    "black" -> Side.BLACK
    else -> null
}
