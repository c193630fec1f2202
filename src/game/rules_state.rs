//! The one source of truth: the rules' `Game`, who plays each colour, and a generation number
//! that changes whenever the position does. One system applies every request to it.

use bevy::prelude::*;

use super::GameSet;
use super::requests::{
    GoToRequested, LoadGameRequested, MovePlayed, MoveRequested, Mover, NewGameRequested,
    RedoRequested, RequestRefused, UndoRequested,
};
use crate::player::Player;
use crate::rules::{Colour, Game, Status};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rules>().add_systems(Update, apply_requests.in_set(GameSet::Apply));
}

#[derive(Resource, Debug, Clone, Default)]
pub(crate) struct Rules {
    game: Game,
    players: [Player; 2],
    generation: u64,
}

impl Rules {
    pub(crate) fn new(game: Game, black: Player, white: Player) -> Rules {
        Rules { game, players: [black, white], generation: 0 }
    }

    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    pub(crate) fn player(&self, colour: Colour) -> Player {
        self.players[colour.index()]
    }

    /// Changes whenever the position on the board does; a computer's answer carries the
    /// generation it searched, so a stale answer can be recognised and dropped.
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The computer is to play now.
    pub(crate) fn computer_to_move(&self) -> bool {
        self.game.status() == Status::Ongoing && self.player(self.game.to_move()).is_computer()
    }

    /// Someone at this machine plays one colour and the computer the other.
    fn against_computer(&self) -> bool {
        self.players.iter().any(|p| p.is_computer())
            && self.players.iter().any(|p| !p.is_computer())
    }

    fn human_to_move(&self) -> bool {
        !self.player(self.game.to_move()).is_computer()
    }

    fn bump(&mut self) {
        self.generation += 1;
    }

    /// Applies a move request; returns the reason when it is refused.
    fn play(&mut self, request: MoveRequested) -> Result<Option<MovePlayed>, String> {
        match request.by {
            Mover::Computer { generation } if generation != self.generation => return Ok(None),
            Mover::Human if self.computer_to_move() => {
                return Err("the computer is thinking".to_owned());
            }
            _ => {}
        }
        let colour = self.game.to_move();
        let cell = self.game.play(request.peg).map_err(|e| e.to_string())?;
        self.bump();
        Ok(Some(MovePlayed { cell, colour, ply: self.game.ply() }))
    }

    /// Takes back one move, or against the computer back to the person's previous turn.
    fn undo(&mut self) -> Result<(), String> {
        if self.game.undo().is_none() {
            return Err("nothing to undo".to_owned());
        }
        if self.against_computer() {
            while !self.human_to_move() && self.game.can_undo() {
                self.game.undo();
            }
        }
        self.bump();
        Ok(())
    }

    /// Replays one undone move, or against the computer up to the person's next turn.
    fn redo(&mut self, played: &mut Vec<MovePlayed>) -> Result<(), String> {
        let mut redo_one = |rules: &mut Rules| {
            let colour = rules.game.to_move();
            rules
                .game
                .redo()
                .map(|cell| played.push(MovePlayed { cell, colour, ply: rules.game.ply() }))
        };
        if redo_one(self).is_none() {
            return Err("nothing to redo".to_owned());
        }
        if self.against_computer() {
            while !self.human_to_move() && self.game.status() == Status::Ongoing {
                if redo_one(self).is_none() {
                    break;
                }
            }
        }
        self.bump();
        Ok(())
    }

    fn go_to(&mut self, ply: usize) {
        if ply != self.game.ply() {
            self.game.go_to(ply);
            self.bump();
        }
    }

    fn new_game(&mut self, black: Player, white: Player) {
        self.load(Game::new(), black, white);
    }

    /// Replaces the game wholesale (a record opened, a replay, "play from here").
    fn load(&mut self, game: Game, black: Player, white: Player) {
        self.game = game;
        self.players = [black, white];
        self.bump();
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_requests(
    mut state: ResMut<Rules>,
    mut new_games: MessageReader<NewGameRequested>,
    mut loads: MessageReader<LoadGameRequested>,
    mut undos: MessageReader<UndoRequested>,
    mut redos: MessageReader<RedoRequested>,
    mut go_tos: MessageReader<GoToRequested>,
    mut moves: MessageReader<MoveRequested>,
    mut played: MessageWriter<MovePlayed>,
    mut refused: MessageWriter<RequestRefused>,
) {
    let before = state.generation();
    // Refused requests leave the resource untouched, so the view only reacts to real changes.
    let rules = state.bypass_change_detection();
    let mut refuse = |reason: String| {
        refused.write(RequestRefused { reason });
    };
    for request in new_games.read() {
        rules.new_game(request.black, request.white);
    }
    for request in loads.read() {
        rules.load(request.game.clone(), request.black, request.white);
    }
    for _ in undos.read() {
        if let Err(reason) = rules.undo() {
            refuse(reason);
        }
    }
    let mut replayed = Vec::new();
    for _ in redos.read() {
        if let Err(reason) = rules.redo(&mut replayed) {
            refuse(reason);
        }
    }
    played.write_batch(replayed);
    for request in go_tos.read() {
        rules.go_to(request.ply);
    }
    for &request in moves.read() {
        match rules.play(request) {
            Ok(Some(move_played)) => {
                played.write(move_played);
            }
            Ok(None) => {}
            Err(reason) => refuse(reason),
        }
    }
    if state.generation() != before {
        state.set_changed();
    }
}
