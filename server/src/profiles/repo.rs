use crate::db::BeginWrite;
use crate::db::{Db, now_millis};
use crate::dispatch;

use super::model::{ApplicantRow, Education, RecruiterRow};

#[tracing::instrument(skip_all)]
pub async fn applicant(db: &Db, user_id: &str) -> Result<Option<ApplicantRow>, sqlx::Error> {
    const SQL: &str = "SELECT user_id, profile, education, skills, resume_key, resume_name, \
         resume_text_state, resume_skills FROM applicant_profiles WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, ApplicantRow>(SQL).bind(user_id).fetch_optional(pool).await)
}

#[tracing::instrument(skip_all)]
pub async fn recruiter(db: &Db, user_id: &str) -> Result<Option<RecruiterRow>, sqlx::Error> {
    const SQL: &str = "SELECT user_id, company, position, contact_number FROM recruiter_profiles WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, RecruiterRow>(SQL).bind(user_id).fetch_optional(pool).await)
}

/// What an applicant's update changes; `None` keeps the stored value.
pub struct ApplicantChanges {
    pub profile: Option<String>,
    pub education: Option<Vec<Education>>,
    pub skills: Option<Vec<String>>,
}

pub struct RecruiterChanges {
    pub company: Option<String>,
    pub position: Option<String>,
    pub contact_number: String,
}

pub enum ProfileChanges {
    Applicant(ApplicantChanges),
    Recruiter(RecruiterChanges),
    None,
}

/// Updates the names and the profile in one transaction.
#[tracing::instrument(skip_all)]
pub async fn update(
    db: &Db,
    user_id: &str,
    first_name: &str,
    last_name: &str,
    changes: &ProfileChanges,
) -> Result<(), sqlx::Error> {
    const NAMES: &str = "UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3";
    const APPLICANT: &str = "UPDATE applicant_profiles SET profile = COALESCE($1, profile), \
         education = COALESCE($2, education), skills = COALESCE($3, skills) WHERE user_id = $4";
    const RECRUITER: &str = "UPDATE recruiter_profiles SET company = COALESCE($1, company), \
         position = COALESCE($2, position), contact_number = $3 WHERE user_id = $4";
    let (education, skills) = match changes {
        ProfileChanges::Applicant(changes) => (
            changes.education.as_ref().map(|rows| serde_json::json!(rows).to_string()),
            changes.skills.as_ref().map(|skills| serde_json::json!(skills).to_string()),
        ),
        _ => (None, None),
    };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(NAMES).bind(first_name).bind(last_name).bind(user_id).execute(&mut *tx).await?;
        match changes {
            ProfileChanges::Applicant(changes) => {
                sqlx::query(APPLICANT)
                    .bind(changes.profile.as_deref())
                    .bind(education.as_deref())
                    .bind(skills.as_deref())
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
            }
            ProfileChanges::Recruiter(changes) => {
                sqlx::query(RECRUITER)
                    .bind(changes.company.as_deref())
                    .bind(changes.position.as_deref())
                    .bind(&changes.contact_number)
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
            }
            ProfileChanges::None => {}
        }
        tx.commit().await
    })
}

/// Points the profile at a new resume (`name`: the uploaded file's, for display); returns the key
/// it replaced, if any.
#[tracing::instrument(skip_all)]
pub async fn replace_resume(db: &Db, user_id: &str, key: &str, name: &str) -> Result<Option<String>, sqlx::Error> {
    const OLD: &str = "SELECT resume_key FROM applicant_profiles WHERE user_id = $1";
    // The new file's words are read afresh (`resume_text::run`); the old ones go at once.
    const SET: &str = "UPDATE applicant_profiles SET resume_key = $1, resume_updated_at = $2, resume_name = $3, \
         resume_text = '', resume_skills = '[]', resume_text_state = 'pending', resume_text_claimed_at = NULL, \
         resume_text_attempts = 0 WHERE user_id = $4";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let old: Option<(Option<String>,)> = sqlx::query_as(OLD).bind(user_id).fetch_optional(&mut *tx).await?;
        sqlx::query(SET).bind(key).bind(now_millis()).bind(name).bind(user_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(old.and_then(|(key,)| key))
    })
}

