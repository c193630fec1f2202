//! Test helpers shared by the integration tests: a seeded random source and a naive
//! reference implementation of the rules that knows nothing of bitboards.
#![allow(dead_code)]

/// xorshift64*: small, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A cell as (x, y, z).
pub type Xyz = (usize, usize, usize);

/// The naive board: `cells[x][y][z]` holds 1 (Black), 2 (White) or 0.
#[derive(Clone, Default)]
pub struct NaiveBoard {
    pub cells: [[[u8; 4]; 4]; 4],
    pub moves: usize,
}

/// The verdict of the naive rules on a board.
#[derive(Debug, PartialEq, Eq)]
pub enum NaiveStatus {
    Ongoing,
    /// Winner (1 Black, 2 White) and every complete line (a last move may complete
    /// two at once), each as its four cells (x, y, z) in bit order.
    Won(u8, Vec<Vec<Xyz>>),
    Draw,
}

impl NaiveBoard {
    /// Drops a sphere on peg (x, y); `None` if the peg is full.
    pub fn drop(&mut self, x: usize, y: usize) -> Option<usize> {
        let z = (0..4).find(|&z| self.cells[x][y][z] == 0)?;
        self.cells[x][y][z] = if self.moves.is_multiple_of(2) { 1 } else { 2 };
        self.moves += 1;
        Some(z)
    }

    /// Every run of four equal, non-empty cells along any of the 26 directions.
    pub fn lines_of_four(&self) -> Vec<(u8, Vec<Xyz>)> {
        let mut found = Vec::new();
        for x in 0..4i32 {
            for y in 0..4i32 {
                for z in 0..4i32 {
                    for dx in -1..=1i32 {
                        for dy in -1..=1i32 {
                            for dz in -1..=1i32 {
                                if (dx, dy, dz) == (0, 0, 0) {
                                    continue;
                                }
                                let cells: Vec<(i32, i32, i32)> =
                                    (0..4).map(|k| (x + k * dx, y + k * dy, z + k * dz)).collect();
                                if cells.iter().any(|&(a, b, c)| {
                                    !(0..4).contains(&a)
                                        || !(0..4).contains(&b)
                                        || !(0..4).contains(&c)
                                }) {
                                    continue;
                                }
                                let colour = self.cells[x as usize][y as usize][z as usize];
                                if colour == 0 {
                                    continue;
                                }
                                if cells.iter().all(|&(a, b, c)| {
                                    self.cells[a as usize][b as usize][c as usize] == colour
                                }) {
                                    let mut sorted: Vec<Xyz> = cells
                                        .iter()
                                        .map(|&(a, b, c)| (a as usize, b as usize, c as usize))
                                        .collect();
                                    sorted.sort_by_key(|&(a, b, c)| a + 4 * b + 16 * c);
                                    if !found.contains(&(colour, sorted.clone())) {
                                        found.push((colour, sorted));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        found
    }

    pub fn status(&self) -> NaiveStatus {
        let lines = self.lines_of_four();
        if let Some(&(colour, _)) = lines.first() {
            NaiveStatus::Won(colour, lines.into_iter().map(|(_, cells)| cells).collect())
        } else if self.moves == 64 {
            NaiveStatus::Draw
        } else {
            NaiveStatus::Ongoing
        }
    }

    /// Pegs (x, y) that are not full, in peg-index order (x + 4y).
    pub fn open_pegs(&self) -> Vec<(usize, usize)> {
        let mut pegs = Vec::new();
        for y in 0..4 {
            for x in 0..4 {
                if self.cells[x][y][3] == 0 {
                    pegs.push((x, y));
                }
            }
        }
        pegs
    }
}
