use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::error::Constraint;
use crate::jobs::model::{LISTED, open_at};
use crate::mail::Mail;
use crate::mail::repo as outbox;

use super::model::{ApplicationRow, ApplicationStatus};

const SELECT: &str = "SELECT a.id, a.job_id, a.applicant_id, a.status, a.sop, a.created_at, a.decided_at, \
     j.title, j.salary, j.company, j.location, j.job_type, j.deadline, (j.deleted_at IS NOT NULL) AS job_removed, \
     COALESCE(rp.company, '') AS recruiter_company, u.first_name, u.last_name, u.email, \
     ap.resume_key, COALESCE(ap.education, '[]') AS education, COALESCE(ap.skills, '[]') AS skills \
     FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.applicant_id \
     LEFT JOIN recruiter_profiles rp ON rp.user_id = a.recruiter_id \
     LEFT JOIN applicant_profiles ap ON ap.user_id = a.applicant_id";

/// At most this many applications come back from one list call.
const LIST_LIMIT: i64 = 1000;

#[tracing::instrument(skip_all)]
async fn list(db: &Db, condition: &str, id: &str) -> Result<Vec<ApplicationRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE {condition} ORDER BY a.created_at DESC, a.id DESC LIMIT {LIST_LIMIT}");
    dispatch!(db, |pool| sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_all(pool).await)
}

/// An applicant's own applications, deleted jobs included.
#[tracing::instrument(skip_all)]
pub async fn of_applicant(db: &Db, applicant_id: &str) -> Result<Vec<ApplicationRow>, sqlx::Error> {
    list(db, "a.applicant_id = $1", applicant_id).await
}

/// The applications to a recruiter's listed jobs.
#[tracing::instrument(skip_all)]
pub async fn to_recruiter(db: &Db, recruiter_id: &str) -> Result<Vec<ApplicationRow>, sqlx::Error> {
    list(db, "a.recruiter_id = $1 AND j.deleted_at IS NULL", recruiter_id).await
}

#[tracing::instrument(skip_all)]
pub async fn of_job(db: &Db, job_id: &str) -> Result<Vec<ApplicationRow>, sqlx::Error> {
    list(db, "a.job_id = $1", job_id).await
}

#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<ApplicationRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE a.id = $1");
    dispatch!(db, |pool| sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// The jobs an applicant applied to, deleted ones included, as (`seq`, id): at most as many as a
/// list call gives.
#[tracing::instrument(skip_all)]
pub async fn jobs_applied_to(db: &Db, applicant_id: &str) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let sql = format!(
        "SELECT j.seq, j.id FROM applications a JOIN jobs j ON j.id = a.job_id WHERE a.applicant_id = $1 \
         LIMIT {LIST_LIMIT}"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant_id).fetch_all(pool).await)
}

pub enum ApplyOutcome {
    /// The new application's id.
    Applied(String),
    /// No such job, or it is deleted, hidden or its recruiter suspended.
    NoSuchJob,
    DeadlinePassed,
    /// Its recruiter closed it early.
    Closed,
    /// Every place is taken.
    Full,
    AlreadyApplied,
}

/// Applies: the capacity check and the insert in one transaction. Raising `applications_count`
/// under the conditions is the check; on PostgreSQL it also locks the job row, so parallel applies
/// to one job take turns, and on SQLite the transaction holds the write lock from its start.
#[tracing::instrument(skip_all)]
pub async fn apply(
    db: &Db,
    job_id: &str,
    applicant_id: &str,
    sop: &str,
    notice: impl FnOnce(&str) -> Mail,
) -> Result<ApplyOutcome, sqlx::Error> {
    // The job must be listed and open (the conditions every search and page uses).
    let reserve = format!(
        "UPDATE jobs AS j SET applications_count = j.applications_count + 1 WHERE j.id = $1 AND {LISTED} AND {}",
        open_at("$2")
    );
    // A job an admin hid, or whose recruiter is suspended, is as absent as a deleted one.
    const WHY: &str =
        "SELECT deadline, closed_at, COALESCE(deleted_at, hidden_at, suspended_at) FROM jobs WHERE id = $1";
    const DUPLICATE: &str = "SELECT id FROM applications WHERE job_id = $1 AND applicant_id = $2";
    const INSERT: &str = "INSERT INTO applications (id, job_id, applicant_id, recruiter_id, status, sop, created_at) \
         SELECT $1, id, $2, user_id, 'applied', $3, $4 FROM jobs WHERE id = $5";

    let id = new_id();
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let existing: Option<(String,)> =
            sqlx::query_as(DUPLICATE).bind(job_id).bind(applicant_id).fetch_optional(&mut *tx).await?;
        if existing.is_some() {
            return Ok(ApplyOutcome::AlreadyApplied);
        }
        let reserve = sqlx::query(sqlx::AssertSqlSafe(reserve));
        let reserved = reserve.bind(job_id).bind(now).execute(&mut *tx).await?.rows_affected() == 1;
        if !reserved {
            let why: Option<(i64, Option<i64>, Option<i64>)> =
                sqlx::query_as(WHY).bind(job_id).fetch_optional(&mut *tx).await?;
            return Ok(match why {
                None | Some((_, _, Some(_))) => ApplyOutcome::NoSuchJob,
                Some((deadline, _, None)) if deadline <= now => ApplyOutcome::DeadlinePassed,
                Some((_, Some(_), None)) => ApplyOutcome::Closed,
                Some(_) => ApplyOutcome::Full,
            });
        }
        let inserted = sqlx::query(INSERT).bind(&id).bind(applicant_id).bind(sop).bind(now).bind(job_id);
        if let Err(error) = inserted.execute(&mut *tx).await {
            return if Constraint::OneApplicationPerJob.is_violated_by(&error) {
                Ok(ApplyOutcome::AlreadyApplied)
            } else {
                Err(error)
            };
        }
        outbox::enqueue(&mut *tx, &notice(&id)).await?;
        tx.commit().await?;
        Ok(ApplyOutcome::Applied(id))
    })
}

