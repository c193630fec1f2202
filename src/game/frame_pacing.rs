//! How evenly frames come while the engine searches, against while it does not: the
//! intervals between frames in each case, for the state dump and `benches/game_thinking.sh`.
//! The computer's search must not slow the window down. Counted once the scene is first
//! ready: before that, frames wait on the shaders being compiled (about a minute under
//! software rendering), whatever else runs.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::cpu::{Hint, Thinking};
use super::screenshot::Readiness;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FramePacing>().add_systems(Last, record_frame_interval);
}

/// At most this many intervals are kept for each case, the latest.
const KEPT: usize = 4096;

/// The intervals between frames that followed one another at once (a redraw was asked
/// for), by whether a search was running.
#[derive(Resource, Default)]
pub(crate) struct FramePacing {
    searching: Intervals,
    idle: Intervals,
    /// Whether the last frame asked for the next at once, and whether a search ran then.
    last_frame: Option<(bool, bool)>,
}

/// Frame intervals in seconds.
#[derive(Default)]
struct Intervals(VecDeque<f32>);

impl Intervals {
    fn push(&mut self, seconds: f32) {
        if self.0.len() == KEPT {
            self.0.pop_front();
        }
        self.0.push_back(seconds);
    }

    /// Frames, median, 95th percentile and longest interval in milliseconds.
    fn summary(&self) -> serde_json::Value {
        let mut sorted = Vec::from(self.0.clone());
        sorted.sort_by(f32::total_cmp);
        let at = |fraction: f32| {
            let index = ((sorted.len() as f32 - 1.0) * fraction).round() as usize;
            sorted.get(index).map(|s| (s * 1000.0 * 10.0).round() / 10.0)
        };
        serde_json::json!({
            "frames": sorted.len(),
            "median_ms": at(0.5),
            "p95_ms": at(0.95),
            "max_ms": at(1.0),
        })
    }
}

impl FramePacing {
    /// Both cases, for the state dump.
    pub(crate) fn summary(&self) -> serde_json::Value {
        serde_json::json!({ "searching": self.searching.summary(), "idle": self.idle.summary() })
    }
}

/// Files the interval that ended with this frame under what the frame before was doing.
/// Intervals after a frame that asked for no redraw are the window waiting for input, not
/// a frame taking long, and are left out.
fn record_frame_interval(
    time: Res<Time<Real>>,
    readiness: Res<Readiness>,
    thinking: Res<Thinking>,
    hint: Res<Hint>,
    mut redraws: MessageReader<RequestRedraw>,
    mut pacing: ResMut<FramePacing>,
) {
    if !readiness.is_ready() {
        return;
    }
    let interval = time.delta_secs();
    match pacing.last_frame {
        Some((true, true)) => pacing.searching.push(interval),
        Some((true, false)) => pacing.idle.push(interval),
        _ => {}
    }
    let continuous = redraws.read().count() > 0;
    let searching = thinking.is_searching() || hint.is_searching();
    pacing.last_frame = Some((continuous, searching));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_reads_the_median_the_95th_percentile_and_the_longest() {
        let mut intervals = Intervals::default();
        for ms in 1..=100 {
            intervals.push(ms as f32 / 1000.0);
        }
        let summary = intervals.summary();
        assert_eq!(summary["frames"], 100);
        assert_eq!(summary["median_ms"], 51.0);
        assert_eq!(summary["p95_ms"], 95.0);
        assert_eq!(summary["max_ms"], 100.0);
        assert_eq!(Intervals::default().summary()["median_ms"], serde_json::Value::Null);
    }

    #[test]
    fn only_the_latest_intervals_are_kept() {
        let mut intervals = Intervals::default();
        for i in 0..KEPT + 10 {
            intervals.push(i as f32);
        }
        assert_eq!(intervals.0.len(), KEPT);
        assert_eq!(intervals.0[0], 10.0);
    }
}
