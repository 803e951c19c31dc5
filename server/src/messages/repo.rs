use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::mail::repo as outbox;
use crate::notifications::model::Notice;
use crate::notifications::repo as notifications;
use crate::webhooks::{self, Event, EventType};

use super::model::MessageRow;

/// At most this many messages on one page of a conversation.
pub const PAGE: i64 = 50;

/// At most this many messages in one conversation.
pub const MAX_MESSAGES: i64 = 1000;

/// A new message e-mails its recipient at most once in this long while they have not read it.
pub const MAIL_EVERY_MILLIS: i64 = 15 * 60 * 1000;

/// A page of a conversation, newest first: the messages before the message `before` (all, without
/// it), and whether older ones remain.
#[tracing::instrument(skip_all)]
pub async fn page(db: &Db, application_id: &str, before: Option<&str>) -> Result<(Vec<MessageRow>, bool), sqlx::Error> {
    // Ids are UUIDv7 in hex: they sort by time, so one index serves the order and the cursor.
    let sql = format!(
        "SELECT m.id, m.sender_id, m.body, m.created_at, m.read_at, u.first_name AS sender_first_name, \
         u.last_name AS sender_last_name, (u.erased_at IS NOT NULL) AS sender_erased \
         FROM application_messages m JOIN users u ON u.id = m.sender_id \
         WHERE m.application_id = $1 AND m.id < $2 ORDER BY m.id DESC LIMIT {}",
        PAGE + 1
    );
    // Every id sorts below this (hex digits and letters are below '~').
    let before = before.unwrap_or("~");
    let mut rows: Vec<MessageRow> = dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(application_id)
        .bind(before)
        .fetch_all(pool)
        .await)?;
    let more = rows.len() as i64 > PAGE;
    rows.truncate(PAGE as usize);
    Ok((rows, more))
}

/// How many messages to `reader_id` in the conversation are unread.
#[tracing::instrument(skip_all)]
pub async fn unread(db: &Db, application_id: &str, reader_id: &str) -> Result<i64, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM application_messages \
         WHERE application_id = $1 AND sender_id <> $2 AND read_at IS NULL";
    let (count,): (i64,) =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(application_id).bind(reader_id).fetch_one(pool).await)?;
    Ok(count)
}

/// Who writes a message.
pub struct Sender<'a> {
    pub id: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
}

pub enum Sent {
    /// The new message, and whether its recipient was e-mailed.
    Sent(MessageRow, bool),
    TooMany,
}

/// Adds a message, tells the recipient (`notice`) in the bell, and e-mails them (unless they
/// switched messages off) when they were not e-mailed about this conversation in the last 15
/// minutes or have read it since: the mail row's condition is the throttle, in the message's
/// transaction. The application row is locked first (an update that
/// changes nothing; on SQLite the transaction holds the write lock already), so messages sent at
/// once are counted in turn.
#[tracing::instrument(skip_all)]
pub async fn send(
    db: &Db,
    application_id: &str,
    sender: &Sender<'_>,
    body: &str,
    notice: &Notice,
) -> Result<Sent, sqlx::Error> {
    let sender_id = sender.id;
    const LOCK: &str = "UPDATE applications SET id = id WHERE id = $1 RETURNING job_id, applicant_id";
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM application_messages WHERE application_id = $1";
    const INSERT: &str = "INSERT INTO application_messages (id, application_id, sender_id, body, created_at) \
         VALUES ($1, $2, $3, $4, $5)";
    const THROTTLE: &str = "INSERT INTO conversation_mail (application_id, recipient_id, emailed_at) \
         VALUES ($1, $2, $3) ON CONFLICT (application_id, recipient_id) \
         DO UPDATE SET emailed_at = excluded.emailed_at WHERE conversation_mail.emailed_at <= $4";
    let id = new_id();
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (job_id, applicant_id): (String, String) =
            sqlx::query_as(LOCK).bind(application_id).fetch_one(&mut *tx).await?;
        let (count,): (i64,) = sqlx::query_as(COUNT).bind(application_id).fetch_one(&mut *tx).await?;
        if count >= MAX_MESSAGES {
            return Ok(Sent::TooMany);
        }
        let insert = sqlx::query(INSERT).bind(&id).bind(application_id).bind(sender_id).bind(body);
        insert.bind(now).execute(&mut *tx).await?;
        notifications::record(&mut tx, notice).await?;
        if sender_id == applicant_id {
            let data = serde_json::json!({ "messageId": id, "applicationId": application_id, "jobId": job_id });
            let received = Event::new(EventType::MessageReceived, &job_id, application_id, data);
            webhooks::repo::enqueue_all(&mut tx, &[received]).await?;
        }
        let mut mailed = false;
        if let Some(mail) = &notice.mail {
            let throttle = sqlx::query(THROTTLE).bind(application_id).bind(&notice.user_id).bind(now);
            mailed = throttle.bind(now - MAIL_EVERY_MILLIS).execute(&mut *tx).await?.rows_affected() == 1;
            if mailed {
                outbox::enqueue(&mut *tx, mail).await?;
            }
        }
        tx.commit().await?;
        let row = MessageRow {
            id,
            sender_id: sender_id.into(),
            body: body.into(),
            created_at: now,
            read_at: None,
            sender_first_name: sender.first_name.into(),
            sender_last_name: sender.last_name.into(),
            sender_erased: false,
        };
        Ok(Sent::Sent(row, mailed))
    })
}

/// Marks every message to `reader_id` in the conversation read, and lets the next one e-mail them
/// at once: how many were unread.
#[tracing::instrument(skip_all)]
pub async fn mark_read(db: &Db, application_id: &str, reader_id: &str) -> Result<u64, sqlx::Error> {
    const READ: &str = "UPDATE application_messages SET read_at = $1 \
         WHERE application_id = $2 AND sender_id <> $3 AND read_at IS NULL";
    const FORGET: &str = "DELETE FROM conversation_mail WHERE application_id = $1 AND recipient_id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let read = sqlx::query(READ).bind(now_millis()).bind(application_id).bind(reader_id).execute(&mut *tx).await?;
        sqlx::query(FORGET).bind(application_id).bind(reader_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(read.rows_affected())
    })
}
