//! The 76 winning lines, generated from the 13 directions of the cube.

use std::fmt;

use super::coords::Cell;

const LINE_COUNT: usize = 76;

/// Every line as a mask of its four cells.
pub const LINES: [u64; LINE_COUNT] = GENERATED.masks;

/// For each cell, the lines through it (7 for corners and inner cells, 4 for the rest).
pub const LINES_THROUGH: [LinesThrough; 64] = GENERATED.through;

/// The indices (into [`LINES`]) of the lines through one cell.
#[derive(Clone, Copy, Debug)]
pub struct LinesThrough {
    count: u8,
    lines: [u8; 7],
}

impl LinesThrough {
    pub fn as_slice(&self) -> &[u8] {
        &self.lines[..self.count as usize]
    }
}

/// One of the 76 lines, written by its end cells: `a1:1-d4:4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line(u8);

impl Line {
    pub const COUNT: usize = LINE_COUNT;

    pub const fn new(index: u8) -> Option<Line> {
        if (index as usize) < LINE_COUNT { Some(Line(index)) } else { None }
    }

    pub fn all() -> impl Iterator<Item = Line> {
        (0..LINE_COUNT as u8).map(Line)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn mask(self) -> u64 {
        LINES[self.0 as usize]
    }

    /// The four cells, in increasing bit index (so the first and last are the ends).
    pub fn cells(self) -> [Cell; 4] {
        let mut mask = self.mask();
        std::array::from_fn(|_| {
            let bit = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Cell::new(bit).expect("a line's cells are on the board")
        })
    }

    /// The line whose cells are exactly `mask`, if there is one.
    pub fn from_mask(mask: u64) -> Option<Line> {
        LINES.iter().position(|&m| m == mask).map(|i| Line(i as u8))
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells();
        write!(f, "{}-{}", cells[0], cells[3])
    }
}

struct Generated {
    masks: [u64; LINE_COUNT],
    through: [LinesThrough; 64],
}

const GENERATED: Generated = generate();

/// Walks the 13 directions whose first non-zero component is positive (each line once)
/// from every start cell whose fourth step stays on the board.
const fn generate() -> Generated {
    let mut masks = [0u64; LINE_COUNT];
    let mut count = 0;
    let mut d = 0;
    while d < 27 {
        let (dx, dy, dz) = (d % 3 - 1, (d / 3) % 3 - 1, d / 9 - 1);
        let first_nonzero = if dx != 0 {
            dx
        } else if dy != 0 {
            dy
        } else {
            dz
        };
        if first_nonzero > 0 {
            let mut start = 0;
            while start < 64 {
                let (x, y, z) = (start % 4, (start / 4) % 4, start / 16);
                let (ex, ey, ez) = (x + 3 * dx, y + 3 * dy, z + 3 * dz);
                if ex >= 0 && ex < 4 && ey >= 0 && ey < 4 && ez >= 0 && ez < 4 {
                    let mut mask = 0u64;
                    let mut step = 0;
                    while step < 4 {
                        let bit = (x + step * dx) + 4 * (y + step * dy) + 16 * (z + step * dz);
                        mask |= 1 << bit;
                        step += 1;
                    }
                    masks[count] = mask;
                    count += 1;
                }
                start += 1;
            }
        }
        d += 1;
    }
    assert!(count == LINE_COUNT, "the cube has 76 lines");

    let mut through = [LinesThrough { count: 0, lines: [0; 7] }; 64];
    let mut line = 0;
    while line < LINE_COUNT {
        let mut cell = 0;
        while cell < 64 {
            if masks[line] & (1 << cell) != 0 {
                let entry = &mut through[cell];
                entry.lines[entry.count as usize] = line as u8;
                entry.count += 1;
            }
            cell += 1;
        }
        line += 1;
    }
    Generated { masks, through }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_76_distinct_lines_of_four() {
        let mut masks = LINES.to_vec();
        masks.sort();
        masks.dedup();
        assert_eq!(masks.len(), 76);
        assert!(LINES.iter().all(|m| m.count_ones() == 4));
    }

    #[test]
    fn corners_and_inner_cells_lie_on_seven_lines_the_rest_on_four() {
        let on = |cell: &Cell| LINES.iter().filter(|&&m| m & cell.bit() != 0).count();
        let is_edge = |v: u8| v == 0 || v == 3;
        for cell in Cell::all() {
            let (x, y, z) = (cell.x(), cell.y(), cell.z());
            let corner = is_edge(x) && is_edge(y) && is_edge(z);
            let inner = !is_edge(x) && !is_edge(y) && !is_edge(z);
            let expected = if corner || inner { 7 } else { 4 };
            assert_eq!(on(&cell), expected, "cell {cell}");
            assert_eq!(LINES_THROUGH[cell.index() as usize].as_slice().len(), expected);
        }
        let seven = Cell::all().filter(|c| on(c) == 7).count();
        assert_eq!(seven, 16);
    }

    #[test]
    fn line_families_have_the_documented_sizes() {
        // Classify each line by which coordinates change along it.
        let mut vertical = 0;
        let mut horizontal_x = 0;
        let mut horizontal_y = 0;
        let mut level_diagonal = 0;
        let mut plane_xz = 0;
        let mut plane_yz = 0;
        let mut space = 0;
        for line in Line::all() {
            let [a, _, _, d] = line.cells();
            let changes = (a.x() != d.x(), a.y() != d.y(), a.z() != d.z());
            match changes {
                (false, false, true) => vertical += 1,
                (true, false, false) => horizontal_x += 1,
                (false, true, false) => horizontal_y += 1,
                (true, true, false) => level_diagonal += 1,
                (true, false, true) => plane_xz += 1,
                (false, true, true) => plane_yz += 1,
                (true, true, true) => space += 1,
                (false, false, false) => unreachable!(),
            }
        }
        assert_eq!((vertical, horizontal_x, horizontal_y), (16, 16, 16));
        assert_eq!(level_diagonal, 8);
        assert_eq!((plane_xz, plane_yz), (8, 8));
        assert_eq!(space, 4);
    }

    #[test]
    fn lines_are_written_by_their_ends() {
        let diagonal = Line::from_mask(1 | 1 << 21 | 1 << 42 | 1 << 63).unwrap();
        assert_eq!(diagonal.to_string(), "a1:1-d4:4");
        assert_eq!(Line::from_mask(0b1111).unwrap().to_string(), "a1:1-d1:1");
        assert_eq!(Line::from_mask(0b111), None);
    }
}
