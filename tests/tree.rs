//! The game as a tree: variations, navigation, editing, undo/redo in both placements, the
//! outcome and repetitions along the way to the current node, and the move list.

use chesscore::game::{
    DrawReason, Game, GameError, GameStatus, MoveListItem, NewMovePlacement, NodeId, Outcome,
};
use chesscore::notation::numbering::MoveNumber;
use chesscore::notation::pgn::MarkColor;
use chesscore::notation::uci;
use chesscore::rules::Side;

fn play_all(game: &mut Game, sans: &[&str]) {
    for s in sans {
        if let Err(e) = game.play_san(s) {
            panic!("{s}: {e}");
        }
    }
}

fn sans(game: &Game, ids: &[NodeId]) -> Vec<String> {
    ids.iter()
        .map(|&id| game.node(id).unwrap().san().to_string())
        .collect()
}

#[test]
fn a_move_beside_an_existing_one_makes_a_variation_and_an_existing_move_is_reused() {
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5", "Nf3"]);
    let main = game.main_line();
    assert_eq!(sans(&game, &main), ["e4", "e5", "Nf3"]);
    game.goto(main[0]).unwrap();
    assert_eq!(game.san_moves(), ["e4"]);
    // A new move: a variation; the main line stays.
    game.play_san("c5").unwrap();
    let c5 = game.current();
    assert_eq!(game.main_line(), main);
    assert!(!game.is_main_line(c5));
    assert_eq!(game.node(main[0]).unwrap().children(), [main[1], c5]);
    // The same move again goes to the existing node: no new node.
    game.back();
    game.play_san("e5").unwrap();
    assert_eq!(game.current(), main[1]);
    game.back();
    game.play_san("c5").unwrap();
    assert_eq!(game.current(), c5);
    assert_eq!(game.node(main[0]).unwrap().children().len(), 2);
    // Ids are stable: the nodes are where they were.
    assert_eq!(game.node(main[2]).unwrap().san(), "Nf3");
    assert_eq!(
        game.node(c5).unwrap().move_number(),
        Some(MoveNumber::new(1, Side::Black))
    );
    assert!(game.node(NodeId::from_index(99)).is_none());
}

#[test]
fn navigation_follows_the_current_line() {
    let mut game = Game::new();
    play_all(&mut game, &["d4", "d5", "c4", "e6"]);
    let main = game.main_line();
    // Into a variation at move 2 for White.
    game.goto(main[1]).unwrap();
    play_all(&mut game, &["Nf3", "Nf6", "g3"]);
    let g3 = game.current();
    // Back to the start and forward again retraces the variation, not the main line.
    game.to_start();
    assert_eq!(game.ply(), 0);
    assert_eq!(game.position(), game.start_position());
    assert!(!game.back());
    game.forward();
    game.forward();
    game.forward();
    assert_eq!(game.san_moves(), ["d4", "d5", "Nf3"]);
    game.to_end();
    assert_eq!(game.current(), g3);
    assert!(!game.forward());
    // Going to a node off the current line makes its line current (then first children).
    game.goto(main[1]).unwrap();
    game.to_end();
    assert_eq!(
        game.current(),
        g3,
        "main[1] is on the current line: the line stays"
    );
    game.goto(main[2]).unwrap();
    game.to_end();
    assert_eq!(game.current(), main[3]);
    // Jump to ply N of the main line.
    game.goto_main_line_ply(2).unwrap();
    assert_eq!(game.current(), main[1]);
    game.goto_main_line_ply(0).unwrap();
    assert_eq!(game.current(), NodeId::ROOT);
    assert_eq!(
        game.goto_main_line_ply(5),
        Err(GameError::NoSuchMainLinePly(5))
    );
    assert_eq!(
        game.goto(NodeId::from_index(1000)),
        Err(GameError::NoSuchNode(1000))
    );
    // Wherever it went, the position is the one the moves give.
    game.goto(g3).unwrap();
    let mut replay = Game::new();
    play_all(&mut replay, &["d4", "d5", "Nf3", "Nf6", "g3"]);
    assert_eq!(game.position(), replay.position());
    assert_eq!(game.history_keys(), replay.history_keys());
}

