//! Negamax alpha-beta with principal-variation search, a transposition table (keys reduced
//! over the board's symmetries near the root, where transpositions by symmetry are common;
//! a small one of the searcher's own, kept in cache, for the last plies of a proof),
//! killers and history, the threat logic of [`Board::tactics`] at every node, and, where it
//! saves most, a look at the children's table entries before searching any (an enhanced
//! transposition cutoff).

use std::sync::atomic::{AtomicU8, Ordering};

use super::board::{Board, LineKernel, Scalar, Tactics};
use super::clock::Clock;
use super::eval::{Weights, evaluate};
use super::ordering::{Hints, order};
use super::score::{DRAW, INFINITY, loss_at, win_at};
use super::symmetry::{canonical, map_cell, unmap_cell};
use super::tt::{Bound, DirectTable, Entry, NO_MOVE, Table, key_of};

/// A search this deep from a position reaches the end of every line: its score is exact.
pub const EXACT_DEPTH: i32 = 64;

/// Positions with at most this many spheres get symmetry-reduced keys: there the 8 images
/// are cheap next to the subtree, and symmetric transpositions are common.
const SYMMETRY_PLY: u32 = 12;

/// Proof nodes with at least this many empty cells look their children up in the table
/// before searching any (an enhanced transposition cutoff): there a cutoff saves a large
/// subtree, and nearer the end the lookups cost more than they save.
const CHILD_LOOKUP_EMPTIES: i32 = 18;

/// Nodes of a search to a fixed depth do the same with at least this many plies to go.
const CHILD_LOOKUP_DEPTH: i32 = 6;

/// Proof nodes with at most this many empty cells use the searcher's own small table, which
/// stays in the core's cache, instead of the large shared one: their subtrees are too small
/// to be worth a wait for memory, and their transpositions come close together in time.
const NEAR_LEAF_EMPTIES: i32 = 12;

/// The size of that small table: it fits in the core's own (L2) cache.
const NEAR_LEAF_KILOBYTES: usize = 1024;

// The children that the enhanced cutoff looks up are all in the shared table.
const _: () = assert!(CHILD_LOOKUP_EMPTIES - 1 > NEAR_LEAF_EMPTIES);

/// Check the clock once every this many nodes.
pub(super) const CLOCK_INTERVAL: u64 = 4096;

/// A move at the root and what the last search said about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The landing cell (a single bit).
    pub cell: u64,
    /// Its score, exact if it beat the window's lower edge, else an upper bound.
    pub score: i32,
}

/// A move to search: its landing cell, and the threats it makes ([`Board::threats_made`],
/// less any cells already threatened), which the child then need not test again.
#[derive(Clone, Copy)]
struct Move {
    cell: u8,
    made: u64,
}

/// The outcome of one pass over the root moves.
#[derive(Clone, Copy, Debug)]
pub struct RootResult {
    pub score: i32,
    /// Index into the root moves of the best move fully searched.
    pub best: usize,
}

pub struct Searcher<'a> {
    /// Shared with the other threads searching the same position, if any.
    table: &'a Table,
    /// This searcher's own, for proof nodes near the end (see [`NEAR_LEAF_EMPTIES`]).
    near_leaf: DirectTable,
    weights: Weights,
    clock: Clock<'a>,
    nodes: u64,
    aborted: bool,
    killers: [[u8; 2]; 65],
    history: [[u32; 64]; 2],
    /// The build of the search for this CPU's instructions.
    kernel: Kernel,
}

