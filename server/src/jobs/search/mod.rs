//! Finding jobs: the one place where /jobs, category pages, saved-search alerts and jobs for you
//! search, so that they agree (docs/rules.md#search). The embedded Tantivy index answers once it
//! holds every listed job; while it is first built (or with `SEARCH_INDEX=off`) the database
//! answers behind the same calls, and docs/search.md#database-path says where its answers differ.
//!
//! - `query`: what a search asks for, parsed from a query string (a URL's or a saved search's);
//! - `index`: the Tantivy index (schema, analysis, matching, ranking, bounded counts);
//! - `indexer`: `Search`, the index kept in step with the database through the change log;
//! - `repo`: what the indexer reads from the database, and (`repo::database`) the SQL path;
//! - `applicants`: the private index of applications their hiring teams search, kept beside the
//!   job index by the same indexer (`repo::applicants` reads it from the database).

pub mod applicants;
pub mod index;
pub mod indexer;
pub mod query;
pub mod repo;

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{Db, now_millis};
use crate::http::error::AppError;
use crate::jobs::model::{FoundJob, Job};
use crate::jobs::repo::by_seq;

pub use indexer::Search;
pub use query::{DEFAULT_PAGE_SIZE, JobSearch, MAX_PAGE_SIZE, POSTED_WITHIN_CHOICES, SortOrder, posted_since, terms};

/// How deep the index pages: a page must end within the first this-many results. Ranking `n`
/// results costs memory in proportion to `n`, so an anonymous request cannot ask for millions.
pub const MAX_RESULT_WINDOW: i64 = 10_000;
pub const TOO_DEEP: &str = "Results stop at 10000: narrow the search to see more";
/// Without the index, jobs for you match the skills against the newest this-many open jobs.
const RECOMMEND_WINDOW: i64 = 100;

/// Which path answers a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    Index,
    Database,
}

/// One page of a search, whichever path answered it.
pub struct Found {
    /// The page's jobs in order, read from the database (so the application count is live).
    pub jobs: Vec<FoundJob>,
    /// How many match: exact while `total_exact`.
    pub total: i64,
    /// False when `total` is an estimate (the index, past `index::EXACT_COUNT_LIMIT` matches) or
    /// a count that stopped (`total_capped`).
    pub total_exact: bool,
    /// The database path stopped counting at `repo::database::COUNT_CAP`.
    pub total_capped: bool,
    /// Set when a word was taken for a misspelling: the words searched, as the jobs spell them.
    pub corrected: Option<Vec<String>>,
    /// Matches per choice of each filter (the index only).
    pub facets: Option<Facets>,
}

/// Matches per choice of a filter, for the words and every other filter. A value no match has is
/// left out of `categories`, `jobTypes` and `workModes`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Facets {
    /// Per category `_id`, with every filter but `category`.
    pub categories: BTreeMap<String, usize>,
    /// Per job type, with every filter but `jobType`.
    pub job_types: BTreeMap<String, usize>,
    /// Per work mode (`On-site`, `Hybrid`, `Remote`), with every filter but `workMode`.
    pub work_modes: BTreeMap<String, usize>,
    /// Per number of days of `postedWithin`, with every filter but `postedWithin`: always `1`,
    /// `7` and `30`, and the number asked for when it is another.
    pub posted_within: BTreeMap<String, usize>,
    /// Whether every count here is exact: past 1,000 matches they are estimated, like `total`,
    /// and a chosen filter's own counts past 1,000.
    pub exact: bool,
}

/// What jobs for you look for: a job must hold one of the `skills`; `boost` words (from the
/// profile's text and education) only raise its rank.
pub struct Wanted<'a> {
    pub skills: &'a [String],
    pub boost: &'a [String],
}

impl Search {
    /// The path searches take now: the index once it is ready.
    pub fn path(&self) -> Path {
        if self.is_ready() { Path::Index } else { Path::Database }
    }

    /// The path of a search that must see every change logged so far (an alert must not pass a
    /// job over): the index once it has applied them all; the database while it is first built or
    /// when it cannot read the change log.
    pub async fn caught_up(&self, db: &Db) -> Path {
        if self.sync(db).await { Path::Index } else { Path::Database }
    }

    /// One page of jobs for `search`, on the path searches take now.
    pub async fn find(&self, db: &Db, search: &JobSearch) -> Result<Found, AppError> {
        self.find_on(self.path(), db, search).await
    }

