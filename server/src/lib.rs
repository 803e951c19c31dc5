//! jobportal: the job board's server. `run` is the one entry that `main` and the tests share.

pub mod categories;
pub mod config;
pub mod db;
pub mod error;
pub mod jobs;
mod openapi;
mod site;
pub mod telemetry;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{any, get};
use axum::serve::ListenerExt;
use serde::Serialize;
use tokio::net::TcpListener;
use tower::Layer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::normalize_path::NormalizePathLayer;
use utoipa::ToSchema;

use crate::config::Config;
use crate::db::Db;
use crate::error::{AppError, ErrorBody};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot create DATA_DIR {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("cannot open the database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// Opens the configured database, migrates it and seeds the landing categories when empty.
pub async fn prepare(config: &Config) -> Result<Db, StartError> {
    std::fs::create_dir_all(&config.data_dir).map_err(|source| StartError::DataDir {
        path: config.data_dir.display().to_string(),
        source,
    })?;
    let db = Db::connect(&config.database).await?;
    db.migrate().await?;
    if categories::repo::seed_when_empty(&db).await? {
        tracing::info!("seeded the landing categories");
    }
    Ok(db)
}

/// Prepares the database and serves until `shutdown` completes.
pub async fn run(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartError> {
    let db = prepare(&config).await?;
    let state = AppState { db: db.clone(), config: Arc::new(config) };
    serve(state, listener, shutdown).await.map_err(|error| StartError::Database(sqlx::Error::Io(error)))?;
    db.close().await;
    Ok(())
}

/// Serves the whole product on `listener` until `shutdown` completes, then lets open requests end.
pub async fn serve(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = NormalizePathLayer::trim_trailing_slash().layer(router(state));
    // Without TCP_NODELAY a keep-alive connection waits on Nagle's algorithm for every response.
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    axum::serve(listener, axum::ServiceExt::<Request>::into_make_service(app))
        .with_graceful_shutdown(shutdown)
        .await
}

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(categories::router())
        .merge(jobs::router())
        .route("/openapi.json", get(openapi::document))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed);

    let mut app = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .nest("/api/v1", api)
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .fallback_service(site::service(&state.config.web_dir))
        .layer(telemetry::request_trace_layer())
        .layer(CompressionLayer::new());
    if !state.config.cors_origins.is_empty() {
        app = app.layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::list(state.config.cors_origins.clone()))
                .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE]),
        );
    }
    app.with_state(state)
}

async fn api_not_found() -> AppError {
    AppError::not_found("Not found")
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed("Method not allowed".into())
}

/// The plain success envelope.
#[derive(Serialize, ToSchema)]
pub struct Ack {
    pub success: bool,
    pub message: String,
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "operation",
    responses((status = 200, description = "The server is up", body = Ack)))]
async fn healthz() -> Json<Ack> {
    Json(Ack { success: true, message: "ok".into() })
}

/// Readiness: the database answers within two seconds.
#[utoipa::path(get, path = "/readyz", tag = "operation",
    responses(
        (status = 200, description = "Ready to serve", body = Ack),
        (status = 503, description = "The database is unreachable", body = ErrorBody),
    ))]
async fn readyz(State(state): State<AppState>) -> Response {
    match tokio::time::timeout(Duration::from_secs(2), state.db.ping()).await {
        Ok(Ok(())) => Json(Ack { success: true, message: "ready".into() }).into_response(),
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