impl<'a> Searcher<'a> {
    pub fn new(table: &'a Table, weights: Weights, clock: Clock<'a>) -> Searcher<'a> {
        Searcher {
            table,
            near_leaf: DirectTable::with_kilobytes(NEAR_LEAF_KILOBYTES),
            weights,
            clock,
            nodes: 0,
            aborted: false,
            killers: [[NO_MOVE; 2]; 65],
            history: [[0; 64]; 2],
            kernel: Kernel::in_use(),
        }
    }

    /// The same searcher with the build of the search that `kernel` names.
    #[cfg(test)]
    fn with_kernel(self, kernel: Kernel) -> Searcher<'a> {
        Searcher { kernel, ..self }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the clock or the stop flag ended the search; its last pass is then unusable.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    pub fn clock(&self) -> &Clock<'a> {
        &self.clock
    }

    /// Lets the search run until `budgets` of its time budget have passed from its start.
    pub fn extend_budget(&mut self, budgets: u32) {
        self.clock.extend(budgets);
    }

    /// Starts a new round (new iteration or new move) for table replacement.
    pub fn new_round(&mut self) {
        self.table.new_search();
    }

    /// The root moves of `board` in search order (the caller has dealt with wins and
    /// positions that lose at once).
    pub fn root_moves(&self, board: &Board, moves: u64) -> Vec<RootMove> {
        let hints =
            Hints { killers: [NO_MOVE; 2], history: &self.history[board.ply() as usize % 2] };
        order::<true, Scalar>(board, moves, &hints)
            .sorted()
            .into_iter()
            .map(|c| RootMove { cell: 1 << c, score: -INFINITY })
            .collect()
    }

    /// Searches every root move to `depth` within `(alpha, beta)`, with principal-variation
    /// windows. With `margin`, every move scoring within `margin` of the best gets an exact
    /// score (for the lower levels' choice among near-equal moves). Stops early on a
    /// fail-high. Returns `None` if no move was fully searched before an abort.
    pub fn search_root(
        &mut self,
        board: &Board,
        moves: &mut [RootMove],
        depth: i32,
        alpha: i32,
        beta: i32,
        margin: Option<i32>,
    ) -> Option<RootResult> {
        let mut best: Option<RootResult> = None;
        for (i, root_move) in moves.iter_mut().enumerate() {
            let child = board.play(root_move.cell);
            let best_score = best.map_or(-INFINITY, |b| b.score);
            let low = match margin {
                Some(m) => alpha.max(best_score.saturating_sub(m + 1)),
                None => alpha.max(best_score),
            };
            let score = if best.is_none() {
                -self.negamax(&child, depth - 1, -beta, -low)
            } else {
                let probe = -self.negamax(&child, depth - 1, -low - 1, -low);
                if probe > low && probe < beta && !self.aborted {
                    -self.negamax(&child, depth - 1, -beta, -low)
                } else {
                    probe
                }
            };
            if self.aborted {
                break;
            }
            root_move.score = score;
            if score > best_score {
                best = Some(RootResult { score, best: i });
            }
            if score >= beta {
                break;
            }
        }
        best
    }

    /// The entry for `key` in the node's table: the small one (`near_end`, from
    /// [`near_end_of_proof`]) or the shared one.
    #[inline(always)]
    fn probe(&self, near_end: bool, key: u64) -> Option<Entry> {
        if near_end { self.near_leaf.probe(key) } else { self.table.probe(key) }
    }

    /// Asks for `key`'s slot in the node's table (as [`Searcher::probe`] chooses it).
    #[inline(always)]
    fn prefetch(&self, near_end: bool, key: u64) {
        if near_end { self.near_leaf.prefetch(key) } else { self.table.prefetch(key) }
    }

    /// Stores a node's result in its table (as [`Searcher::probe`] chooses it).
    #[inline(always)]
    fn store(&self, near_end: bool, key: u64, score: i32, depth: u8, bound: Bound, best: u8) {
        if near_end {
            self.near_leaf.store(key, score, depth, bound, best);
        } else {
            self.table.store(key, score, depth, bound, best);
        }
    }

    /// The key of `board` (reduced over the symmetries up to [`SYMMETRY_PLY`], else the
    /// board's incremental one) and the symmetry that maps it onto the key's orientation.
    // Inlined, so that past the symmetry plies (nearly every node) the key costs one `or`
    // instead of a call; the symmetry reduction stays out of line.
    #[inline(always)]
    fn key(&self, board: &Board, ply: u32) -> (u64, usize) {
        if ply <= SYMMETRY_PLY { symmetric_key(board) } else { (board.key | 1, 0) }
    }

    /// A move whose child the table has already shown, searched at least `child_depth`
    /// plies, to score at least `beta` for us, and that score. (Called only past the
    /// symmetry plies.)
    #[inline]
    fn child_cutoff(
        &self,
        board: &Board,
        moves: u64,
        beta: i32,
        child_depth: i32,
    ) -> Option<(i32, u8)> {
        // Ask for every child's bucket first, so that the misses overlap instead of each
        // probe waiting for the one before.
        let mut keys = [(0u64, 0u8); 16];
        let mut len = 0;
        let mut each = moves;
        while each != 0 {
            let cell = each & each.wrapping_neg();
            each &= each - 1;
            let key = child_key(board, cell);
            self.table.prefetch(key);
            keys[len] = (key, cell.trailing_zeros() as u8);
            len += 1;
        }
        for &(key, cell) in &keys[..len] {
            if let Some(entry) = self.table.probe(key)
                && entry.depth as i32 >= child_depth
                && entry.bound != Bound::Lower
                && -entry.score >= beta
            {
                return Some((-entry.score, cell));
            }
        }
        None
    }

    /// The score of playing `mv`: the first move with the full window, the others with a
    /// null window first (principal-variation search), searched again only if they beat it.
    #[inline(always)]
    fn search_move<I: Instructions>(
        &mut self,
        board: &Board,
        mv: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        // A child searched at least as deep as it has empty cells is a proof: nothing
        // below it is evaluated, so it need not follow the open lines, and it is searched
        // by the proof's own build.
        if depth >= board.empties() as i32 - 1 {
            let child = board.play_knowing::<I::Lines, false>(1 << mv.cell, mv.made);
            self.search_child(&child, depth, alpha, beta, first, I::search::<true>)
        } else {
            let child = board.play_knowing::<I::Lines, true>(1 << mv.cell, mv.made);
            self.search_child(&child, depth, alpha, beta, first, I::search::<false>)
        }
    }

    /// The score of `child` for us, with `search` (the first move with the full window,
    /// the others with a null window first, again only if they beat it).
    #[inline(always)]
    fn search_child(
        &mut self,
        child: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
        first: bool,
        search: fn(&mut Searcher, &Board, i32, i32, i32) -> i32,
    ) -> i32 {
        if first {
            return -search(self, child, depth, -beta, -alpha);
        }
        let probe = -search(self, child, depth, -alpha - 1, -alpha);
        if probe > alpha && probe < beta && !self.aborted {
            -search(self, child, depth, -beta, -alpha)
        } else {
            probe
        }
    }

    /// The value of `board` for the side to move, searched `depth` plies (fail-soft).
    pub fn negamax(&mut self, board: &Board, depth: i32, alpha: i32, beta: i32) -> i32 {
        match self.kernel {
            Kernel::Portable => Portable::search::<false>(self, board, depth, alpha, beta),
            #[cfg(target_arch = "x86_64")]
            Kernel::Popcnt => Popcnt::search::<false>(self, board, depth, alpha, beta),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => Avx2Kernel::search::<false>(self, board, depth, alpha, beta),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => Avx512Kernel::search::<false>(self, board, depth, alpha, beta),
        }
    }

    /// [`Searcher::negamax`]'s body, inlined into each instruction-set variant, twice: for
    /// proofs (`PROOF`: searched to the end of the game, never evaluated) and for searches
    /// to a fixed depth. Each build then keeps only its own branches and registers.
    #[inline(always)]
    fn negamax_with<I: Instructions, const PROOF: bool>(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if !PROOF && depth >= board.empties() as i32 {
            // Deep enough to reach the end of every line: a proof.
            return I::search::<true>(self, board, depth, alpha, beta);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) && self.clock.stopped() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let ply = board.ply();
        let moves = match board.tactics() {
            Tactics::WinNow(_) => return win_at(ply + 1),
            Tactics::LostInTwo => return loss_at(ply + 2),
            Tactics::Full => return DRAW,
            Tactics::Moves(moves) => moves,
        };
        // The best we can do is win with our next move but one; the worst, lose at once.
        let most = win_at(ply + 3);
        if beta > most {
            beta = most;
            if alpha >= beta {
                return beta;
            }
        }
        let least = loss_at(ply + 2);
        if alpha < least {
            alpha = least;
            if alpha >= beta {
                return alpha;
            }
        }
        let forced = moves & (moves - 1) == 0;
        let empties = 64 - ply as i32;
        if !PROOF && depth <= 0 && !forced {
            return evaluate(board, &self.weights);
        }

        let wanted_depth = if PROOF { EXACT_DEPTH } else { depth };
        // Leaves and their parents skip the table: what it would save them costs less than
        // the wait for memory (and leaves never reach here).
        let use_table = wanted_depth >= 2;
        let near_end = near_end_of_proof(PROOF, empties);
        let (key, symmetry) = if use_table { self.key(board, ply) } else { (0, 0) };
        let mut table_move = None;
        let probe = if use_table { self.probe(near_end, key) } else { None };
        if let Some(entry) = probe {
            if entry.depth as i32 >= wanted_depth {
                match entry.bound {
                    Bound::Exact => return entry.score,
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return entry.score;
                }
            }
            if entry.best != NO_MOVE {
                let cell = from_key_orientation(entry.best, symmetry);
                if moves & (1 << cell) != 0 {
                    table_move = Some(cell);
                }
            }
        }

        let lookup_children = if PROOF {
            empties >= CHILD_LOOKUP_EMPTIES
        } else {
            !forced && depth >= CHILD_LOOKUP_DEPTH
        };
        if lookup_children && ply + 1 > SYMMETRY_PLY {
            // The depth the children's own searches store their results at.
            let child_wanted = if PROOF { EXACT_DEPTH } else { depth - 1 };
            if let Some((score, cell)) = self.child_cutoff(board, moves, beta, child_wanted) {
                if use_table {
                    let (depth, best) = (
                        stored_depth(PROOF, wanted_depth, empties),
                        to_key_orientation(cell, symmetry),
                    );
                    self.store(near_end, key, score, depth, Bound::Lower, best);
                }
                return score;
            }
        }

        let side = ply as usize % 2;
        let slot = ply as usize;
        let child_depth = if forced { depth } else { depth - 1 };
        let alpha_at_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_cell = NO_MOVE;
        // The table's move first, before paying for ordering the rest: it often cuts off.
        let mut rest = moves;
        if let Some(cell) = table_move {
            rest &= !(1 << cell);
            let mv = Move { cell, made: board.threats_made::<I::Lines>(1 << cell) };
            best_score = self.search_move::<I>(board, mv, child_depth, alpha, beta, true);
            best_cell = cell;
            alpha = alpha.max(best_score);
        }
        // Then, in a search to a fixed depth, the killer, again before ordering: it often
        // cuts off too. (Proofs need the threat ordering: there killers first cost 10×.)
        let killer = self.killers[slot][0];
        if alpha < beta && !PROOF && killer != NO_MOVE && rest & (1 << killer) != 0 && !self.aborted
        {
            rest &= !(1 << killer);
            let first = best_cell == NO_MOVE;
            let mv = Move { cell: killer, made: board.threats_made::<I::Lines>(1 << killer) };
            let score = self.search_move::<I>(board, mv, child_depth, alpha, beta, first);
            if score > best_score {
                best_score = score;
                best_cell = killer;
                alpha = alpha.max(score);
            }
        }
        if alpha < beta && rest != 0 && !self.aborted {
            let hints = Hints { killers: self.killers[slot], history: &self.history[side] };
            if ply + 1 > SYMMETRY_PLY && child_depth >= 2 {
                // Ask for the children's slots now: they arrive while the moves are ordered
                // and the first children searched, instead of each probe waiting. (The small
                // table's too: they come from the core's L2 to L1, and without it the late
                // set took 10% longer, for 3.5% fewer instructions.)
                let children_near_end = near_end_of_proof(PROOF, empties - 1);
                let mut each = rest;
                while each != 0 {
                    let cell = each & each.wrapping_neg();
                    each &= each - 1;
                    self.prefetch(children_near_end, child_key(board, cell));
                }
            }
            let mut list = if child_depth > 0 {
                order::<true, I::Lines>(board, rest, &hints)
            } else {
                order::<false, I::Lines>(board, rest, &hints)
            };
            // The best move first, before sorting the rest: it often cuts off.
            let mut cell = list.first();
            let mut index = 0;
            loop {
                let first = best_cell == NO_MOVE;
                let made = list.threats_made(cell);
                let made = made.unwrap_or_else(|| board.threats_made::<I::Lines>(1 << cell));
                let mv = Move { cell, made };
                let score = self.search_move::<I>(board, mv, child_depth, alpha, beta, first);
                if self.aborted {
                    break;
                }
                if score > best_score {
                    best_score = score;
                    best_cell = cell;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            if self.killers[slot][0] != cell {
                                self.killers[slot] = [cell, self.killers[slot][0]];
                            }
                            break;
                        }
                    }
                }
                index += 1;
                if index == list.len() {
                    break;
                }
                if index == 1 {
                    list.sort();
                }
                cell = list.at(index);
            }
        }
        if self.aborted {
            return 0;
        }
        if best_score >= beta {
            let h = &mut self.history[side][best_cell as usize];
            *h = h.saturating_add((depth.clamp(1, 20) * depth.clamp(1, 20)) as u32);
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_at_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = stored_depth(PROOF, wanted_depth, empties);
        if use_table {
            let best = to_key_orientation(best_cell, symmetry);
            self.store(near_end, key, best_score, stored_depth, bound, best);
        }
        best_score
    }
}

