//! People's data (docs/rules.md#your-data): "Download my data" gives everything the board holds
//! about the caller, and "Delete my account" leaves no row, file or search document naming them.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    an_applicant_downloads_everything_the_board_holds_about_them,
    a_recruiters_download_holds_their_jobs_and_an_admins_their_account,
    a_long_download_is_sent_a_page_at_a_time_and_one_at_a_time_per_account,
    deleting_an_account_needs_its_password,
    a_deleted_applicant_leaves_no_row_or_file_that_names_them,
    a_deleted_recruiter_takes_their_jobs_and_their_applicants_are_told,
    the_last_admin_cannot_delete_itself_and_the_audit_log_forgets_a_deleted_admin,
);

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

async fn id_of(app: &TestApp, token: &str) -> String {
    let (status, body) = app.get_as("/api/v1/auth/userDetails", token).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn delete_account(app: &TestApp, token: &str, password: Option<&str>) -> (u16, Value) {
    let body = match password {
        Some(password) => json!({ "password": password }),
        None => json!({}),
    };
    app.post_as("/api/v1/auth/account/delete", token, &body).await
}

async fn export(app: &TestApp, token: &str) -> (reqwest::header::HeaderMap, Value) {
    let response = app.client.get(app.url("/api/v1/auth/account/export")).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    (headers, response.json().await.unwrap())
}

/// Every row of every table (the full-text index's shadow tables and the migrations' own aside)
/// as text, lower-cased, with its table's name.
async fn every_row(app: &TestApp) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            let tables: Vec<(String,)> = sqlx::query_as(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'jobs_fts%' \
                 AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations'",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            for (table,) in tables {
                let columns: Vec<(String,)> =
                    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT name FROM pragma_table_info('{table}')")))
                        .fetch_all(pool)
                        .await
                        .unwrap();
                let list = columns.iter().map(|(column,)| format!("\"{column}\"")).collect::<Vec<_>>().join(", ");
                let sql = format!("SELECT lower(json_array({list})) FROM \"{table}\"");
                let texts: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await.unwrap();
                rows.extend(texts.into_iter().map(|(text,)| (table.clone(), text)));
            }
        }
        jobportal::db::Db::Postgres(pool) => {
            let tables: Vec<(String,)> = sqlx::query_as(
                "SELECT table_name::TEXT FROM information_schema.tables WHERE table_schema = current_schema() \
                 AND table_type = 'BASE TABLE' AND table_name <> '_sqlx_migrations'",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            for (table,) in tables {
                let sql = format!("SELECT lower(row_to_json(t)::TEXT) FROM \"{table}\" t");
                let texts: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await.unwrap();
                rows.extend(texts.into_iter().map(|(text,)| (table.clone(), text)));
            }
        }
    }
    assert!(rows.iter().any(|(table, _)| table == "categories"), "the tables were read");
    rows
}

/// The rows that hold any of `needles` (lower-cased).
async fn rows_naming(app: &TestApp, needles: &[&str]) -> Vec<(String, String)> {
    let needles: Vec<String> = needles.iter().map(|needle| needle.to_lowercase()).collect();
    every_row(app).await.into_iter().filter(|(_, text)| needles.iter().any(|needle| text.contains(needle))).collect()
}

/// Waits up to ten seconds until the outbox worker has delivered every mail written so far.
async fn outbox_drained(app: &TestApp) {
    const UNSENT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE sent_at IS NULL";
    for _ in 0..200 {
        app.state.outbox.notify();
        let unsent: i64 = match &app.db {
            jobportal::db::Db::Sqlite(pool) => sqlx::query_scalar(UNSENT).fetch_one(pool).await.unwrap(),
            jobportal::db::Db::Postgres(pool) => sqlx::query_scalar(UNSENT).fetch_one(pool).await.unwrap(),
        };
        if unsent == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the outbox was not delivered within ten seconds");
}

/// The files under the resumes' directory.
fn resume_files(app: &TestApp) -> Vec<String> {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                walk(&entry.path(), found);
            } else {
                found.push(entry.path().display().to_string());
            }
        }
    }
    let mut found = Vec::new();
    walk(&app.config.data_dir.join("resumes"), &mut found);
    found
}

