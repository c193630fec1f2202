//! Game records in the window: the Open and Save buttons and their keys (Ctrl+O, Ctrl+S),
//! and records opened from the dialog or dropped onto the window, for review. The dialogs
//! ([`dialogs`]), the replay controls ([`replay`]) and the notices ([`notices`]) have files
//! of their own. Every change of game is a request.

mod dialogs;
mod notices;
mod replay;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::Align2;

use super::GameSet;
use super::keys::{GameKeys, ctrl_held};
use super::persistence::{Notices, Storage};
use super::requests::{GoToRequested, LoadGameRequested, NewGameRequested};
use super::rules_state::Rules;
use crate::player::Player;
use crate::store::library::{Entry, read_record};
use crate::store::tags::players_of;

pub(super) fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_systems(EguiPrimaryContextPass, draw_records_ui);
}

/// Everything but the drawing: keys, dropped files, opening records. Headless tests use it.
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<RecordsUi>()
        .init_resource::<ButtonInput<KeyCode>>()
        .add_message::<OpenRecord>()
        .add_message::<FileDragAndDrop>()
        .add_systems(
            Update,
            (record_keys, replay::replay_keys, dropped_files, open_records, end_review_on_new_game)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Open the record in this file (the Open dialog, a dropped file).
#[derive(Message, Clone, Debug)]
pub(crate) struct OpenRecord {
    pub path: PathBuf,
}

/// The dialogs' state, and the game being reviewed.
#[derive(Resource, Default, Debug)]
pub(crate) struct RecordsUi {
    /// The Save dialog: the file name typed, and whether replacing a file was confirmed.
    save: Option<SaveDialog>,
    /// The Open dialog: the records in `games/` when it opened, and a path typed.
    open: Option<OpenDialog>,
    /// Why the last record could not be opened.
    pub(crate) error: Option<String>,
    /// While a game is stepped through both sides are people (so nobody moves by itself);
    /// these are its real players, offered again by "Play from here".
    pub(crate) review: Option<[Player; 2]>,
    /// The "Play from here" confirmation, with the players chosen.
    play_from_here: Option<[Player; 2]>,
    /// A file is being dragged over the window.
    dragging: bool,
}

#[derive(Debug)]
struct SaveDialog {
    name: String,
    replace: bool,
}

#[derive(Debug)]
struct OpenDialog {
    entries: Vec<Entry>,
    path: String,
}

/// Ctrl+S saves, Ctrl+O opens.
fn record_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    rules: Res<Rules>,
    storage: Option<Res<Storage>>,
    mut ui: ResMut<RecordsUi>,
) {
    if !game_keys.ours() || !ctrl_held(&keys) {
        return;
    }
    let Some(storage) = storage else { return };
    if keys.just_pressed(KeyCode::KeyS) {
        dialogs::open_save_dialog(&mut ui, &rules);
    }
    if keys.just_pressed(KeyCode::KeyO) {
        dialogs::open_open_dialog(&mut ui, &storage);
    }
}

fn dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut ui: ResMut<RecordsUi>,
    mut open: MessageWriter<OpenRecord>,
) {
    for drop in drops.read() {
        match drop {
            FileDragAndDrop::HoveredFile { .. } => ui.dragging = true,
            FileDragAndDrop::HoveredFileCanceled { .. } => ui.dragging = false,
            FileDragAndDrop::DroppedFile { path_buf, .. } => {
                ui.dragging = false;
                open.write(OpenRecord { path: path_buf.clone() });
            }
        }
    }
}

/// Reads each record asked for: a good one replaces the game (for review), a bad one gets
/// the error window and changes nothing.
fn open_records(
    mut requests: MessageReader<OpenRecord>,
    time: Res<Time>,
    mut ui: ResMut<RecordsUi>,
    mut notices: ResMut<Notices>,
    mut loads: MessageWriter<LoadGameRequested>,
) {
    for request in requests.read() {
        match read_record(&request.path) {
            Err(reason) => ui.error = Some(reason),
            Ok(record) => {
                let (black, white) = players_of(&record);
                let name = file_name(&request.path);
                ui.review = Some([black, white]);
                ui.open = None;
                ui.error = None;
                notices.toast(
                    format!("Opened {name}: {} moves, {}", record.moves().len(), record.result()),
                    time.elapsed_secs(),
                );
                loads.write(LoadGameRequested {
                    game: record.game(),
                    black: Player::Human,
                    white: Player::Human,
                    source: name,
                });
            }
        }
    }
}

/// A new game is played, not reviewed.
fn end_review_on_new_game(
    mut new_games: MessageReader<NewGameRequested>,
    mut ui: ResMut<RecordsUi>,
) {
    if new_games.read().count() > 0 {
        ui.review = None;
        ui.play_from_here = None;
    }
}

/// The file's name, for messages and lists.
pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

#[allow(clippy::too_many_arguments)]
fn draw_records_ui(
    mut contexts: EguiContexts,
    rules: Res<Rules>,
    storage: Option<Res<Storage>>,
    time: Res<Time>,
    mut ui: ResMut<RecordsUi>,
    mut notices: ResMut<Notices>,
    mut go_to: MessageWriter<GoToRequested>,
    mut loads: MessageWriter<LoadGameRequested>,
    mut open: MessageWriter<OpenRecord>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Below the game's status card, wherever its height leaves it.
    let top =
        ctx.memory(|m| m.area_rect(egui::Id::new("status"))).map_or(150.0, |r| r.bottom() + 10.0);
    egui::Area::new("records".into()).anchor(Align2::LEFT_TOP, [14.0, top]).show(ctx, |area| {
        egui::Frame::window(area.style()).show(area, |frame| {
            frame.horizontal(|row| {
                if let Some(storage) = storage.as_deref() {
                    if row.button("Open…").on_hover_text("Open a game record (Ctrl+O)").clicked()
                    {
                        dialogs::open_open_dialog(&mut ui, storage);
                    }
                    if row
                        .button("Save…")
                        .on_hover_text("Save this game as a record (Ctrl+S)")
                        .clicked()
                    {
                        dialogs::open_save_dialog(&mut ui, &rules);
                    }
                }
            });
            if replay::replay_available(&rules, &ui) {
                frame.add_space(4.0);
                replay::replay_bar(frame, &rules, &mut ui, &mut go_to, &mut loads);
            }
        });
    });
    if let Some(storage) = storage.as_deref() {
        dialogs::save_window(ctx, &rules, storage, &mut ui);
        dialogs::open_window(ctx, &mut ui, &mut open);
    }
    replay::play_from_here_window(ctx, &rules, &mut ui, &mut loads);
    dialogs::error_window(ctx, &mut ui);
    notices::notices_view(ctx, &mut notices, ui.dragging, time.elapsed_secs());
    Ok(())
}
