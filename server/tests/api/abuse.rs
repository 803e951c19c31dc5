//! Availability under abuse and the contract's edges: limits that hold when a burst
//! arrives at one instant, bounded password hashing, connections that cannot be held open, NUL
//! characters, security headers, mailbox bombing, and errors always in the API's envelope.

use std::net::IpAddr;
use std::time::Duration;

use futures_util::future::join_all;
use jobportal::dispatch;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, code_in, day, status_and_json};
use crate::on_both_engines;

// The burst tests count what the limits judge, so each client's share of the password hashes is
// raised above them here (one_client_fills_only_its_own_share_of_the_password_hashes tests it).
on_both_engines!(
    configured |config| { config.limits.hash_per_client = 64; };
    a_burst_of_wrong_passwords_gets_exactly_the_limit_then_429,
);

on_both_engines!(
    a_burst_of_code_guesses_gets_exactly_five_tries,
    a_burst_of_code_requests_for_one_address_sends_exactly_five,
    reset_mails_are_capped_per_address_whichever_client_asks,
    a_password_change_ends_every_outstanding_reset_link,
    nul_characters_are_refused_with_the_field_named,
    control_characters_are_refused_and_line_breaks_kept_only_in_paragraphs,
    errors_at_the_contracts_edges_are_in_the_envelope,
    a_deleted_jobs_applications_are_not_decided_and_its_resumes_close,
    an_address_is_found_through_the_index_not_a_scan,
    pages_and_the_api_send_security_headers,
    a_job_form_over_2_mb_is_413_as_a_json_body_is,
);

on_both_engines!(
    configured |config| {
        config.limits.hash_concurrency = 1;
        config.limits.hash_queue = 1;
    };
    password_hashes_beyond_the_queue_are_refused_with_503,
);

on_both_engines!(
    configured |config| {
        config.limits.hash_concurrency = 1;
        config.limits.hash_queue = 8;
        config.limits.hash_per_client = 2;
    };
    one_client_fills_only_its_own_share_of_the_password_hashes,
);

on_both_engines!(
    configured |config| {
        config.limits.max_connections_per_client = 2;
        config.trusted_proxies = jobportal::config::parse_trusted("127.0.0.3").unwrap();
    };
    a_client_beyond_its_share_of_connections_is_told_so_and_closed,
    only_a_trusted_proxy_can_say_the_client_came_over_https,
);

on_both_engines!(
    configured |config| {
        // Idle connections wait a whole minute for headers: only making room lets a new one in.
        config.limits.header_timeout = std::time::Duration::from_secs(60);
        config.limits.max_connections = 4;
    };
    idle_connections_yield_to_a_new_visitor_when_every_slot_is_held,
);

on_both_engines!(
    configured |config| {
        config.limits.header_timeout = std::time::Duration::from_secs(1);
        config.limits.request_timeout = std::time::Duration::from_secs(2);
        config.limits.max_connections = 3;
    };
    slow_idle_and_stalled_connections_are_closed,
);

const PASSWORD: &str = "correct horse battery";

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

fn count(answers: &[(u16, Value)], status: u16, message: &str) -> usize {
    answers.iter().filter(|answer| **answer == (status, error(message))).count()
}

async fn a_burst_of_wrong_passwords_gets_exactly_the_limit_then_429(app: &TestApp) {
    app.sign_up("Applicant", "burst@example.com", PASSWORD).await;
    let wrong = json!({ "email": "burst@example.com", "password": "not the password" });
    let answers = join_all((0..50).map(|_| app.post_json("/api/v1/auth/login", &wrong))).await;
    let refused = count(&answers, 401, "Incorrect email or password");
    let limited = count(&answers, 429, "Too many failed login attempts. Please try again later");
    assert_eq!((refused, limited), (10, 40), "50 at one instant: 10 checked, 40 limited; {answers:?}");

    let right = json!({ "email": "burst@example.com", "password": PASSWORD });
    assert_eq!(
        app.post_json("/api/v1/auth/login", &right).await,
        (429, error("Too many failed login attempts. Please try again later")),
        "the right password after the burst is limited too"
    );
}

