//! Setting up a position as a board editor does: the setup of a FEN, the castling rights a board
//! allows, and the FEN of a setup once the rules accept it (every problem named otherwise).

use chesscore::ffi::{
    chess960_start_fen, possible_castling_rights, repair_fen, setup_fen, setup_of_fen,
    setup_problems, starting_fen, CastlingRights, ChessError, ChessGame, Piece, PieceKind,
    PositionSetup, SetupProblem, SetupProblemKind, Side, Square,
};

fn piece(side: Side, kind: PieceKind) -> Option<Piece> {
    Some(Piece { side, kind })
}

fn empty() -> PositionSetup {
    PositionSetup {
        squares: vec![None; 64],
        side_to_move: Side::White,
        castling: CastlingRights::default(),
        en_passant: None,
        halfmove_clock: 0,
        fullmove_number: 1,
    }
}

fn invalid_fen(result: Result<String, ChessError>) -> String {
    match result {
        Err(ChessError::InvalidFen(text)) => text,
        other => panic!("expected InvalidFen, got {other:?}"),
    }
}

#[test]
fn a_fen_round_trips_through_its_setup() {
    let start = setup_of_fen(starting_fen()).unwrap();
    assert_eq!(
        start.castling,
        CastlingRights {
            white_king_side: true,
            white_queen_side: true,
            black_king_side: true,
            black_queen_side: true
        }
    );
    assert_eq!(
        start.squares[Square::E1.index()],
        piece(Side::White, PieceKind::King)
    );
    assert_eq!(setup_fen(start).unwrap(), starting_fen());
    // An en passant square the side to move can use, and the counters, survive too.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let setup = setup_of_fen(fen.into()).unwrap();
    assert_eq!(setup.en_passant, Some(Square::F6));
    assert_eq!((setup.halfmove_clock, setup.fullmove_number), (0, 3));
    assert_eq!(setup_fen(setup).unwrap(), fen);
}

#[test]
fn a_board_editor_builds_a_position_square_by_square() {
    let mut setup = empty();
    setup.squares[Square::E1.index()] = piece(Side::White, PieceKind::King);
    setup.squares[Square::H1.index()] = piece(Side::White, PieceKind::Rook);
    setup.squares[Square::E8.index()] = piece(Side::Black, PieceKind::King);
    setup.squares[Square::A8.index()] = piece(Side::Black, PieceKind::Rook);
    setup.squares[Square::A1.index()] = piece(Side::Black, PieceKind::Rook);
    // Only a king on e1/e8 with its own rook in the corner may castle.
    assert_eq!(
        possible_castling_rights(setup.squares.clone()).unwrap(),
        CastlingRights {
            white_king_side: true,
            white_queen_side: false,
            black_king_side: false,
            black_queen_side: true
        }
    );
    setup.castling.white_king_side = true;
    setup.castling.black_queen_side = true;
    // White to move, in check from the rook on a1 (the side to move may be).
    assert_eq!(
        setup_fen(setup).unwrap(),
        "r3k3/8/8/8/8/8/8/r3K2R w Kq - 0 1"
    );
}

#[test]
fn every_problem_of_a_setup_is_named() {
    let text = invalid_fen(setup_fen(empty()));
    assert!(
        text.contains("white has no king") || text.contains("White has no king"),
        "{text}"
    );
    assert!(text.contains("lack has no king"), "{text}");

    let mut setup = empty();
    setup.squares[Square::E1.index()] = piece(Side::White, PieceKind::King);
    setup.squares[Square::E8.index()] = piece(Side::Black, PieceKind::King);
    setup.squares[Square::D8.index()] = piece(Side::White, PieceKind::Pawn);
    setup.castling.white_king_side = true;
    let text = invalid_fen(setup_fen(setup.clone()));
    assert!(text.contains("pawn on the back rank at d8"), "{text}");
    assert!(text.contains("castling right for the rook on h1"), "{text}");

    // The side not to move may not be in check.
    setup.squares[Square::D8.index()] = None;
    setup.castling = CastlingRights::default();
    setup.squares[Square::E4.index()] = piece(Side::White, PieceKind::Rook);
    setup.side_to_move = Side::White;
    let text = invalid_fen(setup_fen(setup.clone()));
    assert!(text.contains("is in check"), "{text}");
    setup.side_to_move = Side::Black;
    assert_eq!(setup_fen(setup).unwrap(), "4k3/8/8/8/4R3/8/8/4K3 b - - 0 1");
}

