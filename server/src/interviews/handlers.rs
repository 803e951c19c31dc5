use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::session::{Applicant, AuthUser, Recruiter};
use crate::applications::handlers::APPLICATION_NOT_FOUND;
use crate::applications::repo as applications;
use crate::db::{new_id, now_millis};
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::membership::repo as members;
use crate::notifications::model::{Kind, Notice};
use crate::notifications::repo as notifications;
use crate::state::AppState;

use super::calendar::{self, Method};
use super::emails::{self, About};
use super::model::{Interview, InterviewRow, InterviewStatus, parse_duration, parse_location, parse_slots, parse_time};
use super::repo::{self, Change, Proposal, Proposed};

pub const NOT_FOUND: &str = "Interview not found";
pub const CLOSED: &str = "A hired, rejected or withdrawn application takes no interview";
pub const READ_ONLY: &str = "This job was deleted; its applications are read-only";
pub const ALREADY_PLANNED: &str = "This application already has an interview planned; cancel it first";
pub const ALREADY_BOOKED: &str = "This interview is already booked";
pub const WAS_CANCELLED: &str = "This interview was cancelled";
pub const NOT_BOOKED: &str = "Only a booked interview can be rescheduled";
pub const BAD_SLOT: &str = "Slot must be the number of one of the times proposed, from 0";
pub const SLOT_PASSED: &str = "That time has passed; ask the recruiter for another";
pub const CHANGED: &str = "This interview changed since you loaded it; reload it";

/// The host the calendar UIDs are made unique by: the site's own.
pub(super) fn domain(state: &AppState) -> String {
    let url = state.config.public_url.as_str();
    let host = url.split_once("://").map_or(url, |(_, rest)| rest);
    host.split(['/', ':']).next().unwrap_or("jobportal").to_string()
}

/// The interview's page in the app, for the applicant (who books there) or the recruiter.
fn page(state: &AppState, row: &InterviewRow, for_recruiter: bool) -> (String, String) {
    let path = if for_recruiter {
        format!("/dashboard/applications/{}/interviews", row.application_id)
    } else {
        format!("/dashboard/interviews/{}", row.id)
    };
    (format!("{}{path}", state.config.public_url), path)
}

fn about_applicant(row: &InterviewRow) -> About<'_> {
    About {
        to: &row.applicant_email,
        first_name: &row.applicant_first_name,
        job_title: &row.title,
        company: &row.company,
    }
}

fn about_recruiter(row: &InterviewRow) -> About<'_> {
    About {
        to: &row.recruiter_email,
        first_name: &row.recruiter_first_name,
        job_title: &row.title,
        company: &row.company,
    }
}

/// A notice of kind `interview` for one side, e-mailed unless they switched interviews off.
async fn notice(
    state: &AppState,
    row: &InterviewRow,
    for_recruiter: bool,
    text: String,
    mail: impl FnOnce(&str) -> crate::mail::Mail,
) -> ApiResult<Notice> {
    let user_id = if for_recruiter { &row.recruiter_id } else { &row.applicant_id };
    let (link, path) = page(state, row, for_recruiter);
    let wanted = notifications::email_wanted(&state.db, user_id, Kind::Interview).await?;
    Ok(Notice {
        user_id: user_id.clone(),
        kind: Kind::Interview,
        text,
        link: path,
        ref_id: row.id.clone(),
        mail: wanted.then(|| mail(&link)),
    })
}

