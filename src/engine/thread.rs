//! [`EngineThread`]: an [`Engine`] on its own worker thread, with non-blocking start and stop and
//! callbacks, for front ends (the UCI loop, the FFI layer).

use super::{Engine, EngineConfig, Score, SearchInfo, SearchLimits, SearchResult};
use crate::rules::{Move, Position};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Identifies one search started with [`EngineThread::start`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SearchId(pub u64);

/// Progress callback, run on the worker thread.
pub type InfoCallback = Box<dyn FnMut(&SearchInfo) + Send>;
/// Final-result callback, run once on the worker thread: the search's result, or the panic
/// that ended it.
pub type FinishedCallback = Box<dyn FnOnce(Result<SearchResult, SearchPanic>) + Send>;
/// Work run on the worker thread with its engine, like a search but of any shape (a game review
/// is many searches in a row). It receives the engine and the job's stop flag, which
/// [`EngineThread::stop`], [`EngineThread::stop_search`] and a newer search or job set; a job
/// should check it between its searches and pass it to them.
type EngineJob = Box<dyn FnOnce(&mut Engine, &AtomicBool) + Send>;

/// A search that panicked (a bug in chesscore), caught on the engine thread, which lives on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPanic {
    /// The panic's message.
    pub message: String,
    /// A legal move found without searching ([`SearchResult::fallback`]), for front ends that
    /// must answer with a move all the same (a UCI `bestmove`).
    pub fallback: SearchResult,
}

impl std::fmt::Display for SearchPanic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the search failed (a bug in chesscore): {}",
            self.message
        )
    }
}

impl std::error::Error for SearchPanic {}

/// Engine worker threads running in this process.
static RUNNING_THREADS: AtomicUsize = AtomicUsize::new(0);

/// How many engine worker threads are running in this process: a diagnostic for leak tests.
/// A worker ends on its own shortly after its [`EngineThread`] was dropped, once the search it
/// was running (if any) has stopped and its callbacks have returned.
pub fn running_engine_threads() -> usize {
    RUNNING_THREADS.load(Ordering::SeqCst)
}

/// How often `on_info` is called: every depth up to `always_up_to_depth`, later ones at most
/// every `interval` (the last one held back is delivered before `on_finished`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InfoThrottle {
    /// Depths up to this one are always reported.
    pub always_up_to_depth: u32,
    /// The least time between two reports after that.
    pub interval: Duration,
}

impl InfoThrottle {
    /// For chess GUIs (UCI): every early depth, then at most every 100 ms.
    pub const GUI: InfoThrottle = InfoThrottle {
        always_up_to_depth: 6,
        interval: Duration::from_millis(100),
    };
    /// For apps: the first depth at once, then at most every 100 ms, so that a UI thread
    /// receives a handful of updates per second however fast the early depths come.
    pub const APP: InfoThrottle = InfoThrottle {
        always_up_to_depth: 1,
        interval: Duration::from_millis(100),
    };
}

enum Command {
    Search {
        id: SearchId,
        stop: Arc<AtomicBool>,
        root: Box<Position>,
        history: Vec<u64>,
        limits: Box<SearchLimits>,
        on_info: InfoCallback,
        on_finished: FinishedCallback,
    },
    Job {
        id: SearchId,
        stop: Arc<AtomicBool>,
        job: EngineJob,
    },
    SetConfig(EngineConfig),
    NewGame,
    /// Answered once every command sent before it has been carried out.
    Sync(std::sync::mpsc::Sender<()>),
    Quit,
}

struct Current {
    id: SearchId,
    stop: Arc<AtomicBool>,
}

#[derive(Default)]
struct Shared {
    current: Mutex<Option<Current>>,
    /// Searches started and not yet finished.
    pending: Mutex<u64>,
    idle: Condvar,
    /// The first callback panic not yet taken by [`EngineThread::take_callback_failure`].
    callback_failure: Mutex<Option<String>>,
    /// Test hook: the next search or job panics.
    fail_next_search: AtomicBool,
}

impl Shared {
    fn record_callback_failure(&self, which: &str, payload: &(dyn Any + Send)) {
        let mut failure = self
            .callback_failure
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if failure.is_none() {
            *failure = Some(format!("{which} failed: {}", panic_message(payload)));
        }
    }
}

/// Counts a worker as running from just before its start until it returns (or unwinds).
struct RunningWorker;

impl RunningWorker {
    fn new() -> RunningWorker {
        RUNNING_THREADS.fetch_add(1, Ordering::SeqCst);
        RunningWorker
    }
}

