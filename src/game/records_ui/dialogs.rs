//! The Save and Open dialogs, and the window that says why a record could not be opened.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use super::{OpenDialog, OpenRecord, RecordsUi, SaveDialog, file_name};
use crate::game::dialog::dialog;
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
    let Some(form) = state.save.as_mut() else { return };
    let games = storage.dir().games();
    let path = save_path(&games, &form.name);
    let exists = path.exists();
    let ((save, cancel), close) = dialog(ctx, "Save game", 440.0, |ui| {
        ui.label("File name");
        let field = ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(f32::INFINITY));
        field.request_focus();
        ui.label(RichText::new(format!("in {}", games.display())).small());
        if exists {
            ui.checkbox(&mut form.replace, "A file of that name exists: replace it");
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let ready = !form.name.trim().is_empty() && (!exists || form.replace);
            // Enter saves. (The field keeps the focus, asked for every frame, so it never
            // reports losing it.)
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            let save =
                ui.add_enabled(ready, egui::Button::new("Save")).clicked() || (enter && ready);
            (save, ui.button("Cancel").clicked())
        })
        .inner
    });
    if save {
        storage.write_file(&path, whole_record(rules, review).to_string().into_bytes());
    }
    if save || cancel || close {
        state.save = None;
    }
}

pub(super) fn open_window(
    ctx: &egui::Context,
    state: &mut RecordsUi,
    requests: &mut MessageWriter<OpenRecord>,
) {
    let Some(form) = state.open.as_mut() else { return };
    let mut chosen = None;
    let (cancel, close) = dialog(ctx, "Open game", 480.0, |ui| {
        if form.entries.is_empty() {
            ui.label("No games yet: finished games are kept here, newest first.");
        }
        // Its own height, as the move list's (see the HUD): not what the dialog had room
        // for in its first, sizing frame.
        let list = egui::ScrollArea::vertical().max_height(360.0).min_scrolled_height(360.0);
        list.show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            for entry in &form.entries {
                let name = file_name(&entry.path);
                let text = match &entry.record {
                    Ok(_) => RichText::new(entry.summary()),
                    Err(_) => {
                        RichText::new(entry.summary()).color(Color32::from_rgb(0xD0, 0x70, 0x60))
                    }
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
            let field =
                ui.add(egui::TextEdit::singleline(&mut form.path).hint_text("/path/to/game.s4r"));
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let typed = !form.path.trim().is_empty();
            if (ui.add_enabled(typed, egui::Button::new("Open")).clicked() || enter) && typed {
                chosen = Some(PathBuf::from(form.path.trim()));
            }
        });
        ui.add_space(4.0);
        ui.button("Cancel").clicked()
    });
    if let Some(path) = chosen {
        requests.write(OpenRecord { path });
    }
    if cancel || close {
        state.open = None;
    }
}

pub(super) fn error_window(ctx: &egui::Context, state: &mut RecordsUi) {
    let Some(reason) = state.error.clone() else { return };
    let (ok, close) = dialog(ctx, "Cannot open this record", 460.0, |ui| {
        ui.label(RichText::new(reason).monospace());
        ui.label("The game on the board has not changed.");
        ui.add_space(4.0);
        ui.button("OK").clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter))
    });
    if ok || close {
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
