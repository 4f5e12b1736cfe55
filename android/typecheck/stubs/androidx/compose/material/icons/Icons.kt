// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-material-icons-core 1.7 (Compose BOM 2024.12.01), written by hand.
// Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("unused")

package androidx.compose.material.icons

object Icons {
    val Default: Filled = Filled

    object Filled
    object Outlined
    object Rounded
    object TwoTone
    object Sharp

    object AutoMirrored {
        object Filled
        object Outlined
    }
}
