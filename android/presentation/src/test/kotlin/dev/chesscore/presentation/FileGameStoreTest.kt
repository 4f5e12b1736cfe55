package dev.chesscore.presentation

import dev.chesscore.ChessEngine
import dev.chesscore.SearchLimits
import dev.chesscore.tests.onMain
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.Test

class FileGameStoreTest {
    private fun directory(): File = Files.createTempDirectory("chesscore-store").toFile()

    @Test
    fun `a game and its settings come back, each screen under its own prefix`() {
        val dir = directory()
        val board = FileGameStore(dir)
        val analysis = FileGameStore(dir, prefix = "analysis-")
        assertNull(board.load())
        assertEquals(emptyMap(), board.loadSettings())
        board.save("""{"game":1}""")
        board.saveSettings(mapOf("mode" to "engine:white", "note" to "a=b \\ ü"))
        analysis.save("""{"game":2}""")
        assertEquals("""{"game":1}""", FileGameStore(dir).load())
        assertEquals(mapOf("mode" to "engine:white", "note" to "a=b \\ ü"), FileGameStore(dir).loadSettings())
        assertEquals("""{"game":2}""", FileGameStore(dir, prefix = "analysis-").load())
        assertTrue(dir.listFiles()!!.none { it.name.endsWith(".tmp") }, "no temporary file left")
    }

    @Test
    fun `an unreadable save set aside stays beside the new game, each screen under its own prefix`() {
        val dir = directory()
        val board = FileGameStore(dir)
        board.save("""{"version":99}""")
        // What the controllers do when a save cannot be restored: keep it, then save anew.
        assertTrue(board.setAside(board.load()!!))
        board.save("""{"game":1}""")
        assertEquals("""{"version":99}""", File(dir, "game.unreadable.json").readText())
        assertEquals("""{"game":1}""", board.load())
        assertTrue(FileGameStore(dir, prefix = "analysis-").setAside("x"))
        assertEquals("x", File(dir, "analysis-game.unreadable.json").readText())
        // A store that cannot write says so.
        val blocked = File(dir, "blocked").also { it.writeText("a file") }
        assertEquals(false, FileGameStore(File(blocked, "games"), onError = {}).setAside("y"))
    }

    @Test
    fun `a failed write is reported, not thrown, and the previous save stays`() {
        val dir = directory()
        val errors = mutableListOf<Exception>()
        val store = FileGameStore(dir, onError = { errors += it })
        store.save("first")
        // The temporary file's name taken by a directory: the write fails as on a full disk.
        File(dir, "game.json.tmp").mkdir()
        File(dir, "game.json.tmp/x").writeText("keeps the directory non-empty")
        store.save("second")
        assertEquals(1, errors.size, "$errors")
        assertEquals("first", store.load())

        // A store whose directory cannot exist (a file stands in its place).
        val blocked = File(dir, "blocked").also { it.writeText("a file") }
        val nowhere = FileGameStore(File(blocked, "games"), onError = { errors += it })
        nowhere.save("x")
        nowhere.saveSettings(mapOf("a" to "b"))
        assertEquals(3, errors.size, "$errors")
        assertNull(nowhere.load())
    }

    @Test
    fun `malformed settings read as none, reported`() {
        val dir = directory()
        val errors = mutableListOf<Exception>()
        File(dir, "settings.properties").writeText("mode=\\uZZZZ\n")
        assertEquals(emptyMap(), FileGameStore(dir, onError = { errors += it }).loadSettings())
        assertEquals(1, errors.size)
    }

    @Test
    fun `a controller over a store that cannot write starts and plays, the failures reported`() {
        onMain {
            val blocked = File(directory(), "blocked").also { it.writeText("a file") }
            val errors = mutableListOf<Exception>()
            val store = FileGameStore(File(blocked, "games"), onError = { errors += it })
            GameController(
                this, store,
                engineFactory = { ChessEngine(it.copy(hashMb = 1u)) },
                limitsForLevel = { SearchLimits(depth = 1u) },
            ).use { c ->
                c.tapSquare(sq("e2")); c.tapSquare(sq("e4"))
                assertEquals(1u, c.state.value.snapshot.ply)
            }
            assertTrue(errors.isNotEmpty())
        }
    }
}
