//! Closing an engine never makes the caller wait for its thread, and that thread still ends on
//! its own (its own test binary: it counts the process's engine threads).

use chesscore::engine::running_engine_threads;
use chesscore::ffi::{
    ChessEngine, ChessGame, EngineConfig, SearchInfo, SearchLimits, SearchListener, SearchResult,
};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A listener whose `on_finished` blocks until the test lets it go, as a listener that waits
/// for a busy UI thread would.
struct Blocking {
    entered: Mutex<Sender<()>>,
    release: Mutex<Receiver<()>>,
    finished: Mutex<Sender<SearchResult>>,
}

impl SearchListener for Blocking {
    fn on_info(&self, _: SearchInfo) {}
    fn on_finished(&self, result: SearchResult) {
        self.entered.lock().unwrap().send(()).unwrap();
        let _ = self.release.lock().unwrap().recv();
        self.finished.lock().unwrap().send(result).unwrap();
    }
}

fn config() -> EngineConfig {
    EngineConfig {
        level: 10,
        elo: None,
        hash_mb: 1,
        seed: 0,
        variety: false,
        threads: 1,
    }
}

fn wait_until(what: &str, timeout: Duration, condition: impl Fn() -> bool) {
    let deadline = Instant::now() + timeout;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn closing_an_engine_returns_at_once_and_its_thread_ends_on_its_own() {
    assert_eq!(running_engine_threads(), 0);
    let engine = ChessEngine::new(config()).unwrap();
    assert_eq!(running_engine_threads(), 1);
    let (entered_tx, entered) = channel();
    let (release, release_rx) = channel();
    let (finished_tx, finished) = channel();
    let listener = Arc::new(Blocking {
        entered: Mutex::new(entered_tx),
        release: Mutex::new(release_rx),
        finished: Mutex::new(finished_tx),
    });
    let infinite = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    let handle = engine.think(ChessGame::new(), infinite, listener).unwrap();
    thread::sleep(Duration::from_millis(50));
    handle.stop();
    // The engine thread is now inside on_finished, which will not return until released.
    entered.recv_timeout(Duration::from_secs(5)).unwrap();

    // Closing (dropping the last references) on another thread: with a join it would hang.
    let (closed_tx, closed) = channel();
    thread::spawn(move || {
        let start = Instant::now();
        drop(handle);
        drop(engine);
        closed_tx.send(start.elapsed()).unwrap();
    });
    let took = closed
        .recv_timeout(Duration::from_secs(5))
        .expect("closing the engine waited for its thread");
    // Waiting for the thread would take until the callback is released (never, here).
    assert!(took < Duration::from_millis(500), "close took {took:?}");
    assert_eq!(
        running_engine_threads(),
        1,
        "the thread is still in on_finished"
    );

    // Released, the callback completes (the result was delivered) and the thread ends.
    release.send(()).unwrap();
    let result = finished.recv_timeout(Duration::from_secs(5)).unwrap();
    assert!(result.stopped);
    wait_until("the engine thread ended", Duration::from_secs(5), || {
        running_engine_threads() == 0
    });

    // An idle engine's thread ends too, after a close that returns at once.
    let engine = ChessEngine::new(config()).unwrap();
    assert_eq!(running_engine_threads(), 1);
    drop(engine);
    wait_until(
        "the idle engine's thread ended",
        Duration::from_secs(5),
        || running_engine_threads() == 0,
    );

    // A handle kept after its engine was closed keeps neither the thread nor its table (it
    // kept both until the handle itself was freed: in Kotlin, whenever the cleaner ran).
    let engine = ChessEngine::new(config()).unwrap();
    let (done_tx, done) = channel();
    let handle = engine
        .think(
            ChessGame::new(),
            SearchLimits {
                depth: Some(4),
                ..SearchLimits::default()
            },
            Arc::new(Recording(Mutex::new(done_tx))),
        )
        .unwrap();
    done.recv_timeout(Duration::from_secs(10)).unwrap();
    drop(engine);
    wait_until(
        "the closed engine's thread ended, its handle still held",
        Duration::from_secs(5),
        || running_engine_threads() == 0,
    );
    assert!(handle.is_finished());
    handle.stop();
}

/// A listener that sends its result.
struct Recording(Mutex<Sender<SearchResult>>);

impl SearchListener for Recording {
    fn on_info(&self, _: SearchInfo) {}
    fn on_finished(&self, result: SearchResult) {
        self.0.lock().unwrap().send(result).unwrap();
    }
}
