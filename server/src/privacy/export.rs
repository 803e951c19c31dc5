//! "Download my data": everything the board holds about the caller, as one JSON file.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::model::AccountType;
use crate::accounts::session::{self, AuthUser};
use crate::alerts::repo::{self as searches, SavedSearch};
use crate::applications::handlers::shown_to;
use crate::applications::model::{Application, Stage, Viewer};
use crate::applications::repo as applications;
use crate::http::envelope::ok;
use crate::http::error::{ApiResult, AppError};
use crate::interviews::model::{Interview, InterviewRow};
use crate::interviews::repo as interviews;
use crate::jobs::model::{Job, rfc3339_from_millis};
use crate::jobs::repo as jobs;
use crate::notifications::model::Notification;
use crate::notifications::repo as notifications;
use crate::profiles::handlers::{applicant_profile, recruiter_profile};
use crate::profiles::links;
use crate::profiles::model::{ApplicantProfile, RecruiterProfile};
use crate::push::model::PushDevice;
use crate::push::repo as push;
use crate::saved::repo as saved;
use crate::state::AppState;
use crate::tokens::model::ApiToken;
use crate::tokens::repo as tokens;

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

/// The resume as uploaded, downloadable for seven days from the export.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Resume {
    pub file_name: String,
    /// A signed link for the caller, valid for seven days.
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

/// A note the caller wrote on an application, as a member of its hiring team.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrittenNote {
    pub application_id: String,
    pub body: String,
    /// RFC 3339, UTC.
    pub written_at: String,
}

/// A move the caller made on an application, as a member of its hiring team.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MadeMove {
    pub application_id: String,
    pub stage: Stage,
    /// RFC 3339, UTC.
    pub made_at: String,
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
    /// The interviews the caller is a side of, newest first.
    pub interviews: Vec<Interview>,
    /// The recruiter's listed jobs (empty for others).
    pub jobs: Vec<Job>,
    pub saved_jobs: Vec<Job>,
    pub saved_searches: Vec<SavedSearch>,
    /// The notes the caller wrote, newest first, up to 10,000 (a member of a hiring team's).
    pub notes: Vec<WrittenNote>,
    /// The moves the caller made on others' applications, newest first, up to 10,000.
    pub moves: Vec<MadeMove>,
    /// The devices that take the caller's notifications as pushes, newest first (at most twenty).
    pub push_devices: Vec<PushDevice>,
    /// The caller's API tokens, newest first (at most twenty; their secrets are never kept).
    pub api_tokens: Vec<ApiToken>,
    /// Each conversation's in turn, oldest first. Read and sent a page at a time after the rest: the export is serialized
    /// with this and `notifications` left empty, and so left out, and the pages follow.
    #[schema(required)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<ExportedMessage>,
    /// Newest first, up to 10,000; read and sent a page at a time after the messages.
    #[schema(required)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notifications: Vec<Notification>,
}

pub const BUSY: &str = "Your data is already being prepared for download; try again when that download ends";

/// Messages and notifications are read and sent this many at a time, so an export holds one
/// page in memory whatever the account's size.
const PAGE: i64 = 200;

/// The most interviews an export lists.
const INTERVIEWS: i64 = 10_000;

/// The most notes, and the most moves, an export lists.
const ACTIONS: i64 = 10_000;

/// Everything the board holds about the caller, as a JSON file to download: the account, the
/// profile (and a link to the resume), applications with their history, interviews, jobs, saved
/// jobs and searches, the notes written and moves made on a hiring team, the devices that take
/// pushes, the API tokens, messages and notifications. Sent as it is read, one export per account at a
/// time.
#[utoipa::path(get, path = "/auth/account/export", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "`Your data`: the caller's data, as an attachment named `jobportal-data.json`", body = Export),
        (status = 401, description = "No valid token", body = crate::http::error::ErrorBody),
        (status = 429, description = "`Your data is already being prepared for download; try again when that download ends`", body = crate::http::error::ErrorBody),
    ))]
