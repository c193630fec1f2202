//! The wooden board, its pegs and coordinates, the lights and the background.

use bevy::asset::RenderAssetUsages;
use bevy::light::CascadeShadowConfigBuilder;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use super::input::PickTarget;
use super::layout::{
    BASE_BEVEL, BASE_HALF, BASE_THICKNESS, PEG_HEIGHT, PEG_RADIUS, SPACING, SPHERE_RADIUS,
    peg_position,
};
use super::settings::Settings;
use super::wood::{BOARD_WOOD, PEG_WOOD, glyph_image, wood_image};
use crate::rules::Peg;

/// The warm dark tone the scene fades into; also the window's clear colour.
pub(crate) const BACKGROUND: Color = Color::srgb(0.075, 0.058, 0.05);
/// The colour far away on the table, where it meets the backdrop.
pub(crate) const HORIZON: Color = Color::srgb(0.1, 0.072, 0.055);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.92, 0.85),
            brightness: 380.0,
            ..default()
        })
        .add_systems(Startup, (spawn_board, spawn_lights, spawn_backdrop))
        .add_systems(Update, show_coordinates.run_if(resource_changed::<Settings>));
}

/// A coordinate glyph on the base.
#[derive(Component)]
struct CoordinateLabel;

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let board_wood = materials.add(StandardMaterial {
        base_color_texture: Some(images.add(wood_image(1024, &BOARD_WOOD))),
        perceptual_roughness: 0.38,
        reflectance: 0.4,
        ..default()
    });
    commands.spawn((
        Name::new("Base"),
        Mesh3d(meshes.add(bevelled_slab(BASE_HALF, BASE_THICKNESS, BASE_BEVEL))),
        MeshMaterial3d(board_wood),
        Transform::default(),
        PickTarget::Board,
    ));

    let peg_wood = materials.add(StandardMaterial {
        base_color_texture: Some(images.add(wood_image(256, &PEG_WOOD))),
        perceptual_roughness: 0.38,
        reflectance: 0.4,
        uv_transform: bevy::math::Affine2::from_scale(Vec2::new(1.0, 0.5)),
        ..default()
    });
    let peg_mesh = meshes.add(Cylinder::new(PEG_RADIUS, PEG_HEIGHT).mesh().resolution(24));
    let tip_mesh = meshes.add(Sphere::new(PEG_RADIUS).mesh().uv(24, 12));
    let collar_mesh = meshes.add(Cylinder::new(PEG_RADIUS * 2.0, 0.03).mesh().resolution(24));
    // Clicks anywhere on a peg's column land on it; the collider itself is never drawn.
    let collider_mesh = meshes.add(Cylinder::new(SPHERE_RADIUS * 1.05, PEG_HEIGHT));
    for peg in Peg::all() {
        let foot = peg_position(peg);
        commands.spawn((
            Name::new(format!("Peg {peg}")),
            Mesh3d(peg_mesh.clone()),
            MeshMaterial3d(peg_wood.clone()),
            Transform::from_translation(foot + Vec3::Y * PEG_HEIGHT / 2.0),
            Pickable::IGNORE,
            children![
                (
                    Mesh3d(tip_mesh.clone()),
                    MeshMaterial3d(peg_wood.clone()),
                    Transform::from_xyz(0.0, PEG_HEIGHT / 2.0, 0.0),
                    Pickable::IGNORE,
                ),
                (
                    Mesh3d(collar_mesh.clone()),
                    MeshMaterial3d(peg_wood.clone()),
                    Transform::from_xyz(0.0, -PEG_HEIGHT / 2.0 + 0.015, 0.0),
                    Pickable::IGNORE,
                ),
            ],
        ));
        commands.spawn((
            Name::new(format!("Peg {peg} collider")),
            Mesh3d(collider_mesh.clone()),
            Transform::from_translation(foot + Vec3::Y * PEG_HEIGHT / 2.0),
            Visibility::Hidden,
            PickTarget::Peg(peg),
        ));
    }

    spawn_coordinates(&mut commands, &mut meshes, &mut materials, &mut images);
}

/// a–d along the front and back edges, 1–4 along the left and right, each readable from
/// its own side of the board.
fn spawn_coordinates(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
) {
    let size = 0.32;
    let quad = meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(size / 2.0)));
    let edge = 1.5 * SPACING
        + SPHERE_RADIUS
        + (BASE_HALF - BASE_BEVEL - 1.5 * SPACING - SPHERE_RADIUS) / 2.0;
    let lift = 0.002;
    for (i, glyph) in "abcd1234".chars().enumerate() {
        let material = materials.add(StandardMaterial {
            base_color: Color::srgba(0.2, 0.09, 0.03, 0.88),
            base_color_texture: Some(images.add(glyph_image(glyph))),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.7,
            depth_bias: 10.0,
            ..default()
        });
        let along = (i % 4) as f32 * SPACING - 1.5 * SPACING;
        // (position, turn about Y) for the two edges the glyph sits on.
        let places = if i < 4 {
            [
                (Vec3::new(along, lift, edge), 0.0),
                (Vec3::new(along, lift, -edge), std::f32::consts::PI),
            ]
        } else {
            [
                (Vec3::new(-edge, lift, -along), -std::f32::consts::FRAC_PI_2),
                (Vec3::new(edge, lift, -along), std::f32::consts::FRAC_PI_2),
            ]
        };
        for (at, turn) in places {
            commands.spawn((
                Name::new(format!("Label {glyph}")),
                CoordinateLabel,
                Mesh3d(quad.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(at).with_rotation(Quat::from_rotation_y(turn)),
                Pickable::IGNORE,
            ));
        }
    }
}

