use serde::Serialize;
use utoipa::ToSchema;

/// The three kinds of job, spelled on the wire and in the database as `Full-time`, `Part-time`
/// and `Internship`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
pub enum JobType {
    #[serde(rename = "Full-time")]
    FullTime,
    #[serde(rename = "Part-time")]
    PartTime,
    Internship,
}

impl JobType {
    pub const ALL: [Self; 3] = [Self::FullTime, Self::PartTime, Self::Internship];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::FullTime => "Full-time",
            Self::PartTime => "Part-time",
            Self::Internship => "Internship",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

crate::text_column!(JobType);

/// Where the work is done, spelled `On-site`, `Hybrid` and `Remote`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
pub enum WorkMode {
    #[default]
    #[serde(rename = "On-site")]
    OnSite,
    Hybrid,
    Remote,
}

impl WorkMode {
    pub const ALL: [Self; 3] = [Self::OnSite, Self::Hybrid, Self::Remote];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::OnSite => "On-site",
            Self::Hybrid => "Hybrid",
            Self::Remote => "Remote",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|mode| mode.as_str().eq_ignore_ascii_case(text))
    }
}

crate::text_column!(WorkMode);

/// A job ready to be stored: every field already parsed and checked.
#[derive(Clone, Debug)]
pub struct NewJob {
    pub user_id: String,
    pub category_id: String,
    pub title: String,
    pub company: String,
    pub description: String,
    pub location: String,
    pub salary: i64,
    pub salary_max: Option<i64>,
    pub date_of_posting: i64,
    pub deadline: i64,
    pub max_applicants: i64,
    pub max_positions: i64,
    pub skillsets: Vec<String>,
    pub job_type: JobType,
    pub work_mode: WorkMode,
    pub questions: Vec<super::questions::Question>,
}

/// What an edit may change: the three original fields, and the questions when given.
#[derive(Debug, PartialEq)]
pub struct JobEdit {
    pub max_applicants: i64,
    pub max_positions: i64,
    pub deadline: i64,
    /// `None` keeps the questions as they are.
    pub questions: Option<serde_json::Value>,
}

/// A job as the API shows it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub company: String,
    /// The slug of the job's company, whose page is `/company/{slug}`; `null` only until its
    /// recruiter has a company.
    #[schema(required)]
    pub company_slug: Option<String>,
    /// The path of the company's logo on the API's server, or `null` when it has none.
    #[schema(required)]
    pub company_logo: Option<String>,
    pub description: String,
    /// Rupees per month; the bottom of the range when `salaryMax` is set.
    pub salary: i64,
    /// Rupees per month: the top of the salary range, or `null` for one figure.
    #[schema(required)]
    pub salary_max: Option<i64>,
    /// Where the work is done.
    pub work_mode: WorkMode,
    /// RFC 3339, UTC.
    pub date_of_posting: String,
    /// RFC 3339, UTC.
    pub deadline: String,
    pub location: String,
    pub max_applicants: i64,
    pub max_positions: i64,
    pub skillsets: Vec<String>,
    pub job_type: JobType,
    /// The category's `_id`.
    pub category: String,
    pub category_name: String,
    /// The recruiter who posted the job.
    pub user_id: String,
    pub applications_count: i64,
    /// RFC 3339, UTC: when the recruiter closed the job to applications before its deadline;
    /// `null` while it is not closed.
    #[schema(required)]
    pub closed_at: Option<String>,
    /// Why an admin hid the job from everyone else. Only on the owner's own jobs (`getAllJobs`,
    /// `recruiterDetails`), and only while it is hidden: no one else is shown a hidden job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_reason: Option<String>,
    /// The screening questions an application answers (docs/rules.md#screening); left out when
    /// the job asks none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<super::questions::Question>,
}

/// A job in search results: with, when the search had words, where its title matched them.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoundJob {
    #[serde(flatten)]
    pub job: Job,
    /// The parts of `title` that matched the words, as `[start, end]` pairs in order: offsets in
    /// UTF-16 code units (as browsers index strings), `end` exclusive. Only when `q` has words
    /// and the search index answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Vec<u32>>>)]
    pub title_matches: Option<Vec<[usize; 2]>>,
}

impl From<Job> for FoundJob {
    fn from(job: Job) -> Self {
        Self { job, title_matches: None }
    }
}

