//! Search through the index: freshness, typos, facets, filters and order, open-only as
//! applications fill a job, and an index rebuilt from the database.

use std::time::{Duration, Instant};

use jobportal::jobs::search::Search;
use serde_json::{Value, json};

use crate::helpers::{TestApp, day, new_job};
use crate::on_both_engines;

on_both_engines!(
    a_posted_job_is_found_at_once_and_a_direct_write_soon_after,
    a_typo_is_forgiven_and_the_answer_says_what_was_searched,
    facets_count_the_matches_per_category_and_job_type,
    facets_count_the_matches_per_work_mode_and_posting_date,
    matched_words_are_marked_in_titles,
    a_passed_deadline_closes_a_job_at_once_and_the_sweep_re_indexes_it,
    the_sweep_closes_every_job_of_a_deadline_many_share,
    filters_by_posting_date_and_sort_by_newest,
    open_only_leaves_out_a_job_once_its_last_place_is_taken,
    an_index_is_rebuilt_from_the_database,
    an_index_that_has_not_applied_a_change_reports_how_long_it_waited,
    a_job_its_recruiter_closes_leaves_open_searches_until_reopened,
    work_mode_and_salary_range_filter_through_the_index,
    a_category_page_lists_what_the_category_search_on_jobs_finds,
    jobs_for_you_recommend_what_the_search_for_the_skill_on_jobs_finds,
    a_newest_first_page_is_the_newest_matches_across_index_segments,
    a_search_answer_is_compressed_for_a_client_that_takes_brotli_or_gzip,
);

on_both_engines!(
    configured |config| { config.search_index = false; };
    with_the_index_off_the_database_answers_every_search,
    without_the_index_a_closed_job_leaves_open_searches_until_reopened,
    work_mode_and_salary_range_filter_through_the_database,
    without_the_index_a_category_page_lists_what_the_category_search_on_jobs_finds,
);

on_both_engines!(an_index_killed_while_it_is_built_or_followed_recovers_on_the_next_start);

const PASSWORD: &str = "correct horse battery";

async fn recruiter(app: &TestApp, email: &str) -> String {
    app.sign_up("Recruiter", email, PASSWORD).await;
    app.log_in(email, PASSWORD).await
}

fn form(category: &str, title: &str, job_type: &str, posted: &str, max_applicants: i64) -> Value {
    json!({
        "title": title, "company": "Acme", "description": "Work with a friendly team.",
        "maxApplicants": max_applicants, "maxPositions": 1, "dateOfPosting": posted, "deadline": day(60),
        "skillsets": ["teamwork"], "jobType": job_type, "salary": 50000, "categoryName": category, "location": "Pune",
    })
}

async fn post(app: &TestApp, token: &str, body: &Value) -> String {
    let (status, created) = app.post_as("/api/v1/jobs/createJob", token, body).await;
    assert_eq!(status, 201, "{created}");
    created["data"]["_id"].as_str().unwrap().to_string()
}

fn titles(body: &Value) -> Vec<&str> {
    body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect()
}

