package dev.chesscore.tests

import dev.chesscore.presentation.gameControllerTests
import dev.chesscore.presentation.presentationTextTests
import dev.chesscore.presentation.reviewControllerTests

fun main(args: Array<String>) {
    if (args.firstOrNull() == "--bench") {
        runBench()
        return
    }
    runSuites(
        listOf(
            gameTests, bindingTests, wrapperTests, reviewWrapperTests, gameControllerTests,
            presentationTextTests, reviewControllerTests,
        ),
        args.firstOrNull(),
    )
}
