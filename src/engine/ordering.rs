//! Move ordering, for the moves after the table's (which the search tries before ordering
//! any): moves that win by a double threat or make threats (playable ones first, on the
//! mover's good levels), blocks of future threats, killers, history, and cells on seven
//! lines. Good ordering is most of alpha-beta's speed.

use super::board::{Board, EVEN_LEVELS, LineKernel, ODD_LEVELS};
use crate::rules::{LINES, drop_cells};

/// How many lines pass through each cell: 7 for corners and inner cells, 4 elsewhere.
const LINE_COUNT: [i32; 64] = line_count();

const fn line_count() -> [i32; 64] {
    let mut out = [0; 64];
    let mut line = 0;
    while line < LINES.len() {
        let mut cell = 0;
        while cell < 64 {
            if LINES[line] & (1 << cell) != 0 {
                out[cell] += 1;
            }
            cell += 1;
        }
        line += 1;
    }
    out
}

/// Up to 16 moves (landing cells) with their ordering scores, the best known at once and
/// the rest sorted only when asked (a cutoff by the best spares the sort), and the threats
/// each makes when the ordering tested them.
#[derive(Clone, Copy)]
pub struct MoveList {
    /// A key per move: its score times 64, plus 63 less its cell (so ties go to the lower
    /// cell, and keys are distinct). In the order scored until [`MoveList::sort`].
    keys: [i32; 16],
    len: usize,
    /// The greatest key.
    best: i32,
    /// By peg: the threats the move on that peg makes ([`Board::threats_made`], less the
    /// cells already threatened); set only when `threats_known`.
    made_by_peg: [u64; 16],
    threats_known: bool,
}

/// The cell of a [`MoveList`] key.
#[inline(always)]
fn cell_of(key: i32) -> u8 {
    63 - (key & 63) as u8
}

impl MoveList {
    pub fn len(&self) -> usize {
        self.len
    }

    /// The best move.
    #[inline(always)]
    pub fn first(&self) -> u8 {
        cell_of(self.best)
    }

    /// Sorts the moves, best first.
    #[inline(always)]
    pub fn sort(&mut self) {
        for next in 1..self.len {
            let key = self.keys[next];
            let mut i = next;
            while i > 0 && self.keys[i - 1] < key {
                self.keys[i] = self.keys[i - 1];
                i -= 1;
            }
            self.keys[i] = key;
        }
    }

    /// The move at `index`, best first once sorted.
    #[inline(always)]
    pub fn at(&self, index: usize) -> u8 {
        cell_of(self.keys[index])
    }

    /// The moves, sorted best first.
    pub fn sorted(mut self) -> Vec<u8> {
        self.sort();
        self.keys[..self.len].iter().map(|&key| cell_of(key)).collect()
    }

    /// The threats the listed move on `cell` makes, if the ordering tested them.
    #[inline(always)]
    pub fn threats_made(&self, cell: u8) -> Option<u64> {
        self.threats_known.then(|| self.made_by_peg[cell as usize % 16])
    }
}

/// What the search has learned that helps ordering, besides the position itself.
pub struct Hints<'a> {
    pub killers: [u8; 2],
    pub history: &'a [u32; 64],
}

/// A move's ordering score (only the order matters), and the threats it makes. `THREATS`:
/// look for those threats (the costly part, skipped just above the leaves, where a wrong
/// guess costs one cheap leaf; the threats are then 0).
#[inline(always)]
fn move_score<const THREATS: bool, K: LineKernel>(
    board: &Board,
    cell: u32,
    good_levels: u64,
) -> (i32, u64) {
    let bit = 1u64 << cell;
    let mut score = LINE_COUNT[cell as usize] * 8;
    let mut made = 0;
    if THREATS {
        let occupied = board.occupied() | bit;
        made = board.threats_made::<K>(bit) & !board.own_threats;
        let playable = made & drop_cells(occupied);
        if playable.count_ones() >= 2 {
            score += 1 << 20; // a double threat the opponent cannot answer twice
        }
        // 3000 a playable threat, 2000 one on the mover's good levels, 1000 another.
        let threats = made.count_ones() + (made & good_levels).count_ones();
        score += (3 * playable.count_ones() + threats) as i32 * 1000;
    }
    if bit & board.other_threats != 0 {
        score += 1500; // takes an opponent's future threat cell
    }
    if (bit << 16) & board.own_threats != 0 {
        score -= 2500; // lets the opponent block our threat above
    }
    (score, made)
}

/// Scores `moves` (landing cells of `board`) for searching.
#[inline(always)]
pub fn order<const THREATS: bool, K: LineKernel>(
    board: &Board,
    moves: u64,
    hints: &Hints,
) -> MoveList {
    let mut list = MoveList {
        keys: [0; 16],
        len: 0,
        best: i32::MIN,
        made_by_peg: [0; 16],
        threats_known: THREATS,
    };
    // One move needs no score: a forced move, or the last after the table's.
    if moves & (moves - 1) == 0 {
        list.best = 63 - moves.trailing_zeros() as i32;
        list.keys[0] = list.best;
        list.len = 1;
        list.threats_known = false;
        return list;
    }
    let good_levels = if board.black_to_move() { ODD_LEVELS } else { EVEN_LEVELS };
    let mut rest = moves;
    while rest != 0 {
        let cell = rest.trailing_zeros();
        rest &= rest - 1;
        let c = cell as u8;
        let (mut score, made) = move_score::<THREATS, K>(board, cell, good_levels);
        list.made_by_peg[cell as usize % 16] = made;
        if hints.killers[0] == c {
            score += 900;
        } else if hints.killers[1] == c {
            score += 700;
        }
        score += hints.history[cell as usize].min(600) as i32;
        // Scores stay well within ±2^24 (a double threat's bonus is the largest), so the key
        // fits.
        let key = score * 64 + (63 - cell as i32);
        list.keys[list.len] = key;
        list.best = list.best.max(key);
        list.len += 1;
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Scalar;
    use crate::rules::{Position, parse_moves};

    fn ordered(moves: &str) -> Vec<u8> {
        let position = Position::after(&parse_moves(moves).unwrap()).unwrap();
        let board = Board::from_position(&position);
        let history = [0; 64];
        let hints = Hints { killers: [255; 2], history: &history };
        order::<true, Scalar>(&board, board.legal(), &hints).sorted()
    }

    #[test]
    fn every_move_is_listed_once() {
        let mut cells = ordered("b2 c3 a1");
        assert_eq!(cells.len(), 16);
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 16);
    }

    #[test]
    fn a_double_threat_comes_first() {
        // Black to move: a1:1 makes a1 b1 c1 (d1) and a1 a2 a3 (a4), both playable.
        assert_eq!(ordered("b1 d4 c1 c4 a2 d3 a3 c3")[0], 0);
    }

    #[test]
    fn corners_come_before_edges_on_an_empty_board() {
        let first = ordered("")[0];
        assert!([0, 3, 12, 15].contains(&first), "{first}");
    }
}
