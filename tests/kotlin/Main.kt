package dev.chesscore.tests

fun main(args: Array<String>) {
    if (args.firstOrNull() == "--bench") {
        runBench()
        return
    }
    runSuites(listOf(gameTests, bindingTests), args.firstOrNull())
}
