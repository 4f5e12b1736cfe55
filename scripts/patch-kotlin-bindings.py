#!/usr/bin/env python3
"""Applies chesscore's two patches to the Kotlin bindings that uniffi-bindgen 0.32.2 generates.

1. A reusable call status. Why: the generated code allocates a new JNA `Structure` (`UniffiRustCallStatus`, which holds a
nested `RustBuffer.ByValue`) for every call into Rust. On the desktop JVM that allocation
(native memory, cleaner registration, reflection) costs 5-15 microseconds, about nine tenths of
the price of a call, and a method call on an object makes three of them (clone the handle, the
call, free the returned buffer). The patch keeps one status per thread and resets it before
each call; a call that starts while that status is in use on the same thread (a call made while
lowering another call's arguments, or from a callback that Rust runs synchronously) gets a fresh
status exactly as before, so the status memory that Rust writes is never shared by two calls in
flight.

2. Every throwable from a callback reaches Rust. Why: the generated code that runs a Kotlin
`SearchListener` method for Rust catches `kotlin.Exception` only. Anything else a listener
throws (an `AssertionError` from a failed check, a `StackOverflowError`) escapes into JNA,
which prints it and returns as if the call had succeeded, so Rust never learns of it. With the
patch such a throwable is reported to Rust like an exception (as an unexpected callback error),
and the engine reports it to the app (`ChessError.Internal` from its next search call).

The script is strict: it fails when the generated text it replaces is not found exactly once,
so a UniFFI upgrade cannot silently skip it. `scripts/gen-bindings.sh` runs it after
generating, in normal and in `--check` mode, so the committed bindings stay reproducible.

Usage: patch-kotlin-bindings.py path/to/chesscore.kt
"""

import sys

import bindings_patch

STATUS_ORIGINAL = """\
private inline fun <U, E: kotlin.Exception> uniffiRustCallWithError(errorHandler: UniffiRustCallStatusErrorHandler<E>, callback: (UniffiRustCallStatus) -> U): U {
    var status = UniffiRustCallStatus()
    val return_value = callback(status)
    uniffiCheckCallStatus(errorHandler, status)
    return return_value
}
"""

STATUS_PATCHED = """\
// chesscore patch (scripts/patch-kotlin-bindings.py): one reusable call status per thread
// instead of a new JNA Structure per call; a nested call on the same thread gets its own.
private class UniffiCallStatusSlot {
    val status = UniffiRustCallStatus()
    var inUse = false
}

// An initialValue override rather than ThreadLocal.withInitial, which needs Android API 26.
private val uniffiCallStatusSlot = object : ThreadLocal<UniffiCallStatusSlot>() {
    override fun initialValue() = UniffiCallStatusSlot()
}

private inline fun <U, E: kotlin.Exception> uniffiRustCallWithError(errorHandler: UniffiRustCallStatusErrorHandler<E>, callback: (UniffiRustCallStatus) -> U): U {
    val slot = uniffiCallStatusSlot.get()
    if (slot.inUse) {
        val status = UniffiRustCallStatus()
        val return_value = callback(status)
        uniffiCheckCallStatus(errorHandler, status)
        return return_value
    }
    slot.inUse = true
    try {
        val status = slot.status
        status.code = UNIFFI_CALL_SUCCESS
        val return_value = callback(status)
        uniffiCheckCallStatus(errorHandler, status)
        return return_value
    } finally {
        slot.inUse = false
    }
}
"""


CALLBACK_ORIGINAL = """\
    try {
        writeReturn(makeCall())
    } catch(e: kotlin.Exception) {
        val err = try { e.stackTraceToString() } catch(_: Throwable) { "" }
        callStatus.code = UNIFFI_CALL_UNEXPECTED_ERROR
        callStatus.error_buf = FfiConverterString.lower(err)
    }
}
"""

CALLBACK_PATCHED = """\
    try {
        writeReturn(makeCall())
    } catch(e: Throwable) { // chesscore patch: not only kotlin.Exception (see the script)
        val err = try { e.stackTraceToString() } catch(_: Throwable) { "" }
        callStatus.code = UNIFFI_CALL_UNEXPECTED_ERROR
        callStatus.error_buf = FfiConverterString.lower(err)
    }
}
"""

CALLBACK_WITH_ERROR_ORIGINAL = """\
    try {
        writeReturn(makeCall())
    } catch(e: kotlin.Exception) {
        if (e is E) {
"""

CALLBACK_WITH_ERROR_PATCHED = """\
    try {
        writeReturn(makeCall())
    } catch(e: Throwable) { // chesscore patch: not only kotlin.Exception (see the script)
        if (e is E) {
"""

PATCHES = [
    ("uniffiRustCallWithError", STATUS_ORIGINAL, STATUS_PATCHED),
    ("uniffiTraitInterfaceCall", CALLBACK_ORIGINAL, CALLBACK_PATCHED),
    ("uniffiTraitInterfaceCallWithError", CALLBACK_WITH_ERROR_ORIGINAL, CALLBACK_WITH_ERROR_PATCHED),
]


def main() -> int:
    return bindings_patch.run("patch-kotlin-bindings", __doc__.strip().splitlines()[-1], PATCHES)


if __name__ == "__main__":
    sys.exit(main())
