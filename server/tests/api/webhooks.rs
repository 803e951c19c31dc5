//! Webhooks (docs/rules.md#webhooks), delivered to a real HTTP receiver that verifies each
//! signature with the `standardwebhooks` package from PyPI (tests/fixtures/webhook_receiver.py):
//! each event signed, in order, retried after a 500, a timeout and a redirect, redelivered on
//! request, the secret rotated with both valid, an endpoint failing for a day turned off, and a
//! delivery cut by a killed server made by the next one.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

use crate::cluster::Instance;
use crate::helpers::{
    EmptyPostgres, PASSWORD, TestApp, code_in, day, error, free_port, read_messages, scratch_dir, status_and_json,
    wait_for_message,
};
use crate::on_both_engines;

on_both_engines!(
    configured |config| { config.outbound_private = true; config.limits.webhook_timeout = std::time::Duration::from_secs(1); };
    each_event_reaches_its_endpoints_signed_in_order_once_per_id,
    a_failed_delivery_is_retried_with_backoff_and_sent_again_on_request,
    an_endpoint_failing_for_a_day_is_turned_off_and_its_owners_told,
    a_rotated_secret_and_the_one_before_both_sign_for_a_day,
);
on_both_engines!(bad_endpoints_and_callers_are_refused_with_the_reason);

/// The receiver: a Python process on a free loopback port, its log and secrets in `dir`.
struct Receiver {
    process: std::process::Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

impl Receiver {
    async fn start() -> Self {
        let (port, dir) = (free_port(), scratch_dir());
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/webhook_receiver.py");
        let process = std::process::Command::new("python3")
            .arg(script)
            .arg(port.to_string())
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("python3 with standardwebhooks is installed (.ci/run installs it)");
        let receiver = Self { process, port, dir };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return receiver;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the webhook receiver did not start on port {port}");
    }

    fn url(&self, behaviour: &str, name: &str) -> String {
        format!("http://127.0.0.1:{}/{behaviour}/{name}", self.port)
    }

    /// Verifies `name`'s deliveries with `secrets` from now on.
    fn trust(&self, name: &str, secrets: &[&str]) {
        let path = self.dir.join("secrets.json");
        let mut all: Value =
            std::fs::read_to_string(&path).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(json!({}));
        all[name] = json!(secrets);
        let written = self.dir.join("secrets.json.new");
        std::fs::write(&written, all.to_string()).unwrap();
        std::fs::rename(written, path).unwrap();
    }

    /// Every request received so far, oldest first.
    fn log(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.dir.join("log.jsonl")).unwrap_or_default();
        text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
    }

