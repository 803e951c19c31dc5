use std::collections::HashMap;

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::webhooks::{self, Event, EventType};

use super::model::{JOB_COLUMNS, Job, JobEdit, JobRow, LISTED, NewJob, open_at};

pub enum Posted {
    Listed(Box<Job>),
    /// No such category, or an admin hid it: it takes no new jobs.
    NoCategory,
    /// An admin suspended the recruiter while the job was on its way.
    Suspended,
    /// An admin suspended the recruiter's company: it posts no jobs.
    CompanySuspended,
}

/// Lists a new job, unless its category is hidden or missing or its recruiter suspended. The
/// statement itself checks both, holding the two rows (on PostgreSQL) until it commits: a
/// suspension or a hidden category committed first is seen, and one committed after finds the job
/// (it hides the suspended recruiter's jobs in its own transaction). SQLite runs one writer at a time.
#[tracing::instrument(skip_all)]
pub async fn insert(db: &Db, job: &NewJob) -> Result<Posted, sqlx::Error> {
    const INSERT: &str = "INSERT INTO jobs (id, user_id, category_id, title, company, description, location, \
         salary, date_of_posting, deadline, max_applicants, max_positions, skillsets, job_type, created_at, \
         salary_max, work_mode, questions, company_id) \
         SELECT $1, u.id, c.id, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
         (SELECT m.company_id FROM company_members m WHERE m.user_id = u.id) \
         FROM users u JOIN categories c ON c.id = $3 \
         WHERE u.id = $2 AND u.suspended_at IS NULL AND c.hidden_at IS NULL \
         AND NOT EXISTS (SELECT 1 FROM company_members m JOIN companies co ON co.id = m.company_id \
         WHERE m.user_id = u.id AND co.suspended_at IS NOT NULL)";
    let insert = match db {
        Db::Sqlite(_) => INSERT.to_string(),
        Db::Postgres(_) => format!("{INSERT} FOR SHARE OF u, c"),
    };
    let id = new_id();
    let skillsets = serde_json::to_string(&job.skillsets).expect("a list of strings serializes");
    let questions = serde_json::to_string(&job.questions).expect("questions serialize");
    let now = now_millis();
    let published = Event::of_job(EventType::JobPublished, &id, serde_json::json!({ "title": job.title }));
    let inserted = dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let inserted = sqlx::query(sqlx::AssertSqlSafe(insert.as_str()))
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
            .bind(job.job_type.as_str())
            .bind(now)
            .bind(job.salary_max)
            .bind(job.work_mode.as_str())
            .bind(&questions)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if inserted == 1 {
            webhooks::repo::enqueue_all(&mut tx, std::slice::from_ref(&published)).await?;
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(inserted)
    })?;
    if inserted == 1 {
        let job = find_posted(db, &id, &job.user_id).await?.ok_or(sqlx::Error::RowNotFound)?;
        return Ok(Posted::Listed(Box::new(job)));
    }
    const COMPANY_SUSPENDED: &str = "SELECT co.id FROM company_members m JOIN companies co ON co.id = m.company_id \
         WHERE m.user_id = $1 AND co.suspended_at IS NOT NULL";
    let suspended = crate::accounts::repo::is_suspended(db, &job.user_id).await?;
    let company: Option<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(COMPANY_SUSPENDED).bind(&job.user_id).fetch_optional(pool).await)?;
    Ok(match (suspended, company) {
        (true, _) => Posted::Suspended,
        (false, Some(_)) => Posted::CompanySuspended,
        (false, None) => Posted::NoCategory,
    })
}

/// A listed job (see `LISTED`): what anyone may see.
#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id WHERE j.id = $1 AND {LISTED}"
    );
    let row = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await
    })?;
    Ok(row.map(Job::from))
}

/// Where a job stands for its public page.
#[derive(Clone)]
pub enum JobPage {
    /// Anyone may see it; `open` while it takes applications.
    Listed { job: Box<Job>, open: bool },
    /// Deleted by its recruiter: gone for good.
    Deleted,
    /// Hidden by an admin, or its recruiter suspended: not there for anyone else.
    Hidden,
}

/// A job as its public page reads it, with what became of it.
#[derive(sqlx::FromRow)]
struct PageRow {
    #[sqlx(flatten)]
    job: JobRow,
    deleted: bool,
    hidden: bool,
    open: bool,
}

