//! The transposition table: buckets of four entries, one cache line each; a new entry takes
//! its key's own slot or else the one least worth keeping (from an earlier search, then the
//! shallowest). Several threads may share one table (each slot is two atomic words, and the
//! key is stored mixed with the data, so a slot half written by another thread never
//! matches).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use slots::Slots;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

pub const NO_MOVE: u8 = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// A cell index in the key's orientation, or [`NO_MOVE`].
    pub best: u8,
}

/// A slot: `[key ^ data, data]`, zeroed when empty (the table is allocated zeroed, lazily by
/// the OS). `data` packs score (bits 0–15), depth (16–23), bound (24–31), best move
/// (32–39), generation (40–47). A bucket is [`BUCKET_SLOTS`] slots side by side.
type Slot = [AtomicU64; 2];

/// Slots in a bucket: as many as fill a 64-byte cache line.
const BUCKET_SLOTS: usize = 4;

/// A bucket's size in bytes; buckets start on a multiple of it, so none straddles two cache
/// lines (a probe is then one memory access, and one prefetch brings the whole bucket).
const BUCKET_BYTES: usize = BUCKET_SLOTS * std::mem::size_of::<Slot>();

fn pack(score: i32, depth: u8, bound: Bound, best: u8, generation: u8) -> u64 {
    (score as i16 as u16 as u64)
        | (depth as u64) << 16
        | (bound as u64) << 24
        | (best as u64) << 32
        | (generation as u64) << 40
}

fn unpack(data: u64) -> Entry {
    Entry {
        score: data as u16 as i16 as i32,
        depth: (data >> 16) as u8,
        bound: match (data >> 24) as u8 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        best: (data >> 32) as u8,
    }
}

fn depth_of(data: u64) -> u8 {
    (data >> 16) as u8
}

fn generation_of(data: u64) -> u8 {
    (data >> 40) as u8
}

pub struct Table {
    slots: Slots,
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// The number of buckets of a table of about `megabytes` MiB (a power of two).
    fn buckets_for(megabytes: usize) -> usize {
        Table::buckets_for_kilobytes(megabytes.max(1) << 10)
    }

    /// The number of buckets of a table of about `kilobytes` KiB (a power of two).
    fn buckets_for_kilobytes(kilobytes: usize) -> usize {
        let wanted = ((kilobytes << 10) / BUCKET_BYTES).max(1);
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }

    /// What [`Table::megabytes`] says of a table made with `megabytes`.
    fn with_megabytes_size(megabytes: usize) -> usize {
        (Table::buckets_for(megabytes) * BUCKET_BYTES) >> 20
    }

    /// A table of about `megabytes` MiB (rounded down to a power of two buckets).
    pub fn with_megabytes(megabytes: usize) -> Table {
        Table::with_buckets(Table::buckets_for(megabytes))
    }

    /// A table of about `kilobytes` KiB (rounded down to a power of two buckets).
    #[cfg(test)]
    pub fn with_kilobytes(kilobytes: usize) -> Table {
        Table::with_buckets(Table::buckets_for_kilobytes(kilobytes))
    }

    fn with_buckets(buckets: usize) -> Table {
        let slots = Slots::zeroed(BUCKET_SLOTS * buckets);
        Table { slots, mask: buckets - 1, generation: AtomicU8::new(1) }
    }

    /// The size asked for when the table was made.
    pub fn megabytes(&self) -> usize {
        ((self.mask + 1) * BUCKET_BYTES) >> 20
    }

    /// Marks later stores as belonging to a new search, so stale deep entries give way.
    pub fn new_search(&self) {
        let next = self.generation.load(Relaxed).wrapping_add(1).max(1);
        self.generation.store(next, Relaxed);
    }

