//! Mouse and keyboard → requests: clicking a peg (or a sphere on it, or its square of the
//! base) plays there; a ghost sphere shows where a move would land; a keyboard cursor on the
//! 4×4 grid; shortcuts for undo, redo, new game and quit.

use bevy::picking::backend::HitData;
use bevy::picking::hover::HoverMap;
use bevy::picking::mesh_picking::{MeshPickingSettings, ray_cast::RayCastVisibility};
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;

use super::GameSet;
use super::gesture::{Clicked, Gestures};
use super::keys::{GameKeys, ctrl_held, shift_held};
use super::layout::{PEG_HEIGHT, SPHERE_RADIUS, cell_position, peg_near, peg_position};
use super::pieces::{black_sphere_material, white_sphere_material};
use super::requests::{MoveRequested, NewGameRequested, RedoRequested, UndoRequested};
use super::rules_state::Rules;
use super::screenshot::ScreenshotRequest;
use crate::rules::{Colour, Peg, Status};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(MeshPickingSettings {
        require_markers: false,
        // The pegs' click columns are invisible colliders.
        ray_cast_visibility: RayCastVisibility::Any,
    })
    .init_resource::<Aim>()
    .add_systems(Startup, spawn_aim_markers)
    .add_systems(
        Update,
        (
            aim_with_pointer,
            // A click plays on the peg aimed at in the same frame.
            clicks_to_moves.after(aim_with_pointer).after(Gestures),
            keyboard_cursor,
            keyboard_shortcuts,
        )
            .in_set(GameSet::Input),
    )
    .add_systems(Update, show_aim.in_set(GameSet::View));
}

/// What a click on this entity plays: its peg, or (for the base) the peg whose square was hit.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PickTarget {
    Peg(Peg),
    Board,
}

impl PickTarget {
    fn peg(self, hit: &HitData) -> Option<Peg> {
        match self {
            PickTarget::Peg(peg) => Some(peg),
            PickTarget::Board => hit.position.and_then(peg_near),
        }
    }
}

/// Where the player is aiming: the peg under the mouse, or the keyboard cursor once the
/// arrow keys have been used (until the mouse moves again).
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct Aim {
    pub pointer: Option<Peg>,
    pub cursor: Peg,
    pub keyboard: bool,
}

impl Default for Aim {
    fn default() -> Aim {
        Aim { pointer: None, cursor: Peg::from_xy(1, 1).expect("b2"), keyboard: false }
    }
}

impl Aim {
    pub(crate) fn peg(&self) -> Option<Peg> {
        if self.keyboard { Some(self.cursor) } else { self.pointer }
    }
}

fn aim_with_pointer(
    hover: Res<HoverMap>,
    targets: Query<&PickTarget>,
    mut moved: MessageReader<CursorMoved>,
    mut aim: ResMut<Aim>,
    screenshot: Option<Res<ScreenshotRequest>>,
) {
    if screenshot.is_some() {
        // A picture of the position, not of wherever the pointer happens to rest.
        return;
    }
    let pointer = hover.get(&PointerId::Mouse).and_then(|hits| {
        hits.iter()
            .filter_map(|(entity, hit)| Some((targets.get(*entity).ok()?, hit)))
            .min_by(|a, b| a.1.depth.total_cmp(&b.1.depth))
            .and_then(|(target, hit)| target.peg(hit))
    });
    let mouse_moved = moved.read().count() > 0;
    if aim.pointer != pointer || (mouse_moved && aim.keyboard) {
        aim.pointer = pointer;
        if mouse_moved {
            aim.keyboard = false;
        }
    }
}

/// A click plays on the peg under the pointer. The peg comes from this frame's hover map
/// (where the pointer is now), not from `Pointer<Click>`, which needs the pointer to have
/// rested over the peg for a frame before the release: at a few frames a second a quick
/// move-and-click would be lost.
fn clicks_to_moves(
    mut clicks: MessageReader<Clicked>,
    aim: Res<Aim>,
    mut moves: MessageWriter<MoveRequested>,
) {
    for _ in clicks.read() {
        if let Some(peg) = aim.pointer {
            moves.write(MoveRequested::human(peg));
        }
    }
}

/// Arrow keys move the cursor (up is away from the camera, whichever side it looks from);
/// Enter or Space drops a sphere there.
fn keyboard_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    camera: Query<&Transform, With<Camera3d>>,
    mut aim: ResMut<Aim>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if !game_keys.ours() {
        return;
    }
    let steps = [
        (KeyCode::ArrowUp, Vec2::new(0.0, 1.0)),
        (KeyCode::ArrowDown, Vec2::new(0.0, -1.0)),
        (KeyCode::ArrowLeft, Vec2::new(-1.0, 0.0)),
        (KeyCode::ArrowRight, Vec2::new(1.0, 0.0)),
    ];
    // The camera's forward and right on the board, snapped to the grid (x = file, y = rank).
    let (forward, right) = camera.iter().next().map_or((Vec2::Y, Vec2::X), |t| {
        let f = t.forward();
        let forward = snap_to_axis(Vec2::new(f.x, -f.z));
        (forward, Vec2::new(forward.y, -forward.x))
    });
    for (key, step) in steps {
        if !keys.just_pressed(key) {
            continue;
        }
        if aim.keyboard {
            let delta = forward * step.y + right * step.x;
            let x = (i32::from(aim.cursor.x()) + delta.x as i32).clamp(0, 3);
            let y = (i32::from(aim.cursor.y()) + delta.y as i32).clamp(0, 3);
            aim.cursor = Peg::from_xy(x as u8, y as u8).unwrap_or(aim.cursor);
        } else {
            aim.cursor = aim.pointer.unwrap_or(aim.cursor);
            aim.keyboard = true;
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        aim.keyboard = true;
        moves.write(MoveRequested::human(aim.cursor));
    }
}

