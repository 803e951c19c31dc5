//! "Download my data": everything the board holds about the caller, as one JSON file.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::model::AccountType;
use crate::accounts::session::{self, AuthUser};
use crate::alerts::repo::{self as searches, SavedSearch};
use crate::applications::handlers::shown_to;
use crate::applications::model::{Application, Viewer};
use crate::applications::repo as applications;
use crate::envelope::ok;
use crate::error::{ApiResult, AppError};
use crate::jobs::model::{Job, rfc3339_from_millis};
use crate::jobs::repo as jobs;
use crate::notifications::model::Notification;
use crate::notifications::repo as notifications;
use crate::profiles::handlers::{applicant_profile, recruiter_profile};
use crate::profiles::model::{ApplicantProfile, RecruiterProfile};
use crate::saved::repo as saved;
use crate::state::AppState;

use super::repo;

/// The most notifications an export lists (the bell keeps far fewer in view).
const NOTIFICATIONS: i64 = 10_000;

/// The file's name, as the browser saves it.
pub const FILE_NAME: &str = "jobportal-data.json";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub account_type: AccountType,
    /// RFC 3339, UTC.
    pub created_at: String,
}

/// The caller's profile: an applicant's or a recruiter's.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Profile {
    Applicant(ApplicantProfile),
    Recruiter(RecruiterProfile),
}

/// The resume as uploaded, downloadable for ten minutes from the export.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Resume {
    pub file_name: String,
    /// A signed link for the caller, valid for ten minutes.
    pub url: String,
}

/// A message of a conversation about one of the caller's applications (or one to their jobs).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedMessage {
    pub application_id: String,
    /// True when the caller wrote it.
    pub sent_by_you: bool,
    pub body: String,
    /// RFC 3339, UTC.
    pub sent_at: String,
    /// RFC 3339, UTC; `null` while unread.
    #[schema(required)]
    pub read_at: Option<String>,
}

/// Everything the board holds about the caller.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Export {
    /// RFC 3339, UTC.
    pub exported_at: String,
    pub account: Account,
    /// `null` for an Admin.
    #[schema(required)]
    pub profile: Option<Profile>,
    /// `null` when no resume is on file.
    #[schema(required)]
    pub resume: Option<Resume>,
    /// The caller's applications with their history (an applicant's; empty for others). The
    /// recruiter's private rating, notes and rejection reasons are not the applicant's data and
    /// are left out, as the applicant's own views leave them out.
    pub applications: Vec<Application>,
    /// The recruiter's listed jobs (empty for others).
    pub jobs: Vec<Job>,
    pub saved_jobs: Vec<Job>,
    pub saved_searches: Vec<SavedSearch>,
    pub messages: Vec<ExportedMessage>,
    pub notifications: Vec<Notification>,
}

/// Everything the board holds about the caller, as a JSON file to download: the account, the
/// profile (and a link to the resume), applications with their history, jobs, saved jobs and
/// searches, messages and notifications.
#[utoipa::path(get, path = "/auth/account/export", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "`Your data`: the caller's data, as an attachment named `jobportal-data.json`", body = Export),
        (status = 401, description = "No valid token", body = crate::error::ErrorBody),
    ))]
pub async fn export(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Response> {
    let row =
        repo::account(&state.db, &caller.id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    let (profile, resume) = match row.account_type {
        AccountType::Applicant => {
            let profile = applicant_profile(&state, &caller.id).await?;
            let resume = (!profile.resume.is_empty())
                .then(|| Resume { file_name: profile.resume_name.clone(), url: profile.resume.clone() });
            (Some(Profile::Applicant(profile)), resume)
        }
        AccountType::Recruiter => (Some(Profile::Recruiter(recruiter_profile(&state, &caller.id).await?)), None),
        AccountType::Admin => (None, None),
    };
    let applications = match row.account_type {
        AccountType::Applicant => applications::of_applicant(&state.db, &caller.id)
            .await?
            .into_iter()
            .map(|found| shown_to(&state, Viewer::Applicant, &caller.id, found))
            .collect(),
        _ => Vec::new(),
    };
    let jobs = match row.account_type {
        AccountType::Recruiter => jobs::list_by_recruiter(&state.db, &caller.id).await?,
        _ => Vec::new(),
    };
    let messages = repo::messages(&state.db, &caller.id)
        .await?
        .into_iter()
        .map(|message| ExportedMessage {
            application_id: message.application_id,
            sent_by_you: message.sent_by_account,
            body: message.body,
            sent_at: rfc3339_from_millis(message.created_at),
            read_at: message.read_at.map(rfc3339_from_millis),
        })
        .collect();
    let document = Export {
        exported_at: rfc3339_from_millis(crate::db::now_millis()),
        account: Account {
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            account_type: row.account_type,
            created_at: rfc3339_from_millis(row.created_at),
        },
        profile,
        resume,
        applications,
        jobs,
        saved_jobs: saved::list(&state.db, &caller.id).await?,
        saved_searches: searches::list(&state.db, &caller.id).await?.into_iter().map(SavedSearch::from).collect(),
        messages,
        notifications: notifications::newest(&state.db, &caller.id, NOTIFICATIONS)
            .await?
            .into_iter()
            .map(Notification::from)
            .collect(),
    };
    Ok((
        [
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{FILE_NAME}\"")),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        ok("Your data", document),
    )
        .into_response())
}
