//! The infrastructure every handler can reach: the database, the configuration, the keys, the
//! outbox, the throttles, the resume storage, the password hasher, the live notification hub and
//! the bounded gates. It holds nothing a feature owns, so the features depend on it and never the
//! other way round; what belongs to a feature (the jobs' listings, the applications' write group)
//! is beside it in `app::App`, and a handler takes either through `FromRef`.

use std::sync::Arc;

use crate::config::Config;
use crate::db::Db;
use crate::http::throttle::Limit;
use crate::hub::Hub;
use crate::mail::Outbox;
use crate::secrets::{Hasher, Keys};
use crate::storage::Storage;

/// The infrastructure: one `Arc`, so that a request's clone of it is one reference count, not one
/// per part.
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

/// The parts of [`AppState`].
pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub keys: Arc<Keys>,
    /// The key pushes are signed with, and browsers subscribe with its public half.
    pub vapid: Arc<crate::vapid::Vapid>,
    pub outbox: Outbox,
    pub limits: Arc<Throttles>,
    /// Which calls an API token may make, and with which scope (from the OpenAPI document).
    pub call_scopes: Arc<crate::http::scopes::CallScopes>,
    pub storage: Storage,
    /// The bounded gate of every password hash.
    pub hasher: Arc<Hasher>,
    /// Slots for work an anonymous request leaves running after its answer (a reset e-mail).
    pub background: Arc<tokio::sync::Semaphore>,
    /// The open pages to tell when someone's notifications change.
    pub notifications: Arc<Hub>,
    /// Woken when an application leaves the process by its applicant's hand (withdrawn, or its
    /// applicant's account deleted): the interviews' sweep cancels its planned interviews at once.
    pub applications_closed: tokio::sync::Notify,
    /// Woken when a resume is uploaded here: its words are read at once (`profiles::resume_text`).
    pub resume_uploaded: tokio::sync::Notify,
    /// How many resumes this instance has read: a reading's end can be awaited.
    pub resumes_read: tokio::sync::watch::Sender<u64>,
    /// Set once the server has been told to stop: `/readyz` answers 503 from then on.
    pub stopping: Arc<tokio::sync::watch::Sender<bool>>,
    /// How many requests were answered before the stack (`front::kept`): from memory, or with their
    /// job read.
    pub before_stack: std::sync::atomic::AtomicU64,
}

/// Background tasks anonymous requests may leave running at once; more are answered 503.
pub const BACKGROUND_TASKS: usize = 64;

/// The in-process abuse limits, sized by `Config::limits`.
pub struct Throttles {
    pub login_failures: Limit,
    pub code_requests: Limit,
    /// Requests per API token.
    pub api_tokens: Limit,
}
