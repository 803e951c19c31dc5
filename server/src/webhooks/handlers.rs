use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::session::Recruiter;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::http::outbound;
use crate::membership;
use crate::membership::model::Role;
use crate::state::AppState;

use super::model::{
    CreateEndpointRequest, EventType, UpdateEndpointRequest, WebhookDelivery, WebhookEndpoint, stored_events,
};
use super::repo::{self, EndpointChange, NewEndpoint};
use super::sender::{DAY_MILLIS, new_secret};

pub const FOR_OWNERS_AND_RECRUITERS: &str = "Webhooks are managed by a company's owners and recruiters";
pub const URL_REQUIRED: &str = "Endpoint URL is required";
pub const URL_INVALID: &str = "Endpoint URL must be a public https:// address";
pub const URL_TOO_LONG: &str = "Endpoint URL must be at most 2000 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 200 characters";
pub const EVENTS_REQUIRED: &str = "Choose at least one event";
pub const EVENTS_INVALID: &str = "Events must be among application.created, application.withdrawn, \
     application.stage_changed, interview.booked, interview.cancelled, message.received, job.published, job.closed \
     and job.deleted";
pub const TOO_MANY_ENDPOINTS: &str = "A company can have at most 10 webhook endpoints: delete one first";
pub const ENDPOINT_NOT_FOUND: &str = "Webhook endpoint not found";
pub const DELIVERY_NOT_FOUND: &str = "Delivery not found";
pub const ENDPOINT_IS_OFF: &str = "This endpoint is off: turn it on first";
pub const LIMIT_INVALID: &str = "limit must be a whole number from 1 to 100";

const MAX_URL: usize = 2000;
const MAX_DESCRIPTION: usize = 200;
/// Deliveries a page of the log shows, at most.
const MAX_PAGE: i64 = 100;

/// The company the caller may manage webhooks of: theirs, as its owner or a recruiter.
async fn managed_company(state: &AppState, user_id: &str) -> Result<String, AppError> {
    match membership::repo::of_or_found(&state.db, user_id).await? {
        Some(member) if matches!(member.role, Role::Owner | Role::Recruiter) => Ok(member.company_id),
        _ => Err(AppError::forbidden(FOR_OWNERS_AND_RECRUITERS)),
    }
}

fn url(given: Option<&str>, allow_private: bool) -> Result<Option<String>, AppError> {
    let Some(given) = given.map(str::trim) else { return Ok(None) };
    if given.is_empty() {
        return Err(AppError::bad_request(URL_REQUIRED));
    }
    if given.chars().count() > MAX_URL {
        return Err(AppError::bad_request(URL_TOO_LONG));
    }
    let parsed = reqwest::Url::parse(given).map_err(|_| AppError::bad_request(URL_INVALID))?;
    outbound::check(&parsed, allow_private).map_err(|_| AppError::bad_request(URL_INVALID))?;
    Ok(Some(parsed.to_string()))
}

fn description(given: Option<&str>) -> Result<Option<&str>, AppError> {
    let Some(given) = given.map(str::trim) else { return Ok(None) };
    if given.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::bad_request(DESCRIPTION_TOO_LONG));
    }
    Ok(Some(given))
}

fn events(given: Option<&[String]>) -> Result<Option<String>, AppError> {
    let Some(given) = given else { return Ok(None) };
    if given.is_empty() {
        return Err(AppError::bad_request(EVENTS_REQUIRED));
    }
    let events = given
        .iter()
        .map(|event| EventType::parse(event.trim()).ok_or_else(|| AppError::bad_request(EVENTS_INVALID)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(stored_events(&events)))
}

#[derive(Serialize, ToSchema)]
pub struct EndpointsResponse {
    /// The company's endpoints, the first made first.
    pub endpoints: Vec<WebhookEndpoint>,
}

#[derive(Serialize, ToSchema)]
pub struct EndpointResponse {
    pub endpoint: WebhookEndpoint,
}

#[derive(Serialize, ToSchema)]
pub struct EndpointWithSecretResponse {
    pub endpoint: WebhookEndpoint,
    /// The signing secret (`whsec_…`), shown only in this answer: verify each delivery's
    /// `webhook-signature` with it.
    pub secret: String,
}

/// The company's webhook endpoints.
#[utoipa::path(get, path = "/company/webhooks", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    responses(
        (status = 200, description = "`Webhook endpoints fetched successfully`", body = EndpointsResponse),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
    ))]
