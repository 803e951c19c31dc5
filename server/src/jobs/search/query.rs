//! What a search asks for: the query string of `/jobs/alljobs` (and of a saved search) parsed and
//! checked. User text is reduced to word tokens here, so no input can form query syntax in the
//! index or in SQL.

use utoipa::IntoParams;

use crate::http::error::AppError;
use crate::jobs::model::{JobType, WorkMode};

pub const DEFAULT_PAGE_SIZE: i64 = 50;
pub const MAX_PAGE_SIZE: i64 = 100;
/// The "posted within" choices the facets count, in days: those the web app offers.
pub const POSTED_WITHIN_CHOICES: [i64; 3] = [1, 7, 30];
const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// Words of a query beyond this are ignored, which bounds the cost of one search.
const MAX_TERMS: usize = 8;

/// What `/jobs/alljobs` was asked for, parsed from its query string.
#[derive(Clone, Debug, Default, PartialEq, Eq, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JobSearch {
    /// Words matched case-insensitively by their stem ("engineers" finds "Engineer") against title,
    /// skills, company, location and description (all must match; the last, of two letters or more,
    /// also stands for the whole words it begins that jobs use in a title, skills, company or
    /// location).
    #[param(value_type = Option<String>)]
    pub q: Vec<String>,
    /// `Full-time`, `Part-time` or `Internship`; repeat for several (they combine as OR).
    #[param(value_type = Option<Vec<String>>, rename = "jobType")]
    pub job_types: Vec<String>,
    /// `On-site`, `Hybrid` or `Remote`; repeat for several (they combine as OR).
    #[param(value_type = Option<Vec<String>>, rename = "workMode")]
    pub work_modes: Vec<String>,
    /// A category `_id`.
    pub category: Option<String>,
    /// A company's `slug`: only its jobs.
    pub company: Option<String>,
    /// Words of the location, case-insensitive (all must match).
    pub location: Option<String>,
    /// Lowest monthly salary, in rupees: a job matches when its salary, or the top of its range,
    /// reaches it.
    #[param(rename = "salaryMin", minimum = 0)]
    pub salary_min: Option<i64>,
    /// Only open jobs: the deadline has not passed, places are left, and the recruiter has not closed it.
    #[param(rename = "openOnly", value_type = Option<bool>)]
    pub open_only: bool,
    /// Page number, from 1. Default 1.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub page: i64,
    /// Jobs per page, 1 to 100. Default 50.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub limit: i64,
    /// Only jobs posted within this many days (1 to 3650).
    #[param(rename = "postedWithin", minimum = 1, maximum = 3650)]
    pub posted_within_days: Option<i64>,
    /// `relevance` (best match first; the default, and newest first without `q`) or `newest`.
    #[param(value_type = Option<String>, pattern = "^(relevance|newest)$")]
    pub sort: SortOrder,
    /// The words exactly as typed: no misspelt word is corrected (what "Search instead for ..."
    /// asks after a correction).
    #[param(rename = "asTyped", value_type = Option<bool>)]
    pub as_typed: bool,
    /// Only jobs posted after the first `seq` and up to the second (the alerts' window); never from
    /// a URL.
    #[param(ignore)]
    pub seq_window: Option<(i64, i64)>,
}

/// The order of search results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortOrder {
    #[default]
    Relevance,
    Newest,
}

