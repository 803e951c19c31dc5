//! Recent search results, so a popular search is answered from memory. Every change to what a
//! listing shows (a job posted, edited or deleted, an application counted) bumps the generation,
//! and an entry from an older generation is never served; the short lifetime covers `openOnly`,
//! whose answer moves with the clock.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::model::Job;

const LIFETIME: Duration = Duration::from_secs(5);
const CAPACITY: usize = 2_048;

/// One answered search: the page, the total and whether it was capped.
pub type Answer = Arc<(Vec<Job>, i64, bool)>;

#[derive(Default)]
pub struct SearchCache {
    generation: AtomicU64,
    entries: Mutex<HashMap<String, (u64, Instant, Answer)>>,
}

impl SearchCache {
    /// The generation to store a result under, read before the database is asked.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub fn get(&self, key: &str) -> Option<Answer> {
        let current = self.generation();
        let entries = self.entries.lock().expect("the cache lock is never poisoned");
        let (generation, stored, answer) = entries.get(key)?;
        (*generation == current && stored.elapsed() < LIFETIME).then(|| answer.clone())
    }

    pub fn put(&self, key: String, generation: u64, answer: Answer) {
        let mut entries = self.entries.lock().expect("the cache lock is never poisoned");
        if entries.len() >= CAPACITY {
            let current = self.generation();
            entries.retain(|_, (stored_generation, stored, _)| {
                *stored_generation == current && stored.elapsed() < LIFETIME
            });
            if entries.len() >= CAPACITY {
                entries.clear();
            }
        }
        entries.insert(key, (generation, Instant::now(), answer));
    }

    /// Call after any change that a listing shows.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_hides_every_earlier_result() {
        let cache = SearchCache::default();
        let generation = cache.generation();
        cache.put("q=rust".into(), generation, Arc::new((Vec::new(), 0, false)));
        assert!(cache.get("q=rust").is_some());
        cache.invalidate();
        assert!(cache.get("q=rust").is_none());
    }

    #[test]
    fn a_result_read_before_a_change_is_not_served_after_it() {
        let cache = SearchCache::default();
        let generation = cache.generation();
        cache.invalidate();
        cache.put("q=rust".into(), generation, Arc::new((Vec::new(), 0, false)));
        assert!(cache.get("q=rust").is_none());
    }
}
