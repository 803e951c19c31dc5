use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::session::Applicant;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::search::JobSearch;
use crate::state::AppState;

use super::repo::{self, MAX_SEARCHES, SavedSearch};
use super::worker::{verify_unsubscribe, verify_unsubscribe_all};

const NOT_FOUND: &str = "Saved search not found";
const MAX_NAME: usize = 100;
const MAX_QUERY: usize = 2000;

#[derive(Serialize, ToSchema)]
pub struct SavedSearchesResponse {
    /// The caller's saved searches, oldest first.
    pub data: Vec<SavedSearch>,
}

#[derive(Serialize, ToSchema)]
pub struct SavedSearchResponse {
    pub data: SavedSearch,
}

#[derive(Deserialize, ToSchema)]
pub struct SaveSearchRequest {
    /// What the person calls it, 1 to 100 characters.
    pub name: Option<String>,
    /// The search as /jobs takes it (`q=rust&jobType=Full-time&location=Pune`); paging is left out.
    pub query: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct UpdateSearchRequest {
    /// A new name, 1 to 100 characters.
    pub name: Option<String>,
    /// False pauses the daily alert, true resumes it (from the jobs posted after now).
    pub alerts: Option<bool>,
}

fn name(given: Option<&str>) -> Result<Option<String>, AppError> {
    match given.map(str::trim) {
        None => Ok(None),
        Some("") => Err(AppError::bad_request("Name is required")),
        Some(name) if name.chars().count() > MAX_NAME => {
            Err(AppError::bad_request(format!("Name must be at most {MAX_NAME} characters")))
        }
        Some(name) => Ok(Some(name.to_string())),
    }
}

/// The search's filters as the jobs page and the API take them, checked, without paging.
fn query(given: &str) -> Result<String, AppError> {
    let given = given.trim().trim_start_matches('?');
    if given.len() > MAX_QUERY {
        return Err(AppError::bad_request(format!("The search must be at most {MAX_QUERY} characters")));
    }
    JobSearch::parse(Some(given))?;
    let kept: Vec<(String, String)> = form_urlencoded::parse(given.as_bytes())
        .filter(|(key, value)| {
            !matches!(key.as_ref(), "page" | "limit" | "openOnly" | "closed") && !value.trim().is_empty()
        })
        .map(|(key, value)| (key.into_owned(), value.trim().to_string()))
        .collect();
    Ok(form_urlencoded::Serializer::new(String::new()).extend_pairs(kept).finish())
}

/// The caller's saved searches.
#[utoipa::path(get, path = "/jobs/savedSearches", tag = "alerts", security(("bearer" = ["Applicant"])),
    responses(
        (status = 200, description = "The saved searches", body = SavedSearchesResponse),
    ))]
pub async fn saved_searches(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
) -> ApiResult<Reply<SavedSearchesResponse>> {
    let data = repo::list(&state.db, &caller.id).await?.into_iter().map(SavedSearch::from).collect();
    Ok(ok("Saved searches fetched successfully", SavedSearchesResponse { data }))
}

pub const ALREADY_SAVED: &str = "This search is already saved";

/// Save a search: once a day at most, the caller is e-mailed the new open jobs that match it.
#[utoipa::path(post, path = "/jobs/savedSearches", tag = "alerts", security(("bearer" = ["Applicant"])),
    request_body = SaveSearchRequest,
    responses(
        (status = 201, description = "`Search saved`", body = SavedSearchResponse),
        (status = 400, description = "The name or the search is missing or invalid, or the caller keeps 20 searches already", body = ErrorBody),
        (status = 409, description = "`This search is already saved` (the same search, whatever its name)", body = ErrorBody),
    ))]
pub async fn save_search(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    JsonBody(request): JsonBody<SaveSearchRequest>,
) -> ApiResult<(StatusCode, Reply<SavedSearchResponse>)> {
    let name = name(request.name.as_deref())?.ok_or_else(|| AppError::bad_request("Name is required"))?;
    let query = query(request.query.as_deref().unwrap_or_default())?;
    match repo::insert(&state.db, &caller.id, &name, &query).await? {
        repo::Saved::Inserted(saved) => {
            Ok((StatusCode::CREATED, ok("Search saved", SavedSearchResponse { data: (*saved).into() })))
        }
        repo::Saved::Full => {
            Err(AppError::bad_request(format!("You can save at most {MAX_SEARCHES} searches; delete one first")))
        }
        repo::Saved::AlreadySaved(_) => Err(AppError::Conflict(ALREADY_SAVED.into())),
    }
}

/// Rename a saved search, or pause or resume its alerts.
#[utoipa::path(put, path = "/jobs/savedSearches/{searchId}", tag = "alerts", security(("bearer" = ["Applicant"])),
    params(("searchId" = String, Path, description = "The saved search's `_id`")),
    request_body = UpdateSearchRequest,
    responses(
        (status = 200, description = "`Saved search updated`, as it is now", body = SavedSearchResponse),
        (status = 400, description = "The name is blank or too long", body = ErrorBody),
        (status = 404, description = "No such saved search among the caller's", body = ErrorBody),
    ))]