pub async fn webhook_endpoints(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<EndpointsResponse>> {
    let company = managed_company(&state, &caller.id).await?;
    let endpoints = repo::endpoints(&state.db, &company).await?.into_iter().map(WebhookEndpoint::from).collect();
    Ok(ok("Webhook endpoints fetched successfully", EndpointsResponse { endpoints }))
}

/// Register an endpoint for the company's events. The answer carries its signing secret, shown
/// this once.
#[utoipa::path(post, path = "/company/webhooks", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    request_body = CreateEndpointRequest,
    responses(
        (status = 201, description = "`Webhook endpoint added: copy its signing secret now, it will not be shown again`", body = EndpointWithSecretResponse),
        (status = 400, description = "`Endpoint URL is required`, `Endpoint URL must be a public https:// address`, \
            `Endpoint URL must be at most 2000 characters`, `Description must be at most 200 characters`, \
            `Choose at least one event` or `Events must be among …`", body = ErrorBody),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 409, description = "Ten endpoints already", body = ErrorBody),
    ))]
pub async fn create_webhook_endpoint(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    JsonBody(request): JsonBody<CreateEndpointRequest>,
) -> ApiResult<(StatusCode, Reply<EndpointWithSecretResponse>)> {
    let url = url(Some(request.url.as_deref().unwrap_or_default()), state.config.outbound_private)?
        .ok_or_else(|| AppError::bad_request(URL_REQUIRED))?;
    let description = description(request.description.as_deref())?.unwrap_or_default();
    let events = events(Some(request.events.as_deref().unwrap_or_default()))?.unwrap_or_default();
    let company = managed_company(&state, &caller.id).await?;
    let secret = new_secret();
    let endpoint = NewEndpoint { company_id: &company, url: &url, description, events: &events, secret: &secret };
    let row = repo::create(&state.db, &endpoint).await?.ok_or_else(|| AppError::Conflict(TOO_MANY_ENDPOINTS.into()))?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Webhook endpoint added: copy its signing secret now, it will not be shown again",
            EndpointWithSecretResponse { endpoint: row.into(), secret },
        ),
    ))
}

/// Change an endpoint's address, description or events, or turn it off or on again (`enabled`);
/// turning it off gives up its waiting deliveries.
#[utoipa::path(put, path = "/company/webhooks/{endpointId}", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    params(("endpointId" = String, Path, description = "The endpoint's `_id`")),
    request_body = UpdateEndpointRequest,
    responses(
        (status = 200, description = "`Webhook endpoint saved`", body = EndpointResponse),
        (status = 400, description = "As when adding one", body = ErrorBody),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 404, description = "`Webhook endpoint not found` among the company's", body = ErrorBody),
    ))]
pub async fn update_webhook_endpoint(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(endpoint_id): PathParam<String>,
    JsonBody(request): JsonBody<UpdateEndpointRequest>,
) -> ApiResult<Reply<EndpointResponse>> {
    let url = url(request.url.as_deref(), state.config.outbound_private)?;
    let description = description(request.description.as_deref())?;
    let events = events(request.events.as_deref())?;
    let company = managed_company(&state, &caller.id).await?;
    let change =
        EndpointChange { url: url.as_deref(), description, events: events.as_deref(), enabled: request.enabled };
    let row = repo::update(&state.db, &company, &endpoint_id, &change).await?;
    let row = row.ok_or_else(|| AppError::not_found(ENDPOINT_NOT_FOUND))?;
    Ok(ok("Webhook endpoint saved", EndpointResponse { endpoint: row.into() }))
}

/// Delete an endpoint, with its delivery log.
#[utoipa::path(delete, path = "/company/webhooks/{endpointId}", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    params(("endpointId" = String, Path, description = "The endpoint's `_id`")),
    responses(
        (status = 200, description = "`Webhook endpoint deleted`", body = Ack),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 404, description = "`Webhook endpoint not found` among the company's", body = ErrorBody),
    ))]
pub async fn delete_webhook_endpoint(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(endpoint_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    let company = managed_company(&state, &caller.id).await?;
    if !repo::delete(&state.db, &company, &endpoint_id).await? {
        return Err(AppError::not_found(ENDPOINT_NOT_FOUND));
    }
    Ok(ack("Webhook endpoint deleted"))
}

/// Give an endpoint a new signing secret. Deliveries carry a signature under the old one too for
/// 24 hours, so a receiver can move to the new one without losing any.
#[utoipa::path(post, path = "/company/webhooks/{endpointId}/rotate", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    params(("endpointId" = String, Path, description = "The endpoint's `_id`")),
    responses(
        (status = 200, description = "`Signing secret rotated: the old one stays valid for 24 hours`", body = EndpointWithSecretResponse),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 404, description = "`Webhook endpoint not found` among the company's", body = ErrorBody),
    ))]
