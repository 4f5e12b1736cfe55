import ChessCoreKit

/// One of the engine's best lines for the analysis board's current position (the Kotlin
/// `AnalysisLine`).
public struct AnalysisLine: Sendable, Hashable {
    /// Which line this is: 1 is the best, then 2, 3, ... (the engine's MultiPV number).
    public var multipv: Int
    /// The depth the line was found at, in plies.
    public var depth: Int
    /// The evaluation from White's point of view, as ``ThinkingLine/scoreText``: "+0.35",
    /// "-1.20", "0.00", "M3", "-M2".
    public var scoreText: String
    /// White's win chance in this line, 0 to 100 (the core's `SearchInfo.whiteWin`: the review's
    /// formula, so it agrees with the review's eval graph; 100 when White mates, 0 when Black
    /// does).
    public var whiteWin: Double
    /// The line in SAN, from the current position.
    public var pvSan: [String]
    /// The line's first move (for an arrow on the board), as the core gives it among the
    /// position's legal moves; `nil` when the line is empty.
    public var move: LegalMove?

    /// A line as the engine reported it.
    public init(
        multipv: Int, depth: Int, scoreText: String, whiteWin: Double, pvSan: [String],
        move: LegalMove?
    ) {
        self.multipv = multipv
        self.depth = depth
        self.scoreText = scoreText
        self.whiteWin = whiteWin
        self.pvSan = pvSan
        self.move = move
    }
}

/// Everything the analysis board draws (the Kotlin `AnalysisUiState`). A value; a new one after
/// every change. All chess facts come from `snapshot` (the core's): the move tree as
/// `snapshot.moveList`, the current node as `snapshot.node`, the opening as `snapshot.opening`,
/// the current node's comments, squares and arrows as `snapshot.annotations`.
public struct AnalysisUiState: BoardScreenState, Equatable {
    /// The core's snapshot of the current node, taken after every change.
    public var snapshot: GameSnapshot
    /// The side shown at the bottom of the board (saved).
    public var orientation: Side
    /// The last error to show, e.g. the core's message for an invalid PGN or a missing node.
    public var message: String? = nil
    /// `true` when the engine's analysis is switched on (default on; saved).
    public var analysing: Bool
    /// How many lines the engine shows, 1...5 (default 3; saved).
    public var multiPv: Int
    /// The engine's lines for the current position, ordered by ``AnalysisLine/multipv``: at most
    /// ``multiPv`` of them and never more than the legal moves. Empty while analysis is off,
    /// before the first report and where the game is over for good (checkmate, stalemate).
    /// Every line comes from the current position.
    public var lines: [AnalysisLine] = []
    /// `true` while a search of the current position runs (a spinner). When it ends by its
    /// limits the lines stay, at their final depth.
    public var engineRunning = false
    /// The square whose piece is selected, if any.
    public var selected: Square? = nil
    /// The destinations of the selected piece, from the core's `legalMovesFrom`.
    public var targets: Set<Square> = []
    /// Set while the promotion picker shows.
    public var pendingPromotion: PendingPromotion? = nil
    /// The colour the person draws with, or `nil` when taps and drags move pieces. While set, a
    /// tap on a square then a tap on another draws an arrow between them, two taps on one
    /// square mark it, a drag draws an arrow (see ``AnalysisController/setDrawColor(_:)``).
    public var drawColor: MarkColor? = nil
    /// In draw mode, the square tapped first, where the next tap's arrow starts (highlight it).
    public var markFrom: Square? = nil
    /// `true` when the coach is on (saved; ``AnalysisController/setCoach(_:)``): the pieces
    /// that hang, the opponent's threat and what refutes the last move, for every position.
    public var coachOn = false
    /// With the coach on, the pieces of either side that the other side wins material by
    /// capturing in the current position (the core's `hangingPieces`, at once): ring them.
    public var hanging: [HangingPiece] = []
    /// With the coach on, the coach's findings for the current position once its searches have
    /// ended (the core's `coach`); `nil` before, while it searches, or with the coach off.
    public var coaching: Coaching? = nil
    /// `true` while the coach searches the current position.
    public var coachRunning = false
    /// The opening book from the current position: the moves into named openings, main lines
    /// first (the core's `bookMoves`); empty out of the book. Play one with
    /// ``AnalysisController/playBookMove(_:)``.
    public var bookMoves: [BookMove] = []
    /// How many games the explorer of the person's own games holds
    /// (``AnalysisController/setExplorer(_:)``; 0 without one, or with none kept): show the "My
    /// games" section when above 0.
    public var explorerGames = 0
    /// The moves those games played from the current position, the most played first, with how
    /// the games ended (the core's `OpeningExplorer.movesAt`); empty when none reached it. Play
    /// one with ``AnalysisController/playExplorerMove(_:)``; words for it:
    /// ``explorerMoveText(_:)``.
    public var explorerMoves: [ExplorerMove] = []

    /// The squares of the hanging pieces, flagged on the board while the coach is on.
    public var warnings: [Square] { hanging.map(\.square) }

    /// The eval bar's value: White's win chance, 0 to 100, in the engine's best line (line 1's
    /// ``AnalysisLine/whiteWin``); `nil` while analysis is off and before the first report.
    public var whiteWin: Double? { analysing ? lines.first?.whiteWin : nil }

    /// The opponent's threat in the current position (what they would play were it their move
    /// again), if the coach found one.
    public var threat: Threat? { coaching?.threat }

    /// What refutes the move that led here, when the coach found it a mistake or a blunder.
    public var refutation: Refutation? { coaching?.refutation }

    /// `true` in draw mode (``drawColor`` set): taps and drags draw marks, no piece moves.
    public var drawsMarks: Bool { drawColor != nil }

    /// The current node's highlighted squares (its `[%csl]`), to draw on the board.
    public var squareMarks: [SquareMark] { snapshot.annotations.squares }

    /// The current node's arrows (its `[%cal]`), to draw besides the engine's ``framedMove``.
    public var arrows: [Arrow] { snapshot.annotations.arrows }

    /// The current move's NAGs, for a menu that shows which are set
    /// (``AnalysisController/toggleNag(_:)``).
    public var nags: [UInt32] { snapshot.annotations.nags }

    /// The position on the board as a start for a new game ("play from here":
    /// `GameController.newGame(mode:level:timeControl:start:)`), Chess960 when the tree is.
    public var startPosition: StartPosition {
        .position(fen: snapshot.fen, chess960: snapshot.chess960)
    }

    /// `true` when there is a move to annotate with a NAG (not at the start position).
    public var canAnnotateMove: Bool { snapshot.node != 0 }

    /// The move assessments a NAG menu offers, in this order: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    public static let moveNags: [UInt32] = [1, 2, 3, 4, 5, 6]

    /// The position assessments a NAG menu offers: `=`, `∞`, `⩲`, `⩱`, `±`, `∓`, `+−`, `−+`.
    public static let positionNags: [UInt32] = [10, 13, 14, 15, 16, 17, 18, 19]

    /// `true` when ``AnalysisController/back()`` would move (not at the start).
    public var canGoBack: Bool { snapshot.canGoBack }

    /// `true` when ``AnalysisController/forward()`` would move (the current line goes on).
    public var canGoForward: Bool { snapshot.canGoForward }

    /// The best line's first move, framed on the board while analysis shows it.
    public var framedMove: LegalMove? { lines.first?.move }

    /// The person moves both sides; taps wait only for the promotion picker.
    public var acceptsMoves: Bool { pendingPromotion == nil }
}
