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
}

/// The plain success envelope.
#[derive(Serialize, ToSchema)]
pub struct Ack {
    pub success: bool,
    pub message: String,
}

pub const UNAVAILABLE_MESSAGE: &str = "Database unavailable";

impl AppError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
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

    pub fn internal(cause: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Internal(Box::new(cause))
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation => {
                Self::Conflict("Already exists".into())
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
        let mut response = (self.status(), Json(ErrorBody { success: false, message })).into_response();
        match self {
            Self::TooManyRequests { retry_after_secs, .. } => {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, retry_after_secs.into());
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

/// `axum::Json`, but a bad body answers with the API's error envelope.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct JsonBody<T>(pub T);

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
