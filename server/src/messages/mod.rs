//! Messages: one conversation per application between its recruiter and its applicant, each new
//! message e-mailed to the other side at most once in 15 minutes while they have not read it
//! (docs/rules.md#messages).

pub mod emails;
pub mod handlers;
pub mod model;
pub mod repo;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The messages calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::messages, handlers::send))
        .routes(routes!(handlers::mark_conversation_read))
}