fn show_coordinates(
    settings: Res<Settings>,
    mut labels: Query<&mut Visibility, With<CoordinateLabel>>,
) {
    let wanted = if settings.show_coordinates { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in &mut labels {
        visibility.set_if_neq(wanted);
    }
}

fn spawn_lights(mut commands: Commands) {
    // Key light: warm, high and to the front left, casting the shadows (their map's size is
    // the renderer's: `graphics`).
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            color: Color::srgb(1.0, 0.93, 0.82),
            illuminance: 7000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 30.0, ..default() }.build(),
        Transform::from_xyz(-4.0, 9.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // Cool fill from the right so black spheres keep their shape.
    commands.spawn((
        Name::new("Fill light"),
        DirectionalLight { color: Color::srgb(0.75, 0.85, 1.0), illuminance: 1800.0, ..default() },
        Transform::from_xyz(7.0, 3.0, 2.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // Rim light from behind: a bright edge on every sphere.
    commands.spawn((
        Name::new("Rim light"),
        PointLight {
            color: Color::srgb(1.0, 0.85, 0.7),
            intensity: 900_000.0,
            range: 40.0,
            ..default()
        },
        Transform::from_xyz(2.0, 6.0, -8.0),
    ));
}

/// A table top under the board and a dome with a soft vertical gradient around everything.
fn spawn_backdrop(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("Table"),
        Mesh3d(meshes.add(Circle::new(40.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.2, 0.14, 0.1),
            perceptual_roughness: 0.85,
            reflectance: 0.2,
            ..default()
        })),
        Transform::from_xyz(0.0, -BASE_THICKNESS, 0.0)
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        Pickable::IGNORE,
    ));
    let mut dome = Sphere::new(80.0).mesh().uv(32, 24);
    let colours: Vec<[f32; 4]> = dome
        .attribute(Mesh::ATTRIBUTE_POSITION)
        .and_then(|p| p.as_float3())
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let up = (p[1] / 80.0).clamp(-1.0, 1.0);
            let horizon = LinearRgba::from(HORIZON);
            let zenith = LinearRgba::from(Color::srgb(0.035, 0.035, 0.045));
            let c = horizon.mix(&zenith, up.max(0.0).powf(0.5));
            [c.red, c.green, c.blue, 1.0]
        })
        .collect();
    dome.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
    commands.spawn((
        Name::new("Backdrop"),
        Mesh3d(meshes.add(dome)),
        MeshMaterial3d(materials.add(StandardMaterial {
            unlit: true,
            cull_mode: None,
            fog_enabled: false,
            ..default()
        })),
        Transform::default(),
        Pickable::IGNORE,
    ));
}

/// A square slab whose top is at y = 0, with rounded (quarter-round) top edges.
fn bevelled_slab(half: f32, thickness: f32, bevel: f32) -> Mesh {
    const ROUND_STEPS: usize = 5;
    let inner = half - bevel;
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut uvs: Vec<[f32; 2]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let uv_of = |x: f32, z: f32| [(x + half) / (2.0 * half), (z + half) / (2.0 * half)];
    let mut quad = |corners: [Vec3; 4], corner_normals: [Vec3; 4], corner_uvs: [[f32; 2]; 4]| {
        let base = positions.len() as u32;
        for i in 0..4 {
            positions.push(corners[i].to_array());
            normals.push(corner_normals[i].to_array());
            uvs.push(corner_uvs[i]);
        }
        indices.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
    };
    // Top, counter-clockwise seen from above.
    quad(
        [
            Vec3::new(-inner, 0.0, inner),
            Vec3::new(inner, 0.0, inner),
            Vec3::new(inner, 0.0, -inner),
            Vec3::new(-inner, 0.0, -inner),
        ],
        [Vec3::Y; 4],
        [uv_of(-inner, inner), uv_of(inner, inner), uv_of(inner, -inner), uv_of(-inner, -inner)],
    );
    // Each side: outward direction and the direction along it (outward × up keeps the winding).
    for outward in [Vec3::Z, Vec3::X, Vec3::NEG_Z, Vec3::NEG_X] {
        let along = Vec3::Y.cross(outward);
        let ring = |step: usize| {
            let angle = std::f32::consts::FRAC_PI_2 * (1.0 - step as f32 / ROUND_STEPS as f32);
            let reach = inner + bevel * angle.cos();
            let height = -bevel + bevel * angle.sin();
            let normal = outward * angle.cos() + Vec3::Y * angle.sin();
            (reach, height, normal)
        };
        let grain = |t: f32, v: f32| [(t + half) / (2.0 * half), v];
        for step in 0..ROUND_STEPS {
            let (r0, h0, n0) = ring(step);
            let (r1, h1, n1) = ring(step + 1);
            let (v0, v1) = (step as f32 * 0.01, (step + 1) as f32 * 0.01);
            quad(
                [
                    outward * r0 - along * r0 + Vec3::Y * h0,
                    outward * r1 - along * r1 + Vec3::Y * h1,
                    outward * r1 + along * r1 + Vec3::Y * h1,
                    outward * r0 + along * r0 + Vec3::Y * h0,
                ],
                [n0, n1, n1, n0],
                [grain(-r0, v0), grain(-r1, v1), grain(r1, v1), grain(r0, v0)],
            );
        }
        let (top, bottom) = (-bevel, -thickness);
        quad(
            [
                outward * half - along * half + Vec3::Y * top,
                outward * half - along * half + Vec3::Y * bottom,
                outward * half + along * half + Vec3::Y * bottom,
                outward * half + along * half + Vec3::Y * top,
            ],
            [outward; 4],
            [grain(-half, 0.05), grain(-half, 0.12), grain(half, 0.12), grain(half, 0.05)],
        );
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}
