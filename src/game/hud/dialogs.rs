//! The dialogs: settings, and a new game (each colour Human or Computer with a level, or
//! sides at random).

use bevy_egui::egui;
use egui::{RichText, Sense, Vec2 as EVec2};

use super::look::paint_sphere;
use super::status_card::colour_name;
use super::{HudState, Requests};
use crate::game::dialog::dialog;
use crate::game::requests::NewGameRequested;
use crate::game::rules_state::Rules;
use crate::game::settings::Settings;
use crate::player::{MAX_LEVEL, Player};
use crate::rules::Colour;

pub(super) fn settings_window(ctx: &egui::Context, settings: &mut Settings, hud: &mut HudState) {
    if !hud.settings_open {
        return;
    }
    let (done, close) = dialog(ctx, "Settings", 340.0, |ui| {
        egui::Grid::new("settings grid").num_columns(2).spacing([16.0, 10.0]).show(ui, |ui| {
            ui.label("Sound");
            ui.checkbox(&mut settings.sound, "Wooden clicks");
            ui.end_row();
            ui.label("Volume");
            ui.add_enabled(
                settings.sound,
                egui::Slider::new(&mut settings.volume, 0.0..=1.0).show_value(false),
            );
            ui.end_row();
            ui.label("Board");
            ui.checkbox(&mut settings.show_coordinates, "Show coordinates");
            ui.end_row();
            ui.label("Animation");
            ui.add(
                egui::Slider::new(&mut settings.animation_speed, 0.25..=4.0)
                    .logarithmic(true)
                    .suffix("×"),
            );
            ui.end_row();
        });
        ui.add_space(6.0);
        ui.button("Done").clicked()
    });
    if done || close {
        hud.settings_open = false;
    }
}

pub(super) fn new_game_window(
    ctx: &egui::Context,
    rules: &Rules,
    hud: &mut HudState,
    requests: &mut Requests,
) {
    if !hud.new_game_open {
        return;
    }
    let ((start, cancel), close) = dialog(ctx, "New game", 460.0, |ui| {
        egui::Grid::new("players").num_columns(3).spacing([12.0, 10.0]).show(ui, |ui| {
            for colour in [Colour::Black, Colour::White] {
                let choice = &mut hud.choice[colour.index()];
                ui.horizontal(|ui| {
                    let (rect, _) = ui.allocate_exact_size(EVec2::splat(22.0), Sense::hover());
                    paint_sphere(ui.painter(), rect.center(), 9.0, colour);
                    ui.label(colour_name(colour));
                });
                player_picker(ui, choice);
                ui.end_row();
            }
        });
        ui.checkbox(&mut hud.random_sides, "Pick sides at random (Black always moves first)");
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let start = ui.button(RichText::new("Start").strong()).clicked();
            (start, ui.button("Cancel").clicked())
        })
        .inner
    });
    if start {
        let [mut black, mut white] = hud.choice;
        if hud.random_sides && random_bit(rules.generation()) {
            std::mem::swap(&mut black, &mut white);
        }
        requests.new_game.write(NewGameRequested { black, white });
    }
    if start || cancel || close {
        hud.new_game_open = false;
    }
}

/// A coin toss: the clock's nanoseconds, mixed with something that changes every game.
fn random_bit(salt: u64) -> bool {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut x = u64::from(nanos) ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x >> 32) & 1 == 1
}

/// Human or Computer, and the computer's level: two cells of a grid row.
pub(crate) fn player_picker(ui: &mut egui::Ui, choice: &mut Player) {
    let mut computer = choice.is_computer();
    ui.horizontal(|ui| {
        ui.selectable_value(&mut computer, false, "Human");
        ui.selectable_value(&mut computer, true, "Computer");
    });
    let mut level = match *choice {
        Player::Computer(level) => level,
        Player::Human => 3,
    };
    // A person has no level: the slider's place stays, empty, so that the rows keep still.
    ui.add_visible(computer, egui::Slider::new(&mut level, 1..=MAX_LEVEL).text("level"));
    *choice = if computer { Player::Computer(level) } else { Player::Human };
}
