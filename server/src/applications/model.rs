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

/// Where an application is in the hiring pipeline (docs/rules.md#stages): `applied`, `screening`,
/// `interview`, `offer`, then `hired`; or `rejected` by the recruiter, or `withdrawn` by the
/// applicant. Hired, rejected and withdrawn are final.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Applied,
    Screening,
    Interview,
    Offer,
    Hired,
    Rejected,
    Withdrawn,
}

impl Stage {
    pub const ALL: [Stage; 7] =
        [Self::Applied, Self::Screening, Self::Interview, Self::Offer, Self::Hired, Self::Rejected, Self::Withdrawn];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::Screening => "screening",
            Self::Interview => "interview",
            Self::Offer => "offer",
            Self::Hired => "hired",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|stage| stage.as_str() == text)
    }

    /// The stage in plain words, as the applicant and the e-mails say it.
    pub fn words(self) -> &'static str {
        match self {
            Self::Applied => "Applied",
            Self::Screening => "Screening stage",
            Self::Interview => "Interview stage",
            Self::Offer => "Offer stage",
            Self::Hired => "Hired",
            Self::Rejected => "Not selected",
            Self::Withdrawn => "Withdrawn",
        }
    }

    /// Hired, rejected and withdrawn take no further move.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Hired | Self::Rejected | Self::Withdrawn)
    }

    /// The status a client that knows only the original four reads: screening to hired are
    /// `shortlisted`.
    pub fn status(self) -> ApplicationStatus {
        match self {
            Self::Applied => ApplicationStatus::Applied,
            Self::Screening | Self::Interview | Self::Offer | Self::Hired => ApplicationStatus::Shortlisted,
            Self::Rejected => ApplicationStatus::Rejected,
            Self::Withdrawn => ApplicationStatus::Withdrawn,
        }
    }
}

crate::text_column!(Stage);

/// Who made a move: the applicant (applying, withdrawing) or the job's recruiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    Applicant,
    Recruiter,
}

/// Who is looking at an application: the recruiter also sees the rating, the notes count and the
/// reason for a rejection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Applicant,
    Recruiter,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationJob {
    pub title: String,
    /// Rupees per month; the bottom of the range when `salaryMax` is set.
    pub salary: i64,
    /// Rupees per month: the top of the salary range, or `null` for one figure.
    #[schema(required)]
    pub salary_max: Option<i64>,
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

/// A step of an application's history: the stage it took (and the status a client of the original
/// four reads), who moved it, and when.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StatusChange {
    pub status: ApplicationStatus,
    pub stage: Stage,
    /// The stage in plain words, as the application's `stageLabel` says it.
    #[serde(rename = "stageLabel")]
    pub stage_label: &'static str,
    pub by: Actor,
    /// Who on the hiring team made the move: shown to the hiring team only.
    #[serde(rename = "byName", skip_serializing_if = "Option::is_none")]
    pub by_name: Option<String>,
    /// RFC 3339, UTC.
    pub at: String,
    /// Why it was rejected, when the recruiter said: shown to the recruiter only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A move as stored: the application it belongs to, the stage, whether the applicant made it, the
/// reason and when.
#[derive(Debug, sqlx::FromRow)]
pub struct MoveRow {
    pub application_id: String,
    pub stage: Stage,
    pub by_applicant: bool,
    pub reason: Option<String>,
    pub at: i64,
    /// Who on the hiring team made it (first and last name); `None` for the applicant's own.
    pub actor_name: Option<String>,
}

/// An application as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    #[serde(rename = "_id")]
    pub id: String,
    pub job_id: String,
    /// `applied`, `shortlisted` (any stage from screening to hired), `rejected` or `withdrawn`.
    pub status: ApplicationStatus,
    /// Where it is in the hiring pipeline.
    pub stage: Stage,
    /// The stage in plain words ("Interview stage").
    pub stage_label: &'static str,
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
    /// Every stage the application has had, oldest first: `applied` when it was made, then each
    /// move.
    pub history: Vec<StatusChange>,
    /// When its booked interview starts (RFC 3339, UTC), or `null` when none is booked: a
    /// withdrawal cancels it.
    #[schema(required)]
    pub booked_interview_at: Option<String>,
    /// The recruiter's rating, 1 to 5: shown to the recruiter only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// How many private notes the recruiter wrote: shown to the recruiter only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes_count: Option<i64>,
    /// Why the recruiter rejected it, when they said: shown to the recruiter only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejection_reason: Option<String>,
    /// The answers to the job's screening questions, each with its question as it was asked; left
    /// out when there are none (docs/rules.md#screening).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<crate::jobs::questions::Answer>,
    /// How many of the job's requirements it meets: shown to the hiring team, when the job had any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Requirements>,
}