    /// The index of the first slot of `key`'s bucket.
    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        BUCKET_SLOTS * ((key >> 32) as usize & self.mask)
    }

    /// `key`'s bucket. (The mask keeps it in the table, so no bounds check is needed: on
    /// the hot path a probe, a store and a prefetch each paid one.)
    #[inline(always)]
    fn slots_of(&self, key: u64) -> &[Slot; BUCKET_SLOTS] {
        self.slots.bucket(self.bucket(key))
    }

    /// Asks the memory system for `key`'s bucket now, so that the probe a little later
    /// finds it in cache instead of waiting for a miss.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.slots_of(key));
    }

    /// The entry for `key`, if stored. Key 0 is never used by the search.
    // Always inlined, as `store` is: left to the compiler both stayed calls, and the
    // searches took 5–10% longer.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for slot in self.slots_of(key) {
            let data = slot[1].load(Relaxed);
            if slot[0].load(Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    #[inline(always)]
    pub fn store(&self, key: u64, score: i32, depth: u8, bound: Bound, best: u8) {
        let generation = self.generation.load(Relaxed);
        let data = pack(score, depth, bound, best, generation);
        // The key's own slot if it has one, else the one least worth keeping: from an
        // earlier search first, then the shallowest. (Chosen by selects instead of a branch
        // a slot, it took 3% longer on the late set, though with fewer mispredictions in
        // cachegrind's model.)
        let bucket = self.slots_of(key);
        let mut slot = &bucket[0];
        let mut least = i32::MAX;
        for candidate in bucket {
            let old = candidate[1].load(Relaxed);
            if candidate[0].load(Relaxed) ^ old == key {
                slot = candidate;
                break;
            }
            let stale = generation_of(old) != generation;
            let worth = depth_of(old) as i32 - if stale { 256 } else { 0 };
            if worth < least {
                least = worth;
                slot = candidate;
            }
        }
        slot[0].store(key ^ data, Relaxed);
        slot[1].store(data, Relaxed);
    }
}

/// A table with one slot per key, always replaced, for the searcher's own use at the ends
/// of proofs: there an entry is cheap to find again, the next transposition comes soon,
/// and a probe or store that looks at one slot instead of choosing among four is worth
/// more than the entries a choice would keep (on the bench's first 10 late positions,
/// against four-slot buckets of the same size: 1.3% fewer nodes, 10% fewer instructions).
/// Owned by one searcher, so never written by two threads at once.
pub struct DirectTable {
    slots: Slots,
    mask: usize,
}

impl DirectTable {
    /// A table of about `kilobytes` KiB (rounded down to a power of two slots).
    pub fn with_kilobytes(kilobytes: usize) -> DirectTable {
        let slots = Table::buckets_for_kilobytes(kilobytes) * BUCKET_SLOTS;
        DirectTable { slots: Slots::zeroed(slots), mask: slots - 1 }
    }

    /// `key`'s slot: `[key, data]` (data packed as in [`Table`]), zeroed when empty.
    #[inline(always)]
    fn slot_of(&self, key: u64) -> &Slot {
        self.slots.slot((key >> 32) as usize & self.mask)
    }

    /// Asks the memory system for `key`'s slot now (see [`Table::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.slot_of(key));
    }

    /// The entry for `key`, if stored and not overwritten since. Key 0 is never used.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot_of(key);
        if slot[0].load(Relaxed) == key { Some(unpack(slot[1].load(Relaxed))) } else { None }
    }

    #[inline(always)]
    pub fn store(&self, key: u64, score: i32, depth: u8, bound: Bound, best: u8) {
        let slot = self.slot_of(key);
        slot[0].store(key, Relaxed);
        slot[1].store(pack(score, depth, bound, best, 0), Relaxed);
    }
}

