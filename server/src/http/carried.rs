//! What every answer carries, whichever way it leaves the server: the one list the stack of layers
//! is built from (`lib::stack`) and an answer sent before the stack is finished with
//! (`front::kept`). Each path matches on every entry without a wildcard, so a new thing every
//! answer must carry is added here, and the compiler then asks both paths for it.

/// One thing every answer carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carried {
    /// The request counted, with its latency, under its route (`ops::metrics`).
    Metrics,
    /// CORS headers for the allowed origins (`CORS_ORIGINS`).
    Cors,
    /// The content security policy, frame and sniffing rules, and HSTS over HTTPS
    /// (`http::security`).
    SecurityHeaders,
    /// The body compressed in the encoding the client prefers (`http::compress`).
    Compression,
    /// The request's id, the client's own or a new one, in `x-request-id` (`http::telemetry`).
    RequestId,
    /// The request's span and its log line (`http::telemetry`).
    LogLine,
    /// The cache policy of the site's pages and files (`site::cache_policy`).
    CachePolicy,
}

/// Everything every answer carries, in the order a request meets it: outermost first.
pub const EVERY_ANSWER: [Carried; 7] = [
    Carried::Metrics,
    Carried::Cors,
    Carried::SecurityHeaders,
    Carried::Compression,
    Carried::RequestId,
    Carried::LogLine,
    Carried::CachePolicy,
];
