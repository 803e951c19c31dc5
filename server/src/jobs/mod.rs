//! Jobs: posting, editing and deleting; browsing and searching; one job and its details.

pub mod form;
pub mod index;
pub mod indexer;
pub mod handlers;
pub mod model;
pub mod repo;
pub mod search;

use axum::Router;
use axum::routing::{delete, get, post, put};

use crate::AppState;

/// After a write that changes a job as searches see it (posted, edited, deleted, or a new
/// application count): this instance's index takes the logged change before the writer gets its
/// answer.
pub async fn changed(state: &AppState) {
    state.search_index.sync(&state.db).await;
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/alljobs", get(handlers::all_jobs))
        .route("/jobs/getJob/{job_id}", get(handlers::get_job))
        .route("/jobs/getFullJobDetails", post(handlers::get_full_job_details))
        .route("/jobs/createJob", post(handlers::create_job))
        .route("/jobs/getAllJobs", get(handlers::get_all_jobs))
        .route("/jobs/updateJob/{job_id}", put(handlers::update_job))
        .route("/jobs/deleteJob/{job_id}", delete(handlers::delete_job))
}