/// Asks the memory system for the cache line that holds `data`, without waiting for it.
#[inline(always)]
fn prefetch<T>(data: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let address: *const T = data;
        // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault, and SSE is
        // part of every x86-64 target.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// Tables kept between moves, so that a player's next search starts from what its last one
/// learned (worth a ply or more). Each is tagged with its owner, so that two computer
/// players in one game never share what they learned.
static KEPT: Mutex<Vec<(u64, Table)>> = Mutex::new(Vec::new());

/// At most this many tables are kept; the oldest goes first.
const KEPT_TABLES: usize = 4;

/// The table `owner` kept, if it has one of this size, else a new one.
pub fn take_kept(owner: u64, megabytes: usize) -> Table {
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let found = kept.iter().position(|(tag, table)| {
        *tag == owner && table.megabytes() == Table::with_megabytes_size(megabytes)
    });
    match found {
        Some(i) => kept.remove(i).1,
        None => {
            drop(kept);
            Table::with_megabytes(megabytes)
        }
    }
}

/// Keeps `table` for `owner`'s next search.
pub fn keep(owner: u64, table: Table) {
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    kept.retain(|(tag, _)| *tag != owner);
    if kept.len() >= KEPT_TABLES {
        kept.remove(0);
    }
    kept.push((owner, table));
}

/// A table's memory: empty slots in zeroed pages mapped straight from the OS, touched only
/// when probed. The allocator does the same for a first large table, but once one is freed
/// it raises its threshold and serves the next from its heap: cleared byte by byte (a new
/// table each position made `solve` and `bench` pay for it), in small pages touched before
/// they could be advised to be huge.
mod slots {
    use super::{BUCKET_SLOTS, Slot};

    pub struct Slots {
        /// Owns the memory (unmapped on drop); reached through `first`.
        _map: memmap2::MmapMut,
        /// The map's start, kept so that a bucket is one add away.
        first: *const Slot,
        len: usize,
    }

    // SAFETY: `first` points into `map`, which the struct owns and never moves or frees
    // before it is dropped; the slots are atomics, shared between threads by design.
    unsafe impl Send for Slots {}
    unsafe impl Sync for Slots {}

    impl Slots {
        pub fn zeroed(len: usize) -> Slots {
            let map = memmap2::MmapMut::map_anon(len * std::mem::size_of::<Slot>())
                .expect("memory for the transposition table");
            // Large tables are probed at random: with 4 KiB pages nearly every probe also
            // misses the TLB. Transparent huge pages (2 MiB) remove most of those misses.
            // Only a hint: without them the table works the same, a little slower.
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            let first = map.as_ptr().cast();
            Slots { _map: map, first, len }
        }

        /// The bucket whose first slot is `index` (a multiple of [`BUCKET_SLOTS`]).
        #[inline(always)]
        pub fn bucket(&self, index: usize) -> &[Slot; BUCKET_SLOTS] {
            debug_assert!(index + BUCKET_SLOTS <= self.len);
            // SAFETY: callers mask the index to the table's buckets (checked in debug
            // builds); the map is page-aligned and `len` slots long.
            unsafe { &*self.first.add(index).cast() }
        }

        /// The slot at `index` (masked by callers to the table's length).
        #[inline(always)]
        pub fn slot(&self, index: usize) -> &Slot {
            debug_assert!(index < self.len);
            // SAFETY: callers mask the index to the table's slots (checked in debug builds).
            unsafe { &*self.first.add(index) }
        }

        /// The first slot's address and the number of slots, for the tests of the layout.
        #[cfg(test)]
        pub fn extent(&self) -> (usize, usize) {
            (self.first as usize, self.len)
        }
    }
}

/// SplitMix64's finaliser: a bijection on 64-bit words whose every output bit depends on
/// every input bit.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The position's 64-bit key; 0 is avoided so that empty slots never match. Each bitboard
/// goes through the mixer on its own: combining them first with a multiply and an xor
/// (as this once did) let a sphere on the top level cancel one on the level below, so
/// different positions deep in a proof shared a key and traded wrong scores.
#[inline]
pub fn key_of(own: u64, other: u64) -> u64 {
    mix(mix(own.wrapping_add(0x9E37_79B9_7F4A_7C15)) ^ other) | 1
}

/// One random word per colour and cell (Zobrist keys), for the keys past the symmetry
/// plies: there a position's key is the XOR of its spheres' words, which a move updates
/// with one XOR (see [`Board::key`](super::board::Board::key)) instead of the two rounds of
/// mixing [`key_of`] costs at every node.
const SPHERE_KEYS: [[u64; 64]; 2] = sphere_keys();

const fn sphere_keys() -> [[u64; 64]; 2] {
    let mut words = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        // SplitMix64's stream: the mixer over a Weyl sequence.
        words[i / 64][i % 64] = mix((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        i += 1;
    }
    words
}

/// The word a sphere of `colour` (0 Black, 1 White) on `cell` adds to a position's
/// incremental key.
#[inline(always)]
pub fn sphere_key(colour: usize, cell: usize) -> u64 {
    SPHERE_KEYS[colour][cell]
}

/// The incremental key of a position with these spheres, counted from scratch.
pub fn spheres_key(black: u64, white: u64) -> u64 {
    let mut key = 0;
    for cell in 0..64 {
        if black & (1 << cell) != 0 {
            key ^= sphere_key(0, cell);
        }
        if white & (1 << cell) != 0 {
            key ^= sphere_key(1, cell);
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let table = Table::with_megabytes(1);
        let key = key_of(3, 4);
        assert_eq!(table.probe(key), None);
        table.store(key, -17, 5, Bound::Lower, 9);
        let entry = table.probe(key).unwrap();
        assert_eq!((entry.score, entry.depth, entry.bound, entry.best), (-17, 5, Bound::Lower, 9));
    }

    /// `n` keys that share one bucket.
    fn keys_in_one_bucket(table: &Table, n: u64) -> Vec<u64> {
        let buckets = table.mask as u64 + 1;
        (0..n).map(|i| (1 + i * buckets) << 32 | 1).collect()
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let table = Table::with_megabytes(1);
        let keys = keys_in_one_bucket(&table, BUCKET_SLOTS as u64 + 1);
        let depths = [10, 3, 2, 4, 1];
        for (&key, &depth) in keys.iter().zip(&depths) {
            table.store(key, depth as i32, depth, Bound::Exact, NO_MOVE);
        }
        let kept: Vec<bool> = keys.iter().map(|&k| table.probe(k).is_some()).collect();
        assert_eq!(kept, [true, true, false, true, true], "depth 2 went, the newest stays");
        // A key already stored is updated in its own slot, whatever its depth.
        table.store(keys[0], -5, 1, Bound::Upper, NO_MOVE);
        assert_eq!(table.probe(keys[0]).map(|e| (e.score, e.depth)), Some((-5, 1)));
        assert!(table.probe(keys[1]).is_some() && table.probe(keys[3]).is_some());
        // Also when other slots of the bucket are shallower than the key's own.
        table.store(keys[3], 7, 0, Bound::Exact, NO_MOVE);
        assert_eq!(table.probe(keys[3]).map(|e| (e.score, e.depth)), Some((7, 0)));
        assert!(keys.iter().filter(|&&k| k != keys[2]).all(|&k| table.probe(k).is_some()));
    }

    #[test]
    fn entries_from_an_earlier_search_give_way_first() {
        let table = Table::with_megabytes(1);
        let keys = keys_in_one_bucket(&table, BUCKET_SLOTS as u64 + 1);
        table.store(keys[0], 0, 60, Bound::Exact, NO_MOVE);
        table.new_search();
        for &key in &keys[1..] {
            table.store(key, 0, 5, Bound::Exact, NO_MOVE);
        }
        assert!(table.probe(keys[0]).is_none(), "the stale deep entry went first");
        assert!(keys[1..].iter().all(|&k| table.probe(k).is_some()));
    }

    #[test]
    fn a_table_in_kilobytes_rounds_down_to_a_power_of_two_buckets() {
        for (kilobytes, buckets) in [(1, 16), (256, 4096), (1000, 8192), (1024, 16384)] {
            let table = Table::with_kilobytes(kilobytes);
            assert_eq!(table.mask + 1, buckets, "{kilobytes} KiB");
            table.store(key_of(1, 2), 7, 3, Bound::Exact, NO_MOVE);
            assert_eq!(table.probe(key_of(1, 2)).map(|e| e.score), Some(7));
        }
    }

    #[test]
    fn a_direct_table_keeps_the_last_key_stored_in_each_slot() {
        let table = DirectTable::with_kilobytes(1);
        let slots = table.mask as u64 + 1;
        assert_eq!(slots, 64, "1 KiB of 16-byte slots");
        // Two keys of one slot, and one of another.
        let (first, second, apart) = (5 << 32 | 1, (5 + slots) << 32 | 1, 6 << 32 | 1);
        assert_eq!(table.probe(first), None);
        table.store(first, -17, 70, Bound::Lower, 9);
        table.store(apart, 3, 2, Bound::Upper, NO_MOVE);
        let entry = table.probe(first).unwrap();
        assert_eq!((entry.score, entry.depth, entry.bound, entry.best), (-17, 70, Bound::Lower, 9));
        table.store(second, 8, 66, Bound::Exact, 1);
        assert_eq!(table.probe(first), None, "replaced, however deep");
        assert_eq!(table.probe(second).map(|e| (e.score, e.bound)), Some((8, Bound::Exact)));
        assert_eq!(table.probe(apart).map(|e| e.score), Some(3));
    }

    #[test]
    fn buckets_start_on_a_bucket_boundary() {
        for megabytes in [1, 2, 3, 16] {
            let table = Table::with_megabytes(megabytes);
            let (start, len) = table.slots.extent();
            assert_eq!(start % BUCKET_BYTES, 0, "{megabytes} MiB");
            assert!(table.bucket(u64::MAX) + BUCKET_SLOTS <= len);
        }
    }

    #[test]
    fn a_slot_written_by_two_threads_at_once_never_mixes_their_entries() {
        let table = Table::with_megabytes(1);
        // Twice as many keys as a bucket has slots, all in one bucket, so that writers keep
        // taking each other's slots; each key is always stored with its own score.
        let keys = keys_in_one_bucket(&table, 2 * BUCKET_SLOTS as u64);
        let score_of = |key: u64| (key >> 32) as i32 % 1000;
        std::thread::scope(|scope| {
            for writer in 0..2 {
                let (table, keys) = (&table, &keys);
                scope.spawn(move || {
                    for round in 0..200_000u32 {
                        let key = keys[(round as usize + writer) % keys.len()];
                        let depth = (round % 7) as u8;
                        table.store(key, score_of(key), depth, Bound::Exact, NO_MOVE);
                    }
                });
            }
            for _ in 0..200_000 {
                for &key in &keys {
                    if let Some(entry) = table.probe(key) {
                        assert_eq!(entry.score, score_of(key), "another key's entry");
                    }
                }
            }
        });
    }

    #[test]
    fn kept_tables_go_back_to_their_owner_only() {
        let (owner, stranger) = (0x000A_11CE_0001, 0x0000_0B0B_0002);
        let table = take_kept(owner, 1);
        table.store(key_of(5, 6), 42, 3, Bound::Exact, NO_MOVE);
        keep(owner, table);
        assert_eq!(take_kept(stranger, 1).probe(key_of(5, 6)), None);
        let again = take_kept(owner, 1);
        assert_eq!(again.probe(key_of(5, 6)).map(|e| e.score), Some(42));
        assert_eq!(take_kept(owner, 1).probe(key_of(5, 6)), None, "taken, not shared");
    }

    /// Asserts that every position that differs from a few bases by one sphere of either
    /// side, by one of each, or by two of the first side gets a key of its own.
    fn assert_keys_differ_near_bases(key: fn(u64, u64) -> u64) {
        for (own, other) in [(0, 0), (0x0000_0000_0000_F0F0, 0x0000_0000_0000_0F0F), (!0 >> 1, 1)] {
            let mut keys = std::collections::HashMap::new();
            let mut add = |own: u64, other: u64| {
                if let Some(was) = keys.insert(key(own, other), (own, other)) {
                    assert_eq!(was, (own, other), "{own:x} {other:x} shares a key");
                }
            };
            add(own, other);
            for i in 0..64 {
                add(own ^ 1 << i, other);
                add(own, other ^ 1 << i);
                for j in 0..64 {
                    add(own ^ 1 << i, other ^ 1 << j);
                    add(own ^ 1 << i ^ 1 << j, other);
                }
            }
        }
    }

    #[test]
    fn positions_one_or_two_spheres_apart_have_different_keys() {
        assert_keys_differ_near_bases(key_of);
    }

    #[test]
    fn incremental_keys_of_positions_one_or_two_spheres_apart_differ() {
        // For the XOR of sphere words: no word, and no XOR of two, equals another.
        assert_keys_differ_near_bases(spheres_key);
    }

    #[test]
    fn keys_tell_the_sides_apart() {
        assert_ne!(key_of(1, 2), key_of(2, 1));
        assert_ne!(key_of(0, 0), 0);
    }
}
