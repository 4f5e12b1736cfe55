import ChessCoreKit
import Foundation
import Observation

/// The board screen's presentation logic: turns the core's `GameSnapshot`s into
/// ``BoardUiState`` and the player's intents into core calls, and drives the engine's turn. It
/// holds no chess rules: legality, notation, check and the outcome all come from the core. The
/// Kotlin `GameController` (android/presentation) has the same states, intents and behaviour.
///
/// Threading: a `@MainActor` object. The engine reports on its own thread; its reports reach
/// the controller on the main actor (through ``ChessCoreKit/MainActorSearchListener``) before
/// they touch the state, and reports of a search that was stopped or superseded meanwhile, or
/// about another position, are ignored.
///
/// Lifetime: owns a `ChessGame` and a `ChessEngine`; releasing the controller stops any search
/// and frees them. The game is saved through its ``GameStore`` after every change and restored
/// when a controller is created, so a killed app resumes where it was (also mid-search: the
/// engine simply starts again on its turn).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class GameController {
    /// The screen state; replaced after every intent and engine report.
    public private(set) var state: BoardUiState

    /// The engine's strength levels, weakest first (for the level picker).
    public let levels: [EngineLevel]

    @ObservationIgnored private var game: ChessGame
    @ObservationIgnored private let engine: ChessEngine
    @ObservationIgnored private let store: any GameStore
    @ObservationIgnored private let limitsForLevel: (Int) -> SearchLimits
    @ObservationIgnored private let hintLimits: SearchLimits

    /// The running search (the engine's move or a hint), if any.
    @ObservationIgnored private var search: SearchHandle?
    /// Incremented whenever a search is started or abandoned: reports of older ones are ignored.
    @ObservationIgnored private var searchToken = 0
    /// The selection and its legal moves: the board-input rules shared with the analysis board.
    @ObservationIgnored private var input = MoveInput()
    /// `true` between ``pause()`` and ``resume()``: the app is in the background, no search runs.
    @ObservationIgnored private var paused = false

    /// The default limits of a hint: one second at full strength (the strongest of
    /// `engineLevels()`), whatever level the engine plays at.
    public nonisolated static func defaultHintLimits() -> SearchLimits {
        SearchLimits(moveTimeMs: 1000, level: engineLevels().last?.level)
    }

    /// Restores the game and settings saved in `store` (a new game when there are none, with
    /// ``BoardUiState/message`` saying why when the saved game could not be read) and starts
    /// the engine when it is its turn.
    ///
    /// - Parameters:
    ///   - store: where the game is saved after every change and restored from now.
    ///   - engineFactory: creates the engine (tests: an observed one); its config carries the level.
    ///   - limitsForLevel: the limits of the engine's own moves at a level (default: the level's own).
    ///   - hintLimits: the limits of a hint search (default: ``defaultHintLimits()``).
    ///   - defaultMode: the mode when the store holds no settings.
    ///   - defaultLevel: the level when the store holds no settings.
    /// - Throws: what `engineFactory` throws (the default factory does not: the level is
    ///   clamped to the valid range).
    public init(
        store: any GameStore,
        engineFactory: (EngineConfig) throws -> ChessEngine = { try ChessEngine(config: $0) },
        limitsForLevel: @escaping (Int) -> SearchLimits = { _ in SearchLimits() },
        hintLimits: SearchLimits = GameController.defaultHintLimits(),
        defaultMode: GameMode = .humanVsEngine(humanSide: .white),
        defaultLevel: Int = 4
    ) throws {
        let settings = store.loadSettings()
        let mode = Self.decodeMode(settings[Self.keyMode]) ?? defaultMode
        let level = Self.clampLevel(settings[Self.keyLevel].flatMap { Int($0) } ?? defaultLevel)
        let orientation =
            Side(settingsValue: settings[Self.keyOrientation]) ?? Self.defaultOrientation(mode)
        var message: String?
        var restored: ChessGame?
        let saved = store.load()
        if let saved {
            do {
                restored = try ChessGame.fromJson(json: saved)
            } catch {
                message = "The saved game could not be restored: \(Self.describe(error))"
            }
        }
        let game = Self.asPlayed(restored ?? ChessGame())
        self.engine = try engineFactory(Self.engineConfig(level: level))
        self.game = Self.asPlayed(game)
        self.store = store
        self.limitsForLevel = limitsForLevel
        self.hintLimits = hintLimits
        self.levels = engineLevels()
        self.state = BoardUiState(
            snapshot: game.snapshot(), orientation: orientation, mode: mode, level: level,
            message: message)
        if saved == nil || message != nil { store.save(json: game.toJson()) }
        startEngineTurnIfDue()
    }

    // MARK: - Intents

    /// The player tapped `square`: selects a piece of the side to move, moves the selected piece
    /// to a highlighted target (opening the promotion picker when the core offers promotion
    /// choices), reselects another own piece, or clears the selection. Ignored while the engine
    /// is to move or thinks, the picker is open or the game is over.
    public func tapSquare(_ square: Square) {
        guard state.isHumanTurn else { return }
        show([input.tap(square, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom)])
    }

    /// The player dragged the piece on `from` to `to`: the same as tapping `from`, then `to`.
    public func dragMove(from: Square, to: Square) {
        guard state.isHumanTurn else { return }
        show(
            input.drag(
                from: from, to: to, snapshot: state.snapshot, legalMovesFrom: game.legalMovesFrom))
    }

    /// Plays the pending promotion with `kind` (one of its choices; others are ignored).
    public func choosePromotion(_ kind: PieceKind) {
        guard let pending = state.pendingPromotion, pending.choices.contains(kind) else { return }
        play(from: pending.from, to: pending.to, promotion: kind)
    }

    /// Closes the promotion picker without moving; the game is unchanged, the pawn stays
    /// selected.
    public func cancelPromotion() {
        state.pendingPromotion = nil
    }

    /// Takes back a move. Stops a running search first (its result is ignored). Against the
    /// engine it takes back to the player's turn: two plies when the engine has replied, one
    /// while it thinks.
    public func undo() {
        stopSearch()
        let mode = state.mode
        if game.undo(), case .humanVsEngine = mode {
            while mode.enginePlays(game.snapshot().sideToMove), game.undo() {}
        }
        afterChange()
    }

    /// Replays what ``undo()`` took back (against the engine: up to the player's turn again).
    public func redo() {
        stopSearch()
        let mode = state.mode
        if game.redo(), case .humanVsEngine = mode {
            while mode.enginePlays(game.snapshot().sideToMove), game.redo() {}
        }
        afterChange()
    }

    /// Turns the board around. A running search goes on.
    public func flipBoard() {
        state.orientation = state.orientation.opponent
        saveSettings()
    }

    /// Sets the engine level (clamped to 1...10), used from the next search on.
    public func setLevel(_ level: Int) {
        let level = Self.clampLevel(level)
        do {
            try engine.setConfig(config: Self.engineConfig(level: level))
            state.level = level
            saveSettings()
        } catch {
            state.message = Self.describe(error)
        }
    }

    /// A game as played: a move after an undo makes the main line (the game's PGN), and the
    /// moves taken back stay in the game as a variation.
    private static func asPlayed(_ game: ChessGame) -> ChessGame {
        game.setNewMovePlacement(placement: .mainLine)
        return game
    }

    /// Starts a new game in `mode` at `level` (default: the current one). The board shows the
    /// player's side at the bottom (White when nobody or both play).
    public func newGame(mode: GameMode, level: Int? = nil) {
        stopSearch()
        game = Self.asPlayed(ChessGame())
        engine.newGame()
        state.mode = mode
        state.orientation = Self.defaultOrientation(mode)
        setLevel(level ?? state.level)
        afterChange()
    }

    /// Starts from the position in `fen`. When the core rejects it, ``BoardUiState/message``
    /// shows the core's error and the game (and a running search) is unchanged.
    public func loadFen(_ fen: String) {
        let loaded: ChessGame
        do {
            loaded = try ChessGame.fromFen(fen: fen.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            state.message = Self.describe(error)
            return
        }
        stopSearch()
        game = Self.asPlayed(loaded)
        engine.newGame()
        afterChange()
    }

    /// Asks the engine for a move for the player; ``BoardUiState/hint`` shows it until the next
    /// change. Runs like the engine's turn (``BoardUiState/engineThinking``, thinking line,
    /// taps ignored until it ends). Ignored unless it is a person's turn.
    public func requestHint() {
        guard !paused, state.isHumanTurn else { return }
        startSearch(hint: true)
    }

    /// Claims the draw the core offers (``BoardUiState/claimableDraw``).
    public func claimDraw() {
        guard state.claimableDraw != nil else { return }
        changeGame { _ = try $0.claimDraw() }
    }

    /// Announces (or with `on` false withdraws) a draw claim with the player's next move, as
    /// FIDE's Laws allow (9.2.1.1, 9.3.1; offered while ``BoardUiState/canClaimWithMove``). The
    /// next move the player makes then ends the game drawn when it allows the claim; a move that
    /// allows none is played all the same and the game goes on, as FIDE 9.5.1 has it, with
    /// ``BoardUiState/message`` saying so.
    public func claimDrawWithNextMove(_ on: Bool = true) {
        guard !on || state.canClaimWithMove else { return }
        state.claimingWithNextMove = on
    }

    /// The player resigns (against the engine: the player's side; otherwise the side to move).
    public func resign() {
        let side: Side
        if case .humanVsEngine(let human) = state.mode {
            side = human
        } else {
            side = state.snapshot.sideToMove
        }
        changeGame { _ = try $0.resign(side: side) }
    }

    /// Ends the game as a draw by agreement.
    public func agreeDraw() {
        changeGame { _ = try $0.agreeDraw() }
    }

    /// Clears ``BoardUiState/message``.
    public func dismissMessage() {
        state.message = nil
    }

    /// The game in PGN, for sharing.
    public func pgn() -> String { game.pgn() }

    /// The current position in FEN, for sharing.
    public func fen() -> String { game.fen() }

    /// The app went to the background (`scenePhase` left `.active`; Android `onStop`): stops any
    /// search so that the engine does not use the battery unseen, and saves the game. The
    /// engine's turn starts again in ``resume()``; a hint in progress is dropped.
    public func pause() {
        guard !paused else { return }
        paused = true
        stopSearch()
        store.save(json: game.toJson())
    }

    /// The app is in the foreground again: the engine's turn, if due, starts over.
    public func resume() {
        guard paused else { return }
        paused = false
        startEngineTurnIfDue()
    }

    // MARK: - Selection and moves

    /// Shows what the board input made of a tap or drag, and plays the move it came to.
    private func show(_ outcomes: [MoveInput.Outcome]) {
        for outcome in outcomes {
            if let move = state.show(outcome) {
                play(from: move.from, to: move.to, promotion: move.promotion)
            }
        }
    }

    private func play(from: Square, to: Square, promotion: PieceKind?) {
        guard state.claimingWithNextMove else {
            changeGame { _ = try $0.play(from: from, to: to, promotion: promotion) }
            return
        }
        let claim = state.snapshot.drawClaimMoves.first {
            $0.legalMove.from == from && $0.legalMove.to == to && $0.legalMove.promotion == promotion
        }
        if let claim {
            changeGame { _ = try $0.claimDrawWith(uci: claim.legalMove.uci) }
        } else if changeGame({ _ = try $0.play(from: from, to: to, promotion: promotion) }),
            let san = state.snapshot.lastMove?.san
        {
            state.message = noDrawClaimText(san: san)
        }
    }

    /// Runs a core call that changes the game; on error shows the core's message instead.
    /// Returns `true` when the call succeeded.
    @discardableResult
    private func changeGame(_ call: (ChessGame) throws -> Void) -> Bool {
        stopSearch()
        do {
            try call(game)
        } catch {
            input.clear()
            state.clearSelection()
            state.message = Self.describe(error)
            startEngineTurnIfDue()
            return false
        }
        afterChange()
        return true
    }

    /// After every change of the game: new snapshot, cleared transient state, save, engine turn.
    private func afterChange() {
        input.clear()
        let snapshot = game.snapshot()
        store.save(json: game.toJson())
        var next = state
        next.snapshot = snapshot
        next.selected = nil
        next.targets = []
        next.pendingPromotion = nil
        next.engineThinking = false
        next.thinking = nil
        next.hint = nil
        next.message = nil
        next.claimingWithNextMove = false
        state = next
        startEngineTurnIfDue()
    }

    // MARK: - Engine

    private func startEngineTurnIfDue() {
        let s = state
        guard !paused, search == nil, !s.isGameOver, s.mode.enginePlays(s.snapshot.sideToMove)
        else {
            return
        }
        startSearch(hint: false)
    }

    /// Starts a search of the current position: the engine's move, or a hint for the player.
    /// Its reports reach the main actor through a `MainActorSearchListener`; any report of a
    /// search that was stopped or superseded meanwhile (token) or of another position (key) is
    /// ignored.
    private func startSearch(hint: Bool) {
        searchToken += 1
        let token = searchToken
        let key = state.snapshot.positionKey
        let listener = MainActorSearchListener(
            onInfo: { [weak self] info in
                self?.receive(info, token: token, key: key)
            },
            onFinished: { [weak self] result in
                self?.receive(result, token: token, key: key, hint: hint)
            })
        let limits = hint ? hintLimits : limitsForLevel(state.level)
        do {
            search = try engine.think(game: game, limits: limits, listener: listener)
        } catch {
            state.message = Self.describe(error)
            return
        }
        state.engineThinking = true
        state.thinking = nil
    }

    private func receive(_ info: SearchInfo, token: Int, key: UInt64) {
        guard token == searchToken, info.positionKey == key else { return }
        state.thinking = ThinkingLine(
            depth: Int(info.depth), scoreText: scoreText(info.scoreWhite), pvSan: info.pvSan)
    }

    private func receive(_ result: SearchResult, token: Int, key: UInt64, hint: Bool) {
        guard token == searchToken else { return }
        search = nil  // finished: releasing the handle frees it
        let current = result.positionKey == key && result.positionKey == state.snapshot.positionKey
        if let error = result.error {
            state.engineThinking = false
            state.thinking = nil
            state.message = "The engine failed: \(error)"
        } else if current && !hint {
            changeGame { _ = try $0.playUci(uci: result.bestMove.uci) }
        } else {
            state.engineThinking = false
            state.thinking = nil
            if current { state.hint = result.bestMove }
        }
    }

    /// Stops the running search, if any; its reports will be ignored.
    private func stopSearch() {
        searchToken += 1
        search?.stop()
        search = nil
        if state.engineThinking {
            state.engineThinking = false
            state.thinking = nil
        }
    }

    // MARK: - Settings

    private static let keyMode = "mode"
    private static let keyLevel = "level"
    private static let keyOrientation = "orientation"

    private func saveSettings() {
        store.saveSettings([
            Self.keyMode: Self.encodeMode(state.mode),
            Self.keyLevel: String(state.level),
            Self.keyOrientation: state.orientation.settingsValue,
        ])
    }

    private static func clampLevel(_ level: Int) -> Int {
        let strongest = Int(engineLevels().last?.level ?? 10)
        return min(max(level, 1), strongest)
    }

    /// A fresh seed for each configuration, so the weaker levels do not replay the same game.
    private static func engineConfig(level: Int) -> EngineConfig {
        EngineConfig(level: UInt32(level), seed: UInt64.random(in: 0...UInt64.max))
    }

    private static func describe(_ error: Error) -> String {
        (error as? ChessError)?.message ?? "\(error)"
    }

    private static func defaultOrientation(_ mode: GameMode) -> Side {
        if case .humanVsEngine(let human) = mode { return human }
        return .white
    }

    private static func encodeMode(_ mode: GameMode) -> String {
        switch mode {
        case .humanVsEngine(let human): return "human-vs-engine:" + human.settingsValue
        case .humanVsHuman: return "human-vs-human"
        case .engineVsEngine: return "engine-vs-engine"
        }
    }

    private static func decodeMode(_ text: String?) -> GameMode? {
        guard let text else { return nil }
        switch text {
        case "human-vs-human": return .humanVsHuman
        case "engine-vs-engine": return .engineVsEngine
        default:
            let prefix = "human-vs-engine:"
            guard text.hasPrefix(prefix) else { return nil }
            return Side(settingsValue: String(text.dropFirst(prefix.count))).map {
                .humanVsEngine(humanSide: $0)
            }
        }
    }
}
