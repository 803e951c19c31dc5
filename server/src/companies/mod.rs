//! Companies: a company's public profile and logo, and its team: the people who hire for it
//! (docs/rules.md#companies).

pub mod handlers;
pub mod logo;
pub mod model;
pub mod repo;
pub mod team;

use axum::extract::{DefaultBodyLimit, FromRef};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::jobs::Listings;
use crate::state::AppState;

/// Room for the multipart framing around a logo of the largest allowed size.
const MULTIPART_OVERHEAD: usize = 64 * 1024;

/// The companies' calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    std::sync::Arc<Listings>: FromRef<S>,
{
    let upload = OpenApiRouter::new()
        .routes(routes!(logo::upload_logo, logo::remove_logo))
        .layer(DefaultBodyLimit::max(logo::MAX_LOGO_BYTES + MULTIPART_OVERHEAD));
    OpenApiRouter::new()
        .routes(routes!(handlers::company_profile))
        .routes(routes!(handlers::my_company, handlers::update_company))
        .routes(routes!(logo::company_logo))
        .routes(routes!(team::team))
        .routes(routes!(team::set_role, team::remove_member))
        .routes(routes!(team::invitations, team::invite))
        .routes(routes!(team::revoke_invitation))
        .routes(routes!(team::invitation))
        .routes(routes!(team::accept_invitation))
        .routes(routes!(team::company_jobs))
        .routes(routes!(team::job_team, team::set_job_team))
        .merge(upload)
}
