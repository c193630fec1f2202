//! Choosing a move: iterative deepening within a time budget, then, for the levels that
//! have it, an attempt to prove the game's value with the remaining time, which such a level
//! may stretch to a few budgets (see [`Request::proof_budgets`]). With more than one
//! thread, helpers search the same position alongside (lazy SMP): they share the
//! transposition table, and what they store there lets the main search cut off sooner.

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{Board, Tactics};
use super::clock::Clock;
use super::eval::Weights;
use super::random::Random;
use super::score::{INFINITY, is_decided, loss_at, win_at};
use super::search::{EXACT_DEPTH, RootMove, Searcher};
use super::tt::{self, Table};

/// Past this share of the budget a new iteration would seldom finish: stop deepening.
const DEEPEN_UNTIL: f64 = 0.45;

/// With the solver to come, leave it more than half of the time.
const DEEPEN_UNTIL_BEFORE_SOLVING: f64 = 0.3;

/// How to think about one move.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub max_depth: i32,
    /// Choose at random among moves scoring within this of the best (0: the best).
    pub margin: i32,
    /// Try to prove the game's value once this few cells are empty (0: never).
    pub solve_from_empties: u32,
    /// A proof still running when the budget is spent may go on until this many budgets have
    /// passed (1: it stops with the budget).
    pub proof_budgets: u32,
    pub table_megabytes: usize,
    /// Keep the table for this owner's next search, and start from the one it kept.
    pub keep_table_for: Option<u64>,
    /// Answer a forced move at once, without searching for its score.
    pub answer_forced_at_once: bool,
    /// Keep deepening until the time is up (the last, unfinished iteration still counts if
    /// it found a better move), instead of stopping once another iteration seems too long.
    pub full_time: bool,
    pub weights: Weights,
    /// Threads searching (1: the calling thread alone).
    pub threads: usize,
    /// The landing cells to choose among ([`ANY_MOVE`]: every move), where they leave a
    /// move that does not lose at once; a win at once is taken whatever they say.
    pub among: u64,
}

/// [`Request::among`] for a free choice.
pub const ANY_MOVE: u64 = u64::MAX;

/// The chosen move and what was learned.
#[derive(Clone, Copy, Debug)]
pub struct Thought {
    /// The landing cell (one bit).
    pub cell: u64,
    /// The score of the position for the side to move, if a search finished.
    pub score: Option<i32>,
    /// The deepest finished iteration (plies).
    pub depth: i32,
    pub nodes: u64,
    /// Whether the score is the game's exact value.
    pub exact: bool,
}

fn lowest_bit(mask: u64) -> u64 {
    mask & mask.wrapping_neg()
}

/// Thinks about `board` (a game in progress) and chooses a move.
pub fn think(board: &Board, request: &Request, clock: Clock, random: &mut Random) -> Thought {
    let ply = board.ply();
    let moves = match board.tactics() {
        Tactics::WinNow(cell) => {
            let score = Some(win_at(ply + 1));
            return Thought { cell, score, depth: 1, nodes: 1, exact: true };
        }
        Tactics::LostInTwo | Tactics::Full => {
            // Every move loses at once; block one threat at least, as a person would.
            let legal = board.legal();
            let blocks = board.other_threats & legal;
            let cell = lowest_bit(if blocks != 0 { blocks } else { legal });
            let score = Some(loss_at(ply + 2));
            return Thought { cell, score, depth: 2, nodes: 1, exact: true };
        }
        Tactics::Moves(moves) if moves & request.among != 0 => moves & request.among,
        Tactics::Moves(moves) => moves,
    };
    if request.answer_forced_at_once && moves.count_ones() == 1 {
        return Thought { cell: moves, score: None, depth: 0, nodes: 1, exact: false };
    }

    let will_solve = board.empties() <= request.solve_from_empties;
    let deepen_until = match (will_solve, request.full_time) {
        (true, _) => DEEPEN_UNTIL_BEFORE_SOLVING,
        (false, true) => f64::INFINITY,
        (false, false) => DEEPEN_UNTIL,
    };
    let table = match request.keep_table_for {
        Some(owner) => tt::take_kept(owner, request.table_megabytes),
        None => Table::with_megabytes(request.table_megabytes),
    };
    let helpers_stop = AtomicBool::new(false);
    let thought = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..request.threads.max(1))
            .map(|index| {
                let (table, stop) = (&table, &helpers_stop);
                scope.spawn(move || {
                    let clock = Clock::with_budget(None, Some(stop));
                    let searcher = Searcher::new(table, request.weights, clock);
                    help(board, moves, request, will_solve, index, searcher)
                })
            })
            .collect();
        let searcher = Searcher::new(&table, request.weights, clock);
        let mut thought =
            think_alone(board, moves, request, deepen_until, will_solve, searcher, random);
        helpers_stop.store(true, Ordering::Relaxed);
        for helper in helpers {
            // A helper that panicked only stops helping.
            thought.nodes += helper.join().unwrap_or(0);
        }
        thought
    });
    if let Some(owner) = request.keep_table_for {
        tt::keep(owner, table);
    }
    thought
}