/// `(kind, side, squares)` of each problem `setup_problems` finds, checking that each message is
/// the one `setup_fen`'s error names.
fn problems(setup: &PositionSetup) -> Vec<(SetupProblemKind, Option<Side>, Vec<Square>)> {
    let found: Vec<SetupProblem> = setup_problems(setup.clone()).unwrap();
    if let Err(ChessError::InvalidFen(text)) = setup_fen(setup.clone()) {
        let messages: Vec<&str> = found.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(text, format!("illegal position: {}", messages.join("; ")));
    } else {
        assert!(found.is_empty(), "{found:?}");
    }
    found
        .into_iter()
        .map(|p| (p.kind, p.side, p.squares))
        .collect()
}

#[test]
fn every_problem_of_a_setup_is_given_as_data_with_its_squares() {
    use SetupProblemKind as K;
    use Side::{Black, White};
    assert_eq!(
        problems(&empty()),
        [
            (K::MissingKing, Some(White), vec![]),
            (K::MissingKing, Some(Black), vec![])
        ]
    );
    let mut setup = empty();
    setup.squares[Square::E1.index()] = piece(White, PieceKind::King);
    setup.squares[Square::E8.index()] = piece(Black, PieceKind::King);
    assert_eq!(problems(&setup), []);
    // A pawn on the back rank, a second king, a castling right without its rook.
    setup.squares[Square::D8.index()] = piece(White, PieceKind::Pawn);
    setup.squares[Square::A1.index()] = piece(Black, PieceKind::Pawn);
    setup.squares[Square::H5.index()] = piece(Black, PieceKind::King);
    setup.castling.white_king_side = true;
    assert_eq!(
        problems(&setup),
        [
            (K::PawnOnBackRank, Some(Black), vec![Square::A1]),
            (K::PawnOnBackRank, Some(White), vec![Square::D8]),
            (K::TooManyKings, Some(Black), vec![Square::H5, Square::E8]),
            (K::ImpossibleCastling, Some(White), vec![Square::H1]),
        ]
    );
    // Seventeen white pieces (nine pawns among them): all of White's squares are shown.
    let mut crowded = empty();
    crowded.squares[Square::E1.index()] = piece(White, PieceKind::King);
    crowded.squares[Square::H8.index()] = piece(Black, PieceKind::King);
    for sq in (8..24).map(|i| Square::all().nth(i).unwrap()) {
        crowded.squares[sq.index()] = piece(White, PieceKind::Pawn);
    }
    let found = problems(&crowded);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0, found[0].1, found[0].2.len()),
        (K::TooManyPieces, Some(White), 17)
    );
    // Only once the pieces are right are checks looked at: the side not to move in check
    // shows its king and the checker.
    setup.squares[Square::D8.index()] = None;
    setup.squares[Square::A1.index()] = None;
    setup.squares[Square::H5.index()] = None;
    setup.castling = CastlingRights::default();
    setup.squares[Square::E4.index()] = piece(White, PieceKind::Rook);
    assert_eq!(
        problems(&setup),
        [(
            K::OpponentInCheck,
            Some(Black),
            vec![Square::E8, Square::E4]
        )]
    );
    // Three checkers: no last move gives that.
    setup.side_to_move = Black;
    setup.squares[Square::A4.index()] = piece(White, PieceKind::Bishop);
    setup.squares[Square::C7.index()] = piece(White, PieceKind::Knight);
    assert_eq!(
        problems(&setup),
        [(
            K::ImpossibleCheck,
            Some(Black),
            vec![Square::A4, Square::E4, Square::C7]
        )]
    );
    // An en passant square behind no pawn.
    let mut setup = setup_of_fen(starting_fen()).unwrap();
    setup.side_to_move = Black;
    setup.en_passant = Some(Square::E3);
    assert_eq!(
        problems(&setup),
        [(K::ImpossibleEnPassant, None, vec![Square::E3])]
    );
    // A knight's check that the double push the en passant square says was last cannot have
    // given: the square and the knight are shown (a check from three pieces as well is a second,
    // different problem).
    let mut setup = setup_of_fen("4k3/8/8/3pP3/8/5n2/8/4K3 w - - 0 1".into()).unwrap();
    setup.en_passant = Some(Square::D6);
    assert_eq!(
        problems(&setup),
        [(
            K::CheckAfterDoublePush,
            Some(White),
            vec![Square::D6, Square::F3]
        )]
    );
    let mut setup = setup_of_fen("4k3/8/8/3pP3/8/5n2/8/r3K2r w - - 0 1".into()).unwrap();
    setup.en_passant = Some(Square::D6);
    assert_eq!(
        problems(&setup),
        [
            (
                K::ImpossibleCheck,
                Some(White),
                vec![Square::A1, Square::H1, Square::F3]
            ),
            (
                K::CheckAfterDoublePush,
                Some(White),
                vec![Square::D6, Square::A1, Square::H1, Square::F3]
            ),
        ]
    );
    // A double push that would have been played with Black in check: the bishop on h1 gave
    // check through e4 before the pawn came there. (Rights for two rooks on one side of a
    // king, ConflictingCastling, cannot be asked for in standard chess.)
    let mut setup = setup_of_fen("k7/8/8/8/4P3/8/8/4K2B b - - 0 1".into()).unwrap();
    setup.en_passant = Some(Square::E3);
    assert_eq!(
        problems(&setup),
        [(K::EnPassantAfterCheck, Some(Black), vec![Square::E3])]
    );
}

