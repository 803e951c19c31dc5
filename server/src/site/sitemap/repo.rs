//! What the sitemap reads: the open jobs (listed, and taking applications at the time asked), the
//! listed categories and the companies that have a page.

use std::ops::Range;

use crate::db::Db;
use crate::dispatch;
use crate::jobs::model::{LISTED, open_at};

/// The condition of a job that takes applications now (`j` is jobs, `$1` is now).
fn open_condition() -> String {
    format!("{LISTED} AND {}", open_at("$1"))
}

/// The newest job's `seq` (0 when there is none), whatever became of it: one look at the primary key.
#[tracing::instrument(skip_all)]
pub async fn last_seq(db: &Db) -> Result<i64, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) FROM jobs";
    let (last,): (i64,) = dispatch!(db, |pool| sqlx::query_as(SQL).fetch_one(pool).await)?;
    Ok(last)
}

/// How many jobs are open at `now`, counted up to `limit` at most.
#[tracing::instrument(skip_all)]
pub async fn count_open(db: &Db, now: i64, limit: i64) -> Result<i64, sqlx::Error> {
    let sql = format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT 1 FROM jobs j WHERE {} LIMIT {limit}) capped",
        open_condition()
    );
    let (open,): (i64,) =
        dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).fetch_one(pool).await)?;
    Ok(open)
}

/// Each block of `block_size` in `seq` that holds a job open at `now`, in order, with the newest
/// such job's `created_at`.
#[tracing::instrument(skip_all)]
pub async fn open_blocks(db: &Db, now: i64, block_size: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT CAST(j.seq / {block_size} AS BIGINT) AS block, CAST(MAX(j.created_at) AS BIGINT) AS newest \
         FROM jobs j WHERE {} GROUP BY block ORDER BY block",
        open_condition()
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).fetch_all(pool).await)
}

/// The listed categories' names in the order they were made, each with the `created_at` of its
/// newest listed job (its own when it has none).
#[tracing::instrument(skip_all)]
pub async fn categories_with_newest_job(db: &Db) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT c.name, CAST(COALESCE(MAX(j.created_at), c.created_at) AS BIGINT) AS newest FROM categories c \
         LEFT JOIN jobs j ON j.category_id = c.id AND {LISTED} \
         WHERE c.hidden_at IS NULL GROUP BY c.id, c.name, c.created_at ORDER BY c.created_at, c.id"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await)
}

/// The jobs open at `now` whose `seq` is in `seqs`, oldest first, at most `limit`: each one's id
/// and `created_at`.
#[tracing::instrument(skip_all)]
pub async fn open_jobs(db: &Db, now: i64, seqs: Range<i64>, limit: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT j.id, j.created_at FROM jobs j WHERE {} AND j.seq >= $2 AND j.seq < $3 ORDER BY j.seq LIMIT {limit}",
        open_condition()
    );
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(seqs.start).bind(seqs.end).fetch_all(pool).await
    })
}

/// The condition of a company with a page (`co` is companies): not removed, not suspended.
const COMPANY_SHOWN: &str = "co.removed_at IS NULL AND co.suspended_at IS NULL";

/// How many companies have a page, counted up to `limit` at most.
#[tracing::instrument(skip_all)]
pub async fn count_companies(db: &Db, limit: i64) -> Result<i64, sqlx::Error> {
    let sql = format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT 1 FROM companies co WHERE {COMPANY_SHOWN} LIMIT $1) capped"
    );
    let (count,): (i64,) =
        dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).fetch_one(pool).await)?;
    Ok(count)
}

/// The companies that have a page, oldest first, from the `skip`-th, at most `limit`: each one's
/// slug and the `created_at` of its newest listed job (its last change when it has none).
#[tracing::instrument(skip_all)]
pub async fn companies(db: &Db, skip: i64, limit: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT co.slug, CAST(COALESCE((SELECT MAX(j.created_at) FROM jobs j WHERE j.company_id = co.id AND {LISTED}), \
         co.updated_at) AS BIGINT) AS newest FROM companies co WHERE {COMPANY_SHOWN} \
         ORDER BY co.created_at, co.id LIMIT $1 OFFSET $2"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).bind(skip).fetch_all(pool).await)
}
