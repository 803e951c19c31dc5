//! Browsing and searching listed jobs. Filters are shared SQL; only the text match differs by
//! engine (SQLite FTS5, PostgreSQL tsvector). User text is reduced to word tokens before it reaches
//! either query language, so no input can form query syntax.

use utoipa::IntoParams;

use crate::db::{Db, now_millis};
use crate::error::AppError;

use super::model::{FoundJob, JOB_COLUMNS, Job, JobRow, JobType, LISTED, WorkMode, open_at};

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
                return Err(crate::error::nul_in(&key.replace('\0', "")));
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

    fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.limit)
    }

    /// The positions this page covers in the whole ordered result: `start..end`.
    pub fn bounds(&self) -> (i64, i64) {
        (self.offset(), self.offset().saturating_add(self.limit))
    }
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

/// FTS5: every word, by its stem, in title, company or location. Whole words, not prefixes: a
/// prefix makes FTS5 gather every matching document before it can return the first.
fn fts5_query(terms: &[String]) -> String {
    let phrases: Vec<String> = terms.iter().map(|term| format!("\"{term}\"")).collect();
    format!("{{title company location}} : ({})", phrases.join(" AND "))
}

/// PostgreSQL: every word, by its stem; `weights` limits where a word may match.
fn tsquery(terms: &[String], weights: &str) -> String {
    terms
        .iter()
        .map(|term| if weights.is_empty() { term.clone() } else { format!("{term}:{weights}") })
        .collect::<Vec<_>>()
        .join(" & ")
}

#[derive(Clone)]
enum Bind {
    Text(String),
    Int(i64),
}

/// SQL with numbered placeholders and the values they take, in order.
struct Statement {
    where_sql: String,
    binds: Vec<Bind>,
}

impl Statement {
    fn bind(&mut self, value: Bind) -> String {
        self.binds.push(value);
        format!("${}", self.binds.len())
    }

    fn and(&mut self, condition: &str) {
        self.where_sql.push_str(" AND ");
        self.where_sql.push_str(condition);
    }
}

macro_rules! bind_all {
    ($query:expr, $binds:expr) => {{
        let mut query = $query;
        for value in $binds {
            query = match value {
                Bind::Text(text) => query.bind(text.clone()),
                Bind::Int(number) => query.bind(*number),
            };
        }
        query
    }};
}

/// Matches counted before `total` stops counting: beyond this a count costs more than it tells.
pub const COUNT_CAP: i64 = 1_000;
/// With text, the newest this-many matches are ranked by relevance and come first; the matches
/// after them follow newest first. One fixed order, so pages never overlap or skip, at a cost that
/// does not grow with the number of matches.
pub const RANKED_WINDOW: i64 = 200;

