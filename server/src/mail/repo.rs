//! The outbox's SQL: a change writes its message in its own transaction (`enqueue`); the worker
//! reads what is due, claims each message for a lease, and marks it sent or failed.

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;

use super::message::Mail;

/// Writes `mail` to the outbox through `executor`, the open transaction of the change it reports,
/// so the message is stored together with the change or not at all. Wake the worker with
/// `Outbox::notify` after the commit.
///
/// Generic over the engine rather than dispatched: the caller already holds a transaction of one
/// engine or the other (inside `dispatch!`), and one function serves both.
#[tracing::instrument(skip_all)]
pub async fn enqueue<'c, DB>(executor: impl sqlx::Executor<'c, Database = DB>, mail: &Mail) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<&'a str>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<i64>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    enqueue_all(executor, &[mail]).await
}

/// Writes each of `mails` to the outbox in one statement, as `enqueue` writes one.
#[tracing::instrument(skip_all)]
pub async fn enqueue_all<'c, DB>(
    executor: impl sqlx::Executor<'c, Database = DB>,
    mails: &[&Mail],
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<&'a str>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<i64>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    // No mail goes to a reserved `.invalid` address (RFC 2606): a deleted candidate's stand-in
    // has one, and a message to it could never arrive.
    let mails: Vec<&Mail> = mails.iter().copied().filter(|mail| !never_arrives(&mail.to)).collect();
    if mails.is_empty() {
        return Ok(());
    }
    // Its creation is also its first attempt's time: `$1`, shared by every row.
    let sql = format!(
        "WITH m (id, to_address, subject, text_body, html_body, list_unsubscribe, calendar, expires_at) AS \
         (VALUES {}) \
         INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at, next_attempt_at, \
         list_unsubscribe, calendar, expires_at) \
         SELECT id, to_address, subject, text_body, html_body, $1, $1, list_unsubscribe, calendar, expires_at FROM m",
        crate::db::rows(mails.len(), 8, 2)
    );
    let ids: Vec<String> = mails.iter().map(|_| new_id()).collect();
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_millis());
    for (mail, id) in mails.iter().zip(&ids) {
        insert = insert
            .bind(id.as_str())
            .bind(mail.to.as_str())
            .bind(mail.subject.as_str())
            .bind(mail.text.as_str())
            .bind(mail.html.as_str())
            .bind(mail.list_unsubscribe.as_deref())
            .bind(mail.calendar.as_deref())
            .bind(mail.expires_at);
    }
    insert.execute(executor).await.map(|_| ())
}

/// An address in the `.invalid` top-level domain, which RFC 2606 keeps from ever resolving.
fn never_arrives(address: &str) -> bool {
    address.trim_end_matches('>').to_ascii_lowercase().ends_with(".invalid")
}

/// A message waiting for delivery.
#[derive(Debug)]
pub struct Due {
    pub id: String,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub list_unsubscribe: Option<String>,
    pub calendar: Option<String>,
    pub attempts: i64,
    pub next_attempt_at: i64,
}

impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for Due
where
    &'r str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            to_address: row.try_get("to_address")?,
            subject: row.try_get("subject")?,
            text_body: row.try_get("text_body")?,
            html_body: row.try_get("html_body")?,
            list_unsubscribe: row.try_get("list_unsubscribe")?,
            calendar: row.try_get("calendar")?,
            attempts: row.try_get("attempts")?,
            next_attempt_at: row.try_get("next_attempt_at")?,
        })
    }
}

/// Messages the worker claims at a time: a crash between a delivery and its batch's mark
/// delivers at most this many again.
const BATCH: i64 = 20;

