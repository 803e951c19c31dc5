//! What every request passes through, below the features: who the client is (`client`), the
//! limits per client (`throttle`, `shares`), the text the API takes (`text_input`), the shapes of
//! every answer (`envelope` for success, `error` for failure), the headers every answer carries
//! (`security`), compression (`compress`) and the request's log span (`telemetry`). `carried`
//! is the one list of what every answer carries, whichever path sends it; `outbound` the rules of
//! the requests this server makes to addresses its users give it; `scopes` which calls an API
//! token may make.

pub mod carried;
pub mod client;
pub mod compress;
pub mod envelope;
pub mod error;
pub mod outbound;
pub mod scopes;
pub mod security;
pub mod shares;
pub mod telemetry;
pub mod text_input;
pub mod throttle;