/// Two instances on one PostgreSQL database share every limit: the burst of 50 wrong passwords,
/// sent to both at the same instant, still gets exactly 10 checked. (SQLite serves one instance,
/// whose limits live in its memory.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn a_burst_spread_over_two_instances_gets_exactly_the_limit_on_postgresql() {
    let app = TestApp::postgres(|config| config.limits.hash_per_client = 64).await;
    let other = app.beside().await;
    app.sign_up("Applicant", "spread@example.com", PASSWORD).await;
    let wrong = json!({ "email": "spread@example.com", "password": "not the password" });
    let instances = [&app, &other];
    let answers = join_all((0..50).map(|n| instances[n % 2].post_json("/api/v1/auth/login", &wrong))).await;
    let refused = count(&answers, 401, "Incorrect email or password");
    let limited = count(&answers, 429, "Too many failed login attempts. Please try again later");
    assert_eq!((refused, limited), (10, 40), "50 at one instant over two instances: 10 checked; {answers:?}");
    let right = json!({ "email": "spread@example.com", "password": PASSWORD });
    for instance in instances {
        assert_eq!(
            instance.post_json("/api/v1/auth/login", &right).await,
            (429, error("Too many failed login attempts. Please try again later")),
            "both instances refuse the address"
        );
    }
    other.stop().await;
    app.stop().await;
}

fn signup(email: &str, otp: &str) -> Value {
    json!({
        "accountType": "Applicant", "firstName": "Ada", "lastName": "Lovelace", "email": email,
        "password": PASSWORD, "confirmPassword": PASSWORD, "otp": otp,
    })
}

async fn a_burst_of_code_guesses_gets_exactly_five_tries(app: &TestApp) {
    assert_eq!(app.send_otp("guess@example.com").await.0, 200);
    let code = code_in(&app.mail("guess@example.com", "verification code").await);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let guess = signup("guess@example.com", wrong);
    let answers = join_all((0..30).map(|_| app.post_json("/api/v1/auth/signup", &guess))).await;
    let invalid = count(&answers, 400, "The OTP is invalid or has expired");
    let used_up = count(&answers, 400, "Too many wrong OTP attempts. Please request a new OTP");
    assert_eq!((invalid, used_up), (5, 25), "{answers:?}");
    assert_eq!(
        app.post_json("/api/v1/auth/signup", &signup("guess@example.com", &code)).await,
        (400, error("Too many wrong OTP attempts. Please request a new OTP")),
        "the right code after the burst no longer works"
    );
}

async fn a_burst_of_code_requests_for_one_address_sends_exactly_five(app: &TestApp) {
    let answers = join_all((0..20).map(|_| app.send_otp("popular@example.com"))).await;
    let sent = answers.iter().filter(|(status, _)| *status == 200).count();
    let limited = count(&answers, 429, "Too many requests. Please try again later");
    assert_eq!((sent, limited), (5, 15), "{answers:?}");
    let mails: (i64,) = dispatch!(&app.db, |pool| sqlx::query_as(
        "SELECT COUNT(*) FROM outbox WHERE to_address = 'popular@example.com'"
    )
    .fetch_one(pool)
    .await)
    .unwrap();
    assert_eq!(mails.0, 5);
}

/// A client whose requests come from `ip` (any address of 127.0.0.0/8 is this machine).
fn client_from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(ip.parse::<IpAddr>().unwrap()).build().unwrap()
}

async fn reset_mails(app: &TestApp, to: &str) -> i64 {
    let (count,): (i64,) = dispatch!(&app.db, |pool| sqlx::query_as(
        "SELECT COUNT(*) FROM outbox WHERE to_address = $1 AND subject = 'Reset your jobportal password'"
    )
    .bind(to)
    .fetch_one(pool)
    .await)
    .unwrap();
    count
}

