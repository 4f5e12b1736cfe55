// Type-checking stand-in, NOT the real library: a type the app's text field refers to through a
// parameter default only (compose-ui-text 1.7). See android/typecheck/stubs/README.md.
package androidx.compose.ui.text.input

fun interface VisualTransformation {
    fun filter(text: androidx.compose.ui.text.AnnotatedString): TransformedText

    companion object {
        val None: VisualTransformation get() = TODO()
    }
}

class TransformedText internal constructor()
