//! Structured logs: env-filtered (`RUST_LOG`), JSON when `LOG_FORMAT=json`, one span per request
//! keyed by its matched route.

use axum::extract::{MatchedPath, Request};
use tower_http::classify::{ServerErrorsAsFailures, SharedClassifier};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::{Level, Span};
use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|format| format.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

type MakeSpan = fn(&Request) -> Span;

pub fn request_trace_layer() -> TraceLayer<SharedClassifier<ServerErrorsAsFailures>, MakeSpan, (), DefaultOnResponse> {
    TraceLayer::new_for_http()
        .make_span_with(request_span as MakeSpan)
        .on_request(())
        .on_response(DefaultOnResponse::new().level(Level::INFO))
}

fn request_span(request: &Request) -> Span {
    let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str);
    tracing::info_span!(
        "request",
        method = %request.method(),
        route = route.unwrap_or("-"),
        path = %request.uri().path(),
    )
}
