//! People's rights to their data (docs/rules.md#your-data): everything the board holds about an
//! account as one JSON file, and the account's deletion by its owner, with everything that names
//! it. It reads and deletes across the features' tables, so no feature reaches it.

pub mod erase;
pub mod export;
pub mod repo;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

/// The calls on the caller's own data, each registered with its OpenAPI description.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(export::export)).routes(routes!(erase::delete_account))
}
