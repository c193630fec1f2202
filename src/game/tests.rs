//! Headless tests of the game's logic plugins on `MinimalPlugins`: requests in, the rules
//! resource and the spheres out. No window, no GPU.

use std::time::Duration;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::layout::cell_position;
use super::pieces::{Falling, Piece};
use super::requests::{
    MoveRequested, Mover, NewGameRequested, RedoRequested, RequestRefused, UndoRequested,
};
use super::rules_state::Rules;
use crate::player::Player;
use crate::rules::{Cell, Colour, Game, Peg, Status, parse_cell, parse_moves, parse_peg};

/// Drives a headless game app: send a request and run a frame, play moves, read the rules.
pub(super) trait Drive {
    fn app(&self) -> &App;
    fn app_mut(&mut self) -> &mut App;

    fn send<M: Message>(&mut self, message: M) {
        self.app_mut().world_mut().write_message(message);
        self.app_mut().update();
    }

    fn play(&mut self, moves: &str) {
        for peg in parse_moves(moves).unwrap() {
            self.send(MoveRequested::human(peg));
        }
    }

    fn rules(&self) -> &Rules {
        self.app().world().resource::<Rules>()
    }
}

struct Harness {
    app: App,
    refusals: MessageCursor<RequestRefused>,
}

impl Drive for Harness {
    fn app(&self) -> &App {
        &self.app
    }

    fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

impl Harness {
    fn new() -> Harness {
        Harness::with_rules(Rules::default())
    }

    fn with_rules(rules: Rules) -> Harness {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
            .insert_resource(rules);
        super::logic_plugin(&mut app);
        app.update();
        let refusals = app.world().resource::<Messages<RequestRefused>>().get_cursor();
        Harness { app, refusals }
    }

    /// The spheres in the scene, sorted by cell.
    fn spheres(&mut self) -> Vec<(Piece, Vec3)> {
        let mut spheres: Vec<(Piece, Vec3)> = self
            .app
            .world_mut()
            .query::<(&Piece, &Transform)>()
            .iter(self.app.world())
            .map(|(s, t)| (*s, t.translation))
            .collect();
        spheres.sort_by_key(|(s, _)| s.cell.index());
        spheres
    }

    fn falling(&mut self) -> usize {
        self.app.world_mut().query::<&Falling>().iter(self.app.world()).count()
    }

    fn refusals(&mut self) -> Vec<String> {
        let messages = self.app.world().resource::<Messages<RequestRefused>>();
        self.refusals.read(messages).map(|m| m.reason.clone()).collect()
    }

