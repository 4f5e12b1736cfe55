//! Properties of game trees built by random sequences of operations (playing, navigating,
//! annotating, promoting, deleting, ending), with shrinking: the position always matches the
//! moves to the current node; PGN export and import keep the tree and every annotation; JSON
//! keeps the whole game.

use chesscore::game::{Game, NodeId};
use chesscore::notation::pgn::{
    Annotations, Arrow, Command, EvalScore, Evaluation, MarkColor, SquareMark,
};
use chesscore::rules::{Side, Square};
use proptest::prelude::*;
use std::time::Duration;

#[derive(Debug, Clone)]
enum Op {
    Play(u32),
    Back,
    Goto(u32),
    CommentAfter(u32),
    CommentBefore(u32),
    Nag(u8),
    Marks(u32),
    Promote(u32),
    MakeMain(u32),
    Delete(u32),
    End(u32),
}

fn op(endings: bool) -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => any::<u32>().prop_map(Op::Play),
        2 => Just(Op::Back),
        2 => any::<u32>().prop_map(Op::Goto),
        1 => any::<u32>().prop_map(Op::CommentAfter),
        1 => any::<u32>().prop_map(Op::CommentBefore),
        1 => any::<u8>().prop_map(Op::Nag),
        1 => any::<u32>().prop_map(Op::Marks),
        1 => any::<u32>().prop_map(Op::Promote),
        1 => any::<u32>().prop_map(Op::MakeMain),
        1 => any::<u32>().prop_map(Op::Delete),
        1 => any::<u32>().prop_map(move |seed| if endings { Op::End(seed) } else { Op::Back }),
    ]
}

const WORDS: [&str; 8] = ["good", "bad", "Or", "é", "♞ strong", "1-0?", "(see)", "x;y"];