/// Whether `recruiter_id` works a job (`works_on!`) that has an application from `applicant_id`.
#[tracing::instrument(skip_all)]
pub async fn received_application(db: &Db, recruiter_id: &str, applicant_id: &str) -> Result<bool, sqlx::Error> {
    // Only through a job still listed: deleting a job ends the recruiter's view of its applicants.
    const SQL: &str = concat!(
        "SELECT applications.id FROM applications JOIN jobs ON jobs.id = applications.job_id \
         WHERE applications.applicant_id = $2 AND jobs.deleted_at IS NULL AND ",
        crate::membership::model::works_on!("applications.job_id", "$1"),
        " LIMIT 1"
    );
    let found: Option<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(recruiter_id).bind(applicant_id).fetch_optional(pool).await)?;
    Ok(found.is_some())
}

/// A pending resume taken by one reader: whose, which file, and how many readers took it so far.
#[derive(sqlx::FromRow)]
pub struct ResumeClaim {
    pub user_id: String,
    pub resume_key: String,
    pub attempts: i64,
}

/// Takes one pending resume that no reader holds (or whose reader's claim is older than `stale`)
/// for the reader calling at `now`. The claim's conditions are checked again in the update, so
/// of two readers racing for one resume only one gets it.
#[tracing::instrument(skip_all)]
pub async fn claim_resume_text(db: &Db, now: i64, stale: i64) -> Result<Option<ResumeClaim>, sqlx::Error> {
    const SQL: &str = "UPDATE applicant_profiles SET resume_text_claimed_at = $1, \
         resume_text_attempts = resume_text_attempts + 1 \
         WHERE user_id = (SELECT user_id FROM applicant_profiles WHERE resume_text_state = 'pending' \
             AND (resume_text_claimed_at IS NULL OR resume_text_claimed_at < $2) LIMIT 1) \
         AND resume_text_state = 'pending' AND (resume_text_claimed_at IS NULL OR resume_text_claimed_at < $2) \
         AND resume_key IS NOT NULL \
         RETURNING user_id, resume_key, CAST(resume_text_attempts AS BIGINT) AS attempts";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(now).bind(stale).fetch_optional(pool).await)
}

/// Keeps what reading `resume_key` found, unless the applicant has uploaded another since.
#[tracing::instrument(skip_all)]
pub async fn store_resume_text(
    db: &Db,
    user_id: &str,
    resume_key: &str,
    state: &str,
    text: &str,
    skills: &[String],
) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE applicant_profiles SET resume_text = $1, resume_skills = $2, resume_text_state = $3, \
         resume_text_claimed_at = NULL WHERE user_id = $4 AND resume_key = $5 AND resume_text_state = 'pending'";
    let skills = serde_json::to_string(skills).unwrap_or_else(|_| "[]".into());
    dispatch!(db, |pool| {
        sqlx::query(SQL)
            .bind(text)
            .bind(skills.as_str())
            .bind(state)
            .bind(user_id)
            .bind(resume_key)
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// The skills of the newest `jobs` listed jobs, each once (as first spelled), newest first: the
/// words a resume is searched for.
#[tracing::instrument(skip_all)]
pub async fn skills_vocabulary(db: &Db, jobs: i64) -> Result<Vec<String>, sqlx::Error> {
    let sql =
        format!("SELECT j.skillsets FROM jobs j WHERE {} ORDER BY j.seq DESC LIMIT $1", crate::jobs::model::LISTED);
    let rows: Vec<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(jobs).fetch_all(pool).await)?;
    let mut seen = std::collections::HashSet::new();
    let mut skills = Vec::new();
    for (skillsets,) in rows {
        for skill in serde_json::from_str::<Vec<String>>(&skillsets).unwrap_or_default() {
            if seen.insert(skill.to_lowercase()) {
                skills.push(skill);
            }
        }
    }
    Ok(skills)
}
