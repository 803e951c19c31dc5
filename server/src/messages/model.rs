use serde::Serialize;
use utoipa::ToSchema;

use crate::applications::model::Actor;
use crate::http::error::AppError;
use crate::jobs::model::rfc3339_from_millis;

/// One message of a conversation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    #[serde(rename = "_id")]
    pub id: String,
    /// Plain text, as written: show it as text, never as markup.
    pub body: String,
    /// Who wrote it.
    pub from: Actor,
    /// Their name as the conversation shows it: the applicant's full name, or a hiring team
    /// member's first name and the company ("Priya, Acme"); "Former member, Acme" once that
    /// member's account is deleted.
    pub sender: String,
    /// True when the caller wrote it.
    pub mine: bool,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// When its recipient read it (RFC 3339, UTC), or null.
    pub read_at: Option<String>,
}

/// A message as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct MessageRow {
    pub id: String,
    pub sender_id: String,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
    pub sender_first_name: String,
    pub sender_last_name: String,
    pub sender_erased: bool,
}

/// How a hiring team member signs to an applicant: their first name, for the company.
pub fn team_sender(first_name: &str, company: &str) -> String {
    format!("{first_name}, {company}")
}

impl MessageRow {
    /// The message as `viewer_id` sees it, in a conversation whose applicant is `applicant_id`
    /// about a job of `company`.
    pub fn into_message(self, viewer_id: &str, applicant_id: &str, company: &str) -> Message {
        let from = if self.sender_id == applicant_id { Actor::Applicant } else { Actor::Recruiter };
        let sender = match from {
            Actor::Applicant => format!("{} {}", self.sender_first_name, self.sender_last_name),
            Actor::Recruiter if self.sender_erased => {
                team_sender(&format!("{} {}", self.sender_first_name, self.sender_last_name), company)
            }
            Actor::Recruiter => team_sender(&self.sender_first_name, company),
        };
        Message {
            from,
            sender,
            mine: self.sender_id == viewer_id,
            id: self.id,
            body: self.body,
            created_at: rfc3339_from_millis(self.created_at),
            read_at: self.read_at.map(rfc3339_from_millis),
        }
    }
}

pub const MAX_MESSAGE_CHARS: usize = 5000;

/// A message's text: present and at most 5000 characters (kept as written, but for the blank
/// lines around it).
pub fn parse_body(body: Option<&str>) -> Result<String, AppError> {
    let body = body.map(str::trim);
    let body = body.filter(|body| !body.is_empty()).ok_or_else(|| AppError::bad_request("Message is required"))?;
    if body.chars().count() > MAX_MESSAGE_CHARS {
        return Err(AppError::bad_request("Message must be at most 5000 characters"));
    }
    Ok(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_present_and_at_most_5000_characters() {
        assert_eq!(parse_body(Some("\n  Hello,\n\n  see you at 10.  \n")).unwrap(), "Hello,\n\n  see you at 10.");
        assert!(parse_body(Some(&"é".repeat(5000))).is_ok());
        assert_eq!(
            parse_body(Some(&"x".repeat(100_000))).unwrap_err().to_string(),
            "Message must be at most 5000 characters"
        );
        assert_eq!(parse_body(Some(" \n ")).unwrap_err().to_string(), "Message is required");
        assert_eq!(parse_body(None).unwrap_err().to_string(), "Message is required");
    }
}
