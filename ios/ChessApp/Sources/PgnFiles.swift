import Foundation

/// The largest PGN file the app opens: about 30,000 games, 100 MB or so in memory while listed
/// (the Android app's limit too).
let maxPgnFileBytes = 32 << 20

/// Why a PGN file was not read, in words for the person.
enum PgnFileProblem: Error {
    case tooLarge, unreadable

    var message: String {
        switch self {
        case .tooLarge: return "The file is larger than \(maxPgnFileBytes >> 20) MB"
        case .unreadable: return "The file could not be read"
        }
    }
}

/// Reads the PGN file at `url` (from the file importer, or opened from another app), within
/// its security scope: refused before reading when over ``maxPgnFileBytes`` (a video chosen by
/// mistake must not exhaust the memory), else its text as UTF-8, or Latin-1 as older ChessBase
/// exports are. Blocks: call it off the main actor.
func readPgnFile(_ url: URL) -> Result<String, PgnFileProblem> {
    let scoped = url.startAccessingSecurityScopedResource()
    defer { if scoped { url.stopAccessingSecurityScopedResource() } }
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    if size > maxPgnFileBytes { return .failure(.tooLarge) }
    guard let text = (try? String(contentsOf: url, encoding: .utf8))
        ?? (try? String(contentsOf: url, encoding: .isoLatin1))
    else { return .failure(.unreadable) }
    return .success(text)
}
