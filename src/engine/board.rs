//! The search's view of a position: the side to move, its opponent, and both sides' threat
//! cells, kept up to date incrementally so that a move costs a handful of line tests.

use super::tt::{sphere_key, spheres_key};
use crate::rules::{BOTTOM_LEVEL, Colour, LINES, Position, drop_cells};

/// The masks of the lines through each cell (4 or 7), then empty masks: eight slots, a
/// cache line a cell, so that AVX2 loads them in two aligned reads.
static LINES_AT: LinesAt = LinesAt(lines_at());

#[repr(align(64))]
struct LinesAt([[u64; 8]; 64]);

const fn lines_at() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut cell = 0;
    while cell < 64 {
        let mut found = 0;
        let mut line = 0;
        while line < LINES.len() {
            if LINES[line] & (1 << cell) != 0 {
                table[cell][found] = LINES[line];
                found += 1;
            }
            line += 1;
        }
        cell += 1;
    }
    table
}

/// Open lines (no opposing sphere) by how many spheres they hold, for both sides, packed
/// one byte each: the side to move's lines with 1, 2, 3 spheres in bytes 0–2 and its
/// [parity lines](OpenLines::own_parity) in byte 3, the opponent's in bytes 4–7. A move
/// changes only the lines through its cell, so the search keeps these up to date for a few
/// bit counts instead of walking all 76 lines at a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OpenLines(u64);

impl OpenLines {
    /// The mover's half and the opponent's half trade places.
    const SWAP: u32 = 32;
    /// The byte of the side to move's parity lines (the opponent's is 4 higher).
    const PARITY_BYTE: u32 = 3;

    fn count(lines: u64, byte: u32) -> i32 {
        ((lines >> (8 * byte)) & 0xFF) as i32
    }

    /// Open lines holding `spheres` (1…3) of the side to move's.
    #[inline(always)]
    pub fn own(self, spheres: usize) -> i32 {
        OpenLines::count(self.0, spheres as u32 - 1)
    }

    /// Open lines holding `spheres` (1…3) of the opponent's.
    #[inline(always)]
    pub fn other(self, spheres: usize) -> i32 {
        OpenLines::count(self.0, spheres as u32 + 3)
    }

    /// The side to move's parity lines: open lines two spheres short whose two empty cells
    /// both lie on its good levels (Black: 1 and 3; White: 2 and 4). When the board fills
    /// up by follow-up play (each answer on the peg of the move before), every odd cell
    /// goes to Black and every even one to White, so such a line completes by itself unless
    /// the opponent spends a tempo on it.
    #[inline(always)]
    pub fn own_parity(self) -> i32 {
        OpenLines::count(self.0, OpenLines::PARITY_BYTE)
    }

    /// The opponent's parity lines.
    #[inline(always)]
    pub fn other_parity(self) -> i32 {
        OpenLines::count(self.0, OpenLines::PARITY_BYTE + 4)
    }

    /// Counted from scratch; `own` is the side to move's.
    pub fn of(own: u64, other: u64) -> OpenLines {
        let occupied = own | other;
        let own_good = good_levels(occupied);
        let mut packed = 0u64;
        for &line in &LINES {
            let (a, b) = ((line & own).count_ones(), (line & other).count_ones());
            match (a, b) {
                (1..=3, 0) => packed += 1 << (8 * (a - 1)),
                (0, 1..=3) => packed += 1 << (8 * (b + 3)),
                _ => {}
            }
            let empty = line & !occupied;
            if (a, b) == (2, 0) && empty & !own_good == 0 {
                packed += 1 << (8 * OpenLines::PARITY_BYTE);
            }
            if (a, b) == (0, 2) && empty & own_good == 0 {
                packed += 1 << (8 * (OpenLines::PARITY_BYTE + 4));
            }
        }
        OpenLines(packed)
    }
}

/// The good levels of the side to move when `occupied` is on the board: Black (to move
/// after an even number of spheres) has the odd ones.
#[inline(always)]
fn good_levels(occupied: u64) -> u64 {
    if occupied.count_ones().is_multiple_of(2) { ODD_LEVELS } else { EVEN_LEVELS }
}

