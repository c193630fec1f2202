//! `play --offscreen`: the whole game drawn into an image instead of a window, for measuring
//! frame times on a machine with a GPU but no display (`benches/game_offscreen.sh`). A
//! window needs an X server, and on such a machine (an H200) the game's window on Xvfb died
//! in NVIDIA's Vulkan driver before its first frame; an image target needs only the GPU.
//! Bevy's loop then runs without winit, every frame drawn as soon as the last is done.

use std::time::Duration;

use bevy::app::{PluginGroupBuilder, ScheduleRunnerPlugin};
use bevy::camera::{RenderTarget, ShadowLodOrigin};
use bevy::prelude::*;
use bevy::render::render_resource::{TextureFormat, TextureUsages};
use bevy::window::{ExitCondition, RequestRedraw};
use bevy::winit::WinitPlugin;

/// The size of the picture drawn, the window's default size.
const SIZE: UVec2 = UVec2::new(1280, 720);

/// The image the camera draws into.
#[derive(Resource)]
pub(crate) struct OffscreenTarget(pub(crate) Handle<Image>);

/// Bevy's default plugins without a window or winit, driven by a loop that never waits.
pub(super) fn default_plugins(task_pools: TaskPoolPlugin) -> PluginGroupBuilder {
    DefaultPlugins
        .set(task_pools)
        .set(WindowPlugin {
            primary_window: None,
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        })
        .disable::<WinitPlugin>()
        .add(ScheduleRunnerPlugin::run_loop(Duration::ZERO))
}

pub(super) fn plugin(app: &mut App) {
    let mut image = Image::new_target_texture(SIZE.x, SIZE.y, TextureFormat::Rgba8UnormSrgb, None);
    // Read back by `--screenshot`.
    image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
    let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image);
    app.insert_resource(OffscreenTarget(handle))
        .add_observer(draw_into_the_image)
        .add_systems(First, every_frame_is_asked_for);
}

/// The game's camera draws into the image: there is no window. Shadows take their level of
/// detail from it, as they would from a camera drawing into a window.
fn draw_into_the_image(
    added: On<Add, Camera3d>,
    target: Res<OffscreenTarget>,
    mut commands: Commands,
) {
    commands
        .entity(added.entity)
        .insert((RenderTarget::Image(target.0.clone().into()), ShadowLodOrigin));
}

/// The loop draws frame after frame, as a window does while something moves: say so, so
/// that the frame pacing counts every interval.
fn every_frame_is_asked_for(mut redraw: MessageWriter<RequestRedraw>) {
    redraw.write(RequestRedraw);
}
