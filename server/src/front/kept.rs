//! Answers sent as soon as a request's head is read, before it enters the stack of layers every
//! other request passes (docs/operations.md#answers-sent-before-the-stack): a job's page and its
//! `getJob` answer, a company's page kept drawn, the build's assets and the public screens' fixed
//! pages. Those are most of what
//! a job board serves, and for them the stack (the router, the request span, two compression
//! layers, the security and cache headers, the request id, the metrics) cost more than the answer.
//! A job kept in memory is answered at once; one not kept is read first (with the others missed
//! meanwhile, `JobCache::find`), then answered the same way.
//!
//! Each such answer carries what the stack would have given it: the same status, body, encoding
//! and `Vary`, and each thing of the one list of what every answer carries (`http::carried`): the
//! security headers (HSTS over HTTPS), the cache policy, the request id, the request's count and
//! latency in the metrics under the same route, and its line in the log. A test compares both
//! paths' answers header by header. It exists only for speed: `FAST_PATHS=off` turns it off, and
//! every request goes through the stack. Whatever is not certain to be answered the
//! same way goes through the stack as before: an id no job has, a deleted or hidden job's `getJob`
//! (an error the stack writes), a read that failed, a query, any method but GET, a path the stack
//! would first normalize, a cross-origin request when CORS is on, or an `Accept-Encoding` that
//! refuses something.
//!
//! Freshness is the job cache's: a job is answered from memory only while it is kept, and a write
//! forgets it (jobs/cache.rs) before the writer answers.

use std::sync::Arc;
use std::time::Instant;

use axum::http::{HeaderMap, HeaderValue, Method, Request, header};
use axum::response::Response;

use crate::http::carried::{Carried, EVERY_ANSWER};
use crate::http::client::ClientAddr;
use crate::http::security::SecurityHeaders;
use crate::jobs::Listings;
use crate::jobs::cache::{Cached, Shown};
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
    listings: Arc<Listings>,
    security: SecurityHeaders,
    /// Whether cross-origin requests are answered with CORS headers (by the stack).
    cors: bool,
    /// `FAST_PATHS`: off sends every request through the stack.
    enabled: bool,
}

/// What becomes of a request at the door.
pub enum First {
    /// Answered from memory.
    Sent(Response),
    /// A job's page or `getJob` whose job is not kept: to be read (`Kept::read`) and answered, still
    /// before the stack.
    Read,
    /// Through the stack.
    Stack,
}

