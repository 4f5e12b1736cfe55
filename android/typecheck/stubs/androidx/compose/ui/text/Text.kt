// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.text

import androidx.compose.runtime.Immutable
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontStyle
import androidx.compose.ui.text.font.FontSynthesis
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextDecoration
import androidx.compose.ui.unit.TextUnit

// TextStyle's constructor and copy() are declared with their first eight parameters only, in the
// real order; the rest of the real list (textAlign, lineHeight, ...) is left out.
@Immutable
class TextStyle(
    color: Color = Color.Unspecified,
    fontSize: TextUnit = TextUnit.Unspecified,
    fontWeight: FontWeight? = null,
    fontStyle: FontStyle? = null,
    fontSynthesis: FontSynthesis? = null,
    fontFamily: FontFamily? = null,
    fontFeatureSettings: String? = null,
    letterSpacing: TextUnit = TextUnit.Unspecified,
) {
    fun copy(
        color: Color = this.color,
        fontSize: TextUnit = this.fontSize,
        fontWeight: FontWeight? = this.fontWeight,
        fontStyle: FontStyle? = this.fontStyle,
        fontSynthesis: FontSynthesis? = this.fontSynthesis,
        fontFamily: FontFamily? = this.fontFamily,
        fontFeatureSettings: String? = this.fontFeatureSettings,
        letterSpacing: TextUnit = this.letterSpacing,
    ): TextStyle = TODO()

    fun merge(other: TextStyle? = null): TextStyle = TODO()

    val color: Color get() = TODO()
    val fontSize: TextUnit get() = TODO()
    val fontWeight: FontWeight? get() = TODO()
    val fontStyle: FontStyle? get() = TODO()
    val fontSynthesis: FontSynthesis? get() = TODO()
    val fontFamily: FontFamily? get() = TODO()
    val fontFeatureSettings: String? get() = TODO()
    val letterSpacing: TextUnit get() = TODO()
    val textAlign: TextAlign get() = TODO()
    val textDecoration: TextDecoration? get() = TODO()
    val lineHeight: TextUnit get() = TODO()

    companion object {
        val Default: TextStyle get() = TODO()
    }
}

class TextLayoutResult internal constructor() {
    val lineCount: Int get() = TODO()
    val hasVisualOverflow: Boolean get() = TODO()
}

@Immutable
class AnnotatedString(val text: String) : CharSequence {
    override val length: Int get() = TODO()
    override fun get(index: Int): Char = TODO()
    override fun subSequence(startIndex: Int, endIndex: Int): AnnotatedString = TODO()
}
