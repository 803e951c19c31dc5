use std::sync::Arc;

use axum::extract::multipart::Multipart;
use axum::extract::{FromRequest, RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::accounts::session::{Recruiter, TOKEN_INVALID};
use crate::db::now_millis;
use crate::http::compress::Ready;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, BODY_TOO_LARGE, ErrorBody, JsonBody, PathParam};
use crate::state::AppState;

use super::cache;
use super::form::{self, DEADLINE_AFTER_POSTING, Fields};
use super::listings::Listings;
use super::model::JobEdit;
use super::model::{FoundJob, Job};
use super::questions::parse_questions;
use super::repo::{self, CloseOutcome, EditOutcome, Posted};
use super::search::{Facets, JobSearch};

pub use crate::jobs::search::MAX_PAGE_SIZE;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobsPage {
    pub data: Vec<FoundJob>,
    /// How many jobs match: exactly while `totalExact`; past 1,000 matches an estimate from a
    /// sample (within about 2 %); while the search index is first built, counted up to 1000
    /// (`totalCapped`).
    pub total: i64,
    /// True only while the search index is first built and more than 1000 match.
    pub total_capped: bool,
    /// Whether `total` is exact: false when it is an estimate (more than 1,000 matches) or a
    /// count that stopped (`totalCapped`).
    pub total_exact: bool,
    pub page: i64,
    pub limit: i64,
    /// Set when a word of five letters or more is spelt by no job and one edit makes it a word
    /// that jobs use (the one most jobs use): the words the results are for, as the jobs spell
    /// them ("showing results for ..."). When the word as typed matched nothing, the corrected
    /// words were searched instead; when it matched by its stem, the results are the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corrected_query: Option<String>,
    /// Matches per category `_id`, job type, work mode and "posted within" choice, each for the
    /// words and every filter except its own (what choosing it would give).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facets: Option<Facets>,
}

/// Browse and search listed jobs through the search index: newest first without `q`; with it,
/// best match first (BM25 over title, skills, company, location and description, the title and
/// skills weighing most); equal matches keep the index's order (newest first as it was built, jobs
/// posted since after them), so pages neither repeat nor skip a job while no job changes. Every
/// word is required, by its English stem; the last word also stands for the whole words it begins;
/// a word of five letters or more that no job spells so is taken for a typo of the spelling within
/// one edit that most jobs use, and `correctedQuery` says what was searched. `total` and `facets`
/// (matches per category, job type, work mode and "posted within" choice) are exact up to 1,000
/// matches and estimated from a sample beyond (`totalExact`, `facets.exact`), so no search visits
/// every match; each job's `titleMatches` marks the words in its title.
/// Pages reach the first 10,000 results (`page * limit` at most 10,000; deeper is 400).
/// While the index is first built (a new server, or after its folder was removed), the database
/// answers: the newest 200 matches best match first, `total` counted up to 1000, no facets.
#[utoipa::path(
    get,
    path = "/jobs/alljobs",
    tag = "jobs",
    params(JobSearch),
    responses(
        (status = 200, description = "One page of matching jobs and the total", body = JobsPage),
        (status = 400, description = "A parameter is not valid (the message names it), or the page ends beyond the first 10,000 results", body = ErrorBody),
    )
)]
pub async fn all_jobs(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<JobsPage>> {
    let request = JobSearch::parse(query.as_deref())?;
    let found = listings.search.find(&state.db, &request).await?;
    Ok(ok(
        "Jobs fetched successfully",
        JobsPage {
            data: found.jobs,
            total: found.total,
            total_capped: found.total_capped,
            total_exact: found.total_exact,
            page: request.page,
            limit: request.limit,
            corrected_query: found.corrected.map(|words| words.join(" ")),
            facets: found.facets,
        },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct JobResponse {
    pub data: Job,
}

#[derive(Serialize, ToSchema)]
pub struct JobListResponse {
    pub data: Vec<Job>,
}

pub const JOB_NOT_FOUND: &str = "Job not found";

/// One job. A job its recruiter deleted is the same 404 as one that never was (the original
/// contract), marked `removed: true` so a client can say it was removed; a hidden one is a plain 404.
#[utoipa::path(
    get,
    path = "/jobs/getJob/{jobId}",
    tag = "jobs",
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "The job", body = JobResponse),
        (status = 404, description = "`Job not found`: no such job, it is hidden, or its recruiter deleted it (then with `removed: true`)", body = ErrorBody),
    )
)]
pub async fn get_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    PathParam(job_id): PathParam<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    // The answer is kept with the job (`cache`): made once, sent until the job changes.
    let Some(cached) = listings.cache.find(&state.db, &job_id, now_millis()).await? else {
        return Err(AppError::not_found(JOB_NOT_FOUND));
    };
    match cached.shown {
        cache::Shown::Listed => Ok(cached.api(job_answer).answer(&headers)),
        cache::Shown::Deleted => Err(AppError::removed(JOB_NOT_FOUND)),
        cache::Shown::Hidden => Err(AppError::not_found(JOB_NOT_FOUND)),
    }
}

