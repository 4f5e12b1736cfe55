@testable import ChessCorePresentation
import ChessCoreTestSupport
import Foundation
import XCTest

/// "My games", mirrored from the Kotlin GameArchiveTest: the controller keeps each ended game
/// once, the list reads the games back through the core, the directory archive keeps files.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class GameArchiveTests: XCTestCase {
    private func controller(
        store: any GameStore, archive: any GameArchive, mode: GameMode = .humanVsHuman
    ) throws -> GameController {
        try GameController(
            store: store,
            engineFactory: { config in
                var small = config
                small.hashMb = 1
                return try ChessEngine(config: small)
            },
            limitsForLevel: { _ in SearchLimits(depth: 1) }, defaultMode: mode, archive: archive)
    }

    private func play(_ c: GameController, _ moves: String...) {
        for uci in moves {
            c.tapSquare(sq(String(uci.prefix(2))))
            c.tapSquare(sq(String(uci.suffix(2))))
        }
    }

    func testAnEndedGameIsKeptOnceWithItsPlayersDateAndTimeAndReadBackByTheCore() async throws {
        let store = InMemoryGameStore()
        let archive = InMemoryGameArchive()
        do {
            let c = try controller(store: store, archive: archive)
            play(c, "f2f3", "e7e5", "g2g4")
            XCTAssertTrue(archive.all().isEmpty, "a game under way is not kept")
            play(c, "d8h4")  // Fool's mate
            XCTAssertTrue(c.state.isGameOver)
            XCTAssertEqual(archive.all().count, 1)
            c.flipBoard()  // a change that is no move: still one
            c.undo()
            play(c, "d8h4")  // the same game again: the same id
            XCTAssertEqual(archive.all().count, 1)
        }
        // Restarting on the finished game keeps no copy.
        let before = archive.all()
        do { _ = try controller(store: store, archive: archive) }
        XCTAssertEqual(archive.all(), before)

        let games = archivedGames(archive)
        XCTAssertEqual(games.count, 1)
        let game = try XCTUnwrap(games.first)
        XCTAssertEqual(game.white, "Player 1")
        XCTAssertEqual(game.black, "Player 2")
        XCTAssertEqual(game.result, "0-1")
        XCTAssertEqual(game.plies, 4)
        XCTAssertEqual(movesText(game.plies), "2 moves")
        XCTAssertEqual([0, 1, 2, 3, 34].map(movesText), ["0 moves", "1 move", "1 move", "2 moves", "17 moves"])
        XCTAssertEqual(game.statusText, "Checkmate — Black wins")
        XCTAssertNotNil(
            game.playedAt.range(of: #"^\d{4}\.\d\d\.\d\d \d\d:\d\d$"#, options: .regularExpression),
            game.playedAt)
        XCTAssertEqual(game.id, gameArchiveId(pgn: game.pgn))
        XCTAssertEqual(try ChessGame.fromPgn(pgn: game.pgn).snapshot().sanHistory, ["f3", "e5", "g4", "Qh4#"])
        try await noLiveObjects()
    }

    func testADeletedGameStaysDeletedAnUndoneEndingIsReplacedARestartKeepsAGameKeptNowhere()
        async throws
    {
        let store = InMemoryGameStore()
        let archive = InMemoryGameArchive()
        do {
            let c = try controller(store: store, archive: archive)
            play(c, "f2f3", "e7e5", "g2g4", "d8h4")
            let first = try XCTUnwrap(archive.all().keys.first)
            archive.delete(id: first)
            c.pause()
            c.resume()
            c.flipBoard()
            XCTAssertTrue(archive.all().isEmpty, "deleted, and not kept again by a save")
        }
        do {
            let c = try controller(store: store, archive: archive)
            XCTAssertTrue(archive.all().isEmpty, "nor by a restart")
            c.undo()
            play(c, "g7g5", "e2e3")  // not the mate: then another ending
            c.resign()  // Black, to move, resigns
            XCTAssertTrue(c.state.isGameOver)
            let kept = try XCTUnwrap(archivedGames(archive).first)
            XCTAssertEqual(archive.all().count, 1)
            XCTAssertEqual(try ChessGame.fromPgn(pgn: kept.pgn).snapshot().sanHistory, ["f3", "e5", "g4", "g5", "e3"])
            c.newGame(mode: .humanVsHuman)
            play(c, "f2f3", "e7e5", "g2g4", "d8h4")
            XCTAssertEqual(archive.all().count, 2, "another game is kept beside it")
        }
        // A finished game saved where nothing was kept (another archive, an older version).
        let elsewhere = InMemoryGameArchive()
        do {
            let copy = InMemoryGameStore()
            let renamed = try ChessGame.fromJson(json: try XCTUnwrap(store.load()))
            try renamed.setTag(name: "White", value: "Ann")
            try renamed.setTag(name: "Black", value: "Bob")
            copy.save(json: renamed.toJson())
            _ = try controller(store: copy, archive: elsewhere)
            let kept = try XCTUnwrap(archivedGames(elsewhere).first)
            XCTAssertEqual(try ChessGame.fromPgn(pgn: kept.pgn).snapshot().sanHistory, ["f3", "e5", "g4", "Qh4#"])
            XCTAssertEqual(kept.white, "Ann", "players already named are kept")
            XCTAssertEqual(
                try ChessGame.fromJson(json: try XCTUnwrap(copy.load())).pgn(), kept.pgn,
                "its save has the tags it was kept with")
        }
        try await noLiveObjects()
    }

    func testTheSameMovesPlayedTwiceAreTwoGamesEachKeptOnceAlsoAfterARestart() async throws {
        let store = InMemoryGameStore()
        let archive = InMemoryGameArchive()
        do {
            let c = try controller(store: store, archive: archive)
            play(c, "f2f3", "e7e5", "g2g4", "d8h4")
            c.newGame(mode: .humanVsHuman)
            play(c, "f2f3", "e7e5", "g2g4", "d8h4")  // the same fool's mate again
            XCTAssertEqual(archive.all().count, 2, "the first is not replaced")
            c.flipBoard()
            XCTAssertEqual(archive.all().count, 2)
        }
        // The second, deleted from My games, stays deleted after a restart (its moves are the
        // first's, but it was kept under an id of its own).
        let second = try XCTUnwrap(archive.all().first { $0.key != gameArchiveId(pgn: $0.value) })
        archive.delete(id: second.key)
        do {
            _ = try controller(store: store, archive: archive)
            XCTAssertEqual(archive.all().count, 1, "not kept again")
        }
        archive.put(id: second.key, pgn: second.value)
        do {
            let c = try controller(store: store, archive: archive)
            XCTAssertEqual(archive.all().count, 2, "a restart on the second keeps no copy")
            XCTAssertEqual(archive.all()[second.key], second.value, "nor stamps it again")
            // Taken back and ended otherwise: it replaces its own first ending, not the other game.
            c.undo()
            play(c, "g7g5")
            c.resign()  // White, to move, resigns
            let sans = try archivedGames(archive).map { try ChessGame.fromPgn(pgn: $0.pgn).snapshot().sanHistory }
            XCTAssertEqual(
                sans.sorted { ($0.last ?? "") < ($1.last ?? "") },
                [["f3", "e5", "g4", "Qh4#"], ["f3", "e5", "g4", "g5"]])
        }
        // Settings of a version that kept one id only (the moves' id): still recognised.
        do {
            var old = store.loadSettings()
            old["archivedMoves"] = nil
            let resigned = try XCTUnwrap(
                archive.all().first { try ChessGame.fromPgn(pgn: $0.value).snapshot().sanHistory.last == "g5" }?.key)
            old["archived"] = resigned
            store.saveSettings(old)
            archive.delete(id: resigned)
            _ = try controller(store: store, archive: archive)
            XCTAssertEqual(archive.all().count, 1, "deleted, and not kept again")
        }
        try await noLiveObjects()
    }

    func testAnArchiveThatCannotKeepTheGameSaysSoTheGameIsSavedAndTheNextSaveTriesAgain() async throws {
        let store = InMemoryGameStore()
        let archive = FailingArchive()
        do {
            let c = try controller(store: store, archive: archive)
            play(c, "f2f3", "e7e5", "g2g4", "d8h4")
            XCTAssertEqual(c.state.message?.hasPrefix("The game could not be kept in My games: "), true, c.state.message ?? "")
            let saved = try ChessGame.fromJson(json: try XCTUnwrap(store.load()))
            XCTAssertEqual(saved.snapshot().sanHistory.count, 4, "the game itself is saved")
            archive.failing = false
            c.pause()
            XCTAssertEqual(archive.all().count, 1)
        }
        // A new game right after the failure: the finished one is tried once more before it is
        // replaced, and kept; while the archive still fails, the message says it was not.
        do {
            archive.failing = true
            let c = try controller(store: InMemoryGameStore(), archive: archive)
            play(c, "e2e4", "f7f6", "d2d4", "g7g5", "d1h5")
            XCTAssertEqual(
                c.state.message?.hasPrefix("The game could not be kept in My games: "), true,
                c.state.message ?? "")
            archive.failing = false
            c.newGame(mode: .humanVsHuman)
            XCTAssertEqual(archive.all().count, 2, "kept before the new game replaced it")
            XCTAssertNil(c.state.message)
        }
        do {
            let c = try controller(store: InMemoryGameStore(), archive: archive)
            archive.failing = true
            play(c, "f2f3", "e7e6", "g2g4", "d8h4")
            c.loadFen("k7/8/8/8/8/8/8/K7 w - - 0 1")
            XCTAssertEqual(
                c.state.message?.hasPrefix("The finished game was not kept in My games: "), true,
                c.state.message ?? "")
        }
        try await noLiveObjects()
    }

    func testAgainstTheEngineThePersonsSideIsTheOneNamedYou() async throws {
        let archive = InMemoryGameArchive()
        do {
            let c = try controller(
                store: InMemoryGameStore(), archive: archive, mode: .humanVsEngine(humanSide: .white))
            play(c, "e2e4")
            c.resign()
        }
        let game = try XCTUnwrap(archivedGames(archive).first)
        XCTAssertEqual(game.white, "You")
        XCTAssertEqual(game.yourSide, .white)
        XCTAssertEqual(game.result, "0-1")
        try await noLiveObjects()
    }

    func testGamesAreListedNewestFirstTheEngineNamedByItsLevelAndAResignationIsKept() async throws {
        let archive = InMemoryGameArchive()
        archive.put(
            id: "00000000000000aa",
            pgn: "[Date \"2026.11.20\"]\n[Time \"09:00:00\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n")
        do {
            let c = try controller(
                store: InMemoryGameStore(), archive: archive, mode: .humanVsEngine(humanSide: .black))
            c.resign()
            XCTAssertTrue(c.state.isGameOver)
            XCTAssertEqual(archive.all().count, 1, "a game without moves is not kept")
            c.newGame(mode: .humanVsHuman)
            play(c, "e2e4", "e7e5")
            c.resign()  // White, to move, resigns
        }
        let games = archivedGames(archive)
        XCTAssertEqual(games.count, 2)
        // "Share all": one text the core reads back as the same games, in the same order.
        do {
            let all = readPgn(pgn: gamesPgn(games))
            XCTAssertTrue(all.skipped.isEmpty)
            XCTAssertEqual(all.games.map { $0.snapshot().sanHistory.count }, games.map(\.plies))
        }
        XCTAssertTrue(gamesPgn(games).contains("0-1\n\n["), "one blank line between games")
        XCTAssertEqual(games[0].result, "0-1", "today's game first")
        XCTAssertNil(games[0].yourSide, "two players: no side is the person's")
        XCTAssertEqual(games[1].playedAt, "2026.11.20 09:00")
        let names = playerNames(mode: .humanVsEngine(humanSide: .black), level: 4)
        XCTAssertEqual(names.white, "chesscore \(engineLevels()[3].name)")
        XCTAssertEqual(names.black, "You")
        var yours = ArchivedGame(
            id: "0000000000000001", white: names.white, black: names.black, result: "0-1",
            playedAt: "?", plies: 2, statusText: "", opening: nil, pgn: "")
        XCTAssertEqual(yours.yourSide, .black)
        yours.white = "You"
        yours.black = "x"
        XCTAssertEqual(yours.yourSide, .white)
        try await noLiveObjects()
    }

    // (async: on Linux every test method of a main-actor XCTestCase must be.)
    func testTheDirectoryArchiveKeepsOneFileAGameReplacesByIdForgetsAndSkipsWhatTheCoreCannotRead()
        async throws
    {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("archive-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = DirectoryGameArchive(directory: directory.appendingPathComponent("games"))
        XCTAssertTrue(archive.all().isEmpty, "no directory yet: no games")
        let pgn = "[Result \"*\"]\n\n1. d4 d5 *\n"
        let id = gameArchiveId(pgn: pgn)
        try archive.put(id: id, pgn: pgn)
        try archive.put(id: id, pgn: pgn.replacingOccurrences(of: "d5", with: "Nf6"))
        XCTAssertEqual(archive.all(), [id: pgn.replacingOccurrences(of: "d5", with: "Nf6")])
        try archive.put(id: "0123456789abcdef", pgn: "1. e4 Ke7 Ke2 Kxe2 *")  // no legal game
        XCTAssertEqual(archivedGames(archive).map(\.id), [id])
        XCTAssertThrowsError(try archive.put(id: "../escape", pgn: pgn))
        XCTAssertTrue(archive.contains(id: id))
        XCTAssertFalse(archive.contains(id: "../escape"))
        archive.delete(id: id)
        archive.delete(id: "../escape")  // not an id: nothing
        XCTAssertFalse(archive.contains(id: id))
        XCTAssertEqual(Set(archive.all().keys), ["0123456789abcdef"])
    }

    func testTheIdIsTheMovesAndTheStartPositionNotTheOtherTags() async {
        let moves = "\n1. e4 e5 2. Nf3 *\n"
        let id = gameArchiveId(pgn: "[Event \"a\"]\n[Date \"2026.01.01\"]\n\(moves)")
        XCTAssertEqual(id, gameArchiveId(pgn: "[Event \"b\"]\n\(moves)"))
        XCTAssertNotEqual(id, gameArchiveId(pgn: "[Event \"a\"]\n\n1. e4 e5 2. Nc3 *\n"))
        XCTAssertNotEqual(
            id,
            gameArchiveId(pgn: "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\(moves)"))
        XCTAssertEqual(id.count, 16)
        // FNV-1a 64 of "1. e4 *", computed apart (Python); the Kotlin presenter asserts the same.
        XCTAssertEqual(gameArchiveId(pgn: "1. e4 *"), "5db47824c3288049")
        // Lines end in "\n", "\r\n" or "\r" alike, as Kotlin's lineSequence cuts them.
        XCTAssertEqual(gameArchiveId(pgn: "[Event \"x\"]\r\n\r\n1. e4 *\r\n"), "5db47824c3288049")
        XCTAssertEqual(gameArchiveId(pgn: "[Event \"x\"]\r\r1. e4 *\r"), "5db47824c3288049")
    }
}

/// An archive whose writes fail until told otherwise.
private final class FailingArchive: GameArchive, @unchecked Sendable {
    private let inner = InMemoryGameArchive()
    var failing = true

    struct Full: Error {}

    func put(id: String, pgn: String) throws {
        if failing { throw Full() }
        inner.put(id: id, pgn: pgn)
    }
    func all() -> [String: String] { inner.all() }
    func delete(id: String) { inner.delete(id: id) }
}
