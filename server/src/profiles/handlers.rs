use axum::extract::State;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::accounts::model::{AccountType, User};
use crate::accounts::repo as users;
use crate::accounts::session::{self, Applicant, AuthUser, Recruiter};
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody};
use crate::jobs::model::Job;
use crate::jobs::repo as jobs;
use crate::state::AppState;

use super::links;
use super::model::{
    ApplicantProfile, Education, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, RecruiterProfile, parse_about,
    parse_contact_number, parse_education, parse_name, parse_short, parse_skills,
};
use super::repo::{self, ApplicantChanges, ProfileChanges, RecruiterChanges};

/// The caller's applicant profile, with a resume link made for the caller.
pub async fn applicant_profile(state: &AppState, user_id: &str) -> Result<ApplicantProfile, AppError> {
    let row = repo::applicant(&state.db, user_id).await?.ok_or_else(|| AppError::not_found("Profile not found"))?;
    let skills: Vec<String> = serde_json::from_str(&row.skills).unwrap_or_default();
    Ok(ApplicantProfile {
        resume: match row.resume_key {
            Some(_) => links::link(state, user_id, user_id),
            None => String::new(),
        },
        // Resumes uploaded before names were kept show as "resume.pdf".
        resume_name: match (&row.resume_key, row.resume_name) {
            (Some(_), Some(name)) => name,
            (Some(_), None) => "resume.pdf".into(),
            (None, _) => String::new(),
        },
        id: row.user_id,
        profile: super::model::optional_text(row.profile),
        // Written only by this server; an unreadable value shows as empty.
        education: serde_json::from_str::<Vec<Education>>(&row.education).unwrap_or_default(),
        resume_text: if row.resume_key.is_some() { row.resume_text_state.unwrap_or_default() } else { String::new() },
        suggested_skills: lacking(&skills, serde_json::from_str(&row.resume_skills).unwrap_or_default()),
        skills,
    })
}

/// The `found` skills that `skills` does not hold, whatever their case.
fn lacking(skills: &[String], found: Vec<String>) -> Vec<String> {
    let held: std::collections::HashSet<String> = skills.iter().map(|skill| skill.to_lowercase()).collect();
    found.into_iter().filter(|skill| !held.contains(&skill.to_lowercase())).collect()
}

pub async fn recruiter_profile(state: &AppState, user_id: &str) -> Result<RecruiterProfile, AppError> {
    let row = repo::recruiter(&state.db, user_id).await?.ok_or_else(|| AppError::not_found("Profile not found"))?;
    Ok(row.into())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantDetails {
    #[serde(flatten)]
    pub profile: ApplicantProfile,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

#[derive(Serialize, ToSchema)]
pub struct ApplicantDetailsResponse {
    pub data: ApplicantDetails,
}

/// The caller's applicant profile.
#[utoipa::path(get, path = "/auth/applicantDetails", tag = "profiles", security(("bearer" = ["Applicant"])),
    responses(
        (status = 200, description = "The profile, names and e-mail", body = ApplicantDetailsResponse),
    ))]
