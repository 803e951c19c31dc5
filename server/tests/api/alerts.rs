//! Saved searches and their daily alerts: each person's searches are theirs alone; a job
//! posted after an alert is in the next one exactly once; at most one e-mail a day per person; a
//! paused search gets none; the unsubscribe link is signed and good for that search only.

use jobportal::alerts::worker::{DAY_MS, send_due, unsubscribe_signature};
use jobportal::db::now_millis;
use serde_json::{Value, json};

use crate::helpers::{SmtpSink, TestApp, code_in, free_port, status_and_json, wait_for_message};
use crate::on_both_engines;

on_both_engines!(
    an_applicant_saves_renames_pauses_and_deletes_searches,
    saved_searches_belong_to_their_applicant_alone,
    a_new_job_is_mailed_once_in_the_next_alert_and_at_most_one_a_day,
    a_paused_search_gets_no_alert_and_resumes_from_then,
    the_unsubscribe_link_is_signed_for_its_search_and_needs_no_login,
    a_saved_search_holding_a_nul_is_refused_as_the_job_search_refuses_it,
    one_persons_failing_search_does_not_stop_the_alerts_of_the_people_after_them,
    a_suspended_applicant_gets_no_alerts,
    an_unsubscribe_link_with_a_repeated_parameter_is_refused_in_the_envelope,
    a_job_matching_two_searches_is_one_new_job,
    the_same_search_cannot_be_saved_twice,
    an_alert_matches_what_the_same_search_on_jobs_finds,
    following_a_company_alerts_its_new_jobs_and_no_other_company_s,
);

const PASSWORD: &str = "correct horse battery";

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

async fn applicant(app: &TestApp, email: &str) -> String {
    app.sign_up("Applicant", email, PASSWORD).await;
    app.log_in(email, PASSWORD).await
}

async fn save(app: &TestApp, token: &str, name: &str, query: &str) -> (u16, Value) {
    app.post_as("/api/v1/jobs/savedSearches", token, &json!({ "name": name, "query": query })).await
}

async fn update(app: &TestApp, token: &str, id: &str, body: Value) -> (u16, Value) {
    let request = app.client.put(app.url(&format!("/api/v1/jobs/savedSearches/{id}"))).bearer_auth(token).json(&body);
    status_and_json(request.send().await.unwrap()).await
}

async fn delete(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    let request = app.client.delete(app.url(&format!("/api/v1/jobs/savedSearches/{id}"))).bearer_auth(token);
    status_and_json(request.send().await.unwrap()).await
}

/// A job whose one skill is its title's first word ("Go Engineer" needs go), so a search matches it
/// by its title, as /jobs does, and by nothing the jobs share.
async fn post_job(app: &TestApp, recruiter: &str, title: &str) -> String {
    let category = app.category_id("Engineering").await;
    let mut job = crate::helpers::new_job(recruiter, &category, title);
    job.skillsets = title.split_whitespace().take(1).map(str::to_lowercase).collect();
    job.description = "Build and run the systems our customers rely on.".into();
    let jobportal::jobs::repo::Posted::Listed(job) = jobportal::jobs::repo::insert(&app.db, &job).await.unwrap() else {
        panic!("the recruiter and the category are there");
    };
    app.sync_index().await;
    job.id
}

/// The alert e-mails stored for `to`, oldest first (the outbox keeps every message it sends).
async fn alerts_to(app: &TestApp, to: &str) -> Vec<String> {
    const SQL: &str =
        "SELECT text_body FROM outbox WHERE to_address = $1 AND subject LIKE '%saved searches' ORDER BY created_at";
    let rows: Vec<(String,)> =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).bind(to).fetch_all(pool).await).unwrap();
    rows.into_iter().map(|(text,)| text).collect()
}

/// Runs the alerts as if it were `now`, with jobs posted a minute before counted as settled.
async fn run_alerts(app: &TestApp, now: i64) -> usize {
    send_due(&app.state, &app.parts.listings.search, now).await.unwrap()
}

