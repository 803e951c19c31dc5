//! Applications: apply, follow, and shortlist or reject, with every rule held on the server.

pub mod emails;
pub mod handlers;
pub mod model;
pub mod repo;

use axum::Router;
use axum::routing::{get, post, put};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/apply/{job_id}", post(handlers::apply))
        .route("/auth/applications", get(handlers::applications))
        .route("/auth/jobs/applications/{job_id}", get(handlers::job_applications))
        .route("/auth/updateapplicationstatus/{application_id}", put(handlers::update_status))
}
