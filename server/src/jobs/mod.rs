//! Jobs: posting, editing and deleting; browsing and searching; one job and its details.

pub mod form;
pub mod handlers;
pub mod index;
pub mod indexer;
pub mod model;
pub mod repo;
pub mod search;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The jobs calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router() -> OpenApiRouter<AppState> {
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
