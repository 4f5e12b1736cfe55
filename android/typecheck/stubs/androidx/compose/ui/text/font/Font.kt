// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.text.font

import androidx.compose.runtime.Immutable

@Immutable
sealed class FontFamily(val canLoadSynchronously: Boolean) {
    companion object {
        val Default: SystemFontFamily get() = TODO()
        val SansSerif: GenericFontFamily get() = TODO()
        val Serif: GenericFontFamily get() = TODO()
        val Monospace: GenericFontFamily get() = TODO()
        val Cursive: GenericFontFamily get() = TODO()
    }
}

sealed class SystemFontFamily : FontFamily(true)

class GenericFontFamily internal constructor(val name: String) : SystemFontFamily()

@JvmInline
value class FontStyle(val value: Int) {
    companion object {
        val Normal: FontStyle get() = TODO()
        val Italic: FontStyle get() = TODO()
    }
}

@JvmInline
value class FontSynthesis internal constructor(internal val value: Int) {
    companion object {
        val None: FontSynthesis get() = TODO()
        val All: FontSynthesis get() = TODO()
    }
}

@Immutable
class FontWeight(val weight: Int) : Comparable<FontWeight> {
    override operator fun compareTo(other: FontWeight): Int = TODO()

    companion object {
        val W100: FontWeight get() = TODO()
        val W200: FontWeight get() = TODO()
        val W300: FontWeight get() = TODO()
        val W400: FontWeight get() = TODO()
        val W500: FontWeight get() = TODO()
        val W600: FontWeight get() = TODO()
        val W700: FontWeight get() = TODO()
        val W800: FontWeight get() = TODO()
        val W900: FontWeight get() = TODO()
        val Thin: FontWeight get() = TODO()
        val ExtraLight: FontWeight get() = TODO()
        val Light: FontWeight get() = TODO()
        val Normal: FontWeight get() = TODO()
        val Medium: FontWeight get() = TODO()
        val SemiBold: FontWeight get() = TODO()
        val Bold: FontWeight get() = TODO()
        val ExtraBold: FontWeight get() = TODO()
        val Black: FontWeight get() = TODO()
    }
}