#[test]
fn promote_make_main_line_and_delete() {
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5", "Nf3", "Nc6"]);
    let main = game.main_line();
    game.goto(main[1]).unwrap();
    play_all(&mut game, &["Bc4", "Nf6"]);
    let nf6 = game.current();
    let bc4 = game.node(nf6).unwrap().parent().unwrap();
    game.goto(bc4).unwrap();
    play_all(&mut game, &["Bc5"]);
    let bc5 = game.current();
    // Bc5 is a variation of a variation: promoting it once puts it first beside Nf6.
    assert!(game.promote_variation(bc5).unwrap());
    assert_eq!(game.node(bc4).unwrap().children()[0], bc5);
    assert!(!game.is_main_line(bc5));
    // Promoting again lifts Bc4's line above Nf3's.
    assert!(game.promote_variation(bc5).unwrap());
    assert!(game.is_main_line(bc5));
    assert_eq!(sans(&game, &game.main_line()), ["e4", "e5", "Bc4", "Bc5"]);
    assert!(!game.promote_variation(bc5).unwrap());
    // Make the old line main again in one step.
    assert!(game.make_main_line(main[3]).unwrap());
    assert_eq!(game.main_line(), main);
    assert!(!game.make_main_line(main[3]).unwrap());
    // Delete Bc4 and everything after it: the current node (Bc5) goes, the game moves to e5.
    game.goto(bc5).unwrap();
    game.delete_from(bc4).unwrap();
    assert_eq!(game.current(), main[1]);
    assert!(game.node(bc4).is_none() && game.node(nf6).is_none() && game.node(bc5).is_none());
    assert_eq!(game.node(main[1]).unwrap().children(), [main[2]]);
    assert_eq!(
        game.redo_moves().len(),
        2,
        "the line goes on along the main line"
    );
    assert_eq!(
        game.delete_from(bc4),
        Err(GameError::NoSuchNode(bc4.index()))
    );
    assert_eq!(
        game.delete_from(NodeId::ROOT),
        Err(GameError::CannotDeleteRoot)
    );
    // Deleting the main line's first move leaves an empty game.
    game.delete_from(main[0]).unwrap();
    assert_eq!(game.current(), NodeId::ROOT);
    assert!(game.main_line().is_empty());
    assert!(!game.can_redo());
    // Ids are never reused.
    game.play_san("d4").unwrap();
    assert!(game.current().index() > bc5.index());
}

#[test]
fn undo_redo_for_a_game_against_the_engine() {
    // Variation placement (the default): a take-back and a new move keep the old line as the
    // main line.
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5", "Nf3"]);
    assert_eq!(game.undo().map(uci::to_uci), Some("g1f3".into()));
    assert_eq!(game.undo().map(uci::to_uci), Some("e7e5".into()));
    assert!(game.can_redo());
    assert_eq!(game.redo().map(uci::to_uci), Some("e7e5".into()));
    game.undo();
    game.play_san("c5").unwrap();
    assert!(
        !game.can_redo(),
        "a new move is a new line: nothing to redo"
    );
    assert_eq!(game.san_moves(), ["e4", "c5"]);
    assert_eq!(sans(&game, &game.main_line()), ["e4", "e5", "Nf3"]);

    // Main-line placement: the game as played is the main line, the take-back a variation.
    let mut game = Game::new();
    game.set_new_move_placement(NewMovePlacement::MainLine);
    play_all(&mut game, &["e4", "e5", "Nf3"]);
    game.undo();
    game.undo();
    play_all(&mut game, &["c5", "Nf3"]);
    assert_eq!(sans(&game, &game.main_line()), ["e4", "c5", "Nf3"]);
    let e4 = game.main_line()[0];
    assert_eq!(game.node(e4).unwrap().children().len(), 2);
    assert!(game.to_pgn().contains("1. e4 c5 (1... e5 2. Nf3) 2. Nf3 *"));
    // Replaying the moves undone, in order, is redo; playing the same move is the same.
    game.undo();
    assert_eq!(game.redo().map(uci::to_uci), Some("g1f3".into()));
    game.undo();
    game.play_san("Nf3").unwrap();
    assert_eq!(game.node(game.main_line()[1]).unwrap().children().len(), 1);

    // A resignation is undone first, and redo waits until it is.
    game.undo();
    game.resign(Side::White).unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
    assert!(game.play_san("Nf3").is_err());
    assert_eq!(game.undo(), None);
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert!(game.can_redo());
}

