import ChessCorePresentation
import Foundation

/// The largest PGN file the app opens: about 30,000 games, 100 MB or so in memory while listed
/// (the Android app's limit too).
let maxPgnFileBytes = 32 << 20

/// Why a PGN file was not read, in words for the person.
enum PgnFileProblem: Error {
    case tooLarge, unreadable
    /// No game in it could be read: the core's located error, or "No game found".
    case noGame(String)

    var message: String {
        switch self {
        case .tooLarge: return "The file is larger than \(maxPgnFileBytes >> 20) MB"
        case .unreadable: return "The file could not be read"
        case .noGame(let why): return why
        }
    }
}

/// Reads the PGN file at `url` (from the file importer, or opened from another app), within
/// its security scope: refused before reading when over ``maxPgnFileBytes`` (a video chosen by
/// mistake must not exhaust the memory), else its text as UTF-8, bytes that are not UTF-8 as
/// Windows-1252 as older ChessBase exports are (``pgnText(_:)``). `removeAfterReading`: the file is the app's own copy (one opened from another
/// app is copied into the app's `Documents/Inbox`, which the app must empty), deleted after.
/// Blocks: call it off the main actor.
func readPgnFile(_ url: URL, removeAfterReading: Bool = false) -> Result<String, PgnFileProblem> {
    let scoped = url.startAccessingSecurityScopedResource()
    defer {
        if scoped { url.stopAccessingSecurityScopedResource() }
        if removeAfterReading { try? FileManager.default.removeItem(at: url) }
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    if size > maxPgnFileBytes { return .failure(.tooLarge) }
    guard let data = try? Data(contentsOf: url) else { return .failure(.unreadable) }
    // A file that grew after the size check, or whose size the system did not give.
    if data.count > maxPgnFileBytes { return .failure(.tooLarge) }
    return .success(pgnText(data))
}

/// The games of a PGN text, worked out off the main actor, or why none can be opened (the
/// core's located error, or "No game found").
func pgnGames(_ text: String) -> Result<PgnGameList, PgnFileProblem> {
    let list = pgnGameList(text)
    if let problem = list.problem { return .failure(.noGame(problem)) }
    return .success(list)
}
