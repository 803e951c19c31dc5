//! Notifications: written with the events they report, listed by the bell, told live over
//! Server-Sent Events (across instances on PostgreSQL), and e-mailed unless switched off
//! (docs/rules.md#notifications).

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    each_event_reaches_the_bell_of_the_person_it_concerns,
    marking_read_is_the_owners_alone,
    a_kind_switched_off_for_email_still_reaches_the_bell,
    the_open_page_is_told_without_a_reload,
    a_stream_ends_at_once_when_its_session_does,
    a_recruiter_is_told_once_that_a_job_closes_within_a_day,
);

async fn bell(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as("/api/v1/auth/notifications", token).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Notifications fetched successfully")), "{body}");
    body
}

fn kinds_and_texts(bell: &Value) -> Vec<(String, String)> {
    let listed = bell["notifications"].as_array().unwrap();
    listed.iter().map(|each| (each["kind"].as_str().unwrap().into(), each["text"].as_str().unwrap().into())).collect()
}

async fn outbox_count(app: &TestApp, to: &str) -> i64 {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE to_address = $1";
    let (count,): (i64,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).bind(to).fetch_one(pool).await).unwrap();
    count
}

async fn each_event_reaches_the_bell_of_the_person_it_concerns(app: &TestApp) {
    let recruiter = app.account("Recruiter", "belled-r@example.com").await;
    let applicant = app.account("Applicant", "belled-a@example.com").await;
    let job = app.post_job_as(&recruiter, "Site Reliability Engineer", 1, &day(30)).await;
    let id = app.apply_as(&applicant, &job).await;

    let theirs = bell(app, &recruiter).await;
    assert_eq!(
        kinds_and_texts(&theirs),
        [("newApplication".into(), "Ada Lovelace applied for Site Reliability Engineer".into())]
    );
    assert_eq!(theirs["notifications"][0]["link"], format!("/dashboard/job/applications/{job}"));
    assert_eq!((theirs["unread"].as_i64(), theirs["notifications"][0]["readAt"].is_null()), (Some(1), true));

    let body = json!({ "from": "applied", "stage": "interview" });
    assert_eq!(app.put_as(&format!("/api/v1/auth/applications/{id}/stage"), &recruiter, &body).await.0, 200);
    let (status, _) = app
        .post_as(&format!("/api/v1/auth/applications/{id}/messages"), &recruiter, &json!({ "body": "Tuesday?" }))
        .await;
    assert_eq!(status, 201);
    let mine = bell(app, &applicant).await;
    assert_eq!(
        kinds_and_texts(&mine),
        [
            ("message".into(), "New message from Ada, Acme about Site Reliability Engineer".into()),
            ("stageChange".into(), "Your application for Site Reliability Engineer at Acme: Interview stage".into()),
        ],
        "newest first"
    );
    assert_eq!(mine["notifications"][0]["link"], format!("/dashboard/my-applications?conversation={id}"));
    assert_eq!(mine["unread"], 2);
    // A move back to applied is the recruiter's own bookkeeping: nobody is told.
    let body = json!({ "from": "interview", "stage": "applied" });
    assert_eq!(app.put_as(&format!("/api/v1/auth/applications/{id}/stage"), &recruiter, &body).await.0, 200);
    assert_eq!(bell(app, &applicant).await["unread"], 2);
    assert_eq!(bell(app, &recruiter).await["unread"], 1, "nothing new for the recruiter");

    // A withdrawal reaches the recruiter's bell and mail.
    assert_eq!(app.put_as(&format!("/api/v1/auth/withdrawapplication/{id}"), &applicant, &json!({})).await.0, 200);
    let theirs = bell(app, &recruiter).await;
    assert_eq!(
        kinds_and_texts(&theirs)[0],
        ("stageChange".into(), "Ada Lovelace withdrew their application for Site Reliability Engineer".into())
    );
    assert_eq!(theirs["notifications"][0]["link"], format!("/dashboard/job/applications/{job}"));
    let mail = app.mail("belled-r@example.com", "Application withdrawn: Site Reliability Engineer").await;
    assert!(mail.contains("Ada Lovelace withdrew their application for Site Reliability Engineer at Acme."), "{mail}");
}

