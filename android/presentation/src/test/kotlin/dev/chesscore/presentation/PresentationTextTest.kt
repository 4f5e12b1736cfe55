package dev.chesscore.presentation

import dev.chesscore.ChessGame
import dev.chesscore.ktx.pieceAt
import dev.chesscore.MoveListItem
import dev.chesscore.readPgn
import dev.chesscore.Score
import dev.chesscore.Side
import dev.chesscore.SideReview
import dev.chesscore.timeControlFromPgn
import dev.chesscore.winPercent
import kotlin.test.assertEquals
import org.junit.jupiter.api.Test

class PresentationTextTest {
    /** The summary rounds a tie to even, as Swift's and the core's annotated PGN do. */
    @Test
    fun `a side's summary rounds as the other platforms do`() {
        val side = { accuracy: Double, loss: Double ->
            sideSummary(SideReview(20u, accuracy, loss, 0u, 5u, 5u, 5u, 2u, 2u, 1u, 0u, 0u))
        }
        for ((accuracy, loss, shown) in listOf(
            Triple(84.25, 34.5, "84.2" to "34"),
            Triple(84.75, 35.5, "84.8" to "36"),
            Triple(99.96, 0.49, "100.0" to "0"),
        )) {
            val summary = side(accuracy, loss)
            assertEquals(shown, summary.accuracyText to summary.averageLossText, "$accuracy $loss")
        }
        assertEquals("–", sideSummary(SideReview(0u, null, null, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u)).accuracyText)
    }

    @Test
    fun `scores are shown from White's side as the core gives them`() {
        assertEquals("+0.35", scoreText(Score.Centipawns(35)))
        assertEquals("-0.35", scoreText(Score.Centipawns(-35)))
        assertEquals("0.00", scoreText(Score.Centipawns(0)))
        assertEquals("+12.00", scoreText(Score.Centipawns(1200)))
        assertEquals("M3", scoreText(Score.Mate(3)))
        assertEquals("-M2", scoreText(Score.Mate(-2)))
    }

    @Test
    fun `an eval bar says both sides' win chances in whole percent`() {
        assertEquals("White 62 % · Black 38 %", winChanceText(61.743))
        assertEquals("White 50 % · Black 50 %", winChanceText(50.0))
        assertEquals("White 100 % · Black 0 %", winChanceText(100.0))
        assertEquals("White 0 % · Black 100 %", winChanceText(0.0))
        assertEquals("White 0 % · Black 100 %", winChanceText(winPercent(Score.Mate(-1))))
    }

    @Test
    fun `material is said kind by kind with counts, and the points when both sides have extra pieces`() {
        ChessGame.fromFen("4k3/pp6/8/8/8/8/PPPPP3/RN1QK3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("White is up a queen, a rook, a knight and three pawns", materialDescription(material, Side.WHITE))
            assertEquals("+20", materialLeadText(material, Side.WHITE))
            assertEquals(null, materialDescription(material, Side.BLACK))
            assertEquals("", materialLeadText(material, Side.BLACK))
            assertEquals("White is up a queen, a rook, a knight and three pawns", materialSummary(material))
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/PPP5/4KB2 b - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("White is up a bishop and three pawns", materialDescription(material, Side.WHITE))
        }
        ChessGame.fromFen("4k3/ppp5/8/8/8/8/8/2B1K3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals(0, material.balance)
            assertEquals("White has a bishop for three pawns, even", materialSummary(material))
            assertEquals("White has a bishop for three pawns, even", materialDescription(material, Side.WHITE))
            assertEquals("Black has three pawns for a bishop, even", materialDescription(material, Side.BLACK))
            assertEquals("", materialLeadText(material, Side.WHITE))
            assertEquals("", materialLeadText(material, Side.BLACK))
        }
        ChessGame().use { game -> assertEquals("Material is even", materialSummary(game.snapshot().material)) }
        ChessGame.fromFen("rr2k3/8/8/8/8/8/8/3QK3 w - - 0 1").use { game ->
            val material = game.snapshot().material
            assertEquals("Black has two rooks for a queen, 1 point up", materialDescription(material, Side.BLACK))
            assertEquals("White has a queen for two rooks, 1 point down", materialDescription(material, Side.WHITE))
        }
    }

