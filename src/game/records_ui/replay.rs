//! Stepping through a game: the replay bar (first, back, forward, last), its keys (PageUp
//! and PageDown, and the arrow keys while replaying), and "Play from here".

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use super::RecordsUi;
use crate::game::dialog::dialog;
use crate::game::hud::player_picker;
use crate::game::keys::{GameKeys, ctrl_held, shift_held};
use crate::game::requests::{GoToRequested, LoadGameRequested};
use crate::game::rules_state::Rules;
use crate::player::Player;
use crate::rules::{Colour, Game};

/// The replay controls are offered for a finished game, one stepped back into, or a record
/// being reviewed.
pub(super) fn replay_available(rules: &Rules, ui: &RecordsUi) -> bool {
    let game = rules.game();
    let recorded = game.full_line().len();
    recorded > 0 && (game.status().is_over() || game.ply() < recorded || ui.review.is_some())
}

/// A record being reviewed, or a game whose last recorded move ended it: nothing is left to
/// play, so the arrow keys step through the moves instead of moving the board's cursor.
pub(super) fn replaying(rules: &Rules, ui: &RecordsUi) -> bool {
    ui.review.is_some() || rules.game().whole().status().is_over()
}

/// PageUp back, PageDown forward; with Shift, to the first or the last move; End to the last.
/// While replaying, the Left and Right arrows step too (otherwise they move the board's
/// cursor), and Up and Down go to the first and the last move.
pub(super) fn replay_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    rules: Res<Rules>,
    mut ui: ResMut<RecordsUi>,
    mut go_to: MessageWriter<GoToRequested>,
    mut loads: MessageWriter<LoadGameRequested>,
) {
    if !game_keys.ours() || ctrl_held(&keys) || !replay_available(&rules, &ui) {
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
pub(super) fn step_to(
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

pub(super) fn replay_bar(
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

pub(super) fn play_from_here_window(
    ctx: &egui::Context,
    rules: &Rules,
    state: &mut RecordsUi,
    loads: &mut MessageWriter<LoadGameRequested>,
) {
    let Some(mut players) = state.play_from_here else { return };
    let game = rules.game();
    let later = game.full_line().len() - game.ply();
    let ((confirmed, cancelled), close) = dialog(ctx, "Play from here", 440.0, |ui| {
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
            let confirmed = ui.button(RichText::new(label).strong()).clicked();
            (confirmed, ui.button("Cancel").clicked())
        })
        .inner
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
    } else if cancelled || close {
        state.play_from_here = None;
    } else {
        state.play_from_here = Some(players);
    }
}
