use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::model::AccountType;
use crate::accounts::session::{Applicant, AuthUser, Recruiter, Token};
use crate::db::new_id;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::Listings;
use crate::jobs::repo as jobs;
use crate::membership::repo::{self as members, Told};
use crate::notifications::model::{Kind, Notice};
use crate::notifications::repo as notifications;
use crate::profiles::links;
use crate::state::AppState;

use super::emails::{self, ToRecruiter};
use super::group::Applications;
use super::model::{
    Application, ApplicationRow, ApplicationStatus, ApplicationsOverview, ListView, Stage, Viewer, parse_sop,
};
use super::repo::{self, ApplyOutcome, Decision, Found, Screened, Submitted, Withdrawal};
use crate::jobs::questions::{Question, parse_answers, requirements};

pub const JOB_NOT_FOUND: &str = "Job not found";
pub const DEADLINE_PASSED: &str = "The deadline for this job has passed";
pub const LIMIT_REACHED: &str = "Application limit reached";
pub const JOB_CLOSED: &str = "This job is closed to applications";
pub const ALREADY_APPLIED: &str = "You have already applied for this job";

#[derive(Deserialize, ToSchema)]
pub struct ApplyRequest {
    /// The statement of purpose, at most 250 words.
    pub sop: Option<String>,
    /// The answers to the job's screening questions, each `{questionId, answer}`
    /// (docs/rules.md#screening).
    #[schema(value_type = Option<Vec<crate::jobs::questions::GivenAnswer>>)]
    pub answers: Option<serde_json::Value>,
}

/// To a client that sends no answers to a job whose questions must be answered (the original
/// client knows no questions).
pub const ANSWER_ON_THE_PAGE: &str = "This job asks questions that must be answered: apply on the job's page";

#[derive(Serialize, ToSchema)]
pub struct ApplyResponse {
    pub application: Application,
}

#[derive(Serialize, ToSchema)]
pub struct ApplicationsResponse {
    pub applications: Vec<Application>,
}

#[derive(Serialize, ToSchema)]
pub struct ApplicationResponse {
    pub data: Application,
}

/// An application as `viewer_id` (an applicant or a recruiter, as `viewer` says) sees it.
pub fn shown_to(state: &AppState, viewer: Viewer, viewer_id: &str, (row, moves): Found) -> Application {
    row.into_application(viewer, moves, |applicant| links::link(state, applicant, viewer_id))
}

fn all_shown_to(state: &AppState, viewer: Viewer, viewer_id: &str, found: Vec<Found>) -> Vec<Application> {
    found.into_iter().map(|found| shown_to(state, viewer, viewer_id, found)).collect()
}

pub const APPLICATION_NOT_FOUND: &str = "Application not found";

/// What the applicant is told of a move to `stage`: the bell, and the e-mail unless they switched
/// stage changes off (never with the recruiter's reason).
pub async fn stage_notice(state: &AppState, row: &ApplicationRow, id: &str, stage: Stage) -> ApiResult<Notice> {
    let path = "/dashboard/my-applications".to_string();
    let link = format!("{}{path}", state.config.public_url);
    let wanted = notifications::email_wanted(&state.db, &row.applicant_id, Kind::StageChange).await?;
    Ok(Notice {
        user_id: row.applicant_id.clone(),
        kind: Kind::StageChange,
        text: format!("Your application for {} at {}: {}", row.title, row.company, stage.words()),
        link: path,
        ref_id: id.to_string(),
        mail: wanted.then(|| emails::moved(&row.email, &row.first_name, &row.title, &row.company, stage, &link)),
    })
}