async fn an_applicant_downloads_everything_the_board_holds_about_them(app: &TestApp) {
    let recruiter = app.account("Recruiter", "exporting-recruiter@example.com").await;
    let job = app.post_job_as(&recruiter, "Data Engineer", 1, &day(30)).await;
    let saved = app.post_job_as(&recruiter, "Saved Engineer", 1, &day(30)).await;
    let applicant = app.account("Applicant", "export-me@example.com").await;
    assert_eq!(app.upload_resume(&applicant, PDF.to_vec(), "my-cv.pdf", "application/pdf").await.0, 200);
    let application = app.apply_as(&applicant, &job).await;
    assert_eq!(app.put_as(&format!("/api/v1/jobs/saved/{saved}"), &applicant, &json!({})).await.0, 200);
    let search = json!({ "name": "Rust in Pune", "query": "q=rust&location=Pune" });
    assert_eq!(app.post_as("/api/v1/jobs/savedSearches", &applicant, &search).await.0, 201);
    let slot = (time::OffsetDateTime::now_utc() + time::Duration::days(3)).replace_nanosecond(0).unwrap();
    let slot = slot.format(&time::format_description::well_known::Rfc3339).unwrap();
    let interview = json!({ "slots": [slot], "durationMinutes": 30, "location": "Video call" });
    let path = format!("/api/v1/auth/applications/{application}/interviews");
    assert_eq!(app.post_as(&path, &recruiter, &interview).await.0, 201);
    let message = json!({ "body": "When can we talk?" });
    let path = format!("/api/v1/auth/applications/{application}/messages");
    assert_eq!(app.post_as(&path, &recruiter, &message).await.0, 201);
    assert_eq!(app.post_as(&path, &applicant, &json!({ "body": "Any day." })).await.0, 201);

    let (headers, data) = export(app, &applicant).await;
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!((data["success"].as_bool(), data["message"].as_str()), (Some(true), Some("Your data")));
    assert_eq!(headers["content-disposition"], "attachment; filename=\"jobportal-data.json\"");
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(data["account"]["email"], "export-me@example.com");
    assert_eq!(data["account"]["accountType"], "Applicant");
    assert_eq!(data["account"]["firstName"], "Ada");
    assert_eq!(data["profile"]["resumeName"], "my-cv.pdf");
    assert_eq!(data["resume"]["fileName"], "my-cv.pdf");
    // The resume's link works for the caller, as the profile's does, and for a week: the file is
    // read later than a page is.
    let link = data["resume"]["url"].as_str().unwrap();
    let expires: i64 = link.split("expires=").nth(1).unwrap().split('&').next().unwrap().parse().unwrap();
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert!((now + 7 * 86_400 - 10..=now + 7 * 86_400).contains(&expires), "expires {expires}, now {now}");
    let resume = app.client.get(link).send().await.unwrap();
    assert_eq!(resume.status(), 200);
    assert_eq!(resume.bytes().await.unwrap().as_ref(), PDF);
    let applications = data["applications"].as_array().unwrap();
    assert_eq!(applications.len(), 1);
    assert_eq!(applications[0]["_id"], application.as_str());
    assert_eq!(applications[0]["sop"], "I would like to build this.");
    assert_eq!(applications[0]["history"][0]["status"], "applied");
    assert_eq!(data["savedJobs"].as_array().unwrap().len(), 1);
    assert_eq!(data["savedJobs"][0]["_id"], saved.as_str());
    assert_eq!(data["savedSearches"][0]["name"], "Rust in Pune");
    let messages: Vec<(bool, &str)> = data["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|message| (message["sentByYou"].as_bool().unwrap(), message["body"].as_str().unwrap()))
        .collect();
    assert_eq!(messages, [(false, "When can we talk?"), (true, "Any day.")]);
    assert!(
        data["notifications"].as_array().unwrap().iter().any(|notice| notice["kind"] == "message"),
        "{}",
        data["notifications"]
    );
    assert_eq!(data["jobs"], json!([]));
    let interviews = data["interviews"].as_array().unwrap();
    assert_eq!(
        (interviews.len(), interviews[0]["status"].as_str(), interviews[0]["location"].as_str()),
        (1, Some("proposed"), Some("Video call")),
        "the interviews they are a side of"
    );

    let anonymous = app.client.get(app.url("/api/v1/auth/account/export")).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
}

async fn a_recruiters_download_holds_their_jobs_and_an_admins_their_account(app: &TestApp) {
    let recruiter = app.account("Recruiter", "export-recruiter@example.com").await;
    let job = app.post_job_as(&recruiter, "Platform Engineer", 1, &day(30)).await;
    let scopes = json!({ "name": "HR sync", "scopes": ["jobs:read", "applications:read"], "expiresInDays": 7 });
    let (_, made) = app.post_as("/api/v1/auth/tokens", &recruiter, &scopes).await;
    let (_, data) = export(app, &recruiter).await;
    assert_eq!(data["account"]["accountType"], "Recruiter");
    assert_eq!(data["jobs"].as_array().unwrap().len(), 1);
    assert_eq!(data["jobs"][0]["_id"], job.as_str());
    assert_eq!(data["jobs"][0]["title"], "Platform Engineer");
    assert_eq!(data["apiTokens"], json!([made["token"]]), "its tokens, without their secrets");
    assert_eq!(data["resume"], Value::Null);
    assert_eq!(data["applications"], json!([]));

    jobportal::accounts::create_admin(&app.db, "export-admin@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let admin = app.log_in("export-admin@example.com", PASSWORD).await;
    let (_, data) = export(app, &admin).await;
    assert_eq!(data["account"]["accountType"], "Admin");
    assert_eq!(data["profile"], Value::Null);
}

async fn a_long_download_is_sent_a_page_at_a_time_and_one_at_a_time_per_account(app: &TestApp) {
    let recruiter = app.account("Recruiter", "long-export-r@example.com").await;
    let job = app.post_job_as(&recruiter, "Archive Engineer", 1, &day(30)).await;
    let applicant = app.account("Applicant", "long-export@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let applicant_id = id_of(app, &applicant).await;
    // More messages and notifications than one page of each, written straight to the database.
    const MESSAGE: &str = "INSERT INTO application_messages (id, application_id, sender_id, body, created_at) \
         VALUES ($1, $2, $3, $4, $5)";
    const NOTICE: &str = "INSERT INTO notifications (id, user_id, kind, text, link, ref_id, created_at) \
         VALUES ($1, $2, 'message', $3, '/dashboard/my-applications', $4, $5)";
    let now = jobportal::db::now_millis();
    for n in 0..450_i64 {
        let (id, body) = (format!("m-{n:04}"), format!("message {n}"));
        jobportal::dispatch!(&app.db, |pool| {
            sqlx::query(MESSAGE)
                .bind(&id)
                .bind(&application)
                .bind(&applicant_id)
                .bind(&body)
                .bind(now + n)
                .execute(pool)
                .await
                .map(|_| ())
        })
        .unwrap();
        let (id, text) = (format!("n-{n:04}"), format!("notice {n}"));
        jobportal::dispatch!(&app.db, |pool| {
            sqlx::query(NOTICE)
                .bind(&id)
                .bind(&applicant_id)
                .bind(&text)
                .bind(&application)
                .bind(now + n)
                .execute(pool)
                .await
                .map(|_| ())
        })
        .unwrap();
    }

    // While one download is under way, another of the same account waits its turn.
    let url = app.url("/api/v1/auth/account/export");
    let first = app.client.get(&url).bearer_auth(&applicant).send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers().get("content-length"), None, "sent as it is read");
    let second = app.client.get(&url).bearer_auth(&applicant).send().await.unwrap();
    assert_eq!(second.status(), 429);
    assert_eq!(second.headers()["retry-after"], "60");
    assert_eq!(
        second.json::<Value>().await.unwrap(),
        error("Your data is already being prepared for download; try again when that download ends")
    );
    let (_, others) = export(app, &recruiter).await;
    assert_eq!(others["account"]["accountType"], "Recruiter", "another account's download is not held up");

    let data: Value = first.json().await.expect("the streamed file is one JSON document");
    let bodies: Vec<&str> = data["messages"].as_array().unwrap().iter().map(|m| m["body"].as_str().unwrap()).collect();
    let expected: Vec<String> = (0..450).map(|n| format!("message {n}")).collect();
    assert_eq!(bodies, expected, "every message once, oldest first");
    let notices: Vec<&str> =
        data["notifications"].as_array().unwrap().iter().map(|n| n["text"].as_str().unwrap()).collect();
    assert_eq!(notices.len(), 450);
    assert_eq!(&notices[..2], ["notice 449", "notice 448"], "newest first");
    assert_eq!(data["applications"][0]["_id"], application.as_str());

    // Once received, the next download may start; compressed, as a browser asks for it, it is the
    // same file.
    let (_, again) = export(app, &applicant).await;
    assert_eq!(again["messages"].as_array().unwrap().len(), 450);
    let zipped = app.client.get(&url).bearer_auth(&applicant).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!((zipped.status().as_u16(), zipped.headers()["content-encoding"].to_str().unwrap()), (200, "gzip"));
    let bytes = zipped.bytes().await.expect("the compressed file arrives whole");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text).unwrap();
    let unzipped: Value = serde_json::from_str(&text).expect("one JSON document");
    assert_eq!(unzipped["messages"], again["messages"]);
}

async fn deleting_an_account_needs_its_password(app: &TestApp) {
    let token = app.account("Applicant", "careful@example.com").await;
    assert_eq!(delete_account(app, &token, None).await, (400, error("All fields are required")));
    assert_eq!(delete_account(app, &token, Some("")).await, (400, error("All fields are required")));
    assert_eq!(delete_account(app, &token, Some("not my password")).await, (401, error("The password is incorrect")));
    // Still there, still signed in.
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &token).await.0, 200);
    let anonymous = app.post_json("/api/v1/auth/account/delete", &json!({ "password": PASSWORD })).await;
    assert_eq!(anonymous.0, 401);

    let (status, body) = delete_account(app, &token, Some(PASSWORD)).await;
    assert_eq!((status, body), (200, json!({ "success": true, "message": "Your account has been deleted" })));
    // The token no longer works, and the password no longer logs in.
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &token).await.0, 401);
    let (status, _) =
        app.post_json("/api/v1/auth/login", &json!({ "email": "careful@example.com", "password": PASSWORD })).await;
    assert_eq!(status, 401);
}

