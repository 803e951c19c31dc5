//! The reminder a day before a booked interview, to both sides; and the cancellation of a planned
//! interview whose application was withdrawn, rejected or hired meanwhile. Every instance may run
//! it: each is claimed in the transaction that enqueues its mail (the reminder's time, the
//! interview's sequence), so two instances never both send it.

use std::time::Duration;

use tokio::sync::watch;

use crate::applications::model::Stage;
use crate::db::now_millis;
use crate::http::error::AppError;
use crate::notifications::model::{Kind, Notice};
use crate::notifications::repo as notifications;
use crate::state::AppState;

use super::emails::{self, About};
use super::{handlers, repo};

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Interviews handled per run; the rest are due in the next.
const BATCH: i64 = 100;
/// How often the sweep runs.
const EVERY: Duration = Duration::from_secs(5 * 60);

/// Sends every reminder due at `now`; returns how many interviews were reminded.
pub async fn send_due(state: &AppState, now: i64) -> Result<usize, sqlx::Error> {
    let mut reminded = 0;
    for row in repo::due_reminders(&state.db, now, DAY_MS, BATCH).await? {
        let starts_at = row.starts_at.unwrap_or_default();
        let mut notices = Vec::new();
        for (user_id, about, path) in [
            (
                &row.applicant_id,
                About {
                    to: &row.applicant_email,
                    first_name: &row.applicant_first_name,
                    job_title: &row.title,
                    company: &row.company,
                },
                format!("/dashboard/interviews/{}", row.id),
            ),
            (
                &row.recruiter_id,
                About {
                    to: &row.recruiter_email,
                    first_name: &row.recruiter_first_name,
                    job_title: &row.title,
                    company: &row.company,
                },
                format!("/dashboard/applications/{}/interviews", row.application_id),
            ),
        ] {
            let link = format!("{}{path}", state.config.public_url);
            let wanted = notifications::email_wanted(&state.db, user_id, Kind::Interview).await?;
            notices.push(Notice {
                user_id: user_id.clone(),
                kind: Kind::Interview,
                text: format!("Reminder: the interview for {} is {}", row.title, emails::when(starts_at)),
                link: path,
                ref_id: row.id.clone(),
                mail: wanted.then(|| emails::reminder(&about, starts_at, row.duration_minutes, &row.location, &link)),
            });
        }
        if repo::remind(&state.db, &row.id, row.sequence, &notices).await? {
            reminded += 1;
            state.notifications.wake(&row.applicant_id);
            state.notifications.wake(&row.recruiter_id);
        }
    }
    if reminded > 0 {
        state.outbox.notify();
    }
    Ok(reminded)
}

/// Cancels the planned interviews of applications that were withdrawn (on the applicant's
/// behalf), rejected or hired (on the recruiter's), telling both sides as a cancellation by hand
/// does; returns how many were cancelled.
pub async fn cancel_closed(state: &AppState) -> Result<usize, AppError> {
    let mut cancelled = 0;
    for row in repo::planned_of_closed(&state.db, BATCH).await? {
        let by_recruiter = row.application_stage != Stage::Withdrawn;
        if handlers::cancel_as(state, row, by_recruiter).await? {
            cancelled += 1;
        }
    }
    Ok(cancelled)
}

/// Runs the sweep every five minutes, and at once when an application closes by its applicant's
/// hand (`applications_closed`), until `stopped`.
pub async fn run(state: AppState, mut stopped: watch::Receiver<bool>) {
    loop {
        if let Err(error) = send_due(&state, now_millis()).await {
            tracing::warn!(%error, "sending interview reminders failed; trying again later");
        }
        if let Err(error) = cancel_closed(&state).await {
            tracing::warn!(%error, "cancelling the interviews of closed applications failed; trying again later");
        }
        tokio::select! {
            _ = stopped.wait_for(|stopped| *stopped) => return,
            _ = tokio::time::sleep(EVERY) => {}
            _ = state.applications_closed.notified() => {}
        }
    }
}
