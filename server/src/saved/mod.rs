//! Saved jobs: an applicant keeps jobs to come back to, and finds them marked once they close.

pub mod handlers;
pub mod repo;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The saved-jobs calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(handlers::saved_jobs)).routes(routes!(handlers::save_job, handlers::unsave_job))
}
