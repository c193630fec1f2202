//! The toolbar along the bottom: new game, undo and redo, hint and threats, the camera's
//! views, and the panels.

use bevy_egui::egui;
use egui::{Align2, Margin};

use super::look::card;
use super::{HudState, Requests};
use crate::game::camera::CameraView;
use crate::game::cpu::{Hint, HintRequested};
use crate::game::requests::{RedoRequested, UndoRequested};
use crate::game::rules_state::Rules;
use crate::game::settings::Settings;
use crate::rules::Colour;

pub(super) fn toolbar(
    ctx: &egui::Context,
    rules: &Rules,
    hint: &Hint,
    settings: &mut Settings,
    hud: &mut HudState,
    requests: &mut Requests,
) {
    let game = rules.game();
    egui::Area::new("toolbar".into()).anchor(Align2::CENTER_BOTTOM, [0.0, -14.0]).show(ctx, |ui| {
        card().inner_margin(Margin::symmetric(12, 8)).show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("New game…")
                    .on_hover_text("Choose players and start again (Ctrl+N: same players)")
                    .clicked()
                {
                    hud.choice = [rules.player(Colour::Black), rules.player(Colour::White)];
                    hud.new_game_open = true;
                }
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    requests.undo.write(UndoRequested);
                }
                if ui
                    .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    requests.redo.write(RedoRequested);
                }
                ui.separator();
                let hint_label = if hint.is_searching() { "Hint…" } else { "Hint" };
                if ui
                    .add_enabled(
                        !game.status().is_over() && !rules.computer_to_move(),
                        egui::Button::new(hint_label),
                    )
                    .on_hover_text("The computer's best move for the side to play (H)")
                    .clicked()
                {
                    requests.hints.write(HintRequested);
                }
                ui.toggle_value(&mut settings.show_threats, "Threats")
                    .on_hover_text("Mark every cell that would complete a line (T)");
                ui.separator();
                for (label, view, tip) in [
                    ("Front", CameraView::Front, "Key 1"),
                    ("Top", CameraView::Top, "Key 2"),
                    ("Corner", CameraView::Corner, "Key 3"),
                    ("Reset", CameraView::Reset, "Key 0"),
                ] {
                    if ui.button(label).on_hover_text(tip).clicked() {
                        requests.views.write(view);
                    }
                }
                ui.separator();
                ui.toggle_value(&mut settings.show_moves, "Moves")
                    .on_hover_text("Move list and layers (M)");
                ui.toggle_value(&mut hud.settings_open, "Settings");
            });
        });
    });
}
