//! Mail through a durable outbox. A change that sends mail writes the message to the `outbox`
//! table; the worker delivers it over SMTP (`SMTP_URL`) or, without one, writes it as an `.eml`
//! file under `DATA_DIR/outbox/`. A failed delivery is retried with backoff, never dropped.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

use crate::db::{Db, now_millis};
use crate::dispatch;

/// A message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

pub const OUTBOX_INSERT: &str = "INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at, next_attempt_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $6)";

/// Writes `$mail` to the outbox through `$executor` (a pool or an open transaction), so the message
/// is stored together with the change it reports. Wake the worker with `Outbox::notify` after commit.
#[macro_export]
macro_rules! enqueue_mail {
    ($executor:expr, $mail:expr) => {{
        let mail: &$crate::mail::Mail = $mail;
        sqlx::query($crate::mail::OUTBOX_INSERT)
            .bind($crate::db::new_id())
            .bind(&mail.to)
            .bind(&mail.subject)
            .bind(&mail.text)
            .bind(&mail.html)
            .bind($crate::db::now_millis())
            .execute($executor)
            .await
            .map(|_| ())
    }};
}

/// Where delivered mail goes.
#[derive(Clone)]
pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum MailSetupError {
    #[error("invalid SMTP_URL: {0}")]
    SmtpUrl(String),
    #[error("invalid MAIL_FROM: {0}")]
    From(String),
}

impl Transport {
    /// SMTP when `smtp_url` is set (`smtps://` for TLS from the start; `smtp://` upgrades with
    /// STARTTLS when the server offers it, so local sinks without TLS work), else `.eml` files.
    pub fn new(smtp_url: Option<&str>, outbox_dir: PathBuf) -> Result<Self, MailSetupError> {
        let Some(url) = smtp_url else { return Ok(Self::Files(outbox_dir)) };
        let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|error| MailSetupError::SmtpUrl(error.to_string()))?;
        let builder = if url.starts_with("smtp://") && !url.contains("tls=") {
            let host = smtp_host(url).ok_or_else(|| MailSetupError::SmtpUrl(format!("{url:?} has no host")))?;
            let parameters =
                TlsParameters::new(host.to_string()).map_err(|error| MailSetupError::SmtpUrl(error.to_string()))?;
            builder.tls(Tls::Opportunistic(parameters))
        } else {
            builder
        };
        Ok(Self::Smtp(builder.timeout(Some(Duration::from_secs(15))).build()))
    }
}

fn smtp_host(url: &str) -> Option<&str> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?']).next()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = host_port.rsplit_once(':').map_or(host_port, |(host, _)| host);
    (!host.is_empty()).then_some(host)
}

/// The outbox and its worker's wake-up bell.
#[derive(Clone)]
pub struct Outbox {
    db: Db,
    transport: Transport,
    from: Mailbox,
    bell: Arc<Notify>,
}

#[derive(Debug)]
struct Due {
    id: String,
    to_address: String,
    subject: String,
    text_body: String,
    html_body: String,
    attempts: i64,
    next_attempt_at: i64,
}

impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for Due
where
    &'r str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            to_address: row.try_get("to_address")?,
            subject: row.try_get("subject")?,
            text_body: row.try_get("text_body")?,
            html_body: row.try_get("html_body")?,
            attempts: row.try_get("attempts")?,
            next_attempt_at: row.try_get("next_attempt_at")?,
        })
    }
}

/// How long a claimed message is held by one worker before another may try it.
const LEASE_MILLIS: i64 = 120_000;
/// How often the worker looks for due mail when nothing rings the bell.
const POLL: Duration = Duration::from_secs(2);

/// The longest wait between two tries of one message. A signup code lives ten minutes, so a
/// code mailed during a short outage must still be tried again well within that.
pub const MAX_BACKOFF_MILLIS: i64 = 60_000;

/// Retry delay after `attempts` failures: 2 s, 4 s, 8 s ... at most a minute.
pub fn backoff_millis(attempts: i64) -> i64 {
    let exponent = attempts.clamp(1, 20) as u32;
    (1_000i64 << exponent).min(MAX_BACKOFF_MILLIS)
}

impl Outbox {
    pub fn new(db: Db, transport: Transport, from: &str) -> Result<Self, MailSetupError> {
        let from = from.parse::<Mailbox>().map_err(|error| MailSetupError::From(error.to_string()))?;
        Ok(Self { db, transport, from, bell: Arc::new(Notify::new()) })
    }

    /// Wakes the worker: call after committing a transaction that enqueued mail.
    pub fn notify(&self) {
        self.bell.notify_one();
    }

