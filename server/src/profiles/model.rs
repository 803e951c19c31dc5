use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::db::new_id;
use crate::http::error::AppError;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Education {
    #[serde(rename = "_id")]
    pub id: String,
    pub institution_name: String,
    pub start_year: i32,
    /// `null` for "until now".
    #[schema(required)]
    pub end_year: Option<i32>,
}

/// An applicant's profile as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ApplicantProfile {
    /// The applicant's user `_id`.
    #[serde(rename = "_id")]
    pub id: String,
    /// The about text; `null` until the applicant writes one.
    #[schema(required)]
    pub profile: Option<String>,
    pub education: Vec<Education>,
    pub skills: Vec<String>,
    /// An absolute, signed download link made for the caller that works for ten minutes (fetch
    /// the profile again for a fresh one), or `""` when there is no resume.
    pub resume: String,
    /// The name of the uploaded file (as the applicant's device called it), or `""` when there is
    /// no resume.
    #[serde(rename = "resumeName")]
    pub resume_name: String,
    /// What reading the resume's words found: `pending` (not read yet), `found`, `none` (no text
    /// in it, as in a scanned page: nothing to search, not an error) or `unreadable`; `""` when
    /// there is no resume.
    #[serde(rename = "resumeText")]
    pub resume_text: String,
    /// Skills the resume names that the profile does not list yet, to offer ("Add to my skills?").
    #[serde(rename = "suggestedSkills")]
    pub suggested_skills: Vec<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecruiterProfile {
    /// The recruiter's user `_id`.
    #[serde(rename = "_id")]
    pub id: String,
    /// `null` until the recruiter fills it in, like `position` and `contactNumber`.
    #[schema(required)]
    pub company: Option<String>,
    #[schema(required)]
    pub position: Option<String>,
    #[schema(required)]
    pub contact_number: Option<String>,
}

/// An optional text as the API shows it: `null` when there is none, never `""`.
pub fn optional_text(text: String) -> Option<String> {
    if text.trim().is_empty() { None } else { Some(text) }
}

#[derive(Debug, sqlx::FromRow)]
pub struct ApplicantRow {
    pub user_id: String,
    pub profile: String,
    pub education: String,
    pub skills: String,
    pub resume_key: Option<String>,
    pub resume_name: Option<String>,
    pub resume_text_state: Option<String>,
    pub resume_skills: String,
}

#[derive(Debug, sqlx::FromRow)]
pub struct RecruiterRow {
    pub user_id: String,
    pub company: String,
    pub position: String,
    pub contact_number: String,
}

impl From<RecruiterRow> for RecruiterProfile {
    fn from(row: RecruiterRow) -> Self {
        Self {
            id: row.user_id,
            company: optional_text(row.company),
            position: optional_text(row.position),
            contact_number: optional_text(row.contact_number),
        }
    }
}

pub const FIRST_NAME_REQUIRED: &str = "Please enter your first name.";
pub const LAST_NAME_REQUIRED: &str = "Please enter your last name.";
pub const INSTITUTION_REQUIRED: &str = "Please enter the institution name.";
pub const START_YEAR_REQUIRED: &str = "Please enter the start year.";
pub const CONTACT_REQUIRED: &str = "Please enter your Contact Number.";
pub const CONTACT_INVALID: &str = "Invalid Contact Number";
pub const END_BEFORE_START: &str = "End year cannot be before start year";

const MAX_NAME: usize = 100;
const MAX_TEXT: usize = 5_000;
const MAX_SHORT: usize = 200;
const MAX_ITEMS: usize = 50;

/// A required name field: present, not blank, at most 100 characters.
pub fn parse_name(value: Option<&Value>, missing: &str, label: &str) -> Result<String, AppError> {
    let name = value.and_then(Value::as_str).map(str::trim).filter(|name| !name.is_empty());
    let name = name.ok_or_else(|| AppError::bad_request(missing))?;
    if name.chars().count() > MAX_NAME {
        return Err(AppError::bad_request(format!("{label} must be at most {MAX_NAME} characters")));
    }
    Ok(name.to_string())
}

