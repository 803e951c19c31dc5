//! Profiles: the applicant's and recruiter's details, their updates, and resumes.

pub mod handlers;
pub mod model;
pub mod repo;
pub mod resume;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::AppState;

/// Room for the multipart framing around a resume of the largest allowed size.
const MULTIPART_OVERHEAD: usize = 64 * 1024;

pub fn router(max_resume_bytes: u64) -> Router<AppState> {
    let upload_limit = usize::try_from(max_resume_bytes).unwrap_or(usize::MAX).saturating_add(MULTIPART_OVERHEAD);
    Router::new()
        .route("/auth/applicantDetails", get(handlers::applicant_details))
        .route("/auth/recruiterDetails", get(handlers::recruiter_details))
        .route("/auth/updateUserDetails", post(handlers::update_user_details))
        .route("/upload/uploadResume", post(resume::upload).layer(DefaultBodyLimit::max(upload_limit)))
        .route("/resumes/{applicant_id}", get(resume::download))
}
