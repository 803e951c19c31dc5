//! Which calls an API token may make, read from the OpenAPI document: a call a token may make
//! names the `apiToken` scheme among its security requirements, with the scope it needs
//! (`security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:write"]))`; an empty list: any
//! token). Every other call refuses tokens. The document is the one place a call's scope is
//! written, so what it tells a client and what the server enforces cannot differ.

use std::collections::HashMap;

use axum::http::Method;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::SecurityRequirement;

/// The name of the API tokens' security scheme in the OpenAPI document.
pub const API_TOKEN_SCHEME: &str = "apiToken";

/// The scope each call a token may make needs, by method and route (as the router matches it,
/// `/api/v1/jobs/updateJob/{jobId}`).
#[derive(Debug, Default)]
pub struct CallScopes {
    calls: HashMap<(Method, String), Vec<String>>,
}

impl CallScopes {
    pub fn from_document(document: &OpenApi) -> Self {
        let mut calls = HashMap::new();
        for (path, item) in &document.paths.paths {
            let operations = [
                (Method::GET, &item.get),
                (Method::PUT, &item.put),
                (Method::POST, &item.post),
                (Method::DELETE, &item.delete),
                (Method::PATCH, &item.patch),
            ];
            for (method, operation) in operations {
                let Some(operation) = operation else { continue };
                if let Some(scopes) = token_scopes(operation.security.as_deref().unwrap_or_default()) {
                    calls.insert((method, path.clone()), scopes);
                }
            }
        }
        Self { calls }
    }

    /// The scopes of which a token needs one to make this call (empty: any token may), or `None`
    /// when no token may make it.
    pub fn of(&self, method: &Method, route: &str) -> Option<&[String]> {
        self.calls.get(&(method.clone(), route.to_owned())).map(Vec::as_slice)
    }

    /// Every call a token may make, with its scopes, sorted by route and method.
    pub fn calls(&self) -> Vec<(&Method, &str, &[String])> {
        let mut calls: Vec<_> =
            self.calls.iter().map(|((method, route), scopes)| (method, route.as_str(), scopes.as_slice())).collect();
        calls.sort_by(|a, b| (a.1, a.0.as_str()).cmp(&(b.1, b.0.as_str())));
        calls
    }
}

/// The scopes a call's `apiToken` requirement names (empty: any token), or `None` when no token
/// may make the call.
pub fn token_scopes(requirements: &[SecurityRequirement]) -> Option<Vec<String>> {
    requirements.iter().find_map(|requirement| {
        let value = serde_json::to_value(requirement).ok()?;
        let scopes = value.get(API_TOKEN_SCHEME)?.as_array()?;
        Some(scopes.iter().filter_map(|scope| scope.as_str().map(str::to_owned)).collect())
    })
}

#[cfg(test)]
mod tests {
    use utoipa::openapi::path::{HttpMethod, OperationBuilder, PathItem, PathsBuilder};
    use utoipa::openapi::{OpenApiBuilder, ResponsesBuilder};

    use super::*;

    fn document() -> OpenApi {
        let operation = |requirements: Vec<SecurityRequirement>| {
            OperationBuilder::new().responses(ResponsesBuilder::new().build()).securities(Some(requirements)).build()
        };
        let paths = PathsBuilder::new()
            .path(
                "/api/v1/jobs/updateJob/{jobId}",
                PathItem::new(
                    HttpMethod::Put,
                    operation(vec![
                        SecurityRequirement::new("bearer", ["Recruiter"]),
                        SecurityRequirement::new(API_TOKEN_SCHEME, ["jobs:write"]),
                    ]),
                ),
            )
            .path(
                "/api/v1/auth/userDetails",
                PathItem::new(
                    HttpMethod::Get,
                    operation(vec![
                        SecurityRequirement::new("bearer", Vec::<String>::new()),
                        SecurityRequirement::new(API_TOKEN_SCHEME, Vec::<String>::new()),
                    ]),
                ),
            )
            .path(
                "/api/v1/auth/logout",
                PathItem::new(
                    HttpMethod::Post,
                    operation(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]),
                ),
            )
            .build();
        OpenApiBuilder::new().paths(paths).build()
    }

    #[test]
    fn a_call_takes_a_token_only_where_the_document_names_the_token_scheme() {
        let scopes = CallScopes::from_document(&document());
        assert_eq!(scopes.of(&Method::PUT, "/api/v1/jobs/updateJob/{jobId}"), Some(&["jobs:write".to_owned()][..]));
        assert_eq!(scopes.of(&Method::GET, "/api/v1/auth/userDetails"), Some(&[][..]));
        assert_eq!(scopes.of(&Method::POST, "/api/v1/auth/logout"), None, "bearer only");
        assert_eq!(scopes.of(&Method::GET, "/api/v1/jobs/updateJob/{jobId}"), None, "another method");
        assert_eq!(scopes.calls().len(), 2);
    }
}
