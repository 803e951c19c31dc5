use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::session::Recruiter;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::Listings;
use crate::state::AppState;

use crate::membership::model::Role;
use crate::membership::repo as members;

use super::model::{Company, CompanyRow, Profile, SizeBand};
use super::repo;

pub const COMPANY_NOT_FOUND: &str = "Company not found";
pub const COMPANY_REMOVED: &str = "This company has been removed";
/// The message of a company's answer (also in the page data of the company's page).
pub const FETCHED: &str = "Company fetched successfully";
pub const NO_COMPANY: &str = "You are not a member of a company";
pub const OWNERS_ONLY: &str = "Only the company's owners may change its profile";

#[derive(Serialize, ToSchema)]
pub struct CompanyResponse {
    pub company: Company,
}

#[derive(Serialize, ToSchema)]
pub struct MyCompanyResponse {
    pub company: Company,
    /// The caller's role in it.
    pub role: Role,
}

/// A company's public profile.
#[utoipa::path(get, path = "/companies/{slug}", tag = "companies",
    params(("slug" = String, Path, description = "The company's `slug`")),
    responses(
        (status = 200, description = "The company", body = CompanyResponse),
        (status = 404, description = "`Company not found`; or `This company has been removed`, marked `removed`", body = ErrorBody),
    ))]
pub async fn company_profile(
    State(state): State<AppState>,
    PathParam(slug): PathParam<String>,
) -> ApiResult<Reply<CompanyResponse>> {
    let row = repo::by_slug(&state.db, &slug).await?.filter(|row| !row.suspended);
    let row = row.ok_or_else(|| AppError::not_found(COMPANY_NOT_FOUND))?;
    if row.removed {
        return Err(AppError::removed(COMPANY_REMOVED));
    }
    let company = row.shown();
    Ok(ok(FETCHED, CompanyResponse { company }))
}

/// The caller's company and their role in it; a recruiter of no company is given one of their own.
pub async fn member_of(state: &AppState, user_id: &str) -> Result<(CompanyRow, Role), AppError> {
    let member = members::of_or_found(&state.db, user_id).await?.ok_or_else(|| AppError::not_found(NO_COMPANY))?;
    let company = repo::by_id(&state.db, &member.company_id).await?.ok_or_else(|| AppError::not_found(NO_COMPANY))?;
    Ok((company, member.role))
}

/// The caller's company when they are one of its owners; 403 for another member.
pub async fn owned(state: &AppState, user_id: &str) -> Result<CompanyRow, AppError> {
    let (company, role) = member_of(state, user_id).await?;
    if role != Role::Owner {
        return Err(AppError::forbidden(OWNERS_ONLY));
    }
    Ok(company)
}

/// The caller's company and their role in it.
#[utoipa::path(get, path = "/company", tag = "companies", security(("bearer" = ["Recruiter"]), ("apiToken" = [])),
    responses(
        (status = 200, description = "The caller's company", body = MyCompanyResponse),
        (status = 404, description = "`You are not a member of a company`", body = ErrorBody),
    ))]
pub async fn my_company(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<MyCompanyResponse>> {
    let (company, role) = member_of(&state, &caller.id).await?;
    let company = company.shown();
    Ok(ok(FETCHED, MyCompanyResponse { company, role }))
}

/// A company's profile as its owner sends it. Every field but `name` may be left out or empty.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyForm {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// An http or https address.
    #[schema(max_length = 200)]
    pub website: Option<String>,
    #[schema(max_length = 5000)]
    pub about: Option<String>,
    /// One of `1-10`, `11-50`, `51-200`, `201-500`, `501-1000`, `1001-5000`, `5001+`.
    pub size_band: Option<String>,
    #[schema(max_length = 100)]
    pub headquarters: Option<String>,
    /// At most 20 places, each at most 100 characters.
    #[schema(max_items = 20)]
    pub locations: Option<Vec<String>>,
}

pub const MAX_NAME: usize = 100;
pub const MAX_WEBSITE: usize = 200;
pub const MAX_ABOUT: usize = 5000;
pub const MAX_PLACE: usize = 100;
pub const MAX_LOCATIONS: usize = 20;

fn at_most(text: Option<String>, label: &str, max: usize) -> Result<String, AppError> {
    let text = text.unwrap_or_default().trim().to_string();
    if text.chars().count() > max {
        return Err(AppError::bad_request(format!("{label} must be at most {max} characters")));
    }
    Ok(text)
}

/// Whether `text` is an absolute http or https address with a host and no spaces.
fn web_address(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")) else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty() && !host.starts_with(':') && !text.chars().any(char::is_whitespace)
}

