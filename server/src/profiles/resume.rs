//! Resumes: upload (PDF only, size-limited while streaming) and download by a signed, expiring
//! link made for one viewer, who must still be allowed to see it when the link is used.

use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::accounts::repo as users;
use crate::accounts::session::Applicant;
use crate::db::new_id;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, PathParam};
use crate::state::AppState;

use super::handlers::{ApplicantResponse, applicant_profile};
use super::links::{self, LINK_REFUSED};
use super::repo;

pub const RESUME_REQUIRED: &str = "Resume is required";
pub const NOT_MULTIPART: &str = "Expected a multipart/form-data body with a file field named resume";
pub const NOT_A_PDF: &str = "Only PDF files are allowed";
pub const RESUME_NOT_FOUND: &str = "Resume not found";

/// Upload a resume (multipart field `resume`). Replaces the earlier one once the new file is stored.
#[utoipa::path(post, path = "/upload/uploadResume", tag = "profiles", security(("bearer" = ["Applicant"])),
    request_body(content_type = "multipart/form-data", description = "One file field, `resume`: a PDF"),
    responses(
        (status = 200, description = "Stored; `updatedApplicant.resume` links to it", body = ApplicantResponse),
        (status = 400, description = "No file, or an empty one: `Resume is required`; or the body is not multipart/form-data", body = ErrorBody),
        (status = 413, description = "Larger than MAX_RESUME_BYTES", body = ErrorBody),
        (status = 415, description = "The bytes are not a PDF", body = ErrorBody),
    ))]
pub async fn upload(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Reply<ApplicantResponse>> {
    let mut multipart = multipart.map_err(|_| AppError::bad_request(NOT_MULTIPART))?;
    let limit = state.config.max_resume_bytes;
    let mut file: Option<Bytes> = None;
    let mut name = String::new();
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("resume") {
            continue;
        }
        name = display_name(field.file_name());
        let mut buffer = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            if (buffer.len() + chunk.len()) as u64 > limit {
                return Err(too_large(limit));
            }
            buffer.extend_from_slice(&chunk);
        }
        file = Some(buffer.freeze());
        break;
    }
    let file = file.filter(|bytes| !bytes.is_empty()).ok_or_else(|| AppError::bad_request(RESUME_REQUIRED))?;
    if !file.starts_with(b"%PDF-") {
        return Err(AppError::UnsupportedMediaType(NOT_A_PDF.into()));
    }

    let key = format!("resumes/{}.pdf", new_id());
    state.storage.put(&key, file).await.map_err(AppError::internal)?;
    let replaced = match repo::replace_resume(&state.db, &caller.id, &key, &name).await {
        Ok(replaced) => replaced,
        Err(error) => {
            if let Err(cleanup) = state.storage.delete(&key).await {
                tracing::warn!(%key, error = %cleanup, "could not remove an orphaned upload");
            }
            return Err(error.into());
        }
    };
    state.resume_uploaded.notify_one();
    if let Some(old) = replaced
        && let Err(error) = state.storage.delete(&old).await
    {
        tracing::warn!(key = %old, %error, "could not remove a replaced resume");
    }
    let profile = applicant_profile(&state, &caller.id).await?;
    Ok(ok("Resume uploaded successfully", ApplicantResponse { updated_applicant: profile }))
}

fn too_large(limit: u64) -> AppError {
    AppError::PayloadTooLarge(format!("Resume must be at most {limit} bytes"))
}

fn multipart_error(error: MultipartError) -> AppError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge("The upload is too large".into())
    } else {
        AppError::bad_request(format!("Invalid upload: {}", error.body_text()))
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkParams {
    /// The user the link was made for.
    pub viewer: String,
    /// Unix seconds after which the link is refused.
    pub expires: i64,
    pub signature: String,
}

/// Download a resume through the link in a profile or application's `resume` field.
///
/// Each link is made for one viewer and works for ten minutes after it is handed out, and only
/// while the viewer may still see the resume (its owner, or a recruiter with an application from
/// them to a job that is still listed).
#[utoipa::path(get, path = "/resumes/{applicantId}", tag = "profiles",
    params(("applicantId" = String, Path, description = "The applicant's `_id`"), LinkParams),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf"),
        (status = 403, description = "The link is altered or expired", body = ErrorBody),
        (status = 404, description = "No resume, or the viewer may not see it", body = ErrorBody),
    ))]