/// "Meets 2 of 3 requirements".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Requirements {
    pub met: i64,
    pub total: i64,
}

/// An application as stored, joined with its job, applicant and recruiter.
#[derive(Debug, sqlx::FromRow)]
pub struct ApplicationRow {
    pub id: String,
    pub job_id: String,
    pub applicant_id: String,
    /// The recruiter who owned the job when the application was made.
    pub recruiter_id: String,
    pub stage: Stage,
    pub sop: String,
    pub created_at: i64,
    pub rating: Option<i64>,
    pub rejection_reason: Option<String>,
    pub notes_count: i64,
    pub booked_interview_at: Option<i64>,
    pub title: String,
    pub salary: i64,
    pub salary_max: Option<i64>,
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
    /// The answers to the job's questions, as stored (a JSON list of `Answer`).
    pub answers: String,
    pub requirements: i64,
    pub requirements_met: i64,
    /// The applicant's resume words: read only for a search's page (`repo::worked_among`).
    #[sqlx(default)]
    pub resume_text: String,
}

impl ApplicationRow {
    /// The API object for `viewer`, with its moves (oldest first) and `resume_link` made for
    /// whoever is looking.
    pub fn into_application(
        self,
        viewer: Viewer,
        moves: Vec<MoveRow>,
        resume_link: impl FnOnce(&str) -> String,
    ) -> Application {
        let resume = if self.resume_key.is_some() { resume_link(&self.applicant_id) } else { String::new() };
        let recruiter = viewer == Viewer::Recruiter;
        let applied = StatusChange {
            status: ApplicationStatus::Applied,
            stage: Stage::Applied,
            stage_label: Stage::Applied.words(),
            by: Actor::Applicant,
            by_name: None,
            at: rfc3339_from_millis(self.created_at),
            reason: None,
        };
        let history = std::iter::once(applied)
            .chain(moves.into_iter().map(|step| StatusChange {
                status: step.stage.status(),
                stage: step.stage,
                stage_label: step.stage.words(),
                by: if step.by_applicant { Actor::Applicant } else { Actor::Recruiter },
                by_name: step.actor_name.filter(|_| recruiter),
                at: rfc3339_from_millis(step.at),
                reason: step.reason.filter(|_| recruiter),
            }))
            .collect();
        Application {
            id: self.id,
            job_id: self.job_id,
            status: self.stage.status(),
            stage: self.stage,
            stage_label: self.stage.words(),
            sop: self.sop,
            date_of_application: rfc3339_from_millis(self.created_at),
            job_details: ApplicationJob {
                title: self.title,
                salary: self.salary,
                salary_max: self.salary_max,
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
            booked_interview_at: self.booked_interview_at.map(rfc3339_from_millis),
            rating: self.rating.filter(|_| recruiter),
            notes_count: recruiter.then_some(self.notes_count),
            rejection_reason: self.rejection_reason.filter(|_| recruiter),
            // Written only by this server as a JSON list; an unreadable value shows as none.
            answers: serde_json::from_str(&self.answers).unwrap_or_default(),
            requirements: (recruiter && self.requirements > 0)
                .then_some(Requirements { met: self.requirements_met, total: self.requirements }),
        }
    }
}

/// A recruiter's private note on an application.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    #[serde(rename = "_id")]
    pub id: String,
    /// Plain text, as written.
    pub body: String,
    /// Who wrote it.
    pub author: String,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl Note {
    /// From (id, body, created_at, author's first name, last name).
    pub fn from_row((id, body, created_at, first_name, last_name): (String, String, i64, String, String)) -> Self {
        Self { id, body, author: format!("{first_name} {last_name}"), created_at: rfc3339_from_millis(created_at) }
    }
}

pub const MAX_NOTE_CHARS: usize = 2000;

/// A note's text: present and at most 2000 characters.
pub fn parse_note(body: Option<&str>) -> Result<String, crate::http::error::AppError> {
    let body = body.map(str::trim).filter(|body| !body.is_empty());
    let body = body.ok_or_else(|| crate::http::error::AppError::bad_request("Note is required"))?;
    if body.chars().count() > MAX_NOTE_CHARS {
        return Err(crate::http::error::AppError::bad_request("Note must be at most 2000 characters"));
    }
    Ok(body.to_string())
}

/// Whether a note's `body` names someone `@first last` or `@first` (letters' case aside), the
/// name ending where a word does.
pub fn mentions(body: &str, first_name: &str, last_name: &str) -> bool {
    let body = body.to_lowercase();
    let full = format!("{first_name} {last_name}").to_lowercase();
    let first = first_name.to_lowercase();
    let names = [full.trim(), first.trim()];
    body.match_indices('@').any(|(at, _)| {
        let after = &body[at + 1..];
        names.iter().filter(|name| !name.is_empty()).any(|name| {
            after.starts_with(*name) && !after[name.len()..].chars().next().is_some_and(char::is_alphanumeric)
        })
    })
}

pub const VIEW_CHOICES: &str = "View must be all, assigned or review";

/// Which of a hiring team member's applications a list shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListView {
    All,
    /// To the jobs they are in charge of or on the hiring team of.
    Assigned,
    /// Still applied, with no rating and no note.
    Review,
}

