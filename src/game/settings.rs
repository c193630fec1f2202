//! The player's preferences: sound, coordinates, animation speed, what the HUD shows.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
}

#[derive(Resource, Debug, Clone, PartialEq)]
pub(crate) struct Settings {
    pub sound: bool,
    /// 0…1.
    pub volume: f32,
    pub show_coordinates: bool,
    /// 1 is natural speed; larger is faster.
    pub animation_speed: f32,
    pub show_moves: bool,
    pub show_threats: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sound: true,
            volume: 0.7,
            show_coordinates: true,
            animation_speed: 1.0,
            show_moves: true,
            show_threats: false,
        }
    }
}
