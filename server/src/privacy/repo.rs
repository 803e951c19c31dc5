//! The reads an export needs beyond the features' own, and an account's deletion: one
//! transaction that removes every row naming the account (docs/rules.md#your-data).

use crate::accounts::model::AccountType;
use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::notifications::model::{Kind, Notice};
use crate::notifications::repo as notifications;

/// The account as its export shows it.
#[derive(sqlx::FromRow)]
pub struct AccountRow {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub account_type: AccountType,
    pub created_at: i64,
}

#[tracing::instrument(skip_all)]
pub async fn account(db: &Db, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, first_name, last_name, email, account_type, created_at FROM users WHERE id = $1";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// A note the account wrote on an application, as its export lists it: (application id, body,
/// written at).
pub type NoteRow = (String, String, i64);

/// The newest `limit` notes the account wrote.
#[tracing::instrument(skip_all)]
pub async fn notes_written(db: &Db, id: &str, limit: i64) -> Result<Vec<NoteRow>, sqlx::Error> {
    const SQL: &str = "SELECT application_id, body, created_at FROM application_notes WHERE author_id = $1 \
         ORDER BY created_at DESC, id DESC LIMIT $2";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).bind(limit).fetch_all(pool).await)
}

/// A move the account made on someone else's application: (application id, stage, made at).
pub type MoveRow = (String, crate::applications::model::Stage, i64);

/// The newest `limit` moves the account made on others' applications (an applicant's own are in
/// their applications' history).
#[tracing::instrument(skip_all)]
pub async fn moves_made(db: &Db, id: &str, limit: i64) -> Result<Vec<MoveRow>, sqlx::Error> {
    const SQL: &str = "SELECT m.application_id, m.stage, m.at FROM application_moves m \
         JOIN applications a ON a.id = m.application_id WHERE m.actor_id = $1 AND a.applicant_id <> $1 \
         ORDER BY m.at DESC, m.id DESC LIMIT $2";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).bind(limit).fetch_all(pool).await)
}

/// A message the account sent or received, in a conversation about one of its applications or
/// one to its jobs.
#[derive(sqlx::FromRow)]
pub struct MessageRow {
    pub id: String,
    pub application_id: String,
    pub sent_by_account: bool,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// The next `limit` of the account's applications (made, to the jobs in its charge, or written
/// about as a member of a hiring team) after `after`, in the
/// order of their ids: an export reads their conversations one after another.
#[tracing::instrument(skip_all)]
pub async fn conversations(db: &Db, id: &str, after: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    const SQL: &str = "SELECT id FROM applications WHERE (applicant_id = $1 OR recruiter_id = $1 \
         OR id IN (SELECT application_id FROM application_messages WHERE sender_id = $1)) AND id > $2 \
         ORDER BY id LIMIT $3";
    let rows: Vec<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).bind(after).bind(limit).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(application,)| application).collect())
}

/// The next `limit` messages of the conversation about `application_id` after the message `after`,
/// oldest first (a message's id grows with its time), as the account `id` sees them.
#[tracing::instrument(skip_all)]
pub async fn messages(
    db: &Db,
    id: &str,
    application_id: &str,
    after: &str,
    limit: i64,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    const SQL: &str = "SELECT m.id, m.application_id, m.sender_id = $1 AS sent_by_account, m.body, m.created_at, \
         m.read_at FROM application_messages m WHERE m.application_id = $2 AND m.id > $3 ORDER BY m.id LIMIT $4";
    dispatch!(db, |pool| {
        sqlx::query_as(SQL).bind(id).bind(application_id).bind(after).bind(limit).fetch_all(pool).await
    })
}

/// How long an export holds its account's one place: a download left unread this long frees it.
pub const EXPORT_LEASE_MILLIS: i64 = 15 * 60 * 1000;

/// Takes the account's one place for an export until `until`, unless another export holds it
/// still (its lease runs past `now`): true when taken.
#[tracing::instrument(skip_all)]
pub async fn take_export(db: &Db, id: &str, now: i64, until: i64) -> Result<bool, sqlx::Error> {
    const SQL: &str = "INSERT INTO export_leases (user_id, until) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET until = excluded.until WHERE export_leases.until <= $3 \
         RETURNING user_id";
    let taken: Option<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).bind(until).bind(now).fetch_optional(pool).await)?;
    Ok(taken.is_some())
}