/// The depth a result is stored at. Exact results (a `proof`'s) store `EXACT_DEPTH` plus
/// the empty cells, so that they satisfy any depth and, when a bucket is
/// full, a proof of a larger subtree is kept before a smaller one (stored at one depth, all
/// proofs would look alike to the table's replacement).
#[inline(always)]
fn stored_depth(proof: bool, wanted_depth: i32, empties: i32) -> u8 {
    if proof { (EXACT_DEPTH + empties) as u8 } else { wanted_depth.max(0) as u8 }
}

/// Whether a node with `empties` empty cells uses the searcher's small table: a `proof`
/// node near the end (see [`NEAR_LEAF_EMPTIES`]).
#[inline(always)]
fn near_end_of_proof(proof: bool, empties: i32) -> bool {
    proof && empties <= NEAR_LEAF_EMPTIES
}

/// `cell` in the orientation of a key made with `symmetry` (see [`Searcher::key`]). Past
/// the symmetry plies, at nearly every node, the symmetry is the identity: one predictable
/// branch instead of two table look-ups.
#[inline(always)]
fn to_key_orientation(cell: u8, symmetry: usize) -> u8 {
    if symmetry == 0 { cell } else { map_cell(cell, symmetry) }
}

/// A cell stored in a key's orientation, back in the board's.
#[inline(always)]
fn from_key_orientation(cell: u8, symmetry: usize) -> u8 {
    if symmetry == 0 { cell } else { unmap_cell(cell, symmetry) }
}

