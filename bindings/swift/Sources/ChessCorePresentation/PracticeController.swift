import ChessCoreKit
import Foundation
import Observation

/// One exercise of "practise your mistakes": a position of a reviewed game where a side erred.
/// The Kotlin `PracticeExercise`.
public struct PracticeExercise: Equatable, Sendable {
    /// Moves played before the erring one: the exercise's position is the one after them.
    public var ply: Int
    /// The side to find a better move for.
    public var side: Side
    /// The move played in the game, in SAN.
    public var playedSan: String
    /// Its class in the review: a mistake or a blunder.
    public var moveClass: MoveClass
    /// The engine's better move, in SAN: the solution shown on request.
    public var betterSan: String
    /// The opponent's refutation of the played move, in SAN (from the review).
    public var refutationSan: [String]

    /// An exercise at `ply` for `side`, whose game move `playedSan` (a `moveClass`) the engine
    /// would have replaced by `betterSan`, refuted by `refutationSan`.
    public init(
        ply: Int, side: Side, playedSan: String, moveClass: MoveClass, betterSan: String,
        refutationSan: [String]
    ) {
        self.ply = ply
        self.side = side
        self.playedSan = playedSan
        self.moveClass = moveClass
        self.betterSan = betterSan
        self.refutationSan = refutationSan
    }
}

/// The exercises of a review: its mistakes and blunders (of `side` only, when given: the
/// person's own in a game against the engine) that have a better move, in the order of the
/// game. The Kotlin `practiceExercises`.
public func practiceExercises(_ rows: [ReviewRow], side: Side? = nil) -> [PracticeExercise] {
    rows.compactMap { row in
        guard row.moveClass == .mistake || row.moveClass == .blunder,
            side == nil || row.side == side, let better = row.betterSan,
            !better.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return PracticeExercise(
            ply: row.ply, side: row.side, playedSan: row.san, moveClass: row.moveClass,
            betterSan: better, refutationSan: row.refutationSan)
    }
}

/// Where an exercise stands. The Kotlin `PracticePhase`.
public enum PracticePhase: Sendable, Equatable {
    /// The person is to find a move.
    case toMove
    /// The coach judges the person's move.
    case checking
    /// The move is good enough: the engine's own, or one the coach finds no mistake.
    case solved
    /// The move was the game's, or a mistake or worse; try again or show the solution.
    case wrong
    /// The engine's better move is on the board.
    case shown
    /// No exercise left (or none at all).
    case done
}

/// Everything the practice screen draws (the Kotlin `PracticeUiState`). A value; a new one
/// after every change.
public struct PracticeUiState: BoardScreenState, Equatable {
    /// The core's snapshot: the exercise's position, or the one after the person's move.
    public var snapshot: GameSnapshot
    /// The side shown at the bottom: the side to find a move for.
    public var orientation: Side
    /// The square whose piece is selected, if any.
    public var selected: Square? = nil
    /// The destinations of the selected piece, from the core's `legalMovesFrom`.
    public var targets: Set<Square> = []
    /// Set while the promotion picker shows.
    public var pendingPromotion: PendingPromotion? = nil
    /// The exercise shown (0-based).
    public var index = 0
    /// How many exercises there are.
    public var total = 0
    /// The exercise shown; `nil` when there is none left.
    public var exercise: PracticeExercise? = nil
    /// Where it stands.
    public var phase = PracticePhase.toMove
    /// The person's last move, in SAN.
    public var attemptSan: String? = nil
    /// With ``PracticePhase/wrong`` after the coach's look: what refutes the person's move.
    /// `nil` otherwise, also for the game's own move (its refutation is
    /// ``PracticeExercise/refutationSan``).
    public var refutation: Refutation? = nil
    /// Exercises solved so far (a solution shown does not count).
    public var solved = 0
    /// The last error to show (e.g. the engine failed).
    public var message: String? = nil

