//! The spheres: spawned when a move is played, falling under gravity with a bounce, and
//! reconciled with the rules after undo, redo or a new game. Also the last-move marker and
//! the winning line's glow and rod, and the hidden spheres that compile their shaders early.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::GameSet;
use super::input::PickTarget;
use super::layout::{BASE_HALF, BASE_THICKNESS, DROP_HEIGHT, SPHERE_RADIUS, cell_position};
use super::requests::MovePlayed;
use super::rules_state::Rules;
use super::screenshot::Readiness;
use super::settings::Settings;
use crate::rules::{Cell, Colour, Status};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SphereLanded>().add_systems(Startup, create_piece_assets).add_systems(
        Update,
        (
            (reconcile_spheres, drop_spheres, mark_last_move, highlight_winning_line).chain(),
            end_shader_warm_up.run_if(any_with_component::<ShaderWarmUp>),
        )
            .in_set(GameSet::View),
    );
}

/// A sphere on the board (or falling onto it): a piece of one colour in one cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece {
    pub cell: Cell,
    pub colour: Colour,
}

/// A sphere on its way down: its vertical speed (up is positive).
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct Falling {
    velocity: f32,
}

/// A sphere hit its resting place; `impact` is 0…1, 1 for a fall from the top.
#[derive(Message, Debug, Clone, Copy)]
pub(crate) struct SphereLanded {
    pub impact: f32,
}

/// Meshes and materials of the pieces. Absent in headless tests, where spheres are plain
/// entities with a transform.
#[derive(Resource)]
pub(crate) struct PieceAssets {
    pub sphere: Handle<Mesh>,
    pub black: Handle<StandardMaterial>,
    pub white: Handle<StandardMaterial>,
    black_glow: Handle<StandardMaterial>,
    white_glow: Handle<StandardMaterial>,
}

impl PieceAssets {
    pub(crate) fn material(&self, colour: Colour) -> Handle<StandardMaterial> {
        match colour {
            Colour::Black => self.black.clone(),
            Colour::White => self.white.clone(),
        }
    }

    fn glow(&self, colour: Colour) -> Handle<StandardMaterial> {
        match colour {
            Colour::Black => self.black_glow.clone(),
            Colour::White => self.white_glow.clone(),
        }
    }
}

#[derive(Component)]
struct LastMoveMarker;

/// A sphere drawn inside the base, out of sight, until the scene is first ready: it makes
/// the renderer compile every sphere material's shaders at launch. Without it the first
/// sphere of a game stayed invisible while they compiled (seconds under a software
/// renderer, with only the last-move ring showing where it fell; a hitch on a GPU).
#[derive(Component)]
struct ShaderWarmUp;

#[derive(Component)]
struct WinningRod;

/// Gravity in board units per second squared; a sphere is 0.6 units wide.
const GRAVITY: f32 = 30.0;
/// The share of its speed a sphere keeps when it bounces.
const RESTITUTION: f32 = 0.3;
/// Below this landing speed a sphere comes to rest instead of bouncing again.
const REST_SPEED: f32 = 0.9;

pub(crate) fn black_sphere_material() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.03, 0.03, 0.035),
        perceptual_roughness: 0.14,
        reflectance: 0.6,
        clearcoat: 1.0,
        clearcoat_perceptual_roughness: 0.06,
        ..default()
    }
}

pub(crate) fn white_sphere_material() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.96, 0.94, 0.9),
        perceptual_roughness: 0.2,
        reflectance: 0.5,
        clearcoat: 0.8,
        clearcoat_perceptual_roughness: 0.08,
        ..default()
    }
}

