//! Sending deliveries: each signed as the Standard Webhooks specification says (`webhook-id`,
//! `webhook-timestamp`, `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of
//! `{id}.{timestamp}.{body}` under the endpoint's secret, and under the secret before a rotation
//! while it is still valid), posted through `http::outbound` (public addresses only, each name
//! resolved once, no redirects), each attempt within a timeout, its answer's body read no further
//! than a kilobyte. A delivery that fails is tried again after 5 s, 30 s, 2 min, 10 min, 30 min,
//! 1 h, 2 h, 4 h, then every 8 h, until a day after its event; an endpoint whose every attempt
//! failed for a day is turned off and its company's owners are told by e-mail.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::db::{Db, now_millis};
use crate::http::outbound;
use crate::mail::{Mail, html_escape, wrap};

use super::repo::{self, Attempt, Due, Failed};

/// How often the worker looks for due deliveries.
const POLL: Duration = Duration::from_secs(1);
/// How long a delivery is tried for, from its event, and how long an endpoint may fail before it
/// is turned off.
pub const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// The waits after each failure, the last repeated.
const BACKOFF_SECS: [i64; 9] = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800];
/// How much of an answer's body is read, for the log.
const BODY_READ: usize = 1024;
/// How much of it the log keeps.
const BODY_KEPT: usize = 200;

/// The wait after a delivery's `failures`-th failure.
pub fn backoff_millis(failures: i64) -> i64 {
    let step = (failures.max(1) - 1).min(BACKOFF_SECS.len() as i64 - 1) as usize;
    BACKOFF_SECS[step] * 1000
}

/// A new signing secret: `whsec_` and 24 random bytes in base64.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    format!("whsec_{}", STANDARD.encode(bytes))
}

/// The `v1,` signature of a delivery under `secret` (`whsec_…`).
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &str) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix("whsec_")?).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    Some(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

/// The `webhook-signature` header: the signature under the secret and, until `previous_until`,
/// under the one before, separated by a space.
fn signatures(due: &Due, timestamp: i64, now: i64) -> Option<String> {
    let mut all = vec![signature(&due.secret, &due.id, timestamp, &due.payload)?];
    if let (Some(previous), Some(until)) = (&due.previous_secret, due.previous_until)
        && until > now
    {
        all.extend(signature(previous, &due.id, timestamp, &due.payload));
    }
    Some(all.join(" "))
}

/// The worker that delivers webhooks.
#[derive(Clone)]
pub struct Sender {
    db: Db,
    client: reqwest::Client,
    allow_private: bool,
    timeout: Duration,
    public_url: String,
}

/// How one attempt went.
enum Outcome {
    Delivered(u16),
    /// Not delivered: the status when there was an answer, and why.
    Failed(Option<u16>, String),
}

impl Sender {
    pub fn new(db: &Db, allow_private: bool, timeout: Duration, public_url: &str) -> Self {
        Self {
            db: db.clone(),
            client: outbound::client(allow_private, timeout),
            allow_private,
            timeout,
            public_url: public_url.to_string(),
        }
    }

    /// Delivers due deliveries, looking every second, until `stop` completes.
    pub async fn run(self, mut stop: tokio::sync::watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.send_due().await {
                tracing::warn!(%error, "the webhook deliveries could not be read");
            }
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                _ = stop.changed() => return,
            }
        }
    }

    /// Sends every delivery that is due now; returns how many were delivered.
    #[tracing::instrument(skip_all)]
    pub async fn send_due(&self) -> Result<usize, sqlx::Error> {
        let mut delivered = 0;
        loop {
            let now = now_millis();
            // Held for one attempt and a margin: a worker that stops mid-attempt leaves it to
            // another once that has passed.
            let lease = now + self.timeout.as_millis() as i64 + 5_000;
            let claimed = repo::claim_due(&self.db, now, lease).await?;
            if claimed.is_empty() {
                return Ok(delivered);
            }
            // Side by side: one slow endpoint holds up no other.
            let outcomes = futures_util::future::join_all(claimed.iter().map(|due| self.send(due))).await;
            for (due, outcome) in claimed.iter().zip(outcomes) {
                let at = now_millis();
                match outcome {
                    Outcome::Delivered(status) => {
                        let attempt = Attempt {
                            id: &due.id,
                            endpoint_id: &due.endpoint_id,
                            at,
                            status: Some(i64::from(status)),
                            error: None,
                        };
                        repo::delivered(&self.db, &attempt).await?;
                        metrics::counter!("jobportal_webhooks_delivered_total").increment(1);
                        delivered += 1;
                    }
                    Outcome::Failed(status, error) => {
                        let attempt = Attempt {
                            id: &due.id,
                            endpoint_id: &due.endpoint_id,
                            at,
                            status: status.map(i64::from),
                            error: Some(&error),
                        };
                        let retry_at = at + backoff_millis(due.attempts + 1);
                        let retry_at = (retry_at < due.created_at + DAY_MILLIS).then_some(retry_at);
                        tracing::warn!(id = %due.id, attempts = due.attempts + 1, %error, "a webhook delivery failed");
                        metrics::counter!("jobportal_webhooks_failed_attempts_total").increment(1);
                        let tell = |to: &str, url: &str| turned_off_mail(to, url, &self.public_url);
                        if let Failed::TurnedOff = repo::failed(&self.db, &attempt, retry_at, DAY_MILLIS, tell).await? {
                            tracing::warn!(endpoint = %due.endpoint_id, "a webhook endpoint failed for a day; turned off");
                        }
                    }
                }
            }
        }
    }

    /// One attempt to post `due` to its endpoint.
    async fn send(&self, due: &Due) -> Outcome {
        let url = match reqwest::Url::parse(&due.url) {
            Ok(url) => url,
            Err(error) => return Outcome::Failed(None, error.to_string()),
        };
        if let Err(error) = outbound::check(&url, self.allow_private) {
            return Outcome::Failed(None, format!("The address was refused: {error}"));
        }
        let now = now_millis();
        let timestamp = now / 1000;
        let Some(signatures) = signatures(due, timestamp, now) else {
            return Outcome::Failed(None, "The endpoint's secret is not a whsec_ secret".into());
        };
        let request = self
            .client
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", &due.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signatures)
            .body(due.payload.clone());
        let response = match request.send().await {
            Ok(response) => response,
            Err(error) if error.is_timeout() => {
                return Outcome::Failed(None, format!("No answer within {} s", self.timeout.as_secs()));
            }
            Err(error) => return Outcome::Failed(None, without_url(&error)),
        };
        let status = response.status();
        if status.is_success() {
            return Outcome::Delivered(status.as_u16());
        }
        let body = read_capped(response).await;
        let shown: String = body.chars().take(BODY_KEPT).collect();
        Outcome::Failed(Some(status.as_u16()), format!("HTTP {}: {}", status.as_u16(), shown.trim()).trim().to_string())
    }
}