/// The key of `board` reduced over the symmetries, and the symmetry that maps it onto the
/// key's orientation.
#[inline(never)]
fn symmetric_key(board: &Board) -> (u64, usize) {
    let (own, other, s) = canonical(board.own, board.other);
    (key_of(own, other), s)
}

/// The table key of the position after the side to move plays `cell`, past the symmetry
/// plies (where keys are the board's incremental ones), without making the move.
#[inline(always)]
fn child_key(board: &Board, cell: u64) -> u64 {
    (board.key ^ board.child_key_delta(cell)) | 1
}

/// The search's hot path counts bits at every node, and tests lines for threats and
/// follows the open lines at every move. Portable x86-64 code has no bit-count instruction
/// (it was added in 2008) and works one line at a time, so the search is compiled four
/// times and picked at run time: portable, with POPCNT and BMI1, with those and AVX2 (the
/// threat test four lines at a time), and with those and AVX-512 with its bit count (both
/// line tasks eight lines at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Popcnt,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    /// The best build this CPU runs.
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            let popcnt =
                std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi1");
            let avx2 = popcnt && std::is_x86_feature_detected!("avx2");
            if avx2
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vpopcntdq")
            {
                return Kernel::Avx512;
            }
            if avx2 {
                return Kernel::Avx2;
            }
            if popcnt {
                return Kernel::Popcnt;
            }
        }
        Kernel::Portable
    }

    /// The build's name, for the figures it gave.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kernel::Popcnt => "POPCNT",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => "AVX2",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => "AVX-512",
        }
    }

    /// Every build this CPU runs, the portable one first.
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        match Kernel::detect() {
            Kernel::Avx512 => {
                kernels.extend([Kernel::Popcnt, Kernel::Avx2, Kernel::Avx512]);
            }
            Kernel::Avx2 => kernels.extend([Kernel::Popcnt, Kernel::Avx2]),
            Kernel::Popcnt => kernels.push(Kernel::Popcnt),
            Kernel::Portable => {}
        }
        kernels
    }

    /// The build new searches use: the best this CPU runs unless another was chosen.
    pub fn in_use() -> Kernel {
        match CHOSEN_KERNEL.load(Ordering::Relaxed) {
            NONE_CHOSEN => Kernel::detect(),
            chosen => Kernel::available()[chosen as usize],
        }
    }

    /// Makes new searches use the build named `name` (as [`Kernel::name`] writes it, in
    /// any case), one this CPU runs: to compare the builds on one binary (`bench --build`).
    pub fn choose(name: &str) -> Result<Kernel, String> {
        let kernels = Kernel::available();
        let Some(index) = kernels.iter().position(|k| k.name().eq_ignore_ascii_case(name)) else {
            let names: Vec<&str> = kernels.iter().map(|k| k.name()).collect();
            return Err(format!("no search build {name:?} on this CPU (it runs {names:?})"));
        };
        CHOSEN_KERNEL.store(index as u8, Ordering::Relaxed);
        Ok(kernels[index])
    }
}