/// An optional text field: `None` when absent (the stored value stays), else trimmed and bounded.
pub fn parse_text(value: Option<&Value>, label: &str, max: usize) -> Result<Option<String>, AppError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().chars().count() <= max => Ok(Some(text.trim().to_string())),
        Some(Value::String(_)) => Err(AppError::bad_request(format!("{label} must be at most {max} characters"))),
        Some(_) => Err(AppError::bad_request(format!("{label} must be text"))),
    }
}

pub fn parse_about(value: Option<&Value>) -> Result<Option<String>, AppError> {
    parse_text(value, "About", MAX_TEXT)
}

pub fn parse_short(value: Option<&Value>, label: &str) -> Result<Option<String>, AppError> {
    parse_text(value, label, MAX_SHORT)
}

fn latest_year() -> i32 {
    OffsetDateTime::now_utc().year() + 1
}

/// A year given as a number or a string of digits, from 1900 to next year.
fn parse_year(value: &Value, label: &str) -> Result<Option<i32>, AppError> {
    let year = match value {
        Value::Null => return Ok(None),
        Value::String(text) if text.trim().is_empty() => return Ok(None),
        Value::String(text) if text.trim().chars().all(|c| c.is_ascii_digit()) => text.trim().parse::<i32>().ok(),
        Value::Number(number) => number.as_i64().and_then(|year| i32::try_from(year).ok()),
        _ => None,
    };
    match year {
        Some(year) if (1900..=latest_year()).contains(&year) => Ok(Some(year)),
        _ => Err(AppError::bad_request(format!("{label} must be a year from 1900 to {}", latest_year()))),
    }
}

