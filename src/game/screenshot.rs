//! Knowing when the scene is ready (rendered, pipelines compiled, nothing moving), the
//! `--screenshot` mode that saves a PNG then and exits, and the state dump that tests read
//! (`YONMOKU_STATE_FILE`): the moves, the result and where each peg is on screen.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::{PrimaryWindow, RequestRedraw};

use super::GameSet;
use super::camera::Orbit;
use super::cpu::Thinking;
use super::frame_pacing::FramePacing;
use super::graphics::Quality;
use super::layout::cell_position;
use super::offscreen::OffscreenTarget;
use super::pieces::{Falling, Piece};
use super::rules_state::Rules;
use crate::rules::{Colour, Peg, Status, format_moves};

pub(super) fn plugin(app: &mut App) {
    let probe = RenderProbe::default();
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(probe.clone())
            .add_systems(Render, count_waiting_pipelines.in_set(RenderSystems::Cleanup));
    }
    app.insert_resource(probe)
        .init_resource::<Readiness>()
        .add_systems(
            Update,
            (track_readiness, take_screenshot, write_state_file).chain().in_set(GameSet::Report),
        )
        .add_systems(Last, write_state_on_exit);
}

/// When the process started: the launch-to-first-frame figure is measured from here.
#[derive(Resource, Clone, Copy)]
pub(crate) struct LaunchedAt(pub Instant);

/// Save a screenshot to this path once the scene is ready, then exit.
#[derive(Resource, Clone)]
pub(crate) struct ScreenshotRequest {
    pub path: PathBuf,
    taken: bool,
}

impl ScreenshotRequest {
    pub(crate) fn new(path: PathBuf) -> ScreenshotRequest {
        ScreenshotRequest { path, taken: false }
    }
}

/// Where to keep the state dump, from `YONMOKU_STATE_FILE`.
#[derive(Resource, Clone)]
pub(crate) struct StateFile {
    pub path: PathBuf,
    last_written: String,
}

impl StateFile {
    pub(crate) fn new(path: PathBuf) -> StateFile {
        StateFile { path, last_written: String::new() }
    }
}

/// Counters the render world shares with the main world.
#[derive(Resource, Clone, Default)]
struct RenderProbe {
    waiting_pipelines: Arc<AtomicU32>,
    frames: Arc<AtomicU32>,
}

fn count_waiting_pipelines(cache: Res<PipelineCache>, probe: Res<RenderProbe>) {
    probe.waiting_pipelines.store(cache.waiting_pipelines().count() as u32, Ordering::Relaxed);
    probe.frames.fetch_add(1, Ordering::Relaxed);
}

/// Frames in a row that must look finished before the scene counts as ready.
const CALM_FRAMES: u32 = 6;

#[derive(Resource, Default, Debug)]
pub(crate) struct Readiness {
    calm_frames: u32,
    first_frame_ms: Option<u128>,
    ready_ms: Option<u128>,
}

impl Readiness {
    /// The scene has been calm once: the first picture is complete.
    pub(crate) fn is_ready(&self) -> bool {
        self.ready_ms.is_some()
    }

    /// Nothing has moved for a few frames.
    pub(crate) fn is_calm(&self) -> bool {
        self.calm_frames >= CALM_FRAMES
    }

    /// A scene that has been ready since `ms` after launch, for tests of what waits on it.
    #[cfg(test)]
    pub(crate) fn ready_at(ms: u128) -> Self {
        Readiness { calm_frames: CALM_FRAMES, first_frame_ms: Some(0), ready_ms: Some(ms) }
    }
}

fn track_readiness(
    probe: Res<RenderProbe>,
    launched: Option<Res<LaunchedAt>>,
    falling: Query<(), With<Falling>>,
    orbit: Query<&Orbit>,
    mut readiness: ResMut<Readiness>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let frames = probe.frames.load(Ordering::Relaxed);
    let elapsed = launched.map_or(0, |l| l.0.elapsed().as_millis());
    if frames > 0 && readiness.first_frame_ms.is_none() {
        readiness.first_frame_ms = Some(elapsed);
        info!("first frame {elapsed} ms after launch");
    }
    let calm = frames >= 3
        && probe.waiting_pipelines.load(Ordering::Relaxed) == 0
        && falling.is_empty()
        && orbit.iter().all(Orbit::settled);
    readiness.calm_frames = if calm { readiness.calm_frames + 1 } else { 0 };
    if readiness.calm_frames >= CALM_FRAMES && readiness.ready_ms.is_none() {
        readiness.ready_ms = Some(elapsed);
        info!("scene ready {elapsed} ms after launch");
    }
    if !readiness.is_calm() {
        // Keep frames coming until the picture is calm, even in reactive mode.
        redraw.write(RequestRedraw);
    }
}

