//! Who is calling. A login's token is a JWT (HS256, 24 hours) backed by a session row per `jti`:
//! it is honoured only while its session exists, so logout, a reset and a password change end
//! sessions exactly. An API token (`jpt_…`, docs/rules.md#api-tokens) is found by its digest and
//! makes only the calls the OpenAPI document gives its scopes (`http::scopes`), each taking a slot
//! of the token's rate limit first.

use axum::extract::{FromRef, FromRequestParts, MatchedPath, OptionalFromRequestParts};
use axum::http::Method;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};

use crate::db::{Db, new_id, now_millis};
use crate::http::error::AppError;
use crate::secrets::{Keys, digest};
use crate::state::AppState;

use super::model::AccountType;
use super::repo;

pub const TOKEN_LIFETIME_SECS: i64 = 24 * 60 * 60;

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub id: String,
    pub email: String,
    pub account_type: String,
    pub iat: i64,
    pub exp: i64,
    pub jti: String,
}

/// Signs a new token for the user and opens its session.
pub async fn open(
    db: &Db,
    keys: &Keys,
    user_id: &str,
    email: &str,
    account_type: AccountType,
) -> Result<String, AppError> {
    let now = now_millis();
    let iat = now / 1000;
    let claims = Claims {
        id: user_id.to_string(),
        email: email.to_string(),
        account_type: account_type.as_str().to_string(),
        iat,
        exp: iat + TOKEN_LIFETIME_SECS,
        jti: new_id(),
    };
    repo::open_session(db, &claims.jti, user_id, claims.exp * 1000, now).await?;
    Ok(keys.sign(&claims))
}

pub const TOKEN_MISSING: &str = "Token is missing";
pub const TOKEN_INVALID: &str = "Token is invalid or expired";
/// A session an admin's suspension ended, and a login to a suspended account.
pub const SUSPENDED: &str = "This account has been suspended";

/// What every API token's secret starts with, so a token is told from a JWT at a glance (and
/// secret scanners can find one left in code).
pub const API_TOKEN_PREFIX: &str = "jpt_";
pub const TOKEN_NOT_ALLOWED: &str = "An API token cannot make this call";
pub const TOKEN_TOO_MANY: &str = "Too many requests with this API token. Please try again later";
/// How often a token's `last used` time is written, at most.
const LAST_USED_EVERY_MILLIS: i64 = 60_000;

/// The 403 for a token that lacks every scope a call takes.
pub fn missing_scope(scopes: &[String]) -> String {
    format!("This API token does not have the {} scope", scopes.join(" or "))
}

/// The caller, from a valid token whose session is open, or from an API token allowed this call.
#[derive(Clone, Debug)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    pub account_type: AccountType,
    /// The session's id; for an API token, `api-token:` and the token's id.
    pub jti: String,
    /// The login's JWT, returned to its owner in user objects; `None` for an API token.
    pub token: Option<String>,
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty() && token != "null" && token != "undefined").then_some(token)
}

/// Any router state that hands out the infrastructure (`AppState`, with the keys and the
/// database) can authenticate.
impl<S> FromRequestParts<S> for AuthUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or_else(|| AppError::unauthorized(TOKEN_MISSING))?;
        let shared = AppState::from_ref(state);
        if token.starts_with(API_TOKEN_PREFIX) {
            return by_api_token(parts, &shared, token).await;
        }
        let claims: Claims = shared.keys.verify(token).ok_or_else(|| AppError::unauthorized(TOKEN_INVALID))?;
        let db = &shared.db;
        let Some((id, email, account_type)) = repo::session_user(db, &claims.jti, &claims.id, now_millis()).await?
        else {
            // A suspension ended the session: its holder is told why, not that it expired.
            return Err(AppError::unauthorized(if repo::is_suspended(db, &claims.id).await? {
                SUSPENDED
            } else {
                TOKEN_INVALID
            }));
        };
        Ok(Self { id, email, account_type, jti: claims.jti, token: Some(token.to_string()) })
    }
}

/// The caller of an API token: the token must be known, unexpired and its account not suspended,
/// the call one the document gives a token, with a scope the token has, and a slot free in the
/// token's rate limit.
async fn by_api_token(parts: &Parts, state: &AppState, secret: &str) -> Result<AuthUser, AppError> {
    let now = now_millis();
    let db = &state.db;
    let Some(token) = repo::api_token_user(db, &digest(secret), now).await? else {
        return Err(AppError::unauthorized(TOKEN_INVALID));
    };
    if token.suspended {
        return Err(AppError::unauthorized(SUSPENDED));
    }
    let route = parts.extensions.get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or_default();
    // A HEAD request is its GET's, as the router answers it.
    let method = if parts.method == Method::HEAD { &Method::GET } else { &parts.method };
    let Some(needed) = state.call_scopes.of(method, route) else {
        return Err(AppError::forbidden(TOKEN_NOT_ALLOWED));
    };
    let granted = token.scopes.split(',').collect::<Vec<_>>();
    if !needed.is_empty() && !needed.iter().any(|scope| granted.contains(&scope.as_str())) {
        return Err(AppError::forbidden(missing_scope(needed)));
    }
    state.limits.api_tokens.acquire(&token.id).await?.map_err(|wait| AppError::too_many(TOKEN_TOO_MANY, wait))?;
    if token.last_used_at.is_none_or(|at| now - at >= LAST_USED_EVERY_MILLIS) {
        repo::touch_api_token(db, &token.id, now).await?;
    }
    Ok(AuthUser {
        id: token.user_id,
        email: token.email,
        account_type: token.account_type,
        jti: format!("api-token:{}", token.id),
        token: None,
    })
}

