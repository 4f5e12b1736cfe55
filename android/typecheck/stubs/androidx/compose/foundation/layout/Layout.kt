// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation(-layout) 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt),
// written by hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation.layout

import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.runtime.NonRestartableComposable
import androidx.compose.runtime.Stable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.Constraints
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.LayoutDirection
import androidx.compose.ui.unit.dp

@DslMarker
annotation class LayoutScopeMarker

@RequiresOptIn("The API of this layout is experimental and is likely to change in the future.")
@Retention(AnnotationRetention.BINARY)
annotation class ExperimentalLayoutApi

@Immutable
object Arrangement {
    @Stable
    interface Horizontal {
        val spacing: Dp get() = 0.dp
        fun Density.arrange(totalSize: Int, sizes: IntArray, layoutDirection: LayoutDirection, outPositions: IntArray)
    }

    @Stable
    interface Vertical {
        val spacing: Dp get() = 0.dp
        fun Density.arrange(totalSize: Int, sizes: IntArray, outPositions: IntArray)
    }

    @Stable
    interface HorizontalOrVertical : Horizontal, Vertical {
        override val spacing: Dp get() = 0.dp
    }

    @Stable val Start: Horizontal get() = TODO()
    @Stable val End: Horizontal get() = TODO()
    @Stable val Top: Vertical get() = TODO()
    @Stable val Bottom: Vertical get() = TODO()
    @Stable val Center: HorizontalOrVertical get() = TODO()
    @Stable val SpaceEvenly: HorizontalOrVertical get() = TODO()
    @Stable val SpaceBetween: HorizontalOrVertical get() = TODO()
    @Stable val SpaceAround: HorizontalOrVertical get() = TODO()

    @Stable fun spacedBy(space: Dp): HorizontalOrVertical = TODO()
    @Stable fun spacedBy(space: Dp, alignment: Alignment.Horizontal): Horizontal = TODO()
    @Stable fun spacedBy(space: Dp, alignment: Alignment.Vertical): Vertical = TODO()
    @Stable fun aligned(alignment: Alignment.Horizontal): Horizontal = TODO()
    @Stable fun aligned(alignment: Alignment.Vertical): Vertical = TODO()
}

@Composable
fun Box(modifier: Modifier): Unit = TODO()

@Composable
inline fun Box(
    modifier: Modifier = Modifier,
    contentAlignment: Alignment = Alignment.TopStart,
    propagateMinConstraints: Boolean = false,
    content: @Composable BoxScope.() -> Unit,
): Unit = TODO()

@LayoutScopeMarker
@Immutable
interface BoxScope {
    @Stable fun Modifier.align(alignment: Alignment): Modifier
    @Stable fun Modifier.matchParentSize(): Modifier
}

@Composable
fun BoxWithConstraints(
    modifier: Modifier = Modifier,
    contentAlignment: Alignment = Alignment.TopStart,
    propagateMinConstraints: Boolean = false,
    content: @Composable BoxWithConstraintsScope.() -> Unit,
): Unit = TODO()

@Stable
interface BoxWithConstraintsScope : BoxScope {
    val constraints: Constraints
    val minWidth: Dp
    val maxWidth: Dp
    val minHeight: Dp
    val maxHeight: Dp
}

@Composable
inline fun Column(
    modifier: Modifier = Modifier,
    verticalArrangement: Arrangement.Vertical = Arrangement.Top,
    horizontalAlignment: Alignment.Horizontal = Alignment.Start,
    content: @Composable ColumnScope.() -> Unit,
): Unit = TODO()

@LayoutScopeMarker
@Immutable
interface ColumnScope {
    @Stable fun Modifier.weight(weight: Float, fill: Boolean = true): Modifier
    @Stable fun Modifier.align(alignment: Alignment.Horizontal): Modifier
}

@Composable
inline fun Row(
    modifier: Modifier = Modifier,
    horizontalArrangement: Arrangement.Horizontal = Arrangement.Start,
    verticalAlignment: Alignment.Vertical = Alignment.Top,
    content: @Composable RowScope.() -> Unit,
): Unit = TODO()

@LayoutScopeMarker
@Immutable
interface RowScope {
    @Stable fun Modifier.weight(weight: Float, fill: Boolean = true): Modifier
    @Stable fun Modifier.align(alignment: Alignment.Vertical): Modifier
    @Stable fun Modifier.alignByBaseline(): Modifier
}

@ExperimentalLayoutApi
sealed class FlowLayoutOverflow

@ExperimentalLayoutApi
class FlowRowOverflow private constructor() : FlowLayoutOverflow() {
    companion object {
        @ExperimentalLayoutApi val Visible: FlowRowOverflow get() = TODO()
        @ExperimentalLayoutApi val Clip: FlowRowOverflow get() = TODO()
    }
}

