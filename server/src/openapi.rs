//! The OpenAPI document of every call the server answers, served at `/api/v1/openapi.json`.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use utoipa::OpenApi;

use utoipa::Modify;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};

use crate::{accounts, applications, categories, jobs, profiles};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "jobportal API",
        version = "1",
        description = "The wire contract of jobportal (API.md). Every response is a JSON object with \
            `success` and `message`; errors use a non-2xx status with `success: false`. Trailing \
            slashes are ignored. Unknown paths under `/api` answer 404 and a known path with another \
            method 405, both in the error envelope."
    ),
    servers((url = "/", description = "This server")),
    paths(
        crate::healthz,
        crate::readyz,
        document,
        accounts::handlers::send_otp,
        accounts::handlers::signup,
        accounts::handlers::login,
        accounts::handlers::logout,
        accounts::handlers::reset_password_token,
        accounts::handlers::reset_password,
        accounts::handlers::change_password,
        accounts::handlers::user_details,
        accounts::avatar::avatar,
        profiles::handlers::applicant_details,
        profiles::handlers::recruiter_details,
        profiles::handlers::update_user_details,
        profiles::resume::upload,
        profiles::resume::download,
        categories::handlers::show_all_categories,
        categories::handlers::category_page_details,
        categories::handlers::category_page_details_by_path,
        jobs::handlers::all_jobs,
        jobs::handlers::get_job,
        jobs::handlers::get_full_job_details,
        jobs::handlers::create_job,
        jobs::handlers::get_all_jobs,
        jobs::handlers::update_job,
        jobs::handlers::delete_job,
        categories::handlers::create_category,
        applications::handlers::apply,
        applications::handlers::applications,
        applications::handlers::job_applications,
        applications::handlers::update_status,
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "accounts", description = "Signup, login, logout and passwords"),
        (name = "profiles", description = "Applicant and recruiter profiles, and resumes"),
        (name = "applications", description = "Applying, following applications, shortlisting and rejecting"),
        (name = "categories", description = "Job categories and their pages"),
        (name = "jobs", description = "Posting, editing, deleting, browsing and searching jobs"),
        (name = "operation", description = "Liveness and readiness"),
    )
)]
pub struct ApiDoc;

/// The `bearer` scheme the protected calls name: `Authorization: Bearer <JWT>`.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".into());
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
    }
}

static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| ApiDoc::openapi().to_json().expect("the OpenAPI document serializes"));

/// This document.
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "operation",
    responses((status = 200, description = "The OpenAPI document of this API", content_type = "application/json", body = Object)))]
pub async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str())
}