impl CompanyForm {
    /// The profile, every field checked; the 400 names the first field that is wrong.
    pub fn parse(self) -> Result<Profile, AppError> {
        let name = at_most(self.name, "Company name", MAX_NAME)?;
        if name.is_empty() {
            return Err(AppError::bad_request("Company name is required"));
        }
        let website = at_most(self.website, "Website", MAX_WEBSITE)?;
        if !website.is_empty() && !web_address(&website) {
            return Err(AppError::bad_request("Website must be an http or https address"));
        }
        let about = at_most(self.about, "About", MAX_ABOUT)?;
        let size_band = match self.size_band.as_deref().map(str::trim).filter(|band| !band.is_empty()) {
            None => None,
            Some(band) => Some(SizeBand::parse(band).ok_or_else(|| {
                let bands: Vec<&str> = SizeBand::ALL.iter().map(|band| band.as_str()).collect();
                AppError::bad_request(format!("Size must be one of {}", bands.join(", ")))
            })?),
        };
        let headquarters = at_most(self.headquarters, "Headquarters", MAX_PLACE)?;
        let mut locations: Vec<String> = Vec::new();
        for place in self.locations.unwrap_or_default() {
            let place = at_most(Some(place), "A location", MAX_PLACE)?;
            if !place.is_empty() && !locations.iter().any(|kept| kept.to_lowercase() == place.to_lowercase()) {
                locations.push(place);
            }
        }
        if locations.len() > MAX_LOCATIONS {
            return Err(AppError::bad_request(format!("A company may list at most {MAX_LOCATIONS} locations")));
        }
        Ok(Profile { name, website, about, size_band, headquarters, locations })
    }
}

/// The caller's company as owner: replaces its profile.
#[utoipa::path(put, path = "/company", tag = "companies", security(("bearer" = ["Recruiter"])),
    request_body = CompanyForm,
    responses(
        (status = 200, description = "`Company updated`, as it is now", body = MyCompanyResponse),
        (status = 400, description = "A field is missing or invalid; the message names it", body = ErrorBody),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
        (status = 404, description = "`You are not a member of a company`", body = ErrorBody),
    ))]
pub async fn update_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    JsonBody(form): JsonBody<CompanyForm>,
) -> ApiResult<Reply<MyCompanyResponse>> {
    let company = owned(&state, &caller.id).await?;
    let profile = form.parse()?;
    repo::update_profile(&state.db, &company.id, &profile).await?;
    // Its page, kept drawn, is drawn again.
    listings.changed(&state.db).await;
    let (company, role) = member_of(&state, &caller.id).await?;
    let company = company.shown();
    Ok(ok("Company updated", MyCompanyResponse { company, role }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(value: serde_json::Value) -> Result<Profile, String> {
        serde_json::from_value::<CompanyForm>(value).unwrap().parse().map_err(|error| error.to_string())
    }

    #[test]
    fn a_profile_is_trimmed_and_its_locations_kept_once_each() {
        let profile = form(serde_json::json!({
            "name": " Acme ", "website": "https://acme.example/jobs", "about": "We make\nthings.",
            "sizeBand": "11-50", "headquarters": "Pune", "locations": ["Pune", " pune ", "", "Remote"]
        }))
        .unwrap();
        assert_eq!(
            profile,
            Profile {
                name: "Acme".into(),
                website: "https://acme.example/jobs".into(),
                about: "We make\nthings.".into(),
                size_band: Some(SizeBand::UpTo50),
                headquarters: "Pune".into(),
                locations: vec!["Pune".into(), "Remote".into()],
            }
        );
        let bare = form(serde_json::json!({"name": "Acme", "sizeBand": ""})).unwrap();
        assert_eq!((bare.website.as_str(), bare.size_band, bare.locations.len()), ("", None, 0));
    }

    #[test]
    fn each_wrong_field_is_named() {
        assert_eq!(form(serde_json::json!({})).unwrap_err(), "Company name is required");
        assert_eq!(form(serde_json::json!({"name": "  "})).unwrap_err(), "Company name is required");
        assert_eq!(
            form(serde_json::json!({"name": "x".repeat(101)})).unwrap_err(),
            "Company name must be at most 100 characters"
        );
        for website in
            ["acme.example", "ftp://acme.example", "https://", "https://acme .example", "javascript:alert(1)"]
        {
            assert_eq!(
                form(serde_json::json!({"name": "Acme", "website": website})).unwrap_err(),
                "Website must be an http or https address",
                "{website}"
            );
        }
        assert_eq!(
            form(serde_json::json!({"name": "Acme", "sizeBand": "12"})).unwrap_err(),
            "Size must be one of 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+"
        );
        assert_eq!(
            form(serde_json::json!({"name": "Acme", "about": "x".repeat(5001)})).unwrap_err(),
            "About must be at most 5000 characters"
        );
        let places: Vec<String> = (0..21).map(|n| format!("Place {n}")).collect();
        assert_eq!(
            form(serde_json::json!({"name": "Acme", "locations": places})).unwrap_err(),
            "A company may list at most 20 locations"
        );
        assert_eq!(
            form(serde_json::json!({"name": "Acme", "locations": ["x".repeat(101)]})).unwrap_err(),
            "A location must be at most 100 characters"
        );
    }
}
