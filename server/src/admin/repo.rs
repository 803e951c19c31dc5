//! The admin console's SQL. Every change is one write transaction holding the change, its audit
//! record and, where one is sent, its e-mail (the outbox), so none of the three happens alone.
//! The statements' conditions are the rules: a change they hold back comes back as an outcome
//! saying which (`Toggle`, `CategoryEdit`, `CategoryDeletion`, `Suspension`), for the handler to
//! word.

use crate::applications::{self, model::ApplicationsOverview};
use crate::audit::{self, Action, Entry};
use crate::db::{BeginWrite, Db, now_millis};
use crate::dispatch;
use crate::http::error::Constraint;
use crate::jobs::model::{JOB_COLUMNS, LISTED, open_at};
use crate::mail::Mail;
use crate::mail::repo as outbox;

use super::model::{
    AccountCounts, AccountRow, AdminCompanyRow, AdminJobRow, AdminOverview, AuditRow, CategoryRow, Paging,
};

/// What the overview counts, as of `now`.
#[tracing::instrument(skip_all)]
pub async fn overview(db: &Db, now: i64) -> Result<AdminOverview, sqlx::Error> {
    const ACCOUNTS: &str = "SELECT account_type, CAST(COUNT(*) AS BIGINT), \
         CAST(COUNT(suspended_at) AS BIGINT) FROM users WHERE erased_at IS NULL GROUP BY account_type";
    let open_jobs = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM jobs j WHERE {LISTED} AND {}", open_at("$1"));
    const HIDDEN_JOBS: &str =
        "SELECT CAST(COUNT(*) AS BIGINT) FROM jobs WHERE deleted_at IS NULL AND hidden_at IS NOT NULL";
    let since = ApplicationsOverview::window_start(now);
    let accounts: Vec<(String, i64, i64)> = dispatch!(db, |pool| sqlx::query_as(ACCOUNTS).fetch_all(pool).await)?;
    let (open_jobs,): (i64,) =
        dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(open_jobs)).bind(now).fetch_one(pool).await)?;
    let (hidden_jobs,): (i64,) = dispatch!(db, |pool| sqlx::query_as(HIDDEN_JOBS).fetch_one(pool).await)?;
    let (by_status, by_day) = applications::repo::overview(db, None, since).await?;
    let mut counts = AccountCounts::default();
    for (account_type, count, suspended) in accounts {
        match account_type.as_str() {
            "Applicant" => counts.applicants = count,
            "Recruiter" => counts.recruiters = count,
            _ => counts.admins += count,
        }
        counts.suspended += suspended;
    }
    let applications = ApplicationsOverview::new(by_status, by_day, now);
    Ok(AdminOverview {
        accounts: counts,
        open_jobs,
        hidden_jobs,
        applications_total: applications.total,
        applications_per_day: applications.per_day,
    })
}

const CATEGORY_COLUMNS: &str = "c.id, c.name, c.description, c.hidden_at, \
     CAST((SELECT COUNT(*) FROM jobs WHERE jobs.category_id = c.id) AS BIGINT) AS jobs_count";

/// Every category, hidden ones too, in the order they were made.
#[tracing::instrument(skip_all)]
pub async fn categories(db: &Db) -> Result<Vec<CategoryRow>, sqlx::Error> {
    // One pass over the jobs for every category's count, not one per category.
    const SQL: &str = "SELECT c.id, c.name, c.description, c.hidden_at, CAST(COALESCE(n.jobs_count, 0) AS BIGINT) AS jobs_count \
         FROM categories c LEFT JOIN (SELECT category_id, COUNT(*) AS jobs_count FROM jobs GROUP BY category_id) n \
         ON n.category_id = c.id ORDER BY c.created_at, c.id";
    dispatch!(db, |pool| sqlx::query_as(SQL).fetch_all(pool).await)
}

