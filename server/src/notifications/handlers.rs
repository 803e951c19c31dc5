use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;
use utoipa::ToSchema;

use crate::accounts::session::AuthUser;
use crate::db::now_millis;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::state::AppState;

use super::model::{EmailSettings, Notification};
use super::repo;
use crate::hub::EVERYONE;

pub const NOT_FOUND: &str = "Notification not found";
pub const TOO_MANY_STREAMS: &str = "Too many open notification streams";

/// A stream ends after this long (the page opens another at once), so a session that ended is not
/// followed for ever.
pub const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// A comment line this often keeps proxies from closing a quiet stream.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationsResponse {
    /// The newest 30, newest first.
    pub notifications: Vec<Notification>,
    /// How many are unread, counted up to 100.
    pub unread: i64,
}

/// The caller's notifications, newest first, and how many are unread.
#[utoipa::path(get, path = "/auth/notifications", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, description = "`Notifications fetched successfully`", body = NotificationsResponse)))]
pub async fn notifications(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<NotificationsResponse>> {
    let notifications = repo::list(&state.db, &caller.id).await?.into_iter().map(Notification::from).collect();
    let (unread, _) = repo::unread(&state.db, &caller.id).await?;
    Ok(ok("Notifications fetched successfully", NotificationsResponse { notifications, unread }))
}

#[derive(Serialize, ToSchema)]
pub struct MarkedResponse {
    /// How many this marked read.
    pub marked: u64,
}

/// Mark every notification of the caller's read.
#[utoipa::path(put, path = "/auth/notifications/read", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, description = "`Notifications marked read`", body = MarkedResponse)))]
pub async fn mark_all_read(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<MarkedResponse>> {
    let marked = repo::mark_read(&state.db, &caller.id, None).await?;
    state.notifications.wake(&caller.id);
    Ok(ok("Notifications marked read", MarkedResponse { marked }))
}

/// Mark one of the caller's notifications read.
#[utoipa::path(put, path = "/auth/notifications/{notificationId}/read", tag = "notifications", security(("bearer" = [])),
    params(("notificationId" = String, Path, description = "The notification's `_id`")),
    responses(
        (status = 200, description = "`Notification marked read` (`marked` is 0 when it was read already)", body = MarkedResponse),
        (status = 404, description = "`Notification not found` among the caller's", body = ErrorBody),
    ))]
pub async fn mark_notification_read(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(notification_id): PathParam<String>,
) -> ApiResult<Reply<MarkedResponse>> {
    if !repo::exists(&state.db, &caller.id, &notification_id).await? {
        return Err(AppError::not_found(NOT_FOUND));
    }
    let marked = repo::mark_read(&state.db, &caller.id, Some(&notification_id)).await?;
    state.notifications.wake(&caller.id);
    Ok(ok("Notification marked read", MarkedResponse { marked }))
}

#[derive(Serialize, ToSchema)]
pub struct SettingsBody {
    /// For each kind, whether it is e-mailed (the bell shows every kind either way).
    pub email: EmailSettings,
}

#[derive(Deserialize, ToSchema)]
pub struct SettingsRequest {
    /// For each kind, whether it is e-mailed; every kind is named.
    pub email: EmailSettings,
}

/// Which kinds of notification the caller takes by e-mail.
#[utoipa::path(get, path = "/auth/notifications/settings", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, description = "`Settings fetched successfully`", body = SettingsBody)))]
pub async fn settings(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<SettingsBody>> {
    let email = repo::settings(&state.db, &caller.id).await?;
    Ok(ok("Settings fetched successfully", SettingsBody { email }))
}

/// Switch kinds of notification on or off for e-mail; every kind is named.
#[utoipa::path(put, path = "/auth/notifications/settings", tag = "notifications", security(("bearer" = [])),
    request_body = SettingsRequest,
    responses(
        (status = 200, description = "`Settings saved`", body = SettingsBody),
        (status = 400, description = "A kind missing, or not true or false", body = ErrorBody),
    ))]
pub async fn save_settings(
    State(state): State<AppState>,
    caller: AuthUser,
    JsonBody(request): JsonBody<SettingsRequest>,
) -> ApiResult<Reply<SettingsBody>> {
    repo::save_settings(&state.db, &caller.id, &request.email).await?;
    Ok(ok("Settings saved", SettingsBody { email: request.email }))
}

/// What the open page is told: how many notifications are unread, and the newest one's id.
#[derive(Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unread {
    /// Counted up to 100.
    pub unread: i64,
    pub newest: Option<String>,
}

/// The caller's notifications, live, as Server-Sent Events: an `unread` event at once and each time
/// the count or the newest changes (on whichever instance the change was written), a comment line
/// every 15 seconds, and the end after 15 minutes or when the server stops (the page opens another),
/// or at once when its session ends (logout, a password change or reset, a suspension, the
/// account's deletion), whichever instance ended it.
/// Since a browser's EventSource cannot send the bearer header, the page reads the stream with
/// `fetch`.
#[utoipa::path(get, path = "/auth/notifications/stream", tag = "notifications", security(("bearer" = [])),
    responses(
        (status = 200, description = "`text/event-stream` of `unread` events, each with `data` an `Unread`", content_type = "text/event-stream", body = Unread),
        (status = 429, description = "`Too many open notification streams` (8 per person on one instance)", body = ErrorBody),
    ))]
pub async fn stream(
    State(state): State<AppState>,
    caller: AuthUser,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let slot = state.notifications.open(&caller.id).ok_or_else(|| AppError::too_many(TOO_MANY_STREAMS, 5))?;
    let changes = state.notifications.subscribe();
    let ends = tokio::time::Instant::now() + STREAM_LIFETIME;
    let stopping = state.stopping.subscribe();
    let first = true;
    let last: Option<Unread> = None;
    let events = futures_util::stream::unfold(
        (state, caller.id, caller.jti, changes, stopping, slot, first, last),
        move |(state, user_id, session, mut changes, mut stopping, slot, first, last)| async move {
            if !first {
                // Until this person's notifications change, the stream ends, or the server stops.
                loop {
                    tokio::select! {
                        changed = changes.recv() => match changed {
                            Ok(who) if *who == *user_id || &*who == EVERYONE => break,
                            Ok(_) => {}
                            // Missed some: look again.
                            Err(RecvError::Lagged(_)) => break,
                            Err(RecvError::Closed) => return None,
                        },
                        _ = tokio::time::sleep_until(ends) => return None,
                        _ = stopping.wait_for(|stopping| *stopping) => return None,
                    }
                }
                // Whatever ended a session wakes its person: a stream of an ended one ends.
                match crate::accounts::repo::session_user(&state.db, &session, &user_id, now_millis()).await {
                    Ok(Some(_)) => {}
                    Ok(None) => return None,
                    Err(error) => {
                        tracing::warn!(%error, "checking a stream's session failed; ending it");
                        return None;
                    }
                }
            }
            let now = match repo::unread(&state.db, &user_id).await {
                Ok((unread, newest)) => Unread { unread, newest },
                Err(error) => {
                    tracing::warn!(%error, "reading unread notifications for a stream failed; ending it");
                    return None;
                }
            };
            let event = if last.as_ref() == Some(&now) {
                // Nothing new to say (told twice, or another person's wake-up reached everyone).
                Event::default().comment("")
            } else {
                Event::default().event("unread").json_data(&now).unwrap_or_else(|_| Event::default().comment(""))
            };
            Some((Ok(event), (state, user_id, session, changes, stopping, slot, false, Some(now))))
        },
    );
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}
