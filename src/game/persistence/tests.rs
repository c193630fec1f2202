//! Headless tests of saving and resuming with a temporary data directory: the logic plugins
//! and persistence on `MinimalPlugins`, restarted by building a second app on the same folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::{Notices, Start, Storage};
use crate::game::records_ui::{OpenRecord, RecordsUi};
use crate::game::requests::{
    GoToRequested, MoveRequested, Mover, NewGameRequested, RedoRequested, UndoRequested,
};
use crate::game::rules_state::Rules;
use crate::game::settings::Settings;
use crate::game::tests::Drive;
use crate::player::Player;
use crate::rules::{Colour, Record};
use crate::store::DataDir;
use crate::store::tags::players_of;

fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "yonmoku-game-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn spaced(pegs: &[crate::rules::Peg]) -> String {
    pegs.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// One run of the game on a data directory, without a window.
struct Session {
    app: App,
    dir: DataDir,
}

impl Drive for Session {
    fn app(&self) -> &App {
        &self.app
    }

    fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

impl Session {
    /// Opens the game as `yonmoku` with no arguments does: resuming what is saved.
    fn start(root: &Path) -> Session {
        Session::start_with(root, Start { resume: true, ..Start::default() }, Rules::default())
    }

    fn start_with(root: &Path, start: Start, rules: Rules) -> Session {
        let dir = DataDir::new(root);
        let mut app = App::new();
        // The game's task pools: the tests of one binary share them, whoever sets them up.
        app.add_plugins(MinimalPlugins.set(crate::game::cpu::task_pools()))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
            .insert_resource(rules)
            .insert_resource(Storage::new(dir.clone(), start));
        crate::game::logic_plugin(&mut app);
        super::plugin(&mut app);
        crate::game::records_ui::logic_plugin(&mut app);
        app.update();
        Session { app, dir }
    }

    /// The moves played, spaced, without move numbers.
    fn moves(&self) -> String {
        spaced(self.rules().game().moves())
    }

    /// Waits for the writer, then reads `current.s4r`.
    fn saved(&self) -> Record {
        self.app.world().resource::<Storage>().flush();
        let text = fs::read_to_string(self.dir.current_game()).expect("current.s4r exists");
        Record::parse(&text).expect("current.s4r is a valid record")
    }

    fn games(&self) -> Vec<PathBuf> {
        self.app.world().resource::<Storage>().flush();
        let Ok(dir) = fs::read_dir(self.dir.games()) else { return Vec::new() };
        dir.map(|e| e.unwrap().path()).collect()
    }

    fn alert(&self) -> Option<String> {
        let alerts = &self.app.world().resource::<Notices>().alerts;
        (!alerts.is_empty())
            .then(|| alerts.iter().map(|(_, text)| text.as_str()).collect::<Vec<_>>().join("\n"))
    }

