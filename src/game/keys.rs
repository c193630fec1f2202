//! Keys as the game's shortcuts need them: whether a key press is the game's at all, and
//! the modifiers. A modifier counts as held if it was down at any point of this frame: at a
//! few frames a second a quick Ctrl+Z (Ctrl down, Z down, Z up, Ctrl up) can fall within
//! one frame, and Ctrl is then already released when it is read.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::dialog::DialogOpen;

/// Whether this frame's key presses are the game's: not while egui takes them (a text field
/// has the focus) or a dialog is open (Enter there answers the dialog, not the board).
#[derive(SystemParam)]
pub(crate) struct GameKeys<'w> {
    egui: Option<Res<'w, EguiWantsInput>>,
    dialog: Option<Res<'w, DialogOpen>>,
}

impl GameKeys<'_> {
    pub(crate) fn ours(&self) -> bool {
        let egui = self.egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input());
        let dialog = self.dialog.as_ref().is_some_and(|d| d.0);
        !egui && !dialog
    }
}

/// Ctrl, or the Super (Command) key.
pub(crate) fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    held(
        keys,
        [KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight],
    )
}

pub(crate) fn shift_held(keys: &ButtonInput<KeyCode>) -> bool {
    held(keys, [KeyCode::ShiftLeft, KeyCode::ShiftRight])
}

fn held<const N: usize>(keys: &ButtonInput<KeyCode>, modifier: [KeyCode; N]) -> bool {
    keys.any_pressed(modifier) || keys.any_just_released(modifier)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_modifier_released_within_the_frame_still_counts() {
        let mut keys = ButtonInput::<KeyCode>::default();
        assert!(!ctrl_held(&keys));
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyZ);
        keys.release(KeyCode::KeyZ);
        keys.release(KeyCode::ControlLeft);
        assert!(ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyZ));
        assert!(!shift_held(&keys));
        keys.clear();
        assert!(!ctrl_held(&keys), "a new frame forgets the release");
    }
}
