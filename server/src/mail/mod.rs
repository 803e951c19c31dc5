//! Mail through a durable outbox. A change that sends mail writes the message to the `outbox`
//! table in its own transaction (`repo::enqueue`); the worker delivers it over SMTP (`SMTP_URL`) or, without one, writes it as an `.eml`
//! file under `DATA_DIR/outbox/`. A failed delivery is retried with backoff, never dropped.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

use crate::db::{Db, now_millis};

mod message;
pub mod repo;

pub use message::{Mail, html_escape, push_escaped, push_replacing, wrap};
use repo::Due;

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
    /// The worker keeps its books (leases, delivered marks) on a connection of its own to `db` whose
    /// commits do not wait for the disk (`Db::bookkeeping`).
    pub fn new(db: &Db, transport: Transport, from: &str) -> Result<Self, MailSetupError> {
        let from = from.parse::<Mailbox>().map_err(|error| MailSetupError::From(error.to_string()))?;
        Ok(Self { db: db.bookkeeping(), transport, from, bell: Arc::new(Notify::new()) })
    }

    /// The connection the worker reads the outbox and keeps its books on.
    pub fn books(&self) -> &Db {
        &self.db
    }

    /// The directory delivered mail is written to, when there is no SMTP server (`.eml` files named
    /// by the outbox row's id): the retention sweep and an account's deletion clean it too.
    pub fn files_dir(&self) -> Option<&std::path::Path> {
        match &self.transport {
            Transport::Files(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
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
        let mut delivered = 0;
        loop {
            let now = now_millis();
            // The batch is claimed, and what was delivered marked sent, in a transaction each: a
            // crash after a delivery and before the batch's mark sends the messages delivered
            // since the claim again once their lease ends (at most a batch of 20).
            let claimed = repo::claim_due(&self.db, now, now + LEASE_MILLIS).await?;
            if claimed.is_empty() {
                return Ok(delivered);
            }
            let mut sent = Vec::with_capacity(claimed.len());
            for (message, outcome) in claimed.iter().zip(self.deliver_all(&claimed).await) {
                match outcome {
                    Ok(()) => {
                        sent.push(message.id.as_str());
                        metrics::counter!("jobportal_mail_delivered_total").increment(1);
                        tracing::info!(id = %message.id, to = %message.to_address, subject = %message.subject, "mail delivered");
                        delivered += 1;
                    }
                    Err(error) => {
                        let retry_at = now_millis() + backoff_millis(message.attempts + 1);
                        tracing::warn!(id = %message.id, attempts = message.attempts + 1, %error, "mail delivery failed; will retry");
                        repo::failed(&self.db, &message.id, retry_at, &error.to_string()).await?;
                        metrics::counter!("jobportal_mail_failed_attempts_total").increment(1);
                    }
                }
            }
            repo::sent(&self.db, &sent).await?;
        }
    }

    /// Delivers `messages`, and tells how each went, in their order: over SMTP one after another,
    /// or as files, the whole batch in one trip to a thread that may block (each file took three
    /// trips, each waking two threads: BENCHMARKS.md).
    #[tracing::instrument(skip_all)]
    async fn deliver_all(&self, messages: &[Due]) -> Vec<Result<(), DeliveryError>> {
        match &self.transport {
            Transport::Smtp(smtp) => {
                let mut outcomes = Vec::with_capacity(messages.len());
                for message in messages {
                    let sent = match self.email(message) {
                        Ok(email) => smtp.send(email).await.map(drop).map_err(DeliveryError::from),
                        Err(error) => Err(error),
                    };
                    outcomes.push(sent);
                }
                outcomes
            }
            Transport::Files(dir) => {
                let files: Vec<_> = messages
                    .iter()
                    .map(|message| self.email(message).map(|email| (message.id.clone(), email.formatted())))
                    .collect();
                let dir = dir.clone();
                match tokio::task::spawn_blocking(move || {
                    files.into_iter().map(|file| write_file(&dir, file?)).collect()
                })
                .await
                {
                    Ok(outcomes) => outcomes,
                    Err(error) => messages.iter().map(|_| Err(error.to_string().into())).collect(),
                }
            }
        }
    }

    /// `message` as an e-mail from this server.
    fn email(&self, message: &Due) -> Result<Message, DeliveryError> {
        let mut email = Message::builder();
        if let Some(link) = &message.list_unsubscribe {
            // RFC 8058: a mail client offers "Unsubscribe" and posts to the link itself.
            let header =
                |name: &'static str, value: String| HeaderValue::new(HeaderName::new_from_ascii_str(name), value);
            email = email
                .raw_header(header("List-Unsubscribe", format!("<{link}>")))
                .raw_header(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".into()));
        }
        Ok(email
            .from(self.from.clone())
            .to(message.to_address.parse::<Mailbox>()?)
            .subject(&message.subject)
            // The outbox row's id: a message sent again after a crash (delivered, but not yet
            // marked sent) carries the same Message-ID, by which mail clients show it once.
            .message_id(Some(format!("<{}@{}>", message.id, self.from.email.domain())))
            .multipart(body(message)?)?)
    }
}

type DeliveryError = Box<dyn std::error::Error + Send + Sync>;

/// Writes the e-mail `(id, bytes)` into `dir` as `{id}.eml`, whole or not at all (written aside,
/// then renamed).
fn write_file(dir: &std::path::Path, (id, bytes): (String, Vec<u8>)) -> Result<(), DeliveryError> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("{id}.eml"));
    let partial = dir.join(format!(".{id}.eml.partial"));
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, &path)?;
    tracing::info!(path = %path.display(), "mail written to the outbox directory");
    Ok(())
}

/// A message's body: its plain text and HTML, and the calendar file when it carries one, attached
/// as `invite.ics` with the METHOD its content type must name for calendars to act on it.
fn body(message: &Due) -> Result<MultiPart, DeliveryError> {
    let text = MultiPart::alternative_plain_html(message.text_body.clone(), message.html_body.clone());
    let Some(calendar) = &message.calendar else { return Ok(text) };
    let method = calendar
        .lines()
        .find_map(|line| line.strip_prefix("METHOD:"))
        .map(str::trim)
        .filter(|method| method.chars().all(|c| c.is_ascii_uppercase()))
        .unwrap_or("PUBLISH");
    let content_type = ContentType::parse(&format!("text/calendar; charset=utf-8; method={method}"))?;
    let invite = Attachment::new("invite.ics".into()).body(calendar.clone(), content_type);
    Ok(MultiPart::mixed().multipart(text).singlepart(invite))
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
}