#[test]
fn repetition_counts_only_the_way_to_the_current_node() {
    let mut game = Game::new();
    play_all(
        &mut game,
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
    );
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    // In a variation from move 2 the start position has only occurred twice on the way.
    let main = game.main_line();
    game.goto(main[3]).unwrap();
    play_all(&mut game, &["Nc3", "Nc6", "Nb1", "Nb8"]);
    assert_eq!(game.repetition_count(), 3);
    game.goto(main[1]).unwrap();
    play_all(&mut game, &["Nc3", "Nc6", "Nb1", "Nb8"]);
    // Nf3 Nf6 Nc3 Nc6 Nb1 Nb8: the position after Nf3 Nf6 twice, the start once.
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.claimable_draw(), None);
    // Fivefold on one line ends the game there only.
    let mut game = Game::new();
    for _ in 0..4 {
        play_all(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    let end = game.current();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    );
    assert_eq!(game.result(), "1/2-1/2");
    assert!(game.legal_moves().is_empty());
    game.back();
    assert_eq!(game.outcome(), None);
    assert!(!game.legal_moves().is_empty());
    game.play_san("Nb8").unwrap_err();
    game.play_san("Nh5").unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.main_line().last(), Some(&end));
}

#[test]
fn the_result_is_the_main_lines_and_the_status_the_current_nodes() {
    let mut game = Game::new();
    play_all(&mut game, &["f3", "e5", "g4", "Qh4#"]);
    let mate = Outcome::Checkmate {
        winner: Side::Black,
    };
    assert_eq!(game.status(), GameStatus::Ended(mate));
    game.back();
    game.back();
    play_all(&mut game, &["e4"]);
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(game.result(), "0-1");
    assert_eq!(game.main_line_outcome(), Some(mate));
    // An agreed draw in a variation is that node's, not the game's result.
    game.agree_draw().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(game.result(), "0-1");
    // Navigating leaves the ending where it is.
    game.back();
    game.forward();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

/// From the current node, nests variation in variation (each branching off the one before)
/// until the game refuses to go deeper; returns how many were made. A refused move must
/// change nothing.
fn nest_variations_to_the_limit(game: &mut Game) -> u32 {
    let mut depth = 0;
    loop {
        let before = game.current();
        // Two moves to positions not seen before on this line, so that no repetition ends it.
        let mut seen = game.history_keys();
        seen.push(game.position().key());
        let fresh: Vec<_> = game
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                let mut pos = game.position().clone();
                pos.make_move(m);
                !seen.contains(&pos.key())
            })
            .collect();
        let (first, second) = (fresh[0], fresh[1]);
        game.play(first).unwrap();
        game.back();
        match game.play(second) {
            Ok(()) => depth += 1,
            Err(e) => {
                assert_eq!(e, GameError::TooDeep);
                assert_eq!(game.current(), before);
                return depth;
            }
        }
        if depth > 200 {
            panic!("no limit");
        }
    }
}

#[test]
fn too_deep_variations_are_refused() {
    let mut game = Game::new();
    // Each variation branches off the previous one: one level deeper every time.
    let depth = nest_variations_to_the_limit(&mut game);
    assert_eq!(depth, chesscore::game::MAX_VARIATION_DEPTH);
    // Such a tree still reads back from PGN and JSON.
    assert_eq!(
        Game::from_pgn(&game.to_pgn()).unwrap().to_pgn(),
        game.to_pgn()
    );
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
}

/// Making a line the main one turns the line it displaces into a variation, one level deeper
/// with everything under it: past the limit that is refused like a too-deep move, and the
/// game stays one that saves and loads.
#[test]
fn a_reorder_that_would_nest_too_deep_is_refused_and_changes_nothing() {
    let mut game = Game::new();
    play_all(&mut game, &["e4"]);
    assert_eq!(
        nest_variations_to_the_limit(&mut game),
        chesscore::game::MAX_VARIATION_DEPTH
    );
    let deepest = game.current();
    game.to_start();
    play_all(&mut game, &["d4"]);
    let d4 = game.current();
    let before = game.to_json();
    assert_eq!(game.make_main_line(d4), Err(GameError::TooDeep));
    assert_eq!(game.promote_variation(d4), Err(GameError::TooDeep));
    assert_eq!(game.to_json(), before);
    // Played with new moves placed on the main line, the same move is refused as a whole.
    game.to_start();
    game.set_new_move_placement(NewMovePlacement::MainLine);
    let before = game.to_json();
    assert_eq!(game.play_san("d4"), Err(GameError::TooDeep));
    assert_eq!(game.play_san("c4"), Err(GameError::TooDeep));
    assert_eq!(game.current(), NodeId::ROOT);
    assert_eq!(game.to_json(), before);
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    assert_eq!(
        Game::from_pgn(&game.to_pgn()).unwrap().to_pgn(),
        game.to_pgn()
    );
    // Reorders that nest nothing too deep still work: the deepest line becomes the main one
    // (the moves it displaces have nothing under them), after which 1. d4 may displace 1. e4.
    game.set_new_move_placement(NewMovePlacement::Variation);
    assert_eq!(game.make_main_line(deepest), Ok(true));
    assert!(game.main_line().contains(&deepest));
    assert_eq!(game.make_main_line(d4), Ok(true));
    assert_eq!(game.main_line(), vec![d4]);
}

