package dev.chesscore.tests

import dev.chesscore.presentation.gameControllerTests
import dev.chesscore.presentation.presentationTextTests

fun main(args: Array<String>) {
    if (args.firstOrNull() == "--bench") {
        runBench()
        return
    }
    runSuites(
        listOf(gameTests, bindingTests, chess960Tests, treeTests, clockTests, wrapperTests, gameControllerTests, presentationTextTests),
        args.firstOrNull(),
    )
}
