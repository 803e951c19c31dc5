use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::AuthUser;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::http::outbound;
use crate::state::AppState;

use super::model::{PushDevice, PushKind, SubscribeRequest, UpdateSubscriptionRequest, stored_kinds};
use super::repo;

pub const DEVICE_NOT_FOUND: &str = "Device not found";
pub const ENDPOINT_REQUIRED: &str = "Endpoint is required";
pub const ENDPOINT_INVALID: &str = "Endpoint must be a push service's https:// address";
pub const KEYS_INVALID: &str = "Keys must be the browser's p256dh and auth keys";
pub const LABEL_TOO_LONG: &str = "Device label must be at most 60 characters";
pub const KINDS_INVALID: &str =
    "Notification kinds must be among message, interview, stageChange, newJobs, newApplication, mention and jobClosing";
pub const TOO_MANY_DEVICES: &str = "Notifications can be on for at most 20 devices: turn one off first";

/// The label of a device the browser gave none for.
pub const DEFAULT_LABEL: &str = "This device";
const MAX_LABEL: usize = 60;
/// Push services' addresses are a few hundred characters at most.
const MAX_ENDPOINT: usize = 1024;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicKeyResponse {
    /// The server's VAPID public key, uncompressed P-256 in base64url: the browser's
    /// `applicationServerKey`.
    pub public_key: String,
}

/// The key a browser subscribes to this server's pushes with.
#[utoipa::path(get, path = "/push/key", tag = "push",
    responses((status = 200, description = "`Push key fetched successfully`", body = PublicKeyResponse)))]
pub async fn public_key(State(state): State<AppState>) -> Reply<PublicKeyResponse> {
    ok("Push key fetched successfully", PublicKeyResponse { public_key: state.vapid.public_key().to_string() })
}

#[derive(Serialize, ToSchema)]
pub struct DevicesResponse {
    /// The caller's devices that take pushes, newest first.
    pub devices: Vec<PushDevice>,
}

#[derive(Serialize, ToSchema)]
pub struct DeviceResponse {
    pub device: PushDevice,
}

/// The caller's devices that take pushes.
#[utoipa::path(get, path = "/auth/push/devices", tag = "push", security(("bearer" = [])),
    responses((status = 200, description = "`Devices fetched successfully`", body = DevicesResponse)))]
pub async fn devices(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<DevicesResponse>> {
    let devices = repo::devices(&state.db, &caller.id).await?.into_iter().map(PushDevice::from).collect();
    Ok(ok("Devices fetched successfully", DevicesResponse { devices }))
}

/// Turn notifications on for this browser: its push subscription, a label and the kinds it takes.
/// The same endpoint again updates that device (and moves it to the caller, the browser being
/// theirs now). Logging out of this login removes it.
#[utoipa::path(post, path = "/auth/push/devices", tag = "push", security(("bearer" = [])),
    request_body = SubscribeRequest,
    responses(
        (status = 201, description = "`Notifications turned on for this device` (a device already on is updated to what was sent)", body = DeviceResponse),
        (status = 400, description = "`Endpoint is required`, `Endpoint must be a push service's https:// address`, \
            `Keys must be the browser's p256dh and auth keys`, `Device label must be at most 60 characters`, \
            `Notification kinds must be among …`, or twenty devices already", body = ErrorBody),
    ))]
pub async fn subscribe(
    State(state): State<AppState>,
    caller: AuthUser,
    JsonBody(request): JsonBody<SubscribeRequest>,
) -> ApiResult<(StatusCode, Reply<DeviceResponse>)> {
    let endpoint = request.endpoint.as_deref().map(str::trim).filter(|endpoint| !endpoint.is_empty());
    let endpoint = endpoint.ok_or_else(|| AppError::bad_request(ENDPOINT_REQUIRED))?;
    check_endpoint(endpoint, state.config.outbound_private)?;
    let keys = request.keys.as_ref();
    let p256dh = keys.and_then(|keys| keys.p256dh.as_deref()).map(str::trim).unwrap_or_default();
    let auth = keys.and_then(|keys| keys.auth.as_deref()).map(str::trim).unwrap_or_default();
    check_keys(p256dh, auth)?;
    let label = label(request.label.as_deref())?.unwrap_or(DEFAULT_LABEL);
    let kinds = match &request.kinds {
        Some(kinds) => kinds_from(kinds)?,
        None => PushKind::ALL.to_vec(),
    };
    let subscribed =
        repo::subscribe(&state.db, &caller.id, &caller.jti, endpoint, p256dh, auth, label, &stored_kinds(&kinds))
            .await?;
    let row = subscribed.ok_or_else(|| AppError::bad_request(TOO_MANY_DEVICES))?;
    Ok((StatusCode::CREATED, ok("Notifications turned on for this device", DeviceResponse { device: row.into() })))
}