/// How the mover's sphere changes a line's entry in [`OpenLines`], as a wrapping delta on
/// the packed counts, by `[cell on the mover's good levels][`[`line_delta_index`]`(the
/// mover's spheres on the line before, the opponent's, the line's other empty cells: bit 0
/// set when none is on the mover's bad levels, bit 1 when none is on its good levels)]`.
/// One table look-up per line keeps the parity lines as cheap to follow as the open lines.
const LINE_DELTA: [[u64; 64]; 2] = line_delta();

/// Where a line's entry lies in its half of [`LINE_DELTA`]. (Flat and masked, so that the
/// look-up needs no bounds check.)
#[inline(always)]
const fn line_delta_index(mine: usize, theirs: usize, free: usize) -> usize {
    (mine << 4 | theirs << 2 | free) & 63
}

const fn line_delta() -> [[u64; 64]; 2] {
    const OWN_PARITY: u64 = 1 << (8 * OpenLines::PARITY_BYTE);
    const OTHER_PARITY: u64 = 1 << (8 * (OpenLines::PARITY_BYTE + 4));
    let mut table = [[0u64; 64]; 2];
    let mut cell_good = 0;
    while cell_good < 2 {
        let mut free = 0;
        while free < 4 {
            let (others_good, others_bad) = (free & 1 != 0, free & 2 != 0);
            // Still open: one more of ours (a line of 3 that becomes 4 is a win, never played).
            let mut a = 0;
            while a < 3 {
                let gained = 1u64 << (8 * a);
                let mut delta =
                    if a == 0 { gained } else { gained.wrapping_sub(1 << (8 * (a - 1))) };
                // One of ours becomes two with both free cells good: a parity line.
                if a == 1 && others_good {
                    delta = delta.wrapping_add(OWN_PARITY);
                }
                // Two become three: the parity line (the cell and one more, both good) is a
                // threat now.
                if a == 2 && others_good && cell_good == 1 {
                    delta = delta.wrapping_sub(OWN_PARITY);
                }
                table[cell_good][line_delta_index(a, 0, free)] = delta;
                a += 1;
            }
            // The opponent's open line is closed, and with it a parity line of two whose
            // free cells (this one among them) were all on the opponent's good levels.
            let mut b = 1;
            while b < 4 {
                let mut delta = 0u64.wrapping_sub(1 << (8 * (b + 3)));
                if b == 2 && others_bad && cell_good == 0 {
                    delta = delta.wrapping_sub(OTHER_PARITY);
                }
                table[cell_good][line_delta_index(0, b, free)] = delta;
                b += 1;
            }
            free += 1;
        }
        // An empty slot of a cell's line list reads as no spheres and no other empty cell,
        // which no line is (its other three cells would all be empty): it changes nothing.
        table[cell_good][line_delta_index(0, 0, 3)] = 0;
        cell_good += 1;
    }
    table
}

/// Cells on levels 1 and 3: Black's good threat levels, as odd rows are the first player's
/// in Connect Four (an even number of cells per peg hands the follow-up to the second player).
pub const ODD_LEVELS: u64 = 0x0000_FFFF_0000_FFFF;
/// Cells on levels 2 and 4: White's good threat levels.
pub const EVEN_LEVELS: u64 = !ODD_LEVELS;
/// Cells on level 3: where Black's threats decide the endgame.
pub const LEVEL_3: u64 = BOTTOM_LEVEL << 32;

/// The work a move does on the lines through its cell, in the instruction set the search
/// was compiled for: the threat test and the open-line update. The search runs both for
/// every move it makes, and the threat test for every move it orders.
///
/// The slots of the cell's line list are worked whether they hold a line or not (seven one
/// at a time, all eight four or eight at a time; an empty mask completes nothing and opens
/// or closes nothing): a fixed count unrolls without a branch, where a loop over four or
/// seven lines mispredicts its end.
pub trait LineKernel {
    /// The cells that complete a line through `cell` for `own` (which just gained a sphere
    /// on `cell`), that is, the fourth cell of each line with three cells `own`. The
    /// callers keep the empty ones (an `other` sphere there closes the line).
    fn threats_through(cell: u32, own: u64) -> u64;

