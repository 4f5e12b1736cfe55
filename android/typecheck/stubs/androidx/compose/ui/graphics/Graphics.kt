// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui-graphics 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are
// never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.graphics

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.LayoutDirection

@Immutable
@JvmInline
value class Color(val value: ULong) {
    @Stable val red: Float get() = TODO()
    @Stable val green: Float get() = TODO()
    @Stable val blue: Float get() = TODO()
    @Stable val alpha: Float get() = TODO()
    @Stable inline operator fun component1(): Float = TODO()
    @Stable inline operator fun component2(): Float = TODO()
    @Stable inline operator fun component3(): Float = TODO()
    @Stable inline operator fun component4(): Float = TODO()
    @Stable fun copy(alpha: Float = this.alpha, red: Float = this.red, green: Float = this.green, blue: Float = this.blue): Color = TODO()

    companion object {
        @Stable val Black: Color get() = TODO()
        @Stable val DarkGray: Color get() = TODO()
        @Stable val Gray: Color get() = TODO()
        @Stable val LightGray: Color get() = TODO()
        @Stable val White: Color get() = TODO()
        @Stable val Red: Color get() = TODO()
        @Stable val Green: Color get() = TODO()
        @Stable val Blue: Color get() = TODO()
        @Stable val Yellow: Color get() = TODO()
        @Stable val Cyan: Color get() = TODO()
        @Stable val Magenta: Color get() = TODO()
        @Stable val Transparent: Color get() = TODO()
        @Stable val Unspecified: Color get() = TODO()
    }
}

// The colour-space overload Color(red, green, blue, alpha, colorSpace) is declared without its
// colorSpace parameter (the app passes none).
@Stable fun Color(red: Float, green: Float, blue: Float, alpha: Float = 1f): Color = TODO()
@Stable fun Color(color: Int): Color = TODO()
@Stable fun Color(color: Long): Color = TODO()
@Stable fun Color(red: Int, green: Int, blue: Int, alpha: Int = 0xFF): Color = TODO()
@Stable fun lerp(start: Color, stop: Color, fraction: Float): Color = TODO()
@Stable fun Color.compositeOver(background: Color): Color = TODO()
@Stable fun Color.luminance(): Float = TODO()
@Stable fun Color.toArgb(): Int = TODO()
inline val Color.isSpecified: Boolean get() = TODO()
inline val Color.isUnspecified: Boolean get() = TODO()
inline fun Color.takeOrElse(block: () -> Color): Color = TODO()

@Immutable
sealed class Brush

@Immutable
class SolidColor(val value: Color) : Brush()

sealed class Outline

@Stable
interface Shape {
    fun createOutline(size: Size, layoutDirection: LayoutDirection, density: Density): Outline
}

val RectangleShape: Shape get() = TODO()

interface PathEffect

@Immutable
open class ColorFilter internal constructor()

@Immutable
@JvmInline
value class BlendMode internal constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val Clear: BlendMode get() = TODO()
        val Src: BlendMode get() = TODO()
        val SrcOver: BlendMode get() = TODO()
        val Multiply: BlendMode get() = TODO()
    }
}

@Immutable
@JvmInline
value class StrokeCap internal constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val Butt: StrokeCap get() = TODO()
        val Round: StrokeCap get() = TODO()
        val Square: StrokeCap get() = TODO()
    }
}

@Immutable
@JvmInline
value class StrokeJoin internal constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val Miter: StrokeJoin get() = TODO()
        val Round: StrokeJoin get() = TODO()
        val Bevel: StrokeJoin get() = TODO()
    }
}

@Immutable
@JvmInline
value class PathFillType internal constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val NonZero: PathFillType get() = TODO()
        val EvenOdd: PathFillType get() = TODO()
    }
}

interface Path {
    var fillType: PathFillType
    val isConvex: Boolean
    val isEmpty: Boolean
    fun moveTo(x: Float, y: Float)
    fun relativeMoveTo(dx: Float, dy: Float)
    fun lineTo(x: Float, y: Float)
    fun relativeLineTo(dx: Float, dy: Float)
    fun quadraticTo(x1: Float, y1: Float, x2: Float, y2: Float)
    fun cubicTo(x1: Float, y1: Float, x2: Float, y2: Float, x3: Float, y3: Float)
    fun close()
    fun reset()
    fun rewind()

    companion object
}

fun Path(): Path = TODO()
