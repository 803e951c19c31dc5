//! The search index of listed jobs (docs/rules.md#search): an embedded Tantivy index derived from the
//! database, which stays the source of truth. Words are matched with BM25 over title, skills,
//! company, location and description (English stemming, every word required, the last word also
//! as a prefix, one typo tolerated when the exact words find nothing); filters are indexed and
//! FAST fields; the index answers job `seq`s in order and the page's rows come from the database.
//!
//! `store` opens and writes the index, `schema` is its fields and analysis, `query` a search
//! (matching, ranking, filters, typos), `collectors` the counting and paging that bound a
//! search's work, `recommend` the jobs for a person's skills.

mod collectors;
mod query;
mod recommend;
mod schema;
mod store;
#[cfg(test)]
mod tests;

pub use query::{EXACT_COUNT_LIMIT, FACET_EXACT_LIMIT, Hits, IndexQuery, Matched, Sort};
pub use store::{JobDoc, JobIndex, SCHEMA_VERSION};
