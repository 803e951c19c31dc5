use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::jobs::model::{LISTED as JOB_LISTED, open_at};
use crate::mail::repo as outbox;
use crate::push;

use super::model::{EmailSettings, Kind, Notice, NotificationRow};

/// The bell lists this many, newest first.
pub const LISTED: i64 = 30;

/// Unread notifications are counted up to this many (the bell says "99+" beyond).
pub const COUNTED: i64 = 100;

/// The insert of `count` notifications (`$1`-`$7` the first one's id, user, kind, text, link,
/// ref and time, and so on), each told once when it is a job's closing.
fn insert(count: usize) -> String {
    format!(
        "INSERT INTO notifications (id, user_id, kind, text, link, ref_id, created_at) VALUES {} \
         ON CONFLICT (user_id, kind, ref_id) WHERE kind = 'job_closing' DO NOTHING",
        crate::db::rows(count, 7, 1)
    )
}

/// Records `notice` for the bell, and its pushes, in `tx`, the event's own open transaction, so the
/// event and its notification commit together. False when it was recorded before (a job's closing
/// is told once).
///
/// Generic over the engine rather than dispatched: the caller already holds a transaction of one
/// engine or the other (inside `dispatch!`).
#[tracing::instrument(skip_all)]
pub async fn record<DB>(tx: &mut crate::db::WriteTx<DB>, notice: &Notice) -> Result<bool, sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'r> String: sqlx::Decode<'r, DB> + sqlx::Type<DB>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    let insert = format!("{} RETURNING id", insert(1));
    let inserted: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(insert))
        .bind(new_id().as_str())
        .bind(notice.user_id.as_str())
        .bind(notice.kind.as_str())
        .bind(notice.text.as_str())
        .bind(notice.link.as_str())
        .bind(notice.ref_id.as_str())
        .bind(now_millis())
        .fetch_optional(&mut **tx)
        .await?;
    if inserted.is_some() {
        push::repo::enqueue_all(&mut **tx, &[notice.push()]).await?;
    }
    Ok(inserted.is_some())
}

/// Records `notice` for the bell, its pushes, and its e-mail when there is one, in the event's
/// transaction.
pub async fn tell<DB>(tx: &mut crate::db::WriteTx<DB>, notice: &Notice) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<&'a str>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<i64>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    tell_all(tx, &[notice]).await
}

/// Records each of `notices` for the bell, their pushes and their e-mails, in the events'
/// transaction: one statement for each of the three, however many there are.
pub async fn tell_all<DB>(tx: &mut crate::db::WriteTx<DB>, notices: &[&Notice]) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<&'a str>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<i64>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    if notices.is_empty() {
        return Ok(());
    }
    let sql = insert(notices.len());
    let ids: Vec<String> = notices.iter().map(|_| new_id()).collect();
    let now = now_millis();
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (notice, id) in notices.iter().zip(&ids) {
        insert = insert
            .bind(id.as_str())
            .bind(notice.user_id.as_str())
            .bind(notice.kind.as_str())
            .bind(notice.text.as_str())
            .bind(notice.link.as_str())
            .bind(notice.ref_id.as_str())
            .bind(now);
    }
    insert.execute(&mut **tx).await?;
    let pushes: Vec<_> = notices.iter().map(|notice| notice.push()).collect();
    push::repo::enqueue_all(&mut **tx, &pushes).await?;
    let mails: Vec<_> = notices.iter().filter_map(|notice| notice.mail.as_ref()).collect();
    outbox::enqueue_all(&mut **tx, &mails).await
}

/// Whether `user_id` takes e-mail of this kind.
#[tracing::instrument(skip_all)]
pub async fn email_wanted(db: &Db, user_id: &str, kind: Kind) -> Result<bool, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM notification_email_off WHERE user_id = $1 AND kind = $2";
    let (off,): (i64,) =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).bind(kind.as_str()).fetch_one(pool).await)?;
    Ok(off == 0)
}

#[tracing::instrument(skip_all)]
pub async fn settings(db: &Db, user_id: &str) -> Result<EmailSettings, sqlx::Error> {
    const SQL: &str = "SELECT kind FROM notification_email_off WHERE user_id = $1";
    let off: Vec<(String,)> = dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)?;
    let off: Vec<Kind> = off.iter().filter_map(|(kind,)| Kind::parse(kind)).collect();
    Ok(EmailSettings::from_off(&off))
}