/// Education rows: each needs an institution and a start year; the end year is optional and not
/// before the start. A row keeps its `_id` when it has one.
pub fn parse_education(value: &Value) -> Result<Vec<Education>, AppError> {
    let rows = value.as_array().ok_or_else(|| AppError::bad_request("Education must be a list"))?;
    if rows.len() > MAX_ITEMS {
        return Err(AppError::bad_request(format!("At most {MAX_ITEMS} education entries are allowed")));
    }
    rows.iter()
        .map(|row| {
            let institution = row.get("institutionName").and_then(Value::as_str).map(str::trim).unwrap_or_default();
            if institution.is_empty() {
                return Err(AppError::bad_request(INSTITUTION_REQUIRED));
            }
            if institution.chars().count() > MAX_SHORT {
                return Err(AppError::bad_request(format!("Institution name must be at most {MAX_SHORT} characters")));
            }
            let start = parse_year(row.get("startYear").unwrap_or(&Value::Null), "Start year")?
                .ok_or_else(|| AppError::bad_request(START_YEAR_REQUIRED))?;
            let end = parse_year(row.get("endYear").unwrap_or(&Value::Null), "End year")?;
            if end.is_some_and(|end| end < start) {
                return Err(AppError::bad_request(END_BEFORE_START));
            }
            let id = row
                .get("_id")
                .and_then(Value::as_str)
                .filter(|id| {
                    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
                .map_or_else(new_id, str::to_string);
            Ok(Education { id, institution_name: institution.to_string(), start_year: start, end_year: end })
        })
        .collect()
}

/// Skills as a list of strings or one comma-separated string; trimmed, empties dropped.
pub fn parse_skills(value: &Value) -> Result<Vec<String>, AppError> {
    let raw: Vec<String> = match value {
        Value::String(text) => text.split(',').map(str::to_string).collect(),
        Value::Array(items) => items
            .iter()
            .map(|item| item.as_str().map(str::to_string).ok_or_else(|| AppError::bad_request("Skills must be text")))
            .collect::<Result<_, _>>()?,
        Value::Null => Vec::new(),
        _ => return Err(AppError::bad_request("Skills must be a list or comma-separated text")),
    };
    let skills: Vec<String> =
        raw.iter().map(|skill| skill.trim()).filter(|skill| !skill.is_empty()).map(str::to_string).collect();
    if skills.len() > MAX_ITEMS || skills.iter().any(|skill| skill.chars().count() > MAX_NAME) {
        return Err(AppError::bad_request(format!(
            "At most {MAX_ITEMS} skills of at most {MAX_NAME} characters each are allowed"
        )));
    }
    Ok(skills)
}

/// A contact number as people write it: 10 to 12 digits, with spaces, dashes, dots or brackets
/// between them and an optional leading `+` ("+91 98450 12345", "(080) 4123-4567"). Stored in one
/// form: the `+` when given, then the digits alone ("+919845012345").
pub fn parse_contact_number(value: Option<&Value>) -> Result<String, AppError> {
    let written = match value {
        Some(Value::String(text)) => text.trim().to_string(),
        Some(Value::Number(number)) => number.to_string(),
        _ => String::new(),
    };
    if written.is_empty() {
        return Err(AppError::bad_request(CONTACT_REQUIRED));
    }
    let (plus, rest) = match written.strip_prefix('+') {
        Some(rest) => ("+", rest),
        None => ("", written.as_str()),
    };
    let separator = |c: char| matches!(c, ' ' | '-' | '.' | '(' | ')');
    let digits: String = rest.chars().filter(|&c| !separator(c)).collect();
    let well_formed = rest.starts_with(|c: char| c.is_ascii_digit() || c == '(')
        && rest.chars().all(|c| c.is_ascii_digit() || separator(c))
        && (10..=12).contains(&digits.len());
    if !well_formed {
        return Err(AppError::bad_request(CONTACT_INVALID));
    }
    Ok(format!("{plus}{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(error: AppError) -> String {
        error.to_string()
    }

    #[test]
    fn education_years_may_be_strings_and_the_end_is_optional() {
        let rows = parse_education(&json!([
            { "institutionName": " MIT ", "startYear": "2015", "endYear": 2019 },
            { "institutionName": "Open University", "startYear": 2020, "endYear": "" },
        ]))
        .unwrap();
        assert_eq!(
            (rows[0].institution_name.as_str(), rows[0].start_year, rows[0].end_year),
            ("MIT", 2015, Some(2019))
        );
        assert_eq!(rows[1].end_year, None);
    }

    #[test]
    fn education_rows_are_checked() {
        let cases = [
            (json!([{ "startYear": 2015 }]), INSTITUTION_REQUIRED.to_string()),
            (json!([{ "institutionName": "MIT" }]), START_YEAR_REQUIRED.to_string()),
            (json!([{ "institutionName": "MIT", "startYear": 2019, "endYear": 2015 }]), END_BEFORE_START.to_string()),
            (
                json!([{ "institutionName": "MIT", "startYear": 1899 }]),
                format!("Start year must be a year from 1900 to {}", latest_year()),
            ),
            (
                json!([{ "institutionName": "MIT", "startYear": "20x5" }]),
                format!("Start year must be a year from 1900 to {}", latest_year()),
            ),
        ];
        for (rows, expected) in cases {
            assert_eq!(message(parse_education(&rows).unwrap_err()), expected, "{rows}");
        }
    }

    #[test]
    fn skills_come_as_a_list_or_comma_separated_text() {
        assert_eq!(parse_skills(&json!(" rust, sql ,, react ")).unwrap(), ["rust", "sql", "react"]);
        assert_eq!(parse_skills(&json!(["rust", " ", "sql "])).unwrap(), ["rust", "sql"]);
    }

    #[test]
    fn contact_numbers_have_ten_to_twelve_digits_written_as_people_write_them() {
        assert_eq!(parse_contact_number(Some(&json!("9876543210"))).unwrap(), "9876543210");
        assert_eq!(parse_contact_number(Some(&json!(919876543210u64))).unwrap(), "919876543210");
        assert_eq!(parse_contact_number(Some(&json!("+91 98450 12345"))).unwrap(), "+919845012345");
        assert_eq!(parse_contact_number(Some(&json!("98765-43210"))).unwrap(), "9876543210");
        assert_eq!(parse_contact_number(Some(&json!("(080) 4123.4567"))).unwrap(), "08041234567");
        assert_eq!(message(parse_contact_number(None).unwrap_err()), CONTACT_REQUIRED);
        for bad in [
            "123456789",
            "1234567890123",
            "98765432ab",
            "+ 91 98450",
            "++919845012345",
            "-9876543210",
            "+91 98450 1234 56",
        ] {
            assert_eq!(message(parse_contact_number(Some(&json!(bad))).unwrap_err()), CONTACT_INVALID, "{bad}");
        }
    }
}