    /// Delivers due mail until `stop` completes.
    pub async fn run(self, mut stop: tokio::sync::watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.deliver_due().await {
                tracing::warn!(%error, "the mail outbox could not be read");
            }
            tokio::select! {
                () = self.bell.notified() => {}
                () = tokio::time::sleep(POLL) => {}
                _ = stop.changed() => return,
            }
        }
    }

    /// Delivers every message that is due now; returns how many were delivered.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<usize, sqlx::Error> {
        const DUE: &str = "SELECT id, to_address, subject, text_body, html_body, attempts, next_attempt_at \
             FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT 20";
        const CLAIM: &str =
            "UPDATE outbox SET next_attempt_at = $1 WHERE id = $2 AND next_attempt_at = $3 AND sent_at IS NULL";
        const SENT: &str = "UPDATE outbox SET sent_at = $1, attempts = attempts + 1, last_error = NULL WHERE id = $2";
        const FAILED: &str =
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3";

        let mut delivered = 0;
        loop {
            let now = now_millis();
            let due: Vec<Due> = dispatch!(&self.db, |pool| sqlx::query_as(DUE).bind(now).fetch_all(pool).await)?;
            if due.is_empty() {
                return Ok(delivered);
            }
            for message in due {
                let claimed = dispatch!(&self.db, |pool| {
                    sqlx::query(CLAIM)
                        .bind(now + LEASE_MILLIS)
                        .bind(&message.id)
                        .bind(message.next_attempt_at)
                        .execute(pool)
                        .await
                        .map(|done| done.rows_affected() == 1)
                })?;
                if !claimed {
                    continue;
                }
                match self.deliver(&message).await {
                    Ok(()) => {
                        dispatch!(&self.db, |pool| sqlx::query(SENT)
                            .bind(now_millis())
                            .bind(&message.id)
                            .execute(pool)
                            .await
                            .map(|done| done.rows_affected()))?;
                        tracing::info!(id = %message.id, to = %message.to_address, subject = %message.subject, "mail delivered");
                        delivered += 1;
                    }
                    Err(error) => {
                        let retry_at = now_millis() + backoff_millis(message.attempts + 1);
                        tracing::warn!(id = %message.id, attempts = message.attempts + 1, %error, "mail delivery failed; will retry");
                        dispatch!(&self.db, |pool| {
                            sqlx::query(FAILED)
                                .bind(retry_at)
                                .bind(error.to_string())
                                .bind(&message.id)
                                .execute(pool)
                                .await
                                .map(|_| ())
                        })?;
                    }
                }
            }
        }
    }

    #[tracing::instrument(skip_all)]
    async fn deliver(&self, message: &Due) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let email = Message::builder()
            .from(self.from.clone())
            .to(message.to_address.parse::<Mailbox>()?)
            .subject(&message.subject)
            .multipart(MultiPart::alternative_plain_html(message.text_body.clone(), message.html_body.clone()))?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(email).await?;
            }
            Transport::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let path = dir.join(format!("{}.eml", message.id));
                let partial = dir.join(format!(".{}.eml.partial", message.id));
                tokio::fs::write(&partial, email.formatted()).await?;
                tokio::fs::rename(&partial, &path).await?;
                tracing::info!(path = %path.display(), "mail written to the outbox directory");
            }
        }
        Ok(())
    }
}

/// Escapes text for HTML bodies.
/// A message's two parts around their bodies: the plain text, and the HTML page with the same
/// look in every e-mail, each signed "jobportal". `html_body` is HTML already escaped.
pub fn wrap(text: &str, html_body: &str) -> (String, String) {
    let html = format!(
        "<!doctype html><html lang=\"en\"><body style=\"font-family:sans-serif;color:#1f2937\">{html_body}\
         <p style=\"color:#4b5563\">jobportal</p></body></html>"
    );
    (format!("{text}\n\njobportal\n"), html)
}

pub fn html_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_to_a_minute_well_inside_a_codes_life() {
        assert_eq!(backoff_millis(1), 2_000);
        assert_eq!(backoff_millis(2), 4_000);
        assert_eq!(backoff_millis(5), 32_000);
        assert_eq!(backoff_millis(6), 60_000);
        assert_eq!(backoff_millis(30), 60_000);
    }

    #[test]
    fn the_smtp_host_is_read_from_the_url() {
        assert_eq!(smtp_host("smtp://user:pass@mail.example.com:587"), Some("mail.example.com"));
        assert_eq!(smtp_host("smtp://127.0.0.1:2525"), Some("127.0.0.1"));
        assert_eq!(smtp_host("smtp://"), None);
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(html_escape("<b>Tom & \"Jerry\"</b>"), "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;");
    }
}
