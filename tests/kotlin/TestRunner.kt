// A small test runner for the JVM tests: named tests, each run in isolation, a report line per
// failure and a closing `N passed, N failed` line. Exits 1 when a test failed.
package dev.chesscore.tests

import kotlin.system.exitProcess

class TestSuite(val name: String) {
    val tests = mutableListOf<Pair<String, () -> Unit>>()
    fun test(name: String, body: () -> Unit) {
        tests += name to body
    }
}

fun suite(name: String, build: TestSuite.() -> Unit): TestSuite = TestSuite(name).apply(build)

fun runSuites(suites: List<TestSuite>, filter: String?) {
    var passed = 0
    var failed = 0
    for (s in suites) {
        for ((name, body) in s.tests) {
            val full = "${s.name} > $name"
            if (filter != null && !full.contains(filter)) continue
            val start = System.nanoTime()
            try {
                body()
                passed++
                println("ok   $full (${(System.nanoTime() - start) / 1_000_000} ms)")
            } catch (t: Throwable) {
                failed++
                println("FAIL $full: $t")
                t.stackTrace.take(6).forEach { println("       at $it") }
            }
        }
    }
    println("kotlin: $passed passed, $failed failed")
    System.out.flush()
    exitProcess(if (failed == 0) 0 else 1)
}