async fn an_applicant_saves_renames_pauses_and_deletes_searches(app: &TestApp) {
    let token = applicant(app, "searcher@example.com").await;
    let (status, body) =
        save(app, &token, "  Rust in Pune ", "?q=rust&location=Pune&page=3&openOnly=true&jobType=").await;
    assert_eq!((status, body["message"].as_str()), (201, Some("Search saved")), "{body}");
    let saved = &body["data"];
    let id = saved["_id"].as_str().unwrap().to_string();
    assert_eq!(
        (saved["name"].as_str(), saved["query"].as_str(), saved["alerts"].as_bool()),
        (Some("Rust in Pune"), Some("q=rust&location=Pune"), Some(true))
    );

    let (status, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!((status, list["data"].as_array().unwrap().len()), (200, 1));

    let (status, renamed) = update(app, &token, &id, json!({ "name": "Pune Rust" })).await;
    assert_eq!(
        (status, renamed["data"]["name"].as_str(), renamed["message"].as_str()),
        (200, Some("Pune Rust"), Some("Saved search updated"))
    );
    let (_, paused) = update(app, &token, &id, json!({ "alerts": false })).await;
    assert_eq!(paused["data"]["alerts"], false);
    let (_, resumed) = update(app, &token, &id, json!({ "alerts": true })).await;
    assert_eq!(resumed["data"]["alerts"], true);

    assert_eq!(save(app, &token, "", "q=rust").await, (400, error("Name is required")));
    assert_eq!(
        save(app, &token, "Moon", "workMode=Moon").await,
        (400, error("workMode must be On-site, Hybrid or Remote"))
    );
    assert_eq!(update(app, &token, &id, json!({ "name": " " })).await, (400, error("Name is required")));
    assert_eq!(
        save(app, &token, &"n".repeat(101), "q=rust").await,
        (400, error("Name must be at most 100 characters"))
    );

    for n in 1..20 {
        assert_eq!(save(app, &token, &format!("Search {n}"), &format!("q=rust{n}")).await.0, 201);
    }
    assert_eq!(
        save(app, &token, "One too many", "q=go").await,
        (400, error("You can save at most 20 searches; delete one first"))
    );

    assert_eq!(delete(app, &token, &id).await, (200, json!({ "success": true, "message": "Saved search deleted" })));
    assert_eq!(delete(app, &token, &id).await, (404, error("Saved search not found")));
}

async fn saved_searches_belong_to_their_applicant_alone(app: &TestApp) {
    let mine = applicant(app, "mine@example.com").await;
    let theirs = applicant(app, "theirs@example.com").await;
    app.sign_up("Recruiter", "recruiter@example.com", PASSWORD).await;
    let recruiter = app.log_in("recruiter@example.com", PASSWORD).await;
    let id = save(app, &mine, "Mine", "q=rust").await.1["data"]["_id"].as_str().unwrap().to_string();

    assert_eq!(app.get_as("/api/v1/jobs/savedSearches", &theirs).await.1["data"], json!([]));
    assert_eq!(update(app, &theirs, &id, json!({ "name": "Taken" })).await, (404, error("Saved search not found")));
    assert_eq!(update(app, &theirs, &id, json!({ "alerts": false })).await, (404, error("Saved search not found")));
    assert_eq!(delete(app, &theirs, &id).await, (404, error("Saved search not found")));
    let applicants_only = error("This is a protected route for Applicants only");
    assert_eq!(app.get_as("/api/v1/jobs/savedSearches", &recruiter).await, (403, applicants_only.clone()));
    assert_eq!(save(app, &recruiter, "Recruiter's", "q=rust").await, (403, applicants_only));
    assert_eq!(app.client.get(app.url("/api/v1/jobs/savedSearches")).send().await.unwrap().status(), 401);
    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &mine).await;
    assert_eq!(
        (list["data"][0]["name"].as_str(), list["data"][0]["alerts"].as_bool()),
        (Some("Mine"), Some(true)),
        "nothing changed"
    );
}