/// The recruiter's notice that `row`'s applicant withdrew it: in the bell, and by e-mail unless
/// they switched changes of stage off.
async fn withdrawal_notice(state: &AppState, row: &ApplicationRow) -> ApiResult<Notice> {
    let path = format!("/dashboard/job/applications/{}", row.job_id);
    let link = format!("{}{path}", state.config.public_url);
    let recruiter = crate::accounts::repo::find(&state.db, &row.recruiter_id).await?;
    let wanted = notifications::email_wanted(&state.db, &row.recruiter_id, Kind::StageChange).await?;
    let applicant_name = format!("{} {}", row.first_name, row.last_name);
    Ok(Notice {
        user_id: row.recruiter_id.clone(),
        kind: Kind::StageChange,
        text: format!("{applicant_name} withdrew their application for {}", row.title),
        link: path,
        ref_id: row.id.clone(),
        mail: recruiter.filter(|_| wanted).map(|recruiter| {
            emails::withdrawn(&ToRecruiter {
                recruiter_email: &recruiter.email,
                recruiter_first_name: &recruiter.first_name,
                applicant_name: &applicant_name,
                job_title: &row.title,
                company: &row.company,
                link: &link,
            })
        }),
    })
}

/// The application as it is now, for `viewer_id`.
pub async fn reread(state: &AppState, viewer: Viewer, viewer_id: &str, id: &str) -> ApiResult<Application> {
    let found = repo::find(&state.db, id).await?.ok_or_else(|| AppError::not_found(APPLICATION_NOT_FOUND))?;
    Ok(shown_to(state, viewer, viewer_id, found))
}

/// Apply to a job with a statement of purpose. The recruiter is told by e-mail.
#[utoipa::path(post, path = "/jobs/apply/{jobId}", tag = "applications", security(("bearer" = ["Applicant"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    request_body = ApplyRequest,
    responses(
        (status = 201, description = "Applied", body = ApplyResponse),
        (status = 400, description = "No statement, one over 250 words, an answer a question does not take (the message names the question), no answers to a job with required questions, the deadline has passed, or `Application limit reached`", body = ErrorBody),
        (status = 404, description = "No such job, or it was deleted", body = ErrorBody),
        (status = 409, description = "`You have already applied for this job`", body = ErrorBody),
    ))]
