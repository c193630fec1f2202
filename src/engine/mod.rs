//! The computer player: negamax alpha-beta with a transposition table, iterative deepening,
//! principal-variation search, threat logic, an evaluation tuned by self-play, an exact
//! solver, an opening book for the top level that learns from lost games, and six levels.
//! Pure Rust; the game runs it on a background thread.

mod board;
mod book;
mod book_audit;
mod book_learning;
mod book_proving;
mod clock;
mod eval;
mod level;
mod ordering;
mod random;
mod score;
mod search;
mod solver;
mod symmetry;
mod think;
mod tt;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::{Peg, Position, Status, column_mask};

pub use book::{Book, BuildOptions, SHIPPED_TEXT as SHIPPED_BOOK, build as build_book};
pub use book_audit::{AuditOptions, audit_own_games};
pub use book_learning::{
    LearnOptions, learn as learn_from_lost_games, settle as settle_from_own_games,
};
pub use book_proving::{ProveOptions, prove as prove_from_lost_games};
pub use eval::{TERMS, Weights};
pub use level::{Level, level, threads_leaving_cores};
pub use random::Random;
pub use solver::{Solution, Value, solve, solve_value};

use board::Board;
use clock::Clock;
use think::{Request, think};

fn peg_of(cell: u64) -> Peg {
    Peg::new((cell.trailing_zeros() % 16) as u8).expect("a cell's peg")
}

/// The move the computer at `level` (1…6) chooses in `position`, within the level's time
/// budget, or `None` if the game is over.
pub fn choose_move(position: &Position, level: u8) -> Option<Peg> {
    choose_move_cancellable(position, level, &AtomicBool::new(false))
}

/// As [`choose_move`], but returns early, with the best move found so far (always legal),
/// once `stop` becomes true.
pub fn choose_move_cancellable(position: &Position, level: u8, stop: &AtomicBool) -> Option<Peg> {
    choose_move_with(position, &Settings::level(level), Some(stop), &mut Random::from_entropy())
}

/// Everything that decides how the computer plays, for the arena: the level, the
/// evaluation weights (to tune them by self-play) and a factor on the level's time budget
/// (to play many games quickly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub level: u8,
    /// The evaluation's weights; `None`: the level's own.
    pub weights: Option<Weights>,
    pub time_scale: f64,
    /// Threads for a level that searches with several; `None`: one per core, up to four.
    pub threads: Option<usize>,
    /// Plays the opening book's moves, if the level has a book (`false`: to measure it).
    pub book: bool,
}

impl Settings {
    pub fn level(level: u8) -> Settings {
        Settings { level, weights: None, time_scale: 1.0, threads: None, book: true }
    }
}

/// Which kept transposition table a player uses: one per level, evaluation and book
/// setting, so that two computer players in one game never share what they learned.
fn owner_tag(settings: &Settings) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (settings.level, settings.weights, settings.book).hash(&mut hasher);
    hasher.finish()
}

/// As [`choose_move_cancellable`] with everything given, random choices included, so that
/// games can be repeated.
pub fn choose_move_with(
    position: &Position,
    settings: &Settings,
    stop: Option<&AtomicBool>,
    random: &mut Random,
) -> Option<Peg> {
    if position.is_over() {
        return None;
    }
    let level = level::level(settings.level);
    if level.book
        && settings.book
        && let Some(cell) = book::shipped().lookup(&Board::from_position(position))
    {
        return Some(peg_of(cell));
    }
    let margin = if (position.ply() as u32) < level::OPENING_PLIES {
        level.opening_margin
    } else {
        level.margin
    };
    let request = Request {
        max_depth: level.depth,
        margin,
        solve_from_empties: level.solve_from_empties,
        proof_budgets: level.proof_budgets,
        table_megabytes: level.table_megabytes,
        keep_table_for: Some(owner_tag(settings)),
        answer_forced_at_once: true,
        full_time: level.full_time,
        weights: settings.weights.unwrap_or(level.weights),
        threads: match level.parallel {
            true => settings.threads.unwrap_or_else(level::default_threads).max(1),
            false => 1,
        },
        among: think::ANY_MOVE,
    };
    let budget = level.budget.mul_f64(settings.time_scale.clamp(0.001, 1000.0));
    let clock = Clock::with_budget(Some(budget), stop);
    let thought = think(&Board::from_position(position), &request, clock, random);
    Some(peg_of(thought.cell))
}

/// The best move for the side to move: the top level's book move, or else the best found
/// within about a second, or by the time `stop` is raised (the game raises it when the
/// position changes or the window closes, so that a stale hint gives its core back at once).
pub fn hint(position: &Position, stop: &AtomicBool) -> Option<Peg> {
    let budget = level::hint_level().budget;
    book_move(position)
        .or_else(|| Some(analyse_until(position, None, Some(budget), &[], stop)?.best))
}

/// Which build of the search new searches run (the instruction set it was compiled for):
/// `"AVX-512"`, `"AVX2"`, `"POPCNT"` or `"portable"`; the best this CPU runs, unless
/// [`choose_search_build`] chose another.
pub fn search_build() -> &'static str {
    search::Kernel::in_use().name()
}

/// Makes new searches run the build `name` (see [`search_build`]; any case), if this CPU
/// runs it: to compare the builds' speed on one binary. The builds search the same trees.
pub fn choose_search_build(name: &str) -> Result<&'static str, String> {
    search::Kernel::choose(name).map(search::Kernel::name)
}

