//! The job cache: a job's page and `getJob` answer from memory once read, and no change to
//! the job is ever served stale: each case below first has the job kept (read twice, counted in the
//! cache), changes it through the API, and reads it again at once, as a page and as JSON.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

on_both_engines!(
    an_edit_a_close_and_a_deletion_are_seen_at_once,
    an_application_and_a_withdrawal_change_the_count_at_once_and_a_full_job_closes,
    an_admin_hiding_a_job_or_renaming_its_category_is_seen_at_once,
    first_reads_at_the_same_time_each_answer_their_own_job,
);

// With a built index.html of the shape a build has: scripts and preloads around the mark.
on_both_engines!(configured |config| {
        std::fs::create_dir_all(&config.web_dir).unwrap();
        std::fs::write(config.web_dir.join("index.html"), super::built_index()).unwrap();
    };
    answers_from_memory_are_the_same_bytes_in_each_encoding,
);

/// An `index.html` as Vite builds it: the entry script, a preload for each of forty chunks and
/// the stylesheet in the head, the header drawn in the body around the content's mark.
pub fn built_index() -> String {
    let preloads: String = (0..40)
        .map(|chunk| {
            format!("    <link rel=\"modulepreload\" crossorigin href=\"/assets/chunk-{chunk:02}-BbggMMhK.js\">\n")
        })
        .collect();
    format!(
        "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
         <link rel=\"icon\" href=\"/favicon.ico\" sizes=\"16x16 32x32 48x48\" />\n    \
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1.0\" />\n    \
         <meta name=\"description\" content=\"jobportal connects job seekers with recruiters.\" />\n    \
         <title>jobportal</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-BrXMUVW3.js\"></script>\n\
         {preloads}    <link rel=\"stylesheet\" crossorigin href=\"/assets/index-H8tQKKLo.css\">\n  </head>\n  <body>\n    \
         <div id=\"root\">\n      <div class=\"flex min-h-screen flex-col bg-white text-gray-900\">\n        \
         <header class=\"border-b border-gray-200 bg-white\">\n          \
         <div class=\"mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3\">\n            \
         <a href=\"/\" class=\"flex items-center gap-2 py-1 text-xl font-bold text-blue-800\">jobportal</a>\n          \
         </div>\n        </header>\n        <!--main-->\n      </div>\n    </div>\n  </body>\n</html>\n"
    )
}

/// The job's `getJob` answer (status and body) and its page (status and `<title>`).
async fn read(app: &TestApp, id: &str) -> ((u16, Value), (u16, String)) {
    let api = app.get(&format!("/api/v1/jobs/getJob/{id}")).await;
    let response = app.client.get(app.url(&format!("/job/{id}"))).send().await.unwrap();
    let status = response.status().as_u16();
    let html = response.text().await.unwrap();
    let title = html.split("<title>").nth(1).and_then(|rest| rest.split("</title>").next()).unwrap_or("").to_string();
    (api, (status, title))
}

/// Reads the job until it is kept (a first read keeps it; the second must come from memory) and
/// returns what was read.
async fn kept(app: &TestApp, id: &str) -> ((u16, Value), (u16, String)) {
    let first = read(app, id).await;
    let (jobs, bytes) = app.parts.listings.cache.usage();
    assert!(jobs >= 1 && bytes > 0, "the job is kept: {jobs} jobs, {bytes} bytes");
    assert_eq!(read(app, id).await, first, "the kept answer is the one read");
    first
}

fn job_form(app_category: &str, title: &str, max_applicants: i64) -> Value {
    json!({
        "title": title, "company": "Acme", "description": "A good job.", "maxApplicants": max_applicants,
        "maxPositions": 1, "dateOfPosting": day(-3), "deadline": day(30), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app_category, "location": "Pune",
    })
}

