// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of androidx.activity:activity(-ktx) 1.9.3, written by hand (the real
// ComponentActivity extends androidx.core.app.ComponentActivity, left out here). Bodies are never
// run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.activity

import android.os.Bundle
import androidx.lifecycle.HasDefaultViewModelProviderFactory
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ViewModel
import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.ViewModelStore
import androidx.lifecycle.ViewModelStoreOwner
import androidx.lifecycle.viewmodel.CreationExtras

open class ComponentActivity : android.app.Activity(), LifecycleOwner, ViewModelStoreOwner, HasDefaultViewModelProviderFactory, OnBackPressedDispatcherOwner {
    override val lifecycle: Lifecycle get() = TODO()
    override val viewModelStore: ViewModelStore get() = TODO()
    override val defaultViewModelProviderFactory: ViewModelProvider.Factory get() = TODO()
    override val defaultViewModelCreationExtras: CreationExtras get() = TODO()
    override val onBackPressedDispatcher: OnBackPressedDispatcher get() = TODO()

    override fun onCreate(savedInstanceState: Bundle?): Unit = TODO()
}

interface OnBackPressedDispatcherOwner : LifecycleOwner {
    val onBackPressedDispatcher: OnBackPressedDispatcher
}

class OnBackPressedDispatcher {
    fun onBackPressed(): Unit = TODO()
}

inline fun <reified VM : ViewModel> ComponentActivity.viewModels(
    noinline extrasProducer: (() -> CreationExtras)? = null,
    noinline factoryProducer: (() -> ViewModelProvider.Factory)? = null,
): Lazy<VM> = TODO()

class SystemBarStyle private constructor() {
    companion object {
        fun auto(lightScrim: Int, darkScrim: Int): SystemBarStyle = TODO()
        fun dark(scrim: Int): SystemBarStyle = TODO()
        fun light(scrim: Int, darkScrim: Int): SystemBarStyle = TODO()
    }
}

// The real defaults are SystemBarStyle.auto(...) of platform colours.
@JvmName("enable")
@JvmOverloads
fun ComponentActivity.enableEdgeToEdge(
    statusBarStyle: SystemBarStyle = TODO(),
    navigationBarStyle: SystemBarStyle = TODO(),
): Unit = TODO()
