import ChessCoreKit
import Foundation

/// One game of a PGN text with several, as a list to choose from shows it. The Kotlin
/// `PgnGameChoice`.
public struct PgnGameChoice: Identifiable, Hashable, Sendable {
    /// Its place among the games of the text that can be read, from 0.
    public var index: Int
    /// The players, from the `White` and `Black` tags ("?" when missing).
    public var white: String
    public var black: String
    /// The `Event` tag, or `nil` when missing or "?".
    public var event: String?
    /// The `Date` tag as written ("2026.11.26", "1972.??.??"), or `nil` when missing or
    /// "????.??.??".
    public var date: String?
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    public var result: String
    /// Its main line's moves, in plies.
    public var plies: Int
    /// The game alone in PGN (variations and comments kept), for
    /// ``AnalysisController/loadPgn(_:)``.
    public var pgn: String

    public var id: Int { index }

    /// A game of the list.
    public init(
        index: Int, white: String, black: String, event: String?, date: String?, result: String,
        plies: Int, pgn: String
    ) {
        self.index = index
        self.white = white
        self.black = black
        self.event = event
        self.date = date
        self.result = result
        self.plies = plies
        self.pgn = pgn
    }
}

/// The games of a PGN text (a whole file), read by the core: those that can be read, in order,
/// for a screen to choose one from (then ``AnalysisController/loadPgn(_:)`` with its
/// ``PgnGameChoice/pgn``, so the text is not read again), and how many could not be read. The
/// Kotlin `PgnGameList`.
public struct PgnGameList: Hashable, Sendable {
    public var games: [PgnGameChoice]
    public var unreadable: Int
}

/// Reads `text` with the core's `readPgn` and lists its games (``PgnGameList``). A whole file
/// can take a while (each game is replayed): call it off the main actor.
public func pgnGameList(_ text: String) -> PgnGameList {
    let imported = readPgn(pgn: text)
    func known(_ value: String?, unknown: String) -> String? {
        guard let value, value != unknown, !value.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return value
    }
    let games = imported.games.enumerated().map { index, game in
        PgnGameChoice(
            index: index, white: game.tag(name: "White") ?? "?", black: game.tag(name: "Black") ?? "?",
            event: known(game.tag(name: "Event"), unknown: "?"),
            date: known(game.tag(name: "Date"), unknown: "????.??.??"),
            result: game.tag(name: "Result") ?? "*", plies: game.snapshot().sanHistory.count,
            pgn: game.pgn())
    }
    return PgnGameList(games: games, unreadable: imported.skipped.count)
}
