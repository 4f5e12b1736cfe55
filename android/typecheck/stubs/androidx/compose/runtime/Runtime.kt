// Type-checking stand-in, NOT androidx.compose.runtime: the declarations the app uses, with the
// signatures of compose-runtime 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never
// run. Without the Compose compiler plugin `@Composable` is a plain annotation here: the rules
// about where composables may be called are not checked. See android/typecheck/stubs/README.md.
@file:Suppress("NOTHING_TO_INLINE", "UNUSED_PARAMETER", "unused")

package androidx.compose.runtime

import kotlin.reflect.KProperty
import kotlinx.coroutines.CoroutineScope

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.TYPE_PARAMETER, AnnotationTarget.PROPERTY_GETTER)
annotation class Composable

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.PROPERTY_GETTER)
annotation class ReadOnlyComposable

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.PROPERTY_GETTER)
annotation class NonRestartableComposable

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.PROPERTY_GETTER, AnnotationTarget.TYPE)
annotation class DisallowComposableCalls

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS, AnnotationTarget.FUNCTION, AnnotationTarget.PROPERTY_GETTER, AnnotationTarget.PROPERTY)
annotation class Stable

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class Immutable

@Stable
interface State<out T> {
    val value: T
}

@Stable
interface MutableState<T> : State<T> {
    override var value: T
    operator fun component1(): T
    operator fun component2(): (T) -> Unit
}

@Stable
interface FloatState : State<Float> {
    val floatValue: Float
    override val value: Float get() = floatValue
}

@Stable
interface MutableFloatState : FloatState, MutableState<Float> {
    override var value: Float
        get() = floatValue
        set(value) {
            floatValue = value
        }
    override var floatValue: Float
}

@Stable
interface IntState : State<Int> {
    val intValue: Int
    override val value: Int get() = intValue
}

@Stable
interface MutableIntState : IntState, MutableState<Int> {
    override var value: Int
        get() = intValue
        set(value) {
            intValue = value
        }
    override var intValue: Int
}

interface SnapshotMutationPolicy<T> {
    fun equivalent(a: T, b: T): Boolean
    fun merge(previous: T, current: T, applied: T): T? = null
}

fun <T> structuralEqualityPolicy(): SnapshotMutationPolicy<T> = TODO()
fun <T> referentialEqualityPolicy(): SnapshotMutationPolicy<T> = TODO()
fun <T> neverEqualPolicy(): SnapshotMutationPolicy<T> = TODO()

fun <T> mutableStateOf(value: T, policy: SnapshotMutationPolicy<T> = structuralEqualityPolicy()): MutableState<T> = TODO()
fun mutableFloatStateOf(value: Float): MutableFloatState = TODO()
fun mutableIntStateOf(value: Int): MutableIntState = TODO()

inline operator fun <T> State<T>.getValue(thisObj: Any?, property: KProperty<*>): T = TODO()
inline operator fun <T> MutableState<T>.setValue(thisObj: Any?, property: KProperty<*>, value: T): Unit = TODO()
inline operator fun FloatState.getValue(thisObj: Any?, property: KProperty<*>): Float = TODO()
inline operator fun MutableFloatState.setValue(thisObj: Any?, property: KProperty<*>, value: Float): Unit = TODO()
inline operator fun IntState.getValue(thisObj: Any?, property: KProperty<*>): Int = TODO()
inline operator fun MutableIntState.setValue(thisObj: Any?, property: KProperty<*>, value: Int): Unit = TODO()

@Composable
inline fun <T> remember(crossinline calculation: @DisallowComposableCalls () -> T): T = TODO()

@Composable
inline fun <T> remember(key1: Any?, crossinline calculation: @DisallowComposableCalls () -> T): T = TODO()

@Composable
inline fun <T> remember(key1: Any?, key2: Any?, crossinline calculation: @DisallowComposableCalls () -> T): T = TODO()

@Composable
inline fun <T> remember(key1: Any?, key2: Any?, key3: Any?, crossinline calculation: @DisallowComposableCalls () -> T): T = TODO()

@Composable
inline fun <T> remember(vararg keys: Any?, crossinline calculation: @DisallowComposableCalls () -> T): T = TODO()

@Composable
fun <T> rememberUpdatedState(newValue: T): State<T> = TODO()

@Composable
inline fun <T> key(vararg keys: Any?, block: @Composable () -> T): T = TODO()

@Deprecated("LaunchedEffect must provide one or more 'key' parameters that define the identity of the LaunchedEffect and determine when its previous effect coroutine should be cancelled and a new effect launched for the new key.", level = DeprecationLevel.ERROR)
@Composable
fun LaunchedEffect(block: suspend CoroutineScope.() -> Unit): Unit = TODO()

@Composable
@NonRestartableComposable
fun LaunchedEffect(key1: Any?, block: suspend CoroutineScope.() -> Unit): Unit = TODO()

@Composable
@NonRestartableComposable
fun LaunchedEffect(key1: Any?, key2: Any?, block: suspend CoroutineScope.() -> Unit): Unit = TODO()

@Composable
@NonRestartableComposable
fun LaunchedEffect(key1: Any?, key2: Any?, key3: Any?, block: suspend CoroutineScope.() -> Unit): Unit = TODO()

@Composable
@NonRestartableComposable
fun LaunchedEffect(vararg keys: Any?, block: suspend CoroutineScope.() -> Unit): Unit = TODO()

@Composable
fun rememberCoroutineScope(getContext: @DisallowComposableCalls () -> kotlin.coroutines.CoroutineContext = { kotlin.coroutines.EmptyCoroutineContext }): CoroutineScope = TODO()

@Stable
sealed class CompositionLocal<T> {
    val current: T
        @ReadOnlyComposable @Composable get() = TODO()
}

@Stable
abstract class ProvidableCompositionLocal<T> internal constructor() : CompositionLocal<T>()

fun <T> compositionLocalOf(policy: SnapshotMutationPolicy<T> = structuralEqualityPolicy(), defaultFactory: () -> T): ProvidableCompositionLocal<T> = TODO()
fun <T> staticCompositionLocalOf(defaultFactory: () -> T): ProvidableCompositionLocal<T> = TODO()

abstract class CompositionContext internal constructor()
