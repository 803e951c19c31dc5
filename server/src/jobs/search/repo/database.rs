//! The database path of search, while the index is first built (or with `SEARCH_INDEX=off`):
//! filters are shared SQL; only the text match differs by engine (SQLite FTS5, PostgreSQL
//! tsvector). Where its answers differ from the index's is in docs/search.md#database-path.

use crate::db::{Db, now_millis};
use crate::jobs::model::{JOB_COLUMNS, Job, JobRow, LISTED, open_at};

use crate::jobs::search::query::{JobSearch, posted_since};

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
    let text = !search.q.is_empty();
    let (statement, from) = filtered(db, search);
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

/// The search's conditions (every filter, and its words in the engine's full-text index) as one
/// `WHERE` with its binds, and the tables they read.
fn filtered(db: &Db, search: &JobSearch) -> (Statement, &'static str) {
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
    if let Some(company) = &search.company {
        let placeholder = statement.bind(Bind::Text(company.clone()));
        statement.and(&format!("j.company_id = (SELECT co.id FROM companies co WHERE co.slug = {placeholder})"));
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
        let placeholder = statement.bind(Bind::Int(posted_since(now_millis(), days)));
        statement.and(&format!("j.date_of_posting >= {placeholder}"));
    }
    if search.open_only {
        let placeholder = statement.bind(Bind::Int(now_millis()));
        statement.and(&open_at(&placeholder));
    }
    (statement, from)
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
    use crate::jobs::search::query::terms;

    #[test]
    fn words_become_whole_word_queries() {
        let words = terms("rust pune");
        assert_eq!(fts5_query(&words), "{title company location} : (\"rust\" AND \"pune\")");
        assert_eq!(tsquery(&words, "ABC"), "rust:ABC & pune:ABC");
        assert_eq!(tsquery(&words, ""), "rust & pune");
    }
}
