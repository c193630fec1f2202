//! The computer player in the game: the engine searches on Bevy's async compute pool; its
//! answer is played only if the position is still the one it searched. Also the hint.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::app::{TaskPoolOptions, TaskPoolPlugin};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;

use super::GameSet;
use super::pieces::Falling;
use super::requests::{MoveRequested, Mover, RequestRefused};
use super::rules_state::Rules;
use super::settings::Settings;
use crate::engine;
use crate::player::Player;
use crate::rules::{Peg, Position};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<Hint>()
        .add_message::<HintRequested>()
        .add_systems(
            Update,
            (start_search, deliver_move, start_hint, finish_hint).chain().in_set(GameSet::Input),
        );
}

/// Seconds a computer's move waits, after its search, before it is shown, so that the
/// player sees the previous sphere land first.
pub(super) const PAUSE_BEFORE_MOVE: f32 = 0.6;

/// Cores the computer's search leaves to the window, so that its frames need not wait for
/// the search's threads. On two cores level 6 then searches with one, as in its arena
/// rounds; from five cores up it keeps its four. (`benches/game_thinking.sh` reads the
/// frame intervals; under software rendering the renderer itself takes both cores.)
const CORES_FOR_THE_WINDOW: usize = 1;

/// Searches that can hold a thread of the async compute pool at once: the computer's, and
/// a hint still stopping (one dropped by a move ends at its next look at the clock).
const SEARCH_TASKS: usize = 2;

/// Bevy's task pools, with threads on the async compute pool for Bevy's own work besides
/// the searches. Bevy compiles render pipelines there (and saves screenshots), and below
/// eight cores its default gives that pool one thread, which a search holds for its whole
/// time: a new pipeline, and whatever needs one, waited for the search to end (a game
/// opened with level 6 to move showed its first frame after 3.4–3.7 s instead of 0.7–0.8 s,
/// under software rendering on two cores). The extra threads sleep when idle; how many
/// cores a search uses is `CORES_FOR_THE_WINDOW`'s business.
pub(super) fn task_pools() -> TaskPoolPlugin {
    let mut options = TaskPoolOptions::default();
    let async_compute = &mut options.async_compute;
    async_compute.min_threads = SEARCH_TASKS + 1;
    async_compute.max_threads = async_compute.max_threads.max(SEARCH_TASKS + 1);
    TaskPoolPlugin { task_pool_options: options }
}

/// An engine search running in the background.
struct Search {
    generation: u64,
    task: Task<Option<Peg>>,
    stop: Arc<AtomicBool>,
    started: f32,
    answer: Option<Option<Peg>>,
}

impl Search {
    fn start(
        position: Position,
        generation: u64,
        now: f32,
        think: impl FnOnce(&Position, &AtomicBool) -> Option<Peg> + Send + 'static,
    ) -> Search {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { think(&position, &flag) });
        Search { generation, task, stop, started: now, answer: None }
    }

    /// The answer, once the search has finished.
    fn poll(&mut self) -> Option<Option<Peg>> {
        if self.answer.is_none() {
            self.answer = block_on(poll_once(&mut self.task));
        }
        self.answer
    }
}

impl Drop for Search {
    /// A search that is no longer wanted stops at once (undo, new game, closing the window).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The computer's search for its move, while it thinks.
#[derive(Resource, Default)]
pub(crate) struct Thinking {
    search: Option<Search>,
    level: u8,
}

impl Thinking {
    pub(crate) fn is_thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The engine is still searching (not yet in the pause before its move is shown).
    pub(crate) fn is_searching(&self) -> bool {
        self.search.as_ref().is_some_and(|search| search.answer.is_none())
    }
}

fn start_search(rules: Res<Rules>, time: Res<Time>, mut thinking: ResMut<Thinking>) {
    let wanted = rules.computer_to_move();
    let current = thinking.search.as_ref().is_some_and(|s| s.generation == rules.generation());
    if !wanted {
        if thinking.search.is_some() {
            thinking.search = None;
        }
        return;
    }
    if current {
        return;
    }
    let Player::Computer(level) = rules.player(rules.game().to_move()) else { return };
    thinking.level = level;
    thinking.search = Some(Search::start(
        *rules.game().position(),
        rules.generation(),
        time.elapsed_secs(),
        move |p: &Position, stop: &AtomicBool| {
            let settings = engine::Settings {
                threads: Some(engine::threads_leaving_cores(CORES_FOR_THE_WINDOW)),
                ..engine::Settings::level(level)
            };
            engine::choose_move_with(p, &settings, Some(stop), &mut engine::Random::from_entropy())
        },
    ));
}

fn deliver_move(
    time: Res<Time>,
    settings: Res<Settings>,
    falling: Query<(), With<Falling>>,
    mut thinking: ResMut<Thinking>,
    mut moves: MessageWriter<MoveRequested>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(search) = thinking.search.as_mut() else { return };
    // Keep frames coming while the search runs, so that its end is noticed.
    redraw.write(RequestRedraw);
    let Some(answer) = search.poll() else { return };
    let pause = PAUSE_BEFORE_MOVE / settings.animation_speed.max(0.1);
    if time.elapsed_secs() - search.started < pause || !falling.is_empty() {
        return;
    }
    if let Some(peg) = answer {
        moves.write(MoveRequested { peg, by: Mover::Computer { generation: search.generation } });
    }
    thinking.search = None;
}

/// Ask the engine for the best move for the side to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct HintRequested;

/// The engine's suggestion, valid for one generation of the rules.
#[derive(Resource, Default)]
pub(crate) struct Hint {
    search: Option<Search>,
    answer: Option<(u64, Peg)>,
}

impl Hint {
    /// The suggested peg, if it is for the position now on the board.
    pub(crate) fn peg(&self, rules: &Rules) -> Option<Peg> {
        self.answer.filter(|(g, _)| *g == rules.generation()).map(|(_, peg)| peg)
    }

    pub(crate) fn is_searching(&self) -> bool {
        self.search.is_some()
    }
}

/// Starts the hint's search, unless one for this position is running or done already. A
/// hint is for a person to move: while the computer is to move it is refused, so that it
/// never competes with the computer's search for the cores.
fn start_hint(
    mut requests: MessageReader<HintRequested>,
    rules: Res<Rules>,
    time: Res<Time>,
    mut hint: ResMut<Hint>,
    mut refused: MessageWriter<RequestRefused>,
) {
    if requests.read().count() == 0 || rules.game().status().is_over() {
        return;
    }
    if rules.computer_to_move() {
        refused.write(RequestRefused { reason: "the computer is thinking".to_owned() });
        return;
    }
    let searching = hint.search.as_ref().is_some_and(|s| s.generation == rules.generation());
    if searching || hint.peg(&rules).is_some() {
        return;
    }
    hint.answer = None;
    hint.search = Some(Search::start(
        *rules.game().position(),
        rules.generation(),
        time.elapsed_secs(),
        engine::hint,
    ));
}

fn finish_hint(
    rules: Res<Rules>,
    mut hint: ResMut<Hint>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(search) = hint.search.as_mut() else { return };
    if search.generation != rules.generation() {
        hint.search = None;
        return;
    }
    redraw.write(RequestRedraw);
    if let Some(answer) = search.poll() {
        let generation = search.generation;
        hint.answer = answer.map(|peg| (generation, peg));
        hint.search = None;
    }
}
