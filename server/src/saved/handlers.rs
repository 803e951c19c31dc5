use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::Applicant;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, PathParam};
use crate::jobs::model::Job;
use crate::state::AppState;

use super::repo::{self, MAX_SAVED, Saved};

#[derive(Serialize, ToSchema)]
pub struct SavedJobsResponse {
    /// The caller's saved jobs that are still listed, the most recently saved first; a closed one
    /// says so (`closedAt`, the deadline, or every place taken).
    pub data: Vec<Job>,
}

/// The caller's saved jobs.
#[utoipa::path(get, path = "/jobs/saved", tag = "saved", security(("bearer" = ["Applicant"])),
    responses(
        (status = 200, description = "The saved jobs", body = SavedJobsResponse),
    ))]
pub async fn saved_jobs(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
) -> ApiResult<Reply<SavedJobsResponse>> {
    let data = repo::list(&state.db, &caller.id).await?;
    Ok(ok("Saved jobs fetched successfully", SavedJobsResponse { data }))
}

/// Save a job to come back to; saving a saved job again is no error.
#[utoipa::path(put, path = "/jobs/saved/{jobId}", tag = "saved", security(("bearer" = ["Applicant"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Job saved`", body = Ack),
        (status = 400, description = "The caller already keeps 500 saved jobs", body = ErrorBody),
        (status = 404, description = "No such listed job", body = ErrorBody),
    ))]
pub async fn save_job(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    match repo::save(&state.db, &caller.id, &job_id).await? {
        Saved::Saved => Ok(ack("Job saved")),
        Saved::NoSuchJob => Err(AppError::not_found("Job not found")),
        Saved::TooMany => {
            Err(AppError::bad_request(format!("You can save at most {MAX_SAVED} jobs; remove some first")))
        }
    }
}

/// Forget a saved job; forgetting one that is not saved is no error.
#[utoipa::path(delete, path = "/jobs/saved/{jobId}", tag = "saved", security(("bearer" = ["Applicant"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Job removed from your saved jobs`", body = Ack),
    ))]
pub async fn unsave_job(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    repo::unsave(&state.db, &caller.id, &job_id).await?;
    Ok(ack("Job removed from your saved jobs"))
}