#[test]
fn a_malformed_setup_is_a_request_error() {
    let mut setup = empty();
    setup.squares.pop();
    assert!(matches!(
        setup_fen(setup.clone()),
        Err(ChessError::InvalidRequest(text)) if text.contains("64 squares") && text.contains("63")
    ));
    assert!(matches!(
        setup_problems(setup.clone()),
        Err(ChessError::InvalidRequest(text)) if text.contains("64 squares")
    ));
    assert!(matches!(
        possible_castling_rights(setup.squares),
        Err(ChessError::InvalidRequest(_))
    ));
    let mut setup = setup_of_fen(starting_fen()).unwrap();
    setup.fullmove_number = 0;
    assert!(
        matches!(setup_fen(setup.clone()), Err(ChessError::InvalidRequest(t)) if t.contains("move number 0"))
    );
    setup.fullmove_number = 1;
    setup.halfmove_clock = u32::MAX;
    assert!(
        matches!(setup_fen(setup), Err(ChessError::InvalidRequest(t)) if t.contains("halfmove clock"))
    );
    assert!(matches!(
        setup_of_fen("not a fen".into()),
        Err(ChessError::InvalidFen(_))
    ));
    // Well formed but illegal: read as it stands, for the editor to show what is wrong.
    let two_kings = setup_of_fen("4k3/8/8/8/8/8/8/K3K2R w K - 0 1".into()).unwrap();
    assert_eq!(
        two_kings.squares[Square::A1.index()],
        piece(Side::White, PieceKind::King)
    );
    assert!(two_kings.castling.white_king_side, "the board allows it");
    assert_eq!(
        problems(&two_kings),
        [
            (
                SetupProblemKind::TooManyKings,
                Some(Side::White),
                vec![Square::A1, Square::E1]
            ),
            // With two kings, no king can castle.
            (
                SetupProblemKind::ImpossibleCastling,
                Some(Side::White),
                vec![Square::H1]
            ),
        ]
    );
    let not_to_move_in_check = setup_of_fen("4k3/8/8/8/4R3/8/8/4K3 w - - 0 1".into()).unwrap();
    assert_eq!(not_to_move_in_check.side_to_move, Side::White);
    assert_eq!(
        problems(&not_to_move_in_check)[0].0,
        SetupProblemKind::OpponentInCheck
    );
    // A field that cannot be read is still an error, naming it.
    assert!(matches!(
        setup_of_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1".into()),
        Err(ChessError::InvalidFen(text)) if text.contains("side to move")
    ));
}

