import ChessCore
@testable import ChessCorePresentation
import ChessCoreTestSupport
import XCTest

/// What VoiceOver says (Spoken.swift): the same words as the Kotlin PresentationTextTest's.
final class SpokenTests: XCTestCase {
    func testMovesAreSpokenInWordsFromTheCoresReadingOfTheirSan() throws {
        XCTAssertEqual(
            ["e4", "Nf3", "Nbd7", "R1e2", "exd5", "e8=Q", "exd8=N+", "O-O", "O-O-O#", "Rxe1#", "--"].map(spokenSan),
            [
                "e4", "knight to f3", "knight from b to d7", "rook from rank 1 to e2", "e pawn takes d5",
                "e8, promotes to queen", "e pawn takes d8, promotes to knight, check", "castles kingside",
                "castles queenside, checkmate", "rook takes e1, checkmate", "--",
            ])
        XCTAssertEqual(spokenLine(["e4", "e5", "Nf3"]), "e4; e5; knight to f3")
        XCTAssertEqual(nagName(5), "interesting move")
        XCTAssertEqual(nagName(14), "White is slightly better")
        XCTAssertEqual(nagName(200), "")
        let game = try XCTUnwrap(readPgn(pgn: "1. e4! e5 (1... c5 $5 2. Nf3) 2. Nf3 $6 $14 Nc6 *").games.first)
        XCTAssertEqual(
            game.snapshot().moveList.compactMap(spokenMoveText),
            [
                "1 White: e4, good move", "1 Black: e5", "1 Black: c5, interesting move", "2 White: knight to f3",
                "2 White: knight to f3, dubious move, White is slightly better", "2 Black: knight to c6",
            ])
    }

    func testClockTimesAreSpokenInWordsRoundedDownAsTheClockShowsThem() {
        XCTAssertEqual(clockSpokenText(ms: 9_799), "9.7 seconds")
        XCTAssertEqual(clockSpokenText(ms: 0), "0.0 seconds")
        XCTAssertEqual(clockSpokenText(ms: 45_999), "45 seconds")
        XCTAssertEqual(clockSpokenText(ms: 60_000), "1 minute")
        XCTAssertEqual(clockSpokenText(ms: 179_999), "2 minutes 59 seconds")
        XCTAssertEqual(clockSpokenText(ms: 5_400_000), "1 hour 30 minutes")
        XCTAssertEqual(clockSpokenText(ms: 3_661_000), "1 hour 1 minute 1 second")
    }