fn create_piece_assets(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let gold = LinearRgba::rgb(1.0, 0.62, 0.18);
    let assets = PieceAssets {
        sphere: meshes.add(Sphere::new(SPHERE_RADIUS).mesh().uv(48, 28)),
        black: materials.add(black_sphere_material()),
        white: materials.add(white_sphere_material()),
        black_glow: materials
            .add(StandardMaterial { emissive: gold * 0.6, ..black_sphere_material() }),
        white_glow: materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.93, 0.75),
            emissive: gold * 0.5,
            ..white_sphere_material()
        }),
    };
    let glowing_gold = materials.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.75, 0.3),
        emissive: gold * 2.5,
        perceptual_roughness: 0.3,
        metallic: 0.8,
        ..default()
    });
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Mesh3d(meshes.add(Torus::new(0.085, 0.125))),
        MeshMaterial3d(glowing_gold.clone()),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("Winning rod"),
        WinningRod,
        Mesh3d(meshes.add(Cylinder::new(0.035, 1.0))),
        MeshMaterial3d(glowing_gold),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    let materials = [&assets.black, &assets.white, &assets.black_glow, &assets.white_glow];
    for (i, material) in materials.into_iter().enumerate() {
        // Small enough to lie wholly inside the base, whose faces hide it.
        let x = (i as f32 - 1.5) * 0.5 * BASE_HALF;
        commands.spawn((
            Name::new("Shader warm-up sphere"),
            ShaderWarmUp,
            Mesh3d(assets.sphere.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_xyz(x, -0.5 * BASE_THICKNESS, 0.0)
                .with_scale(Vec3::splat(0.3 * BASE_THICKNESS / SPHERE_RADIUS)),
            Pickable::IGNORE,
        ));
    }
    commands.insert_resource(assets);
}

/// Takes the warm-up spheres away once their shaders have compiled.
fn end_shader_warm_up(
    mut commands: Commands,
    readiness: Option<Res<Readiness>>,
    warm_ups: Query<Entity, With<ShaderWarmUp>>,
) {
    if readiness.is_some_and(|r| r.is_ready()) {
        for entity in &warm_ups {
            commands.entity(entity).despawn();
        }
    }
}

/// Makes the spheres match the rules: removes those no longer on the board, drops in the
/// ones just played, and puts back (at rest) the ones a wholesale change brought.
fn reconcile_spheres(
    mut commands: Commands,
    rules: Res<Rules>,
    mut played: MessageReader<MovePlayed>,
    spheres: Query<(Entity, &Piece, &Transform)>,
    assets: Option<Res<PieceAssets>>,
) {
    let just_played: Vec<Cell> = played.read().map(|m| m.cell).collect();
    if !rules.is_changed() && just_played.is_empty() {
        return;
    }
    let position = rules.game().position();
    let mut present = 0u64;
    for (entity, sphere, _) in &spheres {
        let stale = position.at(sphere.cell) != Some(sphere.colour);
        if stale || present & sphere.cell.bit() != 0 {
            commands.entity(entity).despawn();
        } else {
            present |= sphere.cell.bit();
        }
    }
    let mut spawned_above: Vec<(Cell, f32)> = Vec::new();
    for cell in Cell::all() {
        let Some(colour) = position.at(cell) else { continue };
        if present & cell.bit() != 0 {
            continue;
        }
        let rest = cell_position(cell);
        let mut entity = commands.spawn((
            Name::new(format!("Sphere {cell}")),
            Piece { cell, colour },
            PickTarget::Peg(cell.peg()),
        ));
        if just_played.contains(&cell) {
            // Start above anything still falling on the same peg, so spheres never overlap.
            let highest_on_peg = spheres
                .iter()
                .filter(|(_, s, _)| s.cell.peg() == cell.peg())
                .map(|(_, _, t)| t.translation.y)
                .chain(spawned_above.iter().filter(|(c, _)| c.peg() == cell.peg()).map(|(_, y)| *y))
                .fold(DROP_HEIGHT, |top, y| top.max(y + 2.0 * SPHERE_RADIUS));
            spawned_above.push((cell, highest_on_peg));
            entity.insert((
                Transform::from_translation(rest.with_y(highest_on_peg)),
                Falling { velocity: 0.0 },
            ));
        } else {
            entity.insert(Transform::from_translation(rest));
        }
        if let Some(assets) = &assets {
            entity.insert((Mesh3d(assets.sphere.clone()), MeshMaterial3d(assets.material(colour))));
        }
    }
}

