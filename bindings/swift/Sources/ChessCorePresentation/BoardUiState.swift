import ChessCoreKit

/// The position a new game starts from (``GameController/newGame(mode:level:timeControl:start:)``).
/// The Kotlin `StartPosition`.
public enum StartPosition: Sendable, Hashable {
    /// The standard start position.
    case standard
    /// A Chess960 (Fischer random) start position: `number` 0...959 in the standard numbering
    /// (518 is the standard arrangement), or a random one when `nil`. Castling is by the king
    /// onto its rook (a tap or a drag on the rook).
    case chess960(number: UInt32? = nil)
    /// A position of the person's choosing, e.g. a set-up position or the analysis board's
    /// (``AnalysisUiState/startPosition``, the FEN alone; ``moves(pgn:)`` keeps the moves before
    /// it): `fen` as the core reads it (`fromFen`, or
    /// `fromChess960Fen` when `chess960`).
    case position(fen: String, chess960: Bool = false)
    /// The moves of a game up to a position, e.g. the analysis board's up to its current move
    /// (``AnalysisController/playFromHereStart()``): `pgn` as the core reads it (`fromPgn`, at the
    /// end of its main line). Unlike ``position(fen:chess960:)``, the new game knows the moves
    /// before, so a repetition counts and its record starts from the beginning.
    case moves(pgn: String)
}

/// Who plays which side.
public enum GameMode: Sendable, Hashable {
    /// A person plays `humanSide`; the engine plays the other side.
    case humanVsEngine(humanSide: Side)
    /// Two people take turns on one device.
    case humanVsHuman
    /// The engine plays both sides; the person watches.
    case engineVsEngine

    /// `true` when the engine plays `side` in this mode.
    public func enginePlays(_ side: Side) -> Bool {
        switch self {
        case .humanVsEngine(let humanSide): return side != humanSide
        case .humanVsHuman: return false
        case .engineVsEngine: return true
        }
    }
}

/// A promotion waiting for the player's choice of piece (the picker is shown).
public struct PendingPromotion: Sendable, Hashable {
    /// The square the pawn leaves.
    public var from: Square
    /// The square it promotes on.
    public var to: Square
    /// The pieces the core allows, in the core's order (queen, rook, bishop, knight).
    public var choices: [PieceKind]
}

/// A move the player chose while the engine was to move (``BoardUiState/premove``).
public struct Premove: Sendable, Hashable {
    /// The square it starts from.
    public var from: Square
    /// Its destination, `nil` while only the start is chosen.
    public var to: Square?
    /// While only the start is chosen: where the piece may go on the player's next turn,
    /// whatever the engine replies (the core's `premoveDestinations`), the squares a board
    /// marks as targets (``BoardUiState/boardTargets``). Empty once the destination is chosen.
    public var targets: Set<Square>

    /// A premove from `from` to `to`; `targets` while only the start is chosen.
    public init(from: Square, to: Square?, targets: Set<Square> = []) {
        self.from = from
        self.to = to
        self.targets = targets
    }
}

/// An earlier position of the game the player is looking at (``GameController/viewPly(_:)``).
public struct ViewedPosition: Sendable, Hashable {
    /// Its ply: the position after that many moves of the game's main line (0: the start).
    public var ply: Int
    /// The core's snapshot of it (`ChessGame.snapshotAtMainLinePly`).
    public var snapshot: GameSnapshot

    /// A viewed position.
    public init(ply: Int, snapshot: GameSnapshot) {
        self.ply = ply
        self.snapshot = snapshot
    }
}

/// The engine's current line while it thinks.
public struct ThinkingLine: Sendable, Hashable {
    /// The depth completed, in plies.
    public var depth: Int
    /// The evaluation from White's point of view: "+0.35", "-1.20", "0.00", "M3" (White mates),
    /// "-M2" (Black mates).
    public var scoreText: String
    /// The principal variation in SAN, from the searched position.
    public var pvSan: [String]
    /// White's win chance, 0 to 100 (the core's `SearchInfo.whiteWin`, on the review's scale).
    public var whiteWin: Double
}

