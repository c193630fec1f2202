//! The orbit camera: drag to turn (left drag that is not a click, or right drag), wheel to
//! zoom, front/top/corner views; clamped so the board stays in view, and damped.

use std::f32::consts::{FRAC_PI_4, PI, TAU};

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::input::EguiWantsInput;

use super::GameSet;
use super::gesture::{Dragged, Gestures};
use super::keys::GameKeys;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CameraView>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (turn_with_drag.after(Gestures), zoom_with_wheel, view_keys, apply_views)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, damp_camera.in_set(GameSet::View));
}

/// Where the camera looks at.
const TARGET: Vec3 = Vec3::new(0.0, 0.7, 0.0);
const PITCH_RANGE: (f32, f32) = (0.1, 1.52);
const DISTANCE_RANGE: (f32, f32) = (5.5, 16.0);

/// A named view, from the keys 1, 2, 3 and 0 or the HUD.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CameraView {
    Front,
    Top,
    Corner,
    Reset,
}

impl CameraView {
    /// (yaw, pitch, distance)
    fn goal(self) -> (f32, f32, f32) {
        match self {
            CameraView::Front => (0.0, 0.36, 9.4),
            CameraView::Top => (0.0, PITCH_RANGE.1, 9.6),
            CameraView::Corner => (FRAC_PI_4, 0.6, 9.6),
            CameraView::Reset => (0.45, 0.58, 9.2),
        }
    }
}

/// Orbit angles: what is shown now and where the camera is heading.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct Orbit {
    yaw: f32,
    pitch: f32,
    distance: f32,
    goal_yaw: f32,
    goal_pitch: f32,
    goal_distance: f32,
}

impl Orbit {
    fn at(view: CameraView) -> Orbit {
        let (yaw, pitch, distance) = view.goal();
        Orbit { yaw, pitch, distance, goal_yaw: yaw, goal_pitch: pitch, goal_distance: distance }
    }

    fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        ) * self.distance;
        Transform::from_translation(TARGET + offset).looking_at(TARGET, Vec3::Y)
    }

    /// The camera has reached its goal.
    pub(crate) fn settled(&self) -> bool {
        (self.goal_yaw - self.yaw).abs() < 1e-4
            && (self.goal_pitch - self.pitch).abs() < 1e-4
            && (self.goal_distance - self.distance).abs() < 1e-4
    }

    fn turn(&mut self, yaw: f32, pitch: f32) {
        self.goal_yaw += yaw;
        self.goal_pitch = (self.goal_pitch + pitch).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    }

    fn head_for(&mut self, view: CameraView) {
        let (yaw, pitch, distance) = view.goal();
        // Turn the short way round.
        self.goal_yaw = self.yaw + ((yaw - self.yaw + PI).rem_euclid(TAU) - PI);
        self.goal_pitch = pitch;
        self.goal_distance = distance;
    }
}

fn spawn_camera(mut commands: Commands) {
    let orbit = Orbit::at(CameraView::Reset);
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        // The table fades into the background instead of ending at an edge.
        DistanceFog {
            color: super::scene::HORIZON,
            falloff: FogFalloff::Linear { start: 10.0, end: 24.0 },
            ..default()
        },
        orbit.transform(),
        orbit,
    ));
}

/// A drag over the board turns the camera.
fn turn_with_drag(mut drags: MessageReader<Dragged>, mut orbit: Query<&mut Orbit>) {
    let Ok(mut orbit) = orbit.single_mut() else { return };
    for drag in drags.read() {
        orbit.turn(-drag.delta.x * 0.008, drag.delta.y * 0.006);
    }
}

fn zoom_with_wheel(
    scroll: Res<AccumulatedMouseScroll>,
    egui: Option<Res<EguiWantsInput>>,
    mut orbit: Query<&mut Orbit>,
) {
    if scroll.delta.y == 0.0 || egui.as_ref().is_some_and(|e| e.wants_any_pointer_input()) {
        return;
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    for mut orbit in &mut orbit {
        orbit.goal_distance =
            (orbit.goal_distance * 0.9f32.powf(lines)).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1);
    }
}

fn view_keys(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    mut views: MessageWriter<CameraView>,
) {
    if !game_keys.ours() {
        return;
    }
    let bindings = [
        (KeyCode::Digit1, CameraView::Front),
        (KeyCode::Digit2, CameraView::Top),
        (KeyCode::Digit3, CameraView::Corner),
        (KeyCode::Digit0, CameraView::Reset),
        (KeyCode::Home, CameraView::Reset),
    ];
    for (key, view) in bindings {
        if keys.just_pressed(key) {
            views.write(view);
        }
    }
}

fn apply_views(mut views: MessageReader<CameraView>, mut orbit: Query<&mut Orbit>) {
    for &view in views.read() {
        for mut orbit in &mut orbit {
            orbit.head_for(view);
        }
    }
}

fn damp_camera(
    time: Res<Time>,
    mut camera: Query<(&mut Orbit, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Ok((mut orbit, mut transform)) = camera.single_mut() else { return };
    if orbit.settled() {
        return;
    }
    let t = 1.0 - (-time.delta_secs().min(0.1) * 10.0).exp();
    orbit.yaw += (orbit.goal_yaw - orbit.yaw) * t;
    orbit.pitch += (orbit.goal_pitch - orbit.pitch) * t;
    orbit.distance += (orbit.goal_distance - orbit.distance) * t;
    if (orbit.goal_yaw - orbit.yaw).abs() < 5e-4
        && (orbit.goal_pitch - orbit.pitch).abs() < 5e-4
        && (orbit.goal_distance - orbit.distance).abs() < 2e-3
    {
        orbit.yaw = orbit.goal_yaw;
        orbit.pitch = orbit.goal_pitch;
        orbit.distance = orbit.goal_distance;
    }
    *transform = orbit.transform();
    redraw.write(RequestRedraw);
}
