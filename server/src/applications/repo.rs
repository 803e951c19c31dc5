use std::collections::HashMap;

use crate::db::{BeginWrite, Db, new_id, now_millis, rows};
use crate::dispatch;
use crate::jobs::model::{LISTED, before_deadline, open_at};
use crate::notifications::model::Notice;
use crate::notifications::repo as notifications;
use crate::webhooks::{self, Event, EventType};

use super::model::{ApplicationRow, ListView, MoveRow, Note, Stage};

const SELECT: &str = "SELECT a.id, a.job_id, a.applicant_id, a.recruiter_id, a.stage, a.sop, a.created_at, a.rating, a.rejection_reason, \
     (SELECT CAST(COUNT(*) AS BIGINT) FROM application_notes n WHERE n.application_id = a.id) AS notes_count, \
     (SELECT MIN(i.starts_at) FROM interviews i WHERE i.application_id = a.id AND i.status = 'booked') \
     AS booked_interview_at, \
     j.title, j.salary, j.salary_max, j.company, j.location, j.job_type, j.deadline, (j.deleted_at IS NOT NULL) AS job_removed, \
     COALESCE(rp.company, '') AS recruiter_company, u.first_name, u.last_name, \
     CASE WHEN u.erased_at IS NULL THEN u.email ELSE '' END AS email, \
     ap.resume_key, COALESCE(ap.education, '[]') AS education, COALESCE(ap.skills, '[]') AS skills, \
     a.answers, a.requirements, a.requirements_met \
     FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.applicant_id \
     LEFT JOIN recruiter_profiles rp ON rp.user_id = a.recruiter_id \
     LEFT JOIN applicant_profiles ap ON ap.user_id = a.applicant_id";

/// `SELECT` with the applicant's resume words (`resume_text`), for the few rows a search shows.
static SELECT_WITH_RESUME: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    SELECT.replacen(" FROM applications a", ", COALESCE(ap.resume_text, '') AS resume_text FROM applications a", 1)
});

/// The moves of the applications a condition picks, oldest first.
const MOVES: &str = "SELECT m.application_id, m.stage, (m.actor_id = a.applicant_id) AS by_applicant, m.reason, m.at, \
     (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = m.actor_id AND m.actor_id <> a.applicant_id) \
     AS actor_name FROM application_moves m JOIN applications a ON a.id = m.application_id WHERE m.application_id IN";

/// At most this many applications come back from one list call.
const LIST_LIMIT: i64 = 1000;

/// An application with its moves, oldest first.
pub type Found = (ApplicationRow, Vec<MoveRow>);

fn with_moves(rows: Vec<ApplicationRow>, moves: Vec<MoveRow>) -> Vec<Found> {
    let mut by_application: HashMap<String, Vec<MoveRow>> = HashMap::new();
    for step in moves {
        by_application.entry(step.application_id.clone()).or_default().push(step);
    }
    rows.into_iter()
        .map(|row| {
            let moves = by_application.remove(&row.id).unwrap_or_default();
            (row, moves)
        })
        .collect()
}

#[tracing::instrument(skip_all)]
async fn list(db: &Db, condition: &str, id: &str) -> Result<Vec<Found>, sqlx::Error> {
    let order = format!("ORDER BY a.created_at DESC, a.id DESC LIMIT {LIST_LIMIT}");
    let sql = format!("{SELECT} WHERE {condition} {order}");
    let moves = format!(
        "{MOVES} (SELECT a.id FROM applications a JOIN jobs j ON j.id = a.job_id WHERE {condition} {order}) \
         ORDER BY m.at, m.id"
    );
    let (rows, moves) = dispatch!(db, |pool| {
        let rows = sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_all(pool).await?;
        let moves = sqlx::query_as::<_, MoveRow>(sqlx::AssertSqlSafe(moves)).bind(id).fetch_all(pool).await?;
        Ok::<_, sqlx::Error>((rows, moves))
    })?;
    Ok(with_moves(rows, moves))
}

/// An applicant's own applications, deleted jobs included.
#[tracing::instrument(skip_all)]
pub async fn of_applicant(db: &Db, applicant_id: &str) -> Result<Vec<Found>, sqlx::Error> {
    list(db, "a.applicant_id = $1", applicant_id).await
}

/// The applications to the listed jobs a member works (`works_on!`).
#[tracing::instrument(skip_all)]
pub async fn to_recruiter(db: &Db, recruiter_id: &str, view: ListView) -> Result<Vec<Found>, sqlx::Error> {
    const WORKED: &str =
        concat!("a.job_id IN (", crate::membership::model::jobs_worked_by!("$1"), ") AND j.deleted_at IS NULL");
    let narrowed = match view {
        ListView::All => "",
        ListView::Assigned => {
            " AND (j.user_id = $1 OR EXISTS (SELECT 1 FROM job_team t WHERE t.job_id = a.job_id AND t.user_id = $1))"
        }
        ListView::Review => {
            " AND a.stage = 'applied' AND a.rating IS NULL \
             AND NOT EXISTS (SELECT 1 FROM application_notes n WHERE n.application_id = a.id)"
        }
    };
    list(db, &format!("{WORKED}{narrowed}"), recruiter_id).await
}

