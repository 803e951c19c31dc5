//! Data that does not pile up (docs/operations.md#retention): the sweep, run as of a time the test
//! sets, deletes what the rules say and nothing else, and one instance at a time claims it.

use std::time::Duration;

use serde_json::json;

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

on_both_engines!(
    delivered_mail_is_kept_for_the_retention_period_and_no_longer,
    a_mail_carrying_a_credential_is_deleted_when_the_credential_stops_working,
    expired_sessions_codes_resets_and_limit_windows_are_removed,
    the_change_log_is_pruned_and_an_index_behind_it_is_rebuilt,
    an_index_stopped_before_the_pruned_changes_is_rebuilt,
    one_instance_at_a_time_claims_the_sweep,
);

const DAY: i64 = 24 * 60 * 60 * 1000;
const WEEK: Duration = Duration::from_secs(7 * 24 * 60 * 60);

async fn execute(app: &TestApp, sql: &str, values: &[i64]) {
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for value in values {
                query = query.bind(*value);
            }
            query.execute(pool).await.unwrap();
        }
        jobportal::db::Db::Postgres(pool) => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for value in values {
                query = query.bind(*value);
            }
            query.execute(pool).await.unwrap();
        }
    }
}

async fn texts(app: &TestApp, sql: &str) -> Vec<String> {
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await.unwrap(),
        jobportal::db::Db::Postgres(pool) => {
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await.unwrap()
        }
    }
}

async fn number(app: &TestApp, sql: &str) -> i64 {
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap(),
        jobportal::db::Db::Postgres(pool) => {
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap()
        }
    }
}

/// A mail in the outbox written `age` milliseconds before `now`, sent `sent` before it (or not).
/// Its next attempt is a year away, so the worker leaves it as the test wrote it.
async fn mail(app: &TestApp, subject: &str, now: i64, age: i64, sent: Option<i64>) {
    let sql = "INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at, next_attempt_at, sent_at) \
         VALUES ($1, 'someone@example.com', $2, 'text', '<p>text</p>', $3, $5, $4)";
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            let query = sqlx::query(sql).bind(jobportal::db::new_id()).bind(subject).bind(now - age);
            query.bind(sent.map(|sent| now - sent)).bind(now + 365 * DAY).execute(pool).await.unwrap();
        }
        jobportal::db::Db::Postgres(pool) => {
            let query = sqlx::query(sql).bind(jobportal::db::new_id()).bind(subject).bind(now - age);
            query.bind(sent.map(|sent| now - sent)).bind(now + 365 * DAY).execute(pool).await.unwrap();
        }
    }
}

async fn subjects(app: &TestApp) -> Vec<String> {
    let mut subjects = texts(app, "SELECT subject FROM outbox WHERE to_address = 'someone@example.com'").await;
    subjects.sort();
    subjects
}

async fn delivered_mail_is_kept_for_the_retention_period_and_no_longer(app: &TestApp) {
    let now = jobportal::db::now_millis();
    mail(app, "delivered 8 days ago", now, 9 * DAY, Some(8 * DAY)).await;
    mail(app, "delivered 6 days ago", now, 6 * DAY, Some(6 * DAY)).await;
    mail(app, "written 8 days ago, never delivered", now, 8 * DAY, None).await;
    mail(app, "written an hour ago, not delivered yet", now, DAY / 24, None).await;

    let swept = jobportal::ops::retention::sweep(&app.db, now, WEEK, None).await.unwrap();
    assert_eq!((swept.delivered_mail, swept.undelivered_mail), (1, 1));
    assert_eq!(subjects(app).await, ["delivered 6 days ago", "written an hour ago, not delivered yet"]);
    // Files of delivered mail (no SMTP server) go by the same period, by when they were written.
    let dir = app.state.outbox.files_dir().expect("mail is written to files here");
    std::fs::create_dir_all(dir).unwrap();
    for (name, age) in [("old.eml", 8 * DAY), ("recent.eml", DAY)] {
        let file = std::fs::File::create(dir.join(name)).unwrap();
        let written = std::time::SystemTime::UNIX_EPOCH + Duration::from_millis((now - age) as u64);
        file.set_modified(written).unwrap();
    }
    jobportal::ops::retention::sweep(&app.db, now, WEEK, Some(dir)).await.unwrap();
    assert!(!dir.join("old.eml").exists());
    assert!(dir.join("recent.eml").exists());
    // No delivered mail older than the retention period is left.
    let old = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE sent_at < {}", now - 7 * DAY);
    assert_eq!(number(app, &old).await, 0);

    // Two days later the one delivered six days ago goes too; a shorter MAIL_RETENTION_DAYS takes more.
    jobportal::ops::retention::sweep(&app.db, now + 2 * DAY, WEEK, None).await.unwrap();
    assert_eq!(subjects(app).await, ["written an hour ago, not delivered yet"]);
}

