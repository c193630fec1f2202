//! Headless tests of the game's logic plugins on `MinimalPlugins`: requests in, the rules
//! resource and the spheres out. No window, no GPU.

use std::time::{Duration, Instant};

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::cpu::{Hint, HintRequested, PAUSE_BEFORE_MOVE, Thinking};
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

/// The game time each headless frame advances.
const FRAME: Duration = Duration::from_millis(16);

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
        Harness::build(rules, |_| {})
    }

    /// With the in-game computer (and the hint): its searches run on the async compute pool.
    fn with_computer(rules: Rules) -> Harness {
        Harness::build(rules, super::cpu::plugin)
    }

    fn build(rules: Rules, more: impl FnOnce(&mut App)) -> Harness {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins.set(super::cpu::task_pools()))
            .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
            .insert_resource(rules);
        super::logic_plugin(&mut app);
        more(&mut app);
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

    /// Runs frames until `done` holds. The engine searches on another thread in real time,
    /// so each frame also gives it a moment; a minute without `done` fails the test.
    fn run_until(&mut self, what: &str, mut done: impl FnMut(&mut Harness) -> bool) -> u32 {
        let started = Instant::now();
        let mut frames = 0;
        while !done(self) {
            assert!(started.elapsed() < Duration::from_secs(60), "still waiting for {what}");
            self.app.update();
            frames += 1;
            std::thread::sleep(Duration::from_millis(1));
        }
        frames
    }

    fn thinking(&self) -> &Thinking {
        self.app.world().resource::<Thinking>()
    }

    fn hint(&self) -> &Hint {
        self.app.world().resource::<Hint>()
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

/// An early position of the bench, past the opening book: level 6 searches it for its whole
/// time (2.8 s), so a test can act while it thinks.
const PAST_THE_BOOK: &str = "c2 d3 c4 b1 a4 c2 c4 d2";

/// A person with Black against the computer at `level`, from `moves`.
fn against_the_computer(level: u8, moves: &str) -> Harness {
    let game = Game::from_moves(&parse_moves(moves).unwrap()).unwrap();
    Harness::with_computer(Rules::new(game, Player::Human, Player::Computer(level)))
}

#[test]
fn the_computer_answers_once_the_pause_before_its_move_is_over() {
    // The computer opens, so no sphere is falling that it would wait for anyway.
    let mut h = Harness::with_computer(Rules::new(Game::new(), Player::Computer(1), Player::Human));
    let frames = h.run_until("the computer's answer", |h| {
        let ply = h.rules().game().ply();
        assert!(ply == 1 || h.thinking().is_thinking(), "thinking until it answers");
        ply == 1
    });
    // Level 1 answers within a millisecond; its sphere still waits for the pause.
    let waited = FRAME * frames;
    assert!(waited.as_secs_f32() >= PAUSE_BEFORE_MOVE, "shown after {waited:?}");
    assert_eq!(h.rules().game().to_move(), Colour::White);
    h.app.update();
    assert!(!h.thinking().is_thinking(), "the person's turn");
    assert_eq!(h.spheres().len(), 1);
}

#[test]
fn undo_while_the_computer_thinks_ends_its_search_and_nothing_is_played() {
    let mut h = against_the_computer(6, PAST_THE_BOOK);
    // A quiet move: no threat that White must block at once.
    h.play("a1");
    h.app.update();
    assert!(h.thinking().is_searching(), "level 6 thinks for its whole time");
    h.send(UndoRequested);
    h.app.update();
    assert_eq!(h.rules().game().ply(), 8, "back to the person's turn");
    assert!(!h.thinking().is_thinking(), "the search is dropped");
    // The person plays again and the computer answers that position, not the old one.
    h.play("a3");
    h.run_until("the answer to a3", |h| h.rules().game().ply() == 10);
    assert_eq!(h.rules().game().moves()[8], peg("a3"));
    assert_eq!(h.spheres().len(), 10);
}

#[test]
fn a_new_game_while_the_computer_thinks_ends_its_search() {
    let mut h = against_the_computer(6, PAST_THE_BOOK);
    h.play("a1");
    h.app.update();
    assert!(h.thinking().is_searching());
    h.send(NewGameRequested { black: Player::Human, white: Player::Computer(6) });
    h.app.update();
    assert!(!h.thinking().is_thinking());
    for _ in 0..50 {
        h.app.update();
    }
    assert_eq!(h.rules().game().ply(), 0);
    assert!(!h.thinking().is_thinking(), "the person plays first");
}

#[test]
fn the_hint_finds_the_winning_move_and_is_dropped_once_the_position_changes() {
    let mut h = Harness::with_computer(Rules::default());
    // Black has three on a1 and completes the column on a fourth.
    h.play("a1 b1 a1 b1 a1 b1");
    h.send(HintRequested);
    let winning = peg("a1");
    h.run_until("the hint", |h| h.hint().peg(h.rules()).is_some());
    assert_eq!(h.hint().peg(h.rules()), Some(winning));
    h.play("c1");
    assert_eq!(h.hint().peg(h.rules()), None, "a hint for the position before");
}

#[test]
fn a_hint_is_refused_while_the_computer_is_to_move() {
    let mut h = against_the_computer(6, PAST_THE_BOOK);
    h.play("a1");
    h.refusals();
    h.send(HintRequested);
    assert_eq!(h.refusals(), ["the computer is thinking"]);
    assert!(!h.hint().is_searching());
    assert!(h.thinking().is_searching(), "the computer's own search goes on");
}

#[test]
fn bevy_s_own_background_work_goes_on_while_the_computer_thinks() {
    let mut h = against_the_computer(6, PAST_THE_BOOK);
    h.play("a1");
    h.app.update();
    assert!(h.thinking().is_searching(), "level 6 thinks for its whole time");
    // Stand-ins on the same pool: a dropped hint still stopping holds another thread, and
    // a render pipeline to compile (Bevy compiles them there) must still get one.
    let pool = bevy::tasks::AsyncComputeTaskPool::get();
    let (release, held) = std::sync::mpsc::channel::<()>();
    let hint = pool.spawn(async move { held.recv().ok() });
    let pipeline = pool.spawn(async {});
    h.run_until("the pipeline", |_| pipeline.is_finished());
    assert!(h.thinking().is_searching(), "compiled only once the search had ended");
    release.send(()).unwrap();
    h.run_until("the hint's end", |_| hint.is_finished());
}

#[test]
fn two_computers_play_a_game_to_its_end() {
    let rules = Rules::new(Game::new(), Player::Computer(1), Player::Computer(2));
    let mut h = Harness::with_computer(rules);
    h.run_until("the end of the game", |h| h.rules().game().status().is_over());
    let ply = h.rules().game().ply();
    assert!(ply >= 7, "{ply} plies");
    h.settle();
    assert_eq!(h.spheres().len(), ply);
    assert!(!h.thinking().is_thinking());
}

#[test]
fn keys_wait_while_a_dialog_is_open() {
    let mut game = Harness::build(Rules::default(), |app| {
        super::records_ui::logic_plugin(app);
        app.init_resource::<super::persistence::Notices>()
            .init_resource::<super::dialog::DialogOpen>();
    });
    game.play("a1 b1 a1 b1 a1 b1 a1");
    assert!(game.rules().game().status().is_over());
    let page_up = |game: &mut Harness, dialog_open: bool| {
        let world = game.app.world_mut();
        world.resource_mut::<super::dialog::DialogOpen>().0 = dialog_open;
        world.resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::PageUp);
        game.app.update();
        let mut keys = game.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::PageUp);
        keys.clear();
        game.app.update();
        game.rules().game().ply()
    };
    assert_eq!(page_up(&mut game, true), 7, "PageUp behind a dialog steps nowhere");
    assert_eq!(page_up(&mut game, false), 6, "without one it steps back a move");
}