async fn a_new_job_is_mailed_once_in_the_next_alert_and_at_most_one_a_day(app: &TestApp) {
    let recruiter = app.recruiter().await;
    post_job(app, &recruiter, "Rust Engineer Before").await;
    let token = applicant(app, "alerted@example.com").await;
    save(app, &token, "Rust jobs", "q=rust").await;
    save(app, &token, "Kotlin jobs", "q=kotlin").await;
    let now = now_millis() + 2 * 60 * 1000;
    assert_eq!(run_alerts(app, now).await, 0, "jobs posted before the search was saved are not news");

    post_job(app, &recruiter, "Rust Engineer After").await;
    post_job(app, &recruiter, "Go Engineer").await;
    assert_eq!(run_alerts(app, now).await, 1);
    let mails = alerts_to(app, "alerted@example.com").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Rust jobs (1 new)"), "{}", mails[0]);
    assert!(mails[0].contains("- Rust Engineer After at Acme Labs, Pune (₹85,000 per month)"), "{}", mails[0]);
    assert!(
        !mails[0].contains("Rust Engineer Before") && !mails[0].contains("Go Engineer") && !mails[0].contains("Kotlin")
    );
    let delivered = app.mail("alerted@example.com", "1 new job for your saved searches").await;
    assert!(delivered.contains("Stop these alerts:"), "{delivered}");

    // The same day: a new match waits; the next day it is mailed, and the first job is not again.
    post_job(app, &recruiter, "Senior Rust Engineer").await;
    assert_eq!(run_alerts(app, now + 60 * 60 * 1000).await, 0, "at most one e-mail a day");
    assert_eq!(run_alerts(app, now + DAY_MS + 60 * 1000).await, 1);
    let mails = alerts_to(app, "alerted@example.com").await;
    assert_eq!(mails.len(), 2);
    assert!(mails[1].contains("Senior Rust Engineer") && !mails[1].contains("Rust Engineer After"), "{}", mails[1]);
    assert_eq!(run_alerts(app, now + 3 * DAY_MS).await, 0, "nothing new: no e-mail");
}

async fn a_paused_search_gets_no_alert_and_resumes_from_then(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let token = applicant(app, "paused@example.com").await;
    let id = save(app, &token, "Scala", "q=scala").await.1["data"]["_id"].as_str().unwrap().to_string();
    update(app, &token, &id, json!({ "alerts": false })).await;
    post_job(app, &recruiter, "Scala Developer While Paused").await;
    let now = now_millis() + 2 * 60 * 1000;
    assert_eq!(run_alerts(app, now).await, 0);
    update(app, &token, &id, json!({ "alerts": true })).await;
    assert_eq!(run_alerts(app, now).await, 0, "what was posted while paused is not sent on resuming");
    post_job(app, &recruiter, "Scala Developer After").await;
    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1);
    let mails = alerts_to(app, "paused@example.com").await;
    assert!(mails[0].contains("Scala Developer After") && !mails[0].contains("While Paused"), "{}", mails[0]);
}

