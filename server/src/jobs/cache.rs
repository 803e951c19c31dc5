//! Jobs as their page and `getJob` show them, kept in memory so that the reads a job board lives on
//! cost no database round trip and no rendering or compression after the first
//! (docs/operations.md#serving-reads-from-memory). Nothing kept is ever served stale:
//!
//! - every job write leaves a row in the change log (`job_changes`, the search index's feed, with a
//!   category's rename logging each of its jobs); each instance follows it (`sync`: the writer's
//!   own instance before it answers, every other one as PostgreSQL notifies it, and every 200 ms
//!   on SQLite, where the server is the only writer) and forgets the jobs it names;
//! - an application changes only a job's `applicationsCount`, which the log leaves out (the index
//!   does not hold it): the instance that took it forgets the job before it answers, and on
//!   PostgreSQL a notification on `job_counts` carries the job's id to every other instance;
//!   should that listener drop, everything kept is forgotten, as nothing it missed can be known;
//! - an open job is kept until its deadline, when it closes whatever the log says;
//! - a read that began before a job was forgotten does not keep what it read (`Ticket`), so a
//!   write that commits while a reader is between its query and its answer cannot be undone by it.
//!
//! What is kept is bounded by `JOB_CACHE_MB`: past it, jobs are forgotten at random.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tokio::sync::{Notify, oneshot, watch};

use crate::db::{Db, Heard};
use crate::http::compress::Ready;
use crate::http::compress::pieces::Pieced;
use crate::jobs::search::indexer::RecentRows;
use crate::jobs::search::repo as changes;

use super::model::Job;
use super::repo::{self, JobPage};

/// How often SQLite's log is read for writes made outside this process (there are none but the
/// commands'); on PostgreSQL notifications wake the reader and this is its safety net.
const POLL: Duration = Duration::from_millis(200);
const POLL_WITH_NOTIFICATIONS: Duration = Duration::from_secs(1);
/// PostgreSQL hands out sequence numbers before commit: rows this recent are read again.
const LATE_WINDOW_MILLIS: i64 = 10_000;
const BATCH: i64 = 1_000;
/// Past this many forgotten ids remembered for reads in flight, they are dropped and every read
/// that began before is refused instead.
const FORGOTTEN_KEPT: usize = 100_000;
/// The longest id kept (ids are UUIDs; a longer one names no job).
const MAX_ID: usize = 64;
/// What a kept job costs besides its answers and its job: the map's slot and key, the entry.
const ENTRY_OVERHEAD: usize = 256;
/// The most reads of jobs not kept at once, each a statement for up to `READ_TOGETHER` jobs on a
/// connection of the readers' own (`Db::readers`). One: while it reads, the jobs missed meanwhile
/// gather for its next statement, and each reader more cost PostgreSQL more CPU for every job read
/// (BENCHMARKS.md#first-reads).
const READERS: usize = 1;
const READ_TOGETHER: usize = 64;

/// A job as its page and `getJob` show it, and those answers once made.
pub struct Cached {
    /// What became of the job.
    pub shown: Shown,
    /// The job as read, until both its answers are made from it: then they are all it is kept for.
    job: Mutex<Option<JobPage>>,
    /// Whether the job was let go (read without the lock by every answer sent after).
    let_go: AtomicBool,
    /// Unix milliseconds from which this is no longer true (an open job's deadline).
    until: i64,
    page: OnceLock<Pieced>,
    api: OnceLock<Ready>,
    held: Arc<AtomicUsize>,
    /// What the job costs while it is held (its answers count themselves into `held`).
    job_size: usize,
}

/// What became of a job, as its page and `getJob` say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Listed,
    Deleted,
    Hidden,
}

