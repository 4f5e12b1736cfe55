//! The transposition table: a fixed-size hash table of search results keyed by Zobrist key.
//!
//! Mate scores are stored relative to the node that stores them ("mate in 3 from here"), not to
//! the root, so that an entry found at another ply of the tree still gives the right distance.
//!
//! The table is shared by the threads of one search (Lazy SMP) without locks: an entry is two
//! atomic words, the data and the key XOR the data, read and written with relaxed ordering.
//! Two threads storing the same entry at once can leave the words of different stores; the
//! XOR then no longer gives the key, and the probe sees no entry (the "lockless hashing" of
//! Hyatt and Mann). A probe therefore only returns data stored, whole, for its key.

use super::score::{MATE_BOUND, MAX_PLY};
use crate::rules::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score tells about the true score of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The search failed low: the true score is at most the stored score.
    Upper,
    /// The search failed high: the true score is at least the stored score.
    Lower,
    /// The stored score is exact.
    Exact,
}

impl Bound {
    const fn to_bits(self) -> u8 {
        match self {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        }
    }

    const fn from_bits(bits: u8) -> Option<Bound> {
        match bits & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

/// One stored search result, as [`TranspositionTable::probe`] returns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TtHit {
    /// The best move found (may be [`Move::NULL`]); check it is legal before playing it.
    pub(crate) best_move: Move,
    /// The score, already converted back to be relative to the probing ply.
    pub(crate) score: i32,
    /// The static evaluation of the position.
    pub(crate) eval: i32,
    /// The remaining depth the score was searched to.
    pub(crate) depth: i32,
    /// How the score bounds the true score.
    pub(crate) bound: Bound,
}

/// 16 bytes: the key XOR the data, and the data; the full key, so that different positions
/// never share an entry by accident. All zero is the empty entry (its bound bits are 0).
#[derive(Debug, Default)]
struct Entry {
    key_xor_data: AtomicU64,
    /// [`Data::pack`]ed.
    data: AtomicU64,
}

/// An entry's data, packed into 64 bits: best move 16, score 16, eval 16, depth 8,
/// bound and generation 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Data {
    best_move: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Low 2 bits: bound; high 6 bits: generation (search number) of the store.
    bound_generation: u8,
}

impl Data {
    #[inline]
    const fn pack(self) -> u64 {
        self.best_move as u64
            | (self.score as u16 as u64) << 16
            | (self.eval as u16 as u64) << 32
            | (self.depth as u64) << 48
            | (self.bound_generation as u64) << 56
    }

    #[inline]
    const fn unpack(bits: u64) -> Data {
        Data {
            best_move: bits as u16,
            score: (bits >> 16) as u16 as i16,
            eval: (bits >> 32) as u16 as i16,
            depth: (bits >> 48) as u8,
            bound_generation: (bits >> 56) as u8,
        }
    }
}

impl Entry {
    /// The entry's data when it holds `key` (whole: both words from the same store).
    #[inline]
    fn load(&self, key: u64) -> Option<Data> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.key_xor_data.load(Ordering::Relaxed);
        (check ^ data == key).then(|| Data::unpack(data))
    }

    /// The entry's key and data as stored (possibly the words of two different stores).
    #[inline]
    fn load_any(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.key_xor_data.load(Ordering::Relaxed);
        (check ^ data, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, data: Data) {
        let bits = data.pack();
        self.key_xor_data.store(key ^ bits, Ordering::Relaxed);
        self.data.store(bits, Ordering::Relaxed);
    }
}

const GENERATION_STEP: u8 = 4;
const BOUND_MASK: u8 = 3;

/// A transposition table of a given size in megabytes, owned by one engine and shared (by
/// reference) by the threads of its searches.
pub(crate) struct TranspositionTable {
    entries: Storage,
    generation: u8,
}

