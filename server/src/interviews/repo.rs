use crate::db::{BeginWrite, Db, now_millis};
use crate::dispatch;
use crate::http::error::Constraint;
use crate::notifications::model::Notice;
use crate::notifications::repo as notifications;
use crate::webhooks::{self, Event, EventType};

use super::model::InterviewRow;

const SELECT: &str = "SELECT i.id, i.application_id, i.status, i.slots, i.starts_at, i.duration_minutes, i.location, \
     i.sequence, a.job_id, a.applicant_id, a.recruiter_id, a.stage AS application_stage, j.title, j.company, (j.deleted_at IS NOT NULL) AS job_removed, \
     ap.first_name AS applicant_first_name, ap.last_name AS applicant_last_name, ap.email AS applicant_email, \
     re.first_name AS recruiter_first_name, re.last_name AS recruiter_last_name, re.email AS recruiter_email \
     FROM interviews i JOIN applications a ON a.id = i.application_id JOIN jobs j ON j.id = a.job_id \
     JOIN users ap ON ap.id = a.applicant_id JOIN users re ON re.id = a.recruiter_id";

/// At most this many interviews of one application are listed.
const LISTED: i64 = 50;

#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<InterviewRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE i.id = $1");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// An application's interviews, newest first.
#[tracing::instrument(skip_all)]
pub async fn of_application(db: &Db, application_id: &str) -> Result<Vec<InterviewRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE i.application_id = $1 ORDER BY i.id DESC LIMIT {LISTED}");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(application_id).fetch_all(pool).await)
}

/// The interviews `user_id` is a side of (as the application's applicant or recruiter in charge), newest
/// first, at most `limit`.
#[tracing::instrument(skip_all)]
pub async fn of_party(db: &Db, user_id: &str, limit: i64) -> Result<Vec<InterviewRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE a.applicant_id = $1 OR a.recruiter_id = $1 ORDER BY i.id DESC LIMIT $2");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).bind(limit).fetch_all(pool).await)
}

/// A new interview's times and place.
pub struct Proposal<'a> {
    pub id: &'a str,
    pub application_id: &'a str,
    pub recruiter_id: &'a str,
    pub slots: &'a [i64],
    pub duration_minutes: i64,
    pub location: &'a str,
}

pub enum Proposed {
    Proposed,
    /// Not the recruiter's, or no such application.
    NotFound,
    JobDeleted,
    /// Hired, rejected or withdrawn.
    Closed,
    /// Another interview is proposed or booked.
    AlreadyPlanned,
}

/// Proposes an interview and tells the applicant, in one transaction: the insert's conditions are
/// the rules (the recruiter's application, its job not deleted, its stage not final), and the
/// unique index of planned interviews keeps one at a time.
#[tracing::instrument(skip_all)]
pub async fn propose(db: &Db, proposal: &Proposal<'_>, notice: &Notice) -> Result<Proposed, sqlx::Error> {
    const INSERT: &str = concat!(
        "INSERT INTO interviews (id, application_id, status, slots, duration_minutes, location, created_at, updated_at) \
         SELECT $1, a.id, 'proposed', $2, $3, $4, $5, $5 FROM applications a JOIN jobs j ON j.id = a.job_id \
         WHERE a.id = $6 AND ",
        crate::membership::model::works_on!("a.job_id", "$7"),
        " AND j.deleted_at IS NULL AND a.stage IN ('applied', 'screening', 'interview', 'offer')"
    );
    const WHY: &str = concat!(
        "SELECT a.stage, j.deleted_at FROM applications a JOIN jobs j ON j.id = a.job_id WHERE a.id = $1 AND ",
        crate::membership::model::works_on!("a.job_id", "$2")
    );
    let slots = serde_json::to_string(proposal.slots).unwrap_or_else(|_| "[]".into());
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let insert = sqlx::query(INSERT).bind(proposal.id).bind(&slots).bind(proposal.duration_minutes);
        let insert = insert.bind(proposal.location).bind(now).bind(proposal.application_id).bind(proposal.recruiter_id);
        let inserted = match insert.execute(&mut *tx).await {
            Ok(done) => done.rows_affected() == 1,
            Err(error) if Constraint::OnePlannedInterview.is_violated_by(&error) => {
                return Ok(Proposed::AlreadyPlanned);
            }
            Err(error) => return Err(error),
        };
        if !inserted {
            let why: Option<(String, Option<i64>)> = sqlx::query_as(WHY)
                .bind(proposal.application_id)
                .bind(proposal.recruiter_id)
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(match why {
                None => Proposed::NotFound,
                Some((_, Some(_))) => Proposed::JobDeleted,
                Some(_) => Proposed::Closed,
            });
        }
        notifications::tell(&mut tx, notice).await?;
        tx.commit().await?;
        Ok(Proposed::Proposed)
    })
}

