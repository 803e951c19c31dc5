//! What the OpenAPI document says beyond the routes (title, tags, the bearer scheme, the errors
//! any call may answer); the paths come from the routes as they are registered (routes.rs), so a
//! served call cannot be missing from it. The web app's types are generated from its snapshot.

use std::collections::BTreeSet;

use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{Schema, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Content, ObjectBuilder, RefOr};
use utoipa::{Modify, OpenApi};

/// What the routes do not say: the title, the servers and the tags.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "jobportal API",
        version = "1",
        description = "The HTTP API of jobportal. Every response is a JSON object with `success` and \
            `message`; errors use a non-2xx status with `success: false`. Trailing slashes are \
            ignored. Unknown paths under `/api` answer 404 and a known path with another method 405, \
            both in the error envelope. The server stays compatible with the original job-portal \
            contract: its calls keep their methods, paths and fields, and every change is additive \
            (new calls, new optional fields a client may ignore). Conventions, the original calls and \
            the product's rules are described in the repository's docs/ (docs/api.md, docs/rules.md)."
    ),
    servers((url = "/", description = "This server")),
    tags(
        (name = "accounts", description = "Signup, login, logout and passwords"),
        (name = "profiles", description = "Applicant and recruiter profiles, and resumes"),
        (name = "applications", description = "Applying, following applications, shortlisting and rejecting"),
        (name = "categories", description = "Job categories and their pages"),
        (name = "jobs", description = "Posting, editing, deleting, browsing and searching jobs"),
        (name = "saved", description = "Jobs an applicant saved to come back to"),
        (name = "alerts", description = "Saved searches, and the daily e-mail of the new jobs that match them"),
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
        let error = || Content::new(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")));
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

/// `success` and `message` in the schema of every JSON success body (`envelope::ok` puts them in
/// every such answer), first among its required fields. The contract test (tests/api/contract.rs)
/// checks every success answer against these schemas, so a body sent without the envelope fails it.
struct Enveloped;

impl Modify for Enveloped {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let mut bodies = BTreeSet::new();
        for item in openapi.paths.paths.values() {
            let operations = [&item.get, &item.put, &item.post, &item.delete];
            for operation in operations.into_iter().flatten() {
                for (status, response) in &operation.responses.responses {
                    let RefOr::T(response) = response else { continue };
                    let json = response.content.get("application/json");
                    if let (true, Some(RefOr::Ref(body))) = (
                        status.starts_with('2'),
                        json.and_then(|content| match content {
                            RefOr::T(content) => content.schema.as_ref(),
                            RefOr::Ref(_) => None,
                        }),
                    ) {
                        bodies.extend(body.ref_location.rsplit('/').next().map(str::to_owned));
                    }
                }
            }
        }
        let Some(components) = openapi.components.as_mut() else { return };
        for name in bodies {
            let Some(RefOr::T(Schema::Object(body))) = components.schemas.get_mut(&name) else {
                panic!("the success body {name} is not an object schema, so it cannot carry the envelope");
            };
            body.properties.insert("success".into(), ObjectBuilder::new().schema_type(Type::Boolean).into());
            body.properties.insert("message".into(), ObjectBuilder::new().schema_type(Type::String).into());
            body.required.retain(|field| field != "success" && field != "message");
            body.required.splice(0..0, ["success".to_owned(), "message".to_owned()]);
        }
    }
}

/// The document from what the routes registered: the operations at the root (`/healthz`,
/// `/readyz`) and the API's calls, nested at `/api/v1`, with this file's title, tags and schemes.
pub fn assemble(operation: utoipa::openapi::OpenApi, mut api: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    document.merge(operation);
    AnyCallErrors.modify(&mut api);
    document = document.nest("/api/v1", api);
    BearerAuth.modify(&mut document);
    Enveloped.modify(&mut document);
    document
}