fn take_screenshot(
    mut commands: Commands,
    readiness: Res<Readiness>,
    request: Option<ResMut<ScreenshotRequest>>,
    offscreen: Option<Res<OffscreenTarget>>,
    dump: StateDump,
) {
    let Some(mut request) = request else { return };
    if request.taken || !readiness.is_ready() {
        return;
    }
    request.taken = true;
    let path = request.path.clone();
    let state_path = path.with_extension("json");
    if let Err(error) = std::fs::write(&state_path, dump.json(&readiness)) {
        error!("cannot write {}: {error}", state_path.display());
    }
    let screenshot = match offscreen {
        Some(target) => Screenshot::image(target.0.clone()),
        None => Screenshot::primary_window(),
    };
    commands.spawn(screenshot).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save_to_disk(path.clone())(captured);
            info!("screenshot saved to {}", path.display());
            exit.write(AppExit::Success);
        },
    );
}

fn write_state_file(readiness: Res<Readiness>, file: Option<ResMut<StateFile>>, dump: StateDump) {
    let Some(mut file) = file else { return };
    let json = dump.json(&readiness);
    if json != file.last_written {
        write_atomically(&file.path, &json);
        file.last_written = json;
    }
}

fn write_state_on_exit(
    mut exits: MessageReader<AppExit>,
    readiness: Res<Readiness>,
    file: Option<Res<StateFile>>,
    dump: StateDump,
) {
    if exits.read().count() == 0 {
        return;
    }
    if let Some(file) = file {
        let mut json: serde_json::Value =
            serde_json::from_str(&dump.json(&readiness)).unwrap_or_default();
        json["exited"] = true.into();
        write_atomically(&file.path, &json.to_string());
    }
}

/// Readers never see half a dump. Not `store::atomic::write_atomic`: the dump changes most
/// frames, and that one waits for the disk each time.
fn write_atomically(path: &std::path::Path, text: &str) {
    let temporary = path.with_extension("tmp");
    if let Err(error) =
        std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, path))
    {
        error!("cannot write {}: {error}", path.display());
    }
}

/// What the state dump is made of.
#[derive(bevy::ecs::system::SystemParam)]
struct StateDump<'w, 's> {
    rules: Res<'w, Rules>,
    thinking: Res<'w, Thinking>,
    pacing: Res<'w, FramePacing>,
    graphics: Option<Res<'w, Quality>>,
    spheres: Query<'w, 's, (&'static Piece, &'static GlobalTransform)>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

impl StateDump<'_, '_> {
    fn json(&self, readiness: &Readiness) -> String {
        let game = self.rules.game();
        let position = game.position();
        let (status, line) = match game.status() {
            Status::Ongoing => ("ongoing", None),
            Status::Won { winner: Colour::Black, line } => ("black_won", Some(line.to_string())),
            Status::Won { winner: Colour::White, line } => ("white_won", Some(line.to_string())),
            Status::Draw => ("draw", None),
        };
        // Where to click for each peg: its column at the height a sphere would land.
        let mut pegs = serde_json::Map::new();
        // Where each sphere's centre is on screen, and its colour.
        let mut cells = serde_json::Map::new();
        if let Ok((camera, transform)) = self.camera.single() {
            let on_screen = |point: Vec3| {
                camera
                    .world_to_viewport(transform, point)
                    .ok()
                    .map(|p| serde_json::json!([p.x.round(), p.y.round()]))
            };
            for peg in Peg::all() {
                let cell = peg.cell_at(position.height(peg).min(3));
                if let Some(point) = on_screen(cell_position(cell)) {
                    pegs.insert(peg.to_string(), point);
                }
            }
            for (sphere, at) in &self.spheres {
                if let Some(point) = on_screen(at.translation()) {
                    cells.insert(
                        sphere.cell.to_string(),
                        serde_json::json!({
                            "colour": sphere.colour.name().to_lowercase(),
                            "screen": point,
                        }),
                    );
                }
            }
        }
        let window = self.window.single().ok().map(|w| [w.width(), w.height()]);
        serde_json::json!({
            "ready": readiness.is_ready(),
            "calm": readiness.is_calm(),
            "first_frame_ms": readiness.first_frame_ms,
            "ready_ms": readiness.ready_ms,
            "ply": game.ply(),
            "moves": format_moves(game.moves()),
            "to_move": game.to_move().name().to_lowercase(),
            "status": status,
            "line": line,
            "spheres": self.spheres.iter().count(),
            "thinking": self.thinking.is_thinking(),
            "frame_intervals": self.pacing.summary(),
            "graphics": self.graphics.as_ref().map(|quality| quality.json()),
            "window": window,
            "pegs": pegs,
            "cells": cells,
        })
        .to_string()
    }
}
