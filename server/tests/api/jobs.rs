use serde_json::{Value, json};

use crate::helpers::{TestApp, day, midnight};
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
                "companySlug": "rita-recruiter",
                "companyLogo": null,
                "description": "Build and run the systems our customers rely on.",
                "salary": 85000,
                "salaryMax": null,
                "workMode": "On-site",
                "dateOfPosting": midnight(-30),
                "deadline": midnight(30),
                "location": "Pune",
                "maxApplicants": 20,
                "maxPositions": 2,
                "skillsets": ["rust", "sql"],
                "jobType": "Full-time",
                "category": category,
                "categoryName": "Engineering",
                "userId": recruiter,
                "applicationsCount": 0,
                "closedAt": null,
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
        assert_eq!(
            (body["total"].clone(), body["page"].clone(), body["limit"].clone()),
            (json!(5), json!(page), json!(2))
        );
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
        let (status, body) = app.post_json("/api/v1/jobs/getFullJobDetails", &json!({ "jobId": id })).await;
        assert_eq!((status, body), (404, not_found.clone()), "getFullJobDetails {id}");
    }
    // getJob's 404 marks a deleted job as removed, so a client can tell it from one that never was.
    let (status, body) = app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await;
    assert_eq!((status, body), (404, json!({ "success": false, "message": "Job not found", "removed": true })));
    assert_eq!(app.get("/api/v1/jobs/getJob/unknown").await, (404, not_found));
}

async fn full_job_details_need_a_job_id(app: &TestApp) {
    let (status, body) = app.post_json("/api/v1/jobs/getFullJobDetails", &json!({})).await;
    assert_eq!((status, body), (400, json!({ "success": false, "message": "jobId is required" })));
    let response = app.client.post(app.url("/api/v1/jobs/getFullJobDetails")).body("{}").send().await.unwrap();
    let expected = json!({ "success": false, "message": "Expected a JSON body (Content-Type: application/json)" });
    assert_eq!(crate::helpers::status_and_json(response).await, (400, expected));
}

on_both_engines!(
    a_recruiter_posts_a_job_as_json_or_multipart,
    posting_names_each_missing_field_and_checks_the_rest,
    only_the_owner_edits_or_deletes_and_an_edit_changes_three_fields,
    a_deleted_job_leaves_every_listing,
    search_matches_title_description_company_and_location_by_word_stem,
    search_filters_combine_and_page_with_totals,
    query_syntax_characters_give_results_or_none_never_an_error,
    an_admin_creates_categories,
    a_recruiter_closes_a_job_early_and_reopens_it,
    a_job_gives_a_salary_range_and_a_work_mode,
);

const PASSWORD: &str = "correct horse battery";

fn error(message: &str) -> serde_json::Value {
    json!({ "success": false, "message": message })
}

async fn recruiter_token(app: &TestApp, email: &str) -> (String, String) {
    let user = app.sign_up("Recruiter", email, PASSWORD).await;
    (user["_id"].as_str().unwrap().to_string(), app.log_in(email, PASSWORD).await)
}

fn job_form(category: &str, title: &str, company: &str, location: &str) -> serde_json::Value {
    json!({
        "title": title, "company": company, "description": "Work with a friendly team on interesting problems.",
        "maxApplicants": 10, "maxPositions": 1, "dateOfPosting": day(-30), "deadline": day(60),
        "skillsets": ["teamwork"], "jobType": "Full-time", "salary": 50000, "categoryName": category, "location": location,
    })
}

async fn post_job(app: &TestApp, token: &str, form: &serde_json::Value) -> serde_json::Value {
    let (status, body) = app.post_as("/api/v1/jobs/createJob", token, form).await;
    assert_eq!(status, 201, "{body}");
    body["data"].clone()
}

async fn search(app: &TestApp, query: &str) -> (i64, Vec<String>) {
    let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    let titles =
        body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_string()).collect();
    (body["total"].as_i64().unwrap(), titles)
}