    func testABoardAnnouncesMovesTakeBacksTheEndLowTimeAndAHintAndNothingForANewGame() throws {
        let game = ChessGame()
        func state(_ game: ChessGame, _ mode: GameMode = .humanVsEngine(humanSide: .white)) -> BoardUiState {
            BoardUiState(snapshot: game.snapshot(), orientation: .white, mode: mode, level: 5)
        }
        let start = state(game)
        XCTAssertNil(boardAnnouncement(before: nil, after: start))
        XCTAssertNil(boardAnnouncement(before: start, after: start))
        _ = try game.playSan(san: "e4")
        let e4 = state(game)
        XCTAssertEqual(boardAnnouncement(before: start, after: e4), "White: e4")
        // The engine's reply and a premove played after it, seen as one change.
        _ = try game.playSan(san: "Nf6")
        _ = try game.playSan(san: "e5")
        let both = state(game)
        XCTAssertEqual(boardAnnouncement(before: e4, after: both), "Black: knight to f6. White: e5")
        _ = game.undo()
        XCTAssertEqual(boardAnnouncement(before: both, after: state(game)), "1 move taken back")
        // Three plies between two states the screen saw: all said.
        for san in ["e5", "Nd5"] { _ = try game.playSan(san: san) }
        XCTAssertEqual(
            boardAnnouncement(before: e4, after: state(game)), "Black: knight to f6. White: e5. Black: knight to d5")
        // Looking back and returning.
        let now = state(game)
        var back = now
        back.viewed = ViewedPosition(ply: 1, snapshot: try game.snapshotAtMainLinePly(ply: 1))
        XCTAssertEqual(boardAnnouncement(before: now, after: back), "After 1 White: e4")
        XCTAssertEqual(boardAnnouncement(before: back, after: now), "Back to the game")
        // The same moves in a new game (play from here): nothing, it is a new screen.
        var replaced = now
        replaced.gameSerial = 1
        XCTAssertNil(boardAnnouncement(before: e4, after: replaced))
        var hinted = e4
        hinted.hint = game.legalMovesFrom(square: sq("g1")).first { $0.san == "Nf3" }
        XCTAssertEqual(boardAnnouncement(before: e4, after: hinted), "Hint: knight to f3")
        var fresh = both
        fresh.snapshot = ChessGame().snapshot()
        fresh.gameSerial = 1
        XCTAssertNil(boardAnnouncement(before: both, after: fresh), "a new game")

        let mated = ChessGame()
        for san in ["f3", "e5", "g4"] { _ = try mated.playSan(san: san) }
        let before = state(mated, .humanVsHuman)
        _ = try mated.playSan(san: "Qh4#")
        XCTAssertEqual(
            boardAnnouncement(before: before, after: state(mated, .humanVsHuman)),
            "Black: queen to h4, checkmate. Checkmate — Black wins")

        let timed = ChessGame()
        let control = try XCTUnwrap(timeControlFromPgn(text: "60"))
        try timed.setTimeControl(control: control)
        try timed.startClock(nowMs: 0)
        var clock = ClockUiState(reading: try XCTUnwrap(timed.clock(nowMs: 0)), control: control)
        clock.whiteMs = 10_100
        var plenty = state(timed, .humanVsHuman)
        plenty.clock = clock
        var low = plenty
        low.clock?.whiteMs = 9_700
        low.clock?.lowTime = [.white]
        XCTAssertEqual(boardAnnouncement(before: plenty, after: low), "White is low on time: 9.7 seconds")
        var lower = low
        lower.clock?.whiteMs = 9_600
        XCTAssertNil(boardAnnouncement(before: low, after: lower), "said once")
        XCTAssertEqual(low.clock?.spokenTime(of: .white), "9.7 seconds, low time")
        XCTAssertEqual(low.clock?.spokenTime(of: .black), "1 minute")
        var flagged = try XCTUnwrap(low.clock)
        flagged.whiteMs = 0
        flagged.flagged = .white
        XCTAssertEqual(flagged.spokenTime(of: .white), "0.0 seconds, flag fell")
    }

    func testEngineLinesMatesAndBookMovesAreSpokenInWords() throws {
        XCTAssertEqual(spokenScore("M3"), "White mates in 3")
        XCTAssertEqual(spokenScore("-M2"), "Black mates in 2")
        XCTAssertEqual(spokenScore("+0.35"), "+0.35")
        XCTAssertEqual(
            spokenEngineLine(depth: 20, scoreText: "+0.35", pvSan: ["e4", "e5", "Nf3"]), "depth 20, +0.35: e4; e5; knight to f3")
        XCTAssertEqual(
            spokenEngineLine(depth: 1, scoreText: "M1", pvSan: ["Qxf7#"]), "depth 1, White mates in 1: queen takes f7, checkmate")
        XCTAssertEqual(spokenEngineLine(depth: 0, scoreText: "0.00", pvSan: []), "depth 0, 0.00")
        let book = try XCTUnwrap(ChessGame().bookMoves().first { $0.legalMove.san == "Nf3" })
        XCTAssertEqual(spokenBookMove(book), "knight to f3, \(book.opening.variation ?? book.opening.family)")
    }

