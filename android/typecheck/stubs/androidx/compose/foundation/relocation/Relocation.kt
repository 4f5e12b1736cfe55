// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-foundation 1.7 (Compose BOM 2024.12.01; api/1.7.0-beta0x.txt), written by
// hand. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused", "NOTHING_TO_INLINE")

package androidx.compose.foundation.relocation

import androidx.compose.foundation.ExperimentalFoundationApi
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Rect

@ExperimentalFoundationApi
sealed interface BringIntoViewRequester {
    suspend fun bringIntoView(rect: Rect? = null)
}

@ExperimentalFoundationApi
fun BringIntoViewRequester(): BringIntoViewRequester = TODO()

@ExperimentalFoundationApi
fun Modifier.bringIntoViewRequester(bringIntoViewRequester: BringIntoViewRequester): Modifier = TODO()
