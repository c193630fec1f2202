//! The 8 symmetries of the square acting on the pegs: they keep gravity and the lines.

use super::bitboard::cells_of;

/// A symmetry as the image of each of the 16 pegs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    peg_image: [u8; 16],
}

/// Identity first, then the other seven (rotations and reflections of the grid).
pub const SYMMETRIES: [Symmetry; 8] = generate();

const fn generate() -> [Symmetry; 8] {
    let mut out = [Symmetry { peg_image: [0; 16] }; 8];
    let mut s = 0;
    while s < 8 {
        let mut peg = 0;
        while peg < 16 {
            let (x, y) = (peg % 4, peg / 4);
            // s & 1: mirror x; s & 2: mirror y; s & 4: swap x and y.
            let x1 = if s & 1 != 0 { 3 - x } else { x };
            let y1 = if s & 2 != 0 { 3 - y } else { y };
            let (x2, y2) = if s & 4 != 0 { (y1, x1) } else { (x1, y1) };
            out[s].peg_image[peg] = (x2 + 4 * y2) as u8;
            peg += 1;
        }
        s += 1;
    }
    out
}

impl Symmetry {
    /// The image of peg index `peg`.
    pub const fn peg(&self, peg: u8) -> u8 {
        self.peg_image[peg as usize % 16]
    }

    /// The image of a bitboard: every cell moves with its peg and keeps its level.
    pub fn apply(&self, board: u64) -> u64 {
        cells_of(board).fold(0, |acc, bit| {
            acc | 1 << (self.peg_image[(bit % 16) as usize] as u32 + 16 * (bit / 16) as u32)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::LINES;

    #[test]
    fn symmetries_are_eight_distinct_permutations() {
        for (i, s) in SYMMETRIES.iter().enumerate() {
            let mut seen = [false; 16];
            for p in 0..16 {
                seen[s.peg(p) as usize] = true;
            }
            assert!(seen.iter().all(|&b| b), "symmetry {i} is a permutation");
            for t in &SYMMETRIES[..i] {
                assert_ne!(s, t);
            }
        }
        assert_eq!(SYMMETRIES[0].apply(0x1234_5678_9abc_def0), 0x1234_5678_9abc_def0);
    }

    #[test]
    fn symmetries_map_lines_to_lines() {
        for s in &SYMMETRIES {
            for &line in &LINES {
                assert!(LINES.contains(&s.apply(line)));
            }
        }
    }
}
