use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::jobs::model::rfc3339_from_millis;
use crate::mail::Mail;
use crate::mail::repo as outbox;
use crate::push::PushKind;
use crate::push::repo::Push;

/// How many searches one applicant may keep.
pub const MAX_SEARCHES: i64 = 20;

/// A saved search as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedSearch {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The search as /jobs and `/jobs/alljobs` take it (`q=rust&jobType=Full-time`).
    pub query: String,
    /// False while the daily alert is paused.
    pub alerts: bool,
    /// RFC 3339, UTC.
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
pub struct SearchRow {
    pub id: String,
    pub user_id: String,
    pub name: String,
    pub query: String,
    pub paused_at: Option<i64>,
    pub seen_seq: i64,
    pub created_at: i64,
}

impl From<SearchRow> for SavedSearch {
    fn from(row: SearchRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            query: row.query,
            alerts: row.paused_at.is_none(),
            created_at: rfc3339_from_millis(row.created_at),
        }
    }
}

const COLUMNS: &str = "id, user_id, name, query, paused_at, seen_seq, created_at";
const LAST_SEQ: &str = "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) FROM jobs";

#[tracing::instrument(skip_all)]
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<SearchRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY created_at, id");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await)
}

#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<SearchRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM saved_searches WHERE id = $1");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// Saves a search whose alerts start from the jobs posted after now; `None` when the applicant
/// already keeps the most there may be. The count and the insert share a write transaction.
#[tracing::instrument(skip_all)]
pub async fn insert(db: &Db, user_id: &str, name: &str, query: &str) -> Result<Saved, sqlx::Error> {
    const LOCK_USER: &str = "UPDATE users SET id = id WHERE id = $1";
    const THEIRS: &str = "SELECT id, query FROM saved_searches WHERE user_id = $1";
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM saved_searches WHERE user_id = $1";
    const INSERT: &str = "INSERT INTO saved_searches (id, user_id, name, query, paused_at, seen_seq, created_at) \
         VALUES ($1, $2, $3, $4, NULL, $5, $6)";
    let id = new_id();
    // With the owner's row locked, two saves of the same search at once cannot both find none. (A
    // `return` in `dispatch!` leaves this function, and the transaction rolls back.)
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(LOCK_USER).bind(user_id).execute(&mut *tx).await?;
        let theirs: Vec<(String, String)> = sqlx::query_as(THEIRS).bind(user_id).fetch_all(&mut *tx).await?;
        let wanted = same_search_key(query);
        if let Some((existing, _)) = theirs.into_iter().find(|(_, saved)| same_search_key(saved) == wanted) {
            return Ok(Saved::AlreadySaved(existing));
        }
        let (count,): (i64,) = sqlx::query_as(COUNT).bind(user_id).fetch_one(&mut *tx).await?;
        if count >= MAX_SEARCHES {
            return Ok(Saved::Full);
        }
        let (last,): (i64,) = sqlx::query_as(LAST_SEQ).fetch_one(&mut *tx).await?;
        sqlx::query(INSERT)
            .bind(&id)
            .bind(user_id)
            .bind(name)
            .bind(query)
            .bind(last)
            .bind(now_millis())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok::<(), sqlx::Error>(())
    })?;
    Ok(find(db, &id).await?.map_or(Saved::Full, |row| Saved::Inserted(Box::new(row))))
}

/// A search's filters in one order: `q=rust&location=Pune` and `location=Pune&q=rust` are the
/// same search.
fn same_search_key(query: &str) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> =
        form_urlencoded::parse(query.as_bytes()).map(|(key, value)| (key.into_owned(), value.into_owned())).collect();
    pairs.sort();
    pairs
}

/// What saving a search did.
pub enum Saved {
    Inserted(Box<SearchRow>),
    /// The owner keeps `MAX_SEARCHES` already.
    Full,
    /// The owner saved this very search before: its id.
    AlreadySaved(String),
}

