//! The retention sweep's SQL: its claim, and the deletions it makes a bounded batch at a time.

use std::time::Duration;

use crate::db::Db;
use crate::dispatch;

/// Rows one statement deletes at most; the sweep repeats it until fewer are left.
const BATCH: i64 = 1_000;

/// Claims the sweep due at `now` for this instance (false when another has it, or it is not due):
/// the claim moves its due time on by `interval`, so it is one statement and one winner.
#[tracing::instrument(skip_all)]
pub async fn claim(db: &Db, now: i64, interval: Duration) -> Result<bool, sqlx::Error> {
    const SQL: &str = "UPDATE sweeps SET due_at = $1 WHERE name = 'retention' AND due_at <= $2";
    let next = now + interval.as_millis() as i64;
    dispatch!(db, |pool| {
        sqlx::query(SQL).bind(next).bind(now).execute(pool).await.map(|done| done.rows_affected() == 1)
    })
}

/// Deletes the rows of `table` that match `condition` (with `$1` bound to `bound`), `BATCH` at a
/// time by their key, until none is left; returns how many went.
#[tracing::instrument(skip_all, fields(table = table))]
pub async fn delete_in_batches(
    db: &Db,
    table: &str,
    key: &str,
    condition: &str,
    bound: i64,
) -> Result<u64, sqlx::Error> {
    let sql = format!("DELETE FROM {table} WHERE {key} IN (SELECT {key} FROM {table} WHERE {condition} LIMIT {BATCH})");
    let mut total = 0;
    loop {
        let deleted = dispatch!(db, |pool| {
            sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
                .bind(bound)
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        total += deleted;
        if deleted < BATCH as u64 {
            return Ok(total);
        }
    }
}

/// The ids of credential mail whose credential stopped working by `now`.
#[tracing::instrument(skip_all)]
pub async fn expired_credential_mail(db: &Db, now: i64) -> Result<Vec<String>, sqlx::Error> {
    const SQL: &str = "SELECT id FROM outbox WHERE expires_at IS NOT NULL AND expires_at <= $1";
    dispatch!(db, |pool| sqlx::query_scalar(SQL).bind(now).fetch_all(pool).await)
}

/// The e-mail throttle of conversations (one row per application and recipient) after its window.
#[tracing::instrument(skip_all)]
pub async fn delete_conversation_mail(db: &Db, cutoff: i64) -> Result<u64, sqlx::Error> {
    const SQL: &str = "DELETE FROM conversation_mail WHERE emailed_at < $1";
    dispatch!(db, |pool| sqlx::query(SQL).bind(cutoff).execute(pool).await.map(|done| done.rows_affected()))
}

/// Deletes the change log written before `cutoff`. The last seq deleted is recorded first, in the
/// same transaction, so an instance whose index is behind it knows to rebuild.
#[tracing::instrument(skip_all)]
pub async fn prune_change_log(db: &Db, cutoff: i64) -> Result<u64, sqlx::Error> {
    const LAST: &str = "SELECT MAX(seq) FROM job_changes WHERE at < $1";
    const MARK: &str = "UPDATE sweeps SET pruned_through = $1 WHERE name = 'retention' AND pruned_through < $1";
    let last: Option<i64> = dispatch!(db, |pool| sqlx::query_scalar(LAST).bind(cutoff).fetch_one(pool).await)?;
    let Some(last) = last else { return Ok(0) };
    dispatch!(db, |pool| sqlx::query(MARK).bind(last).execute(pool).await.map(|_| ()))?;
    delete_in_batches(db, "job_changes", "seq", "seq <= $1", last).await
}