    fn settle(&mut self) {
        for _ in 0..300 {
            if self.falling() == 0 {
                return;
            }
            self.app.update();
        }
        panic!("spheres still falling after 300 frames");
    }
}

fn cell(text: &str) -> Cell {
    parse_cell(text).unwrap()
}

fn peg(text: &str) -> Peg {
    parse_peg(text).unwrap()
}

#[test]
fn move_request_changes_the_rules_and_drops_one_sphere_onto_its_cell() {
    let mut h = Harness::new();
    h.play("b3");
    assert_eq!(h.rules().game().ply(), 1);
    assert_eq!(h.rules().game().position().at(cell("b3:1")), Some(Colour::Black));
    let spheres = h.spheres();
    assert_eq!(spheres.len(), 1);
    let (sphere, at) = spheres[0];
    assert_eq!(sphere, Piece { cell: cell("b3:1"), colour: Colour::Black });
    let rest = cell_position(cell("b3:1"));
    assert_eq!((at.x, at.z), (rest.x, rest.z));
    assert!(at.y > rest.y, "a played sphere starts above its cell and falls");
    h.settle();
    let (_, at) = h.spheres()[0];
    assert_eq!(at, rest);
}

#[test]
fn spheres_stack_on_a_peg_in_alternating_colours() {
    let mut h = Harness::new();
    h.play("c2 c2 c2");
    h.settle();
    let cells: Vec<(String, Colour)> =
        h.spheres().iter().map(|(s, _)| (s.cell.to_string(), s.colour)).collect();
    assert_eq!(
        cells,
        [
            ("c2:1".to_owned(), Colour::Black),
            ("c2:2".to_owned(), Colour::White),
            ("c2:3".to_owned(), Colour::Black)
        ]
    );
}

#[test]
fn full_peg_is_refused_with_a_message_and_changes_nothing() {
    let mut h = Harness::new();
    h.play("a1 a1 a1 a1");
    h.refusals();
    let generation = h.rules().generation();
    h.send(MoveRequested::human(peg("a1")));
    assert_eq!(h.refusals(), ["peg a1 is full"]);
    assert_eq!(h.rules().game().ply(), 4);
    assert_eq!(h.rules().generation(), generation);
    assert_eq!(h.spheres().len(), 4);
}

#[test]
fn move_after_the_end_is_refused() {
    let mut h = Harness::new();
    h.play("a1 a2 b1 b2 c1 c2 d1");
    assert!(matches!(h.rules().game().status(), Status::Won { winner: Colour::Black, .. }));
    h.refusals();
    h.send(MoveRequested::human(peg("d2")));
    assert_eq!(h.refusals(), ["the game is over"]);
    assert_eq!(h.rules().game().ply(), 7);
    assert_eq!(h.spheres().len(), 7);
}

#[test]
fn undo_and_redo_reconcile_the_spheres_with_the_rules() {
    let mut h = Harness::new();
    h.play("b2 c3 b2");
    h.settle();
    h.send(UndoRequested);
    let cells: Vec<Cell> = h.spheres().iter().map(|(s, _)| s.cell).collect();
    assert_eq!(cells, [cell("b2:1"), cell("c3:1")]);
    h.send(UndoRequested);
    assert_eq!(h.spheres().len(), 1);
    h.send(RedoRequested);
    h.send(RedoRequested);
    h.settle();
    let spheres = h.spheres();
    assert_eq!(spheres.len(), 3);
    assert_eq!(spheres[2].0, Piece { cell: cell("b2:2"), colour: Colour::Black });
    assert_eq!(spheres[2].1, cell_position(cell("b2:2")));
}

#[test]
fn undo_after_the_end_works_too() {
    let mut h = Harness::new();
    h.play("a1 a2 b1 b2 c1 c2 d1");
    h.send(UndoRequested);
    assert_eq!(h.rules().game().status(), Status::Ongoing);
    assert_eq!(h.spheres().len(), 6);
}

#[test]
fn nothing_to_undo_is_said_so() {
    let mut h = Harness::new();
    h.send(UndoRequested);
    assert_eq!(h.refusals(), ["nothing to undo"]);
}

#[test]
fn new_game_clears_the_spheres() {
    let mut h = Harness::new();
    h.play("b2 c3 d4");
    h.send(NewGameRequested { black: Player::Human, white: Player::Computer(2) });
    assert_eq!(h.rules().game().ply(), 0);
    assert_eq!(h.rules().player(Colour::White), Player::Computer(2));
    assert!(h.spheres().is_empty());
}

#[test]
fn a_person_cannot_move_for_the_computer() {
    let mut h = Harness::with_rules(Rules::new(Game::new(), Player::Human, Player::Computer(1)));
    h.play("b2");
    h.refusals();
    h.send(MoveRequested::human(peg("c3")));
    assert_eq!(h.refusals(), ["the computer is thinking"]);
    assert_eq!(h.rules().game().ply(), 1);
}

#[test]
fn a_computer_answer_for_an_old_position_is_dropped() {
    let mut h = Harness::with_rules(Rules::new(Game::new(), Player::Human, Player::Computer(1)));
    h.play("b2");
    let searched = h.rules().generation();
    h.send(UndoRequested);
    h.play("c2");
    h.send(MoveRequested { peg: peg("a1"), by: Mover::Computer { generation: searched } });
    assert_eq!(h.rules().game().ply(), 1, "the stale answer is not played");
    let current = h.rules().generation();
    h.send(MoveRequested { peg: peg("a1"), by: Mover::Computer { generation: current } });
    assert_eq!(h.rules().game().ply(), 2);
    assert_eq!(h.spheres().len(), 2);
}

#[test]
fn against_the_computer_undo_takes_back_its_answer_too() {
    let mut h = Harness::with_rules(Rules::new(Game::new(), Player::Human, Player::Computer(1)));
    h.play("b2");
    let generation = h.rules().generation();
    h.send(MoveRequested { peg: peg("c3"), by: Mover::Computer { generation } });
    assert_eq!(h.rules().game().ply(), 2);
    h.send(UndoRequested);
    assert_eq!(h.rules().game().ply(), 0);
    assert!(h.spheres().is_empty());
    h.send(RedoRequested);
    assert_eq!(h.rules().game().ply(), 2, "redo brings back both moves");
}