/// Renames the owner's search, and pauses or resumes its alerts; a resumed search starts from the
/// jobs posted after now, so it does not send what was posted while it was paused. False when the
/// owner has no such search.
#[tracing::instrument(skip_all)]
pub async fn update(
    db: &Db,
    id: &str,
    user_id: &str,
    name: Option<&str>,
    alerts: Option<bool>,
) -> Result<bool, sqlx::Error> {
    const RENAME: &str = "UPDATE saved_searches SET name = $1 WHERE id = $2 AND user_id = $3";
    const PAUSE: &str = "UPDATE saved_searches SET paused_at = $1 WHERE id = $2 AND user_id = $3 AND paused_at IS NULL";
    const RESUME: &str = "UPDATE saved_searches SET paused_at = NULL, seen_seq = $1 \
         WHERE id = $2 AND user_id = $3 AND paused_at IS NOT NULL";
    const OWNED: &str = "SELECT id FROM saved_searches WHERE id = $1 AND user_id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let owned: Option<(String,)> = sqlx::query_as(OWNED).bind(id).bind(user_id).fetch_optional(&mut *tx).await?;
        if owned.is_none() {
            return Ok(false);
        }
        if let Some(name) = name {
            sqlx::query(RENAME).bind(name).bind(id).bind(user_id).execute(&mut *tx).await?;
        }
        match alerts {
            Some(false) => {
                sqlx::query(PAUSE).bind(now_millis()).bind(id).bind(user_id).execute(&mut *tx).await?;
            }
            Some(true) => {
                let (last,): (i64,) = sqlx::query_as(LAST_SEQ).fetch_one(&mut *tx).await?;
                sqlx::query(RESUME).bind(last).bind(id).bind(user_id).execute(&mut *tx).await?;
            }
            None => {}
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// Deletes the owner's search; false when the owner has no such search.
#[tracing::instrument(skip_all)]
pub async fn delete(db: &Db, id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "DELETE FROM saved_searches WHERE id = $1 AND user_id = $2";
    dispatch!(db, |pool| sqlx::query(SQL)
        .bind(id)
        .bind(user_id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected() == 1))
}

/// Pauses a search's alerts from its e-mail's link (no login: the link is signed); false when the
/// search is gone.
#[tracing::instrument(skip_all)]
pub async fn pause(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    const PAUSE: &str = "UPDATE saved_searches SET paused_at = COALESCE(paused_at, $1) WHERE id = $2 RETURNING name";
    dispatch!(db, |pool| {
        sqlx::query_as::<_, (String,)>(PAUSE)
            .bind(now_millis())
            .bind(id)
            .fetch_optional(pool)
            .await
            .map(|row| row.map(|(name,)| name))
    })
}

/// Turns a search's alerts back on from its e-mail's link, from the jobs posted after now (on
/// already is no error); its name, or None when it was deleted.
#[tracing::instrument(skip_all)]
pub async fn resume(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    const RESUME: &str =
        "UPDATE saved_searches SET paused_at = NULL, seen_seq = $1 WHERE id = $2 AND paused_at IS NOT NULL";
    const NAME: &str = "SELECT name FROM saved_searches WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (last,): (i64,) = sqlx::query_as(LAST_SEQ).fetch_one(&mut *tx).await?;
        sqlx::query(RESUME).bind(last).bind(id).execute(&mut *tx).await?;
        let name: Option<(String,)> = sqlx::query_as(NAME).bind(id).fetch_optional(&mut *tx).await?;
        tx.commit().await?;
        Ok(name.map(|(name,)| name))
    })
}

/// Pauses every search of `user_id` (none is no error).
#[tracing::instrument(skip_all)]
pub async fn pause_all(db: &Db, user_id: &str) -> Result<(), sqlx::Error> {
    const PAUSE: &str = "UPDATE saved_searches SET paused_at = COALESCE(paused_at, $1) WHERE user_id = $2";
    dispatch!(db, |pool| sqlx::query(PAUSE).bind(now_millis()).bind(user_id).execute(pool).await.map(|_| ()))
}

