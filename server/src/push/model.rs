use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::jobs::model::rfc3339_from_millis;

/// What a push is about; each device takes the kinds its person chose for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PushKind {
    /// A new message in one of the person's conversations.
    Message,
    /// An interview proposed, booked, moved or cancelled.
    Interview,
    /// To an applicant: their application moved to another stage.
    StageChange,
    /// New jobs match one of the person's saved searches.
    NewJobs,
    /// To a recruiter: someone applied to a job they work.
    NewApplication,
    /// To a member of a hiring team: a teammate named them in a note.
    Mention,
    /// To a recruiter: their job's deadline is less than a day away.
    JobClosing,
}

/// How soon a push service should deliver a push (RFC 8030, section 5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    Low,
    Normal,
    High,
}

impl Urgency {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Normal => "normal",
            Self::High => "high",
        }
    }
}

impl PushKind {
    pub const ALL: [PushKind; 7] = [
        Self::Message,
        Self::Interview,
        Self::StageChange,
        Self::NewJobs,
        Self::NewApplication,
        Self::Mention,
        Self::JobClosing,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Message => "message",
            Self::Interview => "interview",
            Self::StageChange => "stageChange",
            Self::NewJobs => "newJobs",
            Self::NewApplication => "newApplication",
            Self::Mention => "mention",
            Self::JobClosing => "jobClosing",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// The notification's title: what happened, with nothing a lock screen should not show.
    pub fn title(self) -> &'static str {
        match self {
            Self::Message => "New message",
            Self::Interview => "Interview update",
            Self::StageChange => "Application update",
            Self::NewJobs => "New jobs for you",
            Self::NewApplication => "New application",
            Self::Mention => "You were mentioned",
            Self::JobClosing => "A job closes soon",
        }
    }

    /// The notification's line under the title, naming no person, job or words of theirs.
    pub fn body(self) -> &'static str {
        match self {
            Self::Message => "You have a new message about an application.",
            Self::Interview => "An interview was proposed, booked, moved or cancelled.",
            Self::StageChange => "One of your applications moved to another stage.",
            Self::NewJobs => "New jobs match one of your saved searches.",
            Self::NewApplication => "Someone applied to a job you work on.",
            Self::Mention => "A teammate named you in a note.",
            Self::JobClosing => "One of your jobs stops taking applications within a day.",
        }
    }

    /// How long a push service keeps the push for a device that is off: after that it is news no
    /// more.
    pub fn ttl_secs(self) -> i64 {
        const HOUR: i64 = 60 * 60;
        match self {
            Self::Message | Self::NewApplication | Self::Mention => 24 * HOUR,
            Self::Interview => 2 * 24 * HOUR,
            Self::StageChange => 3 * 24 * HOUR,
            Self::NewJobs => 24 * HOUR,
            Self::JobClosing => 12 * HOUR,
        }
    }

    pub fn urgency(self) -> Urgency {
        match self {
            Self::Message | Self::Interview => Urgency::High,
            Self::StageChange | Self::NewApplication | Self::Mention | Self::JobClosing => Urgency::Normal,
            Self::NewJobs => Urgency::Low,
        }
    }
}

/// What the service worker shows: the kind's words, and the path a tap opens.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Payload {
    pub title: String,
    pub body: String,
    /// A path in the web app, from `/`.
    pub url: String,
    /// Pushes with the same tag replace each other on the device.
    pub tag: String,
}

impl Payload {
    pub fn new(kind: PushKind, link: &str) -> Self {
        Self {
            title: kind.title().into(),
            body: kind.body().into(),
            url: link.into(),
            tag: format!("{}:{link}", kind.as_str()),
        }
    }
}

/// A browser's subscription (the Push API's `PushSubscription.toJSON()`), with the device's label
/// and the kinds it takes.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscribeRequest {
    /// The push service's address for this browser.
    pub endpoint: Option<String>,
    pub keys: Option<SubscriptionKeys>,
    /// How the person knows this device, e.g. "Chrome on Android" (at most 60 characters).
    pub label: Option<String>,
    /// The kinds this device takes; all when left out.
    pub kinds: Option<Vec<String>>,
}

#[derive(Deserialize, ToSchema)]
pub struct SubscriptionKeys {
    /// The browser's P-256 public key, uncompressed, base64url.
    pub p256dh: Option<String>,
    /// The browser's 16-byte authentication secret, base64url.
    pub auth: Option<String>,
}

/// A change to a device's label or kinds; what is left out stays.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSubscriptionRequest {
    pub label: Option<String>,
    pub kinds: Option<Vec<String>>,
}

/// A device that takes pushes, as Settings lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevice {
    #[serde(rename = "_id")]
    pub id: String,
    pub label: String,
    /// The push service's address: a browser finds its own device by it.
    pub endpoint: String,
    pub kinds: Vec<PushKind>,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// When a push last reached its push service (RFC 3339, UTC), or null.
    pub last_sent_at: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct DeviceRow {
    pub id: String,
    pub label: String,
    pub endpoint: String,
    pub kinds: String,
    pub created_at: i64,
    pub last_sent_at: Option<i64>,
}

impl From<DeviceRow> for PushDevice {
    fn from(row: DeviceRow) -> Self {
        Self {
            id: row.id,
            label: row.label,
            endpoint: row.endpoint,
            kinds: kinds_of(&row.kinds),
            created_at: rfc3339_from_millis(row.created_at),
            last_sent_at: row.last_sent_at.map(rfc3339_from_millis),
        }
    }
}

/// The kinds stored as `message,interview`, in their own order.
pub fn kinds_of(stored: &str) -> Vec<PushKind> {
    let named: Vec<&str> = stored.split(',').collect();
    PushKind::ALL.into_iter().filter(|kind| named.contains(&kind.as_str())).collect()
}

/// The kinds as stored.
pub fn stored_kinds(kinds: &[PushKind]) -> String {
    PushKind::ALL.into_iter().filter(|kind| kinds.contains(kind)).map(PushKind::as_str).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_stored_as_a_comma_list_in_their_own_order_and_read_back() {
        let kinds = [PushKind::NewJobs, PushKind::Message];
        assert_eq!(stored_kinds(&kinds), "message,newJobs");
        assert_eq!(kinds_of("message,newJobs"), [PushKind::Message, PushKind::NewJobs]);
        assert_eq!(kinds_of(""), []);
        assert_eq!(kinds_of("message,unknown"), [PushKind::Message]);
    }

    #[test]
    fn a_payload_carries_the_kinds_words_and_the_link_and_no_one_elses() {
        let payload = Payload::new(PushKind::Message, "/dashboard/messages?application=a1");
        assert_eq!(
            serde_json::to_value(&payload).unwrap(),
            serde_json::json!({
                "title": "New message",
                "body": "You have a new message about an application.",
                "url": "/dashboard/messages?application=a1",
                "tag": "message:/dashboard/messages?application=a1",
            })
        );
    }
}
