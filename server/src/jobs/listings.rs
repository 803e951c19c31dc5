//! The jobs as searches and their pages read them, derived from the database.

use std::sync::Arc;

use crate::db::Db;

use super::cache::JobCache;
use super::search::Search;

/// The jobs as searches and their pages read them: the search index and the job cache, both
/// derived from the database and kept in step with it through the change log.
pub struct Listings {
    pub search: Arc<Search>,
    pub cache: Arc<JobCache>,
}

impl Listings {
    /// After a write that changes a job as searches see it (posted, edited, deleted, or a new
    /// application count): this instance's index and cache take the logged change before the
    /// writer gets its answer.
    pub async fn changed(&self, db: &Db) {
        self.search.sync(db).await;
        self.cache.sync(db).await;
    }

    /// After a write that changed a job's applications count, which the change log leaves out:
    /// this instance forgets the job before the writer gets its answer (PostgreSQL tells the
    /// others, `jobs::cache`).
    pub fn count_changed(&self, job_id: &str) {
        self.cache.forget([job_id]);
    }
}
