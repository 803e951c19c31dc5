//! Answers sent before the server's stack of layers (docs/operations.md#answers-sent-before-the-stack):
//! a job's page and `getJob` answer (kept, or read for the request), the build's assets and the
//! fixed public pages. Each is the answer the stack gives the same request, status, headers and
//! bytes alike, in every encoding and over HTTPS; what is not certain to be answered alike goes
//! through the stack.

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

// A built web app (index.html and an asset), behind our proxy (so HTTPS can be told).
on_both_engines!(configured |config| { super::built(config) };
    a_kept_answer_is_the_stacks_answer_header_for_header,
    a_kept_company_page_is_the_stacks_answer_header_for_header,
    what_is_not_kept_or_not_plain_goes_through_the_stack,
);

// The same, with the answers that exist only for speed turned off.
on_both_engines!(configured |config| {
        super::built(config);
        config.fast_paths = false;
    };
    with_the_fast_paths_off_every_request_goes_through_the_stack,
);

fn built(config: &mut jobportal::config::Config) {
    std::fs::create_dir_all(config.web_dir.join("assets")).unwrap();
    std::fs::write(config.web_dir.join("index.html"), crate::job_cache::built_index()).unwrap();
    std::fs::write(config.web_dir.join("assets").join(ASSET), script()).unwrap();
    config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
}

const ASSET: &str = "index-BrXMUVW3.js";

fn script() -> String {
    (0..200).map(|line| format!("export const value{line} = {{ line: {line}, text: 'jobportal' }};\n")).collect()
}

/// A request's answer: its status, its headers but `date` (in order, as sent) and its bytes as
/// sent (undecoded).
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

async fn fetch(app: &TestApp, path: &str, encoding: Option<&str>, https: bool) -> Answer {
    let mut request = app.client.get(app.url(path)).header("x-request-id", "kept-answer-test");
    if let Some(encoding) = encoding {
        request = request.header("accept-encoding", encoding);
    }
    if https {
        request = request.header("x-forwarded-proto", "https");
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let mut headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .filter(|(name, _)| *name != "date")
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string()))
        .collect();
    headers.sort();
    Answer { status, headers, body: response.bytes().await.unwrap().to_vec() }
}

/// How many requests this server answered before the stack.
fn before_stack(app: &TestApp) -> u64 {
    app.state.before_stack.load(std::sync::atomic::Ordering::Relaxed)
}

fn header<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer.headers.iter().find(|(header, _)| header == name).map(|(_, value)| value.as_str())
}

async fn a_kept_answer_is_the_stacks_answer_header_for_header(app: &TestApp) {
    answers_match_the_stacks(app, true).await;
}

/// A company's page is drawn through the stack after each change, then sent before it, alike.
async fn a_kept_company_page_is_the_stacks_answer_header_for_header(app: &TestApp) {
    let recruiter = app.account("Recruiter", "kept-company@example.com").await;
    app.post_job_as(&recruiter, "Kept Company Engineer", 2, &day(30)).await;
    let path = "/company/ada-lovelace";
    let mut version = 0;
    for encoding in [None, Some("gzip"), Some("br"), Some("gzip, deflate, br, zstd")] {
        for https in [false, true] {
            version += 1;
            let about = format!("Version {version} of the profile.");
            let profile = serde_json::json!({ "name": "Ada Lovelace", "about": about });
            assert_eq!(app.put_as("/api/v1/company", &recruiter, &profile).await.0, 200);
            let before = before_stack(app);
            let stack = fetch(app, path, encoding, https).await;
            assert_eq!(before_stack(app), before, "changed: drawn again through the stack");
            let kept = fetch(app, path, encoding, https).await;
            assert_eq!(before_stack(app), before + 1, "then answered from memory");
            assert_eq!(kept, stack, "accept-encoding {encoding:?}, https {https}");
            assert_eq!(kept.status, 200);
            if encoding.is_none() {
                assert!(String::from_utf8_lossy(&stack.body).contains(&about), "the profile as it is now");
            }
        }
    }
}

async fn with_the_fast_paths_off_every_request_goes_through_the_stack(app: &TestApp) {
    answers_match_the_stacks(app, false).await;
    assert_eq!(before_stack(app), 0, "nothing was answered before the stack");
}

