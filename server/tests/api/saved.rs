//! Saved jobs: an applicant saves jobs, finds them again marked once they close, and
//! keeps them to themself; the limit holds under parallel saves.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::{TestApp, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    an_applicant_saves_lists_and_forgets_jobs,
    saved_jobs_belong_to_their_applicant_alone,
    no_more_than_500_jobs_are_saved_even_in_parallel,
    saves_of_jobs_deleted_or_hidden_since_do_not_count_toward_the_limit,
);

const PASSWORD: &str = "correct horse battery";

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

async fn account(app: &TestApp, kind: &str, email: &str) -> String {
    app.sign_up(kind, email, PASSWORD).await;
    app.log_in(email, PASSWORD).await
}

async fn save(app: &TestApp, token: &str, job: &str) -> (u16, Value) {
    status_and_json(
        app.client.put(app.url(&format!("/api/v1/jobs/saved/{job}"))).bearer_auth(token).send().await.unwrap(),
    )
    .await
}

async fn unsave(app: &TestApp, token: &str, job: &str) -> (u16, Value) {
    status_and_json(
        app.client.delete(app.url(&format!("/api/v1/jobs/saved/{job}"))).bearer_auth(token).send().await.unwrap(),
    )
    .await
}

async fn saved_titles(app: &TestApp, token: &str) -> Vec<String> {
    let (status, body) = app.get_as("/api/v1/jobs/saved", token).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Saved jobs fetched successfully")), "{body}");
    body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_owned()).collect()
}

async fn an_applicant_saves_lists_and_forgets_jobs(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let first = app.job(&recruiter, &category, "First Saved").await;
    let second = app.job(&recruiter, &category, "Second Saved").await;
    let gone = app.job(&recruiter, &category, "Soon Gone").await;
    let applicant = account(app, "Applicant", "saver@example.com").await;
    assert_eq!(saved_titles(app, &applicant).await, Vec::<String>::new());

    for job in [&first.id, &gone.id, &second.id] {
        assert_eq!(save(app, &applicant, job).await, (200, json!({ "success": true, "message": "Job saved" })));
    }
    assert_eq!(save(app, &applicant, &first.id).await.0, 200, "saving again is no error");
    assert_eq!(
        saved_titles(app, &applicant).await,
        ["Second Saved", "Soon Gone", "First Saved"],
        "the latest saved first"
    );

    // A saved job that closes is still there, saying so; one that is deleted leaves the list.
    const CLOSE: &str = "UPDATE jobs SET closed_at = 1 WHERE id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(CLOSE).bind(&first.id).execute(pool).await.map(|_| ())).unwrap();
    app.delete_job_directly(&gone.id).await;
    let (_, body) = app.get_as("/api/v1/jobs/saved", &applicant).await;
    let jobs = body["data"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    assert_eq!(jobs[1]["title"], "First Saved");
    // fixed date: the test set closed_at to 1 ms after the epoch itself
    assert_eq!(jobs[1]["closedAt"], "1970-01-01T00:00:00.001Z");
    assert_eq!(jobs[0]["closedAt"], Value::Null);
    assert_eq!(save(app, &applicant, &gone.id).await, (404, error("Job not found")), "a deleted job cannot be saved");

    assert_eq!(
        unsave(app, &applicant, &second.id).await,
        (200, json!({ "success": true, "message": "Job removed from your saved jobs" }))
    );
    assert_eq!(unsave(app, &applicant, &second.id).await.0, 200, "forgetting again is no error");
    assert_eq!(saved_titles(app, &applicant).await, ["First Saved"]);
    assert_eq!(save(app, &applicant, "no-such-job").await, (404, error("Job not found")));
}

async fn saved_jobs_belong_to_their_applicant_alone(app: &TestApp) {
    let recruiter_id = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter_id, &category, "Private Interest").await;
    let mine = account(app, "Applicant", "mine@example.com").await;
    let theirs = account(app, "Applicant", "theirs@example.com").await;
    let recruiter = account(app, "Recruiter", "recruiter@example.com").await;

    save(app, &mine, &job.id).await;
    assert_eq!(saved_titles(app, &theirs).await, Vec::<String>::new(), "another applicant sees none of them");
    assert_eq!(unsave(app, &theirs, &job.id).await.0, 200, "forgetting what one never saved changes nothing");
    assert_eq!(saved_titles(app, &mine).await, ["Private Interest"]);

    let recruiters_only = error("This is a protected route for Applicants only");
    assert_eq!(app.get_as("/api/v1/jobs/saved", &recruiter).await, (403, recruiters_only.clone()));
    assert_eq!(save(app, &recruiter, &job.id).await, (403, recruiters_only.clone()));
    assert_eq!(unsave(app, &recruiter, &job.id).await, (403, recruiters_only));
    let anonymous = app.client.get(app.url("/api/v1/jobs/saved")).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
    let anonymous = app.client.put(app.url(&format!("/api/v1/jobs/saved/{}", job.id))).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
}

