//! Structured logs: env-filtered (`RUST_LOG`), JSON when `LOG_FORMAT=json`, one span per request
//! keyed by its matched route and its request id, so every line a request logs names both. The data
//! layer's functions open spans of their own (`#[instrument(skip_all)]`), so a line logged there
//! says which call it came from too.

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
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
    let id = request.headers().get(&REQUEST_ID).and_then(|id| id.to_str().ok());
    let client = request.extensions().get::<crate::http::client::ClientAddr>().map(|client| client.0);
    span(id.unwrap_or("-"), client, request.method().as_str(), route.unwrap_or("-"), request.uri().path())
}

fn span(id: &str, client: Option<std::net::IpAddr>, method: &str, route: &str, path: &str) -> Span {
    tracing::info_span!("request", id, client = client.map(tracing::field::display), method = %method, route, path = %path)
}

/// The line the trace layer logs when a request is answered, for a GET answered before the stack
/// (`kept`): the same span, fields and words. `route` is the template the router matched, `-` for
/// the web app's pages and files (its fallback, which has none).
pub fn log_answered(
    id: &HeaderValue,
    client: crate::http::client::ClientAddr,
    route: &str,
    path: &str,
    status: axum::http::StatusCode,
    started: std::time::Instant,
) {
    if !tracing::enabled!(target: ANSWERED_TARGET, Level::INFO) {
        return;
    }
    let span = span(id.to_str().unwrap_or("-"), Some(client.0), "GET", route, path);
    let latency = format!("{} ms", started.elapsed().as_millis());
    tracing::info!(target: ANSWERED_TARGET, parent: &span, latency = %latency, status = i32::from(status.as_u16()), "finished processing request");
}

/// The target of the trace layer's line for an answered request.
const ANSWERED_TARGET: &str = "tower_http::trace::on_response";

pub static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// An id the load balancer gave the request is kept when it looks like one (1 to 64 letters,
/// digits, `-` and `_`), so its log and ours name the same request; anything else is replaced.
fn plausible_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// Gives every request an id (a new UUID unless the load balancer's is kept), which the request's
/// span carries onto every line it logs and the response returns in `X-Request-Id`, so a person
/// reporting a failure can quote it.
pub async fn request_id(mut request: Request, next: Next) -> Response {
    let id = given_or_new_id(request.headers());
    request.headers_mut().insert(REQUEST_ID.clone(), id.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(REQUEST_ID.clone(), id);
    response
}

/// The id a request with `headers` goes by: its own when plausible, else a new one.
pub fn given_or_new_id(headers: &axum::http::HeaderMap) -> HeaderValue {
    let given = headers.get(&REQUEST_ID).and_then(|id| id.to_str().ok()).filter(|id| plausible_id(id));
    match given {
        Some(id) => HeaderValue::from_str(id).expect("a plausible id is a header value"),
        None => new_id(),
    }
}

/// A new request id: a UUID v7 (the time in milliseconds, then random bits) whose random bits come
/// from the thread's own generator, not the system's (`Uuid::now_v7` asks the kernel for them, a
/// system call on every request, a visible share of the time a static page takes). An id names a
/// request in the logs and is no secret, so it needs no randomness an attacker cannot guess.
fn new_id() -> HeaderValue {
    let millis =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_millis());
    let random: [u8; 10] = fastrand::u128(..).to_le_bytes()[..10].try_into().expect("ten of sixteen bytes");
    let id = uuid::Builder::from_unix_timestamp_millis(millis as u64, &random).into_uuid();
    HeaderValue::from_str(id.hyphenated().encode_lower(&mut uuid::Uuid::encode_buffer()))
        .expect("a UUID is a header value")
}

#[cfg(test)]
mod tests {
    use super::{new_id, plausible_id};

    #[test]
    fn a_new_request_id_is_a_uuid_v7_of_now_and_differs_from_the_last() {
        let before = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
        let (first, second) = (new_id(), new_id());
        let parsed = uuid::Uuid::parse_str(first.to_str().unwrap()).unwrap();
        assert_eq!(parsed.get_version_num(), 7);
        let (seconds, nanos) = parsed.get_timestamp().unwrap().to_unix();
        let millis = seconds * 1000 + u64::from(nanos) / 1_000_000;
        assert!(millis >= before && millis < before + 60_000, "{millis} against {before}");
        assert_ne!(first, second);
        assert!(plausible_id(first.to_str().unwrap()));
    }

    #[test]
    fn a_request_id_from_outside_is_kept_only_when_it_looks_like_one() {
        assert!(plausible_id("0193a4f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"));
        assert!(plausible_id("nginx_5f2c"));
        assert!(!plausible_id(""));
        assert!(!plausible_id(&"a".repeat(65)));
        assert!(!plausible_id("id with spaces"));
        assert!(!plausible_id("line\nbreak"));
    }
}
