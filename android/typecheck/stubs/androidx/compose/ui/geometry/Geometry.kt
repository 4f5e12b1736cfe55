// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.geometry

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable

@Immutable
@JvmInline
value class Offset internal constructor(internal val packedValue: Long) {
    @Stable val x: Float get() = TODO()
    @Stable val y: Float get() = TODO()
    @Stable inline operator fun component1(): Float = TODO()
    @Stable inline operator fun component2(): Float = TODO()
    fun copy(x: Float = this.x, y: Float = this.y): Offset = TODO()
    @Stable fun isValid(): Boolean = TODO()
    @Stable fun getDistance(): Float = TODO()
    @Stable fun getDistanceSquared(): Float = TODO()
    @Stable operator fun unaryMinus(): Offset = TODO()
    @Stable operator fun minus(other: Offset): Offset = TODO()
    @Stable operator fun plus(other: Offset): Offset = TODO()
    @Stable operator fun times(operand: Float): Offset = TODO()
    @Stable operator fun div(operand: Float): Offset = TODO()
    @Stable operator fun rem(operand: Float): Offset = TODO()

    companion object {
        @Stable val Zero: Offset get() = TODO()
        @Stable val Infinite: Offset get() = TODO()
        @Stable val Unspecified: Offset get() = TODO()
    }
}

@Stable fun Offset(x: Float, y: Float): Offset = TODO()

@Immutable
@JvmInline
value class Size internal constructor(internal val packedValue: Long) {
    @Stable val width: Float get() = TODO()
    @Stable val height: Float get() = TODO()
    @Stable val minDimension: Float get() = TODO()
    @Stable val maxDimension: Float get() = TODO()
    @Stable inline operator fun component1(): Float = TODO()
    @Stable inline operator fun component2(): Float = TODO()
    fun copy(width: Float = this.width, height: Float = this.height): Size = TODO()
    @Stable fun isEmpty(): Boolean = TODO()
    @Stable operator fun times(operand: Float): Size = TODO()
    @Stable operator fun div(operand: Float): Size = TODO()

    companion object {
        @Stable val Zero: Size get() = TODO()
        @Stable val Unspecified: Size get() = TODO()
    }
}

@Stable fun Size(width: Float, height: Float): Size = TODO()

@Stable val Size.center: Offset get() = TODO()

@Immutable
data class Rect(val left: Float, val top: Float, val right: Float, val bottom: Float) {
    val width: Float get() = TODO()
    val height: Float get() = TODO()
    val center: Offset get() = TODO()
}