async fn marking_read_is_the_owners_alone(app: &TestApp) {
    let recruiter = app.account("Recruiter", "reader-r@example.com").await;
    let stranger = app.account("Recruiter", "reader-x@example.com").await;
    let job = app.post_job_as(&recruiter, "Read Role", 1, &day(30)).await;
    for n in 0..3 {
        let applicant = app.account("Applicant", &format!("reader-{n}@example.com")).await;
        app.apply_as(&applicant, &job).await;
    }
    let listed = bell(app, &recruiter).await;
    assert_eq!(listed["unread"], 3);
    let first = listed["notifications"][0]["_id"].as_str().unwrap().to_string();
    let path = format!("/api/v1/auth/notifications/{first}/read");
    assert_eq!(app.put_as(&path, &stranger, &json!({})).await, (404, error("Notification not found")));
    let (status, marked) = app.put_as(&path, &recruiter, &json!({})).await;
    assert_eq!(
        (status, marked["message"].as_str(), marked["marked"].as_u64()),
        (200, Some("Notification marked read"), Some(1))
    );
    assert_eq!(app.put_as(&path, &recruiter, &json!({})).await.1["marked"], 0, "read once");
    let listed = bell(app, &recruiter).await;
    assert_eq!(listed["unread"], 2);
    assert!(listed["notifications"][0]["readAt"].is_string());
    let (status, all) = app.put_as("/api/v1/auth/notifications/read", &recruiter, &json!({})).await;
    assert_eq!(
        (status, all["message"].as_str(), all["marked"].as_u64()),
        (200, Some("Notifications marked read"), Some(2))
    );
    assert_eq!(bell(app, &recruiter).await["unread"], 0);
    assert_eq!(bell(app, &stranger).await["notifications"], json!([]));
    let (status, _) = app.get("/api/v1/auth/notifications").await;
    assert_eq!(status, 401);
}

async fn a_kind_switched_off_for_email_still_reaches_the_bell(app: &TestApp) {
    let recruiter = app.account("Recruiter", "quiet-r@example.com").await;
    let applicant = app.account("Applicant", "quiet-a@example.com").await;
    let (status, settings) = app.get_as("/api/v1/auth/notifications/settings", &applicant).await;
    let all_on = json!({
        "newApplication": true, "stageChange": true, "interview": true, "message": true, "jobClosing": true,
        "mention": true,
    });
    assert_eq!((status, &settings["email"]), (200, &all_on));

    let quiet = json!({
        "newApplication": true, "stageChange": false, "interview": true, "message": false, "jobClosing": true,
        "mention": true,
    });
    let (status, saved) =
        app.put_as("/api/v1/auth/notifications/settings", &applicant, &json!({ "email": quiet })).await;
    assert_eq!((status, saved["message"].as_str(), &saved["email"]), (200, Some("Settings saved"), &quiet));
    assert_eq!(app.get_as("/api/v1/auth/notifications/settings", &applicant).await.1["email"], quiet);
    let (status, refused) =
        app.put_as("/api/v1/auth/notifications/settings", &applicant, &json!({ "email": { "message": false } })).await;
    assert_eq!(status, 400, "every kind is named: {refused}");

    let job = app.post_job_as(&recruiter, "Quiet Role", 1, &day(30)).await;
    // Their signup codes are in the outbox already.
    let (applicant_before, recruiter_before) =
        (outbox_count(app, "quiet-a@example.com").await, outbox_count(app, "quiet-r@example.com").await);
    let id = app.apply_as(&applicant, &job).await;
    let body = json!({ "from": "applied", "stage": "offer" });
    assert_eq!(app.put_as(&format!("/api/v1/auth/applications/{id}/stage"), &recruiter, &body).await.0, 200);
    let (status, _) =
        app.post_as(&format!("/api/v1/auth/applications/{id}/messages"), &recruiter, &json!({ "body": "Hi" })).await;
    assert_eq!(status, 201);
    assert_eq!(outbox_count(app, "quiet-a@example.com").await, applicant_before, "no e-mail of a kind switched off");
    assert_eq!(bell(app, &applicant).await["unread"], 2, "the bell shows both");
    // The recruiter kept new applications on: they were e-mailed.
    assert_eq!(outbox_count(app, "quiet-r@example.com").await, recruiter_before + 1);
}

