//! The hiring pipeline on the recruiter's board: moving an application between stages, rating it,
//! and private notes (docs/rules.md#stages).

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::accounts::session::Recruiter;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::Listings;
use crate::membership::repo as members;
use crate::state::AppState;

use super::handlers::{APPLICATION_NOT_FOUND, ApplicationResponse, JOB_DELETED, WITHDRAWN, reread, stage_notice};
use crate::membership::repo::Told;
use crate::notifications::model::{Kind, Notice};

use super::emails::{self, Mentioned};
use super::model::{Note, Stage, Viewer, mentions, parse_note};
use super::repo::{self, Edited, Move, Moved, NoteAdded};

pub const STAGE_CHOICES: &str = "Stage must be applied, screening, interview, offer, hired or rejected";
pub const FROM_CHOICES: &str = "From must be the stage the application is at";
pub const SAME_STAGE: &str = "The application is already at that stage";
pub const REASON_ONLY_WHEN_REJECTING: &str = "A reason is given only when rejecting";
pub const REASON_TOO_LONG: &str = "Reason must be at most 1000 characters";
pub const FINAL: &str = "A hired or rejected application takes no further moves";
pub const FILLED: &str = "Every position of this job is filled";
pub const READ_ONLY: &str = "This job was deleted; its applications are read-only";
pub const RATING_CHOICES: &str = "Rating must be a whole number from 1 to 5, or null to clear it";
pub const TOO_MANY_NOTES: &str = "An application has at most 200 notes";

/// A stale move's message: where the card is now.
pub fn moved_since(stage: Stage) -> String {
    format!("This application was moved to {} since you loaded it", stage.words())
}

#[derive(Deserialize, ToSchema)]
pub struct StageRequest {
    /// Where to: `applied`, `screening`, `interview`, `offer`, `hired` or `rejected`.
    pub stage: Option<String>,
    /// The stage the caller saw the application at: the move happens only if it is still there.
    pub from: Option<String>,
    /// Why, when rejecting (at most 1000 characters): kept private to the recruiter.
    pub reason: Option<String>,
}

/// The move a request asks for, checked.
fn parse_move(request: &StageRequest) -> Result<(Stage, Stage, Option<String>), AppError> {
    let stage = |text: &Option<String>| text.as_deref().map(str::trim).and_then(Stage::parse);
    let to = stage(&request.stage).filter(|to| *to != Stage::Withdrawn);
    let to = to.ok_or_else(|| AppError::bad_request(STAGE_CHOICES))?;
    let from = stage(&request.from).ok_or_else(|| AppError::bad_request(FROM_CHOICES))?;
    if from == to {
        return Err(AppError::bad_request(SAME_STAGE));
    }
    let reason = request.reason.as_deref().map(str::trim).filter(|reason| !reason.is_empty());
    if reason.is_some() && to != Stage::Rejected {
        return Err(AppError::bad_request(REASON_ONLY_WHEN_REJECTING));
    }
    if reason.is_some_and(|reason| reason.chars().count() > 1000) {
        return Err(AppError::bad_request(REASON_TOO_LONG));
    }
    Ok((from, to, reason.map(str::to_string)))
}

/// Move an application of one of the caller's jobs to another stage, from the stage the caller saw
/// it at. The applicant is told by e-mail (never the reason for a rejection); the hire that fills
/// the job's last position closes the job.
#[utoipa::path(put, path = "/auth/applications/{applicationId}/stage", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = StageRequest,
    responses(
        (status = 200, description = "`Application moved to {stage in words}`", body = ApplicationResponse),
        (status = 400, description = "A stage that is not one, `from` equal to `stage`, or a reason when not rejecting or over 1000 characters", body = ErrorBody),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "Moved since the caller loaded it (`This application was moved to … since you loaded it`), hired or rejected already, withdrawn by the applicant, every position filled, or the job was deleted", body = ErrorBody),
    ))]