/// A public call ignores a missing or bad token (`Bearer null` included).
impl<S> OptionalFromRequestParts<S> for AuthUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, Self::Rejection> {
        match <Self as FromRequestParts<S>>::from_request_parts(parts, state).await {
            Ok(user) => Ok(Some(user)),
            Err(AppError::Unauthorized(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }
}

/// A caller's token, signed by us and not expired, whose session is not looked up yet: for a
/// route that looks it up in its own first read, one round trip instead of two (applying). Such a
/// route refuses a closed session before anything else it would say, as `Applicant` does: from
/// its read's answer ([`Token::as_applicant`]), or, when it answers before that read, looked up
/// alone ([`Token::applicant`]).
pub struct Token(pub Claims);

impl<S> FromRequestParts<S> for Token
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or_else(|| AppError::unauthorized(TOKEN_MISSING))?;
        if token.starts_with(API_TOKEN_PREFIX) {
            return Err(AppError::forbidden(TOKEN_NOT_ALLOWED));
        }
        AppState::from_ref(state).keys.verify(token).map(Self).ok_or_else(|| AppError::unauthorized(TOKEN_INVALID))
    }
}

impl Token {
    /// `Applicant`'s answer for this token, its session looked up now.
    pub async fn applicant(&self, db: &Db) -> Result<(), AppError> {
        let row = repo::session_user(db, &self.0.jti, &self.0.id, now_millis()).await?;
        Self::as_applicant(row.map(|(_, _, account_type)| account_type))
    }

    /// `Applicant`'s answer for a session a read found open with `account_type` (`None`: not open:
    /// ended, expired, or its account suspended or gone).
    pub fn as_applicant(account_type: Option<AccountType>) -> Result<(), AppError> {
        match account_type {
            None => Err(AppError::unauthorized(TOKEN_INVALID)),
            Some(AccountType::Applicant) => Ok(()),
            Some(_) => Err(AppError::forbidden(APPLICANTS_ONLY)),
        }
    }
}

macro_rules! role_extractor {
    ($name:ident, $role:ident, $message:expr) => {
        #[doc = concat!("The caller, who must be ", stringify!($role), ".")]
        #[derive(Clone, Debug)]
        pub struct $name(pub AuthUser);

        impl<S> FromRequestParts<S> for $name
        where
            S: Send + Sync,
            AppState: FromRef<S>,
        {
            type Rejection = AppError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                let user = <AuthUser as FromRequestParts<S>>::from_request_parts(parts, state).await?;
                if user.account_type == AccountType::$role {
                    Ok(Self(user))
                } else {
                    Err(AppError::forbidden($message))
                }
            }
        }
    };
}

pub const APPLICANTS_ONLY: &str = "This is a protected route for Applicants only";

role_extractor!(Applicant, Applicant, APPLICANTS_ONLY);
role_extractor!(Recruiter, Recruiter, "This is a protected route for Recruiters only");
role_extractor!(Admin, Admin, "This is a protected route for Admins only");

#[cfg(test)]
mod tests {
    use jsonwebtoken::{Algorithm, EncodingKey, Header};

    use super::*;

    fn claims(exp_offset: i64) -> Claims {
        let iat = now_millis() / 1000;
        Claims {
            id: "u1".into(),
            email: "a@example.com".into(),
            account_type: "Applicant".into(),
            iat,
            exp: iat + exp_offset,
            jti: "j1".into(),
        }
    }

    #[test]
    fn a_signed_token_verifies_and_carries_its_claims() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let verified = keys.verify::<Claims>(&keys.sign(&claims(60))).unwrap();
        assert_eq!(
            (verified.id.as_str(), verified.account_type.as_str(), verified.jti.as_str()),
            ("u1", "Applicant", "j1")
        );
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_refused() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        assert!(keys.verify::<Claims>(&keys.sign(&claims(-1))).is_none(), "expired");
        let other = Keys::new(b"another secret, another signature!");
        assert!(keys.verify::<Claims>(&other.sign(&claims(60))).is_none(), "signed with another key");
        let token = keys.sign(&claims(60));
        let mut parts: Vec<&str> = token.split('.').collect();
        let forged = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &Claims { account_type: "Admin".into(), ..claims(60) },
            &EncodingKey::from_secret(b"another secret, another signature!"),
        )
        .unwrap();
        let forged_payload = forged.split('.').nth(1).unwrap();
        parts[1] = forged_payload;
        assert!(keys.verify::<Claims>(&parts.join(".")).is_none(), "payload swapped");
        let hs512 = jsonwebtoken::encode(
            &Header::new(Algorithm::HS512),
            &claims(60),
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert!(keys.verify::<Claims>(&hs512).is_none(), "another algorithm");
        let none = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{}.", token.split('.').nth(1).unwrap());
        assert!(keys.verify::<Claims>(&none).is_none(), "alg none");
    }
}
