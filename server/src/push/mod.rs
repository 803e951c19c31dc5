//! Web Push (docs/rules.md#push): the devices people turn notifications on for, and the pushes
//! sent to them. A push is written to the push outbox in the transaction of the event it reports
//! (`repo::enqueue_all`, beside the notification and its e-mail), then sent by a worker as the mail
//! outbox's worker sends mail: claimed for a lease, encrypted for the device (RFC 8291,
//! aes128gcm), signed with the server's VAPID key (RFC 8292), posted to the device's push service
//! (RFC 8030) with the kind's TTL and urgency, retried with backoff while the push service is
//! unwell, and dropped once its TTL has passed. A device its push service says is gone (404, 410)
//! is removed.

pub mod handlers;
pub mod model;
pub mod repo;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::FromRef;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::{Db, now_millis};
use crate::http::outbound;
use crate::state::AppState;

use crate::vapid::{self, Vapid};
use model::Payload;
pub use model::PushKind;
use repo::Due;

/// The push calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::public_key))
        .routes(routes!(handlers::devices, handlers::subscribe))
        .routes(routes!(handlers::update_device, handlers::remove_device))
}

/// How long a claimed push is held by one worker before another may try it.
const LEASE_MILLIS: i64 = 60_000;
/// How often the worker looks for due pushes.
const POLL: Duration = Duration::from_secs(1);
/// How long one attempt to reach a push service may take.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest wait between two tries of one push.
const MAX_BACKOFF_MILLIS: i64 = 10 * 60_000;

/// Retry delay after `attempts` failures: 2 s, 4 s, 8 s ... at most ten minutes.
pub fn backoff_millis(attempts: i64) -> i64 {
    let exponent = attempts.clamp(1, 20) as u32;
    (1_000i64 << exponent).min(MAX_BACKOFF_MILLIS)
}

/// The worker that sends the push outbox's pushes.
#[derive(Clone)]
pub struct Pusher {
    db: Db,
    vapid: Arc<Vapid>,
    client: reqwest::Client,
    allow_private: bool,
}

/// How one attempt went.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// The push service took it.
    Sent,
    /// The device is gone: unsubscribed or expired.
    Gone,
    /// Worth another try: the push service is unwell or unreachable.
    Retry(String),
    /// Refused for good (a malformed or unauthorized push, an address we may not reach).
    Refused(String),
}

impl Pusher {
    /// Keeps its books on `books`, the mail outbox's own connection (`Outbox::books`), which the
    /// two workers take turns on rather than each holding one.
    pub fn new(books: &Db, vapid: Arc<Vapid>, allow_private: bool) -> Self {
        Self { db: books.clone(), vapid, client: outbound::client(allow_private, ATTEMPT_TIMEOUT), allow_private }
    }