pub async fn move_stage(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<StageRequest>,
) -> ApiResult<Reply<ApplicationResponse>> {
    let (from, to, reason) = parse_move(&request)?;
    let row = repo::row(&state.db, &application_id).await?.ok_or_else(|| AppError::not_found(APPLICATION_NOT_FOUND))?;
    // Moving back to applied is the recruiter's own bookkeeping: the applicant is not told.
    let notice = match to {
        Stage::Applied => None,
        to => Some(stage_notice(&state, &row, &application_id, to).await?),
    };
    let step = Move { id: &application_id, recruiter_id: &caller.id, from, to, reason: reason.as_deref() };
    match repo::move_stage(&state.db, &step, notice.as_ref()).await? {
        Moved::Moved => {}
        Moved::NotFound => return Err(AppError::not_found(APPLICATION_NOT_FOUND)),
        Moved::JobDeleted => return Err(AppError::Conflict(JOB_DELETED.into())),
        Moved::Withdrawn => return Err(AppError::Conflict(WITHDRAWN.into())),
        Moved::Stale(now) => return Err(AppError::Conflict(moved_since(now))),
        Moved::Final(_) => return Err(AppError::Conflict(FINAL.into())),
        Moved::Filled => return Err(AppError::Conflict(FILLED.into())),
    }
    if notice.is_some() {
        state.outbox.notify();
        state.notifications.wake(&row.applicant_id);
    }
    if to == Stage::Hired {
        // The hire may have closed the job.
        listings.changed(&state.db).await;
    }
    Ok(ok(
        format!("Application moved to {}", to.words()),
        ApplicationResponse { data: reread(&state, Viewer::Recruiter, &caller.id, &application_id).await? },
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct RatingRequest {
    /// 1 to 5, or `null` to clear the rating.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 5)]
    pub rating: Option<Value>,
}

/// A field that is present, `null` included (a missing one is `None`).
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// The rating a request sets: `Some(None)` clears it.
fn parse_rating(rating: Option<&Value>) -> Result<Option<i64>, AppError> {
    match rating {
        Some(Value::Null) => Ok(None),
        Some(value) => match value.as_i64() {
            Some(rating @ 1..=5) => Ok(Some(rating)),
            _ => Err(AppError::bad_request(RATING_CHOICES)),
        },
        None => Err(AppError::bad_request(RATING_CHOICES)),
    }
}

/// Rate an application to one of the caller's jobs from 1 to 5, or clear the rating. Only the
/// recruiter sees it.
#[utoipa::path(put, path = "/auth/applications/{applicationId}/rating", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = RatingRequest,
    responses(
        (status = 200, description = "`Rating saved`", body = ApplicationResponse),
        (status = 400, description = "`Rating must be a whole number from 1 to 5, or null to clear it`", body = ErrorBody),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "`This job was deleted; its applications are read-only`", body = ErrorBody),
    ))]
pub async fn rate(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<RatingRequest>,
) -> ApiResult<Reply<ApplicationResponse>> {
    let rating = parse_rating(request.rating.as_ref())?;
    match repo::rate(&state.db, &application_id, &caller.id, rating).await? {
        Edited::Done => {}
        Edited::NotFound => return Err(AppError::not_found(APPLICATION_NOT_FOUND)),
        Edited::JobDeleted => return Err(AppError::Conflict(READ_ONLY.into())),
    }
    Ok(ok(
        "Rating saved",
        ApplicationResponse { data: reread(&state, Viewer::Recruiter, &caller.id, &application_id).await? },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct NotesResponse {
    /// Newest first.
    pub notes: Vec<Note>,
}

#[derive(Serialize, ToSchema)]
pub struct NoteResponse {
    pub note: Note,
}

#[derive(Deserialize, ToSchema)]
pub struct NoteRequest {
    /// Plain text, 1 to 2000 characters.
    pub body: Option<String>,
}

/// The private notes on an application to one of the caller's jobs, newest first.
#[utoipa::path(get, path = "/auth/applications/{applicationId}/notes", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:read"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    responses(
        (status = 200, description = "`Notes fetched successfully`", body = NotesResponse),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
    ))]
pub async fn notes(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
) -> ApiResult<Reply<NotesResponse>> {
    let row = repo::row(&state.db, &application_id).await?.ok_or_else(|| AppError::not_found(APPLICATION_NOT_FOUND))?;
    if row.job_removed || !members::works_on(&state.db, &row.job_id, &caller.id).await? {
        return Err(AppError::not_found(APPLICATION_NOT_FOUND));
    }
    Ok(ok("Notes fetched successfully", NotesResponse { notes: repo::notes(&state.db, &application_id).await? }))
}

/// Add a private note to an application to one of the caller's jobs (at most 200 on one).
#[utoipa::path(post, path = "/auth/applications/{applicationId}/notes", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:write"])),
    params(("applicationId" = String, Path, description = "The application's `_id`")),
    request_body = NoteRequest,
    responses(
        (status = 201, description = "`Note added`", body = NoteResponse),
        (status = 400, description = "`Note is required`, `Note must be at most 2000 characters`, or `An application has at most 200 notes`", body = ErrorBody),
        (status = 404, description = "No such application among the caller's", body = ErrorBody),
        (status = 409, description = "`This job was deleted; its applications are read-only`", body = ErrorBody),
    ))]