/// Gives back the place the export that took it `until` held.
#[tracing::instrument(skip_all)]
pub async fn release_export(db: &Db, id: &str, until: i64) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM export_leases WHERE user_id = $1 AND until = $2";
    dispatch!(db, |pool| sqlx::query(SQL).bind(id).bind(until).execute(pool).await.map(|_| ()))
}

pub enum Erased {
    /// Gone; the resume's object-store key, if there was one, and the logo's of the company that
    /// went with the account are left to delete, and the people told in the bell (a recruiter's
    /// applicants, an applicant's recruiters) are left to wake.
    Done {
        resume_key: Option<String>,
        logo_key: Option<String>,
        told: Vec<String>,
    },
    NotFound,
    /// The account is the only Admin that can still sign in.
    LastAdmin,
    /// The account is the only owner of a company that has other members.
    LastOwner,
}

/// The applications the account made, or that were made to its jobs. Once an applicant's own are
/// handed to their stand-in, only those to a recruiter's jobs are left here.
const APPLICATIONS: &str = "SELECT id FROM applications WHERE applicant_id = $1 OR recruiter_id = $1 \
     OR job_id IN (SELECT id FROM jobs WHERE user_id = $1)";

/// The name a deleted applicant's applications are shown under.
pub const DELETED_CANDIDATE: (&str, &str) = ("Deleted", "candidate");

/// The name a deleted member's notes, moves and messages on their company's applications carry.
pub const FORMER_MEMBER: (&str, &str) = ("Former", "member");

/// Stages an application is still in the process at.
const ACTIVE: &str = "stage NOT IN ('hired', 'rejected', 'withdrawn')";

