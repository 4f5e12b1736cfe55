// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.window

import androidx.compose.runtime.Immutable

/** Whether a window may be captured in screenshots (the platform's FLAG_SECURE). */
enum class SecureFlagPolicy { Inherit, SecureOn, SecureOff }

@Immutable
class DialogProperties(
    val dismissOnBackPress: Boolean = true,
    val dismissOnClickOutside: Boolean = true,
    val securePolicy: SecureFlagPolicy = SecureFlagPolicy.Inherit,
    val usePlatformDefaultWidth: Boolean = true,
    val decorFitsSystemWindows: Boolean = true,
)

@Immutable
class PopupProperties(
    val focusable: Boolean = false,
    val dismissOnBackPress: Boolean = true,
    val dismissOnClickOutside: Boolean = true,
    val securePolicy: SecureFlagPolicy = SecureFlagPolicy.Inherit,
    val excludeFromSystemGesture: Boolean = true,
    val clippingEnabled: Boolean = true,
)