/// Each kind of request a kept answer may serve, in every encoding and over HTTPS, gets the answer
/// the stack gives it: before the stack when `fast`, through it when not.
async fn answers_match_the_stacks(app: &TestApp, fast: bool) {
    let recruiter = app.account("Recruiter", "kept@example.com").await;
    let job = app.post_job_as(&recruiter, "Kept Answers Engineer", 2, &day(30)).await;
    let paths =
        [format!("/job/{job}"), format!("/api/v1/jobs/getJob/{job}"), format!("/assets/{ASSET}"), "/about".into()];
    let sent_before = u64::from(fast);
    for encoding in [None, Some("gzip"), Some("br"), Some("gzip, deflate, br, zstd")] {
        for https in [false, true] {
            for path in &paths {
                // A query sends a request through the stack (the first read keeps the job).
                let before = before_stack(app);
                let stack = fetch(app, &format!("{path}?via=stack"), encoding, https).await;
                assert_eq!(before_stack(app), before, "{path}: a request with a query goes through the stack");
                let kept = fetch(app, path, encoding, https).await;
                assert_eq!(before_stack(app), before + sent_before, "{path}: answered from memory when fast");
                assert_eq!(kept, stack, "{path}, accept-encoding {encoding:?}, https {https}");
                if path.contains("job") {
                    // Not kept: read, then answered before the stack all the same.
                    app.parts.listings.cache.forget([job.as_str()]);
                    let read = fetch(app, path, encoding, https).await;
                    assert_eq!(before_stack(app), before + 2 * sent_before, "{path}: read and answered");
                    assert_eq!(read, stack, "{path} read, accept-encoding {encoding:?}, https {https}");
                }
                assert_eq!(kept.status, 200, "{path}");
                assert_eq!(header(&kept, "x-request-id"), Some("kept-answer-test"));
                assert_eq!(header(&kept, "strict-transport-security").is_some(), https, "{path}");
                // A job's answers go in gzip when the client takes it (at a first read's effort
                // gzip is the smaller); a script and a fixed page in brotli when it takes that.
                let job = path.contains("job");
                let best = encoding.map(|encoding| {
                    let gzip_first = job && encoding.contains("gzip");
                    if encoding.contains("br") && !gzip_first { "br" } else { "gzip" }
                });
                assert_eq!(header(&kept, "content-encoding"), best, "{path}, accept-encoding {encoding:?}");
            }
        }
    }
    let page = fetch(app, &format!("/job/{job}"), None, false).await;
    assert_eq!(header(&page, "cache-control"), Some("no-cache"));
    assert_eq!(header(&page, "content-type"), Some("text/html; charset=utf-8"));
    assert!(header(&page, "content-security-policy").is_some_and(|policy| policy.starts_with("default-src 'self'")));
    let asset = fetch(app, &format!("/assets/{ASSET}"), Some("br"), false).await;
    assert_eq!(header(&asset, "cache-control"), Some("public, max-age=31536000, immutable"));
    let api = fetch(app, &format!("/api/v1/jobs/getJob/{job}"), None, false).await;
    assert_eq!(header(&api, "content-security-policy"), Some("default-src 'none'; frame-ancestors 'none'"));
    assert_eq!(header(&api, "cache-control"), None);

    // Without an id of its own, a request is given a new one.
    let before = before_stack(app);
    let response = app.client.get(app.url("/about")).send().await.unwrap();
    assert_eq!(before_stack(app), before + sent_before);
    let id = response.headers()["x-request-id"].to_str().unwrap();
    assert_eq!(uuid::Uuid::parse_str(id).unwrap().get_version_num(), 7, "{id}");

    // A deleted job's kept page is its 410, from memory as through the stack.
    let (status, body) = app.delete_as(&format!("/api/v1/jobs/deleteJob/{job}"), &recruiter).await;
    assert_eq!(status, 200, "{body}");
    let stack = fetch(app, &format!("/job/{job}?via=stack"), Some("br"), false).await;
    let before = before_stack(app);
    let kept = fetch(app, &format!("/job/{job}"), Some("br"), false).await;
    assert_eq!(before_stack(app), before + sent_before);
    assert_eq!((kept.status, &kept), (410, &stack));
}

async fn what_is_not_kept_or_not_plain_goes_through_the_stack(app: &TestApp) {
    let recruiter = app.account("Recruiter", "stack@example.com").await;
    let job = app.post_job_as(&recruiter, "Stack Engineer", 2, &day(30)).await;
    let before = before_stack(app);
    // Not kept yet: read, kept, and both answered before the stack.
    assert_eq!(fetch(app, &format!("/job/{job}"), None, false).await.status, 200);
    assert_eq!(fetch(app, &format!("/api/v1/jobs/getJob/{job}"), None, false).await.status, 200);
    assert_eq!(before_stack(app), before + 2);
    let before = before_stack(app);
    // An id no job has, a path the stack trims, a method but GET, a weight of zero, and a file not
    // kept.
    assert_eq!(fetch(app, "/job/no-such-job", None, false).await.status, 404);
    assert_eq!(fetch(app, &format!("/job/{job}/"), None, false).await.status, 200);
    assert_eq!(fetch(app, "/about/", None, false).await.status, 200);
    let head = app.client.head(app.url(&format!("/job/{job}"))).send().await.unwrap();
    assert_eq!(head.status(), 200);
    let refused = fetch(app, &format!("/api/v1/jobs/getJob/{job}"), Some("identity;q=0, br;q=0"), false).await;
    assert_eq!(refused.status, 406, "no encoding the client takes: the stack's answer");
    assert_eq!(fetch(app, "/assets/missing-123.js", None, false).await.status, 404);
    assert_eq!(before_stack(app), before, "none of these was answered before the stack");

    // A deleted job's `getJob` is the stack's error, kept or not.
    app.delete_as(&format!("/api/v1/jobs/deleteJob/{job}"), &recruiter).await;
    for _ in 0..2 {
        let (status, body) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
        assert_eq!(
            (status, body["message"].as_str(), body["removed"].as_bool()),
            (404, Some("Job not found"), Some(true))
        );
    }
    assert_eq!(before_stack(app), before);
    assert_eq!(fetch(app, &format!("/job/{job}"), None, false).await.status, 410);
    assert_eq!(before_stack(app), before + 1, "the page of a deleted job kept is sent from memory");
}