impl Cached {
    fn new(job: JobPage, now: i64, held: Arc<AtomicUsize>) -> Self {
        let (shown, until, job_size) = match &job {
            JobPage::Listed { job, open } => {
                let deadline =
                    time::OffsetDateTime::parse(&job.deadline, &time::format_description::well_known::Rfc3339)
                        .map_or(now, |at| (at.unix_timestamp_nanos() / 1_000_000) as i64);
                let texts = [&job.id, &job.title, &job.company, &job.description, &job.location, &job.category]
                    .into_iter()
                    .chain([&job.category_name, &job.user_id, &job.date_of_posting, &job.deadline])
                    .chain(&job.skillsets)
                    .map(String::len)
                    .sum::<usize>();
                let size = size_of::<Job>() + texts + job.skillsets.len() * size_of::<String>();
                (Shown::Listed, if *open { deadline } else { i64::MAX }, size)
            }
            JobPage::Deleted => (Shown::Deleted, i64::MAX, 0),
            JobPage::Hidden => (Shown::Hidden, i64::MAX, 0),
        };
        held.fetch_add(ENTRY_OVERHEAD + job_size, Ordering::Relaxed);
        Self {
            shown,
            job: Mutex::new(Some(job)),
            let_go: AtomicBool::new(false),
            until,
            page: OnceLock::new(),
            api: OnceLock::new(),
            held,
            job_size,
        }
    }

    /// The job's page, made by `make` from the job the first time.
    pub fn page(&self, make: impl FnOnce(&JobPage) -> Pieced) -> &Pieced {
        let page = self.page.get_or_init(|| self.with_job(make).counted(self.held.clone()));
        if self.api.get().is_some() {
            self.let_go();
        }
        page
    }

    /// The job's `getJob` answer, made by `make` from the job the first time.
    pub fn api(&self, make: impl FnOnce(&JobPage) -> Ready) -> &Ready {
        let api = self.api.get_or_init(|| self.with_job(make).counted(self.held.clone()));
        if self.page.get().is_some() {
            self.let_go();
        }
        api
    }

    fn with_job<T>(&self, make: impl FnOnce(&JobPage) -> T) -> T {
        let job = self.job.lock().expect("a kept job's lock");
        make(job.as_ref().expect("a job is let go only once both its answers are made"))
    }

    /// Both answers are made: the job read is no longer needed.
    fn let_go(&self) {
        if self.let_go.load(Ordering::Relaxed) || self.let_go.swap(true, Ordering::Relaxed) {
            return;
        }
        if self.job.lock().expect("a kept job's lock").take().is_some() {
            self.held.fetch_sub(self.job_size, Ordering::Relaxed);
        }
    }
}

impl Drop for Cached {
    fn drop(&mut self) {
        let job = self.job.get_mut().map_or(0, |job| if job.is_some() { self.job_size } else { 0 });
        self.held.fetch_sub(ENTRY_OVERHEAD + job, Ordering::Relaxed);
    }
}

/// The jobs kept, and the change log position followed.
pub struct JobCache {
    budget: usize,
    /// The bytes held by every `Cached` still alive (answers and their encodings included).
    held: Arc<AtomicUsize>,
    kept: Arc<Mutex<Kept>>,
    /// The change log position applied so far, and the late rows applied; `None` until `run`
    /// read where the log ends (until then nothing is kept).
    cursor: tokio::sync::Mutex<Option<(i64, RecentRows)>>,
    /// The epoch, told to whoever waits for a job to be forgotten (`forgotten`); and whether the
    /// log is followed yet (`following`).
    epochs: watch::Sender<u64>,
    followed: watch::Sender<bool>,
    /// Jobs not kept, waiting to be read together (`find`).
    waiting: Mutex<Waiting>,
    /// The readers' own connections (`READERS` of them) to the database first read from: the same
    /// connection, warm, reads every job (`Db::readers`).
    reader_pool: std::sync::OnceLock<Db>,
}

#[derive(Default)]
struct Kept {
    jobs: HashMap<Box<str>, Arc<Cached>>,
    /// Bumped each time jobs are forgotten.
    epoch: u64,
    /// The epoch at which each id was last forgotten, for the reads that began before it.
    forgotten: HashMap<Box<str>, u64>,
    /// A read that began before this epoch keeps nothing (`forgotten` was emptied then); 0 until
    /// the log is followed.
    floor: u64,
}

/// What a reader sends a waiting request: the job (`None` when there never was one) and the time it
/// was read at; `None` when the read failed.
type Answer = oneshot::Sender<Option<(Option<JobPage>, i64)>>;

/// The jobs waiting to be read together, and the readers at it.
#[derive(Default)]
struct Waiting {
    jobs: Vec<(Box<str>, Answer)>,
    readers: usize,
}

/// Taken before a job is read from the database: what it read is kept only if the job was not
/// forgotten since.
#[derive(Clone, Copy)]
pub struct Ticket(u64);