/// Tables of at least this size are aligned to it, the size of a huge page on x86-64 and
/// ARM64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// The table's memory: zeroed entries, aligned to [`HUGE_PAGE`] when that large, so that Linux
/// and Android can back it with huge pages. A probe lands on a random entry; with 4 KB pages
/// nearly every probe of a 16 MB table also missed the TLB (the prefetch and the probe were a
/// third of the search's own time).
struct Storage {
    ptr: std::ptr::NonNull<Entry>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: `Storage` owns its allocation exclusively (like a `Vec<Entry>`), and `Entry` (two
// atomics) is `Send`.
unsafe impl Send for Storage {}
// SAFETY: shared access goes through `&[Entry]` only, and `Entry` (two atomics) is `Sync`: every
// write through a shared reference is an atomic store.
unsafe impl Sync for Storage {}

impl Storage {
    /// `len` zeroed entries (zero is the empty entry), or `None` when the memory cannot be had.
    fn new(len: usize) -> Option<Storage> {
        let bytes = len.checked_mul(std::mem::size_of::<Entry>())?;
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Entry>()
        };
        let layout = std::alloc::Layout::from_size_align(bytes.max(1), align).ok()?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { std::alloc::alloc(layout) } as *mut Entry;
        let ptr = std::ptr::NonNull::new(raw)?;
        if bytes >= HUGE_PAGE {
            advise_huge_pages(raw as *mut u8, bytes);
        }
        // Zeroed after the advice, so that the first touch of each page gets a huge one.
        // SAFETY: `raw` points to `len` entries' worth of memory just allocated, and the
        // all-zero bit pattern is a valid (empty) `Entry` (two `AtomicU64` of 0).
        unsafe { std::ptr::write_bytes(raw, 0, len) };
        Some(Storage { ptr, len, layout })
    }
}

impl std::ops::Deref for Storage {
    type Target = [Entry];
    fn deref(&self) -> &[Entry] {
        // SAFETY: `ptr` holds `len` initialised entries for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        // SAFETY: allocated in `Storage::new` with exactly this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

/// Asks Linux (and Android) to back `[ptr, ptr + len)` with transparent huge pages. Only a
/// hint: where huge pages are off, or on other systems, nothing changes.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    // SAFETY: the range is one allocation of ours, aligned to a page; the call only changes
    // how the kernel backs it (its result is ignored: failure means ordinary pages).
    unsafe {
        madvise(ptr as *mut std::ffi::c_void, len, MADV_HUGEPAGE);
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn advise_huge_pages(_ptr: *mut u8, _len: usize) {}

/// Converts a score relative to the root into one relative to the node at `ply`, for storing.
#[inline]
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a stored node-relative score back into one relative to the root, at `ply`.
#[inline]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one entry). When the memory cannot be had
    /// (a phone short of memory), the size is halved until it can, rather than aborting.
    pub(crate) fn new(megabytes: u32) -> TranspositionTable {
        let bytes = (megabytes.max(1) as usize) << 20;
        let mut count = (bytes / std::mem::size_of::<Entry>()).max(1);
        let entries = loop {
            match Storage::new(count) {
                Some(s) => break s,
                // A single entry that cannot be had is an out-of-memory the process could not
                // survive anyway.
                None if count == 1 => {
                    std::alloc::handle_alloc_error(std::alloc::Layout::new::<Entry>())
                }
                None => count /= 2,
            }
        };
        TranspositionTable {
            entries,
            generation: 0,
        }
    }

    /// The number of entries (fewer than asked for when memory was short).
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The size in megabytes the table was made with.
    #[cfg(test)]
    pub(crate) fn megabytes(&self) -> u32 {
        ((self.entries.len() * std::mem::size_of::<Entry>()) >> 20) as u32
    }

    /// Forgets everything (for a new game).
    pub(crate) fn clear(&mut self) {
        for e in self.entries.iter() {
            e.save(0, Data::unpack(0));
        }
        self.generation = 0;
    }

    /// Marks the start of a new search, so that older entries are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(GENERATION_STEP);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// Asks the CPU to start loading the entry for `key` into the cache (a hint: no effect on
    /// results). Called right after a move is made, so that the child's probe finds it there.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        let entry = &self.entries[self.index(key)] as *const Entry;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and `entry` points into the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(entry as *const i8);
        }
        #[cfg(target_arch = "aarch64")]
        // SAFETY: as above; `prfm` only hints the memory system.
        unsafe {
            std::arch::asm!(
                "prfm pldl1keep, [{0}]",
                in(reg) entry,
                options(nostack, readonly, preserves_flags)
            );
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        let _ = entry;
    }

    /// The entry for `key`, if stored, with its score made relative to `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let e = self.entries[self.index(key)].load(key)?;
        let bound = Bound::from_bits(e.bound_generation)?;
        Some(TtHit {
            best_move: Move::from_bits(e.best_move),
            score: score_from_tt(e.score as i32, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound,
        })
    }

    /// Stores a search result for `key` found at `ply` (the score is relative to the root).
    ///
    /// An entry of the current search with a deeper result for another position is kept; a
    /// result for the same position keeps the old best move when the new one has none. Another
    /// thread's store to the same entry in between can win instead (the table is only a hint).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        ply: usize,
        best_move: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        debug_assert!(ply <= MAX_PLY);
        let generation = self.generation;
        let entry = &self.entries[self.index(key)];
        let (old_key, e) = entry.load_any();
        let same = old_key == key;
        let old_is_current = e.bound_generation & !BOUND_MASK == generation;
        let depth = depth.clamp(0, 255);
        if !same && old_is_current && (e.depth as i32) > depth + 2 && bound != Bound::Exact {
            return;
        }
        if same && bound != Bound::Exact && (e.depth as i32) > depth + 3 && old_is_current {
            return;
        }
        let keep_move = same && best_move.is_null();
        entry.save(
            key,
            Data {
                best_move: if keep_move {
                    e.best_move
                } else {
                    best_move.to_bits()
                },
                score: score_to_tt(score, ply) as i16,
                eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                depth: depth as u8,
                bound_generation: generation | bound.to_bits(),
            },
        );
    }