    /// Nothing is framed on the practice board.
    public var framedMove: LegalMove? { nil }

    /// `true` when the board takes the person's taps and drags.
    public var acceptsMoves: Bool { exercise != nil && phase == .toMove && pendingPromotion == nil }

    /// `true` when ``PracticeController/retry()`` would show the position again (after a
    /// verdict or a solution).
    public var canRetry: Bool { exercise != nil && [.wrong, .solved, .shown].contains(phase) }

    /// `true` when ``PracticeController/showSolution()`` would put the engine's move on the board.
    public var canShowSolution: Bool { exercise != nil && phase != .shown }

    /// `true` when ``PracticeController/next()`` would go on (an exercise is shown).
    public var canGoNext: Bool { exercise != nil }

    /// "Exercise 2 of 5" while one is shown, `nil` otherwise.
    public var progressText: String? { exercise == nil ? nil : "Exercise \(index + 1) of \(total)" }

    /// One line for the screen, from the phase: the task, the verdict, or the score at the end.
    public var promptText: String { prompt(move: { $0 }, line: { $0.joined(separator: " ") }) }

    /// ``promptText`` in words, for a screen reader: its moves as ``spokenSan(_:)`` says them
    /// ("White to play: find a better move than knight to f6", "knight to f3 allows queen takes
    /// f3; e pawn takes f3. Try again."). The Kotlin `spokenPrompt`.
    public var spokenPrompt: String { prompt(move: spokenSan, line: spokenLine) }

    /// The prompt, with each move written by `move` and a line of moves by `line`.
    private func prompt(move: (String) -> String, line: ([String]) -> String) -> String {
        guard let ex = exercise else {
            return total == 0 ? "No mistakes or blunders to practise" : "Done: \(solved) of \(total) solved"
        }
        let attempt = attemptSan.map(move) ?? ""
        switch phase {
        case .toMove:
            return "\(ex.side == .white ? "White" : "Black") to play: find a better move than \(move(ex.playedSan))"
        case .checking:
            return "Checking \(attempt)…"
        case .solved:
            return attemptSan == ex.betterSan
                ? "\(attempt): the engine's move too"
                : "\(attempt) is good (the engine's move: \(move(ex.betterSan)))"
        case .wrong:
            // The review's line refutes the game's move only; the coach's, the person's own.
            let refuting = refutation?.lineSan ?? ex.refutationSan
            return (refuting.isEmpty ? "\(attempt) loses too much." : "\(attempt) allows \(line(refuting)).")
                + " Try again."
        case .shown:
            return "The engine's move: \(move(ex.betterSan))"
        case .done:
            return "Done: \(solved) of \(total) solved"
        }
    }
}