/// What a board draws: the pieces, the last move and check, the selection and its targets, a
/// framed move, marks and warnings, in an orientation. The board screen's ``BoardUiState``, the
/// analysis board's ``AnalysisUiState`` and the practice's ``PracticeUiState`` draw a game's
/// position (``BoardScreenState``); the position editor's ``EditorUiState`` draws any
/// arrangement of pieces. One board view serves them all.
public protocol BoardDrawing: Sendable {
    /// The side shown at the bottom of the board.
    var orientation: Side { get }
    /// The square whose piece is selected, if any.
    var selected: Square? { get }
    /// The destinations of the selected piece, from the core's `legalMovesFrom`.
    var targets: Set<Square> { get }
    /// The squares to mark as targets; ``targets`` by default (the game screen's board adds
    /// a premove's).
    var boardTargets: Set<Square> { get }
    /// A move to frame on the board (the hint, the engine's best line), if any.
    var framedMove: LegalMove? { get }
    /// `true` when the board takes the person's taps and drags now.
    var acceptsMoves: Bool { get }
    /// Highlighted squares to draw (a node's `[%csl]`); none by default.
    var squareMarks: [SquareMark] { get }
    /// Arrows to draw (a node's `[%cal]`); none by default.
    var arrows: [Arrow] { get }
    /// `true` while taps and drags draw marks instead of moving pieces (the analysis board's
    /// draw mode): a drag then moves no piece on screen. `false` by default.
    var drawsMarks: Bool { get }
    /// In draw mode, the square the next arrow starts from, highlighted as a selection; `nil`
    /// by default.
    var markFrom: Square? { get }
    /// Squares to flag as in danger (the coach's hanging pieces); none by default.
    var warnings: [Square] { get }
    /// The premove's squares, start first (drawn as blue ``squareMarks``, said as the premove by
    /// ``squareDescription(of:)``); none by default.
    var premoveSquares: [Square] { get }
    /// The last move, to highlight its squares, if any.
    var lastMove: LegalMove? { get }
    /// The square of a king in check, if any.
    var checkSquare: Square? { get }
    /// The piece on `square`, if any.
    func piece(at square: Square) -> Piece?
}

extension BoardDrawing {
    /// The selected piece's targets.
    public var boardTargets: Set<Square> { targets }

    /// No highlighted squares (the game screen's board).
    public var squareMarks: [SquareMark] { [] }

    /// No arrows (the game screen's board).
    public var arrows: [Arrow] { [] }

    /// Taps and drags move pieces (the game screen's board).
    public var drawsMarks: Bool { false }

    /// No arrow being drawn (the game screen's board).
    public var markFrom: Square? { nil }

    /// No squares flagged (the game screen's board).
    public var warnings: [Square] { [] }

    /// No premove (every board but the game screen's).
    public var premoveSquares: [Square] { [] }

    /// What a screen reader says for `square` of this board (the label the board view gives
    /// it): ``boardSquareDescription(_:piece:targets:checkSquare:lastMove:selected:selectedPiece:squareMarks:arrows:warnings:framedMove:premoveSquares:)``
    /// with the drawing's piece there, its targets, check, last move and selection, and what
    /// else it draws on the square (marks, arrows, warnings, the framed move, the premove).
    public func squareDescription(of square: Square) -> String {
        boardSquareDescription(
            square, piece: piece(at: square), targets: boardTargets, checkSquare: checkSquare,
            lastMove: lastMove, selected: selected, selectedPiece: selected.flatMap { piece(at: $0) },
            squareMarks: squareMarks, arrows: arrows, warnings: warnings, framedMove: framedMove,
            premoveSquares: premoveSquares)
    }

    /// The square drawn at screen `column` and `row` ((0, 0) is the top left), with
    /// `orientation`'s side at the bottom: the board view's only geometry.
    public func squareAtCell(column: Int, row: Int) -> Square {
        orientation == .white
            ? squareAt(file: column, rank: 7 - row) : squareAt(file: 7 - column, rank: row)
    }

    /// The screen column and row where `square` is drawn (the inverse of ``squareAtCell(column:row:)``).
    public func cellOf(_ square: Square) -> (column: Int, row: Int) {
        orientation == .white
            ? (square.file, 7 - square.rank) : (7 - square.file, square.rank)
    }
}