pub async fn export(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Response> {
    let now = crate::db::now_millis();
    let until = now + repo::EXPORT_LEASE_MILLIS;
    if !repo::take_export(&state.db, &caller.id, now, until).await? {
        return Err(AppError::TooManyRequests { message: BUSY.into(), retry_after_secs: 60 });
    }
    let lease = Lease { db: state.db.clone(), user_id: caller.id.clone(), until, released: false };
    let head = head(&state, &caller.id).await?;
    // The envelope and the head as one JSON object left open, for the paged parts to follow.
    let mut opened = serde_json::to_vec(&ok("Your data", head).0).map_err(|error| AppError::Internal(error.into()))?;
    opened.pop();
    opened.extend_from_slice(b",\"messages\":[");
    // The lease goes with the stream's state: given back when the stream ends or is dropped.
    // Fused: a compressing layer may ask again once it has ended.
    let pages = futures_util::stream::unfold((Part::Head(opened), lease), |(part, mut lease)| async move {
        let (bytes, next) = next_part(&mut lease, part).await?;
        Some((bytes, (next, lease)))
    })
    .fuse();
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{FILE_NAME}\"")),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        axum::body::Body::from_stream(pages),
    )
        .into_response())
}

/// The caller's export without its messages and notifications, the parts read whole: their account, profile and resume, applications,
/// interviews, jobs, and saved jobs and searches.
async fn head(state: &AppState, user_id: &str) -> ApiResult<Export> {
    let row = repo::account(&state.db, user_id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    let (profile, resume) = match row.account_type {
        AccountType::Applicant => {
            let profile = applicant_profile(state, user_id).await?;
            let resume = (!profile.resume.is_empty())
                .then(|| Resume { file_name: profile.resume_name.clone(), url: links::own_data_link(state, user_id) });
            (Some(Profile::Applicant(profile)), resume)
        }
        AccountType::Recruiter => (Some(Profile::Recruiter(recruiter_profile(state, user_id).await?)), None),
        AccountType::Admin => (None, None),
    };
    let applications = match row.account_type {
        AccountType::Applicant => applications::of_applicant(&state.db, user_id)
            .await?
            .into_iter()
            .map(|found| shown_to(state, Viewer::Applicant, user_id, found))
            .collect(),
        _ => Vec::new(),
    };
    let jobs = match row.account_type {
        AccountType::Recruiter => jobs::list_by_recruiter(&state.db, user_id).await?,
        _ => Vec::new(),
    };
    let interviews = interviews::of_party(&state.db, user_id, INTERVIEWS).await?;
    Ok(Export {
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
        interviews: interviews.iter().map(InterviewRow::to_interview).collect(),
        jobs,
        saved_jobs: saved::list(&state.db, user_id).await?,
        saved_searches: searches::list(&state.db, user_id).await?.into_iter().map(SavedSearch::from).collect(),
        notes: repo::notes_written(&state.db, user_id, ACTIONS)
            .await?
            .into_iter()
            .map(|(application_id, body, at)| WrittenNote { application_id, body, written_at: rfc3339_from_millis(at) })
            .collect(),
        moves: repo::moves_made(&state.db, user_id, ACTIONS)
            .await?
            .into_iter()
            .map(|(application_id, stage, at)| MadeMove { application_id, stage, made_at: rfc3339_from_millis(at) })
            .collect(),
        push_devices: push::devices(&state.db, user_id).await?.into_iter().map(PushDevice::from).collect(),
        api_tokens: tokens::tokens(&state.db, user_id).await?.into_iter().map(ApiToken::from).collect(),
        messages: Vec::new(),
        notifications: Vec::new(),
    })
}

/// The account's one export place, given back when the export's stream is done with it.
struct Lease {
    db: crate::db::Db,
    user_id: String,
    until: i64,
    released: bool,
}

impl Lease {
    /// Gives the place back before the file's last bytes go, so a next export asked for once this
    /// one is received finds it free.
    async fn release(&mut self) {
        if let Err(error) = repo::release_export(&self.db, &self.user_id, self.until).await {
            tracing::warn!(%error, "giving back an export's place failed; its lease runs out by itself");
        }
        self.released = true;
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if self.released {
            return;
        }
        let (db, user_id, until) = (self.db.clone(), std::mem::take(&mut self.user_id), self.until);
        tokio::spawn(async move {
            if let Err(error) = repo::release_export(&db, &user_id, until).await {
                tracing::warn!(%error, "giving back an export's place failed; its lease runs out by itself");
            }
        });
    }
}

/// Where a streamed export is: what is left to send.
enum Part {
    /// The envelope and the head, the messages' list opened.
    Head(Vec<u8>),
    Messages(Reading),
    /// Notifications older than this one, and how many were sent; none yet when `None`.
    Notifications(Option<String>, i64),
    Done,
}

/// The messages' place: the conversations read next (a batch of the account's applications, in
/// order), the message of the first that was sent last, and whether any was sent yet.
#[derive(Default)]
struct Reading {
    conversations: std::collections::VecDeque<String>,
    /// The last application a batch ended with: the next batch starts after it.
    after_conversation: String,
    after_message: String,
    sent: bool,
}

/// Conversations read at a time, as their applications' ids.
const CONVERSATIONS: i64 = 100;

/// The next piece of the file and what follows it; `None` once it is all sent. A read that fails
/// ends the file short (logged): the download fails rather than hands out a file with a part
/// missing.
async fn next_part(lease: &mut Lease, part: Part) -> Option<(Result<bytes::Bytes, std::io::Error>, Part)> {
    let failed = |error: sqlx::Error| {
        tracing::error!(%error, "reading an export failed; its file ends short");
        Some((Err(std::io::Error::other("the export could not be read")), Part::Done))
    };
    let (db, user_id) = (lease.db.clone(), lease.user_id.clone());
    let (db, user_id) = (&db, user_id.as_str());
    match part {
        Part::Head(bytes) => Some((Ok(bytes.into()), Part::Messages(Reading::default()))),
        Part::Messages(mut reading) => loop {
            let Some(conversation) = reading.conversations.front().cloned() else {
                let batch = match repo::conversations(db, user_id, &reading.after_conversation, CONVERSATIONS).await {
                    Ok(batch) => batch,
                    Err(error) => return failed(error),
                };
                let Some(last) = batch.last() else {
                    let closed = bytes::Bytes::from_static(b"],\"notifications\":[");
                    return Some((Ok(closed), Part::Notifications(None, 0)));
                };
                reading.after_conversation = last.clone();
                reading.conversations = batch.into();
                continue;
            };
            let page = match repo::messages(db, user_id, &conversation, &reading.after_message, PAGE).await {
                Ok(page) => page,
                Err(error) => return failed(error),
            };
            let Some(last) = page.last().map(|message| message.id.clone()) else {
                reading.conversations.pop_front();
                reading.after_message.clear();
                continue;
            };
            let mut out = Vec::new();
            for message in page {
                if reading.sent {
                    out.push(b',');
                }
                reading.sent = true;
                let message = ExportedMessage {
                    application_id: message.application_id,
                    sent_by_you: message.sent_by_account,
                    body: message.body,
                    sent_at: rfc3339_from_millis(message.created_at),
                    read_at: message.read_at.map(rfc3339_from_millis),
                };
                serde_json::to_writer(&mut out, &message).ok()?;
            }
            reading.after_message = last;
            return Some((Ok(out.into()), Part::Messages(reading)));
        },
        Part::Notifications(before, sent) => {
            let limit = PAGE.min(NOTIFICATIONS - sent);
            let page = if limit > 0 {
                match notifications::older(db, user_id, before.as_deref(), limit).await {
                    Ok(page) => page,
                    Err(error) => return failed(error),
                }
            } else {
                Vec::new()
            };
            let Some(last) = page.last().map(|row| row.id.clone()) else {
                lease.release().await;
                return Some((Ok(bytes::Bytes::from_static(b"]}")), Part::Done));
            };
            let mut out = Vec::new();
            let count = page.len() as i64;
            for (n, row) in page.into_iter().enumerate() {
                if sent > 0 || n > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut out, &Notification::from(row)).ok()?;
            }
            Some((Ok(out.into()), Part::Notifications(Some(last), sent + count)))
        }
        Part::Done => None,
    }
}