async fn a_deleted_applicant_leaves_no_row_or_file_that_names_them(app: &TestApp) {
    let recruiter = app.account("Recruiter", "keeps-hiring@example.com").await;
    let job = app.post_job_as(&recruiter, "Backend Engineer", 2, &day(30)).await;
    let other_job = app.post_job_as(&recruiter, "Frontend Engineer", 2, &day(30)).await;
    let stays = app.account("Applicant", "stays@example.com").await;
    app.apply_as(&stays, &job).await;

    let leaving = app.account("Applicant", "Leaving.Person@Example.com").await;
    let leaving_id = id_of(app, &leaving).await;
    let named = json!({ "firstName": "Zelda", "lastName": "Quixote" });
    assert_eq!(app.post_as("/api/v1/auth/updateUserDetails", &leaving, &named).await.0, 200);
    assert_eq!(app.upload_resume(&leaving, PDF.to_vec(), "cv.pdf", "application/pdf").await.0, 200);
    let resumes_before = resume_files(app).len();
    let application = app.apply_as(&leaving, &job).await;
    let hired = app.apply_as(&leaving, &other_job).await;
    let path = |id: &str, what: &str| format!("/api/v1/auth/applications/{id}/{what}");
    let screening = json!({ "from": "applied", "stage": "screening" });
    assert_eq!(app.put_as(&path(&application, "stage"), &recruiter, &screening).await.0, 200);
    assert_eq!(app.put_as(&path(&application, "rating"), &recruiter, &json!({ "rating": 4 })).await.0, 200);
    let note = json!({ "body": "Strong systems background." });
    assert_eq!(app.post_as(&path(&application, "notes"), &recruiter, &note).await.0, 201);
    assert_eq!(app.post_as(&path(&application, "messages"), &leaving, &json!({ "body": "Hello!" })).await.0, 201);
    assert_eq!(app.post_as(&path(&application, "messages"), &recruiter, &json!({ "body": "Hi." })).await.0, 201);
    let slot = (time::OffsetDateTime::now_utc() + time::Duration::days(3)).unix_timestamp() * 1000;
    let slot = time::OffsetDateTime::from_unix_timestamp(slot / 1000).unwrap();
    let slot = slot.format(&time::format_description::well_known::Rfc3339).unwrap();
    let interview = json!({ "slots": [slot], "durationMinutes": 45, "location": "Video call" });
    let (status, body) = app.post_as(&path(&application, "interviews"), &recruiter, &interview).await;
    assert_eq!(status, 201, "{body}");
    let interview = body["data"]["_id"].as_str().unwrap().to_string();
    let book = format!("/api/v1/auth/interviews/{interview}/book");
    assert_eq!(app.put_as(&book, &leaving, &json!({ "slot": 0 })).await.0, 200);
    for stage in [("applied", "screening"), ("screening", "interview"), ("interview", "offer"), ("offer", "hired")] {
        let body = json!({ "from": stage.0, "stage": stage.1 });
        assert_eq!(app.put_as(&path(&hired, "stage"), &recruiter, &body).await.0, 200);
    }
    assert_eq!(app.put_as(&format!("/api/v1/jobs/saved/{job}"), &leaving, &json!({})).await.0, 200);
    let search = json!({ "name": "Backend", "query": "q=backend" });
    assert_eq!(app.post_as("/api/v1/jobs/savedSearches", &leaving, &search).await.0, 201);
    let counts = |job: String| async move {
        let (status, body) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["applicationsCount"].as_i64()
    };
    let before = counts(job.clone()).await;
    let needles = [leaving_id.as_str(), "leaving.person@example.com", "zelda quixote"];
    let named_rows = rows_naming(app, &needles).await;
    assert!(named_rows.iter().any(|(table, _)| table == "outbox"), "mail to the recruiter names them: {named_rows:?}");
    // Every mail so far is delivered (as files here), so the deletion meets them all written.
    outbox_drained(app).await;

    let (status, body) = delete_account(app, &leaving, Some(PASSWORD)).await;
    assert_eq!(status, 200, "{body}");

    assert_eq!(
        rows_naming(app, &needles).await,
        Vec::<(String, String)>::new(),
        "no row names them, mail to others included"
    );
    assert_eq!(resume_files(app).len(), resumes_before - 1, "the resume's file is deleted from the store");
    let mail_files = crate::helpers::outbox_files(app);
    assert!(!mail_files.is_empty());
    assert!(
        mail_files
            .iter()
            .all(|mail| !mail.to_lowercase().contains("leaving.person@example.com") && !mail.contains("Zelda Quixote")),
        "no delivered mail file names them"
    );

    // The recruiter keeps the record: both applications as "Deleted candidate", the hire hired
    // (still filling its position), the one in the process withdrawn (its place given back),
    // with the recruiter's rating, note and message; nothing of the person's own.
    let (status, body) = app.get_as("/api/v1/auth/applications", &recruiter).await;
    assert_eq!(status, 200, "{body}");
    let listed = body["applications"].as_array().unwrap();
    let kept =
        |id: &str| listed.iter().find(|a| a["_id"] == id).unwrap_or_else(|| panic!("{id} is kept: {body}")).clone();
    for (id, stage) in [(&application, "withdrawn"), (&hired, "hired")] {
        let kept = kept(id);
        assert_eq!(
            (kept["stage"].as_str(), kept["userDetails"].clone(), kept["sop"].as_str()),
            (Some(stage), json!({ "firstName": "Deleted", "lastName": "candidate", "email": "" }), Some("")),
            "{kept}"
        );
        assert_eq!(kept["jobApplicantsDetails"]["resume"], "", "{kept}");
    }
    let withdrawn = kept(&application);
    assert_eq!((withdrawn["rating"].as_i64(), withdrawn["notesCount"].as_i64()), (Some(4), Some(1)), "{withdrawn}");
    let last = withdrawn["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["stage"].as_str(), last["by"].as_str()), (Some("withdrawn"), Some("applicant")), "{withdrawn}");
    let (status, page) = app.get_as(&path(&application, "messages"), &recruiter).await;
    assert_eq!(status, 200, "{page}");
    let bodies: Vec<&str> = page["messages"].as_array().unwrap().iter().map(|m| m["body"].as_str().unwrap()).collect();
    assert_eq!(bodies, ["Hi."], "the recruiter's own message stays, theirs goes");
    let after = counts(job.clone()).await;
    assert_eq!(after.zip(before).map(|(after, before)| before - after), Some(1), "{before:?} -> {after:?}");
    let hired_count: (i64,) = match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            sqlx::query_as("SELECT hired_count FROM jobs WHERE id = $1").bind(&other_job).fetch_one(pool).await.unwrap()
        }
        jobportal::db::Db::Postgres(pool) => {
            sqlx::query_as("SELECT hired_count FROM jobs WHERE id = $1").bind(&other_job).fetch_one(pool).await.unwrap()
        }
    };
    assert_eq!(hired_count, (1,), "the hire still fills its position");

    // The booked interview is cancelled in the deletion, the recruiter's calendar told.
    let cancelled = app.mail("keeps-hiring@example.com", "Interview cancelled: Backend Engineer").await;
    assert!(cancelled.contains("METHOD:CANCEL"), "{cancelled}");
    assert!(cancelled.contains("Deleted candidate cancelled the interview"), "{cancelled}");
    let (_, shown) = app.get_as(&format!("/api/v1/auth/interviews/{interview}"), &recruiter).await;
    assert_eq!(shown["data"]["status"], "cancelled", "{shown}");
    // The bell says so, and its earlier lines name the stand-in.
    let (_, bell) = app.get_as("/api/v1/auth/notifications", &recruiter).await;
    let texts: Vec<&str> =
        bell["notifications"].as_array().unwrap().iter().map(|n| n["text"].as_str().unwrap()).collect();
    for line in [
        "A candidate for Backend Engineer deleted their account: their application stays as Deleted candidate",
        "A candidate for Frontend Engineer deleted their account: their application stays as Deleted candidate",
        "Deleted candidate applied for Backend Engineer",
        "Deleted candidate cancelled the interview for Backend Engineer",
    ] {
        assert!(texts.contains(&line), "{line:?} in {texts:?}");
    }

    // The stand-in names nobody and is no account.
    jobportal::accounts::create_admin(&app.db, "privacy-admin@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let admin = app.log_in("privacy-admin@example.com", PASSWORD).await;
    let (_, accounts) = app.get_as("/api/v1/admin/accounts?limit=100", &admin).await;
    let names: Vec<&str> =
        accounts["data"].as_array().unwrap().iter().map(|a| a["firstName"].as_str().unwrap()).collect();
    assert_eq!((names.len(), names.contains(&"Deleted")), (3, false), "{accounts}");
}

