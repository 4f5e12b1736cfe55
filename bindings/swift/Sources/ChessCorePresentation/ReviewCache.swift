import ChessCoreKit
import Foundation

/// Where finished reviews are kept, so that opening a game reviewed before shows its review at
/// once instead of searching again (``ReviewController``'s `cache`). Keys are the core's
/// `ChessEngine.reviewKey` (the same key, the same review); values the core's `reviewToJson`.
/// The Kotlin `ReviewCache`.
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
/// tens of kilobytes), each written atomically. A failed read or write goes to `onError`
/// (standard error by default) and reads as nothing kept.
public final class DirectoryReviewCache: ReviewCache, @unchecked Sendable {
    /// The directory holding the reviews.
    public let directory: URL
    private let onError: @Sendable (Error) -> Void

    /// A cache in `directory` (created on the first save when missing).
    public init(
        directory: URL,
        onError: @escaping @Sendable (Error) -> Void = { error in
            FileHandle.standardError.write(Data("DirectoryReviewCache: \(error)\n".utf8))
        }
    ) {
        self.directory = directory
        self.onError = onError
    }

    /// The core's keys: 16 hexadecimal digits (nothing that could name another file).
    private static func isKey(_ key: String) -> Bool {
        key.count == 16 && key.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    public func load(key: String) -> String? {
        guard Self.isKey(key),
            let data = try? Data(contentsOf: directory.appendingPathComponent("\(key).json"))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
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
        } catch {
            onError(error)
        }
    }
}
