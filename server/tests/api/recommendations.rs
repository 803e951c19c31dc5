//! Jobs for you: open jobs ranked by the applicant's skills through the search index
//! (and without it), each with the skills it matched; jobs applied to and closed ones left out.

use serde_json::{Value, json};

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

on_both_engines!(
    jobs_for_you_rank_by_matched_skills_and_leave_out_applied_and_closed_jobs,
    jobs_for_you_ask_for_skills_first,
    a_limit_that_is_not_a_number_or_is_repeated_is_400_in_the_envelope,
);

on_both_engines!(
    configured |config| { config.search_index = false; };
    without_the_index_jobs_for_you_still_match_the_skills,
);

const PASSWORD: &str = "correct horse battery";

async fn post(app: &TestApp, token: &str, title: &str, skills: &[&str], max_applicants: i64) -> String {
    let form = json!({
        "title": title, "company": "Acme", "description": "Build things with a friendly team.",
        "maxApplicants": max_applicants, "maxPositions": 1, "dateOfPosting": day(-30), "deadline": day(60),
        "skillsets": skills, "jobType": "Full-time", "salary": 50000,
        "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", token, &form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn applicant_with_skills(app: &TestApp, email: &str, skills: &str) -> String {
    app.sign_up("Applicant", email, PASSWORD).await;
    let token = app.log_in(email, PASSWORD).await;
    let details = json!({ "firstName": "Ada", "lastName": "Lovelace", "skills": skills, "profile": "I build streaming data pipelines." });
    assert_eq!(app.post_as("/api/v1/auth/updateUserDetails", &token, &details).await.0, 200);
    token
}

async fn for_you(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as("/api/v1/jobs/forYou", token).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn summary(body: &Value) -> Vec<(String, String)> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| (item["job"]["title"].as_str().unwrap().to_owned(), item["reason"].as_str().unwrap().to_owned()))
        .collect()
}

async fn a_board_for(app: &TestApp, recruiter_email: &str) -> (String, String) {
    app.sign_up("Recruiter", recruiter_email, PASSWORD).await;
    let recruiter = app.log_in(recruiter_email, PASSWORD).await;
    post(app, &recruiter, "Rust Engineer", &["Rust", "PostgreSQL"], 10).await;
    post(app, &recruiter, "Streaming Engineer", &["rust", "sql", "kafka"], 10).await;
    post(app, &recruiter, "Chef", &["cooking"], 10).await;
    let full = post(app, &recruiter, "Full Rust Role", &["rust"], 1).await;
    let applied = post(app, &recruiter, "Applied Rust Role", &["rust"], 10).await;
    (full, applied)
}

async fn jobs_for_you_rank_by_matched_skills_and_leave_out_applied_and_closed_jobs(app: &TestApp) {
    let (full, applied) = a_board_for(app, "board@example.com").await;
    let token = applicant_with_skills(app, "seeker@example.com", "Rust, SQL, Kafka").await;
    let other = applicant_with_skills(app, "filler@example.com", "cooking").await;
    let sop = json!({ "sop": "I would love to build this with you and your team." });
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{full}"), &other, &sop).await.0, 201, "the job is full now");
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{applied}"), &token, &sop).await.0, 201);

    let body = for_you(app, &token).await;
    assert_eq!(body["message"], "Jobs for you fetched successfully");
    assert_eq!(body["skillCount"], 3);
    assert_eq!(
        summary(&body),
        [
            ("Streaming Engineer".to_owned(), "Matches 3 of your 3 skills: Rust, SQL, Kafka".to_owned()),
            ("Rust Engineer".to_owned(), "Matches 1 of your 3 skills: Rust".to_owned()),
        ],
        "the chef, the full job and the one applied to are left out"
    );
    assert_eq!(body["data"][0]["matchedSkills"], json!(["Rust", "SQL", "Kafka"]));

    let (status, one) = app.get_as("/api/v1/jobs/forYou?limit=1", &token).await;
    assert_eq!((status, one["data"].as_array().unwrap().len()), (200, 1));
    let error = |message: &str| json!({ "success": false, "message": message });
    assert_eq!(app.get_as("/api/v1/jobs/forYou?limit=0", &token).await, (400, error("limit must be 1 to 50")));
    assert_eq!(app.get_as("/api/v1/jobs/forYou?limit=51", &token).await, (400, error("limit must be 1 to 50")));
}

async fn jobs_for_you_ask_for_skills_first(app: &TestApp) {
    a_board_for(app, "board-two@example.com").await;
    app.sign_up("Applicant", "new@example.com", PASSWORD).await;
    let token = app.log_in("new@example.com", PASSWORD).await;
    let body = for_you(app, &token).await;
    assert_eq!(
        body,
        json!({ "success": true, "message": "Add skills to your profile to get jobs for you", "data": [], "skillCount": 0 })
    );
    app.sign_up("Recruiter", "not-for-me@example.com", PASSWORD).await;
    let recruiter = app.log_in("not-for-me@example.com", PASSWORD).await;
    assert_eq!(
        app.get_as("/api/v1/jobs/forYou", &recruiter).await,
        (403, json!({ "success": false, "message": "This is a protected route for Applicants only" }))
    );
    assert_eq!(app.client.get(app.url("/api/v1/jobs/forYou")).send().await.unwrap().status(), 401);
}

async fn without_the_index_jobs_for_you_still_match_the_skills(app: &TestApp) {
    let (_, applied) = a_board_for(app, "board-three@example.com").await;
    let token = applicant_with_skills(app, "unindexed@example.com", "Rust, SQL, Kafka").await;
    let sop = json!({ "sop": "I would love to build this with you and your team." });
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{applied}"), &token, &sop).await.0, 201);
    let titles: Vec<String> = summary(&for_you(app, &token).await).into_iter().map(|(title, _)| title).collect();
    assert_eq!(
        titles,
        ["Streaming Engineer", "Full Rust Role", "Rust Engineer"],
        "most skills first, then the newest; the one applied to is left out"
    );
}

async fn a_limit_that_is_not_a_number_or_is_repeated_is_400_in_the_envelope(app: &TestApp) {
    let token = applicant_with_skills(app, "limits@example.com", "Rust").await;
    let refused = (400, json!({ "success": false, "message": "limit must be 1 to 50" }));
    for query in ["limit=abc", "limit=-1", "limit=2.5", "limit=", "limit=5&limit=6", "limit=5&limit=5"] {
        assert_eq!(app.get_as(&format!("/api/v1/jobs/forYou?{query}"), &token).await, refused, "{query}");
    }
    assert_eq!(app.get_as("/api/v1/jobs/forYou?limit=5", &token).await.0, 200);
}
