//! Keeps the search index in step with the database. Every job write leaves a row in
//! `job_changes` (triggers, in the writing transaction); this task reads the rows after its
//! cursor, re-reads each changed job and replaces or removes its document, commits in small
//! batches and saves the cursor beside the index. Applying a row twice is harmless, so a crash
//! between the commit and the cursor costs nothing. A missing, stale or unreadable index is
//! rebuilt from the jobs table at start (searches use the database meanwhile).

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;

use tokio::sync::{Mutex, Notify, watch};

use crate::db::{Db, Heard, now_millis};

use super::applicants::ApplicantIndex;
use super::index::{JobDoc, JobIndex};
use super::repo as changes;
use super::repo::applicants as applicant_changes;

/// How often the log is read for other writers' changes (a local write applies its own at once).
/// On PostgreSQL a notification wakes the reader as each change commits, so polling there is only
/// a safety net (and reads rows whose notification was lost while the listener reconnected).
const POLL: Duration = Duration::from_millis(200);
const POLL_WITH_NOTIFICATIONS: Duration = Duration::from_secs(1);
/// The channel the change-log trigger notifies (migration 0007).
const CHANNEL: &str = "job_changes";
/// Log rows read per batch, and jobs read per rebuild page.
const BATCH: i64 = 1_000;
const REBUILD_PAGE: i64 = 5_000;
/// PostgreSQL hands out sequence numbers before commit, so a row can appear behind the cursor;
/// rows this recent are read again (and skipped when already applied).
const LATE_WINDOW_MILLIS: i64 = 10_000;
const CURSOR_FILE: &str = "jobportal-index-cursor";
/// Beside the cursor: the time up to which passed deadlines were re-indexed.
const SWEPT_FILE: &str = "jobportal-index-swept";
/// How often jobs whose deadline has just passed are re-indexed as closed.
const SWEEP: Duration = Duration::from_secs(10);

/// A change-log row about an application (`application:{id}`) names no job: the applicant index's.
const APPLICATION: &str = "application:";

/// The index and what the request path needs to know of it.
pub struct Search {
    pub index: JobIndex,
    /// The applications, for their hiring teams' searches: in the same folder (`applicants/`),
    /// built, rebuilt and caught up with the jobs.
    pub applicants: ApplicantIndex,
    dir: PathBuf,
    /// Set once the index holds every job (after a rebuild, or at once when it was current).
    ready: AtomicBool,
    /// Wakes whoever waits for `ready` (`built`).
    built: Notify,
    /// The change log position applied so far, readable without waiting for `cursor`'s lock.
    applied: AtomicI64,
    /// False with `SEARCH_INDEX=off`: never built, never ready, searches use the database.
    enabled: bool,
    /// The log position applied so far; one holder at a time applies the log.
    cursor: Mutex<Following>,
}

#[derive(Default)]
struct Following {
    cursor: i64,
    recent: RecentRows,
    /// Jobs whose deadline is at or before this time (Unix milliseconds) are indexed as closed.
    swept: i64,
}

impl Search {
    /// Opens (or makes) the index in `dir`. It is ready at once unless it must be rebuilt.
    pub fn open(dir: &Path) -> tantivy::Result<Arc<Self>> {
        let (index, fresh) = JobIndex::open(dir)?;
        // Opened after the job index, which empties the folder when it is made anew.
        let (applicants, applicants_fresh) = ApplicantIndex::open(&dir.join("applicants"))?;
        let (cursor, swept) = (read_number(dir, CURSOR_FILE), read_number(dir, SWEPT_FILE));
        let fresh = fresh || applicants_fresh || cursor.is_none() || swept.is_none();
        let following = Following {
            cursor: cursor.unwrap_or_default(),
            recent: RecentRows::default(),
            swept: swept.unwrap_or_default(),
        };
        Ok(Arc::new(Self {
            index,
            applicants,
            dir: dir.to_path_buf(),
            ready: AtomicBool::new(!fresh),
            built: Notify::new(),
            applied: AtomicI64::new(cursor.unwrap_or_default()),
            enabled: true,
            cursor: Mutex::new(following),
        }))
    }

    /// No index (`SEARCH_INDEX=off`): an empty one in memory that is never filled nor used.
    pub fn off() -> tantivy::Result<Arc<Self>> {
        Ok(Arc::new(Self {
            index: JobIndex::in_memory()?,
            applicants: ApplicantIndex::in_memory()?,
            dir: PathBuf::new(),
            ready: AtomicBool::new(false),
            built: Notify::new(),
            applied: AtomicI64::new(0),
            enabled: false,
            cursor: Mutex::new(Following::default()),
        }))
    }

