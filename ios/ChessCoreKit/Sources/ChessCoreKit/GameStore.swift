import Foundation
import os

/// Where the game survives the app being killed. The controller saves the core's JSON
/// (`ChessGame.toJson()`) after every change and restores it at start; it never reads it.
///
/// `loadSettings`/`saveSettings` keep the app's own settings (mode, level, orientation) beside
/// the game; a store that only implements `load`/`save` keeps none (the defaults apply).
/// Called on the main actor, after every move: keep it quick (a few kilobytes).
public protocol GameStore: AnyObject {
    /// The saved game's JSON, or `nil` when nothing was saved.
    func load() -> String?
    /// Replaces the saved game with `json`.
    func save(json: String)
    /// The saved settings' JSON, or `nil` when nothing was saved.
    func loadSettings() -> String?
    /// Replaces the saved settings with `json`.
    func saveSettings(json: String)
}

extension GameStore {
    /// No settings were saved.
    public func loadSettings() -> String? { nil }
    /// Settings are not kept.
    public func saveSettings(json: String) {}
}

/// Keeps the game and the settings as two small JSON files in a directory (by default the
/// app's Application Support directory), each written atomically.
public final class FileGameStore: GameStore {
    /// The directory holding `game.json` and `settings.json`.
    public let directory: URL
    private let logger = Logger(subsystem: "chesscore", category: "FileGameStore")

    /// A store in `directory`, created on the first save when missing.
    public init(directory: URL = .applicationSupportDirectory.appending(path: "ChessCore")) {
        self.directory = directory
    }

    public func load() -> String? { read("game.json") }
    public func save(json: String) { write(json, to: "game.json") }
    public func loadSettings() -> String? { read("settings.json") }
    public func saveSettings(json: String) { write(json, to: "settings.json") }

    private func read(_ name: String) -> String? {
        try? String(contentsOf: directory.appending(path: name), encoding: .utf8)
    }

    private func write(_ text: String, to name: String) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appending(path: name), options: .atomic)
        } catch {
            logger.error("could not save \(name, privacy: .public): \(error.localizedDescription)")
        }
    }
}

/// Keeps the game in memory: for previews and tests (a second controller given the same store
/// sees what the first one saved, as after the app was killed).
public final class InMemoryGameStore: GameStore {
    /// The saved game's JSON.
    public var json: String?
    /// The saved settings' JSON.
    public var settingsJson: String?

    /// A store holding `json` (and `settingsJson`), if given.
    public init(json: String? = nil, settingsJson: String? = nil) {
        self.json = json
        self.settingsJson = settingsJson
    }

    public func load() -> String? { json }
    public func save(json: String) { self.json = json }
    public func loadSettings() -> String? { settingsJson }
    public func saveSettings(json: String) { settingsJson = json }
}
