//! What the index reads from the database: the change log the triggers write (`job_changes`), the
//! jobs whose deadline passed, and each listed job in the form the index holds it.

use crate::db::Db;
use crate::dispatch;
use crate::jobs::model::{LISTED, NOT_FULL};

use super::index::JobDoc;

pub mod applicants;
pub mod database;

/// How long (milliseconds) the oldest change after `seq` has waited, by the clock of the database
/// that wrote it (the triggers stamp `at` with it, so another machine's clock would skew it); zero
/// when there is none.
#[tracing::instrument(skip_all)]
pub(crate) async fn change_lag(db: &Db, seq: i64) -> Result<i64, sqlx::Error> {
    const SQLITE: &str =
        "SELECT COALESCE(CAST(unixepoch('subsec') * 1000 AS INTEGER) - MIN(at), 0) FROM job_changes WHERE seq > $1";
    const POSTGRES: &str = "SELECT COALESCE((extract(epoch FROM clock_timestamp()) * 1000)::BIGINT - MIN(at), 0) \
         FROM job_changes WHERE seq > $1";
    let (lag,): (i64,) = match db {
        Db::Sqlite(pool) => sqlx::query_as(SQLITE).bind(seq).fetch_one(pool).await?,
        Db::Postgres(pool) => sqlx::query_as(POSTGRES).bind(seq).fetch_one(pool).await?,
    };
    Ok(lag.max(0))
}

/// PostgreSQL's changes up to `seq` $2 stamped within the last $1 milliseconds. The clock is read
/// in a subquery, once (an InitPlan), so the comparison can use the index on `at`: written inline,
/// `clock_timestamp()` is volatile and PostgreSQL read the whole log for it, after every write.
pub const LATE_CHANGES: &str = "SELECT seq, job_id FROM job_changes \
     WHERE at > (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT - $1) AND seq <= $2";

/// Listed jobs whose deadline is at most `until` and after `after` in (deadline, seq) order, a
/// batch at a time. `deadline >= $1` says again what the keyset condition implies, so that the
/// index on the deadline is read from `after` on: without it PostgreSQL's plan for the prepared
/// statement could walk the index from its start, every job whose deadline ever passed, and a
/// sweep that found nothing took 2.6-8 s at 1,000,000 jobs, every 10 seconds (BENCHMARKS.md).
#[tracing::instrument(skip_all)]
pub(crate) async fn closed_between(
    db: &Db,
    after: (i64, i64),
    until: i64,
    batch: i64,
) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    let sql = format!(
        "SELECT j.id, j.deadline, j.seq FROM jobs j WHERE {LISTED} AND j.deadline >= $1 AND j.deadline <= $3 \
         AND (j.deadline > $1 OR (j.deadline = $1 AND j.seq > $2)) ORDER BY j.deadline, j.seq LIMIT $4"
    );
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(after.0)
            .bind(after.1)
            .bind(until)
            .bind(batch)
            .fetch_all(pool)
            .await
    })
}

/// The last change-log seq the retention sweep deleted (0 when none was).
#[tracing::instrument(skip_all)]
pub(crate) async fn pruned_through(db: &Db) -> Result<i64, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COALESCE(MAX(pruned_through), 0) AS BIGINT) FROM sweeps WHERE name = 'retention'";
    let (pruned,): (i64,) = dispatch!(db, |pool| sqlx::query_as(SQL).fetch_one(pool).await)?;
    Ok(pruned)
}

#[tracing::instrument(skip_all)]
pub(crate) async fn last_change(db: &Db) -> Result<i64, sqlx::Error> {
    const SQL: &str = "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) FROM job_changes";
    let (last,): (i64,) = dispatch!(db, |pool| sqlx::query_as(SQL).fetch_one(pool).await)?;
    Ok(last)
}

