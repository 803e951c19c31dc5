use crate::db::{BeginWrite, Db, now_millis};
use crate::dispatch;
use crate::jobs::model::{JOB_COLUMNS, Job, JobRow, LISTED};

/// How many jobs one applicant may keep saved.
pub const MAX_SAVED: i64 = 500;

/// The applicant's saved jobs that are still listed, the most recently saved first.
#[tracing::instrument(skip_all)]
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM saved_jobs s JOIN jobs j ON j.id = s.job_id JOIN categories c ON c.id = j.category_id \
         WHERE s.user_id = $1 AND {LISTED} ORDER BY s.saved_at DESC, j.seq DESC LIMIT {MAX_SAVED}"
    );
    let rows = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}

pub enum Saved {
    Saved,
    NoSuchJob,
    TooMany,
}

/// Saves a listed job for the applicant; saving it again changes nothing. The limit counts what
/// the list shows (saves of listed jobs), so a job deleted or hidden since frees its place. The
/// count and the insert share a write transaction, so parallel saves cannot pass the limit together.
#[tracing::instrument(skip_all)]
pub async fn save(db: &Db, user_id: &str, job_id: &str) -> Result<Saved, sqlx::Error> {
    let listed = format!("SELECT j.id FROM jobs j WHERE j.id = $1 AND {LISTED}");
    const ALREADY: &str = "SELECT job_id FROM saved_jobs WHERE user_id = $1 AND job_id = $2";
    let count = format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM saved_jobs s JOIN jobs j ON j.id = s.job_id WHERE s.user_id = $1 AND {LISTED}"
    );
    const INSERT: &str = "INSERT INTO saved_jobs (user_id, job_id, saved_at) VALUES ($1, $2, $3)";
    const LOCK_USER: &str = "UPDATE users SET id = id WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        // On PostgreSQL the user's row is the lock one applicant's saves take turns on.
        sqlx::query(LOCK_USER).bind(user_id).execute(&mut *tx).await?;
        let found: Option<(String,)> =
            sqlx::query_as(sqlx::AssertSqlSafe(listed.as_str())).bind(job_id).fetch_optional(&mut *tx).await?;
        if found.is_none() {
            return Ok(Saved::NoSuchJob);
        }
        let already: Option<(String,)> =
            sqlx::query_as(ALREADY).bind(user_id).bind(job_id).fetch_optional(&mut *tx).await?;
        if already.is_some() {
            return Ok(Saved::Saved);
        }
        let (count,): (i64,) =
            sqlx::query_as(sqlx::AssertSqlSafe(count.as_str())).bind(user_id).fetch_one(&mut *tx).await?;
        if count >= MAX_SAVED {
            return Ok(Saved::TooMany);
        }
        sqlx::query(INSERT).bind(user_id).bind(job_id).bind(now_millis()).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Saved::Saved)
    })
}

/// Forgets a saved job; forgetting one that is not saved changes nothing.
#[tracing::instrument(skip_all)]
pub async fn unsave(db: &Db, user_id: &str, job_id: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM saved_jobs WHERE user_id = $1 AND job_id = $2";
    dispatch!(db, |pool| sqlx::query(SQL).bind(user_id).bind(job_id).execute(pool).await.map(|_| ()))
}
