use crate::db::{Db, new_id, now_millis};
use crate::dispatch;

use super::model::{JOB_COLUMNS, Job, JobRow};

/// A job ready to be stored: every field already parsed and checked.
#[derive(Clone, Debug)]
pub struct NewJob {
    pub user_id: String,
    pub category_id: String,
    pub title: String,
    pub company: String,
    pub description: String,
    pub location: String,
    pub salary: i64,
    pub date_of_posting: i64,
    pub deadline: i64,
    pub max_applicants: i64,
    pub max_positions: i64,
    pub skillsets: Vec<String>,
    pub job_type: String,
}

pub async fn insert(db: &Db, job: &NewJob) -> Result<Job, sqlx::Error> {
    const INSERT: &str = "INSERT INTO jobs (id, user_id, category_id, title, company, description, location, \
         salary, date_of_posting, deadline, max_applicants, max_positions, skillsets, job_type, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)";
    let id = new_id();
    let skillsets = serde_json::to_string(&job.skillsets).expect("a list of strings serializes");
    let now = now_millis();
    dispatch!(db, |pool| {
        sqlx::query(INSERT)
            .bind(&id)
            .bind(&job.user_id)
            .bind(&job.category_id)
            .bind(&job.title)
            .bind(&job.company)
            .bind(&job.description)
            .bind(&job.location)
            .bind(job.salary)
            .bind(job.date_of_posting)
            .bind(job.deadline)
            .bind(job.max_applicants)
            .bind(job.max_positions)
            .bind(&skillsets)
            .bind(&job.job_type)
            .bind(now)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
    })?;
    find(db, &id).await?.ok_or(sqlx::Error::RowNotFound)
}

/// A listed (not deleted) job.
pub async fn find(db: &Db, id: &str) -> Result<Option<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.id = $1 AND j.deleted_at IS NULL"
    );
    let row = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await
    })?;
    Ok(row.map(Job::from))
}

/// One page of listed jobs, newest first, and how many there are in all.
pub async fn list_newest(db: &Db, limit: i64, offset: i64) -> Result<(Vec<Job>, i64), sqlx::Error> {
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM jobs WHERE deleted_at IS NULL";
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.deleted_at IS NULL ORDER BY j.created_at DESC, j.id DESC LIMIT $1 OFFSET $2"
    );
    let (rows, total) = dispatch!(db, |pool| {
        let rows = sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql))
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let (total,): (i64,) = sqlx::query_as(COUNT).fetch_one(pool).await?;
        (rows, total)
    });
    Ok((rows.into_iter().map(Job::from).collect(), total))
}

/// The newest listed jobs of a category, at most `limit`.
pub async fn list_by_category(db: &Db, category_id: &str, limit: i64) -> Result<Vec<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.category_id = $1 AND j.deleted_at IS NULL ORDER BY j.created_at DESC, j.id DESC LIMIT $2"
    );
    let rows = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(category_id).bind(limit).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}

/// A recruiter's listed jobs, newest first.
pub async fn list_by_recruiter(db: &Db, user_id: &str) -> Result<Vec<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.user_id = $1 AND j.deleted_at IS NULL ORDER BY j.created_at DESC, j.id DESC"
    );
    let rows = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}
