//! Webhooks (docs/rules.md#webhooks): a company registers endpoints and picks the events each
//! takes; each event is written as a delivery per endpoint in the event's own transaction
//! (`repo::enqueue_all`, as mail is written to the outbox), then `sender::Sender` posts it signed,
//! in each subject's order, retrying with backoff for a day; the delivery log keeps each one's
//! attempts, and a delivery can be sent again.

pub mod handlers;
pub mod model;
pub mod repo;
pub mod sender;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub use model::EventType;
pub use repo::Event;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::webhook_endpoints, handlers::create_webhook_endpoint))
        .routes(routes!(handlers::update_webhook_endpoint, handlers::delete_webhook_endpoint))
        .routes(routes!(handlers::rotate_webhook_secret))
        .routes(routes!(handlers::webhook_deliveries))
        .routes(routes!(handlers::redeliver_webhook))
}
