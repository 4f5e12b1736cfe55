//! Texel-style tuner for the evaluation weights (tooling only, not part of the library):
//! `cargo run --release --features tuning --example tune -- <command> ...`.
//!
//! `tune dump-hand <out.rs>`: writes the hand-set starting weights as `eval_weights.rs`.
//! `tune fit <data> <out.rs> [iterations] [result weight]`: loads `FEN;result;sf_cp` lines
//! (result 1 / 0.5 / 0 and Stockfish's score, both from White's point of view), labels each
//! position `λ·result + (1-λ)·expected score of sf_cp`, fits the sigmoid constant K for the
//! current weights, then minimises the mean squared error of `sigmoid(K·eval)` over all
//! weights with full-batch Adam on the linear decomposition of the tapered evaluation
//! (`chesscore::engine::trace`), and writes the rounded weights to `out.rs`. With `TUNE_FROM=i`
//! in the environment only the weights from index `i` on are fitted and the others stay as they
//! are: a new term appended to the layout can be fitted alone (its name is printed).

use chesscore::engine::{hand_weights, trace, weights, PARAM_COUNT, PARAM_LAYOUT};
use chesscore::notation::fen;
use chesscore::rules::Side;
use std::fmt::Write as _;

const TEMPO: f64 = 12.0;

struct Entry {
    coefs: Vec<(u16, i16)>,
    /// Middle-game and endgame share of one unit of weight.
    mg: f64,
    eg: f64,
    /// Fixed part (tempo), White-positive.
    fixed: f64,
    label: f64,
}

fn sigmoid(v: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * v / 400.0))
}

fn eval(e: &Entry, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &e.coefs {
        let i = i as usize;
        mg += w[2 * i] * c as f64;
        eg += w[2 * i + 1] * c as f64;
    }
    mg * e.mg + eg * e.eg + e.fixed
}

fn mse(data: &[Entry], w: &[f64], k: f64) -> f64 {
    data.iter()
        .map(|e| {
            let d = sigmoid(eval(e, w), k) - e.label;
            d * d
        })
        .sum::<f64>()
        / data.len() as f64
}