async fn a_recruiter_posts_a_job_as_json_or_multipart(app: &TestApp) {
    let (recruiter, token) = recruiter_token(app, "poster@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = post_job(app, &token, &job_form(&category, "Rust Engineer", "Acme", "Pune")).await;
    assert_eq!(
        job,
        json!({
            "_id": job["_id"], "title": "Rust Engineer", "company": "Acme", "companySlug": "ada-lovelace", "companyLogo": null,
            "description": "Work with a friendly team on interesting problems.", "salary": 50000, "salaryMax": null, "workMode": "On-site",
            "dateOfPosting": midnight(-30), "deadline": midnight(60), "location": "Pune",
            "maxApplicants": 10, "maxPositions": 1, "skillsets": ["teamwork"], "jobType": "Full-time",
            "category": category, "categoryName": "Engineering", "userId": recruiter, "applicationsCount": 0, "closedAt": null,
        })
    );

    let form = reqwest::multipart::Form::new()
        .text("title", "Intern, Marketing")
        .text("company", "Globex")
        .text("description", "Learn the ropes.")
        .text("maxApplicants", "5")
        .text("maxPositions", "2")
        .text("dateOfPosting", day(-10))
        .text("deadline", day(20))
        .text("skillsets", r#"["writing","design"]"#)
        .text("jobType", "Internship")
        .text("salary", "15000")
        .text("categoryName", app.category_id("Marketing").await)
        .text("location", "Mumbai");
    let response =
        app.client.post(app.url("/api/v1/jobs/createJob")).bearer_auth(&token).multipart(form).send().await.unwrap();
    let (status, body) = crate::helpers::status_and_json(response).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (body["data"]["skillsets"].clone(), body["data"]["salary"].clone()),
        (json!(["writing", "design"]), json!(15000))
    );

    let (status, body) = app.get_as("/api/v1/jobs/getAllJobs", &token).await;
    assert_eq!(status, 200);
    let titles: Vec<&str> = body["data"].as_array().unwrap().iter().map(|j| j["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Intern, Marketing", "Rust Engineer"]);
    let (_, other_token) = recruiter_token(app, "other-poster@example.com").await;
    assert_eq!(
        app.get_as("/api/v1/jobs/getAllJobs", &other_token).await.1["data"],
        json!([]),
        "only the caller's own jobs"
    );
}

async fn posting_names_each_missing_field_and_checks_the_rest(app: &TestApp) {
    let (_, token) = recruiter_token(app, "careful@example.com").await;
    let category = app.category_id("Finance").await;
    let complete = job_form(&category, "Analyst", "Initech", "Delhi");
    for (field, message) in [
        ("title", "Job title is required"),
        ("company", "Company name is required"),
        ("description", "Job description is required"),
        ("maxApplicants", "Max applicants is required"),
        ("maxPositions", "Max positions is required"),
        ("dateOfPosting", "Date of posting is required"),
        ("deadline", "Application deadline is required"),
        ("skillsets", "Skillsets are required"),
        ("jobType", "Job type is required"),
        ("salary", "Salary is required"),
        ("categoryName", "Category is required"),
        ("location", "Location is required"),
    ] {
        let mut form = complete.clone();
        form.as_object_mut().unwrap().remove(field);
        assert_eq!(app.post_as("/api/v1/jobs/createJob", &token, &form).await, (400, error(message)), "{field}");
    }
    let mut form = complete.clone();
    form["categoryName"] = json!("no-such-category");
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &token, &form).await, (400, error("Category does not exist")));
    let mut form = complete.clone();
    form["deadline"] = json!(day(-31));
    assert_eq!(
        app.post_as("/api/v1/jobs/createJob", &token, &form).await,
        (400, error("Deadline must be after the date of posting"))
    );

    let applicant = app.sign_up("Applicant", "not-a-recruiter@example.com", PASSWORD).await;
    assert!(applicant["_id"].is_string());
    let applicant_token = app.log_in("not-a-recruiter@example.com", PASSWORD).await;
    assert_eq!(
        app.post_as("/api/v1/jobs/createJob", &applicant_token, &complete).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    assert_eq!(app.post_json("/api/v1/jobs/createJob", &complete).await, (401, error("Token is missing")));
    assert_eq!(search(app, "").await.0, 0, "nothing was posted");
}

async fn put_as(app: &TestApp, path: &str, token: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
    let response = app.client.put(app.url(path)).bearer_auth(token).json(body).send().await.unwrap();
    crate::helpers::status_and_json(response).await
}

async fn delete_as(app: &TestApp, path: &str, token: &str) -> (u16, serde_json::Value) {
    let response = app.client.delete(app.url(path)).bearer_auth(token).send().await.unwrap();
    crate::helpers::status_and_json(response).await
}

