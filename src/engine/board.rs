//! The search's view of a position: the side to move, its opponent, and both sides' threat
//! cells, kept up to date incrementally so that a move costs a handful of line tests.

use crate::rules::{BOTTOM_LEVEL, LINES, Position, drop_cells};

/// The masks of the lines through each cell (4 or 7), then empty masks.
const LINES_AT: [[u64; 7]; 64] = lines_at().0;
/// How many lines pass through each cell.
const LINES_AT_COUNT: [u8; 64] = lines_at().1;

const fn lines_at() -> ([[u64; 7]; 64], [u8; 64]) {
    let mut table = [[0u64; 7]; 64];
    let mut counts = [0u8; 64];
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
        counts[cell] = found as u8;
        cell += 1;
    }
    (table, counts)
}

/// Open lines (no opposing sphere) by how many spheres they hold, for both sides, packed
/// one byte each: the side to move's lines with 1, 2, 3 spheres in bytes 0–2, the
/// opponent's in bytes 4–6. A move changes only the lines through its cell, so the search
/// keeps these up to date for a few bit counts instead of walking all 76 lines at a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OpenLines(u64);

impl OpenLines {
    /// The mover's half and the opponent's half trade places.
    const SWAP: u32 = 32;

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

    /// Counted from scratch.
    pub fn of(own: u64, other: u64) -> OpenLines {
        let mut packed = 0u64;
        for &line in &LINES {
            let (a, b) = ((line & own).count_ones(), (line & other).count_ones());
            match (a, b) {
                (1..=3, 0) => packed += 1 << (8 * (a - 1)),
                (0, 1..=3) => packed += 1 << (8 * (b + 3)),
                _ => {}
            }
        }
        OpenLines(packed)
    }
}

/// How the mover's sphere changes a line's entry in [`OpenLines`], by the line's spheres
/// before the move: `[own][other]`, as a wrapping delta on the packed counts.
const LINE_DELTA: [[u64; 4]; 4] = line_delta();

const fn line_delta() -> [[u64; 4]; 4] {
    let mut table = [[0u64; 4]; 4];
    // Still open: one more of ours (a line of 3 that becomes 4 is a win, never played).
    let mut a = 0;
    while a < 3 {
        let gained = 1u64 << (8 * a);
        table[a][0] = if a == 0 { gained } else { gained.wrapping_sub(1 << (8 * (a - 1))) };
        a += 1;
    }
    // The opponent's open line is closed.
    let mut b = 1;
    while b < 4 {
        table[0][b] = 0u64.wrapping_sub(1 << (8 * (b + 3)));
        b += 1;
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

/// Empty cells where `own` (which just gained a sphere on `cell`) completes a line through
/// `cell`: three of the line's cells are `own` and the fourth is free of `other`.
#[inline(always)]
pub fn threats_through(cell: u32, own: u64, other: u64) -> u64 {
    let cell = cell as usize;
    LINES_AT[cell][..LINES_AT_COUNT[cell] as usize]
        .iter()
        .fold(0, |threats, &line| threats | completion(line, own, other))
}

/// The empty cell that completes `line` for `own`, if three of its cells are `own` and the
/// fourth is free of `other` (else 0).
#[inline(always)]
fn completion(line: u64, own: u64, other: u64) -> u64 {
    let rest = line & !own;
    let single = rest & rest.wrapping_sub(1) == 0;
    if single && rest & other == 0 { rest } else { 0 }
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
        let own = self.own | cell;
        let occupied = own | self.other;
        // One pass over the lines through the cell: the threats it makes, and how it
        // changes the open lines.
        let index = cell.trailing_zeros() as usize;
        let mut made = 0;
        let mut lines = self.open_lines.0;
        for &line in &LINES_AT[index][..LINES_AT_COUNT[index] as usize] {
            let mine = (line & self.own).count_ones() as usize;
            let theirs = (line & self.other).count_ones() as usize;
            lines = lines.wrapping_add(LINE_DELTA[mine][theirs]);
            made |= completion(line, own, self.other);
        }
        Board {
            own: self.other,
            other: own,
            own_threats: self.other_threats & !occupied,
            other_threats: (self.own_threats | made) & !occupied,
            open_lines: OpenLines(lines.rotate_left(OpenLines::SWAP)),
        }
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
                b = b.play(cell.bit());
                assert_eq!(b, Board::from_position(&position));
            }
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
