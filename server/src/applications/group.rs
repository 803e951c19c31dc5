//! Applications written together (group commit). An application that arrives while others are
//! being written waits for them, and every application waiting then goes into one transaction,
//! for about the statements and the one commit a single application took. On SQLite the writer is
//! one at a time, and each application's own transaction held it about 1.3 ms, mostly hand-offs
//! to the connection's thread; on PostgreSQL each commit is a flush of the log. Every rule holds
//! as before, checked in the transaction: a listed, open job with places left, and one
//! application per applicant and job (docs/operations.md#applications-written-together).

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;

use tokio::sync::oneshot;

use crate::db::{Db, Statistics};

use super::repo::{self, ApplyOutcome, Submitted};

/// At most this many applications go into one transaction.
const BATCH: usize = 64;

type Answer = oneshot::Sender<Result<ApplyOutcome, sqlx::Error>>;

/// The applications waiting to be written, and whether a writer is at work on them.
pub struct Applications {
    /// One connection of its own, so the writer never queues behind the readers for one.
    db: Db,
    queue: Mutex<Queue>,
    /// Applications written, and the transactions committed, for the metrics.
    written: std::sync::atomic::AtomicU64,
    batches: std::sync::atomic::AtomicU64,
    /// Microseconds the writer spent writing batches, for the metrics: its busy share.
    busy_micros: std::sync::atomic::AtomicU64,
    /// PostgreSQL's statistics of the applications, kept up with what is written.
    statistics: std::sync::Arc<Statistics>,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<(Submitted, Answer)>,
    writing: bool,
}

impl Applications {
    pub fn new(db: &Db) -> Self {
        Self {
            db: db.one_connection(),
            queue: Mutex::default(),
            written: Default::default(),
            batches: Default::default(),
            busy_micros: Default::default(),
            statistics: std::sync::Arc::new(Statistics::new(db, "applications")),
        }
    }

    /// Writes `application` with those waiting beside it, and tells how it went.
    pub async fn apply(self: &std::sync::Arc<Self>, application: Submitted) -> Result<ApplyOutcome, sqlx::Error> {
        let mut outcomes = self.apply_all(vec![application]).await;
        outcomes.pop().expect("one outcome for one application")
    }

    /// Writes `applications` (queued at once, so those to distinct jobs share a transaction) with
    /// any waiting beside them, and tells how each went, in their order.
    pub async fn apply_all(
        self: &std::sync::Arc<Self>,
        applications: Vec<Submitted>,
    ) -> Vec<Result<ApplyOutcome, sqlx::Error>> {
        let mut answers = Vec::with_capacity(applications.len());
        let start = {
            let mut queue = self.queue.lock().expect("the applications' queue lock");
            for application in applications {
                let (answer, answered) = oneshot::channel();
                queue.waiting.push_back((application, answer));
                answers.push(answered);
            }
            !std::mem::replace(&mut queue.writing, true)
        };
        if start {
            // Its own task, so that a request that goes away does not stop the others' writing.
            tokio::spawn(self.clone().write_waiting());
        }
        let mut outcomes = Vec::with_capacity(answers.len());
        for answered in answers {
            // The writer's task ended without an answer only if it panicked.
            outcomes.push(answered.await.unwrap_or(Err(sqlx::Error::WorkerCrashed)));
        }
        outcomes
    }

    /// (applications written, transactions committed) since the start.
    pub fn written(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        (self.written.load(Relaxed), self.batches.load(Relaxed))
    }

    /// How long the writer has spent writing batches since the start: per second of the clock,
    /// its busy share. Near 1, applications wait for the writer, not for the requests around it.
    pub fn busy(&self) -> std::time::Duration {
        std::time::Duration::from_micros(self.busy_micros.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Writes what waits, a batch at a time, until nothing does.
    async fn write_waiting(self: std::sync::Arc<Self>) {
        let _stopped = Stopped(&self);
        loop {
            let batch = {
                let mut queue = self.queue.lock().expect("the applications' queue lock");
                let batch = next_batch(&mut queue.waiting);
                if batch.is_empty() {
                    queue.writing = false;
                    return;
                }
                batch
            };
            let (applications, answers): (Vec<_>, Vec<_>) = batch.into_iter().unzip();
            let started = std::time::Instant::now();
            let outcomes = self.write_batch(&applications).await;
            let took = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            self.busy_micros.fetch_add(took, std::sync::atomic::Ordering::Relaxed);
            for (answer, outcome) in answers.into_iter().zip(outcomes) {
                // The request may have gone away; its application stands.
                let _ = answer.send(outcome);
            }
        }
    }

    /// Writes `batch` in one transaction; if that fails as a whole (a lost connection, say), each
    /// one in its own, so that one's failure is only its own.
    async fn write_batch(&self, batch: &[Submitted]) -> Vec<Result<ApplyOutcome, sqlx::Error>> {
        use std::sync::atomic::Ordering::Relaxed;
        let all: Vec<&Submitted> = batch.iter().collect();
        match repo::apply_batch(&self.db, &all).await {
            Ok(outcomes) => {
                let applied = outcomes.iter().filter(|outcome| matches!(outcome, ApplyOutcome::Applied { .. })).count();
                self.batches.fetch_add(1, Relaxed);
                self.written.fetch_add(applied as u64, Relaxed);
                self.statistics.wrote(applied as u64);
                outcomes.into_iter().map(Ok).collect()
            }
            _ if batch.len() > 1 => {
                let mut outcomes = Vec::with_capacity(batch.len());
                for application in batch {
                    outcomes.push(Box::pin(self.write_batch(std::slice::from_ref(application))).await.remove(0));
                }
                outcomes
            }
            Err(error) => vec![Err(error)],
        }
    }
}

/// If the writer's task panics: marks it stopped, so that the next application starts another,
/// and answers those waiting (their requests fail rather than wait for a writer that is gone).
struct Stopped<'a>(&'a Applications);

impl Drop for Stopped<'_> {
    fn drop(&mut self) {
        if std::thread::panicking()
            && let Ok(mut queue) = self.0.queue.lock()
        {
            queue.writing = false;
            queue.waiting.clear();
        }
    }
}

/// The oldest waiting applications, at most `BATCH`, no two to one job (one conditional update
/// counts each job's place once); the rest keep their order for the next batch.
fn next_batch(waiting: &mut VecDeque<(Submitted, Answer)>) -> Vec<(Submitted, Answer)> {
    let mut jobs = HashSet::new();
    let mut batch = Vec::new();
    let mut left = VecDeque::new();
    for entry in waiting.drain(..) {
        if batch.len() < BATCH && jobs.insert(entry.0.job_id.clone()) {
            batch.push(entry);
        } else {
            left.push_back(entry);
        }
    }
    *waiting = left;
    batch
}