/// The ids of the listed jobs a member works (`works_on!`): what their applicant search looks in.
#[tracing::instrument(skip_all)]
pub async fn jobs_worked(db: &Db, user_id: &str) -> Result<Vec<String>, sqlx::Error> {
    const SQL: &str = concat!(crate::membership::model::jobs_worked_by!("$1"), " AND wj.deleted_at IS NULL");
    let rows: Vec<(String,)> = dispatch!(db, |pool| sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Of the applications `ids`, those still searched (not withdrawn, their applicant's account not
/// deleted) to one of the jobs `worked` (read for this search: listed jobs the member works), with
/// their applicant's resume words.
#[tracing::instrument(skip_all)]
pub async fn worked_among(
    db: &Db,
    ids: &[String],
    worked: &std::collections::HashSet<&str>,
) -> Result<Vec<Found>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let listed = rows(1, ids.len(), 1);
    let sql =
        format!("{} WHERE a.id IN {listed} AND a.stage <> 'withdrawn' AND u.erased_at IS NULL", *SELECT_WITH_RESUME);
    let moves = format!("{MOVES} {listed} ORDER BY m.at, m.id");
    let (mut found, moves) = dispatch!(db, |pool| {
        let mut query = sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql));
        let mut steps = sqlx::query_as::<_, MoveRow>(sqlx::AssertSqlSafe(moves));
        for id in ids {
            query = query.bind(id.as_str());
            steps = steps.bind(id.as_str());
        }
        Ok::<_, sqlx::Error>((query.fetch_all(pool).await?, steps.fetch_all(pool).await?))
    })?;
    found.retain(|row| worked.contains(row.job_id.as_str()));
    Ok(with_moves(found, moves))
}

#[tracing::instrument(skip_all)]
pub async fn of_job(db: &Db, job_id: &str) -> Result<Vec<Found>, sqlx::Error> {
    list(db, "a.job_id = $1", job_id).await
}

/// An application's row without its moves: who its two sides are, its job and its stage, for a
/// call that only addresses or checks it.
#[tracing::instrument(skip_all)]
pub async fn row(db: &Db, id: &str) -> Result<Option<ApplicationRow>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE a.id = $1");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<Found>, sqlx::Error> {
    let sql = format!("{SELECT} WHERE a.id = $1");
    let moves = format!("{MOVES} ($1) ORDER BY m.at, m.id");
    let (row, moves) = dispatch!(db, |pool| {
        let row = sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?;
        let moves = match row {
            Some(_) => sqlx::query_as::<_, MoveRow>(sqlx::AssertSqlSafe(moves)).bind(id).fetch_all(pool).await?,
            None => Vec::new(),
        };
        Ok::<_, sqlx::Error>((row, moves))
    })?;
    Ok(row.map(|row| (row, moves)))
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

#[derive(Debug, PartialEq, Eq)]
pub enum ApplyOutcome {
    /// The new application's id and time, and whether it took the job's last place.
    Applied {
        id: String,
        at: i64,
        filled: bool,
    },
    /// No such job, or it is deleted, hidden or its recruiter suspended.
    NoSuchJob,
    DeadlinePassed,
    /// Its recruiter closed it early.
    Closed,
    /// Every place is taken.
    Full,
    AlreadyApplied,
}

/// What an application needs to know before its transaction (`applying`), and what its answer
/// shows of the job, the recruiter and the applicant.
#[derive(sqlx::FromRow)]
pub struct Applying {
    pub title: String,
    pub company: String,
    pub salary: i64,
    pub salary_max: Option<i64>,
    pub location: String,
    pub job_type: crate::jobs::model::JobType,
    pub deadline: i64,
    pub recruiter_id: String,
    pub recruiter_first_name: String,
    pub recruiter_email: String,
    pub recruiter_company: String,
    /// `None` when the applicant's account is gone.
    pub applicant_first_name: Option<String>,
    pub applicant_last_name: Option<String>,
    pub applicant_email: Option<String>,
    pub resume_key: Option<String>,
    pub education: String,
    pub skills: String,
    /// Whether the recruiter switched off e-mail of new applications (a count, 0 or 1).
    pub email_off: i64,
    /// Whether the applicant applied to the job already (a count, 0 or 1).
    pub applied: i64,
    /// How many are on the job's hiring team (who are told of the application beside its recruiter).
    pub team_size: i64,
    /// The account type of the caller's session, `None` when it is not open (ended, expired, or
    /// its account suspended or gone): the session is looked up in this read, not before it.
    pub caller_type: Option<crate::accounts::model::AccountType>,
    /// The job's screening questions, as stored (a JSON list).
    pub questions: String,
}

