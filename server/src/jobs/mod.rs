//! Jobs: posting, editing, closing and deleting; one job and its details; the /jobs search call
//! (the search itself is `crate::jobs::search`).

pub mod cache;
pub mod form;
pub mod handlers;
mod listings;
pub mod model;
pub mod questions;
pub mod repo;
pub mod search;

pub use listings::Listings;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The jobs calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::all_jobs))
        .routes(routes!(handlers::get_job))
        .routes(routes!(handlers::get_full_job_details))
        .routes(routes!(handlers::create_job))
        .routes(routes!(handlers::get_all_jobs))
        .routes(routes!(handlers::update_job))
        .routes(routes!(handlers::delete_job))
        .routes(routes!(handlers::close_job))
        .routes(routes!(handlers::reopen_job))
}
