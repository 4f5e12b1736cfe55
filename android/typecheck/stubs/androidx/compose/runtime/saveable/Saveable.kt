// Type-checking stand-in, NOT androidx.compose.runtime.saveable: the declarations the app uses,
// with the signatures of compose-runtime-saveable 1.7 (Compose BOM 2024.12.01), written by hand.
// Bodies are never run. See android/typecheck/stubs/README.md. (The overload taking a
// `stateSaver` for a `MutableState` is left out.)
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.compose.runtime.saveable

import androidx.compose.runtime.Composable

interface SaverScope {
    fun canBeSaved(value: Any): Boolean
}

interface Saver<Original, Saveable : Any> {
    fun SaverScope.save(value: Original): Saveable?
    fun restore(value: Saveable): Original?
}

fun <T> autoSaver(): Saver<T, Any> = TODO()

@Composable
fun <T : Any> rememberSaveable(
    vararg inputs: Any?,
    saver: Saver<T, out Any> = autoSaver(),
    key: String? = null,
    init: () -> T,
): T = TODO()
