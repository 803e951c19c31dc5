//! What the admin console shows, and the parsing of what it sends.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::model::AccountType;
use crate::applications::model::DayCount;
use crate::audit::Action;
use crate::http::error::AppError;
use crate::jobs::model::{Job, JobRow, rfc3339_from_millis};

/// A category as the console lists it: hidden ones too, with how many jobs name it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Hidden from the category list and its page; its jobs stay listed.
    pub hidden: bool,
    /// Every job that names it, deleted ones included (they keep it): a category with any cannot
    /// be deleted, only hidden.
    pub jobs_count: i64,
}

#[derive(Debug, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub hidden_at: Option<i64>,
    pub jobs_count: i64,
}

impl From<CategoryRow> for AdminCategory {
    fn from(row: CategoryRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            description: row.description,
            hidden: row.hidden_at.is_some(),
            jobs_count: row.jobs_count,
        }
    }
}

/// A job as the console lists it: any job that is not deleted, hidden or not.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminJob {
    #[serde(flatten)]
    pub job: Job,
    /// RFC 3339, UTC: when an admin hid it (`hiddenReason` says why); `null` while it is listed.
    #[schema(required)]
    pub hidden_at: Option<String>,
    /// The e-mail address of the recruiter who posted it.
    pub recruiter_email: String,
    /// Whether the recruiter's account is suspended (its jobs are then hidden with it).
    pub recruiter_suspended: bool,
}

#[derive(Debug, sqlx::FromRow)]
pub struct AdminJobRow {
    #[sqlx(flatten)]
    pub job: JobRow,
    pub hidden_at: Option<i64>,
    pub recruiter_email: String,
    pub recruiter_suspended: bool,
}

impl From<AdminJobRow> for AdminJob {
    fn from(row: AdminJobRow) -> Self {
        Self {
            job: Job::from(row.job),
            hidden_at: row.hidden_at.map(rfc3339_from_millis),
            recruiter_email: row.recruiter_email,
            recruiter_suspended: row.recruiter_suspended,
        }
    }
}

/// An account as the console lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminAccount {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub account_type: AccountType,
    /// RFC 3339, UTC: when the account was made.
    pub created_at: String,
    /// RFC 3339, UTC: when an admin suspended it; `null` while it is in good standing.
    #[schema(required)]
    pub suspended_at: Option<String>,
    /// Why it was suspended; `null` while it is not.
    #[schema(required)]
    pub suspension_reason: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct AccountRow {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub account_type: AccountType,
    pub created_at: i64,
    pub suspended_at: Option<i64>,
    pub suspension_reason: Option<String>,
}

impl From<AccountRow> for AdminAccount {
    fn from(row: AccountRow) -> Self {
        Self {
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            account_type: row.account_type,
            created_at: rfc3339_from_millis(row.created_at),
            suspended_at: row.suspended_at.map(rfc3339_from_millis),
            suspension_reason: row.suspended_at.and(row.suspension_reason),
        }
    }
}

/// One line of the audit log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(rename = "_id")]
    pub id: String,
    /// RFC 3339, UTC.
    pub at: String,
    /// Empty when the admin has since deleted their account (the action is kept, naming nobody).
    pub admin_id: String,
    /// `a deleted account` when the admin has since deleted their account.
    pub admin_email: String,
    pub action: Action,
    /// `category`, `job`, `account` or `company`.
    pub target_type: String,
    pub target_id: String,
    /// The category's name, the job's title, the account's e-mail or the company's name when the
    /// action was taken.
    pub target_label: String,
    /// Why, when the action takes a reason (hiding a job, suspending an account).
    #[schema(required)]
    pub reason: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct AuditRow {
    pub id: String,
    pub at: i64,
    pub admin_id: String,
    pub admin_email: String,
    pub action: Action,
    pub target_type: String,
    pub target_id: String,
    pub target_label: String,
    pub reason: Option<String>,
}

impl From<AuditRow> for AuditEntry {
    fn from(row: AuditRow) -> Self {
        Self {
            id: row.id,
            at: rfc3339_from_millis(row.at),
            admin_id: row.admin_id,
            admin_email: row.admin_email,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            target_label: row.target_label,
            reason: row.reason,
        }
    }
}

/// Accounts by type, and how many of them are suspended.
#[derive(Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountCounts {
    pub applicants: i64,
    pub recruiters: i64,
    pub admins: i64,
    pub suspended: i64,
}

/// The site at a glance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOverview {
    pub accounts: AccountCounts,
    /// Listed jobs that take applications now: deadline ahead, not closed, not full.
    pub open_jobs: i64,
    /// Jobs an admin has hidden (not deleted).
    pub hidden_jobs: i64,
    /// Every application ever made.
    pub applications_total: i64,
    /// The last 30 UTC days, oldest first, today last; a day without applications counts 0.
    pub applications_per_day: Vec<DayCount>,
}