async fn a_mail_carrying_a_credential_is_deleted_when_the_credential_stops_working(app: &TestApp) {
    let (status, _) = app.send_otp("code-holder@example.com").await;
    assert_eq!(status, 200);
    let (status, _) =
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "code-holder@example.com" })).await;
    assert_eq!(status, 200);
    app.background_tasks_done().await;
    let stored = "SELECT subject FROM outbox WHERE to_address = 'code-holder@example.com'";
    assert_eq!(texts(app, stored).await.len(), 1, "the code's mail is stored (no account, so no reset mail)");
    let now = jobportal::db::now_millis();

    // Delivered as an .eml file (no SMTP server here): the file follows the same rule.
    app.mail("code-holder@example.com", "verification code").await;
    let files = app.state.outbox.files_dir();
    let code_files = || {
        crate::helpers::outbox_files(app).into_iter().filter(|mail| mail.contains("code-holder@example.com")).count()
    };
    // While the code works, its mail stays, sent or not.
    jobportal::ops::retention::sweep(&app.db, now + 9 * 60 * 1000, WEEK, files).await.unwrap();
    assert_eq!(texts(app, stored).await.len(), 1);
    assert_eq!(code_files(), 1);
    // Ten minutes on, the code no longer works, and its text is gone with it.
    let swept = jobportal::ops::retention::sweep(&app.db, now + 11 * 60 * 1000, WEEK, files).await.unwrap();
    assert_eq!(swept.credential_mail, 1);
    assert_eq!(texts(app, stored).await, Vec::<String>::new());
    assert_eq!(code_files(), 0);

    // A reset link's mail lives as long as the link: an hour.
    let token = app.account("Applicant", "resetting@example.com").await;
    drop(token);
    let (status, _) =
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "resetting@example.com" })).await;
    assert_eq!(status, 200);
    app.background_tasks_done().await;
    let resets = "SELECT subject FROM outbox WHERE to_address = 'resetting@example.com' AND subject LIKE 'Reset%'";
    assert_eq!(texts(app, resets).await, ["Reset your jobportal password"]);
    let now = jobportal::db::now_millis();
    jobportal::ops::retention::sweep(&app.db, now + 59 * 60 * 1000, WEEK, None).await.unwrap();
    assert_eq!(texts(app, resets).await.len(), 1);
    jobportal::ops::retention::sweep(&app.db, now + 61 * 60 * 1000, WEEK, None).await.unwrap();
    assert_eq!(texts(app, resets).await, Vec::<String>::new());
}

async fn expired_sessions_codes_resets_and_limit_windows_are_removed(app: &TestApp) {
    let token = app.account("Applicant", "sessions@example.com").await;
    let now = jobportal::db::now_millis();
    execute(
        app,
        "INSERT INTO sessions (jti, user_id, expires_at, created_at) \
         SELECT 'expired-session', id, $1, $2 FROM users WHERE email = 'sessions@example.com'",
        &[now - 1, now - DAY],
    )
    .await;
    execute(
        app,
        "INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) \
         SELECT 'expired-reset', id, $1, $2 FROM users WHERE email = 'sessions@example.com'",
        &[now - 1, now - 2 * DAY],
    )
    .await;
    execute(
        app,
        "INSERT INTO signup_codes (email, code_hash, expires_at, wrong_attempts, window_started_at, sent_in_window) \
         VALUES ('old-code@example.com', 'x', $1, 0, $2, 1), ('window-open@example.com', 'x', $1, 0, $3, 1)",
        &[now - 1, now - 2 * DAY, now - 30 * 60 * 1000],
    )
    .await;
    execute(
        app,
        "INSERT INTO reset_requests (email, window_started_at, sent_in_window) \
         VALUES ('old-window@example.com', $1, 1), ('open-window@example.com', $2, 1)",
        &[now - 2 * DAY, now - 60_000],
    )
    .await;
    let no_hits = if matches!(app.db, jobportal::db::Db::Postgres(_)) { "'{}'" } else { "'[]'" };
    let window = format!("INSERT INTO limit_hits (key, hits, expires_at) VALUES ('test:old', {no_hits}, $1)");
    execute(app, &window, &[now - 1]).await;

    let swept = jobportal::ops::retention::sweep(&app.db, now, WEEK, None).await.unwrap();
    assert_eq!(
        (swept.sessions, swept.password_resets, swept.signup_codes, swept.reset_requests, swept.limit_windows),
        (1, 1, 1, 1, 1)
    );
    assert_eq!(texts(app, "SELECT email FROM signup_codes WHERE email LIKE '%-%'").await, ["window-open@example.com"]);
    assert_eq!(texts(app, "SELECT email FROM reset_requests").await, ["open-window@example.com"]);
    // The live session is untouched: the caller is still signed in.
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &token).await.0, 200);
}