/// One page of matching jobs, the number that match (counted up to `COUNT_CAP`), and whether the
/// count stopped at the cap.
#[tracing::instrument(skip_all)]
pub async fn search(db: &Db, search: &JobSearch) -> Result<(Vec<Job>, i64, bool), sqlx::Error> {
    let mut statement = Statement { where_sql: LISTED.into(), binds: Vec::new() };
    let text = !search.q.is_empty();
    let from = match (db, text) {
        (Db::Sqlite(_), true) => {
            let placeholder = statement.bind(Bind::Text(fts5_query(&search.q)));
            statement.and(&format!("jobs_fts MATCH {placeholder}"));
            "jobs_fts JOIN jobs j ON j.seq = jobs_fts.rowid"
        }
        (Db::Postgres(_), true) => {
            let placeholder = statement.bind(Bind::Text(tsquery(&search.q, "ABC")));
            statement.and(&format!("j.search @@ to_tsquery('english', {placeholder})"));
            "jobs j"
        }
        (_, false) => "jobs j",
    };
    if !search.job_types.is_empty() {
        let placeholders: Vec<String> =
            search.job_types.iter().map(|kind| statement.bind(Bind::Text(kind.clone()))).collect();
        statement.and(&format!("j.job_type IN ({})", placeholders.join(", ")));
    }
    if let Some((after, until)) = search.seq_window {
        let after = statement.bind(Bind::Int(after));
        let until = statement.bind(Bind::Int(until));
        statement.and(&format!("j.seq > {after} AND j.seq <= {until}"));
    }
    if let Some(category) = &search.category {
        let placeholder = statement.bind(Bind::Text(category.clone()));
        statement.and(&format!("j.category_id = {placeholder}"));
    }
    if let Some(location) = &search.location {
        let pattern = format!("%{}%", location.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
        let placeholder = statement.bind(Bind::Text(pattern));
        statement.and(&format!("lower(j.location) LIKE {placeholder} ESCAPE '\\'"));
    }
    if !search.work_modes.is_empty() {
        let placeholders: Vec<String> =
            search.work_modes.iter().map(|mode| statement.bind(Bind::Text(mode.clone()))).collect();
        statement.and(&format!("j.work_mode IN ({})", placeholders.join(", ")));
    }
    if let Some(salary) = search.salary_min {
        let placeholder = statement.bind(Bind::Int(salary));
        statement.and(&format!("COALESCE(j.salary_max, j.salary) >= {placeholder}"));
    }
    if let Some(days) = search.posted_within_days {
        let placeholder = statement.bind(Bind::Int(now_millis() - days * DAY_MILLIS));
        statement.and(&format!("j.date_of_posting >= {placeholder}"));
    }
    if search.open_only {
        let placeholder = statement.bind(Bind::Int(now_millis()));
        statement.and(&open_at(&placeholder));
    }
    let where_sql = statement.where_sql.clone();
    // Newest first: on SQLite the full-text table streams its rowids (= seq) in that order.
    let newest = if matches!(db, Db::Sqlite(_)) && text { "jobs_fts.rowid DESC" } else { "j.seq DESC" };

    // Only listed jobs are in SQLite's text index, so a text-only count needs no join.
    let count_sql = match db {
        Db::Sqlite(_) if text && statement.binds.len() == 1 => {
            format!(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT 1 FROM jobs_fts WHERE jobs_fts MATCH $1 LIMIT {}) capped",
                COUNT_CAP + 1
            )
        }
        _ => format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT 1 FROM {from} WHERE {where_sql} LIMIT {}) capped",
            COUNT_CAP + 1
        ),
    };
    let (start, end) = search.bounds();

    // The ranked part of the page: positions start..end that fall in the window. It also says how
    // many matches the window holds: fewer than the window's size means that is every match.
    let ranked = (text && start < RANKED_WINDOW).then(|| {
        let mut binds = statement.binds.clone();
        let mut bind = |value: Bind| {
            binds.push(value);
            format!("${}", binds.len())
        };
        let score = match db {
            Db::Sqlite(_) => "bm25(jobs_fts, 8.0, 4.0, 2.0, 1.0)".to_string(),
            Db::Postgres(_) => {
                // Ranked with every term anywhere, description included; higher is better.
                let ranking = bind(Bind::Text(tsquery(&search.q, "")));
                format!("-ts_rank(j.search, to_tsquery('english', {ranking}))")
            }
        };
        let limit = bind(Bind::Int(end.min(RANKED_WINDOW) - start));
        let offset = bind(Bind::Int(start));
        let sql = format!(
            "WITH window_matches AS (SELECT j.seq AS seq, {score} AS score FROM {from} WHERE {where_sql} \
             ORDER BY {newest} LIMIT {RANKED_WINDOW}) \
             SELECT {JOB_COLUMNS}, CAST((SELECT COUNT(*) FROM window_matches) AS BIGINT) AS window_total \
             FROM window_matches m JOIN jobs j ON j.seq = m.seq JOIN categories c ON c.id = j.category_id \
             ORDER BY m.score, m.seq DESC LIMIT {limit} OFFSET {offset}"
        );
        (sql, binds)
    });
    // The newest-first part: everything after the window (or all of it, without text).
    let newest_start = if text { start.max(RANKED_WINDOW) } else { start };
    let newest = (newest_start < end).then(|| {
        let mut binds = statement.binds.clone();
        binds.push(Bind::Int(end - newest_start));
        binds.push(Bind::Int(newest_start));
        let sql = format!(
            "SELECT {JOB_COLUMNS} FROM {from} JOIN categories c ON c.id = j.category_id WHERE {where_sql} \
             ORDER BY {newest} LIMIT ${} OFFSET ${}",
            binds.len() - 1,
            binds.len()
        );
        (sql, binds)
    });

    let filter_binds = &statement.binds[..];
    crate::dispatch!(db, |pool| {
        let mut rows: Vec<JobRow> = Vec::new();
        let mut counted = None;
        if let Some((sql, binds)) = ranked {
            let ranked: Vec<RankedRow> =
                bind_all!(sqlx::query_as::<_, RankedRow>(sqlx::AssertSqlSafe(sql)), &binds).fetch_all(pool).await?;
            counted = ranked.first().map(|row| row.window_total).filter(|total| *total < RANKED_WINDOW);
            rows.extend(ranked.into_iter().map(|row| row.job));
        }
        if let Some((sql, binds)) = newest {
            rows.extend(
                bind_all!(sqlx::query_as::<_, JobRow>(sqlx::AssertSqlSafe(sql)), &binds).fetch_all(pool).await?,
            );
        }
        let total = match counted {
            Some(total) => total,
            None => {
                bind_all!(sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(count_sql)), filter_binds)
                    .fetch_one(pool)
                    .await?
                    .0
            }
        };
        Ok((rows.into_iter().map(Job::from).collect(), total.min(COUNT_CAP), total > COUNT_CAP))
    })
}

