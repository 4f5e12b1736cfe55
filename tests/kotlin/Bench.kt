package dev.chesscore.tests

import dev.chesscore.*

/**
 * Per-call cost of the two calls a board UI makes most, measured from Kotlin through JNA
 * (marshalling included). A measurement, not a test: it prints figures and never fails.
 */
fun runBench() {
    // A middlegame position with many pieces (Kiwipete) and a 60-ply game for the snapshot.
    val kiwipete = ChessGame.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    val long = ChessGame()
    val moves = listOf("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
        "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6",
        "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4", "Nxc4", "Bxc4", "Nb6",
        "Ne5", "Rae8", "Bxf7+", "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3", "Qg5", "Qxg5", "hxg5", "b3", "Ke6",
        "a3", "Kd6")
    moves.forEach { long.playSan(it) }
    // The same game with a two-move variation at every third move and a comment at every fifth.
    val varied = ChessGame.fromJson(long.toJson())
    for (ply in 3..60 step 3) {
        varied.goToMainLinePly((ply - 1).toUInt())
        varied.playUci(varied.legalMoves().first { it.san != moves[ply - 1] }.uci)
        varied.playUci(varied.legalMoves().first().uci)
        if (ply % 5 == 0) varied.setComment(varied.snapshot().node, "comment $ply")
    }
    varied.goToMainLinePly(60u)
    // A big analysis tree: the same game with five six-move variations at every ply (at most
    // 1,860 nodes), the size where the calls an analysis board makes per tap stop being free.
    val big = ChessGame.fromJson(long.toJson())
    for (ply in 1..60) {
        big.goToMainLinePly((ply - 1).toUInt())
        big.legalMoves().filter { it.san != moves[ply - 1] }.take(5).forEach { first ->
            big.goToMainLinePly((ply - 1).toUInt())
            big.playUci(first.uci)
            repeat(5) { big.legalMoves().firstOrNull()?.let { big.playUci(it.uci) } }
        }
    }
    big.goToMainLinePly(30u)
    val bigJson = big.toJson()
    val squares = listOf("e1", "f3", "e2", "d5", "a1", "g2").map { parseSquare(it) }

    // Five timed rounds after a warm-up; the median is the figure, the best and worst show the
    // noise of a shared machine.
    fun measure(name: String, iterations: Int, body: (Int) -> Unit) {
        repeat(iterations) { body(it) } // warm-up: let the JIT compile the call path first
        val rounds = (1..5).map {
            val start = System.nanoTime()
            repeat(iterations) { body(it) }
            (System.nanoTime() - start) / 1000.0 / iterations
        }.sorted()
        println("bench: %-50s %7.1f us per call (median of 5; best %.1f, worst %.1f)".format(name, rounds[2], rounds[0], rounds[4]))
    }
    var sink = 0
    // Warm the shared JNA call path before the first measurement, so that no figure carries it.
    repeat(20_000) { sink += squareName(Square.entries[it % 64]).length + kiwipete.legalMovesFrom(squares[it % squares.size]).size }
    measure("legalMovesFrom (Kiwipete, one square)", 20_000) { sink += kiwipete.legalMovesFrom(squares[it % squares.size]).size }
    measure("destinationsFrom (Kiwipete, one square)", 20_000) { sink += kiwipete.destinationsFrom(squares[it % squares.size]).size }
    measure("snapshot (Kiwipete, 48 legal moves)", 5_000) { sink += kiwipete.snapshot().legalMoves.size }
    measure("snapshot (after 60 plies, with move history)", 5_000) { sink += long.snapshot().sanHistory.size }
    measure("snapshot (60 plies, 20 variations, ${varied.snapshot().moveList.size} list items)", 5_000) { sink += varied.snapshot().moveList.size }
    val bigNodes = big.snapshot().moveList.size
    measure("snapshot (big tree, $bigNodes list items)", 200) { sink += big.snapshot().moveList.size }
    measure("toJson (big tree, ${bigJson.length / 1024} KB)", 200) { sink += big.toJson().length }
    measure("pgn (big tree)", 200) { sink += big.pgn().length }
    measure("fromJson (big tree)", 50) { ChessGame.fromJson(bigJson).use { g -> sink += g.snapshot().ply.toInt() } }
    measure("liveObjectCount (no arguments, returns a number)", 50_000) { sink += liveObjectCount().toInt() }
    measure("squareName (trivial call)", 50_000) { sink += squareName(Square.entries[it % 64]).length }
    println("bench: (checksum $sink)")
    kiwipete.close()
    long.close()
    varied.close()
    big.close()
}