/// The last job (by seq) posted at or before `until`: an alert considers jobs up to it.
#[tracing::instrument(skip_all)]
pub async fn last_seq_posted_by(db: &Db, until: i64) -> Result<i64, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) FROM jobs WHERE created_at <= $1";
    dispatch!(db, |pool| sqlx::query_as::<_, (i64,)>(SQL).bind(until).fetch_one(pool).await.map(|(seq,)| seq))
}

/// People with an active search behind `cutoff` who were not sent an alert since `not_since` and
/// are not suspended, at most `limit`.
#[tracing::instrument(skip_all)]
pub async fn people_due(
    db: &Db,
    cutoff: i64,
    not_since: i64,
    limit: i64,
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    const SQL: &str = "SELECT DISTINCT u.id, u.email, u.first_name FROM saved_searches s JOIN users u ON u.id = s.user_id \
         LEFT JOIN alert_mail m ON m.user_id = s.user_id \
         WHERE s.paused_at IS NULL AND s.seen_seq < $1 AND (m.last_sent_at IS NULL OR m.last_sent_at <= $2) \
         AND u.suspended_at IS NULL \
         ORDER BY u.id LIMIT $3";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(cutoff).bind(not_since).bind(limit).fetch_all(pool).await)
}

/// Moves the searches' windows on to `cutoff` without a mail (nothing new matched them).
#[tracing::instrument(skip_all)]
pub async fn advance(db: &Db, search_ids: &[String], cutoff: i64) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE saved_searches SET seen_seq = $1 WHERE id = $2 AND seen_seq < $1";
    for id in search_ids {
        dispatch!(db, |pool| sqlx::query(SQL).bind(cutoff).bind(id).execute(pool).await.map(|_| ()))?;
    }
    Ok(())
}

/// Sends one person's alert: claims their day (no other alert to them since `not_since`), moves
/// their searches' windows on to `cutoff` and stores the mail, all in one transaction, so the same
/// jobs are never mailed twice and a mail is never lost. False when another run claimed the day,
/// or the person was suspended since they were found due (checked on their row, which a
/// suspension writes, so the two take turns).
#[tracing::instrument(skip_all)]
pub async fn send(
    db: &Db,
    user_id: &str,
    search_ids: &[String],
    cutoff: i64,
    not_since: i64,
    mail: &Mail,
) -> Result<bool, sqlx::Error> {
    const FIRST: &str =
        "INSERT INTO alert_mail (user_id, last_sent_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING";
    const AGAIN: &str = "UPDATE alert_mail SET last_sent_at = $1 WHERE user_id = $2 AND last_sent_at <= $3";
    const ADVANCE: &str = "UPDATE saved_searches SET seen_seq = $1 WHERE id = $2 AND seen_seq < $1";
    const NOT_SUSPENDED: &str = "UPDATE users SET id = id WHERE id = $1 AND suspended_at IS NULL";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        if sqlx::query(NOT_SUSPENDED).bind(user_id).execute(&mut *tx).await?.rows_affected() != 1 {
            return Ok(false);
        }
        let claimed = sqlx::query(FIRST).bind(user_id).bind(now).execute(&mut *tx).await?.rows_affected() == 1
            || sqlx::query(AGAIN).bind(now).bind(user_id).bind(not_since).execute(&mut *tx).await?.rows_affected() == 1;
        if !claimed {
            return Ok(false);
        }
        for id in search_ids {
            sqlx::query(ADVANCE).bind(cutoff).bind(id).execute(&mut *tx).await?;
        }
        outbox::enqueue(&mut *tx, mail).await?;
        let push = Push { user_id, kind: PushKind::NewJobs, link: "/dashboard/saved-searches" };
        crate::push::repo::enqueue_all(&mut *tx, &[push]).await?;
        tx.commit().await?;
        Ok(true)
    })
}
