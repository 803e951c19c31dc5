//! jobportal: the job board's server. `run` is the one entry that `main` and the tests share.

pub mod accounts;
pub mod admin;
pub mod alerts;
pub mod allocator;
pub mod app;
pub mod applications;
pub mod audit;
pub mod categories;
pub mod companies;
pub mod config;
pub mod db;
mod front;
pub mod http;
pub mod hub;
pub mod interviews;
pub mod jobs;
pub mod mail;
pub mod membership;
pub mod messages;
pub mod notifications;
mod openapi;
pub mod ops;
pub mod privacy;
pub mod profiles;
pub mod push;
pub mod recommendations;
pub mod routes;
pub mod saved;
pub mod secrets;
mod site;
pub mod state;
pub mod storage;
pub mod tokens;
pub mod vapid;
pub mod webhooks;

use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{Method, header};
use axum::routing::any;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tower::Layer;
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::normalize_path::NormalizePathLayer;

pub use crate::app::App;
use crate::config::Config;
use crate::db::Db;
use crate::front::{connections, kept};
use crate::http::carried::{Carried, EVERY_ANSWER};
use crate::http::error::{self, AppError};
use crate::http::throttle::Limit;
use crate::http::{compress, security, telemetry};
use crate::mail::{MailSetupError, Outbox, Transport};
use crate::ops::{metrics, retention};
use crate::secrets::Keys;
pub use crate::state::AppState;
use crate::state::{BACKGROUND_TASKS, Throttles};
use crate::storage::{Storage, StorageSetupError};

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot create DATA_DIR {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("cannot open the database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("cannot read the JWT secret in DATA_DIR: {0}")]
    Secret(std::io::Error),
    #[error("{0}")]
    Mail(#[from] MailSetupError),
    #[error("{0}")]
    Vapid(#[from] vapid::BadKey),
    #[error("{0}")]
    Storage(#[from] StorageSetupError),
    #[error("cannot open the search index in INDEX_DIR: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("cannot serve: {0}")]
    Serve(std::io::Error),
}

/// Opens the configured database, migrates it, seeds the landing categories when empty, and sets
/// up the signing keys and the mail outbox.
pub async fn prepare(config: Config) -> Result<App, StartError> {
    let db = open_database(&config).await?;
    let adopted = membership::repo::adopt_recruiters(&db).await?;
    if adopted > 0 {
        tracing::info!(adopted, "recruiters of no company given one of their own");
    }
    let secret = match &config.jwt_secret {
        Some(secret) => secret.expose_secret().to_string(),
        None => {
            // An install from before the key lived in the database keeps the key of its DATA_DIR
            // (and so its sessions and links); else a new one.
            let candidate =
                secret_in(&config.data_dir).map_err(StartError::Secret)?.unwrap_or_else(|| secrets::random_hex(32));
            accounts::repo::signing_secret(&db, &candidate).await?
        }
    };
    let vapid_secret = match &config.vapid_private_key {
        Some(key) => key.expose_secret().to_string(),
        None => accounts::repo::server_secret(&db, "vapid", &vapid::Vapid::generate()).await?,
    };
    let vapid = Arc::new(vapid::Vapid::from_secret(&vapid_secret, config.vapid_subject.clone())?);
    let transport =
        Transport::new(config.smtp_url.as_ref().map(ExposeSecret::expose_secret), config.data_dir.join("outbox"))?;
    let outbox = Outbox::new(&db, transport, &config.mail_from)?;
    let storage = Storage::new(config.storage_url.as_deref(), &config.s3_settings, &config.data_dir).await?;
    let limits = Throttles {
        login_failures: Limit::new(&db, "login", config.limits.login_failures, Duration::from_secs(15 * 60)),
        code_requests: Limit::new(
            &db,
            "codes",
            config.limits.code_requests_per_client_per_hour,
            Duration::from_secs(60 * 60),
        ),
        api_tokens: Limit::new(&db, "api_token", config.limits.api_token_requests_per_minute, Duration::from_secs(60)),
    };
    let search =
        if config.search_index { jobs::search::Search::open(&config.index_dir)? } else { jobs::search::Search::off()? };
    // The decoy hash that evens out login timing is made now, not during the first login.
    tokio::task::spawn_blocking(secrets::warm_up);
    let listings = jobs::Listings { search, cache: jobs::cache::JobCache::new(config.limits.job_cache_bytes) };
    let applications = applications::group::Applications::new(&db);
    let state = AppState::from(state::Shared {
        db,
        keys: Arc::new(Keys::new(secret.as_bytes())),
        vapid,
        outbox,
        limits: Arc::new(limits),
        call_scopes: Arc::new(http::scopes::CallScopes::from_document(&routes::openapi())),
        storage,
        hasher: Arc::new(secrets::Hasher::new(
            config.limits.hash_concurrency,
            config.limits.hash_queue,
            config.limits.hash_per_client,
        )),
        background: Arc::new(tokio::sync::Semaphore::new(BACKGROUND_TASKS)),
        notifications: Arc::new(hub::Hub::default()),
        stopping: Arc::new(tokio::sync::watch::Sender::new(false)),
        before_stack: Default::default(),
        applications_closed: Default::default(),
        resume_uploaded: Default::default(),
        resumes_read: tokio::sync::watch::Sender::new(0),
        config: Arc::new(config),
    });
    Ok(App::new(state, listings, applications))
}

/// Opens the configured database, migrates it and seeds the landing categories when empty: all
/// that the commands beside `serve` need (they leave the search index to the running server,
/// which holds its lock).
pub async fn open_database(config: &Config) -> Result<Db, StartError> {
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|source| StartError::DataDir { path: config.data_dir.display().to_string(), source })?;
    let db = Db::connect(&config.database).await?;
    db.migrate().await?;
    if categories::repo::seed_when_empty(&db).await? {
        tracing::info!("seeded the landing categories");
    }
    Ok(db)
}

/// The signing secret an earlier version kept in `DATA_DIR/jwt_secret`, if there is one.
fn secret_in(data_dir: &Path) -> std::io::Result<Option<String>> {
    let path = data_dir.join("jwt_secret");
    match std::fs::read_to_string(&path) {
        Ok(secret) if secret.trim().len() >= 32 => Ok(Some(secret.trim().to_string())),
        Ok(_) => Err(std::io::Error::other(format!("{} holds fewer than 32 characters", path.display()))),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Prepares the database and serves until `shutdown` completes.
pub async fn run(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartError> {
    let app = prepare(config).await?;
    let db = app.state.db.clone();
    serve(app, listener, shutdown).await.map_err(StartError::Serve)?;
    db.close().await;
    Ok(())
}

/// Serves the whole product on `listener` until `shutdown` completes, then lets open requests end.
/// The mail worker runs alongside and stops with it.
pub async fn serve(
    app: App,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = &app.state;
    let metrics_listener = match state.config.metrics_addr {
        Some(address) => {
            metrics::install();
            Some(metrics::bind(address).await?)
        }
        None => None,
    };
    let (stop_mail, mail_stopped) = tokio::sync::watch::channel(false);
    let metrics_served = metrics_listener.map(|listener| {
        tracing::info!(address = %listener.local_addr().map_or_else(|_| "?".into(), |a| a.to_string()), "serving metrics");
        tokio::spawn(metrics::serve(app.clone(), listener, mail_stopped.clone()))
    });
    let mail_worker = tokio::spawn(state.outbox.clone().run(mail_stopped.clone()));
    let pusher = push::Pusher::new(state.outbox.books(), state.vapid.clone(), state.config.outbound_private);
    let push_worker = tokio::spawn(pusher.run(mail_stopped.clone()));
    let webhook_sender = webhooks::sender::Sender::new(
        state.outbox.books(),
        state.config.outbound_private,
        state.config.limits.webhook_timeout,
        &state.config.public_url,
    );
    let webhook_worker = tokio::spawn(webhook_sender.run(mail_stopped.clone()));
    let alerts = tokio::spawn(alerts::worker::run(state.clone(), app.listings.search.clone(), mail_stopped.clone()));
    let closing = tokio::spawn(notifications::closing::run(state.clone(), mail_stopped.clone()));
    let reminders = tokio::spawn(interviews::reminders::run(state.clone(), mail_stopped.clone()));
    let retention = tokio::spawn(retention::run(state.clone(), mail_stopped.clone()));
    let resume_texts = tokio::spawn(profiles::resume_text::run(state.clone(), mail_stopped.clone()));
    let listening = tokio::spawn(state.notifications.clone().run(state.db.clone(), mail_stopped.clone()));
    let job_cache = tokio::spawn(app.listings.cache.clone().run(state.db.clone(), mail_stopped.clone()));
    let indexer = tokio::spawn(app.listings.search.clone().run(state.db.clone(), mail_stopped));
    let open_files = connections::tune_process();
    let configured = &state.config.limits;
    // Each connection is one open file; keep a quarter of the limit for the database, resumes
    // and the mail outbox.
    let max_connections = configured.max_connections.min((open_files.saturating_mul(3) / 4).max(1) as usize);
    let limits = connections::ConnectionLimits {
        max_connections,
        max_connections_per_client: configured.max_connections_per_client,
        header_timeout: configured.header_timeout,
        request_timeout: configured.request_timeout,
        grace: configured.shutdown_grace,
    };
    // Told to stop: say so to the load balancer's checks, keep serving for the drain time, then
    // stop accepting and let the requests in flight end.
    let shutdown = {
        let (stopping, drain) = (state.stopping.clone(), configured.shutdown_drain);
        async move {
            shutdown.await;
            stopping.send_replace(true);
            tracing::info!(
                drain_secs = drain.as_secs(),
                "stopping: /readyz answers 503 while the balancer takes this instance out"
            );
            tokio::time::sleep(drain).await;
        }
    };
    let trusted_proxies: Arc<[ipnet::IpNet]> = state.config.trusted_proxies.clone().into();
    let (router, kept) = stack(app.clone());
    let router = NormalizePathLayer::trim_trailing_slash().layer(router);
    let served = connections::serve(listener, router, Arc::new(kept), limits, trusted_proxies, shutdown).await;
    let _ = stop_mail.send(true);
    let _ = mail_worker.await;
    let _ = push_worker.await;
    let _ = webhook_worker.await;
    let _ = alerts.await;
    let _ = closing.await;
    let _ = reminders.await;
    let _ = retention.await;
    // A resume being read is dropped with its child process; its claim lapses and it is read again.
    resume_texts.abort();
    if let Some(metrics_served) = metrics_served {
        let _ = metrics_served.await;
    }
    let _ = listening.await;
    let _ = job_cache.await;
    // A first build of the index may be long: it is dropped, not awaited (nothing is lost; the
    // next start builds again, since no cursor was saved).
    indexer.abort();
    let _ = indexer.await;
    served
}

/// The whole product's router, and the answers it keeps in memory that are sent before it
/// (`kept`), with the headers its layers would add.
fn stack(app: App) -> (Router, kept::Kept) {
    let state = &app.state;
    let (api, _) = routes::api_routes(state.config.max_resume_bytes).split_for_parts();
    let api = api
        .route_layer(axum::middleware::from_fn(metrics::mark_route))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn(error::reject_nul));
    let (operation, _) = routes::operation_routes().split_for_parts();
    let (site, held) = site::service(state, &app.listings);

    let operation = operation.route_layer(axum::middleware::from_fn(metrics::mark_route));
    let mut router = operation
        .nest("/api/v1", api)
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .fallback_service(site);
    let headers = security::SecurityHeaders::new(&state.config.public_url);
    let kept = kept::Kept::new(held, state.clone(), app.listings.clone(), headers.clone());
    // Innermost first: the list is in the order a request meets it.
    for carried in EVERY_ANSWER.into_iter().rev() {
        router = match carried {
            // The site's service sets it on the answers it makes (`site::cache_policy`).
            Carried::CachePolicy => router,
            Carried::LogLine => router.layer(telemetry::request_trace_layer()),
            // Outside the trace layer, so the request's span has its id.
            Carried::RequestId => router.layer(axum::middleware::from_fn(telemetry::request_id)),
            // Answers held whole in memory are compressed in one pass (http/compress.rs); what
            // streams (files) by tower-http's layer. Brotli's default is its slowest setting; level 4
            // compresses well at a fraction of the cost.
            Carried::Compression => router.layer(axum::middleware::from_fn(compress::in_memory)).layer(
                CompressionLayer::new().quality(CompressionLevel::Precise(4)).compress_when(compress::streaming()),
            ),
            Carried::SecurityHeaders => {
                router.layer(axum::middleware::from_fn_with_state(headers.clone(), security::add_headers))
            }
            Carried::Cors if state.config.cors_origins.is_empty() => router,
            Carried::Cors => router.layer(
                CorsLayer::new()
                    .allow_origin(AllowOrigin::list(state.config.cors_origins.clone()))
                    .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                    .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE]),
            ),
            // Outermost, so a request's latency is all the time it took.
            Carried::Metrics => router.layer(axum::middleware::from_fn(metrics::record)),
        };
    }
    (router.with_state(app), kept)
}

async fn api_not_found() -> AppError {
    AppError::not_found("Not found")
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed("Method not allowed".into())
}