impl ListView {
    /// From a request's query: `view` once at most, one of the three.
    pub fn parse(query: Option<&str>) -> Result<Self, crate::http::error::AppError> {
        let pairs = form_urlencoded::parse(query.unwrap_or("").as_bytes());
        let views: Vec<_> = pairs.filter(|(key, _)| key == "view").map(|(_, value)| value).collect();
        match views.as_slice() {
            [] => Ok(Self::All),
            [view] => match view.as_ref() {
                "all" => Ok(Self::All),
                "assigned" => Ok(Self::Assigned),
                "review" => Ok(Self::Review),
                _ => Err(crate::http::error::AppError::bad_request(VIEW_CHOICES)),
            },
            _ => Err(crate::http::error::AppError::bad_request(VIEW_CHOICES)),
        }
    }
}

/// How many applications a job has at each stage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct StageCounts {
    pub applied: i64,
    pub screening: i64,
    pub interview: i64,
    pub offer: i64,
    pub hired: i64,
    pub rejected: i64,
    pub withdrawn: i64,
}

impl StageCounts {
    pub fn add(&mut self, stage: Stage, count: i64) {
        let slot = match stage {
            Stage::Applied => &mut self.applied,
            Stage::Screening => &mut self.screening,
            Stage::Interview => &mut self.interview,
            Stage::Offer => &mut self.offer,
            Stage::Hired => &mut self.hired,
            Stage::Rejected => &mut self.rejected,
            Stage::Withdrawn => &mut self.withdrawn,
        };
        *slot += count;
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
    /// By `status`, as a client of the original four reads them.
    pub counts: StatusCounts,
    /// By stage.
    pub stages: StageCounts,
    /// Every application the job received, whatever its status.
    pub total: i64,
    /// The last 30 UTC days, oldest first, today last; a day without applications counts 0.
    pub per_day: Vec<DayCount>,
}

pub const OVERVIEW_DAYS: i64 = 30;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

impl ApplicationsOverview {
    /// From the counts by stage and by day number (Unix milliseconds / a day), as of `now`.
    pub fn new(by_stage: Vec<(Stage, i64)>, by_day: Vec<(i64, i64)>, now: i64) -> Self {
        let mut counts = StatusCounts::default();
        let mut stages = StageCounts::default();
        for (stage, count) in by_stage {
            counts.add(stage.status(), count);
            stages.add(stage, count);
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
        Self { counts, stages, total, per_day }
    }

    /// The first day of the window, as a time: applications before it are not drawn.
    pub fn window_start(now: i64) -> i64 {
        (now.div_euclid(DAY_MS) - OVERVIEW_DAYS + 1) * DAY_MS
    }
}

pub const MAX_SOP_WORDS: usize = 250;

/// A statement of purpose: present, at most 250 words.
pub fn parse_sop(sop: Option<&str>) -> Result<String, crate::http::error::AppError> {
    let sop = sop.map(str::trim).filter(|sop| !sop.is_empty());
    let sop = sop.ok_or_else(|| crate::http::error::AppError::bad_request("Statement of purpose is required"))?;
    if sop.split_whitespace().count() > MAX_SOP_WORDS {
        return Err(crate::http::error::AppError::bad_request("Statement of purpose must be at most 250 words"));
    }
    if sop.chars().count() > 5_000 {
        return Err(crate::http::error::AppError::bad_request("Statement of purpose must be at most 5000 characters"));
    }
    Ok(sop.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_note_mentions_a_teammate_by_at_and_their_full_or_first_name() {
        use super::mentions;
        assert!(mentions("Thoughts, @Priya Shah?", "Priya", "Shah"));
        assert!(mentions("@priya can you call her", "Priya", "Shah"));
        assert!(mentions("ask @PRIYA.", "Priya", "Shah"));
        assert!(mentions("@Zoë, see this", "Zoë", "Ng"));
        assert!(!mentions("Priya should see this", "Priya", "Shah"));
        assert!(!mentions("@Priyanka saw it", "Priya", "Shah"));
        assert!(!mentions("mail priya@example.com", "Priya", "Shah"));
        assert!(!mentions("@", "Priya", "Shah"));
        assert!(!mentions("@ anyone", " ", " "));
    }

    use super::*;

    #[test]
    fn the_overview_counts_by_status_and_fills_every_day_of_the_window() {
        // 2026-11-23T15:00:00Z
        let now = 1_795_446_000_000;
        let today = now / DAY_MS;
        let overview = ApplicationsOverview::new(
            vec![(Stage::Applied, 3), (Stage::Withdrawn, 1), (Stage::Screening, 1), (Stage::Offer, 1)],
            vec![(today, 4), (today - 29, 1), (today - 2, 1)],
            now,
        );
        assert_eq!(overview.counts, StatusCounts { applied: 3, shortlisted: 2, rejected: 0, withdrawn: 1 });
        assert_eq!(
            overview.stages,
            StageCounts { applied: 3, screening: 1, offer: 1, withdrawn: 1, ..Default::default() }
        );
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

pub const MEETS_CHOICES: &str = "meets must be all";
pub const ANSWER_NEEDS_QUESTION: &str = "An answer filter needs both question and answer";

/// What a list of applications keeps: those meeting every requirement of their job, and those
/// that gave one answer.
#[derive(Debug, Default, PartialEq)]
pub struct Sift {
    pub meets_all: bool,
    /// The answer's filter key (`questions::answer_key`).
    pub answer: Option<String>,
}

impl Sift {
    /// From a query's `meets`, `question` and `answer`.
    pub fn parse(pairs: &[(String, String)]) -> Result<Self, crate::http::error::AppError> {
        let value = |name: &str| pairs.iter().find(|(key, _)| key == name).map(|(_, value)| value.trim());
        let meets_all = match value("meets") {
            None | Some("") => false,
            Some("all") => true,
            Some(_) => return Err(crate::http::error::AppError::bad_request(MEETS_CHOICES)),
        };
        let answer = match (value("question").filter(|v| !v.is_empty()), value("answer").filter(|v| !v.is_empty())) {
            (None, None) => None,
            (Some(question), Some(answer)) => Some(crate::jobs::questions::answer_key(question, answer)),
            _ => return Err(crate::http::error::AppError::bad_request(ANSWER_NEEDS_QUESTION)),
        };
        Ok(Self { meets_all, answer })
    }

    pub fn keeps(&self, row: &ApplicationRow) -> bool {
        (!self.meets_all || row.requirements_met >= row.requirements)
            && self.answer.as_ref().is_none_or(|key| crate::jobs::questions::answer_keys(&row.answers).contains(key))
    }
}

/// A query string's pairs, decoded.
pub fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect()
}
