//! The registry: every call the server answers, each registered once with its OpenAPI
//! description (utoipa-axum's `routes!`), and the OpenAPI document made from those registrations,
//! served at `/api/v1/openapi.json` and kept as a snapshot in `server/openapi.json`.

use std::sync::LazyLock;
use std::time::Duration;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{Ack, Reply, ack, ok};
use crate::error::{self, ErrorBody};
use crate::state::AppState;
use crate::{accounts, admin, alerts, applications, categories, jobs, openapi, profiles, recommendations, saved};

/// Every call under `/api/v1`, each registered once, with its OpenAPI description, by its feature.
/// The document at `/api/v1/openapi.json` is made from these same registrations (`openapi_json`).
pub fn api_routes(max_resume_bytes: u64) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(applications::router())
        .merge(categories::router())
        .merge(jobs::router())
        .merge(profiles::router(max_resume_bytes))
        .merge(saved::router())
        .merge(alerts::router())
        .merge(recommendations::router())
        .merge(admin::router())
        .routes(routes!(document))
}

/// Liveness and readiness, beside the API at the root.
pub fn operation_routes() -> OpenApiRouter<AppState> {
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

/// Readiness: the database answers within two seconds (the server answers searches while its
/// index is built, so `searchIndex` is reported, not waited for).
#[utoipa::path(get, path = "/readyz", tag = "operation",
    responses(
        (status = 200, description = "Ready to serve", body = Readiness),
        (status = 503, description = "The database is unreachable", body = ErrorBody),
    ))]
pub async fn readyz(State(state): State<AppState>) -> Response {
    match tokio::time::timeout(Duration::from_secs(2), state.db.ping()).await {
        Ok(Ok(())) => ok("ready", Readiness { search_index: state.search_index.status().into() }).into_response(),
        Ok(Err(error)) => {
            tracing::warn!(%error, "readiness check failed");
            unavailable()
        }
        Err(_) => {
            tracing::warn!("readiness check timed out");
            unavailable()
        }
    }
}

fn unavailable() -> Response {
    let body = ErrorBody { success: false, message: error::UNAVAILABLE_MESSAGE.into() };
    (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
}