/// A change of a planned interview: the new time, length and place (each `None` keeps it).
#[derive(Default)]
pub struct Change<'a> {
    pub starts_at: Option<i64>,
    pub duration_minutes: Option<i64>,
    pub location: Option<&'a str>,
}

/// Applies `update` to interview `id` as it was read at `sequence` (its parameters: the new start,
/// length and place, now, the id and the sequence) and, when it changed the row, tells every
/// notice and writes the webhook event of `kind`, in one transaction: false when the interview
/// changed meanwhile.
async fn change(
    db: &Db,
    update: &'static str,
    id: &str,
    sequence: i64,
    change: &Change<'_>,
    notices: &[Notice],
    kind: Option<EventType>,
) -> Result<bool, sqlx::Error> {
    const SUBJECT: &str = "SELECT i.application_id, a.job_id, i.starts_at FROM interviews i \
         JOIN applications a ON a.id = i.application_id WHERE i.id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let query = sqlx::query(update).bind(change.starts_at).bind(change.duration_minutes).bind(change.location);
        let changed = query.bind(now_millis()).bind(id).bind(sequence).execute(&mut *tx).await?.rows_affected() == 1;
        if !changed {
            return Ok(false);
        }
        for notice in notices {
            notifications::tell(&mut tx, notice).await?;
        }
        if let Some(kind) = kind {
            let (application_id, job_id, starts_at): (String, String, Option<i64>) =
                sqlx::query_as(SUBJECT).bind(id).fetch_one(&mut *tx).await?;
            let mut data = serde_json::json!({ "interviewId": id, "applicationId": application_id, "jobId": job_id });
            if kind == EventType::InterviewBooked {
                data["startsAt"] = starts_at.map(crate::db::rfc3339_from_millis).into();
            }
            let event = Event::new(kind, &job_id, &application_id, data);
            webhooks::repo::enqueue_all(&mut tx, &[event]).await?;
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// The applicant books one of the proposed times: false when the interview is no longer proposed
/// at `sequence` (booked or cancelled meanwhile).
#[tracing::instrument(skip_all)]
pub async fn book(db: &Db, id: &str, sequence: i64, starts_at: i64, notices: &[Notice]) -> Result<bool, sqlx::Error> {
    const UPDATE: &str = "UPDATE interviews SET status = 'booked', starts_at = $1, \
         duration_minutes = COALESCE($2, duration_minutes), location = COALESCE($3, location), updated_at = $4 \
         WHERE id = $5 AND status = 'proposed' AND sequence = $6";
    let booked = Change { starts_at: Some(starts_at), ..Change::default() };
    change(db, UPDATE, id, sequence, &booked, notices, Some(EventType::InterviewBooked)).await
}

/// The recruiter moves a booked interview: its sequence rises by one, and the reminder is due
/// again. False when it is no longer booked at `sequence`.
#[tracing::instrument(skip_all)]
pub async fn reschedule(
    db: &Db,
    id: &str,
    sequence: i64,
    to: &Change<'_>,
    notices: &[Notice],
) -> Result<bool, sqlx::Error> {
    const UPDATE: &str = "UPDATE interviews SET starts_at = COALESCE($1, starts_at), \
         duration_minutes = COALESCE($2, duration_minutes), location = COALESCE($3, location), \
         sequence = sequence + 1, reminded_at = NULL, updated_at = $4 \
         WHERE id = $5 AND status = 'booked' AND sequence = $6";
    change(db, UPDATE, id, sequence, to, notices, None).await
}

/// Either side cancels a planned interview: its sequence rises by one. False when it is no longer
/// planned at `sequence`.
#[tracing::instrument(skip_all)]
pub async fn cancel(db: &Db, id: &str, sequence: i64, notices: &[Notice]) -> Result<bool, sqlx::Error> {
    const UPDATE: &str = "UPDATE interviews SET status = 'cancelled', starts_at = COALESCE($1, starts_at), \
         duration_minutes = COALESCE($2, duration_minutes), location = COALESCE($3, location), \
         sequence = sequence + 1, updated_at = $4 \
         WHERE id = $5 AND status IN ('proposed', 'booked') AND sequence = $6";
    change(db, UPDATE, id, sequence, &Change::default(), notices, Some(EventType::InterviewCancelled)).await
}

/// Planned (proposed or booked) interviews whose application is hired, rejected or withdrawn, at
/// most `limit`.
#[tracing::instrument(skip_all)]
pub async fn planned_of_closed(db: &Db, limit: i64) -> Result<Vec<InterviewRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE i.status IN ('proposed', 'booked') AND a.stage IN ('hired', 'rejected', 'withdrawn') \
         ORDER BY i.id LIMIT {limit}"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await)
}

/// Booked interviews starting within `within` of `now` whose reminder has not gone out, at most
/// `limit`.
#[tracing::instrument(skip_all)]
pub async fn due_reminders(db: &Db, now: i64, within: i64, limit: i64) -> Result<Vec<InterviewRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE i.status = 'booked' AND i.reminded_at IS NULL AND i.starts_at > $1 AND i.starts_at <= $2 \
         ORDER BY i.starts_at LIMIT {limit}"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(now + within).fetch_all(pool).await)
}

