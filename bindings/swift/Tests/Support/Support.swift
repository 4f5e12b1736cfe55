// Helpers shared by the test suites (a target of its own, in no product).
import ChessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The square named `name` ("e4" -> `.e4`, raw value 28), worked out here from the name rather
/// than by the core, so that tests can check the core's own square functions against it.
public func sq(_ name: String) -> Square {
    let chars = Array(name.unicodeScalars)
    precondition(chars.count == 2, "a square name is a file and a rank: \(name)")
    let file = Int(chars[0].value) - Int(UnicodeScalar("a").value)
    let rank = Int(chars[1].value) - Int(UnicodeScalar("1").value)
    precondition((0..<8).contains(file) && (0..<8).contains(rank), "not a square: \(name)")
    return Square(rawValue: UInt8(rank * 8 + file))!
}

/// A wait that ran out.
public struct TimedOut: Error, CustomStringConvertible {
    /// What was waited for.
    public let what: String
    public var description: String { "timed out waiting for \(what)" }
}

/// Suspends until `condition` holds, checking every 2 ms in the caller's isolation; throws
/// ``TimedOut`` after `seconds`. A bound for a hang, not a measurement: tests never assert
/// that something happened within a time.
public func eventually(
    _ what: String,
    within seconds: Double = 15,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { throw TimedOut(what: what) }
        try await Task.sleep(nanoseconds: 2_000_000)
    }
}

/// The name of the calling thread. The engine's thread is "chesscore-engine", which Linux
/// truncates to 15 bytes ("chesscore-engin"): compare with `hasPrefix(engineThreadName)`.
public func currentThreadName() -> String {
    #if os(Linux)
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    #else
        var buffer = [CChar](repeating: 0, count: 64)
        _ = pthread_getname_np(pthread_self(), &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #endif
}

/// The engine thread's name as `currentThreadName()` sees it on every platform.
public let engineThreadName = "chesscore-engin"

/// A mutex-guarded value, for state that the engine's thread and a test share.
public final class Guarded<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value locked.
    public func with<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    public var current: Value { with { $0 } }
}

/// A listener that records every call, with the name of the thread it came on.
public final class RecordingListener: SearchListener {
    private struct Calls {
        var infos: [SearchInfo] = []
        var results: [SearchResult] = []
        var infoThreads: [String] = []
        var finishThreads: [String] = []
    }

    private let calls = Guarded(Calls())

    public init() {}

    public var infos: [SearchInfo] { calls.current.infos }
    public var results: [SearchResult] { calls.current.results }
    public var infoThreads: [String] { calls.current.infoThreads }
    public var finishThreads: [String] { calls.current.finishThreads }

    public func onInfo(info: SearchInfo) {
        let thread = currentThreadName()
        calls.with {
            $0.infos.append(info)
            $0.infoThreads.append(thread)
        }
    }

    public func onFinished(result: SearchResult) {
        let thread = currentThreadName()
        calls.with {
            $0.results.append(result)
            $0.finishThreads.append(thread)
        }
    }

    /// Waits for `onFinished` and returns its result.
    public func result(within seconds: Double = 30) async throws -> SearchResult {
        try await eventually("onFinished", within: seconds) { !results.isEmpty }
        return results[0]
    }
}

/// A real engine that also records, after the listener was called, every result it delivered,
/// so a test can wait until a result (e.g. a stale one) has been handed on. `tamper` may rewrite
/// results before the listener sees them.
public final class ObservedEngine: ChessEngine, @unchecked Sendable {
    private struct Record {
        var started = 0
        var delivered: [SearchResult] = []
        var tamper: @Sendable (SearchResult) -> SearchResult = { $0 }
    }

    private let record = Guarded(Record())

    /// How many searches were started.
    public var started: Int { record.current.started }
    /// The results delivered to listeners, as delivered (after `tamper`).
    public var delivered: [SearchResult] { record.current.delivered }

    /// Rewrites every later result before the listener sees it.
    public func tamper(_ rewrite: @escaping @Sendable (SearchResult) -> SearchResult) {
        record.with { $0.tamper = rewrite }
    }

    public override func think(
        game: ChessGame, limits: SearchLimits, listener: SearchListener
    ) throws -> SearchHandle {
        let handle = try super.think(
            game: game, limits: limits, listener: Forwarder(listener, record: record))
        record.with { $0.started += 1 }
        return handle
    }

    /// Waits until `count` results have been delivered and returns the last.
    public func nextResult(count: Int, within seconds: Double = 15) async throws -> SearchResult {
        try await eventually("result \(count) delivered", within: seconds) {
            delivered.count >= count
        }
        return delivered[count - 1]
    }

    private final class Forwarder: SearchListener {
        private let listener: SearchListener
        private let record: Guarded<Record>

        init(_ listener: SearchListener, record: Guarded<Record>) {
            self.listener = listener
            self.record = record
        }

        func onInfo(info: SearchInfo) { listener.onInfo(info: info) }

        func onFinished(result: SearchResult) {
            let tamper = record.current.tamper
            let delivered = tamper(result)
            listener.onFinished(result: delivered)
            record.with { $0.delivered.append(delivered) }
        }
    }
}

/// `task`'s result once it has ended, or ``TimedOut`` after `seconds` instead of a hang (the
/// task is then cancelled).
public func outcome<T: Sendable>(
    of task: Task<T, Error>,
    _ what: String,
    within seconds: Double = 15
) async throws -> Result<T, Error> {
    let ended = Guarded(false)
    let watcher = Task {
        _ = await task.result
        ended.with { $0 = true }
    }
    do {
        try await eventually(what, within: seconds) { ended.current }
    } catch {
        task.cancel()
        watcher.cancel()
        throw error
    }
    return await task.result
}

/// Returns once everything queued on the main dispatch queue before the call has run (e.g. the
/// reports a `MainActorSearchListener` queued).
@MainActor
public func drainMainQueue() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// The index of the square named `name` in `GameSnapshot.squares` (a1 = 0 .. h8 = 63).
public func idx(_ name: String) -> Int { Int(sq(name).rawValue) }
