//! Data that does not pile up (docs/operations.md#retention): a background sweep deletes what the
//! board no longer needs. One instance at a time runs it when several share the database (it is
//! claimed in the `sweeps` table), and each statement deletes a bounded batch.
//!
//! - Delivered e-mail after `MAIL_RETENTION_DAYS` (default 7), and e-mail still undelivered after
//!   as long (its last attempt was then); a mail carrying a credential (a signup code, a reset
//!   link) as soon as the credential stops working, sent or not.
//! - The search index's change log older than `CHANGE_LOG_DAYS`: every running instance applied
//!   it within seconds, and one that was stopped longer rebuilds its index when it starts
//!   (`sweeps.pruned_through` tells it).
//! - Expired sessions, signup codes, reset tokens, and limit windows that have passed.
//! - Notifications older than `NOTIFICATION_DAYS`, and the conversations' e-mail throttle rows
//!   older than a day.
//! - Webhook deliveries delivered or given up, older than `WEBHOOK_LOG_DAYS`.

use std::path::Path;
use std::time::Duration;

use tokio::sync::watch;

use crate::db::{Db, now_millis};
use crate::state::AppState;

pub mod repo;

const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;
const HOUR_MILLIS: i64 = 60 * 60 * 1000;

/// How long the search index's change log is kept.
pub const CHANGE_LOG_DAYS: i64 = 7;

/// How long a notification is kept in the bell.
pub const NOTIFICATION_DAYS: i64 = 90;

/// How long a webhook endpoint's delivery log keeps a delivery that is done.
pub const WEBHOOK_LOG_DAYS: i64 = 30;

/// How long after its start an instance first offers to sweep.
const FIRST_SWEEP: Duration = Duration::from_secs(60);

/// How many rows of each kind one sweep deleted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Swept {
    pub delivered_mail: u64,
    pub undelivered_mail: u64,
    pub credential_mail: u64,
    pub job_changes: u64,
    pub sessions: u64,
    pub signup_codes: u64,
    pub password_resets: u64,
    pub reset_requests: u64,
    pub limit_windows: u64,
    pub notifications: u64,
    pub conversation_mail: u64,
    pub webhook_deliveries: u64,
}

/// Runs the sweep every `RETENTION_INTERVAL_SECS` on whichever instance claims it first, until
/// `stopped` turns true.
pub async fn run(state: AppState, mut stopped: watch::Receiver<bool>) {
    let interval = state.config.limits.retention_interval;
    let mail_retention = state.config.limits.mail_retention;
    // Not in the first minute: a starting instance has other work, and nothing here is urgent.
    tokio::select! {
        () = tokio::time::sleep(FIRST_SWEEP.min(interval)) => {}
        _ = stopped.changed() => return,
    }
    loop {
        match repo::claim(&state.db, now_millis(), interval).await {
            Ok(true) => match sweep(&state.db, now_millis(), mail_retention, state.outbox.files_dir()).await {
                Ok(swept) => tracing::info!(?swept, "retention sweep done"),
                Err(error) => tracing::warn!(%error, "the retention sweep failed; it runs again next time"),
            },
            Ok(false) => {}
            Err(error) => tracing::warn!(%error, "could not claim the retention sweep"),
        }
        tokio::select! {
            () = tokio::time::sleep(interval) => {}
            _ = stopped.changed() => return,
        }
    }
}