/// At most `BODY_READ` bytes of an answer's body, as text; the rest is never read.
async fn read_capped(mut response: reqwest::Response) -> String {
    let mut body = Vec::new();
    while body.len() < BODY_READ {
        match response.chunk().await {
            Ok(Some(chunk)) => body.extend_from_slice(&chunk[..chunk.len().min(BODY_READ - body.len())]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&body).into_owned()
}

/// A request's error without the address (the log shows it beside).
fn without_url(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    if let Some(url) = error.url() {
        text = text.replace(&format!(" ({url})"), "").replace(url.as_str(), "the endpoint");
    }
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// The e-mail to a company's owner that its endpoint `url` was turned off.
fn turned_off_mail(to: &str, url: &str, public_url: &str) -> Mail {
    let link = format!("{public_url}/dashboard/company");
    let what = format!(
        "Every delivery to your webhook endpoint {url} failed for a day, so it was turned off and its waiting \
         deliveries were given up."
    );
    let (text, html) = wrap(
        &format!(
            "{what}\n\nWhen it works again, turn it back on in your company's settings, where its delivery log shows what failed:\n\n{link}"
        ),
        &format!(
            "<p>{}</p><p>When it works again, turn it back on in your company's settings, where its delivery log shows what failed:</p><p><a href=\"{l}\">{l}</a></p>",
            html_escape(&what),
            l = html_escape(&link)
        ),
    );
    Mail {
        to: to.into(),
        subject: "A webhook endpoint was turned off".into(),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_the_standard_webhooks_one() {
        // The example of the Standard Webhooks specification's reference libraries.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).as_deref(),
            Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        );
        assert_eq!(signature("no prefix", "m", 1, body), None);
    }

    #[test]
    fn retries_wait_longer_each_time_up_to_eight_hours() {
        let waits: Vec<i64> = (1..=11).map(|failures| backoff_millis(failures) / 1000).collect();
        assert_eq!(waits, [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800, 28_800]);
        // Within a day of its event a delivery is tried eleven times: once, and ten retries.
        let mut at = 0;
        let mut tries = 1;
        while at + backoff_millis(tries) < DAY_MILLIS {
            at += backoff_millis(tries);
            tries += 1;
        }
        assert_eq!(tries, 11);
    }

    #[test]
    fn a_new_secret_is_24_random_bytes() {
        let secret = new_secret();
        let bytes = STANDARD.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
        assert_eq!(bytes.len(), 24);
        assert_ne!(new_secret(), secret);
    }
}
