//! Keeping the game on disk: the game in progress is resumed on start and rewritten after
//! every change, each finished game goes to `games/` once, and the settings survive a restart.
//! Every write happens on the store's writer thread, so a frame never waits for the disk.

use std::collections::HashSet;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::GameSet;
use super::requests::{LoadGameRequested, NewGameRequested};
use super::rules_state::Rules;
use super::settings::Settings;
use crate::cli::PlayArgs;
use crate::player::Player;
use crate::rules::{Colour, Game, Peg};
use crate::store::autosave::{Resume, current_record, load_current, shown_game};
use crate::store::tags::{players_of, record_of};
use crate::store::writer::{Writer, Written};
use crate::store::{self, DataDir};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .add_systems(
            Startup,
            (load_settings, resume_game, remember_finished_start)
                .chain()
                .run_if(resource_exists::<Storage>),
        )
        .add_systems(
            Update,
            (
                remember_opened_games,
                save_current_game,
                archive_finished_game,
                save_settings,
                report_writes,
            )
                .chain()
                .after(GameSet::Apply)
                .run_if(resource_exists::<Storage>),
        )
        .add_systems(Update, expire_toasts)
        .add_systems(Last, flush_on_exit.run_if(resource_exists::<Storage>));
}

/// How the window was opened, as far as the saved game is concerned.
#[derive(Clone, Debug, Default)]
pub(crate) struct Start {
    /// No record or moves were given: continue the game in `current.s4r`.
    pub resume: bool,
    /// Players given on the command line; they replace the resumed game's.
    pub black: Option<Player>,
    pub white: Option<Player>,
    /// Write nothing (the `--screenshot` mode renders a picture and leaves the data alone).
    pub read_only: bool,
}

impl Start {
    pub(crate) fn from_args(args: &PlayArgs) -> Start {
        Start {
            resume: args.record.is_none() && args.moves.is_none(),
            black: args.black,
            white: args.white,
            read_only: args.screenshot.is_some(),
        }
    }
}

/// The data directory, its writer, and what is already on disk.
#[derive(Resource)]
pub(crate) struct Storage {
    dir: DataDir,
    writer: Writer,
    start: Start,
    /// `current.s4r` may be replaced (not when it exists but could be neither read nor moved).
    keep_current: bool,
    /// What `current.s4r` holds now, to skip rewriting the same game.
    saved: Option<Snapshot>,
    /// Finished games already in `games/`, or opened from a file: not archived (again).
    finished: HashSet<Vec<Peg>>,
    /// The settings as last read or written.
    settings: store::Settings,
}

impl Storage {
    pub(crate) fn new(dir: DataDir, start: Start) -> Storage {
        Storage {
            dir,
            writer: Writer::new(),
            keep_current: !start.read_only,
            start,
            saved: None,
            finished: HashSet::new(),
            settings: store::Settings::default(),
        }
    }

    pub(crate) fn dir(&self) -> &DataDir {
        &self.dir
    }

    pub(crate) fn read_only(&self) -> bool {
        self.start.read_only
    }

    /// Replaces a file off the main thread (Save in the records window).
    pub(crate) fn write_file(&self, path: &std::path::Path, bytes: Vec<u8>) {
        self.writer.replace(path, bytes);
    }

    /// Waits until every write asked so far is on disk (tests, and closing the window).
    pub(crate) fn flush(&self) {
        self.writer.flush();
    }
}

/// The part of the game that `current.s4r` records.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    line: Vec<Peg>,
    ply: usize,
    players: [Player; 2],
}

impl Snapshot {
    fn of(rules: &Rules) -> Snapshot {
        Snapshot {
            line: rules.game().full_line(),
            ply: rules.game().ply(),
            players: [rules.player(Colour::Black), rules.player(Colour::White)],
        }
    }
}

/// What the player should be told about files: an alert that waits for OK, and short notes.
#[derive(Resource, Default, Debug)]
pub(crate) struct Notices {
    /// Titles and texts of messages that stay until dismissed, oldest first.
    pub alerts: Vec<(String, String)>,
    /// Short notes and the time (seconds since start) they disappear.
    pub toasts: Vec<(String, f32)>,
}

/// Seconds a short note stays on screen.
const TOAST_SECONDS: f32 = 4.0;

impl Notices {
    pub(crate) fn alert(&mut self, title: impl Into<String>, text: impl Into<String>) {
        self.alerts.push((title.into(), text.into()));
    }

    pub(crate) fn toast(&mut self, text: impl Into<String>, now: f32) {
        self.toasts.push((text.into(), now + TOAST_SECONDS));
    }
}

fn expire_toasts(
    time: Res<Time>,
    mut notices: ResMut<Notices>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if notices.toasts.is_empty() {
        return;
    }
    let now = time.elapsed_secs();
    if notices.toasts.iter().any(|(_, until)| *until <= now) {
        notices.toasts.retain(|(_, until)| *until > now);
    }
    // Keep frames coming until the last note has gone.
    redraw.write(RequestRedraw);
}

fn load_settings(
    mut storage: ResMut<Storage>,
    mut settings: ResMut<Settings>,
    mut notices: ResMut<Notices>,
) {
    let (stored, problem) = store::Settings::load(&storage.dir.settings());
    *settings = Settings {
        sound: stored.sound,
        volume: stored.volume,
        show_coordinates: stored.show_coordinates,
        animation_speed: stored.animation_speed,
        show_moves: stored.show_move_list,
        show_threats: stored.show_threats,
    };
    storage.settings = stored;
    if let Some(problem) = problem {
        notices.alert("Settings reset", problem);
    }
}