    /// Sends due pushes, looking every second, until `stop` completes. No write wakes it: a push
    /// waits a second at most, and the writes' path pays nothing for it.
    pub async fn run(self, mut stop: tokio::sync::watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.send_due().await {
                tracing::warn!(%error, "the push outbox could not be read");
            }
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                _ = stop.changed() => return,
            }
        }
    }

    /// Sends every push that is due now; returns how many reached their push service.
    #[tracing::instrument(skip_all)]
    pub async fn send_due(&self) -> Result<usize, sqlx::Error> {
        let mut delivered = 0;
        loop {
            let now = now_millis();
            let claimed = repo::claim_due(&self.db, now, now + LEASE_MILLIS).await?;
            if claimed.is_empty() {
                return Ok(delivered);
            }
            // A batch's pushes go to their services side by side: one slow service holds up no other.
            let outcomes = futures_util::future::join_all(claimed.iter().map(|push| self.send(push, now))).await;
            let mut sent = Vec::with_capacity(claimed.len());
            for (push, outcome) in claimed.iter().zip(outcomes) {
                match outcome {
                    Outcome::Sent => {
                        sent.push(push);
                        metrics::counter!("jobportal_push_sent_total").increment(1);
                    }
                    Outcome::Gone => {
                        tracing::info!(subscription = %push.subscription_id, "a push device is gone; removed");
                        repo::gone(&self.db, &push.subscription_id).await?;
                        metrics::counter!("jobportal_push_expired_total").increment(1);
                    }
                    Outcome::Retry(error) => {
                        let retry_at = now_millis() + backoff_millis(push.attempts + 1);
                        if retry_at >= push.expires_at {
                            tracing::warn!(id = %push.id, %error, "a push was not sent within its time to live; dropped");
                            repo::give_up(&self.db, &push.id).await?;
                            metrics::counter!("jobportal_push_failed_total").increment(1);
                        } else {
                            tracing::warn!(id = %push.id, attempts = push.attempts + 1, %error, "a push failed; will retry");
                            repo::retry(&self.db, &push.id, retry_at).await?;
                        }
                    }
                    Outcome::Refused(error) => {
                        tracing::warn!(id = %push.id, %error, "a push was refused; dropped");
                        repo::give_up(&self.db, &push.id).await?;
                        metrics::counter!("jobportal_push_failed_total").increment(1);
                    }
                }
            }
            delivered += sent.len();
            repo::sent(&self.db, &sent).await?;
        }
    }

    /// One attempt to hand `push` to its device's push service.
    async fn send(&self, push: &Due, now: i64) -> Outcome {
        let Some(kind) = PushKind::parse(&push.kind) else {
            return Outcome::Refused(format!("unknown kind {:?}", push.kind));
        };
        // What is left of its time to live, in whole seconds.
        let ttl = (push.expires_at - now).max(0) / 1000;
        if ttl == 0 {
            return Outcome::Retry("its time to live has passed".into());
        }
        let request = match request(&self.vapid, self.allow_private, push, kind, ttl) {
            Ok(request) => request,
            Err(error) => return Outcome::Refused(error),
        };
        match self.client.execute(request).await {
            Ok(response) => outcome_of(response.status()),
            Err(error) => Outcome::Retry(error.to_string()),
        }
    }
}

/// The push as an HTTP request to its push service: encrypted for the device, signed with `vapid`,
/// with `ttl` (seconds) and the kind's urgency.
fn request(
    vapid: &Vapid,
    allow_private: bool,
    push: &Due,
    kind: PushKind,
    ttl: i64,
) -> Result<reqwest::Request, String> {
    let endpoint = reqwest::Url::parse(&push.endpoint).map_err(|error| error.to_string())?;
    outbound::check(&endpoint, allow_private)?;
    let device_key = URL_SAFE_NO_PAD
        .decode(push.p256dh.trim_end_matches('='))
        .ok()
        .and_then(|bytes| p256::PublicKey::from_sec1_bytes(&bytes).ok())
        .ok_or("the device's key is not a P-256 public key")?;
    let auth = URL_SAFE_NO_PAD
        .decode(push.auth.trim_end_matches('='))
        .ok()
        .filter(|bytes| bytes.len() == 16)
        .ok_or("the device's secret is not 16 bytes")?;
    let payload = serde_json::to_vec(&Payload::new(kind, &push.link)).map_err(|error| error.to_string())?;
    let mut secret = web_push_native::Auth::default();
    secret.copy_from_slice(&auth);
    let uri: axum::http::Uri = push.endpoint.parse().map_err(|_| "the endpoint is not a URI".to_string())?;
    let built = web_push_native::WebPushBuilder::new(uri, device_key, secret)
        .with_valid_duration(Duration::from_secs(ttl as u64))
        .build(payload)
        .map_err(|error| error.to_string())?;
    let mut request = reqwest::Request::try_from(built).map_err(|error| error.to_string())?;
    let headers = request.headers_mut();
    let authorization = vapid.authorization(&vapid::audience(&endpoint), now_millis() / 1000);
    headers.insert(reqwest::header::AUTHORIZATION, authorization.parse().map_err(|_| "bad authorization")?);
    headers.insert("urgency", reqwest::header::HeaderValue::from_static(kind.urgency().as_str()));
    Ok(request)
}