    /// The packed counts of [`OpenLines`] once the side to move's sphere lands on `cell`:
    /// `packed` before the move, `own` and `other` the spheres before it, `rest_good` and
    /// `rest_bad` the board's other empty cells on the mover's good and bad levels, and
    /// `cell_good` whether `cell` is on a good one. (Each line's delta is added to `packed`
    /// itself: summed apart first, the AVX2 build took 3% more instructions.)
    #[inline(always)]
    fn open_lines_after(
        packed: u64,
        cell: u32,
        own: u64,
        other: u64,
        rest_good: u64,
        rest_bad: u64,
        cell_good: bool,
    ) -> u64 {
        let delta = &LINE_DELTA[cell_good as usize];
        let mut change = packed;
        for &line in &LINES_AT.0[cell as usize][..7] {
            let mine = (line & own).count_ones() as usize;
            let theirs = (line & other).count_ones() as usize;
            let free = ((line & rest_bad == 0) as usize) | ((line & rest_good == 0) as usize) << 1;
            change = change.wrapping_add(delta[line_delta_index(mine, theirs, free)]);
        }
        change
    }
}

/// One line at a time, on any CPU.
pub enum Scalar {}

impl LineKernel for Scalar {
    #[inline(always)]
    fn threats_through(cell: u32, own: u64) -> u64 {
        let lines = &LINES_AT.0[cell as usize][..7];
        lines.iter().fold(0, |threats, &line| threats | completion(line, own))
    }
}

/// The cell that completes `line` for `own`, if three of its cells are `own` (else 0).
#[inline(always)]
fn completion(line: u64, own: u64) -> u64 {
    let rest = line & !own;
    if rest & rest.wrapping_sub(1) == 0 { rest } else { 0 }
}

/// Four lines at a time, in AVX2's 256-bit registers: about half the instructions of the
/// threat test (the open-line update stays scalar: AVX2 has no bit count). Only for code
/// compiled with AVX2 and run where the CPU has it; elsewhere its instructions would not
/// be inlined, or not exist. Safe to name only because the engine's modules are private to
/// it: the one user is the search's AVX2 build, which runs only where `Kernel::detect`
/// found AVX2 (and tests that check for it first).
#[cfg(target_arch = "x86_64")]
pub enum Avx2 {}

#[cfg(target_arch = "x86_64")]
impl LineKernel for Avx2 {
    #[inline(always)]
    fn threats_through(cell: u32, own: u64) -> u64 {
        use std::arch::x86_64::*;
        // SAFETY: only run where the CPU has AVX2 (see above); the two aligned loads read
        // the cell's 64-byte-aligned row of eight masks.
        unsafe {
            let lines = LINES_AT.0[cell as usize].as_ptr().cast::<__m256i>();
            let own = _mm256_set1_epi64x(own as i64);
            // As `completion`, four lines at a time: what is left of a line once `own` is
            // taken out must be one cell (`more`: the cells beyond its lowest).
            // (Written out, not as a closure: a closure lacks AVX2 and would not inline it.)
            let (low, high) = (_mm256_load_si256(lines), _mm256_load_si256(lines.add(1)));
            let (low, high) = (_mm256_andnot_si256(own, low), _mm256_andnot_si256(own, high));
            let minus_one = _mm256_set1_epi64x(-1);
            let low_more = _mm256_and_si256(low, _mm256_add_epi64(low, minus_one));
            let high_more = _mm256_and_si256(high, _mm256_add_epi64(high, minus_one));
            let zero = _mm256_setzero_si256();
            let low = _mm256_and_si256(_mm256_cmpeq_epi64(low_more, zero), low);
            let high = _mm256_and_si256(_mm256_cmpeq_epi64(high_more, zero), high);
            let found = _mm256_or_si256(low, high);
            let half =
                _mm_or_si128(_mm256_castsi256_si128(found), _mm256_extracti128_si256::<1>(found));
            _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
        }
    }
}

/// All eight slots at once, in AVX-512's 512-bit registers, with its bit count
/// (VPOPCNTDQ): the threat test and the open-line update each in about a dozen
/// instructions. The same terms as [`Avx2`]: only inlined into the search's AVX-512 build,
/// which runs only where `Kernel::detect` found both features.
#[cfg(target_arch = "x86_64")]
pub enum Avx512 {}