/// "Practise your mistakes" after a review, as chess.com's retry and lichess's "learn from your
/// mistakes" (docs/presentation-spec.md): for each exercise (a mistake or a blunder of the
/// game), the person looks for a better move; the game's own move is wrong at once, the
/// engine's better move right at once, and any other move is judged by the core's coach on an
/// engine of the controller's own: right when the coach finds it no mistake, wrong (with the
/// refutation) otherwise. The person may retry, show the solution, and go on. It holds no chess
/// rules; the board input is the game screen's. The Kotlin `PracticeController`.
///
/// Threading: a `@MainActor` object; the coach's verdict arrives on the main actor, and one of
/// a superseded check is ignored. Lifetime: owns a `ChessGame` (read from the PGN) and a
/// `ChessEngine`; ``close()`` stops the coach, releasing the controller frees them.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class PracticeController {
    /// The screen state; replaced after every intent and verdict.
    public private(set) var state: PracticeUiState

    @ObservationIgnored private let game: ChessGame
    @ObservationIgnored private let engine: ChessEngine
    @ObservationIgnored private let exercises: [PracticeExercise]
    @ObservationIgnored private let coachNodes: UInt64?
    @ObservationIgnored private var input = MoveInput()
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var token = 0
    @ObservationIgnored private var closed = false
    /// The exercises solved at least once (by index): a second solution counts once.
    @ObservationIgnored private var solvedOnes: Set<Int> = []
    /// The exercises whose solution was shown: solving them afterwards does not count.
    @ObservationIgnored private var shownOnes: Set<Int> = []

    /// Practice on the game in `pgn` (its first game) with `exercises`, judged by the coach
    /// with `coachNodes` a search (`nil`: the standard review preset's).
    ///
    /// - Throws: `ChessError.InvalidPgn` when `pgn` cannot be read; what `engineFactory` throws.
    public init(
        pgn: String, exercises: [PracticeExercise],
        engineFactory: (EngineConfig) throws -> ChessEngine = { try ChessEngine(config: $0) },
        coachNodes: UInt64? = nil
    ) throws {
        let game = try ChessGame.fromPgn(pgn: pgn)
        game.setNewMovePlacement(placement: .variation)
        self.engine = try engineFactory(
            EngineConfig(level: engineLevels().last?.level ?? 10, hashMb: 16))
        self.game = game
        self.exercises = exercises
        self.coachNodes = coachNodes
        self.state = PracticeUiState(
            snapshot: game.snapshot(), orientation: .white, total: exercises.count)
        show(0)
    }

    /// A tap on `square`: the board input of the game screen, for the side to move only.
    public func tapSquare(_ square: Square) {
        guard !closed, state.acceptsMoves else { return }
        apply(input.tap(square, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom))
    }

    /// A drag from `from` to `to`: the same as tapping `from`, then `to`.
    public func dragMove(from: Square, to: Square) {
        guard !closed, state.acceptsMoves else { return }
        for outcome in input.drag(
            from: from, to: to, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom)
        {
            apply(outcome)
        }
    }

    /// Plays the pending promotion with `kind` (one of its choices).
    public func choosePromotion(_ kind: PieceKind) {
        guard !closed, let pending = state.pendingPromotion, pending.choices.contains(kind)
        else { return }
        attempt(from: pending.from, to: pending.to, promotion: kind)
    }

    /// Closes the promotion picker; the pawn stays selected.
    public func cancelPromotion() {
        guard !closed else { return }
        state.pendingPromotion = nil
    }

    /// After a verdict or a solution shown (``PracticeUiState/canRetry``): the exercise's
    /// position again.
    public func retry() {
        guard !closed, state.canRetry else { return }
        show(state.index)
    }

    /// Puts the engine's better move on the board (dropping a check under way); it does not
    /// count as solved.
    public func showSolution() {
        guard !closed, let ex = state.exercise, state.canShowSolution else { return }
        stopCoach()
        shownOnes.insert(state.index)
        do {
            try game.goToMainLinePly(ply: UInt32(ex.ply))
            _ = try game.playSan(san: ex.betterSan)
        } catch {
            show(state.index)
            state.message = (error as? ChessError)?.message ?? "\(error)"
            return
        }
        input.clear()
        var next = state
        next.snapshot = game.snapshot()
        next.phase = .shown
        next.refutation = nil
        next.attemptSan = nil
        next.clearSelection()
        state = next
    }

    /// The next exercise, or ``PracticePhase/done`` after the last.
    public func next() {
        guard !closed, state.canGoNext else { return }
        show(state.index + 1)
    }

    /// The app left the foreground: a check under way stops (the engine does not search
    /// unseen) and the exercise's position comes back, to try again on return. Nothing
    /// otherwise.
    public func pause() {
        guard !closed, state.phase == .checking else { return }
        show(state.index)
    }

    /// Clears ``PracticeUiState/message``.
    public func dismissMessage() {
        guard !closed else { return }
        state.message = nil
    }

    /// Stops the coach; every intent is ignored afterwards. Releasing the controller frees its
    /// game and engine.
    public func close() {
        guard !closed else { return }
        closed = true
        stopCoach()
    }

    // The coach's check holds the engine and the game until it ends: a controller released
    // without `close()` stops it here.
    deinit {
        task?.cancel()
    }

    // MARK: - Internals

    /// Shows exercise `index` (or the end), at its position, to move. An exercise whose position
    /// the game does not have (its ply beyond the main line) ends the practice with the message.
    private func show(_ index: Int) {
        stopCoach()
        input.clear()
        var ex = index < exercises.count ? exercises[index] : nil
        var problem: String?
        if let exercise = ex {
            do {
                try game.goToMainLinePly(ply: UInt32(exercise.ply))
            } catch {
                problem = (error as? ChessError)?.message ?? "\(error)"
                ex = nil
            }
        }
        var next = state
        if let problem { next.message = problem }
        next.snapshot = game.snapshot()
        next.orientation = ex?.side ?? next.orientation
        next.index = index
        next.exercise = ex
        next.phase = ex == nil ? .done : .toMove
        next.attemptSan = nil
        next.refutation = nil
        next.clearSelection()
        state = next
    }

    /// Shows what the board input made of a tap, and tries the move it came to.
    private func apply(_ outcome: MoveInput.Outcome) {
        if let move = state.show(outcome) {
            attempt(from: move.from, to: move.to, promotion: move.promotion)
        }
    }

    /// The person's move: the game's own is wrong, the engine's right; the coach judges others.
    private func attempt(from: Square, to: Square, promotion: PieceKind?) {
        guard let ex = state.exercise else { return }
        input.clear()
        do {
            _ = try game.play(from: from, to: to, promotion: promotion)
        } catch {
            state.clearSelection()
            state.message = (error as? ChessError)?.message ?? "\(error)"
            return
        }
        let snapshot = game.snapshot()
        let san = snapshot.sanHistory.last ?? ""
        let phase: PracticePhase =
            san == ex.playedSan ? .wrong : san == ex.betterSan ? .solved : .checking
        if phase == .solved { countSolved(state.index) }
        var next = state
        next.snapshot = snapshot
        next.attemptSan = san
        next.phase = phase
        next.refutation = nil
        next.solved = solvedOnes.count
        next.clearSelection()
        state = next
        if phase == .checking { startCoach(key: snapshot.positionKey) }
    }

    /// Asks the coach about the person's move; its verdict is shown if still awaited.
    private func startCoach(key: UInt64) {
        stopCoach()
        let mine = token
        let (engine, game, nodes) = (self.engine, self.game, coachNodes)
        task = Task { [weak self] in
            if Task.isCancelled { return }  // superseded before it began: no search
            let result: Result<Coaching?, Error>
            do {
                result = .success(try await engine.coach(game, nodesPerSearch: nodes))
            } catch {
                result = .failure(error)
            }
            guard let self, mine == self.token else { return }
            self.judged(result, key: key)
        }
    }

    private func judged(_ result: Result<Coaching?, Error>, key: UInt64) {
        task = nil
        guard state.phase == .checking, state.snapshot.positionKey == key else { return }
        guard case .success(let found) = result, let coaching = found, coaching.positionKey == key
        else {
            // No verdict (the coach failed): the exercise's position again, and why.
            show(state.index)
            if case .failure(let error) = result, !(error is CancellationError) {
                state.message = "The engine failed: \((error as? ChessError)?.message ?? "\(error)")"
            }
            return
        }
        if let refutation = coaching.refutation {
            var next = state
            next.phase = .wrong
            next.refutation = refutation
            state = next
        } else {
            countSolved(state.index)
            var next = state
            next.phase = .solved
            next.solved = solvedOnes.count
            state = next
        }
    }

    /// Counts exercise `index` as solved, unless its solution was shown first.
    private func countSolved(_ index: Int) {
        if !shownOnes.contains(index) { solvedOnes.insert(index) }
    }

    private func stopCoach() {
        token += 1
        task?.cancel()
        task = nil
    }
}
