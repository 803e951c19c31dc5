use serde::Serialize;
use utoipa::ToSchema;

use crate::jobs::model::{JobType, rfc3339_from_millis};
use crate::profiles::model::Education;

/// Where an application stands: `applied`, then once `shortlisted` or `rejected` by the recruiter,
/// or `withdrawn` by the applicant (docs/rules.md#application-statuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApplicationStatus {
    Applied,
    Shortlisted,
    Rejected,
    Withdrawn,
}

impl ApplicationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::Shortlisted => "shortlisted",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Applied, Self::Shortlisted, Self::Rejected, Self::Withdrawn]
            .into_iter()
            .find(|status| status.as_str() == text)
    }
}

crate::text_column!(ApplicationStatus);

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationJob {
    pub title: String,
    pub salary: i64,
    pub company: String,
    pub location: String,
    pub job_type: JobType,
    pub deadline: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RecruitersDetails {
    pub company: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantUser {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct JobApplicantsDetails {
    /// An absolute, signed link for the caller that works for ten minutes, or `""` when there is no resume.
    pub resume: String,
    pub education: Vec<Education>,
    pub skills: Vec<String>,
}

/// A step of an application's history: the status it took, and when.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StatusChange {
    pub status: ApplicationStatus,
    /// RFC 3339, UTC.
    pub at: String,
}

/// An application as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    #[serde(rename = "_id")]
    pub id: String,
    pub job_id: String,
    pub status: ApplicationStatus,
    /// The statement of purpose.
    pub sop: String,
    pub date_of_application: String,
    pub job_details: ApplicationJob,
    pub recruiters_details: RecruitersDetails,
    pub user_details: ApplicantUser,
    pub job_applicants_details: JobApplicantsDetails,
    /// True when the recruiter deleted the job: the application stays with its applicant as a
    /// record, but the job has no page any more.
    pub job_removed: bool,
    /// Every status the application has had, oldest first: `applied`, then the decision or the
    /// withdrawal when there was one.
    pub history: Vec<StatusChange>,
}

/// An application as stored, joined with its job, applicant and recruiter.
#[derive(Debug, sqlx::FromRow)]
pub struct ApplicationRow {
    pub id: String,
    pub job_id: String,
    pub applicant_id: String,
    pub status: ApplicationStatus,
    pub sop: String,
    pub created_at: i64,
    /// When it left `applied`.
    pub decided_at: Option<i64>,
    pub title: String,
    pub salary: i64,
    pub company: String,
    pub location: String,
    pub job_type: JobType,
    pub deadline: i64,
    pub job_removed: bool,
    pub recruiter_company: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub resume_key: Option<String>,
    pub education: String,
    pub skills: String,
}

impl ApplicationRow {
    /// The API object, with `resume_link` made for whoever is looking.
    pub fn into_application(self, resume_link: impl FnOnce(&str) -> String) -> Application {
        let resume = if self.resume_key.is_some() { resume_link(&self.applicant_id) } else { String::new() };
        let mut history =
            vec![StatusChange { status: ApplicationStatus::Applied, at: rfc3339_from_millis(self.created_at) }];
        if let (status, Some(at)) = (self.status, self.decided_at)
            && status != ApplicationStatus::Applied
        {
            history.push(StatusChange { status, at: rfc3339_from_millis(at) });
        }
        Application {
            id: self.id,
            job_id: self.job_id,
            status: self.status,
            sop: self.sop,
            date_of_application: rfc3339_from_millis(self.created_at),
            job_details: ApplicationJob {
                title: self.title,
                salary: self.salary,
                company: self.company,
                location: self.location,
                job_type: self.job_type,
                deadline: rfc3339_from_millis(self.deadline),
            },
            recruiters_details: RecruitersDetails { company: self.recruiter_company },
            user_details: ApplicantUser { first_name: self.first_name, last_name: self.last_name, email: self.email },
            job_applicants_details: JobApplicantsDetails {
                resume,
                education: serde_json::from_str(&self.education).unwrap_or_default(),
                skills: serde_json::from_str(&self.skills).unwrap_or_default(),
            },
            job_removed: self.job_removed,
            history,
        }
    }
}

/// How many applications a job has in each status.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct StatusCounts {
    pub applied: i64,
    pub shortlisted: i64,
    pub rejected: i64,
    pub withdrawn: i64,
}