pub async fn add_note(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(application_id): PathParam<String>,
    JsonBody(request): JsonBody<NoteRequest>,
) -> ApiResult<(StatusCode, Reply<NoteResponse>)> {
    let body = parse_note(request.body.as_deref())?;
    let notices = mention_notices(&state, &application_id, &caller.id, &body).await?;
    match repo::add_note(&state.db, &application_id, &caller.id, &body, &notices).await? {
        NoteAdded::Added(note) => {
            if notices.iter().any(|notice| notice.mail.is_some()) {
                state.outbox.notify();
            }
            for notice in &notices {
                state.notifications.wake(&notice.user_id);
            }
            Ok((StatusCode::CREATED, ok("Note added", NoteResponse { note })))
        }
        NoteAdded::NotFound => Err(AppError::not_found(APPLICATION_NOT_FOUND)),
        NoteAdded::JobDeleted => Err(AppError::Conflict(READ_ONLY.into())),
        NoteAdded::TooMany => Err(AppError::bad_request(TOO_MANY_NOTES)),
    }
}

/// What each teammate a note names (`@name`, docs/rules.md#teams) is told: everyone who works
/// the job's pipeline but its author, in the bell and, unless they switched it off, by e-mail.
async fn mention_notices(
    state: &AppState,
    application_id: &str,
    author_id: &str,
    body: &str,
) -> Result<Vec<Notice>, AppError> {
    if !body.contains('@') {
        return Ok(Vec::new());
    }
    let Some(row) = repo::row(&state.db, application_id).await? else { return Ok(Vec::new()) };
    let team = members::teammates(&state.db, &row.job_id, Told::Pipeline, Kind::Mention.as_str()).await?;
    let Some(author) = team.iter().find(|member| member.user_id == author_id) else {
        return Ok(Vec::new());
    };
    let author = format!("{} {}", author.first_name, author.last_name);
    let applicant = format!("{} {}", row.first_name, row.last_name);
    let path = format!("/dashboard/job/applications/{}", row.job_id);
    let link = format!("{}{path}", state.config.public_url);
    let named = team.iter().filter(|member| member.user_id != author_id);
    let named = named.filter(|member| mentions(body, &member.first_name, &member.last_name));
    Ok(named
        .map(|member| Notice {
            user_id: member.user_id.clone(),
            kind: Kind::Mention,
            text: format!("{author} mentioned you in a note on {applicant}'s application"),
            link: path.clone(),
            ref_id: row.id.clone(),
            mail: (!member.email_off).then(|| {
                emails::mentioned(&Mentioned {
                    email: &member.email,
                    first_name: &member.first_name,
                    author: &author,
                    applicant_name: &applicant,
                    job_title: &row.title,
                    note: body,
                    link: &link,
                })
            }),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(stage: &str, from: &str, reason: Option<&str>) -> StageRequest {
        StageRequest { stage: Some(stage.into()), from: Some(from.into()), reason: reason.map(Into::into) }
    }

    fn refusal(result: Result<impl std::fmt::Debug, AppError>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn a_move_names_a_target_stage_other_than_withdrawn_and_the_stage_it_was_seen_at() {
        assert_eq!(
            parse_move(&request("interview", "screening", None)).unwrap(),
            (Stage::Screening, Stage::Interview, None)
        );
        assert_eq!(parse_move(&request(" applied ", "offer", None)).unwrap().1, Stage::Applied);
        assert_eq!(refusal(parse_move(&request("withdrawn", "applied", None))), STAGE_CHOICES);
        assert_eq!(refusal(parse_move(&request("Interview", "applied", None))), STAGE_CHOICES);
        assert_eq!(refusal(parse_move(&request("offer", "", None))), FROM_CHOICES);
        assert_eq!(refusal(parse_move(&request("offer", "offer", None))), SAME_STAGE);
    }

    #[test]
    fn only_a_rejection_carries_a_reason_of_at_most_1000_characters() {
        let rejected = parse_move(&request("rejected", "interview", Some("  Went with a senior  "))).unwrap();
        assert_eq!(rejected.2.as_deref(), Some("Went with a senior"));
        assert_eq!(parse_move(&request("rejected", "applied", Some("   "))).unwrap().2, None);
        assert_eq!(refusal(parse_move(&request("offer", "applied", Some("why")))), REASON_ONLY_WHEN_REJECTING);
        assert!(parse_move(&request("rejected", "applied", Some(&"x".repeat(1000)))).is_ok());
        assert_eq!(refusal(parse_move(&request("rejected", "applied", Some(&"x".repeat(1001))))), REASON_TOO_LONG);
    }

    #[test]
    fn a_rating_is_a_whole_number_from_1_to_5_or_null() {
        assert_eq!(parse_rating(Some(&serde_json::json!(4))).unwrap(), Some(4));
        assert_eq!(parse_rating(Some(&Value::Null)).unwrap(), None);
        for bad in [serde_json::json!(0), serde_json::json!(6), serde_json::json!(2.5), serde_json::json!("3")] {
            assert_eq!(refusal(parse_rating(Some(&bad))), RATING_CHOICES, "{bad}");
        }
        assert_eq!(refusal(parse_rating(None)), RATING_CHOICES);
    }
}
