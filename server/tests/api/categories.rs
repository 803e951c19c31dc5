use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_engines;

on_both_engines!(
    the_landing_categories_are_seeded_in_order,
    a_restart_does_not_seed_again,
    a_category_page_is_found_by_path_body_or_trailing_slash,
    a_category_page_lists_only_its_own_listed_jobs,
    a_category_page_without_an_id_or_for_an_unknown_id_is_refused,
);

const LANDING: [&str; 11] = [
    "Engineering",
    "Finance",
    "Sales",
    "Information Technology",
    "Marketing",
    "Customer Support",
    "Human Resource",
    "Business Development",
    "Accounting",
    "Research",
    "Consulting",
];

async fn the_landing_categories_are_seeded_in_order(app: &TestApp) {
    let (status, body) = app.get("/api/v1/jobs/showAllCategories").await;
    assert_eq!(status, 200);
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Categories fetched successfully");
    let categories = body["categories"].as_array().unwrap();
    let names: Vec<&str> = categories.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, LANDING);
    for category in categories {
        let description = category["description"].as_str().unwrap();
        assert!(description.len() > 20 && description.ends_with('.'), "one sentence: {description}");
        assert!(!category["_id"].as_str().unwrap().is_empty());
        assert_eq!(category.as_object().unwrap().len(), 3, "only _id, name, description");
    }
}

async fn a_restart_does_not_seed_again(app: &TestApp) {
    // The same database; an index folder of its own (each instance keeps one, and locks it).
    let mut config = (*app.config).clone();
    config.index_dir = crate::helpers::scratch_dir().join("index");
    let again = jobportal::prepare(config).await.expect("a second start prepares the same database");
    again.state.db.close().await;
    let (_, body) = app.get("/api/v1/jobs/showAllCategories").await;
    assert_eq!(body["categories"].as_array().unwrap().len(), 11);
}

async fn a_category_page_is_found_by_path_body_or_trailing_slash(app: &TestApp) {
    let id = app.category_id("Finance").await;
    let expected = json!({
        "success": true,
        "message": "Category page details fetched successfully",
        "selectedCategory": {
            "_id": id,
            "name": "Finance",
            "description": "Plan, analyse and manage money for companies, funds and the people they serve.",
            "jobs": [],
        },
    });
    for path in [format!("/api/v1/jobs/categoryPageDetails/{id}"), format!("/api/v1/jobs/categoryPageDetails/{id}/")] {
        let (status, body) = app.post_json(&path, &json!({})).await;
        assert_eq!((status, &body), (200, &expected), "{path}");
    }
    for path in ["/api/v1/jobs/categoryPageDetails", "/api/v1/jobs/categoryPageDetails/"] {
        let (status, body) = app.post_json(path, &json!({ "CategoryId": id })).await;
        assert_eq!((status, &body), (200, &expected), "{path}");
    }
}

async fn a_category_page_lists_only_its_own_listed_jobs(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let engineering = app.category_id("Engineering").await;
    let sales = app.category_id("Sales").await;
    let first = app.job(&recruiter, &engineering, "Backend Engineer").await;
    app.job(&recruiter, &sales, "Account Executive").await;
    let deleted = app.job(&recruiter, &engineering, "Retired Role").await;
    let newest = app.job(&recruiter, &engineering, "Platform Engineer").await;
    app.delete_job_directly(&deleted.id).await;

    let (status, body) = app.post_json(&format!("/api/v1/jobs/categoryPageDetails/{engineering}"), &json!({})).await;
    assert_eq!(status, 200);
    let jobs = &body["selectedCategory"]["jobs"];
    assert_eq!(jobs, &json!([newest, first]), "newest first, other categories and deleted jobs left out");
}

async fn a_category_page_without_an_id_or_for_an_unknown_id_is_refused(app: &TestApp) {
    let missing = json!({ "success": false, "message": "CategoryId is required" });
    let (status, body) = app.post_json("/api/v1/jobs/categoryPageDetails", &json!({})).await;
    assert_eq!((status, body), (400, missing.clone()));
    let (status, body) = app.post_json("/api/v1/jobs/categoryPageDetails", &json!({ "CategoryId": "  " })).await;
    assert_eq!((status, body), (400, missing.clone()));
    let response = app.client.post(app.url("/api/v1/jobs/categoryPageDetails")).send().await.unwrap();
    assert_eq!(crate::helpers::status_and_json(response).await, (400, missing));

    let response = app
        .client
        .post(app.url("/api/v1/jobs/categoryPageDetails"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let expected = json!({ "success": false, "message": "The body is not valid JSON" });
    assert_eq!(crate::helpers::status_and_json(response).await, (400, expected));

    let not_found = json!({ "success": false, "message": "Category not found" });
    let (status, body) = app.post_json("/api/v1/jobs/categoryPageDetails/no-such-id", &json!({})).await;
    assert_eq!((status, body), (404, not_found.clone()));
    let (status, body) =
        app.post_json("/api/v1/jobs/categoryPageDetails", &json!({ "CategoryId": "no-such-id" })).await;
    assert_eq!((status, body), (404, not_found));
}
