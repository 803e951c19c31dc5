use crate::db::{BeginWrite, Db, WriteTx, new_id, now_millis};
use crate::dispatch;

use super::model::{Role, slug_of};

/// How many numbered slugs (`acme-2` to `acme-9`) are tried before one with random letters.
const NUMBERED_SLUGS: u32 = 9;

/// Makes a company named `name` with `owner_id` its owner, in the caller's transaction: its slug
/// is the name's (`slug_of`), numbered when taken. `None` when the person belongs to a company
/// already (then nothing was written).
#[tracing::instrument(skip_all)]
pub async fn found<DB>(tx: &mut WriteTx<DB>, owner_id: &str, name: &str) -> Result<Option<String>, sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'r> (String,): sqlx::FromRow<'r, DB::Row>,
{
    const COMPANY: &str = "INSERT INTO companies (id, slug, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) \
         ON CONFLICT (slug) DO NOTHING RETURNING id";
    const OWNER: &str = "INSERT INTO company_members (user_id, company_id, role, joined_at) VALUES ($1, $2, 'owner', $3) \
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id";
    const UNMADE: &str = "DELETE FROM companies WHERE id = $1";
    let id = new_id();
    let now = now_millis();
    let base = slug_of(name);
    let mut attempt = 1;
    loop {
        let slug = match attempt {
            1 => base.clone(),
            n if n <= NUMBERED_SLUGS => format!("{base}-{n}"),
            _ => format!("{base}-{}", &crate::secrets::random_hex(4)),
        };
        let made: Option<(String,)> = sqlx::query_as(COMPANY)
            .bind(id.as_str())
            .bind(slug.as_str())
            .bind(name)
            .bind(now)
            .fetch_optional(&mut **tx)
            .await?;
        if made.is_some() {
            break;
        }
        attempt += 1;
    }
    let joined: Option<(String,)> =
        sqlx::query_as(OWNER).bind(owner_id).bind(id.as_str()).bind(now).fetch_optional(&mut **tx).await?;
    if joined.is_none() {
        sqlx::query(UNMADE).bind(id.as_str()).execute(&mut **tx).await?;
        return Ok(None);
    }
    Ok(Some(id))
}

/// How many recruiters `adopt_recruiters` gives a company in one transaction.
const ADOPTED_AT_ONCE: i64 = 100;

/// Gives every recruiter who belongs to no company a one-person company of their own, named after
/// their profile's company (or their name when that is empty), and moves their jobs into it.
/// Recruiters who signed up before companies existed are adopted at start; it is safe to run
/// again, and on several instances at once. Returns how many companies it made.
#[tracing::instrument(skip_all)]
pub async fn adopt_recruiters(db: &Db) -> Result<u64, sqlx::Error> {
    adopt(db, None).await
}

/// The company `user_id` belongs to, with their role. A recruiter of no company (one who has just
/// signed up) is made the owner of a company of their own first, as `adopt_recruiters` does; an
/// invitation accepted before that makes them a member of the inviting company instead.
#[tracing::instrument(skip_all)]
pub async fn of_or_found(db: &Db, user_id: &str) -> Result<Option<Member>, sqlx::Error> {
    if let Some(member) = of(db, user_id).await? {
        return Ok(Some(member));
    }
    adopt(db, Some(user_id)).await?;
    of(db, user_id).await
}

/// `adopt_recruiters`, for every recruiter of no company or only for `only`.
async fn adopt(db: &Db, only: Option<&str>) -> Result<u64, sqlx::Error> {
    const WITHOUT: &str = "SELECT u.id, u.first_name, u.last_name, COALESCE(p.company, '') FROM users u \
         LEFT JOIN recruiter_profiles p ON p.user_id = u.id \
         WHERE u.account_type = 'Recruiter' AND (CAST($2 AS TEXT) IS NULL OR u.id = $2) \
         AND NOT EXISTS (SELECT 1 FROM company_members m WHERE m.user_id = u.id) \
         ORDER BY u.id LIMIT $1";
    const JOBS: &str = "UPDATE jobs SET company_id = $1 WHERE user_id = $2 AND company_id IS NULL";
    let mut made = 0;
    loop {
        let waiting: Vec<(String, String, String, String)> =
            dispatch!(db, |pool| sqlx::query_as(WITHOUT).bind(ADOPTED_AT_ONCE).bind(only).fetch_all(pool).await)?;
        if waiting.is_empty() {
            return Ok(made);
        }
        dispatch!(db, |pool| {
            let mut tx = pool.begin_write().await?;
            for (user_id, first_name, last_name, company) in &waiting {
                let name = if company.trim().is_empty() {
                    format!("{first_name} {last_name}").trim().to_string()
                } else {
                    company.trim().to_string()
                };
                // Another instance adopting at the same moment leaves nothing to do.
                let Some(company_id) = found(&mut tx, user_id, &name).await? else { continue };
                sqlx::query(JOBS).bind(company_id.as_str()).bind(user_id.as_str()).execute(&mut *tx).await?;
                made += 1;
            }
            tx.commit().await
        })?;
    }
}

/// A person's place in a company.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Member {
    pub company_id: String,
    pub role: Role,
}

/// The company `user_id` belongs to, with their role; `None` for someone of no company.
#[tracing::instrument(skip_all)]
pub async fn of(db: &Db, user_id: &str) -> Result<Option<Member>, sqlx::Error> {
    const SQL: &str = "SELECT company_id, role FROM company_members WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, Member>(SQL).bind(user_id).fetch_optional(pool).await)
}
