use std::sync::LazyLock;
use std::sync::Mutex;

use serde_json::json;

use crate::helpers::{SmtpSink, TestApp, code_in, free_port, wait_for_message};
use crate::on_both_engines;

/// The port each test's SMTP server will use, chosen before the app is configured with it.
static PORTS: LazyLock<Mutex<std::collections::HashMap<String, u16>>> = LazyLock::new(Default::default);

fn port_for_this_test() -> u16 {
    let name = std::thread::current().name().unwrap_or("main").to_string();
    *PORTS.lock().unwrap().entry(name).or_insert_with(free_port)
}

on_both_engines!(
    configured |config| { config.smtp_url = Some(format!("smtp://127.0.0.1:{}", super::port_for_this_test()).into()); };
    a_signup_code_is_delivered_over_smtp,
    mail_waits_for_an_smtp_server_that_is_down_at_first,
);

on_both_engines!(
    the_outbox_keeps_its_books_without_waiting_for_the_disk_and_every_other_commit_waits,
    a_backlog_of_mail_is_delivered_in_batches_each_message_once_and_marked_sent,
);

async fn a_signup_code_is_delivered_over_smtp(app: &TestApp) {
    let sink = SmtpSink::start(port_for_this_test()).await;
    assert_eq!(app.send_otp("smtp@example.com").await.0, 200);
    let message = wait_for_message(|| sink.messages(), "smtp@example.com", "verification code").await;
    assert!(message.contains("From: jobportal <no-reply@localhost>"));
    let code = code_in(&message);
    let body = json!({
        "accountType": "Recruiter", "firstName": "Sam", "lastName": "Mtp", "email": "smtp@example.com",
        "password": "password123", "confirmPassword": "password123", "otp": code,
    });
    assert_eq!(app.post_json("/api/v1/auth/signup", &body).await.0, 200);
    assert!(crate::helpers::outbox_files(app).is_empty(), "with SMTP_URL nothing is written as files");
}

async fn mail_waits_for_an_smtp_server_that_is_down_at_first(app: &TestApp) {
    const STATE: &str = "SELECT attempts, sent_at, last_error FROM outbox";
    assert_eq!(app.send_otp("patient@example.com").await.0, 200, "a mail server that is down never fails the request");

    let mut failed = false;
    for _ in 0..100 {
        let rows: Vec<(i64, Option<i64>, Option<String>)> =
            jobportal::dispatch!(&app.db, |pool| sqlx::query_as(STATE).fetch_all(pool).await).unwrap();
        if let [(attempts, None, Some(_))] = rows.as_slice() {
            failed = *attempts >= 1;
            if failed {
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(failed, "the first delivery failed and the message is kept for a retry");

    let sink = SmtpSink::start(port_for_this_test()).await;
    let message = wait_for_message(|| sink.messages(), "patient@example.com", "verification code").await;
    assert_eq!(code_in(&message).len(), 6);
    // The outbox marks the message sent just after the sink has it: wait for that write.
    let mut rows: Vec<(i64, Option<i64>, Option<String>)> = Vec::new();
    for _ in 0..100 {
        rows = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(STATE).fetch_all(pool).await).unwrap();
        if matches!(rows.as_slice(), [(2.., Some(_), None)]) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(matches!(rows.as_slice(), [(2.., Some(_), None)]), "{rows:?}");
}

/// The outbox worker's leases and delivered marks commit without waiting for the disk (a power
/// cut can only make a message go twice), and on PostgreSQL are planned for the outbox as it is;
/// every other commit waits for the disk.
async fn the_outbox_keeps_its_books_without_waiting_for_the_disk_and_every_other_commit_waits(app: &TestApp) {
    use jobportal::db::Db;
    match (&app.db, app.state.outbox.books()) {
        (Db::Sqlite(main), Db::Sqlite(books)) => {
            let (main,): (i64,) = sqlx::query_as("PRAGMA synchronous").fetch_one(main).await.unwrap();
            let (books,): (i64,) = sqlx::query_as("PRAGMA synchronous").fetch_one(books).await.unwrap();
            // 2 is FULL, 1 NORMAL.
            assert_eq!((main, books), (2, 1));
        }
        (Db::Postgres(main), Db::Postgres(books)) => {
            const SETTINGS: &str = "SELECT current_setting('synchronous_commit'), current_setting('plan_cache_mode')";
            let main: (String, String) = sqlx::query_as(SETTINGS).fetch_one(main).await.unwrap();
            let books: (String, String) = sqlx::query_as(SETTINGS).fetch_one(books).await.unwrap();
            assert_eq!(main, ("on".to_owned(), "auto".to_owned()));
            assert_eq!(books, ("off".to_owned(), "force_custom_plan".to_owned()));
        }
        _ => unreachable!("bookkeeping is on the same engine"),
    }
}

/// 45 messages waiting at once go out in batches of at most 20, each claimed, delivered and then
/// marked sent: every message is delivered once, marked sent once, and none is left waiting.
async fn a_backlog_of_mail_is_delivered_in_batches_each_message_once_and_marked_sent(app: &TestApp) {
    use jobportal::db::BeginWrite;
    use jobportal::mail::Mail;
    let mails: Vec<Mail> = (0..45)
        .map(|n| Mail {
            to: format!("backlog{n}@example.com"),
            subject: format!("Backlog {n}"),
            text: format!("Message {n}"),
            html: format!("<p>Message {n}</p>"),
            list_unsubscribe: None,
            calendar: None,
            expires_at: None,
        })
        .collect();
    let mails: Vec<&Mail> = mails.iter().collect();
    jobportal::dispatch!(&app.db, |pool| {
        let mut tx = pool.begin_write().await.unwrap();
        jobportal::mail::repo::enqueue_all(&mut *tx, &mails).await.unwrap();
        tx.commit().await.unwrap();
    });

    // The worker may take a batch too (it looks every few seconds): between them, every message.
    app.state.outbox.deliver_due().await.unwrap();
    const STATE: &str = "SELECT to_address, attempts, sent_at IS NOT NULL FROM outbox WHERE to_address LIKE 'backlog%' \
                         ORDER BY to_address";
    let rows: Vec<(String, i64, bool)> =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(STATE).fetch_all(pool).await).unwrap();
    assert_eq!(rows.len(), 45);
    for (to, attempts, sent) in &rows {
        assert_eq!((attempts, sent), (&1, &true), "{to} is delivered once and marked sent");
    }
    let files = crate::helpers::outbox_files(app);
    for n in 0..45 {
        let to = format!("To: backlog{n}@example.com\r\n");
        assert_eq!(files.iter().filter(|file| file.contains(&to)).count(), 1, "one file for backlog{n}");
    }
}
