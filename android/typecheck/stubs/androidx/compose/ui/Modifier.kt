// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui

import androidx.compose.runtime.Stable
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.LayoutDirection

@Stable
interface Modifier {
    fun <R> foldIn(initial: R, operation: (R, Element) -> R): R
    fun <R> foldOut(initial: R, operation: (Element, R) -> R): R
    fun any(predicate: (Element) -> Boolean): Boolean
    fun all(predicate: (Element) -> Boolean): Boolean
    infix fun then(other: Modifier): Modifier = TODO()

    interface Element : Modifier

    companion object : Modifier {
        override fun <R> foldIn(initial: R, operation: (R, Element) -> R): R = TODO()
        override fun <R> foldOut(initial: R, operation: (Element, R) -> R): R = TODO()
        override fun any(predicate: (Element) -> Boolean): Boolean = TODO()
        override fun all(predicate: (Element) -> Boolean): Boolean = TODO()
        override infix fun then(other: Modifier): Modifier = TODO()
    }
}

@Stable
fun interface Alignment {
    fun align(size: IntSize, space: IntSize, layoutDirection: LayoutDirection): IntOffset

    @Stable
    fun interface Horizontal {
        fun align(size: Int, space: Int, layoutDirection: LayoutDirection): Int
    }

    @Stable
    fun interface Vertical {
        fun align(size: Int, space: Int): Int
    }

    companion object {
        @Stable val TopStart: Alignment get() = TODO()
        @Stable val TopCenter: Alignment get() = TODO()
        @Stable val TopEnd: Alignment get() = TODO()
        @Stable val CenterStart: Alignment get() = TODO()
        @Stable val Center: Alignment get() = TODO()
        @Stable val CenterEnd: Alignment get() = TODO()
        @Stable val BottomStart: Alignment get() = TODO()
        @Stable val BottomCenter: Alignment get() = TODO()
        @Stable val BottomEnd: Alignment get() = TODO()
        @Stable val Top: Vertical get() = TODO()
        @Stable val CenterVertically: Vertical get() = TODO()
        @Stable val Bottom: Vertical get() = TODO()
        @Stable val Start: Horizontal get() = TODO()
        @Stable val CenterHorizontally: Horizontal get() = TODO()
        @Stable val End: Horizontal get() = TODO()
    }
}
