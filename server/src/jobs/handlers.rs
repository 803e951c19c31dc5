use axum::Json;
use axum::extract::{RawQuery, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};

use super::model::Job;
use super::repo;

pub const DEFAULT_PAGE_SIZE: i64 = 50;
pub const MAX_PAGE_SIZE: i64 = 100;

/// Paging of the job list, parsed from the query string.
#[derive(Debug, PartialEq, Eq, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Page number, from 1. Default 1.
    pub page: i64,
    /// Jobs per page, 1 to 100. Default 50.
    pub limit: i64,
}

impl Paging {
    pub fn parse(query: Option<&str>) -> Result<Self, AppError> {
        let mut paging = Self { page: 1, limit: DEFAULT_PAGE_SIZE };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            match key.as_ref() {
                "page" => {
                    paging.page = match value.trim().parse::<i64>() {
                        Ok(page) if page >= 1 => page,
                        _ => return Err(AppError::bad_request("page must be a whole number from 1")),
                    }
                }
                "limit" => {
                    paging.limit = match value.trim().parse::<i64>() {
                        Ok(limit) if (1..=MAX_PAGE_SIZE).contains(&limit) => limit,
                        _ => return Err(AppError::bad_request("limit must be a whole number from 1 to 100")),
                    }
                }
                _ => {}
            }
        }
        Ok(paging)
    }

    fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.limit)
    }
}

#[derive(Serialize, ToSchema)]
pub struct JobsPage {
    pub success: bool,
    pub message: String,
    pub data: Vec<Job>,
    /// How many jobs match in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// Browse jobs, newest first. Deleted jobs never show.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/alljobs",
    tag = "jobs",
    params(Paging),
    responses(
        (status = 200, description = "One page of jobs", body = JobsPage),
        (status = 400, description = "A paging parameter is not valid", body = ErrorBody),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn all_jobs(State(state): State<AppState>, RawQuery(query): RawQuery) -> ApiResult<Json<JobsPage>> {
    let paging = Paging::parse(query.as_deref())?;
    let (data, total) = repo::list_newest(&state.db, paging.limit, paging.offset()).await?;
    Ok(Json(JobsPage {
        success: true,
        message: "Jobs fetched successfully".into(),
        data,
        total,
        page: paging.page,
        limit: paging.limit,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct JobResponse {
    pub success: bool,
    pub message: String,
    pub data: Job,
}

pub const JOB_NOT_FOUND: &str = "Job not found";

/// One job.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/getJob/{jobId}",
    tag = "jobs",
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "The job", body = JobResponse),
        (status = 404, description = "No such job, or it was deleted", body = ErrorBody),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn get_job(State(state): State<AppState>, PathParam(job_id): PathParam<String>) -> ApiResult<Json<JobResponse>> {
    let job = repo::find(&state.db, &job_id).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    Ok(Json(JobResponse { success: true, message: "Job fetched successfully".into(), data: job }))
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
    pub success: bool,
    pub message: String,
    pub data: FullJobDetails,
}

/// One job's full details.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/getFullJobDetails",
    tag = "jobs",
    request_body = FullJobDetailsRequest,
    responses(
        (status = 200, description = "The job's details", body = FullJobDetailsResponse),
        (status = 400, description = "`jobId` is missing or the body is not JSON", body = ErrorBody),
        (status = 404, description = "No such job, or it was deleted", body = ErrorBody),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn get_full_job_details(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<FullJobDetailsRequest>,
) -> ApiResult<Json<FullJobDetailsResponse>> {
    let job_id = request
        .job_id
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| AppError::bad_request("jobId is required"))?;
    let job = repo::find(&state.db, job_id.trim()).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    Ok(Json(FullJobDetailsResponse {
        success: true,
        message: "Job details fetched successfully".into(),
        data: FullJobDetails { job_details: job },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_defaults_to_the_first_fifty() {
        assert_eq!(Paging::parse(None).unwrap(), Paging { page: 1, limit: 50 });
        assert_eq!(Paging::parse(Some("q=x&page=3&limit=100")).unwrap(), Paging { page: 3, limit: 100 });
    }

    #[test]
    fn paging_refuses_what_is_not_a_page() {
        for query in ["page=0", "page=-1", "page=x", "page=1.5", "limit=0", "limit=101", "limit=ten"] {
            let error = Paging::parse(Some(query)).unwrap_err();
            assert!(matches!(error, AppError::BadRequest(_)), "{query}");
        }
    }
}
