//! Finding applicants (docs/rules.md#applicant-search): the hiring team's search over the
//! applications to one job or to every job they work, by words and filters, and the filters the
//! job's list of applications takes.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::Recruiter;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody};
use crate::jobs::Listings;
use crate::jobs::repo as jobs;
use crate::jobs::search::applicants::{ApplicantQuery, Snippet, SnippetSource};
use crate::state::AppState;

use super::handlers::{JOB_NOT_FOUND, shown_to};
use super::model::{Application, Sift, Stage, Viewer, query_pairs};
use super::repo::{self, Found};

pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 50;
/// A page must end within the first this-many matches.
pub const MAX_DEPTH: usize = 1_000;
/// The longest search, in characters.
pub const MAX_QUERY_CHARS: usize = 200;

pub const LIMIT_RANGE: &str = "limit must be a whole number from 1 to 50";
pub const STAGE_CHOICES: &str = "stage must be applied, screening, interview, offer, hired or rejected";
pub const TOO_DEEP: &str = "Results stop at 1000: narrow the search to see more";
pub const QUERY_TOO_LONG: &str = "A search is at most 200 characters";
pub const BEING_BUILT: &str = "Applicant search is being prepared: try again in a minute";

/// An application found, with the words that matched.
#[derive(Serialize, ToSchema)]
pub struct FoundApplication {
    #[serde(flatten)]
    pub application: Application,
    /// Around the first matching words, from the first source holding one (the resume, then the
    /// statement, the answers, the skills, the name); `null` without words.
    #[schema(required)]
    pub snippet: Option<Snippet>,
}

#[derive(Serialize, ToSchema)]
pub struct ApplicantSearchResponse {
    pub applications: Vec<FoundApplication>,
    /// How many match in all.
    pub total: usize,
    pub page: usize,
    pub limit: usize,
}

/// Search the applicants of one of the caller's jobs (`job`), or of every job they work, by words
/// in their statement, resume, answers, skills and name (stemmed, a typo tolerated, best first;
/// newest first without words), with the stage and requirement filters.
#[utoipa::path(get, path = "/auth/applications/search", tag = "applications", security(("bearer" = ["Recruiter"]), ("apiToken" = ["applications:read"])),
    params(
        ("q" = Option<String>, Query, description = "Words, at most 200 characters; every word must match"),
        ("job" = Option<String>, Query, description = "One job's `_id`: only its applicants"),
        ("stage" = Option<String>, Query, description = "Only applications at this stage (not `withdrawn`: those are not searched)"),
        ("meets" = Option<String>, Query, description = "`all`: only those meeting every requirement of their job"),
        ("question" = Option<String>, Query, description = "With `answer`: only those that gave this answer to this question"),
        ("answer" = Option<String>, Query, description = "`yes`, `no`, a number or a choice"),
        ("page" = Option<usize>, Query, description = "From 1"),
        ("limit" = Option<usize>, Query, description = "1 to 50, 20 by default"),
    ),
    responses(
        (status = 200, description = "`Applications found`", body = ApplicantSearchResponse),
        (status = 400, description = "A filter or page out of its range, or a search too long", body = ErrorBody),
        (status = 404, description = "`job` is not among the caller's", body = ErrorBody),
        (status = 503, description = "The index is being built (or the search index is off)", body = ErrorBody),
    ))]
