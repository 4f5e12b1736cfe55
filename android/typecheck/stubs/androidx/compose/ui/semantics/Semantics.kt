// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-ui 1.7 (Compose BOM 2024.12.01), written by hand. Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.ui.semantics

import androidx.compose.runtime.Immutable
import androidx.compose.ui.Modifier

fun Modifier.semantics(mergeDescendants: Boolean = false, properties: (SemanticsPropertyReceiver.() -> Unit)): Modifier = TODO()

fun Modifier.clearAndSetSemantics(properties: (SemanticsPropertyReceiver.() -> Unit)): Modifier = TODO()

interface SemanticsPropertyReceiver {
    operator fun <T> set(key: SemanticsPropertyKey<T>, value: T)
}

class SemanticsPropertyKey<T>(val name: String, val mergePolicy: (T?, T) -> T? = { parentValue, _ -> parentValue })

var SemanticsPropertyReceiver.contentDescription: String
    get() = TODO()
    set(value) = TODO()

var SemanticsPropertyReceiver.stateDescription: String
    get() = TODO()
    set(value) = TODO()

var SemanticsPropertyReceiver.role: Role
    get() = TODO()
    set(value) = TODO()

var SemanticsPropertyReceiver.selected: Boolean
    get() = TODO()
    set(value) = TODO()

fun SemanticsPropertyReceiver.heading(): Unit = TODO()

fun SemanticsPropertyReceiver.onClick(label: String? = null, action: (() -> Boolean)?): Unit = TODO()

@Immutable
@JvmInline
value class Role private constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val Button: Role get() = TODO()
        val Checkbox: Role get() = TODO()
        val Switch: Role get() = TODO()
        val RadioButton: Role get() = TODO()
        val Tab: Role get() = TODO()
        val Image: Role get() = TODO()
        val DropdownList: Role get() = TODO()
    }
}
