//! Applications: apply, follow, and carry through the hiring pipeline (stages, ratings, notes),
//! with every rule held on the server.

pub mod emails;
pub mod group;
pub mod handlers;
pub mod model;
pub mod pipeline;
pub mod repo;
pub mod search;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

/// The applications calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
    Arc<group::Applications>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::apply))
        .routes(routes!(handlers::applications))
        .routes(routes!(handlers::job_applications))
        .routes(routes!(search::search))
        .routes(routes!(handlers::job_applications_overview))
        .routes(routes!(handlers::update_status))
        .routes(routes!(handlers::withdraw))
        .routes(routes!(pipeline::move_stage))
        .routes(routes!(pipeline::rate))
        .routes(routes!(pipeline::notes, pipeline::add_note))
}