/// The index in [`Kernel::available`] of the build chosen with [`Kernel::choose`], if any.
static CHOSEN_KERNEL: AtomicU8 = AtomicU8::new(NONE_CHOSEN);
const NONE_CHOSEN: u8 = u8::MAX;

trait Instructions {
    type Lines: LineKernel;
    /// The search in this instruction set; `PROOF`: the proof's build, for a `depth` that
    /// reaches the end of the game.
    fn search<const PROOF: bool>(
        searcher: &mut Searcher,
        board: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32;
}

/// Any CPU.
enum Portable {}

impl Instructions for Portable {
    type Lines = Scalar;
    fn search<const PROOF: bool>(
        searcher: &mut Searcher,
        board: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        searcher.negamax_with::<Portable, PROOF>(board, depth, alpha, beta)
    }
}

/// A build of the search for x86-64 CPUs with the instruction sets `$features`: its body
/// compiled with them (`$entry`, the function profiles name), with `$lines` for the line
/// work, entered only through the `Kernel` variant `$kernel`, which `Kernel::detect` picks
/// only where the CPU has them all.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_build {
    ($(#[$doc:meta])* $name:ident, $kernel:ident, $lines:ty, $entry:ident, $features:literal) => {
        $(#[$doc])*
        enum $name {}

        impl Instructions for $name {
            type Lines = $lines;
            fn search<const PROOF: bool>(
                searcher: &mut Searcher,
                board: &Board,
                depth: i32,
                alpha: i32,
                beta: i32,
            ) -> i32 {
                // SAFETY: `Kernel::$kernel` is chosen only where the CPU has all of
                // `$features` (see above).
                unsafe { $entry::<PROOF>(searcher, board, depth, alpha, beta) }
            }
        }

        #[target_feature(enable = $features)]
        fn $entry<const PROOF: bool>(
            searcher: &mut Searcher,
            board: &Board,
            depth: i32,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            searcher.negamax_with::<$name, PROOF>(board, depth, alpha, beta)
        }
    };
}

#[cfg(target_arch = "x86_64")]
x86_build!(
    /// CPUs with POPCNT and BMI1 (bit count, trailing zeros, lowest bit).
    Popcnt, Popcnt, Scalar, negamax_popcnt, "popcnt,bmi1"
);

#[cfg(target_arch = "x86_64")]
x86_build!(
    /// CPUs with POPCNT, BMI1 and AVX2.
    Avx2Kernel, Avx2, super::board::Avx2, negamax_avx2, "popcnt,bmi1,avx2"
);

#[cfg(target_arch = "x86_64")]
x86_build!(
    /// CPUs with POPCNT, BMI1, AVX2, AVX-512F and AVX-512's bit count (VPOPCNTDQ).
    Avx512Kernel,
    Avx512,
    super::board::Avx512,
    negamax_avx512,
    "popcnt,bmi1,avx2,avx512f,avx512vpopcntdq"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, parse_moves};

    /// The score and node count of a search of `moves`'s position to `depth` with `kernel`.
    fn search_with(kernel: Kernel, moves: &str, depth: i32) -> (i32, u64) {
        let position = Position::after(&parse_moves(moves).unwrap()).unwrap();
        let board = Board::from_position(&position);
        let table = Table::with_megabytes(4);
        let clock = Clock::with_budget(None, None);
        let mut searcher = Searcher::new(&table, Weights::DEFAULT, clock).with_kernel(kernel);
        let score = searcher.negamax(&board, depth, -INFINITY, INFINITY);
        (score, searcher.nodes())
    }

    #[test]
    fn every_build_of_the_search_searches_the_same_tree() {
        let kernels = Kernel::available();
        let cases = [
            ("", 7),
            ("b2 c3 b3 c2 a1 d4", 8),
            // 28 spheres, searched to the end of the game: a proof.
            (
                "a3 b3 a1 c2 c1 d2 b4 c4 b4 b1 a1 c1 b2 a3 c2 a1 d3 c2 b2 d2 c1 b1 b1 a2 d3 b4 d1 a1",
                EXACT_DEPTH,
            ),
        ];
        for (moves, depth) in cases {
            let portable = search_with(Kernel::Portable, moves, depth);
            assert!(portable.1 > 1000, "{moves}: too small a tree to compare ({portable:?})");
            for &kernel in &kernels[1..] {
                assert_eq!(search_with(kernel, moves, depth), portable, "{kernel:?} on {moves:?}");
            }
        }
    }
}
