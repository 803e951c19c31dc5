//! In-process limits on failures and requests per key (an address, a client, or both), each a
//! sliding window. One server process holds them; a restart forgets them, which only loosens a limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Throttle {
    limit: usize,
    window: Duration,
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

/// Entries kept before old ones are swept, so the map cannot grow without bound.
const SWEEP_AT: usize = 10_000;

impl Throttle {
    pub fn new(limit: u32, window: Duration) -> Self {
        Self { limit: limit as usize, window, hits: Mutex::new(HashMap::new()) }
    }

    /// `Err(seconds to wait)` when `key` has reached the limit within the window.
    pub fn check(&self, key: &str) -> Result<(), u64> {
        let now = Instant::now();
        let mut hits = self.hits.lock().expect("the throttle lock is never poisoned");
        let Some(times) = hits.get_mut(key) else { return Ok(()) };
        times.retain(|at| now.duration_since(*at) < self.window);
        if times.len() < self.limit {
            return Ok(());
        }
        // Free again once the hit that reached the limit leaves the window.
        let reached = times[times.len() - self.limit];
        let wait = self.window.saturating_sub(now.duration_since(reached));
        Err(wait.as_secs().max(1))
    }

    pub fn record(&self, key: &str) {
        let now = Instant::now();
        let mut hits = self.hits.lock().expect("the throttle lock is never poisoned");
        if hits.len() >= SWEEP_AT {
            let window = self.window;
            hits.retain(|_, times| times.back().is_some_and(|at| now.duration_since(*at) < window));
        }
        let times = hits.entry(key.to_string()).or_default();
        times.push_back(now);
        while times.len() > self.limit {
            times.pop_front();
        }
    }

    pub fn clear(&self, key: &str) {
        self.hits.lock().expect("the throttle lock is never poisoned").remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_th_hit_closes_the_key_for_the_window() {
        let throttle = Throttle::new(3, Duration::from_secs(900));
        for _ in 0..3 {
            assert_eq!(throttle.check("a"), Ok(()));
            throttle.record("a");
        }
        let wait = throttle.check("a").unwrap_err();
        assert!((899..=900).contains(&wait), "{wait}");
        assert_eq!(throttle.check("b"), Ok(()), "other keys are unaffected");
        throttle.clear("a");
        assert_eq!(throttle.check("a"), Ok(()));
    }

    #[test]
    fn hits_leave_the_window() {
        let throttle = Throttle::new(1, Duration::from_millis(20));
        throttle.record("a");
        assert!(throttle.check("a").is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(throttle.check("a"), Ok(()));
    }
}
