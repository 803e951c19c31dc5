//! What the OpenAPI document says beyond the routes (title, tags, the bearer scheme, the errors
//! any call may answer); the paths come from the routes as they are registered (routes.rs), so a
//! served call cannot be missing from it. The web app's types are generated from its snapshot.

use std::collections::BTreeSet;

use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{Schema, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Content, ObjectBuilder, RefOr};
use utoipa::{Modify, OpenApi};

use crate::http::scopes::{API_TOKEN_SCHEME, token_scopes};
use crate::tokens::model::Scope;

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
        (name = "applications", description = "Applying, following applications, and the hiring pipeline: stages, ratings and notes"),
        (name = "notifications", description = "The bell: notifications, live over Server-Sent Events, and which kinds are e-mailed"),
        (name = "push", description = "Web Push: the devices that take notifications, and which kinds each takes"),
        (name = "interviews", description = "Interviews: times proposed, one booked, calendar invitations, reschedules and cancellations"),
        (name = "messages", description = "The conversation between an application's recruiter and its applicant"),
        (name = "categories", description = "Job categories and their pages"),
        (name = "companies", description = "Companies: their public profiles and logos, and their owners' settings"),
        (name = "jobs", description = "Posting, editing, deleting, browsing and searching jobs"),
        (name = "saved", description = "Jobs an applicant saved to come back to"),
        (name = "alerts", description = "Saved searches, and the daily e-mail of the new jobs that match them"),
        (name = "tokens", description = "API tokens: named, scoped secrets for scripts and other software"),
        (name = "webhooks", description = "Webhooks: a company's endpoints, the signed events sent to them, and their delivery log"),
        (name = "operation", description = "Liveness and readiness"),
    )
)]
struct ApiDoc;

/// The `bearer` scheme the protected calls name, `Authorization: Bearer <JWT>`, and the
/// `apiToken` scheme of the calls an API token may make, each naming the scope it needs.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".into());
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
        let scopes = Scope::ALL.map(Scope::as_str).join("`, `");
        let mut token = Http::new(HttpAuthScheme::Bearer);
        token.bearer_format = Some("jpt_ API token".into());
        token.description = Some(format!(
            "An API token made in Settings (`POST /api/v1/auth/tokens`), sent as `Authorization: Bearer jpt_…`. \
             A call that takes one names the scope it needs (`{scopes}`; none named: any token); every \
             other call answers 403 to a token. A token acts within its scopes and its owner's rights."
        ));
        components.add_security_scheme(API_TOKEN_SCHEME, SecurityScheme::Http(token));
    }
}

/// The answers calls under `/api/v1` give whatever they do, written here once instead of on each
/// call: 400 for a NUL character in the path or the query (`error::reject_nul`); 413 for a body
/// over the limit on the calls that take one; 503 when the database is unreachable; and on a
/// protected call (one whose `bearer` requirement is declared), 401 without a valid token and 403
/// where the requirement names account types (`security(("bearer" = ["Recruiter"]))`) for any
/// other, and for an API token the call does not take (no `apiToken` requirement) or one without
/// its scope; a call that takes tokens may answer 429 for a token over its rate limit. A call's own description of one of these statuses, where it has one, is kept (a
/// 503 of its own also says the database's).
struct AnyCallErrors;

impl Modify for AnyCallErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let error = |description: &str| -> RefOr<utoipa::openapi::Response> {
            ResponseBuilder::new()
                .description(description)
                .content("application/json", Content::new(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody"))))
                .build()
                .into()
        };
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let bearer = bearer_roles(operation.security.as_deref().unwrap_or_default());
                let responses = &mut operation.responses.responses;
                responses
                    .entry("400".into())
                    .or_insert_with(|| error("A NUL character in the path or the query, named"));
                if operation.request_body.is_some() {
                    responses.entry("413".into()).or_insert_with(|| error("The request body is too large"));
                }
                if let Some(roles) = bearer {
                    responses.entry("401".into()).or_insert_with(|| error("No valid token"));
                    let mut refusals = Vec::new();
                    if !roles.is_empty() {
                        refusals.push(format!("the account is not {}", roles.join(" or ")));
                    }
                    match token_scopes(operation.security.as_deref().unwrap_or_default()) {
                        None => refusals.push("an API token, which cannot make this call".into()),
                        Some(scopes) => {
                            if !scopes.is_empty() {
                                refusals.push(format!("an API token without the {} scope", scopes.join(" or ")));
                            }
                            responses.entry("429".into()).or_insert_with(|| {
                                error("Too many requests with this API token in a minute (`Retry-After` says when to try again)")
                            });
                        }
                    }
                    if !refusals.is_empty() {
                        let refused = refusals.join("; or ");
                        match responses.get_mut("403") {
                            Some(RefOr::T(own)) => own.description.push_str(&format!("; or {refused}")),
                            _ => {
                                let mut refused = refused;
                                refused[..1].make_ascii_uppercase();
                                responses.insert("403".into(), error(&refused));
                            }
                        }
                    }
                }
                match responses.get_mut("503") {
                    Some(RefOr::T(busy)) => busy.description.push_str("; or the database is unreachable"),
                    _ => {
                        responses.insert("503".into(), error("The database is unreachable"));
                    }
                }
            }
        }
    }
}

/// The account types a call's `bearer` requirement names (none: any account), or `None` when the
/// call is not protected.
fn bearer_roles(requirements: &[utoipa::openapi::security::SecurityRequirement]) -> Option<Vec<String>> {
    requirements.iter().find_map(|requirement| {
        let value = serde_json::to_value(requirement).ok()?;
        let roles = value.get("bearer")?.as_array()?;
        let with_article = |role: &str| {
            let article = if role.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
            format!("{article} {role}")
        };
        Some(roles.iter().filter_map(|role| role.as_str().map(with_article)).collect())
    })
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
