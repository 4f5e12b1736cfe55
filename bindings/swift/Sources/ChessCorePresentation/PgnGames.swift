import ChessCoreKit
import Foundation

/// One game of a PGN text with several, as a list to choose from shows it: the core's
/// `PgnGameSummary`, field for field, with the `Int`s the screens count in and an `id` for
/// `ForEach`. The Kotlin `PgnGameChoice`.
public struct PgnGameChoice: Identifiable, Hashable, Sendable {
    /// Its place among the games of the text that can be read, from 0.
    public var index: Int
    /// The players, from the `White` and `Black` tags ("?" when missing).
    public var white: String
    public var black: String
    /// The `Event` tag, or `nil` when missing, "?" or blank.
    public var event: String?
    /// The `Date` tag as written ("2026.11.26", "1972.??.??"), or `nil` when missing,
    /// "????.??.??" or blank.
    public var date: String?
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    public var result: String
    /// Its main line's moves, in plies.
    public var plies: Int
    /// The game's own text as written in the file (variations and comments kept), for
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
    /// The first unreadable game's located error, if any.
    public var firstError: String? = nil

    /// What to tell the person when no game can be read: the first bad game's located error,
    /// or ``noGameFoundText``; `nil` when there is a game. Shown without reading the text again.
    public var problem: String? { games.isEmpty ? (firstError ?? noGameFoundText) : nil }
}

/// Lists the games of `text` with the core's `listPgnGames` (``PgnGameList``): the core reads
/// one game at a time and keeps only its summary and its own text, so a file of thousands of
/// games does not hold thousands of trees. A whole file can take a while (each game is
/// replayed): call it off the main actor.
public func pgnGameList(_ text: String) -> PgnGameList {
    let listing = listPgnGames(pgn: text)
    let games = listing.games.map {
        PgnGameChoice(
            index: Int($0.index), white: $0.white, black: $0.black, event: $0.event, date: $0.date,
            result: $0.result, plies: Int($0.plies), pgn: $0.pgn)
    }
    return PgnGameList(
        games: games, unreadable: listing.skipped.count, firstError: listing.skipped.first?.message)
}

/// The text of a PGN file's `data`, as the core reads files (`pgnTextFromBytes`): UTF-8, with
/// each byte that is not part of valid UTF-8 read as Windows-1252 (Latin-1's superset; a
/// byte-order mark is left for the core, which skips it), as older ChessBase and Windows tools
/// write "Réti" or "Nimzowitsch, A.".
/// The Android app and `chesscore pgn` read files the same way.
public func pgnText(_ data: Data) -> String {
    pgnTextFromBytes(bytes: data)
}