async fn reset_mails_are_capped_per_address_whichever_client_asks(app: &TestApp) {
    app.sign_up("Applicant", "target@example.com", PASSWORD).await;
    let sent = json!({ "success": true, "message": "If an account exists for this email, a password reset link has been sent to it" });
    let clients: Vec<reqwest::Client> = ["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"].map(client_from).into();
    let requests = clients.iter().flat_map(|client| {
        (0..6).map(move |_| async move {
            let response = client
                .post(app.url("/api/v1/auth/reset-password-token"))
                .json(&json!({ "email": "target@example.com" }))
                .send()
                .await
                .unwrap();
            status_and_json(response).await
        })
    });
    let answers = join_all(requests).await;
    assert!(answers.iter().all(|answer| *answer == (200, sent.clone())), "the answer never changes: {answers:?}");

    // The links are made after the answer, in background tasks: once every one has ended, the
    // outbox holds all the mail the 24 requests made.
    app.background_tasks_done().await;
    assert_eq!(reset_mails(app, "target@example.com").await, 5, "24 requests from 4 clients, 5 e-mails an hour");
}

async fn a_password_change_ends_every_outstanding_reset_link(app: &TestApp) {
    app.sign_up("Applicant", "careful@example.com", PASSWORD).await;
    let (status, _) =
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "careful@example.com" })).await;
    assert_eq!(status, 200);
    let message = app.mail("careful@example.com", "Reset your jobportal password").await;
    let prefix = format!("{}/update-password/", app.config.public_url);
    let start = message.find(&prefix).unwrap() + prefix.len();
    let link_token: String = message[start..].chars().take_while(char::is_ascii_hexdigit).collect();

    let token = app.log_in("careful@example.com", PASSWORD).await;
    let change = json!({ "oldPassword": PASSWORD, "newPassword": "a new and better password" });
    assert_eq!(app.post_as("/api/v1/auth/changepassword", &token, &change).await.0, 200);

    let reset =
        json!({ "password": "the attacker's choice", "confirmPassword": "the attacker's choice", "token": link_token });
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password", &reset).await,
        (400, error("The reset link is invalid or has expired")),
        "a link mailed before the change cannot undo it"
    );
    app.log_in("careful@example.com", "a new and better password").await;
}

async fn password_hashes_beyond_the_queue_are_refused_with_503(app: &TestApp) {
    app.sign_up("Applicant", "calm@example.com", PASSWORD).await;
    // Thirty different addresses, so no login limit applies: one hash runs, one waits, the rest
    // are refused at once.
    let logins = (0..30).map(|n| async move {
        let body = json!({ "email": format!("nobody{n}@example.com"), "password": "whatever it is" });
        let response = app.client.post(app.url("/api/v1/auth/login")).json(&body).send().await.unwrap();
        let retry_after = response.headers().get("retry-after").map(|value| value.to_str().unwrap().to_string());
        (status_and_json(response).await, retry_after)
    });
    let answers = join_all(logins).await;
    let busy = answers
        .iter()
        .filter(|(answer, retry)| {
            *answer == (503, error("The server is busy. Please try again in a moment")) && retry.as_deref() == Some("1")
        })
        .count();
    let checked = answers.iter().filter(|(answer, _)| *answer == (401, error("Incorrect email or password"))).count();
    assert_eq!(busy + checked, 30, "{answers:?}");
    assert!(busy >= 1 && checked >= 2, "busy {busy}, checked {checked}");
    // The turns come back: a login after the burst works.
    app.log_in("calm@example.com", PASSWORD).await;
}

/// A client of its own loopback address (127.0.0.x), as another machine would be.
fn client_at(last: u8) -> reqwest::Client {
    reqwest::Client::builder().local_address(IpAddr::from([127, 0, 0, last])).build().unwrap()
}

