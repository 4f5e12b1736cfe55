//! What opening names cost at run time: building the position index on first use, and a lookup
//! afterwards. Run with `cargo run --release --example opening_cost` (each run is a fresh
//! process, so the first figure is a real first use).

use chesscore::notation::san;
use chesscore::opening;
use chesscore::rules::Position;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The system allocator, counting the bytes in use (to measure the index's heap).
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    let before = IN_USE.load(Ordering::Relaxed);
    let t = Instant::now();
    let named = opening::preload();
    let first = t.elapsed();
    let heap = IN_USE.load(Ordering::Relaxed) - before;
    println!(
        "first use (index of {named} positions): {:.2} ms, {} kB of heap kept",
        first.as_secs_f64() * 1e3,
        heap / 1000
    );

    // A 60-ply game that leaves the book after 10 plies: the walk back visits 50 positions.
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    let line = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6";
    let shuffle = ["Be2", "Nbd7", "Bf3", "Nb8", "Be2", "Nbd7", "Bf1", "Nb8"];
    for text in line
        .split(' ')
        .chain(shuffle.iter().copied().cycle().take(50))
    {
        let m = san::parse_san(&pos, text).expect("legal");
        pos.make_move(m);
        moves.push(m);
    }
    let n = 2_000;
    let t = Instant::now();
    for _ in 0..n {
        black_box(opening::of_line(&Position::startpos(), black_box(&moves)).ok());
    }
    println!(
        "of_line, 60 plies, walking back 50: {:.1} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
    let n = 200_000;
    let t = Instant::now();
    for _ in 0..n {
        black_box(opening::of_position(black_box(&pos)));
    }
    println!(
        "of_position, not named: {:.3} us",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
}