async fn category(db: &Db, id: &str) -> Result<Option<CategoryRow>, sqlx::Error> {
    let sql = format!("SELECT {CATEGORY_COLUMNS} FROM categories c WHERE c.id = $1");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// A hide or a show: done, or why not.
pub enum Toggle<T = ()> {
    Done(T),
    /// No such category, job (or it is deleted) or account.
    NotFound,
    /// Already as asked: hidden, or shown.
    Unchanged,
}

pub enum CategoryEdit {
    Updated(CategoryRow),
    NotFound,
    /// Another category has the name.
    NameTaken,
}

/// Renames and describes a category. Each of its jobs is logged as changed (`job_changes`): a
/// job's page and `getJob` name its category, and every instance's job cache forgets them.
#[tracing::instrument(skip_all)]
pub async fn update_category(
    db: &Db,
    admin_id: &str,
    id: &str,
    name: &str,
    description: &str,
) -> Result<CategoryEdit, sqlx::Error> {
    const SQL: &str = "UPDATE categories SET name = $1, description = $2 WHERE id = $3";
    const LOG: &str =
        "INSERT INTO job_changes (job_id, at, job_seq) SELECT id, $2, seq FROM jobs WHERE category_id = $1";
    let is_postgres = matches!(db, Db::Postgres(_));
    let refused = dispatch!(db, |pool| async {
        let mut tx = pool.begin_write().await?;
        let done = match sqlx::query(SQL).bind(name).bind(description).bind(id).execute(&mut *tx).await {
            Err(error) if Constraint::CategoryName.is_violated_by(&error) => return Ok(Some(CategoryEdit::NameTaken)),
            done => done?,
        };
        if done.rows_affected() == 0 {
            return Ok(Some(CategoryEdit::NotFound));
        }
        let entry = Entry { admin_id, action: Action::CategoryUpdate, target_id: id, target_label: name, reason: None };
        audit::repo::record(&mut *tx, &entry).await?;
        sqlx::query(LOG).bind(id).bind(now_millis()).execute(&mut *tx).await?;
        if is_postgres {
            // As the log's trigger does for a job's own change (migration 0007).
            sqlx::query("SELECT pg_notify('job_changes', '')").execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(None)
    }
    .await)?;
    if let Some(refused) = refused {
        return Ok(refused);
    }
    Ok(category(db, id).await?.map_or(CategoryEdit::NotFound, CategoryEdit::Updated))
}

/// Hides a category from the list and its page (`hide`), or lists it again.
#[tracing::instrument(skip_all)]
pub async fn set_category_hidden(
    db: &Db,
    admin_id: &str,
    id: &str,
    hide: bool,
) -> Result<Toggle<CategoryRow>, sqlx::Error> {
    const HIDE: &str = "UPDATE categories SET hidden_at = $2 WHERE id = $1 AND hidden_at IS NULL RETURNING name";
    const SHOW: &str = "UPDATE categories SET hidden_at = NULL WHERE id = $1 AND hidden_at IS NOT NULL RETURNING name";
    let action = if hide { Action::CategoryHide } else { Action::CategoryUnhide };
    let changed = dispatch!(db, |pool| async {
        let mut tx = pool.begin_write().await?;
        let statement =
            if hide { sqlx::query_as(HIDE).bind(id).bind(now_millis()) } else { sqlx::query_as(SHOW).bind(id) };
        let name: Option<(String,)> = statement.fetch_optional(&mut *tx).await?;
        let Some((name,)) = name else { return Ok(false) };
        audit::repo::record(&mut *tx, &Entry { admin_id, action, target_id: id, target_label: &name, reason: None })
            .await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(true)
    }
    .await)?;
    let Some(category) = category(db, id).await? else { return Ok(Toggle::NotFound) };
    Ok(if changed { Toggle::Done(category) } else { Toggle::Unchanged })
}

pub enum CategoryDeletion {
    Deleted,
    NotFound,
    /// A job names it: it can only be hidden.
    HasJobs,
}

/// Deletes a category no job names. A job posted into it meanwhile holds it: PostgreSQL's foreign
/// key refuses the delete then, and SQLite's write lock orders the two.
#[tracing::instrument(skip_all)]
pub async fn delete_category(db: &Db, admin_id: &str, id: &str) -> Result<CategoryDeletion, sqlx::Error> {
    const NAME: &str = "SELECT name FROM categories WHERE id = $1";
    const HAS_JOBS: &str = "SELECT 1 FROM jobs WHERE category_id = $1 LIMIT 1";
    const DELETE: &str = "DELETE FROM categories WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let name: Option<(String,)> = sqlx::query_as(NAME).bind(id).fetch_optional(&mut *tx).await?;
        let Some((name,)) = name else { return Ok(CategoryDeletion::NotFound) };
        let has_jobs: Option<(i32,)> = sqlx::query_as(HAS_JOBS).bind(id).fetch_optional(&mut *tx).await?;
        if has_jobs.is_some() {
            return Ok(CategoryDeletion::HasJobs);
        }
        let deleted = match sqlx::query(DELETE).bind(id).execute(&mut *tx).await {
            Err(error) if Constraint::JobCategory.is_violated_by(&error) => return Ok(CategoryDeletion::HasJobs),
            deleted => deleted?,
        };
        if deleted.rows_affected() == 0 {
            return Ok(CategoryDeletion::NotFound);
        }
        let entry =
            Entry { admin_id, action: Action::CategoryDelete, target_id: id, target_label: &name, reason: None };
        audit::repo::record(&mut *tx, &entry).await?;
        // The commit is where PostgreSQL checks a foreign key whose check was deferred; it is not.
        tx.commit().await?;
        Ok(CategoryDeletion::Deleted)
    })
}