async fn the_unsubscribe_link_is_signed_for_its_search_and_needs_no_login(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let token = applicant(app, "leaving@example.com").await;
    let id = save(app, &token, "Haskell", "q=haskell").await.1["data"]["_id"].as_str().unwrap().to_string();
    let other = save(app, &token, "Elixir", "q=elixir").await.1["data"]["_id"].as_str().unwrap().to_string();
    post_job(app, &recruiter, "Haskell Developer").await;
    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1);
    let mail = &alerts_to(app, "leaving@example.com").await[0];
    let link = mail.lines().find_map(|line| line.trim().strip_prefix("Stop these alerts: ")).unwrap().to_string();
    let query = link.split_once("/alerts/unsubscribe?").unwrap().1.to_string();
    assert_eq!(query, format!("search={id}&signature={}", unsubscribe_signature(&app.state.keys, &id)));

    let unsubscribe = |query: String| {
        let request = app.client.post(app.url(&format!("/api/v1/alerts/unsubscribe?{query}"))).send();
        async move { status_and_json(request.await.unwrap()).await }
    };
    let refused = error("This unsubscribe link is invalid");
    assert_eq!(unsubscribe(query.replace(&id, &other)).await, (400, refused.clone()), "another search's id");
    assert_eq!(unsubscribe(format!("search={id}&signature=00")).await, (400, refused.clone()));
    assert_eq!(unsubscribe(format!("search={id}")).await, (400, refused));
    let done = json!({ "success": true, "message": "The alerts for this search are stopped", "name": "Haskell" });
    assert_eq!(unsubscribe(query.clone()).await, (200, done.clone()));
    assert_eq!(unsubscribe(query.clone()).await, (200, done), "again is no error");

    // The page offers to undo it, with the same link: the alerts are on again, from now on.
    let resubscribe = |query: String| {
        let request = app.client.post(app.url(&format!("/api/v1/alerts/resubscribe?{query}"))).send();
        async move { status_and_json(request.await.unwrap()).await }
    };
    assert_eq!(resubscribe(query.replace(&id, &other)).await, (400, error("This unsubscribe link is invalid")));
    let on_again = json!({ "success": true, "message": "The alerts for this search are on again", "name": "Haskell" });
    assert_eq!(resubscribe(query.clone()).await, (200, on_again));
    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!(list["data"][0]["alerts"], true);
    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 0, "what was mailed before is not mailed again");
    unsubscribe(query.clone()).await;

    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    let alerts: Vec<(String, bool)> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|search| (search["name"].as_str().unwrap().to_owned(), search["alerts"].as_bool().unwrap()))
        .collect();
    assert_eq!(alerts, [("Haskell".to_owned(), false), ("Elixir".to_owned(), true)], "only that search stopped");
    delete(app, &token, &id).await;
    assert_eq!(unsubscribe(query.clone()).await, (404, error("Saved search not found")));
    assert_eq!(resubscribe(query).await, (404, error("Saved search not found")));
}

/// With SMTP configured, the alert reaches a real SMTP server (aiosmtpd).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alert_is_delivered_over_smtp() {
    let port = free_port();
    let sink = SmtpSink::start(port).await;
    let app = TestApp::sqlite(|config| config.smtp_url = Some(format!("smtp://127.0.0.1:{port}").into())).await;
    let email = "smtp-alerts@example.com";
    assert_eq!(app.send_otp(email).await.0, 200);
    let code = code_in(&wait_for_message(|| sink.messages(), email, "verification code").await);
    let body = json!({
        "accountType": "Applicant", "firstName": "Sam", "lastName": "Mtp", "email": email,
        "password": PASSWORD, "confirmPassword": PASSWORD, "otp": code,
    });
    assert_eq!(app.post_json("/api/v1/auth/signup", &body).await.0, 200);
    let token = app.log_in(email, PASSWORD).await;
    save(&app, &token, "Erlang", "q=erlang").await;
    let recruiter = app.recruiter().await;
    post_job(&app, &recruiter, "Erlang Engineer").await;
    assert_eq!(run_alerts(&app, now_millis() + 2 * 60 * 1000).await, 1);
    let message = wait_for_message(|| sink.messages(), email, "1 new job for your saved searches").await;
    assert!(message.contains("Erlang Engineer at Acme Labs"), "{message}");

    // A mail client's own "Unsubscribe" (RFC 8058): the header's link, posted to with the one-click
    // body, stops every alert of this person without a login.
    let one_click_header = "List-Unsubscribe-Post: List-Unsubscribe=One-Click";
    assert!(message.lines().any(|line| line.trim_end() == one_click_header), "{message}");
    let header = message.lines().find_map(|line| line.strip_prefix("List-Unsubscribe: <")).expect("the header");
    let link = header.trim_end().trim_end_matches('>').to_string();
    let person = app.get_as("/api/v1/auth/userDetails", &token).await.1["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        link,
        format!(
            "{}/api/v1/alerts/unsubscribe?person={person}&signature={}",
            app.address,
            jobportal::alerts::worker::unsubscribe_all_signature(&app.state.keys, &person)
        )
    );
    let forged = link.replace("&signature=", "&signature=0");
    let one_click = |url: String| {
        let request = app.client.post(url).header("content-type", "application/x-www-form-urlencoded");
        async move { status_and_json(request.body("List-Unsubscribe=One-Click").send().await.unwrap()).await }
    };
    assert_eq!(one_click(forged).await, (400, error("This unsubscribe link is invalid")));
    assert_eq!(
        one_click(link.clone()).await,
        (200, json!({ "success": true, "message": "The alerts for all your saved searches are stopped" }))
    );
    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!(list["data"][0]["alerts"], false);
    let both = format!("{link}&search={}", list["data"][0]["_id"].as_str().unwrap());
    assert_eq!(
        one_click(both).await,
        (400, error("This unsubscribe link is invalid")),
        "a person or a search, not both"
    );
    app.stop().await;
}