/// Deletes, as of `now` (Unix milliseconds; a test sets it), everything the retention rules say
/// is no longer needed, a batch at a time. `mail_files` is where mail is delivered as `.eml` files
/// when there is no SMTP server: the same rules apply to those files.
pub async fn sweep(
    db: &Db,
    now: i64,
    mail_retention: Duration,
    mail_files: Option<&Path>,
) -> Result<Swept, sqlx::Error> {
    let mail_cutoff = now - mail_retention.as_millis() as i64;
    if let Some(dir) = mail_files {
        delete_credential_files(db, dir, now).await?;
        delete_files_before(dir, mail_cutoff);
    }
    let mut swept = Swept {
        delivered_mail: repo::delete_in_batches(
            db,
            "outbox",
            "id",
            "sent_at IS NOT NULL AND sent_at < $1",
            mail_cutoff,
        )
        .await?,
        undelivered_mail: repo::delete_in_batches(
            db,
            "outbox",
            "id",
            "sent_at IS NULL AND created_at < $1",
            mail_cutoff,
        )
        .await?,
        credential_mail: repo::delete_in_batches(
            db,
            "outbox",
            "id",
            "expires_at IS NOT NULL AND expires_at <= $1",
            now,
        )
        .await?,
        sessions: repo::delete_in_batches(db, "sessions", "jti", "expires_at <= $1", now).await?,
        // A code row also counts the codes sent to its address this hour: it goes when both are over.
        signup_codes: repo::delete_in_batches(
            db,
            "signup_codes",
            "email",
            &format!("expires_at <= $1 AND window_started_at <= $1 - {HOUR_MILLIS}"),
            now,
        )
        .await?,
        password_resets: repo::delete_in_batches(db, "password_resets", "token_hash", "expires_at <= $1", now).await?,
        reset_requests: repo::delete_in_batches(
            db,
            "reset_requests",
            "email",
            &format!("window_started_at <= $1 - {HOUR_MILLIS}"),
            now,
        )
        .await?,
        limit_windows: repo::delete_in_batches(db, "limit_hits", "key", "expires_at <= $1", now).await?,
        notifications: repo::delete_in_batches(
            db,
            "notifications",
            "id",
            "created_at < $1",
            now - NOTIFICATION_DAYS * DAY_MILLIS,
        )
        .await?,
        webhook_deliveries: repo::delete_in_batches(
            db,
            "webhook_deliveries",
            "id",
            "state <> 'pending' AND created_at < $1",
            now - WEBHOOK_LOG_DAYS * DAY_MILLIS,
        )
        .await?,
        conversation_mail: 0,
        job_changes: 0,
    };
    swept.conversation_mail = repo::delete_conversation_mail(db, now - DAY_MILLIS).await?;
    swept.job_changes = repo::prune_change_log(db, now - CHANGE_LOG_DAYS * DAY_MILLIS).await?;
    if swept.undelivered_mail > 0 {
        tracing::warn!(
            count = swept.undelivered_mail,
            "deleted e-mail that could not be delivered within MAIL_RETENTION_DAYS"
        );
    }
    Ok(swept)
}

/// The `.eml` files of credential mail whose credential stopped working (named by the outbox
/// row's id), before the rows go.
async fn delete_credential_files(db: &Db, dir: &Path, now: i64) -> Result<(), sqlx::Error> {
    for id in repo::expired_credential_mail(db, now).await? {
        remove_file(&dir.join(format!("{id}.eml")));
    }
    Ok(())
}

/// Deletes the `.eml` files in `dir` last written before `cutoff` (Unix milliseconds).
fn delete_files_before(dir: &Path, cutoff: i64) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let written = entry.metadata().and_then(|meta| meta.modified()).ok().and_then(|modified| {
            modified.duration_since(std::time::UNIX_EPOCH).ok().map(|since| since.as_millis() as i64)
        });
        if path.extension().is_some_and(|extension| extension == "eml") && written.is_some_and(|at| at < cutoff) {
            remove_file(&path);
        }
    }
}

/// Deletes the `.eml` files in `dir` that name `address` (lower-cased) or the person's `name`:
/// an account's deletion.
pub fn delete_files_naming(dir: &Path, address: &str, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|extension| extension == "eml")
            && std::fs::read_to_string(&path)
                .is_ok_and(|text| text.contains(name) || text.to_lowercase().contains(address))
        {
            remove_file(&path);
        }
    }
}

fn remove_file(path: &Path) {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => tracing::warn!(%error, path = %path.display(), "could not delete a mail file"),
    }
}
