//! The registry: every call the server answers, each registered once with its OpenAPI
//! description (utoipa-axum's `routes!`), and the OpenAPI document made from those registrations,
//! served at `/api/v1/openapi.json` and kept as a snapshot in `server/openapi.json`.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::App;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{self, ErrorBody};
use crate::jobs::Listings;
use crate::state::AppState;
use crate::{
    accounts, admin, alerts, applications, categories, companies, interviews, jobs, messages, notifications, openapi,
    privacy, profiles, push, recommendations, saved, tokens, webhooks,
};

/// Every call under `/api/v1`, each registered once, with its OpenAPI description, by its feature.
/// The document at `/api/v1/openapi.json` is made from these same registrations (`openapi_json`).
pub fn api_routes(max_resume_bytes: u64) -> OpenApiRouter<App> {
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(applications::router())
        .merge(messages::router())
        .merge(interviews::router())
        .merge(notifications::router())
        .merge(push::router())
        .merge(categories::router())
        .merge(companies::router())
        .merge(jobs::router())
        .merge(profiles::router(max_resume_bytes))
        .merge(saved::router())
        .merge(alerts::router())
        .merge(recommendations::router())
        .merge(admin::router())
        .merge(privacy::router())
        .merge(tokens::router())
        .merge(webhooks::router())
        .routes(routes!(document))
}

/// Liveness and readiness, beside the API at the root.
pub fn operation_routes() -> OpenApiRouter<App> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

/// The whole document, made from the registered routes.
pub fn openapi() -> utoipa::openapi::OpenApi {
    openapi::assemble(operation_routes().into_openapi(), api_routes(0).into_openapi())
}

/// The document as served and as snapshotted: pretty JSON with a final newline.
pub fn openapi_json() -> String {
    let mut json = openapi().to_pretty_json().expect("the OpenAPI document serializes");
    json.push('\n');
    json
}

static DOCUMENT: LazyLock<String> = LazyLock::new(openapi_json);

/// This document.
#[utoipa::path(get, path = "/openapi.json", tag = "operation",
    responses((status = 200, description = "The OpenAPI document of this API", content_type = "application/json", body = Object)))]
pub async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str())
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "operation",
    responses((status = 200, description = "The server is up", body = Ack)))]
pub async fn healthz() -> Reply<Ack> {
    ack("ok")
}

/// Readiness, and whether searches go through the index yet.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready`; `building` while the index is first built from the database (searches are answered
    /// by the database meanwhile, without facets); `off` with `SEARCH_INDEX=off`.
    pub search_index: String,
}

/// Readiness: this instance can serve correctly, so a load balancer may send it requests. The
/// database answers within two seconds, every migration this binary embeds is applied, and the
/// search index is at most `INDEX_LAG_LIMIT_MILLIS` behind the change log (while it is first built
/// the database answers searches, so `searchIndex` is reported, not waited for).
#[utoipa::path(get, path = "/readyz", tag = "operation",
    responses(
        (status = 200, description = "Ready to serve", body = Readiness),
        (status = 503, description = "Not ready: the instance is stopping, the database is unreachable or its schema \
            is not this version's, or the search index is behind", body = ErrorBody),
    ))]
pub async fn readyz(State(state): State<AppState>, State(listings): State<Arc<Listings>>) -> Response {
    if *state.stopping.borrow() {
        return unavailable(STOPPING);
    }
    let checked = async {
        if !state.db.schema_current().await? {
            return Ok(Err(NOT_MIGRATED));
        }
        let lag = listings.search.lag(&state.db).await?;
        Ok::<_, sqlx::Error>(if lag > INDEX_LAG_LIMIT_MILLIS { Err(INDEX_BEHIND) } else { Ok(()) })
    };
    match tokio::time::timeout(Duration::from_secs(2), checked).await {
        Ok(Ok(Ok(()))) => ok("ready", Readiness { search_index: listings.search.status().into() }).into_response(),
        Ok(Ok(Err(reason))) => {
            tracing::warn!(reason, "not ready");
            unavailable(reason)
        }
        Ok(Err(error)) => {
            tracing::warn!(%error, "readiness check failed");
            unavailable(error::UNAVAILABLE_MESSAGE)
        }
        Err(_) => {
            tracing::warn!("readiness check timed out");
            unavailable(error::UNAVAILABLE_MESSAGE)
        }
    }
}

/// How far the search index may lag the change log before the instance is taken out of rotation.
pub const INDEX_LAG_LIMIT_MILLIS: i64 = 5_000;
pub const NOT_MIGRATED: &str = "The database's schema is not this version's";
pub const INDEX_BEHIND: &str = "The search index is behind";
pub const STOPPING: &str = "This instance is stopping";

fn unavailable(message: &str) -> Response {
    let body = ErrorBody { success: false, message: message.into(), removed: false };
    (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
}
