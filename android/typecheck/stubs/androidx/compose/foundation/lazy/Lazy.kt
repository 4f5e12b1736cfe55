// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation(-layout) 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt),
// written by hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation.lazy

import androidx.compose.foundation.gestures.FlingBehavior
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Stable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier

@DslMarker
annotation class LazyScopeMarker

// flingBehavior's default (ScrollableDefaults.flingBehavior()) is a composable call; written TODO() here.
@Composable
fun LazyColumn(
    modifier: Modifier = Modifier,
    state: LazyListState = rememberLazyListState(),
    contentPadding: PaddingValues = PaddingValues(),
    reverseLayout: Boolean = false,
    verticalArrangement: Arrangement.Vertical = if (!reverseLayout) Arrangement.Top else Arrangement.Bottom,
    horizontalAlignment: Alignment.Horizontal = Alignment.Start,
    flingBehavior: FlingBehavior = TODO(),
    userScrollEnabled: Boolean = true,
    content: LazyListScope.() -> Unit,
): Unit = TODO()

@Composable
fun LazyRow(
    modifier: Modifier = Modifier,
    state: LazyListState = rememberLazyListState(),
    contentPadding: PaddingValues = PaddingValues(),
    reverseLayout: Boolean = false,
    horizontalArrangement: Arrangement.Horizontal = if (!reverseLayout) Arrangement.Start else Arrangement.End,
    verticalAlignment: Alignment.Vertical = Alignment.Top,
    flingBehavior: FlingBehavior = TODO(),
    userScrollEnabled: Boolean = true,
    content: LazyListScope.() -> Unit,
): Unit = TODO()

@LazyScopeMarker
interface LazyListScope {
    fun item(key: Any? = null, contentType: Any? = null, content: @Composable LazyItemScope.() -> Unit): Unit = TODO()

    fun items(
        count: Int,
        key: ((index: Int) -> Any)? = null,
        contentType: (index: Int) -> Any? = { null },
        itemContent: @Composable LazyItemScope.(index: Int) -> Unit,
    ): Unit = TODO()
}

inline fun <T> LazyListScope.items(
    items: List<T>,
    noinline key: ((item: T) -> Any)? = null,
    noinline contentType: (item: T) -> Any? = { null },
    crossinline itemContent: @Composable LazyItemScope.(item: T) -> Unit,
): Unit = TODO()

inline fun <T> LazyListScope.items(
    items: Array<T>,
    noinline key: ((item: T) -> Any)? = null,
    noinline contentType: (item: T) -> Any? = { null },
    crossinline itemContent: @Composable LazyItemScope.(item: T) -> Unit,
): Unit = TODO()

inline fun <T> LazyListScope.itemsIndexed(
    items: List<T>,
    noinline key: ((index: Int, item: T) -> Any)? = null,
    crossinline contentType: (index: Int, item: T) -> Any? = { _, _ -> null },
    crossinline itemContent: @Composable LazyItemScope.(index: Int, item: T) -> Unit,
): Unit = TODO()

@Stable
@LazyScopeMarker
interface LazyItemScope {
    fun Modifier.fillParentMaxSize(fraction: Float = 1f): Modifier
    fun Modifier.fillParentMaxWidth(fraction: Float = 1f): Modifier
    fun Modifier.fillParentMaxHeight(fraction: Float = 1f): Modifier
}

@Stable
class LazyListState(firstVisibleItemIndex: Int = 0, firstVisibleItemScrollOffset: Int = 0) {
    val firstVisibleItemIndex: Int get() = TODO()
    val firstVisibleItemScrollOffset: Int get() = TODO()
    val isScrollInProgress: Boolean get() = TODO()
    suspend fun scrollToItem(index: Int, scrollOffset: Int = 0): Unit = TODO()
    suspend fun animateScrollToItem(index: Int, scrollOffset: Int = 0): Unit = TODO()
    fun requestScrollToItem(index: Int, scrollOffset: Int = 0): Unit = TODO()
}

@Composable
fun rememberLazyListState(initialFirstVisibleItemIndex: Int = 0, initialFirstVisibleItemScrollOffset: Int = 0): LazyListState = TODO()