    /// The requests to endpoint `name`, once at least `count` have arrived (waiting up to 30 s).
    async fn wait_for(&self, name: &str, count: usize) -> Vec<Value> {
        for _ in 0..600 {
            let seen: Vec<Value> = self.log().into_iter().filter(|request| request["name"] == name).collect();
            if seen.len() >= count {
                return seen;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{name} did not receive {count} requests within 30 s: {:?}", self.log());
    }
}

/// An owner (a login) with an API token holding every scope: the owner's JWT and the secret.
async fn owner_with_token(app: &TestApp) -> (String, String) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let scopes = ["jobs:read", "jobs:write", "applications:read", "applications:write", "webhooks"];
    let (status, made) =
        app.post_as("/api/v1/auth/tokens", &owner, &json!({ "name": "Hooks", "scopes": scopes })).await;
    assert_eq!(status, 201, "{made}");
    (owner, made["secret"].as_str().unwrap().to_string())
}

/// Registers an endpoint at `url` for `events` with `token`: its id and secret.
async fn register(app: &TestApp, token: &str, url: &str, events: &[&str]) -> (String, String) {
    let body = json!({ "url": url, "description": "Test receiver", "events": events });
    let (status, made) = app.post_as("/api/v1/company/webhooks", token, &body).await;
    assert_eq!(status, 201, "{made}");
    (made["endpoint"]["_id"].as_str().unwrap().to_string(), made["secret"].as_str().unwrap().to_string())
}

const EVERY_EVENT: [&str; 9] = [
    "application.created",
    "application.withdrawn",
    "application.stage_changed",
    "interview.booked",
    "interview.cancelled",
    "message.received",
    "job.published",
    "job.closed",
    "job.deleted",
];

/// The endpoint's delivery log, through the API.
async fn deliveries(app: &TestApp, token: &str, endpoint: &str) -> Vec<Value> {
    let (status, log) = app.get_as(&format!("/api/v1/company/webhooks/{endpoint}/deliveries"), token).await;
    assert_eq!(status, 200, "{log}");
    log["deliveries"].as_array().unwrap().clone()
}

/// Waits (up to 30 s) until the endpoint's delivery log passes `check`; returns it.
async fn log_when(app: &TestApp, token: &str, endpoint: &str, check: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    for _ in 0..600 {
        let log = deliveries(app, token, endpoint).await;
        if check(&log) {
            return log;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the delivery log of {endpoint} never became as expected: {:?}", deliveries(app, token, endpoint).await);
}

/// Waits until the endpoint's newest delivery is in `state` after `attempts`; returns the log.
async fn settled(app: &TestApp, token: &str, endpoint: &str, state: &str, attempts: i64) -> Vec<Value> {
    log_when(app, token, endpoint, |log| log.first().is_some_and(|newest| is(newest, state, attempts))).await
}

fn is(delivery: &Value, state: &str, attempts: i64) -> bool {
    delivery["state"] == state && delivery["attempts"] == attempts
}

/// Moves the delivery's next attempt to now: the clock the test sets.
async fn due_now(app: &TestApp, id: &str) {
    const SQL: &str = "UPDATE webhook_deliveries SET next_attempt_at = 0 WHERE id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(SQL).bind(id).execute(pool).await.map(|_| ())).unwrap();
}

fn instant(text: &str) -> i64 {
    let at = time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap();
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

fn in_hours(hours: i64) -> String {
    let millis = (jobportal::db::now_millis() + hours * 3_600_000) / 60_000 * 60_000;
    jobportal::db::rfc3339_from_millis(millis)
}

async fn each_event_reaches_its_endpoints_signed_in_order_once_per_id(app: &TestApp) {
    let receiver = Receiver::start().await;
    let (owner, token) = owner_with_token(app).await;
    let (all, all_secret) = register(app, &token, &receiver.url("ok", "all"), &EVERY_EVENT).await;
    receiver.trust("all", &[&all_secret]);
    let (_, jobs_secret) = register(app, &token, &receiver.url("ok", "jobs"), &["job.published", "job.deleted"]).await;
    receiver.trust("jobs", &[&jobs_secret]);
    // Another company's endpoint hears nothing of this one.
    let other = app.account("Recruiter", "rec@globex.example").await;
    let (_, other_secret) = register(app, &other, &receiver.url("ok", "other"), &EVERY_EVENT).await;
    receiver.trust("other", &[&other_secret]);

    let job = app.post_job_as(&token, "Hooked Engineer", 1, &day(60)).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let moved = json!({ "from": "applied", "stage": "screening" });
    assert_eq!(app.put_as(&format!("/api/v1/auth/applications/{application}/stage"), &owner, &moved).await.0, 200);
    let messages = format!("/api/v1/auth/applications/{application}/messages");
    assert_eq!(app.post_as(&messages, &applicant, &json!({ "body": "Hello" })).await.0, 201);
    assert_eq!(app.post_as(&messages, &owner, &json!({ "body": "Hi" })).await.0, 201, "a recruiter's: no event");
    let slots = json!({ "slots": [in_hours(48)], "durationMinutes": 30, "location": "Office" });
    let (status, proposed) =
        app.post_as(&format!("/api/v1/auth/applications/{application}/interviews"), &token, &slots).await;
    assert_eq!(status, 201, "{proposed}");
    let interview = proposed["data"]["_id"].as_str().unwrap().to_string();
    let book = format!("/api/v1/auth/interviews/{interview}/book");
    assert_eq!(app.put_as(&book, &applicant, &json!({ "slot": 0 })).await.0, 200);
    let cancel = format!("/api/v1/auth/interviews/{interview}/cancel");
    assert_eq!(app.put_as(&cancel, &applicant, &json!({})).await.0, 200);
    let withdraw = format!("/api/v1/auth/withdrawapplication/{application}");
    assert_eq!(app.put_as(&withdraw, &applicant, &json!({})).await.0, 200);
    assert_eq!(app.put_as(&format!("/api/v1/jobs/closeJob/{job}"), &token, &json!({})).await.0, 200);
    assert_eq!(app.delete_as(&format!("/api/v1/jobs/deleteJob/{job}"), &token).await.0, 200);

    let received = receiver.wait_for("all", 9).await;
    let types: Vec<&str> = received.iter().map(|request| request["payload"]["type"].as_str().unwrap()).collect();
    // One subject's events in the order they happened: the job's, and the application's.
    let of = |subject: &[&str]| -> Vec<&str> { types.iter().copied().filter(|t| subject.contains(t)).collect() };
    assert_eq!(of(&["job.published", "job.closed", "job.deleted"]), ["job.published", "job.closed", "job.deleted"]);
    assert_eq!(
        of(&[
            "application.created",
            "application.stage_changed",
            "message.received",
            "interview.booked",
            "interview.cancelled",
            "application.withdrawn"
        ]),
        [
            "application.created",
            "application.stage_changed",
            "message.received",
            "interview.booked",
            "interview.cancelled",
            "application.withdrawn"
        ]
    );
    let mut ids: Vec<&str> = received.iter().map(|request| request["id"].as_str().unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 9, "each event once, each with its own webhook-id");
    for request in &received {
        assert_eq!(request["verified"], true, "signed with the endpoint's secret: {request}");
        assert_eq!((request["attempt"].as_i64(), request["contentType"].as_str()), (Some(1), Some("application/json")));
        assert!(request["id"].as_str().unwrap().starts_with("msg_"), "{request}");
        let sent_at = request["timestamp"].as_str().unwrap().parse::<i64>().unwrap();
        assert!((jobportal::db::now_millis() / 1000 - sent_at).abs() < 60, "{request}");
    }
    let payload = |kind: &str| received.iter().find(|r| r["payload"]["type"] == kind).unwrap()["payload"].clone();
    assert_eq!(
        payload("application.stage_changed")["data"],
        json!({ "applicationId": application, "jobId": job, "stage": "screening", "previousStage": "applied" })
    );
    assert_eq!(payload("job.published")["data"], json!({ "jobId": job, "title": "Hooked Engineer" }));
    assert_eq!(payload("job.closed")["data"], json!({ "jobId": job, "reason": "closed" }));
    assert_eq!(
        payload("interview.cancelled")["data"],
        json!({ "interviewId": interview, "applicationId": application, "jobId": job })
    );
    assert_eq!(payload("application.withdrawn")["data"]["stage"], "withdrawn");
    let message = payload("message.received");
    assert_eq!(
        (message["data"]["applicationId"].as_str(), message["data"]["jobId"].as_str()),
        (Some(application.as_str()), Some(job.as_str()))
    );
    let booked = payload("interview.booked");
    assert_eq!(instant(booked["data"]["startsAt"].as_str().unwrap()), instant(slots["slots"][0].as_str().unwrap()));
    assert!(payload("application.created")["timestamp"].is_string());

    let jobs: Vec<String> =
        receiver.wait_for("jobs", 2).await.iter().map(|r| r["payload"]["type"].to_string()).collect();
    assert_eq!(jobs, ["\"job.published\"", "\"job.deleted\""], "only the events it asked for");
    // The log says each was delivered at the first attempt, with the receiver's status.
    let log = log_when(app, &token, &all, |log| log.len() == 9 && log.iter().all(|d| is(d, "delivered", 1))).await;
    for delivery in &log {
        assert_eq!(
            (delivery["state"].as_str(), delivery["attempts"].as_i64(), delivery["lastStatus"].as_i64()),
            (Some("delivered"), Some(1), Some(204)),
            "{delivery}"
        );
        assert!(delivery["nextAttemptAt"].is_null() && delivery["lastError"].is_null(), "{delivery}");
    }
    assert!(
        receiver.log().iter().all(|request| request["name"] != "other"),
        "another company's endpoint heard nothing"
    );
}

async fn a_failed_delivery_is_retried_with_backoff_and_sent_again_on_request(app: &TestApp) {
    let receiver = Receiver::start().await;
    let (_, token) = owner_with_token(app).await;
    // A 500 first, then success.
    let (failing, secret) = register(app, &token, &receiver.url("fail-first", "f"), &["job.published"]).await;
    receiver.trust("f", &[&secret]);
    app.post_job_as(&token, "Retried Role", 1, &day(30)).await;
    let log = settled(app, &token, &failing, "pending", 1).await;
    let first = &log[0];
    assert_eq!((first["lastStatus"].as_i64(), first["lastError"].as_str()), (Some(500), Some("HTTP 500: not yet")));
    let wait = instant(first["nextAttemptAt"].as_str().unwrap()) - instant(first["lastAttemptAt"].as_str().unwrap());
    assert!((4_000..=6_000).contains(&wait), "the first retry waits 5 s: {wait} ms");
    let id = first["_id"].as_str().unwrap().to_string();
    due_now(app, &id).await;
    let log = settled(app, &token, &failing, "delivered", 2).await;
    assert_eq!((log[0]["lastStatus"].as_i64(), log[0]["lastError"].as_str()), (Some(204), None));
    let tries = receiver.wait_for("f", 2).await;
    assert_eq!(
        tries.iter().map(|r| (r["id"].as_str().unwrap(), r["verified"].as_bool().unwrap())).collect::<Vec<_>>(),
        [(id.as_str(), true), (id.as_str(), true)],
        "the same webhook-id each time"
    );

    // Sent again on request: the same id and body, its attempts counted anew.
    let path = format!("/api/v1/company/webhooks/{failing}/deliveries/{id}/redeliver");
    let (status, queued) = app.post_as(&path, &token, &json!({})).await;
    assert_eq!(
        (status, queued["message"].as_str(), queued["delivery"]["state"].as_str()),
        (200, Some("Delivery queued again"), Some("pending"))
    );
    let again = receiver.wait_for("f", 3).await;
    assert_eq!((again[2]["id"].as_str(), &again[2]["payload"]), (Some(id.as_str()), &again[0]["payload"]));
    settled(app, &token, &failing, "delivered", 1).await;
    assert_eq!(
        app.post_as(&format!("/api/v1/company/webhooks/{failing}/deliveries/nope/redeliver"), &token, &json!({})).await,
        (404, error("Delivery not found"))
    );
    let off = json!({ "enabled": false });
    assert_eq!(app.put_as(&format!("/api/v1/company/webhooks/{failing}"), &token, &off).await.0, 200);

    // No answer within the timeout, then success.
    let (slow, secret) = register(app, &token, &receiver.url("slow-first", "s"), &["job.published"]).await;
    receiver.trust("s", &[&secret]);
    app.post_job_as(&token, "Slow Role", 1, &day(30)).await;
    let log = settled(app, &token, &slow, "pending", 1).await;
    assert_eq!((log[0]["lastStatus"].as_i64(), log[0]["lastError"].as_str()), (None, Some("No answer within 1 s")));
    due_now(app, log[0]["_id"].as_str().unwrap()).await;
    settled(app, &token, &slow, "delivered", 2).await;
    assert_eq!(app.put_as(&format!("/api/v1/company/webhooks/{slow}"), &token, &off).await.0, 200);

    // A redirect is a failure, never followed; an answer's long body is cut in the log.
    let (redirecting, secret) = register(app, &token, &receiver.url("redirect", "r"), &["job.published"]).await;
    receiver.trust("r", &[&secret]);
    let (big, secret) = register(app, &token, &receiver.url("big", "b"), &["job.published"]).await;
    receiver.trust("b", &[&secret]);
    app.post_job_as(&token, "Moved Role", 1, &day(30)).await;
    let log = settled(app, &token, &redirecting, "pending", 1).await;
    assert_eq!((log[0]["lastStatus"].as_i64(), log[0]["lastError"].as_str()), (Some(302), Some("HTTP 302:")));
    let log = settled(app, &token, &big, "pending", 1).await;
    assert_eq!(log[0]["lastError"].as_str().unwrap(), format!("HTTP 500: {}", "x".repeat(200)));
    assert!(receiver.log().iter().all(|request| request["behaviour"] != "ok"), "the redirect was not followed");

    assert!(receiver.log().iter().all(|request| request["behaviour"] != "ok"), "the redirect was not followed");
}

async fn an_endpoint_failing_for_a_day_is_turned_off_and_its_owners_told(app: &TestApp) {
    let receiver = Receiver::start().await;
    let (_, token) = owner_with_token(app).await;
    let (endpoint, secret) = register(app, &token, &receiver.url("fail-always", "d"), &["job.published"]).await;
    receiver.trust("d", &[&secret]);
    app.post_job_as(&token, "Doomed Role", 1, &day(30)).await;
    let log = settled(app, &token, &endpoint, "pending", 1).await;
    let (_, list) = app.get_as("/api/v1/company/webhooks", &token).await;
    assert!(list["endpoints"][0]["failingSince"].is_string(), "{list}");

    // A day after its first failure (the clock the test sets), the next failure turns it off.
    const A_DAY_AGO: &str = "UPDATE webhook_endpoints SET failing_since = $1 WHERE id = $2";
    let day_ago = jobportal::db::now_millis() - 24 * 3_600_000 - 1;
    jobportal::dispatch!(&app.db, |pool| sqlx::query(A_DAY_AGO)
        .bind(day_ago)
        .bind(endpoint.as_str())
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    app.post_job_as(&token, "Second Doomed Role", 1, &day(30)).await;
    due_now(app, log[0]["_id"].as_str().unwrap()).await;
    let mail = app.mail("owner@acme.example", "A webhook endpoint was turned off").await;
    assert!(mail.contains(&receiver.url("fail-always", "d")), "{mail}");
    let (_, list) = app.get_as("/api/v1/company/webhooks", &token).await;
    let off = &list["endpoints"][0];
    assert!(off["disabledAt"].is_string(), "{off}");
    assert_eq!(off["disabledReason"], "Every delivery failed for a day");
    let log = deliveries(app, &token, &endpoint).await;
    assert_eq!(log.iter().map(|d| d["state"].as_str().unwrap()).collect::<Vec<_>>(), ["failed", "failed"]);
    assert!(log.iter().any(|d| d["lastError"] == "Its endpoint was turned off"), "{log:?}");
    // Off, it is sent nothing new; turned on again, it is failing no more.
    let before = receiver.log().len();
    app.post_job_as(&token, "Unheard Role", 1, &day(30)).await;
    assert_eq!(deliveries(app, &token, &endpoint).await.len(), 2, "no delivery is written for an endpoint that is off");
    let (status, on) =
        app.put_as(&format!("/api/v1/company/webhooks/{endpoint}"), &token, &json!({ "enabled": true })).await;
    assert_eq!((status, on["message"].as_str()), (200, Some("Webhook endpoint saved")));
    assert!(on["endpoint"]["disabledAt"].is_null() && on["endpoint"]["failingSince"].is_null(), "{on}");
    assert_eq!(receiver.log().len(), before);

    // Nothing is sent again to an endpoint that is off.
    let off_now = json!({ "enabled": false });
    assert_eq!(app.put_as(&format!("/api/v1/company/webhooks/{endpoint}"), &token, &off_now).await.0, 200);
    let first = deliveries(app, &token, &endpoint).await[0]["_id"].as_str().unwrap().to_string();
    let again = format!("/api/v1/company/webhooks/{endpoint}/deliveries/{first}/redeliver");
    assert_eq!(app.post_as(&again, &token, &json!({})).await, (409, error("This endpoint is off: turn it on first")));
    assert_eq!(
        app.put_as(&format!("/api/v1/company/webhooks/{endpoint}"), &token, &json!({ "enabled": true })).await.0,
        200
    );

    // A delivery is tried for a day after its event, then given up.
    app.post_job_as(&token, "Old Role", 1, &day(30)).await;
    let log = settled(app, &token, &endpoint, "pending", 1).await;
    const OLD: &str = "UPDATE webhook_deliveries SET created_at = $1, next_attempt_at = 0 WHERE id = $2";
    let id = log[0]["_id"].as_str().unwrap().to_string();
    jobportal::dispatch!(&app.db, |pool| sqlx::query(OLD)
        .bind(day_ago)
        .bind(id.as_str())
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    let log =
        log_when(app, &token, &endpoint, |log| log.iter().any(|d| d["_id"] == id.as_str() && is(d, "failed", 2))).await;
    let given_up = log.iter().find(|d| d["_id"] == id.as_str()).unwrap();
    assert_eq!(given_up["lastError"], "HTTP 500: down");
}

async fn a_rotated_secret_and_the_one_before_both_sign_for_a_day(app: &TestApp) {
    let receiver = Receiver::start().await;
    let (_, token) = owner_with_token(app).await;
    let (endpoint, old) = register(app, &token, &receiver.url("ok", "old"), &["job.published"]).await;
    let (status, rotated) =
        app.post_as(&format!("/api/v1/company/webhooks/{endpoint}/rotate"), &token, &json!({})).await;
    assert_eq!(
        (status, rotated["message"].as_str()),
        (200, Some("Signing secret rotated: the old one stays valid for 24 hours"))
    );
    let new = rotated["secret"].as_str().unwrap().to_string();
    assert!(new.starts_with("whsec_") && new != old, "{new}");
    let until = instant(rotated["endpoint"]["previousSecretUntil"].as_str().unwrap());
    assert!((until - jobportal::db::now_millis() - 24 * 3_600_000).abs() < 60_000, "valid for a day");
    // A receiver that knows only the old secret, and then one that knows only the new, both verify.
    receiver.trust("old", &[&old]);
    app.post_job_as(&token, "Rotated Role", 1, &day(30)).await;
    let first = receiver.wait_for("old", 1).await;
    assert_eq!(first[0]["verified"], true);
    assert_eq!(first[0]["signature"].as_str().unwrap().split(' ').count(), 2, "one signature per secret");
    receiver.trust("old", &[&new]);
    app.post_job_as(&token, "Rotated Again", 1, &day(30)).await;
    assert_eq!(receiver.wait_for("old", 2).await[1]["verified"], true);
    // A wrong secret does not verify: the receiver's check is real.
    receiver.trust("old", &["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"]);
    app.post_job_as(&token, "Unverified", 1, &day(30)).await;
    assert_eq!(receiver.wait_for("old", 3).await[2]["verified"], false);
}

async fn bad_endpoints_and_callers_are_refused_with_the_reason(app: &TestApp) {
    let (owner, token) = owner_with_token(app).await;
    let add = |body: Value| {
        let token = token.clone();
        async move { app.post_as("/api/v1/company/webhooks", &token, &body).await }
    };
    let events = json!(["job.published"]);
    let refusals = [
        (json!({ "events": events }), "Endpoint URL is required"),
        (json!({ "url": "  ", "events": events }), "Endpoint URL is required"),
        (
            json!({ "url": "http://hooks.example.com/x", "events": events }),
            "Endpoint URL must be a public https:// address",
        ),
        (json!({ "url": "https://127.0.0.1/x", "events": events }), "Endpoint URL must be a public https:// address"),
        (
            json!({ "url": "https://169.254.169.254/latest", "events": events }),
            "Endpoint URL must be a public https:// address",
        ),
        (json!({ "url": "https://[::1]/x", "events": events }), "Endpoint URL must be a public https:// address"),
        (json!({ "url": "not a url", "events": events }), "Endpoint URL must be a public https:// address"),
        (
            json!({ "url": format!("https://hooks.example.com/{}", "x".repeat(2000)), "events": events }),
            "Endpoint URL must be at most 2000 characters",
        ),
        (
            json!({ "url": "https://hooks.example.com/x", "description": "d".repeat(201), "events": events }),
            "Description must be at most 200 characters",
        ),
        (json!({ "url": "https://hooks.example.com/x" }), "Choose at least one event"),
        (
            json!({ "url": "https://hooks.example.com/x", "events": ["job.published", "job.updated"] }),
            "Events must be among application.created, application.withdrawn, application.stage_changed, interview.booked, interview.cancelled, message.received, job.published, job.closed and job.deleted",
        ),
    ];
    for (body, message) in refusals {
        assert_eq!(add(body.clone()).await, (400, error(message)), "{body}");
    }
    for n in 0..10 {
        assert_eq!(add(json!({ "url": format!("https://hooks.example.com/{n}"), "events": events })).await.0, 201);
    }
    assert_eq!(
        add(json!({ "url": "https://hooks.example.com/eleven", "events": events })).await,
        (409, error("A company can have at most 10 webhook endpoints: delete one first"))
    );
    let (_, list) = app.get_as("/api/v1/company/webhooks", &owner).await;
    let first = list["endpoints"][0]["_id"].as_str().unwrap().to_string();
    assert_eq!(list["endpoints"][0]["url"], "https://hooks.example.com/0");
    let edit = format!("/api/v1/company/webhooks/{first}");
    assert_eq!(
        app.put_as(&edit, &owner, &json!({ "url": "https://10.0.0.1/x" })).await,
        (400, error("Endpoint URL must be a public https:// address"))
    );
    let (status, saved) =
        app.put_as(&edit, &owner, &json!({ "events": ["job.closed", "job.published"], "enabled": false })).await;
    assert_eq!(
        (status, saved["endpoint"]["events"].clone(), saved["endpoint"]["disabledReason"].as_str()),
        (200, json!(["job.published", "job.closed"]), Some("Turned off by a member of the company"))
    );
    assert_eq!(
        app.delete_as(&edit, &owner).await,
        (200, json!({ "success": true, "message": "Webhook endpoint deleted" }))
    );
    assert_eq!(app.delete_as(&edit, &owner).await, (404, error("Webhook endpoint not found")));

    // Another company sees none of them; a hiring manager and an applicant manage none.
    let other = app.account("Recruiter", "rec@globex.example").await;
    let (_, theirs) = app.get_as("/api/v1/company/webhooks", &other).await;
    assert_eq!(theirs["endpoints"], json!([]));
    let second = list["endpoints"][1]["_id"].as_str().unwrap();
    assert_eq!(
        app.get_as(&format!("/api/v1/company/webhooks/{second}/deliveries"), &other).await,
        (404, error("Webhook endpoint not found"))
    );
    assert_eq!(
        app.post_as(&format!("/api/v1/company/webhooks/{second}/rotate"), &other, &json!({})).await,
        (404, error("Webhook endpoint not found"))
    );
    let (manager, _) = crate::helpers::join_team(app, &owner, "hm@acme.example", "hiringManager").await;
    assert_eq!(
        app.get_as("/api/v1/company/webhooks", &manager).await,
        (403, error("Webhooks are managed by a company's owners and recruiters"))
    );
    let applicant = app.account("Applicant", "ada@example.com").await;
    assert_eq!(
        app.get_as("/api/v1/company/webhooks", &applicant).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    // A token needs the webhooks scope.
    let (_, made) =
        app.post_as("/api/v1/auth/tokens", &owner, &json!({ "name": "Jobs only", "scopes": ["jobs:read"] })).await;
    let jobs_only = made["secret"].as_str().unwrap();
    assert_eq!(
        app.get_as("/api/v1/company/webhooks", jobs_only).await,
        (403, error("This API token does not have the webhooks scope"))
    );
    assert_eq!(
        app.get_as(&format!("/api/v1/company/webhooks/{second}/deliveries?limit=0"), &owner).await,
        (400, error("limit must be a whole number from 1 to 100"))
    );
}

/// Instances of the built server on one database, each to be killed or left running.
async fn a_delivery_cut_by_a_killed_server_is_made_by_the_next_one(database: Option<(String, EmptyPostgres)>) {
    let receiver = Receiver::start().await;
    let data_dir = scratch_dir();
    let mut settings: Vec<(String, String)> = vec![
        ("OUTBOUND_PRIVATE".into(), "on".into()),
        ("WEBHOOK_TIMEOUT_SECS".into(), "3".into()),
        ("DATA_DIR".into(), data_dir.display().to_string()),
    ];
    if let Some((url, _)) = &database {
        settings.push(("DATABASE_URL".into(), url.clone()));
    }
    let mut first = Instance::start("first", &settings);
    first.ready().await;
    let client = reqwest::Client::new();
    let call = |base: String, method: reqwest::Method, path: &str, token: Option<&str>, body: Value| {
        let mut request = client.request(method, format!("{base}{path}")).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move { status_and_json(request.send().await.unwrap()).await }
    };
    let base = first.address();
    let email = "owner@acme.example";
    let (status, _) = call(
        base.clone(),
        reqwest::Method::POST,
        "/api/v1/auth/sendotp",
        None,
        json!({ "email": email, "checkUserPresent": true }),
    )
    .await;
    assert_eq!(status, 200);
    let code = code_in(&wait_for_message(|| read_messages(&data_dir.join("outbox")), email, "verification code").await);
    let form = json!({
        "accountType": "Recruiter", "firstName": "Ada", "lastName": "Lovelace", "email": email,
        "password": PASSWORD, "confirmPassword": PASSWORD, "otp": code,
    });
    assert_eq!(call(base.clone(), reqwest::Method::POST, "/api/v1/auth/signup", None, form).await.0, 200);
    let (_, login) = call(
        base.clone(),
        reqwest::Method::POST,
        "/api/v1/auth/login",
        None,
        json!({ "email": email, "password": PASSWORD }),
    )
    .await;
    let owner = login["token"].as_str().unwrap().to_string();
    let scopes = json!({ "name": "Hooks", "scopes": ["jobs:write", "webhooks"] });
    let (_, made) = call(base.clone(), reqwest::Method::POST, "/api/v1/auth/tokens", Some(&owner), scopes).await;
    let token = made["secret"].as_str().unwrap().to_string();
    let endpoint = json!({ "url": receiver.url("hold", "k"), "events": ["job.published"] });
    let (status, made) =
        call(base.clone(), reqwest::Method::POST, "/api/v1/company/webhooks", Some(&token), endpoint).await;
    assert_eq!(status, 201, "{made}");
    receiver.trust("k", &[made["secret"].as_str().unwrap()]);
    let endpoint = made["endpoint"]["_id"].as_str().unwrap().to_string();
    let (_, categories) =
        call(base.clone(), reqwest::Method::GET, "/api/v1/jobs/showAllCategories", None, json!({})).await;
    let category = categories["categories"][0]["_id"].as_str().unwrap().to_string();

    // Three events; the receiver holds their requests, and the server is killed meanwhile.
    std::fs::write(receiver.dir.join("hold"), "").unwrap();
    for title in ["Kept Role One", "Kept Role Two", "Kept Role Three"] {
        let form = json!({
            "title": title, "company": "Acme", "description": "A good job.", "maxApplicants": 50,
            "maxPositions": 1, "dateOfPosting": day(0), "deadline": day(30), "skillsets": ["rust"],
            "jobType": "Full-time", "salary": 70000, "categoryName": category, "location": "Pune",
        });
        let (status, posted) =
            call(base.clone(), reqwest::Method::POST, "/api/v1/jobs/createJob", Some(&token), form).await;
        assert_eq!(status, 201, "{posted}");
    }
    let held = receiver.wait_for("k", 3).await;
    first.kill();
    std::fs::remove_file(receiver.dir.join("hold")).unwrap();

    // The next server sends each again once the killed one's hold on it has passed.
    let mut second = Instance::start("second", &settings);
    second.ready().await;
    let received = receiver.wait_for("k", 6).await;
    let ids = |requests: &[Value]| {
        let mut ids: Vec<String> = requests.iter().map(|request| request["id"].as_str().unwrap().to_string()).collect();
        ids.sort();
        ids
    };
    let mut twice = ids(&held);
    twice.extend(ids(&held));
    twice.sort();
    assert_eq!(ids(&received), twice, "each event again, with its own id");
    assert!(received.iter().all(|request| request["verified"] == true), "{received:?}");
    let path = format!("/api/v1/company/webhooks/{endpoint}/deliveries");
    for _ in 0..600 {
        let (_, log) = call(second.address(), reqwest::Method::GET, &path, Some(&token), json!({})).await;
        if log["deliveries"].as_array().unwrap().iter().all(|delivery| delivery["state"] == "delivered") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (_, log) = call(second.address(), reqwest::Method::GET, &path, Some(&token), json!({})).await;
    let states: Vec<&str> =
        log["deliveries"].as_array().unwrap().iter().map(|d| d["state"].as_str().unwrap()).collect();
    assert_eq!(states, ["delivered", "delivered", "delivered"]);
    drop(second);
    if let Some((_, database)) = database {
        database.drop_database().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_cut_by_a_killed_server_is_made_by_the_next_one_on_sqlite() {
    a_delivery_cut_by_a_killed_server_is_made_by_the_next_one(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn a_delivery_cut_by_a_killed_server_is_made_by_the_next_one_on_postgres() {
    let (config, database) = EmptyPostgres::make().await;
    let jobportal::config::DatabaseUrl::Postgres(url) = &config.database else { unreachable!("a PostgreSQL database") };
    a_delivery_cut_by_a_killed_server_is_made_by_the_next_one(Some((url.clone(), database))).await;
}
