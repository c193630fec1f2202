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

    /// Moves the deadline to `budgets` budgets from the start (1: where it was).
    pub fn extend(&mut self, budgets: u32) {
        if let Some(deadline) = self.deadline {
            self.deadline = Some(self.start + (deadline - self.start) * budgets.max(1));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extending_moves_the_deadline_by_whole_budgets_from_the_start() {
        let mut clock = Clock::with_budget(Some(Duration::from_secs(10)), None);
        clock.extend(3);
        assert_eq!(clock.deadline.map(|d| d - clock.start), Some(Duration::from_secs(30)));
        // Never shortened, and a clock without a budget keeps none.
        clock.extend(0);
        assert_eq!(clock.deadline.map(|d| d - clock.start), Some(Duration::from_secs(30)));
        let mut unlimited = Clock::with_budget(None, None);
        unlimited.extend(3);
        assert!(unlimited.deadline.is_none() && !unlimited.stopped());
    }
}