pub async fn rotate_webhook_secret(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(endpoint_id): PathParam<String>,
) -> ApiResult<Reply<EndpointWithSecretResponse>> {
    let company = managed_company(&state, &caller.id).await?;
    let secret = new_secret();
    let until = crate::db::now_millis() + DAY_MILLIS;
    let row = repo::rotate(&state.db, &company, &endpoint_id, &secret, until).await?;
    let row = row.ok_or_else(|| AppError::not_found(ENDPOINT_NOT_FOUND))?;
    Ok(ok(
        "Signing secret rotated: the old one stays valid for 24 hours",
        EndpointWithSecretResponse { endpoint: row.into(), secret },
    ))
}

/// The log's query, read from the raw query string (documented here).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct DeliveriesQuery {
    /// The `_id` of the last delivery of the page before: the next older ones.
    pub before: Option<String>,
    /// 1 to 100, default 50.
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveriesResponse {
    /// Newest first.
    pub deliveries: Vec<WebhookDelivery>,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryResponse {
    pub delivery: WebhookDelivery,
}

/// An endpoint's delivery log: each event sent to it, with its state, attempts, and the last
/// attempt's time, status and error. Kept for 30 days.
#[utoipa::path(get, path = "/company/webhooks/{endpointId}/deliveries", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    params(("endpointId" = String, Path, description = "The endpoint's `_id`"), DeliveriesQuery),
    responses(
        (status = 200, description = "`Deliveries fetched successfully`", body = DeliveriesResponse),
        (status = 400, description = "`limit must be a whole number from 1 to 100`", body = ErrorBody),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 404, description = "`Webhook endpoint not found` among the company's", body = ErrorBody),
    ))]
pub async fn webhook_deliveries(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(endpoint_id): PathParam<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<DeliveriesResponse>> {
    let (mut before, mut limit) = (None, 50);
    for (name, value) in url::form_urlencoded::parse(query.as_deref().unwrap_or_default().as_bytes()) {
        match &*name {
            "before" if !value.is_empty() => before = Some(value.into_owned()),
            "limit" => {
                limit = value
                    .parse()
                    .ok()
                    .filter(|limit| (1..=MAX_PAGE).contains(limit))
                    .ok_or_else(|| AppError::bad_request(LIMIT_INVALID))?;
            }
            _ => {}
        }
    }
    let company = managed_company(&state, &caller.id).await?;
    if repo::endpoint(&state.db, &company, &endpoint_id).await?.is_none() {
        return Err(AppError::not_found(ENDPOINT_NOT_FOUND));
    }
    let rows = repo::deliveries(&state.db, &endpoint_id, before.as_deref(), limit).await?;
    Ok(ok(
        "Deliveries fetched successfully",
        DeliveriesResponse { deliveries: rows.into_iter().map(WebhookDelivery::from).collect() },
    ))
}

/// Send a delivery again, now: the same `webhook-id` and body, its attempts counted anew.
#[utoipa::path(post, path = "/company/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver", tag = "webhooks",
    security(("bearer" = ["Recruiter"]), ("apiToken" = ["webhooks"])),
    params(
        ("endpointId" = String, Path, description = "The endpoint's `_id`"),
        ("deliveryId" = String, Path, description = "The delivery's `_id`"),
    ),
    responses(
        (status = 200, description = "`Delivery queued again`", body = DeliveryResponse),
        (status = 403, description = "`Webhooks are managed by a company's owners and recruiters`", body = ErrorBody),
        (status = 404, description = "`Webhook endpoint not found` or `Delivery not found`", body = ErrorBody),
        (status = 409, description = "`This endpoint is off: turn it on first`", body = ErrorBody),
    ))]
pub async fn redeliver_webhook(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam((endpoint_id, delivery_id)): PathParam<(String, String)>,
) -> ApiResult<Reply<DeliveryResponse>> {
    let company = managed_company(&state, &caller.id).await?;
    let endpoint = repo::endpoint(&state.db, &company, &endpoint_id).await?;
    let endpoint = endpoint.ok_or_else(|| AppError::not_found(ENDPOINT_NOT_FOUND))?;
    if endpoint.disabled_at.is_some() {
        return Err(AppError::Conflict(ENDPOINT_IS_OFF.into()));
    }
    let row = repo::redeliver(&state.db, &endpoint_id, &delivery_id).await?;
    let row = row.ok_or_else(|| AppError::not_found(DELIVERY_NOT_FOUND))?;
    Ok(ok("Delivery queued again", DeliveryResponse { delivery: row.into() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_events_named_in_the_message_are_every_event() {
        let named: Vec<&str> = EVENTS_INVALID
            .trim_start_matches("Events must be among ")
            .split([',', ' '])
            .filter(|word| word.contains('.'))
            .collect();
        assert_eq!(named, EventType::ALL.map(EventType::as_str));
    }
}