/// Claims the unsent messages due at `now`, at most `BATCH`, the longest waiting first, for this
/// worker until `lease_until`; a message another worker claimed first is left to it.
///
/// On PostgreSQL one statement reads and claims them, skipping rows another worker holds: the
/// outbox's bookkeeping was more than a quarter of PostgreSQL's work under applications when a
/// read and a claim of what it read were two statements, each planned every time (BENCHMARKS.md).
/// On SQLite they are read outside the one writers' turn, and a claim takes only what is still as
/// it was read.
#[tracing::instrument(skip_all)]
pub async fn claim_due(db: &Db, now: i64, lease_until: i64) -> Result<Vec<Due>, sqlx::Error> {
    const COLUMNS: &str = "id, to_address, subject, text_body, html_body, list_unsubscribe, calendar, attempts";
    match db {
        Db::Postgres(pool) => {
            // The due time before the claim orders the batch: RETURNING keeps no order.
            let sql = format!(
                "UPDATE outbox AS o SET next_attempt_at = $2 FROM \
                 (SELECT id AS due_id, next_attempt_at AS due_at FROM outbox \
                 WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3 \
                 FOR UPDATE SKIP LOCKED) AS d \
                 WHERE o.id = d.due_id RETURNING {}, d.due_at AS next_attempt_at",
                COLUMNS.split(", ").map(|column| format!("o.{column}")).collect::<Vec<_>>().join(", ")
            );
            let mut claimed: Vec<Due> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(now)
                .bind(lease_until)
                .bind(BATCH)
                .fetch_all(pool)
                .await?;
            claimed.sort_by(|a, b| (a.next_attempt_at, &a.id).cmp(&(b.next_attempt_at, &b.id)));
            Ok(claimed)
        }
        Db::Sqlite(pool) => {
            // Read outside the writers' turn; the claim takes it, for one statement.
            let due = format!(
                "SELECT {COLUMNS}, next_attempt_at FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
                 ORDER BY next_attempt_at LIMIT $2"
            );
            let due: Vec<Due> = sqlx::query_as(sqlx::AssertSqlSafe(due)).bind(now).bind(BATCH).fetch_all(pool).await?;
            if due.is_empty() {
                return Ok(due);
            }
            // Those another worker claimed first (their time moved) or that were sent meanwhile
            // are left out.
            let times: Vec<(&str, i64)> =
                due.iter().map(|message| (message.id.as_str(), message.next_attempt_at)).collect();
            let claimed = crate::db::lease_sqlite(pool, "outbox", "sent_at IS NULL", &times, lease_until).await?;
            Ok(due.into_iter().filter(|message| claimed.contains(&message.id)).collect())
        }
    }
}

/// Marks messages delivered, in one statement.
#[tracing::instrument(skip_all)]
pub async fn sent(db: &Db, ids: &[&str]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "UPDATE outbox SET sent_at = $1, attempts = attempts + 1, last_error = NULL WHERE id IN {}",
        crate::db::rows(1, ids.len(), 2)
    );
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut update = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
        for id in ids {
            update = update.bind(*id);
        }
        if matches!(db, Db::Postgres(_)) {
            // One statement is its own transaction.
            update.execute(pool).await.map(|_| ())
        } else {
            // The writers' turn first, as for any SQLite write.
            let mut tx = pool.begin_write().await?;
            update.execute(&mut *tx).await?;
            tx.commit().await
        }
    })
}

/// Counts a failed try of a message, with its error, and when to try again.
#[tracing::instrument(skip_all)]
pub async fn failed(db: &Db, id: &str, retry_at: i64, error: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3";
    dispatch!(db, |pool| sqlx::query(SQL).bind(retry_at).bind(error).bind(id).execute(pool).await.map(|_| ()))
}

/// How many mails wait to be sent, and when the oldest was written.
#[tracing::instrument(skip_all)]
pub async fn backlog(db: &Db) -> Result<(i64, Option<i64>), sqlx::Error> {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT), MIN(created_at) FROM outbox WHERE sent_at IS NULL";
    dispatch!(db, |pool| sqlx::query_as(SQL).fetch_one(pool).await)
}