@ExperimentalLayoutApi
@LayoutScopeMarker
@Immutable
interface FlowRowScope : RowScope {
    @ExperimentalLayoutApi fun Modifier.fillMaxRowHeight(fraction: Float = 1f): Modifier
}

@Composable
@ExperimentalLayoutApi
fun FlowRow(
    modifier: Modifier = Modifier,
    horizontalArrangement: Arrangement.Horizontal = Arrangement.Start,
    verticalArrangement: Arrangement.Vertical = Arrangement.Top,
    maxItemsInEachRow: Int = Int.MAX_VALUE,
    maxLines: Int = Int.MAX_VALUE,
    overflow: FlowRowOverflow = FlowRowOverflow.Clip,
    content: @Composable FlowRowScope.() -> Unit,
): Unit = TODO()

@Composable
@NonRestartableComposable
fun Spacer(modifier: Modifier): Unit = TODO()

@Stable
interface PaddingValues {
    fun calculateLeftPadding(layoutDirection: LayoutDirection): Dp
    fun calculateTopPadding(): Dp
    fun calculateRightPadding(layoutDirection: LayoutDirection): Dp
    fun calculateBottomPadding(): Dp
}

@Stable fun PaddingValues(all: Dp): PaddingValues = TODO()
@Stable fun PaddingValues(horizontal: Dp = 0.dp, vertical: Dp = 0.dp): PaddingValues = TODO()
@Stable fun PaddingValues(start: Dp = 0.dp, top: Dp = 0.dp, end: Dp = 0.dp, bottom: Dp = 0.dp): PaddingValues = TODO()

@Stable fun Modifier.padding(start: Dp = 0.dp, top: Dp = 0.dp, end: Dp = 0.dp, bottom: Dp = 0.dp): Modifier = TODO()
@Stable fun Modifier.padding(horizontal: Dp = 0.dp, vertical: Dp = 0.dp): Modifier = TODO()
@Stable fun Modifier.padding(all: Dp): Modifier = TODO()
@Stable fun Modifier.padding(paddingValues: PaddingValues): Modifier = TODO()
@Stable fun Modifier.absolutePadding(left: Dp = 0.dp, top: Dp = 0.dp, right: Dp = 0.dp, bottom: Dp = 0.dp): Modifier = TODO()

@Stable fun Modifier.width(width: Dp): Modifier = TODO()
@Stable fun Modifier.height(height: Dp): Modifier = TODO()
@Stable fun Modifier.size(size: Dp): Modifier = TODO()
@Stable fun Modifier.size(width: Dp, height: Dp): Modifier = TODO()
@Stable fun Modifier.widthIn(min: Dp = Dp.Unspecified, max: Dp = Dp.Unspecified): Modifier = TODO()
@Stable fun Modifier.heightIn(min: Dp = Dp.Unspecified, max: Dp = Dp.Unspecified): Modifier = TODO()
@Stable fun Modifier.sizeIn(minWidth: Dp = Dp.Unspecified, minHeight: Dp = Dp.Unspecified, maxWidth: Dp = Dp.Unspecified, maxHeight: Dp = Dp.Unspecified): Modifier = TODO()
@Stable fun Modifier.defaultMinSize(minWidth: Dp = Dp.Unspecified, minHeight: Dp = Dp.Unspecified): Modifier = TODO()
@Stable fun Modifier.fillMaxWidth(fraction: Float = 1f): Modifier = TODO()
@Stable fun Modifier.fillMaxHeight(fraction: Float = 1f): Modifier = TODO()
@Stable fun Modifier.fillMaxSize(fraction: Float = 1f): Modifier = TODO()
@Stable fun Modifier.wrapContentWidth(align: Alignment.Horizontal = Alignment.CenterHorizontally, unbounded: Boolean = false): Modifier = TODO()
@Stable fun Modifier.wrapContentHeight(align: Alignment.Vertical = Alignment.CenterVertically, unbounded: Boolean = false): Modifier = TODO()
@Stable fun Modifier.wrapContentSize(align: Alignment = Alignment.Center, unbounded: Boolean = false): Modifier = TODO()
@Stable fun Modifier.aspectRatio(ratio: Float, matchHeightConstraintsFirst: Boolean = false): Modifier = TODO()
@Stable fun Modifier.offset(x: Dp = 0.dp, y: Dp = 0.dp): Modifier = TODO()

@Stable
interface WindowInsets {
    fun getLeft(density: Density, layoutDirection: LayoutDirection): Int
    fun getTop(density: Density): Int
    fun getRight(density: Density, layoutDirection: LayoutDirection): Int
    fun getBottom(density: Density): Int

    companion object
}
