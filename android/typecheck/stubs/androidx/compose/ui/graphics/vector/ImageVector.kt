// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui-graphics 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are
// never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.graphics.vector

import androidx.compose.runtime.Immutable
import androidx.compose.ui.unit.Dp

@Immutable
class ImageVector internal constructor() {
    val name: String get() = TODO()
    val defaultWidth: Dp get() = TODO()
    val defaultHeight: Dp get() = TODO()
}
