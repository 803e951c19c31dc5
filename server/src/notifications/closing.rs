//! Tells each recruiter, once per job, that their open job's deadline is less than a day away.
//! Every instance may run it: the notification's unique index (one `job_closing` per person and
//! job) is the claim, taken in the transaction that enqueues the e-mail, so two instances never
//! both tell.

use std::time::Duration;

use tokio::sync::watch;

use crate::db::{BeginWrite, now_millis};
use crate::dispatch;
use crate::mail::repo as outbox;
use crate::mail::{Mail, html_escape, wrap};
use crate::state::AppState;

use super::model::{Kind, Notice};
use super::repo;

/// A job is closing soon once its deadline is less than this far.
pub const SOON_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// Jobs handled per run; the rest are due in the next.
const BATCH: i64 = 200;
/// How often the sweep runs.
const EVERY: Duration = Duration::from_secs(5 * 60);

fn mail(to: &str, first_name: &str, title: &str, applications: i64, link: &str) -> Mail {
    let (text, html) = wrap(
        &format!(
            "Hello {first_name},\n\n{title} takes applications for less than a day more. It has {applications} so far.\n\n\
             See them: {link}"
        ),
        &format!(
            "<p>Hello {},</p><p><strong>{}</strong> takes applications for less than a day more. It has {applications} so far.</p>\
             <p><a href=\"{}\">See them</a></p>",
            html_escape(first_name),
            html_escape(title),
            html_escape(link)
        ),
    );
    Mail {
        to: to.into(),
        subject: format!("{title} closes within a day"),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}

/// Tells every recruiter due at `now`; returns how many were told.
pub async fn send_due(state: &AppState, now: i64) -> Result<usize, sqlx::Error> {
    let mut told = 0;
    for (job_id, title, user_id, first_name, email, applications) in
        repo::closing_soon(&state.db, now, SOON_MILLIS, BATCH).await?
    {
        let link = format!("/dashboard/job/applications/{job_id}");
        let wanted = repo::email_wanted(&state.db, &user_id, Kind::JobClosing).await?;
        let notice = Notice {
            user_id: user_id.clone(),
            kind: Kind::JobClosing,
            text: format!("{title} closes within a day ({applications} applications so far)"),
            mail: wanted.then(|| {
                mail(&email, &first_name, &title, applications, &format!("{}{link}", state.config.public_url))
            }),
            link,
            ref_id: job_id,
        };
        let recorded = dispatch!(&state.db, |pool| {
            let mut tx = pool.begin_write().await?;
            let recorded = repo::record(&mut tx, &notice).await?;
            if let (true, Some(mail)) = (recorded, &notice.mail) {
                outbox::enqueue(&mut *tx, mail).await?;
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(recorded)
        })?;
        if recorded {
            told += 1;
            state.notifications.wake(&user_id);
        }
    }
    if told > 0 {
        state.outbox.notify();
    }
    Ok(told)
}

/// Runs the sweep every five minutes until `stopped`.
pub async fn run(state: AppState, mut stopped: watch::Receiver<bool>) {
    loop {
        if let Err(error) = send_due(&state, now_millis()).await {
            tracing::warn!(%error, "telling recruiters of jobs closing soon failed; trying again later");
        }
        tokio::select! {
            _ = stopped.wait_for(|stopped| *stopped) => return,
            _ = tokio::time::sleep(EVERY) => {}
        }
    }
}
