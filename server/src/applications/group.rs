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

use crate::db::{BeginWrite, Db, Statistics, now_millis, rows};
use crate::dispatch;
use crate::jobs::model::{LISTED, open_at};
use crate::notifications::model::Notice;
use crate::notifications::repo as notifications;

use super::repo::ApplyOutcome;

/// At most this many applications go into one transaction.
const BATCH: usize = 64;

/// An application to write, its checks done that need no lock (`repo::applying`).
pub struct Submitted {
    pub id: String,
    pub job_id: String,
    pub applicant_id: String,
    pub sop: String,
    /// What the recruiter is told, recorded in the same transaction.
    pub notice: Notice,
}

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
        match write(&self.db, &all).await {
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

/// Why a job took no application: (`job_id`, deadline, closed at, gone at, full, applied), the
/// job's columns `None` when there is no such job.
type Why = (String, Option<i64>, Option<i64>, Option<i64>, Option<i64>, i64);

/// Writes `batch` (no two to one job) in one transaction: the applications to listed, open jobs
/// with places left are inserted, but not one whose applicant applied to the job already (the
/// unique index on the pair answers that, as part of the insert, whatever PostgreSQL knows of the
/// table), then the jobs that took one have their place counted, and their recruiters are told
/// (the bell and the outbox). The rows of the batch's jobs are locked first (on SQLite the writer
/// is one at a time), so a job's places are counted once whoever else applies.
async fn write(db: &Db, batch: &[&Submitted]) -> Result<Vec<ApplyOutcome>, sqlx::Error> {
    let now = now_millis();
    let insert = format!(
        "WITH v (id, job_id, applicant_id, sop) AS (VALUES {}) \
         INSERT INTO applications (id, job_id, applicant_id, recruiter_id, status, sop, created_at) \
         SELECT v.id, j.id, v.applicant_id, j.user_id, 'applied', v.sop, $1 FROM v JOIN jobs j ON j.id = v.job_id \
         WHERE {LISTED} AND {} ON CONFLICT (job_id, applicant_id) DO NOTHING RETURNING job_id",
        rows(batch.len(), 4, 2),
        open_at("$1")
    );
    let count = |taken: usize| {
        format!(
            "UPDATE jobs SET applications_count = applications_count + 1 WHERE id IN {} \
             RETURNING id, CAST(CASE WHEN applications_count >= max_applicants THEN 1 ELSE 0 END AS BIGINT)",
            rows(1, taken, 1)
        )
    };
    // PostgreSQL locks the batch's jobs in one order, so two instances' batches never wait on
    // each other in a circle.
    let lock = format!("SELECT j.id FROM jobs j WHERE j.id IN {} ORDER BY j.id FOR UPDATE", rows(1, batch.len(), 1));
    let why = |refused: usize| {
        format!(
            "WITH p (job_id, applicant_id) AS (VALUES {}) \
             SELECT p.job_id, j.deadline, j.closed_at, COALESCE(j.deleted_at, j.hidden_at, j.suspended_at), \
             CAST(CASE WHEN j.applications_count >= j.max_applicants THEN 1 ELSE 0 END AS BIGINT), \
             (SELECT CAST(COUNT(*) AS BIGINT) FROM applications a \
             WHERE a.job_id = p.job_id AND a.applicant_id = p.applicant_id) \
             FROM p LEFT JOIN jobs j ON j.id = p.job_id",
            rows(refused, 2, 1)
        )
    };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        if matches!(db, Db::Postgres(_)) {
            let mut locking = sqlx::query(sqlx::AssertSqlSafe(lock));
            for application in batch {
                locking = locking.bind(application.job_id.as_str());
            }
            locking.execute(&mut *tx).await?;
        }
        let mut inserting = sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(insert)).bind(now);
        for application in batch {
            inserting = inserting
                .bind(application.id.as_str())
                .bind(application.job_id.as_str())
                .bind(application.applicant_id.as_str())
                .bind(application.sop.as_str());
        }
        let inserted = inserting.fetch_all(&mut *tx).await?;
        let mut reserved = std::collections::HashMap::new();
        if !inserted.is_empty() {
            let mut counting = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(count(inserted.len())));
            for (job_id,) in &inserted {
                counting = counting.bind(job_id.as_str());
            }
            reserved.extend(counting.fetch_all(&mut *tx).await?.into_iter().map(|(job, filled)| (job, filled != 0)));
        }

        let (taken, refused): (Vec<&Submitted>, Vec<&Submitted>) =
            batch.iter().partition(|application| reserved.contains_key(&application.job_id));
        let mut reasons = std::collections::HashMap::new();
        if !refused.is_empty() {
            let mut asking = sqlx::query_as::<_, Why>(sqlx::AssertSqlSafe(why(refused.len())));
            for application in &refused {
                asking = asking.bind(application.job_id.as_str()).bind(application.applicant_id.as_str());
            }
            for why in asking.fetch_all(&mut *tx).await? {
                reasons.insert(why.0.clone(), refusal(&why, now));
            }
        }
        if !taken.is_empty() {
            let notices: Vec<&Notice> = taken.iter().map(|application| &application.notice).collect();
            notifications::tell_all(&mut tx, &notices).await?;
        }
        tx.commit().await?;
        let outcomes = batch.iter().map(|application| match reserved.get(&application.job_id) {
            Some(&filled) => ApplyOutcome::Applied { id: application.id.clone(), at: now, filled },
            None => reasons.remove(&application.job_id).unwrap_or(ApplyOutcome::NoSuchJob),
        });
        Ok(outcomes.collect())
    })
}

/// Why a job took no application, in the order the rules are told: gone, past its deadline,
/// closed early, full, and only then applied to already.
fn refusal(&(_, deadline, closed_at, gone_at, full, applied): &Why, now: i64) -> ApplyOutcome {
    match deadline {
        None => ApplyOutcome::NoSuchJob,
        Some(_) if gone_at.is_some() => ApplyOutcome::NoSuchJob,
        Some(deadline) if deadline <= now => ApplyOutcome::DeadlinePassed,
        Some(_) if closed_at.is_some() => ApplyOutcome::Closed,
        Some(_) if full == Some(1) => ApplyOutcome::Full,
        Some(_) if applied > 0 => ApplyOutcome::AlreadyApplied,
        Some(_) => ApplyOutcome::Full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(deadline: Option<i64>, closed: Option<i64>, gone: Option<i64>, full: i64, applied: i64) -> Why {
        (String::new(), deadline, closed, gone, Some(full), applied)
    }

    #[test]
    fn a_refusal_names_the_first_rule_broken() {
        let now = 1_000;
        let cases = [
            (why(None, None, None, 0, 0), "NoSuchJob"),
            (why(Some(now + 1), Some(1), Some(1), 1, 1), "NoSuchJob"),
            (why(Some(now), Some(1), None, 1, 1), "DeadlinePassed"),
            (why(Some(now + 1), Some(1), None, 1, 1), "Closed"),
            (why(Some(now + 1), None, None, 1, 1), "Full"),
            (why(Some(now + 1), None, None, 0, 1), "AlreadyApplied"),
        ];
        for (why, expected) in cases {
            let outcome = match refusal(&why, now) {
                ApplyOutcome::NoSuchJob => "NoSuchJob",
                ApplyOutcome::DeadlinePassed => "DeadlinePassed",
                ApplyOutcome::Closed => "Closed",
                ApplyOutcome::Full => "Full",
                ApplyOutcome::AlreadyApplied => "AlreadyApplied",
                ApplyOutcome::Applied { .. } => "Applied",
            };
            assert_eq!(outcome, expected, "{why:?}");
        }
    }
}
