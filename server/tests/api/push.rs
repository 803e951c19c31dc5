//! Web Push (docs/rules.md#push): devices turned on and off, and the pushes an event sends them,
//! received and decrypted by a real push test service (`web-push-testing` from npm, which checks
//! the VAPID signature and decrypts the aes128gcm payload as a browser's push service would).

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error, free_port};
use crate::on_both_engines;

on_both_engines!(
    configured |config| { config.outbound_private = true; };
    a_message_reaches_the_recipients_device_decrypted_with_the_kinds_words_and_the_conversations_link,
    a_device_takes_only_the_kinds_chosen_for_it,
    a_device_its_push_service_says_is_gone_is_removed,
    metrics_count_pushes_sent_and_devices_gone,
    logging_out_and_deleting_the_account_remove_the_devices,
    one_browser_is_one_device_and_moves_to_whoever_subscribes_it_last,
);
on_both_engines!(
    bad_subscriptions_are_refused_with_the_reason,
    the_push_key_is_kept_in_the_database_and_the_same_after_a_restart,
);

/// A push test service on a free loopback port: it hands out subscriptions as a browser's push
/// service would, and keeps what it receives, decrypted.
struct PushService {
    process: std::process::Child,
    base: String,
    client: reqwest::Client,
}

impl Drop for PushService {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// A subscription the service made: what a browser's `PushSubscription.toJSON()` gives, and the
/// service's name for it.
struct Subscription {
    json: Value,
    client_hash: String,
}

impl PushService {
    async fn start() -> Self {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/node_modules/web-push-testing/src/bin/server.js");
        assert!(std::path::Path::new(script).exists(), "web-push-testing is installed in web/ (npm ci)");
        for _ in 0..5 {
            let port = free_port();
            let process = std::process::Command::new("node")
                .args([script, &port.to_string()])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("node is installed");
            let mut service =
                Self { process, base: format!("http://localhost:{port}"), client: reqwest::Client::new() };
            for _ in 0..200 {
                if let Ok(Some(_)) = service.process.try_wait() {
                    break;
                }
                if let Ok(response) = service.client.post(format!("{}/status", service.base)).send().await
                    && response.status() == 200
                {
                    return service;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let _ = service.process.kill();
        }
        panic!("the push test service did not start");
    }

    async fn subscribe(&self, server_key: &str) -> Subscription {
        let response = self
            .client
            .post(format!("{}/subscribe", self.base))
            .json(&json!({ "applicationServerKey": server_key, "userVisibleOnly": "true" }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let data = response.json::<Value>().await.unwrap()["data"].clone();
        let client_hash = data["clientHash"].as_str().unwrap().to_string();
        Subscription { json: json!({ "endpoint": data["endpoint"], "keys": data["keys"] }), client_hash }
    }

    /// What the subscription received so far, each decrypted and read as JSON.
    async fn received(&self, subscription: &Subscription) -> Vec<Value> {
        let response = self
            .client
            .post(format!("{}/get-notifications", self.base))
            .json(&json!({ "clientHash": subscription.client_hash }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body = response.json::<Value>().await.unwrap();
        body["data"]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|message| serde_json::from_str(message.as_str().unwrap()).unwrap())
            .collect()
    }

    /// Waits (ten seconds at most) until the subscription has received `count` pushes.
    async fn wait_for(&self, subscription: &Subscription, count: usize) -> Vec<Value> {
        for _ in 0..200 {
            let received = self.received(subscription).await;
            if received.len() >= count {
                return received;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{count} pushes did not arrive; have {:?}", self.received(subscription).await);
    }

    /// Unsubscribes it, as a person does in the browser's settings: its endpoint answers 410.
    async fn expire(&self, subscription: &Subscription) {
        let response = self
            .client
            .post(format!("{}/expire-subscription/{}", self.base, subscription.client_hash))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
}

async fn server_key(app: &TestApp) -> String {
    let (status, body) = app.get("/api/v1/push/key").await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Push key fetched successfully");
    body["publicKey"].as_str().unwrap().to_string()
}

/// Turns notifications on for `subscription` as `token`, for `kinds` (all when `None`).
async fn turn_on(
    app: &TestApp,
    token: &str,
    subscription: &Subscription,
    label: &str,
    kinds: Option<&[&str]>,
) -> Value {
    let mut body = subscription.json.clone();
    body["label"] = json!(label);
    if let Some(kinds) = kinds {
        body["kinds"] = json!(kinds);
    }
    let (status, answer) = app.post_as("/api/v1/auth/push/devices", token, &body).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["message"], "Notifications turned on for this device");
    answer["device"].clone()
}

async fn devices(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.get_as("/api/v1/auth/push/devices", token).await;
    assert_eq!(status, 200);
    body["devices"].as_array().unwrap().clone()
}

/// Pushes waiting in the outbox.
async fn waiting(app: &TestApp) -> i64 {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM push_outbox";
    let (count,): (i64,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).fetch_one(pool).await).unwrap();
    count
}

/// Waits (ten seconds at most) until the worker has marked every push done.
async fn sent_all(app: &TestApp) {
    for _ in 0..200 {
        if waiting(app).await == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{} pushes still wait", waiting(app).await);
}

/// A recruiter's job with one application: (recruiter, applicant, application id).
async fn applied(app: &TestApp, recruiter_email: &str, applicant_email: &str) -> (String, String, String) {
    let recruiter = app.account("Recruiter", recruiter_email).await;
    let job = app.post_job_as(&recruiter, "Platform Engineer", 1, &day(60)).await;
    let applicant = app.account("Applicant", applicant_email).await;
    let application = app.apply_as(&applicant, &job).await;
    (recruiter, applicant, application)
}

async fn message(app: &TestApp, token: &str, application: &str, body: &str) {
    let path = format!("/api/v1/auth/applications/{application}/messages");
    let (status, answer) = app.post_as(&path, token, &json!({ "body": body })).await;
    assert_eq!(status, 201, "{answer}");
}

async fn a_message_reaches_the_recipients_device_decrypted_with_the_kinds_words_and_the_conversations_link(
    app: &TestApp,
) {
    let service = PushService::start().await;
    let (recruiter, applicant, application) = applied(app, "pusher@example.com", "pushed@example.com").await;
    let phone = service.subscribe(&server_key(app).await).await;
    let device = turn_on(app, &applicant, &phone, "Chrome on Android", None).await;
    assert_eq!(device["label"], "Chrome on Android");
    assert_eq!(device["endpoint"], phone.json["endpoint"]);
    assert_eq!(
        device["kinds"],
        json!(["message", "interview", "stageChange", "newJobs", "newApplication", "mention", "jobClosing"])
    );
    assert_eq!(device["lastSentAt"], Value::Null);

    message(app, &recruiter, &application, "Are you free on Tuesday? Salary is 90k.").await;
    let received = service.wait_for(&phone, 1).await;
    let (_, notifications) = app.get_as("/api/v1/auth/notifications", &applicant).await;
    let link = notifications["notifications"][0]["link"].as_str().unwrap().to_string();
    // The lock screen shows the kind's words: not the message, the recruiter or the job.
    assert_eq!(
        received,
        [json!({
            "title": "New message",
            "body": "You have a new message about an application.",
            "url": link,
            "tag": format!("message:{link}"),
        })]
    );
    assert!(link.contains(&application), "the tap opens the conversation: {link}");
    // Sent once: the outbox empties, and the device notes when it last got one.
    sent_all(app).await;
    let listed = devices(app, &applicant).await;
    assert!(listed[0]["lastSentAt"].is_string(), "{listed:?}");
}

async fn a_device_takes_only_the_kinds_chosen_for_it(app: &TestApp) {
    let service = PushService::start().await;
    let (recruiter, applicant, application) = applied(app, "chooser@example.com", "chosen@example.com").await;
    let key = server_key(app).await;
    let phone = service.subscribe(&key).await;
    let laptop = service.subscribe(&key).await;
    let phone_device = turn_on(app, &applicant, &phone, "Phone", Some(&["message"])).await;
    turn_on(app, &applicant, &laptop, "Laptop", Some(&["stageChange"])).await;

    // A stage change goes to the laptop only, then a message to the phone only.
    let path = format!("/api/v1/auth/applications/{application}/stage");
    let (status, answer) = app.put_as(&path, &recruiter, &json!({ "from": "applied", "stage": "screening" })).await;
    assert_eq!(status, 200, "{answer}");
    let on_laptop = service.wait_for(&laptop, 1).await;
    assert_eq!(on_laptop[0]["title"], "Application update");
    message(app, &recruiter, &application, "Hello").await;
    let on_phone = service.wait_for(&phone, 1).await;
    assert_eq!(on_phone.iter().map(|push| push["title"].clone()).collect::<Vec<_>>(), [json!("New message")]);
    assert_eq!(service.received(&laptop).await.len(), 1);

    // The phone switched to interviews only: the next message goes nowhere.
    sent_all(app).await;
    let path = format!("/api/v1/auth/push/devices/{}", phone_device["_id"].as_str().unwrap());
    let (status, answer) = app.put_as(&path, &applicant, &json!({ "kinds": ["interview"] })).await;
    assert_eq!(status, 200);
    assert_eq!(answer["message"], "Notification settings saved");
    assert_eq!(answer["device"]["kinds"], json!(["interview"]));
    assert_eq!(answer["device"]["label"], "Phone");
    message(app, &recruiter, &application, "Hello again").await;
    assert_eq!(waiting(app).await, 0, "no push was written for a kind no device takes");
    assert_eq!(service.received(&phone).await.len(), 1);
}

async fn a_device_its_push_service_says_is_gone_is_removed(app: &TestApp) {
    let service = PushService::start().await;
    let (recruiter, applicant, application) = applied(app, "expirer@example.com", "expired@example.com").await;
    let phone = service.subscribe(&server_key(app).await).await;
    turn_on(app, &applicant, &phone, "Old phone", None).await;
    service.expire(&phone).await;

    message(app, &recruiter, &application, "Still there?").await;
    // The push service answers 410: the device is forgotten, with its push.
    for _ in 0..200 {
        if devices(app, &applicant).await.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(devices(app, &applicant).await, Vec::<Value>::new());
    sent_all(app).await;
}

async fn metrics_count_pushes_sent_and_devices_gone(app: &TestApp) {
    use crate::metrics::{ONE_SCRAPER, sample, scrape};
    let _turn = ONE_SCRAPER.lock().await;
    jobportal::ops::metrics::install();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let served = tokio::spawn(jobportal::ops::metrics::serve(app.parts.clone(), listener, stopped));
    let before = scrape(app, &address).await;

    let service = PushService::start().await;
    let (recruiter, applicant, application) = applied(app, "counter@example.com", "counted@example.com").await;
    let phone = service.subscribe(&server_key(app).await).await;
    turn_on(app, &applicant, &phone, "Phone", None).await;
    message(app, &recruiter, &application, "One").await;
    service.wait_for(&phone, 1).await;
    sent_all(app).await;
    service.expire(&phone).await;
    message(app, &recruiter, &application, "Two").await;
    sent_all(app).await;

    let after = scrape(app, &address).await;
    // The recorder is the process's, shared with the tests running beside this one: at least.
    for name in ["jobportal_push_sent_total", "jobportal_push_expired_total"] {
        assert!(sample(&after, name, &[]) >= sample(&before, name, &[]) + 1.0, "{name}: {after}");
    }
    let _ = stop.send(true);
    let _ = served.await;
}

async fn logging_out_and_deleting_the_account_remove_the_devices(app: &TestApp) {
    let service = PushService::start().await;
    let key = server_key(app).await;
    let applicant = app.account("Applicant", "leaver@example.com").await;
    let other_login = app.log_in("leaver@example.com", crate::helpers::PASSWORD).await;
    let phone = service.subscribe(&key).await;
    let laptop = service.subscribe(&key).await;
    turn_on(app, &applicant, &phone, "Phone", None).await;
    turn_on(app, &other_login, &laptop, "Laptop", None).await;
    assert_eq!(devices(app, &applicant).await.len(), 2);

    // Logging out of the phone's login removes the phone only.
    let (status, _) = app.post_as("/api/v1/auth/logout", &applicant, &json!({})).await;
    assert_eq!(status, 200);
    let left = devices(app, &other_login).await;
    assert_eq!(left.iter().map(|device| device["label"].clone()).collect::<Vec<_>>(), [json!("Laptop")]);

    // The device is the person's data: their download lists it as the devices screen does.
    let response =
        app.client.get(app.url("/api/v1/auth/account/export")).bearer_auth(&other_login).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let exported: Value = response.json().await.unwrap();
    assert_eq!(exported["pushDevices"], json!(left));

    // Deleting the account removes its devices with its logins.

    let (status, answer) = app
        .post_as("/api/v1/auth/account/delete", &other_login, &json!({ "password": crate::helpers::PASSWORD }))
        .await;
    assert_eq!(status, 200, "{answer}");
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM push_subscriptions";
    let (count,): (i64,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).fetch_one(pool).await).unwrap();
    assert_eq!(count, 0);
}

async fn one_browser_is_one_device_and_moves_to_whoever_subscribes_it_last(app: &TestApp) {
    let service = PushService::start().await;
    let phone = service.subscribe(&server_key(app).await).await;
    let first = app.account("Applicant", "first-owner@example.com").await;
    let second = app.account("Applicant", "second-owner@example.com").await;
    let mut body = phone.json.clone();
    body["label"] = json!("Shared tablet");
    let (status, created) = app.post_as("/api/v1/auth/push/devices", &first, &body).await;
    assert_eq!(status, 201);
    let (status, again) = app.post_as("/api/v1/auth/push/devices", &first, &body).await;
    assert_eq!(status, 201);
    assert_eq!(again["device"]["_id"], created["device"]["_id"], "the same browser again is the same device");
    let (status, _) = app.post_as("/api/v1/auth/push/devices", &second, &body).await;
    assert_eq!(status, 201);
    assert_eq!(devices(app, &first).await, Vec::<Value>::new());
    assert_eq!(devices(app, &second).await.len(), 1);
}

async fn bad_subscriptions_are_refused_with_the_reason(app: &TestApp) {
    let applicant = app.account("Applicant", "refused-device@example.com").await;
    let other = app.account("Applicant", "someone-else@example.com").await;
    // A real key and secret, shaped as a browser sends them.
    let p256dh = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
    let auth = "tBHItJI5svbpez7KI4CCXg";
    let good = json!({ "endpoint": "https://push.example.com/send/abc", "keys": { "p256dh": p256dh, "auth": auth } });
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body
    };
    let path = "/api/v1/auth/push/devices";
    let cases = [
        (json!({ "keys": { "p256dh": p256dh, "auth": auth } }), "Endpoint is required"),
        (
            with("endpoint", json!("http://push.example.com/send/abc")),
            "Endpoint must be a push service's https:// address",
        ),
        (
            with("endpoint", json!("https://169.254.169.254/latest")),
            "Endpoint must be a push service's https:// address",
        ),
        (with("endpoint", json!("https://127.0.0.1:8443/x")), "Endpoint must be a push service's https:// address"),
        (with("endpoint", json!("not a url")), "Endpoint must be a push service's https:// address"),
        (with("keys", json!({ "p256dh": "abc", "auth": auth })), "Keys must be the browser's p256dh and auth keys"),
        (with("keys", json!({ "p256dh": p256dh, "auth": "abc" })), "Keys must be the browser's p256dh and auth keys"),
        (with("keys", Value::Null), "Keys must be the browser's p256dh and auth keys"),
        (with("label", json!("x".repeat(61))), "Device label must be at most 60 characters"),
        (
            with("kinds", json!(["message", "gossip"])),
            "Notification kinds must be among message, interview, stageChange, newJobs, newApplication, mention and jobClosing",
        ),
    ];
    for (body, message) in cases {
        assert_eq!(app.post_as(path, &applicant, &body).await, (400, error(message)), "{body}");
    }
    assert_eq!(app.post_json(path, &good).await, (401, error("Token is missing")));

    // A blank label is the default one; someone else's device is not found.
    let (status, created) = app.post_as(path, &applicant, &with("label", json!("  "))).await;
    assert_eq!(status, 201);
    assert_eq!(created["device"]["label"], "This device");
    let device = format!("{path}/{}", created["device"]["_id"].as_str().unwrap());
    assert_eq!(app.put_as(&device, &other, &json!({ "label": "Mine" })).await, (404, error("Device not found")));
    assert_eq!(app.delete_as(&device, &other).await, (404, error("Device not found")));
    assert_eq!(
        app.delete_as(&device, &applicant).await,
        (200, json!({ "success": true, "message": "Notifications turned off for this device" }))
    );
    assert_eq!(app.delete_as(&device, &applicant).await, (404, error("Device not found")));

    // Twenty devices at most.
    for n in 0..20 {
        let (status, _) =
            app.post_as(path, &applicant, &with("endpoint", json!(format!("https://push.example.com/send/{n}")))).await;
        assert_eq!(status, 201);
    }
    assert_eq!(
        app.post_as(path, &applicant, &with("endpoint", json!("https://push.example.com/send/twenty-first"))).await,
        (400, error("Notifications can be on for at most 20 devices: turn one off first"))
    );
}

async fn the_push_key_is_kept_in_the_database_and_the_same_after_a_restart(app: &TestApp) {
    let key = server_key(app).await;
    assert_eq!(key.len(), 87, "an uncompressed P-256 key in base64url");
    let beside = app.beside().await;
    assert_eq!(server_key(&beside).await, key, "another instance on the database signs with the same key");
    beside.stop().await;
}