pub async fn download(
    State(state): State<AppState>,
    PathParam(applicant_id): PathParam<String>,
    params: Result<Query<LinkParams>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Response> {
    let Ok(Query(params)) = params else { return Err(AppError::forbidden(LINK_REFUSED)) };
    if !links::verify(&state.keys, &applicant_id, &params.viewer, params.expires, &params.signature) {
        return Err(AppError::forbidden(LINK_REFUSED));
    }
    // The applicant, or a recruiter who has received an application from them to a job still listed.
    let may_view =
        applicant_id == params.viewer || repo::received_application(&state.db, &params.viewer, &applicant_id).await?;
    if !may_view {
        return Err(AppError::not_found(RESUME_NOT_FOUND));
    }
    let key = repo::applicant(&state.db, &applicant_id).await?.and_then(|row| row.resume_key);
    let key = key.ok_or_else(|| AppError::not_found(RESUME_NOT_FOUND))?;
    let user = users::find(&state.db, &applicant_id).await?.ok_or_else(|| AppError::not_found(RESUME_NOT_FOUND))?;
    let bytes = state.storage.get(&key).await.map_err(|error| match error {
        object_store::Error::NotFound { .. } => AppError::not_found(RESUME_NOT_FOUND),
        other => AppError::internal(other),
    })?;
    // Inline, so the link opens the browser's PDF viewer; the bytes were checked to be a PDF at
    // upload, are never sniffed, never cached by a shared cache, and may load nothing else. (A CSP
    // `sandbox` would be stricter, but Chromium refuses to start its PDF viewer in a sandboxed document.)
    let disposition = format!("inline; filename=\"{}\"", file_name(&user.first_name, &user.last_name));
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
            (header::CONTENT_SECURITY_POLICY, RESUME_POLICY.to_string()),
        ],
        bytes,
    )
        .into_response())
}

/// The uploaded file's name as the applicant will see it again: its last path part, without
/// control characters, at most 100 characters; "resume.pdf" when nothing is left.
pub fn display_name(uploaded: Option<&str>) -> String {
    let last = uploaded.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let name: String = last.chars().filter(|c| !c.is_control()).take(100).collect();
    let name = name.trim();
    if name.is_empty() { "resume.pdf".into() } else { name.to_string() }
}

/// A resume may load nothing and be framed by nobody.
pub const RESUME_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// `Ada-Lovelace-resume.pdf`: letters, digits and hyphens only, so the header cannot be bent.
pub fn file_name(first_name: &str, last_name: &str) -> String {
    let name: String =
        format!("{first_name}-{last_name}").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let name = name.split('-').filter(|part| !part.is_empty()).collect::<Vec<_>>().join("-");
    if name.is_empty() { "resume.pdf".into() } else { format!("{name}-resume.pdf") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uploaded_name_is_kept_without_its_folders_or_control_characters() {
        assert_eq!(display_name(Some("My CV (2026).pdf")), "My CV (2026).pdf");
        assert_eq!(display_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(display_name(Some("C:\\Users\\ada\\cv.pdf")), "cv.pdf");
        assert_eq!(display_name(Some("cv\u{0}\n.pdf")), "cv.pdf");
        assert_eq!(display_name(Some(&"é".repeat(300))).chars().count(), 100);
        assert_eq!(display_name(Some("  ")), "resume.pdf");
        assert_eq!(display_name(None), "resume.pdf");
    }

    #[test]
    fn download_names_are_safe() {
        assert_eq!(file_name("Ada", "Lovelace"), "Ada-Lovelace-resume.pdf");
        assert_eq!(file_name("x\"; evil=", "\r\n"), "x-evil-resume.pdf");
        assert_eq!(file_name("Émile", ""), "mile-resume.pdf");
        assert_eq!(file_name("", ""), "resume.pdf");
    }
}
