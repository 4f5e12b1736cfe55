// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.text.style

import androidx.compose.runtime.Immutable

@Immutable
@JvmInline
value class TextOverflow internal constructor(internal val value: Int) {
    companion object {
        val Clip: TextOverflow get() = TODO()
        val Ellipsis: TextOverflow get() = TODO()
        val Visible: TextOverflow get() = TODO()
    }
}

@JvmInline
value class TextAlign internal constructor(internal val value: Int) {
    companion object {
        val Left: TextAlign get() = TODO()
        val Right: TextAlign get() = TODO()
        val Center: TextAlign get() = TODO()
        val Justify: TextAlign get() = TODO()
        val Start: TextAlign get() = TODO()
        val End: TextAlign get() = TODO()
        val Unspecified: TextAlign get() = TODO()
    }
}

@Immutable
class TextDecoration internal constructor(val mask: Int) {
    companion object {
        val None: TextDecoration get() = TODO()
        val Underline: TextDecoration get() = TODO()
        val LineThrough: TextDecoration get() = TODO()
    }
}