/// Continues the game in `current.s4r` when the window opened without a record or moves.
fn resume_game(
    mut storage: ResMut<Storage>,
    mut rules: ResMut<Rules>,
    mut notices: ResMut<Notices>,
) {
    if !storage.start.resume {
        return;
    }
    let start = storage.start.clone();
    let fresh = |settings: &store::Settings| {
        Rules::new(
            Game::new(),
            start.black.unwrap_or_else(|| settings.black_player()),
            start.white.unwrap_or_else(|| settings.white_player()),
        )
    };
    *rules = match load_current(&storage.dir) {
        Resume::Game(record) => {
            let (black, white) = players_of(&record);
            Rules::new(
                shown_game(&record),
                start.black.unwrap_or(black),
                start.white.unwrap_or(white),
            )
        }
        Resume::Nothing => fresh(&storage.settings),
        Resume::MovedAside { to, reason } => {
            let kept = to.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            notices.alert(
                "Saved game unreadable",
                format!(
                    "The saved game could not be read ({reason}).\n\
                     It was kept as {kept}; a new game has started."
                ),
            );
            fresh(&storage.settings)
        }
        Resume::Unreadable { reason } => {
            // Leave the file alone: replacing it would lose what it holds.
            storage.keep_current = false;
            notices.alert(
                "Saved game unreadable",
                format!(
                    "The saved game could not be read ({reason}).\n\
                     A new game has started; it will not be saved over that file."
                ),
            );
            fresh(&storage.settings)
        }
    };
    storage.saved = Some(Snapshot::of(&rules));
}

/// A game already over when the window opens (a record, `--moves`) is not a new finished game.
fn remember_finished_start(rules: Res<Rules>, mut storage: ResMut<Storage>) {
    remember_if_finished(&mut storage, rules.game());
}

fn remember_if_finished(storage: &mut Storage, game: &Game) {
    let whole = game.whole();
    if whole.status().is_over() {
        storage.finished.insert(whole.moves().to_vec());
    }
}

fn remember_opened_games(
    mut loads: MessageReader<LoadGameRequested>,
    mut storage: ResMut<Storage>,
) {
    for load in loads.read() {
        info!("game loaded ({}): {} moves", load.source, load.game.full_line().len());
        remember_if_finished(&mut storage, &load.game);
    }
}

/// Rewrites `current.s4r` whenever the game changes (move, undo, redo, new game, load).
fn save_current_game(rules: Res<Rules>, mut storage: ResMut<Storage>) {
    if !rules.is_changed() || !storage.keep_current {
        return;
    }
    let snapshot = Snapshot::of(&rules);
    if storage.saved.as_ref() == Some(&snapshot) {
        return;
    }
    let [black, white] = snapshot.players;
    let record = current_record(rules.game(), black, white, chrono::Local::now());
    storage.writer.replace(&storage.dir.current_game(), record.to_string().into_bytes());
    storage.saved = Some(snapshot);
}

/// Writes each game that has just ended into `games/`, once.
fn archive_finished_game(rules: Res<Rules>, mut storage: ResMut<Storage>) {
    let game = rules.game();
    if !rules.is_changed() || !game.status().is_over() || storage.finished.contains(game.moves()) {
        return;
    }
    storage.finished.insert(game.moves().to_vec());
    if storage.read_only() {
        return;
    }
    let record = record_of(
        game,
        rules.player(Colour::Black),
        rules.player(Colour::White),
        chrono::Local::now(),
    );
    storage.writer.archive(&storage.dir.games(), record);
}

/// Saves the settings when the player changes them, and the players of each new game.
fn save_settings(
    settings: Res<Settings>,
    mut new_games: MessageReader<NewGameRequested>,
    mut storage: ResMut<Storage>,
) {
    let mut wanted = storage.settings.clone();
    if settings.is_changed() {
        wanted.sound = settings.sound;
        wanted.volume = settings.volume;
        wanted.show_coordinates = settings.show_coordinates;
        wanted.animation_speed = settings.animation_speed;
        wanted.show_move_list = settings.show_moves;
        wanted.show_threats = settings.show_threats;
    }
    if let Some(last) = new_games.read().last() {
        wanted.black = last.black.to_string();
        wanted.white = last.white.to_string();
    }
    if wanted == storage.settings {
        return;
    }
    if !storage.read_only() {
        match toml::to_string_pretty(&wanted) {
            Ok(text) => storage.writer.replace(&storage.dir.settings(), text.into_bytes()),
            Err(e) => warn!("settings not saved: {e}"),
        }
    }
    storage.settings = wanted;
}

/// Turns what the writer did into notes for the player.
fn report_writes(storage: Res<Storage>, time: Res<Time>, mut notices: ResMut<Notices>) {
    let own = [storage.dir.current_game(), storage.dir.settings()];
    for written in storage.writer.take_done() {
        let name = |path: &std::path::Path| {
            path.strip_prefix(storage.dir.root()).unwrap_or(path).display().to_string()
        };
        match written {
            Written::Replaced(path) if own.contains(&path) => {}
            Written::Replaced(path) => {
                notices.toast(format!("Saved {}", name(&path)), time.elapsed_secs())
            }
            Written::Archived(path) => notices
                .toast(format!("Finished game saved as {}", name(&path)), time.elapsed_secs()),
            Written::Failed(message) => {
                error!("{message}");
                notices.alert("Not saved", message);
            }
        }
    }
}

/// The last move before closing reaches the disk before the process ends.
fn flush_on_exit(mut exits: MessageReader<AppExit>, storage: Res<Storage>) {
    if exits.read().count() > 0 {
        storage.flush();
    }
}

#[cfg(test)]
mod tests;
