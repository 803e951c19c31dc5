//! API tokens (docs/rules.md#api-tokens): the named, scoped secrets a company's owner or recruiter
//! makes in Settings for scripts and other software, listed with when each was made, last used and
//! expires, and revoked at once. Calls made with a token are authenticated by
//! `accounts::session`, and the calls each scope opens are named in the OpenAPI document
//! (`http::scopes`).

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub mod handlers;
pub mod model;
pub mod repo;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::api_tokens, handlers::create_api_token))
        .routes(routes!(handlers::revoke_api_token))
}
