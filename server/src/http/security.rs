//! Security headers on every response: the web app's pages get a strict Content-Security-Policy
//! (scripts only from this origin, no inline script, no framing), the API a policy that allows
//! nothing to load at all; both are refused inside frames (clickjacking) and are never sniffed.
//! A request our proxy received over HTTPS also tells the browser to use nothing else (HSTS).

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The headers, built once at start from the public address.
#[derive(Clone)]
pub struct SecurityHeaders {
    page_policy: HeaderValue,
}

/// No script but the app's own files; styles may be inline (the toast library writes a `<style>`
/// element); images from this origin, `PUBLIC_URL` (avatars are absolute links) and `data:`.
fn page_policy(public_origin: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: {public_origin}; \
         font-src 'self'; connect-src 'self' {public_origin}; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// JSON is never a document: nothing may load from it and nobody may frame it.
pub const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

impl SecurityHeaders {
    pub fn new(public_url: &str) -> Self {
        let policy = page_policy(&origin(public_url));
        Self { page_policy: HeaderValue::from_str(&policy).expect("a public URL is a valid header value") }
    }

    pub fn apply(&self, api: bool, headers: &mut HeaderMap) {
        let policy = if api { HeaderValue::from_static(API_POLICY) } else { self.page_policy.clone() };
        // A handler that sets its own (a resume download) keeps it.
        headers.entry(header::CONTENT_SECURITY_POLICY).or_insert(policy);
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
        headers.insert(HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin"));
    }
}

/// The API and the health checks answer JSON, never a page.
fn is_api(path: &str) -> bool {
    path.starts_with("/api/") || path == "/api" || path == "/healthz" || path == "/readyz"
}

/// `https://jobs.example.com` from `https://jobs.example.com/anything`.
fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

pub async fn add_headers(
    axum::extract::State(headers): axum::extract::State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let api = is_api(request.uri().path());
    let https = request.extensions().get::<crate::http::client::Https>().is_some_and(|https| https.0);
    let mut response = next.run(request).await;
    headers.apply(api, response.headers_mut());
    if https {
        strict_transport(response.headers_mut());
    }
    response
}

/// HSTS, on an answer to a request that reached our proxy over HTTPS: sent only over HTTPS, as
/// RFC 6797 asks; a year, for this host alone.
pub fn strict_transport(headers: &mut HeaderMap) {
    headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_allow_only_their_own_scripts_and_no_framing() {
        let mut headers = HeaderMap::new();
        SecurityHeaders::new("https://jobs.example.com/").apply(is_api("/jobs"), &mut headers);
        let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(!policy.contains("script-src 'self' 'unsafe-inline'"), "{policy}");
        assert!(policy.contains("img-src 'self' data: https://jobs.example.com;"), "{policy}");
        assert!(policy.ends_with("frame-ancestors 'none'"), "{policy}");
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }

    #[test]
    fn the_api_allows_nothing_to_load() {
        let mut headers = HeaderMap::new();
        SecurityHeaders::new("http://127.0.0.1:8080").apply(is_api("/api/v1/jobs/alljobs"), &mut headers);
        assert_eq!(headers[header::CONTENT_SECURITY_POLICY], API_POLICY);
    }
}
