//! The computer player. Placeholder until the engine lands: plays the first legal peg.

use crate::rules::{Peg, Position};

/// The move the computer at `level` chooses in `position`, or `None` if the game is over.
pub fn choose_move(position: &Position, _level: u8) -> Option<Peg> {
    position.legal_moves().first().copied()
}