pub async fn apply(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    State(group): State<Arc<Applications>>,
    token: Token,
    PathParam(job_id): PathParam<String>,
    request: Result<JsonBody<ApplyRequest>, AppError>,
) -> ApiResult<(StatusCode, Reply<ApplyResponse>)> {
    // The caller's session is looked up in the application's one read, so a request refused
    // before it, or by it for want of the job, has its session looked up alone: a closed session
    // or another role is told so first, as on every route for applicants.
    let parsed = request.and_then(|JsonBody(request)| Ok((parse_sop(request.sop.as_deref())?, request.answers)));
    let (sop, answers) = match parsed {
        Ok(parsed) => parsed,
        Err(refused) => return Err(token.applicant(&state.db).await.err().unwrap_or(refused)),
    };
    let caller_id = &token.0.id;
    // Everything the application needs before its transaction, in one read.
    let Some(job) = repo::applying(&state.db, &job_id, caller_id, &token.0.jti).await? else {
        token.applicant(&state.db).await?;
        return Err(AppError::not_found(JOB_NOT_FOUND));
    };
    Token::as_applicant(job.caller_type)?;
    let (Some(first_name), Some(last_name)) = (&job.applicant_first_name, &job.applicant_last_name) else {
        return Err(AppError::not_found("User not found"));
    };
    if job.applied > 0 {
        return Err(AppError::Conflict(ALREADY_APPLIED.into()));
    }
    let screened = screened(&job.questions, answers.as_ref())?;
    let applicant_name = format!("{first_name} {last_name}");
    let path = format!("/dashboard/job/applications/{job_id}");
    let link = format!("{}{path}", state.config.public_url);
    let notice = Notice {
        user_id: job.recruiter_id.clone(),
        kind: Kind::NewApplication,
        text: format!("{applicant_name} applied for {}", job.title),
        link: path,
        ref_id: job_id.clone(),
        mail: (job.email_off == 0).then(|| {
            emails::new_application(&ToRecruiter {
                recruiter_email: &job.recruiter_email,
                recruiter_first_name: &job.recruiter_first_name,
                applicant_name: &applicant_name,
                job_title: &job.title,
                company: &job.company,
                link: &link,
            })
        }),
    };
    // The job's hiring team hears of it too, each by e-mail unless they switched it off.
    let team = match job.team_size {
        0 => Vec::new(),
        _ => members::teammates(&state.db, &job_id, Told::OnTheJob, Kind::NewApplication.as_str()).await?,
    };
    let team = team.into_iter().filter(|member| member.user_id != job.recruiter_id).map(|member| Notice {
        user_id: member.user_id,
        kind: Kind::NewApplication,
        text: notice.text.clone(),
        link: notice.link.clone(),
        ref_id: job_id.clone(),
        mail: (!member.email_off).then(|| {
            emails::new_application(&ToRecruiter {
                recruiter_email: &member.email,
                recruiter_first_name: &member.first_name,
                applicant_name: &applicant_name,
                job_title: &job.title,
                company: &job.company,
                link: &link,
            })
        }),
    });
    let team: Vec<Notice> = team.collect();
    let notices: Vec<Notice> = std::iter::once(notice).chain(team).collect();
    let told: Vec<String> = notices.iter().map(|notice| notice.user_id.clone()).collect();
    let submitted = Submitted {
        id: new_id(),
        job_id: job_id.clone(),
        applicant_id: caller_id.clone(),
        sop: sop.clone(),
        screened: screened.clone(),
        notices,
    };
    let (id, at, filled) = match group.apply(submitted).await? {
        ApplyOutcome::Applied { id, at, filled } => (id, at, filled),
        ApplyOutcome::NoSuchJob => return Err(AppError::not_found(JOB_NOT_FOUND)),
        ApplyOutcome::DeadlinePassed => return Err(AppError::bad_request(DEADLINE_PASSED)),
        ApplyOutcome::Closed => return Err(AppError::bad_request(JOB_CLOSED)),
        ApplyOutcome::Full => return Err(AppError::bad_request(LIMIT_REACHED)),
        ApplyOutcome::AlreadyApplied => return Err(AppError::Conflict(ALREADY_APPLIED.into())),
    };
    state.outbox.notify();
    for user_id in &told {
        state.notifications.wake(user_id);
    }
    // The job's applicationsCount changed; the search index only needs to know when it filled up.
    listings.count_changed(&job_id);
    if filled {
        listings.changed(&state.db).await;
    }
    // The answer is the application as a read of it would give it, made from the read before.
    let row = job
        .made(id, job_id, caller_id.clone(), sop, at, &screened)
        .ok_or_else(|| AppError::not_found("User not found"))?;
    let application = shown_to(&state, Viewer::Applicant, caller_id, (row, Vec::new()));
    Ok((StatusCode::CREATED, ok("Job applied successfully", ApplyResponse { application })))
}

/// The answers an application gives to the job's `questions` (stored JSON), checked; a client
/// that sends no answers to a job with required questions is told to apply on the job's page.
fn screened(questions: &str, answers: Option<&serde_json::Value>) -> Result<Screened, AppError> {
    let questions: Vec<Question> = serde_json::from_str(questions).unwrap_or_default();
    if answers.is_none() && questions.iter().any(|question| question.required) {
        return Err(AppError::bad_request(ANSWER_ON_THE_PAGE));
    }
    let answers = parse_answers(&questions, answers)?;
    let (requirements, requirements_met) = requirements(&questions, &answers);
    let answers = serde_json::to_string(&answers).expect("answers serialize");
    Ok(Screened { answers, requirements, requirements_met })
}

/// An applicant's own applications, or the applications a recruiter received, newest first.
///
/// A member of a hiring team may narrow the list with `view`: `assigned`, the applications to the
/// jobs they are in charge of or on the hiring team of; `review`, those nobody has looked at yet
/// (still applied, with no rating and no note).
#[utoipa::path(get, path = "/auth/applications", tag = "applications", security(("bearer" = []), ("apiToken" = ["applications:read"])),
    params(ListParams),
    responses(
        (status = 200, description = "The applications (at most 1000)", body = ApplicationsResponse),
        (status = 400, description = "`View must be all, assigned or review`, or `Only a hiring team's list has views` to an applicant", body = ErrorBody),
        (status = 403, description = "An admin has no applications", body = ErrorBody),
    ))]