    @Test
    fun `status texts for every ending come from the core's status`() {
        ChessGame.fromFen("8/8/8/8/8/5k2/8/4K3 w - - 0 1").use {
            assertEquals("Draw by insufficient material", statusText(it.snapshot()))
        }
        ChessGame().use { game ->
            assertEquals("White to move", statusText(game.snapshot()))
            game.resign(Side.BLACK)
            assertEquals("Black resigned — White wins", statusText(game.snapshot()))
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").use { game ->
            game.playSan("Rh8")
            assertEquals("Black to move, in check", statusText(game.snapshot()))
            assertEquals(sq("e8"), game.snapshot().checkSquare, "check is shown on the board")
        }
        // Flag falls: a loss on time, or a draw when the other side has a bare king.
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            game.checkFlag(10_000uL)
            assertEquals("White ran out of time — Black wins", statusText(game.snapshot()))
        }
        ChessGame.fromFen("4k3/8/3r4/8/8/8/8/4K3 b - - 0 1").use { game ->
            game.setTimeControl(timeControlFromPgn("10")!!)
            game.startClock(0uL)
            game.checkFlag(10_000uL)
            assertEquals("Draw by timeout against insufficient material", statusText(game.snapshot()))
        }
    }

    @Test
    fun `moves of the inline move list - numbers where the core shows them, SAN, NAG symbols`() {
        val import = readPgn("1. e4! e5 (1... c5 \$5 2. Nf3) 2. Nf3 \$6 \$14 Nc6 \$200 *")
        val moves = import.games.single().use { it.snapshot().moveList.filterIsInstance<MoveListItem.Move>() }
        assertEquals(listOf("1. e4!", "e5", "1… c5!?", "2. Nf3", "2. Nf3?!⩲", "Nc6"), moves.map(::moveText))
        assertEquals("", nagText(200u))
    }

    @Test
    fun `moves are spoken in words, from the core's reading of their SAN`() {
        val spoken = listOf("e4", "Nf3", "Nbd7", "R1e2", "exd5", "e8=Q", "exd8=N+", "O-O", "O-O-O#", "Rxe1#", "--")
            .map(::spokenSan)
        assertEquals(
            listOf(
                "e4", "knight to f3", "knight from b to d7", "rook from rank 1 to e2", "e pawn takes d5", "e8, promotes to queen",
                "e pawn takes d8, promotes to knight, check", "castles kingside", "castles queenside, checkmate",
                "rook takes e1, checkmate", "--",
            ),
            spoken,
        )
        assertEquals("e4; e5; knight to f3", spokenLine(listOf("e4", "e5", "Nf3")))
        assertEquals("interesting move", nagName(5u))
        assertEquals("White is slightly better", nagName(14u))
        assertEquals("", nagName(200u))
        val import = readPgn("1. e4! e5 (1... c5 \$5 2. Nf3) 2. Nf3 \$6 \$14 Nc6 *")
        val moves = import.games.single().use { it.snapshot().moveList.filterIsInstance<MoveListItem.Move>() }
        assertEquals(
            listOf(
                "1 White: e4, good move", "1 Black: e5", "1 Black: c5, interesting move", "2 White: knight to f3",
                "2 White: knight to f3, dubious move, White is slightly better", "2 Black: knight to c6",
            ),
            moves.map(::spokenMoveText),
        )
    }

    @Test
    fun `clock times are spoken in words, rounded down as the clock shows them`() {
        assertEquals("9.7 seconds", clockSpokenText(9_799uL))
        assertEquals("0.0 seconds", clockSpokenText(0uL))
        assertEquals("45 seconds", clockSpokenText(45_999uL))
        assertEquals("1 minute", clockSpokenText(60_000uL))
        assertEquals("2 minutes 59 seconds", clockSpokenText(179_999uL))
        assertEquals("1 hour 30 minutes", clockSpokenText(5_400_000uL))
        assertEquals("1 hour 1 minute 1 second", clockSpokenText(3_661_000uL))
        val clock = ClockUiState("0:09.7", "1:00", 9_700uL, 60_000uL, Side.WHITE, setOf(Side.WHITE), null, "1 min")
        assertEquals("9.7 seconds, low time", clock.spokenTime(Side.WHITE))
        assertEquals("1 minute", clock.spokenTime(Side.BLACK))
        assertEquals("0.0 seconds, flag fell", clock.copy(whiteMs = 0uL, flagged = Side.WHITE).spokenTime(Side.WHITE))
    }

    @Test
    fun `a board announces new moves, take-backs, the end, low time and a hint, and nothing for a new game`() {
        ChessGame().use { game ->
            val state = { BoardUiState(game.snapshot(), Side.WHITE, mode = GameMode.HumanVsEngine(Side.WHITE), level = 5) }
            val start = state()
            assertEquals(null, boardAnnouncement(null, start))
            assertEquals(null, boardAnnouncement(start, start))
            game.playSan("e4")
            val e4 = state()
            assertEquals("White: e4", boardAnnouncement(start, e4))
            // The engine's reply and a premove played after it, seen as one change.
            game.playSan("Nf6")
            game.playSan("e5")
            val both = state()
            assertEquals("Black: knight to f6. White: e5", boardAnnouncement(e4, both))
            game.undo()
            assertEquals("1 move taken back", boardAnnouncement(both, state()))
            // Three plies between two states the screen saw: all said.
            for (san in listOf("e5", "Nd5")) game.playSan(san)
            assertEquals("Black: knight to f6. White: e5. Black: knight to d5", boardAnnouncement(e4, state()))
            // Looking back and returning.
            val now = state()
            val back = now.copy(viewed = ViewedPosition(1, game.snapshotAtMainLinePly(1u)))
            assertEquals("After 1 White: e4", boardAnnouncement(now, back))
            assertEquals("Back to the game", boardAnnouncement(back, now))
            // The same moves in a new game (play from here): nothing, it is a new screen.
            assertEquals(null, boardAnnouncement(e4, now.copy(gameSerial = 1)))
            assertEquals("Hint: knight to f3", boardAnnouncement(e4, e4.copy(hint = game.legalMovesFrom(sq("g1")).first { it.san == "Nf3" })))
            ChessGame().use { fresh ->
                assertEquals(null, boardAnnouncement(both, both.copy(snapshot = fresh.snapshot(), gameSerial = 1)), "a new game")
            }
        }
        ChessGame().use { game ->
            val state = { BoardUiState(game.snapshot(), Side.WHITE, mode = GameMode.HumanVsHuman, level = 5) }
            for (san in listOf("f3", "e5", "g4")) game.playSan(san)
            val before = state()
            game.playSan("Qh4#")
            assertEquals("Black: queen to h4, checkmate. Checkmate — Black wins", boardAnnouncement(before, state()))
        }
        ChessGame().use { game ->
            val clock = { whiteMs: ULong, low: Set<Side> ->
                ClockUiState(clockText(whiteMs), "1:00", whiteMs, 60_000uL, Side.WHITE, low, null, "1 min")
            }
            val state = BoardUiState(game.snapshot(), Side.WHITE, mode = GameMode.HumanVsHuman, level = 5, clock = clock(10_100uL, emptySet()))
            val low = state.copy(clock = clock(9_700uL, setOf(Side.WHITE)))
            assertEquals("White is low on time: 9.7 seconds", boardAnnouncement(state, low))
            assertEquals(null, boardAnnouncement(low, low.copy(clock = clock(9_600uL, setOf(Side.WHITE)))), "said once")
        }
    }

    @Test
    fun `engine lines, mates and book moves are spoken in words`() {
        assertEquals("White mates in 3", spokenScore("M3"))
        assertEquals("Black mates in 2", spokenScore("-M2"))
        assertEquals("+0.35", spokenScore("+0.35"))
        assertEquals("depth 20, +0.35: e4; e5; knight to f3", spokenEngineLine(20, "+0.35", listOf("e4", "e5", "Nf3")))
        assertEquals("depth 1, White mates in 1: queen takes f7, checkmate", spokenEngineLine(1, "M1", listOf("Qxf7#")))
        assertEquals("depth 0, 0.00", spokenEngineLine(0, "0.00", emptyList()))
        ChessGame().use { game ->
            val book = game.bookMoves().first { it.legalMove.san == "Nf3" }
            assertEquals("knight to f3, ${book.opening.variation ?: book.opening.family}", spokenBookMove(book))
        }
    }

    @Test
    fun `selecting a piece announces where it may go, and a premove what it will play`() {
        ChessGame().use { game ->
            val start = BoardUiState(game.snapshot(), Side.WHITE, mode = GameMode.HumanVsEngine(Side.WHITE), level = 5)
            val targets = { from: String -> game.legalMovesFrom(sq(from)).map { it.to }.toSet() }
            val knight = start.copy(selected = sq("g1"), targets = targets("g1"))
            assertEquals("White knight on g1 selected: f3, h3", boardAnnouncement(start, knight))
            assertEquals(null, boardAnnouncement(knight, knight))
            assertEquals(null, boardAnnouncement(knight, start), "deselecting: the square's selected state says it")
            assertEquals(
                "White bishop on c1 selected: no moves",
                boardAnnouncement(knight, start.copy(selected = sq("c1"), targets = targets("c1"))),
            )
            // A move played from a selection says the move only.
            game.playSan("e4")
            val e4 = start.copy(snapshot = game.snapshot())
            assertEquals("White: e4", boardAnnouncement(knight, e4))
            assertEquals("White: e4", boardAnnouncement(knight, e4.copy(selected = sq("d1"), targets = targets("d1"))))
            // A premove while the engine thinks: its start with where it may go, then the move.
            val from = e4.copy(premove = Premove(sq("g1"), null, setOf(sq("h3"), sq("f3"), sq("e2"))))
            assertEquals("Premove from g1: e2, f3, h3", boardAnnouncement(e4, from))
            val set = e4.copy(premove = Premove(sq("g1"), sq("f3")))
            assertEquals("Premove: white knight g1 to f3", boardAnnouncement(from, set))
            assertEquals("Premove cancelled", boardAnnouncement(set, e4))
            // Played after the engine's reply: the moves say it.
            game.playSan("e5")
            game.playSan("Nf3")
            assertEquals("Black: e5. White: knight to f3", boardAnnouncement(set, e4.copy(snapshot = game.snapshot())))
        }
        // A premove the engine's reply makes illegal (b5 blocks the bishop's way to a6): dropped.
        ChessGame().use { game ->
            game.playSan("e4")
            val e4 = BoardUiState(game.snapshot(), Side.WHITE, mode = GameMode.HumanVsEngine(Side.WHITE), level = 5)
            val waiting = e4.copy(premove = Premove(sq("f1"), sq("a6")))
            game.playSan("b5")
            assertEquals("Black: b5. Premove dropped", boardAnnouncement(waiting, e4.copy(snapshot = game.snapshot())))
        }
        // The analysis board, in the same position: the selection.
        ChessGame.fromFen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").use { game ->
            val state = AnalysisUiState(game.snapshot())
            val rook = state.copy(selected = sq("a1"), targets = game.legalMovesFrom(sq("a1")).map { it.to }.toSet())
            assertEquals(
                "White rook on a1 selected: a2, a3, a4, a5, a6, a7, a8, b1, c1, d1",
                analysisAnnouncement(state, rook),
            )
            assertEquals(null, analysisAnnouncement(rook, rook))
            assertEquals(null, analysisAnnouncement(rook, state))
        }
    }

    @Test
    fun `the analysis board announces the position it steps to, with its NAGs`() {
        readPgn("1. e4 e5 2. Nf3 \$1 *").games.single().use { game ->
            val end = AnalysisUiState(game.snapshot())
            game.goBack()
            val e5 = AnalysisUiState(game.snapshot())
            assertEquals("1 Black: e5", analysisAnnouncement(end, e5))
            game.goForward()
            assertEquals("2 White: knight to f3, good move", analysisAnnouncement(e5, AnalysisUiState(game.snapshot())))
            game.goTo(0u)
            assertEquals("Start position", analysisAnnouncement(e5, AnalysisUiState(game.snapshot())))
            assertEquals(null, analysisAnnouncement(e5, e5))
            assertEquals(null, analysisAnnouncement(null, e5))
        }
        ChessGame.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").use { game ->
            val before = AnalysisUiState(game.snapshot())
            game.playSan("Rh8")
            assertEquals("1 White: rook to h8, check", analysisAnnouncement(before, AnalysisUiState(game.snapshot())))
        }
    }

    @Test
    fun `a review's rows, summaries and graph are spoken in words`() {
        val row = { ply: Int, number: String, side: Side, san: String, moveClass: dev.chesscore.MoveClass, better: String? ->
            ReviewRow(ply, number, side, san, moveClass, classSymbol(moveClass), classText(moveClass), "+3.20", better, emptyList(), false, false)
        }
        val blunder = row(27, "14…", Side.BLACK, "Nf6", dev.chesscore.MoveClass.BLUNDER, "Be7")
        assertEquals("14 Black: knight to f6, blunder, evaluation +3.20, better: bishop to e7", spokenReviewRow(blunder))
        assertEquals(spokenReviewRow(blunder), spokenSelectedMove(blunder))
        assertEquals(
            "14 Black: knight to f6, blunder, evaluation +3.20, better: bishop to e7, refuted by queen takes f7, checkmate",
            spokenSelectedMove(blunder.copy(refutationSan = listOf("Qxf7#"))),
        )
        assertEquals(
            "12 White: castles kingside, best, only move, evaluation +3.20",
            spokenReviewRow(row(22, "12.", Side.WHITE, "O-O", dev.chesscore.MoveClass.BEST, null).copy(onlyMove = true)),
        )
        assertEquals(
            "White: accuracy 84.2 %, average centipawn loss 35, 2 inaccuracies, 1 mistake, no blunders",
            spokenSideSummary(Side.WHITE, SideSummaryUi("84.2", "35", 2, 1, 0, 10, 4)),
        )
        val mistake = row(38, "20.", Side.WHITE, "Rxe1", dev.chesscore.MoveClass.MISTAKE, "Qd2")
        val state = ReviewUiState(
            rows = listOf(blunder, mistake),
            graph = listOf(
                GraphPoint(0, 0f, 0.5f, null),
                GraphPoint(28, 0.5f, 0.8f, dev.chesscore.MoveClass.BLUNDER),
                GraphPoint(39, 1f, 0.124f, dev.chesscore.MoveClass.MISTAKE),
            ),
        )
        assertEquals(
            "White's win chance from 50 % to 12 %. Blunder: 14 Black, knight to f6. Mistake: 20 White, rook takes e1",
            spokenGraph(state),
        )
        assertEquals(null, spokenGraph(ReviewUiState()))
    }

    @Test
    fun `a target square says castles on the king's own rook and capture en passant where a pawn takes an empty square`() {
        // After 1. e4 a6 2. e5 d5: exd6 is en passant.
        ChessGame.fromFen("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3").use { game ->
            val s = game.snapshot()
            val targets = game.legalMovesFrom(sq("e5")).map { it.to }.toSet()
            val say = { name: String -> boardSquareDescription(sq(name), s.pieceAt(sq(name)), targets, s.checkSquare, s.lastMove, sq("e5"), s.pieceAt(sq("e5"))) }
            assertEquals("d6, empty, capture en passant", say("d6"))
            assertEquals("e6, empty, legal move", say("e6"))
        }
        // A Chess960 king on g1 castles onto its rook on h1.
        ChessGame.fromChess960Fen("bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w HEge - 0 1").use { game ->
            val s = game.snapshot()
            val targets = game.legalMovesFrom(sq("f1")).map { it.to }.toSet()
            assertEquals(
                "h1, white rook, castles",
                boardSquareDescription(sq("h1"), s.pieceAt(sq("h1")), targets, null, null, sq("f1"), s.pieceAt(sq("f1"))),
            )
            assertEquals(
                "g1, empty, legal move",
                boardSquareDescription(sq("g1"), null, targets, null, null, sq("f1"), s.pieceAt(sq("f1"))),
            )
        }
    }

    @Test
    fun `a square says the marks, arrows, danger, suggested move and premove the board draws on it`() {
        // The node's marks as the core reads them from PGN: a red ring on d4, a green one on e4,
        // a green arrow g1-f3 and a yellow one d8-h4.
        ChessGame.fromPgn("1. e4 {[%csl Rd4,Ge4][%cal Gg1f3,Yd8h4]} *").use { game ->
            val s = game.snapshot()
            val marks = s.annotations.squares
            val arrows = s.annotations.arrows
            val say = { name: String, warnings: List<dev.chesscore.Square>, framed: dev.chesscore.LegalMove? ->
                boardSquareDescription(
                    sq(name), s.pieceAt(sq(name)), emptySet(), s.checkSquare, s.lastMove,
                    squareMarks = marks, arrows = arrows, warnings = warnings, framedMove = framed,
                )
            }
            assertEquals("d4, empty, marked red", say("d4", emptyList(), null))
            assertEquals("e4, white pawn, last move, marked green", say("e4", emptyList(), null))
            assertEquals("g1, white knight, green arrow to f3", say("g1", emptyList(), null))
            assertEquals("f3, empty, green arrow from g1", say("f3", emptyList(), null))
            assertEquals("h4, empty, yellow arrow from d8", say("h4", emptyList(), null))
            assertEquals("e4, white pawn, last move, in danger, marked green", say("e4", listOf(sq("e4")), null))
            // The engine's best move framed: 1... e5.
            val e5 = game.legalMovesFrom(sq("e7")).first { it.to == sq("e5") }
            assertEquals("e7, black pawn, suggested move to e5", say("e7", emptyList(), e5))
            assertEquals("e5, empty, suggested move from e7", say("e5", emptyList(), e5))
            // A square with nothing drawn on it says nothing more.
            assertEquals("a1, white rook", say("a1", emptyList(), e5))
        }
        // An arrow from a square to itself, which a PGN may give: said once.
        ChessGame.fromPgn("1. e4 {[%cal Ge4e4]} *").use { game ->
            val s = game.snapshot()
            assertEquals(
                "e4, white pawn, last move, green arrow to e4",
                boardSquareDescription(sq("e4"), s.pieceAt(sq("e4")), emptySet(), null, s.lastMove, arrows = s.annotations.arrows),
            )
        }
        // The premove: its start alone, then start and destination; the blue marks the game board
        // draws for it are said once, as the premove, and a blue mark elsewhere as a mark.
        val blue = { name: String -> dev.chesscore.SquareMark(dev.chesscore.MarkColor.BLUE, sq(name)) }
        val premove = { name: String, squares: List<String> ->
            boardSquareDescription(
                sq(name), null, emptySet(), null, null,
                squareMarks = squares.map(blue) + blue("h8"), premoveSquares = squares.map(::sq),
            )
        }
        assertEquals("g1, empty, premove start", premove("g1", listOf("g1")))
        assertEquals("g1, empty, premove to f3", premove("g1", listOf("g1", "f3")))
        assertEquals("f3, empty, premove from g1", premove("f3", listOf("g1", "f3")))
        assertEquals("h8, empty, marked blue", premove("h8", listOf("g1", "f3")))
        // A mark and a legal move on one square: the mark first, what a tap does last.
        assertEquals(
            "c3, empty, marked blue, legal move",
            boardSquareDescription(sq("c3"), null, setOf(sq("c3")), null, null, squareMarks = listOf(blue("c3"))),
        )
    }
}