/// A request that carries a reason (hiding a job, suspending an account).
#[derive(Deserialize, ToSchema)]
pub struct ReasonRequest {
    /// Why, in at most 500 characters; mailed to the person it concerns and kept in the audit log.
    pub reason: Option<String>,
}

pub const MAX_REASON_CHARS: usize = 500;

/// A reason: present (trimmed), at most 500 characters.
pub fn parse_reason(reason: Option<&str>) -> Result<String, AppError> {
    let reason = reason.map(str::trim).filter(|reason| !reason.is_empty());
    let reason = reason.ok_or_else(|| AppError::bad_request("A reason is required"))?;
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(AppError::bad_request("The reason may have at most 500 characters"));
    }
    Ok(reason.to_string())
}

/// Which page of a list: `page` from 1, `limit` from 1 to 100 (20 by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;
/// Deeper pages cost a scan of everything before them; no one reads a list that far.
pub const MAX_PAGE: i64 = 10_000;

impl Paging {
    pub fn parse(page: Option<&str>, limit: Option<&str>) -> Result<Self, AppError> {
        let page = match page.map(str::trim) {
            None | Some("") => 1,
            Some(text) => match text.parse::<i64>() {
                Ok(page) if (1..=MAX_PAGE).contains(&page) => page,
                _ => return Err(AppError::bad_request("page must be a whole number from 1 to 10000")),
            },
        };
        let limit = match limit.map(str::trim) {
            None | Some("") => DEFAULT_LIMIT,
            Some(text) => match text.parse::<i64>() {
                Ok(limit) if (1..=MAX_LIMIT).contains(&limit) => limit,
                _ => return Err(AppError::bad_request("limit must be a whole number from 1 to 100")),
            },
        };
        Ok(Self { page, limit })
    }

    pub fn offset(self) -> i64 {
        (self.page - 1) * self.limit
    }
}

/// `text` as a `LIKE` pattern that matches it anywhere, its own `%`, `_` and `\` taken literally
/// (the statement says `ESCAPE '\'`), lower-cased as the column it is compared with.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.trim().to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The longest text a console search takes.
pub const MAX_SEARCH_CHARS: usize = 200;

/// A company as the console lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCompany {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    /// An admin verified it: its page shows a badge.
    pub verified: bool,
    /// An admin suspended it: its jobs and its page are gone from public view, and its members
    /// cannot post.
    pub suspended: bool,
    pub members: i64,
    /// Its jobs not deleted, hidden ones included.
    pub jobs: i64,
    /// RFC 3339, UTC.
    pub created_at: String,
}

#[derive(Debug, sqlx::FromRow)]
pub struct AdminCompanyRow {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub verified: bool,
    pub suspended: bool,
    pub members: i64,
    pub jobs: i64,
    pub created_at: i64,
}

impl From<AdminCompanyRow> for AdminCompany {
    fn from(row: AdminCompanyRow) -> Self {
        Self {
            id: row.id,
            slug: row.slug,
            name: row.name,
            verified: row.verified,
            suspended: row.suspended,
            members: row.members,
            jobs: row.jobs,
            created_at: rfc3339_from_millis(row.created_at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_required_and_at_most_500_characters() {
        assert_eq!(parse_reason(Some("  Spam  ")).unwrap(), "Spam");
        for missing in [None, Some(""), Some("   ")] {
            assert_eq!(parse_reason(missing).unwrap_err().to_string(), "A reason is required");
        }
        assert_eq!(parse_reason(Some(&"é".repeat(500))).unwrap().chars().count(), 500);
        assert_eq!(
            parse_reason(Some(&"a".repeat(501))).unwrap_err().to_string(),
            "The reason may have at most 500 characters"
        );
    }

    #[test]
    fn paging_defaults_to_the_first_20_and_refuses_what_is_out_of_range() {
        assert_eq!(Paging::parse(None, None).unwrap(), Paging { page: 1, limit: 20 });
        assert_eq!(Paging::parse(Some("3"), Some("100")).unwrap().offset(), 200);
        for page in ["0", "-1", "x", "10001"] {
            assert_eq!(
                Paging::parse(Some(page), None).unwrap_err().to_string(),
                "page must be a whole number from 1 to 10000"
            );
        }
        for limit in ["0", "101", "1.5"] {
            assert_eq!(
                Paging::parse(None, Some(limit)).unwrap_err().to_string(),
                "limit must be a whole number from 1 to 100"
            );
        }
    }

    #[test]
    fn a_search_matches_its_text_anywhere_with_wildcards_taken_literally() {
        assert_eq!(contains_pattern(" Acme "), "%acme%");
        assert_eq!(contains_pattern("100%_a\\b"), "%100\\%\\_a\\\\b%");
    }
}