    func testSelectingAPieceAnnouncesWhereItMayGoAndAPremoveWhatItWillPlay() throws {
        let game = ChessGame()
        let start = BoardUiState(
            snapshot: game.snapshot(), orientation: .white, mode: .humanVsEngine(humanSide: .white), level: 5)
        func targets(_ from: String) -> Set<Square> { Set(game.legalMovesFrom(square: sq(from)).map(\.to)) }
        var knight = start
        knight.selected = sq("g1")
        knight.targets = targets("g1")
        XCTAssertEqual(boardAnnouncement(before: start, after: knight), "White knight on g1 selected: f3, h3")
        XCTAssertNil(boardAnnouncement(before: knight, after: knight))
        XCTAssertNil(boardAnnouncement(before: knight, after: start), "deselecting: the square's selected trait says it")
        var bishop = start
        bishop.selected = sq("c1")
        bishop.targets = targets("c1")
        XCTAssertEqual(boardAnnouncement(before: knight, after: bishop), "White bishop on c1 selected: no moves")
        // A move played from a selection says the move only.
        _ = try game.playSan(san: "e4")
        var e4 = start
        e4.snapshot = game.snapshot()
        XCTAssertEqual(boardAnnouncement(before: knight, after: e4), "White: e4")
        var queen = e4
        queen.selected = sq("d1")
        queen.targets = targets("d1")
        XCTAssertEqual(boardAnnouncement(before: knight, after: queen), "White: e4")
        // A premove while the engine thinks: its start with where it may go, then the move.
        var from = e4
        from.premove = Premove(from: sq("g1"), to: nil, targets: [sq("h3"), sq("f3"), sq("e2")])
        XCTAssertEqual(boardAnnouncement(before: e4, after: from), "Premove from g1: e2, f3, h3")
        var set = e4
        set.premove = Premove(from: sq("g1"), to: sq("f3"))
        XCTAssertEqual(boardAnnouncement(before: from, after: set), "Premove: white knight g1 to f3")
        XCTAssertEqual(boardAnnouncement(before: set, after: e4), "Premove cancelled")
        // Played after the engine's reply: the moves say it.
        _ = try game.playSan(san: "e5")
        _ = try game.playSan(san: "Nf3")
        var played = e4
        played.snapshot = game.snapshot()
        XCTAssertEqual(boardAnnouncement(before: set, after: played), "Black: e5. White: knight to f3")
        // A premove the engine's reply makes illegal (b5 blocks the bishop's way to a6): dropped.
        let other = ChessGame()
        _ = try other.playSan(san: "e4")
        var waiting = BoardUiState(
            snapshot: other.snapshot(), orientation: .white, mode: .humanVsEngine(humanSide: .white), level: 5)
        waiting.premove = Premove(from: sq("f1"), to: sq("a6"))
        _ = try other.playSan(san: "b5")
        var dropped = waiting
        dropped.premove = nil
        dropped.snapshot = other.snapshot()
        XCTAssertEqual(boardAnnouncement(before: waiting, after: dropped), "Black: b5. Premove dropped")
        // The analysis board, in the same position: the selection.
        let board = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
        let state = AnalysisUiState(snapshot: board.snapshot(), orientation: .white, analysing: false, multiPv: 1)
        var rook = state
        rook.selected = sq("a1")
        rook.targets = Set(board.legalMovesFrom(square: sq("a1")).map(\.to))
        XCTAssertEqual(
            analysisAnnouncement(before: state, after: rook),
            "White rook on a1 selected: a2, a3, a4, a5, a6, a7, a8, b1, c1, d1")
        XCTAssertNil(analysisAnnouncement(before: rook, after: rook))
        XCTAssertNil(analysisAnnouncement(before: rook, after: state))
    }

    func testTheAnalysisBoardAnnouncesThePositionItStepsToWithItsNags() throws {
        func state(_ game: ChessGame) -> AnalysisUiState {
            AnalysisUiState(snapshot: game.snapshot(), orientation: .white, analysing: false, multiPv: 1)
        }
        let game = try XCTUnwrap(readPgn(pgn: "1. e4 e5 2. Nf3 $1 *").games.first)
        let end = state(game)
        _ = game.goBack()
        let e5 = state(game)
        XCTAssertEqual(analysisAnnouncement(before: end, after: e5), "1 Black: e5")
        _ = game.goForward()
        XCTAssertEqual(analysisAnnouncement(before: e5, after: state(game)), "2 White: knight to f3, good move")
        try game.goTo(node: 0)
        XCTAssertEqual(analysisAnnouncement(before: e5, after: state(game)), "Start position")
        XCTAssertNil(analysisAnnouncement(before: e5, after: e5))
        XCTAssertNil(analysisAnnouncement(before: nil, after: e5))
        let check = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        let before = state(check)
        _ = try check.playSan(san: "Rh8")
        XCTAssertEqual(analysisAnnouncement(before: before, after: state(check)), "1 White: rook to h8, check")
    }

