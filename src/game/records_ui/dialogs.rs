//! The Save and Open dialogs, and the window that says why a record could not be opened.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Align2, Color32, RichText};

use super::{OpenDialog, OpenRecord, RecordsUi, SaveDialog, file_name};
use crate::game::persistence::Storage;
use crate::game::rules_state::Rules;
use crate::player::Player;
use crate::rules::Colour;
use crate::store::library;
use crate::store::tags::record_of;

pub(super) fn open_save_dialog(ui: &mut RecordsUi, rules: &Rules) {
    let name = library::file_name(&whole_record(rules, ui.review));
    ui.save = Some(SaveDialog { name, replace: false });
    ui.open = None;
}

pub(super) fn open_open_dialog(ui: &mut RecordsUi, storage: &Storage) {
    ui.open =
        Some(OpenDialog { entries: library::list(&storage.dir().games()), path: String::new() });
    ui.save = None;
}

/// The whole recorded game (undone moves included), tagged with its real players.
pub(super) fn whole_record(rules: &Rules, review: Option<[Player; 2]>) -> crate::rules::Record {
    let whole = rules.game().whole();
    let [black, white] =
        review.unwrap_or([rules.player(Colour::Black), rules.player(Colour::White)]);
    record_of(&whole, black, white, chrono::Local::now())
}

/// `name` inside `games/`, unless it is a path of its own; `.s4r` added when it has no extension.
fn save_path(games: &Path, name: &str) -> PathBuf {
    let mut path = games.join(name.trim());
    if path.extension().is_none() {
        path.set_extension("s4r");
    }
    path
}

pub(super) fn save_window(
    ctx: &egui::Context,
    rules: &Rules,
    storage: &Storage,
    state: &mut RecordsUi,
) {
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

pub(super) fn open_window(
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

pub(super) fn error_window(ctx: &egui::Context, state: &mut RecordsUi) {
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