/// Reads the stream until its next `unread` event (comment lines are skipped): its data.
async fn next_unread(response: &mut reqwest::Response, buffer: &mut String) -> Value {
    let read = async {
        loop {
            if let Some(end) = buffer.find("\n\n") {
                let event: String = buffer.drain(..end + 2).collect();
                if event.lines().any(|line| line == "event: unread") {
                    let data = event.lines().find_map(|line| line.strip_prefix("data: ")).expect("data");
                    return serde_json::from_str::<Value>(data).unwrap();
                }
                continue;
            }
            let chunk = response.chunk().await.expect("the stream stays open").expect("the stream has not ended");
            buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read).await.expect("an unread event arrives")
}

async fn open_stream(app: &TestApp, token: &str) -> reqwest::Response {
    let response =
        app.client.get(app.url("/api/v1/auth/notifications/stream")).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    response
}

async fn the_open_page_is_told_without_a_reload(app: &TestApp) {
    let recruiter = app.account("Recruiter", "live-r@example.com").await;
    let applicant = app.account("Applicant", "live-a@example.com").await;
    let job = app.post_job_as(&recruiter, "Live Role", 1, &day(30)).await;
    let mut stream = open_stream(app, &recruiter).await;
    let mut buffer = String::new();
    assert_eq!(next_unread(&mut stream, &mut buffer).await, json!({ "unread": 0, "newest": null }), "told at once");

    let id = app.apply_as(&applicant, &job).await;
    let told = next_unread(&mut stream, &mut buffer).await;
    assert_eq!(told["unread"], 1);
    let newest = bell(app, &recruiter).await["notifications"][0]["_id"].clone();
    assert_eq!(told["newest"], newest);

    let (status, _) =
        app.post_as(&format!("/api/v1/auth/applications/{id}/messages"), &applicant, &json!({ "body": "Hello" })).await;
    assert_eq!(status, 201);
    assert_eq!(next_unread(&mut stream, &mut buffer).await["unread"], 2);
    app.put_as("/api/v1/auth/notifications/read", &recruiter, &json!({})).await;
    assert_eq!(next_unread(&mut stream, &mut buffer).await["unread"], 0, "reading is told too");

    // Eight streams per person on one instance; the ninth is refused.
    let mut open = Vec::new();
    for _ in 1..8 {
        open.push(open_stream(app, &recruiter).await);
    }
    let refused =
        app.client.get(app.url("/api/v1/auth/notifications/stream")).bearer_auth(&recruiter).send().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.json::<Value>().await.unwrap(), error("Too many open notification streams"));
    drop(open);
    let (status, _) = app.get("/api/v1/auth/notifications/stream").await;
    assert_eq!(status, 401);
}

async fn a_recruiter_is_told_once_that_a_job_closes_within_a_day(app: &TestApp) {
    let recruiter = app.account("Recruiter", "closing-soon@example.com").await;
    let soon = jobportal::jobs::model::rfc3339_from_millis(jobportal::db::now_millis() + 12 * 60 * 60 * 1000);
    let closing = app.post_job_as(&recruiter, "Closing Soon", 1, &soon).await;
    app.post_job_as(&recruiter, "Closing Later", 1, &day(10)).await;
    let now = jobportal::db::now_millis();
    assert_eq!(jobportal::notifications::closing::send_due(&app.state, now).await.unwrap(), 1);
    assert_eq!(jobportal::notifications::closing::send_due(&app.state, now).await.unwrap(), 0, "told once");
    let listed = bell(app, &recruiter).await;
    assert_eq!(
        kinds_and_texts(&listed),
        [("jobClosing".into(), "Closing Soon closes within a day (0 applications so far)".into())]
    );
    assert_eq!(listed["notifications"][0]["link"], format!("/dashboard/job/applications/{closing}"));
    app.mail("closing-soon@example.com", "Closing Soon closes within a day").await;
}

