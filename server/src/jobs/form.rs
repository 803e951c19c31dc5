//! The fields of a job as a client sends them (JSON values, or multipart text), parsed into what
//! is stored. Each missing field is named by its own message (docs/rules.md#job-fields).

use std::collections::HashMap;

use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

use crate::http::error::AppError;

use super::model::{JobEdit, JobType, NewJob, WorkMode};
use super::questions::parse_questions;

pub type Fields = HashMap<String, Value>;

const MAX_TITLE: usize = 200;
const MAX_DESCRIPTION: usize = 20_000;
const MAX_SKILLS: usize = 50;

/// The text of a field, trimmed; `None` when absent or blank. Numbers count as their text.
fn text(fields: &Fields, name: &str) -> Option<String> {
    match fields.get(name)? {
        Value::String(text) => Some(text.trim().to_string()).filter(|text| !text.is_empty()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn required(fields: &Fields, name: &str, missing: &str) -> Result<String, AppError> {
    text(fields, name).ok_or_else(|| AppError::bad_request(missing))
}

fn bounded(value: String, label: &str, max: usize) -> Result<String, AppError> {
    if value.chars().count() > max {
        return Err(AppError::bad_request(format!("{label} must be at most {max} characters")));
    }
    Ok(value)
}

/// A whole number, given as a number or a string of digits, at least `min`.
pub fn whole_number(fields: &Fields, name: &str, missing: &str, label: &str, min: i64) -> Result<i64, AppError> {
    let value = required(fields, name, missing)?;
    match value.parse::<i64>() {
        Ok(number) if number >= min && number <= 1_000_000_000 => Ok(number),
        _ => Err(AppError::bad_request(format!("{label} must be a whole number of at least {min}"))),
    }
}

/// A date (`YYYY-MM-DD`, midnight UTC) or an RFC 3339 time, as Unix milliseconds.
pub fn date(fields: &Fields, name: &str, missing: &str, label: &str) -> Result<i64, AppError> {
    let value = required(fields, name, missing)?;
    let at = Date::parse(&value, format_description!("[year]-[month]-[day]"))
        .map(|day| day.midnight().assume_utc())
        .or_else(|_| OffsetDateTime::parse(&value, &Rfc3339))
        .map_err(|_| AppError::bad_request(format!("{label} must be a date (YYYY-MM-DD)")))?;
    Ok((at.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// Skillsets: a list of strings, or the JSON text of one (as a multipart field sends it).
fn skillsets(fields: &Fields) -> Result<Vec<String>, AppError> {
    const MISSING: &str = "Skillsets are required";
    let invalid = || AppError::bad_request("Skillsets must be a list of strings");
    let list = match fields.get("skillsets") {
        None | Some(Value::Null) => return Err(AppError::bad_request(MISSING)),
        Some(Value::Array(items)) => items.clone(),
        Some(Value::String(text)) if text.trim().is_empty() => return Err(AppError::bad_request(MISSING)),
        Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(items)) => items,
            _ => return Err(invalid()),
        },
        Some(_) => return Err(invalid()),
    };
    let skills: Vec<String> = list
        .iter()
        .map(|item| item.as_str().map(|s| s.trim().to_string()).ok_or_else(invalid))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|skill| !skill.is_empty())
        .collect();
    // Each skill once, in its first spelling: "Rust, rust" is one skill, and a repeated one would
    // say nothing more about the job.
    let mut seen = std::collections::HashSet::new();
    let skills: Vec<String> = skills.into_iter().filter(|skill| seen.insert(skill.to_lowercase())).collect();
    if skills.is_empty() {
        return Err(AppError::bad_request(MISSING));
    }
    // The JSON text of a multipart field can carry any character as an escape.
    skills.iter().try_for_each(|skill| crate::http::text_input::check("skillsets", skill))?;
    if skills.len() > MAX_SKILLS || skills.iter().any(|skill| skill.chars().count() > 100) {
        return Err(AppError::bad_request(format!(
            "At most {MAX_SKILLS} skillsets of at most 100 characters each are allowed"
        )));
    }
    Ok(skills)
}

pub const DEADLINE_AFTER_POSTING: &str = "Deadline must be after the date of posting";

/// The `questions` field as sent: a list, or the JSON text of one (as a multipart field sends it,
/// its strings then held to the rule every body's are); `None` when absent or blank.
pub fn questions_value(fields: &Fields) -> Result<Option<Value>, AppError> {
    match fields.get("questions") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(Value::String(text)) => {
            crate::http::text_input::check_json(text.as_bytes())?;
            serde_json::from_str(text).map(Some).map_err(|_| AppError::bad_request("Questions must be a list"))
        }
        Some(value) => Ok(Some(value.clone())),
    }
}

/// A new job of `user_id`'s from its fields, each checked; whether the category exists is for the
/// database to say.
pub fn new_job(fields: &Fields, user_id: String) -> Result<NewJob, AppError> {
    let title = bounded(required(fields, "title", "Job title is required")?, "Job title", MAX_TITLE)?;
    let company = bounded(required(fields, "company", "Company name is required")?, "Company name", MAX_TITLE)?;
    let description =
        bounded(required(fields, "description", "Job description is required")?, "Job description", MAX_DESCRIPTION)?;
    let max_applicants = whole_number(fields, "maxApplicants", "Max applicants is required", "Max applicants", 1)?;
    let max_positions = whole_number(fields, "maxPositions", "Max positions is required", "Max positions", 1)?;
    let date_of_posting = date(fields, "dateOfPosting", "Date of posting is required", "Date of posting")?;
    let deadline = date(fields, "deadline", "Application deadline is required", "Application deadline")?;
    let skillsets = skillsets(fields)?;
    let job_type = required(fields, "jobType", "Job type is required")?;
    let job_type = JobType::parse(&job_type)
        .ok_or_else(|| AppError::bad_request("Job type must be Full-time, Part-time or Internship"))?;
    let salary = whole_number(fields, "salary", "Salary is required", "Salary", 0)?;
    let salary_max = match text(fields, "salaryMax") {
        None => None,
        Some(_) => Some(whole_number(fields, "salaryMax", "", "Maximum salary", 0)?),
    };
    if salary_max.is_some_and(|top| top < salary) {
        return Err(AppError::bad_request("Maximum salary must be at least the salary"));
    }
    let work_mode = match text(fields, "workMode") {
        None => WorkMode::default(),
        Some(mode) => WorkMode::parse(&mode)
            .ok_or_else(|| AppError::bad_request("Work mode must be On-site, Hybrid or Remote"))?,
    };
    let category_id = required(fields, "categoryName", "Category is required")?;
    let location = bounded(required(fields, "location", "Location is required")?, "Location", MAX_TITLE)?;
    if deadline <= date_of_posting {
        return Err(AppError::bad_request(DEADLINE_AFTER_POSTING));
    }
    let questions = parse_questions(questions_value(fields)?.as_ref(), &[], crate::db::new_id)?;
    Ok(NewJob {
        user_id,
        title,
        company,
        description,
        location,
        salary,
        salary_max,
        date_of_posting,
        deadline,
        max_applicants,
        max_positions,
        skillsets,
        job_type,
        work_mode,
        category_id,
        questions,
    })
}

impl JobEdit {
    pub fn parse(fields: &Fields) -> Result<Self, AppError> {
        Ok(Self {
            max_applicants: whole_number(
                fields,
                "maxApplicants",
                "Maximum applicants is required",
                "Max applicants",
                1,
            )?,
            max_positions: whole_number(fields, "maxPositions", "Maximum positions is required", "Max positions", 1)?,
            deadline: date(fields, "deadline", "Deadline is required", "Deadline")?,
            questions: questions_value(fields)?,
        })
    }
}

/// A job as `createJob` takes it: JSON, or the same names as multipart text fields (numbers
/// may then be strings of digits, and `skillsets` the JSON text of a list). Documents the wire
/// form for the OpenAPI document; the handler reads it through `new_job`, which names the first
/// missing or bad field in its 400.
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct JobForm {
    #[schema(min_length = 1, max_length = 200)]
    pub title: String,
    #[schema(min_length = 1, max_length = 200)]
    pub company: String,
    #[schema(min_length = 1, max_length = 20000)]
    pub description: String,
    #[schema(min_length = 1, max_length = 200)]
    pub location: String,
    /// Monthly salary in rupees; the bottom of the range when `salaryMax` is given.
    #[schema(minimum = 0)]
    pub salary: i64,
    /// The top of the monthly salary range, at least `salary`; leave it out for one figure.
    #[schema(minimum = 0)]
    pub salary_max: Option<i64>,
    /// Where the work is done; `On-site` when left out.
    pub work_mode: Option<WorkMode>,
    #[schema(minimum = 1)]
    pub max_applicants: i64,
    #[schema(minimum = 1)]
    pub max_positions: i64,
    /// `YYYY-MM-DD` or RFC 3339.
    #[schema(example = "2026-11-01")]
    pub date_of_posting: String,
    /// `YYYY-MM-DD` (that day's start, midnight UTC) or RFC 3339; after `dateOfPosting`.
    #[schema(example = "2026-12-31")]
    pub deadline: String,
    #[schema(min_items = 1, max_items = 50)]
    pub skillsets: Vec<String>,
    #[schema(example = "Full-time")]
    pub job_type: JobType,
    /// The category's `_id`.
    pub category_name: String,
    /// Up to 10 screening questions (docs/rules.md#screening), each `{kind, text, required,
    /// choices, wanted}` as a job's `questions` shows them; on `updateJob`, a question that keeps
    /// its `_id` stays the same question, and leaving `questions` out keeps them all.
    #[schema(value_type = Option<Vec<Object>>)]
    pub questions: Option<Vec<serde_json::Value>>,
}

/// What `updateJob` may change, as JSON or multipart text fields.
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct JobEditForm {
    /// Not below the applications the job already has.
    #[schema(minimum = 1)]
    pub max_applicants: i64,
    #[schema(minimum = 1)]
    pub max_positions: i64,
    /// `YYYY-MM-DD` or RFC 3339; after the date of posting.
    #[schema(example = "2026-12-31")]
    pub deadline: String,
    /// The job's screening questions as they are to be (see `JobForm`); left out, they stay.
    #[schema(value_type = Option<Vec<Object>>)]
    pub questions: Option<Vec<serde_json::Value>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(value: Value) -> Fields {
        serde_json::from_value(value).unwrap()
    }

    fn complete() -> Value {
        json!({
            "title": "Backend Engineer", "company": "Acme", "description": "Build things.",
            // fixed date: parsing a form judges no date against the clock
            "maxApplicants": "20", "maxPositions": 2, "dateOfPosting": "2026-11-01", "deadline": "2026-12-31T12:00:00Z",
            "skillsets": r#"["rust", "sql"]"#, "jobType": "Full-time", "salary": "85000", "categoryName": "c1", "location": "Pune",
        })
    }

    #[test]
    fn a_complete_form_parses_with_strings_of_digits_and_json_text() {
        let job = new_job(&fields(complete()), "u1".into()).unwrap();
        assert_eq!((job.max_applicants, job.max_positions, job.salary), (20, 2, 85_000));
        assert_eq!(job.skillsets, ["rust", "sql"]);
        assert_eq!(job.date_of_posting, 1_793_491_200_000); // fixed date: the form's own, no clock reads it
        assert_eq!(job.deadline, 1_798_718_400_000); // fixed date: the form's own, no clock reads it
    }

    #[test]
    fn each_skill_is_kept_once_in_its_first_spelling() {
        let mut form = complete();
        form["skillsets"] = json!(["Rust", " rust ", "SQL", "RUST", "sql", "Go"]);
        assert_eq!(new_job(&fields(form), "u1".into()).unwrap().skillsets, ["Rust", "SQL", "Go"]);
    }

    #[test]
    fn each_missing_field_has_its_own_message() {
        let cases = [
            ("title", "Job title is required"),
            ("company", "Company name is required"),
            ("description", "Job description is required"),
            ("maxApplicants", "Max applicants is required"),
            ("maxPositions", "Max positions is required"),
            ("dateOfPosting", "Date of posting is required"),
            ("deadline", "Application deadline is required"),
            ("skillsets", "Skillsets are required"),
            ("jobType", "Job type is required"),
            ("salary", "Salary is required"),
            ("categoryName", "Category is required"),
            ("location", "Location is required"),
        ];
        for (field, message) in cases {
            let mut form = complete();
            form.as_object_mut().unwrap().remove(field);
            assert_eq!(new_job(&fields(form), "u1".into()).unwrap_err().to_string(), message, "{field}");
        }
    }

    #[test]
    fn bad_values_are_refused() {
        let cases = [
            (json!({ "salary": "12.5" }), "Salary must be a whole number of at least 0"),
            (json!({ "maxApplicants": 0 }), "Max applicants must be a whole number of at least 1"),
            (json!({ "maxPositions": "two" }), "Max positions must be a whole number of at least 1"),
            (json!({ "deadline": "31/12/2026" }), "Application deadline must be a date (YYYY-MM-DD)"),
            // fixed date: the posting date above, not the clock
            (json!({ "deadline": "2026-11-01" }), DEADLINE_AFTER_POSTING),
            (json!({ "jobType": "Contract" }), "Job type must be Full-time, Part-time or Internship"),
            (json!({ "skillsets": "rust sql" }), "Skillsets must be a list of strings"),
            (json!({ "skillsets": [] }), "Skillsets are required"),
            (json!({ "skillsets": [1, 2] }), "Skillsets must be a list of strings"),
            (json!({ "skillsets": "[\"a\\u0000\"]" }), "skillsets must not contain NUL characters"),
        ];
        for (change, message) in cases {
            let mut form = complete();
            for (key, value) in change.as_object().unwrap() {
                form[key] = value.clone();
            }
            assert_eq!(new_job(&fields(form), "u1".into()).unwrap_err().to_string(), message, "{change}");
        }
    }
}
