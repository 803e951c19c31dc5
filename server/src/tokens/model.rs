use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::jobs::model::rfc3339_from_millis;

/// What a token may do. Each call a token may make names the scope it needs in the OpenAPI
/// document; a token acts within its scopes and its owner's rights together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Scope {
    /// Read the jobs one works.
    #[serde(rename = "jobs:read")]
    JobsRead,
    /// Post, edit, close, reopen and delete jobs.
    #[serde(rename = "jobs:write")]
    JobsWrite,
    /// Read applications, their notes, messages and interviews, and search applicants.
    #[serde(rename = "applications:read")]
    ApplicationsRead,
    /// Move applications through the pipeline, rate them, write notes and messages, and propose,
    /// move and cancel interviews.
    #[serde(rename = "applications:write")]
    ApplicationsWrite,
    /// Manage the company's webhook endpoints and read their delivery logs.
    #[serde(rename = "webhooks")]
    Webhooks,
}

impl Scope {
    pub const ALL: [Scope; 5] =
        [Self::JobsRead, Self::JobsWrite, Self::ApplicationsRead, Self::ApplicationsWrite, Self::Webhooks];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::JobsRead => "jobs:read",
            Self::JobsWrite => "jobs:write",
            Self::ApplicationsRead => "applications:read",
            Self::ApplicationsWrite => "applications:write",
            Self::Webhooks => "webhooks",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|scope| scope.as_str() == text)
    }
}

/// The scopes as stored: comma-separated, in `Scope::ALL`'s order, each once.
pub fn stored_scopes(scopes: &[Scope]) -> String {
    Scope::ALL.into_iter().filter(|scope| scopes.contains(scope)).map(Scope::as_str).collect::<Vec<_>>().join(",")
}

/// A new token: its name, its scopes, and how many days it lasts (never ends when left out).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateTokenRequest {
    /// What the token is for, e.g. "Careers page sync" (at most 60 characters, one per name).
    pub name: Option<String>,
    /// At least one of `jobs:read`, `jobs:write`, `applications:read`, `applications:write`,
    /// `webhooks`.
    pub scopes: Option<Vec<String>>,
    /// 1 to 365; the token does not expire when left out or null.
    pub expires_in_days: Option<i64>,
}

/// A token as Settings lists it; its secret is never shown again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiToken {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub scopes: Vec<Scope>,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// When a call last used it (RFC 3339, UTC, to the minute), or null.
    pub last_used_at: Option<String>,
    /// When it stops working (RFC 3339, UTC), or null for never.
    pub expires_at: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct TokenRow {
    pub id: String,
    pub name: String,
    pub scopes: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub expires_at: Option<i64>,
}

impl From<TokenRow> for ApiToken {
    fn from(row: TokenRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            scopes: row.scopes.split(',').filter_map(Scope::parse).collect(),
            created_at: rfc3339_from_millis(row.created_at),
            last_used_at: row.last_used_at.map(rfc3339_from_millis),
            expires_at: row.expires_at.map(rfc3339_from_millis),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_stored_once_each_in_one_order_and_read_back() {
        let stored = stored_scopes(&[Scope::ApplicationsWrite, Scope::JobsRead, Scope::ApplicationsWrite]);
        assert_eq!(stored, "jobs:read,applications:write");
        let parsed: Vec<_> = stored.split(',').filter_map(Scope::parse).collect();
        assert_eq!(parsed, vec![Scope::JobsRead, Scope::ApplicationsWrite]);
        assert_eq!(Scope::parse("admin"), None);
    }
}
