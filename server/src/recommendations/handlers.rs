use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::session::Applicant;
use crate::applications::repo as applications;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody};
use crate::jobs::Listings;
use crate::jobs::model::Job;
use crate::jobs::search::{Wanted, skills_matched};
use crate::profiles::model::Education;
use crate::profiles::repo as profiles;
use crate::state::AppState;

const DEFAULT_LIMIT: usize = 20;
const MAX_LIMIT: usize = 50;
/// Profile words that add to a job's rank: the first this many distinct ones of four letters or more.
const PROFILE_WORDS: usize = 30;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ForYouParams {
    /// How many jobs, 1 to 50. Default 20.
    pub limit: Option<usize>,
}

/// A job recommended to the caller, and why.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub job: Job,
    /// The caller's skills the job asks for or names in its title, as the caller wrote them.
    pub matched_skills: Vec<String>,
    /// "Matches 2 of your 3 skills: Rust, SQL".
    pub reason: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForYouResponse {
    /// Best match first; empty when the caller has no skills in their profile yet.
    pub data: Vec<Recommendation>,
    /// How many skills the caller's profile lists (0: ask them to add some).
    pub skill_count: usize,
}

/// Words worth matching in a profile's text: four letters or more, and not the glue of a sentence.
fn profile_words(profile: &str) -> Vec<String> {
    const COMMON: [&str; 24] = [
        "with", "have", "that", "this", "from", "your", "will", "work", "worked", "working", "years", "year", "their",
        "they", "about", "more", "also", "been", "were", "what", "when", "into", "over", "like",
    ];
    let mut seen = HashSet::new();
    profile
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|word| word.chars().count() >= 4 && !COMMON.contains(&word.as_str()))
        .filter(|word| seen.insert(word.clone()))
        .take(PROFILE_WORDS)
        .collect()
}

fn reason(matched: &[String], of: usize) -> String {
    let skills = if of == 1 { "skill".to_string() } else { "skills".to_string() };
    match matched.len() {
        0 => "Related to your profile".to_string(),
        count => format!("Matches {count} of your {of} {skills}: {}", matched.join(", ")),
    }
}

/// Open jobs ranked for the caller by their skills, profile and education, leaving out those they
/// applied to; each says which of their skills it matches.
#[utoipa::path(get, path = "/jobs/forYou", tag = "jobs", security(("bearer" = ["Applicant"])), params(ForYouParams),
    responses(
        (status = 200, description = "`Jobs for you fetched successfully`", body = ForYouResponse),
        (status = 400, description = "`limit` is not 1 to 50", body = ErrorBody),
    ))]
pub async fn jobs_for_you(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Applicant(caller): Applicant,
    params: Result<Query<ForYouParams>, QueryRejection>,
) -> ApiResult<Reply<ForYouResponse>> {
    // Not a number, or given twice: the same answer as a number out of range.
    let limit = match params {
        Ok(Query(params)) => params.limit.unwrap_or(DEFAULT_LIMIT),
        Err(_) => 0,
    };
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::bad_request(format!("limit must be 1 to {MAX_LIMIT}")));
    }
    let profile = profiles::applicant(&state.db, &caller.id).await?;
    let (skills, text, education) = match &profile {
        Some(row) => (
            serde_json::from_str::<Vec<String>>(&row.skills).unwrap_or_default(),
            row.profile.clone(),
            serde_json::from_str::<Vec<Education>>(&row.education).unwrap_or_default(),
        ),
        None => (Vec::new(), String::new(), Vec::new()),
    };
    let skills: Vec<String> = skills.into_iter().filter(|skill| !skill.trim().is_empty()).collect();
    if skills.is_empty() {
        return Ok(ok(
            "Add skills to your profile to get jobs for you",
            ForYouResponse { data: Vec::new(), skill_count: 0 },
        ));
    }
    let applied = applications::jobs_applied_to(&state.db, &caller.id).await?;
    let mut boost = profile_words(&text);
    boost.extend(education.iter().map(|entry| entry.institution_name.clone()));
    let wanted = Wanted { skills: &skills, boost: &boost };
    // Best first, each with the caller's skills it matched.
    let ranked: Vec<(Job, Vec<String>)> = listings
        .search
        .recommend(&state.db, &wanted, &applied, limit)
        .await?
        .into_iter()
        .map(|job| {
            let matched = skills_matched(&skills, &job);
            (job, matched)
        })
        .collect();
    let data = ranked
        .into_iter()
        .map(|(job, matched_skills)| {
            let reason = reason(&matched_skills, skills.len());
            Recommendation { job, matched_skills, reason }
        })
        .collect();
    Ok(ok("Jobs for you fetched successfully", ForYouResponse { data, skill_count: skills.len() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_names_the_matched_skills_out_of_all() {
        assert_eq!(reason(&["Rust".into(), "SQL".into()], 3), "Matches 2 of your 3 skills: Rust, SQL");
        assert_eq!(reason(&["Rust".into()], 1), "Matches 1 of your 1 skill: Rust");
        assert_eq!(reason(&[], 4), "Related to your profile");
    }

    #[test]
    fn profile_words_leave_out_short_and_common_words_and_repeats() {
        assert_eq!(
            profile_words("I have worked with Kubernetes and Postgres; Kubernetes daily."),
            ["kubernetes", "postgres", "daily"]
        );
    }
}
