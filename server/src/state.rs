//! What every handler can reach: the database, the configuration, the keys, the outbox, the
//! throttles, the resume storage, the search index and the bounded gates. It sits below the
//! features (they import it; it imports only their building blocks), and the extractors take what
//! they need from it through `FromRef`.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::accounts::secrets::Hasher;
use crate::accounts::session::Keys;
use crate::accounts::throttle::Limit;
use crate::config::Config;
use crate::db::Db;
use crate::jobs::cache::JobCache;
use crate::mail::Outbox;
use crate::search::Search;
use crate::storage::Storage;

/// What every handler can reach: one `Arc`, so that a request's clone of it (axum clones the state
/// for each handler and extractor) is one reference count, not one per part. The count's cache
/// line still moves between cores at each clone; a dozen of them took a fifth of a cached read's
/// time (BENCHMARKS.md).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl From<Shared> for AppState {
    fn from(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}

impl FromRef<AppState> for Arc<Keys> {
    fn from_ref(state: &AppState) -> Self {
        state.keys.clone()
    }
}

/// The parts of [`AppState`].
pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub keys: Arc<Keys>,
    pub outbox: Outbox,
    pub limits: Arc<Throttles>,
    pub storage: Storage,
    /// The search index of jobs, kept in step with the database by its own task.
    pub search: Arc<Search>,
    /// Applications waiting to be written, and the writer that writes them together.
    pub applications: Arc<crate::applications::group::Applications>,
    /// Jobs as their page and `getJob` show them, forgotten as the change log names them.
    pub job_cache: Arc<JobCache>,
    /// The bounded gate of every password hash.
    pub hasher: Arc<Hasher>,
    /// Slots for work an anonymous request leaves running after its answer (a reset e-mail).
    pub background: Arc<tokio::sync::Semaphore>,
    /// The open pages to tell when someone's notifications change.
    pub notifications: Arc<crate::notifications::hub::Hub>,
    /// Woken when an application leaves the process by its applicant's hand (withdrawn, or its
    /// applicant's account deleted): the interviews' sweep cancels its planned interviews at once.
    pub applications_closed: tokio::sync::Notify,
    /// Set once the server has been told to stop: `/readyz` answers 503 from then on.
    pub stopping: Arc<tokio::sync::watch::Sender<bool>>,
    /// How many requests were answered before the stack (`kept`): from memory, or with their job read.
    pub before_stack: std::sync::atomic::AtomicU64,
}

/// Background tasks anonymous requests may leave running at once; more are answered 503.
pub const BACKGROUND_TASKS: usize = 64;

/// The in-process abuse limits, sized by `Config::limits`.
pub struct Throttles {
    pub login_failures: Limit,
    pub code_requests: Limit,
}

impl Shared {
    /// After a write that changes a job as searches see it (posted, edited, deleted, or a new
    /// application count): this instance's index takes the logged change before the writer gets
    /// its answer.
    pub async fn jobs_changed(&self) {
        self.search.sync(&self.db).await;
        self.job_cache.sync(&self.db).await;
    }

    /// After a write that changed a job's applications count, which the change log leaves out:
    /// this instance forgets the job before the writer gets its answer (PostgreSQL tells the
    /// others, `jobs::cache`).
    pub fn job_count_changed(&self, job_id: &str) {
        self.job_cache.forget([job_id]);
    }
}