async fn post(app: &TestApp, token: &str, title: &str, max_applicants: i64) -> String {
    let form = job_form(&app.category_id("Engineering").await, title, max_applicants);
    let (status, body) = app.post_as("/api/v1/jobs/createJob", token, &form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn an_edit_a_close_and_a_deletion_are_seen_at_once(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@example.com").await;
    let id = post(app, &recruiter, "Rust Developer", 50).await;
    let ((status, before), (page, title)) = kept(app, &id).await;
    assert_eq!((status, before["data"]["title"].as_str(), page), (200, Some("Rust Developer"), 200));
    assert_eq!(title, "Rust Developer at Acme | jobportal");

    // An edit takes the places, positions and deadline (the title stays).
    let edit = json!({ "maxApplicants": 30, "maxPositions": 1, "deadline": day(60) });
    let (status, _) = app.put_as(&format!("/api/v1/jobs/updateJob/{id}"), &recruiter, &edit).await;
    assert_eq!(status, 200);
    let ((_, after), _) = read(app, &id).await;
    assert_eq!(after["data"]["maxApplicants"], 30);
    let page = app.client.get(app.url(&format!("/job/{id}"))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("\"maxApplicants\":30"), "the page's answer is the edited job: {page}");

    kept(app, &id).await;
    let (status, _) = app.put_as(&format!("/api/v1/jobs/closeJob/{id}"), &recruiter, &json!({})).await;
    assert_eq!(status, 200);
    let ((_, closed), (_, title)) = read(app, &id).await;
    assert!(closed["data"]["closedAt"].is_string(), "{closed}");
    assert_eq!(title, "Rust Developer at Acme (closed) | jobportal");

    kept(app, &id).await;
    let (status, _) = app.delete_as(&format!("/api/v1/jobs/deleteJob/{id}"), &recruiter).await;
    assert_eq!(status, 200);
    let ((status, gone), (page, title)) = read(app, &id).await;
    assert_eq!((status, gone), (404, json!({ "success": false, "message": "Job not found", "removed": true })));
    assert_eq!((page, title.as_str()), (410, "Job removed | jobportal"));
}

async fn an_application_and_a_withdrawal_change_the_count_at_once_and_a_full_job_closes(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@example.com").await;
    let id = post(app, &recruiter, "Data Engineer", 2).await;
    let ((_, before), _) = kept(app, &id).await;
    assert_eq!(before["data"]["applicationsCount"], 0);

    let ada = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&ada, &id).await;
    let ((_, after), (_, title)) = read(app, &id).await;
    assert_eq!(after["data"]["applicationsCount"], 1);
    assert_eq!(title, "Data Engineer at Acme | jobportal");

    kept(app, &id).await;
    let (status, _) = app.put_as(&format!("/api/v1/auth/withdrawapplication/{application}"), &ada, &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(read(app, &id).await.0.1["data"]["applicationsCount"], 0);

    // The second of two places: the job is full, so closed.
    kept(app, &id).await;
    app.apply_as(&app.account("Applicant", "grace@example.com").await, &id).await;
    kept(app, &id).await;
    app.apply_as(&app.account("Applicant", "alan@example.com").await, &id).await;
    let ((_, full), (_, title)) = read(app, &id).await;
    assert_eq!(full["data"]["applicationsCount"], 2);
    assert_eq!(title, "Data Engineer at Acme (closed) | jobportal");
}

async fn an_admin_hiding_a_job_or_renaming_its_category_is_seen_at_once(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@example.com").await;
    let id = post(app, &recruiter, "Platform Engineer", 50).await;
    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", "correct horse battery")
        .await
        .unwrap();
    let admin = app.log_in("root@example.com", "correct horse battery").await;

    let ((_, before), _) = kept(app, &id).await;
    assert_eq!(before["data"]["categoryName"], "Engineering");
    let category = app.category_id("Engineering").await;
    let rename = json!({ "name": "Software Engineering", "description": "Building software." });
    let (status, body) = app.put_as(&format!("/api/v1/admin/categories/{category}"), &admin, &rename).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(read(app, &id).await.0.1["data"]["categoryName"], "Software Engineering");

    kept(app, &id).await;
    let (status, _) = app.put_as(&format!("/api/v1/admin/jobs/{id}/hide"), &admin, &json!({ "reason": "Spam" })).await;
    assert_eq!(status, 200);
    let ((status, hidden), (page, title)) = read(app, &id).await;
    assert_eq!((status, hidden), (404, json!({ "success": false, "message": "Job not found" })));
    assert_eq!((page, title.as_str()), (404, "Page not found | jobportal"));

    kept(app, &id).await;
    let (status, _) = app.put_as(&format!("/api/v1/admin/jobs/{id}/unhide"), &admin, &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(read(app, &id).await.0.0, 200);
}

async fn answers_from_memory_are_the_same_bytes_in_each_encoding(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@example.com").await;
    let id = post(app, &recruiter, "Site Reliability Engineer", 50).await;
    let plain = reqwest::Client::builder().no_gzip().no_brotli().build().unwrap();
    let identity = |path: String| plain.get(app.url(&path)).header("Accept-Encoding", "identity").send();
    // The job is kept at its first read (as JSON); its page then adds less than the page itself:
    // the app's shell around the job is held once for every job, not with each.
    assert_eq!(identity(format!("/api/v1/jobs/getJob/{id}")).await.unwrap().status(), 200);
    let before = app.parts.listings.cache.usage();
    let page = identity(format!("/job/{id}")).await.unwrap().bytes().await.unwrap();
    let after = app.parts.listings.cache.usage();
    assert_eq!((before.0, after.0), (1, 1), "one job kept");
    assert!(
        after.1 - before.1 < page.len(),
        "a page of {} bytes added {} to what is held",
        page.len(),
        after.1 - before.1
    );
    for path in [format!("/job/{id}"), format!("/api/v1/jobs/getJob/{id}")] {
        let identity = identity(path.clone()).await.unwrap();
        assert_eq!(identity.headers().get("content-encoding"), None, "{path}");
        assert_eq!(identity.headers()["vary"], "accept-encoding", "{path}");
        let identity = identity.bytes().await.unwrap();
        for (encoding, decode) in [("br", decode_brotli as fn(&[u8]) -> Vec<u8>), ("gzip", decode_gzip)] {
            let response = plain.get(app.url(&path)).header("Accept-Encoding", encoding).send().await.unwrap();
            assert_eq!(response.headers()["content-encoding"], encoding, "{path}");
            assert_eq!(response.headers()["vary"], "accept-encoding", "{path}");
            let encoded = response.bytes().await.unwrap();
            assert!(encoded.len() < identity.len(), "{path} in {encoding}");
            assert_eq!(decode(&encoded), identity.to_vec(), "{path} in {encoding}");
        }
    }
}

fn decode_brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
    out
}

fn decode_gzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

/// Two instances on one PostgreSQL database: the one that did not take the write forgets the job
/// as the database notifies it (an edit through the change log, an application through
/// `job_counts`), awaited through the cache's epoch, never a sleep.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn another_instance_forgets_a_job_as_soon_as_the_database_tells_it() {
    let a = TestApp::postgres(|_| {}).await;
    let b = a.beside().await;
    let recruiter = a.account("Recruiter", "rita@example.com").await;
    let id = post(&a, &recruiter, "Backend Engineer", 50).await;

    kept(&b, &id).await;
    let forgotten = b.parts.listings.cache.forgotten(&id);
    let (status, _) = a
        .put_as(
            &format!("/api/v1/jobs/updateJob/{id}"),
            &recruiter,
            &json!({ "maxApplicants": 30, "maxPositions": 1, "deadline": day(60) }),
        )
        .await;
    assert_eq!(status, 200);
    tokio::time::timeout(std::time::Duration::from_secs(30), forgotten).await.expect("b forgets the job");
    assert_eq!(read(&b, &id).await.0.1["data"]["maxApplicants"], 30);

    kept(&b, &id).await;
    let forgotten = b.parts.listings.cache.forgotten(&id);
    a.apply_as(&a.account("Applicant", "ada@example.com").await, &id).await;
    tokio::time::timeout(std::time::Duration::from_secs(30), forgotten).await.expect("b forgets the job");
    assert_eq!(read(&b, &id).await.0.1["data"]["applicationsCount"], 1);

    b.stop().await;
    a.stop().await;
}

/// Jobs read for the first time all at once are read together (`JobCache::find`), on the readers'
/// own connection: each request still answers its own job, the same job asked twice in one read is
/// answered twice, a deleted job is gone and an id no job ever had is not found.
async fn first_reads_at_the_same_time_each_answer_their_own_job(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@example.com").await;
    let mut ids = Vec::new();
    for n in 0..6 {
        ids.push(post(app, &recruiter, &format!("Job number {n}"), 50).await);
    }
    let gone = ids.pop().unwrap();
    let (status, _) = app.delete_as(&format!("/api/v1/jobs/deleteJob/{gone}"), &recruiter).await;
    assert_eq!(status, 200);
    let never = "01a2220000000000000000000000dead".to_string();
    // Each job twice, the deleted one and the one that never was, all at once, as pages and as JSON.
    let asked: Vec<&String> = ids.iter().chain(&ids).chain([&gone, &never]).collect();
    let answers = join_all(asked.iter().map(|id| read(app, id))).await;
    for (id, ((status, body), (page, title))) in asked.iter().zip(answers) {
        if let Some(n) = ids.iter().position(|listed| listed == *id) {
            assert_eq!((status, body["data"]["_id"].as_str(), page), (200, Some(id.as_str()), 200), "{body}");
            assert_eq!(title, format!("Job number {n} at Acme | jobportal"));
        } else if *id == &gone {
            assert_eq!((status, body), (404, json!({ "success": false, "message": "Job not found", "removed": true })));
            assert_eq!((page, title.as_str()), (410, "Job removed | jobportal"));
        } else {
            assert_eq!((status, body), (404, json!({ "success": false, "message": "Job not found" })));
            assert_eq!(page, 404);
        }
    }
    // Every one of those reads went through the cache's own connection, opened by the first.
    assert_eq!(app.parts.listings.cache.reader_connections(), 1);
}
