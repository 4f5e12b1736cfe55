// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.unit

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import androidx.compose.ui.geometry.Size

@Immutable
@JvmInline
value class Dp(val value: Float) : Comparable<Dp> {
    @Stable inline operator fun plus(other: Dp): Dp = TODO()
    @Stable inline operator fun minus(other: Dp): Dp = TODO()
    @Stable inline operator fun unaryMinus(): Dp = TODO()
    @Stable inline operator fun div(other: Float): Dp = TODO()
    @Stable inline operator fun div(other: Int): Dp = TODO()
    @Stable inline operator fun div(other: Dp): Float = TODO()
    @Stable inline operator fun times(other: Float): Dp = TODO()
    @Stable inline operator fun times(other: Int): Dp = TODO()
    @Stable override operator fun compareTo(other: Dp): Int = TODO()

    companion object {
        @Stable val Hairline: Dp get() = TODO()
        @Stable val Infinity: Dp get() = TODO()
        @Stable val Unspecified: Dp get() = TODO()
    }
}

@Stable inline val Int.dp: Dp get() = TODO()
@Stable inline val Double.dp: Dp get() = TODO()
@Stable inline val Float.dp: Dp get() = TODO()
@Stable inline operator fun Float.times(other: Dp): Dp = TODO()
@Stable inline operator fun Double.times(other: Dp): Dp = TODO()
@Stable inline operator fun Int.times(other: Dp): Dp = TODO()
@Stable inline fun min(a: Dp, b: Dp): Dp = TODO()
@Stable inline fun max(a: Dp, b: Dp): Dp = TODO()

@Immutable
@JvmInline
value class DpOffset internal constructor(internal val packedValue: Long) {
    val x: Dp get() = TODO()
    val y: Dp get() = TODO()
}

@Stable fun DpOffset(x: Dp, y: Dp): DpOffset = TODO()

@Immutable
@JvmInline
value class DpSize internal constructor(internal val packedValue: Long) {
    val width: Dp get() = TODO()
    val height: Dp get() = TODO()
}

@Stable fun DpSize(width: Dp, height: Dp): DpSize = TODO()

@Immutable
@JvmInline
value class TextUnit internal constructor(internal val packedValue: Long) {
    val value: Float get() = TODO()
    val isSp: Boolean get() = TODO()
    val isEm: Boolean get() = TODO()

    companion object {
        @Stable val Unspecified: TextUnit get() = TODO()
    }
}

@Stable val Int.sp: TextUnit get() = TODO()
@Stable val Float.sp: TextUnit get() = TODO()
@Stable val Double.sp: TextUnit get() = TODO()
@Stable val Int.em: TextUnit get() = TODO()
@Stable val Float.em: TextUnit get() = TODO()
@Stable val Double.em: TextUnit get() = TODO()

@Immutable
@JvmInline
value class IntSize internal constructor(internal val packedValue: Long) {
    val width: Int get() = TODO()
    val height: Int get() = TODO()
}

@Immutable
@JvmInline
value class IntOffset internal constructor(internal val packedValue: Long) {
    val x: Int get() = TODO()
    val y: Int get() = TODO()
}

@Stable fun IntOffset(x: Int, y: Int): IntOffset = TODO()

@Immutable
@JvmInline
value class Constraints(internal val value: Long) {
    val minWidth: Int get() = TODO()
    val maxWidth: Int get() = TODO()
    val minHeight: Int get() = TODO()
    val maxHeight: Int get() = TODO()
}

enum class LayoutDirection { Ltr, Rtl }

@Stable
interface FontScaling {
    @Stable val fontScale: Float
    @Stable fun Dp.toSp(): TextUnit = TODO()
    @Stable fun TextUnit.toDp(): Dp = TODO()
}

@Stable
interface Density : FontScaling {
    @Stable val density: Float
    @Stable fun Dp.roundToPx(): Int = TODO()
    @Stable fun Dp.toPx(): Float = TODO()
    @Stable fun TextUnit.roundToPx(): Int = TODO()
    @Stable fun TextUnit.toPx(): Float = TODO()
    @Stable fun Int.toDp(): Dp = TODO()
    @Stable fun Int.toSp(): TextUnit = TODO()
    @Stable fun Float.toDp(): Dp = TODO()
    @Stable fun Float.toSp(): TextUnit = TODO()
    @Stable fun DpSize.toSize(): Size = TODO()
    @Stable fun Size.toDpSize(): DpSize = TODO()
}