impl From<PageRow> for JobPage {
    fn from(row: PageRow) -> Self {
        match row {
            PageRow { deleted: true, .. } => JobPage::Deleted,
            PageRow { hidden: true, .. } => JobPage::Hidden,
            PageRow { job, open, .. } => JobPage::Listed { job: Box::new(Job::from(job)), open },
        }
    }
}

/// The columns of a `PageRow`, `$2` the time its `open` is reckoned at.
fn page_select() -> String {
    format!(
        "SELECT {JOB_COLUMNS}, (j.deleted_at IS NOT NULL) AS deleted, \
         (j.hidden_at IS NOT NULL OR j.suspended_at IS NOT NULL) AS hidden, ({}) AS open \
         FROM jobs j JOIN categories c ON c.id = j.category_id",
        open_at("$2")
    )
}

/// A job whatever became of it, for its public page at `now`; `None` when there never was one.
#[tracing::instrument(skip_all)]
pub async fn find_page(db: &Db, id: &str, now: i64) -> Result<Option<JobPage>, sqlx::Error> {
    let sql = format!("{} WHERE j.id = $1", page_select());
    let row: Option<PageRow> = dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).fetch_optional(pool).await
    })?;
    Ok(row.map(JobPage::from))
}

/// `find_page` for several jobs in one statement, by id: those that never were are not in it. One
/// statement text for any number (the ids bound as one value: a JSON array on SQLite, an array on
/// PostgreSQL), prepared once per connection.
#[tracing::instrument(skip_all)]
pub async fn find_pages(db: &Db, ids: &[&str], now: i64) -> Result<HashMap<String, JobPage>, sqlx::Error> {
    let rows: Vec<PageRow> = match db {
        Db::Sqlite(pool) => {
            let sql = format!("{} WHERE j.id IN (SELECT value FROM json_each($1))", page_select());
            let list = serde_json::to_string(ids).expect("strings serialize");
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(list).bind(now).fetch_all(pool).await?
        }
        Db::Postgres(pool) => {
            let sql = format!("{} WHERE j.id = ANY($1)", page_select());
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(ids).bind(now).fetch_all(pool).await?
        }
    };
    Ok(rows.into_iter().map(|row| (row.job.id.clone(), JobPage::from(row))).collect())
}

/// The job `id` when `condition` (SQL over `j`, `$2` the user) holds for `user_id`.
async fn find_where(db: &Db, id: &str, user_id: &str, condition: &str) -> Result<Option<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id WHERE j.id = $1 AND {condition}"
    );
    let row = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(pool).await
    })?;
    Ok(row.map(Job::from))
}

/// A job just posted by `user_id`, whatever its company.
async fn find_posted(db: &Db, id: &str, user_id: &str) -> Result<Option<Job>, sqlx::Error> {
    find_where(db, id, user_id, "j.user_id = $2").await
}

/// A job `user_id` manages (`manages!`: an owner or recruiter of its company) that is not
/// deleted, hidden by an admin or not.
#[tracing::instrument(skip_all)]
pub async fn find_own(db: &Db, id: &str, user_id: &str) -> Result<Option<Job>, sqlx::Error> {
    let condition = concat!(crate::membership::model::manages!("j.id", "$2"), " AND j.deleted_at IS NULL");
    find_where(db, id, user_id, condition).await
}

/// A job `user_id` works the pipeline of (`works_on!`) that is not deleted.
#[tracing::instrument(skip_all)]
pub async fn find_worked(db: &Db, id: &str, user_id: &str) -> Result<Option<Job>, sqlx::Error> {
    let condition = concat!(crate::membership::model::works_on!("j.id", "$2"), " AND j.deleted_at IS NULL");
    find_where(db, id, user_id, condition).await
}

/// The most jobs one list of a member's jobs holds.
pub const WORKED_LIMIT: i64 = 1000;

/// The jobs `user_id` works the pipeline of (`works_on!`) that are not deleted, newest first, at
/// most `WORKED_LIMIT`: those an admin hid too, with the reason.
#[tracing::instrument(skip_all)]
pub async fn list_worked(db: &Db, user_id: &str) -> Result<Vec<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.id IN ({}) AND j.deleted_at IS NULL ORDER BY j.seq DESC LIMIT {WORKED_LIMIT}",
        crate::membership::model::jobs_worked_by!("$1")
    );
    let rows = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}

