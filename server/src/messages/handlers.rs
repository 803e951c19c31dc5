use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::repo as users;
use crate::accounts::session::AuthUser;
use crate::applications::handlers::APPLICATION_NOT_FOUND;
use crate::applications::model::{Actor, ApplicationRow};
use crate::applications::repo as applications;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::membership::repo as members;
use crate::notifications::model::{Kind, Notice};
use crate::notifications::repo as notifications;
use crate::state::AppState;

use super::emails::{self, NewMessage};
use super::model::{Message, parse_body, team_sender};
use super::repo::{self, Sender, Sent};

pub const READ_ONLY: &str = "This job was deleted; its conversations are read-only";
pub const TOO_MANY: &str = "A conversation has at most 1000 messages";
pub const BAD_CURSOR: &str = "before must be a message id";

/// The application whose conversation the caller is a side of, and which side: its applicant or
/// the hiring side (a member who works its job, `works_on!`). Anyone else is told there is no such application.
async fn side_of(state: &AppState, caller: &AuthUser, application_id: &str) -> ApiResult<(ApplicationRow, Actor)> {
    let not_found = || AppError::not_found(APPLICATION_NOT_FOUND);
    let row = applications::row(&state.db, application_id).await?.ok_or_else(not_found)?;
    let side = if row.applicant_id == caller.id {
        Actor::Applicant
    } else if members::works_on(&state.db, &row.job_id, &caller.id).await? {
        Actor::Recruiter
    } else {
        return Err(not_found());
    };
    Ok((row, side))
}

/// The page cursor: a message id (32 hex digits), if given.
fn parse_before(query: Option<&str>) -> Result<Option<String>, AppError> {
    let mut before = None;
    for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        if key == "before" {
            let id = value.trim();
            if id.len() != 32 || !id.bytes().all(|byte| byte.is_ascii_hexdigit()) {
                return Err(AppError::bad_request(BAD_CURSOR));
            }
            before = Some(id.to_ascii_lowercase());
        }
    }
    Ok(before)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesResponse {
    /// Newest first, at most 50; `before` (the last one's `_id`) gives the next page.
    pub messages: Vec<Message>,
    /// Whether older messages remain.
    pub has_more: bool,
    /// How many messages to the caller are unread.
    pub unread: i64,
    /// True when the job was deleted: the conversation is kept, but takes no new message.
    pub read_only: bool,
    /// The caller's side of the conversation.
    pub me: Actor,
}

/// An application's conversation, newest first, for its applicant or the recruiter of its job.
/// Reading a page does not mark it read (`PUT …/messages/read` does).
#[utoipa::path(get, path = "/auth/applications/{applicationId}/messages", tag = "messages", security(("bearer" = []), ("apiToken" = ["applications:read"])),
    params(
        ("applicationId" = String, Path, description = "The application's `_id`"),
        ("before" = Option<String>, Query, description = "A message's `_id`: the page of older messages"),
    ),
    responses(
        (status = 200, description = "`Messages fetched successfully`", body = MessagesResponse),
        (status = 400, description = "`before must be a message id`", body = ErrorBody),
        (status = 404, description = "No such application of which the caller is the applicant or the recruiter", body = ErrorBody),
    ))]