    func testAReviewsRowsSummariesAndGraphAreSpokenInWords() {
        func row(_ ply: Int, _ number: String, _ side: Side, _ san: String, _ moveClass: MoveClass,
                 _ better: String?, onlyMove: Bool = false) -> ReviewRow {
            ReviewRow(
                ply: ply, numberText: number, side: side, san: san, moveClass: moveClass,
                symbol: moveClass.symbol(), classText: moveClass.text, evalText: "+3.20", betterSan: better,
                refutationSan: [], missedWin: false, onlyMove: onlyMove)
        }
        let blunder = row(27, "14…", .black, "Nf6", .blunder, "Be7")
        XCTAssertEqual(
            spokenReviewRow(blunder), "14 Black: knight to f6, blunder, evaluation +3.20, better: bishop to e7")
        XCTAssertEqual(spokenSelectedMove(blunder), spokenReviewRow(blunder))
        let refuted = ReviewRow(
            ply: 27, numberText: "14…", side: .black, san: "Nf6", moveClass: .blunder,
            symbol: MoveClass.blunder.symbol(), classText: MoveClass.blunder.text, evalText: "+3.20", betterSan: "Be7",
            refutationSan: ["Qxf7#"], missedWin: false, onlyMove: false)
        XCTAssertEqual(
            spokenSelectedMove(refuted),
            "14 Black: knight to f6, blunder, evaluation +3.20, better: bishop to e7, refuted by queen takes f7, checkmate")
        XCTAssertEqual(
            spokenReviewRow(row(22, "12.", .white, "O-O", .best, nil, onlyMove: true)),
            "12 White: castles kingside, best, only move, evaluation +3.20")
        XCTAssertEqual(
            spokenSideSummary(
                .white,
                SideSummaryUi(
                    accuracyText: "84.2", averageLossText: "35", inaccuracies: 2, mistakes: 1, blunders: 0,
                    best: 10, book: 4)),
            "White: accuracy 84.2 %, average centipawn loss 35, 2 inaccuracies, 1 mistake, no blunders")
        var state = ReviewUiState()
        XCTAssertNil(spokenGraph(state))
        state.rows = [blunder, row(38, "20.", .white, "Rxe1", .mistake, "Qd2")]
        state.graph = [
            GraphPoint(ply: 0, x: 0, y: 0.5, marker: nil),
            GraphPoint(ply: 28, x: 0.5, y: 0.8, marker: .blunder),
            GraphPoint(ply: 39, x: 1, y: 0.124, marker: .mistake),
        ]
        XCTAssertEqual(
            spokenGraph(state),
            "White's win chance from 50 % to 12 %. Blunder: 14 Black, knight to f6. Mistake: 20 White, rook takes e1")
    }