/// Claims the reminder of an interview still booked at `sequence` and tells every notice, in one
/// transaction: false when another instance claimed it first or the interview changed.
#[tracing::instrument(skip_all)]
pub async fn remind(db: &Db, id: &str, sequence: i64, notices: &[Notice]) -> Result<bool, sqlx::Error> {
    const CLAIM: &str = "UPDATE interviews SET reminded_at = $1 \
         WHERE id = $2 AND status = 'booked' AND reminded_at IS NULL AND sequence = $3";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let claimed = sqlx::query(CLAIM).bind(now_millis()).bind(id).bind(sequence).execute(&mut *tx).await?;
        if claimed.rows_affected() != 1 {
            return Ok(false);
        }
        for notice in notices {
            notifications::tell(&mut tx, notice).await?;
        }
        tx.commit().await?;
        Ok(true)
    })
}

/// The booked interviews of the applications `recruiter_id` is in charge of, starting from
/// `since`, the soonest first, at most `limit`.
#[tracing::instrument(skip_all)]
pub async fn booked_for_recruiter(
    db: &Db,
    recruiter_id: &str,
    since: i64,
    limit: i64,
) -> Result<Vec<InterviewRow>, sqlx::Error> {
    let sql = format!(
        "{SELECT} WHERE a.recruiter_id = $1 AND i.status = 'booked' AND i.starts_at >= $2 \
         ORDER BY i.starts_at, i.id LIMIT $3"
    );
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(recruiter_id).bind(since).bind(limit).fetch_all(pool).await
    })
}

/// The version of the person's calendar feed address, while it is on.
#[tracing::instrument(skip_all)]
pub async fn feed_version(db: &Db, user_id: &str) -> Result<Option<i64>, sqlx::Error> {
    const SQL: &str = "SELECT version FROM calendar_feeds WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query_scalar(SQL).bind(user_id).fetch_optional(pool).await)
}

/// Turns the person's calendar feed on with a new address: the next version, ending the one before.
#[tracing::instrument(skip_all)]
pub async fn new_feed_version(db: &Db, user_id: &str) -> Result<i64, sqlx::Error> {
    const SQL: &str = "INSERT INTO calendar_feeds (user_id, version, created_at) VALUES ($1, 1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET version = calendar_feeds.version + 1, created_at = excluded.created_at \
         RETURNING version";
    dispatch!(db, |pool| sqlx::query_scalar(SQL).bind(user_id).bind(now_millis()).fetch_one(pool).await)
}

/// Turns the person's calendar feed off; false when it was off.
#[tracing::instrument(skip_all)]
pub async fn end_feed(db: &Db, user_id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "DELETE FROM calendar_feeds WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query(SQL).bind(user_id).execute(pool).await.map(|done| done.rows_affected() > 0))
}
