import Foundation

/// Where the controller keeps the game so that it survives the app being killed. The controller
/// saves the core's JSON (`ChessGame.toJson()`) after every change and restores it at start; it
/// never reads it itself. Calls come from the main actor; each is small (a few KB), so writing
/// synchronously is fine.
public protocol GameStore: AnyObject {
    /// The game saved last (the core's JSON), or `nil` when none was saved.
    func load() -> String?
    /// Saves the game (the core's JSON), replacing the previous one.
    func save(json: String)
    /// Keeps a save that could not be restored (written by a newer build, or damaged) apart
    /// from the game, before the controller saves a new game over it, so that a later build or
    /// a person can still read it. Returns `true` when it was kept; the default keeps nothing.
    func setAside(json: String) -> Bool
    /// The presentation settings saved last (mode, level, orientation), or an empty dictionary.
    func loadSettings() -> [String: String]
    /// Saves the presentation settings, replacing the previous ones.
    func saveSettings(_ settings: [String: String])
}

extension GameStore {
    /// Nothing is kept.
    public func setAside(json: String) -> Bool { false }
    /// No settings were saved.
    public func loadSettings() -> [String: String] { [:] }
    /// Settings are not kept.
    public func saveSettings(_ settings: [String: String]) {}
}

/// Keeps the game and the settings as two small files (`game.json`, `settings.json`) in a
/// directory, by default `ChessCore` in the app's Application Support directory, and a save that
/// could not be restored as `game.unreadable.json` (see `setAside(json:)`); each is written
/// atomically. A failed write is passed to `onError` (by default printed to standard
/// error) and the previous file stays.
public final class FileGameStore: GameStore {
    /// The directory holding `game.json` and `settings.json`.
    public let directory: URL
    private let onError: (Error) -> Void

    /// A store in `directory` (created on the first save when missing).
    public init(
        directory: URL = FileGameStore.defaultDirectory,
        onError: @escaping (Error) -> Void = FileGameStore.printError
    ) {
        self.directory = directory
        self.onError = onError
    }

    /// `ChessCore` in the user's Application Support directory.
    public static var defaultDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("ChessCore", isDirectory: true)
    }

    /// Prints a failed save to standard error.
    public static func printError(_ error: Error) {
        FileHandle.standardError.write(Data("FileGameStore: \(error)\n".utf8))
    }

    public func load() -> String? {
        read("game.json")
    }

    public func save(json: String) {
        write(Data(json.utf8), to: "game.json")
    }

    /// Writes `json` to `game.unreadable.json`, replacing an earlier one.
    public func setAside(json: String) -> Bool {
        write(Data(json.utf8), to: "game.unreadable.json")
    }

    public func loadSettings() -> [String: String] {
        guard let text = read("settings.json"),
            let settings = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        else { return [:] }
        return settings
    }

    public func saveSettings(_ settings: [String: String]) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            write(try encoder.encode(settings), to: "settings.json")
        } catch {
            onError(error)
        }
    }

    private func read(_ name: String) -> String? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `data` to the file `name`; `false` (and `onError`) when it could not.
    @discardableResult
    private func write(_ data: Data, to name: String) -> Bool {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try data.write(to: directory.appendingPathComponent(name), options: .atomic)
            return true
        } catch {
            onError(error)
            return false
        }
    }
}

/// Keeps the game in memory: for previews and tests. A second controller given the same store
/// sees what the first one saved, as after the app was killed.
public final class InMemoryGameStore: GameStore {
    /// The saved game's JSON.
    public var json: String?
    /// The saved settings.
    public var settings: [String: String]
    /// How many times `save(json:)` was called.
    public private(set) var saveCount = 0
    /// The save last given to `setAside(json:)`, or `nil`.
    public private(set) var setAsideJson: String?

    /// A store holding `json` and `settings`, if given.
    public init(json: String? = nil, settings: [String: String] = [:]) {
        self.json = json
        self.settings = settings
    }

    public func load() -> String? { json }

    public func save(json: String) {
        self.json = json
        saveCount += 1
    }

    public func setAside(json: String) -> Bool {
        setAsideJson = json
        return true
    }

    public func loadSettings() -> [String: String] { settings }

    public func saveSettings(_ settings: [String: String]) { self.settings = settings }
}

/// Sets `json`, a save that could not be restored, aside in `store` and says so for the message
/// that follows the reason: " It is kept aside." when the store kept it, "" when it could not.
func keptAside(_ store: GameStore, _ json: String) -> String {
    store.setAside(json: json) ? " It is kept aside." : ""
}
