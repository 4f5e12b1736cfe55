import ChessCore
import ChessCoreTestSupport
import Foundation
import XCTest

/// The generated bindings alone (the `ChessCore` product), against the release library: every
/// exported function, object and record, the errors, whole games, the round trips and the
/// listener. Mirrors tests/kotlin/BindingsTest.kt.
final class BindingsTests: XCTestCase {
    private static let mateInOne = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"

    private func engine(level: UInt32 = 10) throws -> ChessEngine {
        try ChessEngine(config: EngineConfig(level: level, hashMb: 4, seed: 7, variety: false))
    }

    private func playAll(_ game: ChessGame, _ moves: [String]) throws {
        for san in moves { _ = try game.playSan(san: san) }
    }

    // MARK: Free functions and records

    func testFreeFunctions() async throws {
        for index in 0..<64 {
            let square = try XCTUnwrap(Square(rawValue: UInt8(index)), "square \(index)")
            let name = squareName(square: square)
            XCTAssertEqual(sq(name), square, "the raw value is the core's index: \(name)")
            XCTAssertEqual(try parseSquare(name: name), square)
            XCTAssertEqual(String(describing: square), name, "cases are named a1 ... h8")
        }
        XCTAssertNil(Square(rawValue: 64))
        XCTAssertEqual(squareName(square: .e4), "e4")
        XCTAssertEqual(Square.e4.rawValue, 28)
        XCTAssertEqual(try parseSquare(name: " e4 "), .e4, "surrounding blanks are ignored")
        XCTAssertEqual(startingFen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        let version = chesscoreVersion()
        XCTAssertNotNil(
            version.range(of: #"^\d+\.\d+\.\d+"#, options: .regularExpression), version)

        let levels = engineLevels()
        XCTAssertEqual(levels.map(\.level), Array(1...10))
        XCTAssertTrue(zip(levels, levels.dropFirst()).allSatisfy { $0.elo < $1.elo }, "monotone")
        XCTAssertTrue(levels.allSatisfy { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty })

        // A score as a win chance, on the review's scale (docs/review.md): chesscore's 100 cp
        // are 130 on the logistic's, 61.743 %.
        XCTAssertEqual(winPercent(score: .centipawns(value: 0)), 50)
        XCTAssertEqual(winPercent(score: .centipawns(value: 100)), 61.743, accuracy: 0.001)
        XCTAssertEqual(
            winPercent(score: .centipawns(value: 100)) + winPercent(score: .centipawns(value: -100)),
            100, accuracy: 1e-9)
        XCTAssertEqual(winPercent(score: .mate(moves: 3)), 100)
        XCTAssertEqual(winPercent(score: .mate(moves: -3)), 0)

        for bad in ["i9", "e44", "", "E4x"] {
            let error = try chessError { try parseSquare(name: bad) }
            XCTAssertEqual(error.name, "InvalidSquare", bad)
            XCTAssertTrue(error.message.contains("'\(bad)'") || error.message.contains(bad), error.message)
        }
        try await noLiveObjects()
    }

    func testRecordDefaultsMatchTheCoreDocumentation() {
        let config = EngineConfig()
        XCTAssertEqual(config.level, 10)
        XCTAssertNil(config.elo)
        XCTAssertEqual(config.hashMb, 16)
        XCTAssertEqual(config.seed, 0)
        XCTAssertTrue(config.variety)
        let limits = SearchLimits()
        XCTAssertNil(limits.depth)
        XCTAssertNil(limits.moveTimeMs)
        XCTAssertNil(limits.nodes)
        XCTAssertNil(limits.whiteTimeMs)
        XCTAssertNil(limits.blackTimeMs)
        XCTAssertEqual(limits.whiteIncrementMs, 0)
        XCTAssertEqual(limits.blackIncrementMs, 0)
        XCTAssertNil(limits.movesToGo)
        XCTAssertFalse(limits.infinite)
        XCTAssertEqual(limits.multiPv, 1)
        XCTAssertNil(limits.level)
        // Records are values: equal by content, usable as set members.
        XCTAssertEqual(
            Set([Piece(side: .white, kind: .king), Piece(side: .white, kind: .king)]).count, 1)
        XCTAssertEqual(Tag(name: "White", value: "A"), Tag(name: "White", value: "A"))
    }

    // MARK: ChessGame

    func testSnapshotDescribesTheBoardForAUI() async throws {
        do {
            let game = ChessGame()
            let s0 = game.snapshot()
            XCTAssertEqual(s0.fen, startingFen())
            XCTAssertEqual(s0.sideToMove, .white)
            XCTAssertEqual(s0.squares.count, 64)
            XCTAssertEqual(s0.squares[idx("e1")], Piece(side: .white, kind: .king))
            XCTAssertEqual(s0.squares[idx("d8")], Piece(side: .black, kind: .queen))
            XCTAssertNil(s0.squares[idx("e4")])
            XCTAssertEqual(s0.squares.compactMap { $0 }.count, 32)
            XCTAssertEqual(s0.legalMoves.count, 20)
            XCTAssertEqual(Set(s0.legalMoves), Set(game.legalMoves()))
            XCTAssertNil(s0.lastMove)
            XCTAssertNil(s0.checkSquare)
            XCTAssertEqual(s0.status, .ongoing(claimableDraw: nil))
            XCTAssertEqual(s0.ply, 0)
            XCTAssertEqual(s0.fullmoveNumber, 1)
            XCTAssertEqual(s0.halfmoveClock, 0)
            XCTAssertEqual(s0.repetitionCount, 1)
            XCTAssertFalse(s0.canUndo)
            XCTAssertFalse(s0.canRedo)
            XCTAssertEqual(s0.moveRows, [])

            let played = try game.play(from: sq("e2"), to: sq("e4"), promotion: nil)
            XCTAssertEqual(played.san, "e4")
            XCTAssertEqual(played.uci, "e2e4")
            XCTAssertEqual(played.piece, .pawn)
            XCTAssertEqual(played.from, sq("e2"))
            XCTAssertEqual(played.to, sq("e4"))
            XCTAssertNil(played.promotion)
            XCTAssertFalse(played.isCapture || played.isCheck || played.isCheckmate)
            XCTAssertFalse(played.isCastle || played.isEnPassant)
            let s1 = game.snapshot()
            XCTAssertEqual(s1.sideToMove, .black)
            XCTAssertEqual(s1.lastMove, played)
            XCTAssertEqual(s1.sanHistory, ["e4"])
            XCTAssertEqual(
                s1.moveRows, [MoveRow(number: 1, white: "e4", black: nil, whiteNode: s1.node, blackNode: nil)])
            XCTAssertTrue(s1.canUndo)
            XCTAssertFalse(s1.canRedo)
            XCTAssertEqual(s1.ply, 1)
            XCTAssertNotEqual(s0.positionKey, s1.positionKey)
            XCTAssertEqual(s1.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            XCTAssertEqual(game.fen(), s1.fen)

            _ = try game.playSan(san: "e5")
            let e5 = game.snapshot().node
            XCTAssertNotEqual(e5, s1.node)
            XCTAssertEqual(
                game.snapshot().moveRows,
                [MoveRow(number: 1, white: "e4", black: "e5", whiteNode: s1.node, blackNode: e5)])
            XCTAssertTrue(game.undo())
            XCTAssertTrue(game.snapshot().canRedo)
            XCTAssertTrue(game.redo())
            XCTAssertFalse(game.redo(), "nothing left to replay")
            XCTAssertEqual(game.snapshot().fullmoveNumber, 2)
        }
        // A game that starts with Black to move: the first row has no White move.
        do {
            let game = try ChessGame.fromFen(fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 3 20")
            _ = try game.playSan(san: "Kd7")
            let kd7 = game.snapshot().node
            _ = try game.playSan(san: "e4")
            let e4 = game.snapshot().node
            XCTAssertEqual(
                game.snapshot().moveRows,
                [
                    MoveRow(number: 20, white: nil, black: "Kd7", whiteNode: nil, blackNode: kd7),
                    MoveRow(number: 21, white: "e4", black: nil, whiteNode: e4, blackNode: nil),
                ])
            XCTAssertEqual(game.snapshot().halfmoveClock, 0, "a pawn move resets the clock")
        }
        try await noLiveObjects()
    }

    func testLegalMovesFromDestinationsCastlingAndPromotionChoices() async throws {
        do {
            let game = try ChessGame.fromFen(fen: "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
            let king = game.legalMovesFrom(square: sq("e1"))
            XCTAssertEqual(Set(king.filter(\.isCastle).map(\.san)), ["O-O", "O-O-O"])
            XCTAssertTrue(king.contains { $0.isCastle && $0.to == sq("g1") && $0.uci == "e1g1" })
            XCTAssertTrue(king.allSatisfy { $0.from == sq("e1") && $0.piece == .king })
            let promotions = game.legalMovesFrom(square: sq("b7"))
            XCTAssertEqual(promotions.count, 8, "4 pieces x (b8, capture on a8)")
            XCTAssertEqual(
                Set(promotions.compactMap(\.promotion)), [.queen, .rook, .bishop, .knight])
            XCTAssertEqual(game.destinationsFrom(square: sq("b7")), [sq("a8"), sq("b8")])
            XCTAssertEqual(
                Set(game.destinationsFrom(square: sq("e1"))), Set(king.map(\.to)))
            XCTAssertEqual(game.legalMovesFrom(square: sq("e8")), [], "Black's, White to move")
            XCTAssertEqual(game.legalMovesFrom(square: sq("d4")), [], "an empty square")
            let missing = try chessError { try game.play(from: sq("b7"), to: sq("b8"), promotion: nil) }
            XCTAssertEqual(missing.name, "IllegalMove")
            let king8 = try chessError {
                try game.play(from: sq("b7"), to: sq("b8"), promotion: .king)
            }
            XCTAssertEqual(king8.name, "IllegalMove")
            let capture = try game.play(from: sq("b7"), to: sq("a8"), promotion: .knight)
            XCTAssertEqual(capture.san, "bxa8=N")
            XCTAssertEqual(capture.promotion, .knight)
            XCTAssertTrue(capture.isCapture)
            XCTAssertTrue(game.undo())
            let castle = try game.play(from: sq("e1"), to: sq("g1"), promotion: nil)
            XCTAssertEqual(castle.san, "O-O")
            XCTAssertTrue(castle.isCastle)
            XCTAssertEqual(game.snapshot().squares[idx("f1")], Piece(side: .white, kind: .rook))
        }
        try await noLiveObjects()
    }

    func testEnPassantCheckAndCheckmateFlags() async throws {
        do {
            let game = try ChessGame.fromFen(fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
            let enPassant = try game.playUci(uci: "e5d6")
            XCTAssertTrue(enPassant.isEnPassant && enPassant.isCapture)
            XCTAssertEqual(enPassant.san, "exd6")
            XCTAssertNil(game.snapshot().squares[idx("d5")], "the captured pawn is gone")
        }
        do {
            let game = ChessGame()
            try playAll(game, ["e4", "f5"])
            let check = try game.playSan(san: "Qh5+")
            XCTAssertTrue(check.isCheck)
            XCTAssertFalse(check.isCheckmate)
            XCTAssertEqual(game.snapshot().checkSquare, sq("e8"))
        }
        try await noLiveObjects()
    }

    // MARK: Errors

    func testEveryChessErrorCaseCarriesAMessageAndChangesNothing() async throws {
        do {
            let game = ChessGame()
            _ = try game.playSan(san: "e4")
            let before = game.snapshot()
            let json = game.toJson()

            let notation = try chessError { try game.playSan(san: "Zz9") }
            XCTAssertEqual(notation.name, "InvalidNotation")
            XCTAssertTrue(notation.message.contains("Zz9"), notation.message)
            let illegal = try chessError { try game.playSan(san: "Ke2") }
            XCTAssertEqual(illegal.name, "IllegalMove")
            XCTAssertTrue(illegal.message.contains("Ke2"), illegal.message)
            // What an alert shows is that message, not the enum's dump ("ChessCore.ChessError.
            // IllegalMove(message: ...)", the generated description).
            do {
                _ = try game.playSan(san: "Ke2")
                XCTFail("Ke2 is illegal")
            } catch {
                XCTAssertEqual(error.localizedDescription, illegal.message)
            }
            let badUci = try chessError { try game.playUci(uci: "e7e9") }
            XCTAssertEqual(badUci.name, "InvalidNotation")
            XCTAssertTrue(badUci.message.contains("e7e9"), badUci.message)
            XCTAssertEqual(try chessError { try game.playUci(uci: "e7e4") }.name, "IllegalMove")
            XCTAssertEqual(
                try chessError { try game.play(from: sq("a2"), to: sq("a5"), promotion: nil) }.name,
                "IllegalMove")
            let claim = try chessError { try game.claimDraw() }
            XCTAssertEqual(claim.name, "InvalidRequest")
            XCTAssertFalse(claim.message.isEmpty)
            let comment = try chessError { try game.setComment(node: 5, comment: "x") }  // no node 5
            XCTAssertEqual(comment.name, "InvalidRequest")
            XCTAssertTrue(comment.message.contains("5"), comment.message)
            let tagName = try chessError { try game.setTag(name: "White Elo", value: "1") }
            XCTAssertEqual(tagName.name, "InvalidRequest")
            XCTAssertTrue(tagName.message.contains("White Elo"), tagName.message)
            XCTAssertEqual(try chessError { try game.setTag(name: "Result", value: "1-0") }.name, "InvalidRequest")
            XCTAssertEqual(game.snapshot(), before, "failed calls leave the game unchanged")
            XCTAssertEqual(game.toJson(), json)
        }

        let noKing = try chessError { try ChessGame.fromFen(fen: "8/8/8/8/8/8/8/8 w - - 0 1") }
        XCTAssertEqual(noKing.name, "InvalidFen")
        XCTAssertTrue(noKing.message.contains("no king"), noKing.message)
        let rank = try chessError {
            try ChessGame.fromFen(fen: "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        }
        XCTAssertEqual(rank.name, "InvalidFen")
        XCTAssertTrue(rank.message.contains("rank 7"), rank.message)

        let pgn = try chessError { try ChessGame.fromPgn(pgn: "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *") }
        XCTAssertEqual(pgn.name, "InvalidPgn")
        XCTAssertTrue(pgn.message.contains("line 3"), pgn.message)
        XCTAssertTrue(pgn.message.contains("Ke3"), pgn.message)

        XCTAssertEqual(try chessError { try ChessGame.fromJson(json: "{\"version\":1}") }.name, "InvalidSavedGame")
        let notJson = try chessError { try ChessGame.fromJson(json: "not json") }
        XCTAssertEqual(notJson.name, "InvalidSavedGame")
        XCTAssertFalse(notJson.message.isEmpty)

        let level = try chessError { try ChessEngine(config: EngineConfig(level: 0)) }
        XCTAssertEqual(level.name, "InvalidRequest")
        XCTAssertTrue(level.message.contains("level 0"), level.message)
        let hash = try chessError { try ChessEngine(config: EngineConfig(hashMb: 0)) }
        XCTAssertEqual(hash.name, "InvalidRequest")
        XCTAssertTrue(hash.message.contains("hash"), hash.message)
        let threads = try chessError {
            try ChessEngine(config: EngineConfig(threads: maxSearchThreads() + 1))
        }
        XCTAssertEqual(threads.name, "InvalidRequest")
        XCTAssertEqual(threads.message, "invalid thread count 65: expected 1 to 64")

        do {
            let over = try ChessGame.fromFen(fen: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
            let gameOver = try chessError { try over.playSan(san: "Kxg7") }
            XCTAssertEqual(gameOver.name, "GameOver")
            XCTAssertFalse(gameOver.message.isEmpty)
            let engine = try engine()
            let search = try chessError {
                try engine.think(game: over, limits: SearchLimits(), listener: RecordingListener())
            }
            XCTAssertEqual(search.name, "GameOver")
            let limitLevel = try chessError {
                try engine.think(
                    game: ChessGame(), limits: SearchLimits(level: 42), listener: RecordingListener())
            }
            XCTAssertEqual(limitLevel.name, "InvalidRequest")
            XCTAssertTrue(limitLevel.message.contains("42"), limitLevel.message)
            XCTAssertFalse(engine.isSearching(), "a refused search does not start")
        }

        // The description is the message alone (the generated one was the enum's dump, case
        // name and all; scripts/patch-swift-bindings.py); `Internal` is only produced by a
        // caught panic, which the API offers no way to cause.
        let error = ChessError.InvalidFen(message: "bad field")
        XCTAssertEqual(error.errorDescription, "bad field")
        XCTAssertEqual(ChessError.Internal(message: "bug").localizedDescription, "bug")
        XCTAssertEqual(caseAndMessage(.Internal(message: "bug")).name, "Internal")
        try await noLiveObjects()
    }

    // MARK: Whole games

    func testAGameToCheckmateThenMovesAreRefused() async throws {
        do {
            let game = ChessGame()
            try playAll(game, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"])
            let mate = try game.playSan(san: "Qxf7")
            XCTAssertEqual(mate.san, "Qxf7#")
            XCTAssertTrue(mate.isCheckmate && mate.isCheck && mate.isCapture)
            let s = game.snapshot()
            XCTAssertEqual(s.status, .ended(outcome: .checkmate(winner: .white)))
            XCTAssertEqual(game.status(), s.status)
            XCTAssertEqual(s.legalMoves, [])
            XCTAssertEqual(game.legalMoves(), [])
            XCTAssertEqual(game.legalMovesFrom(square: sq("e8")), [])
            XCTAssertEqual(s.checkSquare, sq("e8"))
            XCTAssertEqual(try chessError { try game.playSan(san: "a6") }.name, "GameOver")
            XCTAssertEqual(try chessError { try game.resign(side: .black) }.name, "GameOver")
            XCTAssertEqual(try chessError { try game.agreeDraw() }.name, "GameOver")
            XCTAssertTrue(game.pgn().contains("4. Qxf7# 1-0"), game.pgn())
            XCTAssertEqual(game.tag(name: "Result"), "1-0")
        }
        try await noLiveObjects()
    }

    func testEveryKindOfDrawAndResignation() async throws {
        do {
            // Stalemate (automatic).
            let stalemate = try ChessGame.fromFen(fen: "k7/8/8/2Q5/8/8/8/7K w - - 0 1")
            _ = try stalemate.playSan(san: "Qb6")
            XCTAssertEqual(stalemate.status(), .ended(outcome: .draw(reason: .stalemate)))
            // Insufficient material (automatic).
            let material = try ChessGame.fromFen(fen: "7k/8/8/8/3r4/3K4/8/8 w - - 0 1")
            _ = try material.playSan(san: "Kxd4")
            XCTAssertEqual(material.status(), .ended(outcome: .draw(reason: .insufficientMaterial)))
            // Fifty-move rule (claimable), then claimed.
            let fifty = try ChessGame.fromFen(fen: "8/8/8/3k4/8/8/3K4/7R w - - 99 80")
            _ = try fifty.playSan(san: "Rh2")
            XCTAssertEqual(fifty.status(), .ongoing(claimableDraw: .fiftyMoveRule))
            XCTAssertEqual(try fifty.claimDraw(), .ended(outcome: .draw(reason: .fiftyMoveRule)))
            // Seventy-five-move rule (automatic).
            let seventyFive = try ChessGame.fromFen(fen: "8/8/8/3k4/8/8/3K4/7R w - - 149 80")
            _ = try seventyFive.playSan(san: "Rh2")
            XCTAssertEqual(seventyFive.status(), .ended(outcome: .draw(reason: .seventyFiveMoveRule)))
            // Threefold (claimable) and fivefold (automatic) by knight shuffles.
            let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"]
            let shuffles = ChessGame()
            try playAll(shuffles, cycle + cycle)
            XCTAssertEqual(shuffles.snapshot().repetitionCount, 3)
            XCTAssertEqual(shuffles.status(), .ongoing(claimableDraw: .threefoldRepetition))
            try playAll(shuffles, cycle + cycle)
            XCTAssertEqual(shuffles.status(), .ended(outcome: .draw(reason: .fivefoldRepetition)))
            let threefold = ChessGame()
            try playAll(threefold, cycle + cycle)
            XCTAssertEqual(
                try threefold.claimDraw(), .ended(outcome: .draw(reason: .threefoldRepetition)))
            XCTAssertTrue(threefold.pgn().contains("1/2-1/2"))
            // Claimed with the move that makes the third occurrence (FIDE 9.2.1.1); a move that
            // allows no claim is refused and not played.
            let withMove = ChessGame()
            try playAll(withMove, cycle + cycle.dropLast())
            XCTAssertEqual(try withMove.drawClaimableWith(uci: "f6g8"), .threefoldRepetition)
            XCTAssertNil(try withMove.drawClaimableWith(uci: "e7e5"))
            XCTAssertEqual(try chessError { try withMove.drawClaimableWith(uci: "e7e4") }.name, "IllegalMove")
            let fen = withMove.fen()
            let refused = try chessError { try withMove.claimDrawWith(uci: "e7e5") }
            XCTAssertEqual(refused.name, "InvalidRequest")
            XCTAssertTrue(refused.message.contains("e5"), refused.message)
            XCTAssertEqual(withMove.fen(), fen)
            XCTAssertEqual(
                try withMove.claimDrawWith(uci: "f6g8"), .ended(outcome: .draw(reason: .threefoldRepetition)))
            XCTAssertEqual(withMove.snapshot().lastMove?.san, "Ng8")
            XCTAssertTrue(withMove.undo(), "the claim is taken back")
            XCTAssertEqual(withMove.status(), .ongoing(claimableDraw: .threefoldRepetition))
            // Agreement and resignation, and undoing a resignation.
            let agreed = ChessGame()
            _ = try agreed.playSan(san: "e4")
            XCTAssertEqual(try agreed.agreeDraw(), .ended(outcome: .draw(reason: .agreement)))
            XCTAssertTrue(agreed.undo(), "the agreement is taken back")
            XCTAssertEqual(agreed.snapshot().ply, 1, "the move stays")
            XCTAssertEqual(try agreed.resign(side: .black), .ended(outcome: .resignation(winner: .white)))
            XCTAssertTrue(agreed.pgn().contains("1-0"))
        }
        try await noLiveObjects()
    }

    func testFenPgnAndJsonRoundTripsTagsAndComments() async throws {
        do {
            let game = ChessGame()
            try game.setTag(name: "White", value: "Kasparov")
            try game.setTag(name: "Black", value: "Deep Blue")
            try playAll(game, ["e4", "c5", "Nf3", "d6", "d4"])
            let d4 = game.snapshot().node
            try game.setComment(node: d4, comment: "the open Sicilian")
            XCTAssertEqual(game.tag(name: "White"), "Kasparov")
            XCTAssertNil(game.tag(name: "Annotator"))
            XCTAssertTrue(game.tags().contains(Tag(name: "Black", value: "Deep Blue")))
            XCTAssertTrue(game.undo())

            let restored = try ChessGame.fromJson(json: game.toJson())
            XCTAssertEqual(restored.snapshot(), game.snapshot())
            XCTAssertTrue(restored.redo(), "the redo stack survives a save")
            XCTAssertEqual(restored.snapshot().lastMove?.san, "d4")
            XCTAssertEqual(restored.tag(name: "White"), "Kasparov")

            XCTAssertTrue(game.redo())
            let pgn = game.pgn()
            XCTAssertTrue(pgn.contains("[White \"Kasparov\"]"), pgn)
            XCTAssertTrue(pgn.contains("{the open Sicilian}"), pgn)
            let reread = try ChessGame.fromPgn(pgn: pgn)
            XCTAssertEqual(reread.snapshot().sanHistory, game.snapshot().sanHistory)
            XCTAssertEqual(reread.fen(), game.fen())
            XCTAssertEqual(reread.pgn(), pgn)
            XCTAssertEqual(reread.tag(name: "White"), "Kasparov")
            XCTAssertEqual(reread.tag(name: "Black"), "Deep Blue")
            XCTAssertTrue(
                pgn.contains("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]"),
                "PGN export writes the Seven Tag Roster")
            XCTAssertNil(reread.tag(name: "Event"), "its placeholders are not read back as tags")

            try game.setComment(node: d4, comment: nil)
            XCTAssertFalse(game.pgn().contains("open Sicilian"), "a nil comment clears it")

            let fromFen = try ChessGame.fromFen(fen: game.fen())
            XCTAssertEqual(fromFen.fen(), game.fen())
            XCTAssertEqual(fromFen.snapshot().positionKey, game.snapshot().positionKey)
        }
        try await noLiveObjects()
    }

    // MARK: ChessEngine, SearchHandle and the listener

    func testTheListenerGetsInfosThenExactlyOneFinishOnTheEngineThread() async throws {
        do {
            let engine = try engine()
            let game = ChessGame()
            let listener = RecordingListener()
            let handle = try engine.think(game: game, limits: SearchLimits(depth: 6), listener: listener)
            let result = try await listener.result()
            try await eventually("the engine idle") { !engine.isSearching() }
            XCTAssertEqual(listener.results.count, 1, "exactly one onFinished")
            XCTAssertTrue(handle.isFinished())
            XCTAssertFalse(result.stopped)
            XCTAssertEqual(result.depth, 6)
            XCTAssertTrue(game.legalMoves().contains(result.bestMove))
            XCTAssertEqual(result.positionKey, game.snapshot().positionKey)
            XCTAssertEqual(result.positionFen, game.fen())
            XCTAssertEqual(result.pvSan.count, result.pvUci.count)
            XCTAssertEqual(result.pvUci.first, result.bestMove.uci)
            XCTAssertEqual(result.ponderMove, result.pvUci.dropFirst().first)
            XCTAssertGreaterThan(result.nodes, 0)

            let infos = listener.infos
            XCTAssertFalse(infos.isEmpty)
            XCTAssertEqual(infos.map(\.depth), infos.map(\.depth).sorted(), "depths increase")
            XCTAssertTrue(zip(infos, infos.dropFirst()).allSatisfy { $0.depth < $1.depth })
            for info in infos {
                XCTAssertFalse(info.pvSan.isEmpty)
                XCTAssertEqual(info.pvSan.count, info.pvUci.count)
                XCTAssertGreaterThanOrEqual(info.seldepth, info.depth)
                XCTAssertLessThanOrEqual(info.hashFullPermille, 1000)
                XCTAssertEqual(info.positionKey, result.positionKey)
                XCTAssertEqual(info.multipv, 1)
            }
            let caller = currentThreadName()
            XCTAssertFalse(caller.hasPrefix(engineThreadName))
            XCTAssertEqual(listener.infoThreads.count, infos.count)
            XCTAssertTrue(
                (listener.infoThreads + listener.finishThreads).allSatisfy {
                    $0.hasPrefix(engineThreadName)
                }, "\(listener.infoThreads) \(listener.finishThreads)")
        }
        try await noLiveObjects()
    }

    func testMateFoundAndScoredThroughTheBindings() async throws {
        do {
            let engine = try engine()
            let game = try ChessGame.fromFen(fen: Self.mateInOne)
            let listener = RecordingListener()
            let handle = try engine.think(game: game, limits: SearchLimits(depth: 5), listener: listener)
            let result = try await listener.result()
            XCTAssertEqual(result.bestMove.uci, "d1d8")
            XCTAssertEqual(result.score, .mate(moves: 1))
            XCTAssertEqual(result.whiteWin, 100, "White's win chance: White mates")
            XCTAssertTrue(result.bestMove.isCheckmate)
            for info in listener.infos {
                XCTAssertEqual(info.whiteWin, winPercent(score: info.scoreWhite), "the review's formula")
            }
            _ = handle
        }
        try await noLiveObjects()
    }

    func testStoppedSupersededAndDroppedHandleSearchesFinishMarkedStopped() async throws {
        do {
            let engine = try engine()
            let game = ChessGame()

            // Superseded: a second search ends the first, which still gets its onFinished.
            let first = RecordingListener()
            let h1 = try engine.think(game: game, limits: SearchLimits(infinite: true), listener: first)
            try await eventually("the first search's first info") { !first.infos.isEmpty }
            let second = RecordingListener()
            let h2 = try engine.think(game: game, limits: SearchLimits(depth: 4), listener: second)
            let firstResult = try await first.result()
            XCTAssertTrue(firstResult.stopped, "superseded: finished, marked stopped")
            let secondResult = try await second.result()
            XCTAssertFalse(secondResult.stopped)
            XCTAssertTrue(h1.isFinished() && h2.isFinished())

            // Stopped through its handle.
            let third = RecordingListener()
            let h3 = try engine.think(game: game, limits: SearchLimits(infinite: true), listener: third)
            try await eventually("the third search's first info") { !third.infos.isEmpty }
            XCTAssertFalse(h3.isFinished())
            h3.stop()
            let thirdResult = try await third.result()
            XCTAssertTrue(thirdResult.stopped)
            XCTAssertTrue(h3.isFinished())

            // Stopped through the engine.
            let fourth = RecordingListener()
            let h4 = try engine.think(game: game, limits: SearchLimits(infinite: true), listener: fourth)
            try await eventually("the fourth search's first info") { !fourth.infos.isEmpty }
            engine.stop()
            let fourthResult = try await fourth.result()
            XCTAssertTrue(fourthResult.stopped)
            _ = h4

            // Stopped by releasing the handle at once.
            let fifth = RecordingListener()
            _ = try engine.think(game: game, limits: SearchLimits(infinite: true), listener: fifth)
            let fifthResult = try await fifth.result()
            XCTAssertTrue(fifthResult.stopped, "releasing the handle stops the search")
            try await eventually("the engine idle") { !engine.isSearching() }
            XCTAssertEqual(
                [first, second, third, fourth, fifth].map(\.results.count), [1, 1, 1, 1, 1],
                "exactly one onFinished per search")
            _ = (h1, h2, h3)
        }
        try await noLiveObjects()
    }

    func testReleasingTheEngineStopsItsSearch() async throws {
        let listener = RecordingListener()
        var handle: SearchHandle?
        do {
            let engine = try engine()
            handle = try engine.think(game: ChessGame(), limits: SearchLimits(infinite: true), listener: listener)
            try await eventually("the first info") { !listener.infos.isEmpty }
        }
        let listenerResult = try await listener.result()
        XCTAssertTrue(listenerResult.stopped, "the engine's release stopped it")
        XCTAssertTrue(handle?.isFinished() ?? false)
        handle = nil
        try await noLiveObjects()
    }

    func testConfigLevelsNewGameAndThinkFen() async throws {
        do {
            let engine = try engine(level: 3)
            XCTAssertEqual(engine.config().level, 3)
            try engine.setConfig(config: EngineConfig(level: 1, hashMb: 2))
            XCTAssertEqual(engine.config(), EngineConfig(level: 1, hashMb: 2))
            let refused = try chessError { try engine.setConfig(config: EngineConfig(level: 42)) }
            XCTAssertEqual(refused.name, "InvalidRequest")
            XCTAssertEqual(engine.config().level, 1, "a rejected config changes nothing")
            engine.newGame()

            let fenListener = RecordingListener()
            let handle = try engine.thinkFen(
                fen: Self.mateInOne, limits: SearchLimits(depth: 3), listener: fenListener)
            let result = try await fenListener.result()
            XCTAssertEqual(result.positionFen, Self.mateInOne)
            XCTAssertTrue(handle.isFinished())
            let badFen = try chessError {
                try engine.thinkFen(fen: "x", limits: SearchLimits(), listener: RecordingListener())
            }
            XCTAssertEqual(badFen.name, "InvalidFen")

            let byElo = try ChessEngine(config: EngineConfig(elo: 1500))
            XCTAssertEqual(byElo.config().elo, 1500)
        }
        try await noLiveObjects()
    }

    func testMultiPvReportsSeveralBestLinesNumberedBestFirst() async throws {
        do {
            let engine = try engine()
            let game = try ChessGame.fromFen(fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
            let listener = RecordingListener()
            let handle = try engine.think(
                game: game, limits: SearchLimits(depth: 4, multiPv: 3), listener: listener)
            let result = try await listener.result()
            XCTAssertEqual(result.bestMove.san, "Ra8#")
            let last = listener.infos.filter { $0.depth == result.depth }
            XCTAssertEqual(last.map(\.multipv), [1, 2, 3])
            XCTAssertEqual(last.first?.score, .mate(moves: 1))
            XCTAssertEqual(Set(last.compactMap(\.pvUci.first)).count, 3)
            _ = handle
        }
        try await noLiveObjects()
    }

    /// Calls from several threads at once, failing and succeeding in turn, and calls into Rust
    /// from inside the listener (on the engine's thread): no error leaks into another call.
    func testCallsFromManyThreadsAndFromCallbacks() async throws {
        let failures = Guarded([String]())
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let game = ChessGame()
            for i in 0..<200 {
                do {
                    if (try? parseSquare(name: "z\(i)")) != nil { throw NoChessError(description: "z\(i)") }
                    let knights = game.legalMovesFrom(square: sq("g1")).count
                        + game.legalMovesFrom(square: sq("b1")).count
                    if knights != 4 { throw NoChessError(description: "knights \(knights)") }
                    if (try? game.playSan(san: "Ke2")) != nil { throw NoChessError(description: "Ke2") }
                    if (try? ChessGame.fromFen(fen: "8/8 w \(worker)\(i)")) != nil {
                        throw NoChessError(description: "fen")
                    }
                    if game.snapshot().legalMoves.count != 20 { throw NoChessError(description: "20") }
                    if squareName(square: .h8) != "h8" { throw NoChessError(description: "h8") }
                } catch {
                    failures.with { $0.append("\(worker)/\(i): \(error)") }
                }
            }
        }
        XCTAssertEqual(failures.current, [])

        final class CallingListener: SearchListener {
            let calls = Guarded([String]())
            func onInfo(info: SearchInfo) {
                let failed = (try? parseSquare(name: "a9")) == nil
                let name = squareName(square: Square(rawValue: UInt8(info.depth % 64))!)
                calls.with { $0.append("\(failed) \(name)=\(info.depth)") }
            }
            func onFinished(result: SearchResult) {
                let failed = (try? parseSquare(name: "z0")) == nil
                let name = squareName(square: .a1)
                calls.with { $0.append("finished \(failed) \(name)") }
            }
        }
        do {
            let listener = CallingListener()
            let engine = try engine()
            let handle = try engine.think(game: ChessGame(), limits: SearchLimits(depth: 3), listener: listener)
            try await eventually("onFinished") { listener.calls.current.last?.hasPrefix("finished") ?? false }
            let calls = listener.calls.current
            XCTAssertEqual(calls.last, "finished true a1")
            XCTAssertGreaterThan(calls.count, 1)
            for call in calls.dropLast() {
                let parts = call.split(separator: " ")
                XCTAssertEqual(parts[0], "true", call)
                let nameAndDepth = parts[1].split(separator: "=")
                XCTAssertEqual(
                    String(nameAndDepth[0]),
                    squareName(square: Square(rawValue: UInt8(UInt32(nameAndDepth[1])! % 64))!))
            }
            _ = handle
        }
        try await noLiveObjects()
    }

    func testSanInFigurinesOrAnotherLanguagesLettersForDisplay() async throws {
        let san = try ChessGame().playUci(uci: "g1f3").san
        XCTAssertEqual(figurineSan(san: san), "♘f3")
        XCTAssertEqual(try sanWithPieceSymbols(san: san, symbols: ["K", "D", "T", "L", "S"]), "Sf3")
        XCTAssertThrowsError(try sanWithPieceSymbols(san: "Nf3", symbols: ["K", "D"])) { error in
            guard case ChessError.InvalidRequest(let message) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(message.contains("expected 5 non-empty piece symbols"), message)
        }
        try await noLiveObjects()
    }

    func testReleasedObjectsAreFreed() async throws {
        try await noLiveObjects("nothing alive before")
        for _ in 0..<20 {
            let game = ChessGame()
            _ = try game.playSan(san: "e4")
            let engine = try engine()
            let listener = RecordingListener()
            let handle = try engine.think(game: game, limits: SearchLimits(depth: 2), listener: listener)
            _ = try await listener.result()
            XCTAssertEqual(liveObjectCount(), 3, "game, engine and handle")
            _ = handle
        }
        try await noLiveObjects("every game, engine and handle freed by ARC")
    }
}
