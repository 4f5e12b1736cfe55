package dev.chesscore.tests

fun main(args: Array<String>) {
    runSuites(listOf(gameTests), args.firstOrNull())
}
