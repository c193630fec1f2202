//! The Bevy game: one plugin per concern.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::PlayArgs;

/// Opens the game window and runs until it is closed.
pub fn run(_args: PlayArgs, _data_dir: Option<PathBuf>) -> ExitCode {
    use bevy::prelude::*;
    App::new().add_plugins(DefaultPlugins).run();
    ExitCode::SUCCESS
}
