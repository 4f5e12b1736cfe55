// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt), written by
// hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation

import androidx.compose.foundation.gestures.FlingBehavior
import androidx.compose.foundation.interaction.MutableInteractionSource
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.runtime.ReadOnlyComposable
import androidx.compose.runtime.Stable
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.RectangleShape
import androidx.compose.ui.graphics.Shape
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.unit.Dp

@RequiresOptIn("This foundation API is experimental and is likely to change or be removed in the future.")
@Retention(AnnotationRetention.BINARY)
annotation class ExperimentalFoundationApi

@Stable
fun Modifier.background(color: Color, shape: Shape = RectangleShape): Modifier = TODO()

@Stable
fun Modifier.background(brush: Brush, shape: Shape = RectangleShape, alpha: Float = 1.0f): Modifier = TODO()

@Stable
fun Modifier.border(width: Dp, color: Color, shape: Shape = RectangleShape): Modifier = TODO()

@Stable
fun Modifier.border(border: BorderStroke, shape: Shape = RectangleShape): Modifier = TODO()

@Immutable
class BorderStroke(val width: Dp, val brush: Brush) {
    fun copy(width: Dp = this.width, brush: Brush = this.brush): BorderStroke = TODO()
}

@Stable
fun BorderStroke(width: Dp, color: Color): BorderStroke = TODO()

@Stable
interface Indication

fun Modifier.clickable(
    enabled: Boolean = true,
    onClickLabel: String? = null,
    role: Role? = null,
    onClick: () -> Unit,
): Modifier = TODO()

fun Modifier.clickable(
    interactionSource: MutableInteractionSource?,
    indication: Indication?,
    enabled: Boolean = true,
    onClickLabel: String? = null,
    role: Role? = null,
    onClick: () -> Unit,
): Modifier = TODO()

@ExperimentalFoundationApi
fun Modifier.combinedClickable(
    enabled: Boolean = true,
    onClickLabel: String? = null,
    role: Role? = null,
    onLongClickLabel: String? = null,
    onLongClick: (() -> Unit)? = null,
    onDoubleClick: (() -> Unit)? = null,
    onClick: () -> Unit,
): Modifier = TODO()

@ExperimentalFoundationApi
fun Modifier.combinedClickable(
    interactionSource: MutableInteractionSource?,
    indication: Indication?,
    enabled: Boolean = true,
    onClickLabel: String? = null,
    role: Role? = null,
    onLongClickLabel: String? = null,
    onLongClick: (() -> Unit)? = null,
    onDoubleClick: (() -> Unit)? = null,
    onClick: () -> Unit,
): Modifier = TODO()

@Composable
fun Canvas(modifier: Modifier, onDraw: DrawScope.() -> Unit): Unit = TODO()

@Composable
fun Canvas(modifier: Modifier, contentDescription: String, onDraw: DrawScope.() -> Unit): Unit = TODO()

@Composable
@ReadOnlyComposable
fun isSystemInDarkTheme(): Boolean = TODO()

@Stable
class ScrollState(initial: Int) {
    val value: Int get() = TODO()
    val maxValue: Int get() = TODO()
    val viewportSize: Int get() = TODO()
    val isScrollInProgress: Boolean get() = TODO()
    suspend fun animateScrollTo(value: Int): Unit = TODO()
    suspend fun scrollTo(value: Int): Float = TODO()
}

@Composable
fun rememberScrollState(initial: Int = 0): ScrollState = TODO()

fun Modifier.horizontalScroll(
    state: ScrollState,
    enabled: Boolean = true,
    flingBehavior: FlingBehavior? = null,
    reverseScrolling: Boolean = false,
): Modifier = TODO()

fun Modifier.verticalScroll(
    state: ScrollState,
    enabled: Boolean = true,
    flingBehavior: FlingBehavior? = null,
    reverseScrolling: Boolean = false,
): Modifier = TODO()