/// A page answered by the search index: the jobs in the index's order (read from the database
/// by `seq`, so the application count is live), the exact total, the words searched when a typo
/// was forgiven, and the facet counts.
pub struct IndexedPage {
    pub jobs: Vec<FoundJob>,
    pub total: i64,
    /// False when `total` is an estimate (past `index::EXACT_COUNT_LIMIT` matches).
    pub total_exact: bool,
    /// False when the facet counts are estimates.
    pub facets_exact: bool,
    pub corrected: Option<Vec<String>>,
    pub categories: std::collections::BTreeMap<String, usize>,
    pub job_types: std::collections::BTreeMap<String, usize>,
    pub work_modes: std::collections::BTreeMap<String, usize>,
    /// Per "posted within" choice (`POSTED_WITHIN_CHOICES`, and the chosen number of days when it
    /// is another), in days.
    pub posted_within: std::collections::BTreeMap<String, usize>,
}

/// How deep the index pages: a page must end within the first this-many results. Ranking `n`
/// results costs memory in proportion to `n`, so an anonymous request cannot ask for millions.
pub const MAX_RESULT_WINDOW: i64 = 10_000;
pub const TOO_DEEP: &str = "Results stop at 10000: narrow the search to see more";

/// Searches through the index; the index never holds a database connection while it ranks.
#[tracing::instrument(skip_all)]
pub async fn search_index(
    db: &Db,
    index: &super::index::JobIndex,
    search: &JobSearch,
) -> Result<IndexedPage, AppError> {
    use super::index::{IndexQuery, Sort};
    if search.bounds().1 > MAX_RESULT_WINDOW {
        return Err(AppError::bad_request(TOO_DEEP));
    }
    // One clock for the filters and the facets: a choice's count is the total it would give.
    let now = now_millis();
    let mut posted_days = POSTED_WITHIN_CHOICES.to_vec();
    if let Some(days) = search.posted_within_days.filter(|days| !posted_days.contains(days)) {
        posted_days.push(days);
    }
    let query = IndexQuery {
        words: search.q.clone(),
        categories: search.category.iter().cloned().collect(),
        job_types: search.job_types.clone(),
        work_modes: search.work_modes.clone(),
        location: search.location.as_deref().map(terms).unwrap_or_default(),
        salary_min: search.salary_min,
        posted_since: search.posted_within_days.map(|days| now - days * DAY_MILLIS),
        posted_choices: posted_days.iter().map(|days| now - days * DAY_MILLIS).collect(),
        open_at: search.open_only.then_some(now),
        sort: match search.sort {
            SortOrder::Relevance => Sort::Relevance,
            SortOrder::Newest => Sort::Newest,
        },
        offset: search.offset() as usize,
        limit: search.limit as usize,
        as_typed: search.as_typed,
        seq_window: search.seq_window.map(|(after, until)| (after.max(0) as u64, until.max(0) as u64)),
        exact_count_limit: None,
    };
    let hits = super::indexer::blocking(|| index.search(&query)).map_err(AppError::internal)?;
    let jobs = super::repo::by_seq(db, &hits.seqs, None)
        .await?
        .into_iter()
        .map(|job| {
            let matches = (!search.q.is_empty()).then(|| index.title_matches(&job.title, &hits.matched));
            FoundJob { job, title_matches: matches }
        })
        .collect();
    Ok(IndexedPage {
        jobs,
        total: hits.total as i64,
        total_exact: hits.total_exact,
        facets_exact: hits.facets_exact,
        corrected: hits.corrected,
        categories: hits.categories,
        job_types: hits.job_types,
        work_modes: hits.work_modes,
        posted_within: posted_days.iter().map(|days| days.to_string()).zip(hits.posted).collect(),
    })
}

/// A ranked job and how many matches the ranked window held.
#[derive(sqlx::FromRow)]
struct RankedRow {
    #[sqlx(flatten)]
    job: JobRow,
    window_total: i64,
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
    fn words_become_whole_word_queries() {
        let words = terms("rust pune");
        assert_eq!(fts5_query(&words), "{title company location} : (\"rust\" AND \"pune\")");
        assert_eq!(tsquery(&words, "ABC"), "rust:ABC & pune:ABC");
        assert_eq!(tsquery(&words, ""), "rust & pune");
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
}