#[test]
fn a_chess960_position_is_edited_as_standard_chess() {
    // Start position 0 (BBQNNRKR): its corner rooks have rights there, but no king stands on
    // e1/e8, so standard chess has none; the setup comes without them and is accepted as it is.
    let fen = chess960_start_fen(0).unwrap();
    let setup = setup_of_fen(fen).unwrap();
    assert_eq!(setup.castling, CastlingRights::default());
    assert_eq!(
        setup_fen(setup).unwrap(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1"
    );
    // Start position 518 is the standard arrangement: every right stays.
    let setup = setup_of_fen(chess960_start_fen(518).unwrap()).unwrap();
    assert!(setup.castling.white_king_side && setup.castling.black_queen_side);
    assert_eq!(setup_fen(setup).unwrap(), starting_fen());
}

/// A pasted FEN with stale castling rights and a stray en passant square loads, and says what was
/// dropped; a FEN with a real problem is still refused, with the same message as `fromFen`.
#[test]
fn a_pasted_fen_is_repaired_where_it_is_stale_and_refused_where_it_is_wrong() {
    let repaired = repair_fen("r3k3/8/8/8/8/8/8/4K2R w KQkq e6 0 30".into(), false).unwrap();
    assert_eq!(repaired.fen, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 30");
    assert_eq!(repaired.repairs.len(), 3, "{:?}", repaired.repairs);
    assert!(repaired.repairs.iter().any(|r| r.contains("rook on a1")));
    assert!(repaired.repairs.iter().any(|r| r.contains("rook on h8")));
    assert!(repaired
        .repairs
        .iter()
        .any(|r| r.contains("en passant square e6")));
    assert!(ChessGame::from_fen(repaired.fen.clone()).is_ok());

    assert!(!repaired.chess960);
    // The king on f1 with KQkq: fromFen makes a Chess960 game of it, repairFen a standard one.
    let moved = "rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w KQkq - 1 2";
    assert!(
        ChessGame::from_fen(moved.into())
            .unwrap()
            .snapshot()
            .chess960
    );
    let repaired = repair_fen(moved.into(), false).unwrap();
    assert!(!repaired.chess960);
    assert_eq!(
        repaired.fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/P4PPP/RNBQ1K1R w kq - 1 2"
    );
    assert!(
        !ChessGame::from_fen(repaired.fen)
            .unwrap()
            .snapshot()
            .chess960
    );
    let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert!(repair_fen(chess960.into(), false).unwrap().chess960);
    // On a Chess960 board, the same KQkq reads as X-FEN rights of a Chess960 position.
    let on960 = repair_fen(moved.into(), true).unwrap();
    assert!(on960.chess960 && on960.repairs.is_empty());

    let clean = repair_fen(starting_fen(), false).unwrap();
    assert_eq!((clean.fen, clean.repairs.len()), (starting_fen(), 0));

    let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1";
    let (Err(ChessError::InvalidFen(repair)), Err(ChessError::InvalidFen(load))) = (
        repair_fen(bad.into(), false),
        ChessGame::from_fen(bad.into()),
    ) else {
        panic!("both refuse a position without a white king");
    };
    assert_eq!(repair, load);
}