/// A listed job's `getJob` answer, kept with the job.
pub fn job_answer(job: &repo::JobPage) -> Ready {
    let repo::JobPage::Listed { job, .. } = job else { unreachable!("a listed job's page") };
    let body = serde_json::to_vec(&fetched(job)).expect("a job serializes");
    Ready::new(StatusCode::OK, HeaderValue::from_static("application/json"), body)
}

/// `getJob`'s body for `job` (`JobResponse` in the envelope, borrowing the job): what the API
/// answers, and what a job's page carries for the app's first request.
pub fn fetched(job: &Job) -> impl Serialize + '_ {
    #[derive(Serialize)]
    struct Shown<'a> {
        data: &'a Job,
    }
    ok("Job fetched successfully", Shown { data: job }).0
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FullJobDetailsRequest {
    pub job_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FullJobDetails {
    pub job_details: Job,
}

#[derive(Serialize, ToSchema)]
pub struct FullJobDetailsResponse {
    pub data: FullJobDetails,
}

/// One job's full details.
#[utoipa::path(
    post,
    path = "/jobs/getFullJobDetails",
    tag = "jobs",
    request_body = FullJobDetailsRequest,
    responses(
        (status = 200, description = "The job's details", body = FullJobDetailsResponse),
        (status = 400, description = "`jobId` is missing or the body is not JSON", body = ErrorBody),
        (status = 404, description = "No such job, or it was deleted", body = ErrorBody),
    )
)]
pub async fn get_full_job_details(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<FullJobDetailsRequest>,
) -> ApiResult<Reply<FullJobDetailsResponse>> {
    let job_id =
        request.job_id.filter(|id| !id.trim().is_empty()).ok_or_else(|| AppError::bad_request("jobId is required"))?;
    let job = repo::find(&state.db, job_id.trim()).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    Ok(ok("Job details fetched successfully", FullJobDetailsResponse { data: FullJobDetails { job_details: job } }))
}

/// The fields of a form sent as JSON or as multipart text fields.
pub struct FormFields(pub Fields);

impl<S: Send + Sync> FromRequest<S> for FormFields {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let multipart = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("multipart/form-data"));
        if multipart {
            // A form over the body limit is 413, as a JSON body is.
            let invalid = |status: StatusCode, text: String| {
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::PayloadTooLarge(BODY_TOO_LARGE.into())
                } else {
                    AppError::bad_request(format!("Invalid form: {text}"))
                }
            };
            let mut form =
                Multipart::from_request(request, state).await.map_err(|e| invalid(e.status(), e.body_text()))?;
            let mut fields = Fields::new();
            while let Some(field) = form.next_field().await.map_err(|e| invalid(e.status(), e.body_text()))? {
                let Some(name) = field.name().map(str::to_string) else { continue };
                let text = field.text().await.map_err(|e| invalid(e.status(), e.body_text()))?;
                if name.contains('\0') {
                    return Err(crate::http::error::nul_in(&name.replace('\0', "")));
                }
                crate::http::text_input::check(&name, &text)?;
                fields.insert(name, Value::String(text));
            }
            Ok(Self(fields))
        } else {
            match JsonBody::<Value>::from_request(request, state).await?.0 {
                Value::Object(map) => Ok(Self(map.into_iter().collect())),
                _ => Err(AppError::bad_request("The body must be a JSON object")),
            }
        }
    }
}

