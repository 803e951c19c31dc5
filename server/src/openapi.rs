//! The OpenAPI document of every call the server answers, served at `/api/v1/openapi.json` and
//! kept as a snapshot in `server/openapi.json` (the web app's types are generated from it). The
//! paths come from the routes as they are registered (`lib.rs`), so a served call cannot be
//! missing from it.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::Content;
use utoipa::{Modify, OpenApi};

/// What the routes do not say: the title, the servers and the tags.
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
    tags(
        (name = "accounts", description = "Signup, login, logout and passwords"),
        (name = "profiles", description = "Applicant and recruiter profiles, and resumes"),
        (name = "applications", description = "Applying, following applications, shortlisting and rejecting"),
        (name = "categories", description = "Job categories and their pages"),
        (name = "jobs", description = "Posting, editing, deleting, browsing and searching jobs"),
        (name = "operation", description = "Liveness and readiness"),
    )
)]
struct ApiDoc;

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

/// The answers any call under `/api/v1` may give before its handler runs: 400 for a NUL character
/// in the path or the query (`error::reject_nul`), and 413 for a body over the limit on the calls
/// that take one. Each call's own description of these statuses, where it has one, is kept.
struct AnyCallErrors;

impl Modify for AnyCallErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let error = || {
            Content::new(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")))
        };
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let responses = &mut operation.responses.responses;
                responses.entry("400".into()).or_insert_with(|| {
                    ResponseBuilder::new()
                        .description("A NUL character in the path or the query, named")
                        .content("application/json", error())
                        .build()
                        .into()
                });
                if operation.request_body.is_some() {
                    responses.entry("413".into()).or_insert_with(|| {
                        ResponseBuilder::new()
                            .description("The request body is too large")
                            .content("application/json", error())
                            .build()
                            .into()
                    });
                }
            }
        }
    }
}

/// The whole document, made from the registered routes.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    document.merge(crate::operation_routes().into_openapi());
    let mut api = crate::api_routes(0).into_openapi();
    AnyCallErrors.modify(&mut api);
    document = document.nest("/api/v1", api);
    BearerAuth.modify(&mut document);
    document
}

/// The document as served and as snapshotted: pretty JSON with a final newline.
pub fn to_json() -> String {
    let mut json = openapi().to_pretty_json().expect("the OpenAPI document serializes");
    json.push('\n');
    json
}

static DOCUMENT: LazyLock<String> = LazyLock::new(to_json);

/// This document.
#[utoipa::path(get, path = "/openapi.json", tag = "operation",
    responses((status = 200, description = "The OpenAPI document of this API", content_type = "application/json", body = Object)))]
pub async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str())
}