impl JobSearch {
    /// The search a query string asks for; anything `/jobs/alljobs` refuses is a 400 naming it,
    /// saved searches included (their alerts run this same parse).
    pub fn parse(query: Option<&str>) -> Result<Self, AppError> {
        let mut search = Self { page: 1, limit: DEFAULT_PAGE_SIZE, ..Self::default() };
        for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            // As `error::reject_nul` answers a URL's query: PostgreSQL cannot take a NUL in a text
            // value, so a saved search holding one would fail every alert run.
            if key.contains('\0') || value.contains('\0') {
                return Err(crate::http::error::nul_in(&key.replace('\0', "")));
            }
            let value = value.trim();
            match key.as_ref() {
                "q" => search.q = terms(value),
                "jobType" if value.is_empty() => {}
                "jobType" => {
                    match JobType::ALL.map(JobType::as_str).into_iter().find(|kind| kind.eq_ignore_ascii_case(value)) {
                        Some(kind) if !search.job_types.iter().any(|k| k == kind) => {
                            search.job_types.push(kind.to_string())
                        }
                        Some(_) => {}
                        None => {
                            return Err(AppError::bad_request("jobType must be Full-time, Part-time or Internship"));
                        }
                    }
                }
                "category" => search.category = Some(value.to_string()).filter(|v| !v.is_empty()),
                "company" => search.company = Some(value.to_string()).filter(|v| !v.is_empty()),
                "location" => search.location = Some(value.to_lowercase()).filter(|v| !v.is_empty()),
                "workMode" if value.is_empty() => {}
                "workMode" => match WorkMode::parse(value) {
                    Some(mode) if !search.work_modes.iter().any(|m| m == mode.as_str()) => {
                        search.work_modes.push(mode.as_str().to_string())
                    }
                    Some(_) => {}
                    None => return Err(AppError::bad_request("workMode must be On-site, Hybrid or Remote")),
                },
                "salaryMin" if value.is_empty() => {}
                "salaryMin" => match value.parse::<i64>() {
                    Ok(salary) if salary >= 0 => search.salary_min = Some(salary),
                    _ => return Err(AppError::bad_request("salaryMin must be a whole number of rupees")),
                },
                "openOnly" => {
                    search.open_only = match value {
                        "" | "false" | "0" => false,
                        "true" | "1" => true,
                        _ => return Err(AppError::bad_request("openOnly must be true or false")),
                    }
                }
                "asTyped" => {
                    search.as_typed = match value {
                        "" | "false" | "0" => false,
                        "true" | "1" => true,
                        _ => return Err(AppError::bad_request("asTyped must be true or false")),
                    }
                }
                "page" => match value.parse::<i64>() {
                    Ok(page) if page >= 1 => search.page = page,
                    _ => return Err(AppError::bad_request("page must be a whole number from 1")),
                },
                "postedWithin" if value.is_empty() => {}
                "postedWithin" => match value.parse::<i64>() {
                    Ok(days) if (1..=3650).contains(&days) => search.posted_within_days = Some(days),
                    _ => {
                        return Err(AppError::bad_request(
                            "postedWithin must be a whole number of days from 1 to 3650",
                        ));
                    }
                },
                "sort" => {
                    search.sort = match value {
                        "" | "relevance" => SortOrder::Relevance,
                        "newest" => SortOrder::Newest,
                        _ => return Err(AppError::bad_request("sort must be relevance or newest")),
                    }
                }
                "limit" => match value.parse::<i64>() {
                    Ok(limit) if (1..=MAX_PAGE_SIZE).contains(&limit) => search.limit = limit,
                    _ => return Err(AppError::bad_request("limit must be a whole number from 1 to 100")),
                },
                _ => {}
            }
        }
        Ok(search)
    }

    pub(crate) fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.limit)
    }

    /// The positions this page covers in the whole ordered result: `start..end`.
    pub fn bounds(&self) -> (i64, i64) {
        (self.offset(), self.offset().saturating_add(self.limit))
    }
}

/// The time a job must be posted at or after to be posted within `days` of `now`: rounded down to
/// the minute, so the searches of one minute share one boundary; a job posted up to a minute
/// earlier than the exact bound is in.
pub fn posted_since(now: i64, days: i64) -> i64 {
    const MINUTE: i64 = 60 * 1000;
    (now - days * DAY_MILLIS).div_euclid(MINUTE) * MINUTE
}

/// The words of a query: runs of letters and digits, lower-cased. Everything else separates words,
/// so quotes, stars, parentheses, colons and operators never reach a query language.
pub fn terms(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .take(MAX_TERMS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_text_becomes_plain_words() {
        assert_eq!(
            terms("  Rust \"DEV\"* (pune) -remote NEAR: a:b "),
            ["rust", "dev", "pune", "remote", "near", "a", "b"]
        );
        assert!(terms("\"*()-:^").is_empty());
        assert_eq!(terms("one two three four five six seven eight nine").len(), 8);
    }

    #[test]
    fn the_search_is_parsed_and_checked() {
        let search = JobSearch::parse(Some("q=Rust&jobType=Full-time&jobType=internship&jobType=Full-time&salaryMin=1000&openOnly=true&page=2&limit=10&location=Pune")).unwrap();
        assert_eq!(search.q, ["rust"]);
        assert_eq!(search.job_types, ["Full-time", "Internship"]);
        assert_eq!((search.salary_min, search.open_only, search.page, search.limit), (Some(1000), true, 2, 10));
        assert_eq!(search.location.as_deref(), Some("pune"));
        let search = JobSearch::parse(Some("postedWithin=7&sort=newest")).unwrap();
        assert_eq!((search.posted_within_days, search.sort), (Some(7), SortOrder::Newest));
        for bad in [
            "jobType=Contract",
            "salaryMin=-1",
            "salaryMin=lots",
            "openOnly=maybe",
            "page=0",
            "limit=101",
            "postedWithin=0",
            "postedWithin=week",
            "sort=oldest",
            "location=a%00",
            "category=%00",
            "other%00=x",
        ] {
            assert!(JobSearch::parse(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn posted_within_starts_at_a_whole_minute_at_or_before_the_exact_bound() {
        let now = 1_700_000_123_456; // fixed clock: posted_since is given the time
        let since = posted_since(now, 7);
        assert_eq!(since % 60_000, 0);
        assert!(since <= now - 7 * DAY_MILLIS && since > now - 7 * DAY_MILLIS - 60_000);
        // Every search in the same minute shares it.
        assert_eq!(posted_since(now + 1_000, 7), since);
    }
}
