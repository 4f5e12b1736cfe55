package dev.chesscore.app

import android.content.Context
import android.net.Uri
import dev.chesscore.presentation.pgnText

/** The largest PGN file the app opens: about 30,000 games, 100 MB or so in memory while listed. */
internal const val MAX_PGN_FILE_BYTES = 32 shl 20

/** A PGN file as read: its text, or what to tell the person. */
internal sealed interface PgnFile {
    /** The file's text (UTF-8, bytes that are not UTF-8 as Windows-1252: [pgnText]). */
    data class Text(val text: String) : PgnFile

    /** Why it was not read: too large, or unreadable. */
    data class Problem(val message: String) : PgnFile
}

/**
 * Reads the document at [uri] (chosen in the picker, or opened from another app) as UTF-8, its
 * bytes that are not UTF-8 as Windows-1252 ([pgnText]), at most [MAX_PGN_FILE_BYTES], so that a video chosen by mistake cannot exhaust the memory. Blocks:
 * call it off the main thread.
 */
internal fun readPgnFile(context: Context, uri: Uri): PgnFile {
    val bytes = try {
        context.contentResolver.openInputStream(uri)?.use { it.readAtMost(MAX_PGN_FILE_BYTES + 1) }
    } catch (e: Exception) {
        null
    }
    return when {
        bytes == null -> PgnFile.Problem("The file could not be read")
        bytes.size > MAX_PGN_FILE_BYTES -> PgnFile.Problem("The file is larger than ${MAX_PGN_FILE_BYTES shr 20} MB")
        else -> PgnFile.Text(pgnText(bytes))
    }
}

/**
 * Up to [limit] bytes of the stream, fewer at its end. (`InputStream.readNBytes` would do, but
 * Android has it only from API 33; the app's minimum is 26.)
 */
private fun java.io.InputStream.readAtMost(limit: Int): ByteArray {
    val out = java.io.ByteArrayOutputStream()
    val buffer = ByteArray(64 * 1024)
    while (out.size() < limit) {
        val n = read(buffer, 0, minOf(buffer.size, limit - out.size()))
        if (n < 0) break
        out.write(buffer, 0, n)
    }
    return out.toByteArray()
}

/**
 * Writes [text] (UTF-8) to the document at [uri], one the person created in the system's picker
 * ("Save as file"); `false` when it could not be written. Blocks: call it off the main thread.
 */
internal fun writePgnFile(context: Context, uri: Uri, text: String): Boolean = try {
    val out = context.contentResolver.openOutputStream(uri)
    out?.use { it.write(text.toByteArray(Charsets.UTF_8)) }
    out != null
} catch (e: Exception) {
    false
}