    /// `ready`, `building` (searches use the database meanwhile) or `off`.
    pub fn status(&self) -> &'static str {
        match (self.enabled, self.is_ready()) {
            (false, _) => "off",
            (true, true) => "ready",
            (true, false) => "building",
        }
    }

    /// How long the oldest change the index has not applied has waited (milliseconds, by the
    /// database's clock); zero when it is current, when it is off, and while it is first built
    /// (searches use the database meanwhile).
    pub async fn lag(&self, db: &Db) -> Result<i64, sqlx::Error> {
        if !self.is_ready() {
            return Ok(0);
        }
        changes::change_lag(db, self.applied.load(Ordering::Acquire)).await
    }

    /// The change log position this index has applied, and the newest written (for the metrics).
    pub async fn positions(&self, db: &Db) -> Result<(i64, i64), sqlx::Error> {
        Ok((self.applied.load(Ordering::Acquire), changes::last_change(db).await?))
    }

    /// Whether searches may use the index.
    /// The index's commits so far while it answers searches (`JobIndex::commits`); `None` while
    /// searches go to the database (the index off or being built), which nothing may be kept by.
    pub fn version(&self) -> Option<u64> {
        (self.enabled && self.is_ready()).then(|| self.index.commits())
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// Returns once the index is ready (at once when it is; never with `SEARCH_INDEX=off`).
    pub async fn built(&self) {
        loop {
            let notified = self.built.notified();
            if self.is_ready() {
                return;
            }
            notified.await;
        }
    }

    /// Applies every logged change now (after a write on this instance, so its writer finds it
    /// in the next search); true when the index then holds every change logged before the call.
    /// Does nothing (false) while the index is first built.
    pub async fn sync(&self, db: &Db) -> bool {
        if !self.is_ready() {
            return false;
        }
        let mut following = self.cursor.lock().await;
        let Following { cursor, recent, .. } = &mut *following;
        match self.catch_up(db, *cursor, recent).await {
            Ok(next) => {
                *cursor = next;
                self.applied.store(next, Ordering::Release);
                true
            }
            Err(error) => {
                tracing::warn!(%error, "could not apply job changes to the search index");
                false
            }
        }
    }

    /// The retention sweep prunes the change log up to a seq: an index whose cursor is behind it
    /// missed changes, so it is no longer ready (and `run` rebuilds it). True when so.
    pub async fn unless_log_pruned_past(&self, db: &Db) -> bool {
        if !self.is_ready() {
            return false;
        }
        let cursor = self.cursor.lock().await.cursor;
        match changes::pruned_through(db).await {
            Ok(pruned) if pruned > cursor => {
                tracing::warn!(cursor, pruned, "the search index is older than the change log kept; rebuilding it");
                self.ready.store(false, Ordering::Release);
                true
            }
            Ok(_) => false,
            Err(error) => {
                tracing::warn!(%error, "could not read how far the change log was pruned");
                false
            }
        }
    }

    /// Follows the change log until `stop` turns true; rebuilds first when needed.
    pub async fn run(self: Arc<Self>, db: Db, mut stop: watch::Receiver<bool>) {
        if !self.enabled {
            return;
        }
        self.unless_log_pruned_past(&db).await;
        if !self.is_ready() {
            loop {
                let mut following = self.cursor.lock().await;
                match self.rebuild(&db).await {
                    Ok(position) => {
                        (following.cursor, following.swept) = (position.cursor, position.swept);
                        self.applied.store(position.cursor, Ordering::Release);
                        break;
                    }
                    Err(error) => {
                        drop(following);
                        tracing::error!(%error, "could not build the search index; retrying in 5 s");
                        tokio::select! {
                            () = tokio::time::sleep(Duration::from_secs(5)) => {}
                            _ = stop.changed() => return,
                        }
                    }
                }
            }
        }
        let wake = Arc::new(Notify::new());
        let listening = listen(&db, wake.clone()).await.map(AbortOnDrop);
        let poll = if listening.is_some() { POLL_WITH_NOTIFICATIONS } else { POLL };
        let mut last_sweep = std::time::Instant::now();
        loop {
            self.sync(&db).await;
            if last_sweep.elapsed() >= SWEEP {
                self.sweep(&db, now_millis()).await;
                last_sweep = std::time::Instant::now();
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
                _ = stop.changed() => return,
            }
        }
    }

    /// Empties the index and fills it from every listed job; returns the log position it covers.
    pub async fn rebuild(&self, db: &Db) -> Result<Position, IndexError> {
        // Read the log's end first: a change made while the jobs are read is applied again after;
        // likewise a deadline that passes while they are read is swept after.
        // A log pruned to its end leaves its last seq only in the mark, which the cursor must not be behind.
        let cursor = changes::last_change(db).await?.max(changes::pruned_through(db).await?);
        let swept = now_millis();
        let started = std::time::Instant::now();
        tracing::info!("building the search index from the database");
        self.index.clear()?;
        // The next page is read from the database while this one is indexed.
        let (pages, mut next_page) = tokio::sync::mpsc::channel::<Result<Vec<JobDoc>, sqlx::Error>>(2);
        let reader = {
            let db = db.clone();
            tokio::spawn(async move {
                let mut before = i64::MAX;
                loop {
                    let page = changes::listed_before(&db, before, REBUILD_PAGE).await;
                    let last = page.as_ref().ok().and_then(|page| page.last()).map(|doc| doc.seq as i64);
                    if pages.send(page).await.is_err() {
                        return;
                    }
                    match last {
                        Some(seq) => before = seq,
                        None => return,
                    }
                }
            })
        };
        let _stop_reading = AbortOnDrop(reader);
        let mut count = 0u64;
        while let Some(page) = next_page.recv().await {
            let page = page?;
            if page.is_empty() {
                break;
            }
            blocking(|| self.index.add(&page, swept))?;
            count += page.len() as u64;
            if count.is_multiple_of(100_000) || (page.len() as i64) < REBUILD_PAGE {
                tracing::info!(jobs = count, "search index: jobs indexed so far");
            }
        }
        blocking(|| self.index.commit())?;
        let applications = self.rebuild_applicants(db).await?;
        write_number(&self.dir, CURSOR_FILE, cursor)?;
        write_number(&self.dir, SWEPT_FILE, swept)?;
        self.ready.store(true, Ordering::Release);
        self.built.notify_waiters();
        tracing::info!(jobs = count, applications, seconds = started.elapsed().as_secs_f64(), "search index built");
        Ok(Position { cursor, swept })
    }

    /// Empties the applicant index and fills it from every searched application; returns how many.
    async fn rebuild_applicants(&self, db: &Db) -> Result<u64, IndexError> {
        self.applicants.clear()?;
        let mut after = String::new();
        let mut count = 0u64;
        loop {
            let page = applicant_changes::searched_after(db, &after, REBUILD_PAGE).await?;
            blocking(|| self.applicants.add(&page))?;
            count += page.len() as u64;
            match page.last() {
                Some(last) if page.len() as i64 == REBUILD_PAGE => after = last.id.clone(),
                _ => break,
            }
        }
        blocking(|| self.applicants.commit())?;
        Ok(count)
    }

    /// Re-indexes the jobs whose deadline passed since the last sweep, up to `now` (Unix
    /// milliseconds), so their `open` term goes (searches check the deadline itself too, so they
    /// are exact meanwhile). The task runs it every few seconds with the time of day; a test runs
    /// it at once, as of the time it sets.
    pub async fn sweep(&self, db: &Db, now: i64) {
        let mut following = self.cursor.lock().await;
        let swept = async {
            // Keyset paging by (deadline, seq): many jobs share a deadline (the end of a day).
            let mut after = (following.swept, i64::MIN);
            loop {
                let closed = changes::closed_between(db, after, now, BATCH).await?;
                for (job_id, _, _) in &closed {
                    if let Some(doc) = changes::indexed_form(db, job_id).await? {
                        self.index.upsert(&doc, now)?;
                    }
                }
                blocking(|| self.index.commit())?;
                match closed.last() {
                    Some((_, deadline, seq)) if closed.len() as i64 == BATCH => after = (*deadline, *seq),
                    _ => {
                        write_number(&self.dir, SWEPT_FILE, now)?;
                        return Ok::<_, IndexError>(now);
                    }
                }
            }
        };
        match swept.await {
            Ok(since) => following.swept = since,
            Err(error) => tracing::warn!(%error, "could not re-index the jobs whose deadline passed"),
        }
    }

    /// Applies the log rows after `cursor` (and recent late ones); returns the new cursor.
    async fn catch_up(&self, db: &Db, mut cursor: i64, recent: &mut RecentRows) -> Result<i64, IndexError> {
        loop {
            let rows = changes::changes_after(db, cursor, LATE_WINDOW_MILLIS, BATCH).await?;
            let fresh: Vec<&(i64, String)> = rows.iter().filter(|(seq, _)| !recent.contains(*seq)).collect();
            if fresh.is_empty() {
                return Ok(cursor);
            }
            let (applications, jobs): (HashSet<&str>, HashSet<&str>) =
                fresh.iter().map(|(_, key)| key.as_str()).partition(|key| key.starts_with(APPLICATION));
            for key in &applications {
                let id = &key[APPLICATION.len()..];
                match applicant_changes::indexed_form(db, id).await? {
                    Some(doc) => self.applicants.upsert(&doc)?,
                    None => self.applicants.remove(id),
                }
            }
            if !applications.is_empty() {
                blocking(|| self.applicants.commit())?;
            }
            let any_jobs = !jobs.is_empty();
            for job_id in jobs {
                match changes::indexed_form(db, job_id).await? {
                    Some(doc) => self.index.upsert(&doc, now_millis())?,
                    None => {
                        if let Some(seq) = changes::seq_of(db, job_id).await? {
                            self.index.remove(seq as u64);
                        }
                    }
                }
            }
            // Searches of jobs see a new version (and what was drawn from them is redrawn) only
            // when a job, a company or a category changed.
            if any_jobs {
                blocking(|| self.index.commit())?;
            }
            for (seq, _) in &fresh {
                recent.insert(*seq);
                cursor = cursor.max(*seq);
            }
            write_number(&self.dir, CURSOR_FILE, cursor)?;
            if (rows.len() as i64) < BATCH {
                return Ok(cursor);
            }
        }
    }
}