/// A board that shows a game's position (``BoardUiState``, ``AnalysisUiState``,
/// ``PracticeUiState``): its pieces, last move and check come from the core's snapshot. The
/// selection, targets and picker are set through the shared board-input rules.
public protocol BoardScreenState: BoardDrawing {
    /// The core's snapshot of the position shown.
    var snapshot: GameSnapshot { get }
    /// The square whose piece is selected, if any.
    var selected: Square? { get set }
    /// The destinations of the selected piece, from the core's `legalMovesFrom`.
    var targets: Set<Square> { get set }
    /// Set while the promotion picker shows.
    var pendingPromotion: PendingPromotion? { get set }
}

extension BoardScreenState {
    /// The snapshot's last move.
    public var lastMove: LegalMove? { snapshot.lastMove }

    /// The snapshot's king in check.
    public var checkSquare: Square? { snapshot.checkSquare }

    /// The material difference on the board, from the core's snapshot: each side's extra
    /// pieces (``MaterialBalance/extra(of:)``) and the points ahead, for the players' rows
    /// (``materialLeadText(_:side:)``, ``materialDescription(_:side:)``).
    public var material: MaterialBalance { snapshot.material }

    /// The snapshot's piece on `square`.
    public func piece(at square: Square) -> Piece? { snapshot.pieceAt(square) }

    /// One line about the game, derived from the core's status only: "White to move",
    /// "Checkmate — Black wins", "Draw by stalemate", "Draw may be claimed: threefold
    /// repetition", ...
    public var statusText: String { ChessCorePresentation.statusText(snapshot) }

    /// `true` when the game has ended (at the current node).
    public var isGameOver: Bool {
        if case .ended = snapshot.status { return true }
        return false
    }

}

/// Everything the board screen draws. A value; a new one after every change. All chess facts
/// come from `snapshot` (the core's); the rest is presentation state.
public struct BoardUiState: BoardScreenState, Equatable {
    /// The core's snapshot, taken after every change.
    public var snapshot: GameSnapshot
    /// The side shown at the bottom of the board.
    public var orientation: Side
    /// The square whose piece is selected, if any.
    public var selected: Square? = nil
    /// The destinations of the selected piece, from the core's `legalMovesFrom`.
    public var targets: Set<Square> = []
    /// Set while the promotion picker shows.
    public var pendingPromotion: PendingPromotion? = nil
    /// Who plays which side.
    public var mode: GameMode
    /// The engine level, 1 (weakest) to 10.
    public var level: Int
    /// `true` while the engine searches (for its move or for a hint).
    public var engineThinking = false
    /// The engine's line while it thinks.
    public var thinking: ThinkingLine? = nil
    /// The engine's suggestion for the player, shown until the next change.
    public var hint: LegalMove? = nil
    /// The last error to show, e.g. the core's message for an invalid FEN.
    public var message: String? = nil
    /// `true` once the player has announced a draw claim with their next move
    /// (``GameController/claimDrawWithNextMove(_:)``), until that move or a change of mind.
    public var claimingWithNextMove = false
    /// `true` while the player's draw offer to the engine stands
    /// (``GameController/offerDraw()``), until the engine answers on its turn (or a take-back
    /// or new game withdraws it).
    public var drawOffered = false
    /// The earlier position the player is looking at (``GameController/viewPly(_:)``), or
    /// `nil` when the board shows the game's own. The game itself stays where it is meanwhile.
    public var viewed: ViewedPosition? = nil
    /// "Always promote to a queen" (``GameController/setAutoQueen(_:)``): no picker, a queen.
    public var autoQueen = false
    /// "Turn the board for each player" (``GameController/setAutoFlip(_:)``, kept in the
    /// settings): between two people, the side to move is shown at the bottom after every move.
    public var autoFlip = false
    /// `true` while the players have paused a timed game (``GameController/pauseGame()``): the
    /// clock stopped, no move taken, the engine idle, until ``GameController/resumeGame()``; the
    /// app going to the background and back, or a restart, keeps it paused.
    public var userPaused = false
    /// The player's premove while the engine is to move (``canPremove``): played after the
    /// engine's move if it is legal then, dropped if not.
    public var premove: Premove? = nil
    /// The two clocks of a timed game, read from the core's clock after every change and on
    /// every ``GameController/tick()``; `nil` for an untimed game.
    public var clock: ClockUiState? = nil
    /// The number of the game's Chess960 start position (0...959, for a title such as
    /// "Chess960 #518"), from the core's `chess960StartNumber`; `nil` in standard chess and for
    /// a Chess960 game from another position.
    public var chess960Number: UInt32? = nil
    /// Which game of the controller this is: a new number whenever a new game replaces the one
    /// shown (``GameController/newGame(mode:level:timeControl:start:)``,
    /// ``GameController/loadFen(_:)``), so that a screen tells a new game from moves played or
    /// taken back (``boardAnnouncement(before:after:)``).
    public var gameSerial = 0

