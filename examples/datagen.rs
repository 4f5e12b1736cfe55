//! Tuning data generator (tooling only, not part of the library): plays fast self-play games
//! of the engine from the match openings plus a few random plies and prints quiet positions
//! (side to move not in check, the move the engine chose is not a capture or promotion) as
//! `FEN;result` lines, `result` = 1 / 0.5 / 0 from White's point of view.
//!
//! `cargo run --release --features tuning --example datagen -- <games> <seed> <nodes> <openings.epd>`

use chesscore::engine::{Engine, EngineConfig, Score, SearchLimits};
use chesscore::notation::fen;
use chesscore::rules::{Side, SplitMix64};
use std::io::Write;
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args[1].parse().unwrap();
    let mut rng = SplitMix64::new(args[2].parse().unwrap());
    let nodes: u64 = args[3].parse().unwrap();
    let openings: Vec<String> = std::fs::read_to_string(&args[4])
        .unwrap()
        .lines()
        .map(|l| {
            l.split(" id ")
                .next()
                .unwrap()
                .trim_end_matches(';')
                .to_string()
        })
        .filter(|l| !l.is_empty())
        .collect();
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 8,
        ..EngineConfig::default()
    });
    let out = std::io::stdout();
    let mut out = out.lock();
    for _ in 0..games {
        let open = &openings[rng.below(openings.len() as u64) as usize];
        let mut pos = match fen::parse(open) {
            Ok(p) => p,
            Err(_) => continue,
        };
        let random_plies = 2 + rng.below(7);
        let mut ok = true;
        for _ in 0..random_plies {
            let list = pos.legal_moves();
            if list.is_empty() {
                ok = false;
                break;
            }
            let m = list.as_slice()[rng.below(list.len() as u64) as usize];
            pos.make_move(m);
        }
        if !ok || !pos.has_legal_moves() {
            continue;
        }
        engine.new_game();
        let mut keys: Vec<u64> = Vec::new();
        let mut fens: Vec<String> = Vec::new();
        let mut result = 0.5f32;
        let mut decisive_run = 0;
        let mut drawish_run = 0;
        for ply in 0..400 {
            if !pos.has_legal_moves() {
                if pos.is_check() {
                    result = if pos.side_to_move() == Side::White {
                        0.0
                    } else {
                        1.0
                    };
                }
                break;
            }
            if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() {
                break;
            }
            let key = pos.key();
            if keys
                .iter()
                .rev()
                .take(pos.halfmove_clock() as usize)
                .filter(|&&k| k == key)
                .count()
                >= 2
            {
                break;
            }
            let r = engine.search(&pos, &keys, &SearchLimits::nodes(nodes), &stop, &mut |_| {});
            let white_cp = {
                let s = match r.score {
                    Score::Centipawns(c) => c,
                    Score::Mate(m) => {
                        if m > 0 {
                            30_000
                        } else {
                            -30_000
                        }
                    }
                };
                if pos.side_to_move() == Side::White {
                    s
                } else {
                    -s
                }
            };
            if white_cp.abs() >= 1000 {
                decisive_run += 1;
            } else {
                decisive_run = 0;
            }
            if decisive_run >= 6 {
                result = if white_cp > 0 { 1.0 } else { 0.0 };
                break;
            }
            if ply >= 80 && white_cp.abs() <= 8 {
                drawish_run += 1;
            } else {
                drawish_run = 0;
            }
            if drawish_run >= 12 {
                break;
            }
            let m = r.best_move;
            let quiet = pos.captured_piece(m).is_none() && !m.is_promotion();
            if quiet && !pos.is_check() && white_cp.abs() < 2500 {
                fens.push(fen::to_fen(&pos));
            }
            keys.push(key);
            pos.make_move(m);
        }
        for f in &fens {
            writeln!(out, "{f};{result}").unwrap();
        }
        out.flush().unwrap();
    }
}