/// Deletes the account `id` and every row that names it, in one transaction: its profile and
/// sessions (and with them, by their foreign key, its push devices), its messages, and for a
/// recruiter their jobs with the applications to them (each applicant is told in the bell), saved jobs and searches, notifications, its pending and
/// delivered e-mail (to it, or to anyone else naming it), codes, reset requests and limit windows.
/// An applicant's applications stay on the hiring side's record under a stand-in account,
/// "Deleted candidate": their stage, dates, the recruiter's notes, rating and messages stay (a hire
/// still fills its position), while their statement, resume and messages go, an application still
/// in the process is withdrawn (its place given back; its planned interviews are left for
/// `interviews::reminders::cancel_closed` to cancel with both sides told), the recruiter's bell
/// lines that named them name the stand-in, and each recruiter is told in the bell. The audit log
/// keeps each action and forgets the person: an admin's actions lose their admin, and an action on
/// the account its label. The last Admin who can sign in cannot be deleted. Long on purpose: one
/// transaction, whose statements must run in this order, reads as that order.
#[tracing::instrument(skip_all)]
pub async fn erase(db: &Db, id: &str) -> Result<Erased, sqlx::Error> {
    const ACCOUNT: &str = "SELECT email, first_name, last_name, account_type FROM users WHERE id = $1";
    const OTHER_ADMINS: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM users \
         WHERE account_type = 'Admin' AND suspended_at IS NULL AND erased_at IS NULL AND id <> $1";
    // PostgreSQL: two Admins deleting themselves at once take these row locks in turn, so the
    // second sees the first gone (SQLite's write lock already serializes them).
    const LOCK_ADMINS: &str = "SELECT id FROM users WHERE account_type = 'Admin' ORDER BY id FOR UPDATE";
    const RESUME: &str = "SELECT resume_key FROM applicant_profiles WHERE user_id = $1";
    // The account's company: how many others are in it, and the first other owner.
    const MEMBERSHIP: &str = "SELECT m.company_id, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM company_members o WHERE o.company_id = m.company_id AND o.user_id <> m.user_id), \
         (SELECT o.user_id FROM company_members o WHERE o.company_id = m.company_id AND o.user_id <> m.user_id \
          AND o.role = 'owner' ORDER BY o.joined_at, o.user_id LIMIT 1) \
         FROM company_members m WHERE m.user_id = $1";
    const LOGO: &str = "SELECT logo_key FROM companies WHERE id = $1";
    const CLOSE_COMPANY: &str =
        "UPDATE companies SET removed_at = $2, updated_at = $2, logo_key = NULL, logo_id = NULL WHERE id = $1";
    // A member leaving others: what they were in charge of passes to an owner ($2), and their
    // words and moves on the company's applications stay under a stand-in ($3), "Former member".
    const SUCCEED: [&str; 2] = [
        "UPDATE applications SET recruiter_id = $2 WHERE recruiter_id = $1 \
         AND job_id IN (SELECT id FROM jobs WHERE company_id = $3)",
        "UPDATE jobs SET user_id = $2 WHERE user_id = $1 AND company_id = $3",
    ];
    const FORMER: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, \
         created_at, erased_at) VALUES ($1, $2, $3, $4, '', 'Recruiter', $5, $5)";
    const KEEP_WORDS: [&str; 3] = [
        "UPDATE application_notes SET author_id = $2 WHERE author_id = $1",
        "UPDATE application_moves SET actor_id = $2 WHERE actor_id = $1",
        "UPDATE application_messages SET sender_id = $2 WHERE sender_id = $1",
    ];
    // Applicants of the recruiter's jobs still in the process, told their application went with it.
    let told_sql = format!(
        "SELECT a.applicant_id, a.id, j.title, j.company FROM applications a \
         JOIN jobs j ON j.id = a.job_id \
         WHERE j.user_id = $1 AND a.applicant_id <> $1 AND j.deleted_at IS NULL AND a.{ACTIVE}"
    );
    // The applications the account made to jobs not deleted, whose recruiters are told.
    const MADE: &str = "SELECT a.id, a.recruiter_id, a.job_id, j.title FROM applications a \
         JOIN jobs j ON j.id = a.job_id WHERE a.applicant_id = $1 AND j.deleted_at IS NULL";
    const APPLIED: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM applications WHERE applicant_id = $1";
    const STAND_IN: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, \
         created_at, erased_at) VALUES ($1, $2, $3, $4, '', 'Applicant', $5, $5)";
    // Each job the account applied to gives back the place an application still in the process
    // held; a hire keeps its position, a rejection its place, as on the record they stay.
    let give_back = format!(
        "UPDATE jobs SET applications_count = applications_count - (SELECT COUNT(*) FROM applications a \
             WHERE a.job_id = jobs.id AND a.applicant_id = $1 AND a.{ACTIVE}) \
         WHERE user_id <> $1 AND id IN (SELECT job_id FROM applications WHERE applicant_id = $1)"
    );
    let withdraw_moves = format!(
        "INSERT INTO application_moves (id, application_id, stage, actor_id, reason, at) \
         SELECT id || '-erased', id, 'withdrawn', $2, NULL, $3 FROM applications WHERE applicant_id = $1 AND {ACTIVE}"
    );
    let withdraw = format!(
        "UPDATE applications SET status = 'withdrawn', stage = 'withdrawn', decided_at = COALESCE(decided_at, $2) \
         WHERE applicant_id = $1 AND {ACTIVE}"
    );
    // Their own words and files go; the stand-in takes their place in the rest.
    let hand_over: [&str; 4] = [
        "DELETE FROM application_messages WHERE sender_id = $1 \
         AND application_id IN (SELECT id FROM applications WHERE applicant_id = $1)",
        "DELETE FROM conversation_mail WHERE recipient_id = $1",
        "UPDATE application_moves SET actor_id = $2 WHERE actor_id = $1",
        "UPDATE applications SET applicant_id = $2, sop = '', answers = '[]' WHERE applicant_id = $1",
    ];
    // The search index keys a deleted job by its seq, which the log row now carries.
    const LOG_JOBS: &str =
        "INSERT INTO job_changes (job_id, at, job_seq) SELECT id, $2, seq FROM jobs WHERE user_id = $1";
    let by_application = |table: &str, column: &str| format!("DELETE FROM {table} WHERE {column} IN ({APPLICATIONS})");
    let deletes: Vec<String> = vec![
        format!(
            "DELETE FROM notifications WHERE user_id = $1 OR ref_id IN ({APPLICATIONS}) \
             OR ref_id IN (SELECT id FROM interviews WHERE application_id IN ({APPLICATIONS})) \
             OR ref_id IN (SELECT id FROM jobs WHERE user_id = $1)"
        ),
        "DELETE FROM notification_email_off WHERE user_id = $1".into(),
        by_application("interviews", "application_id"),
        format!("DELETE FROM conversation_mail WHERE recipient_id = $1 OR application_id IN ({APPLICATIONS})"),
        by_application("application_messages", "application_id"),
        format!("DELETE FROM application_notes WHERE author_id = $1 OR application_id IN ({APPLICATIONS})"),
        format!("DELETE FROM application_moves WHERE actor_id = $1 OR application_id IN ({APPLICATIONS})"),
        "DELETE FROM saved_jobs WHERE user_id = $1 OR job_id IN (SELECT id FROM jobs WHERE user_id = $1)".into(),
        "DELETE FROM applications WHERE applicant_id = $1 OR recruiter_id = $1 \
         OR job_id IN (SELECT id FROM jobs WHERE user_id = $1)"
            .into(),
        "DELETE FROM jobs WHERE user_id = $1".into(),
        "DELETE FROM saved_searches WHERE user_id = $1".into(),
        "DELETE FROM alert_mail WHERE user_id = $1".into(),
        "DELETE FROM export_leases WHERE user_id = $1".into(),
        "DELETE FROM sessions WHERE user_id = $1".into(),
        "DELETE FROM password_resets WHERE user_id = $1".into(),
        "DELETE FROM applicant_profiles WHERE user_id = $1".into(),
        "DELETE FROM recruiter_profiles WHERE user_id = $1".into(),
        "UPDATE admin_actions SET admin_id = NULL WHERE admin_id = $1".into(),
        "UPDATE admin_actions SET target_id = '', target_label = 'a deleted account' \
         WHERE target_type = 'account' AND target_id = $1"
            .into(),
    ];
    let now = now_millis();
    macro_rules! run {
        ($pool:expr, $contains:expr, $lock:expr) => {{
            let mut tx = $pool.begin_write().await?;
            let account: Option<(String, String, String, AccountType)> =
                sqlx::query_as(ACCOUNT).bind(id).fetch_optional(&mut *tx).await?;
            let Some((email, first_name, last_name, account_type)) = account else {
                return Ok(Erased::NotFound);
            };
            if account_type == AccountType::Admin {
                if let Some(lock) = $lock {
                    sqlx::query(lock).execute(&mut *tx).await?;
                }
                let (others,): (i64,) = sqlx::query_as(OTHER_ADMINS).bind(id).fetch_one(&mut *tx).await?;
                if others == 0 {
                    return Ok(Erased::LastAdmin);
                }
            }
            let mut logo_key = None;
            let membership: Option<(String, i64, Option<String>)> =
                sqlx::query_as(MEMBERSHIP).bind(id).fetch_optional(&mut *tx).await?;
            match membership {
                None => {}
                // Alone in their company: it goes, with its jobs, as the account's own.
                Some((company_id, 0, _)) => {
                    let (key,): (Option<String>,) = sqlx::query_as(LOGO).bind(&company_id).fetch_one(&mut *tx).await?;
                    logo_key = key;
                    sqlx::query(CLOSE_COMPANY).bind(&company_id).bind(now).execute(&mut *tx).await?;
                }
                Some((_, _, None)) => return Ok(Erased::LastOwner),
                Some((company_id, _, Some(successor))) => {
                    for sql in SUCCEED {
                        let query = sqlx::query(sql).bind(id).bind(successor.as_str());
                        query.bind(company_id.as_str()).execute(&mut *tx).await?;
                    }
                    let former_id = new_id();
                    let address = format!("former-{former_id}@deleted.invalid");
                    let (first, last) = FORMER_MEMBER;
                    let insert = sqlx::query(FORMER).bind(former_id.as_str()).bind(first).bind(last);
                    insert.bind(address.as_str()).bind(now).execute(&mut *tx).await?;
                    for sql in KEEP_WORDS {
                        sqlx::query(sql).bind(id).bind(former_id.as_str()).execute(&mut *tx).await?;
                    }
                }
            }
            let resume_key: Option<(Option<String>,)> =
                sqlx::query_as(RESUME).bind(id).fetch_optional(&mut *tx).await?;
            let told: Vec<(String, String, String, String)> =
                sqlx::query_as(sqlx::AssertSqlSafe(told_sql.as_str())).bind(id).fetch_all(&mut *tx).await?;
            let made: Vec<(String, String, String, String)> = sqlx::query_as(MADE).bind(id).fetch_all(&mut *tx).await?;
            let name = format!("{first_name} {last_name}");
            let stand_in = format!("{} {}", DELETED_CANDIDATE.0, DELETED_CANDIDATE.1);
            // The recruiters' bell lines that named them name the stand-in.
            let rename = format!(
                "UPDATE notifications SET text = replace(text, $2, $3) WHERE {}(text, $2) > 0 \
                 AND user_id IN (SELECT recruiter_id FROM applications WHERE applicant_id = $1)",
                $contains
            );
            let query = sqlx::query(sqlx::AssertSqlSafe(rename)).bind(id).bind(name.as_str());
            query.bind(stand_in.as_str()).execute(&mut *tx).await?;
            sqlx::query(sqlx::AssertSqlSafe(give_back.as_str())).bind(id).execute(&mut *tx).await?;
            let (applied,): (i64,) = sqlx::query_as(APPLIED).bind(id).fetch_one(&mut *tx).await?;
            if applied > 0 {
                let stand_in_id = new_id();
                let address = format!("deleted-{stand_in_id}@deleted.invalid");
                let (first, last) = DELETED_CANDIDATE;
                let insert = sqlx::query(STAND_IN).bind(stand_in_id.as_str()).bind(first).bind(last);
                insert.bind(address.as_str()).bind(now).execute(&mut *tx).await?;
                let moves = sqlx::query(sqlx::AssertSqlSafe(withdraw_moves.as_str())).bind(id);
                moves.bind(stand_in_id.as_str()).bind(now).execute(&mut *tx).await?;
                sqlx::query(sqlx::AssertSqlSafe(withdraw.as_str())).bind(id).bind(now).execute(&mut *tx).await?;
                for sql in hand_over {
                    let query = sqlx::query(sql).bind(id);
                    let query = if sql.contains("$2") { query.bind(stand_in_id.as_str()) } else { query };
                    query.execute(&mut *tx).await?;
                }
            }
            sqlx::query(LOG_JOBS).bind(id).bind(now).execute(&mut *tx).await?;
            for sql in &deletes {
                sqlx::query(sqlx::AssertSqlSafe(sql.as_str())).bind(id).execute(&mut *tx).await?;
            }
            for (sql, values) in by_address($contains, id, &name) {
                let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(email.to_lowercase());
                for value in values {
                    query = query.bind(value);
                }
                query.execute(&mut *tx).await?;
            }
            sqlx::query("DELETE FROM users WHERE id = $1").bind(id).execute(&mut *tx).await?;
            // After the deletes, which take every notification about the account's applications.
            for (applicant_id, application_id, title, company) in &told {
                let notice = Notice {
                    user_id: applicant_id.clone(),
                    kind: Kind::StageChange,
                    text: format!("Your application for {title} at {company} was closed: the job was removed"),
                    link: "/dashboard/my-applications".into(),
                    ref_id: application_id.clone(),
                    mail: None,
                };
                notifications::record(&mut tx, &notice).await?;
            }
            for (application_id, recruiter_id, job_id, title) in &made {
                let notice = Notice {
                    user_id: recruiter_id.clone(),
                    kind: Kind::StageChange,
                    text: format!(
                        "A candidate for {title} deleted their account: their application stays as {stand_in}"
                    ),
                    link: format!("/dashboard/job/applications/{job_id}"),
                    ref_id: application_id.clone(),
                    mail: None,
                };
                notifications::record(&mut tx, &notice).await?;
            }
            tx.commit().await?;
            let told = told
                .into_iter()
                .map(|(applicant_id, ..)| applicant_id)
                .chain(made.into_iter().map(|(_, recruiter_id, ..)| recruiter_id))
                .collect();
            Ok(Erased::Done { resume_key: resume_key.and_then(|(key,)| key), logo_key, told })
        }};
    }
    match db {
        Db::Sqlite(pool) => run!(pool, "instr", None::<&str>),
        Db::Postgres(pool) => run!(pool, "strpos", Some(LOCK_ADMINS)),
    }
}

/// The deletes by address (`$1`, lower case), each with the values it takes after it: e-mail to
/// the account, or to anyone else naming it by address (in a calendar file's attendee too, whose
/// lines are folded: `$3` is the fold) or by name ("<name> applied for ..."); its codes, resets and
/// limit windows. `contains` is the engine's substring search.
fn by_address<'a>(contains: &str, id: &'a str, name: &'a str) -> [(String, Vec<&'a str>); 4] {
    [
        (
            format!(
                "DELETE FROM outbox WHERE lower(to_address) = $1 OR {contains}(lower(text_body), $1) > 0 \
                 OR {contains}(lower(replace(coalesce(calendar, ''), $3, '')), $1) > 0 \
                 OR {contains}(text_body, $2) > 0 OR {contains}(subject, $2) > 0"
            ),
            vec![name, "\r\n "],
        ),
        ("DELETE FROM signup_codes WHERE email = $1".to_string(), vec![]),
        ("DELETE FROM reset_requests WHERE email = $1".to_string(), vec![]),
        (format!("DELETE FROM limit_hits WHERE {contains}(key, $1) > 0 OR {contains}(key, $2) > 0"), vec![id]),
    ]
}