async fn one_client_fills_only_its_own_share_of_the_password_hashes(app: &TestApp) {
    app.sign_up("Applicant", "patient@example.com", PASSWORD).await;
    // One client sends thirty logins at once (to thirty addresses, so no login limit applies):
    // it holds two of the nine turns and places at most, and the rest of its logins are refused.
    let flooding = client_at(1);
    let logins = (0..30).map(|n| {
        let request = flooding
            .post(app.url("/api/v1/auth/login"))
            .json(&json!({ "email": format!("nobody{n}@example.com"), "password": "whatever it is" }));
        async move { status_and_json(request.send().await.unwrap()).await }
    });
    // Another person's login, sent in the middle of it, always finds a place.
    let person = client_at(2);
    let login = person
        .post(app.url("/api/v1/auth/login"))
        .json(&json!({ "email": "patient@example.com", "password": PASSWORD }))
        .send();
    let (answers, login) = tokio::join!(join_all(logins), login);
    let (status, body) = status_and_json(login.unwrap()).await;
    assert_eq!(status, 200, "{body}");
    let busy = count(&answers, 503, "The server is busy. Please try again in a moment");
    let checked = count(&answers, 401, "Incorrect email or password");
    assert_eq!(busy + checked, 30, "{answers:?}");
    assert!(busy >= 1, "the flooding client was held to its share: {checked} checked");
}

/// A connection from 127.0.0.`last`.
async fn connect_from(app: &TestApp, last: u8) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((IpAddr::from([127, 0, 0, last]), 0).into()).unwrap();
    socket.connect(app.address.trim_start_matches("http://").parse().unwrap()).await.unwrap()
}

async fn health_on(stream: &mut TcpStream) -> String {
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").await.unwrap();
    until_closed(stream).await
}

