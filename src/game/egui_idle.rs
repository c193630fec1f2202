//! Lets the window rest when nothing moves. bevy_egui 0.42 reports the modifier keys to egui
//! as changed on every frame; egui answers any input event by asking for another frame, so
//! the game would redraw forever (measured: both cores busy with software rendering while
//! the board sat still). This drops the report when the modifiers are what they were.
//!
//! Resting has one cost: after the window is resized egui needs a frame or two more to
//! place its panels against the new edges, and nothing would ask for them (measured: at
//! 820×560 the toolbar and the side panel stayed off screen until the mouse moved). So a
//! resize keeps the window drawing for a few frames.

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResized};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

/// Frames drawn after a resize, for egui to size and place its areas again.
const FRAMES_AFTER_RESIZE: u8 = 3;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(Update, redraw_after_resize);
}

fn redraw_after_resize(
    mut resized: MessageReader<WindowResized>,
    mut left: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if resized.read().count() > 0 {
        *left = FRAMES_AFTER_RESIZE;
    }
    if *left > 0 {
        *left -= 1;
        redraw.write(RequestRedraw);
    }
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
