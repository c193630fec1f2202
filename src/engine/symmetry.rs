//! Fast images of a bitboard under the 8 peg symmetries (a few shifts per level instead of
//! a loop over cells), for symmetry-reduced transposition keys.

use crate::rules::SYMMETRIES;

const EVERY_LEVEL: u64 = 0x0001_0001_0001_0001;
const M5555: u64 = 0x5555 * EVERY_LEVEL;
const M3333: u64 = 0x3333 * EVERY_LEVEL;
const M0F0F: u64 = 0x0F0F * EVERY_LEVEL;
const M00FF: u64 = 0x00FF * EVERY_LEVEL;
const M0A0A: u64 = 0x0A0A * EVERY_LEVEL;
const M00CC: u64 = 0x00CC * EVERY_LEVEL;

/// x → 3 − x on every level: reverse the bits of each 4-bit rank.
#[inline]
fn mirror_x(b: u64) -> u64 {
    let b = ((b >> 1) & M5555) | ((b & M5555) << 1);
    ((b >> 2) & M3333) | ((b & M3333) << 2)
}

/// y → 3 − y on every level: reverse the ranks of each 16-bit level.
#[inline]
fn mirror_y(b: u64) -> u64 {
    let b = ((b >> 4) & M0F0F) | ((b & M0F0F) << 4);
    ((b >> 8) & M00FF) | ((b & M00FF) << 8)
}

/// (x, y) → (y, x) on every level: a 4×4 bit-matrix transpose by two delta swaps.
#[inline]
fn transpose(b: u64) -> u64 {
    let t = (b ^ (b >> 3)) & M0A0A;
    let b = b ^ t ^ (t << 3);
    let t = (b ^ (b >> 6)) & M00CC;
    b ^ t ^ (t << 6)
}

/// The image of `board` under `SYMMETRIES[s]`: mirror x (bit 0), mirror y (bit 1), then
/// swap x and y (bit 2), as the rules define them.
#[inline]
pub fn image(board: u64, s: usize) -> u64 {
    let mut b = board;
    if s & 1 != 0 {
        b = mirror_x(b);
    }
    if s & 2 != 0 {
        b = mirror_y(b);
    }
    if s & 4 != 0 {
        b = transpose(b);
    }
    b
}

/// The symmetry that undoes `SYMMETRIES[s]`.
const INVERSE: [usize; 8] = inverses();

const fn inverses() -> [usize; 8] {
    let mut out = [0; 8];
    let mut s = 0;
    while s < 8 {
        let mut t = 0;
        while t < 8 {
            let mut undoes = true;
            let mut peg = 0;
            while peg < 16 {
                undoes &= SYMMETRIES[t].peg(SYMMETRIES[s].peg(peg)) == peg;
                peg += 1;
            }
            if undoes {
                out[s] = t;
            }
            t += 1;
        }
        s += 1;
    }
    out
}

/// The cell (0…63) that `cell` becomes under `SYMMETRIES[s]`.
#[inline]
pub fn map_cell(cell: u8, s: usize) -> u8 {
    SYMMETRIES[s].peg(cell % 16) + (cell & !15)
}

/// The cell that `SYMMETRIES[s]` maps onto `cell`.
#[inline]
pub fn unmap_cell(cell: u8, s: usize) -> u8 {
    map_cell(cell, INVERSE[s])
}

/// The least of the 8 images of the pair `(own, other)` and the symmetry that gives it.
#[inline]
pub fn canonical(own: u64, other: u64) -> (u64, u64, usize) {
    let mut best = (own, other, 0);
    for s in 1..8 {
        let candidate = (image(own, s), image(other, s));
        if candidate < (best.0, best.1) {
            best = (candidate.0, candidate.1, s);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_images_match_the_rules_symmetries() {
        let boards = [1u64, 0x8000_0000_0000_0000, 0x1234_5678_9abc_def0, 0x0F0F_00FF_3C3C_A5A5];
        for (s, symmetry) in SYMMETRIES.iter().enumerate() {
            for &b in &boards {
                assert_eq!(image(b, s), symmetry.apply(b), "symmetry {s}");
            }
        }
    }

    #[test]
    fn cells_map_back_and_forth() {
        for s in 0..8 {
            for cell in 0..64u8 {
                assert_eq!(unmap_cell(map_cell(cell, s), s), cell);
                assert_eq!(1u64 << map_cell(cell, s), image(1 << cell, s));
            }
        }
    }

    #[test]
    fn symmetric_positions_share_a_canonical_form() {
        let (own, other) = (0x0000_0000_0001_0023u64, 0x0000_0000_0000_8400u64);
        let (a, b, _) = canonical(own, other);
        for s in 0..8 {
            let (c, d, t) = canonical(image(own, s), image(other, s));
            assert_eq!((a, b), (c, d));
            assert_eq!(image(image(own, s), t), a);
        }
    }
}