async fn a_saved_search_holding_a_nul_is_refused_as_the_job_search_refuses_it(app: &TestApp) {
    let token = applicant(app, "nul-search@example.com").await;
    for (query, field) in [("q=zebra&location=a%00", "location"), ("category=%00", "category"), ("x%00=1", "x")] {
        let refused = (400, error(&format!("{field} must not contain NUL characters")));
        assert_eq!(app.get(&format!("/api/v1/jobs/alljobs?{query}")).await, refused, "{query} on /jobs");
        assert_eq!(save(app, &token, "Zebra", query).await, refused, "{query} saved");
    }
    assert_eq!(app.get_as("/api/v1/jobs/savedSearches", &token).await.1["data"], json!([]), "nothing was saved");
}

async fn one_persons_failing_search_does_not_stop_the_alerts_of_the_people_after_them(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let failing = app.sign_up("Applicant", "failing@example.com", PASSWORD).await["_id"].as_str().unwrap().to_owned();
    let after = app.sign_up("Applicant", "after@example.com", PASSWORD).await["_id"].as_str().unwrap().to_owned();
    assert!(failing < after, "the alerts go through people in the order of their ids");
    let token = app.log_in("after@example.com", PASSWORD).await;
    assert_eq!(save(app, &token, "Zebras", "q=zebra").await.0, 201);
    // Searches written before their queries were checked, each of which the database refuses to
    // run: a NUL (PostgreSQL cannot take it in a text value), and a location past SQLite's
    // 50,000-byte LIKE pattern.
    const SEARCH: &str = "INSERT INTO saved_searches (id, user_id, name, query, paused_at, seen_seq, created_at) \
                          VALUES ($1, $2, $3, $4, NULL, 0, 0)";
    let long = format!("location={}", "x".repeat(60_000));
    for (name, query) in [("NUL", "q=zebra&location=a%00"), ("Long", long.as_str())] {
        jobportal::dispatch!(&app.db, |pool| {
            sqlx::query(SEARCH)
                .bind(jobportal::db::new_id())
                .bind(&failing)
                .bind(name)
                .bind(query)
                .execute(pool)
                .await
                .map(|_| ())
        })
        .unwrap();
    }
    post_job(app, &recruiter, "Zebra Keeper").await;

    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1, "the run goes on past the failing person");
    let mails = alerts_to(app, "after@example.com").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Zebras (1 new)") && mails[0].contains("- Zebra Keeper at Acme Labs"), "{}", mails[0]);
    assert_eq!(alerts_to(app, "failing@example.com").await, Vec::<String>::new());
}