/// The interview `id` if the caller is on its hiring side (a member who works its job) or its
/// applicant (else 404): and whether they are on the hiring side.
async fn party(state: &AppState, caller_id: &str, id: &str) -> ApiResult<(InterviewRow, bool)> {
    let row = repo::find(&state.db, id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    if row.applicant_id == caller_id {
        Ok((row, false))
    } else if members::works_on(&state.db, &row.job_id, caller_id).await? {
        Ok((row, true))
    } else {
        Err(AppError::not_found(NOT_FOUND))
    }
}

/// The interview as it is now.
async fn reread(state: &AppState, id: &str) -> ApiResult<Interview> {
    let row = repo::find(&state.db, id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    Ok(row.to_interview())
}

/// Why a change found the interview other than it was read.
fn refused(status: InterviewStatus) -> AppError {
    AppError::Conflict(
        match status {
            InterviewStatus::Cancelled => WAS_CANCELLED,
            _ => CHANGED,
        }
        .into(),
    )
}

#[derive(Serialize, ToSchema)]
pub struct InterviewResponse {
    pub data: Interview,
}

#[derive(Serialize, ToSchema)]
pub struct InterviewsResponse {
    /// Newest first, at most 50.
    pub interviews: Vec<Interview>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposeRequest {
    /// One to three start times, RFC 3339 with an offset, in the future, not overlapping.
    pub slots: Option<Vec<String>>,
    /// 15 to 480.
    pub duration_minutes: Option<i64>,
    /// A place, or a video link (at most 500 characters).
    pub location: Option<String>,
}

/// Propose an interview for an application to one of the caller's jobs: one to three times to
/// choose from. The applicant is told, with a link to book each time.
#[utoipa::path(post, path = "/auth/applications/{applicationId}/interviews", tag = "interviews", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = ProposeRequest,
    responses(
        (status = 201, description = "`Interview proposed`", body = InterviewResponse),
        (status = 400, description = "No times or more than three, a time in the past, beyond a year or overlapping another, a duration outside 15 to 480 minutes, no place", body = ErrorBody),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "An interview is planned already, the application is hired, rejected or withdrawn, or the job was deleted", body = ErrorBody),
    ))]
pub async fn propose(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<ProposeRequest>,
) -> ApiResult<(StatusCode, Reply<InterviewResponse>)> {
    let duration = parse_duration(request.duration_minutes)?;
    let slots = parse_slots(request.slots.as_deref(), duration, now_millis())?;
    let location = parse_location(request.location.as_deref())?;
    let not_found = || AppError::not_found(APPLICATION_NOT_FOUND);
    let application = applications::row(&state.db, &application_id).await?.ok_or_else(not_found)?;
    if !members::works_on(&state.db, &application.job_id, &caller.id).await? {
        return Err(not_found());
    }
    let id = new_id();
    let path = format!("/dashboard/interviews/{id}");
    let choices: Vec<(i64, String)> = slots
        .iter()
        .enumerate()
        .map(|(slot, at)| (*at, format!("{}{path}?slot={slot}", state.config.public_url)))
        .collect();
    let wanted = notifications::email_wanted(&state.db, &application.applicant_id, Kind::Interview).await?;
    let about = About {
        to: &application.email,
        first_name: &application.first_name,
        job_title: &application.title,
        company: &application.company,
    };
    let notice = Notice {
        user_id: application.applicant_id.clone(),
        kind: Kind::Interview,
        text: format!("{} proposed interview times for {}: pick one", application.company, application.title),
        link: path.clone(),
        ref_id: id.clone(),
        mail: wanted.then(|| emails::proposed(&about, &choices, duration, &location)),
    };
    let proposal = Proposal {
        id: &id,
        application_id: &application_id,
        recruiter_id: &caller.id,
        slots: &slots,
        duration_minutes: duration,
        location: &location,
    };
    match repo::propose(&state.db, &proposal, &notice).await? {
        Proposed::Proposed => {}
        Proposed::NotFound => return Err(not_found()),
        Proposed::JobDeleted => return Err(AppError::Conflict(READ_ONLY.into())),
        Proposed::Closed => return Err(AppError::Conflict(CLOSED.into())),
        Proposed::AlreadyPlanned => return Err(AppError::Conflict(ALREADY_PLANNED.into())),
    }
    state.outbox.notify();
    state.notifications.wake(&application.applicant_id);
    Ok((StatusCode::CREATED, ok("Interview proposed", InterviewResponse { data: reread(&state, &id).await? })))
}

/// An application's interviews, for its recruiter or its applicant.
#[utoipa::path(get, path = "/auth/applications/{applicationId}/interviews", tag = "interviews", security(("bearer" = []), ("apiToken" = ["applications:read"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    responses(
        (status = 200, description = "`Interviews fetched successfully`", body = InterviewsResponse),
        (status = 404, description = "No such application of which the caller is the applicant or the recruiter", body = ErrorBody),
    ))]