    func testATargetSquareSaysCastlesOnTheKingsOwnRookAndCaptureEnPassant() throws {
        // After 1. e4 a6 2. e5 d5: exd6 is en passant.
        let game = try ChessGame.fromFen(fen: "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
        let s = game.snapshot()
        let targets = Set(game.legalMovesFrom(square: sq("e5")).map(\.to))
        func say(_ name: String) -> String {
            boardSquareDescription(
                sq(name), piece: s.pieceAt(sq(name)), targets: targets, checkSquare: s.checkSquare,
                lastMove: s.lastMove, selected: sq("e5"), selectedPiece: s.pieceAt(sq("e5")))
        }
        XCTAssertEqual(say("d6"), "d6, empty, capture en passant")
        XCTAssertEqual(say("e6"), "e6, empty, legal move")
        // A Chess960 king on f1 castles onto its rook on h1.
        let c960 = try ChessGame.fromChess960Fen(fen: "bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w HEge - 0 1")
        let t = c960.snapshot()
        let kingTargets = Set(c960.legalMovesFrom(square: sq("f1")).map(\.to))
        XCTAssertEqual(
            boardSquareDescription(
                sq("h1"), piece: t.pieceAt(sq("h1")), targets: kingTargets, checkSquare: nil, lastMove: nil,
                selected: sq("f1"), selectedPiece: t.pieceAt(sq("f1"))),
            "h1, white rook, castles")
        XCTAssertEqual(
            boardSquareDescription(
                sq("g1"), piece: nil, targets: kingTargets, checkSquare: nil, lastMove: nil, selected: sq("f1"),
                selectedPiece: t.pieceAt(sq("f1"))),
            "g1, empty, legal move")
    }

    func testASquareSaysTheMarksArrowsDangerSuggestedMoveAndPremoveTheBoardDrawsOnIt() throws {
        // The node's marks as the core reads them from PGN: a red ring on d4, a green one on e4,
        // a green arrow g1-f3 and a yellow one d8-h4.
        let game = try ChessGame.fromPgn(pgn: "1. e4 {[%csl Rd4,Ge4][%cal Gg1f3,Yd8h4]} *")
        let s = game.snapshot()
        func say(_ name: String, warnings: [Square] = [], framed: LegalMove? = nil) -> String {
            boardSquareDescription(
                sq(name), piece: s.pieceAt(sq(name)), targets: [], checkSquare: s.checkSquare,
                lastMove: s.lastMove, squareMarks: s.annotations.squares, arrows: s.annotations.arrows,
                warnings: warnings, framedMove: framed)
        }
        XCTAssertEqual(say("d4"), "d4, empty, marked red")
        XCTAssertEqual(say("e4"), "e4, white pawn, last move, marked green")
        XCTAssertEqual(say("g1"), "g1, white knight, green arrow to f3")
        XCTAssertEqual(say("f3"), "f3, empty, green arrow from g1")
        XCTAssertEqual(say("h4"), "h4, empty, yellow arrow from d8")
        XCTAssertEqual(say("e4", warnings: [sq("e4")]), "e4, white pawn, last move, in danger, marked green")
        // The engine's best move framed: 1... e5.
        let e5 = try XCTUnwrap(game.legalMovesFrom(square: sq("e7")).first { $0.to == sq("e5") })
        XCTAssertEqual(say("e7", framed: e5), "e7, black pawn, suggested move to e5")
        XCTAssertEqual(say("e5", framed: e5), "e5, empty, suggested move from e7")
        // A square with nothing drawn on it says nothing more.
        XCTAssertEqual(say("a1", framed: e5), "a1, white rook")
        // An arrow from a square to itself, which a PGN may give: said once.
        let selfArrow = try ChessGame.fromPgn(pgn: "1. e4 {[%cal Ge4e4]} *").snapshot()
        XCTAssertEqual(
            boardSquareDescription(
                sq("e4"), piece: selfArrow.pieceAt(sq("e4")), targets: [], checkSquare: nil,
                lastMove: selfArrow.lastMove, arrows: selfArrow.annotations.arrows),
            "e4, white pawn, last move, green arrow to e4")
        // The premove: its start alone, then start and destination; the blue marks the game board
        // draws for it are said once, as the premove, and a blue mark elsewhere as a mark.
        func blue(_ name: String) -> SquareMark { SquareMark(color: .blue, square: sq(name)) }
        func premove(_ name: String, _ squares: [String]) -> String {
            boardSquareDescription(
                sq(name), piece: nil, targets: [], checkSquare: nil, lastMove: nil,
                squareMarks: squares.map(blue) + [blue("h8")], premoveSquares: squares.map(sq))
        }
        XCTAssertEqual(premove("g1", ["g1"]), "g1, empty, premove start")
        XCTAssertEqual(premove("g1", ["g1", "f3"]), "g1, empty, premove to f3")
        XCTAssertEqual(premove("f3", ["g1", "f3"]), "f3, empty, premove from g1")
        XCTAssertEqual(premove("h8", ["g1", "f3"]), "h8, empty, marked blue")
        // A mark and a legal move on one square: the mark first, what a tap does last.
        XCTAssertEqual(
            boardSquareDescription(
                sq("c3"), piece: nil, targets: [sq("c3")], checkSquare: nil, lastMove: nil,
                squareMarks: [blue("c3")]),
            "c3, empty, marked blue, legal move")
    }
}
