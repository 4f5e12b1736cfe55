// Type-checking stand-in, NOT the real library: types the app's text field refers to through
// parameter defaults only (compose-foundation 1.7). See android/typecheck/stubs/README.md.
package androidx.compose.foundation.text

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable

@Immutable
class KeyboardOptions internal constructor() {
    companion object {
        @Stable val Default: KeyboardOptions get() = TODO()
    }
}

@Stable
class KeyboardActions internal constructor() {
    companion object {
        val Default: KeyboardActions get() = TODO()
    }
}