#[test]
fn the_move_list_in_reading_order_and_the_main_line_rows() {
    let mut game =
        Game::from_pgn("{Start} 1. e4 {Best} e5 (1... c5 $1 2. Nf3 ({Or} 2. c3)) 2. Nf3 Nc6 *")
            .unwrap();
    let items = game.move_list();
    let text: Vec<String> = items
        .iter()
        .map(|item| match *item {
            MoveListItem::Move {
                depth,
                number,
                show_number,
                san,
                nags,
                ..
            } => {
                let label = if show_number {
                    format!("{number} ")
                } else {
                    String::new()
                };
                format!("{depth}:{label}{san}{nags:?}")
            }
            MoveListItem::Comment {
                depth,
                before,
                text,
                ..
            } => format!("{depth}:{}{{{text}}}", if before { "<" } else { "" }),
            MoveListItem::VariationStart { depth } => format!("({depth}"),
            MoveListItem::VariationEnd { depth } => format!("{depth})"),
        })
        .collect();
    assert_eq!(
        text,
        [
            "0:{Start}",
            "0:1. e4[]",
            "0:{Best}",
            "0:1... e5[]",
            "(1",
            "1:1... c5[1]",
            "1:2. Nf3[]",
            "(2",
            "2:<{Or}",
            "2:2. c3[]",
            "2)",
            "1)",
            "0:2. Nf3[]",
            "0:Nc6[]",
        ]
    );
    // Every move item names its node, with the same SAN.
    for item in &items {
        if let MoveListItem::Move { node, san, .. } = *item {
            assert_eq!(game.node(node).unwrap().san(), san);
        }
    }
    let rows = game.main_line_rows();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].number, 2);
    assert_eq!(rows[1].black.unwrap().san, "Nc6");
    assert_eq!(rows[1].black.unwrap().node, game.main_line()[3]);
    // A game from a position with Black to move starts with half a row.
    game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7").unwrap();
    play_all(&mut game, &["Kd7", "e4"]);
    let rows = game.main_line_rows();
    assert_eq!(
        (rows[0].number, rows[0].white, rows[0].black.map(|c| c.san)),
        (7, None, Some("Kd7"))
    );
    assert_eq!(rows[1].white.map(|c| c.san), Some("e4"));
}

#[test]
fn a_new_nag_stands_for_its_whole_group_even_when_a_pgn_gave_several() {
    // `$1 $3` is legal PGN (two move assessments); toggling `$5` leaves only `$5`, in the
    // place of the first, and the position assessment and the novelty mark stay as they were.
    let mut game = Game::from_pgn("1. e4 $1 $14 $3 $146 *").unwrap();
    let e4 = game.current();
    assert_eq!(game.annotations(e4).unwrap().nags, [1, 14, 3, 146]);
    game.toggle_nag(e4, 5).unwrap();
    assert_eq!(game.annotations(e4).unwrap().nags, [5, 14, 146]);
    game.toggle_nag(e4, 20).unwrap();
    assert_eq!(game.annotations(e4).unwrap().nags, [5, 20, 146]);
    game.toggle_nag(e4, 20).unwrap();
    assert_eq!(game.annotations(e4).unwrap().nags, [5, 146]);
    assert!(matches!(
        game.toggle_nag(NodeId::ROOT, 1),
        Err(GameError::NagOnStart(1))
    ));
}