pub async fn applications(
    State(state): State<AppState>,
    caller: AuthUser,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<ApplicationsResponse>> {
    let viewer = match caller.account_type {
        AccountType::Applicant => Viewer::Applicant,
        AccountType::Recruiter => Viewer::Recruiter,
        AccountType::Admin => {
            return Err(AppError::forbidden("This is a protected route for Applicants and Recruiters only"));
        }
    };
    let view = ListView::parse(query.as_deref())?;
    let found = match viewer {
        Viewer::Applicant if view != ListView::All => return Err(AppError::bad_request(VIEWS_FOR_TEAMS)),
        Viewer::Applicant => repo::of_applicant(&state.db, &caller.id).await?,
        Viewer::Recruiter => repo::to_recruiter(&state.db, &caller.id, view).await?,
    };
    Ok(ok(
        "Applications fetched successfully",
        ApplicationsResponse { applications: all_shown_to(&state, viewer, &caller.id, found) },
    ))
}

pub const VIEWS_FOR_TEAMS: &str = "Only a hiring team's list has views";

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// `all` (the default), `assigned` or `review`.
    pub view: Option<String>,
}

/// The applications to one of the caller's jobs; `meets=all` keeps those meeting every
/// requirement, `question` with `answer` those that gave that answer (docs/rules.md#screening).
#[utoipa::path(get, path = "/auth/jobs/applications/{jobId}", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:read"])),
    params(
        ("jobId" = String, Path, description = "The job's `_id`"),
        ("meets" = Option<String>, Query, description = "`all`: only those meeting every requirement"),
        ("question" = Option<String>, Query, description = "With `answer`: only those that gave this answer to this question"),
        ("answer" = Option<String>, Query, description = "`yes`, `no`, a number or a choice"),
    ),
    responses(
        (status = 200, description = "The job's applications, with resume links for the caller", body = ApplicationsResponse),
        (status = 400, description = "`meets must be all`, or an answer without its question", body = ErrorBody),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
    ))]
pub async fn job_applications(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<ApplicationsResponse>> {
    let sift = super::model::Sift::parse(&super::model::query_pairs(query.as_deref()))?;
    if jobs::find_worked(&state.db, &job_id, &caller.id).await?.is_none() {
        return Err(AppError::not_found(JOB_NOT_FOUND));
    }
    let mut found = repo::of_job(&state.db, &job_id).await?;
    found.retain(|(row, _)| sift.keeps(row));
    Ok(ok(
        "Applications fetched successfully",
        ApplicationsResponse { applications: all_shown_to(&state, Viewer::Recruiter, &caller.id, found) },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct OverviewResponse {
    pub data: ApplicationsOverview,
}

/// One of the caller's jobs at a glance: its applications counted by status, and per day over the
/// last 30 days.
#[utoipa::path(get, path = "/auth/jobs/applications/{jobId}/overview", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:read"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Overview fetched successfully`", body = OverviewResponse),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
    ))]
pub async fn job_applications_overview(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<OverviewResponse>> {
    if jobs::find_worked(&state.db, &job_id, &caller.id).await?.is_none() {
        return Err(AppError::not_found(JOB_NOT_FOUND));
    }
    let now = crate::db::now_millis();
    let (by_status, by_day) = repo::overview(&state.db, Some(&job_id), ApplicationsOverview::window_start(now)).await?;
    Ok(ok(
        "Overview fetched successfully",
        OverviewResponse { data: ApplicationsOverview::new(by_status, by_day, now) },
    ))
}

pub const JOB_DELETED: &str = "This job was deleted; its applications can no longer be decided";

#[derive(Deserialize, ToSchema)]
pub struct StatusRequest {
    /// `shortlisted` or `rejected`.
    pub status: Option<String>,
}

/// Shortlist or reject an application to one of the caller's jobs, once. The applicant is told by e-mail.
#[utoipa::path(put, path = "/auth/updateapplicationstatus/{applicationId}", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = StatusRequest,
    responses(
        (status = 200, description = "`Application status updated to {status}`", body = ApplicationResponse),
        (status = 400, description = "The status is not `shortlisted` or `rejected`", body = ErrorBody),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "Already shortlisted or rejected, withdrawn by the applicant, or the job was deleted (its applications are kept but no longer decided)", body = ErrorBody),
    ))]
