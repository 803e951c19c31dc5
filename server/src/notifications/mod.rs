//! Notifications: what the bell in the header lists (new applications, stage changes, interviews,
//! messages, jobs closing soon), written with the event they report, told live to the open page
//! through Server-Sent Events on whichever instance serves it, and e-mailed unless the person
//! switched that kind off (docs/rules.md#notifications).

pub mod closing;
pub mod handlers;
pub mod model;
pub mod repo;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The notifications calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::notifications))
        .routes(routes!(handlers::mark_all_read))
        .routes(routes!(handlers::mark_notification_read))
        .routes(routes!(handlers::settings, handlers::save_settings))
        .routes(routes!(handlers::stream))
}
