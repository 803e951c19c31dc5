//! Jobs: browsing, one job, and its full details.

pub mod handlers;
pub mod model;
pub mod repo;

use axum::Router;
use axum::routing::{get, post};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/alljobs", get(handlers::all_jobs))
        .route("/jobs/getJob/{job_id}", get(handlers::get_job))
        .route("/jobs/getFullJobDetails", post(handlers::get_full_job_details))
}