pub async fn of_application(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(application_id): PathParam<String>,
) -> ApiResult<Reply<InterviewsResponse>> {
    let not_found = || AppError::not_found(APPLICATION_NOT_FOUND);
    let application = applications::row(&state.db, &application_id).await?.ok_or_else(not_found)?;
    if application.applicant_id != caller.id && !members::works_on(&state.db, &application.job_id, &caller.id).await? {
        return Err(not_found());
    }
    let interviews =
        repo::of_application(&state.db, &application_id).await?.iter().map(InterviewRow::to_interview).collect();
    Ok(ok("Interviews fetched successfully", InterviewsResponse { interviews }))
}

/// One interview, for its recruiter or its applicant.
#[utoipa::path(get, path = "/auth/interviews/{interviewId}", tag = "interviews", security(("bearer" = []), ("apiToken" = ["applications:read"])),
    params(("interviewId" = String, Path, description = "The interview's `_id`")),
    responses(
        (status = 200, description = "`Interview fetched successfully`", body = InterviewResponse),
        (status = 404, description = "`Interview not found` among the caller's", body = ErrorBody),
    ))]
pub async fn interview(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(interview_id): PathParam<String>,
) -> ApiResult<Reply<InterviewResponse>> {
    let (row, _) = party(&state, &caller.id, &interview_id).await?;
    Ok(ok("Interview fetched successfully", InterviewResponse { data: row.to_interview() }))
}

pub const NOT_BOOKED_YET: &str = "Only a booked interview can be added to a calendar";

/// The booked interview as an iCalendar file to import ("Add to calendar"), for its recruiter or
/// its applicant: the same event, UID and sequence as the invitations.
#[utoipa::path(get, path = "/auth/interviews/{interviewId}/calendar.ics", tag = "interviews", security(("bearer" = []), ("apiToken" = ["applications:read"])),
    params(("interviewId" = String, Path, description = "The interview's `_id`")),
    responses(
        (status = 200, description = "`text/calendar`: the interview's event, as an attachment named `interview.ics`", content_type = "text/calendar", body = String),
        (status = 404, description = "`Interview not found` among the caller's", body = ErrorBody),
        (status = 409, description = "`Only a booked interview can be added to a calendar`", body = ErrorBody),
    ))]
pub async fn calendar_file(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(interview_id): PathParam<String>,
) -> ApiResult<axum::response::Response> {
    use axum::http::header;
    use axum::response::IntoResponse;
    let (row, for_recruiter) = party(&state, &caller.id, &interview_id).await?;
    if row.status != InterviewStatus::Booked {
        return Err(AppError::Conflict(NOT_BOOKED_YET.into()));
    }
    let (link, _) = page(&state, &row, for_recruiter);
    let file = calendar::invitation(&row, Method::Publish, &domain(&state), &link);
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"interview.ics\""),
            (header::CACHE_CONTROL, "no-store"),
        ],
        file,
    )
        .into_response())
}

#[derive(Deserialize, ToSchema)]
pub struct BookRequest {
    /// Which of the proposed times, from 0, in the order `slots` lists them.
    pub slot: Option<i64>,
}

/// Book one of the proposed times of the caller's interview. Both sides receive the invitation
/// with its calendar file.
#[utoipa::path(put, path = "/auth/interviews/{interviewId}/book", tag = "interviews", security(("bearer" = ["Applicant"])),
    params(("interviewId" = String, Path, description = "The interview's `_id`")),
    request_body = BookRequest,
    responses(
        (status = 200, description = "`Interview booked`", body = InterviewResponse),
        (status = 400, description = "`Slot must be the number of one of the times proposed, from 0`", body = ErrorBody),
        (status = 404, description = "`Interview not found` among the caller's", body = ErrorBody),
        (status = 409, description = "Booked already, cancelled, the time has passed, or the job was deleted", body = ErrorBody),
    ))]
