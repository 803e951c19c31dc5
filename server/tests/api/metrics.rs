//! Metrics for operators (docs/operations.md#metrics): a Prometheus scrape on a listener of its
//! own, whose figures move with the traffic and the data.

use tokio::net::TcpListener;

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

on_both_engines!(a_scrape_shows_requests_by_route_and_the_figures_read_from_the_database);

/// Scrapes `/metrics` at `address`: the body's lines.
pub async fn scrape(app: &TestApp, address: &str) -> String {
    let response = app.client.get(format!("http://{address}/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/plain; version=0.0.4");
    response.text().await.unwrap()
}

/// The value of the sample `name` whose labels include every one of `labels` (0 when absent).
pub fn sample(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| line.split(['{', ' ']).next() == Some(name))
        .filter(|line| labels.iter().all(|label| line.contains(label)))
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// The recorder is the process's: the figures read at scrape time are set by whichever server is
/// scraped, so the two engines' runs of this test take turns.
pub static ONE_SCRAPER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn a_scrape_shows_requests_by_route_and_the_figures_read_from_the_database(app: &TestApp) {
    let _turn = ONE_SCRAPER.lock().await;
    jobportal::ops::metrics::install();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let served = tokio::spawn(jobportal::ops::metrics::serve(app.parts.clone(), listener, stopped));

    let recruiter = app.account("Recruiter", "watched@example.com").await;
    let job = app.post_job_as(&recruiter, "Observability Engineer", 1, &day(30)).await;
    let before = scrape(app, &address).await;
    let route = "route=\"/api/v1/jobs/getJob/{jobId}\"";
    let ok = ["method=\"GET\"", route, "status=\"200\""];
    let missing = ["method=\"GET\"", route, "status=\"404\""];
    for _ in 0..3 {
        assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.0, 200);
    }
    assert_eq!(app.get("/api/v1/jobs/getJob/no-such-job").await.0, 404);
    // A signup code waits in the outbox until the worker sends it.
    let (status, _) = app.send_otp("scraped@example.com").await;
    assert_eq!(status, 200);
    let after = scrape(app, &address).await;

    // Requests are counted by their route template (one series for every job), method and status.
    assert!(
        sample(&after, "jobportal_http_requests_total", &ok)
            >= sample(&before, "jobportal_http_requests_total", &ok) + 3.0,
        "{after}"
    );
    assert!(sample(&after, "jobportal_http_requests_total", &missing) >= 1.0);
    assert!(!after.contains(&format!("getJob/{job}")), "no series per job id");
    let count = |text: &str| sample(text, "jobportal_http_request_duration_seconds_count", &[route]);
    assert!(count(&after) >= count(&before) + 4.0);
    assert!(after.contains("jobportal_http_request_duration_seconds_bucket{"), "latency is a histogram");
    // The figures read when scraped.
    assert!(sample(&after, "jobportal_db_pool_connections", &[]) >= 1.0);
    assert!(after.lines().any(|line| line.starts_with("jobportal_db_pool_in_use ")));
    assert!(after.lines().any(|line| line.starts_with("jobportal_db_pool_acquire_seconds ")));
    assert!(after.lines().any(|line| line.starts_with("jobportal_outbox_unsent ")));
    assert!(after.lines().any(|line| line.starts_with("jobportal_outbox_oldest_unsent_seconds ")));
    assert_eq!(sample(&after, "jobportal_search_index_documents", &[]), 1.0);
    let newest = sample(&after, "jobportal_search_index_newest_change", &[]);
    assert!(newest >= 1.0, "{after}");
    assert_eq!(sample(&after, "jobportal_search_index_applied_change", &[]), newest);
    assert_eq!(sample(&after, "jobportal_search_index_lag_changes", &[]), 0.0);
    assert!(after.lines().any(|line| line.starts_with("jobportal_password_hash_waiting ")));
    assert!(sample(&after, "process_resident_memory_bytes", &[]) > 1_000_000.0);
    assert!(sample(&after, "process_open_files_limit", &[]) >= 1024.0, "{after}");
    assert!(after.lines().any(|line| line.starts_with("jobportal_connections_open ")), "{after}");
    // The job read three times is kept, with the bytes of its answer.
    assert_eq!(sample(&after, "jobportal_job_cache_jobs", &[]), 1.0);
    assert!(sample(&after, "jobportal_job_cache_bytes", &[]) > 512.0, "{after}");

    // An application: counted, with its one transaction and the time the writer spent on it.
    let applicant = app.account("Applicant", "counted@example.com").await;
    app.apply_as(&applicant, &job).await;
    let applied = scrape(app, &address).await;
    // (A counter only grows: the other engine's run of this test may have set it first.)
    for name in ["jobportal_applications_written_total", "jobportal_application_transactions_total"] {
        assert!(sample(&applied, name, &[]) >= 1.0, "{applied}");
    }
    assert_eq!(sample(&after, "jobportal_application_writer_busy_seconds", &[]), 0.0);
    let busy = sample(&applied, "jobportal_application_writer_busy_seconds", &[]);
    assert!(busy > 0.0 && busy < 10.0, "{applied}");

    // A job written straight into the database (as another instance would) is the index's lag
    // until this instance applies it.
    let category = app.category_id("Engineering").await;
    let recruiter_id = app.recruiter().await;
    let direct = crate::helpers::new_job(&recruiter_id, &category, "Written Elsewhere");
    jobportal::jobs::repo::insert(&app.db, &direct).await.unwrap();
    let written = scrape(app, &address).await;
    let lag = sample(&written, "jobportal_search_index_newest_change", &[])
        - sample(&written, "jobportal_search_index_applied_change", &[]);
    assert!(lag >= 0.0);
    app.sync_index().await;
    let synced = scrape(app, &address).await;
    assert_eq!(sample(&synced, "jobportal_search_index_lag_changes", &[]), 0.0);
    assert_eq!(sample(&synced, "jobportal_search_index_documents", &[]), 2.0);

    // Never on the public port.
    let public = app.client.get(app.url("/metrics")).send().await.unwrap();
    let body = public.text().await.unwrap();
    assert!(!body.contains("jobportal_http_requests_total"), "the public port serves no metrics");

    stop.send_replace(true);
    served.await.unwrap();
}