    /// One page of jobs for `search` on `path`.
    #[tracing::instrument(skip_all)]
    pub async fn find_on(&self, path: Path, db: &Db, search: &JobSearch) -> Result<Found, AppError> {
        match path {
            Path::Index => self.find_in_index(db, search).await,
            Path::Database => {
                let (jobs, total, capped) = repo::database::search(db, search).await?;
                Ok(Found {
                    jobs: jobs.into_iter().map(FoundJob::from).collect(),
                    total,
                    total_exact: !capped,
                    total_capped: capped,
                    corrected: None,
                    facets: None,
                })
            }
        }
    }

    /// Searches through the index; the index never holds a database connection while it ranks.
    async fn find_in_index(&self, db: &Db, search: &JobSearch) -> Result<Found, AppError> {
        use index::{IndexQuery, Sort};
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
            company: search.company.clone(),
            job_types: search.job_types.clone(),
            work_modes: search.work_modes.clone(),
            location: search.location.as_deref().map(terms).unwrap_or_default(),
            salary_min: search.salary_min,
            posted_since: search.posted_within_days.map(|days| posted_since(now, days)),
            posted_choices: posted_days.iter().map(|days| posted_since(now, *days)).collect(),
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
        let index = &self.index;
        let hits = index.search(&query).map_err(AppError::internal)?;
        let jobs = by_seq(db, &hits.seqs, None)
            .await?
            .into_iter()
            .map(|job| {
                let matches = (!search.q.is_empty()).then(|| index.title_matches(&job.title, &hits.matched));
                FoundJob { job, title_matches: matches }
            })
            .collect();
        Ok(Found {
            jobs,
            total: hits.total as i64,
            total_exact: hits.total_exact,
            total_capped: false,
            corrected: hits.corrected,
            facets: Some(Facets {
                categories: hits.categories,
                job_types: hits.job_types,
                work_modes: hits.work_modes,
                posted_within: posted_days.iter().map(|days| days.to_string()).zip(hits.posted).collect(),
                exact: hits.facets_exact,
            }),
        })
    }

    /// Open jobs for `wanted`, best first, at most `limit`, leaving out `excluded` (`seq`, `_id`:
    /// the jobs the person applied to). The index ranks every open job by BM25 over the same text
    /// as searches; the database path matches the skills against the newest open jobs and puts
    /// the jobs holding more of them first.
    #[tracing::instrument(skip_all)]
    pub async fn recommend(
        &self,
        db: &Db,
        wanted: &Wanted<'_>,
        excluded: &[(i64, String)],
        limit: usize,
    ) -> Result<Vec<Job>, AppError> {
        match self.path() {
            Path::Index => {
                let seqs: Vec<u64> = excluded.iter().map(|(seq, _)| *seq as u64).collect();
                let index = &self.index;
                // A few more than asked: a job no longer open (its deadline passed since it was
                // indexed) is dropped here.
                let found = indexer::blocking(|| index.recommend(wanted.skills, wanted.boost, &seqs, limit + 5))
                    .map_err(AppError::internal)?;
                let mut jobs = by_seq(db, &found, Some(now_millis())).await?;
                jobs.truncate(limit);
                Ok(jobs)
            }
            Path::Database => {
                let newest = JobSearch {
                    open_only: true,
                    limit: RECOMMEND_WINDOW,
                    page: 1,
                    sort: SortOrder::Newest,
                    ..JobSearch::default()
                };
                let (jobs, _, _) = repo::database::search(db, &newest).await?;
                let excluded: HashSet<&str> = excluded.iter().map(|(_, id)| id.as_str()).collect();
                let mut scored: Vec<(usize, Job)> = jobs
                    .into_iter()
                    .filter(|job| !excluded.contains(job.id.as_str()))
                    .map(|job| (skills_matched(wanted.skills, &job).len(), job))
                    .filter(|(matched, _)| *matched > 0)
                    .collect();
                scored.sort_by_key(|(matched, _)| std::cmp::Reverse(*matched));
                Ok(scored.into_iter().take(limit).map(|(_, job)| job).collect())
            }
        }
    }
}

/// The `skills` a job matches, as given: those among its skillsets (any case), or named in its
/// title (every word of the skill).
pub fn skills_matched(skills: &[String], job: &Job) -> Vec<String> {
    let title_words: HashSet<String> = terms(&job.title).into_iter().collect();
    let asked: HashSet<String> = job.skillsets.iter().map(|skill| skill.trim().to_lowercase()).collect();
    skills
        .iter()
        .filter(|skill| {
            let skill = skill.trim().to_lowercase();
            let words = terms(&skill);
            asked.contains(&skill) || (!words.is_empty() && words.iter().all(|word| title_words.contains(word)))
        })
        .cloned()
        .collect()
}
