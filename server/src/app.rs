//! The application as its router holds it: the infrastructure (`AppState`) and, beside it, the
//! parts that belong to features: the jobs' listings (search index and job cache) and the
//! applications' write group. A handler names only what it uses (`State<AppState>`,
//! `State<Arc<Listings>>`) and takes it from here through `FromRef`; background tasks are handed
//! their parts when they are spawned.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::applications::group::Applications;
use crate::jobs::Listings;
use crate::state::AppState;

/// One `Arc`, so that a request's clone of the router's state is one reference count.
#[derive(Clone)]
pub struct App(Arc<Parts>);

/// The parts of [`App`].
pub struct Parts {
    pub state: AppState,
    pub listings: Arc<Listings>,
    pub applications: Arc<Applications>,
}

impl App {
    pub fn new(state: AppState, listings: Listings, applications: Applications) -> Self {
        Self(Arc::new(Parts { state, listings: Arc::new(listings), applications: Arc::new(applications) }))
    }
}

impl std::ops::Deref for App {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl FromRef<App> for AppState {
    fn from_ref(app: &App) -> Self {
        app.state.clone()
    }
}

impl FromRef<App> for Arc<Listings> {
    fn from_ref(app: &App) -> Self {
        app.listings.clone()
    }
}

impl FromRef<App> for Arc<Applications> {
    fn from_ref(app: &App) -> Self {
        app.applications.clone()
    }
}