fn write_weights(path: &str, w: &[(i32, i32)], header: &str) {
    let mut s = String::new();
    writeln!(
        s,
        "// Evaluation weights, written by `examples/tune.rs`; layout: `PARAM_LAYOUT`."
    )
    .unwrap();
    for l in header.lines() {
        writeln!(s, "// {l}").unwrap();
    }
    writeln!(s, "#[rustfmt::skip]").unwrap();
    writeln!(s, "const WEIGHTS: [S; PARAM_COUNT] = [").unwrap();
    for &(name, off, len) in PARAM_LAYOUT {
        writeln!(s, "    // {name}").unwrap();
        let per_line = if name.starts_with("pst") { 8 } else { 6 };
        for chunk in w[off..off + len].chunks(per_line) {
            let items: Vec<String> = chunk.iter().map(|(a, b)| format!("S({a}, {b})")).collect();
            writeln!(s, "    {},", items.join(", ")).unwrap();
        }
    }
    writeln!(s, "];").unwrap();
    std::fs::write(path, s).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "dump-hand" {
        write_weights(&args[2], &hand_weights(), "Hand-set starting values.");
        return;
    }
    let data_path = &args[2];
    let out = &args[3];
    let iterations: usize = args.get(4).map_or(3000, |s| s.parse().unwrap());
    let lambda: f64 = args.get(5).map_or(0.5, |s| s.parse().unwrap());
    // L2 pull towards the starting weights: keeps rarely used weights (far piece-square
    // corners, long mobility counts) from running away on a handful of positions.
    let reg: f64 = args.get(6).map_or(1e-9, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(data_path).unwrap();
    let mut data = Vec::new();
    let mut mismatches = 0usize;
    let start: Vec<f64> = weights()
        .iter()
        .flat_map(|&(a, b)| [a as f64, b as f64])
        .collect();
    for line in text.lines() {
        let parts: Vec<&str> = line.split(';').collect();
        if parts.len() < 3 {
            continue;
        }
        let Ok(pos) = fen::parse(parts[0]) else {
            continue;
        };
        let result: f64 = parts[1].parse().unwrap();
        let sf: f64 = parts[2].parse().unwrap();
        let tr = trace(&pos);
        if tr.scale == 0 || tr.mop_up != 0 {
            continue;
        }
        let sf_p = 1.0 / (1.0 + 10f64.powf(-sf / 250.0));
        let stm = if pos.side_to_move() == Side::White {
            1.0
        } else {
            -1.0
        };
        let e = Entry {
            coefs: tr.coefs,
            mg: tr.phase as f64 / 24.0,
            eg: (24 - tr.phase) as f64 / 24.0 * tr.scale as f64 / 64.0,
            fixed: TEMPO * stm,
            label: lambda * result + (1.0 - lambda) * sf_p,
        };
        if (eval(&e, &start) - tr.white_eval as f64).abs() > 3.0 {
            mismatches += 1;
        }
        data.push(e);
    }
    eprintln!("{} positions, {} trace mismatches", data.len(), mismatches);
    // Hold out every 20th block of 1,000 positions for validation. The data comes game by game,
    // so whole blocks keep most held-out games out of training (every 20th position would put
    // the neighbours of each held-out position, from the same game, in the training set).
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (i, e) in data.into_iter().enumerate() {
        if (i / 1000) % 20 == 0 {
            valid.push(e)
        } else {
            train.push(e)
        }
    }

    // Fit K on the starting weights (golden-section search).
    let (mut lo, mut hi) = (0.2f64, 3.0f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if mse(&train, &start, a) < mse(&train, &start, b) {
            hi = b
        } else {
            lo = a
        }
    }
    let k = (lo + hi) / 2.0;
    let before_t = mse(&train, &start, k);
    let before_v = mse(&valid, &start, k);
    eprintln!("K = {k:.4}; MSE train {before_t:.6}, validation {before_v:.6}");

    let n = 2 * PARAM_COUNT;
    // `TUNE_FROM=i`: fit only the weights from index `i` on (new terms), the others fixed.
    let from = std::env::var("TUNE_FROM").map_or(0, |s| s.parse::<usize>().unwrap()) * 2;
    for (name, off, len) in PARAM_LAYOUT {
        if 2 * off >= from {
            eprintln!("fitting {name} ({off}, {len})");
        }
    }
    let mut w = start.clone();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr, eps) = (0.9f64, 0.999f64, 1.0f64, 1e-8);
    let ln10 = std::f64::consts::LN_10;
    let threads = 2;
    for it in 1..=iterations {
        let chunk = train.len().div_ceil(threads);
        let grads: Vec<Vec<f64>> = std::thread::scope(|sc| {
            let hs: Vec<_> = train
                .chunks(chunk)
                .map(|part| {
                    let w = &w;
                    sc.spawn(move || {
                        let mut g = vec![0.0; n];
                        for e in part {
                            let p = sigmoid(eval(e, w), k);
                            let d = 2.0 * (p - e.label) * p * (1.0 - p) * ln10 * k / 400.0;
                            for &(i, c) in &e.coefs {
                                let i = i as usize;
                                g[2 * i] += d * c as f64 * e.mg;
                                g[2 * i + 1] += d * c as f64 * e.eg;
                            }
                        }
                        g
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let scale = 1.0 / train.len() as f64;
        for j in from..n {
            let g =
                grads.iter().map(|gv| gv[j]).sum::<f64>() * scale + 2.0 * reg * (w[j] - start[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(it as i32));
            let vh = v[j] / (1.0 - b2.powi(it as i32));
            w[j] -= lr * mh / (vh.sqrt() + eps);
        }
        if it % 250 == 0 || it == iterations {
            eprintln!(
                "iter {it}: MSE train {:.6}, validation {:.6}",
                mse(&train, &w, k),
                mse(&valid, &w, k)
            );
        }
    }
    let rounded: Vec<(i32, i32)> = (0..PARAM_COUNT)
        .map(|i| (w[2 * i].round() as i32, w[2 * i + 1].round() as i32))
        .collect();
    let wr: Vec<f64> = rounded
        .iter()
        .flat_map(|&(a, b)| [a as f64, b as f64])
        .collect();
    let after_t = mse(&train, &wr, k);
    let after_v = mse(&valid, &wr, k);
    eprintln!("rounded: MSE train {after_t:.6}, validation {after_v:.6}");
    let header = format!(
        "Tuned on {} positions (+{} held out), K = {k:.4}, label = {lambda}·result + {}·Stockfish,\n\
         L2 towards the previous weights {reg:e}.\n\
         MSE train {before_t:.6} -> {after_t:.6}, validation {before_v:.6} -> {after_v:.6}.",
        train.len(),
        valid.len(),
        1.0 - lambda
    );
    write_weights(out, &rounded, &header);
}
