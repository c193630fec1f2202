//! Game records in the window: Save (Ctrl+S) and Open (Ctrl+O) dialogs, records dropped onto
//! the window, an error window for unreadable ones, replay controls (first, back, forward,
//! last; PageUp/PageDown, and the arrow keys while replaying) and "Play from here". Every change of game is a request.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Align2, Color32, RichText};

use super::GameSet;
use super::hud::player_picker;
use super::keys::{ctrl_held, shift_held};
use super::persistence::{Notices, Storage};
use super::requests::{GoToRequested, LoadGameRequested, NewGameRequested};
use super::rules_state::Rules;
use crate::player::Player;
use crate::rules::{Colour, Game};
use crate::store::library::{self, Entry, read_record};
use crate::store::tags::{players_of, record_of};

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
            (record_keys, replay_keys, dropped_files, open_records, end_review_on_new_game)
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

fn egui_has_keyboard(egui: &Option<Res<EguiWantsInput>>) -> bool {
    egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input())
}

/// Ctrl+S saves, Ctrl+O opens.
fn record_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    rules: Res<Rules>,
    storage: Option<Res<Storage>>,
    mut ui: ResMut<RecordsUi>,
) {
    if egui_has_keyboard(&egui) || !ctrl_held(&keys) {
        return;
    }
    let Some(storage) = storage else { return };
    if keys.just_pressed(KeyCode::KeyS) {
        open_save_dialog(&mut ui, &rules);
    }
    if keys.just_pressed(KeyCode::KeyO) {
        open_open_dialog(&mut ui, &storage);
    }
}

fn open_save_dialog(ui: &mut RecordsUi, rules: &Rules) {
    let name = library::file_name(&whole_record(rules, ui.review));
    ui.save = Some(SaveDialog { name, replace: false });
    ui.open = None;
}

fn open_open_dialog(ui: &mut RecordsUi, storage: &Storage) {
    ui.open =
        Some(OpenDialog { entries: library::list(&storage.dir().games()), path: String::new() });
    ui.save = None;
}

/// The whole recorded game (undone moves included), tagged with its real players.
fn whole_record(rules: &Rules, review: Option<[Player; 2]>) -> crate::rules::Record {
    let whole = rules.game().whole();
    let [black, white] =
        review.unwrap_or([rules.player(Colour::Black), rules.player(Colour::White)]);
    record_of(&whole, black, white, chrono::Local::now())
}

/// The replay controls are offered for a finished game, one stepped back into, or a record
/// being reviewed.
fn replay_available(rules: &Rules, ui: &RecordsUi) -> bool {
    let game = rules.game();
    let recorded = game.full_line().len();
    recorded > 0 && (game.status().is_over() || game.ply() < recorded || ui.review.is_some())
}

/// A record being reviewed, or a game whose last recorded move ended it: nothing is left to
/// play, so the arrow keys step through the moves instead of moving the board's cursor.
fn replaying(rules: &Rules, ui: &RecordsUi) -> bool {
    ui.review.is_some() || rules.game().whole().status().is_over()
}

/// PageUp back, PageDown forward; with Shift, to the first or the last move; End to the last.
/// While replaying, the Left and Right arrows step too (otherwise they move the board's
/// cursor), and Up and Down go to the first and the last move.
fn replay_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    rules: Res<Rules>,
    mut ui: ResMut<RecordsUi>,
    mut go_to: MessageWriter<GoToRequested>,
    mut loads: MessageWriter<LoadGameRequested>,
) {
    if egui_has_keyboard(&egui) || ctrl_held(&keys) || !replay_available(&rules, &ui) {
        return;
    }
    let shift = shift_held(&keys);
    // Only worth working out when an arrow key was pressed.
    let arrows = keys.any_just_pressed([
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
    ]) && replaying(&rules, &ui);
    let pressed = |page: KeyCode, arrow: KeyCode| {
        keys.just_pressed(page) || (arrows && keys.just_pressed(arrow))
    };
    let ply = rules.game().ply();
    let target = if pressed(KeyCode::PageUp, KeyCode::ArrowLeft) {
        Some(if shift { 0 } else { ply.saturating_sub(1) })
    } else if pressed(KeyCode::PageDown, KeyCode::ArrowRight) {
        Some(if shift { usize::MAX } else { ply + 1 })
    } else if arrows && keys.just_pressed(KeyCode::ArrowUp) {
        Some(0)
    } else if pressed(KeyCode::End, KeyCode::ArrowDown) {
        Some(usize::MAX)
    } else {
        None
    };
    if let Some(target) = target {
        step_to(target, &rules, &mut ui, &mut go_to, &mut loads);
    }
}

