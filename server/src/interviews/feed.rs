//! A recruiter's private calendar feed (docs/rules.md#calendar-feed): an iCalendar address a
//! calendar subscribes to, listing the booked interviews of the applications they are in charge
//! of. The address carries the person, a version and a signature over both with the server's
//! calendar key, so it is checked without a stored secret and shown again whenever asked; a new
//! address raises the version, which ends the one before.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::Recruiter;
use crate::db::now_millis;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, PathParam};
use crate::secrets::{Keys, constant_time_eq, keyed_digest};
use crate::state::AppState;

use super::calendar;
use super::repo;

pub const FEED_NOT_FOUND: &str = "Calendar feed not found";
pub const FEED_OFF: &str = "Your calendar feed is off already";

/// How far back the feed reaches, and how many interviews it lists at most.
const SINCE_MILLIS: i64 = 30 * 24 * 60 * 60 * 1000;
const MOST: i64 = 500;
/// The signature's length in hex digits: 128 bits.
const SIGNATURE_HEX: usize = 32;

fn signature(keys: &Keys, user_id: &str, version: i64) -> String {
    let mut signed = keyed_digest(&keys.calendar_key, &format!("calendar\n{user_id}\n{version}"));
    signed.truncate(SIGNATURE_HEX);
    signed
}

/// The address's secret part: the person, the version and their signature.
fn feed_token(keys: &Keys, user_id: &str, version: i64) -> String {
    format!("{user_id}.{version}.{}", signature(keys, user_id, version))
}

/// The person and version an address names, when its signature is ours.
fn verified(keys: &Keys, token: &str) -> Option<(String, i64)> {
    let mut parts = token.splitn(3, '.');
    let (user_id, version, given) = (parts.next()?, parts.next()?.parse().ok()?, parts.next()?);
    constant_time_eq(signature(keys, user_id, version).as_bytes(), given.as_bytes())
        .then(|| (user_id.to_string(), version))
}

fn address(state: &AppState, user_id: &str, version: i64) -> String {
    let token = feed_token(&state.keys, user_id, version);
    format!("{}/api/v1/calendar/{token}/interviews.ics", state.config.api_public_url)
}

#[derive(Serialize, ToSchema)]
pub struct CalendarFeedResponse {
    /// The address a calendar subscribes to, or null while the feed is off. Anyone who has it sees
    /// the interviews, so it is shown only to its person.
    pub url: Option<String>,
}

/// The caller's calendar feed address, while it is on.
#[utoipa::path(get, path = "/auth/calendar-feed", tag = "interviews", security(("bearer" = ["Recruiter"])),
    responses((status = 200, description = "`Calendar feed fetched successfully`", body = CalendarFeedResponse)))]
pub async fn calendar_feed(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<CalendarFeedResponse>> {
    let version = repo::feed_version(&state.db, &caller.id).await?;
    let url = version.map(|version| address(&state, &caller.id, version));
    Ok(ok("Calendar feed fetched successfully", CalendarFeedResponse { url }))
}

/// Turn the calendar feed on, or give it a new address: the one before stops working.
#[utoipa::path(post, path = "/auth/calendar-feed", tag = "interviews", security(("bearer" = ["Recruiter"])),
    responses((status = 201, description = "`Calendar feed address made: anyone who has it can see your interviews`", body = CalendarFeedResponse)))]
pub async fn make_calendar_feed(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<(axum::http::StatusCode, Reply<CalendarFeedResponse>)> {
    let version = repo::new_feed_version(&state.db, &caller.id).await?;
    let url = Some(address(&state, &caller.id, version));
    Ok((
        axum::http::StatusCode::CREATED,
        ok("Calendar feed address made: anyone who has it can see your interviews", CalendarFeedResponse { url }),
    ))
}

/// Turn the calendar feed off: its address stops working.
#[utoipa::path(delete, path = "/auth/calendar-feed", tag = "interviews", security(("bearer" = ["Recruiter"])),
    responses(
        (status = 200, description = "`Calendar feed turned off`", body = Ack),
        (status = 404, description = "`Your calendar feed is off already`", body = ErrorBody),
    ))]
pub async fn end_calendar_feed(State(state): State<AppState>, Recruiter(caller): Recruiter) -> ApiResult<Reply<Ack>> {
    if !repo::end_feed(&state.db, &caller.id).await? {
        return Err(AppError::not_found(FEED_OFF));
    }
    Ok(ack("Calendar feed turned off"))
}

/// A calendar feed: the booked interviews of the applications its person is in charge of, from 30
/// days ago on, at most 500, for a calendar application to subscribe to. Its address is the
/// credential; an address that is not signed, made before the feed's newest, or of a feed turned
/// off is 404.
#[utoipa::path(get, path = "/calendar/{feedToken}/interviews.ics", tag = "interviews",
    params(("feedToken" = String, Path, description = "The secret part of the address `GET /auth/calendar-feed` gives")),
    responses(
        (status = 200, description = "`text/calendar`: one event per booked interview", content_type = "text/calendar", body = String),
        (status = 404, description = "`Calendar feed not found`", body = ErrorBody),
    ))]
pub async fn interviews_feed(
    State(state): State<AppState>,
    PathParam(token): PathParam<String>,
) -> ApiResult<Response> {
    let not_found = || AppError::not_found(FEED_NOT_FOUND);
    let (user_id, version) = verified(&state.keys, &token).ok_or_else(not_found)?;
    if repo::feed_version(&state.db, &user_id).await? != Some(version) {
        return Err(not_found());
    }
    let interviews = repo::booked_for_recruiter(&state.db, &user_id, now_millis() - SINCE_MILLIS, MOST).await?;
    let public_url = &state.config.public_url;
    let domain = super::handlers::domain(&state);
    let events = interviews.iter().map(|interview| {
        (interview, format!("{public_url}/dashboard/applications/{}/interviews", interview.application_id))
    });
    let file = calendar::feed(events, &domain, "Interviews on jobportal");
    Ok(([(header::CONTENT_TYPE, "text/calendar; charset=utf-8"), (header::CACHE_CONTROL, "private, no-store")], file)
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_bound_to_its_person_and_version() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let token = feed_token(&keys, "u1", 3);
        assert_eq!(verified(&keys, &token), Some(("u1".to_string(), 3)));
        let (_, signed) = token.rsplit_once('.').unwrap();
        assert_eq!(signed.len(), 32);
        assert_eq!(verified(&keys, &format!("u2.3.{signed}")), None, "another person");
        assert_eq!(verified(&keys, &format!("u1.4.{signed}")), None, "another version");
        assert_eq!(verified(&Keys::new(b"another secret, another signature!"), &token), None, "another key");
        assert_eq!(verified(&keys, "u1.3"), None);
        assert_eq!(verified(&keys, "nonsense"), None);
    }
}
