package dev.chesscore.tests

import dev.chesscore.presentation.gameControllerTests
import dev.chesscore.presentation.presentationTextTests

fun main(args: Array<String>) {
    runSuites(listOf(gameTests, wrapperTests, gameControllerTests, presentationTextTests), args.firstOrNull())
}
