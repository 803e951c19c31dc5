//! Categories: the list behind the Category menu and each category's page.

pub mod handlers;
pub mod model;
pub mod repo;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

/// The categories calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::show_all_categories))
        .routes(routes!(handlers::create_category))
        .routes(routes!(handlers::category_page_details))
        .routes(routes!(handlers::category_page_details_by_path))
}