/// What a push service's status means for the push.
fn outcome_of(status: reqwest::StatusCode) -> Outcome {
    match status.as_u16() {
        200..=299 => Outcome::Sent,
        404 | 410 => Outcome::Gone,
        408 | 425 | 429 | 500..=599 => Outcome::Retry(format!("the push service answered {status}")),
        _ => Outcome::Refused(format!("the push service answered {status}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_services_answer_decides_sent_gone_retry_or_refused() {
        let outcome = |code: u16| outcome_of(reqwest::StatusCode::from_u16(code).unwrap());
        assert_eq!(outcome(201), Outcome::Sent);
        assert_eq!(outcome(404), Outcome::Gone);
        assert_eq!(outcome(410), Outcome::Gone);
        assert!(matches!(outcome(429), Outcome::Retry(_)));
        assert!(matches!(outcome(503), Outcome::Retry(_)));
        assert!(matches!(outcome(400), Outcome::Refused(_)));
        assert!(matches!(outcome(413), Outcome::Refused(_)));
        assert!(matches!(outcome(403), Outcome::Refused(_)));
    }

    #[test]
    fn a_push_is_encrypted_for_the_device_alone_and_carries_its_ttl_urgency_and_signature() {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).unwrap();
        let device = p256::SecretKey::from_slice(&bytes).unwrap();
        let mut secret = [0u8; 16];
        getrandom::fill(&mut secret).unwrap();
        let push = Due {
            id: "p1".into(),
            kind: "message".into(),
            link: "/dashboard/messages/a1".into(),
            expires_at: 0,
            attempts: 0,
            subscription_id: "s1".into(),
            endpoint: "https://push.example.com/send/abc".into(),
            p256dh: URL_SAFE_NO_PAD.encode(device.public_key().to_sec1_bytes()),
            auth: URL_SAFE_NO_PAD.encode(secret),
        };
        let vapid = Vapid::from_secret(&Vapid::generate(), "mailto:ops@example.com".into()).unwrap();
        let built = request(&vapid, false, &push, PushKind::Message, 3_600).unwrap();
        assert_eq!(built.url().as_str(), "https://push.example.com/send/abc");
        let headers = built.headers();
        assert_eq!(headers["ttl"], "3600");
        assert_eq!(headers["urgency"], "high");
        assert_eq!(headers["content-encoding"], "aes128gcm");
        let authorization = headers["authorization"].to_str().unwrap();
        assert!(
            authorization.starts_with("vapid t=") && authorization.ends_with(&format!(", k={}", vapid.public_key()))
        );

        let body = built.body().unwrap().as_bytes().unwrap().to_vec();
        let mut auth = web_push_native::Auth::default();
        auth.copy_from_slice(&secret);
        let plain = web_push_native::decrypt(body.clone(), &device, &auth).unwrap();
        let payload: Payload = serde_json::from_slice(&plain).unwrap();
        assert_eq!(payload, Payload::new(PushKind::Message, "/dashboard/messages/a1"));
        let mut other = [0u8; 32];
        getrandom::fill(&mut other).unwrap();
        let stranger = p256::SecretKey::from_slice(&other).unwrap();
        assert!(web_push_native::decrypt(body, &stranger, &auth).is_err(), "no other key reads it");

        let private = Due { endpoint: "https://10.0.0.8/send/abc".into(), ..push };
        assert_eq!(request(&vapid, false, &private, PushKind::Message, 60).unwrap_err(), outbound::NOT_PUBLIC);
    }

    #[test]
    fn retries_back_off_to_ten_minutes() {
        assert_eq!(backoff_millis(1), 2_000);
        assert_eq!(backoff_millis(3), 8_000);
        assert_eq!(backoff_millis(20), 600_000);
    }
}