impl StatusCounts {
    pub fn add(&mut self, status: ApplicationStatus, count: i64) {
        match status {
            ApplicationStatus::Applied => self.applied += count,
            ApplicationStatus::Shortlisted => self.shortlisted += count,
            ApplicationStatus::Rejected => self.rejected += count,
            ApplicationStatus::Withdrawn => self.withdrawn += count,
        }
    }
}

/// Applications made on one UTC day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct DayCount {
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    pub count: i64,
}

/// One job's applications at a glance: counts by status, and applications per day.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationsOverview {
    pub counts: StatusCounts,
    /// Every application the job received, whatever its status.
    pub total: i64,
    /// The last 30 UTC days, oldest first, today last; a day without applications counts 0.
    pub per_day: Vec<DayCount>,
}

pub const OVERVIEW_DAYS: i64 = 30;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

impl ApplicationsOverview {
    /// From the counts by status and by day number (Unix milliseconds / a day), as of `now`.
    pub fn new(by_status: Vec<(ApplicationStatus, i64)>, by_day: Vec<(i64, i64)>, now: i64) -> Self {
        let mut counts = StatusCounts::default();
        for (status, count) in by_status {
            counts.add(status, count);
        }
        let total = counts.applied + counts.shortlisted + counts.rejected + counts.withdrawn;
        let today = now.div_euclid(DAY_MS);
        let by_day: std::collections::HashMap<i64, i64> = by_day.into_iter().collect();
        let per_day = (today - OVERVIEW_DAYS + 1..=today)
            .map(|day| DayCount {
                day: rfc3339_from_millis(day * DAY_MS)[..10].to_string(),
                count: by_day.get(&day).copied().unwrap_or(0),
            })
            .collect();
        Self { counts, total, per_day }
    }

    /// The first day of the window, as a time: applications before it are not drawn.
    pub fn window_start(now: i64) -> i64 {
        (now.div_euclid(DAY_MS) - OVERVIEW_DAYS + 1) * DAY_MS
    }
}

pub const MAX_SOP_WORDS: usize = 250;

/// A statement of purpose: present, at most 250 words.
pub fn parse_sop(sop: Option<&str>) -> Result<String, crate::error::AppError> {
    let sop = sop.map(str::trim).filter(|sop| !sop.is_empty());
    let sop = sop.ok_or_else(|| crate::error::AppError::bad_request("Statement of purpose is required"))?;
    if sop.split_whitespace().count() > MAX_SOP_WORDS {
        return Err(crate::error::AppError::bad_request("Statement of purpose must be at most 250 words"));
    }
    if sop.chars().count() > 5_000 {
        return Err(crate::error::AppError::bad_request("Statement of purpose must be at most 5000 characters"));
    }
    Ok(sop.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overview_counts_by_status_and_fills_every_day_of_the_window() {
        // 2026-11-23T15:00:00Z
        let now = 1_795_446_000_000;
        let today = now / DAY_MS;
        let overview = ApplicationsOverview::new(
            vec![
                (ApplicationStatus::Applied, 3),
                (ApplicationStatus::Withdrawn, 1),
                (ApplicationStatus::Shortlisted, 2),
            ],
            vec![(today, 4), (today - 29, 1), (today - 2, 1)],
            now,
        );
        assert_eq!(overview.counts, StatusCounts { applied: 3, shortlisted: 2, rejected: 0, withdrawn: 1 });
        assert_eq!(overview.total, 6);
        assert_eq!(overview.per_day.len(), 30);
        assert_eq!(overview.per_day[0], DayCount { day: "2026-10-25".into(), count: 1 });
        assert_eq!(overview.per_day[27], DayCount { day: "2026-11-21".into(), count: 1 });
        assert_eq!(overview.per_day[29], DayCount { day: "2026-11-23".into(), count: 4 });
        assert_eq!(overview.per_day.iter().map(|day| day.count).sum::<i64>(), 6);
        assert_eq!(ApplicationsOverview::window_start(now), (today - 29) * DAY_MS);
    }

    #[test]
    fn a_statement_has_at_most_250_words() {
        assert_eq!(parse_sop(Some("  I would love to join.  ")).unwrap(), "I would love to join.");
        assert!(parse_sop(Some(&"word ".repeat(250))).is_ok());
        assert_eq!(
            parse_sop(Some(&"word ".repeat(251))).unwrap_err().to_string(),
            "Statement of purpose must be at most 250 words"
        );
        assert_eq!(parse_sop(Some("   ")).unwrap_err().to_string(), "Statement of purpose is required");
        assert_eq!(parse_sop(None).unwrap_err().to_string(), "Statement of purpose is required");
    }
}
