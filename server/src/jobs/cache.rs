//! Recent search results, so a popular search is answered from memory. Every change to what a
//! listing shows (a job posted, edited or deleted, an application counted) bumps the generation,
//! and an entry from an older generation is never served; the short lifetime covers `openOnly`,
//! whose answer moves with the clock.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;

use super::model::Job;

const LIFETIME: Duration = Duration::from_secs(30);
/// Entries hold up to a ranked window of jobs each, so this bounds the memory to a few thousand jobs
/// per hundred entries.
const CAPACITY: usize = 512;

/// One answered search: the jobs, the total and whether it was capped.
pub type Answer = Arc<(Vec<Job>, i64, bool)>;

/// Filled once; every request that misses while it is being filled waits for that one answer.
type Slot = Arc<OnceCell<Answer>>;

#[derive(Default)]
pub struct SearchCache {
    generation: AtomicU64,
    entries: Mutex<HashMap<String, (u64, Instant, Slot)>>,
}

impl SearchCache {
    fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The answer remembered for `key`, or the one `compute` gives. Requests that miss together share
    /// one computation, so a popular search that has just expired reaches the database once.
    pub async fn get_or_compute<E, F, Fut>(&self, key: String, compute: F) -> Result<Answer, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Answer, E>>,
    {
        let slot = {
            let generation = self.generation();
            let mut entries = self.entries.lock().expect("the cache lock is never poisoned");
            match entries.get(&key) {
                Some((stored_generation, stored, slot))
                    if *stored_generation == generation && stored.elapsed() < LIFETIME =>
                {
                    slot.clone()
                }
                _ => {
                    if entries.len() >= CAPACITY {
                        entries.retain(|_, (stored_generation, stored, _)| {
                            *stored_generation == generation && stored.elapsed() < LIFETIME
                        });
                        if entries.len() >= CAPACITY {
                            entries.clear();
                        }
                    }
                    let slot = Slot::default();
                    entries.insert(key, (generation, Instant::now(), slot.clone()));
                    slot
                }
            }
        };
        slot.get_or_try_init(compute).await.cloned()
    }

    /// Call after any change that a listing shows.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    fn answer(total: i64) -> Result<Answer, ()> {
        Ok(Arc::new((Vec::new(), total, false)))
    }

    #[tokio::test]
    async fn a_remembered_answer_is_served_until_a_change() {
        let cache = SearchCache::default();
        assert_eq!(cache.get_or_compute("q=rust".into(), || async { answer(1) }).await.unwrap().1, 1);
        assert_eq!(cache.get_or_compute("q=rust".into(), || async { answer(2) }).await.unwrap().1, 1);
        cache.invalidate();
        assert_eq!(cache.get_or_compute("q=rust".into(), || async { answer(3) }).await.unwrap().1, 3);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_answer_computed_across_a_change_is_not_served_after_it() {
        let cache = Arc::new(SearchCache::default());
        let (started, computing) = tokio::sync::oneshot::channel();
        let (changed, change_made) = tokio::sync::oneshot::channel::<()>();
        let earlier = tokio::spawn({
            let cache = cache.clone();
            async move {
                cache
                    .get_or_compute("q=rust".into(), || async move {
                        started.send(()).unwrap();
                        change_made.await.unwrap();
                        answer(1)
                    })
                    .await
            }
        });
        computing.await.unwrap();
        cache.invalidate();
        changed.send(()).unwrap();
        assert_eq!(earlier.await.unwrap().unwrap().1, 1, "the request that was already waiting gets its answer");
        assert_eq!(cache.get_or_compute("q=rust".into(), || async { answer(2) }).await.unwrap().1, 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn misses_at_the_same_time_compute_once_and_a_failure_is_not_remembered() {
        let cache = Arc::new(SearchCache::default());
        let computed = Arc::new(AtomicUsize::new(0));
        let waiting: Vec<_> = (0..8)
            .map(|_| {
                let (cache, computed) = (cache.clone(), computed.clone());
                tokio::spawn(async move {
                    cache
                        .get_or_compute("q=data".into(), || async {
                            computed.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            answer(7)
                        })
                        .await
                        .unwrap()
                        .1
                })
            })
            .collect();
        for task in waiting {
            assert_eq!(task.await.unwrap(), 7);
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1);

        assert!(cache.get_or_compute("q=fail".into(), || async { Err::<Answer, ()>(()) }).await.is_err());
        assert_eq!(cache.get_or_compute("q=fail".into(), || async { answer(4) }).await.unwrap().1, 4);
    }
}