    /// Closes the game (the writer finishes, as when the window closes).
    fn close(self) {
        self.app.world().resource::<Storage>().flush();
    }
}

#[test]
fn a_move_writes_the_current_game() {
    let root = temp_dir("move-writes");
    let mut game = Session::start(&root);
    game.play("b2 c3");
    let saved = game.saved();
    assert_eq!(spaced(saved.moves()), "b2 c3");
    assert_eq!(saved.result().to_string(), "*");
    game.send(UndoRequested);
    assert_eq!(game.saved().moves().len(), 2, "the undone move is kept for redo");
    assert_eq!(game.saved().tag("Ply"), Some("1"));
    fs::remove_dir_all(root).ok();
}

#[test]
fn a_restart_resumes_the_game_with_its_players() {
    let root = temp_dir("restart");
    let mut first =
        Session::start_with(&root, Start { resume: true, ..Start::default() }, Rules::default());
    first.send(NewGameRequested { black: Player::Human, white: Player::Computer(2) });
    first.play("b2");
    let generation = first.rules().generation();
    first.send(MoveRequested {
        peg: crate::rules::parse_peg("c3").unwrap(),
        by: Mover::Computer { generation },
    });
    first.play("a1");
    first.close();

    let second = Session::start(&root);
    assert_eq!(second.moves(), "b2 c3 a1");
    assert_eq!(second.rules().player(Colour::Black), Player::Human);
    assert_eq!(second.rules().player(Colour::White), Player::Computer(2));
    fs::remove_dir_all(root).ok();
}

#[test]
fn a_game_stepped_back_resumes_at_the_move_shown_with_redo() {
    let root = temp_dir("restart-ply");
    let mut first = Session::start(&root);
    first.play("b2 c3 a1 d4");
    first.send(GoToRequested { ply: 1 });
    first.close();
    let mut second = Session::start(&root);
    assert_eq!(second.moves(), "b2");
    second.send(RedoRequested);
    assert_eq!(second.moves(), "b2 c3");
    fs::remove_dir_all(root).ok();
}

#[test]
fn a_corrupt_current_game_is_moved_aside_and_a_new_game_starts() {
    let root = temp_dir("corrupt");
    fs::write(root.join("current.s4r"), "1. b2 b2 b2 b2 b2").unwrap();
    let mut game = Session::start(&root);
    assert_eq!(game.moves(), "");
    let alert = game.alert().expect("the player is told");
    assert!(alert.contains("peg b2 is full") && alert.contains("current.s4r.bad-"), "{alert}");
    let aside: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("current.s4r.bad-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), "1. b2 b2 b2 b2 b2", "nothing is lost");
    game.play("a1");
    assert_eq!(game.saved().moves().len(), 1);
    fs::remove_dir_all(root).ok();
}

#[test]
fn garbage_bytes_as_the_current_game_start_a_new_game() {
    let root = temp_dir("garbage");
    let garbage: Vec<u8> =
        (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    fs::write(root.join("current.s4r"), &garbage).unwrap();
    fs::write(root.join("settings.toml"), &garbage).unwrap();
    let mut game = Session::start(&root);
    assert_eq!(game.moves(), "");
    let alerts = game.alert().unwrap();
    assert!(alerts.contains("saved game") && alerts.contains("settings.toml"), "{alerts}");
    game.play("d4");
    assert_eq!(game.saved().moves().len(), 1);
    fs::remove_dir_all(root).ok();
}

#[test]
fn a_finished_game_appears_in_games_once() {
    let root = temp_dir("finished");
    let mut game = Session::start(&root);
    game.send(NewGameRequested { black: Player::Human, white: Player::Human });
    game.play("a1 b1 a1 b1 a1 b1 a1");
    let games = game.games();
    assert_eq!(games.len(), 1, "{games:?}");
    let record = crate::store::library::read_record(&games[0]).unwrap();
    assert_eq!(record.result().to_string(), "1-0");
    assert_eq!(record.tag("Line"), Some("a1:1-a1:4"));
    assert_eq!(record.tag("Black"), Some("Player 1"));
    assert!(record.tag("Date").is_some());
    // Stepping back and forth through it does not write it again.
    game.send(UndoRequested);
    game.send(RedoRequested);
    assert_eq!(game.games().len(), 1);
    // A finished game is not resumed: a new one starts.
    game.close();
    let again = Session::start(&root);
    assert_eq!(again.moves(), "");
    fs::remove_dir_all(root).ok();
}

#[test]
fn opening_a_bad_record_leaves_the_current_game_as_it_was() {
    let root = temp_dir("bad-record");
    let bad = root.join("bad.s4r");
    fs::write(&bad, "[Black \"x\"]\n\n1. b2 c3 2. c3 c3\n3. c3 c3 *\n").unwrap();
    let mut game = Session::start(&root);
    game.play("a1 b1");
    game.app.world().resource::<Storage>().flush();
    let before = fs::read_to_string(game.dir.current_game()).unwrap();
    game.send(OpenRecord { path: bad });
    game.app.update();
    let error = game.app.world().resource::<RecordsUi>().error.clone().expect("an error window");
    assert_eq!(error, "bad.s4r: line 4, move 6 (c3): peg c3 is full");
    assert_eq!(game.moves(), "a1 b1");
    game.app.world().resource::<Storage>().flush();
    assert_eq!(fs::read_to_string(game.dir.current_game()).unwrap(), before);
    fs::remove_dir_all(root).ok();
}

#[test]
fn opening_a_record_shows_it_for_review_and_keeps_its_players() {
    let root = temp_dir("open-record");
    let path = root.join("good.s4r");
    fs::write(&path, "[White \"CPU (level 5)\"]\n1. b2 c3 2. a1 *\n").unwrap();
    let mut game = Session::start(&root);
    game.send(OpenRecord { path });
    game.app.update();
    assert_eq!(game.moves(), "b2 c3 a1");
    assert_eq!(game.rules().player(Colour::White), Player::Human, "nobody moves by itself");
    let review = game.app.world().resource::<RecordsUi>().review;
    assert_eq!(review, Some([Player::Human, Player::Computer(5)]));
    assert_eq!(players_of(&game.saved()), (Player::Human, Player::Human));
    fs::remove_dir_all(root).ok();
}

#[test]
fn settings_and_last_players_survive_a_restart() {
    let root = temp_dir("settings");
    let mut first = Session::start(&root);
    {
        let mut settings = first.app.world_mut().resource_mut::<Settings>();
        settings.sound = false;
        settings.volume = 0.25;
        settings.show_moves = false;
    }
    first.send(NewGameRequested { black: Player::Computer(4), white: Player::Human });
    first.close();
    let text = fs::read_to_string(root.join("settings.toml")).unwrap();
    assert!(text.contains("volume = 0.25") && text.contains("black = \"cpu:4\""), "{text}");
    // Without a game to resume, the next one has the players last chosen.
    fs::remove_file(root.join("current.s4r")).unwrap();

    let second = Session::start(&root);
    let settings = second.app.world().resource::<Settings>().clone();
    assert!(!settings.sound);
    assert_eq!(settings.volume, 0.25);
    assert!(!settings.show_moves);
    assert_eq!(second.rules().player(Colour::Black), Player::Computer(4));
    assert_eq!(second.alert(), None);
    fs::remove_dir_all(root).ok();
}

#[test]
fn a_bad_settings_file_gives_defaults_and_a_message() {
    let root = temp_dir("bad-settings");
    fs::write(root.join("settings.toml"), "volume = \"loud\"").unwrap();
    let game = Session::start(&root);
    assert_eq!(*game.app.world().resource::<Settings>(), Settings::default());
    assert!(game.alert().unwrap().contains("settings.toml is invalid"));
    fs::remove_dir_all(root).ok();
}

#[test]
fn the_screenshot_mode_writes_nothing() {
    let root = temp_dir("read-only");
    let start = Start { resume: true, read_only: true, ..Start::default() };
    let mut game = Session::start_with(&root, start, Rules::default());
    game.play("a1 b1 a1 b1 a1 b1 a1");
    game.app.world_mut().resource_mut::<Settings>().volume = 0.1;
    game.app.update();
    game.app.world().resource::<Storage>().flush();
    assert_eq!(fs::read_dir(&root).unwrap().count(), 0);
    fs::remove_dir_all(root).ok();
}