impl Applying {
    /// The application made from this, as a read of it would give it: `id` at `created_at`, in
    /// the applied stage with no move yet. `None` when the applicant's account is gone.
    pub fn made(
        self,
        id: String,
        job_id: String,
        applicant_id: String,
        sop: String,
        created_at: i64,
        screened: &Screened,
    ) -> Option<ApplicationRow> {
        Some(ApplicationRow {
            id,
            job_id,
            applicant_id,
            recruiter_id: self.recruiter_id,
            stage: Stage::Applied,
            sop,
            created_at,
            rating: None,
            rejection_reason: None,
            notes_count: 0,
            booked_interview_at: None,
            title: self.title,
            salary: self.salary,
            salary_max: self.salary_max,
            company: self.company,
            location: self.location,
            job_type: self.job_type,
            deadline: self.deadline,
            job_removed: false,
            recruiter_company: self.recruiter_company,
            first_name: self.applicant_first_name?,
            last_name: self.applicant_last_name?,
            email: self.applicant_email?,
            resume_key: self.resume_key,
            education: self.education,
            skills: self.skills,
            answers: screened.answers.clone(),
            requirements: screened.requirements,
            requirements_met: screened.requirements_met,
            resume_text: String::new(),
        })
    }
}

/// An application's answers to its job's questions, as stored: the JSON list of answers (each with
/// its question as asked), and how many requirements there were and how many it meets.
#[derive(Clone, Debug, Default)]
pub struct Screened {
    pub answers: String,
    pub requirements: i64,
    pub requirements_met: i64,
}

/// In one read: the listed job `job_id`, its recruiter and whether they take e-mail of new
/// applications, the applicant with their profile, whether they applied already, and the account
/// type of the applicant's session `jti` if it is open (as `accounts::repo::session_user` finds
/// it). `None` when the job is not listed (deleted, hidden, its recruiter suspended, or never there).
#[tracing::instrument(skip_all)]
pub async fn applying(db: &Db, job_id: &str, applicant_id: &str, jti: &str) -> Result<Option<Applying>, sqlx::Error> {
    let sql = format!(
        "SELECT j.title, j.company, j.salary, j.salary_max, j.location, j.job_type, j.deadline, j.questions, \
         r.id AS recruiter_id, \
         r.first_name AS recruiter_first_name, r.email AS recruiter_email, \
         COALESCE(rp.company, '') AS recruiter_company, a.first_name AS applicant_first_name, \
         a.last_name AS applicant_last_name, a.email AS applicant_email, ap.resume_key, \
         COALESCE(ap.education, '[]') AS education, COALESCE(ap.skills, '[]') AS skills, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM notification_email_off o WHERE o.user_id = r.id AND o.kind = $3) \
         AS email_off, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM applications x WHERE x.job_id = j.id AND x.applicant_id = $2) \
         AS applied, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM job_team t WHERE t.job_id = j.id) AS team_size, \
         (SELECT u.account_type FROM {}) AS caller_type \
         FROM jobs j JOIN users r ON r.id = j.user_id LEFT JOIN recruiter_profiles rp ON rp.user_id = j.user_id \
         LEFT JOIN users a ON a.id = $2 LEFT JOIN applicant_profiles ap ON ap.user_id = $2 \
         WHERE j.id = $1 AND {LISTED}",
        crate::accounts::repo::session_open("$4", "$2", "$5")
    );
    let kind = crate::notifications::model::Kind::NewApplication;
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(job_id)
            .bind(applicant_id)
            .bind(kind.as_str())
            .bind(jti)
            .bind(now_millis())
            .fetch_optional(pool)
            .await
    })
}

/// Records a move in the open transaction.
///
/// A move's time is `$6`, or just after the application's last step when that is later: moves
/// are recorded while the application's row is locked (SQLite's write lock, PostgreSQL's row lock
/// of the conditional update), but `$6` was read before waiting for the lock, so a move that
/// waited could otherwise be dated before the one it waited for, and the history read out of order.
const RECORD_MOVE: &str = "INSERT INTO application_moves (id, application_id, stage, actor_id, reason, at) \
     SELECT $1, $2, $3, $4, $5, CASE WHEN $6 > last.at THEN $6 ELSE last.at + 1 END \
     FROM (SELECT COALESCE((SELECT MAX(at) FROM application_moves WHERE application_id = $2), \
     (SELECT created_at FROM applications WHERE id = $2)) AS at) AS last";

/// The stages a recruiter's move can leave from: any but the final ones.
const MOVABLE: &str = "stage IN ('applied', 'screening', 'interview', 'offer')";

pub enum Decision {
    Decided,
    NotFound,
    AlreadyDecided,
    Withdrawn,
    JobDeleted,
}

