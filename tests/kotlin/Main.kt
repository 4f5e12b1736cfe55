package dev.chesscore.tests

/**
 * The per-call benchmark (`scripts/test-kotlin.sh --bench`). The tests themselves are JUnit 5
 * classes, run by the JUnit console launcher.
 */
fun main(args: Array<String>) {
    require(args.toList() == listOf("--bench")) { "usage: MainKt --bench (tests run on the JUnit launcher)" }
    runBench()
}