/// The rows after `cursor`, and (for PostgreSQL's late commits) the rows of the last `late_window`
/// milliseconds behind it, by the database's clock, which is the one that wrote them.
#[tracing::instrument(skip_all)]
pub(crate) async fn changes_after(
    db: &Db,
    cursor: i64,
    late_window: i64,
    batch: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    const AFTER: &str = "SELECT seq, job_id FROM job_changes WHERE seq > $1 ORDER BY seq LIMIT $2";
    match db {
        Db::Sqlite(pool) => sqlx::query_as(AFTER).bind(cursor).bind(batch).fetch_all(pool).await,
        Db::Postgres(pool) => {
            let mut rows: Vec<(i64, String)> =
                sqlx::query_as(LATE_CHANGES).bind(late_window).bind(cursor).fetch_all(pool).await?;
            rows.extend(sqlx::query_as::<_, (i64, String)>(AFTER).bind(cursor).bind(batch).fetch_all(pool).await?);
            Ok(rows)
        }
    }
}

/// A job as the search index holds it; `full` is `open_at` less its deadline, negated (`NOT_FULL`).
fn doc_columns() -> String {
    format!(
        "seq, title, company, description, location, skillsets, category_id, job_type, work_mode, \
         COALESCE((SELECT co.slug FROM companies co WHERE co.id = j.company_id), '') AS company_slug, \
         COALESCE(salary_max, salary) AS salary, date_of_posting, deadline, \
         CASE WHEN {NOT_FULL} THEN 0 ELSE 1 END AS full"
    )
}

#[derive(sqlx::FromRow)]
struct DocRow {
    seq: i64,
    title: String,
    company: String,
    description: String,
    location: String,
    skillsets: String,
    category_id: String,
    company_slug: String,
    job_type: String,
    work_mode: String,
    salary: i64,
    date_of_posting: i64,
    deadline: i64,
    full: i32,
}

impl From<DocRow> for JobDoc {
    fn from(row: DocRow) -> Self {
        Self {
            seq: row.seq as u64,
            title: row.title,
            company: row.company,
            description: row.description,
            location: row.location,
            skills: serde_json::from_str(&row.skillsets).unwrap_or_default(),
            category_id: row.category_id,
            company_slug: row.company_slug,
            job_type: row.job_type,
            work_mode: row.work_mode,
            salary: row.salary,
            posted: row.date_of_posting,
            deadline: row.deadline,
            full: row.full != 0,
        }
    }
}

/// A listed job as the index holds it; `None` when it is deleted, hidden or gone.
#[tracing::instrument(skip_all)]
pub(crate) async fn indexed_form(db: &Db, job_id: &str) -> Result<Option<JobDoc>, sqlx::Error> {
    let sql = format!("SELECT {} FROM jobs j WHERE j.id = $1 AND {LISTED}", doc_columns());
    let row: Option<DocRow> =
        dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(job_id).fetch_optional(pool).await)?;
    Ok(row.map(JobDoc::from))
}

/// The index's key of a job: its `seq`, or for a job deleted outright (with its recruiter's
/// account) the seq its last change carried.
#[tracing::instrument(skip_all)]
pub(crate) async fn seq_of(db: &Db, job_id: &str) -> Result<Option<i64>, sqlx::Error> {
    const SQL: &str = "SELECT COALESCE((SELECT seq FROM jobs WHERE id = $1), \
         (SELECT MAX(job_seq) FROM job_changes WHERE job_id = $1 AND job_seq IS NOT NULL))";
    let (seq,): (Option<i64>,) = dispatch!(db, |pool| sqlx::query_as(SQL).bind(job_id).fetch_one(pool).await)?;
    Ok(seq)
}

/// Listed jobs before `before`, newest first, `limit` at a time (keyset paging). A rebuilt index
/// holds the newest jobs first, so among equally good matches they rank first.
#[tracing::instrument(skip_all)]
pub(crate) async fn listed_before(db: &Db, before: i64, limit: i64) -> Result<Vec<JobDoc>, sqlx::Error> {
    let sql =
        format!("SELECT {} FROM jobs j WHERE j.seq < $1 AND {LISTED} ORDER BY j.seq DESC LIMIT $2", doc_columns());
    let rows: Vec<DocRow> = dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(before).bind(limit).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(JobDoc::from).collect())
}
