//! Lets the window rest when nothing moves. bevy_egui 0.42 reports the modifier keys to egui
//! as changed on every frame; egui answers any input event by asking for another frame, so
//! the game would redraw forever (measured: both cores busy with software rendering while
//! the board sat still). This drops the report when the modifiers are what they were.

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) if *last == Some(*now) => false,
            egui::Event::ModifiersChanged(now) => {
                *last = Some(*now);
                true
            }
            _ => true,
        });
    }
}