    /// Entries holding a position, of any search (for tests).
    #[cfg(test)]
    pub(crate) fn used_entries(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| e.load_any().1.bound_generation & BOUND_MASK != 0)
            .count()
    }

    /// How full the table is, in permille, sampled over its first 1000 entries (entries of the
    /// current search only, as UCI's `hashfull` means).
    pub(crate) fn full_permille(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .map(|e| e.load_any().1.bound_generation)
            .filter(|&bg| bg & BOUND_MASK != 0 && bg & !BOUND_MASK == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::MATE;

    #[test]
    fn mate_score_round_trip_across_plies() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        // Found at ply 5: the side to move there mates at ply 9 (root-relative MATE - 9).
        tt.store(42, 5, Move::NULL, MATE - 9, 0, 4, Bound::Exact);
        // Read at ply 3 (a transposition two plies nearer the root): mate comes 2 plies sooner.
        let hit = tt.probe(42, 3).unwrap();
        assert_eq!(hit.score, MATE - 7);
        // Read at ply 5 again: unchanged.
        assert_eq!(tt.probe(42, 5).unwrap().score, MATE - 9);
        // Being mated, stored at ply 2 as -(MATE - 6), read at ply 10.
        tt.store(43, 2, Move::NULL, -(MATE - 6), 0, 4, Bound::Exact);
        assert_eq!(tt.probe(43, 10).unwrap().score, -(MATE - 14));
        // Ordinary scores are untouched.
        tt.store(44, 7, Move::NULL, 123, 0, 4, Bound::Lower);
        let hit = tt.probe(44, 1).unwrap();
        assert_eq!((hit.score, hit.bound), (123, Bound::Lower));
    }

    #[test]
    fn unknown_keys_miss_and_clear_forgets() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        assert!(tt.probe(7, 0).is_none());
        tt.store(7, 0, Move::NULL, 10, 5, 3, Bound::Upper);
        assert_eq!(tt.probe(7, 0).map(|h| (h.eval, h.depth)), Some((5, 3)));
        tt.clear();
        assert!(tt.probe(7, 0).is_none());
        assert_eq!(tt.full_permille(), 0);
    }

    #[test]
    fn data_packs_into_64_bits_and_back() {
        let d = Data {
            best_move: 0xbeef,
            score: -32_000,
            eval: 1_234,
            depth: 255,
            bound_generation: 0xfe,
        };
        assert_eq!(Data::unpack(d.pack()), d);
        assert_eq!(Data::unpack(0).bound_generation, 0);
    }

    #[test]
    fn an_entry_whose_words_come_from_two_stores_is_not_found() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        tt.store(7, 0, Move::NULL, 10, 5, 3, Bound::Exact);
        let e = &tt.entries[tt.index(7)];
        // Another store's data with this one's check word, as a race between two threads
        // can leave it: the XOR no longer gives the key.
        let other = Data {
            depth: 9,
            ..Data::unpack(e.data.load(Ordering::Relaxed))
        };
        e.data.store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(7, 0).is_none());
    }

    #[test]
    fn threads_storing_at_once_never_read_another_positions_data() {
        // A tiny table (65 536 entries), 4 threads storing and probing 2^16 keys each: many
        // races on the same entries. Every hit must be the data stored for its own key.
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let value = |key: u64| (key % 20_000) as i32;
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..1u64 << 16 {
                        let key = crate::rules::mix64(i * 4 + t) | 1;
                        tt.store(key, 0, Move::NULL, value(key), -value(key), 5, Bound::Exact);
                        let probe = crate::rules::mix64(i * 4 + (t + 1) % 4) | 1;
                        if let Some(hit) = tt.probe(probe, 0) {
                            assert_eq!((hit.score, hit.eval), (value(probe), -value(probe)));
                        }
                    }
                });
            }
        });
        assert!(tt.used_entries() > 1_000);
    }

    #[test]
    fn size_follows_megabytes() {
        assert_eq!(TranspositionTable::new(16).megabytes(), 16);
        assert_eq!(TranspositionTable::new(2).len(), 2 << 20 >> 4);
    }
}
