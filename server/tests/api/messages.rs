//! Messages: one conversation per application, between its recruiter and its applicant only, with
//! read state and throttled e-mail (docs/rules.md#messages).

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    both_sides_write_and_read_and_the_other_side_is_emailed_at_most_once_while_unread,
    nobody_else_reads_or_writes_a_conversation,
    bad_messages_are_refused_with_the_reason,
    a_conversation_pages_newest_first,
    a_deleted_jobs_conversation_is_read_only,
);

/// A recruiter's job with one application: (recruiter, applicant, job id, application id).
async fn conversation(app: &TestApp, recruiter_email: &str, applicant_email: &str) -> (String, String, String, String) {
    let recruiter = app.account("Recruiter", recruiter_email).await;
    let job = app.post_job_as(&recruiter, "Platform Engineer", 1, &day(60)).await;
    let applicant = app.account("Applicant", applicant_email).await;
    let id = app.apply_as(&applicant, &job).await;
    (recruiter, applicant, job, id)
}

async fn send(app: &TestApp, token: &str, id: &str, body: &str) -> (u16, Value) {
    app.post_as(&format!("/api/v1/auth/applications/{id}/messages"), token, &json!({ "body": body })).await
}

/// How many message e-mails `to` has in the outbox (written in the message's transaction).
async fn message_mails(app: &TestApp, to: &str) -> i64 {
    const SQL: &str =
        "SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE to_address = $1 AND subject LIKE 'New message about %'";
    let (count,): (i64,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).bind(to).fetch_one(pool).await).unwrap();
    count
}

fn bodies(page: &Value) -> Vec<&str> {
    page["messages"].as_array().unwrap().iter().map(|message| message["body"].as_str().unwrap()).collect()
}

async fn both_sides_write_and_read_and_the_other_side_is_emailed_at_most_once_while_unread(app: &TestApp) {
    let (recruiter, applicant, _, id) = conversation(app, "talker@example.com", "listener@example.com").await;
    let path = format!("/api/v1/auth/applications/{id}/messages");

    let (status, sent) = send(app, &applicant, &id, "  Is the role open to remote work?\n").await;
    assert_eq!((status, sent["message"].as_str()), (201, Some("Message sent")), "{sent}");
    assert_eq!(sent["data"]["body"], "Is the role open to remote work?");
    assert_eq!((sent["data"]["from"].as_str(), sent["data"]["mine"].as_bool()), (Some("applicant"), Some(true)));
    assert_eq!(sent["data"]["readAt"], Value::Null);
    let mail = app.mail("talker@example.com", "Is the role open to remote work?").await;
    assert!(mail.contains("New message about Platform Engineer at Acme"), "{mail}");
    // A second message while the first is unread is not e-mailed.
    assert_eq!(send(app, &applicant, &id, "<b>Also</b>: is there on-call?").await.0, 201);
    assert_eq!(message_mails(app, "talker@example.com").await, 1, "one e-mail per 15 minutes while unread");

    let (status, page) = app.get_as(&path, &recruiter).await;
    assert_eq!((status, page["message"].as_str()), (200, Some("Messages fetched successfully")));
    assert_eq!(
        bodies(&page),
        ["<b>Also</b>: is there on-call?", "Is the role open to remote work?"],
        "newest first, as written"
    );
    assert_eq!(
        (page["unread"].as_i64(), page["me"].as_str(), page["readOnly"].as_bool()),
        (Some(2), Some("recruiter"), Some(false))
    );
    assert_eq!(page["messages"][0]["mine"], false);

    let (status, read) = app.put_as(&format!("{path}/read"), &recruiter, &json!({})).await;
    assert_eq!(
        (status, read["message"].as_str(), read["marked"].as_u64()),
        (200, Some("Messages marked read"), Some(2))
    );
    let (_, page) = app.get_as(&path, &recruiter).await;
    assert_eq!(page["unread"], 0);
    let (_, theirs) = app.get_as(&path, &applicant).await;
    assert!(theirs["messages"].as_array().unwrap().iter().all(|message| message["readAt"].is_string()), "{theirs}");

    // Read since: the next message e-mails at once.
    assert_eq!(send(app, &applicant, &id, "Thanks!").await.0, 201);
    assert_eq!(message_mails(app, "talker@example.com").await, 2);
    // Unread, but the last e-mail was more than 15 minutes ago.
    const EARLIER: &str =
        "UPDATE conversation_mail SET emailed_at = emailed_at - 16 * 60 * 1000 WHERE application_id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(EARLIER).bind(&id).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(send(app, &applicant, &id, "One more thing.").await.0, 201);
    assert_eq!(message_mails(app, "talker@example.com").await, 3);

    // The other way: the recruiter writes, the applicant is e-mailed by them for the company.
    let (status, reply) = send(app, &recruiter, &id, "Yes, fully remote.").await;
    assert_eq!((status, reply["data"]["from"].as_str()), (201, Some("recruiter")));
    let mail = app.mail("listener@example.com", "Yes, fully remote.").await;
    assert!(mail.contains("Ada, Acme wrote about the application for Platform Engineer"), "{mail}");
    let (_, theirs) = app.get_as(&path, &applicant).await;
    assert_eq!((theirs["unread"].as_i64(), theirs["me"].as_str()), (Some(1), Some("applicant")));
}

