//! The admin console (docs/rules.md#admin): for accounts made with `jobportal create-admin`. Categories
//! (rename, describe, hide, delete when empty), jobs (find any, hide with a reason mailed to the
//! recruiter, unhide), accounts (find by e-mail, suspend with a reason, reinstate), an overview,
//! and the audit log every one of those actions is written to (`crate::audit`). Every call takes
//! the `Admin` extractor: anyone else is refused 403 before any work is done.

pub mod emails;
pub mod handlers;
pub mod model;
pub mod repo;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

/// The admin calls, each registered with its OpenAPI description.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<Listings>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::overview))
        .routes(routes!(handlers::categories))
        .routes(routes!(handlers::update_category, handlers::delete_category))
        .routes(routes!(handlers::hide_category))
        .routes(routes!(handlers::unhide_category))
        .routes(routes!(handlers::jobs))
        .routes(routes!(handlers::hide_job))
        .routes(routes!(handlers::unhide_job))
        .routes(routes!(handlers::accounts))
        .routes(routes!(handlers::suspend_account))
        .routes(routes!(handlers::reinstate_account))
        .routes(routes!(handlers::companies))
        .routes(routes!(handlers::rename_company))
        .routes(routes!(handlers::verify_company))
        .routes(routes!(handlers::unverify_company))
        .routes(routes!(handlers::suspend_company))
        .routes(routes!(handlers::reinstate_company))
        .routes(routes!(handlers::audit_log))
}
