//! Sends the alerts that are due: once a day at most per person, the jobs posted since their last
//! alert that match each of their active searches. Every instance may run it: a person's day is
//! claimed in the same transaction as their mail, so two instances never both send it.

use std::sync::Arc;
use std::time::Duration;

use crate::db::now_millis;
use crate::http::error::AppError;
use crate::jobs::search::{JobSearch, Path, Search, SortOrder};
use crate::secrets::Keys;
use crate::secrets::{constant_time_eq, keyed_digest};
use crate::state::AppState;

use super::emails::{self, Section};
use super::repo;

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// People handled per run; the rest are due in the next.
const BATCH: i64 = 200;
/// Jobs listed per search in one e-mail; the rest are a link away.
const SHOWN: usize = 10;
/// New jobs read per search to count them once across searches; beyond, the count says "+".
const COUNTED: i64 = 100;

/// The signature of a search's unsubscribe link: for this purpose and this search only.
pub fn unsubscribe_signature(keys: &Keys, search_id: &str) -> String {
    keyed_digest(&keys.link_key, &format!("alerts-unsubscribe\n{search_id}"))
}

pub fn verify_unsubscribe(keys: &Keys, search_id: &str, given: &str) -> bool {
    constant_time_eq(unsubscribe_signature(keys, search_id).as_bytes(), given.as_bytes())
}

/// The signature of a person's link that stops every alert of theirs: the one a mail client's
/// "Unsubscribe" posts to (List-Unsubscribe), since one e-mail carries all their searches.
pub fn unsubscribe_all_signature(keys: &Keys, user_id: &str) -> String {
    keyed_digest(&keys.link_key, &format!("alerts-unsubscribe-all\n{user_id}"))
}

pub fn verify_unsubscribe_all(keys: &Keys, user_id: &str, given: &str) -> bool {
    constant_time_eq(unsubscribe_all_signature(keys, user_id).as_bytes(), given.as_bytes())
}

/// Sends every alert due at `now`; returns how many e-mails were stored in the outbox. One
/// person's failure (a search the database cannot run) is logged and skipped: it never stops the
/// alerts of the people after them.
pub async fn send_due(state: &AppState, search: &Search, now: i64) -> Result<usize, sqlx::Error> {
    // A job counts once it has been posted `alert_settle`, so one whose transaction commits a
    // moment after a later one's is not passed over.
    let settle = state.config.limits.alert_settle.as_millis() as i64;
    let cutoff = repo::last_seq_posted_by(&state.db, now - settle).await?;
    let not_since = now - DAY_MS;
    let people = repo::people_due(&state.db, cutoff, not_since, BATCH).await?;
    if people.is_empty() {
        return Ok(0);
    }
    // The search /jobs runs: the index, once it has taken every change logged so far (every job up
    // to the cutoff among them); the database while it is first built, or if it cannot catch up.
    let path = search.caught_up(&state.db).await;
    let mut sent = 0;
    for person in people {
        match send_to(state, search, path, &person, cutoff, not_since).await {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(user_id = %person.0, %error, "a saved-search alert could not be sent; skipped");
            }
        }
    }
    if sent > 0 {
        state.outbox.notify();
    }
    Ok(sent)
}

/// One person's alert: the new jobs of each of their active searches, stored as one e-mail; true
/// when it was stored.
async fn send_to(
    state: &AppState,
    search: &Search,
    path: Path,
    (user_id, email, first_name): &(String, String, String),
    cutoff: i64,
    not_since: i64,
) -> Result<bool, AppError> {
    let public_url = &state.config.public_url;
    let searches: Vec<repo::SearchRow> = repo::list(&state.db, user_id)
        .await?
        .into_iter()
        .filter(|search| search.paused_at.is_none() && search.seen_seq < cutoff)
        .collect();
    let mut sections = Vec::new();
    // A job that matches two searches is one new job: counted once, and listed under the first.
    let mut new_jobs = std::collections::HashSet::new();
    let mut more_than_counted = false;
    for saved in &searches {
        let Ok(mut query) = JobSearch::parse(Some(&saved.query)) else { continue };
        query.open_only = true;
        query.page = 1;
        query.limit = COUNTED;
        query.sort = SortOrder::Newest;
        query.seq_window = Some((saved.seen_seq, cutoff));
        let found = search.find_on(path, &state.db, &query).await?;
        let (jobs, total): (Vec<_>, i64) = (found.jobs.into_iter().map(|found| found.job).collect(), found.total);
        more_than_counted |= total > COUNTED;
        let read = jobs.len();
        let unlisted: Vec<_> = jobs.into_iter().filter(|job| new_jobs.insert(job.id.clone())).collect();
        let listed_above = read - unlisted.len();
        let jobs: Vec<_> = unlisted.into_iter().take(SHOWN).collect();
        if total > 0 {
            sections.push(Section {
                name: saved.name.clone(),
                link: format!("{public_url}/jobs?{}", saved.query),
                unsubscribe: format!(
                    "{public_url}/alerts/unsubscribe?search={}&signature={}",
                    saved.id,
                    unsubscribe_signature(&state.keys, &saved.id)
                ),
                jobs,
                total,
                listed_above,
            });
        }
    }
    let ids: Vec<String> = searches.iter().map(|search| search.id.clone()).collect();
    if sections.is_empty() {
        repo::advance(&state.db, &ids, cutoff).await?;
        return Ok(false);
    }
    let count = emails::NewJobs { distinct: new_jobs.len(), at_least: more_than_counted };
    let mut mail = emails::alert(email, first_name, public_url, &sections, count);
    mail.list_unsubscribe = Some(format!(
        "{}/api/v1/alerts/unsubscribe?person={user_id}&signature={}",
        state.config.api_public_url,
        unsubscribe_all_signature(&state.keys, user_id)
    ));
    let sent = repo::send(&state.db, user_id, &ids, cutoff, not_since, &mail).await?;
    if sent {
        metrics::counter!("jobportal_alerts_sent_total").increment(1);
    }
    Ok(sent)
}

/// Looks for due alerts every `ALERT_INTERVAL_SECS` until `stop` changes.
pub async fn run(state: AppState, search: Arc<Search>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let interval = state.config.limits.alert_interval.max(Duration::from_secs(1));
    loop {
        tokio::select! {
            () = tokio::time::sleep(interval) => {}
            _ = stop.changed() => return,
        }
        match send_due(&state, &search, now_millis()).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "saved-search alerts stored in the outbox"),
            Err(error) => tracing::warn!(%error, "the saved-search alerts could not be sent"),
        }
    }
}
