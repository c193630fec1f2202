//! The exact solver: win, loss or draw with null-window searches to the end of the game,
//! then the number of plies to the end by a binary search over the win (or loss) scores.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::board::{Board, Tactics};
use super::clock::Clock;
use super::eval::Weights;
use super::score::{final_ply, loss_at, win_at};
use super::search::{EXACT_DEPTH, RootMove, Searcher};
use super::tt::Table;
use crate::rules::{Peg, Position, Status};

/// The game's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Draw,
    Loss,
}

impl Value {
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// `None` when the time ran out first.
    pub value: Option<Value>,
    /// Plies to the end of the game with best play from both sides, when known.
    pub plies: Option<u32>,
    /// A move that achieves the value (fastest win, slowest loss), when known.
    pub best: Option<Peg>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Transposition table size for solving a position with `empties` empty cells: small
/// positions need little, and a small table is quicker to set up and to reach. (On the
/// bench's 28-sphere positions, with four-slot buckets, 16 MB takes 4% more nodes than
/// 64 MB but 25% less time, 44–45 ms against 58–64; 8 MB is as quick, 32 MB and 128 MB
/// slower. With two-slot buckets 64 MB had been the quickest.)
fn table_megabytes(empties: u32) -> usize {
    match empties {
        0..=16 => 1,
        17..=36 => 16,
        _ => 64,
    }
}

fn peg_of(cell: u64) -> Peg {
    Peg::new((cell.trailing_zeros() % 16) as u8).expect("a cell's peg")
}

/// Solves `position` within `time_limit` (none: until done), stopping early if `stop` is
/// raised: the value, then the number of plies to the end.
pub fn solve(
    position: &Position,
    time_limit: Option<Duration>,
    stop: Option<&AtomicBool>,
) -> Solution {
    solve_with(position, time_limit, stop, true)
}

/// As [`solve`], but only win, draw or loss (much quicker: one null-window search); the
/// plies are given only when the threat logic alone decides.
pub fn solve_value(
    position: &Position,
    time_limit: Option<Duration>,
    stop: Option<&AtomicBool>,
) -> Solution {
    solve_with(position, time_limit, stop, false)
}

fn solve_with(
    position: &Position,
    time_limit: Option<Duration>,
    stop: Option<&AtomicBool>,
    distance: bool,
) -> Solution {
    let clock = Clock::with_budget(time_limit, stop);
    let known = |value, plies, best| Solution {
        value: Some(value),
        plies: Some(plies),
        best,
        nodes: 1,
        elapsed: clock.elapsed(),
    };
    match position.status() {
        Status::Won { .. } => return known(Value::Loss, 0, None),
        Status::Draw => return known(Value::Draw, 0, None),
        Status::Ongoing => {}
    }
    let board = Board::from_position(position);
    let ply = board.ply();
    let moves = match board.tactics() {
        Tactics::WinNow(cell) => return known(Value::Win, 1, Some(peg_of(cell))),
        Tactics::LostInTwo | Tactics::Full => {
            let blocks = board.other_threats & board.legal();
            let any = if blocks != 0 { blocks } else { board.legal() };
            return known(Value::Loss, 2, Some(peg_of(any & any.wrapping_neg())));
        }
        Tactics::Moves(moves) => moves,
    };

    let table = Table::with_megabytes(table_megabytes(board.empties()));
    let mut searcher = Searcher::new(&table, Weights::DEFAULT, clock);
    let mut root = searcher.root_moves(&board, moves);
    let solution = |searcher: &Searcher, value, plies, best: Option<u64>| Solution {
        value,
        plies,
        best: best.map(peg_of),
        nodes: searcher.nodes(),
        elapsed: searcher.clock().elapsed(),
    };

    // Win, draw or loss: one search with the narrowest window around the draw.
    let wdl = searcher.search_root(&board, &mut root, EXACT_DEPTH, -1, 1, None);
    let Some(wdl) = wdl.filter(|_| !searcher.aborted()) else {
        return solution(&searcher, None, None, None);
    };
    let first_best = root[wdl.best].cell;
    if wdl.score == 0 {
        return solution(&searcher, Some(Value::Draw), Some(64 - ply), Some(first_best));
    }
    let value = if wdl.score > 0 { Value::Win } else { Value::Loss };
    if !distance {
        return solution(&searcher, Some(value), None, Some(first_best));
    }

    // The exact score, between the bound just found and the best possible.
    let (mut low, mut high) =
        if wdl.score > 0 { (wdl.score, win_at(ply + 3)) } else { (loss_at(ply + 2), wdl.score) };
    let mut best = first_best;
    while low < high {
        let mid = low + (high - low + 1) / 2;
        root.sort_by_key(|m: &RootMove| -m.score);
        let Some(r) = searcher.search_root(&board, &mut root, EXACT_DEPTH, mid - 1, mid, None)
        else {
            return solution(&searcher, Some(value), None, Some(best));
        };
        if searcher.aborted() {
            return solution(&searcher, Some(value), None, Some(best));
        }
        if r.score >= mid {
            low = r.score;
            best = root[r.best].cell;
        } else {
            high = r.score;
        }
    }
    if value == Value::Loss {
        // The slowest loss: the move that reaches the exact score.
        root.sort_by_key(|m: &RootMove| -m.score);
        if let Some(r) = searcher.search_root(&board, &mut root, EXACT_DEPTH, low - 1, low, None)
            && !searcher.aborted()
        {
            best = root[r.best].cell;
        }
    }
    let plies = final_ply(low) - ply;
    solution(&searcher, Some(value), Some(plies), Some(best))
}
