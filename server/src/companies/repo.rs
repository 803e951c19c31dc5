use crate::db::{BeginWrite, Db, now_millis};
use crate::dispatch;

use super::model::{COMPANY_COLUMNS, CompanyRow, Profile};

/// A company by its slug.
#[tracing::instrument(skip_all)]
pub async fn by_slug(db: &Db, slug: &str) -> Result<Option<CompanyRow>, sqlx::Error> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies co WHERE co.slug = $1");
    dispatch!(db, |pool| {
        sqlx::query_as::<_, CompanyRow>(sqlx::AssertSqlSafe(sql)).bind(slug).fetch_optional(pool).await
    })
}

/// The first deadline after `now` of the company's listed jobs: its page lists them until then.
#[tracing::instrument(skip_all)]
pub async fn next_deadline(db: &Db, company_id: &str, now: i64) -> Result<Option<i64>, sqlx::Error> {
    let sql = format!(
        "SELECT MIN(j.deadline) FROM jobs j WHERE j.company_id = $1 AND j.deadline > $2 AND {}",
        crate::jobs::model::LISTED
    );
    let (next,): (Option<i64>,) = dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(now)
        .fetch_one(pool)
        .await)?;
    Ok(next)
}

/// A company by its id.
#[tracing::instrument(skip_all)]
pub async fn by_id(db: &Db, id: &str) -> Result<Option<CompanyRow>, sqlx::Error> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies co WHERE co.id = $1");
    dispatch!(db, |pool| {
        sqlx::query_as::<_, CompanyRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await
    })
}

/// Replaces the company's profile.
#[tracing::instrument(skip_all)]
pub async fn update_profile(db: &Db, company_id: &str, profile: &Profile) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE companies SET name = $2, website = $3, about = $4, size_band = $5, headquarters = $6, \
         locations = $7, updated_at = $8 WHERE id = $1";
    let locations = serde_json::to_string(&profile.locations).expect("a list of strings serializes");
    dispatch!(db, |pool| {
        sqlx::query(SQL)
            .bind(company_id)
            .bind(&profile.name)
            .bind(&profile.website)
            .bind(&profile.about)
            .bind(profile.size_band.map(|band| band.as_str()))
            .bind(&profile.headquarters)
            .bind(&locations)
            .bind(now_millis())
            .execute(pool)
            .await
            .map(|_| ())
    })
}

/// Sets the company's logo (`None`: removes it) and has every job of the company read again by
/// the search index and the job caches of every instance, whose pages show the logo. Returns the
/// key of the logo it replaced, for the caller to delete once this has committed.
#[tracing::instrument(skip_all)]
pub async fn set_logo(db: &Db, company_id: &str, logo: Option<(&str, &str)>) -> Result<Option<String>, sqlx::Error> {
    const OLD: &str = "SELECT logo_key FROM companies WHERE id = $1";
    const SET: &str = "UPDATE companies SET logo_key = $2, logo_id = $3, updated_at = $4 WHERE id = $1";
    // An update of each row, which the change log's triggers record.
    const TOUCH: &str = "UPDATE jobs SET company_id = company_id WHERE company_id = $1 AND deleted_at IS NULL";
    let (key, logo_id) = logo.unzip();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let old: Option<(Option<String>,)> = sqlx::query_as(OLD).bind(company_id).fetch_optional(&mut *tx).await?;
        sqlx::query(SET).bind(company_id).bind(key).bind(logo_id).bind(now_millis()).execute(&mut *tx).await?;
        sqlx::query(TOUCH).bind(company_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(old.and_then(|(key,)| key))
    })
}

/// The object-store key of the logo served as `logo_id`.
#[tracing::instrument(skip_all)]
pub async fn logo_key(db: &Db, logo_id: &str) -> Result<Option<String>, sqlx::Error> {
    const SQL: &str = "SELECT logo_key FROM companies WHERE logo_id = $1";
    let row: Option<(Option<String>,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(logo_id).fetch_optional(pool).await)?;
    Ok(row.and_then(|(key,)| key))
}