/// Moves falling spheres under gravity; they bounce a little and come to rest on their cell.
fn drop_spheres(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut falling: Query<(Entity, &Piece, &mut Transform, &mut Falling)>,
    mut landed: MessageWriter<SphereLanded>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if falling.is_empty() {
        return;
    }
    redraw.write(RequestRedraw);
    // Long frames (the first ones, or a slow machine) must not make a sphere tunnel or jump.
    let dt = time.delta_secs().min(1.0 / 20.0) * settings.animation_speed.max(0.1);
    let top_speed = (2.0 * GRAVITY * (DROP_HEIGHT - SPHERE_RADIUS)).sqrt();
    for (entity, sphere, mut transform, mut fall) in &mut falling {
        let rest = cell_position(sphere.cell).y;
        fall.velocity -= GRAVITY * dt;
        transform.translation.y += fall.velocity * dt;
        if transform.translation.y > rest {
            continue;
        }
        transform.translation.y = rest;
        let speed = -fall.velocity;
        if speed > 0.0 {
            landed.write(SphereLanded { impact: (speed / top_speed).min(1.0) });
        }
        if speed * RESTITUTION < REST_SPEED {
            commands.entity(entity).remove::<Falling>();
        } else {
            fall.velocity = speed * RESTITUTION;
        }
    }
}

/// Puts the gold ring on top of the sphere the last move placed.
fn mark_last_move(
    rules: Res<Rules>,
    spheres: Query<(&Piece, &Transform), Without<LastMoveMarker>>,
    mut marker: Query<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    let Ok((mut transform, mut visibility)) = marker.single_mut() else { return };
    let last = rules.game().last_move();
    let target = spheres.iter().find(|(s, _)| Some(s.cell) == last).map(|(_, t)| t.translation);
    match target {
        Some(centre) => {
            let at = centre + Vec3::Y * (SPHERE_RADIUS - 0.035);
            if transform.translation != at {
                transform.translation = at;
            }
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Once the winning sphere has landed, the line's four spheres glow and a rod joins them.
fn highlight_winning_line(
    rules: Res<Rules>,
    assets: Option<Res<PieceAssets>>,
    mut spheres: Query<(&Piece, &mut MeshMaterial3d<StandardMaterial>, Has<Falling>)>,
    mut rod: Query<(&mut Transform, &mut Visibility), With<WinningRod>>,
) {
    let Some(assets) = assets else { return };
    let line = match rules.game().status() {
        Status::Won { line, .. } => Some(line),
        _ => None,
    };
    let line_mask = line.map_or(0, |l| l.mask());
    let settled = !spheres.iter().any(|(s, _, falling)| falling && line_mask & s.cell.bit() != 0);
    for (sphere, mut material, _) in &mut spheres {
        let wanted = if settled && line_mask & sphere.cell.bit() != 0 {
            assets.glow(sphere.colour)
        } else {
            assets.material(sphere.colour)
        };
        if material.0 != wanted {
            material.0 = wanted;
        }
    }
    let Ok((mut transform, mut visibility)) = rod.single_mut() else { return };
    match line {
        Some(line) if settled => {
            let cells = line.cells();
            let (a, b) = (cell_position(cells[0]), cell_position(cells[3]));
            let direction = (b - a).normalize();
            let wanted = Transform::from_translation((a + b) / 2.0)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, direction))
                .with_scale(Vec3::new(1.0, a.distance(b) + 2.0 * SPHERE_RADIUS + 0.2, 1.0));
            if *transform != wanted {
                *transform = wanted;
            }
            visibility.set_if_neq(Visibility::Inherited);
        }
        _ => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warm_up_spheres_stay_until_the_scene_is_ready_and_then_go() {
        let mut app = App::new();
        app.init_resource::<Readiness>().add_systems(Update, end_shader_warm_up);
        let sphere = app.world_mut().spawn(ShaderWarmUp).id();
        let other = app.world_mut().spawn(Name::new("not a warm-up")).id();
        app.update();
        assert!(app.world().get_entity(sphere).is_ok(), "gone before the shaders compiled");
        app.insert_resource(Readiness::ready_at(1000));
        app.update();
        assert!(app.world().get_entity(sphere).is_err(), "still there once ready");
        assert!(app.world().get_entity(other).is_ok());
    }
}
