#!/usr/bin/env python3
"""Applies chesscore's four patches to the Kotlin bindings that uniffi-bindgen 0.32.2 generates.

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

3. An object passed as an argument after its `close()` is refused. Why: the generated
`FfiConverterType<Object>.lower` clones the object's handle without the call counter that a
method call on the object checks, so a closed `ChessGame` passed to `ChessEngine.think` (or
`review`, `reviewKey`, `coach`) made Rust read freed memory: the process aborted, or the engine
searched another live game that had reused the memory. With the patch, lowering goes through
`callWithHandle`, which throws `IllegalStateException` ("... object has already been
destroyed") for a closed object, as its own methods do, and holds the object alive while its
handle is cloned. The refusal is thrown as `UniffiDestroyedArgumentException` (an
`IllegalStateException`), because the receiver's handle was cloned for the call before the
arguments were lowered, and the call that would have consumed that clone never happens: each
object's `callWithHandle` frees its clone when that exception passes through it (without this the
engine stayed alive for ever, thread and table, after one refused call).

4. The doc comments name Kotlin's error type: `ChessError` in the Rust doc comments (the
Swift name) is `ChessException` in KDoc lines that do not also name Swift's.

The script is strict: it fails when the generated text it replaces is not found exactly once,
so a UniFFI upgrade cannot silently skip it. `scripts/gen-bindings.sh` runs it after
generating, in normal and in `--check` mode, so the committed bindings stay reproducible.

Usage: patch-kotlin-bindings.py path/to/chesscore.kt
"""

import re
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


def lower_object(name: str) -> tuple[str, str, str]:
    """Patch 3 for the object `name`: its lowering checks the call counter."""
    head = f"    override fun lower(value: {name}): Long {{\n"
    return (
        f"FfiConverterType{name}.lower",
        head + "        return value.uniffiCloneHandle()\n",
        head + "        // chesscore patch: refused once closed, as a method call is (see the script)\n"
        "        return uniffiLowerLive { value.callWithHandle { it } }\n",
    )


def lower_listener(name: str) -> tuple[str, str, str]:
    """Patch 3 for the callback interface `name`: a Rust-implemented one checks its counter."""
    head = (
        f"    override fun lower(value: {name}): Long {{\n"
        f"        if (value is {name}Impl) {{\n"
        "             // Rust-implemented object.  Clone the handle and return it\n"
    )
    return (
        f"FfiConverterType{name}.lower",
        head + "            return value.uniffiCloneHandle()\n",
        head + "            return uniffiLowerLive { value.callWithHandle { it } } // chesscore patch (see the script)\n",
    )


CALL_WITH_HANDLE_ORIGINAL = """\
        try {
            return block(this.uniffiCloneHandle())
        } finally {
"""

CALL_WITH_HANDLE_PATCHED = """\
        try {
            val uniffiClone = this.uniffiCloneHandle()
            try {
                return block(uniffiClone)
            } catch (e: UniffiDestroyedArgumentException) {
                // chesscore patch: an argument was refused before the call could take this clone.
                uniffiFreeClone(uniffiClone)
                throw e
            }
        } finally {
"""

DESTROYED_ARGUMENT = """\
// chesscore patch (scripts/patch-kotlin-bindings.py): a closed object passed as an argument.
/** A closed (destroyed) object was passed as an argument: the call was not made. */
class UniffiDestroyedArgumentException(message: String?) : IllegalStateException(message)

internal inline fun uniffiLowerLive(lower: () -> Long): Long = try {
    lower()
} catch (e: UniffiDestroyedArgumentException) {
    throw e
} catch (e: IllegalStateException) {
    throw UniffiDestroyedArgumentException(e.message)
}

"""

CLEAN_ACTION_ORIGINAL = """\
    // Use a static inner class instead of a closure so as not to accidentally
"""

CLEAN_ACTION_PATCHED = """\
    // chesscore patch: frees a handle cloned for a call that was not made (callWithHandle is
    // inline, so it cannot reach the private UniffiCleanAction itself).
    @PublishedApi internal fun uniffiFreeClone(handle: Long) = UniffiCleanAction(handle).run()

""" + CLEAN_ACTION_ORIGINAL

PATCHES = [
    ("uniffiRustCallWithError", STATUS_ORIGINAL, STATUS_PATCHED + "\n" + DESTROYED_ARGUMENT),
    ("UniffiCleanAction", CLEAN_ACTION_ORIGINAL, CLEAN_ACTION_PATCHED, 8),
    ("callWithHandle", CALL_WITH_HANDLE_ORIGINAL, CALL_WITH_HANDLE_PATCHED, 8),
    ("uniffiTraitInterfaceCall", CALLBACK_ORIGINAL, CALLBACK_PATCHED),
    ("uniffiTraitInterfaceCallWithError", CALLBACK_WITH_ERROR_ORIGINAL, CALLBACK_WITH_ERROR_PATCHED),
    *(lower_object(name) for name in ("ChessEngine", "ChessGame", "ChessPuzzle", "OpeningExplorer", "SearchHandle")),
    *(lower_listener(name) for name in ("CoachListener", "ReviewListener", "SearchListener")),
]


def kotlin_error_names(path: str) -> None:
    """The doc comments' `ChessError` is `ChessException` in Kotlin (UniFFI renames error types
    ending in Error): rewritten in KDoc lines, except those that name Swift's too."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if line.lstrip().startswith("*") and "Swift" not in line:
            lines[i] = re.sub(r"`ChessError(?=[`.])", "`ChessException", line)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main() -> int:
    status = bindings_patch.run("patch-kotlin-bindings", __doc__.strip().splitlines()[-1], PATCHES)
    if status == 0:
        kotlin_error_names(sys.argv[1])
    return status


if __name__ == "__main__":
    sys.exit(main())
