//! Limits on failures and requests per key (an address, a client, or both), each a sliding
//! window. On SQLite, one server by nature, the process holds them (a restart forgets them, which
//! only loosens a limit); on PostgreSQL the database does, so every instance on it shares each
//! limit, and a burst spread over several instances gets no more than one would.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::db::{Db, now_millis};

mod repo;

/// A limit shared by every instance that shares its database (see the module's note).
pub enum Limit {
    Local(Throttle),
    Shared { pool: sqlx::PgPool, name: &'static str, limit: u32, window: Duration, taken: AtomicU64 },
}

/// Slots taken on this instance between two sweeps of the shared limits' expired windows.
const SHARED_SWEEP_EVERY: u64 = 1_000;

impl Limit {
    /// `name` keeps the keys of different limits apart in the shared table.
    pub fn new(db: &Db, name: &'static str, limit: u32, window: Duration) -> Self {
        match db {
            Db::Sqlite(_) => Self::Local(Throttle::new(limit, window)),
            Db::Postgres(pool) => Self::Shared { pool: pool.clone(), name, limit, window, taken: AtomicU64::new(0) },
        }
    }

    /// Takes one of `key`'s slots in the window before the work it guards, in one atomic step
    /// (one statement on PostgreSQL), or says how many seconds to wait when all are taken.
    pub async fn acquire(&self, key: &str) -> Result<Result<(), u64>, sqlx::Error> {
        match self {
            Self::Local(throttle) => Ok(throttle.acquire(key)),
            Self::Shared { pool, name, limit, window, taken } => {
                let now = now_millis();
                let window = window.as_millis() as i64;
                if taken.fetch_add(1, Ordering::Relaxed) % SHARED_SWEEP_EVERY == 0 {
                    repo::sweep_limits(pool, now).await?;
                }
                let key = format!("{name}|{key}");
                match repo::take_limit_slot(pool, &key, now, window, i64::from(*limit)).await? {
                    None => Ok(Ok(())),
                    Some(hits) => {
                        // Free again once the oldest of the last `limit` hits leaves the window.
                        let oldest = hits.iter().rev().nth(*limit as usize - 1).copied().unwrap_or(now);
                        Ok(Err(((oldest + window - now).max(1000) / 1000) as u64))
                    }
                }
            }
        }
    }

    /// Gives back the newest slot of `key` (work that was taken but could not be done).
    pub async fn refund(&self, key: &str) -> Result<(), sqlx::Error> {
        match self {
            Self::Local(throttle) => {
                throttle.refund(key);
                Ok(())
            }
            Self::Shared { pool, name, .. } => repo::refund_limit_slot(pool, &format!("{name}|{key}")).await,
        }
    }

    pub async fn clear(&self, key: &str) -> Result<(), sqlx::Error> {
        match self {
            Self::Local(throttle) => {
                throttle.clear(key);
                Ok(())
            }
            Self::Shared { pool, name, .. } => repo::clear_limit(pool, &format!("{name}|{key}")).await,
        }
    }
}

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

    /// Takes one of `key`'s slots in the window, in one step under the lock, or says how many
    /// seconds to wait when all are taken. Taking the slot before the work it guards (a password
    /// check, a mail) is what makes the limit hold when many requests arrive at the same instant:
    /// checking first and recording after lets every one of them through.
    pub fn acquire(&self, key: &str) -> Result<(), u64> {
        let now = Instant::now();
        let mut hits = self.hits.lock().expect("the throttle lock is never poisoned");
        if hits.len() >= SWEEP_AT && !hits.contains_key(key) {
            let window = self.window;
            hits.retain(|_, times| times.back().is_some_and(|at| now.duration_since(*at) < window));
        }
        let times = hits.entry(key.to_string()).or_default();
        times.retain(|at| now.duration_since(*at) < self.window);
        if times.len() >= self.limit {
            // Free again once the oldest slot in the window leaves it.
            let oldest = times[times.len() - self.limit];
            let wait = self.window.saturating_sub(now.duration_since(oldest));
            return Err(wait.as_secs().max(1));
        }
        times.push_back(now);
        Ok(())
    }

    /// Gives back the newest slot of `key`, for work that was taken but could not be done (the
    /// server was too busy to check the password), so it does not count against the person.
    pub fn refund(&self, key: &str) {
        let mut hits = self.hits.lock().expect("the throttle lock is never poisoned");
        if let Some(times) = hits.get_mut(key) {
            times.pop_back();
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
    fn the_limit_th_slot_closes_the_key_for_the_window() {
        let throttle = Throttle::new(3, Duration::from_secs(900));
        for _ in 0..3 {
            assert_eq!(throttle.acquire("a"), Ok(()));
        }
        let wait = throttle.acquire("a").unwrap_err();
        assert!((899..=900).contains(&wait), "{wait}");
        assert_eq!(throttle.acquire("b"), Ok(()), "other keys are unaffected");
        throttle.clear("a");
        assert_eq!(throttle.acquire("a"), Ok(()));
    }

    #[test]
    fn a_refunded_slot_can_be_taken_again() {
        let throttle = Throttle::new(1, Duration::from_secs(900));
        assert_eq!(throttle.acquire("a"), Ok(()));
        assert!(throttle.acquire("a").is_err());
        throttle.refund("a");
        assert_eq!(throttle.acquire("a"), Ok(()));
    }

    #[test]
    fn slots_leave_the_window() {
        let throttle = Throttle::new(1, Duration::from_millis(20));
        assert_eq!(throttle.acquire("a"), Ok(()));
        assert!(throttle.acquire("a").is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(throttle.acquire("a"), Ok(()));
    }

    #[test]
    fn a_burst_from_many_threads_gets_exactly_the_limit() {
        let throttle = std::sync::Arc::new(Throttle::new(10, Duration::from_secs(900)));
        let threads: Vec<_> = (0..50)
            .map(|_| {
                let throttle = throttle.clone();
                std::thread::spawn(move || throttle.acquire("a").is_ok())
            })
            .collect();
        let granted = threads.into_iter().map(|thread| thread.join().unwrap()).filter(|granted| *granted).count();
        assert_eq!(granted, 10);
    }
}
