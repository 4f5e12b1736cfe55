package dev.chesscore.tests

import dev.chesscore.presentation.gameControllerTests

fun main(args: Array<String>) {
    runSuites(listOf(gameTests, wrapperTests, gameControllerTests), args.firstOrNull())
}