async fn only_the_owner_edits_or_deletes_and_an_edit_changes_three_fields(app: &TestApp) {
    let (_, owner) = recruiter_token(app, "owner@example.com").await;
    let (_, intruder) = recruiter_token(app, "intruder@example.com").await;
    let category = app.category_id("Sales").await;
    let job = post_job(app, &owner, &job_form(&category, "Account Executive", "Acme", "Pune")).await;
    let id = job["_id"].as_str().unwrap();
    let path = format!("/api/v1/jobs/updateJob/{id}");
    let edit = json!({ "maxApplicants": 30, "maxPositions": 3, "deadline": day(90), "title": "Hijacked", "salary": 1 });

    assert_eq!(put_as(app, &path, &intruder, &edit).await, (404, error("Job not found")));
    assert_eq!(delete_as(app, &format!("/api/v1/jobs/deleteJob/{id}"), &intruder).await, (404, error("Job not found")));
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{id}")).await.1["data"], job, "nothing changed");

    for (field, message) in [
        ("maxApplicants", "Maximum applicants is required"),
        ("maxPositions", "Maximum positions is required"),
        ("deadline", "Deadline is required"),
    ] {
        let mut partial = edit.clone();
        partial.as_object_mut().unwrap().remove(field);
        assert_eq!(put_as(app, &path, &owner, &partial).await, (400, error(message)));
    }
    assert_eq!(
        put_as(app, &path, &owner, &json!({ "maxApplicants": 30, "maxPositions": 0, "deadline": day(90) })).await,
        (400, error("Max positions must be a whole number of at least 1"))
    );
    assert_eq!(
        put_as(app, &path, &owner, &json!({ "maxApplicants": 30, "maxPositions": 3, "deadline": day(-31) })).await,
        (400, error("Deadline must be after the date of posting"))
    );

    let (status, body) = put_as(app, &path, &owner, &edit).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Job updated successfully");
    let mut expected = job.clone();
    expected["maxApplicants"] = json!(30);
    expected["maxPositions"] = json!(3);
    expected["deadline"] = json!(midnight(90));
    assert_eq!(body["data"], expected, "only the three fields changed");

    const RECEIVED: &str = "UPDATE jobs SET applications_count = 5 WHERE id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(RECEIVED).bind(id).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(
        put_as(app, &path, &owner, &json!({ "maxApplicants": 4, "maxPositions": 1, "deadline": day(90) })).await,
        (400, error("Max applicants cannot be less than the 5 applications already received"))
    );
    assert_eq!(
        put_as(app, &path, &owner, &json!({ "maxApplicants": "5", "maxPositions": "1", "deadline": day(90) })).await.0,
        200
    );
}

async fn a_deleted_job_leaves_every_listing(app: &TestApp) {
    let (_, token) = recruiter_token(app, "deleter@example.com").await;
    let category = app.category_id("Research").await;
    let kept = post_job(app, &token, &job_form(&category, "Lab Scientist", "Umbrella", "Hyderabad")).await;
    let gone = post_job(app, &token, &job_form(&category, "Lab Technician", "Umbrella", "Hyderabad")).await;
    let id = gone["_id"].as_str().unwrap();
    assert_eq!(
        delete_as(app, &format!("/api/v1/jobs/deleteJob/{id}"), &token).await,
        (200, json!({ "success": true, "message": "Job deleted successfully" }))
    );
    assert_eq!(
        delete_as(app, &format!("/api/v1/jobs/deleteJob/{id}"), &token).await,
        (404, error("Job not found")),
        "deleted once"
    );
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{id}")).await.1["removed"], true);
    assert_eq!(search(app, "").await, (1, vec!["Lab Scientist".to_string()]));
    assert_eq!(search(app, "q=lab").await, (1, vec!["Lab Scientist".to_string()]));
    let (_, page) = app.post_json(&format!("/api/v1/jobs/categoryPageDetails/{category}"), &json!({})).await;
    assert_eq!(page["selectedCategory"]["jobs"], json!([kept]));
    let (_, mine) = app.get_as("/api/v1/jobs/getAllJobs", &token).await;
    assert_eq!(mine["data"], json!([kept]));
}