async fn a_client_beyond_its_share_of_connections_is_told_so_and_closed(app: &TestApp) {
    // Two open connections are this client's share; its third is answered 429 and closed before
    // it says anything.
    let held = [connect_from(app, 1).await, connect_from(app, 1).await];
    let answered = until_closed(&mut connect_from(app, 1).await).await;
    assert!(answered.starts_with("HTTP/1.1 429 Too Many Requests\r\n"), "{answered}");
    assert!(answered.ends_with(r#"{"success":false,"message":"Too many connections from this client"}"#), "{answered}");
    // Other clients are served meanwhile.
    assert!(health_on(&mut connect_from(app, 2).await).await.starts_with("HTTP/1.1 200"));
    // A proxy of ours carries many clients' connections, so it has no such cap.
    let proxy = [connect_from(app, 3).await, connect_from(app, 3).await];
    assert!(health_on(&mut connect_from(app, 3).await).await.starts_with("HTTP/1.1 200"));
    drop(proxy);
    // Once the client closes one, it may open another (as soon as the server has seen it close).
    drop(held);
    let mut answered = String::new();
    for _ in 0..100 {
        answered = health_on(&mut connect_from(app, 1).await).await;
        if answered.starts_with("HTTP/1.1 200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
}

async fn only_a_trusted_proxy_can_say_the_client_came_over_https(app: &TestApp) {
    let hsts = |client: reqwest::Client| async move {
        let response = client.get(app.url("/healthz")).header("x-forwarded-proto", "https").send().await.unwrap();
        response.headers().get("strict-transport-security").map(|value| value.to_str().unwrap().to_string())
    };
    assert_eq!(hsts(client_at(3)).await.as_deref(), Some("max-age=31536000"), "from the proxy");
    assert_eq!(hsts(client_at(1)).await, None, "a client's own word");
    let plain = client_at(3).get(app.url("/healthz")).send().await.unwrap();
    assert!(plain.headers().get("strict-transport-security").is_none(), "the proxy said nothing of HTTPS");
}

/// Everything the server sends on `stream` until it closes it (at most ten seconds).
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    match tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut received)).await {
        Ok(_) => String::from_utf8_lossy(&received).into_owned(),
        Err(_) => panic!("the server kept the connection open: {}", String::from_utf8_lossy(&received)),
    }
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap()
}

async fn slow_idle_and_stalled_connections_are_closed(app: &TestApp) {
    // Slowloris: headers that never end.
    let mut slow = connect(app).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: 1\r\n").await.unwrap();
    until_closed(&mut slow).await;

    // A connection that never says anything.
    until_closed(&mut connect(app).await).await;

    // A keep-alive connection left idle after its request.
    let mut idle = connect(app).await;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n").await.unwrap();
    let answered = until_closed(&mut idle).await;
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");

    // A body that stops arriving: the request times out with the API's envelope.
    let mut stalled = connect(app).await;
    stalled
        .write_all(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let answered = until_closed(&mut stalled).await;
    assert!(answered.starts_with("HTTP/1.1 408"), "{answered}");
    assert!(answered.ends_with(r#"{"success":false,"message":"The request took too long"}"#), "{answered}");

    // More idle connections than the server serves at once: it still answers, the idle ones
    // making room.
    let mut held = Vec::new();
    for _ in 0..10 {
        held.push(connect(app).await);
    }
    let answer =
        tokio::time::timeout(Duration::from_secs(20), async { health_on(&mut connect(app).await).await }).await;
    let answer = answer.expect("the server answers while idle connections hold its slots");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(held);
}

async fn idle_connections_yield_to_a_new_visitor_when_every_slot_is_held(app: &TestApp) {
    // Every slot held by connections that never send a request, the way a holder keeps them.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect(app).await);
    }
    // A keep-alive connection that was answered and then left idle, the newest of them.
    let mut kept_alive = connect(app).await;
    kept_alive.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n").await.unwrap();
    // A new visitor is answered at once, well before any of them times out.
    let answer =
        tokio::time::timeout(Duration::from_secs(20), async { health_on(&mut connect(app).await).await }).await;
    let answer = answer.expect("a new visitor is answered while idle connections hold every slot");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // The connections idle longest were the ones closed for it.
    let closed = until_closed(&mut held[0]).await;
    assert_eq!(closed, "", "the oldest idle connection is closed without an answer");
    drop(held);
}

async fn nul_characters_are_refused_with_the_field_named(app: &TestApp) {
    let refused = |field: &str| (400, error(&format!("{field} must not contain NUL characters")));
    assert_eq!(app.get("/api/v1/jobs/getJob/a%00b").await, refused("jobId"));
    assert_eq!(app.get("/api/v1/jobs/alljobs?location=%00").await, refused("location"));
    assert_eq!(app.get("/api/v1/avatars/a%00b.svg").await, refused("file"));
    assert_eq!(
        app.post_json("/api/v1/auth/sendotp", &json!({ "email": "a\u{0}@example.com" })).await,
        refused("email")
    );

    let applicant = app.sign_up("Applicant", "nul@example.com", PASSWORD).await;
    let token = app.log_in("nul@example.com", PASSWORD).await;
    let token = &token;
    let update = |body: Value| async move { app.post_as("/api/v1/auth/updateUserDetails", token, &body).await };
    assert_eq!(update(json!({ "firstName": "A\u{0}", "lastName": "B" })).await, refused("firstName"));
    assert_eq!(
        update(json!({ "firstName": "A", "lastName": "B", "education": [{ "institutionName": "x\u{0}", "startYear": 2010 }] }))
            .await,
        refused("institutionName")
    );
    assert_eq!(
        update(json!({ "firstName": "A", "lastName": "B", "skills": ["ok", "\u{0}"] })).await,
        refused("skills")
    );
    let (_, details) =
        app.get_as("/api/v1/auth/applicantDetails", &app.log_in("nul@example.com", PASSWORD).await).await;
    assert_eq!(
        (details["data"]["firstName"].as_str(), details["data"]["_id"].as_str()),
        (Some("Ada"), applicant["_id"].as_str())
    );

    app.sign_up("Recruiter", "nulr@example.com", PASSWORD).await;
    let recruiter = app.log_in("nulr@example.com", PASSWORD).await;
    let form = reqwest::multipart::Form::new().text("title", "Rust\u{0}Engineer").text("company", "Acme");
    let response = app
        .client
        .post(app.url("/api/v1/jobs/createJob"))
        .bearer_auth(&recruiter)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(status_and_json(response).await, refused("title"));
    let job = json!({ "title": "T", "company": "C\u{0}" });
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &job).await, refused("company"));
    let page = json!({ "CategoryId": "\u{0}" });
    assert_eq!(app.post_json("/api/v1/jobs/categoryPageDetails", &page).await, refused("CategoryId"));
    let made_up = json!({ "<img src=x>": "\u{0}" });
    assert_eq!(
        app.post_json("/api/v1/auth/sendotp", &made_up).await,
        refused("A field"),
        "a name the client made up is not repeated back"
    );
}

async fn control_characters_are_refused_and_line_breaks_kept_only_in_paragraphs(app: &TestApp) {
    let single_line = |field: &str| (400, error(&format!("{field} must be a single line")));
    let control = |field: &str| (400, error(&format!("{field} must not contain control characters")));
    app.sign_up("Applicant", "forger@example.com", PASSWORD).await;
    let token = app.log_in("forger@example.com", PASSWORD).await;
    let token = &token;
    let update = |body: Value| async move { app.post_as("/api/v1/auth/updateUserDetails", token, &body).await };
    let forged = "Ann\r\nURL:https://evil.example/phish\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:fake-1";
    assert_eq!(update(json!({ "firstName": forged, "lastName": "B" })).await, single_line("firstName"));
    for text in ["A\u{1}", "\u{1b}[2J", "evil\u{202E}fdp.exe"] {
        assert_eq!(update(json!({ "firstName": "A", "lastName": text })).await, control("lastName"), "{text:?}");
        assert_eq!(update(json!({ "firstName": "A", "lastName": "B", "profile": text })).await, control("profile"));
    }
    assert_eq!(update(json!({ "firstName": "A", "lastName": "B", "skills": ["Rust\tGo"] })).await, control("skills"));
    let (status, body) =
        update(json!({ "firstName": "Ann", "lastName": "Lee", "profile": "Line one.\r\nLine two." })).await;
    assert_eq!(status, 200, "a multi-line field keeps its line breaks: {body}");
    let (_, details) = app.get_as("/api/v1/auth/applicantDetails", token).await;
    assert_eq!(
        (details["data"]["firstName"].as_str(), details["data"]["profile"].as_str()),
        (Some("Ann"), Some("Line one.\r\nLine two."))
    );

    app.sign_up("Recruiter", "forgerr@example.com", PASSWORD).await;
    let recruiter = app.log_in("forgerr@example.com", PASSWORD).await;
    let form = reqwest::multipart::Form::new().text("title", "Rust\nEngineer").text("company", "Acme");
    let response = app
        .client
        .post(app.url("/api/v1/jobs/createJob"))
        .bearer_auth(&recruiter)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(status_and_json(response).await, single_line("title"), "a form field follows the same rule");
    for (field, value) in [("company", "Acme\u{7}"), ("location", "Pune\r\n"), ("title", "a\u{2066}b")] {
        let mut job = json!({ "title": "T", "company": "C", "location": "L" });
        job[field] = json!(value);
        let refused = if value.contains('\n') { single_line(field) } else { control(field) };
        assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &job).await, refused, "{field}");
    }
    let skills = json!({
        "title": "Role", "company": "Acme", "description": "A good job.", "maxApplicants": 5, "maxPositions": 1,
        "dateOfPosting": day(-1), "deadline": day(30), "skillsets": "[\"Rust\\u001b\"]", "jobType": "Full-time",
        "salary": 70000, "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &skills).await, control("skillsets"));
}

/// Uploads a minimal PDF as the applicant's resume.
async fn upload_pdf(app: &TestApp, token: &str) -> (u16, Value) {
    app.upload_resume(token, b"%PDF-1.4\n%%EOF\n".to_vec(), "cv.pdf", "application/pdf").await
}

async fn errors_at_the_contracts_edges_are_in_the_envelope(app: &TestApp) {
    app.sign_up("Applicant", "edges@example.com", PASSWORD).await;
    let token = app.log_in("edges@example.com", PASSWORD).await;
    assert_eq!(
        app.post_as("/api/v1/upload/uploadResume", &token, &json!({ "resume": "not a file" })).await,
        (400, error("Expected a multipart/form-data body with a file field named resume")),
        "JSON where multipart belongs"
    );

    let huge = json!({ "email": "edges@example.com", "password": "x".repeat(3 * 1024 * 1024) });
    let response = app.client.post(app.url("/api/v1/auth/login")).json(&huge).send().await.unwrap();
    assert_eq!(status_and_json(response).await, (413, error("The request body is too large")));

    // A resume link lives ten minutes.
    let (status, body) = upload_pdf(app, &token).await;
    assert_eq!(status, 200, "{body}");
    let link = body["updatedApplicant"]["resume"].as_str().unwrap();
    let expires: i64 = link.split("expires=").nth(1).unwrap().split('&').next().unwrap().parse().unwrap();
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert!((now + 590..=now + 600).contains(&expires), "expires {expires}, now {now}");
}

async fn a_deleted_jobs_applications_are_not_decided_and_its_resumes_close(app: &TestApp) {
    app.sign_up("Recruiter", "gone@example.com", PASSWORD).await;
    let recruiter = app.log_in("gone@example.com", PASSWORD).await;
    let form = json!({
        "title": "Short-lived Role", "company": "Acme", "description": "A good job.", "maxApplicants": 5,
        "maxPositions": 1, "dateOfPosting": day(-30), "deadline": day(60), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", &recruiter, &form).await;
    assert_eq!(status, 201, "{body}");
    let job = body["data"]["_id"].as_str().unwrap().to_string();

    app.sign_up("Applicant", "hopeful@example.com", PASSWORD).await;
    let applicant = app.log_in("hopeful@example.com", PASSWORD).await;
    assert_eq!(upload_pdf(app, &applicant).await.0, 200);
    let sop = json!({ "sop": "I have five years of Rust experience and would love to help build your platform." });
    let (status, applied) = app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &sop).await;
    assert_eq!(status, 201, "{applied}");
    let (_, received) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter).await;
    let application = received["applications"][0]["_id"].as_str().unwrap().to_string();
    let resume = received["applications"][0]["jobApplicantsDetails"]["resume"].as_str().unwrap().to_string();
    assert_eq!(app.client.get(app.url(&resume)).send().await.unwrap().status(), 200);

    let deleted = app.client.delete(app.url(&format!("/api/v1/jobs/deleteJob/{job}"))).bearer_auth(&recruiter).send();
    assert_eq!(deleted.await.unwrap().status(), 200);
    let decide = app
        .client
        .put(app.url(&format!("/api/v1/auth/updateapplicationstatus/{application}")))
        .bearer_auth(&recruiter)
        .json(&json!({ "status": "shortlisted" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        status_and_json(decide).await,
        (409, error("This job was deleted; its applications can no longer be decided"))
    );
    let download = app.client.get(app.url(&resume)).send().await.unwrap();
    assert_eq!(status_and_json(download).await, (404, error("Resume not found")), "the recruiter's link closed");
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["status"], "applied", "the applicant keeps the application as it was");
}

async fn an_address_is_found_through_the_index_not_a_scan(app: &TestApp) {
    let sql = jobportal::accounts::repo::FIND_BY_EMAIL.replace("$1", "'ada@example.com'");
    let plan: Vec<String> = match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            let rows: Vec<(i64, i64, i64, String)> =
                sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {sql}"))).fetch_all(pool).await.unwrap();
            rows.into_iter().map(|row| row.3).collect()
        }
        jobportal::db::Db::Postgres(pool) => {
            let mut tx = pool.begin().await.unwrap();
            // With a handful of rows a scan is cheapest; forbid it to see whether the index can serve.
            sqlx::query("SET LOCAL enable_seqscan = off").execute(&mut *tx).await.unwrap();
            let rows: Vec<(String,)> =
                sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN {sql}"))).fetch_all(&mut *tx).await.unwrap();
            rows.into_iter().map(|row| row.0).collect()
        }
    };
    assert!(plan.iter().any(|line| line.contains("users_email_unique")), "{plan:?}");
    assert!(!plan.iter().any(|line| line.contains("Seq Scan") || line == "SCAN users"), "{plan:?}");
}