/// Replaces the kinds `user_id` switched off for e-mail, in one transaction.
#[tracing::instrument(skip_all)]
pub async fn save_settings(db: &Db, user_id: &str, settings: &EmailSettings) -> Result<(), sqlx::Error> {
    const CLEAR: &str = "DELETE FROM notification_email_off WHERE user_id = $1";
    const OFF: &str = "INSERT INTO notification_email_off (user_id, kind) VALUES ($1, $2)";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(CLEAR).bind(user_id).execute(&mut *tx).await?;
        for kind in settings.off() {
            sqlx::query(OFF).bind(user_id).bind(kind.as_str()).execute(&mut *tx).await?;
        }
        tx.commit().await
    })
}

/// The newest notifications of `user_id`, as many as the bell lists.
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<NotificationRow>, sqlx::Error> {
    newest(db, user_id, LISTED).await
}

/// The newest `limit` notifications of `user_id`.
#[tracing::instrument(skip_all)]
pub async fn newest(db: &Db, user_id: &str, limit: i64) -> Result<Vec<NotificationRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, kind, text, link, created_at, read_at FROM notifications WHERE user_id = $1 \
         ORDER BY id DESC LIMIT $2";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).bind(limit).fetch_all(pool).await)
}

/// The next `limit` of `user_id`'s notifications older than the one `before` (all when `None`),
/// newest first: an export reads them a page at a time.
#[tracing::instrument(skip_all)]
pub async fn older(
    db: &Db,
    user_id: &str,
    before: Option<&str>,
    limit: i64,
) -> Result<Vec<NotificationRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, kind, text, link, created_at, read_at FROM notifications \
         WHERE user_id = $1 AND ($2 IS NULL OR id < $2) ORDER BY id DESC LIMIT $3";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).bind(before).bind(limit).fetch_all(pool).await)
}

/// How many of `user_id`'s notifications are unread, up to `COUNTED`, and the newest one's id:
/// what the open page is told.
#[tracing::instrument(skip_all)]
pub async fn unread(db: &Db, user_id: &str) -> Result<(i64, Option<String>), sqlx::Error> {
    let count = format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT 1 FROM notifications \
         WHERE user_id = $1 AND read_at IS NULL LIMIT {COUNTED}) AS unread"
    );
    const NEWEST: &str = "SELECT MAX(id) FROM notifications WHERE user_id = $1";
    dispatch!(db, |pool| {
        let (count,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(count)).bind(user_id).fetch_one(pool).await?;
        let (newest,): (Option<String>,) = sqlx::query_as(NEWEST).bind(user_id).fetch_one(pool).await?;
        Ok((count, newest))
    })
}

/// Marks one of `user_id`'s notifications read, or (`None`) all of them: how many were unread.
#[tracing::instrument(skip_all)]
pub async fn mark_read(db: &Db, user_id: &str, id: Option<&str>) -> Result<u64, sqlx::Error> {
    const ONE: &str = "UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL AND id = $3";
    const ALL: &str = "UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL";
    let now = now_millis();
    dispatch!(db, |pool| {
        let done = match id {
            Some(id) => sqlx::query(ONE).bind(now).bind(user_id).bind(id).execute(pool).await?,
            None => sqlx::query(ALL).bind(now).bind(user_id).execute(pool).await?,
        };
        Ok(done.rows_affected())
    })
}

/// Whether `user_id` has a notification `id`.
#[tracing::instrument(skip_all)]
pub async fn exists(db: &Db, user_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM notifications WHERE user_id = $1 AND id = $2";
    let (count,): (i64,) = dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).bind(id).fetch_one(pool).await)?;
    Ok(count == 1)
}

/// Open jobs whose deadline is within `soon_millis` and whose recruiter has not been told, the
/// `batch` closing first: (job id, title, recruiter id,
/// first name, e-mail, applications so far).
pub type Closing = (String, String, String, String, String, i64);

#[tracing::instrument(skip_all)]
pub async fn closing_soon(db: &Db, now: i64, soon_millis: i64, batch: i64) -> Result<Vec<Closing>, sqlx::Error> {
    let sql = format!(
        "SELECT j.id, j.title, j.user_id, u.first_name, u.email, j.applications_count FROM jobs j \
         JOIN users u ON u.id = j.user_id WHERE {JOB_LISTED} AND {} AND j.deadline <= $2 \
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = j.user_id AND n.kind = 'job_closing' \
         AND n.ref_id = j.id) ORDER BY j.deadline LIMIT {batch}",
        open_at("$1")
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(now + soon_millis)
        .fetch_all(pool)
        .await)
}
