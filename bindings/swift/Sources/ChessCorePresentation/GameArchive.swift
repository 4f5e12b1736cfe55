import ChessCoreKit
import Foundation

/// "My games": where the board screen keeps each game once it has ended (its PGN, with the
/// players, date and time as tags), for the list that reopens them in the review. Each game is
/// kept under an id made from its moves (the core's `gameArchiveId(pgn:)`); a second game with
/// the same moves as one kept already (the same short game played twice) gets an id of its own,
/// while the same game kept again (the app restarted on a finished game) is recognised and not
/// copied. The Kotlin `GameArchive`.
public protocol GameArchive: AnyObject, Sendable {
    /// Keeps `pgn` under `id`, replacing a game kept under the same id; throws when it cannot.
    func put(id: String, pgn: String) throws
    /// Every game kept: id to PGN, in no particular order.
    func all() -> [String: String]
    /// Forgets the game kept under `id` (nothing when there is none).
    func delete(id: String)
    /// `true` when a game is kept under `id`. By default from ``all()``; an archive may answer
    /// faster.
    func contains(id: String) -> Bool
}

extension GameArchive {
    /// Whether ``all()`` has `id`.
    public func contains(id: String) -> Bool { all()[id] != nil }
}

/// A ``GameArchive`` in memory: for tests and previews. Safe from any thread.
public final class InMemoryGameArchive: GameArchive, @unchecked Sendable {
    private let lock = NSLock()
    private var games: [String: String] = [:]

    public init() {}

    public func put(id: String, pgn: String) { lock.withLock { games[id] = pgn } }
    public func all() -> [String: String] { lock.withLock { games } }
    public func delete(id: String) { lock.withLock { games[id] = nil } }
    public func contains(id: String) -> Bool { lock.withLock { games[id] != nil } }
}

/// A ``GameArchive`` in a directory, one `<id>.pgn` file a game, written atomically (the
/// directory is created when needed); by default `Games` beside the game screen's files.
public final class DirectoryGameArchive: GameArchive, Sendable {
    /// The directory of the `.pgn` files.
    public let directory: URL

    /// An archive in `directory`.
    public init(directory: URL = FileGameStore.defaultDirectory.appendingPathComponent("Games", isDirectory: true)) {
        self.directory = directory
    }

    /// - Throws: `ChessError.InvalidRequest` for a string that is not an archive id (so that no
    ///   name can leave the directory), or the file system's error.
    public func put(id: String, pgn: String) throws {
        guard Self.isId(id) else { throw ChessError.InvalidRequest(message: "not an archive id: \(id)") }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(pgn.utf8).write(to: file(id), options: .atomic)
    }

    public func all() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var games: [String: String] = [:]
        for name in names where name.hasSuffix(".pgn") {
            let id = String(name.dropLast(4))
            guard Self.isId(id), let data = FileManager.default.contents(atPath: file(id).path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            games[id] = text
        }
        return games
    }

    public func delete(id: String) {
        guard Self.isId(id) else { return }
        try? FileManager.default.removeItem(at: file(id))
    }

    public func contains(id: String) -> Bool {
        Self.isId(id) && FileManager.default.fileExists(atPath: file(id).path)
    }

    private func file(_ id: String) -> URL { directory.appendingPathComponent(id + ".pgn") }

    /// Sixteen lower-case hex digits, as the core's `gameArchiveId(pgn:)` makes.
    private static func isId(_ s: String) -> Bool {
        s.utf8.count == 16 && s.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// One game of "My games" as its list shows it, read back from the kept PGN by the core. The
/// Kotlin `ArchivedGame`.
public struct ArchivedGame: Identifiable, Hashable, Sendable {
    /// The id it is kept under.
    public var id: String
    /// The players, from the `White` and `Black` tags ("?" when missing).
    public var white: String
    public var black: String
    /// `1-0`, `0-1`, `1/2-1/2` or `*`: the core's result of the game (its `Result` tag).
    public var result: String
    /// When it ended, "2026.11.26 14:05" (the `Date` and `Time` tags; "?" parts when missing).
    public var playedAt: String
    /// Its moves, in plies.
    public var plies: Int
    /// How it ended, in the presenter's words ("Checkmate — White wins").
    public var statusText: String
    /// The ECO code and name of its last named position, or `nil`.
    public var opening: String?
    /// The kept PGN, for the review or the analysis board.
    public var pgn: String

    /// The side the person played against the engine (the player the controller named "You"),
    /// whose mistakes the review's "Practise" drills; `nil` for other games.
    public var yourSide: Side? {
        if white == youName { return .white }
        if black == youName { return .black }
        return nil
    }
}

/// The name the board screen gives the person in a game against the engine (``playerNames``).
let youName = "You"

/// The games of `archive`, newest first (by the `Date` and `Time` tags; a game without them
/// last), each read back by the core; a kept file the core cannot read is left out, not fatal.
/// Any thread (a list reads them off the main one). The Kotlin `archivedGames`.
public func archivedGames(_ archive: any GameArchive) -> [ArchivedGame] {
    archive.all().compactMap { id, pgn -> (key: String, game: ArchivedGame)? in
        guard let game = try? ChessGame.fromPgn(pgn: pgn) else { return nil }
        let snapshot = game.snapshot()
        let time = game.tag(name: "Time").map { String($0.prefix(5)) } ?? "?"
        // Sorted on the whole date and time, a missing part last.
        let known = { (tag: String) in game.tag(name: tag).flatMap { $0.contains("?") ? nil : $0 } ?? "" }
        let key = "\(known("Date")) \(known("Time"))"
        return (key, ArchivedGame(
            id: id, white: game.tag(name: "White") ?? "?", black: game.tag(name: "Black") ?? "?",
            result: game.tag(name: "Result") ?? "*",
            playedAt: "\(game.tag(name: "Date") ?? "?") \(time)",
            plies: snapshot.sanHistory.count, statusText: statusText(snapshot),
            opening: snapshot.opening.map { "\($0.eco) \($0.name)" }, pgn: pgn))
    }
    .sorted { ($0.key, $1.game.id) > ($1.key, $0.game.id) }
    .map(\.game)
}

/// `games` as one PGN text, in their order, one blank line apart: what "Share all" hands to
/// another app (lichess, ChessBase and the core's `readPgn` read it back as as many games). The
/// Kotlin `gamesPgn`.
public func gamesPgn(_ games: [ArchivedGame]) -> String {
    games.map { game -> String in
        var text = game.pgn
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text + "\n"
    }.joined(separator: "\n")
}

/// An opening explorer of every game in `archive` (the core's `OpeningExplorer`: from a position,
/// the moves played in those games, how often, and how the games ended), for the analysis
/// board's "My games" (``AnalysisController/setExplorer(_:)``). Each game's first `maxPlies`
/// plies are indexed, in the order of their ids (so that moves played as often are listed in the
/// same order every time); a kept file the core cannot read is left out. It reads every file:
/// call it off the main actor. The Kotlin `openingExplorerOf`.
public func openingExplorer(of archive: any GameArchive, maxPlies: UInt32 = 40) -> OpeningExplorer {
    let explorer = OpeningExplorer(maxPlies: maxPlies)
    for (_, pgn) in archive.all().sorted(by: { $0.key < $1.key }) { _ = explorer.addPgn(pgn: pgn) }
    return explorer
}
