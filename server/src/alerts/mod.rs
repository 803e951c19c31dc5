//! Saved searches and their alerts: an applicant keeps a search of /jobs, and once a day at most
//! is e-mailed the new jobs that match it (through the outbox), with a signed one-click link that
//! stops the alerts without a login.

pub mod emails;
pub mod handlers;
pub mod repo;
pub mod worker;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The saved-search calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::saved_searches, handlers::save_search))
        .routes(routes!(handlers::update_search, handlers::delete_search))
        .routes(routes!(handlers::unsubscribe))
        .routes(routes!(handlers::resubscribe))
}