pub enum Decision {
    Decided,
    NotFound,
    AlreadyDecided,
    Withdrawn,
    JobDeleted,
}

/// Moves an `applied` application of the recruiter's to `status`, once, and enqueues the notice.
#[tracing::instrument(skip_all)]
pub async fn decide(
    db: &Db,
    id: &str,
    recruiter_id: &str,
    status: ApplicationStatus,
    notice: &Mail,
) -> Result<Decision, sqlx::Error> {
    // A deleted job's applications stay with their applicants as a record, but are no longer
    // decided: the job is gone, and a shortlist e-mail for it would mislead.
    const UPDATE: &str = "UPDATE applications SET status = $1, decided_at = $2 WHERE id = $3 AND recruiter_id = $4 \
         AND status = 'applied' AND job_id IN (SELECT id FROM jobs WHERE deleted_at IS NULL)";
    const EXISTS: &str = "SELECT applications.status, jobs.deleted_at FROM applications \
         JOIN jobs ON jobs.id = applications.job_id WHERE applications.id = $1 AND applications.recruiter_id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let decided = sqlx::query(UPDATE)
            .bind(status.as_str())
            .bind(now_millis())
            .bind(id)
            .bind(recruiter_id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if !decided {
            let exists: Option<(ApplicationStatus, Option<i64>)> =
                sqlx::query_as(EXISTS).bind(id).bind(recruiter_id).fetch_optional(&mut *tx).await?;
            return Ok(match exists {
                None => Decision::NotFound,
                Some((ApplicationStatus::Withdrawn, _)) => Decision::Withdrawn,
                Some((status, _)) if status != ApplicationStatus::Applied => Decision::AlreadyDecided,
                Some(_) => Decision::JobDeleted,
            });
        }
        outbox::enqueue(&mut *tx, notice).await?;
        tx.commit().await?;
        Ok(Decision::Decided)
    })
}

pub enum Withdrawal {
    Withdrawn,
    NotFound,
    AlreadyDecided,
}

/// Withdraws an applicant's own `applied` application and frees the place it held on the job. The
/// status condition is the check, so a withdrawal and a recruiter's decision racing for the same
/// application cannot both succeed: whichever updates the row first wins, the other finds it decided.
#[tracing::instrument(skip_all)]
pub async fn withdraw(db: &Db, id: &str, applicant_id: &str) -> Result<Withdrawal, sqlx::Error> {
    const UPDATE: &str = "UPDATE applications SET status = 'withdrawn', decided_at = $1 \
         WHERE id = $2 AND applicant_id = $3 AND status = 'applied'";
    const FREE: &str = "UPDATE jobs SET applications_count = applications_count - 1 \
         WHERE id = (SELECT job_id FROM applications WHERE id = $1) AND applications_count > 0";
    const EXISTS: &str = "SELECT status FROM applications WHERE id = $1 AND applicant_id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let withdrawn =
            sqlx::query(UPDATE).bind(now_millis()).bind(id).bind(applicant_id).execute(&mut *tx).await?.rows_affected()
                == 1;
        if !withdrawn {
            let exists: Option<(ApplicationStatus,)> =
                sqlx::query_as(EXISTS).bind(id).bind(applicant_id).fetch_optional(&mut *tx).await?;
            return Ok(if exists.is_some() { Withdrawal::AlreadyDecided } else { Withdrawal::NotFound });
        }
        sqlx::query(FREE).bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Withdrawal::Withdrawn)
    })
}

/// The recruiter who owns a listed job: (id, first name, e-mail).
#[tracing::instrument(skip_all)]
pub async fn job_owner(db: &Db, job_id: &str) -> Result<Option<(String, String, String)>, sqlx::Error> {
    const SQL: &str = "SELECT u.id, u.first_name, u.email FROM jobs j JOIN users u ON u.id = j.user_id WHERE j.id = $1 AND j.deleted_at IS NULL";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(job_id).fetch_optional(pool).await)
}

/// A job's applications counted: (status, count) pairs, and (UTC day number, count) pairs since `since`.
pub type Counts = (Vec<(ApplicationStatus, i64)>, Vec<(i64, i64)>);

/// Applications counted by status, and by UTC day (Unix milliseconds / a day) since `since`: one
/// job's, or (`None`) every application on the site (the admin console's overview).
#[tracing::instrument(skip_all)]
pub async fn overview(db: &Db, job_id: Option<&str>, since: i64) -> Result<Counts, sqlx::Error> {
    let (of_job, and_of_job) = if job_id.is_some() { ("WHERE job_id = $1", "AND job_id = $2") } else { ("", "") };
    let by_status = format!("SELECT status, CAST(COUNT(*) AS BIGINT) FROM applications {of_job} GROUP BY status");
    let by_day = format!(
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS day, CAST(COUNT(*) AS BIGINT) \
         FROM applications WHERE created_at >= $1 {and_of_job} GROUP BY day ORDER BY day"
    );
    dispatch!(db, |pool| {
        let by_status = sqlx::query_as(sqlx::AssertSqlSafe(by_status));
        let by_day = sqlx::query_as(sqlx::AssertSqlSafe(by_day)).bind(since);
        let (by_status, by_day) = match job_id {
            Some(job_id) => (by_status.bind(job_id), by_day.bind(job_id)),
            None => (by_status, by_day),
        };
        Ok((by_status.fetch_all(pool).await?, by_day.fetch_all(pool).await?))
    })
}