/// What a console job search asks for.
pub struct JobQuery {
    /// A `LIKE` pattern for the title, company or recruiter's e-mail; the text itself is also
    /// tried as a job's exact `_id`.
    pub text: Option<(String, String)>,
    pub hidden_only: bool,
}

fn admin_job_select(query: &JobQuery) -> (String, Vec<String>) {
    let mut conditions = vec!["j.deleted_at IS NULL".to_string()];
    let mut binds = Vec::new();
    if let Some((pattern, exact)) = &query.text {
        binds.push(pattern.clone());
        binds.push(exact.clone());
        conditions.push(
            "(lower(j.title) LIKE $1 ESCAPE '\\' OR lower(j.company) LIKE $1 ESCAPE '\\' \
             OR lower(u.email) LIKE $1 ESCAPE '\\' OR j.id = $2)"
                .into(),
        );
    }
    if query.hidden_only {
        conditions.push("j.hidden_at IS NOT NULL".into());
    }
    let from = format!(
        "FROM jobs j JOIN categories c ON c.id = j.category_id JOIN users u ON u.id = j.user_id WHERE {}",
        conditions.join(" AND ")
    );
    (from, binds)
}

const ADMIN_JOB_EXTRA: &str =
    "j.hidden_at, u.email AS recruiter_email, (u.suspended_at IS NOT NULL) AS recruiter_suspended";