/// Stops a spawned task when the work that needs it ends (or fails).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// On PostgreSQL, a task that wakes the indexer at each of the change log's notifications (several
/// instances on one database each hear every commit at once), and once it listens again after an
/// outage (whatever was written meanwhile is read then). `None` on SQLite or when it cannot listen:
/// then the log is polled.
async fn listen(db: &Db, wake: Arc<Notify>) -> Option<tokio::task::JoinHandle<()>> {
    // A wake-up not yet taken is kept, so none is lost between two syncs.
    match crate::db::listen(db, &[CHANNEL], move |heard| {
        if !matches!(heard, Heard::Lost) {
            wake.notify_one();
        }
    })
    .await?
    {
        Ok(listening) => Some(listening),
        Err(error) => {
            tracing::warn!(%error, "cannot listen for job changes; reading the change log every 200 ms instead");
            None
        }
    }
}

/// Where a built index stands: the change log position and the sweep time it covers.
pub struct Position {
    pub cursor: i64,
    pub swept: i64,
}

/// Log rows applied lately, so the late window does not apply them again and again.
#[derive(Default)]
pub(crate) struct RecentRows {
    seen: HashSet<i64>,
    order: VecDeque<i64>,
}

impl RecentRows {
    const KEPT: usize = 100_000;

    pub(crate) fn contains(&self, seq: i64) -> bool {
        self.seen.contains(&seq)
    }

    pub(crate) fn insert(&mut self, seq: i64) {
        if self.seen.insert(seq) {
            self.order.push_back(seq);
            if self.order.len() > Self::KEPT
                && let Some(oldest) = self.order.pop_front()
            {
                self.seen.remove(&oldest);
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("cursor file: {0}")]
    Cursor(#[from] std::io::Error),
}

/// Runs index work that blocks (a commit writes and syncs files) without stalling the other
/// tasks of a multi-threaded runtime; inline on a single-threaded one (some tests).
pub fn blocking<T>(work: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

fn read_number(dir: &Path, file: &str) -> Option<i64> {
    std::fs::read_to_string(dir.join(file)).ok()?.trim().parse().ok()
}

/// Written to a temporary file and renamed, so a crash leaves the old value or the new one.
fn write_number(dir: &Path, file: &str, value: i64) -> std::io::Result<()> {
    let temporary = dir.join(format!("{file}.tmp"));
    std::fs::write(&temporary, value.to_string())?;
    std::fs::rename(temporary, dir.join(file))
}
