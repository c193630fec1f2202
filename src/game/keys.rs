//! Modifier keys as shortcuts need them. A modifier counts as held if it was down at any
//! point of this frame: at a few frames a second a quick Ctrl+Z (Ctrl down, Z down, Z up,
//! Ctrl up) can fall within one frame, and Ctrl is then already released when it is read.

use bevy::prelude::*;

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
