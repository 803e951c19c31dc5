//! Profiles: the applicant's and recruiter's details, their updates, and resumes.

pub mod handlers;
pub mod links;
pub mod model;
pub mod repo;
pub mod resume;
pub mod resume_text;

use axum::extract::DefaultBodyLimit;
use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// Room for the multipart framing around a resume of the largest allowed size.
const MULTIPART_OVERHEAD: usize = 64 * 1024;

/// The profiles calls, each registered with its OpenAPI description (the path is the handler's);
/// the resume upload takes a body as large as `max_resume_bytes` allows.
pub fn router<S>(max_resume_bytes: u64) -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    let upload_limit = usize::try_from(max_resume_bytes).unwrap_or(usize::MAX).saturating_add(MULTIPART_OVERHEAD);
    let upload = OpenApiRouter::new().routes(routes!(resume::upload)).layer(DefaultBodyLimit::max(upload_limit));
    OpenApiRouter::new()
        .routes(routes!(handlers::applicant_details))
        .routes(routes!(handlers::recruiter_details))
        .routes(routes!(handlers::update_user_details))
        .routes(routes!(resume::download))
        .merge(upload)
}