/// Shortlists (to `screening`) or rejects an `applied` application of the recruiter's, once, and
/// enqueues the notice: the original client's decision.
#[tracing::instrument(skip_all)]
pub async fn decide(
    db: &Db,
    id: &str,
    recruiter_id: &str,
    stage: Stage,
    notice: &Notice,
) -> Result<Decision, sqlx::Error> {
    // A deleted job's applications stay with their applicants as a record, but are no longer
    // decided: the job is gone, and a shortlist e-mail for it would mislead.
    const UPDATE: &str = concat!(
        "UPDATE applications SET status = $1, stage = $2, decided_at = $3 WHERE id = $4 AND ",
        crate::membership::model::works_on!("applications.job_id", "$5"),
        " AND stage = 'applied' AND job_id IN (SELECT id FROM jobs WHERE deleted_at IS NULL) RETURNING job_id"
    );
    const EXISTS: &str = concat!(
        "SELECT applications.stage, jobs.deleted_at FROM applications JOIN jobs ON jobs.id = applications.job_id \
         WHERE applications.id = $1 AND ",
        crate::membership::model::works_on!("applications.job_id", "$2")
    );
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let decided: Option<(String,)> = sqlx::query_as(UPDATE)
            .bind(stage.status().as_str())
            .bind(stage.as_str())
            .bind(now)
            .bind(id)
            .bind(recruiter_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some((job_id,)) = decided else {
            let exists: Option<(Stage, Option<i64>)> =
                sqlx::query_as(EXISTS).bind(id).bind(recruiter_id).fetch_optional(&mut *tx).await?;
            return Ok(match exists {
                None => Decision::NotFound,
                Some((Stage::Withdrawn, _)) => Decision::Withdrawn,
                Some((stage, _)) if stage != Stage::Applied => Decision::AlreadyDecided,
                Some(_) => Decision::JobDeleted,
            });
        };
        let record = sqlx::query(RECORD_MOVE).bind(new_id()).bind(id).bind(stage.as_str()).bind(recruiter_id);
        record.bind(None::<&str>).bind(now).execute(&mut *tx).await?;
        notifications::tell(&mut tx, notice).await?;
        webhooks::repo::enqueue_all(&mut tx, &[stage_changed(id, &job_id, Stage::Applied, stage)]).await?;
        tx.commit().await?;
        Ok(Decision::Decided)
    })
}

/// A recruiter's move on the board.
pub struct Move<'a> {
    pub id: &'a str,
    pub recruiter_id: &'a str,
    /// The stage the recruiter saw: the move happens only if it is still there.
    pub from: Stage,
    pub to: Stage,
    /// Why, when rejecting.
    pub reason: Option<&'a str>,
}

pub enum Moved {
    Moved,
    NotFound,
    JobDeleted,
    Withdrawn,
    /// It is not at `from` any more (another tab moved it): where it is now.
    Stale(Stage),
    /// Hired or rejected: no further move.
    Final(Stage),
    /// Hiring: every position is filled already.
    Filled,
}

/// Moves an application of the recruiter's from the stage they saw to another, with the notice
/// for the applicant, in one transaction. The stage condition is the check, so of two tabs moving
/// the same card at once one moves it and the other finds it moved. A hire is counted against the
/// job's positions first (locking the job row on PostgreSQL, as an application does), and the hire
/// that fills the last position closes the job.
#[tracing::instrument(skip_all)]
pub async fn move_stage(db: &Db, step: &Move<'_>, notice: Option<&Notice>) -> Result<Moved, sqlx::Error> {
    const HIRE: &str = concat!(
        "UPDATE jobs SET hired_count = hired_count + 1, \
         closed_at = CASE WHEN hired_count + 1 >= max_positions THEN COALESCE(closed_at, $1) ELSE closed_at END \
         WHERE id = (SELECT job_id FROM applications WHERE id = $2 AND ",
        crate::membership::model::works_on!("applications.job_id", "$3"),
        ") AND deleted_at IS NULL AND hired_count < max_positions"
    );
    let update = format!(
        "UPDATE applications SET status = $1, stage = $2, decided_at = COALESCE(decided_at, $3), \
         rejection_reason = $4 WHERE id = $5 AND {} AND stage = $7 AND {MOVABLE} \
         AND job_id IN (SELECT id FROM jobs WHERE deleted_at IS NULL) RETURNING job_id",
        crate::membership::model::works_on!("applications.job_id", "$6")
    );
    const WHERE_NOW: &str = concat!(
        "SELECT applications.stage, jobs.deleted_at FROM applications JOIN jobs ON jobs.id = applications.job_id \
         WHERE applications.id = $1 AND ",
        crate::membership::model::works_on!("applications.job_id", "$2")
    );
    let now = now_millis();
    let reason = step.reason.filter(|_| step.to == Stage::Rejected);
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let why_not = async |tx: &mut crate::db::WriteTx<_>| -> Result<Moved, sqlx::Error> {
            let now_at: Option<(Stage, Option<i64>)> =
                sqlx::query_as(WHERE_NOW).bind(step.id).bind(step.recruiter_id).fetch_optional(&mut **tx).await?;
            Ok(match now_at {
                None => Moved::NotFound,
                Some((_, Some(_))) => Moved::JobDeleted,
                Some((Stage::Withdrawn, None)) => Moved::Withdrawn,
                Some((stage, None)) if stage != step.from => Moved::Stale(stage),
                Some((stage, None)) => Moved::Final(stage),
            })
        };
        if step.to == Stage::Hired {
            let hired = sqlx::query(HIRE).bind(now).bind(step.id).bind(step.recruiter_id).execute(&mut *tx).await?;
            if hired.rows_affected() == 0 {
                let why = why_not(&mut tx).await?;
                // The job is there and the card where the recruiter saw it: the positions are full.
                return Ok(match why {
                    Moved::Final(stage) if !stage.is_final() => Moved::Filled,
                    why => why,
                });
            }
        }
        let moved: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(update))
            .bind(step.to.status().as_str())
            .bind(step.to.as_str())
            .bind(now)
            .bind(reason)
            .bind(step.id)
            .bind(step.recruiter_id)
            .bind(step.from.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        let Some((job_id,)) = moved else {
            return why_not(&mut tx).await;
        };
        let record = sqlx::query(RECORD_MOVE).bind(new_id()).bind(step.id).bind(step.to.as_str());
        record.bind(step.recruiter_id).bind(reason).bind(now).execute(&mut *tx).await?;
        if let Some(notice) = notice {
            notifications::tell(&mut tx, notice).await?;
        }
        let mut events = vec![stage_changed(step.id, &job_id, step.from, step.to)];
        if step.to == Stage::Hired {
            // The hire that filled the last position closed the job.
            let (closed,): (Option<i64>,) = sqlx::query_as(CLOSED_AT).bind(job_id.as_str()).fetch_one(&mut *tx).await?;
            if closed == Some(now) {
                events.push(Event::job_closed(&job_id, "filled"));
            }
        }
        webhooks::repo::enqueue_all(&mut tx, &events).await?;
        tx.commit().await?;
        Ok(Moved::Moved)
    })
}