async fn the_change_log_is_pruned_and_an_index_behind_it_is_rebuilt(app: &TestApp) {
    let recruiter = app.account("Recruiter", "logged@example.com").await;
    app.post_job_as(&recruiter, "Lighthouse Keeper", 1, &day(30)).await;
    app.sync_index().await;
    let logged = number(app, "SELECT CAST(COUNT(*) AS BIGINT) FROM job_changes").await;
    assert!(logged > 0);
    // A week and a day on, every instance applied the log long ago: it goes.
    let later = jobportal::db::now_millis() + 8 * DAY;
    let swept = jobportal::ops::retention::sweep(&app.db, later, WEEK, None).await.unwrap();
    assert_eq!(swept.job_changes, logged as u64);
    assert_eq!(number(app, "SELECT CAST(COUNT(*) AS BIGINT) FROM job_changes").await, 0);
    let last = number(app, "SELECT COALESCE(MAX(seq), 0) FROM job_changes").await;
    let pruned = number(app, "SELECT pruned_through FROM sweeps WHERE name = 'retention'").await;
    assert!(pruned >= logged && pruned > last, "{pruned}");

    // This instance applied every change: its index is not behind the pruned log.
    assert!(!app.search.unless_log_pruned_past(&app.db).await);
    assert!(app.search.is_ready());
}

async fn an_index_stopped_before_the_pruned_changes_is_rebuilt(app: &TestApp) {
    // Another instance's index, current now, then stopped.
    let other = crate::helpers::beside(&app.config);
    let stale = jobportal::jobs::search::Search::open(&other.index_dir).unwrap();
    stale.rebuild(&app.db).await.unwrap();
    drop(stale);
    let recruiter = app.account("Recruiter", "while-away@example.com").await;
    app.post_job_as(&recruiter, "Lighthouse Keeper", 1, &day(30)).await;
    jobportal::ops::retention::sweep(&app.db, jobportal::db::now_millis() + 8 * DAY, WEEK, None).await.unwrap();

    // Opened again, it finds the log pruned past its cursor and is rebuilt, with the job.
    let stale = std::sync::Arc::new(jobportal::jobs::search::Search::open(&other.index_dir).unwrap());
    assert!(stale.is_ready());
    assert!(stale.unless_log_pruned_past(&app.db).await);
    assert!(!stale.is_ready(), "searches go to the database until it is rebuilt");
    stale.rebuild(&app.db).await.unwrap();
    assert_eq!(stale.index.len(), 1);
    drop(stale);
    // The rebuilt index is not taken for a stale one at its next start.
    let rebuilt = jobportal::jobs::search::Search::open(&other.index_dir).unwrap();
    assert!(rebuilt.is_ready());
    assert!(!rebuilt.unless_log_pruned_past(&app.db).await);
}

async fn one_instance_at_a_time_claims_the_sweep(app: &TestApp) {
    // Past the claim the server itself made when it started.
    let now = jobportal::db::now_millis() + 2 * 60 * 60 * 1000;
    let hour = Duration::from_secs(3600);
    let (first, second) = tokio::join!(
        jobportal::ops::retention::repo::claim(&app.db, now, hour),
        jobportal::ops::retention::repo::claim(&app.db, now, hour)
    );
    let claimed = [first.unwrap(), second.unwrap()];
    assert_eq!(claimed.iter().filter(|won| **won).count(), 1, "{claimed:?}");
    assert!(!jobportal::ops::retention::repo::claim(&app.db, now + 59 * 60 * 1000, hour).await.unwrap());
    assert!(jobportal::ops::retention::repo::claim(&app.db, now + 61 * 60 * 1000, hour).await.unwrap());
}
