//! Answers kept in memory, sent as soon as a request's head is read, before it enters the stack of
//! layers every other request passes (docs/operations.md#answers-sent-before-the-stack): a kept
//! job's page and its `getJob` answer, the build's assets and the public screens' fixed pages.
//! Those are most of what a job board serves, and for them the stack (the router, the request
//! span, two compression layers, the security and cache headers, the request id, the metrics, the
//! request's timer) cost more than the answer.
//!
//! Each such answer carries what the stack would have given it: the same status, body, encoding
//! and `Vary`, the security headers (HSTS over HTTPS), the cache policy, the request id, the
//! request's count and latency in the metrics under the same route, and its line in the log. A
//! test compares both paths' answers header by header. Whatever is not certain to be answered
//! the same way goes through the stack as before: a job not kept (or not listed, whose answer is
//! an error), a query, any method but GET, a path the stack would first normalize, a cross-origin
//! request when CORS is on, or an `Accept-Encoding` that refuses something.
//!
//! Freshness is the job cache's: a job is answered here only while it is kept, and a write
//! forgets it (jobs/cache.rs) before the writer answers.

use std::time::Instant;

use axum::http::{HeaderMap, HeaderValue, Method, Request, header};
use axum::response::Response;

use crate::client::ClientAddr;
use crate::jobs::cache::Shown;
use crate::security::SecurityHeaders;
use crate::site;
use crate::state::AppState;

/// The route template `getJob` is counted under, as the router names it.
const GET_JOB_ROUTE: &str = "/api/v1/jobs/getJob/{jobId}";
const GET_JOB_PREFIX: &str = "/api/v1/jobs/getJob/";
/// The route the web app's pages and files are counted under (they have no template).
const SITE_ROUTE: &str = "site";
/// The longest id looked for (ids are UUIDs).
const MAX_ID: usize = 64;

pub struct Kept {
    site: site::Held,
    state: AppState,
    security: SecurityHeaders,
    /// Whether cross-origin requests are answered with CORS headers (by the stack).
    cors: bool,
}

impl Kept {
    pub fn new(site: site::Held, state: AppState, security: SecurityHeaders, cors: bool) -> Self {
        Self { site, state, security, cors }
    }

    /// The answer to `request` when it is kept and can go without the stack; `None` sends the
    /// request through the stack.
    pub fn answer<B>(&self, request: &Request<B>, client: ClientAddr, https: bool) -> Option<Response> {
        if request.method() != Method::GET || request.uri().query().is_some() || !plain_request(request.headers()) {
            return None;
        }
        if self.cors && request.headers().contains_key(header::ORIGIN) {
            return None;
        }
        let started = Instant::now();
        let (path, headers) = (request.uri().path(), request.headers());
        let (route, api, mut response) = if let Some(id) = path.strip_prefix(GET_JOB_PREFIX) {
            (GET_JOB_ROUTE, true, self.get_job(plain_id(id)?, headers)?)
        } else if let Some(id) = path.strip_prefix("/job/") {
            let cached = self.state.job_cache.kept(plain_id(id)?, crate::db::now_millis())?;
            (SITE_ROUTE, false, self.site.job_page(&cached, path, headers))
        } else if let Some(name) = path.strip_prefix("/assets/") {
            (SITE_ROUTE, false, self.site.asset(name, headers)?)
        } else {
            (SITE_ROUTE, false, self.site.fixed_page(path, headers)?)
        };
        let (id, status) = (crate::telemetry::given_or_new_id(headers), response.status());
        let answered = response.headers_mut();
        if !api && let Some(policy) = site::cache_policy(path.starts_with("/assets/"), status.is_success()) {
            answered.insert(header::CACHE_CONTROL, policy);
        }
        self.security.apply(api, answered);
        if https {
            crate::security::strict_transport(answered);
        }
        answered.insert(crate::telemetry::REQUEST_ID.clone(), id.clone());
        self.state.kept_answers.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        crate::metrics::count("GET", route, status, started);
        crate::telemetry::log_answered(&id, client, path, status, started);
        Some(response)
    }

    /// A kept, listed job's `getJob` answer (a deleted or hidden job's is the stack's error).
    fn get_job(&self, id: &str, headers: &HeaderMap) -> Option<Response> {
        let cached = self.state.job_cache.kept(id, crate::db::now_millis())?;
        (cached.shown == Shown::Listed).then(|| cached.api(crate::jobs::handlers::job_answer).answer(headers))
    }
}

/// An id as the router and the page both take it: no escapes to decode, no further segment.
fn plain_id(id: &str) -> Option<&str> {
    let plain = (1..=MAX_ID).contains(&id.len())
        && id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
    plain.then_some(id)
}

/// A request the stack's compression layer would answer with the encoding chosen here: one whose
/// `Accept-Encoding` names encodings with a weight above zero and nothing else (`q=0` and `*` can
/// refuse every encoding, which that layer answers 406).
fn plain_request(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().all(|value: &HeaderValue| {
        value.to_str().is_ok_and(|value| {
            value.split(',').all(|item| {
                let mut parts = item.split(';').map(str::trim);
                parts.next().is_some_and(|name| name != "*")
                    && parts.all(|part| {
                        part.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()).is_some_and(|q| q > 0.0)
                    })
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_ids_are_looked_for() {
        assert_eq!(plain_id("0193a4f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"), Some("0193a4f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"));
        assert_eq!(plain_id(""), None);
        assert_eq!(plain_id("abc/"), None, "a trailing slash is the stack's to trim");
        assert_eq!(plain_id("abc%2D"), None, "an escape is the router's to decode");
        assert_eq!(plain_id(&"a".repeat(65)), None);
    }

    #[test]
    fn an_encoding_refused_sends_the_request_through_the_stack() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            plain_request(&headers)
        };
        assert!(plain_request(&HeaderMap::new()));
        assert!(with("gzip, deflate, br, zstd"));
        assert!(with("gzip;q=1.0, br;q=0.9"));
        assert!(!with("identity;q=0"));
        assert!(!with("*;q=0.5"));
        assert!(!with("br;q=.0"));
        assert!(!with("gzip;level=1"), "a parameter not understood");
    }
}