fn snap_to_axis(v: Vec2) -> Vec2 {
    if v.x.abs() > v.y.abs() { Vec2::new(v.x.signum(), 0.0) } else { Vec2::new(0.0, v.y.signum()) }
}

fn keyboard_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    game_keys: GameKeys,
    rules: Res<Rules>,
    mut undo: MessageWriter<UndoRequested>,
    mut redo: MessageWriter<RedoRequested>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut exit: MessageWriter<AppExit>,
) {
    if !game_keys.ours() {
        return;
    }
    let ctrl = ctrl_held(&keys);
    let shift = shift_held(&keys);
    if !ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::KeyZ) && !shift {
        undo.write(UndoRequested);
    }
    if keys.just_pressed(KeyCode::KeyY) || (keys.just_pressed(KeyCode::KeyZ) && shift) {
        redo.write(RedoRequested);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        new_game.write(NewGameRequested {
            black: rules.player(Colour::Black),
            white: rules.player(Colour::White),
        });
    }
    if keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
    }
}

#[derive(Component)]
struct Ghost;

#[derive(Component)]
struct FullPegMark;

#[derive(Component)]
struct CursorMark;

#[derive(Resource)]
struct GhostMaterials {
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

fn spawn_aim_markers(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let translucent = |m: StandardMaterial, alpha: f32| StandardMaterial {
        base_color: m.base_color.with_alpha(alpha),
        alpha_mode: AlphaMode::Blend,
        ..m
    };
    let ghosts = GhostMaterials {
        black: materials.add(translucent(black_sphere_material(), 0.55)),
        white: materials.add(translucent(white_sphere_material(), 0.45)),
    };
    commands.spawn((
        Name::new("Ghost sphere"),
        Ghost,
        Mesh3d(meshes.add(Sphere::new(SPHERE_RADIUS).mesh().uv(32, 18))),
        MeshMaterial3d(ghosts.black.clone()),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.insert_resource(ghosts);
    commands.spawn((
        Name::new("Full peg mark"),
        FullPegMark,
        Mesh3d(meshes.add(Torus::new(0.07, 0.11))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.85, 0.12, 0.08),
            emissive: LinearRgba::rgb(1.5, 0.1, 0.05),
            ..default()
        })),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("Keyboard cursor"),
        CursorMark,
        Mesh3d(meshes.add(Torus::new(0.555, 0.605).mesh().minor_resolution(8).major_resolution(4))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.8, 0.35),
            emissive: LinearRgba::rgb(1.2, 0.7, 0.2),
            ..default()
        })),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
}

/// The ghost sphere where a move would land, a red ring on a full peg, the keyboard cursor.
#[allow(clippy::type_complexity)]
fn show_aim(
    aim: Res<Aim>,
    rules: Res<Rules>,
    ghost_materials: Option<Res<GhostMaterials>>,
    mut ghost: Query<
        (&mut Transform, &mut Visibility, &mut MeshMaterial3d<StandardMaterial>),
        (With<Ghost>, Without<FullPegMark>, Without<CursorMark>),
    >,
    mut full: Query<(&mut Transform, &mut Visibility), (With<FullPegMark>, Without<CursorMark>)>,
    mut cursor: Query<(&mut Transform, &mut Visibility), (With<CursorMark>, Without<Ghost>)>,
) {
    if !aim.is_changed() && !rules.is_changed() {
        return;
    }
    let game = rules.game();
    let playable = game.status() == Status::Ongoing && !rules.computer_to_move();
    let peg = aim.peg().filter(|_| playable);
    let landing = peg.and_then(|p| game.position().landing_cell(p));
    if let (Ok((mut transform, mut visibility, mut material)), Some(materials)) =
        (ghost.single_mut(), ghost_materials)
    {
        match landing {
            Some(cell) => {
                transform.translation = cell_position(cell);
                material.0 = match game.to_move() {
                    Colour::Black => materials.black.clone(),
                    Colour::White => materials.white.clone(),
                };
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
    if let Ok((mut transform, mut visibility)) = full.single_mut() {
        match peg.filter(|_| landing.is_none()) {
            Some(p) => {
                transform.translation = peg_position(p) + Vec3::Y * (PEG_HEIGHT + 0.12);
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
    if let Ok((mut transform, mut visibility)) = cursor.single_mut() {
        if aim.keyboard {
            transform.translation = peg_position(aim.cursor) + Vec3::Y * 0.01;
            transform.rotation = Quat::from_rotation_y(std::f32::consts::FRAC_PI_4);
            *visibility = Visibility::Inherited;
        } else {
            *visibility = Visibility::Hidden;
        }
    }
}