/// What a request that may be answered before the stack asks for.
enum Asked<'a> {
    JobApi(&'a str),
    JobPage(&'a str),
    Company(&'a str),
    Asset(&'a str),
    Fixed,
}

impl Kept {
    pub fn new(site: site::Held, state: AppState, listings: Arc<Listings>, security: SecurityHeaders) -> Self {
        let (cors, enabled) = (!state.config.cors_origins.is_empty(), state.config.fast_paths);
        Self { site, state, listings, security, cors, enabled }
    }

    /// The answer to `request` when it is kept; whether its job is to be read first; or that it goes
    /// through the stack.
    pub fn first<B>(&self, request: &Request<B>, client: ClientAddr, https: bool) -> First {
        let Some(asked) = self.asked(request) else { return First::Stack };
        let started = Instant::now();
        let (path, headers, now) = (request.uri().path(), request.headers(), crate::db::now_millis());
        let answer = match asked {
            Asked::JobApi(id) => match self.listings.cache.kept(id, now) {
                Some(cached) => api_answer(&cached, headers),
                None => return First::Read,
            },
            Asked::JobPage(id) => match self.listings.cache.kept(id, now) {
                Some(cached) => Some(self.site.job_page(&cached, path, headers)),
                None => return First::Read,
            },
            Asked::Company(slug) => self.site.company_page(slug, self.listings.search.version(), now, headers),
            Asked::Asset(name) => self.site.asset(name, headers),
            Asked::Fixed => self.site.fixed_page(path, headers),
        };
        match answer {
            Some(answer) => First::Sent(self.finish(answer, request, client, https, started)),
            None => First::Stack,
        }
    }

    /// The answer to a request `first` found the job of not kept: the job read with the others
    /// missed meanwhile (`JobCache::find`), kept, and answered as a kept one is. `None` (no such
    /// job, a job whose `getJob` is an error, a read that failed) sends the request through the
    /// stack, which answers it as it always has.
    pub async fn read<B>(&self, request: &Request<B>, client: ClientAddr, https: bool) -> Option<Response> {
        let started = Instant::now();
        let (id, api) = match self.asked(request)? {
            Asked::JobApi(id) => (id, true),
            Asked::JobPage(id) => (id, false),
            Asked::Company(_) | Asked::Asset(_) | Asked::Fixed => return None,
        };
        let cached = self.listings.cache.find(&self.state.db, id, crate::db::now_millis()).await.ok()??;
        let (path, headers) = (request.uri().path(), request.headers());
        let answer = if api { api_answer(&cached, headers)? } else { self.site.job_page(&cached, path, headers) };
        Some(self.finish(answer, request, client, https, started))
    }

    /// What `request` asks for, when it is a request that may be answered before the stack.
    fn asked<'a, B>(&self, request: &'a Request<B>) -> Option<Asked<'a>> {
        if !self.enabled
            || request.method() != Method::GET
            || request.uri().query().is_some()
            || !plain_request(request.headers())
        {
            return None;
        }
        if self.cors && request.headers().contains_key(header::ORIGIN) {
            return None;
        }
        let path = request.uri().path();
        Some(if let Some(id) = path.strip_prefix(GET_JOB_PREFIX) {
            Asked::JobApi(plain_id(id)?)
        } else if let Some(id) = path.strip_prefix("/job/") {
            Asked::JobPage(plain_id(id)?)
        } else if let Some(slug) = path.strip_prefix("/company/") {
            Asked::Company(plain_id(slug)?)
        } else if let Some(name) = path.strip_prefix("/assets/") {
            Asked::Asset(name)
        } else {
            Asked::Fixed
        })
    }

    /// `answer` with what every answer carries (`http::carried`), as the stack's layers add it.
    fn finish<B>(
        &self,
        mut answer: Response,
        request: &Request<B>,
        client: ClientAddr,
        https: bool,
        started: Instant,
    ) -> Response {
        let path = request.uri().path();
        let api = path.starts_with("/api/");
        let (id, status) = (crate::http::telemetry::given_or_new_id(request.headers()), answer.status());
        let route = if api { GET_JOB_ROUTE } else { SITE_ROUTE };
        for carried in EVERY_ANSWER {
            let headers = answer.headers_mut();
            match carried {
                Carried::Metrics => crate::ops::metrics::count("GET", route, status, started),
                // `asked` sends a cross-origin request through the stack while CORS is on.
                Carried::Cors => {}
                Carried::SecurityHeaders => {
                    self.security.apply(api, headers);
                    if https {
                        crate::http::security::strict_transport(headers);
                    }
                }
                // A kept answer is held encoded, and sent in the encoding the client prefers.
                Carried::Compression => {}
                Carried::RequestId => {
                    headers.insert(crate::http::telemetry::REQUEST_ID.clone(), id.clone());
                }
                Carried::LogLine => crate::http::telemetry::log_answered(
                    &id,
                    client,
                    if api { GET_JOB_ROUTE } else { "-" },
                    path,
                    status,
                    started,
                ),
                Carried::CachePolicy => {
                    if !api && let Some(policy) = site::cache_policy(path.starts_with("/assets/"), status.is_success())
                    {
                        headers.insert(header::CACHE_CONTROL, policy);
                    }
                }
            }
        }
        self.state.before_stack.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        answer
    }
}

/// A kept job's `getJob` answer when it is listed (a deleted or hidden job's is the stack's error).
fn api_answer(cached: &Cached, headers: &HeaderMap) -> Option<Response> {
    (cached.shown == Shown::Listed).then(|| cached.api(crate::jobs::handlers::job_answer).answer(headers))
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