/// The stage a hire's job closed at, if the hire closed it.
const CLOSED_AT: &str = "SELECT closed_at FROM jobs WHERE id = $1";

/// The webhook event of an application's move from one stage to another.
fn stage_changed<'a>(id: &'a str, job_id: &'a str, from: Stage, to: Stage) -> Event<'a> {
    let data = serde_json::json!({
        "applicationId": id, "jobId": job_id, "stage": to.as_str(), "previousStage": from.as_str(),
    });
    Event::new(EventType::ApplicationStageChanged, job_id, id, data)
}

pub enum Withdrawal {
    /// With the job whose place it freed.
    Withdrawn(String),
    NotFound,
    AlreadyDecided,
}

/// Withdraws an applicant's own application from any stage before a final one, frees the place it
/// held on the job, and tells the recruiter `notice`. The stage condition is the check, so a withdrawal and a recruiter's
/// move racing for the same application cannot both succeed past a final stage.
#[tracing::instrument(skip_all)]
pub async fn withdraw(db: &Db, id: &str, applicant_id: &str, notice: &Notice) -> Result<Withdrawal, sqlx::Error> {
    let update = format!(
        "UPDATE applications SET status = 'withdrawn', stage = 'withdrawn', decided_at = COALESCE(decided_at, $1) \
         WHERE id = $2 AND applicant_id = $3 AND {MOVABLE}"
    );
    const FREE: &str = "UPDATE jobs SET applications_count = applications_count - 1 \
         WHERE id = (SELECT job_id FROM applications WHERE id = $1) AND applications_count > 0";
    const JOB: &str = "SELECT job_id FROM applications WHERE id = $1";
    const EXISTS: &str = "SELECT stage FROM applications WHERE id = $1 AND applicant_id = $2";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let update = sqlx::query(sqlx::AssertSqlSafe(update));
        let withdrawn = update.bind(now).bind(id).bind(applicant_id).execute(&mut *tx).await?.rows_affected() == 1;
        if !withdrawn {
            let exists: Option<(Stage,)> =
                sqlx::query_as(EXISTS).bind(id).bind(applicant_id).fetch_optional(&mut *tx).await?;
            return Ok(if exists.is_some() { Withdrawal::AlreadyDecided } else { Withdrawal::NotFound });
        }
        let record = sqlx::query(RECORD_MOVE).bind(new_id()).bind(id).bind(Stage::Withdrawn.as_str());
        record.bind(applicant_id).bind(None::<&str>).bind(now).execute(&mut *tx).await?;
        sqlx::query(FREE).bind(id).execute(&mut *tx).await?;
        let (job_id,): (String,) = sqlx::query_as(JOB).bind(id).fetch_one(&mut *tx).await?;
        notifications::tell(&mut tx, notice).await?;
        let data = serde_json::json!({ "applicationId": id, "jobId": job_id, "stage": Stage::Withdrawn.as_str() });
        let withdrawn = Event::new(EventType::ApplicationWithdrawn, &job_id, id, data);
        webhooks::repo::enqueue_all(&mut tx, &[withdrawn]).await?;
        tx.commit().await?;
        Ok(Withdrawal::Withdrawn(job_id))
    })
}