    /// `true` when ``GameController/undo()`` would take something back: the core can, and the
    /// game has no clock (a timed game has no takebacks: its clock does not run backwards).
    public var canUndo: Bool { snapshot.canUndo && clock == nil }

    /// `true` when ``GameController/redo()`` would replay something (never with a clock).
    public var canRedo: Bool { snapshot.canRedo && clock == nil }

    /// `true` when a person may move now: the game goes on, the side to move is not the
    /// engine's, the engine is idle and no promotion picker is open.
    public var isHumanTurn: Bool {
        !isGameOver && !engineThinking && !mode.enginePlays(snapshot.sideToMove)
            && pendingPromotion == nil && viewed == nil && !userPaused
    }

    /// `true` when a tap or drag builds a premove rather than a move: against the engine, the
    /// game going on and not paused by the players, the engine to move, the board showing the
    /// game's own position.
    public var canPremove: Bool {
        guard !isGameOver, viewed == nil, !userPaused, case .humanVsEngine = mode else { return false }
        return mode.enginePlays(snapshot.sideToMove)
    }

    /// `true` when the players may pause the game (``GameController/pauseGame()``): a timed game
    /// whose clock runs.
    public var canPause: Bool { !isGameOver && !userPaused && clock?.running != nil }

    /// `true` when ``autoFlip`` applies: a game between two people.
    public var canAutoFlip: Bool { mode == .humanVsHuman }

    /// The squares a board marks for ``premove`` (its start, and its destination once chosen);
    /// none while the player looks back or once the game is over.
    public var premoveSquares: [Square] {
        guard viewed == nil, !isGameOver else { return [] }
        return [premove?.from, premove?.to].compactMap { $0 }
    }

    /// The squares a board marks as targets: the selected piece's ``targets``, or, while a
    /// ``premove``'s start is chosen, where it may go (``Premove/targets``); none while the
    /// player looks back or once the game is over.
    public var boardTargets: Set<Square> {
        guard viewed == nil, !isGameOver else { return [] }
        return premove?.targets ?? targets
    }

    /// The premove's squares, marked on the board (``BoardDrawing``).
    public var squareMarks: [SquareMark] {
        premoveSquares.map { SquareMark(color: .blue, square: $0) }
    }

    /// What the board draws: the ``viewed`` position while the player looks back, else the
    /// game's ``snapshot``.
    public var boardSnapshot: GameSnapshot { viewed?.snapshot ?? snapshot }

    /// The board's last move: ``boardSnapshot``'s.
    public var lastMove: LegalMove? { boardSnapshot.lastMove }

    /// The board's king in check: ``boardSnapshot``'s.
    public var checkSquare: Square? { boardSnapshot.checkSquare }

    /// The board's piece on `square`: ``boardSnapshot``'s.
    public func piece(at square: Square) -> Piece? { boardSnapshot.pieceAt(square) }

    /// The material difference on the board shown: ``boardSnapshot``'s (an earlier position's
    /// while the player looks back).
    public var material: MaterialBalance { boardSnapshot.material }

    /// `true` when ``GameController/viewBack()`` has an earlier position to show.
    public var canViewBack: Bool { (viewed?.ply ?? Int(snapshot.ply)) > 0 }

    /// `true` when ``GameController/viewForward()`` has a later position to show (the last one
    /// is the game's own).
    public var canViewForward: Bool { viewed != nil }

    /// The ply of each move of `snapshot.moveRows` (White's, Black's; `nil` where the row has
    /// none): the position after it is ``GameController/viewPly(_:)``'s. The moves after the
    /// game's own position (taken back, to redo) are there too; viewing them shows the game's
    /// own.
    public var moveRowPlies: [(white: Int?, black: Int?)] {
        var ply = 0
        return snapshot.moveRows.map { row in
            var white: Int?
            var black: Int?
            if row.white != nil {
                ply += 1
                white = ply
            }
            if row.black != nil {
                ply += 1
                black = ply
            }
            return (white, black)
        }
    }