/// A job as it is stored, joined with its category's name.
#[derive(Debug, sqlx::FromRow)]
pub struct JobRow {
    pub id: String,
    pub title: String,
    pub company: String,
    pub company_slug: Option<String>,
    pub company_logo_id: Option<String>,
    pub description: String,
    pub salary: i64,
    pub salary_max: Option<i64>,
    pub work_mode: WorkMode,
    pub date_of_posting: i64,
    pub deadline: i64,
    pub location: String,
    pub max_applicants: i64,
    pub max_positions: i64,
    pub skillsets: String,
    pub job_type: JobType,
    pub category_id: String,
    pub category_name: String,
    pub user_id: String,
    pub applications_count: i64,
    pub closed_at: Option<i64>,
    pub hidden_reason: Option<String>,
    pub questions: String,
}

/// The condition of a job anyone may see (`j` is jobs): not deleted by its recruiter, not hidden by
/// an admin, and its recruiter not suspended. The owner still sees a hidden job among their own.
pub const LISTED: &str = "j.deleted_at IS NULL AND j.hidden_at IS NULL AND j.suspended_at IS NULL";

/// What `open_at` asks whatever the time (`j` is jobs): not closed early, and places left. The
/// search index keeps its negation as a job's `full` flag and compares the deadline itself.
pub const NOT_FULL: &str = "j.closed_at IS NULL AND j.applications_count < j.max_applicants";

/// The condition of a listed job that takes applications at `now` (a placeholder or a number; `j`
/// is jobs): not closed early, places left (`NOT_FULL`), and its deadline ahead. The one definition
/// of an open job: searches, pages, the sitemap, applying and the search index's open mark.
pub fn open_at(now: &str) -> String {
    format!("{NOT_FULL} AND j.deadline > {now}")
}

/// `open_at` for a job already read (times in milliseconds): not closed early, places left, and
/// its deadline ahead of `now`; at the deadline itself the job is closed.
pub fn open_when(closed_early: bool, applications: i64, max_applicants: i64, deadline: i64, now: i64) -> bool {
    !closed_early && applications < max_applicants && before_deadline(deadline, now)
}

/// Whether `now` is before a job's `deadline` (milliseconds): the one boundary of every "open"
/// (`open_at` in SQL, `open_when` for a job read, the index's `open` field).
pub fn before_deadline(deadline: i64, now: i64) -> bool {
    deadline > now
}

/// The columns every job query selects, in `JobRow`'s shape (`j` is jobs, `c` categories).
pub const JOB_COLUMNS: &str = "j.id, j.title, j.company, \
     (SELECT co.slug FROM companies co WHERE co.id = j.company_id) AS company_slug, \
     (SELECT co.logo_id FROM companies co WHERE co.id = j.company_id) AS company_logo_id, j.description, j.salary, j.salary_max, j.work_mode, j.date_of_posting, \
     j.deadline, j.location, j.max_applicants, j.max_positions, j.skillsets, j.job_type, \
     j.category_id, c.name AS category_name, j.user_id, j.applications_count, j.closed_at, \
     CASE WHEN j.hidden_at IS NULL THEN NULL ELSE j.hidden_reason END AS hidden_reason, j.questions";

impl From<JobRow> for Job {
    fn from(row: JobRow) -> Self {
        Self {
            id: row.id,
            title: row.title,
            company: row.company,
            company_slug: row.company_slug,
            company_logo: row.company_logo_id.as_deref().map(company_logo_path),
            description: row.description,
            salary: row.salary,
            salary_max: row.salary_max,
            work_mode: row.work_mode,
            date_of_posting: rfc3339_from_millis(row.date_of_posting),
            deadline: rfc3339_from_millis(row.deadline),
            location: row.location,
            max_applicants: row.max_applicants,
            max_positions: row.max_positions,
            // Written only by this server as a JSON array; an unreadable value shows as none.
            skillsets: serde_json::from_str(&row.skillsets).unwrap_or_default(),
            job_type: row.job_type,
            category: row.category_id,
            category_name: row.category_name,
            user_id: row.user_id,
            applications_count: row.applications_count,
            closed_at: row.closed_at.map(rfc3339_from_millis),
            hidden_reason: row.hidden_reason,
            // Written only by this server as a JSON list; an unreadable value shows as none.
            questions: serde_json::from_str(&row.questions).unwrap_or_default(),
        }
    }
}

/// The path a company's logo is served at on the API's server: a new one for each upload, so it
/// may be cached for good.
pub fn company_logo_path(logo_id: &str) -> String {
    format!("/api/v1/company-logos/{logo_id}.png")
}

pub use crate::db::rfc3339_from_millis;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_in_utc() {
        assert_eq!(rfc3339_from_millis(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_from_millis(1_795_392_000_000), "2026-11-23T00:00:00Z");
        assert_eq!(rfc3339_from_millis(1_795_392_000_250), "2026-11-23T00:00:00.25Z");
    }
}