/// Shows the game after `ply` moves. With a computer playing, the game is first taken into
/// review (both sides people), so that the computer does not answer the position shown.
fn step_to(
    ply: usize,
    rules: &Rules,
    ui: &mut RecordsUi,
    go_to: &mut MessageWriter<GoToRequested>,
    loads: &mut MessageWriter<LoadGameRequested>,
) {
    let game = rules.game();
    let ply = ply.min(game.full_line().len());
    if ply == game.ply() {
        return;
    }
    let players = [rules.player(Colour::Black), rules.player(Colour::White)];
    if players.iter().any(|p| p.is_computer()) {
        let mut shown = game.clone();
        shown.go_to(ply);
        ui.review = Some(players);
        loads.write(LoadGameRequested {
            game: shown,
            black: Player::Human,
            white: Player::Human,
            source: "review".into(),
        });
    } else {
        go_to.write(GoToRequested { ply });
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

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// `name` inside `games/`, unless it is a path of its own; `.s4r` added when it has no extension.
fn save_path(games: &Path, name: &str) -> PathBuf {
    let mut path = games.join(name.trim());
    if path.extension().is_none() {
        path.set_extension("s4r");
    }
    path
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
                        open_open_dialog(&mut ui, storage);
                    }
                    if row
                        .button("Save…")
                        .on_hover_text("Save this game as a record (Ctrl+S)")
                        .clicked()
                    {
                        open_save_dialog(&mut ui, &rules);
                    }
                }
            });
            if replay_available(&rules, &ui) {
                frame.add_space(4.0);
                replay_bar(frame, &rules, &mut ui, &mut go_to, &mut loads);
            }
        });
    });
    if let Some(storage) = storage.as_deref() {
        save_window(ctx, &rules, storage, &mut ui);
        open_window(ctx, &mut ui, &mut open);
    }
    play_from_here_window(ctx, &rules, &mut ui, &mut loads);
    error_window(ctx, &mut ui);
    notices_view(ctx, &mut notices, ui.dragging, time.elapsed_secs());
    Ok(())
}

fn replay_bar(
    ui: &mut egui::Ui,
    rules: &Rules,
    state: &mut RecordsUi,
    go_to: &mut MessageWriter<GoToRequested>,
    loads: &mut MessageWriter<LoadGameRequested>,
) {
    let game = rules.game();
    let (ply, recorded) = (game.ply(), game.full_line().len());
    ui.horizontal(|row| {
        let mut target = None;
        for (label, tip, enabled, to) in [
            ("⏮", "First move (Shift+PageUp)", ply > 0, 0),
            ("◀", "Back one move (PageUp)", ply > 0, ply.saturating_sub(1)),
            ("▶", "Forward one move (PageDown)", ply < recorded, ply + 1),
            ("⏭", "Last move (Shift+PageDown, End)", ply < recorded, recorded),
        ] {
            if row.add_enabled(enabled, egui::Button::new(label)).on_hover_text(tip).clicked() {
                target = Some(to);
            }
        }
        row.label(RichText::new(format!("{ply} / {recorded}")).monospace());
        if let Some(to) = target {
            step_to(to, rules, state, go_to, loads);
        }
    });
    let playable = !game.status().is_over();
    let tip = if playable {
        "Continue the game from the position shown"
    } else {
        "The game is over here"
    };
    if ui.add_enabled(playable, egui::Button::new("Play from here…")).on_hover_text(tip).clicked()
    {
        state.play_from_here = Some(
            state.review.unwrap_or([rules.player(Colour::Black), rules.player(Colour::White)]),
        );
    }
}

fn play_from_here_window(
    ctx: &egui::Context,
    rules: &Rules,
    state: &mut RecordsUi,
    loads: &mut MessageWriter<LoadGameRequested>,
) {
    let Some(mut players) = state.play_from_here else { return };
    let game = rules.game();
    let later = game.full_line().len() - game.ply();
    let (mut confirmed, mut cancelled) = (false, false);
    egui::Window::new("Play from here")
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(format!("Continue from the position after {} moves.", game.ply()));
            if later > 0 {
                ui.label(
                    RichText::new(format!(
                        "The {later} later move{} will be dropped.",
                        if later == 1 { "" } else { "s" }
                    ))
                    .color(Color32::from_rgb(0xE8, 0xA8, 0x4A)),
                );
            }
            ui.add_space(6.0);
            egui::Grid::new("play from here players").num_columns(3).spacing([12.0, 8.0]).show(
                ui,
                |ui| {
                    for (colour, name) in [(Colour::Black, "Black"), (Colour::White, "White")] {
                        let choice = &mut players[colour.index()];
                        ui.label(name);
                        player_picker(ui, choice);
                        ui.end_row();
                    }
                },
            );
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let label = if later > 0 { "Drop them and play" } else { "Play" };
                confirmed = ui.button(RichText::new(label).strong()).clicked();
                cancelled = ui.button("Cancel").clicked();
            });
        });
    if confirmed {
        let [black, white] = players;
        loads.write(LoadGameRequested {
            game: Game::from_moves(game.moves()).unwrap_or_else(|_| game.clone()),
            black,
            white,
            source: "play from here".into(),
        });
        state.review = None;
        state.play_from_here = None;
    } else if cancelled {
        state.play_from_here = None;
    } else {
        state.play_from_here = Some(players);
    }
}