pub const COMPANY_SUSPENDED: &str = "Your company has been suspended: it cannot post jobs";

/// Post a job.
///
/// Sent as JSON or multipart text fields: `title, company, description, location, salary,
/// maxApplicants, maxPositions, dateOfPosting, deadline` (`YYYY-MM-DD` or RFC 3339), `skillsets`
/// (a JSON list of strings, or its JSON text), `jobType`, and `categoryName` (a category `_id`).
#[utoipa::path(post, path = "/jobs/createJob", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"])),
    request_body(content(
        (form::JobForm = "application/json"),
        (form::JobForm = "multipart/form-data"),
    ), description = "The job's fields, as JSON or multipart/form-data"),
    responses(
        (status = 201, description = "The job is listed", body = JobResponse),
        (status = 400, description = "A field is missing or invalid; the message names it", body = ErrorBody),
    ))]
pub async fn create_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    FormFields(fields): FormFields,
) -> ApiResult<(StatusCode, Reply<JobResponse>)> {
    let job = form::new_job(&fields, caller.id)?;
    // The job goes to the recruiter's company, one of their own made now if they have none yet.
    crate::membership::repo::of_or_found(&state.db, &job.user_id).await?;
    let job = match repo::insert(&state.db, &job).await? {
        Posted::Listed(job) => *job,
        Posted::NoCategory => return Err(AppError::bad_request("Category does not exist")),
        // The session ended with the suspension; this request had already passed its check.
        Posted::Suspended => return Err(AppError::unauthorized(TOKEN_INVALID)),
        Posted::CompanySuspended => return Err(AppError::forbidden(COMPANY_SUSPENDED)),
    };
    listings.changed(&state.db).await;
    Ok((StatusCode::CREATED, ok("Job created successfully", JobResponse { data: job })))
}

/// The caller's own listed jobs, newest first.
#[utoipa::path(get, path = "/jobs/getAllJobs", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:read"])),
    responses(
        (status = 200, description = "The recruiter's jobs", body = JobListResponse),
    ))]
pub async fn get_all_jobs(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<JobListResponse>> {
    let data = repo::list_by_recruiter(&state.db, &caller.id).await?;
    Ok(ok("Jobs fetched successfully", JobListResponse { data }))
}

/// Edit a job: only `maxApplicants` (not below the applications received), `maxPositions` and
/// `deadline` (after the date of posting) change; other keys are ignored.
#[utoipa::path(put, path = "/jobs/updateJob/{jobId}", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    request_body(content(
        (form::JobEditForm = "application/json"),
        (form::JobEditForm = "multipart/form-data"),
    ), description = "`maxApplicants`, `maxPositions`, `deadline`, as JSON or multipart/form-data"),
    responses(
        (status = 200, description = "The edited job", body = JobResponse),
        (status = 400, description = "A field is missing or breaks a rule", body = ErrorBody),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
    ))]
