// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.input.pointer

import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.platform.ViewConfiguration
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.IntSize

@Deprecated("Modifier.pointerInput must provide one or more 'key' parameters that define the identity of the modifier and determine when its previous input processing coroutine should be cancelled and a new effect launched for the new key.", level = DeprecationLevel.ERROR)
fun Modifier.pointerInput(block: suspend PointerInputScope.() -> Unit): Modifier = TODO()

fun Modifier.pointerInput(key1: Any?, block: suspend PointerInputScope.() -> Unit): Modifier = TODO()

fun Modifier.pointerInput(key1: Any?, key2: Any?, block: suspend PointerInputScope.() -> Unit): Modifier = TODO()

fun Modifier.pointerInput(vararg keys: Any?, block: suspend PointerInputScope.() -> Unit): Modifier = TODO()

interface PointerInputScope : Density {
    val size: IntSize
    val extendedTouchPadding: Size get() = TODO()
    val viewConfiguration: ViewConfiguration
    var interceptOutOfBoundsChildEvents: Boolean
        get() = TODO()
        set(value) = TODO()

    suspend fun <R> awaitPointerEventScope(block: suspend AwaitPointerEventScope.() -> R): R
}

@kotlin.coroutines.RestrictsSuspension
interface AwaitPointerEventScope : Density {
    val size: IntSize
    val currentEvent: PointerEvent
    suspend fun awaitPointerEvent(pass: PointerEventPass = PointerEventPass.Main): PointerEvent
}

enum class PointerEventPass { Initial, Main, Final }

class PointerEvent internal constructor() {
    val changes: List<PointerInputChange> get() = TODO()
}

@JvmInline
value class PointerId(val value: Long)

class PointerInputChange internal constructor() {
    val id: PointerId get() = TODO()
    val uptimeMillis: Long get() = TODO()
    val position: Offset get() = TODO()
    val pressed: Boolean get() = TODO()
    val previousUptimeMillis: Long get() = TODO()
    val previousPosition: Offset get() = TODO()
    val previousPressed: Boolean get() = TODO()
    val isConsumed: Boolean get() = TODO()
    fun consume(): Unit = TODO()
}