/// A page of jobs that are not deleted, newest first, and how many match.
#[tracing::instrument(skip_all)]
pub async fn jobs(db: &Db, query: &JobQuery, paging: Paging) -> Result<(Vec<AdminJobRow>, i64), sqlx::Error> {
    let (from, binds) = admin_job_select(query);
    let next = binds.len();
    let list = format!(
        "SELECT {JOB_COLUMNS}, {ADMIN_JOB_EXTRA} {from} ORDER BY j.seq DESC LIMIT ${} OFFSET ${}",
        next + 1,
        next + 2
    );
    let count = format!("SELECT CAST(COUNT(*) AS BIGINT) {from}");
    dispatch!(db, |pool| {
        let mut rows = sqlx::query_as::<_, AdminJobRow>(sqlx::AssertSqlSafe(list));
        let mut total = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(count));
        for bind in &binds {
            rows = rows.bind(bind.clone());
            total = total.bind(bind.clone());
        }
        let rows = rows.bind(paging.limit).bind(paging.offset()).fetch_all(pool).await?;
        let (total,) = total.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// One job that is not deleted, as the console shows it.
#[tracing::instrument(skip_all)]
pub async fn job(db: &Db, id: &str) -> Result<Option<AdminJobRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {JOB_COLUMNS}, {ADMIN_JOB_EXTRA} FROM jobs j JOIN categories c ON c.id = j.category_id \
         JOIN users u ON u.id = j.user_id WHERE j.id = $1 AND j.deleted_at IS NULL"
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// The job's title and its recruiter's address and first name, for the mail an action sends.
pub struct JobOwner {
    pub title: String,
    pub email: String,
    pub first_name: String,
}

/// Hides a job (`Some(reason)`) or lists it again (`None`), mailing its recruiter with the
/// `mail` made for them, in one transaction with the audit record.
#[tracing::instrument(skip_all)]
pub async fn set_job_hidden(
    db: &Db,
    admin_id: &str,
    id: &str,
    reason: Option<&str>,
    mail: impl FnOnce(&JobOwner) -> Mail,
) -> Result<Toggle, sqlx::Error> {
    const HIDE: &str = "UPDATE jobs SET hidden_at = $2, hidden_reason = $3 \
         WHERE id = $1 AND deleted_at IS NULL AND hidden_at IS NULL";
    const SHOW: &str = "UPDATE jobs SET hidden_at = NULL, hidden_reason = NULL \
         WHERE id = $1 AND deleted_at IS NULL AND hidden_at IS NOT NULL";
    const OWNER: &str = "SELECT j.title, u.email, u.first_name FROM jobs j JOIN users u ON u.id = j.user_id \
         WHERE j.id = $1 AND j.deleted_at IS NULL";
    let action = if reason.is_some() { Action::JobHide } else { Action::JobUnhide };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let statement = match reason {
            Some(reason) => sqlx::query(HIDE).bind(id).bind(now_millis()).bind(reason),
            None => sqlx::query(SHOW).bind(id),
        };
        let changed = statement.execute(&mut *tx).await?;
        let owner: Option<(String, String, String)> = sqlx::query_as(OWNER).bind(id).fetch_optional(&mut *tx).await?;
        let Some((title, email, first_name)) = owner else { return Ok(Toggle::NotFound) };
        if changed.rows_affected() == 0 {
            return Ok(Toggle::Unchanged);
        }
        let owner = JobOwner { title, email, first_name };
        outbox::enqueue(&mut *tx, &mail(&owner)).await?;
        audit::repo::record(&mut *tx, &Entry { admin_id, action, target_id: id, target_label: &owner.title, reason })
            .await?;
        tx.commit().await?;
        Ok(Toggle::Done(()))
    })
}

/// A page of accounts whose address contains the pattern (every account without one), newest
/// first, and how many match; a deleted candidate's stand-in is no account.
#[tracing::instrument(skip_all)]
pub async fn accounts(db: &Db, pattern: Option<&str>, paging: Paging) -> Result<(Vec<AccountRow>, i64), sqlx::Error> {
    const COLUMNS: &str = "id, first_name, last_name, email, account_type, created_at, suspended_at, suspension_reason";
    let filter = |placeholder| matching("erased_at IS NULL", "lower(email)", pattern, placeholder);
    let list =
        format!("SELECT {COLUMNS} FROM users {} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2", filter("$3"));
    let count = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM users {}", filter("$1"));
    page_matching(db, list, count, pattern, paging).await
}

/// `WHERE {kept}`, and `{text}` like the pattern (at `placeholder`) when there is one.
fn matching(kept: &str, text: &str, pattern: Option<&str>, placeholder: &str) -> String {
    match pattern {
        Some(_) => format!("WHERE {kept} AND {text} LIKE {placeholder} ESCAPE '\\'"),
        None => format!("WHERE {kept}"),
    }
}