pub async fn book(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    PathParam(interview_id): PathParam<String>,
    JsonBody(request): JsonBody<BookRequest>,
) -> ApiResult<Reply<InterviewResponse>> {
    let (mut row, _) = party(&state, &caller.id, &interview_id).await?;
    if row.job_removed {
        return Err(AppError::Conflict(READ_ONLY.into()));
    }
    let slots = row.slot_times();
    let at = request
        .slot
        .and_then(|slot| usize::try_from(slot).ok())
        .and_then(|slot| slots.get(slot).copied())
        .ok_or_else(|| AppError::bad_request(BAD_SLOT))?;
    match row.status {
        InterviewStatus::Proposed => {}
        InterviewStatus::Booked => return Err(AppError::Conflict(ALREADY_BOOKED.into())),
        InterviewStatus::Cancelled => return Err(AppError::Conflict(WAS_CANCELLED.into())),
    }
    if at <= now_millis() {
        return Err(AppError::Conflict(SLOT_PASSED.into()));
    }
    let read_at = row.sequence;
    row.starts_at = Some(at);
    row.status = InterviewStatus::Booked;
    let notices = invitations(&state, &row, false).await?;
    if !repo::book(&state.db, &interview_id, read_at, at, &notices).await? {
        let now = repo::find(&state.db, &interview_id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
        return Err(match now.status {
            InterviewStatus::Booked => AppError::Conflict(ALREADY_BOOKED.into()),
            status => refused(status),
        });
    }
    told(&state, &row);
    Ok(ok("Interview booked", InterviewResponse { data: reread(&state, &interview_id).await? }))
}

/// The invitation (or its update) to both sides, each with the calendar file of `row` as it will
/// be once the change commits.
async fn invitations(state: &AppState, row: &InterviewRow, moved: bool) -> ApiResult<Vec<Notice>> {
    let starts_at = row.starts_at.unwrap_or_default();
    let when = emails::when(starts_at);
    let verb = if moved { "moved to" } else { "booked for" };
    let mut notices = Vec::new();
    for for_recruiter in [false, true] {
        let about = if for_recruiter { about_recruiter(row) } else { about_applicant(row) };
        let text = if for_recruiter {
            format!("Interview with {} for {} {verb} {when}", row.applicant_name(), row.title)
        } else {
            format!("Interview for {} at {} {verb} {when}", row.title, row.company)
        };
        let domain = domain(state);
        notices.push(
            notice(state, row, for_recruiter, text, |link| {
                let ics = calendar::invitation(row, Method::Request, &domain, link);
                emails::booked(&about, starts_at, row.duration_minutes, &row.location, moved, link, ics)
            })
            .await?,
        );
    }
    Ok(notices)
}

/// After a change told both sides: their mail goes out, their open pages hear of it.
fn told(state: &AppState, row: &InterviewRow) {
    state.outbox.notify();
    state.notifications.wake(&row.applicant_id);
    state.notifications.wake(&row.recruiter_id);
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescheduleRequest {
    /// The new start, RFC 3339 with an offset, in the future.
    pub starts_at: Option<String>,
    /// 15 to 480; the same as before when left out.
    pub duration_minutes: Option<i64>,
    /// The same as before when left out.
    pub location: Option<String>,
}

/// Move a booked interview of the caller's: both sides receive the update, which a calendar that
/// imported the invitation applies to the same event (same UID, higher SEQUENCE).
#[utoipa::path(put, path = "/auth/interviews/{interviewId}/reschedule", tag = "interviews", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("interviewId" = String, Path, description = "The interview's `_id`")),
    request_body = RescheduleRequest,
    responses(
        (status = 200, description = "`Interview rescheduled`", body = InterviewResponse),
        (status = 400, description = "A start not in the future or beyond a year, a duration outside 15 to 480 minutes, a blank or long place", body = ErrorBody),
        (status = 404, description = "`Interview not found` among the caller's", body = ErrorBody),
        (status = 409, description = "Not booked (`Only a booked interview can be rescheduled`), changed meanwhile, or the job was deleted", body = ErrorBody),
    ))]
