// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of androidx.lifecycle 2.8.7 (lifecycle-common, -runtime, -viewmodel,
// -viewmodel-savedstate), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.lifecycle

import android.app.Application
import androidx.lifecycle.viewmodel.CreationExtras
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.StateFlow

interface LifecycleObserver

abstract class Lifecycle {
    abstract val currentState: State
    abstract fun addObserver(observer: LifecycleObserver)
    abstract fun removeObserver(observer: LifecycleObserver)

    enum class State {
        DESTROYED, INITIALIZED, CREATED, STARTED, RESUMED;

        fun isAtLeast(state: State): Boolean = TODO()
    }

    enum class Event { ON_CREATE, ON_START, ON_RESUME, ON_PAUSE, ON_STOP, ON_DESTROY, ON_ANY }
}

interface LifecycleOwner {
    val lifecycle: Lifecycle
}

open class ViewModelStore {
    fun clear(): Unit = TODO()
}

interface ViewModelStoreOwner {
    val viewModelStore: ViewModelStore
}

interface HasDefaultViewModelProviderFactory {
    val defaultViewModelProviderFactory: ViewModelProvider.Factory
    val defaultViewModelCreationExtras: CreationExtras get() = TODO()
}

open class ViewModelProvider(store: ViewModelStore, factory: Factory, defaultCreationExtras: CreationExtras = TODO()) {
    interface Factory {
        fun <T : ViewModel> create(modelClass: Class<T>): T = TODO()
        fun <T : ViewModel> create(modelClass: Class<T>, extras: CreationExtras): T = TODO()
    }

    operator fun <T : ViewModel> get(modelClass: Class<T>): T = TODO()
}

abstract class ViewModel {
    constructor()
    constructor(vararg closeables: AutoCloseable)

    protected open fun onCleared(): Unit = TODO()
    fun addCloseable(key: String, closeable: AutoCloseable): Unit = TODO()
    open fun addCloseable(closeable: AutoCloseable): Unit = TODO()
    fun <T : AutoCloseable> getCloseable(key: String): T? = TODO()
}

open class AndroidViewModel(application: Application) : ViewModel() {
    open fun <T : Application> getApplication(): T = TODO()
}

val ViewModel.viewModelScope: CoroutineScope get() = TODO()

class SavedStateHandle {
    constructor(initialState: Map<String, Any?>)
    constructor()

    operator fun contains(key: String): Boolean = TODO()
    fun <T> getStateFlow(key: String, initialValue: T): StateFlow<T> = TODO()
    fun keys(): Set<String> = TODO()
    operator fun <T> get(key: String): T? = TODO()
    operator fun <T> set(key: String, value: T?): Unit = TODO()
    fun <T> remove(key: String): T? = TODO()
}

// lifecycle-runtime (RepeatOnLifecycle.kt; moved there from lifecycle-runtime-ktx in 2.8.0).
suspend fun LifecycleOwner.repeatOnLifecycle(state: Lifecycle.State, block: suspend CoroutineScope.() -> Unit): Unit = TODO()
