import ChessCoreKit
import Foundation

/// Where finished reviews are kept, so that opening a game reviewed before shows its review at
/// once instead of searching again (``ReviewController``'s `cache`). Keys are the core's
/// `ChessEngine.reviewKey` (the same key, the same review); values the core's `reviewToJson`.
/// The Kotlin `ReviewCache`. ``ReviewController`` loads on the main actor and saves there or,
/// for a review nobody showed any more, on the engine's thread: both may come at once.
public protocol ReviewCache: AnyObject, Sendable {
    /// The review kept under `key`, or `nil`.
    func load(key: String) -> String?
    /// Keeps `json` under `key`. A failure is the cache's to report; it never throws.
    func save(key: String, json: String)
}

/// A ``ReviewCache`` in memory: for tests and previews.
public final class InMemoryReviewCache: ReviewCache, @unchecked Sendable {
    private let lock = NSLock()
    private var reviews: [String: String] = [:]
    private var saves = 0

    /// An empty cache.
    public init() {}

    /// How many reviews were saved.
    public var saveCount: Int { lock.withLock { saves } }

    public func load(key: String) -> String? { lock.withLock { reviews[key] } }

    public func save(key: String, json: String) {
        lock.withLock {
            reviews[key] = json
            saves += 1
        }
    }
}

/// A ``ReviewCache`` of files in a directory, `<key>.json` (a review of a 40-move game is some
/// tens of kilobytes), each written atomically; at most `limit` are kept, the least recently
/// written going first. A failed read (other than a missing file) or write goes to `onError`
/// (standard error by default) and reads as nothing kept. Small files, read and written on the
/// caller's thread.
public final class DirectoryReviewCache: ReviewCache, @unchecked Sendable {
    /// The directory holding the reviews.
    public let directory: URL
    private let limit: Int
    private let onError: @Sendable (Error) -> Void

    /// A cache in `directory` (created on the first save when missing) of at most `limit`
    /// reviews.
    public init(
        directory: URL,
        limit: Int = 200,
        onError: @escaping @Sendable (Error) -> Void = { error in
            FileHandle.standardError.write(Data("DirectoryReviewCache: \(error)\n".utf8))
        }
    ) {
        self.directory = directory
        self.limit = limit
        self.onError = onError
    }

    /// The core's keys: 16 hexadecimal digits (nothing that could name another file).
    private static func isKey(_ key: String) -> Bool {
        key.count == 16 && key.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    public func load(key: String) -> String? {
        guard Self.isKey(key) else { return nil }
        let file = directory.appendingPathComponent("\(key).json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return String(decoding: try Data(contentsOf: file), as: UTF8.self)
        } catch {
            onError(error)
            return nil
        }
    }

    public func save(key: String, json: String) {
        guard Self.isKey(key) else {
            onError(CocoaError(.fileWriteInvalidFileName))
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try Data(json.utf8).write(
                to: directory.appendingPathComponent("\(key).json"), options: .atomic)
            try trim()
        } catch {
            onError(error)
        }
    }

    /// Deletes the least recently written reviews beyond `limit`. Two saves may trim at once
    /// (the main actor's and the engine thread's): a file the other one deleted first is not an
    /// error.
    private func trim() throws {
        let files = try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.contentModificationDateKey]
        ).filter { $0.pathExtension == "json" }
        guard files.count > limit else { return }
        let dated = files.map {
            ($0, (try? $0.resourceValues(forKeys: [.contentModificationDateKey]))?
                .contentModificationDate ?? .distantPast)
        }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(files.count - limit) {
            do {
                try FileManager.default.removeItem(at: file)
            } catch CocoaError.fileNoSuchFile {
                continue
            }
        }
    }
}
