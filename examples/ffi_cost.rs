//! Rust-side cost of the FFI calls a board UI makes most (no marshalling): run with
//! `cargo run --release --example ffi_cost`. The Kotlin benchmark adds JNA's share.

use chesscore::ffi::{ChessGame, Square};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let game = ChessGame::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into(),
    )
    .expect("valid FEN");
    let squares = [
        Square::E1,
        Square::F3,
        Square::E2,
        Square::D5,
        Square::A1,
        Square::G2,
    ];
    let n = 100_000;
    let t = Instant::now();
    let mut sink = 0;
    for i in 0..n {
        sink += black_box(&game).legal_moves_from(squares[i % 6]).len();
    }
    println!(
        "legal_moves_from: {:.2} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
    // Black's pieces while White is to move: what a premove asks (every reply of White's, then
    // the piece's moves).
    let black = [
        Square::E8,
        Square::E7,
        Square::G7,
        Square::F6,
        Square::B6,
        Square::A8,
    ];
    let t = Instant::now();
    for i in 0..n {
        sink += black_box(&game).premove_destinations(black[i % 6]).len();
    }
    println!(
        "premove_destinations: {:.2} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
    let n = 20_000;
    let t = Instant::now();
    for _ in 0..n {
        sink += black_box(&game).snapshot().legal_moves.len();
    }
    println!(
        "snapshot: {:.2} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
    println!("({sink})");
}
