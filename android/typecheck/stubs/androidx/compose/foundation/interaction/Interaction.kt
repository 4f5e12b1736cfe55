// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt), written by
// hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation.interaction

import androidx.compose.runtime.Stable

interface Interaction

@Stable
interface InteractionSource {
    val interactions: kotlinx.coroutines.flow.Flow<Interaction>
}

@Stable
interface MutableInteractionSource : InteractionSource {
    suspend fun emit(interaction: Interaction)
    fun tryEmit(interaction: Interaction): Boolean
}

fun MutableInteractionSource(): MutableInteractionSource = TODO()