#[test]
fn commands_typed_into_a_comment_stay_on_their_move_through_pgn() {
    let mut game = Game::new();
    play_all(&mut game, &["e4", "e5"]);
    let e4 = NodeId::from_index(1);
    let e5 = NodeId::from_index(2);
    // A clock and a command of its own in the comment before 1...e5 (reading gives commands
    // before a move to the move played before it: they went to 1. e4, the clock with them).
    let mut a = game.annotations(e5).unwrap().clone();
    a.comment_before = Some("see [%clk 2:00:00] [%foo bar] here".into());
    game.set_annotations(e5, a).unwrap();
    let a = game.annotations(e5).unwrap();
    assert_eq!(a.comment_before.as_deref(), Some("see here"));
    assert_eq!(a.clock, Some(std::time::Duration::from_secs(7200)));
    assert_eq!(a.commands.len(), 1);
    assert_eq!(
        (a.commands[0].name.as_str(), a.commands[0].value.as_str()),
        ("foo", "bar")
    );
    // The comment setter reads them out too: arrows typed as a command are the move's arrows.
    game.set_comment(e4, Some("Good [%cal Gg1f3]".into()))
        .unwrap();
    let a = game.annotations(e4).unwrap();
    assert_eq!(a.comment_after.as_deref(), Some("Good"));
    assert_eq!(a.arrows.len(), 1);
    // And PGN gives back exactly what was set, each on its own move.
    let back = Game::from_pgn(&game.to_pgn()).unwrap();
    for id in [NodeId::ROOT, e4, e5] {
        assert_eq!(back.annotations(id), game.annotations(id), "node {id:?}");
    }
}

#[test]
fn a_mark_given_again_in_a_comment_is_not_drawn_twice() {
    // Setting the same text twice (an editor saving twice) or a file giving an arrow twice: one
    // arrow per pair of squares and one mark per square, in the colour given last.
    let mut game = Game::new();
    play_all(&mut game, &["e4"]);
    let e4 = game.current();
    game.set_comment(e4, Some("Idea [%cal Gg1f3] [%csl Re4]".into()))
        .unwrap();
    game.set_comment(e4, Some("Idea [%cal Gg1f3,Rg1f3] [%csl Re4,Ge4]".into()))
        .unwrap();
    let a = game.annotations(e4).unwrap();
    assert_eq!(a.arrows.len(), 1, "{:?}", a.arrows);
    assert_eq!(a.arrows[0].color, MarkColor::Red);
    assert_eq!(a.squares.len(), 1, "{:?}", a.squares);
    assert_eq!(a.squares[0].color, MarkColor::Green);
    let back = Game::from_pgn("1. e4 { [%cal Gg1f3] [%cal Gg1f3,Bd2d4] } *").unwrap();
    assert_eq!(back.annotations(back.current()).unwrap().arrows.len(), 2);
}

#[test]
fn set_annotations_refuses_what_the_toggles_cannot_make() {
    let mut game = Game::new();
    play_all(&mut game, &["e4"]);
    let e4 = game.current();
    let before = game.annotations(e4).unwrap().clone();
    let mut a = before.clone();
    a.nags = vec![2, 16, 4];
    assert_eq!(
        game.set_annotations(e4, a),
        Err(GameError::NagsOfOneGroup(2, 4))
    );
    let mut a = before.clone();
    a.nags = vec![14, 1, 16];
    let err = game.set_annotations(e4, a).unwrap_err();
    assert_eq!(err, GameError::NagsOfOneGroup(14, 16));
    assert!(err.to_string().contains("assess the position"), "{err}");
    let mut a = before.clone();
    a.arrows = vec!["Ge2e4".parse().unwrap(), "Re4e4".parse().unwrap()];
    assert!(matches!(
        game.set_annotations(e4, a),
        Err(GameError::ArrowToItself(_))
    ));
    assert_eq!(
        game.annotations(e4),
        Some(&before),
        "a refused call changes nothing"
    );
    // One of each group, and NAGs outside the groups, are fine.
    let mut a = before;
    a.nags = vec![2, 16, 146, 36];
    game.set_annotations(e4, a).unwrap();
    assert_eq!(game.annotations(e4).unwrap().nags, [2, 16, 146, 36]);
    // What a PGN gave the move is accepted back: read, a comment changed, set again.
    let mut imported = Game::from_pgn("1. e4 $2 $4 {[%cal Ge4e4]} *").unwrap();
    let e4 = imported.current();
    let mut a = imported.annotations(e4).unwrap().clone();
    a.comment_after = Some("edited".into());
    imported.set_annotations(e4, a).unwrap();
    assert_eq!(imported.annotations(e4).unwrap().nags, [2, 4]);
    // But not a new conflict beside them.
    let mut a = imported.annotations(e4).unwrap().clone();
    a.nags.push(6);
    assert!(matches!(
        imported.set_annotations(e4, a),
        Err(GameError::NagsOfOneGroup(..))
    ));
}
