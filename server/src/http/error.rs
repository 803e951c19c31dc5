//! The one error type of the API. Every failure becomes a non-2xx status with the envelope
//! `{"success": false, "message": "..."}`; a 500 logs its cause and tells the client nothing more.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

pub type ApiResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// Was there, and was removed for good (a deleted job): a 404 like any other, marked `removed`
    /// (the original clients know only 404 for it).
    #[error("{0}")]
    Removed(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    /// Too much work of one kind at once (password hashing); try again in a moment.
    #[error("{0}")]
    Busy(String),
    #[error("database unavailable: {0}")]
    Unavailable(#[source] sqlx::Error),
    #[error("internal error: {0}")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// The body of every error response.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    /// What went wrong, for a person to read.
    pub message: String,
    /// Only on a 404 for something that was there and was deleted for good (a job its recruiter
    /// deleted), and then `true`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub removed: bool,
}

pub const UNAVAILABLE_MESSAGE: &str = "Database unavailable";
pub const BUSY: &str = "The server is busy. Please try again in a moment";

impl AppError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    pub fn removed(message: impl Into<String>) -> Self {
        Self::Removed(message.into())
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::Unauthorized(message.into())
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::Forbidden(message.into())
    }

    pub fn too_many(message: impl Into<String>, retry_after_secs: u64) -> Self {
        Self::TooManyRequests { message: message.into(), retry_after_secs: retry_after_secs.max(1) }
    }

    /// 503 with `Retry-After: 1`: too much of one kind of work at once.
    pub fn busy() -> Self {
        Self::Busy(BUSY.into())
    }

    pub fn internal(cause: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Internal(Box::new(cause))
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Removed(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) | Self::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The constraints of the schema a request can break, each mapped to its own answer where the
/// call is made (`ResultExt::on_constraint`). Anything else a request breaks is still a 4xx: a
/// unique index 409 "Already exists", a foreign key 400 (see `From<sqlx::Error>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// One account per e-mail address, ignoring case.
    UserEmail,
    /// One category per name, ignoring case.
    CategoryName,
    /// A job's category exists.
    JobCategory,
    /// One interview proposed or booked per application at a time.
    OnePlannedInterview,
}

impl Constraint {
    /// Its name in the migrations (PostgreSQL reports it).
    pub fn name(self) -> &'static str {
        match self {
            Self::UserEmail => "users_email_unique",
            Self::CategoryName => "categories_name_unique",
            Self::JobCategory => "jobs_category_id_fkey",
            Self::OnePlannedInterview => "interviews_one_planned",
        }
    }

    /// How SQLite's message names it: an index on expressions by its name, one on columns by
    /// the columns; a foreign key not at all (a call names the one foreign key it can break).
    fn sqlite_message(self) -> &'static str {
        match self {
            Self::UserEmail => "index 'users_email_unique'",
            Self::CategoryName => "index 'categories_name_unique'",
            Self::JobCategory => "FOREIGN KEY constraint failed",
            Self::OnePlannedInterview => "interviews.application_id",
        }
    }

    /// Whether `error` is a violation of this constraint.
    pub fn is_violated_by(self, error: &sqlx::Error) -> bool {
        let sqlx::Error::Database(db) = error else { return false };
        let kind = match self {
            Self::JobCategory => sqlx::error::ErrorKind::ForeignKeyViolation,
            _ => sqlx::error::ErrorKind::UniqueViolation,
        };
        db.kind() == kind
            && match db.constraint() {
                Some(name) => name == self.name(),
                None => db.message().contains(self.sqlite_message()),
            }
    }
}

/// Maps a constraint violation to the answer the call gives for it (realworld-axum-sqlx's
/// `on_constraint`); any other database error goes through `From<sqlx::Error>`.
pub trait ResultExt<T> {
    fn on_constraint(self, constraint: Constraint, answer: impl FnOnce() -> AppError) -> Result<T, AppError>;
}

impl<T> ResultExt<T> for Result<T, sqlx::Error> {
    fn on_constraint(self, constraint: Constraint, answer: impl FnOnce() -> AppError) -> Result<T, AppError> {
        self.map_err(|error| if constraint.is_violated_by(&error) { answer() } else { AppError::from(error) })
    }
}