pub async fn update_status(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<StatusRequest>,
) -> ApiResult<Reply<ApplicationResponse>> {
    let (status, stage) = match request.status.as_deref().map(str::trim).and_then(ApplicationStatus::parse) {
        Some(ApplicationStatus::Shortlisted) => (ApplicationStatus::Shortlisted, Stage::Screening),
        Some(ApplicationStatus::Rejected) => (ApplicationStatus::Rejected, Stage::Rejected),
        _ => return Err(AppError::bad_request("Status must be shortlisted or rejected")),
    };
    let not_found = || AppError::not_found(APPLICATION_NOT_FOUND);
    let row = repo::row(&state.db, &application_id).await?.ok_or_else(not_found)?;
    let notice = stage_notice(&state, &row, &application_id, stage).await?;
    match repo::decide(&state.db, &application_id, &caller.id, stage, &notice).await? {
        Decision::Decided => {}
        Decision::NotFound => return Err(not_found()),
        Decision::AlreadyDecided => return Err(AppError::Conflict("This application has already been decided".into())),
        Decision::Withdrawn => return Err(AppError::Conflict(WITHDRAWN.into())),
        Decision::JobDeleted => return Err(AppError::Conflict(JOB_DELETED.into())),
    }
    state.outbox.notify();
    state.notifications.wake(&row.applicant_id);
    Ok(ok(
        format!("Application status updated to {}", status.as_str()),
        ApplicationResponse { data: reread(&state, Viewer::Recruiter, &caller.id, &application_id).await? },
    ))
}

pub const WITHDRAWN: &str = "The applicant withdrew this application";
pub const NOT_PENDING: &str = "Only a pending application can be withdrawn";

/// Withdraw one of the caller's applications at any stage before it is hired or rejected: the
/// place it held on the job is freed for others, and the recruiter sees it as withdrawn.
#[utoipa::path(put, path = "/auth/withdrawapplication/{applicationId}", tag = "applications", security(("bearer" = ["Applicant"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    responses(
        (status = 200, description = "`Application withdrawn`, with the application as it is now", body = ApplicationResponse),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "Already hired, rejected or withdrawn", body = ErrorBody),
    ))]
pub async fn withdraw(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Applicant(caller): Applicant,
    PathParam(application_id): PathParam<String>,
) -> ApiResult<Reply<ApplicationResponse>> {
    let not_found = || AppError::not_found(APPLICATION_NOT_FOUND);
    let row = repo::row(&state.db, &application_id).await?.filter(|row| row.applicant_id == caller.id);
    let row = row.ok_or_else(not_found)?;
    let notice = withdrawal_notice(&state, &row).await?;
    match repo::withdraw(&state.db, &application_id, &caller.id, &notice).await? {
        Withdrawal::Withdrawn(job_id) => listings.count_changed(&job_id),
        Withdrawal::NotFound => return Err(not_found()),
        Withdrawal::AlreadyDecided => return Err(AppError::Conflict(NOT_PENDING.into())),
    }
    state.outbox.notify();
    state.notifications.wake(&row.recruiter_id);
    // Its planned interviews are cancelled now, with both sides told.
    state.applications_closed.notify_one();
    listings.changed(&state.db).await;
    Ok(ok(
        "Application withdrawn",
        ApplicationResponse { data: reread(&state, Viewer::Applicant, &caller.id, &application_id).await? },
    ))
}
