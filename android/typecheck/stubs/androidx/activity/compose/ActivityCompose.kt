// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of androidx.activity:activity-compose 1.9.3, written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.activity.compose

import androidx.activity.ComponentActivity
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionContext

fun ComponentActivity.setContent(parent: CompositionContext? = null, content: @Composable () -> Unit): Unit = TODO()

@Composable
fun BackHandler(enabled: Boolean = true, onBack: () -> Unit): Unit = TODO()

class ManagedActivityResultLauncher<I, O> internal constructor() : androidx.activity.result.ActivityResultLauncher<I>()

@Composable
fun <I, O> rememberLauncherForActivityResult(
    contract: androidx.activity.result.contract.ActivityResultContract<I, O>,
    onResult: (O) -> Unit,
): ManagedActivityResultLauncher<I, O> = TODO()