pub enum Edited {
    Done,
    NotFound,
    JobDeleted,
}

/// Why a recruiter's edit of an application changed nothing.
async fn why_unchanged(db: &Db, id: &str, recruiter_id: &str) -> Result<Edited, sqlx::Error> {
    const SQL: &str = concat!(
        "SELECT jobs.deleted_at FROM applications JOIN jobs ON jobs.id = applications.job_id \
         WHERE applications.id = $1 AND ",
        crate::membership::model::works_on!("applications.job_id", "$2")
    );
    let found: Option<(Option<i64>,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).bind(recruiter_id).fetch_optional(pool).await)?;
    Ok(match found {
        None => Edited::NotFound,
        Some(_) => Edited::JobDeleted,
    })
}

/// Sets (or with `None` clears) the recruiter's rating of an application to a job not deleted.
#[tracing::instrument(skip_all)]
pub async fn rate(db: &Db, id: &str, recruiter_id: &str, rating: Option<i64>) -> Result<Edited, sqlx::Error> {
    const SQL: &str = concat!(
        "UPDATE applications SET rating = $1 WHERE id = $2 AND ",
        crate::membership::model::works_on!("applications.job_id", "$3"),
        " AND job_id IN (SELECT id FROM jobs WHERE deleted_at IS NULL)"
    );
    let rated = dispatch!(db, |pool| {
        sqlx::query(SQL).bind(rating).bind(id).bind(recruiter_id).execute(pool).await.map(|done| done.rows_affected())
    })?;
    if rated == 1 { Ok(Edited::Done) } else { why_unchanged(db, id, recruiter_id).await }
}

/// At most this many notes on one application.
pub const MAX_NOTES: i64 = 200;

pub enum NoteAdded {
    Added(Note),
    NotFound,
    JobDeleted,
    TooMany,
}

/// Adds a recruiter's private note to an application to a job not deleted, while it has fewer
/// than `MAX_NOTES`. The application row is locked first (an update that changes nothing; on
/// SQLite the transaction holds the write lock already), so notes sent at once are counted in turn.
/// The teammates it names are told (`notices`) in its transaction.
#[tracing::instrument(skip_all)]
pub async fn add_note(
    db: &Db,
    id: &str,
    recruiter_id: &str,
    body: &str,
    notices: &[Notice],
) -> Result<NoteAdded, sqlx::Error> {
    let insert = format!(
        "INSERT INTO application_notes (id, application_id, author_id, body, created_at) \
         SELECT $1, a.id, $2, $3, $4 FROM applications a JOIN jobs j ON j.id = a.job_id \
         WHERE a.id = $5 AND {} AND j.deleted_at IS NULL \
         AND (SELECT COUNT(*) FROM application_notes n WHERE n.application_id = a.id) < {MAX_NOTES}",
        crate::membership::model::works_on!("a.job_id", "$2")
    );
    const LOCK: &str = "UPDATE applications SET id = id WHERE id = $1";
    let note_id = new_id();
    let now = now_millis();
    let added = dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(LOCK).bind(id).execute(&mut *tx).await?;
        let insert = sqlx::query(sqlx::AssertSqlSafe(insert)).bind(&note_id).bind(recruiter_id).bind(body);
        let added = insert.bind(now).bind(id).execute(&mut *tx).await?.rows_affected() == 1;
        if added {
            let notices: Vec<&Notice> = notices.iter().collect();
            notifications::tell_all(&mut tx, &notices).await?;
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(added)
    })?;
    if added {
        let note = notes(db, id).await?.into_iter().find(|note| note.id == note_id);
        return Ok(note.map_or(NoteAdded::NotFound, NoteAdded::Added));
    }
    Ok(match why_unchanged(db, id, recruiter_id).await? {
        Edited::NotFound => NoteAdded::NotFound,
        Edited::JobDeleted => NoteAdded::JobDeleted,
        Edited::Done => NoteAdded::TooMany,
    })
}

/// An application's notes, newest first, with their authors' names.
#[tracing::instrument(skip_all)]
pub async fn notes(db: &Db, id: &str) -> Result<Vec<Note>, sqlx::Error> {
    const SQL: &str = "SELECT n.id, n.body, n.created_at, u.first_name, u.last_name FROM application_notes n \
         JOIN users u ON u.id = n.author_id WHERE n.application_id = $1 ORDER BY n.created_at DESC, n.id DESC";
    let rows: Vec<(String, String, i64, String, String)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Note::from_row).collect())
}

/// A job's applications counted: (stage, count) pairs, and (UTC day number, count) pairs since `since`.
pub type Counts = (Vec<(Stage, i64)>, Vec<(i64, i64)>);

