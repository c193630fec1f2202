//! A small seeded generator (SplitMix64) for the lower levels' loose play and for openings;
//! the engine needs no more than this.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    pub fn seeded(seed: u64) -> Random {
        Random(seed)
    }

    /// A generator that differs between calls and runs.
    pub fn from_entropy() -> Random {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        Random(nanos ^ call.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// One set bit of a non-empty mask, uniformly.
    pub fn pick_bit(&mut self, mask: u64) -> u64 {
        let mut skip = self.below(mask.count_ones() as usize);
        let mut rest = mask;
        while skip > 0 {
            rest &= rest - 1;
            skip -= 1;
        }
        rest & rest.wrapping_neg()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_stay_in_range_and_cover_it() {
        let mut random = Random::seeded(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[random.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        for _ in 0..50 {
            let bit = random.pick_bit(0b1011_0000);
            assert_eq!(bit.count_ones(), 1);
            assert_ne!(bit & 0b1011_0000, 0);
        }
    }
}
