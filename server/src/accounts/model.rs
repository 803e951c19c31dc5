use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::error::AppError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum AccountType {
    Applicant,
    Recruiter,
    Admin,
}

impl AccountType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Applicant => "Applicant",
            Self::Recruiter => "Recruiter",
            Self::Admin => "Admin",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "Applicant" => Some(Self::Applicant),
            "Recruiter" => Some(Self::Recruiter),
            "Admin" => Some(Self::Admin),
            _ => None,
        }
    }
}

crate::text_column!(AccountType);

/// An e-mail address: trimmed, lower-cased (addresses are unique ignoring case), plausibly shaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

pub const INVALID_EMAIL: &str = "Please enter a valid email address";

impl Email {
    pub fn parse(text: &str) -> Result<Self, AppError> {
        let address = text.trim().to_lowercase();
        let valid = address.len() <= 254
            && !address.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';'))
            && match address.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                }
                None => false,
            };
        if valid { Ok(Self(address)) } else { Err(AppError::bad_request(INVALID_EMAIL)) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as chosen at signup or on a change: 8 to 128 characters.
pub struct NewPassword(String);

pub const PASSWORD_LENGTH: &str = "Password must be 8 to 128 characters long";

impl NewPassword {
    pub fn parse(text: &str) -> Result<Self, AppError> {
        let length = text.chars().count();
        if (8..=128).contains(&length) {
            Ok(Self(text.to_string()))
        } else {
            Err(AppError::bad_request(PASSWORD_LENGTH))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A user as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password_hash: String,
    pub account_type: AccountType,
}

/// A user as the API shows it to its owner.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub account_type: AccountType,
    /// The initials avatar this server renders: an absolute URL.
    pub image: String,
    /// The caller's current JWT (`null` where the answer holds none, as after signup).
    #[schema(required)]
    pub token: Option<String>,
}

impl User {
    /// `public_url` makes `image` an absolute link, so a client on another origin can load it.
    pub fn from_row(row: UserRow, token: Option<String>, public_url: &str) -> Self {
        Self {
            image: avatar_url(public_url, &row.id),
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            account_type: row.account_type,
            token,
        }
    }
}

pub fn avatar_url(public_url: &str, user_id: &str) -> String {
    format!("{public_url}/api/v1/avatars/{user_id}.svg")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        assert_eq!(Email::parse("  Ada@Example.COM ").unwrap().as_str(), "ada@example.com");
    }

    #[test]
    fn malformed_addresses_are_refused() {
        for text in [
            "",
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "ada@@example.com",
            "a da@example.com",
            "ada@example.com.",
            "<a@b.c>",
        ] {
            assert!(Email::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn passwords_are_eight_to_128_characters() {
        assert!(NewPassword::parse("1234567").is_err());
        assert!(NewPassword::parse("12345678").is_ok());
        assert!(NewPassword::parse(&"x".repeat(128)).is_ok());
        assert!(NewPassword::parse(&"x".repeat(129)).is_err());
    }
}