/// Applications counted by stage, and by UTC day (Unix milliseconds / a day) since `since`: one
/// job's, or (`None`) every application on the site (the admin console's overview).
#[tracing::instrument(skip_all)]
pub async fn overview(db: &Db, job_id: Option<&str>, since: i64) -> Result<Counts, sqlx::Error> {
    let (of_job, and_of_job) = if job_id.is_some() { ("WHERE job_id = $1", "AND job_id = $2") } else { ("", "") };
    let by_stage = format!("SELECT stage, CAST(COUNT(*) AS BIGINT) FROM applications {of_job} GROUP BY stage");
    let by_day = format!(
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS day, CAST(COUNT(*) AS BIGINT) \
         FROM applications WHERE created_at >= $1 {and_of_job} GROUP BY day ORDER BY day"
    );
    dispatch!(db, |pool| {
        let by_stage = sqlx::query_as(sqlx::AssertSqlSafe(by_stage));
        let by_day = sqlx::query_as(sqlx::AssertSqlSafe(by_day)).bind(since);
        let (by_stage, by_day) = match job_id {
            Some(job_id) => (by_stage.bind(job_id), by_day.bind(job_id)),
            None => (by_stage, by_day),
        };
        Ok((by_stage.fetch_all(pool).await?, by_day.fetch_all(pool).await?))
    })
}

/// An application to write, its checks done that need no lock (`applying`).
pub struct Submitted {
    pub id: String,
    pub job_id: String,
    pub applicant_id: String,
    pub sop: String,
    pub screened: Screened,
    /// What the recruiter in charge and the job's hiring team are told, recorded in the same
    /// transaction.
    pub notices: Vec<Notice>,
}

/// Why a job took no application: (`job_id`, deadline, closed at, gone at, full, applied), the
/// job's columns `None` when there is no such job.
type Why = (String, Option<i64>, Option<i64>, Option<i64>, Option<i64>, i64);

/// Writes `batch` (no two to one job, `group::Applications` gathers it) in one transaction: the applications to listed, open jobs
/// with places left are inserted, but not one whose applicant applied to the job already (the
/// unique index on the pair answers that, as part of the insert, whatever PostgreSQL knows of the
/// table), then the jobs that took one have their place counted, and their recruiters are told
/// (the bell and the outbox). The rows of the batch's jobs are locked first (on SQLite the writer
/// is one at a time), so a job's places are counted once whoever else applies.
#[tracing::instrument(skip_all)]
pub async fn apply_batch(db: &Db, batch: &[&Submitted]) -> Result<Vec<ApplyOutcome>, sqlx::Error> {
    let now = now_millis();
    let insert = format!(
        "WITH v (id, job_id, applicant_id, sop, answers, requirements, requirements_met) AS (VALUES {}) \
         INSERT INTO applications (id, job_id, applicant_id, recruiter_id, status, sop, created_at, answers, \
         requirements, requirements_met) \
         SELECT v.id, j.id, v.applicant_id, j.user_id, 'applied', v.sop, $1, v.answers, v.requirements, \
         v.requirements_met FROM v JOIN jobs j ON j.id = v.job_id \
         WHERE {LISTED} AND {} ON CONFLICT (job_id, applicant_id) DO NOTHING RETURNING job_id",
        rows(batch.len(), 7, 2),
        open_at("$1")
    );
    let count = |taken: usize| {
        format!(
            "UPDATE jobs SET applications_count = applications_count + 1 WHERE id IN {} \
             RETURNING id, CAST(CASE WHEN applications_count >= max_applicants THEN 1 ELSE 0 END AS BIGINT)",
            rows(1, taken, 1)
        )
    };
    // PostgreSQL locks the batch's jobs in one order, so two instances' batches never wait on
    // each other in a circle.
    let lock = format!("SELECT j.id FROM jobs j WHERE j.id IN {} ORDER BY j.id FOR UPDATE", rows(1, batch.len(), 1));
    let why = |refused: usize| {
        format!(
            "WITH p (job_id, applicant_id) AS (VALUES {}) \
             SELECT p.job_id, j.deadline, j.closed_at, COALESCE(j.deleted_at, j.hidden_at, j.suspended_at), \
             CAST(CASE WHEN j.applications_count >= j.max_applicants THEN 1 ELSE 0 END AS BIGINT), \
             (SELECT CAST(COUNT(*) AS BIGINT) FROM applications a \
             WHERE a.job_id = p.job_id AND a.applicant_id = p.applicant_id) \
             FROM p LEFT JOIN jobs j ON j.id = p.job_id",
            rows(refused, 2, 1)
        )
    };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        if matches!(db, Db::Postgres(_)) {
            let mut locking = sqlx::query(sqlx::AssertSqlSafe(lock));
            for application in batch {
                locking = locking.bind(application.job_id.as_str());
            }
            locking.execute(&mut *tx).await?;
        }
        let mut inserting = sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(insert)).bind(now);
        for application in batch {
            inserting = inserting
                .bind(application.id.as_str())
                .bind(application.job_id.as_str())
                .bind(application.applicant_id.as_str())
                .bind(application.sop.as_str())
                .bind(application.screened.answers.as_str())
                .bind(application.screened.requirements)
                .bind(application.screened.requirements_met);
        }
        let inserted = inserting.fetch_all(&mut *tx).await?;
        let mut reserved = std::collections::HashMap::new();
        if !inserted.is_empty() {
            let mut counting = sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(count(inserted.len())));
            for (job_id,) in &inserted {
                counting = counting.bind(job_id.as_str());
            }
            reserved.extend(counting.fetch_all(&mut *tx).await?.into_iter().map(|(job, filled)| (job, filled != 0)));
        }

        let (taken, refused): (Vec<&Submitted>, Vec<&Submitted>) =
            batch.iter().partition(|application| reserved.contains_key(&application.job_id));
        let mut reasons = std::collections::HashMap::new();
        if !refused.is_empty() {
            let mut asking = sqlx::query_as::<_, Why>(sqlx::AssertSqlSafe(why(refused.len())));
            for application in &refused {
                asking = asking.bind(application.job_id.as_str()).bind(application.applicant_id.as_str());
            }
            for why in asking.fetch_all(&mut *tx).await? {
                reasons.insert(why.0.clone(), refusal(&why, now));
            }
        }
        if !taken.is_empty() {
            let notices: Vec<&Notice> = taken.iter().flat_map(|application| &application.notices).collect();
            notifications::tell_all(&mut tx, &notices).await?;
            let events: Vec<Event> = taken
                .iter()
                .map(|application| {
                    let data = serde_json::json!({
                        "applicationId": application.id, "jobId": application.job_id, "stage": Stage::Applied.as_str(),
                    });
                    Event::new(EventType::ApplicationCreated, &application.job_id, &application.id, data)
                })
                .collect();
            webhooks::repo::enqueue_all(&mut tx, &events).await?;
        }
        tx.commit().await?;
        let outcomes = batch.iter().map(|application| match reserved.get(&application.job_id) {
            Some(&filled) => ApplyOutcome::Applied { id: application.id.clone(), at: now, filled },
            None => reasons.remove(&application.job_id).unwrap_or(ApplyOutcome::NoSuchJob),
        });
        Ok(outcomes.collect())
    })
}

