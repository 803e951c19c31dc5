use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::rfc3339_from_millis;

/// What happened: the events an endpoint may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum EventType {
    /// Someone applied to one of the company's jobs.
    #[serde(rename = "application.created")]
    ApplicationCreated,
    /// An applicant withdrew their application.
    #[serde(rename = "application.withdrawn")]
    ApplicationWithdrawn,
    /// An application moved to another stage (shortlisting and rejecting included).
    #[serde(rename = "application.stage_changed")]
    ApplicationStageChanged,
    /// An applicant booked one of the times proposed for an interview.
    #[serde(rename = "interview.booked")]
    InterviewBooked,
    /// An interview was cancelled, by either side.
    #[serde(rename = "interview.cancelled")]
    InterviewCancelled,
    /// An applicant wrote in their application's conversation.
    #[serde(rename = "message.received")]
    MessageReceived,
    /// A job was posted.
    #[serde(rename = "job.published")]
    JobPublished,
    /// A job stopped taking applications: closed by hand or filled by a hire.
    #[serde(rename = "job.closed")]
    JobClosed,
    /// A job was deleted.
    #[serde(rename = "job.deleted")]
    JobDeleted,
}

impl EventType {
    pub const ALL: [EventType; 9] = [
        Self::ApplicationCreated,
        Self::ApplicationWithdrawn,
        Self::ApplicationStageChanged,
        Self::InterviewBooked,
        Self::InterviewCancelled,
        Self::MessageReceived,
        Self::JobPublished,
        Self::JobClosed,
        Self::JobDeleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::ApplicationCreated => "application.created",
            Self::ApplicationWithdrawn => "application.withdrawn",
            Self::ApplicationStageChanged => "application.stage_changed",
            Self::InterviewBooked => "interview.booked",
            Self::InterviewCancelled => "interview.cancelled",
            Self::MessageReceived => "message.received",
            Self::JobPublished => "job.published",
            Self::JobClosed => "job.closed",
            Self::JobDeleted => "job.deleted",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|event| event.as_str() == text)
    }
}

/// The event types as stored: comma-separated, in `EventType::ALL`'s order, each once.
pub fn stored_events(events: &[EventType]) -> String {
    EventType::ALL
        .into_iter()
        .filter(|event| events.contains(event))
        .map(EventType::as_str)
        .collect::<Vec<_>>()
        .join(",")
}

/// A new endpoint.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateEndpointRequest {
    /// Where deliveries are posted: an `https://` address on the public internet.
    pub url: Option<String>,
    /// What it is, e.g. "HR system" (at most 200 characters).
    pub description: Option<String>,
    /// The events it takes, at least one.
    pub events: Option<Vec<String>>,
}

/// A change to an endpoint; what is left out stays. `enabled: true` turns a disabled endpoint on
/// again, `false` off.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEndpointRequest {
    pub url: Option<String>,
    pub description: Option<String>,
    pub events: Option<Vec<String>>,
    pub enabled: Option<bool>,
}

/// An endpoint as the company's settings list it; its secret is shown only when made or rotated.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEndpoint {
    #[serde(rename = "_id")]
    pub id: String,
    pub url: String,
    pub description: String,
    pub events: Vec<EventType>,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// When it was turned off (RFC 3339, UTC), or null while it is on.
    pub disabled_at: Option<String>,
    /// Why it was turned off: by a person, or after failing for a day.
    pub disabled_reason: Option<String>,
    /// The first failed attempt since its last success (RFC 3339, UTC), or null.
    pub failing_since: Option<String>,
    /// Until when the secret before the last rotation also signs (RFC 3339, UTC), or null.
    pub previous_secret_until: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct EndpointRow {
    pub id: String,
    pub url: String,
    pub description: String,
    pub events: String,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
    pub disabled_reason: Option<String>,
    pub failing_since: Option<i64>,
    pub previous_until: Option<i64>,
}

impl From<EndpointRow> for WebhookEndpoint {
    fn from(row: EndpointRow) -> Self {
        Self {
            id: row.id,
            url: row.url,
            description: row.description,
            events: row.events.split(',').filter_map(EventType::parse).collect(),
            created_at: rfc3339_from_millis(row.created_at),
            disabled_at: row.disabled_at.map(rfc3339_from_millis),
            disabled_reason: row.disabled_reason,
            failing_since: row.failing_since.map(rfc3339_from_millis),
            previous_secret_until: row.previous_until.map(rfc3339_from_millis),
        }
    }
}

/// Where a delivery stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeliveryState {
    /// Not delivered yet: waiting for its next attempt (or for an earlier event of its subject).
    Pending,
    /// The endpoint answered 2xx.
    Delivered,
    /// Given up: a day of failures, or its endpoint was turned off.
    Failed,
}

impl DeliveryState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Delivered => "delivered",
            Self::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "delivered" => Self::Delivered,
            "failed" => Self::Failed,
            _ => Self::Pending,
        }
    }
}

/// One event's delivery to one endpoint, as the delivery log shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDelivery {
    /// The `webhook-id` every attempt carried: a receiver that saw it already has this event.
    #[serde(rename = "_id")]
    pub id: String,
    pub event_type: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub state: DeliveryState,
    pub attempts: i64,
    pub last_attempt_at: Option<String>,
    /// The HTTP status of the last attempt, or null when it got none (a timeout, a refused
    /// connection).
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<String>,
    /// The body that was sent.
    #[schema(value_type = Object)]
    pub payload: serde_json::Value,
}

#[derive(Debug, sqlx::FromRow)]
pub struct DeliveryRow {
    pub id: String,
    pub event_type: String,
    pub payload: String,
    pub created_at: i64,
    pub state: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_attempt_at: Option<i64>,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
}

impl From<DeliveryRow> for WebhookDelivery {
    fn from(row: DeliveryRow) -> Self {
        let state = DeliveryState::parse(&row.state);
        Self {
            id: row.id,
            event_type: row.event_type,
            created_at: rfc3339_from_millis(row.created_at),
            state,
            attempts: row.attempts,
            last_attempt_at: row.last_attempt_at.map(rfc3339_from_millis),
            last_status: row.last_status,
            last_error: row.last_error,
            next_attempt_at: (state == DeliveryState::Pending).then(|| rfc3339_from_millis(row.next_attempt_at)),
            payload: serde_json::from_str(&row.payload).unwrap_or(serde_json::Value::Null),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_types_are_stored_once_each_in_one_order_and_read_back() {
        let stored = stored_events(&[EventType::JobDeleted, EventType::ApplicationCreated, EventType::JobDeleted]);
        assert_eq!(stored, "application.created,job.deleted");
        let parsed: Vec<_> = stored.split(',').filter_map(EventType::parse).collect();
        assert_eq!(parsed, vec![EventType::ApplicationCreated, EventType::JobDeleted]);
        for event in EventType::ALL {
            assert_eq!(serde_json::to_value(event).unwrap(), event.as_str(), "the wire name is the stored name");
        }
    }
}
