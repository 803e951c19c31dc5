//! Jobs for you: open jobs ranked through the search index by how well they match an applicant's
//! skills (their profile and education raise the rank), leaving out the jobs they applied to, each
//! with the skills it matched.

pub mod handlers;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(handlers::jobs_for_you))
}