/// The shipped opening book's move for `position`, if it has one.
pub fn book_move(position: &Position) -> Option<Peg> {
    if position.is_over() {
        return None;
    }
    book::shipped().lookup(&Board::from_position(position)).map(peg_of)
}

/// What the static evaluation counts in `position`, for the side to move, one number per
/// weight in the order of [`Weights::to_array`] (`arena --black-weights`): the evaluation
/// is their dot product with the weights. To fit the weights to solved positions.
pub fn evaluation_terms(position: &Position) -> [i32; TERMS] {
    eval::terms(&Board::from_position(position))
}

/// Every legal move of `position` with its score for the side to move after a search of
/// `depth` plies (a fixed-depth search, without randomness), best first.
pub fn rank_moves(position: &Position, depth: i32) -> Vec<(Peg, i32)> {
    if position.is_over() {
        return Vec::new();
    }
    let board = Board::from_position(position);
    let table = tt::Table::with_megabytes(16);
    let mut searcher =
        search::Searcher::new(&table, Weights::DEFAULT, Clock::with_budget(None, None));
    let mut ranked: Vec<(Peg, i32)> = position
        .legal_moves()
        .into_iter()
        .filter_map(|peg| {
            let mut after = *position;
            let cell = after.play(peg).ok()?;
            let score = match after.status() {
                Status::Won { .. } => score::win_at(after.ply() as u32),
                Status::Draw => score::DRAW,
                Status::Ongoing => {
                    let child = board.play(cell.bit());
                    -searcher.negamax(&child, depth - 1, -score::INFINITY, score::INFINITY)
                }
            };
            Some((peg, score))
        })
        .collect();
    ranked.sort_by_key(|&(_, score)| -score);
    ranked
}

/// The engine's view of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub best: Peg,
    /// The score for the side to move: the evaluation, or a decided game's score.
    pub score: Option<i32>,
    /// When the score says who wins: the plies to the end of the game from here.
    pub decided_in: Option<u32>,
    /// The deepest finished iteration.
    pub depth: i32,
    pub nodes: u64,
    /// Whether the score is the exact game value.
    pub exact: bool,
}

/// Searches `position` to `depth` plies and/or for `time` (at least one should be given;
/// with neither, a 1-second search), without randomness. `None` if the game is over.
pub fn analyse(
    position: &Position,
    depth: Option<i32>,
    time: Option<Duration>,
) -> Option<Analysis> {
    analyse_among(position, depth, time, &[])
}

/// As [`analyse`], choosing only among the moves on `pegs` (all moves if none is given, or
/// if none of those is legal and safe).
pub fn analyse_among(
    position: &Position,
    depth: Option<i32>,
    time: Option<Duration>,
    pegs: &[Peg],
) -> Option<Analysis> {
    analyse_until(position, depth, time, pegs, &AtomicBool::new(false))
}

/// As [`analyse_among`], ending early, with the best move so far, once `stop` is raised.
fn analyse_until(
    position: &Position,
    depth: Option<i32>,
    time: Option<Duration>,
    pegs: &[Peg],
    stop: &AtomicBool,
) -> Option<Analysis> {
    if position.is_over() {
        return None;
    }
    let board = Board::from_position(position);
    let among = match pegs {
        [] => think::ANY_MOVE,
        pegs => {
            pegs.iter().fold(0, |cells, peg| cells | (board.legal() & column_mask(peg.index())))
        }
    };
    let top = level::level(6);
    let time = match (depth, time) {
        (None, None) => Some(Duration::from_secs(1)),
        (_, time) => time,
    };
    let request = Request {
        max_depth: depth.unwrap_or(search::EXACT_DEPTH),
        margin: 0,
        solve_from_empties: if depth.is_none() { top.solve_from_empties } else { 0 },
        // The time asked for is the limit.
        proof_budgets: 1,
        table_megabytes: top.table_megabytes,
        keep_table_for: None,
        answer_forced_at_once: false,
        full_time: depth.is_none(),
        weights: Weights::DEFAULT,
        // One thread: the figures (nodes, the bench's nodes a second) are per core.
        threads: 1,
        among,
    };
    let clock = Clock::with_budget(time, Some(stop));
    let thought = think(&board, &request, clock, &mut Random::seeded(0));
    let decided_in =
        thought.score.filter(|&s| score::is_decided(s)).map(|s| score::final_ply(s) - board.ply());
    Some(Analysis {
        best: peg_of(thought.cell),
        score: thought.score,
        decided_in,
        depth: thought.depth,
        nodes: thought.nodes,
        exact: thought.exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    #[test]
    fn a_raised_stop_flag_ends_a_hint_at_the_search_s_first_look_at_the_clock() {
        // An early position of the bench, past the opening book.
        let moves = parse_moves("c2 d3 c4 b1 a4 c2 c4 d2").unwrap();
        let position = Position::after(&moves).unwrap();
        assert_eq!(book_move(&position), None);
        let raised = AtomicBool::new(true);
        let budget = level::hint_level().budget;
        let stopped = analyse_until(&position, None, Some(budget), &[], &raised).unwrap();
        assert!(stopped.nodes <= search::CLOCK_INTERVAL, "{} nodes", stopped.nodes);
        assert!(position.legal_moves().contains(&stopped.best));
        // The hint is that search: the same move, as soon.
        assert_eq!(hint(&position, &raised), Some(stopped.best));
    }
}
