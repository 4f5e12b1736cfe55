// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt), written by
// hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation.shape

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Outline
import androidx.compose.ui.graphics.Shape
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp

@Immutable
interface CornerSize {
    fun toPx(shapeSize: Size, density: Density): Float
}

@Stable fun CornerSize(size: Dp): CornerSize = TODO()
@Stable fun CornerSize(size: Float): CornerSize = TODO()
@Stable fun CornerSize(percent: Int): CornerSize = TODO()

abstract class CornerBasedShape(
    val topStart: CornerSize,
    val topEnd: CornerSize,
    val bottomEnd: CornerSize,
    val bottomStart: CornerSize,
) : Shape {
    final override fun createOutline(size: Size, layoutDirection: LayoutDirection, density: Density): Outline = TODO()
}

class RoundedCornerShape(
    topStart: CornerSize,
    topEnd: CornerSize,
    bottomEnd: CornerSize,
    bottomStart: CornerSize,
) : CornerBasedShape(topStart, topEnd, bottomEnd, bottomStart) {
    fun copy(
        topStart: CornerSize = this.topStart,
        topEnd: CornerSize = this.topEnd,
        bottomEnd: CornerSize = this.bottomEnd,
        bottomStart: CornerSize = this.bottomStart,
    ): RoundedCornerShape = TODO()
}

val CircleShape: RoundedCornerShape get() = TODO()

fun RoundedCornerShape(corner: CornerSize): RoundedCornerShape = TODO()
fun RoundedCornerShape(size: Dp): RoundedCornerShape = TODO()
fun RoundedCornerShape(size: Float): RoundedCornerShape = TODO()
fun RoundedCornerShape(percent: Int): RoundedCornerShape = TODO()
fun RoundedCornerShape(topStart: Dp = 0.dp, topEnd: Dp = 0.dp, bottomEnd: Dp = 0.dp, bottomStart: Dp = 0.dp): RoundedCornerShape = TODO()
fun RoundedCornerShape(topStart: Float = 0.0f, topEnd: Float = 0.0f, bottomEnd: Float = 0.0f, bottomStart: Float = 0.0f): RoundedCornerShape = TODO()
fun RoundedCornerShape(
    topStartPercent: Int = 0,
    topEndPercent: Int = 0,
    bottomEndPercent: Int = 0,
    bottomStartPercent: Int = 0,
): RoundedCornerShape = TODO()