impl JobCache {
    pub fn new(budget: usize) -> Arc<Self> {
        Arc::new(Self {
            budget,
            held: Arc::new(AtomicUsize::new(0)),
            kept: Arc::new(Mutex::new(Kept::default())),
            cursor: tokio::sync::Mutex::new(None),
            epochs: watch::Sender::new(0),
            followed: watch::Sender::new(false),
            waiting: Mutex::new(Waiting::default()),
            reader_pool: std::sync::OnceLock::new(),
        })
    }

    /// The job `id` at `now`, kept or read (and then kept); `None` when there never was one.
    ///
    /// Jobs not kept are read together: each waits with the others that missed meanwhile, and a
    /// reader (at most `READERS` at once) reads up to `READ_TOGETHER` of them in one statement, so
    /// that a burst of first reads pays one query, and on SQLite one pair of hand-offs to and from
    /// the connection's thread, for many. Should that read fail, each job is read on its own, so
    /// each request meets its own error.
    pub async fn find(self: &Arc<Self>, db: &Db, id: &str, now: i64) -> Result<Option<Arc<Cached>>, sqlx::Error> {
        if let Some(kept) = self.kept(id, now) {
            return Ok(Some(kept));
        }
        // Taken before the read is asked for: whatever is forgotten from now on is not kept.
        let ticket = self.ticket();
        let gathered = if id.len() <= MAX_ID { self.read_together(db, id).await } else { None };
        let (job, at) = match gathered {
            Some(read) => read,
            None => (repo::find_page(db, id, now).await?, now),
        };
        let Some(job) = job else { return Ok(None) };
        let cached = Arc::new(Cached::new(job, at, self.held.clone()));
        self.keep(id, ticket, &cached);
        Ok(Some(cached))
    }

    /// `id` read with the other jobs missed meanwhile, and the time it was read at; `None` when
    /// that read failed.
    async fn read_together(self: &Arc<Self>, db: &Db, id: &str) -> Option<(Option<JobPage>, i64)> {
        let (sender, read) = oneshot::channel();
        let start_reader = {
            let mut waiting = self.waiting.lock().expect("the waiting reads' lock");
            waiting.jobs.push((id.into(), sender));
            let start = waiting.readers < READERS;
            waiting.readers += usize::from(start);
            start
        };
        if start_reader {
            // Once the server's pool is closed (the server stopping), the cache reads through it
            // too, and so fails as every other read does, never on a connection that outlived it.
            let readers = if db.is_closed() {
                db.clone()
            } else {
                self.reader_pool.get_or_init(|| db.readers(READERS as u32)).clone()
            };
            tokio::spawn(self.clone().read_waiting(readers));
        }
        // A reader that stopped without answering (its task dropped) dropped the sender too.
        read.await.ok().flatten()
    }

    /// Reads the waiting jobs, `READ_TOGETHER` at a time, until none is left.
    async fn read_waiting(self: Arc<Self>, db: Db) {
        /// Gives the reader's place back however its task ends, so the next miss starts another.
        struct Place(Arc<JobCache>, bool);
        impl Drop for Place {
            fn drop(&mut self) {
                if !self.1 {
                    self.0.waiting.lock().expect("the waiting reads' lock").readers -= 1;
                }
            }
        }
        let mut place = Place(self.clone(), false);
        loop {
            let batch: Vec<(Box<str>, Answer)> = {
                let mut waiting = self.waiting.lock().expect("the waiting reads' lock");
                if waiting.jobs.is_empty() {
                    // Given back under the lock that a new waiter takes to see whether to start one.
                    waiting.readers -= 1;
                    place.1 = true;
                    return;
                }
                let take = waiting.jobs.len().min(READ_TOGETHER);
                waiting.jobs.drain(..take).collect()
            };
            let now = crate::db::now_millis();
            let ids: Vec<&str> = batch.iter().map(|(id, _)| &**id).collect();
            match repo::find_pages(&db, &ids, now).await {
                Ok(found) => {
                    // The same job may be asked twice in one read.
                    for (id, sender) in batch {
                        let _ = sender.send(Some((found.get(&*id).cloned(), now)));
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, jobs = batch.len(), "could not read jobs together; each is read alone");
                    for (_, sender) in batch {
                        let _ = sender.send(None);
                    }
                }
            }
        }
    }