/// The main thread's search: iterative deepening, then a proof for the levels that try one.
fn think_alone(
    board: &Board,
    moves: u64,
    request: &Request,
    deepen_until: f64,
    will_solve: bool,
    mut searcher: Searcher,
    random: &mut Random,
) -> Thought {
    let empties = board.empties() as i32;
    let mut root = searcher.root_moves(board, moves);
    let margin = (request.margin > 0).then_some(request.margin);
    let mut thought = Thought { cell: root[0].cell, score: None, depth: 0, nodes: 0, exact: false };
    let mut finished: Vec<RootMove> = Vec::new();

    for depth in 1..=request.max_depth.clamp(1, EXACT_DEPTH) {
        searcher.new_round();
        let result = searcher.search_root(board, &mut root, depth, -INFINITY, INFINITY, margin);
        if searcher.aborted() {
            // A move that beat the previous best at the new depth is worth playing.
            if let (None, Some(r)) = (margin, result) {
                thought.cell = root[r.best].cell;
                thought.score = Some(r.score);
            }
            break;
        }
        let r = result.expect("a finished pass searched every move");
        thought.cell = root[r.best].cell;
        thought.score = Some(r.score);
        thought.depth = depth;
        // Best first (a stable sort keeps the earlier of equal moves first).
        root.sort_by_key(|m| -m.score);
        finished.clone_from(&root);
        if depth >= empties || is_decided(r.score) {
            thought.exact = true;
            break;
        }
        if searcher.clock().used() > deepen_until {
            break;
        }
    }

    if let (Some(m), Some(best)) = (margin, finished.first()) {
        let near: Vec<u64> =
            finished.iter().filter(|c| c.score >= best.score - m).map(|c| c.cell).collect();
        thought.cell = near[random.below(near.len())];
    }

    if will_solve && !thought.exact && !searcher.aborted() {
        searcher.extend_budget(request.proof_budgets);
        prove(board, &mut searcher, &root, &mut thought);
    }
    thought.nodes = searcher.nodes();
    thought
}

/// A helper thread's search, until the main thread is done: the same iterations, odd helpers
/// a ply ahead so that the threads spread over different work, or at once the proof when
/// one will be tried. Its results reach the main thread only through the table. Returns the
/// nodes it searched.
fn help(
    board: &Board,
    moves: u64,
    request: &Request,
    will_solve: bool,
    index: usize,
    mut searcher: Searcher,
) -> u64 {
    let mut root = searcher.root_moves(board, moves);
    if will_solve {
        // The main thread proves the moves in the move ordering's order from the first; start
        // elsewhere, so that proofs of the later moves are in the table when it reaches them.
        let start = index * root.len() / request.threads.max(2);
        root.rotate_left(start);
        searcher.search_root(board, &mut root, EXACT_DEPTH, -1, 1, None);
        return searcher.nodes();
    }
    let last = request.max_depth.clamp(1, EXACT_DEPTH);
    for depth in (1 + (index % 2) as i32)..=last {
        let result = searcher.search_root(board, &mut root, depth, -INFINITY, INFINITY, None);
        if searcher.aborted() {
            break;
        }
        root.sort_by_key(|m| -m.score);
        if depth >= board.empties() as i32 || result.is_some_and(|r| is_decided(r.score)) {
            break;
        }
    }
    searcher.nodes()
}

/// A root move's score before the proof reaches it.
const UNPROVEN: i32 = -INFINITY;

/// Tries to prove the value with null-window searches; on success plays a proven win, or a
/// proven draw when the heuristic choice might lose. When time runs out first, at least
/// avoids a move the unfinished proof showed to lose.
///
/// The proof takes the moves in the move ordering's own order (threats first), as `solve`
/// does, not best first by the evaluation: the evaluation's choice can be slow to prove, and
/// the time then runs out before a quick win with another move is reached, as in a game lost
/// to another program. (On 350 positions from such games, 2 s on one thread, each order
/// proved 108 wins, 6 of them ones the other missed, and no move played changed its value
/// either way. See the README.)
fn prove(board: &Board, searcher: &mut Searcher, root: &[RootMove], thought: &mut Thought) {
    searcher.new_round();
    let cells = root.iter().fold(0, |cells, m| cells | m.cell);
    let mut moves = searcher.root_moves(board, cells);
    for m in &mut moves {
        m.score = UNPROVEN;
    }
    let result = searcher.search_root(board, &mut moves, EXACT_DEPTH, -1, 1, None);
    let Some(r) = result.filter(|_| !searcher.aborted()) else {
        avoid_proven_loss(root, &moves, thought);
        return;
    };
    let proven_move = moves[r.best].cell;
    match r.score {
        s if s > 0 => {
            thought.cell = proven_move;
            thought.score = Some(s);
        }
        0 => {
            if thought.cell != proven_move {
                let child = board.play(thought.cell);
                let value = -searcher.negamax(&child, EXACT_DEPTH, -1, 1);
                if searcher.aborted() || value < 0 {
                    thought.cell = proven_move;
                }
            }
            thought.score = Some(0);
            thought.exact = true;
        }
        // Lost with best play: keep the move the evaluation likes, to make it hard.
        s => thought.score = Some(s),
    }
}

