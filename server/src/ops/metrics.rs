//! Metrics for operators (docs/operations.md#metrics), in Prometheus' text format on a listener of
//! their own (`METRICS_ADDR`), never on the public one.
//!
//! Counted as they happen: requests by route template, method and status, with their latency
//! (`jobportal_http_*`); password hashes refused (`jobportal_password_hash_refused_total`); mail
//! delivered and failed attempts; alerts sent; connections open and those closed to make room for
//! new ones (`connections`). Read when scraped, from this instance and its
//! database: the pool's size, connections in use and how long taking one takes; the outbox's depth
//! and the age of its oldest unsent mail; the search index's lag and document count; the hash
//! queue; the process's resident memory and open-files limit.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

use crate::app::App;
use crate::db::now_millis;
use crate::dispatch;

/// Latency buckets (seconds): from a cached page to a slow upload.
const LATENCY_BUCKETS: [f64; 12] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process's recorder once (later calls share it) and returns its handle. Until it
/// is installed, the counters cost nothing: they go to the facade's no-op recorder.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &LATENCY_BUCKETS)
                .expect("the buckets are not empty")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder already installed (never in this program) leaves this one unused.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

/// The route template a request matched, kept on its response for `record`.
#[derive(Clone)]
struct Route(MatchedPath);

/// Inside the router: hands the matched route template to `record`, outside it.
pub async fn mark_route(request: Request, next: Next) -> Response {
    if HANDLE.get().is_none() {
        return next.run(request).await;
    }
    let route = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(Route(route));
    }
    response
}

/// Outermost: counts every request by its route template (`site` for the web app's pages and
/// files, which have none, and `/api (no such call)` for an API path nothing answers), method and
/// status, with its latency.
pub async fn record(request: Request, next: Next) -> Response {
    if HANDLE.get().is_none() {
        return next.run(request).await;
    }
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let unmatched = if request.uri().path().starts_with("/api") { "/api (no such call)" } else { "site" };
    let response = next.run(request).await;
    let route = response.extensions().get::<Route>().map_or(unmatched, |route| route.0.as_str()).to_owned();
    observe(method.into(), route.into(), response.status(), started);
    response
}

/// Counts a request answered before the stack (`kept`), as `record` counts the others.
pub fn count(method: &'static str, route: &'static str, status: axum::http::StatusCode, started: Instant) {
    if HANDLE.get().is_some() {
        observe(method.into(), route.into(), status, started);
    }
}

/// A request's count and latency, by method, route and status.
fn observe(
    method: metrics::SharedString,
    route: metrics::SharedString,
    status: axum::http::StatusCode,
    started: Instant,
) {
    let status: metrics::SharedString = match status.as_u16() {
        200 => "200".into(),
        404 => "404".into(),
        410 => "410".into(),
        other => other.to_string().into(),
    };
    metrics::histogram!("jobportal_http_request_duration_seconds", "method" => method.clone(), "route" => route.clone())
        .record(started.elapsed().as_secs_f64());
    metrics::counter!("jobportal_http_requests_total", "method" => method, "route" => route, "status" => status)
        .increment(1);
}

/// Serves `/metrics` on `listener` until `stopped` turns true.
pub async fn serve(app: App, listener: TcpListener, mut stopped: tokio::sync::watch::Receiver<bool>) {
    let router = Router::new().route("/metrics", get(scrape)).with_state(app);
    let stop = async move {
        let _ = stopped.wait_for(|stopped| *stopped).await;
    };
    if let Err(error) = axum::serve(listener, router).with_graceful_shutdown(stop).await {
        tracing::error!(%error, "the metrics listener failed");
    }
}

/// Binds `METRICS_ADDR`.
pub async fn bind(address: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(address).await
}

/// The metrics, with the figures read at scrape time brought up to date first.
async fn scrape(State(app): State<App>) -> Response {
    let handle = install();
    if let Err(error) = tokio::time::timeout(Duration::from_secs(5), read_gauges(&app))
        .await
        .unwrap_or_else(|_| Err(sqlx::Error::PoolTimedOut))
    {
        tracing::warn!(%error, "could not read the database's figures for the metrics");
        metrics::counter!("jobportal_metrics_read_errors_total").increment(1);
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render()).into_response()
}

async fn read_gauges(app: &App) -> Result<(), sqlx::Error> {
    let state = &app.state;
    let (size, idle) = dispatch!(&state.db, |pool| (pool.size(), pool.num_idle()));
    metrics::gauge!("jobportal_db_pool_connections").set(f64::from(size));
    metrics::gauge!("jobportal_db_pool_in_use").set(size.saturating_sub(idle as u32) as f64);
    let started = Instant::now();
    dispatch!(&state.db, |pool| pool.acquire().await.map(drop))?;
    metrics::gauge!("jobportal_db_pool_acquire_seconds").set(started.elapsed().as_secs_f64());

    let (depth, oldest) = crate::mail::repo::backlog(&state.db).await?;
    metrics::gauge!("jobportal_outbox_unsent").set(depth as f64);
    let age = oldest.map_or(0, |created| (now_millis() - created).max(0));
    metrics::gauge!("jobportal_outbox_oldest_unsent_seconds").set(age as f64 / 1000.0);

    // With SEARCH_INDEX=off there is no index to report.
    if app.listings.search.status() != "off" {
        search_index(app).await?;
    }
    metrics::gauge!("jobportal_password_hash_waiting").set(state.hasher.waiting() as f64);
    let (jobs, bytes) = app.listings.cache.usage();
    metrics::gauge!("jobportal_job_cache_jobs").set(jobs as f64);
    metrics::gauge!("jobportal_job_cache_bytes").set(bytes as f64);
    let (written, transactions) = app.applications.written();
    metrics::counter!("jobportal_applications_written_total").absolute(written);
    metrics::counter!("jobportal_application_transactions_total").absolute(transactions);
    metrics::counter!("jobportal_http_answered_before_stack_total")
        .absolute(state.before_stack.load(std::sync::atomic::Ordering::Relaxed));
    metrics::gauge!("jobportal_application_writer_busy_seconds").set(app.applications.busy().as_secs_f64());
    if let Some(bytes) = resident_memory() {
        metrics::gauge!("process_resident_memory_bytes").set(bytes as f64);
    }
    if let Some(limit) = open_files_limit() {
        metrics::gauge!("process_open_files_limit").set(limit as f64);
    }
    Ok(())
}

/// The search index's position in the change log, its lag and its size.
async fn search_index(app: &App) -> Result<(), sqlx::Error> {
    let (db, search) = (&app.state.db, &app.listings.search);
    let (applied, written) = search.positions(db).await?;
    metrics::gauge!("jobportal_search_index_applied_change").set(applied as f64);
    metrics::gauge!("jobportal_search_index_newest_change").set(written as f64);
    metrics::gauge!("jobportal_search_index_lag_changes").set((written - applied).max(0) as f64);
    let lag = search.lag(db).await?;
    metrics::gauge!("jobportal_search_index_lag_seconds").set(lag as f64 / 1000.0);
    metrics::gauge!("jobportal_search_index_documents").set(search.index.len() as f64);
    Ok(())
}

/// The process's open-files limit (the soft one, which the server raised to the hard one at start).
fn open_files_limit() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct it is given.
    (unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0).then_some(limit.rlim_cur)
}

/// The process's resident memory in bytes (Linux's /proc; `None` elsewhere).
fn resident_memory() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page_size).ok()?)
}