    /// The job `id` when it is kept and still true at `now`.
    pub fn kept(&self, id: &str, now: i64) -> Option<Arc<Cached>> {
        let kept = self.kept.lock().expect("the job cache's lock");
        kept.jobs.get(id).filter(|cached| now < cached.until).cloned()
    }

    fn ticket(&self) -> Ticket {
        Ticket(self.kept.lock().expect("the job cache's lock").epoch)
    }

    fn keep(&self, id: &str, Ticket(began): Ticket, cached: &Arc<Cached>) {
        if self.budget == 0 || id.len() > MAX_ID {
            return;
        }
        let mut kept = self.kept.lock().expect("the job cache's lock");
        let following = kept.floor > 0 && began >= kept.floor;
        if !following || kept.forgotten.get(id).is_some_and(|&at| at > began) {
            return;
        }
        kept.jobs.insert(id.into(), cached.clone());
        // Over budget: forget jobs at random (a map's order), a bounded number per insert.
        let mut evict = kept.jobs.len() / 16 + 1;
        while self.held.load(Ordering::Relaxed) > self.budget && evict > 0 {
            let Some(victim) = kept.jobs.keys().next().cloned() else { break };
            kept.jobs.remove(&victim);
            evict -= 1;
        }
    }

    /// Forgets the jobs `ids` names (after a write to them commits).
    pub fn forget<'a>(&self, ids: impl IntoIterator<Item = &'a str>) {
        let epoch = {
            let mut kept = self.kept.lock().expect("the job cache's lock");
            kept.epoch += 1;
            let epoch = kept.epoch;
            for id in ids {
                kept.jobs.remove(id);
                kept.forgotten.insert(id.into(), epoch);
            }
            if kept.forgotten.len() > FORGOTTEN_KEPT {
                kept.forgotten.clear();
                kept.epoch = epoch + 1;
                kept.floor = kept.epoch;
            }
            kept.epoch
        };
        self.epochs.send_replace(epoch);
    }

    /// Forgets every job, and refuses what reads in flight bring back.
    pub fn forget_all(&self) {
        let epoch = {
            let mut kept = self.kept.lock().expect("the job cache's lock");
            kept.jobs.clear();
            kept.forgotten.clear();
            kept.epoch += 1;
            kept.floor = kept.epoch;
            kept.epoch
        };
        self.epochs.send_replace(epoch);
    }

    /// Resolves once the job `id` is forgotten after this call (or everything is): for a test to
    /// await what another instance does.
    pub fn forgotten(&self, id: &str) -> impl Future<Output = ()> + use<> {
        let mut epochs = self.epochs.subscribe();
        let before = *epochs.borrow_and_update();
        let (id, kept) = (id.to_string(), self.kept.clone());
        async move {
            let _ = epochs
                .wait_for(|_| {
                    let kept = kept.lock().expect("the job cache's lock");
                    kept.floor > before || kept.forgotten.get(id.as_str()).is_some_and(|&at| at > before)
                })
                .await;
        }
    }

    /// Resolves once the change log is followed (jobs read from then on are kept); at once when
    /// nothing is kept at all.
    pub async fn following(&self) {
        if self.budget > 0 {
            let _ = self.followed.subscribe().wait_for(|followed| *followed).await;
        }
    }

    /// The connections the readers of jobs not kept hold open: at most `READERS`.
    pub fn reader_connections(&self) -> u32 {
        self.reader_pool.get().map_or(0, |readers| crate::dispatch!(readers, |pool| pool.size()))
    }

    /// How many jobs are kept, and the bytes they hold.
    pub fn usage(&self) -> (usize, usize) {
        let jobs = self.kept.lock().expect("the job cache's lock").jobs.len();
        (jobs, self.held.load(Ordering::Relaxed))
    }

    /// Forgets the jobs the change log names after the cursor (and PostgreSQL's late rows).
    pub async fn sync(&self, db: &Db) {
        let mut cursor = self.cursor.lock().await;
        let Some((at, recent)) = cursor.as_mut() else { return };
        loop {
            match changes::changes_after(db, *at, LATE_WINDOW_MILLIS, BATCH).await {
                Ok(rows) => {
                    let fresh: Vec<&(i64, String)> = rows.iter().filter(|(seq, _)| !recent.contains(*seq)).collect();
                    if !fresh.is_empty() {
                        self.forget(fresh.iter().map(|(_, id)| id.as_str()));
                    }
                    for (seq, _) in fresh {
                        recent.insert(*seq);
                        *at = (*at).max(*seq);
                    }
                    if (rows.len() as i64) < BATCH {
                        return;
                    }
                }
                Err(error) => {
                    // Nothing kept can be trusted past an unread change.
                    tracing::warn!(%error, "could not read the job change log; forgetting every kept job");
                    self.forget_all();
                    return;
                }
            }
        }
    }

    /// Starts keeping jobs from where the change log ends, then follows it until `stop`.
    pub async fn run(self: Arc<Self>, db: Db, mut stop: watch::Receiver<bool>) {
        if self.budget == 0 {
            return;
        }
        let wake = Arc::new(Notify::new());
        let listening = listen(&db, self.clone(), wake.clone()).await;
        if matches!(db, Db::Postgres(_)) && listening.is_none() {
            return;
        }
        loop {
            match changes::last_change(&db).await {
                Ok(last) => {
                    *self.cursor.lock().await = Some((last, RecentRows::default()));
                    // Nothing was kept before: reads from now on may keep what they read.
                    self.forget_all();
                    self.followed.send_replace(true);
                    break;
                }
                Err(error) => {
                    tracing::warn!(%error, "could not read the job change log; jobs are read each time until it can be");
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(5)) => {}
                        _ = stop.changed() => return,
                    }
                }
            }
        }
        let poll = if listening.is_some() { POLL_WITH_NOTIFICATIONS } else { POLL };
        loop {
            self.sync(&db).await;
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
                _ = stop.changed() => break,
            }
        }
        if let Some(listening) = listening {
            listening.abort();
        }
    }
}

