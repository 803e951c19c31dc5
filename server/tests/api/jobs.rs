use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_engines;

on_both_engines!(
    a_job_carries_every_field_of_the_contract,
    all_jobs_pages_newest_first_with_the_total,
    all_jobs_refuses_paging_that_is_not_a_page,
    a_deleted_or_unknown_job_is_not_found,
    full_job_details_need_a_job_id,
);

async fn a_job_carries_every_field_of_the_contract(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter, &category, "Backend Engineer").await;

    let (status, body) = app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({
            "success": true,
            "message": "Job fetched successfully",
            "data": {
                "_id": job.id,
                "title": "Backend Engineer",
                "company": "Acme Labs",
                "description": "Build and run the systems our customers rely on.",
                "salary": 85000,
                "dateOfPosting": "2026-11-01T00:00:00Z",
                "deadline": "2026-12-31T00:00:00Z",
                "location": "Pune",
                "maxApplicants": 20,
                "maxPositions": 2,
                "skillsets": ["rust", "sql"],
                "jobType": "Full-time",
                "category": category,
                "categoryName": "Engineering",
                "userId": recruiter,
                "applicationsCount": 0,
            },
        })
    );

    let (status, body) = app.post_json("/api/v1/jobs/getFullJobDetails", &json!({ "jobId": job.id })).await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Job details fetched successfully");
    assert_eq!(body["data"]["jobDetails"], serde_json::to_value(&job).unwrap());
}

async fn all_jobs_pages_newest_first_with_the_total(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Sales").await;
    let mut titles = Vec::new();
    for n in 1..=5 {
        titles.push(app.job(&recruiter, &category, &format!("Sales Role {n}")).await.title);
    }
    let deleted = app.job(&recruiter, &category, "Gone").await;
    app.delete_job_directly(&deleted.id).await;

    let (status, body) = app.get("/api/v1/jobs/alljobs").await;
    assert_eq!(status, 200);
    assert_eq!((body["total"].clone(), body["page"].clone(), body["limit"].clone()), (json!(5), json!(1), json!(50)));
    let listed: Vec<&str> = body["data"].as_array().unwrap().iter().map(|j| j["title"].as_str().unwrap()).collect();
    assert_eq!(listed, ["Sales Role 5", "Sales Role 4", "Sales Role 3", "Sales Role 2", "Sales Role 1"]);

    let mut paged = Vec::new();
    for page in 1..=3 {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?page={page}&limit=2")).await;
        assert_eq!(status, 200);
        assert_eq!((body["total"].clone(), body["page"].clone(), body["limit"].clone()), (json!(5), json!(page), json!(2)));
        paged.extend(body["data"].as_array().unwrap().iter().map(|j| j["title"].as_str().unwrap().to_string()));
    }
    assert_eq!(paged, listed, "pages cover every job once, in the same order");

    let (_, body) = app.get("/api/v1/jobs/alljobs?page=9&limit=2").await;
    assert_eq!(body["data"], json!([]), "a page past the end is empty, not an error");
}

async fn all_jobs_refuses_paging_that_is_not_a_page(app: &TestApp) {
    for (query, message) in [
        ("page=0", "page must be a whole number from 1"),
        ("page=abc", "page must be a whole number from 1"),
        ("limit=0", "limit must be a whole number from 1 to 100"),
        ("limit=101", "limit must be a whole number from 1 to 100"),
        ("limit=-5", "limit must be a whole number from 1 to 100"),
    ] {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?{query}")).await;
        assert_eq!((status, body), (400, json!({ "success": false, "message": message })), "{query}");
    }
}

async fn a_deleted_or_unknown_job_is_not_found(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Research").await;
    let job = app.job(&recruiter, &category, "Research Fellow").await;
    app.delete_job_directly(&job.id).await;
    let not_found = json!({ "success": false, "message": "Job not found" });
    for id in [job.id.as_str(), "unknown"] {
        let (status, body) = app.get(&format!("/api/v1/jobs/getJob/{id}")).await;
        assert_eq!((status, body), (404, not_found.clone()), "getJob {id}");
        let (status, body) = app.post_json("/api/v1/jobs/getFullJobDetails", &json!({ "jobId": id })).await;
        assert_eq!((status, body), (404, not_found.clone()), "getFullJobDetails {id}");
    }
}

async fn full_job_details_need_a_job_id(app: &TestApp) {
    let (status, body) = app.post_json("/api/v1/jobs/getFullJobDetails", &json!({})).await;
    assert_eq!((status, body), (400, json!({ "success": false, "message": "jobId is required" })));
    let response = app.client.post(app.url("/api/v1/jobs/getFullJobDetails")).body("{}").send().await.unwrap();
    let expected = json!({ "success": false, "message": "Expected a JSON body (Content-Type: application/json)" });
    assert_eq!(crate::helpers::status_and_json(response).await, (400, expected));
}