async fn search_matches_title_description_company_and_location_by_word_stem(app: &TestApp) {
    let (_, token) = recruiter_token(app, "finder@example.com").await;
    let category = app.category_id("Engineering").await;
    let mut rust = job_form(&category, "Senior Rust Engineer", "Acme Robotics", "Pune");
    rust["description"] = json!("Embedded systems.");
    post_job(app, &token, &rust).await;
    let mut sales = job_form(&category, "Sales Lead", "Globex", "Mumbai");
    sales["description"] = json!("Sell Rust training to teams.");
    post_job(app, &token, &sales).await;
    post_job(app, &token, &job_form(&category, "Data Analyst", "Initech", "Bengaluru")).await;

    let only = |title: &str| (1, vec![title.to_string()]);
    assert_eq!(
        search(app, "q=rust").await,
        (2, vec!["Senior Rust Engineer".to_string(), "Sales Lead".to_string()]),
        "the description matches too, below a match in the title"
    );
    assert_eq!(search(app, "q=RUST").await.0, 2, "case-insensitive");
    assert_eq!(search(app, "q=robotics").await, only("Senior Rust Engineer"), "company");
    assert_eq!(search(app, "q=engineers").await, only("Senior Rust Engineer"), "by word stem");
    assert_eq!(search(app, "q=GLOBEX").await, only("Sales Lead"), "company");
    assert_eq!(search(app, "q=mumbai").await, only("Sales Lead"), "location");
    assert_eq!(search(app, "q=acme%20pune").await, only("Senior Rust Engineer"), "every word must match");
    assert_eq!(search(app, "q=acme%20mumbai").await, (0, vec![]));
    assert_eq!(search(app, "q=nothing-like-it").await, (0, vec![]));
}

async fn search_filters_combine_and_page_with_totals(app: &TestApp) {
    let (_, token) = recruiter_token(app, "filters@example.com").await;
    let engineering = app.category_id("Engineering").await;
    let marketing = app.category_id("Marketing").await;
    let post = |title: &str, kind: &str, salary: i64, location: &str, category: &str, deadline: &str| {
        let mut form = job_form(category, title, "Acme", location);
        form["jobType"] = json!(kind);
        form["salary"] = json!(salary);
        form["deadline"] = json!(deadline);
        form
    };
    for form in [
        post("Engineer One", "Full-time", 90000, "Pune", &engineering, &day(60)),
        post("Engineer Two", "Part-time", 40000, "Mumbai", &engineering, &day(60)),
        post("Engineer Intern", "Internship", 10000, "Pune", &engineering, &day(60)),
        post("Marketing Intern", "Internship", 12000, "New Pune Area", &marketing, &day(60)),
        post("Engineer Past", "Full-time", 95000, "Pune", &engineering, &day(-29)),
    ] {
        post_job(app, &token, &form).await;
    }
    let titles = |list: &[&str]| list.iter().map(|t| t.to_string()).collect::<Vec<_>>();

    assert_eq!(search(app, "jobType=Full-time&jobType=Internship").await.0, 4, "types combine as OR");
    assert_eq!(search(app, "q=engineer&jobType=Internship").await, (1, titles(&["Engineer Intern"])), "text AND types");
    assert_eq!(search(app, "salaryMin=40000").await.0, 3);
    assert_eq!(search(app, "location=pune").await.0, 4, "part of the location, any case");
    assert_eq!(search(app, &format!("category={marketing}")).await, (1, titles(&["Marketing Intern"])));
    assert_eq!(search(app, "openOnly=true&q=engineer").await.0, 3, "the past deadline is left out");

    let mut seen = Vec::new();
    for page in 1..=3 {
        let (total, page_titles) = search(app, &format!("page={page}&limit=2")).await;
        assert_eq!(total, 5);
        seen.extend(page_titles);
    }
    assert_eq!(
        seen,
        titles(&["Engineer Past", "Marketing Intern", "Engineer Intern", "Engineer Two", "Engineer One"]),
        "newest first, each once"
    );
    let (total, first) = search(app, "q=engineer&limit=2").await;
    let (_, second) = search(app, "q=engineer&limit=2&page=2").await;
    assert_eq!(total, 4);
    assert_eq!(first.len() + second.len(), 4);
    assert!(first.iter().all(|title| !second.contains(title)), "text results page without repeats");
    assert_eq!(
        app.get("/api/v1/jobs/alljobs?jobType=Contract").await,
        (400, error("jobType must be Full-time, Part-time or Internship"))
    );
}

