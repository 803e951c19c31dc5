//! Jobs for you: open jobs ranked through the search index by how well they match an applicant's
//! skills (their profile and education raise the rank), leaving out the jobs they applied to, each
//! with the skills it matched.

pub mod handlers;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::jobs_for_you))
}
