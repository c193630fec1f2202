//! Marks on the board that answer the player's questions: the hint's landing cell, and the
//! threats (cells that would complete a line), playable now or only once the cells below fill.

use bevy::prelude::*;

use super::GameSet;
use super::cpu::Hint;
use super::layout::{SPHERE_RADIUS, cell_position};
use super::rules_state::Rules;
use super::settings::Settings;
use crate::rules::{Cell, Colour};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_overlay_assets)
        .add_systems(Update, (show_hint, show_threats).in_set(GameSet::View));
}

#[derive(Resource)]
struct OverlayAssets {
    small: Handle<Mesh>,
    /// [colour][playable now]
    threat: [[Handle<StandardMaterial>; 2]; 2],
}

#[derive(Component)]
struct HintMark;

#[derive(Component)]
struct ThreatMark;

fn create_overlay_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let threat = |colour: Colour, now: bool| {
        let (base, glow) = match colour {
            Colour::Black => (Color::srgb(0.9, 0.2, 0.15), LinearRgba::rgb(2.0, 0.25, 0.1)),
            Colour::White => (Color::srgb(0.35, 0.7, 1.0), LinearRgba::rgb(0.3, 0.9, 2.2)),
        };
        StandardMaterial {
            base_color: base.with_alpha(if now { 0.95 } else { 0.45 }),
            emissive: if now { glow } else { glow * 0.25 },
            alpha_mode: AlphaMode::Blend,
            unlit: !now,
            ..default()
        }
    };
    let assets = OverlayAssets {
        small: meshes.add(Sphere::new(0.11).mesh().ico(2).expect("a small icosphere")),
        threat: [Colour::Black, Colour::White]
            .map(|c| [materials.add(threat(c, false)), materials.add(threat(c, true))]),
    };
    commands.spawn((
        Name::new("Hint mark"),
        HintMark,
        Mesh3d(meshes.add(Sphere::new(SPHERE_RADIUS * 1.04).mesh().uv(32, 18))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.78, 0.3, 0.45),
            emissive: LinearRgba::rgb(1.2, 0.75, 0.2),
            alpha_mode: AlphaMode::Blend,
            ..default()
        })),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.insert_resource(assets);
}

fn show_hint(
    rules: Res<Rules>,
    hint: Res<Hint>,
    mut mark: Query<(&mut Transform, &mut Visibility), With<HintMark>>,
) {
    if !rules.is_changed() && !hint.is_changed() {
        return;
    }
    let Ok((mut transform, mut visibility)) = mark.single_mut() else { return };
    let cell = hint.peg(&rules).and_then(|peg| rules.game().position().landing_cell(peg));
    match cell {
        Some(cell) => {
            transform.translation = cell_position(cell);
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
    }
}

fn show_threats(
    mut commands: Commands,
    rules: Res<Rules>,
    settings: Res<Settings>,
    assets: Option<Res<OverlayAssets>>,
    marks: Query<Entity, With<ThreatMark>>,
) {
    if !rules.is_changed() && !settings.is_changed() {
        return;
    }
    let Some(assets) = assets else { return };
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let position = rules.game().position();
    if !settings.show_threats || position.is_over() {
        return;
    }
    let playable = position.legal_cells();
    for colour in [Colour::Black, Colour::White] {
        let threats = position.threats(colour);
        for cell in Cell::all().filter(|c| threats & c.bit() != 0) {
            let now = playable & cell.bit() != 0;
            // Both colours may threaten one cell: nudge them apart.
            let nudge = match colour {
                Colour::Black => -0.09,
                Colour::White => 0.09,
            };
            commands.spawn((
                Name::new(format!("Threat {cell}")),
                ThreatMark,
                Mesh3d(assets.small.clone()),
                MeshMaterial3d(assets.threat[colour.index()][usize::from(now)].clone()),
                Transform::from_translation(cell_position(cell) + Vec3::new(nudge, 0.0, nudge))
                    .with_scale(Vec3::splat(if now { 1.0 } else { 0.75 })),
                Pickable::IGNORE,
            ));
        }
    }
}
