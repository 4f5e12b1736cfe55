// Type-checking stand-in, NOT the real library (androidx.lifecycle:lifecycle-viewmodel 2.8.7).
// See android/typecheck/stubs/README.md.
package androidx.lifecycle.viewmodel

abstract class CreationExtras internal constructor() {
    object Empty : CreationExtras()
}