pub async fn update_search(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    PathParam(search_id): PathParam<String>,
    JsonBody(request): JsonBody<UpdateSearchRequest>,
) -> ApiResult<Reply<SavedSearchResponse>> {
    let name = name(request.name.as_deref())?;
    if !repo::update(&state.db, &search_id, &caller.id, name.as_deref(), request.alerts).await? {
        return Err(AppError::not_found(NOT_FOUND));
    }
    let saved = repo::find(&state.db, &search_id).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    Ok(ok("Saved search updated", SavedSearchResponse { data: saved.into() }))
}

/// Delete a saved search.
#[utoipa::path(delete, path = "/jobs/savedSearches/{searchId}", tag = "alerts", security(("bearer" = ["Applicant"])),
    params(("searchId" = String, Path, description = "The saved search's `_id`")),
    responses(
        (status = 200, description = "`Saved search deleted`", body = Ack),
        (status = 404, description = "No such saved search among the caller's", body = ErrorBody),
    ))]
pub async fn delete_search(
    State(state): State<AppState>,
    Applicant(caller): Applicant,
    PathParam(search_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    if !repo::delete(&state.db, &search_id, &caller.id).await? {
        return Err(AppError::not_found(NOT_FOUND));
    }
    Ok(ack("Saved search deleted"))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeLink {
    /// The saved search's `_id`, from the e-mail's link.
    pub search: Option<String>,
    /// Instead of `search`: the person's `_id`, from the e-mail's List-Unsubscribe header, which
    /// stops every alert of theirs.
    pub person: Option<String>,
    /// The link's signature, from the e-mail.
    pub signature: Option<String>,
}

pub const BAD_UNSUBSCRIBE: &str = "This unsubscribe link is invalid";

/// Stop a saved search's alerts from the link in its e-mail, without a login: the link is signed
/// for this search and this purpose only. Stopping them again is no error. With `person` instead
/// of `search` (the e-mail's List-Unsubscribe link, which a mail client posts to with the body
/// `List-Unsubscribe=One-Click`, RFC 8058), every alert of that person stops.
#[utoipa::path(post, path = "/alerts/unsubscribe", tag = "alerts", params(UnsubscribeLink),
    responses(
        (status = 200, description = "`The alerts for this search are stopped`, with its name; or for `person`: `The alerts for all your saved searches are stopped`", body = UnsubscribeResponse),
        (status = 400, description = "The link is not one the server signed", body = ErrorBody),
        (status = 404, description = "The saved search was deleted", body = ErrorBody),
    ))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    link: Result<Query<UnsubscribeLink>, QueryRejection>,
) -> ApiResult<Reply<UnsubscribeResponse>> {
    // A link the server made names each once; any other query (a name repeated) is not one of them.
    let link = link.map_err(|_| AppError::bad_request(BAD_UNSUBSCRIBE))?.0;
    if let UnsubscribeLink { search: None, person: Some(person), signature: Some(signature) } = &link {
        if !verify_unsubscribe_all(&state.keys, person, signature) {
            return Err(AppError::bad_request(BAD_UNSUBSCRIBE));
        }
        repo::pause_all(&state.db, person).await?;
        return Ok(ok("The alerts for all your saved searches are stopped", UnsubscribeResponse { name: None }));
    }
    let search = signed_search(&state, link)?;
    let name = repo::pause(&state.db, &search).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    Ok(ok("The alerts for this search are stopped", UnsubscribeResponse { name: Some(name) }))
}

/// The search a link names, when the server signed the link for it (a person's link is not one).
fn signed_search(state: &AppState, link: UnsubscribeLink) -> Result<String, AppError> {
    match link {
        UnsubscribeLink { search: Some(search), person: None, signature: Some(signature) }
            if verify_unsubscribe(&state.keys, &search, &signature) =>
        {
            Ok(search)
        }
        _ => Err(AppError::bad_request(BAD_UNSUBSCRIBE)),
    }
}

#[derive(Serialize, ToSchema)]
pub struct UnsubscribeResponse {
    /// The search's name (absent when every search of a person was stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Undo a stop from the same e-mail link: the search's alerts are on again, from the jobs posted
/// after now. On already is no error.
#[utoipa::path(post, path = "/alerts/resubscribe", tag = "alerts", params(UnsubscribeLink),
    responses(
        (status = 200, description = "`The alerts for this search are on again`", body = UnsubscribeResponse),
        (status = 400, description = "The link is not one the server signed for a search", body = ErrorBody),
        (status = 404, description = "The saved search was deleted", body = ErrorBody),
    ))]
pub async fn resubscribe(
    State(state): State<AppState>,
    link: Result<Query<UnsubscribeLink>, QueryRejection>,
) -> ApiResult<Reply<UnsubscribeResponse>> {
    let link = link.map_err(|_| AppError::bad_request(BAD_UNSUBSCRIBE))?.0;
    let search = signed_search(&state, link)?;
    let name = repo::resume(&state.db, &search).await?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    Ok(ok("The alerts for this search are on again", UnsubscribeResponse { name: Some(name) }))
}