/// Why a job took no application, in the order the rules are told: gone, past its deadline,
/// closed early, full, and only then applied to already.
fn refusal(&(_, deadline, closed_at, gone_at, full, applied): &Why, now: i64) -> ApplyOutcome {
    match deadline {
        None => ApplyOutcome::NoSuchJob,
        Some(_) if gone_at.is_some() => ApplyOutcome::NoSuchJob,
        Some(deadline) if !before_deadline(deadline, now) => ApplyOutcome::DeadlinePassed,
        Some(_) if closed_at.is_some() => ApplyOutcome::Closed,
        Some(_) if full == Some(1) => ApplyOutcome::Full,
        Some(_) if applied > 0 => ApplyOutcome::AlreadyApplied,
        Some(_) => ApplyOutcome::Full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(deadline: Option<i64>, closed: Option<i64>, gone: Option<i64>, full: i64, applied: i64) -> Why {
        (String::new(), deadline, closed, gone, Some(full), applied)
    }

    #[test]
    fn a_searchs_page_reads_the_resume_words_beside_every_column_of_a_list() {
        // `resume_text` defaults to empty when absent: the search's snippets would lose the resume silently.
        assert_eq!(SELECT_WITH_RESUME.matches("AS resume_text FROM applications a").count(), 1);
        assert_eq!(SELECT_WITH_RESUME.replace(", COALESCE(ap.resume_text, '') AS resume_text", ""), SELECT);
    }

    #[test]
    fn a_refusal_names_the_first_rule_broken() {
        let now = 1_000;
        let cases = [
            (why(None, None, None, 0, 0), "NoSuchJob"),
            (why(Some(now + 1), Some(1), Some(1), 1, 1), "NoSuchJob"),
            (why(Some(now), Some(1), None, 1, 1), "DeadlinePassed"),
            (why(Some(now + 1), Some(1), None, 1, 1), "Closed"),
            (why(Some(now + 1), None, None, 1, 1), "Full"),
            (why(Some(now + 1), None, None, 0, 1), "AlreadyApplied"),
        ];
        for (why, expected) in cases {
            let outcome = match refusal(&why, now) {
                ApplyOutcome::NoSuchJob => "NoSuchJob",
                ApplyOutcome::DeadlinePassed => "DeadlinePassed",
                ApplyOutcome::Closed => "Closed",
                ApplyOutcome::Full => "Full",
                ApplyOutcome::AlreadyApplied => "AlreadyApplied",
                ApplyOutcome::Applied { .. } => "Applied",
            };
            assert_eq!(outcome, expected, "{why:?}");
        }
    }
}
