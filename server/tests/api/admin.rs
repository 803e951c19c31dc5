//! The admin console: every admin call is refused to everyone but an Admin, and every
//! admin action works, reaches every public list and search, is mailed where it says so, and is
//! written to the audit log.

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    every_admin_call_is_refused_to_everyone_but_an_admin,
    a_hidden_job_leaves_every_public_list_and_its_recruiter_is_told_why,
    a_suspended_account_cannot_log_in_and_its_jobs_are_hidden_until_it_is_reinstated,
    categories_are_renamed_hidden_and_deleted_only_while_no_job_names_them,
    the_overview_counts_accounts_open_and_hidden_jobs_and_applications_per_day,
    the_console_finds_jobs_and_accounts_by_their_text_a_page_at_a_time,
    the_audit_log_lists_every_action_newest_first_with_who_and_why,
    an_admin_renames_verifies_and_suspends_a_company_and_each_is_audited,
);

on_both_engines!(configured |config| { config.search_index = false; };
    a_hidden_job_leaves_the_database_search_too,
);

const PASSWORD: &str = "correct horse battery";

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

async fn admin(app: &TestApp, email: &str) -> String {
    jobportal::accounts::create_admin(&app.db, email, "Root", "Admin", PASSWORD).await.unwrap();
    app.log_in(email, PASSWORD).await
}

/// An account signed up through the real calls: its id and a token.
async fn account(app: &TestApp, kind: &str, email: &str) -> (String, String) {
    let user = app.sign_up(kind, email, PASSWORD).await;
    (user["_id"].as_str().unwrap().to_string(), app.log_in(email, PASSWORD).await)
}

async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    status_and_json(request.send().await.unwrap()).await
}

async fn put(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
    call(app, "PUT", path, Some(token), Some(body)).await
}

async fn search_titles(app: &TestApp, query: &str) -> Vec<String> {
    let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?{query}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_string()).collect()
}

fn sorted(mut titles: Vec<String>) -> Vec<String> {
    titles.sort();
    titles
}