/// Change a device's label or the kinds it takes.
#[utoipa::path(put, path = "/auth/push/devices/{deviceId}", tag = "push", security(("bearer" = [])),
    params(("deviceId" = String, Path, description = "The device's `_id`")),
    request_body = UpdateSubscriptionRequest,
    responses(
        (status = 200, description = "`Notification settings saved`", body = DeviceResponse),
        (status = 400, description = "`Device label must be at most 60 characters` or `Notification kinds must be among …`", body = ErrorBody),
        (status = 404, description = "`Device not found` among the caller's", body = ErrorBody),
    ))]
pub async fn update_device(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(device_id): PathParam<String>,
    JsonBody(request): JsonBody<UpdateSubscriptionRequest>,
) -> ApiResult<Reply<DeviceResponse>> {
    let label = label(request.label.as_deref())?;
    let kinds = request.kinds.as_deref().map(kinds_from).transpose()?.map(|kinds| stored_kinds(&kinds));
    let row = repo::update(&state.db, &caller.id, &device_id, label, kinds.as_deref()).await?;
    let row = row.ok_or_else(|| AppError::not_found(DEVICE_NOT_FOUND))?;
    Ok(ok("Notification settings saved", DeviceResponse { device: row.into() }))
}

/// Turn notifications off for a device: it is forgotten, with what waited for it.
#[utoipa::path(delete, path = "/auth/push/devices/{deviceId}", tag = "push", security(("bearer" = [])),
    params(("deviceId" = String, Path, description = "The device's `_id`")),
    responses(
        (status = 200, description = "`Notifications turned off for this device`", body = Ack),
        (status = 404, description = "`Device not found` among the caller's", body = ErrorBody),
    ))]
pub async fn remove_device(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(device_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    if !repo::remove(&state.db, &caller.id, &device_id).await? {
        return Err(AppError::not_found(DEVICE_NOT_FOUND));
    }
    Ok(ack("Notifications turned off for this device"))
}

fn check_endpoint(endpoint: &str, allow_private: bool) -> Result<(), AppError> {
    let url = reqwest::Url::parse(endpoint).map_err(|_| AppError::bad_request(ENDPOINT_INVALID))?;
    if endpoint.len() > MAX_ENDPOINT || outbound::check(&url, allow_private).is_err() {
        return Err(AppError::bad_request(ENDPOINT_INVALID));
    }
    Ok(())
}

/// The browser's keys: a P-256 public key and a 16-byte secret, each in base64url.
fn check_keys(p256dh: &str, auth: &str) -> Result<(), AppError> {
    let decode = |text: &str| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok();
    let key_fits = decode(p256dh).is_some_and(|bytes| p256::PublicKey::from_sec1_bytes(&bytes).is_ok());
    let auth_fits = decode(auth).is_some_and(|bytes| bytes.len() == 16);
    if key_fits && auth_fits { Ok(()) } else { Err(AppError::bad_request(KEYS_INVALID)) }
}

/// A label as given, trimmed; `None` when none was given or it is blank.
fn label(given: Option<&str>) -> Result<Option<&str>, AppError> {
    let Some(label) = given.map(str::trim).filter(|label| !label.is_empty()) else { return Ok(None) };
    if label.chars().count() > MAX_LABEL {
        return Err(AppError::bad_request(LABEL_TOO_LONG));
    }
    Ok(Some(label))
}

fn kinds_from(given: &[String]) -> Result<Vec<PushKind>, AppError> {
    given.iter().map(|kind| PushKind::parse(kind).ok_or_else(|| AppError::bad_request(KINDS_INVALID))).collect()
}