fn text(seed: u32) -> String {
    (0..1 + seed % 3)
        .map(|i| WORDS[(seed / 3 + i) as usize % WORDS.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every live node, the root first, depth first.
fn nodes(game: &Game) -> Vec<NodeId> {
    let mut all = Vec::new();
    let mut stack = vec![NodeId::ROOT];
    while let Some(id) = stack.pop() {
        all.push(id);
        stack.extend(game.node(id).unwrap().children().iter().rev());
    }
    all
}

fn pick(game: &Game, seed: u32) -> NodeId {
    let all = nodes(game);
    all[seed as usize % all.len()]
}

fn square(seed: u32) -> Square {
    Square::new(seed % 64).unwrap()
}

fn color(seed: u32) -> MarkColor {
    [
        MarkColor::Red,
        MarkColor::Green,
        MarkColor::Blue,
        MarkColor::Yellow,
    ][seed as usize % 4]
}

fn apply(game: &mut Game, op: &Op) {
    match *op {
        Op::Play(seed) => {
            let moves = game.legal_moves();
            if !moves.is_empty() {
                // An error (a variation nested too deep) leaves the game unchanged.
                let _ = game.play(moves[seed as usize % moves.len()]);
            }
        }
        Op::Back => {
            game.back();
        }
        Op::Goto(seed) => game.goto(pick(game, seed)).unwrap(),
        Op::CommentAfter(seed) => {
            let node = pick(game, seed);
            let comment = (seed % 5 != 0).then(|| text(seed));
            game.set_comment(node, comment).unwrap();
        }
        Op::CommentBefore(seed) => {
            let node = pick(game, seed);
            if node != NodeId::ROOT {
                game.annotations_mut(node).unwrap().comment_before = Some(text(seed));
            }
        }
        Op::Nag(nag) => {
            let current = game.current();
            if current != NodeId::ROOT {
                game.annotations_mut(current).unwrap().nags.push(nag);
            }
        }
        Op::Marks(seed) => {
            let current = game.current();
            let a = game.annotations_mut(current).unwrap();
            match seed % 6 {
                0 => a.clock = Some(Duration::from_millis(u64::from(seed) * 7)),
                1 => {
                    a.eval = Some(Evaluation {
                        score: if seed % 4 == 1 {
                            EvalScore::Mate(seed as i32 % 40 - 20)
                        } else {
                            EvalScore::Centipawns(seed as i32)
                        },
                        depth: (seed % 3 == 0).then_some(seed % 50),
                    })
                }
                2 => a.squares.push(SquareMark {
                    color: color(seed),
                    square: square(seed / 7),
                }),
                3 => a.arrows.push(Arrow {
                    color: color(seed / 5),
                    from: square(seed),
                    to: square(seed / 64),
                }),
                4 => a.commands.push(Command {
                    name: ["emt", "mdl", "timestamp"][seed as usize % 3].to_string(),
                    value: if seed % 2 == 0 {
                        String::new()
                    } else {
                        text(seed)
                    },
                }),
                _ => *a = Annotations::default(),
            }
        }
        Op::Promote(seed) => {
            game.promote_variation(pick(game, seed)).unwrap();
        }
        Op::MakeMain(seed) => {
            game.make_main_line(pick(game, seed)).unwrap();
        }
        Op::Delete(seed) => {
            let node = pick(game, seed);
            if node != NodeId::ROOT {
                game.delete_from(node).unwrap();
            }
        }
        Op::End(seed) => {
            let _ = match seed % 3 {
                0 => game.resign(Side::White),
                1 => game.agree_draw(),
                _ => game.claim_draw().or_else(|_| game.resign(Side::Black)),
            };
        }
    }
}

fn build(ops: &[Op]) -> Game {
    let mut game = Game::new();
    for op in ops {
        apply(&mut game, op);
    }
    game
}

/// The position and history at the current node are those the moves to it give.
fn check_position(game: &Game) {
    let mut replay = Game::from_position(game.start_position().clone());
    for m in game.moves() {
        replay.play(m).unwrap();
    }
    assert_eq!(replay.position(), game.position());
    assert_eq!(replay.history_keys(), game.history_keys());
    assert_eq!(replay.repetition_count(), game.repetition_count());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pgn_keeps_the_tree_and_its_annotations(ops in prop::collection::vec(op(false), 0..120)) {
        let game = build(&ops);
        check_position(&game);
        let text = game.to_pgn();
        for line in text.lines() {
            prop_assert!(line.chars().count() < 80 || !line.contains(' '), "{}", line);
        }
        let back = Game::from_pgn(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.to_pgn_game(), game.to_pgn_game(), "{}", text);
        prop_assert_eq!(back.to_pgn(), text);
    }

    #[test]
    fn json_keeps_the_whole_game(ops in prop::collection::vec(op(true), 0..120)) {
        let game = build(&ops);
        check_position(&game);
        let back = Game::from_json(&game.to_json()).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.status(), game.status());
        prop_assert_eq!(back.redo_moves(), game.redo_moves());
        prop_assert_eq!(back.move_list(), game.move_list().iter().map(|item| renumber(item, &game, &back)).collect::<Vec<_>>());
    }
}

/// `item` of `from`'s move list with its node named as in `to` (which numbers nodes afresh):
/// the node at the same place in the depth-first order.
fn renumber<'a>(
    item: &chesscore::game::MoveListItem<'a>,
    from: &Game,
    to: &Game,
) -> chesscore::game::MoveListItem<'a> {
    use chesscore::game::MoveListItem::*;
    let map = |id: NodeId| {
        let i = nodes(from).iter().position(|&n| n == id).unwrap();
        nodes(to)[i]
    };
    match *item {
        Move {
            node,
            depth,
            number,
            show_number,
            san,
            nags,
        } => Move {
            node: map(node),
            depth,
            number,
            show_number,
            san,
            nags,
        },
        Comment {
            node,
            depth,
            before,
            text,
        } => Comment {
            node: map(node),
            depth,
            before,
            text,
        },
        other => other,
    }
}
