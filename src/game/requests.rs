//! The messages of the game: requests in (from input, the HUD and the computer), results out.

use bevy::prelude::*;

use crate::player::Player;
use crate::rules::{Cell, Colour, Game, Peg};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RedoRequested>()
        .add_message::<GoToRequested>()
        .add_message::<NewGameRequested>()
        .add_message::<LoadGameRequested>()
        .add_message::<MovePlayed>()
        .add_message::<RequestRefused>();
}

/// Who asks for a move: a person, or the computer's search of one particular position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mover {
    Human,
    /// The search that produced it ran on the position of this generation of the rules.
    Computer {
        generation: u64,
    },
}

/// Drop a sphere on `peg` for the side to move.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct MoveRequested {
    pub peg: Peg,
    pub by: Mover,
}

impl MoveRequested {
    pub(crate) fn human(peg: Peg) -> MoveRequested {
        MoveRequested { peg, by: Mover::Human }
    }
}

/// Take back a move (against the computer: back to the person's last turn).
#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct UndoRequested;

#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct RedoRequested;

/// Show the game after its first `ply` moves (undo or redo up to there).
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct GoToRequested {
    pub ply: usize,
}

/// Start again with these players.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct NewGameRequested {
    pub black: Player,
    pub white: Player,
}

/// Replace the game wholesale: a record opened, a replay entered, "play from here".
/// `game` may hold moves that redo would replay (the rest of a record being stepped through).
#[derive(Message, Clone, Debug)]
pub(crate) struct LoadGameRequested {
    pub game: Game,
    pub black: Player,
    pub white: Player,
    /// Where it came from, for messages: a file name, "review", "play from here".
    pub source: String,
}

/// A sphere of `colour` now sits in `cell`, the `ply`-th move of the game (1-based).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MovePlayed {
    pub cell: Cell,
    pub colour: Colour,
    pub ply: usize,
}

/// A request that changed nothing, and why, in words for the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RequestRefused {
    pub reason: String,
}
