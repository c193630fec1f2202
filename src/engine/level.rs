//! The six levels: how deep and how long each one thinks, and how loosely it chooses.

use std::time::Duration;

use super::eval::Weights;

/// What a level does with its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The deepest iteration (plies).
    pub depth: i32,
    /// The time budget per move.
    pub budget: Duration,
    /// Plays any move scoring within this of the best (0: always the best).
    pub margin: i32,
    /// The margin for the first few moves of a game, so that strong levels vary openings.
    pub opening_margin: i32,
    /// Tries to prove the game's value once this few cells are empty (0: never).
    pub solve_from_empties: u32,
    /// A proof still running when the budget is spent may go on until this many budgets have
    /// passed (1: it stops with the budget).
    pub proof_budgets: u32,
    /// Thinks for the whole budget rather than stopping when another iteration looks
    /// too long to finish.
    pub full_time: bool,
    /// Searches with several threads (see [`default_threads`]).
    pub parallel: bool,
    /// Transposition table size.
    pub table_megabytes: usize,
    /// What the evaluation knows.
    pub weights: Weights,
    /// Plays the opening book's move where it has one.
    pub book: bool,
}

/// Moves before this ply count as the opening.
pub const OPENING_PLIES: u32 = 4;

/// Settings for `level` (values outside 1…6 are clamped).
///
/// Levels 1 to 5 stop at a fixed depth, so each is a clear step below the next whatever
/// the machine; level 6 alone plays its first moves from the opening book, thinks for its
/// whole time, proves endgames early and knows who controls the endgame's zugzwang (39–21
/// in self-play at equal depth), with weights fitted to solved positions (176–3–121 in
/// self-play against the hand-tuned weights, a second fit 274–1–225 against the first, and
/// a third, with parity lines, 285–0–115 against the second: [`Weights::DEFAULT`]).
pub fn level(level: u8) -> Level {
    let ms = Duration::from_millis;
    match level.clamp(1, 6) {
        // Takes wins and blocks (the threat logic), looks one move ahead, plays loosely.
        1 => Level {
            depth: 1,
            budget: ms(100),
            margin: 250,
            opening_margin: 250,
            solve_from_empties: 0,
            proof_budgets: 1,
            full_time: false,
            parallel: false,
            table_megabytes: 1,
            weights: Weights::WITHOUT_ZUGZWANG,
            book: false,
        },
        2 => Level {
            depth: 2,
            budget: ms(150),
            margin: 100,
            opening_margin: 100,
            solve_from_empties: 0,
            proof_budgets: 1,
            full_time: false,
            parallel: false,
            table_megabytes: 2,
            weights: Weights::WITHOUT_ZUGZWANG,
            book: false,
        },
        3 => Level {
            depth: 4,
            budget: ms(300),
            margin: 30,
            opening_margin: 40,
            solve_from_empties: 0,
            proof_budgets: 1,
            full_time: false,
            parallel: false,
            table_megabytes: 8,
            weights: Weights::WITHOUT_ZUGZWANG,
            book: false,
        },
        4 => Level {
            depth: 6,
            budget: ms(500),
            margin: 6,
            opening_margin: 20,
            solve_from_empties: 0,
            proof_budgets: 1,
            full_time: false,
            parallel: false,
            table_megabytes: 16,
            weights: Weights::WITHOUT_ZUGZWANG,
            book: false,
        },
        5 => Level {
            depth: 8,
            budget: ms(1000),
            margin: 0,
            opening_margin: 10,
            solve_from_empties: 24,
            proof_budgets: 1,
            full_time: false,
            parallel: false,
            table_megabytes: 32,
            weights: Weights::WITHOUT_ZUGZWANG,
            book: false,
        },
        // Most wins level 6 missed in games against another program lay 34 to 39 cells from
        // the end. On the 153 positions of 75 such games with 35 to 38 empty cells (one
        // thread, the table kept from move to move), a threshold of 38 chose a move the solver
        // showed to be worse than 34's in none, and a better one in 3: a proof that fails
        // costs the move less of its search than a missed win costs the game.
        // A proof still running when the budget is spent may take up to three budgets: on the
        // 23 positions with 33 to 38 empty cells where such games had missed a win the solver
        // proved later (one thread, a fresh table), it played a winning move in 12 with one
        // budget and in 20 with three, taking 4.5 s a move on average instead of 2.5.
        _ => Level {
            depth: 64,
            budget: ms(2800),
            margin: 0,
            opening_margin: 0,
            solve_from_empties: 38,
            proof_budgets: 3,
            full_time: true,
            parallel: true,
            table_megabytes: 64,
            weights: Weights::DEFAULT,
            book: true,
        },
    }
}

/// The most threads a parallel level uses: past four, a shared table gains little more.
const MAX_THREADS: usize = 4;

/// How many threads a parallel level uses: one per core, at most [`MAX_THREADS`].
pub fn default_threads() -> usize {
    threads_leaving_cores(0)
}

/// As [`default_threads`], with `free` cores left to other work (at least one thread).
pub fn threads_leaving_cores(free: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(free).clamp(1, MAX_THREADS)
}

/// What [`crate::engine::hint`] uses: the top level's search, without randomness, for a
/// second.
pub fn hint_level() -> Level {
    Level { budget: Duration::from_millis(1000), ..level(6) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_and_stay_game_friendly() {
        for n in 1..6 {
            let (this, next) = (level(n), level(n + 1));
            assert!(this.depth <= next.depth && this.budget <= next.budget);
            assert!(this.margin >= next.margin);
            assert!(this.solve_from_empties <= next.solve_from_empties);
            assert!(1 <= this.proof_budgets && this.proof_budgets <= next.proof_budgets);
        }
        assert!(level(6).budget <= Duration::from_secs(3));
        // The longest a player waits: a proof that runs to the end of its last budget.
        assert!(level(6).budget * level(6).proof_budgets <= Duration::from_secs(9));
        assert_eq!(level(0), level(1));
        assert_eq!(level(9), level(6));
    }
}
