use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::{API_TOKEN_PREFIX, Recruiter};
use crate::db::{new_id, now_millis};
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::membership;
use crate::membership::model::Role;
use crate::secrets::{digest, random_hex};
use crate::state::AppState;

use super::model::{ApiToken, CreateTokenRequest, Scope, stored_scopes};
use super::repo::{self, Created, NewToken};

pub const FOR_OWNERS_AND_RECRUITERS: &str = "API tokens are for a company's owners and recruiters";
pub const NAME_REQUIRED: &str = "Token name is required";
pub const NAME_TOO_LONG: &str = "Token name must be at most 60 characters";
pub const NAME_TAKEN: &str = "You already have a token with this name";
pub const SCOPES_REQUIRED: &str = "Choose at least one scope";
pub const SCOPES_INVALID: &str =
    "Scopes must be among jobs:read, jobs:write, applications:read, applications:write and webhooks";
pub const EXPIRY_INVALID: &str = "Expiry must be between 1 and 365 days";
pub const TOO_MANY_TOKENS: &str = "You can have at most 20 API tokens: revoke one first";
pub const TOKEN_NOT_FOUND: &str = "Token not found";

const MAX_NAME: usize = 60;
const MAX_DAYS: i64 = 365;
const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokensResponse {
    /// The caller's tokens, newest first.
    pub tokens: Vec<ApiToken>,
    /// Whether the caller may make tokens: a company's owner or recruiter.
    pub can_create: bool,
}

#[derive(Serialize, ToSchema)]
pub struct CreatedTokenResponse {
    pub token: ApiToken,
    /// The token's secret (`jpt_` and 64 hex digits), for `Authorization: Bearer`. It is shown
    /// only in this answer: the server keeps its digest.
    pub secret: String,
}

/// Whether the caller is an owner or recruiter of their company.
async fn may_hold_tokens(state: &AppState, user_id: &str) -> Result<bool, AppError> {
    let member = membership::repo::of_or_found(&state.db, user_id).await?;
    Ok(member.is_some_and(|member| matches!(member.role, Role::Owner | Role::Recruiter)))
}

/// The caller's API tokens.
#[utoipa::path(get, path = "/auth/tokens", tag = "tokens", security(("bearer" = ["Recruiter"])),
    responses((status = 200, description = "`Tokens fetched successfully`", body = TokensResponse)))]
pub async fn api_tokens(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<TokensResponse>> {
    let tokens = repo::tokens(&state.db, &caller.id).await?.into_iter().map(ApiToken::from).collect();
    let can_create = may_hold_tokens(&state, &caller.id).await?;
    Ok(ok("Tokens fetched successfully", TokensResponse { tokens, can_create }))
}

/// Make an API token: a name, its scopes and, if it should end, its lifetime in days. The answer
/// carries the secret, shown this once.
#[utoipa::path(post, path = "/auth/tokens", tag = "tokens", security(("bearer" = ["Recruiter"])),
    request_body = CreateTokenRequest,
    responses(
        (status = 201, description = "`Token created: copy it now, it will not be shown again`", body = CreatedTokenResponse),
        (status = 400, description = "`Token name is required`, `Token name must be at most 60 characters`, \
            `Choose at least one scope`, `Scopes must be among …` or `Expiry must be between 1 and 365 days`", body = ErrorBody),
        (status = 403, description = "`API tokens are for a company's owners and recruiters`", body = ErrorBody),
        (status = 409, description = "`You already have a token with this name`, or twenty tokens already", body = ErrorBody),
    ))]
pub async fn create_api_token(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    JsonBody(request): JsonBody<CreateTokenRequest>,
) -> ApiResult<(StatusCode, Reply<CreatedTokenResponse>)> {
    let name = request.name.as_deref().map(str::trim).filter(|name| !name.is_empty());
    let name = name.ok_or_else(|| AppError::bad_request(NAME_REQUIRED))?;
    if name.chars().count() > MAX_NAME {
        return Err(AppError::bad_request(NAME_TOO_LONG));
    }
    let scopes = request.scopes.as_deref().unwrap_or_default();
    if scopes.is_empty() {
        return Err(AppError::bad_request(SCOPES_REQUIRED));
    }
    let scopes = scopes
        .iter()
        .map(|scope| Scope::parse(scope.trim()).ok_or_else(|| AppError::bad_request(SCOPES_INVALID)))
        .collect::<Result<Vec<_>, _>>()?;
    let days = request.expires_in_days;
    if days.is_some_and(|days| !(1..=MAX_DAYS).contains(&days)) {
        return Err(AppError::bad_request(EXPIRY_INVALID));
    }
    if !may_hold_tokens(&state, &caller.id).await? {
        return Err(AppError::forbidden(FOR_OWNERS_AND_RECRUITERS));
    }
    let secret = format!("{API_TOKEN_PREFIX}{}", random_hex(32));
    let now = now_millis();
    let id = new_id();
    let token = NewToken {
        id: &id,
        user_id: &caller.id,
        name,
        scopes: &stored_scopes(&scopes),
        token_hash: &digest(&secret),
        created_at: now,
        expires_at: days.map(|days| now + days * DAY_MILLIS),
    };
    match repo::create(&state.db, &token).await? {
        Created::Done(row) => Ok((
            StatusCode::CREATED,
            ok(
                "Token created: copy it now, it will not be shown again",
                CreatedTokenResponse { token: row.into(), secret },
            ),
        )),
        Created::NameTaken => Err(AppError::Conflict(NAME_TAKEN.into())),
        Created::TooMany => Err(AppError::Conflict(TOO_MANY_TOKENS.into())),
    }
}

/// Revoke one of the caller's tokens: the next call made with it is refused.
#[utoipa::path(delete, path = "/auth/tokens/{tokenId}", tag = "tokens", security(("bearer" = ["Recruiter"])),
    params(("tokenId" = String, Path, description = "The token's `_id`")),
    responses(
        (status = 200, description = "`Token revoked`", body = Ack),
        (status = 404, description = "`Token not found` among the caller's", body = ErrorBody),
    ))]
pub async fn revoke_api_token(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(token_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    if !repo::revoke(&state.db, &caller.id, &token_id).await? {
        return Err(AppError::not_found(TOKEN_NOT_FOUND));
    }
    Ok(ack("Token revoked"))
}

#[cfg(test)]
mod tests {
    use super::super::repo::MAX_TOKENS;
    use super::*;

    #[test]
    fn the_limit_named_in_the_message_is_the_limit_kept() {
        assert!(TOO_MANY_TOKENS.contains(&format!("at most {MAX_TOKENS} ")));
        assert!(NAME_TOO_LONG.contains(&format!("at most {MAX_NAME} ")));
        assert!(EXPIRY_INVALID.contains(&format!("and {MAX_DAYS} days")));
    }
}