pub async fn messages(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(application_id): PathParam<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<MessagesResponse>> {
    let before = parse_before(query.as_deref())?;
    let (row, me) = side_of(&state, &caller, &application_id).await?;
    let (rows, has_more) = repo::page(&state.db, &application_id, before.as_deref()).await?;
    let unread = repo::unread(&state.db, &application_id, &caller.id).await?;
    let messages =
        rows.into_iter().map(|message| message.into_message(&caller.id, &row.applicant_id, &row.company)).collect();
    Ok(ok(
        "Messages fetched successfully",
        MessagesResponse { messages, has_more, unread, read_only: row.job_removed, me },
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct SendRequest {
    /// Plain text, 1 to 5000 characters.
    pub body: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SentResponse {
    pub data: Message,
}

/// Write in an application's conversation, as its applicant or the recruiter of its job. The
/// other side is e-mailed, at most once in 15 minutes while they have not read the conversation.
#[utoipa::path(post, path = "/auth/applications/{applicationId}/messages", tag = "messages", security(("bearer" = []), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = SendRequest,
    responses(
        (status = 201, description = "`Message sent`", body = SentResponse),
        (status = 400, description = "`Message is required`, `Message must be at most 5000 characters`, or `A conversation has at most 1000 messages`", body = ErrorBody),
        (status = 404, description = "No such application of which the caller is the applicant or the recruiter", body = ErrorBody),
        (status = 409, description = "`This job was deleted; its conversations are read-only`", body = ErrorBody),
    ))]
pub async fn send(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<SendRequest>,
) -> ApiResult<(StatusCode, Reply<SentResponse>)> {
    let body = parse_body(request.body.as_deref())?;
    let (row, me) = side_of(&state, &caller, &application_id).await?;
    if row.job_removed {
        return Err(AppError::Conflict(READ_ONLY.into()));
    }
    let recruiter = users::find(&state.db, &row.recruiter_id).await?;
    let recruiter = recruiter.ok_or_else(|| AppError::not_found(APPLICATION_NOT_FOUND))?;
    // The writer's name: the applicant's is on the application, the recruiter in charge's read above.
    let writer = match me {
        Actor::Applicant => (row.first_name.clone(), row.last_name.clone()),
        Actor::Recruiter if caller.id == recruiter.id => (recruiter.first_name.clone(), recruiter.last_name.clone()),
        Actor::Recruiter => {
            let found = users::find(&state.db, &caller.id).await?;
            let found = found.ok_or_else(|| AppError::not_found(APPLICATION_NOT_FOUND))?;
            (found.first_name, found.last_name)
        }
    };
    let applicant_name = format!("{} {}", row.first_name, row.last_name);
    let (recipient_id, to, first_name, sender_name, path) = match me {
        Actor::Applicant => (
            &row.recruiter_id,
            recruiter.email.as_str(),
            recruiter.first_name.as_str(),
            applicant_name,
            format!("/dashboard/job/applications/{}?conversation={application_id}", row.job_id),
        ),
        Actor::Recruiter => (
            &row.applicant_id,
            row.email.as_str(),
            row.first_name.as_str(),
            team_sender(&writer.0, &row.company),
            format!("/dashboard/my-applications?conversation={application_id}"),
        ),
    };
    let link = format!("{}{path}", state.config.public_url);
    let wanted = notifications::email_wanted(&state.db, recipient_id, Kind::Message).await?;
    let notice = Notice {
        user_id: recipient_id.clone(),
        kind: Kind::Message,
        text: format!("New message from {sender_name} about {}", row.title),
        link: path,
        ref_id: application_id.clone(),
        mail: wanted.then(|| {
            emails::new_message(&NewMessage {
                to,
                first_name,
                sender_name: &sender_name,
                job_title: &row.title,
                company: &row.company,
                body: &body,
                link: &link,
            })
        }),
    };
    let sender = Sender { id: &caller.id, first_name: &writer.0, last_name: &writer.1 };
    match repo::send(&state.db, &application_id, &sender, &body, &notice).await? {
        Sent::Sent(message, mailed) => {
            if mailed {
                state.outbox.notify();
            }
            state.notifications.wake(recipient_id);
            let data = message.into_message(&caller.id, &row.applicant_id, &row.company);
            Ok((StatusCode::CREATED, ok("Message sent", SentResponse { data })))
        }
        Sent::TooMany => Err(AppError::bad_request(TOO_MANY)),
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReadResponse {
    /// How many messages this marked read.
    pub marked: u64,
}

/// Mark every message to the caller in an application's conversation read.
#[utoipa::path(put, path = "/auth/applications/{applicationId}/messages/read", tag = "messages", security(("bearer" = []), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    responses(
        (status = 200, description = "`Messages marked read`", body = ReadResponse),
        (status = 404, description = "No such application of which the caller is the applicant or the recruiter", body = ErrorBody),
    ))]
pub async fn mark_conversation_read(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(application_id): PathParam<String>,
) -> ApiResult<Reply<ReadResponse>> {
    side_of(&state, &caller, &application_id).await?;
    let marked = repo::mark_read(&state.db, &application_id, &caller.id).await?;
    Ok(ok("Messages marked read", ReadResponse { marked }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_cursor_is_a_message_id() {
        assert_eq!(parse_before(None).unwrap(), None);
        assert_eq!(parse_before(Some("other=1")).unwrap(), None);
        let id = "019ABCDEF0123456789abcdef0123456";
        assert_eq!(
            parse_before(Some(&format!("before={id}"))).unwrap().as_deref(),
            Some("019abcdef0123456789abcdef0123456")
        );
        for bad in ["before=", "before=xyz", "before=019abcdef0123456789abcdef012345g", "before='%20OR%201=1"] {
            assert_eq!(parse_before(Some(bad)).unwrap_err().to_string(), BAD_CURSOR, "{bad}");
        }
    }
}
