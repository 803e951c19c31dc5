//! Company pages kept drawn: a company's page asked for without a query is drawn once and sent
//! again while nothing it shows can have changed (docs/architecture.md#company-pages-kept):
//!
//! - every write to a job, a company or a category leaves a row in the change log, which each
//!   instance's search index follows and commits: a page is kept with the index's commit count read
//!   before it was drawn (`Search::version`), and is good only while that count stands, so a
//!   commit during its drawing already outdates it;
//! - time changes it too: a page is kept until the next deadline of its company's jobs, and no
//!   later than the next UTC midnight (its cards say how many days ago each job was posted);
//! - while searches go to the database (the index off or being built) nothing is kept.
//!
//! At most `KEPT` pages are kept; past that, all are forgotten at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::http::compress::Ready;

/// The most company pages kept at once.
const KEPT: usize = 2_000;

const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;

struct Kept {
    /// The index's commit count the page was drawn after.
    version: u64,
    /// When it stops being true, whatever the index says.
    until: i64,
    page: Arc<Ready>,
}

#[derive(Default)]
pub struct CompanyPages {
    kept: Mutex<HashMap<String, Kept>>,
}

impl CompanyPages {
    /// The page of the company `slug` (lower case), when it is kept and still true: the index is
    /// at `version` and it is before the page's end.
    pub fn kept(&self, slug: &str, version: Option<u64>, now: i64) -> Option<Arc<Ready>> {
        let version = version?;
        let kept = self.kept.lock().expect("the company pages' lock");
        kept.get(slug).filter(|page| page.version == version && now < page.until).map(|page| page.page.clone())
    }

    /// Keeps `page`, drawn after the index reached `version`, until `next_deadline` (the first of
    /// its company's jobs after `now`) or the next UTC midnight, whichever comes first.
    pub fn keep(&self, slug: String, version: u64, now: i64, next_deadline: Option<i64>, page: Arc<Ready>) {
        let until = until(now, next_deadline);
        let mut kept = self.kept.lock().expect("the company pages' lock");
        if kept.len() >= KEPT && !kept.contains_key(&slug) {
            kept.clear();
        }
        kept.insert(slug, Kept { version, until, page });
    }
}

/// The end of a page drawn at `now`: its company's next deadline, or the next UTC midnight.
fn until(now: i64, next_deadline: Option<i64>) -> i64 {
    let midnight = (now.div_euclid(DAY_MILLIS) + 1) * DAY_MILLIS;
    next_deadline.map_or(midnight, |deadline| deadline.min(midnight))
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderValue, StatusCode};

    use super::*;

    fn page(body: &str) -> Arc<Ready> {
        Arc::new(Ready::new(StatusCode::OK, HeaderValue::from_static("text/html"), body.as_bytes().to_vec()))
    }

    const NOON: i64 = 40 * DAY_MILLIS + DAY_MILLIS / 2;

    #[test]
    fn a_page_is_good_while_the_index_stands_and_until_midnight_or_the_next_deadline() {
        let pages = CompanyPages::default();
        pages.keep("acme".into(), 7, NOON, None, page("acme"));
        assert!(pages.kept("acme", Some(7), NOON + 1).is_some());
        assert!(pages.kept("acme", Some(8), NOON + 1).is_none(), "the index committed since");
        assert!(pages.kept("acme", None, NOON + 1).is_none(), "searches go to the database");
        assert!(pages.kept("acme", Some(7), 41 * DAY_MILLIS - 1).is_some());
        assert!(pages.kept("acme", Some(7), 41 * DAY_MILLIS).is_none(), "a new day: posted days ago change");
        assert!(pages.kept("globex", Some(7), NOON).is_none());

        pages.keep("acme".into(), 7, NOON, Some(NOON + 60_000), page("acme"));
        assert!(pages.kept("acme", Some(7), NOON + 59_999).is_some());
        assert!(pages.kept("acme", Some(7), NOON + 60_000).is_none(), "a job of it closed");
    }

    #[test]
    fn past_the_bound_every_page_is_forgotten_at_once() {
        let pages = CompanyPages::default();
        for n in 0..KEPT {
            pages.keep(format!("company-{n}"), 1, NOON, None, page("x"));
        }
        assert!(pages.kept("company-0", Some(1), NOON).is_some());
        pages.keep("one-more".into(), 1, NOON, None, page("x"));
        assert!(pages.kept("company-0", Some(1), NOON).is_none());
        assert!(pages.kept("one-more", Some(1), NOON).is_some());
    }
}