impl Drop for RunningWorker {
    fn drop(&mut self) {
        RUNNING_THREADS.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Shared {
    /// Sets the stop flag of the current search or job: whichever it is (`id` `None`), or only
    /// search or job `id` (a newer one is left running).
    fn stop_current(&self, id: Option<SearchId>) {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = current
            .as_ref()
            .filter(|c| id.map_or(true, |id| c.id == id))
        {
            c.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Bookkeeping after search or job `id` has ended.
    fn finished(&self, id: SearchId) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.as_ref().is_some_and(|c| c.id == id) {
            *current = None;
        }
        drop(current);
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        *pending = pending.saturating_sub(1);
        self.idle.notify_all();
    }
}

/// An [`Engine`] owned by a dedicated worker thread, created once and reused for every search.
///
/// All methods return at once except [`EngineThread::wait`], and so does dropping it: the
/// worker stops the search it is running, finishes it (its `on_finished` still runs) and ends
/// on its own, freeing the engine. Callbacks run on the worker thread; a callback that panics
/// is caught (and kept for [`EngineThread::take_callback_failure`]), and `on_finished` still
/// runs exactly once per search.
pub struct EngineThread {
    sender: Mutex<Sender<Command>>,
    shared: Arc<Shared>,
    next_id: Mutex<u64>,
}

impl EngineThread {
    /// Starts the worker thread with an engine configured by `config`.
    ///
    /// # Errors
    /// When the system refuses a new thread.
    pub fn new(config: EngineConfig) -> std::io::Result<EngineThread> {
        EngineThread::with_info_throttle(config, InfoThrottle::GUI)
    }

    /// Starts the worker thread, reporting progress as often as `throttle` allows.
    ///
    /// # Errors
    /// When the system refuses a new thread.
    pub fn with_info_throttle(
        config: EngineConfig,
        throttle: InfoThrottle,
    ) -> std::io::Result<EngineThread> {
        let (sender, receiver) = channel::<Command>();
        let shared = Arc::new(Shared::default());
        let worker_shared = Arc::clone(&shared);
        // Counted from here, so that the count includes a worker that has not started yet.
        let running = RunningWorker::new();
        // Detached: nothing ever joins the worker, so that no caller (a UI thread closing an
        // engine) waits for a search to stop or for a callback to return.
        std::thread::Builder::new()
            .name("chesscore-engine".into())
            .stack_size(super::SEARCH_STACK_BYTES)
            .spawn(move || {
                let _running = running;
                let mut engine = Engine::new(config);
                while let Ok(command) = receiver.recv() {
                    match command {
                        Command::Search {
                            id,
                            stop,
                            root,
                            history,
                            limits,
                            on_info,
                            on_finished,
                        } => {
                            run_search(
                                &mut engine,
                                &worker_shared,
                                throttle,
                                &root,
                                &history,
                                &limits,
                                &stop,
                                on_info,
                                on_finished,
                            );
                            worker_shared.finished(id);
                        }
                        Command::Job { id, stop, job } => {
                            // The job reports its own result; a panic inside it is its own
                            // business (see `EngineThread::start_job`), the worker goes on.
                            let _ = catch_unwind(AssertUnwindSafe(|| job(&mut engine, &stop)));
                            worker_shared.finished(id);
                        }
                        Command::SetConfig(config) => engine.set_config(config),
                        Command::NewGame => engine.new_game(),
                        Command::Sync(done) => {
                            let _ = done.send(());
                        }
                        Command::Quit => break,
                    }
                }
            })?;
        Ok(EngineThread {
            sender: Mutex::new(sender),
            shared,
            next_id: Mutex::new(0),
        })
    }

    fn send(&self, command: Command) {
        let sender = self.sender.lock().unwrap_or_else(|e| e.into_inner());
        // The worker only exits on Quit (sent by Drop), so sending cannot fail before that.
        let _ = sender.send(command);
    }

    /// Starts a search and returns at once. A search still running is stopped first (its
    /// `on_finished` still runs, with `stopped` set). `history` holds the keys of the game's
    /// positions before `root`, oldest first. The search's time counts from now (see
    /// [`SearchLimits::requested_at`]), also when the worker is still busy with work queued
    /// before it.
    pub fn start(
        &self,
        root: Position,
        history: Vec<u64>,
        mut limits: SearchLimits,
        on_info: InfoCallback,
        on_finished: FinishedCallback,
    ) -> SearchId {
        limits
            .requested_at
            .get_or_insert_with(std::time::Instant::now);
        let (id, stop) = self.register();
        self.send(Command::Search {
            id,
            stop,
            root: Box::new(root),
            history,
            limits: Box::new(limits),
            on_info,
            on_finished,
        });
        id
    }

    /// Starts a job on the worker thread and returns at once: `job` runs with the engine and a
    /// stop flag, and `on_finished` gets what it returns (or, if it panicked, the panic's
    /// message), exactly once, on the worker thread. Jobs and searches share one queue and one
    /// notion of "current": a job supersedes a running search (which is stopped) and is stopped
    /// by a newer search or job, by [`EngineThread::stop`] and by [`EngineThread::stop_search`]
    /// with its id.
    pub fn start_job<R: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Engine, &AtomicBool) -> R + Send + 'static,
        on_finished: impl FnOnce(Result<R, String>) + Send + 'static,
    ) -> SearchId {
        let (id, stop) = self.register();
        let shared = Arc::clone(&self.shared);
        let job: EngineJob = Box::new(move |engine, stop| {
            let fail = shared.fail_next_search.swap(false, Ordering::SeqCst);
            let result = catch_unwind(AssertUnwindSafe(|| {
                if fail {
                    panic!("a failure injected by EngineThread::fail_next_search");
                }
                job(engine, stop)
            }))
            .map_err(|payload| panic_message(payload.as_ref()));
            if let Err(payload) = catch_unwind(AssertUnwindSafe(move || on_finished(result))) {
                shared.record_callback_failure("on_finished", payload.as_ref());
            }
        });
        self.send(Command::Job { id, stop, job });
        id
    }

    /// A new id and stop flag, made the current ones (the previous current search or job is
    /// told to stop), counted as pending.
    fn register(&self) -> (SearchId, Arc<AtomicBool>) {
        let id = {
            let mut next = self.next_id.lock().unwrap_or_else(|e| e.into_inner());
            *next += 1;
            SearchId(*next)
        };
        let stop = Arc::new(AtomicBool::new(false));
        {
            let mut current = self
                .shared
                .current
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if let Some(old) = current.take() {
                old.stop.store(true, Ordering::SeqCst);
            }
            *current = Some(Current {
                id,
                stop: Arc::clone(&stop),
            });
            let mut pending = self
                .shared
                .pending
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            *pending += 1;
        }
        (id, stop)
    }

    /// Stops the current search or job (if any); returns at once. Its result arrives via its
    /// `on_finished`.
    pub fn stop(&self) {
        self.shared.stop_current(None);
    }

    /// Stops search or job `id` if it is still the current one (a newer search is left running).
    pub fn stop_search(&self, id: SearchId) {
        self.stopper(id).stop();
    }

    /// What stops search or job `id` later without keeping this thread: a handle that
    /// outlives the engine must not keep the worker and its table alive (the worker ends once
    /// every `EngineThread` is dropped and the searches started have finished).
    pub fn stopper(&self, id: SearchId) -> SearchStopper {
        SearchStopper {
            shared: Arc::clone(&self.shared),
            id,
        }
    }

    /// `true` while a started search or job has not finished (its `on_finished` not yet
    /// returned).
    pub fn is_searching(&self) -> bool {
        *self
            .shared
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            > 0
    }

    /// Blocks until every started search and job has finished.
    pub fn wait(&self) {
        let mut pending = self
            .shared
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        while *pending > 0 {
            pending = self
                .shared
                .idle
                .wait(pending)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Changes the configuration; applied after the current search (if any).
    pub fn set_config(&self, config: EngineConfig) {
        self.send(Command::SetConfig(config));
    }

    /// Clears the engine's table and history; applied after the current search (if any).
    pub fn new_game(&self) {
        self.send(Command::NewGame);
    }

    /// Blocks until every command sent before this call has been carried out: a configuration
    /// change (a new table of the new hash size, allocated and zeroed) or [`EngineThread::new_game`]'s
    /// cleared table, and any search or job started before it. UCI's `isready` uses it when
    /// no search runs, so that the time a big table takes is not charged to the next search's
    /// clock.
    pub fn sync(&self) {
        let (done, finished) = std::sync::mpsc::channel();
        self.send(Command::Sync(done));
        // An error: the worker is gone (it cannot panic outside a search), nothing to wait for.
        let _ = finished.recv();
    }

    /// The first panic of a callback (`on_info` or `on_finished`) since the last call, as a
    /// message naming the callback, and forgets it. Front ends report it (the FFI layer fails
    /// the next call with it), so that a failing listener is not silently ignored.
    pub fn take_callback_failure(&self) -> Option<String> {
        self.shared
            .callback_failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// Test hook: the next search or job started panics inside the engine, as a bug would, so
    /// that tests can check how a failure reaches the front end.
    #[doc(hidden)]
    pub fn fail_next_search(&self) {
        self.shared.fail_next_search.store(true, Ordering::SeqCst);
    }

    /// Where a job records a panic of a callback it calls itself (a review's progress
    /// listener), for [`EngineThread::take_callback_failure`]. Holds no reference to the thread.
    pub(crate) fn callback_failures(&self) -> CallbackFailures {
        CallbackFailures(Arc::clone(&self.shared))
    }
}

/// Records callback panics for [`EngineThread::take_callback_failure`] (see
/// [`EngineThread::callback_failures`]).
pub(crate) struct CallbackFailures(Arc<Shared>);

impl CallbackFailures {
    /// Keeps the first failure not yet taken: `which` callback panicked with `payload`.
    pub(crate) fn record(&self, which: &str, payload: &(dyn Any + Send)) {
        self.0.record_callback_failure(which, payload);
    }
}

/// Stops one search or job of an [`EngineThread`] ([`EngineThread::stopper`]), without keeping
/// the thread: the worker ends when its `EngineThread` is dropped, stoppers or not.
#[derive(Clone)]
pub struct SearchStopper {
    shared: Arc<Shared>,
    id: SearchId,
}

impl SearchStopper {
    /// Stops the search or job if it is still the current one (a newer one is left running),
    /// as [`EngineThread::stop_search`] does.
    pub fn stop(&self) {
        self.shared.stop_current(Some(self.id));
    }
}

impl Drop for EngineThread {
    /// Stops the current search and tells the worker to end after the searches already
    /// started; returns at once (see [`EngineThread`]).
    fn drop(&mut self) {
        self.stop();
        self.send(Command::Quit);
    }
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[allow(clippy::too_many_arguments)]
fn run_search(
    engine: &mut Engine,
    shared: &Shared,
    throttle: InfoThrottle,
    root: &Position,
    history: &[u64],
    limits: &SearchLimits,
    stop: &AtomicBool,
    mut on_info: InfoCallback,
    on_finished: FinishedCallback,
) {
    let mut last_sent: Option<Instant> = None;
    // The newest iteration not yet delivered (its lines, when MultiPV), and the depth whose
    // first line was delivered: its other lines go out with it.
    let mut held: Vec<SearchInfo> = Vec::new();
    let mut sent_depth: Option<u32> = None;
    let mut info_alive = true;
    let mut deliver = |info: &SearchInfo, alive: &mut bool| {
        if !*alive {
            return;
        }
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| on_info(info))) {
            // A listener that panicked once is not called again during this search.
            *alive = false;
            shared.record_callback_failure("on_info", payload.as_ref());
        }
    };
    let fail = shared.fail_next_search.swap(false, Ordering::SeqCst);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        if fail {
            panic!("a failure injected by EngineThread::fail_next_search");
        }
        engine.search(root, history, limits, stop, &mut |info: &SearchInfo| {
            if info.multipv > 1 {
                if sent_depth == Some(info.depth) {
                    deliver(info, &mut info_alive);
                } else {
                    held.push(info.clone());
                }
                return;
            }
            let due = last_sent.map_or(true, |t| t.elapsed() >= throttle.interval);
            held.clear();
            if info.depth <= throttle.always_up_to_depth || due {
                deliver(info, &mut info_alive);
                last_sent = Some(Instant::now());
                sent_depth = Some(info.depth);
            } else {
                held.push(info.clone());
                sent_depth = None;
            }
        })
    }));
    let result = match outcome {
        Ok(result) => {
            for info in held.drain(..) {
                deliver(&info, &mut info_alive);
            }
            Ok(result)
        }
        Err(payload) => Err(SearchPanic {
            message: panic_message(payload.as_ref()),
            fallback: SearchResult::fallback(root),
        }),
    };
    if let Err(payload) = catch_unwind(AssertUnwindSafe(move || on_finished(result))) {
        shared.record_callback_failure("on_finished", payload.as_ref());
    }
}

impl SearchResult {
    /// A legal move without searching (the first one generated), marked stopped: for when a
    /// search could not run. The move is null only when `root` has none.
    pub fn fallback(root: &Position) -> SearchResult {
        let best = root.legal_moves().first().copied().unwrap_or(Move::NULL);
        SearchResult {
            best_move: best,
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            stopped: true,
            pv: if best.is_null() { vec![] } else { vec![best] },
        }
    }
}