async fn nobody_else_reads_or_writes_a_conversation(app: &TestApp) {
    let (_, _, _, id) = conversation(app, "private-r@example.com", "private-a@example.com").await;
    let other_recruiter = app.account("Recruiter", "nosy-r@example.com").await;
    let other_applicant = app.account("Applicant", "nosy-a@example.com").await;
    let path = format!("/api/v1/auth/applications/{id}/messages");
    for token in [&other_recruiter, &other_applicant] {
        assert_eq!(app.get_as(&path, token).await, (404, error("Application not found")));
        assert_eq!(send(app, token, &id, "Hello").await, (404, error("Application not found")));
        assert_eq!(app.put_as(&format!("{path}/read"), token, &json!({})).await, (404, error("Application not found")));
    }
    let (status, _) = app.get(&path).await;
    assert_eq!(status, 401);
    assert_eq!(
        app.get_as("/api/v1/auth/applications/nope/messages", &other_recruiter).await,
        (404, error("Application not found"))
    );
}

async fn bad_messages_are_refused_with_the_reason(app: &TestApp) {
    let (recruiter, _, _, id) = conversation(app, "strict-talk@example.com", "strict-listen@example.com").await;
    for (body, message) in [
        (json!({ "body": "x".repeat(100_000) }), "Message must be at most 5000 characters"),
        (json!({ "body": " \n " }), "Message is required"),
        (json!({}), "Message is required"),
        (json!({ "body": "a\u{0}b" }), "body must not contain NUL characters"),
    ] {
        let path = format!("/api/v1/auth/applications/{id}/messages");
        assert_eq!(app.post_as(&path, &recruiter, &body).await, (400, error(message)));
    }
    let path = format!("/api/v1/auth/applications/{id}/messages?before=nope");
    assert_eq!(app.get_as(&path, &recruiter).await, (400, error("before must be a message id")));
    assert_eq!(message_mails(app, "strict-listen@example.com").await, 0, "nothing refused was sent");
}

async fn a_conversation_pages_newest_first(app: &TestApp) {
    let (recruiter, applicant, _, id) = conversation(app, "pager-r@example.com", "pager-a@example.com").await;
    for n in 0..55 {
        let token = if n % 2 == 0 { &recruiter } else { &applicant };
        assert_eq!(send(app, token, &id, &format!("message {n}")).await.0, 201);
    }
    let path = format!("/api/v1/auth/applications/{id}/messages");
    let (_, first) = app.get_as(&path, &applicant).await;
    assert_eq!((bodies(&first).len(), first["hasMore"].as_bool()), (50, Some(true)));
    assert_eq!((bodies(&first)[0], bodies(&first)[49]), ("message 54", "message 5"));
    let last = first["messages"][49]["_id"].as_str().unwrap();
    let (_, second) = app.get_as(&format!("{path}?before={last}"), &applicant).await;
    assert_eq!(bodies(&second), ["message 4", "message 3", "message 2", "message 1", "message 0"]);
    assert_eq!(second["hasMore"], false);
}

async fn a_deleted_jobs_conversation_is_read_only(app: &TestApp) {
    let (recruiter, applicant, job, id) = conversation(app, "closing-r@example.com", "closing-a@example.com").await;
    assert_eq!(send(app, &recruiter, &id, "We will be in touch.").await.0, 201);
    let response = app
        .client
        .delete(app.url(&format!("/api/v1/jobs/deleteJob/{job}")))
        .bearer_auth(&recruiter)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let path = format!("/api/v1/auth/applications/{id}/messages");
    for token in [&recruiter, &applicant] {
        let (status, page) = app.get_as(&path, token).await;
        assert_eq!((status, page["readOnly"].as_bool()), (200, Some(true)));
        assert_eq!(bodies(&page), ["We will be in touch."]);
        assert_eq!(
            send(app, token, &id, "Hello?").await,
            (409, error("This job was deleted; its conversations are read-only"))
        );
    }
}
