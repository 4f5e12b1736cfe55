// Per-call cost of the calls a board UI makes most, measured from Swift through the generated
// bindings (marshalling included), beside the Kotlin figures of tests/kotlin/Bench.kt with the
// same positions and call counts. A measurement, not a test: it prints figures and never fails.
// Run with scripts/test-swift.sh --bench (a release build).
import ChessCore
import Dispatch
import Foundation

// A middlegame position with many pieces (Kiwipete) and a 60-ply game for the snapshot.
let kiwipete = try ChessGame.fromFen(
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
let long = ChessGame()
let moves = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
    "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4",
    "Nxc4", "Bxc4", "Nb6", "Ne5", "Rae8", "Bxf7+", "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3",
    "Qg5", "Qxg5", "hxg5", "b3", "Ke6", "a3", "Kd6",
]
for san in moves { _ = try long.playSan(san: san) }
// A big analysis tree: the same game with five six-move variations at every ply (at most 1,860
// nodes), the size where the calls an analysis board makes per tap stop being free.
let big = try ChessGame.fromJson(json: long.toJson())
for ply in 1...60 {
    try big.goToMainLinePly(ply: UInt32(ply - 1))
    for first in big.legalMoves().filter({ $0.san != moves[ply - 1] }).prefix(5) {
        try big.goToMainLinePly(ply: UInt32(ply - 1))
        _ = try big.playUci(uci: first.uci)
        for _ in 0..<5 {
            if let next = big.legalMoves().first { _ = try big.playUci(uci: next.uci) }
        }
    }
}
try big.goToMainLinePly(ply: 30)
let bigJson = big.toJson()
let squares = try ["e1", "f3", "e2", "d5", "a1", "g2"].map { try parseSquare(name: $0) }
let allSquares = (0..<64).map { Square(rawValue: UInt8($0))! }

var sink = 0

/// Five timed rounds of `iterations` calls after a warm-up round; prints the median per call,
/// with the best and the worst round (the noise of a shared machine).
@MainActor
func measure(_ name: String, _ iterations: Int, _ body: (Int) -> Int) {
    for i in 0..<iterations { sink &+= body(i) }
    var rounds: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<iterations { sink &+= body(i) }
        let end = DispatchTime.now().uptimeNanoseconds
        rounds.append(Double(end - start) / 1000 / Double(iterations))
    }
    rounds.sort()
    let label = name.padding(toLength: 50, withPad: " ", startingAt: 0)
    print(
        "bench: \(label) \(format(rounds[2])) us per call (median of 5; best \(format(rounds[0])), worst \(format(rounds[4])))"
    )
}

/// Microseconds with two decimals (the cheapest calls take a few hundredths).
func format(_ micros: Double) -> String {
    let hundredths = Int((micros * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)".leftPadded(to: 8)
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

measure("legalMovesFrom (Kiwipete, one square)", 20_000) {
    kiwipete.legalMovesFrom(square: squares[$0 % squares.count]).count
}
measure("destinationsFrom (Kiwipete, one square)", 20_000) {
    kiwipete.destinationsFrom(square: squares[$0 % squares.count]).count
}
measure("snapshot (Kiwipete, 48 legal moves)", 5_000) { _ in kiwipete.snapshot().legalMoves.count }
measure("snapshot (after 60 plies, with move history)", 5_000) { _ in
    long.snapshot().sanHistory.count
}
measure("snapshot (big tree, \(big.snapshot().moveList.count) list items)", 200) { _ in
    big.snapshot().moveList.count
}
measure("toJson (big tree, \(bigJson.utf8.count / 1024) KB)", 200) { _ in big.toJson().utf8.count }
measure("pgn (big tree)", 200) { _ in big.pgn().utf8.count }
measure("fromJson (big tree)", 50) { _ in Int((try? ChessGame.fromJson(json: bigJson))?.snapshot().ply ?? 0) }
measure("liveObjectCount (no arguments, returns a number)", 50_000) { _ in
    Int(liveObjectCount())
}
measure("squareName (trivial call)", 50_000) { squareName(square: allSquares[$0 % 64]).count }
print("bench: (checksum \(sink))")