fn save_window(ctx: &egui::Context, rules: &Rules, storage: &Storage, state: &mut RecordsUi) {
    let review = state.review;
    let Some(dialog) = state.save.as_mut() else { return };
    let games = storage.dir().games();
    let path = save_path(&games, &dialog.name);
    let exists = path.exists();
    let (mut save, mut close) = (false, false);
    let mut open = true;
    egui::Window::new("Save game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label("File name");
            let field = ui.add(egui::TextEdit::singleline(&mut dialog.name).desired_width(420.0));
            field.request_focus();
            ui.label(RichText::new(format!("in {}", games.display())).small());
            if exists {
                ui.checkbox(&mut dialog.replace, "A file of that name exists: replace it");
            }
            ui.horizontal(|ui| {
                let ready = !dialog.name.trim().is_empty() && (!exists || dialog.replace);
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                save =
                    ui.add_enabled(ready, egui::Button::new("Save")).clicked() || (enter && ready);
                close = ui.button("Cancel").clicked();
            });
        });
    if save {
        storage.write_file(&path, whole_record(rules, review).to_string().into_bytes());
    }
    if save || close || !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.save = None;
    }
}

fn open_window(
    ctx: &egui::Context,
    state: &mut RecordsUi,
    requests: &mut MessageWriter<OpenRecord>,
) {
    let Some(dialog) = state.open.as_mut() else { return };
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Open game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if dialog.entries.is_empty() {
                ui.label("No games yet: finished games are kept here, newest first.");
            }
            // Its own height, as the move list's (see the HUD): not what the window had
            // room for in its first, sizing frame.
            let list = egui::ScrollArea::vertical().max_height(360.0).min_scrolled_height(360.0);
            list.show(ui, |ui| {
                ui.set_min_width(460.0);
                for entry in &dialog.entries {
                    let name = file_name(&entry.path);
                    let text = match &entry.record {
                        Ok(_) => RichText::new(entry.summary()),
                        Err(_) => RichText::new(entry.summary())
                            .color(Color32::from_rgb(0xD0, 0x70, 0x60)),
                    };
                    let response = ui
                        .add(egui::Button::new(RichText::new(&name).strong()).frame(false))
                        .on_hover_text(entry.path.display().to_string());
                    ui.label(text);
                    ui.separator();
                    if response.clicked() {
                        chosen = Some(entry.path.clone());
                    }
                }
            });
            ui.horizontal(|ui| {
                ui.label("Other file:");
                let field = ui.add(
                    egui::TextEdit::singleline(&mut dialog.path).hint_text("/path/to/game.s4r"),
                );
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let typed = !dialog.path.trim().is_empty();
                if (ui.add_enabled(typed, egui::Button::new("Open")).clicked() || enter) && typed {
                    chosen = Some(PathBuf::from(dialog.path.trim()));
                }
            });
        });
    if let Some(path) = chosen {
        requests.write(OpenRecord { path });
    }
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.open = None;
    }
}

fn error_window(ctx: &egui::Context, state: &mut RecordsUi) {
    let Some(reason) = state.error.clone() else { return };
    let mut ok = false;
    egui::Window::new("Cannot open this record")
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(RichText::new(reason).monospace());
            ui.label("The game on the board has not changed.");
            ok = ui.button("OK").clicked();
        });
    if ok || ctx.input(|i| i.key_pressed(egui::Key::Escape) || i.key_pressed(egui::Key::Enter)) {
        state.error = None;
    }
}

fn notices_view(ctx: &egui::Context, notices: &mut Notices, dragging: bool, now: f32) {
    if let Some((title, text)) = notices.alerts.first().cloned() {
        let mut ok = false;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_TOP, [0.0, 60.0])
            .show(ctx, |ui| {
                ui.label(text);
                ok = ui.button("OK").clicked();
            });
        if ok {
            notices.alerts.remove(0);
        }
    }
    let mut lines: Vec<&str> =
        notices.toasts.iter().filter(|(_, until)| *until > now).map(|(t, _)| t.as_str()).collect();
    if dragging {
        lines.push("Drop a .s4r record to open it");
    }
    if lines.is_empty() {
        return;
    }
    egui::Area::new("record notes".into())
        .anchor(Align2::CENTER_TOP, [0.0, 14.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                for line in lines {
                    ui.label(line);
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_names_land_in_games_with_the_extension() {
        let games = Path::new("/data/games");
        assert_eq!(save_path(games, "mine"), PathBuf::from("/data/games/mine.s4r"));
        assert_eq!(save_path(games, " a.s4r "), PathBuf::from("/data/games/a.s4r"));
        assert_eq!(save_path(games, "/tmp/x.txt"), PathBuf::from("/tmp/x.txt"));
    }
}