/// After an unfinished proof (`proven`: the root moves, in any order, each with the score the
/// proof gave it or [`UNPROVEN`]): if the chosen move is proven to lose, plays instead the
/// first move of `root` (best first) known to lose neither by the proof nor by the search
/// before it, if there is one.
fn avoid_proven_loss(root: &[RootMove], proven: &[RootMove], thought: &mut Thought) {
    // The proof searched with the window (-1, 1): a score below 0 bounds the value from
    // above by a loss, so the move loses.
    let proven_lost =
        |cell: u64| proven.iter().any(|p| p.cell == cell && p.score != UNPROVEN && p.score < 0);
    if !proven_lost(thought.cell) {
        return;
    }
    // A move the search before the proof scored as a loss loses within its horizon, most
    // likely sooner than the chosen one, whose loss that search did not see: no way out.
    let seen_lost = |m: &RootMove| is_decided(m.score) && m.score < 0;
    if let Some(m) = root.iter().find(|m| !proven_lost(m.cell) && !seen_lost(m)) {
        thought.cell = m.cell;
        thought.score = Some(m.score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(scores: &[i32]) -> Vec<RootMove> {
        scores.iter().enumerate().map(|(i, &score)| RootMove { cell: 1 << i, score }).collect()
    }

    fn chosen(cell: u64) -> Thought {
        Thought { cell, score: Some(50), depth: 10, nodes: 0, exact: false }
    }

    #[test]
    fn a_move_proven_to_lose_gives_way_to_the_best_one_not_proven_to_lose() {
        let root = moves(&[50, 40, 30]);
        let proven = moves(&[loss_at(30), loss_at(40), UNPROVEN]);
        let mut thought = chosen(1);
        avoid_proven_loss(&root, &proven, &mut thought);
        assert_eq!((thought.cell, thought.score), (1 << 2, Some(30)));
    }

    #[test]
    fn a_move_not_proven_to_lose_is_kept() {
        let root = moves(&[50, 40]);
        for proven in [moves(&[UNPROVEN, UNPROVEN]), moves(&[0, loss_at(30)])] {
            let mut thought = chosen(1);
            avoid_proven_loss(&root, &proven, &mut thought);
            assert_eq!(thought.cell, 1);
        }
        // The proof got to the second move only (the first lost), which the heuristic chose.
        let mut thought = chosen(1 << 1);
        avoid_proven_loss(&root, &moves(&[loss_at(30), UNPROVEN]), &mut thought);
        assert_eq!(thought.cell, 1 << 1);
    }

    /// Seen in a lost game's position, 27 spheres in: the proof ran out of time after
    /// showing that the heuristic's move loses, and the next move, which the search had seen
    /// lose six plies on, was played instead of the move that held out for thirty.
    #[test]
    fn a_move_the_search_saw_lose_is_no_way_out_of_a_proven_loss() {
        let root = moves(&[267, loss_at(33), loss_at(33)]);
        let proven = moves(&[loss_at(40), UNPROVEN, UNPROVEN]);
        let mut thought = chosen(1);
        avoid_proven_loss(&root, &proven, &mut thought);
        assert_eq!((thought.cell, thought.score), (1, Some(50)));
        // A move neither the search nor the proof saw lose is still taken.
        let root = moves(&[267, loss_at(33), 20]);
        let mut thought = chosen(1);
        avoid_proven_loss(&root, &proven, &mut thought);
        assert_eq!((thought.cell, thought.score), (1 << 2, Some(20)));
    }

    /// The proof takes the moves in another order than the search before it.
    #[test]
    fn the_proof_s_scores_are_matched_to_the_moves_by_cell() {
        let root = moves(&[50, 40, 30]);
        let mut proven = moves(&[loss_at(30), UNPROVEN, UNPROVEN]);
        proven.reverse();
        let mut thought = chosen(1);
        avoid_proven_loss(&root, &proven, &mut thought);
        assert_eq!((thought.cell, thought.score), (1 << 1, Some(40)));
    }

    #[test]
    fn when_every_move_is_proven_to_lose_the_choice_stands() {
        let root = moves(&[50, 40]);
        let mut thought = chosen(1 << 1);
        avoid_proven_loss(&root, &moves(&[loss_at(30), loss_at(32)]), &mut thought);
        assert_eq!(thought.cell, 1 << 1);
    }
}
