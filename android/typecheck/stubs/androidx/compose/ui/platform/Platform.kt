// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.platform

import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.LayoutDirection

val LocalDensity: ProvidableCompositionLocal<Density> get() = TODO()

// AndroidCompositionLocals.android.kt
val LocalContext: ProvidableCompositionLocal<android.content.Context> get() = TODO()

// AndroidCompositionLocals.android.kt
val LocalView: ProvidableCompositionLocal<android.view.View> get() = TODO()

val LocalLayoutDirection: ProvidableCompositionLocal<LayoutDirection> get() = TODO()

interface ViewConfiguration {
    val longPressTimeoutMillis: Long
    val doubleTapTimeoutMillis: Long
    val doubleTapMinTimeMillis: Long
    val touchSlop: Float
}
