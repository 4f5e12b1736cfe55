// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of androidx.activity:activity 1.9.3, written by hand (only the contract the app
// uses; the real ActivityResultContract has createIntent and parseResult). Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.activity.result.contract

import android.net.Uri

abstract class ActivityResultContract<I, O>

class ActivityResultContracts private constructor() {
    /** Opens a document of one of the given MIME types with the system's picker. */
    open class OpenDocument : ActivityResultContract<Array<String>, Uri?>()

    /** Creates a document of [mimeType] where the person chooses; the input is its suggested name. */
    open class CreateDocument(mimeType: String) : ActivityResultContract<String, Uri?>()
}