/// Reads the stream to its end. A stream that outlives its session fails the test when the bound
/// passes.
async fn until_ended(response: &mut reqwest::Response) {
    let read = async { while response.chunk().await.expect("the stream ends cleanly").is_some() {} };
    tokio::time::timeout(Duration::from_secs(20), read).await.expect("the stream ends with its session");
}

async fn a_stream_ends_at_once_when_its_session_does(app: &TestApp) {
    let signed_up = app.sign_up("Applicant", "ends@example.com", PASSWORD).await;
    let id = signed_up["_id"].as_str().unwrap();
    let mut buffer = String::new();

    let token = app.log_in("ends@example.com", PASSWORD).await;
    let mut stream = open_stream(app, &token).await;
    next_unread(&mut stream, &mut buffer).await;
    assert_eq!(app.post_as("/api/v1/auth/logout", &token, &json!({})).await.0, 200);
    until_ended(&mut stream).await;

    let kept = app.log_in("ends@example.com", PASSWORD).await;
    let other = app.log_in("ends@example.com", PASSWORD).await;
    let mut stream = open_stream(app, &other).await;
    let mut kept_stream = open_stream(app, &kept).await;
    next_unread(&mut stream, &mut buffer).await;
    next_unread(&mut kept_stream, &mut buffer).await;
    let change = json!({ "oldPassword": PASSWORD, "newPassword": "another-password-1" });
    assert_eq!(app.post_as("/api/v1/auth/changepassword", &kept, &change).await.0, 200);
    until_ended(&mut stream).await;
    let (status, _) = app.get_as("/api/v1/auth/notifications", &kept).await;
    assert_eq!(status, 200, "the session that changed the password goes on");
    drop(kept_stream);

    jobportal::accounts::create_admin(&app.db, "ends-admin@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let admin = app.log_in("ends-admin@example.com", PASSWORD).await;
    let mut stream = open_stream(app, &kept).await;
    next_unread(&mut stream, &mut buffer).await;
    let suspend = json!({ "reason": "Spam" });
    assert_eq!(app.put_as(&format!("/api/v1/admin/accounts/{id}/suspend"), &admin, &suspend).await.0, 200);
    until_ended(&mut stream).await;
    assert_eq!(app.put_as(&format!("/api/v1/admin/accounts/{id}/reinstate"), &admin, &json!({})).await.0, 200);

    let last = app.log_in("ends@example.com", "another-password-1").await;
    let mut stream = open_stream(app, &last).await;
    next_unread(&mut stream, &mut buffer).await;
    let delete = json!({ "password": "another-password-1" });
    assert_eq!(app.post_as("/api/v1/auth/account/delete", &last, &delete).await.0, 200);
    until_ended(&mut stream).await;
}

/// Two instances on one PostgreSQL database: a notification written through one reaches the page
/// open on the other, and a logout through one ends the stream open on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn a_notification_reaches_the_page_open_on_another_instance() {
    let first = TestApp::postgres(|_| {}).await;
    let second = first.beside().await;
    let recruiter = first.account("Recruiter", "far-r@example.com").await;
    let applicant = first.account("Applicant", "far-a@example.com").await;
    let job = first.post_job_as(&recruiter, "Distant Role", 1, &day(30)).await;
    let mut stream = open_stream(&second, &recruiter).await;
    let mut buffer = String::new();
    assert_eq!(next_unread(&mut stream, &mut buffer).await["unread"], 0);
    first.apply_as(&applicant, &job).await;
    assert_eq!(next_unread(&mut stream, &mut buffer).await["unread"], 1, "told on the other instance");
    assert_eq!(first.post_as("/api/v1/auth/logout", &recruiter, &json!({})).await.0, 200);
    until_ended(&mut stream).await;
    second.stop().await;
    first.stop().await;
}