pub const REFERS_TO_NOTHING: &str = "The request refers to something that does not exist";

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation => {
                Self::Conflict("Already exists".into())
            }
            sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::ForeignKeyViolation => {
                Self::BadRequest(REFERS_TO_NOTHING.into())
            }
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => Self::Unavailable(error),
            _ => Self::internal(error),
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        let message = match rejection {
            JsonRejection::MissingJsonContentType(_) => {
                "Expected a JSON body (Content-Type: application/json)".to_string()
            }
            JsonRejection::JsonSyntaxError(_) => "The body is not valid JSON".to_string(),
            JsonRejection::BytesRejection(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Self::PayloadTooLarge(BODY_TOO_LARGE.into());
            }
            other => format!("Invalid request body: {}", other.body_text()),
        };
        Self::BadRequest(message)
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        Self::BadRequest(format!("Invalid path: {}", rejection.body_text()))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let message = match &self {
            Self::Unavailable(cause) => {
                tracing::warn!(error = %cause, "database unavailable");
                UNAVAILABLE_MESSAGE.to_string()
            }
            Self::Internal(cause) => {
                tracing::error!(error = %cause, cause = ?cause, "internal error");
                "Internal Server Error".to_string()
            }
            other => other.to_string(),
        };
        let removed = matches!(self, Self::Removed(_));
        let mut response = (self.status(), Json(ErrorBody { success: false, message, removed })).into_response();
        match self {
            Self::TooManyRequests { retry_after_secs, .. } => {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_secs.into());
            }
            Self::Busy(_) => {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, 1.into());
            }
            // The rest of an oversized body is left unread, so this connection cannot carry another
            // request; saying so keeps clients from sending their next one down it.
            Self::PayloadTooLarge(_) => {
                response
                    .headers_mut()
                    .insert(axum::http::header::CONNECTION, axum::http::HeaderValue::from_static("close"));
            }
            _ => {}
        }
        response
    }
}

/// `axum::Json`, but a bad body answers with the API's error envelope: a body over the size limit
/// is 413, and a string that breaks the rule of `text_input` (a NUL, a control character, a line
/// break in a single-line field) is 400 naming its field.
pub struct JsonBody<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for JsonBody<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers()) {
            return Err(AppError::from(JsonRejection::from(
                axum::extract::rejection::MissingJsonContentType::default(),
            )));
        }
        let bytes = bytes::Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::PayloadTooLarge(BODY_TOO_LARGE.into())
            } else {
                AppError::BadRequest(format!("Invalid request body: {}", rejection.body_text()))
            }
        })?;
        crate::http::text_input::check_json(&bytes)?;
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

pub const BODY_TOO_LARGE: &str = "The request body is too large";

/// `application/json`, or any `application/*+json`, parameters aside.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(axum::http::header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The 400 for a NUL character in `field`.
pub fn nul_in(field: &str) -> AppError {
    AppError::BadRequest(crate::http::text_input::nul_message(field))
}

impl From<crate::http::text_input::Refused> for AppError {
    fn from(crate::http::text_input::Refused(message): crate::http::text_input::Refused) -> Self {
        Self::BadRequest(message)
    }
}

/// Answers 400 for a NUL character anywhere in the path or the query, naming the path parameter
/// (`{jobId}` in the route) or the query field that holds it, before any handler sees it.
pub async fn reject_nul(
    matched: Option<axum::extract::MatchedPath>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    // A URI can carry a NUL only percent-encoded, so a request without `%00` passes untouched.
    let uri = request.uri();
    let decoded = |text: &str| text.contains("%00");
    if decoded(uri.path()) {
        let template = matched.as_ref().map_or("", |matched| matched.as_str());
        // Compared from the end: a nested router sees its path without the prefix it is nested at.
        let name = uri
            .path()
            .rsplit('/')
            .zip(template.rsplit('/'))
            .find(|(segment, _)| decoded(segment))
            .and_then(|(_, pattern)| pattern.strip_prefix('{')?.strip_suffix('}'))
            .map_or("The path", |name| name)
            .to_string();
        return nul_in(&name).into_response();
    }
    if let Some(query) = uri.query()
        && decoded(query)
    {
        let field = form_urlencoded::parse(query.as_bytes())
            .find(|(key, value)| key.contains('\0') || value.contains('\0'))
            .map_or_else(|| "The query".to_string(), |(key, _)| key.replace('\0', ""));
        return nul_in(&field).into_response();
    }
    next.run(request).await
}

/// `axum::extract::Path`, but a bad segment answers with the API's error envelope.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct PathParam<T>(pub T);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pool_is_reported_as_unavailable() {
        let error = AppError::from(sqlx::Error::PoolClosed);
        assert_eq!(error.status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[test]
    fn a_missing_row_is_an_internal_error_not_a_leak() {
        let error = AppError::from(sqlx::Error::RowNotFound);
        assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
