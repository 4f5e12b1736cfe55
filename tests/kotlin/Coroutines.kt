// Coroutine helpers shared by the wrapper and presentation tests: a single-threaded "main"
// dispatcher with a timeout, and a bounded wait for a condition.
package dev.chesscore.tests

import java.util.concurrent.Executors
import kotlin.test.fail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull

/** The name of the single thread that plays the main thread in these tests. */
const val MAIN_THREAD = "test-main"

/**
 * Runs [block] on a fresh single-threaded dispatcher (the "main thread") under a timeout, so a
 * hang fails the test instead of blocking the run.
 */
fun <T> onMain(timeoutMs: Long = 30_000, block: suspend CoroutineScope.() -> T): T {
    val executor = Executors.newSingleThreadExecutor { r -> Thread(r, MAIN_THREAD).apply { isDaemon = true } }
    val dispatcher = executor.asCoroutineDispatcher()
    try {
        return runBlocking { withTimeout(timeoutMs) { withContext(dispatcher) { block() } } }
    } finally {
        dispatcher.close()
    }
}

/** Suspends until [condition] holds, checking every few milliseconds; fails after [timeoutMs]. */
suspend fun eventually(what: String, timeoutMs: Long = 2_000, condition: () -> Boolean) {
    withTimeoutOrNull(timeoutMs) {
        while (!condition()) delay(2)
    } ?: fail("timed out waiting for $what")
}