async fn a_deleted_recruiter_takes_their_jobs_and_their_applicants_are_told(app: &TestApp) {
    let recruiter = app.account("Recruiter", "closing-shop@example.com").await;
    let recruiter_id = id_of(app, &recruiter).await;
    let job = app.post_job_as(&recruiter, "Quantum Gardener", 1, &day(30)).await;
    let made =
        app.post_as("/api/v1/auth/tokens", &recruiter, &json!({ "name": "Sync", "scopes": ["jobs:read"] })).await;
    let secret = made.1["secret"].as_str().unwrap().to_string();
    let applicant = app.account("Applicant", "was-applying@example.com").await;
    app.apply_as(&applicant, &job).await;
    let saver = app.account("Applicant", "had-saved@example.com").await;
    assert_eq!(app.put_as(&format!("/api/v1/jobs/saved/{job}"), &saver, &json!({})).await.0, 200);
    app.sync_index().await;
    let (_, found) = app.get("/api/v1/jobs/alljobs?q=quantum%20gardener").await;
    assert_eq!(found["data"].as_array().map(Vec::len), Some(1), "{found}");

    let (status, body) = delete_account(app, &recruiter, Some(PASSWORD)).await;
    assert_eq!(status, 200, "{body}");

    assert_eq!(rows_naming(app, &[&recruiter_id, "closing-shop@example.com"]).await, Vec::<(String, String)>::new());
    let refused = app.get_as("/api/v1/auth/userDetails", &secret).await;
    assert_eq!(
        refused,
        (401, json!({ "success": false, "message": "Token is invalid or expired" })),
        "its API token went too"
    );
    let (status, _) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
    assert_eq!(status, 404);
    app.sync_index().await;
    let (_, found) = app.get("/api/v1/jobs/alljobs?q=quantum%20gardener").await;
    assert_eq!(found["data"], json!([]), "the search index forgot the job");
    assert_eq!(app.search.index.len(), 0, "no search document is left");
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"], json!([]));
    let (_, saved) = app.get_as("/api/v1/jobs/saved", &saver).await;
    assert_eq!(saved["data"], json!([]), "{saved}");
    let (status, bell) = app.get_as("/api/v1/auth/notifications", &applicant).await;
    assert_eq!(status, 200, "{bell}");
    let texts: Vec<&str> =
        bell["notifications"].as_array().unwrap().iter().map(|n| n["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["Your application for Quantum Gardener at Acme was closed: the job was removed"]);
}

async fn the_last_admin_cannot_delete_itself_and_the_audit_log_forgets_a_deleted_admin(app: &TestApp) {
    jobportal::accounts::create_admin(&app.db, "first-admin@example.com", "First", "Admin", PASSWORD).await.unwrap();
    let first = app.log_in("first-admin@example.com", PASSWORD).await;
    let first_id = id_of(app, &first).await;
    let recruiter = app.account("Recruiter", "audited@example.com").await;
    let recruiter_id = id_of(app, &recruiter).await;
    let suspend = json!({ "reason": "Spam" });
    let path = format!("/api/v1/admin/accounts/{recruiter_id}/suspend");
    assert_eq!(app.put_as(&path, &first, &suspend).await.0, 200);

    let refused = delete_account(app, &first, Some(PASSWORD)).await;
    assert_eq!(refused, (409, error("You are the only Admin: make another Admin before deleting this account")));

    jobportal::accounts::create_admin(&app.db, "second-admin@example.com", "Second", "Admin", PASSWORD).await.unwrap();
    let second = app.log_in("second-admin@example.com", PASSWORD).await;
    assert_eq!(delete_account(app, &first, Some(PASSWORD)).await.0, 200);
    assert_eq!(rows_naming(app, &[&first_id, "first-admin@example.com"]).await, Vec::<(String, String)>::new());
    let (status, log) = app.get_as("/api/v1/admin/audit", &second).await;
    assert_eq!(status, 200, "{log}");
    let entry = &log["data"][0];
    assert_eq!(entry["action"], "account.suspend", "{log}");
    assert_eq!(entry["adminEmail"], "a deleted account");
    assert_eq!(entry["adminId"], "");
    assert_eq!(entry["targetId"], recruiter_id.as_str());

    // The suspended recruiter deletes their account: the action stays, naming nobody.
    let reinstate = format!("/api/v1/admin/accounts/{recruiter_id}/reinstate");
    assert_eq!(app.put_as(&reinstate, &second, &json!({})).await.0, 200);
    let recruiter = app.log_in("audited@example.com", PASSWORD).await;
    assert_eq!(delete_account(app, &recruiter, Some(PASSWORD)).await.0, 200);
    let (_, log) = app.get_as("/api/v1/admin/audit", &second).await;
    let entries = log["data"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{log}");
    assert!(
        entries.iter().all(|entry| entry["targetId"] == "" && entry["targetLabel"] == "a deleted account"),
        "{log}"
    );
    assert_eq!(rows_naming(app, &[&recruiter_id, "audited@example.com"]).await, Vec::<(String, String)>::new());
    // The second admin is now the last one.
    let refused = delete_account(app, &second, Some(PASSWORD)).await;
    assert_eq!(refused.0, 409);
}