/// After every write the index reads PostgreSQL's late changes by the database's clock: through the
/// index on `at`, however long the change log is (read by a full scan, it cost 25 ms at 100,000
/// changes and held applications to about 25 a second).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn the_late_changes_are_read_through_the_index_not_a_scan_on_postgresql() {
    let app = TestApp::postgres(|_| {}).await;
    let jobportal::db::Db::Postgres(pool) = &app.db else { unreachable!("a PostgreSQL database") };
    let sql = jobportal::jobs::search::repo::LATE_CHANGES.replace("$1", "5000").replace("$2", "100000");
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("SET LOCAL enable_seqscan = off").execute(&mut *tx).await.unwrap();
    let rows: Vec<(String,)> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN {sql}"))).fetch_all(&mut *tx).await.unwrap();
    let plan: Vec<String> = rows.into_iter().map(|row| row.0).collect();
    assert!(plan.iter().any(|line| line.contains("Index Cond: (at > $0)")), "{plan:?}");
    assert!(!plan.iter().any(|line| line.contains("Seq Scan")), "{plan:?}");
    drop(tx);
    app.stop().await;
}

async fn pages_and_the_api_send_security_headers(app: &TestApp) {
    for path in ["/", "/jobs", "/api/v1/jobs/alljobs", "/api/v1/nowhere"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let headers = response.headers();
        let header = |name: &str| headers.get(name).map(|value| value.to_str().unwrap().to_string());
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(header("x-frame-options").as_deref(), Some("DENY"), "{path}");
        assert_eq!(header("referrer-policy").as_deref(), Some("strict-origin-when-cross-origin"), "{path}");
        let policy = header("content-security-policy").unwrap_or_default();
        if path.starts_with("/api") {
            assert_eq!(policy, "default-src 'none'; frame-ancestors 'none'", "{path}");
        } else {
            assert!(policy.contains("script-src 'self';") && policy.ends_with("frame-ancestors 'none'"), "{policy}");
        }
    }
}

async fn a_job_form_over_2_mb_is_413_as_a_json_body_is(app: &TestApp) {
    app.sign_up("Recruiter", "big-form@example.com", PASSWORD).await;
    let recruiter = app.log_in("big-form@example.com", PASSWORD).await;
    let too_large = (413, error("The request body is too large"));
    let description = "x".repeat(3 * 1024 * 1024);
    let form = reqwest::multipart::Form::new().text("title", "Rust Engineer").text("description", description.clone());
    let request = app.client.post(app.url("/api/v1/jobs/createJob")).bearer_auth(&recruiter).multipart(form);
    assert_eq!(status_and_json(request.send().await.unwrap()).await, too_large, "multipart");
    let job = json!({ "title": "Rust Engineer", "description": description });
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &job).await, too_large, "JSON");
}