/// [`LINE_DELTA`] re-indexed for a lookup in registers: by `[cell on the mover's good
/// levels][spheres on the line × 8 + 4 if any is the opponent's + free]` (`free` as in
/// [`line_delta_index`]). A line with spheres of both colours, dead, is masked out instead.
#[cfg(target_arch = "x86_64")]
static LINE_DELTA_BY_COUNT: LineDeltaByCount = LineDeltaByCount(line_delta_by_count());

#[cfg(target_arch = "x86_64")]
#[repr(align(64))]
struct LineDeltaByCount([[u64; 32]; 2]);

#[cfg(target_arch = "x86_64")]
const fn line_delta_by_count() -> [[u64; 32]; 2] {
    let mut table = [[0u64; 32]; 2];
    let mut cell_good = 0;
    while cell_good < 2 {
        let mut index = 0;
        while index < 32 {
            let (spheres, theirs, free) = (index / 8, index & 4 != 0, index & 3);
            let (mine, theirs) = if theirs { (0, spheres) } else { (spheres, 0) };
            table[cell_good][index] = LINE_DELTA[cell_good][line_delta_index(mine, theirs, free)];
            index += 1;
        }
        cell_good += 1;
    }
    table
}

#[cfg(target_arch = "x86_64")]
impl LineKernel for Avx512 {
    #[inline(always)]
    fn threats_through(cell: u32, own: u64) -> u64 {
        use std::arch::x86_64::*;
        // SAFETY: only run where the CPU has AVX-512F (see above); the aligned load reads
        // the cell's 64-byte-aligned row of eight masks.
        unsafe {
            let lines = _mm512_load_si512(LINES_AT.0[cell as usize].as_ptr().cast());
            // As `completion`: what is left of a line once `own` is taken out is one cell.
            let rest = _mm512_andnot_si512(_mm512_set1_epi64(own as i64), lines);
            let more = _mm512_and_si512(rest, _mm512_add_epi64(rest, _mm512_set1_epi64(-1)));
            let single = _mm512_testn_epi64_mask(more, more);
            _mm512_mask_reduce_or_epi64(single, rest) as u64
        }
    }

    #[inline(always)]
    fn open_lines_after(
        packed: u64,
        cell: u32,
        own: u64,
        other: u64,
        rest_good: u64,
        rest_bad: u64,
        cell_good: bool,
    ) -> u64 {
        use std::arch::x86_64::*;
        // SAFETY: only run where the CPU has AVX-512F and VPOPCNTDQ (see above); the
        // aligned loads read the cell's row of eight masks and the four 64-byte quarters
        // of one half of `LINE_DELTA_BY_COUNT`.
        unsafe {
            // (Written out, not with closures: a closure lacks AVX-512 and would not
            // inline its instructions.)
            let lines = _mm512_load_si512(LINES_AT.0[cell as usize].as_ptr().cast());
            let (own, other) = (_mm512_set1_epi64(own as i64), _mm512_set1_epi64(other as i64));
            let spheres = _mm512_popcnt_epi64(_mm512_and_si512(lines, _mm512_or_si512(own, other)));
            let mine = _mm512_test_epi64_mask(lines, own);
            let theirs = _mm512_test_epi64_mask(lines, other);
            let no_bad = _mm512_testn_epi64_mask(lines, _mm512_set1_epi64(rest_bad as i64));
            let no_good = _mm512_testn_epi64_mask(lines, _mm512_set1_epi64(rest_good as i64));
            let mut index = _mm512_slli_epi64::<3>(spheres);
            index = _mm512_mask_or_epi64(index, theirs, index, _mm512_set1_epi64(4));
            index = _mm512_mask_or_epi64(index, no_bad, index, _mm512_set1_epi64(1));
            index = _mm512_mask_or_epi64(index, no_good, index, _mm512_set1_epi64(2));
            // Entries 0–15 and 16–31, each picked by the index's low four bits.
            let table = LINE_DELTA_BY_COUNT.0[cell_good as usize].as_ptr().cast::<__m512i>();
            let (first, second) = (_mm512_load_si512(table), _mm512_load_si512(table.add(1)));
            let (third, fourth) =
                (_mm512_load_si512(table.add(2)), _mm512_load_si512(table.add(3)));
            let live = !(mine & theirs);
            let low = _mm512_maskz_permutex2var_epi64(live, first, index, second);
            let high = _mm512_maskz_permutex2var_epi64(live, third, index, fourth);
            let upper = _mm512_test_epi64_mask(index, _mm512_set1_epi64(16));
            let change = _mm512_reduce_add_epi64(_mm512_mask_blend_epi64(upper, low, high));
            packed.wrapping_add(change as u64)
        }
    }
}

