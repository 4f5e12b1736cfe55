import ChessCore

/// The case name and message of a `ChessError`, e.g. `("InvalidFen", "invalid FEN: ...")`.
/// Switches over every case, so a new case in the core fails to compile here until the tests
/// know about it.
public func caseAndMessage(_ error: ChessError) -> (name: String, message: String) {
    switch error {
    case .InvalidFen(let message): return ("InvalidFen", message)
    case .InvalidNotation(let message): return ("InvalidNotation", message)
    case .IllegalMove(let message): return ("IllegalMove", message)
    case .GameOver(let message): return ("GameOver", message)
    case .InvalidSquare(let message): return ("InvalidSquare", message)
    case .InvalidPgn(let message): return ("InvalidPgn", message)
    case .InvalidSavedGame(let message): return ("InvalidSavedGame", message)
    case .InvalidRequest(let message): return ("InvalidRequest", message)
    case .Internal(let message): return ("Internal", message)
    }
}

/// A call that was expected to throw a `ChessError` and did not (or threw something else).
public struct NoChessError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// Runs `body`, which must throw a `ChessError`, and returns the error's case name and message.
public func chessError<T>(_ body: () throws -> T) throws -> (name: String, message: String) {
    do {
        let value = try body()
        throw NoChessError(description: "expected a ChessError, got \(value)")
    } catch let error as ChessError {
        return caseAndMessage(error)
    }
}

/// The async form of ``chessError(_:)``.
public func chessError<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
) async throws -> (name: String, message: String) {
    do {
        let value = try await body()
        throw NoChessError(description: "expected a ChessError, got \(value)")
    } catch let error as ChessError {
        return caseAndMessage(error)
    }
}

/// Waits until no chesscore object (game, engine, search handle) is alive, or throws
/// ``TimedOut``. Objects are freed when Swift releases them; a search handle held by a stopped
/// search's bookkeeping goes a moment after its search has finished.
public func noLiveObjects(
    isolation: isolated (any Actor)? = #isolation,
    _ what: String = "every chesscore object freed"
) async throws {
    try await eventually("\(what) (live: \(liveObjectCount()))", within: 5) {
        liveObjectCount() == 0
    }
}