/// The jobs a recruiter is in charge of that are not deleted, newest first: those an admin hid
/// too, with the reason.
#[tracing::instrument(skip_all)]
pub async fn list_by_recruiter(db: &Db, user_id: &str) -> Result<Vec<Job>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.user_id = $1 AND j.deleted_at IS NULL ORDER BY j.seq DESC"
    );
    let rows = dispatch!(db, |pool| {
        sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Job::from).collect())
}

pub enum EditOutcome {
    Edited(Box<Job>),
    NotFound,
    BelowApplications(i64),
    DeadlineNotAfterPosting,
}

/// Applies an edit in one statement whose conditions hold the rules, so an application arriving
/// at the same moment cannot slip under a lowered `maxApplicants`.
#[tracing::instrument(skip_all)]
///
/// `questions` (the JSON of the job's questions, parsed against those it had) replaces them when
/// given.
pub async fn edit(
    db: &Db,
    id: &str,
    user_id: &str,
    edit: &JobEdit,
    questions: Option<&str>,
) -> Result<EditOutcome, sqlx::Error> {
    const UPDATE: &str = concat!(
        "UPDATE jobs SET max_applicants = $1, max_positions = $2, deadline = $3, questions = COALESCE($6, questions) \
         WHERE id = $4 AND ",
        crate::membership::model::manages!("jobs.id", "$5"),
        " AND deleted_at IS NULL AND applications_count <= $1 AND date_of_posting < $3"
    );
    const WHY: &str = concat!(
        "SELECT applications_count, date_of_posting FROM jobs WHERE id = $1 AND ",
        crate::membership::model::manages!("jobs.id", "$2"),
        " AND deleted_at IS NULL"
    );
    let edited = dispatch!(db, |pool| {
        sqlx::query(UPDATE)
            .bind(edit.max_applicants)
            .bind(edit.max_positions)
            .bind(edit.deadline)
            .bind(id)
            .bind(user_id)
            .bind(questions)
            .execute(pool)
            .await
            .map(|done| done.rows_affected() == 1)
    })?;
    if edited {
        let job = find_own(db, id, user_id).await?;
        return Ok(job.map_or(EditOutcome::NotFound, |job| EditOutcome::Edited(Box::new(job))));
    }
    let why: Option<(i64, i64)> =
        dispatch!(db, |pool| sqlx::query_as(WHY).bind(id).bind(user_id).fetch_optional(pool).await)?;
    Ok(match why {
        None => EditOutcome::NotFound,
        Some((count, _)) if count > edit.max_applicants => EditOutcome::BelowApplications(count),
        Some(_) => EditOutcome::DeadlineNotAfterPosting,
    })
}

/// Marks a job `user_id` manages deleted; false when they manage no such listed job.
#[tracing::instrument(skip_all)]
pub async fn delete(db: &Db, id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = concat!(
        "UPDATE jobs SET deleted_at = $1 WHERE id = $2 AND ",
        crate::membership::model::manages!("jobs.id", "$3"),
        " AND deleted_at IS NULL"
    );
    let now = now_millis();
    let deleted = Event::of_job(EventType::JobDeleted, id, serde_json::json!({}));
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let done = sqlx::query(SQL).bind(now).bind(id).bind(user_id).execute(&mut *tx).await?.rows_affected() == 1;
        if done {
            webhooks::repo::enqueue_all(&mut tx, std::slice::from_ref(&deleted)).await?;
        }
        tx.commit().await?;
        Ok(done)
    })
}

pub enum CloseOutcome {
    Done(Box<Job>),
    NotFound,
    /// Closing a closed job, or reopening an open one.
    AlreadyThere,
    /// Reopening a job whose deadline has passed.
    DeadlinePassed,
    /// Reopening a job whose every position is filled by a hire.
    Filled,
}

/// Closes a job `user_id` manages to applications before its deadline; the condition is the rule.
#[tracing::instrument(skip_all)]
pub async fn close(db: &Db, id: &str, user_id: &str) -> Result<CloseOutcome, sqlx::Error> {
    const UPDATE: &str = concat!(
        "UPDATE jobs SET closed_at = $1 WHERE id = $2 AND ",
        crate::membership::model::manages!("jobs.id", "$3"),
        " AND deleted_at IS NULL AND closed_at IS NULL"
    );
    let event = Event::job_closed(id, "closed");
    let closed = dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let done =
            sqlx::query(UPDATE).bind(now_millis()).bind(id).bind(user_id).execute(&mut *tx).await?.rows_affected() == 1;
        if done {
            webhooks::repo::enqueue_all(&mut tx, std::slice::from_ref(&event)).await?;
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(done)
    })?;
    settle(db, id, user_id, closed, false).await
}

