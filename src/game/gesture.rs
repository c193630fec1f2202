//! Mouse gestures over the board, read from the window's events in the order they came: a
//! press that travels is a drag (the camera turns), one that does not is a click (input plays
//! on the peg under the pointer). Reading the ordered stream rather than each frame's button
//! state keeps this right at any frame rate: under software rendering a press, the moves and
//! the release may all fall within one frame.

use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_egui::input::EguiWantsInput;

use super::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Press>()
        .add_message::<Dragged>()
        .add_message::<Clicked>()
        .add_systems(Update, read_gestures.in_set(GameSet::Input).in_set(Gestures));
}

/// Systems that read [`Dragged`] and [`Clicked`] run after this set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Gestures;

/// Pointer travel, in logical pixels, beyond which a left press is a drag and not a click.
const DRAG_THRESHOLD: f32 = 6.0;

/// The pointer moved this far (logical pixels) with a button held in a drag.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub(crate) struct Dragged {
    pub delta: Vec2,
}

/// The left button went down and up without travelling, away from the HUD.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clicked;

/// The current press of a mouse button.
#[derive(Resource, Debug, Default)]
struct Press {
    /// The pointer's last position in the window.
    last: Option<Vec2>,
    /// The button held down (none when the press began over the HUD).
    button: Option<MouseButton>,
    /// Logical pixels moved since the press.
    travelled: f32,
}

impl Press {
    /// A right press always turns the camera; a left one once it has travelled.
    fn is_drag(&self) -> bool {
        self.button == Some(MouseButton::Right) || self.travelled > DRAG_THRESHOLD
    }
}

fn read_gestures(
    mut events: MessageReader<WindowEvent>,
    egui: Option<Res<EguiWantsInput>>,
    mut press: ResMut<Press>,
    mut dragged: MessageWriter<Dragged>,
    mut clicked: MessageWriter<Clicked>,
) {
    for event in events.read() {
        match event {
            WindowEvent::MouseButtonInput(input)
                if matches!(input.button, MouseButton::Left | MouseButton::Right) =>
            {
                match input.state {
                    ButtonState::Pressed if press.button.is_none() => {
                        let over_hud = egui.as_ref().is_some_and(|e| e.wants_any_pointer_input());
                        press.button = (!over_hud).then_some(input.button);
                        press.travelled = 0.0;
                    }
                    ButtonState::Released if press.button == Some(input.button) => {
                        if !press.is_drag() {
                            clicked.write(Clicked);
                        }
                        press.button = None;
                    }
                    _ => {}
                }
            }
            WindowEvent::CursorMoved(moved) => {
                let last = press.last.replace(moved.position);
                let (Some(_), Some(last)) = (press.button, last) else { continue };
                let delta = moved.position - last;
                press.travelled += delta.length();
                if press.is_drag() {
                    dragged.write(Dragged { delta });
                }
            }
            _ => {}
        }
    }
}