pub async fn reschedule(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(interview_id): PathParam<String>,
    JsonBody(request): JsonBody<RescheduleRequest>,
) -> ApiResult<Reply<InterviewResponse>> {
    let starts_at = parse_time(request.starts_at.as_deref().unwrap_or_default(), now_millis())?;
    let duration = request.duration_minutes.map(|minutes| parse_duration(Some(minutes))).transpose()?;
    let location = request.location.as_deref().map(|location| parse_location(Some(location))).transpose()?;
    let (mut row, is_recruiter) = party(&state, &caller.id, &interview_id).await?;
    if !is_recruiter {
        return Err(AppError::not_found(NOT_FOUND));
    }
    if row.job_removed {
        return Err(AppError::Conflict(READ_ONLY.into()));
    }
    if row.status != InterviewStatus::Booked {
        return Err(AppError::Conflict(NOT_BOOKED.into()));
    }
    let read_at = row.sequence;
    row.starts_at = Some(starts_at);
    row.duration_minutes = duration.unwrap_or(row.duration_minutes);
    row.location = location.clone().unwrap_or(row.location);
    row.sequence += 1;
    let notices = invitations(&state, &row, true).await?;
    let to = Change { starts_at: Some(starts_at), duration_minutes: duration, location: location.as_deref() };
    if !repo::reschedule(&state.db, &interview_id, read_at, &to, &notices).await? {
        let now = repo::find(&state.db, &interview_id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
        return Err(refused(now.status));
    }
    told(&state, &row);
    Ok(ok("Interview rescheduled", InterviewResponse { data: reread(&state, &interview_id).await? }))
}

/// Cancels a planned interview on behalf of its recruiter's side (`by_recruiter`) or its
/// applicant's, and tells them: both when it was booked (with the calendar file that removes it),
/// else the other side. False when it changed meanwhile.
pub async fn cancel_as(state: &AppState, mut row: InterviewRow, by_recruiter: bool) -> ApiResult<bool> {
    let was_booked = row.status == InterviewStatus::Booked;
    let read_at = row.sequence;
    row.sequence += 1;
    let by = if by_recruiter { row.company.clone() } else { row.applicant_name() };
    let domain = domain(state);
    let mut notices = Vec::new();
    for for_recruiter in [false, true] {
        // A proposal nobody booked concerns only the side that did not cancel it.
        if !was_booked && for_recruiter == by_recruiter {
            continue;
        }
        let about = if for_recruiter { about_recruiter(&row) } else { about_applicant(&row) };
        // The side that cancelled reads it of itself.
        let by = if for_recruiter == by_recruiter { "You" } else { by.as_str() };
        let text = format!("{by} cancelled the interview for {}", row.title);
        notices.push(
            notice(state, &row, for_recruiter, text, |link| {
                let ics = was_booked.then(|| calendar::invitation(&row, Method::Cancel, &domain, link));
                emails::cancelled(&about, by, link, ics)
            })
            .await?,
        );
    }
    if !repo::cancel(&state.db, &row.id, read_at, &notices).await? {
        return Ok(false);
    }
    told(state, &row);
    Ok(true)
}

/// Cancel a planned interview, as its recruiter or its applicant. Both sides are told; when it was
/// booked, the update removes it from the calendars that imported it.
#[utoipa::path(put, path = "/auth/interviews/{interviewId}/cancel", tag = "interviews", security(("bearer" = []), ("apiToken" = ["applications:write"])),
    params(("interviewId" = String, Path, description = "The interview's `_id`")),
    responses(
        (status = 200, description = "`Interview cancelled`", body = InterviewResponse),
        (status = 404, description = "`Interview not found` among the caller's", body = ErrorBody),
        (status = 409, description = "`This interview was cancelled`, or changed meanwhile", body = ErrorBody),
    ))]
pub async fn cancel(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(interview_id): PathParam<String>,
) -> ApiResult<Reply<InterviewResponse>> {
    let (row, is_recruiter) = party(&state, &caller.id, &interview_id).await?;
    if row.status == InterviewStatus::Cancelled {
        return Err(AppError::Conflict(WAS_CANCELLED.into()));
    }
    if !cancel_as(&state, row, is_recruiter).await? {
        let now = repo::find(&state.db, &interview_id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
        return Err(refused(now.status));
    }
    Ok(ok("Interview cancelled", InterviewResponse { data: reread(&state, &interview_id).await? }))
}
