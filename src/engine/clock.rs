//! When a search must stop: a time budget, a flag another thread may raise, or both.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub struct Clock<'a> {
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
}

impl<'a> Clock<'a> {
    pub fn with_budget(budget: Option<Duration>, stop: Option<&'a AtomicBool>) -> Clock<'a> {
        let start = Instant::now();
        Clock { start, deadline: budget.map(|b| start + b), stop }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The share of the budget used so far (0 with no budget).
    pub fn used(&self) -> f64 {
        match self.deadline {
            Some(deadline) => {
                let total = (deadline - self.start).as_secs_f64().max(1e-9);
                self.elapsed().as_secs_f64() / total
            }
            None => 0.0,
        }
    }

    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