async fn query_syntax_characters_give_results_or_none_never_an_error(app: &TestApp) {
    let (_, token) = recruiter_token(app, "syntax@example.com").await;
    let category = app.category_id("Consulting").await;
    post_job(app, &token, &job_form(&category, "Rust Consultant", "Acme", "Pune")).await;
    for q in [
        "\"",
        "*",
        "(",
        ")",
        "-",
        "NEAR",
        ":",
        "rust\"",
        "\"rust",
        "NEAR(rust pune)",
        "title:rust",
        "-rust",
        "rust*",
        "a AND",
        "OR",
        "^",
        "'",
        "%",
        "_",
        "\\",
        "rust & pune",
        "!",
        "rust | pune",
        "<->",
        "{title}: rust",
        "🦀",
    ] {
        let encoded: String = form_urlencoded_encode(q);
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?q={encoded}")).await;
        assert_eq!(status, 200, "{q:?}: {body}");
    }
    assert_eq!(search(app, "q=%22rust%22").await.0, 1, "quotes around a word still find it");
    assert_eq!(
        search(app, "q=title%3Arust").await.0,
        0,
        "a column filter is just two words, and 'title' matches nothing"
    );
}

fn form_urlencoded_encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn an_admin_creates_categories(app: &TestApp) {
    jobportal::accounts::create_admin(&app.db, "admin@example.com", "Ad", "Min", PASSWORD).await.unwrap();
    let admin = app.log_in("admin@example.com", PASSWORD).await;
    let (status, body) = app
        .post_as(
            "/api/v1/jobs/createCategory",
            &admin,
            &json!({ "name": "Design", "description": "Shape products people love." }),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(
        (body["data"]["name"].as_str(), body["message"].as_str()),
        (Some("Design"), Some("Category created successfully"))
    );
    assert_eq!(
        app.post_as("/api/v1/jobs/createCategory", &admin, &json!({ "name": "design", "description": "Again." })).await,
        (409, error("Category already exists"))
    );
    assert_eq!(
        app.post_as("/api/v1/jobs/createCategory", &admin, &json!({ "description": "No name." })).await,
        (400, error("Category name is required"))
    );
    let (_, recruiter) = recruiter_token(app, "not-admin@example.com").await;
    assert_eq!(
        app.post_as("/api/v1/jobs/createCategory", &recruiter, &json!({ "name": "X", "description": "Y" })).await,
        (403, error("This is a protected route for Admins only"))
    );
    let (_, categories) = app.get("/api/v1/jobs/showAllCategories").await;
    assert_eq!(categories["categories"].as_array().unwrap().len(), 12);
}

on_both_engines!(
    a_large_result_counts_to_the_cap_and_pages_through_every_match_once,
    a_remembered_search_is_refreshed_by_every_change,
);

async fn a_large_result_counts_to_the_cap_and_pages_through_every_match_once(app: &TestApp) {
    jobportal::ops::bench_data::seed(&app.db, 3, 2_500).await.unwrap();
    app.sync_index().await;
    let (status, body) = app.get("/api/v1/jobs/alljobs?limit=1").await;
    assert_eq!(status, 200);
    // Past 1,000 matches the total is an estimate (within about 2 %), never capped.
    let estimate = body["total"].as_i64().unwrap();
    assert!((2_450..=2_550).contains(&estimate), "{estimate}");
    assert_eq!((body["totalExact"].clone(), body["totalCapped"].clone()), (json!(false), json!(false)));

    // "senior" heads about one title in eight: several pages of matches.
    let (_, first) = app.get("/api/v1/jobs/alljobs?q=senior&limit=100").await;
    let total = first["total"].as_i64().unwrap();
    assert!((250..1_000).contains(&total) && first["totalCapped"] == false, "{total}");
    let mut seen = std::collections::HashSet::new();
    for page in 1..=(total + 99) / 100 {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?q=senior&limit=100&page={page}")).await;
        assert_eq!(status, 200);
        for job in body["data"].as_array().unwrap() {
            let text = format!("{} {}", job["title"], job["description"]).to_lowercase();
            assert!(text.contains("senior"), "{text}");
            assert!(seen.insert(job["_id"].as_str().unwrap().to_string()), "page {page} repeats a job");
        }
    }
    assert_eq!(seen.len() as i64, total, "every match appears exactly once across the pages");

    // Ranking costs memory in proportion to the depth: pages stop at the first 10,000 results.
    assert_eq!(app.get("/api/v1/jobs/alljobs?page=100&limit=100").await.0, 200);
    assert_eq!(
        app.get("/api/v1/jobs/alljobs?page=101&limit=100").await,
        (400, json!({ "success": false, "message": "Results stop at 10000: narrow the search to see more" }))
    );
}

async fn a_remembered_search_is_refreshed_by_every_change(app: &TestApp) {
    let (_, token) = recruiter_token(app, "fresh@example.com").await;
    let category = app.category_id("Accounting").await;
    let first = post_job(app, &token, &job_form(&category, "Tax Accountant", "Ledger Co", "Pune")).await;
    assert_eq!(search(app, "q=ledger").await.0, 1);
    assert_eq!(search(app, "q=ledger").await.0, 1, "asked twice, the same answer");
    post_job(app, &token, &job_form(&category, "Audit Accountant", "Ledger Co", "Pune")).await;
    assert_eq!(search(app, "q=ledger").await.0, 2, "a new job shows at once");

    let id = first["_id"].as_str().unwrap();
    put_as(
        app,
        &format!("/api/v1/jobs/updateJob/{id}"),
        &token,
        &json!({ "maxApplicants": 99, "maxPositions": 1, "deadline": day(60) }),
    )
    .await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=tax").await;
    assert_eq!(body["data"][0]["maxApplicants"], 99, "an edit shows at once");

    let applicant = app.sign_up("Applicant", "counted@example.com", PASSWORD).await;
    assert!(applicant["_id"].is_string());
    let applicant_token = app.log_in("counted@example.com", PASSWORD).await;
    app.post_as(&format!("/api/v1/jobs/apply/{id}"), &applicant_token, &json!({ "sop": "Hire me." })).await;
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=tax").await;
    assert_eq!(body["data"][0]["applicationsCount"], 1, "an application shows at once");

    delete_as(app, &format!("/api/v1/jobs/deleteJob/{id}"), &token).await;
    assert_eq!(search(app, "q=ledger").await.0, 1, "a deletion shows at once");
}

async fn a_recruiter_closes_a_job_early_and_reopens_it(app: &TestApp) {
    const PASSWORD: &str = "correct horse battery";
    app.sign_up("Recruiter", "closer@example.com", PASSWORD).await;
    let owner = app.log_in("closer@example.com", PASSWORD).await;
    app.sign_up("Recruiter", "other-recruiter@example.com", PASSWORD).await;
    let other = app.log_in("other-recruiter@example.com", PASSWORD).await;
    app.sign_up("Applicant", "late-applicant@example.com", PASSWORD).await;
    let applicant = app.log_in("late-applicant@example.com", PASSWORD).await;
    let category = app.category_id("Engineering").await;
    let form = |deadline: &str| {
        json!({
            "title": "Closable Role", "company": "Acme", "description": "A good job.", "maxApplicants": 5,
            "maxPositions": 1, "dateOfPosting": day(-30), "deadline": deadline, "skillsets": ["rust"],
            "jobType": "Full-time", "salary": 70000, "categoryName": category, "location": "Pune",
        })
    };
    let (status, body) = app.post_as("/api/v1/jobs/createJob", &owner, &form(&day(60))).await;
    assert_eq!(status, 201, "{body}");
    let job = body["data"]["_id"].as_str().unwrap().to_string();
    let put = |path: String, token: &str| {
        let request = app.client.put(app.url(&path)).bearer_auth(token).send();
        async move { crate::helpers::status_and_json(request.await.unwrap()).await }
    };
    let error = |message: &str| json!({ "success": false, "message": message });
    let sop = json!({ "sop": "I would love to join your team and help build things." });

    assert_eq!(put(format!("/api/v1/jobs/closeJob/{job}"), &other).await, (404, error("Job not found")));
    assert_eq!(
        put(format!("/api/v1/jobs/closeJob/{job}"), &applicant).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    assert_eq!(put("/api/v1/jobs/closeJob/no-such-job".into(), &owner).await, (404, error("Job not found")));
    assert_eq!(put(format!("/api/v1/jobs/reopenJob/{job}"), &owner).await, (409, error("This job is not closed")));

    let (status, closed) = put(format!("/api/v1/jobs/closeJob/{job}"), &owner).await;
    assert_eq!((status, closed["message"].as_str()), (200, Some("Job closed")));
    let closed_at = closed["data"]["closedAt"].as_str().unwrap().to_string();
    assert!(closed_at.ends_with('Z'));
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.1["data"]["closedAt"], closed_at.as_str());
    assert_eq!(put(format!("/api/v1/jobs/closeJob/{job}"), &owner).await, (409, error("This job is already closed")));
    assert_eq!(
        app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &sop).await,
        (400, error("This job is closed to applications"))
    );
    assert_eq!(put(format!("/api/v1/jobs/reopenJob/{job}"), &other).await, (404, error("Job not found")));

    let (status, reopened) = put(format!("/api/v1/jobs/reopenJob/{job}"), &owner).await;
    assert_eq!((status, reopened["message"].as_str()), (200, Some("Job reopened")));
    assert_eq!(reopened["data"]["closedAt"], Value::Null);
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &sop).await.0, 201);

    // A closed job whose deadline has passed opens again only once its deadline is moved later.
    put(format!("/api/v1/jobs/closeJob/{job}"), &owner).await;
    const PAST: &str = "UPDATE jobs SET deadline = 1000 WHERE id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(PAST).bind(&job).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(
        put(format!("/api/v1/jobs/reopenJob/{job}"), &owner).await,
        (400, error("The deadline has passed; move it later before reopening the job"))
    );
    let edit = json!({ "maxApplicants": 5, "maxPositions": 1, "deadline": day(45) });
    let response =
        app.client.put(app.url(&format!("/api/v1/jobs/updateJob/{job}"))).bearer_auth(&owner).json(&edit).send();
    assert_eq!(response.await.unwrap().status(), 200);
    assert_eq!(put(format!("/api/v1/jobs/reopenJob/{job}"), &owner).await.0, 200);
}