pub async fn update_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
    FormFields(fields): FormFields,
) -> ApiResult<Reply<JobResponse>> {
    let edit = JobEdit::parse(&fields)?;
    // New questions keep the ids of those they edit, so the answers given to them stay theirs.
    let questions = match &edit.questions {
        None => None,
        Some(value) => {
            let kept = repo::find_own(&state.db, &job_id, &caller.id).await?.map(|job| job.questions);
            let kept = kept.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
            let questions = parse_questions(Some(value), &kept, crate::db::new_id)?;
            Some(serde_json::to_string(&questions).expect("questions serialize"))
        }
    };
    let outcome = repo::edit(&state.db, &job_id, &caller.id, &edit, questions.as_deref()).await?;
    listings.changed(&state.db).await;
    match outcome {
        EditOutcome::Edited(job) => Ok(ok("Job updated successfully", JobResponse { data: *job })),
        EditOutcome::NotFound => Err(AppError::not_found(JOB_NOT_FOUND)),
        EditOutcome::BelowApplications(count) => Err(AppError::bad_request(format!(
            "Max applicants cannot be less than the {count} applications already received"
        ))),
        EditOutcome::DeadlineNotAfterPosting => Err(AppError::bad_request(DEADLINE_AFTER_POSTING)),
    }
}

/// Delete a job: it leaves every listing and takes no more applications; applications already
/// made stay visible to their applicants.
#[utoipa::path(delete, path = "/jobs/deleteJob/{jobId}", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "Deleted", body = Ack),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
    ))]
pub async fn delete_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    if !repo::delete(&state.db, &job_id, &caller.id).await? {
        return Err(AppError::not_found(JOB_NOT_FOUND));
    }
    listings.changed(&state.db).await;
    Ok(ack("Job deleted successfully"))
}

pub const ALREADY_CLOSED: &str = "This job is already closed";
pub const NOT_CLOSED: &str = "This job is not closed";
pub const REOPEN_AFTER_DEADLINE: &str = "The deadline has passed; move it later before reopening the job";
pub const REOPEN_FILLED: &str = "Every position of this job is filled; raise Max positions before reopening the job";

/// Close a job to applications before its deadline: it stays listed, marked closed, and leaves
/// searches for open jobs; applications already made are kept.
#[utoipa::path(put, path = "/jobs/closeJob/{jobId}", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Job closed`, with the job as it is now (`closedAt` set)", body = JobResponse),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
        (status = 409, description = "The job is already closed", body = ErrorBody),
    ))]
pub async fn close_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<JobResponse>> {
    match repo::close(&state.db, &job_id, &caller.id).await? {
        CloseOutcome::Done(job) => {
            listings.changed(&state.db).await;
            Ok(ok("Job closed", JobResponse { data: *job }))
        }
        CloseOutcome::NotFound => Err(AppError::not_found(JOB_NOT_FOUND)),
        CloseOutcome::AlreadyThere | CloseOutcome::DeadlinePassed | CloseOutcome::Filled => {
            Err(AppError::Conflict(ALREADY_CLOSED.into()))
        }
    }
}

/// Reopen a job its recruiter closed, while its deadline is ahead (a job past its deadline needs a
/// later deadline first, through `updateJob`).
#[utoipa::path(put, path = "/jobs/reopenJob/{jobId}", tag = "jobs", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Job reopened`, with the job as it is now (`closedAt` null)", body = JobResponse),
        (status = 400, description = "The deadline has passed", body = ErrorBody),
        (status = 404, description = "No such job among the caller's", body = ErrorBody),
        (status = 409, description = "The job is not closed, or every position is filled by a hire", body = ErrorBody),
    ))]
pub async fn reopen_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<JobResponse>> {
    match repo::reopen(&state.db, &job_id, &caller.id).await? {
        CloseOutcome::Done(job) => {
            listings.changed(&state.db).await;
            Ok(ok("Job reopened", JobResponse { data: *job }))
        }
        CloseOutcome::NotFound => Err(AppError::not_found(JOB_NOT_FOUND)),
        CloseOutcome::AlreadyThere => Err(AppError::Conflict(NOT_CLOSED.into())),
        CloseOutcome::DeadlinePassed => Err(AppError::bad_request(REOPEN_AFTER_DEADLINE)),
        CloseOutcome::Filled => Err(AppError::Conflict(REOPEN_FILLED.into())),
    }
}
