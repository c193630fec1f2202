//! Scores: positive is good for the side to move. A decided game scores far beyond any
//! evaluation, and sooner wins score higher, counted in absolute plies so that a stored
//! score means the same whichever path reached the position.

use super::eval::EVAL_LIMIT;

/// Larger than any score.
pub const INFINITY: i32 = 30_000;
const WIN: i32 = 10_000;
pub const DRAW: i32 = 0;

/// The score of winning with the move that makes `final_ply` spheres on the board.
#[inline]
pub const fn win_at(final_ply: u32) -> i32 {
    WIN - final_ply as i32
}

/// The score of losing to the move that makes `final_ply` spheres on the board.
#[inline]
pub const fn loss_at(final_ply: u32) -> i32 {
    -win_at(final_ply)
}

/// Whether a score says who wins (rather than estimating).
#[inline]
pub const fn is_decided(score: i32) -> bool {
    score.abs() > EVAL_LIMIT
}

/// For a decided score: the number of spheres on the board when the game ends.
pub const fn final_ply(score: i32) -> u32 {
    (WIN - score.abs()) as u32
}