async fn a_posted_job_is_found_at_once_and_a_direct_write_soon_after(app: &TestApp) {
    let token = recruiter(app, "fresh@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "Kotlin Developer", "Full-time", &day(-30), 5)).await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=kotlin").await;
    assert_eq!(titles(&body), ["Kotlin Developer"], "the writer finds its job in its next search");

    // A job written by another instance (here: straight into the database) arrives by the log.
    let recruiter_id = app.recruiter().await;
    jobportal::jobs::repo::insert(&app.db, &new_job(&recruiter_id, &category, "Elixir Developer")).await.unwrap();
    let started = Instant::now();
    loop {
        let (_, body) = app.get("/api/v1/jobs/alljobs?q=elixir").await;
        if body["total"] == 1 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the change log was not applied: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_typo_is_forgiven_and_the_answer_says_what_was_searched(app: &TestApp) {
    let token = recruiter(app, "typo@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "Data Analyst", "Full-time", &day(-30), 5)).await;
    post(app, &token, &form(&category, "Backend Engineer", "Full-time", &day(-30), 5)).await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=data%20analyts").await;
    assert_eq!((titles(&body), &body["correctedQuery"]), (vec!["Data Analyst"], &json!("data analyst")));
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=enginer").await;
    assert_eq!(
        (titles(&body), &body["correctedQuery"]),
        (vec!["Backend Engineer"], &json!("engineer")),
        "a misspelling that shares the stem is named too, spelt as the job spells it"
    );
    let (_, exact) = app.get("/api/v1/jobs/alljobs?q=analyst").await;
    assert!(exact.get("correctedQuery").is_none(), "{exact}");
    let (_, none) = app.get("/api/v1/jobs/alljobs?q=qwertyuiop").await;
    assert_eq!((none["total"].clone(), none.get("correctedQuery")), (json!(0), None));
    // "Search instead for ...": the words as typed, corrected by nothing.
    let (_, as_typed) = app.get("/api/v1/jobs/alljobs?q=data%20analyts&asTyped=true").await;
    assert_eq!((as_typed["total"].clone(), as_typed.get("correctedQuery")), (json!(0), None), "{as_typed}");
    assert_eq!(app.get("/api/v1/jobs/alljobs?q=x&asTyped=maybe").await.1["message"], "asTyped must be true or false");
}

async fn facets_count_the_matches_per_category_and_job_type(app: &TestApp) {
    let token = recruiter(app, "facets@example.com").await;
    let engineering = app.category_id("Engineering").await;
    let marketing = app.category_id("Marketing").await;
    post(app, &token, &form(&engineering, "Rust Developer", "Full-time", &day(-30), 5)).await;
    post(app, &token, &form(&engineering, "Rust Intern", "Internship", &day(-30), 5)).await;
    post(app, &token, &form(&marketing, "Rust Evangelist", "Part-time", &day(-30), 5)).await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=rust").await;
    assert_eq!((&body["total"], &body["totalExact"]), (&json!(3), &json!(true)), "few matches are counted exactly");
    assert_eq!(
        body["facets"],
        json!({
            "exact": true,
            "categories": { engineering.clone(): 2, marketing: 1 },
            "jobTypes": { "Full-time": 1, "Internship": 1, "Part-time": 1 },
            "workModes": { "On-site": 3 },
            "postedWithin": { "1": 0, "7": 0, "30": 0 },
        })
    );
    let (_, filtered) = app.get(&format!("/api/v1/jobs/alljobs?q=rust&category={engineering}")).await;
    assert_eq!(filtered["facets"]["jobTypes"], json!({ "Full-time": 1, "Internship": 1 }), "counts follow the filters");
    let (_, interns) = app.get("/api/v1/jobs/alljobs?q=rust&jobType=Internship").await;
    assert_eq!(
        (interns["total"].clone(), interns["facets"].clone()),
        (
            json!(1),
            json!({
                "exact": true,
                "categories": { engineering: 1 },
                "jobTypes": { "Full-time": 1, "Internship": 1, "Part-time": 1 },
                "workModes": { "On-site": 1 },
                "postedWithin": { "1": 0, "7": 0, "30": 0 },
            })
        ),
        "a facet leaves out its own filter: what choosing one more job type would add"
    );
}

async fn facets_count_the_matches_per_work_mode_and_posting_date(app: &TestApp) {
    let token = recruiter(app, "more-facets@example.com").await;
    let category = app.category_id("Engineering").await;
    // Midnight today is within the last day, three days ago within a week, ten within a month.
    for (title, mode, posted) in [
        ("Heron Today", "Remote", day(0)),
        ("Heron This Week", "Hybrid", day(-3)),
        ("Heron This Month", "Remote", day(-10)),
        ("Heron Long Ago", "On-site", day(-40)),
    ] {
        let mut body = form(&category, title, "Full-time", &posted, 5);
        body["workMode"] = json!(mode);
        post(app, &token, &body).await;
    }
    post(app, &token, &form(&category, "Egret Today", "Full-time", &day(0), 5)).await;
    let facets = |query: &'static str| async move {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?q=heron{query}")).await;
        assert_eq!(status, 200, "{body}");
        (body["total"].clone(), body["facets"]["workModes"].clone(), body["facets"]["postedWithin"].clone())
    };
    assert_eq!(
        facets("").await,
        (json!(4), json!({ "Hybrid": 1, "On-site": 1, "Remote": 2 }), json!({ "1": 1, "7": 2, "30": 3 }))
    );
    assert_eq!(
        facets("&workMode=Remote").await,
        (json!(2), json!({ "Hybrid": 1, "On-site": 1, "Remote": 2 }), json!({ "1": 1, "7": 1, "30": 2 })),
        "the work-mode counts leave out the work-mode filter; the posting dates keep it"
    );
    assert_eq!(
        facets("&postedWithin=7").await,
        (json!(2), json!({ "Hybrid": 1, "Remote": 1 }), json!({ "1": 1, "7": 2, "30": 3 })),
        "the posted-within counts leave out the posted-within filter; the work modes keep it"
    );
    assert_eq!(
        facets("&postedWithin=14&workMode=On-site").await,
        (json!(0), json!({ "Hybrid": 1, "Remote": 2 }), json!({ "1": 0, "7": 0, "14": 0, "30": 0 })),
        "a number of days other than the choices is counted too"
    );

    // Each count is the total that choosing it instead gives, through the index and the database.
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=heron&workMode=Hybrid&postedWithin=30").await;
    for (facet, value, choice) in [
        ("workModes", "On-site", "workMode=On-site&postedWithin=30"),
        ("workModes", "Hybrid", "workMode=Hybrid&postedWithin=30"),
        ("workModes", "Remote", "workMode=Remote&postedWithin=30"),
        ("postedWithin", "1", "workMode=Hybrid&postedWithin=1"),
        ("postedWithin", "7", "workMode=Hybrid&postedWithin=7"),
        ("postedWithin", "30", "workMode=Hybrid&postedWithin=30"),
    ] {
        let count = body["facets"][facet][value].as_i64().unwrap_or(0);
        let query = format!("q=heron&{choice}");
        let (_, chosen) = app.get(&format!("/api/v1/jobs/alljobs?{query}")).await;
        let search = jobportal::jobs::search::JobSearch::parse(Some(&query)).unwrap();
        let (_, in_database, _) = jobportal::jobs::search::repo::database::search(&app.db, &search).await.unwrap();
        assert_eq!((chosen["total"].as_i64().unwrap(), in_database), (count, count), "{query}: {body}");
    }
}

async fn matched_words_are_marked_in_titles(app: &TestApp) {
    let token = recruiter(app, "marks@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "🚀 Senior Engineer, Engineering", "Full-time", &day(-30), 5)).await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=engineers%20sen").await;
    assert_eq!(body["data"][0]["titleMatches"], json!([[3, 9], [10, 18], [20, 31]]), "{body}");
    let (_, browsing) = app.get("/api/v1/jobs/alljobs").await;
    assert!(browsing["data"][0].get("titleMatches").is_none(), "no words, nothing marked: {browsing}");
}

async fn filters_by_posting_date_and_sort_by_newest(app: &TestApp) {
    let token = recruiter(app, "dates@example.com").await;
    let category = app.category_id("Engineering").await;
    let today = time::OffsetDateTime::now_utc().date();
    let recent = today.previous_day().unwrap().to_string();
    post(app, &token, &form(&category, "Rust Developer", "Full-time", &day(-400), 5)).await;
    post(app, &token, &form(&category, "Senior Developer for the Rust team", "Full-time", &recent, 5)).await;
    let (_, week) = app.get("/api/v1/jobs/alljobs?q=rust&postedWithin=7").await;
    assert_eq!(titles(&week), ["Senior Developer for the Rust team"]);
    let (_, best) = app.get("/api/v1/jobs/alljobs?q=rust").await;
    assert_eq!(titles(&best), ["Rust Developer", "Senior Developer for the Rust team"], "the better match first");
    let (_, newest) = app.get("/api/v1/jobs/alljobs?q=rust&sort=newest").await;
    assert_eq!(titles(&newest), ["Senior Developer for the Rust team", "Rust Developer"], "the later posting first");
    assert_eq!(
        app.get("/api/v1/jobs/alljobs?sort=oldest").await,
        (400, json!({ "success": false, "message": "sort must be relevance or newest" }))
    );
}

async fn open_only_leaves_out_a_job_once_its_last_place_is_taken(app: &TestApp) {
    let token = recruiter(app, "full@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = post(app, &token, &form(&category, "Solo Role", "Full-time", &day(-30), 1)).await;
    let (_, open) = app.get("/api/v1/jobs/alljobs?q=solo&openOnly=true").await;
    assert_eq!(open["total"], 1);

    app.sign_up("Applicant", "taker@example.com", PASSWORD).await;
    let applicant = app.log_in("taker@example.com", PASSWORD).await;
    let sop = json!({ "sop": "I have five years of experience and would love to help build your platform." });
    let (status, body) = app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &sop).await;
    assert_eq!(status, 201, "{body}");
    let (_, open) = app.get("/api/v1/jobs/alljobs?q=solo&openOnly=true").await;
    assert_eq!(open["total"], 0, "full: not open any more");
    let (_, all) = app.get("/api/v1/jobs/alljobs?q=solo").await;
    assert_eq!((all["total"].clone(), all["data"][0]["applicationsCount"].clone()), (json!(1), json!(1)));
}

async fn an_index_is_rebuilt_from_the_database(app: &TestApp) {
    let token = recruiter(app, "rebuild@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "Scala Developer", "Full-time", &day(-30), 5)).await;
    let gone = post(app, &token, &form(&category, "Scala Lead", "Full-time", &day(-30), 5)).await;
    let deleted = app.client.delete(app.url(&format!("/api/v1/jobs/deleteJob/{gone}"))).bearer_auth(&token).send();
    assert_eq!(deleted.await.unwrap().status(), 200);

    // A new folder, as after the index was deleted: it is built from the jobs table alone.
    let dir = crate::helpers::scratch_dir().join("index");
    let index = Search::open(&dir).unwrap();
    assert!(!index.is_ready(), "a new index must be built first");
    index.rebuild(&app.db).await.unwrap();
    assert!(index.is_ready());
    assert_eq!(index.index.len(), 1, "the deleted job is not indexed");
    let query =
        jobportal::jobs::search::index::IndexQuery { words: vec!["scala".into()], limit: 10, ..Default::default() };
    assert_eq!(index.index.search(&query).unwrap().total, 1);
    drop(index);
    let reopened = Search::open(&dir).unwrap();
    assert!(reopened.is_ready(), "a built index with its cursor opens ready");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reindex_command_builds_the_index_but_not_under_a_running_server() {
    let app = TestApp::sqlite(|_| {}).await;
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    app.job(&recruiter, &category, "Haskell Developer").await;
    let reindex = |data_dir: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_jobportal"))
            .arg("reindex")
            .env("DATA_DIR", data_dir)
            .env("RUST_LOG", "off")
            .output()
            .expect("the binary runs")
    };
    let refused = reindex(&app.config.data_dir);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .starts_with("jobportal: cannot open the search index in INDEX_DIR (is a server running?)"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    let data_dir = app.config.data_dir.clone();
    let keep = crate::helpers::scratch_dir();
    // The database as the server left it: its file with the write-ahead log beside it.
    for file in ["jobportal.db", "jobportal.db-wal", "jobportal.db-shm"] {
        if data_dir.join(file).exists() {
            std::fs::copy(data_dir.join(file), keep.join(file)).unwrap();
        }
    }
    app.stop().await;
    let built = reindex(&keep);
    assert_eq!(built.status.code(), Some(0), "{}", String::from_utf8_lossy(&built.stderr));
    assert_eq!(String::from_utf8_lossy(&built.stdout), "indexed 1 jobs\n");
    let _ = std::fs::remove_dir_all(keep);
}

async fn with_the_index_off_the_database_answers_every_search(app: &TestApp) {
    assert_eq!(
        app.get("/readyz").await,
        (200, json!({ "success": true, "message": "ready", "searchIndex": "off" })),
        "the operator sees that searches skip the index"
    );
    let token = recruiter(app, "database@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "Backend Engineer", "Full-time", &day(-30), 5)).await;
    post(app, &token, &form(&category, "Data Analyst", "Internship", &day(-29), 5)).await;
    let (status, body) = app.get("/api/v1/jobs/alljobs?q=engineers").await;
    assert_eq!((status, titles(&body), body["total"].clone()), (200, vec!["Backend Engineer"], json!(1)));
    assert!(body.get("facets").is_none() && body["data"][0].get("titleMatches").is_none(), "{body}");
    let (_, interns) = app.get("/api/v1/jobs/alljobs?jobType=Internship&openOnly=true").await;
    assert_eq!(titles(&interns), ["Data Analyst"]);
    assert!(!app.config.index_dir.exists(), "no index is kept");
}

/// A second server process on the same database, with its own data and index folders.
struct Instance {
    process: std::process::Child,
    base: String,
}

impl Instance {
    fn start(app: &TestApp, data_dir: &std::path::Path) -> Self {
        let port = crate::helpers::free_port();
        let (jobportal::config::DatabaseUrl::Sqlite(url) | jobportal::config::DatabaseUrl::Postgres(url)) =
            &app.config.database;
        let process = std::process::Command::new(env!("CARGO_BIN_EXE_jobportal"))
            .env("DATA_DIR", data_dir)
            .env("DATABASE_URL", url)
            .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "off")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary starts");
        Self { process, base: format!("http://127.0.0.1:{port}") }
    }

    async fn get(&self, path: &str) -> Option<Value> {
        let response = reqwest::get(format!("{}{path}", self.base)).await.ok()?;
        response.json().await.ok()
    }

    /// Polls readiness until the index reports `status`.
    async fn wait_for(&self, status: &str) {
        let started = Instant::now();
        loop {
            if let Some(body) = self.get("/readyz").await
                && body["searchIndex"] == status
            {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "the index never reported {status}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown, nothing flushed.
    fn kill(self) {}
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

async fn an_index_killed_while_it_is_built_or_followed_recovers_on_the_next_start(app: &TestApp) {
    jobportal::ops::bench_data::seed(&app.db, 2, 20_000).await.unwrap();
    let data_dir = crate::helpers::scratch_dir();
    let counted = |body: Option<Value>| body.map(|body| body["total"].clone());

    // Killed in the middle of the first build: the next start builds it again, whole.
    let building = Instance::start(app, &data_dir);
    building.wait_for("building").await;
    building.kill();
    let restarted = Instance::start(app, &data_dir);
    restarted.wait_for("ready").await;
    assert_eq!(counted(restarted.get("/api/v1/jobs/alljobs?limit=1").await), Some(json!(20_000)));

    // Killed while it follows the change log: the changes made while it was down are applied
    // from the saved cursor on the next start, none twice and none lost.
    restarted.kill();
    let token = recruiter(app, "kill@example.com").await;
    let category = app.category_id("Engineering").await;
    post(app, &token, &form(&category, "Zygote Engineer", "Full-time", &day(-30), 5)).await;
    let (_, newest) = app.get("/api/v1/jobs/alljobs?limit=2").await;
    let gone = newest["data"][1]["_id"].as_str().unwrap().to_string();
    app.delete_job_directly(&gone).await;
    let again = Instance::start(app, &data_dir);
    again.wait_for("ready").await;
    let started = Instant::now();
    loop {
        let found = again.get("/api/v1/jobs/alljobs?q=zygote").await.map(|body| titles(&body).join(","));
        let total = counted(again.get("/api/v1/jobs/alljobs?limit=1").await);
        if found.as_deref() == Some("Zygote Engineer") && total == Some(json!(20_000)) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{found:?} {total:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Few enough matches to be counted exactly by both (past 1,000 each estimates from its own
    // segments).
    let narrow = "/api/v1/jobs/alljobs?q=senior&jobType=Internship&limit=1";
    let (_, in_process) = app.get(narrow).await;
    assert_eq!(in_process["totalExact"], json!(true), "{in_process}");
    assert!(in_process["total"].as_i64().is_some_and(|total| total > 0), "{in_process}");
    assert_eq!(
        counted(again.get(narrow).await),
        Some(in_process["total"].clone()),
        "the recovered index counts what the in-process index counts"
    );
    again.kill();
    let _ = std::fs::remove_dir_all(data_dir);
}

async fn a_passed_deadline_closes_a_job_at_once_and_the_sweep_re_indexes_it(app: &TestApp) {
    use jobportal::jobs::search::index::IndexQuery;
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter, &category, "Sweep Tester").await;
    let deadline = jobportal::db::now_millis() + 60_000;
    const SQL: &str = "UPDATE jobs SET deadline = $1 WHERE id = $2";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(SQL).bind(deadline).bind(&job.id).execute(pool).await.map(|_| ()))
        .unwrap();
    app.sync_index().await;
    let (_, open) = app.get("/api/v1/jobs/alljobs?q=sweep&openOnly=true").await;
    assert_eq!(titles(&open), ["Sweep Tester"]);

    // Searched as of a moment: after the deadline the job is closed at once, though its document
    // still carries the open mark; as of just before the deadline it carries the mark until the
    // sweep (run here as of after the deadline, instead of waiting for it) re-indexes it.
    let open_as_of = |at: i64| {
        let query = IndexQuery { words: vec!["sweep".into()], open_at: Some(at), limit: 10, ..IndexQuery::default() };
        app.search.index.search(&query).unwrap().total
    };
    assert_eq!((open_as_of(deadline - 1), open_as_of(deadline)), (1, 0), "closed the moment its deadline passes");
    app.search.sweep(&app.db, deadline + 1).await;
    assert_eq!(open_as_of(deadline - 1), 0, "the sweep re-indexed the job as closed");
}

async fn the_sweep_closes_every_job_of_a_deadline_many_share(app: &TestApp) {
    use jobportal::jobs::search::index::IndexQuery;
    // More jobs than one sweep batch (1,000), all closing at the same moment (a day's end).
    jobportal::ops::bench_data::seed(&app.db, 1, 1_500).await.unwrap();
    let deadline = jobportal::db::now_millis() + 60 * 60 * 1000;
    const SQL: &str = "UPDATE jobs SET deadline = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(SQL).bind(deadline).execute(pool).await.map(|_| ())).unwrap();
    app.sync_index().await;
    let open_as_of_before = || {
        let query = IndexQuery { open_at: Some(deadline - 1), limit: 1, ..IndexQuery::default() };
        app.search.index.search(&query).unwrap().total
    };
    assert_eq!(open_as_of_before(), 1_500);
    app.search.sweep(&app.db, deadline + 100).await;
    assert_eq!(open_as_of_before(), 0, "every job of the shared deadline was re-indexed as closed");
}

async fn a_job_its_recruiter_closes_leaves_open_searches_until_reopened(app: &TestApp) {
    closing_and_reopening_is_seen_by_open_searches(app, "indexed@example.com").await;
}

async fn without_the_index_a_closed_job_leaves_open_searches_until_reopened(app: &TestApp) {
    closing_and_reopening_is_seen_by_open_searches(app, "unindexed@example.com").await;
}

async fn closing_and_reopening_is_seen_by_open_searches(app: &TestApp, email: &str) {
    let token = recruiter(app, email).await;
    let category = app.category_id("Engineering").await;
    let job = post(app, &token, &form(&category, "Pausable Role", "Full-time", &day(-30), 5)).await;
    let put = |path: String| app.client.put(app.url(&path)).bearer_auth(&token).send();
    let open_total = || async { app.get("/api/v1/jobs/alljobs?q=pausable&openOnly=true").await.1["total"].clone() };
    assert_eq!(open_total().await, 1);

    assert_eq!(put(format!("/api/v1/jobs/closeJob/{job}")).await.unwrap().status(), 200);
    assert_eq!(open_total().await, 0, "closed: not open any more, at once");
    let (_, all) = app.get("/api/v1/jobs/alljobs?q=pausable").await;
    assert_eq!(all["total"], 1, "still listed");
    assert!(all["data"][0]["closedAt"].as_str().unwrap().ends_with('Z'), "{all}");

    assert_eq!(put(format!("/api/v1/jobs/reopenJob/{job}")).await.unwrap().status(), 200);
    assert_eq!(open_total().await, 1, "open again");
    assert_eq!(app.get("/api/v1/jobs/alljobs?q=pausable").await.1["data"][0]["closedAt"], Value::Null);
}

async fn work_mode_and_salary_range_filter_through_the_index(app: &TestApp) {
    work_mode_and_salary_range_filter(app, "modes-indexed@example.com").await;
}

async fn work_mode_and_salary_range_filter_through_the_database(app: &TestApp) {
    work_mode_and_salary_range_filter(app, "modes-unindexed@example.com").await;
}

async fn work_mode_and_salary_range_filter(app: &TestApp, email: &str) {
    let token = recruiter(app, email).await;
    let category = app.category_id("Engineering").await;
    for (title, salary, top, mode) in [
        ("Pelican Onsite", 50_000, None, "On-site"),
        ("Pelican Hybrid", 40_000, Some(95_000), "Hybrid"),
        ("Pelican Remote", 60_000, Some(70_000), "Remote"),
    ] {
        let mut body = form(&category, title, "Full-time", &day(-30), 5);
        body["salary"] = json!(salary);
        if let Some(top) = top {
            body["salaryMax"] = json!(top);
        }
        body["workMode"] = json!(mode);
        post(app, &token, &body).await;
    }
    let found = |query: &'static str| async move {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?q=pelican&{query}")).await;
        assert_eq!(status, 200, "{body}");
        let mut titles: Vec<String> = titles(&body).into_iter().map(str::to_owned).collect();
        titles.sort();
        titles
    };
    assert_eq!(found("workMode=Remote").await, ["Pelican Remote"]);
    assert_eq!(found("workMode=Remote&workMode=hybrid").await, ["Pelican Hybrid", "Pelican Remote"]);
    assert_eq!(found("workMode=On-site").await, ["Pelican Onsite"], "jobs posted without a mode are on-site");
    assert_eq!(found("salaryMin=65000").await, ["Pelican Hybrid", "Pelican Remote"], "the top of a range reaches it");
    assert_eq!(found("salaryMin=90000&workMode=Hybrid").await, ["Pelican Hybrid"]);
    assert_eq!(found("salaryMin=96000").await, Vec::<String>::new());
    assert_eq!(
        app.get("/api/v1/jobs/alljobs?workMode=Moon").await,
        (400, json!({ "success": false, "message": "workMode must be On-site, Hybrid or Remote" }))
    );
}

async fn an_index_that_has_not_applied_a_change_reports_how_long_it_waited(app: &TestApp) {
    // An index of this test's own, which no task follows: it applies the log only when told.
    let dir = crate::helpers::scratch_dir();
    let index = Search::open(&dir).unwrap();
    assert_eq!(index.lag(&app.db).await.unwrap(), 0, "not built: nothing to lag");
    index.rebuild(&app.db).await.unwrap();
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    jobportal::jobs::repo::insert(&app.db, &new_job(&recruiter, &category, "Lagging Role")).await.unwrap();
    // As if the change had been logged ten seconds ago (the database's clock stamped it).
    const AGED: &str = "UPDATE job_changes SET at = at - 10000";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(AGED).execute(pool).await.map(|_| ())).unwrap();
    let lag = index.lag(&app.db).await.unwrap();
    assert!((10_000..11_000).contains(&lag), "the change has waited ten seconds: {lag}");
    assert!(lag > jobportal::routes::INDEX_LAG_LIMIT_MILLIS, "enough for /readyz to take the instance out");
    index.sync(&app.db).await;
    assert_eq!(index.lag(&app.db).await.unwrap(), 0, "applied: current");
    drop(index);
    let _ = std::fs::remove_dir_all(dir);
}

fn ids(jobs: &Value) -> Vec<String> {
    jobs.as_array().unwrap().iter().map(|job| job["_id"].as_str().unwrap().to_string()).collect()
}

async fn a_category_page_lists_what_the_category_search_on_jobs_finds(app: &TestApp) {
    category_page_and_search_agree(app, "category-indexed@example.com").await;
}

async fn without_the_index_a_category_page_lists_what_the_category_search_on_jobs_finds(app: &TestApp) {
    category_page_and_search_agree(app, "category-unindexed@example.com").await;
}

/// One search module: a category's page (`categoryPageDetails`) lists what /jobs finds for the
/// category newest first, a closed job among them and another category's job not.
async fn category_page_and_search_agree(app: &TestApp, email: &str) {
    let token = recruiter(app, email).await;
    let (engineering, sales) = (app.category_id("Engineering").await, app.category_id("Sales").await);
    for n in 1..=4 {
        post(app, &token, &form(&engineering, &format!("Engineer {n}"), "Full-time", &day(-10 + n), 5)).await;
    }
    let closed = post(app, &token, &form(&engineering, "Closed Engineer", "Full-time", &day(-1), 5)).await;
    let put = app.client.put(app.url(&format!("/api/v1/jobs/closeJob/{closed}"))).bearer_auth(&token);
    assert_eq!(put.send().await.unwrap().status(), 200);
    post(app, &token, &form(&sales, "Seller", "Full-time", &day(-1), 5)).await;

    let (status, page) = app.post_json(&format!("/api/v1/jobs/categoryPageDetails/{engineering}"), &json!({})).await;
    assert_eq!(status, 200, "{page}");
    let (_, found) = app.get(&format!("/api/v1/jobs/alljobs?category={engineering}&sort=newest&limit=100")).await;
    let listed = ids(&page["selectedCategory"]["jobs"]);
    assert_eq!(listed, ids(&found["data"]));
    assert_eq!(
        titles(&json!({ "data": page["selectedCategory"]["jobs"] })),
        ["Closed Engineer", "Engineer 4", "Engineer 3", "Engineer 2", "Engineer 1"]
    );
}

/// One search module: the jobs recommended for a skill are the open jobs /jobs finds for it,
/// whether it is in their skills, title or description, less those applied to.
async fn jobs_for_you_recommend_what_the_search_for_the_skill_on_jobs_finds(app: &TestApp) {
    let token = recruiter(app, "for-you-agree@example.com").await;
    let category = app.category_id("Engineering").await;
    let mut in_skills = form(&category, "Platform Engineer", "Full-time", &day(-3), 5);
    in_skills["skillsets"] = json!(["Kubernetes", "go"]);
    let in_skills = post(app, &token, &in_skills).await;
    let in_title = post(app, &token, &form(&category, "Kubernetes Operator", "Full-time", &day(-2), 5)).await;
    let mut in_description = form(&category, "Site Reliability Engineer", "Full-time", &day(-1), 5);
    in_description["description"] = json!("You will run our kubernetes clusters.");
    let in_description = post(app, &token, &in_description).await;
    let applied = post(app, &token, &form(&category, "Kubernetes Admin", "Full-time", &day(-1), 5)).await;
    let closed = post(app, &token, &form(&category, "Kubernetes Lead", "Full-time", &day(-1), 5)).await;
    let put = app.client.put(app.url(&format!("/api/v1/jobs/closeJob/{closed}"))).bearer_auth(&token);
    assert_eq!(put.send().await.unwrap().status(), 200);
    post(app, &token, &form(&category, "Chef", "Full-time", &day(-1), 5)).await;

    app.sign_up("Applicant", "kube@example.com", PASSWORD).await;
    let seeker = app.log_in("kube@example.com", PASSWORD).await;
    let details = json!({ "firstName": "Kim", "lastName": "Lee", "skills": "Kubernetes", "profile": "" });
    assert_eq!(app.post_as("/api/v1/auth/updateUserDetails", &seeker, &details).await.0, 200);
    let sop = json!({ "sop": "I would love to run these clusters with your team." });
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{applied}"), &seeker, &sop).await.0, 201);

    let (_, found) = app.get("/api/v1/jobs/alljobs?q=kubernetes&openOnly=true").await;
    let mut searched = ids(&found["data"]);
    searched.retain(|id| *id != applied);
    searched.sort();
    let (status, mine) = app.get_as("/api/v1/jobs/forYou", &seeker).await;
    assert_eq!(status, 200, "{mine}");
    let mut recommended: Vec<String> =
        mine["data"].as_array().unwrap().iter().map(|item| item["job"]["_id"].as_str().unwrap().to_string()).collect();
    recommended.sort();
    let mut expected = vec![in_skills, in_title, in_description];
    expected.sort();
    assert_eq!((recommended, searched), (expected.clone(), expected));
}

/// Newest first reads each index segment's first matches only (segments keep their documents
/// newest first): jobs posted one at a time (a segment each) and edited (an old job's document
/// rewritten into the newest segment) still come in posting order, on every page.
async fn a_newest_first_page_is_the_newest_matches_across_index_segments(app: &TestApp) {
    let token = recruiter(app, "newest@example.com").await;
    let category = app.category_id("Engineering").await;
    let mut posted = Vec::new();
    for n in 1..=7 {
        posted.push(
            post(app, &token, &form(&category, &format!("Layered Role {n}"), "Full-time", &day(-20 + n), 5)).await,
        );
    }
    // The oldest job edited: its document moves to the newest segment, its place in the order does not.
    let edit = json!({ "maxApplicants": 6, "maxPositions": 1, "deadline": day(61) });
    let request = app.client.put(app.url(&format!("/api/v1/jobs/updateJob/{}", posted[0]))).bearer_auth(&token);
    let (status, body) = crate::helpers::status_and_json(request.json(&edit).send().await.unwrap()).await;
    assert_eq!(status, 200, "{body}");

    let mut pages = Vec::new();
    for page in 1..=3 {
        let (_, found) = app.get(&format!("/api/v1/jobs/alljobs?q=layered&sort=newest&limit=3&page={page}")).await;
        assert_eq!(found["total"], 7);
        pages.extend(titles(&found).into_iter().map(str::to_string));
    }
    assert_eq!(
        pages,
        [
            "Layered Role 7",
            "Layered Role 6",
            "Layered Role 5",
            "Layered Role 4",
            "Layered Role 3",
            "Layered Role 2",
            "Layered Role 1"
        ]
    );
    let (_, browsed) = app.get("/api/v1/jobs/alljobs?limit=2&page=2").await;
    assert_eq!(titles(&browsed), ["Layered Role 5", "Layered Role 4"], "without words, newest first too");
}

/// A JSON answer comes in brotli when the client takes it, else gzip, else as it is; each decodes
/// to the same answer.
async fn a_search_answer_is_compressed_for_a_client_that_takes_brotli_or_gzip(app: &TestApp) {
    let token = recruiter(app, "compressed@example.com").await;
    let category = app.category_id("Engineering").await;
    for n in 1..=5 {
        post(app, &token, &form(&category, &format!("Compressed Role {n}"), "Full-time", &day(-n), 5)).await;
    }
    let url = app.url("/api/v1/jobs/alljobs?q=compressed");
    let fetch = |encoding: &'static str| {
        let request = app.client.get(&url).header("Accept-Encoding", encoding);
        async move {
            let response = request.send().await.unwrap();
            let header = |name: &str| response.headers().get(name).map(|value| value.to_str().unwrap().to_string());
            let (coding, vary) = (header("content-encoding"), header("vary"));
            (coding, vary, response.bytes().await.unwrap().to_vec())
        }
    };
    let (coding, _, plain) = fetch("identity").await;
    assert_eq!(coding, None);
    let plain: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(plain["total"], 5);

    let (coding, vary, brotli) = fetch("gzip, deflate, br, zstd").await;
    assert_eq!(coding.as_deref(), Some("br"));
    assert!(vary.unwrap_or_default().to_lowercase().contains("accept-encoding"));
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), plain);

    let (coding, _, gzip) = fetch("gzip").await;
    assert_eq!(coding.as_deref(), Some("gzip"));
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), plain);
}
