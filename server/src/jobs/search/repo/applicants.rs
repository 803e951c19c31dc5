//! What the applicant index reads from the database: each application a hiring team may search,
//! in the form the index holds it.

use crate::db::Db;
use crate::dispatch;
use crate::jobs::questions::{answer_keys, answers_text};

use super::super::applicants::ApplicantDoc;

/// An application is searched while it is in the process or decided (not withdrawn), its
/// applicant's account exists and its job was not deleted.
const SEARCHED: &str = "a.stage <> 'withdrawn' AND u.erased_at IS NULL AND j.deleted_at IS NULL";

const COLUMNS: &str = "a.id, a.job_id, a.stage, a.created_at, a.requirements, a.requirements_met, a.sop, a.answers, \
     u.first_name, u.last_name, COALESCE(ap.skills, '[]') AS skills, COALESCE(ap.resume_text, '') AS resume_text \
     FROM applications a JOIN users u ON u.id = a.applicant_id JOIN jobs j ON j.id = a.job_id \
     LEFT JOIN applicant_profiles ap ON ap.user_id = a.applicant_id";

#[derive(sqlx::FromRow)]
struct DocRow {
    id: String,
    job_id: String,
    stage: String,
    created_at: i64,
    requirements: i64,
    requirements_met: i64,
    sop: String,
    answers: String,
    first_name: String,
    last_name: String,
    skills: String,
    resume_text: String,
}

impl From<DocRow> for ApplicantDoc {
    fn from(row: DocRow) -> Self {
        Self {
            id: row.id,
            job_id: row.job_id,
            stage: row.stage,
            meets_all: row.requirements_met >= row.requirements,
            answer_keys: answer_keys(&row.answers),
            applied: row.created_at,
            name: format!("{} {}", row.first_name, row.last_name),
            statement: row.sop,
            answers: answers_text(&row.answers),
            skills: serde_json::from_str(&row.skills).unwrap_or_default(),
            resume: row.resume_text,
        }
    }
}

/// The application as the index holds it; `None` when it is gone or no longer searched.
#[tracing::instrument(skip_all)]
pub(crate) async fn indexed_form(db: &Db, application_id: &str) -> Result<Option<ApplicantDoc>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} WHERE a.id = $1 AND {SEARCHED}");
    let row: Option<DocRow> = dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(application_id).fetch_optional(pool).await
    })?;
    Ok(row.map(ApplicantDoc::from))
}

/// Searched applications after `after` by id, `limit` at a time (keyset paging, for a rebuild).
#[tracing::instrument(skip_all)]
pub(crate) async fn searched_after(db: &Db, after: &str, limit: i64) -> Result<Vec<ApplicantDoc>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} WHERE a.id > $1 AND {SEARCHED} ORDER BY a.id LIMIT $2");
    let rows: Vec<DocRow> = dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(after).bind(limit).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(ApplicantDoc::from).collect())
}
