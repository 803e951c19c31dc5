use crate::db::BeginWrite;
use crate::db::{Db, now_millis};
use crate::dispatch;

use super::model::{ApplicantRow, Education, RecruiterRow};

#[tracing::instrument(skip_all)]
pub async fn applicant(db: &Db, user_id: &str) -> Result<Option<ApplicantRow>, sqlx::Error> {
    const SQL: &str = "SELECT user_id, profile, education, skills, resume_key, resume_name FROM applicant_profiles WHERE user_id = $1";
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
    const SET: &str =
        "UPDATE applicant_profiles SET resume_key = $1, resume_updated_at = $2, resume_name = $3 WHERE user_id = $4";
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