/// A position from the side to move's point of view. Only for games still in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The side to move's spheres.
    pub own: u64,
    /// The opponent's spheres.
    pub other: u64,
    /// Empty cells where the side to move would complete a line.
    pub own_threats: u64,
    /// Empty cells where the opponent would complete a line.
    pub other_threats: u64,
    pub open_lines: OpenLines,
    /// The transposition key past the symmetry plies, kept up to date move by move: the
    /// XOR of a random word per sphere by colour and cell ([`sphere_key`]).
    pub key: u64,
}

/// What the threat logic alone says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// The side to move completes a line on this cell.
    WinNow(u64),
    /// Every move loses on the opponent's next move: two playable threats, or only moves
    /// that block one threat by handing over the cell above it.
    LostInTwo,
    /// The board is full: a draw.
    Full,
    /// The moves that do not lose at once (one bit per landing cell); a single bit when a
    /// threat must be blocked.
    Moves(u64),
}

impl Board {
    pub fn from_position(position: &Position) -> Board {
        let mover = position.to_move();
        Board {
            own: position.stones(mover),
            other: position.stones(mover.opponent()),
            own_threats: position.threats(mover),
            other_threats: position.threats(mover.opponent()),
            open_lines: OpenLines::of(position.stones(mover), position.stones(mover.opponent())),
            key: spheres_key(position.stones(Colour::Black), position.stones(Colour::White)),
        }
    }

    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.own | self.other
    }

    /// Spheres on the board.
    #[inline(always)]
    pub fn ply(&self) -> u32 {
        self.occupied().count_ones()
    }

    #[inline(always)]
    pub fn empties(&self) -> u32 {
        64 - self.ply()
    }

    /// Landing cells, one per peg that is not full.
    #[inline(always)]
    pub fn legal(&self) -> u64 {
        drop_cells(self.occupied())
    }

    /// Whether the side to move is Black (Black moves at even plies).
    #[inline(always)]
    pub fn black_to_move(&self) -> bool {
        self.ply().is_multiple_of(2)
    }

    /// The position after the side to move drops a sphere that lands on `cell` (a single
    /// bit of [`Board::legal`] that does not win; a winning move ends the game instead).
    #[inline(always)]
    pub fn play(&self, cell: u64) -> Board {
        self.play_knowing::<Scalar, true>(cell, self.threats_made::<Scalar>(cell))
    }

    /// The empty cells where the side to move's sphere on `cell` completes a line of its
    /// own through `cell`.
    #[inline(always)]
    pub fn threats_made<K: LineKernel>(&self, cell: u64) -> u64 {
        K::threats_through(cell.trailing_zeros(), self.own | cell) & !(self.occupied() | cell)
    }

    /// As [`Board::play`], with the threats the move makes already known
    /// ([`Board::threats_made`], less any cells the side to move already threatens): the
    /// move ordering has tested them, and the child need not test them again. Without
    /// `LINES`, for a search that will never evaluate the position or any after it (a proof
    /// to the end of the game), the open lines, which only the evaluation reads, are left
    /// empty instead of followed, which spares a proof their per-line work.
    #[inline(always)]
    pub fn play_knowing<K: LineKernel, const LINES: bool>(&self, cell: u64, made: u64) -> Board {
        let own = self.own | cell;
        let occupied = own | self.other;
        // How the move changes the open lines: one pass over the lines through the cell.
        let mut lines = self.open_lines.0;
        if LINES {
            // The rest of the board's empty cells, split by the mover's good and bad levels.
            let good = good_levels(self.occupied());
            let rest = !occupied;
            lines = K::open_lines_after(
                lines,
                cell.trailing_zeros(),
                self.own,
                self.other,
                rest & good,
                rest & !good,
                cell & good != 0,
            );
        }
        Board {
            own: self.other,
            other: own,
            own_threats: self.other_threats & !occupied,
            other_threats: (self.own_threats | made) & !occupied,
            open_lines: if LINES {
                OpenLines(lines.rotate_left(OpenLines::SWAP))
            } else {
                OpenLines::default()
            },
            key: self.key ^ self.child_key_delta(cell),
        }
    }

    /// What the side to move's sphere on `cell` XORs into [`Board::key`].
    #[inline(always)]
    pub fn child_key_delta(&self, cell: u64) -> u64 {
        let colour = if self.black_to_move() { 0 } else { 1 };
        sphere_key(colour, cell.trailing_zeros() as usize)
    }

    /// Takes a win, blocks a single threat, never plays directly under an opponent's
    /// threat (that hands over the cell), and sees that two playable threats lose.
    #[inline(always)]
    pub fn tactics(&self) -> Tactics {
        let legal = self.legal();
        if legal == 0 {
            return Tactics::Full;
        }
        let wins = self.own_threats & legal;
        if wins != 0 {
            return Tactics::WinNow(wins & wins.wrapping_neg());
        }
        let must_block = self.other_threats & legal;
        let candidates = match must_block.count_ones() {
            0 => legal,
            1 => must_block,
            _ => return Tactics::LostInTwo,
        };
        let safe = candidates & !(self.other_threats >> 16);
        if safe == 0 { Tactics::LostInTwo } else { Tactics::Moves(safe) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Colour, parse_moves};

    fn board(moves: &str) -> (Position, Board) {
        let position = Position::after(&parse_moves(moves).unwrap()).unwrap();
        (position, Board::from_position(&position))
    }

    #[test]
    fn incremental_threats_match_the_rules_along_a_game() {
        let moves = parse_moves("b2 c3 b3 c2 a1 d4 b1 b4 c1 a4 c4 d1 b2 b3 c3 c2").unwrap();
        let mut position = Position::new();
        let mut b = Board::from_position(&position);
        for peg in moves {
            let cell = position.play(peg).unwrap();
            assert!(!position.is_over());
            b = b.play(cell.bit());
            assert_eq!(b, Board::from_position(&position), "after {peg}");
        }
    }

    /// Parity lines counted cell by cell, from the rules' lines and colours alone.
    fn naive_parity_lines(position: &Position, colour: Colour) -> i32 {
        // Black's good levels are 1 and 3 (z 0 and 2), White's 2 and 4.
        let good_z = if colour == Colour::Black { 0 } else { 1 };
        crate::rules::Line::all()
            .filter(|line| {
                let cells = line.cells();
                let empty: Vec<_> = cells.iter().filter(|&&c| position.at(c).is_none()).collect();
                let opponent = cells.iter().any(|&c| position.at(c) == Some(colour.opponent()));
                !opponent && empty.len() == 2 && empty.iter().all(|c| c.z() % 2 == good_z)
            })
            .count() as i32
    }

    #[test]
    fn parity_lines_match_a_count_cell_by_cell_along_random_games() {
        let mut random = crate::engine::Random::seeded(11);
        let mut seen = [0; 2];
        for _ in 0..300 {
            let mut position = Position::new();
            while !position.is_over() {
                let moves = position.legal_moves();
                position.play(moves[random.below(moves.len())]).unwrap();
                if position.is_over() {
                    break;
                }
                let lines = Board::from_position(&position).open_lines;
                let mover = position.to_move();
                assert_eq!(lines.own_parity(), naive_parity_lines(&position, mover));
                assert_eq!(lines.other_parity(), naive_parity_lines(&position, mover.opponent()));
                seen[mover as usize] += lines.own_parity().min(1);
            }
        }
        // The games reach positions where either side to move has some.
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }

    #[test]
    fn incremental_state_matches_a_fresh_count_along_random_games() {
        let mut random = crate::engine::Random::seeded(7);
        for _ in 0..200 {
            let mut position = Position::new();
            let mut b = Board::from_position(&position);
            while !position.is_over() {
                let moves = position.legal_moves();
                let peg = moves[random.below(moves.len())];
                let cell = position.play(peg).unwrap();
                if position.is_over() {
                    break;
                }
                let next = b.play(cell.bit());
                // A proof's move differs only in the open lines it does not follow.
                let without = b.play_knowing::<Scalar, false>(
                    cell.bit(),
                    b.threats_made::<Scalar>(cell.bit()),
                );
                assert_eq!(Board { open_lines: next.open_lines, ..without }, next);
                b = next;
                assert_eq!(b, Board::from_position(&position));
            }
        }
    }

    /// Random cells and boards on which a kernel's line work must agree with the scalar
    /// one: `own` about half the cells (so that many lines hold three of them), `other`
    /// some of the rest, the empty cells split by the mover's levels as the search splits
    /// them.
    fn compare_with_scalar<K: LineKernel>(name: &str) {
        let mut random = crate::engine::Random::seeded(5);
        let (mut threats, mut changes) = (0, 0);
        for _ in 0..20_000 {
            let cell = random.below(64) as u32;
            let bit = 1u64 << cell;
            let own = random.next_u64() | bit;
            assert_eq!(
                K::threats_through(cell, own),
                Scalar::threats_through(cell, own),
                "{name}: threats through cell {cell}"
            );
            threats += (Scalar::threats_through(cell, own) != 0) as u32;
            // The move's cell empty, as before a move.
            let own = random.next_u64() & random.next_u64() & !bit;
            let other = random.next_u64() & random.next_u64() & !own & !bit;
            let good = good_levels(own | other);
            let rest = !(own | other | bit);
            let args = (cell, own, other, rest & good, rest & !good, bit & good != 0);
            let scalar =
                Scalar::open_lines_after(0, args.0, args.1, args.2, args.3, args.4, args.5);
            let kernel = K::open_lines_after(0, args.0, args.1, args.2, args.3, args.4, args.5);
            assert_eq!(kernel, scalar, "{name}: open lines through cell {cell}");
            changes += (scalar != 0) as u32;
        }
        assert!(threats > 1000 && changes > 10_000, "too few samples: {threats}, {changes}");
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_line_kernels_agree_with_the_scalar_one() {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY (of the kernel's instructions): the CPU has AVX2.
            compare_with_scalar::<Avx2>("AVX2");
        } else {
            eprintln!("no AVX2 here: nothing to compare");
        }
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vpopcntdq")
        {
            compare_with_scalar::<Avx512>("AVX-512");
        } else {
            eprintln!("no AVX-512 with VPOPCNTDQ here: nothing to compare");
        }
    }

    #[test]
    fn tactics_take_the_win_and_block_the_only_threat() {
        let (p, b) = board("a1 b2 b1 b2 c1");
        // White must block d1 (Black's a1 b1 c1); d1:1 is the only move.
        assert_eq!(b.tactics(), Tactics::Moves(1 << 3));
        assert_eq!(p.threats(Colour::Black), 1 << 3);
        let (_, b) = board("a1 b2 b1 b2 c1 a4");
        assert_eq!(b.tactics(), Tactics::WinNow(1 << 3));
    }

    #[test]
    fn two_playable_threats_lose() {
        // Black's a1 forks: a1 b1 c1 threatens d1 and a1 a2 a3 threatens a4, both on level 1.
        let (_, b) = board("b1 d4 c1 c4 a2 d3 a3 c3 a1");
        assert_eq!(b.tactics(), Tactics::LostInTwo);
    }

    #[test]
    fn never_plays_under_an_opponent_threat() {
        // White holds b1:2 c1:2 d1:2 and threatens a1:2; a1 is empty, so playing a1 hands
        // White the cell above.
        let (_, b) = board("b1 c1 d1 b1 a4 c1 d4 d1");
        assert_eq!(b.other_threats, 1 << 16);
        match b.tactics() {
            Tactics::Moves(m) => assert_eq!(m & 1, 0, "a1:1 lies under the threat"),
            other => panic!("{other:?}"),
        }
    }
}