async fn a_suspended_applicant_gets_no_alerts(app: &TestApp) {
    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let root = app.log_in("root@example.com", PASSWORD).await;
    let recruiter = app.recruiter().await;
    let suspended =
        app.sign_up("Applicant", "suspended@example.com", PASSWORD).await["_id"].as_str().unwrap().to_owned();
    let token = app.log_in("suspended@example.com", PASSWORD).await;
    assert_eq!(save(app, &token, "Walruses", "q=walrus").await.0, 201);
    let other = applicant(app, "active@example.com").await;
    assert_eq!(save(app, &other, "Walruses", "q=walrus").await.0, 201);
    post_job(app, &recruiter, "Walrus Trainer").await;
    let path = format!("/api/v1/admin/accounts/{suspended}/suspend");
    let request = app.client.put(app.url(&path)).bearer_auth(&root).json(&json!({ "reason": "Spam" }));
    assert_eq!(status_and_json(request.send().await.unwrap()).await.0, 200);

    let now = now_millis() + 2 * 60 * 1000;
    assert_eq!(run_alerts(app, now).await, 1, "only the active applicant's alert");
    assert_eq!(alerts_to(app, "suspended@example.com").await, Vec::<String>::new());
    assert_eq!(alerts_to(app, "active@example.com").await.len(), 1);

    // A suspension that lands after the run found the person due: their alert is not stored.
    let cutoff = jobportal::alerts::repo::last_seq_posted_by(&app.db, now).await.unwrap();
    let mail = jobportal::mail::Mail {
        to: "suspended@example.com".into(),
        subject: "1 new job for your saved searches".into(),
        text: "Walrus Trainer".into(),
        html: "<p>Walrus Trainer</p>".into(),
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    };
    let sent = jobportal::alerts::repo::send(&app.db, &suspended, &[], cutoff, now - DAY_MS, &mail).await.unwrap();
    assert!(!sent, "no alert is claimed for a suspended person");
    assert_eq!(alerts_to(app, "suspended@example.com").await, Vec::<String>::new());
}

async fn an_unsubscribe_link_with_a_repeated_parameter_is_refused_in_the_envelope(app: &TestApp) {
    let token = applicant(app, "repeated@example.com").await;
    let id = save(app, &token, "Otters", "q=otter").await.1["data"]["_id"].as_str().unwrap().to_string();
    let signature = unsubscribe_signature(&app.state.keys, &id);
    let refused = (400, error("This unsubscribe link is invalid"));
    for query in [
        format!("search={id}&search={id}&signature={signature}"),
        format!("search={id}&signature={signature}&signature={signature}"),
    ] {
        let request = app.client.post(app.url(&format!("/api/v1/alerts/unsubscribe?{query}")));
        assert_eq!(status_and_json(request.send().await.unwrap()).await, refused, "{query}");
    }
    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!(list["data"][0]["alerts"], true, "the alerts go on");
}

async fn a_job_matching_two_searches_is_one_new_job(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let token = applicant(app, "twice@example.com").await;
    save(app, &token, "Rust", "q=rust").await;
    save(app, &token, "Pune", "location=Pune").await;
    post_job(app, &recruiter, "Rust Engineer").await;
    post_job(app, &recruiter, "Go Engineer").await;
    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1);
    let subject: (String,) = jobportal::dispatch!(&app.db, |pool| {
        sqlx::query_as(
            "SELECT subject FROM outbox WHERE to_address = 'twice@example.com' AND subject LIKE '%saved searches'",
        )
        .fetch_one(pool)
        .await
    })
    .unwrap();
    assert_eq!(subject.0, "2 new jobs for your saved searches", "two jobs, though the Rust one matches both searches");
    let mail = &alerts_to(app, "twice@example.com").await[0];
    assert_eq!(mail.matches("- Rust Engineer at Acme Labs").count(), 1, "listed once: {mail}");
    assert!(mail.contains("Rust (1 new)") && mail.contains("Pune (2 new)"), "{mail}");
    assert!(mail.contains("  1 also new in a search above"), "{mail}");
}