async fn a_job_gives_a_salary_range_and_a_work_mode(app: &TestApp) {
    let (_, token) = recruiter_token(app, "ranges@example.com").await;
    let category = app.category_id("Engineering").await;
    let mut form = job_form(&category, "Remote Rust Engineer", "Acme", "Pune");
    form["salaryMax"] = json!(90000);
    form["workMode"] = json!("Remote");
    let job = post_job(app, &token, &form).await;
    assert_eq!(
        (job["salary"].clone(), job["salaryMax"].clone(), job["workMode"].clone()),
        (json!(50000), json!(90000), json!("Remote"))
    );

    let multipart = reqwest::multipart::Form::new()
        .text("title", "Hybrid Analyst")
        .text("company", "Globex")
        .text("description", "Numbers, mostly.")
        .text("maxApplicants", "5")
        .text("maxPositions", "1")
        .text("dateOfPosting", day(-30))
        .text("deadline", day(60))
        .text("skillsets", r#"["sql"]"#)
        .text("jobType", "Full-time")
        .text("salary", "40000")
        .text("salaryMax", "")
        .text("workMode", "hybrid")
        .text("categoryName", category.clone())
        .text("location", "Delhi");
    let response = app.client.post(app.url("/api/v1/jobs/createJob")).bearer_auth(&token).multipart(multipart).send();
    let (status, body) = crate::helpers::status_and_json(response.await.unwrap()).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!((body["data"]["salaryMax"].clone(), body["data"]["workMode"].clone()), (Value::Null, json!("Hybrid")));

    let error = |message: &str| json!({ "success": false, "message": message });
    for (field, value, message) in [
        ("salaryMax", json!(49999), "Maximum salary must be at least the salary"),
        ("salaryMax", json!("lots"), "Maximum salary must be a whole number of at least 0"),
        ("workMode", json!("Moon"), "Work mode must be On-site, Hybrid or Remote"),
    ] {
        let mut form = job_form(&category, "Refused", "Acme", "Pune");
        form[field] = value;
        assert_eq!(app.post_as("/api/v1/jobs/createJob", &token, &form).await, (400, error(message)), "{field}");
    }
}