async fn audit(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.get_as("/api/v1/admin/audit?limit=100", token).await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn every_admin_call_is_refused_to_everyone_but_an_admin(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (_, applicant) = account(app, "Applicant", "ann@example.com").await;
    let (recruiter_id, recruiter) = account(app, "Recruiter", "rita@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter_id, &category, "Guarded Job").await;
    let reason = json!({ "reason": "Spam" });
    let calls: Vec<(&str, String, Option<Value>, u16)> = vec![
        ("GET", "/api/v1/admin/overview".into(), None, 200),
        ("GET", "/api/v1/admin/categories".into(), None, 200),
        (
            "POST",
            "/api/v1/jobs/createCategory".into(),
            Some(json!({ "name": "Design", "description": "Make things clear." })),
            201,
        ),
        (
            "PUT",
            format!("/api/v1/admin/categories/{category}"),
            Some(json!({ "name": "Engineering", "description": "Build things." })),
            200,
        ),
        ("PUT", format!("/api/v1/admin/categories/{category}/hide"), None, 200),
        ("PUT", format!("/api/v1/admin/categories/{category}/unhide"), None, 200),
        ("DELETE", "/api/v1/admin/categories/no-such-category".into(), None, 404),
        ("GET", "/api/v1/admin/jobs".into(), None, 200),
        ("PUT", format!("/api/v1/admin/jobs/{}/hide", job.id), Some(reason.clone()), 200),
        ("PUT", format!("/api/v1/admin/jobs/{}/unhide", job.id), None, 200),
        ("GET", "/api/v1/admin/accounts".into(), None, 200),
        ("PUT", format!("/api/v1/admin/accounts/{recruiter_id}/suspend"), Some(reason.clone()), 200),
        ("PUT", format!("/api/v1/admin/accounts/{recruiter_id}/reinstate"), None, 200),
        ("GET", "/api/v1/admin/audit".into(), None, 200),
        ("GET", "/api/v1/admin/companies".into(), None, 200),
        ("PUT", "/api/v1/admin/companies/no-such-company".into(), Some(json!({ "name": "X" })), 404),
        ("PUT", "/api/v1/admin/companies/no-such-company/verify".into(), None, 404),
        ("PUT", "/api/v1/admin/companies/no-such-company/unverify".into(), None, 404),
        ("PUT", "/api/v1/admin/companies/no-such-company/suspend".into(), Some(reason.clone()), 404),
        ("PUT", "/api/v1/admin/companies/no-such-company/reinstate".into(), None, 404),
    ];
    let refusals = [
        (None, 401, "Token is missing"),
        (Some(applicant.as_str()), 403, "This is a protected route for Admins only"),
        (Some(recruiter.as_str()), 403, "This is a protected route for Admins only"),
    ];
    for (method, path, body, _) in &calls {
        for (token, status, message) in refusals {
            assert_eq!(
                call(app, method, path, token, body.clone()).await,
                (status, error(message)),
                "{method} {path} as {token:?}"
            );
        }
    }
    // Nothing the refused calls asked for was done.
    assert_eq!(audit(app, &root).await, Vec::<Value>::new());
    for (method, path, body, admin_status) in &calls {
        let (status, answer) = call(app, method, path, Some(&root), body.clone()).await;
        assert_eq!(status, *admin_status, "{method} {path} as the admin: {answer}");
    }
    let mut actions: Vec<String> =
        audit(app, &root).await.iter().map(|entry| entry["action"].as_str().unwrap().to_string()).collect();
    actions.reverse();
    assert_eq!(
        actions,
        [
            "category.create",
            "category.update",
            "category.hide",
            "category.unhide",
            "job.hide",
            "job.unhide",
            "account.suspend",
            "account.reinstate"
        ]
    );
}

async fn a_hidden_job_leaves_every_public_list_and_its_recruiter_is_told_why(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (recruiter_id, recruiter) = account(app, "Recruiter", "rita@example.com").await;
    let (_, applicant) = account(app, "Applicant", "ann@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter_id, &category, "Quantum Plumber").await;
    app.job(&recruiter_id, &category, "Honest Plumber").await;
    assert_eq!(call(app, "PUT", &format!("/api/v1/jobs/saved/{}", job.id), Some(&applicant), None).await.0, 200);
    assert_eq!(sorted(search_titles(app, "q=plumber").await), ["Honest Plumber", "Quantum Plumber"]);

    let path = format!("/api/v1/admin/jobs/{}/hide", job.id);
    assert_eq!(put(app, &root, &path, json!({})).await, (400, error("A reason is required")));
    assert_eq!(
        put(app, &root, &path, json!({ "reason": "x".repeat(501) })).await,
        (400, error("The reason may have at most 500 characters"))
    );
    assert_eq!(
        put(app, &root, "/api/v1/admin/jobs/no-such-job/hide", json!({ "reason": "Spam" })).await,
        (404, error("Job not found"))
    );
    let (status, body) = put(app, &root, &path, json!({ "reason": "  Misleading salary  " })).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Job hidden")), "{body}");
    assert_eq!(body["data"]["hiddenReason"], "Misleading salary");
    assert!(body["data"]["hiddenAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(body["data"]["recruiterEmail"], "rita@example.com");
    assert_eq!(put(app, &root, &path, json!({ "reason": "Again" })).await, (409, error("The job is already hidden")));

    // Gone from everything public: search, its page, its category, saved jobs; no applying.
    assert_eq!(search_titles(app, "q=plumber").await, ["Honest Plumber"]);
    assert_eq!(search_titles(app, "").await, ["Honest Plumber"]);
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await, (404, error("Job not found")));
    let (_, page) = app.post_json(&format!("/api/v1/jobs/categoryPageDetails/{category}"), &json!({})).await;
    let titles: Vec<&str> =
        page["selectedCategory"]["jobs"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Honest Plumber"]);
    let (_, saved) = app.get_as("/api/v1/jobs/saved", &applicant).await;
    assert_eq!(saved["data"], json!([]));
    let apply = app.post_as(&format!("/api/v1/jobs/apply/{}", job.id), &applicant, &json!({ "sop": "Hire me" })).await;
    assert_eq!(apply, (404, error("Job not found")));
    // Its owner still has it, with the reason.
    let (_, mine) = app.get_as("/api/v1/jobs/getAllJobs", &recruiter).await;
    let mine = mine["data"].as_array().unwrap();
    assert_eq!(
        (mine[1]["title"].as_str(), mine[1]["hiddenReason"].as_str()),
        (Some("Quantum Plumber"), Some("Misleading salary"))
    );
    assert!(mine[0].get("hiddenReason").is_none(), "a listed job has no reason: {}", mine[0]);
    let mail = app.mail("rita@example.com", "was hidden").await;
    assert!(mail.contains("Subject: Your job Quantum Plumber was hidden"), "{mail}");
    assert!(mail.contains("The reason given: Misleading salary"), "{mail}");

    let unhide = format!("/api/v1/admin/jobs/{}/unhide", job.id);
    let (status, body) = put(app, &root, &unhide, json!({})).await;
    assert_eq!((status, body["message"].as_str(), &body["data"]["hiddenAt"]), (200, Some("Job shown"), &Value::Null));
    assert_eq!(put(app, &root, &unhide, json!({})).await, (409, error("The job is not hidden")));
    assert_eq!(sorted(search_titles(app, "q=plumber").await), ["Honest Plumber", "Quantum Plumber"]);
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await.0, 200);
    app.mail("rita@example.com", "is listed again").await;
}

async fn a_hidden_job_leaves_the_database_search_too(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (recruiter_id, _) = account(app, "Recruiter", "rita@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter_id, &category, "Quantum Plumber").await;
    app.job(&recruiter_id, &category, "Honest Plumber").await;
    let (status, _) =
        put(app, &root, &format!("/api/v1/admin/jobs/{}/hide", job.id), json!({ "reason": "Spam" })).await;
    assert_eq!(status, 200);
    assert_eq!(search_titles(app, "q=plumber").await, ["Honest Plumber"]);
    let (_, body) = app.get("/api/v1/jobs/alljobs?q=plumber").await;
    assert_eq!(body["total"], 1, "the count leaves it out too");
    assert_eq!(search_titles(app, &format!("category={category}")).await, ["Honest Plumber"]);
}

async fn a_suspended_account_cannot_log_in_and_its_jobs_are_hidden_until_it_is_reinstated(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (recruiter_id, recruiter) = account(app, "Recruiter", "rita@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&recruiter_id, &category, "Suspended Plumber").await;
    let moderated = app.job(&recruiter_id, &category, "Moderated Plumber").await;
    put(app, &root, &format!("/api/v1/admin/jobs/{}/hide", moderated.id), json!({ "reason": "Spam" })).await;
    assert_eq!(search_titles(app, "q=plumber").await, ["Suspended Plumber"]);

    let path = format!("/api/v1/admin/accounts/{recruiter_id}/suspend");
    assert_eq!(put(app, &root, &path, json!({ "reason": " " })).await, (400, error("A reason is required")));
    let (status, body) = put(app, &root, &path, json!({ "reason": "Fake company" })).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Account suspended")), "{body}");
    assert_eq!(body["data"]["suspensionReason"], "Fake company");
    assert_eq!(body["data"]["email"], "rita@example.com");
    assert_eq!(
        put(app, &root, &path, json!({ "reason": "Again" })).await,
        (409, error("The account is already suspended"))
    );

    // Its session ended, and its holder is told why; a login is refused, but only to whoever knows
    // the password.
    assert_eq!(
        app.get_as("/api/v1/auth/userDetails", &recruiter).await,
        (401, error("This account has been suspended"))
    );
    let login = async |password: &str| {
        app.post_json("/api/v1/auth/login", &json!({ "email": "rita@example.com", "password": password })).await
    };
    assert_eq!(login(PASSWORD).await, (403, error("This account has been suspended")));
    assert_eq!(login("wrong password!").await.0, 401);
    assert_eq!(search_titles(app, "q=plumber").await, Vec::<String>::new());
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await.0, 404);
    // A job on its way when the suspension lands is refused by the insert itself.
    let late = crate::helpers::new_job(&recruiter_id, &category, "Late Plumber");
    let late = jobportal::jobs::repo::insert(&app.db, &late).await.unwrap();
    assert!(matches!(late, jobportal::jobs::repo::Posted::Suspended));
    let mail = app.mail("rita@example.com", "account was suspended").await;
    assert!(mail.contains("The reason given: Fake company"), "{mail}");

    // An admin cannot be suspended, by another admin or themself.
    let (_, accounts) = app.get_as("/api/v1/admin/accounts?email=root@", &root).await;
    let root_id = accounts["data"][0]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        put(app, &root, &format!("/api/v1/admin/accounts/{root_id}/suspend"), json!({ "reason": "Test" })).await,
        (409, error("An admin account cannot be suspended"))
    );
    assert_eq!(
        put(app, &root, "/api/v1/admin/accounts/nobody/suspend", json!({ "reason": "Test" })).await,
        (404, error("Account not found"))
    );

    let reinstate = format!("/api/v1/admin/accounts/{recruiter_id}/reinstate");
    let (status, body) = put(app, &root, &reinstate, json!({})).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Account reinstated")), "{body}");
    assert_eq!((&body["data"]["suspendedAt"], &body["data"]["suspensionReason"]), (&Value::Null, &Value::Null));
    assert_eq!(put(app, &root, &reinstate, json!({})).await, (409, error("The account is not suspended")));
    assert_eq!(login(PASSWORD).await.0, 200);
    // Its jobs are back, but for the one an admin hid on its own.
    assert_eq!(search_titles(app, "q=plumber").await, ["Suspended Plumber"]);
    app.mail("rita@example.com", "account was reinstated").await;
}

async fn categories_are_renamed_hidden_and_deleted_only_while_no_job_names_them(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (recruiter_id, recruiter) = account(app, "Recruiter", "rita@example.com").await;
    let (status, body) = app
        .post_as("/api/v1/jobs/createCategory", &root, &json!({ "name": "Design", "description": "Make it clear." }))
        .await;
    assert_eq!(status, 201, "{body}");
    let design = body["data"]["_id"].as_str().unwrap().to_string();
    let path = format!("/api/v1/admin/categories/{design}");
    assert_eq!(
        put(app, &root, &path, json!({ "name": "", "description": "x" })).await,
        (400, error("Category name is required"))
    );
    assert_eq!(
        put(app, &root, &path, json!({ "name": "finance", "description": "x" })).await,
        (409, error("Category already exists"))
    );
    assert_eq!(
        put(app, &root, "/api/v1/admin/categories/nothing", json!({ "name": "A", "description": "B" })).await,
        (404, error("Category not found"))
    );
    assert_eq!(
        put(app, &root, &path, json!({ "name": " Product Design ", "description": "Shape products." })).await,
        (
            200,
            json!({ "success": true, "message": "Category updated", "data": {
                "_id": design, "name": "Product Design", "description": "Shape products.", "hidden": false, "jobsCount": 0
            }})
        )
    );

    // Hidden: off the list, its page gone, no new jobs; its jobs stay listed.
    let job = app.job(&recruiter_id, &design, "Type Designer").await;
    let (status, body) = put(app, &root, &format!("{path}/hide"), json!({})).await;
    assert_eq!((status, &body["data"]["hidden"], &body["data"]["jobsCount"]), (200, &json!(true), &json!(1)), "{body}");
    assert_eq!(
        put(app, &root, &format!("{path}/hide"), json!({})).await,
        (409, error("The category is already hidden"))
    );
    let (_, list) = app.get("/api/v1/jobs/showAllCategories").await;
    assert!(!list["categories"].as_array().unwrap().iter().any(|c| c["_id"] == design.as_str()), "{list}");
    assert_eq!(
        app.post_json(&format!("/api/v1/jobs/categoryPageDetails/{design}"), &json!({})).await,
        (404, error("Category not found"))
    );
    let form = json!({
        "title": "Illustrator", "company": "Acme", "description": "Draw.", "maxApplicants": 5, "maxPositions": 1,
        "dateOfPosting": day(-30), "deadline": day(30), "skillsets": ["drawing"], "jobType": "Full-time",
        "salary": 50000, "categoryName": design, "location": "Pune",
    });
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &form).await, (400, error("Category does not exist")));
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await.0, 200);
    let (_, admin_list) = app.get_as("/api/v1/admin/categories", &root).await;
    let listed = admin_list["categories"].as_array().unwrap();
    assert_eq!(listed.len(), 12, "the eleven seeded and Design, hidden ones too");
    assert_eq!(listed[11]["hidden"], true);

    let (status, body) = put(app, &root, &format!("{path}/unhide"), json!({})).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Category shown")));
    assert_eq!(put(app, &root, &format!("{path}/unhide"), json!({})).await, (409, error("The category is not hidden")));
    assert_eq!(app.post_as("/api/v1/jobs/createJob", &recruiter, &form).await.0, 201);

    // A category with jobs (deleted ones too) cannot be deleted; an empty one can, once.
    app.delete_job_directly(&job.id).await;
    let refused = call(app, "DELETE", &path, Some(&root), None).await;
    assert_eq!(refused, (409, error("A category with jobs cannot be deleted; hide it instead")));
    let (_, body) = app
        .post_as("/api/v1/jobs/createCategory", &root, &json!({ "name": "Empty", "description": "Nothing yet." }))
        .await;
    let empty = format!("/api/v1/admin/categories/{}", body["data"]["_id"].as_str().unwrap());
    assert_eq!(
        call(app, "DELETE", &empty, Some(&root), None).await,
        (200, json!({ "success": true, "message": "Category deleted" }))
    );
    assert_eq!(call(app, "DELETE", &empty, Some(&root), None).await, (404, error("Category not found")));
}

async fn the_overview_counts_accounts_open_and_hidden_jobs_and_applications_per_day(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (recruiter_id, _) = account(app, "Recruiter", "rita@example.com").await;
    let (_, ann) = account(app, "Applicant", "ann@example.com").await;
    let (ben_id, ben) = account(app, "Applicant", "ben@example.com").await;
    let category = app.category_id("Engineering").await;
    let open = app.job(&recruiter_id, &category, "Open One").await;
    let hidden = app.job(&recruiter_id, &category, "Hidden One").await;
    app.job(&recruiter_id, &category, "Open Two").await;
    for token in [&ann, &ben] {
        let (status, _) = app.post_as(&format!("/api/v1/jobs/apply/{}", open.id), token, &json!({ "sop": "Me" })).await;
        assert_eq!(status, 201);
    }
    put(app, &root, &format!("/api/v1/admin/jobs/{}/hide", hidden.id), json!({ "reason": "Spam" })).await;
    put(app, &root, &format!("/api/v1/admin/accounts/{ben_id}/suspend"), json!({ "reason": "Spam" })).await;

    let (status, body) = app.get_as("/api/v1/admin/overview", &root).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Overview fetched successfully")));
    let data = &body["data"];
    assert_eq!(data["accounts"], json!({ "applicants": 2, "recruiters": 1, "admins": 1, "suspended": 1 }));
    assert_eq!((&data["openJobs"], &data["hiddenJobs"], &data["applicationsTotal"]), (&json!(2), &json!(1), &json!(2)));
    let days = data["applicationsPerDay"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let today = jobportal::jobs::model::rfc3339_from_millis(jobportal::db::now_millis())[..10].to_string();
    assert_eq!(days[29], json!({ "day": today, "count": 2 }));
    assert_eq!(days.iter().map(|day| day["count"].as_i64().unwrap()).sum::<i64>(), 2);
}

async fn the_console_finds_jobs_and_accounts_by_their_text_a_page_at_a_time(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (rita, _) = account(app, "Recruiter", "rita@example.com").await;
    let (raj, _) = account(app, "Recruiter", "raj@hiring.example").await;
    let category = app.category_id("Engineering").await;
    let first = app.job(&rita, &category, "Rust Engineer").await;
    app.job(&rita, &category, "Go Engineer").await;
    let third = app.job(&raj, &category, "100% Remote Tester").await;
    let deleted = app.job(&raj, &category, "Deleted Engineer").await;
    app.delete_job_directly(&deleted.id).await;
    put(app, &root, &format!("/api/v1/admin/jobs/{}/hide", first.id), json!({ "reason": "Spam" })).await;

    let titles = |body: &Value| -> Vec<String> {
        body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_string()).collect()
    };
    let (status, body) = app.get_as("/api/v1/admin/jobs", &root).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Jobs fetched successfully")));
    assert_eq!(titles(&body), ["100% Remote Tester", "Go Engineer", "Rust Engineer"], "deleted jobs are not listed");
    assert_eq!((&body["total"], &body["page"], &body["limit"]), (&json!(3), &json!(1), &json!(20)));
    let (_, body) = app.get_as("/api/v1/admin/jobs?q=ENGINEER", &root).await;
    assert_eq!(titles(&body), ["Go Engineer", "Rust Engineer"]);
    let (_, body) = app.get_as("/api/v1/admin/jobs?q=hiring.example", &root).await;
    assert_eq!(titles(&body), ["100% Remote Tester"], "by the recruiter's e-mail");
    let (_, body) = app.get_as("/api/v1/admin/jobs?q=0%25", &root).await;
    assert_eq!(titles(&body), ["100% Remote Tester"], "a % is a %, not a wildcard");
    let (_, body) = app.get_as(&format!("/api/v1/admin/jobs?q={}", third.id), &root).await;
    assert_eq!(titles(&body), ["100% Remote Tester"], "by its id");
    let (_, body) = app.get_as("/api/v1/admin/jobs?hidden=true", &root).await;
    assert_eq!((titles(&body), &body["data"][0]["hiddenReason"]), (vec!["Rust Engineer".to_string()], &json!("Spam")));
    let (_, body) = app.get_as("/api/v1/admin/jobs?limit=2&page=2", &root).await;
    assert_eq!((titles(&body), &body["total"]), (vec!["Rust Engineer".to_string()], &json!(3)));
    assert_eq!(
        app.get_as("/api/v1/admin/jobs?hidden=maybe", &root).await,
        (400, error("hidden must be true or false"))
    );
    assert_eq!(
        app.get_as("/api/v1/admin/jobs?limit=101", &root).await,
        (400, error("limit must be a whole number from 1 to 100"))
    );
    assert_eq!(
        app.get_as("/api/v1/admin/jobs?page=0", &root).await,
        (400, error("page must be a whole number from 1 to 10000"))
    );
    assert_eq!(
        app.get_as(&format!("/api/v1/admin/jobs?q={}", "a".repeat(201)), &root).await,
        (400, error("q may have at most 200 characters"))
    );

    let emails = |body: &Value| -> Vec<String> {
        body["data"].as_array().unwrap().iter().map(|account| account["email"].as_str().unwrap().to_string()).collect()
    };
    let (status, body) = app.get_as("/api/v1/admin/accounts", &root).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Accounts fetched successfully")));
    assert_eq!(emails(&body), ["raj@hiring.example", "rita@example.com", "root@example.com"], "newest first");
    let (_, body) = app.get_as("/api/v1/admin/accounts?email=RITA", &root).await;
    assert_eq!(emails(&body), ["rita@example.com"]);
    let account = &body["data"][0];
    assert_eq!(
        (&account["firstName"], &account["accountType"], &account["suspendedAt"]),
        (&json!("Ada"), &json!("Recruiter"), &Value::Null)
    );
    let (_, body) = app.get_as("/api/v1/admin/accounts?email=example&limit=1&page=2", &root).await;
    assert_eq!((emails(&body), &body["total"]), (vec!["rita@example.com".to_string()], &json!(3)));
    let (_, body) = app.get_as("/api/v1/admin/accounts?email=_", &root).await;
    assert_eq!(emails(&body), Vec::<String>::new(), "an _ is an _, not a wildcard");
}

async fn the_audit_log_lists_every_action_newest_first_with_who_and_why(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (rita, _) = account(app, "Recruiter", "rita@example.com").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&rita, &category, "Audited Job").await;
    put(app, &root, &format!("/api/v1/admin/jobs/{}/hide", job.id), json!({ "reason": "Duplicate posting" })).await;
    put(app, &root, &format!("/api/v1/admin/accounts/{rita}/suspend"), json!({ "reason": "Fake company" })).await;
    put(app, &root, &format!("/api/v1/admin/categories/{category}/hide"), json!({})).await;

    let (status, body) = app.get_as("/api/v1/admin/audit?limit=2", &root).await;
    assert_eq!(
        (status, body["message"].as_str(), &body["total"]),
        (200, Some("Audit log fetched successfully"), &json!(3))
    );
    let entries = body["data"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    let shown: Vec<(&str, &str, &str, &Value)> = entries
        .iter()
        .map(|entry| {
            (
                entry["action"].as_str().unwrap(),
                entry["targetType"].as_str().unwrap(),
                entry["targetLabel"].as_str().unwrap(),
                &entry["reason"],
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("category.hide", "category", "Engineering", &Value::Null),
            ("account.suspend", "account", "rita@example.com", &json!("Fake company")),
        ]
    );
    assert_eq!(entries[1]["targetId"], rita.as_str());
    assert_eq!(entries[1]["adminEmail"], "root@example.com");
    assert!(entries[1]["at"].as_str().unwrap().ends_with('Z'));
    let (_, body) = app.get_as("/api/v1/admin/audit?limit=2&page=2", &root).await;
    assert_eq!(body["data"][0]["action"], "job.hide");
    assert_eq!(body["data"][0]["reason"], "Duplicate posting");
    assert_eq!(body["data"][0]["targetLabel"], "Audited Job");
}

async fn an_admin_renames_verifies_and_suspends_a_company_and_each_is_audited(app: &TestApp) {
    let root = admin(app, "root@example.com").await;
    let (_, recruiter) = account(app, "Recruiter", "rita@acme.example").await;
    let job = app.post_job_as(&recruiter, "Acme Welder", 1, &day(20)).await;
    let (_, mine) = app.get_as("/api/v1/company", &recruiter).await;
    let id = mine["company"]["_id"].as_str().unwrap().to_string();

    let (status, found) = app.get_as("/api/v1/admin/companies?name=LOVE", &root).await;
    assert_eq!((status, found["total"].as_i64()), (200, Some(1)), "{found}");
    let listed = &found["data"][0];
    assert_eq!(
        (listed["name"].as_str(), listed["members"].as_i64(), listed["jobs"].as_i64(), listed["verified"].as_bool()),
        (Some("Ada Lovelace"), Some(1), Some(1), Some(false))
    );
    assert_eq!(app.get_as("/api/v1/admin/companies?name=nobody", &root).await.1["total"], 0);

    let company = format!("/api/v1/admin/companies/{id}");
    let (status, renamed) = app.put_as(&company, &root, &json!({ "name": " Acme Welding " })).await;
    assert_eq!(
        (status, renamed["message"].as_str(), renamed["data"]["name"].as_str()),
        (200, Some("Company renamed"), Some("Acme Welding"))
    );
    assert_eq!(app.put_as(&company, &root, &json!({ "name": "" })).await, (400, error("Company name is required")));
    assert_eq!(
        app.put_as(&company, &root, &json!({ "name": "Acme Welding" })).await,
        (409, error("The company already has this name"))
    );
    let (_, public) = app.get("/api/v1/companies/ada-lovelace").await;
    assert_eq!(
        (public["company"]["name"].as_str(), public["company"]["verified"].as_bool()),
        (Some("Acme Welding"), Some(false))
    );

    assert_eq!(app.put_as(&format!("{company}/verify"), &root, &json!({})).await.1["message"], "Company verified");
    assert_eq!(
        app.put_as(&format!("{company}/verify"), &root, &json!({})).await,
        (409, error("The company is already verified"))
    );
    assert_eq!(app.get("/api/v1/companies/ada-lovelace").await.1["company"]["verified"], true);

    // Suspended: its page and its jobs are gone from public view, and it posts nothing.
    assert_eq!(
        app.put_as(&format!("{company}/suspend"), &root, &json!({})).await,
        (400, error("A reason is required"))
    );
    let (status, suspended) =
        app.put_as(&format!("{company}/suspend"), &root, &json!({ "reason": "Fake listings" })).await;
    assert_eq!((status, suspended["data"]["suspended"].as_bool()), (200, Some(true)));
    let told = app.mail("rita@acme.example", "Acme Welding was suspended on jobportal").await;
    assert!(told.contains("The reason given: Fake listings"), "its owners are told why: {told}");
    assert_eq!(app.get("/api/v1/companies/ada-lovelace").await, (404, error("Company not found")));
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.0, 404);
    let (_, search) = app.get("/api/v1/jobs/alljobs?company=ada-lovelace").await;
    assert_eq!(search["data"], json!([]));
    let form = json!({
        "title": "Another", "company": "Acme", "description": "A job.", "maxApplicants": 5, "maxPositions": 1,
        "dateOfPosting": day(-1), "deadline": day(20), "skillsets": ["x"], "jobType": "Full-time", "salary": 1000,
        "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    assert_eq!(
        app.post_as("/api/v1/jobs/createJob", &recruiter, &form).await,
        (403, error("Your company has been suspended: it cannot post jobs"))
    );

    let (status, reinstated) = app.put_as(&format!("{company}/reinstate"), &root, &json!({})).await;
    assert_eq!((status, reinstated["message"].as_str()), (200, Some("Company reinstated")));
    app.mail("rita@acme.example", "Acme Welding was reinstated on jobportal").await;
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.0, 200, "its jobs are listed again");
    assert_eq!(
        app.put_as(&format!("{company}/reinstate"), &root, &json!({})).await,
        (409, error("The company is not suspended"))
    );
    assert_eq!(
        app.put_as(&format!("{company}/unverify"), &root, &json!({})).await.1["message"],
        "Company no longer verified"
    );

    let (_, audit) = app.get_as("/api/v1/admin/audit", &root).await;
    let actions: Vec<(&str, &str, &str)> = audit["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["action"].as_str().unwrap(),
                entry["targetType"].as_str().unwrap(),
                entry["targetLabel"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        actions,
        [
            ("company.unverify", "company", "Acme Welding"),
            ("company.reinstate", "company", "Acme Welding"),
            ("company.suspend", "company", "Acme Welding"),
            ("company.verify", "company", "Acme Welding"),
            ("company.rename", "company", "Acme Welding"),
        ]
    );
    assert_eq!(audit["data"][2]["reason"], "Fake listings");
}
