// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of androidx.activity:activity 1.9.3, written by hand (the real launcher also has
// launch(input, options), unregister() and its contract, left out here). Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.activity.result

abstract class ActivityResultLauncher<I> {
    open fun launch(input: I): Unit = TODO()
}