/// Reopens a closed job `user_id` manages, while its deadline is ahead and a position is left to
/// fill.
#[tracing::instrument(skip_all)]
pub async fn reopen(db: &Db, id: &str, user_id: &str) -> Result<CloseOutcome, sqlx::Error> {
    const UPDATE: &str = concat!(
        "UPDATE jobs SET closed_at = NULL WHERE id = $1 AND ",
        crate::membership::model::manages!("jobs.id", "$2"),
        " AND deleted_at IS NULL AND closed_at IS NOT NULL AND deadline > $3 AND hired_count < max_positions"
    );
    const FILLED: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM jobs WHERE id = $1 AND hired_count >= max_positions";
    let reopened = dispatch!(db, |pool| {
        sqlx::query(UPDATE)
            .bind(id)
            .bind(user_id)
            .bind(now_millis())
            .execute(pool)
            .await
            .map(|done| done.rows_affected() == 1)
    })?;
    match settle(db, id, user_id, reopened, true).await? {
        CloseOutcome::DeadlinePassed => {
            let (filled,): (i64,) = dispatch!(db, |pool| sqlx::query_as(FILLED).bind(id).fetch_one(pool).await)?;
            Ok(if filled == 1 { CloseOutcome::Filled } else { CloseOutcome::DeadlinePassed })
        }
        outcome => Ok(outcome),
    }
}

/// The job after a close or reopen, or why the update changed nothing.
async fn settle(db: &Db, id: &str, user_id: &str, changed: bool, reopening: bool) -> Result<CloseOutcome, sqlx::Error> {
    let job = find_own(db, id, user_id).await?;
    Ok(match job {
        None => CloseOutcome::NotFound,
        Some(job) if changed => CloseOutcome::Done(Box::new(job)),
        Some(job) if reopening && job.closed_at.is_some() => CloseOutcome::DeadlinePassed,
        Some(_) => CloseOutcome::AlreadyThere,
    })
}

/// Listed jobs by `seq`, in the order given: what the search index found, read from the database
/// so the application count is live. A job deleted or hidden since it was indexed is left out, and
/// with `open_as_of` one not open then (`open_at`: its deadline passed, it was closed or filled).
/// One statement text for any list (the seqs are bound as one value: a JSON array on SQLite, an
/// array on PostgreSQL), so each connection prepares it once, not once per search.
#[tracing::instrument(skip_all)]
pub async fn by_seq(db: &Db, seqs: &[u64], open_as_of: Option<i64>) -> Result<Vec<Job>, sqlx::Error> {
    if seqs.is_empty() {
        return Ok(Vec::new());
    }
    let wanted: Vec<i64> = seqs.iter().map(|seq| *seq as i64).collect();
    let open = match open_as_of {
        Some(_) => format!(" AND {}", open_at("$2")),
        None => String::new(),
    };
    let select = format!("SELECT j.seq AS seq, {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id");
    let rows: Vec<SeqRow> = match db {
        Db::Sqlite(pool) => {
            let sql = format!("{select} WHERE j.seq IN (SELECT value FROM json_each($1)) AND {LISTED}{open}");
            let list = serde_json::to_string(&wanted).expect("numbers serialize");
            let query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(list);
            match open_as_of {
                Some(at) => query.bind(at).fetch_all(pool).await?,
                None => query.fetch_all(pool).await?,
            }
        }
        Db::Postgres(pool) => {
            let sql = format!("{select} WHERE j.seq = ANY($1) AND {LISTED}{open}");
            let query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&wanted);
            match open_as_of {
                Some(at) => query.bind(at).fetch_all(pool).await?,
                None => query.fetch_all(pool).await?,
            }
        }
    };
    let mut by_seq: std::collections::HashMap<i64, JobRow> = rows.into_iter().map(|row| (row.seq, row.job)).collect();
    Ok(wanted.iter().filter_map(|seq| by_seq.remove(seq)).map(Job::from).collect())
}

#[derive(sqlx::FromRow)]
struct SeqRow {
    seq: i64,
    #[sqlx(flatten)]
    job: JobRow,
}