/// The channels: the change log's (the log is read on each) and `job_counts` (the id of a job
/// whose applications count changed), migration 0024.
const CHANGES: &str = "job_changes";
const COUNTS: &str = "job_counts";

/// On PostgreSQL, a task that listens on a connection of its own: a count's notification forgets
/// its job, a change's wakes the log reader; a lost connection forgets everything (what was missed
/// cannot be known) and, once back, the log is read. `None` on SQLite, or when it cannot listen
/// (then nothing is kept: no other instance's counts could be heard).
async fn listen(db: &Db, cache: Arc<JobCache>, wake: Arc<Notify>) -> Option<tokio::task::JoinHandle<()>> {
    let heard = move |heard: Heard<'_>| match heard {
        Heard::Notification { channel: COUNTS, payload } => cache.forget([payload]),
        Heard::Notification { .. } => wake.notify_one(),
        Heard::Lost => cache.forget_all(),
        Heard::Resumed => {
            cache.forget_all();
            wake.notify_one();
        }
    };
    match crate::db::listen(db, &[CHANGES, COUNTS], heard).await? {
        Ok(listening) => Some(listening),
        Err(error) => {
            tracing::warn!(%error, "cannot listen for job changes; no job is kept in memory");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::model::{Job, JobType, WorkMode};

    fn job(id: &str, deadline: &str) -> JobPage {
        JobPage::Listed {
            job: Box::new(Job {
                id: id.into(),
                title: "Rust developer".into(),
                company: "Acme".into(),
                company_slug: Some("acme".into()),
                company_logo: None,
                description: "Builds things".into(),
                salary: 1,
                salary_max: None,
                work_mode: WorkMode::Remote,
                date_of_posting: deadline.into(),
                deadline: deadline.into(),
                location: "Pune".into(),
                max_applicants: 1,
                max_positions: 1,
                skillsets: vec![],
                job_type: JobType::FullTime,
                category: "c".into(),
                category_name: "C".into(),
                user_id: "u".into(),
                applications_count: 0,
                closed_at: None,
                hidden_reason: None,
                questions: Vec::new(),
            }),
            open: true,
        }
    }

    /// A cache as `run` leaves it once it follows the log.
    fn following(budget: usize) -> Arc<JobCache> {
        let cache = JobCache::new(budget);
        cache.forget_all();
        *cache.cursor.try_lock().unwrap() = Some((0, RecentRows::default()));
        cache
    }

    /// An open job whose deadline is `deadline` milliseconds after the epoch, as a read that took
    /// `ticket` would keep it.
    fn insert(cache: &JobCache, id: &str, ticket: Ticket, deadline: i64) {
        let deadline = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(deadline) * 1_000_000).unwrap();
        let deadline = deadline.format(&time::format_description::well_known::Rfc3339).unwrap();
        let cached = Arc::new(Cached::new(job(id, &deadline), 0, cache.held.clone()));
        cache.keep(id, ticket, &cached);
    }

    const LATER: i64 = i64::MAX / 4_000_000;

    #[test]
    fn once_both_answers_are_made_the_job_read_is_let_go_and_its_bytes_given_back() {
        use axum::http::{HeaderValue, StatusCode};

        let held = Arc::new(AtomicUsize::new(0));
        let cached = Cached::new(job("a", ""), 0, held.clone());
        let with_job = held.load(Ordering::Relaxed);
        assert!(with_job > ENTRY_OVERHEAD + "Builds things".len(), "the job's fields are counted: {with_job}");
        let html = || HeaderValue::from_static("text/html");
        let shell = crate::http::compress::pieces::Shell::new([""]);
        let page = cached.page(|job| {
            assert!(matches!(job, JobPage::Listed { .. }));
            shell.split(StatusCode::OK, html(), "<p>Rust developer</p>".to_string())
        });
        assert_eq!(page.identity(), "<p>Rust developer</p>");
        assert!(cached.job.lock().unwrap().is_some(), "kept until the other answer is made");
        let page_bytes = held.load(Ordering::Relaxed) - with_job;
        let api = cached.api(|_| Ready::new(StatusCode::OK, HeaderValue::from_static("application/json"), "{}"));
        assert!(cached.job.lock().unwrap().is_none(), "let go");
        assert_eq!(held.load(Ordering::Relaxed), ENTRY_OVERHEAD + page_bytes + api.size());
        // Both answers are still there, made once.
        cached.page(|_| panic!("made again"));
        cached.api(|_| panic!("made again"));
        drop(cached);
        assert_eq!(held.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_read_that_began_before_its_job_was_forgotten_keeps_nothing() {
        let cache = following(1 << 20);
        let before = cache.ticket();
        cache.forget(["a"]);
        insert(&cache, "a", before, LATER);
        assert!(cache.kept("a", 0).is_none());
        // Another job forgotten meanwhile does not stop it.
        let before = cache.ticket();
        cache.forget(["b"]);
        insert(&cache, "a", before, LATER);
        assert!(cache.kept("a", 0).is_some());
        cache.forget(["a"]);
        assert!(cache.kept("a", 0).is_none());
    }

    #[test]
    fn nothing_is_kept_before_the_log_is_followed_or_by_a_read_from_before_everything_was_forgotten() {
        let cache = JobCache::new(1 << 20);
        insert(&cache, "a", cache.ticket(), LATER);
        assert!(cache.kept("a", 0).is_none());
        let cache = following(1 << 20);
        let before = cache.ticket();
        cache.forget_all();
        insert(&cache, "a", before, LATER);
        assert!(cache.kept("a", 0).is_none());
    }

    #[test]
    fn an_open_job_is_kept_until_its_deadline() {
        let cache = following(1 << 20);
        insert(&cache, "a", cache.ticket(), 1_000);
        assert!(cache.kept("a", 999).is_some());
        assert!(cache.kept("a", 1_000).is_none());
    }

    #[test]
    fn past_the_budget_jobs_are_forgotten_and_their_bytes_given_back() {
        let cache = following(ENTRY_OVERHEAD * 10);
        for n in 0..100 {
            insert(&cache, &format!("job-{n}"), cache.ticket(), LATER);
        }
        let (jobs, held) = cache.usage();
        assert!((1..10).contains(&jobs), "{jobs} kept");
        assert!(held <= ENTRY_OVERHEAD * 10, "{held} bytes held");
        cache.forget_all();
        assert_eq!(cache.usage(), (0, 0));
    }

    #[test]
    fn a_budget_of_nothing_keeps_nothing() {
        let cache = following(0);
        insert(&cache, "a", cache.ticket(), LATER);
        assert!(cache.kept("a", 0).is_none());
    }

    #[tokio::test]
    async fn a_wait_for_a_job_to_be_forgotten_ends_with_that_job_only() {
        let cache = following(1 << 20);
        let forgotten = cache.forgotten("a");
        tokio::pin!(forgotten);
        cache.forget(["b"]);
        assert!(futures_util::poll!(forgotten.as_mut()).is_pending());
        cache.forget(["a"]);
        forgotten.await;
    }
}