pub async fn applicant_details(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
) -> ApiResult<Reply<ApplicantDetailsResponse>> {
    let user =
        users::find(&state.db, &caller.id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    let profile = applicant_profile(&state, &caller.id).await?;
    Ok(ok(
        "Applicant details fetched successfully",
        ApplicantDetailsResponse {
            data: ApplicantDetails {
                profile,
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
            },
        },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct RecruiterDetails {
    #[serde(flatten)]
    pub profile: RecruiterProfile,
    /// The recruiter's listed jobs, newest first.
    pub jobs: Vec<Job>,
}

#[derive(Serialize, ToSchema)]
pub struct RecruiterDetailsResponse {
    pub data: RecruiterDetails,
}

/// The caller's recruiter profile and jobs.
#[utoipa::path(get, path = "/auth/recruiterDetails", tag = "profiles", security(("bearer" = ["Recruiter"])),
    responses(
        (status = 200, description = "The profile and the recruiter's jobs", body = RecruiterDetailsResponse),
    ))]
pub async fn recruiter_details(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<RecruiterDetailsResponse>> {
    let profile = recruiter_profile(&state, &caller.id).await?;
    let jobs = jobs::list_by_recruiter(&state.db, &caller.id).await?;
    Ok(ok(
        "Recruiter details fetched successfully",
        RecruiterDetailsResponse { data: RecruiterDetails { profile, jobs } },
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateResponse {
    pub updated_user_details: User,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_applicant: Option<ApplicantProfile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_recruiter: Option<RecruiterProfile>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantResponse {
    pub updated_applicant: ApplicantProfile,
}

/// The body of `updateUserDetails`, for the OpenAPI document; the handler reads it field by field.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct UserDetailsForm {
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: String,
    /// Applicants: the about text.
    #[schema(max_length = 5000)]
    pub profile: Option<String>,
    /// Applicants: replaces the list; `null` or left out keeps it.
    pub education: Option<Vec<EducationForm>>,
    /// Applicants: a list, or one comma-separated string; `null` or left out keeps it, `[]` empties it.
    #[schema(max_items = 50)]
    pub skills: Option<Vec<String>>,
    /// Recruiters.
    #[schema(max_length = 200)]
    pub company: Option<String>,
    /// Recruiters.
    #[schema(max_length = 200)]
    pub position: Option<String>,
    /// Recruiters: required, 10 to 12 digits.
    #[schema(pattern = "^[0-9]{10,12}$")]
    pub contact_number: Option<String>,
}

/// One education row as sent: years as numbers or strings of digits, 1900 to next year.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct EducationForm {
    /// Keeps the row's `_id` when editing it; a new row gets one.
    #[schema(rename = "_id")]
    pub id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub institution_name: String,
    #[schema(minimum = 1900)]
    pub start_year: i32,
    #[schema(minimum = 1900)]
    pub end_year: Option<i32>,
}

/// Update the caller's names and profile.
///
/// Everyone: `firstName`, `lastName` (required). Applicants: `profile`, `education` (rows with
/// `institutionName` and `startYear`; `endYear` optional and not before the start; years 1900 to
/// next year, as numbers or strings of digits), `skills` (a list, or one comma-separated string).
/// Recruiters: `company`, `position`, `contactNumber` (required, 10 to 12 digits). An optional
/// field left out keeps its value. `email`, `accountType`, `resume` and unknown keys are ignored.
#[utoipa::path(post, path = "/auth/updateUserDetails", tag = "profiles", security(("bearer" = [])),
    request_body(content = UserDetailsForm, description = "The fields above"),
    responses(
        (status = 200, description = "Saved", body = UpdateResponse),
        (status = 400, description = "A field is missing or invalid; the message names it", body = ErrorBody),
    ))]
pub async fn update_user_details(
    State(state): State<AppState>,
    caller: AuthUser,
    JsonBody(body): JsonBody<Value>,
) -> ApiResult<Reply<UpdateResponse>> {
    if !body.is_object() {
        return Err(AppError::bad_request("The body must be a JSON object"));
    }
    let first_name = parse_name(body.get("firstName"), FIRST_NAME_REQUIRED, "First name")?;
    let last_name = parse_name(body.get("lastName"), LAST_NAME_REQUIRED, "Last name")?;
    let changes = match caller.account_type {
        AccountType::Applicant => ProfileChanges::Applicant(ApplicantChanges {
            profile: parse_about(body.get("profile"))?,
            education: body.get("education").filter(|value| !value.is_null()).map(parse_education).transpose()?,
            // `null`, like a missing field, leaves the list as it is (as for `education`); `[]` empties it.
            skills: body.get("skills").filter(|value| !value.is_null()).map(parse_skills).transpose()?,
        }),
        AccountType::Recruiter => ProfileChanges::Recruiter(RecruiterChanges {
            company: parse_short(body.get("company"), "Company")?,
            position: parse_short(body.get("position"), "Position")?,
            contact_number: parse_contact_number(body.get("contactNumber"))?,
        }),
        AccountType::Admin => ProfileChanges::None,
    };
    repo::update(&state.db, &caller.id, &first_name, &last_name, &changes).await?;

    let user =
        users::find(&state.db, &caller.id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    let (updated_applicant, updated_recruiter) = match caller.account_type {
        AccountType::Applicant => (Some(applicant_profile(&state, &caller.id).await?), None),
        AccountType::Recruiter => (None, Some(recruiter_profile(&state, &caller.id).await?)),
        AccountType::Admin => (None, None),
    };
    Ok(ok(
        "User updated successfully",
        UpdateResponse {
            updated_user_details: User::from_row(user, caller.token, &state.config.api_public_url),
            updated_applicant,
            updated_recruiter,
        },
    ))
}