async fn the_same_search_cannot_be_saved_twice(app: &TestApp) {
    let token = applicant(app, "once@example.com").await;
    assert_eq!(save(app, &token, "Rust in Pune", "q=rust&location=Pune").await.0, 201);
    // The same search written another way (order, an empty filter, the page) is the same search.
    assert_eq!(
        save(app, &token, "Another name", "?location=Pune&q=rust&page=2&jobType=").await,
        (409, error("This search is already saved"))
    );
    assert_eq!(save(app, &token, "Rust anywhere", "q=rust").await.0, 201, "a different search is saved");
    let (_, list) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 2);
}

/// The alert of a search and the same search on /jobs agree: words in the skills or the
/// description, a word still being typed, a typo.
async fn an_alert_matches_what_the_same_search_on_jobs_finds(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let token = applicant(app, "agree@example.com").await;
    for (name, query) in [("Skills", "q=kubern"), ("Description", "q=terraform"), ("Typo", "q=kubernetis")] {
        assert_eq!(save(app, &token, name, query).await.0, 201, "{name}");
    }
    let category = app.category_id("Engineering").await;
    let mut job = crate::helpers::new_job(&recruiter, &category, "Platform Engineer");
    job.skillsets = vec!["kubernetes".into(), "go".into()];
    job.description = "Run our terraform estate.".into();
    jobportal::jobs::repo::insert(&app.db, &job).await.unwrap();
    app.sync_index().await;
    for query in ["kubern", "terraform", "kubernetis"] {
        let (_, found) = app.get(&format!("/api/v1/jobs/alljobs?q={query}")).await;
        assert_eq!(found["total"], 1, "/jobs finds it for {query}: {found}");
    }

    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1);
    let mails = alerts_to(app, "agree@example.com").await;
    assert_eq!(mails.len(), 1);
    for name in ["Skills", "Description", "Typo"] {
        assert!(mails[0].contains(&format!("{name} (1 new)")), "{name}: {}", mails[0]);
    }
    // One job is one job, however many searches it matches.
    app.mail("agree@example.com", "1 new job for your saved searches").await;
}

async fn following_a_company_alerts_its_new_jobs_and_no_other_company_s(app: &TestApp) {
    let acme = app.account("Recruiter", "owner@acme.example").await;
    let globex = app.account("Recruiter", "owner@globex.example").await;
    let (_, company) = app.get_as("/api/v1/company", &acme).await;
    let slug = company["company"]["slug"].as_str().unwrap().to_string();
    let token = applicant(app, "follower@example.com").await;
    let (status, body) = save(app, &token, "Ada Lovelace", &format!("company={slug}")).await;
    assert_eq!(status, 201, "{body}");
    let (_, saved) = app.get_as("/api/v1/jobs/savedSearches", &token).await;
    assert_eq!(saved["data"][0]["query"], format!("company={slug}"), "followed as the search of its jobs");

    app.post_job_as(&acme, "Rocket Welder", 1, &crate::helpers::day(20)).await;
    app.post_job_as(&globex, "Rocket Painter", 1, &crate::helpers::day(20)).await;
    app.sync_index().await;
    assert_eq!(run_alerts(app, now_millis() + 2 * 60 * 1000).await, 1);
    let mails = alerts_to(app, "follower@example.com").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Ada Lovelace (1 new)") && mails[0].contains("- Rocket Welder at Acme"), "{}", mails[0]);
    assert!(!mails[0].contains("Rocket Painter"), "another company's job is not news: {}", mails[0]);
}
