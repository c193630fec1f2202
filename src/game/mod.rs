//! The Bevy game: one plugin per concern, added here, in the order [`GameSet`] tells.
//!
//! Data flows one way: input (mouse, keys, HUD, the computer) → request messages → the rules
//! resource ([`rules_state`], the one source of truth) → `MovePlayed` → the view (pieces,
//! sound, HUD).

mod audio;
mod camera;
mod cpu;
mod dialog;
mod egui_idle;
mod frame_pacing;
mod gesture;
mod graphics;
mod hud;
mod input;
mod keys;
mod layout;
mod offscreen;
mod overlays;
mod persistence;
mod pieces;
mod records_ui;
mod requests;
mod rules_state;
mod scene;
mod screenshot;
mod settings;
mod wood;

#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResizeConstraints};
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;

use crate::cli::PlayArgs;
use crate::player::Player;
use crate::rules::{Game, parse_moves};

/// The order of a frame: input becomes requests, one system applies them to the rules,
/// the view follows the rules, and the report (screenshot, state dump) comes last.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum GameSet {
    Input,
    Apply,
    View,
    Report,
}

/// Opens the game window and runs until it is closed.
pub fn run(args: PlayArgs, data_dir: Option<PathBuf>) -> ExitCode {
    let launched = Instant::now();
    let game = match starting_game(&args) {
        Ok(game) => game,
        Err(message) => {
            eprintln!("yonmoku: {message}");
            return ExitCode::from(1);
        }
    };
    let rules = rules_state::Rules::new(
        game,
        args.black.unwrap_or(Player::Human),
        args.white.unwrap_or(Player::Human),
    );
    let mut app = App::new();
    app.add_plugins(if args.offscreen {
        offscreen::default_plugins(cpu::task_pools())
    } else {
        windowed_default_plugins()
    })
    .add_plugins((MeshPickingPlugin, EguiPlugin::default()))
    .insert_resource(rules)
    .insert_resource(persistence::Storage::new(
        crate::store::DataDir::resolve(data_dir),
        persistence::Start::from_args(&args),
    ))
    .insert_resource(screenshot::LaunchedAt(launched))
    .add_plugins(plugin);
    if args.offscreen {
        app.add_plugins(offscreen::plugin);
    }
    if let Some(path) = args.screenshot {
        // Keep rendering without input until the picture is taken.
        app.insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .insert_resource(screenshot::ScreenshotRequest::new(path));
    } else {
        app.insert_resource(WinitSettings::desktop_app());
    }
    if let Some(path) = std::env::var_os("YONMOKU_STATE_FILE") {
        app.insert_resource(screenshot::StateFile::new(path.into()));
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Bevy's default plugins with the game's window.
fn windowed_default_plugins() -> bevy::app::PluginGroupBuilder {
    DefaultPlugins.set(cpu::task_pools()).set(WindowPlugin {
        primary_window: Some(Window {
            title: "Yonmoku".into(),
            name: Some("yonmoku".into()),
            resolution: (1280, 720).into(),
            resize_constraints: WindowResizeConstraints {
                min_width: 900.0,
                min_height: 560.0,
                ..default()
            },
            ..default()
        }),
        ..default()
    })
}

/// The game the window opens on: the record's moves, then `--moves`.
fn starting_game(args: &PlayArgs) -> Result<Game, String> {
    let mut moves = Vec::new();
    if let Some(path) = &args.record {
        let record = crate::store::library::read_record(path)?;
        moves.extend_from_slice(record.moves());
    }
    if let Some(text) = &args.moves {
        moves.extend(parse_moves(text).map_err(|e| format!("--moves: {e}"))?);
    }
    Game::from_moves(&moves)
        .map_err(|(index, error)| format!("move {} ({}): {error}", index + 1, moves[index]))
}

/// The whole game on top of Bevy's default plugins.
fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((
        scene::plugin,
        graphics::plugin,
        gesture::plugin,
        input::plugin,
        camera::plugin,
        hud::plugin,
        audio::plugin,
        cpu::plugin,
        dialog::plugin,
        overlays::plugin,
        screenshot::plugin,
        persistence::plugin,
        records_ui::plugin,
        egui_idle::plugin,
        frame_pacing::plugin,
    ));
}

/// The part of the game that needs no window: the rules, the requests, the pieces.
/// Headless tests run it on `MinimalPlugins`.
fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Apply, GameSet::View, GameSet::Report).chain(),
    )
    .add_message::<RequestRedraw>()
    .add_plugins((settings::plugin, requests::plugin, rules_state::plugin, pieces::plugin));
}
