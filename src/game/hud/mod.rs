//! The egui overlay: whose turn, the result, refused moves, the move list, the layer view,
//! the toolbar, the settings and the new-game dialog. Everything here is read from the rules
//! resource; every button sends a request.

mod dialogs;
mod look;
mod refusals;
mod side_panel;
mod status_card;
mod toolbar;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(crate) use dialogs::player_picker;

use super::GameSet;
use super::camera::CameraView;
use super::cpu::{Hint, HintRequested, Thinking};
use super::keys::{GameKeys, ctrl_held};
use super::requests::{
    GoToRequested, MoveRequested, NewGameRequested, RedoRequested, UndoRequested,
};
use super::rules_state::Rules;
use super::settings::Settings;
use crate::player::Player;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>()
        .add_systems(Update, (refusals::collect_refusals, hud_keys).in_set(GameSet::View))
        .add_systems(EguiPrimaryContextPass, draw_hud);
}

#[derive(Resource, Debug)]
struct HudState {
    messages: Vec<(String, f32)>,
    settings_open: bool,
    new_game_open: bool,
    choice: [Player; 2],
    random_sides: bool,
    styled: bool,
}

impl Default for HudState {
    fn default() -> HudState {
        HudState {
            messages: Vec::new(),
            settings_open: false,
            new_game_open: false,
            choice: [Player::Human, Player::Computer(3)],
            random_sides: false,
            styled: false,
        }
    }
}

/// H hint, T threats, M move list. (Escape closes the dialogs: see [`dialog`](super::dialog).)
fn hud_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    mut settings: ResMut<Settings>,
    mut hints: MessageWriter<HintRequested>,
) {
    if !game_keys.ours() {
        return;
    }
    let ctrl = ctrl_held(&keys);
    if ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hints.write(HintRequested);
    }
    if keys.just_pressed(KeyCode::KeyT) {
        settings.show_threats = !settings.show_threats;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.show_moves = !settings.show_moves;
    }
}

#[derive(SystemParam)]
struct Requests<'w> {
    moves: MessageWriter<'w, MoveRequested>,
    undo: MessageWriter<'w, UndoRequested>,
    redo: MessageWriter<'w, RedoRequested>,
    go_to: MessageWriter<'w, GoToRequested>,
    new_game: MessageWriter<'w, NewGameRequested>,
    views: MessageWriter<'w, CameraView>,
    hints: MessageWriter<'w, HintRequested>,
}

#[allow(clippy::too_many_arguments)]
fn draw_hud(
    mut contexts: EguiContexts,
    rules: Res<Rules>,
    thinking: Res<Thinking>,
    hint: Res<Hint>,
    mut settings: ResMut<Settings>,
    mut hud: ResMut<HudState>,
    mut requests: Requests,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !hud.styled {
        look::style(ctx);
        hud.styled = true;
    }
    status_card::status_card(ctx, &rules, &thinking);
    toolbar::toolbar(ctx, &rules, &hint, &mut settings, &mut hud, &mut requests);
    if settings.show_moves {
        side_panel::side_panel(ctx, &rules, &mut requests);
    }
    refusals::messages(ctx, &hud);
    dialogs::settings_window(ctx, &mut settings, &mut hud);
    dialogs::new_game_window(ctx, &rules, &mut hud, &mut requests);
    Ok(())
}
