package dev.chesscore.app

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color
import dev.chesscore.MarkColor

/** Board colours, independent of the light/dark theme. */
object BoardColors {
    val light = Color(0xFFF0D9B5)
    val dark = Color(0xFFB58863)
    val selected = Color(0x9966BB6A)
    val lastMove = Color(0x66F4E04D)
    val check = Color(0xCCE53935)
    val target = Color(0x66000000)
    val hint = Color(0xCC1E88E5)
    val piece = Color(0xFF111111)
    val warning = Color(0xEED32F2F)

    /** A highlighted square's ring or an arrow in [color] (`[%csl]`, `[%cal]`), translucent as on lichess. */
    fun mark(color: MarkColor): Color = when (color) {
        MarkColor.GREEN -> Color(0xAA15781B)
        MarkColor.RED -> Color(0xAA882020)
        MarkColor.BLUE -> Color(0xAA003088)
        MarkColor.YELLOW -> Color(0xAAE68F00)
    }
}

/** The app's Material 3 theme. */
@Composable
fun ChessTheme(content: @Composable () -> Unit) {
    MaterialTheme(
        colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme(),
        content = content,
    )
}