async fn no_more_than_500_jobs_are_saved_even_in_parallel(app: &TestApp) {
    jobportal::ops::bench_data::seed(&app.db, 1, 510).await.unwrap();
    const IDS: &str = "SELECT id FROM jobs ORDER BY seq";
    let ids: Vec<(String,)> = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(IDS).fetch_all(pool).await).unwrap();
    let applicant = account(app, "Applicant", "collector@example.com").await;
    const SAVE: &str =
        "INSERT INTO saved_jobs (user_id, job_id, saved_at) SELECT u.id, $1, 1 FROM users u WHERE u.email = $2";
    for (id,) in &ids[..499] {
        jobportal::dispatch!(&app.db, |pool| {
            sqlx::query(SAVE).bind(id).bind("collector@example.com").execute(pool).await.map(|_| ())
        })
        .unwrap();
    }
    let results = join_all(ids[499..505].iter().map(|(id,)| save(app, &applicant, id))).await;
    let saved = results.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(saved, 1, "one place was left: {results:?}");
    for (status, body) in results.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, body), (400, &error("You can save at most 500 jobs; remove some first")));
    }
    assert_eq!(app.get_as("/api/v1/jobs/saved", &applicant).await.1["data"].as_array().unwrap().len(), 500);
    assert_eq!(save(app, &applicant, &ids[0].0).await.0, 200, "a job already saved is still no error at the limit");
}

async fn saves_of_jobs_deleted_or_hidden_since_do_not_count_toward_the_limit(app: &TestApp) {
    jobportal::ops::bench_data::seed(&app.db, 1, 520).await.unwrap();
    let listed = format!("SELECT j.id FROM jobs j WHERE {} ORDER BY j.seq", jobportal::jobs::model::LISTED);
    let ids: Vec<(String,)> = jobportal::dispatch!(&app.db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(listed.as_str())).fetch_all(pool).await
    })
    .unwrap();
    let ids: Vec<String> = ids.into_iter().map(|(id,)| id).collect();
    assert!(ids.len() >= 507, "enough listed jobs: {}", ids.len());
    let applicant = account(app, "Applicant", "keeper@example.com").await;
    const SAVE: &str =
        "INSERT INTO saved_jobs (user_id, job_id, saved_at) SELECT u.id, $1, 1 FROM users u WHERE u.email = $2";
    for id in &ids[..500] {
        jobportal::dispatch!(&app.db, |pool| {
            sqlx::query(SAVE).bind(id).bind("keeper@example.com").execute(pool).await.map(|_| ())
        })
        .unwrap();
    }
    let full = (400, error("You can save at most 500 jobs; remove some first"));
    assert_eq!(save(app, &applicant, &ids[500]).await, full, "500 listed saves: the limit");

    // Six of them leave the lists: three deleted, three hidden by an admin.
    const DELETE: &str = "UPDATE jobs SET deleted_at = 1 WHERE id = $1";
    const HIDE: &str = "UPDATE jobs SET hidden_at = 1 WHERE id = $1";
    for (n, id) in ids[..6].iter().enumerate() {
        let sql = if n < 3 { DELETE } else { HIDE };
        jobportal::dispatch!(&app.db, |pool| sqlx::query(sql).bind(id).execute(pool).await.map(|_| ())).unwrap();
    }
    assert_eq!(saved_titles(app, &applicant).await.len(), 494);

    let saved = json!({ "success": true, "message": "Job saved" });
    for id in &ids[500..506] {
        assert_eq!(save(app, &applicant, id).await, (200, saved.clone()), "a place freed by an unlisted job");
    }
    assert_eq!(saved_titles(app, &applicant).await.len(), 500);
    assert_eq!(save(app, &applicant, &ids[506]).await, full, "the list shows 500 again");
}