/// A page of what `list` reads (`$1` the limit, `$2` the offset, `$3` the pattern when there is
/// one) and how many `count` counts (`$1` the pattern).
async fn page_matching<T>(
    db: &Db,
    list: String,
    count: String,
    pattern: Option<&str>,
    paging: Paging,
) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow> + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
    T: Send + Unpin,
{
    dispatch!(db, |pool| {
        let rows = sqlx::query_as::<_, T>(sqlx::AssertSqlSafe(list)).bind(paging.limit).bind(paging.offset());
        let total = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(count));
        let (rows, total) = match pattern {
            Some(pattern) => (rows.bind(pattern), total.bind(pattern)),
            None => (rows, total),
        };
        let rows = rows.fetch_all(pool).await?;
        let (total,) = total.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// One account, as the console shows it.
#[tracing::instrument(skip_all)]
pub async fn account(db: &Db, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, first_name, last_name, email, account_type, created_at, suspended_at, \
         suspension_reason FROM users WHERE id = $1 AND erased_at IS NULL";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// The account's address and first name, for the mail an action sends.
pub struct AccountHolder {
    pub email: String,
    pub first_name: String,
}

pub enum Suspension {
    Done,
    NotFound,
    /// Already suspended, or not suspended.
    Unchanged,
    /// Suspending an admin account: it is never done.
    AdminAccount,
}

/// Suspends an account (`Some(reason)`): it may not log in, its sessions end and its jobs are
/// hidden with it; or reinstates it (`None`). The holder is mailed, in one transaction with the
/// change and the audit record. An admin account is never suspended.
#[tracing::instrument(skip_all)]
pub async fn set_suspended(
    db: &Db,
    admin_id: &str,
    id: &str,
    reason: Option<&str>,
    mail: impl FnOnce(&AccountHolder) -> Mail,
) -> Result<Suspension, sqlx::Error> {
    const HOLDER: &str = "SELECT email, first_name, account_type FROM users WHERE id = $1 AND erased_at IS NULL";
    const SUSPEND: &str = "UPDATE users SET suspended_at = $2, suspension_reason = $3 \
         WHERE id = $1 AND suspended_at IS NULL AND account_type <> 'Admin'";
    const REINSTATE: &str = "UPDATE users SET suspended_at = NULL, suspension_reason = NULL \
         WHERE id = $1 AND suspended_at IS NOT NULL";
    const HIDE_JOBS: &str = "UPDATE jobs SET suspended_at = $2 WHERE user_id = $1 AND deleted_at IS NULL";
    // A job of a suspended company stays suspended with it.
    const SHOW_JOBS: &str = "UPDATE jobs SET suspended_at = NULL WHERE user_id = $1 AND suspended_at IS NOT NULL \
         AND (company_id IS NULL OR company_id NOT IN (SELECT id FROM companies WHERE suspended_at IS NOT NULL))";
    const END_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let statement = match reason {
            Some(reason) => sqlx::query(SUSPEND).bind(id).bind(now).bind(reason),
            None => sqlx::query(REINSTATE).bind(id),
        };
        let changed = statement.execute(&mut *tx).await?;
        let holder: Option<(String, String, String)> = sqlx::query_as(HOLDER).bind(id).fetch_optional(&mut *tx).await?;
        let Some((email, first_name, account_type)) = holder else { return Ok(Suspension::NotFound) };
        if changed.rows_affected() == 0 {
            let admin = reason.is_some() && account_type == "Admin";
            return Ok(if admin { Suspension::AdminAccount } else { Suspension::Unchanged });
        }
        if reason.is_some() {
            sqlx::query(HIDE_JOBS).bind(id).bind(now).execute(&mut *tx).await?;
            sqlx::query(END_SESSIONS).bind(id).execute(&mut *tx).await?;
        } else {
            sqlx::query(SHOW_JOBS).bind(id).execute(&mut *tx).await?;
        }
        let holder = AccountHolder { email, first_name };
        outbox::enqueue(&mut *tx, &mail(&holder)).await?;
        let action = if reason.is_some() { Action::AccountSuspend } else { Action::AccountReinstate };
        audit::repo::record(&mut *tx, &Entry { admin_id, action, target_id: id, target_label: &holder.email, reason })
            .await?;
        tx.commit().await?;
        Ok(Suspension::Done)
    })
}

/// A page of the audit log, newest first, and how many entries it holds.
#[tracing::instrument(skip_all)]
pub async fn audit_log(db: &Db, paging: Paging) -> Result<(Vec<AuditRow>, i64), sqlx::Error> {
    const LIST: &str = "SELECT a.id, a.at, COALESCE(a.admin_id, '') AS admin_id, \
         COALESCE(u.email, 'a deleted account') AS admin_email, a.action, a.target_type, a.target_id, \
         a.target_label, a.reason FROM admin_actions a LEFT JOIN users u ON u.id = a.admin_id \
         ORDER BY a.at DESC, a.id DESC LIMIT $1 OFFSET $2";
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM admin_actions";
    dispatch!(db, |pool| {
        let rows = sqlx::query_as(LIST).bind(paging.limit).bind(paging.offset()).fetch_all(pool).await?;
        let (total,): (i64,) = sqlx::query_as(COUNT).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The columns of an `AdminCompanyRow` (`co` is companies).
const COMPANY_COLUMNS: &str = "co.id, co.slug, co.name, (co.verified_at IS NOT NULL) AS verified, \
     (co.suspended_at IS NOT NULL) AS suspended, \
     (SELECT CAST(COUNT(*) AS BIGINT) FROM company_members m WHERE m.company_id = co.id) AS members, \
     (SELECT CAST(COUNT(*) AS BIGINT) FROM jobs j WHERE j.company_id = co.id AND j.deleted_at IS NULL) AS jobs, \
     co.created_at";

/// A page of the companies not removed, newest first, those whose name holds `pattern` (a `LIKE`
/// pattern of lower-case text) when given, and how many there are.
#[tracing::instrument(skip_all)]
pub async fn companies(
    db: &Db,
    pattern: Option<&str>,
    paging: Paging,
) -> Result<(Vec<AdminCompanyRow>, i64), sqlx::Error> {
    let filter = |placeholder| matching("co.removed_at IS NULL", "lower(co.name)", pattern, placeholder);
    let list = format!(
        "SELECT {COMPANY_COLUMNS} FROM companies co {} ORDER BY co.created_at DESC, co.id DESC LIMIT $1 OFFSET $2",
        filter("$3")
    );
    let count = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM companies co {}", filter("$1"));
    page_matching(db, list, count, pattern, paging).await
}

/// One company not removed, as the console shows it.
#[tracing::instrument(skip_all)]
pub async fn company(db: &Db, id: &str) -> Result<Option<AdminCompanyRow>, sqlx::Error> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies co WHERE co.id = $1 AND co.removed_at IS NULL");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// The e-mail a company's owner gets of an admin's action: from their address, their first name
/// and the company's name.
pub type TellOwners<'a> = dyn Fn(&str, &str, &str) -> Mail + Sync + 'a;

/// What an admin may do to a company, each recorded in the audit log with it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CompanyAction<'a> {
    Rename(&'a str),
    Verify,
    Unverify,
    Suspend(&'a str),
    Reinstate,
}

/// Applies `action` to the company `id` (not removed) and records it, in one transaction: `Done`,
/// `NotFound`, or `Unchanged` when it already was as asked. Suspending hides the company's jobs
/// (`jobs.suspended_at`, as an account's suspension does); reinstating shows again those whose
/// recruiter is not suspended.
#[tracing::instrument(skip_all)]
///
/// `tell_owners` writes the e-mail each owner (address, first name, company's name) gets of it,
/// sent with it through the outbox.
pub async fn act_on_company(
    db: &Db,
    admin_id: &str,
    id: &str,
    action: CompanyAction<'_>,
    tell_owners: Option<&TellOwners<'_>>,
) -> Result<Toggle<()>, sqlx::Error> {
    const NAME: &str = "SELECT name FROM companies WHERE id = $1 AND removed_at IS NULL";
    const OWNERS: &str = "SELECT u.email, u.first_name FROM company_members m JOIN users u ON u.id = m.user_id \
         WHERE m.company_id = $1 AND m.role = 'owner' AND u.erased_at IS NULL ORDER BY m.joined_at, m.user_id";
    const HIDE_JOBS: &str = "UPDATE jobs SET suspended_at = $2 WHERE company_id = $1 AND deleted_at IS NULL \
         AND suspended_at IS NULL";
    const SHOW_JOBS: &str = "UPDATE jobs SET suspended_at = NULL WHERE company_id = $1 AND suspended_at IS NOT NULL \
         AND user_id NOT IN (SELECT id FROM users WHERE suspended_at IS NOT NULL)";
    let (sql, audited, reason) = match action {
        CompanyAction::Rename(_) => (
            "UPDATE companies SET name = $3, updated_at = $2 WHERE id = $1 AND name <> $3",
            Action::CompanyRename,
            None,
        ),
        CompanyAction::Verify => (
            "UPDATE companies SET verified_at = $2, updated_at = $2 WHERE id = $1 AND verified_at IS NULL",
            Action::CompanyVerify,
            None,
        ),
        CompanyAction::Unverify => (
            "UPDATE companies SET verified_at = NULL, updated_at = $2 WHERE id = $1 AND verified_at IS NOT NULL",
            Action::CompanyUnverify,
            None,
        ),
        CompanyAction::Suspend(reason) => (
            "UPDATE companies SET suspended_at = $2, updated_at = $2 WHERE id = $1 AND suspended_at IS NULL",
            Action::CompanySuspend,
            Some(reason),
        ),
        CompanyAction::Reinstate => (
            "UPDATE companies SET suspended_at = NULL, updated_at = $2 WHERE id = $1 AND suspended_at IS NOT NULL",
            Action::CompanyReinstate,
            None,
        ),
    };
    let new_name = match action {
        CompanyAction::Rename(name) => name,
        _ => "",
    };
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let name: Option<(String,)> = sqlx::query_as(NAME).bind(id).fetch_optional(&mut *tx).await?;
        let Some((name,)) = name else { return Ok(Toggle::NotFound) };
        let mut statement = sqlx::query(sql).bind(id).bind(now);
        if sql.contains("$3") {
            statement = statement.bind(new_name);
        }
        if statement.execute(&mut *tx).await?.rows_affected() == 0 {
            return Ok(Toggle::Unchanged);
        }
        match action {
            CompanyAction::Suspend(_) => {
                sqlx::query(HIDE_JOBS).bind(id).bind(now).execute(&mut *tx).await?;
            }
            CompanyAction::Reinstate => {
                sqlx::query(SHOW_JOBS).bind(id).execute(&mut *tx).await?;
            }
            _ => {}
        }
        let label = if new_name.is_empty() { name.as_str() } else { new_name };
        if let Some(tell) = tell_owners {
            let owners: Vec<(String, String)> = sqlx::query_as(OWNERS).bind(id).fetch_all(&mut *tx).await?;
            let mails: Vec<Mail> = owners.iter().map(|(email, first_name)| tell(email, first_name, label)).collect();
            outbox::enqueue_all(&mut *tx, &mails.iter().collect::<Vec<_>>()).await?;
        }
        audit::repo::record(&mut *tx, &Entry { admin_id, action: audited, target_id: id, target_label: label, reason })
            .await?;
        tx.commit().await?;
        Ok(Toggle::Done(()))
    })
}