pub async fn search(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<ApplicantSearchResponse>> {
    let pairs = query_pairs(query.as_deref());
    let value = |name: &str| pairs.iter().find(|(key, _)| key == name).map(|(_, value)| value.trim());
    let words = value("q").unwrap_or("");
    if words.chars().count() > MAX_QUERY_CHARS {
        return Err(AppError::bad_request(QUERY_TOO_LONG));
    }
    let stage = match value("stage").filter(|stage| !stage.is_empty()) {
        None => None,
        Some(stage) => match Stage::parse(stage) {
            Some(Stage::Withdrawn) | None => return Err(AppError::bad_request(STAGE_CHOICES)),
            Some(stage) => Some(stage),
        },
    };
    let sift = Sift::parse(&pairs)?;
    let page = number(value("page"), 1, "page must be a whole number from 1")?;
    let limit = number(value("limit"), DEFAULT_LIMIT, LIMIT_RANGE)?;
    if limit > MAX_LIMIT {
        return Err(AppError::bad_request(LIMIT_RANGE));
    }
    if page.saturating_mul(limit) > MAX_DEPTH {
        return Err(AppError::bad_request(TOO_DEEP));
    }
    let search = &listings.search;
    if !search.is_ready() {
        return Err(AppError::Busy(BEING_BUILT.into()));
    }
    let worked = match value("job").filter(|job| !job.is_empty()) {
        Some(job) => match jobs::find_worked(&state.db, job, &caller.id).await? {
            Some(_) => vec![job.to_string()],
            None => return Err(AppError::not_found(JOB_NOT_FOUND)),
        },
        None => repo::jobs_worked(&state.db, &caller.id).await?,
    };
    if worked.is_empty() {
        return Ok(ok(
            "Applications found",
            ApplicantSearchResponse { applications: Vec::new(), total: 0, page, limit },
        ));
    }
    let index = &search.applicants;
    let searched = index.search_words(words);
    let query = ApplicantQuery {
        jobs: &worked,
        stage: stage.map(Stage::as_str),
        meets_all: sift.meets_all,
        answer: sift.answer.as_deref(),
        offset: (page - 1) * limit,
        limit,
    };
    let hits =
        crate::jobs::search::indexer::blocking(|| index.search(&query, &searched)).map_err(AppError::internal)?;
    // Read again under the same rule and filters the index was asked with: what changed since it
    // was indexed (a withdrawal, a deletion, a member's removal, a move) is left out at once.
    let worked: std::collections::HashSet<&str> = worked.iter().map(String::as_str).collect();
    let mut found = repo::worked_among(&state.db, &hits.ids, &worked).await?;
    found.retain(|(row, _)| stage.is_none_or(|stage| row.stage == stage) && sift.keeps(row));
    found.sort_by_key(|(row, _)| hits.ids.iter().position(|id| *id == row.id));
    let applications = found
        .into_iter()
        .map(|found| {
            let snippet = snippet_of(index, &searched, hits.typos, &found);
            FoundApplication { application: shown_to(&state, Viewer::Recruiter, &caller.id, found), snippet }
        })
        .collect();
    Ok(ok("Applications found", ApplicantSearchResponse { applications, total: hits.total, page, limit }))
}

fn snippet_of(
    index: &crate::jobs::search::applicants::ApplicantIndex,
    words: &crate::jobs::search::applicants::SearchWords,
    typos: bool,
    (row, _): &Found,
) -> Option<Snippet> {
    let answers = crate::jobs::questions::answers_text(&row.answers);
    let skills = serde_json::from_str::<Vec<String>>(&row.skills).unwrap_or_default().join(", ");
    let name = format!("{} {}", row.first_name, row.last_name);
    index.snippet(
        words,
        typos,
        &[
            (SnippetSource::Resume, row.resume_text.as_str()),
            (SnippetSource::Statement, row.sop.as_str()),
            (SnippetSource::Answers, answers.as_str()),
            (SnippetSource::Skills, skills.as_str()),
            (SnippetSource::Name, name.as_str()),
        ],
    )
}

/// A whole number of at least 1, `default` when absent.
fn number(value: Option<&str>, default: usize, refusal: &str) -> Result<usize, AppError> {
    match value.filter(|value| !value.is_empty()) {
        None => Ok(default),
        Some(value) => value.parse::<usize>().ok().filter(|n| *n >= 1).ok_or_else(|| AppError::bad_request(refusal)),
    }
}