    /// The hint, framed on the board while it shows the game's own position
    /// (``BoardScreenState``).
    public var framedMove: LegalMove? { viewed == nil ? hint : nil }

    /// ``isHumanTurn``, looking back (a tap then returns to the game) or a premove to build
    /// (``canPremove``): the board takes the player's taps and drags (``BoardScreenState``).
    public var acceptsMoves: Bool { isHumanTurn || viewed != nil || canPremove }

    /// `true` when the player may claim a draw with the move they are about to make, as FIDE's
    /// Laws allow (9.2.1.1, 9.3.1): some legal move would make the position occur for the third
    /// time or complete fifty moves without a capture or pawn move (the core's
    /// `drawClaimMoves`), and no draw is claimable already, on a player's turn
    /// (``claimsOpen``). Offer "Claim with my move" (``GameController/claimDrawWithNextMove(_:)``).
    public var canClaimWithMove: Bool {
        !isGameOver && claimableDraw == nil && !snapshot.drawClaimMoves.isEmpty && claimsOpen
    }

    /// `true` when the player may offer the engine a draw (``GameController/offerDraw()``): a
    /// game against the engine that goes on, with no offer standing. (Between two people the
    /// screen offers ``GameController/agreeDraw()`` instead.)
    public var canOfferDraw: Bool {
        guard !isGameOver, case .humanVsEngine = mode else { return false }
        return !drawOffered
    }

    /// The draw the player may claim now (offer a "Claim draw" button), or `nil`.
    public var claimableDraw: DrawReason? {
        guard case .ongoing(let claimable) = snapshot.status, claimsOpen else { return nil }
        return claimable
    }

    /// A player's turn for claiming a draw: not the engine's side to move, the board showing
    /// the game's own position (not a move looked back at) and the players not pausing the
    /// game. A hint being searched or the promotion picker does not close it.
    private var claimsOpen: Bool {
        !mode.enginePlays(snapshot.sideToMove) && viewed == nil && !userPaused
    }
}

/// The clocks of a timed game as the board screen shows them, read from the core's clock
/// (`ChessGame.clock(nowMs:)`) at one instant. All timing is the core's; this only words it.
public struct ClockUiState: Sendable, Hashable {
    /// White's time, `3:00` (`1:30:00` from an hour), with tenths under ten seconds (`0:09.7`).
    public var whiteText: String
    /// Black's time, as ``whiteText``.
    public var blackText: String
    /// White's time in milliseconds.
    public var whiteMs: UInt64
    /// Black's time in milliseconds.
    public var blackMs: UInt64
    /// The side whose time runs now; `nil` before the first move, while paused and once the
    /// game is over. The screen ticks (``GameController/tick()``) only while it is set.
    public var running: Side?
    /// The sides with little time left: under ten seconds, or under a tenth of the starting
    /// time when that is less (a one-minute game: six seconds). Shown in red.
    public var lowTime: Set<Side>
    /// The side whose flag fell, once the core recorded it.
    public var flagged: Side?
    /// The time control in words, e.g. "3 min + 2 s" (the core's `timeControlDescription`).
    public var description: String

    /// The clocks as `reading` shows them, for a game with `control`.
    public init(reading: ClockReading, control: TimeControl) {
        whiteMs = reading.whiteMs
        blackMs = reading.blackMs
        whiteText = clockText(ms: reading.whiteMs)
        blackText = clockText(ms: reading.blackMs)
        running = reading.runningSide
        let low = min(10_000, control.startingMs / 10)
        lowTime = Set([Side.white, .black].filter { reading.ms(of: $0) < low })
        flagged = reading.flaggedSide
        description = timeControlDescription(control: control)
    }
}

extension ClockReading {
    /// `side`'s time in milliseconds.
    func ms(of side: Side) -> UInt64 { side == .white ? whiteMs : blackMs }
}

extension TimeControl {
    /// The time each player starts with: the first period's, or the sandclock's (0 untimed).
    var startingMs: UInt64 {
        switch self {
        case .untimed: return 0
        case .periods(let periods): return periods.first?.timeMs ?? 0
        case .sandclock(let ms): return ms
        }
    }
}
